//! Functions for converting between in-memory representations of text (UTF-8,
//! UTF-16, Latin-1) and for quickly checking whether the Unicode Bidirectional
//! Algorithm can be skipped.
//!
//! The names, signatures and semantics are those of `encoding_rs::mem`, so code
//! using it migrates by changing the path; the implementations are this crate's
//! vector kernels.
//!
//! "Latin1" here means the code points U+0000..=U+00FF, one byte each (not
//! windows-1252).

#[cfg(feature = "alloc")]
use alloc::{borrow::Cow, string::String, vec::Vec};

use crate::simd;

/// Classification of text as Latin1 (all code points are below U+0100),
/// left-to-right with some non-Latin1 characters, or as containing at least some
/// right-to-left characters.
#[must_use]
#[derive(Debug, PartialEq, Eq)]
#[repr(C)]
pub enum Latin1Bidi {
    /// Every character is below U+0100.
    Latin1 = 0,
    /// There is at least one character that's U+0100 or higher, but there are no
    /// right-to-left characters.
    LeftToRight = 1,
    /// There is at least one right-to-left character.
    Bidi = 2,
}

/// Checks whether the buffer is all-ASCII.
pub fn is_ascii(buffer: &[u8]) -> bool {
    simd::ascii_valid_up_to(buffer) == buffer.len()
}

/// Checks whether the buffer is all-Basic Latin (i.e. UTF-16 representing only ASCII
/// characters).
pub fn is_basic_latin(buffer: &[u16]) -> bool {
    simd::basic_latin_valid_up_to(buffer) == buffer.len()
}

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

/// Checks whether a potentially-invalid UTF-8 buffer contains code points that
/// trigger right-to-left processing.
///
/// The check is done on a Unicode block basis without regard to assigned vs.
/// unassigned code points in the block (see [`is_char_bidi`]).
///
/// Returns `true` if the input is invalid UTF-8 or contains an RTL character.
pub fn is_utf8_bidi(buffer: &[u8]) -> bool {
    let valid = simd::utf8_valid_up_to(buffer);
    if valid != buffer.len() {
        return true;
    }
    is_str_bidi(crate::buffer::str_from_valid_prefix(buffer, valid))
}

/// Checks whether a valid UTF-8 buffer contains code points that trigger
/// right-to-left processing (see [`is_char_bidi`]).
pub fn is_str_bidi(buffer: &str) -> bool {
    let bytes = buffer.as_bytes();
    let mut i = 0;
    loop {
        i += simd::ascii_valid_up_to(&bytes[i..]);
        let Some(&lead) = bytes.get(i) else {
            return false;
        };
        // Leads below 0xD6 are characters below U+0590.
        if lead < 0xD6 {
            i += 2;
            continue;
        }
        // `i` is at a character boundary of a str.
        let c = buffer[i..].chars().next().unwrap_or('\0');
        if is_char_bidi(c) {
            return true;
        }
        i += c.len_utf8();
    }
}

/// Checks whether a UTF-16 buffer contains code points that trigger right-to-left
/// processing, or an unpaired high surrogate that could be the high half of an RTL
/// character (see [`is_utf16_code_unit_bidi`]).
pub fn is_utf16_bidi(buffer: &[u16]) -> bool {
    let mut i = 0;
    loop {
        // Units below U+0590 are never RTL.
        i += buffer[i..]
            .iter()
            .position(|&u| u >= 0x590)
            .unwrap_or(buffer.len() - i);
        let Some(&u) = buffer.get(i) else {
            return false;
        };
        if is_utf16_code_unit_bidi(u) {
            return true;
        }
        i += 1;
    }
}

