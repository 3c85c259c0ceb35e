//! Indexes jis0208 (EUC-JP, ISO-2022-JP, Shift_JIS), jis0212 (EUC-JP decode) and
//! ISO-2022-JP katakana. Pointer `row * 94 + col`.

use super::encode::{Block, EncodeTable, Found, Runs, PAGES};
use super::{Bits, Groups, PairTable, Rows, Span};
use crate::generated::cjk as g;

/// Index jis0208 in rows of 94.
const JIS0208: Rows = Rows {
    desc: &g::JIS0208_DESC,
    pool: &g::JIS0208_POOL,
    runs: &[],
    width: 94,
};
/// Rows 0..=91 of [`JIS0208`] (symbols, kana, kanji), stored in order.
const JIS0208_SPAN: Span = Span {
    pool: &g::JIS0208_POOL,
    first_row: g::JIS0208_SPAN_ROW,
    rows: g::JIS0208_SPAN_ROWS,
    start: g::JIS0208_SPAN_POOL,
    width: 94,
};

/// The cells of [`JIS0208_SPAN`], by pointer from its first row.
const JIS0208_SPAN_CELLS: &[u16] = {
    let (start, len) = (g::JIS0208_SPAN_POOL, g::JIS0208_SPAN_ROWS * 94);
    g::JIS0208_POOL.split_at(start).1.split_at(len).0
};

/// EUC-JP's jis0208 pairs (leads and trails 0xA1..=0xFE) for the vector decoder.
pub(crate) static EUC_JP_PAIRS: PairTable =
    PairTable::euc(0, 0, (g::JIS0208_SPAN_ROW * 94) as u16, JIS0208_SPAN_CELLS);

/// Shift_JIS's pairs for the vector decoder: leads 0x81..=0x9F and 0xE0..=0xFC
/// (0xA1..=0xDC with bit 5 flipped), trails 0x40..=0x7E and 0x80..=0xFC, 188
/// columns; the pointers are jis0208's.
pub(crate) static SHIFT_JIS_PAIRS: PairTable = PairTable {
    lead_xor: 0x20,
    lead_base: 0xA1,
    rows: 0x3C,
    row_hole: 0,
    row_gap: 0,
    trail_base: 0x40,
    trail_span: 0xFC - 0x40 + 1,
    trail_gap_from: 0x80,
    trail_gap: 1,
    trail_hole: 0x7F,
    trail_hole_len: 1,
    width: 188,
    first: (g::JIS0208_SPAN_ROW * 94) as u16,
    cells: JIS0208_SPAN_CELLS,
};

/// Index jis0208 pointer (the first) of each BMP code point.
const JIS0208_ENCODE: EncodeTable = EncodeTable {
    pages: [&g::JIS0208_ENC_PAGE_3000, &g::JIS0208_ENC_PAGE_FF00],
    page_code: Some(jis_code_pointer),
    block: Block {
        first: 0x4E00,
        len: 0x5200,
        bits: Bits {
            words: &g::JIS0208_KANJI_BITS,
            ranks: &g::JIS0208_KANJI_RANKS,
        },
        set: Found::Coded(&g::JIS0208_KANJI_CODES, jis_code_pointer),
        clear: Found::Elsewhere,
    },
    next: None,
    runs: Runs {
        cp: &g::JIS0208_ENC_RUN_CP,
        len: &g::JIS0208_ENC_RUN_LEN,
        pointer: &g::JIS0208_ENC_RUN_POINTER,
        width: &g::JIS0208_ENC_RUN_WIDTH,
        stride: 94,
    },
    keys: &g::JIS0208_ENC_KEYS,
    values: &g::JIS0208_ENC_VALUES,
};

/// Index jis0212 below its kanji, in rows of 94.
const JIS0212: Rows = Rows {
    desc: &g::JIS0212_DESC,
    pool: &g::JIS0212_POOL,
    runs: &[],
    width: 94,
};
/// The kanji of index jis0212, as offsets from U+4E00.
const JIS0212_KANJI: Groups = Groups {
    bases: &g::JIS0212_KANJI_BASES,
    deltas: &g::JIS0212_KANJI_DELTAS,
    wide: &g::JIS0212_KANJI_WIDE,
};

