//! textcodec: the [WHATWG Encoding Standard](https://encoding.spec.whatwg.org/),
//! byte-exact, fast and small.
//!
//! The API follows encoding_rs, so migrating is a change of crate name:
//!
//! ```
//! use textcodec::{Encoding, WINDOWS_1252};
//!
//! let enc = Encoding::for_label(b" Latin1 ").unwrap();
//! assert_eq!(enc, WINDOWS_1252);
//! let (text, used, had_errors) = enc.decode(b"caf\xE9");
//! assert_eq!((&*text, used, had_errors), ("café", WINDOWS_1252, false));
//! let (bytes, _, _) = enc.encode("café €5 ☃");
//! assert_eq!(&*bytes, b"caf\xE9 \x805 &#9731;");
//! ```
//!
//! Streaming goes through [`Decoder`] and [`Encoder`], which write into caller
//! buffers and report [`CoderResult`], [`DecoderResult`] or [`EncoderResult`].
//!
//! # Features
//!
//! - `alloc` (default): the `Cow`/`String`/`Vec` conveniences.
//! - `std`: the `io` module: `DecodeReader` (any encoding in, UTF-8 out, as
//!   `Read` and `BufRead`) and `EncodeWriter` (UTF-8 in, any encoding out, as `Write`).
//!
//! Without default features the crate is `#![no_std]` with no allocation: the
//! streaming API into caller buffers only.
//!
//! # Status
//!
//! All 40 encodings of the Encoding Standard decode and encode byte-exactly as its
//! current text defines them, including the seven CJK encodings (gb18030 with the
//! GB18030-2022 changes, GBK, Big5, EUC-JP, ISO-2022-JP, Shift_JIS, EUC-KR). Their
//! tables take 155 KiB (158,675 bytes) for decode and encode together, and every
//! character they map encodes without a search through an index.

#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

// Imports run one way, from the public face down (A -> B: A imports B):
//   oneshot -> decoder, encoder -> encoding -> variant -> codec -> handles -> simd,
//   label -> encoding, mem -> codec, codec -> tables -> simd,
// and `result` (the outcome types) is beneath them all. ARCHITECTURE.md has the map.
mod codec;
mod decoder;
mod encoder;
mod encoding;
mod handles;
pub mod hooks;
#[cfg(feature = "std")]
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
pub mod io;
mod label;
pub mod mem;
#[cfg(feature = "alloc")]
mod oneshot;
mod result;
#[cfg(feature = "serde")]
mod serde_impls;
mod simd;
mod tables;
pub mod text;
mod variant;
pub mod wtf8;

#[rustfmt::skip]
#[allow(clippy::all, clippy::pedantic)]
mod generated;

pub use decoder::Decoder;
pub use encoder::Encoder;
pub use encoding::*;
pub use result::{CoderResult, DecoderResult, EncoderResult};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
