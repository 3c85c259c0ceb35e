//! Destination handles: the one place where decoders write into the caller's buffer.
//!
//! A codec state machine is written once, generic over [`Dest`], and runs for both
//! UTF-8 (`&mut [u8]`) and UTF-16 (`&mut [u16]`) destinations. Every push is preceded
//! by a room check in the state machine (`room() >= len`); the pushes themselves use
//! ordinary checked indexing, so a logic error panics instead of corrupting memory,
//! and the optimiser removes the checks that the room test already proved.

/// Code units one U+FFFD takes in this destination.
pub(crate) const REPLACEMENT: char = '\u{FFFD}';

/// A decoder's output: a UTF-8 or UTF-16 buffer with a write position.
pub(crate) trait Dest {
    /// How many code units U+FFFD takes.
    const FFFD_LEN: usize;
    /// Code units written so far.
    fn written(&self) -> usize;
    /// Code units still free.
    fn room(&self) -> usize;
    /// Code units `c` takes.
    fn len_of(c: char) -> usize;
    /// Code units a BMP code point (not a surrogate) takes.
    fn len_of_bmp(c: u16) -> usize;
    /// Writes `c`; the caller checked `room() >= len_of(c)`.
    fn push(&mut self, c: char);
    /// Writes a BMP code point that is not a surrogate; the caller checked the room.
    fn push_bmp(&mut self, c: u16);
    /// Copies the longest ASCII prefix of `src` that fits; returns its length.
    #[allow(dead_code)] // for the ASCII-compatible multi-byte decoders
    fn copy_ascii(&mut self, src: &[u8]) -> usize;
    /// Decodes single-byte text (the upper half by `table`, 0 = unmapped) while it
    /// fits, stopping before an unmapped byte; returns the bytes read.
    fn single_byte_bulk(&mut self, table: &[u16; 128], src: &[u8]) -> usize;
    /// Decodes x-user-defined while it fits; returns the bytes read.
    fn x_user_defined_bulk(&mut self, src: &[u8]) -> usize;
    /// Converts UTF-16 bytes (`big_endian` or little) while they fit, stopping before
    /// the first surrogate; returns the bytes read (even).
    fn utf16_bulk(&mut self, src: &[u8], big_endian: bool) -> usize;
}

/// A UTF-8 destination.
pub(crate) struct Utf8Dest<'a> {
    buf: &'a mut [u8],
    pos: usize,
}

impl<'a> Utf8Dest<'a> {
    /// Wraps `buf`, writing from its start.
    #[inline]
    pub(crate) fn new(buf: &'a mut [u8]) -> Self {
        Utf8Dest { buf, pos: 0 }
    }
    /// The unwritten part of the buffer, for kernels that write in bulk; follow with
    /// [`Utf8Dest::advance`].
    #[inline]
    pub(crate) fn tail(&mut self) -> &mut [u8] {
        &mut self.buf[self.pos..]
    }
    /// Marks `n` more bytes as written by a bulk kernel.
    #[inline]
    pub(crate) fn advance(&mut self, n: usize) {
        debug_assert!(n <= self.room());
        self.pos += n;
    }
}

impl Dest for Utf8Dest<'_> {
    const FFFD_LEN: usize = 3;
    #[inline]
    fn written(&self) -> usize {
        self.pos
    }
    #[inline]
    fn room(&self) -> usize {
        self.buf.len() - self.pos
    }
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
    fn push(&mut self, c: char) {
        let n = c.encode_utf8(&mut self.buf[self.pos..]).len();
        self.pos += n;
    }
    #[inline]
    fn push_bmp(&mut self, c: u16) {
        let c = u32::from(c);
        let b = &mut self.buf[self.pos..];
        if c < 0x80 {
            b[0] = c as u8;
            self.pos += 1;
        } else if c < 0x800 {
            b[..2].copy_from_slice(&[0xC0 | (c >> 6) as u8, 0x80 | (c & 0x3F) as u8]);
            self.pos += 2;
        } else {
            b[..3].copy_from_slice(&[
                0xE0 | (c >> 12) as u8,
                0x80 | ((c >> 6) & 0x3F) as u8,
                0x80 | (c & 0x3F) as u8,
            ]);
            self.pos += 3;
        }
    }
    #[inline]
    fn copy_ascii(&mut self, src: &[u8]) -> usize {
        let n = crate::simd::copy_ascii_to_ascii(src, &mut self.buf[self.pos..]);
        self.pos += n;
        n
    }
    #[inline]
    fn single_byte_bulk(&mut self, table: &[u16; 128], src: &[u8]) -> usize {
        let (read, written) =
            crate::simd::single_byte_to_utf8(table, src, &mut self.buf[self.pos..]);
        self.pos += written;
        read
    }
    #[inline]
    fn x_user_defined_bulk(&mut self, src: &[u8]) -> usize {
        let (read, written) = crate::simd::x_user_defined_to_utf8(src, &mut self.buf[self.pos..]);
        self.pos += written;
        read
    }
    #[inline]
    fn utf16_bulk(&mut self, src: &[u8], big_endian: bool) -> usize {
        let (read, written) =
            crate::simd::units_to_utf8(src, &mut self.buf[self.pos..], big_endian);
        self.pos += written;
        2 * read
    }
}

