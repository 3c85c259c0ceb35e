//! The single match-dispatch point over the per-family state machines.

use crate::buffer::{ByteDest, Dest, Utf16Dest, Utf8Dest};
use crate::codec::{replacement, single_byte, utf16, utf8, x_user_defined};
use crate::encoder::Source;
use crate::tables::single_byte::SingleByteTable;
use crate::{DecoderResult, EncoderResult};

/// What an [`crate::Encoding`] is, in terms of the state machine that implements it.
#[derive(Debug)]
pub(crate) enum VariantEncoding {
    Utf8,
    Utf16Be,
    Utf16Le,
    SingleByte(&'static SingleByteTable),
    XUserDefined,
    Replacement,
    /// One of the seven CJK encodings, whose codecs are not built yet: `for_label`
    /// answers `None` for their labels and their statics are not public.
    NotYetSupported,
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
            VariantEncoding::Replacement | VariantEncoding::NotYetSupported => {
                VariantDecoder::Replacement(replacement::ReplacementDecoder::default())
            }
        }
    }

    /// A fresh encoder's state; `self` is an output encoding.
    pub(crate) fn new_encoder(&self) -> VariantEncoder {
        match *self {
            VariantEncoding::SingleByte(table) => {
                VariantEncoder::SingleByte(single_byte::SingleByteEncoder { table })
            }
            VariantEncoding::XUserDefined => VariantEncoder::XUserDefined,
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
}

impl VariantDecoder {
    #[inline]
    fn decode<D: Dest + utf8::Utf8Bulk>(
        &mut self,
        src: &[u8],
        dst: &mut D,
        last: bool,
    ) -> (DecoderResult, usize) {
        match self {
            VariantDecoder::Utf8(d) => d.decode(src, dst, last),
            VariantDecoder::Utf16(d) => d.decode(src, dst, last),
            VariantDecoder::SingleByte(d) => d.decode(src, dst),
            VariantDecoder::XUserDefined => x_user_defined::decode(src, dst),
            VariantDecoder::Replacement(d) => d.decode(src, dst),
        }
    }

    /// Decodes into UTF-8: (result, bytes read, bytes written).
    pub(crate) fn decode_to_utf8(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> (DecoderResult, usize, usize) {
        let mut d = Utf8Dest::new(dst);
        let (result, read) = self.decode(src, &mut d, last);
        (result, read, d.written())
    }

    /// Decodes into UTF-16: (result, bytes read, units written).
    pub(crate) fn decode_to_utf16(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        last: bool,
    ) -> (DecoderResult, usize, usize) {
        let mut d = Utf16Dest::new(dst);
        let (result, read) = self.decode(src, &mut d, last);
        (result, read, d.written())
    }

    /// Bytes consumed in earlier calls that have not produced output yet.
    fn pending_len(&self) -> usize {
        match self {
            VariantDecoder::Utf8(d) => d.pending_len(),
            VariantDecoder::Utf16(d) => d.pending_len(),
            _ => 0,
        }
    }

    /// Worst-case UTF-8 output for `n` more bytes, with replacement.
    pub(crate) fn max_utf8_buffer_length(&self, n: usize) -> Option<usize> {
        let n = n.checked_add(self.pending_len())?;
        match self {
            // Every byte may become U+FFFD; a pending sequence adds one more.
            VariantDecoder::Utf8(_) => n.checked_add(1)?.checked_mul(3),
            // Every unit becomes at most 3 bytes (a pair: 4 bytes from 2 units),
            // and a dangling byte or surrogate one more U+FFFD.
            VariantDecoder::Utf16(_) => (n / 2).checked_add(1)?.checked_mul(3),
            VariantDecoder::SingleByte(_) | VariantDecoder::XUserDefined => n.checked_mul(3),
            VariantDecoder::Replacement(_) => Some(3),
        }
    }

    /// Worst-case UTF-8 output for `n` more bytes, without replacement.
    pub(crate) fn max_utf8_buffer_length_without_replacement(&self, n: usize) -> Option<usize> {
        match self {
            // Valid UTF-8 is copied; a pending sequence completes to at most 4 bytes.
            VariantDecoder::Utf8(_) => n.checked_add(3),
            _ => self.max_utf8_buffer_length(n),
        }
    }

    /// Worst-case UTF-16 output for `n` more bytes.
    pub(crate) fn max_utf16_buffer_length(&self, n: usize) -> Option<usize> {
        let n = n.checked_add(self.pending_len())?;
        match self {
            VariantDecoder::Utf8(_) => n.checked_add(1),
            VariantDecoder::Utf16(_) => (n / 2).checked_add(1),
            VariantDecoder::SingleByte(_) | VariantDecoder::XUserDefined => Some(n),
            VariantDecoder::Replacement(_) => Some(1),
        }
    }

    /// See [`crate::Decoder::latin1_byte_compatible_up_to`]; `None` when not neutral.
    pub(crate) fn latin1_byte_compatible_up_to(&self, src: &[u8]) -> Option<usize> {
        match self {
            VariantDecoder::Utf8(d) if !d.has_pending() => Some(crate::simd::ascii_valid_up_to(src)),
            VariantDecoder::SingleByte(d) => Some(d.latin1_byte_compatible_up_to(src)),
            VariantDecoder::XUserDefined => Some(crate::simd::ascii_valid_up_to(src)),
            _ => None,
        }
    }
}

/// An encoder's state machine.
#[derive(Clone, Debug)]
pub(crate) enum VariantEncoder {
    Utf8(utf8::Utf8Encoder),
    SingleByte(single_byte::SingleByteEncoder),
    XUserDefined,
}

impl VariantEncoder {
    /// Encodes from `src` into `dst`; the source tracks how much was read.
    #[inline]
    pub(crate) fn encode<S: Source>(
        &mut self,
        src: &mut S,
        dst: &mut ByteDest,
        _last: bool,
    ) -> EncoderResult {
        match self {
            VariantEncoder::Utf8(e) => e.encode(src, dst),
            VariantEncoder::SingleByte(e) => e.encode(src, dst),
            VariantEncoder::XUserDefined => x_user_defined::encode(src, dst),
        }
    }

    /// Whether the encoder holds state that `last` would flush.
    pub(crate) fn has_pending_state(&self) -> bool {
        false
    }

    /// Worst-case output for `n` UTF-8 bytes of input when nothing is unmappable.
    pub(crate) fn max_from_utf8(&self, n: usize) -> Option<usize> {
        Some(n)
    }

    /// Worst-case output for `n` UTF-16 units of input when nothing is unmappable.
    pub(crate) fn max_from_utf16(&self, n: usize) -> Option<usize> {
        match self {
            VariantEncoder::Utf8(_) => n.checked_mul(3),
            _ => Some(n),
        }
    }
}
