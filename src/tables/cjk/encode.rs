//! The one encode pipeline of the CJK indexes: an [`EncodeTable`] describes where
//! an index keeps its pointers, and [`EncodeTable::encode`] looks a BMP code point
//! up in the same order for every family:
//!
//! 1. the [`PAGES`]: CJK symbols and kana, fullwidth forms, one read;
//! 2. the rank-bitmap [`Block`]s (ideographs, Hangul): a code point in a block
//!    is in Unicode order (its pointer is arithmetic on its rank), has its pointer
//!    stored at its rank, or is left to the next steps, as its bit says;
//! 3. the encode [`Runs`] (code points and pointers that advance together);
//! 4. binary search of the sorted map of everything else.
//!
//! Steps 1 and 2 (the first block) are the hot path, inlined into the encoders;
//! the rest is out of line. (A branch-free hot path, looking up both the page and
//! the block and choosing, measured slower: the block's work is then paid for
//! every character.)
//!
//! The tables are `const`s, so the per-family choices fold away at compile time.

use super::Bits;

/// The first code points of the [`EncodeTable::pages`] (as in gen).
pub(super) const PAGES: [u16; 2] = [0x3000, 0xFF00];
/// A page cell without a pointer.
const PAGE_NONE: u16 = 0xFFFF;
/// What [`EncodeTable::hot`] gives for a code point it leaves to
/// [`EncodeTable::cold`] (above every pointer and [`PAGE_NONE`]).
const COLD: u32 = 0x1_0000;

/// Where an index keeps the pointers of the BMP code points it maps.
pub(super) struct EncodeTable {
    /// The pointer of each code point of the [`PAGES`] (CJK symbols and kana,
    /// fullwidth forms), or its bytes if `page_code` is set; [`PAGE_NONE`] for
    /// none.
    pub pages: [&'static [u16; 256]; 2],
    /// The pointer of the bytes the pages hold, if they hold bytes.
    pub page_code: Option<fn(u16) -> u16>,
    /// The rank-bitmap block of the hot path.
    pub block: Block,
    /// A second block, out of line (they do not overlap).
    pub next: Option<Block>,
    /// Runs of code points whose pointers advance with them.
    pub runs: Runs,
    /// The remaining code points, ascending.
    pub keys: &'static [u16],
    /// The pointer of each of `keys`.
    pub values: &'static [u16],
}

impl EncodeTable {
    /// The pointer of `c`, if the index has it: the hot steps, then the others.
    #[inline(always)]
    pub fn encode(&self, c: u16) -> Option<u16> {
        match self.hot(c) {
            v if v < u32::from(PAGE_NONE) => Some(v as u16),
            v if v == u32::from(PAGE_NONE) => None,
            _ => self.cold(c),
        }
    }

    /// The pointer of `c` if the hot steps have it; `None` when they do not (it is
    /// unmapped, or left to [`EncodeTable::cold`]). Free of calls, for the
    /// encoders' inner loops.
    #[inline(always)]
    pub fn encode_hot(&self, c: u16) -> Option<u16> {
        let v = self.hot(c);
        (v < u32::from(PAGE_NONE)).then_some(v as u16)
    }

    /// The pages and the first block: the pointer, [`PAGE_NONE`] for a code point
    /// they say is unmapped, or [`COLD`].
    #[inline(always)]
    fn hot(&self, c: u16) -> u32 {
        let high = c & 0xFF00;
        if high == PAGES[0] || high == PAGES[1] {
            let page = self.pages[usize::from(high == PAGES[1])];
            let v = page[usize::from(c & 0xFF)];
            return match self.page_code {
                Some(pointer) if v != PAGE_NONE => u32::from(pointer(v)),
                _ => u32::from(v),
            };
        }
        self.block.value(c)
    }

    /// The bytes of `c` as the table stores them (`lead << 8 | trail` or `row << 8
    /// | col`, as the family says) if the pages (which must hold bytes) or the
    /// first block's [`Found::Coded`] set bits have it; `None` otherwise (it may
    /// still be mapped). Free of calls, for the encoders' inner loops: their bytes
    /// come without the pointer's division.
    #[inline(always)]
    pub fn encode_hot_code(&self, c: u16) -> Option<u16> {
        let high = c & 0xFF00;
        if high == PAGES[0] || high == PAGES[1] {
            let page = self.pages[usize::from(high == PAGES[1])];
            let v = page[usize::from(c & 0xFF)];
            return (self.page_code.is_some() && v != PAGE_NONE).then_some(v);
        }
        let block = &self.block;
        let i = usize::from(c.wrapping_sub(block.first));
        if i >= block.len {
            return None;
        }
        let (bit, k) = block.bits.get_rank1(i);
        match (bit, &block.set) {
            (true, Found::Coded(codes, _)) => codes.get(k).copied(),
            _ => None,
        }
    }

    /// The other steps: the second block, the runs and the sorted map, for what
    /// [`EncodeTable::hot`] left.
    #[inline(always)]
    fn cold(&self, c: u16) -> Option<u16> {
        if let Some(block) = &self.next {
            match block.value(c) {
                COLD => {}
                v => return u16::try_from(v).ok().filter(|&v| v != PAGE_NONE),
            }
        }
        if let Some(p) = self.runs.find(c) {
            return Some(p);
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
    /// The `k`-th is at pointer `pointers[k]`.
    Direct(&'static [u16]),
    /// The `k`-th is at pointer `pointer(codes[k])`: the table holds the bytes
    /// (see `emit_codes` in gen).
    Coded(&'static [u16], fn(u16) -> u16),
}

impl Block {
    /// The pointer of `c`, [`PAGE_NONE`] if this block says it has none, or
    /// [`COLD`] if `c` is not for this block.
    #[inline(always)]
    fn value(&self, c: u16) -> u32 {
        let i = usize::from(c.wrapping_sub(self.first));
        if i >= self.len {
            return COLD;
        }
        let (bit, ones) = self.bits.get_rank1(i);
        if bit {
            self.set.value(ones)
        } else {
            self.clear.value(i - ones)
        }
    }
}

impl Found {
    /// The pointer of the `k`-th of its kind.
    #[inline(always)]
    fn value(&self, k: usize) -> u32 {
        match self {
            Found::Elsewhere => COLD,
            Found::Ordered(pointer) => pointer(k) as u32,
            Found::Direct(pointers) => u32::from(pointers.get(k).copied().unwrap_or(PAGE_NONE)),
            Found::Coded(codes, pointer) => {
                u32::from(codes.get(k).map_or(PAGE_NONE, |&v| pointer(v)))
            }
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
