//! Every kernel of every available ISA against the scalar one, on random and
//! adversarial inputs at every alignment (0..64) and every length 0..=130 (and some
//! longer), with output buffers of every interesting size, checking the whole output
//! buffer (so a write past the reported length fails).

extern crate std;

use super::dispatch::on_isa;
use super::isa::{isa, Isa};
use super::scalar;
#[cfg(target_arch = "x86_64")]
use super::x86_64;
use crate::tables::single_byte::{Extra, Run};
use std::vec::Vec;

/// Small, fast, deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The vector ISAs this machine runs.
fn isas() -> Vec<Isa> {
    let v: Vec<Isa> = Isa::ALL
        .into_iter()
        .filter(|i| *i != Isa::Scalar && i.is_available())
        .collect();
    std::eprintln!("testing kernels on {v:?}");
    v
}

const MIRI: bool = cfg!(miri);
/// Alignments tried.
fn offsets() -> core::ops::Range<usize> {
    if MIRI {
        0..3
    } else {
        0..64
    }
}
/// Lengths tried.
fn lengths() -> Vec<usize> {
    if MIRI {
        return std::vec![0, 1, 15, 16, 17, 33, 70];
    }
    let mut v: Vec<usize> = (0..=130).collect();
    v.extend([191, 192, 193, 255, 256, 257, 1000, 4095, 4097, 5000]);
    v
}

/// A byte string of `len` in one of several flavours.
fn bytes(rng: &mut Rng, flavour: usize, len: usize) -> Vec<u8> {
    const PIECES: [&str; 12] = [
        "a",
        " ",
        "é",
        "ж",
        "\u{7FF}",
        "\u{800}",
        "中",
        "\u{FFFF}",
        "😀",
        "\u{10FFFF}",
        "\u{D7FF}",
        "\u{E000}",
    ];
    let mut v = Vec::with_capacity(len + 4);
    while v.len() < len {
        match flavour {
            // ASCII with rare other bytes.
            0 => v.push(if rng.below(97) == 0 {
                0x80 | rng.below(128) as u8
            } else {
                rng.below(128) as u8
            }),
            // Any byte.
            1 => v.push(rng.next() as u8),
            // Valid UTF-8 of every length.
            // Valid UTF-8 mostly of ASCII and x-user-defined's run U+F780..U+F7FF,
            // rarely a character at its edges, of the Thai run, or any other.
            4 if rng.below(64) != 0 => {
                let c = match rng.below(64) {
                    0 => [0xF77F, 0xF800, 0xE01, 0xE3A][rng.below(4)],
                    1..=31 => 0xF780 + rng.below(128) as u32,
                    _ => rng.below(128) as u32,
                };
                let mut b = [0u8; 4];
                v.extend_from_slice(char::from_u32(c).unwrap().encode_utf8(&mut b).as_bytes());
            }
            2..=4 => {
                let p = if flavour == 3 {
                    PIECES[2 + rng.below(4)]
                } else {
                    PIECES[rng.below(PIECES.len())]
                };
                v.extend_from_slice(p.as_bytes());
            }
            // Valid UTF-8 with one corruption somewhere.
            _ => {
                let p = PIECES[rng.below(PIECES.len())];
                v.extend_from_slice(p.as_bytes());
                if rng.below(40) == 0 {
                    let k = v.len() - 1;
                    match rng.below(4) {
                        0 => v[k] = rng.next() as u8,
                        1 => {
                            v.pop();
                        }
                        2 => v.push(0x80 | rng.below(64) as u8),
                        _ => v.push(0xC0 | rng.below(64) as u8),
                    }
                }
            }
        }
    }
    v.truncate(len);
    v
}

