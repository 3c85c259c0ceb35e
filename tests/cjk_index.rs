//! Every pointer of every CJK index decodes to its code point, and every code point
//! encodes to the bytes the spec's pointer rules give, checked through the public
//! API against the index files themselves (`indexes/*.txt`, not the generated
//! tables). Plus the spec's special cases, one test each, quoting the spec.

mod cjk_ref;
use cjk_ref::*;

fn decode_exact(enc: Enc, bytes: &[u8]) -> Option<String> {
    enc.ours()
        .decode_without_bom_handling_and_without_replacement(bytes)
        .map(|s| s.into_owned())
}

fn decode_lossy(enc: Enc, bytes: &[u8]) -> String {
    enc.ours().decode_without_bom_handling(bytes).0.into_owned()
}

fn s(cps: &[u32]) -> String {
    cps.iter().map(|&c| char::from_u32(c).unwrap()).collect()
}

/// Encodes one string without replacement: the bytes, or the unmappable character.
fn encode_exact(enc: Enc, text: &str) -> Result<Vec<u8>, char> {
    let mut e = enc.ours().new_encoder();
    let mut buf = vec![0u8; 64];
    let (res, read, written) = e.encode_from_utf8_without_replacement(text, &mut buf, true);
    match res {
        textcodec::EncoderResult::InputEmpty => {
            assert_eq!(read, text.len());
            Ok(buf[..written].to_vec())
        }
        textcodec::EncoderResult::Unmappable(c) => Err(c),
        textcodec::EncoderResult::OutputFull => panic!("64 bytes are enough for one character"),
    }
}

#[test]
fn gb18030_two_byte_pointers() {
    let ix = read_index("gb18030");
    assert_eq!(ix.len(), 23940);
    for (p, c) in ix {
        let trail = p % 190;
        let bytes = [
            (p / 190 + 0x81) as u8,
            (trail + if trail < 0x3F { 0x40 } else { 0x41 }) as u8,
        ];
        for enc in [Enc::Gb18030, Enc::Gbk] {
            assert_eq!(
                decode_exact(enc, &bytes),
                Some(s(&[c])),
                "{} pointer {p}",
                enc.name()
            );
        }
    }
}

#[test]
fn gb18030_four_byte_pointers() {
    // Every BMP pointer, and the edges of the astral range and of the null ranges.
    let pointers = (0..=39421).chain([
        188_999, 189_000, 189_001, 1_237_574, 1_237_575, 1_237_576, 1_237_577, 1_587_599,
    ]);
    for pointer in pointers {
        let mut p = pointer;
        let b1 = p / 12600;
        p %= 12600;
        let b2 = p / 1260;
        p %= 1260;
        let bytes = [
            (b1 + 0x81) as u8,
            (b2 + 0x30) as u8,
            (p / 10 + 0x81) as u8,
            (p % 10 + 0x30) as u8,
        ];
        let expected = ranges_code_point(pointer).map(|c| s(&[c]));
        for enc in [Enc::Gb18030, Enc::Gbk] {
            assert_eq!(
                decode_exact(enc, &bytes),
                expected,
                "{} pointer {pointer}",
                enc.name()
            );
        }
    }
}

#[test]
fn big5_pointers() {
    let ix = read_index("big5");
    let specials = [
        (1133, [0xCA, 0x304]),
        (1135, [0xCA, 0x30C]),
        (1164, [0xEA, 0x304]),
        (1166, [0xEA, 0x30C]),
    ];
    let bytes_of = |p: u32| {
        let t = p % 157;
        [
            (p / 157 + 0x81) as u8,
            (t + if t < 0x3F { 0x40 } else { 0x62 }) as u8,
        ]
    };
    for &(p, c) in &ix {
        assert_eq!(
            decode_exact(Enc::Big5, &bytes_of(p)),
            Some(s(&[c])),
            "pointer {p}"
        );
    }
    for (p, cps) in specials {
        assert_eq!(
            decode_exact(Enc::Big5, &bytes_of(p)),
            Some(s(&cps)),
            "pointer {p}"
        );
    }
    // Every other lead/trail pair is an error.
    let mapped: std::collections::HashSet<u32> = ix
        .iter()
        .map(|e| e.0)
        .chain(specials.map(|e| e.0))
        .collect();
    for p in 0..126 * 157 {
        if !mapped.contains(&p) {
            assert_eq!(decode_exact(Enc::Big5, &bytes_of(p)), None, "pointer {p}");
        }
    }
}

