//! `encoding_mem_*`: the UTF-8 / UTF-16 / Latin-1 utilities of textcodec's `mem`
//! module, with encoding_c_mem's names.
//!
//! Conventions for bad arguments (a `NULL` or misaligned buffer with a non-zero
//! length, a length beyond `PTRDIFF_MAX` bytes, overlapping input and output, or an
//! output buffer shorter than the function requires): functions returning `size_t`
//! return `SIZE_MAX`, those returning `bool` return `false`, and those that
//! encoding_c_mem declares `void` return `bool` (`true` when done). Nothing is
//! written then. "Latin1" means U+0000–U+00FF, one byte per code point (not
//! windows-1252).

use crate::args::{self, Span};
use crate::{char16_t, char32_t};
use textcodec::mem;

/// Whether an input and an output buffer can be used together: both designate
/// possible buffers and they do not overlap.
fn apart<S, D>(src: *const S, src_len: usize, dst: *const D, dst_len: usize) -> bool {
    matches!(
        (Span::of(src, src_len), Span::of(dst, dst_len)),
        (Some(s), Some(d)) if !s.overlaps(d)
    )
}

/// Runs `f` on the input and output buffers if they are usable together and `fits`
/// says the output is long enough for the input; `None` otherwise.
///
/// # Safety
///
/// `src` with `src_len` must designate readable memory and `dst` with `dst_len`
/// writable memory, neither touched by anything else during the call (unless the
/// length is 0).
unsafe fn convert<S, D, R>(
    src: *const S,
    src_len: usize,
    dst: *mut D,
    dst_len: usize,
    fits: impl FnOnce(usize, usize) -> bool,
    f: impl FnOnce(&[S], &mut [D]) -> R,
) -> Option<R> {
    if !apart(src, src_len, dst.cast_const(), dst_len) || !fits(src_len, dst_len) {
        return None;
    }
    // SAFETY: checked (usable, disjoint); the memory's validity is the caller's
    // promise.
    let (src, dst) = unsafe { (args::slice(src, src_len)?, args::slice_mut(dst, dst_len)?) };
    Some(f(src, dst))
}

/// As [`convert`] for the `_partial` functions, whose lengths are in/out parameters;
/// writes back the lengths `f` returns. `false` (nothing written) for bad arguments.
///
/// # Safety
///
/// `src_len` and `dst_len` must each be `NULL` or valid for reads and writes of a
/// `size_t`; `src` with `*src_len` must designate readable memory and `dst` with
/// `*dst_len` writable memory (unless the length is 0).
unsafe fn convert_partial<S, D>(
    src: *const S,
    src_len: *mut usize,
    dst: *mut D,
    dst_len: *mut usize,
    f: impl FnOnce(&[S], &mut [D]) -> (usize, usize),
) -> bool {
    // SAFETY: the caller's promise about the length pointers.
    let (Some(n_src), Some(n_dst)) = (unsafe { args::read(src_len.cast_const()) }, unsafe {
        args::read(dst_len.cast_const())
    }) else {
        return false;
    };
    // SAFETY: the caller's promises about the buffers.
    let Some((read, written)) = (unsafe { convert(src, n_src, dst, n_dst, |_, _| true, f) }) else {
        return false;
    };
    // SAFETY: the slices are no longer used; valid for writes by the caller's promise.
    unsafe {
        args::write(src_len, read);
        args::write(dst_len, written);
    }
    true
}

/// Whether the buffer is all ASCII. `false` for a `NULL` buffer with a non-zero
/// length.
///
/// # Safety
///
/// `buffer` and `len` must designate readable memory (unless `len` is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_is_ascii(buffer: *const u8, len: usize) -> bool {
    // SAFETY: the caller's promise.
    unsafe { args::slice(buffer, len) }.is_some_and(mem::is_ascii)
}

