//! Portable kernels: word-at-a-time (SWAR) over `usize`, always built, and the
//! oracle the ISA-specific kernels are tested against.

use crate::tables::single_byte::{Extra, Run};

const WORD: usize = core::mem::size_of::<usize>();
const HIGH_BITS: usize = usize::from_ne_bytes([0x80; WORD]);
/// The high bit of each byte of a `u64`.
const HIGH_BITS_64: u64 = 0x8080_8080_8080_8080;

/// How many of `bytes` are from 0x80 up (`N` a multiple of 8, at most 255), without
/// `popcnt`, which the baseline target lacks (`count_ones` is a dozen instructions a
/// word there): the words' high bits moved to the low bit of their bytes and added,
/// then the bytes of the sum added by a multiplication (into its top byte: `N` fits
/// there).
#[inline(always)]
pub(crate) fn high_count<const N: usize>(bytes: &[u8; N]) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const { assert!(N <= 255 && N.is_multiple_of(8)) };
    let (words, _) = bytes.as_chunks::<8>();
    let sum = words
        .iter()
        .fold(0, |sum, w| sum + ((u64::from_ne_bytes(*w) >> 7) & ONES));
    (sum.wrapping_mul(ONES) >> 56) as u32
}

/// Length of the longest ASCII prefix of `src`.
#[inline]
pub(crate) fn ascii_valid_up_to(src: &[u8]) -> usize {
    let mut i = 0;
    let mut chunks = src.chunks_exact(2 * WORD);
    for c in &mut chunks {
        let a = usize::from_ne_bytes(c[..WORD].try_into().unwrap_or([0; WORD]));
        let b = usize::from_ne_bytes(c[WORD..].try_into().unwrap_or([0; WORD]));
        if (a | b) & HIGH_BITS != 0 {
            break;
        }
        i += 2 * WORD;
    }
    while i < src.len() && src[i] < 0x80 {
        i += 1;
    }
    i
}

/// Length of the longest prefix of `src` below U+0080.
#[inline]
pub(crate) fn basic_latin_valid_up_to(src: &[u16]) -> usize {
    units_below(src, 0x80)
}

/// Length of the longest prefix of `src` below U+0100.
#[inline]
pub(crate) fn latin1_valid_up_to(src: &[u16]) -> usize {
    units_below(src, 0x100)
}

/// Length of the longest prefix of `src` whose units are all below `bound` (a power of two).
#[inline]
fn units_below(src: &[u16], bound: u16) -> usize {
    let mask = !(bound - 1);
    let mut i = 0;
    for c in src.chunks_exact(8) {
        if c.iter().fold(0, |a, &u| a | u) & mask != 0 {
            break;
        }
        i += 8;
    }
    while i < src.len() && src[i] & mask == 0 {
        i += 1;
    }
    i
}

/// Copies the longest ASCII prefix of `src` that fits in `dst`; returns its length.
#[inline]
pub(crate) fn copy_ascii_to_ascii(src: &[u8], dst: &mut [u8]) -> usize {
    let n = src.len().min(dst.len());
    let src = &src[..n];
    let k = ascii_valid_up_to(src);
    dst[..k].copy_from_slice(&src[..k]);
    k
}

/// [`copy_ascii_to_ascii`] for input that may start with a long run of ASCII (a
/// document, not a run between two letters): 32 bytes a step, checked and copied in
/// one pass (checked and then copied, the run is read twice: pure ASCII decoded
/// from UTF-8 at 0.70 of encoding_rs's speed, 1.05 this way); the OR of a
/// fixed-size array is what compilers vectorize. (In the single-byte decoders'
/// loops, for the runs between letters, it cost 1-6 % more instructions.)
#[inline]
pub(crate) fn copy_ascii_run(src: &[u8], dst: &mut [u8]) -> usize {
    let n = src.len().min(dst.len());
    let (src, dst) = (&src[..n], &mut dst[..n]);
    let mut i = 0;
    for (s, d) in src
        .as_chunks::<32>()
        .0
        .iter()
        .zip(dst.as_chunks_mut::<32>().0)
    {
        if s.iter().fold(0, |a, &b| a | b) >= 0x80 {
            break;
        }
        *d = *s;
        i += 32;
    }
    i + copy_ascii_to_ascii(&src[i..], &mut dst[i..])
}

/// Widens the longest ASCII prefix of `src` that fits in `dst`; returns its length.
#[inline]
pub(crate) fn copy_ascii_to_basic_latin(src: &[u8], dst: &mut [u16]) -> usize {
    let n = src.len().min(dst.len());
    let (src, dst) = (&src[..n], &mut dst[..n]);
    let mut i = 0;
    for (s, d) in src.chunks_exact(16).zip(dst.chunks_exact_mut(16)) {
        let (Ok(s), Ok(d)) = (<&[u8; 16]>::try_from(s), <&mut [u16; 16]>::try_from(d)) else {
            break;
        };
        if !widen_ascii_16(s, d) {
            break;
        }
        i += 16;
    }
    for (&b, d) in src[i..].iter().zip(dst[i..].iter_mut()) {
        if b >= 0x80 {
            return i;
        }
        *d = u16::from(b);
        i += 1;
    }
    n
}

/// Widens sixteen bytes into `d` if they are all ASCII (and then returns true); leaves
/// `d` as it is otherwise.
#[inline(always)]
fn widen_ascii_16(s: &[u8; 16], d: &mut [u16; 16]) -> bool {
    // Widened first and tested after: compilers vectorize this order (a test of the
    // bytes as words first makes them build the units from those words by shifts).
    let t: [u16; 16] = core::array::from_fn(|k| u16::from(s[k]));
    if t.iter().fold(0, |a, &u| a | u) >= 0x80 {
        return false;
    }
    *d = t;
    true
}

/// Narrows the longest Basic Latin prefix of `src` that fits in `dst`; returns its length.
#[inline]
pub(crate) fn copy_basic_latin_to_ascii(src: &[u16], dst: &mut [u8]) -> usize {
    let n = src.len().min(dst.len());
    let (src, dst) = (&src[..n], &mut dst[..n]);
    let mut i = 0;
    for (s, d) in src.chunks_exact(16).zip(dst.chunks_exact_mut(16)) {
        let (Ok(s), Ok(d)) = (<&[u16; 16]>::try_from(s), <&mut [u8; 16]>::try_from(d)) else {
            break;
        };
        if !narrow_basic_latin_16(s, d) {
            break;
        }
        i += 16;
    }
    for (&u, d) in src[i..].iter().zip(dst[i..].iter_mut()) {
        if u >= 0x80 {
            return i;
        }
        *d = u as u8;
        i += 1;
    }
    n
}

/// Narrows sixteen units into `d` if they are all Basic Latin (and then returns true);
/// leaves `d` as it is otherwise.
#[inline(always)]
fn narrow_basic_latin_16(s: &[u16; 16], d: &mut [u8; 16]) -> bool {
    if s.iter().fold(0, |a, &u| a | u) >= 0x80 {
        return false;
    }
    for (d, &u) in d.iter_mut().zip(s) {
        *d = u as u8;
    }
    true
}

/// Length of the longest prefix of `src` that is valid UTF-8 and does not end
/// inside a sequence.
#[inline]
pub(crate) fn utf8_valid_up_to(src: &[u8]) -> usize {
    let ascii = ascii_valid_up_to(src);
    match core::str::from_utf8(&src[ascii..]) {
        Ok(_) => src.len(),
        Err(e) => ascii + e.valid_up_to(),
    }
}

