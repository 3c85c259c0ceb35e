//! Machinery shared by the ASCII-compatible CJK codecs: the lead/trail decoder of
//! Big5, EUC-KR and Shift_JIS, and the encoder loop of all six ASCII-compatible
//! CJK encoders.
//!
//! Error reporting follows the spec (and encoding_rs's `Malformed` numbers): a bad
//! lead is `Malformed(1, 0)`; a lead whose trail does not give a code point is
//! `Malformed(2, 0)` with the trail consumed, or `Malformed(1, 0)` with the trail
//! left unread when the trail is an ASCII byte (the spec restores it).

use core::marker::PhantomData;

use crate::codec::Unmappables;
use crate::handles::{ByteDest, CodeUnit, SliceDest, Source};
use crate::result::{DecoderResult, EncoderResult};
use crate::simd;
use crate::tables::cjk::PairTable;

/// What a non-ASCII byte means outside a sequence.
pub(crate) enum Lead {
    /// A character on its own.
    Char(u16),
    /// The first byte of a two-byte sequence.
    Start,
    /// An error.
    Bad,
}

/// A [`TwoByte::pair`] result `PAIR_OF_TWO + (first << 16) + second` (above
/// U+10FFFF) stands for two BMP code points: Big5's four combining sequences.
pub(crate) const PAIR_OF_TWO: u32 = 0x11 << 16;

/// An encoding's two-byte structure, for [`TwoByteDecoder`] and [`run`].
pub(crate) trait TwoByte {
    /// Whether bytes below 0x80 are ASCII (false: [`TwoByte::lead`] sees them too).
    const ASCII: bool = true;
    /// The first and last lead byte of two-byte sequences, for the default
    /// [`TwoByte::lead`].
    const LEADS: (u8, u8) = (0x81, 0xFE);
    /// What a non-ASCII byte means outside a sequence; by default, a lead in
    /// [`TwoByte::LEADS`] or an error.
    #[inline(always)]
    fn lead(b: u8) -> Lead {
        if (Self::LEADS.0..=Self::LEADS.1).contains(&b) {
            Lead::Start
        } else {
            Lead::Bad
        }
    }
    /// The code point of a lead and a trail byte: 0 for none (an error), or
    /// [`PAIR_OF_TWO`] plus two code points.
    fn pair(lead: u8, trail: u8) -> u32;
    /// The common case of [`TwoByte::pair`], for the hot loop: the code point of a
    /// lead and trail in the encoding's main range, or 0 for anything else (left to
    /// [`TwoByte::lead`] and [`TwoByte::pair`]). Never a surrogate or a pair.
    #[inline(always)]
    fn hot(_lead: u8, _trail: u8) -> u16 {
        0
    }
    /// The part of [`TwoByte::hot`] the vector pair decoder can read, if any: it
    /// must decode exactly as [`TwoByte::hot`] where it decodes.
    const PAIRS: Option<&'static PairTable> = None;
}

/// The column of each byte in a table whose columns are the byte `ranges`
/// (inclusive) one after the other, 0xFF for bytes outside them: a trail byte's
/// column in one lookup, with 0xFF (at least 0x80) marking a trail that is not one.
pub(crate) const fn columns(ranges: &[(u8, u8)]) -> [u8; 256] {
    let mut t = [0xFF; 256];
    let (mut i, mut col) = (0, 0u8);
    while i < ranges.len() {
        let (first, last) = ranges[i];
        let mut b = first as usize;
        while b <= last as usize {
            t[b] = col;
            col += 1;
            b += 1;
        }
        i += 1;
    }
    t
}

/// The columns of the EUC-style main ranges, 0xA1..=0xFE for both lead and trail.
static EUC: [u8; 256] = columns(&[(0xA1, 0xFE)]);

/// The row and column of a lead and a trail in the EUC-style main range
/// 0xA1..=0xFE, if both are in it; checked in a single branch.
#[inline(always)]
pub(crate) fn euc_row_col(lead: u8, trail: u8) -> Option<(usize, usize)> {
    let (row, col) = (EUC[usize::from(lead)], EUC[usize::from(trail)]);
    if (row | col) >= 0x80 {
        return None;
    }
    Some((usize::from(row), usize::from(col)))
}

