//! Shared helpers for the integration tests: the encoding pairs (ours, encoding_rs's),
//! input generators, the corpus, and streaming drivers.
#![allow(dead_code)]

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Every encoding name of the Encoding Standard.
pub const ALL_NAMES: [&str; 40] = [
    "UTF-8",
    "IBM866",
    "ISO-8859-2",
    "ISO-8859-3",
    "ISO-8859-4",
    "ISO-8859-5",
    "ISO-8859-6",
    "ISO-8859-7",
    "ISO-8859-8",
    "ISO-8859-8-I",
    "ISO-8859-10",
    "ISO-8859-13",
    "ISO-8859-14",
    "ISO-8859-15",
    "ISO-8859-16",
    "KOI8-R",
    "KOI8-U",
    "macintosh",
    "windows-874",
    "windows-1250",
    "windows-1251",
    "windows-1252",
    "windows-1253",
    "windows-1254",
    "windows-1255",
    "windows-1256",
    "windows-1257",
    "windows-1258",
    "x-mac-cyrillic",
    "GBK",
    "gb18030",
    "Big5",
    "EUC-JP",
    "ISO-2022-JP",
    "Shift_JIS",
    "EUC-KR",
    "replacement",
    "UTF-16BE",
    "UTF-16LE",
    "x-user-defined",
];

/// The encodings textcodec supports, paired with encoding_rs's.
pub fn pairs() -> Vec<(&'static textcodec::Encoding, &'static encoding_rs::Encoding)> {
    ALL_NAMES
        .iter()
        .filter_map(|name| {
            let ours = textcodec::Encoding::for_label(name.as_bytes())?;
            let theirs = encoding_rs::Encoding::for_label(name.as_bytes()).unwrap();
            assert_eq!(ours.name(), theirs.name());
            Some((ours, theirs))
        })
        .collect()
}

/// A seeded generator, so failures reproduce.
pub fn rng(seed: u64) -> SmallRng {
    SmallRng::seed_from_u64(seed)
}

/// Random bytes biased towards interesting values: ASCII, lead/trail ranges, ESC, etc.
pub fn random_bytes(rng: &mut SmallRng, len: usize) -> Vec<u8> {
    (0..len)
        .map(|_| match rng.gen_range(0..8) {
            0 => rng.gen_range(0x00..0x80),
            1 => rng.gen_range(0x80..0xC0),
            2 => rng.gen_range(0xC0..0x100) as u8,
            3 => *[0x1B, 0x24, 0x28, 0x42, 0x4A, 0x49, 0x40, 0x0E, 0x0F]
                .get(rng.gen_range(0..9))
                .unwrap(),
            4 => *[0xEF, 0xBB, 0xBF, 0xFE, 0xFF, 0xD8, 0xDC, 0x00]
                .get(rng.gen_range(0..8))
                .unwrap(),
            5 => rng.gen_range(0x81..0xFF),
            6 => rng.gen_range(0x30..0x3A),
            _ => rng.gen(),
        })
        .collect()
}

/// Random text: ASCII, Latin, Greek/Cyrillic, CJK, astral, and the odd special.
pub fn random_string(rng: &mut SmallRng, len: usize) -> String {
    (0..len)
        .map(|_| {
            let c = match rng.gen_range(0..10) {
                0..=2 => rng.gen_range(0x20..0x7F),
                3 => rng.gen_range(0x80..0x250),
                4 => rng.gen_range(0x370..0x700),
                5 => rng.gen_range(0x2000..0x2700),
                6 => rng.gen_range(0x3000..0xA000),
                7 => rng.gen_range(0xAC00..0xD7A4),
                8 => rng.gen_range(0xE000..0x10000),
                _ => rng.gen_range(0x10000..0x110000),
            };
            char::from_u32(c).unwrap_or('\u{FFFD}')
        })
        .collect()
}

/// Random UTF-16 with unpaired surrogates sprinkled in.
pub fn random_utf16(rng: &mut SmallRng, len: usize) -> Vec<u16> {
    let s = random_string(rng, len);
    let mut v: Vec<u16> = s.encode_utf16().collect();
    for _ in 0..len / 8 {
        if v.is_empty() {
            break;
        }
        let i = rng.gen_range(0..v.len());
        v[i] = rng.gen_range(0xD800..0xE000);
    }
    v
}

/// The corpus folder from `TEXTCODEC_CORPUS`, or `None` with a message.
pub fn corpus_dir() -> Option<std::path::PathBuf> {
    match std::env::var_os("TEXTCODEC_CORPUS") {
        Some(d) if std::path::Path::new(&d).is_dir() => Some(d.into()),
        _ => {
            eprintln!("TEXTCODEC_CORPUS is not set to a folder: skipping corpus tests");
            None
        }
    }
}

/// The corpus files (name, bytes).
pub fn corpus() -> Vec<(String, Vec<u8>)> {
    let Some(dir) = corpus_dir() else {
        return Vec::new();
    };
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy();
            n.ends_with(".txt") || n.ends_with(".html") || n.ends_with(".js") || n.ends_with(".jpg")
        })
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect()
}

