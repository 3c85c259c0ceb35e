//! The vector CJK pair decoder (`cjk_pairs_to_utf8` / `_to_utf16`) against the
//! table read pair by pair: whole blocks of eight mapped pairs only, stopping at the
//! first block with anything else, at every output room.

use super::*;
use crate::tables::cjk::{PairTable, EUC_JP_PAIRS, GB18030_PAIRS, SHIFT_JIS_PAIRS};

/// The code point of a lead and trail by `t`, as the kernel should read it (0: not
/// a pair it takes).
fn pair(t: &PairTable, lead: u8, trail: u8) -> u16 {
    let row = (lead ^ t.lead_xor).wrapping_sub(t.lead_base);
    let off = trail.wrapping_sub(t.trail_base);
    if row >= t.rows || off >= t.trail_span || (t.trail_hole != 0 && trail == t.trail_hole) {
        return 0;
    }
    let row = match row.checked_sub(t.row_hole) {
        Some(k) if k < t.row_gap => return 0,
        Some(_) => row - t.row_gap,
        None => row,
    };
    let col = off - u8::from(trail >= t.trail_gap_from) * t.trail_gap;
    let pointer = usize::from(row) * usize::from(t.width) + usize::from(col);
    match pointer.checked_sub(usize::from(t.first)) {
        Some(k) if k < t.gather_cells() => t.cells[k],
        _ => 0,
    }
}

/// Byte pairs: mostly mapped ones, some of anything.
fn input(rng: &mut Rng, t: &PairTable, pairs: usize, noise: usize) -> Vec<u8> {
    let mut v = Vec::new();
    while v.len() < 2 * pairs {
        let (a, b) = (rng.next() as u8, rng.next() as u8);
        if rng.below(noise) == 0 || pair(t, a, b) != 0 {
            v.extend([a, b]);
        }
    }
    v
}

/// Whether the kernel runs on `isa` here (AVX2 and AVX-512 have it; the others take
/// nothing).
fn vector(isa: Isa) -> bool {
    matches!(isa, Isa::Avx2 | Isa::Avx512) && isa.is_available()
}

#[test]
fn pairs_blocks_every_room() {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let rounds = if MIRI { 2 } else { 300 };
    // Blocks the vector ISAs took, so that the test cannot pass vacuously.
    let mut taken = 0;
    for isa in isas() {
        for t in [&EUC_JP_PAIRS, &SHIFT_JIS_PAIRS, &GB18030_PAIRS] {
            for round in 0..rounds {
                let pairs = 8 + rng.below(40);
                let src = input(&mut rng, t, pairs, 4 + round % 200);
                // The blocks the kernel may take, and their units.
                let mut units = Vec::new();
                for block in src.chunks_exact(16) {
                    let cps: Vec<u16> = block.chunks(2).map(|p| pair(t, p[0], p[1])).collect();
                    if cps.contains(&0) {
                        break;
                    }
                    units.extend(cps);
                }
                let to8 = |cps: &[u16]| -> Vec<u8> {
                    char::decode_utf16(cps.iter().copied())
                        .map(|c| c.unwrap_or('\u{FFFD}'))
                        .collect::<std::string::String>()
                        .into_bytes()
                };
                for room in 0..=units.len() + 9 {
                    let mut d = std::vec![0xAAAAu16; room];
                    let (r, w) = on_isa::cjk_pairs_to_utf16(isa, t, &src, &mut d);
                    let vector = vector(isa);
                    let blocks = if vector {
                        (room / 8).min(units.len() / 8)
                    } else {
                        0
                    };
                    assert_eq!((r, w), (16 * blocks, 8 * blocks), "{isa:?} room {room}");
                    taken += blocks;
                    assert_eq!(&d[..w], &units[..w]);
                    assert!(d[w..].iter().all(|&u| u == 0xAAAA));
                }
                for room in 0..=3 * units.len() + 25 {
                    let mut d = std::vec![0xAAu8; room];
                    let (r, w) = on_isa::cjk_pairs_to_utf8(isa, t, &src, &mut d);
                    // Blocks of characters from U+0800 only.
                    let mut ok = 0;
                    for block in units.chunks_exact(8) {
                        if block.iter().any(|&u| u < 0x800) {
                            break;
                        }
                        ok += 1;
                    }
                    let vector = vector(isa);
                    let blocks = if vector { (room / 24).min(ok) } else { 0 };
                    assert_eq!((r, w), (16 * blocks, 24 * blocks), "{isa:?} room {room}");
                    assert_eq!(d[..w], to8(&units[..8 * blocks])[..]);
                    assert!(d[w..].iter().all(|&u| u == 0xAA));
                }
            }
        }
    }
    if !MIRI && isas().into_iter().any(vector) {
        assert!(taken > 1000, "only {taken} blocks taken");
    }
}
