//! `textcodec`: converts text between the encodings of the WHATWG Encoding Standard,
//! with iconv's habits. `textcodec --help` has the details; the exit codes are in
//! [`failure::Exit`].

mod args;
mod convert;
mod failure;
mod list;
mod output;
mod select;
mod sink;
mod units;

use args::Args;
use clap::Parser;
use failure::Failure;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = Args::parse();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            if let Some(message) = failure.message {
                eprintln!("textcodec: {message}");
            }
            ExitCode::from(failure.exit as u8)
        }
    }
}

fn run(args: &Args) -> Result<(), Failure> {
    if args.list {
        return list::print();
    }
    let source = select::source(args)?;
    let target = select::target(&args.to)?;
    if let Some(note) = target.note(&args.to) {
        eprintln!("textcodec: note: {note}");
    }
    convert::run(args, source, target)
}
