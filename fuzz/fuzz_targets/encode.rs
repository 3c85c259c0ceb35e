//! Chunked encode of arbitrary text (from UTF-8 and from possibly ill-formed UTF-16)
//! in every encoding, through small buffers, against encoding_rs's one-shot encode.
#![no_main]

use libfuzzer_sys::fuzz_target;

const NAMES: [&str; 35] = [
    "UTF-8", "IBM866", "ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-5", "ISO-8859-6",
    "ISO-8859-7", "ISO-8859-8", "ISO-8859-10", "ISO-8859-13", "ISO-8859-14", "ISO-8859-15",
    "ISO-8859-16", "KOI8-R", "KOI8-U", "macintosh", "windows-874", "windows-1250", "windows-1251",
    "windows-1252", "windows-1253", "windows-1254", "windows-1255", "windows-1256", "windows-1257",
    "windows-1258", "x-mac-cyrillic", "GBK", "gb18030", "Big5", "EUC-JP", "ISO-2022-JP",
    "Shift_JIS", "EUC-KR",
];

fuzz_target!(|data: &[u8]| {
    let [which, chunk_seed, out_seed, input @ ..] = data else { return };
    let name = NAMES[usize::from(*which) % NAMES.len()];
    let Some(ours) = textcodec::Encoding::for_label(name.as_bytes()) else { return };
    let theirs = encoding_rs::Encoding::for_label(name.as_bytes()).unwrap();
    let chunk = 1 + usize::from(chunk_seed % 13);
    let mut buf = vec![0u8; 14 + usize::from(out_seed % 29)];

    // From UTF-8: the input, lossily made valid.
    let text = String::from_utf8_lossy(input);
    let (expected, _, _) = theirs.encode(&text);
    let mut encoder = ours.new_encoder();
    let mut out = Vec::new();
    let mut rest: &str = &text;
    loop {
        let mut n = rest.len().min(chunk);
        while !rest.is_char_boundary(n) {
            n += 1;
        }
        let (piece, tail) = rest.split_at(n);
        let last = tail.is_empty();
        let mut read = 0;
        loop {
            let (r, rd, w, _) = encoder.encode_from_utf8(&piece[read..], &mut buf, last);
            read += rd;
            out.extend_from_slice(&buf[..w]);
            if r == textcodec::CoderResult::InputEmpty {
                break;
            }
        }
        rest = tail;
        if last {
            break;
        }
    }
    assert_eq!(out, &*expected);

    // From UTF-16: pairs of input bytes as units, unpaired surrogates included. The
    // oracle is encoding_rs fed the whole buffer at once (it does not keep a high
    // surrogate across calls; textcodec does, so split pairs still pair).
    let units: Vec<u16> = input.chunks_exact(2).map(|p| u16::from_le_bytes([p[0], p[1]])).collect();
    let mut rs = theirs.new_encoder();
    let mut expected = vec![0u8; rs.max_buffer_length_from_utf16_if_no_unmappables(units.len()).unwrap() + units.len() * 10 + 16];
    let (_, _, w, _) = rs.encode_from_utf16(&units, &mut expected, true);
    expected.truncate(w);
    let mut encoder = ours.new_encoder();
    let mut out = Vec::new();
    let chunks: Vec<&[u16]> = units.chunks(chunk).collect();
    let n = chunks.len();
    for (i, c) in chunks.iter().enumerate() {
        let last = i + 1 == n;
        let mut read = 0;
        loop {
            let (r, rd, w, _) = encoder.encode_from_utf16(&c[read..], &mut buf, last);
            read += rd;
            out.extend_from_slice(&buf[..w]);
            if r == textcodec::CoderResult::InputEmpty {
                break;
            }
        }
    }
    if n == 0 {
        let (_, _, w, _) = encoder.encode_from_utf16(&[], &mut buf, true);
        out.extend_from_slice(&buf[..w]);
    }
    assert_eq!(out, expected);
});
