//! AVX2 tier: UTF-8 <-> UTF-16 transcoding by the shuffle tables of
//! [`crate::simd::transcode16`] (Lemire & Muła), in 16-byte vectors with `pshufb`,
//! and 32-byte vectors for runs of ASCII, of two-byte and of three-byte characters.

use crate::simd::transcode16::{
    CLASS2, CLASS3, CLASS4, NONE, PACK2, PACK3, PACK3_LEN, UTF8_CONSUMED, UTF8_INDEX, UTF8_PATTERNS,
};
use core::arch::x86_64::*;
use core::ptr;

/// The pattern of six two-byte characters.
const ALL_TWO: u8 = CLASS2 + 63;
/// The pattern of four three-byte characters.
const ALL_THREE: u8 = CLASS3 + 80;

/// The [`PACK3`] key of four units from the nibble of those of at least two bytes
/// (low four bits) and the nibble of those of three bytes (high four bits): bit `k`
/// of each nibble adds `3^k`. 256 bytes.
static KEY3: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut m = 0;
    while m < 256 {
        let (mut k, mut key, mut p) = (0, 0, 1);
        while k < 4 {
            key += ((m >> k) & 1) * p + ((m >> (k + 4)) & 1) * p;
            p *= 3;
            k += 1;
        }
        t[m] = key as u8;
        m += 1;
    }
    t
};

/// [`UTF8_INDEX`] with the bytes the pattern consumes ([`UTF8_CONSUMED`]) in the
/// high byte, so one load gives both; [`NONE`] stays `NONE`. 8192 bytes, built at
/// compile time, so that [`UTF8_INDEX`] itself is not linked on x86_64.
static STEP: [u16; 4096] = {
    let mut t = [NONE as u16; 4096];
    let mut m = 0;
    while m < 4096 {
        let id = UTF8_INDEX[m];
        if id != NONE {
            t[m] = id as u16 | (UTF8_CONSUMED[id as usize] as u16) << 8;
        }
        m += 1;
    }
    t
};

/// Byte `i` holds `i`.
static IOTA: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

/// Loads row `row` of a table of 16-byte shuffles.
///
/// # Safety
/// SSE2 (baseline).
#[inline(always)]
unsafe fn row(row: &[u8; 16]) -> __m128i {
    // SAFETY: `row` is 16 readable bytes.
    unsafe { _mm_loadu_si128(row.as_ptr().cast()) }
}

/// Stores the first `n` (at most 16) bytes of `v` at `p`, keeping the bytes of `old`
/// (what `p[..16]` held before) after them.
///
/// # Safety
/// AVX2; `p` is valid for writes of 16 bytes.
#[inline(always)]
unsafe fn store_first(p: *mut u8, v: __m128i, old: __m128i, n: usize) {
    // SAFETY: forwarded contract; `IOTA` is 16 bytes.
    unsafe {
        let take = _mm_cmpgt_epi8(_mm_set1_epi8(n as i8), row(&IOTA));
        _mm_storeu_si128(p.cast(), _mm_blendv_epi8(old, v, take));
    }
}

