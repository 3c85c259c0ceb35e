//! The bulk kernels the codecs and [`crate::mem`] call: ASCII and Latin-1 runs, UTF-8
//! validation, UTF-8 <-> UTF-16, UTF-16BE/LE, single-byte decode and encode.
//!
//! Codec modules call only the safe functions in this module. Each picks an
//! implementation by the ISA chosen once per process ([`isa`]): the portable
//! word-at-a-time code in [`scalar`] (also the test oracle), or the kernels of
//! [`kernels`] compiled for SSE2, AVX2 or AVX-512 (x86_64) or NEON (aarch64). Inputs
//! shorter than [`SHORT`] go straight to the scalar code.
//!
//! The choice is the best the CPU has (x86_64: CPUID, so also without `std`); with the
//! `std` feature the environment variable `TEXTCODEC_FORCE_ISA` (`scalar`, `sse2`,
//! `avx2`, `avx512`, `neon`) read at the first call can lower it, for tests.

// Without a vector ISA (other targets) only the scalar code runs: the kernels and
// the vector interface are built but unused there.
#![cfg_attr(
    not(any(
        target_arch = "x86_64",
        all(target_arch = "aarch64", target_endian = "little")
    )),
    allow(dead_code, unused_macros, unused_imports)
)]

pub(crate) mod kernels;
pub(crate) mod scalar;
pub(crate) mod transcode16;
pub(crate) mod vector;

#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64;

#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
pub(crate) mod aarch64;

#[cfg(test)]
mod tests;

use core::sync::atomic::{AtomicU8, Ordering};

pub(crate) use scalar::{Extra, Run};

/// Inputs shorter than this skip dispatch.
pub(crate) const SHORT: usize = 16;

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

