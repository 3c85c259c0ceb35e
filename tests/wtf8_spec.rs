//! WTF-8 against the spec: its examples and tables, every boundary it names, and
//! exhaustive checks of all short byte strings and all code points against the
//! reference in `wtf8_ref.rs`.

#[path = "wtf8_ref.rs"]
mod reference;

use textcodec::wtf8::{
    convert_utf16_to_wtf8, max_utf16_len_from_wtf8, max_wtf8_len_from_utf16, wtf8_len_from_utf16,
    wtf8_valid_up_to, CodePoint, Wtf8, Wtf8Buf,
};

/// Our conversion of UTF-16 to WTF-8, with the exact length checked.
fn to_wtf8(units: &[u16]) -> Vec<u8> {
    let mut out = vec![0; max_wtf8_len_from_utf16(units.len()).unwrap()];
    let (read, written) = convert_utf16_to_wtf8(units, &mut out);
    assert_eq!(read, units.len());
    assert_eq!(written, wtf8_len_from_utf16(units));
    out.truncate(written);
    out
}

/// Our conversion of WTF-8 to UTF-16 (into a buffer and by the iterator, which must
/// agree), with the exact length checked.
fn to_utf16(w: Wtf8<'_>) -> Vec<u16> {
    let mut out = vec![0; max_utf16_len_from_wtf8(w.len()).unwrap()];
    let (read, written) = w.to_ill_formed_utf16_into(&mut out);
    assert_eq!(read, w.len());
    assert_eq!(written, w.utf16_len());
    out.truncate(written);
    assert_eq!(w.to_ill_formed_utf16().collect::<Vec<_>>(), out);
    out
}

fn wtf8(bytes: &[u8]) -> Wtf8<'_> {
    Wtf8::from_bytes(bytes).unwrap()
}

#[test]
fn consume_example() {
    // The spec's example of "consume": for "1234", print i, and after 2 consume the
    // next digit: prints 1, 2, 4. Our decode from UTF-16 consumes the same way: the
    // trail after a lead is consumed with it.
    let units = [0x31, 0xD800, 0xDC00, 0x34];
    let cps: Vec<u32> = wtf8(&to_wtf8(&units))
        .code_points()
        .map(CodePoint::to_u32)
        .collect();
    assert_eq!(cps, [0x31, 0x10000, 0x34]);
    assert_eq!(cps, reference::decode_utf16(&units));
}

#[test]
fn table_1_surrogate_byte_sequences() {
    for b2 in 0x80..=0xBFu8 {
        for b3 in 0x80..=0xBFu8 {
            let seq = [0xED, b2, b3];
            let w = Wtf8::from_bytes(&seq).unwrap();
            let is_surrogate = b2 >= 0xA0;
            assert_eq!(w.is_well_formed(), !is_surrogate, "{seq:X?}");
            assert_eq!(w.as_str().is_some(), !is_surrogate);
            let cp = w.code_points().next().unwrap();
            assert_eq!(cp.is_surrogate(), is_surrogate);
            assert_eq!(
                cp.to_lead_surrogate().is_some(),
                (0xA0..=0xAF).contains(&b2)
            );
            assert_eq!(cp.to_trail_surrogate().is_some(), b2 >= 0xB0);
            assert_eq!(cp.len_wtf8(), 3);
        }
    }
}

#[test]
fn surrogate_pair_byte_sequence_is_ill_formed() {
    // Every lead followed by every trail: six bytes, ill-formed; the valid prefix is
    // the lead. Each alone, and trail then lead, are well-formed.
    for lead in 0xD800..=0xDBFFu16 {
        let l = to_wtf8(&[lead]);
        for trail in (0xDC00..=0xDFFFu16).step_by(7).chain([0xDFFF]) {
            let t = to_wtf8(&[trail]);
            let pair = [&l[..], &t[..]].concat();
            assert_eq!(wtf8_valid_up_to(&pair), 3);
            assert!(!reference::is_wtf8(&pair));
            let reversed = [&t[..], &l[..]].concat();
            assert_eq!(wtf8_valid_up_to(&reversed), 6);
            // The same pair from UTF-16 is one four-byte sequence.
            let joined = to_wtf8(&[lead, trail]);
            assert_eq!(joined.len(), 4);
            assert_eq!(joined, reference::utf16_to_wtf8(&[lead, trail]));
            assert_eq!(to_utf16(wtf8(&joined)), [lead, trail]);
        }
    }
}

