//! WTF-8: input read as 16-bit code units that may be lone surrogates (WTF-8 input,
//! and UTF-16 input when the output is WTF-8), (the WTF-8 target is
//! [`crate::sink::Wtf8Writer`]).
//!
//! The units go to the sink as they are when it can hold lone surrogates (UTF-16,
//! WTF-8); otherwise they become text with each lone surrogate as U+FFFD (with
//! `--errors fatal`, the first one is an error). So WTF-8 <-> UTF-16 is lossless, and
//! WTF-8 to any other encoding is the spec's "convert lossily from WTF-8 to UTF-8"
//! followed by that encoding's encoder.

use crate::failure::{describe, encode_failure, write_failure, Exit, Failure};
use crate::select::{Reading, Target, WTF8_NAME};
use crate::sink::{Sink, INPUT_BUFFER};
use std::io::{self, Read};
use std::path::PathBuf;
use textcodec::io::{BomHandling, EncodeError, ErrorMode};
use textcodec::wtf8::{wtf8_len_from_utf16, Wtf8Decoder};
use textcodec::{DecoderResult, Encoding, UTF_16BE, UTF_16LE};

/// How one input is read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Path {
    /// Through the library's decoder for an encoding of the standard.
    Decode(&'static Encoding),
    /// As code units, lone surrogates kept.
    Units(UnitKind),
}

/// What the code units are read from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UnitKind {
    Wtf8,
    Utf16 { big_endian: bool },
}

impl UnitKind {
    fn name(self) -> &'static str {
        match self {
            UnitKind::Wtf8 => WTF8_NAME,
            UnitKind::Utf16 { big_endian: true } => UTF_16BE.name(),
            UnitKind::Utf16 { big_endian: false } => UTF_16LE.name(),
        }
    }

    /// The input bytes `units` (whole pairs, as read) came from.
    fn bytes_of(self, units: &[u16]) -> u64 {
        let n = match self {
            UnitKind::Wtf8 => wtf8_len_from_utf16(units),
            UnitKind::Utf16 { .. } => 2 * units.len(),
        };
        n as u64
    }
}

/// How inputs are read for `-f` and `-t`: WTF-8 always as units; UTF-16 as units
/// when the output is WTF-8 (which can keep its lone surrogates); the rest decoded.
pub fn path(reading: Reading, target: Target) -> Path {
    match reading {
        Reading::Wtf8 => Path::Units(UnitKind::Wtf8),
        Reading::Encoding(e) if target == Target::Wtf8 && (e == UTF_16LE || e == UTF_16BE) => {
            Path::Units(UnitKind::Utf16 {
                big_endian: e == UTF_16BE,
            })
        }
        Reading::Encoding(e) => Path::Decode(e),
    }
}

/// The BOM handling of the unit path: `sniff` lets a UTF-8 BOM select WTF-8 (UTF-8
/// is WTF-8) and a UTF-16 BOM that byte order, and removes it; `strip` removes only
/// the BOM of the kind asked for; `keep` removes none. Returns the kind the input is
/// read as and the BOM's length.
fn sniff(kind: UnitKind, bom: BomHandling, head: &[u8]) -> (UnitKind, usize) {
    let found = if head.starts_with(b"\xEF\xBB\xBF") {
        Some((UnitKind::Wtf8, 3))
    } else if head.starts_with(b"\xFF\xFE") {
        Some((UnitKind::Utf16 { big_endian: false }, 2))
    } else if head.starts_with(b"\xFE\xFF") {
        Some((UnitKind::Utf16 { big_endian: true }, 2))
    } else {
        None
    };
    match (bom, found) {
        (BomHandling::Sniff, Some(found)) => found,
        (BomHandling::Remove, Some((k, n))) if k == kind => (kind, n),
        _ => (kind, 0),
    }
}

/// What happened to one input, for the notes on standard error.
#[derive(Debug)]
pub struct Outcome {
    /// Input bytes read.
    pub bytes: u64,
    kind: UnitKind,
    malformed: bool,
    surrogates: bool,
}

impl Outcome {
    /// Tells standard error what was replaced.
    pub fn notes(&self, input: &str, target: &str) {
        if self.malformed {
            eprintln!(
                "textcodec: {input}: malformed {} input replaced with U+FFFD",
                self.kind.name()
            );
        }
        if self.surrogates {
            eprintln!(
                "textcodec: {input}: lone surrogates written as U+FFFD ({target} cannot hold them)"
            );
        }
    }
}

/// One input on its way to the sink.
struct Run<'a> {
    sink: &'a mut Sink,
    kind: UnitKind,
    fatal: bool,
    input: &'a str,
    out_path: &'a Option<PathBuf>,
    /// Input bytes accounted for: the BOM, the bytes of the units sent, and the
    /// malformed sequences replaced.
    position: u64,
    /// UTF-8 for a sink that cannot hold lone surrogates (3 bytes per unit).
    text: String,
    malformed: bool,
    surrogates: bool,
}

