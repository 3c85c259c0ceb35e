//! [WTF-8](https://simonsapin.github.io/wtf-8/): potentially ill-formed UTF-16 (JS
//! strings, Windows file names) stored in a UTF-8-shaped byte string.
//!
//! WTF-8 is generalized UTF-8 (UTF-8 that may also encode the surrogate code points
//! U+D800..=U+DFFF as three bytes `ED A0..BF 80..BF`) with one extra rule: a lead
//! surrogate sequence directly followed by a trail surrogate sequence is ill-formed,
//! because that pair is written as one four-byte supplementary sequence instead. So
//! every sequence of 16-bit code units has exactly one WTF-8 form, and the conversion
//! is lossless both ways.
//!
//! - [`Wtf8`] is a borrowed, always well-formed WTF-8 string; [`Wtf8Buf`] (feature
//!   `alloc`) the owned one, whose [`push_wtf8`](Wtf8Buf::push_wtf8) joins a lead
//!   surrogate at its end and a trail surrogate at the start of the pushed string
//!   into one supplementary code point, as the spec's concatenation does.
//! - [`wtf8_valid_up_to`] checks bytes; [`Wtf8::from_bytes`] wraps them.
//! - One-shot conversions into caller buffers: [`convert_utf16_to_wtf8`] and
//!   [`Wtf8::to_ill_formed_utf16_into`], with exact ([`wtf8_len_from_utf16`],
//!   [`Wtf8::utf16_len`]) and worst-case ([`max_wtf8_len_from_utf16`],
//!   [`max_utf16_len_from_wtf8`]) lengths; to UTF-8 strictly ([`Wtf8::to_utf8`], an
//!   error with the offset of the first surrogate) or lossily
//!   ([`Wtf8::to_utf8_lossy_into`], [`Wtf8::to_string_lossy`]).
//! - Streaming in any chunks: [`Wtf8Encoder`] (UTF-16 to WTF-8, a lead surrogate at
//!   the end of a chunk is held until the next one) and [`Wtf8Decoder`] (WTF-8 bytes
//!   to UTF-16, reporting ill-formed input like [`crate::Decoder`] does).
//!
//! The bulk of every operation runs in the crate's UTF-8 validation and UTF-8 <->
//! UTF-16 vector kernels, which stop at the first surrogate; that one sequence is
//! handled here and the kernel resumes after it.
//!
//! ```
//! use textcodec::wtf8::{Wtf8, Wtf8Buf};
//!
//! // A JS string with a lone surrogate survives the round trip.
//! let units = [0x61, 0xD83D, 0x62, 0xD83D, 0xDE00];
//! let wtf8 = Wtf8Buf::from_ill_formed_utf16(&units);
//! assert_eq!(wtf8.as_bytes(), b"a\xED\xA0\xBDb\xF0\x9F\x98\x80");
//! assert!(wtf8.as_slice().to_ill_formed_utf16().eq(units));
//! assert_eq!(wtf8.as_slice().to_string_lossy(), "a\u{FFFD}b😀");
//!
//! // Concatenation joins a lead surrogate and a trail surrogate into one character.
//! let mut left = Wtf8Buf::from_ill_formed_utf16(&[0xD83D]);
//! left.push_wtf8(Wtf8Buf::from_ill_formed_utf16(&[0xDE00]).as_slice());
//! assert_eq!(left.as_str(), Some("😀"));
//!
//! // Bytes are checked: a surrogate pair written as two sequences is ill-formed.
//! assert!(Wtf8::from_bytes(b"\xED\xA0\xBD\xED\xB8\x80").is_err());
//! ```

mod code_point;
mod convert;
mod scan;
mod slice;
mod stream;

#[cfg(feature = "alloc")]
mod buf;

#[cfg(feature = "alloc")]
pub use buf::Wtf8Buf;
pub use code_point::CodePoint;
pub use convert::{
    convert_utf16_to_wtf8, max_utf16_len_from_wtf8, max_wtf8_len_from_utf16, wtf8_len_from_utf16,
};
pub use scan::wtf8_valid_up_to;
pub use slice::{CodePoints, EncodeIllFormedUtf16, Wtf8};
pub use stream::{Wtf8Decoder, Wtf8Encoder};

use core::fmt;

/// The error of [`Wtf8::from_bytes`]: the bytes are not well-formed WTF-8.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Wtf8Error {
    valid_up_to: usize,
}

impl Wtf8Error {
    /// Length of the longest well-formed prefix (see [`wtf8_valid_up_to`]).
    pub fn valid_up_to(&self) -> usize {
        self.valid_up_to
    }
}

impl fmt::Display for Wtf8Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ill-formed WTF-8 from byte {}", self.valid_up_to)
    }
}

/// The error of [`Wtf8::to_utf8`] (and of the other strict conversions to UTF-8):
/// the string contains a surrogate code point.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SurrogateError {
    offset: usize,
    surrogate: u16,
}

impl SurrogateError {
    /// Byte offset of the first surrogate byte sequence; the bytes before it are valid
    /// UTF-8.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The surrogate code point found there (0xD800..=0xDFFF).
    pub fn surrogate(&self) -> u16 {
        self.surrogate
    }
}

impl fmt::Display for SurrogateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "surrogate U+{:04X} at byte {} is not UTF-8",
            self.surrogate, self.offset
        )
    }
}

/// The error of [`Wtf8Buf::from_utf16`]: the UTF-16 has an unpaired surrogate.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct UnpairedSurrogateError {
    index: usize,
}

impl UnpairedSurrogateError {
    /// Index (in code units) of the first unpaired surrogate.
    pub fn index(&self) -> usize {
        self.index
    }
}

impl fmt::Display for UnpairedSurrogateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unpaired surrogate at code unit {}", self.index)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Wtf8Error {}
#[cfg(feature = "std")]
impl std::error::Error for SurrogateError {}
#[cfg(feature = "std")]
impl std::error::Error for UnpairedSurrogateError {}
