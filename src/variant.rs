//! The single match-dispatch point over the per-family state machines.

use crate::codec::{
    big5, euc_jp, euc_kr, gb18030, iso_2022_jp, replacement, shift_jis, single_byte, utf16, utf8,
    x_user_defined, Unmappables,
};
use crate::handles::{ByteDest, CodeUnit, SliceDest, Source};
use crate::result::{DecoderResult, EncoderResult};
use crate::simd;
use crate::tables::single_byte::SingleByteTable;

/// What an [`crate::Encoding`] is, in terms of the state machine that implements it.
#[derive(Debug)]
pub(crate) enum VariantEncoding {
    Utf8,
    Utf16Be,
    Utf16Le,
    SingleByte(&'static SingleByteTable),
    XUserDefined,
    Replacement,
    Gb18030,
    Gbk,
    Big5,
    EucJp,
    Iso2022Jp,
    ShiftJis,
    EucKr,
}

impl VariantEncoding {
    /// A fresh decoder's state.
    pub(crate) fn new_decoder(&self) -> VariantDecoder {
        match *self {
            VariantEncoding::Utf8 => VariantDecoder::Utf8(utf8::Utf8Decoder::default()),
            VariantEncoding::Utf16Be => VariantDecoder::Utf16(utf16::Utf16Decoder::new(true)),
            VariantEncoding::Utf16Le => VariantDecoder::Utf16(utf16::Utf16Decoder::new(false)),
            VariantEncoding::SingleByte(table) => {
                VariantDecoder::SingleByte(single_byte::SingleByteDecoder { table })
            }
            VariantEncoding::XUserDefined => VariantDecoder::XUserDefined,
            VariantEncoding::Replacement => {
                VariantDecoder::Replacement(replacement::ReplacementDecoder::default())
            }
            VariantEncoding::Gb18030 | VariantEncoding::Gbk => {
                VariantDecoder::Gb18030(gb18030::Gb18030Decoder::default())
            }
            VariantEncoding::Big5 => VariantDecoder::Big5(big5::Big5Decoder::default()),
            VariantEncoding::EucJp => VariantDecoder::EucJp(euc_jp::EucJpDecoder::default()),
            VariantEncoding::Iso2022Jp => {
                VariantDecoder::Iso2022Jp(iso_2022_jp::Iso2022JpDecoder::default())
            }
            VariantEncoding::ShiftJis => {
                VariantDecoder::ShiftJis(shift_jis::ShiftJisDecoder::default())
            }
            VariantEncoding::EucKr => VariantDecoder::EucKr(euc_kr::EucKrDecoder::default()),
        }
    }

