//! Encoders: allocation and freeing, initialisation into caller memory, queries and
//! the four streaming functions.

use crate::args;
use crate::encoding::{from_ptr, ptr, Encoding};
use crate::{
    char16_t, coder_result, encoder_result, INPUT_EMPTY, OUTPUT_FULL, TEXTCODEC_INVALID_UTF8,
};
use core::ptr::{null, null_mut};

/// An encoder: converts UTF-8 or UTF-16 to a byte stream in one encoding, in calls
/// that may split the input anywhere (UTF-8 input at character boundaries). Opaque to
/// C; made by `encoding_new_encoder()` (freed by `encoder_free()`) or by
/// `encoding_new_encoder_into()` in memory of `encoder_size()` bytes aligned to
/// `encoder_alignment()`.
pub struct Encoder {
    inner: textcodec::Encoder,
}

// An encoder owns no other memory (see the same assertion for `Decoder`).
const _: () = assert!(!core::mem::needs_drop::<Encoder>());

/// The encoder behind a pointer from C, or `None` for `NULL` or a misaligned one.
///
/// # Safety
///
/// A non-null, aligned `encoder` must point to a live encoder that no one writes
/// during `'a`.
unsafe fn get<'a>(encoder: *const Encoder) -> Option<&'a textcodec::Encoder> {
    args::object_span(encoder)?;
    // SAFETY: non-null and aligned (checked); live and not written by the caller's
    // promise.
    Some(unsafe { &(*encoder).inner })
}

/// Allocates an encoder for the output encoding of `encoding` (UTF-8 for UTF-16BE,
/// UTF-16LE and replacement: `encoder_encoding()` says which). Returns `NULL` if
/// `encoding` is not an encoding. The encoder must be freed with `encoder_free()`.
/// Allocation failure aborts the process.
#[no_mangle]
pub extern "C" fn encoding_new_encoder(encoding: *const Encoding) -> *mut Encoder {
    from_ptr(encoding).map_or(null_mut(), |e| {
        Box::into_raw(Box::new(Encoder {
            inner: e.new_encoder(),
        }))
    })
}

/// Initialises an encoder (as `encoding_new_encoder()`) in memory the caller provides:
/// either an encoder from `encoding_new_encoder()` (which is reset; free it with
/// `encoder_free()` as before) or `encoder_size()` bytes aligned to
/// `encoder_alignment()` (which need no freeing beyond the caller's own).
///
/// Returns `false` and writes nothing if `encoding` is not an encoding or `encoder` is
/// `NULL` or misaligned. (encoding_c returns `void`.)
///
/// # Safety
///
/// `encoder` must be `NULL` or valid for writing `encoder_size()` bytes, and not in
/// use by another thread.
#[no_mangle]
pub unsafe extern "C" fn encoding_new_encoder_into(
    encoding: *const Encoding,
    encoder: *mut Encoder,
) -> bool {
    let Some(e) = from_ptr(encoding) else {
        return false;
    };
    if args::object_span(encoder.cast_const()).is_none() {
        return false;
    }
    // SAFETY: non-null and aligned (checked); valid for writes by the caller's
    // promise. An old encoder there is overwritten without loss (no drop glue).
    unsafe {
        encoder.write(Encoder {
            inner: e.new_encoder(),
        })
    };
    true
}

/// The size in bytes of an encoder, for `encoding_new_encoder_into()`. (A textcodec
/// addition.)
#[no_mangle]
pub extern "C" fn encoder_size() -> usize {
    core::mem::size_of::<Encoder>()
}

/// The alignment in bytes an encoder needs, for `encoding_new_encoder_into()`. (A
/// textcodec addition.)
#[no_mangle]
pub extern "C" fn encoder_alignment() -> usize {
    core::mem::align_of::<Encoder>()
}

/// Frees an encoder allocated by `encoding_new_encoder()`. `NULL` is ignored.
///
/// # Safety
///
/// `encoder` must be `NULL` or a pointer returned by `encoding_new_encoder()` that
/// has not been freed yet (not memory merely initialised by
/// `encoding_new_encoder_into()`), and not in use by another thread.
#[no_mangle]
pub unsafe extern "C" fn encoder_free(encoder: *mut Encoder) {
    if args::object_span(encoder.cast_const()).is_none() {
        return;
    }
    // SAFETY: the caller promises this came from Box::into_raw in
    // `encoding_new_encoder` and was not freed before.
    drop(unsafe { Box::from_raw(encoder) });
}

