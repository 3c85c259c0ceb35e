//! Index EUC-KR: KS X 1001 (leads and trails 0xA1..=0xFE) as a row table whose
//! Hangul rows are a [`Groups`] sequence and whose hanja rows are a span, and the
//! Unified Hangul Code syllables around it in Unicode order.
//!
//! Pointer `row * 190 + col`; Unified Hangul Code fills columns 0..=25, 32..=57
//! and 64..=189 of the rows of leads 0x81..=0xA0 (178 syllables each), then
//! columns below 96 of the rows of leads 0xA1..=0xC6 (84 each).

use super::encode::{Block, EncodeTable, Found, Runs};
use super::{Bits, Groups, PairTable, Rows, Span};
use crate::generated::cjk as g;

/// KS X 1001's rows of symbols, letters and kana (leads 0xA1..=0xAC, stored in
/// [`KS`]'s pool from row 0), three empty rows, and the rows of Hangul (leads
/// 0xB0..=0xC8) for the vector decoder; built at compile time. With the empty rows
/// as cells (0: unmapped) rather than a row hole, the table is plain
/// ([`PairTable::is_plain`]): the decoder's quickest check of the bytes.
pub(crate) static EUC_KR_PAIRS: PairTable = PairTable::euc(0, 0, 0, &KS_CELLS);

/// The rows before the empty ones.
const SYMBOL_ROWS: usize = 12;

/// The cells of [`EUC_KR_PAIRS`].
static KS_CELLS: [u16; (g::EUC_KR_HANGUL_ROW + g::EUC_KR_HANGUL_ROWS) * 94] = ks_cells();

/// See [`KS_CELLS`]: the pool's rows `0..SYMBOL_ROWS`, zeros up to the Hangul, then
/// [`Groups::get_full`] of each Hangul cell.
const fn ks_cells() -> [u16; (g::EUC_KR_HANGUL_ROW + g::EUC_KR_HANGUL_ROWS) * 94] {
    let mut t = [0; (g::EUC_KR_HANGUL_ROW + g::EUC_KR_HANGUL_ROWS) * 94];
    let mut row = 0;
    while row < g::EUC_KR_HANGUL_ROW {
        // The pool holds rows `0..SYMBOL_ROWS` in order, and none of the others up
        // to the Hangul.
        let d = g::EUC_KR_KS_DESC[row] as usize;
        assert!(if row < SYMBOL_ROWS {
            d == row
        } else {
            d == 0xFFFF
        });
        row += 1;
    }
    let mut k = 0;
    while k < SYMBOL_ROWS * 94 {
        t[k] = g::EUC_KR_KS_POOL[k];
        k += 1;
    }
    let mut h = 0;
    while h < g::EUC_KR_HANGUL_ROWS * 94 {
        let base = g::EUC_KR_KS_HANGUL_BASES[h / 16];
        // No wide groups (they would be read through `wide`).
        assert!(base & 0x8000 == 0);
        t[g::EUC_KR_HANGUL_ROW * 94 + h] = 0xAC00 + base + g::EUC_KR_KS_HANGUL_DELTAS[h] as u16;
        h += 1;
    }
    t
}

/// KS X 1001 (Hangul rows are special).
const KS: Rows = Rows {
    desc: &g::EUC_KR_KS_DESC,
    pool: &g::EUC_KR_KS_POOL,
    runs: &[],
    width: 94,
};
/// The hanja rows of [`KS`].
const HANJA_ROWS: Span = Span {
    pool: &g::EUC_KR_KS_POOL,
    first_row: g::EUC_KR_HANJA_ROW,
    rows: g::EUC_KR_HANJA_ROWS,
    start: g::EUC_KR_HANJA_POOL,
    width: 94,
};
/// KS X 1001 Hangul in row order, as offsets from U+AC00.
const KS_HANGUL: Groups = Groups {
    bases: &g::EUC_KR_KS_HANGUL_BASES,
    deltas: &g::EUC_KR_KS_HANGUL_DELTAS,
    wide: &[],
};
/// Unified Hangul Code syllables in the rows of 178.
const EXT_TOP: usize = g::EUC_KR_EXT_TOP_ROWS * g::EUC_KR_EXT_TOP_WIDTH;

/// U+AC00..=U+D7A3: set for KS X 1001 Hangul, clear for Unified Hangul Code.
const HANGUL_BITS: Bits = Bits {
    words: &g::EUC_KR_HANGUL_BITS,
    ranks: &g::EUC_KR_HANGUL_RANKS,
};
/// U+AC00..=U+D7A3: KS X 1001 Hangul (set bits) and Unified Hangul Code (clear
/// bits), each in Unicode order.
const HANGUL: Block = Block {
    first: 0xAC00,
    len: 11172,
    bits: HANGUL_BITS,
    set: Found::Ordered(ks_hangul_pointer),
    clear: Found::Ordered(ext_hangul_pointer),
};

/// Index EUC-KR pointer of each BMP code point.
const ENCODE: EncodeTable = EncodeTable {
    pages: [&g::EUC_KR_ENC_PAGE_3000, &g::EUC_KR_ENC_PAGE_FF00],
    page_code: None,
    block: HANGUL,
    // U+4E00..=U+9FFF: the hanja, their pointers by rank.
    next: Some(Block {
        first: 0x4E00,
        len: 0x5200,
        bits: Bits {
            words: &g::EUC_KR_HANJA_BITS,
            ranks: &g::EUC_KR_HANJA_RANKS,
        },
        set: Found::Direct(&g::EUC_KR_HANJA_POINTERS),
        clear: Found::Elsewhere,
    }),
    runs: Runs {
        cp: &g::EUC_KR_ENC_RUN_CP,
        len: &g::EUC_KR_ENC_RUN_LEN,
        pointer: &g::EUC_KR_ENC_RUN_POINTER,
        width: &g::EUC_KR_ENC_RUN_WIDTH,
        stride: 190,
    },
    keys: &g::EUC_KR_ENC_KEYS,
    values: &g::EUC_KR_ENC_VALUES,
};

