//! The Encoding Standard's "hooks for standards", named as the spec names them, for
//! code that implements other standards (URL, HTML, Fetch, XHR, WebSocket, ...) and
//! must call exactly these algorithms.
//!
//! | spec | here | streaming / caller buffers / UTF-16 output |
//! |---|---|---|
//! | UTF-8 decode | [`utf8_decode`] | [`UTF_8`]`.`[`new_decoder_with_bom_removal`](Encoding::new_decoder_with_bom_removal)`()` |
//! | UTF-8 decode without BOM | [`utf8_decode_without_bom`] | [`UTF_8`]`.`[`new_decoder_without_bom_handling`](Encoding::new_decoder_without_bom_handling)`()` |
//! | UTF-8 decode without BOM or fail | [`utf8_decode_without_bom_or_fail`] | the same decoder's `_without_replacement` methods |
//! | UTF-8 encode | [`utf8_encode`] | (the bytes of a `&str`) |
//! | decode | [`decode`] | `encoding.`[`new_decoder`](Encoding::new_decoder)`()`, whose [`encoding`](crate::Decoder::encoding) is the BOM's once sniffed |
//! | BOM sniff | [`bom_sniff`] | |
//! | encode | [`encode`] | [`get_an_encoder`] and the [`Encoder`]'s replacing methods |
//! | get an encoding | [`get_an_encoding`] | |
//! | get an output encoding | [`get_an_output_encoding`] | |
//! | get an encoder | [`get_an_encoder`] | |
//! | encode or fail | [`encode_or_fail`] | the [`Encoder`]'s `_without_replacement` methods |
//!
//! The decoders named in the last column do what the hook does to a stream given in
//! pieces, and write UTF-8 or UTF-16 into the caller's buffers.
//!
//! ```
//! use textcodec::hooks::*;
//! use textcodec::{UTF_16BE, WINDOWS_1252};
//!
//! // A BOM outranks the fallback encoding; "BOM sniff" says which one it chose.
//! let body = b"\xFE\xFF\x00h\x00i";
//! assert_eq!(bom_sniff(body), Some(UTF_16BE));
//! assert_eq!(decode(body, WINDOWS_1252), "hi");
//!
//! assert_eq!(utf8_decode(b"\xEF\xBB\xBFa\xFF"), "a\u{FFFD}");
//! assert_eq!(utf8_decode_without_bom(b"\xEF\xBB\xBFa"), "\u{FEFF}a");
//! assert_eq!(utf8_decode_without_bom_or_fail(b"a\xFF"), None);
//! assert_eq!(get_an_encoding(" Latin1\n"), Some(WINDOWS_1252));
//! assert_eq!(&*encode("€☃", WINDOWS_1252), b"\x80&#9731;");
//! ```

// Without `alloc` the links to the allocating items have nothing to point to.
#![cfg_attr(not(feature = "alloc"), allow(rustdoc::broken_intra_doc_links))]

#[cfg(feature = "alloc")]
use crate::EncoderResult;
use crate::{Encoder, Encoding, REPLACEMENT, UTF_16BE, UTF_16LE, UTF_8};
#[cfg(feature = "alloc")]
use alloc::{borrow::Cow, vec::Vec};

/// "Get an encoding": the encoding a label names, after removing ASCII whitespace
/// (TAB, LF, FF, CR, SPACE) around it and ignoring ASCII letter case; `None` for
/// failure. The labels of the replacement encoding give [`REPLACEMENT`].
pub fn get_an_encoding(label: impl AsRef<[u8]>) -> Option<&'static Encoding> {
    Encoding::for_label(label.as_ref())
}

/// "Get an output encoding": UTF-8 for replacement, UTF-16BE and UTF-16LE (which have
/// no encoder), otherwise the encoding itself.
pub fn get_an_output_encoding(encoding: &'static Encoding) -> &'static Encoding {
    if encoding == REPLACEMENT || encoding == UTF_16BE || encoding == UTF_16LE {
        UTF_8
    } else {
        encoding
    }
}

/// "BOM sniff": the encoding whose byte order mark starts `bytes` — UTF-8 for
/// `EF BB BF`, UTF-16BE for `FE FF`, UTF-16LE for `FF FE` — or `None`. (The spec peeks
/// at three bytes of a stream; `bytes` is what has arrived, and a stream shorter than a
/// BOM has none.)
pub fn bom_sniff(bytes: &[u8]) -> Option<&'static Encoding> {
    Encoding::for_bom(bytes).map(|(encoding, _)| encoding)
}

