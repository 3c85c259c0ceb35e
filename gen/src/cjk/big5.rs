//! Index Big5 (`src/tables/cjk/big5.rs`): one dense decode table, astral code
//! points escaped into a side table; encode through hints into that table.

use super::encode::{emit_sorted, HintedBlock, Rest};
use super::out::Out;
use super::{dense, first_pointers};

/// The first pointer of index Big5 (lead 0x87).
const BIG5_FIRST: usize = 942;
/// (0xA1 - 0x81) * 157: the encoder ignores pointers below.
const BIG5_ENCODE_FIRST: usize = (0xA1 - 0x81) * 157;

/// Builds and emits the Big5 tables.
pub fn generate(out: &mut Out) {
    out.section("Big5 (index Big5)");
    let idx = dense("big5");
    assert!(idx[..BIG5_FIRST].iter().all(Option::is_none));
    let (decode, astral_low) = decode_table(&idx);
    let first = encode_pointers(&idx);

    let ideographs = HintedBlock::ideographs(&first, &decode, |p| Some(p - BIG5_FIRST));
    let rest = Rest::build(&first, 157, Vec::new(), |c| {
        u16::try_from(c).is_ok_and(|c| !ideographs.hinted.contains(&c))
    });
    let astral_pairs: Vec<(u16, u16)> = first
        .iter()
        .filter(|(&c, _)| c > 0xFFFF)
        .map(|(&c, &p)| ((c & 0xFFFF) as u16, p as u16))
        .collect();
    assert!(first.keys().all(|&c| c <= 0xFFFF || c >> 16 == 2));

    out.konst(
        "BIG5_FIRST",
        "The first pointer of index Big5 (lead 0x87).",
        BIG5_FIRST,
    );
    out.u16s(
        "BIG5_DECODE",
        "index Big5 from pointer BIG5_FIRST: the BMP code point, `0xD800 + i` for `U+20000 + BIG5_ASTRAL_LOW[i]`, 0 = unmapped.",
        &decode,
    );
    out.u16s(
        "BIG5_ASTRAL_LOW",
        "The astral code points of index Big5, less 0x20000, in pointer order.",
        &astral_low,
    );
    ideographs.emit(
        out,
        "BIG5_IDEO",
        "U+4E00..=U+9FFF: set where the Big5 encoder finds the ideograph through a hint",
        "Big5 ideographs (windows of BIG5_DECODE)",
    );
    rest.emit(
        out,
        "BIG5_ENC",
        "Big5 encode runs",
        "Big5 encode, the remaining BMP code points",
    );
    emit_sorted(
        out,
        "BIG5_ENC_ASTRAL",
        "Big5 encode, U+2xxxx (keys are the low 16 bits)",
        &astral_pairs,
    );
}

/// The decode table from pointer [`BIG5_FIRST`]: BMP code points as themselves,
/// astral ones (all U+2xxxx) as 0xD800 + their index in the side table of low 16
/// bits (surrogates never occur as code points); and that side table.
fn decode_table(idx: &[Option<u32>]) -> (Vec<u16>, Vec<u16>) {
    let mut decode = Vec::new();
    let mut astral_low = Vec::new();
    for c in &idx[BIG5_FIRST..] {
        let c = c.unwrap_or(0);
        if c > 0xFFFF {
            assert_eq!(c >> 16, 2, "Big5's astral code points are all in plane 2");
            decode.push(0xD800 + u16::try_from(astral_low.len()).unwrap());
            astral_low.push(c as u16);
        } else {
            assert!(!(0xD800..0xE000).contains(&c));
            decode.push(c as u16);
        }
    }
    assert!(
        astral_low.len() <= 0x800,
        "the astral escapes fit the surrogate range"
    );
    (decode, astral_low)
}

/// The index Big5 pointer of each code point: pointers from
/// (0xA1 - 0x81) * 157; the last one for six.
fn encode_pointers(idx: &[Option<u32>]) -> std::collections::BTreeMap<u32, usize> {
    let mut first = first_pointers(idx, |p| p >= BIG5_ENCODE_FIRST);
    for c in [0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345] {
        let last = (BIG5_ENCODE_FIRST..idx.len())
            .rev()
            .find(|&p| idx[p] == Some(c))
            .unwrap();
        assert_ne!(first[&c], last, "U+{c:X} has two pointers");
        first.insert(c, last);
    }
    first
}
