//! Why a run stopped: the exit codes, the failure value and the messages built for
//! the errors more than one module meets.

use std::io;
use std::path::PathBuf;
use textcodec::io::EncodeError;

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

/// An I/O error's text without Rust's "(os error N)".
pub fn describe(e: &io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_owned(),
        None => text,
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