    /// A fresh encoder's state; `self` is an output encoding.
    pub(crate) fn new_encoder(&self) -> VariantEncoder {
        match *self {
            VariantEncoding::SingleByte(table) => {
                VariantEncoder::SingleByte(single_byte::SingleByteEncoder { table })
            }
            VariantEncoding::XUserDefined => {
                VariantEncoder::SingleByte(single_byte::SingleByteEncoder {
                    table: &x_user_defined::TABLE,
                })
            }
            VariantEncoding::Gb18030 => {
                VariantEncoder::Gb18030(gb18030::Gb18030Encoder { is_gbk: false })
            }
            VariantEncoding::Gbk => {
                VariantEncoder::Gb18030(gb18030::Gb18030Encoder { is_gbk: true })
            }
            VariantEncoding::Big5 => VariantEncoder::Big5,
            VariantEncoding::EucJp => VariantEncoder::EucJp,
            VariantEncoding::Iso2022Jp => {
                VariantEncoder::Iso2022Jp(iso_2022_jp::Iso2022JpEncoder::default())
            }
            VariantEncoding::ShiftJis => VariantEncoder::ShiftJis,
            VariantEncoding::EucKr => VariantEncoder::EucKr,
            _ => VariantEncoder::Utf8(utf8::Utf8Encoder),
        }
    }
}

/// A decoder's state machine.
#[derive(Clone, Debug)]
pub(crate) enum VariantDecoder {
    Utf8(utf8::Utf8Decoder),
    Utf16(utf16::Utf16Decoder),
    SingleByte(single_byte::SingleByteDecoder),
    XUserDefined,
    Replacement(replacement::ReplacementDecoder),
    Gb18030(gb18030::Gb18030Decoder),
    Big5(big5::Big5Decoder),
    EucJp(euc_jp::EucJpDecoder),
    Iso2022Jp(iso_2022_jp::Iso2022JpDecoder),
    ShiftJis(shift_jis::ShiftJisDecoder),
    EucKr(euc_kr::EucKrDecoder),
}

impl VariantDecoder {
    #[inline]
    fn decode<U: CodeUnit>(
        &mut self,
        src: &[u8],
        dst: &mut SliceDest<U>,
        last: bool,
    ) -> (DecoderResult, usize) {
        match self {
            VariantDecoder::Utf8(d) => d.decode(src, dst, last),
            VariantDecoder::Utf16(d) => d.decode(src, dst, last),
            VariantDecoder::SingleByte(d) => d.decode(src, dst),
            VariantDecoder::XUserDefined => x_user_defined::decode(src, dst),
            VariantDecoder::Replacement(d) => d.decode(src, dst),
            VariantDecoder::Gb18030(d) => d.decode(src, dst, last),
            VariantDecoder::Big5(d) => d.decode(src, dst, last),
            VariantDecoder::EucJp(d) => d.decode(src, dst, last),
            VariantDecoder::Iso2022Jp(d) => d.decode(src, dst, last),
            VariantDecoder::ShiftJis(d) => d.decode(src, dst, last),
            VariantDecoder::EucKr(d) => d.decode(src, dst, last),
        }
    }

    /// Decodes into UTF-8 (`u8`) or UTF-16 (`u16`): (result, bytes read, units
    /// written).
    pub(crate) fn decode_to<U: CodeUnit>(
        &mut self,
        src: &[u8],
        dst: &mut [U],
        last: bool,
    ) -> (DecoderResult, usize, usize) {
        let mut d = SliceDest::new(dst);
        let (result, read) = self.decode(src, &mut d, last);
        (result, read, d.written())
    }

    /// Bytes consumed in earlier calls that have not produced output yet.
    fn pending_len(&self) -> usize {
        match self {
            VariantDecoder::Utf8(d) => d.pending_len(),
            VariantDecoder::Utf16(d) => d.pending_len(),
            VariantDecoder::Gb18030(d) => d.pending_len(),
            VariantDecoder::Big5(d) => d.pending_len(),
            VariantDecoder::EucJp(d) => d.pending_len(),
            VariantDecoder::Iso2022Jp(d) => d.pending_len(),
            VariantDecoder::ShiftJis(d) => d.pending_len(),
            VariantDecoder::EucKr(d) => d.pending_len(),
            _ => 0,
        }
    }

    /// Worst-case UTF-8 output for `n` more bytes, with replacement: three bytes for
    /// each UTF-16 unit the same input can give (a BMP code point takes at most 3
    /// bytes for its one unit, an astral one 4 for its two).
    pub(crate) fn max_utf8_buffer_length(&self, n: usize) -> Option<usize> {
        self.max_utf16_buffer_length(n)?.checked_mul(3)
    }

    /// Worst-case UTF-8 output for `n` more bytes, without replacement.
    pub(crate) fn max_utf8_buffer_length_without_replacement(&self, n: usize) -> Option<usize> {
        match self {
            // Valid UTF-8 is copied; a pending sequence completes to at most 4 bytes.
            VariantDecoder::Utf8(_) => n.checked_add(3),
            _ => self.max_utf8_buffer_length(n),
        }
    }

