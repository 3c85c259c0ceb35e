//! The WTF-8 kernels of every ISA. The prefix kernel (`wtf8_valid_prefix`): what it
//! returns is a well-formed WTF-8 prefix at a character boundary, at least the UTF-8
//! prefix, and where it stops there is a surrogate or an error; and a loop over it (as
//! `wtf8::wtf8_valid_up_to` runs) finds exactly the reference's longest prefix.
//! WTF-8 -> UTF-16 (`wtf8_to_utf16`) and UTF-16 -> WTF-8 (`utf16_to_wtf8`, and the
//! AVX-512 `units_to_utf8` kernel in its WTF-8 mode, in both byte orders) against the
//! code-point-at-a-time references, at every position and room.

use super::*;

/// Whether `s[i..]` starts with a surrogate sequence; its value.
fn surrogate_at(s: &[u8], i: usize) -> Option<u16> {
    match s.get(i..i + 3) {
        Some(&[0xED, b1 @ 0xA0..=0xBF, b2 @ 0x80..=0xBF]) => {
            Some(0xD000 | (u16::from(b1 & 0x3F) << 6) | u16::from(b2 & 0x3F))
        }
        _ => None,
    }
}

/// The longest well-formed WTF-8 prefix, from the spec's definition, a code point at a
/// time (generalized UTF-8 without a lead surrogate followed by a trail one).
fn reference(s: &[u8]) -> usize {
    let (mut i, mut after_lead) = (0, false);
    while i < s.len() {
        if let Some(u) = surrogate_at(s, i) {
            if after_lead && u >= 0xDC00 {
                return i;
            }
            after_lead = u < 0xDC00;
            i += 3;
            continue;
        }
        let k = scalar::utf8_valid_up_to(&s[i..]);
        if k == 0 {
            return i;
        }
        // One character at a time, so `after_lead` stays exact.
        let len = match s[i] {
            0..=0x7F => 1,
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            _ => 4,
        };
        i += len;
        after_lead = false;
    }
    i
}

/// Checks the kernel's contract on `s` and returns its result.
fn check_prefix(isa: Isa, s: &[u8]) -> usize {
    let r = on_isa::wtf8_valid_prefix(isa, s);
    assert!(r <= s.len());
    assert!(
        r >= scalar::utf8_valid_up_to(s),
        "{isa:?} below UTF-8 {s:02x?}"
    );
    assert_eq!(
        reference(&s[..r]),
        r,
        "{isa:?} ill-formed prefix {r} of {s:02x?}"
    );
    if r < s.len() {
        assert!(
            surrogate_at(s, r).is_some() || scalar::utf8_valid_up_to(&s[r..]) == 0,
            "{isa:?} stopped at {r} without cause in {s:02x?}"
        );
    }
    r
}

/// The loop `wtf8::wtf8_valid_up_to` runs over the kernel.
fn driver(isa: Isa, s: &[u8]) -> usize {
    let (mut i, mut after_lead) = (0, false);
    loop {
        while let Some(u) = surrogate_at(s, i) {
            if after_lead && u >= 0xDC00 {
                return i;
            }
            after_lead = u < 0xDC00;
            i += 3;
        }
        let k = check_prefix(isa, &s[i..]);
        if k == 0 {
            return i;
        }
        i += k;
        after_lead = i >= 3 && surrogate_at(s, i - 3).is_some_and(|u| u < 0xDC00);
    }
}

const LEAD: [u8; 3] = [0xED, 0xA0, 0x80];
const TRAIL: [u8; 3] = [0xED, 0xB0, 0x80];

/// Text with lone surrogates, pairs written as two sequences, and rare damage.
fn text(rng: &mut Rng, len: usize, ascii: bool) -> Vec<u8> {
    let mut v = Vec::with_capacity(len + 4);
    while v.len() < len {
        match rng.below(if ascii { 400 } else { 40 }) {
            0 => {
                v.extend_from_slice(&[0xED, 0xA0 | rng.below(16) as u8, 0x80 | rng.below(64) as u8])
            }
            1 => {
                v.extend_from_slice(&[0xED, 0xB0 | rng.below(16) as u8, 0x80 | rng.below(64) as u8])
            }
            2 if rng.below(8) == 0 => {
                v.extend_from_slice(&LEAD);
                v.extend_from_slice(&TRAIL);
            }
            3 if rng.below(16) == 0 => v.push(rng.next() as u8),
            4 if rng.below(16) == 0 => v.extend_from_slice(&[0xEF, 0xBF]),
            5..=12 => v.extend_from_slice("ж".as_bytes()),
            13..=20 => v.extend_from_slice("中".as_bytes()),
            21 => v.extend_from_slice("😀".as_bytes()),
            22 => v.extend_from_slice("\u{D7FF}".as_bytes()),
            23 => v.extend_from_slice("\u{E000}".as_bytes()),
            // `EE A0..=BF`: the SSE tiers' surrogate rule flags it falsely (see
            // `utf8_validate_sse2::AFTER_ED_ELSE`).
            24 => v.extend_from_slice(
                char::from_u32(0xE800 + rng.below(0x800) as u32)
                    .unwrap()
                    .encode_utf8(&mut [0; 4])
                    .as_bytes(),
            ),
            _ => v.push(b'a' + rng.below(26) as u8),
        }
    }
    v
}

#[test]
fn wtf8_prefix_random_text() {
    let (rounds, long, short) = if MIRI {
        (6, 160, 100)
    } else {
        (4000, 3000, 700)
    };
    for isa in isas() {
        let mut rng = Rng(0x5eed_f00d ^ isa as u64);
        for round in 0..rounds {
            let len = rng.below(if round % 8 == 0 { long } else { short });
            let s = text(&mut rng, len, round % 2 == 0);
            let start = rng.below(4).min(s.len());
            let s = &s[start..];
            assert_eq!(driver(isa, s), reference(s), "{isa:?} round {round}");
        }
    }
}

