//! `--list`: every encoding with its labels, in the Encoding Standard's order, then
//! WTF-8.

use crate::failure::{Exit, Failure};
use std::io::Write;
use textcodec::{Encoding, REPLACEMENT, UTF_16BE, UTF_16LE};

/// The encodings in the standard's order, each with its labels (the library's label
/// table: [`Encoding::all`] and [`Encoding::labels`]).
pub fn encodings() -> Vec<(&'static Encoding, Vec<&'static str>)> {
    Encoding::all()
        .iter()
        .map(|&encoding| (encoding, encoding.labels().collect()))
        .collect()
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
