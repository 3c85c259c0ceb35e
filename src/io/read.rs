//! [`DecodeReader`]: bytes in any encoding in, UTF-8 out, through [`Read`] and
//! [`BufRead`].

use super::{BomHandling, DecodeError, ErrorMode, DEFAULT_CAPACITY};
use crate::{CoderResult, Decoder, DecoderResult, Encoding};
use std::boxed::Box;
use std::io::{self, BufRead, Read};
use std::string::String;
use std::vec;

/// Smallest input buffer a [`DecodeReader`] uses.
const MIN_CAPACITY: usize = 16;

/// Options for a [`DecodeReader`]; made by [`DecodeReader::builder`].
#[derive(Clone, Debug)]
pub struct DecodeReaderBuilder {
    encoding: &'static Encoding,
    bom: BomHandling,
    errors: ErrorMode,
    capacity: usize,
}

impl DecodeReaderBuilder {
    /// BOM handling; [`BomHandling::Sniff`] unless set.
    pub fn bom(mut self, bom: BomHandling) -> Self {
        self.bom = bom;
        self
    }

    /// Malformed input: U+FFFD ([`ErrorMode::Replace`], the default, and
    /// [`ErrorMode::Html`], which decode the same) or an error ([`ErrorMode::Fatal`]).
    pub fn errors(mut self, errors: ErrorMode) -> Self {
        self.errors = errors;
        self
    }

    /// Bytes read from the inner reader at a time ([`DEFAULT_CAPACITY`] unless set;
    /// at least 16). The decoded-text buffer is sized so that one buffer of input
    /// always decodes in one step.
    pub fn capacity(mut self, bytes: usize) -> Self {
        self.capacity = bytes.max(MIN_CAPACITY);
        self
    }

    /// The reader, decoding what `inner` gives.
    pub fn build<R: Read>(self, inner: R) -> DecodeReader<R> {
        let decoder = match self.bom {
            BomHandling::Sniff => self.encoding.new_decoder(),
            BomHandling::Remove => self.encoding.new_decoder_with_bom_removal(),
            BomHandling::Keep => self.encoding.new_decoder_without_bom_handling(),
        };
        // Room for a whole input buffer and the bytes a decoder may hold from before it.
        let out_len = decoder
            .max_utf8_buffer_length(self.capacity + TAIL)
            .unwrap_or(self.capacity)
            .max(4 * MIN_CAPACITY);
        let out = String::from_utf8(vec![0; out_len])
            .unwrap_or_default()
            .into_boxed_str();
        DecodeReader {
            inner,
            carry: Carry {
                decoder: decoder.clone(),
                bytes: [0; 4 * TAIL],
                len: 0,
            },
            call: None,
            decoder,
            bom: self.bom,
            original: self.encoding,
            head: [0; TAIL],
            head_len: 0,
            fatal: self.errors == ErrorMode::Fatal,
            input: vec![0; self.capacity].into_boxed_slice(),
            in_pos: 0,
            in_end: 0,
            eof: false,
            done: false,
            out,
            out_pos: 0,
            out_end: 0,
            offset: 0,
            error: None,
            replaced: false,
        }
    }
}

/// Input bytes kept from before the current decode step, so that a character whose
/// bytes began in an earlier step can be traced back: the decoder as it was before
/// `bytes[..len]`, which end where the step's input begins. No decoder holds more than
/// a few bytes of a sequence (or of a BOM and an escape sequence before it), so
/// [`TAIL`] bytes are enough.
#[derive(Clone, Debug)]
struct Carry {
    decoder: Decoder,
    bytes: [u8; 4 * TAIL],
    len: usize,
}

/// Bytes of the end of each decode step kept in the [`Carry`].
const TAIL: usize = 16;

/// The decode step that produced the buffered text: what [`DecodeReader::input_offset_of`]
/// replays.
#[derive(Clone, Debug)]
struct Call {
    carry: Carry,
    /// Where the step's input began in the input buffer; it ended at `in_pos`.
    start: usize,
    /// Offset in the whole input of `input[start]`.
    offset: u64,
    /// Whether the step was the last one.
    last: bool,
}

