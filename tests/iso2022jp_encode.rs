//! The ISO-2022-JP encoder call by call: every split of the input, every output
//! room, from UTF-8 and from UTF-16, checked against a model of the spec's encoder
//! steps that says what each call must return (the result, the code units read and
//! the bytes written: each step of the spec, an escape sequence or a character's
//! bytes, is written when it fits and the call stops before the first that does
//! not), and the whole output against encoding_rs and the spec's encoder
//! (tests/cjk_ref). The texts mix ASCII runs of every length around the encoder's
//! loops' limits, kana, kanji, punctuation, halfwidth katakana, U+2212, the Roman
//! characters, ESC/SO/SI and unmappable characters.

mod cjk_ref;
mod common;
use cjk_ref::{encode as spec_encode, indexes, Enc};
use rand::Rng;
use textcodec::EncoderResult;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Ascii,
    Roman,
    Jis0208,
}

/// The spec's ISO-2022-JP encoder, one step at a time, with an output room.
struct Model {
    state: State,
}

/// What one call must return: (result, units read, bytes written).
type Call = (EncoderResult, usize, Vec<u8>);

impl Model {
    /// One call without replacement over `chars` (each with its length in code
    /// units) into `room` bytes.
    fn call(&mut self, chars: &[(char, usize)], room: usize, last: bool) -> Call {
        let mut out = Vec::new();
        let mut read = 0;
        let mut i = 0;
        loop {
            let Some(&(c, len)) = chars.get(i) else {
                if last && self.state != State::Ascii {
                    if room - out.len() < 3 {
                        return (EncoderResult::OutputFull, read, out);
                    }
                    out.extend_from_slice(b"\x1B(B");
                    self.state = State::Ascii;
                }
                return (EncoderResult::InputEmpty, read, out);
            };
            let cp = u32::from(c);
            // What this step writes, whether it takes the character, and the
            // state after it.
            let (bytes, takes, state): (Vec<u8>, bool, State) =
                if self.state != State::Jis0208 && matches!(cp, 0x0E | 0x0F | 0x1B) {
                    return (EncoderResult::Unmappable('\u{FFFD}'), read + len, out);
                } else if self.state == State::Ascii && cp < 0x80 {
                    (vec![cp as u8], true, State::Ascii)
                } else if self.state == State::Roman
                    && ((cp < 0x80 && cp != 0x5C && cp != 0x7E) || cp == 0xA5 || cp == 0x203E)
                {
                    let b = match cp {
                        0xA5 => 0x5C,
                        0x203E => 0x7E,
                        _ => cp as u8,
                    };
                    (vec![b], true, State::Roman)
                } else if cp < 0x80 {
                    (b"\x1B(B".to_vec(), false, State::Ascii)
                } else if cp == 0xA5 || cp == 0x203E {
                    (b"\x1B(J".to_vec(), false, State::Roman)
                } else {
                    let mut u = if cp == 0x2212 { 0xFF0D } else { cp };
                    if (0xFF61..=0xFF9F).contains(&u) {
                        u = indexes().katakana[&(u - 0xFF61)];
                    }
                    match indexes().jis0208_first.get(&u) {
                        None if self.state == State::Jis0208 => {
                            (b"\x1B(B".to_vec(), false, State::Ascii)
                        }
                        None => return (EncoderResult::Unmappable(c), read + len, out),
                        Some(_) if self.state != State::Jis0208 => {
                            (b"\x1B$B".to_vec(), false, State::Jis0208)
                        }
                        Some(&p) => (
                            vec![(p / 94 + 0x21) as u8, (p % 94 + 0x21) as u8],
                            true,
                            State::Jis0208,
                        ),
                    }
                };
            if room - out.len() < bytes.len() {
                return (EncoderResult::OutputFull, read, out);
            }
            out.extend_from_slice(&bytes);
            self.state = state;
            if takes {
                read += len;
                i += 1;
            }
        }
    }
}

/// The input as UTF-8 or UTF-16.
#[derive(Clone, Copy, PartialEq)]
enum Form {
    Utf8,
    Utf16,
}

/// The characters of `text` with their lengths in `form`'s code units.
fn chars(text: &str, form: Form) -> Vec<(char, usize)> {
    text.chars()
        .map(|c| match form {
            Form::Utf8 => (c, c.len_utf8()),
            Form::Utf16 => (c, c.len_utf16()),
        })
        .collect()
}