#[test]
fn euc_kr_pointers() {
    let ix = read_index("euc-kr");
    let mapped: std::collections::HashMap<u32, u32> = ix.into_iter().collect();
    for p in 0..126 * 190 {
        let bytes = [(p / 190 + 0x81) as u8, (p % 190 + 0x41) as u8];
        let expected = mapped.get(&p).map(|&c| s(&[c]));
        assert_eq!(decode_exact(Enc::EucKr, &bytes), expected, "pointer {p}");
    }
}

#[test]
fn jis0208_pointers_in_three_encodings() {
    let ix = read_index("jis0208");
    let mapped: std::collections::HashMap<u32, u32> = ix.into_iter().collect();
    for p in 0..94 * 94 {
        let expected = mapped.get(&p).map(|&c| s(&[c]));
        let (lead, trail) = ((p / 94) as u8, (p % 94) as u8);
        assert_eq!(
            decode_exact(Enc::EucJp, &[lead + 0xA1, trail + 0xA1]),
            expected,
            "EUC-JP pointer {p}"
        );
        let iso = [
            0x1B,
            0x24,
            0x42,
            lead + 0x21,
            trail + 0x21,
            0x1B,
            0x28,
            0x42,
        ];
        assert_eq!(
            decode_exact(Enc::Iso2022Jp, &iso),
            expected,
            "ISO-2022-JP pointer {p}"
        );
    }
    for p in 0..60 * 188 {
        let (lead, trail) = (p / 188, p % 188);
        let bytes = [
            (lead + if lead < 0x1F { 0x81 } else { 0xC1 }) as u8,
            (trail + if trail < 0x3F { 0x40 } else { 0x41 }) as u8,
        ];
        let expected = if (8836..=10715).contains(&p) {
            Some(s(&[0xE000 - 8836 + p]))
        } else {
            mapped.get(&p).map(|&c| s(&[c]))
        };
        assert_eq!(
            decode_exact(Enc::ShiftJis, &bytes),
            expected,
            "Shift_JIS pointer {p}"
        );
    }
}

#[test]
fn jis0212_pointers() {
    let mapped: std::collections::HashMap<u32, u32> = read_index("jis0212").into_iter().collect();
    for p in 0..94 * 94 {
        let bytes = [0x8F, (p / 94 + 0xA1) as u8, (p % 94 + 0xA1) as u8];
        let expected = mapped.get(&p).map(|&c| s(&[c]));
        assert_eq!(decode_exact(Enc::EucJp, &bytes), expected, "pointer {p}");
    }
}

#[test]
fn every_code_point_encodes_as_the_spec_says() {
    for enc in ALL {
        if enc == Enc::Iso2022Jp {
            continue;
        }
        let mut buf = vec![0u8; 16];
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let mut text = [0u8; 4];
            let text = c.encode_utf8(&mut text);
            let mut e = enc.ours().new_encoder();
            let (res, _, written) = e.encode_from_utf8_without_replacement(text, &mut buf, true);
            let got = match res {
                textcodec::EncoderResult::InputEmpty => Some(buf[..written].to_vec()),
                textcodec::EncoderResult::Unmappable(u) => {
                    assert_eq!(u, c);
                    None
                }
                textcodec::EncoderResult::OutputFull => panic!(),
            };
            assert_eq!(
                got,
                encode_char(enc, u32::from(c)),
                "{} U+{:04X}",
                enc.name(),
                u32::from(c)
            );
        }
    }
}

