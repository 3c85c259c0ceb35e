//! The hooks for standards: each against the spec's algorithm (restated in the test)
//! and, where encoding_rs has the same algorithm, against encoding_rs.

mod common;

use common::{pairs, random_bytes, random_string, rng, ALL_NAMES};
use rand::Rng;
use textcodec::hooks::*;
use textcodec::{Encoding, ISO_2022_JP, REPLACEMENT, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252};

const BOMS: [&[u8]; 3] = [b"\xEF\xBB\xBF", b"\xFE\xFF", b"\xFF\xFE"];

#[test]
fn bom_sniff_every_prefix() {
    // The table, top row first: the first BOM the input starts with, or none.
    let cases: [(&[u8], Option<&'static Encoding>); 14] = [
        (b"", None),
        (b"\xEF", None),
        (b"\xEF\xBB", None),
        (b"\xEF\xBB\xBF", Some(UTF_8)),
        (b"\xEF\xBB\xBF\xFE\xFF", Some(UTF_8)),
        (b"\xEF\xBB\xBE", None),
        (b"\xBB\xBF", None),
        (b"\xFE", None),
        (b"\xFE\xFF", Some(UTF_16BE)),
        (b"\xFE\xFFa", Some(UTF_16BE)),
        (b"\xFF", None),
        (b"\xFF\xFE", Some(UTF_16LE)),
        (b"\xFF\xFE\x00\x00", Some(UTF_16LE)), // UTF-32LE's BOM is UTF-16LE's plus NULs
        (b"\x00\x00\xFE\xFF", None),
    ];
    for (bytes, expected) in cases {
        assert_eq!(bom_sniff(bytes), expected, "{bytes:02x?}");
        let theirs = encoding_rs::Encoding::for_bom(bytes).map(|(e, _)| e.name());
        assert_eq!(bom_sniff(bytes).map(|e| e.name()), theirs);
    }
}

#[test]
fn decode_lets_the_bom_win_over_every_fallback() {
    let mut r = rng(1340);
    let mut bodies: Vec<Vec<u8>> = vec![b"".to_vec(), b"hi".to_vec(), b"\x00h\x00i".to_vec()];
    for _ in 0..20 {
        let len = r.gen_range(0..24);
        bodies.push(random_bytes(&mut r, len));
    }
    for (ours, theirs) in pairs() {
        for body in &bodies {
            for bom in [&b""[..], BOMS[0], BOMS[1], BOMS[2], b"\xEF\xBB", b"\xFE"] {
                let mut input = bom.to_vec();
                input.extend(body);
                // The spec's steps: sniff, take the BOM's encoding and skip the BOM,
                // else the fallback; decode with replacement.
                let (encoding, rest) = match bom_sniff(&input) {
                    Some(e) if e == UTF_8 => (e, &input[3..]),
                    Some(e) => (e, &input[2..]),
                    None => (ours, &input[..]),
                };
                let expected = encoding_rs::Encoding::for_label(encoding.name().as_bytes())
                    .unwrap()
                    .decode_without_bom_handling(rest)
                    .0;
                assert_eq!(
                    decode(&input, ours),
                    expected,
                    "{} {input:02x?}",
                    ours.name()
                );
                assert_eq!(decode(&input, ours), theirs.decode(&input).0);
            }
        }
    }
    // The replacement encoding as fallback: one U+FFFD for any input, none for none,
    // unless a BOM says otherwise.
    assert_eq!(decode(b"", REPLACEMENT), "");
    assert_eq!(decode(b"abc", REPLACEMENT), "\u{FFFD}");
    assert_eq!(decode(b"\xEF\xBB\xBFabc", REPLACEMENT), "abc");
    assert_eq!(decode(b"\xFF\xFEa\x00", REPLACEMENT), "a");
    // A lone BOM decodes to nothing; two leave one U+FEFF.
    assert_eq!(decode(b"\xFE\xFF", WINDOWS_1252), "");
    assert_eq!(decode(b"\xFE\xFF\xFE\xFF", WINDOWS_1252), "\u{FEFF}");
}

#[test]
fn utf8_decode_family() {
    let mut r = rng(1341);
    let mut inputs: Vec<Vec<u8>> = vec![
        b"".to_vec(),
        b"\xEF\xBB\xBF".to_vec(),
        b"\xEF\xBB\xBF\xEF\xBB\xBF".to_vec(),
        b"\xEF\xBB".to_vec(),
        b"\xFF\xFEa\x00".to_vec(),
        b"\xFE\xFF\x00a".to_vec(),
        "caf\u{e9}".as_bytes().to_vec(),
    ];
    for _ in 0..50 {
        let len = r.gen_range(0..24);
        let mut v = if r.gen_bool(0.3) {
            BOMS[0].to_vec()
        } else {
            Vec::new()
        };
        v.extend(random_bytes(&mut r, len));
        inputs.push(v);
        v = random_string(&mut r, len).into_bytes();
        inputs.push(v);
    }
    for input in &inputs {
        // UTF-8 decode: a UTF-8 BOM is skipped (only UTF-8's), errors are U+FFFD.
        let rest = input.strip_prefix(BOMS[0]).unwrap_or(input);
        assert_eq!(
            utf8_decode(input),
            String::from_utf8_lossy(rest),
            "{input:02x?}"
        );
        assert_eq!(
            utf8_decode(input),
            encoding_rs::UTF_8.decode_with_bom_removal(input).0
        );
        // Without BOM: a BOM is U+FEFF.
        assert_eq!(
            utf8_decode_without_bom(input),
            String::from_utf8_lossy(input)
        );
        // Or fail: failure on any error.
        assert_eq!(
            utf8_decode_without_bom_or_fail(input).as_deref(),
            std::str::from_utf8(input).ok()
        );
    }
    assert_eq!(utf8_decode(b"\xEF\xBB\xBF\xEF\xBB\xBF"), "\u{FEFF}");
    assert_eq!(utf8_decode(b"\xFF\xFEa\x00"), "\u{FFFD}\u{FFFD}a\u{0}");
    assert_eq!(utf8_decode_without_bom(b"\xEF\xBB\xBF"), "\u{FEFF}");
    assert_eq!(utf8_decode_without_bom_or_fail(b"\xEF\xBB"), None);
    assert_eq!(utf8_decode_without_bom_or_fail(b"").as_deref(), Some(""));
}

#[test]
fn encode_with_html_errors() {
    let mut r = rng(1342);
    let mut texts: Vec<String> = vec![
        String::new(),
        "abc".into(),
        "\u{e9}\u{20ac}\u{3042}\u{1F4A9}\u{FFFD}".into(),
        "\u{3042}\u{2603}b".into(),
    ];
    for _ in 0..40 {
        let len = r.gen_range(0..20);
        texts.push(random_string(&mut r, len));
    }
    for (ours, theirs) in pairs() {
        for text in &texts {
            let (expected, used, _) = theirs.encode(text);
            assert_eq!(encode(text, ours), expected, "{} {text:?}", ours.name());
            assert_eq!(used.name(), get_an_output_encoding(ours).name());
        }
    }
    assert_eq!(&*encode("\u{2603}", WINDOWS_1252), b"&#9731;");
    assert_eq!(&*encode("\u{1F4A9}", WINDOWS_1252), b"&#128169;");
    // ISO-2022-JP returns to ASCII before the reference.
    assert_eq!(
        &*encode("\u{3042}\u{2603}", ISO_2022_JP),
        b"\x1B$B$\"\x1B(B&#9731;"
    );
    // No encoder for these: UTF-8, their output encoding.
    for e in [UTF_16LE, UTF_16BE, REPLACEMENT] {
        assert_eq!(&*encode("\u{e9}", e), "\u{e9}".as_bytes());
    }
    assert_eq!(utf8_encode("\u{e9}\u{1F4A9}"), "\u{e9}\u{1F4A9}".as_bytes());
}

#[test]
fn encodings_and_output_encodings() {
    for name in ALL_NAMES {
        let e = get_an_encoding(name).unwrap();
        assert_eq!(e.name(), name);
        assert_eq!(get_an_encoding(name.to_ascii_lowercase()), Some(e));
        assert_eq!(get_an_encoding(format!("\t{name}\x0C").as_bytes()), Some(e));
        let out = get_an_output_encoding(e);
        if ["UTF-16BE", "UTF-16LE", "replacement"].contains(&name) {
            assert_eq!(out, UTF_8);
            assert!(get_an_encoder(e).is_none());
        } else {
            assert_eq!(out, e);
            assert_eq!(get_an_encoder(e).unwrap().encoding(), e);
        }
        assert_eq!(out, e.output_encoding());
    }
    assert_eq!(get_an_encoding("\u{0B}utf-8"), None);
    assert_eq!(get_an_encoding(""), None);
    assert_eq!(get_an_encoding("iso-2022-kr"), Some(REPLACEMENT));
}

/// "Encode or fail" until done, writing `&#N;` for each failure as a caller might.
fn encode_all_or_fail(e: &'static Encoding, text: &str) -> (Vec<u8>, Vec<char>) {
    let mut encoder = get_an_encoder(e).unwrap();
    let (mut out, mut failures, mut rest) = (Vec::new(), Vec::new(), text);
    while let Some((c, read)) = encode_or_fail(&mut encoder, rest, &mut out) {
        failures.push(c);
        out.extend(format!("&#{};", u32::from(c)).bytes());
        rest = &rest[read..];
    }
    (out, failures)
}

#[test]
fn encode_or_fail_reports_each_unmappable() {
    let (out, failures) = encode_all_or_fail(WINDOWS_1252, "a\u{20ac}\u{2603}b\u{1F4A9}");
    assert_eq!(out, b"a\x80&#9731;b&#128169;");
    assert_eq!(failures, ['\u{2603}', '\u{1F4A9}']);
    // ISO-2022-JP is back in ASCII when the error comes, and at the end.
    let (out, failures) = encode_all_or_fail(ISO_2022_JP, "\u{3042}\u{2603}\u{3044}");
    assert_eq!(out, b"\x1B$B$\"\x1B(B&#9731;\x1B$B$$\x1B(B");
    assert_eq!(failures, ['\u{2603}']);
    // The "html" mode of `encode` is the same as writing references on failure.
    let mut r = rng(1343);
    for (ours, _) in pairs() {
        if get_an_encoder(ours).is_none() {
            continue;
        }
        for _ in 0..10 {
            let len = r.gen_range(0..16);
            let text = random_string(&mut r, len);
            let (out, failures) = encode_all_or_fail(ours, &text);
            assert_eq!(out, &*encode(&text, ours), "{} {text:?}", ours.name());
            assert_eq!(!failures.is_empty(), ours.encode(&text).2);
        }
    }
}
