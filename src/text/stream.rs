//! [`TextDecoderStream`] and [`TextEncoderStream`] as chunk-at-a-time objects: what
//! their transform streams do to each chunk written (`transform`) and at the end
//! (`flush`), without a streams implementation around them.

use super::common::Common;
use super::encoder::{next_scalar, put, utf16_into};
use super::sink::{Outcome, Sink, Utf16Slice, Utf8Slice};
#[cfg(feature = "alloc")]
use super::sink::{StringSink, Utf16Vec};
use super::{
    check_encoding, encoding_for_label, DecodeError, DecodeStatus, DecodeToResult,
    EncodeIntoResult, LabelError, TextDecoderOptions, TextEncoder,
};
use crate::Encoding;
#[cfg(feature = "alloc")]
use alloc::{string::String, vec::Vec};

/// Where a decoder stream is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Life {
    Open,
    /// A chunk failed (fatal mode): the stream is errored with this error.
    Errored(DecodeError),
    /// `flush` finished: the stream is closed.
    Closed,
}

/// The `TextDecoderStream` object, one chunk at a time: `transform` (or
/// [`transform_to_utf16`] / [`transform_to_utf8`] into the caller's buffer) is "decode
/// and enqueue a chunk" (it returns the chunk of text the stream would enqueue; an
/// empty one is not enqueued), `flush` (or [`flush_to_utf16`] / [`flush_to_utf8`]) is
/// "flush and enqueue" at the end of the input.
///
/// It decodes as a [`TextDecoder`](super::TextDecoder) whose calls all stream, except
/// that it never starts afresh: the BOM is looked for only at the start of the whole
/// stream. In fatal mode the first malformed input errors the stream: that call and
/// every later one return the error (the JavaScript stream's readable and writable
/// sides are errored with it). After `flush` has finished, further calls return
/// [`DecodeError::Closed`].
///
/// [`transform_to_utf16`]: TextDecoderStream::transform_to_utf16
/// [`transform_to_utf8`]: TextDecoderStream::transform_to_utf8
/// [`flush_to_utf16`]: TextDecoderStream::flush_to_utf16
/// [`flush_to_utf8`]: TextDecoderStream::flush_to_utf8
///
/// ```
/// use textcodec::text::TextDecoderStream;
///
/// let mut s = TextDecoderStream::new("utf-16le").unwrap();
/// assert_eq!(s.transform(b"\xFF\xFEa\x00\x3D").unwrap(), "a");
/// assert_eq!(s.transform(b"\xD8\x00\xDE").unwrap(), "😀");
/// assert_eq!(s.flush().unwrap(), ""); // nothing left over
/// ```
#[derive(Clone, Debug)]
pub struct TextDecoderStream {
    common: Common,
    life: Life,
}

