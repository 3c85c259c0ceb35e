//! Input preparation shared by the `side_by_side` (criterion) and `instructions`
//! (iai-callgrind) benches: reads the corpus, derives the legacy-encoded inputs with
//! encoding_rs and pairs each encoding with textcodec's, if textcodec supports it.

#![allow(dead_code)] // Each bench uses a different part of this module.

use std::collections::BTreeSet;

use textcodec_bench::{corpus_dir, read_corpus_file, specs, utf8_prefix, InputSpec};

/// A UTF-8 corpus file, with its UTF-16 form.
pub struct Utf8Input {
    /// Corpus file name, e.g. `ru.txt`.
    pub file: String,
    /// The file's UTF-8 bytes.
    pub bytes: Vec<u8>,
    /// The same text in UTF-16.
    pub utf16: Vec<u16>,
}

impl Utf8Input {
    /// The text as `&str` (the corpus is valid UTF-8; checked at load).
    pub fn text(&self) -> &str {
        std::str::from_utf8(&self.bytes).expect("corpus text is UTF-8")
    }
}

/// One (encoding, corpus file) pair for the per-encoding groups.
pub struct EncodedInput {
    /// The encoding's canonical name (e.g. `windows-1251`), used in bench ids.
    pub name: &'static str,
    /// Corpus file the input derives from.
    pub file: String,
    /// textcodec's encoding (always present: unsupported ones are skipped at load).
    pub tc: &'static textcodec::Encoding,
    /// encoding_rs's encoding.
    pub rs: &'static encoding_rs::Encoding,
    /// The input in this encoding (what the decode groups read).
    pub bytes: Vec<u8>,
    /// The decoded text (what the encode-from-UTF-8 group reads).
    pub text: String,
    /// The decoded text in UTF-16 (what the encode-from-UTF-16 group reads).
    pub utf16: Vec<u16>,
    /// Whether the encode groups apply (not for UTF-16LE/BE, whose encoders output UTF-8).
    pub encodable: bool,
}

/// Everything a bench run reads.
pub struct Inputs {
    /// The UTF-8 files, for the UTF-8-specific groups.
    pub utf8: Vec<Utf8Input>,
    /// The per-encoding inputs (legacy encodings, UTF-16LE/BE, x-user-defined).
    pub encoded: Vec<EncodedInput>,
}

/// Looks up textcodec's encoding for `label`, or `None` if textcodec doesn't support it yet.
pub fn textcodec_encoding(label: &str) -> Option<&'static textcodec::Encoding> {
    textcodec::Encoding::for_label(label.as_bytes())
}

/// Loads the inputs of this run (quick or full, per `TEXTCODEC_BENCH_QUICK`), each cut
/// to at most `max_len` bytes if given. `None`, after printing why, when there is no
/// corpus. Encodings textcodec does not support are skipped with a printed note.
pub fn load(max_len: Option<usize>) -> Option<Inputs> {
    let dir = match corpus_dir() {
        Ok(dir) => dir,
        Err(why) => {
            println!("textcodec-bench: {why}");
            return None;
        }
    };
    let mut inputs = Inputs {
        utf8: Vec::new(),
        encoded: Vec::new(),
    };
    let mut unsupported = BTreeSet::new();
    for spec in specs() {
        let raw = match read_corpus_file(&dir, &spec.file) {
            Ok(raw) => raw,
            Err(e) => {
                println!("textcodec-bench: skipping {}: {e}", spec.file);
                continue;
            }
        };
        load_spec(&spec, &raw, max_len, &mut inputs, &mut unsupported);
    }
    for name in &unsupported {
        println!("textcodec-bench: note: textcodec does not support {name} yet; its benchmarks are skipped");
    }
    Some(inputs)
}

