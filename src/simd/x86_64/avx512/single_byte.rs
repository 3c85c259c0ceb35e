//! AVX-512 single-byte decode to UTF-8 (`vpermi2b` lookups), single-byte encode from
//! UTF-8 (runs of two-byte characters mapped in vectors) and x-user-defined.

use super::avx512_fn;
use super::utf16::units_utf8;
use super::{interleave_indexes, low_bits, Avx512};
use crate::simd::kernels::single_byte::put_upper_utf8;
use crate::simd::scalar;
use crate::simd::vector::{Lookup128, Vector};
use crate::tables::single_byte::{Extra, Run};
use core::arch::x86_64::*;

/// Non-ASCII bytes in a 64-byte block up to which [`sparse_single_byte`] is used.
const SPARSE: u32 = 8;

/// Decodes the 64-byte block `v` (at `sp`, with non-ASCII bytes `upper`, nonzero) to
/// UTF-8 at `dp` a character at a time between ASCII runs. Returns (bytes read,
/// bytes written, whether the whole block was decoded); stops before an unmapped byte.
///
/// # Safety
/// The AVX-512 features; `sp` readable for 64 bytes, `dp` writable for 192.
#[inline(always)]
unsafe fn sparse_single_byte(
    table: &[u16; 128],
    v: __m512i,
    upper: u64,
    sp: *const u8,
    dp: *mut u8,
) -> (usize, usize, bool) {
    let mut m = upper;
    // SAFETY: masked moves touch only `sp[prev..p]` and `dp[w..w + p - prev]`, with
    // `p <= 64` and `w` at most `prev + 2 * (non-ASCII bytes so far)`, within 192; a
    // character takes at most 3 bytes.
    unsafe {
        let mut prev = m.trailing_zeros() as usize;
        _mm512_mask_storeu_epi8(dp.cast(), low_bits(prev), v);
        let mut w = prev;
        loop {
            let p = prev;
            let c = table[usize::from(*sp.add(p) - 0x80)];
            if c == 0 {
                return (p, w, false);
            }
            w += put_upper_utf8(dp.add(w), u32::from(c));
            m &= m - 1;
            let next = if m == 0 {
                64
            } else {
                m.trailing_zeros() as usize
            };
            let seg = low_bits(next - p - 1);
            let x = _mm512_maskz_loadu_epi8(seg, sp.add(p + 1).cast());
            _mm512_mask_storeu_epi8(dp.add(w).cast(), seg, x);
            w += next - p - 1;
            if m == 0 {
                return (64, w, true);
            }
            prev = next;
        }
    }
}

/// `out` with the two UTF-8 bytes of `c` (U+0080..=U+07FF) at bytes `p` and `p + 1`
/// (`p < 63`).
///
/// # Safety
/// The AVX-512 features ([`super`]).
#[inline(always)]
unsafe fn with_two_byte(out: __m512i, p: usize, c: u32) -> __m512i {
    let pair = ((0xC0 | (c >> 6)) | ((0x80 | (c & 0x3F)) << 8)) as u16;
    // The pair as a 16-bit lane at an even place, or turned round at an odd one.
    let word = pair.rotate_left(8 * (p as u32 & 1));
    // SAFETY: forwarded contract.
    unsafe { _mm512_mask_blend_epi8(3 << p, out, _mm512_set1_epi16(word as i16)) }
}

