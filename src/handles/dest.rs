//! Output destinations: a caller's buffer of code units with a write position.
//!
//! There is one destination type, [`SliceDest`], generic over its code unit
//! ([`CodeUnit`]): `u8` for UTF-8 (and for the bytes an encoder writes, as
//! [`ByteDest`]) and `u16` for UTF-16. The unit type says how a character is written
//! and which bulk kernels fill the buffer, so a codec state machine is written once,
//! generic over the unit, and runs for both UTF-8 and UTF-16 output.
//!
//! A character is written with [`SliceDest::try_push`] or
//! [`SliceDest::try_push_bmp`], which check the room and write only what fits; the
//! plain pushes are for writes whose room the caller checked once for several units.
//! All writes use checked indexing (a logic error panics instead of corrupting
//! memory), and the optimiser removes the checks that a room test already proved.
//! Bulk kernels write into [`SliceDest::tail`] and report what they wrote with
//! [`SliceDest::advance`].

use crate::simd;
use crate::tables::cjk::PairTable;

/// A code unit of a destination: how characters are written in it, and the bulk
/// kernels that write runs of them. Implemented for `u8` (UTF-8) and `u16` (UTF-16).
pub(crate) trait CodeUnit: Copy + 'static {
    /// U+FFFD in this unit type.
    const FFFD: &'static [Self];
    /// How many units U+FFFD takes.
    const FFFD_LEN: usize = Self::FFFD.len();
    /// The most units one BMP code point takes.
    const MAX_BMP: usize;
    /// Whether this is UTF-16 (`u16`).
    const UTF16: bool = Self::MAX_BMP == 1;

    /// How many units `c` takes.
    fn len_of(c: char) -> usize;
    /// How many units a BMP code point (not a surrogate) takes.
    fn len_of_bmp(c: u16) -> usize;
    /// Writes `c` at the start of `out` and returns the units written. The caller
    /// checked that it fits (otherwise this panics).
    fn put(out: &mut [Self], c: char) -> usize;
    /// Writes the BMP code point `c` (not a surrogate) at `out[at..]`; the units
    /// written, or `None` if it does not fit.
    fn put_bmp(out: &mut [Self], at: usize, c: u16) -> Option<usize>;
    /// Writes the BMP code point `c` (not a surrogate) at the start of `out` if `out`
    /// has at least [`CodeUnit::MAX_BMP`] units (so the hot loops check the room
    /// once per character, not per unit); the units written, 0 if it is shorter.
    fn put_bmp_fast(out: &mut [Self], c: u16) -> usize;

    /// Copies the longest ASCII prefix of `src` that fits; returns its length.
    fn copy_ascii(src: &[u8], out: &mut [Self]) -> usize;
    /// Decodes single-byte text (the upper half by `table`, 0 = unmapped) while it
    /// fits, stopping before an unmapped byte: (bytes read, units written).
    fn from_single_byte(table: &[u16; 128], src: &[u8], out: &mut [Self]) -> (usize, usize);
    /// Decodes x-user-defined while it fits: (bytes read, units written).
    fn from_x_user_defined(src: &[u8], out: &mut [Self]) -> (usize, usize);
    /// Converts UTF-16 bytes (`big_endian` or little) while they fit, stopping before
    /// the first surrogate: (UTF-16 units read, units written).
    fn from_utf16_bytes(src: &[u8], out: &mut [Self], big_endian: bool) -> (usize, usize);
    /// Converts the longest valid UTF-8 prefix of `src` that fits, stopping before an
    /// invalid or incomplete sequence or a character that does not fit: (bytes
    /// read, units written).
    fn from_utf8(src: &[u8], out: &mut [Self]) -> (usize, usize);
    /// Decodes two-byte CJK characters by the main table `t` while they are mapped
    /// pairs the vector decoder takes (possibly none): (bytes read, units written).
    fn from_cjk_pairs(t: &PairTable, src: &[u8], out: &mut [Self]) -> (usize, usize);
}

impl CodeUnit for u8 {
    const FFFD: &'static [u8] = "\u{FFFD}".as_bytes();
    const MAX_BMP: usize = 3;

    #[inline]
    fn len_of(c: char) -> usize {
        c.len_utf8()
    }

    #[inline]
    fn len_of_bmp(c: u16) -> usize {
        if c < 0x80 {
            1
        } else if c < 0x800 {
            2
        } else {
            3
        }
    }

    #[inline]
    fn put(out: &mut [u8], c: char) -> usize {
        c.encode_utf8(out).len()
    }

