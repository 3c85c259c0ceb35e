//! Streaming conversions in chunks, into caller buffers: [`Wtf8Encoder`] (UTF-16 to
//! WTF-8) and [`Wtf8Decoder`] (WTF-8 bytes to UTF-16).

use super::convert::{convert_utf16_to_wtf8, wtf8_to_utf16};
use super::scan::{four_bytes, is_lead, is_trail, pair, seq_at, three_bytes, Seq};
use crate::{CoderResult, DecoderResult};

/// Converts potentially ill-formed UTF-16 that comes in chunks to WTF-8.
///
/// The output of any split of the input into chunks (the last call with
/// `last = true`) is exactly [`super::convert_utf16_to_wtf8`]'s output for the whole
/// input: a lead surrogate at the end of a chunk is read and held until the next
/// call, so a pair split between two chunks becomes one four-byte sequence.
///
/// ```
/// use textcodec::{wtf8::Wtf8Encoder, CoderResult};
///
/// let mut encoder = Wtf8Encoder::new();
/// let mut out = [0u8; 16];
/// let (result, read, written) = encoder.encode_from_utf16(&[0x61, 0xD83D], &mut out, false);
/// assert_eq!((result, read, written), (CoderResult::InputEmpty, 2, 1));
/// assert!(encoder.has_pending_state());
/// let (result, read, more) = encoder.encode_from_utf16(&[0xDE00], &mut out[1..], true);
/// assert_eq!((result, read, more), (CoderResult::InputEmpty, 1, 4));
/// assert_eq!(&out[..5], "a😀".as_bytes());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Wtf8Encoder {
    /// A lead surrogate read at the end of the previous chunk.
    pending: Option<u16>,
}

impl Wtf8Encoder {
    /// A new encoder.
    pub const fn new() -> Self {
        Wtf8Encoder { pending: None }
    }

    /// Whether a lead surrogate from the previous chunk is held.
    pub fn has_pending_state(&self) -> bool {
        self.pending.is_some()
    }

    /// The most bytes the next call can write for `units` code units of input (with
    /// what is held), or `None` if that overflows `usize`. A buffer of this size lets
    /// the call read all of its input.
    pub fn max_buffer_length(&self, units: usize) -> Option<usize> {
        super::max_wtf8_len_from_utf16(units.checked_add(usize::from(self.pending.is_some()))?)
    }

    /// Converts `src` into `dst`; `last` says that no more input follows.
    ///
    /// Returns (result, code units read, bytes written). [`CoderResult::OutputFull`]
    /// means the next code point (or pair) did not fit: call again with the rest of
    /// the input and more room. An output buffer of at least 4 bytes always lets a
    /// call make progress. The bytes written by successive calls, concatenated, are
    /// well-formed WTF-8.
    pub fn encode_from_utf16(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        last: bool,
    ) -> (CoderResult, usize, usize) {
        let (mut r, mut w) = (0, 0);
        if let Some(lead) = self.pending {
            match src.first() {
                Some(&trail) if is_trail(trail) => {
                    let Some(d) = dst.get_mut(..4) else {
                        return (CoderResult::OutputFull, 0, 0);
                    };
                    d.copy_from_slice(&four_bytes(pair(lead, trail)));
                    (r, w) = (1, 4);
                }
                None if !last => return (CoderResult::InputEmpty, 0, 0),
                _ => {
                    let Some(d) = dst.get_mut(..3) else {
                        return (CoderResult::OutputFull, 0, 0);
                    };
                    d.copy_from_slice(&three_bytes(lead));
                    w = 3;
                }
            }
            self.pending = None;
        }
        // A lead surrogate at the end of a chunk that is not the last waits.
        let end = match src.last() {
            Some(&u) if !last && is_lead(u) && r < src.len() => src.len() - 1,
            _ => src.len(),
        };
        let (rr, ww) = convert_utf16_to_wtf8(&src[r..end], &mut dst[w..]);
        r += rr;
        w += ww;
        if r < end {
            return (CoderResult::OutputFull, r, w);
        }
        if end < src.len() {
            self.pending = Some(src[end]);
            r = src.len();
        }
        (CoderResult::InputEmpty, r, w)
    }
}

/// Converts WTF-8 bytes that come in chunks to (potentially ill-formed) UTF-16,
/// checking them.
///
/// Any split of the input into chunks (the last call with `last = true`) gives the
/// same output and the same errors as the whole input in one call. A sequence cut at
/// the end of a chunk is read and held until the next call.
///
/// Ill-formed input is reported as [`DecoderResult::Malformed`]`(length, 0)`, as
/// [`crate::Decoder`] does for UTF-8: `length` bytes (some possibly from earlier
/// chunks) ending where the read count stops form an ill-formed sequence: a byte
/// that cannot start a sequence, a lead byte with the continuation bytes that fit
/// it before one that does not, a sequence cut off by the end of the input, or a
/// trail surrogate sequence (3 bytes) directly after a lead surrogate sequence (the
/// lead's unit was already written). Calling again with the rest of the input goes
/// on after it, as [`super::wtf8_valid_up_to`] would from there.
///
/// ```
/// use textcodec::{wtf8::Wtf8Decoder, DecoderResult};
///
/// let mut decoder = Wtf8Decoder::new();
/// let mut out = [0u16; 8];
/// let (result, read, written) = decoder.decode_to_utf16(b"a\xED\xA0", &mut out, false);
/// assert_eq!((result, read, written), (DecoderResult::InputEmpty, 3, 1));
/// let (result, read, more) = decoder.decode_to_utf16(b"\xBDb", &mut out[1..], true);
/// assert_eq!((result, read, more), (DecoderResult::InputEmpty, 2, 2));
/// assert_eq!(&out[..3], &[0x61, 0xD83D, 0x62]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Wtf8Decoder {
    /// The bytes of a sequence cut at the end of the previous chunk.
    partial: [u8; 3],
    /// How many of `partial` are in use.
    partial_len: u8,
    /// Whether the last sequence written was a lead surrogate.
    after_lead: bool,
}

