//! ISO-2022-JP: the spec's decoder (states ASCII, Roman, katakana, leading byte,
//! trailing byte, escape start, escape, with the output flag) and encoder (states
//! ASCII, Roman, jis0208; halfwidth katakana as fullwidth).
//!
//! Where the spec restores an escape sequence's second byte after the third byte
//! fails to match, the byte is kept as `pending_prepended` and processed at the
//! start of the next call, giving encoding_rs's `Malformed(1, 1)`.
//!
//! The decoder's hot paths, ahead of the state machine: the ASCII state's runs
//! (a scan for ESC, SO, SI and high bytes, then the bulk copy), the leading byte
//! state's runs of pairs (a pair loop, and the vector pair decoder of EUC-JP over
//! a copy of a long run as EUC-JP bytes), and a whole escape sequence after output
//! in one step.

use core::any::Any;

use crate::codec::two_byte::{self, Lead, TwoByte};
use crate::codec::Unmappables;
use crate::handles::{ByteDest, CodeUnit, SliceDest, Source};
use crate::result::{DecoderResult, EncoderResult};
use crate::tables::cjk;

/// The longest prefix of `bytes` that ISO-2022-JP's ASCII state decodes to itself:
/// ASCII other than ESC (0x1B), SO (0x0E) and SI (0x0F).
#[inline]
pub(crate) fn ascii_prefix(bytes: &[u8]) -> &str {
    crate::handles::string::ascii_prefix_where(bytes, |b| !matches!(b, 0x0E | 0x0F | 0x1B))
}

/// The jis0208 pairs of the leading byte state, for the state machine (its runs
/// go through [`jis0208_run`]).
struct Jis0208;

impl TwoByte for Jis0208 {
    const ASCII: bool = false;
    const LEADS: (u8, u8) = (0x21, 0x7E);

    #[inline(always)]
    fn pair(lead: u8, trail: u8) -> u32 {
        if !(0x21..=0x7E).contains(&trail) {
            return 0;
        }
        u32::from(cjk::jis0208_decode(
            usize::from(lead - 0x21),
            usize::from(trail - 0x21),
        ))
    }
}

/// The katakana state's bytes, for the hot loop.
struct Katakana;

impl TwoByte for Katakana {
    const ASCII: bool = false;

    #[inline(always)]
    fn lead(b: u8) -> Lead {
        if (0x21..=0x5F).contains(&b) {
            Lead::Char(0xFF61 - 0x21 + u16::from(b))
        } else {
            Lead::Bad
        }
    }

    fn pair(_: u8, _: u8) -> u32 {
        0
    }
}

/// The Roman state's bytes, for the hot loop.
struct Roman;

impl TwoByte for Roman {
    const ASCII: bool = false;

    #[inline(always)]
    fn lead(b: u8) -> Lead {
        match b {
            0x5C => Lead::Char(0xA5),
            0x7E => Lead::Char(0x203E),
            0x0E | 0x0F | 0x1B | 0x80.. => Lead::Bad,
            _ => Lead::Char(u16::from(b)),
        }
    }

    fn pair(_: u8, _: u8) -> u32 {
        0
    }
}

/// The decoder states of the spec.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Ascii,
    Roman,
    Katakana,
    LeadByte,
    TrailByte,
    EscapeStart,
    Escape,
}

/// The ISO-2022-JP decoder.
#[derive(Clone, Debug)]
pub(crate) struct Iso2022JpDecoder {
    state: State,
    output_state: State,
    lead: u8,
    output: bool,
    /// `lead` (0x24 or 0x28, from a failed escape) is still to be processed in
    /// `state`.
    pending_prepended: bool,
}

impl Default for Iso2022JpDecoder {
    fn default() -> Self {
        Iso2022JpDecoder {
            state: State::Ascii,
            output_state: State::Ascii,
            lead: 0,
            output: false,
            pending_prepended: false,
        }
    }
}

impl Iso2022JpDecoder {
    /// Bytes consumed in earlier calls that have not produced output yet.
    pub(crate) fn pending_len(&self) -> usize {
        match self.state {
            State::TrailByte | State::EscapeStart => 1,
            State::Escape => 2,
            _ => usize::from(self.pending_prepended),
        }
    }