    #[inline(always)]
    fn put_bmp(out: &mut [u8], at: usize, c: u16) -> Option<usize> {
        if c < 0x80 {
            *out.get_mut(at)? = c as u8;
            Some(1)
        } else if c < 0x800 {
            out.get_mut(at..at + 2)?
                .copy_from_slice(&[0xC0 | (c >> 6) as u8, 0x80 | (c & 0x3F) as u8]);
            Some(2)
        } else {
            out.get_mut(at..at + 3)?.copy_from_slice(&[
                0xE0 | (c >> 12) as u8,
                0x80 | ((c >> 6) & 0x3F) as u8,
                0x80 | (c & 0x3F) as u8,
            ]);
            Some(3)
        }
    }

    #[inline(always)]
    fn put_bmp_fast(out: &mut [u8], c: u16) -> usize {
        let Some(o) = out.first_chunk_mut::<3>() else {
            return 0;
        };
        // CJK first: the hot loops that call this write mostly three-byte characters.
        if c >= 0x800 {
            *o = [
                0xE0 | (c >> 12) as u8,
                0x80 | ((c >> 6) & 0x3F) as u8,
                0x80 | (c & 0x3F) as u8,
            ];
            3
        } else if c >= 0x80 {
            o[0] = 0xC0 | (c >> 6) as u8;
            o[1] = 0x80 | (c & 0x3F) as u8;
            2
        } else {
            o[0] = c as u8;
            1
        }
    }

    #[inline]
    fn copy_ascii(src: &[u8], out: &mut [u8]) -> usize {
        simd::copy_ascii_to_ascii(src, out)
    }

    #[inline]
    fn from_single_byte(table: &[u16; 128], src: &[u8], out: &mut [u8]) -> (usize, usize) {
        simd::single_byte_to_utf8(table, src, out)
    }

    #[inline]
    fn from_x_user_defined(src: &[u8], out: &mut [u8]) -> (usize, usize) {
        simd::x_user_defined_to_utf8(src, out)
    }

    #[inline]
    fn from_utf16_bytes(src: &[u8], out: &mut [u8], big_endian: bool) -> (usize, usize) {
        simd::units_to_utf8(src, out, big_endian)
    }

    #[inline]
    fn from_utf8(src: &[u8], out: &mut [u8]) -> (usize, usize) {
        // Validates and copies in one pass.
        let valid = simd::utf8_copy(src, out);
        (valid, valid)
    }

    #[inline]
    fn from_cjk_pairs(t: &PairTable, src: &[u8], out: &mut [u8]) -> (usize, usize) {
        simd::cjk_pairs_to_utf8(t, src, out)
    }
}

impl CodeUnit for u16 {
    const FFFD: &'static [u16] = &[0xFFFD];
    const MAX_BMP: usize = 1;

    #[inline]
    fn len_of(c: char) -> usize {
        c.len_utf16()
    }

    #[inline]
    fn len_of_bmp(_c: u16) -> usize {
        1
    }

    #[inline]
    fn put(out: &mut [u16], c: char) -> usize {
        c.encode_utf16(out).len()
    }

    #[inline(always)]
    fn put_bmp(out: &mut [u16], at: usize, c: u16) -> Option<usize> {
        *out.get_mut(at)? = c;
        Some(1)
    }

    #[inline(always)]
    fn put_bmp_fast(out: &mut [u16], c: u16) -> usize {
        let Some(o) = out.first_mut() else {
            return 0;
        };
        *o = c;
        1
    }

    #[inline]
    fn copy_ascii(src: &[u8], out: &mut [u16]) -> usize {
        simd::copy_ascii_to_basic_latin(src, out)
    }

    #[inline]
    fn from_single_byte(table: &[u16; 128], src: &[u8], out: &mut [u16]) -> (usize, usize) {
        let n = simd::single_byte_to_utf16(table, src, out);
        (n, n)
    }

    #[inline]
    fn from_x_user_defined(src: &[u8], out: &mut [u16]) -> (usize, usize) {
        let n = simd::x_user_defined_to_utf16(src, out);
        (n, n)
    }

    #[inline]
    fn from_utf16_bytes(src: &[u8], out: &mut [u16], big_endian: bool) -> (usize, usize) {
        let n = simd::units_to_utf16(src, out, big_endian);
        (n, n)
    }

    #[inline]
    fn from_utf8(src: &[u8], out: &mut [u16]) -> (usize, usize) {
        simd::utf8_to_utf16(src, out)
    }

    #[inline]
    fn from_cjk_pairs(t: &PairTable, src: &[u8], out: &mut [u16]) -> (usize, usize) {
        simd::cjk_pairs_to_utf16(t, src, out)
    }
}

