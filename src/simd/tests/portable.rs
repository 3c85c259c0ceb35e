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

/// UTF-8 to UTF-16 a byte at a time, as the WHATWG decoder reads it: (bytes read,
/// units written) before the first invalid or incomplete sequence or the first
/// character that does not fit in `room`.
fn utf8_to_utf16_reference(src: &[u8], room: usize) -> (usize, Vec<u16>) {
    let mut out = Vec::new();
    let mut r = 0;
    while r < src.len() {
        let b = src[r];
        let (len, lo, hi, init) = match b {
            0x00..=0x7F => (1, 0, 0, u32::from(b)),
            0xC2..=0xDF => (2, 0x80, 0xBF, u32::from(b & 0x1F)),
            0xE0 => (3, 0xA0, 0xBF, 0),
            0xE1..=0xEC | 0xEE..=0xEF => (3, 0x80, 0xBF, u32::from(b & 0x0F)),
            0xED => (3, 0x80, 0x9F, 0x0D),
            0xF0 => (4, 0x90, 0xBF, 0),
            0xF1..=0xF3 => (4, 0x80, 0xBF, u32::from(b & 0x07)),
            0xF4 => (4, 0x80, 0x8F, 4),
            _ => break,
        };
        if r + len > src.len() {
            break;
        }
        let mut c = init;
        let mut ok = true;
        for (i, &t) in src[r + 1..r + len].iter().enumerate() {
            let (l, h) = if i == 0 { (lo, hi) } else { (0x80, 0xBF) };
            ok &= (l..=h).contains(&t);
            c = (c << 6) | u32::from(t & 0x3F);
        }
        if !ok {
            break;
        }
        let mut buf = [0u16; 2];
        let units = char::from_u32(c).unwrap().encode_utf16(&mut buf);
        if out.len() + units.len() > room {
            break;
        }
        out.extend_from_slice(units);
        r += len;
    }
    (r, out)
}

/// UTF-16 to UTF-8 a unit at a time: (units read, bytes written) before the first
/// unpaired surrogate (a lead at the end counts) or character that does not fit.
pub(super) fn utf16_to_utf8_reference(src: &[u16], room: usize) -> (usize, Vec<u8>) {
    let mut out = Vec::new();
    let mut r = 0;
    while r < src.len() {
        let (c, len) = match src[r] {
            u @ 0xD800..=0xDBFF => match src.get(r + 1) {
                Some(&l @ 0xDC00..=0xDFFF) => (
                    0x10000 + ((u32::from(u) - 0xD800) << 10) + (u32::from(l) - 0xDC00),
                    2,
                ),
                _ => break,
            },
            0xDC00..=0xDFFF => break,
            u => (u32::from(u), 1),
        };
        let mut buf = [0u8; 4];
        let e = char::from_u32(c).unwrap().encode_utf8(&mut buf).as_bytes();
        if out.len() + e.len() > room {
            break;
        }
        out.extend_from_slice(e);
        r += len;
    }
    (r, out)
}

/// Checks the scalar UTF-8 -> UTF-16 conversion of `src` against the reference for
/// every room from 0 to `src.len() + 2` (and the whole output buffer past what it
/// reports written).
fn check_utf8_to_utf16(src: &[u8], every_room: bool) {
    let rooms: Vec<usize> = if every_room {
        (0..=src.len() + 2).collect()
    } else {
        std::vec![
            0,
            1,
            src.len() / 2,
            src.len().saturating_sub(1),
            src.len(),
            src.len() + 2
        ]
    };
    check_rooms(
        src,
        &rooms,
        0xAAAAu16,
        scalar::utf8_to_utf16,
        utf8_to_utf16_reference,
    );
}

/// As [`check_utf8_to_utf16`], for UTF-16 -> UTF-8 (rooms up to `3 * src.len() + 3`).
fn check_utf16_to_utf8(src: &[u16], every_room: bool) {
    let rooms: Vec<usize> = if every_room {
        (0..=3 * src.len() + 3).collect()
    } else {
        let n = src.len();
        std::vec![0, 1, n, 2 * n, 3 * n - n.min(1), 3 * n, 3 * n + 3]
    };
    check_rooms(
        src,
        &rooms,
        0xAAu8,
        scalar::utf16_to_utf8,
        utf16_to_utf8_reference,
    );
}

/// Runs `convert` on `src` into a buffer of each of `rooms` (filled with `fill`)
/// and checks it against `reference(src, room)`: the counts, the output, and the
/// rest of the buffer untouched.
fn check_rooms<
    S: core::fmt::Debug + core::fmt::UpperHex,
    T: Copy + PartialEq + core::fmt::Debug,
>(
    src: &[S],
    rooms: &[usize],
    fill: T,
    convert: impl Fn(&[S], &mut [T]) -> (usize, usize),
    reference: impl Fn(&[S], usize) -> (usize, Vec<T>),
) {
    for &room in rooms {
        let mut a = std::vec![fill; room];
        let (read, written) = convert(src, &mut a);
        let (want_read, want) = reference(src, room);
        assert_eq!(
            (read, written),
            (want_read, want.len()),
            "{src:02X?} room {room}"
        );
        assert_eq!(&a[..written], &want[..]);
        assert!(
            a[written..].iter().all(|&d| d == fill),
            "{src:02X?} room {room}"
        );
    }
}

