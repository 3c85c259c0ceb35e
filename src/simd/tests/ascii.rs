//! ASCII, Basic Latin and Latin-1: scans, copies, widening and narrowing; the
//! CJK encoders' unit search.

use super::*;

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
fn find_u16_matches_scalar() {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let hay: Vec<u16> = (0..100).map(|_| rng.below(8) as u16).collect();
    for off in 0..8 {
        for len in 0..=(hay.len() - off) {
            let h = &hay[off..off + len];
            for value in 0..9 {
                assert_eq!(
                    crate::simd::find_u16(h, value),
                    scalar::find_u16(h, value),
                    "off {off} len {len} value {value}"
                );
            }
        }
    }
}

/// UTF-8 validation with copy across long ASCII runs (copied 128 bytes a step after
/// a whole ASCII group): runs of every length around the group and step sizes, at
/// several offsets after non-ASCII text, ended by a character, an invalid byte, a
/// cut-off sequence or the end, through rooms around the run's end.
#[test]
fn utf8_copy_long_ascii_runs() {
    let enders: [&[u8]; 5] = [
        b"\xC3\xA9z",
        b"\xE2\x82\xACz",
        b"\xF0\x9F\x98\x80",
        b"\xFFz",
        b"\xE2\x82",
    ];
    let (lens, leads): (&[usize], &[usize]) = if MIRI {
        (&[256, 300, 385], &[0, 3])
    } else {
        (
            &[255, 256, 257, 300, 383, 384, 385, 511, 512, 513, 640, 700],
            &[0, 1, 2, 3, 63, 64, 65, 200],
        )
    };
    for isa in isas() {
        for &lead in leads {
            for &len in lens {
                for ender in enders {
                    // Non-ASCII before the run, so that it starts inside the groups.
                    let mut s: Vec<u8> = "éa".repeat(lead).into_bytes();
                    s.truncate(lead);
                    if s.last().is_some_and(|&b| b == 0xC3) {
                        s.push(0xA9);
                    }
                    let start = s.len();
                    s.extend(core::iter::repeat_n(b'x', len));
                    s.extend_from_slice(ender);
                    s.extend_from_slice("tail ü".as_bytes());
                    let want = scalar::utf8_valid_up_to(&s);
                    assert_eq!(
                        on_isa::utf8_valid_up_to(isa, &s),
                        want,
                        "{isa:?} {lead} {len}"
                    );
                    let end = start + len;
                    let rooms = [end - 1, end, end + 1, end + 2, end + 4, s.len()];
                    same_out_in(
                        &std::format!("{isa:?} {lead} {len} {ender:02x?}"),
                        &rooms,
                        0xAA,
                        |d| on_isa::utf8_copy(isa, &s, d),
                        |d| scalar::utf8_copy(&s, d),
                    );
                }
            }
        }
    }
}

/// The ASCII copies where a run ends inside a vector: every run length up to a few
/// vectors, before a non-ASCII byte, through rooms around its end (the last ASCII
/// bytes are stored as the vector that ends at them, over bytes already written;
/// nothing past the returned count may change).
#[test]
fn ascii_copies_every_run_end() {
    let max = if MIRI { 40 } else { 200 };
    for isa in isas() {
        for len in 0..max {
            let mut s: Vec<u8> = (0..len).map(|k: usize| b'!' + (k % 90) as u8).collect();
            s.push(0xC3);
            s.extend_from_slice(b"abc");
            let rooms = [len.saturating_sub(1), len, len + 1, s.len()];
            same_out_in(
                &std::format!("{isa:?} to ASCII, run {len}"),
                &rooms,
                0xAA,
                |d| on_isa::copy_ascii_to_ascii(isa, &s, d),
                |d| scalar::copy_ascii_to_ascii(&s, d),
            );
            same_out_in(
                &std::format!("{isa:?} to UTF-16, run {len}"),
                &rooms,
                0xAAAA,
                |d| on_isa::copy_ascii_to_basic_latin(isa, &s, d),
                |d| scalar::copy_ascii_to_basic_latin(&s, d),
            );
        }
    }
}

/// UTF-16 to ASCII where a run of Basic Latin ends inside a vector: every run length
/// before a unit from U+0080 (in the low byte's range and above it), through rooms
/// around its end.
#[test]
fn basic_latin_copy_every_run_end() {
    let max = if MIRI { 40 } else { 200 };
    for isa in isas() {
        for stop in [0x80u16, 0xFF, 0x141, 0x4E00, 0xD800] {
            for len in 0..max {
                let mut s: Vec<u16> = (0..len).map(|k: usize| 0x21 + (k % 90) as u16).collect();
                s.push(stop);
                s.extend_from_slice(&[0x61, 0x62]);
                same_out_in(
                    &std::format!("{isa:?} {stop:#x}, run {len}"),
                    &[len.saturating_sub(1), len, len + 1, s.len()],
                    0xAA,
                    |d| on_isa::copy_basic_latin_to_ascii(isa, &s, d),
                    |d| scalar::copy_basic_latin_to_ascii(&s, d),
                );
            }
        }
    }
}