/// Whether the UTF-16 buffer is all Basic Latin (ASCII). `false` for bad arguments.
///
/// # Safety
///
/// `buffer` and `len` must designate readable `char16_t`s (unless `len` is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_is_basic_latin(buffer: *const char16_t, len: usize) -> bool {
    // SAFETY: the caller's promise.
    unsafe { args::slice(buffer, len) }.is_some_and(mem::is_basic_latin)
}

/// Whether the buffer is valid UTF-8 with only code points up to U+00FF. `false` for
/// bad arguments.
///
/// # Safety
///
/// `buffer` and `len` must designate readable memory (unless `len` is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_is_utf8_latin1(buffer: *const u8, len: usize) -> bool {
    // SAFETY: the caller's promise.
    unsafe { args::slice(buffer, len) }.is_some_and(mem::is_utf8_latin1)
}

/// Whether the valid UTF-8 in the buffer has only code points up to U+00FF. Input that
/// is not valid UTF-8 gives `false` (encoding_c: undefined behaviour). `false` for
/// bad arguments.
///
/// # Safety
///
/// `buffer` and `len` must designate readable memory (unless `len` is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_is_str_latin1(buffer: *const u8, len: usize) -> bool {
    // On valid UTF-8 the two answers agree; the UTF-8 one needs no validity.
    // SAFETY: the caller's promise.
    unsafe { args::slice(buffer, len) }.is_some_and(mem::is_utf8_latin1)
}

/// Whether the UTF-16 buffer has only code points up to U+00FF. `false` for bad
/// arguments.
///
/// # Safety
///
/// `buffer` and `len` must designate readable `char16_t`s (unless `len` is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_is_utf16_latin1(buffer: *const char16_t, len: usize) -> bool {
    // SAFETY: the caller's promise.
    unsafe { args::slice(buffer, len) }.is_some_and(mem::is_utf16_latin1)
}

/// Whether potentially invalid UTF-8 has characters that call for right-to-left
/// processing (`true` also for invalid UTF-8). See `encoding_mem_is_char_bidi()` for
/// which characters. `true` for bad arguments (the answer that leads to the full
/// processing).
///
/// # Safety
///
/// `buffer` and `len` must designate readable memory (unless `len` is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_is_utf8_bidi(buffer: *const u8, len: usize) -> bool {
    // SAFETY: the caller's promise.
    unsafe { args::slice(buffer, len) }.is_none_or(mem::is_utf8_bidi)
}

/// Whether valid UTF-8 has characters that call for right-to-left processing. Input
/// that is not valid UTF-8 gives `true` (encoding_c: undefined behaviour), as do bad
/// arguments.
///
/// # Safety
///
/// `buffer` and `len` must designate readable memory (unless `len` is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_is_str_bidi(buffer: *const u8, len: usize) -> bool {
    // SAFETY: the caller's promise.
    unsafe { args::slice(buffer, len) }.is_none_or(mem::is_utf8_bidi)
}

/// Whether UTF-16 has characters that call for right-to-left processing, or an
/// unpaired high surrogate that could be the high half of one. `true` for bad
/// arguments.
///
/// # Safety
///
/// `buffer` and `len` must designate readable `char16_t`s (unless `len` is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_is_utf16_bidi(buffer: *const char16_t, len: usize) -> bool {
    // SAFETY: the caller's promise.
    unsafe { args::slice(buffer, len) }.is_none_or(mem::is_utf16_bidi)
}

/// Whether the code point calls for right-to-left processing: it is in a
/// right-to-left block (Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic,
/// the presentation forms except U+FEFF, and the supplementary-plane RTL blocks) or
/// is one of RLM, RLE, RLO, RLI. `false` for a value that is not a Unicode scalar
/// value (encoding_c: undefined behaviour).
#[no_mangle]
pub extern "C" fn encoding_mem_is_char_bidi(c: char32_t) -> bool {
    char::from_u32(c).is_some_and(mem::is_char_bidi)
}

/// Whether the UTF-16 code unit calls for right-to-left processing (as
/// `encoding_mem_is_char_bidi()`; the high surrogates of the supplementary-plane RTL
/// blocks count, even unpaired).
#[no_mangle]
pub extern "C" fn encoding_mem_is_utf16_code_unit_bidi(u: char16_t) -> bool {
    mem::is_utf16_code_unit_bidi(u)
}

