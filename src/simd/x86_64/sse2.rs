//! SSE2 (the x86_64 baseline): 16-byte vectors, no byte shuffles.

use crate::simd::kernels::utf8_validate_sse2::Compare;
use crate::simd::vector::Vector;
use core::arch::x86_64::*;

/// Puts SSE2's `#[target_feature]` attribute on the function it wraps: the one place
/// its feature string is written (the SSE2 entry points of [`crate::simd::dispatch`]
/// use it too).
macro_rules! sse2_fn {
    ($($function:tt)*) => {
        #[target_feature(enable = "sse2")]
        $($function)*
    };
}
pub(crate) use sse2_fn;

/// An SSE2 register.
#[derive(Copy, Clone)]
pub(crate) struct Sse2(__m128i);

impl Vector for Sse2 {
    const BYTES: usize = 16;
    const MASK_SHIFT: u32 = 0;
    #[inline(always)]
    unsafe fn zero() -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse2(_mm_setzero_si128()) }
    }
    #[inline(always)]
    unsafe fn splat8(b: u8) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse2(_mm_set1_epi8(b as i8)) }
    }
    #[inline(always)]
    unsafe fn splat16(u: u16) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse2(_mm_set1_epi16(u as i16)) }
    }
    #[inline(always)]
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { Sse2(_mm_loadu_si128(p.cast())) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u8) {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { _mm_storeu_si128(p.cast(), self.0) }
    }
    #[inline(always)]
    unsafe fn or(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse2(_mm_or_si128(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn and(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse2(_mm_and_si128(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn xor(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse2(_mm_xor_si128(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn eq8(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse2(_mm_cmpeq_epi8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn eq16(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse2(_mm_cmpeq_epi16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn add16(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse2(_mm_add_epi16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn sub16(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse2(_mm_sub_epi16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn subs8(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse2(_mm_subs_epu8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn subs16(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse2(_mm_subs_epu16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn shr16<const K: i32>(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse2(_mm_srli_epi16::<K>(self.0)) }
    }
    #[inline(always)]
    unsafe fn high_mask(self) -> u64 {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { _mm_movemask_epi8(self.0) as u32 as u64 }
    }
    #[inline(always)]
    unsafe fn is_zero(self) -> bool {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(self.0, _mm_setzero_si128())) == 0xFFFF }
    }
    #[inline(always)]
    unsafe fn widen_lo(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse2(_mm_unpacklo_epi8(self.0, _mm_setzero_si128())) }
    }
    #[inline(always)]
    unsafe fn widen_hi(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse2(_mm_unpackhi_epi8(self.0, _mm_setzero_si128())) }
    }
    #[inline(always)]
    unsafe fn widen_signed(self) -> (Self, Self) {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            let sign = _mm_cmplt_epi8(self.0, _mm_setzero_si128());
            (
                Sse2(_mm_unpacklo_epi8(self.0, sign)),
                Sse2(_mm_unpackhi_epi8(self.0, sign)),
            )
        }
    }
    #[inline(always)]
    unsafe fn narrow(a: Self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse2(_mm_packus_epi16(a.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn interleave(lo: Self, hi: Self) -> (Self, Self) {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            (
                Sse2(_mm_unpacklo_epi8(lo.0, hi.0)),
                Sse2(_mm_unpackhi_epi8(lo.0, hi.0)),
            )
        }
    }
    #[inline(always)]
    unsafe fn swap16(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            Sse2(_mm_or_si128(
                _mm_slli_epi16::<8>(self.0),
                _mm_srli_epi16::<8>(self.0),
            ))
        }
    }
}

impl Compare for Sse2 {
    #[inline(always)]
    unsafe fn gt8(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse2(_mm_cmpgt_epi8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn max8(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse2(_mm_max_epu8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn add8(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse2(_mm_add_epi8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn shift_up<const K: i32>(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Sse2(_mm_slli_si128::<K>(self.0)) }
    }
}

/// Index of the first unit of `hay` equal to `value`: eight units per compare.
#[inline]
pub(crate) fn find_u16(hay: &[u16], value: u16) -> Option<usize> {
    let (n, p) = (hay.len(), hay.as_ptr());
    let mut i = 0;
    // SAFETY: SSE2 is baseline on x86_64; the loads read `hay[i..i + 16]` and
    // `hay[i..i + 8]` with those ends at most `n`.
    unsafe {
        let v = _mm_set1_epi16(value as i16);
        while i + 16 <= n {
            let a = _mm_cmpeq_epi16(_mm_loadu_si128(p.add(i).cast()), v);
            let b = _mm_cmpeq_epi16(_mm_loadu_si128(p.add(i + 8).cast()), v);
            let m = _mm_movemask_epi8(_mm_packs_epi16(a, b));
            if m != 0 {
                return Some(i + m.trailing_zeros() as usize);
            }
            i += 16;
        }
        if i + 8 <= n {
            let a = _mm_cmpeq_epi16(_mm_loadu_si128(p.add(i).cast()), v);
            let m = _mm_movemask_epi8(_mm_packs_epi16(a, _mm_setzero_si128()));
            if m != 0 {
                return Some(i + m.trailing_zeros() as usize);
            }
            i += 8;
        }
    }
    hay[i..].iter().position(|&u| u == value).map(|k| i + k)
}
