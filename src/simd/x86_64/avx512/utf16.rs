//! AVX-512 UTF-16 -> UTF-8 (and WTF-8): 32 units a round, spread to four-byte lanes
//! by `vpermt2b` and packed by `vpcompressb`.
//!
//! A surrogate is a unit of three bytes like the others from U+0800 (`0xED` and two
//! continuation bytes: its generalized UTF-8), so the WTF-8 mode of
//! [`units_to_utf8`] converts lone surrogates in the same lanes and stops only
//! before the lead of a pair ([`stop_mask`]).

use super::avx512_fn;
use super::{low_bits, Avx512};
use crate::simd::vector::Vector;
use core::arch::x86_64::*;

/// Writes the UTF-8 of the first `count` (at most 32) units of `v` (a surrogate as
/// its three-byte generalized UTF-8) to `dst`; returns the bytes written (at most 96).
///
/// # Safety
/// The AVX-512 features; `dst` valid for `3 * count` bytes.
#[inline(always)]
pub(super) unsafe fn units_utf8(v: __m512i, count: usize, dst: *mut u8) -> usize {
    // SAFETY: forwarded contract.
    unsafe {
        let m2 = _mm512_cmpge_epu16_mask(v, _mm512_set1_epi16(0x80));
        let m3 = _mm512_cmpge_epu16_mask(v, _mm512_set1_epi16(0x800));
        units_utf8_masks(v, count, m2, m3, dst)
    }
}

/// [`units_utf8`] given the masks of the units at least U+0080 (`m2`) and at least
/// U+0800 (`m3`) among all 32.
///
/// # Safety
/// As [`units_utf8`].
#[inline(always)]
unsafe fn units_utf8_masks(v: __m512i, count: usize, m2: u32, m3: u32, dst: *mut u8) -> usize {
    // SAFETY: forwarded contract; the masked stores write exactly the bytes counted.
    unsafe {
        let valid = low_bits(count) as u32;
        let m2 = m2 & valid;
        let m3 = m3 & valid;
        let c3f = _mm512_set1_epi16(0x3F);
        let c80 = _mm512_set1_epi16(0x80);
        if m3 == 0 {
            // One or two bytes per unit, in 16-bit lanes: lead | trail << 8.
            let lead = _mm512_mask_blend_epi16(
                m2,
                v,
                _mm512_or_si512(_mm512_srli_epi16::<6>(v), _mm512_set1_epi16(0xC0)),
            );
            let trail = _mm512_or_si512(_mm512_and_si512(v, c3f), c80);
            let lanes = _mm512_or_si512(lead, _mm512_slli_epi16::<8>(trail));
            let keep = _pdep_u64(u64::from(valid), 0x5555_5555_5555_5555)
                | _pdep_u64(u64::from(m2), 0xAAAA_AAAA_AAAA_AAAA);
            let packed = _mm512_maskz_compress_epi8(keep, lanes);
            let len = keep.count_ones() as usize;
            _mm512_mask_storeu_epi8(dst.cast(), low_bits(len), packed);
            return len;
        }
        let (lm, last) = spread3(v, m2, m3);
        let mut written = 0;
        for (h, idx) in SPREAD3.iter().enumerate() {
            let n = count.saturating_sub(16 * h).min(16);
            if n == 0 {
                break;
            }
            // Unit k of the half in bytes 4k..4k + 4: lead, middle, last, 0.
            let lanes = _mm512_permutex2var_epi8(lm, _mm512_loadu_si512(idx.as_ptr().cast()), last);
            let keep = keep3(m2 >> (16 * h), m3 >> (16 * h)) & low_bits(4 * n);
            let packed = _mm512_maskz_compress_epi8(keep, lanes);
            let len = keep.count_ones() as usize;
            _mm512_mask_storeu_epi8(dst.add(written).cast(), low_bits(len), packed);
            written += len;
        }
        written
    }
}

