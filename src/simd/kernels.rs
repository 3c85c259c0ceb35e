//! The kernels, written once over [`Vector`] (and [`Shuffle`] / [`Lookup128`] where
//! they need byte shuffles). Each is `#[inline(always)] unsafe`: it must be inlined
//! into a `#[target_feature]` entry point of an ISA whose features the CPU has.
//!
//! Every kernel has the contract of the [`super::scalar`] function of the same name;
//! the vector loops handle whole vectors and hand the rest (tails, and the vector
//! where a stop condition shows) to the scalar code, which finds the exact place.

use super::scalar::{self, Extra, Run};
use super::vector::{Lookup128, Shuffle, Vector};
use core::ptr;

/// See [`scalar::ascii_valid_up_to`].
#[inline(always)]
pub(crate) unsafe fn ascii_valid_up_to<V: Vector>(src: &[u8]) -> usize {
    let (n, b, p) = (src.len(), V::BYTES, src.as_ptr());
    let mut i = 0;
    // SAFETY: every load reads `b` bytes at `p + i` with `i + b <= n` (or `4 * b`).
    unsafe {
        while i + 4 * b <= n {
            let v = V::load(p.add(i))
                .or(V::load(p.add(i + b)))
                .or(V::load(p.add(i + 2 * b)))
                .or(V::load(p.add(i + 3 * b)));
            if v.any_high() {
                break;
            }
            i += 4 * b;
        }
        while i + b <= n {
            let m = V::load(p.add(i)).high_mask();
            if m != 0 {
                return i + V::first_in(m);
            }
            i += b;
        }
    }
    i + scalar::ascii_valid_up_to(&src[i..])
}

/// Length of the longest prefix of units with no bit of `mask` set.
#[inline(always)]
unsafe fn units_clear_up_to<V: Vector>(src: &[u16], mask: u16, tail: fn(&[u16]) -> usize) -> usize {
    let (n, u, p) = (src.len(), V::BYTES / 2, src.as_ptr().cast::<u8>());
    let mut i = 0;
    // SAFETY: every load reads `2 * u` bytes at unit `i` with `i + u <= n` units
    // (or `2 * u`).
    unsafe {
        let m = V::splat16(mask);
        while i + 2 * u <= n {
            let v = V::load(p.add(2 * i)).or(V::load(p.add(2 * i + 2 * u)));
            if !v.and(m).is_zero() {
                break;
            }
            i += 2 * u;
        }
        while i + u <= n {
            if !V::load(p.add(2 * i)).and(m).is_zero() {
                break;
            }
            i += u;
        }
    }
    i + tail(&src[i..])
}

/// See [`scalar::basic_latin_valid_up_to`].
#[inline(always)]
pub(crate) unsafe fn basic_latin_valid_up_to<V: Vector>(src: &[u16]) -> usize {
    // SAFETY: forwarded contract.
    unsafe { units_clear_up_to::<V>(src, 0xFF80, scalar::basic_latin_valid_up_to) }
}

/// See [`scalar::latin1_valid_up_to`].
#[inline(always)]
pub(crate) unsafe fn latin1_valid_up_to<V: Vector>(src: &[u16]) -> usize {
    // SAFETY: forwarded contract.
    unsafe { units_clear_up_to::<V>(src, 0xFF00, scalar::latin1_valid_up_to) }
}

/// See [`scalar::copy_ascii_to_ascii`].
#[inline(always)]
pub(crate) unsafe fn copy_ascii_to_ascii<V: Vector>(src: &[u8], dst: &mut [u8]) -> usize {
    let n = src.len().min(dst.len());
    let (b, sp, dp) = (V::BYTES, src.as_ptr(), dst.as_mut_ptr());
    let mut i = 0;
    // SAFETY: loads read `src[i..i + b]` and stores write `dst[i..i + b]` (or `2 * b`),
    // both in bounds as `i + b <= n`; the partial copy is of `k < b` bytes there too.
    unsafe {
        while i + 2 * b <= n {
            let v0 = V::load(sp.add(i));
            let v1 = V::load(sp.add(i + b));
            if v0.or(v1).any_high() {
                break;
            }
            v0.store(dp.add(i));
            v1.store(dp.add(i + b));
            i += 2 * b;
        }
        while i + b <= n {
            let v = V::load(sp.add(i));
            let m = v.high_mask();
            if m != 0 {
                let k = V::first_in(m);
                ptr::copy_nonoverlapping(sp.add(i), dp.add(i), k);
                return i + k;
            }
            v.store(dp.add(i));
            i += b;
        }
    }
    i + scalar::copy_ascii_to_ascii(&src[i..n], &mut dst[i..n])
}

