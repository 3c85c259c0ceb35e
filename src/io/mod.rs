//! Streaming adapters over [`std::io`]: [`DecodeReader`] turns bytes in any encoding
//! into UTF-8 as they are read, [`EncodeWriter`] turns UTF-8 into any encoding as it
//! is written. Both stream through fixed buffers, so memory stays flat on any input
//! size, and both give exactly the output of the one-shot [`Encoding::decode`] /
//! [`Encoding::encode`] family however the reads and writes are split.
//!
//! ```
//! use std::io::{BufRead, Write};
//! use textcodec::io::{DecodeReader, EncodeWriter};
//! use textcodec::{SHIFT_JIS, WINDOWS_1251};
//!
//! // windows-1251 bytes in, UTF-8 lines out.
//! let input = &b"\xcf\xf0\xe8\xe2\xe5\xf2\n\xec\xe8\xf0\n"[..];
//! let lines: Vec<String> = DecodeReader::new(input, WINDOWS_1251)
//!     .lines()
//!     .collect::<Result<_, _>>()?;
//! assert_eq!(lines, ["Привет", "мир"]);
//!
//! // UTF-8 in, Shift_JIS out; `finish` writes out whatever the encoder still holds.
//! let mut writer = EncodeWriter::new(Vec::new(), SHIFT_JIS);
//! writer.write_all("日本語".as_bytes())?;
//! assert_eq!(writer.finish()?, b"\x93\xfa\x96\x7b\x8c\xea");
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! In [`ErrorMode::Fatal`] malformed input and unmappable characters are
//! [`std::io::Error`]s of kind [`InvalidData`](std::io::ErrorKind::InvalidData) whose
//! inner error is a [`DecodeError`] or an [`EncodeError`] naming the offset:
//!
//! ```
//! use std::io::Read;
//! use textcodec::io::{DecodeError, DecodeReader, ErrorMode};
//! use textcodec::UTF_8;
//!
//! let mut reader = DecodeReader::builder(UTF_8)
//!     .errors(ErrorMode::Fatal)
//!     .build(&b"ok \xff"[..]);
//! let mut text = String::new();
//! let err = reader.read_to_string(&mut text).unwrap_err();
//! let detail = err.get_ref().and_then(|e| e.downcast_ref::<DecodeError>()).unwrap();
//! assert_eq!(detail.offset(), 3);
//! ```

use crate::Encoding;
use std::fmt;

mod read;
mod write;

pub use read::{DecodeReader, DecodeReaderBuilder};
pub use write::{EncodeWriter, EncodeWriterBuilder};

/// What a [`DecodeReader`] does with a byte order mark at the start of its input.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum BomHandling {
    /// A UTF-8, UTF-16BE or UTF-16LE BOM selects that encoding and is removed: the
    /// spec's "decode", as [`Encoding::new_decoder`].
    #[default]
    Sniff,
    /// Only the reader's own encoding's BOM (UTF-8, UTF-16BE, UTF-16LE) is removed;
    /// the encoding never changes. As [`Encoding::new_decoder_with_bom_removal`].
    Remove,
    /// No BOM handling: a BOM is decoded like any other input (to U+FEFF in UTF-8 and
    /// UTF-16). As [`Encoding::new_decoder_without_bom_handling`].
    Keep,
}

/// What the adapters do with malformed input and with characters the output
/// encoding cannot represent.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ErrorMode {
    /// Malformed input becomes U+FFFD; an unmappable character is written as `?`
    /// (what iconv's `//TRANSLIT` and ICU's default substitution write for
    /// characters they have no better substitute for).
    Replace,
    /// Malformed input or an unmappable character is an error of kind
    /// [`InvalidData`](std::io::ErrorKind::InvalidData) whose inner error is a
    /// [`DecodeError`] or [`EncodeError`]. Everything before it is delivered first;
    /// after it the adapter returns the same error again.
    Fatal,
    /// The Encoding Standard's modes: malformed input becomes U+FFFD and an unmappable
    /// character is written as an HTML decimal character reference `&#NNNN;`, as
    /// [`Encoding::encode`] does.
    Html,
}

/// Malformed input found in [`ErrorMode::Fatal`]: the inner error of the
/// [`std::io::Error`] a [`DecodeReader`] (or an [`EncodeWriter`] given bytes that are
/// not UTF-8) returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    encoding: &'static Encoding,
    offset: u64,
}

impl DecodeError {
    pub(crate) fn new(encoding: &'static Encoding, offset: u64) -> DecodeError {
        DecodeError { encoding, offset }
    }

    /// The encoding being decoded (after BOM sniffing).
    pub fn encoding(&self) -> &'static Encoding {
        self.encoding
    }

    /// Offset in the input, in bytes from its start, of the first byte of the
    /// malformed sequence.
    pub fn offset(&self) -> u64 {
        self.offset
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "malformed {} input at byte offset {}",
            self.encoding.name(),
            self.offset
        )
    }
}

impl std::error::Error for DecodeError {}

/// A character the output encoding cannot represent, found by an [`EncodeWriter`] in
/// [`ErrorMode::Fatal`]: the inner error of the [`std::io::Error`] it returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodeError {
    encoding: &'static Encoding,
    offset: u64,
    character: char,
}

impl EncodeError {
    /// The encoding being written.
    pub fn encoding(&self) -> &'static Encoding {
        self.encoding
    }

    /// Offset of the character in the UTF-8 written to the writer, in bytes from
    /// its start.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The character that cannot be encoded.
    pub fn character(&self) -> char {
        self.character
    }
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "U+{:04X} cannot be encoded in {} (byte offset {} of the UTF-8 input)",
            u32::from(self.character),
            self.encoding.name(),
            self.offset
        )
    }
}

impl std::error::Error for EncodeError {}

/// Default size of the adapters' buffers: input bytes per read for a
/// [`DecodeReader`], output bytes per write for an [`EncodeWriter`].
pub const DEFAULT_CAPACITY: usize = 64 * 1024;
