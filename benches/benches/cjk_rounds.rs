//! CJK decode to UTF-8 and encode from UTF-8, textcodec against encoding_rs, as
//! medians of interleaved rounds in one process: each round times a batch of calls
//! of one, then of the other (alternating which goes first), and the figure is the
//! median over rounds of the per-round ratio. On a shared machine this holds up
//! better than two separately measured criterion benchmarks.
//!
//! `TEXTCODEC_CORPUS=../shared/corpus cargo bench -p textcodec-bench --bench cjk_rounds [-- FILTER]`
//! (`TEXTCODEC_FORCE_ISA=avx2` etc. picks textcodec's tier). Prints one line per
//! operation: encoding_rs time / textcodec time (above 1: textcodec is faster).

use std::hint::black_box;
use std::time::Instant;

/// (file, encodings) of the CJK articles.
const CASES: &[(&str, &[&str])] = &[
    ("zh_cn.txt", &["gb18030", "GBK"]),
    ("zh_tw.txt", &["Big5"]),
    ("ja.txt", &["EUC-JP", "Shift_JIS", "ISO-2022-JP"]),
    ("ko.txt", &["EUC-KR"]),
];
/// Rounds per operation.
const ROUNDS: usize = 31;
/// Target time of one batch of calls.
const BATCH_NANOS: u128 = 2_000_000;

fn main() {
    let Ok(corpus) = std::env::var("TEXTCODEC_CORPUS") else {
        println!("TEXTCODEC_CORPUS is not set: nothing measured");
        return;
    };
    let filter = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .unwrap_or_default();
    for &(file, names) in CASES {
        let path = std::path::Path::new(&corpus).join(file);
        let Ok(text) = std::fs::read_to_string(&path) else {
            println!("{}: unreadable, skipped", path.display());
            continue;
        };
        for &name in names {
            let rs = encoding_rs::Encoding::for_label(name.as_bytes()).unwrap();
            let Some(tc) = textcodec::Encoding::for_label(name.as_bytes()) else {
                println!("{name}: not in textcodec, skipped");
                continue;
            };
            let bytes = rs.encode(&text).0.into_owned();
            let id = format!("decode_to_utf8/{name}/{file}");
            if id.contains(&filter) {
                let mut out = vec![0u8; bytes.len() * 3 + 16];
                let mut out2 = out.clone();
                let ratio = rounds(
                    || {
                        let mut d = tc.new_decoder_without_bom_handling();
                        d.decode_to_utf8(black_box(&bytes), &mut out, true).2
                    },
                    || {
                        let mut d = rs.new_decoder_without_bom_handling();
                        d.decode_to_utf8(black_box(&bytes), &mut out2, true).2
                    },
                );
                println!("{id:40} {ratio:6.2}");
            }
            let id = format!("encode_from_utf8/{name}/{file}");
            if id.contains(&filter) {
                let mut out = vec![0u8; text.len() * 4 + 16];
                let mut out2 = out.clone();
                let ratio = rounds(
                    || {
                        let mut e = tc.new_encoder();
                        e.encode_from_utf8(black_box(&text), &mut out, true).2
                    },
                    || {
                        let mut e = rs.new_encoder();
                        e.encode_from_utf8(black_box(&text), &mut out2, true).2
                    },
                );
                println!("{id:40} {ratio:6.2}");
            }
        }
    }
}

/// The median over [`ROUNDS`] of (time of `b`) / (time of `a`), after checking
/// that both write the same length.
fn rounds(mut a: impl FnMut() -> usize, mut b: impl FnMut() -> usize) -> f64 {
    assert_eq!(
        a(),
        b(),
        "textcodec and encoding_rs write different lengths"
    );
    let start = Instant::now();
    let mut calls = 0u32;
    while start.elapsed().as_nanos() < BATCH_NANOS / 4 {
        black_box(a());
        calls += 1;
    }
    let calls = calls * 4;
    let time = |f: &mut dyn FnMut() -> usize| {
        let t = Instant::now();
        for _ in 0..calls {
            black_box(f());
        }
        t.elapsed().as_secs_f64()
    };
    let mut ratios: Vec<f64> = (0..ROUNDS)
        .map(|i| {
            let (ta, tb) = if i % 2 == 0 {
                let ta = time(&mut a);
                (ta, time(&mut b))
            } else {
                let tb = time(&mut b);
                (time(&mut a), tb)
            };
            tb / ta
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    ratios[ROUNDS / 2]
}
