//! The 28 legacy single-byte encodings (ISO-8859-8-I shares ISO-8859-8's index).

use crate::codec::Unmappables;
use crate::handles::{ByteDest, CodeUnit, SliceDest, Source};
use crate::result::{DecoderResult, EncoderResult};
use crate::simd::Extra;
use crate::tables::single_byte::SingleByteTable;

/// A single-byte decoder: stateless apart from its table.
#[derive(Clone, Debug)]
pub(crate) struct SingleByteDecoder {
    pub(crate) table: &'static SingleByteTable,
}

impl SingleByteDecoder {
    /// Decodes into `dst`; returns the result and the bytes read.
    pub(crate) fn decode<U: CodeUnit>(
        &mut self,
        src: &[u8],
        dst: &mut SliceDest<U>,
    ) -> (DecoderResult, usize) {
        let mut r = 0;
        loop {
            r += dst.single_byte_bulk(&self.table.decode, &src[r..]);
            // The bulk kernel stopped at the end, at an unmapped byte, or for room.
            let Some(&b) = src.get(r) else {
                return (DecoderResult::InputEmpty, r);
            };
            let c = if b < 0x80 {
                u16::from(b)
            } else {
                self.table.decode[usize::from(b - 0x80)]
            };
            if c == 0 && b >= 0x80 {
                if dst.room() < U::FFFD_LEN {
                    return (DecoderResult::OutputFull, r);
                }
                return (DecoderResult::Malformed(1, 0), r + 1);
            }
            if !dst.try_push_bmp(c) {
                return (DecoderResult::OutputFull, r);
            }
            r += 1;
        }
    }

    /// Length of the prefix whose bytes decode to the code points of the same value.
    pub(crate) fn latin1_byte_compatible_up_to(&self, src: &[u8]) -> usize {
        let mut r = 0;
        loop {
            r += crate::simd::ascii_valid_up_to(&src[r..]);
            match src.get(r) {
                Some(&b) if self.table.decode[usize::from(b - 0x80)] == u16::from(b) => r += 1,
                _ => return r,
            }
        }
    }
}

/// A single-byte encoder: stateless apart from its table.
#[derive(Clone, Debug)]
pub(crate) struct SingleByteEncoder {
    pub(crate) table: &'static SingleByteTable,
}

/// Characters in a row that the scalar loop encodes, after the vector kernel
/// stopped, before it enters the kernel again: where unmappable characters (or
/// characters the kernel cannot map) are dense, the kernel's set-up cost is not
/// paid for each of them.
const STREAK: usize = 16;
/// An ASCII run at least this long (copied by the ASCII kernel) ends a streak.
const LONG_ASCII: usize = 32;
/// Output the first kernel call after a stop may write; each call that fills its
/// window doubles it. The kernel stages its input (UTF-8 through UTF-16), so a
/// call that stops early has done work in proportion to its window, not to the
/// input left.
const WINDOW: usize = 64;
/// Characters outside the run that the scalar loop maps (by binary search) before
/// it builds the map that lets the kernel encode them itself.
const BUILD_AFTER: usize = 32;
/// Input left (in code units) that makes building that map worth it.
const EXTRA_FROM: usize = 256;
/// Input left (in code units) from which the map is built after the first character
/// that needs it: building it costs about what encoding a few KiB of text does, and
/// text with one such character (a dash, a quotation mark) has more of them, which
/// would each stop the kernel and leave the text to the scalar loop.
const BUILD_AT_ONCE: usize = 8192;

/// The bit of `c`'s block of 256 code points in [`outside_blocks`] (blocks from
/// U+3F00 up share the last bit).
#[inline(always)]
fn block_bit(c: u32) -> u64 {
    1 << (c >> 8).min(63)
}

/// The blocks ([`block_bit`]) of the characters of `table` outside `run`: a
/// character in none of them is unmappable without a search (a kanji in
/// windows-1252, a Vietnamese letter of Latin Extended Additional in windows-1258,
/// anything but the run in x-user-defined).
fn outside_blocks(table: &SingleByteTable, run: crate::simd::Run) -> u64 {
    table
        .decode
        .iter()
        .filter(|&&c| c != 0 && run.map(u32::from(c)).is_none())
        .fold(0, |m, &c| m | block_bit(u32::from(c)))
}

impl SingleByteEncoder {
    /// Encodes from `src` into `dst`; an unmappable character is reported or
    /// replaced as `unmappables` says.
    ///
    /// The vector kernel encodes ASCII, the table's run and (once built) the map of
    /// the characters outside the run; the scalar loop here takes everything else,
    /// and hands back to the kernel after [`STREAK`] characters the kernel could
    /// have encoded. Nothing here costs more than a constant per character: the map
    /// is built at most once per call, and only after [`BUILD_AFTER`] characters
    /// needed it.
    pub(crate) fn encode<S: Source>(
        &mut self,
        src: &mut S,
        dst: &mut ByteDest,
        unmappables: &mut Unmappables,
    ) -> EncoderResult {
        static EMPTY: Extra = Extra::EMPTY;
        let table = self.table;
        let run = table.run();
        let mut extra: Option<Extra> = None;
        let mut outside = None;
        let mut misses = 0;
        let mut streak = STREAK;
        loop {
            if streak >= STREAK {
                streak = 0;
                let map = extra.as_ref().unwrap_or(&EMPTY);
                let mut window = WINDOW;
                loop {
                    let room = dst.room();
                    let limit = window.min(room);
                    let mut part = ByteDest::new(&mut dst.tail()[..limit]);
                    src.copy_single_byte_run(run, map, &mut part);
                    let written = part.written();
                    dst.advance(written);
                    // Stopped before a character (or at the end), or out of room.
                    if written < limit || limit == room {
                        break;
                    }
                    window = window.saturating_mul(2);
                }
            }
            if extra.is_none()
                && misses > 0
                && (misses >= BUILD_AFTER && src.remaining() >= EXTRA_FROM
                    || src.remaining() >= BUILD_AT_ONCE)
            {
                // Characters outside the run are common here: let the kernel map
                // them itself from now on.
                extra = Some(Extra::new(&table.decode, run));
                streak = STREAK;
                continue;
            }
            let before = src.pos();
            let Some(c) = src.next_char() else {
                return EncoderResult::InputEmpty;
            };
            if dst.room() == 0 {
                src.set_pos(before);
                return EncoderResult::OutputFull;
            }
            let cp = u32::from(c);
            if cp < 0x80 {
                // ASCII: this byte, and a run after it through the bulk copy. A long
                // run ends a streak: the kernel is for dense non-ASCII text.
                dst.push_unit(cp as u8);
                let at = src.pos();
                src.copy_ascii(dst);
                if src.pos() - at >= LONG_ASCII {
                    streak = 0;
                }
                continue;
            }
            // The byte, and whether the kernel would have encoded it too.
            let (byte, in_kernel) = match run.map(cp) {
                Some(b) => (Some(b), true),
                None => match &extra {
                    Some(map) => {
                        let b = map.get(cp);
                        (b, b.is_some())
                    }
                    None => {
                        let blocks = *outside.get_or_insert_with(|| outside_blocks(table, run));
                        let b = if blocks & block_bit(cp) != 0 {
                            table.encode(cp)
                        } else {
                            None
                        };
                        misses += usize::from(b.is_some());
                        (b, false)
                    }
                },
            };
            let Some(b) = byte else {
                streak = 0;
                if let Some(result) = unmappables.unmappable(c, before, src, dst) {
                    return result;
                }
                continue;
            };
            dst.push_unit(b);
            streak = if in_kernel { streak + 1 } else { 0 };
        }
    }
}
