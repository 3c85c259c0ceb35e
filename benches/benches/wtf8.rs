//! WTF-8 side by side (criterion), self-contained: reads Wikipedia articles of the
//! corpus (`TEXTCODEC_CORPUS`), converts each to UTF-16, and also makes a variant with
//! one lone surrogate per 1,000 code units (`+lone`). Groups:
//!
//! - `wtf8_validate_<file>`: textcodec `wtf8_valid_up_to` on the WTF-8 bytes;
//!   textcodec UTF-8 validation of the well-formed text's bytes (the bar: the issue
//!   asks for >= 0.9x of it); for `+lone`, also textcodec UTF-8 validation of its
//!   lossy UTF-8 (`textcodec_utf8_lossy`: each lone surrogate's three bytes replaced
//!   by U+FFFD's three, so the same length with non-ASCII at the same places, which
//!   the well-formed twin lacks where the surrogates replaced ASCII); rust-wtf8
//!   (crate `wtf8`), which has no byte validator:
//!   its `as_str` surrogate scan (well-formed input only; it stops at the first
//!   surrogate) and its `code_points().count()` full decode pass.
//! - `wtf8_from_utf16_<file>`: textcodec `convert_utf16_to_wtf8` into a buffer;
//!   simdutf `convert_utf16le_to_utf8`; textcodec's own `mem::convert_utf16_to_utf8`
//!   (the kernel the WTF-8 conversion drives); rust-wtf8
//!   `Wtf8Buf::from_ill_formed_utf16`.
//! - `wtf8_to_utf16_<file>`: textcodec `Wtf8::to_ill_formed_utf16_into`; simdutf
//!   `convert_utf8_to_utf16le`; textcodec's `mem::convert_utf8_to_utf16`; rust-wtf8
//!   `to_ill_formed_utf16` into a reserved `Vec`.
//!
//! simdutf and the UTF-8 operations reject lone surrogates, so in the `+lone` groups
//! they run on the well-formed twin of the input (the same article, the same number
//! of code units): the ratio then says what the lone surrogates cost against the
//! peer's well-formed speed.
//!
//! Throughput is in input bytes. At the end it prints the ratios (peer time ÷
//! textcodec time, so > 1 means textcodec is faster) from this run's fastest
//! criterion samples (see [`fastest`]); the run first removes earlier results of
//! these groups, so every ratio comes from this run. `TEXTCODEC_BENCH_QUICK=1` shortens the measurements.
//!
//! `TEXTCODEC_FORCE_ISA` needs textcodec's `std` feature, which this crate does not
//! turn on by itself; the AVX2 tier against simdutf's AVX2 (haswell) kernels:
//!
//! ```sh
//! TEXTCODEC_CORPUS=../shared/corpus TEXTCODEC_FORCE_ISA=avx2 SIMDUTF_FORCE_IMPLEMENTATION=haswell \
//!     cargo bench -p textcodec-bench --features textcodec/std --bench wtf8
//! ```

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput};
use textcodec::wtf8::{convert_utf16_to_wtf8, wtf8_valid_up_to, Wtf8};

/// The articles benchmarked.
const FILES: [&str; 5] = ["en.txt", "de.txt", "ru.txt", "ja.txt", "zh_cn.txt"];

/// One input: the UTF-16 and its WTF-8.
struct Input {
    name: String,
    units: Vec<u16>,
    wtf8: Vec<u8>,
    well_formed: bool,
}

fn load() -> Option<Vec<Input>> {
    let Some(dir) = std::env::var_os("TEXTCODEC_CORPUS") else {
        println!("wtf8 bench: TEXTCODEC_CORPUS is not set; nothing to run.");
        return None;
    };
    let dir = PathBuf::from(dir);
    // `cargo bench` runs in the package folder; a relative path means the workspace root.
    let dir = if dir.is_relative() && !dir.exists() {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(dir)
    } else {
        dir
    };
    let mut inputs = Vec::new();
    for file in FILES {
        let text = std::fs::read_to_string(dir.join(file)).expect("corpus article");
        let units: Vec<u16> = text.encode_utf16().collect();
        let mut lone = units.clone();
        for (k, i) in (500..lone.len()).step_by(1000).enumerate() {
            if lone[i] & 0xF800 != 0xD800 {
                lone[i] = if k % 2 == 0 { 0xD800 } else { 0xDC00 } + (k as u16 % 0x400);
            }
        }
        for (name, units, well_formed) in [
            (file.to_string(), units, true),
            (format!("{file}+lone"), lone, false),
        ] {
            let mut wtf8 = vec![0; units.len() * 3];
            let (_, n) = convert_utf16_to_wtf8(&units, &mut wtf8);
            wtf8.truncate(n);
            assert_eq!(wtf8_valid_up_to(&wtf8), wtf8.len());
            if well_formed {
                assert_eq!(wtf8, text.as_bytes());
            }
            inputs.push(Input {
                name,
                units,
                wtf8,
                well_formed,
            });
        }
    }
    Some(inputs)
}