/// Every mapped BMP code point, with one byte too few of room, is `OutputFull` with
/// nothing read or written, from UTF-8 and from UTF-16: the hot characters too,
/// which the encoders' inner loop then leaves to their full lookup.
#[test]
fn every_code_point_one_byte_short_is_output_full() {
    for enc in ALL {
        if enc == Enc::Iso2022Jp {
            continue;
        }
        let mut buf = [0u8; 16];
        for c in (0x80..=0xFFFFu32).filter_map(char::from_u32) {
            let Some(bytes) = encode_char(enc, u32::from(c)) else {
                continue;
            };
            let short = &mut buf[..bytes.len() - 1];
            let mut text = [0u8; 4];
            let text = c.encode_utf8(&mut text);
            let mut e = enc.ours().new_encoder();
            let got = e.encode_from_utf8_without_replacement(text, short, true);
            assert_eq!(
                got,
                (textcodec::EncoderResult::OutputFull, 0, 0),
                "{} U+{:04X}",
                enc.name(),
                u32::from(c)
            );
            let mut e = enc.ours().new_encoder();
            let unit = [u32::from(c) as u16];
            let got = e.encode_from_utf16_without_replacement(&unit, short, true);
            assert_eq!(
                got,
                (textcodec::EncoderResult::OutputFull, 0, 0),
                "{} U+{:04X} UTF-16",
                enc.name(),
                u32::from(c)
            );
        }
    }
}
#[test]
fn iso_2022_jp_every_code_point() {
    for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
        // Alone, and after characters that leave the encoder in each state.
        for prefix in ["", "\u{A5}", "\u{3042}"] {
            let text = format!("{prefix}{c}");
            let (ours, _, _) = Enc::Iso2022Jp.ours().encode(&text);
            assert_eq!(
                &*ours,
                &encode(Enc::Iso2022Jp, &text)[..],
                "U+{:04X} after {prefix:?}",
                u32::from(c)
            );
        }
    }
}

// ---------------------------------------------------------------------------
// The spec's special cases.

/// "index gb18030 … except for 0xA3 0xA0 which maps to U+3000 IDEOGRAPHIC SPACE"
/// and "If codePoint is U+E5E5, then return error with codePoint."
#[test]
fn gb18030_a3a0_and_e5e5() {
    assert_eq!(
        decode_exact(Enc::Gb18030, b"\xA3\xA0").as_deref(),
        Some("\u{3000}")
    );
    assert_eq!(encode_exact(Enc::Gb18030, "\u{3000}"), Ok(vec![0xA1, 0xA1]));
    assert_eq!(encode_exact(Enc::Gb18030, "\u{E5E5}"), Err('\u{E5E5}'));
    assert_eq!(encode_exact(Enc::Gbk, "\u{E5E5}"), Err('\u{E5E5}'));
    assert_eq!(&*Enc::Gb18030.ours().encode("\u{E5E5}").0, b"&#58853;");
}

/// "If is GBK is true and codePoint is U+20AC (€), then return byte 0x80." and
/// "If is GBK is true, then return error with codePoint." (no four-byte output).
#[test]
fn gbk_euro_and_no_four_bytes() {
    assert_eq!(encode_exact(Enc::Gbk, "€"), Ok(vec![0x80]));
    assert_eq!(encode_exact(Enc::Gb18030, "€"), Ok(vec![0xA2, 0xE3]));
    assert_eq!(decode_exact(Enc::Gbk, b"\x80").as_deref(), Some("€"));
    assert_eq!(encode_exact(Enc::Gbk, "\u{80}"), Err('\u{80}'));
    assert_eq!(
        encode_exact(Enc::Gb18030, "\u{80}"),
        Ok(vec![0x81, 0x30, 0x81, 0x30])
    );
    assert_eq!(encode_exact(Enc::Gbk, "😀"), Err('😀'));
    assert_eq!(
        encode_exact(Enc::Gb18030, "😀"),
        Ok(vec![0x94, 0x39, 0xFC, 0x36])
    );
}