/// Decodes `chunks` with `decoder`, without replacement, through an output buffer of
/// `out_len` units; returns the UTF-16 output and the sequence of Malformed reports.
pub fn stream_decode_utf16(
    decoder: &mut textcodec::Decoder,
    chunks: &[&[u8]],
    out_len: usize,
) -> (Vec<u16>, Vec<(u8, u8)>) {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut buf = vec![0u16; out_len];
    for (i, chunk) in chunks.iter().enumerate() {
        let last = i + 1 == chunks.len();
        let mut read = 0;
        loop {
            let (res, r, w) =
                decoder.decode_to_utf16_without_replacement(&chunk[read..], &mut buf, last);
            read += r;
            out.extend_from_slice(&buf[..w]);
            match res {
                textcodec::DecoderResult::InputEmpty => break,
                textcodec::DecoderResult::OutputFull => assert!(r > 0 || w > 0, "no progress"),
                textcodec::DecoderResult::Malformed(a, b) => {
                    errors.push((a, b));
                    out.push(0xFFFD);
                }
            }
        }
        assert_eq!(read, chunk.len());
    }
    (out, errors)
}

/// The same with encoding_rs.
pub fn stream_decode_utf16_rs(
    decoder: &mut encoding_rs::Decoder,
    chunks: &[&[u8]],
    out_len: usize,
) -> (Vec<u16>, Vec<(u8, u8)>) {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut buf = vec![0u16; out_len];
    for (i, chunk) in chunks.iter().enumerate() {
        let last = i + 1 == chunks.len();
        let mut read = 0;
        loop {
            let (res, r, w) =
                decoder.decode_to_utf16_without_replacement(&chunk[read..], &mut buf, last);
            read += r;
            out.extend_from_slice(&buf[..w]);
            match res {
                encoding_rs::DecoderResult::InputEmpty => break,
                encoding_rs::DecoderResult::OutputFull => {}
                encoding_rs::DecoderResult::Malformed(a, b) => {
                    errors.push((a, b));
                    out.push(0xFFFD);
                }
            }
        }
    }
    (out, errors)
}

/// The loop of every replacing streaming driver: feeds each chunk to `step(rest,
/// buffer, last)` through an `out_len`-unit buffer until the chunk is used up,
/// collecting the output and asserting progress whenever the output was full.
fn drive_replacing<I, T>(
    chunks: &[&I],
    out_len: usize,
    mut step: impl FnMut(&I, &mut [T], bool) -> (textcodec::CoderResult, usize, usize),
) -> Vec<T>
where
    I: ?Sized + std::ops::Index<std::ops::RangeFrom<usize>, Output = I>,
    T: Copy + Default,
{
    let mut out = Vec::new();
    let mut buf = vec![T::default(); out_len];
    for (i, chunk) in chunks.iter().enumerate() {
        let last = i + 1 == chunks.len();
        let mut read = 0;
        loop {
            let (res, r, w) = step(&chunk[read..], &mut buf, last);
            read += r;
            out.extend_from_slice(&buf[..w]);
            match res {
                textcodec::CoderResult::InputEmpty => break,
                textcodec::CoderResult::OutputFull => assert!(r > 0 || w > 0, "no progress"),
            }
        }
    }
    out
}

/// Decodes `chunks` to UTF-8 with replacement through `out_len`-byte buffers.
pub fn stream_decode_utf8(
    decoder: &mut textcodec::Decoder,
    chunks: &[&[u8]],
    out_len: usize,
) -> Vec<u8> {
    drive_replacing(chunks, out_len, |src, buf, last| {
        let (res, r, w, _) = decoder.decode_to_utf8(src, buf, last);
        (res, r, w)
    })
}

/// Encodes `chunks` of UTF-8 with replacement through `out_len`-byte buffers.
pub fn stream_encode_utf8(
    encoder: &mut textcodec::Encoder,
    chunks: &[&str],
    out_len: usize,
) -> Vec<u8> {
    drive_replacing(chunks, out_len, |src, buf, last| {
        let (res, r, w, _) = encoder.encode_from_utf8(src, buf, last);
        (res, r, w)
    })
}

/// Encodes `chunks` of UTF-16 with replacement through `out_len`-byte buffers.
pub fn stream_encode_utf16(
    encoder: &mut textcodec::Encoder,
    chunks: &[&[u16]],
    out_len: usize,
) -> Vec<u8> {
    drive_replacing(chunks, out_len, |src, buf, last| {
        let (res, r, w, _) = encoder.encode_from_utf16(src, buf, last);
        (res, r, w)
    })
}

/// encoding_rs's one-shot encode from UTF-16 with NCR replacement.
pub fn rs_encode_utf16(enc: &'static encoding_rs::Encoding, src: &[u16]) -> Vec<u8> {
    let mut e = enc.new_encoder();
    let mut out = Vec::new();
    let mut buf = vec![0u8; 4096];
    let mut read = 0;
    loop {
        let (res, r, w, _) = e.encode_from_utf16(&src[read..], &mut buf, true);
        read += r;
        out.extend_from_slice(&buf[..w]);
        if res == encoding_rs::CoderResult::InputEmpty {
            return out;
        }
    }
}

/// Splits `data` at random points into up to `max_chunks` pieces.
pub fn random_split<'a, T>(rng: &mut SmallRng, data: &'a [T], max_chunks: usize) -> Vec<&'a [T]> {
    let mut cuts: Vec<usize> = (0..rng.gen_range(0..max_chunks))
        .map(|_| rng.gen_range(0..=data.len()))
        .collect();
    cuts.push(0);
    cuts.push(data.len());
    cuts.sort_unstable();
    cuts.windows(2).map(|w| &data[w[0]..w[1]]).collect()
}
