//! Criterion benchmarks putting textcodec, encoding_rs, simdutf and std side by side.
//!
//! Every criterion group is one operation on one input, named
//! `OPERATION/ENCODING/FILE`, and holds one benchmark per implementation
//! (`textcodec`, `encoding_rs`, and `simdutf` / `std` where they apply), so bench ids
//! read like `decode_to_utf8/windows-1251/ru.txt/textcodec`. Throughput is the input's
//! size in bytes (for UTF-16 input, two bytes per code unit).
//!
//! Operations:
//! - `validate/UTF-8`: `Encoding::utf8_valid_up_to` vs simdutf `validate_utf8` vs
//!   simdutf8 `basic::from_utf8` vs `core::str::from_utf8`;
//! - `decode_to_utf16/UTF-8` and `encode_from_utf16/UTF-8`: also against simdutf's
//!   `convert_utf8_to_utf16le` / `convert_utf16le_to_utf8`;
//! - `decode_to_string/UTF-8`: `Decoder::decode_to_string` vs `str::from_utf8` + `push_str`;
//! - `decode_to_utf8`, `decode_to_utf16`, `encode_from_utf8`, `encode_from_utf16` for every
//!   encoding (textcodec vs encoding_rs); pure-ASCII input through an ASCII-compatible
//!   decoder to UTF-8 also against `memcpy` (a copy of the same bytes, the floor).
//!
//! Inputs come from the corpus folder in `TEXTCODEC_CORPUS` (nothing is run without
//! it); `TEXTCODEC_BENCH_QUICK=1` selects a representative subset and short
//! measurements.

#[path = "common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Duration;

use common::{EncodedInput, Inputs, Utf8Input};
use criterion::{BenchmarkGroup, Criterion, Throughput};

/// A criterion group measuring wall-clock time.
type Group<'a> = BenchmarkGroup<'a, criterion::measurement::WallTime>;

/// Loads the inputs (or explains why not and exits 0) and runs every group.
fn main() {
    let Some(inputs) = common::load(None) else {
        return;
    };
    let mut c = base_config().configure_from_args();
    for input in &inputs.utf8 {
        utf8_groups(&mut c, input);
    }
    encoding_groups(&mut c, &inputs);
    c.final_summary();
}

/// Criterion settings: short in quick mode, moderate in full mode (the full set has
/// over a thousand benchmarks). Command-line options override both.
fn base_config() -> Criterion {
    let c = Criterion::default();
    if textcodec_bench::quick_mode() {
        c.warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(1))
            .sample_size(10)
    } else {
        c.warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(2))
            .sample_size(30)
    }
}

/// One criterion group: one operation on one input, with throughput in input bytes.
struct Bench<'a> {
    /// The criterion group.
    group: Group<'a>,
    /// Its id, `OPERATION/ENCODING/FILE`.
    id: String,
}

impl<'a> Bench<'a> {
    /// The group for operation `op` on `file` in `encoding`, of `bytes` input bytes.
    fn new(c: &'a mut Criterion, op: &str, encoding: &str, file: &str, bytes: usize) -> Self {
        let id = format!("{op}/{encoding}/{file}");
        let mut group = c.benchmark_group(&id);
        group.throughput(Throughput::Bytes(bytes as u64));
        Bench { group, id }
    }

    /// Benchmarks `run` as implementation `who`. Checks first, once, that `run`
    /// consumes all `len` input units in one call (it returns whether the call
    /// reported `InputEmpty` and how much it read): an implementation that stopped
    /// early would look fast for the wrong reason, so that gets a printed warning.
    fn call(&mut self, who: &str, len: usize, mut run: impl FnMut() -> (bool, usize)) {
        let (input_empty, read) = run();
        if !input_empty || read != len {
            println!(
                "textcodec-bench: warning: {}/{who} stopped early in one call \
                 (read {read} of {len}); its figure is not comparable",
                self.id
            );
        }
        self.group
            .bench_function(who, |b| b.iter(|| black_box(run())));
    }

    /// Ends the group.
    fn finish(self) {
        self.group.finish();
    }
}

