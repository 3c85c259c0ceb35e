//! The CJK codecs against encoding_rs (which implements the same spec, GB18030-2022
//! included): exhaustive short sequences with the exact `Malformed` reports, every
//! gb18030 four-byte sequence, EUC-JP three-byte sequences, ISO-2022-JP escapes in
//! every state, streams split at every index through tiny buffers, the corpus
//! (clean and corrupted) and random input; plus the buffer-length bounds and
//! `latin1_byte_compatible_up_to`.

mod cjk_ref;
mod common;
use cjk_ref::{Enc, ALL};
use common::*;
use rand::Rng;

/// Decodes one-shot (roomy buffer) with both and compares output and reports.
fn same_decode(enc: Enc, chunks: &[&[u8]], out_len: usize) {
    let mine = stream_decode_utf16(
        &mut enc.ours().new_decoder_without_bom_handling(),
        chunks,
        out_len,
    );
    let rs = stream_decode_utf16_rs(
        &mut enc.theirs().new_decoder_without_bom_handling(),
        chunks,
        out_len,
    );
    assert_eq!(mine, rs, "{} {:02X?}", enc.name(), chunks);
}

#[test]
fn two_byte_sequences_split_after_the_lead() {
    for enc in ALL {
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                same_decode(enc, &[&[a], &[b, b'A']], 8);
                same_decode(enc, &[&[b'x', a], &[b], &[]], 8);
            }
        }
    }
}

/// Every lead and trail byte as one pair of a 16-byte block whose other seven pairs
/// are mapped (the blocks the vector pair decoder takes whole or not at all), at
/// each of the eight places in turn, to UTF-8 and UTF-16, in one long input per
/// lead; the same with a block of valid pairs before and after.
#[test]
fn every_pair_inside_vector_blocks() {
    for enc in ALL {
        // A mapped pair of the main table of each encoding (U+4E9C, U+554A, U+4E00…).
        let good: [u8; 2] = match enc {
            Enc::ShiftJis => [0x88, 0x9F],
            Enc::EucJp | Enc::Iso2022Jp => [0xB0, 0xA1],
            Enc::Big5 => [0xA4, 0x40],
            Enc::EucKr => [0xB0, 0xA1],
            _ => [0xB0, 0xA1],
        };
        for lead in 0..=255u8 {
            let mut bytes = Vec::new();
            for trail in 0..=255u8 {
                let at = usize::from(trail % 8);
                bytes.extend(good.repeat(8));
                for k in 0..8 {
                    if k == at {
                        bytes.extend([lead, trail]);
                    } else {
                        bytes.extend(good);
                    }
                }
                bytes.extend(good.repeat(8));
                bytes.push(b'\n');
            }
            let (ours, ours_bad) = enc.ours().decode_without_bom_handling(&bytes);
            let (theirs, theirs_bad) = enc.theirs().decode_without_bom_handling(&bytes);
            assert!(
                ours == theirs && ours_bad == theirs_bad,
                "{} lead {lead:02X}",
                enc.name()
            );
            same_decode(enc, &[&bytes], bytes.len() * 2 + 8);
        }
    }
}

#[test]
fn every_gb18030_four_byte_sequence() {
    for enc in [Enc::Gb18030, Enc::Gbk] {
        for first in 0x81..=0xFEu8 {
            let mut bytes = Vec::with_capacity(126 * 100 * 4);
            for second in 0x30..=0x39u8 {
                for third in 0x81..=0xFEu8 {
                    for fourth in 0x30..=0x39u8 {
                        bytes.extend_from_slice(&[first, second, third, fourth]);
                    }
                }
            }
            let (ours, _) = enc.ours().decode_without_bom_handling(&bytes);
            let (theirs, _) = enc.theirs().decode_without_bom_handling(&bytes);
            assert!(ours == theirs, "{} first byte {first:02X}", enc.name());
            same_decode(enc, &[&bytes], bytes.len() + 8);
        }
    }
}

#[test]
fn gb18030_bad_third_and_fourth_bytes() {
    for (first, second) in [(0x81, 0x30), (0x84, 0x31), (0xE3, 0x32), (0xFE, 0x39)] {
        for third in 0..=255u8 {
            for fourth in 0..=255u8 {
                same_decode(Enc::Gb18030, &[&[first, second, third, fourth, b'A']], 16);
                same_decode(Enc::Gb18030, &[&[first, second, third, fourth]], 16);
            }
            same_decode(Enc::Gb18030, &[&[first, second, third]], 16);
            same_decode(Enc::Gb18030, &[&[first, second], &[third], &[0x30]], 16);
            same_decode(
                Enc::Gb18030,
                &[&[first], &[second, third], &[0x41, 0x81, 0x30]],
                16,
            );
        }
    }
}

