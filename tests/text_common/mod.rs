//! Shared by the text_* tests: a model of the spec's `TextDecoder` (its steps written
//! out literally, with encoding_rs's decoder as the per-byte handler), drivers that run
//! textcodec's `TextDecoder` through each of its output methods, the spec's
//! `encodeInto()` loop, and the label table.
#![allow(dead_code)]

use std::collections::VecDeque;
use textcodec::text::{DecodeStatus, TextDecoder, TextDecoderOptions};

/// The spec's `TextDecoder`, step by step: "do not flush", the I/O queue, "process an
/// item" with the error mode, "serialize I/O queue" with BOM seen. The decoder handler
/// is encoding_rs's, fed one byte per item (a malformed report that leaves the byte
/// unread puts it back at the head of the queue, as the spec's "restore" does).
pub struct ModelDecoder {
    encoding: &'static encoding_rs::Encoding,
    fatal: bool,
    ignore_bom: bool,
    do_not_flush: bool,
    bom_seen: bool,
    decoder: encoding_rs::Decoder,
    queue: VecDeque<u8>,
}

/// What the handler gave for one item.
enum Handled {
    Finished,
    Continue,
    Error,
}

impl ModelDecoder {
    pub fn new(name: &str, options: TextDecoderOptions) -> ModelDecoder {
        let encoding = encoding_rs::Encoding::for_label(name.as_bytes()).unwrap();
        ModelDecoder {
            encoding,
            fatal: options.fatal,
            ignore_bom: options.ignore_bom,
            do_not_flush: false,
            bom_seen: false,
            decoder: encoding.new_decoder_without_bom_handling(),
            queue: VecDeque::new(),
        }
    }

    /// One item (`None` is end-of-queue) through the handler; scalar values it gives
    /// are pushed to `output`.
    fn handle(&mut self, item: Option<u8>, output: &mut Vec<u16>) -> Handled {
        let mut buf = [0u16; 64];
        let (src, last): (&[u8], bool) = match &item {
            Some(b) => (std::slice::from_ref(b), false),
            None => (&[], true),
        };
        let (result, read, written) = self
            .decoder
            .decode_to_utf16_without_replacement(src, &mut buf, last);
        output.extend_from_slice(&buf[..written]);
        match result {
            encoding_rs::DecoderResult::InputEmpty if last => Handled::Finished,
            encoding_rs::DecoderResult::InputEmpty => Handled::Continue,
            encoding_rs::DecoderResult::OutputFull => unreachable!("64 units for one byte"),
            encoding_rs::DecoderResult::Malformed(..) => {
                if let (Some(b), 0) = (item, read) {
                    self.queue.push_front(b);
                }
                Handled::Error
            }
        }
    }

    /// Output the handler holds after an error that read past the malformed bytes:
    /// the spec would have restored those bytes to the queue and processed them
    /// before reaching end-of-queue, so they come out now. (encoding_rs writes such a
    /// held unit at the start of its next call, which may have no input.)
    fn drain(&mut self, output: &mut Vec<u16>) {
        let mut buf = [0u16; 64];
        let (result, _, written) =
            self.decoder
                .decode_to_utf16_without_replacement(&[], &mut buf, false);
        assert_eq!(result, encoding_rs::DecoderResult::InputEmpty);
        output.extend_from_slice(&buf[..written]);
    }

    /// `decode(input, {stream})`; `Err(())` is the `TypeError`.
    pub fn decode(&mut self, input: &[u8], stream: bool) -> Result<String, ()> {
        if !self.do_not_flush {
            self.decoder = self.encoding.new_decoder_without_bom_handling();
            self.queue.clear();
            self.bom_seen = false;
        }
        self.do_not_flush = stream;
        self.queue.extend(input);
        let mut output = Vec::new();
        loop {
            let item = self.queue.pop_front();
            if item.is_none() && self.do_not_flush {
                self.drain(&mut output);
                return Ok(self.serialize(&output));
            }
            match self.handle(item, &mut output) {
                Handled::Finished => return Ok(self.serialize(&output)),
                Handled::Continue => {}
                Handled::Error if self.fatal => return Err(()),
                Handled::Error => output.push(0xFFFD),
            }
        }
    }

