//! UTF-8 validation (and validating copy) after Keiser & Lemire, "Validating UTF-8 in
//! less than one instruction per byte" (2021): three 16-entry nibble lookups classify
//! each pair of adjacent bytes; a saturating subtract finds the bytes that must be
//! third or fourth bytes of a sequence.

use super::ascii::copy_ascii_128;
use crate::simd::scalar;
use crate::simd::vector::{Shuffle, Vector};

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

/// [`BYTE_2_HIGH`] for WTF-8 validation: the surrogate bit only for second bytes
/// `B0..BF`, so that a lead surrogate sequence (`ED A0..AF`) passes and only a trail
/// surrogate sequence (`ED B0..BF`) is flagged, for the caller to check what precedes
/// it.
pub(crate) const BYTE_2_HIGH_WTF8: [u8; 16] = {
    let mut t = BYTE_2_HIGH;
    t[0xA] &= !SURROGATE;
    t
};

/// Every error bit but the surrogate bit.
pub(crate) const NOT_SURROGATE: u8 = !SURROGATE;

/// Whether the `ED` at `q` starts a trail surrogate sequence that directly follows a
/// lead surrogate sequence in `src` (a surrogate pair written as two sequences, which
/// WTF-8 forbids).
#[inline]
pub(crate) fn pair_at(src: &[u8], q: usize) -> bool {
    q >= 3
        && q + 1 < src.len()
        && src[q] == 0xED
        && src[q + 1] & 0xF0 == 0xB0
        && src[q - 3] == 0xED
        && src[q - 2] & 0xF0 == 0xA0
}

/// Whether one of the bytes at `base + k`, for each byte `k` marked in `mask` (`1 <<
/// shift` bits per byte), starts a trail surrogate sequence after a lead one
/// ([`pair_at`]).
// Only the AVX-512 kernel uses it.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[inline]
pub(crate) fn pair_in_mask(src: &[u8], base: usize, mut mask: u64, shift: u32) -> bool {
    while mask != 0 {
        let k = (mask.trailing_zeros() >> shift) as usize;
        if pair_at(src, base + k) {
            return true;
        }
        let next = (k as u32 + 1) << shift;
        mask = if next >= 64 {
            0
        } else {
            mask & (!0u64 << next)
        };
    }
    false
}

/// WTF-8 mode of the validators: whether the error bits `err` of the checked bytes
/// `src[from..to]` are only trail surrogate flags (from [`BYTE_2_HIGH_WTF8`]), none of
/// them right after a lead surrogate sequence, so that the bytes are well-formed WTF-8.
///
/// A flag marks the second byte `q` of a trail surrogate sequence (`ED B0..BF`), in
/// that lane of one or more of the vectors; the trail follows a lead exactly when
/// `src[q - 4..q - 2]` is `ED A0..AF`. So the candidates are the flagged lanes where
/// the byte four back equals the byte one back and is not ASCII (`ED`): all vectors
/// are compared without a branch (two loads, a compare, an AND and an OR each, and no
/// constant: the hot loop's registers are left alone), and only if one lane is a
/// candidate are the vectors looked at one by one ([`pair_at`]).
///
/// # Safety
/// The ISA contract; `4 <= from <= to <= src.len()`, `to - from` a multiple of
/// `V::BYTES`.
#[inline(always)]
unsafe fn only_lone_trails<V: Vector>(err: V, src: &[u8], from: usize, to: usize) -> bool {
    let b = V::BYTES;
    let mut bytes = [0u8; 64];
    // SAFETY: `V::BYTES <= 64` bytes stored to `bytes`; register operations.
    let lanes = unsafe {
        err.store(bytes.as_mut_ptr());
        !err.eq8(V::zero()).high_mask() & lane_bits::<V>()
    };
    if !flags_only_trails(&bytes[..b], lanes, V::MASK_SHIFT, src, from, to) {
        return false;
    }
    let p = src.as_ptr();
    // The high bit of the candidates at `at`.
    let cands = |at: usize| {
        // SAFETY: `4 <= from <= at`, `at + b <= to <= src.len()`: reads
        // `src[at - 4..at - 4 + b]` and `src[at - 1..at - 1 + b]`.
        unsafe {
            let p1 = V::load(p.add(at - 1));
            V::load(p.add(at - 4)).eq8(p1).and(p1)
        }
    };
    // SAFETY: register operations.
    let all = unsafe {
        let mut all = V::zero();
        let mut at = from;
        while at < to {
            all = all.or(cands(at));
            at += b;
        }
        all.high_mask()
    };
    if all & lanes == 0 {
        return true;
    }
    let mut at = from;
    while at < to {
        // SAFETY: register operation.
        let mut c = unsafe { cands(at).high_mask() } & lanes;
        while c != 0 {
            let k = (c.trailing_zeros() >> V::MASK_SHIFT) as usize;
            if pair_at(src, at + k - 1) {
                return false;
            }
            c &= !(((1u64 << (1 << V::MASK_SHIFT)) - 1) << (k << V::MASK_SHIFT));
        }
        at += b;
    }
    true
}