avx512_fn! {
/// See [`scalar::single_byte_to_utf8`].
///
/// # Safety
/// The CPU must have the AVX-512 features.
pub(crate) unsafe fn single_byte_to_utf8(
    table: &[u16; 128],
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    let n = src.len();
    let sp = src.as_ptr();
    let (mut r, mut w) = (0, 0);
    // SAFETY: the features are enabled here; `prepare` only loads `table`.
    let t = unsafe { Avx512::prepare(table) };
    // Leads and trails into pairs.
    // SAFETY: the features are enabled here.
    let interleave = unsafe { interleave_indexes() };
    loop {
        // Derived anew each round: the scalar call below reborrows `dst`.
        let dp = dst.as_mut_ptr();
        // SAFETY: loads read `src[r..r + 64]` (`r + 64 <= n`) or, in a run of ASCII,
        // `src[r..r + 128]` (`r + 128 <= n`); at most 192 bytes are written at `w`
        // (`w + 192 <= dst.len()`), 64 or 128 for ASCII. Skipping to the boundary
        // moves `r` and `w` on by at most the 64 just converted.
        unsafe {
            while r + 64 <= n && dst.len() - w >= 192 {
                let v = Avx512::load(sp.add(r));
                let upper = _mm512_movepi8_mask(v.0);
                if upper == 0 {
                    v.store(dp.add(w));
                    // A run of ASCII: on from the first output byte at a 64-byte
                    // boundary (stores that split no cache line; the bytes before it
                    // are written again, the same), 128 bytes at a time.
                    let skip = 64 - (dp.add(w) as usize & 63);
                    r += skip;
                    w += skip;
                    while r + 128 <= n && dst.len() - w >= 192 {
                        let a = _mm512_loadu_si512(sp.add(r).cast());
                        let b = _mm512_loadu_si512(sp.add(r + 64).cast());
                        if _mm512_movepi8_mask(_mm512_or_si512(a, b)) != 0 {
                            break;
                        }
                        _mm512_storeu_si512(dp.add(w).cast(), a);
                        _mm512_storeu_si512(dp.add(w + 64).cast(), b);
                        r += 128;
                        w += 128;
                    }
                    continue;
                }
                // One upper-half byte in the block's first 63, or two in its first
                // 62, whose characters are of two bytes (accented letters in Latin
                // text): the bytes spread by an expand that leaves a gap after each,
                // the letters' two bytes blended in, 64 bytes written.
                let one = upper & low_bits(63);
                let two = upper & low_bits(62);
                let two_byte = |at: usize| {
                    let c = u32::from(table[usize::from(*sp.add(r + at) - 0x80)]);
                    (0x80..0x800).contains(&c).then_some(c)
                };
                let p = one.trailing_zeros() as usize;
                let letters = if one.count_ones() == 1 {
                    two_byte(p).map(|c| {
                        let out = _mm512_maskz_expand_epi8(!(2 << p), v.0);
                        (with_two_byte(out, p, c), 63)
                    })
                } else if two.count_ones() == 2 {
                    let q = (two & (two - 1)).trailing_zeros() as usize;
                    two_byte(p).zip(two_byte(q)).map(|(c, d)| {
                        let out = _mm512_maskz_expand_epi8(!(2 << p | 4 << q), v.0);
                        (with_two_byte(with_two_byte(out, p, c), q + 1, d), 62)
                    })
                } else {
                    None
                };
                if let Some((out, read)) = letters {
                    _mm512_storeu_si512(dp.add(w).cast(), out);
                    r += read;
                    w += 64;
                    continue;
                }
                // Every upper-half byte mapped to a character of two bytes (Latin
                // text with more letters, Cyrillic): each byte's lead (or ASCII) and
                // trail in byte lanes, interleaved by `vpermt2b` into pairs, the
                // ASCII bytes' trails dropped by a compress per 32 bytes read.
                let (lo, hi) = Avx512::lookup(&t, v);
                let two_byte = _mm512_mask_cmplt_epu8_mask(upper, hi.0, _mm512_set1_epi8(8))
                    & !_mm512_cmpeq_epi8_mask(_mm512_or_si512(lo.0, hi.0), _mm512_setzero_si512());
                if two_byte == upper {
                    let lead = _mm512_ternarylogic_epi32::<0xFE>(
                        _mm512_set1_epi8(0xC0u8 as i8),
                        _mm512_slli_epi16::<2>(hi.0),
                        _mm512_and_si512(_mm512_srli_epi16::<6>(lo.0), _mm512_set1_epi8(3)),
                    );
                    let lead = _mm512_mask_blend_epi8(upper, lo.0, lead);
                    // `(lo & 0x3F) | 0x80`.
                    let trail = _mm512_ternarylogic_epi32::<0xAC>(
                        _mm512_set1_epi8(0x3F),
                        _mm512_set1_epi8(0x80u8 as i8),
                        lo.0,
                    );
                    for (h, idx) in interleave.iter().enumerate() {
                        let half = (upper >> (32 * h)) as u32;
                        let pairs = _mm512_permutex2var_epi8(lead, *idx, trail);
                        let keep = 0x5555_5555_5555_5555
                            | _pdep_u64(u64::from(half), 0xAAAA_AAAA_AAAA_AAAA);
                        let len = 32 + half.count_ones() as usize;
                        _mm512_mask_storeu_epi8(
                            dp.add(w).cast(),
                            low_bits(len),
                            _mm512_maskz_compress_epi8(keep, pairs),
                        );
                        w += len;
                    }
                    r += 64;
                    continue;
                }
                if upper.count_ones() <= SPARSE {
                    // A few non-ASCII bytes: copy the ASCII between them with masked
                    // moves and write each character from the table.
                    let (rr, ww, done) =
                        sparse_single_byte(table, v.0, upper, sp.add(r), dp.add(w));
                    r += rr;
                    w += ww;
                    if !done {
                        break;
                    }
                    continue;
                }
                let (lo, hi) = Avx512::lookup(&t, v);
                let unmapped = upper & _mm512_cmpeq_epi8_mask(lo.or(hi).0, _mm512_setzero_si512());
                let count = unmapped.trailing_zeros() as usize;
                let (u0, u1) = Avx512::interleave(lo, hi);
                w += units_utf8(u0.0, count.min(32), dp.add(w));
                if count > 32 {
                    w += units_utf8(u1.0, count - 32, dp.add(w));
                }
                r += count;
                if count < 64 {
                    break;
                }
            }
        }
        if r == n {
            return (r, w);
        }
        let end = n.min(r + 64);
        let (rr, ww) = scalar::single_byte_to_utf8(table, &src[r..end], &mut dst[w..]);
        r += rr;
        w += ww;
        if r < end {
            return (r, w);
        }
    }
}
}

