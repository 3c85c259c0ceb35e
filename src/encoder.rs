//! The public [`Encoder`]: streaming encode from UTF-8 or UTF-16 with or without
//! numeric character reference replacement.

use crate::codec::Unmappables;
use crate::encoding::Encoding;
use crate::handles::{ByteDest, Source, Utf16Source, Utf8Source};
#[cfg(feature = "alloc")]
use crate::result::Outcome;
use crate::result::{CoderResult, EncoderResult};
use crate::variant::VariantEncoder;

/// Bytes reserved at the end of the output for a numeric character reference:
/// the longest is `&#1114111;`.
pub(crate) const NCR_EXTRA: usize = 10;

impl Encoding {
    /// An encoder for this encoding's output encoding.
    pub fn new_encoder(&'static self) -> Encoder {
        let enc = self.output_encoding();
        Encoder::new(enc, enc.variant.new_encoder())
    }
}

/// A converter that encodes a Unicode stream into bytes of one encoding, in a
/// streaming (incremental) manner. Made by [`Encoding::new_encoder`].
///
/// Semantics follow encoding_rs: the `encode_*` methods take caller-allocated
/// buffers and return how much they read and wrote. With replacement, characters
/// the encoding cannot represent become HTML decimal numeric character references
/// (`&#NNNN;`); the `_without_replacement` variants stop after such a character and
/// report it as [`EncoderResult::Unmappable`].
///
/// An output buffer of at least 4 bytes (UTF-8) or 14 bytes (other encodings, with
/// replacement) always lets an encoder make progress; the `max_buffer_length_*`
/// methods give sizes that let a single call finish.
///
/// Unlike encoding_rs, a high surrogate at the end of a non-`last` UTF-16 buffer is
/// kept until the next call, so that splitting a surrogate pair across buffers gives
/// the same bytes as encoding it whole.
#[derive(Clone)]
pub struct Encoder {
    encoding: &'static Encoding,
    variant: VariantEncoder,
    pending_high: Option<u16>,
}

impl core::fmt::Debug for Encoder {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Encoder")
            .field("encoding", &self.encoding)
            .field("has_pending_state", &self.has_pending_state())
            .finish()
    }
}

impl Encoder {
    pub(crate) fn new(encoding: &'static Encoding, variant: VariantEncoder) -> Encoder {
        Encoder {
            encoding,
            variant,
            pending_high: None,
        }
    }