/// The lead, middle and last bytes of the 32 units of `v` (at least U+0080: `m2`, at
/// least U+0800: `m3`; a surrogate as its generalized UTF-8) as (lead | middle << 8,
/// last) in 16-bit lanes. The middle byte is 0 for ASCII, the last byte 0 below U+0800.
///
/// # Safety
/// The AVX-512 features.
#[inline(always)]
unsafe fn spread3(v: __m512i, m2: u32, m3: u32) -> (__m512i, __m512i) {
    // SAFETY: forwarded contract.
    unsafe {
        let c3f = _mm512_set1_epi16(0x3F);
        let c80 = _mm512_set1_epi16(0x80);
        let s6 = _mm512_srli_epi16::<6>(v);
        // (a & 0x3F) | 0x80.
        let low6 = _mm512_ternarylogic_epi32::<0xEA>(v, c3f, c80);
        let mid6 = _mm512_ternarylogic_epi32::<0xEA>(s6, c3f, c80);
        let lead2 = _mm512_or_si512(s6, _mm512_set1_epi16(0xC0));
        let lead3 = _mm512_or_si512(_mm512_srli_epi16::<12>(v), _mm512_set1_epi16(0xE0));
        let lead = _mm512_mask_mov_epi16(_mm512_mask_mov_epi16(v, m2, lead2), m3, lead3);
        let mid = _mm512_mask_mov_epi16(_mm512_maskz_mov_epi16(m2, low6), m3, mid6);
        let last = _mm512_maskz_mov_epi16(m3, low6);
        (_mm512_or_si512(lead, _mm512_slli_epi16::<8>(mid)), last)
    }
}

/// The bytes to keep of 16 units spread to four-byte lanes by [`SPREAD3`], given
/// their masks (low 16 bits) of units at least U+0080 and at least U+0800.
///
/// # Safety
/// The AVX-512 features ([`super`]).
#[inline(always)]
unsafe fn keep3(m2: u32, m3: u32) -> u64 {
    // SAFETY: BMI2 is among the features of every caller.
    unsafe {
        0x1111_1111_1111_1111
            | _pdep_u64(u64::from(m2 as u16), 0x2222_2222_2222_2222)
            | _pdep_u64(u64::from(m3 as u16), 0x4444_4444_4444_4444)
    }
}

/// Writes the UTF-8 of the 32 units of `v` (surrogates as three bytes; masks as in
/// [`spread3`]) to `dst`; returns the bytes written.
///
/// # Safety
/// The AVX-512 features; `dst` valid for 96 bytes.
#[inline(always)]
unsafe fn units32_utf8(v: __m512i, m2: u32, m3: u32, dst: *mut u8) -> usize {
    // SAFETY: forwarded contract; the masked stores write exactly the bytes counted.
    unsafe {
        let (lm, last) = spread3(v, m2, m3);
        let k0 = keep3(m2, m3);
        let k1 = keep3(m2 >> 16, m3 >> 16);
        let n0 = k0.count_ones() as usize;
        let n1 = k1.count_ones() as usize;
        let l0 = _mm512_permutex2var_epi8(lm, _mm512_loadu_si512(SPREAD3[0].as_ptr().cast()), last);
        let l1 = _mm512_permutex2var_epi8(lm, _mm512_loadu_si512(SPREAD3[1].as_ptr().cast()), last);
        let p0 = _mm512_maskz_compress_epi8(k0, l0);
        let p1 = _mm512_maskz_compress_epi8(k1, l1);
        _mm512_mask_storeu_epi8(dst.cast(), _bzhi_u64(!0, n0 as u32), p0);
        _mm512_mask_storeu_epi8(dst.add(n0).cast(), _bzhi_u64(!0, n1 as u32), p1);
        n0 + n1
    }
}

