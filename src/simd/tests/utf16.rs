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