/// Converts 16 characters at a time while the next 32 bytes at `p` are two-byte
/// characters (or, if `three`, while the next 48 are three-byte characters). Returns
/// (bytes read, units written).
///
/// # Safety
/// AVX2; `p[..len]` is valid UTF-8 starting and ending at character boundaries; `q`
/// is valid for writes of `room` units.
#[inline(always)]
unsafe fn utf8_runs_to_utf16(
    three: bool,
    p: *const u8,
    len: usize,
    q: *mut u16,
    room: usize,
) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    // SAFETY: loads read `p[r..r + 32]` or `p[r..r + 48]` within `len`; stores write
    // units `q[w..w + 16]` within `room`. With every lead byte of the expected length,
    // the other bytes are its continuation bytes (the input is valid), and the last
    // character ends within the loaded bytes.
    unsafe {
        while !three && r + 32 <= len && room - w >= 16 {
            // u16 lanes: lead | trail << 8.
            let x = _mm256_loadu_si256(p.add(r).cast());
            let lead_ok = _mm256_cmpeq_epi16(
                _mm256_and_si256(x, _mm256_set1_epi16(0xE0)),
                _mm256_set1_epi16(0xC0),
            );
            if _mm256_movemask_epi8(lead_ok) != -1 {
                break;
            }
            let u = _mm256_or_si256(
                _mm256_slli_epi16::<6>(_mm256_and_si256(x, _mm256_set1_epi16(0x1F))),
                _mm256_and_si256(_mm256_srli_epi16::<8>(x), _mm256_set1_epi16(0x3F)),
            );
            _mm256_storeu_si256(q.add(w).cast(), u);
            r += 32;
            w += 16;
        }
        if three {
            let pat = _mm256_broadcastsi128_si256(row(&UTF8_PATTERNS[usize::from(ALL_THREE)]));
            // The fourth group of characters sits 4 bytes into its 16-byte load.
            let pat4 = _mm256_add_epi8(
                pat,
                _mm256_set_epi64x(0x0404_0404_0404_0404, 0x0404_0404_0404_0404, 0, 0),
            );
            while r + 48 <= len && room - w >= 16 {
                let a = _mm256_inserti128_si256::<1>(
                    _mm256_castsi128_si256(_mm_loadu_si128(p.add(r).cast())),
                    _mm_loadu_si128(p.add(r + 12).cast()),
                );
                let b = _mm256_inserti128_si256::<1>(
                    _mm256_castsi128_si256(_mm_loadu_si128(p.add(r + 24).cast())),
                    _mm_loadu_si128(p.add(r + 32).cast()),
                );
                // u32 lanes: last | mid << 8 | lead << 16.
                let ta = _mm256_shuffle_epi8(a, pat);
                let tb = _mm256_shuffle_epi8(b, pat4);
                let lead_mask = _mm256_set1_epi32(0x00F0_0000);
                let lead = _mm256_set1_epi32(0x00E0_0000);
                let ok = _mm256_and_si256(
                    _mm256_cmpeq_epi32(_mm256_and_si256(ta, lead_mask), lead),
                    _mm256_cmpeq_epi32(_mm256_and_si256(tb, lead_mask), lead),
                );
                if _mm256_movemask_epi8(ok) != -1 {
                    break;
                }
                let ua = three_byte_units(ta);
                let ub = three_byte_units(tb);
                let u = _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packus_epi32(ua, ub));
                _mm256_storeu_si256(q.add(w).cast(), u);
                r += 48;
                w += 16;
            }
        }
    }
    (r, w)
}

/// The code units of `u32` lanes `last | mid << 8 | lead << 16` of characters of one
/// to three bytes (the missing bytes zero).
///
/// # Safety
/// AVX2.
#[inline(always)]
unsafe fn three_byte_units(t: __m256i) -> __m256i {
    // SAFETY: AVX2 by the contract.
    unsafe {
        _mm256_or_si256(
            _mm256_or_si256(
                _mm256_and_si256(t, _mm256_set1_epi32(0x7F)),
                _mm256_and_si256(_mm256_srli_epi32::<2>(t), _mm256_set1_epi32(0x0FC0)),
            ),
            _mm256_and_si256(_mm256_srli_epi32::<4>(t), _mm256_set1_epi32(0xF000)),
        )
    }
}