/// A lead and a trail surrogate sequence (a pair, ill-formed) or one of them with
/// other bytes between, at every position around the blocks, in ASCII and in
/// non-ASCII text: the stop is exact.
#[test]
fn wtf8_prefix_pairs_at_every_position() {
    let (len, step) = if MIRI { (72, 7) } else { (600, 1) };
    for isa in isas() {
        // `EE A0..=BF`: falsely flagged by the SSE tiers' surrogate rule.
        for fill in [
            &b"a"[..],
            "ж".as_bytes(),
            "中".as_bytes(),
            "a\u{E900}".as_bytes(),
        ] {
            let base: Vec<u8> = fill.iter().copied().cycle().take(len).collect();
            for pos in (0..len - 8).step_by(step) {
                for gap in [&b""[..], b"a", b"\xED\xA0\x80", b"\xED\xB0\x80"] {
                    let mut s = base.clone();
                    let mut ins = LEAD.to_vec();
                    ins.extend_from_slice(gap);
                    ins.extend_from_slice(&TRAIL);
                    s.splice(pos..pos, ins);
                    assert_eq!(driver(isa, &s), reference(&s), "{isa:?} {pos} {gap:02x?}");
                }
                let mut s = base.clone();
                s.splice(pos..pos, TRAIL);
                assert_eq!(driver(isa, &s), reference(&s), "{isa:?} lone trail {pos}");
            }
        }
    }
}

/// A sequence left open before an ASCII block, and the same just before a trail
/// surrogate: the open sequence is an error, not a surrogate flag.
#[test]
fn wtf8_prefix_open_sequences() {
    let sizes: &[usize] = if MIRI {
        &[64]
    } else {
        &[64, 128, 256, 320, 512, 1024]
    };
    let tail = if MIRI { 70 } else { 300 };
    for isa in isas() {
        for &n in sizes {
            for open in [&b"\xEF\xBF"[..], b"\xE4", b"\xF0\x9F\x98", b"\xDF"] {
                for at in [n - 3, n - 2, n - 1, n, n + 1, n / 2] {
                    let mut s = "ж".repeat(n).into_bytes();
                    s.truncate(at);
                    s.extend_from_slice(open);
                    s.extend(core::iter::repeat_n(b'a', tail));
                    s.extend_from_slice(&TRAIL);
                    s.extend(core::iter::repeat_n(b'a', tail));
                    assert_eq!(
                        driver(isa, &s),
                        reference(&s),
                        "{isa:?} {n} {at} {open:02x?}"
                    );
                }
            }
        }
    }
}

/// An ill-formed or truncated sequence (or a surrogate) at every position of texts
/// long enough for several groups, after ASCII, two-, three- and four-byte text: the
/// UTF-8 validation (which rechecks the vectors of a failed group to find where the
/// scalar code starts) stops exactly where the scalar code does, and the WTF-8 loop
/// exactly where the reference does.
#[test]
fn utf8_and_wtf8_stop_at_every_position() {
    let (len, step) = if MIRI { (140, 29) } else { (1100, 1) };
    let bad: [&[u8]; 9] = [
        b"\x80",
        b"\xC0\x80",
        b"\xE4\x41",
        b"\xF0\x9F\x98\x41",
        b"\xED\xA0\x80",
        b"\xED\xB0\x80",
        b"\xF4\x90\x80\x80",
        b"\xE0\x80\x80",
        b"\xFF",
    ];
    for isa in isas() {
        for fill in [&b"a"[..], "ж".as_bytes(), "中".as_bytes(), "😀a".as_bytes()] {
            let base: Vec<u8> = fill.iter().copied().cycle().take(len).collect();
            // Start at a character boundary of the fill.
            for pos in (0..len - 8).step_by(step).filter(|&p| p % fill.len() == 0) {
                for b in bad {
                    let mut s = base.clone();
                    s.splice(pos..pos, b.iter().copied());
                    assert_eq!(
                        on_isa::utf8_valid_up_to(isa, &s),
                        scalar::utf8_valid_up_to(&s),
                        "{isa:?} {pos} {b:02x?} {fill:02x?}"
                    );
                    assert_eq!(driver(isa, &s), reference(&s), "{isa:?} {pos} {b:02x?}");
                }
            }
        }
    }
}

/// Two trail surrogate sequences in the same lane of different vectors of a group
/// (16, 32 or 64 bytes apart, or a multiple): a lone one and then one after a lead
/// (the error flags of the group's vectors are ORed, so one lane stands for both).
#[test]
fn wtf8_prefix_trails_in_one_lane() {
    let (len, step) = if MIRI { (300, 37) } else { (700, 1) };
    for isa in isas() {
        for first in (1..len - 300).step_by(step) {
            for apart in [16, 32, 48, 64, 128, 192] {
                let mut s = std::vec![b'a'; len];
                // The second byte of each trail sequence at `first` and `first + apart`.
                s[first - 1..first + 2].copy_from_slice(&TRAIL);
                let second = first + apart;
                s[second - 4..second - 1].copy_from_slice(&LEAD);
                s[second - 1..second + 2].copy_from_slice(&TRAIL);
                assert_eq!(driver(isa, &s), reference(&s), "{isa:?} {first} {apart}");
                assert_eq!(reference(&s), second - 1);
            }
        }
    }
}

