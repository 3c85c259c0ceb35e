//! Readers for gen's inputs.
//!
//! * The text files in `indexes/` (WHATWG index format and `labels.txt`), which are
//!   the only inputs of the Rust code generators. A later table generator can reuse
//!   [`read_index`], [`read_ranges`] and [`read_labels`].
//! * The two upstream sources that `gen import` reads once: the JavaScript file of
//!   the `@sinonjs/text-encoding` npm package (one JSON object literal) and the
//!   "Names and labels" table of the Encoding Standard's Bikeshed source.

use std::fs;
use std::path::{Path, PathBuf};

/// The workspace root (the parent of the gen crate), independent of the cwd.
pub fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest
        .parent()
        .expect("gen/ has a parent directory")
        .to_path_buf()
}

/// `indexes/` in the workspace root.
pub fn indexes_dir() -> PathBuf {
    workspace_root().join("indexes")
}

/// Reads a file to a string, panicking with the path on failure.
pub fn read_text(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Reads `indexes/index-<name>.txt`: (pointer, code point) pairs in pointer order.
pub fn read_index(name: &str) -> Vec<(u32, u32)> {
    let path = indexes_dir().join(format!("index-{name}.txt"));
    parse_index_text(&read_text(&path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Reads `indexes/index-gb18030-ranges.txt`: (pointer, code point) of each range start.
// Not used yet: kept for the CJK table generator.
#[allow(dead_code)]
pub fn read_ranges() -> Vec<(u32, u32)> {
    read_index("gb18030-ranges")
}

/// Reads `indexes/labels.txt`: (label, encoding name) in the Standard's table order.
pub fn read_labels() -> Vec<(String, String)> {
    let path = indexes_dir().join("labels.txt");
    let mut labels = Vec::new();
    for (n, line) in read_text(&path).lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (label, name) = line
            .split_once('\t')
            .unwrap_or_else(|| panic!("{}:{}: expected label<TAB>name", path.display(), n + 1));
        labels.push((label.to_owned(), name.to_owned()));
    }
    labels
}

/// Parses the WHATWG index text format: `pointer<TAB>0xCODEPOINT<TAB>comment`
/// lines, `#` comment lines and blank lines. Pointers must strictly increase.
pub fn parse_index_text(text: &str) -> Result<Vec<(u32, u32)>, String> {
    let mut entries: Vec<(u32, u32)> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line_no = n + 1;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split('\t');
        let pointer = fields.next().unwrap_or("").trim();
        let code_point = fields.next().unwrap_or("").trim();
        let pointer: u32 = pointer
            .parse()
            .map_err(|_| format!("line {line_no}: bad pointer {pointer:?}"))?;
        let code_point = code_point
            .strip_prefix("0x")
            .and_then(|hex| u32::from_str_radix(hex, 16).ok())
            .filter(|&cp| char::from_u32(cp).is_some())
            .ok_or_else(|| format!("line {line_no}: bad code point {code_point:?}"))?;
        if let Some(&(last, _)) = entries.last() {
            if pointer <= last {
                return Err(format!(
                    "line {line_no}: pointer {pointer} not above {last}"
                ));
            }
        }
        entries.push((pointer, code_point));
    }
    Ok(entries)
}

/// A value of the JSON subset used by `encoding-indexes.js`.
#[derive(Debug, PartialEq)]
pub enum Json {
    /// `null`.
    Null,
    /// A non-negative integer.
    Number(u64),
    /// A string without escapes.
    String(String),
    /// An array.
    Array(Vec<Json>),
    /// An object, members in source order.
    Object(Vec<(String, Json)>),
}

/// Extracts and parses the object assigned to `global["encoding-indexes"]` in the
/// npm package's `lib/encoding-indexes.js`. Returns its members in source order.
pub fn parse_indexes_js(text: &str) -> Result<Vec<(String, Json)>, String> {
    const ASSIGNMENT: &str = "global[\"encoding-indexes\"] =";
    let start = text
        .find(ASSIGNMENT)
        .ok_or("no `global[\"encoding-indexes\"] =` assignment")?
        + ASSIGNMENT.len();
    let mut parser = JsonParser {
        bytes: text.as_bytes(),
        pos: start,
    };
    let value = parser.value()?;
    parser.skip_ws();
    if parser.peek() != Some(b';') {
        return Err(format!(
            "expected `;` after the object at byte {}",
            parser.pos
        ));
    }
    match value {
        Json::Object(members) => Ok(members),
        _ => Err("the assigned value is not an object".to_owned()),
    }
}

/// A minimal recursive-descent parser for [`Json`].
struct JsonParser<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl JsonParser<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\r' | b'\n')) {
            self.pos += 1;
        }
    }

    fn error(&self, what: &str) -> String {
        format!("JSON: expected {what} at byte {}", self.pos)
    }

    fn eat(&mut self, byte: u8) -> Result<(), String> {
        self.skip_ws();
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(&format!("`{}`", byte as char)))
        }
    }

    /// Parses the elements of an array or object after its opening bracket.
    fn sequence<T>(
        &mut self,
        close: u8,
        mut element: impl FnMut(&mut Self) -> Result<T, String>,
    ) -> Result<Vec<T>, String> {
        let mut items = Vec::new();
        self.skip_ws();
        if self.peek() == Some(close) {
            self.pos += 1;
            return Ok(items);
        }
        loop {
            items.push(element(self)?);
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b) if b == close => {
                    self.pos += 1;
                    return Ok(items);
                }
                _ => return Err(self.error("`,` or closing bracket")),
            }
        }
    }

    fn value(&mut self) -> Result<Json, String> {
        self.skip_ws();
        match self.peek() {
            Some(b'n') if self.bytes[self.pos..].starts_with(b"null") => {
                self.pos += 4;
                Ok(Json::Null)
            }
            Some(b'0'..=b'9') => {
                let start = self.pos;
                while matches!(self.peek(), Some(b'0'..=b'9')) {
                    self.pos += 1;
                }
                let digits = std::str::from_utf8(&self.bytes[start..self.pos]).expect("ASCII");
                digits
                    .parse()
                    .map(Json::Number)
                    .map_err(|_| self.error("a 64-bit integer"))
            }
            Some(b'"') => self.string().map(Json::String),
            Some(b'[') => {
                self.pos += 1;
                self.sequence(b']', Self::value).map(Json::Array)
            }
            Some(b'{') => {
                self.pos += 1;
                self.sequence(b'}', |p| {
                    p.skip_ws();
                    let key = p.string()?;
                    p.eat(b':')?;
                    Ok((key, p.value()?))
                })
                .map(Json::Object)
            }
            _ => Err(self.error("a value")),
        }
    }

    fn string(&mut self) -> Result<String, String> {
        if self.peek() != Some(b'"') {
            return Err(self.error("a string"));
        }
        let start = self.pos + 1;
        let len = self.bytes[start..]
            .iter()
            .position(|&b| b == b'"')
            .ok_or_else(|| self.error("a closing quote"))?;
        let raw = &self.bytes[start..start + len];
        if raw.contains(&b'\\') {
            return Err(self.error("a string without escapes"));
        }
        self.pos = start + len + 1;
        String::from_utf8(raw.to_vec()).map_err(|_| self.error("UTF-8"))
    }
}