/// The outcome of decoding one lead and trail.
enum Step {
    Done,
    Full,
    /// An error of this many bytes: 1 (the trail is left unread) or 2.
    Bad(u8),
}

#[inline(always)]
fn write_pair<E: TwoByte, U: CodeUnit>(lead: u8, trail: u8, dst: &mut SliceDest<U>) -> Step {
    let c = E::pair(lead, trail);
    // A BMP code point takes at most as much room as U+FFFD.
    if c.wrapping_sub(1) < 0xFFFF && dst.room() >= U::FFFD_LEN {
        dst.push_bmp(c as u16);
        return Step::Done;
    }
    write_pair_cold(c, trail, dst)
}

/// Errors, astral code points, pairs, and anything near the end of the output.
#[inline(never)]
fn write_pair_cold<U: CodeUnit>(c: u32, trail: u8, dst: &mut SliceDest<U>) -> Step {
    if c.wrapping_sub(1) < 0xFFFF {
        let c = c as u16;
        if !dst.try_push_bmp(c) {
            return Step::Full;
        }
        return Step::Done;
    }
    if c == 0 {
        if dst.room() < U::FFFD_LEN {
            return Step::Full;
        }
        return Step::Bad(if trail < 0x80 { 1 } else { 2 });
    }
    if c >= PAIR_OF_TWO {
        let (a, b) = ((c >> 16) as u16 - 0x11, c as u16);
        if dst.room() < U::len_of_bmp(a) + U::len_of_bmp(b) {
            return Step::Full;
        }
        dst.push_bmp(a);
        dst.push_bmp(b);
        return Step::Done;
    }
    let c = char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER);
    if !dst.try_push(c) {
        return Step::Full;
    }
    Step::Done
}

/// The decoder of Big5, EUC-KR and Shift_JIS (`E`): a lead byte from an earlier
/// buffer (0 = none).
#[derive(Clone, Debug, Default)]
pub(crate) struct TwoByteDecoder<E> {
    lead: u8,
    encoding: PhantomData<E>,
}

impl<E: TwoByte> TwoByteDecoder<E> {
    /// Bytes consumed in earlier calls that have not produced output yet.
    pub(crate) fn pending_len(&self) -> usize {
        usize::from(self.lead != 0)
    }

    /// Decodes into `dst`; returns the result and the bytes read.
    #[inline(always)]
    pub(crate) fn decode<U: CodeUnit>(
        &mut self,
        src: &[u8],
        dst: &mut SliceDest<U>,
        last: bool,
    ) -> (DecoderResult, usize) {
        let mut r = 0;
        if self.lead != 0 {
            let Some(&b) = src.first() else {
                if !last {
                    return (DecoderResult::InputEmpty, 0);
                }
                if dst.room() < U::FFFD_LEN {
                    return (DecoderResult::OutputFull, 0);
                }
                self.lead = 0;
                return (DecoderResult::Malformed(1, 0), 0);
            };
            match write_pair::<E, U>(self.lead, b, dst) {
                Step::Done => {
                    self.lead = 0;
                    r = 1;
                }
                Step::Full => return (DecoderResult::OutputFull, 0),
                Step::Bad(len) => {
                    self.lead = 0;
                    return (DecoderResult::Malformed(len, 0), usize::from(len) - 1);
                }
            }
        }
        loop {
            r += run::<E, U>(&src[r..], dst);
            let Some(&b) = src.get(r) else {
                return (DecoderResult::InputEmpty, r);
            };
            if b < 0x80 {
                let n = ascii(&src[r..], dst);
                if n == 0 {
                    return (DecoderResult::OutputFull, r);
                }
                r += n;
                continue;
            }
            match E::lead(b) {
                Lead::Start => {
                    let Some(&t) = src.get(r + 1) else {
                        if !last {
                            self.lead = b;
                            return (DecoderResult::InputEmpty, r + 1);
                        }
                        if dst.room() < U::FFFD_LEN {
                            return (DecoderResult::OutputFull, r);
                        }
                        return (DecoderResult::Malformed(1, 0), r + 1);
                    };
                    match write_pair::<E, U>(b, t, dst) {
                        Step::Done => r += 2,
                        Step::Full => return (DecoderResult::OutputFull, r),
                        Step::Bad(len) => {
                            return (DecoderResult::Malformed(len, 0), r + usize::from(len))
                        }
                    }
                }
                Lead::Char(c) => {
                    if !dst.try_push_bmp(c) {
                        return (DecoderResult::OutputFull, r);
                    }
                    r += 1;
                }
                Lead::Bad => {
                    if dst.room() < U::FFFD_LEN {
                        return (DecoderResult::OutputFull, r);
                    }
                    return (DecoderResult::Malformed(1, 0), r + 1);
                }
            }
        }
    }
}

