//! x-user-defined: ASCII, and bytes 0x80–0xFF as U+F780–U+F7FF.

use crate::handles::{CodeUnit, SliceDest};
use crate::result::DecoderResult;
use crate::tables::single_byte::SingleByteTable;

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

/// x-user-defined as a single-byte table: bytes 0x80..=0xFF are U+F780..=U+F7FF,
/// one run with nothing outside it, so the single-byte encoder (and its vector
/// kernel) encodes it.
pub(crate) static TABLE: SingleByteTable = SingleByteTable {
    decode: {
        let mut t = [0; 128];
        let mut i = 0;
        while i < 128 {
            t[i] = 0xF780 + i as u16;
            i += 1;
        }
        t
    },
    sorted: {
        let mut t = [0; 128];
        let mut i = 0;
        while i < 128 {
            t[i] = i as u8;
            i += 1;
        }
        t
    },
    mapped: 128,
    run_code_point: 0xF780,
    run_offset: 0,
    run_len: 128,
};
