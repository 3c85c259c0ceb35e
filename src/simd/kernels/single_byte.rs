//! Single-byte encodings and x-user-defined: decode to UTF-16 and UTF-8, encode from
//! UTF-16 (and from UTF-8, staged through UTF-16).

use super::ascii::{copy_ascii_128, copy_ascii_to_ascii, copy_ascii_to_basic_latin};
use super::transcode::{private_use_units_to_utf8, put_back, units_vector_to_utf8, Kept};
use crate::simd::scalar;
use crate::simd::transcode16::{PACK3_ONE_OR_THREE, PACK8};
use crate::simd::vector::{Bytes16, Lookup128, Transcode, Vector};
use crate::tables::single_byte::{Extra, Run};

/// See [`scalar::single_byte_to_utf16`].
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
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
            if !v.any_high() {
                // ASCII: widened as it is, without the lookup (which costs 16 shuffles
                // a vector on x86).
                v.widen_lo().store(dp.add(2 * i));
                v.widen_hi().store(dp.add(2 * i + b));
                i += b;
                continue;
            }
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

/// See [`scalar::single_byte_to_utf16`], for vectors without table lookups: ASCII in
/// vectors; a vector with at most [`SSE2_FEW`] upper-half bytes widened whole, then
/// those bytes' units written over by the table (Latin text, an accented letter every
/// few words: before, each such letter sent the next 64 bytes through the scalar
/// code; windows-1252 against encoding_rs, scratch runs on Zen 3: pt.txt 1.05 -> 2.17,
/// de.txt 1.2 -> 2.3, fr.txt 1.65 -> 3.5; ru.txt 1.42 -> 1.34, 3 % more instructions);
/// the rest 64 bytes at a time through the scalar code.
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it; `V::MASK_SHIFT` is 0.
// Only ISAs without byte shuffles (SSE2) run this.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[inline(always)]
pub(crate) unsafe fn ascii_then_single_byte_to_utf16<V: Vector>(
    table: &[u16; 128],
    src: &[u8],
    dst: &mut [u16],
) -> usize {
    const { assert!(V::MASK_SHIFT == 0) };
    let n = src.len().min(dst.len());
    let (b, sp) = (V::BYTES, src.as_ptr());
    let mut r = 0;
    'ascii: loop {
        // SAFETY: forwarded contract.
        r += unsafe { copy_ascii_to_basic_latin::<V>(&src[r..n], &mut dst[r..n]) };
        let dp = dst.as_mut_ptr().cast::<u8>();
        // SAFETY: the load reads `src[r..r + b]` and the stores write units
        // `dst[r..r + b]` (`r + b <= n`); the patches write units `dst[r + k]` with
        // `k < b` (a bit of a `b`-bit mask).
        unsafe {
            while r + b <= n {
                let v = V::load(sp.add(r));
                let mut m = v.high_mask();
                if m == 0 {
                    // ASCII: the bulk copy.
                    continue 'ascii;
                }
                if m.count_ones() as usize > SSE2_FEW {
                    break;
                }
                // The upper-half bytes' units first: an unmapped one ends the step
                // before anything is written. (Over a slice of `count_ones` slots
                // instead of four with an early end, 15-19 % more instructions.)
                let mut units = [(0usize, 0u16); SSE2_FEW];
                let mut unmapped = false;
                for (slot, mm) in units.iter_mut().zip(core::iter::successors(Some(m), |&x| {
                    Some(x & x.wrapping_sub(1))
                })) {
                    if mm == 0 {
                        break;
                    }
                    let k = mm.trailing_zeros() as usize;
                    let c = table[usize::from(*sp.add(r + k) & 0x7F)];
                    unmapped |= c == 0;
                    *slot = (k, c);
                }
                if unmapped {
                    break;
                }
                v.widen_lo().store(dp.add(2 * r));
                v.widen_hi().store(dp.add(2 * r + b));
                let d = dp.cast::<u16>().add(r);
                for &(k, c) in &units {
                    if m == 0 {
                        break;
                    }
                    d.add(k).write_unaligned(c);
                    m &= m - 1;
                }
                r += b;
            }
        }
        let end = n.min(r + 64);
        let k = scalar::single_byte_to_utf16(table, &src[r..end], &mut dst[r..end]);
        r += k;
        if r < end || r == n {
            return r;
        }
    }
}

/// Upper-half bytes in a vector up to which [`ascii_then_single_byte_to_utf16`]
/// widens it and writes their units over.
const SSE2_FEW: usize = 4;

