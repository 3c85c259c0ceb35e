//! Label lookup ([`Encoding::for_label`]): trim ASCII whitespace, ASCII-lowercase,
//! then a binary search of the generated label table (labels concatenated in sorted
//! order, with end offsets).

use crate::encoding::{Encoding, REPLACEMENT};
use crate::generated::labels::{
    ENCODINGS, LABEL_COUNT, LABEL_ENCODING, LABEL_END, LABEL_TEXT, LONGEST_LABEL,
};

impl Encoding {
    /// The encoding for `label` per the spec's "get an encoding": leading and trailing
    /// ASCII whitespace is ignored and letters match ASCII case-insensitively.
    /// `None` for an unknown label.
    ///
    /// ```
    /// use textcodec::{Encoding, REPLACEMENT, SHIFT_JIS, WINDOWS_1252};
    ///
    /// assert_eq!(Encoding::for_label(b"  SJIS\n"), Some(SHIFT_JIS));
    /// // As the spec says, Latin-1 labels mean windows-1252.
    /// assert_eq!(Encoding::for_label(b"iso-8859-1"), Some(WINDOWS_1252));
    /// assert_eq!(Encoding::for_label(b"iso-2022-kr"), Some(REPLACEMENT));
    /// assert_eq!(Encoding::for_label(b"utf-7"), None);
    /// ```
    pub fn for_label(label: &[u8]) -> Option<&'static Encoding> {
        lookup(label)
    }

    /// As [`Encoding::for_label`], but `None` for labels of the replacement encoding
    /// (for callers that must not decode with it, such as `TextDecoder`).
    pub fn for_label_no_replacement(label: &[u8]) -> Option<&'static Encoding> {
        Encoding::for_label(label).filter(|e| *e != REPLACEMENT)
    }
}

/// The `i`-th label in sorted order.
fn label(i: usize) -> &'static [u8] {
    let start = if i == 0 {
        0
    } else {
        usize::from(LABEL_END[i - 1])
    };
    &LABEL_TEXT[start..usize::from(LABEL_END[i])]
}

/// The encoding for `label` per the spec's "get an encoding".
fn lookup(label_bytes: &[u8]) -> Option<&'static Encoding> {
    let is_ws = |b: &u8| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ');
    let start = label_bytes.iter().position(|b| !is_ws(b))?;
    let end = label_bytes.iter().rposition(|b| !is_ws(b))? + 1;
    let trimmed = &label_bytes[start..end];
    if trimmed.len() > LONGEST_LABEL {
        return None;
    }
    let mut buf = [0u8; LONGEST_LABEL];
    let lower = &mut buf[..trimmed.len()];
    for (d, s) in lower.iter_mut().zip(trimmed) {
        *d = s.to_ascii_lowercase();
    }
    let lower = &*lower;
    let (mut lo, mut hi) = (0, LABEL_COUNT);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match label(mid).cmp(lower) {
            core::cmp::Ordering::Less => lo = mid + 1,
            core::cmp::Ordering::Greater => hi = mid,
            core::cmp::Ordering::Equal => return Some(ENCODINGS[usize::from(LABEL_ENCODING[mid])]),
        }
    }
    None
}
