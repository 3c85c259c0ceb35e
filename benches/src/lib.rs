//! Shared, codec-free plumbing of the `textcodec-bench` crate: which corpus files the
//! benchmarks read, which legacy encodings are derived from each, and the environment
//! variables that select the corpus folder and the quick subset.
//!
//! The codec-specific work (encoding the articles into legacy encodings, running the
//! codecs) lives in `benches/common/mod.rs`, because it needs the dev-dependencies.
//! Keeping this library free of them lets the `report` binary build without them.

use std::path::{Path, PathBuf};

/// Environment variable naming the corpus folder (see `/work/shared/corpus/README.md`).
pub const CORPUS_ENV: &str = "TEXTCODEC_CORPUS";

/// Environment variable that, when set to `1`, restricts the benchmarks to a
/// representative subset of inputs and shortens criterion's measurement.
pub const QUICK_ENV: &str = "TEXTCODEC_BENCH_QUICK";

/// The pure-ASCII input (minified JavaScript).
pub const ASCII_FILE: &str = "jquery-3.1.1.min.js";

/// The binary input, used for x-user-defined.
pub const BINARY_FILE: &str = "binary.jpg";

/// The dense-unmappable inputs, `(corpus file, encoding label)`: texts with many
/// characters the encoding lacks, encoded from their UTF-8 with numeric character
/// references (the `encode_from_utf8_ncr` groups, in quick and full runs alike). What
/// form submission and HTML serializers do with a page in a legacy charset.
pub const NCR_INPUTS: &[(&str, &str)] = &[
    ("vi.txt", "windows-1258"),
    ("ja.txt", "windows-1252"),
    ("de.html", "windows-1252"),
    ("cs.html", "windows-1250"),
];

/// One article of the corpus and the legacy encodings its README derives from it.
#[derive(Debug, Clone, Copy)]
pub struct Article {
    /// File stem, e.g. `ru` for `ru.html` and `ru.txt`.
    pub stem: &'static str,
    /// Whether the corpus has `STEM.html` (only `de-edit` lacks it).
    pub has_html: bool,
    /// Labels of the legacy encodings to derive from the article.
    pub legacy: &'static [&'static str],
}

/// The articles of the corpus, per its README.
pub const ARTICLES: &[Article] = &[
    Article {
        stem: "ar",
        has_html: true,
        legacy: &["windows-1256", "ISO-8859-6"],
    },
    Article {
        stem: "cs",
        has_html: true,
        legacy: &["windows-1250", "ISO-8859-2"],
    },
    Article {
        stem: "de",
        has_html: true,
        legacy: &["windows-1252"],
    },
    Article {
        stem: "de-edit",
        has_html: false,
        legacy: &["windows-1252"],
    },
    Article {
        stem: "el",
        has_html: true,
        legacy: &["windows-1253", "ISO-8859-7"],
    },
    Article {
        stem: "en",
        has_html: true,
        legacy: &["windows-1252"],
    },
    Article {
        stem: "fr",
        has_html: true,
        legacy: &["windows-1252"],
    },
    Article {
        stem: "he",
        has_html: true,
        legacy: &["windows-1255", "ISO-8859-8"],
    },
    Article {
        stem: "ja",
        has_html: true,
        legacy: &["Shift_JIS", "EUC-JP", "ISO-2022-JP"],
    },
    Article {
        stem: "ko",
        has_html: true,
        legacy: &["EUC-KR"],
    },
    Article {
        stem: "pt",
        has_html: true,
        legacy: &["windows-1252"],
    },
    Article {
        stem: "ru",
        has_html: true,
        legacy: &["windows-1251", "KOI8-R", "KOI8-U", "IBM866"],
    },
    Article {
        stem: "th",
        has_html: true,
        legacy: &["windows-874"],
    },
    Article {
        stem: "tr",
        has_html: true,
        legacy: &["windows-1254"],
    },
    Article {
        stem: "vi",
        has_html: true,
        legacy: &["windows-1258"],
    },
    Article {
        stem: "zh_cn",
        has_html: true,
        legacy: &["GBK", "gb18030"],
    },
    Article {
        stem: "zh_tw",
        has_html: true,
        legacy: &["Big5"],
    },
];

/// What the benchmarks derive from one corpus file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputSpec {
    /// File name inside the corpus folder.
    pub file: String,
    /// Whether the file (UTF-8 text) feeds the UTF-8 groups.
    pub utf8: bool,
    /// Whether its UTF-16LE and UTF-16BE forms feed the UTF-16 decode groups.
    pub utf16: bool,
    /// Labels of the legacy encodings derived from it (`x-user-defined` takes the
    /// file's bytes as they are).
    pub legacy: Vec<&'static str>,
}

