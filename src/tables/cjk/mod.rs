//! Lookups over the generated CJK tables (`src/generated/cjk.rs`, made by
//! `gen/src/cjk/`): the "index code point" and "index pointer" operations of the
//! spec for indexes gb18030 (and gb18030 ranges), Big5, EUC-KR, jis0208, jis0212
//! and ISO-2022-JP katakana, with the spec's pointer rules for Big5 and Shift_JIS.
//!
//! Decode is one or two table reads per character, except for the rare ideographs
//! and syllables kept in Unicode order (gb18030's GBK/3 and GBK/4, EUC-KR's
//! Unified Hangul Code), which are a select over a rank bitmap. Encode never scans
//! an index: every family runs the one pipeline of [`encode::EncodeTable`] (pages
//! of CJK punctuation and kana read directly, rank bitmap blocks whose code points
//! sit in Unicode order or have their pointers stored by rank, then runs, then
//! binary search). Lookups return 0 (decode) or `None` (encode) for unmapped input
//! and never panic.
//!
//! This module holds the decode-side containers every family shares; each family's
//! layout (which rows, spans and blocks it has, and the spec's pointer arithmetic)
//! is in its own file. The functions the codecs call are re-exported here.

mod big5;
mod encode;
mod euc_kr;
mod gb18030;
mod jis;

pub(crate) use big5::{
    big5_decode, big5_decode_bmp, big5_encode, big5_encode_hot_code, BIG5_PAIRS,
};
pub(crate) use euc_kr::{
    euc_kr_decode, euc_kr_encode, euc_kr_encode_hot_code, euc_kr_ks, euc_kr_ks_hangul, EUC_KR_PAIRS,
};
pub(crate) use gb18030::GB18030_PAIRS;
pub(crate) use gb18030::{
    gb18030_decode, gb18030_encode, gb18030_encode_hot_code, gb18030_range_decode,
    gb18030_range_encode, gb18030_right,
};
pub(crate) use jis::{
    iso_2022_jp_encode_hot_code, iso_2022_jp_katakana, jis0208_decode, jis0208_decode_pointer,
    jis0208_encode, jis0208_encode_hot_code, jis0208_shift_jis_encode,
    jis0208_shift_jis_encode_hot_code, jis0208_span_pointer, jis0212_decode,
};
pub(crate) use jis::{EUC_JP_PAIRS, SHIFT_JIS_PAIRS};

/// A two-byte encoding's main table as the vector pair decoder
/// (`simd::cjk_pairs_to_utf8` / `_to_utf16`) reads it: a lead byte `l` is row
/// `(l ^ lead_xor) - lead_base` if below `rows` and not in the row hole (rows after
/// the hole count `row_gap` fewer); a trail byte `t` is column
/// `t - trail_base` (less `trail_gap` if `t >= trail_gap_from`) if
/// `t - trail_base < trail_span` and `t` is not one of the `trail_hole_len` bytes
/// from `trail_hole`; pointer `row * width + col` has its code point in
/// `cells[pointer - first]` (0: unmapped; a surrogate: an escape) if that is in the
/// cells, and is left to the codec's own loop otherwise. The decoder computes
/// pointers in `u16` lanes: `rows * width` and `first + cells.len()` are at most
/// 0x10000 (checked by its tests).
#[derive(Debug)]
// Only the x86_64 kernels read it.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) struct PairTable {
    /// Xor'ed into a lead byte before [`PairTable::lead_base`] is subtracted.
    pub(crate) lead_xor: u8,
    /// The lead byte (after the xor) of row 0.
    pub(crate) lead_base: u8,
    /// The rows.
    pub(crate) rows: u8,
    /// The first of `row_gap` rows that are not in the cells (the rows after them
    /// are `row_gap` rows further up).
    pub(crate) row_hole: u8,
    /// See [`PairTable::row_hole`] (0: every row is in the cells).
    pub(crate) row_gap: u8,
    /// The trail byte of column 0.
    pub(crate) trail_base: u8,
    /// How many bytes from `trail_base` on are trails (with the hole).
    pub(crate) trail_span: u8,
    /// Trails from this one on are `trail_gap` columns further left.
    pub(crate) trail_gap_from: u8,
    /// See [`PairTable::trail_gap_from`].
    pub(crate) trail_gap: u8,
    /// The first of `trail_hole_len` bytes inside the trail span that are not
    /// trails.
    pub(crate) trail_hole: u8,
    /// See [`PairTable::trail_hole`] (0: every byte of the span is a trail).
    pub(crate) trail_hole_len: u8,
    /// Columns per row.
    pub(crate) width: u16,
    /// The pointer of `cells[0]`.
    pub(crate) first: u16,
    /// Code points by pointer, from `first`.
    pub(crate) cells: &'static [u16],
}

// Only the x86_64 kernels (and the tests) read it.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
impl PairTable {
    /// Whether leads and trails are the same range (`lead_base == trail_base`,
    /// `rows == trail_span`) with no xor, hole or gap: its bytes are checked with
    /// one subtraction and comparison.
    pub(crate) const fn is_plain(&self) -> bool {
        self.lead_xor == 0
            && self.lead_base == self.trail_base
            && self.rows == self.trail_span
            && self.row_gap == 0
            && self.trail_gap == 0
            && self.trail_hole_len == 0
    }

    /// An EUC-style table: leads and trails 0xA1..=0xFE, 94 columns, no trail gap or
    /// hole; rows `row_hole..row_hole + row_gap` outside the cells.
    pub(crate) const fn euc(
        row_hole: u8,
        row_gap: u8,
        first: u16,
        cells: &'static [u16],
    ) -> PairTable {
        PairTable {
            lead_xor: 0,
            lead_base: 0xA1,
            rows: 94,
            row_hole,
            row_gap,
            trail_base: 0xA1,
            trail_span: 94,
            trail_gap_from: 0xFF,
            trail_gap: 0,
            trail_hole: 0,
            trail_hole_len: 0,
            width: 94,
            first,
            cells,
        }
    }
}

