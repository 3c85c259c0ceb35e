//! Running the criterion benches, and the record of how a run was made.

use std::path::Path;
use std::process::Command;

use textcodec_bench::QUICK_ENV;

use crate::args::{command_line, Options};
use crate::host::today;
use crate::paths::Paths;
use crate::{cargo, write};

/// How the measured results were made: kept beside criterion's output so that a
/// `--no-run` re-rendering still states the measuring run's command, date and mode.
#[derive(Debug, Clone)]
pub(crate) struct RunInfo {
    /// The report command line (with the corpus path elided).
    pub(crate) command: String,
    /// Date of the run, `YYYY-MM-DD`.
    pub(crate) date: String,
    /// Whether the quick subset was measured.
    pub(crate) quick: bool,
    /// How long the benchmarks took, in seconds (`None`: not measured now); in a
    /// report over several runs (one per tier), all of them.
    pub(crate) seconds: Option<u64>,
}

impl RunInfo {
    /// The file in criterion's folder that holds the measuring run's description.
    pub(crate) const FILE: &'static str = "report-run.txt";

    /// A description of a run made now with `options`.
    pub(crate) fn now(options: &Options, seconds: Option<u64>) -> Self {
        RunInfo {
            command: command_line(options),
            date: today(),
            quick: options.quick,
            seconds,
        }
    }

    /// Saves the description as `key=value` lines in `home`.
    pub(crate) fn save(&self, home: &Path) -> Result<(), String> {
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
    pub(crate) fn load(home: &Path) -> Option<Self> {
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

/// Runs the criterion benches into a fresh criterion folder `home`, with the
/// extra environment `env` (e.g. a forced ISA tier).
pub(crate) fn run_benches(
    paths: &Paths,
    options: &Options,
    home: &Path,
    env: &[(&str, &str)],
) -> Result<(), String> {
    if home.exists() {
        std::fs::remove_dir_all(home).map_err(|e| format!("{}: {e}", home.display()))?;
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
        .envs(env.iter().copied())
        .env("CRITERION_HOME", home);
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