    /// Worst-case UTF-16 output for `n` more bytes, with replacement.
    pub(crate) fn max_utf16_buffer_length(&self, n: usize) -> Option<usize> {
        let n = n.checked_add(self.pending_len())?;
        match self {
            // Every byte may become U+FFFD; a pending sequence adds one more.
            VariantDecoder::Utf8(_) => n.checked_add(1),
            // Every unit gives one unit, and a dangling byte or surrogate one more
            // U+FFFD.
            VariantDecoder::Utf16(_) => (n / 2).checked_add(1),
            VariantDecoder::SingleByte(_) | VariantDecoder::XUserDefined => Some(n),
            VariantDecoder::Replacement(_) => Some(1),
            // The CJK decoders: at most one unit per byte, pending or new (astral
            // code points and Big5's pairs come from two or more bytes).
            VariantDecoder::Gb18030(_)
            | VariantDecoder::Big5(_)
            | VariantDecoder::EucJp(_)
            | VariantDecoder::Iso2022Jp(_)
            | VariantDecoder::ShiftJis(_)
            | VariantDecoder::EucKr(_) => Some(n),
        }
    }

    /// See [`crate::Decoder::latin1_byte_compatible_up_to`]; `None` when not neutral.
    pub(crate) fn latin1_byte_compatible_up_to(&self, src: &[u8]) -> Option<usize> {
        match self {
            VariantDecoder::SingleByte(d) => Some(d.latin1_byte_compatible_up_to(src)),
            VariantDecoder::Iso2022Jp(d) => {
                d.is_neutral().then(|| iso_2022_jp::ascii_prefix(src).len())
            }
            VariantDecoder::Utf16(_) | VariantDecoder::Replacement(_) => None,
            // The other ASCII-compatible decoders: ASCII decodes to itself (and
            // nothing else does) when no sequence is pending.
            _ => (self.pending_len() == 0).then(|| crate::simd::ascii_valid_up_to(src)),
        }
    }
}

/// An encoder's state machine.
#[derive(Clone, Debug)]
pub(crate) enum VariantEncoder {
    Utf8(utf8::Utf8Encoder),
    /// The single-byte encodings and x-user-defined.
    SingleByte(single_byte::SingleByteEncoder),
    Gb18030(gb18030::Gb18030Encoder),
    Big5,
    EucJp,
    Iso2022Jp(iso_2022_jp::Iso2022JpEncoder),
    ShiftJis,
    EucKr,
}

/// A CJK encoder (with its state, if it has one).
enum Cjk<'a> {
    Gb18030(&'a mut gb18030::Gb18030Encoder),
    Big5,
    EucJp,
    Iso2022Jp(&'a mut iso_2022_jp::Iso2022JpEncoder),
    ShiftJis,
    EucKr,
}

/// A CJK encoder's call, run by [`simd::with_popcnt`]: their tables' rank
/// bitmaps count bits for every ideograph (gb18030 1.96x encoding_rs from UTF-8
/// on zh_cn.txt with the software count, 2.63x with the instruction; Big5 2.02x and
/// 2.77x, EUC-KR 1.56x and 2.13x, ISO-2022-JP 0.93x and 1.04x; AVX2 tier, Zen 5).
struct CjkEncode<'a, 'b, S> {
    encoder: Cjk<'a>,
    src: &'a mut S,
    dst: &'a mut ByteDest<'b>,
    last: bool,
    unmappables: &'a mut Unmappables,
}

impl<S: Source> simd::PopcntWork for CjkEncode<'_, '_, S> {
    type Out = EncoderResult;

    #[inline(always)]
    fn run(self) -> EncoderResult {
        let CjkEncode {
            encoder,
            src,
            dst,
            last,
            unmappables: u,
        } = self;
        match encoder {
            Cjk::Gb18030(e) => e.encode(src, dst, u),
            Cjk::Big5 => big5::encode(src, dst, u),
            Cjk::EucJp => euc_jp::encode(src, dst, u),
            Cjk::Iso2022Jp(e) => e.encode(src, dst, last, u),
            Cjk::ShiftJis => shift_jis::encode(src, dst, u),
            Cjk::EucKr => euc_kr::encode(src, dst, u),
        }
    }
}

/// Runs a CJK encoder by [`simd::with_popcnt`].
#[inline(always)]
fn cjk<S: Source>(
    encoder: Cjk<'_>,
    src: &mut S,
    dst: &mut ByteDest,
    last: bool,
    unmappables: &mut Unmappables,
) -> EncoderResult {
    simd::with_popcnt(CjkEncode {
        encoder,
        src,
        dst,
        last,
        unmappables,
    })
}

impl VariantEncoder {
    /// Encodes from `src` into `dst`; the source tracks how much was read.
    /// Unmappable characters are reported or replaced as `unmappables` says.
    #[inline]
    pub(crate) fn encode<S: Source>(
        &mut self,
        src: &mut S,
        dst: &mut ByteDest,
        last: bool,
        unmappables: &mut Unmappables,
    ) -> EncoderResult {
        let u = unmappables;
        match self {
            VariantEncoder::Utf8(e) => e.encode(src, dst),
            VariantEncoder::SingleByte(e) => e.encode(src, dst, u),
            VariantEncoder::Gb18030(e) => cjk(Cjk::Gb18030(e), src, dst, last, u),
            VariantEncoder::Big5 => cjk(Cjk::Big5, src, dst, last, u),
            VariantEncoder::EucJp => cjk(Cjk::EucJp, src, dst, last, u),
            VariantEncoder::Iso2022Jp(e) => cjk(Cjk::Iso2022Jp(e), src, dst, last, u),
            VariantEncoder::ShiftJis => cjk(Cjk::ShiftJis, src, dst, last, u),
            VariantEncoder::EucKr => cjk(Cjk::EucKr, src, dst, last, u),
        }
    }

    /// Whether the encoder holds state that `last` would flush (ISO-2022-JP not in
    /// its ASCII state).
    pub(crate) fn has_pending_state(&self) -> bool {
        match self {
            VariantEncoder::Iso2022Jp(e) => e.has_pending_state(),
            _ => false,
        }
    }

    /// Worst-case output for `n` UTF-8 bytes of input when nothing is unmappable.
    pub(crate) fn max_from_utf8(&self, n: usize) -> Option<usize> {
        match self {
            // U+0080..U+07FF: two bytes in, four out.
            VariantEncoder::Gb18030(e) if !e.is_gbk => n.checked_mul(2),
            // Per character: an escape (3) and 2 bytes, or an escape and 1 byte, and
            // the final return to ASCII. The worst is a 2-byte character in jis0208
            // and an ASCII one after it, 9 bytes for 3.
            VariantEncoder::Iso2022Jp(_) => n.checked_mul(3)?.checked_add(3),
            // At most two bytes per character, which takes two or more bytes in UTF-8.
            _ => Some(n),
        }
    }

    /// Worst-case output for `n` UTF-16 units of input when nothing is unmappable.
    pub(crate) fn max_from_utf16(&self, n: usize) -> Option<usize> {
        match self {
            VariantEncoder::Utf8(_) => n.checked_mul(3),
            // Four bytes for one unit.
            VariantEncoder::Gb18030(e) if !e.is_gbk => n.checked_mul(4),
            // At most 9 bytes per 2 units, plus the final return to ASCII.
            VariantEncoder::Iso2022Jp(_) => {
                n.checked_mul(4)?.checked_add(n / 2 + 1)?.checked_add(3)
            }
            VariantEncoder::Gb18030(_)
            | VariantEncoder::Big5
            | VariantEncoder::EucJp
            | VariantEncoder::ShiftJis
            | VariantEncoder::EucKr => n.checked_mul(2),
            _ => Some(n),
        }
    }
}