impl InputSpec {
    /// A UTF-8 text file with the given UTF-16 and legacy derivations.
    fn text(file: impl Into<String>, utf16: bool, legacy: &[&'static str]) -> Self {
        InputSpec {
            file: file.into(),
            utf8: true,
            utf16,
            legacy: legacy.to_vec(),
        }
    }
}

/// The inputs of a full run: every article as `.html` and `.txt` with all its legacy
/// encodings and its UTF-16 forms, the ASCII file (as UTF-8 and windows-1252) and the
/// binary file (as x-user-defined).
pub fn full_specs() -> Vec<InputSpec> {
    let mut specs = Vec::new();
    for article in ARTICLES {
        if article.has_html {
            specs.push(InputSpec::text(
                format!("{}.html", article.stem),
                true,
                article.legacy,
            ));
        }
        specs.push(InputSpec::text(
            format!("{}.txt", article.stem),
            true,
            article.legacy,
        ));
    }
    specs.push(InputSpec::text(ASCII_FILE, false, &["windows-1252"]));
    specs.push(InputSpec {
        file: BINARY_FILE.into(),
        utf8: false,
        utf16: false,
        legacy: vec!["x-user-defined"],
    });
    specs
}

/// The representative subset of a quick run: Latin-script HTML and plain text (pt.txt:
/// an accented letter in most vectors, the hardest Latin case for the single-byte
/// vector loops), Cyrillic, Japanese and Chinese plain text, Russian and Japanese HTML
/// (UTF-8 operations only), pure ASCII and binary data.
pub fn quick_specs() -> Vec<InputSpec> {
    vec![
        InputSpec::text("en.html", true, &["windows-1252"]),
        InputSpec::text("de.html", false, &["windows-1252"]),
        InputSpec::text("pt.txt", false, &["windows-1252"]),
        InputSpec::text("ru.txt", false, &["windows-1251", "KOI8-U"]),
        InputSpec::text("ja.txt", true, &["Shift_JIS", "EUC-JP", "ISO-2022-JP"]),
        InputSpec::text("zh_cn.txt", false, &["gb18030", "GBK"]),
        // The SIMD targets name these two files for the UTF-8 operations.
        InputSpec::text("ru.html", false, &[]),
        InputSpec::text("ja.html", false, &[]),
        InputSpec::text(ASCII_FILE, false, &["windows-1252"]),
        InputSpec {
            file: BINARY_FILE.into(),
            utf8: false,
            utf16: false,
            legacy: vec!["x-user-defined"],
        },
    ]
}

/// Whether `TEXTCODEC_BENCH_QUICK` asks for the quick subset (any value but empty or `0`).
pub fn quick_mode() -> bool {
    std::env::var_os(QUICK_ENV).is_some_and(|v| !v.is_empty() && v != "0")
}

/// The specs of this run: [`quick_specs`] in quick mode, [`full_specs`] otherwise.
pub fn specs() -> Vec<InputSpec> {
    if quick_mode() {
        quick_specs()
    } else {
        full_specs()
    }
}

/// The corpus folder named by `TEXTCODEC_CORPUS`, if it is set and is a folder.
/// Otherwise the reason why not, worded for the user.
pub fn corpus_dir() -> Result<PathBuf, String> {
    match std::env::var_os(CORPUS_ENV) {
        None => Err(format!(
            "{CORPUS_ENV} is not set: no corpus, so no benchmarks were run. \
             Set it to the corpus folder (e.g. {CORPUS_ENV}=../shared/corpus) to benchmark."
        )),
        Some(dir) => {
            let dir = PathBuf::from(dir);
            // `cargo bench` runs benches from the package folder (benches/), so a relative
            // path meant from the workspace root (as CI sets it) is tried from there too.
            let from_root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(&dir);
            if dir.is_dir() {
                Ok(dir)
            } else if dir.is_relative() && from_root.is_dir() {
                Ok(from_root)
            } else {
                Err(format!(
                    "{CORPUS_ENV}={} is not a folder: no benchmarks were run.",
                    dir.display()
                ))
            }
        }
    }
}

/// Reads `file` from the corpus folder `dir`.
pub fn read_corpus_file(dir: &Path, file: &str) -> std::io::Result<Vec<u8>> {
    let path = dir.join(file);
    std::fs::read(&path)
        .map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", path.display())))
}

/// The longest prefix of `bytes` that is at most `max` bytes and ends on a UTF-8
/// character boundary (for UTF-8 text; for other data just the first `max` bytes).
pub fn utf8_prefix(bytes: &[u8], max: usize) -> &[u8] {
    if bytes.len() <= max {
        return bytes;
    }
    let mut end = max;
    // Back up over continuation bytes so a multi-byte sequence is not cut.
    while end > 0 && (bytes[end] & 0xC0) == 0x80 {
        end -= 1;
    }
    &bytes[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefix_respects_boundaries() {
        let s = "aé€😀".as_bytes();
        assert_eq!(utf8_prefix(s, 2), b"a");
        assert_eq!(utf8_prefix(s, 3), "aé".as_bytes());
        assert_eq!(utf8_prefix(s, 100), s);
    }

    #[test]
    fn quick_is_subset_of_full() {
        let full = full_specs();
        for q in quick_specs() {
            let f = full
                .iter()
                .find(|f| f.file == q.file)
                .expect("quick file in full set");
            assert!(q.legacy.iter().all(|l| f.legacy.contains(l)), "{}", q.file);
        }
    }
}
