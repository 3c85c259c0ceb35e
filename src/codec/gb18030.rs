//! gb18030 and GBK: the spec's gb18030 decoder (shared by GBK) and the gb18030
//! encoder with its "is GBK" flag.
//!
//! Where the spec restores bytes after an invalid third or fourth byte, the second
//! byte (always an ASCII digit) is consumed and kept as `pending_ascii`, written
//! right after the U+FFFD, and a restored third byte becomes the pending first
//! byte; this gives the `Malformed(1, 1)` and `Malformed(1, 2)` reports of
//! encoding_rs.

use crate::codec::two_byte::{self, Bytes, Lead, TwoByte};
use crate::codec::Unmappables;
use crate::handles::{ByteDest, CodeUnit, SliceDest, Source};
use crate::result::{DecoderResult, EncoderResult};
use crate::tables::cjk;

/// The spec's gb18030 decoder state (first, second, third; 0 = none) plus an ASCII
/// digit still to be written.
#[derive(Clone, Debug, Default)]
pub(crate) struct Gb18030Decoder {
    first: u8,
    second: u8,
    third: u8,
    pending_ascii: u8,
}

/// What a first byte and a second byte outside 0x30..=0x39 decode to.
#[inline(always)]
fn two_byte(first: u8, second: u8) -> u16 {
    if !matches!(second, 0x40..=0x7E | 0x80..=0xFE) {
        return 0;
    }
    let offset = if second < 0x7F { 0x40 } else { 0x41 };
    cjk::gb18030_decode(usize::from(first - 0x81), usize::from(second - offset))
}

/// The one and two-byte sequences, for the hot loop.
struct Gb18030;

impl TwoByte for Gb18030 {
    #[inline(always)]
    fn lead(b: u8) -> Lead {
        match b {
            0x80 => Lead::Char(0x20AC),
            0x81..=0xFE => Lead::Start,
            _ => Lead::Bad,
        }
    }

    #[inline(always)]
    fn pair(lead: u8, trail: u8) -> u32 {
        // A digit starts a four-byte sequence: left to the full decoder.
        if (0x30..=0x39).contains(&trail) {
            return 0;
        }
        u32::from(two_byte(lead, trail))
    }

    #[inline(always)]
    fn hot(lead: u8, trail: u8) -> u16 {
        let Some((row, col)) = two_byte::euc_row_col(lead, trail) else {
            return 0;
        };
        cjk::gb18030_right(row, col)
    }

    const PAIRS: Option<&'static cjk::PairTable> = Some(&cjk::GB18030_PAIRS);
}

/// The code point of a four-byte sequence (its bytes in range), if any.
#[inline]
fn four_byte(first: u8, second: u8, third: u8, fourth: u8) -> Option<char> {
    let pointer = u32::from(first - 0x81) * (10 * 126 * 10)
        + u32::from(second - 0x30) * (10 * 126)
        + u32::from(third - 0x81) * 10
        + u32::from(fourth - 0x30);
    cjk::gb18030_range_decode(pointer)
}

impl Gb18030Decoder {
    /// Bytes consumed in earlier calls that have not produced output yet.
    pub(crate) fn pending_len(&self) -> usize {
        usize::from(self.first != 0)
            + usize::from(self.second != 0)
            + usize::from(self.third != 0)
            + usize::from(self.pending_ascii != 0)
    }

