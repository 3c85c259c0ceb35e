//! UTF-16: surrogate scans, UTF-16BE/LE to native units, and the drivers of the
//! UTF-16 -> UTF-8 kernels (the vector parts are in [`super::transcode`] and, for
//! vectors without byte shuffles, here).

use crate::simd::scalar;
use crate::simd::vector::Vector;

/// See [`scalar::utf16_valid_up_to`].
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
#[inline(always)]
pub(crate) unsafe fn utf16_valid_up_to<V: Vector>(src: &[u16]) -> usize {
    let (n, u, p) = (src.len(), V::BYTES / 2, src.as_ptr().cast::<u8>());
    let mut i = 0;
    loop {
        // SAFETY: loads read units `src[i..i + u]` with `i + u <= n`.
        unsafe {
            let (m, s) = (V::splat16(0xF800), V::splat16(0xD800));
            while i + u <= n {
                if V::load(p.add(2 * i)).and(m).eq16(s).any_high() {
                    break;
                }
                i += u;
            }
        }
        if i + u > n {
            return i + scalar::utf16_valid_up_to(&src[i..]);
        }
        // A surrogate in `src[i..i + u]`: step through that vector.
        let end = i + u;
        while i < end {
            let x = src[i];
            if x & 0xF800 != 0xD800 {
                i += 1;
            } else if x <= 0xDBFF && matches!(src.get(i + 1), Some(&lo) if lo & 0xFC00 == 0xDC00) {
                i += 2;
            } else {
                return i;
            }
        }
    }
}

/// See [`scalar::units_to_utf16`]; `SWAP` on a little-endian target means big-endian input.
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
#[inline(always)]
pub(crate) unsafe fn units_to_utf16<V: Vector, const SWAP: bool>(
    src: &[u8],
    dst: &mut [u16],
) -> usize {
    let n = (src.len() / 2).min(dst.len());
    let (u, sp, dp) = (V::BYTES / 2, src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
    let mut i = 0;
    // SAFETY: loads read bytes `src[2 * i..2 * (i + u)]`, stores write units
    // `dst[i..i + u]`, in bounds as `i + u <= n`.
    unsafe {
        let (m, s) = (V::splat16(0xF800), V::splat16(0xD800));
        while i + u <= n {
            let mut v = V::load(sp.add(2 * i));
            if SWAP {
                v = v.swap16();
            }
            if v.and(m).eq16(s).any_high() {
                break;
            }
            v.store(dp.add(2 * i));
            i += u;
        }
    }
    i + scalar::units_to_utf16(&src[2 * i..2 * n], &mut dst[i..n], SWAP)
}

/// The driver of every `units_to_utf8` kernel (see [`scalar::units_to_utf8`]):
/// `vectors(src, dst)` converts a prefix of the UTF-16 bytes `src` into `dst`,
/// returning (units read, bytes written) and stopping where it cannot go on (a
/// surrogate, the last units, `dst` nearly full); the next `step` units then go
/// through the scalar code, and `vectors` resumes after them. The scalar code stops
/// at a surrogate or a full `dst`, and so does this.
#[inline(always)]
pub(crate) fn units_to_utf8_chunked<const SWAP: bool>(
    src: &[u8],
    dst: &mut [u8],
    step: usize,
    mut vectors: impl FnMut(&[u8], &mut [u8]) -> (usize, usize),
) -> (usize, usize) {
    let n = src.len() / 2;
    let (mut i, mut w) = (0, 0);
    loop {
        let (r, k) = vectors(&src[2 * i..], &mut dst[w..]);
        i += r;
        w += k;
        if i == n {
            return (i, w);
        }
        let end = n.min(i + step);
        let (r, k) = scalar::units_to_utf8(&src[2 * i..2 * end], &mut dst[w..], SWAP);
        i += r;
        w += k;
        if i < end {
            return (i, w);
        }
    }
}

/// The Basic Latin loop of [`units_to_utf8`] and [`utf16_to_utf8`]: from unit `i`
/// and byte `w`, narrows blocks of two vectors of units (byte-swapped if `SWAP`)
/// while they are Basic Latin and fit; returns the new (`i`, `w`).
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]); `sp` is valid for reads of `n`
/// units (`2 * n` bytes), `dp` for writes of `room` bytes.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[inline(always)]
unsafe fn basic_latin_blocks<V: Vector, const SWAP: bool>(
    (sp, n): (*const u8, usize),
    (dp, room): (*mut u8, usize),
    mut i: usize,
    mut w: usize,
) -> (usize, usize) {
    let b = V::BYTES;
    // SAFETY: loads read units `i..i + b` (`i + b <= n`) at `sp`, the store writes
    // bytes `w..w + b` (`w + b <= room`) at `dp`.
    unsafe {
        let m = V::splat16(0xFF80);
        while i + b <= n && room - w >= b {
            let mut a = V::load(sp.add(2 * i));
            let mut c = V::load(sp.add(2 * i + b));
            if SWAP {
                a = a.swap16();
                c = c.swap16();
            }
            if !a.or(c).and(m).is_zero() {
                break;
            }
            V::narrow(a, c).store(dp.add(w));
            i += b;
            w += b;
        }
    }
    (i, w)
}

