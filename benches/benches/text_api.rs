//! The TextDecoder / TextEncoder layer against the core operations it is built on, on
//! the same input in the same run (issue 13, item 7: the layer costs at most 10%).
//!
//! Groups, one per corpus file, each with the layer and its baseline:
//! - `text_decode_to_string/FILE`: `TextDecoder::decode` vs `Encoding::decode` (both
//!   borrow valid input), and the owned `String` from each (`.into_owned()`);
//!   `TextDecoder::decode_to_string` vs `Decoder::decode_to_string`, appending to a
//!   reused `String`;
//! - `text_decode_to_utf16/FILE`: `TextDecoder::decode_to_utf16` vs
//!   `mem::convert_utf8_to_utf16`, into the same reused buffer;
//! - `text_encode_into/FILE`: `TextEncoder::encode_utf16_into` vs
//!   `mem::convert_utf16_to_utf8_partial` from the file's UTF-16 into a roomy buffer.
//!
//! Self-contained (no shared bench module): reads the UTF-8 files named below from the
//! folder in `TEXTCODEC_CORPUS` and does nothing without it. Run with
//! `TEXTCODEC_CORPUS=../shared/corpus cargo bench -p textcodec-bench --bench text_api`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput};
use textcodec::text::{DecodeStatus, TextDecoder, TextEncoder};
use textcodec::{mem, UTF_8};

/// UTF-8 corpus files: Latin-script markup, Cyrillic, CJK, pure ASCII.
const FILES: [&str; 6] = [
    "en.html",
    "de.txt",
    "ru.html",
    "ja.html",
    "zh_cn.txt",
    "jquery-3.1.1.min.js",
];

fn main() {
    let Some(dir) = std::env::var_os("TEXTCODEC_CORPUS") else {
        eprintln!("TEXTCODEC_CORPUS is not set: nothing to benchmark");
        return;
    };
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(30)
        .configure_from_args();
    for file in FILES {
        let path = std::path::Path::new(&dir).join(file);
        let Ok(bytes) = std::fs::read(&path) else {
            eprintln!("{} is missing: skipped", path.display());
            continue;
        };
        decode_to_string(&mut c, file, &bytes);
        decode_to_utf16(&mut c, file, &bytes);
        encode_into(&mut c, file, &bytes);
    }
    c.final_summary();
}

fn decode_to_string(c: &mut Criterion, file: &str, bytes: &[u8]) {
    let mut g = c.benchmark_group(format!("text_decode_to_string/{file}"));
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    let mut td = TextDecoder::new("utf-8").unwrap();
    g.bench_function("TextDecoder::decode", |b| {
        b.iter(|| black_box(td.decode(black_box(bytes), false).unwrap().len()))
    });
    g.bench_function("Encoding::decode", |b| {
        b.iter(|| black_box(UTF_8.decode(black_box(bytes)).0.len()))
    });
    g.bench_function("TextDecoder::decode+into_owned", |b| {
        b.iter(|| black_box(td.decode(black_box(bytes), false).unwrap().into_owned()))
    });
    g.bench_function("Encoding::decode+into_owned", |b| {
        b.iter(|| black_box(UTF_8.decode(black_box(bytes)).0.into_owned()))
    });
    let mut out = String::with_capacity(bytes.len() * 3 + 16);
    g.bench_function("TextDecoder::decode_to_string", |b| {
        b.iter(|| {
            out.clear();
            td.decode_to_string(black_box(bytes), &mut out, false)
                .unwrap();
            black_box(out.len())
        })
    });
    g.bench_function("Decoder::decode_to_string", |b| {
        b.iter(|| {
            out.clear();
            let mut d = UTF_8.new_decoder_with_bom_removal();
            let _ = d.decode_to_string(black_box(bytes), &mut out, true);
            black_box(out.len())
        })
    });
    g.finish();
}

fn decode_to_utf16(c: &mut Criterion, file: &str, bytes: &[u8]) {
    let mut g = c.benchmark_group(format!("text_decode_to_utf16/{file}"));
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    let mut buf = vec![0u16; bytes.len() + 1];
    let mut td = TextDecoder::new("utf-8").unwrap();
    g.bench_function("TextDecoder::decode_to_utf16", |b| {
        b.iter(|| {
            let r = td.decode_to_utf16(black_box(bytes), &mut buf, false);
            assert_eq!(r.status, DecodeStatus::InputEmpty);
            black_box(r.written)
        })
    });
    g.bench_function("mem::convert_utf8_to_utf16", |b| {
        b.iter(|| black_box(mem::convert_utf8_to_utf16(black_box(bytes), &mut buf)))
    });
    g.finish();
}

fn encode_into(c: &mut Criterion, file: &str, bytes: &[u8]) {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let utf16: Vec<u16> = text.encode_utf16().collect();
    let mut g = c.benchmark_group(format!("text_encode_into/{file}"));
    g.throughput(Throughput::Bytes(2 * utf16.len() as u64));
    let mut buf = vec![0u8; 3 * utf16.len()];
    let encoder = TextEncoder::new();
    g.bench_function("TextEncoder::encode_utf16_into", |b| {
        b.iter(|| {
            black_box(
                encoder
                    .encode_utf16_into(black_box(&utf16), &mut buf)
                    .written,
            )
        })
    });
    g.bench_function("mem::convert_utf16_to_utf8_partial", |b| {
        b.iter(|| black_box(mem::convert_utf16_to_utf8_partial(black_box(&utf16), &mut buf).1))
    });
    g.finish();
}
