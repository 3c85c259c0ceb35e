//! `TextDecoder`, against a step-by-step model of the spec's `TextDecoder`
//! (tests/text_common) and against the facts web-platform-tests' encoding suite
//! checks, restated here: every output method, every fatal / ignoreBOM / stream
//! combination, every BOM case, input split at every index.

mod common;
mod text_common;

use common::{random_bytes, random_string, rng};
use rand::rngs::SmallRng;
use rand::Rng;
use text_common::*;
use textcodec::text::{DecodeError, DecodeStatus, TextDecoder, TextDecoderOptions};

const OPTIONS: [TextDecoderOptions; 4] = [
    TextDecoderOptions {
        fatal: false,
        ignore_bom: false,
    },
    TextDecoderOptions {
        fatal: true,
        ignore_bom: false,
    },
    TextDecoderOptions {
        fatal: false,
        ignore_bom: true,
    },
    TextDecoderOptions {
        fatal: true,
        ignore_bom: true,
    },
];

/// `text` in the encoding called `name` (UTF-16 by hand; the rest by encoding_rs,
/// unmappables as numeric character references).
fn encode(name: &str, text: &str) -> Vec<u8> {
    match name {
        "UTF-16LE" => text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        "UTF-16BE" => text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        _ => {
            let e = encoding_rs::Encoding::for_label(name.as_bytes()).unwrap();
            e.encode(text).0.into_owned()
        }
    }
}

/// Inputs for one encoding: text with and without BOMs (its own and the others),
/// with malformed bytes spliced in, cut short, and random bytes.
fn inputs(name: &str, r: &mut SmallRng, count: usize) -> Vec<Vec<u8>> {
    let boms: [&[u8]; 4] = [b"", b"\xEF\xBB\xBF", b"\xFF\xFE", b"\xFE\xFF"];
    let mut v = Vec::new();
    for _ in 0..count {
        let len = r.gen_range(0..12);
        let text = random_string(r, len);
        let mut bytes = boms[r.gen_range(0..4)].to_vec();
        if r.gen_bool(0.3) {
            bytes.extend(encode(name, "\u{FEFF}"));
        }
        bytes.extend(encode(name, &text));
        match r.gen_range(0..5) {
            0 if !bytes.is_empty() => {
                let at = r.gen_range(0..=bytes.len());
                let junk_len = r.gen_range(1..4);
                let junk = random_bytes(r, junk_len);
                bytes.splice(at..at, junk);
            }
            1 if !bytes.is_empty() => {
                let at = r.gen_range(0..bytes.len());
                bytes.truncate(at);
            }
            2 => {
                let len = r.gen_range(0..16);
                bytes = random_bytes(r, len);
            }
            _ => {}
        }
        v.push(bytes);
    }
    v
}

/// Splits `input` into calls with random `stream` flags; the stream sometimes ends in
/// the middle (a call with `stream` false) and the last call sometimes streams too.
fn calls<'a>(input: &'a [u8], r: &mut SmallRng) -> Vec<(&'a [u8], bool)> {
    let mut cuts: Vec<usize> = (0..r.gen_range(0..4))
        .map(|_| r.gen_range(0..=input.len()))
        .collect();
    cuts.push(0);
    cuts.push(input.len());
    cuts.sort_unstable();
    let mut v: Vec<(&[u8], bool)> = cuts
        .windows(2)
        .map(|w| (&input[w[0]..w[1]], r.gen_bool(0.8)))
        .collect();
    match r.gen_range(0..3) {
        0 => v.push((b"", false)),
        1 => v.last_mut().unwrap().1 = false,
        _ => {}
    }
    v
}

fn check_sequence(name: &str, options: TextDecoderOptions, seq: &[(&[u8], bool)]) {
    let mut model = ModelDecoder::new(name, options);
    let expected: Vec<Result<String, ()>> = seq.iter().map(|(c, s)| model.decode(c, *s)).collect();
    for via in ALL_VIA {
        let mut d = Driver::new(name, options, via);
        for (i, (chunk, stream)) in seq.iter().enumerate() {
            let got = d.decode(chunk, *stream);
            assert_eq!(
                got, expected[i],
                "{name} {options:?} via {via:?}, call {i} of {:02x?}",
                seq
            );
        }
    }
}

#[test]
fn random_call_sequences_match_the_model() {
    let mut r = rng(1310);
    for name in decodable_names() {
        for options in OPTIONS {
            for input in inputs(&name, &mut r, 24) {
                let seq = calls(&input, &mut r);
                check_sequence(&name, options, &seq);
            }
        }
    }
}

/// Texts with characters of every length in each encoding, led by a BOM.
fn split_inputs(name: &str) -> Vec<Vec<u8>> {
    let texts = [
        "a\u{e9}\u{20ac}\u{1F4A9}z",
        "\u{FEFF}\u{3042}\u{4E00}\u{AC00}\u{441}",
        "\u{FEFF}\u{FEFF}x",
    ];
    let mut v = Vec::new();
    for t in texts {
        let bytes = encode(name, t);
        v.push(bytes.clone());
        let mut with_bom = encode(name, "\u{FEFF}");
        with_bom.extend(&bytes);
        v.push(with_bom);
    }
    v.push(b"\xEF\xBB\xBF\xF0\x9F\x92".to_vec());
    v.push(b"\xFF\xFE\x3D\xD8\x00".to_vec());
    v.push(b"\xFE\xFF\xD8\x3D\xDC".to_vec());
    v
}

