//! Single-byte encodings and x-user-defined: decode to UTF-16 and UTF-8, encode
//! from UTF-16 and UTF-8.

use super::*;

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
        // Under Miri (100 s of CI per ISA with all three), the Cyrillic-like table
        // (runs, scattered entries, holes) and x-user-defined's.
        for t in tables().into_iter().take(if MIRI { 2 } else { 3 }) {
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

/// Text of ASCII with upper-half bytes one in `gap` or so (where the vector loops
/// write a vector's one non-ASCII byte by itself), after a dense stretch in some
/// rounds (whose last vector may leave bytes it wrote over to be put back), with
/// unmapped bytes in some, into output at every offset 0..32 filled with varied bytes
/// (so that a stray store shows), through every room near the end and some others.
#[test]
fn single_byte_decode_sparse() {
    let t = tables()[0];
    let mut rng = Rng(0x51A7_5E0B_D3C4_2291);
    let rounds = if MIRI { 1 } else { 48 };
    for round in 0..rounds {
        let gap = [3, 8, 17, 33, 65][round % 5];
        let len = if MIRI { 100 } else { 400 };
        let dense = if round % 3 == 0 { 40 } else { 0 };
        let s: Vec<u8> = (0..len)
            .map(|i| {
                if i < dense || rng.below(gap) == 0 {
                    // 0x98 is unmapped in the table.
                    if round % 4 == 1 && rng.below(4) == 0 {
                        0x98
                    } else {
                        0xC0 + rng.below(0x40) as u8
                    }
                } else {
                    b' ' + rng.below(90) as u8
                }
            })
            .collect();
        let full = scalar::single_byte_to_utf8(&t, &s, &mut std::vec![0; 3 * len]).1;
        let mut rooms: Vec<usize> =
            (full.saturating_sub(if MIRI { 3 } else { 70 })..=full + 2).collect();
        rooms.extend((0..4).map(|_| rng.below(full + 1)));
        same_sparse(&t, &s, &rooms, &mut rng);
    }
    // A vector whose one non-ASCII byte, at every position, is unmapped (the ASCII
    // before it is written, then the decode stops), or mapped and followed by an
    // unmapped one: after ASCII, or after a dense stretch of every length up to 64.
    // Under Miri (70 s of CI with dense lengths 0, 31, 62, positions a step of 13
    // apart and offsets of 11), fewer.
    for dense in (0..=64).step_by(if MIRI { 33 } else { 1 }) {
        for k in (0..64).step_by(if MIRI { 31 } else { 1 }) {
            for mapped in [false, true] {
                let mut s: Vec<u8> = (0..dense).map(|i| 0xC0 + (i % 64) as u8).collect();
                s.extend((0..k).map(|i| b'a' + (i % 26) as u8));
                s.push(if mapped { 0xE4 } else { 0x98 });
                s.extend_from_slice(b"xy\x98");
                s.extend(core::iter::repeat_n(b'z', 90));
                let full = scalar::single_byte_to_utf8(&t, &s, &mut std::vec![0; 3 * s.len()]).1;
                same_sparse(&t, &s, &[full, full + 1, 3 * s.len()], &mut rng);
            }
        }
    }
}

/// One and two upper-half bytes at every pair of places in the first 34 bytes after
/// an ASCII prefix of 0 to 3 bytes or 40 (the vector loops write a vector with one or
/// two two-byte characters whole, reading the bytes one and two back, and leave other
/// vectors to other steps): two-byte characters, a three-byte one and an unmapped
/// byte among them, through the full room and the rooms just short of it; and to
/// UTF-16 through every room.
#[test]
fn single_byte_decode_two_letters() {
    let t = tables()[0];
    let mut rng = Rng(0x2B7E_1516_28AE_D2A6);
    // 0xE4 and 0x9A: two bytes of UTF-8; 0x85: three; 0x98: unmapped.
    let kinds: &[(u8, u8)] = &[(0xE4, 0x9A), (0xE4, 0x85), (0x85, 0xE4), (0xE4, 0x98)];
    // Under Miri (CI's time), fewer places, prefixes and kinds.
    let (places, step) = if MIRI { (34, 11) } else { (34, 1) };
    let prefixes: &[usize] = if MIRI { &[1, 40] } else { &[0, 1, 2, 3, 40] };
    let kinds = if MIRI {
        &[kinds[0], kinds[3]][..]
    } else {
        kinds
    };
    for &prefix in prefixes {
        for k0 in (0..places).step_by(step) {
            for k1 in (k0..places).step_by(step) {
                for &(a, b) in kinds {
                    let mut s: Vec<u8> = (0..prefix + 70).map(|i| b'a' + (i % 26) as u8).collect();
                    s[prefix + k0] = a;
                    if k1 > k0 {
                        s[prefix + k1] = b;
                    }
                    let full =
                        scalar::single_byte_to_utf8(&t, &s, &mut std::vec![0; 3 * s.len()]).1;
                    same_sparse(&t, &s, &[full, full - 1, full - 2], &mut rng);
                    // And to UTF-16 (SSE2 widens such a vector and writes the upper
                    // half's units over), every room.
                    for isa in isas() {
                        same_out(
                            &std::format!("{isa:?} to UTF-16"),
                            s.len(),
                            1,
                            0xAAAA,
                            |d| on_isa::single_byte_to_utf16(isa, &t, &s, d),
                            |d| scalar::single_byte_to_utf16(&t, &s, d),
                        );
                    }
                }
            }
        }
    }
}

/// One and two upper-half bytes at every pair of places of a 64-byte block (AVX-512's
/// loop writes a block with one in its first 63 bytes, or two in its first 62, whose
/// characters are of two bytes, by an expand), in text long enough for that loop
/// (it needs room for 192 bytes): the kinds of [`single_byte_decode_two_letters`],
/// after prefixes of 0, 1 and 64 bytes, through the full room and rooms short of it.
#[test]
fn single_byte_decode_two_letters_in_blocks() {
    let t = tables()[0];
    let kinds: &[(u8, u8)] = &[(0xE4, 0x9A), (0xE4, 0x85), (0x85, 0xE4), (0xE4, 0x98)];
    // Miri runs no AVX-512: a few places, one prefix and two kinds for the other ISAs.
    let (step, prefixes, kinds) = if MIRI {
        (29, &[1usize][..], &[kinds[0], kinds[3]][..])
    } else {
        (1, &[0usize, 1, 64][..], kinds)
    };
    for &prefix in prefixes {
        for k0 in (0..66).step_by(step) {
            for k1 in (k0..66).step_by(step) {
                for &(a, b) in kinds {
                    let mut s: Vec<u8> = (0..prefix + 260).map(|i| b'a' + (i % 26) as u8).collect();
                    s[prefix + k0] = a;
                    if k1 > k0 {
                        s[prefix + k1] = b;
                    }
                    let full =
                        scalar::single_byte_to_utf8(&t, &s, &mut std::vec![0; 3 * s.len()]).1;
                    for isa in isas() {
                        same_out_in(
                            &std::format!("{isa:?}: {k0} {k1} {a:02X} {b:02X} after {prefix}"),
                            &[full, full.saturating_sub(1), full.saturating_sub(70)],
                            0xAA,
                            |d| on_isa::single_byte_to_utf8(isa, &t, &s, d),
                            |d| scalar::single_byte_to_utf8(&t, &s, d),
                        );
                    }
                }
            }
        }
    }
}

/// [`single_byte_decode_sparse`]'s check: on every ISA, at output offsets 0..32 in a
/// buffer of random bytes, through `rooms`, the same result and buffer as the scalar
/// code.
fn same_sparse(t: &[u16; 128], s: &[u8], rooms: &[usize], rng: &mut Rng) {
    for isa in isas() {
        for off in (0..32).step_by(if MIRI { 16 } else { 1 }) {
            for &room in rooms {
                let fill: Vec<u8> = (0..off + room + 8).map(|_| rng.next() as u8).collect();
                let (mut a, mut b) = (fill.clone(), fill);
                let ra = on_isa::single_byte_to_utf8(isa, t, s, &mut a[off..off + room]);
                let rb = scalar::single_byte_to_utf8(t, s, &mut b[off..off + room]);
                assert_eq!(ra, rb, "{isa:?}: {s:02X?}, off {off}, room {room}");
                assert!(a == b, "{isa:?}: {s:02X?}, off {off}, room {room}");
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
        for (i, run) in runs.into_iter().enumerate() {
            for (j, extra) in extras.iter().enumerate() {
                // Under Miri (where this test took 10 minutes of CI), each run with
                // one of the maps, every map still with two runs.
                if MIRI && i % extras.len() != j {
                    continue;
                }
                for_inputs(bytes, |s| {
                    same_encode_utf8(&what, isa, run, extra, s);
                });
                for_inputs(units, |s| {
                    same_encode_utf16(&what, isa, run, extra, s);
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
                    same_encode_utf16(&what, isa, run, &extra, s);
                    let s = &text.as_bytes()[off..off + len];
                    same_encode_utf8(&what, isa, run, &extra, s);
                }
            }
            for_inputs(units, |s| {
                same_encode_utf16(&what, isa, run, &extra, s);
            });
            for_inputs(bytes, |s| {
                same_encode_utf8(&what, isa, run, &extra, s);
            });
        }
    }
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

/// Encode from UTF-8 of mostly-ASCII text (the vector loop that maps the character
/// after each ASCII run in place): runs of 0..80 ASCII bytes between single
/// characters in the run, in the map outside it, unmapped, of two, three and four
/// bytes, and now and then a cluster dense enough for the staged conversion, at every
/// offset, length and room.
#[test]
fn sparse_encode_from_utf8() {
    let (run, extra) = latin1_like();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut text = std::string::String::new();
    while text.len() < 3000 {
        for _ in 0..rng.below(80) {
            text.push(char::from(b' ' + rng.below(95) as u8));
        }
        let others: [u32; 9] = [
            0xE4, 0xFC, 0xDF, 0x20AC, 0x201E, 0x178, 0x99, 0x4E2D, 0x1F600,
        ];
        let n = if rng.below(10) == 0 { 6 } else { 1 };
        for _ in 0..n {
            let kinds = if rng.below(8) == 0 { 9 } else { 6 };
            let c = others[rng.below(kinds)];
            text.push(char::from_u32(c).unwrap_or('?'));
        }
    }
    let lens: Vec<usize> = if MIRI {
        std::vec![0, 17, 70, 140]
    } else {
        (0..=140).chain([300, 700, 2900]).collect()
    };
    let b = text.as_bytes();
    for isa in isas() {
        let what = std::format!("{isa:?} sparse");
        for off in offsets() {
            for &len in &lens {
                let s = &b[off..off + len];
                same_encode_utf8(&what, isa, run, &extra, s);
            }
        }
    }
}

/// A windows-1252-like table: the Latin-1 letters in a run, a few others mapped.
fn latin1_like() -> (Run, Extra) {
    let run = Run {
        code_point: 0xA0,
        byte: 0xA0,
        len: 96,
    };
    let mut table = [0u16; 128];
    for (i, c) in table.iter_mut().enumerate() {
        *c = match i {
            0x20.. => 0x80 + i as u16,
            0x00 => 0x20AC,
            0x04 => 0x201E,
            0x13 => 0x2013,
            0x1F => 0x178,
            _ => 0,
        };
    }
    (run, Extra::new(&table, run))
}

/// Encode from UTF-8 of vectors with one two-byte letter among ASCII bytes (the
/// letter at each place of a 32-byte vector) followed by an unmapped character or
/// by more text, with the input ending at each length after it: the AVX2 kernel's
/// step for such a vector writes one byte past its output, which must be put back
/// when nothing after it is written (the unmapped character ends the call there).
#[test]
fn one_letter_vectors_encode_from_utf8() {
    let (run, extra) = latin1_like();
    for isa in isas() {
        let what = std::format!("{isa:?} one letter");
        for at in 0..32 {
            for next in ["\u{99}", "\u{4E2D}", "x", "\u{E9}"] {
                let mut text = std::string::String::new();
                text.extend(core::iter::repeat_n('a', at));
                text.push('\u{E4}');
                text.extend(core::iter::repeat_n('b', 30usize.saturating_sub(at)));
                text.push_str(next);
                text.extend(core::iter::repeat_n('c', 40));
                let b = text.as_bytes();
                let ends: &[usize] = if MIRI {
                    &[0, 5]
                } else {
                    &[0, 1, 2, 3, 8, 20, 40]
                };
                for &more in ends {
                    let len = (b.len() - 40 + more).min(b.len());
                    same_encode_utf8(&what, isa, run, &extra, &b[..len]);
                }
            }
        }
    }
}

/// Encode from UTF-8 of vectors with two two-byte letters among ASCII bytes at every
/// pair of places of a 32-byte vector, or of a 64-byte block on AVX-512 (the kernels'
/// step for such a vector reads the bytes one and two on; AVX2 and SSE4.1 write two
/// bytes past the output, which must be put back when nothing after it is written;
/// AVX-512 writes by a masked store), a letter outside the run or an
/// unmapped character as the second, then ASCII to the vector's end and an unmapped
/// character (the call ends there), ASCII or a letter, with the input ending at each
/// length after them.
#[test]
fn two_letter_vectors_encode_from_utf8() {
    let (run, extra) = latin1_like();
    let step = if MIRI { 7 } else { 1 };
    for isa in isas() {
        let what = std::format!("{isa:?} two letters");
        // The ISA's block: AVX-512's loop takes 64 bytes a step.
        let l = if isa == Isa::Avx512 { 64 } else { 32 };
        for a in (0..l - 1).step_by(step) {
            // The second letter's lead at byte `b + 1`.
            for b in (a + 1..l + 1).step_by(step) {
                // Under Miri (CI's time), the second a letter of the run or
                // unmapped, and an unmapped character after the vector.
                let seconds: &[char] = if MIRI {
                    &['\u{FC}', '\u{99}']
                } else {
                    &['\u{FC}', '\u{178}', '\u{99}']
                };
                let nexts: &[&str] = if MIRI {
                    &["\u{99}"]
                } else {
                    &["\u{99}", "x", "\u{E9}"]
                };
                for &second in seconds {
                    for &next in nexts {
                        let mut text = std::string::String::new();
                        text.extend(core::iter::repeat_n('a', a));
                        text.push('\u{E4}');
                        text.extend(core::iter::repeat_n('b', b - a - 1));
                        text.push(second);
                        text.extend(core::iter::repeat_n('c', l.saturating_sub(b + 3)));
                        text.push_str(next);
                        text.extend(core::iter::repeat_n('d', 40));
                        let bytes = text.as_bytes();
                        let ends: &[usize] = if MIRI { &[0] } else { &[0, 1, 2, 3, 20, 40] };
                        for &more in ends {
                            let len = (bytes.len() - 40 + more).min(bytes.len());
                            same_encode_utf8(&what, isa, run, &extra, &bytes[..len]);
                        }
                    }
                }
            }
        }
    }
}

/// [`same_out`] for single-byte encode from UTF-8 on `isa` against the scalar code.
fn same_encode_utf8(what: &str, isa: Isa, run: Run, extra: &Extra, s: &[u8]) {
    same_out(
        what,
        s.len(),
        1,
        0xAA,
        |d| on_isa::single_byte_encode_utf8(isa, run, extra, s, d),
        |d| scalar::single_byte_encode_utf8(run, extra, s, d),
    );
}

/// [`same_out`] for single-byte encode from UTF-16 on `isa` against the scalar code.
fn same_encode_utf16(what: &str, isa: Isa, run: Run, extra: &Extra, s: &[u16]) {
    same_out(
        what,
        s.len(),
        1,
        0xAA,
        |d| on_isa::single_byte_encode_utf16(isa, run, extra, s, d),
        |d| scalar::single_byte_encode_utf16(run, extra, s, d),
    );
}

/// x-user-defined encode from UTF-8 (the vector loop over 32- and 64-byte steps of
/// ASCII and `EF 9E|9F 80..BF`): text as dense in the run as binary data decoded as
/// x-user-defined, long runs of it, and now and then an unmapped character of two,
/// three (starting with EF or not) or four bytes, a character `extra` maps, or a
/// corrupted sequence (a byte changed, dropped or added), at every offset, length
/// and room (every room for some lengths), cut off anywhere at the end.
#[test]
fn x_user_defined_encode_from_utf8() {
    let run = Run {
        code_point: 0xF780,
        byte: 0x80,
        len: 128,
    };
    let mut extra = Extra::EMPTY;
    extra.insert(0xE9, 0xE9);
    // EF 9D BF, EF A0 80, EF BF BD, and others.
    let others: [u32; 8] = [0xE9, 0x7FF, 0xF77F, 0xF800, 0xFFFD, 0x4E2D, 0x1F600, 0xEF];
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let mut texts = Vec::new();
    for (rare, corrupt) in [(0, 0), (300, 0), (60, 0), (0, 150), (40, 40)] {
        let mut buf = Vec::new();
        while buf.len() < 1100 {
            // A stretch of the run alone, or mixed with ASCII half and half.
            let all_run = rng.below(6) == 0;
            for _ in 0..rng.below(70) {
                let c = if rare != 0 && rng.below(rare) == 0 {
                    others[rng.below(others.len())]
                } else if all_run || rng.below(2) == 0 {
                    0xF780 + rng.below(128) as u32
                } else {
                    rng.below(128) as u32
                };
                let mut b = [0u8; 4];
                buf.extend_from_slice(char::from_u32(c).unwrap().encode_utf8(&mut b).as_bytes());
                if corrupt != 0 && rng.below(corrupt) == 0 {
                    let k = buf.len() - 1 - rng.below(3).min(buf.len() - 1);
                    match rng.below(3) {
                        0 => buf[k] = [0xEF, 0x9E, 0x9F, 0xBF, 0xC0, 0x7F][rng.below(6)],
                        1 => {
                            buf.remove(k);
                        }
                        _ => buf.insert(k, [0xEF, 0x9E, 0x80][rng.below(3)]),
                    }
                }
            }
        }
        texts.push(buf);
    }
    let lens: Vec<usize> = if MIRI {
        std::vec![0, 33, 34, 35, 70, 130]
    } else {
        (0..=200).chain([255, 256, 257, 600, 1000]).collect()
    };
    let every_room: &[usize] = if MIRI {
        &[70]
    } else {
        &[40, 67, 100, 131, 200]
    };
    for isa in isas() {
        let what = std::format!("{isa:?} x-user-defined");
        for (t, text) in texts.iter().enumerate() {
            for extra in [&Extra::EMPTY, &extra] {
                for off in offsets() {
                    for &len in &lens {
                        let s = &text[off..off + len];
                        same_encode_utf8(&what, isa, run, extra, s);
                        if every_room.contains(&len) && off % 8 == t % 8 {
                            for room in 0..=len {
                                let mut a = std::vec![0xAAu8; room];
                                let mut b = a.clone();
                                let ra =
                                    on_isa::single_byte_encode_utf8(isa, run, extra, s, &mut a);
                                let rb = scalar::single_byte_encode_utf8(run, extra, s, &mut b);
                                assert_eq!(
                                    ra, rb,
                                    "{what}: text {t}, off {off}, len {len}, room {room}"
                                );
                                assert!(
                                    a == b,
                                    "{what}: text {t}, off {off}, len {len}, room {room}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}

/// x-user-defined decode to UTF-8 (vectors of ASCII copied, others packed four
/// characters at a time, with the bytes after the output put back): binary data,
/// runs of ASCII long enough for the 128-byte copy, and both mixed, at every offset
/// and length and, for some lengths, every room.
#[test]
fn x_user_defined_decode_every_room() {
    let mut rng = Rng(0x2F69_3A1C_85E4_0B77);
    let mut data = Vec::new();
    while data.len() < 1500 {
        let ascii = rng.below(3) == 0;
        for _ in 0..rng.below(300) {
            let b = rng.next() as u8;
            data.push(if ascii { b & 0x7F } else { b });
        }
    }
    let lens: Vec<usize> = if MIRI {
        std::vec![0, 16, 47, 130]
    } else {
        (0..=300).chain([500, 1000, 1400]).collect()
    };
    let every_room: &[usize] = if MIRI { &[47] } else { &[40, 100, 200, 300] };
    for isa in isas() {
        let what = std::format!("{isa:?} x-user-defined decode");
        for off in offsets() {
            for &len in &lens {
                let s = &data[off..off + len];
                same_out(
                    &what,
                    len,
                    3,
                    0xAA,
                    |d| on_isa::x_user_defined_to_utf8(isa, s, d),
                    |d| scalar::x_user_defined_to_utf8(s, d),
                );
                if every_room.contains(&len) && off % 16 == 0 {
                    for room in 0..=3 * len + 20 {
                        let mut a = std::vec![0xAAu8; room];
                        let mut b = a.clone();
                        let ra = on_isa::x_user_defined_to_utf8(isa, s, &mut a);
                        let rb = scalar::x_user_defined_to_utf8(s, &mut b);
                        assert_eq!(ra, rb, "{what}: off {off}, len {len}, room {room}");
                        assert!(a == b, "{what}: off {off}, len {len}, room {room}");
                    }
                }
            }
        }
    }
}

/// Encode from UTF-8 with every single-byte table of the standard, its run and the
/// map of its other characters (as the encoder builds them): text of the table's
/// characters and ASCII, sparse (ASCII runs of up to 80 bytes between them) and
/// dense, now and then a character no table maps (three or four bytes), at several
/// offsets and lengths (cut anywhere) and rooms, on every ISA against the scalar
/// code. On AVX2 the tables whose run is of two-byte characters take their own loop.
#[test]
fn real_tables_encode_from_utf8() {
    // The tables as the encodings hold them: 28 of the 40 encodings, 27 tables
    // (ISO-8859-8-I has ISO-8859-8's).
    let all: Vec<&crate::tables::single_byte::SingleByteTable> = crate::Encoding::all()
        .iter()
        .filter_map(|e| match e.variant {
            crate::variant::VariantEncoding::SingleByte(t) => Some(t),
            _ => None,
        })
        .collect();
    assert_eq!(all.len(), 28);
    #[cfg(target_arch = "x86_64")]
    assert!(crate::simd::x86_64::single_byte_utf8::encodes_run(
        crate::generated::single_byte::WINDOWS_1252.run()
    ));
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let (lens, tables): (Vec<usize>, usize) = if MIRI {
        (std::vec![40, 200], 3)
    } else {
        ((0..=96).chain([200, 500, 1500]).collect(), all.len())
    };
    for (t, table) in all.iter().enumerate().take(tables) {
        let run = table.run();
        let extra = Extra::new(&table.decode, run);
        let mapped: Vec<u16> = table.decode.iter().copied().filter(|&c| c != 0).collect();
        for dense in [false, true] {
            let mut text = std::string::String::new();
            while text.len() < 1600 {
                if !dense {
                    for _ in 0..rng.below(80) {
                        text.push(char::from(b' ' + rng.below(95) as u8));
                    }
                }
                for _ in 0..1 + rng.below(if dense { 40 } else { 4 }) {
                    let c = match rng.below(60) {
                        0 => 0x4E2D,
                        1 => 0x1F600,
                        2 => 0x20,
                        _ => u32::from(mapped[rng.below(mapped.len())]),
                    };
                    text.push(char::from_u32(c).unwrap_or('?'));
                }
            }
            let b = text.as_bytes();
            for isa in isas() {
                let what = std::format!("{isa:?} table {t} dense {dense}");
                for off in 0..4 {
                    for &len in &lens {
                        // Also starting or ending inside a character.
                        let end = (off + len).min(b.len());
                        same_encode_utf8(&what, isa, run, &extra, &b[off..end]);
                    }
                }
            }
        }
    }
}