impl Run<'_> {
    /// Sends units (never ending inside a pair) to the sink and counts their bytes.
    fn send(&mut self, units: &[u16]) -> Result<(), Failure> {
        if units.is_empty() {
            return Ok(());
        }
        match self.sink.write_units(units) {
            Ok(true) => {}
            Ok(false) => self.send_text(units)?,
            Err(e) => return Err(write_failure(&e, self.sink.is_stdout(), self.out_path)),
        }
        self.position += self.kind.bytes_of(units);
        Ok(())
    }

    /// Sends units as text, each lone surrogate as U+FFFD (or an error if fatal).
    fn send_text(&mut self, units: &[u16]) -> Result<(), Failure> {
        let valid = textcodec::mem::utf16_valid_up_to(units);
        if valid < units.len() {
            if self.fatal {
                // What comes before it is written first, as for other errors.
                self.send_text(&units[..valid])?;
                return Err(Failure::new(
                    Exit::Conversion,
                    format!(
                        "{}: lone surrogate U+{:04X} at byte offset {} cannot be encoded in {}",
                        self.input,
                        units[valid],
                        self.position + self.kind.bytes_of(&units[..valid]),
                        self.sink.name()
                    ),
                ));
            }
            self.surrogates = true;
        }
        let room = 3 * units.len();
        if self.text.len() < room {
            self.text = "\0".repeat(room);
        }
        let n = textcodec::mem::convert_utf16_to_str(units, self.text.as_mut_str());
        let text = &self.text[..n];
        let before = self.sink.position();
        if let Err(e) = self.sink.write_str(text) {
            let Some(u) = e.get_ref().and_then(|i| i.downcast_ref::<EncodeError>()) else {
                return Err(write_failure(&e, self.sink.is_stdout(), self.out_path));
            };
            // The units before the character give its offset in the input.
            let pos = usize::try_from(u.offset() - before).unwrap_or(usize::MAX);
            let at = match text.get(..pos) {
                Some(t) => format!(
                    "at byte offset {}",
                    self.position + self.kind.bytes_of(&units[..t.encode_utf16().count()])
                ),
                None => format!("at byte {} of the decoded text", u.offset()),
            };
            return Err(encode_failure(u, &at, self.input));
        }
        Ok(())
    }

    /// A malformed sequence of `len` bytes at `position`: an error if fatal, else
    /// U+FFFD.
    fn malformed(&mut self, len: u64) -> Result<(), Failure> {
        if self.fatal {
            return Err(Failure::new(
                Exit::Conversion,
                format!(
                    "{}: malformed {} input at byte offset {}",
                    self.input,
                    self.kind.name(),
                    self.position
                ),
            ));
        }
        self.malformed = true;
        let at = self.position;
        self.send(&[0xFFFD])?;
        self.position = at + len;
        Ok(())
    }
}

/// Turns bytes into code units across reads.
enum Units {
    Wtf8(Wtf8Decoder),
    Utf16 {
        big_endian: bool,
        /// A byte of a unit cut by the end of the previous read.
        odd: Option<u8>,
        /// A lead surrogate at the end of the previous read, held so that a pair is
        /// never split between two sends.
        lead: Option<u16>,
    },
}

impl Units {
    fn new(kind: UnitKind) -> Units {
        match kind {
            UnitKind::Wtf8 => Units::Wtf8(Wtf8Decoder::new()),
            UnitKind::Utf16 { big_endian } => Units::Utf16 {
                big_endian,
                odd: None,
                lead: None,
            },
        }
    }

    /// Converts `src` (all of it) through `units` into `run`; `last` at the end of the
    /// input.
    fn feed(
        &mut self,
        mut src: &[u8],
        last: bool,
        units: &mut [u16],
        run: &mut Run<'_>,
    ) -> Result<(), Failure> {
        match self {
            Units::Wtf8(decoder) => loop {
                let (result, read, written) = decoder.decode_to_utf16(src, units, last);
                run.send(&units[..written])?;
                src = &src[read..];
                match result {
                    DecoderResult::InputEmpty => return Ok(()),
                    DecoderResult::OutputFull => {}
                    DecoderResult::Malformed(len, _) => run.malformed(u64::from(len))?,
                }
            },
            Units::Utf16 {
                big_endian,
                odd,
                lead,
            } => {
                let unit = |a: u8, b: u8| {
                    if *big_endian {
                        u16::from_be_bytes([a, b])
                    } else {
                        u16::from_le_bytes([a, b])
                    }
                };
                let mut n = 0;
                if let Some(l) = lead.take() {
                    units[0] = l;
                    n = 1;
                }
                if let Some(a) = odd.take() {
                    match src.split_first() {
                        Some((&b, rest)) => {
                            units[n] = unit(a, b);
                            n += 1;
                            src = rest;
                        }
                        None => *odd = Some(a),
                    }
                }
                let pairs = src.chunks_exact(2);
                if let [b] = pairs.remainder() {
                    *odd = Some(*b);
                }
                for p in pairs {
                    units[n] = unit(p[0], p[1]);
                    n += 1;
                }
                if !last && n > 0 && units[n - 1] & 0xFC00 == 0xD800 {
                    n -= 1;
                    *lead = Some(units[n]);
                }
                run.send(&units[..n])?;
                if last && odd.take().is_some() {
                    run.malformed(1)?;
                }
                Ok(())
            }
        }
    }
}

