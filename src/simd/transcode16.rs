//! Shuffle tables for UTF-8 <-> UTF-16 transcoding in 16-byte vectors, after Lemire
//! & Muła, "Transcoding Billions of Unicode Characters per Second with SIMD
//! Instructions" (2022). Every table is built here at compile time by `const fn`s.
//!
//! A shuffle pattern byte is the index of the source byte to take; [`ZERO`] (0x80)
//! gives a zero byte with NEON `tbl` (index out of range) and x86 `pshufb` (high bit
//! set) alike.
//!
//! Sizes of what the kernels link: [`STEP`] 4096 x 2 = 8192 bytes (built from
//! [`UTF8_INDEX`] and [`UTF8_CONSUMED`]), [`UTF8_PATTERNS`] 209 x 16 = 3344 bytes
//! (UTF-8 to UTF-16); [`PACK2`] 256 x 16 = 4096 bytes, [`PACK3`] 81 x 16 = 1296
//! bytes, [`PACK3_LEN`] 81 bytes, [`KEY3`] 256 bytes (UTF-16 to UTF-8); [`KEEP16`]
//! 256 x 16 = 4096 bytes (UTF-8 to UTF-16 of windows without four-byte characters);
//! [`PACK8`] 257 x 8 = 2056 bytes (x-user-defined encode from UTF-8);
//! [`PACK3_ONE_OR_THREE`] 16 x 16 = 256 bytes (x-user-defined decode to UTF-8).
//!
//! Used by the transcoder written over the vector traits
//! ([`super::kernels::transcode`]), which AVX2 and NEON run; the tables are tested
//! on every target.

#![cfg_attr(
    not(any(
        target_arch = "x86_64",
        all(target_arch = "aarch64", target_endian = "little")
    )),
    allow(dead_code)
)]

/// A pattern byte that yields zero.
pub(crate) const ZERO: u8 = 0x80;

/// First pattern of the class of six characters of one or two bytes (64 patterns):
/// lane `k` of eight `u16` lanes gets the last byte of character `k` low and its lead
/// byte (two-byte characters) high.
pub(crate) const CLASS2: u8 = 0;
/// First pattern of the class of four characters of one to three bytes (81
/// patterns): lane `k` of four `u32` lanes gets the bytes of character `k` from the
/// last one down to the lead byte.
pub(crate) const CLASS3: u8 = 64;
/// First pattern of the class of three characters of one to four bytes (64
/// patterns), laid out as [`CLASS3`].
pub(crate) const CLASS4: u8 = 64 + 81;
/// Number of UTF-8 patterns.
const PATTERNS: usize = 64 + 81 + 64;
/// Index of a 12-bit mask no valid UTF-8 has (a sequence longer than four bytes).
pub(crate) const NONE: u8 = 0xFF;
/// The pattern of six two-byte characters.
pub(crate) const ALL_TWO: u8 = CLASS2 + 63;
/// The pattern of four three-byte characters.
pub(crate) const ALL_THREE: u8 = CLASS3 + 80;

/// The lengths of the first six characters of a block whose end-of-character mask
/// (bit `i`: byte `i` ends a character) is `mask` (12 bits); 0 where a character
/// does not end within the 12 bytes.
const fn lengths(mask: usize) -> [usize; 6] {
    let mut lens = [0; 6];
    let (mut pos, mut k) = (0, 0);
    while k < 6 {
        let mut e = pos;
        while e < 12 && mask & (1 << e) == 0 {
            e += 1;
        }
        if e >= 12 {
            break;
        }
        lens[k] = e + 1 - pos;
        pos = e + 1;
        k += 1;
    }
    lens
}

/// Whether the first `n` of `lens` are all known and at most `max` bytes long.
const fn all_within(lens: &[usize; 6], n: usize, max: usize) -> bool {
    let mut k = 0;
    while k < n {
        if lens[k] == 0 || lens[k] > max {
            return false;
        }
        k += 1;
    }
    true
}

/// The pattern of the first `n` of `lens` (each at most `max`) in base `max`, plus
/// `first`.
const fn pattern_id(lens: &[usize; 6], n: usize, max: usize, first: u8) -> u8 {
    let (mut id, mut k) = (0, n);
    while k > 0 {
        k -= 1;
        id = id * max + lens[k] - 1;
    }
    first + id as u8
}

