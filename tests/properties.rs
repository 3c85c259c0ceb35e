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
        let got = common::stream_decode_utf8(
            &mut enc.new_decoder(),
            &chunks,
            4 + usize::from(out_len % 32),
        );
        got == expected.as_bytes()
    }
    QuickCheck::new()
        .tests(3000)
        .quickcheck(prop as fn(u8, Vec<u8>, Vec<u8>, u8) -> bool);
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
        let got = common::stream_encode_utf16(
            &mut enc.new_encoder(),
            &chunks,
            14 + usize::from(out_len % 32),
        );
        got == *expected
    }
    QuickCheck::new()
        .tests(3000)
        .quickcheck(prop as fn(u8, String, Vec<u8>, u8) -> bool);
}

/// Characters the spec's encoders map one way only, so decoding the bytes gives a
/// different character:
/// - EUC-JP and Shift_JIS: "If code point is U+00A5, return byte 0x5C" and "If code
///   point is U+203E, return byte 0x7E" (those bytes decode as ASCII);
/// - EUC-JP, ISO-2022-JP, Shift_JIS: "If code point is U+2212, set it to U+FF0D";
/// - ISO-2022-JP: halfwidth katakana U+FF61..U+FF9F are encoded through index
///   ISO-2022-JP katakana as their fullwidth forms;
/// - gb18030 and GBK: the encoder's GB18030-2022 Private Use side table (U+E78C..,
///   U+E7E7..) gives the bytes of pointers that now decode to U+FE10.., U+9FB4...
fn one_way(enc: &'static textcodec::Encoding, c: char) -> bool {
    let c = c as u32;
    match enc.name() {
        "EUC-JP" | "Shift_JIS" => matches!(c, 0xA5 | 0x203E | 0x2212),
        "ISO-2022-JP" => c == 0x2212 || (0xFF61..=0xFF9F).contains(&c),
        "gb18030" | "GBK" => {
            (0xE000..=0xF8FF).contains(&c) && {
                let s = char::from_u32(c).unwrap().to_string();
                let (bytes, _, unmappable) = enc.encode(&s);
                let (back, _) = enc.decode_without_bom_handling(&bytes);
                !unmappable && back != s
            }
        }
        _ => false,
    }
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
        let expected_same = !text.chars().any(|c| one_way(out_enc, c));
        let (back, errors) = out_enc.decode_without_bom_handling(&bytes);
        TestResult::from_bool(!errors && (back == text) == expected_same)
    }
    QuickCheck::new()
        .tests(3000)
        .quickcheck(prop as fn(u8, String) -> TestResult);
}

#[test]
fn gb18030_private_use_side_table_is_one_way_and_has_18_entries() {
    let mut count = 0;
    for c in (0xE000..=0xF8FF).filter_map(char::from_u32) {
        if one_way(
            textcodec::Encoding::for_label(b"gb18030").unwrap_or(textcodec::UTF_8),
            c,
        ) {
            count += 1;
        }
    }
    let supported = textcodec::Encoding::for_label(b"gb18030").is_some();
    assert_eq!(count, if supported { 18 } else { 0 });
}

#[test]
fn decode_output_within_bounds() {
    fn prop(enc: u8, data: Vec<u8>) -> bool {
        let enc = pick(enc);
        let d = enc.new_decoder();
        let (text, _, _) = enc.decode(&data);
        let utf16 = text.encode_utf16().count();
        text.len() <= d.max_utf8_buffer_length(data.len()).unwrap()
            && utf16 <= d.max_utf16_buffer_length(data.len()).unwrap()
    }
    QuickCheck::new()
        .tests(3000)
        .quickcheck(prop as fn(u8, Vec<u8>) -> bool);
}
