//! `EncodeWriter` against the one-shot encodes of the same input, for all 40
//! encodings, written in random pieces that split characters, into inner writers
//! that accept short writes and return `Interrupted` or fail now and then.

mod common;

use common::{pairs, random_split, random_string, rng};
use rand::rngs::SmallRng;
use rand::Rng;
use std::io::{self, Write};
use textcodec::io::{DecodeError, EncodeError, EncodeWriter, ErrorMode};
use textcodec::{EncoderResult, Encoding, ISO_2022_JP, SHIFT_JIS, UTF_8, WINDOWS_1252};

/// An inner writer that takes at most `max` bytes per call and, when `interrupt`,
/// returns `Interrupted` before every third call.
struct Short {
    out: Vec<u8>,
    max: usize,
    rng: SmallRng,
    interrupt: bool,
    calls: usize,
    flushes: usize,
}

impl Short {
    fn new(max: usize, seed: u64, interrupt: bool) -> Short {
        Short {
            out: Vec::new(),
            max,
            rng: rng(seed),
            interrupt,
            calls: 0,
            flushes: 0,
        }
    }
}

impl Write for Short {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.calls += 1;
        if self.interrupt && self.calls.is_multiple_of(3) {
            return Err(io::Error::from(io::ErrorKind::Interrupted));
        }
        let n = self.rng.gen_range(1..=self.max).min(buf.len());
        self.out.extend_from_slice(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.flushes += 1;
        Ok(())
    }
}

/// Test text: real text from the corpus when it is there, random text, and the
/// characters that exercise ISO-2022-JP's states, ESC included.
fn text(seed: u64) -> String {
    let mut r = rng(seed);
    let mut text = String::new();
    for (name, bytes) in common::corpus() {
        if [
            "ja.txt",
            "ru.txt",
            "zh_cn.txt",
            "zh_tw.txt",
            "ko.txt",
            "de.txt",
        ]
        .contains(&name.as_str())
        {
            text.extend(String::from_utf8_lossy(&bytes).chars().take(500));
        }
    }
    text.push_str(&random_string(&mut r, 400));
    text.push_str("a\u{A5}b\u{203E}c~\\日本ｶﾀｶﾅ\u{1B}x\u{E}\u{F}€");
    text
}

/// Whether `enc`'s output encoding can encode `c`.
fn encodable(enc: &'static Encoding, c: char) -> bool {
    !enc.encode(c.encode_utf8(&mut [0; 4])).2
}

/// The text with every character `enc` cannot encode replaced by `?`.
fn questioned(enc: &'static Encoding, text: &str) -> String {
    text.chars()
        .map(|c| if encodable(enc, c) { c } else { '?' })
        .collect()
}

/// Writes `pieces` with `Write::write` (retrying partial writes), then finishes.
fn write_pieces<W: Write>(writer: &mut EncodeWriter<W>, pieces: &[&[u8]]) -> io::Result<()> {
    for piece in pieces {
        writer.write_all(piece)?;
    }
    writer.try_finish()
}

#[test]
fn html_and_replace_modes_match_one_shot_encode() {
    let mut r = rng(10);
    for (i, (enc, _)) in pairs().into_iter().enumerate() {
        let text = text(i as u64);
        let html = enc.encode(&text).0.into_owned();
        let question = enc.encode(&questioned(enc, &text)).0.into_owned();
        for (max, cap, pieces) in [(1, 64, 2000), (5, 64, 300), (1 << 20, 1 << 16, 3)] {
            for (mode, expected) in [(ErrorMode::Html, &html), (ErrorMode::Replace, &question)] {
                let split = random_split(&mut r, text.as_bytes(), pieces);
                let mut writer = EncodeWriter::builder(enc)
                    .errors(mode)
                    .capacity(cap)
                    .build(Short::new(max, r.gen(), max == 5));
                write_pieces(&mut writer, &split).unwrap();
                assert_eq!(writer.input_position(), text.len() as u64);
                assert_eq!(
                    writer.had_replacements(),
                    text.chars().any(|c| !encodable(enc, c)),
                    "{}",
                    enc.name()
                );
                let inner = writer.finish().unwrap();
                assert!(inner.flushes >= 1);
                assert_eq!(&inner.out, expected, "{} {mode:?} max {max}", enc.name());
            }
        }
    }
}