/// Index jis0208 code point for pointer `row * 94 + col` (`col < 94`); 0 if
/// unmapped.
#[inline(always)]
pub(crate) fn jis0208_decode(row: usize, col: usize) -> u16 {
    JIS0208_SPAN
        .get(row, col)
        .unwrap_or_else(|| JIS0208.get(row, col))
}

/// Index jis0208 pointer (the first) for a BMP code point, if any.
// Out of line: the encoders call it for what [`jis0208_encode_hot`] leaves.
#[inline(never)]
pub(crate) fn jis0208_encode(c: u16) -> Option<u16> {
    JIS0208_ENCODE.encode(c)
}

/// The pointer of `code`, `row << 8 | col` as the tables store it.
fn jis_code_pointer(code: u16) -> u16 {
    (code >> 8) * 94 + (code & 0xFF)
}

/// [`jis0208_encode`] for the text's common characters (the pages and the
/// kanji), as `row << 8 | col` (pointer `row * 94 + col`), inlined into the
/// encoders' loops; `None` for the others (which may still be mapped).
#[inline(always)]
pub(crate) fn jis0208_encode_hot_code(c: u16) -> Option<u16> {
    JIS0208_ENCODE.encode_hot_code(c)
}

/// The pages of index jis0208's encode table as ISO-2022-JP's hot loop reads
/// them, `row << 8 | col` or `0xFFFF`: U+3000..=U+30FF, then U+FF00..=U+FFFF with
/// the halfwidth katakana given the bytes of the character that index ISO-2022-JP
/// katakana maps them to (all in the first page).
static ISO_2022_JP_PAGES: [u16; 512] = {
    let mut pages = [0xFFFF; 512];
    let mut i = 0;
    while i < 256 {
        pages[i] = g::JIS0208_ENC_PAGE_3000[i];
        pages[256 + i] = g::JIS0208_ENC_PAGE_FF00[i];
        i += 1;
    }
    let mut k = 0;
    while k < g::ISO_2022_JP_KATAKANA.len() {
        let c = g::ISO_2022_JP_KATAKANA[k];
        assert!(c & 0xFF00 == PAGES[0] && pages[256 + 0x61 + k] == 0xFFFF);
        pages[256 + 0x61 + k] = g::JIS0208_ENC_PAGE_3000[(c & 0xFF) as usize];
        assert!(pages[256 + 0x61 + k] != 0xFFFF);
        k += 1;
    }
    pages
};

/// ISO-2022-JP's [`jis0208_encode_hot_code`], halfwidth katakana included (as
/// the fullwidth ones the spec encodes them as): kanji first, then the pages.
/// Reads the tables as arrays, without bounds checks on the rank bitmap.
#[inline(always)]
pub(crate) fn iso_2022_jp_encode_hot_code(c: u16) -> Option<u16> {
    const BLOCK: &Block = &JIS0208_ENCODE.block;
    const _: () = assert!(BLOCK.len == g::JIS0208_KANJI_BITS.len() * 64);
    let i = usize::from(c.wrapping_sub(BLOCK.first));
    if i < BLOCK.len {
        // The word with the code point's bit at the top and the bits after it
        // gone: the sign is the bit, the count the set bits up to it.
        let word = g::JIS0208_KANJI_BITS[i / 64] << (63 - i % 64);
        if (word as i64) >= 0 {
            return None;
        }
        let k = usize::from(g::JIS0208_KANJI_RANKS[i / 64]) + word.count_ones() as usize - 1;
        return g::JIS0208_KANJI_CODES.get(k).copied();
    }
    let high = c & 0xFF00;
    if high == PAGES[0] || high == PAGES[1] {
        // U+30xx at 0..=0xFF, U+FFxx at 0x100..=0x1FF.
        let v = ISO_2022_JP_PAGES[usize::from(((c >> 7) & 0x100) | (c & 0xFF))];
        return (v != 0xFFFF).then_some(v);
    }
    None
}

