//! Rust-side tests of the C API: every `extern "C"` function called as C calls it,
//! checked against the Rust API (the oracle) on random and adversarial input with
//! random splits and tiny buffers, plus the argument checks and the claims the
//! `unsafe` code rests on.

use core::ptr::{null, null_mut};
use textcodec_c::*;

/// All 40 statics, in the spec's order.
fn all() -> Vec<*const Encoding> {
    [
        &UTF_8_ENCODING,
        &UTF_16BE_ENCODING,
        &UTF_16LE_ENCODING,
        &IBM866_ENCODING,
        &ISO_8859_2_ENCODING,
        &ISO_8859_3_ENCODING,
        &ISO_8859_4_ENCODING,
        &ISO_8859_5_ENCODING,
        &ISO_8859_6_ENCODING,
        &ISO_8859_7_ENCODING,
        &ISO_8859_8_ENCODING,
        &ISO_8859_8_I_ENCODING,
        &ISO_8859_10_ENCODING,
        &ISO_8859_13_ENCODING,
        &ISO_8859_14_ENCODING,
        &ISO_8859_15_ENCODING,
        &ISO_8859_16_ENCODING,
        &KOI8_R_ENCODING,
        &KOI8_U_ENCODING,
        &MACINTOSH_ENCODING,
        &WINDOWS_874_ENCODING,
        &WINDOWS_1250_ENCODING,
        &WINDOWS_1251_ENCODING,
        &WINDOWS_1252_ENCODING,
        &WINDOWS_1253_ENCODING,
        &WINDOWS_1254_ENCODING,
        &WINDOWS_1255_ENCODING,
        &WINDOWS_1256_ENCODING,
        &WINDOWS_1257_ENCODING,
        &WINDOWS_1258_ENCODING,
        &X_MAC_CYRILLIC_ENCODING,
        &GBK_ENCODING,
        &GB18030_ENCODING,
        &BIG5_ENCODING,
        &EUC_JP_ENCODING,
        &ISO_2022_JP_ENCODING,
        &SHIFT_JIS_ENCODING,
        &EUC_KR_ENCODING,
        &X_USER_DEFINED_ENCODING,
        &REPLACEMENT_ENCODING,
    ]
    .iter()
    .map(|c| c.0)
    .collect()
}

fn name(e: *const Encoding) -> String {
    let mut buf = [0u8; ENCODING_NAME_MAX_LENGTH];
    // SAFETY: the buffer has ENCODING_NAME_MAX_LENGTH bytes.
    let n = unsafe { encoding_name(e, buf.as_mut_ptr()) };
    String::from_utf8(buf[..n].to_vec()).unwrap()
}

/// The Rust encoding a C pointer stands for.
fn rust(e: *const Encoding) -> &'static textcodec::Encoding {
    textcodec::Encoding::for_label(name(e).as_bytes()).unwrap()
}

/// xorshift64*: a small deterministic generator for test input.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// Random bytes, biased towards what the encodings' byte ranges have in them.
    fn bytes(&mut self, len: usize) -> Vec<u8> {
        (0..len)
            .map(|_| match self.below(4) {
                0 => self.below(0x80) as u8,
                1 => 0x80 + self.below(0x40) as u8,
                2 => [0x1B, 0x24, 0x28, 0x42, 0x4A, 0x0E, 0x0F, 0xFE, 0xFF][self.below(9)],
                _ => self.next() as u8,
            })
            .collect()
    }
    /// Random text with characters from every plane the encodings care about.
    fn text(&mut self, chars: usize) -> String {
        (0..chars)
            .map(|_| {
                let c = match self.below(6) {
                    0 => self.below(0x80) as u32,
                    1 => 0x80 + self.below(0x780) as u32,
                    2 => 0x3000 + self.below(0x7000) as u32,
                    3 => 0xAC00 + self.below(0x2BA4) as u32,
                    4 => 0xFF00 + self.below(0x100) as u32,
                    _ => 0x10000 + self.below(0x30000) as u32,
                };
                char::from_u32(c).unwrap_or('\u{FFFD}')
            })
            .collect()
    }
}

