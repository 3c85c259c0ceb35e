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

/// The larger of two buffer-length bounds, so one output buffer serves both
/// implementations.
fn larger(a: Option<usize>, b: Option<usize>) -> usize {
    a.expect("buffer length fits usize")
        .max(b.expect("buffer length fits usize"))
}

/// A group for one operation on one input, with throughput in input bytes.
fn group<'a>(
    c: &'a mut Criterion,
    op: &str,
    encoding: &str,
    file: &str,
    bytes: usize,
) -> Group<'a> {
    let mut g = c.benchmark_group(format!("{op}/{encoding}/{file}"));
    g.throughput(Throughput::Bytes(bytes as u64));
    g
}

/// Benchmarks `run` as implementation `who` of group `g` (named `id`). Checks first,
/// once, that `run` consumes all `len` input units in one call (it returns whether the
/// call reported `InputEmpty` and how much it read): an implementation that stopped
/// early would look fast for the wrong reason, so that gets a printed warning.
fn bench_call(
    g: &mut Group<'_>,
    id: &str,
    who: &str,
    len: usize,
    mut run: impl FnMut() -> (bool, usize),
) {
    let (input_empty, read) = run();
    if !input_empty || read != len {
        println!(
            "textcodec-bench: warning: {id}/{who} stopped early in one call \
             (read {read} of {len}); its figure is not comparable"
        );
    }
    g.bench_function(who, |b| b.iter(|| black_box(run())));
}

/// The UTF-8-specific groups: validation, UTF-8 → UTF-16, UTF-16 → UTF-8 and
/// decode to `String`.
fn utf8_groups(c: &mut Criterion, input: &Utf8Input) {
    use encoding_rs::CoderResult as Rs;
    use textcodec::CoderResult as Tc;
    let src = input.bytes.as_slice();
    let file = input.file.as_str();

    let mut g = group(c, "validate", "UTF-8", file, src.len());
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
    g.finish();

    let id = format!("decode_to_utf16/UTF-8/{file}");
    let mut g = group(c, "decode_to_utf16", "UTF-8", file, src.len());
    let mut dst = vec![0u16; src.len() + 1];
    bench_call(&mut g, &id, "textcodec", src.len(), || {
        let mut d = textcodec::UTF_8.new_decoder_without_bom_handling();
        let (r, read, _, _) = d.decode_to_utf16(black_box(src), &mut dst, true);
        (r == Tc::InputEmpty, read)
    });
    bench_call(&mut g, &id, "encoding_rs", src.len(), || {
        let mut d = encoding_rs::UTF_8.new_decoder_without_bom_handling();
        let (r, read, _, _) = d.decode_to_utf16(black_box(src), &mut dst, true);
        (r == Rs::InputEmpty, read)
    });
    bench_call(&mut g, &id, "simdutf", src.len(), || {
        let src = black_box(src);
        assert!(dst.len() >= src.len());
        // SAFETY: `src` is valid for `src.len()` bytes; UTF-8 → UTF-16 never
        // produces more code units than input bytes and `dst` holds `src.len()`.
        let written =
            unsafe { simdutf::convert_utf8_to_utf16le(src.as_ptr(), src.len(), dst.as_mut_ptr()) };
        // simdutf returns 0 for invalid input; the corpus is valid.
        (written > 0 || src.is_empty(), src.len())
    });
    g.finish();

    let utf16 = input.utf16.as_slice();
    let id = format!("encode_from_utf16/UTF-8/{file}");
    let mut g = group(c, "encode_from_utf16", "UTF-8", file, utf16.len() * 2);
    let mut dst = vec![0u8; utf16.len() * 3 + 16];
    bench_call(&mut g, &id, "textcodec", utf16.len(), || {
        let mut e = textcodec::UTF_8.new_encoder();
        let (r, read, _, _) = e.encode_from_utf16(black_box(utf16), &mut dst, true);
        (r == Tc::InputEmpty, read)
    });
    bench_call(&mut g, &id, "encoding_rs", utf16.len(), || {
        let mut e = encoding_rs::UTF_8.new_encoder();
        let (r, read, _, _) = e.encode_from_utf16(black_box(utf16), &mut dst, true);
        (r == Rs::InputEmpty, read)
    });
    bench_call(&mut g, &id, "simdutf", utf16.len(), || {
        let src = black_box(utf16);
        assert!(dst.len() >= src.len() * 3);
        // SAFETY: `src` is valid for `src.len()` units; each UTF-16 code unit
        // becomes at most three UTF-8 bytes and `dst` holds `3 * src.len()`.
        let written =
            unsafe { simdutf::convert_utf16le_to_utf8(src.as_ptr(), src.len(), dst.as_mut_ptr()) };
        (written > 0 || src.is_empty(), src.len())
    });
    g.finish();

    let id = format!("decode_to_string/UTF-8/{file}");
    let mut g = group(c, "decode_to_string", "UTF-8", file, src.len());
    let capacity = src.len() * 3 + 16; // covers every implementation's worst case bound
    let mut s = String::with_capacity(capacity);
    bench_call(&mut g, &id, "textcodec", src.len(), || {
        s.clear();
        let mut d = textcodec::UTF_8.new_decoder_without_bom_handling();
        let (r, read, _) = d.decode_to_string(black_box(src), &mut s, true);
        (r == Tc::InputEmpty, read)
    });
    bench_call(&mut g, &id, "encoding_rs", src.len(), || {
        s.clear();
        let mut d = encoding_rs::UTF_8.new_decoder_without_bom_handling();
        let (r, read, _) = d.decode_to_string(black_box(src), &mut s, true);
        (r == Rs::InputEmpty, read)
    });
    bench_call(&mut g, &id, "std", src.len(), || {
        s.clear();
        s.push_str(core::str::from_utf8(black_box(src)).expect("UTF-8"));
        (true, src.len())
    });
    g.finish();
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
    use encoding_rs::CoderResult as Rs;
    use textcodec::CoderResult as Tc;
    let EncodedInput { name, tc, rs, .. } = *input;
    let src = input.bytes.as_slice();
    let file = input.file.as_str();

    let id = format!("decode_to_utf8/{name}/{file}");
    let mut g = group(c, "decode_to_utf8", name, file, src.len());
    let len = larger(
        tc.new_decoder_without_bom_handling()
            .max_utf8_buffer_length(src.len()),
        rs.new_decoder_without_bom_handling()
            .max_utf8_buffer_length(src.len()),
    );
    let mut dst = vec![0u8; len];
    bench_call(&mut g, &id, "textcodec", src.len(), || {
        let mut d = tc.new_decoder_without_bom_handling();
        let (r, read, _, _) = d.decode_to_utf8(black_box(src), &mut dst, true);
        (r == Tc::InputEmpty, read)
    });
    bench_call(&mut g, &id, "encoding_rs", src.len(), || {
        let mut d = rs.new_decoder_without_bom_handling();
        let (r, read, _, _) = d.decode_to_utf8(black_box(src), &mut dst, true);
        (r == Rs::InputEmpty, read)
    });
    if tc.is_ascii_compatible() && src.is_ascii() {
        // The floor of decoding pure ASCII through an ASCII-compatible decoder: the
        // output is the input, so a copy of the same bytes is the fastest possible.
        bench_call(&mut g, &id, "memcpy", src.len(), || {
            let src = black_box(src);
            dst[..src.len()].copy_from_slice(src);
            (true, src.len())
        });
    }
    g.finish();

    // UTF-8 → UTF-16 is in `utf8_groups`, next to simdutf.
    if name == "UTF-8" {
        return;
    }
    let id = format!("decode_to_utf16/{name}/{file}");
    let mut g = group(c, "decode_to_utf16", name, file, src.len());
    let len = larger(
        tc.new_decoder_without_bom_handling()
            .max_utf16_buffer_length(src.len()),
        rs.new_decoder_without_bom_handling()
            .max_utf16_buffer_length(src.len()),
    );
    let mut dst = vec![0u16; len];
    bench_call(&mut g, &id, "textcodec", src.len(), || {
        let mut d = tc.new_decoder_without_bom_handling();
        let (r, read, _, _) = d.decode_to_utf16(black_box(src), &mut dst, true);
        (r == Tc::InputEmpty, read)
    });
    bench_call(&mut g, &id, "encoding_rs", src.len(), || {
        let mut d = rs.new_decoder_without_bom_handling();
        let (r, read, _, _) = d.decode_to_utf16(black_box(src), &mut dst, true);
        (r == Rs::InputEmpty, read)
    });
    g.finish();
}

