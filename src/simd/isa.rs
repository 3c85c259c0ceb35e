//! The instruction sets the kernels are built for, which of them the CPU runs, and
//! the one chosen for the process: the best the CPU has (x86_64: CPUID, so also
//! without `std`), detected at the first call and cached. With the `std` feature the
//! environment variable `TEXTCODEC_FORCE_ISA` (`scalar`, `sse2`, `avx2`, `avx512`,
//! `neon`) read then can lower it, for tests and benchmarks.

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
    /// x86_64 AVX2 (with BMI1/2, POPCNT, LZCNT).
    Avx2 = 3,
    /// x86_64 AVX-512 F/BW/VL/VBMI/VBMI2.
    Avx512 = 4,
    /// aarch64 NEON.
    Neon = 5,
}

impl Isa {
    /// Every ISA this build has kernels for.
    #[allow(dead_code)]
    pub(crate) const ALL: [Isa; 5] = [Isa::Scalar, Isa::Sse2, Isa::Avx2, Isa::Avx512, Isa::Neon];

    fn from_u8(v: u8) -> Isa {
        match v {
            2 => Isa::Sse2,
            3 => Isa::Avx2,
            4 => Isa::Avx512,
            5 => Isa::Neon,
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
            Isa::Avx2 => cpu().0,
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => cpu().1,
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
            Isa::Neon => true,
            #[allow(unreachable_patterns)]
            _ => false,
        }
    }

    /// The best available ISA.
    fn best() -> Isa {
        [Isa::Avx512, Isa::Avx2, Isa::Sse2, Isa::Neon]
            .into_iter()
            .find(|i| i.is_available())
            .unwrap_or(Isa::Scalar)
    }
}

/// (AVX2, AVX-512) as detected, cached.
#[cfg(target_arch = "x86_64")]
fn cpu() -> (bool, bool) {
    static CPU: AtomicU8 = AtomicU8::new(0);
    let v = CPU.load(Ordering::Relaxed);
    if v != 0 {
        return (v & 2 != 0, v & 4 != 0);
    }
    let (avx2, avx512) = x86_64::detect();
    CPU.store(
        1 | (u8::from(avx2) << 1) | (u8::from(avx512) << 2),
        Ordering::Relaxed,
    );
    (avx2, avx512)
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
            Some("avx2") => Isa::Avx2,
            Some("avx512") => Isa::Avx512,
            Some("neon") => Isa::Neon,
            _ => best,
        };
        // The forced ISA if it runs here, else the best one below it.
        return [forced, Isa::Avx2, Isa::Sse2, Isa::Scalar]
            .into_iter()
            .find(|i| *i <= forced && i.is_available() && (*i == forced || *i != Isa::Neon))
            .unwrap_or(Isa::Scalar);
    }
    best
}
