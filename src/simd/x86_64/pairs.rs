//! Runs of two-byte CJK characters (EUC-JP and Shift_JIS: index jis0208; gb18030
//! and GBK: GB2312's area) decoded
//! eight at a time with AVX2: the sixteen bytes are checked as lead/trail pairs and
//! turned into pointers in byte and `u16` lanes, the code points are gathered from
//! the table's cells (`vpgatherdd`), and written as UTF-16 or as three-byte UTF-8.
//! A block with anything else in it is left whole to the codec's loop (writing the
//! pairs before it too, blended into the output, ran slower: the loads of what the
//! output held wait for the stores before them). The AVX2 and the AVX-512 entry
//! points run it (AVX-512 CPUs have AVX2). A table says whether its codecs use it
//! for UTF-16 output too (`PairTable::utf16`): for UTF-16, the codecs' own loops
//! are nearly as fast.
//!
//! Anything else (ASCII, single-byte characters, pointers outside the cells, unmapped
//! cells, and for UTF-8 code points below U+0800) stops the kernel: the codec's own
//! loop takes over there.

use crate::tables::cjk::PairTable;
use core::arch::x86_64::*;

/// The per-byte constants of `t`: the lead's on even bytes and the trail's on odd
/// ones. A byte `b` becomes `x = (b ^ xor) - base`; it is not part of a pair if `x`
/// is in the hole (`x - hole < hole_len`); from `gap_from` on, `x` moves down by
/// `gap` (closing the hole); then it must be at most `last`.
struct Consts {
    /// Xor'ed into each byte (leads only).
    xor: __m128i,
    /// Subtracted after the xor.
    base: __m128i,
    /// The first value of the hole.
    hole: __m128i,
    /// One less than the hole's length (all-ones if there is none)... as a bound:
    /// `x - hole` at or below it is in the hole.
    hole_last: __m128i,
    /// Values from this one on have [`Consts::gap`] subtracted.
    gap_from: __m128i,
    /// See [`Consts::gap_from`].
    gap: __m128i,
    /// The last valid value after the gap.
    last: __m128i,
    /// Cells per row.
    width: __m128i,
    /// The first pointer of the cells.
    first: __m128i,
    /// The number of cells the gather may use, in `u32` lanes.
    cells: __m256i,
}

/// The constants of `t`.
///
/// # Safety
/// The AVX2 features.
#[inline(always)]
unsafe fn consts(t: &PairTable) -> Consts {
    let pair = |even: u8, odd: u8| i16::from_le_bytes([even, odd]);
    // An empty hole: no `x - hole` is at or below... nothing, so use a hole at the
    // value that `last` already excludes.
    let hole = |at: u8, len: u8| if len == 0 { (0xFF, 0) } else { (at, len - 1) };
    let (row_hole, row_hole_last) = hole(t.row_hole, t.row_gap);
    let trail_at = t.trail_hole.wrapping_sub(t.trail_base);
    let (trail_hole, trail_hole_last) = hole(trail_at, u8::from(t.trail_hole != 0));
    // SAFETY: the caller's features; registers only.
    unsafe {
        Consts {
            xor: _mm_set1_epi16(pair(t.lead_xor, 0)),
            base: _mm_set1_epi16(pair(t.lead_base, t.trail_base)),
            hole: _mm_set1_epi16(pair(row_hole, trail_hole)),
            hole_last: _mm_set1_epi16(pair(row_hole_last, trail_hole_last)),
            gap_from: _mm_set1_epi16(pair(
                t.row_hole.saturating_add(t.row_gap),
                t.trail_gap_from.wrapping_sub(t.trail_base),
            )),
            gap: _mm_set1_epi16(pair(t.row_gap, t.trail_gap)),
            // Rows and columns, after the gap.
            last: _mm_set1_epi16(pair(t.rows - t.row_gap - 1, t.trail_span - t.trail_gap - 1)),
            width: _mm_set1_epi16(t.width as i16),
            first: _mm_set1_epi16(t.first as i16),
            cells: _mm256_set1_epi32(t.gather_cells() as i32),
        }
    }
}

