//! Latin1 (U+0000..=U+00FF, one byte per code point): checks and conversions to and
//! from UTF-8 and UTF-16.

#[cfg(feature = "alloc")]
use alloc::{borrow::Cow, string::String, vec::Vec};

use crate::handles::string;
use crate::simd;

/// Checks whether the buffer is valid UTF-8 representing only code points less than
/// or equal to U+00FF.
pub fn is_utf8_latin1(buffer: &[u8]) -> bool {
    utf8_latin1_up_to(buffer) == buffer.len()
}

/// Checks whether the buffer represents only code points less than or equal to U+00FF.
pub fn is_str_latin1(buffer: &str) -> bool {
    str_latin1_up_to(buffer) == buffer.len()
}

/// Checks whether the buffer represents only code points less than or equal to U+00FF.
pub fn is_utf16_latin1(buffer: &[u16]) -> bool {
    simd::latin1_valid_up_to(buffer) == buffer.len()
}

/// Returns the index of the first byte that starts an invalid byte sequence or a
/// non-Latin1 byte sequence, or the length of the buffer if there are neither.
pub fn utf8_latin1_up_to(buffer: &[u8]) -> usize {
    let mut i = 0;
    loop {
        i += simd::ascii_valid_up_to(&buffer[i..]);
        match buffer.get(i..i + 2) {
            Some(&[0xC2..=0xC3, 0x80..=0xBF]) => i += 2,
            _ => return i,
        }
    }
}

/// Returns the index of the first byte that starts a non-Latin1 byte sequence, or the
/// length of the string if there are none.
pub fn str_latin1_up_to(buffer: &str) -> usize {
    let bytes = buffer.as_bytes();
    let mut i = 0;
    loop {
        i += simd::ascii_valid_up_to(&bytes[i..]);
        match bytes.get(i) {
            // A valid str has a trail byte after 0xC2/0xC3.
            Some(&(0xC2..=0xC3)) => i += 2,
            _ => return i,
        }
    }
}

/// Converts bytes whose unsigned value is interpreted as a Unicode code point (i.e.
/// U+0000 to U+00FF, inclusive) to UTF-16.
///
/// The length of the destination buffer must be at least the length of the source
/// buffer. The number of `u16`s written equals the length of the source buffer.
///
/// # Panics
///
/// Panics if the destination buffer is shorter than stated above.
pub fn convert_latin1_to_utf16(src: &[u8], dst: &mut [u16]) {
    assert!(
        dst.len() >= src.len(),
        "Destination must not be shorter than the source."
    );
    simd::latin1_to_utf16(src, dst);
}

/// Converts bytes interpreted as U+0000..=U+00FF to UTF-8 with potentially
/// insufficient output space.
///
/// Returns the number of bytes read and the number of bytes written. If the output
/// isn't large enough, not all input is consumed.
pub fn convert_latin1_to_utf8_partial(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    simd::latin1_to_utf8(src, dst)
}

/// Converts bytes interpreted as U+0000..=U+00FF to UTF-8.
///
/// The length of the destination buffer must be at least the length of the source
/// buffer times two.
///
/// Returns the number of bytes written.
///
/// # Panics
///
/// Panics if the destination buffer is shorter than stated above.
pub fn convert_latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> usize {
    assert!(
        src.len().checked_mul(2).is_some_and(|n| dst.len() >= n),
        "Destination must not be shorter than the source times two."
    );
    let (read, written) = simd::latin1_to_utf8(src, dst);
    debug_assert_eq!(read, src.len());
    written
}

/// Converts bytes interpreted as U+0000..=U+00FF to UTF-8 in a `str`, with
/// potentially insufficient output space.
///
/// Returns the number of bytes read and the number of bytes written. If the output
/// isn't large enough, not all input is consumed. The continuation bytes of an old
/// character cut at the end of the written part are zeroed.
pub fn convert_latin1_to_str_partial(src: &[u8], dst: &mut str) -> (usize, usize) {
    string::decode_into_str(dst, |bytes| {
        let (read, written) = simd::latin1_to_utf8(src, bytes);
        (written, (read, written))
    })
}

