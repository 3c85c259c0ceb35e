//! [`TextDecoder`]: the spec's object over the decoding core in [`super::common`].

use super::common::Common;
use super::sink::{Outcome, Sink, Utf16Slice, Utf8Slice};
#[cfg(feature = "alloc")]
use super::sink::{StringSink, Utf16Vec};
use super::{check_encoding, encoding_for_label, DecodeError, LabelError, TextDecoderOptions};
use crate::{Decoder, Encoding};
#[cfg(feature = "alloc")]
use alloc::{borrow::Cow, string::String, vec::Vec};

/// What a call that decodes into the caller's buffer did.
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecodeToResult {
    /// How the call ended.
    pub status: DecodeStatus,
    /// Bytes of the input read. The rest, `input[read..]`, is still the caller's.
    pub read: usize,
    /// Units (bytes or UTF-16 code units) written to the output buffer.
    pub written: usize,
}

/// How a call that decodes into the caller's buffer ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecodeStatus {
    /// The input was read to its end (and, when not streaming, the end of the stream
    /// handled): the call did what the spec's call does, and `written` units are its
    /// string.
    InputEmpty,
    /// The output buffer is full: call again with `input[read..]`, the same `stream`
    /// flag and more room. A call that stops here is, in every respect (decoder state,
    /// BOM seen, what the next call resets), the spec's call with `stream` true on
    /// `input[..read]`.
    OutputFull,
    /// The spec's `TypeError`: fatal mode and malformed input. The output written is
    /// the spec's discarded output. `input[read..]` is what the spec keeps in the
    /// I/O queue for the next call when `stream` was true (pass it first then); when
    /// `stream` was false the next call starts afresh and it is dropped.
    Error(DecodeError),
}

/// The `TextDecoder` object: decodes a byte stream in one encoding, one call at a time,
/// with the options and the exact semantics of the Encoding Standard's `TextDecoder`.
///
/// A call with `stream` true keeps the decoder's state (a sequence cut at the end of
/// the input, and whether the BOM was seen) for the next call; a call with `stream`
/// false ends the stream, handles an incomplete sequence at the end (U+FFFD, or an
/// error in fatal mode), and makes the next call start afresh.
///
/// A leading U+FEFF in the output of UTF-8, UTF-16BE or UTF-16LE is dropped unless
/// `ignore_bom` is set; the BOM never selects another encoding here (unlike
/// [`Encoding::decode`]). Only the first scalar value of a stream can be dropped, and
/// only once one has been produced by a call that did not fail.
///
/// After an error in fatal mode, the rules are the spec's to the letter: the call's
/// output is discarded and BOM seen is unchanged. If the call had `stream` false, the
/// next call starts afresh; if it had `stream` true, the decoder keeps its state after
/// the error and the bytes after it are decoded by the next call, before that call's
/// input. (The owning methods, such as [`decode`](TextDecoder::decode), keep those bytes
/// themselves; the methods that write into the caller's buffers leave them with the
/// caller, see [`DecodeStatus::Error`].)
///
/// ```
/// use textcodec::text::{DecodeError, TextDecoder, TextDecoderOptions};
/// use textcodec::UTF_8;
///
/// let options = TextDecoderOptions { fatal: true, ignore_bom: false };
/// let mut d = TextDecoder::with_options("utf8", options).unwrap();
/// assert_eq!(d.encoding(), "utf-8");
/// assert_eq!(d.decode(b"a\xFFb", true), Err(DecodeError::Malformed(UTF_8)));
/// // "a" went with the error; "b" was left in the queue and comes out now.
/// assert_eq!(d.decode(b"c", false).unwrap(), "bc");
/// ```
#[derive(Clone, Debug)]
pub struct TextDecoder {
    common: Common,
    do_not_flush: bool,
    /// Bytes of the spec's I/O queue that a fatal error left unread in a `stream` call
    /// of the owning methods; decoded before the next call's input.
    #[cfg(feature = "alloc")]
    queue: Vec<u8>,
}

