//! UTF-8 <-> UTF-16 by byte shuffles, after Lemire & Muła, "Transcoding Billions of
//! Unicode Characters per Second with SIMD Instructions" (2022), written once over
//! [`Transcode`] (AVX2 and NEON run it). The shuffle patterns and pack tables are
//! those of [`crate::simd::transcode16`], 16 bytes wide: the kernels work on the
//! [`Bytes16`] lanes of the vectors for them, and on whole vectors for the rest
//! (masks, ASCII, runs of two- or three-byte characters).
//!
//! UTF-8 -> UTF-16 ([`utf8_to_utf16`]): the valid part of each chunk is taken a
//! 64-byte window at a time. The masks of its high bytes and of its character starts
//! pick, for each 16-byte block, either a widening (ASCII) or a pattern, from the
//! end-of-character mask of its first 12 bytes, that spreads the bytes of the next
//! six (up to two bytes each), four (up to three) or three (up to four) characters
//! into `u16` or `u32` lanes, where shifts and masks make the code units
//! ([`block_to_utf16`]). Where the starts show 32 bytes of two- or of three-byte
//! characters, whole vectors of them are converted at once ([`runs_to_utf16`]); any
//! other window without four-byte characters is converted without patterns
//! ([`window_to_utf16`]): each byte gets the code unit of the character it would
//! start, and a [`KEEP16`] shuffle per eight lanes drops the continuation bytes' lanes,
//! so no step waits for the length of the characters of the one before (mixed
//! one- and two-byte text, such as Cyrillic, Greek or accented Latin with spaces
//! and markup, converts about twice as fast as by patterns).
//!
//! UTF-16 -> UTF-8 ([`units_to_utf8`]): a vector of units at a time. Basic Latin is
//! narrowed; units below U+0800 become `lead | trail << 8` lanes packed by a [`PACK2`]
//! shuffle per eight units; other vectors without surrogates become four-unit
//! quarters of `b0 | b1 << 8 | b2 << 16` lanes packed by [`PACK3`] ([`pack3`]), or on
//! x86 by [`PACK123`] from lanes that hold each unit's bytes of every length, keyed
//! by a byte of the vector's mask of two-bit length codes (see
//! [`Transcode::LEN_CODES`]); text with three-byte units goes vector by vector in a
//! loop of its own ([`three_byte_vectors`]).

use super::utf16::units_to_utf8_chunked;
use super::utf8_to_utf16::utf8_to_utf16_chunked;
use crate::simd::transcode16::{
    ALL_THREE, ALL_TWO, CLASS3, CLASS4, KEEP16, KEY3, KEY3_ALL_THREE, NONE, PACK123, PACK123_LEN,
    PACK2, PACK3, PACK3_LEN, STEP, UTF8_CONSUMED, UTF8_PATTERNS,
};
use crate::simd::vector::{Bytes16, Transcode, Vector};

/// Start masks (bit `i`: a character starts at byte `i`) of 32 bytes of two-byte and
/// of three-byte characters: where [`runs_to_utf16`] is worth a try.
const RUN2: u32 = 0x5555_5555;
/// See [`RUN2`].
const RUN3: u32 = 0x4924_9249;

/// See [`crate::simd::scalar::utf8_to_utf16`]: validation a chunk at a time by
/// `valid_up_to`, then [`utf8_blocks_to_utf16`]; the last bytes of a chunk and the
/// characters near the end of `dst` go through the scalar code.
///
/// # Safety
/// The ISA contract of [`crate::simd::vector`] for `V`.
#[inline(always)]
pub(crate) unsafe fn utf8_to_utf16<V: Transcode>(
    src: &[u8],
    dst: &mut [u16],
    valid_up_to: impl FnMut(&[u8]) -> usize,
) -> (usize, usize) {
    // SAFETY: forwarded contract; the driver passes the blocks valid UTF-8 `s[..end]`
    // that starts and ends at character boundaries.
    unsafe {
        utf8_to_utf16_chunked::<V>(
            src,
            dst,
            16,
            valid_up_to,
            // `inline(always)`: see `units_to_utf8`.
            #[inline(always)]
            |s: &[u8], end: usize, d: &mut [u16]| utf8_blocks_to_utf16::<V>(s, end, d),
        )
    }
}

/// Converts valid UTF-8 `src[..end]` to UTF-16 while 16 bytes of it and 16 units of
/// room are left (see the module docs). Writes exactly the units it returns. Returns
/// (bytes read, units written).
///
/// # Safety
/// The ISA contract of [`crate::simd::vector`] for `V`; `src[..end]`
/// (`end <= src.len()`) is valid UTF-8 starting and ending at character boundaries.
#[inline(always)]
unsafe fn utf8_blocks_to_utf16<V: Transcode>(
    src: &[u8],
    end: usize,
    dst: &mut [u16],
) -> (usize, usize) {
    debug_assert!(end <= src.len());
    let (b, sp, dp) = (V::BYTES, src.as_ptr(), dst.as_mut_ptr());
    let (mut r, mut w) = (0, 0);
    // SAFETY: loads read `src[r..r + 64]` (`r + 64 <= end <= src.len()`), or
    // `src[r + pos..r + pos + 16]` (`pos <= 48`), or `src[r..r + 16]`
    // (`r + 16 <= end`), and whole table rows; stores write within units
    // `dst[w..w + 16]` (`w + 16 <= dst.len()`), or `dst[w..w + 32]`
    // (`w + 32 <= dst.len()`); `runs_to_utf16` gets `src[r..end]` and units
    // `dst[w..]`, which start at character boundaries; `window_to_utf16` gets
    // `src[r..r + 66]` (`r + 66 <= end`), valid UTF-8 from a character boundary
    // through its last character, which ends within `end` (a character boundary), with
    // no four-byte lead in its first 64 bytes (`leads3_4`), and units
    // `dst[w..w + 72]` (`w + 72 <= dst.len()`). The pattern's character
    // lengths come from the start mask of these bytes (known for 13 bytes from `pos`,
    // as `pos + 13 <= 64`), so (the input being valid) they are the real characters
    // and end within the 16 bytes.
    unsafe {
        while r + 16 <= end && dst.len() - w >= 16 {
            if r + 64 <= end {
                // 32 bytes of ASCII at a time.
                let mut ascii = !high32::<V>(sp.add(r));
                while ascii && dst.len() - w >= 32 {
                    for k in (0..32).step_by(b) {
                        let v = V::load(sp.add(r + k));
                        v.widen_lo().store(dp.add(w + k).cast());
                        v.widen_hi().store(dp.add(w + k + b / 2).cast());
                    }
                    r += 32;
                    w += 32;
                    if r + 64 > end {
                        break;
                    }
                    ascii = !high32::<V>(sp.add(r));
                }
                if r + 64 > end {
                    continue;
                }
                let (high, starts) = V::utf8_masks64(sp.add(r));
                let first = starts as u32;
                if first != RUN2 && first != RUN3 && r + 66 <= end && dst.len() - w >= 72 {
                    let (three, four) = leads3_4::<V>(sp.add(r));
                    if !four {
                        let (k, u) = if three {
                            window_to_utf16::<V, true>(sp.add(r), starts, dp.add(w))
                        } else {
                            window_to_utf16::<V, false>(sp.add(r), starts, dp.add(w))
                        };
                        r += k;
                        w += u;
                        continue;
                    }
                }
                let mut pos = 0;
                let mut run = 0;
                while pos <= 48 && dst.len() - w >= 16 {
                    if (high >> pos) as u16 == 0 {
                        V::Half::load(sp.add(r + pos)).widen_store(dp.add(w));
                        pos += 16;
                        w += 16;
                        continue;
                    }
                    let s = (starts >> pos) as u32;
                    if s == RUN2 || s == RUN3 {
                        run = s;
                        break;
                    }
                    // Byte `i` ends a character if byte `i + 1` starts one.
                    let step = STEP[((s >> 1) & 0xFFF) as usize];
                    let id = step as u8;
                    debug_assert_ne!(id, NONE);
                    if id == NONE {
                        break;
                    }
                    w += block_to_utf16(V::Half::load(sp.add(r + pos)), id, dp.add(w));
                    pos += usize::from(step >> 8);
                }
                r += pos;
                if run != 0 {
                    let (k, u) = runs_to_utf16::<V>(
                        run == RUN3,
                        sp.add(r),
                        end - r,
                        dp.add(w),
                        dst.len() - w,
                    );
                    r += k;
                    w += u;
                    if k == 0 {
                        let id = if run == RUN3 { ALL_THREE } else { ALL_TWO };
                        w += block_to_utf16(V::Half::load(sp.add(r)), id, dp.add(w));
                        r += usize::from(UTF8_CONSUMED[usize::from(id)]);
                    }
                } else if pos == 0 {
                    break;
                }
                continue;
            }
            let v = V::Half::load(sp.add(r));
            if v.is_ascii() {
                v.widen_store(dp.add(w));
                r += 16;
                w += 16;
                continue;
            }
            let step = STEP[((v.lead_mask() >> 1) & 0xFFF) as usize];
            let id = step as u8;
            if id == NONE {
                break;
            }
            w += block_to_utf16(v, id, dp.add(w));
            r += usize::from(step >> 8);
        }
    }
    (r, w)
}

