//! The built `textcodec` binary, run as a user runs it: every flag, every exit code,
//! standard input and output, a closed pipe, atomic -o, UTF-16 output, WTF-8 in and
//! out, and the conversions of all 40 encodings against encoding_rs.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_textcodec");

/// Runs textcodec with `args` and `stdin`.
fn run(args: &[&str], stdin: &[u8]) -> Output {
    run_in(None, args, stdin)
}

fn run_in(dir: Option<&Path>, args: &[&str], stdin: &[u8]) -> Output {
    let mut cmd = Command::new(BIN);
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(d) = dir {
        cmd.current_dir(d);
    }
    let mut child = cmd.spawn().expect("textcodec runs");
    let mut input = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        // textcodec may stop reading early (errors); that is not the test's concern.
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    out
}

fn code(out: &Output) -> i32 {
    out.status.code().expect("exited, not killed")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Asserts the exit code, showing stderr when it differs.
#[track_caller]
fn assert_code(out: &Output, want: i32) {
    assert_eq!(code(out), want, "stderr: {}", stderr(out));
}

fn tempdir() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

/// Files in `dir` (to see that no temporary file is left).
fn listing(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Multilingual text: a fixed sample, pseudo-random characters from many scripts,
/// and the corpus's real text when `TEXTCODEC_CORPUS` names it.
fn sample_text() -> String {
    let mut text = String::from(
        "ASCII ~\\ Grüße café € ☃ Привет Ελληνικά עברית العربية ไทย 日本語ｶﾀｶﾅ 中文 한국어 𝄞 \u{A5}\u{203E}\r\n",
    );
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let ranges = [
        (0x20, 0x7F),
        (0xA0, 0x250),
        (0x370, 0x700),
        (0x3000, 0x3100),
        (0x4E00, 0x9FFF),
        (0xAC00, 0xD7A4),
        (0xF780, 0xF800),
        (0xFF61, 0xFFA0),
        (0x10000, 0x10400),
    ];
    for _ in 0..4000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let (lo, hi) = ranges[(state % ranges.len() as u64) as usize];
        let c = lo + ((state >> 8) % (hi - lo) as u64) as u32;
        text.extend(char::from_u32(c));
    }
    if let Some(dir) = std::env::var_os("TEXTCODEC_CORPUS") {
        for name in [
            "ja.txt",
            "ru.txt",
            "zh_cn.txt",
            "ko.txt",
            "el.txt",
            "de.txt",
        ] {
            let bytes = std::fs::read(Path::new(&dir).join(name)).unwrap();
            text.extend(String::from_utf8(bytes).unwrap().chars().take(3000));
        }
    }
    text
}

fn all_encodings() -> Vec<&'static encoding_rs::Encoding> {
    let names = [
        "UTF-8",
        "IBM866",
        "ISO-8859-2",
        "ISO-8859-3",
        "ISO-8859-4",
        "ISO-8859-5",
        "ISO-8859-6",
        "ISO-8859-7",
        "ISO-8859-8",
        "ISO-8859-8-I",
        "ISO-8859-10",
        "ISO-8859-13",
        "ISO-8859-14",
        "ISO-8859-15",
        "ISO-8859-16",
        "KOI8-R",
        "KOI8-U",
        "macintosh",
        "windows-874",
        "windows-1250",
        "windows-1251",
        "windows-1252",
        "windows-1253",
        "windows-1254",
        "windows-1255",
        "windows-1256",
        "windows-1257",
        "windows-1258",
        "x-mac-cyrillic",
        "GBK",
        "gb18030",
        "Big5",
        "EUC-JP",
        "ISO-2022-JP",
        "Shift_JIS",
        "EUC-KR",
        "replacement",
        "UTF-16BE",
        "UTF-16LE",
        "x-user-defined",
    ];
    names
        .iter()
        .map(|n| encoding_rs::Encoding::for_label(n.as_bytes()).unwrap())
        .collect()
}

/// `text` as bytes of `enc`, with UTF-16 serialized by hand.
fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
    text.encode_utf16()
        .flat_map(|u| {
            if big_endian {
                u.to_be_bytes()
            } else {
                u.to_le_bytes()
            }
        })
        .collect()
}

