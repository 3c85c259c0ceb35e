//! textcodec against the spec's own algorithms (tests/cjk_ref, written from the
//! Encoding Standard's text): random and structured byte sequences decode, and
//! random text encodes, exactly as the spec says.

mod cjk_ref;
mod common;
use cjk_ref::*;
use rand::Rng;

/// Random bytes drawn from the values that matter to `enc`.
fn bytes_for(enc: Enc, rng: &mut rand::rngs::SmallRng, len: usize) -> Vec<u8> {
    let special: &[u8] = match enc {
        Enc::Gb18030 | Enc::Gbk => &[0x80, 0x81, 0xFE, 0xFF, 0x30, 0x39, 0x7F, 0x40, 0xA1, 0xA0],
        Enc::Big5 => &[
            0x80, 0x81, 0x87, 0x88, 0x62, 0x64, 0xA3, 0xA5, 0xA1, 0xFE, 0x7F, 0xFF,
        ],
        Enc::EucJp => &[0x8E, 0x8F, 0xA1, 0xDF, 0xE0, 0xFE, 0xFF, 0xA0, 0x80],
        Enc::Iso2022Jp => &[
            0x1B, 0x24, 0x28, 0x40, 0x42, 0x4A, 0x49, 0x0E, 0x0F, 0x21, 0x5C, 0x7E, 0x5F, 0x60,
        ],
        Enc::ShiftJis => &[
            0x80, 0x81, 0x9F, 0xA0, 0xA1, 0xDF, 0xE0, 0xEF, 0xF0, 0xF9, 0xFA, 0xFC, 0xFD, 0x7F,
        ],
        Enc::EucKr => &[
            0x81, 0xA0, 0xA1, 0xC6, 0xC7, 0xFE, 0x41, 0x5A, 0x5B, 0x61, 0x7B, 0x81, 0xFF,
        ],
    };
    (0..len)
        .map(|_| match rng.gen_range(0..4) {
            0 => special[rng.gen_range(0..special.len())],
            1 => rng.gen_range(0x20..0x80),
            _ => rng.gen(),
        })
        .collect()
}

#[test]
fn random_bytes_decode_as_the_spec_says() {
    let mut rng = common::rng(11);
    for enc in ALL {
        for round in 0..3000 {
            let len = rng.gen_range(0..40);
            let bytes = bytes_for(enc, &mut rng, len);
            let (ours, _) = enc.ours().decode_without_bom_handling(&bytes);
            assert_eq!(
                ours,
                decode(enc, &bytes),
                "{} round {round} {:02X?}",
                enc.name(),
                bytes
            );
        }
    }
}

/// Every sequence of up to three bytes from a set that covers each byte class of
/// each decoder, followed by an ASCII byte and alone (end of queue).
#[test]
fn short_sequences_decode_as_the_spec_says() {
    for enc in ALL {
        let classes: Vec<u8> = match enc {
            Enc::Iso2022Jp => vec![
                0x00, 0x0E, 0x0F, 0x1B, 0x21, 0x24, 0x28, 0x30, 0x40, 0x42, 0x49, 0x4A, 0x5C, 0x5F,
                0x60, 0x7E, 0x7F, 0x80, 0xFF,
            ],
            _ => vec![
                0x00, 0x30, 0x39, 0x3F, 0x40, 0x41, 0x5B, 0x61, 0x7E, 0x7F, 0x80, 0x81, 0x87, 0x8E,
                0x8F, 0x9F, 0xA0, 0xA1, 0xA4, 0xC6, 0xC9, 0xDF, 0xE0, 0xF0, 0xF9, 0xFA, 0xFC, 0xFD,
                0xFE, 0xFF,
            ],
        };
        let prefixes: &[&[u8]] = match enc {
            Enc::Iso2022Jp => &[b"", b"\x1B$B", b"\x1B(J", b"\x1B(I", b"\x1B$B\x30"],
            _ => &[b""],
        };
        for prefix in prefixes {
            for &a in &classes {
                for &b in &classes {
                    for &c in &classes {
                        for seq in [vec![a], vec![a, b], vec![a, b, c], vec![a, b, c, b'A']] {
                            let bytes = [prefix.to_vec(), seq].concat();
                            let (ours, _) = enc.ours().decode_without_bom_handling(&bytes);
                            assert_eq!(ours, decode(enc, &bytes), "{} {:02X?}", enc.name(), bytes);
                        }
                    }
                }
            }
        }
    }
}

