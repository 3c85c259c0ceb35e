//! Streaming: the input split at every index, fed through the smallest documented
//! output buffers, gives exactly the one-shot output; `max_*_buffer_length` sizes let
//! one call finish and are never exceeded.

mod common;
use common::*;
use rand::Rng;
use textcodec::{CoderResult, DecoderResult, EncoderResult};

/// Inputs that exercise every family's states: BOMs, partial sequences, errors.
fn byte_inputs() -> Vec<Vec<u8>> {
    let mut rng = rng(30);
    let mut v: Vec<Vec<u8>> = vec![
        b"".to_vec(),
        b"\xEF\xBB\xBFab\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80z".to_vec(),
        b"\xFE\xFF\x00a\xD8\x3D\xDE\x00\xD8\x00\x00b\xDC\x00\x00".to_vec(),
        b"\xFF\xFEa\x00\x3D\xD8\x00\xDE\x00\xD8b\x00\x00".to_vec(),
        b"\xEF\xBBA\xEF".to_vec(),
        b"\xFE".to_vec(),
        b"\xF0\x90\x41\xE0\x80\xC2\xFF\x80\xED\xA0\x80\xF4\x90\x80\x80".to_vec(),
        "caf\u{e9} na\u{ef}ve \u{20ac} \u{3042}\u{1F600}"
            .as_bytes()
            .to_vec(),
        (0u8..=255).collect(),
    ];
    for _ in 0..6 {
        let len = rng.gen_range(1..40);
        v.push(random_bytes(&mut rng, len));
    }
    v
}

#[test]
fn decode_split_at_every_index_with_tiny_buffers() {
    for (ours, theirs) in pairs() {
        for input in byte_inputs() {
            let (expected, _, _) = theirs.decode(&input);
            let expected16: Vec<u16> = expected.encode_utf16().collect();
            for i in 0..=input.len() {
                for j in i..=input.len().min(i + 3) {
                    let chunks = [&input[..i], &input[i..j], &input[j..]];
                    for out_len in [4, 5, 7] {
                        let got = stream_decode_utf8(&mut ours.new_decoder(), &chunks, out_len);
                        assert_eq!(
                            std::str::from_utf8(&got).unwrap(),
                            expected,
                            "{} {:02x?} at {i},{j}",
                            ours.name(),
                            input
                        );
                    }
                    for out_len in [2, 3] {
                        let (got, _) =
                            stream_decode_utf16(&mut ours.new_decoder(), &chunks, out_len);
                        assert_eq!(got, expected16, "{} {:02x?} at {i},{j}", ours.name(), input);
                    }
                }
            }
            // Every chunk one byte long.
            let chunks: Vec<&[u8]> = input.chunks(1).collect();
            let got = stream_decode_utf8(&mut ours.new_decoder(), &chunks, 4);
            assert_eq!(std::str::from_utf8(&got).unwrap(), expected);
            // And the BOM-removing and BOM-ignoring decoders agree with encoding_rs too.
            let (e1, _) = theirs.decode_with_bom_removal(&input);
            let got = stream_decode_utf8(&mut ours.new_decoder_with_bom_removal(), &chunks, 4);
            assert_eq!(std::str::from_utf8(&got).unwrap(), e1);
            let (e2, _) = theirs.decode_without_bom_handling(&input);
            let got = stream_decode_utf8(&mut ours.new_decoder_without_bom_handling(), &chunks, 4);
            assert_eq!(std::str::from_utf8(&got).unwrap(), e2);
        }
    }
}

#[test]
fn encode_split_at_every_index_with_tiny_buffers() {
    let mut rng = rng(31);
    let mut texts: Vec<String> = vec![
        String::new(),
        "abc".into(),
        "caf\u{e9} \u{20ac}\u{3042}\u{1F600}\u{FFFD}\u{F780}x".into(),
        "\u{1b}(B\u{e}\u{f}~\\\u{a5}\u{203e}".into(),
    ];
    for _ in 0..4 {
        let len = rng.gen_range(1..24);
        texts.push(random_string(&mut rng, len));
    }
    for (ours, theirs) in pairs() {
        for text in &texts {
            let (expected, _, _) = theirs.encode(text);
            let boundaries: Vec<usize> = (0..=text.len())
                .filter(|&i| text.is_char_boundary(i))
                .collect();
            for &i in &boundaries {
                let chunks = [&text[..i], &text[i..]];
                for out_len in [14, 15, 17] {
                    let got = stream_encode_utf8(&mut ours.new_encoder(), &chunks, out_len);
                    assert_eq!(got, &*expected, "{} {text:?} at {i}", ours.name());
                }
            }
            let utf16: Vec<u16> = text.encode_utf16().collect();
            for i in 0..=utf16.len() {
                // Splitting inside a surrogate pair is fine too: the encoder keeps the
                // high half until the next call.
                let chunks = [&utf16[..i], &utf16[i..]];
                let got = stream_encode_utf16(&mut ours.new_encoder(), &chunks, 14);
                assert_eq!(got, &*expected, "{} {text:?} at {i}", ours.name());
            }
        }
    }
}

