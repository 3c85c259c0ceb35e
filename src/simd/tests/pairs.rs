//! The vector CJK decoder (`cjk_pairs_to_utf8` / `_to_utf16`) against the table read
//! character by character, for every table it reads: text of ASCII and pairs with
//! every kind of thing it leaves to the codecs mixed in (invalid trails, ASCII
//! trails, unmapped and escaped cells, pointers outside the cells, single bytes,
//! code points below U+0800 for UTF-8), at every alignment, many lengths and output
//! rooms. The decoder may stop early, but what it returns must be whole characters
//! of the input decoded exactly, with nothing written after them; and on clean
//! input with room it must take all but the last window.

use super::*;
use crate::tables::cjk::{
    PairTable, BIG5_PAIRS, EUC_JP_PAIRS, EUC_KR_PAIRS, GB18030_PAIRS, SHIFT_JIS_PAIRS,
};

/// Every table the decoder reads.
const TABLES: [&PairTable; 5] = [
    &EUC_JP_PAIRS,
    &SHIFT_JIS_PAIRS,
    &GB18030_PAIRS,
    &BIG5_PAIRS,
    &EUC_KR_PAIRS,
];

/// The code point of a lead and trail by `t`, as the decoder should read it (0: not
/// a pair it takes).
fn pair(t: &PairTable, lead: u8, trail: u8) -> u16 {
    let row = (lead ^ t.lead_xor).wrapping_sub(t.lead_base);
    let off = trail.wrapping_sub(t.trail_base);
    if lead < 0x80
        || row >= t.rows
        || off >= t.trail_span
        || trail.wrapping_sub(t.trail_hole) < t.trail_hole_len
    {
        return 0;
    }
    let row = match row.checked_sub(t.row_hole) {
        Some(k) if k < t.row_gap => return 0,
        Some(_) => row - t.row_gap,
        None => row,
    };
    let col = off - u8::from(trail >= t.trail_gap_from) * t.trail_gap;
    let pointer = usize::from(row) * usize::from(t.width) + usize::from(col);
    match pointer
        .checked_sub(usize::from(t.first))
        .and_then(|k| t.cells.get(k))
    {
        Some(&c) if !(0xD800..0xE000).contains(&c) => c,
        _ => 0,
    }
}

/// The characters the decoder may take from the start of `src` (ASCII bytes, and
/// pairs whose code point `pair` gives, from U+0800 for `utf8`): (bytes, code point)
/// each.
fn reference(t: &PairTable, src: &[u8], utf8: bool) -> Vec<(usize, u16)> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&b) = src.get(i) {
        if b < 0x80 {
            out.push((1, u16::from(b)));
            i += 1;
            continue;
        }
        let c = src.get(i + 1).map_or(0, |&trail| pair(t, b, trail));
        if c == 0 || (utf8 && c < 0x800) {
            break;
        }
        out.push((2, c));
        i += 2;
    }
    out
}

/// A mapped pair of `t` (random).
fn mapped(rng: &mut Rng, t: &PairTable) -> [u8; 2] {
    loop {
        let (a, b) = (0x80 | rng.next() as u8, rng.next() as u8);
        if pair(t, a, b) != 0 {
            return [a, b];
        }
    }
}

/// Text of `len` bytes or a little more: runs of pairs and of ASCII, and with
/// probability about `1 / noise` per piece something else (random bytes, a lead with
/// an ASCII or 0xFF trail, a pair the table leaves out).
fn text(rng: &mut Rng, t: &PairTable, len: usize, noise: usize) -> Vec<u8> {
    let mut v = Vec::new();
    while v.len() < len {
        match rng.below(16) {
            0..=9 => {
                for _ in 0..1 + rng.below(12) {
                    v.extend(mapped(rng, t));
                }
            }
            10..=13 => {
                let most = if rng.below(4) == 0 { 40 } else { 4 };
                for _ in 0..1 + rng.below(most) {
                    v.push(0x20 + rng.below(0x5F) as u8);
                }
            }
            _ => v.push(b'\n'),
        }
        if noise != 0 && rng.below(noise) == 0 {
            match rng.below(4) {
                0 => v.push(rng.next() as u8),
                1 => v.extend([mapped(rng, t)[0], b"0A\n\xFF"[rng.below(4)]]),
                2 => loop {
                    let (a, b) = (0x80 | rng.next() as u8, rng.next() as u8);
                    if pair(t, a, b) == 0 {
                        v.extend([a, b]);
                        break;
                    }
                },
                _ => v.extend([rng.next() as u8, rng.next() as u8]),
            }
        }
    }
    v
}

