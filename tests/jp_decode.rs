//! The Japanese decoders' fast paths (ISO-2022-JP's jis0208 pair loop, its view of
//! long runs as EUC-JP for the vector pair decoder, its ASCII scan and whole
//! escape sequences; Shift_JIS's pairs) against the spec's algorithms written line
//! by line (`cjk_ref`, which wins where encoding_rs differs) and encoding_rs (the
//! `Malformed` reports): every Shift_JIS two-byte input and single byte, every
//! ISO-2022-JP jis0208 byte pair alone and inside runs long enough for the vector
//! decoder, and random ISO-2022-JP streams of escape sequences (valid, broken,
//! doubled), ASCII, jis0208, katakana and invalid bytes split at every position and
//! decoded through every output room from 1 to 8 units, to UTF-8 and UTF-16. Run it
//! on every tier with `TEXTCODEC_FORCE_ISA` (scalar, sse2, avx2...).

mod cjk_ref;
mod common;
use cjk_ref::Enc;
use common::rng;
use rand::rngs::SmallRng;
use rand::Rng;

/// Everything a decode gives: the text (U+FFFD for each error) and the reports.
#[derive(Debug, PartialEq)]
struct Decoded {
    text: String,
    errors: Vec<(u8, u8)>,
}

/// One of the two output forms.
#[derive(Clone, Copy, Debug)]
enum To {
    Utf8,
    Utf16,
}

/// What the output buffers hold before a call: nothing after the units written
/// may change (`decode_to_str` relies on it).
const FILL: u16 = 0xA5A5;

/// Decodes `chunks` with a new decoder of ours into a buffer of `room` units at a
/// time, checking that nothing after the units written changed. A call that can
/// take nothing for lack of room (a character longer than the buffer) is made
/// again with three more units, as a caller would.
fn ours(enc: Enc, chunks: &[&[u8]], room: usize, to: To) -> Decoded {
    let mut d = enc.ours().new_decoder_without_bom_handling();
    let (mut units8, mut units16, mut errors) = (Vec::new(), Vec::new(), Vec::new());
    for (i, chunk) in chunks.iter().enumerate() {
        let last = i + 1 == chunks.len();
        let mut read = 0;
        let mut grown = room;
        loop {
            let (result, r, w) = match to {
                To::Utf8 => {
                    let mut buf = vec![FILL as u8; grown];
                    let (result, r, w) =
                        d.decode_to_utf8_without_replacement(&chunk[read..], &mut buf, last);
                    units8.extend_from_slice(&buf[..w]);
                    assert!(buf[w..].iter().all(|&b| b == FILL as u8), "written past");
                    (result, r, w)
                }
                To::Utf16 => {
                    let mut buf = vec![FILL; grown];
                    let (result, r, w) =
                        d.decode_to_utf16_without_replacement(&chunk[read..], &mut buf, last);
                    units16.extend_from_slice(&buf[..w]);
                    assert!(buf[w..].iter().all(|&u| u == FILL), "written past");
                    (result, r, w)
                }
            };
            read += r;
            match result {
                textcodec::DecoderResult::InputEmpty => break,
                textcodec::DecoderResult::OutputFull => {
                    if r == 0 && w == 0 {
                        assert!(grown < 8, "no progress with {grown} units of room");
                        grown += 3;
                        continue;
                    }
                }
                textcodec::DecoderResult::Malformed(a, b) => {
                    errors.push((a, b));
                    units8.extend_from_slice("\u{FFFD}".as_bytes());
                    units16.push(0xFFFD);
                }
            }
            grown = room;
        }
        assert_eq!(read, chunk.len());
    }
    let text = match to {
        To::Utf8 => String::from_utf8(units8).expect("UTF-8 output"),
        To::Utf16 => String::from_utf16(&units16).expect("UTF-16 output"),
    };
    Decoded { text, errors }
}

