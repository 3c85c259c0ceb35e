//! Labels: all 228 from the spec's table (indexes/labels.txt), ASCII case-insensitivity,
//! the five ASCII whitespace trims, and what must not match.

mod common;
use rand::Rng;
use textcodec::Encoding;

/// Encodings whose codecs are not built yet; their labels must give `None`. (None
/// since the CJK encodings were added.)
const NOT_YET: &[&str] = &[];

fn table() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/indexes/labels.txt"))
        .unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (label, name) = l.split_once('\t').unwrap();
            (label.to_owned(), name.to_owned())
        })
        .collect()
}

fn expect(name: &str) -> Option<&str> {
    if NOT_YET.contains(&name) {
        None
    } else {
        Some(name)
    }
}

#[test]
fn every_label_of_the_spec() {
    let table = table();
    assert_eq!(table.len(), 228);
    let mut names: Vec<&str> = table.iter().map(|(_, n)| n.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), 40);
    for (label, name) in &table {
        let got = Encoding::for_label(label.as_bytes()).map(|e| e.name());
        assert_eq!(got, expect(name), "label {label:?}");
        // The oracle agrees on the table itself.
        assert_eq!(
            encoding_rs::Encoding::for_label(label.as_bytes())
                .unwrap()
                .name(),
            name
        );
        let no_repl = Encoding::for_label_no_replacement(label.as_bytes()).map(|e| e.name());
        let want = if name == "replacement" {
            None
        } else {
            expect(name)
        };
        assert_eq!(no_repl, want, "no replacement {label:?}");
    }
    // Every name, lowercased, is a label of its encoding.
    for name in common::ALL_NAMES {
        let got = Encoding::for_label(name.to_ascii_lowercase().as_bytes()).map(|e| e.name());
        assert_eq!(got, expect(name));
    }
}

#[test]
fn ascii_case_insensitive() {
    let mut rng = common::rng(10);
    for (label, name) in table() {
        for _ in 0..8 {
            let mixed: String = label
                .chars()
                .map(|c| if rng.gen() { c.to_ascii_uppercase() } else { c })
                .collect();
            assert_eq!(
                Encoding::for_label(mixed.as_bytes()).map(|e| e.name()),
                expect(&name),
                "{mixed:?}"
            );
        }
    }
    // Only ASCII letters fold: the Kelvin sign (U+212A) is not "k".
    assert_eq!(Encoding::for_label("\u{212A}oi8-r".as_bytes()), None);
    assert_eq!(Encoding::for_label("koi8-\u{0280}".as_bytes()), None);
}

#[test]
fn ascii_whitespace_is_trimmed() {
    for ws in ["\t", "\n", "\x0C", "\r", " "] {
        for (pre, post) in [(ws, ""), ("", ws), (ws, ws)] {
            let label = format!("{pre}{pre}utf-8{post}");
            assert_eq!(
                Encoding::for_label(label.as_bytes()),
                Some(textcodec::UTF_8),
                "{label:?}"
            );
        }
    }
    assert_eq!(
        Encoding::for_label(b" \t\n\x0C\rlatin1 \t\n\x0C\r"),
        Some(textcodec::WINDOWS_1252)
    );
}

#[test]
fn what_does_not_match() {
    for bad in [
        &b""[..],
        b" ",
        b"\t\n",
        b"utf-8\x0B", // vertical tab is not ASCII whitespace in the spec
        b"\x0Butf-8",
        b"utf-8\0",
        b"\0utf-8",
        b"utf\08",
        b"\xC2\xA0utf-8", // U+00A0
        b"utf-8\xC2\xA0",
        b"\xE3\x80\x80utf-8", // U+3000
        b"utf-8\xC2\x85",     // U+0085
        b"utf 8",
        b"utf-88",
        b"tf-8",
        b"utf-8 utf-8",
        b"iso-8859-1\xFF",
        b"x-user-defined-",
        b"a-very-long-label-that-is-longer-than-any-label",
    ] {
        assert_eq!(Encoding::for_label(bad), None, "{bad:?}");
    }
    // Non-ASCII bytes in every position of a real label.
    let label = b"windows-1252";
    for i in 0..=label.len() {
        let mut v = label.to_vec();
        v.insert(i, 0xE9);
        assert_eq!(Encoding::for_label(&v), None);
    }
}

#[test]
fn random_labels_agree_with_encoding_rs() {
    let mut rng = common::rng(11);
    let table = table();
    for _ in 0..20000 {
        let (label, _) = &table[rng.gen_range(0..table.len())];
        let mut v = label.as_bytes().to_vec();
        match rng.gen_range(0..4) {
            0 => {
                let i = rng.gen_range(0..v.len());
                v[i] = rng.gen();
            }
            1 => v.insert(
                rng.gen_range(0..=v.len()),
                b" \t\n\r\x0C\x0B\0a-_"[rng.gen_range(0..10)],
            ),
            2 => {
                v.remove(rng.gen_range(0..v.len()));
            }
            _ => {}
        }
        let ours = Encoding::for_label(&v).map(|e| e.name());
        let theirs = encoding_rs::Encoding::for_label(&v)
            .map(|e| e.name())
            .and_then(expect);
        assert_eq!(ours, theirs, "{v:?}");
    }
}
