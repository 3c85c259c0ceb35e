//! Encode-side building blocks of the CJK tables, the counterparts of the run-time
//! pipeline in `src/tables/cjk/encode.rs`: a block of code points found through
//! hints into decode cells ([`HintedBlock`]), and what the blocks leave ([`Rest`]:
//! runs and a sorted map).

use std::collections::{BTreeMap, BTreeSet};

use super::build::RankBitmap;
use super::out::Out;
use super::{bmp, IDEOGRAPHS};

/// Runs shorter than this stay in the sorted map.
const MIN_RUN: usize = 32;

/// The code points of a block (from `first`) that the encoder finds through a
/// hint: a set bit each in `bitmap`, and the hint in `hints` at its rank.
pub struct HintedBlock {
    pub bitmap: RankBitmap,
    pub hints: Hints,
    /// The code points with a set bit.
    pub hinted: BTreeSet<u16>,
}

impl HintedBlock {
    /// `targets` are (code point, pool index of its pointer's cell) in code point
    /// order, all in `first..first + len`. The ones a window search of `pool` finds
    /// get a set bit and a hint; the rest are left to the [`Rest`].
    pub fn build(first: u16, len: usize, pool: &[u16], targets: &[(u16, usize)]) -> HintedBlock {
        let (hints, failed) = Hints::build(pool, targets);
        let hinted: BTreeSet<u16> = targets
            .iter()
            .enumerate()
            .filter(|(n, _)| !failed.contains(n))
            .map(|(_, t)| t.0)
            .collect();
        let bitmap = RankBitmap::build(len, |i| {
            u16::try_from(i).is_ok_and(|i| hinted.contains(&(first + i)))
        });
        assert_eq!(bitmap.count_ones(), hints.hints.len());
        HintedBlock {
            bitmap,
            hints,
            hinted,
        }
    }

    /// The block U+4E00..=U+9FFF of `first` (code point -> pointer): the
    /// ideographs whose pointer `cell` places in `pool` are targets of
    /// [`HintedBlock::build`] (`None`: left to the [`Rest`]).
    pub fn ideographs(
        first: &BTreeMap<u32, usize>,
        pool: &[u16],
        cell: impl Fn(usize) -> Option<usize>,
    ) -> HintedBlock {
        let (start, len) = IDEOGRAPHS;
        let block = u32::from(start)..u32::from(start) + len as u32;
        let targets: Vec<(u16, usize)> = first
            .range(block)
            .filter_map(|(&c, &p)| Some((bmp(c), cell(p)?)))
            .collect();
        HintedBlock::build(start, len, pool, &targets)
    }

    /// Emits the bitmap (`<prefix>_BITS`, `_RANKS`) and the hints (`<prefix>_HINTS`,
    /// `_HINT_START`, `_HINT_LOG2`).
    pub fn emit(&self, out: &mut Out, prefix: &str, bits: &str, hints: &str) {
        self.bitmap.emit(out, prefix, bits);
        self.hints.emit(out, prefix, hints);
    }
}

/// What the blocks of an index leave: runs of code points whose pointers advance
/// with them, and a sorted map of the others.
pub struct Rest {
    pub runs: Vec<EncodeRun>,
    pub sorted: Vec<(u16, u16)>,
}

impl Rest {
    /// The BMP code points of `first` (code point -> pointer) that `keep` accepts:
    /// runs of at least [`MIN_RUN`] (after the `given` ones, which hold code points
    /// `keep` rejects), and the others. Checks that every run gives each of its
    /// code points its pointer in `first` (rows of `stride` pointers).
    pub fn build(
        first: &BTreeMap<u32, usize>,
        stride: usize,
        given: Vec<EncodeRun>,
        keep: impl Fn(u32) -> bool,
    ) -> Rest {
        let pairs: Vec<(u16, u16)> = first
            .iter()
            .filter(|(&c, _)| keep(c))
            .map(|(&c, &p)| (bmp(c), u16::try_from(p).expect("pointer fits u16")))
            .collect();
        let (more, sorted) = split_runs(&pairs, MIN_RUN);
        let mut runs = given;
        runs.extend(more);
        for r in &runs {
            for i in 0..r.len {
                let c = r.cp + i;
                assert_eq!(r.pointer_of(stride, c), Some(first[&u32::from(c)]));
            }
        }
        Rest { runs, sorted }
    }

    /// Emits the runs (`<prefix>_RUN_*`, documented as `runs`) and the sorted map
    /// (`<prefix>_KEYS`, `_VALUES`, documented as `sorted`).
    pub fn emit(&self, out: &mut Out, prefix: &str, runs: &str, sorted: &str) {
        emit_runs(out, prefix, runs, &self.runs);
        emit_sorted(out, prefix, sorted, &self.sorted);
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

    /// The run-time search (`Window::find` in src/tables/cjk/encode.rs).
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
        let mut t = out.table(prefix, what);
        t.u8s(
            "HINTS",
            &format!(
                "window number of each set bit's code point (windows of {} pool cells).",
                1 << self.log2
            ),
            &self.hints,
        );
        t.konst("HINT_START", "pool index of window 0.", self.start);
        t.konst("HINT_LOG2", "log2 of the window size.", self.log2 as usize);
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
    let mut t = out.table(prefix, what);
    /// Array-name suffix, doc and field of one column.
    type Column = (&'static str, &'static str, fn(&EncodeRun) -> u16);
    let columns: [Column; 4] = [
        ("CP", "first code point of each run", |r| r.cp),
        ("LEN", "length of each run", |r| r.len),
        ("POINTER", "pointer of each run's first code point", |r| {
            r.pointer
        }),
        ("WIDTH", "cells per row before a run wraps", |r| r.width),
    ];
    for (suffix, doc, field) in columns {
        let column: Vec<u16> = runs.iter().map(field).collect();
        t.u16s(&format!("RUN_{suffix}"), &format!("{doc}."), &column);
    }
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
    let mut t = out.table(prefix, what);
    t.u16s("KEYS", "code points, ascending.", &keys);
    t.u16s("VALUES", "the pointer of each code point.", &values);
}