/// Decodes `chunks` with encoding_rs, with room for any character.
fn theirs(enc: Enc, chunks: &[&[u8]]) -> Decoded {
    let mut d = enc.theirs().new_decoder_without_bom_handling();
    let (mut units, mut errors) = (Vec::new(), Vec::new());
    let mut buf = [0u16; 64];
    for (i, chunk) in chunks.iter().enumerate() {
        let last = i + 1 == chunks.len();
        let mut read = 0;
        loop {
            let (result, r, w) =
                d.decode_to_utf16_without_replacement(&chunk[read..], &mut buf, last);
            read += r;
            units.extend_from_slice(&buf[..w]);
            match result {
                encoding_rs::DecoderResult::InputEmpty => break,
                encoding_rs::DecoderResult::OutputFull => {}
                encoding_rs::DecoderResult::Malformed(a, b) => {
                    errors.push((a, b));
                    units.push(0xFFFD);
                }
            }
        }
    }
    Decoded {
        text: String::from_utf16(&units).unwrap(),
        errors,
    }
}

/// Checks `bytes` in one piece: ours to UTF-8 and UTF-16 is the spec's text;
/// where encoding_rs gives the spec's text too, ours gives its reports. Returns
/// whether encoding_rs differs from the spec.
fn check_one_shot(enc: Enc, bytes: &[u8]) -> bool {
    let spec = cjk_ref::decode(enc, bytes);
    let rs = theirs(enc, &[bytes]);
    for to in [To::Utf8, To::Utf16] {
        let mine = ours(enc, &[bytes], bytes.len() * 3 + 8, to);
        assert_eq!(mine.text, spec, "{} {to:?} {bytes:02X?}", enc.name());
        if rs.text == spec {
            assert_eq!(mine, rs, "{} {to:?} {bytes:02X?}", enc.name());
        }
    }
    rs.text != spec
}

/// Shift_JIS: every single byte and every two-byte input, alone, after ASCII, and
/// inside a run of mapped pairs long enough for the vector pair decoder.
#[test]
fn shift_jis_every_byte_and_pair() {
    let enc = Enc::ShiftJis;
    let mut disagreements = 0;
    for a in 0..=255u8 {
        disagreements += usize::from(check_one_shot(enc, &[a]));
        disagreements += usize::from(check_one_shot(enc, &[b'x', a]));
    }
    // U+4E9C, a mapped pair.
    let good = [0x88u8, 0x9F];
    for a in 0..=255u8 {
        for b in 0..=255u8 {
            disagreements += usize::from(check_one_shot(enc, &[a, b]));
            // At a varying place in a run of pairs (the vector decoder's 16-byte
            // chunks, its 64-byte windows and the byte after them).
            let before = usize::from(a ^ b) % 40;
            let mut bytes = good.repeat(before);
            bytes.extend([a, b]);
            bytes.extend(good.repeat(40));
            disagreements += usize::from(check_one_shot(enc, &bytes));
        }
    }
    assert_eq!(disagreements, 0, "encoding_rs and the spec differ");
}

/// ISO-2022-JP: every byte pair in the jis0208 state, alone and at a varying place
/// in a run of mapped pairs long enough for the vector decoder, with ASCII after
/// the run and an escape sequence back to ASCII.
#[test]
fn iso_2022_jp_every_jis0208_pair() {
    let enc = Enc::Iso2022Jp;
    let mut disagreements = 0;
    // U+4E9C, a mapped pair.
    let good = [0x30u8, 0x21];
    for a in 0..=255u8 {
        disagreements += usize::from(check_one_shot(enc, &[0x1B, b'$', b'B', a]));
        for b in 0..=255u8 {
            disagreements += usize::from(check_one_shot(enc, &[0x1B, b'$', b'B', a, b]));
            let before = usize::from(a.wrapping_mul(7) ^ b) % 72;
            let mut bytes = b"\x1b$B".to_vec();
            bytes.extend(good.repeat(before));
            bytes.extend([a, b]);
            bytes.extend(good.repeat(60 - before % 50));
            bytes.extend(b"\x1b(Bok");
            disagreements += usize::from(check_one_shot(enc, &bytes));
        }
    }
    assert_eq!(disagreements, 0, "encoding_rs and the spec differ");
}