/// Whether any of the 32 bytes at `p` has its high bit set.
///
/// # Safety
/// The ISA contract of [`crate::simd::vector`] for `V`; `p` is valid for reads of 32
/// bytes.
#[inline(always)]
unsafe fn high32<V: Vector>(p: *const u8) -> bool {
    // SAFETY: forwarded contract.
    unsafe {
        let mut v = V::load(p);
        for k in (V::BYTES..32).step_by(V::BYTES) {
            v = v.or(V::load(p.add(k)));
        }
        v.any_high()
    }
}

/// Whether a three-byte and whether a four-byte lead (or a byte 0xF8..=0xFF) is among
/// the 64 bytes at `p`.
///
/// # Safety
/// The ISA contract of [`crate::simd::vector`] for `V`; `p` is valid for reads of 64
/// bytes.
#[inline(always)]
unsafe fn leads3_4<V: Vector>(p: *const u8) -> (bool, bool) {
    // SAFETY: forwarded contract.
    unsafe {
        let (mut e0, mut f0) = (V::zero(), V::zero());
        for k in (0..64).step_by(V::BYTES) {
            let v = V::load(p.add(k));
            e0 = e0.or(v.subs8(V::splat8(0xDF)));
            f0 = f0.or(v.subs8(V::splat8(0xEF)));
        }
        (!e0.is_zero(), !f0.is_zero())
    }
}

/// Converts the 64-byte window at `p`, and the rest of the character that starts last
/// in it, to UTF-16 at `q` without patterns, so that no step waits for the length of
/// the one before: every byte gets a `u16` lane with the code unit of the character
/// it would start (made from it and the one or two bytes after it), and [`KEEP16`]
/// shuffles drop the lanes of continuation bytes (clear in `starts`), eight lanes at
/// a time. `THREE`: three-byte characters may start in the window (otherwise the
/// third byte is not read). Returns (bytes read, units written).
///
/// # Safety
/// The ISA contract of [`crate::simd::vector`] for `V`; `p` is valid for reads of 66
/// bytes, is valid UTF-8 from a character boundary through the end of the character
/// that starts last among its first 64 bytes, and no four-byte character starts in
/// them; bit `i` of `starts` says whether byte `i` is not a continuation byte; `q` is
/// valid for reads and writes of 72 units. Of them, only the units returned change.
#[inline(always)]
unsafe fn window_to_utf16<V: Transcode, const THREE: bool>(
    p: *const u8,
    starts: u64,
    q: *mut u16,
) -> (usize, usize) {
    let b = V::BYTES;
    let mut o = 0;
    // The stores write eight units each, past the last unit of their characters:
    // the units after the window's, `q[n..n + 8]`, are put back at the end.
    let n = starts.count_ones() as usize;
    // SAFETY: forwarded contract: loads read bytes `k..k + b + 2` with `k + b <= 64`;
    // each store writes 8 units at `o`, where `o` counts the characters that start
    // in the bytes before those of the store (at most `n`), so within `q[..n + 8]`,
    // as does the save and restore of `q[n..n + 8]`. A lane's character is valid, so
    // where its lead says two or three bytes, those bytes are its continuation bytes.
    unsafe {
        let after = V::Half::load(q.add(n).cast());
        let (c1f, c3f) = (V::splat16(0x1F), V::splat16(0x3F));
        for k in (0..64).step_by(b) {
            let x0 = V::load(p.add(k));
            let x1 = V::load(p.add(k + 1));
            let x2 = if THREE { V::load(p.add(k + 2)) } else { x1 };
            for j in 0..2 {
                let (b0, b1, b2) = if j == 0 {
                    (x0.widen_lo(), x1.widen_lo(), x2.widen_lo())
                } else {
                    (x0.widen_hi(), x1.widen_hi(), x2.widen_hi())
                };
                let t1 = b1.and(c3f);
                let two = b0.and(c1f).shl16::<6>().or(t1);
                let mut u = V::select(b0.shr16::<7>().eq16(V::zero()), b0, two);
                if THREE {
                    // The lead's low four bits land in bits 12..16; 0xE0..=0xEF >> 5 is 7.
                    let three = b0.shl16::<12>().or(t1.shl16::<6>()).or(b2.and(c3f));
                    u = V::select(b0.shr16::<5>().eq16(V::splat16(7)), three, u);
                }
                for h in 0..b / 16 {
                    let m = (starts >> (k + j * b / 2 + 8 * h)) as u8;
                    u.half(h)
                        .shuffle(&KEEP16[usize::from(m)])
                        .store(q.add(o).cast());
                    o += m.count_ones() as usize;
                }
            }
        }
        after.store(q.add(n).cast());
        debug_assert_eq!(o, n);
        let last = 63 - starts.leading_zeros() as usize;
        let lead = *p.add(last);
        let len = 1 + usize::from(lead >= 0xC0) + usize::from(lead >= 0xE0);
        (last + len, o)
    }
}