/// A UTF-16 destination.
pub(crate) struct Utf16Dest<'a> {
    buf: &'a mut [u16],
    pos: usize,
}

impl<'a> Utf16Dest<'a> {
    /// Wraps `buf`, writing from its start.
    #[inline]
    pub(crate) fn new(buf: &'a mut [u16]) -> Self {
        Utf16Dest { buf, pos: 0 }
    }
    /// The unwritten part of the buffer, for kernels that write in bulk; follow with
    /// [`Utf16Dest::advance`].
    #[inline]
    pub(crate) fn tail(&mut self) -> &mut [u16] {
        &mut self.buf[self.pos..]
    }
    /// Marks `n` more units as written by a bulk kernel.
    #[inline]
    pub(crate) fn advance(&mut self, n: usize) {
        debug_assert!(n <= self.room());
        self.pos += n;
    }
}

impl Dest for Utf16Dest<'_> {
    const FFFD_LEN: usize = 1;
    #[inline]
    fn written(&self) -> usize {
        self.pos
    }
    #[inline]
    fn room(&self) -> usize {
        self.buf.len() - self.pos
    }
    #[inline]
    fn len_of(c: char) -> usize {
        c.len_utf16()
    }
    #[inline]
    fn len_of_bmp(_c: u16) -> usize {
        1
    }
    #[inline]
    fn push(&mut self, c: char) {
        let n = c.encode_utf16(&mut self.buf[self.pos..]).len();
        self.pos += n;
    }
    #[inline]
    fn push_bmp(&mut self, c: u16) {
        self.buf[self.pos] = c;
        self.pos += 1;
    }
    #[inline]
    fn copy_ascii(&mut self, src: &[u8]) -> usize {
        let n = crate::simd::copy_ascii_to_basic_latin(src, &mut self.buf[self.pos..]);
        self.pos += n;
        n
    }
    #[inline]
    fn single_byte_bulk(&mut self, table: &[u16; 128], src: &[u8]) -> usize {
        let n = crate::simd::single_byte_to_utf16(table, src, &mut self.buf[self.pos..]);
        self.pos += n;
        n
    }
    #[inline]
    fn x_user_defined_bulk(&mut self, src: &[u8]) -> usize {
        let n = crate::simd::x_user_defined_to_utf16(src, &mut self.buf[self.pos..]);
        self.pos += n;
        n
    }
    #[inline]
    fn utf16_bulk(&mut self, src: &[u8], big_endian: bool) -> usize {
        let n = crate::simd::units_to_utf16(src, &mut self.buf[self.pos..], big_endian);
        self.pos += n;
        2 * n
    }
}

/// An encoder's output: bytes with a write position.
pub(crate) struct ByteDest<'a> {
    buf: &'a mut [u8],
    pos: usize,
}

impl<'a> ByteDest<'a> {
    /// Wraps `buf`, writing from its start.
    #[inline]
    pub(crate) fn new(buf: &'a mut [u8]) -> Self {
        ByteDest { buf, pos: 0 }
    }
    /// Bytes written so far.
    #[inline]
    pub(crate) fn written(&self) -> usize {
        self.pos
    }
    /// Bytes still free.
    #[inline]
    pub(crate) fn room(&self) -> usize {
        self.buf.len() - self.pos
    }
    /// Writes one byte; the caller checked the room.
    #[inline]
    pub(crate) fn push(&mut self, b: u8) {
        self.buf[self.pos] = b;
        self.pos += 1;
    }
    /// Writes `bytes`; the caller checked the room.
    #[inline]
    pub(crate) fn push_slice(&mut self, bytes: &[u8]) {
        self.buf[self.pos..self.pos + bytes.len()].copy_from_slice(bytes);
        self.pos += bytes.len();
    }
    /// The unwritten part of the buffer, for bulk kernels; follow with `advance`.
    #[inline]
    pub(crate) fn tail(&mut self) -> &mut [u8] {
        &mut self.buf[self.pos..]
    }
    /// Marks `n` more bytes as written by a bulk kernel.
    #[inline]
    pub(crate) fn advance(&mut self, n: usize) {
        debug_assert!(n <= self.room());
        self.pos += n;
    }
}

