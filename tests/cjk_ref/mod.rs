//! A reference implementation of the seven CJK encodings written line by line from
//! the Encoding Standard's algorithms (an I/O queue with "restore", end-of-queue),
//! over the indexes read straight from `indexes/*.txt` (never from the generated
//! tables). Slow and simple on purpose: it is the oracle for the spec-conformance
//! tests.
#![allow(dead_code)]

use std::collections::{HashMap, VecDeque};
use std::sync::OnceLock;

/// An index: pointer -> code point, in pointer order.
pub type Index = Vec<(u32, u32)>;

/// Reads `indexes/index-<name>.txt` (the WHATWG index format).
pub fn read_index(name: &str) -> Index {
    let path = format!("{}/indexes/index-{name}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut f = l.split('\t');
            let p = f.next().unwrap().trim().parse().unwrap();
            let c =
                u32::from_str_radix(f.next().unwrap().trim().trim_start_matches("0x"), 16).unwrap();
            (p, c)
        })
        .collect()
}

/// The indexes, loaded once.
pub struct Indexes {
    pub gb18030: HashMap<u32, u32>,
    pub gb18030_first: HashMap<u32, u32>,
    pub ranges: Index,
    pub big5: HashMap<u32, u32>,
    /// The index Big5 pointer of each code point.
    pub big5_pointer: HashMap<u32, u32>,
    pub euc_kr: HashMap<u32, u32>,
    pub euc_kr_first: HashMap<u32, u32>,
    pub jis0208: HashMap<u32, u32>,
    pub jis0208_first: HashMap<u32, u32>,
    /// The index Shift_JIS pointer of each code point.
    pub shift_jis_pointer: HashMap<u32, u32>,
    pub jis0212: HashMap<u32, u32>,
    pub katakana: HashMap<u32, u32>,
}

fn first_pointers(index: &Index, keep: impl Fn(u32) -> bool) -> HashMap<u32, u32> {
    let mut m = HashMap::new();
    for &(p, c) in index {
        if keep(p) {
            m.entry(c).or_insert(p);
        }
    }
    m
}

pub fn indexes() -> &'static Indexes {
    static I: OnceLock<Indexes> = OnceLock::new();
    I.get_or_init(|| {
        let gb = read_index("gb18030");
        let big5 = read_index("big5");
        let kr = read_index("euc-kr");
        let jis = read_index("jis0208");
        // "index Big5 pointer": index Big5 without pointers below (0xA1 - 0x81) × 157;
        // the last pointer for six code points, the first otherwise.
        let mut big5_pointer = first_pointers(&big5, |p| p >= (0xA1 - 0x81) * 157);
        for c in [0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345] {
            let last = big5
                .iter()
                .rfind(|&&(p, x)| x == c && p >= (0xA1 - 0x81) * 157)
                .unwrap()
                .0;
            big5_pointer.insert(c, last);
        }
        Indexes {
            gb18030: gb.iter().copied().collect(),
            gb18030_first: first_pointers(&gb, |_| true),
            ranges: read_index("gb18030-ranges"),
            big5: big5.iter().copied().collect(),
            big5_pointer,
            euc_kr: kr.iter().copied().collect(),
            euc_kr_first: first_pointers(&kr, |_| true),
            jis0208: jis.iter().copied().collect(),
            jis0208_first: first_pointers(&jis, |_| true),
            // "index Shift_JIS pointer": index jis0208 without pointers 8272..=8835.
            shift_jis_pointer: first_pointers(&jis, |p| !(8272..=8835).contains(&p)),
            jis0212: read_index("jis0212").into_iter().collect(),
            katakana: read_index("iso-2022-jp-katakana").into_iter().collect(),
        }
    })
}

/// "index gb18030 ranges code point".
pub fn ranges_code_point(pointer: u32) -> Option<u32> {
    if (pointer > 39419 && pointer < 189000) || pointer > 1237575 {
        return None;
    }
    if pointer == 7457 {
        return Some(0xE7C7);
    }
    let (offset, cp) = *indexes().ranges.iter().rfind(|r| r.0 <= pointer).unwrap();
    Some(cp + pointer - offset)
}