/// Converts the characters of the 16 bytes `v` that pattern `id` (not [`NONE`])
/// covers and writes their units, exactly, at `q`. Returns the units written.
///
/// # Safety
/// The ISA contract of [`crate::simd::vector`] for `H`; `v` starts at a character
/// boundary of valid UTF-8, `id` is the pattern of its end-of-character mask, and `q`
/// is valid for writes of 6 units.
#[inline(always)]
unsafe fn block_to_utf16<H: Bytes16>(v: H, id: u8, q: *mut u16) -> usize {
    // SAFETY: forwarded contract; stores write at most 6 units at `q`.
    unsafe {
        let t = v.shuffle(&UTF8_PATTERNS[usize::from(id)]);
        if id < CLASS3 {
            // u16 lanes: last byte | lead << 8 (lead 0 for ASCII).
            let u = t
                .and(H::splat16(0x7F))
                .or(t.shr16::<2>().and(H::splat16(0x07C0)));
            u.store6(q);
            6
        } else if id < CLASS4 {
            // u32 lanes: last byte | middle << 8 | lead << 16, as present.
            let u = t
                .and(H::splat32(0x7F))
                .or(t.shr32::<2>().and(H::splat32(0x0FC0)))
                .or(t.shr32::<4>().and(H::splat32(0xF000)));
            u.store_narrow32(q);
            4
        } else {
            // u32 lanes of up to four bytes; the third byte keeps six bits, which for
            // a three-byte lead (bit 6 set) is one too many: bit 17, cleared by the
            // xor.
            let c = t
                .and(H::splat32(0x7F))
                .or(t.shr32::<2>().and(H::splat32(0x0FC0)))
                .or(t.shr32::<4>().and(H::splat32(0x3_F000)))
                .or(t.shr32::<6>().and(H::splat32(0x1C_0000)))
                .xor(t.shr32::<5>().and(H::splat32(0x2_0000)));
            let mut cps = [0u32; 4];
            c.store(cps.as_mut_ptr().cast());
            let mut w = 0;
            for &c in &cps[..3] {
                if c < 0x10000 {
                    *q.add(w) = c as u16;
                    w += 1;
                } else {
                    let c = c - 0x10000;
                    *q.add(w) = 0xD800 | (c >> 10) as u16;
                    *q.add(w + 1) = 0xDC00 | (c & 0x3FF) as u16;
                    w += 2;
                }
            }
            w
        }
    }
}

/// Converts whole vectors of two-byte characters while the next `BYTES` bytes at `p`
/// are such (or, if `three`, 16 characters while the next 48 bytes are three-byte
/// characters). Returns (bytes read, units written).
///
/// # Safety
/// The ISA contract of [`crate::simd::vector`] for `V`; `p[..len]` is valid UTF-8
/// starting and ending at character boundaries; `q` is valid for writes of `room`
/// units.
#[inline(always)]
unsafe fn runs_to_utf16<V: Transcode>(
    three: bool,
    p: *const u8,
    len: usize,
    q: *mut u16,
    room: usize,
) -> (usize, usize) {
    let (b, mut r, mut w) = (V::BYTES, 0, 0);
    // SAFETY: loads read `p[r..r + b]` or `p[r..r + 48]` within `len`; stores write
    // units `q[w..w + b / 2]` or `q[w..w + 16]` within `room`. With every lead byte
    // of the expected length, the other bytes are its continuation bytes (the input
    // is valid), and the last character ends within the loaded bytes.
    unsafe {
        while !three && r + b <= len && room - w >= b / 2 {
            // u16 lanes: lead | trail << 8.
            let x = V::load(p.add(r));
            if !x.and(V::splat16(0xE0)).eq16(V::splat16(0xC0)).all_set() {
                break;
            }
            let u = x
                .and(V::splat16(0x1F))
                .shl16::<6>()
                .or(x.shr16::<8>().and(V::splat16(0x3F)));
            u.store(q.add(w).cast());
            r += b;
            w += b / 2;
        }
        while three && r + 48 <= len && room - w >= 16 && V::three_byte_run16(p.add(r), q.add(w)) {
            r += 48;
            w += 16;
        }
    }
    (r, w)
}

/// [`Transcode::three_byte_run16`] by shuffles: each 16-byte lane takes four
/// characters (12 bytes) into `u32` lanes `last | mid << 8 | lead << 16`, where
/// shifts and masks make the units.
///
/// # Safety
/// As [`Transcode::three_byte_run16`].
// NEON has its own (`ld3`, `st3`); the tests hold it against this one.
#[cfg_attr(all(target_arch = "aarch64", not(test)), allow(dead_code))]
#[inline(always)]
pub(crate) unsafe fn three_byte_run16_by_lanes<V: Transcode>(p: *const u8, q: *mut u16) -> bool {
    /// The pattern of four three-byte characters from the fourth byte of a lane.
    static AT4: [u8; 16] = {
        let mut t = UTF8_PATTERNS[ALL_THREE as usize];
        let mut i = 0;
        while i < 16 {
            // Indexes below 12 move up by 4; the zero pattern (0x80) stays zero.
            t[i] += 4;
            i += 1;
        }
        t
    };
    // Characters per vector and vectors per pair (one vector of units).
    let lanes = V::BYTES / 16;
    let pairs = 2 / lanes;
    debug_assert!(pairs * 8 * lanes == 16);
    // SAFETY: forwarded contract: loads read 16 bytes at `12 k` (`k` below 4) or
    // `12 k - 4` (`k` from 1), all within the 48 bytes; stores write `16` units.
    unsafe {
        let pat = V::table16(&UTF8_PATTERNS[usize::from(ALL_THREE)]);
        let pat4 = V::table16(&AT4);
        let (lead_mask, lead) = (V::splat32(0x00F0_0000), V::splat32(0x00E0_0000));
        let mut t = [(V::zero(), V::zero()); 2];
        let mut ok = V::splat8(0xFF);
        for (j, t) in t.iter_mut().enumerate().take(pairs) {
            // The second vector of a pair starts 4 bytes early, so as not to read past
            // the 48 bytes, and its pattern skips them.
            let at = 24 * lanes * j;
            let a = V::load_lanes(p.add(at), 12).lookup16(pat);
            let c = V::load_lanes(p.add(at + 12 * lanes - 4), 12).lookup16(pat4);
            ok = ok
                .and(a.and(lead_mask).eq32(lead))
                .and(c.and(lead_mask).eq32(lead));
            *t = (a, c);
        }
        if !ok.all_set() {
            return false;
        }
        for (j, &(a, c)) in t.iter().enumerate().take(pairs) {
            V::narrow32(three_byte_units(a), three_byte_units(c))
                .store(q.add(8 * lanes * j).cast());
        }
    }
    true
}