/// Converts the characters of the 16 bytes `v` that pattern `id` (not [`NONE`])
/// covers and writes their units, exactly, at `q`. Returns the units written.
///
/// # Safety
/// AVX2; `v` starts at a character boundary of valid UTF-8, `id` is the pattern of
/// its end-of-character mask, and `q` is valid for writes of 6 units.
#[inline(always)]
unsafe fn block_to_utf16(v: __m128i, id: u8, q: *mut u16) -> usize {
    // SAFETY: AVX2 by the contract; stores write at most 6 units at `q`; the table
    // rows are whole.
    unsafe {
        let t = _mm_shuffle_epi8(v, row(&UTF8_PATTERNS[usize::from(id)]));
        if id < CLASS3 {
            // u16 lanes: last byte | lead << 8 (lead 0 for ASCII).
            let u = _mm_or_si128(
                _mm_and_si128(t, _mm_set1_epi16(0x7F)),
                _mm_and_si128(_mm_srli_epi16::<2>(t), _mm_set1_epi16(0x07C0)),
            );
            _mm_storel_epi64(q.cast(), u);
            ptr::write_unaligned(q.add(4).cast::<i32>(), _mm_extract_epi32::<2>(u));
            6
        } else if id < CLASS4 {
            // u32 lanes: last byte | middle << 8 | lead << 16, as present.
            let u = _mm_or_si128(
                _mm_or_si128(
                    _mm_and_si128(t, _mm_set1_epi32(0x7F)),
                    _mm_and_si128(_mm_srli_epi32::<2>(t), _mm_set1_epi32(0x0FC0)),
                ),
                _mm_and_si128(_mm_srli_epi32::<4>(t), _mm_set1_epi32(0xF000)),
            );
            _mm_storel_epi64(q.cast(), _mm_packus_epi32(u, u));
            4
        } else {
            // u32 lanes of up to four bytes; the third byte keeps six bits, which for
            // a three-byte lead (bit 6 set) is one too many: bit 17, cleared by the
            // xor.
            let c = _mm_or_si128(
                _mm_or_si128(
                    _mm_and_si128(t, _mm_set1_epi32(0x7F)),
                    _mm_and_si128(_mm_srli_epi32::<2>(t), _mm_set1_epi32(0x0FC0)),
                ),
                _mm_or_si128(
                    _mm_and_si128(_mm_srli_epi32::<4>(t), _mm_set1_epi32(0x3_F000)),
                    _mm_and_si128(_mm_srli_epi32::<6>(t), _mm_set1_epi32(0x1C_0000)),
                ),
            );
            let c = _mm_xor_si128(
                c,
                _mm_and_si128(_mm_srli_epi32::<5>(t), _mm_set1_epi32(0x2_0000)),
            );
            let mut cps = [0u32; 4];
            _mm_storeu_si128(cps.as_mut_ptr().cast(), c);
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

/// Start masks (bit `i`: a character starts at byte `i`) of 32 two-byte and of 32
/// three-byte characters' bytes: where [`utf8_runs_to_utf16`] is worth a try.
const RUN2: u32 = 0x5555_5555;
/// See [`RUN2`].
const RUN3: u32 = 0x4924_9249;

/// Converts valid UTF-8 `src[..end]` to UTF-16 while 16 bytes of it and 16 units of
/// room are left, Lemire & Muła style. With 64 bytes left, the masks of ASCII bytes
/// and of character starts are taken for all 64 at once, and blocks are converted
/// at offsets up to 48 in them: 16 ASCII bytes are widened; otherwise the
/// end-of-character mask of the next 12 bytes picks a pattern (see
/// [`crate::simd::transcode16`]) that `pshufb` spreads the bytes of the next six (up
/// to two bytes each), four (up to three) or three (up to four) characters into lanes
/// by, where shifts and masks make the code units ([`block_to_utf16`]). Where the
/// start mask shows 32 bytes of two- or three-byte characters,
/// [`utf8_runs_to_utf16`] takes over. 32 bytes of ASCII are widened at once. Writes
/// exactly the units it returns. Returns (bytes read, units written).
///
/// # Safety
/// The CPU must have AVX2; `src[..end]` (`end <= src.len()`) is valid UTF-8 starting
/// and ending at character boundaries.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
pub(crate) unsafe fn utf8_blocks_to_utf16(
    src: &[u8],
    end: usize,
    dst: &mut [u16],
) -> (usize, usize) {
    debug_assert!(end <= src.len());
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr());
    let (mut r, mut w) = (0, 0);
    // SAFETY: loads read `src[r..r + 64]` (`r + 64 <= end <= src.len()`), or
    // `src[r + pos..r + pos + 16]` (`pos <= 48`), or `src[r..r + 16]`
    // (`r + 16 <= end`), and whole table rows; stores write within units
    // `dst[w..w + 16]` (`w + 16 <= dst.len()`), or `dst[w..w + 32]`
    // (`w + 32 <= dst.len()`); `utf8_runs_to_utf16` gets `src[r..end]` and units
    // `dst[w..]`, which start at character boundaries. The pattern's character
    // lengths come from the start mask of these bytes (known for 13 bytes from
    // `pos`, as `pos + 13 <= 64`), so (the input being valid) they are the real
    // characters and end within the 16 bytes.
    unsafe {
        let cont_max = _mm256_set1_epi8(-65);
        while r + 16 <= end && dst.len() - w >= 16 {
            if r + 64 <= end {
                let a = _mm256_loadu_si256(sp.add(r).cast());
                let b = _mm256_loadu_si256(sp.add(r + 32).cast());
                let high = u64::from(_mm256_movemask_epi8(a) as u32)
                    | u64::from(_mm256_movemask_epi8(b) as u32) << 32;
                if high as u32 == 0 && dst.len() - w >= 32 {
                    // 32 bytes of ASCII at a time.
                    _mm256_storeu_si256(
                        dp.add(w).cast(),
                        _mm256_cvtepu8_epi16(_mm256_castsi256_si128(a)),
                    );
                    _mm256_storeu_si256(
                        dp.add(w + 16).cast(),
                        _mm256_cvtepu8_epi16(_mm256_extracti128_si256::<1>(a)),
                    );
                    r += 32;
                    w += 32;
                    continue;
                }
                // Bit `i`: byte `i` is not a continuation byte (0x80..=0xBF, below
                // -64 as `i8`).
                let starts = u64::from(_mm256_movemask_epi8(_mm256_cmpgt_epi8(a, cont_max)) as u32)
                    | u64::from(_mm256_movemask_epi8(_mm256_cmpgt_epi8(b, cont_max)) as u32) << 32;
                let mut pos = 0;
                let mut run = 0;
                while pos <= 48 && dst.len() - w >= 16 {
                    if (high >> pos) as u16 == 0 {
                        let v = _mm_loadu_si128(sp.add(r + pos).cast());
                        _mm256_storeu_si256(dp.add(w).cast(), _mm256_cvtepu8_epi16(v));
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
                    let v = _mm_loadu_si128(sp.add(r + pos).cast());
                    w += block_to_utf16(v, id, dp.add(w));
                    pos += usize::from(step >> 8);
                }
                r += pos;
                if run != 0 {
                    let (k, u) = utf8_runs_to_utf16(
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
                        w += block_to_utf16(_mm_loadu_si128(sp.add(r).cast()), id, dp.add(w));
                        r += usize::from(UTF8_CONSUMED[usize::from(id)]);
                    }
                } else if pos == 0 {
                    break;
                }
                continue;
            }
            let v = _mm_loadu_si128(sp.add(r).cast());
            if _mm_movemask_epi8(v) == 0 {
                _mm256_storeu_si256(dp.add(w).cast(), _mm256_cvtepu8_epi16(v));
                r += 16;
                w += 16;
                continue;
            }
            let starts = _mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(-65))) as u32;
            let step = STEP[((starts >> 1) & 0xFFF) as usize];
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

/// Loads 16 UTF-16 units, byte-swapped if `SWAP`.
///
/// # Safety
/// AVX2; `p` is valid for reads of 32 bytes.
#[inline(always)]
unsafe fn load_units<const SWAP: bool>(p: *const u8) -> __m256i {
    // SAFETY: forwarded contract.
    unsafe {
        let v = _mm256_loadu_si256(p.cast());
        if SWAP {
            let swap = _mm256_set_epi8(
                14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9,
                6, 7, 4, 5, 2, 3, 0, 1,
            );
            _mm256_shuffle_epi8(v, swap)
        } else {
            v
        }
    }
}

/// See [`crate::simd::scalar::units_to_utf8`]; `SWAP` means big-endian input. Sixteen units at a
/// time (32 for Basic Latin): Basic Latin is narrowed; units below U+0800 become
/// `lead | trail << 8` lanes packed by [`PACK2`] shuffles keyed by the ASCII lanes of
/// each half; other vectors without surrogates become four-unit quarters of
/// `b0 | b1 << 8 | b2 << 16` lanes packed by [`PACK3`]. The last store of a vector
/// is blended with what `dst` held, so nothing past the returned count changes. A
/// vector with a surrogate, the last units and the units near the end of `dst` go
/// through the scalar code.
///
/// # Safety
/// The CPU must have AVX2, BMI1/2, POPCNT and LZCNT.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
pub(crate) unsafe fn units_to_utf8<const SWAP: bool>(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    crate::simd::kernels::utf16::units_to_utf8_chunked::<SWAP>(src, dst, 16, |src, dst| {
        let n = src.len() / 2;
        let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr());
        let (mut i, mut w) = (0, 0);
        // SAFETY: loads read bytes `src[2 * i..2 * (i + 16)]` (`i + 16 <= n`), or
        // `src[2 * i..2 * (i + 32)]` (`i + 32 <= n`), and whole table rows; stores (and
        // the reads of the old bytes) touch `dst[w..w + 64]` (`w + 64 <= dst.len()`):
        // the last quarter of three-byte packs starts at most 36 bytes in.
        unsafe {
            while i + 16 <= n && dst.len() - w >= 64 {
                let high = _mm256_set1_epi16(0xFF80u16 as i16);
                if i + 32 <= n {
                    // 32 units of Basic Latin at a time.
                    let a = load_units::<SWAP>(sp.add(2 * i));
                    let c = load_units::<SWAP>(sp.add(2 * i + 32));
                    if _mm256_testz_si256(_mm256_or_si256(a, c), high) == 1 {
                        let packed =
                            _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packus_epi16(a, c));
                        _mm256_storeu_si256(dp.add(w).cast(), packed);
                        i += 32;
                        w += 32;
                        continue;
                    }
                }
                let v = load_units::<SWAP>(sp.add(2 * i));
                let (lo, hi) = (_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
                if _mm256_testz_si256(v, high) == 1 {
                    _mm_storeu_si128(dp.add(w).cast(), _mm_packus_epi16(lo, hi));
                    i += 16;
                    w += 16;
                    continue;
                }
                let z = _mm256_setzero_si256();
                let low6 = _mm256_set1_epi16(0x3F);
                let cont = _mm256_set1_epi16(0x80);
                let last = _mm256_or_si256(_mm256_and_si256(v, low6), cont);
                let ascii = _mm256_cmpeq_epi16(_mm256_and_si256(v, high), z);
                let lead2 = _mm256_or_si256(_mm256_srli_epi16::<6>(v), _mm256_set1_epi16(0xC0));
                let top5 = _mm256_set1_epi16(0xF800u16 as i16);
                if _mm256_testz_si256(v, top5) == 1 {
                    // One or two bytes per unit: lead | trail << 8 in each lane.
                    let lanes = _mm256_blendv_epi8(
                        _mm256_or_si256(lead2, _mm256_slli_epi16::<8>(last)),
                        v,
                        ascii,
                    );
                    let m = _mm256_movemask_epi8(_mm256_packs_epi16(ascii, z)) as u32;
                    let (k_lo, k_hi) = ((m & 0xFF) as usize, ((m >> 16) & 0xFF) as usize);
                    let len_lo = 16 - k_lo.count_ones() as usize;
                    let len_hi = 16 - k_hi.count_ones() as usize;
                    let p_lo = _mm_shuffle_epi8(_mm256_castsi256_si128(lanes), row(&PACK2[k_lo]));
                    let p_hi =
                        _mm_shuffle_epi8(_mm256_extracti128_si256::<1>(lanes), row(&PACK2[k_hi]));
                    let old = _mm_loadu_si128(dp.add(w + len_lo).cast());
                    _mm_storeu_si128(dp.add(w).cast(), p_lo);
                    store_first(dp.add(w + len_lo), p_hi, old, len_hi);
                    i += 16;
                    w += len_lo + len_hi;
                    continue;
                }
                let top = _mm256_and_si256(v, top5);
                let sur = _mm256_cmpeq_epi16(top, _mm256_set1_epi16(0xD800u16 as i16));
                if _mm256_testz_si256(sur, sur) == 0 {
                    break;
                }
                let ge800 = _mm256_xor_si256(_mm256_cmpeq_epi16(top, z), _mm256_set1_epi8(-1));
                let mid = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16::<6>(v), low6), cont);
                let lead3 = _mm256_or_si256(_mm256_srli_epi16::<12>(v), _mm256_set1_epi16(0xE0));
                let (b01, keys) = if _mm256_movemask_epi8(ge800) == -1 {
                    (
                        _mm256_or_si256(lead3, _mm256_slli_epi16::<8>(mid)),
                        [80usize; 4],
                    )
                } else {
                    let b0 = _mm256_blendv_epi8(_mm256_blendv_epi8(lead2, v, ascii), lead3, ge800);
                    let b1 = _mm256_blendv_epi8(last, mid, ge800);
                    // Per 128-bit lane: bytes 0..8 the units of at least two bytes,
                    // bytes 8..16 those of three.
                    let m = _mm256_movemask_epi8(_mm256_packs_epi16(
                        _mm256_xor_si256(ascii, _mm256_set1_epi8(-1)),
                        ge800,
                    )) as u32;
                    let key = |s: u32| {
                        usize::from(KEY3[(((m >> s) & 0x0F) | ((m >> (s + 4)) & 0xF0)) as usize])
                    };
                    (
                        _mm256_or_si256(b0, _mm256_slli_epi16::<8>(b1)),
                        [key(0), key(4), key(16), key(20)],
                    )
                };
                // u32 lanes b0 | b1 << 8 | b2 << 16: units 0..4 and 8..12 in `q02`,
                // 4..8 and 12..16 in `q13`.
                let q02 = _mm256_unpacklo_epi16(b01, last);
                let q13 = _mm256_unpackhi_epi16(b01, last);
                let l0 = usize::from(PACK3_LEN[keys[0]]);
                let l1 = usize::from(PACK3_LEN[keys[1]]);
                let l2 = usize::from(PACK3_LEN[keys[2]]);
                let l3 = usize::from(PACK3_LEN[keys[3]]);
                let w3 = w + l0 + l1 + l2;
                let old = _mm_loadu_si128(dp.add(w3).cast());
                let p0 = _mm_shuffle_epi8(_mm256_castsi256_si128(q02), row(&PACK3[keys[0]]));
                let p1 = _mm_shuffle_epi8(_mm256_castsi256_si128(q13), row(&PACK3[keys[1]]));
                let p2 = _mm_shuffle_epi8(_mm256_extracti128_si256::<1>(q02), row(&PACK3[keys[2]]));
                let p3 = _mm_shuffle_epi8(_mm256_extracti128_si256::<1>(q13), row(&PACK3[keys[3]]));
                _mm_storeu_si128(dp.add(w).cast(), p0);
                _mm_storeu_si128(dp.add(w + l0).cast(), p1);
                _mm_storeu_si128(dp.add(w + l0 + l1).cast(), p2);
                store_first(dp.add(w3), p3, old, l3);
                i += 16;
                w = w3 + l3;
            }
        }
        (i, w)
    })
}