/// The well-formed input `input` was made from (itself if it is well-formed).
fn twin<'a>(input: &Input, all: &'a [Input]) -> &'a Input {
    all.iter()
        .find(|i| i.well_formed && input.name.starts_with(&i.name))
        .expect("every input has a well-formed twin")
}

fn criterion_home() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return home.into();
    }
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || {
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("..")
                .join("target")
        },
        PathBuf::from,
    );
    target.join("criterion")
}

fn main() {
    let Some(inputs) = load() else { return };
    let home = criterion_home();
    // Only this run's results go into the ratios.
    if let Ok(entries) = std::fs::read_dir(&home) {
        for entry in entries.flatten() {
            if entry.file_name().to_string_lossy().starts_with("wtf8_") {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
    }
    let quick = std::env::var_os("TEXTCODEC_BENCH_QUICK").is_some_and(|v| v != "0");
    let c = Criterion::default().output_directory(&home);
    // Many short samples (a few ms each): some of them run without the machine's
    // other work in them, and the ratios take the fastest (see `fastest`).
    let mut c = if quick {
        c.warm_up_time(Duration::from_millis(200))
            .measurement_time(Duration::from_secs(1))
            .sample_size(200)
    } else {
        c.warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(3))
            .sample_size(500)
    }
    .nresamples(2000)
    .configure_from_args();
    for input in &inputs {
        validate(&mut c, input, &inputs);
        from_utf16(&mut c, input, &inputs);
        to_utf16(&mut c, input, &inputs);
    }
    c.final_summary();
    report(&home, &inputs);
}

/// A benchmark group with equal iterations in every sample.
fn group(c: &mut Criterion, name: String) -> BenchmarkGroup<'_, criterion::measurement::WallTime> {
    let mut g = c.benchmark_group(name);
    g.sampling_mode(SamplingMode::Flat);
    g
}

fn validate(c: &mut Criterion, input: &Input, all: &[Input]) {
    let mut g = group(c, format!("wtf8_validate_{}", input.name));
    g.throughput(Throughput::Bytes(input.wtf8.len() as u64));
    let bytes = input.wtf8.as_slice();
    g.bench_function("textcodec", |b| {
        b.iter(|| assert_eq!(wtf8_valid_up_to(black_box(bytes)), bytes.len()))
    });
    // UTF-8 validation of the well-formed text (for `+lone`, its well-formed twin).
    let utf8 = twin(input, all).wtf8.as_slice();
    g.bench_function("textcodec_utf8", |b| {
        b.iter(|| {
            assert_eq!(
                textcodec::Encoding::utf8_valid_up_to(black_box(utf8)),
                utf8.len()
            )
        })
    });
    if !input.well_formed {
        let lossy = Wtf8::from_bytes(bytes)
            .expect("well-formed")
            .to_string_lossy()
            .into_owned();
        assert_eq!(lossy.len(), bytes.len());
        let lossy = lossy.into_bytes();
        g.bench_function("textcodec_utf8_lossy", |b| {
            b.iter(|| {
                assert_eq!(
                    textcodec::Encoding::utf8_valid_up_to(black_box(&lossy)),
                    lossy.len()
                )
            })
        });
    }
    let theirs = rust_wtf8::Wtf8Buf::from_ill_formed_utf16(&input.units);
    if input.well_formed {
        g.bench_function("rust-wtf8_as_str", |b| {
            b.iter(|| assert!(black_box(&*theirs).as_str().is_some()))
        });
    }
    g.bench_function("rust-wtf8_code_points", |b| {
        b.iter(|| black_box(&*theirs).code_points().count())
    });
    g.finish();
}

fn from_utf16(c: &mut Criterion, input: &Input, all: &[Input]) {
    let mut g = group(c, format!("wtf8_from_utf16_{}", input.name));
    let units = input.units.as_slice();
    g.throughput(Throughput::Bytes(units.len() as u64 * 2));
    let mut dst = vec![0u8; units.len() * 3];
    g.bench_function("textcodec", |b| {
        b.iter(|| {
            let (read, written) = convert_utf16_to_wtf8(black_box(units), &mut dst);
            assert_eq!(read, units.len());
            written
        })
    });
    // The UTF-16 -> UTF-8 peers on the well-formed text (for `+lone`, its twin).
    let wf = twin(input, all).units.as_slice();
    g.bench_function("textcodec_utf8", |b| {
        b.iter(|| textcodec::mem::convert_utf16_to_utf8(black_box(wf), &mut dst))
    });
    g.bench_function("simdutf", |b| {
        b.iter(|| {
            let src = black_box(wf);
            // SAFETY: `src` is valid for `src.len()` units; each becomes at most
            // three bytes and `dst` holds `3 * src.len()` (the twins have the same
            // number of units).
            let n = unsafe {
                simdutf::convert_utf16le_to_utf8(src.as_ptr(), src.len(), dst.as_mut_ptr())
            };
            assert!(n > 0);
            n
        })
    });
    g.bench_function("rust-wtf8", |b| {
        b.iter(|| rust_wtf8::Wtf8Buf::from_ill_formed_utf16(black_box(units)).len())
    });
    g.finish();
}