/// Encodes `text` without replacement, split after `split` characters, through
/// `room`-byte buffers, checking every call against the model; the bytes written
/// (unmappable characters skipped), or `None` where a call cannot progress in this
/// room (after checking that call).
fn run(text: &str, form: Form, split: usize, room: usize) -> Option<Vec<u8>> {
    let all = chars(text, form);
    let utf16: Vec<u16> = text.encode_utf16().collect();
    let split_units: usize = all[..split].iter().map(|&(_, n)| n).sum();
    let mut encoder = textcodec::ISO_2022_JP.new_encoder();
    let mut model = Model {
        state: State::Ascii,
    };
    let mut out = Vec::new();
    let mut buf = vec![0; room];
    // (first character, first code unit, end character, end code unit, last)
    let chunks = [
        (0, 0, split, split_units, false),
        (
            split,
            split_units,
            all.len(),
            match form {
                Form::Utf8 => text.len(),
                Form::Utf16 => utf16.len(),
            },
            true,
        ),
    ];
    for (mut ci, mut ui, c_end, u_end, last) in chunks {
        loop {
            let (result, read, written) = match form {
                Form::Utf8 => {
                    encoder.encode_from_utf8_without_replacement(&text[ui..u_end], &mut buf, last)
                }
                Form::Utf16 => {
                    encoder.encode_from_utf16_without_replacement(&utf16[ui..u_end], &mut buf, last)
                }
            };
            let expected = model.call(&all[ci..c_end], room, last);
            assert_eq!(
                (result, read, &buf[..written]),
                (expected.0, expected.1, &expected.2[..]),
                "{text:?} {} split at {split}, room {room}, call at character {ci}",
                if form == Form::Utf8 {
                    "UTF-8"
                } else {
                    "UTF-16"
                },
            );
            out.extend_from_slice(&buf[..written]);
            ui += read;
            let mut units = read;
            while units > 0 {
                units -= all[ci].1;
                ci += 1;
            }
            match result {
                EncoderResult::InputEmpty => break,
                EncoderResult::OutputFull if read == 0 && written == 0 => return None,
                _ => {}
            }
        }
    }
    assert!(!encoder.has_pending_state());
    Some(out)
}

/// The pieces the texts are made of.
const PIECES: &[&str] = &[
    "日本語",
    "の",
    "ひらがな",
    "カタカナ",
    "、",
    "。",
    "「漢字」",
    "（１）",
    "ＡＢ",
    "熒",
    "ｱｲｳｴｵ",
    "ｰﾞﾟ｡",
    "\u{2212}",
    "\u{A5}",
    "\u{203E}",
    "\\",
    "~",
    " ",
    "a",
    "ab",
    "1234567",
    "12345678",
    "123456789",
    "ABCDEFGHIJKLMNOP",
    "ABCDEFGHIJKLMNOPQ",
    "<div class=\"mw-parser-output\">",
    "\u{1B}",
    "\u{E}",
    "\u{F}",
    "€",
    "Ж",
    "é",
    "😀",
    "\u{E000}",
    "\u{FFFD}",
    "℃",
];

/// Fixed texts: an ESC, SO or SI at every place of an ASCII run after kanji (the
/// bulk copy's scan), runs of every length between kanji, and the pieces in turn.
fn texts() -> Vec<String> {
    let mut texts = Vec::new();
    for special in ["\u{1B}", "\u{E}", "\u{F}"] {
        for at in 0..40 {
            let run: String = (0..40)
                .map(|i| {
                    if i == at {
                        special.to_owned()
                    } else {
                        char::from(b'0' + i as u8).to_string()
                    }
                })
                .collect();
            texts.push(format!("漢{run}字"));
            texts.push(format!("¥{run}"));
        }
    }
    for len in 0..20 {
        texts.push(format!("漢字{}かな", "x".repeat(len)));
        texts.push(format!("ｱ{}\u{2212}", " ".repeat(len)));
    }
    texts.push(PIECES.concat());
    texts.push(PIECES.iter().rev().copied().collect());
    texts
}

/// Random texts of `n` pieces.
fn random_texts(seed: u64, count: usize, n: usize) -> Vec<String> {
    let mut rng = common::rng(seed);
    (0..count)
        .map(|_| {
            (0..rng.gen_range(1..n))
                .map(|_| PIECES[rng.gen_range(0..PIECES.len())])
                .collect()
        })
        .collect()
}

