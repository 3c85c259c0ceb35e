//! The conversion: each input through a [`DecodeReader`] into one [`Sink`], in
//! fixed buffers. This is the only streaming loop; the library's adapters do the
//! decoding and encoding.

use crate::args::{Args, Errors};
use crate::output::{Output, TempFile};
use crate::select::{Source, Target};
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
fn describe(e: &io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_owned(),
        None => text,
    }
}

fn error_mode(errors: Errors) -> ErrorMode {
    match errors {
        Errors::Replace => ErrorMode::Replace,
        Errors::Fatal => ErrorMode::Fatal,
        Errors::Html => ErrorMode::Html,
    }
}

/// Where decoded text goes: an encoder of the standard, or the CLI's UTF-16 writer.
pub enum Sink {
    Encode(EncodeWriter<Output>),
    Utf16(Utf16Writer),
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
        }
    }

    fn write_str(&mut self, s: &str) -> io::Result<()> {
        match self {
            Sink::Encode(w) => w.write_str(s),
            Sink::Utf16(w) => w.write_str(s),
        }
    }

    /// UTF-8 accepted so far (where encode errors are counted from).
    fn position(&self) -> u64 {
        match self {
            Sink::Encode(w) => w.input_position(),
            Sink::Utf16(_) => 0,
        }
    }

    fn had_replacements(&self) -> bool {
        match self {
            Sink::Encode(w) => w.had_replacements(),
            Sink::Utf16(_) => false,
        }
    }

    fn is_stdout(&self) -> bool {
        match self {
            Sink::Encode(w) => w.get_ref().is_some_and(Output::is_stdout),
            Sink::Utf16(w) => w.out.is_stdout(),
        }
    }

    /// Ends the stream and returns the output.
    fn finish(self) -> io::Result<Output> {
        match self {
            Sink::Encode(w) => w.finish(),
            Sink::Utf16(w) => Ok(w.out),
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
            let bytes = &mut self.bytes[..2 * n];
            for (pair, unit) in bytes.chunks_exact_mut(2).zip(&self.units[..n]) {
                let b = if self.big_endian {
                    unit.to_be_bytes()
                } else {
                    unit.to_le_bytes()
                };
                pair.copy_from_slice(&b);
            }
            self.out.write_all(bytes)?;
            rest = tail;
        }
        Ok(())
    }
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
fn write_failure(e: &io::Error, stdout: bool, output: &Option<PathBuf>) -> Failure {
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
            let c = u.character();
            let shown = if c.is_control() {
                String::new()
            } else {
                format!(" ({c})")
            };
            return Err(Failure::new(
                Exit::Conversion,
                format!(
                    "{}: U+{:04X}{shown} {at} cannot be encoded in {}",
                    input.name(),
                    u32::from(c),
                    u.encoding().name()
                ),
            ));
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
        let mut reader = DecodeReader::builder(source.encoding)
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