/// The GB18030-2022 side table: "If there is a row in the table below whose first
/// column is codePoint, then return the two bytes on the same row".
#[test]
fn gb18030_2022_side_table() {
    for (c, bytes) in GB18030_SIDE_TABLE {
        let c = char::from_u32(c).unwrap();
        for enc in [Enc::Gb18030, Enc::Gbk] {
            assert_eq!(
                encode_exact(enc, &c.to_string()),
                Ok(bytes.to_vec()),
                "U+{:04X}",
                c as u32
            );
        }
        // The bytes decode to the standard code point, not back to Private Use.
        let back = decode_exact(Enc::Gb18030, &bytes).unwrap();
        assert_ne!(back, c.to_string());
        assert_eq!(encode_exact(Enc::Gb18030, &back), Ok(bytes.to_vec()));
    }
}

/// "If pointer is 7457, then return code point U+E7C7." and its converse; "If
/// pointer is greater than 39419 and less than 189000, or pointer is greater than
/// 1237575, then return null."
#[test]
fn gb18030_ranges_special_cases() {
    assert_eq!(
        decode_exact(Enc::Gb18030, b"\x81\x35\xF4\x37").as_deref(),
        Some("\u{E7C7}")
    );
    assert_eq!(
        encode_exact(Enc::Gb18030, "\u{E7C7}"),
        Ok(vec![0x81, 0x35, 0xF4, 0x37])
    );
    // 39419 is U+FFFF; 39420 is null.
    assert_eq!(
        decode_exact(Enc::Gb18030, b"\x84\x31\xA4\x39").as_deref(),
        Some("\u{FFFF}")
    );
    assert_eq!(decode_exact(Enc::Gb18030, b"\x84\x31\xA5\x30"), None);
    assert_eq!(decode_lossy(Enc::Gb18030, b"\x84\x31\xA5\x30"), "\u{FFFD}");
    // 189000 is U+10000, 1237575 is U+10FFFF, 1237576 is null.
    assert_eq!(
        decode_exact(Enc::Gb18030, b"\x90\x30\x81\x30").as_deref(),
        Some("\u{10000}")
    );
    assert_eq!(
        decode_exact(Enc::Gb18030, b"\xE3\x32\x9A\x35").as_deref(),
        Some("\u{10FFFF}")
    );
    assert_eq!(decode_lossy(Enc::Gb18030, b"\xE3\x32\x9A\x36"), "\u{FFFD}");
    assert_eq!(decode_lossy(Enc::Gb18030, b"\xFE\x39\xFE\x39"), "\u{FFFD}");
}

/// gb18030's restoring: after an invalid third byte "Restore « gb18030 second, byte
/// »", after an invalid fourth byte "Restore « gb18030 second, gb18030 third, byte
/// »"; an ASCII second byte is restored too. The one place where an ASCII byte is
/// lost: the end of the queue after a first and a second (digit) byte, where the
/// spec returns one error for the sequence.
#[test]
fn gb18030_restoring() {
    assert_eq!(decode_lossy(Enc::Gb18030, b"\x81\x30\x20"), "\u{FFFD}0 ");
    assert_eq!(
        decode_lossy(Enc::Gb18030, b"\x81\x30\x81\x20"),
        "\u{FFFD}0\u{FFFD} "
    );
    assert_eq!(
        decode_lossy(Enc::Gb18030, b"\x81\x30\x81\x81"),
        "\u{FFFD}0\u{4E96}"
    );
    assert_eq!(decode_lossy(Enc::Gb18030, b"\x81\x20"), "\u{FFFD} ");
    assert_eq!(decode_lossy(Enc::Gb18030, b"\x81\xFF"), "\u{FFFD}");
    assert_eq!(decode_lossy(Enc::Gb18030, b"\x81\x7F"), "\u{FFFD}\u{7F}");
    // End of queue: first and second set, "return error" once; the digit is gone.
    assert_eq!(decode_lossy(Enc::Gb18030, b"\x81\x30"), "\u{FFFD}");
    assert_eq!(decode_lossy(Enc::Gb18030, b"\x81\x30\x81"), "\u{FFFD}");
    assert_eq!(decode_lossy(Enc::Gb18030, b"\x81"), "\u{FFFD}");
    assert_eq!(decode_lossy(Enc::Gbk, b"\x81\x30"), "\u{FFFD}");
}