/// Copies the longest prefix of `src` that fits in `dst`, is valid UTF-8 and does not
/// end inside a sequence; returns its length.
pub(crate) fn utf8_copy(src: &[u8], dst: &mut [u8]) -> usize {
    let n = src.len().min(dst.len());
    // The ASCII prefix checked as it is copied (one pass), then the rest.
    let a = copy_ascii_run(&src[..n], &mut dst[..n]);
    let valid = a + utf8_valid_up_to(&src[a..n]);
    dst[a..valid].copy_from_slice(&src[a..valid]);
    valid
}

/// Converts the valid UTF-8 prefix of `src` to UTF-16 while it fits in `dst`.
/// Stops before the first invalid or incomplete sequence, or before a character
/// that does not fit. Returns (bytes read, units written).
pub(crate) fn utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    // Windows of `m` bytes where `dst` has `m` units of room: a character never has
    // more units than bytes, so inside one every character fits. The window loop
    // stops near its end, at the end of the input or at an invalid sequence; the next
    // window then starts there (a new window is at least as long as what was left of
    // the last one, as units written never outnumber bytes read).
    loop {
        let m = (src.len() - r).min(dst.len() - w);
        if m < 16 {
            break;
        }
        let (a, b) = utf8_to_utf16_window(&src[r..r + m], &mut dst[w..w + m]);
        r += a;
        w += b;
        if a == 0 {
            break;
        }
    }
    let (a, b) = utf8_to_utf16_tail(&src[r..], &mut dst[w..]);
    (r + a, w + b)
}

/// Whether three-byte UTF-8 decoded to `c` (of at most 16 bits) is overlong
/// (below U+0800) or a surrogate: bits 0 and 27 of the mask are `c >> 11` of those.
#[inline(always)]
fn bad_three_byte(c: u32) -> bool {
    (0x0800_0001u32 >> (c >> 11)) & 1 != 0
}

/// [`utf8_to_utf16`]'s main loop, for `dst` at least as long as `src`: ASCII sixteen
/// bytes at a time, then runs of two-byte characters (four at a time while they last)
/// and of three-byte ones, each character validated by masks on its bytes read as one
/// little-endian word. Returns (bytes read, units written) before the first sequence
/// it does not take: an invalid one, or one that a run's loop did not reach and that
/// starts in the last three bytes of `src` (the caller's byte-at-a-time tail takes
/// what is left).
#[inline(always)]
fn utf8_to_utf16_window(s: &[u8], d: &mut [u16]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    'ascii: loop {
        // ASCII, sixteen bytes at a time, and the ASCII start of the first other chunk.
        while let (Some(c), Some(o)) = (s.get(r..r + 16), d.get_mut(w..w + 16)) {
            let (Ok(c), Ok(o)) = (<&[u8; 16]>::try_from(c), <&mut [u16; 16]>::try_from(o)) else {
                break 'ascii;
            };
            if widen_ascii_16(c, o) {
                r += 16;
                w += 16;
                continue;
            }
            let lo = u64::from_le_bytes(*c.first_chunk().unwrap_or(&[0x80; 8]));
            let hi = u64::from_le_bytes(*c.last_chunk().unwrap_or(&[0x80; 8]));
            let k = if lo & 0x8080_8080_8080_8080 != 0 {
                (lo & 0x8080_8080_8080_8080).trailing_zeros() / 8
            } else {
                8 + (hi & 0x8080_8080_8080_8080).trailing_zeros() / 8
            } as usize;
            for (o, &b) in o.iter_mut().zip(&c[..k.min(16)]) {
                *o = u16::from(b);
            }
            r += k;
            w += k;
            break;
        }
        // Characters one at a time, with runs of one length in tight loops. Only
        // where four bytes remain: the tail is the caller's.
        loop {
            let Some(&[b, ..]) = s.get(r..r + 4) else {
                break 'ascii;
            };
            if b < 0x80 {
                let Some(o) = d.get_mut(w) else {
                    break 'ascii;
                };
                *o = u16::from(b);
                r += 1;
                w += 1;
                // Two ASCII bytes in a row: back to the chunks.
                if s.get(r).is_some_and(|&b| b < 0x80) {
                    continue 'ascii;
                }
                continue;
            }
            let start = r;
            if b < 0xE0 {
                // Two-byte characters, four at a time (the units from one word with
                // masks and shifts), then one at a time.
                while let (Some(c), Some(o)) = (s.get(r..r + 8), d.get_mut(w..w + 4)) {
                    let (Ok(c), Ok(o)) = (<&[u8; 8]>::try_from(c), <&mut [u16; 4]>::try_from(o))
                    else {
                        break;
                    };
                    let x = u64::from_le_bytes(*c);
                    // Lead 110xxxxx then continuation 10xxxxxx, four times...
                    if x & 0xC0E0_C0E0_C0E0_C0E0 != 0x80C0_80C0_80C0_80C0 {
                        break;
                    }
                    // ...and no lead is 0xC0 or 0xC1 (bits 1..=4 of each lead not all 0).
                    let l = x & 0x001E_001E_001E_001E;
                    if (l + 0x001E_001E_001E_001E) & 0x0020_0020_0020_0020 != 0x0020_0020_0020_0020
                    {
                        break;
                    }
                    let u = ((x & 0x001F_001F_001F_001F) << 6) | ((x >> 8) & 0x003F_003F_003F_003F);
                    *o = [
                        u as u16,
                        (u >> 16) as u16,
                        (u >> 32) as u16,
                        (u >> 48) as u16,
                    ];
                    r += 8;
                    w += 4;
                }
                while let Some(&[b0, b1]) = s.get(r..r + 2) {
                    let v = u32::from(b0) | (u32::from(b1) << 8);
                    if v & 0xC0E0 != 0x80C0 || b0 < 0xC2 {
                        break;
                    }
                    let Some(o) = d.get_mut(w) else { break };
                    *o = (((v & 0x1F) << 6) | ((v >> 8) & 0x3F)) as u16;
                    r += 2;
                    w += 1;
                }
            } else if b < 0xF0 {
                // Three-byte characters, two from each eight-byte word (six bytes of
                // it) while they last, then one at a time.
                while let (Some(c), Some(o)) = (s.get(r..r + 8), d.get_mut(w..w + 2)) {
                    let (Ok(c), Ok(o)) = (<&[u8; 8]>::try_from(c), <&mut [u16; 2]>::try_from(o))
                    else {
                        break;
                    };
                    let x = u64::from_le_bytes(*c);
                    if x & 0xC0C0_F0C0_C0F0 != 0x8080_E080_80E0 {
                        break;
                    }
                    let y = x >> 24;
                    let c0 = ((x & 0x0F) << 12) | ((x >> 2) & 0x0FC0) | ((x >> 16) & 0x3F);
                    let c1 = ((y & 0x0F) << 12) | ((y >> 2) & 0x0FC0) | ((y >> 16) & 0x3F);
                    if bad_three_byte(c0 as u32) | bad_three_byte(c1 as u32) {
                        break;
                    }
                    *o = [c0 as u16, c1 as u16];
                    r += 6;
                    w += 2;
                }
                while let Some(&[b0, b1, b2]) = s.get(r..r + 3) {
                    let v = u32::from(b0) | (u32::from(b1) << 8) | (u32::from(b2) << 16);
                    if v & 0x00C0_C0F0 != 0x0080_80E0 {
                        break;
                    }
                    let c = ((v & 0x0F) << 12) | ((v >> 2) & 0x0FC0) | ((v >> 16) & 0x3F);
                    if bad_three_byte(c) {
                        break;
                    }
                    let Some(o) = d.get_mut(w) else { break };
                    *o = c as u16;
                    r += 3;
                    w += 1;
                }
            } else if let Some(&[b0, b1, b2, b3]) = s.get(r..r + 4) {
                // A four-byte character.
                let v = u32::from_le_bytes([b0, b1, b2, b3]);
                if v & 0xC0C0_C0F8 == 0x8080_80F0 {
                    let c = ((v & 0x07) << 18)
                        | ((v & 0x3F00) << 4)
                        | ((v >> 10) & 0x0FC0)
                        | ((v >> 24) & 0x3F);
                    if (0x10000..=0x10FFFF).contains(&c) {
                        if let Some(o) = d.get_mut(w..w + 2) {
                            let c = c - 0x10000;
                            o[0] = 0xD800 | (c >> 10) as u16;
                            o[1] = 0xDC00 | (c & 0x3FF) as u16;
                            r += 4;
                            w += 2;
                        }
                    }
                }
            }
            if r == start {
                // Invalid (or out of room): the tail says which.
                break 'ascii;
            }
        }
    }
    (r, w)
}