impl TextDecoder {
    /// `new TextDecoder(label)`: the encoding for `label` by the spec's "get an
    /// encoding" (ASCII whitespace around it and letter case ignored), default options.
    /// An unknown label and the labels of the replacement encoding are errors.
    pub fn new(label: &str) -> Result<TextDecoder, LabelError<'_>> {
        TextDecoder::with_options(label, TextDecoderOptions::default())
    }

    /// `new TextDecoder(label, options)`.
    pub fn with_options(
        label: &str,
        options: TextDecoderOptions,
    ) -> Result<TextDecoder, LabelError<'_>> {
        Ok(TextDecoder::make(encoding_for_label(label)?, options))
    }

    /// A decoder for an encoding already looked up; only the replacement encoding is
    /// refused (its error names it as the label).
    pub fn with_encoding(
        encoding: &'static Encoding,
        options: TextDecoderOptions,
    ) -> Result<TextDecoder, LabelError<'static>> {
        Ok(TextDecoder::make(check_encoding(encoding)?, options))
    }

    fn make(encoding: &'static Encoding, options: TextDecoderOptions) -> TextDecoder {
        TextDecoder {
            common: Common::new(encoding, options),
            do_not_flush: false,
            #[cfg(feature = "alloc")]
            queue: Vec::new(),
        }
    }

    /// The `encoding` getter: the encoding's name, ASCII-lowercased (`"utf-8"`,
    /// `"shift_jis"`, `"utf-16le"`, ...).
    pub fn encoding(&self) -> &'static str {
        self.common.name()
    }

    /// The encoding as an [`Encoding`].
    pub fn as_encoding(&self) -> &'static Encoding {
        self.common.encoding()
    }

    /// The `fatal` getter: whether the error mode is fatal.
    pub fn fatal(&self) -> bool {
        self.common.fatal()
    }

    /// The `ignoreBOM` getter.
    pub fn ignore_bom(&self) -> bool {
        self.common.ignore_bom()
    }

    /// Bytes held over from an earlier call, decoded first by the next one.
    fn queued(&self) -> usize {
        #[cfg(feature = "alloc")]
        {
            self.queue.len()
        }
        #[cfg(not(feature = "alloc"))]
        {
            0
        }
    }

    fn max_len(
        &self,
        byte_length: usize,
        f: impl Fn(&Decoder, usize) -> Option<usize>,
    ) -> Option<usize> {
        if self.do_not_flush {
            f(
                self.common.decoder(),
                byte_length.checked_add(self.queued())?,
            )
        } else {
            f(
                &self.common.encoding().new_decoder_without_bom_handling(),
                byte_length,
            )
        }
    }

    /// An output length in bytes with which the next
    /// [`decode_to_utf8`](TextDecoder::decode_to_utf8) call, given `byte_length` bytes,
    /// finishes (is not [`DecodeStatus::OutputFull`]); `None` on overflow.
    pub fn max_utf8_buffer_length(&self, byte_length: usize) -> Option<usize> {
        self.max_len(byte_length, Decoder::max_utf8_buffer_length)
    }

    /// An output length in UTF-16 code units with which the next
    /// [`decode_to_utf16`](TextDecoder::decode_to_utf16) call, given `byte_length` bytes,
    /// finishes; `None` on overflow.
    pub fn max_utf16_buffer_length(&self, byte_length: usize) -> Option<usize> {
        self.max_len(byte_length, Decoder::max_utf16_buffer_length)
    }

    /// Steps 1 and 2 of `decode()`: a fresh decoder unless the last call streamed.
    fn begin(&mut self, stream: bool) {
        if !self.do_not_flush {
            self.common.reset();
            #[cfg(feature = "alloc")]
            self.queue.clear();
        }
        self.do_not_flush = stream;
    }

    /// A call into a caller's buffer. The bytes of `input` not read stay the caller's.
    fn call_into<S: Sink>(&mut self, input: &[u8], out: &mut S, stream: bool) -> DecodeToResult {
        self.begin(stream);
        let (outcome, read) = self.run_queued(input, out, stream);
        if outcome == Outcome::OutputFull {
            // The rest of this call comes in the next one, as if this one streamed.
            self.do_not_flush = true;
        }
        DecodeToResult {
            status: match outcome {
                Outcome::Done => DecodeStatus::InputEmpty,
                Outcome::OutputFull => DecodeStatus::OutputFull,
                Outcome::Malformed => DecodeStatus::Error(self.common.error()),
            },
            read,
            written: out.written(),
        }
    }

    /// Decodes the held-over bytes, then `input`; returns the bytes of `input` read.
    /// Unread held-over bytes stay held.
    fn run_queued<S: Sink>(&mut self, input: &[u8], out: &mut S, stream: bool) -> (Outcome, usize) {
        #[cfg(feature = "alloc")]
        if !self.queue.is_empty() {
            let held = self.queue.len();
            let mut all = core::mem::take(&mut self.queue);
            all.extend_from_slice(input);
            let (outcome, read) = self.common.run(out, &all, !stream);
            if read < held {
                all.truncate(held);
                all.drain(..read);
                self.queue = all;
                return (outcome, 0);
            }
            return (outcome, read - held);
        }
        self.common.run(out, input, !stream)
    }

    /// `decode(input, {stream})` into the caller's UTF-8 buffer. Any buffer of at
    /// least 4 bytes makes progress; one of
    /// [`max_utf8_buffer_length`](TextDecoder::max_utf8_buffer_length) finishes the
    /// call. Works without `alloc`.
    pub fn decode_to_utf8(
        &mut self,
        input: &[u8],
        output: &mut [u8],
        stream: bool,
    ) -> DecodeToResult {
        self.call_into(
            input,
            &mut Utf8Slice {
                buf: output,
                written: 0,
            },
            stream,
        )
    }

    /// `decode(input, {stream})` into the caller's UTF-16 buffer (what a JavaScript
    /// engine makes its string from). Any buffer of at least 2 units makes progress;
    /// one of [`max_utf16_buffer_length`](TextDecoder::max_utf16_buffer_length)
    /// finishes the call. Works without `alloc`.
    pub fn decode_to_utf16(
        &mut self,
        input: &[u8],
        output: &mut [u16],
        stream: bool,
    ) -> DecodeToResult {
        self.call_into(
            input,
            &mut Utf16Slice {
                buf: output,
                written: 0,
            },
            stream,
        )
    }
}