/// Generates the `#[target_feature]` entry points of the [`kernels`] shared by every
/// vector ISA, for vector type `$v` and feature string `$feat`.
macro_rules! entry_points {
    (@one $v:ty, $feat:literal, $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty) => {
        /// Entry point of the kernel of the same name.
        ///
        /// # Safety
        /// The CPU must have this module's features.
        #[target_feature(enable = $feat)]
        pub(crate) unsafe fn $name($($arg: $ty),*) -> $ret {
            // SAFETY: the caller checked the features.
            unsafe { $crate::simd::kernels::$name::<$v>($($arg),*) }
        }
    };
    (@common $v:ty, $feat:literal) => {
        $crate::simd::entry_points!(@one $v, $feat, ascii_valid_up_to(src: &[u8]) -> usize);
        $crate::simd::entry_points!(@one $v, $feat, basic_latin_valid_up_to(src: &[u16]) -> usize);
        $crate::simd::entry_points!(@one $v, $feat, latin1_valid_up_to(src: &[u16]) -> usize);
        $crate::simd::entry_points!(@one $v, $feat, utf16_valid_up_to(src: &[u16]) -> usize);
        $crate::simd::entry_points!(@one $v, $feat, copy_ascii_to_ascii(src: &[u8], dst: &mut [u8]) -> usize);
        $crate::simd::entry_points!(@one $v, $feat, copy_ascii_to_basic_latin(src: &[u8], dst: &mut [u16]) -> usize);
        $crate::simd::entry_points!(@one $v, $feat, copy_basic_latin_to_ascii(src: &[u16], dst: &mut [u8]) -> usize);
        $crate::simd::entry_points!(@one $v, $feat, latin1_to_utf16(src: &[u8], dst: &mut [u16]) -> usize);
        $crate::simd::entry_points!(@one $v, $feat, utf16_to_latin1_lossy(src: &[u16], dst: &mut [u8]) -> usize);
        $crate::simd::entry_points!(@one $v, $feat, latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> (usize, usize));

        /// Entry point of the kernel of the same name.
        ///
        /// # Safety
        /// The CPU must have this module's features.
        #[target_feature(enable = $feat)]
        pub(crate) unsafe fn units_to_utf16<const SWAP: bool>(src: &[u8], dst: &mut [u16]) -> usize {
            // SAFETY: the caller checked the features.
            unsafe { $crate::simd::kernels::units_to_utf16::<$v, SWAP>(src, dst) }
        }
    };
    // Single-byte encode from UTF-16 with the block of the map in a 128-entry lookup.
    (@lookup_encode $v:ty, $feat:literal) => {
        /// Entry point of the kernel `single_byte_encode_utf16_block`.
        ///
        /// # Safety
        /// The CPU must have this module's features.
        #[target_feature(enable = $feat)]
        pub(crate) unsafe fn single_byte_encode_utf16(run: $crate::simd::Run, extra: &$crate::simd::Extra, src: &[u16], dst: &mut [u8]) -> usize {
            // SAFETY: the caller checked the features.
            unsafe { $crate::simd::kernels::single_byte_encode_utf16_block::<$v>(run, extra, src, dst) }
        }
    };
    // x-user-defined: to UTF-16 generic, to UTF-8 as a single-byte decode.
    (@xud $v:ty, $feat:literal) => {
        $crate::simd::entry_points!(@one $v, $feat, x_user_defined_to_utf16(src: &[u8], dst: &mut [u16]) -> usize);
        /// x-user-defined to UTF-8 through the single-byte kernel.
        ///
        /// # Safety
        /// The CPU must have this module's features.
        #[target_feature(enable = $feat)]
        pub(crate) unsafe fn x_user_defined_to_utf8(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
            // SAFETY: the caller checked the features.
            unsafe { single_byte_to_utf8(&$crate::simd::scalar::X_USER_DEFINED, src, dst) }
        }
    };
    // Plain vectors: the conversions that need shuffles run their ASCII parts in vectors.
    ($v:ty, $feat:literal) => {
        $crate::simd::entry_points!(@common $v, $feat);
        $crate::simd::entry_points!(@xud $v, $feat);
        $crate::simd::entry_points!(@one $v, $feat, single_byte_encode_utf16(run: $crate::simd::Run, extra: &$crate::simd::Extra, src: &[u16], dst: &mut [u8]) -> usize);
        $crate::simd::entry_points!(@one $v, $feat, single_byte_to_utf8(table: &[u16; 128], src: &[u8], dst: &mut [u8]) -> (usize, usize));

        /// UTF-8 copy: the ASCII prefix in vectors, then the scalar code.
        ///
        /// # Safety
        /// The CPU must have this module's features.
        #[target_feature(enable = $feat)]
        pub(crate) unsafe fn utf8_copy(src: &[u8], dst: &mut [u8]) -> usize {
            // SAFETY: the caller checked the features.
            let a = unsafe { $crate::simd::kernels::copy_ascii_to_ascii::<$v>(src, dst) };
            a + $crate::simd::scalar::utf8_copy(&src[a..], &mut dst[a..])
        }

        /// UTF-8 validation: the ASCII prefix in vectors, then the standard library.
        ///
        /// # Safety
        /// The CPU must have this module's features.
        #[target_feature(enable = $feat)]
        pub(crate) unsafe fn utf8_valid_up_to(src: &[u8]) -> usize {
            // SAFETY: the caller checked the features.
            let a = unsafe { $crate::simd::kernels::ascii_valid_up_to::<$v>(src) };
            a + $crate::simd::scalar::utf8_valid_up_to(&src[a..])
        }

        /// Entry point of the kernel of the same name.
        ///
        /// # Safety
        /// The CPU must have this module's features.
        #[target_feature(enable = $feat)]
        pub(crate) unsafe fn utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
            // SAFETY: the caller checked the features.
            unsafe { $crate::simd::kernels::utf8_to_utf16::<$v>(src, dst, utf8_valid_up_to) }
        }

        /// Single-byte decode without table shuffles: ASCII in vectors.
        ///
        /// # Safety
        /// The CPU must have this module's features.
        #[target_feature(enable = $feat)]
        pub(crate) unsafe fn single_byte_to_utf16(table: &[u16; 128], src: &[u8], dst: &mut [u16]) -> usize {
            let mut r = 0;
            loop {
                // SAFETY: the caller checked the features.
                r += unsafe { $crate::simd::kernels::copy_ascii_to_basic_latin::<$v>(&src[r..], &mut dst[r..]) };
                let end = src.len().min(dst.len()).min(r + 64);
                let k = $crate::simd::scalar::single_byte_to_utf16(table, &src[r..end], &mut dst[r..end]);
                r += k;
                if r < end || r == src.len().min(dst.len()) {
                    return r;
                }
            }
        }

        /// Entry point of the kernel of the same name.
        ///
        /// # Safety
        /// The CPU must have this module's features.
        #[target_feature(enable = $feat)]
        pub(crate) unsafe fn units_to_utf8<const SWAP: bool>(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
            // SAFETY: the caller checked the features.
            unsafe { $crate::simd::kernels::units_to_utf8::<$v, SWAP>(src, dst) }
        }
    };
    // Vectors with shuffles and a 128-entry lookup; the module defines `units_to_utf8`
    // and `utf8_to_utf16`.
    ($v:ty, $feat:literal, shuffle, own_utf16) => {
        $crate::simd::entry_points!(@common $v, $feat);
        $crate::simd::entry_points!(@xud $v, $feat);
        $crate::simd::entry_points!(@lookup_encode $v, $feat);
        $crate::simd::entry_points!(@one $v, $feat, single_byte_to_utf8(table: &[u16; 128], src: &[u8], dst: &mut [u8]) -> (usize, usize));
        $crate::simd::entry_points!(@one $v, $feat, single_byte_to_utf16(table: &[u16; 128], src: &[u8], dst: &mut [u16]) -> usize);
        $crate::simd::entry_points!(@one $v, $feat, utf8_valid_up_to(src: &[u8]) -> usize);
        $crate::simd::entry_points!(@one $v, $feat, utf8_copy(src: &[u8], dst: &mut [u8]) -> usize);
    };
    // Vectors with shuffles and a 128-entry lookup.
    ($v:ty, $feat:literal, shuffle) => {
        $crate::simd::entry_points!($v, $feat, shuffle, own_utf16);

        /// Entry point of the kernel of the same name.
        ///
        /// # Safety
        /// The CPU must have this module's features.
        #[target_feature(enable = $feat)]
        pub(crate) unsafe fn utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
            // SAFETY: the caller checked the features.
            unsafe { $crate::simd::kernels::utf8_to_utf16::<$v>(src, dst, utf8_valid_up_to) }
        }

        /// Entry point of the kernel of the same name.
        ///
        /// # Safety
        /// The CPU must have this module's features.
        #[target_feature(enable = $feat)]
        pub(crate) unsafe fn units_to_utf8<const SWAP: bool>(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
            // SAFETY: the caller checked the features.
            unsafe { $crate::simd::kernels::units_to_utf8::<$v, SWAP>(src, dst) }
        }
    };
}
pub(crate) use entry_points;