/// See [`scalar::x_user_defined_to_utf16`]: sign-extend, which makes 0xFF80..=0xFFFF
/// of the bytes from 0x80, and clear bit 11 (0xF780..=0xF7FF; ASCII keeps it clear).
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
#[inline(always)]
pub(crate) unsafe fn x_user_defined_to_utf16<V: Vector>(src: &[u8], dst: &mut [u16]) -> usize {
    let n = src.len().min(dst.len());
    let (b, sp, dp) = (V::BYTES, src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
    let mut i = 0;
    // SAFETY: as in `copy_ascii_to_basic_latin`.
    unsafe {
        while i + b <= n {
            let (lo, hi) = x_user_defined_units(V::load(sp.add(i)));
            lo.store(dp.add(2 * i));
            hi.store(dp.add(2 * i + b));
            i += b;
        }
    }
    i + scalar::x_user_defined_to_utf16(&src[i..n], &mut dst[i..n])
}

/// The code units of the x-user-defined bytes `v`, first and second half: sign-
/// extended (0xFF80..=0xFFFF from the bytes from 0x80), bit 11 cleared
/// (0xF780..=0xF7FF; ASCII keeps it clear).
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]).
#[inline(always)]
unsafe fn x_user_defined_units<V: Vector>(v: V) -> (V, V) {
    // SAFETY: forwarded contract; registers only.
    unsafe {
        let (lo, hi) = v.widen_signed();
        let keep = V::splat16(0xF7FF);
        (lo.and(keep), hi.and(keep))
    }
}

/// See [`scalar::single_byte_to_utf8`]: the scalar code with runs of ASCII copied
/// by vectors.
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
// Only ISAs without byte shuffles (SSE2) run this.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[inline(always)]
pub(crate) unsafe fn single_byte_to_utf8<V: Vector>(
    table: &[u16; 128],
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    scalar::single_byte_to_utf8_with(table, src, dst, |s, d| {
        // SAFETY: the caller's contract (SSE2, this function's only ISA, is also
        // the baseline that the closure is compiled for).
        unsafe { copy_ascii_to_ascii::<V>(s, d) }
    })
}

/// The bytes of units `x` that are ASCII or in the run (from `cp`, `last + 1` long,
/// to bytes from `byte`), and the mask of those units.
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
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
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
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
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
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
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
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
                if x0.or(x1).and(high).is_zero() {
                    // Basic Latin: narrowed as it is, without the run's arithmetic.
                    V::narrow(x0, x1).store(dst.as_mut_ptr().add(i));
                    i += b;
                    continue;
                }
                let (a, oka) = run_map(x0, cp, last, byte, high, z);
                let (c, okc) = run_map(x1, cp, last, byte, high, z);
                let run_ok = V::narrow(oka.and(low), okc.and(low));
                let mut out = V::narrow(a, c);
                let mut ok = run_ok.high_mask();
                if ok != all {
                    // Only a vector with units outside ASCII and the run pays for
                    // `more` (a 128-entry lookup: 16 shuffles a vector on x86).
                    let (extra_out, extra_ok) = more(x0, x1);
                    ok = run_ok.or(extra_ok).high_mask();
                    out = out.or(extra_out);
                }
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

/// Bytes staged per round of [`staged_decode_utf8`] (as many UTF-16 units: 512 bytes
/// on the stack).
const DECODE_STAGE: usize = 256;

/// Single-byte decode to UTF-8 (see [`scalar::single_byte_to_utf8`]) through UTF-16 in
/// a stack buffer, over the kernels of one ISA: `direct` converts what it can straight
/// (ASCII, or [`single_byte_to_utf8_direct`]) and returns (read, written), then up to
/// [`DECODE_STAGE`] bytes are looked up to UTF-16 by `to16` (stopping before an
/// unmapped byte) and converted to UTF-8 by `to8` (stopping before a character that
/// does not fit). A byte is one unit, so units read are bytes read.
#[inline(always)]
pub(crate) fn staged_decode_utf8(
    src: &[u8],
    dst: &mut [u8],
    direct: impl Fn(&[u8], &mut [u8]) -> (usize, usize),
    to16: impl Fn(&[u8], &mut [u16]) -> usize,
    to8: impl Fn(&[u16], &mut [u8]) -> (usize, usize),
) -> (usize, usize) {
    let mut units = [0u16; DECODE_STAGE];
    let (mut r, mut w) = (0, 0);
    loop {
        let (k, m) = direct(&src[r..], &mut dst[w..]);
        r += k;
        w += m;
        if r == src.len() || w == dst.len() {
            return (r, w);
        }
        let end = src.len().min(r + DECODE_STAGE);
        let looked_up = to16(&src[r..end], &mut units);
        let (read, written) = to8(&units[..looked_up], &mut dst[w..]);
        r += read;
        w += written;
        if read < end - (r - read) || read == 0 {
            // An unmapped byte, or no room for the next character.
            return (r, w);
        }
    }
}