/// Row descriptor: the row is decoded by other means (0xFFFF: the row is empty).
const ROW_SPECIAL: u16 = 0xFFFE;
/// Row descriptor flag: the row is one run of code points.
const ROW_RUN: u16 = 0x8000;

/// Rows of cells (see `RowTable` in gen/src/cjk/build.rs).
struct Rows {
    /// Per row: the stored row index, `ROW_RUN | run`, `ROW_SPECIAL` or 0xFFFF.
    desc: &'static [u16],
    /// The stored rows, `width` cells each (0 = unmapped).
    pool: &'static [u16],
    /// The first code point of each run row.
    runs: &'static [u16],
    /// Cells per row.
    width: usize,
}

impl Rows {
    /// The code point in `row`, `col` (`col < width`); 0 if unmapped or special.
    #[inline(always)]
    fn get(&self, row: usize, col: usize) -> u16 {
        match self.desc.get(row) {
            Some(&d) if d < ROW_RUN => self
                .pool
                .get(usize::from(d) * self.width + col)
                .copied()
                .unwrap_or(0),
            Some(&d) if d < ROW_SPECIAL => self
                .runs
                .get(usize::from(d & !ROW_RUN))
                .map_or(0, |&base| base.wrapping_add(col as u16)),
            _ => 0,
        }
    }

    /// Whether `row` is decoded by other means.
    #[inline(always)]
    fn is_special(&self, row: usize) -> bool {
        self.desc.get(row) == Some(&ROW_SPECIAL)
    }
}

/// Rows `first_row..first_row + rows` of a [`Rows`] table, stored one after the
/// other in its pool from index `start`: decoded with one read, no descriptor.
struct Span {
    /// The pool of the row table.
    pool: &'static [u16],
    /// The first row of the span.
    first_row: usize,
    /// Rows in the span.
    rows: usize,
    /// Pool index of the span's first cell.
    start: usize,
    /// Cells per row.
    width: usize,
}

impl Span {
    /// The code point in `row`, `col` (`col < width`; 0 if unmapped), or `None` if
    /// the row is outside the span.
    #[inline(always)]
    fn get(&self, row: usize, col: usize) -> Option<u16> {
        let k = row.wrapping_sub(self.first_row);
        // (Summed in this order, LLVM makes the same code as the hand-written
        // lookups this replaced.)
        (k < self.rows).then(|| self.cell(self.start + k * self.width + col))
    }

    /// As [`Span::get`] for the cell `pointer = row * width + col`.
    #[inline(always)]
    fn get_pointer(&self, pointer: usize) -> Option<u16> {
        let k = pointer.wrapping_sub(self.first_row * self.width);
        (k < self.rows * self.width).then(|| self.cell(self.start + k))
    }

    /// Pool cell `i` (0 out of range).
    #[inline(always)]
    fn cell(&self, i: usize) -> u16 {
        self.pool.get(i).copied().unwrap_or(0)
    }
}

/// A bitmap with the count of set bits before each 64-bit word.
struct Bits {
    /// Bit i is bit `i % 64` of word `i / 64`.
    words: &'static [u64],
    /// Set bits before each word.
    ranks: &'static [u16],
}

impl Bits {
    /// Bit `i` and the set bits before it, from one read of its word (false and 0
    /// out of range).
    #[inline(always)]
    fn get_rank1(&self, i: usize) -> (bool, usize) {
        let (w, r) = (self.words.get(i / 64), self.ranks.get(i / 64));
        match (w, r) {
            (Some(&w), Some(&r)) => (
                (w >> (i % 64)) & 1 != 0,
                usize::from(r) + (w & ((1u64 << (i % 64)) - 1)).count_ones() as usize,
            ),
            _ => (false, 0),
        }
    }

    /// Position of the `k`-th clear bit (0-based); the caller knows it exists.
    fn select0(&self, k: usize) -> usize {
        let zeros_before = |w: usize| 64 * w - usize::from(self.ranks[w]);
        // The last word with at most k clear bits before it.
        let (mut lo, mut hi) = (0, self.ranks.len());
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if zeros_before(mid) <= k {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let mut word = !self.words[lo];
        for _ in 0..k - zeros_before(lo) {
            word &= word.wrapping_sub(1);
        }
        64 * lo + word.trailing_zeros() as usize
    }
}

/// Values kept as a base per 16 and byte deltas (see `Groups` in gen).
struct Groups {
    /// Per group of 16: the smallest value, or 0x8000 | wide group.
    bases: &'static [u16],
    /// Value minus its group's base (0xFF = unmapped).
    deltas: &'static [u8],
    /// The values of wide groups (0xFFFF = unmapped).
    wide: &'static [u16],
}

impl Groups {
    /// Value `k`, `None` if unmapped.
    #[inline(always)]
    fn get(&self, k: usize) -> Option<u16> {
        let base = *self.bases.get(k / 16)?;
        if base & 0x8000 != 0 {
            let v = *self.wide.get(usize::from(base & 0x7FFF) * 16 + k % 16)?;
            (v != 0xFFFF).then_some(v)
        } else {
            let d = *self.deltas.get(k)?;
            (d != 0xFF).then_some(base + u16::from(d))
        }
    }

    /// As [`Groups::get`] for a table of byte deltas without unmapped values.
    #[inline(always)]
    fn get_full(&self, k: usize) -> Option<u16> {
        Some(*self.bases.get(k / 16)? + u16::from(*self.deltas.get(k)?))
    }
}
