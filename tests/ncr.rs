//! Encoding with replacement where unmappable characters are dense: long texts that
//! mix ASCII runs, the encoding's own characters (inside and outside a single-byte
//! table's run, so that the encoder builds its out-of-run map mid-call) and
//! unmappable characters, streamed in random chunks through buffers of many sizes,
//! must give encoding_rs's bytes; the `_without_replacement` methods, driven by a
//! loop that writes the references itself, must give the same bytes too.

mod common;

use common::{pairs, random_split, rng, rs_encode_utf16};
use rand::rngs::SmallRng;
use rand::Rng;

/// The characters `theirs` maps (from decoding every byte and byte pair), sorted.
fn mapped_chars(theirs: &'static encoding_rs::Encoding) -> Vec<char> {
    let mut bytes = Vec::new();
    for a in 0x80..=0xFFu8 {
        bytes.push(a);
        bytes.push(b' ');
        for b in [0x40u8, 0x41, 0x7E, 0xA1, 0xA2, 0xB0, 0xC8, 0xFE] {
            bytes.extend_from_slice(&[a, b, b' ']);
        }
    }
    let (text, _) = theirs.decode_without_bom_handling(&bytes);
    let mut chars: Vec<char> = text
        .chars()
        .filter(|&c| !c.is_ascii() && c != '\u{FFFD}')
        .collect();
    chars.sort_unstable();
    chars.dedup();
    chars
}

/// A text of `len` characters: ASCII words and runs, characters of `mapped`, and
/// unmappable ones (CJK, Hangul, Vietnamese, astral, U+FFFD, ESC in ASCII runs), with the share of
/// each drawn per text.
fn dense_text(rng: &mut SmallRng, mapped: &[char], len: usize) -> String {
    let unmappable_share = rng.gen_range(1..8);
    let mut s = String::new();
    let mut n = 0;
    while n < len {
        match rng.gen_range(0..10) {
            k if k < unmappable_share => {
                let c = match rng.gen_range(0..6) {
                    0 => rng.gen_range(0x4E00..0x9FA6),
                    1 => rng.gen_range(0xAC00..0xD7A4),
                    2 => rng.gen_range(0x1EA0..0x1EFA),
                    3 => rng.gen_range(0x1F300..0x1F600),
                    4 => 0xFFFD,
                    _ => rng.gen_range(0x400..0x460),
                };
                s.push(char::from_u32(c).unwrap());
                n += 1;
            }
            8 => {
                // An ASCII run, sometimes long.
                let run = if rng.gen_range(0..4) == 0 { 40 } else { 3 };
                for _ in 0..run {
                    // Now and then ESC, SO or SI, which ISO-2022-JP does not write.
                    let b = match rng.gen_range(0..60) {
                        0 => 0x1B,
                        1 => 0x0E,
                        2 => 0x0F,
                        _ => rng.gen_range(b'a'..=b'z'),
                    };
                    s.push(char::from(b));
                }
                n += run;
            }
            _ => {
                if let Some(&c) = mapped.get(rng.gen_range(0..mapped.len().max(1))) {
                    s.push(c);
                } else {
                    s.push(' ');
                }
                n += 1;
            }
        }
    }
    s
}

/// Encodes `chunks` with replacement through `out_len`-byte buffers.
fn stream_utf8(encoder: &mut textcodec::Encoder, chunks: &[&[u8]], out_len: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let mut buf = vec![0u8; out_len];
    for (k, chunk) in chunks.iter().enumerate() {
        let chunk = std::str::from_utf8(chunk).unwrap();
        let last = k + 1 == chunks.len();
        let mut read = 0;
        loop {
            let (r, n, w, _) = encoder.encode_from_utf8(&chunk[read..], &mut buf, last);
            read += n;
            out.extend_from_slice(&buf[..w]);
            if r == textcodec::CoderResult::InputEmpty {
                assert_eq!(read, chunk.len());
                break;
            }
            assert!(n > 0 || w > 0, "no progress with {out_len} bytes of output");
        }
    }
    out
}

