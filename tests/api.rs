//! The API contract of DESIGN.md section 4, pinned where encoding_rs documents it.

use textcodec::*;

#[test]
fn names_and_flags() {
    assert_eq!(UTF_8.name(), "UTF-8");
    assert_eq!(UTF_16LE.output_encoding(), UTF_8);
    assert_eq!(UTF_16BE.output_encoding(), UTF_8);
    assert_eq!(REPLACEMENT.output_encoding(), UTF_8);
    assert_eq!(WINDOWS_1252.output_encoding(), WINDOWS_1252);
    assert!(UTF_8.can_encode_everything());
    assert!(UTF_16LE.can_encode_everything());
    assert!(!WINDOWS_1252.can_encode_everything());
    assert!(!UTF_16BE.is_ascii_compatible() && !REPLACEMENT.is_ascii_compatible());
    assert!(X_USER_DEFINED.is_ascii_compatible() && X_USER_DEFINED.is_single_byte());
    assert!(!UTF_8.is_single_byte() && ISO_8859_8_I.is_single_byte());
    assert_eq!(format!("{:?}", UTF_8), "Encoding { UTF-8 }");
    assert_eq!(UTF_8, &UTF_8_INIT);
    assert_ne!(ISO_8859_8, ISO_8859_8_I);
    let mut set = std::collections::HashSet::new();
    set.insert(UTF_8);
    assert!(set.contains(Encoding::for_label(b"utf8").unwrap()));
}

#[test]
fn bom_sniffing() {
    assert_eq!(Encoding::for_bom(b"\xEF\xBB\xBFx"), Some((UTF_8, 3)));
    assert_eq!(Encoding::for_bom(b"\xFE\xFF"), Some((UTF_16BE, 2)));
    assert_eq!(Encoding::for_bom(b"\xFF\xFEx"), Some((UTF_16LE, 2)));
    assert_eq!(Encoding::for_bom(b"\xEF\xBB"), None);
    // decode: a BOM overrides the encoding, even replacement.
    let (t, e, err) = WINDOWS_1252.decode(b"\xFF\xFEa\x00");
    assert_eq!((&*t, e, err), ("a", UTF_16LE, false));
    let (t, e, _) = REPLACEMENT.decode(b"\xEF\xBB\xBFab");
    assert_eq!((&*t, e), ("ab", UTF_8));
    let (t, e, err) = REPLACEMENT.decode(b"ab");
    assert_eq!((&*t, e, err), ("\u{FFFD}", REPLACEMENT, true));
    assert_eq!(&*REPLACEMENT.decode(b"").0, "");
    // with BOM removal: only the encoding's own BOM.
    assert_eq!(&*UTF_8.decode_with_bom_removal(b"\xEF\xBB\xBFa").0, "a");
    assert_eq!(
        &*UTF_16BE.decode_with_bom_removal(b"\xFF\xFE").0,
        "\u{FFFE}"
    );
    assert_eq!(
        &*WINDOWS_1252.decode_with_bom_removal(b"\xEF\xBB\xBF").0,
        "\u{EF}\u{BB}\u{BF}"
    );
    // without BOM handling: the BOM is text.
    assert_eq!(
        &*UTF_8.decode_without_bom_handling(b"\xEF\xBB\xBFa").0,
        "\u{FEFF}a"
    );
    // A streaming decoder switches encoding when the BOM completes, across calls.
    let mut d = WINDOWS_1252.new_decoder();
    let mut out = [0u8; 16];
    assert_eq!(
        d.decode_to_utf8(b"\xEF", &mut out, false),
        (CoderResult::InputEmpty, 1, 0, false)
    );
    assert_eq!(
        d.decode_to_utf8(b"\xBB", &mut out, false),
        (CoderResult::InputEmpty, 1, 0, false)
    );
    assert_eq!(d.encoding(), WINDOWS_1252);
    assert_eq!(
        d.decode_to_utf8(b"\xBF\xC3\xA9", &mut out, true),
        (CoderResult::InputEmpty, 3, 2, false)
    );
    assert_eq!(d.encoding(), UTF_8);
    assert_eq!(&out[..2], "é".as_bytes());
    // A BOM prefix that goes nowhere is decoded with the original encoding.
    let mut d = WINDOWS_1252.new_decoder();
    assert_eq!(
        d.decode_to_utf8(b"\xEF\xBB", &mut out, false),
        (CoderResult::InputEmpty, 2, 0, false)
    );
    assert_eq!(
        d.decode_to_utf8(b"A", &mut out, true),
        (CoderResult::InputEmpty, 1, 5, false)
    );
    assert_eq!(&out[..5], "ï»A".as_bytes());
}