/// The one-shot output: the spec's (with `&#N;` for errors) and encoding_rs's.
fn check_one_shot(text: &str) -> Vec<u8> {
    let spec = spec_encode(Enc::Iso2022Jp, text);
    let (rs, _, _) = encoding_rs::ISO_2022_JP.encode(text);
    assert!(*rs == spec[..], "{text:?}: encoding_rs and the spec differ");
    let (ours, _, _) = textcodec::ISO_2022_JP.encode(text);
    assert!(*ours == spec[..], "{text:?}: one-shot");
    let utf16: Vec<u16> = text.encode_utf16().collect();
    let mine =
        common::stream_encode_utf16(&mut textcodec::ISO_2022_JP.new_encoder(), &[&utf16], 4096);
    assert!(mine == spec, "{text:?}: one-shot from UTF-16");
    spec
}

/// The bytes of the spec's output without its `&#N;` replacements, as a stream
/// without replacement writes them.
fn without_replacement(text: &str) -> Vec<u8> {
    let mut model = Model {
        state: State::Ascii,
    };
    let all = chars(text, Form::Utf8);
    let mut out = Vec::new();
    let mut i = 0;
    loop {
        let (result, read, bytes) = model.call(&all[i..], usize::MAX, true);
        out.extend(bytes);
        let mut r = 0;
        while r < read {
            r += all[i].1;
            i += 1;
        }
        if result == EncoderResult::InputEmpty {
            return out;
        }
    }
}

/// Every split at a character boundary, every room from 1 to past the longest
/// call's output, both input forms.
fn check_every_split_and_room(text: &str) {
    check_one_shot(text);
    let whole = without_replacement(text);
    let n = text.chars().count();
    let rooms: Vec<usize> = (1..=12).chain([13, 16, 23, whole.len() + 8]).collect();
    for form in [Form::Utf8, Form::Utf16] {
        for split in 0..=n {
            for &room in &rooms {
                if let Some(out) = run(text, form, split, room) {
                    assert!(out == whole, "{text:?} split {split} room {room}");
                } else {
                    // Only an escape sequence (3 bytes) does not fit.
                    assert!(room < 3, "{text:?} split {split}: no progress in {room}");
                }
            }
        }
    }
}

#[test]
fn fixed_texts_every_split_and_room() {
    for text in texts() {
        check_every_split_and_room(&text);
    }
}

#[test]
fn random_texts_every_split_and_room() {
    let count = if cfg!(debug_assertions) { 30 } else { 300 };
    for text in random_texts(2022, count, 16) {
        check_every_split_and_room(&text);
    }
}

/// Streams with replacement (`&#N;`) through buffers of 14 bytes and more, split
/// at every character boundary, equal encoding_rs's one-shot output.
#[test]
fn replacement_streams_every_split() {
    let count = if cfg!(debug_assertions) { 20 } else { 200 };
    for text in texts().into_iter().chain(random_texts(2023, count, 12)) {
        let expected = check_one_shot(&text);
        let utf16: Vec<u16> = text.encode_utf16().collect();
        let bounds: Vec<usize> = (0..=text.len())
            .filter(|&i| text.is_char_boundary(i))
            .collect();
        for &i in &bounds {
            for out_len in [14, 15, 16, 19, 24] {
                let mut e = textcodec::ISO_2022_JP.new_encoder();
                let got = common::stream_encode_utf8(&mut e, &[&text[..i], &text[i..]], out_len);
                assert!(got == expected, "{text:?} at {i} through {out_len}");
            }
        }
        for i in 0..=utf16.len() {
            for out_len in [14, 17] {
                let mut e = textcodec::ISO_2022_JP.new_encoder();
                let got = common::stream_encode_utf16(&mut e, &[&utf16[..i], &utf16[i..]], out_len);
                assert!(got == expected, "{text:?} UTF-16 at {i} through {out_len}");
            }
        }
    }
}

/// The corpus's Japanese (and an ASCII-only file) call by call through small
/// rooms, and one-shot against encoding_rs.
#[test]
fn corpus_call_by_call() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    for name in ["ja.txt", "ja.html", "jquery-3.1.1.min.js"] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        check_one_shot(&text);
        let whole = without_replacement(&text);
        let rooms: &[usize] = if cfg!(debug_assertions) {
            &[5, 4096]
        } else {
            &[3, 5, 6, 7, 9, 64, 4096]
        };
        for form in [Form::Utf8, Form::Utf16] {
            for &room in rooms {
                let out = run(&text, form, text.chars().count() / 2, room);
                assert!(out.as_deref() == Some(&whole[..]), "{name} room {room}");
            }
        }
    }
}