/// A sequence left open before an ASCII block whose error bits equal the surrogate
/// flag (a two-byte lead `CF` last, or a three-byte lead `EF` second to last), with a
/// lone trail surrogate sequence in the same lane of another vector of the group (the
/// flags are ORed together): the open sequence is still an error.
#[test]
fn wtf8_prefix_open_sequence_beside_a_trail() {
    let (ends, step): (&[usize], usize) = if MIRI {
        (&[128], 61)
    } else {
        (&[64, 128, 192, 256, 320, 384], 1)
    };
    for isa in isas() {
        for &end in ends {
            for open in [&b"\xCF"[..], b"\xEF\x80"] {
                // Three-byte text, ASCII padding up to the open sequence, which ends at
                // `end`, then ASCII.
                let text = end - open.len();
                let mut base: Vec<u8> = "中".repeat(text / 3).into_bytes();
                base.resize(text, b'a');
                base.extend_from_slice(open);
                base.extend(core::iter::repeat_n(b'a', 400));
                // A lone trail with its second byte at `at`, in place of a character.
                for at in (1..end + 300).step_by(step) {
                    let fits = if at + 2 <= text / 3 * 3 {
                        at % 3 == 1
                    } else {
                        at > end
                    };
                    if !fits {
                        continue;
                    }
                    let mut s = base.clone();
                    s[at - 1..at + 2].copy_from_slice(&TRAIL);
                    assert_eq!(reference(&s), text);
                    assert_eq!(driver(isa, &s), text, "{isa:?} {end} {open:02x?} {at}");
                }
            }
        }
    }
}

/// `s` copied to a place `align` bytes past a 64-byte boundary (the validators
/// start their groups at 64-byte boundaries, so where the blocks fall depends on it).
fn at_alignment(s: &[u8], align: usize, buf: &mut Vec<u8>) -> core::ops::Range<usize> {
    buf.clear();
    buf.resize(s.len() + 128, 0);
    let start = (align + 64 - buf.as_ptr() as usize % 64) % 64;
    buf[start..start + s.len()].copy_from_slice(s);
    start..start + s.len()
}

/// The alignments tried for the group layout: all, or a few under Miri.
fn alignments() -> Vec<usize> {
    if MIRI {
        std::vec![0, 1, 62]
    } else {
        (0..64).collect()
    }
}

/// A lone trail, a lone lead, a pair and a lead then a trail three bytes later, at
/// every position of ASCII text long enough for two groups and a tail, at every
/// alignment: every place within the 64-byte blocks and 256-byte groups, a pair split
/// across two blocks or two groups at every offset, flags in the last lanes of a
/// vector, the unaligned block before the first group. Also two lone surrogates in a
/// row that are not a pair (two leads, two trails, a trail then a lead) and U+D7FF
/// before a trail, which have an `ED` four bytes before a surrogate's second byte as a
/// pair has (the SSE kernels look at such a group again).
#[test]
fn wtf8_prefix_surrogates_at_every_alignment() {
    let (len, step) = if MIRI { (140, 29) } else { (660, 1) };
    let cases: [&[u8]; 8] = [
        &TRAIL,
        &LEAD,
        b"\xED\xA0\x80\xED\xB0\x80",
        b"\xED\xA0\x80a\xED\xB0\x80",
        b"\xED\xA0\x80\xED\xA0\x80",
        b"\xED\xB0\x80\xED\xB0\x80",
        b"\xED\xB0\x80\xED\xA0\x80",
        b"\xED\x9F\xBF\xED\xB0\x80",
    ];
    let mut buf = Vec::new();
    for isa in isas() {
        for align in alignments() {
            for pos in (0..len - 8).step_by(step) {
                // The surrogates in a row at every fourth alignment (where the blocks
                // fall in the text is what the alignment changes, and every position
                // is still tried at each of these), to keep the test short.
                let n = if align % 4 == 0 { cases.len() } else { 4 };
                for case in &cases[..n] {
                    let mut s = std::vec![b'a'; len];
                    s[pos..pos + case.len()].copy_from_slice(case);
                    let r = at_alignment(&s, align, &mut buf);
                    let s = &buf[r];
                    assert_eq!(
                        driver(isa, s),
                        reference(s),
                        "{isa:?} align {align} {pos} {case:02x?}"
                    );
                }
            }
        }
    }
}

/// A sequence left open at the end of a 64-byte block before an ASCII block, whose
/// error bits equal the surrogate flag (`CF` last, `EF` second to last), with lone
/// trail surrogate sequences in the same group (in the same lane or not), at every
/// alignment: the open sequence is still an error, and found at the right place.
#[test]
fn wtf8_prefix_open_sequence_and_trails_at_every_alignment() {
    let (len, step) = if MIRI { (200, 61) } else { (600, 1) };
    let mut buf = Vec::new();
    for isa in isas() {
        for align in alignments() {
            // The block boundaries in the text: `(align + end) % 64 == 0`.
            let first = (64 - align) % 64;
            for end in [first, first + 64, first + 128, first + 256] {
                for open in [&b"\xCF"[..], b"\xEF\x80", b"\xE4"] {
                    if end < open.len() + 1 || end + 8 > len {
                        continue;
                    }
                    for at in (1..len - 3).step_by(step) {
                        // A lone trail with its second byte at `at`, clear of the
                        // open sequence.
                        if at + 2 > end - open.len() && at <= end {
                            continue;
                        }
                        let mut s = std::vec![b'a'; len];
                        s[end - open.len()..end].copy_from_slice(open);
                        s[at - 1..at + 2].copy_from_slice(&TRAIL);
                        let r = at_alignment(&s, align, &mut buf);
                        let s = &buf[r];
                        assert_eq!(reference(s), end - open.len());
                        assert_eq!(
                            driver(isa, s),
                            end - open.len(),
                            "{isa:?} align {align} {end} {open:02x?} {at}"
                        );
                    }
                }
            }
        }
    }
}

