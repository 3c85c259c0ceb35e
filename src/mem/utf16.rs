//! UTF-8 <-> UTF-16 conversion and UTF-16 validity.

use crate::codec::{decode_replacing, utf8::Utf8Decoder};
use crate::handles::{string, SliceDest};
use crate::simd;

/// Converts potentially-invalid UTF-8 to valid UTF-16 with errors replaced with the
/// REPLACEMENT CHARACTER (per the Encoding Standard's UTF-8 decoder).
///
/// The length of the destination buffer must be at least the length of the source
/// buffer _plus one_.
///
/// Returns the number of `u16`s written.
///
/// # Panics
///
/// Panics if the destination buffer is shorter than stated above.
pub fn convert_utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> usize {
    assert!(
        dst.len() > src.len(),
        "Destination must be longer than the source."
    );
    let mut decoder = Utf8Decoder::default();
    let (_, _, written, _) = decode_replacing(src, dst, |s, d| {
        let mut d = SliceDest::new(d);
        let (result, read) = decoder.decode(s, &mut d, true);
        (result, read, d.written())
    });
    written
}

/// Converts valid UTF-8 to valid UTF-16.
///
/// The length of the destination buffer must be at least the length of the source
/// buffer.
///
/// Returns the number of `u16`s written.
///
/// # Panics
///
/// Panics if the destination buffer is shorter than stated above.
pub fn convert_str_to_utf16(src: &str, dst: &mut [u16]) -> usize {
    assert!(
        dst.len() >= src.len(),
        "Destination must not be shorter than the source."
    );
    let (read, written) = simd::utf8_to_utf16(src.as_bytes(), dst);
    debug_assert_eq!(read, src.len());
    written
}

/// Converts potentially-invalid UTF-8 to valid UTF-16 signaling on error.
///
/// The length of the destination buffer must be at least the length of the source
/// buffer.
///
/// Returns the number of `u16`s written or `None` if the input was invalid. When the
/// input was invalid, some output may have been written.
///
/// # Panics
///
/// Panics if the destination buffer is shorter than stated above.
pub fn convert_utf8_to_utf16_without_replacement(src: &[u8], dst: &mut [u16]) -> Option<usize> {
    assert!(
        dst.len() >= src.len(),
        "Destination must not be shorter than the source."
    );
    let (read, written) = simd::utf8_to_utf16(src, dst);
    (read == src.len()).then_some(written)
}

/// Converts potentially-invalid UTF-16 to valid UTF-8 with errors replaced with the
/// REPLACEMENT CHARACTER, with potentially insufficient output space.
///
/// Returns the number of code units read and the number of bytes written. Bytes
/// of the destination past the number written are left unmodified. Not all code
/// units are read if there isn't enough output space: a character is converted only
/// if all of it fits.
///
/// This is not designed for streaming: an unpaired surrogate at either end of the
/// input is replaced. Matches the semantics of `TextEncoder.encodeInto()`.
pub fn convert_utf16_to_utf8_partial(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    let (mut read, mut written) = (0, 0);
    loop {
        let (r, w) = simd::utf16_to_utf8(&src[read..], &mut dst[written..]);
        read += r;
        written += w;
        let Some(&u) = src.get(read) else {
            return (read, written);
        };
        let pair =
            (0xD800..=0xDBFF).contains(&u) && matches!(src.get(read + 1), Some(0xDC00..=0xDFFF));
        // Stopped for room, or at an unpaired surrogate.
        if u & 0xF800 != 0xD800 || pair || dst.len() - written < 3 {
            return (read, written);
        }
        dst[written..written + 3].copy_from_slice("\u{FFFD}".as_bytes());
        read += 1;
        written += 3;
    }
}

/// Converts potentially-invalid UTF-16 to valid UTF-8 with errors replaced with the
/// REPLACEMENT CHARACTER.
///
/// The length of the destination buffer must be at least the length of the source
/// buffer times three.
///
/// Returns the number of bytes written.
///
/// # Panics
///
/// Panics if the destination buffer is shorter than stated above.
pub fn convert_utf16_to_utf8(src: &[u16], dst: &mut [u8]) -> usize {
    assert!(
        src.len().checked_mul(3).is_some_and(|n| dst.len() >= n),
        "Destination must be at least three times the source."
    );
    let (read, written) = convert_utf16_to_utf8_partial(src, dst);
    debug_assert_eq!(read, src.len());
    written
}

/// Converts potentially-invalid UTF-16 to valid UTF-8 with errors replaced with the
/// REPLACEMENT CHARACTER, into a `str`, with potentially insufficient output space.
///
/// Returns the number of code units read and the number of bytes written. Not all
/// code units are read if there isn't enough output space. The continuation bytes of
/// an old character cut at the end of the written part are zeroed.
pub fn convert_utf16_to_str_partial(src: &[u16], dst: &mut str) -> (usize, usize) {
    string::decode_into_str(dst, |bytes| {
        let (read, written) = convert_utf16_to_utf8_partial(src, bytes);
        (written, (read, written))
    })
}

/// Converts potentially-invalid UTF-16 to valid UTF-8 with errors replaced with the
/// REPLACEMENT CHARACTER, into a `str`.
///
/// The length of the destination buffer must be at least the length of the source
/// buffer times three.
///
/// Returns the number of bytes written.
///
/// # Panics
///
/// Panics if the destination buffer is shorter than stated above.
pub fn convert_utf16_to_str(src: &[u16], dst: &mut str) -> usize {
    assert!(
        src.len().checked_mul(3).is_some_and(|n| dst.len() >= n),
        "Destination must be at least three times the source."
    );
    let (read, written) = convert_utf16_to_str_partial(src, dst);
    debug_assert_eq!(read, src.len());
    written
}

/// Returns the index of the first unpaired surrogate or, if the input is valid UTF-16
/// in its entirety, the length of the input.
pub fn utf16_valid_up_to(buffer: &[u16]) -> usize {
    simd::utf16_valid_up_to(buffer)
}

/// Replaces unpaired surrogates in the input with the REPLACEMENT CHARACTER.
pub fn ensure_utf16_validity(buffer: &mut [u16]) {
    let mut offset = 0;
    loop {
        offset += simd::utf16_valid_up_to(&buffer[offset..]);
        if offset >= buffer.len() {
            return;
        }
        buffer[offset] = 0xFFFD;
        offset += 1;
    }
}