/// The code point and length of a well-formed two- or three-byte sequence (not a
/// surrogate) at the start of `src`.
#[inline(always)]
pub(crate) fn two_or_three(src: &[u8]) -> Option<(u32, usize)> {
    match *src {
        [b0, b1, ..] if (0xC2..=0xDF).contains(&b0) && b1 & 0xC0 == 0x80 => {
            Some(((u32::from(b0 & 0x1F) << 6) | u32::from(b1 & 0x3F), 2))
        }
        [b0, b1, b2, ..] if b0 & 0xF0 == 0xE0 && b1 & 0xC0 == 0x80 && b2 & 0xC0 == 0x80 => {
            let c =
                (u32::from(b0 & 0x0F) << 12) | (u32::from(b1 & 0x3F) << 6) | u32::from(b2 & 0x3F);
            (c >= 0x800 && !(0xD800..=0xDFFF).contains(&c)).then_some((c, 3))
        }
        _ => None,
    }
}

/// Whether [`single_byte_encode_utf8`] is the better choice for `run` than staging
/// through UTF-16: a long run of two-byte characters, which it maps in vectors
/// straight from UTF-8. (Staging measured faster for runs of three-byte characters:
/// Thai, x-user-defined.)
pub(crate) fn encodes_run(run: Run) -> bool {
    run.len >= 32 && u32::from(run.code_point) + u32::from(run.len) <= 0x800
}

