//! `gen import`: (re)creates `indexes/` from the upstream data, once.
//!
//! Reads `lib/encoding-indexes.js` of the npm package `@sinonjs/text-encoding`
//! (pinned by version and SHA-256) and the Encoding Standard's `encoding.bs`, applies
//! the documented deviations, and writes the WHATWG-format index files,
//! `labels.txt` and `README.md`. Output does not depend on the paths given.

use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use crate::labels::{validate, ENCODING_COUNT, LABEL_COUNT};
use crate::parse::{indexes_dir, parse_indexes_js, parse_spec_labels, read_text, Json};
use crate::single_byte::SINGLE_BYTE_INDEXES;

/// The npm package the index data comes from.
const PACKAGE: &str = "@sinonjs/text-encoding";
/// Its pinned version.
const VERSION: &str = "0.7.3";
/// The file read from the package.
const PACKAGE_FILE: &str = "lib/encoding-indexes.js";
/// SHA-256 of that file in that version.
const PACKAGE_SHA256: &str = "d0fd4fed32adb04570634ef4c50e2fd92b3c7f240b68e4403db1cf5df609663f";

/// The multi-byte indexes taken from the package as pointer arrays.
const MULTI_BYTE_INDEXES: [&str; 5] = ["big5", "euc-kr", "gb18030", "jis0208", "jis0212"];

/// Number of ranges in index gb18030 ranges (the Standard says 207).
const GB18030_RANGE_COUNT: usize = 207;

/// GB18030-2022 (adopted by the Standard in 2024): (pointer, old Private Use code
/// point in the package, new code point). The old values are the ones the gb18030
/// encoder's side table still maps to the same bytes.
const GB18030_2022: [(u32, u32, u32); 18] = [
    (7182, 0xE78D, 0xFE10),
    (7183, 0xE78E, 0xFE12),
    (7184, 0xE78F, 0xFE11),
    (7185, 0xE790, 0xFE13),
    (7186, 0xE791, 0xFE14),
    (7187, 0xE792, 0xFE15),
    (7188, 0xE793, 0xFE16),
    (7201, 0xE794, 0xFE17),
    (7202, 0xE795, 0xFE18),
    (7208, 0xE796, 0xFE19),
    (23775, 0xE81E, 0x9FB4),
    (23783, 0xE826, 0x9FB5),
    (23788, 0xE82B, 0x9FB6),
    (23789, 0xE82C, 0x9FB7),
    (23795, 0xE832, 0x9FB8),
    (23812, 0xE843, 0x9FB9),
    (23829, 0xE854, 0x9FBA),
    (23845, 0xE864, 0x9FBB),
];

/// Index ISO-2022-JP katakana: the fullwidth form of U+FF61 + pointer, per NFKC,
/// except U+FF9E → U+309B and U+FF9F → U+309C (spacing sound marks).
const KATAKANA: [u32; 63] = [
    0x3002, 0x300C, 0x300D, 0x3001, 0x30FB, 0x30F2, // FF61..FF66 。「」、・ヲ
    0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, // FF67..FF6B small ァィゥェォ
    0x30E3, 0x30E5, 0x30E7, 0x30C3, 0x30FC, // FF6C..FF70 small ャュョッ, ー
    0x30A2, 0x30A4, 0x30A6, 0x30A8, 0x30AA, // FF71..FF75 アイウエオ
    0x30AB, 0x30AD, 0x30AF, 0x30B1, 0x30B3, // FF76..FF7A カキクケコ
    0x30B5, 0x30B7, 0x30B9, 0x30BB, 0x30BD, // FF7B..FF7F サシスセソ
    0x30BF, 0x30C1, 0x30C4, 0x30C6, 0x30C8, // FF80..FF84 タチツテト
    0x30CA, 0x30CB, 0x30CC, 0x30CD, 0x30CE, // FF85..FF89 ナニヌネノ
    0x30CF, 0x30D2, 0x30D5, 0x30D8, 0x30DB, // FF8A..FF8E ハヒフヘホ
    0x30DE, 0x30DF, 0x30E0, 0x30E1, 0x30E2, // FF8F..FF93 マミムメモ
    0x30E4, 0x30E6, 0x30E8, // FF94..FF96 ヤユヨ
    0x30E9, 0x30EA, 0x30EB, 0x30EC, 0x30ED, // FF97..FF9B ラリルレロ
    0x30EF, 0x30F3, 0x309B, 0x309C, // FF9C..FF9F ワン゛゜
];

/// How `indexes/` is regenerated, for headers and the README.
const COMMANDS: &str = "npm pack @sinonjs/text-encoding@0.7.3
tar xzf sinonjs-text-encoding-0.7.3.tgz
cargo run -p gen -- import package/lib/encoding-indexes.js path/to/encoding.bs
cargo run -p gen";