/// [`utf8_to_utf16`] a character at a time, with every check: for what the windows of
/// [`utf8_to_utf16_window`] leave (their last bytes, invalid input, a short `dst`).
fn utf8_to_utf16_tail(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    loop {
        let Some(&b) = src.get(r) else { return (r, w) };
        if w == dst.len() {
            return (r, w);
        }
        if b < 0x80 {
            if src.get(r + 1).is_some_and(|&next| next < 0x80) {
                // A run: widens at least this byte.
                let k = copy_ascii_to_basic_latin(&src[r..], &mut dst[w..]);
                r += k;
                w += k;
            } else {
                // A space or a mark between other characters.
                dst[w] = u16::from(b);
                r += 1;
                w += 1;
            }
            continue;
        }
        let (c, len) = match b {
            0xC2..=0xDF => match src.get(r + 1) {
                Some(&t) if t & 0xC0 == 0x80 => {
                    ((u32::from(b & 0x1F) << 6) | u32::from(t & 0x3F), 2)
                }
                _ => return (r, w),
            },
            0xE0..=0xEF => {
                let (lo, hi) = match b {
                    0xE0 => (0xA0, 0xBF),
                    0xED => (0x80, 0x9F),
                    _ => (0x80, 0xBF),
                };
                match (src.get(r + 1), src.get(r + 2)) {
                    (Some(&t1), Some(&t2)) if (lo..=hi).contains(&t1) && t2 & 0xC0 == 0x80 => (
                        (u32::from(b & 0x0F) << 12)
                            | (u32::from(t1 & 0x3F) << 6)
                            | u32::from(t2 & 0x3F),
                        3,
                    ),
                    _ => return (r, w),
                }
            }
            0xF0..=0xF4 => {
                let (lo, hi) = match b {
                    0xF0 => (0x90, 0xBF),
                    0xF4 => (0x80, 0x8F),
                    _ => (0x80, 0xBF),
                };
                match (src.get(r + 1), src.get(r + 2), src.get(r + 3)) {
                    (Some(&t1), Some(&t2), Some(&t3))
                        if (lo..=hi).contains(&t1) && t2 & 0xC0 == 0x80 && t3 & 0xC0 == 0x80 =>
                    {
                        (
                            (u32::from(b & 0x07) << 18)
                                | (u32::from(t1 & 0x3F) << 12)
                                | (u32::from(t2 & 0x3F) << 6)
                                | u32::from(t3 & 0x3F),
                            4,
                        )
                    }
                    _ => return (r, w),
                }
            }
            _ => return (r, w),
        };
        if c >= 0x10000 {
            if dst.len() - w < 2 {
                return (r, w);
            }
            let c = c - 0x10000;
            dst[w] = 0xD800 | (c >> 10) as u16;
            dst[w + 1] = 0xDC00 | (c & 0x3FF) as u16;
            w += 2;
        } else {
            dst[w] = c as u16;
            w += 1;
        }
        r += len;
    }
}

/// Converts the valid UTF-16 prefix of `src` to UTF-8 while it fits in `dst`.
/// Stops before an unpaired surrogate (a high surrogate at the end of `src`
/// counts as unpaired), or before a character that does not fit.
/// Returns (units read, bytes written).
pub(crate) fn utf16_to_utf8(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    let (r, w, _) = utf16_to_utf8_windows::<_, true, false>(src, dst);
    let (a, b) = utf16_to_utf8_tail(&src[r..], &mut dst[w..]);
    (r + a, w + b)
}

/// Chunks of sixteen Basic Latin units in a row after which the windows yield where
/// their caller asks them to (`YIELD` of [`utf16_to_utf8_window`]): fewer are not
/// worth the switch to the caller's loop and back.
pub(crate) const YIELD_CHUNKS: usize = 8;

/// As [`utf16_to_utf8`], for a caller with a faster loop for Basic Latin (the SSE2
/// kernel): returns (units read, bytes written, true) after the first
/// [`YIELD_CHUNKS`] chunks of sixteen Basic Latin units in a row that its windows meet (the caller goes on from
/// there), else as [`utf16_to_utf8`] does with false.
#[inline]
pub(crate) fn utf16_to_utf8_until_basic_latin(src: &[u16], dst: &mut [u8]) -> (usize, usize, bool) {
    let (r, w, yielded) = utf16_to_utf8_windows::<_, true, true>(src, dst);
    if yielded {
        return (r, w, true);
    }
    let (a, b) = utf16_to_utf8_tail(&src[r..], &mut dst[w..]);
    (r + a, w + b, false)
}

/// UTF-16 code units as the loops of [`utf16_to_utf8_window`] read them: native
/// units (`&[u16]`) or UTF-16 bytes in a given order ([`UnitBytes`]).
trait Units: Copy {
    /// The number of units.
    fn units(self) -> usize;
    /// Units `a..b` (`a <= b <= self.units()`).
    fn range(self, a: usize, b: usize) -> Self;
    /// Unit `i`, if there is one.
    fn unit(self, i: usize) -> Option<u16>;
    /// Units `i..i + N`, if there are that many.
    fn array<const N: usize>(self, i: usize) -> Option<[u16; N]>;
}

impl Units for &[u16] {
    #[inline(always)]
    fn units(self) -> usize {
        self.len()
    }
    #[inline(always)]
    fn range(self, a: usize, b: usize) -> Self {
        &self[a..b]
    }
    #[inline(always)]
    fn unit(self, i: usize) -> Option<u16> {
        self.get(i).copied()
    }
    #[inline(always)]
    fn array<const N: usize>(self, i: usize) -> Option<[u16; N]> {
        self.get(i..i.checked_add(N)?)?.try_into().ok()
    }
}

/// UTF-16 bytes, big-endian if `BE` (else little-endian), read as units; an odd last
/// byte is not part of any unit.
#[derive(Clone, Copy)]
struct UnitBytes<'a, const BE: bool>(&'a [u8]);

impl<const BE: bool> UnitBytes<'_, BE> {
    /// The unit of the two bytes `pair`.
    #[inline(always)]
    fn of(pair: [u8; 2]) -> u16 {
        if BE {
            u16::from_be_bytes(pair)
        } else {
            u16::from_le_bytes(pair)
        }
    }
}

