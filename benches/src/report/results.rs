//! Criterion's results, read back and grouped into table rows with ratios.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;
use textcodec_bench::full_specs;

/// Peers in the order of the table's columns.
/// `memcpy` is a copy of the same bytes: the floor for pure ASCII through an
/// ASCII-compatible decoder to UTF-8.
pub(crate) const PEERS: &[&str] = &["encoding_rs", "simdutf", "simdutf8", "std", "memcpy"];

/// Operations in the order of the table's rows.
pub(crate) const OPERATIONS: &[&str] = &[
    "validate",
    "decode_to_utf8",
    "decode_to_utf16",
    "decode_to_string",
    "encode_from_utf8",
    "encode_from_utf16",
];

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
pub(crate) struct Row {
    /// E.g. `decode_to_utf8`.
    pub(crate) operation: String,
    /// Canonical encoding name, e.g. `windows-1251`.
    pub(crate) encoding: String,
    /// Corpus file name, e.g. `ru.txt`.
    pub(crate) file: String,
    /// Implementation name → throughput in GB/s.
    pub(crate) gbps: BTreeMap<String, f64>,
}

impl Row {
    /// textcodec's throughput divided by `peer`'s: above 1, textcodec is faster.
    pub(crate) fn ratio(&self, peer: &str) -> Option<f64> {
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

/// The results of one run of the side-by-side benches. The report has one per
/// run; a report that measures several configurations (e.g. one run per forced
/// ISA tier) has one each, labelled.
pub(crate) struct Speed {
    /// What sets this run apart from the report's others (`None`: the only run).
    pub(crate) label: Option<String>,
    /// The table rows, in table order.
    pub(crate) rows: Vec<Row>,
}

/// Reads every `new/benchmark.json` + `new/estimates.json` pair under `home` and groups
/// them into rows.
pub(crate) fn read_results(home: &Path) -> Result<Vec<Row>, String> {
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
