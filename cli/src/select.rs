//! What to read and what to write, from the labels on the command line. New kinds of
//! source or target are new variants here and new arms where they are matched:
//! `convert::Sink` on the target side, the reader in `convert` (or `units`) on the
//! source side. WTF-8 is one such: it is not an encoding of the standard, so its
//! labels (`wtf-8`, `wtf8`) are recognized here before the standard's.

use crate::args::{Args, Bom};
use crate::failure::{Exit, Failure};
use clap::CommandFactory;
use textcodec::io::BomHandling;
use textcodec::{Encoding, REPLACEMENT, UTF_16BE, UTF_16LE, UTF_8};

/// The input side: what the input is read as and what to do with a BOM.
#[derive(Copy, Clone, Debug)]
pub struct Source {
    pub reading: Reading,
    pub bom: BomHandling,
}

/// What the input is read as.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reading {
    /// An encoding of the standard.
    Encoding(&'static Encoding),
    /// WTF-8 (potentially ill-formed UTF-16 in UTF-8's shape).
    Wtf8,
}

/// The name WTF-8 goes by in messages.
pub const WTF8_NAME: &str = "WTF-8";

/// The labels that name WTF-8 (matched as the standard matches labels: ASCII
/// whitespace trimmed, ASCII case ignored).
pub const WTF8_LABELS: [&str; 2] = ["wtf-8", "wtf8"];

/// Whether `label` names WTF-8.
pub fn is_wtf8(label: &str) -> bool {
    let label = label.trim_matches(|c: char| c.is_ascii_whitespace());
    WTF8_LABELS.iter().any(|l| l.eq_ignore_ascii_case(label))
}

/// What a `-f` or `--default` label reads, or exit code 3.
fn reading(l: &str) -> Result<Reading, Failure> {
    if is_wtf8(l) {
        Ok(Reading::Wtf8)
    } else {
        label(l).map(Reading::Encoding)
    }
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
    /// WTF-8: UTF-8 that also keeps the lone surrogates of UTF-16 or WTF-8 input.
    Wtf8,
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
            Target::Wtf8 => WTF8_NAME,
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
        let reading = match &args.default {
            Some(l) => reading(l)?,
            None => Reading::Encoding(UTF_8),
        };
        return Ok(Source {
            reading,
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
        reading: reading(&args.from)?,
        bom,
    })
}

/// The target from `-t`: the standard's "get an output encoding", except that UTF-16
/// (and WTF-8) is written as asked.
pub fn target(to: &str) -> Result<Target, Failure> {
    if is_wtf8(to) {
        return Ok(Target::Wtf8);
    }
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