/// Converts bytes interpreted as U+0000..=U+00FF to UTF-8 in a `str`.
///
/// The length of the destination buffer must be at least the length of the source
/// buffer times two.
///
/// Returns the number of bytes written.
///
/// # Panics
///
/// Panics if the destination buffer is shorter than stated above.
pub fn convert_latin1_to_str(src: &[u8], dst: &mut str) -> usize {
    assert!(
        src.len().checked_mul(2).is_some_and(|n| dst.len() >= n),
        "Destination must not be shorter than the source times two."
    );
    let (read, written) = convert_latin1_to_str_partial(src, dst);
    debug_assert_eq!(read, src.len());
    written
}

/// If the input is valid UTF-8 representing only U+0000..=U+00FF, converts it to
/// one byte per code point.
///
/// If the input does not fulfill that condition, this function panics if debug
/// assertions are enabled and otherwise does something memory-safe without any
/// promises about the output.
///
/// The length of the destination buffer must be at least the length of the source
/// buffer. Returns the number of bytes written.
///
/// # Panics
///
/// Panics if the destination buffer is shorter than stated above, or (with debug
/// assertions) if the input is not as described.
pub fn convert_utf8_to_latin1_lossy(src: &[u8], dst: &mut [u8]) -> usize {
    assert!(
        dst.len() >= src.len(),
        "Destination must not be shorter than the source."
    );
    debug_assert!(is_utf8_latin1(src));
    let (mut read, mut written) = (0, 0);
    loop {
        let k = simd::copy_ascii_to_ascii(&src[read..], &mut dst[written..]);
        read += k;
        written += k;
        let Some(&lead) = src.get(read) else {
            return written;
        };
        let Some(&trail) = src.get(read + 1) else {
            return written;
        };
        dst[written] = ((lead & 0x1F) << 6) | (trail & 0x3F);
        read += 2;
        written += 1;
    }
}

/// If the input is valid UTF-16 representing only U+0000..=U+00FF, converts it to
/// one byte per code point; otherwise does something memory-safe without any
/// promises about the output (currently: the low byte of each unit).
///
/// The length of the destination buffer must be at least the length of the source
/// buffer. The number of bytes written equals the length of the source buffer.
///
/// # Panics
///
/// Panics if the destination buffer is shorter than stated above.
pub fn convert_utf16_to_latin1_lossy(src: &[u16], dst: &mut [u8]) {
    assert!(
        dst.len() >= src.len(),
        "Destination must not be shorter than the source."
    );
    simd::utf16_to_latin1_lossy(src, dst);
}

/// Converts bytes interpreted as U+0000..=U+00FF to UTF-8.
///
/// Borrows if the input is ASCII-only; performs a single heap allocation otherwise.
///
/// Only available if the `alloc` feature is enabled (enabled by default).
#[cfg(feature = "alloc")]
pub fn decode_latin1(bytes: &[u8]) -> Cow<'_, str> {
    let ascii = string::ascii_prefix(bytes);
    let up_to = ascii.len();
    if up_to == bytes.len() {
        return Cow::Borrowed(ascii);
    }
    let tail = &bytes[up_to..];
    let mut s = String::with_capacity(up_to + tail.len() * 2);
    s.push_str(ascii);
    string::decode_into_string(&mut s, |spare| {
        let (_, written) = simd::latin1_to_utf8(tail, spare);
        (written, ())
    });
    Cow::Owned(s)
}

/// If the input is valid UTF-8 representing only U+0000..=U+00FF, converts it to one
/// byte per code point (see [`convert_utf8_to_latin1_lossy`] for other input).
///
/// Borrows if the input is ASCII-only; performs a single heap allocation otherwise.
///
/// Only available if the `alloc` feature is enabled (enabled by default).
#[cfg(feature = "alloc")]
pub fn encode_latin1_lossy(string: &str) -> Cow<'_, [u8]> {
    let bytes = string.as_bytes();
    let up_to = simd::ascii_valid_up_to(bytes);
    if up_to == bytes.len() {
        return Cow::Borrowed(bytes);
    }
    let mut vec = Vec::with_capacity(bytes.len());
    vec.extend_from_slice(&bytes[..up_to]);
    string::with_spare_capacity(&mut vec, |spare| {
        (convert_utf8_to_latin1_lossy(&bytes[up_to..], spare), ())
    });
    Cow::Owned(vec)
}