/// UTF-8 validation with an ill-formed or truncated sequence at every position of
/// mostly ASCII and of two-byte text, at every alignment (the group layout follows
/// the alignment; the first blocks are unaligned).
#[test]
fn utf8_stops_at_every_position_and_alignment() {
    let (len, step) = if MIRI { (140, 31) } else { (600, 1) };
    let bad: [&[u8]; 4] = [b"\x80", b"\xE4\x41", b"\xED\xA0\x80", b"\xC3"];
    let mut buf = Vec::new();
    for isa in isas() {
        for fill in [&b"a"[..], "ж".as_bytes()] {
            let base: Vec<u8> = fill.iter().copied().cycle().take(len).collect();
            for align in alignments() {
                for pos in (0..len - 8).step_by(step).filter(|&p| p % fill.len() == 0) {
                    for b in bad {
                        let mut s = base.clone();
                        s.splice(pos..pos, b.iter().copied());
                        let r = at_alignment(&s, align, &mut buf);
                        let s = &buf[r];
                        assert_eq!(
                            on_isa::utf8_valid_up_to(isa, s),
                            scalar::utf8_valid_up_to(s),
                            "{isa:?} align {align} {pos} {b:02x?}"
                        );
                    }
                }
            }
        }
    }
}

/// The UTF-16 of the well-formed WTF-8 `s`, a code point at a time.
fn wtf8_units(s: &[u8]) -> Vec<u16> {
    let mut v = Vec::new();
    let mut i = 0;
    while i < s.len() {
        if let Some(u) = surrogate_at(s, i) {
            v.push(u);
            i += 3;
            continue;
        }
        let len = match s[i] {
            0..=0x7F => 1,
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            _ => 4,
        };
        let c = core::str::from_utf8(&s[i..i + len])
            .ok()
            .and_then(|t| t.chars().next());
        let mut buf = [0; 2];
        v.extend_from_slice(c.map_or(&[][..], |c| c.encode_utf16(&mut buf)));
        i += len;
    }
    v
}

/// `wtf8_to_utf16` at every room, on text with surrogates at every position of the
/// vector blocks: what it converts is a well-formed WTF-8 prefix at a character
/// boundary, its units exactly, and nothing after them is written.
#[test]
fn wtf8_to_utf16_surrogates_everywhere() {
    let mut rng = Rng(0x0BAD_5EED_1234_5678);
    let rounds = if MIRI { 2 } else { 200 };
    for isa in isas() {
        // Conversions that went through a surrogate: the AVX2 kernel must do some.
        let mut through = 0;
        for round in 0..rounds {
            let len = 40 + rng.below(300);
            let mut s = text(&mut rng, len, round % 2 == 0);
            // A surrogate at a position that moves through the blocks.
            let at = (round * 7) % s.len();
            let at = (0..=at).rev().find(|&k| s[k] & 0xC0 != 0x80).unwrap_or(0);
            s.splice(at..at, LEAD);
            let well_formed = reference(&s);
            let units = wtf8_units(&s[..well_formed]);
            for room in [0, 1, 7, 16, 33, 64, 100, units.len(), units.len() + 5] {
                let mut d = std::vec![0xAAAAu16; room];
                let (r, w) = on_isa::wtf8_to_utf16(isa, &s, &mut d);
                assert!(r <= well_formed, "{isa:?} read past the well-formed prefix");
                assert_eq!(reference(&s[..r]), r, "{isa:?} not at a boundary");
                assert_eq!(&d[..w], &wtf8_units(&s[..r])[..], "{isa:?} room {room}");
                assert!(
                    d[w..].iter().all(|&u| u == 0xAAAA),
                    "{isa:?} wrote past {w}"
                );
                through += usize::from((0..r).any(|k| surrogate_at(&s[..r], k).is_some()));
            }
        }
        if isa == Isa::Avx2 && isa.is_available() && !MIRI {
            assert!(
                through > 100,
                "only {through} conversions through a surrogate"
            );
        }
    }
}

/// The WTF-8 of potentially ill-formed UTF-16, a unit at a time (pairs as four
/// bytes, other surrogates as three).
fn wtf8_of(units: &[u16]) -> Vec<u8> {
    let mut v = Vec::new();
    let mut i = 0;
    while i < units.len() {
        let u = u32::from(units[i]);
        let c = match units.get(i + 1) {
            Some(&t) if u & 0xFC00 == 0xD800 && t & 0xFC00 == 0xDC00 => {
                i += 1;
                0x10000 + ((u & 0x3FF) << 10) + (u32::from(t) & 0x3FF)
            }
            _ => u,
        };
        i += 1;
        let len = match c {
            0..=0x7F => 1,
            0x80..=0x7FF => 2,
            0x800..=0xFFFF => 3,
            _ => 4,
        };
        let mut b = [0u8; 4];
        if len == 1 {
            b[0] = c as u8;
        } else {
            b[0] = ((0xF00u32 >> len) as u8) | (c >> (6 * (len - 1))) as u8;
            for (k, byte) in b.iter_mut().enumerate().take(len).skip(1) {
                *byte = 0x80 | ((c >> (6 * (len - 1 - k))) & 0x3F) as u8;
            }
        }
        v.extend_from_slice(&b[..len]);
    }
    v
}