/// Text of one-, two-, three- and four-byte characters in runs (so that the word and
/// group loops meet every boundary), `len` characters long.
fn mixed_text(rng: &mut Rng, len: usize) -> std::string::String {
    const KINDS: [(u32, u32); 7] = [
        (0x20, 0x7F),
        (0x80, 0x800),
        (0x400, 0x460),
        (0x800, 0xD800),
        (0xE000, 0x10000),
        (0x3040, 0x30A0),
        (0x10000, 0x110000),
    ];
    let mut s = std::string::String::new();
    let mut n = 0;
    while n < len {
        let (lo, hi) = KINDS[rng.below(KINDS.len())];
        for _ in 0..1 + rng.below(20) {
            if n == len {
                break;
            }
            let c = lo + rng.below((hi - lo) as usize) as u32;
            s.push(char::from_u32(c).unwrap_or(' '));
            n += 1;
        }
    }
    s
}

/// Invalid UTF-8 sequences of each kind.
const BAD_UTF8: [&[u8]; 16] = [
    b"\x80",             // stray continuation
    b"\xBF",             // stray continuation
    b"\xC0\x80",         // overlong two-byte lead
    b"\xC1\xBF",         // overlong two-byte lead
    b"\xC2",             // truncated (then ASCII)
    b"\xE0\x80\x80",     // overlong three-byte
    b"\xE0\x9F\xBF",     // overlong three-byte
    b"\xED\xA0\x80",     // surrogate
    b"\xED\xBF\xBF",     // surrogate
    b"\xE1\x80",         // truncated three-byte
    b"\xF0\x80\x80\x80", // overlong four-byte
    b"\xF0\x8F\xBF\xBF", // overlong four-byte
    b"\xF4\x90\x80\x80", // above U+10FFFF
    b"\xF5\x80\x80\x80", // bad lead
    b"\xF1\x80\x80",     // truncated four-byte
    b"\xFF",             // bad lead
];

#[test]
fn utf8_to_utf16_matches_reference() {
    let mut rng = Rng(0x0123_4567_89AB_CDEF);
    let rounds = if MIRI { 3 } else { 300 };
    for round in 0..rounds {
        let len = 2 + rng.below(if MIRI { 24 } else { 90 });
        let text = mixed_text(&mut rng, len);
        let bytes = text.as_bytes();
        // Every alignment of every prefix length near the word and chunk sizes.
        let off = round % 16;
        let mut buf = std::vec![0u8; off];
        buf.extend_from_slice(bytes);
        let every = round % 8 == 0 && !MIRI;
        for len in [bytes.len(), bytes.len() / 2, 15, 16, 17, 31, 32, 33] {
            let src = &buf[off..off + len.min(bytes.len())];
            check_utf8_to_utf16(src, every || len == bytes.len() && round % 2 == 0);
        }
        // An invalid sequence at every position (between characters or inside one).
        if !MIRI || round == 0 {
            let bad = BAD_UTF8[round % BAD_UTF8.len()];
            let step = if MIRI { 5 } else { 1 };
            for at in (0..=bytes.len()).step_by(step) {
                let mut v = bytes[..at].to_vec();
                v.extend_from_slice(bad);
                v.extend_from_slice(&bytes[at..]);
                check_utf8_to_utf16(&v, false);
            }
        }
    }
}

#[test]
fn utf8_to_utf16_every_boundary() {
    // Runs of one character kind with one other character at every position, at
    // every alignment, cut at every length: every 1/2/3/4-byte boundary against every
    // word and group of the loops.
    let kinds = [
        "a",
        "ж",
        "中",
        "😀",
        " ",
        "\u{7FF}",
        "\u{800}",
        "\u{FFFF}",
        "\u{10FFFF}",
    ];
    let n = if MIRI { 10 } else { 40 };
    for run in kinds {
        for other in kinds {
            for at in (0..n).step_by(if MIRI { 7 } else { 1 }) {
                let mut s = std::string::String::new();
                for i in 0..n {
                    s.push_str(if i == at { other } else { run });
                }
                let bytes = s.as_bytes();
                for off in 0..if MIRI { 2 } else { 16 } {
                    let mut buf = std::vec![b'x'; off];
                    buf.extend_from_slice(bytes);
                    let src = &buf[off..];
                    for len in (0..=src.len()).step_by(if MIRI { 13 } else { 1 }) {
                        check_utf8_to_utf16(&src[..len], false);
                    }
                }
                if !MIRI {
                    check_utf8_to_utf16(bytes, true);
                }
            }
        }
        // Each kind of invalid sequence in place of every character of the run.
        for bad in BAD_UTF8.iter().step_by(if MIRI { 5 } else { 1 }) {
            for at in (0..n).step_by(if MIRI { 7 } else { 1 }) {
                let mut v = Vec::new();
                for i in 0..n {
                    v.extend_from_slice(if i == at { bad } else { run.as_bytes() });
                }
                for off in 0..if MIRI { 2 } else { 8 } {
                    let mut buf = std::vec![b'x'; off];
                    buf.extend_from_slice(&v);
                    check_utf8_to_utf16(&buf[off..], false);
                }
            }
        }
    }
}

