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

    /// The 40 encodings of the Encoding Standard, in the order of its "Names and
    /// labels" table (UTF-8 first, x-user-defined last).
    ///
    /// ```
    /// use textcodec::{Encoding, UTF_8, X_USER_DEFINED};
    ///
    /// let all = Encoding::all();
    /// assert_eq!(all.len(), 40);
    /// assert_eq!((all[0], all[39]), (UTF_8, X_USER_DEFINED));
    /// ```
    pub fn all() -> &'static [&'static Encoding; 40] {
        &ENCODINGS
    }

    /// This encoding's labels as the Encoding Standard lists them (lower case, in its
    /// table's order, which is sorted by bytes); each one is a label that
    /// [`Encoding::for_label`] maps to this encoding. Together the 40 encodings have
    /// 228 labels.
    ///
    /// ```
    /// use textcodec::{Encoding, SHIFT_JIS};
    ///
    /// let labels: Vec<&str> = SHIFT_JIS.labels().collect();
    /// assert_eq!(labels, ["csshiftjis", "ms932", "ms_kanji", "shift-jis", "shift_jis", "sjis", "windows-31j", "x-sjis"]);
    /// let count: usize = Encoding::all().iter().map(|e| e.labels().count()).sum();
    /// assert_eq!(count, 228);
    /// ```
    pub fn labels(&'static self) -> impl Iterator<Item = &'static str> + Clone {
        LABEL_ENCODING
            .iter()
            .enumerate()
            .filter(move |&(_, &e)| ENCODINGS.get(usize::from(e)).is_some_and(|e| *e == self))
            // Labels are ASCII: `from_utf8` never fails on them.
            .filter_map(|(i, _)| core::str::from_utf8(label(i)).ok())
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

#[cfg(test)]
mod tests {
    use crate::Encoding;

    /// `Encoding::all` and `Encoding::labels` give back exactly the spec's table
    /// (indexes/labels.txt, which the generated table is made from), in its order.
    #[test]
    fn all_and_labels_are_the_spec_table() {
        let table = include_str!("../indexes/labels.txt");
        let rows = table
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| l.split_once('\t').unwrap());
        let mut expected: [(&str, [&str; 24], usize); 40] = [("", [""; 24], 0); 40];
        let mut n = 0;
        for (label, name) in rows {
            if n == 0 || expected[n - 1].0 != name {
                expected[n].0 = name;
                n += 1;
            }
            let (_, labels, count) = &mut expected[n - 1];
            labels[*count] = label;
            *count += 1;
        }
        assert_eq!(n, 40);
        for (encoding, (name, labels, count)) in Encoding::all().iter().zip(&expected) {
            assert_eq!(encoding.name(), *name);
            assert!(
                encoding.labels().eq(labels[..*count].iter().copied()),
                "{name}"
            );
            for label in encoding.labels() {
                assert_eq!(Encoding::for_label(label.as_bytes()), Some(*encoding));
            }
        }
    }
}