/// The outcome of `encoding_mem_check_*_for_latin1_and_bidi()`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Latin1Bidi {
    /// Every character is below U+0100.
    Latin1 = 0,
    /// At least one character is U+0100 or above, and none calls for right-to-left
    /// processing.
    LeftToRight = 1,
    /// At least one character calls for right-to-left processing.
    Bidi = 2,
}

impl From<mem::Latin1Bidi> for Latin1Bidi {
    fn from(value: mem::Latin1Bidi) -> Self {
        match value {
            mem::Latin1Bidi::Latin1 => Latin1Bidi::Latin1,
            mem::Latin1Bidi::LeftToRight => Latin1Bidi::LeftToRight,
            mem::Latin1Bidi::Bidi => Latin1Bidi::Bidi,
        }
    }
}

/// `Latin1` if `encoding_mem_is_utf8_latin1()` would be true, otherwise `Bidi` if
/// `encoding_mem_is_utf8_bidi()` would be, otherwise `LeftToRight`. `Bidi` for bad
/// arguments.
///
/// # Safety
///
/// `buffer` and `len` must designate readable memory (unless `len` is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_check_utf8_for_latin1_and_bidi(
    buffer: *const u8,
    len: usize,
) -> Latin1Bidi {
    // SAFETY: the caller's promise.
    unsafe { args::slice(buffer, len) }.map_or(Latin1Bidi::Bidi, |b| {
        mem::check_utf8_for_latin1_and_bidi(b).into()
    })
}

/// As `encoding_mem_check_utf8_for_latin1_and_bidi()`, for valid UTF-8 (input that is
/// not gives `Bidi`; encoding_c: undefined behaviour).
///
/// # Safety
///
/// `buffer` and `len` must designate readable memory (unless `len` is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_check_str_for_latin1_and_bidi(
    buffer: *const u8,
    len: usize,
) -> Latin1Bidi {
    // On valid UTF-8 the two answers agree; the UTF-8 one needs no validity.
    // SAFETY: the caller's promise.
    unsafe { encoding_mem_check_utf8_for_latin1_and_bidi(buffer, len) }
}

/// `Latin1` if `encoding_mem_is_utf16_latin1()` would be true, otherwise `Bidi` if
/// `encoding_mem_is_utf16_bidi()` would be, otherwise `LeftToRight`. `Bidi` for bad
/// arguments.
///
/// # Safety
///
/// `buffer` and `len` must designate readable `char16_t`s (unless `len` is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_check_utf16_for_latin1_and_bidi(
    buffer: *const char16_t,
    len: usize,
) -> Latin1Bidi {
    // SAFETY: the caller's promise.
    unsafe { args::slice(buffer, len) }.map_or(Latin1Bidi::Bidi, |b| {
        mem::check_utf16_for_latin1_and_bidi(b).into()
    })
}

/// Converts potentially invalid UTF-8 to UTF-16, writing U+FFFD for malformed
/// sequences (as the Encoding Standard's UTF-8 decoder). `dst_len` must be at least
/// `src_len + 1`. Returns the number of code units written; `SIZE_MAX` for bad
/// arguments.
///
/// # Safety
///
/// `src` with `src_len` must designate readable memory and `dst` with `dst_len`
/// writable `char16_t`s (unless the length is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_convert_utf8_to_utf16(
    src: *const u8,
    src_len: usize,
    dst: *mut char16_t,
    dst_len: usize,
) -> usize {
    // SAFETY: the caller's promises.
    unsafe {
        convert(
            src,
            src_len,
            dst,
            dst_len,
            |s, d| d > s,
            mem::convert_utf8_to_utf16,
        )
    }
    .unwrap_or(usize::MAX)
}

