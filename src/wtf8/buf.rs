//! [`Wtf8Buf`]: an owned, growable, well-formed WTF-8 string.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::hash::{Hash, Hasher};

use super::convert::{convert_utf16_to_wtf8, replace_surrogates};
use super::scan::{four_bytes, is_lead, is_trail, pair, write_code_point};
use super::{CodePoint, UnpairedSurrogateError, Wtf8, Wtf8Error};

/// An owned, growable string of well-formed WTF-8: like `String`, but it may also hold
/// surrogate code points that are not in a pair.
///
/// Every operation keeps the bytes well-formed: appending a trail surrogate (as a code
/// point or at the start of a pushed [`Wtf8`]) right after a lead surrogate at the end
/// joins the two into one supplementary code point, as the spec's concatenation does.
/// Equality, ordering, hashing, `Debug` and `Display` are those of
/// [`as_slice`](Self::as_slice).
#[derive(Clone, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Wtf8Buf {
    bytes: Vec<u8>,
}

impl Wtf8Buf {
    /// An empty string.
    pub const fn new() -> Wtf8Buf {
        Wtf8Buf { bytes: Vec::new() }
    }

    /// An empty string with room for `capacity` bytes.
    pub fn with_capacity(capacity: usize) -> Wtf8Buf {
        Wtf8Buf {
            bytes: Vec::with_capacity(capacity),
        }
    }

    /// Takes a `String` (UTF-8 is well-formed WTF-8), without copying.
    pub fn from_string(string: String) -> Wtf8Buf {
        Wtf8Buf {
            bytes: string.into_bytes(),
        }
    }

    /// Copies UTF-8 text.
    #[allow(clippy::should_implement_trait)]
    pub fn from_str(s: &str) -> Wtf8Buf {
        Wtf8Buf {
            bytes: s.as_bytes().to_vec(),
        }
    }

    /// Copies a [`Wtf8`].
    pub fn from_wtf8(s: Wtf8<'_>) -> Wtf8Buf {
        Wtf8Buf {
            bytes: s.as_bytes().to_vec(),
        }
    }

