//! Generates `src/generated/labels.rs`: every label with its encoding, sorted by
//! label bytes so the library can binary-search a lowercased label.

use std::collections::BTreeSet;

use crate::emit::header;
use crate::parse::read_labels;

/// Number of labels in the Standard's "Names and labels" table.
pub const LABEL_COUNT: usize = 228;
/// Number of encodings in that table.
pub const ENCODING_COUNT: usize = 40;

/// The Rust static of an encoding: its name uppercased, '-' replaced by '_',
/// suffixed `_INIT` (`Shift_JIS` → `SHIFT_JIS_INIT`).
pub fn encoding_static(name: &str) -> String {
    format!("{}_INIT", name.to_ascii_uppercase().replace('-', "_"))
}

/// Checks a label table: the counts, label syntax and uniqueness, and that each
/// encoding's lowercased name is one of its labels.
pub fn validate(labels: &[(String, String)]) -> Result<(), String> {
    if labels.len() != LABEL_COUNT {
        return Err(format!("{} labels, expected {LABEL_COUNT}", labels.len()));
    }
    let names: BTreeSet<&str> = labels.iter().map(|(_, name)| name.as_str()).collect();
    if names.len() != ENCODING_COUNT {
        return Err(format!(
            "{} encodings, expected {ENCODING_COUNT}",
            names.len()
        ));
    }
    let mut seen = BTreeSet::new();
    for (label, name) in labels {
        let valid = !label.is_empty()
            && label.bytes().all(|b| {
                b.is_ascii_graphic() && !b.is_ascii_uppercase() && b != b'"' && b != b'\\'
            });
        if !valid {
            return Err(format!("label {label:?} is not lowercase printable ASCII"));
        }
        if !seen.insert(label.as_str()) {
            return Err(format!("label {label:?} listed twice"));
        }
        if !name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        {
            return Err(format!("encoding name {name:?} has unexpected characters"));
        }
    }
    for name in &names {
        if !seen.contains(name.to_ascii_lowercase().as_str()) {
            return Err(format!(
                "{name}: its lowercased name is not one of its labels"
            ));
        }
    }
    Ok(())
}

/// Generates the contents of `src/generated/labels.rs`.
pub fn generate() -> String {
    let mut labels = read_labels();
    validate(&labels).unwrap_or_else(|e| panic!("indexes/labels.txt: {e}"));
    labels.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    let longest = labels
        .iter()
        .map(|(label, _)| label.len())
        .max()
        .unwrap_or(0);

    // Encodings in the order the spec's table first names them.
    let mut encodings: Vec<&str> = Vec::new();
    let spec_order = read_labels();
    for (_, name) in &spec_order {
        if !encodings.contains(&name.as_str()) {
            encodings.push(name);
        }
    }
    let text: String = labels.iter().map(|(label, _)| label.as_str()).collect();
    let mut out = header(
        "indexes/labels.txt",
        &[
            ("LABEL_TEXT".to_owned(), text.len()),
            ("LABEL_END".to_owned(), LABEL_COUNT * 2),
            ("LABEL_ENCODING".to_owned(), LABEL_COUNT),
            ("ENCODINGS".to_owned(), ENCODING_COUNT * 8),
        ],
    );
    out.push('\n');
    out.push_str(&format!(
        "/// Length of the longest label, in bytes.\npub(crate) const LONGEST_LABEL: usize = {longest};\n\n"
    ));
    out.push_str(&format!(
        "/// Number of labels.\npub(crate) const LABEL_COUNT: usize = {LABEL_COUNT};\n\n"
    ));
    out.push_str("/// Every label of the Encoding Standard, sorted by bytes, concatenated.\n");
    out.push_str("pub(crate) static LABEL_TEXT: &[u8] = b\"\\\n");
    for chunk in labels.chunks(8) {
        let line: String = chunk.iter().map(|(label, _)| label.as_str()).collect();
        out.push_str(&format!("    {line}\\\n"));
    }
    out.push_str("\";\n\n");
    out.push_str(&format!(
        "/// End offset in `LABEL_TEXT` of each label (a label starts where the previous ends).\npub(crate) static LABEL_END: [u16; {LABEL_COUNT}] = [\n"
    ));
    let mut end = 0;
    for chunk in labels.chunks(12) {
        out.push_str("   ");
        for (label, _) in chunk {
            end += label.len();
            out.push_str(&format!(" {end},"));
        }
        out.push('\n');
    }
    out.push_str("];\n\n");
    out.push_str(&format!(
        "/// The encoding of each label, as an index into `ENCODINGS`.\npub(crate) static LABEL_ENCODING: [u8; {LABEL_COUNT}] = [\n"
    ));
    for chunk in labels.chunks(16) {
        out.push_str("   ");
        for (_, name) in chunk {
            let k = encodings.iter().position(|e| e == name).unwrap();
            out.push_str(&format!(" {k},"));
        }
        out.push('\n');
    }
    out.push_str("];\n\n");
    out.push_str(&format!(
        "/// The encodings, in the order the spec's table lists them.\npub(crate) static ENCODINGS: [&crate::Encoding; {ENCODING_COUNT}] = [\n"
    ));
    for name in &encodings {
        out.push_str(&format!("    &crate::{},\n", encoding_static(name)));
    }
    out.push_str("];\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn static_names() {
        assert_eq!(encoding_static("UTF-8"), "UTF_8_INIT");
        assert_eq!(encoding_static("Shift_JIS"), "SHIFT_JIS_INIT");
        assert_eq!(encoding_static("ISO-8859-8-I"), "ISO_8859_8_I_INIT");
        assert_eq!(encoding_static("x-mac-cyrillic"), "X_MAC_CYRILLIC_INIT");
        assert_eq!(encoding_static("gb18030"), "GB18030_INIT");
    }
}