/// UTF-16 units staged per round of [`staged_encode_utf8`].
const STAGE: usize = 1024;

/// Non-ASCII bytes in a vector from which [`encode_utf8_sparse`] leaves the text to
/// the staged conversion. (At 4, French and Portuguese text staged a kilobyte
/// through UTF-16 at each cluster of accented letters: scratch runs against
/// encoding_rs, Zen 3, forced SSE2, windows-1252 fr.txt 0.81-0.83 -> 1.34-1.44,
/// pt.txt 1.06 -> 1.15-1.28, windows-1250 cs.html 1.15-1.34 -> 2.07; Cyrillic and
/// Greek text, whose vectors are mostly non-ASCII, unchanged.)
const DENSE: u32 = 8;

/// Single-byte encode from UTF-8 of text that is mostly ASCII (see
/// [`scalar::single_byte_encode_utf8`]): ASCII is copied by the vector copy, and the
/// character after each ASCII run is mapped (by `run`, else `extra`) without leaving
/// the loop while the vector it starts has at most [`DENSE`] non-ASCII bytes. Stops
/// before denser text (which the staged conversion does faster), before a character
/// it does not map (or malformed input), and at the end of `src` or `dst`. Writes
/// only the bytes it returns. Returns (bytes read, bytes written).
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
#[inline(always)]
pub(crate) unsafe fn encode_utf8_sparse<V: Vector>(
    run: Run,
    extra: &Extra,
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    let (b, n) = (V::BYTES, src.len());
    let (mut r, mut w) = (0, 0);
    loop {
        // SAFETY: forwarded contract.
        let k = unsafe { copy_ascii_to_ascii::<V>(&src[r..], &mut dst[w..]) };
        r += k;
        w += k;
        if r + b > n || w == dst.len() {
            return (r, w);
        }
        // SAFETY: forwarded contract; the load reads `src[r..r + b]` (`r + b <= n`).
        let m = unsafe { V::load(src.as_ptr().add(r)).high_mask() };
        if m.count_ones() >> V::MASK_SHIFT > DENSE {
            return (r, w);
        }
        let Some((byte, len)) = scalar::encode_utf8_char(run, extra, &src[r..]) else {
            return (r, w);
        };
        dst[w] = byte;
        r += len;
        w += 1;
    }
}

/// Single-byte encode from UTF-8 (see [`scalar::single_byte_encode_utf8`]) through
/// UTF-16 in a stack buffer, over the kernels of one ISA: [`encode_utf8_sparse`]
/// takes ASCII and text with few other characters straight, then up to [`STAGE`]
/// bytes are converted to UTF-16 by `to16` (valid UTF-8 only) and encoded by
/// `encode16`.
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
#[inline(always)]
pub(crate) unsafe fn staged_encode_utf8<V: Vector>(
    run: Run,
    extra: &Extra,
    src: &[u8],
    dst: &mut [u8],
    to16: impl Fn(&[u8], &mut [u16]) -> (usize, usize),
    encode16: impl Fn(&[u16], &mut [u8]) -> usize,
) -> (usize, usize) {
    // Zeroed (2 KiB) only if the text needs it.
    let mut stage = None;
    let (mut r, mut w) = (0, 0);
    loop {
        // SAFETY: forwarded contract.
        let (k, m) = unsafe { encode_utf8_sparse::<V>(run, extra, &src[r..], &mut dst[w..]) };
        r += k;
        w += m;
        if r == src.len() || w == dst.len() {
            return (r, w);
        }
        let units = stage.get_or_insert([0u16; STAGE]);
        // One unit per byte written, so at most the room left.
        let room = STAGE.min(dst.len() - w);
        let end = src.len().min(r + STAGE);
        let (read, converted) = to16(&src[r..end], &mut units[..room]);
        let encoded = encode16(&units[..converted], &mut dst[w..]);
        w += encoded;
        if encoded < converted {
            // Stopped inside: count the UTF-8 bytes of the units it encoded (all
            // below U+D800 or above U+DFFF, as surrogates never encode).
            r += units[..encoded]
                .iter()
                .map(|&u| 1 + usize::from(u >= 0x80) + usize::from(u >= 0x800))
                .sum::<usize>();
            return (r, w);
        }
        r += read;
        if read == 0 {
            // Malformed, cut off at the end of `src`, or no room for the character.
            return (r, w);
        }
    }
}

