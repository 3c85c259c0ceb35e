//! Where `TextDecoder` and `TextDecoderStream` write decoded text: the caller's
//! `[u8]` or `[u16]`, or a growing `String` or `Vec<u16>`, and how a pass of the
//! decoder over some input ended.

#[cfg(feature = "alloc")]
use crate::UTF_8;
use crate::{CoderResult, Decoder, DecoderResult};
#[cfg(feature = "alloc")]
use alloc::{string::String, vec::Vec};

/// How a pass of the decoder over some input ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Outcome {
    /// All the input was read (and the end of the stream handled, if it was the end).
    Done,
    /// The caller's buffer is full.
    OutputFull,
    /// An error in fatal mode.
    Malformed,
}

impl From<DecoderResult> for Outcome {
    fn from(r: DecoderResult) -> Outcome {
        match r {
            DecoderResult::InputEmpty => Outcome::Done,
            DecoderResult::OutputFull => Outcome::OutputFull,
            DecoderResult::Malformed(..) => Outcome::Malformed,
        }
    }
}

impl From<CoderResult> for Outcome {
    fn from(r: CoderResult) -> Outcome {
        match r {
            CoderResult::InputEmpty => Outcome::Done,
            CoderResult::OutputFull => Outcome::OutputFull,
        }
    }
}

/// Where decoded text goes: the caller's `[u8]` or `[u16]`, or a growing `String` or
/// `Vec<u16>`. Lengths are in the output's units (bytes or UTF-16 code units).
pub(super) trait Sink {
    /// Units written so far.
    fn written(&self) -> usize;
    /// Runs `decoder` over `src` (all of it, unless the output fills or, in fatal mode,
    /// at an error); returns how that ended and the bytes read.
    fn decode(
        &mut self,
        decoder: &mut Decoder,
        src: &[u8],
        last: bool,
        fatal: bool,
    ) -> (Outcome, usize);
    /// Whether the output from unit `at` on starts with U+FEFF.
    fn bom_at(&self, at: usize) -> bool;
    /// Removes the U+FEFF at unit `at` (what follows it is one short step's output).
    fn remove_bom(&mut self, at: usize);
}

/// The caller's UTF-8 buffer.
pub(super) struct Utf8Slice<'a> {
    pub(super) buf: &'a mut [u8],
    pub(super) written: usize,
}

pub(super) const BOM_UTF8: &[u8] = "\u{FEFF}".as_bytes();

impl Sink for Utf8Slice<'_> {
    fn written(&self) -> usize {
        self.written
    }

    fn decode(&mut self, d: &mut Decoder, src: &[u8], last: bool, fatal: bool) -> (Outcome, usize) {
        let dst = &mut self.buf[self.written..];
        let (outcome, read, written) = if fatal {
            let (r, read, written) = d.decode_to_utf8_without_replacement(src, dst, last);
            (r.into(), read, written)
        } else {
            let (r, read, written, _) = d.decode_to_utf8(src, dst, last);
            (r.into(), read, written)
        };
        self.written += written;
        (outcome, read)
    }

    fn bom_at(&self, at: usize) -> bool {
        self.buf[at..self.written].starts_with(BOM_UTF8)
    }

    fn remove_bom(&mut self, at: usize) {
        self.buf.copy_within(at + BOM_UTF8.len()..self.written, at);
        self.written -= BOM_UTF8.len();
    }
}

/// The caller's UTF-16 buffer.
pub(super) struct Utf16Slice<'a> {
    pub(super) buf: &'a mut [u16],
    pub(super) written: usize,
}

impl Sink for Utf16Slice<'_> {
    fn written(&self) -> usize {
        self.written
    }

    fn decode(&mut self, d: &mut Decoder, src: &[u8], last: bool, fatal: bool) -> (Outcome, usize) {
        let dst = &mut self.buf[self.written..];
        let (outcome, read, written) = if fatal {
            let (r, read, written) = d.decode_to_utf16_without_replacement(src, dst, last);
            (r.into(), read, written)
        } else {
            let (r, read, written, _) = d.decode_to_utf16(src, dst, last);
            (r.into(), read, written)
        };
        self.written += written;
        (outcome, read)
    }

    fn bom_at(&self, at: usize) -> bool {
        self.buf[at..self.written].first() == Some(&0xFEFF)
    }

    fn remove_bom(&mut self, at: usize) {
        self.buf.copy_within(at + 1..self.written, at);
        self.written -= 1;
    }
}