/// `utf16_to_wtf8` at every room on UTF-16 with lone surrogates and pairs at every
/// position of the vectors: it stops only at a character boundary (never inside a
/// pair), writes exactly the WTF-8 of what it read, and on AVX2 and AVX-512 goes
/// through lone surrogates.
#[test]
fn utf16_to_wtf8_lone_surrogates_everywhere() {
    let mut rng = Rng(0x7A3D_9E11_C0DE_F00D);
    let rounds = if MIRI { 2 } else { 200 };
    for isa in isas() {
        let mut through = 0;
        for round in 0..rounds {
            let len = 40 + rng.below(200);
            let mut units: Vec<u16> = (0..len)
                .map(|_| match rng.below(if round % 2 == 0 { 60 } else { 8 }) {
                    0 => 0xD800 + rng.below(0x400) as u16,
                    1 => 0xDC00 + rng.below(0x400) as u16,
                    2 => 0x4E2D,
                    3 => 0x436,
                    _ => 0x61 + rng.below(26) as u16,
                })
                .collect();
            // A pair and a lone lead at positions that move through the vectors.
            let at = (round * 5) % (len - 3);
            units[at..at + 3].copy_from_slice(&[0xD83D, 0xDE00, 0xD800]);
            for room in [0, 2, 9, 40, 100, 3 * len, 3 * len + 7] {
                let mut d = std::vec![0xAAu8; room];
                let (r, w) = on_isa::utf16_to_wtf8(isa, &units, &mut d);
                assert!(r <= len);
                let pair_cut = r > 0
                    && r < len
                    && units[r - 1] & 0xFC00 == 0xD800
                    && units[r] & 0xFC00 == 0xDC00;
                assert!(!pair_cut, "{isa:?} stopped inside a pair at {r}");
                assert_eq!(&d[..w], &wtf8_of(&units[..r])[..], "{isa:?} room {room}");
                assert!(d[w..].iter().all(|&b| b == 0xAA), "{isa:?} wrote past {w}");
                let lone = (0..r).any(|k| {
                    let u = units[k];
                    (u & 0xFC00 == 0xD800 && units.get(k + 1).is_none_or(|&t| t & 0xFC00 != 0xDC00))
                        || (u & 0xFC00 == 0xDC00 && (k == 0 || units[k - 1] & 0xFC00 != 0xD800))
                });
                through += usize::from(lone);
            }
        }
        if matches!(isa, Isa::Avx2 | Isa::Avx512) && !MIRI {
            assert!(
                through > 100,
                "{isa:?}: only {through} conversions through a lone surrogate"
            );
        }
    }
}

/// The loop `wtf8::Wtf8::to_ill_formed_utf16_into` runs over the `wtf8_to_utf16`
/// kernel: surrogates at the start converted here, then the kernel. Returns (bytes
/// read, units written, kernel calls that converted a surrogate).
fn to_utf16_driver(isa: Isa, s: &[u8], d: &mut [u16]) -> (usize, usize, usize) {
    let (mut r, mut w, mut after_lead, mut through) = (0, 0, false, 0);
    loop {
        while let Some(u) = surrogate_at(s, r) {
            if (after_lead && u >= 0xDC00) || w == d.len() {
                return (r, w, through);
            }
            d[w] = u;
            (r, w, after_lead) = (r + 3, w + 1, u < 0xDC00);
        }
        let (rr, ww) = on_isa::wtf8_to_utf16(isa, &s[r..], &mut d[w..]);
        if rr == 0 {
            return (r, w, through);
        }
        through += usize::from(d[w..w + ww].iter().any(|&u| u & 0xF800 == 0xD800));
        (r, w) = (r + rr, w + ww);
        after_lead = d[w - 1] & 0xFC00 == 0xD800;
    }
}

/// WTF-8 -> UTF-16 with a lone lead, a lone trail, a lead directly followed by a trail
/// (which must stop) and a lead and a trail with one byte between, at every position
/// of the 64-byte blocks, in ASCII, two- and three-byte text, with every room near the
/// output's length: the driver's loop stops exactly where the reference does, and
/// writes exactly the units of what it read. On AVX-512 (whose blocks take surrogates)
/// the kernel must convert through them.
#[test]
fn wtf8_to_utf16_surrogates_at_every_position() {
    let (len, step) = if MIRI { (80, 11) } else { (420, 1) };
    let inserts: [&[u8]; 4] = [
        &LEAD,
        &TRAIL,
        b"\xED\xAF\xBF\xED\xB0\x80",
        b"\xED\xA5\x80a\xED\xBF\xBF",
    ];
    for isa in isas() {
        let mut through = 0;
        for fill in [&b"a"[..], "ж".as_bytes(), "中".as_bytes()] {
            let base: Vec<u8> = fill.iter().copied().cycle().take(len).collect();
            for pos in (0..len - 8).step_by(step).filter(|&p| p % fill.len() == 0) {
                for ins in inserts {
                    let mut s = base.clone();
                    s.splice(pos..pos, ins.iter().copied());
                    // A second lone surrogate further on, so a block holds two.
                    let q = (pos + ins.len() + 66 / fill.len() * fill.len()).min(s.len());
                    s.splice(q..q, TRAIL);
                    let well_formed = reference(&s);
                    let units = wtf8_units(&s[..well_formed]);
                    let rooms = [s.len(), units.len(), units.len() + 1, units.len() - 1, 64];
                    for room in rooms {
                        let mut d = std::vec![0xAAAAu16; room];
                        let (r, w, t) = to_utf16_driver(isa, &s, &mut d);
                        through += t;
                        if room >= units.len() {
                            assert_eq!(r, well_formed, "{isa:?} {pos} {ins:02x?} {fill:02x?}");
                        }
                        assert!(r <= well_formed && reference(&s[..r]) == r);
                        assert_eq!(
                            &d[..w],
                            &wtf8_units(&s[..r])[..],
                            "{isa:?} {pos} {ins:02x?}"
                        );
                        assert!(
                            d[w..].iter().all(|&u| u == 0xAAAA),
                            "{isa:?} wrote past {w}"
                        );
                    }
                }
            }
        }
        if matches!(isa, Isa::Avx2 | Isa::Avx512) && !MIRI {
            assert!(
                through > 1000,
                "{isa:?}: {through} calls through a surrogate"
            );
        }
    }
}