/// `vpermt2b` indices spreading the units of half `h` of a lead | middle << 8 vector
/// (`a`) and a last-byte vector (`b`, 16-bit lanes) to four-byte lanes: lead, middle,
/// last, and the zero high byte of the last.
static SPREAD3: [[u8; 64]; 2] = {
    let mut t = [[0u8; 64]; 2];
    let mut h = 0;
    while h < 2 {
        let mut k = 0;
        while k < 16 {
            let u = (2 * (16 * h + k)) as u8;
            t[h][4 * k] = u;
            t[h][4 * k + 1] = u + 1;
            t[h][4 * k + 2] = 64 + u;
            t[h][4 * k + 3] = 64 + u + 1;
            k += 1;
        }
        h += 1;
    }
    t
};

/// Whether unit `k` of the UTF-16 bytes `src` (byte-swapped if `SWAP`) is a trail
/// surrogate; false past the end.
#[inline(always)]
fn trail_at<const SWAP: bool>(src: &[u8], k: usize) -> bool {
    match src.get(2 * k..2 * k + 2) {
        Some(&[a, b]) => {
            let u = u16::from_ne_bytes([a, b]);
            let u = if SWAP { u.swap_bytes() } else { u };
            u & 0xFC00 == 0xDC00
        }
        _ => false,
    }
}

/// The lanes of the 32 units of `v` before which [`units_to_utf8`] stops, given the
/// mask of their surrogates (`sur`, nonzero, no lanes past the input): all the
/// surrogates without `WTF8`; with it, the leads of pairs (a lead directly before a
/// trail, and a lead in the last lane if `next_trail()`, whether the unit after the
/// 32 is a trail). The other surrogates are lone (the unit before `v` is no lead, by
/// the contract of [`units_to_utf8`]) and written as three-byte sequences.
///
/// # Safety
/// The AVX-512 features.
#[inline(always)]
unsafe fn stop_mask<const WTF8: bool>(
    v: __m512i,
    sur: u32,
    next_trail: impl FnOnce() -> bool,
) -> u32 {
    if !WTF8 {
        return sur;
    }
    // SAFETY: forwarded contract; registers only.
    let trails = unsafe { _mm512_mask_test_epi16_mask(sur, v, _mm512_set1_epi16(0x0400)) };
    let leads = sur & !trails;
    let mut pairs = leads & (trails >> 1);
    if leads >> 31 != 0 && next_trail() {
        pairs |= 1 << 31;
    }
    pairs
}

