//! Two-byte CJK text (EUC-JP and Shift_JIS: index jis0208; gb18030 and GBK:
//! GB2312's area; Big5) decoded with AVX2, ASCII and two-byte characters mixed as
//! real text has them (words, digits, spaces and newlines between runs of a few
//! ideographs).
//!
//! A window of 64 bytes starts at a character boundary. Its bytes from 0x80 up are
//! leads and trails: in each run of them, the leads are at even distances from the
//! run's start (a carry through the run's bits finds the runs that start at odd
//! positions); the byte after a lead is its trail, whatever its value (Shift_JIS and
//! Big5 trails go down to 0x40, and the trail of a lead at byte 63 is byte 64);
//! every other byte is an ASCII character. The window is taken in four chunks of 16
//! bytes, each decoding the characters that start in it (8 to 16), of three shapes:
//!
//! - ASCII only: widened or copied;
//! - eight pairs (the body of a run of ideographs), from the chunk's byte 0 or, after
//!   the trail of a lead before it, byte 1: checked as leads and trails of the table
//!   in place (to UTF-16, a window of 32 pairs skips the tests of the chunks'
//!   shapes);
//! - anything else: the positions of its leads (from a table of the set bits of
//!   each byte of the leads' mask) gather its pairs (at most eight) into `u16` lanes,
//!   which are checked in the same way; their code points are then spread to the
//!   characters' order (a pair's place among them is the count of leads before it,
//!   from a second table), between the ASCII bytes, gathered by the positions of
//!   the character starts.
//!
//! The pairs' lanes are checked (for a plain table, `PairTable::is_plain`, with one
//! subtraction and comparison, in a copy of the kernel of its own), turned into
//! pointers, and their code points read from the table's cells with scalar loads
//! inserted into the vector (a `vpgatherdd` of eight took 24 cycles on the Zen 5
//! measured, three times the loads).
//!
//! A chunk with anything else in it (single-byte characters, Shift_JIS's halfwidth
//! katakana, EUC-JP's 0x8E and 0x8F, gb18030's four-byte sequences, pointers outside
//! the cells, unmapped cells, and for UTF-8 code points below U+0800) stops the
//! kernel before that chunk: the codec's own loop takes over there, and calls the
//! kernel again after a few characters.
//!
//! Output: UTF-16, a unit per character; UTF-8, one byte per ASCII character and
//! three per pair, packed by a shuffle per four characters. A mixed chunk's stores
//! reach up to 15 bytes (8 units) past its end: what the output held there is read
//! first (none of the call's stores reached it yet) and written back when the
//! kernel returns, unless a later output covered it, so that nothing after the
//! output returned is changed (`decode_to_str` relies on it). The AVX2 and the
//! AVX-512 entry points run it (AVX-512 CPUs have AVX2). The codecs try it, for
//! either output, where at least 24 of the next 64 bytes are from 0x80 up (see
//! `codec::two_byte::run_in`).

use crate::tables::cjk::PairTable;
use core::arch::x86_64::*;

/// The per-byte constants of `t`: the lead's on even bytes and the trail's on odd
/// ones. A byte `b` becomes `x = (b ^ xor) - base`; it is not part of a pair if `x`
/// is in the hole (`x - hole <= hole_last`); from `gap_from` on, `x` moves down by
/// `gap` (closing the hole); then it must be at most `last`.
struct Consts {
    /// Xor'ed into each byte (leads only).
    xor: __m128i,
    /// Subtracted after the xor.
    base: __m128i,
    /// The first value of the hole.
    hole: __m128i,
    /// One less than the hole's length (0xFF with `hole` 0xFF for none, which `last`
    /// excludes anyway): `x - hole` at or below it is in the hole.
    hole_last: __m128i,
    /// Values from this one on have [`Consts::gap`] subtracted.
    gap_from: __m128i,
    /// See [`Consts::gap_from`].
    gap: __m128i,
    /// The last valid value after the gap.
    last: __m128i,
    /// Cells per row.
    width: __m128i,
    /// The first pointer of the cells.
    first: __m128i,
    /// The last cell's index, in `u16` lanes.
    cells: __m128i,
}

