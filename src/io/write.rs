//! [`EncodeWriter`]: UTF-8 in through [`Write`], any encoding out.

use super::{DecodeError, EncodeError, ErrorMode, DEFAULT_CAPACITY};
use crate::{CoderResult, Encoder, EncoderResult, Encoding, UTF_8};
use std::boxed::Box;
use std::io::{self, Write};
use std::vec;

/// Free room the output buffer must have before an encoder call: enough for any one
/// character with its escape sequences, or an `&#NNNNNNN;` reference.
const ROOM: usize = 32;

/// Options for an [`EncodeWriter`]; made by [`EncodeWriter::builder`].
#[derive(Clone, Debug)]
pub struct EncodeWriterBuilder {
    encoding: &'static Encoding,
    errors: ErrorMode,
    capacity: usize,
}

impl EncodeWriterBuilder {
    /// Unmappable characters: `&#NNNN;` ([`ErrorMode::Html`], the default), `?`
    /// ([`ErrorMode::Replace`]) or an error ([`ErrorMode::Fatal`]). The same mode
    /// applies to bytes written that are not UTF-8: U+FFFD (then encoded as any other
    /// character) or a [`DecodeError`].
    pub fn errors(mut self, errors: ErrorMode) -> Self {
        self.errors = errors;
        self
    }

    /// Size of the output buffer, written to the inner writer when full
    /// ([`DEFAULT_CAPACITY`] unless set; at least 64).
    pub fn capacity(mut self, bytes: usize) -> Self {
        self.capacity = bytes.max(2 * ROOM);
        self
    }

    /// The writer, writing the encoded bytes to `inner`.
    pub fn build<W: Write>(self, inner: W) -> EncodeWriter<W> {
        EncodeWriter {
            inner: Some(inner),
            encoder: self.encoding.new_encoder(),
            errors: self.errors,
            buf: vec![0; self.capacity].into_boxed_slice(),
            len: 0,
            partial: [0; 4],
            partial_len: 0,
            position: 0,
            fault: None,
            replaced: false,
            finished: false,
            panicked: false,
        }
    }
}

/// A fatal error found in the input; every later call reports it again.
#[derive(Clone, Debug)]
enum Fault {
    Malformed(DecodeError),
    Unmappable(EncodeError),
}

impl Fault {
    fn to_io(&self) -> io::Error {
        match self {
            Fault::Malformed(e) => io::Error::new(io::ErrorKind::InvalidData, e.clone()),
            Fault::Unmappable(e) => io::Error::new(io::ErrorKind::InvalidData, e.clone()),
        }
    }
}

/// Encodes UTF-8 written to it into any encoding of the Encoding Standard (its output
/// encoding: UTF-16BE, UTF-16LE and replacement write UTF-8, as the spec's "encode"
/// does), writing the bytes to an inner [`Write`] through a fixed buffer.
///
/// A character split between two writes is kept until the rest of it comes, and the
/// encoder's state (ISO-2022-JP's current character set) carries over from one write
/// to the next, so any split of the input gives the bytes of the one-shot
/// [`Encoding::encode`] (in [`ErrorMode::Html`]). [`Write::flush`] writes out what
/// has been encoded without ending the stream; [`EncodeWriter::finish`] ends it: it
/// writes the encoder's final state (ISO-2022-JP's return to ASCII), treats an
/// unfinished character as malformed, and flushes. Dropping the writer without
/// `finish` does the same, ignoring errors.
///
/// Short writes and [`std::io::ErrorKind::Interrupted`] from the inner writer are
/// retried; after any other error the encoded bytes stay buffered and a later call
/// tries again.
///
/// ```
/// use std::io::Write;
/// use textcodec::io::EncodeWriter;
/// use textcodec::ISO_2022_JP;
///
/// let mut writer = EncodeWriter::new(Vec::new(), ISO_2022_JP);
/// writer.write_all("日本".as_bytes())?;
/// writer.flush()?; // the encoder stays in its JIS X 0208 state
/// writer.write_all(&"語!".as_bytes()[..2])?; // half a character
/// writer.write_all(&"語!".as_bytes()[2..])?;
/// assert_eq!(writer.finish()?, b"\x1b$BF|K\\8l\x1b(B!");
/// # Ok::<(), std::io::Error>(())
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "std")))]
#[derive(Debug)]
pub struct EncodeWriter<W: Write> {
    /// `None` only once `finish` has taken it.
    inner: Option<W>,
    encoder: Encoder,
    errors: ErrorMode,
    /// Encoded bytes `buf[..len]` not yet written to `inner`.
    buf: Box<[u8]>,
    len: usize,
    /// The first bytes of a character whose rest has not been written yet.
    partial: [u8; 4],
    partial_len: usize,
    /// UTF-8 bytes accepted so far.
    position: u64,
    fault: Option<Fault>,
    replaced: bool,
    /// The encoder has been given its last call.
    finished: bool,
    /// A call to the inner writer panicked: do not write again when dropped.
    panicked: bool,
}

