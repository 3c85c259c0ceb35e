//! The one-shot conveniences of [`Encoding`]: whole-buffer decode and encode into
//! a `Cow`, borrowing the input where it can be used as is (needs `alloc`).

use alloc::{borrow::Cow, string::String, vec::Vec};

use crate::encoder::NCR_EXTRA;
use crate::encoding::{Encoding, UTF_8};
use crate::result::{CoderResult, DecoderResult};

impl Encoding {
    /// Decodes `bytes` as the spec's "decode": a BOM overrides this encoding and is
    /// removed; malformed sequences become U+FFFD. Returns the text, the encoding
    /// used, and whether anything was replaced. Borrows when the input can be used as is.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use textcodec::{SHIFT_JIS, UTF_16LE, UTF_8};
    ///
    /// let (text, used, had_errors) = SHIFT_JIS.decode(b"\x93\xFA\x96\x7B\x8C\xEA");
    /// assert_eq!((&*text, used, had_errors), ("日本語", SHIFT_JIS, false));
    ///
    /// // A byte order mark overrides the encoding, and is removed.
    /// let (text, used, _) = SHIFT_JIS.decode(b"\xFF\xFEh\0i\0");
    /// assert_eq!((&*text, used), ("hi", UTF_16LE));
    ///
    /// // Malformed input becomes U+FFFD; input that is its own UTF-8 is borrowed.
    /// let (text, _, had_errors) = UTF_8.decode(b"caf\xE9");
    /// assert_eq!((&*text, had_errors), ("caf\u{FFFD}", true));
    /// assert!(matches!(UTF_8.decode(b"plain ASCII").0, Cow::Borrowed(_)));
    /// ```
    pub fn decode<'a>(&'static self, bytes: &'a [u8]) -> (Cow<'a, str>, &'static Encoding, bool) {
        let (enc, bytes) = match Encoding::for_bom(bytes) {
            Some((enc, len)) => (enc, &bytes[len..]),
            None => (self, bytes),
        };
        let (text, replaced) = enc.decode_without_bom_handling(bytes);
        (text, enc, replaced)
    }

    /// Decodes `bytes`, removing this encoding's own BOM if present (UTF-8, UTF-16BE,
    /// UTF-16LE). Returns the text and whether anything was replaced.
    pub fn decode_with_bom_removal<'a>(&'static self, bytes: &'a [u8]) -> (Cow<'a, str>, bool) {
        let bytes = match Encoding::for_bom(bytes) {
            Some((enc, len)) if enc == self => &bytes[len..],
            _ => bytes,
        };
        self.decode_without_bom_handling(bytes)
    }

    /// Decodes `bytes` treating a BOM as ordinary input; malformed sequences become
    /// U+FFFD. Returns the text and whether anything was replaced.
    pub fn decode_without_bom_handling<'a>(&'static self, bytes: &'a [u8]) -> (Cow<'a, str>, bool) {
        let prefix = self.borrowable_prefix(bytes);
        let valid = prefix.len();
        if valid == bytes.len() {
            return (Cow::Borrowed(prefix), false);
        }
        let mut decoder = self.new_decoder_without_bom_handling();
        let capacity = decoder
            .max_utf8_buffer_length(bytes.len() - valid)
            .and_then(|n| n.checked_add(valid))
            .unwrap_or(usize::MAX);
        let mut out = String::with_capacity(capacity);
        out.push_str(prefix);
        let (_, _, replaced) = decoder.decode_to_string(&bytes[valid..], &mut out, true);
        (Cow::Owned(out), replaced)
    }

    /// Decodes `bytes` treating a BOM as ordinary input; `None` if any sequence is
    /// malformed.
    pub fn decode_without_bom_handling_and_without_replacement<'a>(
        &'static self,
        bytes: &'a [u8],
    ) -> Option<Cow<'a, str>> {
        let prefix = self.borrowable_prefix(bytes);
        let valid = prefix.len();
        if valid == bytes.len() {
            return Some(Cow::Borrowed(prefix));
        }
        if self == UTF_8 {
            return None;
        }
        let mut decoder = self.new_decoder_without_bom_handling();
        let capacity = decoder
            .max_utf8_buffer_length_without_replacement(bytes.len() - valid)?
            .checked_add(valid)?;
        let mut out = String::with_capacity(capacity);
        out.push_str(prefix);
        match decoder.decode_to_string_without_replacement(&bytes[valid..], &mut out, true) {
            (DecoderResult::InputEmpty, _) => Some(Cow::Owned(out)),
            _ => None,
        }
    }

    /// Encodes `string` into this encoding's output encoding; characters it cannot
    /// represent become `&#NNNN;`. Returns the bytes, the encoding used, and whether
    /// anything was replaced. Borrows when the bytes equal the UTF-8 input.
    ///
    /// ```
    /// use textcodec::{SHIFT_JIS, UTF_16LE, UTF_8};
    ///
    /// // ☃ is not in Shift_JIS: it becomes a numeric character reference.
    /// let (bytes, used, replaced) = SHIFT_JIS.encode("日本 ☃");
    /// assert_eq!((&*bytes, used, replaced), (&b"\x93\xFA\x96\x7B &#9731;"[..], SHIFT_JIS, true));
    ///
    /// // UTF-16's output encoding is UTF-8.
    /// let (bytes, used, _) = UTF_16LE.encode("é");
    /// assert_eq!((&*bytes, used), ("é".as_bytes(), UTF_8));
    /// ```
    pub fn encode<'a>(&'static self, string: &'a str) -> (Cow<'a, [u8]>, &'static Encoding, bool) {
        let enc = self.output_encoding();
        let bytes = string.as_bytes();
        let valid = if enc == UTF_8 {
            bytes.len()
        } else {
            enc.borrowable_prefix(bytes).len()
        };
        if valid == bytes.len() {
            return (Cow::Borrowed(bytes), enc, false);
        }
        let mut encoder = enc.new_encoder();
        let rest = &string[valid..];
        let mut out = Vec::with_capacity(
            encoder
                .max_buffer_length_from_utf8_if_no_unmappables(rest.len())
                .and_then(|n| n.checked_add(valid))
                .unwrap_or(usize::MAX),
        );
        out.extend_from_slice(&bytes[..valid]);
        let mut read = 0;
        let mut replaced = false;
        loop {
            let (result, r, had) = encoder.encode_from_utf8_to_vec(&rest[read..], &mut out, true);
            read += r;
            replaced |= had;
            match result {
                CoderResult::InputEmpty => return (Cow::Owned(out), enc, replaced),
                CoderResult::OutputFull => {
                    let more = encoder
                        .max_buffer_length_from_utf8_if_no_unmappables(rest.len() - read)
                        .unwrap_or(usize::MAX);
                    out.reserve(more.max(NCR_EXTRA + 4));
                }
            }
        }
    }
}
