//! REPORT.md: header, speed tables and footprint section.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use textcodec_bench::{full_specs, quick_specs};

use crate::args::Options;
use crate::footprint::Footprint;
use crate::host::Host;
use crate::measure::RunInfo;
use crate::results::{Row, Speed, OPERATIONS, PEERS};

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
pub(crate) fn render_markdown(
    options: &Options,
    run: &RunInfo,
    host: &Host,
    speed: &[Speed],
    footprint: &Footprint,
) -> String {
    let mut md = String::new();
    let _ = writeln!(md, "# textcodec benchmark report\n");
    let _ = writeln!(md, "- Date: {} (UTC)", run.date);
    let _ = writeln!(md, "- CPU: {}", host.cpu);
    let _ = writeln!(md, "- Toolchain: {}", host.toolchain);
    let _ = writeln!(md, "- Crates: {}", host.crates);
    let _ = writeln!(
        md,
        "- encoding_rs runs with `fast-legacy-encode`; its `simd-accel` feature needs nightly \
         Rust, so on stable it takes its non-SIMD ASCII paths. simdutf (C++ simdutf 7.7.1 via \
         the `simdutf` crate), simdutf8 and textcodec pick their SIMD kernels at run time."
    );
    let _ = writeln!(md, "- Command: `{}`", run.command);
    let mode = match (!speed.is_empty(), run.quick) {
        (false, _) => "footprint only",
        (true, true) => "quick (representative subset; 0.5 s warm-up, 1 s measurement, 10 samples)",
        (true, false) => "full (every input; 1 s warm-up, 2 s measurement, 30 samples)",
    };
    let took = run
        .seconds
        .map_or_else(String::new, |s| format!("; the benchmarks took {s} s"));
    let _ = writeln!(md, "- Mode: {mode}{took}");
    if options.no_run && !speed.is_empty() {
        let _ = writeln!(
            md,
            "- Re-rendered on {} with `--no-run` (footprint rebuilt then)",
            host.today
        );
    }
    let _ = writeln!(md);

    if speed.is_empty() {
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
    for run_speed in speed {
        render_speed(&mut md, run_speed, run.quick);
    }
    render_footprint(&mut md, footprint);
    md
}

/// The speed section: explanation, per-operation summary, the two tables, gaps.
fn render_speed(md: &mut String, speed: &Speed, quick: bool) {
    let rows = speed.rows.as_slice();
    match &speed.label {
        None => {
            let _ = writeln!(md, "## Speed\n");
        }
        Some(label) => {
            let _ = writeln!(md, "## Speed: {label}\n");
        }
    }
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