/// Decodes bytes in any encoding of the Encoding Standard, read from an inner
/// [`Read`], into UTF-8: a [`Read`] of UTF-8 bytes and a [`BufRead`] (so `lines`,
/// `read_line` and [`DecodeReader::fill_str`] work on whole characters).
///
/// It reads the inner reader in chunks of a fixed size and decodes each into a fixed
/// buffer, so memory does not grow with the input. The output is exactly that of the
/// one-shot decode that matches its [`BomHandling`] ([`Encoding::decode`],
/// `decode_with_bom_removal`, `decode_without_bom_handling`) whatever sizes the inner
/// reader returns and the caller asks for. [`std::io::ErrorKind::Interrupted`] from
/// the inner reader is retried; other errors are passed on and the read can be
/// retried.
///
/// ```
/// use std::io::Read;
/// use textcodec::io::DecodeReader;
/// use textcodec::WINDOWS_1252;
///
/// let mut text = String::new();
/// DecodeReader::new(&b"caf\xe9 \x80"[..], WINDOWS_1252).read_to_string(&mut text)?;
/// assert_eq!(text, "café €");
/// # Ok::<(), std::io::Error>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
#[derive(Debug)]
pub struct DecodeReader<R> {
    inner: R,
    decoder: Decoder,
    fatal: bool,
    /// Bytes read from `inner`; `input[in_pos..in_end]` is not decoded yet.
    input: Box<[u8]>,
    in_pos: usize,
    in_end: usize,
    /// `inner` reported the end of its input.
    eof: bool,
    /// The decoder has been called with `last` and finished.
    done: bool,
    /// Decoded text; `out[out_pos..out_end]` is not consumed yet.
    out: Box<str>,
    out_pos: usize,
    out_end: usize,
    /// Input bytes the decoder has consumed: the offset of `input[in_pos]`.
    offset: u64,
    /// The bytes before `input[in_pos]` and the decoder before them.
    carry: Carry,
    /// The step that produced `out`.
    call: Option<Call>,
    bom: BomHandling,
    /// The encoding the reader was made for.
    original: &'static Encoding,
    /// The first bytes of the input, to place malformed sequences among held BOM bytes.
    head: [u8; TAIL],
    head_len: usize,
    /// Malformed input found in fatal mode, reported once the text before it is consumed.
    error: Option<DecodeError>,
    replaced: bool,
}

impl DecodeReader<io::Empty> {
    /// Options: BOM handling, error mode and buffer size, for `encoding`.
    pub fn builder(encoding: &'static Encoding) -> DecodeReaderBuilder {
        DecodeReaderBuilder {
            encoding,
            bom: BomHandling::Sniff,
            errors: ErrorMode::Replace,
            capacity: DEFAULT_CAPACITY,
        }
    }
}

impl<R: Read> DecodeReader<R> {
    /// A reader that decodes `inner` as the spec's "decode" does: a BOM selects UTF-8,
    /// UTF-16BE or UTF-16LE over `encoding` and is removed, and malformed input becomes
    /// U+FFFD.
    pub fn new(inner: R, encoding: &'static Encoding) -> DecodeReader<R> {
        DecodeReader::builder(encoding).build(inner)
    }

