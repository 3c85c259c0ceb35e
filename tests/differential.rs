//! Differential tests against encoding_rs: one-shot and streamed, on random,
//! adversarial and corpus input, for every encoding textcodec supports.

mod common;
use common::*;
use rand::Rng;

fn check_decode(
    ours: &'static textcodec::Encoding,
    theirs: &'static encoding_rs::Encoding,
    bytes: &[u8],
    what: &str,
) {
    let (a, ae, ar) = ours.decode(bytes);
    let (b, be, br) = theirs.decode(bytes);
    assert_eq!(
        (&*a, ae.name(), ar),
        (&*b, be.name(), br),
        "decode {} {}",
        ours.name(),
        what
    );
    let (a, ar) = ours.decode_without_bom_handling(bytes);
    let (b, br) = theirs.decode_without_bom_handling(bytes);
    assert_eq!(
        (&*a, ar),
        (&*b, br),
        "decode_without_bom_handling {} {}",
        ours.name(),
        what
    );
    let (a, ar) = ours.decode_with_bom_removal(bytes);
    let (b, br) = theirs.decode_with_bom_removal(bytes);
    assert_eq!(
        (&*a, ar),
        (&*b, br),
        "decode_with_bom_removal {} {}",
        ours.name(),
        what
    );
    let a = ours.decode_without_bom_handling_and_without_replacement(bytes);
    let b = theirs.decode_without_bom_handling_and_without_replacement(bytes);
    assert_eq!(
        a.as_deref(),
        b.as_deref(),
        "without replacement {} {}",
        ours.name(),
        what
    );
    // The Malformed reports, one-shot, with a roomy buffer.
    let n = bytes.len() * 2 + 8;
    let mine = stream_decode_utf16(&mut ours.new_decoder(), &[bytes], n);
    let rs = stream_decode_utf16_rs(&mut theirs.new_decoder(), &[bytes], n);
    assert_eq!(
        mine,
        rs,
        "malformed reports {} {} {:02x?}",
        ours.name(),
        what,
        &bytes[..bytes.len().min(64)]
    );
}

fn check_encode(
    ours: &'static textcodec::Encoding,
    theirs: &'static encoding_rs::Encoding,
    text: &str,
    what: &str,
) {
    let (a, ae, ar) = ours.encode(text);
    let (b, be, br) = theirs.encode(text);
    assert_eq!(
        (&*a, ae.name(), ar),
        (&*b, be.name(), br),
        "encode {} {}",
        ours.name(),
        what
    );
    let utf16: Vec<u16> = text.encode_utf16().collect();
    let mine = stream_encode_utf16(&mut ours.new_encoder(), &[&utf16], 4096);
    assert_eq!(
        mine,
        rs_encode_utf16(theirs, &utf16),
        "encode utf16 {} {}",
        ours.name(),
        what
    );
}

#[test]
fn random_bytes_decode() {
    let mut rng = rng(1);
    for (ours, theirs) in pairs() {
        for round in 0..400 {
            let len = rng.gen_range(0..200);
            let bytes = random_bytes(&mut rng, len);
            check_decode(ours, theirs, &bytes, &format!("round {round}"));
        }
    }
}

#[test]
fn every_two_byte_sequence() {
    for (ours, theirs) in pairs() {
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                for bytes in [[a, b, b'A'].as_slice(), [a, b].as_slice()] {
                    let mine = stream_decode_utf16(
                        &mut ours.new_decoder_without_bom_handling(),
                        &[bytes],
                        16,
                    );
                    let rs = stream_decode_utf16_rs(
                        &mut theirs.new_decoder_without_bom_handling(),
                        &[bytes],
                        16,
                    );
                    assert_eq!(mine, rs, "{} {:02x?}", ours.name(), bytes);
                }
            }
        }
    }
}

#[test]
fn random_text_encode() {
    let mut rng = rng(2);
    for (ours, theirs) in pairs() {
        for round in 0..300 {
            let len = rng.gen_range(0..100);
            let text = random_string(&mut rng, len);
            check_encode(ours, theirs, &text, &format!("round {round}"));
        }
    }
}

#[test]
fn random_utf16_encode() {
    let mut rng = rng(3);
    for (ours, theirs) in pairs() {
        for _ in 0..300 {
            let len = rng.gen_range(0..100);
            let src = random_utf16(&mut rng, len);
            let mine = stream_encode_utf16(&mut ours.new_encoder(), &[&src], 4096);
            assert_eq!(
                mine,
                rs_encode_utf16(theirs, &src),
                "{} {:04x?}",
                ours.name(),
                src
            );
        }
    }
}