    /// Whether the decoder is in its initial state (as encoding_rs defines it for
    /// `latin1_byte_compatible_up_to`).
    pub(crate) fn is_neutral(&self) -> bool {
        self.state == State::Ascii
            && self.output_state == State::Ascii
            && self.lead == 0
            && !self.output
            && !self.pending_prepended
    }

    /// What a byte other than ESC means in the ASCII, Roman, katakana and lead byte
    /// states: a character, the lead of a jis0208 pair, or an error.
    #[inline]
    fn byte_meaning(&self, b: u8) -> Lead {
        match self.state {
            State::Ascii if matches!(b, 0x0E | 0x0F | 0x80..) => Lead::Bad,
            State::Ascii => Lead::Char(u16::from(b)),
            State::Roman => Roman::lead(b),
            State::Katakana => Katakana::lead(b),
            _ => Jis0208::lead(b),
        }
    }

    /// Decodes into `dst`; returns the result and the bytes read.
    pub(crate) fn decode<U: CodeUnit>(
        &mut self,
        src: &[u8],
        dst: &mut SliceDest<U>,
        last: bool,
    ) -> (DecoderResult, usize) {
        if self.pending_prepended {
            let lead = self.lead;
            match self.state {
                State::Ascii | State::Roman | State::Katakana => {
                    let c = if self.state == State::Katakana {
                        0xFF61 - 0x21 + u16::from(lead)
                    } else {
                        u16::from(lead)
                    };
                    if !dst.try_push_bmp(c) {
                        return (DecoderResult::OutputFull, 0);
                    }
                    self.lead = 0;
                }
                // The byte becomes the lead of a jis0208 pair.
                _ => self.state = State::TrailByte,
            }
            self.pending_prepended = false;
            self.output = false;
        }
        let mut r = 0;
        let mut vector = Vector::default();
        loop {
            let n = match self.state {
                State::LeadByte => jis0208_run(&src[r..], dst, &mut vector),
                State::Ascii => ascii_decode(&src[r..], dst),
                State::Katakana => two_byte::run::<Katakana, U>(&src[r..], dst),
                State::Roman => two_byte::run::<Roman, U>(&src[r..], dst),
                _ => 0,
            };
            if n != 0 {
                self.output = false;
                r += n;
            }
            let Some(&b) = src.get(r) else {
                if last {
                    return self.end(dst, r);
                }
                return (DecoderResult::InputEmpty, r);
            };
            // A whole escape sequence after output (the text's switches between
            // ASCII and jis0208): the escape start and escape states in one step,
            // as they would take it. (Right after another escape sequence, the
            // output flag is set and the sequence an error: the states below.)
            if b == 0x1B
                && !self.output
                && matches!(
                    self.state,
                    State::Ascii | State::Roman | State::Katakana | State::LeadByte
                )
            {
                if let Some(state) = src.get(r + 1..r + 3).and_then(|s| escape(s[0], s[1])) {
                    self.lead = 0;
                    self.state = state;
                    self.output_state = state;
                    self.output = true;
                    r += 3;
                    continue;
                }
            }
            match self.state {
                State::Ascii | State::Roman | State::Katakana | State::LeadByte => {
                    if b == 0x1B {
                        self.state = State::EscapeStart;
                        r += 1;
                        continue;
                    }
                    match self.byte_meaning(b) {
                        Lead::Char(_) if self.state == State::Ascii => {
                            // The run above took what fits: the output is full.
                            let n = ascii_decode(&src[r..], dst);
                            if n == 0 {
                                return (DecoderResult::OutputFull, r);
                            }
                            r += n;
                        }
                        Lead::Char(c) => {
                            if !dst.try_push_bmp(c) {
                                return (DecoderResult::OutputFull, r);
                            }
                            r += 1;
                        }
                        Lead::Start => {
                            self.lead = b;
                            self.state = State::TrailByte;
                            r += 1;
                        }
                        Lead::Bad => {
                            if dst.room() < U::FFFD_LEN {
                                return (DecoderResult::OutputFull, r);
                            }
                            self.output = false;
                            return (DecoderResult::Malformed(1, 0), r + 1);
                        }
                    }
                    self.output = false;
                }
                State::TrailByte => {
                    if b == 0x1B {
                        if dst.room() < U::FFFD_LEN {
                            return (DecoderResult::OutputFull, r);
                        }
                        // The lead is in error; the escape is consumed.
                        self.state = State::EscapeStart;
                        return (DecoderResult::Malformed(1, 1), r + 1);
                    }
                    let c = if (0x21..=0x7E).contains(&b) {
                        cjk::jis0208_decode(usize::from(self.lead - 0x21), usize::from(b - 0x21))
                    } else {
                        0
                    };
                    if c == 0 {
                        if dst.room() < U::FFFD_LEN {
                            return (DecoderResult::OutputFull, r);
                        }
                        self.state = State::LeadByte;
                        return (DecoderResult::Malformed(2, 0), r + 1);
                    }
                    if !dst.try_push_bmp(c) {
                        return (DecoderResult::OutputFull, r);
                    }
                    self.state = State::LeadByte;
                    r += 1;
                }
                State::EscapeStart => {
                    if b == 0x24 || b == 0x28 {
                        self.lead = b;
                        self.state = State::Escape;
                        r += 1;
                        continue;
                    }
                    if dst.room() < U::FFFD_LEN {
                        return (DecoderResult::OutputFull, r);
                    }
                    // Restore the byte (leave it unread).
                    self.output = false;
                    self.state = self.output_state;
                    return (DecoderResult::Malformed(1, 0), r);
                }
                State::Escape => {
                    let state = escape(self.lead, b);
                    if let Some(state) = state {
                        if self.output && dst.room() < U::FFFD_LEN {
                            return (DecoderResult::OutputFull, r);
                        }
                        self.lead = 0;
                        self.state = state;
                        self.output_state = state;
                        let output = self.output;
                        self.output = true;
                        r += 1;
                        if output {
                            // Two escape sequences in a row: the first was an error.
                            return (DecoderResult::Malformed(3, 3), r);
                        }
                        continue;
                    }
                    if dst.room() < U::FFFD_LEN {
                        return (DecoderResult::OutputFull, r);
                    }
                    // Restore lead and byte: the lead is processed at the start of
                    // the next call, the byte is left unread.
                    self.pending_prepended = true;
                    self.output = false;
                    self.state = self.output_state;
                    return (DecoderResult::Malformed(1, 1), r);
                }
            }
        }
    }