#[test]
fn utf16_to_utf8_matches_reference() {
    let mut rng = Rng(0xFEDC_BA98_7654_3210);
    let rounds = if MIRI { 3 } else { 300 };
    for round in 0..rounds {
        let len = 2 + rng.below(if MIRI { 24 } else { 90 });
        let text = mixed_text(&mut rng, len);
        let units: Vec<u16> = text.encode_utf16().collect();
        let off = round % 16;
        let mut buf = std::vec![0u16; off];
        buf.extend_from_slice(&units);
        let every = round % 8 == 0 && !MIRI;
        for len in [units.len(), units.len() / 2, 15, 16, 17, 20, 21, 31, 32, 33] {
            let src = &buf[off..off + len.min(units.len())];
            check_utf16_to_utf8(src, every || len == units.len() && round % 2 == 0);
        }
        // An unpaired surrogate (lead, trail, lead before a non-trail) everywhere.
        if !MIRI || round == 0 {
            let bad: &[u16] = match round % 3 {
                0 => &[0xD800],
                1 => &[0xDFFF],
                _ => &[0xDBFF, 0x41],
            };
            for at in (0..=units.len()).step_by(if MIRI { 5 } else { 1 }) {
                let mut v = units[..at].to_vec();
                v.extend_from_slice(bad);
                v.extend_from_slice(&units[at..]);
                check_utf16_to_utf8(&v, false);
            }
        }
    }
}

#[test]
fn utf16_to_utf8_every_boundary() {
    let kinds: [&[u16]; 9] = [
        &[0x61],
        &[0x20],
        &[0x436],
        &[0x7FF],
        &[0x800],
        &[0x4E2D],
        &[0xFFFF],
        &[0xD83D, 0xDE00],
        &[0xDC00],
    ];
    let n = if MIRI { 10 } else { 40 };
    for run in kinds.iter().take(8) {
        for other in kinds {
            for at in (0..n).step_by(if MIRI { 7 } else { 1 }) {
                let mut v = Vec::new();
                for i in 0..n {
                    v.extend_from_slice(if i == at { other } else { run });
                }
                for off in 0..if MIRI { 2 } else { 16 } {
                    let mut buf = std::vec![0x78u16; off];
                    buf.extend_from_slice(&v);
                    let src = &buf[off..];
                    for len in (0..=src.len()).step_by(if MIRI { 13 } else { 1 }) {
                        check_utf16_to_utf8(&src[..len], false);
                    }
                }
                if !MIRI {
                    check_utf16_to_utf8(&v, true);
                }
            }
        }
    }
}

/// UTF-16 bytes (big-endian if `be`) to UTF-8 a unit at a time: (units read, bytes
/// written) before the first surrogate (paired or not) or the first character that
/// does not fit in `room`; an odd last byte is no unit.
pub(super) fn units_to_utf8_reference(src: &[u8], be: bool, room: usize) -> (usize, Vec<u8>) {
    let mut out = Vec::new();
    let mut r = 0;
    for p in src.chunks_exact(2) {
        let u = if be {
            u16::from_be_bytes([p[0], p[1]])
        } else {
            u16::from_le_bytes([p[0], p[1]])
        };
        let Some(c) = char::from_u32(u32::from(u)) else {
            break;
        };
        let mut buf = [0u8; 4];
        let e = c.encode_utf8(&mut buf).as_bytes();
        if out.len() + e.len() > room {
            break;
        }
        out.extend_from_slice(e);
        r += 1;
    }
    (r, out)
}

/// Checks [`scalar::units_to_utf8`] on the UTF-16 bytes `src` (big-endian if `be`)
/// against the reference for every room from 0 to `3 * units + 3` (`every_room`) or
/// the rooms near the edges.
fn check_units_to_utf8(src: &[u8], be: bool, every_room: bool) {
    let n = src.len() / 2;
    let rooms: Vec<usize> = if every_room {
        (0..=3 * n + 3).collect()
    } else {
        std::vec![
            0,
            1,
            2,
            n,
            2 * n,
            3 * n - n.min(2),
            3 * n - n.min(1),
            3 * n,
            3 * n + 3
        ]
    };
    check_rooms(
        src,
        &rooms,
        0xAAu8,
        |s, d| scalar::units_to_utf8(s, d, be),
        |s, room| units_to_utf8_reference(s, be, room),
    );
}

/// `units` as UTF-16 bytes, big-endian if `be`.
pub(super) fn unit_bytes(units: &[u16], be: bool) -> Vec<u8> {
    units
        .iter()
        .flat_map(|&u| if be { u.to_be_bytes() } else { u.to_le_bytes() })
        .collect()
}

/// Units of one, two and three UTF-8 bytes (no surrogates) in runs, `len` long; the
/// two- and three-byte ones include units whose bytes swapped would be ASCII or
/// surrogates, so that a wrong byte order shows.
fn bmp_units(rng: &mut Rng, len: usize) -> Vec<u16> {
    const KINDS: [(u32, u32); 7] = [
        (0x20, 0x80),
        (0x80, 0x800),
        (0x400, 0x460),
        (0x800, 0xD800),
        (0xE000, 0x10000),
        (0x100, 0x7F01),
        (0x3040, 0x30A0),
    ];
    let mut v = Vec::new();
    while v.len() < len {
        let (lo, hi) = KINDS[rng.below(KINDS.len())];
        for _ in 0..1 + rng.below(24) {
            v.push((lo + rng.below((hi - lo) as usize) as u32) as u16);
        }
    }
    v.truncate(len);
    v
}

