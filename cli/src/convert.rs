//! The conversion: each input through a [`DecodeReader`] into one [`Sink`], in
//! fixed buffers. This is the only streaming loop; the library's adapters do the
//! decoding and encoding.

use crate::args::{Args, Errors};
use crate::output::{Output, TempFile};
use crate::select::{Source, Target};
use crate::units::{self, Wtf8Writer};
use crate::{Exit, Failure};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::fs::{self, File};
use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::path::PathBuf;
use textcodec::io::{DecodeError, DecodeReader, EncodeError, EncodeWriter, ErrorMode};

/// Input bytes read at a time. Large enough that per-call costs vanish, small enough
/// to stay in L2 with the decoded text (see `cli/bench/compare.sh`).
pub const INPUT_BUFFER: usize = 256 * 1024;
/// Output bytes written at a time.
pub const OUTPUT_BUFFER: usize = 256 * 1024;
/// Inputs at least this large get a progress bar (when standard error is a terminal).
pub const PROGRESS_MIN: u64 = 32 << 20;

/// One input.
enum Input {
    Stdin,
    File(PathBuf),
}

impl Input {
    fn name(&self) -> String {
        match self {
            Input::Stdin => "(standard input)".to_owned(),
            Input::File(p) => p.display().to_string(),
        }
    }

    /// Its size, when it is a regular file; an error when it cannot be read.
    fn size(&self) -> io::Result<Option<u64>> {
        let meta = match self {
            Input::File(p) => fs::metadata(p)?,
            Input::Stdin => match stdin_file().and_then(|f| f.metadata()) {
                Ok(m) => m,
                Err(_) => return Ok(None),
            },
        };
        if meta.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::IsADirectory,
                "is a directory",
            ));
        }
        Ok(meta.is_file().then_some(meta.len()))
    }

    fn open(&self) -> io::Result<Box<dyn Read>> {
        Ok(match self {
            Input::File(p) => Box::new(File::open(p)?),
            Input::Stdin => match stdin_file() {
                Ok(f) => Box::new(f),
                Err(_) => Box::new(io::stdin()),
            },
        })
    }
}

/// Standard input as a file (unbuffered, and with metadata), where the system has it.
fn stdin_file() -> io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        Ok(File::from(io::stdin().as_fd().try_clone_to_owned()?))
    }
    #[cfg(not(unix))]
    {
        Err(io::Error::from(io::ErrorKind::Unsupported))
    }
}

/// An I/O error's text without Rust's "(os error N)".
pub fn describe(e: &io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_owned(),
        None => text,
    }
}

pub fn error_mode(errors: Errors) -> ErrorMode {
    match errors {
        Errors::Replace => ErrorMode::Replace,
        Errors::Fatal => ErrorMode::Fatal,
        Errors::Html => ErrorMode::Html,
    }
}

/// Where decoded text goes: an encoder of the standard, or the CLI's UTF-16 or WTF-8
/// writer.
pub enum Sink {
    Encode(EncodeWriter<Output>),
    Utf16(Utf16Writer),
    Wtf8(Wtf8Writer),
}

