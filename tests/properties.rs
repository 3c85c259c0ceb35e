//! quickcheck properties: streaming equals one-shot, round trips, bounds hold.

mod common;
use quickcheck::{QuickCheck, TestResult};

fn encodings() -> Vec<&'static textcodec::Encoding> {
    common::pairs().into_iter().map(|(e, _)| e).collect()
}

fn pick(i: u8) -> &'static textcodec::Encoding {
    let all = encodings();
    all[usize::from(i) % all.len()]
}

fn chunked(data: &[u8], cuts: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut rest = data;
    for &c in cuts {
        let n = usize::from(c) % (rest.len() + 1);
        out.push(rest[..n].to_vec());
        rest = &rest[n..];
    }
    out.push(rest.to_vec());
    out
}

#[test]
fn streaming_decode_equals_one_shot() {
    fn prop(enc: u8, data: Vec<u8>, cuts: Vec<u8>, out_len: u8) -> bool {
        let enc = pick(enc);
        let chunks = chunked(&data, &cuts);
        let chunks: Vec<&[u8]> = chunks.iter().map(|c| c.as_slice()).collect();
        let (expected, _, _) = enc.decode(&data);
        let got = common::stream_decode_utf8(&mut enc.new_decoder(), &chunks, 4 + usize::from(out_len % 32));
        got == expected.as_bytes()
    }
    QuickCheck::new().tests(3000).quickcheck(prop as fn(u8, Vec<u8>, Vec<u8>, u8) -> bool);
}

#[test]
fn streaming_encode_equals_one_shot() {
    fn prop(enc: u8, text: String, cuts: Vec<u8>, out_len: u8) -> bool {
        let enc = pick(enc);
        let (expected, _, _) = enc.encode(&text);
        let utf16: Vec<u16> = text.encode_utf16().collect();
        let mut rest = utf16.as_slice();
        let mut chunks = Vec::new();
        for &c in &cuts {
            let n = usize::from(c) % (rest.len() + 1);
            chunks.push(&rest[..n]);
            rest = &rest[n..];
        }
        chunks.push(rest);
        let got = common::stream_encode_utf16(&mut enc.new_encoder(), &chunks, 14 + usize::from(out_len % 32));
        got == *expected
    }
    QuickCheck::new().tests(3000).quickcheck(prop as fn(u8, String, Vec<u8>, u8) -> bool);
}

#[test]
fn round_trip_when_everything_maps() {
    fn prop(enc: u8, text: String) -> TestResult {
        let enc = pick(enc);
        if enc == textcodec::REPLACEMENT {
            return TestResult::discard();
        }
        let (bytes, out_enc, had) = enc.encode(&text);
        if had {
            return TestResult::discard();
        }
        let (back, errors) = out_enc.decode_without_bom_handling(&bytes);
        TestResult::from_bool(!errors && back == text)
    }
    QuickCheck::new().tests(3000).quickcheck(prop as fn(u8, String) -> TestResult);
}

#[test]
fn decode_output_within_bounds() {
    fn prop(enc: u8, data: Vec<u8>) -> bool {
        let enc = pick(enc);
        let d = enc.new_decoder();
        let (text, _, _) = enc.decode(&data);
        let utf16 = text.encode_utf16().count();
        text.len() <= d.max_utf8_buffer_length(data.len()).unwrap() && utf16 <= d.max_utf16_buffer_length(data.len()).unwrap()
    }
    QuickCheck::new().tests(3000).quickcheck(prop as fn(u8, Vec<u8>) -> bool);
}