/// "index gb18030 ranges pointer".
pub fn ranges_pointer(c: u32) -> u32 {
    if c == 0xE7C7 {
        return 7457;
    }
    let (pointer, offset) = *indexes().ranges.iter().rfind(|r| r.1 <= c).unwrap();
    pointer + c - offset
}

/// The CJK encodings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Enc {
    Gb18030,
    Gbk,
    Big5,
    EucJp,
    Iso2022Jp,
    ShiftJis,
    EucKr,
}

pub const ALL: [Enc; 7] = [
    Enc::Gb18030,
    Enc::Gbk,
    Enc::Big5,
    Enc::EucJp,
    Enc::Iso2022Jp,
    Enc::ShiftJis,
    Enc::EucKr,
];

impl Enc {
    pub fn name(self) -> &'static str {
        match self {
            Enc::Gb18030 => "gb18030",
            Enc::Gbk => "GBK",
            Enc::Big5 => "Big5",
            Enc::EucJp => "EUC-JP",
            Enc::Iso2022Jp => "ISO-2022-JP",
            Enc::ShiftJis => "Shift_JIS",
            Enc::EucKr => "EUC-KR",
        }
    }

    pub fn ours(self) -> &'static textcodec::Encoding {
        textcodec::Encoding::for_label(self.name().as_bytes()).unwrap()
    }

    pub fn theirs(self) -> &'static encoding_rs::Encoding {
        encoding_rs::Encoding::for_label(self.name().as_bytes()).unwrap()
    }
}

/// What a handler returns.
enum R {
    Finished,
    Items(Vec<u32>),
    Error,
    Continue,
}

/// An I/O queue of bytes; `None` is end-of-queue.
struct Queue(VecDeque<u8>);

impl Queue {
    fn read(&mut self) -> Option<u8> {
        self.0.pop_front()
    }
    /// "restore": prepend, keeping order.
    fn restore(&mut self, items: &[u8]) {
        for &b in items.iter().rev() {
            self.0.push_front(b);
        }
    }
}

fn is_ascii(b: u8) -> bool {
    b < 0x80
}