    /// Decodes until there is text to return, the input ends, or an error occurs.
    fn fill(&mut self) -> io::Result<()> {
        loop {
            if self.out_pos < self.out_end || self.done {
                return Ok(());
            }
            if let Some(e) = &self.error {
                return Err(io::Error::new(io::ErrorKind::InvalidData, e.clone()));
            }
            if self.in_pos == self.in_end && !self.eof {
                match self.inner.read(&mut self.input) {
                    Ok(0) => self.eof = true,
                    Ok(n) => {
                        self.in_pos = 0;
                        self.in_end = n.min(self.input.len());
                        let keep = (TAIL - self.head_len).min(self.in_end);
                        self.head[self.head_len..self.head_len + keep]
                            .copy_from_slice(&self.input[..keep]);
                        self.head_len += keep;
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                }
            }
            self.decode_step()?;
        }
    }

    /// One decode step on the undecoded input (empty and `last` at the end) into the
    /// emptied text buffer: as much input as the buffer surely has room for, in two
    /// decoder calls so that the decoder can be kept from before the last [`TAIL`]
    /// bytes.
    fn decode_step(&mut self) -> io::Result<()> {
        let last = self.eof;
        self.call = Some(Call {
            carry: self.carry.clone(),
            start: self.in_pos,
            offset: self.offset,
            last,
        });
        let mut n = self.in_end - self.in_pos;
        while n > 0 && self.max_output(n) > self.out.len() {
            n /= 2;
        }
        let split = n.saturating_sub(TAIL);
        let (mut read, mut written, mut finished) = (0, 0, true);
        if split > 0 {
            (read, written, finished) = self.decode_call(self.in_pos, split, 0, false);
        }
        let snapshot = (read == split).then(|| self.decoder.clone());
        if finished && self.error.is_none() {
            let (r, w, f) = self.decode_call(self.in_pos + read, n - read, written, last);
            (read, written, finished) = (read + r, written + w, f);
        }
        if !finished && self.error.is_none() && read == 0 && written == 0 {
            return Err(io::Error::other("the decoder made no progress"));
        }
        let consumed = &self.input[self.in_pos..self.in_pos + read];
        match snapshot {
            Some(decoder) if split > 0 => {
                let tail = &consumed[split..];
                self.carry.decoder = decoder;
                self.carry.bytes[..tail.len()].copy_from_slice(tail);
                self.carry.len = tail.len();
            }
            _ if consumed.len() <= TAIL => {
                let c = &mut self.carry;
                c.bytes[c.len..c.len + consumed.len()].copy_from_slice(consumed);
                c.len += consumed.len();
                if c.len > 2 * TAIL {
                    // Move the kept decoder forward to the last TAIL bytes.
                    let drop = c.len - TAIL;
                    let mut scratch = [0u8; 16 * TAIL];
                    let _ = c
                        .decoder
                        .decode_to_utf8(&c.bytes[..drop], &mut scratch, false);
                    c.bytes.copy_within(drop..c.len, 0);
                    c.len = TAIL;
                }
            }
            // Not reached (a step finishes its input); keep what is known to be right.
            _ => {
                self.carry.decoder = self.decoder.clone();
                self.carry.len = 0;
            }
        }
        self.in_pos += read;
        self.offset += read as u64;
        self.out_pos = 0;
        self.out_end = written;
        self.done = last && finished && self.error.is_none();
        Ok(())
    }

    /// The most UTF-8 that `n` more bytes can decode to.
    fn max_output(&self, n: usize) -> usize {
        let max = if self.fatal {
            self.decoder.max_utf8_buffer_length_without_replacement(n)
        } else {
            self.decoder.max_utf8_buffer_length(n)
        };
        max.unwrap_or(usize::MAX)
    }

    /// One decoder call on `input[from..from + n]` (within this step's input) into
    /// `out[at..]`: (bytes read, bytes written, whether it consumed them all without
    /// error).
    fn decode_call(
        &mut self,
        from: usize,
        n: usize,
        at: usize,
        last: bool,
    ) -> (usize, usize, bool) {
        let src = &self.input[from..from + n];
        let Some(dst) = self.out.get_mut(at..) else {
            return (0, 0, false);
        };
        if self.fatal {
            let (result, read, written) = self
                .decoder
                .decode_to_str_without_replacement(src, dst, last);
            if let DecoderResult::Malformed(len, after) = result {
                let end = self.offset + (from - self.in_pos + read) as u64;
                let offset = end.saturating_sub(u64::from(len) + u64::from(after));
                let offset = self.bom_aware_offset(offset);
                self.error = Some(DecodeError::new(self.decoder.encoding(), offset));
            }
            (read, written, result == DecoderResult::InputEmpty)
        } else {
            let (result, read, written, replaced) = self.decoder.decode_to_str(src, dst, last);
            self.replaced |= replaced;
            (read, written, result == CoderResult::InputEmpty)
        }
    }

    /// Corrects the offset of a malformed sequence among the first bytes of the input.
    /// The decoder counts bytes it holds while looking for a BOM as read when it gets
    /// them (as encoding_rs does), so when such bytes turn out not to be a BOM and are
    /// malformed, "read minus what came after" overshoots. Those bytes are the first
    /// two of the input, and the one-shot decode of the input's head places the first
    /// malformed sequence exactly.
    fn bom_aware_offset(&self, offset: u64) -> u64 {
        if offset > 1 || self.bom == BomHandling::Keep {
            return offset;
        }
        let mut decoder = match self.bom {
            BomHandling::Sniff => self.original.new_decoder(),
            _ => self.original.new_decoder_with_bom_removal(),
        };
        // All the input so far when it is shorter than the head.
        let head = &self.head[..self.head_len];
        let last = self.eof;
        let mut scratch = [0u8; 16 * TAIL];
        match decoder.decode_to_utf8_without_replacement(head, &mut scratch, last) {
            (DecoderResult::Malformed(len, after), read, _) => {
                (read as u64).saturating_sub(u64::from(len) + u64::from(after))
            }
            _ => offset,
        }
    }

    /// The decoded text not consumed yet, as a `str` (reading more if there is none);
    /// empty at the end of the input. Pass its length, or less, to
    /// [`BufRead::consume`]. The text always ends on a character boundary; an error
    /// of kind [`InvalidInput`](io::ErrorKind::InvalidInput) says that an earlier
    /// `consume` stopped inside a character.
    pub fn fill_str(&mut self) -> io::Result<&str> {
        self.fill()?;
        self.out.get(self.out_pos..self.out_end).ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                "the decoded text was consumed up to the middle of a character",
            )
        })
    }

    /// Offset in the input of the character that starts `pos` bytes into the text
    /// [`BufRead::fill_buf`] / [`DecodeReader::fill_str`] returns now; `None` if `pos`
    /// is not inside it. The offset is that of the first byte after the bytes of the
    /// characters before it, so bytes that decode to nothing (a BOM, an ISO-2022-JP
    /// escape sequence) count as part of the character that follows them. For error
    /// messages; it decodes the buffer's input again a byte at a time.
    pub fn input_offset_of(&self, pos: usize) -> Option<u64> {
        let target = self.out_pos.checked_add(pos)?;
        if target >= self.out_end {
            return None;
        }
        let call = self.call.as_ref()?;
        let carried = &call.carry.bytes[..call.carry.len];
        let bytes = self.input.get(call.start..self.in_pos)?;
        let mut decoder = call.carry.decoder.clone();
        let mut scratch = [0u8; 64];
        // Bytes from the start of the carried ones; output of the step's own bytes.
        let (mut start, mut produced) = (0usize, 0usize);
        let all = carried.len() + bytes.len();
        for k in 0..=all {
            let byte = if k < carried.len() {
                carried.get(k)
            } else {
                bytes.get(k - carried.len())
            };
            let (chunk, last) = match byte {
                Some(b) => (core::slice::from_ref(b), false),
                None => (&[][..], call.last),
            };
            let mut grew = false;
            let mut read = 0;
            loop {
                let (result, r, w, _) = decoder.decode_to_utf8(&chunk[read..], &mut scratch, last);
                read += r;
                grew |= w > 0;
                if k >= carried.len() {
                    produced += w;
                }
                if result == CoderResult::InputEmpty {
                    break;
                }
                if r == 0 && w == 0 {
                    return None;
                }
            }
            if produced > target {
                return (call.offset + start as u64).checked_sub(carried.len() as u64);
            }
            if grew {
                start = k + 1;
            }
        }
        None
    }
}

