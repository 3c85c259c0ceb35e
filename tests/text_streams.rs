//! `TextDecoderStream`: each chunk's text against the model's "decode and enqueue a
//! chunk" / "flush and enqueue" (tests/text_common), through every output method, and
//! the encoding suite's decoder stream facts restated. (The encoder stream is in
//! text_encoder.rs.)

mod common;
mod text_common;

use common::{random_bytes, random_string, rng};
use rand::Rng;
use text_common::{decodable_names, ModelDecoder};
use textcodec::text::{DecodeError, DecodeStatus, TextDecoderOptions, TextDecoderStream};

#[derive(Clone, Copy, Debug)]
enum Via {
    String,
    Utf16Vec,
    Utf16Slice(usize),
    Utf8Slice(usize),
}

const ALL_VIA: [Via; 6] = [
    Via::String,
    Via::Utf16Vec,
    Via::Utf16Slice(0),
    Via::Utf16Slice(2),
    Via::Utf8Slice(0),
    Via::Utf8Slice(4),
];

/// One transform (`last` false) or flush (`last` true) step, one way.
fn step(
    s: &mut TextDecoderStream,
    chunk: &[u8],
    last: bool,
    via: Via,
) -> Result<String, DecodeError> {
    match via {
        Via::String if last => s.flush(),
        Via::String => s.transform(chunk),
        Via::Utf16Vec => if last {
            s.flush_utf16()
        } else {
            s.transform_utf16(chunk)
        }
        .map(|u| String::from_utf16(&u).unwrap()),
        Via::Utf16Slice(room) => {
            let mut out = Vec::new();
            let mut pos = 0;
            loop {
                let n = if room == 0 {
                    s.max_utf16_buffer_length(chunk.len() - pos).unwrap()
                } else {
                    room
                };
                let mut buf = vec![0u16; n];
                let r = if last {
                    s.flush_to_utf16(&mut buf)
                } else {
                    s.transform_to_utf16(&chunk[pos..], &mut buf)
                };
                pos += r.read;
                out.extend_from_slice(&buf[..r.written]);
                match r.status {
                    DecodeStatus::InputEmpty => return Ok(String::from_utf16(&out).unwrap()),
                    DecodeStatus::OutputFull => {
                        assert!(room != 0, "a max_utf16_buffer_length buffer filled");
                        assert!(r.read > 0 || r.written > 0, "no progress");
                    }
                    DecodeStatus::Error(e) => return Err(e),
                }
            }
        }
        Via::Utf8Slice(room) => {
            let mut out = Vec::new();
            let mut pos = 0;
            loop {
                let n = if room == 0 {
                    s.max_utf8_buffer_length(chunk.len() - pos).unwrap()
                } else {
                    room
                };
                let mut buf = vec![0u8; n];
                let r = if last {
                    s.flush_to_utf8(&mut buf)
                } else {
                    s.transform_to_utf8(&chunk[pos..], &mut buf)
                };
                pos += r.read;
                out.extend_from_slice(&buf[..r.written]);
                match r.status {
                    DecodeStatus::InputEmpty => return Ok(String::from_utf8(out).unwrap()),
                    DecodeStatus::OutputFull => {
                        assert!(room != 0, "a max_utf8_buffer_length buffer filled");
                        assert!(r.read > 0 || r.written > 0, "no progress");
                    }
                    DecodeStatus::Error(e) => return Err(e),
                }
            }
        }
    }
}

/// Feeds `chunks` then flushes, comparing each step with the model; once the model
/// fails, every later step must fail with the same error.
fn check(name: &str, options: TextDecoderOptions, chunks: &[&[u8]]) {
    for via in ALL_VIA {
        let mut model = ModelDecoder::new(name, options);
        let mut s = TextDecoderStream::with_options(name, options).unwrap();
        let mut failed = false;
        for i in 0..=chunks.len() {
            let last = i == chunks.len();
            let chunk = if last { &b""[..] } else { chunks[i] };
            let got = step(&mut s, chunk, last, via);
            if failed {
                assert_eq!(
                    got,
                    Err(DecodeError::Malformed(s.as_encoding())),
                    "errored stays errored"
                );
                continue;
            }
            let want = model.stream_step(chunk, last);
            match (&got, &want) {
                (Ok(a), Ok(b)) => assert_eq!(
                    a, b,
                    "{name} {options:?} via {via:?} step {i} of {chunks:02x?}"
                ),
                (Err(e), Err(())) => {
                    assert_eq!(*e, DecodeError::Malformed(s.as_encoding()));
                    failed = true;
                }
                _ => panic!(
                    "{name} {options:?} via {via:?} step {i} of {chunks:02x?}: {got:?} vs {want:?}"
                ),
            }
        }
        // After the end (flush or error), writes fail.
        let after = step(&mut s, b"a", false, via);
        assert_eq!(
            after,
            Err(if failed {
                DecodeError::Malformed(s.as_encoding())
            } else {
                DecodeError::Closed
            })
        );
    }
}

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

fn encode(name: &str, text: &str) -> Vec<u8> {
    match name {
        "UTF-16LE" => text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        "UTF-16BE" => text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        _ => encoding_rs::Encoding::for_label(name.as_bytes())
            .unwrap()
            .encode(text)
            .0
            .into_owned(),
    }
}