/// Checks one call of the decoder on `isa` for `src` with `room` units of output:
/// the prefix it takes is whole characters, decoded exactly, nothing written after
/// its output; with room for all, it takes every window it can. Returns the bytes
/// taken.
fn check(isa: Isa, t: &PairTable, src: &[u8], room: usize, utf8: bool) -> usize {
    let chars = reference(t, src, utf8);
    // Units (UTF-16) or bytes (UTF-8) of the reference output after each character.
    let units = |c: u16| -> Vec<u16> {
        if utf8 {
            let c = char::from_u32(u32::from(c)).unwrap();
            let mut b = [0; 4];
            c.encode_utf8(&mut b).bytes().map(u16::from).collect()
        } else {
            std::vec![c]
        }
    };
    let (r, w, out) = if utf8 {
        let mut d = std::vec![0xAAu8; room];
        let (r, w) = on_isa::cjk_pairs_to_utf8(isa, t, src, &mut d);
        assert!(
            d[w.min(room)..].iter().all(|&b| b == 0xAA),
            "{isa:?}: wrote past {w}"
        );
        (r, w, d.iter().map(|&b| u16::from(b)).collect::<Vec<u16>>())
    } else {
        let mut d = std::vec![0xAAAAu16; room];
        let (r, w) = on_isa::cjk_pairs_to_utf16(isa, t, src, &mut d);
        assert!(
            d[w.min(room)..].iter().all(|&u| u == 0xAAAA),
            "{isa:?}: wrote past {w}"
        );
        (r, w, d)
    };
    assert!(
        r <= src.len() && w <= room,
        "{isa:?}: ({r}, {w}) of {} / {room}",
        src.len()
    );
    // The reference output of the first `r` bytes.
    let (mut read, mut want) = (0, Vec::new());
    for &(len, c) in &chars {
        if read >= r {
            break;
        }
        read += len;
        want.extend(units(c));
    }
    assert_eq!(
        read, r,
        "{isa:?} utf8 {utf8}: took {r} bytes, not whole characters of {src:02X?}"
    );
    assert_eq!(
        &out[..w],
        &want[..],
        "{isa:?} utf8 {utf8}: output of {:02X?}",
        &src[..r]
    );
    if vector(isa) {
        // Everything clean and room for all of it: every window but the last
        // (the decoder needs 65 bytes for one) up to the chunk with the first thing
        // it leaves out.
        let clean: usize = chars.iter().map(|c| c.0).sum();
        let whole: usize = chars.iter().map(|&(_, c)| units(c).len()).sum();
        if room >= whole + 64 {
            // It also stops at a window with fewer than `SPARSE` non-ASCII bytes
            // (for the codec's loop and bulk copy), which starts at or after the
            // first such 64 bytes.
            let sparse = (0..src.len().saturating_sub(63))
                .find(|&p| src[p..p + 64].iter().filter(|&&b| b >= 0x80).count() < SPARSE as usize)
                .unwrap_or(src.len());
            let expect = clean
                .saturating_sub(17)
                .min(src.len().saturating_sub(65 + 64))
                .min(sparse);
            assert!(
                r >= expect,
                "{isa:?} utf8 {utf8}: took {r} of {clean} clean bytes of {} (lead base {:02X}, first {}): {:02X?}",
                src.len(),
                t.lead_base,
                t.first,
                &src[r..clean.min(r + 64)]
            );
        }
    }
    r
}

/// Whether the decoder runs on `isa` here (AVX2 and AVX-512 have it; the others take
/// nothing).
/// See `x86_64::pairs::SPARSE`.
#[cfg(all(target_arch = "x86_64", not(miri)))]
const SPARSE: u32 = x86_64::pairs::SPARSE;
#[cfg(not(all(target_arch = "x86_64", not(miri))))]
const SPARSE: u32 = 0;

