//! `cargo run -p textcodec-bench --release --bin report [-- OPTIONS]`
//!
//! Runs the criterion benches (`cargo bench -p textcodec-bench --bench side_by_side`),
//! reads criterion's results and writes `benches/report/REPORT.md` (throughput table with
//! textcodec/peer ratios, a footprint section) and `benches/report/ratios.svg` (a bar
//! chart of the ratios).
//!
//! Options:
//! - `--quick`: the representative subset with short measurements
//!   (sets `TEXTCODEC_BENCH_QUICK=1`);
//! - `--footprint-only`: skip the speed benchmarks, report only the footprint;
//! - `--no-run`: don't run the benches, report the results of the last report run;
//! - `--filter REGEX`: passed to criterion to run only matching benchmarks.
//!
//! The corpus folder comes from `TEXTCODEC_CORPUS`, as for the benches themselves.
//!
//! One module per concern: `args` (command line), `paths`, `measure` (running
//! criterion, the run record), `results` (criterion's output as table rows),
//! `footprint`, `host` (machine and toolchain), `markdown` and `svg` (the two
//! outputs). This file only sequences them.

mod args;
mod footprint;
mod host;
mod markdown;
mod measure;
mod paths;
mod results;
mod svg;

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use textcodec_bench::corpus_dir;

use args::{parse_args, Options};
use host::Host;
use measure::{run_benches, RunInfo};
use paths::Paths;
use results::Speed;

/// Entry point: parses options, runs [`run`], maps errors to a failing exit code.
fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    match run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("report: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Measures (unless told not to), builds the footprint binaries and writes the report.
fn run(options: &Options) -> Result<(), String> {
    let paths = Paths::new();
    let mut run_info = RunInfo::now(options, None);
    let speed = if options.footprint_only {
        Vec::new()
    } else {
        speed(&paths, options, &mut run_info)?
    };
    let footprint = footprint::footprint(&paths)?;
    let host = Host::describe(&paths.root);
    let markdown = markdown::render_markdown(options, &run_info, &host, &speed, &footprint);
    let dir = paths.report_dir();
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    write(&dir.join("REPORT.md"), &markdown)?;
    if !speed.is_empty() {
        write(&dir.join("ratios.svg"), &svg::render_svg(&speed))?;
    }
    println!("report: wrote {}", dir.join("REPORT.md").display());
    Ok(())
}

/// The speed results: measured now (recording how in `run_info`), or with
/// `--no-run` those of the last report run (whose record replaces `run_info`);
/// none without a corpus.
///
/// One run of the benches makes one [`Speed`]; a report over several
/// configurations (one per forced ISA tier) runs each into its own criterion
/// folder with its environment and returns one labelled [`Speed`] each.
fn speed(paths: &Paths, options: &Options, run_info: &mut RunInfo) -> Result<Vec<Speed>, String> {
    if let Err(why) = corpus_dir() {
        println!("report: {why} The report will have the footprint section only.");
        return Ok(Vec::new());
    }
    if options.tiers.is_empty() {
        let home = paths.criterion_home();
        measure_or_load(paths, options, run_info, &home, &[])?;
        return Ok(vec![Speed {
            label: None,
            rows: results::read_results(&home)?,
        }]);
    }
    let mut runs = Vec::new();
    for tier in &options.tiers {
        let home = paths.criterion_home().join(format!("tier-{tier}"));
        let simdutf = simdutf_for(tier);
        let mut env = vec![
            ("TEXTCODEC_FORCE_ISA", tier.as_str()),
            ("SIMDUTF_FORCE_IMPLEMENTATION", simdutf),
        ];
        let memcpy = match glibc_for(tier) {
            Some(tunables) => {
                env.push(("GLIBC_TUNABLES", tunables));
                format!("glibc's memcpy limited to the tier's ISA (GLIBC_TUNABLES={tunables})")
            }
            None => "glibc's memcpy as the CPU has it".to_string(),
        };
        measure_or_load(paths, options, run_info, &home, &env)?;
        runs.push(Speed {
            label: Some(format!(
                "textcodec forced to {tier} (TEXTCODEC_FORCE_ISA={tier}), simdutf forced to \
                 {simdutf}, {memcpy}; encoding_rs is built for baseline x86-64 (SSE2) in \
                 every run, but its UTF-8 validation (through simdutf8) and simdutf8 itself \
                 pick AVX2 at run time whatever the tier"
            )),
            rows: results::read_results(&home)?,
        });
    }
    Ok(runs)
}

/// The simdutf implementation that simdutf itself runs on a CPU of textcodec's
/// `tier`: `sse41` (x86-64-v2, which has SSE4.2) gets its SSE4.2 kernels,
/// `westmere`; `sse2` (a CPU without SSE4.2, where simdutf has no vector kernel)
/// and `scalar` its portable code, `fallback`.
fn simdutf_for(tier: &str) -> &'static str {
    match tier {
        "avx512" => "icelake",
        "avx2" => "haswell",
        "sse41" => "westmere",
        "neon" => "arm64",
        _ => "fallback",
    }
}

/// The glibc tunables that keep glibc's string functions (the `memcpy` peer) to
/// the ISA of textcodec's `tier`, as on a CPU of that tier: glibc picks its memcpy
/// by CPU at load time, and on this tier's real CPUs (no AVX for `sse41` / `sse2`
/// / `scalar`, no AVX-512 for `avx2`) it has no wider copy. Other C libraries
/// ignore the variable; the ISA of each tier's memcpy is in the run's label.
fn glibc_for(tier: &str) -> Option<&'static str> {
    match tier {
        "avx2" => Some("glibc.cpu.hwcaps=-AVX512F,-AVX512VL,-AVX512BW,-AVX512DQ,-AVX512CD"),
        "sse41" | "sse2" | "scalar" => Some(
            "glibc.cpu.hwcaps=-AVX,-AVX2,-AVX512F,-AVX512VL,-AVX512BW,-AVX512DQ,\
             -AVX512CD,-ERMS,-FSRM",
        ),
        _ => None,
    }
}

/// Runs the benches into `home` with `env` (recording how in `run_info`), or with
/// `--no-run` loads that folder's record of the run that made it.
fn measure_or_load(
    paths: &Paths,
    options: &Options,
    run_info: &mut RunInfo,
    home: &Path,
    env: &[(&str, &str)],
) -> Result<(), String> {
    // Over several runs (one per tier), the report's time counts them all; each
    // folder's record keeps its own run's.
    let earlier = run_info.seconds.unwrap_or(0);
    let this = if options.no_run {
        // Describe the run that made the results, not this re-rendering.
        match RunInfo::load(home) {
            Some(saved) => saved,
            None => return Ok(()),
        }
    } else {
        let started = Instant::now();
        run_benches(paths, options, home, env)?;
        let this = RunInfo::now(options, Some(started.elapsed().as_secs()));
        this.save(home)?;
        this
    };
    *run_info = RunInfo {
        seconds: Some(earlier + this.seconds.unwrap_or(0)),
        ..this
    };
    Ok(())
}

/// Writes `contents` to `path`, naming the path in the error.
fn write(path: &Path, contents: &str) -> Result<(), String> {
    std::fs::write(path, contents).map_err(|e| format!("{}: {e}", path.display()))
}

/// The cargo that runs us (`$CARGO`), else `cargo` from `PATH`.
fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}
