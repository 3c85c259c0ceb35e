//! x86-64-v2 (SSSE3, SSE4.1, POPCNT): 16-byte vectors with byte shuffles (`pshufb`,
//! `palignr`), blends (`pblendvb`), `ptest`, the zero- and sign-extending moves
//! (`pmovzx`, `pmovsx`) and `packusdw`. The vector is its own 16-byte lane for the
//! transcoder's shuffle patterns, as on NEON.

use crate::simd::kernels::transcode;
use crate::simd::kernels::utf8_validate_sse2::Compare;
use crate::simd::vector::{Bytes16, Lookup128, Shuffle, Transcode, Vector};
use core::arch::x86_64::*;
use core::ptr;

/// Puts the x86-64-v2 `#[target_feature]` attribute on the function it wraps: the one
/// place its feature string is written (the SSE4.1 entry points of
/// [`crate::simd::dispatch`] use it too).
macro_rules! sse41_fn {
    ($($function:tt)*) => {
        #[target_feature(enable = "sse2,ssse3,sse4.1,popcnt")]
        $($function)*
    };
}
pub(crate) use sse41_fn;

/// An SSE register, used with the SSSE3 and SSE4.1 instructions.
#[derive(Copy, Clone)]
pub(crate) struct Sse41(__m128i);

/// The `pshufb` pattern that swaps the bytes of each `u16` lane.
static SWAP16: [u8; 16] = [1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14];

impl Vector for Sse41 {
    const BYTES: usize = 16;
    const MASK_SHIFT: u32 = 0;
    #[inline(always)]
    unsafe fn zero() -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_setzero_si128()) }
    }
    #[inline(always)]
    unsafe fn splat8(b: u8) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_set1_epi8(b as i8)) }
    }
    #[inline(always)]
    unsafe fn splat16(u: u16) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_set1_epi16(u as i16)) }
    }
    #[inline(always)]
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { Sse41(_mm_loadu_si128(p.cast())) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u8) {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { _mm_storeu_si128(p.cast(), self.0) }
    }
    #[inline(always)]
    unsafe fn or(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_or_si128(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn and(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_and_si128(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn xor(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_xor_si128(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn eq8(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_cmpeq_epi8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn eq16(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_cmpeq_epi16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn add16(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_add_epi16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn sub16(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_sub_epi16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn subs8(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_subs_epu8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn subs16(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_subs_epu16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn shr16<const K: i32>(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_srli_epi16::<K>(self.0)) }
    }
    #[inline(always)]
    unsafe fn high_mask(self) -> u64 {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { _mm_movemask_epi8(self.0) as u32 as u64 }
    }
    #[inline(always)]
    unsafe fn is_zero(self) -> bool {
        // `ptest`: ZF is set when `self & self` is zero.
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { _mm_testz_si128(self.0, self.0) == 1 }
    }
    #[inline(always)]
    unsafe fn widen_lo(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_cvtepu8_epi16(self.0)) }
    }
    #[inline(always)]
    unsafe fn widen_hi(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_unpackhi_epi8(self.0, _mm_setzero_si128())) }
    }
    #[inline(always)]
    unsafe fn widen_signed(self) -> (Self, Self) {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            (
                Sse41(_mm_cvtepi8_epi16(self.0)),
                Sse41(_mm_cvtepi8_epi16(_mm_unpackhi_epi64(self.0, self.0))),
            )
        }
    }
    #[inline(always)]
    unsafe fn narrow(a: Self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_packus_epi16(a.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn interleave(lo: Self, hi: Self) -> (Self, Self) {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            (
                Sse41(_mm_unpacklo_epi8(lo.0, hi.0)),
                Sse41(_mm_unpackhi_epi8(lo.0, hi.0)),
            )
        }
    }
    #[inline(always)]
    unsafe fn swap16(self) -> Self {
        // SAFETY: the ISA contract (features enabled); `SWAP16` is 16 readable bytes.
        unsafe {
            Sse41(_mm_shuffle_epi8(
                self.0,
                _mm_loadu_si128(SWAP16.as_ptr().cast()),
            ))
        }
    }
}

impl Shuffle for Sse41 {
    #[inline(always)]
    unsafe fn table16(table: &[u8; 16]) -> Self {
        // SAFETY: the ISA contract (features enabled); `table` is 16 readable bytes.
        unsafe { Sse41(_mm_loadu_si128(table.as_ptr().cast())) }
    }
    #[inline(always)]
    unsafe fn lookup16(self, idx: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_shuffle_epi8(self.0, idx.0)) }
    }
    #[inline(always)]
    unsafe fn prev1(self, prev: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_alignr_epi8::<15>(self.0, prev.0)) }
    }
    #[inline(always)]
    unsafe fn prev2(self, prev: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_alignr_epi8::<14>(self.0, prev.0)) }
    }
    #[inline(always)]
    unsafe fn prev3(self, prev: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_alignr_epi8::<13>(self.0, prev.0)) }
    }
}