#[test]
fn help_version_and_usage_errors() {
    let out = run(&["--help"], b"");
    assert_code(&out, 0);
    let help = String::from_utf8(out.stdout).unwrap();
    for needle in [
        "--from-code",
        "--to-code",
        "--errors",
        "--bom",
        "--default",
        "--list",
        "Exit codes",
        "WTF-8",
    ] {
        assert!(help.contains(needle), "{needle}");
    }
    assert_code(&run(&["--version"], b""), 0);
    for args in [
        &["--no-such-flag"][..],
        &["--errors", "ignore"],
        &["--bom", "maybe"],
        &["-f", "auto", "--bom", "keep"],
        &["-f", "auto", "--bom", "strip"],
        &["-f", "utf-8", "--default", "latin1"],
    ] {
        let out = run(args, b"x");
        assert_code(&out, 2);
        assert!(out.stdout.is_empty());
        assert!(!stderr(&out).is_empty());
    }
}

#[test]
fn list_shows_every_encoding_and_label() {
    let out = run(&["--list"], b"");
    assert_code(&out, 0);
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 41);
    // WTF-8 last: not an encoding of the standard.
    assert_eq!(
        lines[40],
        "WTF-8: wtf-8 wtf8  (not in the Encoding Standard: UTF-8 that also keeps lone surrogates)"
    );
    let mut labels = 0;
    for line in &lines[..40] {
        let (name, rest) = line.split_once(": ").unwrap();
        let rest = rest.split("  (").next().unwrap();
        for label in rest.split(' ') {
            let enc = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
            assert_eq!(enc.name(), name, "{label}");
            labels += 1;
        }
    }
    assert_eq!(labels, 228);
    assert!(lines[0].starts_with("UTF-8: "));
    assert!(text.contains("replacement: csiso2022kr"));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("UTF-16LE:") && l.contains("written by textcodec")));
    assert_code(&run(&["-l"], b""), 0);
}

#[test]
fn stdin_stdout_and_files_in_order() {
    let dir = tempdir();
    let a = write(dir.path(), "a.txt", b"caf\xe9\n");
    let b = write(dir.path(), "b.txt", b"\xe0 la\n");
    let a = a.to_str().unwrap();
    let b = b.to_str().unwrap();
    // No file: standard input.
    let out = run(&["-f", "latin1"], b"na\xefve");
    assert_code(&out, 0);
    assert_eq!(out.stdout, "naïve".as_bytes());
    // `-` among files.
    let out = run(&["-f", "latin1", a, "-", b], b"--\n");
    assert_code(&out, 0);
    assert_eq!(out.stdout, "café\n--\nà la\n".as_bytes());
    assert!(out.stderr.is_empty());
    // Long options, and the default of utf-8 on both sides.
    let out = run(
        &["--from-code=utf-8", "--to-code", "windows-1252"],
        "é".as_bytes(),
    );
    assert_eq!(out.stdout, b"\xe9");
    let out = run(&[], "é\u{FFFD}".as_bytes());
    assert_eq!(out.stdout, "é\u{FFFD}".as_bytes());
}

#[test]
fn exit_code_3_for_unknown_labels() {
    for args in [
        &["-f", "klingon"][..],
        &["-t", "utf-7"],
        &["-f", "auto", "--default", "ebcdic"],
    ] {
        let out = run(args, b"x");
        assert_code(&out, 3);
        assert!(out.stdout.is_empty());
        assert!(
            stderr(&out).contains("unknown encoding label"),
            "{}",
            stderr(&out)
        );
    }
    // Labels are matched as the standard says: case and surrounding space do not count.
    assert_code(&run(&["-f", " Shift_JIS ", "-t", "CP1252"], b"x"), 0);
}

#[test]
fn exit_code_4_for_inputs_that_cannot_be_opened() {
    let dir = tempdir();
    let ok = write(dir.path(), "ok.txt", b"fine");
    let missing = dir.path().join("missing.txt");
    let out_file = dir.path().join("out.txt");
    // Checked before anything is written: no output at all, no -o file.
    let out = run(
        &[
            ok.to_str().unwrap(),
            missing.to_str().unwrap(),
            "-o",
            out_file.to_str().unwrap(),
        ],
        b"",
    );
    assert_code(&out, 4);
    assert!(stderr(&out).contains("missing.txt"), "{}", stderr(&out));
    assert!(!out_file.exists());
    assert_eq!(listing(dir.path()), ["ok.txt"]);
    let out = run(&[ok.to_str().unwrap(), missing.to_str().unwrap()], b"");
    assert_code(&out, 4);
    assert!(out.stdout.is_empty());
    // A directory is not an input file.
    let out = run(&[dir.path().to_str().unwrap()], b"");
    assert_code(&out, 4);
}