#[test]
fn write_str_matches_one_shot_encode() {
    let mut r = rng(11);
    for (i, (enc, _)) in pairs().into_iter().enumerate() {
        let text = text(100 + i as u64);
        let mut writer =
            EncodeWriter::builder(enc)
                .capacity(64)
                .build(Short::new(3, r.gen(), true));
        let mut pos = 0;
        while pos < text.len() {
            let mut end = (pos + r.gen_range(0..40)).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            writer.write_str(&text[pos..end]).unwrap();
            pos = end;
        }
        assert_eq!(
            writer.finish().unwrap().out,
            enc.encode(&text).0.as_ref(),
            "{}",
            enc.name()
        );
    }
}

fn encode_error(err: &io::Error) -> &EncodeError {
    assert_eq!(err.kind(), io::ErrorKind::InvalidData);
    err.get_ref()
        .and_then(|e| e.downcast_ref::<EncodeError>())
        .expect("an EncodeError inside")
}

#[test]
fn fatal_mode_stops_at_the_first_unmappable_character_with_its_offset() {
    let mut r = rng(12);
    let mut errors_seen = 0;
    for (i, (enc, _)) in pairs().into_iter().enumerate() {
        let text = text(200 + i as u64);
        // The oracle: one streaming call over all of it, without replacement.
        let mut encoder = enc.new_encoder();
        let mut out = vec![0u8; 16 * text.len() + 16];
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(&text, &mut out, true);
        let first_bad = text.char_indices().find(|&(_, c)| !encodable(enc, c));
        for max in [1, 7, 1 << 20] {
            let split = random_split(&mut r, text.as_bytes(), 500);
            let mut writer = EncodeWriter::builder(enc)
                .errors(ErrorMode::Fatal)
                .capacity(64)
                .build(Short::new(max, r.gen(), max == 7));
            let outcome = write_pieces(&mut writer, &split);
            match (outcome, result, first_bad) {
                (Ok(()), EncoderResult::InputEmpty, None) => {
                    assert_eq!(writer.get_ref().unwrap().out, &out[..written]);
                }
                (Err(e), EncoderResult::Unmappable(_), Some((at, c))) => {
                    let detail = encode_error(&e).clone();
                    assert_eq!(detail.offset(), at as u64, "{}", enc.name());
                    assert_eq!(detail.character(), c);
                    assert_eq!(detail.encoding(), enc.output_encoding());
                    assert_eq!(read, at + c.len_utf8());
                    // The error stays; flushing writes what came before it.
                    assert_eq!(encode_error(&writer.write(b"a").unwrap_err()), &detail);
                    assert_eq!(encode_error(&writer.try_finish().unwrap_err()), &detail);
                    writer.flush().unwrap();
                    assert_eq!(
                        writer.get_ref().unwrap().out,
                        &out[..written],
                        "{}",
                        enc.name()
                    );
                    errors_seen += 1;
                }
                (outcome, result, bad) => {
                    panic!("{}: {outcome:?} vs {result:?} {bad:?}", enc.name())
                }
            }
        }
    }
    assert!(errors_seen >= 30, "most encodings cannot encode the text");
}

#[test]
fn bytes_that_are_not_utf8_are_replaced_or_fatal() {
    let mut r = rng(13);
    let mut input = Vec::new();
    for _ in 0..300 {
        match r.gen_range(0..4) {
            0 => input.extend_from_slice("ж€𝄞".as_bytes()),
            1 => input.extend_from_slice(&[0xE2, 0x82][..r.gen_range(1..=2)]),
            2 => input.push(r.gen_range(0x80..=0xFF)),
            _ => input.push(r.gen_range(0x20..0x7F)),
        }
    }
    let lossy = String::from_utf8_lossy(&input);
    let first_bad = std::str::from_utf8(&input).unwrap_err().valid_up_to();
    for (i, (enc, _)) in pairs().into_iter().enumerate() {
        for mode in [ErrorMode::Html, ErrorMode::Replace, ErrorMode::Fatal] {
            let split = random_split(&mut r, &input, 200);
            let mut writer = EncodeWriter::builder(enc)
                .errors(mode)
                .capacity(64)
                .build(Short::new(9, i as u64, false));
            let outcome = write_pieces(&mut writer, &split);
            match mode {
                ErrorMode::Html => {
                    outcome.unwrap();
                    assert_eq!(writer.get_ref().unwrap().out, enc.encode(&lossy).0.as_ref());
                }
                ErrorMode::Replace => {
                    outcome.unwrap();
                    let want = enc.encode(&questioned(enc, &lossy)).0.into_owned();
                    assert_eq!(writer.get_ref().unwrap().out, want, "{}", enc.name());
                }
                ErrorMode::Fatal => {
                    let e = outcome.unwrap_err();
                    let detail = e.get_ref().and_then(|e| e.downcast_ref::<DecodeError>());
                    let offset = detail.map(DecodeError::offset);
                    // Unmappable characters before it may stop it first.
                    let unmappable = lossy.char_indices().find(|&(_, c)| !encodable(enc, c));
                    match unmappable {
                        Some((at, _)) if at < first_bad => {
                            assert_eq!(encode_error(&e).offset(), at as u64)
                        }
                        _ => assert_eq!(offset, Some(first_bad as u64), "{}", enc.name()),
                    }
                }
            }
        }
    }
}