/// Derives the inputs of one corpus file (`raw`, cut to `max_len`) per its spec.
fn load_spec(
    spec: &InputSpec,
    raw: &[u8],
    max_len: Option<usize>,
    inputs: &mut Inputs,
    unsupported: &mut BTreeSet<&'static str>,
) {
    let bytes = match max_len {
        Some(max) => utf8_prefix(raw, max),
        None => raw,
    };
    if !spec.utf8 {
        // Binary data (binary.jpg): the bytes themselves are the input of its
        // encodings (x-user-defined).
        for label in &spec.legacy {
            push_encoded(inputs, unsupported, label, &spec.file, bytes.to_vec(), true);
        }
        return;
    }
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            println!("textcodec-bench: skipping {}: not UTF-8 ({e})", spec.file);
            return;
        }
    };
    let utf16: Vec<u16> = text.encode_utf16().collect();
    if spec.utf16 {
        let le = utf16.iter().flat_map(|u| u.to_le_bytes()).collect();
        let be = utf16.iter().flat_map(|u| u.to_be_bytes()).collect();
        push_encoded(inputs, unsupported, "UTF-16LE", &spec.file, le, false);
        push_encoded(inputs, unsupported, "UTF-16BE", &spec.file, be, false);
    }
    for label in &spec.legacy {
        let Some(rs) = encoding_rs::Encoding::for_label(label.as_bytes()) else {
            println!("textcodec-bench: unknown label {label}; skipped");
            continue;
        };
        // Unmappable characters become numeric character references, as a browser's
        // form submission would do; the decoded text then has none left.
        let (encoded, _, _) = rs.encode(text);
        push_encoded(
            inputs,
            unsupported,
            label,
            &spec.file,
            encoded.into_owned(),
            true,
        );
    }
    // UTF-8 also goes through the per-encoding decode_to_utf8 / encode_from_utf8 groups.
    push_encoded(
        inputs,
        unsupported,
        "UTF-8",
        &spec.file,
        bytes.to_vec(),
        true,
    );
    inputs.utf8.push(Utf8Input {
        file: spec.file.clone(),
        bytes: bytes.to_vec(),
        utf16,
    });
}

/// Adds the input `bytes` in encoding `label` if textcodec supports it, else records it as unsupported.
fn push_encoded(
    inputs: &mut Inputs,
    unsupported: &mut BTreeSet<&'static str>,
    label: &str,
    file: &str,
    bytes: Vec<u8>,
    encodable: bool,
) {
    let rs = encoding_rs::Encoding::for_label(label.as_bytes()).expect("known label");
    let Some(tc) = textcodec_encoding(label) else {
        unsupported.insert(rs.name());
        return;
    };
    let (text, _) = rs.decode_without_bom_handling(&bytes);
    let text = text.into_owned();
    check_agreement(tc, rs, file, &bytes, &text, encodable);
    let utf16 = text.encode_utf16().collect();
    inputs.encoded.push(EncodedInput {
        name: rs.name(),
        file: file.to_owned(),
        tc,
        rs,
        bytes,
        text,
        utf16,
        encodable,
    });
}

/// Prints a warning when textcodec and encoding_rs disagree on this input (the
/// benchmark still runs: correctness is the test suite's business, but a disagreement
/// makes the timing comparison suspect).
fn check_agreement(
    tc: &'static textcodec::Encoding,
    rs: &'static encoding_rs::Encoding,
    file: &str,
    bytes: &[u8],
    text: &str,
    encodable: bool,
) {
    let (tc_text, _) = tc.decode_without_bom_handling(bytes);
    if tc_text != text {
        println!(
            "textcodec-bench: warning: textcodec and encoding_rs decode {file} as {} differently",
            rs.name()
        );
    }
    if encodable {
        let (tc_bytes, _, _) = tc.encode(text);
        let (rs_bytes, _, _) = rs.encode(text);
        if tc_bytes != rs_bytes {
            println!("textcodec-bench: warning: textcodec and encoding_rs encode {file} to {} differently", rs.name());
        }
    }
}
