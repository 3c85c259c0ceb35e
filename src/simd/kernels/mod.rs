//! The kernels, written once over [`Vector`](super::vector::Vector) (and
//! [`Shuffle`](super::vector::Shuffle), [`Lookup128`](super::vector::Lookup128) or
//! [`Transcode`](super::vector::Transcode) where they need byte shuffles), one file per
//! operation. Each is `#[inline(always)] unsafe`: it must be inlined into a
//! `#[target_feature]` entry point of an ISA whose features the CPU has (the entry
//! points are generated from the table in [`super::dispatch`]).
//!
//! Every kernel has the contract of the [`super::scalar`] function of the same name;
//! the vector loops handle whole vectors and hand the rest (tails, and the vector
//! where a stop condition shows) to the scalar code, which finds the exact place.

pub(crate) mod ascii;
pub(crate) mod single_byte;
pub(crate) mod transcode;
pub(crate) mod utf16;
pub(crate) mod utf8_to_utf16;
pub(crate) mod utf8_validate;
pub(crate) mod utf8_validate_sse2;
