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

use crate::handles::{ByteDest, CodeUnit, Source};
use crate::result::{CoderResult, DecoderResult, EncoderResult};

/// What an encoder does with a character its encoding cannot represent: report it
/// and stop (the `_without_replacement` methods), or write it as an HTML decimal
/// numeric character reference (`&#NNNN;`) and go on, without leaving its loop.
///
/// Replacing inside the codec keeps whatever an encoder built for the call (the
/// single-byte encoder's map of the characters outside its run, its place in the
/// vector kernels) across unmappable characters: an unmappable character costs one
/// table miss and the reference's digits, however dense such characters are.
#[derive(Debug)]
pub(crate) struct Unmappables {
    /// Whether to write references (else report).
    ncr: bool,
    /// Whether a reference was written.
    replaced: bool,
}

impl Unmappables {
    /// Report the first unmappable character as [`EncoderResult::Unmappable`].
    pub(crate) const fn report() -> Unmappables {
        Unmappables {
            ncr: false,
            replaced: false,
        }
    }

    /// Write each unmappable character as `&#NNNN;`.
    pub(crate) const fn ncr() -> Unmappables {
        Unmappables {
            ncr: true,
            replaced: false,
        }
    }

    /// Whether a reference was written.
    pub(crate) fn replaced(&self) -> bool {
        self.replaced
    }

    /// An encoder read the unmappable character `c`, starting at position `before`.
    /// Returns what the encoder returns, or `None` to go on after the reference,
    /// which is written here. A reference that does not fit is `OutputFull`, with
    /// `c` unread.
    #[inline]
    pub(crate) fn unmappable<S: Source>(
        &mut self,
        c: char,
        before: usize,
        src: &mut S,
        dst: &mut ByteDest,
    ) -> Option<EncoderResult> {
        if !self.ncr {
            return Some(EncoderResult::Unmappable(c));
        }
        if !write_ncr(c, dst) {
            src.set_pos(before);
            return Some(EncoderResult::OutputFull);
        }
        self.replaced = true;
        None
    }
}

/// Writes `&#N;` for `c` if it fits; whether it did.
#[inline]
fn write_ncr(c: char, dst: &mut ByteDest) -> bool {
    let n = u32::from(c);
    // Digits of a code point (at most U+10FFFF: seven).
    let digits = match n {
        0..=9 => 1,
        10..=99 => 2,
        100..=999 => 3,
        1000..=9999 => 4,
        10000..=99999 => 5,
        100_000..=999_999 => 6,
        _ => 7,
    };
    let len = digits + 3;
    let Some(out) = dst.tail().get_mut(..len) else {
        return false;
    };
    out[0] = b'&';
    out[1] = b'#';
    out[len - 1] = b';';
    let mut n = n;
    for d in out[2..len - 1].iter_mut().rev() {
        *d = b'0' + (n % 10) as u8;
        n /= 10;
    }
    dst.advance(len);
    true
}

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