/// Runs `gen import <encoding-indexes.js> <encoding.bs>`.
pub fn run(js_path: &Path, spec_path: &Path) {
    let js = fs::read(js_path).unwrap_or_else(|e| panic!("cannot read {}: {e}", js_path.display()));
    let js_sha = sha256_hex(&js);
    assert!(
        js_sha == PACKAGE_SHA256,
        "{}: sha256 {js_sha}, expected {PACKAGE_SHA256} ({PACKAGE}@{VERSION} {PACKAGE_FILE})",
        js_path.display()
    );
    let js = String::from_utf8(js).expect("encoding-indexes.js is UTF-8");
    let spec = read_text(spec_path);
    let spec_sha = sha256_hex(spec.as_bytes());

    let members = parse_indexes_js(&js).unwrap_or_else(|e| panic!("{}: {e}", js_path.display()));
    let mut files: Vec<(String, String)> = Vec::new();
    let mut expected: Vec<&str> = MULTI_BYTE_INDEXES.to_vec();
    expected.extend(SINGLE_BYTE_INDEXES);
    expected.push("gb18030-ranges");
    let mut found: Vec<&str> = members.iter().map(|(name, _)| name.as_str()).collect();
    found.sort_unstable();
    expected.sort_unstable();
    assert_eq!(found, expected, "unexpected set of indexes in the package");

    let source = format!(
        "# Source: npm package {PACKAGE}@{VERSION}, {PACKAGE_FILE}\n#   (sha256 {PACKAGE_SHA256})"
    );
    for (name, value) in &members {
        let (entries, notes) = if name == "gb18030-ranges" {
            (ranges(value), String::new())
        } else {
            let mut entries = pointer_array(name, value);
            let notes = if name == "gb18030" {
                apply_gb18030_2022(&mut entries, &spec);
                "# Changed: GB18030-2022, 18 pointers moved off Private Use (see README.md).\n"
                    .to_owned()
            } else {
                String::new()
            };
            if SINGLE_BYTE_INDEXES.contains(&name.as_str()) {
                assert!(
                    entries.iter().all(|&(pointer, _)| pointer < 128),
                    "{name}: a single-byte index has pointers 0..=127"
                );
            }
            (entries, notes)
        };
        let header = format!("{source}, key \"{name}\".\n{notes}");
        files.push((
            format!("index-{name}.txt"),
            index_file(name, &header, &entries),
        ));
    }

    let katakana: Vec<(u32, u32)> = (0u32..).zip(KATAKANA).collect();
    let header = format!(
        "# Source: built by gen from the Encoding Standard's rule for index ISO-2022-JP\n#   katakana (halfwidth U+FF61..U+FF9F to fullwidth per NFKC, except U+FF9E -> U+309B\n#   and U+FF9F -> U+309C); not in {PACKAGE}.\n"
    );
    files.push((
        "index-iso-2022-jp-katakana.txt".to_owned(),
        index_file("iso-2022-jp-katakana", &header, &katakana),
    ));

    let labels =
        parse_spec_labels(&spec).unwrap_or_else(|e| panic!("{}: {e}", spec_path.display()));
    validate(&labels).unwrap_or_else(|e| panic!("{}: {e}", spec_path.display()));
    files.push(("labels.txt".to_owned(), labels_file(&labels, &spec_sha)));
    files.push(("README.md".to_owned(), readme(&spec_sha)));

    let dir = indexes_dir();
    fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    for (name, contents) in &files {
        let path = dir.join(name);
        fs::write(&path, contents)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        println!("wrote {}", path.display());
    }
}

/// Converts an array of code points and nulls to (pointer, code point) pairs.
fn pointer_array(name: &str, value: &Json) -> Vec<(u32, u32)> {
    let Json::Array(items) = value else {
        panic!("{name}: not an array");
    };
    let mut entries = Vec::new();
    for (pointer, item) in (0u32..).zip(items) {
        match item {
            Json::Null => {}
            &Json::Number(cp) => {
                let cp = u32::try_from(cp)
                    .ok()
                    .filter(|&cp| char::from_u32(cp).is_some())
                    .unwrap_or_else(|| panic!("{name}: pointer {pointer}: bad code point {cp}"));
                entries.push((pointer, cp));
            }
            other => panic!("{name}: pointer {pointer}: unexpected {other:?}"),
        }
    }
    entries
}