/// Decodes `bytes` with the spec's decoder for `enc`, replacement error mode.
pub fn decode(enc: Enc, bytes: &[u8]) -> String {
    let ix = indexes();
    let mut q = Queue(bytes.iter().copied().collect());
    let mut out = String::new();
    // Decoder state, a superset of what each decoder needs.
    let (mut first, mut second, mut third) = (0u8, 0u8, 0u8);
    let mut lead = 0u8;
    let mut jis0212 = false;
    #[derive(Clone, Copy, PartialEq)]
    enum S {
        Ascii,
        Roman,
        Katakana,
        LeadByte,
        TrailByte,
        EscapeStart,
        Escape,
    }
    let (mut state, mut output_state, mut output) = (S::Ascii, S::Ascii, false);
    loop {
        let byte = q.read();
        let result = match enc {
            Enc::Gb18030 | Enc::Gbk => 'h: {
                let Some(byte) = byte else {
                    if first == 0 && second == 0 && third == 0 {
                        break 'h R::Finished;
                    }
                    (first, second, third) = (0, 0, 0);
                    break 'h R::Error;
                };
                if third != 0 {
                    if !(0x30..=0x39).contains(&byte) {
                        q.restore(&[second, third, byte]);
                        (first, second, third) = (0, 0, 0);
                        break 'h R::Error;
                    }
                    let cp = ranges_code_point(
                        (u32::from(first) - 0x81) * (10 * 126 * 10)
                            + (u32::from(second) - 0x30) * (10 * 126)
                            + (u32::from(third) - 0x81) * 10
                            + u32::from(byte)
                            - 0x30,
                    );
                    (first, second, third) = (0, 0, 0);
                    break 'h cp.map_or(R::Error, |c| R::Items(vec![c]));
                }
                if second != 0 {
                    if (0x81..=0xFE).contains(&byte) {
                        third = byte;
                        break 'h R::Continue;
                    }
                    q.restore(&[second, byte]);
                    (first, second) = (0, 0);
                    break 'h R::Error;
                }
                if first != 0 {
                    if (0x30..=0x39).contains(&byte) {
                        second = byte;
                        break 'h R::Continue;
                    }
                    let leading = first;
                    first = 0;
                    let offset = if byte < 0x7F { 0x40 } else { 0x41 };
                    let pointer = if (0x40..=0x7E).contains(&byte) || (0x80..=0xFE).contains(&byte)
                    {
                        Some((u32::from(leading) - 0x81) * 190 + (u32::from(byte) - offset))
                    } else {
                        None
                    };
                    if let Some(c) = pointer.and_then(|p| ix.gb18030.get(&p)) {
                        break 'h R::Items(vec![*c]);
                    }
                    if is_ascii(byte) {
                        q.restore(&[byte]);
                    }
                    break 'h R::Error;
                }
                if is_ascii(byte) {
                    break 'h R::Items(vec![u32::from(byte)]);
                }
                if byte == 0x80 {
                    break 'h R::Items(vec![0x20AC]);
                }
                if (0x81..=0xFE).contains(&byte) {
                    first = byte;
                    break 'h R::Continue;
                }
                R::Error
            }
            Enc::Big5 => 'h: {
                let Some(byte) = byte else {
                    if lead != 0 {
                        lead = 0;
                        break 'h R::Error;
                    }
                    break 'h R::Finished;
                };
                if lead != 0 {
                    let leading = lead;
                    lead = 0;
                    let offset = if byte < 0x7F { 0x40 } else { 0x62 };
                    let pointer = if (0x40..=0x7E).contains(&byte) || (0xA1..=0xFE).contains(&byte)
                    {
                        Some((u32::from(leading) - 0x81) * 157 + (u32::from(byte) - offset))
                    } else {
                        None
                    };
                    match pointer {
                        Some(1133) => break 'h R::Items(vec![0x00CA, 0x0304]),
                        Some(1135) => break 'h R::Items(vec![0x00CA, 0x030C]),
                        Some(1164) => break 'h R::Items(vec![0x00EA, 0x0304]),
                        Some(1166) => break 'h R::Items(vec![0x00EA, 0x030C]),
                        _ => {}
                    }
                    if let Some(c) = pointer.and_then(|p| ix.big5.get(&p)) {
                        break 'h R::Items(vec![*c]);
                    }
                    if is_ascii(byte) {
                        q.restore(&[byte]);
                    }
                    break 'h R::Error;
                }
                if is_ascii(byte) {
                    break 'h R::Items(vec![u32::from(byte)]);
                }
                if (0x81..=0xFE).contains(&byte) {
                    lead = byte;
                    break 'h R::Continue;
                }
                R::Error
            }
            Enc::EucJp => 'h: {
                let Some(byte) = byte else {
                    if lead != 0 {
                        lead = 0;
                        break 'h R::Error;
                    }
                    break 'h R::Finished;
                };
                if lead == 0x8E && (0xA1..=0xDF).contains(&byte) {
                    lead = 0;
                    break 'h R::Items(vec![0xFF61 - 0xA1 + u32::from(byte)]);
                }
                if lead == 0x8F && (0xA1..=0xFE).contains(&byte) {
                    jis0212 = true;
                    lead = byte;
                    break 'h R::Continue;
                }
                if lead != 0 {
                    let leading = lead;
                    lead = 0;
                    let mut cp = None;
                    if (0xA1..=0xFE).contains(&leading) && (0xA1..=0xFE).contains(&byte) {
                        let p = (u32::from(leading) - 0xA1) * 94 + u32::from(byte) - 0xA1;
                        cp = if jis0212 {
                            ix.jis0212.get(&p)
                        } else {
                            ix.jis0208.get(&p)
                        }
                        .copied();
                    }
                    jis0212 = false;
                    if let Some(c) = cp {
                        break 'h R::Items(vec![c]);
                    }
                    if is_ascii(byte) {
                        q.restore(&[byte]);
                    }
                    break 'h R::Error;
                }
                if is_ascii(byte) {
                    break 'h R::Items(vec![u32::from(byte)]);
                }
                if byte == 0x8E || byte == 0x8F || (0xA1..=0xFE).contains(&byte) {
                    lead = byte;
                    break 'h R::Continue;
                }
                R::Error
            }
            Enc::Iso2022Jp => 'h: {
                match state {
                    S::Ascii | S::Roman => match byte {
                        Some(0x1B) => {
                            state = S::EscapeStart;
                            R::Continue
                        }
                        Some(0x5C) if state == S::Roman => {
                            output = false;
                            R::Items(vec![0xA5])
                        }
                        Some(0x7E) if state == S::Roman => {
                            output = false;
                            R::Items(vec![0x203E])
                        }
                        Some(b @ 0x00..=0x7F) if b != 0x0E && b != 0x0F => {
                            output = false;
                            R::Items(vec![u32::from(b)])
                        }
                        None => R::Finished,
                        _ => {
                            output = false;
                            R::Error
                        }
                    },
                    S::Katakana => match byte {
                        Some(0x1B) => {
                            state = S::EscapeStart;
                            R::Continue
                        }
                        Some(b @ 0x21..=0x5F) => {
                            output = false;
                            R::Items(vec![0xFF61 - 0x21 + u32::from(b)])
                        }
                        None => R::Finished,
                        _ => {
                            output = false;
                            R::Error
                        }
                    },
                    S::LeadByte => match byte {
                        Some(0x1B) => {
                            state = S::EscapeStart;
                            R::Continue
                        }
                        Some(b @ 0x21..=0x7E) => {
                            output = false;
                            lead = b;
                            state = S::TrailByte;
                            R::Continue
                        }
                        None => R::Finished,
                        _ => {
                            output = false;
                            R::Error
                        }
                    },
                    S::TrailByte => match byte {
                        Some(0x1B) => {
                            state = S::EscapeStart;
                            R::Error
                        }
                        Some(b @ 0x21..=0x7E) => {
                            state = S::LeadByte;
                            let p = (u32::from(lead) - 0x21) * 94 + u32::from(b) - 0x21;
                            ix.jis0208.get(&p).map_or(R::Error, |&c| R::Items(vec![c]))
                        }
                        None => {
                            state = S::LeadByte;
                            R::Error
                        }
                        _ => {
                            state = S::LeadByte;
                            R::Error
                        }
                    },
                    S::EscapeStart => {
                        if let Some(b @ (0x24 | 0x28)) = byte {
                            lead = b;
                            state = S::Escape;
                            break 'h R::Continue;
                        }
                        if let Some(b) = byte {
                            q.restore(&[b]);
                        }
                        output = false;
                        state = output_state;
                        R::Error
                    }
                    S::Escape => {
                        let leading = lead;
                        lead = 0;
                        let new = match (leading, byte) {
                            (0x28, Some(0x42)) => Some(S::Ascii),
                            (0x28, Some(0x4A)) => Some(S::Roman),
                            (0x28, Some(0x49)) => Some(S::Katakana),
                            (0x24, Some(0x40 | 0x42)) => Some(S::LeadByte),
                            _ => None,
                        };
                        if let Some(s) = new {
                            state = s;
                            output_state = s;
                            let was = output;
                            output = true;
                            break 'h if was { R::Error } else { R::Continue };
                        }
                        match byte {
                            None => q.restore(&[leading]),
                            Some(b) => q.restore(&[leading, b]),
                        }
                        output = false;
                        state = output_state;
                        R::Error
                    }
                }
            }
            Enc::ShiftJis => 'h: {
                let Some(byte) = byte else {
                    if lead != 0 {
                        lead = 0;
                        break 'h R::Error;
                    }
                    break 'h R::Finished;
                };
                if lead != 0 {
                    let leading = lead;
                    lead = 0;
                    let offset = if byte < 0x7F { 0x40 } else { 0x41 };
                    let leading_offset = if leading < 0xA0 { 0x81 } else { 0xC1 };
                    let pointer = if (0x40..=0x7E).contains(&byte) || (0x80..=0xFC).contains(&byte)
                    {
                        Some((u32::from(leading) - leading_offset) * 188 + u32::from(byte) - offset)
                    } else {
                        None
                    };
                    if let Some(p @ 8836..=10715) = pointer {
                        break 'h R::Items(vec![0xE000 - 8836 + p]);
                    }
                    if let Some(c) = pointer.and_then(|p| ix.jis0208.get(&p)) {
                        break 'h R::Items(vec![*c]);
                    }
                    if is_ascii(byte) {
                        q.restore(&[byte]);
                    }
                    break 'h R::Error;
                }
                if is_ascii(byte) || byte == 0x80 {
                    break 'h R::Items(vec![u32::from(byte)]);
                }
                if (0xA1..=0xDF).contains(&byte) {
                    break 'h R::Items(vec![0xFF61 - 0xA1 + u32::from(byte)]);
                }
                if (0x81..=0x9F).contains(&byte) || (0xE0..=0xFC).contains(&byte) {
                    lead = byte;
                    break 'h R::Continue;
                }
                R::Error
            }
            Enc::EucKr => 'h: {
                let Some(byte) = byte else {
                    if lead != 0 {
                        lead = 0;
                        break 'h R::Error;
                    }
                    break 'h R::Finished;
                };
                if lead != 0 {
                    let leading = lead;
                    lead = 0;
                    let pointer = (0x41..=0xFE)
                        .contains(&byte)
                        .then(|| (u32::from(leading) - 0x81) * 190 + (u32::from(byte) - 0x41));
                    if let Some(c) = pointer.and_then(|p| ix.euc_kr.get(&p)) {
                        break 'h R::Items(vec![*c]);
                    }
                    if is_ascii(byte) {
                        q.restore(&[byte]);
                    }
                    break 'h R::Error;
                }
                if is_ascii(byte) {
                    break 'h R::Items(vec![u32::from(byte)]);
                }
                if (0x81..=0xFE).contains(&byte) {
                    lead = byte;
                    break 'h R::Continue;
                }
                R::Error
            }
        };
        match result {
            R::Finished => return out,
            R::Items(v) => out.extend(v.into_iter().map(|c| char::from_u32(c).unwrap())),
            R::Error => out.push('\u{FFFD}'),
            R::Continue => {}
        }
    }
}