#[test]
fn split_at_every_index_into_two_and_three_calls() {
    for name in decodable_names() {
        for options in OPTIONS {
            for input in split_inputs(&name) {
                check_sequence(&name, options, &[(&input, false)]);
                for i in 0..=input.len() {
                    check_sequence(&name, options, &[(&input[..i], true), (&input[i..], false)]);
                    check_sequence(
                        &name,
                        options,
                        &[(&input[..i], true), (&input[i..], true), (b"", false)],
                    );
                }
                if input.len() <= 12 {
                    for i in 0..=input.len() {
                        for j in i..=input.len() {
                            check_sequence(
                                &name,
                                options,
                                &[
                                    (&input[..i], true),
                                    (&input[i..j], true),
                                    (&input[j..], false),
                                ],
                            );
                        }
                    }
                }
                // One byte per call.
                let mut seq: Vec<(&[u8], bool)> = input.chunks(1).map(|c| (c, true)).collect();
                seq.push((b"", false));
                check_sequence(&name, options, &seq);
            }
        }
    }
}

#[test]
fn streamed_utf_text_is_the_text_at_every_chunk_size() {
    // The string goes through split into chunks of every size; the concatenated
    // output is the string.
    let text = "z\u{a2}\u{6c34}\u{1D11E}\u{F8FF}\u{10FFFD}\u{FFFE}";
    for name in ["UTF-8", "UTF-16LE", "UTF-16BE"] {
        let bytes = encode(name, text);
        for size in 1..=bytes.len() {
            for via in ALL_VIA {
                let mut d = Driver::new(name, TextDecoderOptions::default(), via);
                let mut out = String::new();
                for chunk in bytes.chunks(size) {
                    out += &d.decode(chunk, true).unwrap();
                }
                out += &d.decode(b"", false).unwrap();
                assert_eq!(out, text, "{name} chunks of {size} via {via:?}");
            }
        }
    }
}

fn decoder(label: &str, fatal: bool, ignore_bom: bool) -> TextDecoder {
    TextDecoder::with_options(label, TextDecoderOptions { fatal, ignore_bom }).unwrap()
}

#[test]
fn attributes() {
    let d = TextDecoder::new("utf-8").unwrap();
    assert_eq!(
        (d.encoding(), d.fatal(), d.ignore_bom()),
        ("utf-8", false, false)
    );
    let d = decoder(" Shift_JIS\r\n", true, true);
    assert_eq!(
        (d.encoding(), d.fatal(), d.ignore_bom()),
        ("shift_jis", true, true)
    );
    assert_eq!(d.as_encoding(), textcodec::SHIFT_JIS);
    // Labels that name UTF-16 without an order are UTF-16LE.
    assert_eq!(TextDecoder::new("utf-16").unwrap().encoding(), "utf-16le");
    assert_eq!(
        TextDecoder::new("unicodefffe").unwrap().encoding(),
        "utf-16be"
    );
    assert_eq!(
        TextDecoder::new("ascii").unwrap().encoding(),
        "windows-1252"
    );
    assert_eq!(
        TextDecoder::new("x-user-defined").unwrap().encoding(),
        "x-user-defined"
    );
    let d =
        TextDecoder::with_encoding(textcodec::ISO_8859_8_I, TextDecoderOptions::default()).unwrap();
    assert_eq!(d.encoding(), "iso-8859-8-i");
}

#[test]
fn every_label_of_the_table_and_its_case_and_whitespace_variants() {
    let table = label_table();
    assert_eq!(table.len(), 228);
    let ws = ["", "\t", "\n", "\x0C", "\r", " ", " \t\r\n\x0C "];
    for (label, name) in &table {
        let upper = label.to_ascii_uppercase();
        for (before, after) in ws.iter().zip(ws.iter().rev()) {
            for l in [label.as_str(), upper.as_str()] {
                let full = format!("{before}{l}{after}");
                match TextDecoder::new(&full) {
                    Ok(d) => {
                        assert_ne!(name, "replacement");
                        assert_eq!(d.encoding(), name.to_ascii_lowercase(), "{full:?}");
                        assert!(!d.fatal() && !d.ignore_bom());
                    }
                    Err(e) => {
                        assert_eq!(name, "replacement", "{full:?}");
                        assert!(e.is_replacement());
                        assert_eq!(e.label(), full);
                    }
                }
            }
        }
    }
}