#[cfg(feature = "alloc")]
impl TextDecoder {
    /// A call into a growing output: `begin`, then [`run_owned`](Self::run_owned).
    fn call_owned<S: Sink>(
        &mut self,
        input: &[u8],
        out: &mut S,
        stream: bool,
    ) -> Result<(), DecodeError> {
        self.begin(stream);
        self.run_owned(input, out, stream)
    }

    /// The decoding steps of a call into a growing output (which never fills, so the
    /// call finishes or fails). On an error in a `stream` call the bytes not read are
    /// kept for the next call, as the spec's I/O queue keeps them.
    fn run_owned<S: Sink>(
        &mut self,
        input: &[u8],
        out: &mut S,
        stream: bool,
    ) -> Result<(), DecodeError> {
        let outcome = if self.queue.is_empty() {
            let (outcome, read) = self.common.run(out, input, !stream);
            if outcome == Outcome::Malformed && stream {
                self.queue.extend_from_slice(&input[read..]);
            }
            outcome
        } else {
            let mut all = core::mem::take(&mut self.queue);
            all.extend_from_slice(input);
            let (outcome, read) = self.common.run(out, &all, !stream);
            if outcome == Outcome::Malformed && stream {
                all.drain(..read);
                self.queue = all;
            }
            outcome
        };
        if outcome == Outcome::Malformed {
            return Err(self.common.error());
        }
        debug_assert_eq!(outcome, Outcome::Done);
        Ok(())
    }

    /// `decode(input, {stream})`: the decoded text, or the `TypeError` of fatal mode.
    /// Borrows `input` when it is the text (a whole call on valid UTF-8, or on ASCII in
    /// an ASCII-compatible encoding).
    pub fn decode<'a>(
        &mut self,
        input: &'a [u8],
        stream: bool,
    ) -> Result<Cow<'a, str>, DecodeError> {
        self.begin(stream);
        if !stream && self.queue.is_empty() {
            if let Some(src) = self.common.one_shot(input) {
                // A whole stream through a new decoder: the one-shot conversions are
                // the same algorithm. (The next call starts afresh, so no state needs
                // to be kept.)
                let encoding = self.common.encoding();
                return if self.common.fatal() {
                    encoding
                        .decode_without_bom_handling_and_without_replacement(src)
                        .ok_or(self.common.error())
                } else {
                    Ok(encoding.decode_without_bom_handling(src).0)
                };
            }
        }
        let mut text = String::new();
        self.run_owned(input, &mut StringSink(&mut text), stream)?;
        Ok(Cow::Owned(text))
    }

    /// `decode(input, {stream})`, appending the text to `output`. On an error
    /// `output` is left as it was.
    pub fn decode_to_string(
        &mut self,
        input: &[u8],
        output: &mut String,
        stream: bool,
    ) -> Result<(), DecodeError> {
        let start = output.len();
        let result = self.call_owned(input, &mut StringSink(output), stream);
        if result.is_err() {
            output.truncate(start);
        }
        result
    }

    /// `decode(input, {stream})` as UTF-16 code units.
    pub fn decode_utf16(&mut self, input: &[u8], stream: bool) -> Result<Vec<u16>, DecodeError> {
        let mut units = Vec::new();
        self.decode_to_utf16_vec(input, &mut units, stream)?;
        Ok(units)
    }

    /// `decode(input, {stream})`, appending UTF-16 code units to `output`. On an
    /// error `output` is left as it was.
    pub fn decode_to_utf16_vec(
        &mut self,
        input: &[u8],
        output: &mut Vec<u16>,
        stream: bool,
    ) -> Result<(), DecodeError> {
        let start = output.len();
        let result = self.call_owned(input, &mut Utf16Vec(output), stream);
        if result.is_err() {
            output.truncate(start);
        }
        result
    }
}
