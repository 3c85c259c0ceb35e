//! [`Wtf8`]: a borrowed, well-formed WTF-8 string, and its iterators.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::iter::FusedIterator;

use super::convert::{to_utf8_lossy, utf16_len, wtf8_to_utf16};
use super::scan::{is_boundary, next_surrogate, surrogate_at};
use super::{CodePoint, SurrogateError, Wtf8Error};
use crate::simd;

/// A borrowed string of well-formed WTF-8: like `&str`, but it may also hold
/// surrogate code points that are not in a pair.
///
/// The bytes are always well-formed WTF-8 (checked by every constructor). Equality,
/// ordering and hashing are those of the bytes, which for well-formed WTF-8 is the
/// order of the code points (like `str`, and unlike UTF-16 code unit order: U+FFFF
/// sorts before U+10000). It is `Copy`: pass it by value, as `&str` is.
///
/// `Debug` prints the string quoted, a surrogate as `\u{D800}`; `Display` prints it
/// with each surrogate replaced by U+FFFD.
#[derive(Copy, Clone, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Wtf8<'a> {
    bytes: &'a [u8],
}

impl<'a> Wtf8<'a> {
    /// The WTF-8 view of UTF-8 text (which is always well-formed WTF-8).
    #[allow(clippy::should_implement_trait)]
    #[inline]
    pub const fn from_str(s: &'a str) -> Wtf8<'a> {
        Wtf8 {
            bytes: s.as_bytes(),
        }
    }

    /// Checks that `bytes` are well-formed WTF-8 (see [`super::wtf8_valid_up_to`]).
    #[inline]
    pub fn from_bytes(bytes: &'a [u8]) -> Result<Wtf8<'a>, Wtf8Error> {
        let valid_up_to = super::wtf8_valid_up_to(bytes);
        if valid_up_to == bytes.len() {
            Ok(Wtf8 { bytes })
        } else {
            Err(Wtf8Error { valid_up_to })
        }
    }

    /// For the crate: wraps bytes known to be well-formed WTF-8.
    #[inline]
    pub(crate) fn from_checked(bytes: &'a [u8]) -> Wtf8<'a> {
        debug_assert_eq!(super::wtf8_valid_up_to(bytes), bytes.len());
        Wtf8 { bytes }
    }

    /// The WTF-8 bytes.
    #[inline]
    pub const fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// Length in bytes.
    #[inline]
    pub const fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Whether the string is empty.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Whether byte offset `index` is at a code point boundary (0 and [`len`](Self::len)
    /// included). The middle of a four-byte sequence (a surrogate pair in UTF-16) is
    /// not one.
    #[inline]
    pub fn is_code_point_boundary(&self, index: usize) -> bool {
        is_boundary(self.bytes, index)
    }

    /// The part from byte `begin` to byte `end`, or `None` if either is not a code
    /// point boundary (this never splits a four-byte sequence, so never a surrogate
    /// pair) or `begin > end`.
    #[inline]
    pub fn slice(&self, begin: usize, end: usize) -> Option<Wtf8<'a>> {
        if begin <= end && is_boundary(self.bytes, begin) && is_boundary(self.bytes, end) {
            Some(Wtf8::from_checked(&self.bytes[begin..end]))
        } else {
            None
        }
    }

    /// The part from byte `begin` to the end (see [`slice`](Self::slice)).
    #[inline]
    pub fn slice_from(&self, begin: usize) -> Option<Wtf8<'a>> {
        self.slice(begin, self.len())
    }

    /// The part from the start to byte `end` (see [`slice`](Self::slice)).
    #[inline]
    pub fn slice_to(&self, end: usize) -> Option<Wtf8<'a>> {
        self.slice(0, end)
    }

    /// The byte at `position` if it is ASCII, else 0xFF (also past the end).
    #[inline]
    pub fn ascii_byte_at(&self, position: usize) -> u8 {
        match self.bytes.get(position) {
            Some(&b) if b < 0x80 => b,
            _ => 0xFF,
        }
    }

    /// The code points (the spec's "decode from well-formed WTF-8 to code points").
    #[inline]
    pub fn code_points(&self) -> CodePoints<'a> {
        CodePoints { bytes: self.bytes }
    }