/// The pattern of each 12-bit end-of-character mask: [`CLASS2`] if the first six
/// characters have at most two bytes, else [`CLASS3`] if the first four have at most
/// three, else [`CLASS4`] (the first three), else [`NONE`]. 4096 bytes.
pub(crate) static UTF8_INDEX: [u8; 4096] = {
    let mut t = [NONE; 4096];
    let mut m = 0;
    while m < 4096 {
        let lens = lengths(m);
        t[m] = if all_within(&lens, 6, 2) {
            pattern_id(&lens, 6, 2, CLASS2)
        } else if all_within(&lens, 4, 3) {
            pattern_id(&lens, 4, 3, CLASS3)
        } else if all_within(&lens, 3, 4) {
            pattern_id(&lens, 3, 4, CLASS4)
        } else {
            NONE
        };
        m += 1;
    }
    t
};

/// [`UTF8_INDEX`] with the bytes the pattern consumes ([`UTF8_CONSUMED`]) in the
/// high byte, so one load gives both; [`NONE`] stays `NONE`. 8192 bytes, built at
/// compile time, so that [`UTF8_INDEX`] itself is not linked.
pub(crate) static STEP: [u16; 4096] = {
    let mut t = [NONE as u16; 4096];
    let mut m = 0;
    while m < 4096 {
        let id = UTF8_INDEX[m];
        if id != NONE {
            t[m] = id as u16 | (UTF8_CONSUMED[id as usize] as u16) << 8;
        }
        m += 1;
    }
    t
};

/// The character lengths of pattern `id`, and how many characters it has.
const fn pattern_lengths(id: usize) -> ([usize; 6], usize) {
    let (mut x, n, base) = if id < CLASS3 as usize {
        (id, 6, 2)
    } else if id < CLASS4 as usize {
        (id - CLASS3 as usize, 4, 3)
    } else {
        (id - CLASS4 as usize, 3, 4)
    };
    let mut lens = [0; 6];
    let mut k = 0;
    while k < n {
        lens[k] = x % base + 1;
        x /= base;
        k += 1;
    }
    (lens, n)
}

/// The shuffle of each UTF-8 pattern (see [`CLASS2`], [`CLASS3`], [`CLASS4`]).
/// 209 x 16 = 3344 bytes.
pub(crate) static UTF8_PATTERNS: [[u8; 16]; PATTERNS] = {
    let mut t = [[ZERO; 16]; PATTERNS];
    let mut id = 0;
    while id < PATTERNS {
        let (lens, n) = pattern_lengths(id);
        // Bytes per output lane: 2 for the first class, 4 for the others.
        let lane = if n == 6 { 2 } else { 4 };
        let (mut k, mut start) = (0, 0);
        while k < n {
            let mut j = 0;
            while j < lens[k] {
                // Last byte first, down to the lead byte.
                t[id][k * lane + j] = (start + lens[k] - 1 - j) as u8;
                j += 1;
            }
            start += lens[k];
            k += 1;
        }
        id += 1;
    }
    t
};

/// The bytes each UTF-8 pattern consumes. 209 bytes.
pub(crate) static UTF8_CONSUMED: [u8; PATTERNS] = {
    let mut t = [0; PATTERNS];
    let mut id = 0;
    while id < PATTERNS {
        let (lens, n) = pattern_lengths(id);
        let mut k = 0;
        while k < n {
            t[id] += lens[k] as u8;
            k += 1;
        }
        id += 1;
    }
    t
};

/// Packs the `u16` lanes of eight whose bit is set in the mask (bit `k`: lane `k` is
/// kept) to the front, in order; the rest of the 16 bytes are zero. Used where each
/// byte of UTF-8 input has been given a lane and the lanes of continuation bytes are
/// dropped. 256 x 16 = 4096 bytes.
pub(crate) static KEEP16: [[u8; 16]; 256] = {
    let mut t = [[ZERO; 16]; 256];
    let mut m = 0;
    while m < 256 {
        let (mut k, mut o) = (0, 0);
        while k < 8 {
            if m & (1 << k) != 0 {
                t[m][o] = 2 * k as u8;
                t[m][o + 1] = 2 * k as u8 + 1;
                o += 2;
            }
            k += 1;
        }
        m += 1;
    }
    t
};

/// Packs the UTF-8 of eight units below U+0800, held as `lead | trail << 8` in `u16`
/// lanes, by the mask of one-byte units (bit `k`: unit `k` is ASCII, its trail byte
/// is dropped). The packed length is `16 - popcount(mask)`. 256 x 16 = 4096 bytes.
pub(crate) static PACK2: [[u8; 16]; 256] = {
    let mut t = [[ZERO; 16]; 256];
    let mut m = 0;
    while m < 256 {
        let (mut k, mut o) = (0, 0);
        while k < 8 {
            t[m][o] = 2 * k as u8;
            o += 1;
            if m & (1 << k) == 0 {
                t[m][o] = 2 * k as u8 + 1;
                o += 1;
            }
            k += 1;
        }
        m += 1;
    }
    t
};

