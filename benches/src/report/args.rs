//! The command line: options, and the command as the report quotes it.

use std::fmt::Write as _;

/// Parsed command line.
#[derive(Debug, Default)]
pub(crate) struct Options {
    /// `--quick`: the representative subset, short measurements.
    pub(crate) quick: bool,
    /// `--footprint-only`: no speed benchmarks.
    pub(crate) footprint_only: bool,
    /// `--no-run`: report the last report run's results without measuring.
    pub(crate) no_run: bool,
    /// `--filter REGEX`: passed on to criterion.
    pub(crate) filter: Option<String>,
    /// `--tiers LIST`: one run per ISA tier (`TEXTCODEC_FORCE_ISA`), e.g.
    /// `avx512,avx2,sse41,sse2,scalar`; empty: one run on the tier the CPU picks.
    pub(crate) tiers: Vec<String>,
}

/// The tiers `--tiers` accepts.
pub(crate) const TIERS: [&str; 6] = ["avx512", "avx2", "sse41", "sse2", "neon", "scalar"];

/// Parses the command line; `Err` holds the message to print (usage on `--help`).
pub(crate) fn parse_args() -> Result<Options, String> {
    // TEXTCODEC_BENCH_QUICK=1 in the environment counts as --quick.
    let mut options = Options {
        quick: textcodec_bench::quick_mode(),
        ..Options::default()
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--quick" => options.quick = true,
            "--footprint-only" => options.footprint_only = true,
            "--no-run" => options.no_run = true,
            "--filter" => options.filter = Some(args.next().ok_or("--filter needs a REGEX")?),
            "--tiers" => {
                let list = args
                    .next()
                    .ok_or("--tiers needs a list such as avx2,sse2,scalar")?;
                for tier in list.split(',').filter(|t| !t.is_empty()) {
                    if !TIERS.contains(&tier) {
                        return Err(format!("unknown tier {tier:?} (one of {TIERS:?})"));
                    }
                    options.tiers.push(tier.to_owned());
                }
            }
            "-h" | "--help" => {
                return Err(
                    "usage: report [--quick] [--footprint-only] [--no-run] [--filter REGEX] \
                     [--tiers avx512,avx2,sse41,sse2,scalar]"
                        .into(),
                );
            }
            other => return Err(format!("unknown option {other:?} (try --help)")),
        }
    }
    Ok(options)
}

/// The report command line as given (the corpus path elided).
pub(crate) fn command_line(options: &Options) -> String {
    let mut command =
        String::from("TEXTCODEC_CORPUS=… cargo run -p textcodec-bench --release --bin report --");
    for (on, flag) in [
        (options.quick, " --quick"),
        (options.footprint_only, " --footprint-only"),
        (options.no_run, " --no-run"),
    ] {
        if on {
            command.push_str(flag);
        }
    }
    if let Some(filter) = &options.filter {
        let _ = write!(command, " --filter '{filter}'");
    }
    if !options.tiers.is_empty() {
        let _ = write!(command, " --tiers {}", options.tiers.join(","));
    }
    command
}
