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

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Instant, SystemTime};

use serde_json::Value;
use textcodec_bench::{corpus_dir, full_specs, quick_specs, QUICK_ENV};

/// Peers in the order of the table's columns.
/// `memcpy` is a copy of the same bytes: the floor for pure ASCII through an
/// ASCII-compatible decoder to UTF-8.
const PEERS: &[&str] = &["encoding_rs", "simdutf", "simdutf8", "std", "memcpy"];

/// Operations in the order of the table's rows.
const OPERATIONS: &[&str] = &[
    "validate",
    "decode_to_utf8",
    "decode_to_utf16",
    "decode_to_string",
    "encode_from_utf8",
    "encode_from_utf16",
];

/// Parsed command line.
#[derive(Debug, Default)]
struct Options {
    /// `--quick`: the representative subset, short measurements.
    quick: bool,
    /// `--footprint-only`: no speed benchmarks.
    footprint_only: bool,
    /// `--no-run`: report the last report run's results without measuring.
    no_run: bool,
    /// `--filter REGEX`: passed on to criterion.
    filter: Option<String>,
}

/// Parses the command line; `Err` holds the message to print (usage on `--help`).
fn parse_args() -> Result<Options, String> {
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
            "-h" | "--help" => {
                return Err(
                    "usage: report [--quick] [--footprint-only] [--no-run] [--filter REGEX]".into(),
                );
            }
            other => return Err(format!("unknown option {other:?} (try --help)")),
        }
    }
    Ok(options)
}

/// Paths the report reads and writes.
struct Paths {
    /// The workspace root (`/work/main`).
    root: PathBuf,
    /// This crate's folder (`benches/`).
    bench: PathBuf,
    /// Cargo's target folder.
    target: PathBuf,
}

impl Paths {
    /// The paths of this checkout, from the crate's build-time location.
    fn new() -> Self {
        let bench = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let root = bench.parent().expect("benches/ has a parent").to_path_buf();
        let target =
            std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
        Paths {
            root,
            bench,
            target,
        }
    }

    /// Criterion's output folder for report runs (kept apart from `target/criterion`
    /// so that earlier ad-hoc runs don't leak into the report).
    fn criterion_home(&self) -> PathBuf {
        self.target.join("textcodec-bench-report").join("criterion")
    }

    /// Where `REPORT.md` and `ratios.svg` go (`benches/report/`).
    fn report_dir(&self) -> PathBuf {
        self.bench.join("report")
    }
}

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
    let mut speed = None;
    let mut run_info = RunInfo::now(options, None);
    if !options.footprint_only {
        match corpus_dir() {
            Err(why) => println!("report: {why} The report will have the footprint section only."),
            Ok(_) => {
                let home = paths.criterion_home();
                if options.no_run {
                    // Describe the run that made the results, not this re-rendering.
                    run_info = RunInfo::load(&home).unwrap_or(run_info);
                } else {
                    let started = Instant::now();
                    run_benches(&paths, options)?;
                    run_info = RunInfo::now(options, Some(started.elapsed().as_secs()));
                    run_info.save(&home)?;
                }
                speed = Some(read_results(&home)?);
            }
        }
    }
    let footprint = footprint(&paths)?;
    let markdown = render_markdown(options, &run_info, speed.as_deref(), &footprint);
    let dir = paths.report_dir();
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    write(&dir.join("REPORT.md"), &markdown)?;
    if let Some(results) = &speed {
        write(&dir.join("ratios.svg"), &render_svg(results))?;
    }
    println!("report: wrote {}", dir.join("REPORT.md").display());
    Ok(())
}

/// How the measured results were made: kept beside criterion's output so that a
/// `--no-run` re-rendering still states the measuring run's command, date and mode.
#[derive(Debug, Clone)]
struct RunInfo {
    /// The report command line (with the corpus path elided).
    command: String,
    /// Date of the run, `YYYY-MM-DD`.
    date: String,
    /// Whether the quick subset was measured.
    quick: bool,
    /// How long the benchmarks took, in seconds (`None`: not measured now).
    seconds: Option<u64>,
}

impl RunInfo {
    /// The file in criterion's folder that holds the measuring run's description.
    const FILE: &'static str = "report-run.txt";

    /// A description of a run made now with `options`.
    fn now(options: &Options, seconds: Option<u64>) -> Self {
        RunInfo {
            command: command_line(options),
            date: today(),
            quick: options.quick,
            seconds,
        }
    }