#[test]
fn euc_jp_three_byte_sequences() {
    for a in 0..=255u8 {
        for b in 0..=255u8 {
            same_decode(Enc::EucJp, &[&[0x8F, a, b, b'A']], 16);
            same_decode(Enc::EucJp, &[&[0x8F, a, b]], 16);
            same_decode(Enc::EucJp, &[&[0x8F], &[a], &[b, b'A']], 16);
            same_decode(Enc::EucJp, &[&[0x8E, a, b]], 16);
        }
    }
}

#[test]
fn iso_2022_jp_escape_sequences_in_every_state() {
    let states: [&[u8]; 7] = [
        b"",
        b"\x1B(B",
        b"\x1B(J",
        b"\x1B(I",
        b"\x1B$B",
        b"\x1B$@",
        b"\x1B$B\x30",
    ];
    for state in states {
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                let seq = [state, &[0x1B, a, b]].concat();
                same_decode(Enc::Iso2022Jp, &[&seq], 32);
                same_decode(Enc::Iso2022Jp, &[&seq, b"\x21\x21A"], 32);
                same_decode(
                    Enc::Iso2022Jp,
                    &[&seq[..seq.len() - 1], &seq[seq.len() - 1..]],
                    32,
                );
            }
        }
    }
}

/// Legacy bytes for `enc` made from corpus text, or from a built-in sample.
fn samples(enc: Enc) -> Vec<(String, Vec<u8>)> {
    let langs: &[&str] = match enc {
        Enc::Gb18030 | Enc::Gbk => &["zh_cn"],
        Enc::Big5 => &["zh_tw"],
        Enc::EucKr => &["ko"],
        _ => &["ja"],
    };
    let mut out = Vec::new();
    if let Some(dir) = corpus_dir() {
        for lang in langs {
            for ext in ["txt", "html"] {
                let name = format!("{lang}.{ext}");
                let text = std::fs::read_to_string(dir.join(&name)).unwrap();
                out.push((name, enc.theirs().encode(&text).0.into_owned()));
            }
        }
    }
    out
}

fn corrupt(rng: &mut rand::rngs::SmallRng, bytes: &[u8], flips: usize) -> Vec<u8> {
    let mut v = bytes.to_vec();
    for _ in 0..flips {
        if v.is_empty() {
            break;
        }
        let i = rng.gen_range(0..v.len());
        v[i] = match rng.gen_range(0..3) {
            0 => rng.gen(),
            1 => v[i] ^ 0x80,
            _ => *[0x1B, 0x0A, 0x30, 0x81, 0xFF, 0x8E, 0x8F]
                .get(rng.gen_range(0..7))
                .unwrap(),
        };
    }
    v
}

fn check_decode_all(enc: Enc, bytes: &[u8], what: &str) {
    let (a, ar) = enc.ours().decode_without_bom_handling(bytes);
    let (b, br) = enc.theirs().decode_without_bom_handling(bytes);
    assert!(a == b && ar == br, "{} {what}", enc.name());
    let a = enc
        .ours()
        .decode_without_bom_handling_and_without_replacement(bytes);
    let b = enc
        .theirs()
        .decode_without_bom_handling_and_without_replacement(bytes);
    assert!(a == b, "{} {what} without replacement", enc.name());
    same_decode(enc, &[bytes], bytes.len() * 2 + 8);
}

#[test]
fn corpus_clean_and_corrupted() {
    let mut rng = rng(21);
    for enc in ALL {
        for (name, bytes) in samples(enc) {
            check_decode_all(enc, &bytes, &name);
            for flips in [1, 10, 100, 1000] {
                let bad = corrupt(&mut rng, &bytes, flips);
                check_decode_all(enc, &bad, &format!("{name} with {flips} flips"));
            }
            // Streamed through small buffers in random chunks.
            for _ in 0..4 {
                let bad = corrupt(&mut rng, &bytes, 50);
                let chunks = random_split(&mut rng, &bad, 40);
                same_decode(enc, &chunks, rng.gen_range(2..9));
                let expected = enc
                    .theirs()
                    .decode_without_bom_handling(&bad)
                    .0
                    .into_owned();
                let mut d = enc.ours().new_decoder_without_bom_handling();
                assert!(
                    stream_decode_utf8(&mut d, &chunks, rng.gen_range(4..12))
                        == expected.as_bytes()
                );
            }
        }
    }
}