/// The byte `run` maps the two-byte character at `p` to, if it is one of the run's
/// (its lead and continuation bits tested on the two bytes read as one word; the
/// run's characters are from U+0080 on, so an overlong form is outside it).
///
/// # Safety
/// `p` is readable for two bytes.
#[inline(always)]
unsafe fn run_letter(run: Run, p: *const u8) -> Option<u8> {
    // SAFETY: forwarded contract.
    let x = u32::from(u16::from_le_bytes(unsafe { [*p, *p.add(1)] }));
    let c = ((x & 0x1F) << 6) | ((x >> 8) & 0x3F);
    let off = c.wrapping_sub(u32::from(run.code_point));
    (x & 0xC0E0 == 0x80C0 && off < u32::from(run.len)).then(|| run.byte.wrapping_add(off as u8))
}

avx512_fn! {
/// See [`scalar::single_byte_encode_utf8`]: runs of two-byte characters are mapped in
/// vectors, other characters by `extra` without leaving the loop.
///
/// # Safety
/// The CPU must have the AVX-512 features.
pub(crate) unsafe fn single_byte_encode_utf8(
    run: Run,
    extra: &Extra,
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    let two_byte_run = run.len > 0 && u32::from(run.code_point) + u32::from(run.len) <= 0x800;
    if !two_byte_run {
        // SAFETY: the caller checked the features.
        return scalar::single_byte_encode_utf8(run, extra, src, dst);
    }
    let n = src.len();
    let sp = src.as_ptr();
    let (mut r, mut w) = (0, 0);
    loop {
        // Derived anew each round: the scalar call below reborrows `dst`.
        let dp = dst.as_mut_ptr();
        // SAFETY: loads read `src[r..r + 65]` (`r + 65 <= n`), for two letters
        // `src[r + 2..r + 66]` (`r + 66 <= n`, tested), and a letter's two bytes at
        // `r + k` for `k < 63`; at most 64 bytes are written at `w`
        // (`w + 64 <= dst.len()`), one byte at `w < dst.len()`.
        unsafe {
            let c0 = _mm512_set1_epi8(0xC0u8 as i8);
            let c80 = _mm512_set1_epi8(0x80u8 as i8);
            let lead_base = _mm512_set1_epi8((0xC0 | (run.code_point >> 6)) as u8 as i8);
            let low_base = _mm512_set1_epi8((run.code_point & 0x3F) as u8 as i8);
            let len = _mm512_set1_epi8(run.len as i8);
            let byte = _mm512_set1_epi8(run.byte as i8);
            while r + 65 <= n && dst.len() - w >= 64 {
                let v = _mm512_loadu_si512(sp.add(r).cast());
                let upper = _mm512_movepi8_mask(v);
                if upper == 0 {
                    _mm512_storeu_si512(dp.add(w).cast(), v);
                    r += 64;
                    w += 64;
                    continue;
                }
                let next = _mm512_loadu_si512(sp.add(r + 1).cast());
                // One or two two-byte characters of the run alone among ASCII bytes
                // (accented letters in Latin text, most non-ASCII blocks there): each
                // letter's byte in its place and the bytes after it from the block one
                // (two) bytes on, by blends, without classifying the block.
                let k = upper.trailing_zeros() as usize;
                let rest = upper & !(3 << k);
                if upper & (3 << k) == 3 << k && k < 63 {
                    if let Some(b0) = run_letter(run, sp.add(r + k)) {
                        let after0 = !low_bits(k + 1);
                        let out = _mm512_mask_blend_epi8(after0, v, next);
                        let out = _mm512_mask_set1_epi8(out, 1 << k, b0 as i8);
                        if rest == 0 {
                            _mm512_mask_storeu_epi8(dp.add(w).cast(), low_bits(63), out);
                            r += 64;
                            w += 63;
                            continue;
                        }
                        let k1 = rest.trailing_zeros() as usize;
                        if rest == 3 << k1 && k1 < 63 && r + 66 <= n {
                            if let Some(b1) = run_letter(run, sp.add(r + k1)) {
                                let next2 = _mm512_loadu_si512(sp.add(r + 2).cast());
                                let out = _mm512_mask_blend_epi8(!low_bits(k1), out, next2);
                                let out = _mm512_mask_set1_epi8(out, 1 << (k1 - 1), b1 as i8);
                                _mm512_mask_storeu_epi8(dp.add(w).cast(), low_bits(62), out);
                                r += 64;
                                w += 62;
                                continue;
                            }
                        }
                    }
                }
                let lead2 =
                    _mm512_cmpeq_epi8_mask(_mm512_and_si512(v, _mm512_set1_epi8(0xE0u8 as i8)), c0);
                let cont = _mm512_cmpeq_epi8_mask(_mm512_and_si512(v, c0), c80);
                let next_cont = _mm512_cmpeq_epi8_mask(_mm512_and_si512(next, c0), c80);
                let d = _mm512_sub_epi8(v, lead_base);
                let d_ok = _mm512_cmple_epu8_mask(d, _mm512_set1_epi8(3));
                let x = _mm512_or_si512(
                    _mm512_and_si512(_mm512_slli_epi16::<6>(d), c0),
                    _mm512_and_si512(next, _mm512_set1_epi8(0x3F)),
                );
                let off = _mm512_sub_epi8(x, low_base);
                let in_run = _mm512_cmplt_epu8_mask(off, len);
                let good = lead2 & next_cont & d_ok & in_run & !(1u64 << 63);
                let ok = !upper | good | (cont & (good << 1));
                let limit = (!ok).trailing_zeros() as usize;
                let keep = (!upper | good) & low_bits(limit);
                let out = _mm512_mask_blend_epi8(good, v, _mm512_add_epi8(off, byte));
                let packed = _mm512_maskz_compress_epi8(keep, out);
                let k = keep.count_ones() as usize;
                _mm512_mask_storeu_epi8(dp.add(w).cast(), low_bits(k), packed);
                r += limit;
                w += k;
                if limit == 0 {
                    // A character the vector does not map (or one cut by the vector
                    // end): by the run or `extra`, then on.
                    if w < dst.len() {
                        if let Some((c, len)) = two_or_three(&src[r..]) {
                            if let Some(b) = extra.map(run, c) {
                                // `w < dst.len()` was checked above.
                                dp.add(w).write(b);
                                w += 1;
                                r += len;
                                continue;
                            }
                        }
                    }
                    break;
                }
            }
        }
        match scalar::single_byte_encode_utf8_stretch(run, extra, src, dst, (r, w)) {
            Ok(rw) => (r, w) = rw,
            Err(rw) => return rw,
        }
    }
}
}