    /// Saves the description as `key=value` lines in `home`.
    fn save(&self, home: &Path) -> Result<(), String> {
        let text = format!(
            "command={}\ndate={}\nquick={}\nseconds={}\n",
            self.command,
            self.date,
            u8::from(self.quick),
            self.seconds.unwrap_or(0)
        );
        write(&home.join(Self::FILE), &text)
    }

    /// Loads a description saved by [`RunInfo::save`], if any.
    fn load(home: &Path) -> Option<Self> {
        let text = std::fs::read_to_string(home.join(Self::FILE)).ok()?;
        let field = |key: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(key)?.strip_prefix('='))
                .map(str::to_owned)
        };
        Some(RunInfo {
            command: field("command")?,
            date: field("date")?,
            quick: field("quick")? == "1",
            seconds: field("seconds")?.parse().ok(),
        })
    }
}

/// The report command line as given (the corpus path elided).
fn command_line(options: &Options) -> String {
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
    command
}

/// Writes `contents` to `path`, naming the path in the error.
fn write(path: &Path, contents: &str) -> Result<(), String> {
    std::fs::write(path, contents).map_err(|e| format!("{}: {e}", path.display()))
}

/// The cargo that runs us (`$CARGO`), else `cargo` from `PATH`.
fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}

/// Runs the criterion benches into a fresh criterion folder.
fn run_benches(paths: &Paths, options: &Options) -> Result<(), String> {
    let home = paths.criterion_home();
    if home.exists() {
        std::fs::remove_dir_all(&home).map_err(|e| format!("{}: {e}", home.display()))?;
    }
    let mut command = Command::new(cargo());
    command
        .current_dir(&paths.root)
        .args([
            "bench",
            "-p",
            "textcodec-bench",
            "--bench",
            "side_by_side",
            "--",
        ])
        .env("CRITERION_HOME", &home);
    if let Some(filter) = &options.filter {
        command.arg(filter);
    }
    if options.quick {
        command.env(QUICK_ENV, "1");
    }
    println!("report: running {command:?}");
    let status = command
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("cargo bench failed: {status}"));
    }
    Ok(())
}

/// One benchmark's result.
#[derive(Debug, Clone)]
struct Measurement {
    /// Criterion group id, `OPERATION/ENCODING/FILE`.
    group: String,
    /// Implementation (`textcodec`, `encoding_rs`, `simdutf`, `simdutf8`, `std`, `memcpy`).
    implementation: String,
    /// Input size in bytes.
    bytes: u64,
    /// Median time per iteration, in nanoseconds.
    nanos: f64,
}

impl Measurement {
    /// Throughput in GB/s (10⁹ bytes per second), which is bytes per nanosecond.
    fn gbps(&self) -> f64 {
        self.bytes as f64 / self.nanos
    }
}

/// One row of the table: an operation on one input with each implementation's result.
#[derive(Debug, Clone)]
struct Row {
    /// E.g. `decode_to_utf8`.
    operation: String,
    /// Canonical encoding name, e.g. `windows-1251`.
    encoding: String,
    /// Corpus file name, e.g. `ru.txt`.
    file: String,
    /// Implementation name → throughput in GB/s.
    gbps: BTreeMap<String, f64>,
}

impl Row {
    /// textcodec's throughput divided by `peer`'s: above 1, textcodec is faster.
    fn ratio(&self, peer: &str) -> Option<f64> {
        Some(self.gbps.get("textcodec")? / self.gbps.get(peer)?)
    }

    /// Table order: operation, UTF-8 first, encoding name, corpus order of the file.
    fn sort_key(&self) -> (usize, bool, String, usize, String) {
        let op = OPERATIONS
            .iter()
            .position(|o| *o == self.operation)
            .unwrap_or(OPERATIONS.len());
        let file_order = full_specs()
            .iter()
            .position(|s| s.file == self.file)
            .unwrap_or(usize::MAX);
        (
            op,
            self.encoding != "UTF-8",
            self.encoding.clone(),
            file_order,
            self.file.clone(),
        )
    }
}

