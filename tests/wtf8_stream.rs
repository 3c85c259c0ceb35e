//! WTF-8 conversions in chunks, at every vector alignment and on the corpus, random
//! round trips (quickcheck), and a differential test against rust-wtf8 (crate `wtf8`).
//!
//! Run with each `TEXTCODEC_FORCE_ISA` tier (`--features std`) to send every input
//! through every kernel.

#[path = "wtf8_ref.rs"]
mod reference;

use quickcheck::{QuickCheck, TestResult};
use rand::{rngs::SmallRng, Rng, SeedableRng};
use reference::Event;
use textcodec::wtf8::{
    convert_utf16_to_wtf8, max_wtf8_len_from_utf16, wtf8_valid_up_to, Wtf8, Wtf8Buf, Wtf8Decoder,
    Wtf8Encoder,
};
use textcodec::{CoderResult, DecoderResult};

/// Code units biased towards the interesting ones: `(kind, value)` pairs.
fn units_from(raw: &[(u8, u16)]) -> Vec<u16> {
    let mut out = Vec::new();
    for &(kind, u) in raw {
        match kind % 8 {
            0 => out.push(u & 0x7F),
            1 => out.push(0xD800 | (u & 0x3FF)),
            2 => out.push(0xDC00 | (u & 0x3FF)),
            3 => out.extend([0xD800 | (u & 0x3FF), 0xDC00 | (u >> 6)]),
            4 => out.push(0x80 + u % 0x780),
            5 => out.push(0xE000 | (u & 0x1FFF)),
            _ => out.push(u),
        }
    }
    out
}

/// Bytes biased towards the interesting ones: whole sequences and stray edge bytes.
fn bytes_from(raw: &[(u8, u16)]) -> Vec<u8> {
    const EDGE: [u8; 12] = [
        0x80, 0xBF, 0xA0, 0xB0, 0x8F, 0x90, 0xC2, 0xE0, 0xED, 0xF0, 0xF4, 0xFF,
    ];
    let mut out = Vec::new();
    for &(kind, u) in raw {
        match kind % 4 {
            0 => out.push(EDGE[usize::from(u) % EDGE.len()]),
            1 => out.push(u as u8),
            _ => out.extend(reference::utf16_to_wtf8(&units_from(&[(kind / 4, u)]))),
        }
    }
    out
}

/// The encoder over `chunks` (the last one with `last`), with output buffers of
/// `room` bytes; checks the results and returns the bytes.
fn encode_chunked(chunks: &[&[u16]], room: usize) -> Vec<u8> {
    let mut enc = Wtf8Encoder::new();
    let mut out = Vec::new();
    for (i, chunk) in chunks.iter().enumerate() {
        let last = i + 1 == chunks.len();
        let mut read = 0;
        loop {
            let mut buf = vec![0u8; room];
            let max = enc.max_buffer_length(chunk.len() - read).unwrap();
            let (result, r, w) = enc.encode_from_utf16(&chunk[read..], &mut buf, last);
            assert!(w <= max);
            assert!(
                r > 0 || w > 0 || result == CoderResult::InputEmpty,
                "no progress"
            );
            read += r;
            out.extend_from_slice(&buf[..w]);
            if result == CoderResult::InputEmpty {
                assert_eq!(read, chunk.len());
                break;
            }
        }
    }
    assert!(!enc.has_pending_state());
    out
}

/// The decoder over `chunks` with output buffers of `room` units, as events.
fn decode_chunked(chunks: &[&[u8]], room: usize) -> Vec<Event> {
    let mut dec = Wtf8Decoder::new();
    let mut out = Vec::new();
    for (i, chunk) in chunks.iter().enumerate() {
        let last = i + 1 == chunks.len();
        let mut read = 0;
        loop {
            let mut buf = vec![0u16; room];
            let max = dec.max_utf16_buffer_length(chunk.len() - read).unwrap();
            let (result, r, w) = dec.decode_to_utf16(&chunk[read..], &mut buf, last);
            assert!(w <= max);
            read += r;
            out.extend(buf[..w].iter().map(|&u| Event::Unit(u)));
            match result {
                DecoderResult::InputEmpty => {
                    assert_eq!(read, chunk.len());
                    break;
                }
                DecoderResult::OutputFull => assert!(r > 0 || w > 0 || room < 2),
                DecoderResult::Malformed(len, 0) => out.push(Event::Error(usize::from(len))),
                DecoderResult::Malformed(..) => panic!("{result:?}"),
            }
        }
    }
    assert!(!dec.has_pending_state());
    out
}