/// The constants of `t`.
///
/// # Safety
/// The AVX2 features.
#[inline(always)]
unsafe fn consts(t: &PairTable) -> Consts {
    let pair = |even: u8, odd: u8| i16::from_le_bytes([even, odd]);
    // An empty hole: one at the value that `last` already excludes.
    let hole = |at: u8, len: u8| if len == 0 { (0xFF, 0) } else { (at, len - 1) };
    let (row_hole, row_hole_last) = hole(t.row_hole, t.row_gap);
    let (trail_hole, trail_hole_last) =
        hole(t.trail_hole.wrapping_sub(t.trail_base), t.trail_hole_len);
    // SAFETY: the caller's features; registers only.
    unsafe {
        Consts {
            xor: _mm_set1_epi16(pair(t.lead_xor, 0)),
            base: _mm_set1_epi16(pair(t.lead_base, t.trail_base)),
            hole: _mm_set1_epi16(pair(row_hole, trail_hole)),
            hole_last: _mm_set1_epi16(pair(row_hole_last, trail_hole_last)),
            gap_from: _mm_set1_epi16(pair(
                t.row_hole.saturating_add(t.row_gap),
                t.trail_gap_from.wrapping_sub(t.trail_base),
            )),
            gap: _mm_set1_epi16(pair(t.row_gap, t.trail_gap)),
            // Rows and columns, after the gap.
            last: _mm_set1_epi16(pair(t.rows - t.row_gap - 1, t.trail_span - t.trail_gap - 1)),
            width: _mm_set1_epi16(t.width as i16),
            first: _mm_set1_epi16(t.first as i16),
            cells: _mm_set1_epi16((t.cells.len() - 1) as i16),
        }
    }
}

/// A table on a cache line's start, so that no row straddles two lines.
#[repr(C, align(64))]
struct Aligned<T>(T);

/// The positions of the set bits of each byte value, lowest first, then zeros.
static POSITIONS: Aligned<[[u8; 8]; 256]> = Aligned(positions());

/// See [`POSITIONS`].
const fn positions() -> [[u8; 8]; 256] {
    let mut t = [[0; 8]; 256];
    let mut m = 0;
    while m < 256 {
        let (mut bit, mut n) = (0, 0);
        while bit < 8 {
            if (m >> bit) & 1 != 0 {
                t[m][n] = bit as u8;
                n += 1;
            }
            bit += 1;
        }
        m += 1;
    }
    t
}

/// For each 4-bit mask of which of four `u32` lanes hold three UTF-8 bytes (the
/// others one ASCII byte): the shuffle that packs their bytes (0x80: zero).
static PACK: Aligned<[[u8; 16]; 16]> = Aligned(pack());

/// See [`PACK`].
const fn pack() -> [[u8; 16]; 16] {
    let mut t = [[0x80; 16]; 16];
    let mut m = 0;
    while m < 16 {
        let (mut lane, mut n) = (0, 0);
        while lane < 4 {
            let wide = (m >> lane) & 1 != 0;
            let mut k = 0;
            while k < if wide { 3 } else { 1 } {
                t[m][n] = (4 * lane + k) as u8;
                n += 1;
                k += 1;
            }
            lane += 1;
        }
        m += 1;
    }
    t
}

/// For each byte value, the count of its set bits below each of its eight bits.
static RANKS: Aligned<[[u8; 8]; 256]> = Aligned(ranks());

/// See [`RANKS`].
const fn ranks() -> [[u8; 8]; 256] {
    let mut t = [[0; 8]; 256];
    let mut m = 0;
    while m < 256 {
        let (mut bit, mut n) = (0, 0);
        while bit < 8 {
            t[m][bit] = n;
            n += ((m >> bit) & 1) as u8;
            bit += 1;
        }
        m += 1;
    }
    t
}

/// Windows with fewer non-ASCII bytes than this end a call (see
/// [`pairs_to_utf16_with`]).
pub(crate) const SPARSE: u32 = 16;

/// The leads among the bytes whose bits are set in `high` (those from 0x80 up) of
/// a window starting at a character boundary: in each run of set bits, the ones at
/// even distances from the run's start.
#[inline(always)]
fn leads(high: u64) -> u64 {
    const EVEN: u64 = 0x5555_5555_5555_5555;
    let starts = high & !(high << 1);
    // Adding a run's lowest bit carries through the run and clears it.
    let odd_runs = high & !high.wrapping_add(starts & !EVEN);
    high & (EVEN ^ odd_runs)
}