/// Converts the `[pointer, code point]` pairs of gb18030-ranges.
fn ranges(value: &Json) -> Vec<(u32, u32)> {
    let Json::Array(items) = value else {
        panic!("gb18030-ranges: not an array");
    };
    let entries: Vec<(u32, u32)> = items
        .iter()
        .map(|item| match item {
            Json::Array(pair) => match pair.as_slice() {
                &[Json::Number(p), Json::Number(cp)] => (p as u32, cp as u32),
                _ => panic!("gb18030-ranges: bad pair {pair:?}"),
            },
            other => panic!("gb18030-ranges: unexpected {other:?}"),
        })
        .collect();
    assert_eq!(entries.len(), GB18030_RANGE_COUNT, "gb18030-ranges count");
    assert!(
        entries
            .windows(2)
            .all(|w| w[0].0 < w[1].0 && w[0].1 < w[1].1),
        "gb18030-ranges: pointers and code points must both increase"
    );
    assert_eq!(entries[0], (0, 0x80), "gb18030-ranges starts at U+0080");
    entries
}

/// Applies GB18030-2022 to index gb18030, asserting the package's old values, and
/// cross-checks them against the gb18030 encoder's side table in the spec.
fn apply_gb18030_2022(entries: &mut [(u32, u32)], spec: &str) {
    let side_table = spec_gb18030_side_table(spec);
    assert_eq!(side_table.len(), GB18030_2022.len(), "spec side table size");
    for &(pointer, old, new) in &GB18030_2022 {
        assert!(
            side_table.contains(&(old, pointer)),
            "spec side table lacks U+{old:04X} -> pointer {pointer}"
        );
        assert!(
            !entries.iter().any(|&(_, cp)| cp == new),
            "gb18030 already maps U+{new:04X}"
        );
        let entry = entries
            .iter_mut()
            .find(|(p, _)| *p == pointer)
            .unwrap_or_else(|| panic!("gb18030: pointer {pointer} unmapped"));
        assert_eq!(entry.1, old, "gb18030: pointer {pointer} old value");
        entry.1 = new;
    }
}

/// Parses the gb18030 encoder's table of Private Use code points and their two
/// bytes (`<td>U+E78D` followed by `<td>0xA6 0xD9`): (code point, pointer) pairs.
fn spec_gb18030_side_table(spec: &str) -> Vec<(u32, u32)> {
    let lines: Vec<&str> = spec.lines().map(str::trim).collect();
    let mut table = Vec::new();
    for pair in lines.windows(2) {
        let (Some(cp), Some(bytes)) = (
            pair[0].strip_prefix("<td>U+"),
            pair[1].strip_prefix("<td>0x"),
        ) else {
            continue;
        };
        let cp = u32::from_str_radix(cp, 16).expect("hex code point");
        let bytes: Vec<u32> = bytes
            .split(" 0x")
            .map(|b| u32::from_str_radix(b, 16).expect("hex byte"))
            .collect();
        let &[lead, trail] = bytes.as_slice() else {
            panic!("side table: expected two bytes for U+{cp:04X}");
        };
        let offset = if trail < 0x7F { 0x40 } else { 0x41 };
        table.push((cp, (lead - 0x81) * 190 + trail - offset));
    }
    table
}

/// Renders an index file: header comments, then one line per mapped pointer.
fn index_file(name: &str, source: &str, entries: &[(u32, u32)]) -> String {
    let mut out = format!(
        "# index-{name}.txt for textcodec ({} entries).\n{source}# Made by: `cargo run -p gen -- import <encoding-indexes.js> <encoding.bs>`;\n#   the full steps are in indexes/README.md.\n# Format: pointer<TAB>0xCODEPOINT<TAB>U+XXXX (character, when printable)\n\n",
        entries.len()
    );
    for &(pointer, cp) in entries {
        writeln!(out, "{pointer}\t0x{cp:04X}\t{}", describe(cp)).expect("String write");
    }
    out
}

/// `U+XXXX`, followed by the character in parentheses when it prints visibly.
fn describe(cp: u32) -> String {
    let c = char::from_u32(cp).expect("valid code point");
    let invisible = c.is_control()
        || c.is_whitespace()
        || matches!(cp, 0xAD | 0x200B..=0x200F | 0x2028..=0x202E | 0x2060..=0x206F | 0xFEFF)
        || (0xE000..=0xF8FF).contains(&cp)
        || cp >= 0xF0000;
    if invisible {
        format!("U+{cp:04X}")
    } else {
        format!("U+{cp:04X} ({c})")
    }
}