#[test]
fn statics_names_and_labels() {
    let all = all();
    let max = all.iter().map(|&e| name(e).len()).max().unwrap();
    assert_eq!(max, ENCODING_NAME_MAX_LENGTH);
    for (i, &e) in all.iter().enumerate() {
        assert!(!all[..i].contains(&e));
        let n = name(e);
        assert_eq!(rust(e).name(), n);
        // SAFETY: valid slices.
        unsafe {
            assert_eq!(encoding_for_name(n.as_ptr(), n.len()), e);
            assert_eq!(encoding_for_label(n.as_ptr(), n.len()), e);
        }
        assert_eq!(encoding_output_encoding(e), {
            let out = rust(e).output_encoding().name();
            // SAFETY: valid slice.
            unsafe { encoding_for_name(out.as_ptr(), out.len()) }
        });
        assert_eq!(encoding_is_single_byte(e), rust(e).is_single_byte());
        assert_eq!(
            encoding_is_ascii_compatible(e),
            rust(e).is_ascii_compatible()
        );
        assert_eq!(
            encoding_can_encode_everything(e),
            rust(e).can_encode_everything()
        );
    }
    // Any pointer value is safe to pass as an encoding.
    for bogus in [
        null(),
        core::ptr::without_provenance::<Encoding>(1),
        usize::MAX as *const Encoding,
    ] {
        assert!(!encoding_is_ascii_compatible(bogus));
        assert!(encoding_output_encoding(bogus).is_null());
        assert!(encoding_new_decoder(bogus).is_null());
        assert!(encoding_new_encoder(bogus).is_null());
        assert_eq!(name(bogus), "");
    }
}

/// The SAFETY argument of the UTF-8 encoders: textcodec's UTF-8 validation accepts
/// exactly what `str` accepts. Every sequence of up to three bytes, and four-byte
/// sequences over every lead with the boundary values of the trail bytes, alone and
/// behind an ASCII prefix of every length up to 64 (for the vector paths).
#[test]
fn utf8_validation_agrees_with_str() {
    let check = |bytes: &[u8]| {
        let expected = match core::str::from_utf8(bytes) {
            Ok(_) => bytes.len(),
            Err(e) => e.valid_up_to(),
        };
        // SAFETY: a valid slice.
        let got = unsafe { encoding_utf8_valid_up_to(bytes.as_ptr(), bytes.len()) };
        assert_eq!(got, expected, "{bytes:02X?}");
    };
    for a in 0..=255u8 {
        check(&[a]);
        for b in 0..=255u8 {
            check(&[a, b]);
            for c in 0..=255u8 {
                check(&[a, b, c]);
            }
        }
    }
    let edges = [
        0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF4, 0xFF,
    ];
    let mut buf = vec![b'a'; 64];
    for lead in 0xF0..=0xFF {
        for &b in &edges {
            for &c in &edges {
                for &d in &edges {
                    check(&[lead, b, c, d]);
                    for pad in [1, 15, 31, 60, 63] {
                        buf.truncate(pad);
                        buf.extend_from_slice(&[lead, b, c, d, b'z']);
                        check(&buf);
                    }
                }
            }
        }
    }
    let mut rng = Rng(7);
    for _ in 0..2000 {
        let mut text = {
            let n = rng.below(200);
            rng.text(n)
        }
        .into_bytes();
        if !text.is_empty() && rng.below(2) == 0 {
            let at = rng.below(text.len());
            text[at] = rng.next() as u8;
        }
        check(&text);
    }
}

