//! [`CodePoint`]: U+0000..=U+10FFFF, surrogates included.

use core::fmt;

/// A Unicode code point: any value from U+0000 to U+10FFFF, including the surrogate
/// code points U+D800..=U+DFFF that `char` excludes.
///
/// Ordered by value. `Debug` prints `U+XXXX`.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CodePoint {
    value: u32,
}

impl fmt::Debug for CodePoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "U+{:04X}", self.value)
    }
}

impl From<char> for CodePoint {
    fn from(c: char) -> Self {
        CodePoint::from_char(c)
    }
}

impl CodePoint {
    /// The code point of `value`, if it is at most 0x10FFFF.
    #[inline]
    pub const fn from_u32(value: u32) -> Option<CodePoint> {
        if value <= 0x10FFFF {
            Some(CodePoint { value })
        } else {
            None
        }
    }

    /// The code point of a `char`.
    #[inline]
    pub const fn from_char(c: char) -> CodePoint {
        CodePoint { value: c as u32 }
    }

    /// The code point of a 16-bit code unit (surrogates included).
    #[inline]
    pub const fn from_u16(unit: u16) -> CodePoint {
        CodePoint { value: unit as u32 }
    }

    /// The numeric value.
    #[inline]
    pub const fn to_u32(self) -> u32 {
        self.value
    }

    /// The `char`, unless this is a surrogate.
    #[inline]
    pub const fn to_char(self) -> Option<char> {
        char::from_u32(self.value)
    }

    /// The `char`, with a surrogate replaced by U+FFFD.
    #[inline]
    pub const fn to_char_lossy(self) -> char {
        match char::from_u32(self.value) {
            Some(c) => c,
            None => '\u{FFFD}',
        }
    }

    /// Whether this is a surrogate code point (U+D800..=U+DFFF).
    #[inline]
    pub const fn is_surrogate(self) -> bool {
        self.value & 0x1F_F800 == 0xD800
    }

    /// The value, if this is a lead (high) surrogate.
    #[inline]
    pub const fn to_lead_surrogate(self) -> Option<u16> {
        if self.value & 0x1F_FC00 == 0xD800 {
            Some(self.value as u16)
        } else {
            None
        }
    }

    /// The value, if this is a trail (low) surrogate.
    #[inline]
    pub const fn to_trail_surrogate(self) -> Option<u16> {
        if self.value & 0x1F_FC00 == 0xDC00 {
            Some(self.value as u16)
        } else {
            None
        }
    }

    /// Bytes this code point takes in WTF-8 (1..=4).
    #[inline]
    pub const fn len_wtf8(self) -> usize {
        match self.value {
            0..=0x7F => 1,
            0x80..=0x7FF => 2,
            0x800..=0xFFFF => 3,
            _ => 4,
        }
    }

    /// Code units this code point takes in UTF-16 (1 or 2).
    #[inline]
    pub const fn len_utf16(self) -> usize {
        if self.value > 0xFFFF {
            2
        } else {
            1
        }
    }

    /// Writes the code point's generalized UTF-8 bytes to the start of `dst` and
    /// returns how many; `None` (nothing written) if `dst` is too short.
    ///
    /// Note that pushing a trail surrogate's bytes directly after a lead surrogate's
    /// makes ill-formed WTF-8; [`crate::wtf8::Wtf8Buf::push_code_point`] joins them.
    #[inline]
    pub fn encode_wtf8(self, dst: &mut [u8]) -> Option<usize> {
        let n = self.len_wtf8();
        let dst = dst.get_mut(..n)?;
        super::scan::write_code_point(self.value, dst);
        Some(n)
    }
}