/// Benchmarks one streaming call of `len` input units in `bench` twice, for the
/// `(textcodec, encoding_rs)` pair of encodings `$pair`: as `textcodec`, with `$e`
/// bound to the first, and as `encoding_rs`, with `$e` bound to the second. In
/// `$call` (which returns the call's `(CoderResult, read)`), `k` names the crate.
macro_rules! both {
    ($bench:expr, $len:expr, $pair:expr, |$e:ident| $call:expr) => {{
        let len = $len;
        let (tc, rs) = $pair;
        {
            use textcodec as k;
            let $e = tc;
            $bench.call("textcodec", len, || {
                let (r, read) = $call;
                (r == k::CoderResult::InputEmpty, read)
            });
        }
        {
            use encoding_rs as k;
            let $e = rs;
            $bench.call("encoding_rs", len, || {
                let (r, read) = $call;
                (r == k::CoderResult::InputEmpty, read)
            });
        }
    }};
}

/// The larger of `$bound` (a buffer-length bound) with `$e` bound to each of the
/// pair of encodings `$pair`, so that one output buffer serves both implementations.
macro_rules! larger {
    ($pair:expr, |$e:ident| $bound:expr) => {{
        let (tc, rs) = $pair;
        let tc = {
            let $e = tc;
            $bound
        };
        let rs = {
            let $e = rs;
            $bound
        };
        tc.expect("buffer length fits usize")
            .max(rs.expect("buffer length fits usize"))
    }};
}

/// The UTF-8-specific groups: validation, UTF-8 → UTF-16, UTF-16 → UTF-8 and
/// decode to `String`.
fn utf8_groups(c: &mut Criterion, input: &Utf8Input) {
    let utf8 = (textcodec::UTF_8, encoding_rs::UTF_8);
    let src = input.bytes.as_slice();
    let file = input.file.as_str();

    let mut b = Bench::new(c, "validate", "UTF-8", file, src.len());
    let g = &mut b.group;
    g.bench_function("textcodec", |b| {
        b.iter(|| textcodec::Encoding::utf8_valid_up_to(black_box(src)))
    });
    g.bench_function("encoding_rs", |b| {
        b.iter(|| encoding_rs::Encoding::utf8_valid_up_to(black_box(src)))
    });
    g.bench_function("simdutf", |b| {
        b.iter(|| simdutf::validate_utf8(black_box(src)))
    });
    // simdutf8's fastest entry point (`basic`: no error position).
    g.bench_function("simdutf8", |b| {
        b.iter(|| simdutf8::basic::from_utf8(black_box(src)).is_ok())
    });
    g.bench_function("std", |b| {
        b.iter(|| core::str::from_utf8(black_box(src)).is_ok())
    });
    b.finish();

    let mut b = Bench::new(c, "decode_to_utf16", "UTF-8", file, src.len());
    let mut dst = vec![0u16; src.len() + 1];
    both!(b, src.len(), utf8, |e| {
        let mut d = e.new_decoder_without_bom_handling();
        let (r, read, _, _) = d.decode_to_utf16(black_box(src), &mut dst, true);
        (r, read)
    });
    b.call("simdutf", src.len(), || {
        let src = black_box(src);
        assert!(dst.len() >= src.len());
        // SAFETY: `src` is valid for `src.len()` bytes; UTF-8 → UTF-16 never
        // produces more code units than input bytes and `dst` holds `src.len()`.
        let written =
            unsafe { simdutf::convert_utf8_to_utf16le(src.as_ptr(), src.len(), dst.as_mut_ptr()) };
        // simdutf returns 0 for invalid input; the corpus is valid.
        (written > 0 || src.is_empty(), src.len())
    });
    b.finish();

    let utf16 = input.utf16.as_slice();
    let mut b = Bench::new(c, "encode_from_utf16", "UTF-8", file, utf16.len() * 2);
    let mut dst = vec![0u8; utf16.len() * 3 + 16];
    both!(b, utf16.len(), utf8, |e| {
        let mut enc = e.new_encoder();
        let (r, read, _, _) = enc.encode_from_utf16(black_box(utf16), &mut dst, true);
        (r, read)
    });
    b.call("simdutf", utf16.len(), || {
        let src = black_box(utf16);
        assert!(dst.len() >= src.len() * 3);
        // SAFETY: `src` is valid for `src.len()` units; each UTF-16 code unit
        // becomes at most three UTF-8 bytes and `dst` holds `3 * src.len()`.
        let written =
            unsafe { simdutf::convert_utf16le_to_utf8(src.as_ptr(), src.len(), dst.as_mut_ptr()) };
        (written > 0 || src.is_empty(), src.len())
    });
    b.finish();

    let mut b = Bench::new(c, "decode_to_string", "UTF-8", file, src.len());
    let capacity = src.len() * 3 + 16; // covers every implementation's worst case bound
    let mut s = String::with_capacity(capacity);
    both!(b, src.len(), utf8, |e| {
        s.clear();
        let mut d = e.new_decoder_without_bom_handling();
        let (r, read, _) = d.decode_to_string(black_box(src), &mut s, true);
        (r, read)
    });
    b.call("std", src.len(), || {
        s.clear();
        s.push_str(core::str::from_utf8(black_box(src)).expect("UTF-8"));
        (true, src.len())
    });
    b.finish();
}