/// Reads every `new/benchmark.json` + `new/estimates.json` pair under `home` and groups
/// them into rows.
fn read_results(home: &Path) -> Result<Vec<Row>, String> {
    let mut measurements = Vec::new();
    collect_measurements(home, &mut measurements)?;
    let mut rows: BTreeMap<String, Row> = BTreeMap::new();
    for m in measurements {
        let mut parts = m.group.splitn(3, '/');
        let (Some(operation), Some(encoding), Some(file)) =
            (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let row = rows.entry(m.group.clone()).or_insert_with(|| Row {
            operation: operation.into(),
            encoding: encoding.into(),
            file: file.into(),
            gbps: BTreeMap::new(),
        });
        row.gbps.insert(m.implementation.clone(), m.gbps());
    }
    let mut rows: Vec<Row> = rows.into_values().collect();
    rows.sort_by_key(Row::sort_key);
    Ok(rows)
}

/// Walks `dir` recursively and reads every criterion `new/` result folder into `out`.
fn collect_measurements(dir: &Path, out: &mut Vec<Measurement>) -> Result<(), String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(()); // No results (yet).
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if !path.is_dir() {
            continue;
        }
        if path.file_name().is_some_and(|n| n == "new") {
            if let Some(m) = read_measurement(&path)? {
                out.push(m);
            }
        } else {
            collect_measurements(&path, out)?;
        }
    }
    Ok(())
}

/// Reads and parses one JSON file.
fn read_json(path: &Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads one criterion result folder (`.../new`); `None` if it lacks what we need.
fn read_measurement(dir: &Path) -> Result<Option<Measurement>, String> {
    let (benchmark, estimates) = (dir.join("benchmark.json"), dir.join("estimates.json"));
    if !benchmark.exists() || !estimates.exists() {
        return Ok(None);
    }
    let benchmark = read_json(&benchmark)?;
    let estimates = read_json(&estimates)?;
    let group = benchmark["group_id"].as_str();
    let implementation = benchmark["function_id"].as_str();
    let bytes = benchmark["throughput"]["Bytes"]
        .as_u64()
        .or_else(|| benchmark["throughput"]["BytesDecimal"].as_u64());
    // The median resists interference from other processes better than the mean.
    let nanos = estimates["median"]["point_estimate"].as_f64();
    Ok(match (group, implementation, bytes, nanos) {
        (Some(g), Some(i), Some(b), Some(n)) if n > 0.0 => Some(Measurement {
            group: g.into(),
            implementation: i.into(),
            bytes: b,
            nanos: n,
        }),
        _ => None,
    })
}

/// Static data of one generated family, from its file's size-summary header.
#[derive(Debug)]
struct TableFamily {
    /// The generated file's stem, e.g. `single_byte`.
    family: String,
    /// Number of items listed in the header (excluding `total`).
    items: usize,
    /// The header's total, or the sum of its items.
    bytes: u64,
}

/// A built footprint binary.
#[derive(Debug)]
struct Binary {
    /// The variant's name in the report.
    variant: &'static str,
    /// Size of the stripped binary in bytes.
    stripped: u64,
}

/// The footprint section's data.
#[derive(Debug)]
struct Footprint {
    /// Static table bytes per generated family.
    tables: Vec<TableFamily>,
    /// Stripped sizes of the footprint binaries that could be built.
    binaries: Vec<Binary>,
    /// Problems met on the way, shown under the tables.
    notes: Vec<String>,
}

/// Gathers the footprint section: static tables and stripped binary sizes.
fn footprint(paths: &Paths) -> Result<Footprint, String> {
    let mut notes = Vec::new();
    let tables = static_tables(&paths.root.join("src").join("generated"), &mut notes)?;
    let binaries = footprint_binaries(paths, &mut notes);
    Ok(Footprint {
        tables,
        binaries,
        notes,
    })
}

/// Parses the `// Static data (bytes, ...):` header of each `src/generated/*.rs`: the
/// comment lines after it are `NAME  BYTES` items and an optional `total`.
fn static_tables(dir: &Path, notes: &mut Vec<String>) -> Result<Vec<TableFamily>, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    files.sort();
    let mut families = Vec::new();
    for file in files {
        let text =
            std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        let family = file
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("?")
            .to_owned();
        if let Some(f) = parse_static_header(&family, &text) {
            families.push(f);
        } else if !text.lines().any(|l| l.starts_with("// Static data")) {
            notes.push(format!(
                "src/generated/{family}.rs has no `// Static data` header"
            ));
        }
    }
    Ok(families)
}

