//! Index gb18030 and index gb18030 ranges (`src/tables/cjk/gb18030.rs`).
//!
//! Pointer `row * 190 + col`. Leads 0x81..=0xA0 (GBK/3) hold ideographs in
//! Unicode order; leads 0xA1..=0xFE are two row tables, the right half (trails
//! 0xA1..=0xFE: GB2312, whose hanzi the encoder finds through hints) and the left
//! half (trails 0x40..=0xA0), whose GBK/4 rows continue the ideographs in Unicode
//! order and are decoded by a select over the hanzi bitmap.

use std::collections::{BTreeMap, BTreeSet};

use super::build::{RowTable, ROW_RUN, ROW_SPECIAL};
use super::encode::{EncodeRun, HintedBlock, Rest};
use super::out::Out;
use super::{bmp, dense, first_pointers};
use crate::parse::read_ranges;

/// Pointers of lead bytes 0x81..=0xA0 (GBK/3, all ideographs in Unicode order).
const GB_TOP: usize = 32 * 190;
/// Row (lead - 0xA1) of the first GBK/4 row of the left half (lead 0xAA).
const GB_REST_LEFT_ROW: usize = 9;
/// The ideographs U+4E00..=U+9FA5 that gb18030 lays out by block.
const HANZI_FIRST: u32 = 0x4E00;
const HANZI_LEN: usize = 0x9FA5 - 0x4E00 + 1;
/// The GB2312 hanzi rows (leads 0xB0..=0xF7) of the right half.
const HANZI_ROWS: std::ops::Range<usize> = 15..87;

/// Builds and emits the gb18030 tables: index gb18030, then index gb18030 ranges.
pub fn generate(out: &mut Out) {
    out.section("gb18030 (index gb18030, index gb18030 ranges)");
    let idx = dense("gb18030");
    assert_eq!(idx.len(), 23940);
    assert!(
        idx.iter().all(Option::is_some),
        "index gb18030 maps every pointer"
    );
    let cp = |p: usize| idx[p].unwrap();
    let first = first_pointers(&idx, |_| true);

    let rest_len = gbk_ideographs(&first, cp);
    let (right, left) = row_tables(cp, rest_len);
    let hanzi = hanzi_block(&first, &right);
    check_ordered_ideographs(cp, rest_len, |k| {
        HANZI_FIRST + hanzi.bitmap.select(false, k) as u32
    });
    let rest = encode_rest(&first, &right, &left);

    emit_layout(out, rest_len);
    hanzi.bitmap.emit(
        out,
        "GB18030_HANZI",
        "U+4E00..=U+9FA5: set for the GB2312 hanzi (trail >= 0xA1), clear for GBK/3 and GBK/4",
    );
    right.emit(
        out,
        "GB18030_RIGHT",
        "Leads 0xA1..=0xFE, trails 0xA1..=0xFE",
    );
    right.emit_span(
        out,
        "GB18030_HANZI",
        "GB2312 hanzi rows (leads 0xB0..=0xF7) of GB18030_RIGHT",
        HANZI_ROWS,
    );
    left.emit(
        out,
        "GB18030_LEFT",
        "Leads 0xA1..=0xFE, trails 0x40..=0xA0 (GBK/4 rows are special)",
    );
    hanzi.hints.emit(out, "GB18030_HANZI", "GB2312 hanzi");
    rest.emit(
        out,
        "GB18030_ENC",
        "gb18030 encode runs (stride 190)",
        "gb18030 encode, the remaining code points",
    );
    ranges(out);
}

/// Whether pointer `p` is in the right half of leads 0xA1..=0xFE (GB2312).
fn in_right(p: usize) -> bool {
    p >= GB_TOP && p % 190 >= 96
}

/// The pointer of the `k`-th ideograph outside GB2312: the rows of GBK/3, then the
/// left halves of the GBK/4 rows.
fn gbk_ideograph_pointer(k: usize) -> usize {
    if k < GB_TOP {
        k
    } else {
        let j = k - GB_TOP;
        (32 + GB_REST_LEFT_ROW + j / 96) * 190 + j % 96
    }
}

/// Checks that the ideographs outside GB2312 sit in Unicode order at
/// [`gbk_ideograph_pointer`], and that GBK/3 holds only ideographs; returns how
/// many there are.
fn gbk_ideographs(first: &BTreeMap<u32, usize>, cp: impl Fn(usize) -> u32) -> usize {
    let mut rest_len = 0;
    for i in 0..HANZI_LEN {
        let c = HANZI_FIRST + i as u32;
        let p = first[&c];
        if !in_right(p) {
            assert_eq!(
                p,
                gbk_ideograph_pointer(rest_len),
                "GBK ideograph U+{c:X} out of order"
            );
            rest_len += 1;
        }
    }
    for p in 0..GB_TOP {
        assert!((0x4E00..=0x9FA5).contains(&cp(p)));
    }
    rest_len
}

/// Whether row `r` of the left half holds only ideographs in Unicode order.
fn left_row_is_ordered(r: usize, rest_len: usize) -> bool {
    r >= GB_REST_LEFT_ROW && (0..96).all(|c| GB_TOP + (r - GB_REST_LEFT_ROW) * 96 + c < rest_len)
}

/// The rows of leads 0xA1..=0xFE, in two halves: right (trails 0xA1..=0xFE) and
/// left (trails 0x40..=0xA0, the ordered GBK/4 rows special).
fn row_tables(cp: impl Fn(usize) -> u32, rest_len: usize) -> (RowTable, RowTable) {
    let right = RowTable::build(
        94,
        94,
        |r, c| bmp(cp((32 + r) * 190 + 96 + c)),
        |_| false,
        true,
        0..0,
    );
    let left = RowTable::build(
        94,
        96,
        |r, c| bmp(cp((32 + r) * 190 + c)),
        |r| left_row_is_ordered(r, rest_len),
        true,
        0..0,
    );
    (right, left)
}

