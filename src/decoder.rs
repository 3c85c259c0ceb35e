//! The public [`Decoder`]: BOM handling around a family state machine, replacement,
//! and the UTF-8 / UTF-16 / `str` / `String` destinations.

use crate::codec::decode_replacing;
use crate::encoding::{Encoding, UTF_16BE, UTF_16LE, UTF_8};
use crate::handles::CodeUnit;
#[cfg(feature = "alloc")]
use crate::result::Outcome;
use crate::result::{CoderResult, DecoderResult};
use crate::variant::VariantDecoder;

/// Which byte order marks a decoder still looks for at the start of the stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BomMode {
    /// UTF-8, UTF-16BE and UTF-16LE BOMs; a match switches the encoding.
    Sniff,
    /// Only the BOM of the decoder's own encoding, which is removed.
    Remove,
}

/// A possible BOM seen so far, made of bytes from earlier calls.
#[derive(Clone, Debug)]
struct BomState {
    mode: BomMode,
    seen: [u8; 2],
    seen_len: u8,
}

/// What the bytes at the start of the stream say about a BOM.
enum BomVerdict {
    Match(&'static Encoding, usize),
    NoMatch,
    NeedMore,
}

impl BomState {
    fn candidates(
        &self,
        own: &'static Encoding,
    ) -> impl Iterator<Item = (&'static [u8], &'static Encoding)> {
        const ALL: [(&[u8], &Encoding); 3] = [
            (b"\xEF\xBB\xBF", UTF_8),
            (b"\xFE\xFF", UTF_16BE),
            (b"\xFF\xFE", UTF_16LE),
        ];
        let mode = self.mode;
        ALL.into_iter()
            .filter(move |(_, e)| mode == BomMode::Sniff || *e == own)
    }

    fn judge(&self, own: &'static Encoding, start: &[u8]) -> BomVerdict {
        let mut need_more = false;
        for (bom, enc) in self.candidates(own) {
            if start.starts_with(bom) {
                return BomVerdict::Match(enc, bom.len());
            }
            if bom.starts_with(start) {
                need_more = true;
            }
        }
        if need_more {
            BomVerdict::NeedMore
        } else {
            BomVerdict::NoMatch
        }
    }
}

impl Encoding {
    /// A decoder that sniffs a UTF-8, UTF-16BE or UTF-16LE BOM, removes it and
    /// switches to the encoding it names — the spec's "decode".
    ///
    /// ```
    /// use textcodec::{CoderResult, UTF_8, WINDOWS_1252};
    ///
    /// let mut decoder = WINDOWS_1252.new_decoder();
    /// let mut out = [0u8; 16];
    /// // The UTF-8 BOM arrives split over two calls; the decoder waits for all of it.
    /// let (result, read, written, _) = decoder.decode_to_utf8(b"\xEF\xBB", &mut out, false);
    /// assert_eq!((result, read, written), (CoderResult::InputEmpty, 2, 0));
    /// let (result, _, written, _) = decoder.decode_to_utf8(b"\xBFcaf\xC3\xA9", &mut out, true);
    /// assert_eq!(result, CoderResult::InputEmpty);
    /// assert_eq!(decoder.encoding(), UTF_8);
    /// assert_eq!(&out[..written], "café".as_bytes());
    /// ```
    pub fn new_decoder(&'static self) -> Decoder {
        Decoder::new(self, Some(true))
    }

    /// A decoder that removes this encoding's own BOM, if it has one (UTF-8, UTF-16BE,
    /// UTF-16LE) — the spec's "UTF-8 decode" for UTF-8.
    pub fn new_decoder_with_bom_removal(&'static self) -> Decoder {
        Decoder::new(self, Some(false))
    }

    /// A decoder that treats a BOM as ordinary input — the spec's "UTF-8 decode
    /// without BOM".
    pub fn new_decoder_without_bom_handling(&'static self) -> Decoder {
        Decoder::new(self, None)
    }
}

/// A converter that decodes a byte stream into Unicode in a streaming (incremental)
/// manner. Made by [`Encoding::new_decoder`] and its variants.
///
/// Semantics follow encoding_rs: the `decode_*` methods take caller-allocated
/// buffers and return how much they read and wrote; they stop when the input is
/// used up, when the output might not hold the next character, or (the
/// `_without_replacement` variants) after a malformed sequence, which they report
/// as [`DecoderResult::Malformed`]. The other variants write U+FFFD for it.
///
/// Splitting the input anywhere, and using any output buffer of at least 4 bytes
/// (UTF-8) or 2 units (UTF-16), gives the same output as one call with the whole
/// input; buffers of the `max_*_buffer_length` sizes let one call finish.
#[derive(Clone)]
pub struct Decoder {
    encoding: &'static Encoding,
    variant: VariantDecoder,
    bom: Option<BomState>,
    /// Bytes of a rejected BOM candidate, consumed in earlier calls and still to be
    /// decoded: `replay[replay_start..replay_end]`.
    replay: [u8; 2],
    replay_start: u8,
    replay_end: u8,
}

impl core::fmt::Debug for Decoder {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Decoder")
            .field("encoding", &self.encoding)
            .field("bom_pending", &self.bom.is_some())
            .finish()
    }
}

