//! Chunked decode of arbitrary bytes in every encoding, through small buffers,
//! against encoding_rs's one-shot decode. The first bytes choose the encoding, the
//! chunk sizes and the output buffer size.
#![no_main]

use libfuzzer_sys::fuzz_target;

const NAMES: [&str; 40] = [
    "UTF-8", "IBM866", "ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-5", "ISO-8859-6",
    "ISO-8859-7", "ISO-8859-8", "ISO-8859-8-I", "ISO-8859-10", "ISO-8859-13", "ISO-8859-14",
    "ISO-8859-15", "ISO-8859-16", "KOI8-R", "KOI8-U", "macintosh", "windows-874", "windows-1250",
    "windows-1251", "windows-1252", "windows-1253", "windows-1254", "windows-1255", "windows-1256",
    "windows-1257", "windows-1258", "x-mac-cyrillic", "GBK", "gb18030", "Big5", "EUC-JP",
    "ISO-2022-JP", "Shift_JIS", "EUC-KR", "replacement", "UTF-16BE", "UTF-16LE", "x-user-defined",
];

fuzz_target!(|data: &[u8]| {
    let [which, chunk_seed, out_seed, mode, input @ ..] = data else { return };
    let name = NAMES[usize::from(*which) % NAMES.len()];
    let Some(ours) = textcodec::Encoding::for_label(name.as_bytes()) else { return };
    let theirs = encoding_rs::Encoding::for_label(name.as_bytes()).unwrap();
    let (expected, _, _) = match mode % 3 {
        0 => theirs.decode(input),
        1 => {
            let (t, r) = theirs.decode_with_bom_removal(input);
            (t, theirs, r)
        }
        _ => {
            let (t, r) = theirs.decode_without_bom_handling(input);
            (t, theirs, r)
        }
    };
    let mut decoder = match mode % 3 {
        0 => ours.new_decoder(),
        1 => ours.new_decoder_with_bom_removal(),
        _ => ours.new_decoder_without_bom_handling(),
    };
    let chunk = 1 + usize::from(chunk_seed % 17);
    if mode & 4 == 0 {
        let mut buf = vec![0u8; 4 + usize::from(out_seed % 29)];
        let mut out = Vec::new();
        let chunks: Vec<&[u8]> = input.chunks(chunk).collect();
        let n = chunks.len();
        for (i, c) in chunks.iter().enumerate() {
            let last = i + 1 == n;
            let mut read = 0;
            loop {
                let (r, rd, w, _) = decoder.decode_to_utf8(&c[read..], &mut buf, last);
                read += rd;
                out.extend_from_slice(&buf[..w]);
                if r == textcodec::CoderResult::InputEmpty {
                    break;
                }
            }
        }
        if n == 0 {
            let (_, _, w, _) = decoder.decode_to_utf8(&[], &mut buf, true);
            out.extend_from_slice(&buf[..w]);
        }
        assert_eq!(out, expected.as_bytes());
    } else {
        let mut buf = vec![0u16; 2 + usize::from(out_seed % 29)];
        let mut out = Vec::new();
        let chunks: Vec<&[u8]> = input.chunks(chunk).collect();
        let n = chunks.len();
        for (i, c) in chunks.iter().enumerate() {
            let last = i + 1 == n;
            let mut read = 0;
            loop {
                let (r, rd, w, _) = decoder.decode_to_utf16(&c[read..], &mut buf, last);
                read += rd;
                out.extend_from_slice(&buf[..w]);
                if r == textcodec::CoderResult::InputEmpty {
                    break;
                }
            }
        }
        if n == 0 {
            let (_, _, w, _) = decoder.decode_to_utf16(&[], &mut buf, true);
            out.extend_from_slice(&buf[..w]);
        }
        let expected: Vec<u16> = expected.encode_utf16().collect();
        assert_eq!(out, expected);
    }
});