/// The code units of `u32` lanes `last | mid << 8 | lead << 16` of characters of one
/// to three bytes (the missing bytes zero).
///
/// # Safety
/// The ISA contract of [`crate::simd::vector`] for `V`.
// NEON has its own (`ld3`, `st3`); the tests hold it against this one.
#[cfg_attr(all(target_arch = "aarch64", not(test)), allow(dead_code))]
#[inline(always)]
unsafe fn three_byte_units<V: Transcode>(t: V) -> V {
    // SAFETY: forwarded contract.
    unsafe {
        t.and(V::splat32(0x7F))
            .or(t.shr32::<2>().and(V::splat32(0x0FC0)))
            .or(t.shr32::<4>().and(V::splat32(0xF000)))
    }
}

/// Loads a vector of UTF-16 units, byte-swapped if `SWAP`.
///
/// # Safety
/// The ISA contract of [`crate::simd::vector`] for `V`; `p` is valid for reads of
/// `BYTES` bytes.
#[inline(always)]
unsafe fn load_units<V: Vector, const SWAP: bool>(p: *const u8) -> V {
    // SAFETY: forwarded contract.
    unsafe {
        let v = V::load(p);
        if SWAP {
            v.swap16()
        } else {
            v
        }
    }
}

/// See [`crate::simd::scalar::units_to_utf8`]; `SWAP` means the other byte order
/// than the target's. A vector of units at a time (two for Basic Latin); a vector
/// with a surrogate, the last units and the units near the end of `dst` go through
/// the scalar code. Nothing past the returned count changes.
///
/// With `WTF8`, to WTF-8: the vectors whose surrogates are all unpaired (no lead
/// directly before a trail, no lead in the last lane) write them as three-byte
/// sequences instead of stopping; other surrogates stop the vectors as without it.
/// The units before `src` must then not end with a lead surrogate (a trail in the
/// first lane is taken as unpaired).
///
/// # Safety
/// The ISA contract of [`crate::simd::vector`] for `V`.
#[inline(always)]
pub(crate) unsafe fn units_to_utf8<V: Transcode, const SWAP: bool, const WTF8: bool>(
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    // `inline(always)`: a closure does not inherit the caller's target features,
    // and one left out of line runs its vector code through calls.
    units_to_utf8_chunked::<SWAP>(
        src,
        dst,
        V::BYTES / 2,
        #[inline(always)]
        |s, d| {
            // SAFETY: forwarded contract.
            unsafe { units_to_utf8_vectors::<V, SWAP, WTF8>(s, d) }
        },
    )
}

/// The vector loop of [`units_to_utf8`]: converts
/// while a vector of units and `3 * BYTES / 2 + 16` bytes of room are left, stopping
/// before a vector with a surrogate (with `WTF8`, with a surrogate that may be
/// paired). Returns (units read, bytes written).
///
/// # Safety
/// The ISA contract of [`crate::simd::vector`] for `V`.
#[inline(always)]
unsafe fn units_to_utf8_vectors<V: Transcode, const SWAP: bool, const WTF8: bool>(
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    let (b, n) = (V::BYTES, src.len() / 2);
    let u = b / 2;
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr());
    let (mut i, mut w) = (0, 0);
    // SAFETY: loads read bytes `src[2 * i..2 * (i + u)]` (`i + u <= n`), or
    // `src[2 * i..2 * (i + 2 * u)]` (`i + 2 * u <= n`), and whole table rows; stores
    // (and the reads of the bytes put back) touch `dst[w..w + 3 * b / 2 + 16]`
    // (in bounds by the loop's test), or `dst[w..w + 2 * b + 16]` for two vectors of
    // units below U+0800 (tested there): a vector of units takes at most `3 * u`
    // bytes, and its 16-byte stores start before that; `kept` is put back within
    // them.
    unsafe {
        let high = V::splat16(0xFF80);
        // The 16 bytes at `w` as they were, while the stores so far have written over
        // them (see `units_vector_to_utf8`).
        let mut kept = Kept::<V::Half>::none();
        while i + u <= n && dst.len() - w >= 3 * b / 2 + 16 {
            if i + 2 * u <= n {
                // Two vectors of Basic Latin at a time.
                let a = load_units::<V, SWAP>(sp.add(2 * i));
                let c = load_units::<V, SWAP>(sp.add(2 * i + b));
                if a.or(c).and(high).is_zero() {
                    V::narrow(a, c).store(dp.add(w));
                    i += 2 * u;
                    w += 2 * u;
                    // The rest of a run of Basic Latin in a loop of its own (in the
                    // outer one, its steps measured up to half as fast again), four
                    // 16-byte vectors a step (with wider ones, two: four measured
                    // slower on HTML).
                    while b == 16 && i + 4 * u <= n && dst.len() - w >= 2 * b {
                        let a = load_units::<V, SWAP>(sp.add(2 * i));
                        let c = load_units::<V, SWAP>(sp.add(2 * i + b));
                        let d = load_units::<V, SWAP>(sp.add(2 * i + 2 * b));
                        let e = load_units::<V, SWAP>(sp.add(2 * i + 3 * b));
                        if !a.or(c).or(d.or(e)).and(high).is_zero() {
                            break;
                        }
                        V::narrow(a, c).store(dp.add(w));
                        V::narrow(d, e).store(dp.add(w + b));
                        i += 4 * u;
                        w += 4 * u;
                    }
                    (i, w) = ascii_pairs::<V, SWAP>((sp, n), (dp, dst.len()), i, w);
                    // At least 16 bytes: over all the bytes past the last vector's.
                    kept.clear();
                    continue;
                }
                // One- and two-byte units: their loop (also the next pairs of
                // Basic Latin).
                let top = V::splat16(0xF800);
                if a.or(c).and(top).is_zero() {
                    let (r, ww) =
                        two_byte_pairs::<V, SWAP>((sp, n), (dp, dst.len()), i, w, &mut kept);
                    if r != i {
                        (i, w) = (r, ww);
                        continue;
                    }
                } else if !cfg!(target_arch = "aarch64")
                    && !a.and(top).is_zero()
                    && !c.and(top).is_zero()
                {
                    // Three-byte units in both: their loop (x86; NEON, whose
                    // three-byte vectors `st3` writes, was not measured with it).
                    let (r, ww) =
                        three_byte_vectors::<V, SWAP>((sp, n), (dp, dst.len()), i, w, &mut kept);
                    if r != i {
                        (i, w) = (r, ww);
                        continue;
                    }
                }
            }
            let v = load_units::<V, SWAP>(sp.add(2 * i));
            if v.and(high).is_zero() {
                v.store_narrow(dp.add(w));
                bytes_kept_after::<V>(dp.add(w), u, &mut kept);
                i += u;
                w += u;
                continue;
            }
            let top = v.and(V::splat16(0xF800));
            let surrogates = top.eq16(V::splat16(0xD800));
            if !surrogates.is_zero() {
                if !WTF8 {
                    break;
                }
                // Lone surrogates are three-byte sequences like the other units of
                // the vector; a lead followed by a trail, or a lead in the last lane
                // (whose trail may come next), is left to the pairs' code.
                let kind = v.and(V::splat16(0xFC00));
                let leads = kind.eq16(V::splat16(0xD800)).high_mask();
                let trails = kind.eq16(V::splat16(0xDC00)).high_mask();
                let lane = 2 << V::MASK_SHIFT;
                let last_lane = leads >> (lane * (u - 1)) != 0;
                if last_lane || (leads << lane) & trails != 0 {
                    break;
                }
            }
            w += units_vector_to_utf8(v, dp.add(w), &mut kept);
            i += u;
        }
        put_back::<V>(dp.add(w), kept);
    }
    (i, w)
}