impl TextDecoderStream {
    /// `new TextDecoderStream(label)`; the label rules of `new TextDecoder`.
    pub fn new(label: &str) -> Result<TextDecoderStream, LabelError<'_>> {
        TextDecoderStream::with_options(label, TextDecoderOptions::default())
    }

    /// `new TextDecoderStream(label, options)`.
    pub fn with_options(
        label: &str,
        options: TextDecoderOptions,
    ) -> Result<TextDecoderStream, LabelError<'_>> {
        Ok(TextDecoderStream::make(encoding_for_label(label)?, options))
    }

    /// The spec's "set up a text decoder stream" with an encoding already looked up;
    /// only the replacement encoding is refused.
    pub fn with_encoding(
        encoding: &'static Encoding,
        options: TextDecoderOptions,
    ) -> Result<TextDecoderStream, LabelError<'static>> {
        Ok(TextDecoderStream::make(check_encoding(encoding)?, options))
    }

    fn make(encoding: &'static Encoding, options: TextDecoderOptions) -> TextDecoderStream {
        TextDecoderStream {
            common: Common::new(encoding, options),
            life: Life::Open,
        }
    }

    /// The `encoding` getter: the encoding's name, ASCII-lowercased.
    pub fn encoding(&self) -> &'static str {
        self.common.name()
    }

    /// The encoding as an [`Encoding`].
    pub fn as_encoding(&self) -> &'static Encoding {
        self.common.encoding()
    }

    /// The `fatal` getter.
    pub fn fatal(&self) -> bool {
        self.common.fatal()
    }

    /// The `ignoreBOM` getter.
    pub fn ignore_bom(&self) -> bool {
        self.common.ignore_bom()
    }

    /// An output length in bytes with which the next `transform_to_utf8` or
    /// `flush_to_utf8` call, given `byte_length` bytes, finishes; `None` on overflow.
    pub fn max_utf8_buffer_length(&self, byte_length: usize) -> Option<usize> {
        self.common.decoder().max_utf8_buffer_length(byte_length)
    }

    /// An output length in UTF-16 code units with which the next `transform_to_utf16`
    /// or `flush_to_utf16` call, given `byte_length` bytes, finishes; `None` on
    /// overflow.
    pub fn max_utf16_buffer_length(&self, byte_length: usize) -> Option<usize> {
        self.common.decoder().max_utf16_buffer_length(byte_length)
    }

    /// The error a stream that is no longer open answers with.
    fn stopped(&self) -> Option<DecodeError> {
        match self.life {
            Life::Open => None,
            Life::Errored(e) => Some(e),
            Life::Closed => Some(DecodeError::Closed),
        }
    }

    /// One transform (`last` false) or flush (`last` true) step into `out`.
    fn step<S: Sink>(&mut self, chunk: &[u8], out: &mut S, last: bool) -> (Outcome, usize) {
        let (outcome, read) = self.common.run(out, chunk, last);
        match outcome {
            Outcome::Done if last => self.life = Life::Closed,
            Outcome::Malformed => self.life = Life::Errored(self.common.error()),
            _ => {}
        }
        (outcome, read)
    }

    fn step_into<S: Sink>(&mut self, chunk: &[u8], out: &mut S, last: bool) -> DecodeToResult {
        if let Some(e) = self.stopped() {
            return DecodeToResult {
                status: DecodeStatus::Error(e),
                read: 0,
                written: 0,
            };
        }
        let (outcome, read) = self.step(chunk, out, last);
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

    /// "Decode and enqueue a chunk" into the caller's UTF-8 buffer. On
    /// [`DecodeStatus::OutputFull`] call again with `chunk[read..]` and more room.
    /// Works without `alloc`.
    pub fn transform_to_utf8(&mut self, chunk: &[u8], output: &mut [u8]) -> DecodeToResult {
        self.step_into(
            chunk,
            &mut Utf8Slice {
                buf: output,
                written: 0,
            },
            false,
        )
    }

    /// "Decode and enqueue a chunk" into the caller's UTF-16 buffer. Works without
    /// `alloc`.
    pub fn transform_to_utf16(&mut self, chunk: &[u8], output: &mut [u16]) -> DecodeToResult {
        self.step_into(
            chunk,
            &mut Utf16Slice {
                buf: output,
                written: 0,
            },
            false,
        )
    }

    /// "Flush and enqueue" into the caller's UTF-8 buffer (on
    /// [`DecodeStatus::OutputFull`] call again with more room). Works without `alloc`.
    pub fn flush_to_utf8(&mut self, output: &mut [u8]) -> DecodeToResult {
        self.step_into(
            b"",
            &mut Utf8Slice {
                buf: output,
                written: 0,
            },
            true,
        )
    }

    /// "Flush and enqueue" into the caller's UTF-16 buffer. Works without `alloc`.
    pub fn flush_to_utf16(&mut self, output: &mut [u16]) -> DecodeToResult {
        self.step_into(
            b"",
            &mut Utf16Slice {
                buf: output,
                written: 0,
            },
            true,
        )
    }
}