#[test]
fn exit_code_5_for_io_errors() {
    // Writing to a full device.
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = Command::new(BIN)
        .args(["-t", "utf-16le"])
        .stdin(Stdio::null())
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_code(&out, 0); // nothing to write, nothing fails
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let dir = tempdir();
    let input = write(dir.path(), "in.txt", &vec![b'a'; 1 << 20]);
    let out = Command::new(BIN)
        .arg(&input)
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_code(&out, 5);
    assert!(stderr(&out).contains("No space left"), "{}", stderr(&out));
    // An output file that cannot be created.
    let nowhere = dir.path().join("no/such/dir/out.txt");
    let out = run(&["-o", nowhere.to_str().unwrap()], b"x");
    assert_code(&out, 5);
    assert!(stderr(&out).contains("cannot create"), "{}", stderr(&out));
    // Nor can a directory be the output.
    let out = run(&["-o", dir.path().to_str().unwrap()], b"x");
    assert_code(&out, 5);
    assert!(stderr(&out).contains("is a directory"), "{}", stderr(&out));
    // A read error: Linux's /proc/self/mem opens, but reading its first page fails.
    let out = run(&["/proc/self/mem"], b"");
    assert_code(&out, 5);
    assert!(
        stderr(&out).contains("cannot read /proc/self/mem"),
        "{}",
        stderr(&out)
    );
    // A directory given as standard input is not an input file.
    let out = Command::new(BIN)
        .stdin(std::fs::File::open(dir.path()).unwrap())
        .output()
        .unwrap();
    assert_code(&out, 4);
}

#[test]
fn fatal_decode_errors_name_file_and_offset_and_exit_1() {
    let dir = tempdir();
    let mut big = vec![b'a'; 700_000];
    big.extend_from_slice(b"\x82\xa0\x82"); // Shift_JIS: あ, then a lead byte at the end
    let bad = write(dir.path(), "bad.sjis", &big);
    let ok = write(dir.path(), "ok.sjis", b"ok\n");
    let out = run(
        &[
            "-f",
            "sjis",
            "--errors",
            "fatal",
            ok.to_str().unwrap(),
            bad.to_str().unwrap(),
        ],
        b"",
    );
    assert_code(&out, 1);
    let err = stderr(&out);
    assert!(
        err.contains("bad.sjis: malformed Shift_JIS input at byte offset 700002"),
        "{err}"
    );
    // What came before the error is written, as iconv does.
    let mut want = b"ok\n".to_vec();
    want.extend_from_slice(&big[..700_000]);
    want.extend_from_slice("あ".as_bytes());
    assert_eq!(out.stdout, want);
    // From standard input.
    let out = run(&["--errors", "fatal"], b"ab\xffc");
    assert_code(&out, 1);
    assert!(stderr(&out).contains("(standard input): malformed UTF-8 input at byte offset 2"));
    // The same input with replacement: exit 0 and a note.
    let out = run(&["-f", "sjis", bad.to_str().unwrap()], b"");
    assert_code(&out, 0);
    assert!(out.stdout.ends_with("あ\u{FFFD}".as_bytes()));
    assert!(stderr(&out).contains("bad.sjis: malformed Shift_JIS input replaced with U+FFFD"));
}

#[test]
fn fatal_encode_errors_name_the_offset_in_the_input_file() {
    let dir = tempdir();
    // Shift_JIS input: 300,000 ASCII bytes, then あ (2 bytes), then 日 (2 bytes) ...
    let mut input = vec![b'x'; 300_000];
    input.extend_from_slice(b"\x82\xa0\x93\xfa");
    let f = write(dir.path(), "in.sjis", &input);
    // ... which windows-1252 cannot encode: あ at byte 300000 of the file.
    let out = run(
        &[
            "-f",
            "shift_jis",
            "-t",
            "windows-1252",
            "--errors",
            "fatal",
            f.to_str().unwrap(),
        ],
        b"",
    );
    assert_code(&out, 1);
    let err = stderr(&out);
    assert!(
        err.contains(
            "in.sjis: U+3042 (あ) at byte offset 300000 cannot be encoded in windows-1252"
        ),
        "{err}"
    );
    assert_eq!(out.stdout, &input[..300_000]);
    // UTF-16 input: offsets count the BOM and two bytes per unit.
    let mut input = b"\xff\xfe".to_vec();
    input.extend(utf16("ab€☃", false));
    let out = run(
        &["-f", "utf-16", "-t", "latin1", "--errors", "fatal"],
        &input,
    );
    assert_code(&out, 1);
    assert!(
        stderr(&out).contains("U+2603 (☃) at byte offset 8"),
        "{}",
        stderr(&out)
    );
    // ISO-2022-JP output: the escape back to ASCII is written before the error.
    let out = run(
        &["-t", "iso-2022-jp", "--errors", "fatal"],
        "日é".as_bytes(),
    );
    assert_code(&out, 1);
    assert_eq!(out.stdout, b"\x1b$BF|\x1b(B");
    assert!(stderr(&out).contains("U+00E9 (é) at byte offset 3"));
}

