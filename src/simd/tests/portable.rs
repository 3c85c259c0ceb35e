//! The word-at-a-time loops of the portable code ([`scalar`]) against plain
//! one-unit-at-a-time forms written here, at every length, offset and room: the
//! portable code is the oracle of the vector kernels, so it has its own.

use super::*;

/// ASCII, Latin-1, BMP and surrogate units, in runs, so that whole words of each
/// kind meet every boundary.
fn mixed_units(rng: &mut Rng, len: usize) -> Vec<u16> {
    let mut v = Vec::new();
    while v.len() < len {
        let run = 1 + rng.below(24);
        let kind = rng.below(5);
        for _ in 0..run {
            v.push(match kind {
                0 | 1 => rng.below(0x80) as u16,
                2 => 0x80 + rng.below(0x80) as u16,
                3 => 0x800 + rng.below(0xC000) as u16,
                _ => 0xD800 + rng.below(0x800) as u16,
            });
        }
    }
    v.truncate(len);
    v
}

#[test]
fn word_loops_match_unit_loops() {
    let mut rng = Rng(0x5DEE_CE66_D1CE_4E5B);
    let table: [u16; 128] =
        core::array::from_fn(|i| if i % 17 == 3 { 0 } else { 0x400 + i as u16 });
    let lens: Vec<usize> = if MIRI {
        std::vec![0, 7, 17, 40]
    } else {
        (0..80).collect()
    };
    for round in 0..if MIRI { 2 } else { 60 } {
        let units = mixed_units(&mut rng, 100);
        let bytes: Vec<u8> = units
            .iter()
            .map(|&u| u as u8 | (u >> 8) as u8 & 0x80)
            .collect();
        for &len in &lens {
            let off = round % 7;
            let (u, b) = (&units[off..off + len], &bytes[off..off + len]);
            for room in [0, 1, len / 2, len.saturating_sub(1), len, len + 3] {
                let mut a = std::vec![0xAAAAu16; room];
                let got = scalar::copy_ascii_to_basic_latin(b, &mut a);
                let want = b.iter().take(room).take_while(|&&x| x < 0x80).count();
                assert_eq!(got, want);
                assert!(a[..got].iter().zip(b).all(|(&d, &s)| d == u16::from(s)));
                assert!(a[got..].iter().all(|&d| d == 0xAAAA));

                let mut a = std::vec![0xAAu8; room];
                let got = scalar::copy_basic_latin_to_ascii(u, &mut a);
                let want = u.iter().take(room).take_while(|&&x| x < 0x80).count();
                assert_eq!(got, want);
                assert!(a[..got].iter().zip(u).all(|(&d, &s)| u16::from(d) == s));
                assert!(a[got..].iter().all(|&d| d == 0xAA));

                let mut a = std::vec![0xAAAAu16; room];
                let got = scalar::single_byte_to_utf16(&table, b, &mut a);
                let map = |x: u8| {
                    if x < 0x80 {
                        u16::from(x)
                    } else {
                        table[usize::from(x - 0x80)]
                    }
                };
                let want = b
                    .iter()
                    .take(room)
                    .take_while(|&&x| map(x) != 0 || x == 0)
                    .count();
                assert_eq!(got, want);
                assert!(a[..got].iter().zip(b).all(|(&d, &s)| d == map(s)));
                assert!(a[got..].iter().all(|&d| d == 0xAAAA));

                for be in [false, true] {
                    let raw: Vec<u8> = u
                        .iter()
                        .flat_map(|&x| if be { x.to_be_bytes() } else { x.to_le_bytes() })
                        .collect();
                    let mut a = std::vec![0xAAAAu16; room];
                    let got = scalar::units_to_utf16(&raw, &mut a, be);
                    let want = u
                        .iter()
                        .take(room)
                        .take_while(|&&x| x & 0xF800 != 0xD800)
                        .count();
                    assert_eq!(got, want);
                    assert_eq!(&a[..got], &u[..got]);
                    assert!(a[got..].iter().all(|&d| d == 0xAAAA));

                    let mut a = std::vec![0xAAu8; 3 * room];
                    let (read, written) = scalar::units_to_utf8(&raw, &mut a, be);
                    let mut want = std::vec::Vec::new();
                    let mut k = 0;
                    for &x in u {
                        let Some(c) = char::from_u32(u32::from(x)) else {
                            break;
                        };
                        let mut buf = [0; 4];
                        let e = c.encode_utf8(&mut buf).as_bytes();
                        if want.len() + e.len() > 3 * room {
                            break;
                        }
                        want.extend_from_slice(e);
                        k += 1;
                    }
                    assert_eq!((read, written), (k, want.len()));
                    assert_eq!(&a[..written], &want[..]);
                    assert!(a[written..].iter().all(|&d| d == 0xAA));
                }
            }
        }
    }
}