fn to_utf16(c: &mut Criterion, input: &Input, all: &[Input]) {
    let mut g = group(c, format!("wtf8_to_utf16_{}", input.name));
    let bytes = input.wtf8.as_slice();
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    let ours = Wtf8::from_bytes(bytes).expect("well-formed");
    // Room for either twin (the `+lone` one is the longer).
    let mut dst = vec![0u16; bytes.len() + 1];
    g.bench_function("textcodec", |b| {
        b.iter(|| {
            let (read, written) = black_box(ours).to_ill_formed_utf16_into(&mut dst);
            assert_eq!(read, bytes.len());
            written
        })
    });
    // The UTF-8 -> UTF-16 peers on the well-formed text (for `+lone`, its twin).
    let wf = twin(input, all).wtf8.as_slice();
    assert!(wf.len() <= bytes.len());
    g.bench_function("textcodec_utf8", |b| {
        b.iter(|| textcodec::mem::convert_utf8_to_utf16(black_box(wf), &mut dst))
    });
    g.bench_function("simdutf", |b| {
        b.iter(|| {
            let src = black_box(wf);
            // SAFETY: `src` is valid for `src.len()` bytes; UTF-8 never takes more
            // UTF-16 units than bytes and `dst` holds more than `src.len()`.
            let n = unsafe {
                simdutf::convert_utf8_to_utf16le(src.as_ptr(), src.len(), dst.as_mut_ptr())
            };
            assert!(n > 0);
            n
        })
    });
    let theirs = rust_wtf8::Wtf8Buf::from_ill_formed_utf16(&input.units);
    let mut out: Vec<u16> = Vec::with_capacity(bytes.len());
    g.bench_function("rust-wtf8", |b| {
        b.iter(|| {
            out.clear();
            out.extend(black_box(&*theirs).to_ill_formed_utf16());
            out.len()
        })
    });
    g.finish();
}

/// The fastest sample of one benchmark of this run (ns per iteration), if it ran.
///
/// The fastest sample, not the median: on a machine shared with other work a
/// benchmark's slow samples measure the other work, and criterion runs the
/// implementations one after another, so medians of two benchmarks can be taken
/// under different loads.
fn fastest(home: &Path, group: &str, function: &str) -> Option<f64> {
    let path = home
        .join(group)
        .join(function)
        .join("new")
        .join("sample.json");
    let json: serde_json::Value = serde_json::from_slice(&std::fs::read(path).ok()?).ok()?;
    let iters = json["iters"].as_array()?;
    let times = json["times"].as_array()?;
    iters
        .iter()
        .zip(times)
        .filter_map(|(n, t)| Some(t.as_f64()? / n.as_f64()?))
        .min_by(f64::total_cmp)
}

/// Prints, per input, how many times faster textcodec is than each peer (peer
/// time ÷ textcodec time, fastest samples).
fn report(home: &Path, inputs: &[Input]) {
    let isa = std::env::var("TEXTCODEC_FORCE_ISA").unwrap_or_else(|_| "best".into());
    let simd = std::env::var("SIMDUTF_FORCE_IMPLEMENTATION").unwrap_or_else(|_| "best".into());
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines().find_map(|l| {
                Some(
                    l.strip_prefix("model name")?
                        .trim_start_matches([' ', '\t', ':'])
                        .to_string(),
                )
            })
        })
        .unwrap_or_else(|| "unknown CPU".into());
    println!("\nWTF-8 ratios (peer time / textcodec time, fastest samples; TEXTCODEC_FORCE_ISA={isa}, SIMDUTF_FORCE_IMPLEMENTATION={simd}; {cpu})");
    println!("| input | validate vs our UTF-8 | vs our UTF-8 of the lossy twin | vs rust-wtf8 as_str | vs rust-wtf8 code_points | UTF-16→WTF-8 vs simdutf | vs our UTF-8 | vs rust-wtf8 | WTF-8→UTF-16 vs simdutf | vs our UTF-8 | vs rust-wtf8 |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let cell = |group: String, peer: &str| match (
        fastest(home, &group, "textcodec"),
        fastest(home, &group, peer),
    ) {
        (Some(ours), Some(theirs)) => format!("{:.2}", theirs / ours),
        _ => "–".into(),
    };
    for input in inputs {
        let n = &input.name;
        println!(
            "| {n} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            cell(format!("wtf8_validate_{n}"), "textcodec_utf8"),
            cell(format!("wtf8_validate_{n}"), "textcodec_utf8_lossy"),
            cell(format!("wtf8_validate_{n}"), "rust-wtf8_as_str"),
            cell(format!("wtf8_validate_{n}"), "rust-wtf8_code_points"),
            cell(format!("wtf8_from_utf16_{n}"), "simdutf"),
            cell(format!("wtf8_from_utf16_{n}"), "textcodec_utf8"),
            cell(format!("wtf8_from_utf16_{n}"), "rust-wtf8"),
            cell(format!("wtf8_to_utf16_{n}"), "simdutf"),
            cell(format!("wtf8_to_utf16_{n}"), "textcodec_utf8"),
            cell(format!("wtf8_to_utf16_{n}"), "rust-wtf8"),
        );
    }
}