/// The high bits of the 64 bytes at `p`.
///
/// # Safety
/// The AVX2 features; `p` is valid for reads of 64 bytes.
#[inline(always)]
unsafe fn high_bits(p: *const u8) -> u64 {
    // SAFETY: the caller's features and reads.
    unsafe {
        let a = _mm256_movemask_epi8(_mm256_loadu_si256(p.cast())) as u32;
        let b = _mm256_movemask_epi8(_mm256_loadu_si256(p.add(32).cast())) as u32;
        let mut high = u64::from(a) | (u64::from(b) << 32);
        // Hidden from the optimizer: seeing a mask of compares, LLVM keeps the bit
        // arithmetic on it in vector lanes, one byte per bit, and spends dozens of
        // instructions moving bits between the two.
        core::arch::asm!("/* {0} */", inout(reg) high, options(pure, nomem, nostack, preserves_flags));
        high
    }
}

/// The positions of the set bits of the 16-bit `mask`, in order, in the byte lanes
/// (from the count of its bits on: anything).
///
/// # Safety
/// The SSSE3 features.
#[inline(always)]
unsafe fn positions_of(mask: u32) -> __m128i {
    let (lo, hi) = (mask as u8, (mask >> 8) as u8);
    // SAFETY: the caller's features; `POSITIONS` rows are 8 bytes.
    unsafe {
        let below = _mm_loadl_epi64(POSITIONS.0[usize::from(lo)].as_ptr().cast());
        let above = _mm_add_epi8(
            _mm_loadl_epi64(POSITIONS.0[usize::from(hi)].as_ptr().cast()),
            _mm_set1_epi8(8),
        );
        // Lanes below the low byte's count select nothing (negative: zero).
        let shift = _mm_sub_epi8(iota(), _mm_set1_epi8(lo.count_ones() as i8));
        _mm_or_si128(below, _mm_shuffle_epi8(above, shift))
    }
}

/// 0, 1, .., 15 in the byte lanes.
///
/// # Safety
/// The SSE2 features.
#[inline(always)]
unsafe fn iota() -> __m128i {
    // SAFETY: the caller's features; registers only.
    unsafe { _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) }
}

/// The cells of the eight `u16` lanes of `k`, in `u16` lanes, by scalar loads.
///
/// # Safety
/// The SSE4.1 features; every lane of `k` is below the length of `cells`.
#[inline(always)]
unsafe fn lookup(cells: *const u16, k: __m128i) -> __m128i {
    // SAFETY: the caller's features and bounds.
    unsafe {
        let mut at = [0u16; 8];
        _mm_storeu_si128(at.as_mut_ptr().cast(), k);
        // Read back from memory: extracting each lane from the register takes more
        // instructions.
        let at = core::hint::black_box(&at);
        let cell = |i: usize| i32::from(*cells.add(usize::from(at[i])));
        // Two chains of inserts, joined.
        let mut a = _mm_cvtsi32_si128(cell(0));
        let mut b = _mm_cvtsi32_si128(cell(4));
        a = _mm_insert_epi16::<1>(a, cell(1));
        b = _mm_insert_epi16::<1>(b, cell(5));
        a = _mm_insert_epi16::<2>(a, cell(2));
        b = _mm_insert_epi16::<2>(b, cell(6));
        a = _mm_insert_epi16::<3>(a, cell(3));
        b = _mm_insert_epi16::<3>(b, cell(7));
        _mm_unpacklo_epi64(a, b)
    }
}

