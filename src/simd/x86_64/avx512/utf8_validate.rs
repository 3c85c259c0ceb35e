//! AVX-512 UTF-8 validation tuned for 512-bit vectors (and for Zen 4, which runs
//! them as two 256-bit halves, with shuffles and shifts on two pipes only).
//!
//! The same algorithm as [`kernels::utf8_check`] (Keiser & Lemire), with fewer
//! shuffle-pipe instructions per 64 bytes:
//!
//! - the bytes one, two and three back are loaded from memory at `i - 1`, `i - 2`
//!   and `i - 3` (unaligned loads are cheap) instead of being shifted in registers;
//! - the three nibble lookups are `vpermb` over 64-byte tables (the 16-entry table
//!   four times), which ignores the index bits 6 and 7, so no nibble is masked;
//! - the and / or / xor triples are fused with `vpternlog`.
//!
//! Groups of four blocks are tested for ASCII together; a group with any non-ASCII
//! byte is checked in full without per-block branches. The groups are aligned to
//! 64 bytes (a load split across cache lines costs twice). The last partial block is
//! read with a masked load (bytes past the end read as zero, which is ASCII, so a
//! sequence cut by the end shows as an error), so nothing is read out of bounds.

use super::avx512_fn;
use crate::simd::kernels::utf8_validate::{
    self as kernels, BYTE_1_HIGH, BYTE_1_LOW, BYTE_2_HIGH, BYTE_2_HIGH_WTF8, INCOMPLETE_MAX,
    NOT_SURROGATE,
};
use core::arch::x86_64::*;

/// A 16-entry table repeated four times, for `vpermb` indexed by a nibble that may
/// have garbage in bits 4 and up.
const fn wide(t: &[u8; 16]) -> [u8; 64] {
    let mut a = [0; 64];
    let mut i = 0;
    while i < 64 {
        a[i] = t[i % 16];
        i += 1;
    }
    a
}

/// [`BYTE_1_HIGH`], [`BYTE_1_LOW`] and [`BYTE_2_HIGH`] for `vpermb`.
static TABLES: [[u8; 64]; 3] = [wide(&BYTE_1_HIGH), wide(&BYTE_1_LOW), wide(&BYTE_2_HIGH)];

/// [`BYTE_2_HIGH_WTF8`] for `vpermb` (the third table in WTF-8 mode).
static TABLE_2_WTF8: [u8; 64] = wide(&BYTE_2_HIGH_WTF8);

/// `vpermb` indices moving each byte up by one, two and three lanes (the low lanes
/// are zeroed by a mask).
static SHIFT_UP: [[u8; 64]; 3] = {
    let mut a = [[0; 64]; 3];
    let mut k = 0;
    while k < 3 {
        let mut i = k + 1;
        while i < 64 {
            a[k][i] = (i - k - 1) as u8;
            i += 1;
        }
        k += 1;
    }
    a
};

/// The tables and constants, loaded once.
#[derive(Copy, Clone)]
struct Consts {
    /// [`TABLES`].
    t: [__m512i; 3],
    /// 0xE0 - 0x80, 0xF0 - 0x80 and 0x80 in every byte.
    e0: __m512i,
    f0: __m512i,
    c80: __m512i,
}

impl Consts {
    /// Loads the tables (with `WTF8`, the third one of WTF-8 mode).
    ///
    /// # Safety
    /// The AVX-512 features.
    #[inline(always)]
    unsafe fn new<const WTF8: bool>() -> Self {
        // SAFETY: each table is 64 readable bytes; the caller has the features.
        unsafe {
            Consts {
                t: [
                    _mm512_loadu_si512(TABLES[0].as_ptr().cast()),
                    _mm512_loadu_si512(TABLES[1].as_ptr().cast()),
                    _mm512_loadu_si512(
                        if WTF8 { &TABLE_2_WTF8 } else { &TABLES[2] }
                            .as_ptr()
                            .cast(),
                    ),
                ],
                e0: _mm512_set1_epi8((0xE0u8 - 0x80) as i8),
                f0: _mm512_set1_epi8((0xF0u8 - 0x80) as i8),
                c80: _mm512_set1_epi8(0x80u8 as i8),
            }
        }
    }
}

