//! `textcodec::mem` against `encoding_rs::mem` on random and adversarial input of
//! many lengths, with output buffers of many sizes.

use encoding_rs::mem as theirs;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use textcodec::mem as ours;

const PIECES: [&str; 16] = [
    "a",
    " ",
    "é",
    "ÿ",
    "\u{80}",
    "ж",
    "\u{7FF}",
    "\u{800}",
    "中",
    "\u{FFFF}",
    "😀",
    "\u{10FFFF}",
    "א",
    "\u{200F}",
    "\u{FEFF}",
    "\u{10800}",
];

fn text(rng: &mut SmallRng, len: usize, mode: u32) -> String {
    let mut s = String::new();
    while s.len() < len {
        match mode {
            0 => s.push((rng.gen_range(0..0x80u8)) as char),
            1 => s.push(char::from(rng.gen_range(0..=0xFFu8))),
            2 if rng.gen_range(0..8) == 0 => s.push_str(PIECES[rng.gen_range(0..PIECES.len())]),
            2 => s.push('a'),
            _ => s.push_str(PIECES[rng.gen_range(0..PIECES.len())]),
        }
    }
    s
}

fn bytes(rng: &mut SmallRng, len: usize, mode: u32) -> Vec<u8> {
    if mode == 4 {
        return (0..len).map(|_| rng.gen()).collect();
    }
    let mut v = text(rng, len, mode).into_bytes();
    if mode == 3 && !v.is_empty() && rng.gen_range(0..2) == 0 {
        let k = rng.gen_range(0..v.len());
        v[k] = rng.gen();
    }
    v.truncate(len);
    v
}

fn units(rng: &mut SmallRng, len: usize, mode: u32) -> Vec<u16> {
    let mut v: Vec<u16> = match mode {
        4 => (0..len).map(|_| rng.gen()).collect(),
        5 => (0..len)
            .map(|_| {
                [
                    0x41, 0xE9, 0x5D0, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xD802, 0xFEFF,
                ][rng.gen_range(0..9)]
            })
            .collect(),
        _ => text(rng, len, mode).encode_utf16().collect(),
    };
    v.truncate(len);
    v
}

fn lengths() -> impl Iterator<Item = usize> {
    (0..=80).chain([127, 128, 129, 200, 1000, 5000])
}

#[test]
fn predicates() {
    let mut rng = SmallRng::seed_from_u64(1);
    for len in lengths() {
        for mode in 0..6 {
            for _ in 0..4 {
                let b = bytes(&mut rng, len, mode.min(4));
                assert_eq!(ours::is_ascii(&b), theirs::is_ascii(&b));
                assert_eq!(
                    ours::is_utf8_latin1(&b),
                    theirs::is_utf8_latin1(&b),
                    "{b:02x?}"
                );
                assert_eq!(
                    ours::utf8_latin1_up_to(&b),
                    theirs::utf8_latin1_up_to(&b),
                    "{b:02x?}"
                );
                assert_eq!(ours::is_utf8_bidi(&b), theirs::is_utf8_bidi(&b), "{b:02x?}");
                assert_eq!(
                    ours::check_utf8_for_latin1_and_bidi(&b) as u8,
                    theirs::check_utf8_for_latin1_and_bidi(&b) as u8,
                    "{b:02x?}"
                );
                let s = text(&mut rng, len, mode.min(3));
                assert_eq!(ours::is_str_latin1(&s), theirs::is_str_latin1(&s));
                assert_eq!(ours::str_latin1_up_to(&s), theirs::str_latin1_up_to(&s));
                assert_eq!(ours::is_str_bidi(&s), theirs::is_str_bidi(&s), "{s:?}");
                assert_eq!(
                    ours::check_str_for_latin1_and_bidi(&s) as u8,
                    theirs::check_str_for_latin1_and_bidi(&s) as u8
                );
                let u = units(&mut rng, len, mode);
                assert_eq!(ours::is_basic_latin(&u), theirs::is_basic_latin(&u));
                assert_eq!(ours::is_utf16_latin1(&u), theirs::is_utf16_latin1(&u));
                assert_eq!(
                    ours::is_utf16_bidi(&u),
                    theirs::is_utf16_bidi(&u),
                    "{u:04x?}"
                );
                assert_eq!(
                    ours::check_utf16_for_latin1_and_bidi(&u) as u8,
                    theirs::check_utf16_for_latin1_and_bidi(&u) as u8
                );
                assert_eq!(
                    ours::utf16_valid_up_to(&u),
                    theirs::utf16_valid_up_to(&u),
                    "{u:04x?}"
                );
                let (mut a, mut b2) = (u.clone(), u.clone());
                ours::ensure_utf16_validity(&mut a);
                theirs::ensure_utf16_validity(&mut b2);
                assert_eq!(a, b2);
            }
        }
    }
}