/// Decodes through the C API with the given split and output size, to UTF-8.
fn c_decode(
    d: *mut Decoder,
    input: &[u8],
    chunk: usize,
    room: usize,
    replacing: bool,
) -> (Vec<u8>, bool) {
    let mut out = Vec::new();
    let mut buf = vec![0u8; room];
    let mut errors = false;
    let mut pos = 0;
    loop {
        let end = (pos + chunk).min(input.len());
        let last = end == input.len();
        let mut stalls = 0;
        loop {
            let mut src_len = end - pos;
            let mut dst_len = room;
            let mut replaced = false;
            // SAFETY: valid buffers and pointers.
            let r = unsafe {
                if replacing {
                    decoder_decode_to_utf8(
                        d,
                        input[pos..].as_ptr(),
                        &mut src_len,
                        buf.as_mut_ptr(),
                        &mut dst_len,
                        last,
                        &mut replaced,
                    )
                } else {
                    decoder_decode_to_utf8_without_replacement(
                        d,
                        input[pos..].as_ptr(),
                        &mut src_len,
                        buf.as_mut_ptr(),
                        &mut dst_len,
                        last,
                    )
                }
            };
            out.extend_from_slice(&buf[..dst_len]);
            pos += src_len;
            errors |= replaced;
            match r {
                INPUT_EMPTY => break,
                OUTPUT_FULL => {
                    stalls = if src_len == 0 && dst_len == 0 {
                        stalls + 1
                    } else {
                        0
                    };
                    assert!(stalls < 3, "no progress with room {room}");
                }
                malformed => {
                    assert!(!replacing);
                    let (bad, after) = (malformed & 0xFF, malformed >> 8);
                    assert!((1..=3).contains(&bad) && after <= 3, "{malformed:#X}");
                    out.extend_from_slice("\u{FFFD}".as_bytes());
                    errors = true;
                }
            }
        }
        if last {
            return (out, errors);
        }
    }
}

#[test]
fn decoders_match_the_rust_api_at_any_split() {
    let mut rng = Rng(1);
    for &e in &all() {
        for round in 0..12 {
            let input = {
                let n = rng.below(300);
                rng.bytes(n)
            };
            let (expected, _, expected_errors) = rust(e).decode(&input);
            let expected = expected.into_owned();
            let chunk = 1 + rng.below(if round % 2 == 0 { 4 } else { 64 });
            let room = 4 + rng.below(if round % 3 == 0 { 4 } else { 100 });
            let replacing = round % 4 != 3;
            let d = encoding_new_decoder(e);
            let (got, errors) = c_decode(d, &input, chunk, room, replacing);
            // SAFETY: from encoding_new_decoder, freed once.
            unsafe { decoder_free(d) };
            assert_eq!(String::from_utf8(got).unwrap(), expected, "{}", name(e));
            assert_eq!(errors, expected_errors, "{}", name(e));
        }
    }
}

/// Output buffers below the documented minimum (0–3 bytes, 0–1 units) never
/// panic or write out of bounds: the decoder either progresses or says the output
/// is full.
#[test]
fn tiny_output_buffers_are_safe() {
    let mut rng = Rng(2);
    for &e in &all() {
        let input = rng.bytes(64);
        for room in 0..4 {
            for replacing in [true, false] {
                let d = encoding_new_decoder(e);
                let mut buf = vec![0u8; room];
                let mut pos = 0;
                for _ in 0..200 {
                    let mut src_len = input.len() - pos;
                    let mut dst_len = room;
                    // SAFETY: valid buffers and pointers.
                    let r = unsafe {
                        if replacing {
                            decoder_decode_to_utf8(
                                d,
                                input[pos..].as_ptr(),
                                &mut src_len,
                                buf.as_mut_ptr(),
                                &mut dst_len,
                                true,
                                null_mut(),
                            )
                        } else {
                            decoder_decode_to_utf8_without_replacement(
                                d,
                                input[pos..].as_ptr(),
                                &mut src_len,
                                buf.as_mut_ptr(),
                                &mut dst_len,
                                true,
                            )
                        }
                    };
                    assert!(dst_len <= room && src_len <= input.len() - pos);
                    pos += src_len;
                    if r == INPUT_EMPTY {
                        break;
                    }
                }
                // SAFETY: from encoding_new_decoder, freed once.
                unsafe { decoder_free(d) };
                let d = encoding_new_decoder(e);
                let mut units = vec![0u16; room / 2];
                let mut src_len = input.len();
                let mut dst_len = units.len();
                // SAFETY: valid buffers and pointers.
                unsafe {
                    decoder_decode_to_utf16(
                        d,
                        input.as_ptr(),
                        &mut src_len,
                        units.as_mut_ptr(),
                        &mut dst_len,
                        true,
                        null_mut(),
                    );
                    decoder_free(d);
                }
                assert!(dst_len <= units.len());
            }
        }
    }
}