impl Wtf8Decoder {
    /// A new decoder.
    pub const fn new() -> Self {
        Wtf8Decoder {
            partial: [0; 3],
            partial_len: 0,
            after_lead: false,
        }
    }

    /// Whether bytes of a cut sequence are held from the previous chunk.
    pub fn has_pending_state(&self) -> bool {
        self.partial_len != 0
    }

    /// The most code units the next call can write for `bytes` bytes of input (with
    /// what is held), or `None` if that overflows `usize`. A buffer of this size lets
    /// the call read all of its input (unless it reports an error).
    pub fn max_utf16_buffer_length(&self, bytes: usize) -> Option<usize> {
        bytes.checked_add(usize::from(self.partial_len))
    }

    /// Converts `src` into `dst`; `last` says that no more input follows.
    ///
    /// Returns (result, bytes read, code units written). [`DecoderResult::OutputFull`]
    /// means the next code point did not fit: call again with the rest of the input
    /// and more room. An output buffer of at least 2 units always lets a call make
    /// progress.
    pub fn decode_to_utf16(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        last: bool,
    ) -> (DecoderResult, usize, usize) {
        let (mut r, mut w) = (0, 0);
        if self.partial_len != 0 {
            let held = usize::from(self.partial_len);
            let mut seq = [0u8; 4];
            seq[..held].copy_from_slice(&self.partial[..held]);
            let more = src.len().min(4 - held);
            seq[held..held + more].copy_from_slice(&src[..more]);
            match seq_at(&seq[..held + more]) {
                Seq::Char(c, len) => {
                    let (k, x) = match self.emit(c, dst) {
                        Some(k) => k,
                        None => return (DecoderResult::OutputFull, 0, 0),
                    };
                    if !x {
                        self.partial_len = 0;
                        return (DecoderResult::Malformed(3, 0), len - held, 0);
                    }
                    r = len - held;
                    w = k;
                }
                Seq::Truncated(len) => {
                    // All of `src` went into the sequence (it is still short).
                    if last {
                        self.partial_len = 0;
                        self.after_lead = false;
                        return (DecoderResult::Malformed(len as u8, 0), src.len(), 0);
                    }
                    self.partial[..len].copy_from_slice(&seq[..len]);
                    self.partial_len = len as u8;
                    return (DecoderResult::InputEmpty, src.len(), 0);
                }
                Seq::Invalid(len) => {
                    self.partial_len = 0;
                    self.after_lead = false;
                    return (DecoderResult::Malformed(len as u8, 0), len - held, 0);
                }
            }
            self.partial_len = 0;
        }
        loop {
            let (rr, ww, after_lead) = wtf8_to_utf16(&src[r..], &mut dst[w..], self.after_lead);
            r += rr;
            w += ww;
            self.after_lead = after_lead;
            let rest = &src[r..];
            if rest.is_empty() {
                return (DecoderResult::InputEmpty, r, w);
            }
            match seq_at(rest) {
                Seq::Char(c, len) => match self.emit(c, &mut dst[w..]) {
                    // Stopped before a character that did not fit.
                    None => return (DecoderResult::OutputFull, r, w),
                    Some((_, false)) => return (DecoderResult::Malformed(3, 0), r + len, w),
                    // Not reached: the kernel stops only for room or at errors.
                    Some((k, true)) => {
                        r += len;
                        w += k;
                    }
                },
                Seq::Truncated(len) => {
                    r = src.len();
                    if last {
                        self.after_lead = false;
                        return (DecoderResult::Malformed(len as u8, 0), r, w);
                    }
                    self.partial[..len].copy_from_slice(rest);
                    self.partial_len = len as u8;
                    return (DecoderResult::InputEmpty, r, w);
                }
                Seq::Invalid(len) => {
                    self.after_lead = false;
                    return (DecoderResult::Malformed(len as u8, 0), r + len, w);
                }
            }
        }
    }

    /// Writes code point `c` to the start of `dst`: `None` if it does not fit, else
    /// (units written, true), or (0, false) if it is a trail surrogate directly after
    /// a lead surrogate (ill-formed; the state is reset past it).
    fn emit(&mut self, c: u32, dst: &mut [u16]) -> Option<(usize, bool)> {
        let u = c as u16;
        if c <= 0xFFFF && self.after_lead && is_trail(u) {
            self.after_lead = false;
            return Some((0, false));
        }
        let k = if c > 0xFFFF {
            let d = dst.get_mut(..2)?;
            d[0] = 0xD7C0 + (c >> 10) as u16;
            d[1] = 0xDC00 | (c & 0x3FF) as u16;
            2
        } else {
            *dst.first_mut()? = u;
            1
        };
        self.after_lead = c <= 0xFFFF && is_lead(u);
        Some((k, true))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_lead_then_trail_is_malformed() {
        let mut d = Wtf8Decoder::new();
        let mut out = [0u16; 4];
        assert_eq!(
            d.decode_to_utf16(b"\xED\xA0\x80\xED\xB0", &mut out, false),
            (DecoderResult::InputEmpty, 5, 1)
        );
        assert_eq!(
            d.decode_to_utf16(b"\x80a", &mut out[1..], true),
            (DecoderResult::Malformed(3, 0), 1, 0)
        );
        assert_eq!(
            d.decode_to_utf16(b"a", &mut out[1..], true),
            (DecoderResult::InputEmpty, 1, 1)
        );
    }
}