/// Big5: the four pointers with two code points; "If byte is an ASCII byte, restore
/// byte to ioQueue."
#[test]
fn big5_pairs_and_restoring() {
    assert_eq!(
        decode_exact(Enc::Big5, b"\x88\x62\x88\x64\x88\xA3\x88\xA5").as_deref(),
        Some("\u{CA}\u{304}\u{CA}\u{30C}\u{EA}\u{304}\u{EA}\u{30C}")
    );
    assert_eq!(decode_lossy(Enc::Big5, b"\x81\x40A"), "\u{FFFD}@A");
    assert_eq!(decode_lossy(Enc::Big5, b"\xA1\x7F"), "\u{FFFD}\u{7F}");
    assert_eq!(decode_lossy(Enc::Big5, b"\xA1\x80A"), "\u{FFFD}A");
    assert_eq!(decode_lossy(Enc::Big5, b"\x80\xFF"), "\u{FFFD}\u{FFFD}");
}

/// "Let index be index Big5 excluding all entries whose pointer is less than
/// (0xA1 − 0x81) × 157." and "If codePoint is U+2550, U+255E, U+2561, U+256A, U+5341, or
/// U+5345, then return the last pointer".
#[test]
fn big5_pointer_rule() {
    assert_eq!(encode_exact(Enc::Big5, "\u{2550}"), Ok(vec![0xF9, 0xF9]));
    assert_eq!(encode_exact(Enc::Big5, "\u{255E}"), Ok(vec![0xF9, 0xE9]));
    assert_eq!(encode_exact(Enc::Big5, "\u{2561}"), Ok(vec![0xF9, 0xEB]));
    assert_eq!(encode_exact(Enc::Big5, "\u{256A}"), Ok(vec![0xF9, 0xEA]));
    assert_eq!(encode_exact(Enc::Big5, "\u{5341}"), Ok(vec![0xA4, 0x51]));
    assert_eq!(encode_exact(Enc::Big5, "\u{5345}"), Ok(vec![0xA4, 0xCA]));
    // Decodable below the cut (HKSCS, lead 0x87..0xA0), not encodable from there.
    let below = decode_exact(Enc::Big5, b"\x87\x40").unwrap();
    assert_eq!(
        encode_exact(Enc::Big5, &below).ok(),
        encode_char(Enc::Big5, below.chars().next().unwrap() as u32)
    );
    assert_eq!(
        decode_exact(Enc::Big5, b"\x88\x40").as_deref(),
        Some("\u{31C0}")
    );
    assert_eq!(encode_exact(Enc::Big5, "\u{31C0}"), Err('\u{31C0}'));
}

/// EUC-JP: jis0212 after 0x8F on decode only; halfwidth katakana after 0x8E; the
/// encoder's U+00A5 → 0x5C, U+203E → 0x7E, U+2212 as U+FF0D.
#[test]
fn euc_jp_cases() {
    assert_eq!(
        decode_exact(Enc::EucJp, b"\x8F\xB0\xA1").as_deref(),
        Some("\u{4E02}")
    );
    assert_eq!(encode_exact(Enc::EucJp, "\u{4E02}"), Err('\u{4E02}'));
    assert_eq!(
        decode_exact(Enc::EucJp, b"\x8E\xA1\x8E\xDF").as_deref(),
        Some("\u{FF61}\u{FF9F}")
    );
    assert_eq!(decode_lossy(Enc::EucJp, b"\x8E\xE0"), "\u{FFFD}");
    assert_eq!(decode_lossy(Enc::EucJp, b"\x8E\x41"), "\u{FFFD}A");
    assert_eq!(decode_lossy(Enc::EucJp, b"\x8F\xA1\x41"), "\u{FFFD}A");
    assert_eq!(decode_lossy(Enc::EucJp, b"\x8F\x41"), "\u{FFFD}A");
    assert_eq!(decode_lossy(Enc::EucJp, b"\x8F\xA1\xA1"), "\u{FFFD}");
    assert_eq!(encode_exact(Enc::EucJp, "\u{FF61}"), Ok(vec![0x8E, 0xA1]));
    assert_eq!(
        encode_exact(Enc::EucJp, "\u{A5}\u{203E}"),
        Ok(vec![0x5C, 0x7E])
    );
    assert_eq!(
        encode_exact(Enc::EucJp, "\u{2212}"),
        encode_exact(Enc::EucJp, "\u{FF0D}")
    );
    assert_eq!(encode_exact(Enc::EucJp, "\u{2212}"), Ok(vec![0xA1, 0xDD]));
}