#[test]
fn errors_replace_and_html_on_the_encode_side() {
    let out = run(&["-t", "latin1"], "a☃b".as_bytes());
    assert_code(&out, 0);
    assert_eq!(out.stdout, b"a?b");
    assert!(stderr(&out).contains("written as ?"));
    let out = run(&["-t", "latin1", "--errors", "replace"], "a☃b".as_bytes());
    assert_eq!(out.stdout, b"a?b");
    let out = run(&["-t", "latin1", "--errors", "html"], "a☃b".as_bytes());
    assert_code(&out, 0);
    assert_eq!(out.stdout, b"a&#9731;b");
    assert!(stderr(&out).contains("&#NNNN;"));
    // Decoding the same in every mode but fatal.
    for mode in ["replace", "html"] {
        let out = run(&["--errors", mode], b"a\xffb");
        assert_eq!(out.stdout, "a\u{FFFD}b".as_bytes());
    }
    // In ISO-2022-JP the `?` is written in ASCII.
    let out = run(&["-t", "iso-2022-jp"], "日é日".as_bytes());
    assert_eq!(out.stdout, b"\x1b$BF|\x1b(B?\x1b$BF|\x1b(B");
}

#[test]
fn bom_modes_and_auto() {
    let utf8_bom = "\u{FEFF}é".as_bytes();
    let le_bom: Vec<u8> = [&b"\xff\xfe"[..], &utf16("é", false)].concat();
    // sniff (the default): a BOM overrides -f and is removed.
    assert_eq!(run(&["-f", "windows-1252"], &le_bom).stdout, "é".as_bytes());
    assert_eq!(
        run(&["-f", "windows-1252", "--bom", "sniff"], utf8_bom).stdout,
        "é".as_bytes()
    );
    // strip: only the -f encoding's own BOM.
    assert_eq!(
        run(&["-f", "utf-8", "--bom", "strip"], utf8_bom).stdout,
        "é".as_bytes()
    );
    assert_eq!(
        run(&["-f", "windows-1252", "--bom", "strip"], utf8_bom).stdout,
        "ï»¿Ã©".as_bytes()
    );
    // keep: the BOM is text.
    assert_eq!(
        run(&["-f", "utf-8", "--bom", "keep"], utf8_bom).stdout,
        utf8_bom
    );
    assert_eq!(
        run(
            &["-f", "utf-16le", "--bom", "keep", "-t", "utf-16le"],
            &le_bom
        )
        .stdout,
        le_bom
    );
    // auto: BOM, else UTF-8, else --default.
    assert_eq!(run(&["-f", "auto"], &le_bom).stdout, "é".as_bytes());
    assert_eq!(run(&["-f", "AUTO"], "é".as_bytes()).stdout, "é".as_bytes());
    assert_eq!(
        run(
            &["-f", "auto", "--default", "cp1251", "--bom", "sniff"],
            b"\xcf\xf0"
        )
        .stdout,
        "Пр".as_bytes()
    );
    assert_eq!(
        run(&["-f", "auto", "--default", "cp1251"], utf8_bom).stdout,
        "é".as_bytes()
    );
}

#[test]
fn utf16_output_both_byte_orders() {
    let text = sample_text();
    for (label, be) in [
        ("utf-16le", false),
        ("utf-16", false),
        ("UTF-16BE", true),
        ("unicodefffe", true),
    ] {
        let out = run(&["-t", label], text.as_bytes());
        assert_code(&out, 0);
        assert_eq!(out.stdout, utf16(&text, be), "{label}");
        assert!(out.stderr.is_empty());
        // And back.
        let back = run(&["-f", label], &out.stdout);
        assert_eq!(back.stdout, text.as_bytes());
    }
}