/// The upper half as 8 blocks of 16 entries, each block xor-ed with the next, for
/// the lookup cascade (see [`Lookup128::lookup`] below).
#[derive(Copy, Clone)]
pub(crate) struct Sse41Table {
    lo: [__m128i; 8],
    hi: [__m128i; 8],
}

/// The compare-based UTF-8 validator's operations (SSE2 instructions; on this tier
/// that validator measured faster than the nibble lookups).
impl Compare for Sse41 {
    #[inline(always)]
    unsafe fn gt8(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_cmpgt_epi8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn max8(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_max_epu8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn add8(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_add_epi8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn shift_up<const K: i32>(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_slli_si128::<K>(self.0)) }
    }
}

impl Lookup128 for Sse41 {
    type Table = Sse41Table;
    #[inline(always)]
    unsafe fn prepare(table: &[u16; 128]) -> Sse41Table {
        // SAFETY: the ISA contract (features enabled; SSE2 is baseline); registers
        // and `table` only.
        unsafe {
            let (lo, hi) = super::upper_blocks_xored(table);
            Sse41Table { lo, hi }
        }
    }
    /// For byte `x = b - 0x80` in block `j = x / 16`, the index
    /// `x + (0x80 - 16 (k + 1))` (saturating) has its high bit clear exactly for the
    /// blocks `k >= j`, so `pshufb` contributes `T'[k][x % 16]` for those; with
    /// `T'[k] = T[k] ^ T[k + 1]` the xor of the contributions telescopes to `T[j]`.
    /// ASCII bytes (`x >= 0x80`) saturate and contribute nothing.
    #[inline(always)]
    unsafe fn lookup(t: &Sse41Table, v: Self) -> (Self, Self) {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            let x = _mm_xor_si128(v.0, _mm_set1_epi8(0x80u8 as i8));
            let mut lo = _mm_setzero_si128();
            let mut hi = _mm_setzero_si128();
            for k in 0..8 {
                let idx = _mm_adds_epu8(x, _mm_set1_epi8((0x80 - 16 * (k as i32 + 1)) as i8));
                lo = _mm_xor_si128(lo, _mm_shuffle_epi8(t.lo[k], idx));
                hi = _mm_xor_si128(hi, _mm_shuffle_epi8(t.hi[k], idx));
            }
            // ASCII bytes keep their value in the low byte.
            let ascii = _mm_andnot_si128(_mm_cmplt_epi8(v.0, _mm_setzero_si128()), v.0);
            (Sse41(_mm_or_si128(lo, ascii)), Sse41(hi))
        }
    }
}

