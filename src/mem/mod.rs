//! Functions for converting between in-memory representations of text (UTF-8,
//! UTF-16, Latin-1) and for quickly checking whether the Unicode Bidirectional
//! Algorithm can be skipped.
//!
//! The names, signatures and semantics are those of `encoding_rs::mem`, so code
//! using it migrates by changing the path; the implementations are this crate's
//! vector kernels.
//!
//! "Latin1" here means the code points U+0000..=U+00FF, one byte each (not
//! windows-1252).

//! The functions are grouped by topic: ASCII and Basic Latin (`ascii.rs`), Latin1
//! (`latin1.rs`), UTF-8 <-> UTF-16 (`utf16.rs`) and bidi checks (`bidi.rs`).

mod ascii;
mod bidi;
mod latin1;
mod utf16;

pub use ascii::{
    ascii_valid_up_to, basic_latin_valid_up_to, copy_ascii_to_ascii, copy_ascii_to_basic_latin,
    copy_basic_latin_to_ascii, is_ascii, is_basic_latin,
};
pub use bidi::{
    check_str_for_latin1_and_bidi, check_utf16_for_latin1_and_bidi, check_utf8_for_latin1_and_bidi,
    is_char_bidi, is_str_bidi, is_utf16_bidi, is_utf16_code_unit_bidi, is_utf8_bidi, Latin1Bidi,
};
pub use latin1::{
    convert_latin1_to_str, convert_latin1_to_str_partial, convert_latin1_to_utf16,
    convert_latin1_to_utf8, convert_latin1_to_utf8_partial, convert_utf16_to_latin1_lossy,
    convert_utf8_to_latin1_lossy, is_str_latin1, is_utf16_latin1, is_utf8_latin1, str_latin1_up_to,
    utf8_latin1_up_to,
};
#[cfg(feature = "alloc")]
pub use latin1::{decode_latin1, encode_latin1_lossy};
pub use utf16::{
    convert_str_to_utf16, convert_utf16_to_str, convert_utf16_to_str_partial,
    convert_utf16_to_utf8, convert_utf16_to_utf8_partial, convert_utf8_to_utf16,
    convert_utf8_to_utf16_without_replacement, ensure_utf16_validity, utf16_valid_up_to,
};
