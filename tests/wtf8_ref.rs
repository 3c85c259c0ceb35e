//! A straightforward WTF-8 reference written from the text of spec/wtf-8.bs, step by
//! step and independent of the library: the other `wtf8_*` tests compare against it.
//! (Included by them with `#[path]`; built on its own it has no tests.)

#![allow(dead_code)]

/// "decode from potentially ill-formed UTF-16 to code points".
pub fn decode_utf16(input: &[u16]) -> Vec<u32> {
    let mut result = Vec::new();
    let mut i = 0;
    while i < input.len() {
        let u = u32::from(input[i]);
        if (0xD800..=0xDBFF).contains(&u) && i + 1 < input.len() {
            let next = u32::from(input[i + 1]);
            if (0xDC00..=0xDFFF).contains(&next) {
                result.push(0x10000 + ((u - 0xD800) << 10) + (next - 0xDC00));
                i += 2;
                continue;
            }
        }
        result.push(u);
        i += 1;
    }
    result
}

/// "encode from code points to potentially ill-formed UTF-16".
pub fn encode_utf16(input: &[u32]) -> Vec<u16> {
    let mut result = Vec::new();
    for &p in input {
        if p >= 0x10000 {
            result.push((((p - 0x10000) >> 10) + 0xD800) as u16);
            result.push((((p - 0x10000) & 0x3FF) + 0xDC00) as u16);
        } else {
            result.push(p as u16);
        }
    }
    result
}

/// "encode from code points to well-formed WTF-8".
pub fn encode_wtf8(input: &[u32]) -> Vec<u8> {
    let mut result = Vec::new();
    let mut i = 0;
    while i < input.len() {
        let mut p = input[i];
        if (0xD800..=0xDBFF).contains(&p) && i + 1 < input.len() {
            let next = input[i + 1];
            if (0xDC00..=0xDFFF).contains(&next) {
                i += 1;
                p = 0x10000 + ((p - 0xD800) << 10) + (next - 0xDC00);
            }
        }
        match p {
            0..=0x7F => result.push(p as u8),
            0x80..=0x7FF => {
                result.push((0xC0 | (p >> 6)) as u8);
                result.push((0x80 | (p & 0x3F)) as u8);
            }
            0x800..=0xFFFF => {
                result.push((0xE0 | (p >> 12)) as u8);
                result.push((0x80 | ((p >> 6) & 0x3F)) as u8);
                result.push((0x80 | (p & 0x3F)) as u8);
            }
            _ => {
                result.push((0xF0 | (p >> 18)) as u8);
                result.push((0x80 | ((p >> 12) & 0x3F)) as u8);
                result.push((0x80 | ((p >> 6) & 0x3F)) as u8);
                result.push((0x80 | (p & 0x3F)) as u8);
            }
        }
        i += 1;
    }
    result
}

/// "decode from well-formed WTF-8 to code points" (only for well-formed input).
pub fn decode_wtf8(input: &[u8]) -> Vec<u32> {
    let mut result = Vec::new();
    let mut i = 0;
    while i < input.len() {
        let b = u32::from(input[i]);
        let at = |k: usize| u32::from(input[i + k]);
        match b {
            0x00..=0x7F => {
                result.push(b);
                i += 1;
            }
            0xC2..=0xDF => {
                result.push(((b & 0x1F) << 6) + (at(1) & 0x3F));
                i += 2;
            }
            0xE0..=0xEF => {
                result.push(((b & 0x0F) << 12) + ((at(1) & 0x3F) << 6) + (at(2) & 0x3F));
                i += 3;
            }
            0xF0..=0xF4 => {
                result.push(
                    ((b & 0x07) << 18)
                        + ((at(1) & 0x3F) << 12)
                        + ((at(2) & 0x3F) << 6)
                        + (at(3) & 0x3F),
                );
                i += 4;
            }
            _ => panic!("decode_wtf8 is only defined for well-formed WTF-8"),
        }
    }
    result
}

/// "convert from potentially ill-formed UTF-16 to WTF-8".
pub fn utf16_to_wtf8(input: &[u16]) -> Vec<u8> {
    encode_wtf8(&decode_utf16(input))
}

/// "convert from WTF-8 to potentially ill-formed UTF-16".
pub fn wtf8_to_utf16(input: &[u8]) -> Vec<u16> {
    encode_utf16(&decode_wtf8(input))
}

/// Table 3: the rows (first byte range, then the ranges of the following bytes).
const TABLE_3: [&[(u8, u8)]; 7] = [
    &[(0x00, 0x7F)],
    &[(0xC2, 0xDF), (0x80, 0xBF)],
    &[(0xE0, 0xE0), (0xA0, 0xBF), (0x80, 0xBF)],
    &[(0xE1, 0xEF), (0x80, 0xBF), (0x80, 0xBF)],
    &[(0xF0, 0xF0), (0x90, 0xBF), (0x80, 0xBF), (0x80, 0xBF)],
    &[(0xF1, 0xF3), (0x80, 0xBF), (0x80, 0xBF), (0x80, 0xBF)],
    &[(0xF4, 0xF4), (0x80, 0x8F), (0x80, 0xBF), (0x80, 0xBF)],
];