/// Input decoded per step into a growing UTF-16 vector: bounds the part of the vector
/// that is zeroed ahead of the decoder to what stays in cache.
#[cfg(feature = "alloc")]
const VEC_CHUNK: usize = 16 * 1024;

/// A `String` the output is appended to; it never fills (it grows).
#[cfg(feature = "alloc")]
pub(super) struct StringSink<'a>(pub(super) &'a mut String);

#[cfg(feature = "alloc")]
impl Sink for StringSink<'_> {
    fn written(&self) -> usize {
        self.0.len()
    }

    fn decode(&mut self, d: &mut Decoder, src: &[u8], last: bool, fatal: bool) -> (Outcome, usize) {
        let s = &mut *self.0;
        let mut read = 0;
        loop {
            let rest = &src[read..];
            // Valid UTF-8 comes out as long as it went in, so that is the first guess
            // for UTF-8; other encodings get their worst case. When a guess is short
            // the decoder says OutputFull and the string grows (amortized doubling).
            let guess = match d.max_utf8_buffer_length(rest.len()) {
                Some(max) if d.encoding() != UTF_8 => max,
                _ => rest.len(),
            };
            let want = guess.max(16);
            if s.capacity() - s.len() < want && s.try_reserve(want).is_err() {
                s.reserve(rest.len().min(VEC_CHUNK) * 3 + 16);
            }
            let (outcome, r) = if fatal {
                let (res, r) = d.decode_to_string_without_replacement(rest, s, last);
                (Outcome::from(res), r)
            } else {
                let (res, r, _) = d.decode_to_string(rest, s, last);
                (Outcome::from(res), r)
            };
            read += r;
            if outcome != Outcome::OutputFull {
                return (outcome, read);
            }
        }
    }

    fn bom_at(&self, at: usize) -> bool {
        self.0.as_bytes()[at..].starts_with(BOM_UTF8)
    }

    fn remove_bom(&mut self, at: usize) {
        self.0.replace_range(at..at + BOM_UTF8.len(), "");
    }
}

/// A `Vec<u16>` the output is appended to; it never fills (it grows).
#[cfg(feature = "alloc")]
pub(super) struct Utf16Vec<'a>(pub(super) &'a mut Vec<u16>);

#[cfg(feature = "alloc")]
impl Sink for Utf16Vec<'_> {
    fn written(&self) -> usize {
        self.0.len()
    }

    fn decode(&mut self, d: &mut Decoder, src: &[u8], last: bool, fatal: bool) -> (Outcome, usize) {
        let v = &mut *self.0;
        if let Some(max) = d.max_utf16_buffer_length(src.len()) {
            // Only a hint: a failure here leaves the growth to the steps below.
            let _ = v.try_reserve(max);
        }
        let mut read = 0;
        loop {
            let rest = &src[read..];
            let chunk = rest.len().min(VEC_CHUNK);
            let chunk_last = last && chunk == rest.len();
            let room = d.max_utf16_buffer_length(chunk).unwrap_or(chunk + 8);
            let start = v.len();
            v.resize(start + room, 0);
            let (outcome, r, w) = if fatal {
                let (res, r, w) = d.decode_to_utf16_without_replacement(
                    &rest[..chunk],
                    &mut v[start..],
                    chunk_last,
                );
                (Outcome::from(res), r, w)
            } else {
                let (res, r, w, _) = d.decode_to_utf16(&rest[..chunk], &mut v[start..], chunk_last);
                (Outcome::from(res), r, w)
            };
            v.truncate(start + w);
            read += r;
            match outcome {
                Outcome::Malformed => return (outcome, read),
                Outcome::Done if read == src.len() => return (outcome, read),
                // More input (the next chunk), or room for the decoder's held output.
                _ => {}
            }
        }
    }

    fn bom_at(&self, at: usize) -> bool {
        self.0.get(at) == Some(&0xFEFF)
    }

    fn remove_bom(&mut self, at: usize) {
        self.0.remove(at);
    }
}