/// Packs the UTF-8 of four BMP units, held as `b0 | b1 << 8 | b2 << 16` in `u32`
/// lanes, keyed by `sum((len_k - 1) * 3^k)` over their UTF-8 lengths.
/// 81 x 16 = 1296 bytes.
pub(crate) static PACK3: [[u8; 16]; 81] = {
    let mut t = [[ZERO; 16]; 81];
    let mut key = 0;
    while key < 81 {
        let (mut x, mut k, mut o) = (key, 0, 0);
        while k < 4 {
            let len = x % 3 + 1;
            x /= 3;
            let mut j = 0;
            while j < len {
                t[key][o] = (4 * k + j) as u8;
                o += 1;
                j += 1;
            }
            k += 1;
        }
        key += 1;
    }
    t
};

/// The packed length of each [`PACK3`] key. 81 bytes.
pub(crate) static PACK3_LEN: [u8; 81] = {
    let mut t = [0; 81];
    let mut key = 0;
    while key < 81 {
        let (mut x, mut k) = (key, 0);
        while k < 4 {
            t[key] += (x % 3 + 1) as u8;
            x /= 3;
            k += 1;
        }
        key += 1;
    }
    t
};

/// The [`PACK3`] key of four units from the nibble of those of at least two bytes
/// (low four bits) and the nibble of those of three bytes (high four bits): bit `k`
/// of each nibble adds `3^k`. 256 bytes.
pub(crate) static KEY3: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut m = 0;
    while m < 256 {
        let (mut k, mut key, mut p) = (0, 0, 1);
        while k < 4 {
            key += ((m >> k) & 1) * p + ((m >> (k + 4)) & 1) * p;
            p *= 3;
            k += 1;
        }
        t[m] = key as u8;
        m += 1;
    }
    t
};

/// Packs the UTF-8 of four BMP units keyed by their two-bit UTF-8 length codes (bits
/// `2k` and `2k + 1` of unit `k`: `0b11` one byte, `0b10` two, `0b00` three), so that
/// the key of a quarter is one byte of a mask straight from the vector (no [`KEY3`]
/// look-up); AVX2 and SSE4.1 (see `Transcode::LEN_CODES`). Unlike [`PACK3`]'s, each
/// unit's `u32` lane holds the bytes of every length at once, so that no select
/// makes them: `lead3 | mid << 8 | last << 16 | unit << 24`, where `lead3` is a
/// three-byte lead, `mid` the middle byte of three (for a unit below U+0800, its
/// two-byte lead: the same bits 6.. with 0x40 set), `last` the last byte of two or
/// three, and `unit` the unit's low byte (its one byte if ASCII): one byte packs
/// byte 3 of the lane, two bytes 1 and 2, three bytes 0, 1 and 2. Rows with a code
/// `0b01` (no unit has it) are zero bytes. 256 x 16 = 4096 bytes.
pub(crate) static PACK123: [[u8; 16]; 256] = PACK123_TABLES.0;

/// The packed length of each [`PACK123`] row (0 for the rows no units have).
/// 256 bytes.
pub(crate) static PACK123_LEN: [u8; 256] = PACK123_TABLES.1;

/// [`PACK123`] and [`PACK123_LEN`], made in one walk over the codes (a compile-time
/// value only): each unit's bytes from its lane's byte `first`, `len` of them; a
/// row with a code `0b01` stays empty.
const PACK123_TABLES: ([[u8; 16]; 256], [u8; 256]) = {
    let (mut rows, mut lens) = ([[ZERO; 16]; 256], [0; 256]);
    let mut m = 0;
    'codes: while m < 256 {
        let (mut row, mut k, mut o) = ([ZERO; 16], 0, 0);
        while k < 4 {
            let (first, len) = match (m >> (2 * k)) & 3 {
                0b11 => (3, 1),
                0b10 => (1, 2),
                0b00 => (0, 3),
                _ => {
                    m += 1;
                    continue 'codes;
                }
            };
            let mut j = 0;
            while j < len {
                row[o] = (4 * k + first + j) as u8;
                o += 1;
                j += 1;
            }
            k += 1;
        }
        rows[m] = row;
        lens[m] = o as u8;
        m += 1;
    }
    (rows, lens)
};

/// Packs the bytes of eight whose bit is set in the mask (bit `k`: byte `k` is kept)
/// to the front, in order: the row of mask `m` is the eight bytes from `8 * m`, the
/// rest of it [`ZERO`]. One more row at the end, so that the 16 bytes from any row
/// (the upper eight of them unused) are in the table. 257 x 8 = 2056 bytes.
pub(crate) static PACK8: [u8; 8 * 257] = {
    let mut t = [ZERO; 8 * 257];
    let mut m = 0;
    while m < 256 {
        let (mut k, mut o) = (0, 0);
        while k < 8 {
            if m & (1 << k) != 0 {
                t[8 * m + o] = k as u8;
                o += 1;
            }
            k += 1;
        }
        m += 1;
    }
    t
};

