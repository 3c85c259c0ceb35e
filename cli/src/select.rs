//! What to read and what to write, from the labels on the command line. New kinds of
//! source or target (WTF-8, once the library has it) are new variants here and new
//! arms where they are matched: `convert::Sink` on the target side, the reader in
//! `convert` on the source side.

use crate::args::{Args, Bom};
use crate::{Exit, Failure};
use clap::CommandFactory;
use textcodec::io::BomHandling;
use textcodec::{Encoding, REPLACEMENT, UTF_16BE, UTF_16LE, UTF_8};

/// The input side: an encoding of the standard and what to do with a BOM.
#[derive(Copy, Clone, Debug)]
pub struct Source {
    pub encoding: &'static Encoding,
    pub bom: BomHandling,
}

/// The output side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// The encoder of the standard (for an output encoding).
    Encode {
        encoding: &'static Encoding,
        /// The encoding the label named, when its output encoding differs.
        named: Option<&'static Encoding>,
    },
    /// UTF-16 written by the CLI (the standard has no UTF-16 encoder).
    Utf16 { big_endian: bool },
}

impl Target {
    /// What to tell the user about the choice of `label`, if it is not what the label
    /// says.
    pub fn note(&self, label: &str) -> Option<String> {
        match self {
            Target::Encode {
                encoding,
                named: Some(named),
            } => Some(format!(
                "{label:?} names the {} encoding, which has no encoder; writing {} \
                 (the Encoding Standard's output encoding)",
                named.name(),
                encoding.name()
            )),
            _ => None,
        }
    }

    /// The name of what is written.
    pub fn name(&self) -> &'static str {
        match self {
            Target::Encode { encoding, .. } => encoding.name(),
            Target::Utf16 { big_endian: true } => UTF_16BE.name(),
            Target::Utf16 { big_endian: false } => UTF_16LE.name(),
        }
    }
}

/// The encoding a label names, or exit code 3.
pub fn label(label: &str) -> Result<&'static Encoding, Failure> {
    Encoding::for_label(label.as_bytes()).ok_or_else(|| {
        Failure::new(
            Exit::Label,
            format!("unknown encoding label {label:?} (`textcodec --list` shows the labels)"),
        )
    })
}

/// A usage error in clap's format (exit code 2).
fn usage(message: &str) -> Failure {
    let text = Args::command()
        .error(clap::error::ErrorKind::ArgumentConflict, message)
        .render()
        .to_string();
    let text = text
        .trim_end()
        .strip_prefix("error: ")
        .unwrap_or(text.trim_end());
    Failure::new(Exit::Usage, text)
}

/// The source from `-f`, `--bom` and `--default`.
pub fn source(args: &Args) -> Result<Source, Failure> {
    let auto = args.from.trim().eq_ignore_ascii_case("auto");
    if auto {
        if matches!(args.bom, Some(Bom::Strip | Bom::Keep)) {
            return Err(usage(
                "`-f auto` sniffs the BOM; it cannot be used with --bom strip or keep",
            ));
        }
        let encoding = match &args.default {
            Some(l) => label(l)?,
            None => UTF_8,
        };
        return Ok(Source {
            encoding,
            bom: BomHandling::Sniff,
        });
    }
    if args.default.is_some() {
        return Err(usage("--default only applies to `-f auto`"));
    }
    let bom = match args.bom.unwrap_or(Bom::Sniff) {
        Bom::Sniff => BomHandling::Sniff,
        Bom::Strip => BomHandling::Remove,
        Bom::Keep => BomHandling::Keep,
    };
    Ok(Source {
        encoding: label(&args.from)?,
        bom,
    })
}

/// The target from `-t`: the standard's "get an output encoding", except that UTF-16
/// is written as asked.
pub fn target(to: &str) -> Result<Target, Failure> {
    let named = label(to)?;
    Ok(if named == UTF_16LE || named == UTF_16BE {
        Target::Utf16 {
            big_endian: named == UTF_16BE,
        }
    } else {
        let encoding = named.output_encoding();
        debug_assert!(encoding == named || named == REPLACEMENT);
        Target::Encode {
            encoding,
            named: (encoding != named).then_some(named),
        }
    })
}
