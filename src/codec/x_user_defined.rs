//! x-user-defined: ASCII, and bytes 0x80–0xFF as U+F780–U+F7FF.

use crate::handles::{ByteDest, CodeUnit, SliceDest, Source};
use crate::result::{DecoderResult, EncoderResult};
use crate::simd::{Extra, Run};

/// Decodes into `dst`; returns the result and the bytes read. Never malformed.
pub(crate) fn decode<U: CodeUnit>(src: &[u8], dst: &mut SliceDest<U>) -> (DecoderResult, usize) {
    let r = dst.x_user_defined_bulk(src);
    // Every byte is mapped: the kernel stops only at the end or for room.
    if r == src.len() {
        (DecoderResult::InputEmpty, r)
    } else {
        (DecoderResult::OutputFull, r)
    }
}

/// Encodes from `src` into `dst`.
pub(crate) fn encode<S: Source>(src: &mut S, dst: &mut ByteDest) -> EncoderResult {
    /// U+F780..=U+F7FF to bytes 0x80..=0xFF: one run, so the single-byte encode
    /// kernel maps it in bulk with nothing outside it.
    const RUN: Run = Run {
        code_point: 0xF780,
        byte: 0x80,
        len: 128,
    };
    static EMPTY: Extra = Extra::EMPTY;
    loop {
        src.copy_single_byte_run(RUN, &EMPTY, dst);
        let before = src.pos();
        let Some(c) = src.next_char() else {
            return EncoderResult::InputEmpty;
        };
        if dst.room() == 0 {
            src.set_pos(before);
            return EncoderResult::OutputFull;
        }
        match u32::from(c) {
            c @ 0xF780..=0xF7FF => dst.push_unit((c - 0xF700) as u8),
            _ => return EncoderResult::Unmappable(c),
        }
    }
}
