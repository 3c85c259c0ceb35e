//! The 28 legacy single-byte encodings (ISO-8859-8-I shares ISO-8859-8's index).

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

impl SingleByteEncoder {
    /// Encodes from `src` into `dst`.
    pub(crate) fn encode<S: Source>(&mut self, src: &mut S, dst: &mut ByteDest) -> EncoderResult {
        /// Input left (in code units) that makes building the map of the
        /// characters outside the run worth it.
        const EXTRA_FROM: usize = 256;
        static EMPTY: Extra = Extra::EMPTY;
        let run = self.table.run();
        let mut extra: Option<Extra> = None;
        loop {
            src.copy_single_byte_run(run, extra.as_ref().unwrap_or(&EMPTY), dst);
            if extra.is_none()
                && src.remaining() >= EXTRA_FROM
                && dst.room() > 0
                && self.table.mapped > self.table.run_len
            {
                // Stopped at a character outside the run with much input left, and
                // the encoding has such characters: let the kernel map them itself
                // from now on.
                extra = Some(Extra::new(&self.table.decode, run));
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
            match self.table.encode(u32::from(c)) {
                Some(b) => dst.push_unit(b),
                None => return EncoderResult::Unmappable(c),
            }
        }
    }
}