/// See [`scalar::copy_ascii_to_basic_latin`].
#[inline(always)]
pub(crate) unsafe fn copy_ascii_to_basic_latin<V: Vector>(src: &[u8], dst: &mut [u16]) -> usize {
    let n = src.len().min(dst.len());
    let (b, sp, dp) = (V::BYTES, src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
    let mut i = 0;
    // SAFETY: loads read `src[i..i + b]`, stores write units `dst[i..i + b]`
    // (bytes `2 * i..2 * (i + b)`), in bounds as `i + b <= n`.
    unsafe {
        while i + b <= n {
            let v = V::load(sp.add(i));
            if v.any_high() {
                break;
            }
            v.widen_lo().store(dp.add(2 * i));
            v.widen_hi().store(dp.add(2 * i + b));
            i += b;
        }
    }
    i + scalar::copy_ascii_to_basic_latin(&src[i..n], &mut dst[i..n])
}

/// See [`scalar::copy_basic_latin_to_ascii`].
#[inline(always)]
pub(crate) unsafe fn copy_basic_latin_to_ascii<V: Vector>(src: &[u16], dst: &mut [u8]) -> usize {
    let n = src.len().min(dst.len());
    let (b, sp, dp) = (V::BYTES, src.as_ptr().cast::<u8>(), dst.as_mut_ptr());
    let mut i = 0;
    // SAFETY: loads read units `src[i..i + b]`, the store writes `dst[i..i + b]`,
    // in bounds as `i + b <= n`.
    unsafe {
        let m = V::splat16(0xFF80);
        while i + b <= n {
            let a = V::load(sp.add(2 * i));
            let c = V::load(sp.add(2 * i + b));
            if !a.or(c).and(m).is_zero() {
                break;
            }
            V::narrow(a, c).store(dp.add(i));
            i += b;
        }
    }
    i + scalar::copy_basic_latin_to_ascii(&src[i..n], &mut dst[i..n])
}

/// See [`scalar::latin1_to_utf16`].
#[inline(always)]
pub(crate) unsafe fn latin1_to_utf16<V: Vector>(src: &[u8], dst: &mut [u16]) -> usize {
    let n = src.len().min(dst.len());
    let (b, sp, dp) = (V::BYTES, src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
    let mut i = 0;
    // SAFETY: as in `copy_ascii_to_basic_latin`.
    unsafe {
        while i + b <= n {
            let v = V::load(sp.add(i));
            v.widen_lo().store(dp.add(2 * i));
            v.widen_hi().store(dp.add(2 * i + b));
            i += b;
        }
    }
    i + scalar::latin1_to_utf16(&src[i..n], &mut dst[i..n])
}

/// See [`scalar::utf16_to_latin1_lossy`].
#[inline(always)]
pub(crate) unsafe fn utf16_to_latin1_lossy<V: Vector>(src: &[u16], dst: &mut [u8]) -> usize {
    let n = src.len().min(dst.len());
    let (b, sp, dp) = (V::BYTES, src.as_ptr().cast::<u8>(), dst.as_mut_ptr());
    let mut i = 0;
    // SAFETY: as in `copy_basic_latin_to_ascii`.
    unsafe {
        let m = V::splat16(0x00FF);
        while i + b <= n {
            let a = V::load(sp.add(2 * i)).and(m);
            let c = V::load(sp.add(2 * i + b)).and(m);
            V::narrow(a, c).store(dp.add(i));
            i += b;
        }
    }
    i + scalar::utf16_to_latin1_lossy(&src[i..n], &mut dst[i..n])
}

/// See [`scalar::latin1_to_utf8`].
#[inline(always)]
pub(crate) unsafe fn latin1_to_utf8<V: Vector>(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    loop {
        // SAFETY: forwarded contract.
        let k = unsafe { copy_ascii_to_ascii::<V>(&src[r..], &mut dst[w..]) };
        r += k;
        w += k;
        if r == src.len() {
            return (r, w);
        }
        let end = src.len().min(r + V::BYTES);
        let (rr, ww) = scalar::latin1_to_utf8(&src[r..end], &mut dst[w..]);
        r += rr;
        w += ww;
        if r < end {
            return (r, w);
        }
    }
}

/// See [`scalar::utf16_valid_up_to`].
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

/// See [`scalar::units_to_utf8`]: vectors of Basic Latin are narrowed, everything else
/// goes a vector's worth at a time through the scalar code.
// NEON has its own (`aarch64::neon`).
#[cfg_attr(
    all(target_arch = "aarch64", target_endian = "little"),
    allow(dead_code)
)]
#[inline(always)]
pub(crate) unsafe fn units_to_utf8<V: Vector, const SWAP: bool>(
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    let b = V::BYTES;
    units_to_utf8_chunked::<SWAP>(src, dst, b, |src, dst| {
        let n = src.len() / 2;
        let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr());
        let (mut i, mut w) = (0, 0);
        // SAFETY: loads read bytes `src[2 * i..2 * (i + b)]` (`i + b <= n`), the
        // store writes `dst[w..w + b]` (`w + b <= dst.len()`).
        unsafe {
            let m = V::splat16(0xFF80);
            while i + b <= n && dst.len() - w >= b {
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
    })
}

/// Native UTF-16 to UTF-8 over a `units_to_utf8` kernel: valid surrogate pairs are
/// converted here. See [`scalar::utf16_to_utf8`].
#[inline(always)]
pub(crate) fn utf16_to_utf8_with(
    src: &[u16],
    dst: &mut [u8],
    bmp: impl Fn(&[u8], &mut [u8]) -> (usize, usize),
) -> (usize, usize) {
    // `bmp` is a dispatching (safe) kernel; this function has no target features.
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

/// See [`scalar::single_byte_to_utf16`].
#[inline(always)]
pub(crate) unsafe fn single_byte_to_utf16<V: Lookup128>(
    table: &[u16; 128],
    src: &[u8],
    dst: &mut [u16],
) -> usize {
    let n = src.len().min(dst.len());
    let (b, sp, dp) = (V::BYTES, src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
    let mut i = 0;
    // SAFETY: loads read `src[i..i + b]`, stores write units `dst[i..i + b]`, in
    // bounds as `i + b <= n`.
    unsafe {
        let t = V::prepare(table);
        let z = V::zero();
        while i + b <= n {
            let v = V::load(sp.add(i));
            let (lo, hi) = V::lookup(&t, v);
            // Unmapped: an upper-half byte whose code point is 0.
            if lo.or(hi).eq8(z).and(v).any_high() {
                break;
            }
            let (u0, u1) = V::interleave(lo, hi);
            u0.store(dp.add(2 * i));
            u1.store(dp.add(2 * i + b));
            i += b;
        }
    }
    i + scalar::single_byte_to_utf16(table, &src[i..n], &mut dst[i..n])
}

/// See [`scalar::x_user_defined_to_utf16`]: sign-extend, which makes 0xFF80..=0xFFFF
/// of the bytes from 0x80, and clear bit 11 (0xF780..=0xF7FF; ASCII keeps it clear).
#[inline(always)]
pub(crate) unsafe fn x_user_defined_to_utf16<V: Vector>(src: &[u8], dst: &mut [u16]) -> usize {
    let n = src.len().min(dst.len());
    let (b, sp, dp) = (V::BYTES, src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
    let mut i = 0;
    // SAFETY: as in `copy_ascii_to_basic_latin`.
    unsafe {
        let keep = V::splat16(0xF7FF);
        while i + b <= n {
            let (lo, hi) = V::load(sp.add(i)).widen_signed();
            lo.and(keep).store(dp.add(2 * i));
            hi.and(keep).store(dp.add(2 * i + b));
            i += b;
        }
    }
    i + scalar::x_user_defined_to_utf16(&src[i..n], &mut dst[i..n])
}

/// See [`scalar::single_byte_to_utf8`]: ASCII vectors are copied, the rest goes a
/// vector's worth at a time through the scalar code.
#[inline(always)]
pub(crate) unsafe fn single_byte_to_utf8<V: Vector>(
    table: &[u16; 128],
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    loop {
        // SAFETY: forwarded contract.
        let k = unsafe { copy_ascii_to_ascii::<V>(&src[r..], &mut dst[w..]) };
        r += k;
        w += k;
        if r == src.len() {
            return (r, w);
        }
        let end = src.len().min(r + V::BYTES);
        let (rr, ww) = scalar::single_byte_to_utf8(table, &src[r..end], &mut dst[w..]);
        r += rr;
        w += ww;
        if r < end {
            return (r, w);
        }
    }
}

/// The bytes of units `x` that are ASCII or in the run (from `cp`, `last + 1` long,
/// to bytes from `byte`), and the mask of those units.
#[inline(always)]
unsafe fn run_map<V: Vector>(x: V, cp: V, last: V, byte: V, high: V, z: V) -> (V, V) {
    // SAFETY: forwarded contract.
    unsafe {
        let off = x.sub16(cp);
        let in_run = off.subs16(last).eq16(z);
        let ascii = x.and(high).eq16(z);
        (
            x.and(ascii).or(off.add16(byte).and(in_run)),
            in_run.or(ascii),
        )
    }
}

/// See [`scalar::single_byte_encode_utf16`]: vectors of ASCII and run characters are
/// mapped in vectors; in a vector with other units, those are looked up in `extra`
/// one by one (the vector is stored, then patched).
#[inline(always)]
pub(crate) unsafe fn single_byte_encode_utf16<V: Vector>(
    run: Run,
    extra: &Extra,
    src: &[u16],
    dst: &mut [u8],
) -> usize {
    // SAFETY: forwarded contract.
    unsafe { encode_utf16_with::<V>(run, extra, src, dst, |_, _| (V::zero(), V::zero())) }
}

/// [`single_byte_encode_utf16`] that also maps the units in `extra`'s block (if it
/// has one) in vectors, by a 128-entry table lookup.
#[inline(always)]
pub(crate) unsafe fn single_byte_encode_utf16_block<V: Lookup128>(
    run: Run,
    extra: &Extra,
    src: &[u16],
    dst: &mut [u8],
) -> usize {
    let Some((base, block)) = extra.block() else {
        // SAFETY: forwarded contract.
        return unsafe { single_byte_encode_utf16::<V>(run, extra, src, dst) };
    };
    if src.len().min(dst.len()) < 2 * V::BYTES {
        return scalar::single_byte_encode_utf16(run, extra, src, dst);
    }
    // SAFETY: forwarded contract; the closure only computes on registers.
    unsafe {
        let table = V::prepare(&block.map(u16::from));
        let (base, last, flag) = (V::splat16(base), V::splat16(127), V::splat16(0x80));
        let z = V::zero();
        encode_utf16_with::<V>(run, extra, src, dst, |a, c| {
            // Units in the block become bytes 0x80 | offset, all others 0 (ASCII),
            // so the lookup gives the block's byte, or 0 where it has none.
            let idx = |x: V| {
                let off = x.sub16(base);
                off.or(flag).and(off.subs16(last).eq16(z))
            };
            let (looked, _) = V::lookup(&table, V::narrow(idx(a), idx(c)));
            (looked, looked.eq8(z).xor(V::splat8(0xFF)))
        })
    }
}

/// The loop of the UTF-16 single-byte encode kernels: ASCII and run units are mapped
/// in vectors, `more(a, c)` maps others of the unit vectors `a` and `c` (giving the
/// narrowed bytes, 0 elsewhere, and 0xFF lanes where it mapped), and what is left is
/// looked up in `extra` one unit at a time (the vector is stored, then patched).
#[inline(always)]
unsafe fn encode_utf16_with<V: Vector>(
    run: Run,
    extra: &Extra,
    src: &[u16],
    dst: &mut [u8],
    more: impl Fn(V, V) -> (V, V),
) -> usize {
    let n = src.len().min(dst.len());
    let (b, sp) = (V::BYTES, src.as_ptr().cast::<u8>());
    let mut i = 0;
    // Bits of one lane in a `high_mask`.
    let lane = (1u64 << (1 << V::MASK_SHIFT)) - 1;
    let all = if b << V::MASK_SHIFT >= 64 {
        !0
    } else {
        (1u64 << (b << V::MASK_SHIFT)) - 1
    };
    if run.len > 0 {
        // SAFETY: loads read units `src[i..i + b]`, the store writes `dst[i..i + b]`,
        // in bounds as `i + b <= n`.
        unsafe {
            let cp = V::splat16(run.code_point);
            let last = V::splat16(u16::from(run.len) - 1);
            let byte = V::splat16(u16::from(run.byte));
            let high = V::splat16(0xFF80);
            let z = V::zero();
            let low = V::splat16(0x00FF);
            'outer: while i + b <= n {
                let (x0, x1) = (V::load(sp.add(2 * i)), V::load(sp.add(2 * i + b)));
                let (a, oka) = run_map(x0, cp, last, byte, high, z);
                let (c, okc) = run_map(x1, cp, last, byte, high, z);
                let (extra_out, extra_ok) = more(x0, x1);
                let ok = V::narrow(oka.and(low), okc.and(low))
                    .or(extra_ok)
                    .high_mask();
                let out = V::narrow(a, c).or(extra_out);
                if ok == all {
                    out.store(dst.as_mut_ptr().add(i));
                    i += b;
                    continue;
                }
                // Check every other unit first, so nothing is written past a stop.
                let mut bad = !ok & all;
                while bad != 0 {
                    let k = V::first_in(bad);
                    if extra.get(u32::from(src[i + k])).is_none() {
                        break 'outer;
                    }
                    bad &= !(lane << (k << V::MASK_SHIFT));
                }
                out.store(dst.as_mut_ptr().add(i));
                let mut bad = !ok & all;
                while bad != 0 {
                    let k = V::first_in(bad);
                    dst[i + k] = extra.get(u32::from(src[i + k])).unwrap_or(0);
                    bad &= !(lane << (k << V::MASK_SHIFT));
                }
                i += b;
            }
        }
    }
    i + scalar::single_byte_encode_utf16(run, extra, &src[i..n], &mut dst[i..n])
}

// --- UTF-8 validation: Keiser & Lemire, "Validating UTF-8 in less than one
// instruction per byte" (2021). Three 16-entry nibble lookups classify each pair of
// adjacent bytes; a saturating subtract finds the bytes that must be 3rd/4th bytes.

const TOO_SHORT: u8 = 1 << 0;
const TOO_LONG: u8 = 1 << 1;
const OVERLONG_3: u8 = 1 << 2;
const TOO_LARGE: u8 = 1 << 3;
const SURROGATE: u8 = 1 << 4;
const OVERLONG_2: u8 = 1 << 5;
const TOO_LARGE_1000: u8 = 1 << 6;
const OVERLONG_4: u8 = 1 << 6;
const TWO_CONTS: u8 = 1 << 7;
const CARRY: u8 = TOO_SHORT | TOO_LONG | TWO_CONTS;

/// By the high nibble of the first byte of a pair.
pub(crate) const BYTE_1_HIGH: [u8; 16] = [
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TOO_LONG,
    TWO_CONTS,
    TWO_CONTS,
    TWO_CONTS,
    TWO_CONTS,
    TOO_SHORT | OVERLONG_2,
    TOO_SHORT,
    TOO_SHORT | OVERLONG_3 | SURROGATE,
    TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4,
];

/// By the low nibble of the first byte of a pair.
pub(crate) const BYTE_1_LOW: [u8; 16] = [
    CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4,
    CARRY | OVERLONG_2,
    CARRY,
    CARRY,
    CARRY | TOO_LARGE,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
    CARRY | TOO_LARGE | TOO_LARGE_1000,
];

/// By the high nibble of the second byte of a pair.
pub(crate) const BYTE_2_HIGH: [u8; 16] = [
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
    TOO_SHORT,
];

/// The greatest byte values that do not leave a sequence open at the end of a block
/// (its last three bytes); loaded from the end for vectors shorter than 64 bytes.
pub(crate) static INCOMPLETE_MAX: [u8; 64] = {
    let mut a = [0xFF; 64];
    a[61] = 0xEF;
    a[62] = 0xDF;
    a[63] = 0xBF;
    a
};

/// The error bits of vector `v` (nonzero if something in it, or in the sequence it
/// continues from `prev`, is invalid).
#[inline(always)]
pub(crate) unsafe fn utf8_check<V: Shuffle>(v: V, prev: V, t: &[V; 3]) -> V {
    // SAFETY: forwarded contract.
    unsafe {
        let p1 = v.prev1(prev);
        let sc = t[0]
            .lookup16(p1.high_nibbles())
            .and(t[1].lookup16(p1.and(V::splat8(0x0F))))
            .and(t[2].lookup16(v.high_nibbles()));
        let must23 = v
            .prev2(prev)
            .subs8(V::splat8(0xE0 - 0x80))
            .or(v.prev3(prev).subs8(V::splat8(0xF0 - 0x80)))
            .and(V::splat8(0x80));
        must23.xor(sc)
    }
}

/// The start of the character that position `i` is in or just after (at most 3 back),
/// given that everything before it was checked except a sequence left open.
#[inline(always)]
pub(crate) fn back_to_lead(src: &[u8], i: usize) -> usize {
    for k in 1..=3 {
        if i < k {
            break;
        }
        let b = src[i - k];
        if b >= 0xC0 {
            return i - k;
        }
        if b < 0x80 {
            break;
        }
    }
    i
}

/// [`utf8_check`] given the bytes one (`p1`), two and three back of each byte of `v`
/// (loaded from memory instead of shifted in).
#[inline(always)]
unsafe fn utf8_check_at<V: Shuffle>(v: V, p1: V, p2: V, p3: V, t: &[V; 3]) -> V {
    // SAFETY: forwarded contract.
    unsafe {
        let sc = t[0]
            .lookup16(p1.high_nibbles())
            .and(t[1].lookup16(p1.and(V::splat8(0x0F))))
            .and(t[2].lookup16(v.high_nibbles()));
        let must23 = p2
            .subs8(V::splat8(0xE0 - 0x80))
            .or(p3.subs8(V::splat8(0xF0 - 0x80)))
            .and(V::splat8(0x80));
        must23.xor(sc)
    }
}

/// `err` with the error bits of the vector at `p + at` added (`3 <= at`).
#[inline(always)]
unsafe fn check_at<V: Shuffle>(err: V, p: *const u8, at: usize, t: &[V; 3]) -> V {
    // SAFETY: forwarded contract: `p[at - 3..at + V::BYTES]` readable.
    unsafe {
        let v = V::load(p.add(at));
        let (p1, p2, p3) = (
            V::load(p.add(at - 1)),
            V::load(p.add(at - 2)),
            V::load(p.add(at - 3)),
        );
        err.or(utf8_check_at(v, p1, p2, p3, t))
    }
}

/// See [`scalar::utf8_valid_up_to`]. Checks 64-byte blocks, reading the bytes before
/// each vector with unaligned loads; at the first block with an error (and for the
/// tail) the scalar code finds the exact place.
#[inline(always)]
pub(crate) unsafe fn utf8_valid_up_to<V: Shuffle>(src: &[u8]) -> usize {
    const BLOCK: usize = 64;
    const GROUP: usize = 4 * BLOCK;
    let (n, p, b) = (src.len(), src.as_ptr(), V::BYTES);
    if n < BLOCK {
        return group_tail(src, 0);
    }
    // SAFETY: loads read `src[i - 3..i + GROUP]` with `3 <= i`, `i + GROUP <= n`, or
    // `src[i - 3..i + BLOCK]` with `i + BLOCK <= n` (the first block: `src[..BLOCK]`),
    // and the last `b <= 64` bytes of `INCOMPLETE_MAX`.
    let i = unsafe {
        let t = [
            V::table16(&BYTE_1_HIGH),
            V::table16(&BYTE_1_LOW),
            V::table16(&BYTE_2_HIGH),
        ];
        let max = V::load(INCOMPLETE_MAX.as_ptr().add(64 - b));
        let first = V::load(p.add(0));
        let z = V::zero();
        let mut err = utf8_check_at(first, first.prev1(z), first.prev2(z), first.prev3(z), &t);
        let mut at = b;
        while at < BLOCK {
            err = check_at(err, p, at, &t);
            at += b;
        }
        if !err.is_zero() {
            return group_tail(src, 0);
        }
        let mut i = BLOCK;
        // Whether the bytes checked so far end inside a sequence.
        let mut open = !V::load(p.add(i - b)).subs8(max).is_zero();
        while i + GROUP <= n {
            let mut any = V::zero();
            let mut at = i;
            while at < i + GROUP {
                any = any.or(V::load(p.add(at)));
                at += b;
            }
            if !any.any_high() {
                if open {
                    break;
                }
                i += GROUP;
                continue;
            }
            // Blocks one by one: an ASCII block only needs the one before it complete.
            let mut err = V::zero();
            let mut blk = i;
            while blk < i + GROUP {
                let mut any = V::zero();
                let mut at = blk;
                while at < blk + BLOCK {
                    any = any.or(V::load(p.add(at)));
                    at += b;
                }
                if any.any_high() {
                    let mut at = blk;
                    while at < blk + BLOCK {
                        err = check_at(err, p, at, &t);
                        at += b;
                    }
                } else {
                    err = err.or(V::load(p.add(blk - b)).subs8(max));
                }
                blk += BLOCK;
            }
            if !err.is_zero() {
                return group_tail(src, i);
            }
            open = !V::load(p.add(i + GROUP - b)).subs8(max).is_zero();
            i += GROUP;
        }
        while i + BLOCK <= n {
            let mut err = V::zero();
            let mut at = i;
            while at < i + BLOCK {
                err = check_at(err, p, at, &t);
                at += b;
            }
            if !err.is_zero() {
                break;
            }
            i += BLOCK;
        }
        i
    };
    group_tail(src, i)
}

/// See [`scalar::utf8_copy`]: [`utf8_valid_up_to`] storing each checked group to
/// `dst` as it goes (one pass). A group that ends inside a sequence keeps its last
/// vector back until the next group completes it, so nothing past the returned
/// length is written.
#[inline(always)]
pub(crate) unsafe fn utf8_copy<V: Shuffle>(src: &[u8], dst: &mut [u8]) -> usize {
    const BLOCK: usize = 64;
    const GROUP: usize = 4 * BLOCK;
    let n = src.len().min(dst.len());
    let src = &src[..n];
    let (p, dp) = (src.as_ptr(), dst.as_mut_ptr());
    let b = V::BYTES;
    let k = BLOCK / b;
    let mut i = 0;
    // Bytes of `src` copied to `dst` so far: `i`, or `i - b` when the last group
    // ended inside a sequence.
    let mut stored = 0;
    // SAFETY: loads read `src[i..i + GROUP]` with `i + GROUP <= n` (blocks of it), or
    // `src[i..i + BLOCK]` with `i + BLOCK <= n`, and the last `b <= 64` bytes of
    // `INCOMPLETE_MAX`; stores write the same ranges of `dst` (`n <= dst.len()`), and
    // `src[stored..i]` (`b` bytes) to `dst[stored..i]`.
    unsafe {
        let t = [
            V::table16(&BYTE_1_HIGH),
            V::table16(&BYTE_1_LOW),
            V::table16(&BYTE_2_HIGH),
        ];
        let max = V::load(INCOMPLETE_MAX.as_ptr().add(64 - b));
        let mut prev = V::zero();
        let mut incomplete = V::zero();
        // Stores `src[from..to]` (whole vectors) and the pending vector before it.
        let flush = |stored: &mut usize, from: usize, to: usize| {
            if *stored < from {
                V::load(p.add(*stored)).store(dp.add(*stored));
            }
            let mut j = from;
            while j < to {
                V::load(p.add(j)).store(dp.add(j));
                j += b;
            }
            *stored = to;
        };
        while i + GROUP <= n {
            let mut any = V::zero();
            for j in 0..GROUP / b {
                any = any.or(V::load(p.add(i + j * b)));
            }
            if !any.any_high() {
                if !incomplete.is_zero() {
                    break;
                }
                for j in 0..GROUP / b {
                    V::load(p.add(i + j * b)).store(dp.add(i + j * b));
                }
                stored = i + GROUP;
                prev = V::load(p.add(i + GROUP - b));
                i += GROUP;
                continue;
            }
            let mut err = V::zero();
            for blk in 0..GROUP / BLOCK {
                let base = i + blk * BLOCK;
                let mut vs = [V::zero(); 4];
                let mut any = V::zero();
                for (j, v) in vs.iter_mut().enumerate().take(k) {
                    *v = V::load(p.add(base + j * b));
                    any = any.or(*v);
                }
                if !any.any_high() {
                    err = err.or(incomplete);
                    incomplete = V::zero();
                    prev = vs[k - 1];
                    continue;
                }
                for v in vs.iter().take(k) {
                    err = err.or(utf8_check(*v, prev, &t));
                    prev = *v;
                }
                incomplete = prev.subs8(max);
            }
            if !err.is_zero() {
                break;
            }
            let to = if incomplete.is_zero() {
                i + GROUP
            } else {
                i + GROUP - b
            };
            flush(&mut stored, i, to);
            i += GROUP;
        }
        if i + GROUP > n {
            while i + BLOCK <= n {
                let mut vs = [V::zero(); 4];
                let mut any = V::zero();
                for (j, v) in vs.iter_mut().enumerate().take(k) {
                    *v = V::load(p.add(i + j * b));
                    any = any.or(*v);
                }
                if !any.any_high() {
                    if !incomplete.is_zero() {
                        break;
                    }
                    if stored < i {
                        V::load(p.add(stored)).store(dp.add(stored));
                    }
                    for (j, v) in vs.iter().enumerate().take(k) {
                        v.store(dp.add(i + j * b));
                    }
                    stored = i + BLOCK;
                    prev = vs[k - 1];
                    i += BLOCK;
                    continue;
                }
                let mut err = V::zero();
                for v in vs.iter().take(k) {
                    err = err.or(utf8_check(*v, prev, &t));
                    prev = *v;
                }
                incomplete = prev.subs8(max);
                if !err.is_zero() {
                    break;
                }
                let to = if incomplete.is_zero() {
                    i + BLOCK
                } else {
                    i + BLOCK - b
                };
                flush(&mut stored, i, to);
                i += BLOCK;
            }
        }
    }
    let valid = group_tail(src, i);
    debug_assert!(valid >= stored);
    dst[stored..valid].copy_from_slice(&src[stored..valid]);
    valid
}

/// The scalar validation from the character that position `i` is in.
#[inline(always)]
pub(crate) fn group_tail(src: &[u8], i: usize) -> usize {
    let back = back_to_lead(src, i);
    back + scalar::utf8_valid_up_to(&src[back..])
}

/// The driver of every UTF-8 → UTF-16 kernel (see [`scalar::utf8_to_utf16`]):
/// `valid_up_to` validates a chunk of 4 KiB; `blocks(src, end, dst)` converts a
/// prefix of the valid UTF-8 `src[..end]` (which starts and ends at character
/// boundaries) into `dst`, returning (bytes read, units written) and stopping where
/// it cannot go on (a character its vectors do not take, the last bytes, `dst`
/// nearly full); the next `step` bytes (cut back to a character boundary) then go
/// through the scalar code, and `blocks` resumes after them. At an invalid sequence
/// or a full `dst`, the scalar code stops at it and so does this.
#[inline(always)]
pub(crate) fn utf8_to_utf16_chunked(
    src: &[u8],
    dst: &mut [u16],
    step: usize,
    mut valid_up_to: impl FnMut(&[u8]) -> usize,
    mut blocks: impl FnMut(&[u8], usize, &mut [u16]) -> (usize, usize),
) -> (usize, usize) {
    const CHUNK: usize = 4096;
    let (mut r, mut w) = (0, 0);
    while r < src.len() {
        let valid = valid_up_to(&src[r..src.len().min(r + CHUNK)]);
        if valid == 0 {
            break;
        }
        let end = r + valid;
        while r < end {
            let (rr, ww) = blocks(&src[r..], end - r, &mut dst[w..]);
            r += rr;
            w += ww;
            if r == end {
                break;
            }
            let stop = end.min(r + step);
            let (rr, ww) = scalar::utf8_to_utf16(&src[r..stop], &mut dst[w..]);
            r += rr;
            w += ww;
            if rr == 0 {
                return (r, w);
            }
        }
    }
    (r, w)
}

/// See [`scalar::utf8_to_utf16`]: validates a chunk with `validate`, then widens ASCII
/// vectors of the valid part and converts the rest a vector's worth at a time
/// ([`utf8_to_utf16_chunked`]).
// NEON has its own (`aarch64::neon`).
#[cfg_attr(
    all(target_arch = "aarch64", target_endian = "little"),
    allow(dead_code)
)]
#[inline(always)]
pub(crate) unsafe fn utf8_to_utf16<V: Vector>(
    src: &[u8],
    dst: &mut [u16],
    validate: unsafe fn(&[u8]) -> usize,
) -> (usize, usize) {
    let b = V::BYTES;
    utf8_to_utf16_chunked(
        src,
        dst,
        b,
        // SAFETY: `validate` is an entry point of the same ISA as `V`, which the
        // caller checked.
        |s| unsafe { validate(s) },
        |src, end, dst| {
            let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
            let (mut r, mut w) = (0, 0);
            // SAFETY: the load reads `src[r..r + b]`, stores write units
            // `dst[w..w + b]`, both in bounds by the loop's test.
            unsafe {
                while r + b <= end && dst.len() - w >= b {
                    let v = V::load(sp.add(r));
                    if v.any_high() {
                        break;
                    }
                    v.widen_lo().store(dp.add(2 * w));
                    v.widen_hi().store(dp.add(2 * w + b));
                    r += b;
                    w += b;
                }
            }
            (r, w)
        },
    )
}
