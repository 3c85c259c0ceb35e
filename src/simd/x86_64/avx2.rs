//! AVX2: 32-byte vectors with in-lane byte shuffles.

use crate::simd::scalar;
use crate::simd::vector::{Lookup128, Shuffle, Vector};
use core::arch::x86_64::*;

/// An AVX2 register.
#[derive(Copy, Clone)]
pub(crate) struct Avx2(__m256i);

// SAFETY (for every method): only used inside functions compiled with AVX2 on CPUs
// that have it; pointers are valid for 32 bytes by the trait's contract.
#[allow(clippy::undocumented_unsafe_blocks)]
impl Vector for Avx2 {
    const BYTES: usize = 32;
    const MASK_SHIFT: u32 = 0;
    #[inline(always)]
    unsafe fn zero() -> Self {
        unsafe { Avx2(_mm256_setzero_si256()) }
    }
    #[inline(always)]
    unsafe fn splat8(b: u8) -> Self {
        unsafe { Avx2(_mm256_set1_epi8(b as i8)) }
    }
    #[inline(always)]
    unsafe fn splat16(u: u16) -> Self {
        unsafe { Avx2(_mm256_set1_epi16(u as i16)) }
    }
    #[inline(always)]
    unsafe fn load(p: *const u8) -> Self {
        unsafe { Avx2(_mm256_loadu_si256(p.cast())) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u8) {
        unsafe { _mm256_storeu_si256(p.cast(), self.0) }
    }
    #[inline(always)]
    unsafe fn or(self, b: Self) -> Self {
        unsafe { Avx2(_mm256_or_si256(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn and(self, b: Self) -> Self {
        unsafe { Avx2(_mm256_and_si256(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn xor(self, b: Self) -> Self {
        unsafe { Avx2(_mm256_xor_si256(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn eq8(self, b: Self) -> Self {
        unsafe { Avx2(_mm256_cmpeq_epi8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn eq16(self, b: Self) -> Self {
        unsafe { Avx2(_mm256_cmpeq_epi16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn add16(self, b: Self) -> Self {
        unsafe { Avx2(_mm256_add_epi16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn sub16(self, b: Self) -> Self {
        unsafe { Avx2(_mm256_sub_epi16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn subs8(self, b: Self) -> Self {
        unsafe { Avx2(_mm256_subs_epu8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn subs16(self, b: Self) -> Self {
        unsafe { Avx2(_mm256_subs_epu16(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn shr16<const K: i32>(self) -> Self {
        unsafe { Avx2(_mm256_srli_epi16::<K>(self.0)) }
    }
    #[inline(always)]
    unsafe fn high_mask(self) -> u64 {
        unsafe { _mm256_movemask_epi8(self.0) as u32 as u64 }
    }
    #[inline(always)]
    unsafe fn is_zero(self) -> bool {
        unsafe { _mm256_testz_si256(self.0, self.0) == 1 }
    }
    #[inline(always)]
    unsafe fn widen_lo(self) -> Self {
        unsafe { Avx2(_mm256_cvtepu8_epi16(_mm256_castsi256_si128(self.0))) }
    }
    #[inline(always)]
    unsafe fn widen_hi(self) -> Self {
        unsafe { Avx2(_mm256_cvtepu8_epi16(_mm256_extracti128_si256::<1>(self.0))) }
    }
    #[inline(always)]
    unsafe fn narrow(a: Self, b: Self) -> Self {
        unsafe {
            Avx2(_mm256_permute4x64_epi64::<0b11_01_10_00>(
                _mm256_packus_epi16(a.0, b.0),
            ))
        }
    }
    #[inline(always)]
    unsafe fn interleave(lo: Self, hi: Self) -> (Self, Self) {
        unsafe {
            let l = _mm256_unpacklo_epi8(lo.0, hi.0);
            let h = _mm256_unpackhi_epi8(lo.0, hi.0);
            (
                Avx2(_mm256_permute2x128_si256::<0x20>(l, h)),
                Avx2(_mm256_permute2x128_si256::<0x31>(l, h)),
            )
        }
    }
    #[inline(always)]
    unsafe fn swap16(self) -> Self {
        unsafe {
            Avx2(_mm256_or_si256(
                _mm256_slli_epi16::<8>(self.0),
                _mm256_srli_epi16::<8>(self.0),
            ))
        }
    }
}

#[allow(clippy::undocumented_unsafe_blocks)]
impl Shuffle for Avx2 {
    #[inline(always)]
    unsafe fn table16(table: &[u8; 16]) -> Self {
        // SAFETY: `table` is 16 readable bytes.
        unsafe {
            Avx2(_mm256_broadcastsi128_si256(_mm_loadu_si128(
                table.as_ptr().cast(),
            )))
        }
    }
    #[inline(always)]
    unsafe fn lookup16(self, idx: Self) -> Self {
        unsafe { Avx2(_mm256_shuffle_epi8(self.0, idx.0)) }
    }
    #[inline(always)]
    unsafe fn prev1(self, prev: Self) -> Self {
        unsafe {
            Avx2(_mm256_alignr_epi8::<15>(
                self.0,
                _mm256_permute2x128_si256::<0x21>(prev.0, self.0),
            ))
        }
    }
    #[inline(always)]
    unsafe fn prev2(self, prev: Self) -> Self {
        unsafe {
            Avx2(_mm256_alignr_epi8::<14>(
                self.0,
                _mm256_permute2x128_si256::<0x21>(prev.0, self.0),
            ))
        }
    }
    #[inline(always)]
    unsafe fn prev3(self, prev: Self) -> Self {
        unsafe {
            Avx2(_mm256_alignr_epi8::<13>(
                self.0,
                _mm256_permute2x128_si256::<0x21>(prev.0, self.0),
            ))
        }
    }
}

/// The upper half as 8 blocks of 16 entries, each block xor-ed with the next, for
/// the lookup cascade (see [`Lookup128::lookup`] below).
#[derive(Copy, Clone)]
pub(crate) struct Avx2Table {
    lo: [__m256i; 8],
    hi: [__m256i; 8],
}

#[allow(clippy::undocumented_unsafe_blocks)]
impl Lookup128 for Avx2 {
    type Table = Avx2Table;
    #[inline(always)]
    unsafe fn prepare(table: &[u16; 128]) -> Avx2Table {
        let mut lo = [[0u8; 16]; 9];
        let mut hi = [[0u8; 16]; 9];
        for (i, &c) in table.iter().enumerate() {
            lo[i / 16][i % 16] = c as u8;
            hi[i / 16][i % 16] = (c >> 8) as u8;
        }
        let mut t = Avx2Table {
            lo: [unsafe { _mm256_setzero_si256() }; 8],
            hi: [unsafe { _mm256_setzero_si256() }; 8],
        };
        for k in 0..8 {
            let mut l = [0u8; 16];
            let mut h = [0u8; 16];
            for j in 0..16 {
                l[j] = lo[k][j] ^ lo[k + 1][j];
                h[j] = hi[k][j] ^ hi[k + 1][j];
            }
            // SAFETY: 16-byte arrays.
            unsafe {
                t.lo[k] = Avx2::table16(&l).0;
                t.hi[k] = Avx2::table16(&h).0;
            }
        }
        t
    }
    /// For byte `x = b - 0x80` in block `j = x / 16`, the index
    /// `x + (0x80 - 16 (k + 1))` (saturating) has its high bit clear exactly for the
    /// blocks `k >= j`, so pshufb contributes `T'[k][x % 16]` for those; with
    /// `T'[k] = T[k] ^ T[k + 1]` the xor of the contributions telescopes to `T[j]`.
    /// ASCII bytes (`x >= 0x80`) saturate and contribute nothing.
    #[inline(always)]
    unsafe fn lookup(t: &Avx2Table, v: Self) -> (Self, Self) {
        unsafe {
            let x = _mm256_xor_si256(v.0, _mm256_set1_epi8(0x80u8 as i8));
            let mut lo = _mm256_setzero_si256();
            let mut hi = _mm256_setzero_si256();
            for k in 0..8 {
                let idx = _mm256_adds_epu8(x, _mm256_set1_epi8((0x80 - 16 * (k as i32 + 1)) as i8));
                lo = _mm256_xor_si256(lo, _mm256_shuffle_epi8(t.lo[k], idx));
                hi = _mm256_xor_si256(hi, _mm256_shuffle_epi8(t.hi[k], idx));
            }
            // ASCII bytes keep their value in the low byte.
            let ascii = _mm256_andnot_si256(_mm256_cmpgt_epi8(_mm256_setzero_si256(), v.0), v.0);
            (Avx2(_mm256_or_si256(lo, ascii)), Avx2(hi))
        }
    }
}

crate::simd::entry_points!(Avx2, "avx2,bmi1,bmi2,popcnt,lzcnt", shuffle, own_utf16);

/// For each 8-bit mask: the `pshufb` indices of its set bits in order (then 0x80, which
/// zeroes), as a little-endian `u64`; their count is in [`PACK8_LEN`].
static PACK8: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut k = 0;
    while k < 256 {
        let mut v = [0x80u8; 8];
        let (mut n, mut b) = (0, 0);
        while b < 8 {
            if k >> b & 1 == 1 {
                v[n] = b as u8;
                n += 1;
            }
            b += 1;
        }
        t[k] = u64::from_le_bytes(v);
        k += 1;
    }
    t
};

/// The number of set bits of each 8-bit mask.
static PACK8_LEN: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut k = 0;
    while k < 256 {
        t[k] = (k as u32).count_ones() as u8;
        k += 1;
    }
    t
};

/// Writes the bytes of `lanes` (UTF-8 of units in 16- or 32-bit lanes) selected by
/// `keep` (bit `k`: keep byte `k`) at `dp`, packed by a shuffle built from two
/// [`PACK8`] entries. With `exact`, the store keeps the bytes after the packed ones
/// (a read of `dp` that a store just before may have to finish: slow); without, it
/// writes up to 16 bytes past the packed ones (at most 24 in all), junk that the
/// caller overwrites later. Returns the bytes packed.
///
/// # Safety
/// AVX2; `dp` valid for reads and writes of 16 bytes, or of 24 without `exact`.
#[inline(always)]
unsafe fn pack_half(lanes: __m128i, keep: u32, dp: *mut u8, exact: bool) -> usize {
    // SAFETY: forwarded contract.
    unsafe {
        let (k_lo, k_hi) = ((keep & 0xFF) as usize, ((keep >> 8) & 0xFF) as usize);
        let n_lo = usize::from(PACK8_LEN[k_lo]);
        let n = n_lo + usize::from(PACK8_LEN[k_hi]);
        // The high half's indices are 8..16 (0x88 still zeroes).
        let eight = _mm_set1_epi8(8);
        if !exact {
            // Each half packed on its own, the second stored over the junk of the first.
            let lo = _mm_shuffle_epi8(lanes, _mm_loadl_epi64(PACK8.as_ptr().add(k_lo).cast()));
            let hi = _mm_shuffle_epi8(
                lanes,
                _mm_add_epi8(_mm_loadl_epi64(PACK8.as_ptr().add(k_hi).cast()), eight),
            );
            _mm_storeu_si128(dp.cast(), lo);
            _mm_storeu_si128(dp.add(n_lo).cast(), hi);
            return n;
        }
        // The low half's unused 0x80 entries cleared, so that the high half's indices
        // can be or-ed in over them.
        let idx_lo = PACK8[k_lo] & 0x7F7F_7F7F_7F7F_7F7F;
        let idx_hi = PACK8[k_hi] + 0x0808_0808_0808_0808;
        let idx = u128::from(idx_lo) | (u128::from(idx_hi) << (8 * n_lo));
        let packed = _mm_shuffle_epi8(
            lanes,
            _mm_set_epi64x((idx >> 64) as u64 as i64, idx as u64 as i64),
        );
        let iota = _mm_set_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
        let take = _mm_cmpgt_epi8(_mm_set1_epi8(n as i8), iota);
        let old = _mm_loadu_si128(dp.cast());
        _mm_storeu_si128(dp.cast(), _mm_blendv_epi8(old, packed, take));
        n
    }
}

/// See [`scalar::units_to_utf8`]: 16 units at a time; Basic Latin is narrowed, other
/// units become one to three bytes packed by computed shuffles (in 16-bit lanes when
/// all are below U+0800, else 32-bit lanes); vectors with surrogates go through the
/// scalar code.
///
/// # Safety
/// The CPU must have AVX2 and BMI1/2.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
pub(crate) unsafe fn units_to_utf8<const SWAP: bool>(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let n = src.len() / 2;
    let sp = src.as_ptr();
    let (mut i, mut w) = (0, 0);
    loop {
        // Derived anew each round: the scalar call below reborrows `dst`.
        let dp = dst.as_mut_ptr();
        // SAFETY: loads read bytes `src[2 * i..2 * (i + 16)]` (`i + 16 <= n`), or of
        // the 32 units from `i` (`i + 32 <= n`); stores
        // (and the reads of `pack_half`) touch `dst[w..w + 64]` (`w + 64 <= dst.len()`):
        // the four packs of three-byte units start at most 36 bytes in and write at
        // most 6 + 16 bytes past their start, the two packs of two-byte units at most
        // 16 bytes in and 8 + 16 past it.
        unsafe {
            while i + 16 <= n && dst.len() - w >= 64 {
                if i + 32 <= n {
                    // 32 units of Basic Latin at a time.
                    let mut a = _mm256_loadu_si256(sp.add(2 * i).cast());
                    let mut c = _mm256_loadu_si256(sp.add(2 * i + 32).cast());
                    if SWAP {
                        a = Avx2(a).swap16().0;
                        c = Avx2(c).swap16().0;
                    }
                    let high = _mm256_set1_epi16(0xFF80u16 as i16);
                    if _mm256_testz_si256(_mm256_or_si256(a, c), high) == 1 {
                        let packed =
                            _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packus_epi16(a, c));
                        _mm256_storeu_si256(dp.add(w).cast(), packed);
                        i += 32;
                        w += 32;
                        continue;
                    }
                }
                let mut v = _mm256_loadu_si256(sp.add(2 * i).cast());
                if SWAP {
                    v = Avx2(v).swap16().0;
                }
                let z = _mm256_setzero_si256();
                let ascii =
                    _mm256_cmpeq_epi16(_mm256_and_si256(v, _mm256_set1_epi16(0xFF80u16 as i16)), z);
                let m1 = _mm256_movemask_epi8(ascii) as u32;
                if m1 == !0 {
                    let lo = _mm256_castsi256_si128(v);
                    let hi = _mm256_extracti128_si256::<1>(v);
                    _mm_storeu_si128(dp.add(w).cast(), _mm_packus_epi16(lo, hi));
                    i += 16;
                    w += 16;
                    continue;
                }
                // Junk past the packed bytes is fine when the next 16 units (no
                // surrogate among them, room for them) are sure to overwrite it.
                let exact = !(i + 32 <= n && dst.len() - w >= 64 + 48) || {
                    let mut next = _mm256_loadu_si256(sp.add(2 * i + 32).cast());
                    if SWAP {
                        next = Avx2(next).swap16().0;
                    }
                    let sur = _mm256_cmpeq_epi16(
                        _mm256_and_si256(next, _mm256_set1_epi16(0xF800u16 as i16)),
                        _mm256_set1_epi16(0xD800u16 as i16),
                    );
                    _mm256_movemask_epi8(sur) != 0
                };
                let small =
                    _mm256_cmpeq_epi16(_mm256_and_si256(v, _mm256_set1_epi16(0xF800u16 as i16)), z);
                if _mm256_movemask_epi8(small) != -1 {
                    let sur = _mm256_cmpeq_epi16(
                        _mm256_and_si256(v, _mm256_set1_epi16(0xF800u16 as i16)),
                        _mm256_set1_epi16(0xD800u16 as i16),
                    );
                    if _mm256_movemask_epi8(sur) != 0 {
                        break;
                    }
                    // Up to three bytes per unit, in 32-bit lanes b0 | b1 << 8 | b2 << 16.
                    for h in 0..2 {
                        let x = _mm256_cvtepu16_epi32(if h == 0 {
                            _mm256_castsi256_si128(v)
                        } else {
                            _mm256_extracti128_si256::<1>(v)
                        });
                        let ge80 = _mm256_cmpgt_epi32(x, _mm256_set1_epi32(0x7F));
                        let ge800 = _mm256_cmpgt_epi32(x, _mm256_set1_epi32(0x7FF));
                        let c3f = _mm256_set1_epi32(0x3F);
                        let c80 = _mm256_set1_epi32(0x80);
                        let b0 = _mm256_blendv_epi8(
                            _mm256_blendv_epi8(
                                x,
                                _mm256_or_si256(_mm256_srli_epi32::<6>(x), _mm256_set1_epi32(0xC0)),
                                ge80,
                            ),
                            _mm256_or_si256(_mm256_srli_epi32::<12>(x), _mm256_set1_epi32(0xE0)),
                            ge800,
                        );
                        let b1 = _mm256_or_si256(
                            _mm256_and_si256(
                                _mm256_blendv_epi8(x, _mm256_srli_epi32::<6>(x), ge800),
                                c3f,
                            ),
                            c80,
                        );
                        let b2 = _mm256_or_si256(_mm256_and_si256(x, c3f), c80);
                        let lanes = _mm256_or_si256(
                            _mm256_or_si256(b0, _mm256_slli_epi32::<8>(b1)),
                            _mm256_slli_epi32::<16>(b2),
                        );
                        // Byte 0 always, byte 1 from U+0080, byte 2 from U+0800.
                        let keep = 0x1111_1111
                            | (_mm256_movemask_epi8(ge80) as u32 & 0x2222_2222)
                            | (_mm256_movemask_epi8(ge800) as u32 & 0x4444_4444);
                        w += pack_half(
                            _mm256_castsi256_si128(lanes),
                            keep & 0xFFFF,
                            dp.add(w),
                            exact,
                        );
                        w += pack_half(
                            _mm256_extracti128_si256::<1>(lanes),
                            keep >> 16,
                            dp.add(w),
                            exact,
                        );
                    }
                    i += 16;
                    continue;
                }
                // One or two bytes per unit: lead | trail << 8 in each lane.
                let lead = _mm256_blendv_epi8(
                    _mm256_or_si256(_mm256_srli_epi16::<6>(v), _mm256_set1_epi16(0xC0)),
                    v,
                    ascii,
                );
                let trail = _mm256_or_si256(
                    _mm256_and_si256(v, _mm256_set1_epi16(0x3F)),
                    _mm256_set1_epi16(0x80),
                );
                let lanes = _mm256_or_si256(lead, _mm256_slli_epi16::<8>(trail));
                // Byte 0 of every lane; byte 1 of the two-byte ones.
                let keep = 0x5555_5555 | (!m1 & 0xAAAA_AAAA);
                w += pack_half(
                    _mm256_castsi256_si128(lanes),
                    keep & 0xFFFF,
                    dp.add(w),
                    exact,
                );
                w += pack_half(
                    _mm256_extracti128_si256::<1>(lanes),
                    keep >> 16,
                    dp.add(w),
                    exact,
                );
                i += 16;
            }
        }
        if i == n {
            return (i, w);
        }
        let end = n.min(i + 16);
        let (r, k) = scalar::units_to_utf8(&src[2 * i..2 * end], &mut dst[w..], SWAP);
        i += r;
        w += k;
        if i < end {
            return (i, w);
        }
    }
}

/// Converts 16-byte blocks of valid UTF-8 `src[..end]` to UTF-16 while no block holds
/// a four-byte sequence: the code unit of each character is computed at its lead byte
/// (in 16-bit lanes, from the bytes at offsets 0, 1 and 2) and the units of the lead
/// bytes are packed by computed shuffles. Returns (bytes read, units written).
///
/// # Safety
/// The CPU must have AVX2 and BMI1/2; `src[..end]` is valid UTF-8 that does not end
/// inside a sequence.
#[inline(always)]
unsafe fn utf8_blocks_to_utf16(src: &[u8], end: usize, dst: &mut [u16]) -> (usize, usize) {
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr().cast::<u8>());
    let (mut r, mut w) = (0, 0);
    // SAFETY: loads read `src[r..r + 18]` (`r + 18 <= src.len()`) or `src[r..r + 32]`
    // (`r + 32 <= end`); stores (and the reads of `pack_half`) touch units
    // `dst[w..w + 16]` (`w + 16 <= dst.len()`), or without `exact` `dst[w..w + 20]`
    // (`w + 64 <= dst.len()`), the ASCII ones `dst[w..w + 32]` (`w + 32 <= dst.len()`).
    unsafe {
        while r + 16 <= end && r + 18 <= src.len() && dst.len() - w >= 16 {
            if r + 32 <= end && dst.len() - w >= 32 {
                // 32 bytes of ASCII at a time.
                let a = _mm256_loadu_si256(sp.add(r).cast());
                if _mm256_movemask_epi8(a) == 0 {
                    _mm256_storeu_si256(
                        dp.add(2 * w).cast(),
                        _mm256_cvtepu8_epi16(_mm256_castsi256_si128(a)),
                    );
                    _mm256_storeu_si256(
                        dp.add(2 * w + 32).cast(),
                        _mm256_cvtepu8_epi16(_mm256_extracti128_si256::<1>(a)),
                    );
                    r += 32;
                    w += 32;
                    continue;
                }
            }
            let v = _mm_loadu_si128(sp.add(r).cast());
            let x = _mm256_cvtepu8_epi16(v);
            let high = _mm_movemask_epi8(v) as u32;
            if high == 0 {
                _mm256_storeu_si256(dp.add(2 * w).cast(), x);
                r += 16;
                w += 16;
                continue;
            }
            let cont = _mm_movemask_epi8(_mm_cmpeq_epi8(
                _mm_and_si128(v, _mm_set1_epi8(0xC0u8 as i8)),
                _mm_set1_epi8(0x80u8 as i8),
            )) as u32;
            let leads = !cont & 0xFFFF;
            let mut consumed = 16;
            if r + 16 < end && src[r + 16] & 0xC0 == 0x80 {
                // The last character goes on past the block.
                consumed = 31 - leads.leading_zeros() as usize;
            }
            let four = _mm_movemask_epi8(_mm_cmpeq_epi8(
                _mm_and_si128(v, _mm_set1_epi8(0xF8u8 as i8)),
                _mm_set1_epi8(0xF0u8 as i8),
            )) as u32
                & ((1u32 << consumed) - 1);
            if four != 0 {
                consumed = four.trailing_zeros() as usize;
            }
            if consumed == 0 {
                break;
            }
            let y = _mm256_cvtepu8_epi16(_mm_loadu_si128(sp.add(r + 1).cast()));
            let z = _mm256_cvtepu8_epi16(_mm_loadu_si128(sp.add(r + 2).cast()));
            let c3f = _mm256_set1_epi16(0x3F);
            let m2 = _mm256_cmpgt_epi16(x, _mm256_set1_epi16(0xBF));
            let m3 = _mm256_cmpgt_epi16(x, _mm256_set1_epi16(0xDF));
            let t1 = _mm256_and_si256(y, c3f);
            let two = _mm256_or_si256(
                _mm256_slli_epi16::<6>(_mm256_and_si256(x, _mm256_set1_epi16(0x1F))),
                t1,
            );
            let three = _mm256_or_si256(
                _mm256_or_si256(_mm256_slli_epi16::<12>(x), _mm256_slli_epi16::<6>(t1)),
                _mm256_and_si256(z, c3f),
            );
            let u = _mm256_blendv_epi8(_mm256_blendv_epi8(x, two, m2), three, m3);
            let keep = leads & ((1u32 << consumed) - 1);
            // Both bytes of each kept unit.
            let bytes = _pdep_u32(keep, 0x5555_5555) * 3;
            // Junk past the packed units is fine when at least 16 more units (from
            // 48 more valid bytes) are sure to be written after them.
            let exact = !(r + 16 + 48 <= end && dst.len() - w >= 64);
            let k = pack_half(
                _mm256_castsi256_si128(u),
                bytes & 0xFFFF,
                dp.add(2 * w),
                exact,
            );
            let k2 = pack_half(
                _mm256_extracti128_si256::<1>(u),
                bytes >> 16,
                dp.add(2 * w + k),
                exact,
            );
            r += consumed;
            w += (k + k2) / 2;
        }
    }
    (r, w)
}

/// See [`scalar::utf8_to_utf16`]: validation a chunk at a time, then 16-byte blocks.
///
/// # Safety
/// The CPU must have AVX2 and BMI1/2.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
pub(crate) unsafe fn utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    const CHUNK: usize = 4096;
    let (mut r, mut w) = (0, 0);
    while r < src.len() {
        // SAFETY: the features are enabled here.
        let valid = unsafe { utf8_valid_up_to(&src[r..src.len().min(r + CHUNK)]) };
        if valid == 0 {
            break;
        }
        let end = r + valid;
        while r < end {
            // SAFETY: the features are enabled here; `src[r..end]` is valid UTF-8
            // ending at a character boundary.
            let (rr, ww) = unsafe { utf8_blocks_to_utf16(&src[r..], end - r, &mut dst[w..]) };
            r += rr;
            w += ww;
            if r == end {
                break;
            }
            let stop = end.min(r + 16);
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