/// Checks whether a scalar value triggers right-to-left processing.
///
/// The check is done on a Unicode block basis without regard to assigned vs.
/// unassigned code points in the block. Hebrew presentation forms in the
/// Alphabetic Presentation Forms block are treated as if they formed a block on
/// their own (i.e. as right-to-left). Additionally, the four RIGHT-TO-LEFT FOO
/// controls in General Punctuation are checked for. Control characters that are
/// technically bidi controls but do not cause right-to-left behavior without the
/// presence of right-to-left characters or right-to-left controls are not checked
/// for. As a special case, U+FEFF is excluded from Arabic Presentation Forms-B.
#[inline]
pub fn is_char_bidi(c: char) -> bool {
    matches!(
        u32::from(c),
        // Hebrew .. Arabic Extended-A
        0x0590..=0x08FF
            // RLM, RLE, RLO, RLI
            | 0x200F | 0x202B | 0x202E | 0x2067
            // Hebrew presentation forms, Arabic Presentation Forms-A
            | 0xFB1D..=0xFDFF
            // Arabic Presentation Forms-B except the BOM
            | 0xFE70..=0xFEFE
            // Supplementary RTL blocks
            | 0x10800..=0x10FFF | 0x1E800..=0x1EFFF
    )
}

/// Checks whether a UTF-16 code unit triggers right-to-left processing.
///
/// As [`is_char_bidi`]; the high surrogates of the supplementary-plane RTL blocks
/// (U+D802, U+D803, U+D83A, U+D83B) count as RTL, even if unpaired.
#[inline]
pub fn is_utf16_code_unit_bidi(u: u16) -> bool {
    matches!(
        u,
        0x0590..=0x08FF
            | 0x200F
            | 0x202B
            | 0x202E
            | 0x2067
            | 0xD802
            | 0xD803
            | 0xD83A
            | 0xD83B
            | 0xFB1D..=0xFDFF
            | 0xFE70..=0xFEFE
    )
}

/// Checks whether a potentially invalid UTF-8 buffer is all-Latin1 or contains code
/// points that trigger right-to-left processing.
///
/// Returns `Latin1Bidi::Latin1` if [`is_utf8_latin1`] would return `true`;
/// otherwise `Latin1Bidi::Bidi` if [`is_utf8_bidi`] would return `true`; otherwise
/// `Latin1Bidi::LeftToRight`.
pub fn check_utf8_for_latin1_and_bidi(buffer: &[u8]) -> Latin1Bidi {
    let up_to = utf8_latin1_up_to(buffer);
    if up_to == buffer.len() {
        Latin1Bidi::Latin1
    } else if is_utf8_bidi(&buffer[up_to..]) {
        Latin1Bidi::Bidi
    } else {
        Latin1Bidi::LeftToRight
    }
}

/// Checks whether a valid UTF-8 buffer is all-Latin1 or contains code points that
/// trigger right-to-left processing.
///
/// Returns `Latin1Bidi::Latin1` if [`is_str_latin1`] would return `true`; otherwise
/// `Latin1Bidi::Bidi` if [`is_str_bidi`] would return `true`; otherwise
/// `Latin1Bidi::LeftToRight`.
pub fn check_str_for_latin1_and_bidi(buffer: &str) -> Latin1Bidi {
    let up_to = str_latin1_up_to(buffer);
    if up_to == buffer.len() {
        Latin1Bidi::Latin1
    } else if is_str_bidi(&buffer[up_to..]) {
        Latin1Bidi::Bidi
    } else {
        Latin1Bidi::LeftToRight
    }
}