/// The bits of [`Vector::high_mask`] that stand for the lanes of `V`.
#[inline(always)]
fn lane_bits<V: Vector>() -> u64 {
    let width = (V::BYTES as u32) << V::MASK_SHIFT;
    if width >= 64 {
        !0
    } else {
        (1 << width) - 1
    }
}

/// [`only_lone_trails`] of the first block (`from == 0`, where the bytes before the
/// vectors are not there to load): the lanes `k` of `err` (given as bytes) that are
/// flagged are checked at `from + k`, `from + k + b`, ... one by one.
///
/// # Safety
/// The ISA contract; `from <= to <= src.len()`, `to - from` a multiple of `V::BYTES`.
#[inline(always)]
unsafe fn only_lone_trails_first<V: Vector>(err: V, src: &[u8], from: usize, to: usize) -> bool {
    let mut bytes = [0u8; 64];
    // SAFETY: `V::BYTES <= 64` bytes stored to `bytes`; register operations.
    let lanes = unsafe {
        err.store(bytes.as_mut_ptr());
        !err.eq8(V::zero()).high_mask() & lane_bits::<V>()
    };
    lone_trails_in_lanes(src, from, to, &bytes[..V::BYTES], lanes, V::MASK_SHIFT)
}

/// Whether each byte of `err` in the lanes marked in `lanes` (`1 << shift` bits each)
/// is the surrogate flag alone, and no sequence is left open before an ASCII block of
/// `src[from..to]`: the group loop ORs the bits of such a sequence into `err` (in the
/// last three lanes), where they may look like the surrogate flag alone.
#[inline(always)]
fn flags_only_trails(
    err: &[u8],
    lanes: u64,
    shift: u32,
    src: &[u8],
    from: usize,
    to: usize,
) -> bool {
    let b = err.len();
    let mut rest = lanes;
    while rest != 0 {
        let k = (rest.trailing_zeros() >> shift) as usize;
        if err[k] != SURROGATE {
            return false;
        }
        rest &= !(((1u64 << (1 << shift)) - 1) << (k << shift));
    }
    lanes >> ((b as u32 - 3) << shift) == 0 || !open_before_ascii(src, from, to)
}

/// Whether a block of `src[from..to]` (at a multiple of 64 from `from`, but not at 0)
/// is ASCII-led while the bytes before it end inside a sequence.
#[cold]
#[inline(never)]
fn open_before_ascii(src: &[u8], from: usize, to: usize) -> bool {
    let mut at = if from == 0 { 64 } else { from };
    while at < to {
        let open = src[at - 1] >= 0xC0 || src[at - 2] >= 0xE0 || src[at - 3] >= 0xF0;
        if open && src[at] < 0x80 {
            return true;
        }
        at += 64;
    }
    false
}