/// "UTF-8 encode": the UTF-8 bytes of a string of scalar values.
pub fn utf8_encode(string: &str) -> &[u8] {
    string.as_bytes()
}

/// "Get an encoder": an encoder instance for `encoding`, or `None` for the encodings
/// that have none (replacement, UTF-16BE, UTF-16LE), where the spec asserts.
pub fn get_an_encoder(encoding: &'static Encoding) -> Option<Encoder> {
    (get_an_output_encoding(encoding) == encoding).then(|| encoding.new_encoder())
}

/// "Decode" with `encoding` as the fallback: a BOM (UTF-8, UTF-16BE or UTF-16LE)
/// overrides it and is removed; malformed input becomes U+FFFD. Call [`bom_sniff`]
/// first to learn which encoding was used (or use [`Encoding::decode`], which returns
/// it). Borrows `bytes` when they are the text.
#[cfg(feature = "alloc")]
pub fn decode<'a>(bytes: &'a [u8], encoding: &'static Encoding) -> Cow<'a, str> {
    encoding.decode(bytes).0
}

/// "UTF-8 decode": UTF-8, a leading UTF-8 BOM removed (a UTF-16 BOM is not special),
/// malformed input as U+FFFD.
#[cfg(feature = "alloc")]
pub fn utf8_decode(bytes: &[u8]) -> Cow<'_, str> {
    UTF_8.decode_with_bom_removal(bytes).0
}

/// "UTF-8 decode without BOM": UTF-8 with a BOM kept as U+FEFF, malformed input as
/// U+FFFD.
#[cfg(feature = "alloc")]
pub fn utf8_decode_without_bom(bytes: &[u8]) -> Cow<'_, str> {
    UTF_8.decode_without_bom_handling(bytes).0
}

/// "UTF-8 decode without BOM or fail": UTF-8 with a BOM kept as U+FEFF; `None` (the
/// spec's failure) if any of it is malformed.
#[cfg(feature = "alloc")]
pub fn utf8_decode_without_bom_or_fail(bytes: &[u8]) -> Option<Cow<'_, str>> {
    UTF_8.decode_without_bom_handling_and_without_replacement(bytes)
}

/// "Encode" (the legacy hook for HTML forms): `string` in `encoding`, characters it
/// cannot represent as `&#NNNN;` (the "html" error mode). The spec asserts that
/// `encoding` has an encoder; here replacement, UTF-16BE and UTF-16LE encode as UTF-8,
/// their output encoding. Borrows `string` when its UTF-8 is the result.
#[cfg(feature = "alloc")]
pub fn encode<'a>(string: &'a str, encoding: &'static Encoding) -> Cow<'a, [u8]> {
    encoding.encode(string).0
}

/// "Encode or fail" (the legacy hook for URL percent-encoding): encodes `input` with
/// `encoder` into `output` until a character the encoding cannot represent. Returns
/// `None` when all of `input` was encoded (and the encoder finished: ISO-2022-JP is
/// back in ASCII), or that character and the bytes of `input` read up to and including
/// it. As the spec says, keep the same encoder and call again with the rest of the
/// input after writing a replacement of bytes 0x00–0x7F other than 0x0E, 0x0F, 0x1B,
/// 0x5C and 0x7E.
#[cfg(feature = "alloc")]
pub fn encode_or_fail(
    encoder: &mut Encoder,
    input: &str,
    output: &mut Vec<u8>,
) -> Option<(char, usize)> {
    let mut read = 0;
    loop {
        let rest = &input[read..];
        let room = encoder
            .max_buffer_length_from_utf8_without_replacement(rest.len())
            .unwrap_or(rest.len());
        if output.try_reserve(room.max(16)).is_err() {
            output.reserve(16);
        }
        let (result, r) = encoder.encode_from_utf8_to_vec_without_replacement(rest, output, true);
        read += r;
        match result {
            EncoderResult::InputEmpty => return None,
            EncoderResult::Unmappable(c) => return Some((c, read)),
            EncoderResult::OutputFull => {}
        }
    }
}