/// The 16 bytes `q` (0..4) of `v`, zero-extended to `u32` lanes.
///
/// # Safety
/// The AVX-512 features ([`super`]).
#[inline(always)]
unsafe fn quarter_u32(v: __m512i, q: usize) -> __m512i {
    // SAFETY: forwarded contract.
    unsafe {
        _mm512_cvtepu8_epi32(match q {
            0 => _mm512_castsi512_si128(v),
            1 => _mm512_extracti32x4_epi32::<1>(v),
            2 => _mm512_extracti32x4_epi32::<2>(v),
            _ => _mm512_extracti32x4_epi32::<3>(v),
        })
    }
}

avx512_fn! {
/// See [`scalar::x_user_defined_to_utf8`]: each 16 bytes become 32-bit lanes holding
/// the byte (ASCII) or `EF 9E|9F 80|low6` (U+F780..U+F7FF), packed by a compress.
///
/// # Safety
/// The CPU must have the AVX-512 features.
pub(crate) unsafe fn x_user_defined_to_utf8(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let n = src.len();
    let sp = src.as_ptr();
    let (mut r, mut w) = (0, 0);
    {
        let dp = dst.as_mut_ptr();
        // SAFETY: loads read `src[r..r + 64]` (`r + 64 <= n`); at most 192 bytes are
        // written at `w` (`w + 192 <= dst.len()`): 48 per quarter, by masked stores of
        // exactly the bytes counted.
        unsafe {
            let low6 = _mm512_set1_epi32(0x3F_0000);
            let bit6 = _mm512_set1_epi32(0x100);
            let base = _mm512_set1_epi32(0x80_9EEF);
            while r + 64 <= n && dst.len() - w >= 192 {
                let v = _mm512_loadu_si512(sp.add(r).cast());
                let upper = _mm512_movepi8_mask(v);
                if upper == 0 {
                    _mm512_storeu_si512(dp.add(w).cast(), v);
                    r += 64;
                    w += 64;
                    continue;
                }
                for q in 0..4 {
                    let hi = (upper >> (16 * q)) as u16;
                    let x = quarter_u32(v, q);
                    if hi == 0 {
                        _mm_storeu_si128(dp.add(w).cast(), _mm512_cvtepi32_epi8(x));
                        w += 16;
                        continue;
                    }
                    // Bytes 0x80..=0xFF: EF, 9E + bit 6, 80 | low 6 bits.
                    let three = _mm512_ternarylogic_epi32::<0xFE>(
                        _mm512_and_si512(_mm512_slli_epi32::<16>(x), low6),
                        _mm512_and_si512(_mm512_slli_epi32::<2>(x), bit6),
                        base,
                    );
                    let lanes = _mm512_mask_mov_epi32(x, hi, three);
                    let keep = 0x1111_1111_1111_1111
                        | (_pdep_u64(u64::from(hi), 0x2222_2222_2222_2222) * 3);
                    let packed = _mm512_maskz_compress_epi8(keep, lanes);
                    let len = 16 + 2 * hi.count_ones() as usize;
                    _mm512_mask_storeu_epi8(dp.add(w).cast(), low_bits(len), packed);
                    w += len;
                }
                r += 64;
            }
        }
    }
    let (rr, ww) = scalar::x_user_defined_to_utf8(&src[r..], &mut dst[w..]);
    (r + rr, w + ww)
}
}