/// [`only_lone_trails_first`] given the bytes of the error vector (`err`, ORed over
/// the vectors of `src[from..to]`) and the mask of its nonzero bytes (`1 << shift`
/// bits each): each nonzero byte must be the surrogate flag alone, which marks the
/// second byte of a trail surrogate sequence (`ED B0..BF`, nothing else) in that lane
/// of one or more vectors; at each such place in each vector, what precedes the trail
/// must not be a lead surrogate sequence.
#[cold]
#[inline(never)]
fn lone_trails_in_lanes(
    src: &[u8],
    from: usize,
    to: usize,
    err: &[u8],
    mut lanes: u64,
    shift: u32,
) -> bool {
    let b = err.len();
    if !flags_only_trails(err, lanes, shift, src, from, to) {
        return false;
    }
    while lanes != 0 {
        let k = (lanes.trailing_zeros() >> shift) as usize;
        if k >= b {
            break;
        }
        // A flag needs the `ED` before it: none at `src[0]`.
        let mut at = from + k;
        if at == 0 {
            at = b;
        }
        let p = src.as_ptr();
        while at < to {
            // SAFETY: `1 <= at < to <= src.len()`: reads `src[at - 1..=at]`.
            let two = u16::from_le_bytes(unsafe { p.add(at - 1).cast::<[u8; 2]>().read() });
            if two & 0xF0FF == 0xB0ED && pair_at(src, at - 1) {
                return false;
            }
            at += b;
        }
        let next = (k as u32 + 1) << shift;
        lanes = if next >= 64 {
            0
        } else {
            lanes & (!0u64 << next)
        };
    }
    true
}

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
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
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
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
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

/// `err` with the error bits of the vector at `p + at` added.
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it; `3 <= at`, and `p + at - 3` is valid
/// for reads of `V::BYTES + 3` bytes.
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

/// [`check_at`] in WTF-8 mode that keeps a trail surrogate flag only where the byte
/// four back is the `ED` one back (where a lead surrogate sequence may precede the
/// trail: [`pair_at`]); `keep` is `V::splat8(NOT_SURROGATE)`. Three more operations
/// a vector.
///
/// # Safety
/// As [`check_at`], with `4 <= at`: `p + at - 4` valid for reads of `V::BYTES + 4`
/// bytes.
#[inline(always)]
unsafe fn check_at_lone<V: Shuffle>(err: V, p: *const u8, at: usize, t: &[V; 3], keep: V) -> V {
    // SAFETY: forwarded contract: `p[at - 4..at + V::BYTES]` readable. (The load of
    // the bytes one back is the one `check_at` makes: the compiler loads them once.)
    unsafe {
        let p1 = V::load(p.add(at - 1));
        let pair = V::load(p.add(at - 4)).eq8(p1).or(keep);
        err.or(check_at(V::zero(), p, at, t).and(pair))
    }
}

/// The error bits of the non-ASCII blocks of the group at `i` (bit `k` of `high` set
/// for block `k`), and of a sequence left open before each ASCII block (`max`:
/// [`INCOMPLETE_MAX`]'s last `V::BYTES`). With `LONE` (WTF-8 mode), the blocks are
/// checked by [`check_at_lone`]: a lone trail surrogate then adds no error bit, and
/// the group loop goes on without a branch to [`only_lone_trails`].
///
/// # Safety
/// `V`'s ISA contract; `4 <= i`, `V::BYTES <= i`, and `i + GROUP <= src.len()` for
/// `p` the start of `src`.
#[inline(always)]
unsafe fn check_group<V: Shuffle, const LONE: bool>(
    p: *const u8,
    i: usize,
    high: u32,
    t: &[V; 3],
    max: V,
) -> V {
    const BLOCK: usize = 64;
    const GROUP: usize = 4 * BLOCK;
    let b = V::BYTES;
    // SAFETY: forwarded contract: reads `src[i - 4..i + GROUP]`.
    unsafe {
        let keep = V::splat8(NOT_SURROGATE);
        let mut err = V::zero();
        // Blocks one by one: an ASCII block only needs the one before it complete.
        let mut blk = i;
        while blk < i + GROUP {
            if high & 1 << ((blk - i) / BLOCK) != 0 {
                let mut at = blk;
                while at < blk + BLOCK {
                    err = if LONE {
                        check_at_lone(err, p, at, t, keep)
                    } else {
                        check_at(err, p, at, t)
                    };
                    at += b;
                }
            } else {
                // A sequence left open before an ASCII block. (In WTF-8 mode these
                // bits may look like a trail surrogate flag: the rare path looks at
                // the block boundaries itself.)
                err = err.or(V::load(p.add(blk - b)).subs8(max));
            }
            blk += BLOCK;
        }
        err
    }
}