/// The static-data header of one generated file; `None` if it has none or says "none".
fn parse_static_header(family: &str, text: &str) -> Option<TableFamily> {
    let mut lines = text
        .lines()
        .skip_while(|l| !l.starts_with("// Static data"));
    let header = lines.next()?;
    if header.contains("none") {
        return None;
    }
    let (mut items, mut sum, mut total) = (0, 0u64, None);
    for line in lines {
        let Some(body) = line.strip_prefix("//") else {
            break;
        };
        let words: Vec<&str> = body.split_whitespace().collect();
        let (Some(first), Some(last)) = (words.first(), words.last()) else {
            break;
        };
        let Ok(bytes) = last.parse::<u64>() else {
            break;
        };
        if words.len() < 2 {
            break;
        }
        if *first == "total" {
            total = Some(bytes);
        } else {
            items += 1;
            sum += bytes;
        }
    }
    (items > 0).then(|| TableFamily {
        family: family.into(),
        items,
        bytes: total.unwrap_or(sum),
    })
}

/// The footprint binary's variants: (name in the report, cargo features).
const VARIANTS: &[(&str, &str)] = &[
    ("baseline (std only, no codec)", ""),
    ("textcodec (default features)", "textcodec"),
    ("encoding_rs (default features)", "encoding_rs"),
    ("encoding_rs + fast-legacy-encode", "fast-legacy-encode"),
];

/// Builds `benches/footprint` once per variant and measures the stripped binaries.
fn footprint_binaries(paths: &Paths, notes: &mut Vec<String>) -> Vec<Binary> {
    let manifest = paths.bench.join("footprint").join("Cargo.toml");
    let mut binaries = Vec::new();
    for (index, &(variant, features)) in VARIANTS.iter().enumerate() {
        let target = paths
            .target
            .join("textcodec-bench-footprint")
            .join(format!("v{index}"));
        let mut command = Command::new(cargo());
        command
            .args(["build", "--release", "--quiet", "--manifest-path"])
            .arg(&manifest)
            .arg("--target-dir")
            .arg(&target);
        if !features.is_empty() {
            command.args(["--features", features]);
        }
        println!("report: building footprint binary: {variant}");
        // Output is shown only on failure: the library's warnings are not news here.
        match command.output() {
            Ok(out) if out.status.success() => {}
            Ok(out) => {
                eprintln!("{}", String::from_utf8_lossy(&out.stderr));
                notes.push(format!(
                    "building the {variant} binary failed ({})",
                    out.status
                ));
                continue;
            }
            Err(e) => {
                notes.push(format!("cannot run cargo for the {variant} binary: {e}"));
                continue;
            }
        }
        let built = target.join("release").join("footprint");
        let stripped = target.join("footprint.stripped");
        let status = Command::new("strip")
            .arg("-o")
            .arg(&stripped)
            .arg(&built)
            .status();
        match (status, std::fs::metadata(&stripped)) {
            (Ok(s), Ok(meta)) if s.success() => binaries.push(Binary {
                variant,
                stripped: meta.len(),
            }),
            _ => notes.push(format!(
                "could not strip the {variant} binary (is binutils' `strip` installed?)"
            )),
        }
    }
    binaries
}

/// Today's date (UTC) as `YYYY-MM-DD`, from the system clock.
fn today() -> String {
    let secs = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Converts days since 1970-01-01 to a proleptic Gregorian (year, month, day).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// The CPU model, logical core count and main SIMD flags, from `/proc/cpuinfo`.
fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            let model = info
                .lines()
                .find(|l| l.starts_with("model name"))?
                .split(':')
                .nth(1)?
                .trim()
                .to_owned();
            let cores = info.lines().filter(|l| l.starts_with("processor")).count();
            let simd: Vec<&str> = info
                .lines()
                .find(|l| l.starts_with("flags"))
                .map(|l| {
                    l.split_whitespace()
                        .filter(|f| matches!(*f, "sse4_2" | "avx2" | "avx512bw" | "avx512vbmi2"))
                        .collect()
                })
                .unwrap_or_default();
            Some(format!(
                "{model}, {cores} logical cores, {}",
                simd.join(" ")
            ))
        })
        .unwrap_or_else(|| "unknown (no /proc/cpuinfo)".into())
}

/// `rustc -V` of the toolchain in use.
fn rustc_version() -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    Command::new(rustc)
        .arg("-V")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map_or_else(|| "unknown".into(), |s| s.trim().to_owned())
}

