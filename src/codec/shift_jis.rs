//! Shift_JIS: the spec's decoder (index jis0208, the EUDC range as Private Use, the
//! single bytes 0x80 and 0xA1..=0xDF) and encoder (the index Shift_JIS pointer).

use crate::codec::two_byte::{self, Bytes, Lead, TwoByte, TwoByteDecoder};
use crate::codec::Unmappables;
use crate::handles::{ByteDest, Source};
use crate::result::EncoderResult;
use crate::tables::cjk;

/// Shift_JIS's two-byte structure.
#[derive(Clone, Debug, Default)]
pub(crate) struct ShiftJis;

impl TwoByte for ShiftJis {
    #[inline(always)]
    fn lead(b: u8) -> Lead {
        match b {
            0x80 => Lead::Char(0x80),
            0xA1..=0xDF => Lead::Char(0xFF61 - 0xA1 + u16::from(b)),
            0x81..=0x9F | 0xE0..=0xFC => Lead::Start,
            _ => Lead::Bad,
        }
    }

    #[inline(always)]
    fn pair(lead: u8, trail: u8) -> u32 {
        if !matches!(trail, 0x40..=0x7E | 0x80..=0xFC) {
            return 0;
        }
        let offset = if trail < 0x7F { 0x40 } else { 0x41 };
        let lead_offset = if lead < 0xA0 { 0x81 } else { 0xC1 };
        let pointer = usize::from(lead - lead_offset) * 188 + usize::from(trail - offset);
        if (8836..=10715).contains(&pointer) {
            // EUDC: Private Use.
            return (0xE000 - 8836 + pointer) as u32;
        }
        u32::from(cjk::jis0208_decode_pointer(pointer))
    }

    #[inline(always)]
    fn hot(lead: u8, trail: u8) -> u16 {
        // Leads 0x81..=0x9F and 0xE0..=0xFC are 0xA1..=0xDC with bit 5 flipped.
        let row = (lead ^ 0x20).wrapping_sub(0xA1);
        let col = TRAIL[usize::from(trail)];
        if row >= 0x3C || col == 0xFF {
            return 0;
        }
        cjk::jis0208_span_pointer(usize::from(row) * 188 + usize::from(col))
    }

    const PAIRS: Option<&'static cjk::PairTable> = Some(&cjk::SHIFT_JIS_PAIRS);
}

/// The column of each trail byte (0x40..=0x7E and 0x80..=0xFC), or 0xFF.
static TRAIL: [u8; 256] = two_byte::columns(&[(0x40, 0x7E), (0x80, 0xFC)]);

/// The Shift_JIS decoder: a lead byte from an earlier buffer.
pub(crate) type ShiftJisDecoder = TwoByteDecoder<ShiftJis>;

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
        |c| cjk::jis0208_shift_jis_encode_hot_code(c).map(row_col_bytes),
        |c| {
            let c = u16::try_from(u32::from(c)).ok()?;
            // The index first: none of the special cases below is in it.
            match cjk::jis0208_shift_jis_encode(c) {
                Some(pointer) => Some(bytes(pointer)),
                None => special(c),
            }
        },
    )
}

/// The two bytes of index Shift_JIS pointer `pointer`.
#[inline(always)]
fn bytes(pointer: u16) -> Bytes {
    let lead = pointer / 188;
    let lead_offset = if lead < 0x1F { 0x81 } else { 0xC1 };
    let trail = pointer % 188;
    let offset = if trail < 0x3F { 0x40 } else { 0x41 };
    Bytes::Two((lead + lead_offset) as u8, (trail + offset) as u8)
}

/// [`bytes`] of pointer `row * 94 + col` given as `row << 8 | col`: pointer / 188
/// is row / 2, pointer % 188 is (row % 2) * 94 + col, without a division. The lead
/// byte comes from [`ROW_LEAD`]; the trail is col + 0x40, plus 95 on odd rows (94
/// columns and the offset 0x41) and 1 from column 0x3F on even ones (the gap at
/// 0x7F).
#[inline(always)]
fn row_col_bytes(code: u16) -> Bytes {
    let (row, col) = (usize::from(code >> 8), (code & 0xFF) as u8);
    let odd = (row & 1) as u8;
    let trail = col + 0x40 + odd * 95 + ((odd ^ 1) & u8::from(col >= 0x3F));
    Bytes::Two(ROW_LEAD[row & 0x7F], trail)
}

/// The lead byte of each row of index jis0208 (two rows a lead: 0x81.., then
/// 0xE0.. from row 62).
static ROW_LEAD: [u8; 128] = {
    let mut t = [0; 128];
    let mut row = 0;
    while row < 128 {
        let lead = row / 2;
        t[row] = (lead + if lead < 0x1F { 0x81 } else { 0xC1 }) as u8;
        row += 1;
    }
    t
};

/// The code points the encoder handles before looking up the index.
#[inline(never)]
fn special(c: u16) -> Option<Bytes> {
    match c {
        0x80 => Some(Bytes::One(0x80)),
        0xA5 => Some(Bytes::One(0x5C)),
        0x203E => Some(Bytes::One(0x7E)),
        0xFF61..=0xFF9F => Some(Bytes::One((c - 0xFF61 + 0xA1) as u8)),
        0x2212 => cjk::jis0208_shift_jis_encode(0xFF0D).map(bytes),
        _ => None,
    }
}
