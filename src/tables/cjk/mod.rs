//! Lookups over the generated CJK tables (`src/generated/cjk.rs`, made by
//! `gen/src/cjk.rs`): the "index code point" and "index pointer" operations of the
//! spec for indexes gb18030 (and gb18030 ranges), Big5, EUC-KR, jis0208, jis0212
//! and ISO-2022-JP katakana, with the spec's pointer rules for Big5 and Shift_JIS.
//!
//! Decode is one or two table reads per character, except for the rare ideographs
//! and syllables kept in Unicode order (gb18030's GBK/3 and GBK/4, EUC-KR's
//! Unified Hangul Code), which are a select over a rank bitmap. Encode never scans
//! an index: ideographs go through a rank bitmap and a one-byte hint naming a
//! window of at most 64 decode cells, the Unicode-ordered stretches through rank
//! arithmetic, the rest through runs and binary search. Lookups return 0 (decode)
//! or `None` (encode) for unmapped input and never panic.

use crate::generated::cjk as g;

/// Row descriptor: the row is decoded by other means (0xFFFF: the row is empty).
const ROW_SPECIAL: u16 = 0xFFFE;
/// Row descriptor flag: the row is one run of code points.
const ROW_RUN: u16 = 0x8000;

/// Rows of cells (see `RowTable` in gen/src/cjk_build.rs).
struct Rows {
    desc: &'static [u16],
    pool: &'static [u16],
    runs: &'static [u16],
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

    #[inline(always)]
    fn is_special(&self, row: usize) -> bool {
        self.desc.get(row) == Some(&ROW_SPECIAL)
    }
}

/// A bitmap with the count of set bits before each 64-bit word.
struct Bits {
    words: &'static [u64],
    ranks: &'static [u16],
}

impl Bits {
    #[inline(always)]
    fn get(&self, i: usize) -> bool {
        self.words
            .get(i / 64)
            .is_some_and(|w| (w >> (i % 64)) & 1 != 0)
    }

