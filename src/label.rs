//! Label lookup: trim ASCII whitespace, ASCII-lowercase, then a binary search of the
//! generated label table.

use crate::generated::labels::{LABELS, LONGEST_LABEL};
use crate::Encoding;

/// The encoding for `label` per the spec's "get an encoding", including the CJK
/// encodings whose codecs are not built yet (callers filter those).
pub(crate) fn lookup(label: &[u8]) -> Option<&'static Encoding> {
    let is_ws = |b: &u8| matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ');
    let start = label.iter().position(|b| !is_ws(b))?;
    let end = label.iter().rposition(|b| !is_ws(b))? + 1;
    let label = &label[start..end];
    if label.len() > LONGEST_LABEL {
        return None;
    }
    let mut buf = [0u8; LONGEST_LABEL];
    let lower = &mut buf[..label.len()];
    for (d, s) in lower.iter_mut().zip(label) {
        *d = s.to_ascii_lowercase();
    }
    let lower = &*lower;
    LABELS.binary_search_by(|(l, _)| (*l).cmp(lower)).ok().map(|i| LABELS[i].1)
}