    /// End of the stream.
    fn end<U: CodeUnit>(&mut self, dst: &mut SliceDest<U>, r: usize) -> (DecoderResult, usize) {
        match self.state {
            State::TrailByte | State::EscapeStart | State::Escape => {
                if dst.room() < U::FFFD_LEN {
                    return (DecoderResult::OutputFull, r);
                }
                if self.state == State::Escape {
                    // Restore the lead: processed at the start of the next call.
                    self.pending_prepended = true;
                    self.state = self.output_state;
                    return (DecoderResult::Malformed(1, 1), r);
                }
                self.state = self.output_state;
                (DecoderResult::Malformed(1, 0), r)
            }
            _ => (DecoderResult::InputEmpty, r),
        }
    }
}

/// The state an escape sequence `ESC a b` switches to, if it is one.
#[inline(always)]
fn escape(a: u8, b: u8) -> Option<State> {
    match (a, b) {
        (0x28, 0x42) => Some(State::Ascii),
        (0x28, 0x4A) => Some(State::Roman),
        (0x28, 0x49) => Some(State::Katakana),
        (0x24, 0x40 | 0x42) => Some(State::LeadByte),
        _ => None,
    }
}

/// Whether the ASCII state leaves byte `b` to the state machine: ESC, SO, SI and
/// the bytes from 0x80 up.
#[inline(always)]
fn ascii_stop(b: u8) -> bool {
    b >= 0x80 || b == 0x1B || b & 0xFE == 0x0E
}

/// Bytes the ASCII state's scan takes a word at a time before it goes on in
/// chunks.
const ASCII_HEAD: usize = 16;
/// The chunk of the ASCII state's scan (a few vectors of the baseline ISA).
const ASCII_CHUNK: usize = 32;
/// ASCII runs up to this long are written a byte at a time, not through the bulk
/// copy (whose call costs more than a few bytes).
const ASCII_SHORT: usize = 8;