/// Single-byte decode to UTF-8 in registers, a vector at a time, while every byte of
/// the vector is ASCII (copied) or mapped (looked up, then written as UTF-8 by
/// [`units_vector_to_utf8`]), without staging through UTF-16. Stops before a vector
/// with an unmapped byte, or near the end of `src` or `dst`. Writes only the bytes it
/// returns. Returns (bytes read, bytes written).
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]).
#[inline(always)]
pub(crate) unsafe fn single_byte_to_utf8_direct<V: Lookup128 + Transcode>(
    table: &[u16; 128],
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    // SAFETY: forwarded contract.
    unsafe {
        let t = V::prepare(table);
        bytes_to_utf8_direct::<V, false>(
            src,
            dst,
            |v| {
                let (lo, hi) = V::lookup(&t, v);
                // Unmapped: an upper-half byte whose code point is 0.
                if lo.or(hi).eq8(V::zero()).and(v).any_high() {
                    return None;
                }
                Some(V::interleave(lo, hi))
            },
            |b| table[usize::from(b & 0x7F)],
        )
    }
}

/// x-user-defined to UTF-8 in registers (see [`single_byte_to_utf8_direct`]): the
/// units are made by arithmetic ([`x_user_defined_units`]).
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]).
// x86 runs `x_user_defined_to_utf8_by_quarters`.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
pub(crate) unsafe fn x_user_defined_to_utf8_direct<V: Transcode>(
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    // SAFETY: forwarded contract; registers only.
    unsafe { bytes_to_utf8_direct::<V, true>(src, dst, |v| Some(x_user_defined_units(v)), |_| 0) }
}

/// x-user-defined to UTF-8 in registers, a vector at a time (see
/// [`scalar::x_user_defined_to_utf8`]): ASCII is copied (128 bytes at a time after
/// an ASCII vector); in other vectors each byte's UTF-8 is made as bytes (the byte
/// itself, or EF, 9E|9F by bit 6, 0x80 and the low six bits), put in `u32` lanes
/// and packed four characters at a time by [`PACK3_ONE_OR_THREE`], keyed by a
/// nibble of the high-bit mask, each 16-byte store writing up to 12 bytes past the
/// characters it holds: the 16 bytes after a vector's output are read before its
/// stores and put back when the loop stops. Stops near the end of `src` or `dst`.
/// Writes only the bytes it returns. Returns (bytes read, bytes written).
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]); `V::MASK_SHIFT` is 0.
// NEON (whose masks have four bits a byte) runs `x_user_defined_to_utf8_direct`.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[inline(always)]
pub(crate) unsafe fn x_user_defined_to_utf8_by_quarters<V: Transcode>(
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    const { assert!(V::MASK_SHIFT == 0) };
    let (b, n, room) = (V::BYTES, src.len(), dst.len());
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr());
    let (mut r, mut w) = (0, 0);
    // The 16 bytes at `w` as the caller had them, if the last vector's stores wrote
    // over them.
    let mut kept: Option<V::Half> = None;
    // SAFETY: loads read `src[r..r + b]` (`r + b <= n`), or 128 bytes (as many
    // left) copied to `dst[w..w + 128]` (as much room); a vector's output ends at
    // `w + end <= w + 3 * b`, its 16-byte stores start below that, and the 16 bytes
    // at `w + end` are read first (`w + 3 * b + 16 <= room`): memory no store has
    // written, as the last vector's stores wrote up to 16 bytes past its end and
    // `end >= 16`. They are put back where the loop stops, within `room`.
    unsafe {
        let (z, x7f, ef) = (V::zero(), V::splat8(0x7F), V::splat8(0xEF));
        let (one, x9e) = (V::splat8(1), V::splat8(0x9E));
        let (low6, cont) = (V::splat8(0x3F), V::splat8(0x80));
        while r + b <= n && room - w >= 3 * b + 16 {
            let v = V::load(sp.add(r));
            let high = v.high_mask();
            if high == 0 {
                v.store(dp.add(w));
                r += b;
                w += b;
                kept = None;
                while r + 128 <= n && room - w >= 128 && copy_ascii_128::<V>(sp.add(r), dp.add(w)) {
                    r += 128;
                    w += 128;
                }
                continue;
            }
            let end = b + 2 * high.count_ones() as usize;
            let after = <V::Half as Bytes16>::load(dp.add(w + end));
            let lead = V::select(v.subs8(x7f).eq8(z), v, ef);
            let mid = v.shr16::<6>().and(one).or(x9e);
            let last = v.and(low6).or(cont);
            // `lead | mid << 8` and `last` of the first and second half of the bytes.
            let (lm0, lm1) = V::interleave(lead, mid);
            let halves = [(lm0, last.widen_lo()), (lm1, last.widen_hi())];
            let mut o = w;
            for (h, (lm, l)) in halves.into_iter().enumerate() {
                for q in 0..b / 8 {
                    let nibble = (high >> (h * b / 2 + 4 * q)) as usize & 0xF;
                    V::quarter(lm, l, q)
                        .shuffle(&PACK3_ONE_OR_THREE[nibble])
                        .store(dp.add(o));
                    o += 4 + 2 * nibble.count_ones() as usize;
                }
            }
            r += b;
            w += end;
            kept = Some(after);
        }
        if let Some(after) = kept {
            after.store(dp.add(w));
        }
    }
    (r, w)
}