    /// The text a `TextDecoderStream` gives for a chunk (`last` false) or at the end
    /// (`last` true): the same loop without "do not flush" and without resets.
    pub fn stream_step(&mut self, chunk: &[u8], last: bool) -> Result<String, ()> {
        self.queue.extend(chunk);
        let mut output = Vec::new();
        loop {
            let item = self.queue.pop_front();
            if item.is_none() && !last {
                self.drain(&mut output);
                return Ok(self.serialize(&output));
            }
            match self.handle(item, &mut output) {
                Handled::Finished => return Ok(self.serialize(&output)),
                Handled::Continue => {}
                Handled::Error if self.fatal => return Err(()),
                Handled::Error => output.push(0xFFFD),
            }
        }
    }

    /// "Serialize I/O queue".
    fn serialize(&mut self, units: &[u16]) -> String {
        let mut text = String::new();
        let bom_applies = [
            encoding_rs::UTF_8,
            encoding_rs::UTF_16BE,
            encoding_rs::UTF_16LE,
        ]
        .contains(&self.encoding);
        for c in char::decode_utf16(units.iter().copied()) {
            let c = c.expect("a decoder outputs scalar values");
            if bom_applies && !self.ignore_bom && !self.bom_seen {
                self.bom_seen = true;
                if c == '\u{FEFF}' {
                    continue;
                }
            }
            text.push(c);
        }
        text
    }
}

/// The ways of calling textcodec's `TextDecoder`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    /// `decode` (the `Cow` result).
    Cow,
    /// `decode_to_string`, appending to a string that already holds text.
    AppendString,
    /// `decode_utf16`.
    Utf16Vec,
    /// `decode_to_utf16_vec`, appending.
    AppendUtf16Vec,
    /// `decode_to_utf16` with a buffer of this many units (0: `max_utf16_buffer_length`).
    Utf16Slice(usize),
    /// `decode_to_utf8` with a buffer of this many bytes (0: `max_utf8_buffer_length`).
    Utf8Slice(usize),
}

pub const ALL_VIA: [Via; 10] = [
    Via::Cow,
    Via::AppendString,
    Via::Utf16Vec,
    Via::AppendUtf16Vec,
    Via::Utf16Slice(0),
    Via::Utf16Slice(2),
    Via::Utf16Slice(3),
    Via::Utf8Slice(0),
    Via::Utf8Slice(4),
    Via::Utf8Slice(5),
];

/// textcodec's `TextDecoder` called one way. For the methods that write into the
/// caller's buffers the driver is the caller: it passes the unread rest again after
/// `OutputFull`, and after an error in a `stream` call it puts the unread rest before
/// the next call's input (the contract of `DecodeStatus::Error`).
pub struct Driver {
    pub decoder: TextDecoder,
    pub via: Via,
    held: Vec<u8>,
}

impl Driver {
    pub fn new(label: &str, options: TextDecoderOptions, via: Via) -> Driver {
        Driver {
            decoder: TextDecoder::with_options(label, options).unwrap(),
            via,
            held: Vec::new(),
        }
    }