#[test]
fn table_2_and_3_every_code_point() {
    // Every code point: our encoding is the reference's, decodes back, and every
    // prefix of it that is not the whole is rejected as cut.
    for c in 0..=0x10FFFFu32 {
        let cp = CodePoint::from_u32(c).unwrap();
        let mut buf = [0u8; 4];
        let n = cp.encode_wtf8(&mut buf).unwrap();
        let expected = reference::encode_wtf8(&[c]);
        assert_eq!(&buf[..n], &expected[..], "U+{c:04X}");
        assert_eq!(cp.len_wtf8(), n);
        let w = wtf8(&buf[..n]);
        assert_eq!(
            w.code_points().map(CodePoint::to_u32).collect::<Vec<_>>(),
            [c]
        );
        assert_eq!(w.utf16_len(), cp.len_utf16());
        assert_eq!(to_utf16(w), reference::encode_utf16(&[c]));
        for k in 1..n {
            assert_eq!(wtf8_valid_up_to(&buf[..k]), 0);
        }
        assert_eq!(cp.encode_wtf8(&mut buf[..n - 1]), None);
    }
    assert_eq!(CodePoint::from_u32(0x110000), None);
}

/// Everything the library says about `bytes`, against the reference.
fn check_bytes(bytes: &[u8]) {
    let valid = wtf8_valid_up_to(bytes);
    assert_eq!(valid, reference::valid_up_to(bytes), "{bytes:02X?}");
    match Wtf8::from_bytes(bytes) {
        Ok(w) => {
            assert_eq!(valid, bytes.len());
            let cps: Vec<u32> = w.code_points().map(CodePoint::to_u32).collect();
            assert_eq!(cps, reference::decode_wtf8(bytes), "{bytes:02X?}");
            let units = to_utf16(w);
            assert_eq!(units, reference::wtf8_to_utf16(bytes));
            // Lossless: back to the same bytes.
            assert_eq!(to_wtf8(&units), bytes);
            match reference::to_utf8_strict(bytes) {
                Ok(_) => assert_eq!(w.to_utf8().map(str::as_bytes), Ok(bytes)),
                Err(at) => assert_eq!(w.to_utf8().unwrap_err().offset(), at),
            }
            let mut lossy = vec![0; bytes.len()];
            assert_eq!(w.to_utf8_lossy_into(&mut lossy), bytes.len());
            assert_eq!(lossy, reference::to_utf8_lossy(bytes));
        }
        Err(e) => {
            assert!(valid < bytes.len());
            assert_eq!(e.valid_up_to(), valid);
        }
    }
}

#[test]
fn exhaustive_one_to_three_bytes() {
    check_bytes(&[]);
    for a in 0..=255u8 {
        check_bytes(&[a]);
        for b in 0..=255u8 {
            check_bytes(&[a, b]);
        }
    }
    // All 16.7 million three-byte strings by the cheaper checks (validity is where
    // the cases are; the conversions are covered above and below).
    for a in 0..=255u8 {
        for b in 0..=255u8 {
            for c in 0..=255u8 {
                let s = [a, b, c];
                assert_eq!(wtf8_valid_up_to(&s), reference::valid_up_to(&s), "{s:02X?}");
            }
        }
    }
}

/// Byte values at the edges of every range of Tables 1 and 3.
const EDGES: [u8; 27] = [
    0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xAF, 0xB0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
    0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
];