/// The code points of the pairs in the `u16` lanes of `w` (lead low, trail high)
/// where `pair` is set (0 in the others). `None` if one is not a lead and a trail of
/// the table mapped to a code point that is not a surrogate (a table may use them as
/// escapes) and, for `UTF8`, is from U+0800 on.
///
/// # Safety
/// The SSE4.1 features; `cells` holds `c.cells + 1` cells.
#[inline(always)]
unsafe fn decode<const UTF8: bool, const PLAIN: bool>(
    c: &Consts,
    cells: *const u16,
    w: __m128i,
    pair: __m128i,
) -> Option<__m128i> {
    // SAFETY: the caller's features; the lookups read cells at most `c.cells`,
    // checked before them (the other lanes read cell 0).
    unsafe {
        let (x, valid) = if PLAIN {
            let x = _mm_sub_epi8(w, c.base);
            (x, _mm_cmpeq_epi8(_mm_min_epu8(x, c.last), x))
        } else {
            let x = _mm_sub_epi8(_mm_xor_si128(w, c.xor), c.base);
            let h = _mm_sub_epi8(x, c.hole);
            let in_hole = _mm_cmpeq_epi8(_mm_min_epu8(h, c.hole_last), h);
            // From `gap_from` on (unsigned), close the gap.
            let above_gap = _mm_cmpeq_epi8(_mm_max_epu8(x, c.gap_from), x);
            let x = _mm_sub_epi8(x, _mm_and_si128(above_gap, c.gap));
            let in_range = _mm_cmpeq_epi8(_mm_min_epu8(x, c.last), x);
            (x, _mm_andnot_si128(in_hole, in_range))
        };
        // Row (low byte) * width + column (high byte), from the first cell.
        let row = _mm_and_si128(x, _mm_set1_epi16(0xFF));
        let col = _mm_srli_epi16::<8>(x);
        let k = _mm_sub_epi16(_mm_add_epi16(_mm_mullo_epi16(row, c.width), col), c.first);
        let k = _mm_and_si128(k, pair);
        let inside = _mm_cmpeq_epi16(_mm_min_epu16(k, c.cells), k);
        let ok = _mm_and_si128(valid, inside);
        if _mm_movemask_epi8(_mm_andnot_si128(ok, pair)) != 0 {
            return None;
        }
        let cps = lookup(cells, k);
        // Unmapped cells are 0; surrogates are escapes.
        let top = _mm_and_si128(cps, _mm_set1_epi16(0xF800u16 as i16));
        let surrogate = _mm_cmpeq_epi16(top, _mm_set1_epi16(0xD800u16 as i16));
        let low = if UTF8 {
            _mm_cmpeq_epi16(top, _mm_setzero_si128())
        } else {
            _mm_cmpeq_epi16(cps, _mm_setzero_si128())
        };
        if _mm_movemask_epi8(_mm_and_si128(_mm_or_si128(low, surrogate), pair)) != 0 {
            return None;
        }
        Some(_mm_and_si128(cps, pair))
    }
}

/// The characters of a mixed chunk.
struct Mixed {
    /// Their code points in `u16` lanes (from `count` on: anything).
    cps: __m256i,
    /// Bit `i`: character `i` is a pair.
    pairs: u32,
    /// How many (8 to 16).
    count: u32,
}

/// The characters that start in the 16 bytes `v` at the set bits of `starts`, whose
/// pairs' leads are the set bits of `leads` (a lead's trail may be the 17th byte,
/// the last of `v1`, the bytes from the second): see [`decode`].
///
/// # Safety
/// The AVX2 features; `cells` holds `c.cells + 1` cells.
#[inline(always)]
unsafe fn mixed<const UTF8: bool, const PLAIN: bool>(
    c: &Consts,
    cells: *const u16,
    v: __m128i,
    v1: __m128i,
    starts: u32,
    leads: u32,
) -> Option<Mixed> {
    let count = starts.count_ones();
    // SAFETY: the caller's features and cells; `RANKS` rows are 8 bytes.
    unsafe {
        let at = positions_of(starts);
        let first = _mm_shuffle_epi8(v, at);
        let ascii = _mm256_cvtepu8_epi16(first);
        if leads == 0 {
            return Some(Mixed {
                cps: ascii,
                pairs: 0,
                count,
            });
        }
        // The pairs, in order, in `u16` lanes (lead low, trail high).
        let lead_at = positions_of(leads);
        let w = _mm_unpacklo_epi8(_mm_shuffle_epi8(v, lead_at), _mm_shuffle_epi8(v1, lead_at));
        let n = leads.count_ones();
        let pair = _mm_cmpgt_epi16(
            _mm_set1_epi16(n as i16),
            _mm_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7),
        );
        let found = decode::<UTF8, PLAIN>(c, cells, w, pair)?;
        // Each character's pair: the count of leads before its position.
        let (lo, hi) = (leads as u8, (leads >> 8) as u8);
        let before = _mm_unpacklo_epi64(
            _mm_loadl_epi64(RANKS.0[usize::from(lo)].as_ptr().cast()),
            _mm_add_epi8(
                _mm_loadl_epi64(RANKS.0[usize::from(hi)].as_ptr().cast()),
                _mm_set1_epi8(lo.count_ones() as i8),
            ),
        );
        let rank = _mm_shuffle_epi8(before, at);
        // Byte indexes of the pairs' `u16` lanes, in the characters' order.
        let twice = _mm_add_epi8(rank, rank);
        let plus_one = _mm_add_epi8(twice, _mm_set1_epi8(1));
        let spread = _mm256_set_m128i(
            _mm_shuffle_epi8(found, _mm_unpackhi_epi8(twice, plus_one)),
            _mm_shuffle_epi8(found, _mm_unpacklo_epi8(twice, plus_one)),
        );
        // Leads are the characters' first bytes from 0x80 up.
        let is_pair = _mm_cmpgt_epi8(_mm_setzero_si128(), first);
        let real = _mm_cmpgt_epi8(_mm_set1_epi8(count as i8), iota());
        let is_pair = _mm_and_si128(is_pair, real);
        Some(Mixed {
            cps: _mm256_blendv_epi8(ascii, spread, _mm256_cvtepi8_epi16(is_pair)),
            pairs: _mm_movemask_epi8(is_pair) as u32,
            count,
        })
    }
}

