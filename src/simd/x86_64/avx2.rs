//! AVX2: 32-byte vectors with in-lane byte shuffles, and their 16-byte lanes
//! ([`Xmm`]) for the transcoder's shuffle patterns.

use crate::simd::kernels::transcode;
use crate::simd::vector::{Bytes16, Lookup128, Shuffle, Transcode, Vector};
use core::arch::x86_64::*;
use core::ptr;

/// Puts AVX2's `#[target_feature]` attribute on the function it wraps: the one place
/// its feature string is written (the AVX2 entry points of [`crate::simd::dispatch`]
/// use it too).
macro_rules! avx2_fn {
    ($($function:tt)*) => {
        #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
        $($function)*
    };
}
pub(crate) use avx2_fn;

/// An AVX2 register.
#[derive(Copy, Clone)]
pub(crate) struct Avx2(__m256i);

impl Vector for Avx2 {
    const BYTES: usize = 32;
    const MASK_SHIFT: u32 = 0;
    #[inline(always)]
    unsafe fn zero() -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx2(_mm256_setzero_si256()) }
    }
    #[inline(always)]
    unsafe fn splat8(b: u8) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx2(_mm256_set1_epi8(b as i8)) }
    }
    #[inline(always)]
    unsafe fn splat16(u: u16) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx2(_mm256_set1_epi16(u as i16)) }
    }
    #[inline(always)]
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { Avx2(_mm256_loadu_si256(p.cast())) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u8) {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { _mm256_storeu_si256(p.cast(), self.0) }
    }
    #[inline(always)]
    unsafe fn or(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx2(_mm256_or_si256(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn and(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx2(_mm256_and_si256(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn xor(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx2(_mm256_xor_si256(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn eq8(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx2(_mm256_cmpeq_epi8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn eq16(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx2(_mm256_cmpeq_epi16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn add16(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx2(_mm256_add_epi16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn sub16(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx2(_mm256_sub_epi16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn subs8(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx2(_mm256_subs_epu8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn subs16(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx2(_mm256_subs_epu16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn shr16<const K: i32>(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx2(_mm256_srli_epi16::<K>(self.0)) }
    }
    #[inline(always)]
    unsafe fn high_mask(self) -> u64 {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { _mm256_movemask_epi8(self.0) as u32 as u64 }
    }
    #[inline(always)]
    unsafe fn is_zero(self) -> bool {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { _mm256_testz_si256(self.0, self.0) == 1 }
    }
    #[inline(always)]
    unsafe fn widen_lo(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx2(_mm256_cvtepu8_epi16(_mm256_castsi256_si128(self.0))) }
    }
    #[inline(always)]
    unsafe fn widen_hi(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx2(_mm256_cvtepu8_epi16(_mm256_extracti128_si256::<1>(self.0))) }
    }
    #[inline(always)]
    unsafe fn widen_signed(self) -> (Self, Self) {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            (
                Avx2(_mm256_cvtepi8_epi16(_mm256_castsi256_si128(self.0))),
                Avx2(_mm256_cvtepi8_epi16(_mm256_extracti128_si256::<1>(self.0))),
            )
        }
    }
    #[inline(always)]
    unsafe fn narrow(a: Self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            Avx2(_mm256_permute4x64_epi64::<0b11_01_10_00>(
                _mm256_packus_epi16(a.0, b.0),
            ))
        }
    }
    #[inline(always)]
    unsafe fn interleave(lo: Self, hi: Self) -> (Self, Self) {
        // SAFETY: the ISA contract (features enabled); registers only.
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
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            Avx2(_mm256_or_si256(
                _mm256_slli_epi16::<8>(self.0),
                _mm256_srli_epi16::<8>(self.0),
            ))
        }
    }
}

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
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx2(_mm256_shuffle_epi8(self.0, idx.0)) }
    }
    #[inline(always)]
    unsafe fn prev1(self, prev: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            Avx2(_mm256_alignr_epi8::<15>(
                self.0,
                _mm256_permute2x128_si256::<0x21>(prev.0, self.0),
            ))
        }
    }
    #[inline(always)]
    unsafe fn prev2(self, prev: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            Avx2(_mm256_alignr_epi8::<14>(
                self.0,
                _mm256_permute2x128_si256::<0x21>(prev.0, self.0),
            ))
        }
    }
    #[inline(always)]
    unsafe fn prev3(self, prev: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
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

impl Lookup128 for Avx2 {
    type Table = Avx2Table;
    #[inline(always)]
    unsafe fn prepare(table: &[u16; 128]) -> Avx2Table {
        // SAFETY: the ISA contract (features enabled; SSE2 is baseline); registers
        // and `table` only.
        unsafe {
            let (l, h) = super::upper_blocks_xored(table);
            // Loops, not closures: a closure would not inherit the target features.
            let mut t = Avx2Table {
                lo: [_mm256_setzero_si256(); 8],
                hi: [_mm256_setzero_si256(); 8],
            };
            for k in 0..8 {
                t.lo[k] = _mm256_broadcastsi128_si256(l[k]);
                t.hi[k] = _mm256_broadcastsi128_si256(h[k]);
            }
            t
        }
    }
    /// For byte `x = b - 0x80` in block `j = x / 16`, the index
    /// `x + (0x80 - 16 (k + 1))` (saturating) has its high bit clear exactly for the
    /// blocks `k >= j`, so pshufb contributes `T'[k][x % 16]` for those; with
    /// `T'[k] = T[k] ^ T[k + 1]` the xor of the contributions telescopes to `T[j]`.
    /// ASCII bytes (`x >= 0x80`) saturate and contribute nothing.
    #[inline(always)]
    unsafe fn lookup(t: &Avx2Table, v: Self) -> (Self, Self) {
        // SAFETY: the ISA contract (features enabled); registers only.
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

impl Transcode for Avx2 {
    type Half = Xmm;
    const LEN_CODES: bool = true;
    #[inline(always)]
    unsafe fn half(self, h: usize) -> Xmm {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            Xmm(if h == 0 {
                _mm256_castsi256_si128(self.0)
            } else {
                _mm256_extracti128_si256::<1>(self.0)
            })
        }
    }
    #[inline(always)]
    unsafe fn load_lanes(p: *const u8, stride: usize) -> Self {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe {
            Avx2(_mm256_inserti128_si256::<1>(
                _mm256_castsi128_si256(_mm_loadu_si128(p.cast())),
                _mm_loadu_si128(p.add(stride).cast()),
            ))
        }
    }
    #[inline(always)]
    unsafe fn utf8_masks64(p: *const u8) -> (u64, u64) {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe {
            let (a, b) = (Avx2::load(p), Avx2::load(p.add(32)));
            // Continuation bytes are below -64 as `i8`.
            let m = _mm256_set1_epi8(-65);
            let (sa, sb) = (_mm256_cmpgt_epi8(a.0, m), _mm256_cmpgt_epi8(b.0, m));
            (
                a.high_mask() | b.high_mask() << 32,
                Avx2(sa).high_mask() | Avx2(sb).high_mask() << 32,
            )
        }
    }
    #[inline(always)]
    unsafe fn all_set(self) -> bool {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { _mm256_movemask_epi8(self.0) == -1 }
    }
    #[inline(always)]
    unsafe fn splat32(u: u32) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx2(_mm256_set1_epi32(u as i32)) }
    }
    #[inline(always)]
    unsafe fn eq32(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx2(_mm256_cmpeq_epi32(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn shr32<const K: i32>(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx2(_mm256_srli_epi32::<K>(self.0)) }
    }
    #[inline(always)]
    unsafe fn shl16<const K: i32>(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx2(_mm256_slli_epi16::<K>(self.0)) }
    }
    #[inline(always)]
    unsafe fn select(mask: Self, a: Self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx2(_mm256_blendv_epi8(b.0, a.0, mask.0)) }
    }
    #[inline(always)]
    unsafe fn narrow32(a: Self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            Avx2(_mm256_permute4x64_epi64::<0b11_01_10_00>(
                _mm256_packus_epi32(a.0, b.0),
            ))
        }
    }
    #[inline(always)]
    unsafe fn store_narrow(self, p: *mut u8) {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe {
            let (lo, hi) = (self.half(0).0, self.half(1).0);
            _mm_storeu_si128(p.cast(), _mm_packus_epi16(lo, hi));
        }
    }
    /// The high bit of the low byte of a lane is `ascii`'s, of the high byte
    /// `below800`'s (as `ascii` implies it, `ascii | below800 << 8`).
    #[inline(always)]
    unsafe fn len_codes(ascii: Self, below800: Self) -> u64 {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            _mm256_movemask_epi8(_mm256_or_si256(ascii.0, _mm256_slli_epi16::<8>(below800.0)))
                as u32 as u64
        }
    }
    #[inline(always)]
    unsafe fn lane_masks(a: Self, b: Self) -> u64 {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { _mm256_movemask_epi8(_mm256_packs_epi16(a.0, b.0)) as u32 as u64 }
    }
    /// `vpunpck[lh]wd` work within 128-bit lanes: their low lanes hold quarters 0 and
    /// 1, their high lanes 2 and 3.
    #[inline(always)]
    unsafe fn quarter(a: Self, b: Self, q: usize) -> Xmm {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            let x = if q.is_multiple_of(2) {
                _mm256_unpacklo_epi16(a.0, b.0)
            } else {
                _mm256_unpackhi_epi16(a.0, b.0)
            };
            Avx2(x).half(q / 2)
        }
    }
    #[inline(always)]
    unsafe fn three_byte_run16(p: *const u8, q: *mut u16) -> bool {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { transcode::three_byte_run16_by_lanes::<Self>(p, q) }
    }
    #[inline(always)]
    unsafe fn store_utf8_3(lead: Self, mid: Self, last: Self, p: *mut u8) -> usize {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { transcode::store_utf8_3_by_pack3(lead, mid, last, p) }
    }
}

/// A 16-byte lane of an [`Avx2`] register, used inside AVX2 functions (so with
/// SSSE3 and SSE4.1 byte shuffles and blends, and VEX encodings).
#[derive(Copy, Clone)]
pub(crate) struct Xmm(__m128i);

impl Bytes16 for Xmm {
    #[inline(always)]
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { Xmm(_mm_loadu_si128(p.cast())) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u8) {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { _mm_storeu_si128(p.cast(), self.0) }
    }
    #[inline(always)]
    unsafe fn shuffle(self, row: &[u8; 16]) -> Self {
        // SAFETY: the ISA contract (features enabled); reads stay inside the table.
        unsafe { Xmm(_mm_shuffle_epi8(self.0, Xmm::load(row.as_ptr()).0)) }
    }
    #[inline(always)]
    unsafe fn and(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Xmm(_mm_and_si128(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn or(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Xmm(_mm_or_si128(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn xor(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Xmm(_mm_xor_si128(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn splat16(u: u16) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Xmm(_mm_set1_epi16(u as i16)) }
    }
    #[inline(always)]
    unsafe fn splat32(u: u32) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Xmm(_mm_set1_epi32(u as i32)) }
    }
    #[inline(always)]
    unsafe fn shr16<const K: i32>(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Xmm(_mm_srli_epi16::<K>(self.0)) }
    }
    #[inline(always)]
    unsafe fn shr32<const K: i32>(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Xmm(_mm_srli_epi32::<K>(self.0)) }
    }
    #[inline(always)]
    unsafe fn is_ascii(self) -> bool {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { _mm_movemask_epi8(self.0) == 0 }
    }
    #[inline(always)]
    unsafe fn lead_mask(self) -> u32 {
        // Continuation bytes are below -64 as `i8`.
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { _mm_movemask_epi8(_mm_cmpgt_epi8(self.0, _mm_set1_epi8(-65))) as u32 }
    }
    #[inline(always)]
    unsafe fn widen_store(self, q: *mut u16) {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { _mm256_storeu_si256(q.cast(), _mm256_cvtepu8_epi16(self.0)) }
    }
    #[inline(always)]
    unsafe fn store6(self, q: *mut u16) {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe {
            _mm_storel_epi64(q.cast(), self.0);
            ptr::write_unaligned(q.add(4).cast::<i32>(), _mm_extract_epi32::<2>(self.0));
        }
    }
    #[inline(always)]
    unsafe fn store_narrow32(self, q: *mut u16) {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { _mm_storel_epi64(q.cast(), _mm_packus_epi32(self.0, self.0)) }
    }
    #[inline(always)]
    unsafe fn high8(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Xmm(_mm_unpackhi_epi64(self.0, self.0)) }
    }
    #[inline(always)]
    unsafe fn store8(self, p: *mut u8) {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { _mm_storel_epi64(p.cast(), self.0) }
    }
}
