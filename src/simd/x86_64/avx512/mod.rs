//! AVX-512 (F, BW, VL, VBMI, VBMI2 with BMI2): 64-byte vectors, mask registers,
//! `vpermi2b` table lookups and `vpcompressb` packing.
//!
//! This file holds the vector type (the [`Vector`], [`Shuffle`] and [`Lookup128`]
//! impls the generic kernels run on) and the register helpers the AVX-512 kernels
//! share; the kernels AVX-512 has of its own are one file per operation:
//! [`utf8_validate`], [`utf8_to_utf16`](mod@utf8_to_utf16), [`utf16`] (UTF-16 -> UTF-8
//! and WTF-8) and [`single_byte`]. The conversions whose output length varies per character pack
//! with a compress and write with a masked store, so nothing past the reported
//! length is ever written.
//!
//! The entry points (the functions [`crate::simd::dispatch`]'s table names for
//! AVX-512) are each wrapped in `avx512_fn!`, which compiles them with the AVX-512
//! features (the one place that feature string is written; dispatch's AVX-512 entry
//! points use the same macro). They stay functions of their own rather than being
//! inlined into dispatch's entry points: inlined, UTF-8 -> UTF-16 of `ru.txt` measured
//! about 25% slower. Their helpers are `#[inline(always)]`; "the AVX-512 features" in
//! a helper's `# Safety` section means: inlined into such a function, on a CPU that
//! has them.

pub(crate) mod single_byte;
pub(crate) mod utf16;
pub(crate) mod utf8_to_utf16;
pub(crate) mod utf8_validate;

pub(crate) use single_byte::{
    encodes_run, single_byte_encode_utf8, single_byte_to_utf8, x_user_defined_encode_utf8,
    x_user_defined_to_utf16, x_user_defined_to_utf8,
};
pub(crate) use utf16::{units_to_utf8, units_to_wtf8};
pub(crate) use utf8_to_utf16::{utf8_to_utf16, wtf8_to_utf16};
pub(crate) use utf8_validate::{utf8_copy, utf8_valid_up_to, wtf8_valid_prefix};

use crate::simd::vector::{Lookup128, Shuffle, Vector};
use core::arch::x86_64::*;

/// Puts AVX-512's `#[target_feature]` attribute on the function it wraps: the one place
/// its feature string is written (the AVX-512 entry points of [`crate::simd::dispatch`]
/// use it too).
macro_rules! avx512_fn {
    ($($function:tt)*) => {
        #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,avx2,bmi1,bmi2,popcnt")]
        $($function)*
    };
}
pub(crate) use avx512_fn;

/// An AVX-512 register.
#[derive(Copy, Clone)]
pub(crate) struct Avx512(__m512i);

