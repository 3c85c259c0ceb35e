//! Index gb18030 and index gb18030 ranges (gb18030 and GBK).
//!
//! Pointer `row * 190 + col`: leads 0x81..=0xA0 (rows 0..32) are GBK/3, all
//! ideographs in Unicode order; leads 0xA1..=0xFE are two row tables, the right
//! half (trails 0xA1..=0xFE, GB2312's area) and the left half (trails
//! 0x40..=0xA0), whose GBK/4 rows continue the ideographs in Unicode order.

use super::encode::{Block, EncodeTable, Found, Runs};
use super::{Bits, PairTable, Rows, Span};
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
/// The rows of [`RIGHT`] before the hanzi that are stored in its pool (the others
/// before the hanzi are runs of the Private Use Area).
const RIGHT_TOP_ROWS: usize = g::GB18030_HANZI_POOL / 94;

/// Whether [`RIGHT`]'s pool holds rows `0..RIGHT_TOP_ROWS` and then the rows from
/// the hanzi on, in order: the layout [`GB18030_PAIRS`] reads.
const fn right_pool_in_order() -> bool {
    let gap = g::GB18030_HANZI_ROW - RIGHT_TOP_ROWS;
    let stored = g::GB18030_RIGHT_POOL.len() / 94;
    let mut row = 0;
    while row < 94 {
        let d = g::GB18030_RIGHT_DESC[row] as usize;
        let want = if row < RIGHT_TOP_ROWS {
            Some(row)
        } else if row >= g::GB18030_HANZI_ROW && row - gap < stored {
            Some(row - gap)
        } else {
            None
        };
        match want {
            Some(w) if d != w => return false,
            None if d < stored => return false,
            _ => {}
        }
        row += 1;
    }
    true
}
const _: () = assert!(right_pool_in_order() && g::GB18030_HANZI_POOL.is_multiple_of(94));

/// gb18030's (and GBK's) right half (leads and trails 0xA1..=0xFE: GB2312's symbols,
/// punctuation and hanzi) for the vector decoder, read straight from [`RIGHT`]'s
/// pool: the rows of Private Use Area runs between the symbols and the hanzi are the
/// row hole.
pub(crate) static GB18030_PAIRS: PairTable = PairTable::euc(
    RIGHT_TOP_ROWS as u8,
    (g::GB18030_HANZI_ROW - RIGHT_TOP_ROWS) as u8,
    0,
    &g::GB18030_RIGHT_POOL,
);

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
/// U+4E00..=U+9FA5: the GB2312 hanzi (set bits, their pointers by rank) and the
/// GBK/3 and GBK/4 ideographs (clear bits, in Unicode order).
const HANZI: Block = Block {
    first: 0x4E00,
    len: 0x9FA5 - 0x4E00 + 1,
    bits: HANZI_BITS,
    set: Found::Coded(&g::GB18030_HANZI_CODES, code_pointer),
    clear: Found::Ordered(gbk_ideograph_pointer),
};

/// Index gb18030 pointer (the first) of each BMP code point.
const ENCODE: EncodeTable = EncodeTable {
    pages: [&g::GB18030_ENC_PAGE_3000, &g::GB18030_ENC_PAGE_FF00],
    page_code: Some(code_pointer),
    block: HANZI,
    next: None,
    runs: Runs {
        cp: &g::GB18030_ENC_RUN_CP,
        len: &g::GB18030_ENC_RUN_LEN,
        pointer: &g::GB18030_ENC_RUN_POINTER,
        width: &g::GB18030_ENC_RUN_WIDTH,
        stride: 190,
    },
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

/// The two bytes of index gb18030 pointer `pointer` (below 126 * 190), as
/// `lead << 8 | trail` (as gen makes the tables).
#[cfg(test)]
fn pointer_code(pointer: u16) -> u16 {
    let lead = pointer / 190 + 0x81;
    let trail = pointer % 190;
    let offset = if trail < 0x3F { 0x40 } else { 0x41 };
    lead << 8 | (trail + offset)
}

/// The pointer of the bytes `code` ([`pointer_code`] undone).
fn code_pointer(code: u16) -> u16 {
    let (lead, trail) = (code >> 8, code & 0xFF);
    let offset = if trail < 0x7F { 0x40 } else { 0x41 };
    // Wrapping: the codes are made from pointers, so nothing wraps in fact.
    (lead.wrapping_sub(0x81))
        .wrapping_mul(190)
        .wrapping_add(trail)
        .wrapping_sub(offset)
}

/// The bytes (`lead << 8 | trail`) of the text's common characters: the pages and
/// the GB2312 hanzi, for the encoders' inner loop; `None` for the others (which
/// may still be mapped). The bytes are read from the tables as they are, without
/// the pointer's division by 190.
#[inline(always)]
pub(crate) fn gb18030_encode_hot_code(c: u16) -> Option<u16> {
    ENCODE.encode_hot_code(c)
}

/// Index gb18030 pointer (the first) for a BMP code point, if the index has it.
// Out of line: the encoders call it for what [`gb18030_encode_hot_code`] leaves.
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The hot path's bytes and the full lookup's pointer agree on every BMP code
    /// point, and the stored codes round-trip through their pointers.
    #[test]
    fn hot_codes_agree_with_pointers() {
        let mut hot = 0;
        for c in 0..=0xFFFF {
            if let Some(code) = gb18030_encode_hot_code(c) {
                assert_eq!(gb18030_encode(c), Some(code_pointer(code)), "U+{c:04X}");
                hot += 1;
            }
        }
        assert!(hot >= g::GB18030_HANZI_CODES.len());
        for &code in &g::GB18030_HANZI_CODES {
            assert_eq!(pointer_code(code_pointer(code)), code);
        }
    }
}