/// `err` with the error bits of block `v` added, given the bytes one (`p1`), two and
/// three back of each of its bytes.
///
/// # Safety
/// The AVX-512 features.
#[inline(always)]
unsafe fn check(
    err: __m512i,
    v: __m512i,
    p1: __m512i,
    p2: __m512i,
    p3: __m512i,
    c: &Consts,
) -> __m512i {
    // SAFETY: register operations only; the caller has the features.
    unsafe {
        let l0 = _mm512_permutexvar_epi8(_mm512_srli_epi16::<4>(p1), c.t[0]);
        let l1 = _mm512_permutexvar_epi8(p1, c.t[1]);
        let l2 = _mm512_permutexvar_epi8(_mm512_srli_epi16::<4>(v), c.t[2]);
        // l0 & l1 & l2
        let sc = _mm512_ternarylogic_epi64::<0x80>(l0, l1, l2);
        let s2 = _mm512_subs_epu8(p2, c.e0);
        let s3 = _mm512_subs_epu8(p3, c.f0);
        // (s2 | s3) & 0x80
        let must23 = _mm512_ternarylogic_epi64::<0xA8>(s2, s3, c.c80);
        // err | (must23 ^ sc)
        _mm512_ternarylogic_epi64::<0xF6>(err, must23, sc)
    }
}

/// Checks the block of `len` (at most 64) bytes at `p + i`, `i >= 3` or `i == 0`.
///
/// # Safety
/// The AVX-512 features; `p[i - 3.min(i)..i + len]` readable.
#[inline(always)]
unsafe fn check_partial(err: __m512i, p: *const u8, i: usize, len: usize, c: &Consts) -> __m512i {
    let m = if len >= 64 { !0 } else { (1u64 << len) - 1 };
    // SAFETY: the masked loads read only `p[i - 3..i + len]` (or `p[i..i + len]`).
    unsafe {
        let v = _mm512_maskz_loadu_epi8(m, p.add(i).cast());
        if i == 0 {
            let s = |k: usize| {
                _mm512_maskz_permutexvar_epi8(
                    !0 << (k + 1),
                    _mm512_loadu_si512(SHIFT_UP[k].as_ptr().cast()),
                    v,
                )
            };
            check(err, v, s(0), s(1), s(2), c)
        } else {
            let m1 = m << 1 | 1;
            let p1 = _mm512_maskz_loadu_epi8(m1, p.add(i - 1).cast());
            let p2 = _mm512_maskz_loadu_epi8(m1 << 1 | 1, p.add(i - 2).cast());
            let p3 = _mm512_maskz_loadu_epi8(m1 << 2 | 3, p.add(i - 3).cast());
            check(err, v, p1, p2, p3, c)
        }
    }
}

/// WTF-8 mode: whether the error bits `err` of the checked bytes `src[from..to]` are
/// only trail surrogate flags, none of them right after a lead surrogate sequence (see
/// [`kernels::pair_at`]).
///
/// A flag marks the second byte `q` of a trail surrogate sequence, in that lane of
/// one or more blocks; a lead sequence right before has its `ED` at `q - 4`. So the
/// candidates are the flagged lanes with `ED` both one and four bytes back: all
/// blocks are compared without a branch, and only a candidate is looked at.
///
/// # Safety
/// The AVX-512 features; `from <= to <= src.len()`.
#[inline(always)]
unsafe fn only_lone_trails(err: __m512i, src: &[u8], from: usize, to: usize) -> bool {
    // SAFETY: the masked loads read only `src[j - 4..to]` with `4 <= from <= j` (or
    // `src[j..to]`); the caller has the features.
    unsafe {
        if _mm512_test_epi8_mask(err, _mm512_set1_epi8(NOT_SURROGATE as i8)) != 0 {
            return false;
        }
        let (p, ed) = (src.as_ptr(), _mm512_set1_epi8(0xEDu8 as i8));
        let block = |j: usize| {
            let len = (to - j).min(64);
            (len, if len >= 64 { !0 } else { (1u64 << len) - 1 })
        };
        if from < 4 {
            // The first block: no bytes before it to load.
            if from > 0 && kernels::pair_at(src, from - 1) {
                return false;
            }
            let mut j = from;
            while j < to {
                let (len, m) = block(j);
                let v = _mm512_maskz_loadu_epi8(m, p.add(j).cast());
                if kernels::pair_in_mask(src, j, _mm512_cmpeq_epi8_mask(v, ed), 0) {
                    return false;
                }
                j += len;
            }
            return true;
        }
        let flagged = _mm512_test_epi8_mask(err, err);
        // The candidates of the block at `j`.
        let cands = |j: usize, m: u64| {
            let p1 = _mm512_maskz_loadu_epi8(m, p.add(j - 1).cast());
            let p4 = _mm512_maskz_loadu_epi8(m, p.add(j - 4).cast());
            _mm512_mask_cmpeq_epi8_mask(_mm512_cmpeq_epi8_mask(p1, ed), p4, ed) & flagged
        };
        let (mut any, mut j) = (0, from);
        while j < to {
            let (len, m) = block(j);
            any |= cands(j, m);
            j += len;
        }
        if any == 0 {
            return true;
        }
        let mut j = from;
        while j < to {
            let (len, m) = block(j);
            // The `ED` of the trail is one before its flag.
            if kernels::pair_in_mask(src, j - 1, cands(j, m), 0) {
                return false;
            }
            j += len;
        }
        true
    }
}

