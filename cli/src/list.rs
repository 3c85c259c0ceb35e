//! `--list`: every encoding with its labels, in the Encoding Standard's order, then
//! WTF-8.

use crate::{Exit, Failure};
use std::io::Write;
use textcodec::{Encoding, REPLACEMENT, UTF_16BE, UTF_16LE};

/// The standard's table of labels (`label<TAB>name` lines, in its order), the same
/// file the library's label table is generated from.
const LABELS: &str = include_str!("../../indexes/labels.txt");

/// The encodings in the standard's order, each with its labels, as the library
/// resolves them.
pub fn encodings() -> Vec<(&'static Encoding, Vec<&'static str>)> {
    let mut list: Vec<(&'static Encoding, Vec<&'static str>)> = Vec::new();
    let labels = LABELS
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split('\t').next());
    for label in labels {
        let Some(encoding) = Encoding::for_label(label.as_bytes()) else {
            continue;
        };
        match list.iter_mut().find(|(e, _)| *e == encoding) {
            Some((_, labels)) => labels.push(label),
            None => list.push((encoding, vec![label])),
        }
    }
    list
}

/// Prints the list to standard output.
pub fn print() -> Result<(), Failure> {
    let mut text = String::new();
    for (encoding, labels) in encodings() {
        let note = if encoding == REPLACEMENT {
            "  (decode only; as -t it writes UTF-8)"
        } else if encoding == UTF_16LE || encoding == UTF_16BE {
            "  (as -t written by textcodec, without a BOM)"
        } else {
            ""
        };
        text.push_str(&format!(
            "{}: {}{note}\n",
            encoding.name(),
            labels.join(" ")
        ));
    }
    text.push_str(&format!(
        "{}: {}  (not in the Encoding Standard: UTF-8 that also keeps lone surrogates)\n",
        crate::select::WTF8_NAME,
        crate::select::WTF8_LABELS.join(" ")
    ));
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(Failure::new(Exit::Io, format!("standard output: {e}"))),
    }
}
