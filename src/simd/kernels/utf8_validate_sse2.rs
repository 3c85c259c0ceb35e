//! UTF-8 validation (and validating copy) without byte shuffles: SSE2, and SSE4.1,
//! where it measured faster than the nibble lookups of [`super::utf8_validate`]
//! (validation vs simdutf's SSE4.2 kernel, Zen 5: ru.txt 1.23 -> 2.14, de.html
//! 2.34 -> 3.17, ja.txt 1.23 -> 1.40).
//!
//! Each byte is classified by compares against the bytes one, two and three before it
//! (loaded unaligned, as the other kernels do), with no table lookups:
//!
//! - a byte must be a continuation byte exactly when the byte one back is at least
//!   `C0`, two back at least `E0` or three back at least `F0` (the saturating
//!   subtracts of Keiser & Lemire put that in the high bit); a mismatch with "is a
//!   continuation byte" (`80..=BF`, one signed compare) is an error. Two leads whose
//!   sequences overlap always put a lead where a continuation byte must be;
//! - `C0`, `C1` and `F5..=FF` are errors wherever they are;
//! - the second byte after `E0` must be at least `A0`, after `ED` below `A0`, after
//!   `F0` at least `90` and after `F4` below `90`: with `g` "the byte is at least
//!   `A0`" (a signed compare), the byte one back XORed with `ED ^ E0` where `g` holds
//!   equals `E0` exactly at those errors of `E0` and `ED`; the same for `F0` and `F4`
//!   at `90`.
//!
//! Every flag is in the high bit of its byte. The non-ASCII 64-byte blocks of a group
//! of four are checked by the largest byte of the group and the three bytes before
//! it: with none from `E0`, only the two-byte rules can fail (six operations a
//! vector); with none from `F0`, only the two- and three-byte ones; from `F5`, it is
//! an error. (Chosen per block, the class was a branch mispredicted wherever a block
//! with a three-byte character came between two-byte ones, and in CJK text at the
//! ASCII blocks: callgrind, SSE4.1, validation, instructions / mispredicted branches
//! per call: ru.txt 162,231 / 723 -> 153,359 / 139, ja.txt 68,076 / 137 -> 64,520 /
//! 10, ja.html 350,014 / 2,269 -> 342,311 / 1,656, en.html 235,203 / 1,390 ->
//! 241,442 / 1,158; best of scratch runs, ja.txt and zh_cn.txt 9 % less time, ru.txt
//! and en.html the same.) In the blocks `C0` and `C1`
//! are found by the largest of the bytes plus 0x3E over the group (two operations a
//! vector, one fewer than their own compare). ASCII blocks are skipped as in
//! [`super::utf8_validate::utf8_valid_up_to`]; the exact place of an error is found as
//! there too (the first flagged byte: every character that ends before it is valid).
//!
//! WTF-8 mode ([`wtf8_valid_prefix`]): in the group loop, a block that may hold a
//! surrogate sequence (one with a byte from `E0`) flags one only where the byte four
//! before its second byte is `ED` too, as the trail of a pair written as two
//! sequences has it (a load and two operations more a vector, [`SURR_AFTER_ED`];
//! before, three: callgrind, SSE4.1, instructions per call against UTF-8 validation
//! of the same text, ja.txt 72,758 -> 62,215 against 64,407, zh_cn.txt 68,786 ->
//! 58,826 against 60,914); a lone
//! surrogate then passes with no branch taken, which matters most in mostly-ASCII or
//! two-byte text, where the lone surrogate is what makes the block non-ASCII or of
//! class three and a mispredicted branch to a rare path would cost more than the
//! group. (Flagging every surrogate and looking at each flagged group again from
//! stored flags, as before, measured 0.76 against UTF-8 validation of the same text
//! with U+FFFD in place of the lone surrogates, English, SSE4.1; this way 0.95.) A
//! flagged group, and the few vectors outside the groups, are checked by
//! [`check_wtf8`], which has no surrogate rule and flags the trail of a pair instead.

