//! AVX2 single-byte encode from UTF-8 for tables whose run is of two-byte characters
//! (the Latin-1 letters of windows-1252 and the ISO-8859 Latin tables, Cyrillic,
//! Greek, Hebrew, Arabic): 32 bytes at a time, straight from UTF-8.
//!
//! Each vector's bytes are classified at once: ASCII, a lead of a character of the
//! run (its output byte worked out from the lead and the byte after it), the
//! continuation byte of one. The bytes kept (the ASCII and the leads) are packed
//! eight input bytes at a time by a byte shuffle from a table of the 256 masks, so
//! the vector's output is its 32 bytes less one per character of the run. Other
//! characters (those of `extra`, three-byte punctuation such as `„` or `€`) are
//! mapped one at a time without leaving the loop; text with many of them goes back
//! to the caller's staging through UTF-16. Against that staging, which every text
//! took before, encode from UTF-8 against encoding_rs, Zen 3 (scratch runs of the
//! two alternating, best of 20 rounds): windows-1252 fr.txt 1.7 -> 3.1, pt.txt 0.8
//! -> 1.7, de.html 2.1 -> 2.6; windows-1251 ru.html 3.0 -> 5.0; ISO-8859-5 ru.txt
//! 6.7 -> 12.0.

use super::avx2::{avx2_fn, Avx2};
use super::avx512::single_byte::two_or_three;
use crate::simd::kernels::ascii::copy_ascii_to_ascii;
use crate::simd::scalar;
use crate::tables::single_byte::{Extra, Run};
use core::arch::x86_64::*;

/// For each mask of eight bytes (bit `i` for byte `i`), the shuffle row that packs
/// the marked bytes to the front, in order; the rest of the row clears.
static PACK8: [[u8; 16]; 256] = {
    let mut t = [[0x80u8; 16]; 256];
    let mut m = 0;
    while m < 256 {
        let (mut i, mut k) = (0, 0);
        while i < 8 {
            if m & (1 << i) != 0 {
                t[m][k] = i as u8;
                k += 1;
            }
            i += 1;
        }
        m += 1;
    }
    t
};

/// Whether [`single_byte_encode_utf8`] can take `run`: a run of two-byte characters
/// of text (not the C1 controls, the run of nine ISO-8859 tables, whose letters
/// would each take the way outside the vectors), long enough to matter, whose
/// offsets from its first code point fit in a byte as the vector arithmetic works
/// them out (from the first code point's 64-block).
pub(crate) fn encodes_run(run: Run) -> bool {
    let end = u32::from(run.code_point) + u32::from(run.len);
    run.code_point >= 0xA0
        && run.len >= 32
        && end <= 0x800
        && u32::from(run.code_point & 0x3F) + u32::from(run.len) <= 256
}

/// Writes the byte of the two- or three-byte character at `src[r..]` by `run` or
/// `extra` at `dp + w`; the (`r`, `w`) after it, and 1 if `extra` mapped it (else 0).
///
/// # Safety
/// `dp + w` is valid for a write of one byte.
#[inline(always)]
unsafe fn put_other(
    run: Run,
    extra: &Extra,
    src: &[u8],
    dp: *mut u8,
    (r, w): (usize, usize),
) -> Option<(usize, usize, u32)> {
    let (c, len) = two_or_three(&src[r..])?;
    let (b, outside) = match run.map(c) {
        Some(b) => (b, 0),
        None => (extra.get(c)?, 1),
    };
    // SAFETY: forwarded contract.
    unsafe { dp.add(w).write(b) };
    Some((r + len, w + 1, outside))
}

/// Vector steps (of non-ASCII vectors) between two looks at how many characters the
/// vectors left to [`put_other`].
const LOOK_EVERY: u32 = 64;

