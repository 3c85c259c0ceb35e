//! WTF-8: the validator and the chunked converters against the spec reference of
//! `tests/wtf8_ref.rs`. The input is read both as bytes (validated, and decoded in
//! chunks to UTF-16) and as UTF-16 units (encoded in chunks to WTF-8, then back); the
//! first bytes choose the chunk and output buffer sizes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use textcodec::wtf8::{wtf8_valid_up_to, Wtf8, Wtf8Decoder, Wtf8Encoder};
use textcodec::{CoderResult, DecoderResult};

#[path = "../../tests/wtf8_ref.rs"]
mod reference;

use reference::Event;

fuzz_target!(|data: &[u8]| {
    let [chunk_seed, out_seed, input @ ..] = data else { return };
    let chunk = 1 + usize::from(chunk_seed % 23);

    // Bytes: the validator, and the decoder in chunks.
    assert_eq!(wtf8_valid_up_to(input), reference::valid_up_to(input));
    let mut decoder = Wtf8Decoder::new();
    let mut buf = vec![0u16; 2 + usize::from(out_seed % 13)];
    let mut events = Vec::new();
    let chunks: Vec<&[u8]> = input.chunks(chunk).collect();
    for (i, c) in chunks.iter().enumerate() {
        let last = i + 1 == chunks.len();
        let mut read = 0;
        loop {
            let (result, r, w) = decoder.decode_to_utf16(&c[read..], &mut buf, last);
            read += r;
            events.extend(buf[..w].iter().map(|&u| Event::Unit(u)));
            match result {
                DecoderResult::InputEmpty => break,
                DecoderResult::OutputFull => assert!(r + w > 0),
                DecoderResult::Malformed(len, after) => {
                    assert_eq!(after, 0);
                    events.push(Event::Error(usize::from(len)));
                }
            }
        }
    }
    assert_eq!(events, reference::decode_events(input));

    // UTF-16: the encoder in chunks, then back.
    let units: Vec<u16> = input
        .chunks_exact(2)
        .map(|p| u16::from_le_bytes([p[0], p[1]]))
        .collect();
    let mut encoder = Wtf8Encoder::new();
    let mut out = vec![0u8; 4 + usize::from(out_seed % 17)];
    let mut bytes = Vec::new();
    let chunks: Vec<&[u16]> = units.chunks(chunk).collect();
    for (i, c) in chunks.iter().enumerate() {
        let last = i + 1 == chunks.len();
        let mut read = 0;
        loop {
            let (result, r, w) = encoder.encode_from_utf16(&c[read..], &mut out, last);
            read += r;
            bytes.extend_from_slice(&out[..w]);
            if result == CoderResult::InputEmpty {
                break;
            }
            assert!(r + w > 0);
        }
    }
    assert_eq!(bytes, reference::utf16_to_wtf8(&units));
    let w = Wtf8::from_bytes(&bytes).unwrap();
    assert!(w.to_ill_formed_utf16().eq(units.iter().copied()));
    let mut back = vec![0u16; w.utf16_len()];
    assert_eq!(w.to_ill_formed_utf16_into(&mut back), (bytes.len(), units.len()));
    assert_eq!(back, units);
});