#[test]
fn units_to_utf8_matches_reference() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let rounds = if MIRI { 2 } else { 300 };
    for round in 0..rounds {
        let len = 2 + rng.below(if MIRI { 24 } else { 100 });
        let units = bmp_units(&mut rng, len);
        let be = round % 2 == 1;
        let bytes = unit_bytes(&units, be);
        // Every byte offset (odd ones too) and lengths near the chunk sizes (odd ones
        // too: the last byte is then no unit).
        let off = round % 8;
        let mut buf = std::vec![0x41u8; off];
        buf.extend_from_slice(&bytes);
        let every = round % 8 < 2 && !MIRI;
        for len in [
            bytes.len(),
            bytes.len() - 1,
            bytes.len() / 2,
            31,
            32,
            33,
            64,
            65,
        ] {
            let src = &buf[off..off + len.min(bytes.len())];
            check_units_to_utf8(src, be, every || len == bytes.len());
        }
        // A surrogate (lead, trail, a pair, a lead before a non-trail) at every
        // position: each stops the conversion.
        if !MIRI || round < 2 {
            let bad: &[u16] = match round % 4 {
                0 => &[0xD800],
                1 => &[0xDFFF],
                2 => &[0xD83D, 0xDE00],
                _ => &[0xDBFF, 0x41],
            };
            for at in (0..=units.len()).step_by(if MIRI { 5 } else { 1 }) {
                let mut v = units[..at].to_vec();
                v.extend_from_slice(bad);
                v.extend_from_slice(&units[at..]);
                check_units_to_utf8(&unit_bytes(&v, be), be, false);
            }
        }
    }
}

#[test]
fn units_to_utf8_every_boundary() {
    // Runs of one kind of unit with one other unit (or a pair) at every position, in
    // both byte orders, at every byte offset, cut at every byte length: every one-,
    // two- and three-byte character and every surrogate against every chunk and group
    // of the loops.
    let kinds: [&[u16]; 13] = [
        &[0x61],
        &[0x20],
        &[0x80],
        &[0x436],
        &[0x7FF],
        &[0x100],
        &[0x800],
        &[0x2000],
        &[0x4E2D],
        &[0xFFFF],
        &[0xD83D, 0xDE00],
        &[0xD800],
        &[0xDC00],
    ];
    let n = if MIRI { 10 } else { 40 };
    for run in kinds.iter().take(10).step_by(if MIRI { 3 } else { 1 }) {
        for (k, other) in kinds.iter().enumerate().step_by(if MIRI { 3 } else { 1 }) {
            for at in (0..n).step_by(if MIRI { 7 } else { 1 }) {
                let mut v = Vec::new();
                for i in 0..n {
                    v.extend_from_slice(if i == at { other } else { run });
                }
                // Under Miri, one byte order for each kind of other unit.
                for be in [false, true]
                    .into_iter()
                    .filter(|&be| !MIRI || be == (k % 2 == 1))
                {
                    let bytes = unit_bytes(&v, be);
                    for off in 0..if MIRI { 2 } else { 4 } {
                        let mut buf = std::vec![0x78u8; off];
                        buf.extend_from_slice(&bytes);
                        let src = &buf[off..];
                        for len in (0..=src.len()).step_by(if MIRI { 13 } else { 1 }) {
                            check_units_to_utf8(&src[..len], be, false);
                        }
                    }
                    if !MIRI {
                        check_units_to_utf8(&bytes, be, true);
                    }
                }
            }
        }
    }
}

/// The single-byte tables the tests below use: windows-1252 (a Latin-1 run),
/// windows-1251 (a Cyrillic run), KOI8-U (Cyrillic scattered), ISO-8859-3 and
/// ISO-8859-7 (bytes they leave unmapped).
fn single_byte_tables() -> [&'static crate::tables::single_byte::SingleByteTable; 5] {
    use crate::generated::single_byte::{
        ISO_8859_3, ISO_8859_7, KOI8_U, WINDOWS_1251, WINDOWS_1252,
    };
    [
        &WINDOWS_1252,
        &WINDOWS_1251,
        &KOI8_U,
        &ISO_8859_3,
        &ISO_8859_7,
    ]
}

/// Bytes in 16-byte blocks, each with its own number (0 to 16) of bytes from the
/// upper half at random places among ASCII, so that the chunk loops meet all-ASCII,
/// sparse and dense chunks next to each other; `upper` picks an upper-half byte.
fn blocks_of_density(rng: &mut Rng, len: usize, upper: impl Fn(&mut Rng) -> u8) -> Vec<u8> {
    let mut v = Vec::new();
    while v.len() < len {
        let density = rng.below(17);
        for _ in 0..16 {
            v.push(if rng.below(16) < density {
                upper(rng)
            } else {
                0x20 + rng.below(0x60) as u8
            });
        }
    }
    v.truncate(len);
    v
}