/// Runs `f` on the spare capacity of `vec` (zero-filled) and keeps the first `n`
/// bytes it reports as written.
#[cfg(feature = "alloc")]
pub(crate) fn with_spare_capacity<R>(
    vec: &mut alloc::vec::Vec<u8>,
    f: impl FnOnce(&mut [u8]) -> (usize, R),
) -> R {
    with_spare_capacity_up_to(vec, usize::MAX, f)
}

/// Runs `f` on at most `limit` bytes of the spare capacity of `vec` (zero-filled, so
/// only what the caller can use is cleared) and keeps the first `n` bytes it reports
/// as written.
#[cfg(feature = "alloc")]
pub(crate) fn with_spare_capacity_up_to<R>(
    vec: &mut alloc::vec::Vec<u8>,
    limit: usize,
    f: impl FnOnce(&mut [u8]) -> (usize, R),
) -> R {
    let old = vec.len();
    let spare = (vec.capacity() - old).min(limit);
    vec.resize(old + spare, 0);
    let (n, r) = f(&mut vec[old..]);
    vec.truncate(old + n);
    r
}

/// Runs a UTF-8 decode `f` on the bytes of `dst` and keeps `dst` valid UTF-8: the
/// decode writes whole characters up to the position it reports, and the bytes of
/// a character of the old contents cut at that position are zeroed.
pub(crate) fn decode_into_str<R>(dst: &mut str, f: impl FnOnce(&mut [u8]) -> (usize, R)) -> R {
    // SAFETY: `f` writes only whole UTF-8 characters into `bytes[..n]` (every decoder
    // writes through `Utf8Dest`, which writes complete characters, or copies validated
    // UTF-8); the bytes after `n` are the old contents, and the continuation bytes of an
    // old character cut at `n` are zeroed below, so the str is valid UTF-8 again before
    // the borrow ends.
    let bytes = unsafe { dst.as_bytes_mut() };
    let (n, r) = f(bytes);
    for b in bytes[n..].iter_mut().take_while(|b| (**b & 0xC0) == 0x80) {
        *b = 0;
    }
    r
}

/// Runs a UTF-8 decode `f` on the spare capacity of `dst` (zero-filled) and keeps the
/// `n` bytes it reports as written.
#[cfg(feature = "alloc")]
pub(crate) fn decode_into_string<R>(
    dst: &mut alloc::string::String,
    f: impl FnOnce(&mut [u8]) -> (usize, R),
) -> R {
    decode_into_string_up_to(dst, usize::MAX, f)
}

/// As [`decode_into_string`], clearing and offering at most `limit` bytes.
#[cfg(feature = "alloc")]
pub(crate) fn decode_into_string_up_to<R>(
    dst: &mut alloc::string::String,
    limit: usize,
    f: impl FnOnce(&mut [u8]) -> (usize, R),
) -> R {
    // SAFETY: the vector is extended with zero bytes (valid UTF-8), `f` writes only
    // whole UTF-8 characters into the first `n` bytes of the spare part (see
    // `decode_into_str`), and the vector is truncated to the old length plus `n`,
    // which ends on a character boundary.
    let vec = unsafe { dst.as_mut_vec() };
    with_spare_capacity_up_to(vec, limit, f)
}

/// `bytes[..valid]` as a str, where the caller found that prefix to be valid UTF-8
/// (by UTF-8 validation or by an ASCII check).
pub(crate) fn str_from_valid_prefix(bytes: &[u8], valid: usize) -> &str {
    let prefix = &bytes[..valid];
    debug_assert!(core::str::from_utf8(prefix).is_ok());
    // SAFETY: every caller passes the length returned by `Encoding::utf8_valid_up_to`,
    // `Encoding::ascii_valid_up_to` or `Encoding::iso_2022_jp_ascii_valid_up_to` for
    // these very bytes, so the prefix is valid UTF-8.
    unsafe { core::str::from_utf8_unchecked(prefix) }
}