#[test]
fn malformed_reports_match_encoding_rs_conventions() {
    let mut out = [0u16; 16];
    let mut d = UTF_8.new_decoder_without_bom_handling();
    assert_eq!(
        d.decode_to_utf16_without_replacement(b"\xF0\x90A", &mut out, true),
        (DecoderResult::Malformed(2, 0), 2, 0)
    );
    assert_eq!(
        d.decode_to_utf16_without_replacement(b"A", &mut out, true),
        (DecoderResult::InputEmpty, 1, 1)
    );
    // A UTF-16 unit after an unpaired high surrogate: unread in the same buffer,
    // consumed (and reported as consumed after) when it straddles buffers.
    let mut d = UTF_16BE.new_decoder_without_bom_handling();
    assert_eq!(
        d.decode_to_utf16_without_replacement(b"\xD8\x00\x00A", &mut out, true),
        (DecoderResult::Malformed(2, 0), 2, 0)
    );
    let mut d = UTF_16BE.new_decoder_without_bom_handling();
    assert_eq!(
        d.decode_to_utf16_without_replacement(b"\xD8\x00\x00", &mut out, false),
        (DecoderResult::InputEmpty, 3, 0)
    );
    assert_eq!(
        d.decode_to_utf16_without_replacement(b"A", &mut out, true),
        (DecoderResult::Malformed(2, 2), 1, 0)
    );
    assert_eq!(
        d.decode_to_utf16_without_replacement(b"", &mut out, true),
        (DecoderResult::InputEmpty, 0, 1)
    );
    assert_eq!(out[0], u16::from(b'A'));
    // An odd trailing byte after a high surrogate: one error of three bytes.
    let mut d = UTF_16BE.new_decoder_without_bom_handling();
    assert_eq!(
        d.decode_to_utf16_without_replacement(b"\xD8\x00\x00", &mut out, true),
        (DecoderResult::Malformed(3, 0), 3, 0)
    );
    let mut d = WINDOWS_1253.new_decoder_without_bom_handling();
    assert_eq!(
        d.decode_to_utf16_without_replacement(b"A\xAAB", &mut out, true),
        (DecoderResult::Malformed(1, 0), 2, 1)
    );
}

#[test]
fn str_and_string_destinations() {
    let mut d = WINDOWS_1252.new_decoder();
    let mut s = String::from("ééééé");
    let (r, read, written, had) = d.decode_to_str(b"a\x80", s.as_mut_str(), true);
    assert_eq!(
        (r, read, written, had),
        (CoderResult::InputEmpty, 2, 4, false)
    );
    // The cut "é" after the output was zeroed, so the str is still valid.
    assert_eq!(&s[..4], "a€");
    assert!(s.is_char_boundary(4));
    let mut d = UTF_8.new_decoder();
    let mut out = String::with_capacity(10);
    out.push('x');
    let (r, read, had) = d.decode_to_string(b"\xEF\xBB\xBFy\xFFz", &mut out, true);
    assert_eq!(
        (r, read, had, out.as_str()),
        (CoderResult::InputEmpty, 6, true, "xy\u{FFFD}z")
    );
    let mut out = String::with_capacity(2);
    let mut d = UTF_8.new_decoder();
    let (r, read, _) = d.decode_to_string(b"abc", &mut out, true);
    assert_eq!((r, read, out.as_str()), (CoderResult::OutputFull, 2, "ab"));
    let mut e = WINDOWS_1252.new_encoder();
    let mut v = Vec::with_capacity(64);
    let (r, read, had) = e.encode_from_utf8_to_vec("a€☃", &mut v, true);
    assert_eq!(
        (r, read, had, v.as_slice()),
        (CoderResult::InputEmpty, 7, true, &b"a\x80&#9731;"[..])
    );
}

