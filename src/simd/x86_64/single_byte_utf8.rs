//! AVX2 and SSE4.1 single-byte encode from UTF-8 for tables whose run is of
//! two-byte characters (the Latin-1 letters of windows-1252 and the ISO-8859 Latin
//! tables, Cyrillic, Greek, Hebrew, Arabic): a vector (32 or 16 bytes) at a time,
//! straight from UTF-8. The loop is written once over [`Lanes`], the few vector
//! operations it needs, for AVX2's 32 lanes and SSE4.1's 16.
//!
//! Each vector's bytes are classified at once: ASCII, a lead of a character of the
//! run (its output byte worked out from the lead and the byte after it), the
//! continuation byte of one. The bytes kept (the ASCII and the leads) are packed
//! eight input bytes at a time by a byte shuffle from `PACK8`, the table of the 256
//! masks x-user-defined's encoder packs by too, so
//! the vector's output is its bytes less one per character of the run. Other
//! characters (those of `extra`, three-byte punctuation such as `„` or `€`) are
//! mapped one at a time without leaving the loop; text with many of them goes back
//! to the caller's staging through UTF-16. Against that staging, which every text
//! took before, encode from UTF-8 against encoding_rs, Zen 3 (scratch runs of the
//! two alternating, best of 20 rounds), AVX2: windows-1252 fr.txt 1.7 -> 3.1,
//! pt.txt 0.8 -> 1.7, de.html 2.1 -> 2.6; windows-1251 ru.html 3.0 -> 5.0;
//! ISO-8859-5 ru.txt 6.7 -> 12.0.

use super::avx2::{avx2_fn, Avx2};
use super::avx512::single_byte::two_or_three;
use super::sse41::{sse41_fn, Sse41};
use crate::simd::kernels::ascii::copy_ascii_to_ascii;
use crate::simd::scalar;
use crate::simd::transcode16::PACK8;
use crate::simd::vector::Vector;
use crate::tables::single_byte::{Extra, Run};
use core::arch::x86_64::*;

/// The vector operations of [`encode`], on AVX2's 32 lanes ([`Y`]) or SSE4.1's 16
/// ([`X`]).
///
/// # Safety
/// Every method has the ISA contract of [`crate::simd::vector`]: inlined into a
/// `#[target_feature]` entry point of that ISA, on a CPU that has it; `load` and
/// `store` read or write `LANES` bytes at the pointer.
trait Lanes: Copy {
    /// Bytes per vector.
    const LANES: usize;
    /// The crate's vector type of the same ISA, for the bulk ASCII copy.
    type Ascii: Vector;
    unsafe fn load(p: *const u8) -> Self;
    unsafe fn store(self, p: *mut u8);
    unsafe fn splat(b: u8) -> Self;
    /// Lane `i` holds `i`.
    unsafe fn iota() -> Self;
    /// The high bit of each lane, lane `i` in bit `i`.
    unsafe fn mask(self) -> u32;
    unsafe fn and(self, o: Self) -> Self;
    unsafe fn or(self, o: Self) -> Self;
    unsafe fn eq(self, o: Self) -> Self;
    /// Signed compare.
    unsafe fn gt(self, o: Self) -> Self;
    unsafe fn add(self, o: Self) -> Self;
    unsafe fn sub(self, o: Self) -> Self;
    unsafe fn min(self, o: Self) -> Self;
    unsafe fn max(self, o: Self) -> Self;
    /// Each 16-bit lane shifted left by 6.
    unsafe fn shl6(self) -> Self;
    /// `o` where `m`'s lanes have their high bit set, else `self`.
    unsafe fn blend(self, o: Self, m: Self) -> Self;
    /// The 16 bytes from byte `16 h`.
    unsafe fn half(self, h: usize) -> __m128i;
}

/// An AVX2 register for [`Lanes`].
#[derive(Clone, Copy)]
struct Y(__m256i);

/// An SSE register for [`Lanes`] (SSE4.1's `pblendvb`, SSSE3's `pshufb`).
#[derive(Clone, Copy)]
struct X(__m128i);