/// gb18030's four-byte sequences with every kind of bad third and fourth byte.
#[test]
fn gb18030_four_byte_errors_as_the_spec_says() {
    for first in [0x81, 0x84, 0x90, 0xE3, 0xFE] {
        for second in [0x30, 0x31, 0x39] {
            for third in 0..=255u8 {
                for fourth in [
                    0x00, 0x30, 0x39, 0x3A, 0x41, 0x7F, 0x80, 0x81, 0xA1, 0xFE, 0xFF,
                ] {
                    for tail in [&b""[..], b"A", b"\x81", b"\x30"] {
                        let bytes = [&[first, second, third, fourth][..], tail].concat();
                        for enc in [Enc::Gb18030, Enc::Gbk] {
                            let (ours, _) = enc.ours().decode_without_bom_handling(&bytes);
                            assert_eq!(ours, decode(enc, &bytes), "{:02X?}", bytes);
                        }
                    }
                }
            }
        }
    }
}

/// Characters each encoder maps, some it does not, and the specials.
fn random_text(enc: Enc, rng: &mut rand::rngs::SmallRng, len: usize) -> String {
    let ix = indexes();
    let mapped: Vec<u32> = match enc {
        Enc::Gb18030 | Enc::Gbk => ix.gb18030_first.keys().copied().collect(),
        Enc::Big5 => ix.big5_pointer.keys().copied().collect(),
        Enc::EucKr => ix.euc_kr_first.keys().copied().collect(),
        _ => ix.jis0208_first.keys().copied().collect(),
    };
    let specials = [
        0x0E, 0x0F, 0x1B, 0x5C, 0x7E, 0x80, 0xA5, 0x203E, 0x2212, 0x20AC, 0xE5E5, 0xE7C7, 0xE78D,
        0xE864, 0xFE10, 0x9FB4, 0x2550, 0x5341, 0x5345, 0xFF61, 0xFF76, 0xFF9F, 0xFFFD, 0x10000,
        0x10FFFF, 0x20021, 0xE000,
    ];
    (0..len)
        .map(|_| {
            let c = match rng.gen_range(0..6) {
                0 => rng.gen_range(0x20..0x80),
                1 => specials[rng.gen_range(0..specials.len())],
                2 => rng.gen_range(0x80..0x10000),
                3 => rng.gen_range(0x10000..0x30000),
                _ => mapped[rng.gen_range(0..mapped.len())],
            };
            char::from_u32(c).unwrap_or('\u{FFFD}')
        })
        .collect()
}

#[test]
fn random_text_encodes_as_the_spec_says() {
    let mut rng = common::rng(12);
    for enc in ALL {
        for round in 0..3000 {
            let len = rng.gen_range(0..30);
            let text = random_text(enc, &mut rng, len);
            let (ours, _, _) = enc.ours().encode(&text);
            assert_eq!(
                &*ours,
                &encode(enc, &text)[..],
                "{} round {round} {:?}",
                enc.name(),
                text
            );
            // And back: what the encoder writes decodes to the text, unmappables as NCRs
            // (except ISO-2022-JP, whose concatenations may not, see its note).
            if enc != Enc::Iso2022Jp {
                let back = decode(enc, &ours);
                assert_eq!(enc.ours().decode_without_bom_handling(&ours).0, back);
            }
        }
    }
}