/// The per-encoding groups: decode to UTF-8 and UTF-16, encode from UTF-8 and UTF-16.
fn encoding_groups(c: &mut Criterion, inputs: &Inputs) {
    for input in &inputs.encoded {
        decode_groups(c, input);
    }
    for input in inputs.encoded.iter().filter(|i| i.encodable) {
        encode_groups(c, input);
    }
}

/// `decode_to_utf8` and `decode_to_utf16` of one encoded input.
fn decode_groups(c: &mut Criterion, input: &EncodedInput) {
    let EncodedInput { name, tc, rs, .. } = *input;
    let src = input.bytes.as_slice();
    let file = input.file.as_str();

    let mut b = Bench::new(c, "decode_to_utf8", name, file, src.len());
    let len = larger!((tc, rs), |e| e
        .new_decoder_without_bom_handling()
        .max_utf8_buffer_length(src.len()));
    let mut dst = vec![0u8; len];
    both!(b, src.len(), (tc, rs), |e| {
        let mut d = e.new_decoder_without_bom_handling();
        let (r, read, _, _) = d.decode_to_utf8(black_box(src), &mut dst, true);
        (r, read)
    });
    if tc.is_ascii_compatible() && src.is_ascii() {
        // The floor of decoding pure ASCII through an ASCII-compatible decoder: the
        // output is the input, so a copy of the same bytes is the fastest possible.
        b.call("memcpy", src.len(), || {
            let src = black_box(src);
            dst[..src.len()].copy_from_slice(src);
            (true, src.len())
        });
    }
    b.finish();

    // UTF-8 → UTF-16 is in `utf8_groups`, next to simdutf.
    if name == "UTF-8" {
        return;
    }
    let mut b = Bench::new(c, "decode_to_utf16", name, file, src.len());
    let len = larger!((tc, rs), |e| e
        .new_decoder_without_bom_handling()
        .max_utf16_buffer_length(src.len()));
    let mut dst = vec![0u16; len];
    both!(b, src.len(), (tc, rs), |e| {
        let mut d = e.new_decoder_without_bom_handling();
        let (r, read, _, _) = d.decode_to_utf16(black_box(src), &mut dst, true);
        (r, read)
    });
    b.finish();
}

/// `encode_from_utf8` and `encode_from_utf16` of one input's decoded text.
fn encode_groups(c: &mut Criterion, input: &EncodedInput) {
    let EncodedInput { name, tc, rs, .. } = *input;
    let file = input.file.as_str();

    let text = input.text.as_str();
    let mut b = Bench::new(c, "encode_from_utf8", name, file, text.len());
    let len = larger!((tc, rs), |e| e
        .new_encoder()
        .max_buffer_length_from_utf8_if_no_unmappables(text.len()));
    let mut dst = vec![0u8; len];
    both!(b, text.len(), (tc, rs), |e| {
        let mut enc = e.new_encoder();
        let (r, read, _, _) = enc.encode_from_utf8(black_box(text), &mut dst, true);
        (r, read)
    });
    b.finish();

    // UTF-16 → UTF-8 is in `utf8_groups`, next to simdutf.
    if name == "UTF-8" {
        return;
    }
    let utf16 = input.utf16.as_slice();
    let mut b = Bench::new(c, "encode_from_utf16", name, file, utf16.len() * 2);
    let len = larger!((tc, rs), |e| e
        .new_encoder()
        .max_buffer_length_from_utf16_if_no_unmappables(utf16.len()));
    let mut dst = vec![0u8; len];
    both!(b, utf16.len(), (tc, rs), |e| {
        let mut enc = e.new_encoder();
        let (r, read, _, _) = enc.encode_from_utf16(black_box(utf16), &mut dst, true);
        (r, read)
    });
    b.finish();
}
