//! The decoding core `TextDecoder` shares with `TextDecoderStream`: the spec's
//! "process an item" loop with the error mode, and "serialize I/O queue" with its BOM
//! seen flag, over any of the four outputs of [`super::sink`].

use super::sink::{Outcome, Sink, BOM_UTF8};
use super::{lowercase_name, DecodeError, TextDecoderOptions};
use crate::{Decoder, Encoding, UTF_16BE, UTF_16LE, UTF_8};

/// The state of the spec's `TextDecoderCommon` mixin: encoding, decoder instance,
/// error mode, ignore BOM and BOM seen. (Its I/O queue is the input a call is given;
/// what a fatal error leaves unread in it is the owner's to keep.)
#[derive(Clone, Debug)]
pub(super) struct Common {
    encoding: &'static Encoding,
    name: &'static str,
    fatal: bool,
    ignore_bom: bool,
    bom_seen: bool,
    /// The decoder has not been fed since it was made.
    fresh: bool,
    decoder: Decoder,
}

impl Common {
    pub(super) fn new(encoding: &'static Encoding, options: TextDecoderOptions) -> Common {
        Common {
            encoding,
            name: lowercase_name(encoding),
            fatal: options.fatal,
            ignore_bom: options.ignore_bom,
            bom_seen: false,
            fresh: true,
            decoder: encoding.new_decoder_without_bom_handling(),
        }
    }

    /// A new decoder instance, and BOM seen false.
    pub(super) fn reset(&mut self) {
        if !self.fresh {
            self.decoder = self.encoding.new_decoder_without_bom_handling();
            self.fresh = true;
        }
        self.bom_seen = false;
    }

    pub(super) fn encoding(&self) -> &'static Encoding {
        self.encoding
    }

    pub(super) fn name(&self) -> &'static str {
        self.name
    }

    pub(super) fn fatal(&self) -> bool {
        self.fatal
    }

    pub(super) fn ignore_bom(&self) -> bool {
        self.ignore_bom
    }

    pub(super) fn decoder(&self) -> &Decoder {
        &self.decoder
    }

    pub(super) fn error(&self) -> DecodeError {
        DecodeError::Malformed(self.encoding)
    }

    /// Whether "serialize I/O queue" will still drop a U+FEFF that comes out first.
    fn strips_bom(&self) -> bool {
        !self.ignore_bom
            && !self.bom_seen
            && (self.encoding == UTF_8 || self.encoding == UTF_16BE || self.encoding == UTF_16LE)
    }

    /// The bytes that decode to U+FEFF as the first item of a fresh decoder's output.
    fn bom_bytes(&self) -> &'static [u8] {
        if self.encoding == UTF_16BE {
            b"\xFE\xFF"
        } else if self.encoding == UTF_16LE {
            b"\xFF\xFE"
        } else {
            BOM_UTF8
        }
    }

    /// Whether a whole, non-streaming decode of some input may take a one-shot path:
    /// the decoder is as new. Returns the input with a leading BOM removed where
    /// "serialize I/O queue" would drop the U+FEFF it decodes to.
    #[cfg(feature = "alloc")]
    pub(super) fn one_shot<'a>(&self, src: &'a [u8]) -> Option<&'a [u8]> {
        if !self.fresh {
            return None;
        }
        if self.strips_bom() {
            if let Some(rest) = src.strip_prefix(self.bom_bytes()) {
                return Some(rest);
            }
        }
        Some(src)
    }

    /// Decodes `src` into `out`: the loop of `decode()` and of "decode and enqueue a
    /// chunk" (`last` false) or "flush and enqueue" (`last` true), with "serialize I/O
    /// queue" applied to the output as it is written. Returns how it ended and the bytes
    /// of `src` read. On `Malformed` (fatal mode) BOM seen is left as it was: the spec
    /// throws before serializing anything.
    pub(super) fn run<S: Sink>(&mut self, out: &mut S, src: &[u8], last: bool) -> (Outcome, usize) {
        let was_fresh = core::mem::replace(&mut self.fresh, false);
        let mut pos = 0;
        // Whether this call has produced output while BOM seen was false; committed to
        // BOM seen unless the call fails.
        let mut seen = false;
        let bom = self.bom_bytes();
        if self.strips_bom() && was_fresh && !(src.len() < bom.len() && bom.starts_with(src)) {
            // A new decoder's first scalar value is U+FEFF exactly when the input starts
            // with the encoding's BOM bytes, and those leave the decoder as new: skip
            // them, and decode the rest straight into the output.
            if src.starts_with(bom) {
                pos = bom.len();
                seen = true;
            }
            let before = out.written();
            let (outcome, r) = out.decode(&mut self.decoder, &src[pos..], last, self.fatal);
            if outcome != Outcome::Malformed {
                self.bom_seen |= seen || out.written() > before;
            }
            return (outcome, pos + r);
        }
        if self.strips_bom() {
            // A decoder that has been fed (or input that is the start of a BOM and may
            // end in the next call): until the first scalar value comes out, feed one
            // byte at a time; then a U+FEFF heading the output is followed by one
            // step's output at most, and dropping it moves a few units.
            loop {
                let end = (pos + 1).min(src.len());
                let piece_last = last && end == src.len();
                let before = out.written();
                let (outcome, r) =
                    out.decode(&mut self.decoder, &src[pos..end], piece_last, self.fatal);
                pos += r;
                let produced = out.written() > before;
                if produced && out.bom_at(before) {
                    out.remove_bom(before);
                }
                if outcome == Outcome::Malformed {
                    return (outcome, pos);
                }
                seen |= produced;
                if outcome == Outcome::OutputFull || end == src.len() {
                    self.bom_seen |= seen;
                    return (outcome, pos);
                }
                if produced {
                    break;
                }
            }
        }
        let (outcome, r) = out.decode(&mut self.decoder, &src[pos..], last, self.fatal);
        if outcome != Outcome::Malformed {
            self.bom_seen |= seen;
        }
        (outcome, pos + r)
    }
}