#[test]
fn corpus_encode() {
    let Some(dir) = corpus_dir() else { return };
    for enc in ALL {
        for lang in ["ja", "zh_cn", "zh_tw", "ko"] {
            for ext in ["txt", "html"] {
                let text = std::fs::read_to_string(dir.join(format!("{lang}.{ext}"))).unwrap();
                let (a, ae, ar) = enc.ours().encode(&text);
                let (b, be, br) = enc.theirs().encode(&text);
                assert!(
                    a == b && ae.name() == be.name() && ar == br,
                    "{} {lang}.{ext}",
                    enc.name()
                );
                let utf16: Vec<u16> = text.encode_utf16().collect();
                let mine = stream_encode_utf16(&mut enc.ours().new_encoder(), &[&utf16], 4096);
                assert!(
                    mine == rs_encode_utf16(enc.theirs(), &utf16),
                    "{} {lang}.{ext} from UTF-16",
                    enc.name()
                );
                let mine = stream_encode_utf8(&mut enc.ours().new_encoder(), &[&text], 14);
                assert!(
                    mine == *b,
                    "{} {lang}.{ext} through 14-byte buffers",
                    enc.name()
                );
            }
        }
    }
}

/// Short inputs: split at every index (and every pair of indexes), through
/// output buffers of the minimum sizes.
#[test]
fn split_at_every_index_tiny_buffers() {
    let mut rng = rng(22);
    for enc in ALL {
        let mut inputs: Vec<Vec<u8>> = Vec::new();
        let text = "日本語の文字、中文字符，한국어 문자 ¥‾−ｱ €😀 A\\~";
        inputs.push(enc.theirs().encode(text).0.into_owned());
        for _ in 0..30 {
            let len = rng.gen_range(1..24);
            inputs.push(random_bytes(&mut rng, len));
            let clean = enc
                .theirs()
                .encode(&random_string(&mut rng, 8))
                .0
                .into_owned();
            inputs.push(corrupt(&mut rng, &clean, 2));
        }
        for bytes in &inputs {
            let n = bytes.len();
            for i in 0..=n {
                for out_len in [2, 3] {
                    same_decode(enc, &[&bytes[..i], &bytes[i..]], out_len);
                }
                let expected = enc
                    .theirs()
                    .decode_without_bom_handling(bytes)
                    .0
                    .into_owned();
                for out_len in [4, 5] {
                    let mut d = enc.ours().new_decoder_without_bom_handling();
                    let got = stream_decode_utf8(&mut d, &[&bytes[..i], &bytes[i..]], out_len);
                    assert!(
                        got == expected.as_bytes(),
                        "{} {bytes:02X?} at {i}",
                        enc.name()
                    );
                }
                if n <= 24 {
                    for j in i..=n {
                        same_decode(enc, &[&bytes[..i], &bytes[i..j], &bytes[j..]], 2);
                    }
                }
            }
        }
    }
}

#[test]
fn encode_split_at_every_index_tiny_buffers() {
    let mut rng = rng(23);
    for enc in ALL {
        let mut texts = vec![
            "日本語の文字、中文字符，한국어 문자 ¥‾−ｱ €😀 A\\~\u{E5E5}\u{E78D}".to_owned(),
            "¥\\¥\\§a§a漢a\u{1B}\u{FF76}x".to_owned(),
        ];
        for _ in 0..20 {
            let len = rng.gen_range(1..12);
            texts.push(random_string(&mut rng, len));
        }
        for text in &texts {
            let expected = enc.theirs().encode(text).0.into_owned();
            let bounds: Vec<usize> = (0..=text.len())
                .filter(|&i| text.is_char_boundary(i))
                .collect();
            for &i in &bounds {
                for out_len in [14, 15, 17] {
                    let got = stream_encode_utf8(
                        &mut enc.ours().new_encoder(),
                        &[&text[..i], &text[i..]],
                        out_len,
                    );
                    assert!(got == expected, "{} {text:?} at {i}", enc.name());
                }
            }
            let utf16: Vec<u16> = text.encode_utf16().collect();
            for i in 0..=utf16.len() {
                let got = stream_encode_utf16(
                    &mut enc.ours().new_encoder(),
                    &[&utf16[..i], &utf16[i..]],
                    14,
                );
                assert!(got == expected, "{} {text:?} UTF-16 at {i}", enc.name());
            }
        }
    }
}

