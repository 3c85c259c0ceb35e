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

    // (&[u8], &Encoding) is two words plus one; the label bytes are stored once.
    let entry_bytes = LABEL_COUNT * (16 + 8);
    let label_bytes: usize = labels.iter().map(|(label, _)| label.len()).sum();
    let mut out = header(
        "indexes/labels.txt",
        &[
            ("LABELS entries".to_owned(), entry_bytes),
            ("label bytes".to_owned(), label_bytes),
        ],
    );
    out.push('\n');
    out.push_str(&format!(
        "/// Length of the longest label, in bytes.\npub(crate) const LONGEST_LABEL: usize = {longest};\n\n"
    ));
    out.push_str(&format!(
        "/// Every label of the Encoding Standard with its encoding, sorted by label bytes.\npub(crate) static LABELS: [(&[u8], &crate::Encoding); {LABEL_COUNT}] = [\n"
    ));
    for (label, name) in &labels {
        out.push_str(&format!(
            "    (b\"{label}\", &crate::{}),\n",
            encoding_static(name)
        ));
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