/// Single-byte decode a byte at a time: (bytes read, units) before the first unmapped
/// byte or the first that does not fit in `room`.
fn single_byte_decode_reference(table: &[u16; 128], src: &[u8], room: usize) -> (usize, Vec<u16>) {
    let mut out = Vec::new();
    for &b in src.iter().take(room) {
        let c = if b < 0x80 {
            u16::from(b)
        } else {
            table[usize::from(b) - 0x80]
        };
        if c == 0 && b != 0 {
            break;
        }
        out.push(c);
    }
    (out.len(), out)
}

/// Checks [`scalar::single_byte_to_utf16`] on `src` against the reference for the
/// rooms near the edges, or every room.
fn check_single_byte_decode(table: &[u16; 128], src: &[u8], every_room: bool) {
    let n = src.len();
    let rooms: Vec<usize> = if every_room {
        (0..=n + 2).collect()
    } else {
        std::vec![0, 1, n / 2, n.saturating_sub(1), n, n + 2]
    };
    check_rooms(
        src,
        &rooms,
        0xAAAAu16,
        |s, d| {
            let k = scalar::single_byte_to_utf16(table, s, d);
            (k, k)
        },
        |s, room| single_byte_decode_reference(table, s, room),
    );
}

#[test]
fn single_byte_to_utf16_matches_reference() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let rounds = if MIRI { 2 } else { 60 };
    // And windows-1252 with every fifth upper-half byte unmapped, 0x80 and 0xFF too.
    let mut holes = single_byte_tables()[0].decode;
    for c in holes.iter_mut().skip(2).step_by(5) {
        *c = 0;
    }
    (holes[0], holes[127]) = (0, 0);
    let tables = single_byte_tables().map(|t| &t.decode);
    // (Under Miri, windows-1251 and the one with holes.)
    let (first, every) = if MIRI { (1, 4) } else { (0, 1) };
    let all = tables.into_iter().chain([&holes]).enumerate();
    for (ti, table) in all.skip(first).step_by(every) {
        let mapped: Vec<u8> = (0x80..=0xFF)
            .filter(|&b| table[b - 0x80] != 0)
            .map(|b| b as u8)
            .collect();
        let unmapped: Vec<u8> = (0x80..=0xFF)
            .filter(|&b| table[b - 0x80] == 0)
            .map(|b| b as u8)
            .collect();
        for round in 0..rounds {
            let len = if MIRI { 40 } else { 100 };
            let bytes = blocks_of_density(&mut rng, len, |r| mapped[r.below(mapped.len())]);
            // Every byte offset and length near the chunks.
            let off = round % 16;
            let mut buf = std::vec![0x41u8; off];
            buf.extend_from_slice(&bytes);
            let src = &buf[off..];
            let step = if MIRI { 7 } else { 1 };
            for len in (0..=src.len()).step_by(step) {
                check_single_byte_decode(table, &src[..len], round % 4 == 0 && !MIRI);
            }
            // An unmapped byte at every position (for a table without one, 0xFF, which
            // it maps: no stop).
            if !MIRI || round == 0 {
                let bad = unmapped
                    .get(round % unmapped.len().max(1))
                    .copied()
                    .unwrap_or(0xFF);
                for at in (0..=bytes.len()).step_by(if MIRI { 5 } else { 1 }) {
                    let mut v = bytes[..at].to_vec();
                    v.push(bad);
                    v.extend_from_slice(&bytes[at..]);
                    check_single_byte_decode(table, &v, false);
                }
            }
        }
        // And the all-upper-half case: every 16-byte chunk dense.
        let all: Vec<u8> = (0..if MIRI { 40 } else { 200 })
            .map(|k| mapped[(k * 7 + ti) % mapped.len()])
            .collect();
        check_single_byte_decode(table, &all, !MIRI);
    }
}

/// Single-byte encode a unit at a time by the index's own lookup (not the run and
/// map the code under test uses): (units read, bytes) before the first unit the
/// encoding lacks or the first that does not fit in `room`.
fn single_byte_encode_reference(
    t: &crate::tables::single_byte::SingleByteTable,
    src: &[u16],
    room: usize,
) -> (usize, Vec<u8>) {
    let mut out = Vec::new();
    for &u in src.iter().take(room) {
        let b = if u < 0x80 {
            Some(u as u8)
        } else {
            t.encode(u32::from(u))
        };
        let Some(b) = b else { break };
        out.push(b);
    }
    (out.len(), out)
}