/// The [`PACK3`] rows of four characters of one or three bytes each (ASCII and the
/// private-use U+F780..=U+F7FF of x-user-defined), by the nibble of the three-byte
/// ones (bit `k`: character `k`). 16 x 16 = 256 bytes.
pub(crate) static PACK3_ONE_OR_THREE: [[u8; 16]; 16] = {
    let mut t = [[ZERO; 16]; 16];
    let mut n = 0;
    while n < 16 {
        t[n] = PACK3[KEY3[n | n << 4] as usize];
        n += 1;
    }
    t
};

/// The [`PACK3`] key of four units of three bytes each.
#[cfg_attr(all(target_arch = "aarch64", not(test)), allow(dead_code))]
pub(crate) const KEY3_ALL_THREE: usize = 80;

#[cfg(test)]
mod tests {
    use super::*;

    /// Every block of valid UTF-8 (every sequence of character lengths 1 to 4) maps to
    /// a pattern of its first characters, and every pattern matches its masks.
    #[test]
    fn utf8_patterns_match_lengths() {
        fn walk(lens: &mut std::vec::Vec<usize>, pos: usize, seen: &mut usize) {
            if pos >= 12 {
                let mut mask = 0;
                let mut e = 0;
                for &l in lens.iter() {
                    e += l;
                    if e <= 12 {
                        mask |= 1 << (e - 1);
                    }
                }
                let id = UTF8_INDEX[mask];
                assert_ne!(id, NONE, "{lens:?}");
                let (pl, n) = pattern_lengths(id as usize);
                assert_eq!(&pl[..n], &lens[..n], "{lens:?}");
                *seen += 1;
                return;
            }
            for l in 1..=4 {
                lens.push(l);
                walk(lens, pos + l, seen);
                lens.pop();
            }
        }
        extern crate std;
        let mut seen = 0;
        walk(&mut std::vec::Vec::new(), 0, &mut seen);
        assert!(seen > 1000);
        for (m, &id) in UTF8_INDEX.iter().enumerate() {
            if id != NONE {
                let (pl, n) = pattern_lengths(id as usize);
                assert_eq!(&pl[..n], &lengths(m)[..n], "{m:#x}");
                let sum: usize = pl[..n].iter().sum();
                assert_eq!(usize::from(UTF8_CONSUMED[id as usize]), sum);
            }
        }
        assert_eq!(UTF8_INDEX[0xFFF], CLASS2);
        assert_eq!(UTF8_INDEX[0b1001_0010_0100], CLASS3 + 80);
        assert_eq!(PACK3_LEN[80], 12);
        assert_eq!(PACK2[0xFF][..8], [0, 2, 4, 6, 8, 10, 12, 14]);
        assert_eq!(
            PACK8[8 * 0b1010_0110..][..8],
            [1, 2, 5, 7, ZERO, ZERO, ZERO, ZERO]
        );
        assert_eq!(PACK8[8 * 256..], [ZERO; 8]);
        assert_eq!(PACK3_ONE_OR_THREE[0b0101][..8], [0, 1, 2, 4, 8, 9, 10, 12]);
    }

    /// Every row of [`PACK123`] packs the bytes of its length codes, and the rows of
    /// no units are empty.
    #[test]
    fn pack123_rows_match_codes() {
        extern crate std;
        // One byte (0b11), two (0b10), three (0b00), one: bytes 3, 5, 6, 8, 9, 10, 15.
        assert_eq!(PACK123[0b11_00_10_11][..7], [3, 5, 6, 8, 9, 10, 15]);
        assert_eq!(PACK123_LEN[0b11_00_10_11], 7);
        for m in 0..256 {
            let lens: Option<std::vec::Vec<usize>> = (0..4)
                .map(|k| match (m >> (2 * k)) & 3 {
                    0b11 => Some(1),
                    0b10 => Some(2),
                    0b00 => Some(3),
                    _ => None,
                })
                .collect();
            let Some(lens) = lens else {
                assert_eq!((PACK123[m], PACK123_LEN[m]), ([ZERO; 16], 0));
                continue;
            };
            let first = |len: usize| [3, 1, 0][len - 1];
            let row: std::vec::Vec<u8> = (0..4)
                .flat_map(|k| {
                    let len = lens[k];
                    (0..len).map(move |j| (4 * k + first(len) + j) as u8)
                })
                .collect();
            assert_eq!(usize::from(PACK123_LEN[m]), row.len());
            assert_eq!(PACK123[m][..row.len()], row[..], "{m:#b}");
            assert!(PACK123[m][row.len()..].iter().all(|&b| b == ZERO));
        }
    }
}