#[test]
fn labels_that_are_errors() {
    // Each of the replacement encoding's labels is refused as such.
    for label in [
        "csiso2022kr",
        "hz-gb-2312",
        "iso-2022-cn",
        "iso-2022-cn-ext",
        "iso-2022-kr",
        "replacement",
        " REPLACEMENT ",
    ] {
        let e = TextDecoder::new(label).unwrap_err();
        assert!(e.is_replacement(), "{label}");
        assert_eq!(e.label(), label);
        assert!(e.to_string().contains(label) && e.to_string().contains("replacement"));
    }
    // Not labels at all: other whitespace around a good label, encodings the standard
    // left out, near misses, the empty string.
    let mut bad: Vec<String> = [
        "",
        " ",
        "utf-7",
        "utf-32",
        "utf-32le",
        "utf-32be",
        "ucs-4",
        "cesu-8",
        "bocu-1",
        "scsu",
        "x-mac-greek",
        "utf8\u{0}",
        "utf-8\0",
        "\u{0}utf-8",
        "utf\u{2010}8",
        "invalid",
        "windows-1252x",
        "latin 1",
        "iso_8859-1:1987x",
        "hz",
        "gb2312 a",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for ws in [
        "\u{0B}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{2028}", "\u{3000}", "\u{FEFF}",
    ] {
        bad.push(format!("{ws}utf-8"));
        bad.push(format!("utf-8{ws}"));
    }
    for label in &bad {
        let e = TextDecoder::new(label)
            .map(|d| d.encoding())
            .expect_err(label);
        assert!(!e.is_replacement(), "{label:?}");
        assert_eq!(e.label(), label);
        assert!(e.to_string().contains("not an encoding label"));
    }
    let e = TextDecoder::with_encoding(textcodec::REPLACEMENT, TextDecoderOptions::default())
        .unwrap_err();
    assert!(e.is_replacement());
}

#[test]
fn byte_order_marks() {
    let text = "z\u{a2}\u{6c34}\u{1D11E}\u{F8FF}\u{10FFFD}\u{FFFE}";
    for name in ["UTF-8", "UTF-16LE", "UTF-16BE"] {
        let body = encode(name, text);
        let own_bom = encode(name, "\u{FEFF}");
        for other in ["UTF-8", "UTF-16LE", "UTF-16BE"] {
            let mut input = encode(other, "\u{FEFF}");
            input.extend(&body);
            let got = decoder(name, false, false).decode(&input, false).unwrap();
            if other == name {
                // Its own BOM is dropped...
                assert_eq!(got, text, "{name}");
                // ...unless ignoreBOM, which keeps it as U+FEFF.
                let kept = decoder(name, false, true).decode(&input, false).unwrap();
                assert_eq!(kept, format!("\u{FEFF}{text}"));
            } else {
                // Another encoding's BOM is data, not a switch.
                assert_ne!(got, text, "{name} with the BOM of {other}");
                assert_eq!(
                    got,
                    decoder(name, false, true).decode(&input, false).unwrap()
                );
            }
        }
        // Only the first U+FEFF is a BOM.
        let mut twice = own_bom.clone();
        twice.extend(&own_bom);
        assert_eq!(
            decoder(name, false, false).decode(&twice, false).unwrap(),
            "\u{FEFF}"
        );
        // A BOM alone gives nothing; a U+FEFF after other text stays.
        assert_eq!(
            decoder(name, true, false).decode(&own_bom, false).unwrap(),
            ""
        );
        let mut later = encode(name, "a");
        later.extend(&own_bom);
        assert_eq!(
            decoder(name, false, false).decode(&later, false).unwrap(),
            "a\u{FEFF}"
        );
        // A BOM split over stream calls is still dropped, once per stream.
        for i in 0..=own_bom.len() {
            let mut d = decoder(name, false, false);
            let mut out = d.decode(&own_bom[..i], true).unwrap().into_owned();
            out += &d.decode(&own_bom[i..], true).unwrap();
            out += &d.decode(&twice, false).unwrap();
            assert_eq!(out, "\u{FEFF}\u{FEFF}", "{name} split at {i}");
        }
        // A call that ends the stream resets BOM seen: every whole decode drops it.
        let mut d = decoder(name, false, false);
        let mut input = own_bom.clone();
        input.extend(&body);
        for _ in 0..3 {
            assert_eq!(d.decode(&input, false).unwrap(), text);
        }
        // While streaming, it is seen once: the next stream call keeps a U+FEFF.
        assert_eq!(d.decode(&input, true).unwrap(), text);
        assert_eq!(d.decode(&input, true).unwrap(), format!("\u{FEFF}{text}"));
        assert_eq!(d.decode(b"", false).unwrap(), "");
        assert_eq!(d.decode(&input, true).unwrap(), text);
    }
    // Other encodings have no BOM: U+FEFF decoded by them stays.
    for label in ["gb18030", "x-user-defined", "windows-1252"] {
        let bytes = encode(label, "\u{FEFF}a");
        let got = decoder(label, false, false).decode(&bytes, false).unwrap();
        assert_eq!(
            got,
            encoding_rs::Encoding::for_label(label.as_bytes())
                .unwrap()
                .decode_without_bom_handling(&bytes)
                .0
        );
    }
    assert_eq!(
        decoder("gb18030", false, false)
            .decode(b"\x84\x31\x95\x33a", false)
            .unwrap(),
        "\u{FEFF}a"
    );
}

#[test]
fn utf8_sequences_that_are_fatal() {
    // Each is malformed UTF-8: with fatal it is an error, without it U+FFFD(s).
    let bad: [&[u8]; 23] = [
        b"\xFF",
        b"\xC0",
        b"\xE0",
        b"\xC0\x00",
        b"\xC0\xC0",
        b"\xE0\x00",
        b"\xE0\xC0",
        b"\xE0\x80\x00",
        b"\xE0\x80\xC0",
        b"\xFC\x80\x80\x80\x80\x80",
        b"\xFC\x80\x80\x80\x80\x80\x80",
        b"\xC0\x80",
        b"\xE0\x80\x80",
        b"\xF0\x80\x80\x80",
        b"\xF8\x80\x80\x80\x80",
        b"\xC1\xBF",
        b"\xE0\x9F\xBF",
        b"\xF0\x8F\xBF\xBF",
        b"\xED\xA0\x80",
        b"\xED\xBF\xBF",
        b"\xED\xA0\xBD\xED\xB2\xA9",
        b"\xF4\x90\x80\x80",
        b"\xF0\x9F\x92",
    ];
    for bytes in bad {
        for via in ALL_VIA {
            let mut d = Driver::new(
                "utf-8",
                TextDecoderOptions {
                    fatal: true,
                    ignore_bom: false,
                },
                via,
            );
            assert_eq!(d.decode(bytes, false), Err(()), "{bytes:02x?} via {via:?}");
            let mut d = Driver::new("utf-8", TextDecoderOptions::default(), via);
            let got = d.decode(bytes, false).unwrap();
            assert!(!got.is_empty() && got.chars().all(|c| c == '\u{FFFD}' || c < '\u{80}'));
            assert_eq!(got, String::from_utf8_lossy(bytes), "{bytes:02x?}");
        }
    }
    let e = decoder("utf-8", true, false)
        .decode(b"\xFF", false)
        .unwrap_err();
    assert_eq!(e, DecodeError::Malformed(textcodec::UTF_8));
    assert!(e.to_string().contains("UTF-8"));
}

#[test]
fn utf16_sequences_that_are_fatal() {
    // (little-endian bytes, text without fatal)
    let cases: [(&[u8], &str); 8] = [
        (b"\x00", "\u{FFFD}"),
        (b"\x00\xD8", "\u{FFFD}"),
        (b"\x00\xD8\x00", "\u{FFFD}"),
        (b"\x00\xD8\x00\x00", "\u{FFFD}\u{0}"),
        (b"\x00\xDC\x00\x00", "\u{FFFD}\u{0}"),
        (b"\x00\xDC\x00\xD8", "\u{FFFD}\u{FFFD}"),
        (b"\x00\xD8\x00\xD8\x00\xDC", "\u{FFFD}\u{10000}"),
        (b"a\x00\x00\xDC\x00\xD8b\x00", "a\u{FFFD}\u{FFFD}b"),
    ];
    for (le, text) in cases {
        let be: Vec<u8> = le.chunks(2).flat_map(|c| c.iter().rev().copied()).collect();
        for (label, bytes) in [("utf-16le", le.to_vec()), ("utf-16be", be)] {
            for via in ALL_VIA {
                let mut d = Driver::new(
                    label,
                    TextDecoderOptions {
                        fatal: true,
                        ignore_bom: false,
                    },
                    via,
                );
                assert_eq!(d.decode(&bytes, false), Err(()), "{label} {bytes:02x?}");
                let mut d = Driver::new(label, TextDecoderOptions::default(), via);
                assert_eq!(
                    d.decode(&bytes, false).unwrap(),
                    text,
                    "{label} {bytes:02x?}"
                );
            }
        }
    }
}

#[test]
fn end_of_stream_with_a_sequence_cut_short() {
    for via in ALL_VIA {
        let mut d = Driver::new("utf-8", TextDecoderOptions::default(), via);
        assert_eq!(d.decode(b"\xF0", false).unwrap(), "\u{FFFD}");
        assert_eq!(d.decode(b"\xF0\x9F", false).unwrap(), "\u{FFFD}");
        assert_eq!(d.decode(b"\xF0\x9F\x92", false).unwrap(), "\u{FFFD}");
        // Streaming: nothing until the stream ends, then one U+FFFD.
        assert_eq!(d.decode(b"\xF0", true).unwrap(), "");
        assert_eq!(d.decode(b"\x9F", true).unwrap(), "");
        assert_eq!(d.decode(b"", false).unwrap(), "\u{FFFD}");
        // And the decoder starts afresh after that.
        assert_eq!(d.decode(b"\xF0\x9F\x92\xA9", false).unwrap(), "\u{1F4A9}");
        assert_eq!(d.decode(b"\xF0\x9F", true).unwrap(), "");
        assert_eq!(d.decode(b"\x92\xA9", false).unwrap(), "\u{1F4A9}");
        // A non-stream call without input ends the stream.
        assert_eq!(d.decode(b"", false).unwrap(), "");
        assert_eq!(d.decode(b"\xC3", true).unwrap(), "");
        assert_eq!(d.decode(b"\xA9", true).unwrap(), "\u{e9}");
    }
}

#[test]
fn fatal_and_streaming_together() {
    // Restated from the suite's streaming fatal case: UTF-16LE, odd and even inputs.
    for via in ALL_VIA {
        let fatal = TextDecoderOptions {
            fatal: true,
            ignore_bom: false,
        };
        let mut d = Driver::new("utf-16le", fatal, via);
        let (odd, even): (&[u8], &[u8]) = (b"\x00", b"\x00\x00");
        assert_eq!(d.decode(odd, true).unwrap(), "");
        assert_eq!(d.decode(odd, false).unwrap(), "\u{0}");
        assert_eq!(d.decode(even, true).unwrap(), "\u{0}");
        assert_eq!(d.decode(odd, false), Err(()));
        assert_eq!(d.decode(odd, true).unwrap(), "");
        assert_eq!(d.decode(even, false), Err(()));
        assert_eq!(d.decode(even, true).unwrap(), "\u{0}");
        assert_eq!(d.decode(even, false).unwrap(), "\u{0}");
    }
}

#[test]
fn what_a_fatal_error_leaves_behind() {
    // The reading implemented, step by step from `decode()`: the error is thrown from
    // inside the loop, after step 2 set "do not flush" to the call's `stream` and
    // before "serialize I/O queue" ran. So:
    // (1) the call's output is gone, and BOM seen is as it was before the call;
    // (2) with `stream` false, the next call starts afresh (step 1 resets);
    // (3) with `stream` true, the decoder keeps its state after the error, and the
    //     bytes the error left in the I/O queue (those after it, and any it restored)
    //     are decoded by the next call, ahead of that call's input.
    let fatal = TextDecoderOptions {
        fatal: true,
        ignore_bom: false,
    };
    for via in ALL_VIA {
        // (3): "a" is lost with the error; "b" waits in the queue.
        let mut d = Driver::new("utf-8", fatal, via);
        assert_eq!(d.decode(b"a\xFFb", true), Err(()));
        assert_eq!(d.decode(b"c", false).unwrap(), "bc");
        // (3) with a restored byte: E2 then "A" is an error at "A", and "A" stays.
        let mut d = Driver::new("utf-8", fatal, via);
        assert_eq!(d.decode(b"\xE2A\xE2\x82", true), Err(()));
        assert_eq!(d.decode(b"\xAC", false).unwrap(), "A\u{20AC}");
        // (2): the rest is dropped when the call ended the stream.
        let mut d = Driver::new("utf-8", fatal, via);
        assert_eq!(d.decode(b"a\xFFb", false), Err(()));
        assert_eq!(d.decode(b"c", false).unwrap(), "c");
        // (1): "A" came out before the error but was never serialized, so BOM seen
        // is still false and the BOM that follows is dropped.
        let mut d = Driver::new("utf-8", fatal, via);
        assert_eq!(d.decode(b"A\xFF", true), Err(()));
        assert_eq!(d.decode(b"\xEF\xBB\xBFB", false).unwrap(), "B");
        // ...whereas a successful stream call that produced "A" sets it.
        let mut d = Driver::new("utf-8", fatal, via);
        assert_eq!(d.decode(b"A", true).unwrap(), "A");
        assert_eq!(d.decode(b"\xEF\xBB\xBFB", false).unwrap(), "\u{FEFF}B");
        // UTF-16: a high surrogate then a BOM: the BOM's bytes stay in the queue and,
        // nothing having been serialized, it is dropped as a BOM by the next call.
        let mut d = Driver::new("utf-16le", fatal, via);
        assert_eq!(d.decode(b"\x00\xD8\xFF\xFEa\x00", true), Err(()));
        assert_eq!(d.decode(b"b\x00", false).unwrap(), "ab");
        // Errors keep coming while the queue holds malformed bytes.
        let mut d = Driver::new("utf-8", fatal, via);
        assert_eq!(d.decode(b"\xFF\xFFz", true), Err(()));
        assert_eq!(d.decode(b"", true), Err(()));
        assert_eq!(d.decode(b"", true).unwrap(), "z");
    }
}

#[test]
fn caller_buffers_report_progress() {
    let mut d = TextDecoder::new("utf-8").unwrap();
    let mut out = [0u16; 4];
    // One character at a time fits in two units; the rest waits for the next call.
    let r = d.decode_to_utf16("\u{1F4A9}\u{1F4A9}ab".as_bytes(), &mut out[..2], false);
    assert_eq!(
        (r.status, r.read, r.written),
        (DecodeStatus::OutputFull, 4, 2)
    );
    let r = d.decode_to_utf16(
        &"\u{1F4A9}\u{1F4A9}ab".as_bytes()[4..],
        &mut out[..3],
        false,
    );
    assert_eq!(
        (r.status, r.read, r.written),
        (DecodeStatus::OutputFull, 5, 3)
    );
    let r = d.decode_to_utf16(b"b", &mut out, false);
    assert_eq!(
        (r.status, r.read, r.written),
        (DecodeStatus::InputEmpty, 1, 1)
    );
    // A BOM is dropped in the caller's buffer too, even when it fills it exactly.
    let mut d = TextDecoder::new("utf-16be").unwrap();
    let r = d.decode_to_utf16(b"\xFE\xFF\x00a", &mut out[..1], false);
    assert_eq!(
        (r.status, r.read, r.written),
        (DecodeStatus::InputEmpty, 4, 1)
    );
    assert_eq!(out[0], u16::from(b'a'));
    // The error status carries the TypeError; `read` points after what was consumed.
    let mut d = decoder("utf-8", true, false);
    let mut out8 = [0u8; 16];
    let r = d.decode_to_utf8(b"ab\xFFcd", &mut out8, true);
    assert_eq!(
        r.status,
        DecodeStatus::Error(DecodeError::Malformed(textcodec::UTF_8))
    );
    assert_eq!(r.read, 3);
    // Buffer sizes for one call: fresh, and after a streamed partial sequence.
    let d = TextDecoder::new("utf-8").unwrap();
    assert!(d.max_utf16_buffer_length(10).unwrap() >= 10);
    assert_eq!(d.max_utf16_buffer_length(usize::MAX), None);
}

#[test]
fn whole_valid_input_is_borrowed() {
    let mut d = TextDecoder::new("utf-8").unwrap();
    assert!(matches!(
        d.decode(b"abc \xC3\xA9", false).unwrap(),
        std::borrow::Cow::Borrowed(_)
    ));
    assert!(matches!(
        d.decode(b"\xEF\xBB\xBFabc", false).unwrap(),
        std::borrow::Cow::Borrowed("abc")
    ));
    let mut d = TextDecoder::new("windows-1252").unwrap();
    assert!(matches!(
        d.decode(b"plain", false).unwrap(),
        std::borrow::Cow::Borrowed("plain")
    ));
    assert_eq!(d.decode(b"caf\xE9", false).unwrap(), "caf\u{e9}");
}

#[test]
fn corpus_through_every_output_method() {
    for (file, bytes) in common::corpus() {
        let expected = encoding_rs::UTF_8.decode_with_bom_removal(&bytes).0;
        for via in ALL_VIA {
            if matches!(via, Via::Utf16Slice(2 | 3) | Via::Utf8Slice(4 | 5)) {
                continue; // tiny buffers: covered above on short inputs
            }
            let mut d = Driver::new("utf-8", TextDecoderOptions::default(), via);
            assert_eq!(
                d.decode(&bytes, false).unwrap(),
                expected,
                "{file} via {via:?}"
            );
            let mut out = String::new();
            for chunk in bytes.chunks(1000) {
                out += &d.decode(chunk, true).unwrap();
            }
            out += &d.decode(b"", false).unwrap();
            assert_eq!(out, expected, "{file} in chunks via {via:?}");
        }
    }
}

/// One whole (non-streaming) decode with a new decoder: the text, or `None` for the
/// `TypeError`.
fn once(label: &str, fatal: bool, bytes: &[u8]) -> Option<String> {
    decoder(label, fatal, false)
        .decode(bytes, false)
        .ok()
        .map(|t| t.into_owned())
}

/// Checks a replacement-mode result, and that fatal mode fails exactly when it has a
/// U+FFFD (none of these inputs holds a literal U+FFFD).
fn both_modes(label: &str, bytes: &[u8], text: &str) {
    assert_eq!(
        once(label, false, bytes).as_deref(),
        Some(text),
        "{label} {bytes:02x?}"
    );
    let fatal = once(label, true, bytes);
    if text.contains('\u{FFFD}') {
        assert_eq!(fatal, None, "{label} {bytes:02x?} fatal");
    } else {
        assert_eq!(fatal.as_deref(), Some(text), "{label} {bytes:02x?} fatal");
    }
}

#[test]
fn implementation_mistakes_the_suite_collects() {
    // Malformed UTF-8: one U+FFFD per maximal invalid subpart.
    both_modes("utf-8", b"\x00\xFE\xFF", "\0\u{FFFD}\u{FFFD}");
    both_modes("utf-8", b"\x80", "\u{FFFD}");
    both_modes("utf-8", b"\xF0\x90\x80", "\u{FFFD}");
    both_modes("utf-8", b"\xF0\x80\x80", "\u{FFFD}\u{FFFD}\u{FFFD}");
    // Unpaired surrogates in UTF-16, both orders; a cut-short unit adds one U+FFFD.
    let cases: [(&[u16], &str); 5] = [
        (&[0x61, 0x62, 0xD800, 0x77, 0x78], "ab\u{FFFD}wx"),
        (&[0xD800], "\u{FFFD}"),
        (&[0xD800, 0xD800], "\u{FFFD}\u{FFFD}"),
        (&[0x61, 0x62, 0xDFFF, 0x77, 0x78], "ab\u{FFFD}wx"),
        (&[0xDFFF, 0xD800], "\u{FFFD}\u{FFFD}"),
    ];
    for (units, text) in cases {
        let le: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
        let be: Vec<u8> = units.iter().flat_map(|u| u.to_be_bytes()).collect();
        both_modes("utf-16le", &le, text);
        both_modes("utf-16be", &be, text);
    }
    for (label, bytes) in [("utf-16le", [0u8, 0, 0]), ("utf-16be", [0, 0, 0])] {
        both_modes(label, &bytes, "\0\u{FFFD}");
    }
    both_modes("utf-16le", b"*\x00\x00", "*\u{FFFD}");
    both_modes("utf-16be", b"\x00*\x00", "*\u{FFFD}");
    both_modes("utf-16le", b"\x00\xD8\x00", "\u{FFFD}");
    both_modes("utf-16le", b"\x00\xD8\xD8", "\u{FFFD}");
    both_modes("utf-16be", b"\xD8\x00\x00", "\u{FFFD}");
    both_modes("utf-16be", b"\xD8\x00\xD8", "\u{FFFD}");
    // Control and ASCII bytes are themselves in every ASCII-compatible encoding.
    for label in [
        "windows-1252",
        "ibm866",
        "gbk",
        "gb18030",
        "big5",
        "euc-jp",
        "shift_jis",
        "euc-kr",
    ] {
        for b in [0x00u8, 0x1A, 0x1C, 0x42, 0x7F] {
            both_modes(label, &[b], &char::from(b).to_string());
        }
    }
    // 0x80 is the euro sign in these, at any position of a short input.
    for label in [
        "windows-874",
        "windows-1250",
        "windows-1252",
        "windows-1253",
        "windows-1254",
        "windows-1255",
        "windows-1257",
        "windows-1258",
        "latin1",
        "ascii",
    ] {
        for len in 1..=33 {
            let mut bytes = vec![0u8; len];
            bytes[len - 1] = 0x80;
            assert!(
                once(label, true, &bytes).unwrap().ends_with('\u{20AC}'),
                "{label} {len}"
            );
        }
    }
    // windows-1252 (what latin1 and ascii mean) maps its five holes to C1 controls.
    for label in ["windows-1252", "latin1", "ascii"] {
        assert_eq!(decoder(label, true, false).encoding(), "windows-1252");
        for b in [0x81u8, 0x8D, 0x8F, 0x90, 0x9D] {
            both_modes(label, &[b], &char::from(b).to_string());
        }
    }
    // x-user-defined: high bytes to U+F780..U+F7FF.
    for b in 0..=255u8 {
        let c = if b < 0x80 {
            u32::from(b)
        } else {
            0xF780 + u32::from(b) - 0x80
        };
        both_modes(
            "x-user-defined",
            &[b],
            &char::from_u32(c).unwrap().to_string(),
        );
    }
    // ISO-8859-8-I decodes as ISO-8859-8.
    for b in 0..=255u8 {
        assert_eq!(
            once("iso-8859-8-i", false, &[b]),
            once("iso-8859-8", false, &[b])
        );
    }
    // Two ISO-2022-JP outputs in a row are not one valid output: the second escape
    // sequence comes with nothing decoded since the first.
    for (unit, text) in [
        (&b"\x1B(J\x5C\x1B(B"[..], "\u{A5}"),
        (&b"\x1B$B\x30\x30\x1B(B"[..], "\u{65ED}"),
    ] {
        both_modes("iso-2022-jp", unit, text);
        both_modes(
            "iso-2022-jp",
            &[unit, unit].concat(),
            &format!("{text}\u{FFFD}{text}"),
        );
    }
    // gb18030 and GBK: the pointer ranges' ends.
    for label in ["gb18030", "gbk"] {
        both_modes(label, b"\x84\x31\xA4\x36", "\u{FFFC}");
        both_modes(label, b"\x84\x31\xA4\x39", "\u{FFFF}");
        both_modes(label, b"\x90\x30\x81\x30", "\u{10000}");
        both_modes(label, b"\xE3\x32\x9A\x35", "\u{10FFFF}");
        for bad in [
            &b"\x84\x31\xA5\x30"[..],
            b"\x8F\x39\xFE\x39",
            b"\xE3\x32\x9A\x36",
            b"\xFE\x39\xFE\x39",
        ] {
            both_modes(label, bad, "\u{FFFD}");
        }
        both_modes(label, b"\xFF\x39\xFE\x39", "\u{FFFD}9\u{FFFD}");
        both_modes(label, b"\xFE\x40\xFE\x39", "\u{FA0C}\u{FFFD}");
        both_modes(label, b"\xFE\x39\xFF\x39", "\u{FFFD}9\u{FFFD}9");
        both_modes(label, b"\x81\x35\xF4\x37", "\u{E7C7}");
        both_modes(label, b"\xA6\xD9", "\u{FE10}");
        both_modes(label, b"\xFE\x59", "\u{9FB4}");
    }
    // After a bad lead, an ASCII byte is given back and decoded as itself.
    let pushed_back: [(&str, &[u8], &str); 17] = [
        ("big5", b"\x80", "\u{FFFD}"),
        ("big5", b"\x81\x40", "\u{FFFD}@"),
        ("big5", b"\x83\x5C", "\u{FFFD}\\"),
        ("big5", b"\x87\x87\x40", "\u{FFFD}@"),
        ("big5", b"\x81\x81", "\u{FFFD}"),
        ("iso-2022-jp", b"\x1B$", "\u{FFFD}$"),
        ("iso-2022-jp", b"\x1B$@\x1B$", "\u{FFFD}\u{FFFD}"),
        ("gb18030", b"\xA0\x30\x2B", "\u{FFFD}0+"),
        ("gbk", b"\x81\x31", "\u{FFFD}"),
        ("euc-jp", b"\x80", "\u{FFFD}"),
        ("euc-jp", b"\x8D\x8D", "\u{FFFD}\u{FFFD}"),
        ("euc-jp", b"\x8E\x8E", "\u{FFFD}"),
        ("euc-kr", b"\x80", "\u{FFFD}"),
        ("euc-kr", b"\xAD\xAD", "\u{FFFD}"),
        ("euc-kr", b"A\xC7A", "A\u{FFFD}A"),
        ("shift_jis", b"\x85\x85", "\u{FFFD}"),
        ("iso-2022-jp", b"\x1B(I", ""),
    ];
    for (label, bytes, text) in pushed_back {
        both_modes(label, bytes, text);
    }
    // No state survives a whole (non-streaming) call, failed or not.
    let sticky: [(&str, &[u8]); 12] = [
        ("iso-2022-jp", b"\x1B"),
        ("iso-2022-jp", b"\x1B("),
        ("iso-2022-jp", b"\x1B(I"),
        ("gb18030", b"\xFE"),
        ("gb18030", b"\xFE\x39\xFE"),
        ("gbk", b"\xFE\x39\xFF"),
        ("gb18030", b"\x81\x3A\x81"),
        ("big5", b"\x87\x3A\x87"),
        ("shift_jis", b"\x81\x3A\x81"),
        ("euc-kr", b"\x81\x3A\x81"),
        ("euc-jp", b"\x8F\xA1"),
        ("euc-jp", b"\xA1"),
    ];
    for (label, bytes) in sticky {
        for fatal in [false, true] {
            for via in ALL_VIA {
                let mut d = Driver::new(
                    label,
                    TextDecoderOptions {
                        fatal,
                        ignore_bom: false,
                    },
                    via,
                );
                assert_eq!(d.decode(b"@", false).unwrap(), "@");
                let _ = d.decode(bytes, false);
                for (b, t) in [(b"@", "@"), (b"*", "*"), (b"B", "B")] {
                    assert_eq!(d.decode(b, false).unwrap(), t, "{label} after {bytes:02x?}");
                }
            }
        }
    }
    // Labels: a non-ASCII letter that lowercases to an ASCII one is no match.
    for label in ["\u{212A}oi8-r", "\u{212A}oi8-u", "euc-\u{212A}r"] {
        assert!(TextDecoder::new(label).is_err());
    }
    assert_eq!(TextDecoder::new("UTF-8").unwrap().encoding(), "utf-8");
}

/// Calls on one decoder: (input, stream, expected text or `None` for the TypeError).
fn script(label: &str, fatal: bool, calls: &[(&[u8], bool, Option<&str>)]) {
    for via in ALL_VIA {
        let mut d = Driver::new(
            label,
            TextDecoderOptions {
                fatal,
                ignore_bom: false,
            },
            via,
        );
        for (i, (input, stream, want)) in calls.iter().enumerate() {
            let got = d.decode(input, *stream).ok();
            assert_eq!(
                got.as_deref(),
                *want,
                "{label} fatal={fatal} via {via:?} call {i}"
            );
        }
    }
}

#[test]
fn byte_order_marks_across_calls() {
    let (s, end) = (true, false);
    // A fatal error does not make a BOM sticky: each whole call starts afresh.
    for (label, bom, at) in [
        ("utf-8", &b"\xEF\xBB\xBF"[..], &b"@"[..]),
        ("utf-16le", b"\xFF\xFE", b"@\x00"),
        ("utf-16be", b"\xFE\xFF", b"\x00@"),
    ] {
        script(
            label,
            true,
            &[
                (b"\xFF", end, None),
                (bom, end, Some("")),
                (b"\xFF", end, None),
                (&[bom, at].concat(), end, Some("@")),
                (b"\xFF", end, None),
                (&[bom, bom].concat(), end, Some("\u{FEFF}")),
            ],
        );
    }
    // UTF-8: a BOM split over calls is dropped once per stream.
    script(
        "utf-8",
        false,
        &[
            (b"\x01\x02", s, Some("\x01\x02")),
            (b"\x03", end, Some("\x03")),
            (b"\xEF\xBB", s, Some("")),
            (b"\xBF", s, Some("")),
            (b"\xEF\xBB", s, Some("")),
            (b"\xBF", s, Some("\u{FEFF}")),
            (b"B", end, Some("B")),
            (b"\xEF", s, Some("")),
            (b"\xBB", s, Some("")),
            (b"\xBF", s, Some("")),
            (b"\xEF", s, Some("")),
            (b"\xBB", s, Some("")),
            (b"\xBF", s, Some("\u{FEFF}")),
            (b"\xEF\xBB\xBF", s, Some("\u{FEFF}")),
            (b"A", end, Some("A")),
            (b"", s, Some("")),
            (b"\xEF\xBB", s, Some("")),
            (b"\xBF\x43", end, Some("C")),
            (b"\xEF", s, Some("")),
            (b"\xBB\xBF*+", end, Some("*+")),
            (b"\0\0", s, Some("\0\0")),
            (b"\0", end, Some("\0")),
            (b"\xEF\xBB", s, Some("")),
            (b"\xBF", end, Some("")),
        ],
    );
    for (label, bom, three) in [
        ("utf-16le", &b"\xFF\xFE"[..], &b"\x03\x00"[..]),
        ("utf-16be", b"\xFE\xFF", b"\x00\x03"),
    ] {
        script(
            label,
            false,
            &[
                (bom, s, Some("")),
                (three, end, Some("\x03")),
                (&bom[..1], s, Some("")),
                (&[&bom[1..], three].concat(), end, Some("\x03")),
                (bom, s, Some("")),
                (&[bom, three].concat(), end, Some("\u{FEFF}\x03")),
                (&bom[..1], s, Some("")),
                (&[&bom[1..], bom, three].concat(), end, Some("\u{FEFF}\x03")),
            ],
        );
    }
}

#[test]
fn streams_of_every_encoding_with_empty_calls_between() {
    let vectors: [(&str, &[u8], &str); 10] = [
        ("utf-8", b"\xF0\xC3\x80**", "\u{FFFD}\u{C0}**"),
        ("gbk", b"\x81\x82", "\u{4E97}"),
        ("gbk", b"\xA0\x30\x2B", "\u{FFFD}0+"),
        ("gb18030", b"\x81\x82", "\u{4E97}"),
        ("gb18030", b"\xA0\x30\x2B", "\u{FFFD}0+"),
        ("big5", b"\xFE\x40", "\u{9442}"),
        ("shift_jis", b"\x81\x87", "\u{221E}"),
        ("euc-kr", b"\x81\x41", "\u{AC02}"),
        ("euc-jp", b"\xB0\xB0", "\u{65ED}"),
        ("iso-2022-jp", b"*\x1B", "*\u{FFFD}"),
    ];
    for (label, bytes, text) in vectors {
        assert_eq!(once(label, false, bytes).as_deref(), Some(text));
        for via in ALL_VIA {
            for (cuts, empty_between) in [(1, false), (1, true), (2.min(bytes.len()), false)] {
                let mut d = Driver::new(label, TextDecoderOptions::default(), via);
                let mut out = d.decode(&bytes[..cuts], true).unwrap();
                if empty_between {
                    out += &d.decode(b"", true).unwrap();
                }
                out += &d.decode(&bytes[cuts..], true).unwrap();
                out += &d.decode(b"", false).unwrap();
                assert_eq!(out, text, "{label} cut at {cuts} via {via:?}");
            }
        }
    }
    // One streaming call gives U+FFFD as soon as a sequence is known to be bad.
    for (bytes, text) in [
        (&b"\xC0"[..], "\u{FFFD}"),
        (b"\xFF", "\u{FFFD}"),
        (b"\xED\xBF", "\u{FFFD}\u{FFFD}"),
    ] {
        script("utf-8", false, &[(bytes, true, Some(text))]);
    }
}

#[test]
fn fatal_errors_in_stream_calls() {
    let (s, end) = (true, false);
    // The decoder's state after an error survives into the next call when the call
    // streamed: ISO-2022-JP stays in the state an escape sequence chose.
    script(
        "iso-2022-jp",
        true,
        &[
            (b"~", end, Some("~")),
            (b"\x1B(J\xFF", s, None),
            (b"~", end, Some("\u{203E}")),
        ],
    );
    script(
        "iso-2022-jp",
        true,
        &[
            (b"B", end, Some("B")),
            (b"\x1B(I\xFF", s, None),
            (b"B", end, Some("\u{FF82}")),
        ],
    );
    // Errors in stream calls, then the end with nothing held.
    script(
        "utf-8",
        true,
        &[(b"\xC0", s, None), (b"\xFF", s, None), (b"", end, Some(""))],
    );
    for label in ["utf-16le", "utf-16be"] {
        script(
            label,
            true,
            &[(b"\0", s, Some("")), (b"", end, None), (b"", end, Some(""))],
        );
    }
    // Replacement mode: FD is an error, EF a sequence left open by the stream's end.
    script(
        "utf-8",
        false,
        &[
            (b"\xFD\xEF", s, Some("\u{FFFD}")),
            (b"", end, Some("\u{FFFD}")),
        ],
    );
    // Fatal mode, the one place where this reading of the spec and the encoding
    // suite's textdecoder-mistakes test part ways (see the README): the error is at
    // FD; EF stays in the I/O queue, the next call (which ends the stream) decodes it
    // and finds it cut short, so it fails too. The suite expects "" there, as if the
    // rest of the failed call's input were dropped.
    script(
        "utf-8",
        true,
        &[
            (b"\xFD\xEF", s, None),
            (b"", end, None),
            (b"", end, Some("")),
        ],
    );
}