/// Shift_JIS: "Let index be index jis0208 excluding all entries whose pointer is in
/// the range 8272 to 8835"; EUDC "0xE000 − 8836 + pointer"; single bytes 0x80 and
/// 0xA1..0xDF.
#[test]
fn shift_jis_cases() {
    // U+7E8A is at pointers 8272 (NEC selected IBM extension) and 10744 (IBM).
    assert_eq!(
        encode_exact(Enc::ShiftJis, "\u{7E8A}"),
        Ok(vec![0xFA, 0x5C])
    );
    assert_eq!(encode_exact(Enc::EucJp, "\u{7E8A}"), Ok(vec![0xF9, 0xA1]));
    // U+2170 (small roman numeral one): 8634 excluded, so 10716.
    assert_eq!(
        encode_exact(Enc::ShiftJis, "\u{2170}"),
        Ok(vec![0xFA, 0x40])
    );
    assert_eq!(
        decode_exact(Enc::ShiftJis, b"\xF0\x40\xF9\xFC").as_deref(),
        Some("\u{E000}\u{E757}")
    );
    assert_eq!(encode_exact(Enc::ShiftJis, "\u{E000}"), Err('\u{E000}'));
    assert_eq!(
        decode_exact(Enc::ShiftJis, b"\x80\xA1\xDF").as_deref(),
        Some("\u{80}\u{FF61}\u{FF9F}")
    );
    assert_eq!(
        encode_exact(Enc::ShiftJis, "\u{80}\u{FF61}\u{A5}\u{203E}"),
        Ok(vec![0x80, 0xA1, 0x5C, 0x7E])
    );
    assert_eq!(
        decode_lossy(Enc::ShiftJis, b"\xA0\xFD\xFE\xFF"),
        "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"
    );
    assert_eq!(decode_lossy(Enc::ShiftJis, b"\x81\x20"), "\u{FFFD} ");
}

/// EUC-KR: leads 0x81..0xFE with trails 0x41..0xFE, the whole Unified Hangul Code.
#[test]
fn euc_kr_extended_range() {
    assert_eq!(
        decode_exact(Enc::EucKr, b"\x81\x41").as_deref(),
        Some("\u{AC02}")
    );
    assert_eq!(
        decode_exact(Enc::EucKr, b"\xC6\x52").as_deref(),
        Some("\u{D7A3}")
    );
    assert_eq!(decode_lossy(Enc::EucKr, b"\xC6\x53"), "\u{FFFD}S");
    assert_eq!(
        decode_exact(Enc::EucKr, b"\xB0\xA1").as_deref(),
        Some("\u{AC00}")
    );
    assert_eq!(
        encode_exact(Enc::EucKr, "\u{AC02}\u{D7A3}\u{AC00}"),
        Ok(b"\x81\x41\xC6\x52\xB0\xA1".to_vec())
    );
    assert_eq!(decode_lossy(Enc::EucKr, b"\x81\x5B"), "\u{FFFD}[");
}