impl<const BE: bool> Units for UnitBytes<'_, BE> {
    #[inline(always)]
    fn units(self) -> usize {
        self.0.len() / 2
    }
    #[inline(always)]
    fn range(self, a: usize, b: usize) -> Self {
        UnitBytes(&self.0[2 * a..2 * b])
    }
    #[inline(always)]
    fn unit(self, i: usize) -> Option<u16> {
        let &[b0, b1] = self.0.get(2 * i..2 * i + 2)? else {
            return None;
        };
        Some(Self::of([b0, b1]))
    }
    #[inline(always)]
    fn array<const N: usize>(self, i: usize) -> Option<[u16; N]> {
        let c = self.0.get(2 * i..(2 * i).checked_add(2 * N)?)?;
        let mut a = [0; N];
        for (u, p) in a.iter_mut().zip(c.chunks_exact(2)) {
            *u = Self::of([p[0], p[1]]);
        }
        Some(a)
    }
}

/// [`utf16_to_utf8`]'s windows (and those of [`units_to_utf8`], where `PAIRS` is
/// false: it stops before every surrogate): windows of `m` units where `dst` has
/// `3 * m` bytes of room, so that inside one every character fits (a character never
/// has more than three bytes per unit). The window loop stops at its end (before a
/// pair it splits), at the end of the input or at a surrogate it does not take; the
/// next window starts there. Returns (units read, bytes written) where the windows
/// stop: less than sixteen units or `3 * 16` bytes of room left, or a surrogate; and
/// whether they stopped after Basic Latin as `YIELD` lets them (see
/// [`utf16_to_utf8_window`]).
#[inline(always)]
fn utf16_to_utf8_windows<S: Units, const PAIRS: bool, const YIELD: bool>(
    src: S,
    dst: &mut [u8],
) -> (usize, usize, bool) {
    let (mut r, mut w) = (0, 0);
    loop {
        let m = (src.units() - r).min((dst.len() - w) / 3);
        if m < 16 {
            break;
        }
        let (a, b, yielded) =
            utf16_to_utf8_window::<S, PAIRS, YIELD>(src.range(r, r + m), &mut dst[w..w + 3 * m]);
        r += a;
        w += b;
        if yielded {
            return (r, w, true);
        }
        if a == 0 {
            break;
        }
    }
    (r, w, false)
}

/// [`utf16_to_utf8`]'s main loop, for `dst` at least three times as long as `src`:
/// Basic Latin sixteen units at a time, then runs of units of two UTF-8 bytes (four
/// at a time while they last) and of three, each written as one little-endian word.
/// Returns (units read, bytes written) before the first unit it does not take: an
/// unpaired surrogate (any surrogate if not `PAIRS`), or a pair split by the end of
/// `src`; or, if `YIELD`, after [`YIELD_CHUNKS`] chunks of sixteen Basic Latin units in
/// a row (for a caller with a faster loop for Basic Latin), and then true.
#[inline(always)]
fn utf16_to_utf8_window<S: Units, const PAIRS: bool, const YIELD: bool>(
    s: S,
    d: &mut [u8],
) -> (usize, usize, bool) {
    let (mut r, mut w) = (0, 0);
    'ascii: loop {
        let mut chunks = 0;
        while let (Some(c), Some(o)) = (s.array::<16>(r), d.get_mut(w..w + 16)) {
            let Ok(o) = <&mut [u8; 16]>::try_from(o) else {
                break 'ascii;
            };
            if narrow_basic_latin_16(&c, o) {
                r += 16;
                w += 16;
                chunks += 1;
                if YIELD && chunks == YIELD_CHUNKS {
                    return (r, w, true);
                }
                continue;
            }
            for (o, u) in o.iter_mut().zip(c) {
                if u >= 0x80 {
                    break;
                }
                *o = u as u8;
                r += 1;
                w += 1;
            }
            break;
        }
        loop {
            let Some(u) = s.unit(r) else {
                break 'ascii;
            };
            if u < 0x80 {
                let Some(o) = d.get_mut(w) else {
                    break 'ascii;
                };
                *o = u as u8;
                r += 1;
                w += 1;
                if s.unit(r).is_some_and(|u| u < 0x80) {
                    continue 'ascii;
                }
                continue;
            }
            let start = r;
            if u < 0x800 {
                // One or two bytes each (Cyrillic, Greek... words and the spaces
                // between them), four units at a time without a branch on which: each
                // unit written as two bytes, (0xC0 | u >> 6, 0x80 | u & 0x3F) or (u,
                // anything), the next one starting one or two bytes on. The group's
                // last unit's second byte, if it is ASCII, is written over by the
                // unit after the group (which is one of one or two bytes, so always
                // written next). Four ASCII units go back to the chunks.
                while let (Some(c), Some(o)) = (s.array::<5>(r), d.get_mut(w..w + 8)) {
                    let Ok(o) = <&mut [u8; 8]>::try_from(o) else {
                        break;
                    };
                    let four = c[0] | c[1] | c[2] | c[3];
                    if four < 0x80 || (four | c[4]) >= 0x800 {
                        break;
                    }
                    let mut p = 0;
                    for &u in &c[..4] {
                        let two = u >= 0x80;
                        let y = if two {
                            0x80C0 | ((u & 0x3F) << 8) | (u >> 6)
                        } else {
                            u
                        };
                        let [y0, y1] = y.to_le_bytes();
                        o[p & 7] = y0;
                        o[(p + 1) & 7] = y1;
                        p += 1 + usize::from(two);
                    }
                    r += 4;
                    w += p;
                }
                while let (Some(u), Some(o)) = (s.unit(r), d.get_mut(w..w + 2)) {
                    if !(0x80..0x800).contains(&u) {
                        break;
                    }
                    let y = 0x80C0 | ((u & 0x3F) << 8) | (u >> 6);
                    o.copy_from_slice(&y.to_le_bytes());
                    r += 1;
                    w += 2;
                }
            } else if u & 0xF800 != 0xD800 {
                // Three bytes each.
                while let (Some(u), Some(o)) = (s.unit(r), d.get_mut(w..w + 3)) {
                    if u < 0x800 || u & 0xF800 == 0xD800 {
                        break;
                    }
                    let u = u32::from(u);
                    let y = 0x0080_80E0 | ((u & 0x3F) << 16) | ((u & 0x0FC0) << 2) | (u >> 12);
                    o.copy_from_slice(&y.to_le_bytes()[..3]);
                    r += 1;
                    w += 3;
                }
            } else if let (true, Some([hi, lo]), Some(o)) =
                (PAIRS, s.array::<2>(r), d.get_mut(w..w + 4))
            {
                // A surrogate pair (not taken without `PAIRS`).
                if hi <= 0xDBFF && lo & 0xFC00 == 0xDC00 {
                    let c = 0x10000 + ((u32::from(hi) & 0x3FF) << 10) + (u32::from(lo) & 0x3FF);
                    let y = 0x8080_80F0
                        | ((c & 0x3F) << 24)
                        | ((c & 0x0FC0) << 10)
                        | ((c & 0x3_F000) >> 4)
                        | (c >> 18);
                    o.copy_from_slice(&y.to_le_bytes());
                    r += 2;
                    w += 4;
                }
            }
            if r == start {
                break 'ascii;
            }
        }
    }
    (r, w, false)
}