/// Index EUC-KR code point for pointer `row * 190 + col` (`col < 190`); 0 if
/// unmapped.
#[inline(always)]
pub(crate) fn euc_kr_decode(row: usize, col: usize) -> u16 {
    if row >= 32 && col >= 96 {
        return euc_kr_ks(row - 32, col - 96);
    }
    let i = match col {
        0..=25 => col,
        32..=57 => col - 6,
        64..=189 => col - 12,
        _ => return 0,
    };
    let k = if row < g::EUC_KR_EXT_TOP_ROWS {
        row * g::EUC_KR_EXT_TOP_WIDTH + i
    } else {
        EXT_TOP + (row - g::EUC_KR_EXT_TOP_ROWS) * g::EUC_KR_EXT_LEFT_WIDTH + i
    };
    if k < g::EUC_KR_EXT_LEN {
        ext_hangul(k)
    } else {
        0
    }
}

/// Index EUC-KR code point for pointer `(r + 32) * 190 + 96 + c` (`c < 94`: KS X
/// 1001, both bytes 0xA1..=0xFE); 0 if unmapped.
#[inline(always)]
pub(crate) fn euc_kr_ks(r: usize, c: usize) -> u16 {
    let h = r.wrapping_sub(g::EUC_KR_HANGUL_ROW);
    if h < g::EUC_KR_HANGUL_ROWS {
        return KS_HANGUL.get(h * 94 + c).map_or(0, |v| 0xAC00 + v);
    }
    HANJA_ROWS.get(r, c).unwrap_or_else(|| KS.get(r, c))
}

/// The KS X 1001 Hangul syllable at `r`, `c` (as for [`euc_kr_ks`]), or `None`
/// outside the syllables' rows; `Some(0)` if unmapped.
#[inline(always)]
pub(crate) fn euc_kr_ks_hangul(r: usize, c: usize) -> Option<u16> {
    let h = r.wrapping_sub(g::EUC_KR_HANGUL_ROW);
    if h < g::EUC_KR_HANGUL_ROWS {
        // KS X 1001's 2350 syllables fill their rows: no cell is unmapped.
        return Some(KS_HANGUL.get_full(h * 94 + c).map_or(0, |v| 0xAC00 + v));
    }
    None
}

/// The bytes (`lead << 8 | trail`) of the text's common characters: KS X 1001
/// Hangul (from its rank, without its pointer) and the pages, for the encoders'
/// inner loop; `None` for the others (which may still be mapped).
#[inline(always)]
pub(crate) fn euc_kr_encode_hot_code(c: u16) -> Option<u16> {
    let i = usize::from(c.wrapping_sub(HANGUL.first));
    if i < HANGUL.len {
        let (bit, k) = HANGUL_BITS.get_rank1(i);
        // The bytes of `ks_hangul_pointer(k)`: lead 0x81 + 32 + its row, trail
        // 0x41 + 96 + its column.
        let code = ((0xA1 + g::EUC_KR_HANGUL_ROW + k / 94) << 8) | (0xA1 + k % 94);
        return bit.then_some(code as u16);
    }
    ENCODE
        .encode_hot(c)
        .map(|p| ((p / 190 + 0x81) << 8) | (p % 190 + 0x41))
}

/// The `k`-th Unified Hangul Code syllable.
#[inline(never)]
fn ext_hangul(k: usize) -> u16 {
    0xAC00 + HANGUL_BITS.select0(k) as u16
}

/// The pointer of the `k`-th KS X 1001 syllable: rows of 94 from the first
/// Hangul row.
fn ks_hangul_pointer(k: usize) -> usize {
    (32 + g::EUC_KR_HANGUL_ROW + k / 94) * 190 + 96 + k % 94
}

/// The pointer of the `k`-th Unified Hangul Code syllable (see the module docs).
fn ext_hangul_pointer(k: usize) -> usize {
    let (row, idx) = if k < EXT_TOP {
        (k / g::EUC_KR_EXT_TOP_WIDTH, k % g::EUC_KR_EXT_TOP_WIDTH)
    } else {
        let j = k - EXT_TOP;
        (
            g::EUC_KR_EXT_TOP_ROWS + j / g::EUC_KR_EXT_LEFT_WIDTH,
            j % g::EUC_KR_EXT_LEFT_WIDTH,
        )
    };
    let col = match idx {
        0..=25 => idx,
        26..=51 => idx + 6,
        _ => idx + 12,
    };
    row * 190 + col
}

/// Index EUC-KR pointer for a BMP code point, if any.
// Out of line: the encoders call it for what [`euc_kr_encode_hot_code`] leaves.
#[inline(never)]
pub(crate) fn euc_kr_encode(c: u16) -> Option<u16> {
    ENCODE.encode(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hot path's bytes and the full lookup's pointer agree on every BMP code
    /// point.
    #[test]
    fn hot_codes_agree_with_pointers() {
        let mut hot = 0;
        for c in 0..=0xFFFF {
            if let Some(code) = euc_kr_encode_hot_code(c) {
                let (lead, trail) = (code >> 8, code & 0xFF);
                let pointer = (lead - 0x81) * 190 + trail - 0x41;
                assert_eq!(euc_kr_encode(c), Some(pointer), "U+{c:04X}");
                hot += 1;
            }
        }
        // Every KS X 1001 syllable, at least.
        assert!(hot >= 2350);
    }
}