/// ISO-2022-JP: the decoder's states and output flag; "Encoding U+00A5 (¥) gives
/// 0x1B 0x28 0x4A 0x5C 0x1B 0x28 0x42. Doing that twice, concatenating the results,
/// and then decoding yields U+00A5 U+FFFD U+00A5."
#[test]
fn iso_2022_jp_cases() {
    let once = Enc::Iso2022Jp.ours().encode("\u{A5}").0.into_owned();
    assert_eq!(once, b"\x1B\x28\x4A\x5C\x1B\x28\x42");
    let twice = [once.clone(), once].concat();
    assert_eq!(decode_lossy(Enc::Iso2022Jp, &twice), "\u{A5}\u{FFFD}\u{A5}");
    // Katakana state, Roman state, lead and trail.
    assert_eq!(
        decode_exact(
            Enc::Iso2022Jp,
            b"\x1B(I\x21\x5F\x1B(J\x5C\x7E\x1B$@\x30\x21\x1B(B"
        )
        .as_deref(),
        Some("\u{FF61}\u{FF9F}\u{A5}\u{203E}\u{4E9C}")
    );
    // Escape start with a bad byte restores it; a bad escape restores both bytes.
    assert_eq!(decode_lossy(Enc::Iso2022Jp, b"\x1BA"), "\u{FFFD}A");
    assert_eq!(decode_lossy(Enc::Iso2022Jp, b"\x1B(A"), "\u{FFFD}(A");
    // ... in the leading byte state the restored bytes are a jis0208 pair.
    assert_eq!(
        decode_lossy(Enc::Iso2022Jp, b"\x1B$B\x1B$A"),
        "\u{FFFD}\u{3061}"
    );
    // "Return continue, if output is false, and error otherwise": two escape
    // sequences in a row.
    assert_eq!(decode_lossy(Enc::Iso2022Jp, b"\x1B$B\x1B(BA"), "\u{FFFD}A");
    assert_eq!(decode_lossy(Enc::Iso2022Jp, b"\x1B$BA\x1B(BA"), "\u{FFFD}A");
    // The trailing byte state swallows a bad byte; an escape there is an error.
    assert_eq!(
        decode_lossy(Enc::Iso2022Jp, b"\x1B$B\x30\x0A\x1B(B"),
        "\u{FFFD}"
    );
    assert_eq!(
        decode_lossy(Enc::Iso2022Jp, b"\x1B$B\x30\x1B(BA"),
        "\u{FFFD}A"
    );
    // SO, SI and bytes above 0x7F are errors in ASCII; ESC, SO and SI are never encoded.
    assert_eq!(
        decode_lossy(Enc::Iso2022Jp, b"\x0E\x0F\x80"),
        "\u{FFFD}\u{FFFD}\u{FFFD}"
    );
    assert_eq!(
        &*Enc::Iso2022Jp.ours().encode("\u{1B}\u{E}").0,
        b"&#65533;&#65533;"
    );
    // Halfwidth katakana become fullwidth; an unmappable character in jis0208
    // returns to ASCII first (the spec restores it and errs in ASCII).
    assert_eq!(
        &*Enc::Iso2022Jp.ours().encode("\u{FF76}").0,
        b"\x1B$B\x25\x2B\x1B(B"
    );
    assert_eq!(
        &*Enc::Iso2022Jp.ours().encode("\u{3042}\u{E000}").0,
        b"\x1B$B\x24\x22\x1B(B&#57344;"
    );
    // In Roman, an unmappable character is an error without leaving Roman.
    assert_eq!(
        &*Enc::Iso2022Jp.ours().encode("\u{A5}\u{E000}a").0,
        b"\x1B(J\x5C&#57344;a\x1B(B"
    );
}

/// The encoder's pending state: not ASCII until a final call writes ESC ( B.
#[test]
fn iso_2022_jp_has_pending_state() {
    let mut e = Enc::Iso2022Jp.ours().new_encoder();
    let mut buf = [0u8; 32];
    assert!(!e.has_pending_state());
    let (_, _, w) = e.encode_from_utf8_without_replacement("\u{3042}", &mut buf, false);
    assert_eq!(&buf[..w], b"\x1B$B\x24\x22");
    assert!(e.has_pending_state());
    let (_, _, w) = e.encode_from_utf8_without_replacement("", &mut buf, true);
    assert_eq!(&buf[..w], b"\x1B(B");
    assert!(!e.has_pending_state());
    for enc in ALL {
        let mut e = enc.ours().new_encoder();
        let _ = e.encode_from_utf8_without_replacement("\u{A5}", &mut buf, false);
        assert_eq!(e.has_pending_state(), enc == Enc::Iso2022Jp);
    }
}