    /// Checks and takes WTF-8 bytes; gives them back with the error if they are not
    /// well-formed.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Wtf8Buf, (Wtf8Error, Vec<u8>)> {
        match Wtf8::from_bytes(&bytes) {
            Ok(_) => Ok(Wtf8Buf { bytes }),
            Err(e) => Err((e, bytes)),
        }
    }

    /// Converts potentially ill-formed UTF-16, losslessly: unpaired surrogates are kept
    /// (see [`super::convert_utf16_to_wtf8`]).
    pub fn from_ill_formed_utf16(units: &[u16]) -> Wtf8Buf {
        let mut buf = Wtf8Buf::new();
        buf.push_ill_formed_utf16(units);
        buf
    }

    /// Converts well-formed UTF-16; an error with the index of the first unpaired
    /// surrogate if there is one. (For UTF-16 that may have them, use
    /// [`from_ill_formed_utf16`](Self::from_ill_formed_utf16).)
    pub fn from_utf16(units: &[u16]) -> Result<Wtf8Buf, UnpairedSurrogateError> {
        let buf = Wtf8Buf::from_ill_formed_utf16(units);
        match buf.as_slice().to_utf8() {
            Ok(_) => Ok(buf),
            Err(e) => {
                // Code units before the surrogate: the UTF-16 length of the valid part.
                let index = Wtf8::from_checked(&buf.bytes[..e.offset()]).utf16_len();
                Err(UnpairedSurrogateError { index })
            }
        }
    }

    /// The borrowed string.
    #[inline]
    pub fn as_slice(&self) -> Wtf8<'_> {
        Wtf8::from_checked(&self.bytes)
    }

    /// The WTF-8 bytes.
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The WTF-8 bytes, owned.
    #[inline]
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }

    /// Length in bytes.
    #[inline]
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Whether the string is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Bytes the string can hold without reallocating.
    #[inline]
    pub fn capacity(&self) -> usize {
        self.bytes.capacity()
    }

    /// Reserves room for at least `additional` more bytes.
    #[inline]
    pub fn reserve(&mut self, additional: usize) {
        self.bytes.reserve(additional);
    }

    /// Empties the string, keeping its capacity.
    #[inline]
    pub fn clear(&mut self) {
        self.bytes.clear();
    }

    /// The string as `&str` if it has no surrogate.
    #[inline]
    pub fn as_str(&self) -> Option<&str> {
        self.as_slice().as_str()
    }

    /// Appends UTF-8 text.
    #[inline]
    pub fn push_str(&mut self, s: &str) {
        self.bytes.extend_from_slice(s.as_bytes());
    }

    /// Appends a character.
    #[inline]
    pub fn push_char(&mut self, c: char) {
        let mut b = [0; 4];
        self.bytes
            .extend_from_slice(c.encode_utf8(&mut b).as_bytes());
    }

    /// Appends a code point; a trail surrogate right after a lead surrogate at the end
    /// joins it into one supplementary code point (so the string stays well-formed).
    pub fn push_code_point(&mut self, code_point: CodePoint) {
        if let (Some(trail), Some(lead)) = (
            code_point.to_trail_surrogate(),
            self.as_slice().final_lead_surrogate(),
        ) {
            self.join(lead, trail);
            return;
        }
        let mut b = [0; 4];
        let n = code_point.len_wtf8();
        write_code_point(code_point.to_u32(), &mut b[..n]);
        self.bytes.extend_from_slice(&b[..n]);
    }

    /// The spec's "concatenate two WTF-8 strings": appends `other`, joining a lead
    /// surrogate at the end of `self` and a trail surrogate at the start of `other`
    /// into one four-byte sequence.
    pub fn push_wtf8(&mut self, other: Wtf8<'_>) {
        let mut rest = other.as_bytes();
        if let (Some(lead), Some(trail)) = (
            self.as_slice().final_lead_surrogate(),
            other.initial_trail_surrogate(),
        ) {
            self.join(lead, trail);
            rest = &rest[3..];
        }
        self.bytes.extend_from_slice(rest);
    }

    /// Appends potentially ill-formed UTF-16 as [`push_wtf8`](Self::push_wtf8) of its
    /// conversion would (a leading trail surrogate joins a final lead surrogate).
    pub fn push_ill_formed_utf16(&mut self, mut units: &[u16]) {
        if let (Some(lead), Some(&trail)) = (self.as_slice().final_lead_surrogate(), units.first())
        {
            if is_trail(trail) {
                self.join(lead, trail);
                units = &units[1..];
            }
        }
        let old = self.bytes.len();
        let end = super::max_wtf8_len_from_utf16(units.len()).and_then(|m| m.checked_add(old));
        let Some(end) = end else {
            // Not reached: a slice of u16 is at most isize::MAX bytes.
            units
                .iter()
                .for_each(|&u| self.push_code_point(CodePoint::from_u16(u)));
            return;
        };
        self.bytes.resize(end, 0);
        let (_, written) = convert_utf16_to_wtf8(units, &mut self.bytes[old..]);
        self.bytes.truncate(old + written);
    }

    /// Replaces the lead surrogate at the end by the pair it makes with `trail`.
    fn join(&mut self, lead: u16, trail: u16) {
        debug_assert!(is_lead(lead) && is_trail(trail));
        let start = self.bytes.len() - 3;
        self.bytes.truncate(start);
        self.bytes.extend_from_slice(&four_bytes(pair(lead, trail)));
    }

    /// The string as a `String` if it has no surrogate, else itself back.
    pub fn into_string(self) -> Result<String, Wtf8Buf> {
        String::from_utf8(self.bytes).map_err(|e| Wtf8Buf {
            bytes: e.into_bytes(),
        })
    }

    /// The string as a `String`, each surrogate replaced by U+FFFD in place (the same
    /// length: both take three bytes).
    pub fn into_string_lossy(mut self) -> String {
        replace_surrogates(&mut self.bytes);
        match String::from_utf8(self.bytes) {
            Ok(s) => s,
            // Not reached: no surrogate is left.
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        }
    }
}

impl From<&str> for Wtf8Buf {
    fn from(s: &str) -> Self {
        Wtf8Buf::from_str(s)
    }
}

impl From<String> for Wtf8Buf {
    fn from(s: String) -> Self {
        Wtf8Buf::from_string(s)
    }
}

impl From<Wtf8<'_>> for Wtf8Buf {
    fn from(s: Wtf8<'_>) -> Self {
        Wtf8Buf::from_wtf8(s)
    }
}

impl PartialEq<Wtf8<'_>> for Wtf8Buf {
    fn eq(&self, other: &Wtf8<'_>) -> bool {
        self.as_slice() == *other
    }
}

impl PartialEq<Wtf8Buf> for Wtf8<'_> {
    fn eq(&self, other: &Wtf8Buf) -> bool {
        *self == other.as_slice()
    }
}

impl Hash for Wtf8Buf {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl fmt::Debug for Wtf8Buf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.as_slice(), f)
    }
}

impl fmt::Display for Wtf8Buf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.as_slice(), f)
    }
}

impl FromIterator<CodePoint> for Wtf8Buf {
    fn from_iter<I: IntoIterator<Item = CodePoint>>(iter: I) -> Self {
        let mut buf = Wtf8Buf::new();
        buf.extend(iter);
        buf
    }
}

impl Extend<CodePoint> for Wtf8Buf {
    fn extend<I: IntoIterator<Item = CodePoint>>(&mut self, iter: I) {
        let iter = iter.into_iter();
        self.bytes.reserve(iter.size_hint().0);
        iter.for_each(|c| self.push_code_point(c));
    }
}
