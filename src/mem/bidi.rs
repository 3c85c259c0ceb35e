//! Whether text needs the Unicode Bidirectional Algorithm, by Unicode block.

#[cfg(doc)]
use super::latin1::{is_str_latin1, is_utf16_latin1, is_utf8_latin1};
use super::latin1::{str_latin1_up_to, utf8_latin1_up_to};
use crate::handles::string;
use crate::simd;

/// Classification of text as Latin1 (all code points are below U+0100),
/// left-to-right with some non-Latin1 characters, or as containing at least some
/// right-to-left characters.
#[must_use]
#[derive(Debug, PartialEq, Eq)]
#[repr(C)]
pub enum Latin1Bidi {
    /// Every character is below U+0100.
    Latin1 = 0,
    /// There is at least one character that's U+0100 or higher, but there are no
    /// right-to-left characters.
    LeftToRight = 1,
    /// There is at least one right-to-left character.
    Bidi = 2,
}

/// Checks whether a potentially-invalid UTF-8 buffer contains code points that
/// trigger right-to-left processing.
///
/// The check is done on a Unicode block basis without regard to assigned vs.
/// unassigned code points in the block (see [`is_char_bidi`]).
///
/// Returns `true` if the input is invalid UTF-8 or contains an RTL character.
pub fn is_utf8_bidi(buffer: &[u8]) -> bool {
    let valid = string::utf8_prefix(buffer);
    if valid.len() != buffer.len() {
        return true;
    }
    is_str_bidi(valid)
}

/// Checks whether a valid UTF-8 buffer contains code points that trigger
/// right-to-left processing (see [`is_char_bidi`]).
pub fn is_str_bidi(buffer: &str) -> bool {
    let bytes = buffer.as_bytes();
    let mut i = 0;
    loop {
        i += simd::ascii_valid_up_to(&bytes[i..]);
        let Some(&lead) = bytes.get(i) else {
            return false;
        };
        // Leads below 0xD6 are characters below U+0590.
        if lead < 0xD6 {
            i += 2;
            continue;
        }
        // `i` is at a character boundary of a str.
        let c = buffer[i..].chars().next().unwrap_or('\0');
        if is_char_bidi(c) {
            return true;
        }
        i += c.len_utf8();
    }
}

/// Checks whether a UTF-16 buffer contains code points that trigger right-to-left
/// processing, or an unpaired high surrogate that could be the high half of an RTL
/// character (see [`is_utf16_code_unit_bidi`]).
pub fn is_utf16_bidi(buffer: &[u16]) -> bool {
    let mut i = 0;
    loop {
        // Units below U+0590 are never RTL.
        i += buffer[i..]
            .iter()
            .position(|&u| u >= 0x590)
            .unwrap_or(buffer.len() - i);
        let Some(&u) = buffer.get(i) else {
            return false;
        };
        if is_utf16_code_unit_bidi(u) {
            return true;
        }
        i += 1;
    }
}

/// Checks whether a scalar value triggers right-to-left processing.
///
/// The check is done on a Unicode block basis without regard to assigned vs.
/// unassigned code points in the block. Hebrew presentation forms in the
/// Alphabetic Presentation Forms block are treated as if they formed a block on
/// their own (i.e. as right-to-left). Additionally, the four RIGHT-TO-LEFT FOO
/// controls in General Punctuation are checked for. Control characters that are
/// technically bidi controls but do not cause right-to-left behavior without the
/// presence of right-to-left characters or right-to-left controls are not checked
/// for. As a special case, U+FEFF is excluded from Arabic Presentation Forms-B.
#[inline]
pub fn is_char_bidi(c: char) -> bool {
    matches!(
        u32::from(c),
        // Hebrew .. Arabic Extended-A
        0x0590..=0x08FF
            // RLM, RLE, RLO, RLI
            | 0x200F | 0x202B | 0x202E | 0x2067
            // Hebrew presentation forms, Arabic Presentation Forms-A
            | 0xFB1D..=0xFDFF
            // Arabic Presentation Forms-B except the BOM
            | 0xFE70..=0xFEFE
            // Supplementary RTL blocks
            | 0x10800..=0x10FFF | 0x1E800..=0x1EFFF
    )
}

/// Checks whether a UTF-16 code unit triggers right-to-left processing.
///
/// As [`is_char_bidi`]; the high surrogates of the supplementary-plane RTL blocks
/// (U+D802, U+D803, U+D83A, U+D83B) count as RTL, even if unpaired.
#[inline]
pub fn is_utf16_code_unit_bidi(u: u16) -> bool {
    matches!(
        u,
        0x0590..=0x08FF
            | 0x200F
            | 0x202B
            | 0x202E
            | 0x2067
            | 0xD802
            | 0xD803
            | 0xD83A
            | 0xD83B
            | 0xFB1D..=0xFDFF
            | 0xFE70..=0xFEFE
    )
}

/// Checks whether a potentially invalid UTF-8 buffer is all-Latin1 or contains code
/// points that trigger right-to-left processing.
///
/// Returns `Latin1Bidi::Latin1` if [`is_utf8_latin1`] would return `true`;
/// otherwise `Latin1Bidi::Bidi` if [`is_utf8_bidi`] would return `true`; otherwise
/// `Latin1Bidi::LeftToRight`.
pub fn check_utf8_for_latin1_and_bidi(buffer: &[u8]) -> Latin1Bidi {
    let up_to = utf8_latin1_up_to(buffer);
    if up_to == buffer.len() {
        Latin1Bidi::Latin1
    } else if is_utf8_bidi(&buffer[up_to..]) {
        Latin1Bidi::Bidi
    } else {
        Latin1Bidi::LeftToRight
    }
}

/// Checks whether a valid UTF-8 buffer is all-Latin1 or contains code points that
/// trigger right-to-left processing.
///
/// Returns `Latin1Bidi::Latin1` if [`is_str_latin1`] would return `true`; otherwise
/// `Latin1Bidi::Bidi` if [`is_str_bidi`] would return `true`; otherwise
/// `Latin1Bidi::LeftToRight`.
pub fn check_str_for_latin1_and_bidi(buffer: &str) -> Latin1Bidi {
    let up_to = str_latin1_up_to(buffer);
    if up_to == buffer.len() {
        Latin1Bidi::Latin1
    } else if is_str_bidi(&buffer[up_to..]) {
        Latin1Bidi::Bidi
    } else {
        Latin1Bidi::LeftToRight
    }
}

/// Checks whether a potentially invalid UTF-16 buffer is all-Latin1 or contains code
/// points that trigger right-to-left processing.
///
/// Returns `Latin1Bidi::Latin1` if [`is_utf16_latin1`] would return `true`;
/// otherwise `Latin1Bidi::Bidi` if [`is_utf16_bidi`] would return `true`; otherwise
/// `Latin1Bidi::LeftToRight`.
pub fn check_utf16_for_latin1_and_bidi(buffer: &[u16]) -> Latin1Bidi {
    let up_to = simd::latin1_valid_up_to(buffer);
    if up_to == buffer.len() {
        Latin1Bidi::Latin1
    } else if is_utf16_bidi(&buffer[up_to..]) {
        Latin1Bidi::Bidi
    } else {
        Latin1Bidi::LeftToRight
    }
}
