//! Input sources: the UTF-8 or UTF-16 text an encoder reads characters from.
//!
//! An encoder state machine is written once, generic over [`Source`], and runs for
//! both `&str` and `&[u16]` input. Besides reading a character at a time, a source
//! offers the bulk kernels that copy the runs an encoder passes through unchanged
//! (ASCII, a single-byte encoding's run) straight into a [`ByteDest`].

use crate::handles::ByteDest;
use crate::simd::{self, Extra, Run};

/// Where an encoder reads characters from. `Clone` (a slice and a position) so
/// that an inner loop can read through a local copy and write it back once.
pub(crate) trait Source: Clone {
    /// Code units read so far.
    fn pos(&self) -> usize;
    /// Moves back to an earlier position (to unread a character that did not fit).
    fn set_pos(&mut self, pos: usize);
    /// The next character; unpaired surrogates read as U+FFFD.
    fn next_char(&mut self) -> Option<char>;
    /// The character at position `pos` (a character boundary at or after the
    /// current position) as a BMP code unit with its length in code units, if it is
    /// one of the common kinds the encoders' hot loops take (UTF-8: ASCII or a
    /// three-byte sequence; UTF-16: anything but a surrogate); `None` otherwise (it
    /// is then read with [`Source::next_char`]). Does not move: a hot loop keeps
    /// its position in a local, where the next character's read does not wait on a
    /// store, and moves with [`Source::set_pos`] once at the end.
    fn bmp_at(&self, pos: usize) -> Option<(u16, usize)>;
    /// Copies the ASCII run at the current position, as much as fits.
    fn copy_ascii(&mut self, dst: &mut ByteDest);
    /// Converts to UTF-8 while the input is valid and the output fits.
    fn bulk_to_utf8(&mut self, dst: &mut ByteDest);
    /// Code units left to read.
    fn remaining(&self) -> usize;
    /// Encodes ASCII, the characters of a single-byte encoding's `run` and those in
    /// `extra` at the current position, as much as fits.
    fn copy_single_byte_run(&mut self, run: Run, extra: &Extra, dst: &mut ByteDest);
}

/// UTF-8 input.
#[derive(Clone)]
pub(crate) struct Utf8Source<'a> {
    src: &'a str,
    pos: usize,
}

impl<'a> Utf8Source<'a> {
    /// Reads `src` from its start.
    pub(crate) fn new(src: &'a str) -> Self {
        Utf8Source { src, pos: 0 }
    }
}

impl Source for Utf8Source<'_> {
    #[inline]
    fn pos(&self) -> usize {
        self.pos
    }
    #[inline]
    fn set_pos(&mut self, pos: usize) {
        self.pos = pos;
    }
    #[inline(always)]
    fn next_char(&mut self) -> Option<char> {
        // ASCII and the three-byte sequences (all of CJK) decoded inline from the
        // bytes (the str is valid UTF-8, so no validation is needed); the rest
        // through `chars`.
        let bytes = self.src.as_bytes();
        let &b0 = bytes.get(self.pos)?;
        if b0 < 0x80 {
            self.pos += 1;
            return Some(char::from(b0));
        }
        if b0 & 0xF0 == 0xE0 {
            if let Some(&[b1, b2]) = bytes.get(self.pos + 1..self.pos + 3) {
                let c = (u32::from(b0 & 0x0F) << 12)
                    | (u32::from(b1 & 0x3F) << 6)
                    | u32::from(b2 & 0x3F);
                if let Some(c) = char::from_u32(c) {
                    self.pos += 3;
                    return Some(c);
                }
            }
        }
        let c = self.src.get(self.pos..)?.chars().next()?;
        self.pos += c.len_utf8();
        Some(c)
    }
    #[inline(always)]
    fn bmp_at(&self, pos: usize) -> Option<(u16, usize)> {
        let bytes = self.src.as_bytes();
        let &b0 = bytes.get(pos)?;
        if b0 < 0x80 {
            return Some((u16::from(b0), 1));
        }
        if b0 & 0xF0 != 0xE0 {
            return None;
        }
        // The str is valid UTF-8: two continuation bytes follow, and the code
        // point is in U+0800..=U+FFFF and not a surrogate.
        let &[_, b1, b2] = bytes.get(pos..pos + 3)? else {
            return None;
        };
        let c = (u16::from(b0 & 0x0F) << 12) | (u16::from(b1 & 0x3F) << 6) | u16::from(b2 & 0x3F);
        Some((c, 3))
    }
    #[inline]
    fn copy_ascii(&mut self, dst: &mut ByteDest) {
        let n = simd::copy_ascii_to_ascii(&self.src.as_bytes()[self.pos..], dst.tail());
        dst.advance(n);
        self.pos += n;
    }
    #[inline]
    fn bulk_to_utf8(&mut self, dst: &mut ByteDest) {
        let rest = &self.src.as_bytes()[self.pos..];
        let tail = dst.tail();
        let mut n = rest.len().min(tail.len());
        // Stop at a character boundary.
        while n < rest.len() && (rest[n] & 0xC0) == 0x80 {
            n -= 1;
        }
        tail[..n].copy_from_slice(&rest[..n]);
        dst.advance(n);
        self.pos += n;
    }
    #[inline]
    fn remaining(&self) -> usize {
        self.src.len() - self.pos
    }
    #[inline]
    fn copy_single_byte_run(&mut self, run: Run, extra: &Extra, dst: &mut ByteDest) {
        let (read, written) =
            simd::single_byte_encode_utf8(run, extra, &self.src.as_bytes()[self.pos..], dst.tail());
        dst.advance(written);
        self.pos += read;
    }
}

