//! Links every codec of one library (chosen by feature) so that the stripped binary's
//! size shows that library's footprint. With no feature it is the baseline: the same
//! program without any codec. Reads the file named by its first argument (or stdin),
//! decodes and encodes it with every encoding, and prints a checksum.

use std::io::Read;

#[cfg(feature = "textcodec")]
use textcodec as codec;

#[cfg(all(feature = "encoding_rs", not(feature = "textcodec")))]
use encoding_rs as codec;

/// Every encoding's name; looked up at run time, so no codec can be left out.
#[cfg(any(feature = "textcodec", feature = "encoding_rs"))]
const NAMES: &[&str] = &[
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

/// Reads the input and prints the checksum.
fn main() {
    let mut input = Vec::new();
    match std::env::args_os().nth(1) {
        Some(path) => input = std::fs::read(path).expect("readable input"),
        None => {
            std::io::stdin()
                .read_to_end(&mut input)
                .expect("readable stdin");
        }
    }
    println!("{}", checksum(&input));
}

/// Without a codec library: just the input's length.
#[cfg(not(any(feature = "textcodec", feature = "encoding_rs")))]
fn checksum(input: &[u8]) -> usize {
    input.len()
}

/// Decodes and encodes `input` with every encoding through both the one-shot and the
/// streaming (UTF-8 and UTF-16) APIs; returns the total output length.
#[cfg(any(feature = "textcodec", feature = "encoding_rs"))]
fn checksum(input: &[u8]) -> usize {
    let mut total = 0;
    for name in NAMES {
        let Some(encoding) = codec::Encoding::for_label(name.as_bytes()) else {
            continue;
        };
        let (text, _, _) = encoding.decode(input);
        let (bytes, _, _) = encoding.encode(&text);
        total += text.len() + bytes.len();

        let mut decoder = encoding.new_decoder_without_bom_handling();
        let mut utf8 = vec![0u8; decoder.max_utf8_buffer_length(input.len()).unwrap_or(0)];
        let (_, _, written, _) = decoder.decode_to_utf8(input, &mut utf8, true);
        total += written;

        let mut decoder = encoding.new_decoder_without_bom_handling();
        let mut utf16 = vec![0u16; decoder.max_utf16_buffer_length(input.len()).unwrap_or(0)];
        let (_, _, written, _) = decoder.decode_to_utf16(input, &mut utf16, true);

        let mut encoder = encoding.new_encoder();
        let mut out = vec![
            0u8;
            encoder
                .max_buffer_length_from_utf16_if_no_unmappables(written)
                .unwrap_or(0)
                + 64
        ];
        let (_, _, out_len, _) = encoder.encode_from_utf16(&utf16[..written], &mut out, true);
        total += out_len;
    }
    total
}