#[test]
fn an_unfinished_character_at_the_end_is_malformed() {
    let cut = &"語".as_bytes()[..2];
    let mut w = EncodeWriter::new(Vec::new(), ISO_2022_JP);
    w.write_all(b"a").unwrap();
    w.write_all(cut).unwrap();
    assert_eq!(w.finish().unwrap(), b"a&#65533;");
    let mut w = EncodeWriter::builder(UTF_8)
        .errors(ErrorMode::Fatal)
        .build(Vec::new());
    w.write_all(b"ab").unwrap();
    w.write_all(cut).unwrap();
    let e = w.try_finish().unwrap_err();
    let detail = e
        .get_ref()
        .and_then(|e| e.downcast_ref::<DecodeError>())
        .unwrap();
    assert_eq!(detail.offset(), 2);
    // A whole `str` cannot continue it either.
    let mut w = EncodeWriter::builder(WINDOWS_1252)
        .errors(ErrorMode::Replace)
        .build(Vec::new());
    w.write_all(cut).unwrap();
    w.write_str("b").unwrap();
    assert_eq!(w.finish().unwrap(), b"?b");
}

#[test]
fn flush_keeps_the_state_and_finish_or_drop_writes_it() {
    let mut sink = Vec::new();
    {
        let mut w = EncodeWriter::new(&mut sink, ISO_2022_JP);
        w.write_all("日本".as_bytes()).unwrap();
        w.write_all(&"語".as_bytes()[..1]).unwrap();
        w.flush().unwrap();
        assert_eq!(w.get_ref().unwrap().as_slice(), b"\x1b$BF|K\\");
        w.write_all(&"語".as_bytes()[1..]).unwrap();
        w.flush().unwrap();
        assert_eq!(w.get_ref().unwrap().as_slice(), b"\x1b$BF|K\\8l");
        // Dropped without finish: the return to ASCII is still written.
    }
    assert_eq!(sink, b"\x1b$BF|K\\8l\x1b(B");
    let mut w = EncodeWriter::new(Vec::new(), SHIFT_JIS);
    w.write_all("ｱ".as_bytes()).unwrap();
    w.try_finish().unwrap();
    let e = w.write(b"x").unwrap_err();
    assert_eq!(e.kind(), io::ErrorKind::Other);
    w.try_finish().unwrap();
    assert_eq!(w.finish().unwrap(), b"\xb1");
}

#[test]
fn inner_errors_keep_the_encoded_bytes_for_a_retry() {
    /// Fails every third call with a non-retryable error, and takes two bytes at most.
    struct Flaky(Vec<u8>, usize);
    impl Write for Flaky {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.1 += 1;
            if self.1.is_multiple_of(3) {
                return Err(io::Error::other("flaky"));
            }
            let n = buf.len().min(2);
            self.0.extend_from_slice(&buf[..n]);
            Ok(n)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    for (i, (enc, _)) in pairs().into_iter().enumerate() {
        let text = text(300 + i as u64);
        let bytes = text.as_bytes();
        let mut w = EncodeWriter::builder(enc)
            .capacity(64)
            .build(Flaky(Vec::new(), 0));
        let (mut pos, mut failures) = (0, 0);
        while pos < bytes.len() {
            let end = (pos + 7).min(bytes.len());
            match w.write(&bytes[pos..end]) {
                Ok(n) => pos += n,
                Err(e) => {
                    assert_eq!(e.to_string(), "flaky");
                    failures += 1;
                }
            }
        }
        while let Err(e) = w.try_finish() {
            assert_eq!(e.to_string(), "flaky");
            failures += 1;
        }
        assert!(failures > 0);
        assert_eq!(
            w.finish().unwrap().0,
            enc.encode(&text).0.as_ref(),
            "{}",
            enc.name()
        );
    }
}

#[test]
fn a_writer_that_takes_nothing_is_an_error_not_a_hang() {
    struct Full;
    impl Write for Full {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Ok(0)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let mut w = EncodeWriter::builder(UTF_8).capacity(64).build(Full);
    let e = w.write_all(&[b'a'; 1000]).unwrap_err();
    assert_eq!(e.kind(), io::ErrorKind::WriteZero);
    assert_eq!(w.try_finish().unwrap_err().kind(), io::ErrorKind::WriteZero);
}