// Only x86_64's SSE2 and SSE4.1 tiers run this.
#![cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]

use super::utf8_validate::{error_tail, group_tail, seq_len};
use crate::simd::vector::Vector;

/// The vector operations the compare-based validator needs besides [`Vector`].
pub(crate) trait Compare: Vector {
    /// Signed byte compare: 0xFF where `self > b` (as `i8`), else 0.
    ///
    /// # Safety
    /// The ISA contract (see [`crate::simd::vector`]).
    unsafe fn gt8(self, b: Self) -> Self;
    /// Unsigned byte maximum.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn max8(self, b: Self) -> Self;
    /// Wrapping byte add.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn add8(self, b: Self) -> Self;
    /// The bytes moved `K` lanes up (byte `i` becomes byte `i + K`), zeros coming in.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn shift_up<const K: i32>(self) -> Self;
}

/// What a block may hold besides ASCII, by its largest byte: only two-byte sequences.
const TWO: u8 = 2;
/// Sequences of up to three bytes.
const THREE: u8 = 3;
/// Anything.
const FOUR: u8 = 4;

/// Surrogate rule of [`check`]: the second byte of no surrogate sequence is flagged.
const SURR_NONE: u8 = 0;
/// The second byte of every surrogate sequence (`ED A0..=BF`) is flagged (UTF-8).
const SURR_ALL: u8 = 1;
/// The second byte of a surrogate sequence is flagged only where the byte four back
/// is `ED` too (WTF-8: where the sequence may be the trail of a pair written as two
/// sequences; the caller looks again, see [`valid`]).
const SURR_AFTER_ED: u8 = 2;

/// The [`SURR_AFTER_ED`] rule's XOR constant where the byte four back differs from
/// the one back (`E0 ^ ED` less one, so that one add to the compare mask makes both):
/// `EE` (the lead of U+E800..=U+EFFF, private use) followed by a byte from `A0` is
/// flagged too, a false flag, which the exact check of the group clears, on text that
/// rarely has one. (The exact constant there, `E0 ^ C0`, took an and and an xor;
/// SSE4.1's `pblendvb` took one instruction, but the loop around it came out with
/// more register copies: callgrind, SSE4.1 ja.txt 66,658 instructions a call against
/// 62,215 this way.)
const AFTER_ED_ELSE: u8 = (0xE0 ^ 0xED) + 1;

/// Subtracted (saturating) from the last vector of checked bytes: the high bit stays
/// set where a sequence is left open at its end (a lead at least `C0` in the last
/// byte, `E0` in the one before, `F0` in the one before that). Loaded from the end for
/// vectors shorter than 64 bytes.
static OPEN_AT_END: [u8; 64] = {
    let mut a = [0xFF; 64];
    a[61] = 0xF0 - 0x80;
    a[62] = 0xE0 - 0x80;
    a[63] = 0xC0 - 0x80;
    a
};