/// The bytes [`ascii_stop`] takes of the eight bytes of `v` (little-endian): the
/// high bit of each such byte. Exact for the lowest one, which is all its callers
/// read (a carry from a byte from 0x80 up may mark bytes above it).
#[inline(always)]
fn ascii_stops(v: u64) -> u64 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const LOW: u64 = !HIGH;
    // Below 0x80, a byte of `x` is non-zero exactly where `(x + 0x7F) | x` has its
    // high bit.
    let so_si = (v ^ 0x0E0E_0E0E_0E0E_0E0E) & 0x7E7E_7E7E_7E7E_7E7E;
    let esc = v ^ 0x1B1B_1B1B_1B1B_1B1B;
    let neither = (so_si.wrapping_add(LOW) | so_si) & (esc.wrapping_add(LOW) | esc);
    (v | !(neither | LOW)) & HIGH
}

/// The length of the prefix of `src` that ISO-2022-JP's ASCII state decodes to
/// itself (no ESC, SO, SI or byte from 0x80 up): a word at a time at first (the
/// runs between two jis0208 runs of text are short), then chunks whose test the
/// compiler vectorizes.
#[inline(always)]
fn ascii_len(src: &[u8]) -> usize {
    let mut n = 0;
    while let Some(word) = src.get(n..).and_then(|s| s.first_chunk::<8>()) {
        let stops = ascii_stops(u64::from_le_bytes(*word));
        if stops != 0 {
            return n + stops.trailing_zeros() as usize / 8;
        }
        n += 8;
        if n == ASCII_HEAD {
            break;
        }
    }
    if n == ASCII_HEAD {
        let mut chunks = src[n..].chunks_exact(ASCII_CHUNK);
        for chunk in &mut chunks {
            // One OR over the chunk, without an early exit: vectorized.
            if chunk.iter().fold(false, |stop, &b| stop | ascii_stop(b)) {
                break;
            }
            n += ASCII_CHUNK;
        }
    }
    n + src[n..]
        .iter()
        .position(|&b| ascii_stop(b))
        .unwrap_or(src.len() - n)
}

/// Decodes the ASCII state's run at the start of `src` (see [`ascii_len`]) as far
/// as it fits; returns the bytes read. Scans no further than the output's room (a
/// byte a unit), so that a long run through a small buffer is not scanned again
/// at each call.
#[inline(always)]
fn ascii_decode<U: CodeUnit>(src: &[u8], dst: &mut SliceDest<U>) -> usize {
    let n = ascii_len(&src[..src.len().min(dst.room())]);
    if n > ASCII_SHORT {
        return dst.copy_ascii(&src[..n]);
    }
    let Some(out) = dst.tail().get_mut(..n) else {
        return 0;
    };
    for (i, &b) in src[..n].iter().enumerate() {
        // ASCII: one unit each, which `out` has.
        U::put_bmp(out, i, u16::from(b));
    }
    dst.advance(n);
    n
}

/// Whether [`jis0208_run`] still calls the vector pair decoder in this call of
/// the decoder: it stops after [`Vector::MAX_MISSES`] calls in a row that decode
/// nothing from a long view (no vector decoder on this CPU, or text whose pairs it
/// leaves to the scalar loop, such as Greek or Cyrillic to UTF-8).
#[derive(Default)]
struct Vector {
    misses: u8,
}

impl Vector {
    /// See [`Vector`].
    const MAX_MISSES: u8 = 4;
}

/// Decodes the jis0208 state's pairs at the start of `src` (leads of rows
/// 0..=91, the rows the tables keep in order, with mapped trails) as far as they
/// fit; returns the bytes read. Stops before anything else (ESC, a byte outside
/// 0x21..=0x7E, an unmapped pair, a lead cut from its trail), which the state
/// machine takes.
///
/// The scalar loop ([`jis0208_pairs`]) takes the first [`SCALAR_FIRST`] bytes: the
/// whole of most runs between two escape sequences in text with Latin words,
/// digits and markup. A longer run goes on through the vector pair decoder of
/// EUC-JP (the same index, leads and trails 0x80 higher), over a copy of the
/// run's start as EUC-JP bytes ([`euc_view`]), with the scalar loop for what it
/// leaves (a chunk with the end of the run, a code point it does not take). To
/// UTF-16 too (ja.txt, AVX2, Zen 5: 10.3 us with it, 11.7 without; ja.html the
/// same).
#[inline(always)]
fn jis0208_run<U: CodeUnit>(src: &[u8], dst: &mut SliceDest<U>, vector: &mut Vector) -> usize {
    let mut r = 0;
    loop {
        let end = src.len().min(r + SCALAR_FIRST);
        let (rr, w) = jis0208_pairs::<U>(&src[r..end], dst.tail());
        dst.advance(w);
        r += rr;
        // Go on only where the loop stopped for the end of its part (at it, or
        // before a lead the part cut from its trail), with a window's worth left.
        if r + 1 < end || src.len() - r <= VECTOR_MIN || vector.misses >= Vector::MAX_MISSES {
            break;
        }
        let mut buf = [0u8; VECTOR_BUF];
        let n = euc_view(&src[r..], &mut buf);
        let (rr, w) = U::from_cjk_pairs(&cjk::EUC_JP_PAIRS, &buf[..n], dst.tail());
        dst.advance(w);
        r += rr;
        if rr == 0 {
            if n > VECTOR_MIN {
                vector.misses += 1;
            }
            break;
        }
        vector.misses = 0;
    }
    let (rr, w) = jis0208_pairs::<U>(&src[r..], dst.tail());
    dst.advance(w);
    r + rr
}