fn vector(isa: Isa) -> bool {
    matches!(isa, Isa::Avx2 | Isa::Avx512) && isa.is_available()
}

#[test]
fn pairs_tables_fit_u16_pointers() {
    for t in TABLES {
        assert!(usize::from(t.rows) * usize::from(t.width) <= 0x10000);
        assert!(usize::from(t.first) + t.cells.len() <= 0x10000);
        assert!(!t.cells.is_empty());
    }
    // Both of the decoder's checks of the bytes are exercised.
    assert!(EUC_JP_PAIRS.is_plain() && EUC_KR_PAIRS.is_plain());
    assert!(!SHIFT_JIS_PAIRS.is_plain() && !BIG5_PAIRS.is_plain() && !GB18030_PAIRS.is_plain());
}

#[test]
fn pairs_every_alignment_and_length() {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let mut taken = 0;
    let lens: Vec<usize> = if MIRI {
        std::vec![0, 20, 70, 140]
    } else {
        (0..=200).chain([255, 256, 300, 1000, 3000]).collect()
    };
    for isa in isas() {
        for t in TABLES {
            for &len in &lens {
                let noise = [0, 0, 3, 20, 100][len % 5];
                let src = text(&mut rng, t, len, noise);
                let src = &src[..len.min(src.len())];
                let mut buf = std::vec![0u8; src.len() + 64];
                // Every alignment across the lengths.
                for offset in [0, len % 64, (7 * len + 13) % 64, 63] {
                    if MIRI && offset > 1 {
                        break;
                    }
                    let at = &mut buf[offset..offset + src.len()];
                    at.copy_from_slice(src);
                    let utf8 = offset % 2 == 1;
                    taken += check(isa, t, at, 3 * src.len() + 64, utf8);
                }
            }
        }
    }
    if !MIRI && isas().into_iter().any(vector) {
        assert!(taken > 200_000, "only {taken} bytes taken");
    }
}

#[test]
fn pairs_every_room() {
    let mut rng = Rng(0x0FED_CBA9_8765_4321);
    let rounds = if MIRI { 1 } else { 40 };
    for isa in isas() {
        for t in TABLES {
            for round in 0..rounds {
                let len = 70 + rng.below(200);
                let src = text(&mut rng, t, len, [0, 50][round % 2]);
                for utf8 in [false, true] {
                    let most = (if utf8 { 3 } else { 1 }) * src.len() + 70;
                    // Under Miri (where only the scalar code runs) a few rooms.
                    let rooms: Vec<usize> = if MIRI {
                        std::vec![0, 1, 2, src.len(), most]
                    } else {
                        (0..=most).collect()
                    };
                    for room in rooms {
                        check(isa, t, &src, room, utf8);
                    }
                }
            }
        }
    }
}

/// Every lead and trail byte as the pair at each place of a window of otherwise
/// mapped pairs and ASCII, through the decoder alone.
#[test]
fn pairs_every_lead_and_trail() {
    if MIRI {
        return;
    }
    let mut rng = Rng(0x5555_AAAA_1234_4321);
    for isa in isas() {
        for t in TABLES {
            for lead in 0x80..=0xFFu8 {
                let mut src = Vec::new();
                for trail in 0..=0xFFu8 {
                    // Pairs, one ASCII byte (shifting the places by one), pairs.
                    let before = rng.below(30);
                    for k in 0..40 {
                        if k == before {
                            src.extend([lead, trail]);
                        } else if k == 20 {
                            src.push(b' ');
                        } else {
                            src.extend(mapped(&mut rng, t));
                        }
                    }
                }
                let (mut at, mut calls) = (0, 0);
                // Call after call (on the next 300 bytes), stepping over what the
                // decoder leaves.
                while at < src.len() {
                    let part = &src[at..src.len().min(at + 300)];
                    let r = check(isa, t, part, 3 * part.len() + 64, calls % 2 == 1);
                    at += r.max(1);
                    calls += 1;
                }
            }
        }
    }
}
