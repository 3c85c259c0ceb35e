//! The replacement encoding: non-empty input decodes to one U+FFFD, then nothing.
//! (Its output encoding is UTF-8, so there is no replacement encoder.)

use crate::handles::{CodeUnit, SliceDest};
use crate::result::DecoderResult;

/// Whether the one error has been reported.
#[derive(Clone, Debug, Default)]
pub(crate) struct ReplacementDecoder {
    reported: bool,
}

impl ReplacementDecoder {
    /// Decodes into `dst`; returns the result and the bytes read.
    pub(crate) fn decode<U: CodeUnit>(
        &mut self,
        src: &[u8],
        dst: &mut SliceDest<U>,
    ) -> (DecoderResult, usize) {
        if self.reported || src.is_empty() {
            return (DecoderResult::InputEmpty, src.len());
        }
        if dst.room() < U::FFFD_LEN {
            return (DecoderResult::OutputFull, 0);
        }
        self.reported = true;
        (DecoderResult::Malformed(1, 0), 1)
    }
}
