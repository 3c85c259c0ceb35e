//! Where the report reads and writes.

use std::path::PathBuf;

/// Paths the report reads and writes.
pub(crate) struct Paths {
    /// The workspace root (`/work/main`).
    pub(crate) root: PathBuf,
    /// This crate's folder (`benches/`).
    pub(crate) benches: PathBuf,
    /// Cargo's target folder.
    pub(crate) target: PathBuf,
}

impl Paths {
    /// The paths of this checkout, from the crate's build-time location.
    pub(crate) fn new() -> Self {
        let benches = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let root = benches
            .parent()
            .expect("benches/ has a parent")
            .to_path_buf();
        let target =
            std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
        Paths {
            root,
            benches,
            target,
        }
    }

    /// Criterion's output folder for report runs (kept apart from `target/criterion`
    /// so that earlier ad-hoc runs don't leak into the report).
    pub(crate) fn criterion_home(&self) -> PathBuf {
        self.target.join("textcodec-bench-report").join("criterion")
    }

    /// Where `REPORT.md` and `ratios.svg` go (`benches/report/`).
    pub(crate) fn report_dir(&self) -> PathBuf {
        self.benches.join("report")
    }
}
