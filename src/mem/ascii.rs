//! ASCII and Basic Latin: checks and copies up to the first non-ASCII unit.

use crate::simd;

/// Checks whether the buffer is all-ASCII.
pub fn is_ascii(buffer: &[u8]) -> bool {
    simd::ascii_valid_up_to(buffer) == buffer.len()
}

/// Checks whether the buffer is all-Basic Latin (i.e. UTF-16 representing only ASCII
/// characters).
pub fn is_basic_latin(buffer: &[u16]) -> bool {
    simd::basic_latin_valid_up_to(buffer) == buffer.len()
}

/// Length of the longest ASCII prefix of `buffer` (a textcodec addition).
pub fn ascii_valid_up_to(buffer: &[u8]) -> usize {
    simd::ascii_valid_up_to(buffer)
}

/// Length of the longest Basic Latin prefix of `buffer` (a textcodec addition).
pub fn basic_latin_valid_up_to(buffer: &[u16]) -> usize {
    simd::basic_latin_valid_up_to(buffer)
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
