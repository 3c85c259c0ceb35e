//! Handles: what a codec reads from and writes to, beneath the codecs.
//!
//! - [`dest`]: the destination, one [`SliceDest`] generic over its code unit (`u8` for
//!   UTF-8 and for encoders' bytes, `u16` for UTF-16), with the unit type stating
//!   how a character is written and which bulk kernels fill it;
//! - [`source`]: the UTF-8 and UTF-16 input an encoder reads characters from;
//! - [`string`]: `str`, `String` and `Vec<u8>` as destinations, and `str` views of
//!   prefixes checked to be valid.
//!
//! The codecs, [`crate::Decoder`], [`crate::Encoder`] and [`crate::mem`] build on
//! these; the handles themselves import only [`crate::simd`]. The crate's `unsafe`
//! outside `simd` is here, in [`string`], where it saves checking UTF-8 twice.

pub(crate) mod dest;
pub(crate) mod source;
pub(crate) mod string;

pub(crate) use dest::{ByteDest, CodeUnit, SliceDest};
pub(crate) use source::{Source, Utf16Source, Utf8Source};
