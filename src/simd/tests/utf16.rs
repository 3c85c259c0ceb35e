//! UTF-16: surrogate scans, UTF-16BE/LE to native units and to UTF-8, and native
//! UTF-16 -> UTF-8 around surrogate pairs.

use super::*;

/// UTF-16 to UTF-8 of dense surrogate pairs (also straddling vector boundaries, and
/// broken ones) between ASCII and two- and three-byte units, with every output room.
#[test]
fn utf16_to_utf8_surrogates_every_room() {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let pieces: [&[u16]; 9] = [
        &[0x41],
        &[0],
        &[0x436],
        &[0x4E2D],
        &[0xFFFF],
        &[0xD83D, 0xDE00],
        &[0xDBFF, 0xDFFF],
        &[0xD800, 0xDC00],
        &[0x7FF, 0x800],
    ];
    let lens: &[usize] = if MIRI {
        &[40]
    } else {
        &[31, 32, 33, 63, 64, 65, 100, 200]
    };
    for isa in isas() {
        for &len in lens {
            for round in 0..if MIRI { 2 } else { 24 } {
                let mut v: Vec<u16> = Vec::new();
                while v.len() < len {
                    v.extend_from_slice(pieces[rng.below(if round % 3 == 0 { 9 } else { 8 })]);
                }
                v.truncate(len);
                // Sometimes one broken pair.
                if round % 4 == 3 {
                    let k = rng.below(len);
                    v[k] = [0xD800, 0xDC00, 0xDBFF][rng.below(3)];
                }
                let max = scalar::utf16_to_utf8(&v, &mut std::vec![0; 3 * len + 4]).1;
                let rooms: Vec<usize> = if MIRI {
                    std::vec![0, max / 2, max]
                } else {
                    (0..=max + 1).collect()
                };
                for room in rooms {
                    let mut a = std::vec![0xAAu8; room];
                    let mut b = a.clone();
                    assert_eq!(
                        on_isa::utf16_to_utf8(isa, &v, &mut a),
                        scalar::utf16_to_utf8(&v, &mut b),
                        "{isa:?} {v:04x?} room {room}"
                    );
                    assert_eq!(a, b, "{isa:?} {v:04x?} room {room}");
                }
            }
        }
    }
}

#[test]
fn utf16_conversions() {
    for isa in isas() {
        let what = std::format!("{isa:?}");
        for_inputs(units, |s| {
            same_out(
                &what,
                s.len(),
                3,
                0xAA,
                |d| on_isa::utf16_to_utf8(isa, s, d),
                |d| scalar::utf16_to_utf8(s, d),
            );
        });
        for_inputs(bytes, |s| {
            for be in [false, true] {
                same_out(
                    &what,
                    s.len(),
                    1,
                    0xAAAA,
                    |d| on_isa::units_to_utf16(isa, s, d, be),
                    |d| scalar::units_to_utf16(s, d, be),
                );
                same_out(
                    &what,
                    s.len(),
                    3,
                    0xAA,
                    |d| on_isa::units_to_utf8(isa, s, d, be),
                    |d| scalar::units_to_utf8(s, d, be),
                );
            }
        });
    }
}