/// Where the scalar code resumes after the blocks of `src[from..to]` failed the check:
/// the first byte with error bits (see [`kernels::error_tail`]; at most `to`, which a
/// sequence cut by the end of `src` flags), or `from` if no block has one.
///
/// # Safety
/// The AVX-512 features; `from <= to <= src.len()`, `from == 0` or `from >= 3`.
#[inline(always)]
unsafe fn first_error(src: &[u8], from: usize, to: usize, c: &Consts) -> usize {
    let p = src.as_ptr();
    let mut i = from;
    // SAFETY: `check_partial` reads `src[i - 3..i + len]` (or from `i == 0`), in
    // bounds; the caller has the features.
    unsafe {
        while i < to {
            let len = (to - i).min(64);
            let e = check_partial(_mm512_setzero_si512(), p, i, len, c);
            let m = _mm512_test_epi8_mask(e, e);
            if m != 0 {
                return (i + m.trailing_zeros() as usize).min(to);
            }
            i += len;
        }
    }
    from
}

/// Whether any bit of `v` is set.
///
/// # Safety
/// The AVX-512 features ([`super`]).
#[inline(always)]
unsafe fn nonzero(v: __m512i) -> bool {
    // SAFETY: register operation; the caller has the features.
    unsafe { _mm512_test_epi64_mask(v, v) != 0 }
}

avx512_fn! {
/// See [`crate::simd::scalar::utf8_valid_up_to`].
///
/// # Safety
/// The CPU must have the AVX-512 features.
pub(crate) unsafe fn utf8_valid_up_to(src: &[u8]) -> usize {
    // SAFETY: forwarded contract; nothing is stored.
    unsafe { run::<false, false>(src, core::ptr::null_mut()).0 }
}
}

avx512_fn! {
/// See [`kernels::wtf8_valid_prefix`].
///
/// # Safety
/// The CPU must have the AVX-512 features.
pub(crate) unsafe fn wtf8_valid_prefix(src: &[u8]) -> usize {
    // SAFETY: forwarded contract; nothing is stored.
    unsafe { run::<false, true>(src, core::ptr::null_mut()).0 }
}
}

avx512_fn! {
/// See [`crate::simd::scalar::utf8_copy`]: [`utf8_valid_up_to`] storing each checked
/// group to `dst` as it passes. A group that ends inside a sequence keeps its last
/// block back until the next group completes it, so nothing past the returned length
/// is written.
///
/// # Safety
/// The CPU must have the AVX-512 features.
pub(crate) unsafe fn utf8_copy(src: &[u8], dst: &mut [u8]) -> usize {
    let n = src.len().min(dst.len());
    let src = &src[..n];
    // SAFETY: forwarded contract; `dst` has at least `n` bytes.
    let (valid, stored) = unsafe { run::<true, false>(src, dst.as_mut_ptr()) };
    dst[stored..valid].copy_from_slice(&src[stored..valid]);
    valid
}
}

