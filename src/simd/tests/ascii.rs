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
