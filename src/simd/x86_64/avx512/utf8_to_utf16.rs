//! AVX-512 UTF-8 -> UTF-16: each 64-byte block validated in mask registers as it is
//! converted (one pass).

use super::avx512_fn;
use super::{interleave_indexes, low_bits};
use crate::simd::scalar;
use core::arch::x86_64::*;

/// Converts valid UTF-8 from `src[r..]` to UTF-16 at `dst[w..]` a 64-byte block at a
/// time, validating each block in mask registers as it is converted (one pass), while
/// the block and the two bytes after it are in `src`, `dst` has room for 64 units, and
/// the block starts with a one- to three-byte sequence. Each block starts at a
/// character boundary and is converted up to its last sequence that ends in it (or up
/// to its first four-byte sequence); a block with an error anywhere in that part (or a
/// sequence it starts left incomplete) is left for the caller. Returns the new (r, w).
///
/// With `WTF8`, surrogate sequences (`ED A0..BF xx`) are taken as the code units they
/// stand for, except a trail surrogate sequence directly after a lead one (in the
/// block, or a lead just before the block), which is an error: the block with it is
/// left for the caller.
///
/// # Safety
/// The AVX-512 features; `r` is a character boundary of the valid (with `WTF8`,
/// well-formed WTF-8) prefix of `src`.
#[inline(always)]
unsafe fn utf8_blocks_to_utf16<const WTF8: bool>(
    src: &[u8],
    mut r: usize,
    dst: &mut [u16],
    mut w: usize,
) -> (usize, usize) {
    let (sp, dp, n) = (src.as_ptr(), dst.as_mut_ptr(), src.len());
    // SAFETY: loads read `src[r..r + 66]` (`r + 66 <= n`) or, in the ASCII loop,
    // `src[r..r + 128]` (`r + 130 <= n`); stores write at most 64 units at `w`
    // (`w + 64 <= dst.len()`), masked to the units produced, or 128 in the ASCII loop
    // (`w + 128 <= dst.len()`); with `WTF8`, `src[r - 3..r - 1]` (`r >= 3`).
    unsafe {
        let byte = |b: u8| _mm512_set1_epi8(b as i8);
        // Low and high bytes into units.
        let interleave = interleave_indexes();
        while r + 66 <= n && dst.len() - w >= 64 {
            // 128 bytes of ASCII per test of the high bits.
            while r + 130 <= n && dst.len() - w >= 128 {
                let a = _mm512_loadu_si512(sp.add(r).cast());
                let b = _mm512_loadu_si512(sp.add(r + 64).cast());
                if _mm512_movepi8_mask(_mm512_or_si512(a, b)) != 0 {
                    break;
                }
                for (k, v) in [(0, a), (64, b)] {
                    _mm512_storeu_si512(
                        dp.add(w + k).cast(),
                        _mm512_cvtepu8_epi16(_mm512_castsi512_si256(v)),
                    );
                    _mm512_storeu_si512(
                        dp.add(w + k + 32).cast(),
                        _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64::<1>(v)),
                    );
                }
                r += 128;
                w += 128;
            }
            if r + 66 > n || dst.len() - w < 64 {
                break;
            }
            let v = _mm512_loadu_si512(sp.add(r).cast());
            let high = _mm512_movepi8_mask(v);
            if high == 0 {
                _mm512_storeu_si512(
                    dp.add(w).cast(),
                    _mm512_cvtepu8_epi16(_mm512_castsi512_si256(v)),
                );
                _mm512_storeu_si512(
                    dp.add(w + 32).cast(),
                    _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64::<1>(v)),
                );
                r += 64;
                w += 64;
                continue;
            }
            let ge_c0 = _mm512_cmpge_epu8_mask(v, byte(0xC0));
            let ge_c2 = _mm512_cmpge_epu8_mask(v, byte(0xC2));
            let ge_e0 = _mm512_cmpge_epu8_mask(v, byte(0xE0));
            let ge_f0 = _mm512_cmpge_epu8_mask(v, byte(0xF0));
            let cont = high & !ge_c0;
            let leads = !cont;
            // The part converted: `src[r..r + c]`, up to the start of a sequence the
            // block cuts, and before the first four-byte (or invalid F5..FF) lead.
            let mut c = 64;
            if *sp.add(r + 64) & 0xC0 == 0x80 {
                if leads == 0 {
                    break;
                }
                c = 63 - leads.leading_zeros() as usize;
            }
            let four = ge_f0 & low_bits(c);
            if four != 0 {
                c = four.trailing_zeros() as usize;
            }
            if c == 0 {
                break;
            }
            let part = low_bits(c);
            // Validation of `src[r..r + c]` (one- to three-byte sequences): no C0/C1
            // lead; continuation bytes exactly where the leads before them expect
            // them, checked up to position `c` (a lead, or the end of the block, when
            // no sequence may be left open); E0 needs A0..BF next, ED 80..9F.
            let lead3 = ge_e0 & !ge_f0;
            let lead2 = ge_c2 & !ge_e0;
            let expected = (lead2 << 1) | (lead3 << 1) | (lead3 << 2);
            let (checked, open) = if c == 64 {
                (!0, ((lead2 | lead3) >> 63) | (lead3 >> 62))
            } else {
                (low_bits(c + 1), 0)
            };
            let mut bad = ((cont ^ expected) & checked) | (ge_c0 & !ge_c2 & part) | open;
            let three = ge_e0 & part != 0;
            if three {
                let e0 = _mm512_cmpeq_epi8_mask(v, byte(0xE0));
                let ed = _mm512_cmpeq_epi8_mask(v, byte(0xED));
                let below_a0 = _mm512_cmplt_epu8_mask(v, byte(0xA0));
                if WTF8 {
                    bad |= (e0 << 1) & below_a0 & cont;
                    // Lead surrogate sequences end where `ED A0..AF` starts; trail
                    // ones start at `ED B0..BF`. Marked at their `ED`.
                    let below_b0 = _mm512_cmplt_epu8_mask(v, byte(0xB0));
                    let lead = ed & ((!below_a0 & below_b0) >> 1);
                    let trail = ed & ((cont & !below_b0) >> 1) & part;
                    bad |= (lead << 3) & trail;
                    // A trail first in the block, after a lead sequence before it
                    // (`r` is a character boundary: `src[r - 3]` is that lead's `ED`).
                    if trail & 1 != 0
                        && r >= 3
                        && *sp.add(r - 3) == 0xED
                        && *sp.add(r - 2) & 0xF0 == 0xA0
                    {
                        bad |= 1;
                    }
                } else {
                    bad |= ((e0 << 1) & below_a0 | (ed << 1) & !below_a0) & cont;
                }
            }
            if bad != 0 {
                break;
            }
            // Each unit's low and high byte worked out at its sequence's first byte
            // (the lanes of continuation bytes are dropped by the compress): ASCII
            // itself and 0; two bytes `(b0 << 6) | (b1 & 0x3F)` and `(b0 >> 2) & 7`;
            // three bytes `(b1 << 6) | (b2 & 0x3F)` and `(b0 << 4) | ((b1 >> 2) & 0xF)`
            // (shifts of 16-bit lanes whose bits from the neighbouring byte the
            // selects drop). Two compresses then gather them, and one `vpermt2b` per
            // 32 units interleaves them into the units.
            let lm = leads & part;
            let k = lm.count_ones() as usize;
            let b1 = _mm512_loadu_si512(sp.add(r + 1).cast());
            // `(a & m) | (b & !m)` for the mask bytes `m`.
            let select = |m: u8, a: __m512i, b: __m512i| {
                _mm512_ternarylogic_epi32::<0xAC>(_mm512_set1_epi8(m as i8), b, a)
            };
            let lo2 = select(0xC0, _mm512_slli_epi16::<6>(v), b1);
            let hi2 = _mm512_and_si512(_mm512_srli_epi16::<2>(v), byte(7));
            let (lo, hi) = if three {
                let b2 = _mm512_loadu_si512(sp.add(r + 2).cast());
                let lo3 = select(0xC0, _mm512_slli_epi16::<6>(b1), b2);
                let hi3 = select(0xF0, _mm512_slli_epi16::<4>(v), _mm512_srli_epi16::<2>(b1));
                (
                    _mm512_mask_blend_epi8(lead3, _mm512_mask_blend_epi8(lead2, v, lo2), lo3),
                    _mm512_mask_blend_epi8(lead3, _mm512_maskz_mov_epi8(lead2, hi2), hi3),
                )
            } else {
                (
                    _mm512_mask_blend_epi8(lead2, v, lo2),
                    _mm512_maskz_mov_epi8(lead2, hi2),
                )
            };
            let lo = _mm512_maskz_compress_epi8(lm, lo);
            let hi = _mm512_maskz_compress_epi8(lm, hi);
            _mm512_mask_storeu_epi16(
                dp.add(w).cast(),
                low_bits(k.min(32)) as u32,
                _mm512_permutex2var_epi8(lo, interleave[0], hi),
            );
            if k > 32 {
                _mm512_mask_storeu_epi16(
                    dp.add(w + 32).cast(),
                    low_bits(k - 32) as u32,
                    _mm512_permutex2var_epi8(lo, interleave[1], hi),
                );
            }
            r += c;
            w += k;
        }
    }
    (r, w)
}