/// Checks whether a potentially invalid UTF-16 buffer is all-Latin1 or contains code
/// points that trigger right-to-left processing.
///
/// Returns `Latin1Bidi::Latin1` if [`is_utf16_latin1`] would return `true`;
/// otherwise `Latin1Bidi::Bidi` if [`is_utf16_bidi`] would return `true`; otherwise
/// `Latin1Bidi::LeftToRight`.
pub fn check_utf16_for_latin1_and_bidi(buffer: &[u16]) -> Latin1Bidi {
    let up_to = simd::latin1_valid_up_to(buffer);
    if up_to == buffer.len() {
        Latin1Bidi::Latin1
    } else if is_utf16_bidi(&buffer[up_to..]) {
        Latin1Bidi::Bidi
    } else {
        Latin1Bidi::LeftToRight
    }
}

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
    let mut decoder = crate::UTF_8.new_decoder_without_bom_handling();
    let (mut read, mut written) = (0, 0);
    loop {
        let (result, r, w) =
            decoder.decode_to_utf16_without_replacement(&src[read..], &mut dst[written..], true);
        read += r;
        written += w;
        match result {
            crate::DecoderResult::Malformed(_, _) => {
                dst[written] = 0xFFFD;
                written += 1;
            }
            _ => return written,
        }
    }
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
    crate::buffer::decode_into_str(dst, |bytes| {
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
    crate::buffer::decode_into_str(dst, |bytes| {
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
    let up_to = simd::ascii_valid_up_to(bytes);
    if up_to == bytes.len() {
        return Cow::Borrowed(crate::buffer::str_from_valid_prefix(bytes, up_to));
    }
    let tail = &bytes[up_to..];
    let mut s = String::with_capacity(up_to + tail.len() * 2);
    s.push_str(crate::buffer::str_from_valid_prefix(bytes, up_to));
    crate::buffer::decode_into_string(&mut s, |spare| {
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
    crate::buffer::with_spare_capacity(&mut vec, |spare| {
        (convert_utf8_to_latin1_lossy(&bytes[up_to..], spare), ())
    });
    Cow::Owned(vec)
}

/// Returns the index of the first unpaired surrogate or, if the input is valid UTF-16
/// in its entirety, the length of the input.
pub fn utf16_valid_up_to(buffer: &[u16]) -> usize {
    simd::utf16_valid_up_to(buffer)
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

/// Copies ASCII from source to destination up to the first non-ASCII byte (or the
/// end of the input if it is ASCII in its entirety).
///
/// The length of the destination buffer must be at least the length of the source
/// buffer. Returns the number of bytes written.
///
/// # Panics
///
/// Panics if the destination buffer is shorter than stated above.
pub fn copy_ascii_to_ascii(src: &[u8], dst: &mut [u8]) -> usize {
    assert!(
        dst.len() >= src.len(),
        "Destination must not be shorter than the source."
    );
    simd::copy_ascii_to_ascii(src, dst)
}

/// Copies ASCII from source to destination zero-extending it to UTF-16 up to the
/// first non-ASCII byte (or the end of the input if it is ASCII in its entirety).
///
/// The length of the destination buffer must be at least the length of the source
/// buffer. Returns the number of `u16`s written.
///
/// # Panics
///
/// Panics if the destination buffer is shorter than stated above.
pub fn copy_ascii_to_basic_latin(src: &[u8], dst: &mut [u16]) -> usize {
    assert!(
        dst.len() >= src.len(),
        "Destination must not be shorter than the source."
    );
    simd::copy_ascii_to_basic_latin(src, dst)
}

/// Copies Basic Latin from source to destination narrowing it to ASCII up to the
/// first non-Basic Latin code unit (or the end of the input if it is Basic Latin in
/// its entirety).
///
/// The length of the destination buffer must be at least the length of the source
/// buffer. Returns the number of bytes written.
///
/// # Panics
///
/// Panics if the destination buffer is shorter than stated above.
pub fn copy_basic_latin_to_ascii(src: &[u16], dst: &mut [u8]) -> usize {
    assert!(
        dst.len() >= src.len(),
        "Destination must not be shorter than the source."
    );
    simd::copy_basic_latin_to_ascii(src, dst)
}

/// Length of the longest ASCII prefix of `buffer` (a textcodec addition).
pub fn ascii_valid_up_to(buffer: &[u8]) -> usize {
    simd::ascii_valid_up_to(buffer)
}

/// Length of the longest Basic Latin prefix of `buffer` (a textcodec addition).
pub fn basic_latin_valid_up_to(buffer: &[u16]) -> usize {
    simd::basic_latin_valid_up_to(buffer)
}