#[test]
fn replacement_labels() {
    // As a target: UTF-8, with a note.
    let out = run(&["-t", "iso-2022-kr"], "é".as_bytes());
    assert_code(&out, 0);
    assert_eq!(out.stdout, "é".as_bytes());
    assert!(
        stderr(&out).contains("replacement encoding"),
        "{}",
        stderr(&out)
    );
    // As a source: one U+FFFD for any input, none for empty input.
    assert_eq!(
        run(&["-f", "hz-gb-2312"], b"abc").stdout,
        "\u{FFFD}".as_bytes()
    );
    assert_eq!(run(&["-f", "hz-gb-2312"], b"").stdout, b"");
    assert_code(&run(&["-f", "csiso2022kr", "--errors", "fatal"], b"abc"), 1);
}

#[test]
fn closed_pipe_is_quiet_and_exits_0() {
    let dir = tempdir();
    let big = write(
        dir.path(),
        "big.txt",
        &"日本語のテキスト\n".repeat(400_000).into_bytes(),
    );
    for target in ["shift_jis", "utf-16be", "utf-8"] {
        let mut child = Command::new(BIN)
            .args(["-t", target, big.to_str().unwrap()])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 10];
        stdout.read_exact(&mut first).unwrap();
        drop(stdout);
        let out = child.wait_with_output().unwrap();
        assert_code(&out, 0);
        assert_eq!(stderr(&out), "", "{target}");
    }
    // Through a shell pipeline, as users write it.
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "'{BIN}' -t sjis '{}' | head -c 5 >/dev/null; echo $?",
            big.display()
        ))
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "0");
    assert_eq!(stderr(&out), "");
}

#[test]
fn atomic_output_file() {
    let dir = tempdir();
    let d = dir.path();
    let good = write(d, "good.txt", "Привет".as_bytes());
    let bad = write(d, "bad.txt", b"ok\xff");
    let target = d.join("out.txt");
    let t = target.to_str().unwrap();
    // Success: written, nothing else left behind.
    let out = run(&["-t", "koi8-r", "-o", t, good.to_str().unwrap()], b"");
    assert_code(&out, 0);
    assert!(out.stdout.is_empty());
    assert_eq!(std::fs::read(&target).unwrap(), b"\xf0\xd2\xc9\xd7\xc5\xd4");
    assert_eq!(listing(d), ["bad.txt", "good.txt", "out.txt"]);
    // Failure: the old file stays as it was, and the temporary file is gone.
    let out = run(
        &[
            "--errors",
            "fatal",
            "-o",
            t,
            good.to_str().unwrap(),
            bad.to_str().unwrap(),
        ],
        b"",
    );
    assert_code(&out, 1);
    assert_eq!(std::fs::read(&target).unwrap(), b"\xf0\xd2\xc9\xd7\xc5\xd4");
    assert_eq!(listing(d), ["bad.txt", "good.txt", "out.txt"]);
    // Failure with no old file: no file.
    let fresh = d.join("fresh.txt");
    let out = run(
        &[
            "--errors",
            "fatal",
            "-o",
            fresh.to_str().unwrap(),
            bad.to_str().unwrap(),
        ],
        b"",
    );
    assert_code(&out, 1);
    assert!(!fresh.exists());
    assert_eq!(listing(d), ["bad.txt", "good.txt", "out.txt"]);
    // The output may be the input; a relative path works in the current directory.
    let out = run_in(
        Some(d),
        &[
            "-f", "utf-8", "-t", "utf-16be", "-o", "good.txt", "good.txt",
        ],
        b"",
    );
    assert_code(&out, 0);
    assert_eq!(std::fs::read(&good).unwrap(), utf16("Привет", true));
    // `-o -` is standard output; --output is -o.
    let out = run(&["-o", "-"], b"x");
    assert_eq!(out.stdout, b"x");
    let long = d.join("long.txt");
    assert_code(&run(&["--output", long.to_str().unwrap()], b"y"), 0);
    assert_eq!(std::fs::read(&long).unwrap(), b"y");
    std::fs::remove_file(&long).unwrap();
    // The mode of a replaced file is kept.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
        assert_code(&run(&["-o", t], b"new"), 0);
        let mode = std::fs::metadata(&target).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
    }
}

