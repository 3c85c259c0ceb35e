//! UTF-8: the spec's decoder (a maximal ill-formed subpart becomes one error, an
//! ASCII byte is never swallowed) and the encoder (a copy, or a conversion from UTF-16).

use crate::handles::{ByteDest, CodeUnit, SliceDest, Source};
use crate::result::{DecoderResult, EncoderResult};

/// The bytes a lead byte needs after it, and the range its first trail byte must be in.
/// `None` for bytes that cannot start a multi-byte sequence.
#[inline]
pub(crate) fn lead_info(b: u8) -> Option<(u8, u8, u8)> {
    match b {
        0xC2..=0xDF => Some((1, 0x80, 0xBF)),
        0xE0 => Some((2, 0xA0, 0xBF)),
        0xE1..=0xEC | 0xEE..=0xEF => Some((2, 0x80, 0xBF)),
        0xED => Some((2, 0x80, 0x9F)),
        0xF0 => Some((3, 0x90, 0xBF)),
        0xF1..=0xF3 => Some((3, 0x80, 0xBF)),
        0xF4 => Some((3, 0x80, 0x8F)),
        _ => None,
    }
}

/// The UTF-8 decoder's state: a sequence begun in an earlier buffer, in the spec's
/// terms (`bytes_needed` trail bytes in all, `bytes_seen` of them seen so far, the
/// next one within `lower..=upper`).
#[derive(Clone, Debug, Default)]
pub(crate) struct Utf8Decoder {
    code_point: u32,
    bytes_seen: u8,
    bytes_needed: u8,
    lower: u8,
    upper: u8,
}

/// What one sequence starting at a lead byte amounts to.
enum Seq {
    /// A whole character of `len` bytes.
    Char(char, usize),
    /// An error: the maximal subpart is `len` bytes.
    Bad(usize),
    /// The input ends inside the sequence after `len` bytes.
    Partial(usize),
}

#[inline]
fn scan_sequence(src: &[u8]) -> Seq {
    let lead = src[0];
    let Some((needed, lower, upper)) = lead_info(lead) else {
        return Seq::Bad(1);
    };
    let mut cp = u32::from(lead) & (0x7F >> (needed + 1));
    let (mut lo, mut hi) = (lower, upper);
    for k in 1..=usize::from(needed) {
        let Some(&t) = src.get(k) else {
            return Seq::Partial(k);
        };
        if t < lo || t > hi {
            return Seq::Bad(k);
        }
        (lo, hi) = (0x80, 0xBF);
        cp = (cp << 6) | u32::from(t & 0x3F);
    }
    // The ranges above admit only scalar values.
    match char::from_u32(cp) {
        Some(c) => Seq::Char(c, usize::from(needed) + 1),
        None => Seq::Bad(1),
    }
}

impl Utf8Decoder {
    /// Whether a sequence is pending from an earlier buffer.
    pub(crate) fn has_pending(&self) -> bool {
        self.bytes_needed != 0
    }

    /// Bytes of the pending sequence (its lead and the trail bytes seen).
    pub(crate) fn pending_len(&self) -> usize {
        if self.has_pending() {
            usize::from(self.bytes_seen) + 1
        } else {
            0
        }
    }

    fn reset(&mut self) {
        *self = Utf8Decoder::default();
    }

    /// Decodes into `dst`; returns the result and the bytes read.
    pub(crate) fn decode<U: CodeUnit>(
        &mut self,
        src: &[u8],
        dst: &mut SliceDest<U>,
        last: bool,
    ) -> (DecoderResult, usize) {
        let mut r = 0;
        // Finish a sequence begun in an earlier buffer, a byte at a time as the spec does.
        while self.bytes_needed != 0 {
            let Some(&b) = src.get(r) else {
                if !last {
                    return (DecoderResult::InputEmpty, r);
                }
                if dst.room() < U::FFFD_LEN {
                    return (DecoderResult::OutputFull, r);
                }
                let bad = self.bytes_seen + 1;
                self.reset();
                return (DecoderResult::Malformed(bad, 0), r);
            };
            if b < self.lower || b > self.upper {
                if dst.room() < U::FFFD_LEN {
                    return (DecoderResult::OutputFull, r);
                }
                let bad = self.bytes_seen + 1;
                self.reset();
                return (DecoderResult::Malformed(bad, 0), r);
            }
            let cp = (self.code_point << 6) | u32::from(b & 0x3F);
            if self.bytes_seen + 1 == self.bytes_needed {
                let c = char::from_u32(cp).unwrap_or(char::REPLACEMENT_CHARACTER);
                if !dst.try_push(c) {
                    return (DecoderResult::OutputFull, r);
                }
                self.reset();
            } else {
                self.code_point = cp;
                self.bytes_seen += 1;
                self.lower = 0x80;
                self.upper = 0xBF;
            }
            r += 1;
        }
        loop {
            r += dst.utf8_bulk(&src[r..]);
            if r == src.len() {
                return (DecoderResult::InputEmpty, r);
            }
            // The bulk kernel stopped at an invalid or incomplete sequence, or for room.
            match scan_sequence(&src[r..]) {
                Seq::Char(c, len) => {
                    if !dst.try_push(c) {
                        return (DecoderResult::OutputFull, r);
                    }
                    r += len;
                }
                Seq::Bad(len) => {
                    if dst.room() < U::FFFD_LEN {
                        return (DecoderResult::OutputFull, r);
                    }
                    return (DecoderResult::Malformed(len as u8, 0), r + len);
                }
                Seq::Partial(len) => {
                    if last {
                        if dst.room() < U::FFFD_LEN {
                            return (DecoderResult::OutputFull, r);
                        }
                        return (DecoderResult::Malformed(len as u8, 0), r + len);
                    }
                    let lead = src[r];
                    let (needed, lower, upper) = lead_info(lead).unwrap_or((1, 0x80, 0xBF));
                    let mut cp = u32::from(lead) & (0x7F >> (needed + 1));
                    for &t in &src[r + 1..r + len] {
                        cp = (cp << 6) | u32::from(t & 0x3F);
                    }
                    self.code_point = cp;
                    self.bytes_needed = needed;
                    self.bytes_seen = len as u8 - 1;
                    (self.lower, self.upper) = if len == 1 {
                        (lower, upper)
                    } else {
                        (0x80, 0xBF)
                    };
                    return (DecoderResult::InputEmpty, src.len());
                }
            }
        }
    }
}

/// The UTF-8 encoder: stateless.
#[derive(Clone, Debug, Default)]
pub(crate) struct Utf8Encoder;

impl Utf8Encoder {
    /// Encodes from `src` into `dst`.
    pub(crate) fn encode<S: Source>(&mut self, src: &mut S, dst: &mut ByteDest) -> EncoderResult {
        loop {
            src.bulk_to_utf8(dst);
            let before = src.pos();
            let Some(c) = src.next_char() else {
                return EncoderResult::InputEmpty;
            };
            if !dst.try_push(c) {
                src.set_pos(before);
                return EncoderResult::OutputFull;
            }
        }
    }
}