    /// The potentially ill-formed UTF-16 code units (the spec's "convert from WTF-8
    /// to potentially ill-formed UTF-16"), lossless.
    #[inline]
    pub fn to_ill_formed_utf16(&self) -> EncodeIllFormedUtf16<'a> {
        EncodeIllFormedUtf16 {
            code_points: self.code_points(),
            trail: None,
        }
    }

    /// Exactly how many code units [`to_ill_formed_utf16`](Self::to_ill_formed_utf16)
    /// gives.
    #[inline]
    pub fn utf16_len(&self) -> usize {
        utf16_len(self.bytes)
    }

    /// Converts to potentially ill-formed UTF-16 while it fits in `dst` (in vectors,
    /// at the speed of UTF-8 to UTF-16). Stops before a code point that does not fit.
    /// Returns (bytes read, code units written); with `dst` of at least
    /// [`utf16_len`](Self::utf16_len) (or [`len`](Self::len)) units, all is read.
    #[inline]
    pub fn to_ill_formed_utf16_into(&self, dst: &mut [u16]) -> (usize, usize) {
        let (r, w, _) = wtf8_to_utf16(self.bytes, dst, false);
        (r, w)
    }

    /// The string as `&str` if it is UTF-8 (has no surrogate).
    #[inline]
    pub fn as_str(&self) -> Option<&'a str> {
        self.to_utf8().ok()
    }

    /// The spec's "convert strictly from WTF-8 to UTF-8": the string as `&str`, or an
    /// error with the offset of the first surrogate.
    #[inline]
    pub fn to_utf8(&self) -> Result<&'a str, SurrogateError> {
        let text = crate::handles::string::utf8_prefix(self.bytes);
        let valid = text.len();
        if valid == self.bytes.len() {
            return Ok(text);
        }
        Err(SurrogateError {
            offset: valid,
            surrogate: surrogate_at(&self.bytes[valid..]).unwrap_or(0),
        })
    }

    /// Whether the string is well-formed UTF-8 (has no surrogate code point).
    #[inline]
    pub fn is_well_formed(&self) -> bool {
        simd::utf8_valid_up_to(self.bytes) == self.bytes.len()
    }

    /// The spec's "convert lossily from WTF-8 to UTF-8" into `dst`: copies whole code
    /// points while they fit, each surrogate replaced by U+FFFD (also three bytes, so
    /// the length does not change). Returns the bytes written (all of them if `dst` is
    /// at least [`len`](Self::len) long); `dst[..written]` is valid UTF-8.
    #[inline]
    pub fn to_utf8_lossy_into(&self, dst: &mut [u8]) -> usize {
        to_utf8_lossy(self.bytes, dst)
    }

    /// The string as UTF-8, each surrogate replaced by U+FFFD; borrowed if there is
    /// none.
    #[cfg(feature = "alloc")]
    pub fn to_string_lossy(&self) -> alloc::borrow::Cow<'a, str> {
        use alloc::borrow::Cow;
        match self.to_utf8() {
            Ok(s) => Cow::Borrowed(s),
            Err(e) => {
                let mut bytes = self.bytes.to_vec();
                super::convert::replace_surrogates(&mut bytes[e.offset()..]);
                match alloc::string::String::from_utf8(bytes) {
                    Ok(s) => Cow::Owned(s),
                    // Not reached: the bytes are UTF-8 now.
                    Err(e) => Cow::Owned(
                        alloc::string::String::from_utf8_lossy(e.as_bytes()).into_owned(),
                    ),
                }
            }
        }
    }

    /// An owned copy.
    #[cfg(feature = "alloc")]
    pub fn to_wtf8_buf(&self) -> super::Wtf8Buf {
        super::Wtf8Buf::from_wtf8(*self)
    }

    /// The lead surrogate the string ends with, if it does.
    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) fn final_lead_surrogate(&self) -> Option<u16> {
        let start = self.bytes.len().checked_sub(3)?;
        surrogate_at(&self.bytes[start..]).filter(|&u| super::scan::is_lead(u))
    }

    /// The trail surrogate the string starts with, if it does.
    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) fn initial_trail_surrogate(&self) -> Option<u16> {
        surrogate_at(self.bytes).filter(|&u| super::scan::is_trail(u))
    }

    /// Writes the string to `f` in runs of UTF-8 between surrogates, each surrogate
    /// by `surrogate`.
    fn write_runs(
        &self,
        f: &mut fmt::Formatter<'_>,
        mut run: impl FnMut(&mut fmt::Formatter<'_>, &str) -> fmt::Result,
        mut surrogate: impl FnMut(&mut fmt::Formatter<'_>, u16) -> fmt::Result,
    ) -> fmt::Result {
        let mut i = 0;
        loop {
            let (end, s) = match next_surrogate(self.bytes, i) {
                Some((at, u)) => (at, Some(u)),
                None => (self.bytes.len(), None),
            };
            let text = &self.bytes[i..end];
            // Well-formed WTF-8 without a surrogate is UTF-8: the prefix is all of it.
            run(f, crate::handles::string::utf8_prefix(text))?;
            match s {
                Some(u) => surrogate(f, u)?,
                None => return Ok(()),
            }
            i = end + 3;
        }
    }
}

impl<'a> From<&'a str> for Wtf8<'a> {
    fn from(s: &'a str) -> Self {
        Wtf8::from_str(s)
    }
}