/// Index jis0208 code point for a pointer (0 if unmapped).
#[inline(always)]
pub(crate) fn jis0208_decode_pointer(pointer: usize) -> u16 {
    // The span is contiguous in pointer order too.
    JIS0208_SPAN
        .get_pointer(pointer)
        .unwrap_or_else(|| JIS0208.get(pointer / 94, pointer % 94))
}

/// Index jis0208 code point for a pointer in the span of rows kept in order (0
/// if unmapped or outside it): the hot loops' lookup.
#[inline(always)]
pub(crate) fn jis0208_span_pointer(pointer: usize) -> u16 {
    JIS0208_SPAN.get_pointer(pointer).unwrap_or(0)
}

/// Whether index Shift_JIS leaves out index jis0208 pointer `p`.
#[inline(always)]
fn shift_jis_excludes(p: u16) -> bool {
    (g::JIS0208_SJIS_EXCLUDED_FIRST..=g::JIS0208_SJIS_EXCLUDED_LAST).contains(&usize::from(p))
}

/// Index Shift_JIS pointer: index jis0208 without pointers 8272..=8835.
pub(crate) fn jis0208_shift_jis_encode(c: u16) -> Option<u16> {
    let p = jis0208_encode(c)?;
    if !shift_jis_excludes(p) {
        return Some(p);
    }
    shift_jis_excluded(c, p)
}

/// [`jis0208_shift_jis_encode`] for the text's common characters, as for
/// [`jis0208_encode_hot_code`]; `None` for the others (which may still be
/// mapped).
#[inline(always)]
pub(crate) fn jis0208_shift_jis_encode_hot_code(c: u16) -> Option<u16> {
    // The excluded pointers are whole rows.
    const ROWS: core::ops::RangeInclusive<u16> = {
        let (first, last) = (
            g::JIS0208_SJIS_EXCLUDED_FIRST,
            g::JIS0208_SJIS_EXCLUDED_LAST,
        );
        assert!(first % 94 == 0 && last % 94 == 93);
        (first / 94) as u16..=(last / 94) as u16
    };
    jis0208_encode_hot_code(c).filter(|&v| !ROWS.contains(&(v >> 8)))
}

/// [`jis0208_shift_jis_encode`] where index jis0208's pointer `p` is excluded (the
/// IBM extensions, which Shift_JIS takes from their second pointer).
#[inline(never)]
fn shift_jis_excluded(c: u16, p: u16) -> Option<u16> {
    // A handful of keys: one vector scan.
    match crate::simd::find_u16(&g::JIS0208_SJIS_EXCEPTIONS_KEYS, c) {
        Some(i) => g::JIS0208_SJIS_EXCEPTIONS_VALUES
            .get(i)
            .copied()
            .filter(|&q| q != 0xFFFF),
        None => Some(p + g::JIS0208_SJIS_SHIFT as u16),
    }
}

/// Index jis0212 code point for pointer `row * 94 + col` (`col < 94`); 0 if
/// unmapped.
#[inline]
pub(crate) fn jis0212_decode(row: usize, col: usize) -> u16 {
    let pointer = row * 94 + col;
    if pointer >= g::JIS0212_KANJI_FIRST {
        if pointer >= g::JIS0212_LEN {
            return 0;
        }
        return JIS0212_KANJI
            .get(pointer - g::JIS0212_KANJI_FIRST)
            .map_or(0, |v| 0x4E00 + v);
    }
    JIS0212.get(row, col)
}

/// Index ISO-2022-JP katakana code point for U+FF61..=U+FF9F.
#[inline]
pub(crate) fn iso_2022_jp_katakana(c: u16) -> u16 {
    g::ISO_2022_JP_KATAKANA
        .get(usize::from(c.wrapping_sub(0xFF61)))
        .copied()
        .unwrap_or(c)
}