/// Copies the start of `src` into `buf` as EUC-JP bytes (0x80 added to
/// 0x21..=0x7E; any other byte made 0x80, which is no part of an EUC-JP pair), a
/// chunk at a time, up to the first chunk with a byte that is not a jis0208 one
/// and the byte after it (the vector decoder reads the byte after its window);
/// returns the bytes copied.
#[inline(always)]
fn euc_view(src: &[u8], buf: &mut [u8; VECTOR_BUF]) -> usize {
    let euc = |s: u8| {
        let jis = s.wrapping_sub(0x21) < 94;
        (if jis { s | 0x80 } else { 0x80 }, jis)
    };
    let mut n = 0;
    for (d, s) in buf.chunks_exact_mut(VIEW_CHUNK).zip(src.chunks(VIEW_CHUNK)) {
        // Without an early exit: vectorized.
        let mut other = false;
        for (d, &s) in d.iter_mut().zip(s) {
            let (b, jis) = euc(s);
            *d = b;
            other |= !jis;
        }
        n += s.len();
        if other {
            if let (Some(d), Some(&s)) = (buf.get_mut(n), src.get(n)) {
                *d = euc(s).0;
                n += 1;
            }
            break;
        }
    }
    n
}

/// The chunk of [`euc_view`].
const VIEW_CHUNK: usize = 32;
/// The bytes of a jis0208 run that [`jis0208_run`] leaves to the scalar loop
/// before it tries the vector decoder (16 and 32 were measured; 8 as fast as 16,
/// 48 slower).
const SCALAR_FIRST: usize = 16;
/// The vector decoder takes a window of 64 bytes and the byte after it: a shorter
/// rest of the input is not worth a view.
const VECTOR_MIN: usize = 64;
/// The longest view of [`euc_view`] (128 and 512 were slower on ja.txt).
const VECTOR_BUF: usize = 256;

/// The loop of [`jis0208_run`] over a buffer: (bytes read, units written).
#[inline(always)]
fn jis0208_pairs<U: CodeUnit>(src: &[u8], out: &mut [U]) -> (usize, usize) {
    // Each step reads two bytes and writes at most four units (UTF-8: three bytes
    // with one four-byte store), from slices whose lengths it checks once.
    let room = if U::UTF16 { 1 } else { 4 };
    let out_len = out.len();
    let mut s = src;
    let mut o = out;
    while o.len() >= room {
        let [lead, trail, rest @ ..] = s else {
            break;
        };
        let c = jis0208(*lead, *trail);
        if c == 0 {
            break;
        }
        let n = put(o, c);
        o = &mut core::mem::take(&mut o)[n..];
        s = rest;
    }
    (src.len() - s.len(), out_len - o.len())
}

/// The code point of a jis0208 pair whose lead is in rows 0..=91 (the rows the
/// tables keep in order), 0 for anything else.
#[inline(always)]
fn jis0208(lead: u8, trail: u8) -> u16 {
    let col = trail.wrapping_sub(0x21);
    if col >= 94 {
        return 0;
    }
    // A lead outside 0x21..=0x7C gives a pointer outside the span: 0.
    cjk::jis0208_span_pointer(usize::from(lead.wrapping_sub(0x21)) * 94 + usize::from(col))
}

