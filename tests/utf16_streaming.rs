//! UTF-16BE/LE decoding without replacement, streamed, differential against
//! encoding_rs: for every split of the input into two chunks (and three chunks for
//! short inputs, and one byte at a time), with an output buffer big enough that it
//! never fills, every call returns the same `(DecoderResult, read, written)` and the
//! same output as encoding_rs's. In particular a high surrogate followed by a unit that
//! is not a low surrogate is reported as encoding_rs reports it: `Malformed(2, 0)`
//! with the next unit unread when both units arrive in one buffer, `Malformed(2, 2)`
//! after reading the next unit when the high surrogate was the last whole unit of an
//! earlier buffer (or straddled a buffer boundary).

mod common;

use common::rng;
use rand::Rng;

/// One call's report: result (as text, so both crates' values compare), bytes read,
/// and the output it wrote.
type Event = (String, usize, Vec<u16>);

fn result_ours(r: textcodec::DecoderResult) -> String {
    match r {
        textcodec::DecoderResult::InputEmpty => "InputEmpty".into(),
        textcodec::DecoderResult::OutputFull => "OutputFull".into(),
        textcodec::DecoderResult::Malformed(a, b) => format!("Malformed({a}, {b})"),
    }
}

fn result_rs(r: encoding_rs::DecoderResult) -> String {
    match r {
        encoding_rs::DecoderResult::InputEmpty => "InputEmpty".into(),
        encoding_rs::DecoderResult::OutputFull => "OutputFull".into(),
        encoding_rs::DecoderResult::Malformed(a, b) => format!("Malformed({a}, {b})"),
    }
}

/// Which destination the decoders write to.
#[derive(Clone, Copy, Debug)]
enum Dest {
    Utf16,
    Utf8,
}

/// Every call's report when `chunks` are fed in order, continuing after each error.
/// UTF-8 output is re-expressed as UTF-16 so the two destinations share the type.
fn events_ours(mut d: textcodec::Decoder, chunks: &[&[u8]], dest: Dest) -> Vec<Event> {
    let mut events = Vec::new();
    for (i, chunk) in chunks.iter().enumerate() {
        let last = i + 1 == chunks.len();
        let mut pos = 0;
        loop {
            let room = 4 * (chunk.len() - pos) + 16;
            let (res, read, out) = match dest {
                Dest::Utf16 => {
                    let mut buf = vec![0u16; room];
                    let (res, r, w) =
                        d.decode_to_utf16_without_replacement(&chunk[pos..], &mut buf, last);
                    (res, r, buf[..w].to_vec())
                }
                Dest::Utf8 => {
                    let mut buf = vec![0u8; room];
                    let (res, r, w) =
                        d.decode_to_utf8_without_replacement(&chunk[pos..], &mut buf, last);
                    let s = std::str::from_utf8(&buf[..w]).expect("valid UTF-8 output");
                    (res, r, s.encode_utf16().collect())
                }
            };
            pos += read;
            events.push((result_ours(res), read, out));
            match res {
                textcodec::DecoderResult::InputEmpty => break,
                textcodec::DecoderResult::OutputFull => panic!("a roomy buffer filled"),
                textcodec::DecoderResult::Malformed(..) => {}
            }
        }
    }
    events
}

fn events_rs(mut d: encoding_rs::Decoder, chunks: &[&[u8]], dest: Dest) -> Vec<Event> {
    let mut events = Vec::new();
    for (i, chunk) in chunks.iter().enumerate() {
        let last = i + 1 == chunks.len();
        let mut pos = 0;
        loop {
            let room = 4 * (chunk.len() - pos) + 16;
            let (res, read, out) = match dest {
                Dest::Utf16 => {
                    let mut buf = vec![0u16; room];
                    let (res, r, w) =
                        d.decode_to_utf16_without_replacement(&chunk[pos..], &mut buf, last);
                    (res, r, buf[..w].to_vec())
                }
                Dest::Utf8 => {
                    let mut buf = vec![0u8; room];
                    let (res, r, w) =
                        d.decode_to_utf8_without_replacement(&chunk[pos..], &mut buf, last);
                    let s = std::str::from_utf8(&buf[..w]).expect("valid UTF-8 output");
                    (res, r, s.encode_utf16().collect())
                }
            };
            pos += read;
            let done = res == encoding_rs::DecoderResult::InputEmpty;
            assert_ne!(res, encoding_rs::DecoderResult::OutputFull);
            events.push((result_rs(res), read, out));
            if done {
                break;
            }
        }
    }
    events
}

