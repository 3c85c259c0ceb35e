//! iai-callgrind benchmarks: instruction counts (and callgrind's cache estimates) of
//! textcodec and encoding_rs, side by side, on small inputs — the first 16 KiB of a few
//! corpus files (4 KiB with `TEXTCODEC_BENCH_QUICK=1`). Unlike wall-clock figures these
//! do not depend on machine noise, so they suit CI.
//!
//! Each iai group is one operation; its benchmark functions `textcodec` and
//! `encoding_rs` run the same cases (ids like `windows_1251_ru_txt`) and iai-callgrind
//! compares them by id. An encoding textcodec does not support (yet) makes its
//! textcodec function return at once, so its count is near zero; a note at the start
//! says which.
//!
//! Needs valgrind and `iai-callgrind-runner` at the same version as the `iai-callgrind`
//! dev-dependency (`.ci/bench-check.sh` installs it). Without `TEXTCODEC_CORPUS` the
//! binary prints why and exits successfully without running anything.

/// The encodings of the iai cases (see the `*_cases!` macros below).
const CASE_ENCODINGS: &[&str] = &[
    "UTF-8",
    "windows-1252",
    "windows-1251",
    "Shift_JIS",
    "gb18030",
    "x-user-defined",
    "UTF-16LE",
];

/// Skips everything without a corpus; otherwise notes unsupported encodings and runs iai.
fn main() {
    if let Err(why) = textcodec_bench::corpus_dir() {
        println!("textcodec-bench: {why}");
        return;
    }
    // The runner re-runs this binary under valgrind with `--iai-run`; note only once.
    if !std::env::args().any(|a| a == "--iai-run") {
        for label in CASE_ENCODINGS {
            if textcodec::Encoding::for_label(label.as_bytes()).is_none() {
                println!("textcodec-bench: note: textcodec does not support {label} yet; its textcodec counts are no-ops");
            }
        }
    }
    iai::run();
}

/// The iai-callgrind harness, in a module so that `main` above can skip it.
mod iai {
    use std::hint::black_box;

    use iai_callgrind::{library_benchmark, library_benchmark_group, LibraryBenchmarkConfig};
    use textcodec_bench::{read_corpus_file, utf8_prefix, CORPUS_ENV, QUICK_ENV};

    /// One prepared case: an input in one encoding, with output buffers large enough
    /// for every operation and both implementations.
    pub struct Case {
        /// textcodec's encoding, `None` if textcodec doesn't support it yet.
        tc: Option<&'static textcodec::Encoding>,
        /// encoding_rs's encoding.
        rs: &'static encoding_rs::Encoding,
        /// The input bytes in this encoding.
        bytes: Vec<u8>,
        /// The decoded text (input of the encode-from-UTF-8 benchmarks).
        text: String,
        /// The decoded text in UTF-16 (input of the encode-from-UTF-16 benchmarks).
        utf16: Vec<u16>,
        /// Output buffer for UTF-8 or legacy bytes.
        out8: Vec<u8>,
        /// Output buffer for UTF-16.
        out16: Vec<u16>,
        /// Output string for `decode_to_string`.
        string: String,
    }