/// The error flags (high bits) of vector `v`, given the bytes one (`p1`), two and
/// three back of each of its bytes (and four back, `p4`, read with [`SURR_AFTER_ED`]
/// only), for a block of class `C` ([`TWO`], [`THREE`] or [`FOUR`]: in a block of a
/// lower class, and the three bytes before it, there are no bytes from `E0` or from
/// `F0`, so the rules that need them are left out). Without `ALL`, the invalid bytes
/// are left to the caller (see [`check_block`]). `SURR` says which second bytes of
/// surrogate sequences (`ED A0..=BF`) are flagged: all ([`SURR_ALL`]); none
/// ([`SURR_NONE`]: the byte one back XORed with `E0 ^ C0` instead of `E0 ^ ED` where
/// `g` holds; `C0` is an invalid byte, flagged anyway); or those with `ED` four back
/// ([`SURR_AFTER_ED`]: elsewhere the XOR is with [`AFTER_ED_ELSE`]; two operations
/// more).
///
/// # Safety
/// The ISA contract (see [`crate::simd::vector`]).
#[inline(always)]
unsafe fn check<V: Compare, const C: u8, const ALL: bool, const SURR: u8>(
    v: V,
    p1: V,
    p2: V,
    p3: V,
    p4: V,
) -> V {
    // SAFETY: forwarded contract; register operations.
    unsafe {
        let mut must = p1.subs8(V::splat8(0xC0 - 0x80));
        if C >= THREE {
            must = must.or(p2.subs8(V::splat8(0xE0 - 0x80)));
        }
        if C >= FOUR {
            must = must.or(p3.subs8(V::splat8(0xF0 - 0x80)));
        }
        // `80..=BF` are the bytes below `C0` as `i8`.
        let is = V::splat8(0xC0).gt8(v);
        let mut e = must.xor(is);
        if ALL {
            // `C0` and `C1` become 0x7E and 0x7F, the only bytes above 0x7D as `i8`.
            let c0 = v
                .add8(V::splat8(0x7Eu8.wrapping_sub(0xC0)))
                .gt8(V::splat8(0x7D));
            e = e.or(c0);
        }
        if C >= THREE {
            // At least `A0` (or ASCII, after which nothing of this rule matters).
            let g = v.gt8(V::splat8(0x9F));
            let x = match SURR {
                SURR_ALL => V::splat8(0xE0 ^ 0xED),
                SURR_NONE => V::splat8(0xE0 ^ 0xC0),
                // `E0 ^ ED` where the byte four back equals the one back (the mask,
                // 0xFF, plus `AFTER_ED_ELSE`), else `AFTER_ED_ELSE`.
                _ => p4.eq8(p1).add8(V::splat8(AFTER_ED_ELSE)),
            };
            let q = p1.xor(g.and(x));
            e = e.or(q.eq8(V::splat8(0xE0)));
        }
        if C >= FOUR {
            if ALL {
                e = e.or(v.subs8(V::splat8(0xF5 - 0x80)));
            }
            let g = v.gt8(V::splat8(0x8F));
            let q = p1.xor(g.and(V::splat8(0xF0 ^ 0xF4)));
            e = e.or(q.eq8(V::splat8(0xF0)));
        }
        e
    }
}

/// The WTF-8 error flags (high bits) of vector `v`, given the bytes one to four back
/// of each of its bytes: every rule of [`check`] but the surrogate one, and the second
/// byte of a trail surrogate sequence (`ED B0..=BF`) right after a lead one (`ED
/// A0..=AF xx`, so `ED` four back and `A0..=AF` three back): a surrogate pair written
/// as two sequences, which WTF-8 forbids. The flag is on the trail's second byte, so
/// the prefix before the first flag (see [`error_tail`]) keeps the lead.
///
/// # Safety
/// The ISA contract (see [`crate::simd::vector`]).
#[inline(always)]
unsafe fn check_wtf8<V: Compare>(v: V, p1: V, p2: V, p3: V, p4: V) -> V {
    // SAFETY: forwarded contract; register operations.
    unsafe {
        let e = check::<V, FOUR, true, SURR_NONE>(v, p1, p2, p3, p4);
        let ed = V::splat8(0xED);
        // From `B0` (and ASCII, or from `C0`: errors after `ED` anyway).
        let trail = v.gt8(V::splat8(0xAF));
        let lead = p3.and(V::splat8(0xF0)).eq8(V::splat8(0xA0));
        let pair = p1.eq8(ed).and(p4.eq8(ed)).and(trail).and(lead);
        e.or(pair)
    }
}

