//! Generic building blocks of the CJK tables (see `cjk.rs` for how each index uses
//! them) and the emitter that writes them as self-contained Rust statics.
//!
//! Every structure here has a run-time counterpart in `src/tables/cjk.rs`; the
//! builders check their own output by running the same lookup in gen.

use crate::emit::rows;

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

/// Collects the statics and constants of one generated file and their sizes.
#[derive(Default)]
pub struct Out {
    pub body: String,
    pub sizes: Vec<(String, usize)>,
    pub statics: Vec<String>,
}

impl Out {
    fn array<T>(
        &mut self,
        name: &str,
        doc: &str,
        ty: &str,
        items: &[T],
        per_line: usize,
        fmt: impl Fn(&T) -> String,
    ) {
        let cells: Vec<String> = items.iter().map(fmt).collect();
        self.body.push_str(&format!(
            "\n/// {doc}\npub(crate) static {name}: [{ty}; {}] = [\n{}];\n",
            items.len(),
            rows(&cells, per_line, 4)
        ));
        self.sizes
            .push((name.to_owned(), std::mem::size_of_val(items)));
        self.statics.push(name.to_owned());
    }

    /// A `[u16; N]` static in hex.
    pub fn u16s(&mut self, name: &str, doc: &str, items: &[u16]) {
        self.array(name, doc, "u16", items, 12, |v| format!("0x{v:04X}"));
    }

    /// A `[u8; N]` static in hex.
    pub fn u8s(&mut self, name: &str, doc: &str, items: &[u8]) {
        self.array(name, doc, "u8", items, 16, |v| format!("0x{v:02X}"));
    }

    /// A `[u64; N]` static in hex.
    pub fn u64s(&mut self, name: &str, doc: &str, items: &[u64]) {
        self.array(name, doc, "u64", items, 4, |v| format!("0x{v:016X}"));
    }

    /// A `usize` constant (no static data).
    pub fn konst(&mut self, name: &str, doc: &str, value: usize) {
        self.body.push_str(&format!(
            "\n/// {doc}\npub(crate) const {name}: usize = {value};\n"
        ));
    }

    /// A section comment.
    pub fn section(&mut self, title: &str) {
        self.body.push_str(&format!("\n// ---- {title} ----\n"));
    }
}

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
        out.konst(
            &format!("{prefix}_ROW"),
            &format!("{what}: first row of a span stored contiguously."),
            rows.start,
        );
        out.konst(
            &format!("{prefix}_ROWS"),
            &format!("{what}: rows in the span."),
            rows.len(),
        );
        out.konst(
            &format!("{prefix}_POOL"),
            &format!("{what}: pool index of the span's first cell."),
            first,
        );
    }

    /// The run-time lookup (`Rows::get` in src/tables/cjk.rs).
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
        out.u16s(
            &format!("{prefix}_DESC"),
            &format!("{what}: per row, the stored row index, `0x8000 | run`, 0xFFFE (special) or 0xFFFF (empty)."),
            &self.desc,
        );
        out.u16s(
            &format!("{prefix}_POOL"),
            &format!(
                "{what}: the stored rows, {} cells each (0 = unmapped).",
                self.width
            ),
            &self.pool,
        );
        out.u8s(
            &format!("{prefix}_POOL_ROW"),
            &format!("{what}: the row number of each stored row."),
            &self.pool_row,
        );
        if !self.runs.is_empty() {
            out.u16s(
                &format!("{prefix}_RUNS"),
                &format!("{what}: the first code point of each run row."),
                &self.runs,
            );
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
        out.u64s(
            &format!("{prefix}_BITS"),
            &format!("{what}: bit i of word i / 64."),
            &self.words,
        );
        out.u16s(
            &format!("{prefix}_RANKS"),
            &format!("{what}: set bits before each word."),
            &self.ranks,
        );
    }
}

/// Encode hints: for the k-th set bit of a bitmap, the window of a pool (of
/// `1 << log2` cells from `start + (hint << log2)`) whose first cell equal to
/// the code point is the wanted one.
pub struct Hints {
    pub start: usize,
    pub log2: u32,
    pub hints: Vec<u8>,
}

impl Hints {
    /// `targets` are (code point as stored in the pool, wanted pool index) in bitmap
    /// order. Returns the hints and the positions of the targets that a window
    /// search would not find (to be encoded by other means).
    pub fn build(pool: &[u16], targets: &[(u16, usize)]) -> (Hints, Vec<usize>) {
        let start = targets.iter().map(|t| t.1).min().unwrap_or(0);
        let end = targets.iter().map(|t| t.1).max().unwrap_or(0) + 1;
        let mut log2 = 0;
        while (end - start - 1) >> log2 > 255 {
            log2 += 1;
        }
        let mut h = Hints {
            start,
            log2,
            hints: Vec::new(),
        };
        let mut failed = Vec::new();
        for (n, &(value, index)) in targets.iter().enumerate() {
            let hint = ((index - start) >> log2) as u8;
            if h.find(pool, hint, value) == Some(index) {
                h.hints.push(hint);
            } else {
                failed.push(n);
            }
        }
        (h, failed)
    }

