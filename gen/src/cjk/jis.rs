//! Indexes jis0208, jis0212 and ISO-2022-JP katakana (`src/tables/cjk/jis.rs`).

use std::collections::BTreeMap;
use std::ops::{Range, RangeInclusive};

use super::build::{Groups, RowTable};
use super::encode::{emit_sorted, HintedBlock, Rest};
use super::out::Out;
use super::{bmp, dense, first_pointers, IDEOGRAPHS};

/// Row 15: the first pointer of the kanji rows of jis0208 and jis0212.
const JIS_KANJI_FIRST: usize = 16 * 94 - 94;
/// Rows 0..=91 of jis0208 (pointers 0..=8647: symbols, kana, kanji), stored as one
/// span, the few empty rows in it included, for one-read decode.
const JIS0208_SPAN: Range<usize> = 0..92;
/// index Shift_JIS pointer: the pointers of jis0208 it leaves out.
const SJIS_EXCLUDED: RangeInclusive<usize> = 8272..=8835;
/// index Shift_JIS pointer: the usual distance from an excluded first pointer to
/// the one Shift_JIS uses.
const SJIS_SHIFT: usize = 10744 - 8272;

/// Builds and emits the jis0208 tables (EUC-JP, ISO-2022-JP and Shift_JIS).
pub fn jis0208(out: &mut Out) {
    out.section("jis0208 (index jis0208; EUC-JP, ISO-2022-JP and Shift_JIS)");
    let idx = dense("jis0208");
    let table = RowTable::build(
        idx.len().div_ceil(94),
        94,
        |r, c| idx.get(r * 94 + c).copied().flatten().map_or(0, bmp),
        |_| false,
        false,
        JIS0208_SPAN,
    );
    let first = first_pointers(&idx, |_| true);
    let kanji = HintedBlock::ideographs(&first, &table.pool, |p| {
        (p >= JIS_KANJI_FIRST).then(|| {
            table
                .pool_index(p / 94, p % 94)
                .expect("kanji rows are stored")
        })
    });
    let rest = Rest::build(&first, 94, Vec::new(), |c| !kanji.hinted.contains(&bmp(c)));
    let exceptions = shift_jis_exceptions(&idx, &first);

    table.emit(out, "JIS0208", "index jis0208 in rows of 94");
    table.emit_span(out, "JIS0208_SPAN", "rows 0..=91 of JIS0208", JIS0208_SPAN);
    kanji.emit(
        out,
        "JIS0208_KANJI",
        "U+4E00..=U+9FFF: set for the kanji found through a hint",
        "jis0208 kanji (windows of JIS0208_POOL)",
    );
    rest.emit(
        out,
        "JIS0208_ENC",
        "jis0208 encode runs",
        "jis0208 encode (index pointer), the remaining code points",
    );
    out.konst(
        "JIS0208_SJIS_EXCLUDED_FIRST",
        "index Shift_JIS pointer: first excluded pointer.",
        *SJIS_EXCLUDED.start(),
    );
    out.konst(
        "JIS0208_SJIS_EXCLUDED_LAST",
        "index Shift_JIS pointer: last excluded pointer.",
        *SJIS_EXCLUDED.end(),
    );
    out.konst(
        "JIS0208_SJIS_SHIFT",
        "index Shift_JIS pointer: excluded pointer plus this, unless listed.",
        SJIS_SHIFT,
    );
    emit_sorted(
        out,
        "JIS0208_SJIS_EXCEPTIONS",
        "index Shift_JIS pointer where the first pointer is excluded and the shift does not apply (0xFFFF = none)",
        &exceptions,
    );
}

/// index Shift_JIS pointer differs from the first pointer only where that one is
/// excluded: the code points whose Shift_JIS pointer is not the excluded one plus
/// [`SJIS_SHIFT`], with their pointer (0xFFFF: none).
fn shift_jis_exceptions(idx: &[Option<u32>], first: &BTreeMap<u32, usize>) -> Vec<(u16, u16)> {
    let sjis = first_pointers(idx, |p| !SJIS_EXCLUDED.contains(&p));
    let mut exceptions = Vec::new();
    for (&c, &p) in first {
        let s = sjis.get(&c).copied();
        if SJIS_EXCLUDED.contains(&p) {
            if s != Some(p + SJIS_SHIFT) {
                exceptions.push((bmp(c), s.map_or(0xFFFF, |s| s as u16)));
            }
        } else {
            assert_eq!(s, Some(p));
        }
    }
    exceptions
}

/// Builds and emits the jis0212 tables (EUC-JP decode only).
pub fn jis0212(out: &mut Out) {
    out.section("jis0212 (index jis0212; EUC-JP decode only)");
    let idx = dense("jis0212");
    let (ideographs, len) = IDEOGRAPHS;
    let kanji: Vec<Option<u16>> = idx[JIS_KANJI_FIRST..]
        .iter()
        .map(|c| {
            c.map(|c| {
                let k = bmp(c).wrapping_sub(ideographs);
                assert!(usize::from(k) < len);
                k
            })
        })
        .collect();
    let groups = Groups::build(&kanji);
    let table = RowTable::build(
        JIS_KANJI_FIRST / 94,
        94,
        |r, c| idx[r * 94 + c].map_or(0, bmp),
        |_| false,
        false,
        0..0,
    );
    out.konst(
        "JIS0212_KANJI_FIRST",
        "First pointer of the kanji rows.",
        JIS_KANJI_FIRST,
    );
    out.konst(
        "JIS0212_LEN",
        "Pointers of index jis0212 (the last mapped one plus one).",
        idx.len(),
    );
    groups.emit(
        out,
        "JIS0212_KANJI",
        "jis0212 kanji from JIS0212_KANJI_FIRST, as offsets from U+4E00",
    );
    table.emit(
        out,
        "JIS0212",
        "index jis0212 below JIS0212_KANJI_FIRST, in rows of 94",
    );
}

/// Emits index ISO-2022-JP katakana.
pub fn katakana(out: &mut Out) {
    out.section("index ISO-2022-JP katakana");
    let idx = dense("iso-2022-jp-katakana");
    assert_eq!(idx.len(), 0xFF9F - 0xFF61 + 1);
    let v: Vec<u16> = idx
        .iter()
        .map(|c| bmp(c.expect("every halfwidth katakana is mapped")))
        .collect();
    out.u16s(
        "ISO_2022_JP_KATAKANA",
        "index ISO-2022-JP katakana: fullwidth form of U+FF61 + i.",
        &v,
    );
}