#[test]
fn all_40_encodings_decode_like_encoding_rs() {
    let text = sample_text();
    let mut junk = Vec::new();
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..20_000 {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        junk.push((state >> 56) as u8);
    }
    for enc in all_encodings() {
        let encoded = match enc.name() {
            "UTF-16LE" => utf16(&text, false),
            "UTF-16BE" => utf16(&text, true),
            _ => enc.encode(&text).0.into_owned(),
        };
        for input in [&encoded, &junk] {
            let out = run(&["-f", enc.name()], input);
            assert_code(&out, 0);
            let (want, _, _) = enc.decode(input);
            assert!(out.stdout == want.as_bytes(), "decoding {}", enc.name());
            let out = run(&["-f", enc.name(), "--bom", "keep"], input);
            let (want, _) = enc.decode_without_bom_handling(input);
            assert!(
                out.stdout == want.as_bytes(),
                "decoding {} --bom keep",
                enc.name()
            );
        }
    }
}

#[test]
fn all_40_encodings_encode_like_encoding_rs_and_round_trip() {
    let text = sample_text();
    for enc in all_encodings() {
        let want = match enc.name() {
            "UTF-16LE" => utf16(&text, false),
            "UTF-16BE" => utf16(&text, true),
            _ => enc.encode(&text).0.into_owned(),
        };
        let out = run(&["-t", enc.name(), "--errors", "html"], text.as_bytes());
        assert_code(&out, 0);
        assert!(out.stdout == want, "encoding {}", enc.name());
        // Characters the encoding has come back unchanged.
        if enc.name() == "replacement" {
            continue;
        }
        let back = run(
            &["-f", enc.name(), "--bom", "keep", "--errors", "fatal"],
            &out.stdout,
        );
        assert_code(&back, 0);
        let (want_back, _) = enc.decode_without_bom_handling(&want);
        assert!(
            back.stdout == want_back.as_bytes(),
            "round trip {}",
            enc.name()
        );
    }
}

