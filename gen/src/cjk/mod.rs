//! Generates `src/generated/cjk.rs`: the decode and encode tables of the seven CJK
//! encodings (indexes gb18030, gb18030 ranges, Big5, EUC-KR, jis0208, jis0212 and
//! ISO-2022-JP katakana), read by the lookups in `src/tables/cjk/`.
//!
//! The file is self-contained (arrays of integers and `usize` constants only) so
//! that `tests/cjk_tables.rs` can `include!` it and measure the statics.
//!
//! Shapes (`build.rs` has the decode-side building blocks, `encode.rs` the
//! encode-side ones, `out.rs` the emitter; one file per family says how its index
//! uses them):
//!
//! * decode: rows stored densely (one read), runs of consecutive code points as
//!   one number per row, and the stretches in Unicode order (gb18030's GBK/3 and
//!   GBK/4 ideographs, EUC-KR's Unified Hangul Code syllables) as the clear bits of
//!   a rank/select bitmap; sequences that are nearly in Unicode order (EUC-KR's KS
//!   X 1001 Hangul, jis0212's kanji) as a base per 16 values plus byte deltas;
//! * encode: for the ideographs (and Hangul) a rank bitmap over the block; the
//!   Unicode-ordered stretches need nothing more; for the others each mapped
//!   character has a one-byte hint naming a small window of the decode rows that
//!   holds it; everything else is a sorted array (binary search) or a run.

use std::collections::BTreeMap;

mod big5;
mod build;
mod encode;
mod euc_kr;
mod gb18030;
mod jis;
mod out;

use crate::emit::header;
use crate::parse::read_index;

/// The CJK Unified Ideographs block U+4E00..=U+9FFF, where every index keeps
/// most of its characters: its first code point and length.
const IDEOGRAPHS: (u16, usize) = (0x4E00, 0x5200);

/// Index `name` as a vector indexed by pointer.
fn dense(name: &str) -> Vec<Option<u32>> {
    let entries = read_index(name);
    let len = entries.last().map_or(0, |e| e.0 as usize + 1);
    let mut v = vec![None; len];
    for (p, c) in entries {
        v[p as usize] = Some(c);
    }
    v
}

/// The first pointer of each code point, among the pointers `keep` accepts.
fn first_pointers(idx: &[Option<u32>], keep: impl Fn(usize) -> bool) -> BTreeMap<u32, usize> {
    let mut first = BTreeMap::new();
    for (p, c) in idx.iter().enumerate() {
        if let Some(c) = *c {
            if keep(p) {
                first.entry(c).or_insert(p);
            }
        }
    }
    first
}

/// `c` as a BMP code unit; panics for astral code points.
fn bmp(c: u32) -> u16 {
    u16::try_from(c).unwrap_or_else(|_| panic!("U+{c:X} is not in the BMP"))
}

/// Generates the contents of `src/generated/cjk.rs`.
pub fn generate() -> String {
    let mut out = out::Out::default();
    gb18030::generate(&mut out);
    big5::generate(&mut out);
    euc_kr::generate(&mut out);
    jis::jis0208(&mut out);
    jis::jis0212(&mut out);
    jis::katakana(&mut out);

    let mut text = header(
        "indexes/index-{gb18030,gb18030-ranges,big5,euc-kr,jis0208,jis0212,iso-2022-jp-katakana}.txt",
        &out.sizes,
    );
    text.push_str(&out.body);
    text.push_str(
        "\n/// Bytes of all the statics above (for tests/cjk_tables.rs, which `include!`s this file).\n#[allow(dead_code)]\npub(crate) fn static_bytes() -> usize {\n    0\n",
    );
    for name in &out.statics {
        text.push_str(&format!("        + core::mem::size_of_val(&{name})\n"));
    }
    text.push_str("}\n");
    text
}