/// Writes the BMP code point `c` (not 0, not a surrogate) at the start of `out`,
/// which has room for four units; the units written. UTF-8 from U+0800 (the
/// ideographs and kana) is one four-byte store of its three bytes and the byte
/// after them as it was (nothing past the output written is changed, which
/// `decode_to_str` relies on). ja.txt to UTF-8, Zen 5: 20.5 us with it, 21.3
/// through `put_bmp_fast`'s three byte stores on the scalar tier (18.8 with the
/// fourth byte clobbered, which is not allowed); 15.9 and 15.8 on AVX2. (A loop
/// looking up the next pair first, whose first byte the store would write, took
/// 24.6 and 16.7.)
#[inline(always)]
fn put<U: CodeUnit>(out: &mut [U], c: u16) -> usize {
    if !U::UTF16 && c >= 0x800 {
        let bytes = out
            .first_chunk_mut::<4>()
            .and_then(|o| (o as &mut dyn Any).downcast_mut::<[u8; 4]>());
        if let Some(o) = bytes {
            let c = u32::from(c);
            let after = u32::from(o[3]) << 24;
            *o = (0x0080_80E0 | (c >> 12) | ((c << 2) & 0x3F00) | ((c << 16) & 0x3F_0000) | after)
                .to_le_bytes();
            return 3;
        }
    }
    U::put_bmp_fast(out, c)
}

/// The encoder states of the spec.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EncState {
    Ascii,
    Roman,
    Jis0208,
}

/// The ISO-2022-JP encoder.
#[derive(Clone, Debug)]
pub(crate) struct Iso2022JpEncoder {
    state: EncState,
}

impl Default for Iso2022JpEncoder {
    fn default() -> Self {
        Iso2022JpEncoder {
            state: EncState::Ascii,
        }
    }
}

const TO_ASCII: [u8; 3] = [0x1B, 0x28, 0x42];
const TO_ROMAN: [u8; 3] = [0x1B, 0x28, 0x4A];
const TO_JIS0208: [u8; 3] = [0x1B, 0x24, 0x42];

impl Iso2022JpEncoder {
    /// Whether the encoder is not in the ASCII state (a final call writes ESC ( B).
    pub(crate) fn has_pending_state(&self) -> bool {
        self.state != EncState::Ascii
    }

    /// Encodes from `src` into `dst`; `last` returns to ASCII at the end (inlined
    /// into [`crate::simd::with_popcnt`]'s scope).
    #[inline(always)]
    pub(crate) fn encode<S: Source>(
        &mut self,
        src: &mut S,
        dst: &mut ByteDest,
        last: bool,
        unmappables: &mut Unmappables,
    ) -> EncoderResult {
        loop {
            // The hot loops: ASCII and jis0208 with the switches between them, then
            // a long ASCII run in bulk, straight to the output without the state
            // machine below.
            if self.state != EncState::Roman {
                hot_run(&mut self.state, src, dst);
                if self.state == EncState::Ascii && ascii_run(src, dst) {
                    continue;
                }
            }
            let before = src.pos();
            let Some(c) = src.next_char() else {
                if last && self.state != EncState::Ascii {
                    if dst.room() < 3 {
                        return EncoderResult::OutputFull;
                    }
                    dst.push_units(&TO_ASCII);
                    self.state = EncState::Ascii;
                }
                return EncoderResult::InputEmpty;
            };
            let cp = u32::from(c);
            // Step 3: never write these in ASCII or Roman.
            if self.state != EncState::Jis0208 && matches!(cp, 0x0E | 0x0F | 0x1B) {
                match unmappables.unmappable('\u{FFFD}', before, src, dst) {
                    Some(result) => return result,
                    None => continue,
                }
            }
            let byte = match (self.state, cp) {
                (EncState::Ascii, 0x00..=0x7F) => Some(cp as u8),
                (EncState::Roman, 0x00..=0x7F) if cp != 0x5C && cp != 0x7E => Some(cp as u8),
                (EncState::Roman, 0xA5) => Some(0x5C),
                (EncState::Roman, 0x203E) => Some(0x7E),
                _ => None,
            };
            if let Some(byte) = byte {
                if dst.room() == 0 {
                    src.set_pos(before);
                    return EncoderResult::OutputFull;
                }
                dst.push_unit(byte);
                continue;
            }
            // A switch of state, after which the code point is processed again.
            let switch = if cp <= 0x7F {
                Some((EncState::Ascii, TO_ASCII))
            } else if cp == 0xA5 || cp == 0x203E {
                Some((EncState::Roman, TO_ROMAN))
            } else {
                None
            };
            if let Some((state, bytes)) = switch {
                if dst.room() < 3 {
                    src.set_pos(before);
                    return EncoderResult::OutputFull;
                }
                dst.push_units(&bytes);
                self.state = state;
                // An ASCII character (not ESC, SO or SI, which step 3 takes) gives
                // itself in the ASCII state: written now, without decoding it
                // again.
                if state == EncState::Ascii && dst.room() > 0 && !matches!(cp, 0x0E | 0x0F | 0x1B) {
                    dst.push_unit(cp as u8);
                    continue;
                }
                src.set_pos(before);
                continue;
            }
            let pointer = u16::try_from(cp).ok().and_then(|u| {
                let u = match u {
                    0x2212 => 0xFF0D,
                    0xFF61..=0xFF9F => cjk::iso_2022_jp_katakana(u),
                    _ => u,
                };
                cjk::jis0208_encode(u)
            });
            let Some(pointer) = pointer else {
                if self.state == EncState::Jis0208 {
                    // The spec returns to ASCII first; the error follows in ASCII.
                    if dst.room() < 3 {
                        src.set_pos(before);
                        return EncoderResult::OutputFull;
                    }
                    dst.push_units(&TO_ASCII);
                    self.state = EncState::Ascii;
                }
                match unmappables.unmappable(c, before, src, dst) {
                    Some(result) => return result,
                    None => continue,
                }
            };
            if self.state != EncState::Jis0208 {
                if dst.room() < 3 {
                    src.set_pos(before);
                    return EncoderResult::OutputFull;
                }
                dst.push_units(&TO_JIS0208);
                self.state = EncState::Jis0208;
                // The code point, processed again in the jis0208 state, gives the
                // pointer's bytes: written now, without decoding it again.
            }
            if dst.room() < 2 {
                src.set_pos(before);
                return EncoderResult::OutputFull;
            }
            dst.push_units(&[(pointer / 94 + 0x21) as u8, (pointer % 94 + 0x21) as u8]);
        }
    }
}