/// [`utf16_to_utf8`] a character at a time, with every check: for what the windows of
/// [`utf16_to_utf8_window`] leave (their last units, surrogates there, a short `dst`).
fn utf16_to_utf8_tail(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    loop {
        let Some(&u) = src.get(r) else { return (r, w) };
        let room = dst.len() - w;
        if u < 0x80 {
            if room == 0 {
                return (r, w);
            }
            // Narrows at least this unit.
            let k = copy_basic_latin_to_ascii(&src[r..], &mut dst[w..]);
            r += k;
            w += k;
            continue;
        }
        if u < 0x800 {
            if room < 2 {
                return (r, w);
            }
            dst[w] = 0xC0 | (u >> 6) as u8;
            dst[w + 1] = 0x80 | (u & 0x3F) as u8;
            w += 2;
            r += 1;
        } else if !(0xD800..=0xDFFF).contains(&u) {
            if room < 3 {
                return (r, w);
            }
            dst[w] = 0xE0 | (u >> 12) as u8;
            dst[w + 1] = 0x80 | ((u >> 6) & 0x3F) as u8;
            dst[w + 2] = 0x80 | (u & 0x3F) as u8;
            w += 3;
            r += 1;
        } else if u <= 0xDBFF {
            match src.get(r + 1) {
                Some(&lo) if (0xDC00..=0xDFFF).contains(&lo) => {
                    if room < 4 {
                        return (r, w);
                    }
                    let c = 0x10000 + ((u32::from(u) & 0x3FF) << 10) + (u32::from(lo) & 0x3FF);
                    dst[w] = 0xF0 | (c >> 18) as u8;
                    dst[w + 1] = 0x80 | ((c >> 12) & 0x3F) as u8;
                    dst[w + 2] = 0x80 | ((c >> 6) & 0x3F) as u8;
                    dst[w + 3] = 0x80 | (c & 0x3F) as u8;
                    w += 4;
                    r += 2;
                }
                _ => return (r, w),
            }
        } else {
            return (r, w);
        }
    }
}

/// Length of the longest prefix of `src` without unpaired surrogates (a high surrogate
/// at the end counts as unpaired).
pub(crate) fn utf16_valid_up_to(src: &[u16]) -> usize {
    let mut i = 0;
    while i < src.len() {
        let u = src[i];
        if u & 0xF800 != 0xD800 {
            i += 1;
            continue;
        }
        if u > 0xDBFF {
            return i;
        }
        match src.get(i + 1) {
            Some(&lo) if lo & 0xFC00 == 0xDC00 => i += 2,
            _ => return i,
        }
    }
    i
}

/// Widens bytes (as U+0000..U+00FF) while they fit; returns the count.
pub(crate) fn latin1_to_utf16(src: &[u8], dst: &mut [u16]) -> usize {
    let n = src.len().min(dst.len());
    for (d, &b) in dst[..n].iter_mut().zip(&src[..n]) {
        *d = u16::from(b);
    }
    n
}

/// Narrows units to their low bytes while they fit; returns the count.
pub(crate) fn utf16_to_latin1_lossy(src: &[u16], dst: &mut [u8]) -> usize {
    let n = src.len().min(dst.len());
    for (d, &u) in dst[..n].iter_mut().zip(&src[..n]) {
        *d = u as u8;
    }
    n
}

/// Converts bytes (as U+0000..U+00FF) to UTF-8 while each character fits.
/// Returns (bytes read, bytes written).
pub(crate) fn latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    loop {
        let k = copy_ascii_to_ascii(&src[r..], &mut dst[w..]);
        r += k;
        w += k;
        let Some(&b) = src.get(r) else { return (r, w) };
        if b < 0x80 || dst.len() - w < 2 {
            return (r, w);
        }
        dst[w] = 0xC0 | (b >> 6);
        dst[w + 1] = 0x80 | (b & 0x3F);
        r += 1;
        w += 2;
    }
}

/// The code unit at unit index `i` of UTF-16 bytes, big- or little-endian.
#[inline(always)]
fn unit_at(src: &[u8], i: usize, be: bool) -> u16 {
    let pair = [src[2 * i], src[2 * i + 1]];
    if be {
        u16::from_be_bytes(pair)
    } else {
        u16::from_le_bytes(pair)
    }
}

/// Converts UTF-16 bytes (`be`: big-endian) to native units while they fit, stopping
/// before the first surrogate. Returns units converted (an odd last byte is ignored).
pub(crate) fn units_to_utf16(src: &[u8], dst: &mut [u16], be: bool) -> usize {
    let n = (src.len() / 2).min(dst.len());
    let (src, dst) = (&src[..2 * n], &mut dst[..n]);
    // Eight units per test for surrogates (any unit whose high byte is 0xD8..=0xDF),
    // converted by a loop of fixed length.
    let mut i = 0;
    for (s, d) in src.chunks_exact(16).zip(dst.chunks_exact_mut(8)) {
        let high = |k: usize| s[2 * k + usize::from(!be)];
        if (0..8).fold(false, |a, k| a | (high(k) & 0xF8 == 0xD8)) {
            break;
        }
        for (k, d) in d.iter_mut().enumerate() {
            *d = unit_at(s, k, be);
        }
        i += 8;
    }
    while i < n {
        let u = unit_at(src, i, be);
        if u & 0xF800 == 0xD800 {
            return i;
        }
        dst[i] = u;
        i += 1;
    }
    n
}

/// Writes the UTF-8 form of BMP non-surrogate `u` at `dst[w..]` if it fits; returns
/// its length, or 0 if it does not fit.
#[inline(always)]
fn push_bmp_utf8(u: u16, dst: &mut [u8], w: usize) -> usize {
    let room = dst.len() - w;
    if u < 0x80 {
        if room < 1 {
            return 0;
        }
        dst[w] = u as u8;
        1
    } else if u < 0x800 {
        if room < 2 {
            return 0;
        }
        dst[w] = 0xC0 | (u >> 6) as u8;
        dst[w + 1] = 0x80 | (u & 0x3F) as u8;
        2
    } else {
        if room < 3 {
            return 0;
        }
        dst[w] = 0xE0 | (u >> 12) as u8;
        dst[w + 1] = 0x80 | ((u >> 6) & 0x3F) as u8;
        dst[w + 2] = 0x80 | (u & 0x3F) as u8;
        3
    }
}

/// Converts UTF-16 bytes (`be`: big-endian) to UTF-8 while each character fits,
/// stopping before the first surrogate. Returns (units read, bytes written).
#[inline]
pub(crate) fn units_to_utf8(src: &[u8], dst: &mut [u8], be: bool) -> (usize, usize) {
    let (r, w, _) = if be {
        units_to_utf8_in::<true, false>(UnitBytes::<true>(src), dst)
    } else {
        units_to_utf8_in::<false, false>(UnitBytes::<false>(src), dst)
    };
    (r, w)
}

/// As [`units_to_utf8`], for a caller with a faster loop for Basic Latin (the SSE2
/// kernel): returns (units read, bytes written, true) after the first
/// [`YIELD_CHUNKS`] chunks of sixteen Basic Latin units in a row that its windows meet (the caller goes on from
/// there), else as [`units_to_utf8`] does with false.
#[inline]
pub(crate) fn units_to_utf8_until_basic_latin(
    src: &[u8],
    dst: &mut [u8],
    be: bool,
) -> (usize, usize, bool) {
    if be {
        units_to_utf8_in::<true, true>(UnitBytes::<true>(src), dst)
    } else {
        units_to_utf8_in::<false, true>(UnitBytes::<false>(src), dst)
    }
}