/// A UTF-16 string of `len` in one of several flavours.
fn units(rng: &mut Rng, flavour: usize, len: usize) -> Vec<u16> {
    let mut v = Vec::with_capacity(len + 1);
    while v.len() < len {
        match flavour {
            0 => v.push(if rng.below(97) == 0 {
                rng.next() as u16
            } else {
                rng.below(128) as u16
            }),
            1 => v.push(rng.next() as u16),
            2 => v.push(rng.below(0x100) as u16),
            3 => v.push([0x41, 0x20, 0x436, 0xE9, 0x4E2D, 0x7FF, 0x800, 0xFFFF][rng.below(8)]),
            4 if rng.below(64) != 0 => v.push(match rng.below(64) {
                0 => [0xF77F, 0xF800, 0xE01, 0xE3A][rng.below(4)],
                1..=31 => 0xF780 + rng.below(128) as u16,
                _ => rng.below(128) as u16,
            }),
            4 => {
                if rng.below(8) == 0 {
                    v.extend([0xD83D, 0xDE00]);
                } else {
                    v.push([0x41, 0x436, 0x4E2D][rng.below(3)]);
                }
            }
            _ => {
                v.push([0x41, 0x436, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xD7FF, 0xE000][rng.below(8)])
            }
        }
    }
    v.truncate(len);
    v
}

const FLAVOURS: usize = 6;

/// Calls `check(src)` for sub-slices of a buffer of each flavour at every offset and
/// length.
fn for_inputs<T: Copy>(
    gen: impl Fn(&mut Rng, usize, usize) -> Vec<T>,
    mut check: impl FnMut(&[T]),
) {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let lens = lengths();
    let max = *lens.iter().max().unwrap_or(&0);
    for flavour in 0..FLAVOURS {
        let buf = gen(&mut rng, flavour, max + 64);
        for off in offsets() {
            for &len in &lens {
                if len <= 130 || off % 16 == 0 || off == 63 {
                    check(&buf[off..off + len]);
                }
            }
        }
    }
}

/// Output room to try for an input of `len` whose output can take up to `per` units
/// per input unit.
fn rooms(len: usize, per: usize) -> Vec<usize> {
    let mut v = std::vec![
        0,
        1,
        len / 2,
        len.saturating_sub(1),
        len,
        len + 1,
        per * len + 8
    ];
    if !MIRI {
        v.extend([
            len * per / 2,
            (len * per).saturating_sub(1),
            len * per,
            len * 2,
            63,
            64,
            65,
        ]);
    }
    v.sort_unstable();
    v.dedup();
    v
}

#[test]
fn detection_matches_std() {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    {
        let (avx2, avx512) = x86_64::detect();
        assert_eq!(
            avx2,
            std::is_x86_feature_detected!("avx2")
                && std::is_x86_feature_detected!("bmi1")
                && std::is_x86_feature_detected!("bmi2")
                && std::is_x86_feature_detected!("popcnt")
                && std::is_x86_feature_detected!("lzcnt")
        );
        let want = [
            "avx512f",
            "avx512bw",
            "avx512vl",
            "avx512vbmi",
            "avx512vbmi2",
        ]
        .iter()
        .all(|f| match *f {
            "avx512f" => std::is_x86_feature_detected!("avx512f"),
            "avx512bw" => std::is_x86_feature_detected!("avx512bw"),
            "avx512vl" => std::is_x86_feature_detected!("avx512vl"),
            "avx512vbmi" => std::is_x86_feature_detected!("avx512vbmi"),
            _ => std::is_x86_feature_detected!("avx512vbmi2"),
        });
        assert_eq!(avx512, want && avx2);
        std::eprintln!("avx2: {avx2}, avx512: {avx512}, chosen: {:?}", isa());
    }
    assert!(isa().is_available());
}

