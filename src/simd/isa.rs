//! The instruction sets the kernels are built for, which of them the CPU runs, and
//! the one chosen for the process: the best the CPU has (x86_64: CPUID, so also
//! without `std`), detected at the first call and cached. With the `std` feature the
//! environment variable `TEXTCODEC_FORCE_ISA` (`scalar`, `sse2`, `sse41`, `avx2`,
//! `avx512`, `neon`) read then can lower it, for tests and benchmarks.
//!
//! The tiers, lowest first: scalar (every target); on x86_64 SSE2 (the baseline, no
//! byte shuffles), SSE4.1 (x86-64-v2: SSSE3, SSE4.1, POPCNT; 16-byte `pshufb`
//! kernels), AVX2 (x86-64-v3) and AVX-512 (F/BW/VL/VBMI/VBMI2); on little-endian
//! aarch64 NEON.

use core::sync::atomic::{AtomicU8, Ordering};

#[cfg(target_arch = "x86_64")]
use super::x86_64;

/// An instruction set the kernels are built for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
pub(crate) enum Isa {
    /// Portable code.
    Scalar = 1,
    /// x86_64 baseline.
    Sse2 = 2,
    /// x86-64-v2: SSSE3, SSE4.1 and POPCNT (the byte shuffles at 16 bytes).
    Sse41 = 3,
    /// x86_64 AVX2 (with BMI1/2, POPCNT, LZCNT).
    Avx2 = 4,
    /// x86_64 AVX-512 F/BW/VL/VBMI/VBMI2.
    Avx512 = 5,
    /// aarch64 NEON.
    Neon = 6,
}

impl Isa {
    /// Every ISA this build has kernels for.
    #[allow(dead_code)]
    pub(crate) const ALL: [Isa; 6] = [
        Isa::Scalar,
        Isa::Sse2,
        Isa::Sse41,
        Isa::Avx2,
        Isa::Avx512,
        Isa::Neon,
    ];

    fn from_u8(v: u8) -> Isa {
        match v {
            2 => Isa::Sse2,
            3 => Isa::Sse41,
            4 => Isa::Avx2,
            5 => Isa::Avx512,
            6 => Isa::Neon,
            _ => Isa::Scalar,
        }
    }

    /// Whether this build has kernels for `self` and the CPU runs them.
    pub(crate) fn is_available(self) -> bool {
        match self {
            Isa::Scalar => true,
            #[cfg(target_arch = "x86_64")]
            Isa::Sse2 => true,
            #[cfg(target_arch = "x86_64")]
            Isa::Sse41 => cpu().sse41,
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => cpu().avx2,
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => cpu().avx512,
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
            Isa::Neon => true,
            #[allow(unreachable_patterns)]
            _ => false,
        }
    }

    /// The best available ISA.
    fn best() -> Isa {
        [Isa::Avx512, Isa::Avx2, Isa::Sse41, Isa::Sse2, Isa::Neon]
            .into_iter()
            .find(|i| i.is_available())
            .unwrap_or(Isa::Scalar)
    }
}

/// The x86_64 tiers above SSE2 as detected, cached.
#[cfg(target_arch = "x86_64")]
fn cpu() -> x86_64::Features {
    static CPU: AtomicU8 = AtomicU8::new(0);
    let v = CPU.load(Ordering::Relaxed);
    if v != 0 {
        return x86_64::Features {
            sse41: v & 8 != 0,
            avx2: v & 2 != 0,
            avx512: v & 4 != 0,
        };
    }
    let f = x86_64::detect();
    CPU.store(
        1 | (u8::from(f.avx2) << 1) | (u8::from(f.avx512) << 2) | (u8::from(f.sse41) << 3),
        Ordering::Relaxed,
    );
    f
}

static ISA: AtomicU8 = AtomicU8::new(0);

/// The ISA the dispatching functions use: detected at the first call and cached.
#[inline]
pub(crate) fn isa() -> Isa {
    match ISA.load(Ordering::Relaxed) {
        0 => {
            let isa = choose();
            ISA.store(isa as u8, Ordering::Relaxed);
            isa
        }
        v => Isa::from_u8(v),
    }
}

#[cold]
fn choose() -> Isa {
    let best = Isa::best();
    #[cfg(feature = "std")]
    if let Some(forced) = std::env::var_os("TEXTCODEC_FORCE_ISA") {
        let forced = match forced.to_str().map(str::trim) {
            Some("scalar") => Isa::Scalar,
            Some("sse2") => Isa::Sse2,
            Some("sse41") => Isa::Sse41,
            Some("avx2") => Isa::Avx2,
            Some("avx512") => Isa::Avx512,
            Some("neon") => Isa::Neon,
            _ => best,
        };
        // The forced ISA if it runs here, else the best one below it.
        return [forced, Isa::Avx2, Isa::Sse41, Isa::Sse2, Isa::Scalar]
            .into_iter()
            .find(|i| *i <= forced && i.is_available() && (*i == forced || *i != Isa::Neon))
            .unwrap_or(Isa::Scalar);
    }
    best
}
