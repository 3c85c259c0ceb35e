//! `DecodeReader` against the one-shot decodes of the same input, for all 40
//! encodings, with inner readers that return one byte at a time or random small
//! amounts (and `Interrupted`), and callers that read in random small pieces.

mod common;

use common::{pairs, random_bytes, random_string, rng};
use rand::rngs::SmallRng;
use rand::Rng;
use std::io::{self, BufRead, Read};
use textcodec::io::{BomHandling, DecodeError, DecodeReader, ErrorMode};
use textcodec::{DecoderResult, Encoding, UTF_16BE, UTF_16LE, UTF_8};

/// An inner reader that returns at most `max` bytes per call (1 = a byte at a time)
/// and, when `interrupt`, an `Interrupted` error before every third read.
struct Trickle {
    data: Vec<u8>,
    pos: usize,
    max: usize,
    rng: SmallRng,
    interrupt: bool,
    calls: usize,
}

impl Trickle {
    fn new(data: &[u8], max: usize, seed: u64, interrupt: bool) -> Trickle {
        Trickle {
            data: data.to_vec(),
            pos: 0,
            max,
            rng: rng(seed),
            interrupt,
            calls: 0,
        }
    }
}

impl Read for Trickle {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.calls += 1;
        if self.interrupt && self.calls.is_multiple_of(3) {
            return Err(io::Error::from(io::ErrorKind::Interrupted));
        }
        let n = self
            .rng
            .gen_range(1..=self.max)
            .min(buf.len())
            .min(self.data.len() - self.pos);
        buf[..n].copy_from_slice(&self.data[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// The text encoded in `enc` (UTF-16 serialized by hand; replacement gets the UTF-8).
fn encode_for(enc: &'static Encoding, text: &str) -> Vec<u8> {
    if enc == UTF_16LE {
        text.encode_utf16().flat_map(u16::to_le_bytes).collect()
    } else if enc == UTF_16BE {
        text.encode_utf16().flat_map(u16::to_be_bytes).collect()
    } else {
        enc.encode(text).0.into_owned()
    }
}

/// Inputs for `enc`: real text encoded in it (from the corpus when it is there),
/// random text, random bytes, BOMs and pieces of BOMs.
fn inputs(enc: &'static Encoding, seed: u64) -> Vec<Vec<u8>> {
    let mut r = rng(seed);
    let mut text = String::new();
    for (name, bytes) in common::corpus() {
        if ["ja.txt", "ru.txt", "zh_cn.txt", "el.txt", "ko.txt"].contains(&name.as_str()) {
            let s = String::from_utf8_lossy(&bytes);
            text.extend(s.chars().take(700));
        }
    }
    text.push_str(&random_string(&mut r, 300));
    let encoded = encode_for(enc, &text);
    let mut v = vec![
        Vec::new(),
        encoded.clone(),
        random_bytes(&mut r, 1500),
        b"\xEF\xBB".to_vec(),
        b"\xFE".to_vec(),
        b"\xFF".to_vec(),
    ];
    for bom in [&b"\xEF\xBB\xBF"[..], b"\xFF\xFE", b"\xFE\xFF"] {
        let mut with = bom.to_vec();
        with.extend_from_slice(&encoded[..encoded.len().min(400)]);
        v.push(with);
    }
    v
}

/// The one-shot decode that `bom` corresponds to: the text and whether anything was
/// replaced.
fn one_shot(enc: &'static Encoding, bom: BomHandling, bytes: &[u8]) -> (String, bool) {
    let (text, replaced) = match bom {
        BomHandling::Sniff => {
            let (text, _, replaced) = enc.decode(bytes);
            (text, replaced)
        }
        BomHandling::Remove => enc.decode_with_bom_removal(bytes),
        BomHandling::Keep => enc.decode_without_bom_handling(bytes),
    };
    (text.into_owned(), replaced)
}

const BOMS: [BomHandling; 3] = [BomHandling::Sniff, BomHandling::Remove, BomHandling::Keep];

/// Reads everything with `Read::read` into buffers of random small sizes.
fn read_in_pieces(reader: &mut impl Read, r: &mut SmallRng) -> io::Result<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let mut buf = vec![0u8; r.gen_range(1..12)];
        let n = reader.read(&mut buf)?;
        if n == 0 {
            return Ok(out);
        }
        out.extend_from_slice(&buf[..n]);
    }
}

#[test]
fn replacing_reads_match_one_shot_decode() {
    let mut r = rng(1);
    for (i, (enc, _)) in pairs().into_iter().enumerate() {
        for input in inputs(enc, i as u64) {
            for bom in BOMS {
                let (expected, replaced) = one_shot(enc, bom, &input);
                for (max, cap) in [(1, 16), (7, 16), (64, 37), (4096, 1 << 16)] {
                    let seed = r.gen();
                    for mode in [ErrorMode::Replace, ErrorMode::Html] {
                        let mut reader = DecodeReader::builder(enc)
                            .bom(bom)
                            .errors(mode)
                            .capacity(cap)
                            .build(Trickle::new(&input, max, seed, max == 7));
                        let got = read_in_pieces(&mut reader, &mut r).unwrap();
                        assert_eq!(
                            String::from_utf8(got).unwrap(),
                            expected,
                            "{} {bom:?} {mode:?} max {max} cap {cap}",
                            enc.name()
                        );
                        assert_eq!(reader.input_position(), input.len() as u64);
                        assert_eq!(reader.had_replacements(), replaced, "{}", enc.name());
                    }
                }
            }
        }
    }
}

#[test]
fn bufread_lines_and_fill_str_match_one_shot_decode() {
    let mut r = rng(2);
    for (i, (enc, _)) in pairs().into_iter().enumerate() {
        for input in inputs(enc, 100 + i as u64) {
            let (expected, _) = one_shot(enc, BomHandling::Sniff, &input);
            // `lines` on whole characters.
            let reader = DecodeReader::builder(enc).capacity(16).build(Trickle::new(
                &input,
                5,
                r.gen(),
                false,
            ));
            let mut joined = String::new();
            for line in reader.lines() {
                joined.push_str(&line.unwrap());
                joined.push('\n');
            }
            let mut want: String = expected.replace("\r\n", "\n");
            if !want.is_empty() && !want.ends_with('\n') {
                want.push('\n');
            }
            // `lines` strips "\r\n" and "\n".
            assert_eq!(joined, want, "{}", enc.name());
            // `fill_str` with consumes of random whole-character lengths.
            let mut reader = DecodeReader::builder(enc).capacity(16).build(Trickle::new(
                &input,
                3,
                r.gen(),
                true,
            ));
            let mut got = String::new();
            loop {
                let s = reader.fill_str().unwrap();
                if s.is_empty() {
                    break;
                }
                let mut n = r.gen_range(1..=s.len());
                while !s.is_char_boundary(n) {
                    n += 1;
                }
                got.push_str(&s[..n]);
                reader.consume(n);
            }
            assert_eq!(got, expected, "{}", enc.name());
        }
    }
}

#[test]
fn fill_str_after_consume_inside_a_character_is_an_error_not_a_panic() {
    let mut reader = DecodeReader::new("€uro".as_bytes(), UTF_8);
    assert_eq!(reader.fill_str().unwrap(), "€uro");
    reader.consume(1);
    let err = reader.fill_str().unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
    assert_eq!(reader.fill_buf().unwrap(), &"€uro".as_bytes()[1..]);
    reader.consume(usize::MAX);
    assert_eq!(reader.fill_str().unwrap(), "");
}

/// The one-shot oracle for fatal mode: the text before the first malformed sequence
/// and its offset (read - consumed after - length), from a streaming decoder given
/// all the input at once.
fn fatal_one_shot(enc: &'static Encoding, bom: BomHandling, input: &[u8]) -> (String, Option<u64>) {
    let mut decoder = match bom {
        BomHandling::Sniff => enc.new_decoder(),
        BomHandling::Remove => enc.new_decoder_with_bom_removal(),
        BomHandling::Keep => enc.new_decoder_without_bom_handling(),
    };
    let mut out = vec![0u8; decoder.max_utf8_buffer_length(input.len()).unwrap()];
    let (result, read, written) = decoder.decode_to_utf8_without_replacement(input, &mut out, true);
    let text = String::from_utf8(out[..written].to_vec()).unwrap();
    match result {
        DecoderResult::InputEmpty => (text, None),
        DecoderResult::Malformed(len, after) => (
            text,
            Some((read - usize::from(after) - usize::from(len)) as u64),
        ),
        DecoderResult::OutputFull => unreachable!("max_utf8_buffer_length was too small"),
    }
}

/// The same offset from encoding_rs, an independent oracle (no BOM handling).
fn fatal_offset_rs(enc: &'static encoding_rs::Encoding, input: &[u8]) -> Option<u64> {
    let mut decoder = enc.new_decoder_without_bom_handling();
    let mut out = vec![0u8; decoder.max_utf8_buffer_length(input.len()).unwrap()];
    let (result, read, _) = decoder.decode_to_utf8_without_replacement(input, &mut out, true);
    match result {
        encoding_rs::DecoderResult::Malformed(len, after) => {
            Some((read - usize::from(after) - usize::from(len)) as u64)
        }
        _ => None,
    }
}

fn decode_error(err: &io::Error) -> &DecodeError {
    assert_eq!(err.kind(), io::ErrorKind::InvalidData);
    err.get_ref()
        .and_then(|e| e.downcast_ref::<DecodeError>())
        .expect("a DecodeError inside")
}

#[test]
fn fatal_reads_stop_at_the_first_malformed_sequence_with_its_offset() {
    let mut r = rng(3);
    let mut errors_seen = 0;
    for (i, (enc, rs)) in pairs().into_iter().enumerate() {
        for input in inputs(enc, 200 + i as u64) {
            for bom in BOMS {
                let (text, offset) = fatal_one_shot(enc, bom, &input);
                if bom == BomHandling::Keep {
                    assert_eq!(offset, fatal_offset_rs(rs, &input), "{}", enc.name());
                }
                for max in [1, 9, 4096] {
                    let mut reader = DecodeReader::builder(enc)
                        .bom(bom)
                        .errors(ErrorMode::Fatal)
                        .capacity(16)
                        .build(Trickle::new(&input, max, r.gen(), max == 9));
                    let mut got = Vec::new();
                    let result = loop {
                        match reader.fill_buf() {
                            Ok([]) => break Ok(()),
                            Ok(bytes) => {
                                let n = bytes.len();
                                got.extend_from_slice(bytes);
                                reader.consume(n);
                            }
                            Err(e) => break Err(e),
                        }
                    };
                    assert_eq!(String::from_utf8(got).unwrap(), text, "{}", enc.name());
                    match (result, offset) {
                        (Ok(()), None) => {}
                        (Err(e), Some(offset)) => {
                            let detail = decode_error(&e);
                            assert_eq!(
                                detail.offset(),
                                offset,
                                "{} {bom:?} {max} {:?}",
                                enc.name(),
                                &input[..input.len().min(20)]
                            );
                            assert_eq!(detail.encoding(), reader.encoding());
                            // The error stays.
                            assert_eq!(decode_error(&reader.fill_buf().unwrap_err()), detail);
                            errors_seen += 1;
                        }
                        (result, offset) => panic!("{}: {result:?} vs {offset:?}", enc.name()),
                    }
                }
            }
        }
    }
    assert!(errors_seen > 100, "the inputs have malformed sequences");
}

#[test]
fn fatal_offsets_by_hand() {
    let cases: [(&[u8], &str, BomHandling, u64); 9] = [
        (b"ab\xFFcd", "UTF-8", BomHandling::Sniff, 2),
        (b"ab\xE2\x82", "UTF-8", BomHandling::Sniff, 2),
        (b"\xEF\xBB\xBF\xFF", "UTF-8", BomHandling::Sniff, 3),
        (b"\xEF\xBB\xBF\xFF", "UTF-8", BomHandling::Keep, 3),
        (b"\xFF\xFEa\x00b", "windows-1252", BomHandling::Sniff, 4),
        (b"a\x81 ", "Shift_JIS", BomHandling::Sniff, 1),
        (b"a\x00\x00\xD8b\x00", "UTF-16LE", BomHandling::Keep, 2),
        (b"\x1B$B\x46\x7C\x1B(Z", "ISO-2022-JP", BomHandling::Keep, 5),
        (b"\x81\x30\x81", "gb18030", BomHandling::Keep, 0),
    ];
    for (input, label, bom, offset) in cases {
        let enc = Encoding::for_label(label.as_bytes()).unwrap();
        let mut reader = DecodeReader::builder(enc)
            .bom(bom)
            .errors(ErrorMode::Fatal)
            .build(input);
        let err = reader.read_to_end(&mut Vec::new()).unwrap_err();
        assert_eq!(decode_error(&err).offset(), offset, "{label} {input:?}");
        assert!(err.to_string().contains(&format!("byte offset {offset}")));
    }
}

#[test]
fn inner_errors_pass_through_and_the_read_can_go_on() {
    /// Fails every other call with a non-retryable error.
    struct Flaky<'a>(&'a [u8], bool);
    impl Read for Flaky<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.1 = !self.1;
            if self.1 {
                return Err(io::Error::other("flaky"));
            }
            let n = buf.len().min(self.0.len()).min(2);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let input = "Grüße, 世界".as_bytes();
    let mut reader = DecodeReader::builder(UTF_8)
        .capacity(16)
        .build(Flaky(input, false));
    let mut got = Vec::new();
    let mut failures = 0;
    loop {
        match reader.fill_buf() {
            Ok([]) => break,
            Ok(b) => {
                let n = b.len();
                got.extend_from_slice(b);
                reader.consume(n);
            }
            Err(e) => {
                assert_eq!(e.to_string(), "flaky");
                failures += 1;
            }
        }
    }
    assert_eq!(got, input);
    assert!(failures > 3);
}