/// The decoder constructors compared: (name, ours, theirs).
type Make = (
    &'static str,
    fn(&'static textcodec::Encoding) -> textcodec::Decoder,
    fn(&'static encoding_rs::Encoding) -> encoding_rs::Decoder,
);

const MAKERS: [Make; 3] = [
    (
        "without BOM handling",
        textcodec::Encoding::new_decoder_without_bom_handling,
        encoding_rs::Encoding::new_decoder_without_bom_handling,
    ),
    (
        "with BOM removal",
        textcodec::Encoding::new_decoder_with_bom_removal,
        encoding_rs::Encoding::new_decoder_with_bom_removal,
    ),
    (
        "BOM sniffing",
        textcodec::Encoding::new_decoder,
        encoding_rs::Encoding::new_decoder,
    ),
];

fn check(input: &[u8], chunks: &[&[u8]]) {
    for (ours, theirs) in [
        (textcodec::UTF_16BE, encoding_rs::UTF_16BE),
        (textcodec::UTF_16LE, encoding_rs::UTF_16LE),
    ] {
        for (what, make_ours, make_rs) in MAKERS {
            for dest in [Dest::Utf16, Dest::Utf8] {
                let a = events_ours(make_ours(ours), chunks, dest);
                let b = events_rs(make_rs(theirs), chunks, dest);
                assert_eq!(
                    a,
                    b,
                    "{} {what} to {dest:?}: {input:02x?} as {:02x?}",
                    ours.name(),
                    chunks
                );
            }
        }
    }
}

/// Units as big-endian bytes (the little-endian decoder reads them byte-swapped,
/// which gives it its own mix of surrogates).
fn be(units: &[u16]) -> Vec<u8> {
    units.iter().flat_map(|u| u.to_be_bytes()).collect()
}

/// Hand-made inputs around unpaired surrogates, then random ones biased towards
/// surrogates, both byte orders, odd lengths included.
fn inputs() -> Vec<Vec<u8>> {
    let mut v = vec![
        be(&[0xD800, 0x0041]),
        be(&[0xD800, 0xD800, 0xDC00]),
        be(&[0xD800, 0xD801, 0x0041]),
        be(&[0x0041, 0xD83D, 0xDE00, 0xD800]),
        be(&[0xDC00, 0xD800, 0x4E00, 0xDFFF]),
        be(&[0xD800, 0xDBFF, 0xDBFF, 0xDC00, 0xDC00]),
        be(&[0xFEFF, 0xD800, 0x0041]),
        be(&[0xFFFE, 0xD800, 0x00E9]),
        be(&[0x0041, 0x0042, 0xD800, 0x0043, 0xD800, 0xDC00, 0xD800]),
    ];
    let mut odd = be(&[0xD800, 0x0041]);
    odd.push(0xD8);
    v.push(odd);
    let mut odd = be(&[0x0061, 0xD800]);
    odd.push(0x00);
    v.push(odd);
    v.push(b"\x00\xD8\x41\x00\x00\xDC\x3D\xD8\x00\xDE".to_vec());
    let mut r = rng(1301);
    for _ in 0..40 {
        let len = r.gen_range(1..14);
        let mut units: Vec<u16> = (0..len)
            .map(|_| match r.gen_range(0..6) {
                0 => r.gen_range(0xD800..0xDC00),
                1 => r.gen_range(0xDC00..0xE000),
                2 => 0x00D8,
                3 => 0xDC00,
                4 => r.gen_range(0x20..0x80),
                _ => r.gen(),
            })
            .collect();
        if r.gen_bool(0.2) {
            units.insert(0, 0xFEFF);
        }
        let mut bytes = be(&units);
        if r.gen_bool(0.3) {
            bytes.push(r.gen());
        }
        v.push(bytes);
    }
    v
}

#[test]
fn unpaired_high_surrogate_reported_as_encoding_rs_at_every_split() {
    for input in inputs() {
        check(&input, &[&input]);
        for i in 0..=input.len() {
            check(&input, &[&input[..i], &input[i..]]);
        }
        let bytes: Vec<&[u8]> = input.chunks(1).collect();
        check(&input, &bytes);
    }
}

#[test]
fn three_chunks_at_every_pair_of_indices() {
    for input in inputs().into_iter().filter(|i| i.len() <= 16) {
        for i in 0..=input.len() {
            for j in i..=input.len() {
                check(&input, &[&input[..i], &input[i..j], &input[j..]]);
            }
        }
    }
}

#[test]
fn the_two_reports_spelled_out() {
    let mut out = [0u16; 16];
    // Both units in one buffer: the high surrogate alone is the error, `A` unread.
    let mut d = textcodec::UTF_16LE.new_decoder_without_bom_handling();
    let (res, read, written) =
        d.decode_to_utf16_without_replacement(b"\x00\xD8\x41\x00", &mut out, true);
    assert_eq!(
        (res, read, written),
        (textcodec::DecoderResult::Malformed(2, 0), 2, 0)
    );
    // The high surrogate ends the first buffer: `A` is read with the error and held.
    let mut d = textcodec::UTF_16LE.new_decoder_without_bom_handling();
    let (res, read, _) = d.decode_to_utf16_without_replacement(b"\x00\xD8", &mut out, false);
    assert_eq!((res, read), (textcodec::DecoderResult::InputEmpty, 2));
    let (res, read, written) = d.decode_to_utf16_without_replacement(b"\x41\x00", &mut out, true);
    assert_eq!(
        (res, read, written),
        (textcodec::DecoderResult::Malformed(2, 2), 2, 0)
    );
    let (res, read, written) = d.decode_to_utf16_without_replacement(b"", &mut out, true);
    assert_eq!(
        (res, read, written),
        (textcodec::DecoderResult::InputEmpty, 0, 1)
    );
    assert_eq!(out[0], 0x41);
}