/// Versions of the peer crates, from the workspace's Cargo.lock.
fn peer_versions(root: &Path) -> String {
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).unwrap_or_default();
    let mut found = Vec::new();
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if let Some(name) = line
            .strip_prefix("name = \"")
            .and_then(|s| s.strip_suffix('"'))
        {
            if matches!(name, "encoding_rs" | "simdutf" | "simdutf8" | "criterion") {
                if let Some(v) = lines
                    .next()
                    .and_then(|l| l.strip_prefix("version = \""))
                    .and_then(|s| s.strip_suffix('"'))
                {
                    found.push(format!("{name} {v}"));
                }
            }
        }
    }
    found.join(", ")
}

/// A throughput cell: two decimals, or a dash when absent.
fn fmt_gbps(value: Option<&f64>) -> String {
    value.map_or_else(|| "–".into(), |v| format!("{v:.2}"))
}

/// A ratio cell: two decimals, bold when textcodec is at least as fast, dash when absent.
fn fmt_ratio(value: Option<f64>) -> String {
    value.map_or_else(
        || "–".into(),
        |v| {
            if v >= 1.0 {
                format!("**{v:.2}**")
            } else {
                format!("{v:.2}")
            }
        },
    )
}

/// Geometric mean of the positive values.
fn geomean(values: &[f64]) -> Option<f64> {
    (!values.is_empty())
        .then(|| (values.iter().map(|v| v.ln()).sum::<f64>() / values.len() as f64).exp())
}

/// The whole REPORT.md: header, speed section (if measured) and footprint section.
fn render_markdown(
    options: &Options,
    run: &RunInfo,
    rows: Option<&[Row]>,
    footprint: &Footprint,
) -> String {
    let mut md = String::new();
    let root = Paths::new().root;
    let _ = writeln!(md, "# textcodec benchmark report\n");
    let _ = writeln!(md, "- Date: {} (UTC)", run.date);
    let _ = writeln!(md, "- CPU: {}", cpu_model());
    let _ = writeln!(md, "- Toolchain: {}", rustc_version());
    let _ = writeln!(md, "- Crates: {}", peer_versions(&root));
    let _ = writeln!(
        md,
        "- encoding_rs runs with `fast-legacy-encode`; its `simd-accel` feature needs nightly \
         Rust, so on stable it takes its non-SIMD ASCII paths. simdutf (C++ simdutf 7.7.1 via \
         the `simdutf` crate), simdutf8 and textcodec pick their SIMD kernels at run time."
    );
    let _ = writeln!(md, "- Command: `{}`", run.command);
    let mode = match (rows.is_some(), run.quick) {
        (false, _) => "footprint only",
        (true, true) => "quick (representative subset; 0.5 s warm-up, 1 s measurement, 10 samples)",
        (true, false) => "full (every input; 1 s warm-up, 2 s measurement, 30 samples)",
    };
    let took = run
        .seconds
        .map_or_else(String::new, |s| format!("; the benchmarks took {s} s"));
    let _ = writeln!(md, "- Mode: {mode}{took}");
    if options.no_run && rows.is_some() {
        let _ = writeln!(
            md,
            "- Re-rendered on {} with `--no-run` (footprint rebuilt then)",
            today()
        );
    }
    let _ = writeln!(md);

    match rows {
        None => {
            let _ = writeln!(
                md,
                "## Speed\n\nNot measured ({}).\n",
                if options.footprint_only {
                    "--footprint-only"
                } else {
                    "no corpus: set TEXTCODEC_CORPUS"
                }
            );
        }
        Some(rows) => render_speed(&mut md, rows, run.quick),
    }
    render_footprint(&mut md, footprint);
    md
}

