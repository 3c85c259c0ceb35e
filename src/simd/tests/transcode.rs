//! The UTF-8 <-> UTF-16 transcoder ([`crate::simd::kernels::transcode`]) on dense
//! mixes of every character length.

use super::*;

/// Dense mixes of one- to four-byte characters (and, for UTF-16, of one- to three-byte
/// units around surrogate pairs) with every output room, so every pattern class meets
/// every stop position.
#[test]
fn dense_mixes_every_room() {
    const CHARS: [u32; 12] = [
        0x41, 0x7F, 0x80, 0x3B1, 0x7FF, 0x800, 0x4E2D, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF, 0xE000,
    ];
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let rounds = if MIRI { 2 } else { 1000 };
    for isa in isas() {
        for round in 0..rounds {
            let count = 1 + rng.below(100);
            // Some rounds without four-byte characters, some without ASCII, some of
            // runs of two- or three-byte characters, or of one- and two-byte ones,
            // with a rare other one.
            let pick = |rng: &mut Rng| match (round % 6, rng.below(40)) {
                (0, _) | (3..=5, 0) => CHARS[rng.below(12)],
                (5, _) => CHARS[rng.below(5)],
                (1, _) => CHARS[rng.below(8)],
                (2, _) => CHARS[2 + rng.below(10)],
                (3, _) => CHARS[2 + rng.below(3)],
                _ => [0x800, 0x4E2D, 0xFFFF, 0xE000][rng.below(4)],
            };
            let text: std::string::String = (0..count)
                .map(|_| char::from_u32(pick(&mut rng)).unwrap_or('a'))
                .collect();
            let utf16: Vec<u16> = text.encode_utf16().collect();
            let bytes = text.as_bytes();
            for room in 0..=utf16.len() + 1 {
                let mut a = std::vec![0xAAAAu16; room];
                let mut b = a.clone();
                let ra = on_isa::utf8_to_utf16(isa, bytes, &mut a);
                let rb = scalar::utf8_to_utf16(bytes, &mut b);
                assert_eq!(
                    (ra, &a),
                    (rb, &b),
                    "{isa:?} to UTF-16, room {room}: {text:?}"
                );
            }
            let le: Vec<u8> = utf16.iter().flat_map(|u| u.to_le_bytes()).collect();
            let be: Vec<u8> = utf16.iter().flat_map(|u| u.to_be_bytes()).collect();
            for room in 0..=bytes.len() + 1 {
                let mut a = std::vec![0xAAu8; room];
                let mut b = a.clone();
                let ra = on_isa::utf16_to_utf8(isa, &utf16, &mut a);
                let rb = scalar::utf16_to_utf8(&utf16, &mut b);
                assert_eq!(
                    (ra, &a),
                    (rb, &b),
                    "{isa:?} to UTF-8, room {room}: {text:?}"
                );
                for (src, big) in [(&le, false), (&be, true)] {
                    let mut a = std::vec![0xAAu8; room];
                    let mut b = a.clone();
                    let ra = on_isa::units_to_utf8(isa, src, &mut a, big);
                    let rb = scalar::units_to_utf8(src, &mut b, big);
                    assert_eq!((ra, &a), (rb, &b), "{isa:?} units, be {big}, room {room}");
                }
            }
        }
    }
}

/// NEON converts runs of three-byte characters with its own lane operations (`ld3`,
/// `st3`); the shuffle versions that the other ISAs run must agree with them.
#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
#[test]
fn neon_three_byte_lane_ops_match_shuffles() {
    use crate::simd::aarch64::neon::Neon;
    use crate::simd::kernels::transcode::{store_utf8_3_by_pack3, three_byte_run16_by_lanes};
    use crate::simd::vector::{Transcode, Vector};
    let mut rng = Rng(0x0123_4567_89AB_CDEF);
    let bmp3 = |rng: &mut Rng| loop {
        let c = 0x800 + rng.below(0x10000 - 0x800) as u32;
        if let Some(c) = char::from_u32(c) {
            return c;
        }
    };
    for round in 0..if MIRI { 20 } else { 2000 } {
        // Sixteen three-byte characters; in half the rounds one of them is an ASCII
        // and a two-byte character instead (still 48 bytes), so the run check fails.
        let mut text = std::string::String::new();
        let odd = if round % 2 == 1 { rng.below(16) } else { 16 };
        for k in 0..16 {
            if k == odd {
                text.push('a');
                text.push('é');
            } else {
                text.push(bmp3(&mut rng));
            }
        }
        let src = text.as_bytes();
        assert_eq!(src.len(), 48);
        let (mut a, mut b) = ([0xAAAAu16; 16], [0xAAAAu16; 16]);
        // SAFETY: NEON is baseline on aarch64; `src` is 48 bytes of valid UTF-8 and
        // `a`, `b` hold 16 units.
        let (ra, rb) = unsafe {
            (
                Neon::three_byte_run16(src.as_ptr(), a.as_mut_ptr()),
                three_byte_run16_by_lanes::<Neon>(src.as_ptr(), b.as_mut_ptr()),
            )
        };
        assert_eq!((ra, a), (rb, b), "{text}");
        assert_eq!(ra, odd == 16);
        if ra {
            let want: Vec<u16> = text.encode_utf16().collect();
            assert_eq!(&a[..], &want[..]);
        }

        // Eight units of three UTF-8 bytes each, as lead, middle and last bytes.
        let units: Vec<u16> = (0..8).map(|_| bmp3(&mut rng) as u16).collect();
        let lanes = |f: fn(u16) -> u16| units.iter().map(|&u| f(u)).collect::<Vec<u16>>();
        let lead = lanes(|u| 0xE0 | u >> 12);
        let mid = lanes(|u| 0x80 | (u >> 6 & 0x3F));
        let last = lanes(|u| 0x80 | (u & 0x3F));
        // Room for what `store_utf8_3` may touch: 24 bytes and the 16 after them.
        let (mut a, mut b) = ([0xAAu8; 40], [0xAAu8; 40]);
        // SAFETY: NEON is baseline on aarch64; the lane vectors are 16 bytes each and
        // `a`, `b` hold the 40 bytes `store_utf8_3` needs (`3 * 16 / 2 + 16`).
        let (na, nb) = unsafe {
            let v = |x: &[u16]| Neon::load(x.as_ptr().cast());
            let (l, m, t) = (v(&lead), v(&mid), v(&last));
            (
                Neon::store_utf8_3(l, m, t, a.as_mut_ptr()),
                store_utf8_3_by_pack3::<Neon>(l, m, t, b.as_mut_ptr()),
            )
        };
        assert_eq!((na, a), (nb, b));
        let want = std::string::String::from_utf16(&units).unwrap();
        assert_eq!(&a[..24], want.as_bytes());
        // Only the bytes returned change.
        assert!(a[24..].iter().all(|&x| x == 0xAA));
    }
}