/// The code points of the eight pairs of the sixteen bytes at `p`, in `u32` lanes,
/// if every pair is a lead and a trail whose pointer has a mapped cell (at or above
/// `min`).
///
/// # Safety
/// The AVX2 features; `p` is valid for reads of 16 bytes; `cells` holds at least
/// `gather_cells + 1` cells (the gather reads four bytes at each).
#[inline(always)]
unsafe fn block(c: &Consts, cells: *const u16, p: *const u8, min: i32) -> Option<__m256i> {
    // SAFETY: the caller's features and reads; the gather reads cells `k` and `k + 1`
    // for pointers `k` below `gather_cells`, checked before it.
    unsafe {
        let v = _mm_loadu_si128(p.cast());
        let x = _mm_sub_epi8(_mm_xor_si128(v, c.xor), c.base);
        let h = _mm_sub_epi8(x, c.hole);
        let in_hole = _mm_cmpeq_epi8(_mm_min_epu8(h, c.hole_last), h);
        // From `gap_from` on (unsigned), close the gap.
        let above = _mm_cmpeq_epi8(_mm_max_epu8(x, c.gap_from), x);
        let x = _mm_sub_epi8(x, _mm_and_si128(above, c.gap));
        let in_range = _mm_cmpeq_epi8(_mm_min_epu8(x, c.last), x);
        if _mm_movemask_epi8(_mm_andnot_si128(in_hole, in_range)) != 0xFFFF {
            return None;
        }
        // u16 lanes: row (low byte) * width + column (high byte), from the first cell.
        let row = _mm_and_si128(x, _mm_set1_epi16(0xFF));
        let col = _mm_srli_epi16::<8>(x);
        let k = _mm_sub_epi16(_mm_add_epi16(_mm_mullo_epi16(row, c.width), col), c.first);
        let k = _mm256_cvtepu16_epi32(k);
        if _mm256_movemask_epi8(_mm256_cmpgt_epi32(c.cells, k)) != -1 {
            return None;
        }
        let cps = _mm256_and_si256(
            _mm256_i32gather_epi32::<2>(cells.cast(), k),
            _mm256_set1_epi32(0xFFFF),
        );
        // Unmapped cells are 0.
        if _mm256_movemask_epi8(_mm256_cmpgt_epi32(_mm256_set1_epi32(min), cps)) != 0 {
            return None;
        }
        Some(cps)
    }
}

/// Decodes pairs to UTF-16 eight at a time while they are mapped pairs (see the
/// module docs). Returns (bytes read, units written). Writes only the units it
/// returns.
///
/// # Safety
/// The AVX2 features.
#[inline(always)]
pub(crate) unsafe fn pairs_to_utf16(t: &PairTable, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr());
    let (mut r, mut w) = (0, 0);
    // SAFETY: the caller's features; loads read `src[r..r + 16]`, the store writes
    // `dst[w..w + 8]`, in bounds by the loop's test; `t.cells` holds
    // `gather_cells() + 1` cells (`PairTable::gather_cells`).
    unsafe {
        let c = consts(t);
        while r + 16 <= src.len() && dst.len() - w >= 8 {
            let Some(cps) = block(&c, t.cells.as_ptr(), sp.add(r), 1) else {
                break;
            };
            let units = _mm_packus_epi32(
                _mm256_castsi256_si128(cps),
                _mm256_extracti128_si256::<1>(cps),
            );
            _mm_storeu_si128(dp.add(w).cast(), units);
            r += 16;
            w += 8;
        }
    }
    (r, w)
}

/// Decodes pairs to UTF-8 eight at a time while they are mapped pairs of code
/// points from U+0800 (three UTF-8 bytes each). Returns (bytes read, bytes written).
/// Writes only the bytes it returns.
///
/// # Safety
/// The AVX2 features.
#[inline(always)]
pub(crate) unsafe fn pairs_to_utf8(t: &PairTable, src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr());
    let (mut r, mut w) = (0, 0);
    // SAFETY: the caller's features; loads read `src[r..r + 16]`, the stores write
    // `dst[w..w + 24]`, in bounds by the loop's test; `t.cells` holds
    // `gather_cells() + 1` cells.
    unsafe {
        let c = consts(t);
        // The three bytes of each u32 lane, four lanes per 16-byte lane, then the
        // two lanes' twelve bytes next to each other.
        let pack = _mm256_setr_epi8(
            0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1, 0, 1, 2, 4, 5, 6, 8, 9, 10, 12,
            13, 14, -1, -1, -1, -1,
        );
        let join = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 7, 7);
        while r + 16 <= src.len() && dst.len() - w >= 24 {
            let Some(cps) = block(&c, t.cells.as_ptr(), sp.add(r), 0x800) else {
                break;
            };
            // lead | middle << 8 | last << 16.
            let bytes = _mm256_or_si256(
                _mm256_or_si256(_mm256_set1_epi32(0x0080_80E0), _mm256_srli_epi32::<12>(cps)),
                _mm256_or_si256(
                    _mm256_slli_epi32::<8>(_mm256_and_si256(
                        _mm256_srli_epi32::<6>(cps),
                        _mm256_set1_epi32(0x3F),
                    )),
                    _mm256_slli_epi32::<16>(_mm256_and_si256(cps, _mm256_set1_epi32(0x3F))),
                ),
            );
            let packed = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(bytes, pack), join);
            _mm_storeu_si128(dp.add(w).cast(), _mm256_castsi256_si128(packed));
            _mm_storel_epi64(dp.add(w + 16).cast(), _mm256_extracti128_si256::<1>(packed));
            r += 16;
            w += 24;
        }
    }
    (r, w)
}
