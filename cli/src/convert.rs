//! The conversion: each input through a [`DecodeReader`] into one [`Sink`], in
//! fixed buffers. This is the only streaming loop; the library's adapters do the
//! decoding and encoding.

use crate::args::{Args, Errors};
use crate::failure::{describe, encode_failure, write_failure, Exit, Failure};
use crate::output::{Output, TempFile};
use crate::select::{Source, Target};
use crate::sink::{Sink, INPUT_BUFFER};
use crate::units;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::fs::{self, File};
use std::io::{self, BufRead, IsTerminal, Read};
use std::path::PathBuf;
use textcodec::io::{DecodeError, DecodeReader, EncodeError, ErrorMode};

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

pub fn error_mode(errors: Errors) -> ErrorMode {
    match errors {
        Errors::Replace => ErrorMode::Replace,
        Errors::Fatal => ErrorMode::Fatal,
        Errors::Html => ErrorMode::Html,
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
