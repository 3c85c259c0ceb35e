//! The UTF-8 decoder against a straight transcription of the spec's UTF-8 decoder
//! algorithm (encoding.bs, "UTF-8 decoder"), on every 1-, 2- and 3-byte sequence and
//! a large sample of 4-byte ones, one-shot and fed a byte at a time.

mod common;
use rand::Rng;
use textcodec::UTF_8;

/// The spec's algorithm, step by step, over a queue with end-of-queue; errors become
/// U+FFFD ("replacement" error mode).
fn spec_decode(input: &[u8]) -> (Vec<u16>, usize) {
    let mut out = Vec::new();
    let mut errors = 0;
    let (mut code_point, mut bytes_seen, mut bytes_needed) = (0u32, 0u32, 0u32);
    let (mut lower, mut upper) = (0x80u8, 0xBFu8);
    let mut queue: std::collections::VecDeque<u8> = input.iter().copied().collect();
    let emit = |c: u32, out: &mut Vec<u16>| {
        let mut buf = [0u16; 2];
        out.extend_from_slice(char::from_u32(c).unwrap().encode_utf16(&mut buf));
    };
    loop {
        let Some(byte) = queue.pop_front() else {
            // 1. If byte is end-of-queue and bytes needed is not 0, set bytes needed to 0 and return error.
            if bytes_needed != 0 {
                errors += 1;
                emit(0xFFFD, &mut out);
            }
            // 2. If byte is end-of-queue, return finished.
            return (out, errors);
        };
        // 3. If bytes needed is 0, based on byte:
        if bytes_needed == 0 {
            match byte {
                0x00..=0x7F => emit(u32::from(byte), &mut out),
                0xC2..=0xDF => {
                    bytes_needed = 1;
                    code_point = u32::from(byte) & 0x1F;
                }
                0xE0..=0xEF => {
                    if byte == 0xE0 {
                        lower = 0xA0;
                    }
                    if byte == 0xED {
                        upper = 0x9F;
                    }
                    bytes_needed = 2;
                    code_point = u32::from(byte) & 0xF;
                }
                0xF0..=0xF4 => {
                    if byte == 0xF0 {
                        lower = 0x90;
                    }
                    if byte == 0xF4 {
                        upper = 0x8F;
                    }
                    bytes_needed = 3;
                    code_point = u32::from(byte) & 0x7;
                }
                _ => {
                    errors += 1;
                    emit(0xFFFD, &mut out);
                }
            }
            continue;
        }
        // 4. If byte is not in the range lower boundary to upper boundary, inclusive:
        if byte < lower || byte > upper {
            code_point = 0;
            bytes_needed = 0;
            bytes_seen = 0;
            lower = 0x80;
            upper = 0xBF;
            queue.push_front(byte);
            errors += 1;
            emit(0xFFFD, &mut out);
            continue;
        }
        // 5-8.
        lower = 0x80;
        upper = 0xBF;
        code_point = (code_point << 6) | (u32::from(byte) & 0x3F);
        bytes_seen += 1;
        if bytes_seen != bytes_needed {
            continue;
        }
        let c = code_point;
        code_point = 0;
        bytes_needed = 0;
        bytes_seen = 0;
        emit(c, &mut out);
    }
}

fn check(input: &[u8]) {
    let (expected, errors) = spec_decode(input);
    // One call.
    let mut d = UTF_8.new_decoder_without_bom_handling();
    let (out, reports) = common::stream_decode_utf16(&mut d, &[input], input.len() + 4);
    assert_eq!(out, expected, "{input:02x?}");
    assert_eq!(reports.len(), errors, "{input:02x?}");
    // A byte at a time, with a tiny output buffer.
    let chunks: Vec<&[u8]> = input.chunks(1).collect();
    let mut d = UTF_8.new_decoder_without_bom_handling();
    let (out, _) = common::stream_decode_utf16(&mut d, &chunks, 2);
    assert_eq!(out, expected, "bytewise {input:02x?}");
    // To UTF-8 as well.
    let expected8 = String::from_utf16(&expected).unwrap();
    let (text, had) = UTF_8.decode_without_bom_handling(input);
    assert_eq!((&*text, had), (&*expected8, errors > 0), "{input:02x?}");
}

#[test]
fn every_one_and_two_byte_sequence() {
    for a in 0..=255u8 {
        check(&[a]);
        for b in 0..=255u8 {
            check(&[a, b]);
        }
    }
}

#[test]
fn every_three_byte_sequence() {
    for a in 0..=255u8 {
        for b in 0..=255u8 {
            for c in 0..=255u8 {
                let input = [a, b, c];
                let (expected, _) = spec_decode(&input);
                let (text, _) = UTF_8.decode_without_bom_handling(&input);
                let got: Vec<u16> = text.encode_utf16().collect();
                assert_eq!(got, expected, "{input:02x?}");
            }
        }
    }
}

#[test]
fn sampled_four_byte_sequences() {
    let mut rng = common::rng(20);
    let interesting = [
        0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED,
        0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
    ];
    for &a in &interesting {
        for &b in &interesting {
            for &c in &interesting {
                for &d in &interesting {
                    check(&[a, b, c, d]);
                }
            }
        }
    }
    for _ in 0..300_000 {
        let mut input = [0u8; 4];
        input[0] = rng.gen_range(0xF0..=0xF4);
        for b in &mut input[1..] {
            *b = if rng.gen_range(0..4) == 0 {
                rng.gen()
            } else {
                rng.gen_range(0x80..0xC0)
            };
        }
        check(&input);
    }
    for _ in 0..2000 {
        let len = rng.gen_range(0..64);
        let input = common::random_bytes(&mut rng, len);
        check(&input);
    }
}