/// Encodes the ASCII run (without ESC, SO and SI) at the current position in the
/// ASCII state, as far as it fits, through the bulk copy; whether it wrote anything.
#[inline(always)]
fn ascii_run<S: Source>(src: &mut S, dst: &mut ByteDest) -> bool {
    let start = src.pos();
    let mut part = ByteDest::new(dst.tail());
    src.copy_ascii(&mut part);
    let copied = part.written();
    // The bulk copy takes all ASCII: keep what comes before ESC, SO or SI.
    let good = iso_2022_jp_text(&dst.tail()[..copied]);
    dst.advance(good);
    src.set_pos(start + good);
    good != 0
}

/// The length of the prefix of `ascii` (ASCII bytes) without ESC, SO and SI,
/// sixteen bytes at a time.
#[inline(always)]
fn iso_2022_jp_text(ascii: &[u8]) -> usize {
    let mut chunks = ascii.chunks_exact(16);
    let mut n = 0;
    for chunk in &mut chunks {
        let (a, b) = chunk.split_at(8);
        let (a, b) = (escapes(a), escapes(b));
        if a | b != 0 {
            let at = if a != 0 {
                a.trailing_zeros()
            } else {
                64 + b.trailing_zeros()
            };
            return n + at as usize / 8;
        }
        n += 16;
    }
    let rest = chunks.remainder();
    n + rest
        .iter()
        .position(|&b| matches!(b, 0x0E | 0x0F | 0x1B))
        .unwrap_or(rest.len())
}

/// The high bit of each byte of `bytes` (eight ASCII bytes, little-endian) that is
/// ESC, SO or SI.
#[inline(always)]
fn escapes(bytes: &[u8]) -> u64 {
    const LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let v = bytes
        .first_chunk::<8>()
        .map_or(0, |&b| u64::from_le_bytes(b));
    // The bytes are below 0x80: a byte of `x` is non-zero exactly where
    // `(x + 0x7F) | x` has its high bit, with no carry between bytes.
    let so_si = (v ^ 0x0E0E_0E0E_0E0E_0E0E) & 0x7E7E_7E7E_7E7E_7E7E;
    let esc = v ^ 0x1B1B_1B1B_1B1B_1B1B;
    !((so_si.wrapping_add(LOW) | so_si) & (esc.wrapping_add(LOW) | esc) | LOW)
}

