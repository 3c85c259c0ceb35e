//! Index gb18030 and index gb18030 ranges (gb18030 and GBK).
//!
//! Pointer `row * 190 + col`: leads 0x81..=0xA0 (rows 0..32) are GBK/3, all
//! ideographs in Unicode order; leads 0xA1..=0xFE are two row tables, the right
//! half (trails 0xA1..=0xFE, GB2312's area) and the left half (trails
//! 0x40..=0xA0), whose GBK/4 rows continue the ideographs in Unicode order.

use super::encode::{Block, Cells, EncodeTable, Found, Runs, Window};
use super::{Bits, Rows, Span};
use crate::generated::cjk as g;

/// Leads 0xA1..=0xFE, trails 0xA1..=0xFE.
const RIGHT: Rows = Rows {
    desc: &g::GB18030_RIGHT_DESC,
    pool: &g::GB18030_RIGHT_POOL,
    runs: &g::GB18030_RIGHT_RUNS,
    width: 94,
};
/// The GB2312 hanzi rows of [`RIGHT`].
const HANZI_ROWS: Span = Span {
    pool: &g::GB18030_RIGHT_POOL,
    first_row: g::GB18030_HANZI_ROW,
    rows: g::GB18030_HANZI_ROWS,
    start: g::GB18030_HANZI_POOL,
    width: 94,
};
/// Leads 0xA1..=0xFE, trails 0x40..=0xA0 (the GBK/4 rows are special).
const LEFT: Rows = Rows {
    desc: &g::GB18030_LEFT_DESC,
    pool: &g::GB18030_LEFT_POOL,
    runs: &g::GB18030_LEFT_RUNS,
    width: 96,
};

/// U+4E00..=U+9FA5: set for the GB2312 hanzi, clear for the GBK/3 and GBK/4
/// ideographs.
const HANZI_BITS: Bits = Bits {
    words: &g::GB18030_HANZI_BITS,
    ranks: &g::GB18030_HANZI_RANKS,
};
/// U+4E00..=U+9FA5: the GB2312 hanzi (set bits, found through a hint into
/// [`RIGHT`]) and the GBK/3 and GBK/4 ideographs (clear bits, in Unicode order).
const HANZI: Block = Block {
    first: 0x4E00,
    len: 0x9FA5 - 0x4E00 + 1,
    bits: HANZI_BITS,
    set: Found::Hinted(Window {
        hints: &g::GB18030_HANZI_HINTS,
        start: g::GB18030_HANZI_HINT_START,
        log2: g::GB18030_HANZI_HINT_LOG2,
        cells: Cells::Rows {
            pool: &g::GB18030_RIGHT_POOL,
            rows: &g::GB18030_RIGHT_POOL_ROW,
            width: 94,
            stride: 190,
            base: 32 * 190 + 96,
        },
    }),
    clear: Found::Ordered(gbk_ideograph_pointer),
};

/// Index gb18030 pointer (the first) of each BMP code point.
const ENCODE: EncodeTable = EncodeTable {
    block: HANZI,
    next: None,
    runs: Runs {
        cp: &g::GB18030_ENC_RUN_CP,
        len: &g::GB18030_ENC_RUN_LEN,
        pointer: &g::GB18030_ENC_RUN_POINTER,
        width: &g::GB18030_ENC_RUN_WIDTH,
        stride: 190,
    },
    runs_first: false,
    keys: &g::GB18030_ENC_KEYS,
    values: &g::GB18030_ENC_VALUES,
};

/// Index gb18030 code point for pointer `row * 190 + col` (`row < 126`,
/// `col < 190`); 0 if unmapped.
#[inline(always)]
pub(crate) fn gb18030_decode(row: usize, col: usize) -> u16 {
    if row < 32 {
        return gbk_ideograph(row * 190 + col);
    }
    let row = row - 32;
    if col >= 96 {
        gb18030_right(row, col - 96)
    } else if LEFT.is_special(row) {
        gbk_ideograph(g::GB18030_TOP + (row - g::GB18030_REST_LEFT_ROW) * 96 + col)
    } else {
        LEFT.get(row, col)
    }
}

/// Index gb18030 code point for pointer `(row + 32) * 190 + 96 + col` (`row < 94`,
/// `col < 94`: GB2312's area, first and second bytes 0xA1..=0xFE); 0 if unmapped.
#[inline(always)]
pub(crate) fn gb18030_right(row: usize, col: usize) -> u16 {
    HANZI_ROWS
        .get(row, col)
        .unwrap_or_else(|| RIGHT.get(row, col))
}

/// The `k`-th ideograph of GBK/3 and GBK/4 (Unicode order, skipping GB2312's).
#[inline(never)]
fn gbk_ideograph(k: usize) -> u16 {
    if k >= g::GB18030_REST_LEN {
        return 0;
    }
    0x4E00 + HANZI_BITS.select0(k) as u16
}

/// The pointer of the `k`-th ideograph of GBK/3 and GBK/4: the rows of leads
/// 0x81..=0xA0, then the left halves of the GBK/4 rows.
fn gbk_ideograph_pointer(k: usize) -> usize {
    if k < g::GB18030_TOP {
        k
    } else {
        let j = k - g::GB18030_TOP;
        (32 + g::GB18030_REST_LEFT_ROW + j / 96) * 190 + j % 96
    }
}

/// Index gb18030 pointer (the first) for a BMP code point, if the index has it.
// Out of line: the encoders call it once per non-ASCII character from several
// places; inlined, it would copy the whole pipeline into each.
#[inline(never)]
pub(crate) fn gb18030_encode(c: u16) -> Option<u16> {
    ENCODE.encode(c)
}

/// Index gb18030 ranges code point (the four-byte sequences).
pub(crate) fn gb18030_range_decode(pointer: u32) -> Option<char> {
    if (pointer > 39419 && pointer < 189_000) || pointer > 1_237_575 {
        return None;
    }
    if pointer == 7457 {
        return Some('\u{E7C7}');
    }
    if pointer >= 189_000 {
        return char::from_u32(0x10000 + pointer - 189_000);
    }
    let i = g::GB18030_RANGE_POINTERS
        .partition_point(|&p| u32::from(p) <= pointer)
        .checked_sub(1)?;
    char::from_u32(
        u32::from(g::GB18030_RANGE_CODE_POINTS[i]) + pointer
            - u32::from(g::GB18030_RANGE_POINTERS[i]),
    )
}

/// Index gb18030 ranges pointer for a code point of U+0080 or above.
pub(crate) fn gb18030_range_encode(c: u32) -> u32 {
    if c == 0xE7C7 {
        return 7457;
    }
    if c >= 0x10000 {
        return 189_000 + c - 0x10000;
    }
    let i = g::GB18030_RANGE_CODE_POINTS
        .partition_point(|&x| u32::from(x) <= c)
        .saturating_sub(1);
    u32::from(g::GB18030_RANGE_POINTERS[i])
        + c.saturating_sub(u32::from(g::GB18030_RANGE_CODE_POINTS[i]))
}