/// See [`scalar::units_to_utf8`], for vectors without byte shuffles: blocks of two
/// vectors of Basic Latin are narrowed; from the first block that is not, the scalar
/// code goes on (its word-at-a-time loops want long stretches) until it meets Basic
/// Latin again, [`scalar::YIELD_CHUNKS`] chunks of sixteen units in a row
/// ([`scalar::units_to_utf8_until_basic_latin`]), where the vectors take over again;
/// or until it stops for good (a surrogate, the end of `src` or of the room).
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
// Only ISAs without byte shuffles (SSE2) run this.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[inline(always)]
pub(crate) unsafe fn units_to_utf8<V: Vector, const SWAP: bool>(
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    let n = src.len() / 2;
    let (mut i, mut w) = (0, 0);
    loop {
        // SAFETY: forwarded contract; `src` holds `n` units, `dst` its length.
        (i, w) = unsafe {
            basic_latin_blocks::<V, SWAP>((src.as_ptr(), n), (dst.as_mut_ptr(), dst.len()), i, w)
        };
        if i == n {
            return (i, w);
        }
        let (r, k, yielded) =
            scalar::units_to_utf8_until_basic_latin(&src[2 * i..2 * n], &mut dst[w..], SWAP);
        i += r;
        w += k;
        if !yielded {
            return (i, w);
        }
    }
}

/// See [`scalar::utf16_to_utf8`], for vectors without byte shuffles: as
/// [`units_to_utf8`] on native units, the scalar code taking surrogate pairs too
/// ([`scalar::utf16_to_utf8_until_basic_latin`]).
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
// Only ISAs without byte shuffles (SSE2) run this.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[inline(always)]
pub(crate) unsafe fn utf16_to_utf8<V: Vector>(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    let n = src.len();
    let (mut i, mut w) = (0, 0);
    loop {
        // SAFETY: forwarded contract; `src` holds `n` units, `dst` its length.
        (i, w) = unsafe {
            let sp = src.as_ptr().cast::<u8>();
            basic_latin_blocks::<V, false>((sp, n), (dst.as_mut_ptr(), dst.len()), i, w)
        };
        if i == n {
            return (i, w);
        }
        let (r, k, yielded) = scalar::utf16_to_utf8_until_basic_latin(&src[i..], &mut dst[w..]);
        i += r;
        w += k;
        if !yielded {
            return (i, w);
        }
    }
}

/// Native UTF-16 to UTF-8 over a `units_to_utf8` kernel: valid surrogate pairs are
/// converted here. See [`scalar::utf16_to_utf8`].
#[inline(always)]
pub(crate) fn utf16_to_utf8_with(
    src: &[u16],
    dst: &mut [u8],
    bmp: impl Fn(&[u8], &mut [u8]) -> (usize, usize),
) -> (usize, usize) {
    let bytes: &[u8] = bytemuck::cast_slice(src);
    let (mut r, mut w) = (0, 0);
    loop {
        let (rr, ww) = bmp(&bytes[2 * r..], &mut dst[w..]);
        r += rr;
        w += ww;
        // Valid pairs here, as many as follow each other (dense supplementary text
        // goes back to `bmp` only for its other characters).
        let start = r;
        while let (Some(&u), Some(&lo)) = (src.get(r), src.get(r + 1)) {
            if u & 0xFC00 != 0xD800 || lo & 0xFC00 != 0xDC00 || dst.len() - w < 4 {
                break;
            }
            let c = 0x10000 + ((u32::from(u) & 0x3FF) << 10) + (u32::from(lo) & 0x3FF);
            dst[w..w + 4].copy_from_slice(&[
                0xF0 | (c >> 18) as u8,
                0x80 | ((c >> 12) & 0x3F) as u8,
                0x80 | ((c >> 6) & 0x3F) as u8,
                0x80 | (c & 0x3F) as u8,
            ]);
            r += 2;
            w += 4;
        }
        if r == start || r == src.len() {
            return (r, w);
        }
    }
}
