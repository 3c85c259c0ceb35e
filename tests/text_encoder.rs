//! `TextEncoder` and `TextEncoderStream`: `encodeInto()` with every destination length
//! against the spec's loop, lone surrogates as U+FFFD, and the encoder stream's held
//! high surrogate at every split.

mod common;
mod text_common;

use common::{random_string, random_utf16, rng};
use rand::Rng;
use text_common::{model_encode_into, usv};
use textcodec::text::{EncodeIntoResult, TextEncoder, TextEncoderStream};

/// Sources as JavaScript strings: ASCII, 2/3/4-byte characters, lone and reversed
/// surrogates, surrogates at either end.
fn sources() -> Vec<Vec<u16>> {
    let mut v: Vec<Vec<u16>> = [
        "",
        "Hi",
        "A",
        "\u{A0}",
        "\u{2345}",
        "\u{1D306}",
        "a\u{e9}\u{20ac}\u{1F4A9}z",
        "\u{1F4A9}\u{1F4A9}\u{1F4A9}",
        "\u{FEFF}\u{FFFF}\u{10FFFF}",
    ]
    .iter()
    .map(|s| s.encode_utf16().collect())
    .collect();
    v.extend([
        vec![0xDF06, 0xD834],
        vec![0xD834],
        vec![0xDF06],
        vec![0x61, 0xD834],
        vec![0xD834, 0x61],
        vec![0xD800, 0xD800, 0xDC00],
        vec![0xDC00, 0xDC00, 0xD800],
        vec![0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0xD800, 0xDFFF],
    ]);
    let mut r = rng(1320);
    for _ in 0..30 {
        let len = r.gen_range(0..20);
        v.push(random_utf16(&mut r, len));
    }
    v
}

#[test]
fn encode_into_every_destination_length() {
    let encoder = TextEncoder::new();
    for source in sources() {
        let max = 3 * source.len() + 4;
        for len in 0..=max {
            let (read, written, bytes) = model_encode_into(&source, len);
            // Bytes past `written` keep what was there.
            let mut dest = vec![0xCCu8; len + 8];
            let r = encoder.encode_utf16_into(&source, &mut dest[..len]);
            assert_eq!(
                (r.read, r.written),
                (read, written),
                "{source:04x?} into {len}"
            );
            assert_eq!(&dest[..written], &bytes[..]);
            assert!(dest[written..].iter().all(|&b| b == 0xCC));
            // The same from a `&str` when the source has no lone surrogate.
            if let Ok(s) = String::from_utf16(&source) {
                let mut dest = vec![0xCCu8; len + 8];
                let r = encoder.encode_into(&s, &mut dest[..len]);
                assert_eq!((r.read, r.written), (read, written), "{s:?} into {len}");
                assert_eq!(&dest[..written], &bytes[..]);
                assert!(dest[written..].iter().all(|&b| b == 0xCC));
            }
        }
    }
}

#[test]
fn encode_into_never_splits_and_never_skips() {
    let encoder = TextEncoder::new();
    let mut dest = [0u8; 5];
    // "a" (1) + U+1F4A9 (4) fits exactly; the "b" after it does not.
    let r = encoder.encode_into("a\u{1F4A9}b", &mut dest);
    assert_eq!(
        r,
        EncodeIntoResult {
            read: 3,
            written: 5
        }
    );
    // A 4-byte character does not fit in 3: nothing is written, not even the "b" after it.
    let r = encoder.encode_into("\u{1F4A9}b", &mut dest[..3]);
    assert_eq!(
        r,
        EncodeIntoResult {
            read: 0,
            written: 0
        }
    );
    // A lone surrogate is one unit read and three bytes written.
    let r = encoder.encode_utf16_into(&[0xD800, 0x62], &mut dest);
    assert_eq!(
        r,
        EncodeIntoResult {
            read: 2,
            written: 4
        }
    );
    assert_eq!(&dest[..4], b"\xEF\xBF\xBDb");
    // A reversed pair is two U+FFFD.
    let r = encoder.encode_utf16_into(&[0xDF06, 0xD834], &mut [0u8; 6]);
    assert_eq!(
        r,
        EncodeIntoResult {
            read: 2,
            written: 6
        }
    );
}

