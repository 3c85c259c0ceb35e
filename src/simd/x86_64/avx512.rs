//! AVX-512 (F, BW, VL, VBMI, VBMI2 with BMI2): 64-byte vectors, mask registers,
//! `vpermi2b` table lookups and `vpcompressb` packing. The conversions whose output
//! length varies per character pack with a compress and write with a masked store,
//! so nothing past the reported length is ever written.

use crate::simd::scalar;
use crate::simd::vector::{Lookup128, Shuffle, Vector};
use crate::tables::single_byte::{Extra, Run};
use core::arch::x86_64::*;

/// An AVX-512 register.
#[derive(Copy, Clone)]
pub(crate) struct Avx512(__m512i);

// SAFETY (for every method): only used inside functions compiled with the AVX-512
// features on CPUs that have them; pointers are valid for 64 bytes by the trait's
// contract.
#[allow(clippy::undocumented_unsafe_blocks)]
impl Vector for Avx512 {
    const BYTES: usize = 64;
    const MASK_SHIFT: u32 = 0;
    #[inline(always)]
    unsafe fn zero() -> Self {
        unsafe { Avx512(_mm512_setzero_si512()) }
    }
    #[inline(always)]
    unsafe fn splat8(b: u8) -> Self {
        unsafe { Avx512(_mm512_set1_epi8(b as i8)) }
    }
    #[inline(always)]
    unsafe fn splat16(u: u16) -> Self {
        unsafe { Avx512(_mm512_set1_epi16(u as i16)) }
    }
    #[inline(always)]
    unsafe fn load(p: *const u8) -> Self {
        unsafe { Avx512(_mm512_loadu_si512(p.cast())) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u8) {
        unsafe { _mm512_storeu_si512(p.cast(), self.0) }
    }
    #[inline(always)]
    unsafe fn or(self, b: Self) -> Self {
        unsafe { Avx512(_mm512_or_si512(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn and(self, b: Self) -> Self {
        unsafe { Avx512(_mm512_and_si512(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn xor(self, b: Self) -> Self {
        unsafe { Avx512(_mm512_xor_si512(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn eq8(self, b: Self) -> Self {
        unsafe { Avx512(_mm512_movm_epi8(_mm512_cmpeq_epi8_mask(self.0, b.0))) }
    }
    #[inline(always)]
    unsafe fn eq16(self, b: Self) -> Self {
        unsafe { Avx512(_mm512_movm_epi16(_mm512_cmpeq_epi16_mask(self.0, b.0))) }
    }
    #[inline(always)]
    unsafe fn add16(self, b: Self) -> Self {
        unsafe { Avx512(_mm512_add_epi16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn sub16(self, b: Self) -> Self {
        unsafe { Avx512(_mm512_sub_epi16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn subs8(self, b: Self) -> Self {
        unsafe { Avx512(_mm512_subs_epu8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn subs16(self, b: Self) -> Self {
        unsafe { Avx512(_mm512_subs_epu16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn shr16<const K: i32>(self) -> Self {
        unsafe { Avx512(_mm512_srl_epi16(self.0, _mm_cvtsi32_si128(K))) }
    }
    #[inline(always)]
    unsafe fn high_mask(self) -> u64 {
        unsafe { _mm512_movepi8_mask(self.0) }
    }
    #[inline(always)]
    unsafe fn is_zero(self) -> bool {
        unsafe { _mm512_test_epi64_mask(self.0, self.0) == 0 }
    }
    #[inline(always)]
    unsafe fn widen_lo(self) -> Self {
        unsafe { Avx512(_mm512_cvtepu8_epi16(_mm512_castsi512_si256(self.0))) }
    }
    #[inline(always)]
    unsafe fn widen_hi(self) -> Self {
        unsafe { Avx512(_mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64::<1>(self.0))) }
    }
    #[inline(always)]
    unsafe fn widen_signed(self) -> (Self, Self) {
        unsafe {
            (
                Avx512(_mm512_cvtepi8_epi16(_mm512_castsi512_si256(self.0))),
                Avx512(_mm512_cvtepi8_epi16(_mm512_extracti64x4_epi64::<1>(self.0))),
            )
        }
    }
    #[inline(always)]
    unsafe fn narrow(a: Self, b: Self) -> Self {
        unsafe {
            Avx512(_mm512_inserti64x4::<1>(
                _mm512_castsi256_si512(_mm512_cvtepi16_epi8(a.0)),
                _mm512_cvtepi16_epi8(b.0),
            ))
        }
    }
    #[inline(always)]
    unsafe fn interleave(lo: Self, hi: Self) -> (Self, Self) {
        unsafe {
            let l = _mm512_unpacklo_epi8(lo.0, hi.0);
            let h = _mm512_unpackhi_epi8(lo.0, hi.0);
            let i0 = _mm512_set_epi64(11, 10, 3, 2, 9, 8, 1, 0);
            let i1 = _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4);
            (
                Avx512(_mm512_permutex2var_epi64(l, i0, h)),
                Avx512(_mm512_permutex2var_epi64(l, i1, h)),
            )
        }
    }
    #[inline(always)]
    unsafe fn swap16(self) -> Self {
        unsafe {
            Avx512(_mm512_or_si512(
                _mm512_slli_epi16::<8>(self.0),
                _mm512_srli_epi16::<8>(self.0),
            ))
        }
    }
}

#[allow(clippy::undocumented_unsafe_blocks)]
impl Shuffle for Avx512 {
    #[inline(always)]
    unsafe fn table16(table: &[u8; 16]) -> Self {
        // SAFETY: `table` is 16 readable bytes.
        unsafe {
            Avx512(_mm512_broadcast_i32x4(_mm_loadu_si128(
                table.as_ptr().cast(),
            )))
        }
    }
    #[inline(always)]
    unsafe fn lookup16(self, idx: Self) -> Self {
        unsafe { Avx512(_mm512_shuffle_epi8(self.0, idx.0)) }
    }
    #[inline(always)]
    unsafe fn prev1(self, prev: Self) -> Self {
        unsafe {
            Avx512(_mm512_alignr_epi8::<15>(
                self.0,
                _mm512_alignr_epi64::<6>(self.0, prev.0),
            ))
        }
    }
    #[inline(always)]
    unsafe fn prev2(self, prev: Self) -> Self {
        unsafe {
            Avx512(_mm512_alignr_epi8::<14>(
                self.0,
                _mm512_alignr_epi64::<6>(self.0, prev.0),
            ))
        }
    }
    #[inline(always)]
    unsafe fn prev3(self, prev: Self) -> Self {
        unsafe {
            Avx512(_mm512_alignr_epi8::<13>(
                self.0,
                _mm512_alignr_epi64::<6>(self.0, prev.0),
            ))
        }
    }
}

/// `a` then `b`.
#[inline(always)]
unsafe fn join(a: __m256i, b: __m256i) -> __m512i {
    // SAFETY: forwarded contract.
    unsafe { _mm512_inserti64x4::<1>(_mm512_castsi256_si512(a), b) }
}

/// The high bytes of the `u16` lanes.
#[inline(always)]
unsafe fn high_bytes(v: __m512i) -> __m256i {
    // SAFETY: forwarded contract.
    unsafe { _mm512_cvtepi16_epi8(_mm512_srli_epi16::<8>(v)) }
}

/// Half `h` (0 or 1) of the bytes of `c`, zero-extended to `u16` lanes.
#[inline(always)]
unsafe fn widen_half(c: __m512i, h: usize) -> __m512i {
    // SAFETY: forwarded contract.
    unsafe {
        _mm512_cvtepu8_epi16(if h == 0 {
            _mm512_castsi512_si256(c)
        } else {
            _mm512_extracti64x4_epi64::<1>(c)
        })
    }
}

/// The low and high bytes of the 128 code points, as `vpermi2b` table pairs.
#[derive(Copy, Clone)]
pub(crate) struct Avx512Table {
    lo: [__m512i; 2],
    hi: [__m512i; 2],
}

#[allow(clippy::undocumented_unsafe_blocks)]
impl Lookup128 for Avx512 {
    type Table = Avx512Table;
    #[inline(always)]
    unsafe fn prepare(table: &[u16; 128]) -> Avx512Table {
        unsafe {
            let p = table.as_ptr().cast::<u8>();
            let q0 = _mm512_loadu_si512(p.cast());
            let q1 = _mm512_loadu_si512(p.add(64).cast());
            let q2 = _mm512_loadu_si512(p.add(128).cast());
            let q3 = _mm512_loadu_si512(p.add(192).cast());
            Avx512Table {
                lo: [
                    join(_mm512_cvtepi16_epi8(q0), _mm512_cvtepi16_epi8(q1)),
                    join(_mm512_cvtepi16_epi8(q2), _mm512_cvtepi16_epi8(q3)),
                ],
                hi: [
                    join(high_bytes(q0), high_bytes(q1)),
                    join(high_bytes(q2), high_bytes(q3)),
                ],
            }
        }
    }
    #[inline(always)]
    unsafe fn lookup(t: &Avx512Table, v: Self) -> (Self, Self) {
        unsafe {
            let upper = _mm512_movepi8_mask(v.0);
            let lo = _mm512_permutex2var_epi8(t.lo[0], v.0, t.lo[1]);
            let hi = _mm512_maskz_permutex2var_epi8(upper, t.hi[0], v.0, t.hi[1]);
            (Avx512(_mm512_mask_blend_epi8(upper, v.0, lo)), Avx512(hi))
        }
    }
}

/// Bits 0..n set (n <= 64).
#[inline(always)]
fn low_bits(n: usize) -> u64 {
    if n >= 64 {
        !0
    } else {
        (1u64 << n) - 1
    }
}

/// Writes the UTF-8 of the first `count` (at most 32) units of `v`, which are BMP
/// code points that are not surrogates, to `dst`; returns the bytes written (at most
/// 96).
///
/// # Safety
/// The AVX-512 features; `dst` valid for `3 * count` bytes.
#[inline(always)]
unsafe fn units_utf8(v: __m512i, count: usize, dst: *mut u8) -> usize {
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

/// The lead, middle and last bytes of the 32 BMP non-surrogate units of `v` (at least
/// U+0080: `m2`, at least U+0800: `m3`) as (lead | middle << 8, last) in 16-bit lanes.
/// The middle byte is 0 for ASCII, the last byte 0 below U+0800.
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
#[inline(always)]
unsafe fn keep3(m2: u32, m3: u32) -> u64 {
    // SAFETY: BMI2 is among the features of every caller.
    unsafe {
        0x1111_1111_1111_1111
            | _pdep_u64(u64::from(m2 as u16), 0x2222_2222_2222_2222)
            | _pdep_u64(u64::from(m3 as u16), 0x4444_4444_4444_4444)
    }
}

/// Writes the UTF-8 of the 32 units of `v` (BMP, no surrogates; masks as in
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

/// See [`scalar::units_to_utf8`].
///
/// # Safety
/// The CPU must have the AVX-512 features.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt")]
pub(crate) unsafe fn units_to_utf8<const SWAP: bool>(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
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
                if sur == 0 {
                    w += units32_utf8(v, m2, m3, dp.add(w));
                    i += 32;
                    continue;
                }
                let count = sur.trailing_zeros() as usize;
                w += units_utf8_masks(v, count, m2, m3, dp.add(w));
                i += count;
                if count < 32 {
                    break;
                }
            }
            // A tail of fewer than 32 units by a masked load (masked-off units are
            // not read), up to its first surrogate.
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
                let count = if sur == 0 {
                    rem
                } else {
                    sur.trailing_zeros() as usize
                };
                w += units_utf8_masks(v, count, m2, m3, dp.add(w));
                i += count;
            }
        }
        (i, w)
    })
}

/// See [`scalar::utf8_valid_up_to`].
///
/// # Safety
/// The CPU must have the AVX-512 features.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt")]
pub(crate) unsafe fn utf8_valid_up_to(src: &[u8]) -> usize {
    // SAFETY: the caller checked the features.
    unsafe { super::validate::utf8_valid_up_to(src) }
}

/// See [`scalar::utf8_copy`].
///
/// # Safety
/// The CPU must have the AVX-512 features.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt")]
pub(crate) unsafe fn utf8_copy(src: &[u8], dst: &mut [u8]) -> usize {
    // SAFETY: the caller checked the features.
    unsafe { super::validate::utf8_copy(src, dst) }
}

/// Converts valid UTF-8 from `src[r..]` to UTF-16 at `dst[w..]` a 64-byte block at a
/// time, validating each block in mask registers as it is converted (one pass), while
/// the block and the two bytes after it are in `src`, `dst` has room for 64 units, and
/// the block starts with a one- to three-byte sequence. Each block starts at a
/// character boundary and is converted up to its last sequence that ends in it (or up
/// to its first four-byte sequence); a block with an error anywhere in that part (or a
/// sequence it starts left incomplete) is left for the caller. Returns the new (r, w).
///
/// # Safety
/// The AVX-512 features; `r` is a character boundary of the valid prefix of `src`.
#[inline(always)]
unsafe fn utf8_blocks_to_utf16(
    src: &[u8],
    mut r: usize,
    dst: &mut [u16],
    mut w: usize,
) -> (usize, usize) {
    let (sp, dp, n) = (src.as_ptr(), dst.as_mut_ptr(), src.len());
    // SAFETY: loads read `src[r..r + 66]` (`r + 66 <= n`); stores write at most 64
    // units at `w` (`w + 64 <= dst.len()`), masked to the units produced.
    unsafe {
        let c3f = _mm512_set1_epi16(0x3F);
        let byte = |b: u8| _mm512_set1_epi8(b as i8);
        while r + 66 <= n && dst.len() - w >= 64 {
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
                bad |= ((e0 << 1) & below_a0 | (ed << 1) & !below_a0) & cont;
            }
            if bad != 0 {
                break;
            }
            let lm = leads & part;
            let k = lm.count_ones() as usize;
            let c0 = _mm512_maskz_compress_epi8(lm, v);
            let c1 = _mm512_maskz_compress_epi8(lm, _mm512_loadu_si512(sp.add(r + 1).cast()));
            if !three {
                // One- and two-byte characters only: no third byte to gather.
                for h in 0..2 {
                    let count = k.saturating_sub(32 * h).min(32);
                    if count == 0 {
                        break;
                    }
                    let (b0, b1) = (widen_half(c0, h), widen_half(c1, h));
                    let m2 = _mm512_cmpge_epu16_mask(b0, _mm512_set1_epi16(0xC0));
                    let two = _mm512_or_si512(
                        _mm512_slli_epi16::<6>(_mm512_and_si512(b0, _mm512_set1_epi16(0x1F))),
                        _mm512_and_si512(b1, c3f),
                    );
                    let u = _mm512_mask_blend_epi16(m2, b0, two);
                    _mm512_mask_storeu_epi16(dp.add(w + 32 * h).cast(), low_bits(count) as u32, u);
                }
                r += c;
                w += k;
                continue;
            }
            let c2 = _mm512_maskz_compress_epi8(lm, _mm512_loadu_si512(sp.add(r + 2).cast()));
            for h in 0..2 {
                let count = k.saturating_sub(32 * h).min(32);
                if count == 0 {
                    break;
                }
                let (b0, b1, b2) = (widen_half(c0, h), widen_half(c1, h), widen_half(c2, h));
                let m2 = _mm512_cmpge_epu16_mask(b0, _mm512_set1_epi16(0xC0));
                let m3 = _mm512_cmpge_epu16_mask(b0, _mm512_set1_epi16(0xE0));
                let t1 = _mm512_and_si512(b1, c3f);
                let two = _mm512_or_si512(
                    _mm512_slli_epi16::<6>(_mm512_and_si512(b0, _mm512_set1_epi16(0x1F))),
                    t1,
                );
                let three = _mm512_or_si512(
                    _mm512_or_si512(_mm512_slli_epi16::<12>(b0), _mm512_slli_epi16::<6>(t1)),
                    _mm512_and_si512(b2, c3f),
                );
                let u = _mm512_mask_blend_epi16(m3, _mm512_mask_blend_epi16(m2, b0, two), three);
                _mm512_mask_storeu_epi16(dp.add(w + 32 * h).cast(), low_bits(count) as u32, u);
            }
            r += c;
            w += k;
        }
    }
    (r, w)
}

/// See [`scalar::utf8_to_utf16`]: validation fused into the conversion of 64-byte
/// blocks; what the blocks leave (tails, four-byte sequences, errors, a full `dst`)
/// goes a 64-byte window at a time through the scalar code, which stops exactly where
/// it has to.
///
/// # Safety
/// The CPU must have the AVX-512 features.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt")]
pub(crate) unsafe fn utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    loop {
        // SAFETY: the features are enabled here; `r` is a character boundary of the
        // valid prefix (everything before it was converted).
        (r, w) = unsafe { utf8_blocks_to_utf16(src, r, dst, w) };
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

/// Non-ASCII bytes in a 64-byte block up to which [`sparse_single_byte`] is used.
const SPARSE: u32 = 8;

/// Decodes the 64-byte block `v` (at `sp`, with non-ASCII bytes `upper`, nonzero) to
/// UTF-8 at `dp` a character at a time between ASCII runs. Returns (bytes read,
/// bytes written, whether the whole block was decoded); stops before an unmapped byte.
///
/// # Safety
/// The AVX-512 features; `sp` readable for 64 bytes, `dp` writable for 192.
#[inline(always)]
unsafe fn sparse_single_byte(
    table: &[u16; 128],
    v: __m512i,
    upper: u64,
    sp: *const u8,
    dp: *mut u8,
) -> (usize, usize, bool) {
    let mut m = upper;
    // SAFETY: masked moves touch only `sp[prev..p]` and `dp[w..w + p - prev]`, with
    // `p <= 64` and `w` at most `prev + 2 * (non-ASCII bytes so far)`, within 192; a
    // character takes at most 3 bytes.
    unsafe {
        let mut prev = m.trailing_zeros() as usize;
        _mm512_mask_storeu_epi8(dp.cast(), low_bits(prev), v);
        let mut w = prev;
        loop {
            let p = prev;
            let c = table[usize::from(*sp.add(p) - 0x80)];
            if c == 0 {
                return (p, w, false);
            }
            let c = u32::from(c);
            if c < 0x800 {
                dp.add(w).write(0xC0 | (c >> 6) as u8);
                dp.add(w + 1).write(0x80 | (c & 0x3F) as u8);
                w += 2;
            } else {
                dp.add(w).write(0xE0 | (c >> 12) as u8);
                dp.add(w + 1).write(0x80 | ((c >> 6) & 0x3F) as u8);
                dp.add(w + 2).write(0x80 | (c & 0x3F) as u8);
                w += 3;
            }
            m &= m - 1;
            let next = if m == 0 {
                64
            } else {
                m.trailing_zeros() as usize
            };
            let seg = low_bits(next - p - 1);
            let x = _mm512_maskz_loadu_epi8(seg, sp.add(p + 1).cast());
            _mm512_mask_storeu_epi8(dp.add(w).cast(), seg, x);
            w += next - p - 1;
            if m == 0 {
                return (64, w, true);
            }
            prev = next;
        }
    }
}

/// See [`scalar::single_byte_to_utf8`].
///
/// # Safety
/// The CPU must have the AVX-512 features.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt")]
pub(crate) unsafe fn single_byte_to_utf8(
    table: &[u16; 128],
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    let n = src.len();
    let sp = src.as_ptr();
    let (mut r, mut w) = (0, 0);
    // SAFETY: the features are enabled here; `prepare` only loads `table`.
    let t = unsafe { Avx512::prepare(table) };
    loop {
        // Derived anew each round: the scalar call below reborrows `dst`.
        let dp = dst.as_mut_ptr();
        // SAFETY: loads read `src[r..r + 64]` (`r + 64 <= n`) or, in a run of ASCII,
        // `src[r..r + 128]` (`r + 128 <= n`); at most 192 bytes are written at `w`
        // (`w + 192 <= dst.len()`), 64 or 128 for ASCII. Skipping to the boundary
        // moves `r` and `w` on by at most the 64 just converted.
        unsafe {
            while r + 64 <= n && dst.len() - w >= 192 {
                let v = Avx512::load(sp.add(r));
                let upper = _mm512_movepi8_mask(v.0);
                if upper == 0 {
                    v.store(dp.add(w));
                    // A run of ASCII: on from the first output byte at a 64-byte
                    // boundary (stores that split no cache line; the bytes before it
                    // are written again, the same), 128 bytes at a time.
                    let skip = 64 - (dp.add(w) as usize & 63);
                    r += skip;
                    w += skip;
                    while r + 128 <= n && dst.len() - w >= 192 {
                        let a = _mm512_loadu_si512(sp.add(r).cast());
                        let b = _mm512_loadu_si512(sp.add(r + 64).cast());
                        if _mm512_movepi8_mask(_mm512_or_si512(a, b)) != 0 {
                            break;
                        }
                        _mm512_storeu_si512(dp.add(w).cast(), a);
                        _mm512_storeu_si512(dp.add(w + 64).cast(), b);
                        r += 128;
                        w += 128;
                    }
                    continue;
                }
                if upper.count_ones() <= SPARSE {
                    // A few non-ASCII bytes: copy the ASCII between them with masked
                    // moves and write each character from the table.
                    let (rr, ww, done) =
                        sparse_single_byte(table, v.0, upper, sp.add(r), dp.add(w));
                    r += rr;
                    w += ww;
                    if !done {
                        break;
                    }
                    continue;
                }
                let (lo, hi) = Avx512::lookup(&t, v);
                let unmapped = upper & _mm512_cmpeq_epi8_mask(lo.or(hi).0, _mm512_setzero_si512());
                let count = unmapped.trailing_zeros() as usize;
                let (u0, u1) = Avx512::interleave(lo, hi);
                w += units_utf8(u0.0, count.min(32), dp.add(w));
                if count > 32 {
                    w += units_utf8(u1.0, count - 32, dp.add(w));
                }
                r += count;
                if count < 64 {
                    break;
                }
            }
        }
        if r == n {
            return (r, w);
        }
        let end = n.min(r + 64);
        let (rr, ww) = scalar::single_byte_to_utf8(table, &src[r..end], &mut dst[w..]);
        r += rr;
        w += ww;
        if r < end {
            return (r, w);
        }
    }
}

/// The code point and length of a well-formed two- or three-byte sequence (not a
/// surrogate) at the start of `src`.
#[inline(always)]
fn two_or_three(src: &[u8]) -> Option<(u32, usize)> {
    match *src {
        [b0, b1, ..] if (0xC2..=0xDF).contains(&b0) && b1 & 0xC0 == 0x80 => {
            Some(((u32::from(b0 & 0x1F) << 6) | u32::from(b1 & 0x3F), 2))
        }
        [b0, b1, b2, ..] if b0 & 0xF0 == 0xE0 && b1 & 0xC0 == 0x80 && b2 & 0xC0 == 0x80 => {
            let c =
                (u32::from(b0 & 0x0F) << 12) | (u32::from(b1 & 0x3F) << 6) | u32::from(b2 & 0x3F);
            (c >= 0x800 && !(0xD800..=0xDFFF).contains(&c)).then_some((c, 3))
        }
        _ => None,
    }
}

/// Whether [`single_byte_encode_utf8`] is the better choice for `run` than staging
/// through UTF-16: a long run of two-byte characters, which it maps in vectors
/// straight from UTF-8. (Staging measured faster for runs of three-byte characters:
/// Thai, x-user-defined.)
pub(crate) fn encodes_run(run: Run) -> bool {
    run.len >= 32 && u32::from(run.code_point) + u32::from(run.len) <= 0x800
}

/// See [`scalar::single_byte_encode_utf8`]: runs of two-byte characters are mapped in
/// vectors, other characters by `extra` without leaving the loop.
///
/// # Safety
/// The CPU must have the AVX-512 features.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt")]
pub(crate) unsafe fn single_byte_encode_utf8(
    run: Run,
    extra: &Extra,
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    let two_byte_run = run.len > 0 && u32::from(run.code_point) + u32::from(run.len) <= 0x800;
    if !two_byte_run {
        // SAFETY: the caller checked the features.
        return scalar::single_byte_encode_utf8(run, extra, src, dst);
    }
    let n = src.len();
    let sp = src.as_ptr();
    let (mut r, mut w) = (0, 0);
    loop {
        // Derived anew each round: the scalar call below reborrows `dst`.
        let dp = dst.as_mut_ptr();
        // SAFETY: loads read `src[r..r + 65]` (`r + 65 <= n`); at most 64 bytes are
        // written at `w` (`w + 64 <= dst.len()`), one byte at `w < dst.len()`.
        unsafe {
            let c0 = _mm512_set1_epi8(0xC0u8 as i8);
            let c80 = _mm512_set1_epi8(0x80u8 as i8);
            let lead_base = _mm512_set1_epi8((0xC0 | (run.code_point >> 6)) as u8 as i8);
            let low_base = _mm512_set1_epi8((run.code_point & 0x3F) as u8 as i8);
            let len = _mm512_set1_epi8(run.len as i8);
            let byte = _mm512_set1_epi8(run.byte as i8);
            while r + 65 <= n && dst.len() - w >= 64 {
                let v = _mm512_loadu_si512(sp.add(r).cast());
                let upper = _mm512_movepi8_mask(v);
                if upper == 0 {
                    _mm512_storeu_si512(dp.add(w).cast(), v);
                    r += 64;
                    w += 64;
                    continue;
                }
                let next = _mm512_loadu_si512(sp.add(r + 1).cast());
                let lead2 =
                    _mm512_cmpeq_epi8_mask(_mm512_and_si512(v, _mm512_set1_epi8(0xE0u8 as i8)), c0);
                let cont = _mm512_cmpeq_epi8_mask(_mm512_and_si512(v, c0), c80);
                let next_cont = _mm512_cmpeq_epi8_mask(_mm512_and_si512(next, c0), c80);
                let d = _mm512_sub_epi8(v, lead_base);
                let d_ok = _mm512_cmple_epu8_mask(d, _mm512_set1_epi8(3));
                let x = _mm512_or_si512(
                    _mm512_and_si512(_mm512_slli_epi16::<6>(d), c0),
                    _mm512_and_si512(next, _mm512_set1_epi8(0x3F)),
                );
                let off = _mm512_sub_epi8(x, low_base);
                let in_run = _mm512_cmplt_epu8_mask(off, len);
                let good = lead2 & next_cont & d_ok & in_run & !(1u64 << 63);
                let ok = !upper | good | (cont & (good << 1));
                let limit = (!ok).trailing_zeros() as usize;
                let keep = (!upper | good) & low_bits(limit);
                let out = _mm512_mask_blend_epi8(good, v, _mm512_add_epi8(off, byte));
                let packed = _mm512_maskz_compress_epi8(keep, out);
                let k = keep.count_ones() as usize;
                _mm512_mask_storeu_epi8(dp.add(w).cast(), low_bits(k), packed);
                r += limit;
                w += k;
                if limit == 0 {
                    // A character the vector does not map (or one cut by the vector
                    // end): by the run or `extra`, then on.
                    if w < dst.len() {
                        if let Some((c, len)) = two_or_three(&src[r..]) {
                            if let Some(b) = extra.map(run, c) {
                                // `w < dst.len()` was checked above.
                                dp.add(w).write(b);
                                w += 1;
                                r += len;
                                continue;
                            }
                        }
                    }
                    break;
                }
            }
        }
        if r == n {
            return (r, w);
        }
        let end = n.min(r + 64);
        let (rr, ww) = scalar::single_byte_encode_utf8(run, extra, &src[r..end], &mut dst[w..]);
        r += rr;
        w += ww;
        if rr == 0 {
            return (r, w);
        }
    }
}

/// The 16 bytes `q` (0..4) of `v`, zero-extended to `u32` lanes.
#[inline(always)]
unsafe fn quarter_u32(v: __m512i, q: usize) -> __m512i {
    // SAFETY: forwarded contract.
    unsafe {
        _mm512_cvtepu8_epi32(match q {
            0 => _mm512_castsi512_si128(v),
            1 => _mm512_extracti32x4_epi32::<1>(v),
            2 => _mm512_extracti32x4_epi32::<2>(v),
            _ => _mm512_extracti32x4_epi32::<3>(v),
        })
    }
}

/// See [`scalar::x_user_defined_to_utf8`]: each 16 bytes become 32-bit lanes holding
/// the byte (ASCII) or `EF 9E|9F 80|low6` (U+F780..U+F7FF), packed by a compress.
///
/// # Safety
/// The CPU must have the AVX-512 features.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt")]
pub(crate) unsafe fn x_user_defined_to_utf8(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let n = src.len();
    let sp = src.as_ptr();
    let (mut r, mut w) = (0, 0);
    {
        let dp = dst.as_mut_ptr();
        // SAFETY: loads read `src[r..r + 64]` (`r + 64 <= n`); at most 192 bytes are
        // written at `w` (`w + 192 <= dst.len()`): 48 per quarter, by masked stores of
        // exactly the bytes counted.
        unsafe {
            let low6 = _mm512_set1_epi32(0x3F_0000);
            let bit6 = _mm512_set1_epi32(0x100);
            let base = _mm512_set1_epi32(0x80_9EEF);
            while r + 64 <= n && dst.len() - w >= 192 {
                let v = _mm512_loadu_si512(sp.add(r).cast());
                let upper = _mm512_movepi8_mask(v);
                if upper == 0 {
                    _mm512_storeu_si512(dp.add(w).cast(), v);
                    r += 64;
                    w += 64;
                    continue;
                }
                for q in 0..4 {
                    let hi = (upper >> (16 * q)) as u16;
                    let x = quarter_u32(v, q);
                    if hi == 0 {
                        _mm_storeu_si128(dp.add(w).cast(), _mm512_cvtepi32_epi8(x));
                        w += 16;
                        continue;
                    }
                    // Bytes 0x80..=0xFF: EF, 9E + bit 6, 80 | low 6 bits.
                    let three = _mm512_ternarylogic_epi32::<0xFE>(
                        _mm512_and_si512(_mm512_slli_epi32::<16>(x), low6),
                        _mm512_and_si512(_mm512_slli_epi32::<2>(x), bit6),
                        base,
                    );
                    let lanes = _mm512_mask_mov_epi32(x, hi, three);
                    let keep = 0x1111_1111_1111_1111
                        | (_pdep_u64(u64::from(hi), 0x2222_2222_2222_2222) * 3);
                    let packed = _mm512_maskz_compress_epi8(keep, lanes);
                    let len = 16 + 2 * hi.count_ones() as usize;
                    _mm512_mask_storeu_epi8(dp.add(w).cast(), low_bits(len), packed);
                    w += len;
                }
                r += 64;
            }
        }
    }
    let (rr, ww) = scalar::x_user_defined_to_utf8(&src[r..], &mut dst[w..]);
    (r + rr, w + ww)
}

/// See [`scalar::x_user_defined_to_utf16`]: sign extension makes 0xFF80..=0xFFFF of
/// the bytes from 0x80, and clearing bit 11 makes 0xF780..=0xF7FF (ASCII has it
/// clear).
///
/// # Safety
/// The CPU must have the AVX-512 features.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt")]
pub(crate) unsafe fn x_user_defined_to_utf16(src: &[u8], dst: &mut [u16]) -> usize {
    let n = src.len().min(dst.len());
    // Units up to a 64-byte boundary of the output, so that no store splits a line.
    let head = ((64 - (dst.as_ptr() as usize & 63)) & 63) / 2;
    let mut i = scalar::x_user_defined_to_utf16(&src[..head.min(n)], &mut dst[..head.min(n)]);
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr());
    // SAFETY: loads read `src[i..i + 64]`, stores write units `dst[i..i + 64]`, in
    // bounds as `i + 64 <= n`.
    unsafe {
        let keep = _mm512_set1_epi16(0xF7FFu16 as i16);
        while i + 64 <= n {
            let lo = _mm512_cvtepi8_epi16(_mm256_loadu_si256(sp.add(i).cast()));
            let hi = _mm512_cvtepi8_epi16(_mm256_loadu_si256(sp.add(i + 32).cast()));
            _mm512_storeu_si512(dp.add(i).cast(), _mm512_and_si512(lo, keep));
            _mm512_storeu_si512(dp.add(i + 32).cast(), _mm512_and_si512(hi, keep));
            i += 64;
        }
    }
    i + scalar::x_user_defined_to_utf16(&src[i..n], &mut dst[i..n])
}