/// The rest of a run of Basic Latin from unit `i` and byte `w`, two vectors a step;
/// returns the new (`i`, `w`). One count for both limits: the loop's code stays
/// short (on pure ASCII, the speed of the two-test loop measured up to 1.7x apart
/// between placements).
///
/// # Safety
/// The ISA contract of [`crate::simd::vector`] for `V`; `sp` is valid for reads of
/// `n` units and `dp` for writes of `room` bytes, `i <= n`, `w <= room`.
#[inline(always)]
unsafe fn ascii_pairs<V: Transcode, const SWAP: bool>(
    (sp, n): (*const u8, usize),
    (dp, room): (*mut u8, usize),
    mut i: usize,
    mut w: usize,
) -> (usize, usize) {
    let (b, u) = (V::BYTES, V::BYTES / 2);
    let steps = ((n - i) / (2 * u)).min((room - w) / b);
    // SAFETY: each step reads units `i..i + 2 * u` (`i + 2 * u <= n`) and writes
    // bytes `w..w + b` (`w + b <= room`), by the count of steps.
    unsafe {
        let high = V::splat16(0xFF80);
        for _ in 0..steps {
            let a = load_units::<V, SWAP>(sp.add(2 * i));
            let c = load_units::<V, SWAP>(sp.add(2 * i + b));
            if !a.or(c).and(high).is_zero() {
                break;
            }
            V::narrow(a, c).store(dp.add(w));
            i += 2 * u;
            w += 2 * u;
        }
    }
    (i, w)
}

/// The inner loop of [`units_to_utf8_vectors`] for text of one- and two-byte units
/// (Latin with its accented letters, Cyrillic, Greek, Hebrew, Arabic, ... with
/// their spaces): from unit `i` and byte `w`, converts two vectors at a time while
/// neither has a unit from U+0800, with one splice of the bytes after them per pair;
/// a pair of Basic Latin goes to [`ascii_pairs`] with the run it starts. Returns the
/// new (`i`, `w`), unchanged if the first pair is not such. The caller enters it at
/// a pair with a unit from U+0080 and none from U+0800.
///
/// It took only pairs of two vectors that both had a unit from U+0080: in Latin
/// text with an accented letter every few words, each vector then chose between
/// three paths (Basic Latin, this loop, one vector) by branches mispredicted on most
/// of those letters. Callgrind, AVX2, UTF-16 to UTF-8, instructions / mispredicted
/// branches per conversion: fr.txt 341,466 / 4,664 -> 277,081 / 1,914, de.txt
/// 122,998 / 1,708 -> 105,536 / 1,132, de.html 294,521 / 3,214 -> 277,201 / 2,385,
/// ru.txt 170,526 / 419 -> 172,543 / 239, ja.html 374,239 / 3,707 -> 381,311 / 3,593
/// (SSE4.1: ja.html 6,430 -> 7,439 mispredicted, fr.txt 7,356 -> 4,864).
///
/// # Safety
/// The ISA contract of [`crate::simd::vector`] for `V`; `sp` is valid for reads of
/// `n` units (`2 * n` bytes) and `dp` for reads and writes of `room` bytes (raw
/// pointers, not slices: re-borrowing the caller's slices would invalidate its
/// pointers into them); `kept` as for [`units_vector_to_utf8`] at `dp + w`.
#[inline(always)]
unsafe fn two_byte_pairs<V: Transcode, const SWAP: bool>(
    (sp, n): (*const u8, usize),
    (dp, room): (*mut u8, usize),
    mut i: usize,
    mut w: usize,
    kept: &mut Kept<V::Half>,
) -> (usize, usize) {
    let (b, u) = (V::BYTES, V::BYTES / 2);
    // SAFETY: loads read units `i..i + 2 * u` (`i + 2 * u <= n`) at `sp`; the writes
    // stay within bytes `w..w + 2 * b + 16` at `dp` (below `room`, tested).
    unsafe {
        let (high, top) = (V::splat16(0xFF80), V::splat16(0xF800));
        while i + 2 * u <= n && room - w >= 2 * b + 16 {
            let a = load_units::<V, SWAP>(sp.add(2 * i));
            let c = load_units::<V, SWAP>(sp.add(2 * i + b));
            let any = a.or(c);
            if !any.and(top).is_zero() {
                break;
            }
            if any.and(high).is_zero() {
                V::narrow(a, c).store(dp.add(w));
                kept.clear();
                i += 2 * u;
                w += 2 * u;
                (i, w) = ascii_pairs::<V, SWAP>((sp, n), (dp, room), i, w);
                continue;
            }
            w += two_vectors_below_800(a, c, dp.add(w), kept);
            i += 2 * u;
        }
    }
    (i, w)
}