/// Converts potentially invalid UTF-8 to UTF-16, stopping at the first error.
/// `dst_len` must be at least `src_len`. Returns the number of code units written, or
/// `SIZE_MAX` if the input is not valid UTF-8 (some output may have been written) or
/// for bad arguments.
///
/// # Safety
///
/// `src` with `src_len` must designate readable memory and `dst` with `dst_len`
/// writable `char16_t`s (unless the length is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_convert_utf8_to_utf16_without_replacement(
    src: *const u8,
    src_len: usize,
    dst: *mut char16_t,
    dst_len: usize,
) -> usize {
    // SAFETY: the caller's promises.
    unsafe {
        convert(
            src,
            src_len,
            dst,
            dst_len,
            |s, d| d >= s,
            mem::convert_utf8_to_utf16_without_replacement,
        )
    }
    .flatten()
    .unwrap_or(usize::MAX)
}

/// Converts valid UTF-8 to UTF-16. `dst_len` must be at least `src_len`. Returns the
/// number of code units written; `SIZE_MAX` if the input is not valid UTF-8
/// (encoding_c: undefined behaviour; some output may have been written) or for bad
/// arguments.
///
/// # Safety
///
/// `src` with `src_len` must designate readable memory and `dst` with `dst_len`
/// writable `char16_t`s (unless the length is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_convert_str_to_utf16(
    src: *const u8,
    src_len: usize,
    dst: *mut char16_t,
    dst_len: usize,
) -> usize {
    // Converting valid UTF-8 without replacement is converting a str; invalid input
    // is reported instead of trusted.
    // SAFETY: the caller's promises.
    unsafe { encoding_mem_convert_utf8_to_utf16_without_replacement(src, src_len, dst, dst_len) }
}

/// Converts potentially invalid UTF-16 to UTF-8, writing U+FFFD for unpaired
/// surrogates, as far as the output has room for whole characters (the semantics of
/// `TextEncoder.encodeInto()`). On return `*src_len` and `*dst_len` are the code
/// units read and bytes written; bytes after those are untouched. Not for streaming:
/// a surrogate pair split across calls becomes two U+FFFD. Returns `false` (nothing
/// written) for bad arguments. (encoding_c returns `void`.)
///
/// # Safety
///
/// `src_len` and `dst_len` must each be `NULL` or valid for reads and writes of a
/// `size_t`; `src` with `*src_len` must designate readable `char16_t`s and `dst` with
/// `*dst_len` writable memory (unless the length is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_convert_utf16_to_utf8_partial(
    src: *const char16_t,
    src_len: *mut usize,
    dst: *mut u8,
    dst_len: *mut usize,
) -> bool {
    // SAFETY: the caller's promises.
    unsafe {
        convert_partial(
            src,
            src_len,
            dst,
            dst_len,
            mem::convert_utf16_to_utf8_partial,
        )
    }
}

/// Converts potentially invalid UTF-16 to UTF-8, writing U+FFFD for unpaired
/// surrogates. `dst_len` must be at least `src_len * 3`. Returns the number of bytes
/// written; `SIZE_MAX` for bad arguments.
///
/// # Safety
///
/// `src` with `src_len` must designate readable `char16_t`s and `dst` with `dst_len`
/// writable memory (unless the length is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_convert_utf16_to_utf8(
    src: *const char16_t,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> usize {
    let fits = |s: usize, d: usize| s.checked_mul(3).is_some_and(|n| d >= n);
    // SAFETY: the caller's promises.
    unsafe { convert(src, src_len, dst, dst_len, fits, mem::convert_utf16_to_utf8) }
        .unwrap_or(usize::MAX)
}

/// Converts bytes taken as code points U+0000–U+00FF to UTF-16. `dst_len` must be at
/// least `src_len`; exactly `src_len` code units are written. Returns `false`
/// (nothing written) for bad arguments. (encoding_c returns `void`.)
///
/// # Safety
///
/// `src` with `src_len` must designate readable memory and `dst` with `dst_len`
/// writable `char16_t`s (unless the length is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_convert_latin1_to_utf16(
    src: *const u8,
    src_len: usize,
    dst: *mut char16_t,
    dst_len: usize,
) -> bool {
    // SAFETY: the caller's promises.
    unsafe {
        convert(
            src,
            src_len,
            dst,
            dst_len,
            |s, d| d >= s,
            mem::convert_latin1_to_utf16,
        )
    }
    .is_some()
}

