//! Generates `src/generated/single_byte.rs`: one `SingleByteTable` per
//! single-byte index (the upper half, bytes 0x80..=0xFF; pointer p is byte 0x80 + p).

use std::collections::HashSet;

use crate::emit::{header, rows};
use crate::parse::read_index;

/// The single-byte indexes, in the order of the Standard's single-byte table.
/// There are 27: the 28 single-byte encodings, where ISO-8859-8-I shares index ISO-8859-8.
pub const SINGLE_BYTE_INDEXES: [&str; 27] = [
    "ibm866",
    "iso-8859-2",
    "iso-8859-3",
    "iso-8859-4",
    "iso-8859-5",
    "iso-8859-6",
    "iso-8859-7",
    "iso-8859-8",
    "iso-8859-10",
    "iso-8859-13",
    "iso-8859-14",
    "iso-8859-15",
    "iso-8859-16",
    "koi8-r",
    "koi8-u",
    "macintosh",
    "windows-874",
    "windows-1250",
    "windows-1251",
    "windows-1252",
    "windows-1253",
    "windows-1254",
    "windows-1255",
    "windows-1256",
    "windows-1257",
    "windows-1258",
    "x-mac-cyrillic",
];

/// Size of one `SingleByteTable`: 128 u16 + 128 u8 + u8 + u16 + u8 + u8, padded to 2.
const TABLE_BYTES: usize = 390;

/// The data of one table, computed from an index.
#[derive(Debug, PartialEq)]
struct Table {
    decode: [u16; 128],
    sorted: [u8; 128],
    mapped: u8,
    run_code_point: u16,
    run_offset: u8,
    run_len: u8,
}

/// Builds a table from an index's (pointer, code point) pairs.
fn build(name: &str, entries: &[(u32, u32)]) -> Table {
    let mut decode = [0u16; 128];
    let mut seen = HashSet::new();
    for &(pointer, code_point) in entries {
        assert!(pointer < 128, "{name}: pointer {pointer} out of range");
        assert!(code_point != 0, "{name}: pointer {pointer} maps to U+0000");
        let code_point = u16::try_from(code_point)
            .unwrap_or_else(|_| panic!("{name}: U+{code_point:X} is outside the BMP"));
        assert!(
            seen.insert(code_point),
            "{name}: U+{code_point:04X} is mapped twice"
        );
        decode[pointer as usize] = code_point;
    }

    let mut offsets: Vec<u8> = (0..128u8).filter(|&i| decode[i as usize] != 0).collect();
    offsets.sort_by_key(|&i| decode[i as usize]);
    let mapped = offsets.len() as u8;
    let mut sorted = [0u8; 128];
    sorted[..offsets.len()].copy_from_slice(&offsets);

    // The first longest run of consecutive code points at consecutive bytes.
    let (mut run_offset, mut run_len) = (0usize, 0usize);
    let mut start = 0usize;
    for i in 0..128 {
        let continues = i > start
            && decode[i] != 0
            && decode[i - 1] != 0
            && decode[i] == decode[i - 1].wrapping_add(1);
        if !continues {
            start = i;
        }
        let len = i + 1 - start;
        if decode[i] != 0 && len > run_len {
            run_offset = start;
            run_len = len;
        }
    }
    Table {
        decode,
        sorted,
        mapped,
        run_code_point: decode[run_offset],
        run_offset: run_offset as u8,
        run_len: run_len as u8,
    }
}

/// The Rust static name of an index: uppercased, '-' replaced by '_'.
pub fn static_name(index: &str) -> String {
    index.to_ascii_uppercase().replace('-', "_")
}

/// Renders one table as a Rust static.
fn render(name: &str, table: &Table) -> String {
    let decode: Vec<String> = table
        .decode
        .iter()
        .map(|cp| format!("0x{cp:04X}"))
        .collect();
    let sorted: Vec<String> = table.sorted.iter().map(u8::to_string).collect();
    format!(
        "pub(crate) static {}: SingleByteTable = SingleByteTable {{\n    decode: [\n{}    ],\n    sorted: [\n{}    ],\n    mapped: {},\n    run_code_point: 0x{:04X},\n    run_offset: {},\n    run_len: {},\n}};\n",
        static_name(name),
        rows(&decode, 16, 8),
        rows(&sorted, 16, 8),
        table.mapped,
        table.run_code_point,
        table.run_offset,
        table.run_len,
    )
}

/// Generates the contents of `src/generated/single_byte.rs`.
pub fn generate() -> String {
    let mut body = String::from("use crate::tables::single_byte::SingleByteTable;\n");
    let mut sizes = Vec::new();
    for name in SINGLE_BYTE_INDEXES {
        let table = build(name, &read_index(name));
        body.push('\n');
        body.push_str(&render(name, &table));
        sizes.push((static_name(name), TABLE_BYTES));
    }
    let mut out = header(
        "indexes/index-<name>.txt of the 27 single-byte indexes",
        &sizes,
    );
    out.push('\n');
    out.push_str(&body);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_longest_run_wins() {
        // Two runs of length 3 (offsets 0 and 10); the first wins.
        let entries = [
            (0, 0x100),
            (1, 0x101),
            (2, 0x102),
            (5, 0x50),
            (10, 0x200),
            (11, 0x201),
            (12, 0x202),
        ];
        let table = build("test", &entries);
        assert_eq!(table.mapped, 7);
        assert_eq!(
            (table.run_code_point, table.run_offset, table.run_len),
            (0x100, 0, 3)
        );
        assert_eq!(&table.sorted[..7], &[5, 0, 1, 2, 10, 11, 12]);
        assert_eq!(table.sorted[7], 0);
    }

    #[test]
    #[should_panic(expected = "mapped twice")]
    fn duplicates_rejected() {
        build("test", &[(0, 0x100), (1, 0x100)]);
    }
}