/// The eight pairs of the 16 bytes `v` (a lead at each even byte).
///
/// # Safety
/// The AVX2 features; `cells` holds `c.cells + 1` cells.
#[inline(always)]
unsafe fn eight_pairs<const UTF8: bool, const PLAIN: bool>(
    c: &Consts,
    cells: *const u16,
    v: __m128i,
) -> Option<__m128i> {
    // SAFETY: the caller's features and cells.
    unsafe { decode::<UTF8, PLAIN>(c, cells, v, _mm_set1_epi8(-1)) }
}

/// A window of 64 bytes from a character boundary, given its high bits: the
/// character starts (with the lead at byte 63, if any, whose trail is byte 64) and
/// the leads.
#[inline(always)]
fn window(high: u64) -> (u64, u64) {
    let leads = leads(high);
    (leads | !(high | (leads << 1)), leads)
}

/// Whether a chunk's characters (starts `s`, leads `l`) are eight pairs, from its
/// byte 0 or 1 (after the trail of a lead before it): every start is a lead.
#[inline(always)]
fn eight(s: u32, l: u32) -> bool {
    (s == 0x5555 || s == 0xAAAA) && s == l
}

/// The starts and leads of a window of 32 pairs.
const PAIRS64: u64 = 0x5555_5555_5555_5555;

/// Where the characters of chunk `i` (16 bytes from `16 * i`) of a window with
/// `leads` begin: after the trail of a lead at the byte before.
#[inline(always)]
fn chunk_start(i: usize, leads: u64) -> usize {
    if i == 0 {
        0
    } else {
        16 * i + ((leads >> (16 * i - 1)) & 1) as usize
    }
}

/// Decodes ASCII and pairs to UTF-16 while they are ASCII or mapped pairs (see the
/// module docs). Returns (bytes read, units written). Writes only the units it
/// returns.
///
/// # Safety
/// The AVX2 features.
#[inline(always)]
pub(crate) unsafe fn pairs_to_utf16(t: &PairTable, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    // SAFETY: the caller's features.
    unsafe {
        if t.is_plain() {
            pairs_to_utf16_with::<true>(t, src, dst)
        } else {
            pairs_to_utf16_with::<false>(t, src, dst)
        }
    }
}

