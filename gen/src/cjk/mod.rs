//! Generates `src/generated/cjk.rs`: the decode and encode tables of the seven CJK
//! encodings (indexes gb18030, gb18030 ranges, Big5, EUC-KR, jis0208, jis0212 and
//! ISO-2022-JP katakana), read by the lookups in `src/tables/cjk.rs`.
//!
//! The file is self-contained (arrays of integers and `usize` constants only) so
//! that `tests/cjk_tables.rs` can `include!` it and measure the statics.
//!
//! Shapes (see `cjk_build.rs` for the building blocks):
//!
//! * decode: rows stored densely (one read), runs of consecutive code points as
//!   one number per row, and the stretches in Unicode order (gb18030's GBK/3 and
//!   GBK/4 ideographs, EUC-KR's Unified Hangul Code syllables) as the clear bits of
//!   a rank/select bitmap; sequences that are nearly in Unicode order (EUC-KR's KS
//!   X 1001 Hangul, jis0212's kanji) as a base per 16 values plus byte deltas;
//! * encode: for the ideographs (and Hangul) a rank bitmap over the block; the
//!   Unicode-ordered stretches need nothing more; for the others each mapped
//!   character has a one-byte hint naming a small window of the decode rows that
//!   holds it; everything else is a sorted array (binary search) or a run.

use std::collections::BTreeMap;

mod build;

use build::*;
use crate::emit::header;
use crate::parse::{read_index, read_ranges};

/// Index `name` as a vector indexed by pointer.
fn dense(name: &str) -> Vec<Option<u32>> {
    let entries = read_index(name);
    let len = entries.last().map_or(0, |e| e.0 as usize + 1);
    let mut v = vec![None; len];
    for (p, c) in entries {
        v[p as usize] = Some(c);
    }
    v
}

/// The first pointer of each code point, among the pointers `keep` accepts.
fn first_pointers(idx: &[Option<u32>], keep: impl Fn(usize) -> bool) -> BTreeMap<u32, usize> {
    let mut first = BTreeMap::new();
    for (p, c) in idx.iter().enumerate() {
        if let Some(c) = *c {
            if keep(p) {
                first.entry(c).or_insert(p);
            }
        }
    }
    first
}

fn bmp(c: u32) -> u16 {
    u16::try_from(c).unwrap_or_else(|_| panic!("U+{c:X} is not in the BMP"))
}

/// Generates the contents of `src/generated/cjk.rs`.
pub fn generate() -> String {
    let mut out = Out::default();
    gb18030(&mut out);
    big5(&mut out);
    euc_kr(&mut out);
    jis0208(&mut out);
    jis0212(&mut out);
    katakana(&mut out);

    let mut text = header(
        "indexes/index-{gb18030,gb18030-ranges,big5,euc-kr,jis0208,jis0212,iso-2022-jp-katakana}.txt",
        &out.sizes,
    );
    text.push_str(&out.body);
    text.push_str(
        "\n/// Bytes of all the statics above (for tests/cjk_tables.rs, which `include!`s this file).\n#[allow(dead_code)]\npub(crate) fn static_bytes() -> usize {\n    0\n",
    );
    for name in &out.statics {
        text.push_str(&format!("        + core::mem::size_of_val(&{name})\n"));
    }
    text.push_str("}\n");
    text
}

// ---------------------------------------------------------------------------
// gb18030

/// Pointers of lead bytes 0x81..=0xA0 (GBK/3, all ideographs in Unicode order).
const GB_TOP: usize = 32 * 190;
/// Row (lead - 0xA1) of the first GBK/4 row of the left half (lead 0xAA).
const GB_REST_LEFT_ROW: usize = 9;

fn gb_rest_layout(k: usize) -> usize {
    if k < GB_TOP {
        k
    } else {
        let j = k - GB_TOP;
        (32 + GB_REST_LEFT_ROW + j / 96) * 190 + j % 96
    }
}

