//! Portable kernels: word-at-a-time (SWAR) over `usize`, always built, and the
//! oracle the ISA-specific kernels are tested against.

const WORD: usize = core::mem::size_of::<usize>();
const HIGH_BITS: usize = usize::from_ne_bytes([0x80; WORD]);

/// Length of the longest ASCII prefix of `src`.
#[inline]
pub(crate) fn ascii_valid_up_to(src: &[u8]) -> usize {
    let mut i = 0;
    let mut chunks = src.chunks_exact(2 * WORD);
    for c in &mut chunks {
        let a = usize::from_ne_bytes(c[..WORD].try_into().unwrap_or([0; WORD]));
        let b = usize::from_ne_bytes(c[WORD..].try_into().unwrap_or([0; WORD]));
        if (a | b) & HIGH_BITS != 0 {
            break;
        }
        i += 2 * WORD;
    }
    while i < src.len() && src[i] < 0x80 {
        i += 1;
    }
    i
}

/// Length of the longest prefix of `src` below U+0080.
#[inline]
pub(crate) fn basic_latin_valid_up_to(src: &[u16]) -> usize {
    src.iter().position(|&u| u >= 0x80).unwrap_or(src.len())
}

/// Copies the longest ASCII prefix of `src` that fits in `dst`; returns its length.
#[inline]
pub(crate) fn copy_ascii_to_ascii(src: &[u8], dst: &mut [u8]) -> usize {
    let n = src.len().min(dst.len());
    let src = &src[..n];
    let k = ascii_valid_up_to(src);
    dst[..k].copy_from_slice(&src[..k]);
    k
}

/// Widens the longest ASCII prefix of `src` that fits in `dst`; returns its length.
#[inline]
pub(crate) fn copy_ascii_to_basic_latin(src: &[u8], dst: &mut [u16]) -> usize {
    let n = src.len().min(dst.len());
    let (src, dst) = (&src[..n], &mut dst[..n]);
    for (i, (&b, d)) in src.iter().zip(dst.iter_mut()).enumerate() {
        if b >= 0x80 {
            return i;
        }
        *d = u16::from(b);
    }
    n
}

/// Narrows the longest Basic Latin prefix of `src` that fits in `dst`; returns its length.
#[inline]
pub(crate) fn copy_basic_latin_to_ascii(src: &[u16], dst: &mut [u8]) -> usize {
    let n = src.len().min(dst.len());
    let (src, dst) = (&src[..n], &mut dst[..n]);
    for (i, (&u, d)) in src.iter().zip(dst.iter_mut()).enumerate() {
        if u >= 0x80 {
            return i;
        }
        *d = u as u8;
    }
    n
}

/// Length of the longest prefix of `src` that is valid UTF-8 and does not end
/// inside a sequence.
#[inline]
pub(crate) fn utf8_valid_up_to(src: &[u8]) -> usize {
    let ascii = ascii_valid_up_to(src);
    match core::str::from_utf8(&src[ascii..]) {
        Ok(_) => src.len(),
        Err(e) => ascii + e.valid_up_to(),
    }
}