impl EncodeWriter<io::Sink> {
    /// Options: error mode and buffer size, for `encoding`.
    pub fn builder(encoding: &'static Encoding) -> EncodeWriterBuilder {
        EncodeWriterBuilder {
            encoding,
            errors: ErrorMode::Html,
            capacity: DEFAULT_CAPACITY,
        }
    }
}

/// Length of the UTF-8 sequence a lead byte starts (1 for anything else).
fn sequence_len(lead: u8) -> usize {
    match lead {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    }
}

fn finished_error() -> io::Error {
    io::Error::other("write to an EncodeWriter after finish")
}

impl<W: Write> EncodeWriter<W> {
    /// A writer that encodes into `encoding`'s output encoding the way
    /// [`Encoding::encode`] does: unmappable characters become `&#NNNN;`.
    pub fn new(inner: W, encoding: &'static Encoding) -> EncodeWriter<W> {
        EncodeWriter::builder(encoding).build(inner)
    }

    /// The encoding written (the output encoding of the one given).
    pub fn encoding(&self) -> &'static Encoding {
        self.encoder.encoding()
    }

    /// How many bytes of UTF-8 the writer has accepted so far.
    pub fn input_position(&self) -> u64 {
        self.position
    }

    /// Whether anything has been replaced so far (an unmappable character, or bytes
    /// that were not UTF-8).
    pub fn had_replacements(&self) -> bool {
        self.replaced
    }

    /// The inner writer.
    pub fn get_ref(&self) -> Option<&W> {
        self.inner.as_ref()
    }

    /// The inner writer. Writing to it directly puts bytes before the ones still
    /// buffered here.
    pub fn get_mut(&mut self) -> Option<&mut W> {
        self.inner.as_mut()
    }

    fn check(&self) -> io::Result<()> {
        match &self.fault {
            Some(f) => Err(f.to_io()),
            None if self.finished => Err(finished_error()),
            None => Ok(()),
        }
    }

    /// Writes the buffered bytes to the inner writer, keeping whatever it did not take.
    fn flush_buf(&mut self) -> io::Result<()> {
        let Some(inner) = self.inner.as_mut() else {
            return Err(finished_error());
        };
        let mut written = 0;
        let result = loop {
            if written >= self.len {
                break Ok(());
            }
            self.panicked = true;
            let r = inner.write(&self.buf[written..self.len]);
            self.panicked = false;
            match r {
                Ok(0) => {
                    break Err(io::Error::new(
                        io::ErrorKind::WriteZero,
                        "the inner writer accepted no bytes",
                    ))
                }
                Ok(n) => written += n.min(self.len - written),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => break Err(e),
            }
        };
        self.buf.copy_within(written..self.len, 0);
        self.len -= written;
        result
    }

    /// Encodes `s` (whole characters, starting at input offset `base`) into the
    /// buffer, writing the buffer out as it fills. Returns how many bytes of `s` were
    /// consumed (all of them unless an unmappable character in fatal mode, recorded as
    /// the fault, or an I/O error stopped it) and that error.
    fn encode_str(&mut self, s: &str, base: u64, last: bool) -> (usize, Option<io::Error>) {
        let mut pos = 0;
        loop {
            if self.buf.len() - self.len < ROOM {
                if let Err(e) = self.flush_buf() {
                    return (pos, Some(e));
                }
            }
            // In replace mode one byte stays free for the `?` of an unmappable character.
            let end = self.buf.len() - usize::from(self.errors == ErrorMode::Replace);
            let dst = &mut self.buf[self.len..end];
            let (result, r, w) = if self.errors == ErrorMode::Html {
                let (result, r, w, replaced) = self.encoder.encode_from_utf8(&s[pos..], dst, last);
                self.replaced |= replaced;
                let result = match result {
                    CoderResult::InputEmpty => EncoderResult::InputEmpty,
                    CoderResult::OutputFull => EncoderResult::OutputFull,
                };
                (result, r, w)
            } else {
                self.encoder
                    .encode_from_utf8_without_replacement(&s[pos..], dst, last)
            };
            pos += r;
            self.len += w;
            match result {
                EncoderResult::InputEmpty => return (pos, None),
                EncoderResult::OutputFull if r == 0 && w == 0 => {
                    return (pos, Some(io::Error::other("the encoder made no progress")));
                }
                EncoderResult::OutputFull => {}
                EncoderResult::Unmappable(reported) if self.errors == ErrorMode::Fatal => {
                    // The character is the last one consumed. (ISO-2022-JP reports
                    // U+FFFD for ESC, SO and SI, so the report is not always it.)
                    let consumed = s[..pos].chars().next_back();
                    let before = pos - consumed.map_or(0, char::len_utf8);
                    let fault = Fault::Unmappable(EncodeError {
                        encoding: self.encoder.encoding(),
                        offset: base + before as u64,
                        character: consumed.unwrap_or(reported),
                    });
                    let err = fault.to_io();
                    self.fault = Some(fault);
                    return (before, Some(err));
                }
                EncoderResult::Unmappable(_) => {
                    self.replaced = true;
                    self.buf[self.len] = b'?';
                    self.len += 1;
                }
            }
        }
    }

    /// Handles malformed UTF-8 input of `len` bytes at the current position (the
    /// partial character counts as already accepted): U+FFFD or the fault.
    fn malformed(&mut self, len: usize) -> io::Result<()> {
        if self.errors == ErrorMode::Fatal {
            let offset = self.position - self.partial_len as u64;
            let fault = Fault::Malformed(DecodeError::new(UTF_8, offset));
            let err = fault.to_io();
            self.fault = Some(fault);
            return Err(err);
        }
        let base = self.position - self.partial_len as u64;
        let (n, err) = self.encode_str("\u{FFFD}", base, false);
        if n == 0 {
            return Err(err.unwrap_or_else(|| io::Error::other("U+FFFD was not encoded")));
        }
        self.replaced = true;
        self.partial_len = 0;
        self.position += len as u64;
        Ok(())
    }

    /// Encodes `s`; as [`Write::write_all`] with bytes known to be UTF-8, so they are not
    /// checked again. An unfinished character from an earlier [`Write::write`] is
    /// malformed input (it cannot be continued by a whole `str`). On error some
    /// prefix of `s` may have been accepted ([`EncodeWriter::input_position`] says how
    /// much).
    pub fn write_str(&mut self, s: &str) -> io::Result<()> {
        self.check()?;
        if self.partial_len > 0 {
            self.malformed(0)?;
        }
        let mut pos = 0;
        while pos < s.len() {
            let (n, err) = self.encode_str(&s[pos..], self.position, false);
            pos += n;
            self.position += n as u64;
            if let Some(e) = err {
                return Err(e);
            }
        }
        Ok(())
    }

    /// Ends the stream without giving up the writer: an unfinished character is
    /// malformed input, the encoder writes its final state, and everything is written
    /// to the inner writer and flushed. After it, writes fail; calling it again only
    /// flushes.
    pub fn try_finish(&mut self) -> io::Result<()> {
        if let Some(f) = &self.fault {
            return Err(f.to_io());
        }
        if !self.finished {
            if self.partial_len > 0 {
                self.malformed(0)?;
            }
            let (_, err) = self.encode_str("", self.position, true);
            if let Some(e) = err {
                return Err(e);
            }
            self.finished = true;
        }
        self.flush_buf()?;
        match self.inner.as_mut() {
            Some(w) => w.flush(),
            None => Err(finished_error()),
        }
    }

    /// Ends the stream ([`EncodeWriter::try_finish`]) and returns the inner writer.
    pub fn finish(mut self) -> io::Result<W> {
        self.try_finish()?;
        self.inner.take().ok_or_else(finished_error)
    }
}

