//! Index EUC-KR (`src/tables/cjk/euc_kr.rs`): KS X 1001 as a row table (Hangul
//! rows as delta groups, hanja rows as a span), the Unified Hangul Code syllables
//! in Unicode order; encode through a Hangul bitmap and hints for the hanja.

use std::collections::BTreeMap;
use std::ops::Range;

use super::build::{Groups, RankBitmap, RowTable};
use super::encode::{HintedBlock, Rest};
use super::out::Out;
use super::{bmp, dense, first_pointers};

/// KS X 1001 rows (lead - 0xA1) holding Hangul: leads 0xB0..=0xC8.
const KR_HANGUL_ROWS: Range<usize> = 15..40;
/// KS X 1001 rows of hanja: leads 0xCA..=0xFD.
const KR_HANJA_ROWS: Range<usize> = 41..93;
/// Unified Hangul Code rows of 178 (leads 0x81..=0xA0), then rows of 84.
const KR_EXT_TOP_ROWS: usize = 32;
const KR_EXT_TOP_WIDTH: usize = 178;
const KR_EXT_LEFT_WIDTH: usize = 84;
/// The Hangul syllables U+AC00..=U+D7A3.
const HANGUL: Range<u32> = 0xAC00..0xD7A4;
const HANGUL_LEN: usize = 11172;

/// Builds and emits the EUC-KR tables.
pub fn generate(out: &mut Out) {
    out.section("EUC-KR (index EUC-KR)");
    let idx = dense("euc-kr");
    let first = first_pointers(&idx, |_| true);
    assert_eq!(
        first.len(),
        idx.iter().flatten().count(),
        "index EUC-KR has no duplicates"
    );
    let ks = |r: usize, c: usize| idx.get((32 + r) * 190 + 96 + c).copied().flatten();

    let ks_hangul = ks_hangul(ks);
    let hangul = RankBitmap::build(HANGUL_LEN, |i| {
        ks_hangul.binary_search(&(HANGUL.start + i as u32)).is_ok()
    });
    let ext_len = check_unified_hangul(&idx, &first, &hangul);
    let groups = Groups::build(
        &ks_hangul
            .iter()
            .map(|&h| Some((h - HANGUL.start) as u16))
            .collect::<Vec<_>>(),
    );

    let table = RowTable::build(
        94,
        94,
        |r, c| ks(r, c).map_or(0, bmp),
        |r| KR_HANGUL_ROWS.contains(&r),
        false,
        0..0,
    );
    let hanja = HintedBlock::ideographs(&first, &table.pool, |p| {
        Some(
            table
                .pool_index(p / 190 - 32, p % 190 - 96)
                .expect("hanja rows are stored"),
        )
    });
    let rest = Rest::build(&first, 190, Vec::new(), |c| {
        !HANGUL.contains(&c) && !hanja.hinted.contains(&bmp(c))
    });

    emit_layout(out, ext_len);
    hangul.emit(
        out,
        "EUC_KR_HANGUL",
        "U+AC00..=U+D7A3: set for KS X 1001 Hangul, clear for the Unified Hangul Code ones",
    );
    groups.emit(
        out,
        "EUC_KR_KS_HANGUL",
        "KS X 1001 Hangul in row order, as offsets from U+AC00",
    );
    table.emit(
        out,
        "EUC_KR_KS",
        "KS X 1001 (leads and trails 0xA1..=0xFE; Hangul rows are special)",
    );
    table.emit_span(
        out,
        "EUC_KR_HANJA",
        "hanja rows (leads 0xCA..=0xFD) of EUC_KR_KS",
        KR_HANJA_ROWS,
    );
    hanja.emit(
        out,
        "EUC_KR_HANJA",
        "U+4E00..=U+9FFF: set for the hanja found through a hint",
        "KS X 1001 hanja (windows of EUC_KR_KS_POOL)",
    );
    rest.emit(
        out,
        "EUC_KR_ENC",
        "EUC-KR encode runs",
        "EUC-KR encode, the remaining code points",
    );
}

/// The KS X 1001 Hangul syllables in row order (`ks(row, col)` reads KS X 1001),
/// checked to fill their rows in ascending order.
fn ks_hangul(ks: impl Fn(usize, usize) -> Option<u32>) -> Vec<u32> {
    let mut syllables = Vec::new();
    for r in KR_HANGUL_ROWS {
        for c in 0..94 {
            let h = ks(r, c).expect("KS X 1001 Hangul rows are full");
            assert!(HANGUL.contains(&h));
            syllables.push(h);
        }
    }
    assert!(syllables.windows(2).all(|w| w[0] < w[1]));
    syllables
}

/// Checks that the syllables outside KS X 1001 (the clear bits of `hangul`) sit
/// in Unicode order at their Unified Hangul Code positions, and that every
/// position up to their count is theirs; returns the count.
fn check_unified_hangul(
    idx: &[Option<u32>],
    first: &BTreeMap<u32, usize>,
    hangul: &RankBitmap,
) -> usize {
    let mut ext_len = 0;
    for i in 0..HANGUL_LEN {
        if !hangul.get(i) {
            let p = first[&(HANGUL.start + i as u32)];
            assert_eq!(kr_ext_index(p), Some(ext_len));
            ext_len += 1;
        }
    }
    for (p, c) in idx.iter().enumerate() {
        match (c, kr_ext_index(p)) {
            (Some(c), Some(k)) if k < ext_len => {
                assert_eq!(*c, HANGUL.start + hangul.select(false, k) as u32);
            }
            (None, Some(k)) => assert!(k >= ext_len),
            _ => {}
        }
    }
    ext_len
}

/// The Unified Hangul Code position of a pointer outside KS X 1001.
fn kr_ext_index(p: usize) -> Option<usize> {
    let (row, col) = (p / 190, p % 190);
    let i = match col {
        0..=25 => col,
        32..=57 => col - 6,
        64..=189 => col - 12,
        _ => return None,
    };
    if row < KR_EXT_TOP_ROWS {
        Some(row * KR_EXT_TOP_WIDTH + i)
    } else if col < 96 {
        Some(KR_EXT_TOP_ROWS * KR_EXT_TOP_WIDTH + (row - KR_EXT_TOP_ROWS) * KR_EXT_LEFT_WIDTH + i)
    } else {
        None
    }
}

/// The constants of the Hangul layout.
fn emit_layout(out: &mut Out, ext_len: usize) {
    out.konst(
        "EUC_KR_HANGUL_ROW",
        "First KS X 1001 row (lead - 0xA1) of Hangul.",
        KR_HANGUL_ROWS.start,
    );
    out.konst(
        "EUC_KR_HANGUL_ROWS",
        "KS X 1001 rows of Hangul.",
        KR_HANGUL_ROWS.len(),
    );
    out.konst(
        "EUC_KR_EXT_TOP_ROWS",
        "Unified Hangul Code rows of 178 syllables (leads 0x81..=0xA0).",
        KR_EXT_TOP_ROWS,
    );
    out.konst(
        "EUC_KR_EXT_TOP_WIDTH",
        "Syllables per Unified Hangul Code row of leads 0x81..=0xA0.",
        KR_EXT_TOP_WIDTH,
    );
    out.konst(
        "EUC_KR_EXT_LEFT_WIDTH",
        "Syllables per Unified Hangul Code row of leads 0xA1..=0xC6.",
        KR_EXT_LEFT_WIDTH,
    );
    out.konst("EUC_KR_EXT_LEN", "Unified Hangul Code syllables.", ext_len);
}