/// The GB18030-2022 side table of the spec's gb18030 encoder.
pub const GB18030_SIDE_TABLE: [(u32, [u8; 2]); 18] = [
    (0xE78D, [0xA6, 0xD9]),
    (0xE78E, [0xA6, 0xDA]),
    (0xE78F, [0xA6, 0xDB]),
    (0xE790, [0xA6, 0xDC]),
    (0xE791, [0xA6, 0xDD]),
    (0xE792, [0xA6, 0xDE]),
    (0xE793, [0xA6, 0xDF]),
    (0xE794, [0xA6, 0xEC]),
    (0xE795, [0xA6, 0xED]),
    (0xE796, [0xA6, 0xF3]),
    (0xE81E, [0xFE, 0x59]),
    (0xE826, [0xFE, 0x61]),
    (0xE82B, [0xFE, 0x66]),
    (0xE82C, [0xFE, 0x67]),
    (0xE832, [0xFE, 0x6D]),
    (0xE843, [0xFE, 0x7E]),
    (0xE854, [0xFE, 0x90]),
    (0xE864, [0xFE, 0xA0]),
];

/// The spec's encoder for one code point of a stateless encoding: the bytes, or
/// `None` for an error.
pub fn encode_char(enc: Enc, c: u32) -> Option<Vec<u8>> {
    let ix = indexes();
    if c < 0x80 {
        return Some(vec![c as u8]);
    }
    match enc {
        Enc::Gb18030 | Enc::Gbk => {
            let is_gbk = enc == Enc::Gbk;
            if c == 0xE5E5 {
                return None;
            }
            if is_gbk && c == 0x20AC {
                return Some(vec![0x80]);
            }
            if let Some((_, b)) = GB18030_SIDE_TABLE.iter().find(|e| e.0 == c) {
                return Some(b.to_vec());
            }
            if let Some(&p) = ix.gb18030_first.get(&c) {
                let trailing = p % 190;
                let offset = if trailing < 0x3F { 0x40 } else { 0x41 };
                return Some(vec![(p / 190 + 0x81) as u8, (trailing + offset) as u8]);
            }
            if is_gbk {
                return None;
            }
            let mut p = ranges_pointer(c);
            let b1 = p / (10 * 126 * 10);
            p %= 10 * 126 * 10;
            let b2 = p / (10 * 126);
            p %= 10 * 126;
            Some(vec![
                (b1 + 0x81) as u8,
                (b2 + 0x30) as u8,
                (p / 10 + 0x81) as u8,
                (p % 10 + 0x30) as u8,
            ])
        }
        Enc::Big5 => {
            let p = *ix.big5_pointer.get(&c)?;
            let trailing = p % 157;
            let offset = if trailing < 0x3F { 0x40 } else { 0x62 };
            Some(vec![(p / 157 + 0x81) as u8, (trailing + offset) as u8])
        }
        Enc::EucJp => {
            match c {
                0xA5 => return Some(vec![0x5C]),
                0x203E => return Some(vec![0x7E]),
                0xFF61..=0xFF9F => return Some(vec![0x8E, (c - 0xFF61 + 0xA1) as u8]),
                _ => {}
            }
            let c = if c == 0x2212 { 0xFF0D } else { c };
            let p = *ix.jis0208_first.get(&c)?;
            Some(vec![(p / 94 + 0xA1) as u8, (p % 94 + 0xA1) as u8])
        }
        Enc::ShiftJis => {
            match c {
                0x80 => return Some(vec![0x80]),
                0xA5 => return Some(vec![0x5C]),
                0x203E => return Some(vec![0x7E]),
                0xFF61..=0xFF9F => return Some(vec![(c - 0xFF61 + 0xA1) as u8]),
                _ => {}
            }
            let c = if c == 0x2212 { 0xFF0D } else { c };
            let p = *ix.shift_jis_pointer.get(&c)?;
            let leading = p / 188;
            let leading_offset = if leading < 0x1F { 0x81 } else { 0xC1 };
            let trailing = p % 188;
            let offset = if trailing < 0x3F { 0x40 } else { 0x41 };
            Some(vec![
                (leading + leading_offset) as u8,
                (trailing + offset) as u8,
            ])
        }
        Enc::EucKr => {
            let p = *ix.euc_kr_first.get(&c)?;
            Some(vec![(p / 190 + 0x81) as u8, (p % 190 + 0x41) as u8])
        }
        Enc::Iso2022Jp => unreachable!("stateful: use encode()"),
    }
}