#[test]
fn encode_into_large_inputs_against_the_model() {
    // Long enough for the vector kernels, cut at lengths around every boundary.
    let encoder = TextEncoder::new();
    let mut r = rng(1321);
    for _ in 0..20 {
        let len = r.gen_range(100..600);
        let source = random_utf16(&mut r, len);
        for _ in 0..20 {
            let dlen = r.gen_range(0..3 * source.len() + 4);
            let (read, written, bytes) = model_encode_into(&source, dlen);
            let mut dest = vec![0u8; dlen];
            let got = encoder.encode_utf16_into(&source, &mut dest);
            assert_eq!((got.read, got.written), (read, written));
            assert_eq!(&dest[..written], &bytes[..]);
        }
        let ascii: String = (0..len).map(|i| (b'a' + (i % 26) as u8) as char).collect();
        for dlen in [0, 1, 31, 32, 33, 63, 64, 65, len - 1, len, len + 1] {
            let mut dest = vec![0u8; dlen];
            let got = encoder.encode_into(&ascii, &mut dest);
            let n = dlen.min(len);
            assert_eq!((got.read, got.written), (n, n));
        }
    }
}

#[test]
fn encode_is_utf8_with_lone_surrogates_replaced() {
    let encoder = TextEncoder::new();
    assert_eq!(encoder.encoding(), "utf-8");
    assert_eq!(encoder.encode(""), b"");
    assert_eq!(
        encoder.encode("a\u{e9}\u{1F4A9}"),
        "a\u{e9}\u{1F4A9}".as_bytes()
    );
    for source in sources() {
        assert_eq!(
            encoder.encode_utf16(&source),
            usv(&source).as_bytes(),
            "{source:04x?}"
        );
    }
    // A surrogate pair straddling the converter's internal chunks stays one character.
    let mut long: Vec<u16> = vec![0x61; 16 * 1024 - 1];
    long.extend([0xD83D, 0xDCA9]);
    long.extend(vec![0x62; 100]);
    assert_eq!(encoder.encode_utf16(&long), usv(&long).as_bytes());
}

/// The encoder stream over `chunks`, owning and into caller buffers of `room` bytes.
fn stream_owned(chunks: &[&[u16]]) -> (Vec<Vec<u8>>, Vec<u8>) {
    let mut s = TextEncoderStream::new();
    let out = chunks.iter().map(|c| s.transform(c)).collect();
    (out, s.flush())
}

fn stream_into(chunks: &[&[u16]], room: usize) -> Vec<u8> {
    let mut s = TextEncoderStream::new();
    let mut out = Vec::new();
    for chunk in chunks {
        let mut pos = 0;
        loop {
            let mut buf = vec![0u8; room];
            let r = s.transform_into(&chunk[pos..], &mut buf);
            out.extend_from_slice(&buf[..r.written]);
            pos += r.read;
            if pos == chunk.len() {
                break;
            }
            assert!(r.read > 0 || r.written > 0, "no progress with {room} bytes");
        }
    }
    let mut buf = vec![0u8; room];
    let n = s.flush_into(&mut buf).unwrap();
    out.extend_from_slice(&buf[..n]);
    out
}

#[test]
fn encoder_stream_joins_pairs_split_at_every_index() {
    for source in sources() {
        let expected = usv(&source);
        for i in 0..=source.len() {
            for j in i..=source.len() {
                let chunks = [&source[..i], &source[i..j], &source[j..]];
                let (parts, tail) = stream_owned(&chunks);
                let joined: Vec<u8> = parts.concat().into_iter().chain(tail).collect();
                assert_eq!(joined, expected.as_bytes(), "{source:04x?} at {i},{j}");
                for room in [4, 5, 64] {
                    assert_eq!(stream_into(&chunks, room), expected.as_bytes());
                }
            }
        }
    }
}