/// UTF-16 input.
#[derive(Clone)]
pub(crate) struct Utf16Source<'a> {
    src: &'a [u16],
    pos: usize,
}

impl<'a> Utf16Source<'a> {
    /// Reads `src` from its start.
    pub(crate) fn new(src: &'a [u16]) -> Self {
        Utf16Source { src, pos: 0 }
    }
}

impl Source for Utf16Source<'_> {
    #[inline]
    fn pos(&self) -> usize {
        self.pos
    }
    #[inline]
    fn set_pos(&mut self, pos: usize) {
        self.pos = pos;
    }
    #[inline]
    fn next_char(&mut self) -> Option<char> {
        let u = *self.src.get(self.pos)?;
        self.pos += 1;
        match u {
            0xD800..=0xDBFF => match self.src.get(self.pos) {
                Some(&lo @ 0xDC00..=0xDFFF) => {
                    self.pos += 1;
                    let c = 0x10000 + ((u32::from(u) - 0xD800) << 10) + (u32::from(lo) - 0xDC00);
                    Some(char::from_u32(c).unwrap_or('\u{FFFD}'))
                }
                _ => Some('\u{FFFD}'),
            },
            0xDC00..=0xDFFF => Some('\u{FFFD}'),
            _ => Some(char::from_u32(u32::from(u)).unwrap_or('\u{FFFD}')),
        }
    }
    #[inline(always)]
    fn bmp_at(&self, pos: usize) -> Option<(u16, usize)> {
        let u = *self.src.get(pos)?;
        (u & 0xF800 != 0xD800).then_some((u, 1))
    }
    #[inline]
    fn copy_ascii(&mut self, dst: &mut ByteDest) {
        let n = simd::copy_basic_latin_to_ascii(&self.src[self.pos..], dst.tail());
        dst.advance(n);
        self.pos += n;
    }
    #[inline]
    fn bulk_to_utf8(&mut self, dst: &mut ByteDest) {
        let (read, written) = simd::utf16_to_utf8(&self.src[self.pos..], dst.tail());
        dst.advance(written);
        self.pos += read;
    }
    #[inline]
    fn remaining(&self) -> usize {
        self.src.len() - self.pos
    }
    #[inline]
    fn copy_single_byte_run(&mut self, run: Run, extra: &Extra, dst: &mut ByteDest) {
        let n = simd::single_byte_encode_utf16(run, extra, &self.src[self.pos..], dst.tail());
        dst.advance(n);
        self.pos += n;
    }
}