/// Text of encodable characters and, for each, the offset of the first byte after
/// the previous character's bytes in its encoding (escape sequences included), from
/// encoding_rs's streaming encoder character by character.
fn text_with_offsets(
    enc: &'static Encoding,
    rs: &'static encoding_rs::Encoding,
    seed: u64,
) -> (String, Vec<u8>, Vec<u64>) {
    let mut r = rng(seed);
    let candidates = random_string(&mut r, 3000);
    let (mut text, mut bytes, mut offsets) = (String::new(), Vec::new(), Vec::new());
    let mut encoder = rs.output_encoding().new_encoder();
    let mut buf = [0u8; 64];
    let mut chars: Vec<char> = candidates.chars().collect();
    chars.extend("a\u{A5}b\u{203E}c~\\日本ｶﾀｶﾅ\r\n".chars());
    for c in chars {
        let s = c.to_string();
        let utf16 = enc == UTF_16LE || enc == UTF_16BE;
        let (encoded, _, unmappable) = rs.output_encoding().encode(&s);
        if !utf16 && (unmappable || rs.decode_without_bom_handling(&encoded).0 != s) {
            continue; // unmappable, or encodes to bytes that decode to something else
        }
        offsets.push(bytes.len() as u64);
        if enc == UTF_16LE || enc == UTF_16BE {
            for u in s.encode_utf16() {
                bytes.extend(if enc == UTF_16LE {
                    u.to_le_bytes()
                } else {
                    u.to_be_bytes()
                });
            }
        } else {
            let (_, _, w, _) = encoder.encode_from_utf8(&s, &mut buf, false);
            bytes.extend_from_slice(&buf[..w]);
        }
        text.push(c);
    }
    if enc != UTF_16LE && enc != UTF_16BE {
        let (_, _, w, _) = encoder.encode_from_utf8("", &mut buf, true);
        bytes.extend_from_slice(&buf[..w]);
    }
    (text, bytes, offsets)
}