    /// The run-time search (`find_in_window` in src/tables/cjk.rs).
    pub fn find(&self, pool: &[u16], hint: u8, value: u16) -> Option<usize> {
        let from = self.start + (usize::from(hint) << self.log2);
        let to = (from + (1 << self.log2)).min(pool.len());
        pool[from..to]
            .iter()
            .position(|&v| v == value)
            .map(|i| from + i)
    }

    /// Emits `<prefix>_HINTS`, `<prefix>_HINT_START`, `<prefix>_HINT_LOG2`.
    pub fn emit(&self, out: &mut Out, prefix: &str, what: &str) {
        out.u8s(
            &format!("{prefix}_HINTS"),
            &format!(
                "{what}: window number of each set bit's code point (windows of {} pool cells).",
                1 << self.log2
            ),
            &self.hints,
        );
        out.konst(
            &format!("{prefix}_HINT_START"),
            &format!("{what}: pool index of window 0."),
            self.start,
        );
        out.konst(
            &format!("{prefix}_HINT_LOG2"),
            &format!("{what}: log2 of the window size."),
            self.log2 as usize,
        );
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

    /// The run-time lookup (`Groups::get` in src/tables/cjk.rs).
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
        out.u16s(
            &format!("{prefix}_BASES"),
            &format!("{what}: per group of {GROUP}, the smallest value, or 0x8000 | wide group."),
            &self.bases,
        );
        out.u8s(
            &format!("{prefix}_DELTAS"),
            &format!("{what}: value minus its group's base (0xFF = unmapped)."),
            &self.deltas,
        );
        if !self.wide.is_empty() {
            out.u16s(
                &format!("{prefix}_WIDE"),
                &format!("{what}: the values of wide groups (0xFFFF = unmapped)."),
                &self.wide,
            );
        }
    }
}

/// Runs of consecutive code points at pointers that advance with them, possibly
/// wrapping over rows: code point `cp + i` is at pointer
/// `pointer + (i / width) * stride + i % width`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EncodeRun {
    pub cp: u16,
    pub len: u16,
    pub pointer: u16,
    pub width: u16,
}

impl EncodeRun {
    pub fn pointer_of(&self, stride: usize, cp: u16) -> Option<usize> {
        let i = usize::from(cp.wrapping_sub(self.cp));
        (i < usize::from(self.len)).then(|| {
            usize::from(self.pointer)
                + i / usize::from(self.width) * stride
                + i % usize::from(self.width)
        })
    }
}

/// Emits runs as four parallel arrays `<prefix>_RUN_CP`, `_RUN_LEN`, `_RUN_POINTER`, `_RUN_WIDTH`.
pub fn emit_runs(out: &mut Out, prefix: &str, what: &str, runs: &[EncodeRun]) {
    let col = |f: fn(&EncodeRun) -> u16| runs.iter().map(f).collect::<Vec<u16>>();
    out.u16s(
        &format!("{prefix}_RUN_CP"),
        &format!("{what}: first code point of each run."),
        &col(|r| r.cp),
    );
    out.u16s(
        &format!("{prefix}_RUN_LEN"),
        &format!("{what}: length of each run."),
        &col(|r| r.len),
    );
    out.u16s(
        &format!("{prefix}_RUN_POINTER"),
        &format!("{what}: pointer of each run's first code point."),
        &col(|r| r.pointer),
    );
    out.u16s(
        &format!("{prefix}_RUN_WIDTH"),
        &format!("{what}: cells per row before a run wraps."),
        &col(|r| r.width),
    );
}

/// Splits (code point, pointer) pairs (sorted by code point) into runs of at least
/// `min_len` where both advance by one, and the rest.
pub fn split_runs(pairs: &[(u16, u16)], min_len: usize) -> (Vec<EncodeRun>, Vec<(u16, u16)>) {
    let mut runs = Vec::new();
    let mut rest = Vec::new();
    let mut i = 0;
    while i < pairs.len() {
        let mut j = i + 1;
        while j < pairs.len()
            && pairs[j].0 == pairs[j - 1].0 + 1
            && pairs[j].1 == pairs[j - 1].1 + 1
        {
            j += 1;
        }
        if j - i >= min_len {
            let len = (j - i) as u16;
            runs.push(EncodeRun {
                cp: pairs[i].0,
                len,
                pointer: pairs[i].1,
                width: len,
            });
        } else {
            rest.extend_from_slice(&pairs[i..j]);
        }
        i = j;
    }
    (runs, rest)
}

/// Emits a sorted map as `<prefix>_KEYS` and `<prefix>_VALUES`.
pub fn emit_sorted(out: &mut Out, prefix: &str, what: &str, pairs: &[(u16, u16)]) {
    assert!(
        pairs.windows(2).all(|w| w[0].0 < w[1].0),
        "sorted map keys must increase"
    );
    let keys: Vec<u16> = pairs.iter().map(|p| p.0).collect();
    let values: Vec<u16> = pairs.iter().map(|p| p.1).collect();
    out.u16s(
        &format!("{prefix}_KEYS"),
        &format!("{what}: code points, ascending."),
        &keys,
    );
    out.u16s(
        &format!("{prefix}_VALUES"),
        &format!("{what}: the pointer of each code point."),
        &values,
    );
}