/// Whether `u` is a lead (high) surrogate.
fn is_lead(u: u16) -> bool {
    u & 0xFC00 == 0xD800
}

/// Whether `u` is a trail (low) surrogate.
fn is_trail(u: u16) -> bool {
    u & 0xFC00 == 0xDC00
}

/// Index of the lead surrogate of the first pair in `units`, else its length.
fn first_pair(units: &[u16]) -> usize {
    (0..units.len())
        .find(|&k| is_lead(units[k]) && units.get(k + 1).is_some_and(|&t| is_trail(t)))
        .unwrap_or(units.len())
}

/// The AVX-512 `units_to_utf8` kernel in its WTF-8 mode (`WTF8 = true`) on the bytes
/// of `units` in the target's byte order, or with `swap` the other one; `None` if the
/// CPU lacks AVX-512.
#[cfg(all(target_arch = "x86_64", not(miri)))]
fn avx512_units_to_wtf8(units: &[u16], swap: bool, dst: &mut [u8]) -> Option<(usize, usize)> {
    if !Isa::Avx512.is_available() {
        return None;
    }
    let bytes: Vec<u8> = units
        .iter()
        .flat_map(|&u| if swap { u.swap_bytes() } else { u }.to_ne_bytes())
        .collect();
    // SAFETY: the CPU has the AVX-512 features (checked above).
    Some(unsafe {
        if swap {
            x86_64::avx512::units_to_wtf8::<true>(&bytes, dst)
        } else {
            x86_64::avx512::units_to_wtf8::<false>(&bytes, dst)
        }
    })
}

/// Units around the AVX-512 kernel's 32-unit blocks with surrogates inserted at `pos`
/// (a second lone trail further on, so a block may hold two): the fills are ASCII,
/// two-byte, three-byte and mixed text.
fn surrogate_cases(len: usize, step: usize) -> Vec<Vec<u16>> {
    const INSERTS: [&[u16]; 7] = [
        &[0xD800],
        &[0xDFFF],
        &[0xD83D, 0xDE00],
        &[0xDBFF, 0xD83D, 0xDE00],
        &[0xDC00, 0xDBFF],
        &[0xD800, 0x61, 0xDC00],
        &[0xDBFF, 0xDFFF, 0xDBFF],
    ];
    let fills: [&[u16]; 4] = [&[0x61], &[0xE9], &[0x4E2D], &[0x61, 0x436, 0x4E2D, 0x20]];
    let mut out = Vec::new();
    for fill in fills {
        let base: Vec<u16> = fill.iter().copied().cycle().take(len).collect();
        for pos in (0..=len).step_by(step) {
            for ins in INSERTS {
                let mut u = base.clone();
                u.splice(pos..pos, ins.iter().copied());
                let q = pos + ins.len() + 37;
                if q < u.len() {
                    u[q] = 0xDD00;
                }
                out.push(u);
            }
        }
    }
    out
}

/// The AVX-512 `units_to_utf8` kernel in its WTF-8 mode, in both byte orders, with
/// lone leads and trails, pairs (a lead in the last lane of a block with its trail
/// in the next one among them), runs of both, and a lead at the end of the input, at
/// every position of the blocks and the tail, with every room: it writes exactly the
/// WTF-8 of the units it read (lone surrogates as three bytes) and nothing after
/// them, never reads the lead of a pair, and stops only at the first pair, at a
/// surrogate (of the scalar steps near the end of `dst`) or where the next unit does
/// not fit; with room for three bytes a unit, exactly at the first pair. In its UTF-8 mode
/// (`units_to_utf8` of UTF-16LE/BE) it stays equal to the scalar code.
#[cfg(all(target_arch = "x86_64", not(miri)))]
#[test]
fn avx512_units_to_wtf8_at_every_position_and_room() {
    if !Isa::Avx512.is_available() {
        std::eprintln!("no AVX-512: skipped");
        return;
    }
    let mut d = Vec::new();
    let mut through = 0;
    for units in surrogate_cases(100, 1) {
        let n = units.len();
        let stop = first_pair(&units);
        // Every unit on its own (lone surrogates as three bytes), up to the first pair.
        let mut offs = std::vec![0];
        let mut expect = Vec::new();
        for &u in &units[..stop] {
            expect.extend_from_slice(&wtf8_of(&[u]));
            offs.push(expect.len());
        }
        for swap in [false, true] {
            for room in 0..=3 * n + 2 {
                d.clear();
                d.resize(room, 0xAA);
                let Some((r, w)) = avx512_units_to_wtf8(&units, swap, &mut d) else {
                    return;
                };
                let at = || std::format!("swap {swap} room {room} stop {stop}: {units:04x?}");
                assert!(r <= stop, "read a pair's lead: {r}, {}", at());
                assert_eq!(w, offs[r], "written, read {r}, {}", at());
                assert_eq!(&d[..w], &expect[..w], "{}", at());
                assert!(
                    d[w..].iter().all(|&b| b == 0xAA),
                    "wrote past {w}, {}",
                    at()
                );
                if room >= 3 * n {
                    assert_eq!(r, stop, "{}", at());
                } else if r < stop {
                    let u = units[r];
                    let len = wtf8_of(&[u]).len();
                    assert!(
                        u & 0xF800 == 0xD800 || room - w < len,
                        "stopped at {r} without cause, {}",
                        at()
                    );
                }
                through += usize::from(units[..r].iter().any(|&u| u & 0xF800 == 0xD800));
            }
        }
        // UTF-8 mode: the dispatched UTF-16LE/BE kernel (the AVX-512 one from 16 units)
        // stays the scalar code's equal.
        for be in [false, true] {
            let bytes: Vec<u8> = units
                .iter()
                .flat_map(|&u| if be { u.to_be_bytes() } else { u.to_le_bytes() })
                .collect();
            for room in [0, 1, 40, 95, 96, 97, 2 * n, 3 * n] {
                let mut a = std::vec![0xAAu8; room];
                let mut b = a.clone();
                let ra = on_isa::units_to_utf8(Isa::Avx512, &bytes, &mut a, be);
                let rb = scalar::units_to_utf8(&bytes, &mut b, be);
                assert_eq!((ra, &a), (rb, &b), "UTF-8 mode, be {be}, room {room}");
            }
        }
    }
    assert!(through > 100_000, "{through} calls through a surrogate");
}