/// Decodes the ASCII byte at `src[0]` and the ASCII run after it, as much as fits;
/// returns the bytes read (0 when there is no room).
#[inline(always)]
pub(crate) fn ascii<U: CodeUnit>(src: &[u8], dst: &mut SliceDest<U>) -> usize {
    // A lone ASCII byte between non-ASCII ones (a space, punctuation) is cheaper
    // written directly than through the bulk copy.
    if !matches!(src.get(1), Some(&next) if next < 0x80) {
        return usize::from(dst.try_push_bmp(u16::from(src[0])));
    }
    dst.copy_ascii(src)
}

/// The hot loop of the decoders: decodes the longest prefix of `src` made of
/// two-byte BMP characters, single-byte characters and (for ASCII-compatible `E`)
/// ASCII bytes each followed by a non-ASCII one, as far as it fits; returns the
/// bytes read. Stops before anything else (errors, astral code points, longer
/// sequences, ASCII runs, a sequence cut by the end of `src`).
#[inline(always)]
pub(crate) fn run<E: TwoByte, U: CodeUnit>(src: &[u8], dst: &mut SliceDest<U>) -> usize {
    let (read, written) = run_in::<E, U>(src, dst.tail());
    dst.advance(written);
    read
}

/// What a non-ASCII byte `b` (or, in an encoding that is not ASCII-compatible, any
/// byte) and the byte `t` after it (if any) decode to in [`run`]: a BMP code point
/// and the bytes it takes, or `None` for anything [`run`] leaves to the decoder.
#[inline(always)]
fn run_step<E: TwoByte>(b: u8, t: Option<u8>) -> Option<(u16, usize)> {
    match E::lead(b) {
        Lead::Start => {
            let c = E::pair(b, t?);
            if c.wrapping_sub(1) >= 0xFFFF {
                return None;
            }
            Some((c as u16, 2))
        }
        Lead::Char(c) => Some((c, 1)),
        Lead::Bad => None,
    }
}

/// Bytes the codec's loop decodes after the vector pair decoder stopped (before a
/// chunk of 16 bytes with something it leaves to the codec: a single-byte
/// character, an error, an unmapped pair...), before it tries again; doubled (up to
/// [`PAIRS_MAX_GAP`]) each time it tries and decodes less than a chunk.
const PAIRS_GAP: usize = 16;
/// See [`PAIRS_GAP`].
const PAIRS_MAX_GAP: usize = 1024;
/// The bytes from 0x80 up, of the next 64, that send the run to the vector pair
/// decoder (see [`run_in`]).
const PAIRS_DENSE: u32 = 24;

/// [`run`] over a buffer: (bytes read, units written). With [`TwoByte::PAIRS`] and an
/// ISA that has the vector pair decoder, it takes what it can where the bytes ahead
/// are dense in pairs, and the loop of [`run_one`] the [`PAIRS_GAP`] bytes after
/// where it stops; elsewhere the loop takes the rest of the run.
#[inline(always)]
fn run_in<E: TwoByte, U: CodeUnit>(src: &[u8], out: &mut [U]) -> (usize, usize) {
    match E::PAIRS.filter(|_| simd::has_cjk_pairs()) {
        Some(t) => run_pairs::<E, U>(t, src, out),
        None => run_one::<E, U>(src, out),
    }
}