/// Writes the two or three UTF-8 bytes of `c` (an upper-half byte's code point,
/// U+0080..=U+FFFF) at `q`; returns how many.
///
/// # Safety
/// `q` is valid for writes of 3 bytes.
#[inline(always)]
pub(crate) unsafe fn put_upper_utf8(q: *mut u8, c: u32) -> usize {
    debug_assert!((0x80..0x10000).contains(&c));
    // SAFETY: the caller's 3 bytes at `q`.
    unsafe {
        if c < 0x800 {
            q.write(0xC0 | (c >> 6) as u8);
            q.add(1).write(0x80 | (c & 0x3F) as u8);
            2
        } else {
            q.write(0xE0 | (c >> 12) as u8);
            q.add(1).write(0x80 | ((c >> 6) & 0x3F) as u8);
            q.add(2).write(0x80 | (c & 0x3F) as u8);
            3
        }
    }
}

/// Non-ASCII bytes in a vector up to which [`bytes_to_utf8_direct`] writes the
/// vector's first one by itself.
const SPARSE_HIGH: u32 = 1;

/// Bytes 0xFF then bytes 0: from `64 - k`, a mask of the first `k` bytes of a vector.
static PREFIX: [u8; 128] = {
    let mut t = [0; 128];
    let mut i = 0;
    while i < 64 {
        t[i] = 0xFF;
        i += 1;
    }
    t
};