avx512_fn! {
/// See [`scalar::single_byte_encode_utf8`], for x-user-defined's run (`run` is
/// U+F780..=U+F7FF from 0x80, which the caller checked): 64 bytes at a time while
/// each character that starts in them is ASCII or `EF 9E|9F 80..BF`, checked as in
/// [`crate::simd::kernels::single_byte::x_user_defined_encode_utf8`], each start's
/// byte packed by a compress and written by a masked store; the scalar code takes
/// the rest, 64 bytes at a time.
///
/// # Safety
/// The CPU must have the AVX-512 features.
pub(crate) unsafe fn x_user_defined_encode_utf8(
    run: Run,
    extra: &Extra,
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    let n = src.len();
    let sp = src.as_ptr();
    let (mut r, mut w) = (0, 0);
    loop {
        // Derived anew each round: the scalar call below reborrows `dst`.
        let dp = dst.as_mut_ptr();
        // The bytes at `r` that end the last block's last character (bits 64 and 65
        // of its `follow`, checked by it): each block moves `r` on by 64, whatever
        // its characters, so no load waits for the last block's masks.
        let mut carry = 0u64;
        // SAFETY: loads read `src[r..r + 66]` (`r + 66 <= n`); at most 64 bytes are
        // written at `w` (`w + 64 <= dst.len()`), by a masked store of exactly the
        // bytes counted.
        unsafe {
            let ef = _mm512_set1_epi8(0xEFu8 as i8);
            let (fe, x9e, x9f) = (
                _mm512_set1_epi8(0xFEu8 as i8),
                _mm512_set1_epi8(0x9Eu8 as i8),
                _mm512_set1_epi8(0x9Fu8 as i8),
            );
            let (c0, c80, x40) = (
                _mm512_set1_epi8(0xC0u8 as i8),
                _mm512_set1_epi8(0x80u8 as i8),
                _mm512_set1_epi8(0x40),
            );
            while r + 66 <= n && dst.len() - w >= 64 {
                let v = _mm512_loadu_si512(sp.add(r).cast());
                let high = _mm512_movepi8_mask(v);
                if high == 0 {
                    // (`carry` is 0: its bytes are not ASCII.)
                    _mm512_storeu_si512(dp.add(w).cast(), v);
                    r += 64;
                    w += 64;
                    continue;
                }
                // A character starts at each byte below 0x80 and each EF; the other
                // bytes are exactly the two after each EF, which are 9E|9F, 80..BF.
                let lead = _mm512_cmpeq_epi8_mask(v, ef);
                if high & !lead != carry | (lead << 1) | (lead << 2) {
                    break;
                }
                let b1 = _mm512_loadu_si512(sp.add(r + 1).cast());
                let b2 = _mm512_loadu_si512(sp.add(r + 2).cast());
                let ok = _mm512_mask_cmpeq_epi8_mask(
                    _mm512_cmpeq_epi8_mask(_mm512_and_si512(b1, fe), x9e),
                    _mm512_and_si512(b2, c0),
                    c80,
                );
                if lead & !ok != 0 {
                    break;
                }
                // At an EF: `b2` (0x80 and its low six bits), 0x40 for 9F.
                let upper = _mm512_or_si512(
                    b2,
                    _mm512_maskz_mov_epi8(_mm512_cmpeq_epi8_mask(b1, x9f), x40),
                );
                let starts = !high | lead;
                let out = _mm512_mask_blend_epi8(lead, v, upper);
                let packed = _mm512_maskz_compress_epi8(starts, out);
                let k = starts.count_ones() as usize;
                _mm512_mask_storeu_epi8(dp.add(w).cast(), low_bits(k), packed);
                r += 64;
                w += k;
                // A three-byte character at the end takes one or two bytes of the
                // next block.
                carry = (lead >> 62) | (lead >> 63);
            }
        }
        r += carry.count_ones() as usize;
        match scalar::single_byte_encode_utf8_stretch(run, extra, src, dst, (r, w)) {
            Ok(rw) => (r, w) = rw,
            Err(rw) => return rw,
        }
    }
}
}