#[test]
fn every_code_point_bidi() {
    for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
        assert_eq!(ours::is_char_bidi(c), theirs::is_char_bidi(c), "{c:?}");
    }
    for u in 0..=0xFFFFu16 {
        assert_eq!(
            ours::is_utf16_code_unit_bidi(u),
            theirs::is_utf16_code_unit_bidi(u),
            "{u:04x}"
        );
    }
}

#[test]
fn conversions() {
    let mut rng = SmallRng::seed_from_u64(2);
    for len in lengths() {
        for mode in 0..6 {
            for _ in 0..3 {
                // UTF-8 -> UTF-16.
                let b = bytes(&mut rng, len, mode.min(4));
                let (mut x, mut y) = (vec![0u16; len + 1], vec![0u16; len + 1]);
                let n = ours::convert_utf8_to_utf16(&b, &mut x);
                assert_eq!(n, theirs::convert_utf8_to_utf16(&b, &mut y));
                assert_eq!(x[..n], y[..n], "{b:02x?}");
                let n = ours::convert_utf8_to_utf16_without_replacement(&b, &mut x[..len]);
                assert_eq!(
                    n,
                    theirs::convert_utf8_to_utf16_without_replacement(&b, &mut y[..len])
                );
                if let Some(n) = n {
                    assert_eq!(x[..n], y[..n]);
                }
                let s = text(&mut rng, len, mode.min(3));
                let (mut x, mut y) = (vec![0u16; s.len()], vec![0u16; s.len()]);
                let n = ours::convert_str_to_utf16(&s, &mut x);
                assert_eq!(n, theirs::convert_str_to_utf16(&s, &mut y));
                assert_eq!(x[..n], y[..n]);

                // UTF-16 -> UTF-8, partial with every interesting room.
                let u = units(&mut rng, len, mode);
                let (mut x, mut y) = (vec![0u8; 3 * len], vec![0u8; 3 * len]);
                let n = ours::convert_utf16_to_utf8(&u, &mut x);
                assert_eq!(n, theirs::convert_utf16_to_utf8(&u, &mut y));
                assert_eq!(x[..n], y[..n], "{u:04x?}");
                for room in [0, 1, 2, 3, 4, len / 2, len, len + 1, 2 * len, 3 * len] {
                    let (mut x, mut y) = (vec![0xAAu8; room], vec![0xAAu8; room]);
                    let r = ours::convert_utf16_to_utf8_partial(&u, &mut x);
                    assert_eq!(
                        r,
                        theirs::convert_utf16_to_utf8_partial(&u, &mut y),
                        "{u:04x?} room {room}"
                    );
                    assert_eq!(x, y, "partial writes only what it reports");
                    let mut xs = "\u{80}".repeat(room / 2);
                    let mut ys = xs.clone();
                    let r = ours::convert_utf16_to_str_partial(&u, &mut xs);
                    assert_eq!(r, theirs::convert_utf16_to_str_partial(&u, &mut ys));
                    assert_eq!(xs.as_bytes()[..r.1], ys.as_bytes()[..r.1]);
                }
                let mut xs = "\0".repeat(3 * len);
                let mut ys = xs.clone();
                assert_eq!(
                    ours::convert_utf16_to_str(&u, &mut xs),
                    theirs::convert_utf16_to_str(&u, &mut ys)
                );
                assert_eq!(xs, ys);

                // Latin-1.
                let (mut x, mut y) = (vec![0u16; len], vec![0u16; len]);
                ours::convert_latin1_to_utf16(&b, &mut x);
                theirs::convert_latin1_to_utf16(&b, &mut y);
                assert_eq!(x, y);
                let (mut x, mut y) = (vec![0u8; 2 * len], vec![0u8; 2 * len]);
                let n = ours::convert_latin1_to_utf8(&b, &mut x);
                assert_eq!(n, theirs::convert_latin1_to_utf8(&b, &mut y));
                assert_eq!(x[..n], y[..n]);
                for room in [0, 1, 2, 3, len / 2, len, len + 1, 2 * len] {
                    let (mut x, mut y) = (vec![0u8; room], vec![0u8; room]);
                    let r = ours::convert_latin1_to_utf8_partial(&b, &mut x);
                    assert_eq!(
                        r,
                        theirs::convert_latin1_to_utf8_partial(&b, &mut y),
                        "{b:02x?} room {room}"
                    );
                    assert_eq!(x[..r.1], y[..r.1]);
                    let mut xs = "\u{80}".repeat(room / 2);
                    let mut ys = xs.clone();
                    let r = ours::convert_latin1_to_str_partial(&b, &mut xs);
                    assert_eq!(r, theirs::convert_latin1_to_str_partial(&b, &mut ys));
                    assert_eq!(xs.as_bytes()[..r.1], ys.as_bytes()[..r.1]);
                }
                let mut xs = "\0".repeat(2 * len);
                let mut ys = xs.clone();
                let n = ours::convert_latin1_to_str(&b, &mut xs);
                assert_eq!(n, theirs::convert_latin1_to_str(&b, &mut ys));
                assert_eq!(xs[..n], ys[..n]);
                assert_eq!(ours::decode_latin1(&b), theirs::decode_latin1(&b));
                let l1: String = b.iter().map(|&c| char::from(c)).collect();
                assert_eq!(
                    ours::encode_latin1_lossy(&l1),
                    theirs::encode_latin1_lossy(&l1)
                );
                let (mut x, mut y) = (vec![0u8; l1.len()], vec![0u8; l1.len()]);
                let n = ours::convert_utf8_to_latin1_lossy(l1.as_bytes(), &mut x);
                assert_eq!(
                    n,
                    theirs::convert_utf8_to_latin1_lossy(l1.as_bytes(), &mut y)
                );
                assert_eq!(x[..n], y[..n]);
                let u1: Vec<u16> = u.iter().map(|&c| c & 0xFF).collect();
                let (mut x, mut y) = (vec![0u8; len], vec![0u8; len]);
                ours::convert_utf16_to_latin1_lossy(&u1, &mut x);
                theirs::convert_utf16_to_latin1_lossy(&u1, &mut y);
                assert_eq!(x, y);

                // ASCII copies.
                let (mut x, mut y) = (vec![0u8; len], vec![0u8; len]);
                let n = ours::copy_ascii_to_ascii(&b, &mut x);
                assert_eq!(n, theirs::copy_ascii_to_ascii(&b, &mut y));
                assert_eq!(x[..n], y[..n]);
                let (mut x, mut y) = (vec![0u16; len], vec![0u16; len]);
                let n = ours::copy_ascii_to_basic_latin(&b, &mut x);
                assert_eq!(n, theirs::copy_ascii_to_basic_latin(&b, &mut y));
                assert_eq!(x[..n], y[..n]);
                let (mut x, mut y) = (vec![0u8; len], vec![0u8; len]);
                let n = ours::copy_basic_latin_to_ascii(&u, &mut x);
                assert_eq!(n, theirs::copy_basic_latin_to_ascii(&u, &mut y));
                assert_eq!(x[..n], y[..n]);
            }
        }
    }
}