/// The loop of [`single_byte_to_utf8_direct`]: ASCII vectors copied, the others
/// made into two vectors of units by `units` (`None`: stop before the vector) and
/// written by [`units_vector_to_utf8`] (with `PRIVATE_USE`, units that are all ASCII
/// or in U+F780..=U+F7FF, by [`private_use_units_to_utf8`]). Without `PRIVATE_USE`,
/// a vector with one or two non-ASCII bytes whose characters (`one`: the code point,
/// 0 if unmapped) are of two bytes (accented letters in Latin text) is written as a
/// whole vector by selects: its bytes before the first, the first's two bytes, the
/// bytes after it from the vector one byte back, and so on; `b` bytes written for
/// `b - 1` or `b - 2` read. (Before, the ASCII up to the first was blended in and the
/// character stored by itself, the loop going on after it, every step first trying
/// a 128-byte and a four-vector ASCII copy: callgrind, AVX2, windows-1252
/// instructions per decode, de.txt 172,739 -> 109,478, pt.txt 231,639 -> 127,105,
/// fr.txt 535,567 -> 293,390, de.html 320,361 -> 246,733.) Otherwise a vector with
/// at most [`SPARSE_HIGH`] non-ASCII bytes has its ASCII up to the first of them
/// written by a blend with the bytes already there, and that byte's character by
/// scalar stores; the loop goes on after it. The bulk ASCII copies start at the
/// second ASCII vector in a row.
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]).
#[inline(always)]
unsafe fn bytes_to_utf8_direct<V: Transcode, const PRIVATE_USE: bool>(
    src: &[u8],
    dst: &mut [u8],
    units: impl Fn(V) -> Option<(V, V)>,
    one: impl Fn(u8) -> u16,
) -> (usize, usize) {
    let (b, sp, dp) = (V::BYTES, src.as_ptr(), dst.as_mut_ptr());
    let (mut r, mut w) = (0, 0);
    // SAFETY: loads read `src[r..r + b]` (`r + b <= src.len()`), or 128 or `4 * b`
    // bytes (as many left) stored to `dst[w..]` (as much room); the two
    // vectors of units write (and put back) within `dst[w..w + 3 * b + 16]`, in bounds
    // by the loops' tests: each takes at most `3 * b / 2` bytes and the 16 after them;
    // `kept` is put back within them. A sparse step reads and writes `dst[w..w + b]`
    // and writes three bytes from `w + k` (`k < b`), reads `src[r + k]` (`k < b`) and
    // `PREFIX[64 - k..64 - k + b]` (`b <= 64`); or, for `m` (1 or 2) characters,
    // the last at `k1` (`r >= m`, `k1 + m < b`), reads `src[r - j..r - j + b]` for
    // `j <= m` and `PREFIX` from `64 - n` for `n <= k1 + m + 1 <= b <= 64`, and
    // writes `dst[w..w + b]`.
    unsafe {
        // The 16 bytes at `w` as they were, while the stores so far have written over
        // them (see `units_vector_to_utf8`).
        let mut kept = Kept::<V::Half>::none();
        // ASCII vectors in a row: from the second, the bulk copies below.
        let mut ascii = 0u32;
        while r + b <= src.len() && dst.len() - w >= 3 * b + 16 {
            let v = V::load(sp.add(r));
            let high = v.high_mask();
            if high == 0 {
                v.store(dp.add(w));
                r += b;
                w += b;
                kept.clear();
                ascii += 1;
                if ascii < 2 {
                    continue;
                }
                ascii = 0;
                // ASCII 128 bytes, then four vectors at a time (one at a time ran at
                // half memcpy's speed; four 16-byte ones at 0.37 of it, 128 bytes at
                // 0.54). Tried only after two ASCII vectors: from every vector,
                // Latin text with an accented letter every few words took a failed
                // 128-byte and a failed four-vector look per letter.
                while r + 128 <= src.len()
                    && dst.len() - w >= 128
                    && copy_ascii_128::<V>(sp.add(r), dp.add(w))
                {
                    r += 128;
                    w += 128;
                }
                while r + 4 * b <= src.len() && dst.len() - w >= 4 * b {
                    let (v0, v1) = (V::load(sp.add(r)), V::load(sp.add(r + b)));
                    let (v2, v3) = (V::load(sp.add(r + 2 * b)), V::load(sp.add(r + 3 * b)));
                    if v0.or(v1).or(v2.or(v3)).any_high() {
                        break;
                    }
                    v0.store(dp.add(w));
                    v1.store(dp.add(w + b));
                    v2.store(dp.add(w + 2 * b));
                    v3.store(dp.add(w + 3 * b));
                    r += 4 * b;
                    w += 4 * b;
                }
                continue;
            }
            ascii = 0;
            let count = high.count_ones() >> V::MASK_SHIFT;
            if !PRIVATE_USE && count <= 2 {
                // One or two characters among ASCII bytes (accented letters in Latin
                // text), each of two bytes and the last not in the last `count`
                // lanes: the vector's `b` bytes written for its first `b - count`
                // read, without a branch per character (the vector a byte back gives
                // the bytes after the first character, two back after the second),
                // by three selects a character.
                let k0 = (high.trailing_zeros() >> V::MASK_SHIFT) as usize;
                let c0 = u32::from(one(*sp.add(r + k0)));
                let two_bytes = |c: u32| (0x80..0x800).contains(&c);
                let prefix = |n: usize| V::load(PREFIX.as_ptr().add(64 - n));
                // The character `c` at `k` with `j` before it, into `out` (the bytes
                // after it), with `before` (the bytes before it).
                let put = |out: V, before: V, k: usize, j: usize, c: u32| {
                    // The lead's lane in the output: one more for each character
                    // before it.
                    let at = k + j;
                    let lead = V::splat8(0xC0 | (c >> 6) as u8);
                    let trail = V::splat8(0x80 | (c & 0x3F) as u8);
                    let out =
                        V::select(prefix(at + 2), V::select(prefix(at + 1), lead, trail), out);
                    V::select(prefix(at), before, out)
                };
                let m = count as usize;
                let out = if count == 1 {
                    (r >= 1 && k0 + 1 < b && two_bytes(c0))
                        .then(|| put(V::load(sp.add(r - 1)), v, k0, 0, c0))
                } else {
                    // `k0 + 1 < b` (`(k0 + 1) << MASK_SHIFT < 64`): a second follows.
                    let rest = high >> ((k0 + 1) << V::MASK_SHIFT);
                    let k1 = k0 + 1 + (rest.trailing_zeros() >> V::MASK_SHIFT) as usize;
                    let c1 = u32::from(one(*sp.add(r + k1)));
                    (r >= 2 && k1 + 2 < b && two_bytes(c0) && two_bytes(c1)).then(|| {
                        let out = put(V::load(sp.add(r - 2)), V::load(sp.add(r - 1)), k1, 1, c1);
                        put(out, v, k0, 0, c0)
                    })
                };
                if let Some(out) = out {
                    out.store(dp.add(w));
                    // The store wrote over the bytes kept, if any (`b >= 16`).
                    kept.clear();
                    r += b - m;
                    w += b;
                    continue;
                }
                const { assert!(SPARSE_HIGH <= 2) };
                if count <= SPARSE_HIGH {
                    // The first character `c0` at `k0`, by itself. The bytes at `w`
                    // as they were: those after the ASCII stay.
                    put_back::<V>(dp.add(w), kept);
                    kept.clear();
                    let old = V::load(dp.add(w));
                    V::select(prefix(k0), v, old).store(dp.add(w));
                    r += k0;
                    w += k0;
                    if c0 == 0 {
                        break;
                    }
                    w += put_upper_utf8(dp.add(w), c0);
                    r += 1;
                    continue;
                }
            }
            let Some((u0, u1)) = units(v) else {
                break;
            };
            if PRIVATE_USE {
                w += private_use_units_to_utf8(u0, dp.add(w), &mut kept);
                w += private_use_units_to_utf8(u1, dp.add(w), &mut kept);
            } else {
                w += units_vector_to_utf8(u0, dp.add(w), &mut kept);
                w += units_vector_to_utf8(u1, dp.add(w), &mut kept);
            }
            r += b;
        }
        put_back::<V>(dp.add(w), kept);
    }
    (r, w)
}