#[test]
fn single_byte_encode_utf16_matches_reference() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let rounds = if MIRI { 2 } else { 60 };
    // (Under Miri, windows-1252 and ISO-8859-3.)
    for t in single_byte_tables()
        .into_iter()
        .step_by(if MIRI { 3 } else { 1 })
    {
        let run = t.run();
        let extra = Extra::new(&t.decode, run);
        let mapped: Vec<u8> = (0x80..=0xFF)
            .filter(|&b| t.decode[b - 0x80] != 0)
            .map(|b| b as u8)
            .collect();
        // Units the encoding lacks: beside the run, beyond the map, surrogates.
        let lacking = [
            run.code_point.wrapping_sub(1).max(0x80),
            run.code_point + u16::from(run.len),
            0x4E2D,
            0xD800,
            0xDFFF,
            0xFFFF,
        ];
        let lacking: Vec<u16> = lacking
            .into_iter()
            .filter(|&u| t.encode(u32::from(u)).is_none())
            .collect();
        let check = |src: &[u16], every_room: bool| {
            let n = src.len();
            let rooms: Vec<usize> = if every_room {
                (0..=n + 2).collect()
            } else {
                std::vec![0, 1, n / 2, n.saturating_sub(1), n, n + 2]
            };
            check_rooms(
                src,
                &rooms,
                0xAAu8,
                |s, d| {
                    let k = scalar::single_byte_encode_utf16(run, &extra, s, d);
                    (k, k)
                },
                |s, room| single_byte_encode_reference(t, s, room),
            );
        };
        for round in 0..rounds {
            let len = if MIRI { 40 } else { 100 };
            // The table's characters (in its run or only in the map) among ASCII.
            let bytes = blocks_of_density(&mut rng, len, |r| mapped[r.below(mapped.len())]);
            let units: Vec<u16> = bytes
                .iter()
                .map(|&b| {
                    if b < 0x80 {
                        u16::from(b)
                    } else {
                        t.decode[usize::from(b) - 0x80]
                    }
                })
                .collect();
            let off = round % 16;
            let mut buf = std::vec![0x41u16; off];
            buf.extend_from_slice(&units);
            let src = &buf[off..];
            for len in (0..=src.len()).step_by(if MIRI { 7 } else { 1 }) {
                check(&src[..len], round % 4 == 0 && !MIRI);
            }
            // A unit the encoding lacks at every position.
            if !MIRI || round == 0 {
                let bad = lacking[round % lacking.len()];
                for at in (0..=units.len()).step_by(if MIRI { 5 } else { 1 }) {
                    let mut v = units[..at].to_vec();
                    v.push(bad);
                    v.extend_from_slice(&units[at..]);
                    check(&v, false);
                }
            }
        }
    }
}

/// x-user-defined to UTF-8 a byte at a time: (bytes read, bytes written) before the
/// first byte whose character does not fit in `room`.
fn x_user_defined_to_utf8_reference(src: &[u8], room: usize) -> (usize, Vec<u8>) {
    let mut out = Vec::new();
    let mut r = 0;
    for &b in src {
        let c = if b < 0x80 {
            char::from(b)
        } else {
            char::from_u32(0xF700 + u32::from(b)).unwrap()
        };
        let mut buf = [0u8; 4];
        let e = c.encode_utf8(&mut buf).as_bytes();
        if out.len() + e.len() > room {
            break;
        }
        out.extend_from_slice(e);
        r += 1;
    }
    (r, out)
}

/// Checks [`scalar::x_user_defined_to_utf8`] on `src` against the reference for every
/// room from 0 to `3 * src.len() + 3`, or the rooms near the edges (and near where
/// the word loop hands over to the byte loop: 48 bytes of room left).
fn check_x_user_defined_to_utf8(src: &[u8], every_room: bool) {
    let n = src.len();
    let rooms: Vec<usize> = if every_room {
        (0..=3 * n + 3).collect()
    } else {
        let mut v = std::vec![0, 1, 2, 3, n, 2 * n, 3 * n, 3 * n + 3];
        v.extend((0..=3).flat_map(|k| [47 + k, (3 * n).saturating_sub(45 + k)]));
        v
    };
    check_rooms(
        src,
        &rooms,
        0xAAu8,
        scalar::x_user_defined_to_utf8,
        x_user_defined_to_utf8_reference,
    );
}

#[test]
fn x_user_defined_to_utf8_matches_reference() {
    let mut rng = Rng(0x8A5C_D789_635D_2DFF);
    let rounds = if MIRI { 2 } else { 80 };
    for round in 0..rounds {
        let len = if MIRI { 40 } else { 100 };
        // Every density of upper-half bytes in each 16 (so whole ASCII words, sparse
        // and dense ones), and the bytes 0x7F, 0x80, 0xBF, 0xC0 and 0xFF at the
        // edges of the two three-byte forms.
        let bytes = blocks_of_density(&mut rng, len, |r| match r.below(6) {
            0 => 0x80,
            1 => 0xBF,
            2 => 0xC0,
            3 => 0xFF,
            _ => 0x80 + r.below(0x80) as u8,
        });
        let off = round % 16;
        let mut buf = std::vec![0x7Fu8; off];
        buf.extend_from_slice(&bytes);
        let src = &buf[off..];
        for len in (0..=src.len()).step_by(if MIRI { 7 } else { 1 }) {
            check_x_user_defined_to_utf8(&src[..len], round % 8 == 0 && !MIRI);
        }
    }
    // Every byte value at every position of a run of ASCII and of upper-half bytes.
    for fill in [0x41u8, 0xE9] {
        for b in (0..=0xFFu8).step_by(if MIRI { 37 } else { 1 }) {
            for at in (0..40).step_by(if MIRI { 11 } else { 3 }) {
                let mut v = std::vec![fill; 40];
                v[at] = b;
                check_x_user_defined_to_utf8(&v, false);
            }
        }
    }
}