#[test]
fn random_input() {
    let mut rng = rng(24);
    for enc in ALL {
        for _ in 0..2000 {
            let len = rng.gen_range(0..64);
            let bytes = random_bytes(&mut rng, len);
            check_decode_all(enc, &bytes, &format!("{bytes:02X?}"));
            let chunks = random_split(&mut rng, &bytes, 6);
            same_decode(enc, &chunks, rng.gen_range(2..6));

            let n = rng.gen_range(0..32);
            let text = random_string(&mut rng, n);
            let (a, _, ar) = enc.ours().encode(&text);
            let (b, _, br) = enc.theirs().encode(&text);
            assert!(a == b && ar == br, "{} {text:?}", enc.name());
            let n = rng.gen_range(0..32);
            let utf16 = random_utf16(&mut rng, n);
            let mine = stream_encode_utf16(&mut enc.ours().new_encoder(), &[&utf16], 4096);
            assert!(
                mine == rs_encode_utf16(enc.theirs(), &utf16),
                "{} {utf16:04X?}",
                enc.name()
            );
        }
    }
}

/// A buffer of `max_*_buffer_length` bytes lets one call finish, whatever the
/// decoder's state; and the encoders' bounds hold on their worst inputs.
#[test]
fn buffer_length_bounds() {
    let mut rng = rng(25);
    for enc in ALL {
        for _ in 0..3000 {
            let len = rng.gen_range(0..24);
            let bytes = random_bytes(&mut rng, len);
            let cut = rng.gen_range(0..=len);
            let (head, tail) = bytes.split_at(cut);
            // UTF-8 with and without replacement, and UTF-16, after a first chunk.
            let mut d = enc.ours().new_decoder();
            let mut sink = vec![0u8; head.len() * 3 + 16];
            let (r, _, _, _) = d.decode_to_utf8(head, &mut sink, false);
            assert_eq!(r, textcodec::CoderResult::InputEmpty);
            let (mut d16, mut dn) = (d.clone(), d.clone());
            let mut out = vec![0u8; d.max_utf8_buffer_length(tail.len()).unwrap()];
            let (r, read, _, _) = d.decode_to_utf8(tail, &mut out, true);
            assert_eq!(
                (r, read),
                (textcodec::CoderResult::InputEmpty, tail.len()),
                "{} {head:02X?} {tail:02X?}",
                enc.name()
            );
            let mut out = vec![0u16; d16.max_utf16_buffer_length(tail.len()).unwrap()];
            let (r, read, _, _) = d16.decode_to_utf16(tail, &mut out, true);
            assert_eq!(
                (r, read),
                (textcodec::CoderResult::InputEmpty, tail.len()),
                "{} {head:02X?} {tail:02X?}",
                enc.name()
            );
            let mut out = vec![
                0u8;
                dn.max_utf8_buffer_length_without_replacement(tail.len())
                    .unwrap()
            ];
            let (r, _, _) = dn.decode_to_utf8_without_replacement(tail, &mut out, true);
            assert_ne!(
                r,
                textcodec::DecoderResult::OutputFull,
                "{} {head:02X?} {tail:02X?}",
                enc.name()
            );
        }
        let mut texts: Vec<String> = vec![
            "\u{80}".repeat(50),
            "§a".repeat(30),
            "¥\\".repeat(30),
            "a¥".repeat(30),
            "ｱa".repeat(30),
            "漢".repeat(30),
            "😀".repeat(20),
        ];
        for _ in 0..300 {
            texts.push(random_string(&mut rng, 20));
        }
        for text in &texts {
            let mut e = enc.ours().new_encoder();
            let mut out = vec![
                0u8;
                e.max_buffer_length_from_utf8_without_replacement(text.len())
                    .unwrap()
            ];
            let (r, _, _) = e.encode_from_utf8_without_replacement(text, &mut out, true);
            assert_ne!(
                r,
                textcodec::EncoderResult::OutputFull,
                "{} {text:?}",
                enc.name()
            );
            let utf16: Vec<u16> = text.encode_utf16().collect();
            let mut e = enc.ours().new_encoder();
            let mut out = vec![
                0u8;
                e.max_buffer_length_from_utf16_without_replacement(utf16.len())
                    .unwrap()
            ];
            let (r, _, _) = e.encode_from_utf16_without_replacement(&utf16, &mut out, true);
            assert_ne!(
                r,
                textcodec::EncoderResult::OutputFull,
                "{} {text:?} UTF-16",
                enc.name()
            );
            // With replacement: mappable text finishes in one call.
            let mappable: String = text
                .chars()
                .filter(|c| !enc.ours().encode(&c.to_string()).2)
                .collect();
            let mut e = enc.ours().new_encoder();
            let mut out = vec![
                0u8;
                e.max_buffer_length_from_utf8_if_no_unmappables(mappable.len())
                    .unwrap()
            ];
            let (r, read, _, _) = e.encode_from_utf8(&mappable, &mut out, true);
            assert_eq!(
                (r, read),
                (textcodec::CoderResult::InputEmpty, mappable.len()),
                "{} {mappable:?}",
                enc.name()
            );
        }
    }
}