/// As [`two_byte_pairs`], for text with three-byte units (CJK, Thai, Vietnamese,
/// with their ASCII digits, spaces and Latin words): from unit `i` and byte `w`,
/// converts a vector at a time by [`units_vector_to_utf8`] while it has a unit from
/// U+0800 and no surrogate. Returns the new (`i`, `w`), unchanged if the first
/// vector is not such. The caller enters it at a pair of vectors that both have a
/// unit from U+0800.
///
/// A vector of one- and two-byte units leaves the loop. Keeping it in, packed as a
/// mix (Vietnamese has such vectors between three-byte ones: AVX2 vi.txt 963 -> 296
/// mispredicted branches), sent Cyrillic text with a dash now and then through the
/// mixed packing instead of the two-byte loop (callgrind, AVX2 ru.txt 173,296 ->
/// 218,100 instructions, a fifth slower); keeping it only where the next vector has
/// a three-byte unit gave the mispredictions back (885).
///
/// It took only pairs of 16-byte vectors whose units were all from U+0800 (on
/// SSE4.1; AVX2 went vector by vector through the outer loop): where a third of the
/// vectors hold a digit, a space or a Latin letter, as in Chinese and Japanese, or
/// most of them, as in Thai and Korean, each vector went back through the outer
/// loop's tests. Callgrind, instructions per conversion, before -> after: AVX2
/// th.txt 320,015 -> 261,319, zh_cn.txt 57,018 -> 47,258, ja.txt 55,636 -> 45,103,
/// ko.txt 51,382 -> 45,386; SSE4.1 (with [`PACK123`], see `Transcode::LEN_CODES`)
/// zh_cn.txt 98,811 -> 85,259, ko.txt 115,210 -> 83,918, th.txt 543,275 ->
/// 476,411. Taking every vector with a unit from U+0800 into the loop (not only
/// pairs) cost Japanese HTML, where such vectors come one at a time between runs of
/// markup; converting pairs branch-free by the general packing, more instructions
/// on everything (+28 % on SSE4.1 zh_cn.txt) and twice the time.
///
/// # Safety
/// The ISA contract of [`crate::simd::vector`] for `V`; `sp` is valid for reads of
/// `n` units (`2 * n` bytes) and `dp` for reads and writes of `room` bytes (raw
/// pointers, not slices: re-borrowing the caller's slices would invalidate its
/// pointers into them); `kept` as for [`units_vector_to_utf8`] at `dp + w`.
#[inline(always)]
unsafe fn three_byte_vectors<V: Transcode, const SWAP: bool>(
    (sp, n): (*const u8, usize),
    (dp, room): (*mut u8, usize),
    mut i: usize,
    mut w: usize,
    kept: &mut Kept<V::Half>,
) -> (usize, usize) {
    let (b, u) = (V::BYTES, V::BYTES / 2);
    // SAFETY: loads read units `i..i + u` (`i + u <= n`) at `sp`;
    // `units_vector_to_utf8` gets `dp + w` with `3 * b / 2 + 16` bytes of room.
    unsafe {
        let (top, surrogate) = (V::splat16(0xF800), V::splat16(0xD800));
        while i + u <= n && room - w >= 3 * b / 2 + 16 {
            let v = load_units::<V, SWAP>(sp.add(2 * i));
            let t = v.and(top);
            if t.is_zero() || !t.eq16(surrogate).is_zero() {
                break;
            }
            w += units_vector_to_utf8(v, dp.add(w), kept);
            i += u;
        }
    }
    (i, w)
}

/// Writes the UTF-8 of two vectors of units below U+0800, `a` and then `c`, at `p`
/// (one and two bytes per unit packed by [`PACK2`] eight units at a time, as
/// [`units_vector_to_utf8`] does for one vector). Returns the bytes written, at
/// least `BYTES`. The stores write up to 16 bytes past them; `kept` as for
/// [`units_vector_to_utf8`].
///
/// # Safety
/// The ISA contract of [`crate::simd::vector`] for `V`; `p` is valid for reads and
/// writes of `2 * BYTES + 16` bytes; `kept` as for [`units_vector_to_utf8`].
#[inline(always)]
unsafe fn two_vectors_below_800<V: Transcode>(
    a: V,
    c: V,
    p: *mut u8,
    kept: &mut Kept<V::Half>,
) -> usize {
    let b = V::BYTES;
    // SAFETY: forwarded contract: each unit takes one or two bytes, so the bytes
    // written end at `end <= 2 * b`, and each 16-byte store starts at most 8 bytes
    // before that (a group of eight units takes at least 8 bytes); the 16 bytes at
    // `end` are read before the stores, from memory as `end >= b >= 16`.
    unsafe {
        let z = V::zero();
        let high = V::splat16(0xFF80);
        let (ascii_a, ascii_c) = (a.and(high).eq16(z), c.and(high).eq16(z));
        let lanes = [
            V::select(ascii_a, a, two_byte_lanes(a)),
            V::select(ascii_c, c, two_byte_lanes(c)),
        ];
        // Bits `16 g..16 g + 8`: group `g` of `a`; the next eight, of `c`.
        let m = V::lane_masks(ascii_a, ascii_c);
        let end = 2 * b - m.count_ones() as usize;
        let after = bytes_after::<V>(p, end, *kept);
        let mut w = 0;
        for (k, v) in lanes.iter().enumerate() {
            for g in 0..b / 16 {
                let key = ((m >> (16 * g + 8 * k)) & 0xFF) as usize;
                v.half(g).shuffle(&PACK2[key]).store(p.add(w));
                w += 16 - key.count_ones() as usize;
            }
        }
        kept.keep::<V>(after, p.add(end));
        end
    }
}

/// The two-byte UTF-8 of each unit of `v` (below U+0800) in its lane: lead byte
/// low, trail byte high. (A function, not a closure: closures do not inherit the
/// caller's target features.)
///
/// # Safety
/// The ISA contract of [`crate::simd::vector`] for `V`.
#[inline(always)]
unsafe fn two_byte_lanes<V: Transcode>(v: V) -> V {
    // SAFETY: forwarded contract; register operations.
    unsafe {
        let lead = v.shr16::<6>().or(V::splat16(0xC0));
        lead.or(v.and(V::splat16(0x3F)).or(V::splat16(0x80)).shl16::<8>())
    }
}