/// The encoding the encoder writes. `NULL` if `encoder` is `NULL` or misaligned.
///
/// # Safety
///
/// `encoder` must be `NULL` or point to a live encoder not being written by another
/// thread.
#[no_mangle]
pub unsafe extern "C" fn encoder_encoding(encoder: *const Encoder) -> *const Encoding {
    // SAFETY: the caller's promise about `encoder`.
    unsafe { get(encoder) }.map_or(null(), |e| ptr(e.encoding()))
}

/// Whether a final call (`last` set) would still write something with no more
/// input: ISO-2022-JP's return to ASCII, or a high surrogate kept from the end of a
/// UTF-16 buffer (encoding_c reports only the former). `false` if `encoder` is `NULL`
/// or misaligned.
///
/// # Safety
///
/// `encoder` must be `NULL` or point to a live encoder not being written by another
/// thread.
#[no_mangle]
pub unsafe extern "C" fn encoder_has_pending_state(encoder: *const Encoder) -> bool {
    // SAFETY: the caller's promise about `encoder`.
    unsafe { get(encoder) }.is_some_and(textcodec::Encoder::has_pending_state)
}

/// The output length that `encoder_encode_from_utf8()` cannot exceed for
/// `byte_length` more bytes of input if none of its characters is unmappable, given
/// the encoder's state. `SIZE_MAX` on overflow or if `encoder` is `NULL` or
/// misaligned.
///
/// # Safety
///
/// `encoder` must be `NULL` or point to a live encoder not being written by another
/// thread.
#[no_mangle]
pub unsafe extern "C" fn encoder_max_buffer_length_from_utf8_if_no_unmappables(
    encoder: *const Encoder,
    byte_length: usize,
) -> usize {
    // SAFETY: the caller's promise about `encoder`.
    unsafe { get(encoder) }
        .and_then(|e| e.max_buffer_length_from_utf8_if_no_unmappables(byte_length))
        .unwrap_or(usize::MAX)
}

/// The output length that `encoder_encode_from_utf8_without_replacement()` cannot
/// exceed for `byte_length` more bytes of input. `SIZE_MAX` on overflow or if
/// `encoder` is `NULL` or misaligned.
///
/// # Safety
///
/// `encoder` must be `NULL` or point to a live encoder not being written by another
/// thread.
#[no_mangle]
pub unsafe extern "C" fn encoder_max_buffer_length_from_utf8_without_replacement(
    encoder: *const Encoder,
    byte_length: usize,
) -> usize {
    // SAFETY: the caller's promise about `encoder`.
    unsafe { get(encoder) }
        .and_then(|e| e.max_buffer_length_from_utf8_without_replacement(byte_length))
        .unwrap_or(usize::MAX)
}

/// The output length that `encoder_encode_from_utf16()` cannot exceed for
/// `u16_length` more code units of input if none of its characters is unmappable.
/// `SIZE_MAX` on overflow or if `encoder` is `NULL` or misaligned.
///
/// # Safety
///
/// `encoder` must be `NULL` or point to a live encoder not being written by another
/// thread.
#[no_mangle]
pub unsafe extern "C" fn encoder_max_buffer_length_from_utf16_if_no_unmappables(
    encoder: *const Encoder,
    u16_length: usize,
) -> usize {
    // SAFETY: the caller's promise about `encoder`.
    unsafe { get(encoder) }
        .and_then(|e| e.max_buffer_length_from_utf16_if_no_unmappables(u16_length))
        .unwrap_or(usize::MAX)
}

/// The output length that `encoder_encode_from_utf16_without_replacement()` cannot
/// exceed for `u16_length` more code units of input. `SIZE_MAX` on overflow or if
/// `encoder` is `NULL` or misaligned.
///
/// # Safety
///
/// `encoder` must be `NULL` or point to a live encoder not being written by another
/// thread.
#[no_mangle]
pub unsafe extern "C" fn encoder_max_buffer_length_from_utf16_without_replacement(
    encoder: *const Encoder,
    u16_length: usize,
) -> usize {
    // SAFETY: the caller's promise about `encoder`.
    unsafe { get(encoder) }
        .and_then(|e| e.max_buffer_length_from_utf16_without_replacement(u16_length))
        .unwrap_or(usize::MAX)
}

