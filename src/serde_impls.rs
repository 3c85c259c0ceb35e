//! The optional `serde` feature: an [`Encoding`] serializes as its name (`"UTF-8"`,
//! `"Shift_JIS"`, ...) and `&'static Encoding` deserializes from any label the spec's
//! "get an encoding" accepts (surrounding ASCII whitespace and letter case ignored),
//! as encoding_rs does. Works without `std` and without `alloc`.

use crate::Encoding;
use core::fmt;
use serde::de::{Deserialize, Deserializer, Error, Unexpected, Visitor};
use serde::ser::{Serialize, Serializer};

impl Serialize for Encoding {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // `name` takes `&'static self`; every `Encoding` is one of the statics, but a
        // `&self` here cannot prove it, so look the static up by identity.
        serializer.serialize_str(static_name(self))
    }
}

/// The name of `encoding`, which is always one of the crate's statics.
fn static_name(encoding: &Encoding) -> &'static str {
    // `for_label` of the name the Debug output carries would be circular; instead
    // compare against the statics (all 40, by address).
    crate::text::all_encodings()
        .find(|e| core::ptr::eq(*e, encoding))
        .map_or("", |e| e.name())
}

/// Accepts a string and looks it up as a label.
struct LabelVisitor;

impl<'de> Visitor<'de> for LabelVisitor {
    type Value = &'static Encoding;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an encoding label of the Encoding Standard")
    }

    fn visit_str<E: Error>(self, label: &str) -> Result<&'static Encoding, E> {
        Encoding::for_label(label.as_bytes())
            .ok_or_else(|| E::invalid_value(Unexpected::Str(label), &self))
    }

    fn visit_bytes<E: Error>(self, label: &[u8]) -> Result<&'static Encoding, E> {
        Encoding::for_label(label).ok_or_else(|| E::invalid_value(Unexpected::Bytes(label), &self))
    }
}

impl<'de> Deserialize<'de> for &'static Encoding {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<&'static Encoding, D::Error> {
        deserializer.deserialize_str(LabelVisitor)
    }
}