/// [`units_to_utf8`] in one byte order: the windows of [`utf16_to_utf8_window`] (which
/// stop before every surrogate here, and after Basic Latin as `YIELD` lets them),
/// then a unit at a time for what they leave. The last of the result says whether
/// the windows yielded.
fn units_to_utf8_in<const BE: bool, const YIELD: bool>(
    src: UnitBytes<'_, BE>,
    dst: &mut [u8],
) -> (usize, usize, bool) {
    let (mut i, mut w, yielded) = utf16_to_utf8_windows::<_, false, YIELD>(src, dst);
    if yielded {
        return (i, w, true);
    }
    while let Some(u) = src.unit(i) {
        if u & 0xF800 == 0xD800 {
            break;
        }
        let k = push_bmp_utf8(u, dst, w);
        if k == 0 {
            break;
        }
        w += k;
        i += 1;
    }
    (i, w, false)
}

/// Decodes single-byte text (upper half by `table`, 0 = unmapped) to UTF-16 while it
/// fits, stopping before an unmapped byte. Returns bytes decoded (= units written).
pub(crate) fn single_byte_to_utf16(table: &[u16; 128], src: &[u8], dst: &mut [u16]) -> usize {
    let n = src.len().min(dst.len());
    let (src, dst) = (&src[..n], &mut dst[..n]);
    // Sixteen bytes at a time. ASCII is widened. A few other bytes among ASCII ones
    // (letters with diacritics in Western text): all sixteen widened, then those few
    // put through the table, found by the high bits of the two eight-byte words. More
    // of them (text in another script): each byte by the table, with a select rather
    // than a branch on ASCII where the compiler keeps it; while the chunks are such,
    // the next one goes there without being tried as ASCII first.
    let mut dense = false;
    let mut i = 0;
    for (s, d) in src.chunks_exact(16).zip(dst.chunks_exact_mut(16)) {
        let (Ok(s), Ok(d)) = (<&[u8; 16]>::try_from(s), <&mut [u16; 16]>::try_from(d)) else {
            break;
        };
        if !dense && widen_ascii_16(s, d) {
            i += 16;
            continue;
        }
        let lo = u64::from_le_bytes(*s.first_chunk().unwrap_or(&[0; 8])) & HIGH_BITS_64;
        let hi = u64::from_le_bytes(*s.last_chunk().unwrap_or(&[0; 8])) & HIGH_BITS_64;
        dense = high_count(s) > 4;
        if dense {
            if let Err(k) = single_byte_to_utf16_dense(table, s, d) {
                return i + k;
            }
        } else {
            let mut t: [u16; 16] = core::array::from_fn(|k| u16::from(s[k]));
            for (base, mut m) in [(0, lo), (8, hi)] {
                while m != 0 {
                    let k = (base + (m.trailing_zeros() / 8) as usize) & 15;
                    let c = table[usize::from(s[k] & 0x7F)];
                    if c == 0 {
                        d[..k].copy_from_slice(&t[..k]);
                        return i + k;
                    }
                    t[k] = c;
                    m &= m - 1;
                }
            }
            *d = t;
        }
        i += 16;
    }
    for (d, &b) in dst[i..].iter_mut().zip(&src[i..]) {
        let c = if b < 0x80 {
            u16::from(b)
        } else {
            table[usize::from(b - 0x80)]
        };
        if c == 0 && b >= 0x80 {
            return i;
        }
        *d = c;
        i += 1;
    }
    n
}

/// Sixteen bytes of [`single_byte_to_utf16`] a byte at a time; on an unmapped byte, at
/// `k`, writes only `d[..k]` and returns `Err(k)`. Not inlined: in the loop, compilers
/// take the bytes from the words read there to count the non-ASCII ones, a shift and
/// a spill each.
#[inline(never)]
fn single_byte_to_utf16_dense(
    table: &[u16; 128],
    s: &[u8; 16],
    d: &mut [u16; 16],
) -> Result<(), usize> {
    for (k, (d, &b)) in d.iter_mut().zip(s).enumerate() {
        let c = if b < 0x80 {
            u16::from(b)
        } else {
            table[usize::from(b - 0x80)]
        };
        if c == 0 && b >= 0x80 {
            return Err(k);
        }
        *d = c;
    }
    Ok(())
}

/// Decodes single-byte text to UTF-8 while each character fits, stopping before an
/// unmapped byte. Returns (bytes read, bytes written).
pub(crate) fn single_byte_to_utf8(
    table: &[u16; 128],
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    single_byte_to_utf8_with(table, src, dst, copy_ascii_to_ascii)
}

/// [`single_byte_to_utf8`] with `ascii` for the runs of ASCII (a bulk copy that
/// returns the bytes copied, as [`copy_ascii_to_ascii`]).
///
/// An input of at least [`UTF8_TABLE_MIN`] bytes goes eight bytes a step (while the
/// input has eight and the output 36 bytes of room) through a table of the upper
/// half's UTF-8, built first: a word of ASCII starts `ascii`; otherwise each byte's
/// bytes are stored as one word, of which its length (kept in the entry's high byte)
/// count, without a branch on the length (Cyrillic, Greek or Arabic text with its
/// spaces and punctuation mixes one- and two-byte characters unpredictably), and
/// the bytes those stores write past the last character are put back as they were.
/// A step with an unmapped byte, and shorter inputs, go a byte at a time.
#[inline(always)]
pub(crate) fn single_byte_to_utf8_with(
    table: &[u16; 128],
    src: &[u8],
    dst: &mut [u8],
    ascii: impl Fn(&[u8], &mut [u8]) -> usize,
) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    let utf8 = (src.len() >= UTF8_TABLE_MIN).then(|| utf8_entries(table));
    loop {
        if let Some(t) = &utf8 {
            while let (Some(s), Some(d)) = (
                src.get(r..).and_then(<[u8]>::first_chunk::<8>),
                dst.get_mut(w..).and_then(<[u8]>::first_chunk_mut::<36>),
            ) {
                let word = u64::from_le_bytes(*s);
                let high = word & 0x8080_8080_8080_8080;
                if high == 0 {
                    let k = ascii(&src[r..], &mut dst[w..]);
                    r += k;
                    w += k;
                    continue;
                }
                if high & (high - 1) == 0 {
                    // One upper-half byte among ASCII (an accented letter in Latin
                    // text): the word, the byte's entry over it at its place, and the
                    // bytes after it shifted up by the entry's length, three stores
                    // (the last writes up to eight bytes past the output, put back).
                    let k = (high.trailing_zeros() / 8) as usize & 7;
                    let x = t[usize::from(s[k] & 0x7F)];
                    if x != 0 {
                        let len = (x >> 24) as usize & 3;
                        let end = 7 + len;
                        let after = *d[end..].first_chunk::<8>().unwrap_or(&[0; 8]);
                        d[..8].copy_from_slice(&word.to_le_bytes());
                        d[k..k + 4].copy_from_slice(&x.to_le_bytes());
                        let rest = word.checked_shr(8 * (k as u32 + 1)).unwrap_or(0);
                        d[k + len..k + len + 8].copy_from_slice(&rest.to_le_bytes());
                        d[end..end + 8].copy_from_slice(&after);
                        r += 8;
                        w += end;
                        continue;
                    }
                }
                let mut e = [0u32; 8];
                let mut unmapped = 0;
                let mut end = 0;
                for (x, &b) in e.iter_mut().zip(s) {
                    *x = if b < 0x80 {
                        u32::from(b) | 1 << 24
                    } else {
                        t[usize::from(b & 0x7F)]
                    };
                    // Unmapped: 0, the only entry below 1 << 24.
                    unmapped |= x.wrapping_sub(1);
                    end += (*x >> 24) as usize;
                }
                if unmapped >> 31 != 0 {
                    break;
                }
                let after = [d[end], d[end + 1], d[end + 2]];
                let mut o = 0;
                for &x in &e {
                    // `o` is at most 21 here; the mask lets the compiler see the
                    // store fits.
                    let at = o & 31;
                    d[at..at + 4].copy_from_slice(&x.to_le_bytes());
                    o += (x >> 24) as usize;
                }
                d[end..end + 3].copy_from_slice(&after);
                r += 8;
                w += end;
            }
        }
        // A byte at a time: all of a short input; otherwise up to eight bytes (the
        // end of the input or of the room, or a step with an unmapped byte).
        let mut left = if utf8.is_some() { 8 } else { usize::MAX };
        while left > 0 {
            left -= 1;
            let Some(&b) = src.get(r) else {
                return (r, w);
            };
            if b < 0x80 {
                // A run of eight or more ASCII bytes goes through the bulk copy; a
                // space between words is written here.
                if let Some(run) = src.get(r..r + 8) {
                    if run.iter().all(|&b| b < 0x80) {
                        let k = ascii(&src[r..], &mut dst[w..]);
                        if k == 0 {
                            return (r, w);
                        }
                        r += k;
                        w += k;
                        continue;
                    }
                }
                let Some(d) = dst.get_mut(w) else {
                    return (r, w);
                };
                *d = b;
                r += 1;
                w += 1;
                continue;
            }
            let c = table[usize::from(b - 0x80)];
            if c == 0 {
                return (r, w);
            }
            let k = push_bmp_utf8(c, dst, w);
            if k == 0 {
                return (r, w);
            }
            r += 1;
            w += k;
        }
    }
}

