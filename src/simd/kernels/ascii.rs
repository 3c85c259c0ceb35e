//! ASCII, Basic Latin and Latin-1: prefix scans, copies, widening and narrowing.

use crate::simd::scalar;
use crate::simd::vector::Vector;
use core::ptr;

/// See [`scalar::ascii_valid_up_to`].
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
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
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
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
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
#[inline(always)]
pub(crate) unsafe fn basic_latin_valid_up_to<V: Vector>(src: &[u16]) -> usize {
    // SAFETY: forwarded contract.
    unsafe { units_clear_up_to::<V>(src, 0xFF80, scalar::basic_latin_valid_up_to) }
}

/// See [`scalar::latin1_valid_up_to`].
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
#[inline(always)]
pub(crate) unsafe fn latin1_valid_up_to<V: Vector>(src: &[u16]) -> usize {
    // SAFETY: forwarded contract.
    unsafe { units_clear_up_to::<V>(src, 0xFF00, scalar::latin1_valid_up_to) }
}

/// See [`scalar::copy_ascii_to_ascii`].
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
#[inline(always)]
pub(crate) unsafe fn copy_ascii_to_ascii<V: Vector>(src: &[u8], dst: &mut [u8]) -> usize {
    let n = src.len().min(dst.len());
    let (b, sp, dp) = (V::BYTES, src.as_ptr(), dst.as_mut_ptr());
    let mut i = 0;
    // SAFETY: loads read `src[i..i + b]` and stores write `dst[i..i + b]` (or `2 * b`,
    // or 128 bytes), both in bounds as `i + b <= n` (or `2 * b`, 128); the partial
    // copy is of `k < b` bytes there too, or the vector `src[e..e + b]` to
    // `dst[e..e + b]` with `0 <= e = i + k - b` and `e + b <= i + b <= n`.
    unsafe {
        // 128 bytes a step while they are ASCII (on 16-byte vectors, two a step ran
        // at about a third of memcpy's speed).
        while i + 128 <= n && copy_ascii_128::<V>(sp.add(i), dp.add(i)) {
            i += 128;
        }
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
                // The ASCII bytes before the first other one: the vector that ends
                // there when this call wrote the bytes before it (with the same
                // values), else a copy.
                let k = V::first_in(m);
                if i + k >= b {
                    V::load(sp.add(i + k - b)).store(dp.add(i + k - b));
                } else {
                    ptr::copy_nonoverlapping(sp.add(i), dp.add(i), k);
                }
                return i + k;
            }
            v.store(dp.add(i));
            i += b;
        }
    }
    i + scalar::copy_ascii_to_ascii(&src[i..n], &mut dst[i..n])
}

/// Copies the 128 bytes at `src` to `dst` if they are all ASCII (vectors loaded,
/// checked together, then stored); returns whether it did.
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]); `src` valid for reads and `dst`
/// for writes of 128 bytes.
#[inline(always)]
pub(crate) unsafe fn copy_ascii_128<V: Vector>(src: *const u8, dst: *mut u8) -> bool {
    let b = V::BYTES;
    // SAFETY: forwarded contract: `128 / b` vectors within the 128 bytes.
    unsafe {
        let mut v = [V::zero(); 8];
        for (k, x) in v.iter_mut().enumerate().take(128 / b) {
            *x = V::load(src.add(k * b));
        }
        let any = v[0]
            .or(v[1])
            .or(v[2].or(v[3]))
            .or(v[4].or(v[5]).or(v[6].or(v[7])));
        if any.any_high() {
            return false;
        }
        for (k, x) in v.iter().enumerate().take(128 / b) {
            x.store(dst.add(k * b));
        }
        true
    }
}

/// See [`scalar::copy_ascii_to_basic_latin`].
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
#[inline(always)]
pub(crate) unsafe fn copy_ascii_to_basic_latin<V: Vector>(src: &[u8], dst: &mut [u16]) -> usize {
    let n = src.len().min(dst.len());
    let (b, sp, dp) = (V::BYTES, src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
    let mut i = 0;
    // SAFETY: loads read `src[i..i + 2 * b]` or `src[i..i + b]`, stores write units
    // `dst[i..i + 2 * b]` or `dst[i..i + b]` (bytes from `2 * i`), in bounds as
    // `i + 2 * b <= n` or `i + b <= n`; or `src[e..e + b]` to units `dst[e..e + b]`
    // with `0 <= e = i + k - b` and `e + b <= i + b <= n`.
    unsafe {
        // Two vectors per test of the high bits.
        while i + 2 * b <= n {
            let (v, u) = (V::load(sp.add(i)), V::load(sp.add(i + b)));
            if v.or(u).any_high() {
                break;
            }
            v.widen_lo().store(dp.add(2 * i));
            v.widen_hi().store(dp.add(2 * i + b));
            u.widen_lo().store(dp.add(2 * i + 2 * b));
            u.widen_hi().store(dp.add(2 * i + 3 * b));
            i += 2 * b;
        }
        while i + b <= n {
            let v = V::load(sp.add(i));
            let m = v.high_mask();
            if m != 0 {
                // The ASCII bytes before the first other one: the vector that ends
                // there, over units this call wrote with the same values (no byte
                // loop at the end of every run).
                let k = V::first_in(m);
                if i + k >= b {
                    let e = i + k - b;
                    let t = V::load(sp.add(e));
                    t.widen_lo().store(dp.add(2 * e));
                    t.widen_hi().store(dp.add(2 * e + b));
                    return i + k;
                }
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
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
#[inline(always)]
pub(crate) unsafe fn copy_basic_latin_to_ascii<V: Vector>(src: &[u16], dst: &mut [u8]) -> usize {
    let n = src.len().min(dst.len());
    let (b, sp, dp) = (V::BYTES, src.as_ptr().cast::<u8>(), dst.as_mut_ptr());
    let mut i = 0;
    // SAFETY: loads read units `src[i..i + b]`, the store writes `dst[i..i + b]`,
    // in bounds as `i + b <= n`; or units `src[e..e + b]` to `dst[e..e + b]` with
    // `0 <= e = i + k - b` and `e + b <= i + b <= n`.
    unsafe {
        let m = V::splat16(0xFF80);
        while i + b <= n {
            let a = V::load(sp.add(2 * i));
            let c = V::load(sp.add(2 * i + b));
            if !a.or(c).and(m).is_zero() {
                // The Basic Latin units before the first other one: the vector that
                // ends there, over bytes this call wrote with the same values. (Each
                // unit's test as 0x00FF or 0, which every ISA's narrowing keeps.)
                let z = V::zero();
                let ok_a = a.and(m).eq16(z).shr16::<8>();
                let ok_c = c.and(m).eq16(z).shr16::<8>();
                let k = V::first_in(!V::narrow(ok_a, ok_c).high_mask());
                if i + k >= b {
                    let e = i + k - b;
                    let a = V::load(sp.add(2 * e));
                    let c = V::load(sp.add(2 * e + b));
                    V::narrow(a, c).store(dp.add(e));
                    return i + k;
                }
                break;
            }
            V::narrow(a, c).store(dp.add(i));
            i += b;
        }
    }
    i + scalar::copy_basic_latin_to_ascii(&src[i..n], &mut dst[i..n])
}

/// See [`scalar::latin1_to_utf16`].
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
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
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
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
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
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
