//! What the report says about the machine and the toolchain: date, CPU, rustc,
//! peer crate versions.

use std::path::Path;
use std::process::Command;
use std::time::SystemTime;

/// The machine and toolchain of this report run, as the report header states them.
pub(crate) struct Host {
    /// Today's date (UTC), `YYYY-MM-DD`.
    pub(crate) today: String,
    /// CPU model, logical cores and main SIMD flags.
    pub(crate) cpu: String,
    /// `rustc -V`.
    pub(crate) toolchain: String,
    /// Versions of the peer crates, from `Cargo.lock` in `root`.
    pub(crate) crates: String,
}

impl Host {
    /// Describes this machine, with the crate versions of the workspace at `root`.
    pub(crate) fn describe(root: &Path) -> Self {
        Host {
            today: today(),
            cpu: cpu_model(),
            toolchain: rustc_version(),
            crates: peer_versions(root),
        }
    }
}

/// Today's date (UTC) as `YYYY-MM-DD`, from the system clock.
pub(crate) fn today() -> String {
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