/// Input bytes per step of [`x_user_defined_encode_utf8`]: one AVX2 vector, two
/// SSE4.1 ones. A step of text that is all ASCII or `EF 9E|9F 80..BF` writes at least
/// eleven bytes (a character of three bytes per byte written, and a start at
/// every non-continuation byte), more than the eight its stores write past its end.
const XUD_STEP: usize = 32;

/// See [`scalar::single_byte_encode_utf8`], for x-user-defined's run (`run` is
/// U+F780..=U+F7FF from 0x80, which the caller checked): [`x_user_defined_steps`]
/// takes 32 bytes at a time while they are ASCII and the run, `copy_ascii` (the
/// ISA's ASCII copy, an entry point of its own, not inlined here) the rest of a run
/// of ASCII, and the scalar code the rest, 64 bytes at a time (characters `extra`
/// maps, the end of `src`, a character it does not map, the end of the room).
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
// NEON (whose masks have four bits a byte) does not run it.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[inline(always)]
pub(crate) unsafe fn x_user_defined_encode_utf8<V: Transcode>(
    run: Run,
    extra: &Extra,
    src: &[u8],
    dst: &mut [u8],
    copy_ascii: impl Fn(&[u8], &mut [u8]) -> usize,
) -> (usize, usize) {
    let n = src.len();
    let (mut r, mut w) = (0, 0);
    loop {
        // SAFETY: forwarded contract; `src[r..]` and `dst[w..]` are in bounds, and
        // the pointers are derived anew after the scalar code's reborrow.
        let (k, m, ascii) = unsafe {
            x_user_defined_steps::<V>(
                src.as_ptr().add(r),
                n - r,
                dst.as_mut_ptr().add(w),
                dst.len() - w,
            )
        };
        r += k;
        w += m;
        if ascii {
            let k = copy_ascii(&src[r..], &mut dst[w..]);
            r += k;
            w += k;
            continue;
        }
        match scalar::single_byte_encode_utf8_stretch(run, extra, src, dst, (r, w)) {
            Ok(rw) => (r, w) = rw,
            Err(rw) => return rw,
        }
    }
}

