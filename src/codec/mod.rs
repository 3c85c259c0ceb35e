//! One state machine per encoding family, safe code only, each written once for
//! UTF-8 and UTF-16 output over [`crate::handles::SliceDest`] and once for UTF-8 and
//! UTF-16 input over [`crate::handles::Source`]. The codecs import only the handles,
//! the tables, the SIMD kernels and the result types, never the public layer above
//! them (`variant.rs`, `decoder.rs`, `encoder.rs`, `encoding.rs`).

pub(crate) mod big5;
pub(crate) mod euc_jp;
pub(crate) mod euc_kr;
pub(crate) mod gb18030;
pub(crate) mod iso_2022_jp;
pub(crate) mod replacement;
pub(crate) mod shift_jis;
pub(crate) mod single_byte;
pub(crate) mod two_byte;
pub(crate) mod utf16;
pub(crate) mod utf8;
pub(crate) mod x_user_defined;

use crate::handles::CodeUnit;
use crate::result::{CoderResult, DecoderResult};

/// The spec's "replacement" error mode over a decode without replacement: runs
/// `step` (the rest of the input, the rest of the output -> result, bytes read,
/// units written) until it stops for anything but an error, writing U+FFFD after
/// each malformed sequence. Returns (result, bytes read, units written, whether
/// anything was replaced).
#[inline]
pub(crate) fn decode_replacing<U: CodeUnit>(
    src: &[u8],
    dst: &mut [U],
    mut step: impl FnMut(&[u8], &mut [U]) -> (DecoderResult, usize, usize),
) -> (CoderResult, usize, usize, bool) {
    let (mut read, mut written, mut replaced) = (0, 0, false);
    loop {
        let (result, r, w) = step(&src[read..], &mut dst[written..]);
        read += r;
        written += w;
        match result {
            DecoderResult::InputEmpty => return (CoderResult::InputEmpty, read, written, replaced),
            DecoderResult::OutputFull => return (CoderResult::OutputFull, read, written, replaced),
            DecoderResult::Malformed(..) => {
                replaced = true;
                // Every state machine reports an error only with room for U+FFFD.
                dst[written..written + U::FFFD_LEN].copy_from_slice(U::FFFD);
                written += U::FFFD_LEN;
            }
        }
    }
}