/// Renders `labels.txt`.
fn labels_file(labels: &[(String, String)], spec_sha: &str) -> String {
    let mut out = format!(
        "# labels.txt for textcodec: the {LABEL_COUNT} labels of the {ENCODING_COUNT} encodings, in table order.\n# Source: the \"Names and labels\" table of the Encoding Standard, encoding.bs\n#   (sha256 {spec_sha}).\n# Made by: `cargo run -p gen -- import <encoding-indexes.js> <encoding.bs>`;\n#   the full steps are in indexes/README.md.\n# Format: label<TAB>Encoding Name\n\n"
    );
    for (label, name) in labels {
        writeln!(out, "{label}\t{name}").expect("String write");
    }
    out
}

/// Renders `README.md`.
fn readme(spec_sha: &str) -> String {
    let changes = GB18030_2022
        .iter()
        .map(|(p, old, new)| format!("{p}: U+{old:04X} → U+{new:04X}"))
        .collect::<Vec<_>>()
        .join(", ");
    format!(
        "# indexes/

Generated by `gen import`; do not edit by hand. These text files are the only
input of `cargo run -p gen`, which writes `src/generated/`.

## Sources

- Index data: npm package `{PACKAGE}` version {VERSION}, file `{PACKAGE_FILE}`,
  sha256 `{PACKAGE_SHA256}` (checked by `gen import`).
  It holds the Encoding Standard's indexes as one JSON object: arrays of code
  points (null for unmapped pointers) and, for gb18030-ranges, [pointer, code point]
  pairs.
- Labels: the \"Names and labels\" table of the Encoding Standard's source,
  `encoding.bs` (https://github.com/whatwg/encoding), sha256 `{spec_sha}`.
  {LABEL_COUNT} labels, {ENCODING_COUNT} encodings.

## Regenerating

```sh
{COMMANDS}
```

(the last command regenerates `src/generated/` from `indexes/`;
`cargo run -p gen -- --check` verifies it is current).

## Deviations from the package

1. **GB18030-2022** (adopted by the Encoding Standard in 2024): index gb18030 maps
   18 pointers to standard code points instead of the package's Private Use ones;
   `gen import` asserts the old values and cross-checks them against the gb18030
   encoder's side table in encoding.bs: {changes}.
   Index gb18030 ranges is unchanged, as in the Standard.
2. **Index ISO-2022-JP katakana** is not in the package; gen builds it from the
   Standard's rule: halfwidth katakana U+FF61..U+FF9F (pointers 0..62) map to their
   fullwidth forms per NFKC, except U+FF9E → U+309B and U+FF9F → U+309C.

## Format

- `index-<name>.txt`: `#` header lines, then `pointer<TAB>0xCODEPOINT<TAB>comment`
  per mapped pointer (unmapped pointers omitted), code points as four or more
  uppercase hex digits; the comment is `U+XXXX` plus the character in parentheses
  when it prints visibly. Single-byte indexes use pointers 0..127 for bytes
  0x80..0xFF. `index-gb18030-ranges.txt` lists each range's first pointer and code
  point.
- `labels.txt`: `#` header lines, then `label<TAB>Encoding Name` in the Standard's
  table order.
"
    )
}

/// SHA-256 (FIPS 180-4) of `data`, as lowercase hex.
fn sha256_hex(data: &[u8]) -> String {
    const K: [u32; 64] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
        0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
        0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
        0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
        0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
        0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
        0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2,
    ];
    let mut h: [u32; 8] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
        0x5be0cd19,
    ];
    let mut message = data.to_vec();
    message.push(0x80);
    while message.len() % 64 != 56 {
        message.push(0);
    }
    message.extend_from_slice(&((data.len() as u64) * 8).to_be_bytes());
    for block in message.chunks_exact(64) {
        let mut w = [0u32; 64];
        for (i, word) in block.chunks_exact(4).enumerate() {
            w[i] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16]
                .wrapping_add(s0)
                .wrapping_add(w[i - 7])
                .wrapping_add(s1);
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = h;
        for i in 0..64 {
            let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
            let ch = (e & f) ^ (!e & g);
            let t1 = hh
                .wrapping_add(s1)
                .wrapping_add(ch)
                .wrapping_add(K[i])
                .wrapping_add(w[i]);
            let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
            let maj = (a & b) ^ (a & c) ^ (b & c);
            let t2 = s0.wrapping_add(maj);
            hh = g;
            g = f;
            f = e;
            e = d.wrapping_add(t1);
            d = c;
            c = b;
            b = a;
            a = t1.wrapping_add(t2);
        }
        for (state, value) in h.iter_mut().zip([a, b, c, d, e, f, g, hh]) {
            *state = state.wrapping_add(value);
        }
    }
    h.iter().map(|word| format!("{word:08x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_known_answers() {
        assert_eq!(
            sha256_hex(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn katakana_table() {
        assert_eq!(KATAKANA.len(), 63);
        let mut sorted = KATAKANA.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 63, "no duplicates");
    }
}