    /// Decodes into `dst`; returns the result and the bytes read.
    pub(crate) fn decode<U: CodeUnit>(
        &mut self,
        src: &[u8],
        dst: &mut SliceDest<U>,
        last: bool,
    ) -> (DecoderResult, usize) {
        if self.pending_ascii != 0 {
            if !dst.try_push_bmp(u16::from(self.pending_ascii)) {
                return (DecoderResult::OutputFull, 0);
            }
            self.pending_ascii = 0;
        }
        let mut r = 0;
        // A sequence begun in an earlier buffer, a byte at a time as the spec does.
        while self.first != 0 {
            let Some(&b) = src.get(r) else {
                if !last {
                    return (DecoderResult::InputEmpty, r);
                }
                if dst.room() < U::FFFD_LEN {
                    return (DecoderResult::OutputFull, r);
                }
                let bad = 1 + u8::from(self.second != 0) + u8::from(self.third != 0);
                *self = Gb18030Decoder::default();
                return (DecoderResult::Malformed(bad, 0), r);
            };
            if self.third != 0 {
                if !(0x30..=0x39).contains(&b) {
                    if dst.room() < U::FFFD_LEN {
                        return (DecoderResult::OutputFull, r);
                    }
                    // Restore second, third, byte: the digit is written next, the
                    // third byte becomes the first, the byte is reread.
                    self.pending_ascii = self.second;
                    self.first = self.third;
                    self.second = 0;
                    self.third = 0;
                    return (DecoderResult::Malformed(1, 2), r);
                }
                match four_byte(self.first, self.second, self.third, b) {
                    Some(c) => {
                        if !dst.try_push(c) {
                            return (DecoderResult::OutputFull, r);
                        }
                        *self = Gb18030Decoder::default();
                        r += 1;
                    }
                    None => {
                        if dst.room() < U::FFFD_LEN {
                            return (DecoderResult::OutputFull, r);
                        }
                        *self = Gb18030Decoder::default();
                        return (DecoderResult::Malformed(4, 0), r + 1);
                    }
                }
            } else if self.second != 0 {
                if (0x81..=0xFE).contains(&b) {
                    self.third = b;
                    r += 1;
                    continue;
                }
                if dst.room() < U::FFFD_LEN {
                    return (DecoderResult::OutputFull, r);
                }
                // Restore second, byte.
                self.pending_ascii = self.second;
                self.first = 0;
                self.second = 0;
                return (DecoderResult::Malformed(1, 1), r);
            } else if (0x30..=0x39).contains(&b) {
                self.second = b;
                r += 1;
            } else {
                let c = two_byte(self.first, b);
                if c == 0 {
                    if dst.room() < U::FFFD_LEN {
                        return (DecoderResult::OutputFull, r);
                    }
                    self.first = 0;
                    // An ASCII byte is restored (left unread).
                    return if b < 0x80 {
                        (DecoderResult::Malformed(1, 0), r)
                    } else {
                        (DecoderResult::Malformed(2, 0), r + 1)
                    };
                }
                if !dst.try_push_bmp(c) {
                    return (DecoderResult::OutputFull, r);
                }
                self.first = 0;
                r += 1;
            }
        }
        loop {
            r += two_byte::run::<Gb18030, U>(&src[r..], dst);
            let Some(&b) = src.get(r) else {
                return (DecoderResult::InputEmpty, r);
            };
            match b {
                0x00..=0x7F => {
                    let n = two_byte::ascii(&src[r..], dst);
                    if n == 0 {
                        return (DecoderResult::OutputFull, r);
                    }
                    r += n;
                    continue;
                }
                0x80 => {
                    if !dst.try_push_bmp(0x20AC) {
                        return (DecoderResult::OutputFull, r);
                    }
                    r += 1;
                    continue;
                }
                0xFF => {
                    if dst.room() < U::FFFD_LEN {
                        return (DecoderResult::OutputFull, r);
                    }
                    return (DecoderResult::Malformed(1, 0), r + 1);
                }
                _ => {}
            }
            // A first byte: look at the rest of the sequence in this buffer; if it
            // ends early, keep what there is (or report it when `last`).
            let rest = &src[r + 1..];
            let Some(&b2) = rest.first() else {
                return self.ends_early(dst, last, r, &[b]);
            };
            if !(0x30..=0x39).contains(&b2) {
                let c = two_byte(b, b2);
                if c == 0 {
                    if dst.room() < U::FFFD_LEN {
                        return (DecoderResult::OutputFull, r);
                    }
                    return if b2 < 0x80 {
                        (DecoderResult::Malformed(1, 0), r + 1)
                    } else {
                        (DecoderResult::Malformed(2, 0), r + 2)
                    };
                }
                if !dst.try_push_bmp(c) {
                    return (DecoderResult::OutputFull, r);
                }
                r += 2;
                continue;
            }
            let Some(&b3) = rest.get(1) else {
                return self.ends_early(dst, last, r, &[b, b2]);
            };
            if !(0x81..=0xFE).contains(&b3) {
                if dst.room() < U::FFFD_LEN {
                    return (DecoderResult::OutputFull, r);
                }
                self.pending_ascii = b2;
                return (DecoderResult::Malformed(1, 1), r + 2);
            }
            let Some(&b4) = rest.get(2) else {
                return self.ends_early(dst, last, r, &[b, b2, b3]);
            };
            if !(0x30..=0x39).contains(&b4) {
                if dst.room() < U::FFFD_LEN {
                    return (DecoderResult::OutputFull, r);
                }
                self.pending_ascii = b2;
                self.first = b3;
                return (DecoderResult::Malformed(1, 2), r + 3);
            }
            match four_byte(b, b2, b3, b4) {
                Some(c) => {
                    if !dst.try_push(c) {
                        return (DecoderResult::OutputFull, r);
                    }
                    r += 4;
                }
                None => {
                    if dst.room() < U::FFFD_LEN {
                        return (DecoderResult::OutputFull, r);
                    }
                    return (DecoderResult::Malformed(4, 0), r + 4);
                }
            }
        }
    }

