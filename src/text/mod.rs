//! The Encoding Standard's API layer: [`TextDecoder`], [`TextEncoder`],
//! [`TextDecoderStream`] and [`TextEncoderStream`], with the semantics the standard's
//! "API" section gives the JavaScript objects of those names, for engines and
//! runtimes that expose them (and for anyone who wants their exact behaviour).
//!
//! | JavaScript | here |
//! |---|---|
//! | `new TextDecoder(label, {fatal, ignoreBOM})` | [`TextDecoder::with_options`] (a [`LabelError`] is the `RangeError`) |
//! | `decoder.encoding` / `.fatal` / `.ignoreBOM` | [`TextDecoder::encoding`] / [`fatal`](TextDecoder::fatal) / [`ignore_bom`](TextDecoder::ignore_bom) |
//! | `decoder.decode(input, {stream})` | [`TextDecoder::decode`] (a [`DecodeError`] is the `TypeError`); into a `String`, a `Vec<u16>` or the caller's `[u8]` / `[u16]` |
//! | `new TextEncoder()`, `.encode(s)` | [`TextEncoder::new`], [`TextEncoder::encode`] / [`encode_utf16`](TextEncoder::encode_utf16) |
//! | `encoder.encodeInto(s, dest)` | [`TextEncoder::encode_into`] / [`encode_utf16_into`](TextEncoder::encode_utf16_into) |
//! | `TextDecoderStream` | [`TextDecoderStream`]: [`transform`](TextDecoderStream::transform) per chunk, [`flush`](TextDecoderStream::flush) at the end |
//! | `TextEncoderStream` | [`TextEncoderStream`]: [`transform`](TextEncoderStream::transform) per chunk, [`flush`](TextEncoderStream::flush) at the end |
//!
//! Strings from JavaScript are UTF-16 and may hold lone surrogates, so everything that
//! takes text takes `&[u16]` as well as `&str`, and everything that produces text can
//! produce UTF-16. Without the `alloc` feature, the methods that write into the
//! caller's buffers remain.
//!
//! ```
//! use textcodec::text::{TextDecoder, TextDecoderOptions, TextEncoder};
//!
//! let mut decoder = TextDecoder::new("utf-8").unwrap();
//! let mut text = String::new();
//! for chunk in [&b"\xEF\xBB\xBFcaf"[..], b"\xC3", b"\xA9"] {
//!     decoder.decode_to_string(chunk, &mut text, true).unwrap();
//! }
//! decoder.decode_to_string(b"", &mut text, false).unwrap();
//! assert_eq!(text, "café");
//!
//! let fatal = TextDecoderOptions { fatal: true, ..Default::default() };
//! let mut strict = TextDecoder::with_options("utf-8", fatal).unwrap();
//! assert!(strict.decode(b"\xFF", false).is_err());
//! assert!(TextDecoder::new("iso-2022-kr").is_err()); // a label of "replacement"
//!
//! let mut buf = [0u8; 4];
//! let r = TextEncoder::new().encode_into("a€b", &mut buf);
//! assert_eq!((r.read, r.written, &buf[..4]), (2, 4, "a€".as_bytes()));
//! ```

// Without `alloc` the links to the allocating items have nothing to point to.
#![cfg_attr(not(feature = "alloc"), allow(rustdoc::broken_intra_doc_links))]

mod common;
mod decoder;
mod encoder;
mod sink;
mod stream;

pub use decoder::{DecodeStatus, DecodeToResult, TextDecoder};
pub use encoder::{EncodeIntoResult, TextEncoder};
pub use stream::{TextDecoderStream, TextEncoderStream};

use crate::{
    Encoding, BIG5_INIT, EUC_JP_INIT, EUC_KR_INIT, GB18030_INIT, GBK_INIT, IBM866_INIT,
    ISO_2022_JP_INIT, ISO_8859_10_INIT, ISO_8859_13_INIT, ISO_8859_14_INIT, ISO_8859_15_INIT,
    ISO_8859_16_INIT, ISO_8859_2_INIT, ISO_8859_3_INIT, ISO_8859_4_INIT, ISO_8859_5_INIT,
    ISO_8859_6_INIT, ISO_8859_7_INIT, ISO_8859_8_INIT, ISO_8859_8_I_INIT, KOI8_R_INIT, KOI8_U_INIT,
    MACINTOSH_INIT, REPLACEMENT, REPLACEMENT_INIT, SHIFT_JIS_INIT, UTF_16BE_INIT, UTF_16LE_INIT,
    UTF_8_INIT, WINDOWS_1250_INIT, WINDOWS_1251_INIT, WINDOWS_1252_INIT, WINDOWS_1253_INIT,
    WINDOWS_1254_INIT, WINDOWS_1255_INIT, WINDOWS_1256_INIT, WINDOWS_1257_INIT, WINDOWS_1258_INIT,
    WINDOWS_874_INIT, X_MAC_CYRILLIC_INIT, X_USER_DEFINED_INIT,
};
use core::fmt;

/// The options of the `TextDecoder` and `TextDecoderStream` constructors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TextDecoderOptions {
    /// The error mode is "fatal": malformed input is an error ([`DecodeError`]) instead
    /// of U+FFFD.
    pub fatal: bool,
    /// Keep a leading U+FEFF in the output instead of dropping it as a byte order mark
    /// (which UTF-8, UTF-16BE and UTF-16LE do by default).
    pub ignore_bom: bool,
}

