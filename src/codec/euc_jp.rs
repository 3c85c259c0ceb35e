//! EUC-JP: the spec's decoder (index jis0208, halfwidth katakana after 0x8E, index
//! jis0212 after 0x8F) and encoder (jis0208 only; U+00A5, U+203E and U+2212 as the
//! spec says).

use crate::codec::two_byte::{self, Bytes, Lead, TwoByte};
use crate::codec::Unmappables;
use crate::handles::{ByteDest, CodeUnit, SliceDest, Source};
use crate::result::{DecoderResult, EncoderResult};
use crate::tables::cjk;

/// The jis0208 and halfwidth katakana pairs, for the hot loop.
struct EucJp;

impl TwoByte for EucJp {
    #[inline(always)]
    fn lead(b: u8) -> Lead {
        match b {
            0x8E | 0xA1..=0xFE => Lead::Start,
            _ => Lead::Bad,
        }
    }

    #[inline(always)]
    fn pair(lead: u8, trail: u8) -> u32 {
        match (lead, trail) {
            (0x8E, 0xA1..=0xDF) => 0xFF61 - 0xA1 + u32::from(trail),
            (0xA1..=0xFE, 0xA1..=0xFE) => u32::from(cjk::jis0208_decode(
                usize::from(lead - 0xA1),
                usize::from(trail - 0xA1),
            )),
            _ => 0,
        }
    }

    #[inline(always)]
    fn hot(lead: u8, trail: u8) -> u16 {
        let Some((row, col)) = two_byte::euc_row_col(lead, trail) else {
            return 0;
        };
        cjk::jis0208_span_pointer(row * 94 + col)
    }

    const PAIRS: Option<&'static cjk::PairTable> = Some(&cjk::EUC_JP_PAIRS);
}

/// The spec's EUC-JP decoder state: `lead` is 0, 0x8E, 0x8F or a byte
/// 0xA1..=0xFE (after 0x8F when `jis0212` is set).
#[derive(Clone, Debug, Default)]
pub(crate) struct EucJpDecoder {
    lead: u8,
    jis0212: bool,
}

impl EucJpDecoder {
    /// Bytes consumed in earlier calls that have not produced output yet.
    pub(crate) fn pending_len(&self) -> usize {
        usize::from(self.lead != 0) + usize::from(self.jis0212)
    }

    /// Decodes into `dst`; returns the result and the bytes read.
    pub(crate) fn decode<U: CodeUnit>(
        &mut self,
        src: &[u8],
        dst: &mut SliceDest<U>,
        last: bool,
    ) -> (DecoderResult, usize) {
        let mut r = 0;
        loop {
            if self.lead == 0 {
                r += two_byte::run::<EucJp, U>(&src[r..], dst);
            }
            let Some(&b) = src.get(r) else {
                if self.lead != 0 && last {
                    if dst.room() < U::FFFD_LEN {
                        return (DecoderResult::OutputFull, r);
                    }
                    let bad = 1 + u8::from(self.jis0212);
                    self.lead = 0;
                    self.jis0212 = false;
                    return (DecoderResult::Malformed(bad, 0), r);
                }
                return (DecoderResult::InputEmpty, r);
            };
            let lead = self.lead;
            if lead == 0 {
                match b {
                    0x00..=0x7F => {
                        let n = two_byte::ascii(&src[r..], dst);
                        if n == 0 {
                            return (DecoderResult::OutputFull, r);
                        }
                        r += n;
                    }
                    0x8E | 0x8F | 0xA1..=0xFE => {
                        self.lead = b;
                        r += 1;
                    }
                    _ => {
                        if dst.room() < U::FFFD_LEN {
                            return (DecoderResult::OutputFull, r);
                        }
                        return (DecoderResult::Malformed(1, 0), r + 1);
                    }
                }
                continue;
            }
            if lead == 0x8E && (0xA1..=0xDF).contains(&b) {
                let c = 0xFF61 - 0xA1 + u16::from(b);
                if !dst.try_push_bmp(c) {
                    return (DecoderResult::OutputFull, r);
                }
                self.lead = 0;
                r += 1;
                continue;
            }
            if lead == 0x8F && (0xA1..=0xFE).contains(&b) {
                self.jis0212 = true;
                self.lead = b;
                r += 1;
                continue;
            }
            let c = if (0xA1..=0xFE).contains(&lead) && (0xA1..=0xFE).contains(&b) {
                let (row, col) = (usize::from(lead - 0xA1), usize::from(b - 0xA1));
                if self.jis0212 {
                    cjk::jis0212_decode(row, col)
                } else {
                    cjk::jis0208_decode(row, col)
                }
            } else {
                0
            };
            if c != 0 {
                if !dst.try_push_bmp(c) {
                    return (DecoderResult::OutputFull, r);
                }
                self.lead = 0;
                self.jis0212 = false;
                r += 1;
                continue;
            }
            if dst.room() < U::FFFD_LEN {
                return (DecoderResult::OutputFull, r);
            }
            let bad = 1 + u8::from(self.jis0212);
            self.lead = 0;
            self.jis0212 = false;
            // The spec restores an ASCII byte: leave it unread.
            if b < 0x80 {
                return (DecoderResult::Malformed(bad, 0), r);
            }
            return (DecoderResult::Malformed(bad + 1, 0), r + 1);
        }
    }
}

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
        |c| {
            cjk::jis0208_encode_hot_code(c).map(|v| {
                Bytes::Two(
                    ((v >> 8) as u8).wrapping_add(0xA1),
                    (v as u8).wrapping_add(0xA1),
                )
            })
        },
        |c| {
            let c = u16::try_from(u32::from(c)).ok()?;
            // The index first: none of the special cases below is in it.
            match cjk::jis0208_encode(c) {
                Some(pointer) => Some(bytes(pointer)),
                None => special(c),
            }
        },
    )
}

/// The two bytes of index jis0208 pointer `pointer`.
#[inline(always)]
fn bytes(pointer: u16) -> Bytes {
    Bytes::Two((pointer / 94 + 0xA1) as u8, (pointer % 94 + 0xA1) as u8)
}

/// The code points the encoder handles before looking up the index.
#[inline(never)]
fn special(c: u16) -> Option<Bytes> {
    match c {
        0xA5 => Some(Bytes::One(0x5C)),
        0x203E => Some(Bytes::One(0x7E)),
        0xFF61..=0xFF9F => Some(Bytes::Two(0x8E, (c - 0xFF61 + 0xA1) as u8)),
        0x2212 => cjk::jis0208_encode(0xFF0D).map(bytes),
        _ => None,
    }
}
