//! The bulk kernels the codecs call: ASCII runs, UTF-8 validation and the UTF-8 <->
//! UTF-16 conversions.
//!
//! Codec modules call only the safe functions in this module; which implementation
//! runs (portable word-at-a-time code, or an ISA-specific one) is decided here.

mod scalar;

#[allow(unused_imports)]
pub(crate) use scalar::{
    ascii_valid_up_to, basic_latin_valid_up_to, copy_ascii_to_ascii, copy_ascii_to_basic_latin,
    copy_basic_latin_to_ascii, utf16_to_utf8, utf8_to_utf16, utf8_valid_up_to,
};