/// The constructors' `RangeError`: the label is not a label of the Encoding Standard,
/// or it is a label of the replacement encoding, which `TextDecoder` refuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LabelError<'a> {
    label: &'a str,
    replacement: bool,
}

impl<'a> LabelError<'a> {
    /// The label as it was given (not trimmed, not lowercased).
    pub fn label(&self) -> &'a str {
        self.label
    }

    /// Whether the label is a label of the replacement encoding (rather than no label
    /// at all).
    pub fn is_replacement(&self) -> bool {
        self.replacement
    }
}

impl fmt::Display for LabelError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.replacement {
            write!(
                f,
                "{:?} is a label of the replacement encoding, which TextDecoder does not decode",
                self.label
            )
        } else {
            write!(f, "{:?} is not an encoding label", self.label)
        }
    }
}

impl core::error::Error for LabelError<'_> {}

/// The `TypeError` of `decode()` and of the decoder stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DecodeError {
    /// The error mode is fatal and the input is malformed in this encoding.
    Malformed(&'static Encoding),
    /// A [`TextDecoderStream`] was written to after it finished (its flush
    /// completed).
    Closed,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::Malformed(e) => write!(f, "the input is not valid {}", e.name()),
            DecodeError::Closed => f.write_str("the decoder stream is closed"),
        }
    }
}

impl core::error::Error for DecodeError {}

/// Every encoding with its name ASCII-lowercased, as the `encoding` getters return it
/// (each is also one of its labels).
static LOWERCASE_NAMES: [(&Encoding, &str); 40] = [
    (&UTF_8_INIT, "utf-8"),
    (&IBM866_INIT, "ibm866"),
    (&ISO_8859_2_INIT, "iso-8859-2"),
    (&ISO_8859_3_INIT, "iso-8859-3"),
    (&ISO_8859_4_INIT, "iso-8859-4"),
    (&ISO_8859_5_INIT, "iso-8859-5"),
    (&ISO_8859_6_INIT, "iso-8859-6"),
    (&ISO_8859_7_INIT, "iso-8859-7"),
    (&ISO_8859_8_INIT, "iso-8859-8"),
    (&ISO_8859_8_I_INIT, "iso-8859-8-i"),
    (&ISO_8859_10_INIT, "iso-8859-10"),
    (&ISO_8859_13_INIT, "iso-8859-13"),
    (&ISO_8859_14_INIT, "iso-8859-14"),
    (&ISO_8859_15_INIT, "iso-8859-15"),
    (&ISO_8859_16_INIT, "iso-8859-16"),
    (&KOI8_R_INIT, "koi8-r"),
    (&KOI8_U_INIT, "koi8-u"),
    (&MACINTOSH_INIT, "macintosh"),
    (&WINDOWS_874_INIT, "windows-874"),
    (&WINDOWS_1250_INIT, "windows-1250"),
    (&WINDOWS_1251_INIT, "windows-1251"),
    (&WINDOWS_1252_INIT, "windows-1252"),
    (&WINDOWS_1253_INIT, "windows-1253"),
    (&WINDOWS_1254_INIT, "windows-1254"),
    (&WINDOWS_1255_INIT, "windows-1255"),
    (&WINDOWS_1256_INIT, "windows-1256"),
    (&WINDOWS_1257_INIT, "windows-1257"),
    (&WINDOWS_1258_INIT, "windows-1258"),
    (&X_MAC_CYRILLIC_INIT, "x-mac-cyrillic"),
    (&GBK_INIT, "gbk"),
    (&GB18030_INIT, "gb18030"),
    (&BIG5_INIT, "big5"),
    (&EUC_JP_INIT, "euc-jp"),
    (&ISO_2022_JP_INIT, "iso-2022-jp"),
    (&SHIFT_JIS_INIT, "shift_jis"),
    (&EUC_KR_INIT, "euc-kr"),
    (&REPLACEMENT_INIT, "replacement"),
    (&UTF_16BE_INIT, "utf-16be"),
    (&UTF_16LE_INIT, "utf-16le"),
    (&X_USER_DEFINED_INIT, "x-user-defined"),
];

/// The 40 encodings, in the order of the spec's table.
#[cfg(feature = "serde")]
pub(crate) fn all_encodings() -> impl Iterator<Item = &'static Encoding> {
    LOWERCASE_NAMES.iter().map(|(e, _)| *e)
}

/// `encoding`'s name, ASCII-lowercased: what the `encoding` getter of `TextDecoder`
/// returns, e.g. `"shift_jis"` for [`SHIFT_JIS`](crate::SHIFT_JIS).
pub fn lowercase_name(encoding: &'static Encoding) -> &'static str {
    LOWERCASE_NAMES
        .iter()
        .find(|(e, _)| *e == encoding)
        .map_or("", |(_, n)| n)
}

/// The constructors' first two steps: "get an encoding" from the label; failure and
/// replacement are errors.
fn encoding_for_label(label: &str) -> Result<&'static Encoding, LabelError<'_>> {
    match Encoding::for_label(label.as_bytes()) {
        Some(e) if e != REPLACEMENT => Ok(e),
        found => Err(LabelError {
            label,
            replacement: found.is_some(),
        }),
    }
}

/// The error for an encoding given directly: only replacement is refused.
fn check_encoding(encoding: &'static Encoding) -> Result<&'static Encoding, LabelError<'static>> {
    if encoding == REPLACEMENT {
        Err(LabelError {
            label: encoding.name(),
            replacement: true,
        })
    } else {
        Ok(encoding)
    }
}
