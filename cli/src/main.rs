//! `textcodec`: converts text between the encodings of the WHATWG Encoding Standard,
//! with iconv's habits. `textcodec --help` has the details; the exit codes are in
//! [`Exit`].

mod args;
mod convert;
mod list;
mod output;
mod select;
mod units;

use args::Args;
use clap::Parser;
use std::process::ExitCode;

/// The exit codes, each for one kind of failure (documented in `--help`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Done (also when the reader of standard output closed it early).
    Success = 0,
    /// `--errors fatal` met malformed input or a character the target cannot encode.
    Conversion = 1,
    /// Bad command-line arguments (clap's code too).
    Usage = 2,
    /// An encoding label that the Encoding Standard does not know.
    Label = 3,
    /// An input file that cannot be opened (missing, no permission).
    Input = 4,
    /// Reading or writing failed, or the output file cannot be created.
    Io = 5,
}

/// A run that stopped: the exit code and the message for standard error (none for a
/// closed pipe).
#[derive(Debug)]
pub struct Failure {
    pub exit: Exit,
    pub message: Option<String>,
}

impl Failure {
    pub fn new(exit: Exit, message: impl Into<String>) -> Failure {
        Failure {
            exit,
            message: Some(message.into()),
        }
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            if let Some(message) = failure.message {
                eprintln!("textcodec: {message}");
            }
            ExitCode::from(failure.exit as u8)
        }
    }
}

fn run(args: &Args) -> Result<(), Failure> {
    if args.list {
        return list::print();
    }
    let source = select::source(args)?;
    let target = select::target(&args.to)?;
    if let Some(note) = target.note(&args.to) {
        eprintln!("textcodec: note: {note}");
    }
    convert::run(args, source, target)
}