impl Decoder {
    pub(crate) fn new(encoding: &'static Encoding, bom: Option<bool>) -> Decoder {
        let bom = match bom {
            Some(true) => Some(BomMode::Sniff),
            Some(false) if encoding == UTF_8 || encoding == UTF_16BE || encoding == UTF_16LE => {
                Some(BomMode::Remove)
            }
            _ => None,
        };
        Decoder {
            encoding,
            variant: encoding.variant.new_decoder(),
            bom: bom.map(|mode| BomState {
                mode,
                seen: [0; 2],
                seen_len: 0,
            }),
            replay: [0; 2],
            replay_start: 0,
            replay_end: 0,
        }
    }

    /// The encoding being decoded: the one the decoder was made for, or the one a
    /// byte order mark selected.
    pub fn encoding(&self) -> &'static Encoding {
        self.encoding
    }

    /// Bytes held for BOM handling that the state machine has not seen yet.
    fn held(&self) -> usize {
        self.bom.as_ref().map_or(0, |b| usize::from(b.seen_len))
            + usize::from(self.replay_end - self.replay_start)
    }

    fn max_len(
        &self,
        n: usize,
        f: impl Fn(&VariantDecoder, usize) -> Option<usize>,
    ) -> Option<usize> {
        let own = f(&self.variant, n.checked_add(self.held())?)?;
        match &self.bom {
            Some(b) if b.mode == BomMode::Sniff => {
                let mut best = own;
                for enc in [UTF_8, UTF_16BE] {
                    best = best.max(f(&enc.variant.new_decoder(), n)?);
                }
                Some(best)
            }
            _ => Some(own),
        }
    }

    /// Worst-case UTF-8 output for `byte_length` more bytes with replacement, given
    /// the decoder's state; `None` on overflow.
    pub fn max_utf8_buffer_length(&self, byte_length: usize) -> Option<usize> {
        self.max_len(byte_length, VariantDecoder::max_utf8_buffer_length)
    }

    /// Worst-case UTF-8 output for `byte_length` more bytes without replacement;
    /// `None` on overflow.
    pub fn max_utf8_buffer_length_without_replacement(&self, byte_length: usize) -> Option<usize> {
        self.max_len(
            byte_length,
            VariantDecoder::max_utf8_buffer_length_without_replacement,
        )
    }

    /// Worst-case UTF-16 output for `byte_length` more bytes; `None` on overflow.
    pub fn max_utf16_buffer_length(&self, byte_length: usize) -> Option<usize> {
        self.max_len(byte_length, VariantDecoder::max_utf16_buffer_length)
    }

    /// BOM handling and replay, then the state machine: a decode without
    /// replacement into UTF-8 (`u8`) or UTF-16 (`u16`).
    fn drive<U: CodeUnit>(
        &mut self,
        src: &[u8],
        dst: &mut [U],
        last: bool,
    ) -> (DecoderResult, usize, usize) {
        let mut read = 0;
        if let Some(bom) = &mut self.bom {
            let mut start = [0u8; 3];
            let seen = usize::from(bom.seen_len);
            start[..seen].copy_from_slice(&bom.seen[..seen]);
            let take = src.len().min(3 - seen);
            start[seen..seen + take].copy_from_slice(&src[..take]);
            match bom.judge(self.encoding, &start[..seen + take]) {
                BomVerdict::Match(enc, len) => {
                    read = len - seen;
                    if enc != self.encoding {
                        self.encoding = enc;
                        self.variant = enc.variant.new_decoder();
                    }
                    self.bom = None;
                }
                BomVerdict::NeedMore if !last => {
                    bom.seen[seen..seen + src.len()].copy_from_slice(src);
                    bom.seen_len += src.len() as u8;
                    return (DecoderResult::InputEmpty, src.len(), 0);
                }
                _ => {
                    self.replay = bom.seen;
                    self.replay_start = 0;
                    self.replay_end = bom.seen_len;
                    self.bom = None;
                }
            }
        }
        let mut written = 0;
        if self.replay_start < self.replay_end {
            let pending =
                &self.replay[usize::from(self.replay_start)..usize::from(self.replay_end)];
            let (result, r, w) = self
                .variant
                .decode_to(pending, dst, last && src.len() == read);
            self.replay_start += r as u8;
            written = w;
            if result != DecoderResult::InputEmpty {
                return (result, read, written);
            }
        }
        let (result, r, w) = self
            .variant
            .decode_to(&src[read..], &mut dst[written..], last);
        (result, read + r, written + w)
    }

    /// Decodes to UTF-8 without replacement: stops after a malformed sequence and
    /// reports it. Returns (result, bytes read, bytes written).
    pub fn decode_to_utf8_without_replacement(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> (DecoderResult, usize, usize) {
        self.drive(src, dst, last)
    }

    /// Decodes to UTF-16 without replacement: stops after a malformed sequence and
    /// reports it. Returns (result, bytes read, units written).
    pub fn decode_to_utf16_without_replacement(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        last: bool,
    ) -> (DecoderResult, usize, usize) {
        self.drive(src, dst, last)
    }

    /// Decodes to UTF-8, writing U+FFFD for malformed sequences.
    /// Returns (result, bytes read, bytes written, whether anything was replaced).
    ///
    /// ```
    /// use textcodec::{CoderResult, SHIFT_JIS};
    ///
    /// // "日本!" arrives in two buffers, split inside 日; the output is as if whole.
    /// let mut decoder = SHIFT_JIS.new_decoder();
    /// let mut out = [0u8; 16];
    /// let mut written = 0;
    /// for (chunk, last) in [(&b"\x93"[..], false), (&b"\xFA\x96\x7B!"[..], true)] {
    ///     let (result, read, n, replaced) = decoder.decode_to_utf8(chunk, &mut out[written..], last);
    ///     assert_eq!((result, read, replaced), (CoderResult::InputEmpty, chunk.len(), false));
    ///     written += n;
    /// }
    /// assert_eq!(&out[..written], "日本!".as_bytes());
    ///
    /// // An output buffer without room for the next character: `OutputFull`, and
    /// // the call reports how far it got.
    /// let mut decoder = SHIFT_JIS.new_decoder();
    /// let mut small = [0u8; 4];
    /// let (result, read, written, _) = decoder.decode_to_utf8(b"\x93\xFA\x96\x7B", &mut small, true);
    /// assert_eq!((result, read, &small[..written]), (CoderResult::OutputFull, 2, "日".as_bytes()));
    ///
    /// // A malformed sequence becomes U+FFFD.
    /// let mut decoder = SHIFT_JIS.new_decoder();
    /// let (_, _, written, replaced) = decoder.decode_to_utf8(b"\xFFa", &mut out, true);
    /// assert_eq!((&out[..written], replaced), ("\u{FFFD}a".as_bytes(), true));
    /// ```
    pub fn decode_to_utf8(
        &mut self,
        src: &[u8],
        dst: &mut [u8],
        last: bool,
    ) -> (CoderResult, usize, usize, bool) {
        decode_replacing(src, dst, |s, d| self.drive(s, d, last))
    }

    /// Decodes to UTF-16, writing U+FFFD for malformed sequences.
    /// Returns (result, bytes read, units written, whether anything was replaced).
    pub fn decode_to_utf16(
        &mut self,
        src: &[u8],
        dst: &mut [u16],
        last: bool,
    ) -> (CoderResult, usize, usize, bool) {
        decode_replacing(src, dst, |s, d| self.drive(s, d, last))
    }

    /// Decodes into `dst` with replacement, keeping it valid UTF-8 (the bytes of a
    /// character cut at the end of the output are zeroed).
    /// Returns (result, bytes read, bytes written, whether anything was replaced).
    pub fn decode_to_str(
        &mut self,
        src: &[u8],
        dst: &mut str,
        last: bool,
    ) -> (CoderResult, usize, usize, bool) {
        crate::handles::string::decode_into_str(dst, |bytes| {
            let (result, read, written, replaced) = self.decode_to_utf8(src, bytes, last);
            (written, (result, read, written, replaced))
        })
    }

    /// Decodes into `dst` without replacement, keeping it valid UTF-8.
    /// Returns (result, bytes read, bytes written).
    pub fn decode_to_str_without_replacement(
        &mut self,
        src: &[u8],
        dst: &mut str,
        last: bool,
    ) -> (DecoderResult, usize, usize) {
        crate::handles::string::decode_into_str(dst, |bytes| {
            let (result, read, written) = self.decode_to_utf8_without_replacement(src, bytes, last);
            (written, (result, read, written))
        })
    }

    /// Appends to `dst`, within its spare capacity, the longest prefix of `src` that
    /// decodes to itself (valid UTF-8 for UTF-8; ASCII for single-byte encodings and
    /// x-user-defined) when the decoder is in a neutral state. Returns its length.
    /// This is a plain copy: no output buffer has to be cleared for it.
    #[cfg(feature = "alloc")]
    fn append_identity_prefix(&self, src: &[u8], dst: &mut alloc::string::String) -> usize {
        if self.bom.is_some() || self.replay_start < self.replay_end {
            return 0;
        }
        let src = &src[..src.len().min(dst.capacity() - dst.len())];
        let prefix = match &self.variant {
            VariantDecoder::Utf8(d) if !d.has_pending() => crate::handles::string::utf8_prefix(src),
            VariantDecoder::SingleByte(_) | VariantDecoder::XUserDefined => {
                crate::handles::string::ascii_prefix(src)
            }
            _ => return 0,
        };
        dst.push_str(prefix);
        prefix.len()
    }

    /// The loop behind the `decode_to_string` methods: copy the identity prefix, then
    /// decode a bounded chunk through a cleared buffer of that chunk's worst-case size,
    /// and repeat, so the cost of clearing stays proportional to the input that needs
    /// real decoding. `step` decodes one chunk: (result, read, written, replaced).
    #[cfg(feature = "alloc")]
    fn decode_to_string_with<R: Outcome>(
        &mut self,
        src: &[u8],
        dst: &mut alloc::string::String,
        last: bool,
        mut step: impl FnMut(&mut Self, &[u8], &mut [u8], bool) -> (R, usize, usize, bool),
    ) -> (R, usize, bool) {
        /// Input bytes decoded per cleared buffer.
        const CHUNK: usize = 8 * 1024;
        let (mut read, mut replaced) = (0, false);
        loop {
            read += self.append_identity_prefix(&src[read..], dst);
            let rest = &src[read..];
            let chunk = rest.len().min(CHUNK);
            let chunk_last = last && chunk == rest.len();
            let limit = self.max_utf8_buffer_length(chunk).unwrap_or(usize::MAX);
            let (result, r, had) =
                crate::handles::string::decode_into_string_up_to(dst, limit, |bytes| {
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

    /// Decodes into the spare capacity of `dst` with replacement (its length grows by
    /// the bytes written). Returns (result, bytes read, whether anything was replaced).
    ///
    /// ```
    /// use textcodec::{CoderResult, GB18030};
    ///
    /// let mut decoder = GB18030.new_decoder();
    /// let mut text = String::new();
    /// // 你好 in two buffers, split inside 你.
    /// for (chunk, last) in [(&b"\xC4"[..], false), (&b"\xE3\xBA\xC3"[..], true)] {
    ///     // Only the spare capacity is written: reserve the worst case first.
    ///     text.reserve(decoder.max_utf8_buffer_length(chunk.len()).unwrap());
    ///     let (result, read, replaced) = decoder.decode_to_string(chunk, &mut text, last);
    ///     assert_eq!((result, read, replaced), (CoderResult::InputEmpty, chunk.len(), false));
    /// }
    /// assert_eq!(text, "你好");
    /// ```
    #[cfg(feature = "alloc")]
    pub fn decode_to_string(
        &mut self,
        src: &[u8],
        dst: &mut alloc::string::String,
        last: bool,
    ) -> (CoderResult, usize, bool) {
        self.decode_to_string_with(src, dst, last, Self::decode_to_utf8)
    }

    /// Decodes into the spare capacity of `dst` without replacement.
    /// Returns (result, bytes read).
    #[cfg(feature = "alloc")]
    pub fn decode_to_string_without_replacement(
        &mut self,
        src: &[u8],
        dst: &mut alloc::string::String,
        last: bool,
    ) -> (DecoderResult, usize) {
        let (result, read, _) = self.decode_to_string_with(src, dst, last, |d, s, b, l| {
            let (result, r, w) = d.decode_to_utf8_without_replacement(s, b, l);
            (result, r, w, false)
        });
        (result, read)
    }

    /// For engines that store strings as Latin-1 when they can: the length of the
    /// prefix of `bytes` whose every byte decodes to the code point of the same value,
    /// given the decoder's state. `None` when the decoder is not in a neutral state
    /// (mid-sequence, or still looking for a BOM) or the encoding never has that
    /// property (UTF-16, replacement). Does not change the decoder's state.
    pub fn latin1_byte_compatible_up_to(&self, bytes: &[u8]) -> Option<usize> {
        if self.bom.is_some() || self.replay_start < self.replay_end {
            return None;
        }
        self.variant.latin1_byte_compatible_up_to(bytes)
    }
}