/// Appends a random piece of ISO-2022-JP (or not quite) to `out`.
fn piece(rng: &mut SmallRng, out: &mut Vec<u8>) {
    const ESCAPES: [&[u8]; 12] = [
        b"\x1b(B", b"\x1b(J", b"\x1b(I", b"\x1b$@", b"\x1b$B", b"\x1b$B", b"\x1b(B",
        // Broken ones.
        b"\x1b", b"\x1b$", b"\x1b(", b"\x1b$A", b"\x1b(x",
    ];
    match rng.gen_range(0..12) {
        0..=2 => out.extend(ESCAPES[rng.gen_range(0..ESCAPES.len())]),
        3 | 4 => {
            // ASCII, with the bytes some states treat differently.
            for _ in 0..rng.gen_range(1..40) {
                let b = match rng.gen_range(0..10) {
                    0 => *[b'\\', b'~', 0x0E, 0x0F, b'\n', 0x7F]
                        .get(rng.gen_range(0..6))
                        .unwrap(),
                    _ => rng.gen_range(0x20..0x7F),
                };
                out.push(b);
            }
        }
        5..=7 => {
            // Pairs: mostly kanji and kana (rows 16..47 and 4..5), some symbols,
            // Greek and Cyrillic (two-byte UTF-8), rows 88..93, anything.
            for _ in 0..rng.gen_range(1..80) {
                let row = match rng.gen_range(0..20) {
                    0 => rng.gen_range(0..94),
                    1 => rng.gen_range(5..8),
                    2 => rng.gen_range(88..94),
                    3 | 4 => rng.gen_range(3..5),
                    _ => rng.gen_range(15..47),
                };
                out.extend([0x21 + row, rng.gen_range(0x21..0x7F)]);
            }
        }
        8 => {
            // Katakana bytes and a few others.
            for _ in 0..rng.gen_range(1..10) {
                out.push(rng.gen_range(0x21..0x60));
            }
        }
        9 => out.push(rng.gen_range(0x80..=0xFF)),
        10 => out.push(rng.gen_range(0..0x21)),
        _ => {
            // A long run of mapped kanji, for the vector decoder, with one odd
            // byte somewhere in it sometimes.
            out.extend(b"\x1b$B");
            let n = rng.gen_range(30..140);
            let odd = rng.gen_range(0..n * 4);
            for i in 0..n {
                if i == odd {
                    out.push(rng.gen_range(0..=0xFF));
                }
                out.extend([rng.gen_range(0x30..0x4F), rng.gen_range(0x21..0x7F)]);
            }
        }
    }
}

/// A random ISO-2022-JP stream of about `len` bytes.
fn stream(rng: &mut SmallRng, len: usize) -> Vec<u8> {
    let mut out = Vec::new();
    while out.len() < len {
        piece(rng, &mut out);
    }
    out
}

/// Random streams in one piece: the spec's text, encoding_rs's reports.
#[test]
fn iso_2022_jp_random_streams_one_shot() {
    let mut rng = rng(0x2022);
    let mut disagreements = 0;
    for _ in 0..3000 {
        let len = rng.gen_range(1..600);
        let bytes = stream(&mut rng, len);
        disagreements += usize::from(check_one_shot(Enc::Iso2022Jp, &bytes));
    }
    assert_eq!(disagreements, 0, "encoding_rs and the spec differ");
}