impl<R> DecodeReader<R> {
    /// The encoding being decoded: the one given, or the one a BOM selected.
    pub fn encoding(&self) -> &'static Encoding {
        self.decoder.encoding()
    }

    /// How many bytes of input have been decoded so far (read ahead of the text
    /// consumed by up to one buffer).
    pub fn input_position(&self) -> u64 {
        self.offset
    }

    /// Whether malformed input has been replaced with U+FFFD so far.
    pub fn had_replacements(&self) -> bool {
        self.replaced
    }

    /// The inner reader.
    pub fn get_ref(&self) -> &R {
        &self.inner
    }

    /// The inner reader. Reading from it directly skips input the decoder has not seen.
    pub fn get_mut(&mut self) -> &mut R {
        &mut self.inner
    }

    /// The inner reader; buffered input and text are dropped.
    pub fn into_inner(self) -> R {
        self.inner
    }
}

impl<R: Read> Read for DecodeReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        let text = self.fill_buf()?;
        let n = text.len().min(buf.len());
        buf[..n].copy_from_slice(&text[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: Read> BufRead for DecodeReader<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.fill()?;
        Ok(&self.out.as_bytes()[self.out_pos..self.out_end])
    }

    fn consume(&mut self, amt: usize) {
        self.out_pos = self.out_pos.saturating_add(amt).min(self.out_end);
    }
}