/// Where the scalar code resumes after the vectors of `src[from..to]` failed the
/// check: the first byte with error bits (the vectors before it and the bytes before
/// it in its vector have none, so every character that ends before it is valid; see
/// [`group_tail`]), or `from` if no vector has one. Rechecking the vectors costs less
/// than running the scalar code over all of them.
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it; `3 <= from <= to <= src.len()`,
/// `to - from` a multiple of `V::BYTES`.
#[inline(always)]
unsafe fn first_error<V: Shuffle>(src: &[u8], from: usize, to: usize, t: &[V; 3]) -> usize {
    // Loaded afresh, so that the hot loops keep no vector live for this.
    let p = launder(src.as_ptr());
    let mut at = from;
    // SAFETY: `check_at` reads `src[at - 3..at + V::BYTES]`, `at + V::BYTES <= to`.
    unsafe {
        while at < to {
            let e = check_at(V::zero(), p, at, t);
            if !e.is_zero() {
                return at + V::first_in(!e.eq8(V::zero()).high_mask());
            }
            at += V::BYTES;
        }
    }
    from
}

/// See [`scalar::utf8_valid_up_to`]. Checks 64-byte blocks, reading the bytes before
/// each vector with unaligned loads. At the first group with an error its vectors are
/// checked again one by one ([`first_error`]) and the scalar code finds the exact
/// place from the first byte with error bits; it also takes the tail.
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
#[inline(always)]
pub(crate) unsafe fn utf8_valid_up_to<V: Shuffle>(src: &[u8]) -> usize {
    // SAFETY: forwarded contract.
    unsafe { valid_up_to::<V, false>(src) }
}

/// The WTF-8 prefix check (see `dispatch::wtf8_valid_prefix`): [`utf8_valid_up_to`]
/// that lets surrogate sequences through as long as no trail surrogate sequence
/// directly follows a lead one. Stops (in the scalar code, which takes no
/// surrogates) in the last partial block or at the first block with another error.
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
#[inline(always)]
pub(crate) unsafe fn wtf8_valid_prefix<V: Shuffle>(src: &[u8]) -> usize {
    // SAFETY: forwarded contract.
    unsafe { valid_up_to::<V, true>(src) }
}