avx512_fn! {
/// See [`scalar::x_user_defined_to_utf16`]: sign extension makes 0xFF80..=0xFFFF of
/// the bytes from 0x80, and clearing bit 11 makes 0xF780..=0xF7FF (ASCII has it
/// clear).
///
/// # Safety
/// The CPU must have the AVX-512 features.
pub(crate) unsafe fn x_user_defined_to_utf16(src: &[u8], dst: &mut [u16]) -> usize {
    let n = src.len().min(dst.len());
    // Units up to a 64-byte boundary of the output, so that no store splits a line.
    let head = ((64 - (dst.as_ptr() as usize & 63)) & 63) / 2;
    let mut i = scalar::x_user_defined_to_utf16(&src[..head.min(n)], &mut dst[..head.min(n)]);
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr());
    // SAFETY: loads read `src[i..i + 64]`, stores write units `dst[i..i + 64]`, in
    // bounds as `i + 64 <= n`.
    unsafe {
        let keep = _mm512_set1_epi16(0xF7FFu16 as i16);
        while i + 64 <= n {
            let lo = _mm512_cvtepi8_epi16(_mm256_loadu_si256(sp.add(i).cast()));
            let hi = _mm512_cvtepi8_epi16(_mm256_loadu_si256(sp.add(i + 32).cast()));
            _mm512_storeu_si512(dp.add(i).cast(), _mm512_and_si512(lo, keep));
            _mm512_storeu_si512(dp.add(i + 32).cast(), _mm512_and_si512(hi, keep));
            i += 64;
        }
    }
    i + scalar::x_user_defined_to_utf16(&src[i..n], &mut dst[i..n])
}
}