avx512_fn! {
/// See [`crate::simd::scalar::units_to_utf8`], which stops before every surrogate.
///
/// With `WTF8`, to WTF-8 (generalized UTF-8): only the lead of a surrogate pair
/// stops it (the pairs are left to the caller, [`utf16_to_utf8_with`]); lone
/// surrogates become three-byte sequences, a lead at the end of `src` included.
/// The units before `src` must then not end with a lead surrogate (a trail in the
/// first unit is taken as lone).
///
/// # Safety
/// The CPU must have the AVX-512 features.
///
/// [`utf16_to_utf8_with`]: crate::simd::kernels::utf16::utf16_to_utf8_with
pub(crate) unsafe fn units_to_utf8<const SWAP: bool, const WTF8: bool>(
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    crate::simd::kernels::utf16::units_to_utf8_chunked::<SWAP>(src, dst, 32, |src, dst| {
        let n = src.len() / 2;
        let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr());
        let (mut i, mut w) = (0, 0);
        // SAFETY: loads read bytes `src[2 * i..2 * (i + 32)]` with `i + 32 <= n`, the
        // masked tail load only `src[2 * i..2 * n]`; `units_utf8` writes at most 96
        // bytes at `w` with `w + 96 <= dst.len()` (in the tail `3 * rem`, with that
        // room), the ASCII store 32.
        unsafe {
            while i + 32 <= n && dst.len() - w >= 96 {
                let mut v = _mm512_loadu_si512(sp.add(2 * i).cast());
                if SWAP {
                    v = Avx512(v).swap16().0;
                }
                let m2 = _mm512_test_epi16_mask(v, _mm512_set1_epi16(0xFF80u16 as i16));
                if m2 == 0 {
                    _mm256_storeu_si256(dp.add(w).cast(), _mm512_cvtepi16_epi8(v));
                    i += 32;
                    w += 32;
                    continue;
                }
                let m3 = _mm512_cmpge_epu16_mask(v, _mm512_set1_epi16(0x800));
                if m3 == 0 {
                    // One or two bytes per unit (no surrogates), in 16-bit lanes:
                    // lead | trail << 8, packed by a compress.
                    let lead = _mm512_mask_blend_epi16(
                        m2,
                        v,
                        _mm512_or_si512(_mm512_srli_epi16::<6>(v), _mm512_set1_epi16(0xC0)),
                    );
                    let trail = _mm512_or_si512(
                        _mm512_and_si512(v, _mm512_set1_epi16(0x3F)),
                        _mm512_set1_epi16(0x80),
                    );
                    let lanes = _mm512_or_si512(lead, _mm512_slli_epi16::<8>(trail));
                    let keep =
                        0x5555_5555_5555_5555 | _pdep_u64(u64::from(m2), 0xAAAA_AAAA_AAAA_AAAA);
                    let packed = _mm512_maskz_compress_epi8(keep, lanes);
                    let len = 32 + m2.count_ones() as usize;
                    _mm512_mask_storeu_epi8(dp.add(w).cast(), low_bits(len), packed);
                    i += 32;
                    w += len;
                    continue;
                }
                let sur = _mm512_cmpeq_epi16_mask(
                    _mm512_and_si512(v, _mm512_set1_epi16(0xF800u16 as i16)),
                    _mm512_set1_epi16(0xD800u16 as i16),
                );
                // Without WTF-8, every surrogate stops; with it, only the pairs'
                // leads (the one in the last lane by the unit after it).
                let stop = if sur == 0 {
                    0
                } else {
                    stop_mask::<WTF8>(v, sur, || trail_at::<SWAP>(src, i + 32))
                };
                if stop == 0 {
                    w += units32_utf8(v, m2, m3, dp.add(w));
                    i += 32;
                    continue;
                }
                let count = stop.trailing_zeros() as usize;
                w += units_utf8_masks(v, count, m2, m3, dp.add(w));
                i += count;
                if count < 32 {
                    break;
                }
            }
            // A tail of fewer than 32 units by a masked load (masked-off units are
            // not read, and are zero), up to its first surrogate (with WTF-8, its
            // first pair; its last unit is the last of `src`).
            let rem = n - i;
            if rem > 0 && rem < 32 && dst.len() - w >= 3 * rem {
                let valid = low_bits(rem) as u32;
                let mut v = _mm512_maskz_loadu_epi16(valid, sp.add(2 * i).cast());
                if SWAP {
                    v = Avx512(v).swap16().0;
                }
                let m2 = _mm512_test_epi16_mask(v, _mm512_set1_epi16(0xFF80u16 as i16));
                let m3 = _mm512_cmpge_epu16_mask(v, _mm512_set1_epi16(0x800));
                let sur = _mm512_cmpeq_epi16_mask(
                    _mm512_and_si512(v, _mm512_set1_epi16(0xF800u16 as i16)),
                    _mm512_set1_epi16(0xD800u16 as i16),
                ) & valid;
                let stop = if sur == 0 {
                    0
                } else {
                    stop_mask::<WTF8>(v, sur, || false)
                };
                let count = if stop == 0 {
                    rem
                } else {
                    stop.trailing_zeros() as usize
                };
                w += units_utf8_masks(v, count, m2, m3, dp.add(w));
                i += count;
            }
        }
        (i, w)
    })
}
}

avx512_fn! {
/// [`units_to_utf8`] in its WTF-8 mode, as a function of its own (not inlined into
/// the caller's loop around the pairs): inlined, the ASCII blocks of `en.txt` ran
/// about 25% slower than in the UTF-8 mode.
///
/// # Safety
/// The CPU must have the AVX-512 features.
#[inline(never)]
pub(crate) unsafe fn units_to_wtf8<const SWAP: bool>(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    // SAFETY: forwarded contract.
    unsafe { units_to_utf8::<SWAP, true>(src, dst) }
}
}