#[test]
fn four_bytes_of_every_class() {
    // Four-byte strings over the range edges: every path through Table 3 (every
    // four-byte sequence class, cut, overlong and out-of-range case).
    for &a in &EDGES {
        for &b in &EDGES {
            for &c in &EDGES {
                for &d in &EDGES {
                    check_bytes(&[a, b, c, d]);
                }
            }
        }
    }
}

#[test]
fn three_byte_strings_convert_like_the_reference() {
    for a in 0xE0..=0xEFu8 {
        for b in 0x80..=0xBFu8 {
            for c in 0x80..=0xBFu8 {
                check_bytes(&[a, b, c]);
            }
        }
    }
}

#[test]
fn lone_lead_at_end_and_lone_trail_at_start() {
    for lead in [0xD800, 0xDBFF, 0xD83D] {
        let units = [0x61, 0x62, lead];
        let w = to_wtf8(&units);
        assert_eq!(w, reference::utf16_to_wtf8(&units));
        assert_eq!(&w[2..], reference::encode_wtf8(&[u32::from(lead)]));
        assert_eq!(to_utf16(wtf8(&w)), units);
    }
    for trail in [0xDC00, 0xDFFF, 0xDE00] {
        let units = [trail, 0x61];
        let w = to_wtf8(&units);
        assert_eq!(w.len(), 4);
        assert_eq!(to_utf16(wtf8(&w)), units);
    }
    // Only surrogates, every lead/trail order.
    let units = [0xDC00, 0xD800, 0xD800, 0xDC00, 0xDC00, 0xD800];
    let w = to_wtf8(&units);
    assert_eq!(w, reference::utf16_to_wtf8(&units));
    assert_eq!(to_utf16(wtf8(&w)), units);
}

/// Short strings for the concatenation table.
fn pieces() -> Vec<Vec<u16>> {
    vec![
        vec![],
        vec![0x61],
        vec![0xD800],
        vec![0xDBFF],
        vec![0xDC00],
        vec![0xDFFF],
        vec![0xD83D, 0xDE00],
        vec![0x61, 0xD83D],
        vec![0xDE00, 0x62],
        vec![0xD800, 0xD800],
        vec![0xDC00, 0xDC00],
        vec![0xE9, 0xD83D],
    ]
}

#[test]
fn concatenation_table() {
    // Every pair of pieces: push_wtf8, push_code_point one by one, and
    // push_ill_formed_utf16 give the reference's concatenation, which equals
    // converting the concatenated UTF-16.
    for left in pieces() {
        for right in pieces() {
            let (l, r) = (to_wtf8(&left), to_wtf8(&right));
            let expected = reference::concatenate(&l, &r);
            let whole: Vec<u16> = [&left[..], &right[..]].concat();
            assert_eq!(expected, reference::utf16_to_wtf8(&whole));
            let mut buf = Wtf8Buf::from_ill_formed_utf16(&left);
            buf.push_wtf8(wtf8(&r));
            assert_eq!(buf.as_bytes(), &expected[..], "{left:X?} + {right:X?}");
            let mut buf = Wtf8Buf::from_ill_formed_utf16(&left);
            for cp in wtf8(&r).code_points() {
                buf.push_code_point(cp);
            }
            // Code point by code point also joins a trail pushed after a lead.
            assert_eq!(buf.as_bytes(), &expected[..]);
            let mut buf = Wtf8Buf::from_ill_formed_utf16(&left);
            buf.push_ill_formed_utf16(&right);
            assert_eq!(buf.as_bytes(), &expected[..]);
            let collected: Wtf8Buf = whole.iter().map(|&u| CodePoint::from_u16(u)).collect();
            assert_eq!(collected.as_bytes(), &expected[..]);
        }
    }
}