/// Writes the UTF-8 of the vector of units `v` (any units; surrogates are written as
/// three bytes, as WTF-8 does) at `p`: one and two bytes per unit packed by
/// [`PACK2`] eight units at a time, three bytes per unit by `store_utf8_3`, mixes
/// by [`pack3`]. Returns the bytes written.
///
/// The stores write up to 16 bytes past those returned. `kept` says what they
/// wrote over: `None` if the bytes from `p` on are as the caller's buffer had them,
/// else `Some` of the 16 bytes at `p` as they were (the bytes after those are as
/// they were); on return, the same for the bytes after those written. The caller
/// puts them back with [`put_back`] when it is done (putting them back after every
/// vector measured up to 10% slower on AVX2, and on 16-byte vectors the next
/// vector's read of them waited for that store).
///
/// # Safety
/// The ISA contract of [`crate::simd::vector`] for `V`; `p` is valid for reads and
/// writes of `3 * BYTES / 2 + 16` bytes; `kept` as above.
#[inline(always)]
pub(crate) unsafe fn units_vector_to_utf8<V: Transcode>(
    v: V,
    p: *mut u8,
    kept: &mut Kept<V::Half>,
) -> usize {
    let b = V::BYTES;
    // SAFETY: forwarded contract: the stores stay within `3 * b / 2` bytes and the 16
    // after the last byte written, which are read first and put back.
    unsafe {
        let (z, ones) = (V::zero(), V::splat8(0xFF));
        let low6 = V::splat16(0x3F);
        let cont = V::splat16(0x80);
        let last = v.and(low6).or(cont);
        let ascii = v.and(V::splat16(0xFF80)).eq16(z);
        let lead2 = v.shr16::<6>().or(V::splat16(0xC0));
        let top = v.and(V::splat16(0xF800));
        if top.is_zero() {
            // One or two bytes per unit: lead | trail << 8 in each lane, packed
            // eight units at a time.
            let lanes = V::select(ascii, v, lead2.or(last.shl16::<8>()));
            let m = V::lane_masks(ascii, z);
            let key = |g: usize| ((m >> (16 * g)) & 0xFF) as usize;
            let len = |g: usize| 16 - key(g).count_ones() as usize;
            let groups = b / 16;
            // The stores write past the last byte: the 16 bytes after the vector's
            // are kept (read before the stores).
            let end = (0..groups).map(len).sum::<usize>();
            let after = bytes_after::<V>(p, end, *kept);
            let mut w = 0;
            for g in 0..groups {
                lanes.half(g).shuffle(&PACK2[key(g)]).store(p.add(w));
                w += len(g);
            }
            kept.keep::<V>(after, p.add(end));
            return end;
        }
        let below800 = top.eq16(z);
        let ge800 = below800.xor(ones);
        let mid = v.shr16::<6>().and(low6).or(cont);
        let lead3 = v.shr16::<12>().or(V::splat16(0xE0));
        if ge800.all_set() {
            if V::BYTES == 16 && !cfg!(target_arch = "aarch64") {
                // SSE4.1: packed as a mix is, carrying the bytes after them (the
                // shuffles' own `store_utf8_3` puts them back at once).
                return pack3(
                    lead3.or(mid.shl16::<8>()),
                    last,
                    (&PACK3, &PACK3_LEN),
                    |_| KEY3_ALL_THREE,
                    p,
                    kept,
                );
            }
            // Exact (NEON's `st3`; wider vectors put back what they wrote over),
            // and over at least 24 bytes: over all the bytes past the last vector's.
            kept.clear();
            return V::store_utf8_3(lead3, mid, last, p);
        }
        if V::LEN_CODES {
            // A byte of length codes per four units: one look-up, of a row that
            // picks each unit's bytes from a lane that holds those of every length
            // (see `PACK123`): no selects. (SSE4.1 pays a register move for each
            // `pblendvb`'s mask too.)
            let mid2 = mid.or(below800.and(V::splat16(0x40)));
            return pack_by_codes(
                lead3.or(mid2.shl16::<8>()),
                last.or(v.shl16::<8>()),
                V::len_codes(ascii, below800),
                p,
                kept,
            );
        }
        let b0 = V::select(ge800, lead3, V::select(ascii, v, lead2));
        let b1 = V::select(ge800, mid, last);
        let b01 = b0.or(b1.shl16::<8>());
        // Per eight units: the nibbles of those of at least two bytes, and of those
        // of three.
        let m = V::lane_masks(ascii.xor(ones), ge800);
        let mut keys = [0; 4];
        for (q, k) in keys.iter_mut().enumerate().take(b / 8) {
            let s = 16 * (q / 2) + 4 * (q % 2);
            *k = usize::from(KEY3[(((m >> s) & 0x0F) | ((m >> (s + 4)) & 0xF0)) as usize]);
        }
        pack3(b01, last, (&PACK3, &PACK3_LEN), |q| keys[q], p, kept)
    }
}

/// Writes the UTF-8 of a vector of units each of which is ASCII or in
/// U+F780..=U+F7FF (x-user-defined's upper half: `EF 9E|9F xx`), as
/// [`units_vector_to_utf8`] would, with fewer steps: one class test, and the keys
/// of [`PACK3`] straight from the nibbles of one mask (on x86, of [`PACK123`] from
/// the length codes of the ASCII lanes). Returns the bytes written;
/// the stores write up to 16 bytes past them, which `kept` keeps as there. (Two
/// vectors with one splice of the bytes after them measured slower on AVX2.)
///
/// # Safety
/// The ISA contract of [`crate::simd::vector`] for `V`; `p` is valid for reads and
/// writes of `3 * BYTES / 2 + 16` bytes; `kept` as for [`units_vector_to_utf8`].
#[inline(always)]
pub(crate) unsafe fn private_use_units_to_utf8<V: Transcode>(
    v: V,
    p: *mut u8,
    kept: &mut Kept<V::Half>,
) -> usize {
    /// [`KEY3`] for a nibble `n` of units that are all three bytes or one.
    static KEYS: [u8; 16] = {
        let mut t = [0; 16];
        let mut n = 0;
        while n < 16 {
            t[n] = KEY3[n | n << 4];
            n += 1;
        }
        t
    };
    // SAFETY: forwarded contract (as for `units_vector_to_utf8`).
    unsafe {
        let z = V::zero();
        let low6 = V::splat16(0x3F);
        let cont = V::splat16(0x80);
        let ascii = v.and(V::splat16(0xFF80)).eq16(z);
        // Non-ASCII units: lead EF, then 80 | bits 6..12, then 80 | bits 0..6.
        let mid = v.shr16::<6>().and(low6).or(cont);
        let last = v.and(low6).or(cont);
        if V::LEN_CODES {
            // One byte (`0b11`) or three (`0b00`), each from its own byte of the
            // lane (see `PACK123`).
            let lead_mid = V::splat16(0xEF).or(mid.shl16::<8>());
            return pack_by_codes(
                lead_mid,
                last.or(v.shl16::<8>()),
                V::len_codes(ascii, ascii),
                p,
                kept,
            );
        }
        let b0 = V::select(ascii, v, V::splat16(0xEF));
        let b01 = b0.or(mid.shl16::<8>());
        // Per eight units: the ASCII lanes' bits.
        let m = V::lane_masks(ascii, z);
        let mut keys = [0; 4];
        for (q, k) in keys.iter_mut().enumerate().take(V::BYTES / 8) {
            let s = 16 * (q / 2) + 4 * (q % 2);
            *k = usize::from(KEYS[(!(m >> s) & 0x0F) as usize]);
        }
        pack3(b01, last, (&PACK3, &PACK3_LEN), |q| keys[q], p, kept)
    }
}

/// Writes the UTF-8 of the units whose bytes are `b0 | b1 << 8` in `b01` and `b2`
/// in `last` (`u16` lanes), quarter `q` (four units) packed by the row `key(q)` of
/// `rows` ([`PACK3`] or [`PACK123`]), `lens` the rows' lengths, at `p`. Returns the
/// bytes written. The stores write up to 16 bytes past them, which `kept` keeps as
/// for [`units_vector_to_utf8`].
///
/// # Safety
/// The ISA contract of [`crate::simd::vector`] for `V`; `p` is valid for reads and
/// writes of `3 * BYTES / 2 + 16` bytes; `kept` as for [`units_vector_to_utf8`].
#[inline(always)]
pub(crate) unsafe fn pack3<V: Transcode, const N: usize>(
    b01: V,
    last: V,
    (rows, lens): (&[[u8; 16]; N], &[u8; N]),
    key: impl Fn(usize) -> usize,
    p: *mut u8,
    kept: &mut Kept<V::Half>,
) -> usize {
    let quarters = V::BYTES / 8;
    let len = |q: usize| usize::from(lens[key(q)]);
    let end = (0..quarters).map(len).sum::<usize>();
    let mut w = 0;
    // SAFETY: forwarded contract: the stores start below `3 * BYTES / 2 - 12` and
    // write 16 bytes each, below `end + 16` (`end <= 3 * BYTES / 2`).
    unsafe {
        let after = bytes_after::<V>(p, end, *kept);
        for q in 0..quarters {
            V::quarter(b01, last, q)
                .shuffle(&rows[key(q)])
                .store(p.add(w));
            w += len(q);
        }
        kept.keep::<V>(after, p.add(end));
    }
    w
}

