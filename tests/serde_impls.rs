//! The `serde` feature: `&'static Encoding` serializes as its name and deserializes
//! from any label. Run with `cargo test -p textcodec --features serde --test serde_impls`.
#![cfg(feature = "serde")]

mod common;

use common::ALL_NAMES;
use textcodec::{Encoding, REPLACEMENT, UTF_16LE, WINDOWS_1252};

#[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
struct Doc {
    name: String,
    encoding: &'static Encoding,
}

#[test]
fn every_encoding_round_trips_by_name() {
    for name in ALL_NAMES {
        let encoding = Encoding::for_label(name.as_bytes()).unwrap();
        let json = serde_json::to_string(&encoding).unwrap();
        assert_eq!(json, format!("{name:?}"));
        let back: &'static Encoding = serde_json::from_str(&json).unwrap();
        assert_eq!(back, encoding);
        let doc = Doc {
            name: name.into(),
            encoding,
        };
        let json = serde_json::to_string(&doc).unwrap();
        assert_eq!(serde_json::from_str::<Doc>(&json).unwrap(), doc);
    }
}

#[test]
fn labels_deserialize_and_non_labels_fail() {
    let e: &'static Encoding = serde_json::from_str("\" Latin1\\t\"").unwrap();
    assert_eq!(e, WINDOWS_1252);
    let e: &'static Encoding = serde_json::from_str("\"UTF-16\"").unwrap();
    assert_eq!(e, UTF_16LE);
    let e: &'static Encoding = serde_json::from_str("\"iso-2022-kr\"").unwrap();
    assert_eq!(e, REPLACEMENT);
    let err = serde_json::from_str::<&'static Encoding>("\"utf-7\"").unwrap_err();
    assert!(err.to_string().contains("utf-7"), "{err}");
    assert!(serde_json::from_str::<&'static Encoding>("42").is_err());
}