avx512_fn! {
/// See [`scalar::utf8_to_utf16`]: validation fused into the conversion of 64-byte
/// blocks; what the blocks leave (tails, four-byte sequences, errors, a full `dst`)
/// goes a 64-byte window at a time through the scalar code, which stops exactly where
/// it has to.
///
/// # Safety
/// The CPU must have the AVX-512 features.
pub(crate) unsafe fn utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    // SAFETY: forwarded contract.
    unsafe { convert::<false>(src, dst) }
}
}

avx512_fn! {
/// The WTF-8 row of the dispatch table (`dispatch::wtf8_to_utf16`): [`utf8_to_utf16`]
/// whose blocks take surrogate sequences as their units (not a trail directly after a
/// lead); the scalar code it falls back to stops at every surrogate, as the WTF-8
/// driver expects. `src` must not start with a trail surrogate sequence that follows
/// a lead one before it (the driver converts surrogates at the start itself).
///
/// # Safety
/// The CPU must have the AVX-512 features.
pub(crate) unsafe fn wtf8_to_utf16(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    // SAFETY: forwarded contract.
    unsafe { convert::<true>(src, dst) }
}
}

/// [`utf8_to_utf16`], or with `WTF8` [`wtf8_to_utf16`].
///
/// # Safety
/// The AVX-512 features.
#[inline(always)]
unsafe fn convert<const WTF8: bool>(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    loop {
        // SAFETY: forwarded contract (the features); `r` is a character boundary of the
        // valid prefix (everything before it was converted).
        (r, w) = unsafe { utf8_blocks_to_utf16::<WTF8>(src, r, dst, w) };
        if r == src.len() {
            return (r, w);
        }
        let stop = src.len().min(r + 64);
        let (rr, ww) = scalar::utf8_to_utf16(&src[r..stop], &mut dst[w..]);
        r += rr;
        w += ww;
        if rr == 0 {
            return (r, w);
        }
    }
}