/// The inputs from which [`single_byte_to_utf8_with`] builds its table of UTF-8
/// (which costs about as much as decoding a few hundred bytes a byte at a time).
pub(crate) const UTF8_TABLE_MIN: usize = 1024;

/// The UTF-8 of the characters of `table` (bytes 0x80..=0xFF), as words of its bytes
/// (little-endian) with the length in the high byte; 0 for unmapped bytes.
fn utf8_entries(table: &[u16; 128]) -> [u32; 128] {
    core::array::from_fn(|i| {
        let u = u32::from(table[i]);
        if u == 0 {
            0
        } else if u < 0x80 {
            u | 1 << 24
        } else if u < 0x800 {
            (0xC0 | u >> 6) | (0x80 | (u & 0x3F)) << 8 | 2 << 24
        } else {
            (0xE0 | u >> 12) | (0x80 | ((u >> 6) & 0x3F)) << 8 | (0x80 | (u & 0x3F)) << 16 | 3 << 24
        }
    })
}

/// Decodes x-user-defined to UTF-16 while it fits. Returns bytes decoded.
pub(crate) fn x_user_defined_to_utf16(src: &[u8], dst: &mut [u16]) -> usize {
    let n = src.len().min(dst.len());
    for (d, &b) in dst[..n].iter_mut().zip(&src[..n]) {
        *d = if b < 0x80 {
            u16::from(b)
        } else {
            0xF700 + u16::from(b)
        };
    }
    n
}

/// The UTF-8 of each x-user-defined byte in the low bytes of a `u32` (first byte
/// lowest): ASCII as itself; 0x80..=0xFF (U+F780..=U+F7FF) as `EF 9E 80..BF`
/// (0x80..=0xBF) or `EF 9F 80..BF` (0xC0..=0xFF). Bit 6 of the byte picks 0x9E or
/// 0x9F; its low six bits are the last byte's.
static X_USER_DEFINED_UTF8: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = if b < 0x80 {
            b as u32
        } else {
            0x0080_9EEF | ((b as u32 & 0x40) << 2) | ((b as u32 & 0x3F) << 16)
        };
        b += 1;
    }
    t
};

/// Decodes x-user-defined to UTF-8 while each character fits.
/// Returns (bytes read, bytes written).
///
/// Eight bytes a step: a word of ASCII is copied whole; any other word is written a
/// byte at a time without branches, each character as a four-byte store of which
/// the next overwrites what is past its end. Those steps run only while another
/// eight bytes follow and the room holds two steps (48 bytes), so the step after
/// them writes at least eight bytes from where they ended: nothing past the count
/// returned is written. The rest goes a character at a time.
pub(crate) fn x_user_defined_to_utf8(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    while src.len() - r >= 16 {
        let (Some(s), Some(d)) = (
            src[r..].first_chunk::<8>(),
            dst.get_mut(w..).and_then(<[u8]>::first_chunk_mut::<48>),
        ) else {
            break;
        };
        if u64::from_le_bytes(*s) & 0x8080_8080_8080_8080 == 0 {
            d[..8].copy_from_slice(s);
            r += 8;
            w += 8;
            continue;
        }
        let mut o = 0;
        for &b in s {
            // `o` is at most 21 here; the mask lets the compiler see the store fits.
            let at = o & 31;
            d[at..at + 4].copy_from_slice(&X_USER_DEFINED_UTF8[usize::from(b)].to_le_bytes());
            o += 1 + 2 * usize::from(b >> 7);
        }
        r += 8;
        w += o;
    }
    while let Some(&b) = src.get(r) {
        let len = 1 + 2 * usize::from(b >> 7);
        let Some(d) = dst.get_mut(w..w + len) else {
            break;
        };
        if len == 1 {
            d[0] = b;
        } else {
            d.copy_from_slice(&X_USER_DEFINED_UTF8[usize::from(b)].to_le_bytes()[..3]);
        }
        r += 1;
        w += len;
    }
    (r, w)
}

/// Encodes UTF-16 to a single-byte encoding while the units are ASCII, in `run` or in
/// `extra`, and fit. Returns units read (= bytes written).
pub(crate) fn single_byte_encode_utf16(
    run: Run,
    extra: &Extra,
    src: &[u16],
    dst: &mut [u8],
) -> usize {
    let n = src.len().min(dst.len());
    let (src, dst) = (&src[..n], &mut dst[..n]);
    // Sixteen units at a time: Basic Latin; else ASCII and `run` without branches;
    // else a unit at a time, through `extra` too.
    let mut i = 0;
    for (s, d) in src.chunks_exact(16).zip(dst.chunks_exact_mut(16)) {
        let (Ok(s), Ok(d)) = (<&[u16; 16]>::try_from(s), <&mut [u8; 16]>::try_from(d)) else {
            break;
        };
        if !narrow_basic_latin_16(s, d) && !encode_run_16(run, s, d) {
            let k = single_byte_encode_units(run, extra, s, d);
            if k < 16 {
                return i + k;
            }
        }
        i += 16;
    }
    i + single_byte_encode_units(run, extra, &src[i..], &mut dst[i..])
}

/// [`single_byte_encode_utf16`] a unit at a time, for `dst` at least as long as
/// `src`. Not inlined: unrolled sixteen times into the chunk loop, the lookups of
/// `extra` run slower (each its own branches to predict).
#[inline(never)]
fn single_byte_encode_units(run: Run, extra: &Extra, src: &[u16], dst: &mut [u8]) -> usize {
    for (i, (d, &u)) in dst.iter_mut().zip(src).enumerate() {
        match extra.map(run, u32::from(u)) {
            Some(b) => *d = b,
            None => return i,
        }
    }
    src.len()
}