    pub fn decode(&mut self, input: &[u8], stream: bool) -> Result<String, ()> {
        const PRE: &str = "pre\u{FEFF}";
        let d = &mut self.decoder;
        match self.via {
            Via::Cow => d
                .decode(input, stream)
                .map(|t| t.into_owned())
                .map_err(drop),
            Via::AppendString => {
                let mut s = String::from(PRE);
                let r = d.decode_to_string(input, &mut s, stream);
                assert!(s.starts_with(PRE));
                match r {
                    Ok(()) => Ok(s[PRE.len()..].to_owned()),
                    Err(_) => {
                        assert_eq!(s, PRE, "output left as it was after an error");
                        Err(())
                    }
                }
            }
            Via::Utf16Vec => d
                .decode_utf16(input, stream)
                .map(|u| String::from_utf16(&u).unwrap())
                .map_err(drop),
            Via::AppendUtf16Vec => {
                let pre: Vec<u16> = PRE.encode_utf16().collect();
                let mut v = pre.clone();
                let r = d.decode_to_utf16_vec(input, &mut v, stream);
                assert!(v.starts_with(&pre));
                match r {
                    Ok(()) => Ok(String::from_utf16(&v[pre.len()..]).unwrap()),
                    Err(_) => {
                        assert_eq!(v, pre, "output left as it was after an error");
                        Err(())
                    }
                }
            }
            Via::Utf16Slice(room) => {
                let mut data = std::mem::take(&mut self.held);
                data.extend_from_slice(input);
                let mut out = Vec::new();
                let mut pos = 0;
                loop {
                    let n = if room == 0 {
                        d.max_utf16_buffer_length(data.len() - pos).unwrap()
                    } else {
                        room
                    };
                    let mut buf = vec![0u16; n];
                    let r = d.decode_to_utf16(&data[pos..], &mut buf, stream);
                    pos += r.read;
                    assert!(r.written <= n);
                    match r.status {
                        DecodeStatus::InputEmpty => {
                            assert_eq!(pos, data.len());
                            out.extend_from_slice(&buf[..r.written]);
                            return Ok(String::from_utf16(&out).unwrap());
                        }
                        DecodeStatus::OutputFull => {
                            assert!(room != 0, "a max_utf16_buffer_length buffer filled");
                            assert!(r.read > 0 || r.written > 0, "no progress");
                            out.extend_from_slice(&buf[..r.written]);
                        }
                        DecodeStatus::Error(_) => {
                            if stream {
                                self.held = data[pos..].to_vec();
                            }
                            return Err(());
                        }
                    }
                }
            }
            Via::Utf8Slice(room) => {
                let mut data = std::mem::take(&mut self.held);
                data.extend_from_slice(input);
                let mut out = Vec::new();
                let mut pos = 0;
                loop {
                    let n = if room == 0 {
                        d.max_utf8_buffer_length(data.len() - pos).unwrap()
                    } else {
                        room
                    };
                    let mut buf = vec![0u8; n];
                    let r = d.decode_to_utf8(&data[pos..], &mut buf, stream);
                    pos += r.read;
                    assert!(r.written <= n);
                    match r.status {
                        DecodeStatus::InputEmpty => {
                            assert_eq!(pos, data.len());
                            out.extend_from_slice(&buf[..r.written]);
                            return Ok(String::from_utf8(out).unwrap());
                        }
                        DecodeStatus::OutputFull => {
                            assert!(room != 0, "a max_utf8_buffer_length buffer filled");
                            assert!(r.read > 0 || r.written > 0, "no progress");
                            out.extend_from_slice(&buf[..r.written]);
                        }
                        DecodeStatus::Error(_) => {
                            if stream {
                                self.held = data[pos..].to_vec();
                            }
                            return Err(());
                        }
                    }
                }
            }
        }
    }
}

/// The spec's `encodeInto()` loop, literally: the source as scalar values (lone
/// surrogates as U+FFFD), each written whole while it fits, stopping at the first that
/// does not. Returns (read, written, bytes).
pub fn model_encode_into(source: &[u16], destination_len: usize) -> (usize, usize, Vec<u8>) {
    let (mut read, mut written) = (0, 0);
    let mut bytes = Vec::new();
    for c in char::decode_utf16(source.iter().copied()) {
        let c = c.unwrap_or('\u{FFFD}');
        let mut buf = [0u8; 4];
        let encoded = c.encode_utf8(&mut buf).as_bytes();
        if destination_len - written < encoded.len() {
            break;
        }
        read += if u32::from(c) > 0xFFFF { 2 } else { 1 };
        bytes.extend_from_slice(encoded);
        written += encoded.len();
    }
    (read, written, bytes)
}

/// A JavaScript string as `USVString`: lone surrogates as U+FFFD.
pub fn usv(units: &[u16]) -> String {
    char::decode_utf16(units.iter().copied())
        .map(|c| c.unwrap_or('\u{FFFD}'))
        .collect()
}

/// The spec's label table, (label, encoding name), from indexes/labels.txt.
pub fn label_table() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/indexes/labels.txt"))
        .unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (label, name) = l.split_once('\t').unwrap();
            (label.to_owned(), name.to_owned())
        })
        .collect()
}

/// Every encoding name except replacement (which `TextDecoder` refuses).
pub fn decodable_names() -> Vec<String> {
    let mut names: Vec<String> = label_table().into_iter().map(|(_, n)| n).collect();
    names.dedup();
    names.sort();
    names.dedup();
    names.retain(|n| n != "replacement");
    names
}