/// [`utf8_valid_up_to`], or with `WTF8` [`wtf8_valid_prefix`].
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
#[inline(always)]
unsafe fn valid_up_to<V: Shuffle, const WTF8: bool>(src: &[u8]) -> usize {
    const BLOCK: usize = 64;
    const GROUP: usize = 4 * BLOCK;
    // WTF-8 mode: the most lanes of a vector that a group's non-ASCII bytes may
    // fall in for the group to take `check_group::<V, true>` (a lone surrogate, and
    // a character beside it).
    const SPARSE: u32 = 4;
    let (n, p, b) = (src.len(), src.as_ptr(), V::BYTES);
    if n < BLOCK {
        return group_tail(src, 0);
    }
    // A caller that stopped at an invalid sequence often calls again right there
    // (UTF-8 -> UTF-16 at each surrogate of WTF-8): no tables, no first block then.
    if !WTF8 && src[0] >= 0x80 && seq_len(src) == 0 {
        return 0;
    }
    // SAFETY: loads read `src[i - 4..i + GROUP]` with `b.max(4) <= i`, `i + GROUP <= n`
    // (and `src[blk - b..blk]` for a block `blk >= i` of it), or `src[i - 4..i + BLOCK]`
    // with `4 <= i`, `i + BLOCK <= n` (the first block: `src[..BLOCK]`; the second,
    // `src[BLOCK - 4..2 * BLOCK]` with `2 * BLOCK <= n`), and the last `b <= 64` bytes
    // of `INCOMPLETE_MAX`.
    let i = unsafe {
        let t = [
            V::table16(&BYTE_1_HIGH),
            V::table16(&BYTE_1_LOW),
            V::table16(if WTF8 {
                &BYTE_2_HIGH_WTF8
            } else {
                &BYTE_2_HIGH
            }),
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
        if !(err.is_zero() || WTF8 && only_lone_trails_first(err, src, 0, BLOCK)) {
            let e0 = utf8_check_at(first, first.prev1(z), first.prev2(z), first.prev3(z), &t);
            let e = if e0.is_zero() {
                first_error(src, b, BLOCK, &t)
            } else {
                V::first_in(!e0.eq8(z).high_mask())
            };
            return error_tail(src, e);
        }
        // The groups start at 64-byte boundaries (a load across two cache lines costs
        // more): at the first one in the first block, or (too close to the start for
        // the loads behind it) at the one in the next block, which is checked first,
        // unaligned; without a group to run, right after the first block.
        let a = (p as usize).wrapping_neg() % BLOCK;
        let i = if a >= b.max(4) && a + GROUP <= n {
            a
        } else if a > 0 && BLOCK + a + GROUP <= n {
            let mut err = V::zero();
            let mut at = BLOCK;
            while at < 2 * BLOCK {
                err = check_at(err, p, at, &t);
                at += b;
            }
            if !(err.is_zero() || WTF8 && only_lone_trails(err, src, BLOCK, 2 * BLOCK)) {
                return error_tail(src, first_error(src, BLOCK, 2 * BLOCK, &t));
            }
            BLOCK + a
        } else {
            BLOCK
        };
        let mut i = i;
        // Whether the bytes checked so far end inside a sequence.
        let mut open = src[i - 1] >= 0xC0 || src[i - 2] >= 0xE0 || src[i - 3] >= 0xF0;
        while i + GROUP <= n {
            // The bytes of each block ORed together, and of the group.
            let mut ors = [V::zero(); GROUP / BLOCK];
            let mut any = V::zero();
            for (k, o) in ors.iter_mut().enumerate() {
                let mut at = i + k * BLOCK;
                while at < i + (k + 1) * BLOCK {
                    *o = o.or(V::load(p.add(at)));
                    at += b;
                }
                any = any.or(*o);
            }
            let lanes = any.high_mask();
            if lanes == 0 {
                if open {
                    break;
                }
                i += GROUP;
                continue;
            }
            // Which blocks have a non-ASCII byte.
            let mut high = 0u32;
            for (k, o) in ors.iter().enumerate() {
                high |= u32::from(o.any_high()) << k;
            }
            // The vectors are loaded again below: kept from the loop above, they
            // would be spilled to the stack in every ASCII group.
            let p = launder(p);
            // WTF-8 mode, a group whose non-ASCII bytes are few (mostly ASCII text,
            // where the branch to the rare path that each lone trail surrogate takes,
            // mispredicted, costs the most against the group): lone trail flags are
            // dropped as the vectors are checked. Denser text keeps the cheaper check,
            // and the branch.
            let err = if WTF8 && lanes.count_ones() <= SPARSE << V::MASK_SHIFT {
                check_group::<V, true>(p, i, high, &t, max)
            } else {
                check_group::<V, false>(p, i, high, &t, max)
            };
            if !(err.is_zero() || WTF8 && only_lone_trails(err, src, i, i + GROUP)) {
                return error_tail(src, first_error(src, i, i + GROUP, &t));
            }
            open = !V::load(p.add(i + GROUP - b)).subs8(max).is_zero();
            i += GROUP;
        }
        // Not the vectors of the group loop either (which would keep them live there).
        let p = launder(p);
        while i + BLOCK <= n {
            let mut err = V::zero();
            let mut at = i;
            while at < i + BLOCK {
                err = check_at(err, p, at, &t);
                at += b;
            }
            if !(err.is_zero() || WTF8 && only_lone_trails(err, src, i, i + BLOCK)) {
                return error_tail(src, first_error(src, i, i + BLOCK, &t));
            }
            i += BLOCK;
        }
        i
    };
    group_tail(src, i)
}

/// `p`, as a pointer that the compiler cannot see to be `p` (no instruction): loads
/// through it are not replaced by values loaded through `p` before, which the compiler
/// would otherwise keep in registers (or on the stack) across the hot loop.
#[inline(always)]
fn launder(p: *const u8) -> *const u8 {
    // Only where the vector kernels run (inline assembly is not stable on every
    // target, e.g. wasm32), and not under Miri.
    #[cfg(all(not(miri), any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        let mut q = p;
        // Only the register is passed: nothing is read through it.
        #[allow(clippy::pointers_in_nomem_asm_block)]
        // SAFETY: an empty assembly block (a comment naming the register): `q` comes
        // out as it went in; no memory, stack or flags touched.
        unsafe {
            core::arch::asm!(
                "/* {0} */",
                inout(reg) q,
                options(pure, nomem, nostack, preserves_flags)
            );
        }
        q
    }
    #[cfg(any(miri, not(any(target_arch = "x86_64", target_arch = "aarch64"))))]
    p
}