/// Random streams split at every position (and in three at random places), each
/// decoded through every output room from 1 to 8 units: the one-shot decode, and
/// encoding_rs's with the same split.
#[test]
fn iso_2022_jp_random_streams_split_through_small_rooms() {
    let enc = Enc::Iso2022Jp;
    let mut rng = rng(0x0208);
    for _ in 0..150 {
        let len = rng.gen_range(1..160);
        let bytes = stream(&mut rng, len);
        for to in [To::Utf8, To::Utf16] {
            let whole = ours(enc, &[&bytes], bytes.len() * 3 + 8, to);
            for at in 0..=bytes.len() {
                let (a, b) = bytes.split_at(at);
                let rs = theirs(enc, &[a, b]);
                for room in 1..=8 {
                    let mine = ours(enc, &[a, b], room, to);
                    assert_eq!(
                        mine.text, whole.text,
                        "{to:?} {bytes:02X?} at {at} room {room}"
                    );
                    assert_eq!(mine, rs, "{to:?} {bytes:02X?} at {at} room {room}");
                }
            }
            for _ in 0..20 {
                let mut cuts = [
                    rng.gen_range(0..=bytes.len()),
                    rng.gen_range(0..=bytes.len()),
                ];
                cuts.sort_unstable();
                let chunks = [
                    &bytes[..cuts[0]],
                    &bytes[cuts[0]..cuts[1]],
                    &bytes[cuts[1]..],
                ];
                let rs = theirs(enc, &chunks);
                for room in 1..=8 {
                    let mine = ours(enc, &chunks, room, to);
                    assert_eq!(mine.text, whole.text, "{to:?} {bytes:02X?} {cuts:?}");
                    assert_eq!(mine, rs, "{to:?} {bytes:02X?} {cuts:?} room {room}");
                }
            }
        }
    }
}

/// Longer streams (runs the vector decoder takes several windows of) split at
/// random places, through small and large rooms.
#[test]
fn iso_2022_jp_long_streams_split() {
    let enc = Enc::Iso2022Jp;
    let mut rng = rng(0x7E7E);
    for _ in 0..200 {
        let len = rng.gen_range(200..3000);
        let bytes = stream(&mut rng, len);
        assert!(
            !check_one_shot(enc, &bytes),
            "encoding_rs and the spec differ"
        );
        for to in [To::Utf8, To::Utf16] {
            let whole = ours(enc, &[&bytes], bytes.len() * 3 + 8, to);
            for _ in 0..4 {
                let chunks = common::random_split(&mut rng, &bytes, 6);
                let rs = theirs(enc, &chunks);
                for room in [1, 3, 4, 7, 64, 200] {
                    let mine = ours(enc, &chunks, room, to);
                    assert_eq!(mine.text, whole.text, "{to:?} room {room}");
                    assert_eq!(mine, rs, "{to:?} room {room}");
                }
            }
        }
    }
}

/// The ASCII state's scan: each byte it stops at (ESC, SO, SI, from 0x80 up) at
/// places in runs of up to 100 ASCII bytes, after ESC ( B and after ESC ( J, in
/// one piece and through rooms of 1 and 5 units.
#[test]
fn iso_2022_jp_ascii_runs() {
    let enc = Enc::Iso2022Jp;
    for prefix in [&b""[..], b"\x1b(B", b"\x1b(J", b"\x1b$Bxx\x1b(B"] {
        for stop in [0x1Bu8, 0x0E, 0x0F, 0x80, 0xFF, b'A'] {
            for len in 0..100usize {
                for at in [0, len / 3, len / 2, len.saturating_sub(1), len] {
                    let mut bytes = prefix.to_vec();
                    bytes.extend((0..len).map(|i| b'a' + (i % 26) as u8));
                    if at <= len {
                        bytes.insert(prefix.len() + at, stop);
                    }
                    assert!(
                        !check_one_shot(enc, &bytes),
                        "encoding_rs and the spec differ"
                    );
                    for to in [To::Utf8, To::Utf16] {
                        let whole = ours(enc, &[&bytes], bytes.len() * 3 + 8, to);
                        for room in [1, 5] {
                            assert_eq!(ours(enc, &[&bytes], room, to), whole, "{bytes:02X?}");
                        }
                    }
                }
            }
        }
    }
}