/// Runs `encode` (an `encode_from_utf8*` method, its result as `uint32_t`) over the
/// valid UTF-8 of `src`, a window at a time, and stops at the first invalid byte with
/// [`TEXTCODEC_INVALID_UTF8`].
///
/// Validating all of `src` up front would cost a pass over input that a small output
/// buffer will not take in this call (and again in the next). An encoder writes at
/// least one byte per character and a character is at most 4 bytes, so it reads at
/// most `4 * room` bytes: each window is that plus 4, cut back to the valid prefix.
/// Bytes after the valid prefix are an error unless they are the start of a
/// character that the window's end cut (at most 3 bytes of one).
///
/// Returns (result, bytes read, bytes written, replaced).
fn encode_utf8_checked(
    encoder: &mut textcodec::Encoder,
    src: &[u8],
    dst: &mut [u8],
    last: bool,
    mut encode: impl FnMut(&mut textcodec::Encoder, &str, &mut [u8], bool) -> (u32, usize, usize, bool),
) -> (u32, usize, usize, bool) {
    let (mut read, mut written, mut replaced) = (0usize, 0usize, false);
    loop {
        let rest = src.get(read..).unwrap_or_default();
        let room = dst.get_mut(written..).unwrap_or_default();
        let window_len = rest
            .len()
            .min(room.len().saturating_mul(4).saturating_add(4));
        let window = rest.get(..window_len).unwrap_or_default();
        let valid = textcodec::Encoding::utf8_valid_up_to(window);
        let text = window.get(..valid).unwrap_or_default();
        debug_assert!(core::str::from_utf8(text).is_ok());
        // SAFETY: `utf8_valid_up_to` returns the length of the longest prefix that is
        // UTF-8 as the Encoding Standard defines it, which is exactly what `str`
        // holds (no surrogates, no overlong forms, nothing above U+10FFFF); the
        // tests compare it with `core::str::from_utf8` on every short sequence.
        let text = unsafe { core::str::from_utf8_unchecked(text) };
        let whole = valid == rest.len();
        // The window's end cut a character if what follows the valid prefix is the
        // start of one (an incomplete sequence, at most 3 bytes) rather than an
        // invalid byte; `from_utf8` on that tail fails at its first byte either way.
        let tail = window.get(valid..).unwrap_or_default();
        let cut = window_len < rest.len()
            && match core::str::from_utf8(tail) {
                Ok(_) => true,
                Err(e) => e.valid_up_to() == 0 && e.error_len().is_none(),
            };
        let (result, r, w, rep) = encode(encoder, text, room, last && whole);
        read = read.saturating_add(r);
        written = written.saturating_add(w);
        replaced |= rep;
        if result != INPUT_EMPTY || whole {
            return (result, read, written, replaced);
        }
        if !cut {
            return (TEXTCODEC_INVALID_UTF8, read, written, replaced);
        }
        if r == 0 {
            // Not reached (a cut window holds at least one whole character); without
            // progress, hand the caller a chance to make room rather than loop.
            return (OUTPUT_FULL, read, written, replaced);
        }
    }
}

/// Encodes the next part of a UTF-8 stream, writing characters the encoding cannot
/// represent as HTML decimal numeric character references (`&#NNNN;`).
///
/// On entry `*src_len` is the input's length and `*dst_len` the output buffer's; on
/// return they say how many bytes were read and written. Returns `INPUT_EMPTY` when
/// all the input was read, `OUTPUT_FULL` when the output buffer is full (call again
/// with the rest of the input and more room). `*had_replacements` (if
/// `had_replacements` is not `NULL`) says whether a reference was written.
///
/// `last` is true for the call that includes the end of the stream (ISO-2022-JP then
/// returns to ASCII).
///
/// The input must be valid UTF-8 and may be split only at character boundaries. If
/// it is not, the valid part before the first invalid byte is encoded and the
/// function returns `TEXTCODEC_INVALID_UTF8` with `*src_len` the offset of that byte
/// (encoding_c has undefined behaviour here). Returns `TEXTCODEC_INVALID_ARGUMENT` for
/// the bad arguments listed at `decoder_decode_to_utf8()`.
///
/// Any split of the input, with an output buffer of at least 14 bytes, gives the same
/// output as encoding it whole.
///
/// # Safety
///
/// `encoder` must be `NULL` or a live encoder used by no other thread meanwhile;
/// `src_len`, `dst_len` and `had_replacements` must each be `NULL` or valid for reads
/// and writes of their type; `src` with `*src_len` must designate readable memory and
/// `dst` with `*dst_len` writable memory (unless the length is 0).
#[no_mangle]
pub unsafe extern "C" fn encoder_encode_from_utf8(
    encoder: *mut Encoder,
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
            encoder,
            src,
            src_len,
            dst,
            dst_len,
            had_replacements,
            |e: &mut Encoder, s, o| {
                encode_utf8_checked(&mut e.inner, s, o, last, |e, s, o, l| {
                    let (result, read, written, replaced) = e.encode_from_utf8(s, o, l);
                    (coder_result(result), read, written, replaced)
                })
            },
        )
    }
}