#[cfg(feature = "alloc")]
impl TextDecoderStream {
    fn step_owned<S: Sink>(
        &mut self,
        chunk: &[u8],
        out: &mut S,
        last: bool,
    ) -> Result<(), DecodeError> {
        if let Some(e) = self.stopped() {
            return Err(e);
        }
        match self.step(chunk, out, last).0 {
            Outcome::Malformed => Err(self.common.error()),
            _ => Ok(()),
        }
    }

    /// "Decode and enqueue a chunk": the text this chunk completes (empty when it
    /// completes none, in which case the stream enqueues nothing).
    pub fn transform(&mut self, chunk: &[u8]) -> Result<String, DecodeError> {
        let mut text = String::new();
        self.step_owned(chunk, &mut StringSink(&mut text), false)?;
        Ok(text)
    }

    /// "Decode and enqueue a chunk" as UTF-16 code units.
    pub fn transform_utf16(&mut self, chunk: &[u8]) -> Result<Vec<u16>, DecodeError> {
        let mut units = Vec::new();
        self.step_owned(chunk, &mut Utf16Vec(&mut units), false)?;
        Ok(units)
    }

    /// "Flush and enqueue": the text the end of the input completes (U+FFFD for a
    /// sequence left incomplete, or the error in fatal mode). Closes the stream.
    pub fn flush(&mut self) -> Result<String, DecodeError> {
        let mut text = String::new();
        self.step_owned(b"", &mut StringSink(&mut text), true)?;
        Ok(text)
    }

    /// "Flush and enqueue" as UTF-16 code units. Closes the stream.
    pub fn flush_utf16(&mut self) -> Result<Vec<u16>, DecodeError> {
        let mut units = Vec::new();
        self.step_owned(b"", &mut Utf16Vec(&mut units), true)?;
        Ok(units)
    }
}

/// The `TextEncoderStream` object, one chunk at a time: `transform` (or
/// [`transform_into`] the caller's buffer) is "encode and enqueue a chunk" (an empty
/// result is not enqueued), `flush` (or [`flush_into`]) is "encode and flush".
///
/// Chunks are JavaScript strings, so UTF-16 that may hold lone surrogates. A high
/// (leading) surrogate at the end of a chunk is held: if the next chunk starts with a
/// low surrogate the two make one character, otherwise the held one becomes U+FFFD;
/// at the end it becomes U+FFFD (`EF BF BD`).
///
/// [`transform_into`]: TextEncoderStream::transform_into
/// [`flush_into`]: TextEncoderStream::flush_into
///
/// ```
/// use textcodec::text::TextEncoderStream;
///
/// let mut s = TextEncoderStream::new();
/// assert_eq!(s.transform(&[0x61, 0xD83D]), b"a");
/// assert_eq!(s.transform(&[0xDE00]), "😀".as_bytes());
/// assert_eq!(s.transform(&[0xD800]), b"");
/// assert_eq!(s.flush(), "\u{FFFD}".as_bytes());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TextEncoderStream {
    leading_surrogate: Option<u16>,
}

/// U+FFFD in UTF-8.
const FFFD: &[u8] = "\u{FFFD}".as_bytes();

impl TextEncoderStream {
    /// `new TextEncoderStream()`.
    pub const fn new() -> TextEncoderStream {
        TextEncoderStream {
            leading_surrogate: None,
        }
    }