/// Converts bytes taken as code points U+0000–U+00FF to UTF-8, as far as the output
/// has room. On return `*src_len` and `*dst_len` are the bytes read and written.
/// Returns `false` (nothing written) for bad arguments. (encoding_c returns `void`.)
///
/// # Safety
///
/// `src_len` and `dst_len` must each be `NULL` or valid for reads and writes of a
/// `size_t`; `src` with `*src_len` must designate readable memory and `dst` with
/// `*dst_len` writable memory (unless the length is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_convert_latin1_to_utf8_partial(
    src: *const u8,
    src_len: *mut usize,
    dst: *mut u8,
    dst_len: *mut usize,
) -> bool {
    // SAFETY: the caller's promises.
    unsafe {
        convert_partial(
            src,
            src_len,
            dst,
            dst_len,
            mem::convert_latin1_to_utf8_partial,
        )
    }
}

/// Converts bytes taken as code points U+0000–U+00FF to UTF-8. `dst_len` must be at
/// least `src_len * 2`. Returns the number of bytes written; `SIZE_MAX` for bad
/// arguments.
///
/// # Safety
///
/// `src` with `src_len` must designate readable memory and `dst` with `dst_len`
/// writable memory (unless the length is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_convert_latin1_to_utf8(
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> usize {
    let fits = |s: usize, d: usize| s.checked_mul(2).is_some_and(|n| d >= n);
    // SAFETY: the caller's promises.
    unsafe {
        convert(
            src,
            src_len,
            dst,
            dst_len,
            fits,
            mem::convert_latin1_to_utf8,
        )
    }
    .unwrap_or(usize::MAX)
}

/// Converts UTF-8 that has only code points up to U+00FF to one byte per code point.
/// `dst_len` must be at least `src_len`. Returns the number of bytes written. If the
/// input has anything else (other code points, invalid UTF-8), conversion stops
/// before it (encoding_c promises nothing about the output then). `SIZE_MAX` for bad
/// arguments.
///
/// # Safety
///
/// `src` with `src_len` must designate readable memory and `dst` with `dst_len`
/// writable memory (unless the length is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_convert_utf8_to_latin1_lossy(
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> usize {
    // The library checks its precondition with a debug assertion; convert only the
    // prefix that meets it, so that no build of this API can panic.
    let latin1 = |s: &[u8], d: &mut [u8]| {
        let up_to = mem::utf8_latin1_up_to(s);
        mem::convert_utf8_to_latin1_lossy(s.get(..up_to).unwrap_or_default(), d)
    };
    // SAFETY: the caller's promises.
    unsafe { convert(src, src_len, dst, dst_len, |s, d| d >= s, latin1) }.unwrap_or(usize::MAX)
}

/// Converts UTF-16 that has only code points up to U+00FF to one byte per code unit
/// (for other input the output is unspecified but exactly `src_len` bytes are
/// written). `dst_len` must be at least `src_len`. Returns `false` (nothing written)
/// for bad arguments. (encoding_c returns `void`.)
///
/// # Safety
///
/// `src` with `src_len` must designate readable `char16_t`s and `dst` with `dst_len`
/// writable memory (unless the length is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_convert_utf16_to_latin1_lossy(
    src: *const char16_t,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> bool {
    // SAFETY: the caller's promises.
    unsafe {
        convert(
            src,
            src_len,
            dst,
            dst_len,
            |s, d| d >= s,
            mem::convert_utf16_to_latin1_lossy,
        )
    }
    .is_some()
}

/// The index of the first unpaired surrogate, or `len` if there is none. `SIZE_MAX`
/// for bad arguments.
///
/// # Safety
///
/// `buffer` and `len` must designate readable `char16_t`s (unless `len` is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_utf16_valid_up_to(
    buffer: *const char16_t,
    len: usize,
) -> usize {
    // SAFETY: the caller's promise.
    unsafe { args::slice(buffer, len) }.map_or(usize::MAX, mem::utf16_valid_up_to)
}