#[test]
fn ascii_and_latin1_scans() {
    for isa in isas() {
        for_inputs(bytes, |s| {
            assert_eq!(
                on_isa::ascii_valid_up_to(isa, s),
                scalar::ascii_valid_up_to(s),
                "{isa:?}"
            )
        });
        for_inputs(units, |s| {
            assert_eq!(
                on_isa::basic_latin_valid_up_to(isa, s),
                scalar::basic_latin_valid_up_to(s),
                "{isa:?}"
            );
            assert_eq!(
                on_isa::latin1_valid_up_to(isa, s),
                scalar::latin1_valid_up_to(s),
                "{isa:?}"
            );
            assert_eq!(
                on_isa::utf16_valid_up_to(isa, s),
                scalar::utf16_valid_up_to(s),
                "{isa:?} {s:04x?}"
            );
        });
    }
}

/// Runs `f` and the scalar `g` on equal output buffers of each room, pre-filled with
/// `fill`, and compares results and whole buffers.
fn same_out<T: Copy + PartialEq + core::fmt::Debug, R: PartialEq + core::fmt::Debug>(
    what: &str,
    len: usize,
    per: usize,
    fill: T,
    f: impl Fn(&mut [T]) -> R,
    g: impl Fn(&mut [T]) -> R,
) {
    for room in rooms(len, per) {
        let mut a = std::vec![fill; room];
        let mut b = a.clone();
        let ra = f(&mut a);
        let rb = g(&mut b);
        assert_eq!(ra, rb, "{what}: result, len {len}, room {room}");
        assert!(a == b, "{what}: output, len {len}, room {room}");
    }
}

#[test]
fn ascii_copies() {
    for isa in isas() {
        let what = std::format!("{isa:?}");
        for_inputs(bytes, |s| {
            same_out(
                &what,
                s.len(),
                1,
                0xAA,
                |d| on_isa::copy_ascii_to_ascii(isa, s, d),
                |d| scalar::copy_ascii_to_ascii(s, d),
            );
            same_out(
                &what,
                s.len(),
                1,
                0xAAAA,
                |d| on_isa::copy_ascii_to_basic_latin(isa, s, d),
                |d| scalar::copy_ascii_to_basic_latin(s, d),
            );
            same_out(
                &what,
                s.len(),
                1,
                0xAAAA,
                |d| on_isa::latin1_to_utf16(isa, s, d),
                |d| scalar::latin1_to_utf16(s, d),
            );
            same_out(
                &what,
                s.len(),
                2,
                0xAA,
                |d| on_isa::latin1_to_utf8(isa, s, d),
                |d| scalar::latin1_to_utf8(s, d),
            );
        });
        for_inputs(units, |s| {
            same_out(
                &what,
                s.len(),
                1,
                0xAA,
                |d| on_isa::copy_basic_latin_to_ascii(isa, s, d),
                |d| scalar::copy_basic_latin_to_ascii(s, d),
            );
            same_out(
                &what,
                s.len(),
                1,
                0xAA,
                |d| on_isa::utf16_to_latin1_lossy(isa, s, d),
                |d| scalar::utf16_to_latin1_lossy(s, d),
            );
        });
    }
}

#[test]
fn utf8_validation_and_to_utf16() {
    for isa in isas() {
        let what = std::format!("{isa:?}");
        for_inputs(bytes, |s| {
            same_out(
                &what,
                s.len(),
                1,
                0xAA,
                |d| on_isa::utf8_copy(isa, s, d),
                |d| scalar::utf8_copy(s, d),
            );
            assert_eq!(
                on_isa::utf8_valid_up_to(isa, s),
                scalar::utf8_valid_up_to(s),
                "{what} {s:02x?}"
            );
            same_out(
                &what,
                s.len(),
                1,
                0xAAAA,
                |d| on_isa::utf8_to_utf16(isa, s, d),
                |d| scalar::utf8_to_utf16(s, d),
            );
        });
    }
}

