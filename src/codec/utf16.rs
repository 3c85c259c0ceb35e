//! UTF-16BE and UTF-16LE decoders, exactly as the spec's shared UTF-16 decoder:
//! unpaired surrogates and an odd trailing byte become errors. (Their output
//! encoding is UTF-8, so there is no UTF-16 encoder.)

use crate::handles::{CodeUnit, SliceDest};
use crate::result::DecoderResult;

/// The UTF-16 decoder's state.
#[derive(Clone, Debug)]
pub(crate) struct Utf16Decoder {
    big_endian: bool,
    lead_byte: Option<u8>,
    lead_surrogate: Option<u16>,
    /// A code unit read across a buffer boundary after an unpaired high surrogate:
    /// already consumed, still to be processed.
    stashed: Option<u16>,
}

impl Utf16Decoder {
    /// A decoder for UTF-16BE (`true`) or UTF-16LE (`false`).
    pub(crate) fn new(big_endian: bool) -> Self {
        Utf16Decoder {
            big_endian,
            lead_byte: None,
            lead_surrogate: None,
            stashed: None,
        }
    }

    /// Bytes consumed but not yet turned into output.
    pub(crate) fn pending_len(&self) -> usize {
        usize::from(self.lead_byte.is_some())
            + 2 * usize::from(self.lead_surrogate.is_some())
            + 2 * usize::from(self.stashed.is_some())
    }

    #[inline]
    fn unit(&self, first: u8, second: u8) -> u16 {
        if self.big_endian {
            u16::from_be_bytes([first, second])
        } else {
            u16::from_le_bytes([first, second])
        }
    }

    /// Decodes into `dst`; returns the result and the bytes read.
    pub(crate) fn decode<U: CodeUnit>(
        &mut self,
        src: &[u8],
        dst: &mut SliceDest<U>,
        last: bool,
    ) -> (DecoderResult, usize) {
        if let Some(u) = self.stashed {
            if (0xD800..=0xDBFF).contains(&u) {
                self.lead_surrogate = Some(u);
            } else {
                // Only a unit that is not a low surrogate is stashed.
                if !dst.try_push_bmp(u) {
                    return (DecoderResult::OutputFull, 0);
                }
            }
            self.stashed = None;
        }
        let mut r = 0;
        loop {
            let (unit, consumed, straddles) = match self.lead_byte {
                Some(lead) => match src.get(r) {
                    Some(&b) => (self.unit(lead, b), 1, true),
                    None => break,
                },
                None => {
                    if self.lead_surrogate.is_none() {
                        r += self.bulk(&src[r..], dst);
                    }
                    match src.get(r..r + 2) {
                        Some(&[a, b]) => (self.unit(a, b), 2, false),
                        _ => {
                            if let Some(&b) = src.get(r) {
                                self.lead_byte = Some(b);
                                r += 1;
                            }
                            break;
                        }
                    }
                }
            };
            if let Some(high) = self.lead_surrogate {
                if (0xDC00..=0xDFFF).contains(&unit) {
                    let c =
                        0x10000 + ((u32::from(high) - 0xD800) << 10) + (u32::from(unit) - 0xDC00);
                    let c = char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER);
                    if !dst.try_push(c) {
                        return (DecoderResult::OutputFull, r);
                    }
                    self.lead_surrogate = None;
                    self.lead_byte = None;
                    r += consumed;
                    continue;
                }
                if dst.room() < U::FFFD_LEN {
                    return (DecoderResult::OutputFull, r);
                }
                // A high surrogate held from an earlier unit, then a unit that does not
                // pair with it: as encoding_rs, consume that unit with the error
                // (`Malformed(2, 2)`) and process it on the next call. (The spec
                // restores its bytes instead; the output is the same.)
                self.lead_surrogate = None;
                self.lead_byte = None;
                self.stashed = Some(unit);
                return (DecoderResult::Malformed(2, 2), r + consumed);
            }
            match unit {
                0xD800..=0xDBFF => {
                    // A high surrogate read whole with the next unit whole in the same
                    // buffer is settled at once, as encoding_rs's bulk path does: when
                    // that unit does not pair, the error is the surrogate alone
                    // (`Malformed(2, 0)`) and the unit stays unread. Otherwise (the
                    // surrogate is the buffer's last whole unit, or straddled a buffer
                    // boundary) it is held for the next unit.
                    if !straddles {
                        if let Some(&[a, b]) = src.get(r + 2..r + 4) {
                            if !(0xDC00..=0xDFFF).contains(&self.unit(a, b)) {
                                if dst.room() < U::FFFD_LEN {
                                    return (DecoderResult::OutputFull, r);
                                }
                                return (DecoderResult::Malformed(2, 0), r + 2);
                            }
                        }
                    }
                    self.lead_surrogate = Some(unit);
                    self.lead_byte = None;
                    r += consumed;
                }
                0xDC00..=0xDFFF => {
                    if dst.room() < U::FFFD_LEN {
                        return (DecoderResult::OutputFull, r);
                    }
                    self.lead_byte = None;
                    return (DecoderResult::Malformed(2, 0), r + consumed);
                }
                _ => {
                    if !dst.try_push_bmp(unit) {
                        return (DecoderResult::OutputFull, r);
                    }
                    self.lead_byte = None;
                    r += consumed;
                }
            }
        }
        if last && (self.lead_byte.is_some() || self.lead_surrogate.is_some()) {
            if dst.room() < U::FFFD_LEN {
                return (DecoderResult::OutputFull, r);
            }
            let bad = self.pending_len() as u8;
            self.lead_byte = None;
            self.lead_surrogate = None;
            return (DecoderResult::Malformed(bad, 0), r);
        }
        (DecoderResult::InputEmpty, r)
    }

    /// Converts whole code units that are not surrogates while they fit; returns bytes read.
    #[inline]
    fn bulk<U: CodeUnit>(&self, src: &[u8], dst: &mut SliceDest<U>) -> usize {
        dst.utf16_bulk(src, self.big_endian)
    }
}
