//! The CJK tables' static size is a tracked figure: pinned here so that growth is a
//! visible decision, and at most 192 KiB for all seven encodings, decode and encode.
//! (160 KiB until the encoders got their ideographs' pointers by rank and the pages
//! of CJK punctuation and kana, 34 KB, for encode speed: issue 11.)

#[allow(dead_code, clippy::all)]
mod tables {
    include!("../src/generated/cjk.rs");
}

/// Bytes of every static in src/generated/cjk.rs.
const PINNED: usize = 192_611;

#[test]
fn cjk_static_table_size() {
    let bytes = tables::static_bytes();
    assert!(
        bytes <= 192 * 1024,
        "{bytes} bytes of CJK tables exceed 192 KiB"
    );
    assert_eq!(
        bytes, PINNED,
        "the CJK tables changed size: update PINNED (and the README figure) if intended"
    );
}

#[test]
fn header_summary_matches() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/generated/cjk.rs"))
            .unwrap();
    let total = text
        .lines()
        .take_while(|l| l.starts_with("//"))
        .find_map(|l| l.strip_prefix("//   total"))
        .expect("a total line in the size summary");
    assert_eq!(
        total.trim().parse::<usize>().unwrap(),
        tables::static_bytes()
    );
}
