//! gen: the code generator of textcodec (not published).
//!
//! * `cargo run -p gen` regenerates `src/generated/` from `indexes/` only.
//! * `cargo run -p gen -- --check` compares instead of writing; exit status 1 when
//!   a file differs.
//! * `cargo run -p gen -- import <encoding-indexes.js> <encoding.bs>` recreates
//!   `indexes/` from the upstream data (see `indexes/README.md`).

mod cjk;
mod emit;
mod import;
mod labels;
mod parse;
mod single_byte;

use std::path::Path;
use std::process::ExitCode;

use emit::{header, GeneratedFile};

/// Produces the whole contents of one generated module.
type Generator = fn() -> String;

/// The modules of `src/generated/`, each `<name>.rs`; `mod.rs` declares them in
/// this order. Add a module by adding a row.
const MODULES: &[(&str, Generator)] = &[
    ("cjk", cjk::generate),
    ("labels", labels::generate),
    ("single_byte", single_byte::generate),
];

/// Generates every file of `src/generated/` in memory.
fn generate_all() -> Vec<GeneratedFile> {
    let mut mod_rs = header("gen's module list (gen/src/main.rs)", &[]);
    mod_rs.push('\n');
    for (name, _) in MODULES {
        mod_rs.push_str(&format!("pub(crate) mod {name};\n"));
    }
    let mut files = vec![GeneratedFile {
        name: "mod.rs".to_owned(),
        contents: mod_rs,
    }];
    for (name, generate) in MODULES {
        files.push(GeneratedFile {
            name: format!("{name}.rs"),
            contents: generate(),
        });
    }
    files
}

const USAGE: &str = "usage: gen [--check] | gen import <encoding-indexes.js> <encoding.bs>";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        [] => {
            emit::write_all(&generate_all());
            ExitCode::SUCCESS
        }
        ["--check"] => {
            if emit::check_all(&generate_all()) {
                println!("src/generated/ is up to date");
                ExitCode::SUCCESS
            } else {
                println!("src/generated/ is stale; run `cargo run -p gen`");
                ExitCode::FAILURE
            }
        }
        ["import", js, spec] => {
            import::run(Path::new(js), Path::new(spec));
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}