/// Encodes sixteen units into `d` if each is ASCII or in `run` (and then returns true);
/// leaves `d` as it is otherwise.
#[inline(always)]
fn encode_run_16(run: Run, s: &[u16; 16], d: &mut [u8; 16]) -> bool {
    // As `Run::map`, for all sixteen at once: the offset into the run in 32 bits, so
    // that a unit below the run is far out of it.
    let off = |u: u16| u32::from(u).wrapping_sub(u32::from(run.code_point));
    let out = s.iter().fold(false, |a, &u| {
        a | (u >= 0x80 && off(u) >= u32::from(run.len))
    });
    if out {
        return false;
    }
    for (d, &u) in d.iter_mut().zip(s) {
        *d = if u < 0x80 {
            u as u8
        } else {
            run.byte.wrapping_add(off(u) as u8)
        };
    }
    true
}

/// The vector loops' hand-off to [`single_byte_encode_utf8`] between their steps:
/// from `src[r..]` and `dst[w..]`, at most 64 bytes of input. `Ok` with the new (`r`,
/// `w`) to go on from; `Err` with them where the call ends: at the end of `src`, or
/// where the scalar code took nothing (a character the run and `extra` do not map,
/// malformed input, or no room).
#[inline]
pub(crate) fn single_byte_encode_utf8_stretch(
    run: Run,
    extra: &Extra,
    src: &[u8],
    dst: &mut [u8],
    (r, w): (usize, usize),
) -> Result<(usize, usize), (usize, usize)> {
    if r == src.len() {
        return Err((r, w));
    }
    let end = src.len().min(r + 64);
    let (rr, ww) = single_byte_encode_utf8(run, extra, &src[r..end], &mut dst[w..]);
    if rr == 0 {
        Err((r, w))
    } else {
        Ok((r + rr, w + ww))
    }
}

/// Encodes UTF-8 to a single-byte encoding while the characters are ASCII, in `run` or
/// in `extra`, and fit; stops before anything else (including malformed input).
/// Returns (bytes read, bytes written).
pub(crate) fn single_byte_encode_utf8(
    run: Run,
    extra: &Extra,
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    if run.is_x_user_defined() {
        return x_user_defined_encode_utf8(run, extra, src, dst);
    }
    let (mut r, mut w) = (0, 0);
    loop {
        let k = copy_ascii_to_ascii(&src[r..], &mut dst[w..]);
        r += k;
        w += k;
        // The characters after the ASCII, and single ASCII bytes between them (a
        // space between words of Cyrillic or Greek text), without going back to the
        // bulk copy for each (scratch runs against encoding_rs, Zen 3: windows-1251
        // ru.txt 0.87-1.27 -> 1.85-2.64; windows-1253 el.txt 0.79-0.84 -> 1.89-2.59).
        loop {
            if w == dst.len() {
                return (r, w);
            }
            let Some(&b) = src.get(r) else {
                return (r, w);
            };
            if b < 0x80 {
                if src.get(r + 1).is_none_or(|&next| next < 0x80) {
                    // A run of ASCII (or the last byte): the bulk copy.
                    break;
                }
                dst[w] = b;
                w += 1;
                r += 1;
                continue;
            }
            match encode_utf8_char(run, extra, &src[r..]) {
                Some((b, len)) => {
                    dst[w] = b;
                    w += 1;
                    r += len;
                }
                None => return (r, w),
            }
        }
    }
}

/// [`single_byte_encode_utf8`] for a `run` of U+F780..=U+F7FF from byte 0x80 (that
/// is, x-user-defined): the same result for any `extra`.
///
/// Eight characters a step, from a window of 36 input bytes into eight bytes of
/// room: a word of ASCII is copied whole; otherwise each character is taken as
/// ASCII or as `EF 9E|9F 80..BF` without branches, into a word that is stored only
/// if all eight were. A step with anything else (characters `extra` maps included),
/// and the end of the input, go a character at a time through [`encode_utf8_char`].
fn x_user_defined_encode_utf8(
    run: Run,
    extra: &Extra,
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    // Characters left to take one at a time before the next step.
    let mut slow = 0;
    loop {
        if slow == 0 {
            if let (Some(s), Some(d)) = (
                src.get(r..).and_then(<[u8]>::first_chunk::<36>),
                dst.get_mut(w..).and_then(<[u8]>::first_chunk_mut::<8>),
            ) {
                let head: &[u8; 8] = s.first_chunk().unwrap_or(&[0x80; 8]);
                if u64::from_le_bytes(*head) & 0x8080_8080_8080_8080 == 0 {
                    *d = *head;
                    r += 8;
                    w += 8;
                    continue;
                }
                let mut o = 0;
                let mut k = 0;
                while k < 8 {
                    // `o` is at most 21 here; the mask lets the compiler see the
                    // read fits.
                    let at = o & 31;
                    let x = u32::from_le_bytes([s[at], s[at + 1], s[at + 2], s[at + 3]]);
                    d[k] = if x & 0x80 == 0 {
                        o += 1;
                        x as u8
                    } else if x & 0x00C0_FEFF == 0x0080_9EEF {
                        // EF 9E|9F 80..BF: the last byte, with 0x40 for 9F.
                        o += 3;
                        ((x >> 16) | ((x >> 2) & 0x40)) as u8
                    } else {
                        break;
                    };
                    k += 1;
                }
                // The characters before the one that stopped the step are written.
                r += o;
                w += k;
                if k == 8 {
                    continue;
                }
            }
            slow = 8;
        }
        slow -= 1;
        let Some(&b) = src.get(r) else {
            return (r, w);
        };
        let Some(d) = dst.get_mut(w) else {
            return (r, w);
        };
        if b < 0x80 {
            *d = b;
            r += 1;
        } else {
            match encode_utf8_char(run, extra, &src[r..]) {
                Some((b, len)) => {
                    *d = b;
                    r += len;
                }
                None => return (r, w),
            }
        }
        w += 1;
    }
}

/// The byte of the character at the start of `src` (not ASCII) and its length, if
/// `src` starts with a whole, well-formed character of two or three bytes that `run`
/// or `extra` maps.
#[inline(always)]
pub(crate) fn encode_utf8_char(run: Run, extra: &Extra, src: &[u8]) -> Option<(u8, usize)> {
    let (c, len) = match *src {
        [b0, b1, ..] if (0xC2..=0xDF).contains(&b0) && b1 & 0xC0 == 0x80 => {
            ((u32::from(b0 & 0x1F) << 6) | u32::from(b1 & 0x3F), 2)
        }
        [b0, b1, b2, ..] if b0 & 0xF0 == 0xE0 && b1 & 0xC0 == 0x80 && b2 & 0xC0 == 0x80 => {
            let c =
                (u32::from(b0 & 0x0F) << 12) | (u32::from(b1 & 0x3F) << 6) | u32::from(b2 & 0x3F);
            if c < 0x800 || (0xD800..=0xDFFF).contains(&c) {
                return None;
            }
            (c, 3)
        }
        _ => return None,
    };
    Some((extra.map(run, c)?, len))
}

/// Index of the first unit of `hay` equal to `value`.
#[allow(dead_code)]
#[inline]
pub(crate) fn find_u16(hay: &[u16], value: u16) -> Option<usize> {
    hay.iter().position(|&u| u == value)
}

/// The vector pair decoders' portable stand-in: nothing (the codecs' own loops decode
/// two-byte CJK characters one at a time). Returns (0, 0).
#[inline(always)]
pub(crate) fn cjk_pairs<U>(
    _t: &crate::tables::cjk::PairTable,
    _src: &[u8],
    _dst: &mut [U],
) -> (usize, usize) {
    (0, 0)
}