#[test]
fn latin1_byte_compatible_up_to_matches() {
    let mut rng = rng(26);
    for enc in ALL {
        for _ in 0..2000 {
            let len = rng.gen_range(0..16);
            let head = random_bytes(&mut rng, len);
            let probe = random_bytes(&mut rng, 16);
            let mut ours = enc.ours().new_decoder_without_bom_handling();
            let mut theirs = enc.theirs().new_decoder_without_bom_handling();
            let mut buf = [0u16; 64];
            let _ = ours.decode_to_utf16(&head, &mut buf, false);
            let _ = theirs.decode_to_utf16(&head, &mut buf, false);
            assert_eq!(
                ours.latin1_byte_compatible_up_to(&probe),
                theirs.latin1_byte_compatible_up_to(&probe),
                "{} {head:02X?} {probe:02X?}",
                enc.name()
            );
        }
    }
}

/// encoding_rs 0.8.44 implements the GB18030-2022 changes as the current spec does
/// (the 18 pointers moved off Private Use, the encoder's side table, U+E5E5 an
/// error), so no exception to "same as encoding_rs" is needed for gb18030; the
/// spec-conformance tests (cjk_spec.rs, cjk_index.rs) check the same behavior
/// against the spec's own algorithms.
#[test]
fn gb18030_2022_as_encoding_rs_has_it() {
    for (c, bytes) in cjk_ref::GB18030_SIDE_TABLE {
        let pua = char::from_u32(c).unwrap().to_string();
        for enc in [Enc::Gb18030, Enc::Gbk] {
            assert_eq!(&*enc.ours().encode(&pua).0, &bytes[..]);
            assert_eq!(&*enc.theirs().encode(&pua).0, &bytes[..]);
            let ours = enc.ours().decode_without_bom_handling(&bytes).0;
            assert_eq!(ours, enc.theirs().decode_without_bom_handling(&bytes).0);
            assert_ne!(ours, pua);
        }
    }
    for enc in [Enc::Gb18030, Enc::Gbk] {
        assert_eq!(
            &*enc.ours().encode("\u{E5E5}").0,
            &*enc.theirs().encode("\u{E5E5}").0
        );
        assert_eq!(
            enc.ours().decode(b"\xA3\xA0").0,
            enc.theirs().decode(b"\xA3\xA0").0
        );
    }
}

#[test]
fn every_two_byte_sequence_in_the_hot_loop_to_utf8() {
    // Between ideographs and with room to spare, so that each pair goes through the
    // decoders' hot loops, to UTF-8 as well as to UTF-16.
    for enc in ALL {
        let ideograph = enc.theirs().encode("\u{4E00}").0.into_owned();
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                let mut bytes = ideograph.clone();
                bytes.extend_from_slice(&[a, b]);
                bytes.extend_from_slice(&ideograph);
                bytes.extend_from_slice(&[b' ', a, b, b'A']);
                let expected = enc
                    .theirs()
                    .decode_without_bom_handling(&bytes)
                    .0
                    .into_owned();
                let mut d = enc.ours().new_decoder_without_bom_handling();
                let got = stream_decode_utf8(&mut d, &[&bytes], 64);
                assert!(got == expected.as_bytes(), "{} {bytes:02X?}", enc.name());
                same_decode(enc, &[&bytes], 64);
            }
        }
    }
}
