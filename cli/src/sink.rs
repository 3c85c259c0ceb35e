//! Where decoded text goes: the [`Sink`] over the library's encoder, or the CLI's own
//! UTF-16 and WTF-8 writers, and the fixed buffer sizes of the streaming loops.

use crate::output::Output;
use crate::select::Target;
use std::io::{self, Write};
use textcodec::io::{EncodeWriter, ErrorMode};
use textcodec::wtf8::Wtf8Encoder;
use textcodec::CoderResult;

/// Input bytes read at a time. Large enough that per-call costs vanish, small enough
/// to stay in L2 with the decoded text (see `cli/bench/compare.sh`).
pub const INPUT_BUFFER: usize = 256 * 1024;
/// Output bytes written at a time.
pub const OUTPUT_BUFFER: usize = 256 * 1024;
/// Where decoded text goes: an encoder of the standard, or the CLI's UTF-16 or WTF-8
/// writer.
pub enum Sink {
    Encode(EncodeWriter<Output>),
    Utf16(Utf16Writer),
    Wtf8(Wtf8Writer),
}

impl Sink {
    pub fn new(target: Target, errors: ErrorMode, output: Output) -> Sink {
        match target {
            Target::Encode { encoding, .. } => Sink::Encode(
                EncodeWriter::builder(encoding)
                    .errors(errors)
                    .capacity(OUTPUT_BUFFER)
                    .build(output),
            ),
            Target::Utf16 { big_endian } => Sink::Utf16(Utf16Writer::new(output, big_endian)),
            Target::Wtf8 => Sink::Wtf8(Wtf8Writer::new(output)),
        }
    }

    pub fn write_str(&mut self, s: &str) -> io::Result<()> {
        match self {
            Sink::Encode(w) => w.write_str(s),
            Sink::Utf16(w) => w.write_str(s),
            Sink::Wtf8(w) => w.write_str(s),
        }
    }

    /// Writes potentially ill-formed UTF-16 as it is, if the target can hold lone
    /// surrogates (UTF-16, WTF-8); `Ok(false)` (nothing written) if not.
    pub fn write_units(&mut self, units: &[u16]) -> io::Result<bool> {
        match self {
            Sink::Encode(_) => Ok(false),
            Sink::Utf16(w) => w.write_units(units).map(|()| true),
            Sink::Wtf8(w) => w.write_units(units).map(|()| true),
        }
    }

    /// The name of what is written.
    pub fn name(&self) -> &'static str {
        match self {
            Sink::Encode(w) => w.encoding().name(),
            Sink::Utf16(w) => Target::Utf16 {
                big_endian: w.big_endian,
            }
            .name(),
            Sink::Wtf8(_) => Target::Wtf8.name(),
        }
    }

    /// UTF-8 accepted so far (where encode errors are counted from).
    pub fn position(&self) -> u64 {
        match self {
            Sink::Encode(w) => w.input_position(),
            Sink::Utf16(_) | Sink::Wtf8(_) => 0,
        }
    }

    pub fn had_replacements(&self) -> bool {
        match self {
            Sink::Encode(w) => w.had_replacements(),
            Sink::Utf16(_) | Sink::Wtf8(_) => false,
        }
    }

    pub fn is_stdout(&self) -> bool {
        match self {
            Sink::Encode(w) => w.get_ref().is_some_and(Output::is_stdout),
            Sink::Utf16(w) => w.out.is_stdout(),
            Sink::Wtf8(w) => w.is_stdout(),
        }
    }

    /// Ends the stream and returns the output.
    pub fn finish(self) -> io::Result<Output> {
        match self {
            Sink::Encode(w) => w.finish(),
            Sink::Utf16(w) => Ok(w.out),
            Sink::Wtf8(w) => w.finish(),
        }
    }
}

/// UTF-8 in whole characters to UTF-16LE or UTF-16BE bytes, written as converted.
pub struct Utf16Writer {
    out: Output,
    units: Vec<u16>,
    bytes: Vec<u8>,
    big_endian: bool,
}

impl Utf16Writer {
    fn new(out: Output, big_endian: bool) -> Utf16Writer {
        let units = OUTPUT_BUFFER / 2;
        Utf16Writer {
            out,
            units: vec![0; units],
            bytes: vec![0; 2 * units],
            big_endian,
        }
    }

    fn write_str(&mut self, s: &str) -> io::Result<()> {
        let mut rest = s;
        while !rest.is_empty() {
            // At most one unit per byte: a piece of units.len() bytes fits.
            let mut end = rest.len().min(self.units.len());
            while !rest.is_char_boundary(end) {
                end -= 1;
            }
            let (piece, tail) = rest.split_at(end);
            let n = textcodec::mem::convert_str_to_utf16(piece, &mut self.units);
            write_unit_bytes(
                &mut self.out,
                &mut self.bytes,
                &self.units[..n],
                self.big_endian,
            )?;
            rest = tail;
        }
        Ok(())
    }

    /// Writes potentially ill-formed UTF-16 as it is (lone surrogates too).
    fn write_units(&mut self, units: &[u16]) -> io::Result<()> {
        for piece in units.chunks(self.units.len()) {
            write_unit_bytes(&mut self.out, &mut self.bytes, piece, self.big_endian)?;
        }
        Ok(())
    }
}

/// Writes `units` (at most `bytes.len() / 2`) to `out` in the byte order asked, through
/// `bytes`.
fn write_unit_bytes(
    out: &mut Output,
    bytes: &mut [u8],
    units: &[u16],
    big_endian: bool,
) -> io::Result<()> {
    let bytes = &mut bytes[..2 * units.len()];
    for (pair, unit) in bytes.chunks_exact_mut(2).zip(units) {
        let b = if big_endian {
            unit.to_be_bytes()
        } else {
            unit.to_le_bytes()
        };
        pair.copy_from_slice(&b);
    }
    out.write_all(bytes)
}

/// The WTF-8 target: text as its UTF-8 (which is WTF-8), code units through the
/// library's [`Wtf8Encoder`], which holds a lead surrogate at the end of one write
/// until the next, so the output is well-formed WTF-8 however the units come (also
/// across input files: the output is their WTF-8 concatenation).
pub struct Wtf8Writer {
    out: Output,
    encoder: Wtf8Encoder,
    bytes: Vec<u8>,
}

impl Wtf8Writer {
    pub fn new(out: Output) -> Wtf8Writer {
        Wtf8Writer {
            out,
            encoder: Wtf8Encoder::new(),
            bytes: vec![0; OUTPUT_BUFFER],
        }
    }

    pub fn is_stdout(&self) -> bool {
        self.out.is_stdout()
    }

    /// Text (which cannot start with a trail surrogate, so a held lead is written
    /// first).
    pub fn write_str(&mut self, s: &str) -> io::Result<()> {
        if self.encoder.has_pending_state() {
            self.encode(&[], true)?;
        }
        self.out.write_all(s.as_bytes())
    }

    /// Potentially ill-formed UTF-16.
    pub fn write_units(&mut self, units: &[u16]) -> io::Result<()> {
        self.encode(units, false)
    }

    /// Writes a held lead surrogate and returns the output.
    pub fn finish(mut self) -> io::Result<Output> {
        self.encode(&[], true)?;
        Ok(self.out)
    }

    fn encode(&mut self, mut units: &[u16], last: bool) -> io::Result<()> {
        loop {
            let (result, read, written) =
                self.encoder.encode_from_utf16(units, &mut self.bytes, last);
            self.out.write_all(&self.bytes[..written])?;
            units = &units[read..];
            if matches!(result, CoderResult::InputEmpty) {
                return Ok(());
            }
        }
    }
}