/// The loop `wtf8::convert_utf16_to_wtf8` runs over the `utf16_to_wtf8` kernel of
/// `isa`: lone surrogates where the kernel stops converted here. Returns (units read,
/// bytes written, kernel calls).
fn from_utf16_driver(isa: Isa, src: &[u16], dst: &mut [u8]) -> (usize, usize, usize) {
    let (mut r, mut w, mut calls) = (0, 0, 0);
    loop {
        let (rr, ww) = on_isa::utf16_to_wtf8(isa, &src[r..], &mut dst[w..]);
        calls += 1;
        r += rr;
        w += ww;
        let mut progressed = rr > 0;
        while let Some(&u) = src.get(r) {
            let paired = is_lead(u) && src.get(r + 1).is_some_and(|&t| is_trail(t));
            if u & 0xF800 != 0xD800 || paired || dst.len() - w < 3 {
                break;
            }
            dst[w..w + 3].copy_from_slice(&wtf8_of(&[u]));
            r += 1;
            w += 3;
            progressed = true;
        }
        if r == src.len() || !progressed {
            return (r, w, calls);
        }
    }
}

/// `utf16_to_wtf8` (the dispatched kernel with its pair handling) and the loop of
/// `convert_utf16_to_wtf8` over it, on every ISA, with the cases of
/// [`avx512_units_to_wtf8_at_every_position_and_room`] and rooms around the output's
/// length: the loop converts exactly the reference's WTF-8 (pairs as four bytes) of
/// what it read, reads all with room for it, and on AVX-512 the first call (with room
/// for three bytes a unit) goes through every lone surrogate before the first pair.
#[test]
fn utf16_to_wtf8_surrogates_at_every_position() {
    let step = if MIRI { 23 } else { 1 };
    let cases = surrogate_cases(if MIRI { 40 } else { 100 }, step);
    for isa in isas() {
        for units in &cases {
            let n = units.len();
            let all = wtf8_of(units);
            for room in [0, 3, 50, 96, all.len() - 1, all.len(), all.len() + 1] {
                let mut d = std::vec![0xAAu8; room];
                let (r, w, _) = from_utf16_driver(isa, units, &mut d);
                assert!(r == n || !(r > 0 && is_lead(units[r - 1]) && is_trail(units[r])));
                assert_eq!(&d[..w], &wtf8_of(&units[..r])[..], "{isa:?} room {room}");
                assert!(d[w..].iter().all(|&b| b == 0xAA), "{isa:?} wrote past {w}");
                if room >= all.len() {
                    assert_eq!((r, w), (n, all.len()), "{isa:?} {units:04x?}");
                }
            }
            if isa == Isa::Avx512 {
                let mut d = std::vec![0xAAu8; 3 * n];
                let (r, _) = on_isa::utf16_to_wtf8(isa, units, &mut d);
                assert!(r >= first_pair(units), "stopped at {r}: {units:04x?}");
            }
        }
    }
}

/// The public streaming converter (on the ISA this process chose) with the input
/// split in two at every index, a pair split between the calls among them, and in
/// three around the 32-unit blocks: the bytes are exactly the one-shot reference's.
#[test]
fn wtf8_encoder_splits_at_every_index() {
    use crate::wtf8::Wtf8Encoder;
    let cases = surrogate_cases(if MIRI { 40 } else { 80 }, if MIRI { 29 } else { 7 });
    for units in &cases {
        let all = wtf8_of(units);
        let n = units.len();
        let mut d = std::vec![0u8; 3 * n + 3];
        // Every third split under Miri (every split took close to five minutes of CI
        // there).
        for k in (0..=n).step_by(if MIRI { 3 } else { 1 }) {
            for k2 in [k, (k + 32).min(n), (k + 33).min(n)] {
                let mut enc = Wtf8Encoder::new();
                let mut w = 0;
                for (chunk, last) in [
                    (&units[..k], false),
                    (&units[k..k2], false),
                    (&units[k2..], true),
                ] {
                    let (res, r, ww) = enc.encode_from_utf16(chunk, &mut d[w..], last);
                    assert_eq!((res, r), (crate::CoderResult::InputEmpty, chunk.len()));
                    w += ww;
                }
                assert_eq!(&d[..w], &all[..], "split at {k}, {k2}: {units:04x?}");
            }
        }
    }
}

/// The ISAs that run the compare-based validator's WTF-8 mode
/// (`kernels::utf8_validate_sse2::wtf8_valid_prefix`), where this machine has them.
fn compare_isas() -> Vec<Isa> {
    isas()
        .into_iter()
        .filter(|i| matches!(i, Isa::Sse2 | Isa::Sse41))
        .collect()
}

