//! Index Big5: one dense decode table from pointer `BIG5_FIRST` (lead 0x87), its
//! astral code points (all U+2xxxx) escaped as 0xD800 + an index into a side table.

use super::encode::{sorted, Block, EncodeTable, Found, Runs};
use super::{Bits, PairTable};
use crate::generated::cjk as g;

/// Big5's pairs for the vector decoder: leads 0x81..=0xFE, trails 0x40..=0x7E and
/// 0xA1..=0xFE (157 columns); the cells are the decode table (its astral escapes are
/// surrogates, which the decoder leaves to the codec).
pub(crate) static BIG5_PAIRS: PairTable = PairTable {
    lead_xor: 0,
    lead_base: 0x81,
    rows: 0xFE - 0x81 + 1,
    row_hole: 0,
    row_gap: 0,
    trail_base: 0x40,
    trail_span: 0xFE - 0x40 + 1,
    trail_gap_from: 0xA1,
    trail_gap: 0xA1 - 0x7F,
    trail_hole: 0x7F,
    trail_hole_len: 0xA1 - 0x7F,
    width: 157,
    first: g::BIG5_FIRST as u16,
    cells: &g::BIG5_DECODE,
};

/// Index Big5 pointer of each BMP code point (the spec's rule: pointers from
/// (0xA1 - 0x81) × 157, the last one for six code points).
const ENCODE: EncodeTable = EncodeTable {
    pages: [&g::BIG5_ENC_PAGE_3000, &g::BIG5_ENC_PAGE_FF00],
    page_code: Some(code_pointer),
    block: Block {
        first: 0x4E00,
        len: 0x5200,
        bits: Bits {
            words: &g::BIG5_IDEO_BITS,
            ranks: &g::BIG5_IDEO_RANKS,
        },
        set: Found::Coded(&g::BIG5_IDEO_CODES, code_pointer),
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
// Out of line: the encoders call it for what [`big5_encode_hot_code`] leaves.
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

/// The pointer of the bytes `code` (`lead << 8 | trail`, as the pages and the
/// ideographs' table hold them).
fn code_pointer(code: u16) -> u16 {
    let (lead, trail) = (code >> 8, code & 0xFF);
    let offset = if trail < 0x7F { 0x40 } else { 0x62 };
    // Wrapping: the codes are made from pointers, so nothing wraps in fact.
    (lead.wrapping_sub(0x81))
        .wrapping_mul(157)
        .wrapping_add(trail)
        .wrapping_sub(offset)
}

/// The bytes (`lead << 8 | trail`) of the text's common characters (the pages
/// and the ideographs), read from the tables without the pointer's division by
/// 157, for the encoder's inner loop; `None` for the others (which may still be
/// mapped).
#[inline(always)]
pub(crate) fn big5_encode_hot_code(c: u16) -> Option<u16> {
    ENCODE.encode_hot_code(c)
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
            if let Some(code) = big5_encode_hot_code(c) {
                assert_eq!(
                    big5_encode(u32::from(c)),
                    Some(code_pointer(code)),
                    "U+{c:04X}"
                );
                hot += 1;
            }
        }
        assert!(hot >= g::BIG5_IDEO_CODES.len());
    }
}
