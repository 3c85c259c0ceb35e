//! The footprint section: static table bytes from the generated files' headers,
//! and the stripped size of the `footprint/` program per variant.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cargo;
use crate::paths::Paths;

/// Static data of one generated family, from its file's size-summary header.
#[derive(Debug)]
pub(crate) struct TableFamily {
    /// The generated file's stem, e.g. `single_byte`.
    pub(crate) family: String,
    /// Number of items listed in the header (excluding `total`).
    pub(crate) items: usize,
    /// The header's total, or the sum of its items.
    pub(crate) bytes: u64,
}

/// A built footprint binary.
#[derive(Debug)]
pub(crate) struct Binary {
    /// The variant's name in the report.
    pub(crate) variant: &'static str,
    /// Size of the stripped binary in bytes.
    pub(crate) stripped: u64,
}

/// The footprint section's data.
#[derive(Debug)]
pub(crate) struct Footprint {
    /// Static table bytes per generated family.
    pub(crate) tables: Vec<TableFamily>,
    /// Stripped sizes of the footprint binaries that could be built.
    pub(crate) binaries: Vec<Binary>,
    /// Problems met on the way, shown under the tables.
    pub(crate) notes: Vec<String>,
}

/// Gathers the footprint section: static tables and stripped binary sizes.
pub(crate) fn footprint(paths: &Paths) -> Result<Footprint, String> {
    let mut notes = Vec::new();
    let tables = static_tables(&paths.root.join("src").join("generated"), &mut notes)?;
    let binaries = footprint_binaries(paths, &mut notes);
    Ok(Footprint {
        tables,
        binaries,
        notes,
    })
}

/// Parses the `// Static data (bytes, ...):` header of each `src/generated/*.rs`: the
/// comment lines after it are `NAME  BYTES` items and an optional `total`.
fn static_tables(dir: &Path, notes: &mut Vec<String>) -> Result<Vec<TableFamily>, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    files.sort();
    let mut families = Vec::new();
    for file in files {
        let text =
            std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        let family = file
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("?")
            .to_owned();
        if let Some(f) = parse_static_header(&family, &text) {
            families.push(f);
        } else if !text.lines().any(|l| l.starts_with("// Static data")) {
            notes.push(format!(
                "src/generated/{family}.rs has no `// Static data` header"
            ));
        }
    }
    Ok(families)
}

/// The static-data header of one generated file; `None` if it has none or says "none".
fn parse_static_header(family: &str, text: &str) -> Option<TableFamily> {
    let mut lines = text
        .lines()
        .skip_while(|l| !l.starts_with("// Static data"));
    let header = lines.next()?;
    if header.contains("none") {
        return None;
    }
    let (mut items, mut sum, mut total) = (0, 0u64, None);
    for line in lines {
        let Some(body) = line.strip_prefix("//") else {
            break;
        };
        let words: Vec<&str> = body.split_whitespace().collect();
        let (Some(first), Some(last)) = (words.first(), words.last()) else {
            break;
        };
        let Ok(bytes) = last.parse::<u64>() else {
            break;
        };
        if words.len() < 2 {
            break;
        }
        if *first == "total" {
            total = Some(bytes);
        } else {
            items += 1;
            sum += bytes;
        }
    }
    (items > 0).then(|| TableFamily {
        family: family.into(),
        items,
        bytes: total.unwrap_or(sum),
    })
}

/// The footprint binary's variants: (name in the report, cargo features).
const VARIANTS: &[(&str, &str)] = &[
    ("baseline (std only, no codec)", ""),
    ("textcodec (default features)", "textcodec"),
    ("encoding_rs (default features)", "encoding_rs"),
    ("encoding_rs + fast-legacy-encode", "fast-legacy-encode"),
];

/// Builds `benches/footprint` once per variant and measures the stripped binaries.
fn footprint_binaries(paths: &Paths, notes: &mut Vec<String>) -> Vec<Binary> {
    let manifest = paths.benches.join("footprint").join("Cargo.toml");
    let mut binaries = Vec::new();
    for (index, &(variant, features)) in VARIANTS.iter().enumerate() {
        let target = paths
            .target
            .join("textcodec-bench-footprint")
            .join(format!("v{index}"));
        let mut command = Command::new(cargo());
        command
            .args(["build", "--release", "--quiet", "--manifest-path"])
            .arg(&manifest)
            .arg("--target-dir")
            .arg(&target);
        if !features.is_empty() {
            command.args(["--features", features]);
        }
        println!("report: building footprint binary: {variant}");
        // Output is shown only on failure: the library's warnings are not news here.
        match command.output() {
            Ok(out) if out.status.success() => {}
            Ok(out) => {
                eprintln!("{}", String::from_utf8_lossy(&out.stderr));
                notes.push(format!(
                    "building the {variant} binary failed ({})",
                    out.status
                ));
                continue;
            }
            Err(e) => {
                notes.push(format!("cannot run cargo for the {variant} binary: {e}"));
                continue;
            }
        }
        let built = target.join("release").join("footprint");
        let stripped = target.join("footprint.stripped");
        let status = Command::new("strip")
            .arg("-o")
            .arg(&stripped)
            .arg(&built)
            .status();
        match (status, std::fs::metadata(&stripped)) {
            (Ok(s), Ok(meta)) if s.success() => binaries.push(Binary {
                variant,
                stripped: meta.len(),
            }),
            _ => notes.push(format!(
                "could not strip the {variant} binary (is binutils' `strip` installed?)"
            )),
        }
    }
    binaries
}
