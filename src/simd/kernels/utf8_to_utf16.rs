//! UTF-8 -> UTF-16: the driver every kernel shares (validation a chunk at a time,
//! then the conversion of the valid part), and the kernel for vectors without byte
//! shuffles.

use crate::simd::scalar;
use crate::simd::vector::Vector;

/// The driver of every UTF-8 → UTF-16 kernel (see [`scalar::utf8_to_utf16`]): each
/// chunk of 4 KiB first has its ASCII prefix widened by `V`'s vectors (one pass, no
/// separate validation: pure ASCII input costs a widening only), then `valid_up_to`
/// validates the rest of the chunk; `blocks(src, end, dst)` converts a
/// prefix of the valid UTF-8 `src[..end]` (which starts and ends at character
/// boundaries) into `dst`, returning (bytes read, units written) and stopping where
/// it cannot go on (a character its vectors do not take, the last bytes, `dst`
/// nearly full); the next `step` bytes (cut back to a character boundary) then go
/// through the scalar code, and `blocks` resumes after them. At an invalid sequence
/// or a full `dst`, the scalar code stops at it and so does this.
///
/// With a WTF-8 `valid_up_to` (which lets lone surrogates through but knows nothing
/// of the bytes before the slice it is given), this stops after a lead surrogate
/// sequence that ends a validated part instead of validating on from there: a trail
/// surrogate sequence there would join it into a pair, which the caller checks.
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]).
#[inline(always)]
pub(crate) unsafe fn utf8_to_utf16_chunked<V: Vector>(
    src: &[u8],
    dst: &mut [u16],
    step: usize,
    mut valid_up_to: impl FnMut(&[u8]) -> usize,
    mut blocks: impl FnMut(&[u8], usize, &mut [u16]) -> (usize, usize),
) -> (usize, usize) {
    const CHUNK: usize = 4096;
    let (mut r, mut w) = (0, 0);
    while r < src.len() {
        let chunk_end = src.len().min(r + CHUNK);
        // SAFETY: forwarded contract.
        let ascii = unsafe {
            super::ascii::copy_ascii_to_basic_latin::<V>(&src[r..chunk_end], &mut dst[w..])
        };
        r += ascii;
        w += ascii;
        if r == chunk_end {
            continue;
        }
        // After a lead surrogate sequence (only a WTF-8 `valid_up_to` lets one
        // through; `r` is a character boundary, so `src[r - 3]` is its `ED`).
        if r >= 3 && src[r - 3] == 0xED && src[r - 2] & 0xF0 == 0xA0 {
            break;
        }
        let valid = valid_up_to(&src[r..src.len().min(r + CHUNK)]);
        if valid == 0 {
            break;
        }
        let end = r + valid;
        while r < end {
            let (rr, ww) = blocks(&src[r..], end - r, &mut dst[w..]);
            r += rr;
            w += ww;
            if r == end {
                break;
            }
            let stop = end.min(r + step);
            let (rr, ww) = scalar::utf8_to_utf16(&src[r..stop], &mut dst[w..]);
            r += rr;
            w += ww;
            if rr == 0 {
                return (r, w);
            }
        }
    }
    (r, w)
}

/// See [`scalar::utf8_to_utf16`], for vectors without byte shuffles (SSE2): runs of
/// ASCII are widened by `V`'s vectors; from the first other byte, the scalar code
/// (which validates as it converts, a word at a time) takes the next [`STRETCH`]
/// bytes, then the vectors again. No separate validation pass: with SSE2's validator
/// (the scalar one) in front of it, as [`utf8_to_utf16_chunked`] does for the
/// shuffling ISAs, Cyrillic text took three times the scalar tier's instructions.
///
/// A stretch that ends inside a character leaves it for the next one; the scalar code
/// stopping at the start of a stretch (an invalid or incomplete sequence there, or
/// `dst` full) ends the call where the scalar code alone would.
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
// Only ISAs without byte shuffles (SSE2) run this.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[inline(always)]
pub(crate) unsafe fn utf8_to_utf16<V: Vector>(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    loop {
        // SAFETY: forwarded contract.
        let ascii =
            unsafe { super::ascii::copy_ascii_to_basic_latin::<V>(&src[r..], &mut dst[w..]) };
        r += ascii;
        w += ascii;
        if r == src.len() {
            return (r, w);
        }
        let stop = src.len().min(r + STRETCH);
        let (rr, ww) = scalar::utf8_to_utf16(&src[r..stop], &mut dst[w..]);
        r += rr;
        w += ww;
        if rr == 0 {
            // A character fits in a stretch: the scalar code stopped at an invalid
            // or incomplete sequence, or for want of room.
            return (r, w);
        }
    }
}

/// The bytes that [`utf8_to_utf16`] gives the scalar code at a time: long enough for
/// its per-call cost (a byte-at-a-time tail) not to count, short enough to return to
/// the vectors soon after a run of non-ASCII text in mostly ASCII markup.
const STRETCH: usize = 1024;