impl Vector for Avx512 {
    const BYTES: usize = 64;
    const MASK_SHIFT: u32 = 0;
    #[inline(always)]
    unsafe fn zero() -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx512(_mm512_setzero_si512()) }
    }
    #[inline(always)]
    unsafe fn splat8(b: u8) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx512(_mm512_set1_epi8(b as i8)) }
    }
    #[inline(always)]
    unsafe fn splat16(u: u16) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx512(_mm512_set1_epi16(u as i16)) }
    }
    #[inline(always)]
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { Avx512(_mm512_loadu_si512(p.cast())) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u8) {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { _mm512_storeu_si512(p.cast(), self.0) }
    }
    #[inline(always)]
    unsafe fn or(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx512(_mm512_or_si512(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn and(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx512(_mm512_and_si512(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn xor(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx512(_mm512_xor_si512(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn eq8(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx512(_mm512_movm_epi8(_mm512_cmpeq_epi8_mask(self.0, b.0))) }
    }
    #[inline(always)]
    unsafe fn eq16(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx512(_mm512_movm_epi16(_mm512_cmpeq_epi16_mask(self.0, b.0))) }
    }
    #[inline(always)]
    unsafe fn add16(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx512(_mm512_add_epi16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn sub16(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx512(_mm512_sub_epi16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn subs8(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx512(_mm512_subs_epu8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn subs16(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx512(_mm512_subs_epu16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn shr16<const K: i32>(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx512(_mm512_srl_epi16(self.0, _mm_cvtsi32_si128(K))) }
    }
    #[inline(always)]
    unsafe fn high_mask(self) -> u64 {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { _mm512_movepi8_mask(self.0) }
    }
    #[inline(always)]
    unsafe fn is_zero(self) -> bool {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { _mm512_test_epi64_mask(self.0, self.0) == 0 }
    }
    #[inline(always)]
    unsafe fn widen_lo(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx512(_mm512_cvtepu8_epi16(_mm512_castsi512_si256(self.0))) }
    }
    #[inline(always)]
    unsafe fn widen_hi(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx512(_mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64::<1>(self.0))) }
    }
    #[inline(always)]
    unsafe fn widen_signed(self) -> (Self, Self) {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            (
                Avx512(_mm512_cvtepi8_epi16(_mm512_castsi512_si256(self.0))),
                Avx512(_mm512_cvtepi8_epi16(_mm512_extracti64x4_epi64::<1>(self.0))),
            )
        }
    }
    #[inline(always)]
    unsafe fn narrow(a: Self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            Avx512(_mm512_inserti64x4::<1>(
                _mm512_castsi256_si512(_mm512_cvtepi16_epi8(a.0)),
                _mm512_cvtepi16_epi8(b.0),
            ))
        }
    }
    #[inline(always)]
    unsafe fn interleave(lo: Self, hi: Self) -> (Self, Self) {
        // SAFETY: the ISA contract (features enabled); registers only.
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
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            Avx512(_mm512_or_si512(
                _mm512_slli_epi16::<8>(self.0),
                _mm512_srli_epi16::<8>(self.0),
            ))
        }
    }
}

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
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Avx512(_mm512_shuffle_epi8(self.0, idx.0)) }
    }
    #[inline(always)]
    unsafe fn prev1(self, prev: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            Avx512(_mm512_alignr_epi8::<15>(
                self.0,
                _mm512_alignr_epi64::<6>(self.0, prev.0),
            ))
        }
    }
    #[inline(always)]
    unsafe fn prev2(self, prev: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            Avx512(_mm512_alignr_epi8::<14>(
                self.0,
                _mm512_alignr_epi64::<6>(self.0, prev.0),
            ))
        }
    }
    #[inline(always)]
    unsafe fn prev3(self, prev: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            Avx512(_mm512_alignr_epi8::<13>(
                self.0,
                _mm512_alignr_epi64::<6>(self.0, prev.0),
            ))
        }
    }
}

/// `a` then `b`.
///
/// # Safety
/// The AVX-512 features ([`super`]).
#[inline(always)]
unsafe fn join(a: __m256i, b: __m256i) -> __m512i {
    // SAFETY: forwarded contract.
    unsafe { _mm512_inserti64x4::<1>(_mm512_castsi256_si512(a), b) }
}

/// The high bytes of the `u16` lanes.
///
/// # Safety
/// The AVX-512 features ([`super`]).
#[inline(always)]
unsafe fn high_bytes(v: __m512i) -> __m256i {
    // SAFETY: forwarded contract.
    unsafe { _mm512_cvtepi16_epi8(_mm512_srli_epi16::<8>(v)) }
}

/// The low and high bytes of the 128 code points, as `vpermi2b` table pairs.
#[derive(Copy, Clone)]
pub(crate) struct Avx512Table {
    lo: [__m512i; 2],
    hi: [__m512i; 2],
}

impl Lookup128 for Avx512 {
    type Table = Avx512Table;
    #[inline(always)]
    unsafe fn prepare(table: &[u16; 128]) -> Avx512Table {
        // SAFETY: the ISA contract (features enabled); reads stay inside the table.
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
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            let upper = _mm512_movepi8_mask(v.0);
            let lo = _mm512_permutex2var_epi8(t.lo[0], v.0, t.lo[1]);
            let hi = _mm512_maskz_permutex2var_epi8(upper, t.hi[0], v.0, t.hi[1]);
            (Avx512(_mm512_mask_blend_epi8(upper, v.0, lo)), Avx512(hi))
        }
    }
}

/// `vpermt2b` indexes that interleave the bytes of two vectors `a` (indexes 0..64)
/// and `b` (64..128) into 16-bit pairs `a[k] | b[k] << 8`: pair `j` of result `h`
/// takes byte `32 h + j` of each (the low bytes and high bytes of units, the leads
/// and trails of two-byte characters).
///
/// # Safety
/// The ISA contract: called where AVX-512 is enabled (a load of a local array).
#[inline(always)]
pub(super) unsafe fn interleave_indexes() -> [__m512i; 2] {
    core::array::from_fn(|h| {
        let idx: [u8; 64] = core::array::from_fn(|i| (32 * h + i / 2 + 64 * (i % 2)) as u8);
        // SAFETY: forwarded contract; the load reads the local array.
        unsafe { _mm512_loadu_si512(idx.as_ptr().cast()) }
    })
}

/// Bits 0..n set (n <= 64).
#[inline(always)]
pub(super) fn low_bits(n: usize) -> u64 {
    if n >= 64 {
        !0
    } else {
        (1u64 << n) - 1
    }
}
