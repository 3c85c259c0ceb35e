//! Decode-side building blocks of the CJK tables (see `mod.rs` for how each index
//! uses them): row tables, rank bitmaps and delta groups, each emitted as
//! self-contained Rust statics.
//!
//! Every structure here has a run-time counterpart in `src/tables/cjk/mod.rs`; the
//! builders check their own output by running the same lookup in gen.

use super::out::Out;

/// Row descriptor: the row has no mapped cell.
pub const ROW_EMPTY: u16 = 0xFFFF;
/// Row descriptor: the row is decoded by other means (an ordered sequence).
pub const ROW_SPECIAL: u16 = 0xFFFE;
/// Row descriptor flag: the row is one run, its first code point in the run list.
pub const ROW_RUN: u16 = 0x8000;

/// Group size of [`Groups`].
pub const GROUP: usize = 16;
/// Delta meaning "unmapped" in [`Groups`].
pub const GROUP_NONE: u8 = 0xFF;
/// Base flag of a [`Groups`] group stored in full width.
pub const GROUP_WIDE: u16 = 0x8000;

/// A table of rows of `width` cells: each row is empty, one run of consecutive
/// code points, special (decoded elsewhere), or stored in the pool.
pub struct RowTable {
    pub width: usize,
    pub desc: Vec<u16>,
    pub pool: Vec<u16>,
    /// The row number of each stored row, in pool order.
    pub pool_row: Vec<u8>,
    pub runs: Vec<u16>,
}

impl RowTable {
    /// Builds the table from `cell(row, col)` (0 = unmapped). `special(row)` marks
    /// rows decoded elsewhere. Runs are used only if `allow_runs`. Rows in `dense`
    /// are stored even when empty or a run (so that the span is contiguous).
    pub fn build(
        nrows: usize,
        width: usize,
        cell: impl Fn(usize, usize) -> u16,
        special: impl Fn(usize) -> bool,
        allow_runs: bool,
        dense: std::ops::Range<usize>,
    ) -> RowTable {
        let mut t = RowTable {
            width,
            desc: Vec::new(),
            pool: Vec::new(),
            pool_row: Vec::new(),
            runs: Vec::new(),
        };
        for row in 0..nrows {
            let cells: Vec<u16> = (0..width).map(|col| cell(row, col)).collect();
            if special(row) {
                t.desc.push(ROW_SPECIAL);
            } else if dense.contains(&row) {
                t.store(row, &cells);
            } else if cells.iter().all(|&c| c == 0) {
                t.desc.push(ROW_EMPTY);
            } else if allow_runs
                && cells[0] != 0
                && cells
                    .iter()
                    .enumerate()
                    .all(|(i, &c)| usize::from(c) == usize::from(cells[0]) + i)
            {
                t.desc.push(ROW_RUN | t.runs.len() as u16);
                t.runs.push(cells[0]);
            } else {
                t.store(row, &cells);
            }
        }
        for row in 0..nrows {
            if !special(row) {
                for col in 0..width {
                    assert_eq!(t.get(row, col), cell(row, col), "row table self-check");
                }
            }
        }
        t
    }

    fn store(&mut self, row: usize, cells: &[u16]) {
        let stored = self.pool_row.len();
        assert!(stored < usize::from(ROW_RUN), "too many stored rows");
        self.desc.push(stored as u16);
        self.pool_row.push(u8::try_from(row).expect("row fits u8"));
        self.pool.extend_from_slice(cells);
    }

    /// Checks that `rows` are stored one after the other and emits `<prefix>_ROW`,
    /// `<prefix>_ROWS` and `<prefix>_POOL` (the pool index of the first) for a
    /// direct lookup.
    pub fn emit_span(&self, out: &mut Out, prefix: &str, what: &str, rows: std::ops::Range<usize>) {
        let first = self
            .pool_index(rows.start, 0)
            .expect("span rows are stored");
        for (k, row) in rows.clone().enumerate() {
            assert_eq!(
                self.pool_index(row, 0),
                Some(first + k * self.width),
                "span rows are contiguous"
            );
        }
        let mut t = out.table(prefix, what);
        t.konst(
            "ROW",
            "first row of a span stored contiguously.",
            rows.start,
        );
        t.konst("ROWS", "rows in the span.", rows.len());
        t.konst("POOL", "pool index of the span's first cell.", first);
    }

    /// The run-time lookup (`Rows::get` in src/tables/cjk/mod.rs).
    pub fn get(&self, row: usize, col: usize) -> u16 {
        match self.desc.get(row) {
            Some(&d) if d < ROW_RUN => self.pool[usize::from(d) * self.width + col],
            Some(&d) if d < ROW_SPECIAL => self.runs[usize::from(d & !ROW_RUN)] + col as u16,
            _ => 0,
        }
    }

    /// The pool index of a stored cell.
    pub fn pool_index(&self, row: usize, col: usize) -> Option<usize> {
        match self.desc.get(row) {
            Some(&d) if d < ROW_RUN => Some(usize::from(d) * self.width + col),
            _ => None,
        }
    }

    /// Emits the four arrays as `<prefix>_DESC`, `_POOL`, `_POOL_ROW`, `_RUNS`.
    pub fn emit(&self, out: &mut Out, prefix: &str, what: &str) {
        let mut t = out.table(prefix, what);
        t.u16s(
            "DESC",
            "per row, the stored row index, `0x8000 | run`, 0xFFFE (special) or 0xFFFF (empty).",
            &self.desc,
        );
        t.u16s(
            "POOL",
            &format!("the stored rows, {} cells each (0 = unmapped).", self.width),
            &self.pool,
        );
        t.u8s(
            "POOL_ROW",
            "the row number of each stored row.",
            &self.pool_row,
        );
        if !self.runs.is_empty() {
            t.u16s("RUNS", "the first code point of each run row.", &self.runs);
        }
    }
}