/// `impl Lanes` for `$t` with `$lanes` lanes by the intrinsics named.
macro_rules! impl_lanes {
    ($t:ident, $lanes:expr, $ascii:ty, $($name:ident => $intrinsic:ident),* ;
     $load:ident, $store:ident, $set1:ident, $movemask:ident, $slli:ident, $blend:ident;
     half($v:ident, $h:ident) $half:block) => {
        impl Lanes for $t {
            const LANES: usize = $lanes;
            type Ascii = $ascii;
            #[inline(always)]
            unsafe fn load(p: *const u8) -> Self {
                // SAFETY: forwarded contract.
                unsafe { $t($load(p.cast())) }
            }
            #[inline(always)]
            unsafe fn store(self, p: *mut u8) {
                // SAFETY: forwarded contract.
                unsafe { $store(p.cast(), self.0) }
            }
            #[inline(always)]
            unsafe fn splat(b: u8) -> Self {
                // SAFETY: forwarded contract; registers only.
                unsafe { $t($set1(b as i8)) }
            }
            #[inline(always)]
            unsafe fn iota() -> Self {
                const IOTA: [u8; 32] = {
                    let mut t = [0; 32];
                    let mut i = 0;
                    while i < 32 {
                        t[i] = i as u8;
                        i += 1;
                    }
                    t
                };
                // SAFETY: forwarded contract; `LANES <= 32` bytes of `IOTA`.
                unsafe { Self::load(IOTA.as_ptr()) }
            }
            #[inline(always)]
            unsafe fn mask(self) -> u32 {
                // SAFETY: forwarded contract; registers only.
                unsafe { $movemask(self.0) as u32 }
            }
            $(
                #[inline(always)]
                unsafe fn $name(self, o: Self) -> Self {
                    // SAFETY: forwarded contract; registers only.
                    unsafe { $t($intrinsic(self.0, o.0)) }
                }
            )*
            #[inline(always)]
            unsafe fn shl6(self) -> Self {
                // SAFETY: forwarded contract; registers only.
                unsafe { $t($slli::<6>(self.0)) }
            }
            #[inline(always)]
            unsafe fn blend(self, o: Self, m: Self) -> Self {
                // SAFETY: forwarded contract; registers only.
                unsafe { $t($blend(self.0, o.0, m.0)) }
            }
            #[inline(always)]
            unsafe fn half(self, $h: usize) -> __m128i {
                let $v = self.0;
                // SAFETY: forwarded contract; registers only. (SSE4.1's is the
                // register itself.)
                #[allow(unused_unsafe)]
                unsafe {
                    $half
                }
            }
        }
    };
}

impl_lanes!(Y, 32, Avx2,
and => _mm256_and_si256, or => _mm256_or_si256, eq => _mm256_cmpeq_epi8,
gt => _mm256_cmpgt_epi8, add => _mm256_add_epi8, sub => _mm256_sub_epi8,
min => _mm256_min_epu8, max => _mm256_max_epu8;
_mm256_loadu_si256, _mm256_storeu_si256, _mm256_set1_epi8, _mm256_movemask_epi8,
_mm256_slli_epi16, _mm256_blendv_epi8;
half(v, h) {
    if h == 0 {
        _mm256_castsi256_si128(v)
    } else {
        _mm256_extracti128_si256::<1>(v)
    }
});

impl_lanes!(X, 16, Sse41,
    and => _mm_and_si128, or => _mm_or_si128, eq => _mm_cmpeq_epi8,
    gt => _mm_cmpgt_epi8, add => _mm_add_epi8, sub => _mm_sub_epi8,
    min => _mm_min_epu8, max => _mm_max_epu8;
    _mm_loadu_si128, _mm_storeu_si128, _mm_set1_epi8, _mm_movemask_epi8,
    _mm_slli_epi16, _mm_blendv_epi8;
    half(v, _h) { v });

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
/// See [`scalar::single_byte_encode_utf8`], for a `run` that [`encodes_run`]
/// accepts (the caller has asked). Writes only the bytes it returns. The flag says the
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
    // SAFETY: the AVX2 features are enabled here.
    unsafe { encode::<Y>(run, extra, src, dst) }
}
}

sse41_fn! {
/// [`single_byte_encode_utf8`] 16 bytes a step, for SSE4.1.
///
/// # Safety
/// The CPU must have the SSE4.1 features ([`sse41_fn`]).
pub(crate) unsafe fn single_byte_encode_utf8_sse41(
    run: Run,
    extra: &Extra,
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize, bool) {
    // SAFETY: the SSE4.1 features are enabled here.
    unsafe { encode::<X>(run, extra, src, dst) }
}
}