/// The compare-based validator in WTF-8 mode on random text with lone surrogates,
/// pairs written as two sequences and damage, at every alignment and every length:
/// the kernel's contract (`check_prefix`) and the loop over it against the reference.
#[test]
fn wtf8_compare_every_alignment_and_length() {
    let (lens, step) = if MIRI { (90, 43) } else { (300, 1) };
    let mut buf = Vec::new();
    for isa in compare_isas() {
        let mut rng = Rng(0xC0C0_0001 ^ isa as u64);
        for ascii in [false, true] {
            let text = text(&mut rng, lens + 8, ascii);
            for align in alignments() {
                for len in (0..lens).step_by(step) {
                    let r = at_alignment(&text[..len], align, &mut buf);
                    let s = &buf[r];
                    check_prefix(isa, s);
                    assert_eq!(driver(isa, s), reference(s), "{isa:?} {align} {len}");
                }
            }
        }
    }
}

/// A lone lead, a lone trail, a pair (rejected), a lead and a trail with a character
/// between, and two pairs back to back, at positions around the vectors, blocks and
/// groups of the group loop (placed from the first 64-byte boundary, where the groups
/// start, or a block later), in ASCII, two-byte and three-byte text (the block
/// classes); each also cut right after the case (a lead at the very end) and started
/// at it (a trail at the very start).
#[test]
fn wtf8_compare_surrogates_at_block_edges() {
    let cases: [&[u8]; 5] = [
        &LEAD,
        &TRAIL,
        b"\xED\xA0\x80\xED\xB0\x80",
        b"\xED\xAF\xBF\xE4\xB8\xAD\xED\xBF\xBF",
        b"\xED\xA0\x80\xED\xB0\x80\xED\xA5\x80\xED\xBA\x80",
    ];
    // Under Miri, places in the first group only (a short text).
    let (aligns, rels): (&[usize], &[isize]) = if MIRI {
        (&[5], &[62])
    } else {
        (
            &[0, 5, 16, 40],
            &[
                -4, -3, -2, -1, 0, 1, 2, 13, 14, 15, 16, 17, 30, 46, 60, 61, 62, 63, 64, 65, 127,
                128, 190, 191, 192, 253, 254, 255, 256, 257, 318, 319, 320, 509, 510, 511,
            ],
        )
    };
    let (len, fills): (usize, &[&str]) = if MIRI {
        (340, &["中"])
    } else {
        (4 * 256 + 64, &["a", "ж", "中"])
    };
    let group = if MIRI { 0 } else { 256 };
    let mut buf = Vec::new();
    for isa in compare_isas() {
        for fill in fills {
            let text = fill.repeat(len).into_bytes();
            for &a in aligns {
                // The groups start at the boundary `a` bytes in, or a block later.
                let start = if a < 16 { a + 64 } else { a };
                for &rel in rels {
                    let pos = (start as isize + group + rel).clamp(0, len as isize - 40) as usize;
                    let pos = pos - pos % fill.len();
                    // Under Miri, the cases with a pair.
                    for case in &cases[if MIRI { 2 } else { 0 }..] {
                        let mut s = text[..len].to_vec();
                        s.splice(pos..pos, case.iter().copied());
                        for t in [&s[..], &s[..pos + case.len()], &s[pos..]] {
                            let r = at_alignment(t, a, &mut buf);
                            let t = &buf[r];
                            check_prefix(isa, t);
                            assert_eq!(
                                driver(isa, t),
                                reference(t),
                                "{isa:?} {fill} {a} {rel} {case:02x?} len {}",
                                t.len()
                            );
                        }
                    }
                }
            }
        }
    }
}

/// Surrogates and errors after ASCII runs of every length (ASCII groups and blocks,
/// and what ends them): a surrogate case then an error or a valid character, and an
/// error then a surrogate, with text after them.
#[test]
fn wtf8_compare_surrogates_and_errors_after_ascii_runs() {
    let (runs, tail) = if MIRI { (60..62, 8) } else { (0..700, 50) };
    let mixes: [&[u8]; 8] = [
        b"\xED\xA0\x80\xC3",
        b"\xED\xB0\x80\x80",
        b"\xED\xA0\x80\xED\xB0\x80\xC3\xA9",
        b"\xED\xB0\x80\xE4\xB8",
        b"\xC0\x80\xED\xB0\x80",
        b"\xED\xA0\xED\xB0\x80",
        b"\xED\xBF\xBF\xF4\x90\x80\x80",
        b"\xE4\xB8\xAD\xED\xA0\x80\xED\xB0",
    ];
    let tail = "ж中".repeat(tail).into_bytes();
    let mut buf = Vec::new();
    for isa in compare_isas() {
        for run in runs.clone() {
            for mix in mixes {
                let mut s = std::vec![b'a'; run];
                s.extend_from_slice(mix);
                s.extend_from_slice(&tail);
                check_prefix(isa, &s);
                assert_eq!(driver(isa, &s), reference(&s), "{isa:?} {run} {mix:02x?}");
                // With the run starting at a 64-byte boundary.
                let r = at_alignment(&s, 0, &mut buf);
                let t = &buf[r];
                assert_eq!(
                    driver(isa, t),
                    reference(t),
                    "{isa:?} {run} {mix:02x?} at 0"
                );
            }
        }
    }
}

/// Long random texts (many groups) with lone surrogates of every kind, pairs and
/// damage, from several offsets: the prefix loop against the reference.
#[test]
fn wtf8_compare_long_random_texts() {
    let (rounds, max) = if MIRI { (2, 500) } else { (400, 12_000) };
    for isa in compare_isas() {
        let mut rng = Rng(0xC0C0_0002 ^ isa as u64);
        for round in 0..rounds {
            let len = rng.below(max);
            let s = text(&mut rng, len, round % 2 == 0);
            let off = rng.below(4).min(s.len());
            let s = &s[off..];
            assert_eq!(driver(isa, s), reference(s), "{isa:?} round {round}");
        }
    }
}