#[test]
fn utf8_validation_every_short_sequence() {
    if MIRI {
        return;
    }
    for isa in isas() {
        let mut buf = [b'a'; 80];
        for pos in [0, 30, 31, 62, 63, 64, 76] {
            for b0 in 0x80..=0xFFu8 {
                for b1 in 0..=0xFFu8 {
                    for b2 in [0x41, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xE1] {
                        for b3 in [0x41, 0x80, 0xBF, 0xF0] {
                            buf[pos] = b0;
                            buf[pos + 1] = b1;
                            buf[pos + 2] = b2;
                            buf[pos + 3] = b3;
                            let want = scalar::utf8_valid_up_to(&buf);
                            assert_eq!(
                                on_isa::utf8_valid_up_to(isa, &buf),
                                want,
                                "{isa:?} {pos} {:02x?}",
                                &buf[pos..pos + 4]
                            );
                            let s = &buf[..pos + 4];
                            if b0 >= 0xE0 && b3 == 0x41 {
                                assert_eq!(
                                    on_isa::utf8_valid_up_to(isa, s),
                                    scalar::utf8_valid_up_to(s),
                                    "{isa:?} {pos} end"
                                );
                            }
                        }
                    }
                }
            }
            buf[pos..pos + 4].copy_from_slice(b"aaaa");
        }
    }
}

/// UTF-8 to UTF-16 of every two-byte prefix (with a few third and fourth bytes) at
/// the edges of 64-byte blocks, inside ASCII, two- and three-byte text.
#[test]
fn utf8_to_utf16_every_short_sequence() {
    if MIRI {
        return;
    }
    for isa in isas() {
        for fill in ["a", "\u{436}", "\u{4E2D}"] {
            let text: Vec<u8> = fill.repeat(160).into_bytes();
            for pos in [0, 1, 2, 61, 62, 63, 64, 65, 126, 127] {
                let mut buf = text[..132].to_vec();
                // Start `pos` at a character boundary of the filler.
                let pos = pos - pos % fill.len();
                for b0 in 0x80..=0xFFu8 {
                    for b1 in (0..=0xFFu8).step_by(3).chain([0x80, 0x9F, 0xA0, 0xBF]) {
                        for b2 in [0x41, 0x80, 0x9F, 0xA0, 0xBF, 0xE1] {
                            buf[pos] = b0;
                            buf[pos + 1] = b1;
                            buf[pos + 2] = b2;
                            let mut a = [0u16; 140];
                            let mut b = [0u16; 140];
                            assert_eq!(
                                on_isa::utf8_to_utf16(isa, &buf, &mut a),
                                scalar::utf8_to_utf16(&buf, &mut b),
                                "{isa:?} {fill} {pos} {:02x?}",
                                &buf[pos..pos + 3]
                            );
                            assert_eq!(a, b, "{isa:?} {fill} {pos} {:02x?}", &buf[pos..pos + 3]);
                        }
                    }
                }
            }
        }
    }
}

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

/// Tables to test with: windows-1251-like (a run and scattered entries, some holes),
/// x-user-defined, and random.
fn tables() -> Vec<[u16; 128]> {
    let mut rng = Rng(7);
    let mut cyr = [0u16; 128];
    for (i, c) in cyr.iter_mut().enumerate() {
        *c = match i {
            0x40.. => 0x410 + (i as u16 - 0x40),
            0x18 => 0,
            0x00..=0x0F => 0x2000 + i as u16 * 3,
            _ => 0xA0 + i as u16,
        };
    }
    let xud: [u16; 128] = core::array::from_fn(|i| 0xF780 + i as u16);
    let random: [u16; 128] = core::array::from_fn(|_| match rng.below(4) {
        0 => 0,
        1 => 0x80 + rng.below(0x780) as u16,
        _ => 0x800 + rng.below(0xD000) as u16,
    });
    std::vec![cyr, xud, random]
}

