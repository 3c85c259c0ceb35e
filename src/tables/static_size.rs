//! The static size of the label and single-byte tables is a tracked figure: pinned
//! here so growth is a visible decision, and checked against the size summary that
//! gen writes into each generated file's header. (The CJK tables are pinned by
//! tests/cjk_tables.rs.)

use crate::generated::{labels, single_byte as sb};
use core::mem::size_of_val;

/// The `total` line of a generated file's size summary.
fn header_total(text: &str) -> usize {
    text.lines()
        .take_while(|l| l.starts_with("//"))
        .find_map(|l| l.strip_prefix("//   total"))
        .and_then(|t| t.trim().parse().ok())
        .expect("a total line in the size summary")
}

#[test]
fn label_table_size() {
    let bytes = labels::LABEL_TEXT.len()
        + size_of_val(&labels::LABEL_END)
        + size_of_val(&labels::LABEL_ENCODING)
        + size_of_val(&labels::ENCODINGS);
    assert_eq!(bytes, header_total(include_str!("../generated/labels.rs")));
    assert_eq!(
        bytes, 3_092,
        "the label table changed size: update this figure and the README if intended"
    );
}

#[test]
fn single_byte_table_size() {
    let tables = [
        &sb::IBM866,
        &sb::ISO_8859_2,
        &sb::ISO_8859_3,
        &sb::ISO_8859_4,
        &sb::ISO_8859_5,
        &sb::ISO_8859_6,
        &sb::ISO_8859_7,
        &sb::ISO_8859_8,
        &sb::ISO_8859_10,
        &sb::ISO_8859_13,
        &sb::ISO_8859_14,
        &sb::ISO_8859_15,
        &sb::ISO_8859_16,
        &sb::KOI8_R,
        &sb::KOI8_U,
        &sb::MACINTOSH,
        &sb::WINDOWS_874,
        &sb::WINDOWS_1250,
        &sb::WINDOWS_1251,
        &sb::WINDOWS_1252,
        &sb::WINDOWS_1253,
        &sb::WINDOWS_1254,
        &sb::WINDOWS_1255,
        &sb::WINDOWS_1256,
        &sb::WINDOWS_1257,
        &sb::WINDOWS_1258,
        &sb::X_MAC_CYRILLIC,
    ];
    let bytes: usize = tables.iter().map(|t| size_of_val(*t)).sum();
    assert_eq!(
        bytes,
        header_total(include_str!("../generated/single_byte.rs"))
    );
    assert_eq!(
        bytes, 10_530,
        "the single-byte tables changed size: update this figure and the README if intended"
    );
}