/// A windows-1251-like table: Cyrillic (two bytes) from 0xC0, three-byte entries at
/// 0x80..=0x8F, holes at 0x88 and 0x98, the rest two bytes.
fn cyrillic_like() -> [u16; 128] {
    core::array::from_fn(|i| match i {
        0x40.. => 0x410 + (i as u16 - 0x40),
        0x08 | 0x18 => 0,
        0x00..=0x0F => 0x2000 + i as u16 * 3,
        _ => 0xA0 + i as u16,
    })
}

/// Single-byte decode to UTF-8 a byte at a time by `table`: (bytes read, bytes
/// written) before the first unmapped byte or character that does not fit in `room`.
fn single_byte_to_utf8_reference(table: &[u16; 128], src: &[u8], room: usize) -> (usize, Vec<u8>) {
    let mut out = Vec::new();
    let mut r = 0;
    for &b in src {
        let c = if b < 0x80 {
            u32::from(b)
        } else {
            u32::from(table[usize::from(b - 0x80)])
        };
        if b >= 0x80 && c == 0 {
            break;
        }
        let mut buf = [0u8; 4];
        let e = char::from_u32(c).unwrap().encode_utf8(&mut buf).as_bytes();
        if out.len() + e.len() > room {
            break;
        }
        out.extend_from_slice(e);
        r += 1;
    }
    (r, out)
}

/// [`scalar::single_byte_to_utf8`] against the reference: tables of one-, two- and
/// three-byte characters with holes, every density of upper-half bytes, every length,
/// and every room for some inputs (the rest near the edges and near the 36 bytes the
/// eight-byte steps need).
#[test]
fn single_byte_to_utf8_matches_reference() {
    let mut rng = Rng(0x5D1B_77E0_3C2A_9F41);
    // Cyrillic-like (two bytes), with three-byte entries and holes; all three bytes;
    // random.
    let cyr = cyrillic_like();
    let thai: [u16; 128] = core::array::from_fn(|i| if i >= 0x7C { 0 } else { 0xE00 + i as u16 });
    let random: [u16; 128] = core::array::from_fn(|_| match rng.below(5) {
        0 => 0,
        1 => 0x80 + rng.below(0x780) as u16,
        _ => 0x800 + rng.below(0xD000) as u16,
    });
    let rounds = if MIRI { 3 } else { 60 };
    for round in 0..rounds {
        let table = [cyr, thai, random][round % 3];
        let len = if MIRI { 40 } else { 90 };
        let bytes = blocks_of_density(&mut rng, len, |r| 0x80 + r.below(0x80) as u8);
        for len in (0..=bytes.len()).step_by(if MIRI { 9 } else { 1 }) {
            let src = &bytes[..len];
            let n = src.len();
            let rooms: Vec<usize> = if round % 10 == 0 && !MIRI {
                (0..=3 * n + 3).collect()
            } else {
                let mut v = std::vec![0, 1, 2, 3, n, 2 * n, 3 * n, 3 * n + 3];
                v.extend((0..=4).flat_map(|k| [34 + k, (3 * n).saturating_sub(33 + k)]));
                v
            };
            check_rooms(
                src,
                &rooms,
                0xAAu8,
                |s, d| scalar::single_byte_to_utf8(&table, s, d),
                |s, room| single_byte_to_utf8_reference(&table, s, room),
            );
        }
    }
}

/// [`scalar::single_byte_to_utf8`] on inputs long enough for its table of UTF-8 (from
/// [`scalar::UTF8_TABLE_MIN`] bytes): every length over a stretch, with an unmapped
/// byte at every position of it in some rounds, and every room near the end of the
/// output and at random places.
#[test]
fn single_byte_to_utf8_long_matches_reference() {
    let mut rng = Rng(0x0B7E_51A4_C3D2_8E6F);
    let cyr = cyrillic_like();
    let min = scalar::UTF8_TABLE_MIN;
    let rounds = if MIRI { 1 } else { 12 };
    for round in 0..rounds {
        // Mapped bytes only (the holes are placed below).
        let mut bytes = blocks_of_density(&mut rng, min + 80, |r| match r.below(0x80) {
            0x08 | 0x18 => 0x90,
            k => 0x80 + k as u8,
        });
        if round % 2 == 1 {
            let at = min - 40 + rng.below(100);
            bytes[at] = 0x88;
        }
        // Under Miri (80 s of CI with a step of 31 and eight rooms each), fewer.
        let step = if MIRI { 97 } else { 1 };
        for len in (min - 8..=bytes.len()).step_by(step) {
            let src = &bytes[..len];
            let full = single_byte_to_utf8_reference(&cyr, src, usize::MAX).1.len();
            let mut rooms: Vec<usize> = if MIRI {
                (full.saturating_sub(2)..=full + 1).collect()
            } else {
                (full.saturating_sub(40)..=full + 3).collect()
            };
            rooms.extend((0..4).map(|_| rng.below(full + 1)));
            check_rooms(
                src,
                &rooms,
                0xAAu8,
                |s, d| scalar::single_byte_to_utf8(&cyr, s, d),
                |s, room| single_byte_to_utf8_reference(&cyr, s, room),
            );
            // The vector ISAs (SSE2 runs the same steps with vector ASCII copies).
            if len % 8 == 0 {
                for isa in isas() {
                    check_rooms(
                        src,
                        &rooms,
                        0xAAu8,
                        |s, d| on_isa::single_byte_to_utf8(isa, &cyr, s, d),
                        |s, room| single_byte_to_utf8_reference(&cyr, s, room),
                    );
                }
            }
        }
    }
}