#[test]
fn corpus_decode_and_encode() {
    let files = corpus();
    for (ours, theirs) in pairs() {
        for (name, bytes) in &files {
            check_decode(ours, theirs, bytes, name);
            // Legacy bytes made from the article, decoded back.
            if let Ok(text) = std::str::from_utf8(bytes) {
                check_encode(ours, theirs, text, name);
                let (legacy, _, _) = theirs.encode(text);
                check_decode(ours, theirs, &legacy, &format!("{name} as {}", ours.name()));
            }
        }
    }
}

#[test]
fn streamed_equals_one_shot() {
    let mut rng = rng(4);
    for (ours, theirs) in pairs() {
        for _ in 0..150 {
            let len = rng.gen_range(0..120);
            let bytes = random_bytes(&mut rng, len);
            let chunks = random_split(&mut rng, &bytes, 8);
            let out_len = rng.gen_range(4..40);
            let (expected, _, _) = theirs.decode(&bytes);
            let mine = stream_decode_utf8(&mut ours.new_decoder(), &chunks, out_len);
            assert_eq!(
                String::from_utf8(mine).unwrap(),
                expected,
                "{} {:02x?} {:?}",
                ours.name(),
                bytes,
                chunks
            );
            let mut d = ours.new_decoder();
            let (utf16, _) = stream_decode_utf16(&mut d, &chunks, rng.gen_range(2..20));
            let expected16: Vec<u16> = expected.encode_utf16().collect();
            assert_eq!(utf16, expected16, "utf16 {} {:02x?}", ours.name(), bytes);

            let text = random_string(&mut rng, len);
            let mut cuts: Vec<usize> = (0..4)
                .map(|_| rng.gen_range(0..=text.len()))
                .filter(|&i| text.is_char_boundary(i))
                .collect();
            cuts.extend([0, text.len()]);
            cuts.sort_unstable();
            let chunks: Vec<&str> = cuts.windows(2).map(|w| &text[w[0]..w[1]]).collect();
            let (expected, _, _) = theirs.encode(&text);
            let mine = stream_encode_utf8(&mut ours.new_encoder(), &chunks, rng.gen_range(14..40));
            assert_eq!(mine, &*expected, "encode {} {:?}", ours.name(), text);
            let utf16: Vec<u16> = text.encode_utf16().collect();
            let chunks = random_split(&mut rng, &utf16, 6);
            let mine = stream_encode_utf16(&mut ours.new_encoder(), &chunks, rng.gen_range(14..40));
            assert_eq!(mine, &*expected, "encode utf16 {} {:?}", ours.name(), text);
        }
    }
}

/// x-user-defined encode from UTF-8 of what it decodes binary data to (the corpus
/// JPEG, every corpus file and random bytes: ASCII and U+F780..U+F7FF as dense as
/// they come), now and then with a character it cannot encode, one-shot and through
/// output buffers of many sizes, against encoding_rs.
#[test]
fn x_user_defined_encode_binary() {
    let ours = textcodec::X_USER_DEFINED;
    let theirs = encoding_rs::X_USER_DEFINED;
    let mut rng = rng(5);
    let mut inputs: Vec<(String, Vec<u8>)> = corpus();
    for len in [0, 1, 33, 34, 35, 66, 67, 100, 1000, 5000] {
        inputs.push((format!("random {len}"), random_bytes(&mut rng, len)));
    }
    for (name, bytes) in &inputs {
        let (text, _) = ours.decode_without_bom_handling(bytes);
        let (b, _, _) = theirs.encode(&text);
        assert_eq!(&*b, &bytes[..], "{name}");
        check_encode(ours, theirs, &text, name);
        let mut text = text.into_owned();
        for _ in 0..3 {
            let mut at = rng.gen_range(0..=text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            text.insert(at, ['é', '\u{F77F}', '\u{F800}', '😀'][rng.gen_range(0..4)]);
        }
        let (expected, _, _) = theirs.encode(&text);
        check_encode(ours, theirs, &text, name);
        for out_len in [12, 13, 40, 41, 63, 64, 65, 100, 4096] {
            let mine = stream_encode_utf8(&mut ours.new_encoder(), &[&text], out_len);
            assert_eq!(mine, &*expected, "{name}, output {out_len}");
        }
    }
}
