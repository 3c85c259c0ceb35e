//! The outcomes of the streaming calls, beneath everything that reports them (the
//! codecs, [`crate::Decoder`], [`crate::Encoder`]), so that none of those has to
//! import the crate root.

/// The outcome of a streaming call that replaces errors.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[must_use]
pub enum CoderResult {
    /// All the input was consumed.
    InputEmpty,
    /// The output buffer is full (or too near full for the next character); call
    /// again with more room.
    OutputFull,
}

/// The outcome of a streaming decode without replacement.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[must_use]
pub enum DecoderResult {
    /// All the input was consumed.
    InputEmpty,
    /// The output buffer is full (or too near full for the next character).
    OutputFull,
    /// A malformed sequence was found. The first number is its length in bytes (some
    /// of which may have come in earlier buffers); the second is how many bytes after
    /// it were consumed (those are not part of it and will be decoded next). The
    /// bytes read so far end with those.
    Malformed(u8, u8),
}

/// The outcome of a streaming encode without replacement.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[must_use]
pub enum EncoderResult {
    /// All the input was consumed.
    InputEmpty,
    /// The output buffer is full (or too near full for the next character).
    OutputFull,
    /// The character cannot be encoded; it was consumed (it is the last thing read).
    Unmappable(char),
}

/// What a loop over chunks needs to know of any of the three results (the
/// `decode_to_string` and `encode_from_utf8_to_vec` methods run one loop for both
/// of their variants).
#[cfg(feature = "alloc")]
pub(crate) trait Outcome: Copy {
    /// Whether all the input was consumed.
    fn input_empty(self) -> bool;
}

#[cfg(feature = "alloc")]
impl Outcome for CoderResult {
    fn input_empty(self) -> bool {
        self == CoderResult::InputEmpty
    }
}

#[cfg(feature = "alloc")]
impl Outcome for DecoderResult {
    fn input_empty(self) -> bool {
        self == DecoderResult::InputEmpty
    }
}

#[cfg(feature = "alloc")]
impl Outcome for EncoderResult {
    fn input_empty(self) -> bool {
        self == EncoderResult::InputEmpty
    }
}