/// The vector loop of [`x_user_defined_encode_utf8`]: from the `n` bytes at `sp`
/// into the `room` bytes at `dp`, [`XUD_STEP`] bytes at a time while each
/// character that starts in them is ASCII or `EF 9E|9F 80..BF` (U+F780..=U+F7FF),
/// and the 2 bytes after them and 40 bytes of room are there. A character starts
/// at each byte below 0x80 and each 0xEF; the other bytes must be exactly the two
/// after each 0xEF, which must be 9E|9F and 80..BF. Each byte's output if a
/// character starts there (itself, or `0x80 | (b1 & 1) << 6 | b2 & 0x3F`) is made
/// at every position, and the starts are packed eight at a time by [`PACK8`]
/// shuffles, each eight bytes stored whole: up to eight bytes past the output,
/// which are put back when the loop stops. Stops after a step of ASCII, for the
/// caller to copy the rest of the run. Returns (bytes read, bytes written, whether
/// it stopped so).
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]); `V::MASK_SHIFT` is 0 and
/// `V::BYTES` divides [`XUD_STEP`]; `sp` is valid for reads of `n` bytes and `dp`
/// for reads and writes of `room` bytes.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[inline(always)]
unsafe fn x_user_defined_steps<V: Transcode>(
    sp: *const u8,
    n: usize,
    dp: *mut u8,
    room: usize,
) -> (usize, usize, bool) {
    const { assert!(V::MASK_SHIFT == 0 && XUD_STEP.is_multiple_of(V::BYTES)) };
    let b = V::BYTES;
    let (mut r, mut w) = (0, 0);
    // The eight bytes at `w` as the caller had them, if the last step's stores wrote
    // over them.
    let mut kept: Option<u64> = None;
    // The bytes at the start of the step that end the last step's last character
    // (its bits 32 and 33 of `follow`, checked by that step): each step moves `r` on
    // by `XUD_STEP`, whatever its characters, so no load waits for the last step's
    // masks.
    let mut carry = 0u64;
    // Whether the loop stopped after a step of ASCII.
    let mut ascii = false;
    // SAFETY: loads read `sp[r..r + XUD_STEP + 2]` (`r + XUD_STEP + 2 <= n`), or 128
    // bytes (as many left) copied to `dp[w..w + 128]` (as much room); the stores
    // write `dp[w..w + XUD_STEP]` (ASCII), or eight bytes from below
    // `w + 25` (`w + 32 <= room`); the bytes kept are read from `dp[w + end..][..8]`
    // (`end <= XUD_STEP`, `w + 40 <= room`) and put back at the `w` the loop stops
    // at, where the last step's stores wrote over them (`w + 8 <= room`). The
    // shuffle rows are within `PACK8` (a row index below 256, 16 bytes).
    unsafe {
        let row = |m: u64| {
            &*PACK8
                .as_ptr()
                .add(8 * (m & 0xFF) as usize)
                .cast::<[u8; 16]>()
        };
        let (ef, lead_ok, c0, c80) = (
            V::splat8(0xEF),
            V::splat8(0x9E),
            V::splat8(0xC0),
            V::splat8(0x80),
        );
        let (fe, x9f, x40) = (V::splat8(0xFE), V::splat8(0x9F), V::splat8(0x40));
        while r + XUD_STEP + 2 <= n && room - w >= XUD_STEP + 8 {
            let mut v = [V::zero(); XUD_STEP / 16];
            let mut high = 0u64;
            for (i, v) in v.iter_mut().take(XUD_STEP / b).enumerate() {
                *v = V::load(sp.add(r + i * b));
                high |= v.high_mask() << (i * b);
            }
            if high == 0 {
                for (i, v) in v.iter().take(XUD_STEP / b).enumerate() {
                    v.store(dp.add(w + i * b));
                }
                // (`carry` is 0: its bytes are not ASCII.) The caller copies the rest
                // of the ASCII run.
                r += XUD_STEP;
                w += XUD_STEP;
                kept = None;
                ascii = true;
                break;
            }
            let (mut lead, mut ok) = (0u64, 0u64);
            let mut out = [V::zero(); XUD_STEP / 16];
            for i in 0..XUD_STEP / b {
                let (b1, b2) = (
                    V::load(sp.add(r + i * b + 1)),
                    V::load(sp.add(r + i * b + 2)),
                );
                let is_ef = v[i].eq8(ef);
                let good = b1.and(fe).eq8(lead_ok).and(b2.and(c0).eq8(c80));
                lead |= is_ef.high_mask() << (i * b);
                ok |= good.high_mask() << (i * b);
                // At an EF with good bytes after it, `b2` is 80..BF: its low six bits
                // and 0x80; 0x40 for 9F.
                let upper = b2.or(b1.eq8(x9f).and(x40));
                out[i] = V::select(is_ef, upper, v[i]);
            }
            let follow = carry | (lead << 1) | (lead << 2);
            if high & !lead != follow & 0xFFFF_FFFF || lead & !ok != 0 {
                break;
            }
            let starts = !high & 0xFFFF_FFFF | lead;
            let end = starts.count_ones() as usize;
            let after = dp.add(w + end).cast::<u64>().read_unaligned();
            let mut o = w;
            for h in 0..XUD_STEP / 16 {
                let half = out[h * 16 / b].half(h * 16 % b / 16);
                let (m0, m1) = (starts >> (16 * h), starts >> (16 * h + 8));
                half.shuffle(row(m0)).store8(dp.add(o));
                o += (m0 & 0xFF).count_ones() as usize;
                half.high8().shuffle(row(m1)).store8(dp.add(o));
                o += (m1 & 0xFF).count_ones() as usize;
            }
            r += XUD_STEP;
            w += end;
            kept = Some(after);
            // A three-byte character at the end takes one or two bytes of the next.
            carry = follow >> XUD_STEP;
        }
        if let Some(after) = kept {
            dp.add(w).cast::<u64>().write_unaligned(after);
        }
    }
    (r + carry.count_ones() as usize, w, ascii)
}