#[test]
fn single_byte_decode() {
    for isa in isas() {
        let what = std::format!("{isa:?}");
        for t in tables() {
            for_inputs(bytes, |s| {
                same_out(
                    &what,
                    s.len(),
                    1,
                    0xAAAA,
                    |d| on_isa::single_byte_to_utf16(isa, &t, s, d),
                    |d| scalar::single_byte_to_utf16(&t, s, d),
                );
                same_out(
                    &what,
                    s.len(),
                    3,
                    0xAA,
                    |d| on_isa::single_byte_to_utf8(isa, &t, s, d),
                    |d| scalar::single_byte_to_utf8(&t, s, d),
                );
            });
        }
    }
}

/// Long ASCII runs (where the AVX-512 decode to UTF-8 moves on to 64-byte aligned
/// output) ended by a mapped, an unmapped or no byte at every position, into output
/// at every alignment.
#[test]
fn single_byte_decode_ascii_runs() {
    let t = tables()[0];
    let (len, step) = if MIRI { (80, 37) } else { (300, 1) };
    for isa in isas() {
        for end in [None, Some(0xC0u8), Some(0x98)] {
            for pos in (0..len).step_by(step) {
                let mut s: Vec<u8> = (0..len).map(|i| b'!' + (i % 90) as u8).collect();
                if let Some(b) = end {
                    s[pos] = b;
                }
                for off in 0..64 {
                    let mut a = std::vec![0xAAu8; 3 * len + 64];
                    let mut b = a.clone();
                    let ra = on_isa::single_byte_to_utf8(isa, &t, &s, &mut a[off..]);
                    let rb = scalar::single_byte_to_utf8(&t, &s, &mut b[off..]);
                    assert_eq!(ra, rb, "{isa:?}: pos {pos}, end {end:?}, off {off}");
                    assert!(a == b, "{isa:?}: pos {pos}, end {end:?}, off {off}");
                }
                if end.is_none() {
                    break;
                }
            }
        }
    }
}

#[test]
fn x_user_defined_decode() {
    for isa in isas() {
        let what = std::format!("{isa:?}");
        for_inputs(bytes, |s| {
            same_out(
                &what,
                s.len(),
                1,
                0xAAAA,
                |d| on_isa::x_user_defined_to_utf16(isa, s, d),
                |d| scalar::x_user_defined_to_utf16(s, d),
            );
            same_out(
                &what,
                s.len(),
                3,
                0xAA,
                |d| on_isa::x_user_defined_to_utf8(isa, s, d),
                |d| scalar::x_user_defined_to_utf8(s, d),
            );
        });
    }
    let mut d = [0u16; 2];
    assert_eq!(scalar::x_user_defined_to_utf16(b"a\xFF", &mut d), 2);
    assert_eq!(d, [0x61, 0xF7FF]);
}