/// [`run_in`] with the vector pair decoder (table `t`). Not inlined: inlined in the
/// decoders' loop, it made the loop of [`run_one`] slower on the ISAs without the
/// pair decoder (SSE4.1, to UTF-16: GBK zh_cn.txt 7 % more instructions, EUC-JP
/// ja.txt 0.72 of the speed).
#[inline(never)]
fn run_pairs<E: TwoByte, U: CodeUnit>(t: &PairTable, src: &[u8], out: &mut [U]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    let mut gap = PAIRS_GAP;
    loop {
        // The pair decoder only where at least 24 of the next 64 bytes are from 0x80
        // up (text of pairs with its spaces and punctuation); elsewhere (markup, Latin
        // text, a page's short runs of text between tags) the loop below takes the
        // rest of the run, and the caller's bulk copy its ASCII: entered there, the
        // decoder decoded little per call and pages decoded slower, to UTF-16 in
        // particular. The loop stops by itself at the end of the run (a run of ASCII,
        // an error...). Callgrind, AVX2, instructions per decode (gate of 12 of the
        // next 16 bytes and the loop cut into gaps, UTF-16 output through the loop
        // alone but for Shift_JIS -> this): to UTF-16, GBK zh_cn.txt 318,726 ->
        // 165,028, Big5 zh_tw.txt 373,955 -> 163,109, EUC-KR ko.html 711,237 ->
        // 667,183, Shift_JIS ja.html 1,129,585 -> 1,014,014, GBK zh_cn.html
        // 1,046,315 -> 1,174,933 (fewer mispredicted branches: 11,161 -> 9,440); to
        // UTF-8, GBK zh_cn.html 1,400,440 -> 1,329,462.
        let dense = src[r..]
            .first_chunk::<64>()
            .is_some_and(|head| simd::scalar::high_count(head) >= PAIRS_DENSE);
        let end = if dense {
            let (rr, ww) = U::from_cjk_pairs(t, &src[r..], &mut out[w..]);
            r += rr;
            w += ww;
            // Only a whole chunk is worth another try soon.
            gap = if rr >= 16 {
                PAIRS_GAP
            } else {
                (2 * gap).min(PAIRS_MAX_GAP)
            };
            src.len().min(r + gap)
        } else {
            src.len()
        };
        // One call of the loop for both cases: each copy of it is a kilobyte or two
        // of code per encoding and output.
        let (rr, ww) = run_one::<E, U>(&src[r..end], &mut out[w..]);
        r += rr;
        w += ww;
        // Go on only where the loop stopped for the end of its part (at it, or before
        // a lead the part cut from its trail), not for something it leaves to the
        // decoder.
        if rr == 0 || end == src.len() || r + 1 < end {
            return (r, w);
        }
    }
}

/// [`run`] a character at a time: (bytes read, units written).
#[inline(always)]
fn run_one<E: TwoByte, U: CodeUnit>(src: &[u8], out: &mut [U]) -> (usize, usize) {
    // The hot loop: while two source bytes and the widest character's room are
    // left, so that each step checks no bounds.
    let mut s = src;
    let out_len = out.len();
    let mut o = &mut *out;
    while o.len() >= U::MAX_BMP {
        let [b, t, ..] = *s else {
            break;
        };
        let hot = E::hot(b, t);
        if hot != 0 {
            let n = U::put_bmp_fast(o, hot);
            o = &mut core::mem::take(&mut o)[n..];
            s = &s[2..];
            continue;
        }
        let (c, len) = if E::ASCII && b < 0x80 {
            // Short ASCII runs (spaces, punctuation, markup between characters)
            // are cheaper here than through the bulk copy; a run of 8 or more goes
            // there.
            if t < 0x80 {
                if let Some(run) = s.first_chunk::<8>() {
                    if u64::from_ne_bytes(*run) & 0x8080_8080_8080_8080 == 0 {
                        break;
                    }
                }
            }
            (u16::from(b), 1)
        } else {
            match run_step::<E>(b, Some(t)) {
                Some(step) => step,
                None => break,
            }
        };
        let n = U::put_bmp_fast(o, c);
        o = &mut core::mem::take(&mut o)[n..];
        s = &s[len..];
    }
    let (mut r, mut w) = (src.len() - s.len(), out_len - o.len());
    // Near the end of either buffer: check each step.
    while let Some(&b) = src.get(r) {
        let (c, len) = if E::ASCII && b < 0x80 {
            match src.get(r + 1) {
                Some(&next) if next >= 0x80 => (u16::from(b), 1),
                _ => break,
            }
        } else {
            match run_step::<E>(b, src.get(r + 1).copied()) {
                Some(step) => step,
                None => break,
            }
        };
        let Some(n) = U::put_bmp(out, w, c) else {
            break;
        };
        w += n;
        r += len;
    }
    (r, w)
}

