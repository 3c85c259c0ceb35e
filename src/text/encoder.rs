//! [`TextEncoder`]: UTF-8 out of `&str` or of UTF-16 that may hold lone surrogates.

#[cfg(feature = "alloc")]
use alloc::vec::Vec;

/// What `encodeInto()` did: `read` counts UTF-16 code units of the source (2 for a
/// character beyond U+FFFF, as JavaScript counts string length), `written` bytes of the
/// destination.
#[must_use]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct EncodeIntoResult {
    /// UTF-16 code units of the source converted.
    pub read: usize,
    /// Bytes written to the destination.
    pub written: usize,
}

/// The `TextEncoder` object: UTF-8 encoding of strings. It has no state and no options;
/// its `encoding` is always `"utf-8"`.
///
/// JavaScript strings reach it as `USVString`s, so the UTF-16 methods replace each lone
/// surrogate with U+FFFD (`EF BF BD`) first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TextEncoder {
    _private: (),
}

/// The number of UTF-16 code units of valid UTF-8: one per character, two for the four-
/// byte ones.
pub(super) fn utf16_len(utf8: &[u8]) -> usize {
    utf8.iter()
        .map(|&b| usize::from((b as i8) >= -0x40) + usize::from(b >= 0xF0))
        .sum()
}

/// The scalar value at the start of potentially ill-formed UTF-16 (a lone surrogate as
/// U+FFFD) and the units it takes.
pub(super) fn next_scalar(units: &[u16]) -> Option<(char, usize)> {
    let &u = units.first()?;
    Some(match u {
        0xD800..=0xDBFF => match units.get(1) {
            Some(&t @ 0xDC00..=0xDFFF) => {
                let c = 0x10000 + ((u32::from(u) - 0xD800) << 10) + (u32::from(t) - 0xDC00);
                (char::from_u32(c).unwrap_or('\u{FFFD}'), 2)
            }
            _ => ('\u{FFFD}', 1),
        },
        0xDC00..=0xDFFF => ('\u{FFFD}', 1),
        _ => (char::from_u32(u32::from(u)).unwrap_or('\u{FFFD}'), 1),
    })
}

/// Writes `c` at `dst[written..]` if it fits whole; returns its length, or `None`.
pub(super) fn put(c: char, dst: &mut [u8], written: usize) -> Option<usize> {
    let len = c.len_utf8();
    let room = dst.get_mut(written..written.checked_add(len)?)?;
    c.encode_utf8(room);
    Some(len)
}

/// `encodeInto()` over UTF-16: converts characters while each fits whole.
pub(super) fn utf16_into(source: &[u16], destination: &mut [u8]) -> EncodeIntoResult {
    let (mut read, mut written) = (0, 0);
    loop {
        // The bulk converter stops for room conservatively; after it, one character
        // by hand settles whether the next one really does not fit.
        let (r, w) =
            crate::mem::convert_utf16_to_utf8_partial(&source[read..], &mut destination[written..]);
        read += r;
        written += w;
        let Some((c, units)) = next_scalar(&source[read..]) else {
            break;
        };
        let Some(len) = put(c, destination, written) else {
            break;
        };
        read += units;
        written += len;
    }
    EncodeIntoResult { read, written }
}

impl TextEncoder {
    /// `new TextEncoder()`.
    pub const fn new() -> TextEncoder {
        TextEncoder { _private: () }
    }

    /// The `encoding` getter: `"utf-8"`.
    pub fn encoding(&self) -> &'static str {
        "utf-8"
    }

    /// `encodeInto(source, destination)`: writes the UTF-8 of as many characters of
    /// `source` as fit whole in `destination`, from the start, stopping at the first
    /// one that does not fit (no character is ever split, and none after it is
    /// written even if it would fit). Works without `alloc`.
    pub fn encode_into(&self, source: &str, destination: &mut [u8]) -> EncodeIntoResult {
        let mut end = source.len().min(destination.len());
        while !source.is_char_boundary(end) {
            end -= 1;
        }
        let bytes = &source.as_bytes()[..end];
        destination[..end].copy_from_slice(bytes);
        EncodeIntoResult {
            read: utf16_len(bytes),
            written: end,
        }
    }

    /// `encodeInto(source, destination)` with the source as the UTF-16 a JavaScript
    /// string holds: lone surrogates count one unit read and are written as U+FFFD.
    /// Works without `alloc`.
    pub fn encode_utf16_into(&self, source: &[u16], destination: &mut [u8]) -> EncodeIntoResult {
        utf16_into(source, destination)
    }
}

#[cfg(feature = "alloc")]
impl TextEncoder {
    /// `encode(input)`: the UTF-8 bytes of `input`.
    pub fn encode(&self, input: &str) -> Vec<u8> {
        input.as_bytes().to_vec()
    }

    /// `encode(input)` with `input` as UTF-16: the UTF-8 bytes, with each lone
    /// surrogate as U+FFFD.
    pub fn encode_utf16(&self, input: &[u16]) -> Vec<u8> {
        let mut out = Vec::new();
        push_utf16(input, &mut out);
        out
    }
}

/// Appends the UTF-8 of potentially ill-formed UTF-16 to `out` (lone surrogates as
/// U+FFFD), a bounded chunk at a time so that the zeroed room ahead of the converter
/// stays small.
#[cfg(feature = "alloc")]
pub(super) fn push_utf16(input: &[u16], out: &mut Vec<u8>) {
    const CHUNK: usize = 16 * 1024;
    // Only a hint: a failure here leaves the growth to the steps below.
    let _ = out.try_reserve(input.len());
    let mut rest = input;
    while !rest.is_empty() {
        let mut n = rest.len().min(CHUNK);
        if n < rest.len() && (0xD800..=0xDBFF).contains(&rest[n - 1]) {
            // Keep a surrogate pair in one chunk.
            n -= 1;
        }
        let start = out.len();
        out.resize(start + 3 * n, 0);
        let written = crate::mem::convert_utf16_to_utf8(&rest[..n], &mut out[start..]);
        out.truncate(start + written);
        rest = &rest[n..];
    }
}