/// One-shot conversion of UTF-16 to WTF-8.
fn to_wtf8(units: &[u16]) -> Vec<u8> {
    let mut out = vec![0; max_wtf8_len_from_utf16(units.len()).unwrap()];
    let (read, written) = convert_utf16_to_wtf8(units, &mut out);
    assert_eq!(read, units.len());
    out.truncate(written);
    out
}

/// Every check of one UTF-16 input: one-shot, split in two at every index, small
/// buffers, round trip, against the reference.
fn check_units(units: &[u16]) {
    let expected = reference::utf16_to_wtf8(units);
    assert_eq!(to_wtf8(units), expected, "{units:X?}");
    assert_eq!(wtf8_valid_up_to(&expected), expected.len());
    let w = Wtf8::from_bytes(&expected).unwrap();
    let mut back = vec![0u16; w.len()];
    let (_, n) = w.to_ill_formed_utf16_into(&mut back);
    assert_eq!(&back[..n], units);
    for split in 0..=units.len() {
        let (a, b) = units.split_at(split);
        assert_eq!(
            encode_chunked(&[a, b], 4),
            expected,
            "split {split}: {units:X?}"
        );
    }
    let events: Vec<Event> = units.iter().map(|&u| Event::Unit(u)).collect();
    for split in 0..=expected.len() {
        let (a, b) = expected.split_at(split);
        assert_eq!(decode_chunked(&[a, b], 2), events, "split {split}");
    }
}

#[test]
fn pair_split_at_every_index() {
    let units: Vec<u16> = [
        0x61, 0xD83D, 0xDE00, 0xE9, 0xD800, 0xD800, 0xDC00, 0xDC00, 0x62,
    ]
    .into_iter()
    .collect();
    check_units(&units);
    // Every chunking into single units, with tiny and large buffers.
    let singles: Vec<&[u16]> = units.chunks(1).collect();
    assert_eq!(
        encode_chunked(&singles, 4),
        reference::utf16_to_wtf8(&units)
    );
    assert_eq!(
        encode_chunked(&singles, 64),
        reference::utf16_to_wtf8(&units)
    );
    let bytes = reference::utf16_to_wtf8(&units);
    let singles: Vec<&[u8]> = bytes.chunks(1).collect();
    let events: Vec<Event> = units.iter().map(|&u| Event::Unit(u)).collect();
    assert_eq!(decode_chunked(&singles, 2), events);
}

#[test]
fn encoder_edge_cases() {
    let mut enc = Wtf8Encoder::new();
    let mut out = [0u8; 8];
    assert_eq!(
        enc.encode_from_utf16(&[0xD800], &mut out, false),
        (CoderResult::InputEmpty, 1, 0)
    );
    assert_eq!(enc.max_buffer_length(0), Some(3));
    // An empty non-last chunk keeps the lead.
    assert_eq!(
        enc.encode_from_utf16(&[], &mut out, false),
        (CoderResult::InputEmpty, 0, 0)
    );
    // No room for the pair: nothing read, the lead still held.
    assert_eq!(
        enc.encode_from_utf16(&[0xDC00], &mut out[..3], true),
        (CoderResult::OutputFull, 0, 0)
    );
    assert_eq!(
        enc.encode_from_utf16(&[0xDC00], &mut out, true),
        (CoderResult::InputEmpty, 1, 4)
    );
    assert_eq!(&out[..4], "\u{10000}".as_bytes());
    // A held lead at the end of the input is written alone.
    assert_eq!(
        enc.encode_from_utf16(&[0xD800], &mut out, false),
        (CoderResult::InputEmpty, 1, 0)
    );
    assert_eq!(
        enc.encode_from_utf16(&[], &mut out, true),
        (CoderResult::InputEmpty, 0, 3)
    );
    assert_eq!(&out[..3], b"\xED\xA0\x80");
    assert_eq!(max_wtf8_len_from_utf16(usize::MAX), None);
    assert_eq!(enc.max_buffer_length(usize::MAX), None);
}

#[test]
fn decoder_errors_match_the_reference() {
    let cases: &[&[u8]] = &[
        b"\xED\xA0\x80\xED\xB0\x80",
        b"\xED\xA0\x80\xED\xB0",
        b"\xED\xA0\x80\xED\xB0\x80\xED\xB0\x80",
        b"a\xF0\x9F\x98",
        b"\xE0\x80\x80",
        b"\xC0\xAF\xFF\x80",
        b"\xF4\x90\x80\x80",
        b"\xED\xA0\xED\xA0\x80",
    ];
    for &bytes in cases {
        let expected = reference::decode_events(bytes);
        for split in 0..=bytes.len() {
            let (a, b) = bytes.split_at(split);
            assert_eq!(
                decode_chunked(&[a, b], 2),
                expected,
                "{bytes:02X?} at {split}"
            );
            assert_eq!(decode_chunked(&[a, b], 64), expected);
        }
    }
}