/// Single-byte encode from UTF-8 a character at a time by `t`'s own lookup: (bytes
/// read, bytes written) before the first malformed or incomplete sequence, character
/// `t` lacks, or character that does not fit in `room`.
fn single_byte_encode_utf8_reference(
    t: &crate::tables::single_byte::SingleByteTable,
    src: &[u8],
    room: usize,
) -> (usize, Vec<u8>) {
    let valid = match core::str::from_utf8(src) {
        Ok(s) => s,
        Err(e) => core::str::from_utf8(&src[..e.valid_up_to()]).unwrap(),
    };
    let mut out = Vec::new();
    let mut r = 0;
    for c in valid.chars() {
        let b = if (c as u32) < 0x80 {
            Some(c as u8)
        } else {
            t.encode(c as u32)
        };
        let Some(b) = b else { break };
        if out.len() == room {
            break;
        }
        out.push(b);
        r += c.len_utf8();
    }
    (r, out)
}

#[test]
fn x_user_defined_encode_utf8_matches_reference() {
    use crate::tables::single_byte::SingleByteTable;
    let mut rng = Rng(0x1F83_D9AB_FB41_BD6B);
    let xud = &crate::codec::x_user_defined::TABLE;
    // And x-user-defined with U+00E9 for byte 0x81 besides (so the map outside the
    // run has an entry, which the encoder must take a character at a time).
    let with_extra = {
        let mut decode = xud.decode;
        decode[1] = 0xE9;
        SingleByteTable { decode, ..*xud }
    };
    let rounds = if MIRI { 2 } else { 60 };
    // Sequences that are not x-user-defined characters: beside its range, other
    // scripts, four bytes, and malformed and incomplete ones.
    let bad: [&[u8]; 14] = [
        "\u{F77F}".as_bytes(),
        "\u{F800}".as_bytes(),
        "\u{E9}".as_bytes(),
        "\u{4E2D}".as_bytes(),
        "\u{1F600}".as_bytes(),
        b"\xEF\x9E",
        b"\xEF",
        b"\x80",
        b"\x9F",
        b"\xEF\x9E\xC0",
        b"\xEF\x9F\x7F",
        b"\xEE\x9E\x80",
        b"\xED\xA0\x80",
        b"\xFF",
    ];
    for (ti, t) in [xud, &with_extra].into_iter().enumerate() {
        let run = t.run();
        assert_eq!((run.code_point, run.byte, run.len), (0xF780, 0x80, 128));
        let extra = Extra::new(&t.decode, run);
        let check = |src: &[u8], every_room: bool| {
            let n = src.len();
            let rooms: Vec<usize> = if every_room {
                (0..=n + 2).collect()
            } else {
                std::vec![0, 1, 7, 8, 9, n / 3, n / 2, n.saturating_sub(1), n, n + 2]
            };
            for (e, rt) in [(&extra, t), (&Extra::EMPTY, xud)] {
                check_rooms(
                    src,
                    &rooms,
                    0xAAu8,
                    |s, d| scalar::single_byte_encode_utf8(run, e, s, d),
                    // Without the map, only the run and ASCII.
                    |s, room| single_byte_encode_utf8_reference(rt, s, room),
                );
            }
        };
        for round in 0..rounds {
            let len = if MIRI { 30 } else { 80 };
            let bytes = blocks_of_density(&mut rng, len, |r| match r.below(5) {
                0 => 0x80,
                1 => 0xBF,
                2 => 0xC0,
                3 => 0xFF,
                _ => 0x80 + r.below(0x80) as u8,
            });
            // The encoding's text as UTF-8 (with U+00E9 for some 0x81 bytes).
            let text: std::string::String = bytes
                .iter()
                .map(|&b| match b {
                    0x00..=0x7F => char::from(b),
                    0x81 if ti == 1 && round % 2 == 1 => '\u{E9}',
                    _ => char::from_u32(0xF700 + u32::from(b)).unwrap(),
                })
                .collect();
            let off = round % 16;
            let mut buf = std::vec![0x41u8; off];
            buf.extend_from_slice(text.as_bytes());
            let src = &buf[off..];
            // Every length (cutting characters too).
            for len in (0..=src.len()).step_by(if MIRI { 7 } else { 1 }) {
                check(&src[..len], round % 8 == 0 && !MIRI);
            }
            // A sequence that is not the encoding's at every character boundary.
            if !MIRI || round == 0 {
                let seq = bad[round % bad.len()];
                let text = text.as_bytes();
                for at in (0..=text.len()).step_by(if MIRI { 5 } else { 1 }) {
                    if at < text.len() && text[at] & 0xC0 == 0x80 {
                        continue;
                    }
                    let mut v = text[..at].to_vec();
                    v.extend_from_slice(seq);
                    v.extend_from_slice(&text[at..]);
                    check(&v, false);
                }
            }
        }
    }
}