/// [`pairs_to_utf16`], for a plain table (`PLAIN`: see [`PairTable::is_plain`]) or any.
///
/// # Safety
/// The AVX2 features; `PLAIN` only for a plain table.
#[inline(always)]
unsafe fn pairs_to_utf16_with<const PLAIN: bool>(
    t: &PairTable,
    src: &[u8],
    dst: &mut [u16],
) -> (usize, usize) {
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr());
    let cells = t.cells.as_ptr();
    let (mut r, mut w) = (0, 0);
    // SAFETY: the caller's features; loads read `src[r..r + 65]`, in bounds by the
    // loop's test. Room for 24 units is checked before each chunk: stores write
    // `dst[w..w + 16]` at most, and a mixed chunk's (16 units from `w`) reach at most
    // 8 past its end (it has at least 8 characters and at most 15, so the 8 units
    // after it end within `w + 23`: with room for 16 only, that read went past the
    // end of `dst`, which valgrind's memcheck found); those 8 units are read before
    // (no store of this call reached them: the last one stopped at most 8 units past
    // `w`), and written back at the end if no later output (at least 8 units from
    // there) overwrote them. `t.cells` holds `c.cells + 1` cells.
    unsafe {
        let c = consts(t);
        // What the output held in the 8 units after the last chunk, if it was mixed
        // (`dirty`).
        let mut saved = _mm_setzero_si128();
        let mut dirty = false;
        'windows: while r + 65 <= src.len() {
            let high = high_bits(sp.add(r));
            // A window of mostly ASCII (markup, Latin text) is for the codec's loop
            // and the bulk copy it hands ASCII runs to: through the chunks here,
            // HTML pages decoded slower (AVX2, Zen 5, to UTF-8 vs encoding_rs:
            // EUC-JP ja.html 1.45 -> 1.63, gb18030 zh_cn.html 1.10 -> 1.24 with
            // this; the articles unchanged).
            if high.count_ones() < SPARSE {
                break;
            }
            let (starts, leads) = window(high);
            // 32 pairs (the body of a long run): no shape to test per chunk.
            if leads == PAIRS64 && starts == PAIRS64 && dst.len() - w >= 32 {
                for i in 0..4 {
                    let v = _mm_loadu_si128(sp.add(r + 16 * i).cast());
                    let Some(cps) = eight_pairs::<false, PLAIN>(&c, cells, v) else {
                        r += 16 * i;
                        break 'windows;
                    };
                    _mm_storeu_si128(dp.add(w).cast(), cps);
                    w += 8;
                }
                dirty = false;
                r += 64;
                continue;
            }
            for i in 0..4 {
                let (s, l) = (
                    (starts >> (16 * i)) as u32 & 0xFFFF,
                    (leads >> (16 * i)) as u32 & 0xFFFF,
                );
                let v = _mm_loadu_si128(sp.add(r + 16 * i).cast());
                // 16 units for the stores, and the 8 after a mixed chunk's output
                // (at most 15 units) that are read before them.
                if dst.len() - w < 24 {
                    r += chunk_start(i, leads);
                    break 'windows;
                }
                // Sixteen ASCII bytes (a lead at byte 15 would start a character
                // too), or eight pairs (from byte 0 or 1).
                if s == 0xFFFF && l == 0 {
                    _mm256_storeu_si256(dp.add(w).cast(), _mm256_cvtepu8_epi16(v));
                    w += 16;
                    dirty = false;
                    continue;
                }
                if eight(s, l) {
                    let at = sp.add(r + 16 * i + (s as usize >> 1 & 1));
                    let Some(cps) =
                        eight_pairs::<false, PLAIN>(&c, cells, _mm_loadu_si128(at.cast()))
                    else {
                        r += chunk_start(i, leads);
                        break 'windows;
                    };
                    _mm_storeu_si128(dp.add(w).cast(), cps);
                    w += 8;
                    dirty = false;
                    continue;
                }
                let v1 = _mm_loadu_si128(sp.add(r + 16 * i + 1).cast());
                let Some(m) = mixed::<false, PLAIN>(&c, cells, v, v1, s, l) else {
                    r += chunk_start(i, leads);
                    break 'windows;
                };
                let end = w + m.count as usize;
                saved = _mm_loadu_si128(dp.add(end).cast());
                dirty = true;
                _mm256_storeu_si256(dp.add(w).cast(), m.cps);
                w = end;
            }
            r += 64 + (leads >> 63) as usize;
        }
        if dirty {
            _mm_storeu_si128(dp.add(w).cast(), saved);
        }
    }
    (r, w)
}

