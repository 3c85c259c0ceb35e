//! Decoders: allocation and freeing, initialisation into caller memory, queries and
//! the four streaming functions.

use crate::args;
use crate::encoding::{from_ptr, ptr, Encoding};
use crate::{char16_t, coder_result, decoder_result};
use core::ptr::{null, null_mut};

/// A decoder: converts a byte stream in one encoding to UTF-8 or UTF-16, in calls
/// that may split the input anywhere. Opaque to C; made by `encoding_new_decoder()`
/// (freed by `decoder_free()`) or by `encoding_new_decoder_into()` in memory of
/// `decoder_size()` bytes aligned to `decoder_alignment()`.
pub struct Decoder {
    inner: textcodec::Decoder,
}

// A decoder owns no other memory, so initialising one over an old one with the
// `_into` functions leaks nothing, and memory from them needs no destructor.
const _: () = assert!(!core::mem::needs_drop::<Decoder>());

/// Heap-allocates the decoder `make` makes for `encoding`; `NULL` if `encoding` is not
/// an encoding.
fn new_boxed(
    encoding: *const Encoding,
    make: fn(&'static textcodec::Encoding) -> textcodec::Decoder,
) -> *mut Decoder {
    from_ptr(encoding).map_or(null_mut(), |e| {
        Box::into_raw(Box::new(Decoder { inner: make(e) }))
    })
}

/// Writes the decoder `make` makes for `encoding` to `decoder`; `false` (nothing
/// written) if `encoding` is not an encoding or `decoder` is `NULL` or misaligned.
///
/// # Safety
///
/// A non-null, aligned `decoder` must be valid for writing `decoder_size()` bytes.
unsafe fn new_into(
    encoding: *const Encoding,
    decoder: *mut Decoder,
    make: fn(&'static textcodec::Encoding) -> textcodec::Decoder,
) -> bool {
    let Some(e) = from_ptr(encoding) else {
        return false;
    };
    if args::object_span(decoder.cast_const()).is_none() {
        return false;
    }
    // SAFETY: non-null and aligned (checked); valid for writes by the caller's
    // promise. Whatever was there is overwritten without being dropped, which is
    // right for uninitialised memory and loses nothing for an old decoder (no drop
    // glue, asserted above).
    unsafe { decoder.write(Decoder { inner: make(e) }) };
    true
}

/// The decoder behind a pointer from C, or `None` for `NULL` or a misaligned one.
///
/// # Safety
///
/// A non-null, aligned `decoder` must point to a live decoder that no one writes
/// during `'a`.
unsafe fn get<'a>(decoder: *const Decoder) -> Option<&'a textcodec::Decoder> {
    args::object_span(decoder)?;
    // SAFETY: non-null and aligned (checked); live and not written by the caller's
    // promise.
    Some(unsafe { &(*decoder).inner })
}

/// Allocates a decoder for `encoding` with BOM sniffing: a UTF-8, UTF-16LE or
/// UTF-16BE byte order mark at the start of the stream is removed and switches the
/// decoder to that encoding.
///
/// Returns `NULL` if `encoding` is not an encoding. The decoder must be freed with
/// `decoder_free()`. Allocation failure aborts the process.
#[no_mangle]
pub extern "C" fn encoding_new_decoder(encoding: *const Encoding) -> *mut Decoder {
    new_boxed(encoding, textcodec::Encoding::new_decoder)
}

/// Allocates a decoder for `encoding` that removes this encoding's own byte order mark
/// at the start of the stream (and treats other BOMs as input). `NULL` if `encoding`
/// is not an encoding; free with `decoder_free()`.
#[no_mangle]
pub extern "C" fn encoding_new_decoder_with_bom_removal(encoding: *const Encoding) -> *mut Decoder {
    new_boxed(encoding, textcodec::Encoding::new_decoder_with_bom_removal)
}

/// Allocates a decoder for `encoding` that treats byte order marks as input. `NULL` if
/// `encoding` is not an encoding; free with `decoder_free()`.
#[no_mangle]
pub extern "C" fn encoding_new_decoder_without_bom_handling(
    encoding: *const Encoding,
) -> *mut Decoder {
    new_boxed(
        encoding,
        textcodec::Encoding::new_decoder_without_bom_handling,
    )
}

/// Initialises a decoder with BOM sniffing (as `encoding_new_decoder()`) in memory the
/// caller provides: either a decoder from `encoding_new_decoder*()` (which is reset;
/// free it with `decoder_free()` as before) or `decoder_size()` bytes aligned to
/// `decoder_alignment()` (which need no freeing beyond the caller's own).
///
/// Returns `false` and writes nothing if `encoding` is not an encoding or `decoder` is
/// `NULL` or misaligned. (encoding_c returns `void`.)
///
/// # Safety
///
/// `decoder` must be `NULL` or valid for writing `decoder_size()` bytes, and not in
/// use by another thread.
#[no_mangle]
pub unsafe extern "C" fn encoding_new_decoder_into(
    encoding: *const Encoding,
    decoder: *mut Decoder,
) -> bool {
    // SAFETY: the caller's promise about `decoder`.
    unsafe { new_into(encoding, decoder, textcodec::Encoding::new_decoder) }
}

/// As `encoding_new_decoder_into()`, with BOM removal (see
/// `encoding_new_decoder_with_bom_removal()`).
///
/// # Safety
///
/// `decoder` must be `NULL` or valid for writing `decoder_size()` bytes, and not in
/// use by another thread.
#[no_mangle]
pub unsafe extern "C" fn encoding_new_decoder_with_bom_removal_into(
    encoding: *const Encoding,
    decoder: *mut Decoder,
) -> bool {
    // SAFETY: the caller's promise about `decoder`.
    unsafe {
        new_into(
            encoding,
            decoder,
            textcodec::Encoding::new_decoder_with_bom_removal,
        )
    }
}

/// As `encoding_new_decoder_into()`, without BOM handling (see
/// `encoding_new_decoder_without_bom_handling()`).
///
/// # Safety
///
/// `decoder` must be `NULL` or valid for writing `decoder_size()` bytes, and not in
/// use by another thread.
#[no_mangle]
pub unsafe extern "C" fn encoding_new_decoder_without_bom_handling_into(
    encoding: *const Encoding,
    decoder: *mut Decoder,
) -> bool {
    // SAFETY: the caller's promise about `decoder`.
    unsafe {
        new_into(
            encoding,
            decoder,
            textcodec::Encoding::new_decoder_without_bom_handling,
        )
    }
}

/// The size in bytes of a decoder, for `encoding_new_decoder_into()`. (A textcodec
/// addition.)
#[no_mangle]
pub extern "C" fn decoder_size() -> usize {
    core::mem::size_of::<Decoder>()
}

/// The alignment in bytes a decoder needs, for `encoding_new_decoder_into()`. (A
/// textcodec addition.)
#[no_mangle]
pub extern "C" fn decoder_alignment() -> usize {
    core::mem::align_of::<Decoder>()
}

/// Frees a decoder allocated by `encoding_new_decoder*()`. `NULL` is ignored (as by
/// `free()`).
///
/// # Safety
///
/// `decoder` must be `NULL` or a pointer returned by `encoding_new_decoder()`,
/// `encoding_new_decoder_with_bom_removal()` or
/// `encoding_new_decoder_without_bom_handling()` that has not been freed yet (not
/// memory merely initialised by an `_into` function), and not in use by another
/// thread.
#[no_mangle]
pub unsafe extern "C" fn decoder_free(decoder: *mut Decoder) {
    if args::object_span(decoder.cast_const()).is_none() {
        return;
    }
    // SAFETY: the caller promises this came from Box::into_raw in `new_boxed` and
    // was not freed before.
    drop(unsafe { Box::from_raw(decoder) });
}

/// The encoding the decoder decodes. BOM sniffing can change it during the first
/// calls. `NULL` if `decoder` is `NULL` or misaligned.
///
/// # Safety
///
/// `decoder` must be `NULL` or point to a live decoder not being written by another
/// thread.
#[no_mangle]
pub unsafe extern "C" fn decoder_encoding(decoder: *const Decoder) -> *const Encoding {
    // SAFETY: the caller's promise about `decoder`.
    unsafe { get(decoder) }.map_or(null(), |d| ptr(d.encoding()))
}

/// The UTF-8 output buffer length (in bytes) that `decoder_decode_to_utf8()` cannot
/// overflow for `byte_length` more bytes of input, given the decoder's state.
/// `SIZE_MAX` if that does not fit in `size_t`, or if `decoder` is `NULL` or
/// misaligned.
///
/// # Safety
///
/// `decoder` must be `NULL` or point to a live decoder not being written by another
/// thread.
#[no_mangle]
pub unsafe extern "C" fn decoder_max_utf8_buffer_length(
    decoder: *const Decoder,
    byte_length: usize,
) -> usize {
    // SAFETY: the caller's promise about `decoder`.
    unsafe { get(decoder) }
        .and_then(|d| d.max_utf8_buffer_length(byte_length))
        .unwrap_or(usize::MAX)
}

/// As `decoder_max_utf8_buffer_length()`, for
/// `decoder_decode_to_utf8_without_replacement()` (which may need less room).
///
/// # Safety
///
/// `decoder` must be `NULL` or point to a live decoder not being written by another
/// thread.
#[no_mangle]
pub unsafe extern "C" fn decoder_max_utf8_buffer_length_without_replacement(
    decoder: *const Decoder,
    byte_length: usize,
) -> usize {
    // SAFETY: the caller's promise about `decoder`.
    unsafe { get(decoder) }
        .and_then(|d| d.max_utf8_buffer_length_without_replacement(byte_length))
        .unwrap_or(usize::MAX)
}

/// The UTF-16 output buffer length (in code units) that `decoder_decode_to_utf16*()`
/// cannot overflow for `byte_length` more bytes of input, with or without
/// replacement. `SIZE_MAX` on overflow or if `decoder` is `NULL` or misaligned.
///
/// # Safety
///
/// `decoder` must be `NULL` or point to a live decoder not being written by another
/// thread.
#[no_mangle]
pub unsafe extern "C" fn decoder_max_utf16_buffer_length(
    decoder: *const Decoder,
    byte_length: usize,
) -> usize {
    // SAFETY: the caller's promise about `decoder`.
    unsafe { get(decoder) }
        .and_then(|d| d.max_utf16_buffer_length(byte_length))
        .unwrap_or(usize::MAX)
}

/// For engines that store strings as Latin-1 when they can: the length of the prefix
/// of `buffer` whose every byte decodes to the code point of the same value, given
/// the decoder's state. Does not change the decoder.
///
/// `SIZE_MAX` when the decoder is not in a neutral state (mid-sequence or still
/// looking at a possible BOM), for encodings without the property (UTF-16BE,
/// UTF-16LE, replacement), and for bad arguments.
///
/// # Safety
///
/// `decoder` must be `NULL` or point to a live decoder not being written by another
/// thread; `buffer` and `buffer_len` must designate readable memory (unless
/// `buffer_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn decoder_latin1_byte_compatible_up_to(
    decoder: *const Decoder,
    buffer: *const u8,
    buffer_len: usize,
) -> usize {
    // SAFETY: the caller's promises about `decoder` and `buffer`; both are only read.
    let (decoder, buffer) = unsafe { (get(decoder), args::slice(buffer, buffer_len)) };
    decoder
        .zip(buffer)
        .and_then(|(d, b)| d.latin1_byte_compatible_up_to(b))
        .unwrap_or(usize::MAX)
}

/// Decodes the next part of the stream to UTF-8, writing U+FFFD for malformed
/// sequences.
///
/// On entry `*src_len` is the input's length and `*dst_len` the output buffer's; on
/// return they say how many bytes were read and written. Returns `INPUT_EMPTY` when
/// all the input was read (call again with more input, or with `last` set once the
/// stream ends), `OUTPUT_FULL` when the output buffer is full (call again with the
/// rest of the input and more room). `*had_replacements` (if `had_replacements` is
/// not `NULL`) says whether a U+FFFD was written for a malformed sequence.
///
/// `last` is true for the call that includes the end of the stream; after an
/// `INPUT_EMPTY` return with `last` set the decoder must not be used again (except
/// to re-initialise it with an `_into` function or free it).
///
/// Any split of the input, with an output buffer of at least 4 bytes, gives the same
/// output as decoding it whole. The output is valid UTF-8.
///
/// Returns `TEXTCODEC_INVALID_ARGUMENT` (and reads and writes nothing) for a `NULL` or
/// misaligned `decoder`, `src_len` or `dst_len`, a `NULL` buffer with a non-zero
/// length, buffers that overlap each other or the decoder, or lengths beyond
/// `PTRDIFF_MAX`.
///
/// # Safety
///
/// `decoder` must be `NULL` or a live decoder used by no other thread meanwhile;
/// `src_len`, `dst_len` and `had_replacements` must each be `NULL` or valid for reads
/// and writes of their type; `src` with `*src_len` must designate readable memory and
/// `dst` with `*dst_len` writable memory (unless the length is 0).
#[no_mangle]
pub unsafe extern "C" fn decoder_decode_to_utf8(
    decoder: *mut Decoder,
    src: *const u8,
    src_len: *mut usize,
    dst: *mut u8,
    dst_len: *mut usize,
    last: bool,
    had_replacements: *mut bool,
) -> u32 {
    // SAFETY: the caller's promises, as `stream` needs them.
    unsafe {
        args::stream(
            decoder,
            src,
            src_len,
            dst,
            dst_len,
            had_replacements,
            |d: &mut Decoder, s, o| {
                let (result, read, written, replaced) = d.inner.decode_to_utf8(s, o, last);
                (coder_result(result), read, written, replaced)
            },
        )
    }
}

/// Decodes the next part of the stream to UTF-8 and stops after a malformed
/// sequence.
///
/// As `decoder_decode_to_utf8()`, except that a malformed sequence is not replaced:
/// the function returns `(after << 8) | bad`, where `bad` (1–3) is the length of the
/// malformed sequence (some of which may have come in earlier calls) and `after`
/// (0–3) the number of bytes read after it, which are the last read and will be
/// decoded by the next call. The output buffer of at least 4 bytes guarantee holds
/// here too.
///
/// # Safety
///
/// As `decoder_decode_to_utf8()`.
#[no_mangle]
pub unsafe extern "C" fn decoder_decode_to_utf8_without_replacement(
    decoder: *mut Decoder,
    src: *const u8,
    src_len: *mut usize,
    dst: *mut u8,
    dst_len: *mut usize,
    last: bool,
) -> u32 {
    // SAFETY: the caller's promises, as `stream` needs them.
    unsafe {
        args::stream(
            decoder,
            src,
            src_len,
            dst,
            dst_len,
            null_mut(),
            |d: &mut Decoder, s, o| {
                let (result, read, written) =
                    d.inner.decode_to_utf8_without_replacement(s, o, last);
                (decoder_result(result), read, written, false)
            },
        )
    }
}

/// Decodes the next part of the stream to UTF-16, writing U+FFFD for malformed
/// sequences. As `decoder_decode_to_utf8()`, with lengths in `char16_t` code units
/// for `dst` (which must be aligned for `char16_t`); an output buffer of at least 2
/// units gives the same output as decoding the input whole. Unpaired surrogates are
/// never written.
///
/// # Safety
///
/// As `decoder_decode_to_utf8()`, with `dst` designating `*dst_len` writable
/// `char16_t`s.
#[no_mangle]
pub unsafe extern "C" fn decoder_decode_to_utf16(
    decoder: *mut Decoder,
    src: *const u8,
    src_len: *mut usize,
    dst: *mut char16_t,
    dst_len: *mut usize,
    last: bool,
    had_replacements: *mut bool,
) -> u32 {
    // SAFETY: the caller's promises, as `stream` needs them.
    unsafe {
        args::stream(
            decoder,
            src,
            src_len,
            dst,
            dst_len,
            had_replacements,
            |d: &mut Decoder, s, o| {
                let (result, read, written, replaced) = d.inner.decode_to_utf16(s, o, last);
                (coder_result(result), read, written, replaced)
            },
        )
    }
}

/// Decodes the next part of the stream to UTF-16 and stops after a malformed
/// sequence: as `decoder_decode_to_utf8_without_replacement()`, with a `char16_t`
/// output buffer.
///
/// # Safety
///
/// As `decoder_decode_to_utf16()`.
#[no_mangle]
pub unsafe extern "C" fn decoder_decode_to_utf16_without_replacement(
    decoder: *mut Decoder,
    src: *const u8,
    src_len: *mut usize,
    dst: *mut char16_t,
    dst_len: *mut usize,
    last: bool,
) -> u32 {
    // SAFETY: the caller's promises, as `stream` needs them.
    unsafe {
        args::stream(
            decoder,
            src,
            src_len,
            dst,
            dst_len,
            null_mut(),
            |d: &mut Decoder, s, o| {
                let (result, read, written) =
                    d.inner.decode_to_utf16_without_replacement(s, o, last);
                (decoder_result(result), read, written, false)
            },
        )
    }
}