/// Every mix of one-, two- and three-byte units over four lanes (every key of
/// `PACK123`), at every lane position of a vector, among ASCII or three-byte units,
/// with and without a surrogate pair after it, with rooms around the exact length.
#[test]
fn length_mixes_every_lane() {
    const UNITS: [u16; 3] = [0x61, 0x3B1, 0x4E2D];
    let keys: Vec<usize> = if MIRI {
        std::vec![0, 40, 80]
    } else {
        (0..81).collect()
    };
    let lanes = if MIRI { 3 } else { 32 };
    for isa in isas() {
        for &key in &keys {
            let quad: Vec<u16> = (0..4).map(|k| UNITS[key / 3usize.pow(k) % 3]).collect();
            for fill in [0x41u16, 0x8A9E] {
                for at in 0..lanes {
                    for pair in [false, true] {
                        let mut utf16 = std::vec![fill; 48];
                        utf16[at..at + 4].copy_from_slice(&quad);
                        if pair {
                            utf16[at + 5..at + 7].copy_from_slice(&[0xD83D, 0xDE00]);
                        }
                        let mut full = std::vec![0u8; 3 * utf16.len()];
                        let exact = scalar::utf16_to_utf8(&utf16, &mut full).1;
                        same_out_in(
                            &std::format!("{isa:?} key {key} at {at} fill {fill:#x} pair {pair}"),
                            &[exact - 1, exact, exact + 1, exact + 16, 3 * utf16.len()],
                            0xAAu8,
                            |d| on_isa::utf16_to_utf8(isa, &utf16, d),
                            |d| scalar::utf16_to_utf8(&utf16, d),
                        );
                    }
                }
            }
        }
    }
}

/// Text of three-byte units (whose loop the vector kernels enter at two such vectors)
/// followed by vectors of one- and two-byte units only, where that loop hands over to
/// the two-byte one (Vietnamese, Cyrillic with dashes): every mix of a 32-unit
/// stretch of ASCII and two-byte units from a few shapes, at each offset from a
/// vector boundary, then three-byte units again, a surrogate pair and an unpaired
/// surrogate, with rooms around the exact length; also as UTF-16LE/BE bytes
/// (`units_to_utf8`).
#[test]
fn three_byte_loop_takes_two_byte_vectors() {
    let shapes: [fn(usize) -> u16; 5] = [
        |_| 0x3B1,
        |i| if i % 2 == 0 { 0x61 } else { 0x3B1 },
        |_| 0x61,
        |i| if i == 7 { 0xE9 } else { 0x61 },
        |i| if i % 5 == 0 { 0x7FF } else { 0x80 + i as u16 },
    ];
    let offsets = if MIRI { 2 } else { 17 };
    for isa in isas() {
        for (s, shape) in shapes.iter().enumerate() {
            for lead in 0..offsets {
                let mut utf16 = std::vec![0x8A9Eu16; 64 + lead];
                utf16.extend((0..32).map(shape));
                utf16.extend([0x4E2D; 20]);
                utf16.extend([0xD83D, 0xDE00, 0x62, 0xDC00, 0x63]);
                utf16.extend([0x3B1; 40]);
                let mut full = std::vec![0u8; 3 * utf16.len()];
                let exact = scalar::utf16_to_utf8(&utf16, &mut full).1;
                let rooms = [exact - 1, exact, exact + 16, 3 * utf16.len()];
                let what = std::format!("{isa:?} shape {s} lead {lead}");
                same_out_in(
                    &what,
                    &rooms,
                    0xAAu8,
                    |d| on_isa::utf16_to_utf8(isa, &utf16, d),
                    |d| scalar::utf16_to_utf8(&utf16, d),
                );
                for big in [false, true] {
                    let src = super::portable::unit_bytes(&utf16, big);
                    same_out_in(
                        &std::format!("{what} units, be {big}"),
                        &rooms,
                        0xAAu8,
                        |d| on_isa::units_to_utf8(isa, &src, d, big),
                        |d| scalar::units_to_utf8(&src, d, big),
                    );
                }
            }
        }
    }
}