#[test]
fn corpus() {
    let Ok(dir) = std::env::var("TEXTCODEC_CORPUS") else {
        return;
    };
    for entry in std::fs::read_dir(dir).unwrap() {
        let b = std::fs::read(entry.unwrap().path()).unwrap();
        assert_eq!(ours::is_utf8_bidi(&b), theirs::is_utf8_bidi(&b));
        assert_eq!(
            ours::check_utf8_for_latin1_and_bidi(&b) as u8,
            theirs::check_utf8_for_latin1_and_bidi(&b) as u8
        );
        let mut x = vec![0u16; b.len() + 1];
        let mut y = x.clone();
        let n = ours::convert_utf8_to_utf16(&b, &mut x);
        assert_eq!(n, theirs::convert_utf8_to_utf16(&b, &mut y));
        assert_eq!(x, y);
        let u = &x[..n];
        assert_eq!(ours::is_utf16_bidi(u), theirs::is_utf16_bidi(u));
        let mut p = vec![0u8; 3 * n];
        let mut q = p.clone();
        assert_eq!(
            ours::convert_utf16_to_utf8(u, &mut p),
            theirs::convert_utf16_to_utf8(u, &mut q)
        );
        assert_eq!(p, q);
    }
}

#[test]
#[should_panic]
fn utf8_to_utf16_needs_one_more() {
    let mut d = [0u16; 3];
    let _ = ours::convert_utf8_to_utf16(b"abc", &mut d);
}

#[test]
#[should_panic]
fn utf16_to_utf8_needs_three_times() {
    let mut d = [0u8; 5];
    let _ = ours::convert_utf16_to_utf8(&[0x41, 0x42], &mut d);
}
