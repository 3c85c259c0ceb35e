//! Big5: the spec's decoder (index Big5 plus four pointers that give two code
//! points) and encoder (the index Big5 pointer rule).

use crate::codec::two_byte::{self, Bytes, TwoByte, TwoByteDecoder, PAIR_OF_TWO};
use crate::codec::Unmappables;
use crate::handles::{ByteDest, Source};
use crate::result::EncoderResult;
use crate::tables::cjk;

/// Big5's two-byte structure.
#[derive(Clone, Debug, Default)]
pub(crate) struct Big5;

impl TwoByte for Big5 {
    #[inline(always)]
    fn pair(lead: u8, trail: u8) -> u32 {
        let offset = if trail < 0x7F { 0x40 } else { 0x62 };
        if !matches!(trail, 0x40..=0x7E | 0xA1..=0xFE) {
            return 0;
        }
        let pointer = usize::from(lead - 0x81) * 157 + usize::from(trail - offset);
        match cjk::big5_decode(pointer) {
            0 => special(pointer),
            c => c,
        }
    }

    #[inline(always)]
    fn hot(lead: u8, trail: u8) -> u16 {
        let row = lead.wrapping_sub(0x81);
        let col = TRAIL[usize::from(trail)];
        if row >= 0x7E || col == 0xFF {
            return 0;
        }
        cjk::big5_decode_bmp(usize::from(row) * 157 + usize::from(col))
    }

    const PAIRS: Option<&'static cjk::PairTable> = Some(&cjk::BIG5_PAIRS);
}

/// The column of each trail byte (0x40..=0x7E and 0xA1..=0xFE), or 0xFF.
static TRAIL: [u8; 256] = two_byte::columns(&[(0x40, 0x7E), (0xA1, 0xFE)]);

/// The four pointers that decode to two code points (not in index Big5).
#[cold]
fn special(pointer: usize) -> u32 {
    let (a, b) = match pointer {
        1133 => (0x00CA, 0x0304),
        1135 => (0x00CA, 0x030C),
        1164 => (0x00EA, 0x0304),
        1166 => (0x00EA, 0x030C),
        _ => return 0,
    };
    PAIR_OF_TWO + (a << 16) + b
}

/// The Big5 decoder: a lead byte from an earlier buffer.
pub(crate) type Big5Decoder = TwoByteDecoder<Big5>;

/// Encodes from `src` into `dst` (inlined into [`crate::simd::with_popcnt`]'s
/// scope).
#[inline(always)]
pub(crate) fn encode<S: Source>(
    src: &mut S,
    dst: &mut ByteDest,
    unmappables: &mut Unmappables,
) -> EncoderResult {
    two_byte::encode(
        src,
        dst,
        unmappables,
        |c| cjk::big5_encode_hot_code(c).map(|v| Bytes::Two((v >> 8) as u8, v as u8)),
        |c| cjk::big5_encode(u32::from(c)).map(bytes),
    )
}

/// The two bytes of index Big5 pointer `pointer`.
#[inline(always)]
fn bytes(pointer: u16) -> Bytes {
    let lead = (pointer / 157 + 0x81) as u8;
    let trail = (pointer % 157) as u8;
    let offset = if trail < 0x3F { 0x40 } else { 0x62 };
    Bytes::Two(lead, trail + offset)
}
