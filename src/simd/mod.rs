//! The bulk kernels the codecs and [`crate::mem`] call: ASCII and Latin-1 runs, UTF-8
//! validation, UTF-8 <-> UTF-16, UTF-16BE/LE, single-byte decode and encode.
//!
//! Codec modules call only the safe functions of [`dispatch`], re-exported here. Each
//! runs the implementation that [`dispatch`]'s table names for the ISA chosen once per
//! process ([`isa`]): the portable word-at-a-time code in [`scalar`] (also the test
//! oracle), or the [`kernels`] written once over the vector traits of [`vector`] and
//! compiled for SSE2, SSE4.1, AVX2 or AVX-512 (x86_64) or NEON (aarch64), or an ISA's own
//! kernel where the table says so. Inputs shorter than [`dispatch::SHORT`] go straight
//! to the scalar code.
//!
//! Files: [`isa`] (which ISA), [`dispatch`] (the table and the safe functions),
//! [`vector`] (the traits), [`kernels`] (one file per operation), [`scalar`],
//! `x86_64/` and `aarch64/` (the vector types, and AVX-512's own kernels).

// Without a vector ISA (other targets) only the scalar code runs: the kernels and
// the vector interface are built but unused there.
#![cfg_attr(
    not(any(
        target_arch = "x86_64",
        all(target_arch = "aarch64", target_endian = "little")
    )),
    allow(dead_code, unused_macros, unused_imports)
)]

pub(crate) mod dispatch;
pub(crate) mod isa;
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

pub(crate) use dispatch::*;

// For the callers outside `simd` until they import these from `tables` themselves.
pub(crate) use crate::tables::single_byte::{Extra, Run};