/// The UTF-8 bytes of a mixed chunk's characters (`count` code points in the `u16`
/// lanes of `cps`: ASCII, or from U+0800 where `pairs` has a bit), in four pieces of
/// four characters.
///
/// # Safety
/// The AVX2 features.
#[inline(always)]
unsafe fn mixed_utf8(cps: __m256i, pairs: u32, count: u32) -> Pieces {
    // SAFETY: the caller's features; registers and `PACK` rows (16 bytes).
    unsafe {
        let low6 = _mm256_set1_epi16(0x3F);
        // lead | middle << 8, and last, in `u16` lanes; the ASCII lanes' byte.
        let lead = _mm256_or_si256(_mm256_srli_epi16::<12>(cps), _mm256_set1_epi16(0xE0));
        let middle = _mm256_and_si256(_mm256_srli_epi16::<6>(cps), low6);
        let first = _mm256_or_si256(lead, _mm256_slli_epi16::<8>(middle));
        let last = _mm256_or_si256(_mm256_and_si256(cps, low6), _mm256_set1_epi16(0x80));
        let ascii = _mm256_cmpeq_epi16(
            _mm256_and_si256(
                _mm256_set1_epi16(pairs as i16),
                _mm256_setr_epi16(
                    1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, -32768,
                ),
            ),
            _mm256_setzero_si256(),
        );
        let first = _mm256_blendv_epi8(
            _mm256_or_si256(first, _mm256_set1_epi16(0x8000u16 as i16)),
            cps,
            ascii,
        );
        // u32 lanes: characters 0-3 and 8-11, then 4-7 and 12-15.
        let even = _mm256_unpacklo_epi16(first, last);
        let odd = _mm256_unpackhi_epi16(first, last);
        let m = |i: u32| ((pairs >> (4 * i)) & 15) as usize;
        let row = |i: u32| _mm_loadu_si128(PACK.0[m(i)].as_ptr().cast());
        let even = _mm256_shuffle_epi8(even, _mm256_set_m128i(row(2), row(0)));
        let odd = _mm256_shuffle_epi8(odd, _mm256_set_m128i(row(3), row(1)));
        let len = |i: u32| {
            let lanes = count.saturating_sub(4 * i).min(4);
            (lanes + 2 * (m(i) as u32).count_ones()) as usize
        };
        Pieces {
            even,
            odd,
            len: [len(0), len(1), len(2), len(3)],
        }
    }
}

/// The three UTF-8 bytes of each `u32` lane of `cps` (from U+0800): lead | middle
/// << 8 | last << 16.
///
/// # Safety
/// The AVX2 features.
#[inline(always)]
unsafe fn three_bytes(cps: __m256i) -> __m256i {
    // SAFETY: the caller's features; registers only.
    unsafe {
        _mm256_or_si256(
            _mm256_or_si256(_mm256_set1_epi32(0x0080_80E0), _mm256_srli_epi32::<12>(cps)),
            _mm256_or_si256(
                _mm256_slli_epi32::<8>(_mm256_and_si256(
                    _mm256_srli_epi32::<6>(cps),
                    _mm256_set1_epi32(0x3F),
                )),
                _mm256_slli_epi32::<16>(_mm256_and_si256(cps, _mm256_set1_epi32(0x3F))),
            ),
        )
    }
}

/// A mixed chunk's UTF-8 bytes in four pieces of four characters, and the pieces'
/// lengths.
struct Pieces {
    /// Pieces 0 (low half) and 2.
    even: __m256i,
    /// Pieces 1 and 3.
    odd: __m256i,
    /// The lengths of the pieces.
    len: [usize; 4],
}

/// Stores the pieces of `k` from `q`: 16 bytes each, so up to 15 bytes past the
/// last piece's end (empty pieces go to `spare`).
///
/// # Safety
/// The AVX2 features; `q` is valid for writes of the pieces' lengths plus 16;
/// `spare` of 16 bytes.
#[inline(always)]
unsafe fn store_pieces(q: *mut u8, k: &Pieces, spare: *mut u8) {
    // SAFETY: the caller's features and writes.
    unsafe {
        let [l0, l1, l2, l3] = k.len;
        _mm_storeu_si128(q.cast(), _mm256_castsi256_si128(k.even));
        _mm_storeu_si128(q.add(l0).cast(), _mm256_castsi256_si128(k.odd));
        let q2 = q.add(l0 + l1);
        let to2 = if l2 != 0 { q2 } else { spare };
        let to3 = if l3 != 0 { q2.add(l2) } else { spare };
        _mm_storeu_si128(to2.cast(), _mm256_extracti128_si256::<1>(k.even));
        _mm_storeu_si128(to3.cast(), _mm256_extracti128_si256::<1>(k.odd));
    }
}

/// Decodes ASCII and pairs to UTF-8 while they are ASCII or mapped pairs of code
/// points from U+0800 (three UTF-8 bytes each). Returns (bytes read, bytes
/// written). Writes only the bytes it returns.
///
/// # Safety
/// The AVX2 features.
#[inline(always)]
pub(crate) unsafe fn pairs_to_utf8(t: &PairTable, src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    // SAFETY: the caller's features.
    unsafe {
        if t.is_plain() {
            pairs_to_utf8_with::<true>(t, src, dst)
        } else {
            pairs_to_utf8_with::<false>(t, src, dst)
        }
    }
}