    /// Builds the case for `label` from corpus file `file`; runs before the measured
    /// function, so its cost is not counted. Leaked, so that its drop is not counted
    /// either (the process ends right after the benchmark).
    pub fn case(label: &str, file: &str) -> &'static mut Case {
        let dir = textcodec_bench::corpus_dir().expect("corpus checked in main");
        let max = if textcodec_bench::quick_mode() {
            4 * 1024
        } else {
            16 * 1024
        };
        let raw = read_corpus_file(&dir, file).expect("corpus file");
        let raw = utf8_prefix(&raw, max);
        let rs = encoding_rs::Encoding::for_label(label.as_bytes()).expect("known label");
        let bytes: Vec<u8> = match rs.name() {
            "x-user-defined" => raw.to_vec(),
            "UTF-16LE" => std::str::from_utf8(raw)
                .expect("UTF-8")
                .encode_utf16()
                .flat_map(u16::to_le_bytes)
                .collect(),
            "UTF-16BE" => std::str::from_utf8(raw)
                .expect("UTF-8")
                .encode_utf16()
                .flat_map(u16::to_be_bytes)
                .collect(),
            _ => rs
                .encode(std::str::from_utf8(raw).expect("UTF-8"))
                .0
                .into_owned(),
        };
        let text = rs.decode_without_bom_handling(&bytes).0.into_owned();
        let utf16: Vec<u16> = text.encode_utf16().collect();
        let tc = textcodec::Encoding::for_label(label.as_bytes());
        let out8 = vec![0; 4 * (bytes.len() + text.len()) + 64];
        let out16 = vec![0; bytes.len() + 64];
        let string = String::with_capacity(3 * bytes.len() + 64);
        Box::leak(Box::new(Case {
            tc,
            rs,
            bytes,
            text,
            utf16,
            out8,
            out16,
            string,
        }))
    }

    /// Defines the textcodec and encoding_rs functions of one operation and the iai
    /// group `$group` comparing them. The body sees the case as `$c`, the encoding as
    /// `$e` and the implementing crate as `k`.
    macro_rules! side_by_side {
        ($group:ident, $cases:ident, $tc:ident, $rs:ident, |$c:ident, $e:ident| $body:expr) => {
            // textcodec's side. (No doc comments: `#[library_benchmark]` rejects them.)
            $cases! {
                fn $tc($c: &'static mut Case) -> usize {
                    #[allow(unused_imports)]
                    use textcodec as k;
                    let Some($e) = $c.tc else { return 0 };
                    $body
                }
            }
            // encoding_rs's side.
            $cases! {
                fn $rs($c: &'static mut Case) -> usize {
                    #[allow(unused_imports)]
                    use encoding_rs as k;
                    let $e = $c.rs;
                    $body
                }
            }
            library_benchmark_group!(
                name = $group;
                compare_by_id = true;
                benchmarks = $tc, $rs
            );
        };
    }

    /// UTF-8 cases (each case list ends with the benchmark function it applies to).
    macro_rules! utf8_cases {
        ($($rest:tt)*) => {
            #[library_benchmark]
            #[bench::utf8_en_html(args = ("UTF-8", "en.html"), setup = case)]
            #[bench::utf8_ru_txt(args = ("UTF-8", "ru.txt"), setup = case)]
            #[bench::utf8_ja_txt(args = ("UTF-8", "ja.txt"), setup = case)]
            $($rest)*
        };
    }

    /// Cases that can be encoded as well as decoded: the UTF-8 ones and these.
    macro_rules! encode_cases {
        ($($rest:tt)*) => {
            utf8_cases! {
                #[bench::windows_1252_de_html(args = ("windows-1252", "de.html"), setup = case)]
                #[bench::windows_1251_ru_txt(args = ("windows-1251", "ru.txt"), setup = case)]
                #[bench::shift_jis_ja_txt(args = ("Shift_JIS", "ja.txt"), setup = case)]
                #[bench::gb18030_zh_cn_txt(args = ("gb18030", "zh_cn.txt"), setup = case)]
                #[bench::x_user_defined_binary_jpg(args = ("x-user-defined", "binary.jpg"), setup = case)]
                $($rest)*
            }
        };
    }

    /// Every case: the encodable ones and UTF-16LE.
    macro_rules! decode_cases {
        ($($rest:tt)*) => {
            encode_cases! {
                #[bench::utf_16le_ja_txt(args = ("UTF-16LE", "ja.txt"), setup = case)]
                $($rest)*
            }
        };
    }

    side_by_side!(
        validate,
        utf8_cases,
        validate_textcodec,
        validate_encoding_rs,
        |c, _e| black_box(k::Encoding::utf8_valid_up_to(&c.bytes))
    );

    side_by_side!(
        decode_to_string,
        utf8_cases,
        decode_to_string_textcodec,
        decode_to_string_encoding_rs,
        |c, e| {
            let mut d = e.new_decoder_without_bom_handling();
            black_box(d.decode_to_string(&c.bytes, &mut c.string, true).1)
        }
    );

    side_by_side!(
        decode_to_utf8,
        decode_cases,
        decode_to_utf8_textcodec,
        decode_to_utf8_encoding_rs,
        |c, e| {
            let mut d = e.new_decoder_without_bom_handling();
            black_box(d.decode_to_utf8(&c.bytes, &mut c.out8, true).2)
        }
    );

    side_by_side!(
        decode_to_utf16,
        decode_cases,
        decode_to_utf16_textcodec,
        decode_to_utf16_encoding_rs,
        |c, e| {
            let mut d = e.new_decoder_without_bom_handling();
            black_box(d.decode_to_utf16(&c.bytes, &mut c.out16, true).2)
        }
    );

    side_by_side!(
        encode_from_utf8,
        encode_cases,
        encode_from_utf8_textcodec,
        encode_from_utf8_encoding_rs,
        |c, e| {
            let mut enc = e.new_encoder();
            black_box(enc.encode_from_utf8(&c.text, &mut c.out8, true).2)
        }
    );

    side_by_side!(
        encode_from_utf16,
        encode_cases,
        encode_from_utf16_textcodec,
        encode_from_utf16_encoding_rs,
        |c, e| {
            let mut enc = e.new_encoder();
            black_box(enc.encode_from_utf16(&c.utf16, &mut c.out8, true).2)
        }
    );

    iai_callgrind::main!(
        config = LibraryBenchmarkConfig::default().pass_through_envs([CORPUS_ENV, QUICK_ENV]);
        library_benchmark_groups = validate, decode_to_string, decode_to_utf8, decode_to_utf16,
            encode_from_utf8, encode_from_utf16
    );

    /// Runs the iai-callgrind harness (`main` is private to this module).
    pub fn run() {
        main();
    }
}
