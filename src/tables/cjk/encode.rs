//! The one encode pipeline of the CJK indexes: an [`EncodeTable`] describes where
//! an index keeps its pointers, and [`EncodeTable::encode`] looks a BMP code point
//! up in the same order for every family:
//!
//! 1. the rank-bitmap [`Block`]s (ideographs, Hangul): a code point in a block
//!    is in Unicode order (its pointer is arithmetic on its rank), found through a
//!    hint naming a small [`Window`] of decode cells, or left to the next steps,
//!    as its bit says;
//! 2. the encode [`Runs`] (code points and pointers that advance together),
//!    before the blocks where the table says so;
//! 3. binary search of the sorted map of everything else.
//!
//! The tables are `const`s and the pipeline is inlined into each family's encode
//! function, so the per-family choices fold away at compile time.

use super::Bits;

/// Where an index keeps the pointers of the BMP code points it maps.
pub(super) struct EncodeTable {
    /// The rank-bitmap block tried first.
    pub block: Block,
    /// A second block, tried next (they do not overlap).
    pub next: Option<Block>,
    /// Runs of code points whose pointers advance with them.
    pub runs: Runs,
    /// Whether the runs are tried before the blocks (where they hold the text's
    /// most frequent characters: jis0208's are the kana).
    pub runs_first: bool,
    /// The remaining code points, ascending.
    pub keys: &'static [u16],
    /// The pointer of each of `keys`.
    pub values: &'static [u16],
}

impl EncodeTable {
    /// The pointer of `c`, if the index has it.
    #[inline(always)]
    pub fn encode(&self, c: u16) -> Option<u16> {
        if self.runs_first {
            if let Some(p) = self.runs.find(c) {
                return Some(p);
            }
        }
        if let Some(found) = self.block.encode(c) {
            return found;
        }
        if let Some(found) = self.next.as_ref().and_then(|block| block.encode(c)) {
            return found;
        }
        if !self.runs_first {
            if let Some(p) = self.runs.find(c) {
                return Some(p);
            }
        }
        sorted(self.keys, self.values, c)
    }
}

/// Code points `first..first + len` with a rank bitmap over them; what a set and
/// a clear bit mean is the block's [`Found`] pair.
pub(super) struct Block {
    /// The block's first code point.
    pub first: u16,
    /// Code points in the block.
    pub len: usize,
    /// One bit per code point of the block.
    pub bits: Bits,
    /// Where the code points with a set bit are.
    pub set: Found,
    /// Where the code points with a clear bit are.
    pub clear: Found,
}

/// Where the code points of one kind of a [`Block`] are (the kind: set or clear
/// bits; the `k`-th of a kind is the one with `k` of its kind before it).
pub(super) enum Found {
    /// Not in the block's tables: the runs and the sorted map have them.
    Elsewhere,
    /// In Unicode order: the `k`-th is at pointer `pointer(k)`.
    Ordered(fn(usize) -> usize),
    /// The `k`-th is the first cell equal to it in the window named by hint `k`.
    Hinted(Window),
}

impl Block {
    /// `None` if `c` is not for this block; else its pointer, if it has one.
    #[inline(always)]
    fn encode(&self, c: u16) -> Option<Option<u16>> {
        let i = usize::from(c.wrapping_sub(self.first));
        if i >= self.len {
            return None;
        }
        if self.bits.get(i) {
            self.set.encode(c, || self.bits.rank1(i))
        } else {
            self.clear.encode(c, || i - self.bits.rank1(i))
        }
    }
}

impl Found {
    /// As [`Block::encode`] for `c`, the `k()`-th of its kind.
    #[inline(always)]
    fn encode(&self, c: u16, k: impl FnOnce() -> usize) -> Option<Option<u16>> {
        match self {
            Found::Elsewhere => None,
            Found::Ordered(pointer) => Some(Some(pointer(k()) as u16)),
            Found::Hinted(window) => Some(window.find(k(), c)),
        }
    }
}

/// Hints into decode cells: the `k`-th hinted code point is the first cell equal
/// to it among the `1 << log2` cells from `start + (hints[k] << log2)`.
pub(super) struct Window {
    /// One window number per hinted code point.
    pub hints: &'static [u8],
    /// Cell index of window 0.
    pub start: usize,
    /// log2 of the window size.
    pub log2: usize,
    /// The cells and their pointers.
    pub cells: Cells,
}

impl Window {
    /// The pointer of `c`, the `k`-th hinted code point.
    #[inline(always)]
    fn find(&self, k: usize, c: u16) -> Option<u16> {
        let hint = *self.hints.get(k)?;
        let pool = self.cells.pool();
        let from = self.start + (usize::from(hint) << self.log2);
        let window = pool.get(from..)?;
        let window = window.get(..1 << self.log2).unwrap_or(window);
        let i = from + crate::simd::find_u16(window, c)?;
        self.cells.pointer(i).map(|p| p as u16)
    }
}

/// Decode cells a [`Window`] searches, and the pointer of each.
pub(super) enum Cells {
    /// Cell `i` of `pool` is at pointer `first + i`.
    Dense {
        /// The cells.
        pool: &'static [u16],
        /// The pointer of cell 0.
        first: usize,
    },
    /// The pool of a row table (stored rows of `width` cells): cell `i` is in row
    /// `rows[i / width]`, at pointer `base + row * stride + i % width`.
    Rows {
        /// The cells.
        pool: &'static [u16],
        /// The row number of each stored row.
        rows: &'static [u8],
        /// Cells per stored row.
        width: usize,
        /// Pointers per row.
        stride: usize,
        /// The pointer of row 0, column 0.
        base: usize,
    },
}

impl Cells {
    /// The cells.
    #[inline(always)]
    fn pool(&self) -> &'static [u16] {
        match *self {
            Cells::Dense { pool, .. } | Cells::Rows { pool, .. } => pool,
        }
    }

    /// The pointer of cell `i`.
    #[inline(always)]
    fn pointer(&self, i: usize) -> Option<usize> {
        match *self {
            Cells::Dense { first, .. } => Some(first + i),
            Cells::Rows {
                rows,
                width,
                stride,
                base,
                ..
            } => Some(base + usize::from(*rows.get(i / width)?) * stride + i % width),
        }
    }
}

/// Encode runs (see `EncodeRun` in gen): code point `cp + i` is at pointer
/// `pointer + (i / width) * stride + i % width`.
pub(super) struct Runs {
    /// First code point of each run.
    pub cp: &'static [u16],
    /// Length of each run.
    pub len: &'static [u16],
    /// Pointer of each run's first code point.
    pub pointer: &'static [u16],
    /// Cells per row before a run wraps.
    pub width: &'static [u16],
    /// Pointers per row.
    pub stride: u16,
}

impl Runs {
    /// The pointer of `c`, if a run has it.
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
pub(super) fn sorted(keys: &[u16], values: &[u16], c: u16) -> Option<u16> {
    keys.binary_search(&c)
        .ok()
        .and_then(|i| values.get(i).copied())
}