#[test]
fn max_lengths_let_one_call_finish() {
    let mut rng = rng(32);
    for (ours, _) in pairs() {
        for _ in 0..300 {
            let len = rng.gen_range(0..64);
            let input = random_bytes(&mut rng, len);
            let split = rng.gen_range(0..=len);
            let (a, b) = input.split_at(split);
            for bom in 0..3 {
                let new = |bom| match bom {
                    0 => ours.new_decoder(),
                    1 => ours.new_decoder_with_bom_removal(),
                    _ => ours.new_decoder_without_bom_handling(),
                };
                // UTF-8 with replacement.
                let mut d = new(bom);
                let mut buf = vec![0u8; d.max_utf8_buffer_length(a.len()).unwrap()];
                let (r, read, _, _) = d.decode_to_utf8(a, &mut buf, false);
                assert_eq!(
                    (r, read),
                    (CoderResult::InputEmpty, a.len()),
                    "{} {:02x?}",
                    ours.name(),
                    a
                );
                let mut buf = vec![0u8; d.max_utf8_buffer_length(b.len()).unwrap()];
                let (r, read, _, _) = d.decode_to_utf8(b, &mut buf, true);
                assert_eq!(
                    (r, read),
                    (CoderResult::InputEmpty, b.len()),
                    "{} {:02x?}",
                    ours.name(),
                    input
                );
                // UTF-16.
                let mut d = new(bom);
                let mut buf = vec![0u16; d.max_utf16_buffer_length(a.len()).unwrap()];
                let (r, read, _, _) = d.decode_to_utf16(a, &mut buf, false);
                assert_eq!((r, read), (CoderResult::InputEmpty, a.len()));
                let mut buf = vec![0u16; d.max_utf16_buffer_length(b.len()).unwrap()];
                let (r, read, _, _) = d.decode_to_utf16(b, &mut buf, true);
                assert_eq!(
                    (r, read),
                    (CoderResult::InputEmpty, b.len()),
                    "{} {:02x?}",
                    ours.name(),
                    input
                );
                // UTF-8 without replacement: never OutputFull.
                let mut d = new(bom);
                let mut rest = a;
                loop {
                    let mut buf = vec![
                        0u8;
                        d.max_utf8_buffer_length_without_replacement(rest.len())
                            .unwrap()
                    ];
                    let (r, read, _) = d.decode_to_utf8_without_replacement(rest, &mut buf, false);
                    rest = &rest[read..];
                    match r {
                        DecoderResult::InputEmpty => break,
                        DecoderResult::OutputFull => panic!("{} {:02x?}", ours.name(), a),
                        DecoderResult::Malformed(..) => {}
                    }
                }
            }
        }
        for _ in 0..300 {
            let len = rng.gen_range(0..40);
            let text = random_string(&mut rng, len);
            let mut e = ours.new_encoder();
            let mut buf = vec![
                0u8;
                e.max_buffer_length_from_utf8_without_replacement(text.len())
                    .unwrap()
            ];
            let mut rest = text.as_str();
            loop {
                let (r, read, _) = e.encode_from_utf8_without_replacement(rest, &mut buf, true);
                rest = &rest[read..];
                match r {
                    EncoderResult::InputEmpty => break,
                    EncoderResult::OutputFull => panic!("{} {text:?}", ours.name()),
                    EncoderResult::Unmappable(_) => {}
                }
            }
            let utf16: Vec<u16> = text.encode_utf16().collect();
            let mut e = ours.new_encoder();
            let mut buf = vec![
                0u8;
                e.max_buffer_length_from_utf16_without_replacement(utf16.len())
                    .unwrap()
            ];
            let mut rest = utf16.as_slice();
            loop {
                let (r, read, _) = e.encode_from_utf16_without_replacement(rest, &mut buf, true);
                rest = &rest[read..];
                match r {
                    EncoderResult::InputEmpty => break,
                    EncoderResult::OutputFull => panic!("{} {text:?}", ours.name()),
                    EncoderResult::Unmappable(_) => {}
                }
            }
            // If nothing is unmappable, the replacing encoder finishes in one call.
            let (_, _, had) = ours.encode(&text);
            if !had {
                let mut e = ours.new_encoder();
                let mut buf = vec![
                    0u8;
                    e.max_buffer_length_from_utf8_if_no_unmappables(text.len())
                        .unwrap()
                ];
                let (r, read, _, _) = e.encode_from_utf8(&text, &mut buf, true);
                assert_eq!((r, read), (CoderResult::InputEmpty, text.len()));
                let mut e = ours.new_encoder();
                let mut buf = vec![
                    0u8;
                    e.max_buffer_length_from_utf16_if_no_unmappables(utf16.len())
                        .unwrap()
                ];
                let (r, read, _, _) = e.encode_from_utf16(&utf16, &mut buf, true);
                assert_eq!((r, read), (CoderResult::InputEmpty, utf16.len()));
            }
        }
    }
}

#[test]
fn max_lengths_overflow_to_none() {
    for (ours, _) in pairs() {
        let d = ours.new_decoder();
        assert_eq!(
            d.max_utf8_buffer_length(usize::MAX),
            None,
            "{}",
            ours.name()
        );
        assert_eq!(
            d.max_utf16_buffer_length(usize::MAX),
            None,
            "{}",
            ours.name()
        );
        assert!(
            d.max_utf8_buffer_length(usize::MAX / 8).is_some(),
            "{}",
            ours.name()
        );
        assert!(
            d.max_utf16_buffer_length(usize::MAX / 8).is_some(),
            "{}",
            ours.name()
        );
        let e = ours.new_encoder();
        assert_eq!(
            e.max_buffer_length_from_utf16_if_no_unmappables(usize::MAX),
            None
        );
        assert!(e
            .max_buffer_length_from_utf16_if_no_unmappables(usize::MAX / 8)
            .is_some());
        assert!(e
            .max_buffer_length_from_utf8_if_no_unmappables(usize::MAX / 8)
            .is_some());
    }
}
