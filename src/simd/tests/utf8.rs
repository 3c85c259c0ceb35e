//! UTF-8 validation and UTF-8 -> UTF-16, on random inputs and on every short
//! sequence at every position.

use super::*;

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

/// UTF-8 to UTF-16 of texts longer than the stretches that the SSE2 kernel hands to
/// the scalar code (1,024 bytes): characters of every length across the stretch
/// ends at every offset, an invalid or truncated sequence near them, and output room
/// that runs out there.
#[test]
fn utf8_to_utf16_across_stretches() {
    if MIRI {
        return;
    }
    for isa in isas() {
        for fill in [
            "\u{436}",
            "\u{4E2D}",
            "\u{1F600}",
            "a\u{436}\u{4E2D}\u{1F600}",
        ] {
            for shift in 0..4 {
                let mut text = "a".repeat(shift).into_bytes();
                while text.len() < 2200 {
                    text.extend_from_slice(fill.as_bytes());
                }
                let check = |buf: &[u8], room: usize, what: &str| {
                    let mut a = std::vec![0u16; room];
                    let mut b = std::vec![0u16; room];
                    assert_eq!(
                        on_isa::utf8_to_utf16(isa, buf, &mut a),
                        scalar::utf8_to_utf16(buf, &mut b),
                        "{isa:?} {fill} {shift} {what}"
                    );
                    assert_eq!(a, b, "{isa:?} {fill} {shift} {what}");
                };
                check(&text, text.len(), "whole");
                for room in 1015..1035 {
                    check(&text, room, "room");
                }
                for end in 2040..2056 {
                    check(&text[..end], end, "truncated");
                }
                for pos in (1018..1030).chain(2044..2052) {
                    for bad in [0x80u8, 0xC0, 0xE0, 0xF5, 0xFF] {
                        let mut buf = text.clone();
                        buf[pos] = bad;
                        check(&buf, buf.len(), "invalid");
                    }
                }
            }
        }
    }
}