/// A bitmap with a rank directory (ones before each 64-bit word).
pub struct RankBitmap {
    pub words: Vec<u64>,
    pub ranks: Vec<u16>,
}

impl RankBitmap {
    pub fn build(len: usize, bit: impl Fn(usize) -> bool) -> RankBitmap {
        let mut words = vec![0u64; len.div_ceil(64)];
        for i in 0..len {
            if bit(i) {
                words[i / 64] |= 1 << (i % 64);
            }
        }
        let mut ranks = Vec::with_capacity(words.len());
        let mut ones = 0usize;
        for w in &words {
            ranks.push(u16::try_from(ones).expect("rank fits u16"));
            ones += w.count_ones() as usize;
        }
        let b = RankBitmap { words, ranks };
        // Self-check rank and select against a plain count.
        let (mut ones, mut zeros) = (0, 0);
        for i in 0..len {
            assert_eq!(b.rank1(i), ones);
            if b.get(i) {
                assert_eq!(b.select(true, ones), i);
                ones += 1;
            } else {
                assert_eq!(b.select(false, zeros), i);
                zeros += 1;
            }
        }
        b
    }

    pub fn get(&self, i: usize) -> bool {
        self.words[i / 64] >> (i % 64) & 1 == 1
    }

    pub fn rank1(&self, i: usize) -> usize {
        usize::from(self.ranks[i / 64])
            + (self.words[i / 64] & ((1u64 << (i % 64)) - 1)).count_ones() as usize
    }

    /// Position of the `k`-th set (or clear) bit, as the run time computes it.
    pub fn select(&self, ones: bool, k: usize) -> usize {
        let before = |w: usize| {
            if ones {
                usize::from(self.ranks[w])
            } else {
                64 * w - usize::from(self.ranks[w])
            }
        };
        let w = (0..self.words.len())
            .rev()
            .find(|&w| before(w) <= k)
            .expect("k in range");
        let mut word = if ones { self.words[w] } else { !self.words[w] };
        for _ in 0..k - before(w) {
            word &= word - 1;
        }
        64 * w + word.trailing_zeros() as usize
    }

    pub fn count_ones(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Emits `<prefix>_BITS` and `<prefix>_RANKS`.
    pub fn emit(&self, out: &mut Out, prefix: &str, what: &str) {
        let mut t = out.table(prefix, what);
        t.u64s("BITS", "bit i of word i / 64.", &self.words);
        t.u16s("RANKS", "set bits before each word.", &self.ranks);
    }
}

/// An ordered-ish sequence of 16-bit values as groups of [`GROUP`]: a base and
/// one-byte deltas, or (for groups that span 255 or more) full-width values.
pub struct Groups {
    pub bases: Vec<u16>,
    pub deltas: Vec<u8>,
    pub wide: Vec<u16>,
}

impl Groups {
    /// `values` are offsets below 0x8000 (None = unmapped).
    pub fn build(values: &[Option<u16>]) -> Groups {
        let mut g = Groups {
            bases: Vec::new(),
            deltas: Vec::new(),
            wide: Vec::new(),
        };
        for chunk in values.chunks(GROUP) {
            let present: Vec<u16> = chunk.iter().flatten().copied().collect();
            assert!(
                present.iter().all(|&v| v < GROUP_WIDE),
                "group value too large"
            );
            let min = present.iter().copied().min().unwrap_or(0);
            let max = present.iter().copied().max().unwrap_or(0);
            if max - min < u16::from(GROUP_NONE) {
                g.bases.push(min);
                g.deltas.extend(
                    chunk
                        .iter()
                        .map(|v| v.map_or(GROUP_NONE, |v| (v - min) as u8)),
                );
            } else {
                g.bases.push(GROUP_WIDE | (g.wide.len() / GROUP) as u16);
                g.deltas.resize(g.deltas.len() + chunk.len(), 0);
                g.wide.extend(chunk.iter().map(|v| v.unwrap_or(0xFFFF)));
                g.wide.resize(g.wide.len().div_ceil(GROUP) * GROUP, 0xFFFF);
            }
        }
        for (k, v) in values.iter().enumerate() {
            assert_eq!(g.get(k), *v, "groups self-check");
        }
        g
    }

    /// The run-time lookup (`Groups::get` in src/tables/cjk/mod.rs).
    pub fn get(&self, k: usize) -> Option<u16> {
        let base = self.bases[k / GROUP];
        if base & GROUP_WIDE != 0 {
            let v = self.wide[usize::from(base & !GROUP_WIDE) * GROUP + k % GROUP];
            (v != 0xFFFF).then_some(v)
        } else {
            let d = self.deltas[k];
            (d != GROUP_NONE).then_some(base + u16::from(d))
        }
    }

    /// Emits `<prefix>_BASES`, `<prefix>_DELTAS` and (if any) `<prefix>_WIDE`.
    pub fn emit(&self, out: &mut Out, prefix: &str, what: &str) {
        let mut t = out.table(prefix, what);
        t.u16s(
            "BASES",
            &format!("per group of {GROUP}, the smallest value, or 0x8000 | wide group."),
            &self.bases,
        );
        t.u8s(
            "DELTAS",
            "value minus its group's base (0xFF = unmapped).",
            &self.deltas,
        );
        if !self.wide.is_empty() {
            t.u16s(
                "WIDE",
                "the values of wide groups (0xFFFF = unmapped).",
                &self.wide,
            );
        }
    }
}
