//! The command line (clap derive).

use clap::{Parser, ValueEnum};
use std::path::PathBuf;

const AFTER_HELP: &str = "\
Encodings are named by any label of the WHATWG Encoding Standard, in any case
(`textcodec --list` shows them all): utf-8, latin1, windows-1251, sjis, gbk, ...

Input: the FILEs in turn, or standard input when there is none or one is `-`.
Each file is decoded on its own (BOM handling and errors per file); the output is
one stream. Memory use does not grow with the input.

Target: the Encoding Standard's \"get an output encoding\": labels of the
replacement encoding (iso-2022-kr, hz-gb-2312, ...) write UTF-8. UTF-16LE and
UTF-16BE (labels utf-16le, utf-16, unicodefffe, utf-16be, ...) have no encoder in
the standard; textcodec writes them itself, without a BOM (`--bom keep` passes one
through from the input). `utf-16` means UTF-16LE, as in the standard.

WTF-8 (labels wtf-8, wtf8; not an encoding of the standard) is UTF-16 that may
have lone surrogates (JS strings, Windows file names) in UTF-8's shape. Input
read as -f wtf-8 keeps its lone surrogates when the output is UTF-16LE/BE or
WTF-8, and writes each as U+FFFD otherwise (with --errors fatal: an error); bytes
that are not WTF-8 are malformed input. -t wtf-8 keeps the lone surrogates of
WTF-8 and UTF-16LE/BE input (a lead surrogate at the end of one input and a trail
surrogate at the start of the next join into one character, as WTF-8
concatenation does); from other encodings it writes their UTF-8. Where WTF-8 or
UTF-16 is read this way, --bom sniff lets a UTF-8 BOM select WTF-8 and a UTF-16
BOM its byte order.

--errors (default: replace):
  replace  malformed input becomes U+FFFD; a character the target cannot encode
           is written as `?` (as iconv //TRANSLIT and uconv do when they have
           nothing better). textcodec says so on standard error and exits 0.
  html     malformed input becomes U+FFFD; unencodable characters become HTML
           decimal references such as `&#9731;` (the standard's \"encode\").
  fatal    stop at the first malformed sequence or unencodable character, name
           its byte offset in the input file, exit 1. What was converted before
           it is written to standard output; an -o file is not created.

--bom (default: sniff): sniff = a UTF-8, UTF-16LE or UTF-16BE byte order mark
overrides -f and is removed (the standard's \"decode\"); strip = only the BOM of
the -f encoding is removed; keep = a BOM is decoded like other text (U+FEFF).
`-f auto` sniffs a BOM and otherwise reads UTF-8, or the --default encoding.

-o FILE is written atomically: to a temporary file in FILE's directory, synced
and renamed over FILE at the end, so a failed run leaves FILE as it was. (A run
killed by a signal may leave the temporary `.FILE.textcodec-*.tmp` behind.)
The output may be one of the input files.

A progress bar appears on standard error when it is a terminal and the input is
a file of 32 MiB or more.

When the reader of standard output goes away (`textcodec ... | head`), textcodec
stops quietly and exits 0.

Exit codes:
  0  success
  1  conversion error (--errors fatal)
  2  bad arguments
  3  unknown encoding label
  4  an input file cannot be opened
  5  read or write error, or the output file cannot be created";

/// Converts text between the encodings of the WHATWG Encoding Standard.
#[derive(Parser, Debug)]
#[command(name = "textcodec", version, after_long_help = AFTER_HELP)]
#[command(after_help = "See `textcodec --help` for error modes, BOMs, UTF-16 and exit codes.")]
pub struct Args {
    /// Encoding of the input: a label (or wtf-8), or `auto` (BOM, else UTF-8 or --default)
    #[arg(
        short = 'f',
        long = "from-code",
        value_name = "LABEL",
        default_value = "utf-8"
    )]
    pub from: String,

    /// Encoding of the output: a label (UTF-16LE/BE and WTF-8 allowed)
    #[arg(
        short = 't',
        long = "to-code",
        value_name = "LABEL",
        default_value = "utf-8"
    )]
    pub to: String,

    /// Write to FILE (atomically) instead of standard output
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// What to do with malformed input and unencodable characters
    #[arg(long, value_enum, value_name = "MODE", default_value_t = Errors::Replace)]
    pub errors: Errors,

    /// Byte order marks at the start of the input [default: sniff]
    #[arg(long, value_enum, value_name = "MODE")]
    pub bom: Option<Bom>,

    /// With `-f auto`: the encoding of input without a BOM [default: utf-8]
    #[arg(long = "default", value_name = "LABEL")]
    pub default: Option<String>,

    /// List the encodings and their labels
    #[arg(short = 'l', long)]
    pub list: bool,

    /// Input files; `-` or none for standard input
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// `--errors`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Errors {
    /// U+FFFD for malformed input, `?` for unencodable characters
    Replace,
    /// Stop with exit code 1 at the first error, naming its offset
    Fatal,
    /// U+FFFD for malformed input, `&#NNNN;` for unencodable characters
    Html,
}

/// `--bom`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Bom {
    /// A UTF-8/UTF-16 BOM overrides -f and is removed
    Sniff,
    /// Only the BOM of the -f encoding is removed
    Strip,
    /// A BOM is decoded as text (U+FEFF)
    Keep,
}
