//! x86_64: SSE2 (baseline), x86-64-v2 (SSSE3, SSE4.1, POPCNT), AVX2, AVX-512;
//! run-time feature detection.

pub(crate) mod avx2;
// AVX-512 intrinsics and target features are stable since Rust 1.89: the crate's
// rust-version has to be at least that.
#[allow(clippy::incompatible_msrv)]
pub(crate) mod avx512;
pub(crate) mod pairs;
pub(crate) mod single_byte_utf8;
pub(crate) mod sse2;
pub(crate) mod sse41;

use core::arch::x86_64::*;

/// Runs `work` compiled with POPCNT (see [`crate::simd::with_popcnt`]).
///
/// # Safety
/// The CPU must have POPCNT.
#[target_feature(enable = "popcnt")]
pub(crate) unsafe fn with_popcnt<W: crate::simd::PopcntWork>(work: W) -> W::Out {
    work.run()
}

/// The code points of a single-byte table's upper half (bytes 0x80..=0xFF) as the
/// 16-byte blocks that the SSSE3/AVX2 `pshufb` lookups index, low bytes and high
/// bytes apart, each block XORed with the next (the last with zero): eight loads and
/// packs instead of 256 byte moves, as every decode call from 1 KiB prepares it.
///
/// # Safety
/// SSE2 (the x86_64 baseline); registers and `table` only.
#[inline(always)]
pub(crate) unsafe fn upper_blocks_xored(table: &[u16; 128]) -> ([__m128i; 8], [__m128i; 8]) {
    // SAFETY: the loads read 16 of the 256 bytes of `table` each; registers only.
    unsafe {
        let p = table.as_ptr().cast::<__m128i>();
        let low = _mm_set1_epi16(0xFF);
        let z = _mm_setzero_si128();
        let (mut lo, mut hi) = ([z; 9], [z; 9]);
        for k in 0..8 {
            let a = _mm_loadu_si128(p.add(2 * k));
            let b = _mm_loadu_si128(p.add(2 * k + 1));
            // Values up to 0xFF: the saturating packs keep them.
            lo[k] = _mm_packus_epi16(_mm_and_si128(a, low), _mm_and_si128(b, low));
            hi[k] = _mm_packus_epi16(_mm_srli_epi16::<8>(a), _mm_srli_epi16::<8>(b));
        }
        let (mut l, mut h) = ([z; 8], [z; 8]);
        for k in 0..8 {
            l[k] = _mm_xor_si128(lo[k], lo[k + 1]);
            h[k] = _mm_xor_si128(hi[k], hi[k + 1]);
        }
        (l, h)
    }
}

/// The vector tiers above SSE2 that the CPU (and OS) support.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Features {
    /// x86-64-v2: SSSE3, SSE4.1 and POPCNT (the [`sse41`] kernels).
    pub(crate) sse41: bool,
    /// AVX2 with BMI1/2, POPCNT and LZCNT (the [`avx2`] kernels).
    pub(crate) avx2: bool,
    /// The AVX-512 set the [`avx512`] kernels are compiled for (and AVX2).
    pub(crate) avx512: bool,
}

/// What the CPU (and OS) support.
///
/// Read with CPUID and XGETBV, which `core` offers, so this works without `std`.
/// Under Miri (which has no CPUID) only the compile-time features count.
#[cfg(not(miri))]
pub(crate) fn detect() -> Features {
    use core::arch::x86_64::{__cpuid, __cpuid_count};
    let bit = |x: u32, b: u32| x >> b & 1 == 1;
    // SAFETY: CPUID exists on every x86_64 CPU.
    #[allow(unused_unsafe)]
    let (max, l1) = unsafe { (__cpuid(0).eax, __cpuid(1)) };
    // SSSE3 (ecx bit 9), SSE4.1 (19), POPCNT (23): no OS support needed (SSE state).
    let sse41 = bit(l1.ecx, 9) && bit(l1.ecx, 19) && bit(l1.ecx, 23);
    if max < 7 || !bit(l1.ecx, 27) || !bit(l1.ecx, 28) {
        // No leaf 7, no OSXSAVE or no AVX.
        return Features {
            sse41,
            avx2: false,
            avx512: false,
        };
    }
    // SAFETY: leaf 7 exists (checked above).
    #[allow(unused_unsafe)]
    let l7 = unsafe { __cpuid_count(7, 0) };
    // SAFETY: OSXSAVE is set, so XGETBV is available.
    let xcr0 = unsafe { xgetbv0() };
    let ymm = xcr0 & 0x6 == 0x6;
    let zmm = xcr0 & 0xE6 == 0xE6;
    let (bmi1, avx2, bmi2) = (bit(l7.ebx, 3), bit(l7.ebx, 5), bit(l7.ebx, 8));
    // popcnt (leaf 1) and lzcnt (ABM, extended leaf 0x80000001 ecx bit 5) come with
    // every AVX2 CPU, but are checked all the same.
    // SAFETY: CPUID exists on every x86_64 CPU; leaf 0x80000000 gives the top
    // extended leaf.
    #[allow(unused_unsafe)]
    let lzcnt =
        unsafe { __cpuid(0x8000_0000).eax >= 0x8000_0001 && bit(__cpuid(0x8000_0001).ecx, 5) };
    let avx2 = ymm && avx2 && bmi1 && bmi2 && bit(l1.ecx, 23) && lzcnt;
    let avx512 = zmm
        && avx2
        && bit(l7.ebx, 16) // avx512f
        && bit(l7.ebx, 30) // avx512bw
        && bit(l7.ebx, 31) // avx512vl
        && bit(l7.ecx, 1) // avx512vbmi
        && bit(l7.ecx, 6); // avx512vbmi2
    Features {
        sse41,
        avx2,
        avx512,
    }
}

/// XCR0.
///
/// # Safety
/// CPUID must report OSXSAVE.
#[cfg(not(miri))]
#[target_feature(enable = "xsave")]
unsafe fn xgetbv0() -> u64 {
    // SAFETY: the caller checked OSXSAVE.
    unsafe { core::arch::x86_64::_xgetbv(0) }
}

/// Under Miri: the compile-time features only.
#[cfg(miri)]
pub(crate) fn detect() -> Features {
    let sse41 = cfg!(all(
        target_feature = "ssse3",
        target_feature = "sse4.1",
        target_feature = "popcnt"
    ));
    let avx2 = cfg!(all(
        target_feature = "avx2",
        target_feature = "bmi1",
        target_feature = "bmi2",
        target_feature = "popcnt",
        target_feature = "lzcnt"
    ));
    let avx512 = cfg!(all(
        target_feature = "avx512f",
        target_feature = "avx512bw",
        target_feature = "avx512vl",
        target_feature = "avx512vbmi",
        target_feature = "avx512vbmi2",
        target_feature = "popcnt"
    ));
    Features {
        sse41,
        avx2,
        avx512: avx2 && avx512,
    }
}
