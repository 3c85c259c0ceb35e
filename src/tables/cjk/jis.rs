//! Indexes jis0208 (EUC-JP, ISO-2022-JP, Shift_JIS), jis0212 (EUC-JP decode) and
//! ISO-2022-JP katakana. Pointer `row * 94 + col`.

use super::encode::{Block, Cells, EncodeTable, Found, Runs, Window};
use super::{Bits, Groups, Rows, Span};
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

/// Index jis0208 pointer (the first) of each BMP code point.
const JIS0208_ENCODE: EncodeTable = EncodeTable {
    block: Block {
        first: 0x4E00,
        len: 0x5200,
        bits: Bits {
            words: &g::JIS0208_KANJI_BITS,
            ranks: &g::JIS0208_KANJI_RANKS,
        },
        set: Found::Hinted(Window {
            hints: &g::JIS0208_KANJI_HINTS,
            start: g::JIS0208_KANJI_HINT_START,
            log2: g::JIS0208_KANJI_HINT_LOG2,
            cells: Cells::Rows {
                pool: &g::JIS0208_POOL,
                rows: &g::JIS0208_POOL_ROW,
                width: 94,
                stride: 94,
                base: 0,
            },
        }),
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
    runs_first: true,
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
// Out of line: the encoders call it once per non-ASCII character from several
// places; inlined, it would copy the whole pipeline into each.
#[inline(never)]
pub(crate) fn jis0208_encode(c: u16) -> Option<u16> {
    JIS0208_ENCODE.encode(c)
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

/// Index Shift_JIS pointer: index jis0208 without pointers 8272..=8835.
#[inline]
pub(crate) fn jis0208_shift_jis_encode(c: u16) -> Option<u16> {
    let p = jis0208_encode(c)?;
    if !(g::JIS0208_SJIS_EXCLUDED_FIRST..=g::JIS0208_SJIS_EXCLUDED_LAST).contains(&usize::from(p)) {
        return Some(p);
    }
    match g::JIS0208_SJIS_EXCEPTIONS_KEYS.binary_search(&c) {
        Ok(i) => g::JIS0208_SJIS_EXCEPTIONS_VALUES
            .get(i)
            .copied()
            .filter(|&q| q != 0xFFFF),
        Err(_) => Some(p + g::JIS0208_SJIS_SHIFT as u16),
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