    /// The encoding this encoder writes.
    pub fn encoding(&self) -> &'static Encoding {
        self.encoding
    }

    /// Whether the encoder holds state that a final (`last`) call would still write
    /// out: ISO-2022-JP's return to ASCII, or a high surrogate kept from the end of a
    /// UTF-16 buffer.
    pub fn has_pending_state(&self) -> bool {
        self.pending_high.is_some() || self.variant.has_pending_state()
    }

    fn ncr_extra(&self) -> usize {
        if self.encoding.can_encode_everything() {
            0
        } else {
            NCR_EXTRA
        }
    }

    /// Output size that [`Encoder::encode_from_utf8`] cannot exceed for `byte_length`
    /// bytes of input if nothing in it is unmappable; `None` on overflow.
    pub fn max_buffer_length_from_utf8_if_no_unmappables(
        &self,
        byte_length: usize,
    ) -> Option<usize> {
        self.max_buffer_length_from_utf8_without_replacement(byte_length)?
            .checked_add(self.ncr_extra())
    }

    /// Output size that [`Encoder::encode_from_utf8_without_replacement`] cannot exceed
    /// for `byte_length` bytes of input; `None` on overflow.
    pub fn max_buffer_length_from_utf8_without_replacement(
        &self,
        byte_length: usize,
    ) -> Option<usize> {
        let pending = if self.pending_high.is_some() { 3 } else { 0 };
        self.variant
            .max_from_utf8(byte_length)?
            .checked_add(pending)
    }

    /// Output size that [`Encoder::encode_from_utf16`] cannot exceed for `u16_length`
    /// units of input if nothing in it is unmappable; `None` on overflow.
    pub fn max_buffer_length_from_utf16_if_no_unmappables(
        &self,
        u16_length: usize,
    ) -> Option<usize> {
        self.max_buffer_length_from_utf16_without_replacement(u16_length)?
            .checked_add(self.ncr_extra())
    }

    /// Output size that [`Encoder::encode_from_utf16_without_replacement`] cannot exceed
    /// for `u16_length` units of input; `None` on overflow.
    pub fn max_buffer_length_from_utf16_without_replacement(
        &self,
        u16_length: usize,
    ) -> Option<usize> {
        let n = u16_length.checked_add(usize::from(self.pending_high.is_some()))?;
        self.variant.max_from_utf16(n)
    }

    /// Encodes UTF-8 without replacement: stops at a character the encoding cannot
    /// represent and reports it. Returns (result, bytes read, bytes written).
    pub fn encode_from_utf8_without_replacement(
        &mut self,
        src: &str,
        dst: &mut [u8],
        last: bool,
    ) -> (EncoderResult, usize, usize) {
        self.encode_utf8_with(src, dst, last, &mut Unmappables::report())
    }

    /// Encodes UTF-8, doing with unmappable characters what `unmappables` says.
    fn encode_utf8_with(
        &mut self,
        src: &str,
        dst: &mut [u8],
        last: bool,
        unmappables: &mut Unmappables,
    ) -> (EncoderResult, usize, usize) {
        let mut d = ByteDest::new(dst);
        if self.pending_high.is_some() {
            match self.flush_pending_high(None, &mut d, unmappables) {
                (EncoderResult::InputEmpty, _) => {}
                (other, _) => return (other, 0, d.written()),
            }
        }
        let mut s = Utf8Source::new(src);
        let result = self.variant.encode(&mut s, &mut d, last, unmappables);
        (result, s.pos(), d.written())
    }

    /// Encodes the kept high surrogate, paired with `next` if that is a low surrogate
    /// (then returning 1 unit read) or as an unpaired one.
    fn flush_pending_high(
        &mut self,
        next: Option<u16>,
        d: &mut ByteDest,
        unmappables: &mut Unmappables,
    ) -> (EncoderResult, usize) {
        let Some(high) = self.pending_high else {
            return (EncoderResult::InputEmpty, 0);
        };
        let (units, take): ([u16; 2], usize) = match next {
            Some(low @ 0xDC00..=0xDFFF) => ([high, low], 1),
            _ => ([0xFFFD, 0], 0),
        };
        let mut s = Utf16Source::new(&units[..1 + take]);
        match self.variant.encode(&mut s, d, false, unmappables) {
            EncoderResult::OutputFull => (EncoderResult::OutputFull, 0),
            other => {
                self.pending_high = None;
                (other, take)
            }
        }
    }

    /// Encodes UTF-16 without replacement: stops at a character the encoding cannot
    /// represent and reports it. Unpaired surrogates are encoded as U+FFFD.
    /// Returns (result, units read, bytes written).
    pub fn encode_from_utf16_without_replacement(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        last: bool,
    ) -> (EncoderResult, usize, usize) {
        self.encode_utf16_with(src, dst, last, &mut Unmappables::report())
    }

    /// Encodes UTF-16, doing with unmappable characters what `unmappables` says.
    fn encode_utf16_with(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        last: bool,
        unmappables: &mut Unmappables,
    ) -> (EncoderResult, usize, usize) {
        let mut d = ByteDest::new(dst);
        let mut read = 0;
        if self.pending_high.is_some() {
            if src.is_empty() && !last {
                return (EncoderResult::InputEmpty, 0, 0);
            }
            match self.flush_pending_high(src.first().copied(), &mut d, unmappables) {
                (EncoderResult::InputEmpty, take) => read = take,
                (other, take) => return (other, take, d.written()),
            }
        }
        let rest = &src[read..];
        let keep = !last && matches!(rest.last(), Some(0xD800..=0xDBFF));
        let body = if keep { &rest[..rest.len() - 1] } else { rest };
        let mut s = Utf16Source::new(body);
        let result = self.variant.encode(&mut s, &mut d, last, unmappables);
        read += s.pos();
        if keep && result == EncoderResult::InputEmpty {
            self.pending_high = Some(rest[rest.len() - 1]);
            read += 1;
        }
        (result, read, d.written())
    }

    /// The replacing encoders: `encode(self, dst, unmappables)` encodes all the input
    /// with references written inside the codec loop, so an unmappable character costs
    /// about what a mappable one does.
    fn encode_replacing(
        &mut self,
        src_len: usize,
        dst: &mut [u8],
        last: bool,
        encode: impl FnOnce(&mut Self, &mut [u8], &mut Unmappables) -> (EncoderResult, usize, usize),
    ) -> (CoderResult, usize, usize, bool) {
        if dst.len() < self.ncr_extra() {
            // As in encoding_rs: a buffer shorter than the longest reference makes no
            // progress (and reports `InputEmpty` only when there is nothing to do).
            let done = src_len == 0 && !(last && self.has_pending_state());
            let result = if done {
                CoderResult::InputEmpty
            } else {
                CoderResult::OutputFull
            };
            return (result, 0, 0, false);
        }
        let mut unmappables = Unmappables::ncr();
        let (result, read, written) = encode(self, dst, &mut unmappables);
        // Replacing, the codecs stop only for the end of the input or of the room.
        let result = if result == EncoderResult::InputEmpty {
            CoderResult::InputEmpty
        } else {
            CoderResult::OutputFull
        };
        (result, read, written, unmappables.replaced())
    }

    /// Encodes UTF-8, writing unmappable characters as `&#NNNN;`.
    /// Returns (result, bytes read, bytes written, whether anything was replaced).
    ///
    /// ```
    /// use textcodec::{CoderResult, EncoderResult, WINDOWS_1252};
    ///
    /// let mut encoder = WINDOWS_1252.new_encoder();
    /// let text = "€5 ☃";
    /// let mut out = [0u8; 32];
    /// let (result, read, written, replaced) = encoder.encode_from_utf8(text, &mut out, true);
    /// assert_eq!((result, read, replaced), (CoderResult::InputEmpty, text.len(), true));
    /// // € is 0x80 in windows-1252; ☃ is not in it and becomes an NCR.
    /// assert_eq!(&out[..written], b"\x805 &#9731;");
    ///
    /// // Without replacement the encoder stops after the unmappable character.
    /// let (result, read, written) =
    ///     encoder.encode_from_utf8_without_replacement(text, &mut out, true);
    /// assert_eq!(result, EncoderResult::Unmappable('☃'));
    /// assert_eq!((read, &out[..written]), (text.len(), &b"\x805 "[..]));
    /// ```
    pub fn encode_from_utf8(
        &mut self,
        src: &str,
        dst: &mut [u8],
        last: bool,
    ) -> (CoderResult, usize, usize, bool) {
        if let (VariantEncoder::Utf8(_), None) = (&self.variant, self.pending_high) {
            // UTF-8 to UTF-8: the copy, up to a character boundary, without the
            // codec's loop (the whole call is this copy; its overhead shows).
            let n = utf8_copy_len(src, dst.len());
            dst[..n].copy_from_slice(&src.as_bytes()[..n]);
            let result = if n == src.len() {
                CoderResult::InputEmpty
            } else {
                CoderResult::OutputFull
            };
            return (result, n, n, false);
        }
        self.encode_replacing(src.len(), dst, last, |e, d, u| {
            e.encode_utf8_with(src, d, last, u)
        })
    }

    /// Encodes UTF-16, writing unmappable characters as `&#NNNN;` and unpaired
    /// surrogates as U+FFFD would be. Returns (result, units read, bytes written,
    /// whether anything was replaced).
    pub fn encode_from_utf16(
        &mut self,
        src: &[u16],
        dst: &mut [u8],
        last: bool,
    ) -> (CoderResult, usize, usize, bool) {
        self.encode_replacing(src.len(), dst, last, |e, d, u| {
            e.encode_utf16_with(src, d, last, u)
        })
    }

    /// Appends to `dst`, within its spare capacity, the longest prefix of `src` that
    /// encodes to its own bytes (all of it for UTF-8; ASCII for ASCII-compatible
    /// encodings, in ISO-2022-JP only in its ASCII state and without ESC, SO, SI).
    /// Returns its length. A plain copy: no output buffer has to be cleared for it.
    #[cfg(feature = "alloc")]
    fn append_identity_prefix(&self, src: &str, dst: &mut alloc::vec::Vec<u8>) -> usize {
        // ISO-2022-JP outside its ASCII state encodes nothing to itself.
        if self.pending_high.is_some() || self.variant.has_pending_state() {
            return 0;
        }
        let bytes = src.as_bytes();
        let bytes = &bytes[..bytes.len().min(dst.capacity() - dst.len())];
        let prefix = self.encoding.borrowable_prefix(bytes);
        dst.extend_from_slice(prefix.as_bytes());
        prefix.len()
    }

    /// The loop behind the `encode_from_utf8_to_vec` methods: copy the identity
    /// prefix, then encode a bounded chunk through a cleared buffer of that chunk's
    /// worst-case size, and repeat. `step` encodes one chunk: (result, read, written,
    /// replaced), with `OutputFull` meaning the real capacity ran out.
    #[cfg(feature = "alloc")]
    fn encode_to_vec_with<R: Outcome>(
        &mut self,
        src: &str,
        dst: &mut alloc::vec::Vec<u8>,
        last: bool,
        mut step: impl FnMut(&mut Self, &str, &mut [u8], bool) -> (R, usize, usize, bool),
    ) -> (R, usize, bool) {
        /// Input bytes encoded per cleared buffer.
        const CHUNK: usize = 8 * 1024;
        let (mut read, mut replaced) = (0, false);
        loop {
            read += self.append_identity_prefix(&src[read..], dst);
            let rest = &src[read..];
            let mut chunk = rest.len().min(CHUNK);
            while !rest.is_char_boundary(chunk) {
                chunk -= 1;
            }
            let chunk_last = last && chunk == rest.len();
            // Room for every character as an NCR, so a chunk never stops for want of
            // cleared space, only for want of capacity.
            let limit = self
                .max_buffer_length_from_utf8_if_no_unmappables(chunk)
                .and_then(|n| n.checked_add(chunk.checked_mul(NCR_EXTRA / 2)?))
                .unwrap_or(usize::MAX);
            let (result, r, had) =
                crate::handles::string::with_spare_capacity_up_to(dst, limit, |bytes| {
                    let (result, r, w, had) = step(self, &rest[..chunk], bytes, chunk_last);
                    (w, (result, r, had))
                });
            read += r;
            replaced |= had;
            if !(result.input_empty() && chunk < rest.len()) {
                return (result, read, replaced);
            }
        }
    }

    /// Encodes UTF-8 into the spare capacity of `dst` (its length grows by the bytes
    /// written), with replacement. Returns (result, bytes read, whether anything was
    /// replaced).
    #[cfg(feature = "alloc")]
    pub fn encode_from_utf8_to_vec(
        &mut self,
        src: &str,
        dst: &mut alloc::vec::Vec<u8>,
        last: bool,
    ) -> (CoderResult, usize, bool) {
        self.encode_to_vec_with(src, dst, last, Self::encode_from_utf8)
    }

    /// Encodes UTF-8 into the spare capacity of `dst` (its length grows by the bytes
    /// written), without replacement. Returns (result, bytes read).
    #[cfg(feature = "alloc")]
    pub fn encode_from_utf8_to_vec_without_replacement(
        &mut self,
        src: &str,
        dst: &mut alloc::vec::Vec<u8>,
        last: bool,
    ) -> (EncoderResult, usize) {
        let (result, read, _) = self.encode_to_vec_with(src, dst, last, |e, s, b, l| {
            let (result, r, w) = e.encode_from_utf8_without_replacement(s, b, l);
            (result, r, w, false)
        });
        (result, read)
    }
}

/// The length of the longest prefix of `src` that fits in `room` bytes and ends at a
/// character boundary.
#[inline]
fn utf8_copy_len(src: &str, room: usize) -> usize {
    if src.len() <= room {
        return src.len();
    }
    let mut n = room;
    while !src.is_char_boundary(n) {
        n -= 1;
    }
    n
}