#[test]
fn memory_stays_flat_on_a_large_stream() {
    // 256 MiB through a pipe under a 64 MiB address-space limit.
    let script = format!(
        "ulimit -v 65536 && head -c 268435456 /dev/zero | tr '\\0' 'a' | '{BIN}' -f latin1 -t utf-16le | wc -c"
    );
    let out = Command::new("sh").arg("-c").arg(script).output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "536870912",
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_progress_bar_on_a_terminal_only() {
    let dir = tempdir();
    let big = write(dir.path(), "big.txt", &vec![b'a'; 40 << 20]);
    let sink = dir.path().join("out");
    // Standard error is a pipe here: no bar.
    let out = run(&["-o", sink.to_str().unwrap(), big.to_str().unwrap()], b"");
    assert_code(&out, 0);
    assert!(out.stderr.is_empty());
    // Under a terminal (script(1) gives it one): a bar for a large file ...
    let shown = |file: &Path| {
        let cmd = format!("'{BIN}' -o '{}' '{}'", sink.display(), file.display());
        let out = Command::new("script")
            .args(["-qec", &cmd, "/dev/null"])
            .stdin(Stdio::null())
            .output()
            .expect("script(1) from util-linux");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert!(shown(&big).contains("MiB"), "{:?}", shown(&big));
    // ... and none for a small one.
    let small = write(dir.path(), "small.txt", b"abc");
    assert!(!shown(&small).contains("MiB"));
}

/// WTF-8 of potentially ill-formed UTF-16, written here from the WTF-8 spec (pairs
/// as four bytes, lone surrogates as three), as the oracle of the WTF-8 tests.
fn wtf8_of(units: &[u16]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < units.len() {
        let u = u32::from(units[i]);
        let next = units.get(i + 1).map_or(0, |&t| u32::from(t));
        let c = if (0xD800..0xDC00).contains(&u) && (0xDC00..0xE000).contains(&next) {
            i += 1;
            0x10000 + ((u - 0xD800) << 10) + (next - 0xDC00)
        } else {
            u
        };
        i += 1;
        match c {
            0..=0x7F => out.push(c as u8),
            0x80..=0x7FF => out.extend([0xC0 | (c >> 6) as u8, 0x80 | (c & 0x3F) as u8]),
            0x800..=0xFFFF => out.extend([
                0xE0 | (c >> 12) as u8,
                0x80 | ((c >> 6) & 0x3F) as u8,
                0x80 | (c & 0x3F) as u8,
            ]),
            _ => out.extend([
                0xF0 | (c >> 18) as u8,
                0x80 | ((c >> 12) & 0x3F) as u8,
                0x80 | ((c >> 6) & 0x3F) as u8,
                0x80 | (c & 0x3F) as u8,
            ]),
        }
    }
    out
}

fn unit_bytes(units: &[u16], big_endian: bool) -> Vec<u8> {
    units
        .iter()
        .flat_map(|u| {
            if big_endian {
                u.to_be_bytes()
            } else {
                u.to_le_bytes()
            }
        })
        .collect()
}

/// The sample text as UTF-16 with lone surrogates sprinkled in, and a surrogate pair
/// across the first 256 KiB read of UTF-16 (code units 131071 and 131072).
fn ill_formed_units() -> Vec<u16> {
    let text = sample_text();
    let mut units: Vec<u16> = text.encode_utf16().collect();
    while units.len() < 300_000 {
        units.extend(text.encode_utf16());
    }
    for (k, i) in (7..units.len()).step_by(997).enumerate() {
        units[i] = [0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xD83D][k % 5];
    }
    units[131_071] = 0xD83D;
    units[131_072] = 0xDE00;
    units.extend([0x61, 0xDC00, 0xD800]); // a lone trail, and a lone lead at the end
    units
}

#[test]
fn wtf8_to_and_from_utf16_keeps_lone_surrogates() {
    let dir = tempdir();
    let units = ill_formed_units();
    let wtf8 = wtf8_of(&units);
    for (label, be) in [("utf-16le", false), ("UTF-16BE", true)] {
        let bytes = unit_bytes(&units, be);
        // From standard input (reads of any size) and from a file (256 KiB reads, a
        // pair across the first boundary).
        let file = write(dir.path(), "in.utf16", &bytes);
        for (args, stdin) in [
            (vec!["-f", label, "-t", "wtf-8"], &bytes[..]),
            (
                vec!["-f", label, "-t", "WTF8", file.to_str().unwrap()],
                &b""[..],
            ),
        ] {
            let out = run(&args, stdin);
            assert_code(&out, 0);
            assert!(out.stdout == wtf8, "{args:?}");
            assert_eq!(stderr(&out), "");
        }
        // And back, losslessly.
        let wfile = write(dir.path(), "in.wtf8", &wtf8);
        let out = run(&["-f", "wtf-8", "-t", label, wfile.to_str().unwrap()], b"");
        assert_code(&out, 0);
        assert!(out.stdout == bytes, "{label}");
        assert_eq!(stderr(&out), "");
    }
    // WTF-8 to WTF-8 checks and passes it through.
    let out = run(&["-f", "wtf-8", "-t", "wtf-8"], &wtf8);
    assert!(out.stdout == wtf8);
    // A lone lead at the end of one input and a lone trail at the start of the next
    // join, as WTF-8 concatenation does.
    let a = write(dir.path(), "a", &unit_bytes(&[0x78, 0xD83D], false));
    let b = write(dir.path(), "b", &unit_bytes(&[0xDE00, 0xD800], false));
    let out = run(
        &[
            "-f",
            "utf-16le",
            "-t",
            "wtf-8",
            a.to_str().unwrap(),
            b.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(out.stdout, ["x😀".as_bytes(), b"\xed\xa0\x80"].concat());
    // An odd byte at the end of UTF-16 is malformed.
    let out = run(&["-f", "utf-16le", "-t", "wtf-8"], b"a\x00\x00\xd8b");
    assert_code(&out, 0);
    assert_eq!(out.stdout, b"a\xed\xa0\x80\xef\xbf\xbd");
    assert!(stderr(&out).contains("malformed UTF-16LE input replaced with U+FFFD"));
    let out = run(
        &["-f", "utf-16le", "-t", "wtf-8", "--errors", "fatal"],
        b"a\x00\x00\xd8b",
    );
    assert_code(&out, 1);
    assert!(stderr(&out).contains("malformed UTF-16LE input at byte offset 4"));
    // Other encodings to WTF-8: their UTF-8.
    let out = run(&["-f", "latin1", "-t", "wtf-8"], b"caf\xe9");
    assert_eq!(out.stdout, "café".as_bytes());
    let out = run(
        &["-f", "auto", "--default", "wtf-8", "-t", "utf-16le"],
        b"\xed\xb0\x80",
    );
    assert_eq!(out.stdout, b"\x00\xdc");
}

#[test]
fn wtf8_input_to_other_encodings_and_its_errors() {
    // Lone surrogates become U+FFFD, with a note.
    let out = run(&["-f", "wtf-8"], b"a\xed\xa0\x80b\xf0\x9f\x98\x80");
    assert_code(&out, 0);
    assert_eq!(out.stdout, "a\u{FFFD}b😀".as_bytes());
    assert!(stderr(&out).contains("lone surrogates written as U+FFFD (UTF-8 cannot hold them)"));
    let out = run(&["-f", "wtf-8", "-t", "shift_jis"], "日".as_bytes());
    assert_eq!(out.stdout, b"\x93\xfa");
    // ... or stop the run with --errors fatal, at the surrogate's offset.
    let out = run(
        &["-f", "wtf-8", "-t", "latin1", "--errors", "fatal"],
        b"ab\xc3\xa9\xed\xbf\xbfc",
    );
    assert_code(&out, 1);
    assert_eq!(out.stdout, b"ab\xe9");
    assert!(
        stderr(&out).contains(
            "(standard input): lone surrogate U+DFFF at byte offset 4 cannot be encoded in windows-1252"
        ),
        "{}",
        stderr(&out)
    );
    // Characters the target cannot encode: offsets in the WTF-8 input, past surrogates
    // and pairs.
    let out = run(
        &["-f", "wtf-8", "-t", "latin1", "--errors", "fatal"],
        "é😀☃".as_bytes(),
    );
    assert_code(&out, 1);
    assert!(
        stderr(&out).contains("U+1F600 (😀) at byte offset 2"),
        "{}",
        stderr(&out)
    );
    let mut big = vec![b'a'; 300_000];
    big.extend_from_slice(b"\xed\xa0\x80\xe2\x98\x83");
    let dir = tempdir();
    let f = write(dir.path(), "big.wtf8", &big);
    let out = run(
        &[
            "-f",
            "wtf-8",
            "-t",
            "latin1",
            "--errors",
            "fatal",
            f.to_str().unwrap(),
        ],
        b"",
    );
    assert_code(&out, 1);
    assert!(stderr(&out).contains("big.wtf8: lone surrogate U+D800 at byte offset 300000"));
    let out = run(
        &["-f", "wtf-8", "-t", "latin1", "--errors", "fatal"],
        b"\xed\xa0\x80\xe2\x98\x83",
    );
    assert_code(&out, 1);
    let out = run(
        &[
            "-f",
            "wtf-8",
            "-t",
            "latin1",
            "--errors",
            "html",
            f.to_str().unwrap(),
        ],
        b"",
    );
    assert_code(&out, 0);
    assert!(out.stdout.ends_with(b"a&#65533;&#9731;"));
    // Bytes that are not WTF-8, among them a surrogate pair as two sequences.
    for (input, offset) in [
        (&b"ab\xffc"[..], 2),
        (b"a\xed\xa0\xbd\xed\xb8\x80", 4),
        (b"abc\xf0\x9f\x98", 3),
    ] {
        let out = run(
            &["-f", "wtf-8", "--errors", "fatal", "-t", "utf-16le"],
            input,
        );
        assert_code(&out, 1);
        assert!(
            stderr(&out).contains(&format!("malformed WTF-8 input at byte offset {offset}")),
            "{}",
            stderr(&out)
        );
    }
    let out = run(
        &["-f", "wtf-8", "-t", "utf-16be"],
        b"a\xed\xa0\xbd\xed\xb8\x80\xff",
    );
    assert_code(&out, 0);
    assert_eq!(out.stdout, b"\x00a\xd8\x3d\xff\xfd\xff\xfd");
    assert!(stderr(&out).contains("malformed WTF-8 input replaced with U+FFFD"));
    // BOMs: sniff removes a UTF-8 BOM (and a UTF-16 one selects UTF-16), strip only
    // the UTF-8 one, keep none.
    let bom = b"\xef\xbb\xbfa\xed\xa0\x80";
    assert_eq!(
        run(&["-f", "wtf-8", "-t", "wtf-8"], bom).stdout,
        b"a\xed\xa0\x80"
    );
    assert_eq!(
        run(&["-f", "wtf-8", "-t", "wtf-8", "--bom", "strip"], bom).stdout,
        b"a\xed\xa0\x80"
    );
    assert_eq!(
        run(&["-f", "wtf-8", "-t", "wtf-8", "--bom", "keep"], bom).stdout,
        bom
    );
    assert_eq!(
        run(&["-f", "wtf-8", "-t", "wtf-8"], b"\xfe\xff\xd8\x00").stdout,
        b"\xed\xa0\x80"
    );
    assert_eq!(
        run(&["-f", "utf-16le", "-t", "wtf-8"], b"\xfe\xff\xd8\x00").stdout,
        b"\xed\xa0\x80"
    );
    assert_eq!(
        run(
            &["-f", "utf-16le", "-t", "wtf-8", "--bom", "strip"],
            b"\xff\xfe\x00\xd8"
        )
        .stdout,
        b"\xed\xa0\x80"
    );
}
