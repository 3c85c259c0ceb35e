//! The collector of one generated file's statics and constants, with the size of
//! each for the `@generated` header.

use crate::emit::rows;

/// Collects the statics and constants of one generated file and their sizes.
#[derive(Default)]
pub struct Out {
    pub body: String,
    pub sizes: Vec<(String, usize)>,
    pub statics: Vec<String>,
}

impl Out {
    fn array<T>(
        &mut self,
        name: &str,
        doc: &str,
        ty: &str,
        items: &[T],
        per_line: usize,
        fmt: impl Fn(&T) -> String,
    ) {
        let cells: Vec<String> = items.iter().map(fmt).collect();
        self.body.push_str(&format!(
            "\n/// {doc}\npub(crate) static {name}: [{ty}; {}] = [\n{}];\n",
            items.len(),
            rows(&cells, per_line, 4)
        ));
        self.sizes
            .push((name.to_owned(), std::mem::size_of_val(items)));
        self.statics.push(name.to_owned());
    }

    /// A `[u16; N]` static in hex.
    pub fn u16s(&mut self, name: &str, doc: &str, items: &[u16]) {
        self.array(name, doc, "u16", items, 12, |v| format!("0x{v:04X}"));
    }

    /// A `[u8; N]` static in hex.
    pub fn u8s(&mut self, name: &str, doc: &str, items: &[u8]) {
        self.array(name, doc, "u8", items, 16, |v| format!("0x{v:02X}"));
    }

    /// A `[u64; N]` static in hex.
    pub fn u64s(&mut self, name: &str, doc: &str, items: &[u64]) {
        self.array(name, doc, "u64", items, 4, |v| format!("0x{v:016X}"));
    }

    /// A `usize` constant (no static data).
    pub fn konst(&mut self, name: &str, doc: &str, value: usize) {
        self.body.push_str(&format!(
            "\n/// {doc}\npub(crate) const {name}: usize = {value};\n"
        ));
    }

    /// A section comment.
    pub fn section(&mut self, title: &str) {
        self.body.push_str(&format!("\n// ---- {title} ----\n"));
    }

    /// The statics of one table: named `<prefix>_<SUFFIX>`, documented
    /// `<what>: <doc>`.
    pub fn table<'a>(&'a mut self, prefix: &'a str, what: &'a str) -> Table<'a> {
        Table {
            out: self,
            prefix,
            what,
        }
    }
}

/// Emits the statics and constants of one table (see [`Out::table`]).
pub struct Table<'a> {
    out: &'a mut Out,
    prefix: &'a str,
    what: &'a str,
}

impl Table<'_> {
    fn name(&self, suffix: &str) -> String {
        format!("{}_{suffix}", self.prefix)
    }

    fn doc(&self, doc: &str) -> String {
        format!("{}: {doc}", self.what)
    }

    /// `<prefix>_<suffix>: [u16; N]`.
    pub fn u16s(&mut self, suffix: &str, doc: &str, items: &[u16]) {
        let (name, doc) = (self.name(suffix), self.doc(doc));
        self.out.u16s(&name, &doc, items);
    }

    /// `<prefix>_<suffix>: [u8; N]`.
    pub fn u8s(&mut self, suffix: &str, doc: &str, items: &[u8]) {
        let (name, doc) = (self.name(suffix), self.doc(doc));
        self.out.u8s(&name, &doc, items);
    }

    /// `<prefix>_<suffix>: [u64; N]`.
    pub fn u64s(&mut self, suffix: &str, doc: &str, items: &[u64]) {
        let (name, doc) = (self.name(suffix), self.doc(doc));
        self.out.u64s(&name, &doc, items);
    }

    /// `<prefix>_<suffix>: usize`.
    pub fn konst(&mut self, suffix: &str, doc: &str, value: usize) {
        let (name, doc) = (self.name(suffix), self.doc(doc));
        self.out.konst(&name, &doc, value);
    }
}