/// [`check`] (with every rule) of the vector at `p + at`, the bytes before it loaded;
/// with `WTF8`, [`check_wtf8`].
///
/// # Safety
/// The ISA contract; `3 <= at` and `p + at - 3` valid for reads of `V::BYTES + 3`
/// bytes; with `WTF8`, `4 <= at` and `p + at - 4` valid for reads of `V::BYTES + 4`.
#[inline(always)]
unsafe fn check_at<V: Compare, const C: u8, const WTF8: bool>(p: *const u8, at: usize) -> V {
    // SAFETY: forwarded contract: reads `p[at - 3..at + V::BYTES]`, with `WTF8`
    // `p[at - 4..at + V::BYTES]`.
    unsafe {
        let (v, p1, p2, p3) = (
            V::load(p.add(at)),
            V::load(p.add(at - 1)),
            V::load(p.add(at - 2)),
            V::load(p.add(at - 3)),
        );
        if WTF8 {
            check_wtf8(v, p1, p2, p3, V::load(p.add(at - 4)))
        } else {
            check::<V, C, true, SURR_ALL>(v, p1, p2, p3, V::zero())
        }
    }
}

/// The flags of the vectors of the block at `p + blk` ORed into `err`, checked as
/// class `C`, but for the invalid bytes: `C0` and `C1`, which each vector plus 0x3E
/// maxed into `low` marks (they become 0xFE and 0xFF, every other byte at most 0xFD;
/// see [`low_flags`]); and `F5..=FF`, which the block's largest byte shows. `SURR`:
/// which surrogate sequences are flagged (see [`check`]).
///
/// # Safety
/// The ISA contract; `4 <= blk` and `p + blk - 4` valid for reads of 68 bytes.
#[inline(always)]
unsafe fn check_block<V: Compare, const C: u8, const SURR: u8>(
    mut err: V,
    mut low: V,
    p: *const u8,
    blk: usize,
) -> (V, V) {
    for j in 0..64 / V::BYTES {
        let at = blk + j * V::BYTES;
        // SAFETY: forwarded contract: `blk <= at`, `at + V::BYTES <= blk + 64`, reads
        // `p[at - 4..at + V::BYTES]`.
        unsafe {
            let v = V::load(p.add(at));
            let (p1, p2, p3) = (
                V::load(p.add(at - 1)),
                V::load(p.add(at - 2)),
                V::load(p.add(at - 3)),
            );
            let p4 = if SURR == SURR_AFTER_ED {
                V::load(p.add(at - 4))
            } else {
                V::zero()
            };
            err = err.or(check::<V, C, false, SURR>(v, p1, p2, p3, p4));
            low = low.max8(v.add8(V::splat8(0xFE - 0xC0)));
        }
    }
    (err, low)
}

/// [`check_block`] over the non-ASCII blocks of the group at `i` (`maxes`: the
/// largest byte of each block), and for each ASCII one, a sequence left open before
/// it (`open_at_end`: [`OPEN_AT_END`]'s last `V::BYTES`). Returns (`err`, `low`) as
/// [`check_block`] does.
///
/// # Safety
/// As [`check_block`] for each block `i + 64 k`, and `p[i + 64 k - V::BYTES..]`
/// readable for `V::BYTES` bytes.
#[inline(always)]
unsafe fn check_blocks<V: Compare, const C: u8, const SURR: u8>(
    maxes: &[V; 4],
    p: *const u8,
    i: usize,
    open_at_end: V,
) -> (V, V) {
    // SAFETY: forwarded contract (the ISA's).
    let (mut err, mut low) = unsafe { (V::zero(), V::zero()) };
    for (k, m) in maxes.iter().enumerate() {
        let blk = i + k * 64;
        // SAFETY: forwarded contract.
        unsafe {
            if !m.any_high() {
                // A sequence left open before an ASCII block.
                err = err.or(V::load(p.add(blk - V::BYTES)).subs8(open_at_end));
                continue;
            }
            (err, low) = check_block::<V, C, SURR>(err, low, p, blk);
        }
    }
    (err, low)
}

