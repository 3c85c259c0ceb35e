//! AVX2: 32-byte vectors with in-lane byte shuffles.

use super::avx2_transcode;
use crate::simd::dispatch::Kernels;
use crate::simd::vector::{Lookup128, Shuffle, Vector};
use core::arch::x86_64::*;

/// An AVX2 register.
#[derive(Copy, Clone)]
pub(crate) struct Avx2(__m256i);

// SAFETY (for every method): only used inside functions compiled with AVX2 on CPUs
// that have it; pointers are valid for 32 bytes by the trait's contract.
#[allow(clippy::undocumented_unsafe_blocks)]
impl Vector for Avx2 {
    const BYTES: usize = 32;
    const MASK_SHIFT: u32 = 0;
    #[inline(always)]
    unsafe fn zero() -> Self {
        unsafe { Avx2(_mm256_setzero_si256()) }
    }
    #[inline(always)]
    unsafe fn splat8(b: u8) -> Self {
        unsafe { Avx2(_mm256_set1_epi8(b as i8)) }
    }
    #[inline(always)]
    unsafe fn splat16(u: u16) -> Self {
        unsafe { Avx2(_mm256_set1_epi16(u as i16)) }
    }
    #[inline(always)]
    unsafe fn load(p: *const u8) -> Self {
        unsafe { Avx2(_mm256_loadu_si256(p.cast())) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u8) {
        unsafe { _mm256_storeu_si256(p.cast(), self.0) }
    }
    #[inline(always)]
    unsafe fn or(self, b: Self) -> Self {
        unsafe { Avx2(_mm256_or_si256(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn and(self, b: Self) -> Self {
        unsafe { Avx2(_mm256_and_si256(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn xor(self, b: Self) -> Self {
        unsafe { Avx2(_mm256_xor_si256(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn eq8(self, b: Self) -> Self {
        unsafe { Avx2(_mm256_cmpeq_epi8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn eq16(self, b: Self) -> Self {
        unsafe { Avx2(_mm256_cmpeq_epi16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn add16(self, b: Self) -> Self {
        unsafe { Avx2(_mm256_add_epi16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn sub16(self, b: Self) -> Self {
        unsafe { Avx2(_mm256_sub_epi16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn subs8(self, b: Self) -> Self {
        unsafe { Avx2(_mm256_subs_epu8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn subs16(self, b: Self) -> Self {
        unsafe { Avx2(_mm256_subs_epu16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn shr16<const K: i32>(self) -> Self {
        unsafe { Avx2(_mm256_srli_epi16::<K>(self.0)) }
    }
    #[inline(always)]
    unsafe fn high_mask(self) -> u64 {
        unsafe { _mm256_movemask_epi8(self.0) as u32 as u64 }
    }
    #[inline(always)]
    unsafe fn is_zero(self) -> bool {
        unsafe { _mm256_testz_si256(self.0, self.0) == 1 }
    }
    #[inline(always)]
    unsafe fn widen_lo(self) -> Self {
        unsafe { Avx2(_mm256_cvtepu8_epi16(_mm256_castsi256_si128(self.0))) }
    }
    #[inline(always)]
    unsafe fn widen_hi(self) -> Self {
        unsafe { Avx2(_mm256_cvtepu8_epi16(_mm256_extracti128_si256::<1>(self.0))) }
    }
    #[inline(always)]
    unsafe fn widen_signed(self) -> (Self, Self) {
        unsafe {
            (
                Avx2(_mm256_cvtepi8_epi16(_mm256_castsi256_si128(self.0))),
                Avx2(_mm256_cvtepi8_epi16(_mm256_extracti128_si256::<1>(self.0))),
            )
        }
    }
    #[inline(always)]
    unsafe fn narrow(a: Self, b: Self) -> Self {
        unsafe {
            Avx2(_mm256_permute4x64_epi64::<0b11_01_10_00>(
                _mm256_packus_epi16(a.0, b.0),
            ))
        }
    }
    #[inline(always)]
    unsafe fn interleave(lo: Self, hi: Self) -> (Self, Self) {
        unsafe {
            let l = _mm256_unpacklo_epi8(lo.0, hi.0);
            let h = _mm256_unpackhi_epi8(lo.0, hi.0);
            (
                Avx2(_mm256_permute2x128_si256::<0x20>(l, h)),
                Avx2(_mm256_permute2x128_si256::<0x31>(l, h)),
            )
        }
    }
    #[inline(always)]
    unsafe fn swap16(self) -> Self {
        unsafe {
            Avx2(_mm256_or_si256(
                _mm256_slli_epi16::<8>(self.0),
                _mm256_srli_epi16::<8>(self.0),
            ))
        }
    }
}

#[allow(clippy::undocumented_unsafe_blocks)]
impl Shuffle for Avx2 {
    #[inline(always)]
    unsafe fn table16(table: &[u8; 16]) -> Self {
        // SAFETY: `table` is 16 readable bytes.
        unsafe {
            Avx2(_mm256_broadcastsi128_si256(_mm_loadu_si128(
                table.as_ptr().cast(),
            )))
        }
    }
    #[inline(always)]
    unsafe fn lookup16(self, idx: Self) -> Self {
        unsafe { Avx2(_mm256_shuffle_epi8(self.0, idx.0)) }
    }
    #[inline(always)]
    unsafe fn prev1(self, prev: Self) -> Self {
        unsafe {
            Avx2(_mm256_alignr_epi8::<15>(
                self.0,
                _mm256_permute2x128_si256::<0x21>(prev.0, self.0),
            ))
        }
    }
    #[inline(always)]
    unsafe fn prev2(self, prev: Self) -> Self {
        unsafe {
            Avx2(_mm256_alignr_epi8::<14>(
                self.0,
                _mm256_permute2x128_si256::<0x21>(prev.0, self.0),
            ))
        }
    }
    #[inline(always)]
    unsafe fn prev3(self, prev: Self) -> Self {
        unsafe {
            Avx2(_mm256_alignr_epi8::<13>(
                self.0,
                _mm256_permute2x128_si256::<0x21>(prev.0, self.0),
            ))
        }
    }
}

/// The upper half as 8 blocks of 16 entries, each block xor-ed with the next, for
/// the lookup cascade (see [`Lookup128::lookup`] below).
#[derive(Copy, Clone)]
pub(crate) struct Avx2Table {
    lo: [__m256i; 8],
    hi: [__m256i; 8],
}

#[allow(clippy::undocumented_unsafe_blocks)]
impl Lookup128 for Avx2 {
    type Table = Avx2Table;
    #[inline(always)]
    unsafe fn prepare(table: &[u16; 128]) -> Avx2Table {
        let mut lo = [[0u8; 16]; 9];
        let mut hi = [[0u8; 16]; 9];
        for (i, &c) in table.iter().enumerate() {
            lo[i / 16][i % 16] = c as u8;
            hi[i / 16][i % 16] = (c >> 8) as u8;
        }
        let mut t = Avx2Table {
            lo: [unsafe { _mm256_setzero_si256() }; 8],
            hi: [unsafe { _mm256_setzero_si256() }; 8],
        };
        for k in 0..8 {
            let mut l = [0u8; 16];
            let mut h = [0u8; 16];
            for j in 0..16 {
                l[j] = lo[k][j] ^ lo[k + 1][j];
                h[j] = hi[k][j] ^ hi[k + 1][j];
            }
            // SAFETY: 16-byte arrays.
            unsafe {
                t.lo[k] = Avx2::table16(&l).0;
                t.hi[k] = Avx2::table16(&h).0;
            }
        }
        t
    }
    /// For byte `x = b - 0x80` in block `j = x / 16`, the index
    /// `x + (0x80 - 16 (k + 1))` (saturating) has its high bit clear exactly for the
    /// blocks `k >= j`, so pshufb contributes `T'[k][x % 16]` for those; with
    /// `T'[k] = T[k] ^ T[k + 1]` the xor of the contributions telescopes to `T[j]`.
    /// ASCII bytes (`x >= 0x80`) saturate and contribute nothing.
    #[inline(always)]
    unsafe fn lookup(t: &Avx2Table, v: Self) -> (Self, Self) {
        unsafe {
            let x = _mm256_xor_si256(v.0, _mm256_set1_epi8(0x80u8 as i8));
            let mut lo = _mm256_setzero_si256();
            let mut hi = _mm256_setzero_si256();
            for k in 0..8 {
                let idx = _mm256_adds_epu8(x, _mm256_set1_epi8((0x80 - 16 * (k as i32 + 1)) as i8));
                lo = _mm256_xor_si256(lo, _mm256_shuffle_epi8(t.lo[k], idx));
                hi = _mm256_xor_si256(hi, _mm256_shuffle_epi8(t.hi[k], idx));
            }
            // ASCII bytes keep their value in the low byte.
            let ascii = _mm256_andnot_si256(_mm256_cmpgt_epi8(_mm256_setzero_si256(), v.0), v.0);
            (Avx2(_mm256_or_si256(lo, ascii)), Avx2(hi))
        }
    }
}

/// See [`crate::simd::scalar::units_to_utf8`] and [`avx2_transcode::units_to_utf8`].
///
/// # Safety
/// The CPU must have AVX2 and BMI1/2.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
pub(crate) unsafe fn units_to_utf8<const SWAP: bool>(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    // SAFETY: the caller checked the features.
    unsafe { avx2_transcode::units_to_utf8::<SWAP>(src, dst) }
}

/// See [`crate::simd::scalar::utf8_to_utf16`]: validation a chunk at a time, then 16-byte blocks
/// ([`avx2_transcode::utf8_blocks_to_utf16`]); the last bytes of a chunk and the
/// characters near the end of `dst` go through the scalar code.
///
/// # Safety
/// The CPU must have AVX2 and BMI1/2.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
pub(crate) unsafe fn utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    crate::simd::kernels::utf8_to_utf16::utf8_to_utf16_chunked(
        src,
        dst,
        16,
        // SAFETY: the features are enabled here.
        |s| unsafe { <Avx2 as Kernels>::utf8_valid_up_to(s) },
        // SAFETY: the features are enabled here; the driver passes valid UTF-8 `src[..end]`
        // that starts and ends at character boundaries.
        |s, end, d| unsafe { avx2_transcode::utf8_blocks_to_utf16(s, end, d) },
    )
}
