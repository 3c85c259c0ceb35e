//! Decodes a file from the encoding a label names and writes UTF-8 to stdout.
//!
//! `cargo run --example decode -- <label> <file>`; a BOM in the file overrides the
//! label, as the Encoding Standard's "decode" says. Streams in 64 KiB chunks.

use std::io::{Read, Write};
use std::process::ExitCode;
use textcodec::{CoderResult, Encoding};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let [_, label, path] = args.as_slice() else {
        eprintln!("usage: decode <label> <file>");
        return ExitCode::from(2);
    };
    let Some(encoding) = Encoding::for_label(label.as_bytes()) else {
        eprintln!("decode: unknown or unsupported encoding label {label:?}");
        return ExitCode::from(2);
    };
    match run(encoding, path) {
        Ok(had_errors) => {
            if had_errors {
                eprintln!("decode: malformed input was replaced with U+FFFD");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("decode: {path}: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(encoding: &'static Encoding, path: &str) -> std::io::Result<bool> {
    let mut file = std::fs::File::open(path)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut decoder = encoding.new_decoder();
    let mut input = vec![0u8; 64 * 1024];
    let mut output = vec![0u8; 64 * 1024 * 3 + 16];
    let mut had_errors = false;
    loop {
        let n = file.read(&mut input)?;
        let last = n == 0;
        let mut read = 0;
        loop {
            let (result, r, w, replaced) =
                decoder.decode_to_utf8(&input[read..n], &mut output, last);
            read += r;
            had_errors |= replaced;
            out.write_all(&output[..w])?;
            if result == CoderResult::InputEmpty {
                break;
            }
        }
        if last {
            out.flush()?;
            return Ok(had_errors);
        }
    }
}