#[test]
fn random_chunks_match_the_model() {
    let mut r = rng(1330);
    for name in decodable_names() {
        for options in OPTIONS {
            for _ in 0..16 {
                let len = r.gen_range(0..10);
                let mut input = encode(&name, &format!("\u{FEFF}{}", random_string(&mut r, len)));
                if r.gen_bool(0.4) {
                    let at = r.gen_range(0..=input.len());
                    let junk_len = r.gen_range(1..3);
                    input.splice(at..at, random_bytes(&mut r, junk_len));
                }
                if r.gen_bool(0.3) {
                    input.truncate(r.gen_range(0..=input.len()));
                }
                let mut cuts: Vec<usize> = (0..r.gen_range(0..5))
                    .map(|_| r.gen_range(0..=input.len()))
                    .collect();
                cuts.extend([0, input.len()]);
                cuts.sort_unstable();
                let chunks: Vec<&[u8]> = cuts.windows(2).map(|w| &input[w[0]..w[1]]).collect();
                check(&name, options, &chunks);
            }
        }
    }
}

#[test]
fn split_characters_at_every_index() {
    for name in [
        "UTF-8",
        "UTF-16LE",
        "UTF-16BE",
        "Shift_JIS",
        "gb18030",
        "ISO-2022-JP",
        "EUC-JP",
        "Big5",
        "EUC-KR",
    ] {
        let input = encode(name, "\u{FEFF}a\u{3042}\u{4E00}\u{FF71}\u{1F4A9}\u{20AC}z");
        for options in OPTIONS {
            for i in 0..=input.len() {
                check(name, options, &[&input[..i], &input[i..]]);
            }
            let bytes: Vec<&[u8]> = input.chunks(1).collect();
            check(name, options, &bytes);
        }
    }
}

#[test]
fn decoder_stream_facts() {
    let utf8 = "\u{FEFF}\u{1F4A9} \u{e9}";
    // The BOM of the first chunk is dropped, even split; later ones are kept.
    let mut s = TextDecoderStream::new("utf-8").unwrap();
    assert_eq!(
        (s.encoding(), s.fatal(), s.ignore_bom()),
        ("utf-8", false, false)
    );
    assert_eq!(s.transform(b"\xEF\xBB").unwrap(), "");
    assert_eq!(s.transform(b"\xBF").unwrap(), "");
    assert_eq!(s.transform(utf8.as_bytes()).unwrap(), utf8);
    assert_eq!(s.flush().unwrap(), "");
    // With ignoreBOM it is kept.
    let mut s = TextDecoderStream::with_options(
        "utf-8",
        TextDecoderOptions {
            fatal: false,
            ignore_bom: true,
        },
    )
    .unwrap();
    assert_eq!(s.transform(utf8.as_bytes()).unwrap(), utf8);
    // An empty chunk gives no text.
    assert_eq!(s.transform(b"").unwrap(), "");
    // Input cut short: U+FFFD at the end, or the error with fatal.
    let mut s = TextDecoderStream::new("utf-8").unwrap();
    assert_eq!(s.transform(b"\xF0\x9F\x92").unwrap(), "");
    assert_eq!(s.flush().unwrap(), "\u{FFFD}");
    assert_eq!(s.flush(), Err(DecodeError::Closed));
    assert_eq!(s.transform(b"a"), Err(DecodeError::Closed));
    let mut s = TextDecoderStream::with_options(
        "utf-8",
        TextDecoderOptions {
            fatal: true,
            ignore_bom: false,
        },
    )
    .unwrap();
    assert_eq!(s.transform(b"\xF0\x9F\x92").unwrap(), "");
    assert_eq!(s.flush(), Err(DecodeError::Malformed(textcodec::UTF_8)));
    // Fatal errors error the stream for good.
    let mut s = TextDecoderStream::with_options(
        "utf-16le",
        TextDecoderOptions {
            fatal: true,
            ignore_bom: false,
        },
    )
    .unwrap();
    assert_eq!(
        s.transform(b"a\x00\x00\xDC").unwrap_err(),
        DecodeError::Malformed(textcodec::UTF_16LE)
    );
    assert!(s.transform(b"b\x00").is_err());
    assert!(s.flush().is_err());
    // Other encodings, split inside characters.
    let mut s = TextDecoderStream::new("shift_jis").unwrap();
    assert_eq!(s.transform(b"\x82").unwrap(), "");
    assert_eq!(s.transform(b"\xA0\x82").unwrap(), "\u{3042}");
    assert_eq!(s.transform(b"\xA2").unwrap(), "\u{3044}");
    // Labels: as TextDecoder's.
    assert!(TextDecoderStream::new("replacement")
        .unwrap_err()
        .is_replacement());
    assert!(!TextDecoderStream::new("utf-9")
        .unwrap_err()
        .is_replacement());
    assert_eq!(
        TextDecoderStream::with_encoding(textcodec::BIG5, TextDecoderOptions::default())
            .unwrap()
            .encoding(),
        "big5"
    );
    assert!(TextDecoderStream::with_encoding(
        textcodec::REPLACEMENT,
        TextDecoderOptions::default()
    )
    .is_err());
}