    /// The input ends inside a sequence (`seq`, starting at `r`): keep it for the
    /// next buffer, or report it as one error when this is the last buffer.
    #[cold]
    fn ends_early<U: CodeUnit>(
        &mut self,
        dst: &mut SliceDest<U>,
        last: bool,
        r: usize,
        seq: &[u8],
    ) -> (DecoderResult, usize) {
        let end = r + seq.len();
        if last {
            if dst.room() < U::FFFD_LEN {
                return (DecoderResult::OutputFull, r);
            }
            return (DecoderResult::Malformed(seq.len() as u8, 0), end);
        }
        self.first = seq[0];
        self.second = seq.get(1).copied().unwrap_or(0);
        self.third = seq.get(2).copied().unwrap_or(0);
        (DecoderResult::InputEmpty, end)
    }
}

/// The GB18030-2022 side table of the spec's gb18030 encoder: Private Use code
/// points that keep their GB18030-2005 two-byte sequences.
const PUA_SIDE_TABLE: [(u16, [u8; 2]); 18] = [
    (0xE78D, [0xA6, 0xD9]),
    (0xE78E, [0xA6, 0xDA]),
    (0xE78F, [0xA6, 0xDB]),
    (0xE790, [0xA6, 0xDC]),
    (0xE791, [0xA6, 0xDD]),
    (0xE792, [0xA6, 0xDE]),
    (0xE793, [0xA6, 0xDF]),
    (0xE794, [0xA6, 0xEC]),
    (0xE795, [0xA6, 0xED]),
    (0xE796, [0xA6, 0xF3]),
    (0xE81E, [0xFE, 0x59]),
    (0xE826, [0xFE, 0x61]),
    (0xE82B, [0xFE, 0x66]),
    (0xE82C, [0xFE, 0x67]),
    (0xE832, [0xFE, 0x6D]),
    (0xE843, [0xFE, 0x7E]),
    (0xE854, [0xFE, 0x90]),
    (0xE864, [0xFE, 0xA0]),
];

/// The two bytes of index gb18030 pointer `pointer`.
#[inline(always)]
fn bytes(pointer: u16) -> Bytes {
    let lead = (pointer / 190 + 0x81) as u8;
    let trail = (pointer % 190) as u8;
    let offset = if trail < 0x3F { 0x40 } else { 0x41 };
    Bytes::Two(lead, trail + offset)
}

/// The bytes for `c` (not ASCII), as the spec's gb18030 encoder with `is_gbk`.
// Out of line: the encoder's loop calls it for what `gb18030_encode_hot_code` leaves.
#[inline(never)]
fn encode_char(c: char, is_gbk: bool) -> Option<Bytes> {
    let c = u32::from(c);
    if let Ok(bmp) = u16::try_from(c) {
        if bmp == 0xE5E5 {
            return None;
        }
        if is_gbk && bmp == 0x20AC {
            return Some(Bytes::One(0x80));
        }
        if (0xE78D..=0xE864).contains(&bmp) {
            if let Ok(i) = PUA_SIDE_TABLE.binary_search_by_key(&bmp, |e| e.0) {
                let [a, b] = PUA_SIDE_TABLE[i].1;
                return Some(Bytes::Two(a, b));
            }
        }
        if let Some(pointer) = cjk::gb18030_encode(bmp) {
            return Some(bytes(pointer));
        }
    }
    if is_gbk {
        return None;
    }
    let pointer = cjk::gb18030_range_encode(c);
    let b1 = pointer / (10 * 126 * 10);
    let pointer = pointer % (10 * 126 * 10);
    let b2 = pointer / (10 * 126);
    let pointer = pointer % (10 * 126);
    let b3 = pointer / 10;
    let b4 = pointer % 10;
    Some(Bytes::Four([
        (b1 + 0x81) as u8,
        (b2 + 0x30) as u8,
        (b3 + 0x81) as u8,
        (b4 + 0x30) as u8,
    ]))
}

/// The gb18030 encoder (`is_gbk` false) or the GBK encoder (true).
#[derive(Clone, Debug)]
pub(crate) struct Gb18030Encoder {
    pub(crate) is_gbk: bool,
}

impl Gb18030Encoder {
    /// Encodes from `src` into `dst` (inlined into [`crate::simd::with_popcnt`]'s
    /// scope).
    #[inline(always)]
    pub(crate) fn encode<S: Source>(
        &mut self,
        src: &mut S,
        dst: &mut ByteDest,
        unmappables: &mut Unmappables,
    ) -> EncoderResult {
        // The hot characters (the pages and the ideographs) are none of the
        // special cases of `encode_char`.
        let hot = |c| cjk::gb18030_encode_hot_code(c).map(|v| Bytes::Two((v >> 8) as u8, v as u8));
        // One loop for both: `is_gbk` only matters to the out-of-line
        // `encode_char`, so a loop per value would only double the code.
        let is_gbk = self.is_gbk;
        two_byte::encode(src, dst, unmappables, hot, move |c| encode_char(c, is_gbk))
    }
}