/// The length of the Table 3 row that `bytes` start with, if one does.
fn table_3_row(bytes: &[u8]) -> Option<usize> {
    TABLE_3.iter().find_map(|row| {
        (bytes.len() >= row.len()
            && row
                .iter()
                .zip(bytes)
                .all(|(&(lo, hi), &b)| (lo..=hi).contains(&b)))
        .then_some(row.len())
    })
}

/// Table 1: a lead surrogate byte sequence starts `bytes`.
fn is_lead_seq(bytes: &[u8]) -> bool {
    bytes.len() >= 3
        && bytes[0] == 0xED
        && (0xA0..=0xAF).contains(&bytes[1])
        && (0x80..=0xBF).contains(&bytes[2])
}

/// Table 1: a trail surrogate byte sequence starts `bytes`.
fn is_trail_seq(bytes: &[u8]) -> bool {
    bytes.len() >= 3
        && bytes[0] == 0xED
        && (0xB0..=0xBF).contains(&bytes[1])
        && (0x80..=0xBF).contains(&bytes[2])
}

/// Well-formed in generalized UTF-8 (empty, or well-formed followed by a Table 3
/// row), and without a surrogate pair byte sequence (a lead surrogate byte sequence
/// followed by a trail surrogate byte sequence, as consecutive sequences).
pub fn is_wtf8(bytes: &[u8]) -> bool {
    let mut i = 0;
    let mut prev_lead = false;
    while i < bytes.len() {
        let Some(len) = table_3_row(&bytes[i..]) else {
            return false;
        };
        let rest = &bytes[i..];
        if prev_lead && is_trail_seq(rest) {
            return false;
        }
        prev_lead = is_lead_seq(rest);
        i += len;
    }
    true
}

/// The length of the longest well-formed prefix, by the definition.
pub fn valid_up_to(bytes: &[u8]) -> usize {
    (0..=bytes.len())
        .rev()
        .find(|&k| is_wtf8(&bytes[..k]))
        .unwrap()
}

/// "convert lossily from WTF-8 to UTF-8" (well-formed input).
pub fn to_utf8_lossy(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let len = table_3_row(&bytes[i..]).unwrap();
        if len == 3 && bytes[i] == 0xED && bytes[i + 1] >= 0xA0 {
            out.extend_from_slice(&[0xEF, 0xBF, 0xBD]);
        } else {
            out.extend_from_slice(&bytes[i..i + len]);
        }
        i += len;
    }
    out
}

/// "convert strictly from WTF-8 to UTF-8": failure (the offset of the first surrogate
/// byte sequence) or the input.
pub fn to_utf8_strict(bytes: &[u8]) -> Result<&[u8], usize> {
    let mut i = 0;
    while i < bytes.len() {
        let len = table_3_row(&bytes[i..]).unwrap();
        if len == 3 && bytes[i] == 0xED && bytes[i + 1] >= 0xA0 {
            return Err(i);
        }
        i += len;
    }
    Ok(bytes)
}

/// "concatenate two WTF-8 strings".
pub fn concatenate(left: &[u8], right: &[u8]) -> Vec<u8> {
    if left.len() >= 3 && is_lead_seq(&left[left.len() - 3..]) && is_trail_seq(right) {
        let lead = decode_wtf8(&left[left.len() - 3..])[0];
        let trail = decode_wtf8(&right[..3])[0];
        let supplementary = encode_wtf8(&[0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00)]);
        let mut out = left[..left.len() - 3].to_vec();
        out.extend_from_slice(&supplementary);
        out.extend_from_slice(&right[3..]);
        out
    } else {
        [left, right].concat()
    }
}

/// What a streaming decoder reports, in order: code units, and errors with the
/// length of the ill-formed sequence. At a byte that is not allowed where it is, the
/// error covers the bytes before it from the sequence's first byte (at least one: a
/// byte that starts no row errs alone), and the next sequence starts at that byte; a
/// trail surrogate byte sequence right after a lead surrogate byte sequence is a
/// 3-byte error.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub enum Event {
    /// A code unit written.
    Unit(u16),
    /// An ill-formed sequence of this many bytes.
    Error(usize),
}

/// The events of decoding `bytes` (see [`Event`]).
pub fn decode_events(bytes: &[u8]) -> Vec<Event> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut prev_lead = false;
    while i < bytes.len() {
        let rest = &bytes[i..];
        if let Some(len) = table_3_row(rest) {
            if prev_lead && is_trail_seq(rest) {
                out.push(Event::Error(3));
                prev_lead = false;
            } else {
                for u in wtf8_to_utf16(&rest[..len]) {
                    out.push(Event::Unit(u));
                }
                prev_lead = is_lead_seq(rest);
            }
            i += len;
            continue;
        }
        // The longest prefix of `rest` that some row allows (ranges byte by byte).
        let mut matched = 0;
        for row in TABLE_3 {
            let k = row
                .iter()
                .zip(rest)
                .take_while(|(&(lo, hi), &b)| (lo..=hi).contains(&b))
                .count();
            matched = matched.max(k);
        }
        let len = matched.max(1);
        out.push(Event::Error(len));
        prev_lead = false;
        i += len;
    }
    out
}