/// The speed section: explanation, per-operation summary, the two tables, gaps.
fn render_speed(md: &mut String, rows: &[Row], quick: bool) {
    let _ = writeln!(md, "## Speed\n");
    let _ = writeln!(
        md,
        "Throughput in GB/s (10⁹ input bytes per second; UTF-16 input counts two bytes per code unit), \
         from criterion's median time per iteration. **ratio** = textcodec ÷ peer: above 1 (bold) \
         textcodec is faster. Chart: [ratios.svg](ratios.svg). Wall-clock figures on a shared \
         2-core machine are noisy; iai-callgrind instruction counts (`cargo bench -p \
         textcodec-bench --bench instructions`) are the stable complement.\n"
    );

    // Summary: geometric mean of the ratios per operation and peer.
    let _ = writeln!(md, "### Summary (geometric mean of ratios)\n");
    let header: String = PEERS.iter().map(|p| format!(" vs {p} |")).collect();
    let _ = writeln!(md, "| operation |{header} rows |");
    let _ = writeln!(md, "|---|{}---:|", "---:|".repeat(PEERS.len()));
    for op in OPERATIONS {
        let op_rows: Vec<&Row> = rows.iter().filter(|r| r.operation == *op).collect();
        if op_rows.is_empty() {
            continue;
        }
        let cells: Vec<String> = PEERS
            .iter()
            .map(|peer| {
                let ratios: Vec<f64> = op_rows.iter().filter_map(|r| r.ratio(peer)).collect();
                fmt_ratio(geomean(&ratios))
            })
            .collect();
        let _ = writeln!(md, "| {op} | {} | {} |", cells.join(" | "), op_rows.len());
    }
    let _ = writeln!(md);

    let (utf8, legacy): (Vec<&Row>, Vec<&Row>) = rows.iter().partition(|r| r.encoding == "UTF-8");
    if !utf8.is_empty() {
        let _ = writeln!(
            md,
            "### UTF-8 and UTF-16 (vs encoding_rs, simdutf, simdutf8, std, memcpy)\n"
        );
        render_table(md, &utf8, PEERS);
    }
    if !legacy.is_empty() {
        let _ = writeln!(
            md,
            "### Per encoding (vs encoding_rs; pure ASCII also vs memcpy)\n"
        );
        render_table(md, &legacy, &["encoding_rs", "memcpy"]);
    }

    // Encodings the run was meant to cover but that have no results.
    let specs = if quick { quick_specs() } else { full_specs() };
    let wanted: BTreeSet<&str> = specs
        .iter()
        .flat_map(|s| s.legacy.iter().copied())
        .collect();
    let present: BTreeSet<&str> = rows.iter().map(|r| r.encoding.as_str()).collect();
    let missing: Vec<&str> = wanted.difference(&present).copied().collect();
    if !missing.is_empty() {
        let _ = writeln!(
            md,
            "Not measured: {} (textcodec does not support them yet, or a --filter left them out).\n",
            missing.join(", ")
        );
    }
}

/// One markdown table of `rows`, with a GB/s and a ratio column per peer present.
fn render_table(md: &mut String, rows: &[&Row], peers: &[&str]) {
    let peers: Vec<&str> = peers
        .iter()
        .copied()
        .filter(|p| rows.iter().any(|r| r.gbps.contains_key(*p)))
        .collect();
    let mut header = String::from("| operation | encoding | input | textcodec GB/s |");
    let mut rule = String::from("|---|---|---|---:|");
    for peer in &peers {
        let _ = write!(header, " {peer} GB/s | ratio |");
        rule.push_str("---:|---:|");
    }
    let _ = writeln!(md, "{header}\n{rule}");
    for row in rows {
        let mut line = format!(
            "| {} | {} | {} | {} |",
            row.operation,
            row.encoding,
            row.file,
            fmt_gbps(row.gbps.get("textcodec"))
        );
        for peer in &peers {
            let _ = write!(
                line,
                " {} | {} |",
                fmt_gbps(row.gbps.get(*peer)),
                fmt_ratio(row.ratio(peer))
            );
        }
        let _ = writeln!(md, "{line}");
    }
    let _ = writeln!(md);
}