/// Parses the "Names and labels" table of `encoding.bs`:
/// (label, encoding name) pairs in table order.
///
/// The table is a sequence of `<td>` cells: a name cell (`<td rowspan=N><a>Name</a>`,
/// rowspan defaulting to 1) followed by exactly N label cells (`<td>"<code>label</code>"`).
pub fn parse_spec_labels(spec: &str) -> Result<Vec<(String, String)>, String> {
    let section = spec
        .find("<h3 id=names-and-labels>")
        .ok_or("no <h3 id=names-and-labels> in the spec")?;
    let table_start = section + spec[section..].find("<table>").ok_or("no <table>")?;
    let table_end = table_start + spec[table_start..].find("</table>").ok_or("no </table>")?;
    let table = &spec[table_start..table_end];

    let mut labels = Vec::new();
    // The current encoding name and how many label cells it still expects.
    let mut current: Option<(String, usize)> = None;
    for cell in table.split("<td").skip(1) {
        // A cell ends where the next row starts.
        let cell = cell.split("<tr").next().unwrap_or(cell);
        if let Some(rest) = cell.strip_prefix(">\"<code>") {
            let label = rest
                .split_once("</code>\"")
                .ok_or_else(|| format!("unterminated label cell {cell:?}"))?
                .0;
            let (name, remaining) = current
                .as_mut()
                .ok_or_else(|| format!("label {label:?} before any encoding name"))?;
            if *remaining == 0 {
                return Err(format!("{name}: more labels than its rowspan"));
            }
            *remaining -= 1;
            labels.push((label.to_owned(), name.clone()));
        } else {
            if let Some((name, remaining)) = &current {
                if *remaining != 0 {
                    return Err(format!("{name}: {remaining} labels missing"));
                }
            }
            let rowspan = match cell.strip_prefix(" rowspan=") {
                Some(rest) => {
                    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
                    digits
                        .parse()
                        .map_err(|_| format!("bad rowspan in {cell:?}"))?
                }
                None => 1,
            };
            let name = cell
                .split_once("<a>")
                .and_then(|(_, rest)| rest.split_once("</a>"))
                .ok_or_else(|| format!("no <a>name</a> in name cell {cell:?}"))?
                .0;
            current = Some((name.to_owned(), rowspan));
        }
    }
    if let Some((name, remaining)) = &current {
        if *remaining != 0 {
            return Err(format!("{name}: {remaining} labels missing"));
        }
    }
    Ok(labels)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_text() {
        let text = "# header\n\n0\t0x0402\tU+0402 (Ђ)\n5\t0x20AC\n";
        assert_eq!(
            parse_index_text(text).unwrap(),
            vec![(0, 0x402), (5, 0x20AC)]
        );
        assert!(parse_index_text("5\t0x41\n5\t0x42\n").is_err());
        assert!(parse_index_text("1\t0xD800\n").is_err());
    }

    #[test]
    fn js_object() {
        let js = "x;\n  global[\"encoding-indexes\"] =\n{\n \"a\":[null,1,2],\n \"b\":[[0,128],[36,165]]\n};";
        let members = parse_indexes_js(js).unwrap();
        assert_eq!(members.len(), 2);
        assert_eq!(
            members[0],
            (
                "a".to_owned(),
                Json::Array(vec![Json::Null, Json::Number(1), Json::Number(2)])
            )
        );
    }

    #[test]
    fn spec_table() {
        let spec = "<h3 id=names-and-labels>x\n<table>\n <tbody>\n  <tr><th colspan=2>T\n  <tr>\n   <td rowspan=2><a>UTF-8</a>\n   <td>\"<code>utf-8</code>\"\n  <tr><td>\"<code>utf8</code>\"\n  <tr>\n   <td><a>x-user-defined</a>\n   <td>\"<code>x-user-defined</code>\"\n</table>";
        let labels = parse_spec_labels(spec).unwrap();
        assert_eq!(labels.len(), 3);
        assert_eq!(labels[1], ("utf8".to_owned(), "UTF-8".to_owned()));
        assert_eq!(labels[2].1, "x-user-defined");
    }
}