#[test]
fn encoder_stream_chunk_by_chunk() {
    // Restated from the suite's encoder stream cases: the output per chunk.
    let mut s = TextEncoderStream::new();
    assert_eq!(s.encoding(), "utf-8");
    assert_eq!(s.transform(&[0x68, 0x69]), b"hi");
    assert_eq!(s.transform(&[]), b""); // an empty chunk enqueues nothing
    assert_eq!(s.transform(&[0xD83D]), b""); // a high surrogate is held...
    assert_eq!(s.leading_surrogate(), Some(0xD83D));
    assert_eq!(s.transform(&[]), b""); // ...also across an empty chunk...
    assert_eq!(s.transform(&[0xDE03]), "\u{1F603}".as_bytes()); // ...and joined
    assert_eq!(s.transform(&[0xDE03]), "\u{FFFD}".as_bytes()); // a lone low surrogate
    assert_eq!(s.transform(&[0xD83D]), b"");
    assert_eq!(s.transform(&[0x61]), "\u{FFFD}a".as_bytes()); // not followed by a low one
    assert_eq!(s.transform(&[0xD83D]), b"");
    assert_eq!(s.transform(&[0xD83D]), "\u{FFFD}".as_bytes()); // two highs in a row
    assert_eq!(s.flush(), "\u{FFFD}".as_bytes()); // the held one at the end
    assert_eq!(s.flush(), b"");
    // `&str` chunks: a held high surrogate cannot pair with them.
    let mut s = TextEncoderStream::new();
    assert_eq!(s.transform(&[0x61, 0xD83D]), b"a");
    assert_eq!(s.transform_str(""), b"");
    assert_eq!(s.transform_str("b"), "\u{FFFD}b".as_bytes());
    assert_eq!(s.flush(), b"");
    let mut s = TextEncoderStream::new();
    let mut buf = [0u8; 8];
    assert_eq!(
        s.transform_into(&[0xD83D], &mut buf),
        EncodeIntoResult {
            read: 1,
            written: 0
        }
    );
    // The held surrogate's U+FFFD fits, the next character does not: nothing of the
    // chunk is read, but the U+FFFD is written and the surrogate no longer held.
    assert_eq!(
        s.transform_str_into("\u{1F4A9}", &mut buf[..3]),
        EncodeIntoResult {
            read: 0,
            written: 3
        }
    );
    assert_eq!(&buf[..3], "\u{FFFD}".as_bytes());
    assert_eq!(s.leading_surrogate(), None);
    assert_eq!(
        s.transform_str_into("\u{1F4A9}", &mut buf),
        EncodeIntoResult {
            read: 2,
            written: 4
        }
    );
    assert_eq!(&buf[..4], "\u{1F4A9}".as_bytes());
    assert_eq!(
        s.transform_into(&[0xD83D], &mut buf),
        EncodeIntoResult {
            read: 1,
            written: 0
        }
    );
    assert_eq!(s.flush_into(&mut buf[..2]), None);
    assert_eq!(s.flush_into(&mut buf[..3]), Some(3));
    assert_eq!(s.flush_into(&mut buf), Some(0));
}

#[test]
fn encoder_stream_random_chunks() {
    let mut r = rng(1322);
    for _ in 0..200 {
        let len = r.gen_range(0..40);
        let source = if r.gen_bool(0.5) {
            random_utf16(&mut r, len)
        } else {
            random_string(&mut r, len).encode_utf16().collect()
        };
        let mut cuts: Vec<usize> = (0..r.gen_range(0..6))
            .map(|_| r.gen_range(0..=source.len()))
            .collect();
        cuts.extend([0, source.len()]);
        cuts.sort_unstable();
        let chunks: Vec<&[u16]> = cuts.windows(2).map(|w| &source[w[0]..w[1]]).collect();
        let (parts, tail) = stream_owned(&chunks);
        let joined: Vec<u8> = parts.concat().into_iter().chain(tail).collect();
        assert_eq!(joined, usv(&source).as_bytes());
        assert_eq!(stream_into(&chunks, 4), usv(&source).as_bytes());
    }
}