/// Encodes the next part of a UTF-8 stream and stops after a character the encoding
/// cannot represent, returning its scalar value (it was read: it is the last
/// character counted in `*src_len`).
///
/// As `encoder_encode_from_utf8()` otherwise (including `TEXTCODEC_INVALID_UTF8`).
///
/// # Safety
///
/// As `encoder_encode_from_utf8()`.
#[no_mangle]
pub unsafe extern "C" fn encoder_encode_from_utf8_without_replacement(
    encoder: *mut Encoder,
    src: *const u8,
    src_len: *mut usize,
    dst: *mut u8,
    dst_len: *mut usize,
    last: bool,
) -> u32 {
    // SAFETY: the caller's promises, as `stream` needs them.
    unsafe {
        args::stream(
            encoder,
            src,
            src_len,
            dst,
            dst_len,
            null_mut(),
            |e: &mut Encoder, s, o| {
                encode_utf8_checked(&mut e.inner, s, o, last, |e, s, o, l| {
                    let (result, read, written) = e.encode_from_utf8_without_replacement(s, o, l);
                    (encoder_result(result), read, written, false)
                })
            },
        )
    }
}

/// Encodes the next part of a UTF-16 stream, writing unmappable characters as
/// `&#NNNN;`. As `encoder_encode_from_utf8()`, with `*src_len` in `char16_t` code
/// units (`src` must be aligned for `char16_t`). The input may be split anywhere: a
/// high surrogate at the end of a call that is not the last is kept for the next
/// call. Unpaired surrogates are encoded as U+FFFD would be.
///
/// # Safety
///
/// As `encoder_encode_from_utf8()`, with `src` designating `*src_len` readable
/// `char16_t`s.
#[no_mangle]
pub unsafe extern "C" fn encoder_encode_from_utf16(
    encoder: *mut Encoder,
    src: *const char16_t,
    src_len: *mut usize,
    dst: *mut u8,
    dst_len: *mut usize,
    last: bool,
    had_replacements: *mut bool,
) -> u32 {
    // SAFETY: the caller's promises, as `stream` needs them.
    unsafe {
        args::stream(
            encoder,
            src,
            src_len,
            dst,
            dst_len,
            had_replacements,
            |e: &mut Encoder, s, o| {
                let (result, read, written, replaced) = e.inner.encode_from_utf16(s, o, last);
                (coder_result(result), read, written, replaced)
            },
        )
    }
}

/// Encodes the next part of a UTF-16 stream and stops after a character the encoding
/// cannot represent, returning its scalar value. As
/// `encoder_encode_from_utf8_without_replacement()` with UTF-16 input.
///
/// # Safety
///
/// As `encoder_encode_from_utf16()`.
#[no_mangle]
pub unsafe extern "C" fn encoder_encode_from_utf16_without_replacement(
    encoder: *mut Encoder,
    src: *const char16_t,
    src_len: *mut usize,
    dst: *mut u8,
    dst_len: *mut usize,
    last: bool,
) -> u32 {
    // SAFETY: the caller's promises, as `stream` needs them.
    unsafe {
        args::stream(
            encoder,
            src,
            src_len,
            dst,
            dst_len,
            null_mut(),
            |e: &mut Encoder, s, o| {
                let (result, read, written) =
                    e.inner.encode_from_utf16_without_replacement(s, o, last);
                (encoder_result(result), read, written, false)
            },
        )
    }
}
