//! Byte-level WTF-8: one sequence at a time (the scalar exception) and the validator
//! that drives the UTF-8 validation kernel between surrogates.

use crate::simd;

/// What starts at a position of a byte string read as generalized UTF-8.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Seq {
    /// A complete sequence: its code point and length.
    Char(u32, usize),
    /// The bytes end inside a sequence that could still be completed; its length so far.
    Truncated(usize),
    /// An ill-formed sequence: the bytes it takes (the lead and the continuation bytes
    /// that fit before the first byte that does not; at least 1).
    Invalid(usize),
}

/// The sequence at the start of `bytes` (which must not be empty) as generalized
/// UTF-8 (Table 3 of the spec, where `ED` takes 80..=BF like `E1`..=`EF`).
#[inline]
pub(crate) fn seq_at(bytes: &[u8]) -> Seq {
    let Some(&b) = bytes.first() else {
        return Seq::Truncated(0);
    };
    // Length, bits of the lead, and the range of the second byte.
    let (len, bits, lo, hi) = match b {
        0x00..=0x7F => return Seq::Char(u32::from(b), 1),
        0xC2..=0xDF => (2, b & 0x1F, 0x80, 0xBF),
        0xE0 => (3, 0, 0xA0, 0xBF),
        0xE1..=0xEF => (3, b & 0x0F, 0x80, 0xBF),
        0xF0 => (4, 0, 0x90, 0xBF),
        0xF1..=0xF3 => (4, b & 0x07, 0x80, 0xBF),
        0xF4 => (4, 4, 0x80, 0x8F),
        _ => return Seq::Invalid(1),
    };
    let mut c = u32::from(bits);
    for i in 1..len {
        let Some(&t) = bytes.get(i) else {
            return Seq::Truncated(i);
        };
        let ok = if i == 1 {
            (lo..=hi).contains(&t)
        } else {
            t & 0xC0 == 0x80
        };
        if !ok {
            return Seq::Invalid(i);
        }
        c = (c << 6) | u32::from(t & 0x3F);
    }
    Seq::Char(c, len)
}

/// The surrogate whose three-byte sequence starts `bytes`, if one does.
#[inline]
pub(crate) fn surrogate_at(bytes: &[u8]) -> Option<u16> {
    match *bytes {
        [0xED, b2 @ 0xA0..=0xBF, b3 @ 0x80..=0xBF, ..] => {
            Some(0xD000 | (u16::from(b2 & 0x3F) << 6) | u16::from(b3 & 0x3F))
        }
        _ => None,
    }
}

/// Whether `u` is a lead surrogate.
#[inline]
pub(crate) fn is_lead(u: u16) -> bool {
    u & 0xFC00 == 0xD800
}

/// Whether `u` is a trail surrogate.
#[inline]
pub(crate) fn is_trail(u: u16) -> bool {
    u & 0xFC00 == 0xDC00
}

/// The supplementary code point of a lead and a trail surrogate.
#[inline]
pub(crate) fn pair(lead: u16, trail: u16) -> u32 {
    0x10000 + ((u32::from(lead) & 0x3FF) << 10) + (u32::from(trail) & 0x3FF)
}

/// The three bytes of surrogate `u` (or of any BMP code point from U+0800).
#[inline]
pub(crate) fn three_bytes(u: u16) -> [u8; 3] {
    [
        0xE0 | (u >> 12) as u8,
        0x80 | ((u >> 6) & 0x3F) as u8,
        0x80 | (u & 0x3F) as u8,
    ]
}

/// The four bytes of supplementary code point `c`.
#[inline]
pub(crate) fn four_bytes(c: u32) -> [u8; 4] {
    [
        0xF0 | (c >> 18) as u8,
        0x80 | ((c >> 12) & 0x3F) as u8,
        0x80 | ((c >> 6) & 0x3F) as u8,
        0x80 | (c & 0x3F) as u8,
    ]
}

/// Writes code point `c` (at most 0x10FFFF) as generalized UTF-8 to `dst`, which has
/// exactly its length (the spec's "encode to WTF-8", one code point).
#[inline]
pub(crate) fn write_code_point(c: u32, dst: &mut [u8]) {
    match dst {
        [a] => *a = c as u8,
        [a, b] => {
            *a = 0xC0 | (c >> 6) as u8;
            *b = 0x80 | (c & 0x3F) as u8;
        }
        [_, _, _] => dst.copy_from_slice(&three_bytes(c as u16)),
        [_, _, _, _] => dst.copy_from_slice(&four_bytes(c)),
        _ => {}
    }
}

/// Length of the longest prefix of `bytes` that is well-formed WTF-8 and does not end
/// inside a sequence.
///
/// Well-formed WTF-8 is generalized UTF-8 (UTF-8 plus the surrogate sequences
/// `ED A0..BF 80..BF`) without a lead surrogate sequence directly followed by a trail
/// surrogate sequence. At such a pair the valid prefix ends after the lead's three
/// bytes (those alone are well-formed). `wtf8_valid_up_to(b) == b.len()` exactly when
/// `b` is well-formed.
pub fn wtf8_valid_up_to(bytes: &[u8]) -> usize {
    valid_up_to_from(bytes, 0, false)
}

/// [`wtf8_valid_up_to`] from `i`, `after_lead` saying whether the bytes before `i` end
/// with a lead surrogate sequence.
#[inline]
pub(crate) fn valid_up_to_from(bytes: &[u8], mut i: usize, mut after_lead: bool) -> usize {
    loop {
        // Surrogates one after another are checked here, without a kernel call each.
        while let Some(u) = surrogate_at(&bytes[i..]) {
            if after_lead && is_trail(u) {
                return i;
            }
            after_lead = is_lead(u);
            i += 3;
        }
        // The kernel lets the surrogates of whole blocks through (checking that no
        // trail follows a lead there) and stops at the others.
        let k = simd::wtf8_valid_prefix(&bytes[i..]);
        if k == 0 {
            return i;
        }
        i += k;
        // The prefix may end with a lead surrogate sequence (a character boundary:
        // an `ED` there is a lead byte).
        after_lead = i >= 3 && surrogate_at(&bytes[i - 3..]).is_some_and(is_lead);
    }
}

/// The first surrogate in the well-formed WTF-8 `bytes` from `i`: (its offset, its
/// value). On ill-formed bytes this stops at the first ill-formed sequence too (as if
/// there were no more surrogates).
#[inline]
pub(crate) fn next_surrogate(bytes: &[u8], i: usize) -> Option<(usize, u16)> {
    let i = i + simd::utf8_valid_up_to(&bytes[i..]);
    surrogate_at(&bytes[i..]).map(|u| (i, u))
}

/// Whether `i` is at a code point boundary of the well-formed WTF-8 `bytes` (0 and
/// the length included).
#[inline]
pub(crate) fn is_boundary(bytes: &[u8], i: usize) -> bool {
    match bytes.get(i) {
        Some(&b) => b & 0xC0 != 0x80,
        None => i == bytes.len(),
    }
}