/// The index of the first byte that starts an invalid sequence or a character above
/// U+00FF, or `len` if there is none. `SIZE_MAX` for bad arguments.
///
/// # Safety
///
/// `buffer` and `len` must designate readable memory (unless `len` is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_utf8_latin1_up_to(buffer: *const u8, len: usize) -> usize {
    // SAFETY: the caller's promise.
    unsafe { args::slice(buffer, len) }.map_or(usize::MAX, mem::utf8_latin1_up_to)
}

/// As `encoding_mem_utf8_latin1_up_to()`, for valid UTF-8 (on invalid input it gives
/// the same answer as that function; encoding_c: undefined behaviour).
///
/// # Safety
///
/// `buffer` and `len` must designate readable memory (unless `len` is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_str_latin1_up_to(buffer: *const u8, len: usize) -> usize {
    // SAFETY: the caller's promise.
    unsafe { encoding_mem_utf8_latin1_up_to(buffer, len) }
}

/// Replaces unpaired surrogates in the buffer with U+FFFD. Returns `false` (nothing
/// changed) for bad arguments. (encoding_c returns `void`.)
///
/// # Safety
///
/// `buffer` and `len` must designate readable and writable `char16_t`s (unless `len`
/// is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_ensure_utf16_validity(
    buffer: *mut char16_t,
    len: usize,
) -> bool {
    // SAFETY: the caller's promise.
    unsafe { args::slice_mut(buffer, len) }
        .map(mem::ensure_utf16_validity)
        .is_some()
}

/// Copies ASCII up to the first non-ASCII byte. `dst_len` must be at least `src_len`.
/// Returns the number of bytes copied; `SIZE_MAX` for bad arguments.
///
/// # Safety
///
/// `src` with `src_len` must designate readable memory and `dst` with `dst_len`
/// writable memory (unless the length is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_copy_ascii_to_ascii(
    src: *const u8,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> usize {
    // SAFETY: the caller's promises.
    unsafe {
        convert(
            src,
            src_len,
            dst,
            dst_len,
            |s, d| d >= s,
            mem::copy_ascii_to_ascii,
        )
    }
    .unwrap_or(usize::MAX)
}

/// Copies ASCII, zero-extended to UTF-16, up to the first non-ASCII byte. `dst_len`
/// must be at least `src_len`. Returns the number of code units written; `SIZE_MAX`
/// for bad arguments.
///
/// # Safety
///
/// `src` with `src_len` must designate readable memory and `dst` with `dst_len`
/// writable `char16_t`s (unless the length is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_copy_ascii_to_basic_latin(
    src: *const u8,
    src_len: usize,
    dst: *mut char16_t,
    dst_len: usize,
) -> usize {
    // SAFETY: the caller's promises.
    unsafe {
        convert(
            src,
            src_len,
            dst,
            dst_len,
            |s, d| d >= s,
            mem::copy_ascii_to_basic_latin,
        )
    }
    .unwrap_or(usize::MAX)
}

/// Copies Basic Latin UTF-16, narrowed to ASCII, up to the first code unit above
/// U+007F. `dst_len` must be at least `src_len`. Returns the number of bytes written;
/// `SIZE_MAX` for bad arguments.
///
/// # Safety
///
/// `src` with `src_len` must designate readable `char16_t`s and `dst` with `dst_len`
/// writable memory (unless the length is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_mem_copy_basic_latin_to_ascii(
    src: *const char16_t,
    src_len: usize,
    dst: *mut u8,
    dst_len: usize,
) -> usize {
    // SAFETY: the caller's promises.
    unsafe {
        convert(
            src,
            src_len,
            dst,
            dst_len,
            |s, d| d >= s,
            mem::copy_basic_latin_to_ascii,
        )
    }
    .unwrap_or(usize::MAX)
}