impl<W: Write> Write for EncodeWriter<W> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.check()?;
        if data.is_empty() {
            return Ok(0);
        }
        if self.partial_len > 0 {
            // Complete the character begun in an earlier write.
            let pl = self.partial_len;
            let need = sequence_len(self.partial[0]).saturating_sub(pl);
            let add = need.min(data.len());
            let mut tmp = [0u8; 4];
            tmp[..pl].copy_from_slice(&self.partial[..pl]);
            tmp[pl..pl + add].copy_from_slice(&data[..add]);
            return match core::str::from_utf8(&tmp[..pl + add]) {
                Ok(c) => {
                    let (n, err) = self.encode_str(c, self.position - pl as u64, false);
                    if n == 0 {
                        return Err(err.unwrap_or_else(|| io::Error::other("no progress")));
                    }
                    self.partial_len = 0;
                    self.position += add as u64;
                    Ok(add)
                }
                Err(e) => match e.error_len() {
                    None => {
                        self.partial[pl..pl + add].copy_from_slice(&data[..add]);
                        self.partial_len += add;
                        self.position += add as u64;
                        Ok(add)
                    }
                    Some(bad) => {
                        let taken = bad.saturating_sub(pl);
                        self.malformed(taken)?;
                        // Accepting nothing would end `write_all`; the malformed
                        // sequence ended inside the old bytes, so report one byte of
                        // the new ones only if it belonged to it.
                        if taken > 0 {
                            Ok(taken)
                        } else {
                            self.write(data)
                        }
                    }
                },
            };
        }
        let (valid, error) = match core::str::from_utf8(data) {
            Ok(s) => (s, None),
            Err(e) => {
                let (head, _) = data.split_at(e.valid_up_to());
                // A prefix up to `valid_up_to` is valid UTF-8.
                let head = core::str::from_utf8(head).unwrap_or_default();
                (head, Some(e.error_len()))
            }
        };
        let (n, err) = self.encode_str(valid, self.position, false);
        self.position += n as u64;
        if n < valid.len() {
            return if n > 0 {
                Ok(n)
            } else {
                Err(err.unwrap_or_else(|| io::Error::other("no progress")))
            };
        }
        match error {
            None => Ok(n),
            Some(None) => {
                // An unfinished character at the end: keep it for the next write.
                let tail = &data[n..];
                self.partial[..tail.len()].copy_from_slice(tail);
                self.partial_len = tail.len();
                self.position += tail.len() as u64;
                Ok(data.len())
            }
            Some(Some(_)) if n > 0 => Ok(n),
            Some(Some(bad)) => {
                self.malformed(bad)?;
                Ok(bad)
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.flush_buf()?;
        match self.inner.as_mut() {
            Some(w) => w.flush(),
            None => Err(finished_error()),
        }
    }
}

impl<W: Write> Drop for EncodeWriter<W> {
    fn drop(&mut self) {
        if self.inner.is_none() || self.panicked {
            return;
        }
        if self.fault.is_some() {
            let _ = self.flush_buf();
        } else {
            let _ = self.try_finish();
        }
    }
}