/// The footprint section: static table bytes and stripped binary sizes.
fn render_footprint(md: &mut String, footprint: &Footprint) {
    let _ = writeln!(md, "## Footprint\n");
    let _ = writeln!(
        md,
        "### Static tables (from the size summaries of `src/generated/*.rs`)\n"
    );
    if footprint.tables.is_empty() {
        let _ = writeln!(md, "No generated file has a size summary.\n");
    } else {
        let _ = writeln!(md, "| family | items | bytes |\n|---|---:|---:|");
        for t in &footprint.tables {
            let _ = writeln!(md, "| {} | {} | {} |", t.family, t.items, t.bytes);
        }
        let total: u64 = footprint.tables.iter().map(|t| t.bytes).sum();
        let _ = writeln!(md, "| **total** | | **{total}** |\n");
    }
    let _ = writeln!(
        md,
        "### Stripped binary size\n\n`benches/footprint`: a small program that decodes and encodes its input \
         with every encoding (one-shot and streaming UTF-8/UTF-16 APIs), built with `cargo build --release` \
         (fat LTO, 1 codegen unit, panic=abort) and `strip`ped. \"Codec cost\" is the size above the baseline.\n"
    );
    if footprint.binaries.is_empty() {
        let _ = writeln!(md, "No binary was built.\n");
    } else {
        let baseline = footprint
            .binaries
            .iter()
            .find(|b| b.variant.starts_with("baseline"))
            .map(|b| b.stripped);
        let _ = writeln!(
            md,
            "| variant | stripped bytes | codec cost (bytes) |\n|---|---:|---:|"
        );
        for b in &footprint.binaries {
            let cost = baseline.map_or_else(
                || "–".into(),
                |base| (b.stripped as i64 - base as i64).to_string(),
            );
            let _ = writeln!(md, "| {} | {} | {} |", b.variant, b.stripped, cost);
        }
        let _ = writeln!(md);
    }
    for note in &footprint.notes {
        let _ = writeln!(md, "- Note: {note}");
    }
}

/// Escapes text for SVG.
fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A horizontal bar chart of every ratio on a log₂ scale centred on 1 (parity):
/// bars to the right (green) mean textcodec is faster, to the left (red) slower.
fn render_svg(rows: &[Row]) -> String {
    let bars: Vec<(String, f64)> = rows
        .iter()
        .flat_map(|row| {
            PEERS.iter().filter_map(move |peer| {
                row.ratio(peer).map(|r| {
                    (
                        format!("{}/{}/{} vs {peer}", row.operation, row.encoding, row.file),
                        r,
                    )
                })
            })
        })
        .collect();
    // Layout, in SVG user units.
    const LABEL_W: f64 = 430.0;
    const PLOT_W: f64 = 520.0;
    const ROW_H: f64 = 16.0;
    const TOP: f64 = 60.0;
    const LIMIT: f64 = 4.0; // log2 range shown: 1/16 .. 16
    let width = LABEL_W + PLOT_W + 70.0;
    let height = TOP + ROW_H * bars.len().max(1) as f64 + 30.0;
    let x_of =
        |log: f64| LABEL_W + PLOT_W / 2.0 + log.clamp(-LIMIT, LIMIT) / LIMIT * (PLOT_W / 2.0);
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">"##
    );
    let _ = writeln!(svg, r##"<rect width="100%" height="100%" fill="white"/>"##);
    let _ = writeln!(
        svg,
        r##"<text x="{}" y="18" font-size="14" font-weight="bold">textcodec throughput ÷ peer throughput (log scale; right of 1× = textcodec faster)</text>"##,
        10
    );
    // Grid and axis labels.
    for k in -LIMIT as i32..=LIMIT as i32 {
        let x = x_of(f64::from(k));
        let label = if k >= 0 {
            format!("{}×", 1u32 << k)
        } else {
            format!("1/{}", 1u32 << -k)
        };
        let stroke = if k == 0 { "#000" } else { "#ddd" };
        let _ = writeln!(
            svg,
            r##"<line x1="{x:.1}" y1="{}" x2="{x:.1}" y2="{:.1}" stroke="{stroke}"/><text x="{x:.1}" y="{}" text-anchor="middle" fill="#555">{label}</text>"##,
            TOP - 12.0,
            height - 24.0,
            TOP - 16.0
        );
    }
    for (i, (label, ratio)) in bars.iter().enumerate() {
        let y = TOP + ROW_H * i as f64;
        let (x0, x1) = (x_of(0.0), x_of(ratio.log2()));
        let (left, w) = if x1 >= x0 {
            (x0, x1 - x0)
        } else {
            (x1, x0 - x1)
        };
        let color = if *ratio >= 1.0 { "#3a9a4a" } else { "#c8453a" };
        let _ = writeln!(
            svg,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text><rect x="{left:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{color}"/><text x="{:.1}" y="{:.1}" fill="#333">{ratio:.2}</text>"##,
            LABEL_W - 6.0,
            y + 11.0,
            xml_escape(label),
            y + 2.0,
            w.max(0.5),
            ROW_H - 4.0,
            LABEL_W + PLOT_W + 6.0,
            y + 11.0,
        );
    }
    let _ = writeln!(svg, "</svg>");
    svg
}