#[test]
fn input_offset_of_names_where_each_character_came_from() {
    for (i, (enc, rs)) in pairs().into_iter().enumerate() {
        if enc.name() == "replacement" {
            // Its whole input decodes to one U+FFFD, at offset 0.
            let reader_input = b"anything";
            let mut reader = DecodeReader::new(&reader_input[..], enc);
            assert_eq!(reader.fill_str().unwrap(), "\u{FFFD}");
            assert_eq!(reader.input_offset_of(0), Some(0));
            assert_eq!(reader.input_offset_of(3), None);
            continue;
        }
        let (text, bytes, offsets) = text_with_offsets(enc, rs, 300 + i as u64);
        assert_eq!(
            enc.decode_without_bom_handling(&bytes).0,
            text,
            "{}",
            enc.name()
        );
        for (max, cap) in [(1, 16), (13, 40), (1 << 16, 1 << 16)] {
            let mut reader = DecodeReader::builder(enc)
                .bom(BomHandling::Keep)
                .capacity(cap)
                .build(Trickle::new(&bytes, max, i as u64, false));
            let mut k = 0;
            loop {
                let s = reader.fill_str().unwrap().to_owned();
                if s.is_empty() {
                    break;
                }
                for (pos, _) in s.char_indices() {
                    assert_eq!(
                        reader.input_offset_of(pos),
                        Some(offsets[k]),
                        "{} character {k} max {max}",
                        enc.name()
                    );
                    k += 1;
                }
                assert_eq!(reader.input_offset_of(s.len()), None);
                // After a partial consume, positions are relative to what is left.
                let first = s.chars().next().unwrap().len_utf8();
                reader.consume(first);
                if first < s.len() {
                    assert_eq!(
                        reader.input_offset_of(0),
                        Some(offsets[k - s.chars().count() + 1])
                    );
                }
                reader.consume(usize::MAX);
            }
            assert_eq!(k, offsets.len(), "{}", enc.name());
        }
    }
}

#[test]
fn a_bom_counts_as_part_of_the_first_character() {
    let mut reader = DecodeReader::new(&b"\xEF\xBB\xBFab"[..], textcodec::WINDOWS_1252);
    assert_eq!(reader.fill_str().unwrap(), "ab");
    assert_eq!(reader.encoding(), UTF_8);
    assert_eq!(reader.input_offset_of(0), Some(0));
    assert_eq!(reader.input_offset_of(1), Some(4));
}

#[test]
fn read_into_one_byte_buffers_splits_characters_and_loses_nothing() {
    let text = "a€𝄞ж";
    let mut reader = DecodeReader::new(text.as_bytes(), UTF_8);
    let mut got = Vec::new();
    let mut one = [0u8; 1];
    while reader.read(&mut one).unwrap() == 1 {
        got.push(one[0]);
    }
    assert_eq!(got, text.as_bytes());
    assert_eq!(reader.read(&mut []).unwrap(), 0);
    assert_eq!(reader.get_ref().len(), 0);
    let _inner: &[u8] = reader.into_inner();
}