#[test]
fn single_byte_encode() {
    let runs = [
        Run {
            code_point: 0x410,
            byte: 0xC0,
            len: 64,
        },
        Run {
            code_point: 0x80,
            byte: 0x80,
            len: 128,
        },
        Run {
            code_point: 0x7C0,
            byte: 0xA0,
            len: 90,
        },
        Run {
            code_point: 0xE01,
            byte: 0xA1,
            len: 58,
        },
        Run {
            code_point: 0xF780,
            byte: 0x80,
            len: 128,
        },
        Run {
            code_point: 0,
            byte: 0,
            len: 0,
        },
    ];
    // Maps of the characters outside the run: none, the test tables' (which hold
    // several of the characters the generators make), and one of those characters.
    let mut extras = std::vec![Extra::EMPTY];
    let mut few = Extra::EMPTY;
    for c in [0xE9, 0x7FF, 0x800, 0x4E2D, 0xFFFF, 0xD7FF, 0xE000] {
        few.insert(c, 0x80 + (c % 128) as u8);
    }
    extras.push(few);
    let mut common = Extra::EMPTY;
    for c in [0x436u32, 0xE9, 0x4E2D, 0x7FF, 0x800, 0xFFFF] {
        common.insert(c, 0x80 + (c % 128) as u8);
    }
    extras.push(common);
    for isa in isas() {
        let what = std::format!("{isa:?}");
        for run in runs {
            for extra in &extras {
                for_inputs(bytes, |s| {
                    same_out(
                        &what,
                        s.len(),
                        1,
                        0xAA,
                        |d| on_isa::single_byte_encode_utf8(isa, run, extra, s, d),
                        |d| scalar::single_byte_encode_utf8(run, extra, s, d),
                    );
                });
                for_inputs(units, |s| {
                    same_out(
                        &what,
                        s.len(),
                        1,
                        0xAA,
                        |d| on_isa::single_byte_encode_utf16(isa, run, extra, s, d),
                        |d| scalar::single_byte_encode_utf16(run, extra, s, d),
                    );
                });
            }
        }
        // Real tables' maps with their own runs (so with a block): the test table,
        // and a KOI8-like one whose Cyrillic letters are scattered (the run is one
        // letter long) next to box drawing and holes.
        let mut koi = [0u16; 128];
        for (i, c) in koi.iter_mut().enumerate() {
            *c = match i {
                0x40.. => 0x410 + ((i as u16 - 0x40) * 37) % 64,
                0x05 | 0x33 => 0,
                0x10..=0x13 => 0x404 + i as u16 - 0x10,
                _ => 0x2500 + 2 * i as u16,
            };
        }
        let koi_run = Run {
            code_point: koi[0x41],
            byte: 0xC1,
            len: 1,
        };
        let cyr_run = Run {
            code_point: 0x410,
            byte: 0xC0,
            len: 64,
        };
        let mut rng = Rng(0x5851_F42D_4C95_7F2D);
        for (t, run) in [(tables()[0], cyr_run), (koi, koi_run)] {
            let extra = Extra::new(&t, run);
            assert!(extra.block().is_some());
            // Mostly the table's characters and ASCII, rarely one of the block that
            // the table lacks, or one outside it.
            let mut text = std::string::String::new();
            for _ in 0..800 {
                let c = match rng.below(400) {
                    0 => 0x400 + rng.below(0x80) as u32,
                    1 => 0x4E2D,
                    k if k < 250 => u32::from(t[rng.below(128)]),
                    _ => rng.below(128) as u32,
                };
                text.push(char::from_u32(c).unwrap_or(' '));
            }
            let utf16: Vec<u16> = text.encode_utf16().collect();
            let lens: Vec<usize> = if MIRI {
                std::vec![0, 1, 17, 70, 140]
            } else {
                (0..=140).chain([300, 700]).collect()
            };
            for off in offsets() {
                for &len in &lens {
                    let s = &utf16[off..off + len];
                    same_out(
                        &what,
                        len,
                        1,
                        0xAA,
                        |d| on_isa::single_byte_encode_utf16(isa, run, &extra, s, d),
                        |d| scalar::single_byte_encode_utf16(run, &extra, s, d),
                    );
                    let s = &text.as_bytes()[off..off + len];
                    same_out(
                        &what,
                        len,
                        1,
                        0xAA,
                        |d| on_isa::single_byte_encode_utf8(isa, run, &extra, s, d),
                        |d| scalar::single_byte_encode_utf8(run, &extra, s, d),
                    );
                }
            }
            for_inputs(units, |s| {
                same_out(
                    &what,
                    s.len(),
                    1,
                    0xAA,
                    |d| on_isa::single_byte_encode_utf16(isa, run, &extra, s, d),
                    |d| scalar::single_byte_encode_utf16(run, &extra, s, d),
                );
            });
            for_inputs(bytes, |s| {
                same_out(
                    &what,
                    s.len(),
                    1,
                    0xAA,
                    |d| on_isa::single_byte_encode_utf8(isa, run, &extra, s, d),
                    |d| scalar::single_byte_encode_utf8(run, &extra, s, d),
                );
            });
        }
    }
}