/// Encodes valid UTF-8 through the C API in chunks at character boundaries.
fn c_encode_utf8(
    e: *mut Encoder,
    text: &str,
    room: usize,
    replacing: bool,
    rng: &mut Rng,
) -> (Vec<u8>, Option<u32>) {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut buf = vec![0u8; room];
    let mut pos = 0;
    loop {
        let mut end = (pos + 1 + rng.below(40)).min(bytes.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        let last = end == bytes.len();
        loop {
            let mut src_len = end - pos;
            let mut dst_len = room;
            // SAFETY: valid buffers and pointers.
            let r = unsafe {
                if replacing {
                    encoder_encode_from_utf8(
                        e,
                        bytes[pos..].as_ptr(),
                        &mut src_len,
                        buf.as_mut_ptr(),
                        &mut dst_len,
                        last,
                        null_mut(),
                    )
                } else {
                    encoder_encode_from_utf8_without_replacement(
                        e,
                        bytes[pos..].as_ptr(),
                        &mut src_len,
                        buf.as_mut_ptr(),
                        &mut dst_len,
                        last,
                    )
                }
            };
            out.extend_from_slice(&buf[..dst_len]);
            pos += src_len;
            match r {
                INPUT_EMPTY => break,
                OUTPUT_FULL => assert!(src_len + dst_len > 0, "no progress with room {room}"),
                unmappable => return (out, Some(unmappable)),
            }
        }
        if last {
            return (out, None);
        }
    }
}

#[test]
fn encoders_match_the_rust_api_at_any_split() {
    let mut rng = Rng(3);
    for &e in &all() {
        for round in 0..10 {
            let text = {
                let n = rng.below(150);
                rng.text(n)
            };
            let room = 14 + rng.below(if round % 2 == 0 { 6 } else { 200 });
            let enc = encoding_new_encoder(e);
            let (got, stop) = c_encode_utf8(enc, &text, room, true, &mut rng);
            let (expected, _, _) = rust(e).encode(&text);
            assert_eq!(stop, None);
            assert_eq!(got, &*expected, "{}", name(e));
            // SAFETY: from encoding_new_encoder, freed once.
            unsafe { encoder_free(enc) };

            // Without replacement: stops at the first unmappable character.
            let enc = encoding_new_encoder(e);
            let (got, stop) = c_encode_utf8(enc, &text, room, false, &mut rng);
            let mut oracle = rust(e).new_encoder();
            let mut expected = vec![0u8; text.len() * 4 + 16];
            let (r, _, written) =
                oracle.encode_from_utf8_without_replacement(&text, &mut expected, true);
            match r {
                textcodec::EncoderResult::Unmappable(c) => {
                    assert_eq!(stop, Some(u32::from(c)));
                    assert_eq!(got, &expected[..written]);
                }
                _ => {
                    assert_eq!(stop, None);
                    assert_eq!(got, &expected[..written]);
                }
            }
            // SAFETY: from encoding_new_encoder, freed once.
            unsafe { encoder_free(enc) };

            // From UTF-16, one unit at a time (surrogate pairs split).
            let units: Vec<u16> = text.encode_utf16().collect();
            let enc = encoding_new_encoder(e);
            let mut got = Vec::new();
            let mut buf = [0u8; 14];
            for i in 0..=units.len() {
                let mut left = usize::from(i < units.len());
                let mut p = i;
                loop {
                    let mut src_len = left;
                    let mut dst_len = buf.len();
                    // SAFETY: valid buffers and pointers (p <= units.len()).
                    let r = unsafe {
                        encoder_encode_from_utf16(
                            enc,
                            units.as_ptr().add(p),
                            &mut src_len,
                            buf.as_mut_ptr(),
                            &mut dst_len,
                            i == units.len(),
                            null_mut(),
                        )
                    };
                    got.extend_from_slice(&buf[..dst_len]);
                    p += src_len;
                    left -= src_len;
                    if r == INPUT_EMPTY {
                        break;
                    }
                    assert_eq!(r, OUTPUT_FULL);
                }
            }
            let (expected, _, _) = rust(e).encode(&text);
            assert_eq!(got, &*expected, "{} from UTF-16", name(e));
            // SAFETY: from encoding_new_encoder, freed once.
            unsafe { encoder_free(enc) };
        }
    }
}

/// Invalid UTF-8 anywhere, with any output room: the valid part before it is
/// encoded exactly, then `TEXTCODEC_INVALID_UTF8` at its offset.
#[test]
fn encoders_stop_at_invalid_utf8() {
    let mut rng = Rng(4);
    for &e in &[
        UTF_8_ENCODING.0,
        WINDOWS_1252_ENCODING.0,
        SHIFT_JIS_ENCODING.0,
        ISO_2022_JP_ENCODING.0,
    ] {
        for _ in 0..200 {
            let mut bytes = {
                let n = 1 + rng.below(120);
                rng.text(n)
            }
            .into_bytes();
            let at = rng.below(bytes.len());
            bytes[at] = [0x80, 0xBF, 0xC0, 0xC1, 0xF5, 0xFF, 0xED][rng.below(7)];
            let Err(err) = core::str::from_utf8(&bytes) else {
                continue;
            };
            let valid = err.valid_up_to();
            let room = 14 + rng.below(60);
            let enc = encoding_new_encoder(e);
            let mut out = Vec::new();
            let mut buf = vec![0u8; room];
            let mut pos = 0;
            let result = loop {
                let mut src_len = bytes.len() - pos;
                let mut dst_len = room;
                // SAFETY: valid buffers and pointers.
                let r = unsafe {
                    encoder_encode_from_utf8(
                        enc,
                        bytes[pos..].as_ptr(),
                        &mut src_len,
                        buf.as_mut_ptr(),
                        &mut dst_len,
                        true,
                        null_mut(),
                    )
                };
                out.extend_from_slice(&buf[..dst_len]);
                pos += src_len;
                if r != OUTPUT_FULL {
                    break r;
                }
                assert!(src_len + dst_len > 0, "OUTPUT_FULL without progress");
            };
            assert_eq!(result, TEXTCODEC_INVALID_UTF8);
            assert_eq!(pos, valid);
            let mut oracle = rust(e).new_encoder();
            let prefix = core::str::from_utf8(&bytes[..valid]).unwrap();
            let mut expected = vec![0u8; prefix.len() * 12 + 16];
            let (_, _, written, _) = oracle.encode_from_utf8(prefix, &mut expected, false);
            assert_eq!(out, &expected[..written], "{}", name(e));
            // SAFETY: from encoding_new_encoder, freed once.
            unsafe { encoder_free(enc) };
        }
    }
}

#[test]
fn bad_streaming_arguments() {
    let d = encoding_new_decoder(UTF_8_ENCODING.0);
    let mut dst = [0u8; 8];
    let src = *b"abcdefgh";
    let (mut src_len, mut dst_len) = (3usize, 8usize);
    // SAFETY: every pointer is valid or NULL; the bad ones are refused.
    unsafe {
        assert_eq!(
            decoder_decode_to_utf8(
                null_mut(),
                src.as_ptr(),
                &mut src_len,
                dst.as_mut_ptr(),
                &mut dst_len,
                true,
                null_mut()
            ),
            TEXTCODEC_INVALID_ARGUMENT
        );
        assert_eq!((src_len, dst_len), (0, 0));
        let misaligned = (dst.as_mut_ptr() as usize | 1) as *mut u16;
        (src_len, dst_len) = (3, 2);
        assert_eq!(
            decoder_decode_to_utf16(
                d,
                src.as_ptr(),
                &mut src_len,
                misaligned,
                &mut dst_len,
                true,
                null_mut()
            ),
            TEXTCODEC_INVALID_ARGUMENT
        );
        (src_len, dst_len) = (usize::MAX, 8);
        assert_eq!(
            decoder_decode_to_utf8(
                d,
                src.as_ptr(),
                &mut src_len,
                dst.as_mut_ptr(),
                &mut dst_len,
                true,
                null_mut()
            ),
            TEXTCODEC_INVALID_ARGUMENT
        );
        // A misaligned length pointer.
        let mut lens = [0usize; 3];
        let odd = (lens.as_mut_ptr() as usize + 1) as *mut usize;
        dst_len = 8;
        assert_eq!(
            decoder_decode_to_utf8(
                d,
                src.as_ptr(),
                odd,
                dst.as_mut_ptr(),
                &mut dst_len,
                true,
                null_mut()
            ),
            TEXTCODEC_INVALID_ARGUMENT
        );
        assert_eq!(lens, [0; 3]);
        assert_eq!(dst_len, 0);
        // The decoder as a buffer.
        (src_len, dst_len) = (decoder_size(), 8);
        assert_eq!(
            decoder_decode_to_utf8(
                d,
                d.cast::<u8>(),
                &mut src_len,
                dst.as_mut_ptr(),
                &mut dst_len,
                true,
                null_mut()
            ),
            TEXTCODEC_INVALID_ARGUMENT
        );
        // Still usable.
        (src_len, dst_len) = (8, 8);
        assert_eq!(
            decoder_decode_to_utf8(
                d,
                src.as_ptr(),
                &mut src_len,
                dst.as_mut_ptr(),
                &mut dst_len,
                true,
                null_mut()
            ),
            INPUT_EMPTY
        );
        assert_eq!(&dst, &src);
        decoder_free(d);
        decoder_free(null_mut());
        decoder_free(core::ptr::without_provenance_mut(1)); // misaligned: not ours, ignored
        encoder_free(core::ptr::without_provenance_mut(3));
    }
}

/// Every mem function with every output length from 0 up: the too-short ones are
/// refused (never a panic, in this debug-assertion build too), the long enough
/// ones agree with the Rust API.
#[test]
fn mem_lengths_never_panic() {
    let mut rng = Rng(5);
    for _ in 0..100 {
        let text = {
            let n = rng.below(12);
            rng.text(n)
        };
        let mut bytes = text.clone().into_bytes();
        if rng.below(3) == 0 && !bytes.is_empty() {
            let at = rng.below(bytes.len());
            bytes[at] = rng.next() as u8;
        }
        let units: Vec<u16> = text.encode_utf16().collect();
        let latin1: Vec<u8> = {
            let n = rng.below(12);
            rng.bytes(n)
        };
        for room in 0..=bytes.len().max(units.len()) * 3 + 2 {
            let mut d8 = vec![0u8; room];
            let mut d16 = vec![0u16; room];
            // SAFETY: valid buffers of the lengths given.
            unsafe {
                let n = encoding_mem_convert_utf8_to_utf16(
                    bytes.as_ptr(),
                    bytes.len(),
                    d16.as_mut_ptr(),
                    room,
                );
                if room > bytes.len() {
                    let mut expected = vec![0u16; room];
                    let m = textcodec::mem::convert_utf8_to_utf16(&bytes, &mut expected);
                    assert_eq!(&d16[..n], &expected[..m]);
                } else {
                    assert_eq!(n, usize::MAX);
                }
                let n = encoding_mem_convert_str_to_utf16(
                    bytes.as_ptr(),
                    bytes.len(),
                    d16.as_mut_ptr(),
                    room,
                );
                let valid = core::str::from_utf8(&bytes).is_ok();
                if room >= bytes.len() && valid {
                    assert_eq!(
                        String::from_utf16(&d16[..n]).unwrap().as_bytes(),
                        &bytes[..]
                    );
                } else {
                    assert_eq!(n, usize::MAX);
                }
                let n = encoding_mem_convert_utf16_to_utf8(
                    units.as_ptr(),
                    units.len(),
                    d8.as_mut_ptr(),
                    room,
                );
                if room >= units.len() * 3 {
                    assert_eq!(&d8[..n], text.as_bytes());
                } else {
                    assert_eq!(n, usize::MAX);
                }
                let (mut sl, mut dl) = (units.len(), room);
                assert!(encoding_mem_convert_utf16_to_utf8_partial(
                    units.as_ptr(),
                    &mut sl,
                    d8.as_mut_ptr(),
                    &mut dl
                ));
                assert!(text.as_bytes().starts_with(&d8[..dl]));
                let n = encoding_mem_convert_latin1_to_utf8(
                    latin1.as_ptr(),
                    latin1.len(),
                    d8.as_mut_ptr(),
                    room,
                );
                if room >= latin1.len() * 2 {
                    assert_eq!(&d8[..n], textcodec::mem::decode_latin1(&latin1).as_bytes());
                } else {
                    assert_eq!(n, usize::MAX);
                }
                let (mut sl, mut dl) = (latin1.len(), room);
                assert!(encoding_mem_convert_latin1_to_utf8_partial(
                    latin1.as_ptr(),
                    &mut sl,
                    d8.as_mut_ptr(),
                    &mut dl
                ));
                assert!(textcodec::mem::decode_latin1(&latin1)
                    .as_bytes()
                    .starts_with(&d8[..dl]));
                assert_eq!(
                    encoding_mem_convert_latin1_to_utf16(
                        latin1.as_ptr(),
                        latin1.len(),
                        d16.as_mut_ptr(),
                        room
                    ),
                    room >= latin1.len()
                );
                // Any UTF-8, Latin1 or not, valid or not: no panic, and a Latin1
                // prefix converts exactly.
                let n = encoding_mem_convert_utf8_to_latin1_lossy(
                    bytes.as_ptr(),
                    bytes.len(),
                    d8.as_mut_ptr(),
                    room,
                );
                if room >= bytes.len() {
                    let up_to = textcodec::mem::utf8_latin1_up_to(&bytes);
                    let prefix = core::str::from_utf8(&bytes[..up_to]).unwrap();
                    let expected: Vec<u8> = prefix.chars().map(|c| c as u8).collect();
                    assert_eq!(&d8[..n], &expected[..]);
                } else {
                    assert_eq!(n, usize::MAX);
                }
                assert_eq!(
                    encoding_mem_convert_utf16_to_latin1_lossy(
                        units.as_ptr(),
                        units.len(),
                        d8.as_mut_ptr(),
                        room
                    ),
                    room >= units.len()
                );
                let n = encoding_mem_copy_ascii_to_ascii(
                    bytes.as_ptr(),
                    bytes.len(),
                    d8.as_mut_ptr(),
                    room,
                );
                assert_eq!(
                    n,
                    if room >= bytes.len() {
                        textcodec::mem::ascii_valid_up_to(&bytes)
                    } else {
                        usize::MAX
                    }
                );
                let n = encoding_mem_copy_ascii_to_basic_latin(
                    bytes.as_ptr(),
                    bytes.len(),
                    d16.as_mut_ptr(),
                    room,
                );
                assert_eq!(
                    n,
                    if room >= bytes.len() {
                        textcodec::mem::ascii_valid_up_to(&bytes)
                    } else {
                        usize::MAX
                    }
                );
                let n = encoding_mem_copy_basic_latin_to_ascii(
                    units.as_ptr(),
                    units.len(),
                    d8.as_mut_ptr(),
                    room,
                );
                assert_eq!(
                    n,
                    if room >= units.len() {
                        textcodec::mem::basic_latin_valid_up_to(&units)
                    } else {
                        usize::MAX
                    }
                );
            }
        }
        // SAFETY: valid buffers.
        unsafe {
            assert_eq!(
                encoding_mem_is_utf8_bidi(bytes.as_ptr(), bytes.len()),
                textcodec::mem::is_utf8_bidi(&bytes)
            );
            assert_eq!(
                encoding_mem_is_str_bidi(bytes.as_ptr(), bytes.len()),
                textcodec::mem::is_utf8_bidi(&bytes)
            );
            assert_eq!(
                encoding_mem_is_str_latin1(bytes.as_ptr(), bytes.len()),
                textcodec::mem::is_utf8_latin1(&bytes)
            );
            assert_eq!(
                encoding_mem_check_str_for_latin1_and_bidi(bytes.as_ptr(), bytes.len()) as u32,
                textcodec::mem::check_utf8_for_latin1_and_bidi(&bytes) as u32
            );
            assert_eq!(
                encoding_mem_is_utf16_bidi(units.as_ptr(), units.len()),
                textcodec::mem::is_utf16_bidi(&units)
            );
            assert_eq!(
                encoding_mem_utf16_valid_up_to(units.as_ptr(), units.len()),
                units.len()
            );
        }
    }
}

/// Encodings are shared statics; decoders and encoders may be used from any thread
/// (one thread at a time each).
#[test]
fn threads() {
    let text = "Grüße, 世界! ☃".repeat(50);
    let handles: Vec<_> = (0..4)
        .map(|t| {
            let text = text.clone();
            std::thread::spawn(move || {
                for &e in all().iter().skip(t).step_by(4) {
                    let enc = encoding_new_encoder(e);
                    let mut out = vec![0u8; text.len() * 12];
                    let (mut sl, mut dl) = (text.len(), out.len());
                    // SAFETY: valid buffers; the encoder is this thread's.
                    let r = unsafe {
                        encoder_encode_from_utf8(
                            enc,
                            text.as_ptr(),
                            &mut sl,
                            out.as_mut_ptr(),
                            &mut dl,
                            true,
                            null_mut(),
                        )
                    };
                    assert_eq!(r, INPUT_EMPTY);
                    assert_eq!(&out[..dl], &*rust(e).encode(&text).0);
                    // SAFETY: freed once.
                    unsafe { encoder_free(enc) };
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    // A decoder moved to another thread.
    let d = encoding_new_decoder(SHIFT_JIS_ENCODING.0) as usize;
    std::thread::spawn(move || {
        let d = d as *mut Decoder;
        let mut out = [0u8; 8];
        let (mut sl, mut dl) = (2, 8);
        // SAFETY: valid buffers; the decoder is used by this thread only.
        unsafe {
            assert_eq!(
                decoder_decode_to_utf8(
                    d,
                    b"\x82\xA0".as_ptr(),
                    &mut sl,
                    out.as_mut_ptr(),
                    &mut dl,
                    true,
                    null_mut()
                ),
                INPUT_EMPTY
            );
            decoder_free(d);
        }
        assert_eq!(&out[..dl], "あ".as_bytes());
    })
    .join()
    .unwrap();
}

#[test]
fn into_caller_memory() {
    #[repr(C, align(16))]
    struct Space([u8; 512]);
    assert!(decoder_size() <= 512 && decoder_alignment() <= 16);
    assert!(encoder_size() <= 512 && encoder_alignment() <= 16);
    let mut space = Space([0xAA; 512]);
    let d = space.0.as_mut_ptr().cast::<Decoder>();
    // SAFETY: aligned, large enough, used by this thread only; never passed to
    // decoder_free.
    unsafe {
        assert!(encoding_new_decoder_into(EUC_JP_ENCODING.0, d));
        assert_eq!(decoder_encoding(d), EUC_JP_ENCODING.0);
        assert!(!encoding_new_decoder_into(
            EUC_JP_ENCODING.0,
            d.cast::<u8>().add(1).cast()
        ));
        assert!(encoding_new_encoder_into(EUC_JP_ENCODING.0, d.cast()));
        assert_eq!(encoder_encoding(d.cast()), EUC_JP_ENCODING.0);
    }
}
