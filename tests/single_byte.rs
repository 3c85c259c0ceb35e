//! Every single-byte encoding, exhaustively against its index in indexes/: all 256
//! bytes decode as the index says, and every scalar value encodes to the index's
//! byte or is unmappable.

use textcodec::{EncoderResult, Encoding};

/// (encoding name, index file)
const SINGLE_BYTE: [(&str, &str); 28] = [
    ("IBM866", "ibm866"),
    ("ISO-8859-2", "iso-8859-2"),
    ("ISO-8859-3", "iso-8859-3"),
    ("ISO-8859-4", "iso-8859-4"),
    ("ISO-8859-5", "iso-8859-5"),
    ("ISO-8859-6", "iso-8859-6"),
    ("ISO-8859-7", "iso-8859-7"),
    ("ISO-8859-8", "iso-8859-8"),
    ("ISO-8859-8-I", "iso-8859-8"),
    ("ISO-8859-10", "iso-8859-10"),
    ("ISO-8859-13", "iso-8859-13"),
    ("ISO-8859-14", "iso-8859-14"),
    ("ISO-8859-15", "iso-8859-15"),
    ("ISO-8859-16", "iso-8859-16"),
    ("KOI8-R", "koi8-r"),
    ("KOI8-U", "koi8-u"),
    ("macintosh", "macintosh"),
    ("windows-874", "windows-874"),
    ("windows-1250", "windows-1250"),
    ("windows-1251", "windows-1251"),
    ("windows-1252", "windows-1252"),
    ("windows-1253", "windows-1253"),
    ("windows-1254", "windows-1254"),
    ("windows-1255", "windows-1255"),
    ("windows-1256", "windows-1256"),
    ("windows-1257", "windows-1257"),
    ("windows-1258", "windows-1258"),
    ("x-mac-cyrillic", "x-mac-cyrillic"),
];

/// The index as pointer -> code point, read from indexes/ (not the generated tables).
fn index(name: &str) -> [Option<char>; 128] {
    let path = format!("{}/indexes/index-{name}.txt", env!("CARGO_MANIFEST_DIR"));
    let mut map = [None; 128];
    for line in std::fs::read_to_string(path).unwrap().lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let mut f = line.split('\t');
        let pointer: usize = f.next().unwrap().trim().parse().unwrap();
        let cp =
            u32::from_str_radix(f.next().unwrap().trim().trim_start_matches("0x"), 16).unwrap();
        map[pointer] = Some(char::from_u32(cp).unwrap());
    }
    map
}

#[test]
fn decode_every_byte() {
    for (name, idx) in SINGLE_BYTE {
        let enc = Encoding::for_label(name.as_bytes()).unwrap();
        assert!(enc.is_single_byte() && enc.is_ascii_compatible());
        let map = index(idx);
        for b in 0..=255u8 {
            let expected = if b < 0x80 {
                Some(b as char)
            } else {
                map[usize::from(b - 0x80)]
            };
            let input = [b];
            let (text, had_errors) = enc.decode_without_bom_handling(&input);
            match expected {
                Some(c) => assert_eq!(
                    (&*text, had_errors),
                    (&*c.to_string(), false),
                    "{name} {b:#x}"
                ),
                None => assert_eq!((&*text, had_errors), ("\u{FFFD}", true), "{name} {b:#x}"),
            }
            let mut d = enc.new_decoder_without_bom_handling();
            let mut out = [0u16; 4];
            let (res, read, written) = d.decode_to_utf16_without_replacement(&[b], &mut out, true);
            match expected {
                Some(c) => assert_eq!(
                    (res, read, &out[..written]),
                    (textcodec::DecoderResult::InputEmpty, 1, &[c as u16][..])
                ),
                None => assert_eq!(
                    (res, read, written),
                    (textcodec::DecoderResult::Malformed(1, 0), 1, 0)
                ),
            }
        }
    }
}

#[test]
fn encode_every_scalar_value() {
    for (name, idx) in SINGLE_BYTE {
        let enc = Encoding::for_label(name.as_bytes()).unwrap();
        let map = index(idx);
        let mut expected = std::collections::HashMap::new();
        for (p, c) in map.iter().enumerate() {
            if let Some(c) = c {
                expected.insert(*c, 0x80 + p as u8);
            }
        }
        let mut e = enc.new_encoder();
        let mut out = [0u8; 8];
        let mut buf = [0u8; 4];
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let s = c.encode_utf8(&mut buf);
            let (res, read, written) = e.encode_from_utf8_without_replacement(s, &mut out, false);
            assert_eq!(read, s.len());
            if (c as u32) < 0x80 {
                assert_eq!(
                    (res, &out[..written]),
                    (EncoderResult::InputEmpty, &[c as u8][..]),
                    "{name} {c:?}"
                );
            } else if let Some(&b) = expected.get(&c) {
                assert_eq!(
                    (res, &out[..written]),
                    (EncoderResult::InputEmpty, &[b][..]),
                    "{name} {c:?}"
                );
            } else {
                assert_eq!(
                    (res, written),
                    (EncoderResult::Unmappable(c), 0),
                    "{name} {c:?}"
                );
            }
        }
    }
}

#[test]
fn x_user_defined_both_ways() {
    let enc = textcodec::X_USER_DEFINED;
    for b in 0..=255u8 {
        let c = if b < 0x80 {
            u32::from(b)
        } else {
            0xF780 + u32::from(b) - 0x80
        };
        let c = char::from_u32(c).unwrap();
        let input = [b];
        let (text, errors) = enc.decode_without_bom_handling(&input);
        assert_eq!((&*text, errors), (&*c.to_string(), false));
        let s = c.to_string();
        let (bytes, _, errors) = enc.encode(&s);
        assert_eq!((&*bytes, errors), (&[b][..], false));
    }
    let (bytes, _, errors) = enc.encode("\u{F77F}\u{F800}\u{80}");
    assert_eq!((&*bytes, errors), (&b"&#63359;&#63488;&#128;"[..], true));
}
