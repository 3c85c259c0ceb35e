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
//! - `std`: nothing extra yet beyond `alloc`.
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
#![deny(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod buffer;
mod codec;
mod decoder;
mod encoder;
mod encoding;
mod label;
pub mod mem;
mod simd;
mod tables;
mod variant;
pub mod wtf8;

#[rustfmt::skip]
#[allow(clippy::all, clippy::pedantic)]
mod generated;

pub use decoder::Decoder;
pub use encoder::Encoder;
pub use encoding::*;

/// The outcome of a streaming call that replaces errors.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CoderResult {
    /// All the input was consumed.
    InputEmpty,
    /// The output buffer is full (or too near full for the next character); call
    /// again with more room.
    OutputFull,
}

/// The outcome of a streaming decode without replacement.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum DecoderResult {
    /// All the input was consumed.
    InputEmpty,
    /// The output buffer is full (or too near full for the next character).
    OutputFull,
    /// A malformed sequence was found. The first number is its length in bytes (some
    /// of which may have come in earlier buffers); the second is how many bytes after
    /// it were consumed (those are not part of it and will be decoded next). The
    /// bytes read so far end with those.
    Malformed(u8, u8),
}

/// The outcome of a streaming encode without replacement.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EncoderResult {
    /// All the input was consumed.
    InputEmpty,
    /// The output buffer is full (or too near full for the next character).
    OutputFull,
    /// The character cannot be encoded; it was consumed (it is the last thing read).
    Unmappable(char),
}

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
