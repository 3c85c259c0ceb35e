//! EUC-KR: the spec's decoder and encoder over index EUC-KR (KS X 1001 and the
//! Unified Hangul Code extension, leads 0x81..=0xFE, trails 0x41..=0xFE).

use crate::codec::two_byte::{self, Bytes, TwoByte, TwoByteDecoder};
use crate::codec::Unmappables;
use crate::handles::{ByteDest, Source};
use crate::result::EncoderResult;
use crate::tables::cjk;

/// EUC-KR's two-byte structure.
#[derive(Clone, Debug, Default)]
pub(crate) struct EucKr;

impl TwoByte for EucKr {
    #[inline(always)]
    fn pair(lead: u8, trail: u8) -> u32 {
        if !(0x41..=0xFE).contains(&trail) {
            return 0;
        }
        u32::from(cjk::euc_kr_decode(
            usize::from(lead - 0x81),
            usize::from(trail - 0x41),
        ))
    }

    #[inline(always)]
    fn hot(lead: u8, trail: u8) -> u16 {
        let Some((r, c)) = two_byte::euc_row_col(lead, trail) else {
            return 0;
        };
        if let Some(h) = cjk::euc_kr_ks_hangul(r, c) {
            return h;
        }
        cjk::euc_kr_ks(r, c)
    }

    const PAIRS: Option<&'static cjk::PairTable> = Some(&cjk::EUC_KR_PAIRS);
}

/// The EUC-KR decoder: a lead byte from an earlier buffer.
pub(crate) type EucKrDecoder = TwoByteDecoder<EucKr>;

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
        |c| cjk::euc_kr_encode_hot_code(c).map(|v| Bytes::Two((v >> 8) as u8, v as u8)),
        |c| cjk::euc_kr_encode(u16::try_from(u32::from(c)).ok()?).map(bytes),
    )
}

/// The two bytes of index EUC-KR pointer `pointer`.
#[inline(always)]
fn bytes(pointer: u16) -> Bytes {
    Bytes::Two((pointer / 190 + 0x81) as u8, (pointer % 190 + 0x41) as u8)
}