#[test]
fn scalar_oracle_basics() {
    assert_eq!(scalar::utf8_valid_up_to(b"ab\xE4\xB8"), 2);
    assert_eq!(
        scalar::utf16_valid_up_to(&[0x41, 0xD800, 0xDC00, 0xDC00]),
        3
    );
    assert_eq!(scalar::utf16_valid_up_to(&[0x41, 0xD800]), 1);
    let run = Run {
        code_point: 0x410,
        byte: 0xC0,
        len: 64,
    };
    let mut d = [0u8; 8];
    assert_eq!(
        scalar::single_byte_encode_utf8(run, &Extra::EMPTY, "aЖ€".as_bytes(), &mut d),
        (3, 2)
    );
    assert_eq!(&d[..2], b"a\xC6");
    let mut extra = Extra::EMPTY;
    extra.insert(0x20AC, 0x88);
    assert_eq!(
        scalar::single_byte_encode_utf8(run, &extra, "aЖ€".as_bytes(), &mut d),
        (6, 3)
    );
    assert_eq!(&d[..3], b"a\xC6\x88");
    assert_eq!(extra.get(0x20AC), Some(0x88));
    assert_eq!(extra.get(0x20AD), None);
}
/// Runs of three-byte characters (x-user-defined's U+F780..U+F7FF, Thai's U+0E01..)
/// on inputs that stay in the run for long stretches, at every offset and room.
#[test]
fn three_byte_run_encode() {
    let runs = [
        Run {
            code_point: 0xF780,
            byte: 0x80,
            len: 128,
        },
        Run {
            code_point: 0xE01,
            byte: 0xA1,
            len: 58,
        },
    ];
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for isa in isas() {
        let what = std::format!("{isa:?}");
        for run in runs {
            // Mostly ASCII and the run, rarely a character next to the run, and
            // (in the second buffer) a corruption of a sequence.
            for corrupt in [false, true] {
                let mut buf = std::vec::Vec::new();
                while buf.len() < 1200 {
                    let c = match rng.below(300) {
                        0 => u32::from(run.code_point) - 1,
                        1 => u32::from(run.code_point) + u32::from(run.len),
                        k if k < 150 => {
                            u32::from(run.code_point) + rng.below(usize::from(run.len)) as u32
                        }
                        _ => rng.below(128) as u32,
                    };
                    let mut b = [0u8; 4];
                    buf.extend_from_slice(
                        char::from_u32(c).unwrap().encode_utf8(&mut b).as_bytes(),
                    );
                    if corrupt && rng.below(200) == 0 {
                        let k = buf.len() - 1 - rng.below(2);
                        buf[k] = rng.next() as u8;
                    }
                }
                let lens: Vec<usize> = if MIRI {
                    std::vec![0, 1, 17, 70, 140]
                } else {
                    (0..=140).chain([300, 700, 1100]).collect()
                };
                for off in offsets() {
                    for &len in &lens {
                        let s = &buf[off..off + len];
                        same_out(
                            &what,
                            len,
                            1,
                            0xAA,
                            |d| on_isa::single_byte_encode_utf8(isa, run, &Extra::EMPTY, s, d),
                            |d| scalar::single_byte_encode_utf8(run, &Extra::EMPTY, s, d),
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn find_u16_matches_scalar() {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let hay: Vec<u16> = (0..100).map(|_| rng.below(8) as u16).collect();
    for off in 0..8 {
        for len in 0..=(hay.len() - off) {
            let h = &hay[off..off + len];
            for value in 0..9 {
                assert_eq!(
                    super::find_u16(h, value),
                    scalar::find_u16(h, value),
                    "off {off} len {len} value {value}"
                );
            }
        }
    }
}

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
            let count = 1 + rng.below(80);
            // Some rounds without four-byte characters, some without ASCII, some of
            // runs of two- or three-byte characters with a rare other one.
            let pick = |rng: &mut Rng| match (round % 5, rng.below(40)) {
                (0, _) | (3 | 4, 0) => CHARS[rng.below(12)],
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