/// Long Basic Latin runs (around the [`scalar::YIELD_CHUNKS`] chunks after which the
/// scalar code hands back to the vectors) between other units, with a surrogate (a
/// lone one or a pair) at every position: UTF-16 -> UTF-8 and UTF-16BE/LE -> UTF-8 on
/// every ISA, and the scalar code that yields, against the references written a unit
/// at a time, with rooms near every edge.
#[test]
fn utf16_to_utf8_basic_latin_hand_over() {
    use super::portable::{unit_bytes, units_to_utf8_reference, utf16_to_utf8_reference};
    let y = 16 * scalar::YIELD_CHUNKS;
    let runs: Vec<usize> = if MIRI {
        std::vec![y]
    } else {
        std::vec![y - 17, y - 1, y, y + 1, y + 15, 2 * y + 33]
    };
    let others: [&[u16]; 3] = [&[0xE9, 0x436], &[0x4E2D; 5], &[0x41, 0x3042, 0x7FF]];
    let mut all = isas();
    all.push(Isa::Scalar);
    for (k, &run) in runs.iter().enumerate() {
        let mut v: Vec<u16> = Vec::new();
        for j in 0..3 {
            v.extend((0..run).map(|i| 0x20 + ((i * 7 + j) % 0x5F) as u16));
            v.extend_from_slice(others[(j + k) % 3]);
        }
        let bads: [&[u16]; 3] = [&[0xD800], &[0xDFFF], &[0xD83D, 0xDE00]];
        let step = if MIRI { 131 } else { 7 };
        let mut inputs = std::vec![v.clone()];
        for at in (0..=v.len()).step_by(step) {
            let mut w = v[..at].to_vec();
            w.extend_from_slice(bads[at % 3]);
            w.extend_from_slice(&v[at..]);
            inputs.push(w);
        }
        for src in &inputs {
            let full = utf16_to_utf8_reference(src, usize::MAX).1.len();
            let rooms = [
                0,
                1,
                17,
                full / 2,
                y + 5,
                full.saturating_sub(1),
                full,
                full + 4,
            ];
            // Under Miri the rooms next to the edges (this test took close to two
            // minutes of CI there with all eight).
            let rooms = if MIRI { &rooms[2..7] } else { &rooms[..] };
            for &room in rooms {
                let (want_r, want) = utf16_to_utf8_reference(src, room);
                for &isa in &all {
                    let mut a = std::vec![0xAAu8; room];
                    let (r, w) = on_isa::utf16_to_utf8(isa, src, &mut a);
                    assert_eq!((r, &a[..w]), (want_r, &want[..]), "{isa:?} room {room}");
                    assert!(a[w..].iter().all(|&d| d == 0xAA), "{isa:?} room {room}");
                }
                // The yielding scalar code: a prefix of the same, ending after
                // Basic Latin when it yields, else all of it.
                let mut a = std::vec![0xAAu8; room];
                let (r, w, yielded) = scalar::utf16_to_utf8_until_basic_latin(src, &mut a);
                let (pr, pw) = utf16_to_utf8_reference(&src[..r], room);
                assert_eq!((pr, &pw[..]), (r, &a[..w]));
                assert!(a[w..].iter().all(|&d| d == 0xAA));
                if yielded {
                    assert!(src[r - y..r].iter().all(|&u| u < 0x80));
                } else {
                    assert_eq!((r, w), (want_r, want.len()));
                }
                for be in [false, true] {
                    let bytes = unit_bytes(src, be);
                    let (want_r, want) = units_to_utf8_reference(&bytes, be, room);
                    for &isa in &all {
                        let mut a = std::vec![0xAAu8; room];
                        let (r, w) = on_isa::units_to_utf8(isa, &bytes, &mut a, be);
                        assert_eq!((r, &a[..w]), (want_r, &want[..]), "{isa:?} {be} {room}");
                        assert!(a[w..].iter().all(|&d| d == 0xAA), "{isa:?} {be} {room}");
                    }
                    let mut a = std::vec![0xAAu8; room];
                    let (r, w, yielded) =
                        scalar::units_to_utf8_until_basic_latin(&bytes, &mut a, be);
                    let (pr, pw) = units_to_utf8_reference(&bytes[..2 * r], be, room);
                    assert_eq!((pr, &pw[..]), (r, &a[..w]));
                    assert!(a[w..].iter().all(|&d| d == 0xAA));
                    if yielded {
                        assert!(src[r - y..r].iter().all(|&u| u < 0x80));
                    } else {
                        assert_eq!((r, w), (want_r, want.len()));
                    }
                }
            }
        }
    }
}