/// Converts the valid UTF-8 prefix of `src` to UTF-16 while it fits in `dst`.
/// Stops before the first invalid or incomplete sequence, or before a character
/// that does not fit. Returns (bytes read, units written).
pub(crate) fn utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    loop {
        let k = copy_ascii_to_basic_latin(&src[r..], &mut dst[w..]);
        r += k;
        w += k;
        let Some(&b) = src.get(r) else { return (r, w) };
        if w == dst.len() {
            return (r, w);
        }
        if b < 0x80 {
            continue;
        }
        let (c, len) = match b {
            0xC2..=0xDF => match src.get(r + 1) {
                Some(&t) if t & 0xC0 == 0x80 => ((u32::from(b & 0x1F) << 6) | u32::from(t & 0x3F), 2),
                _ => return (r, w),
            },
            0xE0..=0xEF => {
                let (lo, hi) = match b {
                    0xE0 => (0xA0, 0xBF),
                    0xED => (0x80, 0x9F),
                    _ => (0x80, 0xBF),
                };
                match (src.get(r + 1), src.get(r + 2)) {
                    (Some(&t1), Some(&t2)) if (lo..=hi).contains(&t1) && t2 & 0xC0 == 0x80 => (
                        (u32::from(b & 0x0F) << 12) | (u32::from(t1 & 0x3F) << 6) | u32::from(t2 & 0x3F),
                        3,
                    ),
                    _ => return (r, w),
                }
            }
            0xF0..=0xF4 => {
                let (lo, hi) = match b {
                    0xF0 => (0x90, 0xBF),
                    0xF4 => (0x80, 0x8F),
                    _ => (0x80, 0xBF),
                };
                match (src.get(r + 1), src.get(r + 2), src.get(r + 3)) {
                    (Some(&t1), Some(&t2), Some(&t3))
                        if (lo..=hi).contains(&t1) && t2 & 0xC0 == 0x80 && t3 & 0xC0 == 0x80 =>
                    {
                        (
                            (u32::from(b & 0x07) << 18)
                                | (u32::from(t1 & 0x3F) << 12)
                                | (u32::from(t2 & 0x3F) << 6)
                                | u32::from(t3 & 0x3F),
                            4,
                        )
                    }
                    _ => return (r, w),
                }
            }
            _ => return (r, w),
        };
        if c >= 0x10000 {
            if dst.len() - w < 2 {
                return (r, w);
            }
            let c = c - 0x10000;
            dst[w] = 0xD800 | (c >> 10) as u16;
            dst[w + 1] = 0xDC00 | (c & 0x3FF) as u16;
            w += 2;
        } else {
            dst[w] = c as u16;
            w += 1;
        }
        r += len;
    }
}

/// Converts the valid UTF-16 prefix of `src` to UTF-8 while it fits in `dst`.
/// Stops before an unpaired surrogate (a high surrogate at the end of `src`
/// counts as unpaired), or before a character that does not fit.
/// Returns (units read, bytes written).
pub(crate) fn utf16_to_utf8(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    loop {
        let k = copy_basic_latin_to_ascii(&src[r..], &mut dst[w..]);
        r += k;
        w += k;
        let Some(&u) = src.get(r) else { return (r, w) };
        let room = dst.len() - w;
        if u < 0x80 {
            if room == 0 {
                return (r, w);
            }
            continue;
        }
        if u < 0x800 {
            if room < 2 {
                return (r, w);
            }
            dst[w] = 0xC0 | (u >> 6) as u8;
            dst[w + 1] = 0x80 | (u & 0x3F) as u8;
            w += 2;
            r += 1;
        } else if !(0xD800..=0xDFFF).contains(&u) {
            if room < 3 {
                return (r, w);
            }
            dst[w] = 0xE0 | (u >> 12) as u8;
            dst[w + 1] = 0x80 | ((u >> 6) & 0x3F) as u8;
            dst[w + 2] = 0x80 | (u & 0x3F) as u8;
            w += 3;
            r += 1;
        } else if u <= 0xDBFF {
            match src.get(r + 1) {
                Some(&lo) if (0xDC00..=0xDFFF).contains(&lo) => {
                    if room < 4 {
                        return (r, w);
                    }
                    let c = 0x10000 + ((u32::from(u) & 0x3FF) << 10) + (u32::from(lo) & 0x3FF);
                    dst[w] = 0xF0 | (c >> 18) as u8;
                    dst[w + 1] = 0x80 | ((c >> 12) & 0x3F) as u8;
                    dst[w + 2] = 0x80 | ((c >> 6) & 0x3F) as u8;
                    dst[w + 3] = 0x80 | (c & 0x3F) as u8;
                    w += 4;
                    r += 2;
                }
                _ => return (r, w),
            }
        } else {
            return (r, w);
        }
    }
}