    /// Set bits before position `i` (which is in range).
    #[inline(always)]
    fn rank1(&self, i: usize) -> usize {
        let (w, r) = (self.words.get(i / 64), self.ranks.get(i / 64));
        match (w, r) {
            (Some(&w), Some(&r)) => {
                usize::from(r) + (w & ((1u64 << (i % 64)) - 1)).count_ones() as usize
            }
            _ => 0,
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
    bases: &'static [u16],
    deltas: &'static [u8],
    wide: &'static [u16],
}

impl Groups {
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
}

impl Groups {
    /// As [`Groups::get`] for a table of byte deltas without unmapped values.
    #[inline(always)]
    fn get_full(&self, k: usize) -> Option<u16> {
        Some(*self.bases.get(k / 16)? + u16::from(*self.deltas.get(k)?))
    }
}

/// Encode runs (see `EncodeRun` in gen): code point `cp + i` is at pointer
/// `pointer + (i / width) * stride + i % width`.
struct Runs {
    cp: &'static [u16],
    len: &'static [u16],
    pointer: &'static [u16],
    width: &'static [u16],
    stride: u16,
}

impl Runs {
    #[inline(always)]
    fn find(&self, c: u16) -> Option<u16> {
        for (((&cp, &len), &pointer), &width) in self
            .cp
            .iter()
            .zip(self.len)
            .zip(self.pointer)
            .zip(self.width)
        {
            let i = c.wrapping_sub(cp);
            if i < len {
                return Some(pointer + i / width * self.stride + i % width);
            }
        }
        None
    }
}

/// Binary search of a sorted map.
#[inline(always)]
fn sorted(keys: &[u16], values: &[u16], c: u16) -> Option<u16> {
    keys.binary_search(&c)
        .ok()
        .and_then(|i| values.get(i).copied())
}

/// The pool index of the first cell equal to `value` in window `hint` (of
/// `1 << log2` cells from `start`).
#[inline(always)]
fn find_in_window(pool: &[u16], start: usize, log2: usize, hint: u8, value: u16) -> Option<usize> {
    let from = start + (usize::from(hint) << log2);
    let window = pool.get(from..)?;
    let window = window.get(..1 << log2).unwrap_or(window);
    crate::simd::find_u16(window, value).map(|i| from + i)
}

// ---------------------------------------------------------------------------
// gb18030

const GB18030_RIGHT: Rows = Rows {
    desc: &g::GB18030_RIGHT_DESC,
    pool: &g::GB18030_RIGHT_POOL,
    runs: &g::GB18030_RIGHT_RUNS,
    width: 94,
};
const GB18030_LEFT: Rows = Rows {
    desc: &g::GB18030_LEFT_DESC,
    pool: &g::GB18030_LEFT_POOL,
    runs: &g::GB18030_LEFT_RUNS,
    width: 96,
};
const GB18030_HANZI: Bits = Bits {
    words: &g::GB18030_HANZI_BITS,
    ranks: &g::GB18030_HANZI_RANKS,
};
const GB18030_RUNS: Runs = Runs {
    cp: &g::GB18030_ENC_RUN_CP,
    len: &g::GB18030_ENC_RUN_LEN,
    pointer: &g::GB18030_ENC_RUN_POINTER,
    width: &g::GB18030_ENC_RUN_WIDTH,
    stride: 190,
};

/// Index gb18030 code point for pointer `row * 190 + col` (`row < 126`,
/// `col < 190`); 0 if unmapped.
#[inline(always)]
pub(crate) fn gb18030_decode(row: usize, col: usize) -> u16 {
    if row < 32 {
        return gb18030_gbk_ideograph(row * 190 + col);
    }
    let row = row - 32;
    if col >= 96 {
        gb18030_right(row, col - 96)
    } else if GB18030_LEFT.is_special(row) {
        gb18030_gbk_ideograph(g::GB18030_TOP + (row - g::GB18030_REST_LEFT_ROW) * 96 + col)
    } else {
        GB18030_LEFT.get(row, col)
    }
}

/// Index gb18030 code point for pointer `(row + 32) * 190 + 96 + col` (`row < 94`,
/// `col < 94`: GB2312's area, first and second bytes 0xA1..=0xFE); 0 if unmapped.
#[inline(always)]
pub(crate) fn gb18030_right(row: usize, col: usize) -> u16 {
    let h = row.wrapping_sub(g::GB18030_HANZI_ROW);
    if h < g::GB18030_HANZI_ROWS {
        return g::GB18030_RIGHT_POOL
            .get(g::GB18030_HANZI_POOL + h * 94 + col)
            .copied()
            .unwrap_or(0);
    }
    GB18030_RIGHT.get(row, col)
}

/// The `k`-th ideograph of GBK/3 and GBK/4 (Unicode order, skipping GB2312's).
#[inline(never)]
fn gb18030_gbk_ideograph(k: usize) -> u16 {
    if k >= g::GB18030_REST_LEN {
        return 0;
    }
    0x4E00 + GB18030_HANZI.select0(k) as u16
}

/// Index gb18030 pointer (the first) for a BMP code point, if the index has it.
#[inline]
pub(crate) fn gb18030_encode(c: u16) -> Option<u16> {
    let i = usize::from(c.wrapping_sub(0x4E00));
    if i <= 0x9FA5 - 0x4E00 {
        let r = GB18030_HANZI.rank1(i);
        if !GB18030_HANZI.get(i) {
            // GBK/3 and GBK/4: the (i - r)-th of them, laid out in rows.
            let k = i - r;
            let pointer = if k < g::GB18030_TOP {
                k
            } else {
                let j = k - g::GB18030_TOP;
                (32 + g::GB18030_REST_LEFT_ROW + j / 96) * 190 + j % 96
            };
            return Some(pointer as u16);
        }
        let hint = *g::GB18030_HANZI_HINTS.get(r)?;
        let idx = find_in_window(
            &g::GB18030_RIGHT_POOL,
            g::GB18030_HANZI_HINT_START,
            g::GB18030_HANZI_HINT_LOG2,
            hint,
            c,
        )?;
        let row = usize::from(*g::GB18030_RIGHT_POOL_ROW.get(idx / 94)?);
        return Some(((32 + row) * 190 + 96 + idx % 94) as u16);
    }
    GB18030_RUNS
        .find(c)
        .or_else(|| sorted(&g::GB18030_ENC_KEYS, &g::GB18030_ENC_VALUES, c))
}

/// Index gb18030 ranges code point (the four-byte sequences).
pub(crate) fn gb18030_range_decode(pointer: u32) -> Option<char> {
    if (pointer > 39419 && pointer < 189_000) || pointer > 1_237_575 {
        return None;
    }
    if pointer == 7457 {
        return Some('\u{E7C7}');
    }
    if pointer >= 189_000 {
        return char::from_u32(0x10000 + pointer - 189_000);
    }
    let i = g::GB18030_RANGE_POINTERS
        .partition_point(|&p| u32::from(p) <= pointer)
        .checked_sub(1)?;
    char::from_u32(
        u32::from(g::GB18030_RANGE_CODE_POINTS[i]) + pointer
            - u32::from(g::GB18030_RANGE_POINTERS[i]),
    )
}

/// Index gb18030 ranges pointer for a code point of U+0080 or above.
pub(crate) fn gb18030_range_encode(c: u32) -> u32 {
    if c == 0xE7C7 {
        return 7457;
    }
    if c >= 0x10000 {
        return 189_000 + c - 0x10000;
    }
    let i = g::GB18030_RANGE_CODE_POINTS
        .partition_point(|&x| u32::from(x) <= c)
        .saturating_sub(1);
    u32::from(g::GB18030_RANGE_POINTERS[i])
        + c.saturating_sub(u32::from(g::GB18030_RANGE_CODE_POINTS[i]))
}

// ---------------------------------------------------------------------------
// Big5

const BIG5_IDEO: Bits = Bits {
    words: &g::BIG5_IDEO_BITS,
    ranks: &g::BIG5_IDEO_RANKS,
};
const BIG5_RUNS: Runs = Runs {
    cp: &g::BIG5_ENC_RUN_CP,
    len: &g::BIG5_ENC_RUN_LEN,
    pointer: &g::BIG5_ENC_RUN_POINTER,
    width: &g::BIG5_ENC_RUN_WIDTH,
    stride: 157,
};

/// Index Big5 code point (0 if unmapped).
#[inline(always)]
pub(crate) fn big5_decode(pointer: usize) -> u32 {
    let Some(i) = pointer.checked_sub(g::BIG5_FIRST) else {
        return 0;
    };
    let v = g::BIG5_DECODE.get(i).copied().unwrap_or(0);
    if (0xD800..0xE000).contains(&v) {
        return big5_astral(v);
    }
    u32::from(v)
}

/// Index Big5 code point for a pointer, or 0 if unmapped or astral: the hot
/// loop's lookup.
#[inline(always)]
pub(crate) fn big5_decode_bmp(pointer: usize) -> u16 {
    let v = g::BIG5_DECODE
        .get(pointer.wrapping_sub(g::BIG5_FIRST))
        .copied()
        .unwrap_or(0);
    if v.wrapping_sub(0xD800) < 0x800 {
        return 0;
    }
    v
}

/// The astral code point escaped as `v` (0xD800 + index) in the decode table.
#[cold]
fn big5_astral(v: u16) -> u32 {
    g::BIG5_ASTRAL_LOW
        .get(usize::from(v - 0xD800))
        .map_or(0, |&low| 0x20000 | u32::from(low))
}

/// Index Big5 pointer (the spec's rule: pointers from (0xA1 - 0x81) × 157, the
/// last one for six code points), if any.
#[inline]
pub(crate) fn big5_encode(c: u32) -> Option<u16> {
    if c > 0xFFFF {
        if c >> 16 != 2 {
            return None;
        }
        return sorted(
            &g::BIG5_ENC_ASTRAL_KEYS,
            &g::BIG5_ENC_ASTRAL_VALUES,
            c as u16,
        );
    }
    let c = c as u16;
    let i = usize::from(c.wrapping_sub(0x4E00));
    if i < 0x5200 && BIG5_IDEO.get(i) {
        let hint = *g::BIG5_IDEO_HINTS.get(BIG5_IDEO.rank1(i))?;
        let idx = find_in_window(
            &g::BIG5_DECODE,
            g::BIG5_IDEO_HINT_START,
            g::BIG5_IDEO_HINT_LOG2,
            hint,
            c,
        )?;
        return Some((idx + g::BIG5_FIRST) as u16);
    }
    BIG5_RUNS
        .find(c)
        .or_else(|| sorted(&g::BIG5_ENC_KEYS, &g::BIG5_ENC_VALUES, c))
}

// ---------------------------------------------------------------------------
// EUC-KR

const EUC_KR_KS: Rows = Rows {
    desc: &g::EUC_KR_KS_DESC,
    pool: &g::EUC_KR_KS_POOL,
    runs: &[],
    width: 94,
};
const EUC_KR_HANGUL: Bits = Bits {
    words: &g::EUC_KR_HANGUL_BITS,
    ranks: &g::EUC_KR_HANGUL_RANKS,
};
const EUC_KR_KS_HANGUL: Groups = Groups {
    bases: &g::EUC_KR_KS_HANGUL_BASES,
    deltas: &g::EUC_KR_KS_HANGUL_DELTAS,
    wide: &[],
};
const EUC_KR_HANJA: Bits = Bits {
    words: &g::EUC_KR_HANJA_BITS,
    ranks: &g::EUC_KR_HANJA_RANKS,
};
const EUC_KR_RUNS: Runs = Runs {
    cp: &g::EUC_KR_ENC_RUN_CP,
    len: &g::EUC_KR_ENC_RUN_LEN,
    pointer: &g::EUC_KR_ENC_RUN_POINTER,
    width: &g::EUC_KR_ENC_RUN_WIDTH,
    stride: 190,
};
const KR_TOP: usize = g::EUC_KR_EXT_TOP_ROWS * g::EUC_KR_EXT_TOP_WIDTH;

/// Index EUC-KR code point for pointer `row * 190 + col` (`col < 190`); 0 if
/// unmapped.
#[inline(always)]
pub(crate) fn euc_kr_decode(row: usize, col: usize) -> u16 {
    if row >= 32 && col >= 96 {
        return euc_kr_ks(row - 32, col - 96);
    }
    let i = match col {
        0..=25 => col,
        32..=57 => col - 6,
        64..=189 => col - 12,
        _ => return 0,
    };
    let k = if row < g::EUC_KR_EXT_TOP_ROWS {
        row * g::EUC_KR_EXT_TOP_WIDTH + i
    } else {
        KR_TOP + (row - g::EUC_KR_EXT_TOP_ROWS) * g::EUC_KR_EXT_LEFT_WIDTH + i
    };
    if k < g::EUC_KR_EXT_LEN {
        euc_kr_ext_hangul(k)
    } else {
        0
    }
}

/// Index EUC-KR code point for pointer `(r + 32) * 190 + 96 + c` (`c < 94`: KS X
/// 1001, both bytes 0xA1..=0xFE); 0 if unmapped.
#[inline(always)]
pub(crate) fn euc_kr_ks(r: usize, c: usize) -> u16 {
    let h = r.wrapping_sub(g::EUC_KR_HANGUL_ROW);
    if h < g::EUC_KR_HANGUL_ROWS {
        return EUC_KR_KS_HANGUL.get(h * 94 + c).map_or(0, |v| 0xAC00 + v);
    }
    let h = r.wrapping_sub(g::EUC_KR_HANJA_ROW);
    if h < g::EUC_KR_HANJA_ROWS {
        return g::EUC_KR_KS_POOL
            .get(g::EUC_KR_HANJA_POOL + h * 94 + c)
            .copied()
            .unwrap_or(0);
    }
    EUC_KR_KS.get(r, c)
}

/// The KS X 1001 Hangul syllable at `r`, `c` (as for [`euc_kr_ks`]), or `None`
/// outside the syllables' rows; `Some(0)` if unmapped.
#[inline(always)]
pub(crate) fn euc_kr_ks_hangul(r: usize, c: usize) -> Option<u16> {
    let h = r.wrapping_sub(g::EUC_KR_HANGUL_ROW);
    if h < g::EUC_KR_HANGUL_ROWS {
        // KS X 1001's 2350 syllables fill their rows: no cell is unmapped.
        return Some(
            EUC_KR_KS_HANGUL
                .get_full(h * 94 + c)
                .map_or(0, |v| 0xAC00 + v),
        );
    }
    None
}

#[inline(never)]
fn euc_kr_ext_hangul(k: usize) -> u16 {
    0xAC00 + EUC_KR_HANGUL.select0(k) as u16
}

/// Index EUC-KR pointer for a BMP code point, if any.
#[inline]
pub(crate) fn euc_kr_encode(c: u16) -> Option<u16> {
    let i = usize::from(c.wrapping_sub(0xAC00));
    if i < 11172 {
        let r = EUC_KR_HANGUL.rank1(i);
        if EUC_KR_HANGUL.get(i) {
            return Some(((32 + g::EUC_KR_HANGUL_ROW + r / 94) * 190 + 96 + r % 94) as u16);
        }
        let k = i - r;
        let (row, idx) = if k < KR_TOP {
            (k / g::EUC_KR_EXT_TOP_WIDTH, k % g::EUC_KR_EXT_TOP_WIDTH)
        } else {
            let j = k - KR_TOP;
            (
                g::EUC_KR_EXT_TOP_ROWS + j / g::EUC_KR_EXT_LEFT_WIDTH,
                j % g::EUC_KR_EXT_LEFT_WIDTH,
            )
        };
        let col = match idx {
            0..=25 => idx,
            26..=51 => idx + 6,
            _ => idx + 12,
        };
        return Some((row * 190 + col) as u16);
    }
    let i = usize::from(c.wrapping_sub(0x4E00));
    if i < 0x5200 && EUC_KR_HANJA.get(i) {
        let hint = *g::EUC_KR_HANJA_HINTS.get(EUC_KR_HANJA.rank1(i))?;
        let idx = find_in_window(
            &g::EUC_KR_KS_POOL,
            g::EUC_KR_HANJA_HINT_START,
            g::EUC_KR_HANJA_HINT_LOG2,
            hint,
            c,
        )?;
        let row = usize::from(*g::EUC_KR_KS_POOL_ROW.get(idx / 94)?);
        return Some(((32 + row) * 190 + 96 + idx % 94) as u16);
    }
    EUC_KR_RUNS
        .find(c)
        .or_else(|| sorted(&g::EUC_KR_ENC_KEYS, &g::EUC_KR_ENC_VALUES, c))
}

// ---------------------------------------------------------------------------
// jis0208, jis0212, ISO-2022-JP katakana

const JIS0208: Rows = Rows {
    desc: &g::JIS0208_DESC,
    pool: &g::JIS0208_POOL,
    runs: &[],
    width: 94,
};
const JIS0208_KANJI: Bits = Bits {
    words: &g::JIS0208_KANJI_BITS,
    ranks: &g::JIS0208_KANJI_RANKS,
};
const JIS0208_RUNS: Runs = Runs {
    cp: &g::JIS0208_ENC_RUN_CP,
    len: &g::JIS0208_ENC_RUN_LEN,
    pointer: &g::JIS0208_ENC_RUN_POINTER,
    width: &g::JIS0208_ENC_RUN_WIDTH,
    stride: 94,
};
const JIS0212: Rows = Rows {
    desc: &g::JIS0212_DESC,
    pool: &g::JIS0212_POOL,
    runs: &[],
    width: 94,
};
const JIS0212_KANJI: Groups = Groups {
    bases: &g::JIS0212_KANJI_BASES,
    deltas: &g::JIS0212_KANJI_DELTAS,
    wide: &g::JIS0212_KANJI_WIDE,
};

/// Index jis0208 code point for pointer `row * 94 + col` (`col < 94`); 0 if
/// unmapped.
#[inline(always)]
pub(crate) fn jis0208_decode(row: usize, col: usize) -> u16 {
    let k = row.wrapping_sub(g::JIS0208_SPAN_ROW);
    if k < g::JIS0208_SPAN_ROWS {
        return g::JIS0208_POOL
            .get(g::JIS0208_SPAN_POOL + k * 94 + col)
            .copied()
            .unwrap_or(0);
    }
    JIS0208.get(row, col)
}

/// Index jis0208 pointer (the first) for a BMP code point, if any.
#[inline]
pub(crate) fn jis0208_encode(c: u16) -> Option<u16> {
    if let Some(p) = JIS0208_RUNS.find(c) {
        return Some(p);
    }
    let i = usize::from(c.wrapping_sub(0x4E00));
    if i < 0x5200 && JIS0208_KANJI.get(i) {
        let hint = *g::JIS0208_KANJI_HINTS.get(JIS0208_KANJI.rank1(i))?;
        let idx = find_in_window(
            &g::JIS0208_POOL,
            g::JIS0208_KANJI_HINT_START,
            g::JIS0208_KANJI_HINT_LOG2,
            hint,
            c,
        )?;
        let row = usize::from(*g::JIS0208_POOL_ROW.get(idx / 94)?);
        return Some((row * 94 + idx % 94) as u16);
    }
    sorted(&g::JIS0208_ENC_KEYS, &g::JIS0208_ENC_VALUES, c)
}

/// Index jis0208 code point for a pointer (0 if unmapped).
#[inline(always)]
pub(crate) fn jis0208_decode_pointer(pointer: usize) -> u16 {
    // The span is contiguous in pointer order too.
    let k = pointer.wrapping_sub(g::JIS0208_SPAN_ROW * 94);
    if k < g::JIS0208_SPAN_ROWS * 94 {
        return g::JIS0208_POOL
            .get(g::JIS0208_SPAN_POOL + k)
            .copied()
            .unwrap_or(0);
    }
    JIS0208.get(pointer / 94, pointer % 94)
}

/// Index jis0208 code point for a pointer in the span of rows kept in order (0
/// if unmapped or outside it): the hot loops' lookup.
#[inline(always)]
pub(crate) fn jis0208_span_pointer(pointer: usize) -> u16 {
    let k = pointer.wrapping_sub(g::JIS0208_SPAN_ROW * 94);
    if k < g::JIS0208_SPAN_ROWS * 94 {
        return g::JIS0208_POOL
            .get(g::JIS0208_SPAN_POOL + k)
            .copied()
            .unwrap_or(0);
    }
    0
}

/// Index Shift_JIS pointer: index jis0208 without pointers 8272..=8835.
#[inline]
pub(crate) fn jis0208_shift_jis_encode(c: u16) -> Option<u16> {
    let p = jis0208_encode(c)?;
    if !(g::JIS0208_SJIS_EXCLUDED_FIRST..=g::JIS0208_SJIS_EXCLUDED_LAST).contains(&usize::from(p)) {
        return Some(p);
    }
    match g::JIS0208_SJIS_EXCEPTIONS_KEYS.binary_search(&c) {
        Ok(i) => Some(g::JIS0208_SJIS_EXCEPTIONS_VALUES[i]).filter(|&q| q != 0xFFFF),
        Err(_) => Some(p + g::JIS0208_SJIS_SHIFT as u16),
    }
}

/// Index jis0212 code point for pointer `row * 94 + col` (`col < 94`); 0 if
/// unmapped.
#[inline]
pub(crate) fn jis0212_decode(row: usize, col: usize) -> u16 {
    let pointer = row * 94 + col;
    if pointer >= g::JIS0212_KANJI_FIRST {
        if pointer >= g::JIS0212_LEN {
            return 0;
        }
        return JIS0212_KANJI
            .get(pointer - g::JIS0212_KANJI_FIRST)
            .map_or(0, |v| 0x4E00 + v);
    }
    JIS0212.get(row, col)
}

/// Index ISO-2022-JP katakana code point for U+FF61..=U+FF9F.
#[inline]
pub(crate) fn iso_2022_jp_katakana(c: u16) -> u16 {
    g::ISO_2022_JP_KATAKANA
        .get(usize::from(c.wrapping_sub(0xFF61)))
        .copied()
        .unwrap_or(c)
}