/// A destination: the caller's buffer of `U` and how much of it is written.
pub(crate) struct SliceDest<'a, U> {
    buf: &'a mut [U],
    pos: usize,
}

/// An encoder's output: bytes.
pub(crate) type ByteDest<'a> = SliceDest<'a, u8>;

impl<'a, U: CodeUnit> SliceDest<'a, U> {
    /// Wraps `buf`, writing from its start.
    #[inline]
    pub(crate) fn new(buf: &'a mut [U]) -> Self {
        SliceDest { buf, pos: 0 }
    }

    /// Units written so far.
    #[inline]
    pub(crate) fn written(&self) -> usize {
        self.pos
    }

    /// Units still free.
    #[inline]
    pub(crate) fn room(&self) -> usize {
        self.buf.len() - self.pos
    }

    /// The unwritten part of the buffer, for kernels that write in bulk; follow with
    /// [`SliceDest::advance`].
    #[inline]
    pub(crate) fn tail(&mut self) -> &mut [U] {
        &mut self.buf[self.pos..]
    }

    /// Marks `n` more units as written by a bulk kernel.
    #[inline]
    pub(crate) fn advance(&mut self, n: usize) {
        debug_assert!(n <= self.room());
        self.pos += n;
    }

    /// Writes a BMP code point that is not a surrogate; the caller checked
    /// `room() >= U::len_of_bmp(c)`.
    #[inline]
    pub(crate) fn push_bmp(&mut self, c: u16) {
        // A push without room is a codec's logic error: stop rather than drop output.
        let Some(n) = U::put_bmp(self.buf, self.pos, c) else {
            panic!("push_bmp without room");
        };
        self.pos += n;
    }

    /// Writes `c` if it fits; whether it did.
    #[inline]
    pub(crate) fn try_push(&mut self, c: char) -> bool {
        if self.room() < U::len_of(c) {
            return false;
        }
        self.pos += U::put(&mut self.buf[self.pos..], c);
        true
    }

    /// Writes a BMP code point that is not a surrogate if it fits; whether it did.
    #[inline]
    pub(crate) fn try_push_bmp(&mut self, c: u16) -> bool {
        match U::put_bmp(self.buf, self.pos, c) {
            Some(n) => {
                self.pos += n;
                true
            }
            None => false,
        }
    }

    /// Writes one unit; the caller checked the room.
    #[inline]
    pub(crate) fn push_unit(&mut self, u: U) {
        self.buf[self.pos] = u;
        self.pos += 1;
    }

    /// Writes `units`; the caller checked the room.
    #[inline]
    pub(crate) fn push_units(&mut self, units: &[U]) {
        self.buf[self.pos..self.pos + units.len()].copy_from_slice(units);
        self.pos += units.len();
    }

    /// Copies the longest ASCII prefix of `src` that fits; returns its length.
    #[inline]
    pub(crate) fn copy_ascii(&mut self, src: &[u8]) -> usize {
        let n = U::copy_ascii(src, self.tail());
        self.advance(n);
        n
    }

    /// Decodes single-byte text (the upper half by `table`, 0 = unmapped) while it
    /// fits, stopping before an unmapped byte; returns the bytes read.
    #[inline]
    pub(crate) fn single_byte_bulk(&mut self, table: &[u16; 128], src: &[u8]) -> usize {
        let (read, written) = U::from_single_byte(table, src, self.tail());
        self.advance(written);
        read
    }

    /// Decodes x-user-defined while it fits; returns the bytes read.
    #[inline]
    pub(crate) fn x_user_defined_bulk(&mut self, src: &[u8]) -> usize {
        let (read, written) = U::from_x_user_defined(src, self.tail());
        self.advance(written);
        read
    }

    /// Converts UTF-16 bytes (`big_endian` or little) while they fit, stopping before
    /// the first surrogate; returns the bytes read (even).
    #[inline]
    pub(crate) fn utf16_bulk(&mut self, src: &[u8], big_endian: bool) -> usize {
        let (read, written) = U::from_utf16_bytes(src, self.tail(), big_endian);
        self.advance(written);
        2 * read
    }

    /// Converts the longest valid UTF-8 prefix of `src` that fits; returns the bytes
    /// read. Stops before an invalid or incomplete sequence or a character that does
    /// not fit.
    #[inline]
    pub(crate) fn utf8_bulk(&mut self, src: &[u8]) -> usize {
        let (read, written) = U::from_utf8(src, self.tail());
        self.advance(written);
        read
    }
}