fn gb18030(out: &mut Out) {
    out.section("gb18030 (index gb18030, index gb18030 ranges)");
    let idx = dense("gb18030");
    assert_eq!(idx.len(), 23940);
    assert!(
        idx.iter().all(Option::is_some),
        "index gb18030 maps every pointer"
    );
    let cp = |p: usize| idx[p].unwrap();
    let first = first_pointers(&idx, |_| true);

    // The ideographs U+4E00..=U+9FA5: those in the GB2312 half (trail >= 0xA1)
    // are "hanzi", the others sit in Unicode order at gb_rest_layout(k).
    let in_right = |p: usize| p >= GB_TOP && p % 190 >= 96;
    let ideo_len = 0x9FA5 - 0x4E00 + 1;
    let mut rest_len = 0;
    for i in 0..ideo_len {
        let c = 0x4E00 + i as u32;
        let p = first[&c];
        if !in_right(p) {
            assert_eq!(
                p,
                gb_rest_layout(rest_len),
                "GBK ideograph U+{c:X} out of order"
            );
            rest_len += 1;
        }
    }
    for p in 0..GB_TOP {
        assert!((0x4E00..=0x9FA5).contains(&cp(p)));
    }
    let bitmap = RankBitmap::build(ideo_len, |i| in_right(first[&(0x4E00 + i as u32)]));

    // The rows of leads 0xA1..=0xFE, in two halves.
    let right = RowTable::build(
        94,
        94,
        |r, c| bmp(cp((32 + r) * 190 + 96 + c)),
        |_| false,
        true,
        0..0,
    );
    let left_special = |r: usize| {
        r >= GB_REST_LEFT_ROW
            && (0..96).all(|c| GB_TOP + (r - GB_REST_LEFT_ROW) * 96 + c < rest_len)
    };
    let left = RowTable::build(
        94,
        96,
        |r, c| bmp(cp((32 + r) * 190 + c)),
        left_special,
        true,
        0..0,
    );
    for r in 0..94 {
        if left_special(r) {
            for c in 0..96 {
                let k = GB_TOP + (r - GB_REST_LEFT_ROW) * 96 + c;
                assert_eq!(
                    cp((32 + r) * 190 + c),
                    0x4E00 + bitmap.select(false, k) as u32
                );
            }
        }
    }
    for p in 0..GB_TOP {
        assert_eq!(cp(p), 0x4E00 + bitmap.select(false, p) as u32);
    }

    // Hints for the hanzi (the set bits), into the right half's pool.
    let mut targets = Vec::new();
    for i in 0..ideo_len {
        if bitmap.get(i) {
            let p = first[&(0x4E00 + i as u32)];
            let index = right
                .pool_index(p / 190 - 32, p % 190 - 96)
                .expect("hanzi rows are stored");
            targets.push((0x4E00 + i as u16, index));
        }
    }
    let (hints, failed) = Hints::build(&right.pool, &targets);
    assert!(
        failed.is_empty(),
        "every gb18030 hanzi is found in its window"
    );

    // Encode runs: the run rows (user-defined areas), merged over rows.
    let mut runs: Vec<EncodeRun> = Vec::new();
    let mut run_cps = std::collections::BTreeSet::new();
    for (table, width, col0) in [(&right, 94u16, 96usize), (&left, 96, 0)] {
        for (r, &d) in table.desc.iter().enumerate() {
            if d & ROW_RUN != 0 && d < ROW_SPECIAL {
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
    }
    // Everything else: a sorted map (and runs, if any are long).
    let others: Vec<(u16, u16)> = first
        .iter()
        .filter(|(&c, _)| !(0x4E00..=0x9FA5).contains(&c) && !run_cps.contains(&bmp(c)))
        .map(|(&c, &p)| (bmp(c), p as u16))
        .collect();
    let (more_runs, others) = split_runs(&others, 32);
    runs.extend(more_runs);
    for r in &runs {
        for i in 0..r.len {
            assert_eq!(
                r.pointer_of(190, r.cp + i),
                Some(first[&u32::from(r.cp + i)])
            );
        }
    }

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
    bitmap.emit(
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
        15..87,
    );
    left.emit(
        out,
        "GB18030_LEFT",
        "Leads 0xA1..=0xFE, trails 0x40..=0xA0 (GBK/4 rows are special)",
    );
    hints.emit(out, "GB18030_HANZI", "GB2312 hanzi");
    emit_runs(
        out,
        "GB18030_ENC",
        "gb18030 encode runs (stride 190)",
        &runs,
    );
    emit_sorted(
        out,
        "GB18030_ENC",
        "gb18030 encode, the remaining code points",
        &others,
    );

    // index gb18030 ranges.
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

// ---------------------------------------------------------------------------
// Big5

const BIG5_FIRST: usize = 942;
/// (0xA1 - 0x81) * 157: the encoder ignores pointers below.
const BIG5_ENCODE_FIRST: usize = (0xA1 - 0x81) * 157;

fn big5(out: &mut Out) {
    out.section("Big5 (index Big5)");
    let idx = dense("big5");
    assert!(idx[..BIG5_FIRST].iter().all(Option::is_none));
    // BMP code points as themselves; astral ones (all U+2xxxx) as 0xD800 + their
    // index in a side table of low 16 bits (surrogates never occur as code points).
    let mut decode = Vec::new();
    let mut astral_low = Vec::new();
    for c in &idx[BIG5_FIRST..] {
        let c = c.unwrap_or(0);
        if c > 0xFFFF {
            assert_eq!(c >> 16, 2, "Big5's astral code points are all in plane 2");
            decode.push(0xD800 + u16::try_from(astral_low.len()).unwrap());
            astral_low.push(c as u16);
        } else {
            assert!(!(0xD800..0xE000).contains(&c));
            decode.push(c as u16);
        }
    }
    assert!(
        astral_low.len() <= 0x800,
        "the astral escapes fit the surrogate range"
    );

    // The index Big5 pointer: pointers from (0xA1 - 0x81) * 157; the last one for six.
    let mut first = first_pointers(&idx, |p| p >= BIG5_ENCODE_FIRST);
    for c in [0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345] {
        let last = (BIG5_ENCODE_FIRST..idx.len())
            .rev()
            .find(|&p| idx[p] == Some(c))
            .unwrap();
        assert_ne!(first[&c], last, "U+{c:X} has two pointers");
        first.insert(c, last);
    }

    let block = 0x4E00..=0x9FFFu32;
    let ideo: Vec<(u16, usize)> = first
        .range(block.clone())
        .map(|(&c, &p)| (c as u16, p - BIG5_FIRST))
        .collect();
    let (hints, failed) = Hints::build(&decode, &ideo);
    let failed: Vec<u16> = failed.iter().map(|&n| ideo[n].0).collect();
    let bitmap = RankBitmap::build(0x5200, |i| {
        let c = 0x4E00 + i as u32;
        first.contains_key(&c) && !failed.contains(&(c as u16))
    });
    assert_eq!(bitmap.count_ones(), hints.hints.len());

    let others: Vec<(u16, u16)> = first
        .iter()
        .filter(|(&c, _)| c <= 0xFFFF && (!block.contains(&c) || failed.contains(&(c as u16))))
        .map(|(&c, &p)| (c as u16, p as u16))
        .collect();
    let (runs, others) = split_runs(&others, 32);
    let astral_pairs: Vec<(u16, u16)> = first
        .iter()
        .filter(|(&c, _)| c > 0xFFFF)
        .map(|(&c, &p)| ((c & 0xFFFF) as u16, p as u16))
        .collect();
    assert!(first.keys().all(|&c| c <= 0xFFFF || c >> 16 == 2));

    out.konst(
        "BIG5_FIRST",
        "The first pointer of index Big5 (lead 0x87).",
        BIG5_FIRST,
    );
    out.u16s(
        "BIG5_DECODE",
        "index Big5 from pointer BIG5_FIRST: the BMP code point, 0xD800 + i for U+20000 + BIG5_ASTRAL_LOW[i], 0 = unmapped.",
        &decode,
    );
    out.u16s(
        "BIG5_ASTRAL_LOW",
        "The astral code points of index Big5, less 0x20000, in pointer order.",
        &astral_low,
    );
    bitmap.emit(
        out,
        "BIG5_IDEO",
        "U+4E00..=U+9FFF: set where the Big5 encoder finds the ideograph through a hint",
    );
    hints.emit(out, "BIG5_IDEO", "Big5 ideographs (windows of BIG5_DECODE)");
    emit_runs(out, "BIG5_ENC", "Big5 encode runs", &runs);
    emit_sorted(
        out,
        "BIG5_ENC",
        "Big5 encode, the remaining BMP code points",
        &others,
    );
    emit_sorted(
        out,
        "BIG5_ENC_ASTRAL",
        "Big5 encode, U+2xxxx (keys are the low 16 bits)",
        &astral_pairs,
    );
}

// ---------------------------------------------------------------------------
// EUC-KR

/// KS X 1001 rows (lead - 0xA1) holding Hangul: leads 0xB0..=0xC8.
const KR_HANGUL_ROWS: std::ops::Range<usize> = 15..40;
/// Unified Hangul Code rows of 178 (leads 0x81..=0xA0), then rows of 84.
const KR_EXT_TOP_ROWS: usize = 32;
const KR_EXT_TOP_WIDTH: usize = 178;
const KR_EXT_LEFT_WIDTH: usize = 84;

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

fn euc_kr(out: &mut Out) {
    out.section("EUC-KR (index EUC-KR)");
    let idx = dense("euc-kr");
    let cp = |p: usize| idx.get(p).copied().flatten();
    let first = first_pointers(&idx, |_| true);
    assert_eq!(
        first.len(),
        idx.iter().flatten().count(),
        "index EUC-KR has no duplicates"
    );
    let is_hangul = |c: u32| (0xAC00..=0xD7A3).contains(&c);
    let ks = |r: usize, c: usize| cp((32 + r) * 190 + 96 + c);

    // KS X 1001 Hangul: ascending.
    let mut ks_hangul = Vec::new();
    for r in KR_HANGUL_ROWS {
        for c in 0..94 {
            let h = ks(r, c).expect("KS X 1001 Hangul rows are full");
            assert!(is_hangul(h));
            ks_hangul.push(h);
        }
    }
    assert!(ks_hangul.windows(2).all(|w| w[0] < w[1]));
    let hangul = RankBitmap::build(11172, |i| {
        ks_hangul.binary_search(&(0xAC00 + i as u32)).is_ok()
    });
    // The other syllables: in Unicode order at their Unified Hangul Code position.
    let mut ext_len = 0;
    for i in 0..11172 {
        if !hangul.get(i) {
            let p = first[&(0xAC00 + i as u32)];
            assert_eq!(kr_ext_index(p), Some(ext_len));
            ext_len += 1;
        }
    }
    for (p, c) in idx.iter().enumerate() {
        if let (Some(c), Some(k)) = (c, kr_ext_index(p)) {
            if k < ext_len {
                assert_eq!(*c, 0xAC00 + hangul.select(false, k) as u32);
            }
        }
        if c.is_none() {
            if let Some(k) = kr_ext_index(p) {
                assert!(k >= ext_len);
            }
        }
    }
    let groups = Groups::build(
        &ks_hangul
            .iter()
            .map(|&h| Some((h - 0xAC00) as u16))
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
    let block = 0x4E00..=0x9FFFu32;
    let hanja: Vec<(u16, usize)> = first
        .range(block.clone())
        .map(|(&c, &p)| {
            (
                c as u16,
                table
                    .pool_index(p / 190 - 32, p % 190 - 96)
                    .expect("hanja rows are stored"),
            )
        })
        .collect();
    let (hints, failed) = Hints::build(&table.pool, &hanja);
    let failed: Vec<u16> = failed.iter().map(|&n| hanja[n].0).collect();
    let bitmap = RankBitmap::build(0x5200, |i| {
        let c = 0x4E00 + i as u32;
        first.contains_key(&c) && !failed.contains(&(c as u16))
    });
    let others: Vec<(u16, u16)> = first
        .iter()
        .filter(|(&c, _)| !is_hangul(c) && (!block.contains(&c) || failed.contains(&(c as u16))))
        .map(|(&c, &p)| (bmp(c), p as u16))
        .collect();
    let (runs, others) = split_runs(&others, 32);

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
        41..93,
    );
    bitmap.emit(
        out,
        "EUC_KR_HANJA",
        "U+4E00..=U+9FFF: set for the hanja found through a hint",
    );
    hints.emit(
        out,
        "EUC_KR_HANJA",
        "KS X 1001 hanja (windows of EUC_KR_KS_POOL)",
    );
    emit_runs(out, "EUC_KR_ENC", "EUC-KR encode runs", &runs);
    emit_sorted(
        out,
        "EUC_KR_ENC",
        "EUC-KR encode, the remaining code points",
        &others,
    );
}

// ---------------------------------------------------------------------------
// jis0208

const JIS_KANJI_FIRST: usize = 16 * 94 - 94; // row 15: pointer 1410
const SJIS_EXCLUDED: std::ops::RangeInclusive<usize> = 8272..=8835;
const SJIS_SHIFT: usize = 10744 - 8272;

fn jis0208(out: &mut Out) {
    out.section("jis0208 (index jis0208; EUC-JP, ISO-2022-JP and Shift_JIS)");
    let idx = dense("jis0208");
    let nrows = idx.len().div_ceil(94);
    // Rows 0..=91 (pointers 0..=8647: symbols, kana, kanji) as one span, the few
    // empty rows in it included, for one-read decode.
    let kanji_rows = 0..92;
    let table = RowTable::build(
        nrows,
        94,
        |r, c| idx.get(r * 94 + c).copied().flatten().map_or(0, bmp),
        |_| false,
        false,
        kanji_rows.clone(),
    );
    let first = first_pointers(&idx, |_| true);
    let block = 0x4E00..=0x9FFFu32;
    let kanji: Vec<(u16, usize)> = first
        .range(block.clone())
        .filter(|(_, &p)| p >= JIS_KANJI_FIRST)
        .map(|(&c, &p)| {
            (
                c as u16,
                table
                    .pool_index(p / 94, p % 94)
                    .expect("kanji rows are stored"),
            )
        })
        .collect();
    let (hints, failed) = Hints::build(&table.pool, &kanji);
    let hinted: std::collections::BTreeSet<u16> = kanji
        .iter()
        .enumerate()
        .filter(|(n, _)| !failed.contains(n))
        .map(|(_, k)| k.0)
        .collect();
    let bitmap = RankBitmap::build(0x5200, |i| hinted.contains(&(0x4E00 + i as u16)));
    let others: Vec<(u16, u16)> = first
        .iter()
        .filter(|(&c, _)| c > 0xFFFF || !hinted.contains(&(c as u16)))
        .map(|(&c, &p)| (bmp(c), p as u16))
        .collect();
    let (runs, others) = split_runs(&others, 32);

    // index Shift_JIS pointer: differs only where the first pointer is excluded.
    let sjis = first_pointers(&idx, |p| !SJIS_EXCLUDED.contains(&p));
    let mut exceptions = Vec::new();
    for (&c, &p) in &first {
        let s = sjis.get(&c).copied();
        if SJIS_EXCLUDED.contains(&p) {
            if s != Some(p + SJIS_SHIFT) {
                exceptions.push((bmp(c), s.map_or(0xFFFF, |s| s as u16)));
            }
        } else {
            assert_eq!(s, Some(p));
        }
    }

    table.emit(out, "JIS0208", "index jis0208 in rows of 94");
    table.emit_span(out, "JIS0208_SPAN", "rows 0..=91 of JIS0208", kanji_rows);
    bitmap.emit(
        out,
        "JIS0208_KANJI",
        "U+4E00..=U+9FFF: set for the kanji found through a hint",
    );
    hints.emit(
        out,
        "JIS0208_KANJI",
        "jis0208 kanji (windows of JIS0208_POOL)",
    );
    emit_runs(out, "JIS0208_ENC", "jis0208 encode runs", &runs);
    emit_sorted(
        out,
        "JIS0208_ENC",
        "jis0208 encode (index pointer), the remaining code points",
        &others,
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

// ---------------------------------------------------------------------------
// jis0212

fn jis0212(out: &mut Out) {
    out.section("jis0212 (index jis0212; EUC-JP decode only)");
    let idx = dense("jis0212");
    let kanji: Vec<Option<u16>> = idx[JIS_KANJI_FIRST..]
        .iter()
        .map(|c| {
            c.map(|c| {
                assert!((0x4E00..=0x9FFF).contains(&c));
                (c - 0x4E00) as u16
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

// ---------------------------------------------------------------------------
// ISO-2022-JP katakana

fn katakana(out: &mut Out) {
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
