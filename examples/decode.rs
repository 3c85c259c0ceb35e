//! Decodes a file from the encoding a label names and writes UTF-8 to standard output,
//! through [`textcodec::io::DecodeReader`]: the io adapters in a whole program.
//!
//! `cargo run --features std --example decode -- <label> <file>`; a BOM in the file
//! overrides the label, as the Encoding Standard's "decode" says. The `textcodec`
//! command (`cli/`) does this and more: any target encoding, error modes, `-o`.

use std::io::{self, Write};
use std::process::ExitCode;
use textcodec::io::DecodeReader;
use textcodec::Encoding;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let [_, label, path] = args.as_slice() else {
        eprintln!("usage: decode <label> <file>");
        return ExitCode::from(2);
    };
    let Some(encoding) = Encoding::for_label(label.as_bytes()) else {
        eprintln!("decode: unknown encoding label {label:?}");
        return ExitCode::from(2);
    };
    let result = std::fs::File::open(path).and_then(|file| {
        let mut reader = DecodeReader::new(file, encoding);
        let mut stdout = io::stdout().lock();
        io::copy(&mut reader, &mut stdout)?;
        stdout.flush()?;
        Ok(reader.had_replacements())
    });
    match result {
        Ok(replaced) => {
            if replaced {
                eprintln!("decode: malformed input was replaced with U+FFFD");
            }
            ExitCode::SUCCESS
        }
        // The reader of standard output has gone: nothing more to do.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("decode: {path}: {e}");
            ExitCode::FAILURE
        }
    }
}