/// Encodes `text` with the spec's encoder, error mode "html" (`&#N;`).
pub fn encode(enc: Enc, text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let ncr = |out: &mut Vec<u8>, c: u32| out.extend_from_slice(format!("&#{c};").as_bytes());
    if enc != Enc::Iso2022Jp {
        for c in text.chars() {
            match encode_char(enc, u32::from(c)) {
                Some(b) => out.extend(b),
                None => ncr(&mut out, u32::from(c)),
            }
        }
        return out;
    }
    #[derive(PartialEq)]
    enum S {
        Ascii,
        Roman,
        Jis0208,
    }
    let ix = indexes();
    let mut state = S::Ascii;
    let mut q: VecDeque<u32> = text.chars().map(u32::from).collect();
    loop {
        let Some(mut c) = q.pop_front() else {
            if state != S::Ascii {
                out.extend([0x1B, 0x28, 0x42]);
            }
            return out;
        };
        if (state == S::Ascii || state == S::Roman) && matches!(c, 0x0E | 0x0F | 0x1B) {
            ncr(&mut out, 0xFFFD);
            continue;
        }
        if state == S::Ascii && c < 0x80 {
            out.push(c as u8);
            continue;
        }
        if state == S::Roman && ((c < 0x80 && c != 0x5C && c != 0x7E) || c == 0xA5 || c == 0x203E) {
            out.push(match c {
                0xA5 => 0x5C,
                0x203E => 0x7E,
                _ => c as u8,
            });
            continue;
        }
        if c < 0x80 && state != S::Ascii {
            q.push_front(c);
            state = S::Ascii;
            out.extend([0x1B, 0x28, 0x42]);
            continue;
        }
        if (c == 0xA5 || c == 0x203E) && state != S::Roman {
            q.push_front(c);
            state = S::Roman;
            out.extend([0x1B, 0x28, 0x4A]);
            continue;
        }
        if c == 0x2212 {
            c = 0xFF0D;
        }
        if (0xFF61..=0xFF9F).contains(&c) {
            c = ix.katakana[&(c - 0xFF61)];
        }
        let Some(&p) = ix.jis0208_first.get(&c) else {
            if state == S::Jis0208 {
                q.push_front(c);
                state = S::Ascii;
                out.extend([0x1B, 0x28, 0x42]);
                continue;
            }
            ncr(&mut out, c);
            continue;
        };
        if state != S::Jis0208 {
            q.push_front(c);
            state = S::Jis0208;
            out.extend([0x1B, 0x24, 0x42]);
            continue;
        }
        out.extend([(p / 94 + 0x21) as u8, (p % 94 + 0x21) as u8]);
    }
}
