//! Arbitrary labels resolve as encoding_rs resolves them (for the encodings textcodec
//! supports).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let ours = textcodec::Encoding::for_label(data).map(|e| e.name());
    let theirs = encoding_rs::Encoding::for_label(data).map(|e| e.name());
    match (ours, theirs) {
        (Some(a), Some(b)) => assert_eq!(a, b),
        (None, Some(b)) => assert!(textcodec::Encoding::for_label(b.as_bytes()).is_none(), "{data:?}"),
        (Some(a), None) => panic!("{data:?} -> {a}"),
        (None, None) => {}
    }
    let ours = textcodec::Encoding::for_label_no_replacement(data).map(|e| e.name());
    assert_ne!(ours, Some("replacement"));
});