/// [`pairs_to_utf8`], for a plain table (`PLAIN`: see [`PairTable::is_plain`]) or any.
///
/// # Safety
/// The AVX2 features; `PLAIN` only for a plain table.
#[inline(always)]
unsafe fn pairs_to_utf8_with<const PLAIN: bool>(
    t: &PairTable,
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr());
    let cells = t.cells.as_ptr();
    let (mut r, mut w) = (0, 0);
    // SAFETY: the caller's features; loads read `src[r..r + 65]`, in bounds by the
    // loop's test. Room for 64 bytes is checked before each chunk: ASCII chunks (16
    // bytes) and chunks of eight pairs (24) are stored exactly; a mixed chunk's
    // pieces reach `dst[w..w + 52]` at most (three of at most 12 bytes, then 16) and
    // at most 15 bytes past its end; 16 bytes from there are read before (no store
    // of this call reached them: the last one stopped at most 15 bytes past `w`,
    // and the chunk's output has at least 15), and written back at the end if no
    // later output (at least 15 bytes from there) overwrote them. `t.cells` holds
    // `c.cells + 1` cells.
    unsafe {
        let c = consts(t);
        let mut spare = [0u8; 16];
        let spare = spare.as_mut_ptr();
        // What the output held in the 16 bytes after the last chunk, if it was
        // mixed (`dirty`).
        let mut saved = _mm_setzero_si128();
        let mut dirty = false;
        // The three bytes of each u32 lane, four lanes per 16-byte lane, then the
        // two lanes' twelve bytes next to each other.
        let pack = _mm256_setr_epi8(
            0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1, 0, 1, 2, 4, 5, 6, 8, 9, 10, 12,
            13, 14, -1, -1, -1, -1,
        );
        let join = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 7, 7);
        'windows: while r + 65 <= src.len() {
            let high = high_bits(sp.add(r));
            // See `pairs_to_utf16_with`.
            if high.count_ones() < SPARSE {
                break;
            }
            let (starts, leads) = window(high);
            for i in 0..4 {
                let (s, l) = (
                    (starts >> (16 * i)) as u32 & 0xFFFF,
                    (leads >> (16 * i)) as u32 & 0xFFFF,
                );
                let v = _mm_loadu_si128(sp.add(r + 16 * i).cast());
                if dst.len() - w < 64 {
                    r += chunk_start(i, leads);
                    break 'windows;
                }
                // Sixteen ASCII bytes (a lead at byte 15 would start a character too).
                if s == 0xFFFF && l == 0 {
                    _mm_storeu_si128(dp.add(w).cast(), v);
                    w += 16;
                    dirty = false;
                    continue;
                }
                if eight(s, l) {
                    let at = sp.add(r + 16 * i + (s as usize >> 1 & 1));
                    let Some(cps) =
                        eight_pairs::<true, PLAIN>(&c, cells, _mm_loadu_si128(at.cast()))
                    else {
                        r += chunk_start(i, leads);
                        break 'windows;
                    };
                    let bytes = three_bytes(_mm256_cvtepu16_epi32(cps));
                    let packed =
                        _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(bytes, pack), join);
                    _mm_storeu_si128(dp.add(w).cast(), _mm256_castsi256_si128(packed));
                    _mm_storel_epi64(dp.add(w + 16).cast(), _mm256_extracti128_si256::<1>(packed));
                    w += 24;
                    dirty = false;
                    continue;
                }
                let v1 = _mm_loadu_si128(sp.add(r + 16 * i + 1).cast());
                let Some(m) = mixed::<true, PLAIN>(&c, cells, v, v1, s, l) else {
                    r += chunk_start(i, leads);
                    break 'windows;
                };
                let pieces = mixed_utf8(m.cps, m.pairs, m.count);
                let end = w + pieces.len.iter().sum::<usize>();
                saved = _mm_loadu_si128(dp.add(end).cast());
                dirty = true;
                store_pieces(dp.add(w), &pieces, spare);
                w = end;
            }
            r += 64 + (leads >> 63) as usize;
        }
        if dirty {
            _mm_storeu_si128(dp.add(w).cast(), saved);
        }
    }
    (r, w)
}