/// The bytes of one encoded character.
pub(crate) enum Bytes {
    One(u8),
    Two(u8, u8),
    Four([u8; 4]),
}

/// The encoder loop of the ASCII-compatible CJK encodings. `hot` maps the text's
/// common characters (`None`: not one of them), `slow` any other non-ASCII
/// character (`None`: unmappable, then reported or replaced as `unmappables`
/// says). ASCII runs go through the bulk copy.
///
/// The inner loop takes single ASCII bytes and what `hot` maps, and calls nothing
/// that is not inlined: a call that might see the source or the output would keep
/// their positions in memory, and every character would wait on a store.
#[inline(always)]
pub(crate) fn encode<S: Source>(
    src: &mut S,
    dst: &mut ByteDest,
    unmappables: &mut Unmappables,
    mut hot: impl FnMut(u16) -> Option<Bytes>,
    mut slow: impl FnMut(char) -> Option<Bytes>,
) -> EncoderResult {
    loop {
        // The inner loop writes through a local view of the output and advances
        // the destination once: a store into the output could otherwise be taken
        // to change the destination's own position.
        let out = dst.tail();
        let mut w = 0;
        let mut after_ascii = false;
        // The same for the source: a local copy, written back once, keeps its
        // position in a register (through `src` itself, merging gb18030's and
        // GBK's loops was enough for it to be stored at every character).
        let mut local = src.clone();
        let stop = loop {
            let src = &mut local;
            let before = src.pos();
            // The unit of a one- or three-byte character (UTF-8), of one not a
            // surrogate (UTF-16), straight: not through a `char` and back.
            let Some((u, len)) = src.bmp_at(before) else {
                // The end, or another character (never a hot one).
                break src.next_char().map(|c| (before, c, false));
            };
            src.set_pos(before + len);
            let as_char =
                |u: u16| char::from_u32(u32::from(u)).unwrap_or(char::REPLACEMENT_CHARACTER);
            if u < 0x80 {
                // One ASCII byte (a space or punctuation between CJK characters)
                // here; the second of a run ends the loop for the bulk copy.
                match out.get_mut(w) {
                    Some(b) if !after_ascii => *b = u as u8,
                    _ => break Some((before, as_char(u), false)),
                }
                w += 1;
                after_ascii = true;
                continue;
            }
            after_ascii = false;
            let Some(bytes) = hot(u) else {
                break Some((before, as_char(u), false));
            };
            match put(&mut out[w..], bytes) {
                Some(n) => w += n,
                None => break Some((before, as_char(u), true)),
            }
        };
        *src = local;
        dst.advance(w);
        let Some((before, c, full)) = stop else {
            return EncoderResult::InputEmpty;
        };
        if c.is_ascii() {
            src.set_pos(before);
            if dst.room() == 0 {
                return EncoderResult::OutputFull;
            }
            src.copy_ascii(dst);
            continue;
        }
        if full {
            // `hot` mapped it and the rest of the output is too short for it.
            src.set_pos(before);
            return EncoderResult::OutputFull;
        }
        // `hot` does not map it: not inlined a second time to find that out.
        match slow(c) {
            Some(bytes) => match put(dst.tail(), bytes) {
                Some(n) => dst.advance(n),
                None => {
                    src.set_pos(before);
                    return EncoderResult::OutputFull;
                }
            },
            None => {
                if let Some(result) = unmappables.unmappable(c, before, src, dst) {
                    return result;
                }
            }
        }
    }
}

/// Writes `bytes` at the start of `out` if they fit; how many.
#[inline(always)]
fn put(out: &mut [u8], bytes: Bytes) -> Option<usize> {
    match (bytes, out) {
        (Bytes::Two(a, b), [x, y, ..]) => {
            (*x, *y) = (a, b);
            Some(2)
        }
        (Bytes::One(a), [x, ..]) => {
            *x = a;
            Some(1)
        }
        (Bytes::Four(b), [x0, x1, x2, x3, ..]) => {
            [*x0, *x1, *x2, *x3] = b;
            Some(4)
        }
        _ => None,
    }
}