/// Reads into `buf`, again when interrupted.
fn read(inner: &mut dyn Read, buf: &mut [u8]) -> io::Result<usize> {
    loop {
        match inner.read(buf) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            r => return r,
        }
    }
}

/// Streams one input, read as `kind` (after the BOM handling `bom`), into the sink.
/// `progress` is told the input bytes done.
#[allow(clippy::too_many_arguments)]
pub fn transcode(
    mut inner: Box<dyn Read>,
    kind: UnitKind,
    bom: BomHandling,
    errors: ErrorMode,
    sink: &mut Sink,
    input: &str,
    out_path: &Option<PathBuf>,
    progress: &dyn Fn(u64),
) -> Result<Outcome, Failure> {
    let read_failure =
        |e: io::Error| Failure::new(Exit::Io, format!("cannot read {input}: {}", describe(&e)));
    let mut buf = vec![0u8; INPUT_BUFFER];
    // The first three bytes (a pipe may deliver fewer at a time) for the BOM.
    let (mut end, mut eof) = (0, false);
    while end < 3 && !eof {
        let n = read(&mut inner, &mut buf[end..]).map_err(read_failure)?;
        end += n;
        eof = n == 0;
    }
    let (kind, bom_len) = sniff(kind, bom, &buf[..end]);
    let mut run = Run {
        sink,
        kind,
        fatal: errors == ErrorMode::Fatal,
        input,
        out_path,
        position: bom_len as u64,
        text: String::new(),
        malformed: false,
        surrogates: false,
    };
    let mut units = Units::new(kind);
    // One unit per byte at most, plus what is held from the previous read.
    let mut unit_buf = vec![0u16; INPUT_BUFFER + 4];
    let mut start = bom_len;
    loop {
        units.feed(&buf[start..end], eof, &mut unit_buf, &mut run)?;
        progress(run.position);
        if eof {
            break;
        }
        end = read(&mut inner, &mut buf).map_err(read_failure)?;
        eof = end == 0;
        start = 0;
    }
    Ok(Outcome {
        bytes: run.position,
        kind,
        malformed: run.malformed,
        surrogates: run.surrogates,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bom_choices() {
        let le = UnitKind::Utf16 { big_endian: false };
        let be = UnitKind::Utf16 { big_endian: true };
        let w = UnitKind::Wtf8;
        for kind in [w, le, be] {
            assert_eq!(sniff(kind, BomHandling::Sniff, b"\xEF\xBB\xBFa"), (w, 3));
            assert_eq!(sniff(kind, BomHandling::Sniff, b"\xFF\xFEa"), (le, 2));
            assert_eq!(sniff(kind, BomHandling::Sniff, b"\xFE\xFFa"), (be, 2));
            assert_eq!(sniff(kind, BomHandling::Sniff, b"ab"), (kind, 0));
            assert_eq!(sniff(kind, BomHandling::Sniff, b""), (kind, 0));
            assert_eq!(sniff(kind, BomHandling::Keep, b"\xFF\xFE"), (kind, 0));
        }
        assert_eq!(sniff(w, BomHandling::Remove, b"\xEF\xBB\xBF"), (w, 3));
        assert_eq!(sniff(w, BomHandling::Remove, b"\xFF\xFE"), (w, 0));
        assert_eq!(sniff(le, BomHandling::Remove, b"\xFF\xFE"), (le, 2));
        assert_eq!(sniff(le, BomHandling::Remove, b"\xFE\xFF"), (le, 0));
    }

    #[test]
    fn paths() {
        use textcodec::{SHIFT_JIS, UTF_8};
        assert_eq!(
            path(Reading::Wtf8, Target::Wtf8),
            Path::Units(UnitKind::Wtf8)
        );
        assert_eq!(
            path(Reading::Encoding(UTF_16BE), Target::Wtf8),
            Path::Units(UnitKind::Utf16 { big_endian: true })
        );
        assert_eq!(
            path(
                Reading::Encoding(UTF_16LE),
                Target::Utf16 { big_endian: false }
            ),
            Path::Decode(UTF_16LE)
        );
        assert_eq!(
            path(Reading::Encoding(SHIFT_JIS), Target::Wtf8),
            Path::Decode(SHIFT_JIS)
        );
        assert_eq!(
            path(Reading::Encoding(UTF_8), Target::Wtf8),
            Path::Decode(UTF_8)
        );
    }
}