    /// The `encoding` getter: `"utf-8"`.
    pub fn encoding(&self) -> &'static str {
        "utf-8"
    }

    /// The held high surrogate, if the last chunk ended with one.
    pub fn leading_surrogate(&self) -> Option<u16> {
        self.leading_surrogate
    }

    /// "Encode and enqueue a chunk" into the caller's buffer: converts whole characters
    /// while they fit, as [`TextEncoder::encode_utf16_into`] does, and holds a high
    /// surrogate that ends `chunk` (counted in `read`). When `read` is short of
    /// `chunk.len()`, call again with `chunk[read..]` and more room. A buffer of 4
    /// bytes always makes progress. Works without `alloc`.
    pub fn transform_into(&mut self, chunk: &[u16], output: &mut [u8]) -> EncodeIntoResult {
        let (mut read, mut written) = (0, 0);
        if let Some(lead) = self.leading_surrogate {
            let Some(&first) = chunk.first() else {
                return EncodeIntoResult::default();
            };
            let (c, used) = match next_scalar(&[lead, first]) {
                Some((c, 2)) => (c, 1),
                _ => ('\u{FFFD}', 0),
            };
            let Some(len) = put(c, output, 0) else {
                return EncodeIntoResult::default();
            };
            self.leading_surrogate = None;
            read = used;
            written = len;
        }
        let body_end = match chunk[read..].last() {
            Some(&u) if (0xD800..=0xDBFF).contains(&u) => chunk.len() - 1,
            _ => chunk.len(),
        };
        let r = utf16_into(&chunk[read..body_end], &mut output[written..]);
        read += r.read;
        written += r.written;
        if read == body_end && body_end < chunk.len() {
            self.leading_surrogate = Some(chunk[body_end]);
            read += 1;
        }
        EncodeIntoResult { read, written }
    }

    /// "Encode and enqueue a chunk" for a chunk that is a `&str` (it cannot start with a
    /// low surrogate, so a held high surrogate becomes U+FFFD before it). `read` is in
    /// UTF-16 code units of `chunk`. Works without `alloc`.
    pub fn transform_str_into(&mut self, chunk: &str, output: &mut [u8]) -> EncodeIntoResult {
        let mut written = 0;
        if self.leading_surrogate.is_some() && !chunk.is_empty() {
            let Some(len) = put('\u{FFFD}', output, 0) else {
                return EncodeIntoResult::default();
            };
            self.leading_surrogate = None;
            written = len;
        }
        let r = TextEncoder::new().encode_into(chunk, &mut output[written..]);
        EncodeIntoResult {
            read: r.read,
            written: written + r.written,
        }
    }

    /// "Encode and flush" into the caller's buffer: writes U+FFFD for a held high
    /// surrogate. Returns the bytes written (0 or 3), or `None` if a U+FFFD is due and
    /// `output` is shorter than 3 bytes (nothing changes then). Works without `alloc`.
    pub fn flush_into(&mut self, output: &mut [u8]) -> Option<usize> {
        if self.leading_surrogate.is_none() {
            return Some(0);
        }
        output.get_mut(..FFFD.len())?.copy_from_slice(FFFD);
        self.leading_surrogate = None;
        Some(FFFD.len())
    }
}

#[cfg(feature = "alloc")]
impl TextEncoderStream {
    /// "Encode and enqueue a chunk": the bytes for this chunk (empty when there are
    /// none, in which case the stream enqueues nothing).
    pub fn transform(&mut self, chunk: &[u16]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut units = chunk;
        if let Some(lead) = self.leading_surrogate {
            let Some(&first) = units.first() else {
                return out;
            };
            self.leading_surrogate = None;
            match next_scalar(&[lead, first]) {
                Some((c, 2)) => {
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                    units = &units[1..];
                }
                _ => out.extend_from_slice(FFFD),
            }
        }
        if let Some((&last, init)) = units.split_last() {
            if (0xD800..=0xDBFF).contains(&last) {
                self.leading_surrogate = Some(last);
                units = init;
            }
        }
        super::encoder::push_utf16(units, &mut out);
        out
    }

    /// "Encode and enqueue a chunk" for a `&str` chunk.
    pub fn transform_str(&mut self, chunk: &str) -> Vec<u8> {
        let mut out = Vec::with_capacity(chunk.len() + 3);
        if self.leading_surrogate.is_some() && !chunk.is_empty() {
            self.leading_surrogate = None;
            out.extend_from_slice(FFFD);
        }
        out.extend_from_slice(chunk.as_bytes());
        out
    }

    /// "Encode and flush": U+FFFD's bytes for a held high surrogate, otherwise nothing
    /// (the stream then enqueues nothing).
    pub fn flush(&mut self) -> Vec<u8> {
        match self.leading_surrogate.take() {
            Some(_) => FFFD.to_vec(),
            None => Vec::new(),
        }
    }
}