/// The hot loop of the encoder, in the ASCII and jis0208 states: ASCII (other
/// than ESC, SO and SI) and the characters that the hot steps of index jis0208 map
/// (no ASCII among them), with the switches between the two states that they
/// call for, as far as the output has room for a switch and a character and
/// until the input's last two code units. Stops before anything else (the state
/// machine's business), and after a few ASCII characters in a row (the rest of
/// the run goes through the bulk copy).
///
/// What it writes is what the spec's steps give: in the ASCII state an ASCII
/// character is itself (step 4) and a jis0208 character is ESC $ B then its bytes
/// (step 12, then 13); in the jis0208 state a jis0208 character is its bytes and an
/// ASCII character is ESC ( B then itself (step 6, then 4).
#[inline(always)]
fn hot_run<S: Source>(state: &mut EncState, src: &mut S, dst: &mut ByteDest) {
    // A local view of the output, advanced once (see `two_byte::encode`), and a
    // local copy of the source, whose slice stays in registers.
    let out = dst.tail();
    // Each step needs room for the longest, an escape sequence and two bytes:
    // `w < end`. (A checked subtraction, not a saturating one: from it the
    // compiler knows the writes' bounds.)
    let Some(end) = out.len().checked_sub(4) else {
        return;
    };
    let mut w = 0;
    let local = src.clone();
    let mut pos = local.pos();
    // Positions with three code units from them (a three-byte UTF-8 sequence):
    // `pos < last`, from which the compiler knows the source's bounds too; the
    // last two code units are left to the state machine.
    let Some(last) = (pos + local.remaining()).checked_sub(2) else {
        return;
    };
    let mut jis = *state == EncState::Jis0208;
    'run: loop {
        if jis {
            // The jis0208 state: its characters until an ASCII one.
            while w < end && pos < last {
                let Some((u, len)) = local.bmp_at(pos) else {
                    break 'run;
                };
                // Hiragana (row 4 of JIS X 0208, in Unicode order, the commonest
                // characters of Japanese text) first, without the lookup.
                let hiragana = u.wrapping_sub(0x3041);
                let v = if hiragana < 0x53 {
                    0x0300 | hiragana
                } else {
                    match cjk::iso_2022_jp_encode_hot_code(u) {
                        Some(v) => v,
                        None if u < 0x80 && !matches!(u, 0x0E | 0x0F | 0x1B) => {
                            out[w..w + 4].copy_from_slice(&[0x1B, 0x28, 0x42, u as u8]);
                            w += 4;
                            pos += len;
                            jis = false;
                            break;
                        }
                        None => break 'run,
                    }
                };
                out[w..w + 2].copy_from_slice(&code_bytes(v));
                w += 2;
                pos += len;
            }
            if jis {
                // Out of room or input.
                break;
            }
        }
        // The ASCII state: a few ASCII characters (the rest of a longer run goes
        // through the bulk copy), until a jis0208 one.
        let mut ascii = 0;
        loop {
            if w >= end || pos >= last {
                break 'run;
            }
            let Some((u, len)) = local.bmp_at(pos) else {
                break 'run;
            };
            if u >= 0x80 {
                let Some(v) = lookup(u) else {
                    break 'run;
                };
                let [a, b] = code_bytes(v);
                out[w..w + 5].copy_from_slice(&[0x1B, 0x24, 0x42, a, b]);
                w += 5;
                pos += len;
                jis = true;
                break;
            }
            if matches!(u, 0x0E | 0x0F | 0x1B) || ascii == 8 {
                break 'run;
            }
            ascii += 1;
            out[w] = u as u8;
            w += 1;
            pos += len;
        }
    }
    src.set_pos(pos);
    dst.advance(w);
    *state = if jis {
        EncState::Jis0208
    } else {
        EncState::Ascii
    };
}

/// The hot steps' bytes of a BMP code point above U+007F, `row << 8 | col`.
#[inline(always)]
fn lookup(u: u16) -> Option<u16> {
    let hiragana = u.wrapping_sub(0x3041);
    if hiragana < 0x53 {
        return Some(0x0300 | hiragana);
    }
    cjk::iso_2022_jp_encode_hot_code(u)
}

/// The two bytes of `row << 8 | col`: row + 0x21 and col + 0x21 (no carry: both
/// are below 94).
#[inline(always)]
fn code_bytes(v: u16) -> [u8; 2] {
    v.wrapping_add(0x2121).to_be_bytes()
}