/// The flags (high bits) of the bytes `C0` and `C1` marked in `low` by
/// [`check_block`].
///
/// # Safety
/// The ISA contract.
#[inline(always)]
unsafe fn low_flags<V: Compare>(low: V) -> V {
    // SAFETY: forwarded contract.
    unsafe { low.subs8(V::splat8(0xFE - 0x80)) }
}

/// Where the scalar code resumes after the vectors of `src[from..to]` failed the
/// check: the first flagged byte of them (checked with every rule; with `WTF8`, by
/// [`check_wtf8`]), or `None` if none is.
///
/// # Safety
/// The ISA contract; `3 <= from <= to <= src.len()` (with `WTF8`, `4 <= from`),
/// `to - from` a multiple of `V::BYTES`.
#[inline(always)]
unsafe fn first_error<V: Compare, const WTF8: bool>(
    src: &[u8],
    from: usize,
    to: usize,
) -> Option<usize> {
    let p = src.as_ptr();
    let mut at = from;
    while at < to {
        // SAFETY: reads `src[at - 3..at + V::BYTES]` (with `WTF8`, from `at - 4`),
        // `3 <= at` (`4 <= at`), `at + V::BYTES <= to`.
        let m = unsafe { check_at::<V, FOUR, WTF8>(p, at).high_mask() };
        if m != 0 {
            return Some(at + V::first_in(m));
        }
        at += V::BYTES;
    }
    None
}

/// See [`scalar::utf8_valid_up_to`](crate::simd::scalar::utf8_valid_up_to): [`valid`]
/// without the copy.
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
#[inline(always)]
pub(crate) unsafe fn utf8_valid_up_to<V: Compare>(src: &[u8]) -> usize {
    let mut stored = 0;
    // SAFETY: forwarded contract; no copy, so `dp` is not used.
    unsafe { valid::<V, false, false>(src, core::ptr::null_mut(), &mut stored) }
}

/// The WTF-8 prefix check (see `dispatch::wtf8_valid_prefix`): [`utf8_valid_up_to`]
/// that lets surrogate sequences through as long as no trail surrogate sequence
/// directly follows a lead one (see [`valid`]). Stops (in the scalar code, which
/// takes no surrogates) at the first error, at the end of an input shorter than two
/// vectors, or at a surrogate sequence in the characters just before an error.
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
#[inline(always)]
pub(crate) unsafe fn wtf8_valid_prefix<V: Compare>(src: &[u8]) -> usize {
    let mut stored = 0;
    // SAFETY: forwarded contract; no copy, so `dp` is not used.
    unsafe { valid::<V, false, true>(src, core::ptr::null_mut(), &mut stored) }
}

/// See [`scalar::utf8_copy`](crate::simd::scalar::utf8_copy): [`valid`] storing each
/// checked group to `dst` as it goes (one pass), all but its last vector (which may
/// end inside a sequence, not all of which is then copied); the rest up to the valid
/// length after.
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
#[inline(always)]
pub(crate) unsafe fn utf8_copy<V: Compare>(src: &[u8], dst: &mut [u8]) -> usize {
    let n = src.len().min(dst.len());
    let src = &src[..n];
    let mut stored = 0;
    // SAFETY: forwarded contract; `dst` is valid for writes of `n` bytes.
    let valid = unsafe { valid::<V, true, false>(src, dst.as_mut_ptr(), &mut stored) };
    debug_assert!(stored <= valid);
    dst[stored..valid].copy_from_slice(&src[stored..valid]);
    valid
}