/// The validation loop: the length of the valid prefix of `src`, and (with `COPY`) how
/// much of it has been stored to `dst` (at most that length). With `WTF8` (never with
/// `COPY`), the prefix of [`wtf8_valid_prefix`].
///
/// # Safety
/// The AVX-512 features ([`super`]); with `COPY`, `dst` valid for
/// `src.len()` bytes of writes.
#[inline(always)]
unsafe fn run<const COPY: bool, const WTF8: bool>(src: &[u8], dst: *mut u8) -> (usize, usize) {
    // Blocks per group.
    const K: usize = 4;
    const BLOCK: usize = 64;
    let (n, p) = (src.len(), src.as_ptr());
    // A caller that stopped at an invalid sequence often calls again right there
    // (UTF-8 -> UTF-16 at each surrogate of WTF-8): no tables, no first block then.
    if !WTF8 && src.first().is_some_and(|&b| b >= 0x80) && kernels::seq_len(src) == 0 {
        return (0, 0);
    }
    // Bytes stored to `dst` (with `COPY`): everything checked before the group at `i`
    // except a sequence still open there (at most one block held back).
    let mut stored = 0;
    // SAFETY: loads read `src[i - 3..i + K * BLOCK]` with `3 <= i`, `i + K * BLOCK <= n`,
    // masked parts of `src` (`check_partial`), `src[n - BLOCK..]` (`BLOCK <= n`) and
    // `INCOMPLETE_MAX`; stores write `dst[i..i + K * BLOCK]` and (masked)
    // `dst[stored..i]`, all below `n`.
    unsafe {
        // Stores `src[stored..to]` to `dst` a masked block at a time.
        let flush = |stored: &mut usize, to: usize| {
            while *stored < to {
                let len = (to - *stored).min(BLOCK);
                let m = if len >= 64 { !0 } else { (1u64 << len) - 1 };
                let v = _mm512_maskz_loadu_epi8(m, p.add(*stored).cast());
                _mm512_mask_storeu_epi8(dst.add(*stored).cast(), m, v);
                *stored += len;
            }
        };
        let c = Consts::new::<WTF8>();
        // Whether the error bits of `src[from..to]` stop the check.
        let fails = |err: __m512i, from: usize, to: usize| {
            nonzero(err) && !(WTF8 && only_lone_trails(err, src, from, to))
        };
        let zero = _mm512_setzero_si512();
        let max = _mm512_loadu_si512(INCOMPLETE_MAX.as_ptr().cast());
        let err = check_partial(zero, p, 0, n.min(BLOCK), &c);
        if fails(err, 0, n.min(BLOCK)) {
            let e = first_error(src, 0, n.min(BLOCK), &c);
            return (kernels::error_tail(src, e), stored);
        }
        if n < BLOCK {
            return (n, stored);
        }
        let mut i = BLOCK;
        // Aligns the blocks: one more (unaligned) block, then on from the first
        // 64-byte boundary inside it (its rest is checked again).
        let a = (p as usize + i).wrapping_neg() % BLOCK;
        if a != 0 && i + BLOCK <= n {
            if fails(check_partial(zero, p, i, BLOCK, &c), i, i + BLOCK) {
                let e = first_error(src, i, i + BLOCK, &c);
                return (kernels::error_tail(src, e), stored);
            }
            i += a;
        }
        // Whether the bytes checked so far end inside a sequence.
        let mut open = src[i - 1] >= 0xC0 || src[i - 2] >= 0xE0 || src[i - 3] >= 0xF0;
        while i + K * BLOCK <= n {
            let q = p.add(i);
            let mut vs = [zero; K];
            let mut any = zero;
            for (k, v) in vs.iter_mut().enumerate() {
                *v = _mm512_loadu_si512(q.add(k * BLOCK).cast());
                any = _mm512_or_si512(any, *v);
            }
            if _mm512_movepi8_mask(any) == 0 {
                if open {
                    break;
                }
                if COPY {
                    flush(&mut stored, i);
                    for (k, v) in vs.iter().enumerate() {
                        _mm512_storeu_si512(dst.add(i + k * BLOCK).cast(), *v);
                    }
                    stored = i + K * BLOCK;
                }
                i += K * BLOCK;
                continue;
            }
            let mut err = zero;
            for (k, v) in vs.iter().enumerate() {
                let b = q.add(k * BLOCK);
                let ld = |off: usize| _mm512_loadu_si512(b.sub(off).cast());
                err = check(err, *v, ld(1), ld(2), ld(3), &c);
            }
            if fails(err, i, i + K * BLOCK) {
                let e = first_error(src, i, i + K * BLOCK, &c);
                return (kernels::error_tail(src, e), stored);
            }
            open = _mm512_cmpgt_epu8_mask(vs[K - 1], max) != 0;
            if COPY {
                flush(&mut stored, i);
                for (k, v) in vs.iter().enumerate().take(K - 1) {
                    _mm512_storeu_si512(dst.add(i + k * BLOCK).cast(), *v);
                }
                stored = i + (K - 1) * BLOCK;
                if !open {
                    _mm512_storeu_si512(dst.add(stored).cast(), vs[K - 1]);
                    stored += BLOCK;
                }
            }
            i += K * BLOCK;
        }
        // The last blocks, the final one partial (a sequence cut by the end fails).
        while i < n {
            let len = (n - i).min(BLOCK);
            if fails(check_partial(zero, p, i, len, &c), i, i + len) {
                let e = first_error(src, i, i + len, &c);
                return (kernels::error_tail(src, e), stored);
            }
            i += len;
        }
        // A whole last block: a sequence cut by the end shows here.
        if _mm512_cmpgt_epu8_mask(_mm512_loadu_si512(p.add(n - BLOCK).cast()), max) != 0 {
            return (kernels::error_tail(src, n), stored);
        }
        (n, stored)
    }
}
