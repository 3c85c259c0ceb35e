//! iai-callgrind instruction counts of the TextDecoder / TextEncoder layer against the
//! operations under it, on whole corpus files: the counts do not depend on machine
//! noise, so they show what the layer adds (a constant per call) where wall-clock
//! ratios (`text_api`) cannot resolve a few percent.
//!
//! Groups (compared by id, one id per file): `decode_to_utf16`
//! (`TextDecoder::decode_to_utf16` vs `mem::convert_utf8_to_utf16`), `decode_to_string`
//! (`TextDecoder::decode_to_string` vs `Decoder::decode_to_string`), `decode_owned`
//! (`TextDecoder::decode` vs `Encoding::decode`, each made an owned `String`),
//! `encode_into` (`TextEncoder::encode_utf16_into` vs
//! `mem::convert_utf16_to_utf8_partial`).
//!
//! Self-contained; needs valgrind and `iai-callgrind-runner` at the version of the
//! `iai-callgrind` dev-dependency. Without `TEXTCODEC_CORPUS` it prints why and runs
//! nothing. Run with
//! `TEXTCODEC_CORPUS=$PWD/../shared/corpus cargo bench -p textcodec-bench --bench text_api_instructions`.

fn main() {
    if std::env::var_os("TEXTCODEC_CORPUS").is_none() {
        println!("text_api_instructions: TEXTCODEC_CORPUS is not set: nothing to run");
        return;
    }
    iai::run();
}

mod iai {
    use std::hint::black_box;

    use iai_callgrind::{library_benchmark, library_benchmark_group, LibraryBenchmarkConfig};
    use textcodec::text::{TextDecoder, TextEncoder};
    use textcodec::{mem, UTF_8};

    /// One corpus file with its UTF-16 form and roomy output buffers.
    pub struct Case {
        bytes: Vec<u8>,
        utf16: Vec<u16>,
        out8: Vec<u8>,
        out16: Vec<u16>,
        string: String,
        decoder: TextDecoder,
    }

    /// Reads `file` from the corpus; runs before the measured function. Leaked, so that
    /// its drop is not counted.
    pub fn case(file: &str) -> &'static mut Case {
        let dir = std::env::var_os("TEXTCODEC_CORPUS").expect("checked in main");
        let bytes = std::fs::read(std::path::Path::new(&dir).join(file)).expect("corpus file");
        let utf16: Vec<u16> = String::from_utf8_lossy(&bytes).encode_utf16().collect();
        Box::leak(Box::new(Case {
            out8: vec![0; 3 * utf16.len() + 16],
            out16: vec![0; bytes.len() + 16],
            string: String::with_capacity(3 * bytes.len() + 16),
            decoder: TextDecoder::new("utf-8").unwrap(),
            bytes,
            utf16,
        }))
    }

    // (No doc comments on the benchmark functions: `#[library_benchmark]` rejects them.)
    macro_rules! cases {
        ($name:ident, $c:ident, $body:expr) => {
            #[library_benchmark]
            #[bench::en_html(args = ("en.html"), setup = case)]
            #[bench::ru_html(args = ("ru.html"), setup = case)]
            #[bench::ja_html(args = ("ja.html"), setup = case)]
            #[bench::zh_cn_txt(args = ("zh_cn.txt"), setup = case)]
            #[bench::jquery_js(args = ("jquery-3.1.1.min.js"), setup = case)]
            fn $name($c: &'static mut Case) -> usize {
                black_box($body)
            }
        };
    }

    cases!(utf16_text_decoder, c, {
        c.decoder
            .decode_to_utf16(black_box(&c.bytes), &mut c.out16, false)
            .written
    });
    cases!(utf16_mem, c, {
        mem::convert_utf8_to_utf16(black_box(&c.bytes), &mut c.out16)
    });
    cases!(string_text_decoder, c, {
        c.decoder
            .decode_to_string(black_box(&c.bytes), &mut c.string, false)
            .map_or(0, |()| c.string.len())
    });
    cases!(string_decoder, c, {
        let mut d = UTF_8.new_decoder_with_bom_removal();
        let _ = d.decode_to_string(black_box(&c.bytes), &mut c.string, true);
        c.string.len()
    });
    cases!(owned_text_decoder, c, {
        c.decoder
            .decode(black_box(&c.bytes), false)
            .map_or(0, |t| t.into_owned().len())
    });
    cases!(owned_encoding, c, {
        UTF_8.decode(black_box(&c.bytes)).0.into_owned().len()
    });
    cases!(encode_into_text_encoder, c, {
        TextEncoder::new()
            .encode_utf16_into(black_box(&c.utf16), &mut c.out8)
            .written
    });
    cases!(encode_into_mem, c, {
        mem::convert_utf16_to_utf8_partial(black_box(&c.utf16), &mut c.out8).1
    });

    library_benchmark_group!(
        name = decode_to_utf16;
        compare_by_id = true;
        benchmarks = utf16_text_decoder, utf16_mem
    );
    library_benchmark_group!(
        name = decode_to_string;
        compare_by_id = true;
        benchmarks = string_text_decoder, string_decoder
    );
    library_benchmark_group!(
        name = decode_owned;
        compare_by_id = true;
        benchmarks = owned_text_decoder, owned_encoding
    );
    library_benchmark_group!(
        name = encode_into;
        compare_by_id = true;
        benchmarks = encode_into_text_encoder, encode_into_mem
    );

    iai_callgrind::main!(
        config = LibraryBenchmarkConfig::default().pass_through_envs(["TEXTCODEC_CORPUS"]);
        library_benchmark_groups = decode_to_utf16, decode_to_string, decode_owned, encode_into
    );

    /// Runs the iai-callgrind harness (`main` is private to this module).
    pub fn run() {
        main();
    }
}