avx2_fn! {
/// See [`scalar::single_byte_encode_utf8`]; `run` as [`encodes_run`] says (else the
/// scalar code takes the call). Writes only the bytes it returns. The flag says the
/// call stopped early because the text has many characters outside the run (at least
/// one for every two vector steps, over [`LOOK_EVERY`] steps: Turkish in
/// windows-1254, whose `ı`, `ş` and `ğ` are outside it, Russian in IBM866, whose
/// run holds half the lowercase letters, Vietnamese in windows-1258), which the
/// caller then encodes otherwise: each such character ends a vector step here.
///
/// # Safety
/// The CPU must have the AVX2 features ([`avx2_fn`]).
pub(crate) unsafe fn single_byte_encode_utf8(
    run: Run,
    extra: &Extra,
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize, bool) {
    if !encodes_run(run) {
        let (r, w) = scalar::single_byte_encode_utf8(run, extra, src, dst);
        return (r, w, false);
    }
    // Vector steps since the last look, and characters left to `put_other` in them.
    let (mut steps, mut others) = (0u32, 0u32);
    let n = src.len();
    let sp = src.as_ptr();
    let (mut r, mut w) = (0, 0);
    loop {
        // Derived anew each round and after the bulk copy: the calls reborrow `dst`.
        let mut dp = dst.as_mut_ptr();
        // SAFETY: loads read `src[r..r + 33]` (`r + 33 <= n`), the 16 bytes at
        // `w + end` with `end <= 32` and 16 bytes of `PACK8`; stores write 32 bytes at
        // `w`, or 16 bytes at `w + k` for `k <= end` and at `w + end`, all within
        // `dst[w..w + 48]` (`w + 48 <= dst.len()`), or one byte at `w < dst.len()`.
        // What is written past `w + end` is put back as it was before the loop's next
        // read.
        unsafe {
            let c0 = _mm256_set1_epi8(0xC0u8 as i8);
            let c80 = _mm256_set1_epi8(0x80u8 as i8);
            let e0 = _mm256_set1_epi8(0xE0u8 as i8);
            let low6 = _mm256_set1_epi8(0x3F);
            let three = _mm256_set1_epi8(3);
            let lead_base = _mm256_set1_epi8((0xC0 | (run.code_point >> 6)) as u8 as i8);
            let low_base = _mm256_set1_epi8((run.code_point & 0x3F) as u8 as i8);
            let last = _mm256_set1_epi8((run.len - 1) as i8);
            let byte = _mm256_set1_epi8(run.byte as i8);
            let eight = _mm_set1_epi8(8);
            let iota = _mm256_setr_epi8(
                0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
                22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
            );
            // Whether the last vector was ASCII.
            let mut ascii = false;
            while r + 33 <= n && dst.len() - w >= 48 {
                let v = _mm256_loadu_si256(sp.add(r).cast());
                let upper = _mm256_movemask_epi8(v) as u32;
                if upper == 0 {
                    if ascii {
                        // The second ASCII vector in a row: the bulk copy, up to the
                        // next non-ASCII byte. (From the first, it measured slower
                        // on text with an accented letter every few words.)
                        let k = copy_ascii_to_ascii::<Avx2>(&src[r..], &mut dst[w..]);
                        dp = dst.as_mut_ptr();
                        r += k;
                        w += k;
                        ascii = false;
                        continue;
                    }
                    _mm256_storeu_si256(dp.add(w).cast(), v);
                    r += 32;
                    w += 32;
                    ascii = true;
                    continue;
                }
                ascii = false;
                steps += 1;
                if steps == LOOK_EVERY {
                    if 2 * others >= LOOK_EVERY {
                        return (r, w, true);
                    }
                    (steps, others) = (0, 0);
                }
                let next = _mm256_loadu_si256(sp.add(r + 1).cast());
                // One two-byte character of the run alone among ASCII bytes (an
                // accented letter in Latin text, the most common non-ASCII vector
                // there): its byte in its place and the bytes after it moved down
                // one, by two blends, without classifying the vector.
                let k = upper.trailing_zeros();
                if upper == 3 << k && k < 31 {
                    let (lead, cont) = (src[r + k as usize], src[r + k as usize + 1]);
                    let c = (u32::from(lead & 0x1F) << 6) | u32::from(cont & 0x3F);
                    if lead & 0xE0 == 0xC0 && cont & 0xC0 == 0x80 && c >= 0x80 {
                        if let Some(b) = run.map(c) {
                            let at = _mm256_set1_epi8(k as i8);
                            let moved = _mm256_blendv_epi8(v, next, _mm256_cmpgt_epi8(iota, at));
                            let out = _mm256_blendv_epi8(
                                moved,
                                _mm256_set1_epi8(b as i8),
                                _mm256_cmpeq_epi8(iota, at),
                            );
                            // 31 bytes: the store's last byte is put back.
                            let after = _mm_loadu_si128(dp.add(w + 31).cast());
                            _mm256_storeu_si256(dp.add(w).cast(), out);
                            _mm_storeu_si128(dp.add(w + 31).cast(), after);
                            r += 32;
                            w += 31;
                            continue;
                        }
                    }
                }
                let lead2 = _mm256_cmpeq_epi8(_mm256_and_si256(v, e0), c0);
                let cont = _mm256_cmpeq_epi8(_mm256_and_si256(v, c0), c80);
                let next_cont = _mm256_cmpeq_epi8(_mm256_and_si256(next, c0), c80);
                // The lead's offset from the run's first lead (at most 3: within 256
                // code points of its 64-block), and the code point's offset from the
                // run's first (mod 256), compared unsigned by minimum and maximum.
                let d = _mm256_sub_epi8(v, lead_base);
                let d_ok = _mm256_cmpeq_epi8(_mm256_min_epu8(d, three), d);
                let x = _mm256_or_si256(
                    _mm256_and_si256(_mm256_slli_epi16::<6>(d), c0),
                    _mm256_and_si256(next, low6),
                );
                let off = _mm256_sub_epi8(x, low_base);
                let in_run = _mm256_cmpeq_epi8(_mm256_max_epu8(off, last), last);
                let good_v = _mm256_and_si256(
                    _mm256_and_si256(lead2, next_cont),
                    _mm256_and_si256(d_ok, in_run),
                );
                // Not the last byte: its continuation is in the next vector.
                let good = _mm256_movemask_epi8(good_v) as u32 & !(1 << 31);
                let cont = _mm256_movemask_epi8(cont) as u32;
                let ok = !upper | good | (cont & (good << 1));
                let limit = (!ok).trailing_zeros() as usize;
                if limit == 0 {
                    // A character the vector does not map: by the run or `extra`.
                    // (Going on over the characters after it up to the next ASCII
                    // byte, instead of one vector step each, took more instructions
                    // on Turkish in windows-1254 and on Russian in IBM866.)
                    // `w + 48 <= dst.len()`.
                    let Some((rr, ww, o)) = put_other(run, extra, src, dp, (r, w)) else {
                        break;
                    };
                    (r, w, others) = (rr, ww, others + o);
                    continue;
                }
                let keep = (!upper | good) & if limit >= 32 { !0 } else { (1 << limit) - 1 };
                let out = _mm256_blendv_epi8(v, _mm256_add_epi8(off, byte), good_v);
                let end = keep.count_ones() as usize;
                // The bytes the stores below write over past the output.
                let after = _mm_loadu_si128(dp.add(w + end).cast());
                let halves = [_mm256_castsi256_si128(out), _mm256_extracti128_si256::<1>(out)];
                let mut k = w;
                let groups = [halves[0], halves[0], halves[1], halves[1]];
                for (g, half) in groups.into_iter().enumerate() {
                    let key = (keep >> (8 * g)) as u8;
                    let mut row = _mm_loadu_si128(PACK8[usize::from(key)].as_ptr().cast());
                    if g % 2 == 1 {
                        row = _mm_or_si128(row, eight);
                    }
                    _mm_storeu_si128(dp.add(k).cast(), _mm_shuffle_epi8(half, row));
                    k += key.count_ones() as usize;
                }
                _mm_storeu_si128(dp.add(w + end).cast(), after);
                r += limit;
                w += end;
                if limit < 32 {
                    // The character that stopped the vector, without classifying a
                    // vector from it (text with many characters of `extra`, such as
                    // Turkish's `ı`, `ş` and `ğ` in windows-1254, would classify a
                    // vector for each).
                    // `end <= 32`: `w + 16 <= dst.len()`.
                    let Some((rr, ww, o)) = put_other(run, extra, src, dp, (r, w)) else {
                        break;
                    };
                    (r, w, others) = (rr, ww, others + o);
                }
            }
        }
        match scalar::single_byte_encode_utf8_stretch(run, extra, src, dst, (r, w)) {
            Ok(rw) => (r, w) = rw,
            Err((r, w)) => return (r, w, false),
        }
    }
}
}