#[test]
fn quickcheck_round_trip_and_streaming() {
    fn round_trip(raw: Vec<(u8, u16)>) -> TestResult {
        let units = units_from(&raw);
        check_units(&units);
        let buf = Wtf8Buf::from_ill_formed_utf16(&units);
        TestResult::from_bool(
            buf.as_slice()
                .to_ill_formed_utf16()
                .eq(units.iter().copied()),
        )
    }
    QuickCheck::new()
        .tests(2000)
        .quickcheck(round_trip as fn(Vec<(u8, u16)>) -> TestResult);
}

#[test]
fn quickcheck_bytes_validate_and_decode_like_the_reference() {
    fn check(raw: Vec<(u8, u16)>, seed: u64) -> bool {
        let bytes = bytes_from(&raw);
        assert_eq!(
            wtf8_valid_up_to(&bytes),
            reference::valid_up_to(&bytes),
            "{bytes:02X?}"
        );
        let expected = reference::decode_events(&bytes);
        // Random chunks and buffer sizes.
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut chunks = Vec::new();
        let mut at = 0;
        while at < bytes.len() {
            let n = rng.gen_range(0..=bytes.len() - at);
            chunks.push(&bytes[at..at + n]);
            at += n;
        }
        chunks.push(&bytes[at..]);
        decode_chunked(&chunks, rng.gen_range(2..12)) == expected
            && decode_chunked(&[&bytes], 1 + bytes.len()) == expected
    }
    QuickCheck::new()
        .tests(3000)
        .quickcheck(check as fn(Vec<(u8, u16)>, u64) -> bool);
}

/// Text long enough for every kernel, in every script width.
fn base_text(len: usize) -> Vec<u16> {
    "Wiki é日本😀 Ελλάδα ß ✓ "
        .encode_utf16()
        .cycle()
        .take(len)
        .collect()
}

#[test]
fn surrogates_at_every_alignment() {
    // A lone lead, a lone trail, and a lead at the very end, at every position of
    // inputs that start at every offset of a 64-byte block.
    for pad in 0..64 {
        let mut base: Vec<u16> = vec![0x41; pad];
        base.extend(base_text(200));
        for at in (pad..base.len()).step_by(3) {
            for s in [0xD800, 0xDC00] {
                let mut units = base.clone();
                if units[at] & 0xFC00 == 0xDC00 && at > 0 && units[at - 1] & 0xFC00 == 0xD800 {
                    continue; // would replace half of a pair
                }
                units[at] = s;
                let expected = reference::utf16_to_wtf8(&units);
                assert_eq!(to_wtf8(&units), expected, "pad {pad} at {at}");
                assert_eq!(wtf8_valid_up_to(&expected), expected.len());
                let w = Wtf8::from_bytes(&expected).unwrap();
                let mut back = vec![0u16; units.len()];
                assert_eq!(
                    w.to_ill_formed_utf16_into(&mut back),
                    (expected.len(), units.len())
                );
                assert_eq!(back, units);
                assert_eq!(
                    w.to_utf8().map(str::as_bytes).map_err(|e| e.offset()),
                    reference::to_utf8_strict(&expected)
                );
                // A pair written as two sequences at this place is rejected there.
                if s == 0xD800 {
                    let seq = [0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80];
                    let mut bad = reference::utf16_to_wtf8(&units[..at]);
                    let valid = bad.len() + 3;
                    bad.extend_from_slice(&seq);
                    bad.extend(reference::utf16_to_wtf8(&units[at + 1..]));
                    if units.get(at + 1).is_some_and(|u| u & 0xFC00 == 0xDC00) {
                        continue;
                    }
                    assert_eq!(wtf8_valid_up_to(&bad), valid, "pad {pad} at {at}");
                }
            }
        }
        let mut units = base.clone();
        units.push(0xDBFF);
        assert_eq!(to_wtf8(&units), reference::utf16_to_wtf8(&units));
    }
}

