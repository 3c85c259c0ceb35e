//! One-shot conversions into caller buffers, driving the WTF-8 rows of the UTF-8 <->
//! UTF-16 kernels: where a kernel stops at a surrogate (all of them at a surrogate
//! sequence that would join a pair; the scalar and some ISAs' kernels at every
//! one), it is converted here before the kernel resumes.

use super::scan::{is_lead, is_trail, surrogate_at, three_bytes};
use crate::simd;

/// Converts potentially ill-formed UTF-16 to WTF-8 (the spec's "convert from
/// potentially ill-formed UTF-16 to WTF-8") while it fits in `dst`.
///
/// Surrogate pairs become four-byte sequences, unpaired surrogates three-byte ones; a
/// lead surrogate at the end of `src` is unpaired (for input that comes in chunks, use
/// [`super::Wtf8Encoder`]). Stops before a code point that does not fit (never inside
/// a pair). Returns (code units read, bytes written); with `dst` of at least
/// [`wtf8_len_from_utf16`] or [`max_wtf8_len_from_utf16`] bytes, all of `src` is
/// read. The bytes written are well-formed WTF-8.
pub fn convert_utf16_to_wtf8(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    loop {
        // Through unpaired surrogates where the kernel can (the unit before `r` is
        // never a lead here: a lead is only written on its own when no trail
        // follows it).
        let (rr, ww) = simd::utf16_to_wtf8(&src[r..], &mut dst[w..]);
        r += rr;
        w += ww;
        let mut progressed = rr > 0;
        // The kernel stopped at an unpaired surrogate, or for room. Unpaired
        // surrogates one after another are converted here.
        while let Some(&u) = src.get(r) {
            let paired = is_lead(u) && src.get(r + 1).is_some_and(|&t| is_trail(t));
            if u & 0xF800 != 0xD800 || paired {
                break;
            }
            if dst.len() - w < 3 {
                return (r, w);
            }
            dst[w..w + 3].copy_from_slice(&three_bytes(u));
            r += 1;
            w += 3;
            progressed = true;
        }
        if r == src.len() || !progressed {
            return (r, w);
        }
    }
}

/// Exactly the bytes [`convert_utf16_to_wtf8`] writes for all of `src`.
pub fn wtf8_len_from_utf16(src: &[u16]) -> usize {
    // Three bytes per unit from U+0800 (surrogates included), then two less per pair.
    let mut len = 0usize;
    let mut pairs = 0usize;
    let mut prev_lead = false;
    for &u in src {
        len += 1 + usize::from(u >= 0x80) + usize::from(u >= 0x800);
        let trail = is_trail(u);
        pairs += usize::from(prev_lead & trail);
        // A trail that closed a pair cannot open one; a lead after a pair can.
        prev_lead = is_lead(u);
    }
    len - 2 * pairs
}

/// The most bytes `units` code units of UTF-16 can take in WTF-8 (3 each), or `None`
/// if that overflows `usize`.
pub const fn max_wtf8_len_from_utf16(units: usize) -> Option<usize> {
    units.checked_mul(3)
}

/// The most UTF-16 code units `bytes` bytes of WTF-8 can take (one per byte).
pub const fn max_utf16_len_from_wtf8(bytes: usize) -> Option<usize> {
    Some(bytes)
}

/// Converts WTF-8 (or any bytes) to UTF-16 while it fits in `dst`, starting after a
/// lead surrogate sequence if `after_lead`.
///
/// Stops before a sequence that does not fit, before an ill-formed or truncated
/// sequence, and before a trail surrogate sequence that directly follows a lead
/// surrogate sequence. Returns (bytes read, units written, whether the bytes read end
/// with a lead surrogate sequence).
#[inline]
pub(crate) fn wtf8_to_utf16(
    src: &[u8],
    dst: &mut [u16],
    mut after_lead: bool,
) -> (usize, usize, bool) {
    let (mut r, mut w) = (0, 0);
    loop {
        // Surrogates one after another are converted here.
        while let Some(u) = surrogate_at(&src[r..]) {
            if (after_lead && is_trail(u)) || w == dst.len() {
                return (r, w, after_lead);
            }
            dst[w] = u;
            w += 1;
            r += 3;
            after_lead = is_lead(u);
        }
        // Through the surrogates of whole blocks where the kernel validates WTF-8
        // (no trail directly after a lead inside what it converts; it never starts
        // at a surrogate, as those were taken above).
        let (rr, ww) = simd::wtf8_to_utf16(&src[r..], &mut dst[w..]);
        if rr == 0 {
            return (r, w, after_lead);
        }
        r += rr;
        w += ww;
        after_lead = is_lead(dst[w - 1]);
    }
}

/// Lengths of the UTF-16 form of the well-formed WTF-8 `bytes`: one unit per byte
/// that is not a continuation byte, two for a four-byte sequence.
pub(crate) fn utf16_len(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .map(|&b| usize::from(b & 0xC0 != 0x80) + usize::from(b >= 0xF0))
        .sum()
}

/// Copies the well-formed WTF-8 `src` to `dst` as UTF-8 while whole code points fit,
/// each surrogate replaced by U+FFFD (the spec's "convert lossily from WTF-8 to
/// UTF-8"; the length does not change). Returns the bytes copied.
pub(crate) fn to_utf8_lossy(src: &[u8], dst: &mut [u8]) -> usize {
    let mut n = src.len().min(dst.len());
    // Back to a code point boundary (at most three steps in well-formed WTF-8).
    while n > 0 && src.get(n).is_some_and(|&b| b & 0xC0 == 0x80) {
        n -= 1;
    }
    dst[..n].copy_from_slice(&src[..n]);
    replace_surrogates(&mut dst[..n]);
    n
}

/// Replaces every surrogate sequence of the well-formed WTF-8 `bytes` by U+FFFD in
/// place. Returns whether there was one.
pub(crate) fn replace_surrogates(bytes: &mut [u8]) -> bool {
    let mut i = 0;
    let mut any = false;
    while let Some((at, _)) = super::scan::next_surrogate(bytes, i) {
        bytes[at..at + 3].copy_from_slice("\u{FFFD}".as_bytes());
        any = true;
        i = at + 3;
    }
    any
}