/// `encode_from_utf8` and `encode_from_utf16` of one input's decoded text.
fn encode_groups(c: &mut Criterion, input: &EncodedInput) {
    use encoding_rs::CoderResult as Rs;
    use textcodec::CoderResult as Tc;
    let EncodedInput { name, tc, rs, .. } = *input;
    let file = input.file.as_str();

    let text = input.text.as_str();
    let id = format!("encode_from_utf8/{name}/{file}");
    let mut g = group(c, "encode_from_utf8", name, file, text.len());
    let len = larger(
        tc.new_encoder()
            .max_buffer_length_from_utf8_if_no_unmappables(text.len()),
        rs.new_encoder()
            .max_buffer_length_from_utf8_if_no_unmappables(text.len()),
    );
    let mut dst = vec![0u8; len];
    bench_call(&mut g, &id, "textcodec", text.len(), || {
        let mut e = tc.new_encoder();
        let (r, read, _, _) = e.encode_from_utf8(black_box(text), &mut dst, true);
        (r == Tc::InputEmpty, read)
    });
    bench_call(&mut g, &id, "encoding_rs", text.len(), || {
        let mut e = rs.new_encoder();
        let (r, read, _, _) = e.encode_from_utf8(black_box(text), &mut dst, true);
        (r == Rs::InputEmpty, read)
    });
    g.finish();

    // UTF-16 → UTF-8 is in `utf8_groups`, next to simdutf.
    if name == "UTF-8" {
        return;
    }
    let utf16 = input.utf16.as_slice();
    let id = format!("encode_from_utf16/{name}/{file}");
    let mut g = group(c, "encode_from_utf16", name, file, utf16.len() * 2);
    let len = larger(
        tc.new_encoder()
            .max_buffer_length_from_utf16_if_no_unmappables(utf16.len()),
        rs.new_encoder()
            .max_buffer_length_from_utf16_if_no_unmappables(utf16.len()),
    );
    let mut dst = vec![0u8; len];
    bench_call(&mut g, &id, "textcodec", utf16.len(), || {
        let mut e = tc.new_encoder();
        let (r, read, _, _) = e.encode_from_utf16(black_box(utf16), &mut dst, true);
        (r == Tc::InputEmpty, read)
    });
    bench_call(&mut g, &id, "encoding_rs", utf16.len(), || {
        let mut e = rs.new_encoder();
        let (r, read, _, _) = e.encode_from_utf16(black_box(utf16), &mut dst, true);
        (r == Rs::InputEmpty, read)
    });
    g.finish();
}
