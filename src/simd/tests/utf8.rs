//! UTF-8 validation and UTF-8 -> UTF-16, on random inputs and on every short
//! sequence at every position.

use super::*;

#[test]
fn utf8_validation_and_to_utf16() {
    for isa in isas() {
        let what = std::format!("{isa:?}");
        for_inputs(bytes, |s| {
            same_out(
                &what,
                s.len(),
                1,
                0xAA,
                |d| on_isa::utf8_copy(isa, s, d),
                |d| scalar::utf8_copy(s, d),
            );
            assert_eq!(
                on_isa::utf8_valid_up_to(isa, s),
                scalar::utf8_valid_up_to(s),
                "{what} {s:02x?}"
            );
            same_out(
                &what,
                s.len(),
                1,
                0xAAAA,
                |d| on_isa::utf8_to_utf16(isa, s, d),
                |d| scalar::utf8_to_utf16(s, d),
            );
        });
    }
}

/// `utf8_copy` with the destination at every offset from a 32-byte boundary (the
/// vector kernels start their loops at a vector boundary of the destination, after
/// checking the bytes before it on their own), the source at a few: valid texts whose
/// characters cross that boundary, and an error at every one of the first 72 bytes,
/// with the whole room and with rooms ending near the start.
#[test]
fn utf8_copy_every_destination_offset() {
    let (len, dsts, errs): (usize, Vec<usize>, Vec<usize>) = if MIRI {
        (300, std::vec![1, 17], std::vec![0, 2, 20, 40])
    } else {
        (700, (0..32).collect(), (0..72).collect())
    };
    let (fills, src_offs): (&[&str], &[usize]) = if MIRI {
        (&["中", "a😀"], &[1])
    } else {
        (&["ж", "中", "a😀", "ab", "aж中😀"], &[0, 1, 3])
    };
    for isa in isas() {
        for fill in fills {
            let text = fill.repeat(len).into_bytes();
            let mut out = std::vec![0u8; len + 128];
            let mut want = out.clone();
            for &src_off in src_offs {
                let valid = &text[src_off..src_off + len];
                let mut cases: Vec<Option<usize>> = std::vec![None];
                cases.extend(errs.iter().map(|&e| Some(e)));
                for bad in cases {
                    let mut s = valid.to_vec();
                    if let Some(at) = bad {
                        // A lead byte where a continuation or a new character is due.
                        s[at] = if s[at] < 0x80 { 0xE4 } else { 0xC3 };
                    }
                    for &d in &dsts {
                        let at = ((out.as_ptr() as usize).wrapping_neg() + d) % 64;
                        for room in [len, 33, 290, 300] {
                            out.fill(0xAA);
                            want.fill(0xAA);
                            let r = on_isa::utf8_copy(isa, &s, &mut out[at..at + room]);
                            let w = scalar::utf8_copy(&s, &mut want[at..at + room]);
                            assert_eq!(r, w, "{isa:?} {fill} {src_off} {bad:?} dst {d} {room}");
                            assert!(
                                out == want,
                                "{isa:?} {fill} {src_off} {bad:?} dst {d} {room}"
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn utf8_validation_every_short_sequence() {
    if MIRI {
        return;
    }
    for isa in isas() {
        let mut buf = [b'a'; 80];
        for pos in [0, 30, 31, 62, 63, 64, 76] {
            for b0 in 0x80..=0xFFu8 {
                for b1 in 0..=0xFFu8 {
                    for b2 in [0x41, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xE1] {
                        for b3 in [0x41, 0x80, 0xBF, 0xF0] {
                            buf[pos] = b0;
                            buf[pos + 1] = b1;
                            buf[pos + 2] = b2;
                            buf[pos + 3] = b3;
                            let want = scalar::utf8_valid_up_to(&buf);
                            assert_eq!(
                                on_isa::utf8_valid_up_to(isa, &buf),
                                want,
                                "{isa:?} {pos} {:02x?}",
                                &buf[pos..pos + 4]
                            );
                            let s = &buf[..pos + 4];
                            if b0 >= 0xE0 && b3 == 0x41 {
                                assert_eq!(
                                    on_isa::utf8_valid_up_to(isa, s),
                                    scalar::utf8_valid_up_to(s),
                                    "{isa:?} {pos} end"
                                );
                            }
                        }
                    }
                }
            }
            buf[pos..pos + 4].copy_from_slice(b"aaaa");
        }
    }
}

/// UTF-8 to UTF-16 of every two-byte prefix (with a few third and fourth bytes) at
/// the edges of 64-byte blocks, inside ASCII, two- and three-byte text.
#[test]
fn utf8_to_utf16_every_short_sequence() {
    if MIRI {
        return;
    }
    for isa in isas() {
        for fill in ["a", "\u{436}", "\u{4E2D}"] {
            let text: Vec<u8> = fill.repeat(160).into_bytes();
            for pos in [0, 1, 2, 61, 62, 63, 64, 65, 126, 127] {
                let mut buf = text[..132].to_vec();
                // Start `pos` at a character boundary of the filler.
                let pos = pos - pos % fill.len();
                for b0 in 0x80..=0xFFu8 {
                    for b1 in (0..=0xFFu8).step_by(3).chain([0x80, 0x9F, 0xA0, 0xBF]) {
                        for b2 in [0x41, 0x80, 0x9F, 0xA0, 0xBF, 0xE1] {
                            buf[pos] = b0;
                            buf[pos + 1] = b1;
                            buf[pos + 2] = b2;
                            let mut a = [0u16; 140];
                            let mut b = [0u16; 140];
                            assert_eq!(
                                on_isa::utf8_to_utf16(isa, &buf, &mut a),
                                scalar::utf8_to_utf16(&buf, &mut b),
                                "{isa:?} {fill} {pos} {:02x?}",
                                &buf[pos..pos + 3]
                            );
                            assert_eq!(a, b, "{isa:?} {fill} {pos} {:02x?}", &buf[pos..pos + 3]);
                        }
                    }
                }
            }
        }
    }
}

/// UTF-8 to UTF-16 of texts longer than the stretches that the SSE2 kernel hands to
/// the scalar code (1,024 bytes): characters of every length across the stretch
/// ends at every offset, an invalid or truncated sequence near them, and output room
/// that runs out there.
#[test]
fn utf8_to_utf16_across_stretches() {
    if MIRI {
        return;
    }
    for isa in isas() {
        for fill in [
            "\u{436}",
            "\u{4E2D}",
            "\u{1F600}",
            "a\u{436}\u{4E2D}\u{1F600}",
        ] {
            for shift in 0..4 {
                let mut text = "a".repeat(shift).into_bytes();
                while text.len() < 2200 {
                    text.extend_from_slice(fill.as_bytes());
                }
                let check = |buf: &[u8], room: usize, what: &str| {
                    let mut a = std::vec![0u16; room];
                    let mut b = std::vec![0u16; room];
                    assert_eq!(
                        on_isa::utf8_to_utf16(isa, buf, &mut a),
                        scalar::utf8_to_utf16(buf, &mut b),
                        "{isa:?} {fill} {shift} {what}"
                    );
                    assert_eq!(a, b, "{isa:?} {fill} {shift} {what}");
                };
                check(&text, text.len(), "whole");
                for room in 1015..1035 {
                    check(&text, room, "room");
                }
                for end in 2040..2056 {
                    check(&text[..end], end, "truncated");
                }
                for pos in (1018..1030).chain(2044..2052) {
                    for bad in [0x80u8, 0xC0, 0xE0, 0xF5, 0xFF] {
                        let mut buf = text.clone();
                        buf[pos] = bad;
                        check(&buf, buf.len(), "invalid");
                    }
                }
            }
        }
    }
}

/// The compare-based validator of the SSE2 tier (`kernels::utf8_validate_sse2`),
/// through its entry points (the scalar code where the CPU has no SSE2).
mod sse2 {
    use super::*;

    /// `core::str::from_utf8`'s valid prefix: the oracle.
    fn oracle(s: &[u8]) -> usize {
        core::str::from_utf8(s).map_or_else(|e| e.valid_up_to(), |_| s.len())
    }

    /// Checks `utf8_valid_up_to` of SSE2 on `s` against the oracle, and that its
    /// `wtf8_valid_prefix` covers that prefix and stops only before a surrogate or
    /// an ill-formed or incomplete sequence.
    fn check(s: &[u8], what: &dyn core::fmt::Debug) {
        let want = oracle(s);
        assert_eq!(
            on_isa::utf8_valid_up_to(Isa::Sse2, s),
            want,
            "{what:?} len {}",
            s.len()
        );
        // The WTF-8 mode lets surrogate sequences through (its contract is checked in
        // `tests::wtf8`): at least the UTF-8 prefix.
        let r = on_isa::wtf8_valid_prefix(Isa::Sse2, s);
        assert!(r >= want, "wtf8 {what:?} len {}", s.len());
        assert!(
            r == s.len() || s[r] == 0xED || oracle(&s[r..]) == 0,
            "wtf8 {what:?} len {} stops at {r}",
            s.len()
        );
    }

    /// Checks `utf8_copy` of SSE2 on `s` with the output room `room` (its result,
    /// and the whole output buffer: nothing written past the result).
    fn check_copy(s: &[u8], room: usize, what: &dyn core::fmt::Debug) {
        let mut d = std::vec![0xAAu8; room];
        let want = oracle(&s[..s.len().min(room)]);
        let got = on_isa::utf8_copy(Isa::Sse2, s, &mut d);
        assert_eq!(got, want, "copy {what:?} len {} room {room}", s.len());
        assert_eq!(&d[..got], &s[..got], "copy {what:?} room {room}");
        assert!(
            d[got..].iter().all(|&b| b == 0xAA),
            "copy {what:?} wrote past {got}, room {room}"
        );
    }

    /// The offset into `buf` of its first 64-byte boundary: the kernel's groups
    /// start there, so positions are placed relative to it.
    fn boundary(buf: &[u8]) -> usize {
        (buf.as_ptr() as usize).wrapping_neg() % 64
    }

    /// Text of `len` bytes from the pieces, valid, of one kind: 0 mixed, 1 two-byte
    /// (Cyrillic-like), 2 three-byte (CJK-like) with ASCII, 3 with four-byte ones and
    /// the edge characters of every length; with `damage`, rare corruptions.
    fn text(rng: &mut Rng, kind: usize, len: usize, damage: bool) -> Vec<u8> {
        const EDGES: [&str; 14] = [
            "\u{80}",
            "\u{7FF}",
            "\u{800}",
            "\u{FFF}",
            "\u{1000}",
            "\u{D7FF}",
            "\u{E000}",
            "\u{FFFF}",
            "\u{10000}",
            "\u{3FFFF}",
            "\u{40000}",
            "\u{FFFFF}",
            "\u{100000}",
            "\u{10FFFF}",
        ];
        let mut v = Vec::with_capacity(len + 4);
        while v.len() < len {
            let r = rng.below(16);
            let piece: &str = match (kind, r) {
                (_, 0..=4) => [" ", "a", "<p>", ".", "\n"][r],
                (1, _) => ["ж", "ё", "é", "ש"][r % 4],
                (2, _) => ["中", "文", "。", "ア"][r % 4],
                (3, 5..=9) => EDGES[rng.below(EDGES.len())],
                _ => ["ж", "中", "😀", "\u{E01}", "\u{D55C}"][r % 5],
            };
            v.extend_from_slice(piece.as_bytes());
            if damage && rng.below(200) == 0 {
                let k = v.len() - 1;
                match rng.below(5) {
                    0 => v[k] = rng.next() as u8,
                    1 => {
                        v.pop();
                    }
                    2 => v.push(0x80 | rng.below(64) as u8),
                    3 => v.push(0xC0 | rng.below(64) as u8),
                    _ => v.extend_from_slice(&[0xED, 0xA0 | rng.below(32) as u8, 0x80]),
                }
            }
        }
        v.truncate(len);
        v
    }

    /// Every length 0..=300 at every offset 0..64 into texts of every kind, with and
    /// without damage; `utf8_copy` with every room for some of them.
    #[test]
    fn sse2_every_alignment_and_length() {
        let (offs, lens, step) = if MIRI { (4, 70, 23) } else { (64, 301, 1) };
        let mut rng = Rng(0x55E2_0001);
        for kind in 0..4 {
            for damage in [false, true] {
                let buf = text(&mut rng, kind, offs + lens + 8, damage);
                for off in 0..offs {
                    for len in (0..lens).step_by(step) {
                        let s = &buf[off..off + len];
                        check(s, &(kind, damage, off));
                        if !MIRI && off % 7 == 0 && len % 5 == 0 {
                            for room in 0..=len + 1 {
                                check_copy(s, room, &(kind, damage, off));
                            }
                        }
                    }
                }
            }
        }
    }

    /// Every lead with every second byte and representative third and fourth bytes,
    /// at positions around the vectors and blocks of the group loop, in ASCII,
    /// two-byte and three-byte text (which the block classes depend on); also cut
    /// short right after.
    #[test]
    fn sse2_every_short_sequence_at_block_edges() {
        if MIRI {
            return;
        }
        let thirds = [0x41, 0x80, 0x8F, 0x90, 0xA0, 0xBF, 0xC0];
        let fourths = [0x41, 0x80, 0xC0];
        for fill in ["a", "ж", "中"] {
            let text = fill.repeat(1100).into_bytes();
            let len = 4 * 256;
            let mut own = std::vec![0u8; len + 64];
            // Slices whose first 64-byte boundary is `a` bytes in: the groups start
            // there (or a block later, if `a` is under a vector).
            for a in [0, 5] {
                let shift = (boundary(&own) + 64 - a) % 64;
                let start = if a < 16 { a + 64 } else { a };
                let rels = [
                    -3, -2, -1, 0, 1, 2, 14, 16, 61, 62, 63, 64, 65, 78, 79, 256, 257, 318, 319,
                    320, 449, 510, 511,
                ];
                for rel in rels {
                    let pos = (start as isize + 256 + rel) as usize;
                    let pos = pos - pos % fill.len();
                    let s = &mut own[shift..shift + len];
                    s.copy_from_slice(&text[..len]);
                    assert_eq!(boundary(s), a);
                    for b0 in 0x80..=0xFFu8 {
                        for b1 in 0..=0xFFu8 {
                            for b2 in thirds {
                                for b3 in fourths {
                                    s[pos..pos + 4].copy_from_slice(&[b0, b1, b2, b3]);
                                    assert_eq!(
                                        on_isa::utf8_valid_up_to(Isa::Sse2, s),
                                        oracle(s),
                                        "{fill} {a} {rel} {:02x?}",
                                        &s[pos..pos + 4]
                                    );
                                    if b3 == 0x41 {
                                        let t = &s[..pos + 3];
                                        assert_eq!(
                                            on_isa::utf8_valid_up_to(Isa::Sse2, t),
                                            oracle(t),
                                            "{fill} {a} {rel} end {:02x?}",
                                            &t[pos..]
                                        );
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Every sequence of one to four bytes (valid or not: every lead and second byte,
    /// the edges of the third and fourth) at every position of a short text (the
    /// head and tail code).
    #[test]
    fn sse2_sequences_at_every_position() {
        let (len, step, seconds) = if MIRI {
            (40, 13, &[0x80u8, 0x9F, 0xA0, 0xBF, 0x41][..])
        } else {
            (
                160,
                1,
                &[
                    0x00u8, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xE0, 0xFF,
                ][..],
            )
        };
        let leads: Vec<u8> = if MIRI {
            std::vec![0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5]
        } else {
            (0x80..=0xFF).collect()
        };
        for fill in ["a", "ж"] {
            let text = fill.repeat(len).into_bytes();
            for pos in (0..len - 4).step_by(step) {
                for &b0 in &leads {
                    for &b1 in seconds {
                        // Under Miri (50 s of CI with all nine), four of them.
                        let (b2s, b3s): (&[u8], &[u8]) = if MIRI {
                            (&[0x41, 0xBF], &[0x80, 0xC3])
                        } else {
                            (&[0x41, 0x80, 0xBF], &[0x80, 0xBF, 0xC3])
                        };
                        for &b2 in b2s {
                            for &b3 in b3s {
                                let mut s = text[..len].to_vec();
                                s[pos..pos + 4].copy_from_slice(&[b0, b1, b2, b3]);
                                check(&s, &(fill, pos));
                                check(&s[..pos + 2], &(fill, pos, "cut"));
                            }
                        }
                    }
                }
            }
        }
    }

    /// Sequences cut short by the end of the input, after texts of every length.
    #[test]
    fn sse2_truncated_at_end() {
        let lens = if MIRI { 40..48 } else { 16..700 };
        for fill in ["a", "ж", "中", "😀"] {
            let text = fill.repeat(700).into_bytes();
            for len in lens.clone() {
                for open in [
                    &b"\xC3"[..],
                    b"\xE4",
                    b"\xE4\xB8",
                    b"\xF0",
                    b"\xF0\x9F",
                    b"\xF0\x9F\x98",
                    b"\xED\xA0",
                    b"\xE0\x80",
                    b"\xF4\x90",
                ] {
                    let mut s = text[..len].to_vec();
                    s.extend_from_slice(open);
                    check(&s, &(fill, len, open));
                    let room = s.len();
                    check_copy(&s, room, &(fill, len, open));
                }
            }
        }
    }

    /// An error (or a valid character, then an error) right after ASCII runs of
    /// every length: the ASCII groups and blocks, and what ends them.
    #[test]
    fn sse2_errors_after_ascii_runs() {
        let runs = if MIRI { 60..70 } else { 0..1100 };
        let bads: [&[u8]; 10] = [
            b"\x80",
            b"\xC3",
            b"\xC3a",
            b"\xC0\x80",
            b"\xE4\xB8a",
            b"\xED\xA0\x80",
            b"\xF0\x8F\xBF\xBF",
            b"\xF4\x90\x80\x80",
            b"\xF8",
            b"\xE4\xB8\xADa\xFF",
        ];
        let mut buf = std::vec![b'a'; 1200 + 64];
        let shift = boundary(&buf);
        for run in runs {
            for bad in bads {
                let s = &mut buf[shift..shift + run + bad.len() + 40];
                s[run..run + bad.len()].copy_from_slice(bad);
                check(s, &(run, bad));
                s[run..run + bad.len()].fill(b'a');
            }
        }
    }

    /// Corpus-like random texts of every kind, long enough for many groups, with
    /// rare damage, from several offsets; `utf8_copy` across its 8 KiB stretches
    /// (with the room ending near them).
    #[test]
    fn sse2_random_texts() {
        let (rounds, max) = if MIRI { (4, 400) } else { (3000, 20_000) };
        let mut rng = Rng(0x55E2_0002);
        for round in 0..rounds {
            let len = rng.below(max);
            let kind = round % 4;
            let s = text(&mut rng, kind, len, round % 3 == 0);
            let off = rng.below(4).min(s.len());
            check(&s[off..], &(round, kind));
            let room = if round % 2 == 0 {
                s.len()
            } else {
                8192 - 4 + rng.below(8)
            };
            check_copy(&s[off..], room, &(round, kind));
        }
        if !MIRI {
            for fill in ["ж", "中", "😀", "a\u{436}"] {
                let text = fill.repeat(20_000 / fill.len()).into_bytes();
                for end in 8180..8200 {
                    check_copy(&text[..end], end, &(fill, end));
                    check_copy(&text, end, &(fill, end, "room"));
                    let mut bad = text.clone();
                    bad[end] = 0xFF;
                    check_copy(&bad, bad.len(), &(fill, end, "bad"));
                }
            }
        }
    }

    /// `utf8_copy` of texts long enough for the group loop, with every room, valid
    /// and with an error or a cut sequence near the ends of its groups: nothing past
    /// the valid length is written (a group's last vector is held back).
    #[test]
    fn sse2_copy_every_room_across_groups() {
        let (len, step) = if MIRI { (340, 37) } else { (1100, 1) };
        let mut buf = std::vec![0u8; len + 64];
        for a in [0, 5, 40] {
            let shift = (boundary(&buf) + 64 - a) % 64;
            let start = if a < 16 { a + 64 } else { a };
            for fill in ["ж", "中", "a😀"] {
                let text: Vec<u8> = fill.repeat(len).into_bytes();
                for bad in [
                    None,
                    Some(start + 256 - 1),
                    Some(start + 512 - 2),
                    Some(start + 256 + 64),
                ] {
                    let s = &mut buf[shift..shift + len];
                    s.copy_from_slice(&text[..len]);
                    if let Some(at) = bad {
                        if at < len {
                            s[at] = 0xC3;
                        }
                    }
                    for room in (0..=len).step_by(step) {
                        check_copy(s, room, &(a, fill, bad));
                    }
                }
            }
        }
    }

    /// The WTF-8 prefix on SSE2 covers at least the UTF-8 valid prefix, and where it
    /// is short of the input a surrogate or an error starts there, also with
    /// surrogates and surrogate pairs written as two sequences (the rest of its
    /// contract is checked in `tests::wtf8`).
    #[test]
    fn sse2_wtf8_prefix_covers_utf8_prefix() {
        let (rounds, max) = if MIRI { (4, 200) } else { (2000, 3000) };
        let mut rng = Rng(0x55E2_0003);
        for round in 0..rounds {
            let len = rng.below(max);
            let mut s = text(&mut rng, round % 4, len, false);
            // A character boundary.
            let mut at = rng.below(oracle(&s) + 1);
            while core::str::from_utf8(&s[..at]).is_err() {
                at -= 1;
            }
            let ins: &[u8] = match round % 3 {
                0 => &[0xED, 0xA0, 0x80],
                1 => &[0xED, 0xB0, 0x80],
                _ => &[0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80],
            };
            s.splice(at..at, ins.iter().copied());
            let r = on_isa::wtf8_valid_prefix(Isa::Sse2, &s);
            assert!(r >= oracle(&s), "round {round}");
            assert!(r == s.len() || s[r] == 0xED || oracle(&s[r..]) == 0);
        }
    }
}

/// `utf8_copy` and `utf8_valid_up_to` on every ISA and in the scalar code against
/// `core::str::from_utf8`: runs of ASCII of every length up to 140 before a byte
/// that cannot start a character there (a continuation byte, `C0`, `F5`..) or a
/// truncated sequence, then more ASCII or the end. (The scalar code's ASCII prefix
/// goes 32 bytes a step; with valid input alone, a check there that let continuation
/// bytes through passed the other tests.)
#[test]
fn invalid_after_ascii_runs_match_std() {
    let bad: [&[u8]; 9] = [
        b"\x80",
        b"\xBF",
        b"\xC0\x80",
        b"\xC1\xBF",
        b"\xF5\x80\x80\x80",
        b"\xFF",
        b"\xE0\x80",
        b"\xED\xA0\x80",
        b"\xE4\xB8",
    ];
    let runs: Vec<usize> = if MIRI {
        std::vec![0, 31, 33, 70]
    } else {
        (0..=140).collect()
    };
    for &run in &runs {
        for b in bad {
            for tail in [0, 1, 40] {
                let mut s = std::vec![b'a'; run];
                s.extend_from_slice(b);
                s.extend(core::iter::repeat_n(b'b', tail));
                let want = match core::str::from_utf8(&s) {
                    Ok(_) => s.len(),
                    Err(e) => e.valid_up_to(),
                };
                let mut out = std::vec![0xAAu8; s.len() + 8];
                assert_eq!(scalar::utf8_copy(&s, &mut out), want, "scalar {s:02x?}");
                assert_eq!(&out[..want], &s[..want]);
                assert!(out[want..].iter().all(|&x| x == 0xAA), "scalar wrote past");
                assert_eq!(scalar::utf8_valid_up_to(&s), want);
                for isa in isas() {
                    let mut out = std::vec![0xAAu8; s.len() + 8];
                    assert_eq!(
                        on_isa::utf8_copy(isa, &s, &mut out),
                        want,
                        "{isa:?} {s:02x?}"
                    );
                    assert_eq!(&out[..want], &s[..want]);
                    assert!(out[want..].iter().all(|&x| x == 0xAA), "{isa:?} wrote past");
                    assert_eq!(on_isa::utf8_valid_up_to(isa, &s), want, "{isa:?} {s:02x?}");
                }
            }
        }
    }
}