/// Calls `$m::$call` for the chosen ISA's module `$m`, else `$scalar`.
macro_rules! dispatch {
    ($isa:expr, |$m:ident| $call:expr, $scalar:expr) => {
        match $isa {
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => {
                use x86_64::avx512 as $m;
                // SAFETY: an ISA is only chosen if the CPU has it.
                unsafe { $call }
            }
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => {
                use x86_64::avx2 as $m;
                // SAFETY: an ISA is only chosen if the CPU has it.
                unsafe { $call }
            }
            #[cfg(target_arch = "x86_64")]
            Isa::Sse2 => {
                use x86_64::sse2 as $m;
                // SAFETY: SSE2 is baseline on x86_64.
                unsafe { $call }
            }
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
            Isa::Neon => {
                use aarch64::neon as $m;
                // SAFETY: NEON is baseline on aarch64.
                unsafe { $call }
            }
            _ => $scalar,
        }
    };
}

/// Defines a dispatching kernel `$name` and `on::$name` taking the ISA explicitly
/// (for tests; an unavailable ISA there runs the scalar code).
macro_rules! kernel {
    ($(#[$doc:meta])* $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty, |$m:ident| $call:expr, $scalar:expr, short: $short:expr) => {
        $(#[$doc])*
        #[inline]
        pub(crate) fn $name($($arg: $ty),*) -> $ret {
            if $short {
                return $scalar;
            }
            dispatch!(isa(), |$m| $call, $scalar)
        }
        #[allow(dead_code)]
        pub(crate) mod $name {
            use super::*;
            /// The kernel of `isa` (scalar if `isa` is not available).
            pub(crate) fn on(isa: Isa, $($arg: $ty),*) -> $ret {
                let isa = if isa.is_available() { isa } else { Isa::Scalar };
                dispatch!(isa, |$m| $call, $scalar)
            }
        }
    };
}

kernel!(
    /// Length of the longest ASCII prefix of `src`.
    ascii_valid_up_to(src: &[u8]) -> usize,
    |m| m::ascii_valid_up_to(src), scalar::ascii_valid_up_to(src), short: src.len() < SHORT
);
kernel!(
    /// Length of the longest prefix of `src` below U+0080.
    basic_latin_valid_up_to(src: &[u16]) -> usize,
    |m| m::basic_latin_valid_up_to(src), scalar::basic_latin_valid_up_to(src), short: src.len() < SHORT
);
kernel!(
    /// Length of the longest prefix of `src` below U+0100.
    latin1_valid_up_to(src: &[u16]) -> usize,
    |m| m::latin1_valid_up_to(src), scalar::latin1_valid_up_to(src), short: src.len() < SHORT
);
kernel!(
    /// Length of the longest prefix of `src` without unpaired surrogates.
    utf16_valid_up_to(src: &[u16]) -> usize,
    |m| m::utf16_valid_up_to(src), scalar::utf16_valid_up_to(src), short: src.len() < SHORT
);
kernel!(
    /// Copies the longest ASCII prefix of `src` that fits in `dst`; returns its length.
    copy_ascii_to_ascii(src: &[u8], dst: &mut [u8]) -> usize,
    |m| m::copy_ascii_to_ascii(src, dst), scalar::copy_ascii_to_ascii(src, dst), short: src.len() < SHORT
);
kernel!(
    /// Widens the longest ASCII prefix of `src` that fits in `dst`; returns its length.
    copy_ascii_to_basic_latin(src: &[u8], dst: &mut [u16]) -> usize,
    |m| m::copy_ascii_to_basic_latin(src, dst), scalar::copy_ascii_to_basic_latin(src, dst), short: src.len() < SHORT
);
kernel!(
    /// Narrows the longest Basic Latin prefix of `src` that fits in `dst`; returns its length.
    copy_basic_latin_to_ascii(src: &[u16], dst: &mut [u8]) -> usize,
    |m| m::copy_basic_latin_to_ascii(src, dst), scalar::copy_basic_latin_to_ascii(src, dst), short: src.len() < SHORT
);
kernel!(
    /// Widens bytes (as U+0000..U+00FF) while they fit; returns the count.
    latin1_to_utf16(src: &[u8], dst: &mut [u16]) -> usize,
    |m| m::latin1_to_utf16(src, dst), scalar::latin1_to_utf16(src, dst), short: src.len() < SHORT
);
kernel!(
    /// Narrows units to their low bytes while they fit; returns the count.
    utf16_to_latin1_lossy(src: &[u16], dst: &mut [u8]) -> usize,
    |m| m::utf16_to_latin1_lossy(src, dst), scalar::utf16_to_latin1_lossy(src, dst), short: src.len() < SHORT
);
kernel!(
    /// Converts bytes (as U+0000..U+00FF) to UTF-8 while each fits; (read, written).
    latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> (usize, usize),
    |m| m::latin1_to_utf8(src, dst), scalar::latin1_to_utf8(src, dst), short: src.len() < SHORT
);
kernel!(
    /// Length of the longest prefix of `src` that is valid UTF-8 and does not end
    /// inside a sequence.
    utf8_valid_up_to(src: &[u8]) -> usize,
    |m| m::utf8_valid_up_to(src), scalar::utf8_valid_up_to(src), short: src.len() < SHORT
);
kernel!(
    /// Copies the longest prefix of `src` that fits in `dst`, is valid UTF-8 and does
    /// not end inside a sequence; returns its length.
    utf8_copy(src: &[u8], dst: &mut [u8]) -> usize,
    |m| m::utf8_copy(src, dst), scalar::utf8_copy(src, dst), short: src.len() < SHORT
);
kernel!(
    /// Converts the valid UTF-8 prefix of `src` to UTF-16 while it fits in `dst`.
    /// Stops before the first invalid or incomplete sequence, or before a character
    /// that does not fit. Returns (bytes read, units written).
    utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> (usize, usize),
    |m| m::utf8_to_utf16(src, dst), scalar::utf8_to_utf16(src, dst), short: src.len() < SHORT
);
kernel!(
    /// UTF-16 bytes (`be`: big-endian) to native units while they fit, stopping before
    /// the first surrogate. Returns units converted.
    units_to_utf16(src: &[u8], dst: &mut [u16], be: bool) -> usize,
    |m| if be == cfg!(target_endian = "little") { m::units_to_utf16::<true>(src, dst) } else { m::units_to_utf16::<false>(src, dst) },
    scalar::units_to_utf16(src, dst, be), short: src.len() < 2 * SHORT
);
kernel!(
    /// UTF-16 bytes (`be`: big-endian) to UTF-8 while each character fits, stopping
    /// before the first surrogate. Returns (units read, bytes written).
    units_to_utf8(src: &[u8], dst: &mut [u8], be: bool) -> (usize, usize),
    |m| if be == cfg!(target_endian = "little") { m::units_to_utf8::<true>(src, dst) } else { m::units_to_utf8::<false>(src, dst) },
    scalar::units_to_utf8(src, dst, be), short: src.len() < 2 * SHORT
);
kernel!(
    /// Single-byte decode (upper half by `table`, 0 = unmapped) to UTF-16 while it
    /// fits, stopping before an unmapped byte. Returns bytes decoded.
    single_byte_to_utf16(table: &[u16; 128], src: &[u8], dst: &mut [u16]) -> usize,
    |m| m::single_byte_to_utf16(table, src, dst), scalar::single_byte_to_utf16(table, src, dst), short: src.len() < SHORT
);
kernel!(
    /// Single-byte decode to UTF-8 while each character fits, stopping before an
    /// unmapped byte. Returns (bytes read, bytes written).
    single_byte_to_utf8(table: &[u16; 128], src: &[u8], dst: &mut [u8]) -> (usize, usize),
    |m| m::single_byte_to_utf8(table, src, dst), scalar::single_byte_to_utf8(table, src, dst), short: src.len() < SHORT
);
kernel!(
    /// x-user-defined to UTF-16 while it fits; bytes decoded.
    x_user_defined_to_utf16(src: &[u8], dst: &mut [u16]) -> usize,
    |m| m::x_user_defined_to_utf16(src, dst), scalar::x_user_defined_to_utf16(src, dst), short: src.len() < SHORT
);
kernel!(
    /// x-user-defined to UTF-8 while each character fits; (read, written).
    x_user_defined_to_utf8(src: &[u8], dst: &mut [u8]) -> (usize, usize),
    |m| m::x_user_defined_to_utf8(src, dst), scalar::x_user_defined_to_utf8(src, dst), short: src.len() < SHORT
);
kernel!(
    /// Single-byte encode from UTF-16 of ASCII, `run` and `extra` while it fits;
    /// units read.
    single_byte_encode_utf16(run: Run, extra: &Extra, src: &[u16], dst: &mut [u8]) -> usize,
    |m| m::single_byte_encode_utf16(run, extra, src, dst), scalar::single_byte_encode_utf16(run, extra, src, dst), short: src.len() < SHORT
);

/// Single-byte encode from UTF-8 of ASCII, `run` and `extra` while it fits;
/// (read, written). See [`scalar::single_byte_encode_utf8`].
///
/// The UTF-8 goes through UTF-16 in a stack buffer, both steps in vectors: ASCII is
/// copied straight, then up to [`STAGE`] bytes are converted to UTF-16 and encoded by
/// [`single_byte_encode_utf16`]. On AVX-512 a long run of two-byte
/// characters is mapped straight from UTF-8 instead.
#[inline]
pub(crate) fn single_byte_encode_utf8(
    run: Run,
    extra: &Extra,
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    if src.len() < SHORT {
        return scalar::single_byte_encode_utf8(run, extra, src, dst);
    }
    single_byte_encode_utf8::on(isa(), run, extra, src, dst)
}

#[allow(dead_code)]
pub(crate) mod single_byte_encode_utf8 {
    use super::*;
    /// [`single_byte_encode_utf8`](super::single_byte_encode_utf8) on the kernels of
    /// `isa` (scalar ones if `isa` is not available).
    pub(crate) fn on(
        isa: Isa,
        run: Run,
        extra: &Extra,
        src: &[u8],
        dst: &mut [u8],
    ) -> (usize, usize) {
        #[cfg(target_arch = "x86_64")]
        if isa == Isa::Avx512 && isa.is_available() && x86_64::avx512::encodes_run(run) {
            // SAFETY: the CPU has AVX-512 (checked).
            return unsafe { x86_64::avx512::single_byte_encode_utf8(run, extra, src, dst) };
        }
        staged_encode_utf8(
            src,
            dst,
            |s, d| copy_ascii_to_ascii::on(isa, s, d),
            |s, d| utf8_to_utf16::on(isa, s, d),
            |s, d| single_byte_encode_utf16::on(isa, run, extra, s, d),
        )
    }
}

/// UTF-16 units staged per round of [`single_byte_encode_utf8`].
const STAGE: usize = 1024;

/// [`single_byte_encode_utf8`] over the given kernels: `ascii` copies ASCII, `to16`
/// converts valid UTF-8 to UTF-16 and `encode16` encodes UTF-16.
#[inline(always)]
fn staged_encode_utf8(
    src: &[u8],
    dst: &mut [u8],
    ascii: impl Fn(&[u8], &mut [u8]) -> usize,
    to16: impl Fn(&[u8], &mut [u16]) -> (usize, usize),
    encode16: impl Fn(&[u16], &mut [u8]) -> usize,
) -> (usize, usize) {
    let mut units = [0u16; STAGE];
    let (mut r, mut w) = (0, 0);
    loop {
        let k = ascii(&src[r..], &mut dst[w..]);
        r += k;
        w += k;
        if r == src.len() || w == dst.len() {
            return (r, w);
        }
        // One unit per byte written, so at most the room left.
        let room = STAGE.min(dst.len() - w);
        let end = src.len().min(r + STAGE);
        let (read, converted) = to16(&src[r..end], &mut units[..room]);
        let encoded = encode16(&units[..converted], &mut dst[w..]);
        w += encoded;
        if encoded < converted {
            // Stopped inside: count the UTF-8 bytes of the units it encoded (all
            // below U+D800 or above U+DFFF, as surrogates never encode).
            r += units[..encoded]
                .iter()
                .map(|&u| 1 + usize::from(u >= 0x80) + usize::from(u >= 0x800))
                .sum::<usize>();
            return (r, w);
        }
        r += read;
        if read == 0 {
            // Malformed, cut off at the end of `src`, or no room for the character.
            return (r, w);
        }
    }
}

/// Index of the first unit of `hay` equal to `value` (the CJK encoders' window
/// search): vectors of the baseline ISA, no dispatch.
#[inline]
pub(crate) fn find_u16(hay: &[u16], value: u16) -> Option<usize> {
    cfg_if::cfg_if! {
        if #[cfg(target_arch = "x86_64")] {
            x86_64::sse2::find_u16(hay, value)
        } else {
            scalar::find_u16(hay, value)
        }
    }
}

/// Converts the valid UTF-16 prefix of `src` to UTF-8 while it fits in `dst`.
/// Stops before an unpaired surrogate (a high surrogate at the end of `src` counts as
/// unpaired), or before a character that does not fit. Returns (units read, bytes
/// written).
#[inline]
pub(crate) fn utf16_to_utf8(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    if src.len() < SHORT {
        return scalar::utf16_to_utf8(src, dst);
    }
    let be = cfg!(target_endian = "big");
    kernels::utf16_to_utf8_with(src, dst, |s, d| units_to_utf8(s, d, be))
}

/// [`utf16_to_utf8`] on the kernels of `isa`, for tests.
#[allow(dead_code)]
pub(crate) fn utf16_to_utf8_on(isa: Isa, src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    let be = cfg!(target_endian = "big");
    kernels::utf16_to_utf8_with(src, dst, |s, d| units_to_utf8::on(isa, s, d, be))
}