/// The corpus in UTF-16, and with a lone surrogate every 1,000 units.
fn corpus_units() -> Vec<(String, Vec<u16>)> {
    let Some(dir) = std::env::var_os("TEXTCODEC_CORPUS") else {
        eprintln!("TEXTCODEC_CORPUS is not set: skipping the corpus part");
        return Vec::new();
    };
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !(name.ends_with(".txt") || name.ends_with(".html")) {
            continue;
        }
        let Ok(text) = String::from_utf8(std::fs::read(&path).unwrap()) else {
            continue;
        };
        let units: Vec<u16> = text.encode_utf16().collect();
        let mut lone = units.clone();
        for (k, i) in (500..lone.len()).step_by(1000).enumerate() {
            if lone[i] & 0xF800 != 0xD800 {
                lone[i] = if k % 2 == 0 {
                    0xD800 + k as u16 % 0x400
                } else {
                    0xDFFF
                };
            }
        }
        out.push((name.clone(), units));
        out.push((name + "+lone", lone));
    }
    out
}

#[test]
fn corpus_round_trips_in_random_chunks() {
    let mut rng = SmallRng::seed_from_u64(12);
    for (name, units) in corpus_units() {
        let expected = reference::utf16_to_wtf8(&units);
        assert_eq!(to_wtf8(&units), expected, "{name}");
        assert_eq!(wtf8_valid_up_to(&expected), expected.len(), "{name}");
        let mut chunks = Vec::new();
        let mut at = 0;
        while at < units.len() {
            let n = rng.gen_range(0..5000).min(units.len() - at);
            chunks.push(&units[at..at + n]);
            at += n;
        }
        assert_eq!(
            encode_chunked(&chunks, 1 + rng.gen_range(3..3000)),
            expected,
            "{name}"
        );
        let events: Vec<Event> = units.iter().map(|&u| Event::Unit(u)).collect();
        let byte_chunks: Vec<&[u8]> = expected.chunks(rng.gen_range(1..7000)).collect();
        assert_eq!(
            decode_chunked(&byte_chunks, rng.gen_range(2..5000)),
            events,
            "{name}"
        );
    }
}

#[test]
fn differential_against_rust_wtf8() {
    let mut inputs: Vec<Vec<u16>> = corpus_units().into_iter().map(|(_, u)| u).collect();
    let mut rng = SmallRng::seed_from_u64(8);
    for _ in 0..3000 {
        let n = rng.gen_range(0..40);
        let raw: Vec<(u8, u16)> = (0..n).map(|_| (rng.gen(), rng.gen())).collect();
        inputs.push(units_from(&raw));
    }
    for (i, units) in inputs.iter().enumerate() {
        let ours = Wtf8Buf::from_ill_formed_utf16(units);
        let theirs = rust_wtf8::Wtf8Buf::from_ill_formed_utf16(units);
        let (o, t) = (ours.as_slice(), &*theirs);
        assert_eq!(o.len(), t.len());
        assert!(o
            .code_points()
            .map(|c| c.to_u32())
            .eq(t.code_points().map(|c| c.to_u32())));
        assert!(o.to_ill_formed_utf16().eq(t.to_ill_formed_utf16()));
        assert_eq!(o.as_str(), t.as_str());
        assert_eq!(o.to_string_lossy(), t.to_string_lossy());
        for p in (0..o.len()).step_by(7) {
            assert_eq!(o.ascii_byte_at(p), t.ascii_byte_at(p));
        }
        // Concatenation and order against the next input.
        let next = &inputs[(i + 1) % inputs.len()];
        let mut a = ours.clone();
        a.push_wtf8(Wtf8Buf::from_ill_formed_utf16(next).as_slice());
        let mut b = theirs.clone();
        b.push_wtf8(&rust_wtf8::Wtf8Buf::from_ill_formed_utf16(next));
        assert!(a
            .as_slice()
            .to_ill_formed_utf16()
            .eq(b.to_ill_formed_utf16()));
        assert_eq!(a.len(), b.len());
        let other = Wtf8Buf::from_ill_formed_utf16(next);
        assert_eq!(
            ours.cmp(&other),
            (*theirs).cmp(&*rust_wtf8::Wtf8Buf::from_ill_formed_utf16(next))
        );
        // Debug output is the same where both escape the same way: printable ASCII
        // other than quotes and backslashes, and surrogates.
        let plain = |u: &u16| (0x20..0x7F).contains(u) && !b"\"'\\".contains(&(*u as u8));
        let plain_cp = |c: textcodec::wtf8::CodePoint| {
            c.is_surrogate() || u16::try_from(c.to_u32()).is_ok_and(|u| plain(&u))
        };
        if o.code_points().all(plain_cp) {
            assert_eq!(format!("{o:?}"), format!("{t:?}"), "{units:X?}");
        }
    }
}