/// The length of the longest valid prefix of `src`, as
/// [`scalar::utf8_valid_up_to`](crate::simd::scalar::utf8_valid_up_to). Groups of four
/// 64-byte blocks from a 64-byte boundary: an ASCII group is skipped whole (if the
/// bytes before it end at a character boundary), an ASCII block of a group only needs
/// the bytes before it to; the other blocks are checked by their class. Inputs shorter
/// than two vectors go to the scalar code. With `COPY`, each checked group is stored
/// to `dp` from `*stored` up to its last vector (the bytes there are of characters
/// that end in the checked bytes, so in the valid prefix), and `*stored` says how far.
///
/// With `WTF8` (and not `COPY`), the WTF-8 prefix of [`wtf8_valid_prefix`]: the group
/// loop checks as for UTF-8 but flags a surrogate sequence only with an `ED` four
/// bytes before its second byte ([`SURR_AFTER_ED`]); a flagged group passes if
/// [`check_wtf8`] finds no flag in it (the flags were lone surrogates in a row).
/// The vectors outside the groups are checked by [`check_wtf8`], and the first
/// flagged byte found by it, so the prefix may end with a lead surrogate sequence
/// (before a trail one) or stop at a surrogate sequence in the character before an
/// error ([`error_tail`] takes none).
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it; with `COPY`, `dp` is valid for writes
/// of `src.len()` bytes and does not overlap `src`.
#[inline(always)]
unsafe fn valid<V: Compare, const COPY: bool, const WTF8: bool>(
    src: &[u8],
    dp: *mut u8,
    stored: &mut usize,
) -> usize {
    const BLOCK: usize = 64;
    const GROUP: usize = 4 * BLOCK;
    let (n, p, b) = (src.len(), src.as_ptr(), V::BYTES);
    if n < 2 * b {
        return group_tail(src, 0);
    }
    // A caller that stopped at an invalid sequence often calls again right there (in
    // WTF-8 mode, it may be a surrogate sequence, which the checks let through).
    if !WTF8 && src[0] >= 0x80 && seq_len(src) == 0 {
        return 0;
    }
    // SAFETY: every load reads within `src` (`2 * b <= n`): `src[..b]`; vectors at
    // `4 <= b <= at` with the three (in WTF-8 mode, four) bytes before them (also in
    // `first_error`, over the head, a group or the tail) and `at + b <= n` (in the head
    // `at < start + b <= n`; in the groups `at + b <= i + GROUP <= n`; in the tail
    // `at + b <= n`, and `n - b >= b`); `src[blk - 3..blk + b - 3]` and (an ASCII
    // block) `src[blk - b..blk]` for a block `blk >= i >= b` (the groups start at
    // `start >= b` or at `i = b`); the last `b <= 64` bytes of `OPEN_AT_END`. The copy reads
    // `src[s..s + b]` and writes `dp[s..s + b]` with `s + b <= i + GROUP - b <= n`.
    unsafe {
        let open_at_end = V::load(OPEN_AT_END.as_ptr().add(64 - b));
        let first = V::load(p);
        let (p1, p2, p3) = (
            first.shift_up::<1>(),
            first.shift_up::<2>(),
            first.shift_up::<3>(),
        );
        let e = if WTF8 {
            check_wtf8(first, p1, p2, p3, first.shift_up::<4>())
        } else {
            check::<V, FOUR, true, SURR_ALL>(first, p1, p2, p3, V::zero())
        };
        if e.any_high() {
            return error_tail(src, V::first_in(e.high_mask()));
        }
        let mut i = b;
        // The groups start at a 64-byte boundary at least a vector in (an ASCII
        // block's check loads the vector before it; from 3 bytes in, the first
        // block's load started before `src`); the vectors before it are checked one
        // by one (the last one may go past it).
        let a = (p as usize).wrapping_neg() % BLOCK;
        let start = if a < b { a + BLOCK } else { a };
        if start + GROUP <= n {
            let mut err = V::zero();
            while i < start {
                err = err.or(check_at::<V, FOUR, WTF8>(p, i));
                i += b;
            }
            if err.any_high() {
                let e = first_error::<V, WTF8>(src, b, i).unwrap_or(b);
                return error_tail(src, e);
            }
            i = start;
        }
        // Whether the bytes checked so far end inside a sequence.
        let mut open = src[i - 1] >= 0xC0 || src[i - 2] >= 0xE0 || src[i - 3] >= 0xF0;
        while i + GROUP <= n {
            // The largest byte of each block.
            let mut maxes = [V::zero(); GROUP / BLOCK];
            let mut any = V::zero();
            for (k, m) in maxes.iter_mut().enumerate() {
                let mut at = i + k * BLOCK;
                while at < i + (k + 1) * BLOCK {
                    *m = m.max8(V::load(p.add(at)));
                    at += b;
                }
                any = any.max8(*m);
            }
            if !any.any_high() {
                if open {
                    // The sequence open before it needs a continuation byte there.
                    return error_tail(src, i);
                }
            } else {
                // One class for the group, of its largest byte and the three bytes
                // before it: chosen per block, the checks of Cyrillic text took a
                // mispredicted branch wherever a block with a three-byte character
                // (a dash, a quotation mark) came between two-byte ones.
                let top = any.max8(V::load(p.add(i - 3)));
                let (mut err, low) = if !top.subs8(V::splat8(0xE0 - 0x80)).any_high() {
                    check_blocks::<V, TWO, SURR_ALL>(&maxes, p, i, open_at_end)
                } else if !top.subs8(V::splat8(0xF0 - 0x80)).any_high() {
                    if WTF8 {
                        check_blocks::<V, THREE, SURR_AFTER_ED>(&maxes, p, i, open_at_end)
                    } else {
                        check_blocks::<V, THREE, SURR_ALL>(&maxes, p, i, open_at_end)
                    }
                } else {
                    // `F5..=FF`.
                    let (err, low) = if WTF8 {
                        check_blocks::<V, FOUR, SURR_AFTER_ED>(&maxes, p, i, open_at_end)
                    } else {
                        check_blocks::<V, FOUR, SURR_ALL>(&maxes, p, i, open_at_end)
                    };
                    (err.or(top.subs8(V::splat8(0xF5 - 0x80))), low)
                };
                let low = low_flags(low);
                err = err.or(low);
                if err.any_high() {
                    // In WTF-8 mode the flags may all be surrogate sequences with an
                    // `ED` four bytes before them that are not the trail of a pair
                    // (two lone surrogates in a row): the exact check finds none.
                    let e = first_error::<V, WTF8>(src, i, i + GROUP);
                    if !WTF8 || e.is_some() {
                        return error_tail(src, e.unwrap_or(i));
                    }
                }
                open = V::load(p.add(i + GROUP - b)).subs8(open_at_end).any_high();
            }
            if COPY {
                let to = i + GROUP - b;
                let mut s = *stored;
                while s + b <= to {
                    V::load(p.add(s)).store(dp.add(s));
                    s += b;
                }
                *stored = s;
            }
            i += GROUP;
        }
        // The rest: whole vectors, then the last `b` bytes (overlapping), and whether
        // they end inside a sequence.
        let from = i;
        let mut err = V::zero();
        while i + b <= n {
            err = err.or(check_at::<V, FOUR, WTF8>(p, i));
            i += b;
        }
        if i < n {
            err = err.or(check_at::<V, FOUR, WTF8>(p, n - b));
        }
        let open_end = V::load(p.add(n - b)).subs8(open_at_end);
        if WTF8 {
            // The first flagged byte: in the whole vectors, or else in the last
            // one (whose bytes before `i` were checked unflagged); then a sequence
            // left open at the end.
            if err.any_high() {
                let e = match first_error::<V, true>(src, from, i) {
                    Some(e) => e,
                    None => n - b + V::first_in(check_at::<V, FOUR, true>(p, n - b).high_mask()),
                };
                return error_tail(src, e);
            }
            if open_end.any_high() {
                return error_tail(src, n);
            }
            return n;
        }
        err = err.or(open_end);
        if err.any_high() {
            return group_tail(src, from);
        }
        n
    }
}