/// The loop of [`single_byte_encode_utf8`] over `T`'s vectors of `L` bytes.
///
/// # Safety
/// `T`'s ISA contract ([`Lanes`]).
#[inline(always)]
unsafe fn encode<T: Lanes>(
    run: Run,
    extra: &Extra,
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize, bool) {
    let l = T::LANES;
    // The caller's test, not made again: the offsets below are worked out in bytes.
    debug_assert!(encodes_run(run));
    // All lanes, and all but the last.
    let all = u32::MAX >> (32 - l);
    let but_last = all >> 1;
    // Vector steps since the last look, and characters left to `put_other` in them.
    let (mut steps, mut others) = (0u32, 0u32);
    let n = src.len();
    let sp = src.as_ptr();
    let (mut r, mut w) = (0, 0);
    loop {
        // Derived anew each round and after the bulk copy: the calls reborrow `dst`.
        let mut dp = dst.as_mut_ptr();
        // SAFETY: loads read `src[r..r + l + 1]` (`r + l + 1 <= n`), for two letters
        // `src[r + 2..r + l + 2]` (`r + l + 2 <= n`, tested), the 16 bytes at
        // `w + end` with `end <= l` (`l - 1` or `l - 2` for letters), 16 bytes of
        // `PACK8` from row `key <= 255` (its 257 rows of 8 hold them) and `l` of the
        // lane indexes; stores write `l` bytes at `w`, or 16 bytes at `w + k` for
        // `k <= end` and at `w + end`, all within `dst[w..w + l + 16]`
        // (`w + l + 16 <= dst.len()`), or one byte at `w < dst.len()`. What is
        // written past `w + end` is put back as it was before the loop's next read.
        unsafe {
            let c0 = T::splat(0xC0);
            let c80 = T::splat(0x80);
            let e0 = T::splat(0xE0);
            let low6 = T::splat(0x3F);
            let three = T::splat(3);
            let lead_base = T::splat((0xC0 | (run.code_point >> 6)) as u8);
            let low_base = T::splat((run.code_point & 0x3F) as u8);
            let last = T::splat(run.len - 1);
            let byte = T::splat(run.byte);
            let eight = _mm_set1_epi8(8);
            let iota = T::iota();
            let (cp, len) = (u32::from(run.code_point), u32::from(run.len));
            // Whether the last vector was ASCII.
            let mut ascii = false;
            while r + l < n && dst.len() - w >= l + 16 {
                let v = T::load(sp.add(r));
                let upper = v.mask();
                if upper == 0 {
                    if ascii {
                        // The second ASCII vector in a row: the bulk copy, up to the
                        // next non-ASCII byte. (From the first, it measured slower
                        // on text with an accented letter every few words.)
                        let k = copy_ascii_to_ascii::<T::Ascii>(&src[r..], &mut dst[w..]);
                        dp = dst.as_mut_ptr();
                        r += k;
                        w += k;
                        ascii = false;
                        continue;
                    }
                    v.store(dp.add(w));
                    r += l;
                    w += l;
                    ascii = true;
                    continue;
                }
                ascii = false;
                steps += 1;
                // SSE4.1: vectors with more than two characters from U+0080 count as
                // characters outside the run do (the staging measured faster on
                // Cyrillic and Greek text there, and on Turkish and IBM866).
                if l == 16 {
                    others += u32::from(upper.count_ones() > 4);
                }
                if steps == LOOK_EVERY {
                    if 2 * others >= LOOK_EVERY {
                        return (r, w, true);
                    }
                    (steps, others) = (0, 0);
                }
                let next = T::load(sp.add(r + 1));
                // The byte of the two-byte character of the run at `src[r + at..]`
                // (`at + 1 < l`): its two bytes read as one little-endian word, the
                // lead and continuation bits checked by one mask (from U+00A0, the
                // run's least start, the character is not overlong).
                let letter = |at: usize| {
                    let x = u32::from(u16::from_le_bytes([*sp.add(r + at), *sp.add(r + at + 1)]));
                    let c = ((x & 0x1F) << 6) | ((x >> 8) & 0x3F);
                    let off = c.wrapping_sub(cp);
                    (x & 0xC0E0 == 0x80C0 && off < len).then(|| run.byte.wrapping_add(off as u8))
                };
                // One two-byte character of the run alone among ASCII bytes (an
                // accented letter in Latin text, the most common non-ASCII vector
                // there): its byte in its place and the bytes after it moved down
                // one, by two blends, without classifying the vector. (The two-letter
                // step below repeats its store and put-back for `l - 2` bytes: one
                // step for both, with the count of bytes dropped as a value, took 1 %
                // more instructions.)
                let k = upper.trailing_zeros();
                if upper == 3 << k && (k as usize) < l - 1 {
                    if let Some(b) = letter(k as usize) {
                        let at = T::splat(k as u8);
                        let out = v.blend(next, iota.gt(at)).blend(T::splat(b), iota.eq(at));
                        // `l - 1` bytes: the store's last byte is put back.
                        let after = _mm_loadu_si128(dp.add(w + l - 1).cast());
                        out.store(dp.add(w));
                        _mm_storeu_si128(dp.add(w + l - 1).cast(), after);
                        r += l;
                        w += l - 1;
                        continue;
                    }
                }
                // Two such characters (half the other vectors of Portuguese and
                // French text): the same with the bytes after the second from two
                // bytes on (before, classified and packed by shuffles).
                let rest = upper & !(3 << k);
                let k1 = rest.trailing_zeros();
                if upper & 3 << k == 3 << k
                    && rest != 0
                    && rest == 3 << k1
                    && (k1 as usize) < l - 1
                    && r + l + 2 <= n
                {
                    if let (Some(b0), Some(b1)) = (letter(k as usize), letter(k1 as usize)) {
                        // The second's byte goes one lane down (the first's trail is
                        // dropped before it); the bytes after it, two.
                        let (at0, at1) = (T::splat(k as u8), T::splat(k1 as u8 - 1));
                        let next2 = T::load(sp.add(r + 2));
                        let out = v
                            .blend(next, iota.gt(at0))
                            .blend(T::splat(b0), iota.eq(at0))
                            .blend(next2, iota.gt(at1))
                            .blend(T::splat(b1), iota.eq(at1));
                        // `l - 2` bytes: the store's last two are put back.
                        let after = _mm_loadu_si128(dp.add(w + l - 2).cast());
                        out.store(dp.add(w));
                        _mm_storeu_si128(dp.add(w + l - 2).cast(), after);
                        r += l;
                        w += l - 2;
                        continue;
                    }
                }
                let lead2 = v.and(e0).eq(c0);
                let cont = v.and(c0).eq(c80);
                let next_cont = next.and(c0).eq(c80);
                // The lead's offset from the run's first lead (at most 3: within 256
                // code points of its 64-block), and the code point's offset from the
                // run's first (mod 256), compared unsigned by minimum and maximum.
                let d = v.sub(lead_base);
                let d_ok = d.min(three).eq(d);
                let x = d.shl6().and(c0).or(next.and(low6));
                let off = x.sub(low_base);
                let in_run = off.max(last).eq(last);
                let good_v = lead2.and(next_cont).and(d_ok.and(in_run));
                // Not the last byte: its continuation is in the next vector.
                let good = good_v.mask() & but_last;
                let cont = cont.mask();
                let ok = (!upper | good | (cont & (good << 1))) & all;
                let limit = ((!ok & all).trailing_zeros() as usize).min(l);
                if limit == 0 {
                    // A character the vector does not map: by the run or `extra`.
                    // (Going on over the characters after it up to the next ASCII
                    // byte, instead of one vector step each, took more instructions
                    // on Turkish in windows-1254 and on Russian in IBM866.)
                    // `w + l + 16 <= dst.len()`.
                    let Some((rr, ww, o)) = put_other(run, extra, src, dp, (r, w)) else {
                        break;
                    };
                    (r, w, others) = (rr, ww, others + o);
                    continue;
                }
                let keep = (!upper | good) & if limit >= l { all } else { (1 << limit) - 1 };
                let out = v.blend(off.add(byte), good_v);
                let end = keep.count_ones() as usize;
                // The bytes the stores below write over past the output.
                let after = _mm_loadu_si128(dp.add(w + end).cast());
                let mut k = w;
                for g in 0..l / 8 {
                    let key = (keep >> (8 * g)) as u8;
                    // The row's eight bytes and the next row's (unused: the lanes
                    // they pick land past the kept bytes, where the next store or
                    // the put-back writes).
                    let mut row = _mm_loadu_si128(PACK8.as_ptr().add(8 * usize::from(key)).cast());
                    if g % 2 == 1 {
                        row = _mm_or_si128(row, eight);
                    }
                    _mm_storeu_si128(dp.add(k).cast(), _mm_shuffle_epi8(out.half(g / 2), row));
                    k += key.count_ones() as usize;
                }
                _mm_storeu_si128(dp.add(w + end).cast(), after);
                r += limit;
                w += end;
                if limit < l {
                    // The character that stopped the vector, without classifying a
                    // vector from it (text with many characters of `extra`, such as
                    // Turkish's `ı`, `ş` and `ğ` in windows-1254, would classify a
                    // vector for each).
                    // `end <= l`: `w + 16 <= dst.len()`.
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
