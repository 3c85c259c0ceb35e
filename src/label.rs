//! Label lookup: trim ASCII whitespace, ASCII-lowercase, then a binary search of the
//! generated label table (labels concatenated in sorted order, with end offsets).

use crate::generated::labels::{
    ENCODINGS, LABEL_COUNT, LABEL_ENCODING, LABEL_END, LABEL_TEXT, LONGEST_LABEL,
};
use crate::Encoding;

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
pub(crate) fn lookup(label_bytes: &[u8]) -> Option<&'static Encoding> {
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