/// The hanzi (the ideographs in GB2312's half), every one found through a hint
/// into the right half's pool.
fn hanzi_block(first: &BTreeMap<u32, usize>, right: &RowTable) -> HintedBlock {
    let targets: Vec<(u16, usize)> = (0..HANZI_LEN)
        .map(|i| HANZI_FIRST + i as u32)
        .filter(|c| in_right(first[c]))
        .map(|c| {
            let p = first[&c];
            let index = right
                .pool_index(p / 190 - 32, p % 190 - 96)
                .expect("hanzi rows are stored");
            (bmp(c), index)
        })
        .collect();
    let block = HintedBlock::build(bmp(HANZI_FIRST), HANZI_LEN, &right.pool, &targets);
    assert_eq!(
        block.hinted.len(),
        targets.len(),
        "every gb18030 hanzi is found in its window"
    );
    block
}

/// Checks that the ideographs of GBK/3 and of the special left rows decode as
/// `nth(k)`, the `k`-th ideograph outside GB2312 (what the run time computes).
fn check_ordered_ideographs(
    cp: impl Fn(usize) -> u32,
    rest_len: usize,
    nth: impl Fn(usize) -> u32,
) {
    for r in (0..94).filter(|&r| left_row_is_ordered(r, rest_len)) {
        for c in 0..96 {
            let k = GB_TOP + (r - GB_REST_LEFT_ROW) * 96 + c;
            assert_eq!(cp((32 + r) * 190 + c), nth(k));
        }
    }
    for p in 0..GB_TOP {
        assert_eq!(cp(p), nth(p));
    }
}

/// The encode side beyond the ideographs: the run rows of both halves (the
/// user-defined areas) merged over rows, then the runs and sorted map of the rest.
fn encode_rest(first: &BTreeMap<u32, usize>, right: &RowTable, left: &RowTable) -> Rest {
    let mut runs: Vec<EncodeRun> = Vec::new();
    let mut run_cps = BTreeSet::new();
    for (table, width, col0) in [(right, 94u16, 96usize), (left, 96, 0)] {
        for (r, &d) in table.desc.iter().enumerate() {
            if d & ROW_RUN == 0 || d >= ROW_SPECIAL {
                continue;
            }
            let base = table.runs[usize::from(d & !ROW_RUN)];
            let pointer = ((32 + r) * 190 + col0) as u16;
            for i in 0..width {
                assert_eq!(first[&u32::from(base + i)], usize::from(pointer + i));
                run_cps.insert(base + i);
            }
            match runs.last_mut() {
                Some(last)
                    if last.width == width
                        && last.cp + last.len == base
                        && usize::from(last.pointer) + usize::from(last.len / width) * 190
                            == usize::from(pointer) =>
                {
                    last.len += width;
                }
                _ => runs.push(EncodeRun {
                    cp: base,
                    len: width,
                    pointer,
                    width,
                }),
            }
        }
    }
    let ideographs = HANZI_FIRST..HANZI_FIRST + HANZI_LEN as u32;
    Rest::build(first, 190, runs, |c| {
        !ideographs.contains(&c) && !run_cps.contains(&bmp(c))
    })
}

/// The constants of the ideograph layout.
fn emit_layout(out: &mut Out, rest_len: usize) {
    out.konst(
        "GB18030_TOP",
        "Pointers of leads 0x81..=0xA0: GBK/3, ideographs in Unicode order.",
        GB_TOP,
    );
    out.konst(
        "GB18030_REST_LEFT_ROW",
        "Row (lead - 0xA1) where the GBK/4 ideographs of the left half start.",
        GB_REST_LEFT_ROW,
    );
    out.konst(
        "GB18030_REST_LEN",
        "Ideographs U+4E00..=U+9FA5 outside GB2312, in Unicode order.",
        rest_len,
    );
}

/// Checks and emits index gb18030 ranges below U+10000 (the rest is arithmetic).
fn ranges(out: &mut Out) {
    let ranges = read_ranges();
    assert_eq!(ranges.first(), Some(&(0, 0x80)));
    assert_eq!(ranges.last(), Some(&(189000, 0x10000)));
    let bmp_ranges = &ranges[..ranges.len() - 1];
    assert!(bmp_ranges.iter().all(|&(p, c)| p <= 39419 && c <= 0xFFFF));
    for w in bmp_ranges.windows(2) {
        assert!(w[0].1 < w[1].1 && w[0].0 < w[1].0);
        // No range reaches into the surrogates.
        assert!(w[0].1 + (w[1].0 - w[0].0) <= 0xD800 || w[0].1 >= 0xE000);
    }
    let last = bmp_ranges.last().unwrap();
    assert_eq!(
        last.1 + (39419 - last.0),
        0xFFFF,
        "the last BMP range ends at U+FFFF"
    );
    let ptrs: Vec<u16> = bmp_ranges.iter().map(|r| r.0 as u16).collect();
    let cps: Vec<u16> = bmp_ranges.iter().map(|r| r.1 as u16).collect();
    out.u16s(
        "GB18030_RANGE_POINTERS",
        "index gb18030 ranges below U+10000: first pointer of each range.",
        &ptrs,
    );
    out.u16s(
        "GB18030_RANGE_CODE_POINTS",
        "index gb18030 ranges below U+10000: first code point of each range.",
        &cps,
    );
}