#[test]
fn conversions_to_utf8() {
    let w = Wtf8Buf::from_ill_formed_utf16(&[0x61, 0xD800, 0x62, 0xDFFF]);
    let e = w.as_slice().to_utf8().unwrap_err();
    assert_eq!((e.offset(), e.surrogate()), (1, 0xD800));
    assert_eq!(w.as_slice().to_string_lossy(), "a\u{FFFD}b\u{FFFD}");
    assert_eq!(w.clone().into_string_lossy(), "a\u{FFFD}b\u{FFFD}");
    assert_eq!(w.clone().into_string(), Err(w.clone()));
    assert_eq!(Wtf8Buf::from_str("é😀").into_string().unwrap(), "é😀");
    assert!(Wtf8::from_str("é😀").is_well_formed());
    assert!(matches!(
        Wtf8::from_str("x").to_string_lossy(),
        std::borrow::Cow::Borrowed("x")
    ));
    // Lossy into a short buffer stops at a code point boundary.
    let w = Wtf8Buf::from_ill_formed_utf16(&[0xD800, 0xD83D, 0xDE00]);
    let mut out = [0u8; 6];
    assert_eq!(w.as_slice().to_utf8_lossy_into(&mut out), 3);
    assert_eq!(&out[..3], "\u{FFFD}".as_bytes());
    // From UTF-16, strictly.
    assert_eq!(
        Wtf8Buf::from_utf16(&[0x61, 0xD83D, 0xDE00])
            .unwrap()
            .as_str(),
        Some("a😀")
    );
    assert_eq!(
        Wtf8Buf::from_utf16(&[0x61, 0xD83D, 0xDE00, 0xDE00])
            .unwrap_err()
            .index(),
        3
    );
}

#[test]
fn slicing_refuses_to_split_a_pair() {
    let w = Wtf8Buf::from_ill_formed_utf16(&[0x61, 0xD83D, 0xDE00, 0xD800, 0x62]);
    let s = w.as_slice();
    assert_eq!(s.len(), 1 + 4 + 3 + 1);
    for i in 0..=s.len() + 1 {
        let boundary = [0, 1, 5, 8, 9].contains(&i);
        assert_eq!(s.is_code_point_boundary(i), boundary, "{i}");
        assert_eq!(s.slice_to(i).is_some(), boundary);
        assert_eq!(s.slice_from(i).is_some(), boundary);
    }
    assert_eq!(s.slice(1, 5).unwrap().as_str(), Some("😀"));
    assert_eq!(
        s.slice(5, 8)
            .unwrap()
            .to_ill_formed_utf16()
            .collect::<Vec<_>>(),
        [0xD800]
    );
    assert_eq!(s.slice(5, 1), None);
    assert_eq!(s.ascii_byte_at(0), b'a');
    assert_eq!(s.ascii_byte_at(1), 0xFF);
    assert_eq!(s.ascii_byte_at(8), b'b');
    assert_eq!(s.ascii_byte_at(9), 0xFF);
}

#[test]
fn formatting_and_order() {
    let w = Wtf8Buf::from_ill_formed_utf16(&[0x61, 0x27, 0x22, 0xD800, 0x0A, 0xE9]);
    assert_eq!(format!("{w:?}"), "\"a'\\\"\\u{D800}\\né\"");
    assert_eq!(format!("{w}"), "a'\"\u{FFFD}\né");
    assert_eq!(
        format!("{:?}", CodePoint::from_u32(0xD800).unwrap()),
        "U+D800"
    );
    // Code point order: U+FFFF < U+10000 (UTF-16 code unit order would say otherwise),
    // and surrogates sort between U+D7FF and U+E000.
    let order = [
        0x61, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFF, 0x10000, 0x10FFFF,
    ];
    let bufs: Vec<Wtf8Buf> = order
        .iter()
        .map(|&c| std::iter::once(CodePoint::from_u32(c).unwrap()).collect())
        .collect();
    assert!(bufs.windows(2).all(|p| p[0] < p[1]));
    assert!(bufs.windows(2).all(|p| p[0].as_slice() < p[1].as_slice()));
}