/// See [`scalar::utf8_copy`]: [`utf8_valid_up_to`] storing each checked group to
/// `dst` as it goes (one pass). A group that ends inside a sequence keeps its last
/// vector back until the next group completes it, so nothing past the returned
/// length is written.
///
/// # Safety
/// `V`'s ISA contract (see [`crate::simd::vector`]): inlined into a `#[target_feature]`
/// entry point of that ISA, on a CPU that has it.
#[inline(always)]
pub(crate) unsafe fn utf8_copy<V: Shuffle>(src: &[u8], dst: &mut [u8]) -> usize {
    const BLOCK: usize = 64;
    const GROUP: usize = 4 * BLOCK;
    let n = src.len().min(dst.len());
    let src = &src[..n];
    let (p, dp) = (src.as_ptr(), dst.as_mut_ptr());
    let b = V::BYTES;
    // A block holds two vectors at least: `flush` of a block whose last vector waits
    // stores the one before it.
    const { assert!(2 * V::BYTES <= BLOCK) };
    let k = BLOCK / b;
    let mut i = 0;
    // Bytes of `src` copied to `dst` so far: `i`, or less when the bytes checked so far
    // end inside a sequence (`i - b` after a group, 0 after the first `a` bytes).
    let mut stored = 0;
    // SAFETY: loads read `src[i..i + GROUP]` with `i + GROUP <= n` (blocks of it), or
    // `src[i..i + BLOCK]` with `i + BLOCK <= n`, and the last `b <= 64` bytes of
    // `INCOMPLETE_MAX`, and `b` bytes of the local `head`; stores write the same ranges
    // of `dst` (`n <= dst.len()`), `src[stored..stored + b]` and `src[to - b..to]` to
    // the same bytes of `dst` (`stored + b <= to <= n`, `to - b >= from`, with `to` the
    // end of the flush that stores them), and `src[..a]` to
    // `dst[..a]` (`a <= n`; `p` and `dp` are different slices).
    unsafe {
        let t = [
            V::table16(&BYTE_1_HIGH),
            V::table16(&BYTE_1_LOW),
            V::table16(&BYTE_2_HIGH),
        ];
        let max = V::load(INCOMPLETE_MAX.as_ptr().add(64 - b));
        let mut prev = V::zero();
        let mut incomplete = V::zero();
        // The loops below store where they load. They start at a vector boundary of
        // `dst` (memcpy aligns its stores too: a store across two cache lines costs
        // more than a load does), after the `a < b` bytes before it, checked as the
        // last bytes of one vector. Those are stored now if they end a character,
        // else with the first group (the pending vector `dst[..b]`).
        let a = (dp as usize).wrapping_neg() % b;
        if a > 0 && a + GROUP <= n {
            let mut head = [0u8; 64];
            head[64 - a..].copy_from_slice(&src[..a]);
            let h = V::load(head.as_ptr().add(64 - b));
            if utf8_check(h, V::zero(), &t).is_zero() {
                prev = h;
                incomplete = h.subs8(max);
                i = a;
                if incomplete.is_zero() {
                    core::ptr::copy_nonoverlapping(p, dp, a);
                    stored = a;
                }
            }
            // Else an error in the first `a` bytes: found from the start, unaligned.
        }
        // Stores the checked `src[from..from + len]` (a group or a block) but for its
        // last vector when `incomplete` (that one waits for the next group), and the
        // pending vector before it (`stored` is `from` or `from - b`). No branch on the
        // data: the pending vector is stored in either case (when there is none, that
        // is the group's first vector twice), and so is the vector before the group's
        // last when that one waits. The loop that stored `from..to` had 8 or 7 steps
        // as the group ended inside a character or not, a mispredicted branch on most
        // groups of CJK text (callgrind, AVX2, UTF-8 ja.txt to UTF-8: 104 of the 171
        // mispredicted branches of a decode).
        macro_rules! flush {
            ($from:expr, $len:expr, $incomplete:expr) => {{
                let (from, len, incomplete): (usize, usize, bool) = ($from, $len, $incomplete);
                let to = from + len - usize::from(incomplete) * b;
                V::load(p.add(stored)).store(dp.add(stored));
                for j in 0..len / b - 1 {
                    V::load(p.add(from + j * b)).store(dp.add(from + j * b));
                }
                V::load(p.add(to - b)).store(dp.add(to - b));
                stored = to;
            }};
        }
        while i + GROUP <= n {
            // A sequence left open by the last group counts as a byte from 0x80 up
            // here (the checks below find the error): a branch on it made the
            // compiler keep two copies of the loop and choose one by `incomplete` at
            // the top of each group, a mispredicted branch on half the groups of
            // Cyrillic text (callgrind, AVX2, UTF-8 ru.txt to UTF-8: 226 of the 259
            // mispredicted branches of a decode).
            let open = incomplete.eq8(V::zero()).xor(V::splat8(0xFF));
            let mut any = open;
            for j in 0..GROUP / b {
                any = any.or(V::load(p.add(i + j * b)));
            }
            if !any.any_high() {
                for j in 0..GROUP / b {
                    V::load(p.add(i + j * b)).store(dp.add(i + j * b));
                }
                i += GROUP;
                // The rest of an ASCII run 128 bytes a step (groups of 256 checked
                // then copied measured a third slower on pure ASCII).
                while i + 128 <= n && copy_ascii_128::<V>(p.add(i), dp.add(i)) {
                    i += 128;
                }
                stored = i;
                prev = V::load(p.add(i - b));
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
            flush!(i, GROUP, !incomplete.is_zero());
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
                flush!(i, BLOCK, !incomplete.is_zero());
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

/// The length of the valid UTF-8 sequence that starts `bytes`, or 0 if none does
/// (ill-formed, truncated or empty).
#[inline]
pub(crate) fn seq_len(bytes: &[u8]) -> usize {
    let (len, lo, hi) = match bytes.first() {
        Some(0x00..=0x7F) => return 1,
        Some(0xC2..=0xDF) => (2, 0x80, 0xBF),
        Some(0xE0) => (3, 0xA0, 0xBF),
        Some(0xE1..=0xEC | 0xEE..=0xEF) => (3, 0x80, 0xBF),
        Some(0xED) => (3, 0x80, 0x9F),
        Some(0xF0) => (4, 0x90, 0xBF),
        Some(0xF1..=0xF3) => (4, 0x80, 0xBF),
        Some(0xF4) => (4, 0x80, 0x8F),
        _ => return 0,
    };
    match bytes.get(..len) {
        Some([_, b, rest @ ..])
            if (lo..=hi).contains(b) && rest.iter().all(|&c| c & 0xC0 == 0x80) =>
        {
            len
        }
        _ => 0,
    }
}

/// The valid prefix of `src` when byte `e` has the first error bits (see
/// [`first_error`]): the characters from the one that `e` is in or just after are
/// checked one at a time up to `e` (one of them is the invalid one), the scalar code
/// goes on only if none is.
#[inline(always)]
pub(crate) fn error_tail(src: &[u8], e: usize) -> usize {
    let mut i = back_to_lead(src, e);
    while i <= e {
        let len = seq_len(&src[i..]);
        if len == 0 {
            return i;
        }
        i += len;
    }
    i + scalar::utf8_valid_up_to(&src[i..])
}
