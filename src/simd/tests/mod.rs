//! Every kernel of every available ISA against the scalar one, on random and
//! adversarial inputs at every alignment (0..64) and every length 0..=130 (and some
//! longer), with output buffers of every interesting size, checking the whole output
//! buffer (so a write past the reported length fails).

extern crate std;

use super::dispatch::on_isa;
use super::isa::{isa, Isa};
use super::scalar;
#[cfg(all(target_arch = "x86_64", not(miri)))]
use super::x86_64;
use crate::tables::single_byte::{Extra, Run};
use std::vec::Vec;

mod ascii;
mod pairs;
mod portable;
mod single_byte;
mod transcode;
mod utf16;
mod utf8;
mod wtf8;

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

/// The vector ISAs this machine runs; with `TEXTCODEC_TEST_ISAS` set (names as
/// `TEXTCODEC_FORCE_ISA` takes them, comma-separated), those of them only (the CI's
/// second Miri run, built with SSE4.1 enabled, checks `sse41` alone).
fn isas() -> Vec<Isa> {
    let only = std::env::var("TEXTCODEC_TEST_ISAS").ok();
    // The variants' names, lower-cased, are the names `TEXTCODEC_FORCE_ISA` takes.
    let named = |i: &Isa| {
        let name = std::format!("{i:?}").to_lowercase();
        only.as_deref()
            .is_none_or(|o| o.split(',').any(|n| n.trim() == name))
    };
    let v: Vec<Isa> = Isa::ALL
        .into_iter()
        .filter(|i| *i != Isa::Scalar && i.is_available() && named(i))
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
        let x86_64::Features {
            sse41,
            avx2,
            avx512,
        } = x86_64::detect();
        assert_eq!(
            sse41,
            std::is_x86_feature_detected!("ssse3")
                && std::is_x86_feature_detected!("sse4.1")
                && std::is_x86_feature_detected!("popcnt")
        );
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
        std::eprintln!(
            "sse41: {sse41}, avx2: {avx2}, avx512: {avx512}, chosen: {:?}",
            isa()
        );
    }
    assert!(isa().is_available());
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
    same_out_in(
        &std::format!("{what}, len {len}"),
        &rooms(len, per),
        fill,
        f,
        g,
    );
}

/// [`same_out`] through the given output rooms.
fn same_out_in<T: Copy + PartialEq + core::fmt::Debug, R: PartialEq + core::fmt::Debug>(
    what: &str,
    rooms: &[usize],
    fill: T,
    f: impl Fn(&mut [T]) -> R,
    g: impl Fn(&mut [T]) -> R,
) {
    for &room in rooms {
        let mut a = std::vec![fill; room];
        let mut b = a.clone();
        let ra = f(&mut a);
        let rb = g(&mut b);
        assert_eq!(ra, rb, "{what}: result, room {room}");
        assert!(a == b, "{what}: output, room {room}");
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