/// Encodes without replacement, writing the references here after each reported
/// character (as a caller with its own replacement would).
fn reporting_utf8(encoder: &mut textcodec::Encoder, text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut buf = vec![0u8; text.len() * 4 + 16];
    let mut read = 0;
    loop {
        let (r, n, w) = encoder.encode_from_utf8_without_replacement(&text[read..], &mut buf, true);
        read += n;
        out.extend_from_slice(&buf[..w]);
        match r {
            textcodec::EncoderResult::InputEmpty => return out,
            textcodec::EncoderResult::Unmappable(c) => {
                out.extend_from_slice(format!("&#{};", u32::from(c)).as_bytes())
            }
            textcodec::EncoderResult::OutputFull => panic!("buffer sized for all of it"),
        }
    }
}

/// Chunks of a `&str` cut at character boundaries only.
fn split_str<'a>(rng: &mut SmallRng, text: &'a str, max_chunks: usize) -> Vec<&'a [u8]> {
    let mut chunks = Vec::new();
    let mut rest = text;
    for piece in random_split(rng, text.as_bytes(), max_chunks) {
        let mut end = piece.len().min(rest.len());
        while !rest.is_char_boundary(end) {
            end += 1;
        }
        let (head, tail) = rest.split_at(end);
        chunks.push(head.as_bytes());
        rest = tail;
    }
    chunks.push(rest.as_bytes());
    chunks
}

#[test]
fn dense_unmappables_match_encoding_rs() {
    let mut rng = rng(1258);
    for (ours, theirs) in pairs() {
        if ours.new_encoder().encoding() == textcodec::UTF_8 {
            continue;
        }
        // ISO-2022-JP's characters are EUC-JP's (less JIS X 0212).
        let mapped = if ours == textcodec::ISO_2022_JP {
            mapped_chars(encoding_rs::EUC_JP)
        } else {
            mapped_chars(theirs)
        };
        for round in 0..6 {
            let len = [40, 300, 1000, 3000, 700, 5000][round];
            let text = dense_text(&mut rng, &mapped, len);
            let (expected, _, _) = theirs.encode(&text);

            let (one_shot, _, _) = ours.encode(&text);
            assert_eq!(&*one_shot, &*expected, "{} one-shot", ours.name());

            let chunks = split_str(&mut rng, &text, 6);
            for out_len in [14, 15, 23, 64, 700, 100_000] {
                let got = stream_utf8(&mut ours.new_encoder(), &chunks, out_len);
                assert_eq!(
                    got,
                    &*expected,
                    "{} utf-8, {out_len}-byte output",
                    ours.name()
                );
            }

            let utf16: Vec<u16> = text.encode_utf16().collect();
            assert_eq!(rs_encode_utf16(theirs, &utf16), &*expected);
            let chunks = random_split(&mut rng, &utf16, 6);
            for out_len in [14, 33, 100_000] {
                let got = common::stream_encode_utf16(&mut ours.new_encoder(), &chunks, out_len);
                assert_eq!(
                    got,
                    &*expected,
                    "{} utf-16, {out_len}-byte output",
                    ours.name()
                );
            }

            let got = reporting_utf8(&mut ours.new_encoder(), &text);
            assert_eq!(got, &*expected, "{} without replacement", ours.name());
        }
    }
}

#[test]
fn replaced_flag_and_minimum_buffer() {
    for (ours, _) in pairs() {
        if ours.can_encode_everything() {
            continue;
        }
        let mut e = ours.new_encoder();
        let mut out = [0u8; 64];
        // U+E5E5: unmappable in every encoding (gb18030's encoder excludes it).
        let (r, read, written, replaced) = e.encode_from_utf8("a\u{E5E5}b", &mut out, true);
        assert_eq!(
            (r, read, &out[..written], replaced),
            (
                textcodec::CoderResult::InputEmpty,
                5,
                &b"a&#58853;b"[..],
                true
            ),
            "{}",
            ours.name()
        );
        let mut e = ours.new_encoder();
        let (r, _, _, replaced) = e.encode_from_utf8("ab", &mut out, true);
        assert_eq!((r, replaced), (textcodec::CoderResult::InputEmpty, false));
        // The reference does not fit in the 7 bytes left after "abc": the character
        // stays unread.
        let mut e = ours.new_encoder();
        let (r, read, written, _) = e.encode_from_utf8("abc\u{E5E5}", &mut out[..10], true);
        assert_eq!(
            (r, read, written),
            (textcodec::CoderResult::OutputFull, 3, 3),
            "{}",
            ours.name()
        );
    }
}