impl Sink {
    fn new(target: Target, errors: ErrorMode, output: Output) -> Sink {
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

    fn had_replacements(&self) -> bool {
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
    fn finish(self) -> io::Result<Output> {
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

/// The progress bar, when wanted.
struct Progress(Option<ProgressBar>);

/// Whether to show a progress bar: on a terminal, for a large input of known size.
pub fn progress_wanted(stderr_is_terminal: bool, total: Option<u64>) -> bool {
    stderr_is_terminal && total.is_some_and(|t| t >= PROGRESS_MIN)
}

impl Progress {
    fn new(total: Option<u64>) -> Progress {
        if !progress_wanted(io::stderr().is_terminal(), total) {
            return Progress(None);
        }
        let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template(
            "{binary_bytes:>10} / {binary_total_bytes} [{bar:30}] {binary_bytes_per_sec} {eta}",
        ) {
            bar.set_style(style.progress_chars("=> "));
        }
        Progress(Some(bar))
    }

    fn set(&self, position: u64) {
        if let Some(bar) = &self.0 {
            bar.set_position(position);
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

/// The failure for an error from writing the output.
pub fn write_failure(e: &io::Error, stdout: bool, output: &Option<PathBuf>) -> Failure {
    if stdout && e.kind() == io::ErrorKind::BrokenPipe {
        // The reader has what it wanted: stop quietly.
        return Failure {
            exit: Exit::Success,
            message: None,
        };
    }
    let name = match output {
        Some(p) => p.display().to_string(),
        None => "standard output".to_owned(),
    };
    Failure::new(Exit::Io, format!("cannot write {name}: {}", describe(e)))
}

/// The failure for a character the target cannot encode (`--errors fatal`), `at`
/// saying where it is.
pub fn encode_failure(u: &EncodeError, at: &str, input: &str) -> Failure {
    let c = u.character();
    let shown = if c.is_control() {
        String::new()
    } else {
        format!(" ({c})")
    };
    Failure::new(
        Exit::Conversion,
        format!(
            "{input}: U+{:04X}{shown} {at} cannot be encoded in {}",
            u32::from(c),
            u.encoding().name()
        ),
    )
}

/// Streams one input into the sink.
fn transcode(
    reader: &mut DecodeReader<Box<dyn Read>>,
    sink: &mut Sink,
    input: &Input,
    progress: &Progress,
    done: u64,
    output: &Option<PathBuf>,
) -> Result<(), Failure> {
    loop {
        let text = match reader.fill_str() {
            Ok(t) => t,
            Err(e) => {
                return Err(
                    match e.get_ref().and_then(|i| i.downcast_ref::<DecodeError>()) {
                        Some(d) => Failure::new(Exit::Conversion, format!("{}: {d}", input.name())),
                        None => Failure::new(
                            Exit::Io,
                            format!("cannot read {}: {}", input.name(), describe(&e)),
                        ),
                    },
                )
            }
        };
        if text.is_empty() {
            return Ok(());
        }
        let n = text.len();
        let before = sink.position();
        if let Err(e) = sink.write_str(text) {
            let Some(u) = e.get_ref().and_then(|i| i.downcast_ref::<EncodeError>()) else {
                return Err(write_failure(&e, sink.is_stdout(), output));
            };
            let pos = usize::try_from(u.offset() - before).unwrap_or(usize::MAX);
            let at = match reader.input_offset_of(pos) {
                Some(offset) => format!("at byte offset {offset}"),
                None => format!("at byte {} of the decoded text", u.offset()),
            };
            return Err(encode_failure(u, &at, &input.name()));
        }
        reader.consume(n);
        progress.set(done + reader.input_position());
    }
}

/// The whole run: check the inputs, open the output, convert each input, finish.
pub fn run(args: &Args, source: Source, target: Target) -> Result<(), Failure> {
    let inputs: Vec<Input> = if args.files.is_empty() {
        vec![Input::Stdin]
    } else {
        args.files
            .iter()
            .map(|p| {
                if p.as_os_str() == "-" {
                    Input::Stdin
                } else {
                    Input::File(p.clone())
                }
            })
            .collect()
    };
    // Every input must exist before anything is written.
    let mut total = Some(0u64);
    for input in &inputs {
        match input.size() {
            Ok(size) => total = total.zip(size).map(|(t, s)| t + s),
            Err(e) => {
                return Err(Failure::new(
                    Exit::Input,
                    format!("cannot open {}: {}", input.name(), describe(&e)),
                ))
            }
        }
    }
    let out_path = args.output.clone().filter(|p| p.as_os_str() != "-");
    let output = match &out_path {
        Some(p) => Output::File(TempFile::create(p).map_err(|e| {
            Failure::new(
                Exit::Io,
                format!("cannot create {}: {}", p.display(), describe(&e)),
            )
        })?),
        None => Output::stdout().map_err(|e| {
            Failure::new(
                Exit::Io,
                format!("cannot write standard output: {}", describe(&e)),
            )
        })?,
    };
    let errors = error_mode(args.errors);
    let mut sink = Sink::new(target, errors, output);
    let progress = Progress::new(total);
    let mut done = 0;
    for input in &inputs {
        let inner = input.open().map_err(|e| {
            Failure::new(
                Exit::Input,
                format!("cannot open {}: {}", input.name(), describe(&e)),
            )
        })?;
        let encoding = match units::path(source.reading, target) {
            units::Path::Decode(encoding) => encoding,
            units::Path::Units(kind) => {
                let set = |p: u64| progress.set(done + p);
                let result = units::transcode(
                    inner,
                    kind,
                    source.bom,
                    errors,
                    &mut sink,
                    &input.name(),
                    &out_path,
                    &set,
                );
                if result.is_err() {
                    progress.finish();
                }
                let outcome = result?;
                done += outcome.bytes;
                outcome.notes(&input.name(), target.name());
                continue;
            }
        };
        let mut reader = DecodeReader::builder(encoding)
            .bom(source.bom)
            .errors(errors)
            .capacity(INPUT_BUFFER)
            .build(inner);
        let result = transcode(&mut reader, &mut sink, input, &progress, done, &out_path);
        if result.is_err() {
            progress.finish();
        }
        result?;
        done += reader.input_position();
        if reader.had_replacements() {
            eprintln!(
                "textcodec: {}: malformed {} input replaced with U+FFFD",
                input.name(),
                reader.encoding().name()
            );
        }
    }
    progress.finish();
    let replaced = sink.had_replacements();
    let stdout = sink.is_stdout();
    let output = sink
        .finish()
        .map_err(|e| write_failure(&e, stdout, &out_path))?;
    output
        .commit()
        .map_err(|e| write_failure(&e, stdout, &out_path))?;
    if replaced {
        let how = match errors {
            ErrorMode::Html => "as &#NNNN; references",
            _ => "as ?",
        };
        eprintln!(
            "textcodec: characters that {} cannot encode were written {how}",
            target.name()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_only_on_a_terminal_for_large_inputs_of_known_size() {
        assert!(progress_wanted(true, Some(PROGRESS_MIN)));
        assert!(!progress_wanted(true, Some(PROGRESS_MIN - 1)));
        assert!(!progress_wanted(false, Some(u64::MAX)));
        assert!(!progress_wanted(true, None));
    }

    #[test]
    fn os_error_numbers_are_left_out_of_messages() {
        let e = io::Error::from_raw_os_error(2);
        assert_eq!(describe(&e), "No such file or directory");
        assert_eq!(describe(&io::Error::other("plain")), "plain");
    }
}
