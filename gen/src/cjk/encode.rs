//! Encode-side building blocks of the CJK tables, the counterparts of the run-time
//! pipeline in `src/tables/cjk/encode.rs`: a block of code points whose pointers are
//! stored by rank ([`DirectBlock`]), and what the blocks leave ([`Rest`]: runs and a
//! sorted map).

use std::collections::{BTreeMap, BTreeSet};

use super::build::RankBitmap;
use super::out::Out;
use super::{bmp, IDEOGRAPHS};

/// Runs shorter than this stay in the sorted map.
const MIN_RUN: usize = 32;

/// The code points of a block (from `first`) whose pointers the encoder reads
/// directly: a set bit each in `bitmap`, and the pointer in `pointers` at its rank
/// (one read after a rank, whatever order the index keeps them in).
pub struct DirectBlock {
    pub bitmap: RankBitmap,
    pub pointers: Vec<u16>,
    /// The code points with a set bit.
    pub members: BTreeSet<u16>,
}

impl DirectBlock {
    /// `targets` are (code point, pointer) in code point order, all in
    /// `first..first + len`.
    pub fn build(first: u16, len: usize, targets: &[(u16, usize)]) -> DirectBlock {
        assert!(targets.windows(2).all(|w| w[0].0 < w[1].0));
        let members: BTreeSet<u16> = targets.iter().map(|t| t.0).collect();
        let bitmap = RankBitmap::build(len, |i| {
            u16::try_from(i).is_ok_and(|i| members.contains(&(first + i)))
        });
        let pointers: Vec<u16> = targets
            .iter()
            .map(|t| u16::try_from(t.1).expect("pointer fits u16"))
            .collect();
        assert_eq!(bitmap.count_ones(), pointers.len());
        for (k, &(c, _)) in targets.iter().enumerate() {
            assert_eq!(bitmap.rank1(usize::from(c - first)), k);
        }
        DirectBlock {
            bitmap,
            pointers,
            members,
        }
    }

    /// The block U+4E00..=U+9FFF of `first` (code point -> pointer): the
    /// ideographs whose pointer `keep` accepts (the others are left to the
    /// [`Rest`]).
    pub fn ideographs(first: &BTreeMap<u32, usize>, keep: impl Fn(usize) -> bool) -> DirectBlock {
        let (start, len) = IDEOGRAPHS;
        let block = u32::from(start)..u32::from(start) + len as u32;
        let targets: Vec<(u16, usize)> = first
            .range(block)
            .filter(|(_, &p)| keep(p))
            .map(|(&c, &p)| (bmp(c), p))
            .collect();
        DirectBlock::build(start, len, &targets)
    }

    /// Emits the bitmap (`<prefix>_BITS`, `_RANKS`) and the pointers
    /// (`<prefix>_POINTERS`).
    pub fn emit(&self, out: &mut Out, prefix: &str, bits: &str, pointers: &str) {
        self.bitmap.emit(out, prefix, bits);
        self.emit_pointers(out, prefix, pointers);
    }

    /// Emits, instead of the pointers, each pointer's bytes as `code(pointer)`
    /// (`<prefix>_CODES`): an encoder's hot path then writes them without the
    /// pointer arithmetic.
    pub fn emit_codes(&self, out: &mut Out, prefix: &str, what: &str, code: impl Fn(u16) -> u16) {
        let codes: Vec<u16> = self.pointers.iter().map(|&p| code(p)).collect();
        let mut t = out.table(prefix, what);
        t.u16s(
            "CODES",
            "the bytes (lead << 8 | trail) of each set bit's code point, by rank.",
            &codes,
        );
    }

    /// Emits the pointers alone (`<prefix>_POINTERS`).
    pub fn emit_pointers(&self, out: &mut Out, prefix: &str, pointers: &str) {
        let mut t = out.table(prefix, pointers);
        t.u16s(
            "POINTERS",
            "the index pointer of each set bit's code point, by rank.",
            &self.pointers,
        );
    }
}

/// The first code points of the pages of 256 that every encoder reads directly:
/// CJK symbols and punctuation with the kana, and the fullwidth forms (the
/// punctuation of CJK text). Must match `PAGES` in src/tables/cjk/encode.rs.
pub const PAGES: [u16; 2] = [0x3000, 0xFF00];
/// A page cell without a pointer.
pub const PAGE_NONE: u16 = 0xFFFF;

/// What the blocks of an index leave: the [`PAGES`] (a pointer per code point),
/// runs of code points whose pointers advance with them, and a sorted map of the
/// others.
pub struct Rest {
    pub pages: Vec<Vec<u16>>,
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
        let in_page = |c: u16| PAGES.contains(&(c & 0xFF00));
        let mut pages = vec![vec![PAGE_NONE; 256]; PAGES.len()];
        let mut pairs: Vec<(u16, u16)> = Vec::new();
        for (&c, &p) in first.iter().filter(|(&c, _)| keep(c)) {
            let (c, p) = (bmp(c), u16::try_from(p).expect("pointer fits u16"));
            assert_ne!(p, PAGE_NONE);
            match PAGES.iter().position(|&page| page == c & 0xFF00) {
                Some(k) => pages[k][usize::from(c & 0xFF)] = p,
                None => pairs.push((c, p)),
            }
        }
        for r in &given {
            assert!(
                (0..r.len).all(|i| !in_page(r.cp + i)),
                "a given run in a page"
            );
        }
        let (more, sorted) = split_runs(&pairs, MIN_RUN);
        let mut runs = given;
        runs.extend(more);
        for r in &runs {
            for i in 0..r.len {
                let c = r.cp + i;
                assert_eq!(r.pointer_of(stride, c), Some(first[&u32::from(c)]));
            }
        }
        Rest {
            pages,
            runs,
            sorted,
        }
    }

    /// Replaces each pointer in the pages by `code(pointer)`, its bytes (see
    /// [`DirectBlock::emit_codes`]).
    pub fn code_pages(&mut self, code: impl Fn(u16) -> u16) {
        for v in self.pages.iter_mut().flatten() {
            if *v != PAGE_NONE {
                *v = code(*v);
                assert_ne!(*v, PAGE_NONE);
            }
        }
    }

    /// Emits the pages (`<prefix>_PAGE_3000`, ...), the runs (`<prefix>_RUN_*`,
    /// documented as `runs`) and the sorted map (`<prefix>_KEYS`, `_VALUES`,
    /// documented as `sorted`).
    pub fn emit(&self, out: &mut Out, prefix: &str, runs: &str, sorted: &str) {
        for (page, pointers) in PAGES.iter().zip(&self.pages) {
            out.u16s(
                &format!("{prefix}_PAGE_{page:04X}"),
                &format!(
                    "The index pointer (or its bytes, after `code_pages`) of U+{page:04X} + i \
                     (0xFFFF = none), read directly."
                ),
                pointers,
            );
        }
        emit_runs(out, prefix, runs, &self.runs);
        emit_sorted(out, prefix, sorted, &self.sorted);
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