impl Transcode for Sse41 {
    type Half = Sse41;
    const LEN_CODES: bool = true;
    #[inline(always)]
    unsafe fn len_codes(ascii: Self, below800: Self) -> u64 {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            _mm_movemask_epi8(_mm_or_si128(ascii.0, _mm_slli_epi16::<8>(below800.0))) as u32 as u64
        }
    }
    #[inline(always)]
    unsafe fn half(self, _h: usize) -> Sse41 {
        self
    }
    #[inline(always)]
    unsafe fn load_lanes(p: *const u8, _stride: usize) -> Self {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { Sse41(_mm_loadu_si128(p.cast())) }
    }
    #[inline(always)]
    unsafe fn utf8_masks64(p: *const u8) -> (u64, u64) {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe {
            let v = [0, 16, 32, 48].map(|k| _mm_loadu_si128(p.add(k).cast()));
            // Continuation bytes are below -64 as `i8`.
            let m = _mm_set1_epi8(-65);
            let high = |x: __m128i| _mm_movemask_epi8(x) as u32 as u64;
            let lead = |x: __m128i| high(_mm_cmpgt_epi8(x, m));
            (
                high(v[0]) | high(v[1]) << 16 | high(v[2]) << 32 | high(v[3]) << 48,
                lead(v[0]) | lead(v[1]) << 16 | lead(v[2]) << 32 | lead(v[3]) << 48,
            )
        }
    }
    #[inline(always)]
    unsafe fn all_set(self) -> bool {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { _mm_movemask_epi8(self.0) == 0xFFFF }
    }
    #[inline(always)]
    unsafe fn splat32(u: u32) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_set1_epi32(u as i32)) }
    }
    #[inline(always)]
    unsafe fn eq32(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_cmpeq_epi32(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn shr32<const K: i32>(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_srli_epi32::<K>(self.0)) }
    }
    #[inline(always)]
    unsafe fn shl16<const K: i32>(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_slli_epi16::<K>(self.0)) }
    }
    #[inline(always)]
    unsafe fn select(mask: Self, a: Self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_blendv_epi8(b.0, a.0, mask.0)) }
    }
    #[inline(always)]
    unsafe fn narrow32(a: Self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse41(_mm_packus_epi32(a.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn store_narrow(self, p: *mut u8) {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { _mm_storel_epi64(p.cast(), _mm_packus_epi16(self.0, self.0)) }
    }
    #[inline(always)]
    unsafe fn lane_masks(a: Self, b: Self) -> u64 {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { _mm_movemask_epi8(_mm_packs_epi16(a.0, b.0)) as u32 as u64 }
    }
    #[inline(always)]
    unsafe fn quarter(a: Self, b: Self, q: usize) -> Sse41 {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            Sse41(if q == 0 {
                _mm_unpacklo_epi16(a.0, b.0)
            } else {
                _mm_unpackhi_epi16(a.0, b.0)
            })
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

impl Bytes16 for Sse41 {
    #[inline(always)]
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { Sse41(_mm_loadu_si128(p.cast())) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u8) {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { _mm_storeu_si128(p.cast(), self.0) }
    }
    #[inline(always)]
    unsafe fn shuffle(self, row: &[u8; 16]) -> Self {
        // SAFETY: the ISA contract (features enabled); `row` is 16 readable bytes.
        unsafe {
            Sse41(_mm_shuffle_epi8(
                self.0,
                _mm_loadu_si128(row.as_ptr().cast()),
            ))
        }
    }
    #[inline(always)]
    unsafe fn and(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { <Sse41 as Vector>::and(self, b) }
    }
    #[inline(always)]
    unsafe fn or(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { <Sse41 as Vector>::or(self, b) }
    }
    #[inline(always)]
    unsafe fn xor(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { <Sse41 as Vector>::xor(self, b) }
    }
    #[inline(always)]
    unsafe fn splat16(u: u16) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { <Sse41 as Vector>::splat16(u) }
    }
    #[inline(always)]
    unsafe fn splat32(u: u32) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { <Sse41 as Transcode>::splat32(u) }
    }
    #[inline(always)]
    unsafe fn shr16<const K: i32>(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { <Sse41 as Vector>::shr16::<K>(self) }
    }
    #[inline(always)]
    unsafe fn shr32<const K: i32>(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { <Sse41 as Transcode>::shr32::<K>(self) }
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
        unsafe {
            _mm_storeu_si128(q.cast(), _mm_cvtepu8_epi16(self.0));
            _mm_storeu_si128(
                q.add(8).cast(),
                _mm_unpackhi_epi8(self.0, _mm_setzero_si128()),
            );
        }
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
        unsafe { Sse41(_mm_unpackhi_epi64(self.0, self.0)) }
    }
    #[inline(always)]
    unsafe fn store8(self, p: *mut u8) {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { _mm_storel_epi64(p.cast(), self.0) }
    }
}
