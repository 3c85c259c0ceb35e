//! Index Big5: one dense decode table from pointer `BIG5_FIRST` (lead 0x87), its
//! astral code points (all U+2xxxx) escaped as 0xD800 + an index into a side table.

use super::encode::{sorted, Block, Cells, EncodeTable, Found, Runs, Window};
use super::Bits;
use crate::generated::cjk as g;

/// Index Big5 pointer of each BMP code point (the spec's rule: pointers from
/// (0xA1 - 0x81) × 157, the last one for six code points).
const ENCODE: EncodeTable = EncodeTable {
    block: Block {
        first: 0x4E00,
        len: 0x5200,
        bits: Bits {
            words: &g::BIG5_IDEO_BITS,
            ranks: &g::BIG5_IDEO_RANKS,
        },
        set: Found::Hinted(Window {
            hints: &g::BIG5_IDEO_HINTS,
            start: g::BIG5_IDEO_HINT_START,
            log2: g::BIG5_IDEO_HINT_LOG2,
            cells: Cells::Dense {
                pool: &g::BIG5_DECODE,
                first: g::BIG5_FIRST,
            },
        }),
        clear: Found::Elsewhere,
    },
    next: None,
    runs: Runs {
        cp: &g::BIG5_ENC_RUN_CP,
        len: &g::BIG5_ENC_RUN_LEN,
        pointer: &g::BIG5_ENC_RUN_POINTER,
        width: &g::BIG5_ENC_RUN_WIDTH,
        stride: 157,
    },
    runs_first: false,
    keys: &g::BIG5_ENC_KEYS,
    values: &g::BIG5_ENC_VALUES,
};

/// Index Big5 code point (0 if unmapped).
#[inline(always)]
pub(crate) fn big5_decode(pointer: usize) -> u32 {
    let Some(i) = pointer.checked_sub(g::BIG5_FIRST) else {
        return 0;
    };
    let v = g::BIG5_DECODE.get(i).copied().unwrap_or(0);
    if (0xD800..0xE000).contains(&v) {
        return astral(v);
    }
    u32::from(v)
}

/// Index Big5 code point for a pointer, or 0 if unmapped or astral: the hot
/// loop's lookup.
#[inline(always)]
pub(crate) fn big5_decode_bmp(pointer: usize) -> u16 {
    let v = g::BIG5_DECODE
        .get(pointer.wrapping_sub(g::BIG5_FIRST))
        .copied()
        .unwrap_or(0);
    if v.wrapping_sub(0xD800) < 0x800 {
        return 0;
    }
    v
}

/// The astral code point escaped as `v` (0xD800 + index) in the decode table.
#[cold]
fn astral(v: u16) -> u32 {
    g::BIG5_ASTRAL_LOW
        .get(usize::from(v - 0xD800))
        .map_or(0, |&low| 0x20000 | u32::from(low))
}

/// Index Big5 pointer (the spec's rule: pointers from (0xA1 - 0x81) × 157, the
/// last one for six code points), if any.
// Out of line: the encoders call it once per non-ASCII character from several
// places; inlined, it would copy the whole pipeline into each.
#[inline(never)]
pub(crate) fn big5_encode(c: u32) -> Option<u16> {
    match u16::try_from(c) {
        Ok(c) => ENCODE.encode(c),
        Err(_) if c >> 16 == 2 => sorted(
            &g::BIG5_ENC_ASTRAL_KEYS,
            &g::BIG5_ENC_ASTRAL_VALUES,
            c as u16,
        ),
        Err(_) => None,
    }
}