#[test]
fn encoders() {
    let (b, e, had) = UTF_16LE.encode("a\u{1F600}");
    assert_eq!((&*b, e, had), ("a\u{1F600}".as_bytes(), UTF_8, false));
    assert!(matches!(
        WINDOWS_1252.encode("abc").0,
        std::borrow::Cow::Borrowed(_)
    ));
    let (b, _, had) = WINDOWS_1251.encode("Жa\u{1F600}");
    assert_eq!((&*b, had), (&b"\xC6a&#128512;"[..], true));
    // Unpaired surrogates in UTF-16 input encode as U+FFFD would.
    let mut e = WINDOWS_1252.new_encoder();
    let mut out = [0u8; 32];
    let (r, read, w, had) = e.encode_from_utf16(&[0x61, 0xDC00, 0x62], &mut out, true);
    assert_eq!(
        (r, read, &out[..w], had),
        (CoderResult::InputEmpty, 3, &b"a&#65533;b"[..], true)
    );
    // Without replacement: the unmappable character is consumed and reported.
    let mut e = WINDOWS_1252.new_encoder();
    let (r, read, w) = e.encode_from_utf8_without_replacement("a\u{3042}b", &mut out, true);
    assert_eq!((r, read, w), (EncoderResult::Unmappable('\u{3042}'), 4, 1));
    // A surrogate pair split across calls.
    let mut e = UTF_8.new_encoder();
    let (r, read, w, _) = e.encode_from_utf16(&[0xD83D], &mut out, false);
    assert_eq!(
        (r, read, w, e.has_pending_state()),
        (CoderResult::InputEmpty, 1, 0, true)
    );
    let (r, read, w, _) = e.encode_from_utf16(&[0xDE00], &mut out, true);
    assert_eq!(
        (r, read, &out[..w]),
        (CoderResult::InputEmpty, 1, "\u{1F600}".as_bytes())
    );
    assert!(!e.has_pending_state());
    // Too small for an NCR: OutputFull without progress, InputEmpty if nothing to do.
    let mut e = WINDOWS_1252.new_encoder();
    assert_eq!(
        e.encode_from_utf8("a", &mut out[..9], true),
        (CoderResult::OutputFull, 0, 0, false)
    );
    assert_eq!(
        e.encode_from_utf8("", &mut out[..9], true),
        (CoderResult::InputEmpty, 0, 0, false)
    );
}

#[test]
fn clone_and_debug() {
    let mut d = UTF_8.new_decoder_without_bom_handling();
    let mut out = [0u8; 8];
    let _ = d.decode_to_utf8(b"\xE2\x82", &mut out, false);
    let mut d2 = d.clone();
    assert_eq!(
        d2.decode_to_utf8(b"\xAC", &mut out, true),
        (CoderResult::InputEmpty, 1, 3, false)
    );
    assert!(d.decode_to_utf8(b"A", &mut out, true).3);
    assert!(format!("{d:?}").contains("UTF-8"));
    let e = WINDOWS_1252.new_encoder();
    assert!(format!("{:?}", e.clone()).contains("windows-1252"));
}

#[test]
fn valid_up_to_helpers() {
    assert_eq!(Encoding::utf8_valid_up_to(b"ab\xC3\xA9\xE2\x82"), 4);
    assert_eq!(Encoding::ascii_valid_up_to(b"ab\x80"), 2);
    assert_eq!(Encoding::iso_2022_jp_ascii_valid_up_to(b"ab\x1B(B"), 2);
    assert_eq!(Encoding::iso_2022_jp_ascii_valid_up_to(b"a\x0Eb"), 1);
    let d = WINDOWS_1252.new_decoder_without_bom_handling();
    assert_eq!(d.latin1_byte_compatible_up_to(b"ab\xE9\x80"), Some(3));
    assert_eq!(
        WINDOWS_1252
            .new_decoder()
            .latin1_byte_compatible_up_to(b"ab"),
        None
    );
    assert_eq!(
        UTF_16LE
            .new_decoder_without_bom_handling()
            .latin1_byte_compatible_up_to(b"ab"),
        None
    );
    assert_eq!(
        UTF_8
            .new_decoder_without_bom_handling()
            .latin1_byte_compatible_up_to(b"ab\xC3"),
        Some(2)
    );
}