impl Hash for Wtf8<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write(self.bytes);
        // As `str` does: no string is a prefix of another's hash input.
        state.write_u8(0xFF);
    }
}

impl fmt::Debug for Wtf8<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"")?;
        self.write_runs(
            f,
            |f, s| {
                for c in s.chars() {
                    if c == '\'' {
                        f.write_str("'")?;
                    } else {
                        fmt::Display::fmt(&c.escape_debug(), f)?;
                    }
                }
                Ok(())
            },
            |f, u| write!(f, "\\u{{{u:X}}}"),
        )?;
        f.write_str("\"")
    }
}

impl fmt::Display for Wtf8<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_runs(f, |f, s| f.write_str(s), |f, _| f.write_str("\u{FFFD}"))
    }
}

/// Iterator over the code points of a [`Wtf8`], from [`Wtf8::code_points`].
#[derive(Clone, Debug)]
pub struct CodePoints<'a> {
    bytes: &'a [u8],
}

impl Iterator for CodePoints<'_> {
    type Item = CodePoint;

    #[inline]
    fn next(&mut self) -> Option<CodePoint> {
        // The spec's decode; the bytes are well-formed, so a sequence is complete
        // (a missing byte would read as 0x80 and not be reached).
        let (&b, rest) = self.bytes.split_first()?;
        let t = |i: usize| u32::from(rest.get(i).copied().unwrap_or(0x80) & 0x3F);
        let (c, len) = match b {
            0x00..=0x7F => (u32::from(b), 1),
            0x80..=0xDF => ((u32::from(b & 0x1F) << 6) | t(0), 2),
            0xE0..=0xEF => ((u32::from(b & 0x0F) << 12) | (t(0) << 6) | t(1), 3),
            _ => (
                (u32::from(b & 0x07) << 18) | (t(0) << 12) | (t(1) << 6) | t(2),
                4,
            ),
        };
        self.bytes = self.bytes.get(len..).unwrap_or_default();
        CodePoint::from_u32(c)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.bytes.len().div_ceil(4), Some(self.bytes.len()))
    }
}

impl FusedIterator for CodePoints<'_> {}

/// Iterator over the potentially ill-formed UTF-16 code units of a [`Wtf8`], from
/// [`Wtf8::to_ill_formed_utf16`].
#[derive(Clone, Debug)]
pub struct EncodeIllFormedUtf16<'a> {
    code_points: CodePoints<'a>,
    trail: Option<u16>,
}

impl Iterator for EncodeIllFormedUtf16<'_> {
    type Item = u16;

    #[inline]
    fn next(&mut self) -> Option<u16> {
        if let Some(t) = self.trail.take() {
            return Some(t);
        }
        let c = self.code_points.next()?.to_u32();
        if c > 0xFFFF {
            // The spec's "encode from code points to potentially ill-formed UTF-16".
            self.trail = Some((((c - 0x10000) & 0x3FF) + 0xDC00) as u16);
            Some((((c - 0x10000) >> 10) + 0xD800) as u16)
        } else {
            Some(c as u16)
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let (lo, hi) = self.code_points.size_hint();
        let extra = usize::from(self.trail.is_some());
        (lo + extra, hi.map(|h| h + extra))
    }
}

impl FusedIterator for EncodeIllFormedUtf16<'_> {}