/// [`pack3`] by the rows of [`PACK123`], quarter `q` keyed by its byte of `codes`
/// (see [`Transcode::len_codes`]); the units' bytes as those rows take them: `lead3 |
/// mid << 8` in `b01`'s lanes and `last | unit << 8` in `last`'s.
///
/// # Safety
/// As for [`pack3`].
#[inline(always)]
unsafe fn pack_by_codes<V: Transcode>(
    b01: V,
    last: V,
    codes: u64,
    p: *mut u8,
    kept: &mut Kept<V::Half>,
) -> usize {
    let key = move |q: usize| usize::from((codes >> (8 * q)) as u8);
    // SAFETY: forwarded contract.
    unsafe { pack3(b01, last, (&PACK123, &PACK123_LEN), key, p, kept) }
}

/// The 16 bytes that the stores of [`units_vector_to_utf8`] wrote over, as the
/// caller's buffer had them (`bytes`), if they did (`valid`). (Not an `Option`:
/// the loops' ASCII steps only clear `valid`, and leave the register alone.)
#[derive(Clone, Copy)]
pub(crate) struct Kept<H> {
    /// The bytes, if `valid`.
    bytes: H,
    /// Whether the stores wrote over bytes past the count written.
    valid: bool,
}

impl<H: Bytes16> Kept<H> {
    /// Nothing written over.
    ///
    /// # Safety
    /// The ISA contract of [`crate::simd::vector`] for `H`'s vector.
    #[inline(always)]
    pub(crate) unsafe fn none() -> Self {
        Kept {
            // SAFETY: forwarded contract.
            bytes: unsafe { H::splat16(0) },
            valid: false,
        }
    }

    /// Nothing written over any more (the bytes stay in their register).
    #[inline(always)]
    pub(crate) fn clear(&mut self) {
        self.valid = false;
    }

    /// `after`, the 16 bytes at `p` as they were, written over: kept, with 16-byte
    /// vectors; put back at once with wider ones (whose next vector of units, which
    /// takes at least 17 bytes, never reads them back from under the store, and
    /// which measured slower carrying them: the loop ran out of registers).
    ///
    /// # Safety
    /// The ISA contract of [`crate::simd::vector`] for `V`; `p` is valid for writes
    /// of 16 bytes.
    #[inline(always)]
    unsafe fn keep<V: Transcode<Half = H>>(&mut self, after: H, p: *mut u8) {
        if V::BYTES == 16 {
            *self = Kept {
                bytes: after,
                valid: true,
            };
        } else {
            // SAFETY: forwarded contract.
            unsafe { after.store(p) }
        }
    }
}

/// Puts back the bytes at `p` that `kept` kept (see [`units_vector_to_utf8`]).
///
/// # Safety
/// The ISA contract of [`crate::simd::vector`] for `V`; if `kept` is `Some`, `p` is
/// valid for writes of 16 bytes.
#[inline(always)]
pub(crate) unsafe fn put_back<V: Transcode>(p: *mut u8, kept: Kept<V::Half>) {
    if kept.valid {
        // SAFETY: forwarded contract.
        unsafe { kept.bytes.store(p) }
    }
}

/// `kept` (see [`units_vector_to_utf8`]) after `n` exact bytes at `p`.
///
/// # Safety
/// The ISA contract of [`crate::simd::vector`] for `V`; `p` is valid for reads of
/// `32` bytes; `kept` as for [`units_vector_to_utf8`].
#[inline(always)]
pub(crate) unsafe fn bytes_kept_after<V: Transcode>(
    p: *mut u8,
    n: usize,
    kept: &mut Kept<V::Half>,
) {
    if n >= 16 {
        kept.clear();
    } else if kept.valid {
        // SAFETY: forwarded contract.
        kept.bytes = unsafe { bytes_after::<V>(p, n, *kept) };
    }
}

/// `None` bytes in a [`shuffle`](Bytes16::shuffle) row, then `0..16`, then `None`
/// again: the rows of [`bytes_after`]'s splice.
static SLIDE: [u8; 48] = {
    let mut t = [0x80; 48];
    let mut i = 0;
    while i < 16 {
        t[16 + i] = i as u8;
        i += 1;
    }
    t
};

/// The 16 bytes at `p + end` as the caller's buffer had them, read before a
/// vector's stores: from memory, or where the stores so far wrote over them
/// (`end < 16` with `kept`), from `kept` and the 16 bytes after it, which no store
/// has touched.
///
/// # Safety
/// The ISA contract of [`crate::simd::vector`] for `V`; `p` is valid for reads of
/// `max(end, 16) + 16` bytes; `kept` as for [`units_vector_to_utf8`].
#[inline(always)]
unsafe fn bytes_after<V: Transcode>(p: *mut u8, end: usize, kept: Kept<V::Half>) -> V::Half {
    // SAFETY: forwarded contract; the rows are within `SLIDE` (`end < 16`).
    unsafe {
        if kept.valid && end < 16 {
            let row = |k: usize| &*SLIDE.as_ptr().add(k).cast::<[u8; 16]>();
            let next = V::Half::load(p.add(16));
            kept.bytes.shuffle(row(16 + end)).or(next.shuffle(row(end)))
        } else {
            V::Half::load(p.add(end))
        }
    }
}

/// [`Transcode::store_utf8_3`] by [`pack3`].
///
/// # Safety
/// As [`Transcode::store_utf8_3`].
// NEON has its own (`ld3`, `st3`); the tests hold it against this one.
#[cfg_attr(all(target_arch = "aarch64", not(test)), allow(dead_code))]
#[inline(always)]
pub(crate) unsafe fn store_utf8_3_by_pack3<V: Transcode>(
    lead: V,
    mid: V,
    last: V,
    p: *mut u8,
) -> usize {
    // SAFETY: forwarded contract.
    unsafe {
        let mut kept = Kept::none();
        let n = pack3(
            lead.or(mid.shl16::<8>()),
            last,
            (&PACK3, &PACK3_LEN),
            |_| KEY3_ALL_THREE,
            p,
            &mut kept,
        );
        put_back::<V>(p.add(n), kept);
        n
    }
}
