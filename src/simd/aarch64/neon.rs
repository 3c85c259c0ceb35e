//! NEON: 16-byte vectors, `tbl` lookups (up to 64-byte tables), and UTF-8 <-> UTF-16
//! transcoding by the shuffle tables of [`crate::simd::transcode16`].

use crate::simd::dispatch::Kernels;
use crate::simd::transcode16::{
    CLASS2, CLASS3, CLASS4, NONE, PACK2, PACK3, PACK3_LEN, UTF8_CONSUMED, UTF8_INDEX, UTF8_PATTERNS,
};
use crate::simd::vector::{Lookup128, Shuffle, Vector};
use core::arch::aarch64::*;
use core::ptr;

/// A NEON register.
#[derive(Copy, Clone)]
pub(crate) struct Neon(uint8x16_t);

// SAFETY (for every method): NEON is baseline on aarch64; pointers are valid for 16
// bytes by the trait's contract.
#[allow(clippy::undocumented_unsafe_blocks)]
impl Vector for Neon {
    const BYTES: usize = 16;
    const MASK_SHIFT: u32 = 2;
    #[inline(always)]
    unsafe fn zero() -> Self {
        unsafe { Neon(vdupq_n_u8(0)) }
    }
    #[inline(always)]
    unsafe fn splat8(b: u8) -> Self {
        unsafe { Neon(vdupq_n_u8(b)) }
    }
    #[inline(always)]
    unsafe fn splat16(u: u16) -> Self {
        unsafe { Neon(vreinterpretq_u8_u16(vdupq_n_u16(u))) }
    }
    #[inline(always)]
    unsafe fn load(p: *const u8) -> Self {
        unsafe { Neon(vld1q_u8(p)) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u8) {
        unsafe { vst1q_u8(p, self.0) }
    }
    #[inline(always)]
    unsafe fn or(self, b: Self) -> Self {
        unsafe { Neon(vorrq_u8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn and(self, b: Self) -> Self {
        unsafe { Neon(vandq_u8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn xor(self, b: Self) -> Self {
        unsafe { Neon(veorq_u8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn eq8(self, b: Self) -> Self {
        unsafe { Neon(vceqq_u8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn eq16(self, b: Self) -> Self {
        unsafe {
            Neon(vreinterpretq_u8_u16(vceqq_u16(
                vreinterpretq_u16_u8(self.0),
                vreinterpretq_u16_u8(b.0),
            )))
        }
    }
    #[inline(always)]
    unsafe fn add16(self, b: Self) -> Self {
        unsafe {
            Neon(vreinterpretq_u8_u16(vaddq_u16(
                vreinterpretq_u16_u8(self.0),
                vreinterpretq_u16_u8(b.0),
            )))
        }
    }
    #[inline(always)]
    unsafe fn sub16(self, b: Self) -> Self {
        unsafe {
            Neon(vreinterpretq_u8_u16(vsubq_u16(
                vreinterpretq_u16_u8(self.0),
                vreinterpretq_u16_u8(b.0),
            )))
        }
    }
    #[inline(always)]
    unsafe fn subs8(self, b: Self) -> Self {
        unsafe { Neon(vqsubq_u8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn subs16(self, b: Self) -> Self {
        unsafe {
            Neon(vreinterpretq_u8_u16(vqsubq_u16(
                vreinterpretq_u16_u8(self.0),
                vreinterpretq_u16_u8(b.0),
            )))
        }
    }
    #[inline(always)]
    unsafe fn shr16<const K: i32>(self) -> Self {
        unsafe {
            Neon(vreinterpretq_u8_u16(vshrq_n_u16::<K>(
                vreinterpretq_u16_u8(self.0),
            )))
        }
    }
    #[inline(always)]
    unsafe fn high_mask(self) -> u64 {
        unsafe {
            let m = vreinterpretq_u16_u8(vcltzq_s8(vreinterpretq_s8_u8(self.0)));
            vget_lane_u64::<0>(vreinterpret_u64_u8(vshrn_n_u16::<4>(m)))
        }
    }
    #[inline(always)]
    unsafe fn any_high(self) -> bool {
        unsafe { vmaxvq_u8(self.0) >= 0x80 }
    }
    #[inline(always)]
    unsafe fn is_zero(self) -> bool {
        unsafe { vmaxvq_u32(vreinterpretq_u32_u8(self.0)) == 0 }
    }
    #[inline(always)]
    unsafe fn widen_lo(self) -> Self {
        unsafe { Neon(vreinterpretq_u8_u16(vmovl_u8(vget_low_u8(self.0)))) }
    }
    #[inline(always)]
    unsafe fn widen_hi(self) -> Self {
        unsafe { Neon(vreinterpretq_u8_u16(vmovl_high_u8(self.0))) }
    }
    #[inline(always)]
    unsafe fn widen_signed(self) -> (Self, Self) {
        unsafe {
            let v = vreinterpretq_s8_u8(self.0);
            (
                Neon(vreinterpretq_u8_s16(vmovl_s8(vget_low_s8(v)))),
                Neon(vreinterpretq_u8_s16(vmovl_high_s8(v))),
            )
        }
    }
    #[inline(always)]
    unsafe fn narrow(a: Self, b: Self) -> Self {
        unsafe { Neon(vuzp1q_u8(a.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn interleave(lo: Self, hi: Self) -> (Self, Self) {
        unsafe { (Neon(vzip1q_u8(lo.0, hi.0)), Neon(vzip2q_u8(lo.0, hi.0))) }
    }
    #[inline(always)]
    unsafe fn swap16(self) -> Self {
        unsafe { Neon(vrev16q_u8(self.0)) }
    }
}

#[allow(clippy::undocumented_unsafe_blocks)]
impl Shuffle for Neon {
    #[inline(always)]
    unsafe fn table16(table: &[u8; 16]) -> Self {
        // SAFETY: `table` is 16 readable bytes.
        unsafe { Neon(vld1q_u8(table.as_ptr())) }
    }
    #[inline(always)]
    unsafe fn lookup16(self, idx: Self) -> Self {
        unsafe { Neon(vqtbl1q_u8(self.0, idx.0)) }
    }
    #[inline(always)]
    unsafe fn prev1(self, prev: Self) -> Self {
        unsafe { Neon(vextq_u8::<15>(prev.0, self.0)) }
    }
    #[inline(always)]
    unsafe fn prev2(self, prev: Self) -> Self {
        unsafe { Neon(vextq_u8::<14>(prev.0, self.0)) }
    }
    #[inline(always)]
    unsafe fn prev3(self, prev: Self) -> Self {
        unsafe { Neon(vextq_u8::<13>(prev.0, self.0)) }
    }
}

/// The low and high bytes of the 128 code points as two 64-byte `tbl` tables each.
#[derive(Copy, Clone)]
pub(crate) struct NeonTable {
    lo: [uint8x16x4_t; 2],
    hi: [uint8x16x4_t; 2],
}

#[allow(clippy::undocumented_unsafe_blocks)]
impl Lookup128 for Neon {
    type Table = NeonTable;
    #[inline(always)]
    unsafe fn prepare(table: &[u16; 128]) -> NeonTable {
        unsafe {
            let p = table.as_ptr().cast::<u8>();
            // Each load de-interleaves 16 code points into low and high bytes.
            let d = [
                vld2q_u8(p),
                vld2q_u8(p.add(32)),
                vld2q_u8(p.add(64)),
                vld2q_u8(p.add(96)),
                vld2q_u8(p.add(128)),
                vld2q_u8(p.add(160)),
                vld2q_u8(p.add(192)),
                vld2q_u8(p.add(224)),
            ];
            NeonTable {
                lo: [
                    uint8x16x4_t(d[0].0, d[1].0, d[2].0, d[3].0),
                    uint8x16x4_t(d[4].0, d[5].0, d[6].0, d[7].0),
                ],
                hi: [
                    uint8x16x4_t(d[0].1, d[1].1, d[2].1, d[3].1),
                    uint8x16x4_t(d[4].1, d[5].1, d[6].1, d[7].1),
                ],
            }
        }
    }
    /// `x = b ^ 0x80` is the table index of an upper-half byte; out-of-range indexes
    /// (ASCII bytes, and the other table's half) give 0.
    #[inline(always)]
    unsafe fn lookup(t: &NeonTable, v: Self) -> (Self, Self) {
        unsafe {
            let x = veorq_u8(v.0, vdupq_n_u8(0x80));
            let y = vsubq_u8(x, vdupq_n_u8(64));
            let lo = vorrq_u8(vqtbl4q_u8(t.lo[0], x), vqtbl4q_u8(t.lo[1], y));
            let hi = vorrq_u8(vqtbl4q_u8(t.hi[0], x), vqtbl4q_u8(t.hi[1], y));
            let upper = vcltzq_s8(vreinterpretq_s8_u8(v.0));
            (Neon(vorrq_u8(lo, vbicq_u8(v.0, upper))), Neon(hi))
        }
    }
}

/// Byte `i` holds bit `i % 8`: masking a comparison with it and summing each half
/// gives a 16-bit mask.
static BYTE_BITS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];
/// Lane `k` holds bit `k`: an 8-bit mask of `u16` lanes.
static UNIT_BITS: [u16; 8] = [1, 2, 4, 8, 16, 32, 64, 128];
/// Powers of three for the [`PACK3`] keys of each half of eight units.
static POW3: [u16; 8] = [1, 3, 9, 27, 1, 3, 9, 27];
/// Byte `i` holds `i`.
static IOTA: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

/// Stores the first `n` (at most 16) bytes of `v` at `p`, keeping the 16 - `n` bytes
/// after them as they were.
///
/// # Safety
/// `p` is valid for reads and writes of 16 bytes.
#[inline(always)]
unsafe fn store_first(p: *mut u8, v: uint8x16_t, n: usize) {
    // SAFETY: forwarded contract; `IOTA` is 16 bytes.
    unsafe {
        let old = vld1q_u8(p);
        let take = vcltq_u8(vld1q_u8(IOTA.as_ptr()), vdupq_n_u8(n as u8));
        vst1q_u8(p, vbslq_u8(take, v, old));
    }
}

/// The pattern of six two-byte characters.
const ALL_TWO: u8 = CLASS2 + 63;
/// The pattern of four three-byte characters.
const ALL_THREE: u8 = CLASS3 + 80;

/// Converts 16 characters at a time while the next 32 bytes at `p` are two-byte
/// characters (or, if `three`, while the next 48 are three-byte characters): `ld2` /
/// `ld3` put the bytes of each position in their own vector. Returns (bytes read,
/// units written).
///
/// # Safety
/// `p[..len]` is valid UTF-8 starting and ending at character boundaries; `q` is
/// valid for writes of `room` units.
#[inline(always)]
unsafe fn utf8_runs_to_utf16(
    three: bool,
    p: *const u8,
    len: usize,
    q: *mut u16,
    room: usize,
) -> (usize, usize) {
    let (mut r, mut w) = (0, 0);
    // SAFETY: loads read `p[r..r + 32]` or `p[r..r + 48]` within `len`; stores write
    // units `q[w..w + 16]` within `room`. With every lead byte of the expected length,
    // the other bytes are its continuation bytes (the input is valid), and the last
    // character ends within the loaded bytes.
    unsafe {
        while !three && r + 32 <= len && room - w >= 16 {
            let x = vld2q_u8(p.add(r));
            if vminvq_u8(vceqq_u8(vandq_u8(x.0, vdupq_n_u8(0xE0)), vdupq_n_u8(0xC0))) == 0 {
                break;
            }
            // Unit bytes: low (lead << 6) | (trail & 0x3F), high (lead >> 2) & 7.
            let lo = vsliq_n_u8::<6>(x.1, x.0);
            let hi = vandq_u8(vshrq_n_u8::<2>(x.0), vdupq_n_u8(0x07));
            vst1q_u16(q.add(w), vreinterpretq_u16_u8(vzip1q_u8(lo, hi)));
            vst1q_u16(q.add(w + 8), vreinterpretq_u16_u8(vzip2q_u8(lo, hi)));
            r += 32;
            w += 16;
        }
        while three && r + 48 <= len && room - w >= 16 {
            let x = vld3q_u8(p.add(r));
            if vminvq_u8(vceqq_u8(vandq_u8(x.0, vdupq_n_u8(0xF0)), vdupq_n_u8(0xE0))) == 0 {
                break;
            }
            // Unit bytes: low (mid << 6) | (last & 0x3F), high (lead << 4) | (mid >> 2)
            // & 0x0F.
            let lo = vsliq_n_u8::<6>(x.2, x.1);
            let hi = vsliq_n_u8::<4>(vshrq_n_u8::<2>(x.1), x.0);
            vst1q_u16(q.add(w), vreinterpretq_u16_u8(vzip1q_u8(lo, hi)));
            vst1q_u16(q.add(w + 8), vreinterpretq_u16_u8(vzip2q_u8(lo, hi)));
            r += 48;
            w += 16;
        }
    }
    (r, w)
}

/// Converts valid UTF-8 `src[..end]` to UTF-16 while 16 bytes of it and 16 units of
/// room are left, Lemire & Muła style: a block of ASCII is widened (32 bytes at a
/// time if it can), runs of two- or three-byte characters go through
/// [`utf8_runs_to_utf16`]; otherwise the
/// end-of-character mask of the first 12 bytes picks a pattern (see
/// [`crate::simd::transcode16`]) that `tbl` spreads the bytes of the next six (up to
/// two bytes each), four (up to three) or three (up to four) characters into lanes
/// by, where shifts and masks make the code units. Returns (bytes read, units
/// written).
///
/// # Safety
/// `src[..end]` (`end <= src.len()`) is valid UTF-8 starting and ending at character
/// boundaries.
#[inline(always)]
unsafe fn utf8_blocks_to_utf16(src: &[u8], end: usize, dst: &mut [u16]) -> (usize, usize) {
    debug_assert!(end <= src.len());
    let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr());
    let (mut r, mut w) = (0, 0);
    // SAFETY: loads read `src[r..r + 16]` (`r + 16 <= end <= src.len()`), or
    // `src[r..r + 32]` (`r + 32 <= end`), and whole table rows; stores write within
    // units `dst[w..w + 16]` (`w + 16 <= dst.len()`), or `dst[w..w + 32]`
    // (`w + 32 <= dst.len()`); `utf8_runs_to_utf16` gets `src[r..end]` and units
    // `dst[w..]`, which start at character boundaries. The pattern's character
    // lengths come from the mask of these bytes, so (the input being valid) they are
    // the real characters and end within the 16 bytes.
    unsafe {
        let bits = vld1q_u8(BYTE_BITS.as_ptr());
        while r + 16 <= end && dst.len() - w >= 16 {
            if r + 32 <= end && dst.len() - w >= 32 {
                // 32 bytes of ASCII at a time.
                let a = vld1q_u8(sp.add(r));
                let b = vld1q_u8(sp.add(r + 16));
                if vmaxvq_u8(vorrq_u8(a, b)) < 0x80 {
                    vst1q_u16(dp.add(w), vmovl_u8(vget_low_u8(a)));
                    vst1q_u16(dp.add(w + 8), vmovl_high_u8(a));
                    vst1q_u16(dp.add(w + 16), vmovl_u8(vget_low_u8(b)));
                    vst1q_u16(dp.add(w + 24), vmovl_high_u8(b));
                    r += 32;
                    w += 32;
                    continue;
                }
            }
            let v = vld1q_u8(sp.add(r));
            if vmaxvq_u8(v) < 0x80 {
                vst1q_u16(dp.add(w), vmovl_u8(vget_low_u8(v)));
                vst1q_u16(dp.add(w + 8), vmovl_high_u8(v));
                r += 16;
                w += 16;
                continue;
            }
            // Byte `i` ends a character if byte `i + 1` is not a continuation byte
            // (0x80..=0xBF, below -64 as `i8`).
            let not_cont = vcgeq_s8(vreinterpretq_s8_u8(v), vdupq_n_s8(-64));
            let ends = vandq_u8(vextq_u8::<1>(not_cont, not_cont), bits);
            let mask = usize::from(vaddv_u8(vget_low_u8(ends)))
                | (usize::from(vaddv_u8(vget_high_u8(ends)) & 0x0F) << 8);
            let id = UTF8_INDEX[mask];
            if id == NONE {
                break;
            }
            if id == ALL_TWO || id == ALL_THREE {
                // Runs of two- or three-byte characters: 16 at a time, de-interleaved.
                let (k, u) = utf8_runs_to_utf16(
                    id == ALL_THREE,
                    sp.add(r),
                    end - r,
                    dp.add(w),
                    dst.len() - w,
                );
                if k != 0 {
                    r += k;
                    w += u;
                    continue;
                }
            }
            let t = vqtbl1q_u8(v, vld1q_u8(UTF8_PATTERNS[usize::from(id)].as_ptr()));
            if id < CLASS3 {
                // u16 lanes: last byte | lead << 8 (lead 0 for ASCII).
                let t = vreinterpretq_u16_u8(t);
                let u = vorrq_u16(
                    vandq_u16(t, vdupq_n_u16(0x7F)),
                    vandq_u16(vshrq_n_u16::<2>(t), vdupq_n_u16(0x07C0)),
                );
                vst1_u16(dp.add(w), vget_low_u16(u));
                ptr::write_unaligned(
                    dp.add(w + 4).cast::<u32>(),
                    vgetq_lane_u32::<2>(vreinterpretq_u32_u16(u)),
                );
                w += 6;
            } else if id < CLASS4 {
                // u32 lanes: last byte | middle << 8 | lead << 16, as present.
                let t = vreinterpretq_u32_u8(t);
                let u = vorrq_u32(
                    vorrq_u32(
                        vandq_u32(t, vdupq_n_u32(0x7F)),
                        vandq_u32(vshrq_n_u32::<2>(t), vdupq_n_u32(0x0FC0)),
                    ),
                    vandq_u32(vshrq_n_u32::<4>(t), vdupq_n_u32(0xF000)),
                );
                vst1_u16(dp.add(w), vmovn_u32(u));
                w += 4;
            } else {
                // u32 lanes of up to four bytes; the third byte keeps six bits, which
                // for a three-byte lead (bit 6 set) is one too many: bit 17, cleared
                // by the xor.
                let t = vreinterpretq_u32_u8(t);
                let c = vorrq_u32(
                    vorrq_u32(
                        vandq_u32(t, vdupq_n_u32(0x7F)),
                        vandq_u32(vshrq_n_u32::<2>(t), vdupq_n_u32(0x0FC0)),
                    ),
                    vorrq_u32(
                        vandq_u32(vshrq_n_u32::<4>(t), vdupq_n_u32(0x3_F000)),
                        vandq_u32(vshrq_n_u32::<6>(t), vdupq_n_u32(0x1C_0000)),
                    ),
                );
                let c = veorq_u32(c, vandq_u32(vshrq_n_u32::<5>(t), vdupq_n_u32(0x2_0000)));
                let mut cps = [0u32; 4];
                vst1q_u32(cps.as_mut_ptr(), c);
                for &c in &cps[..3] {
                    if c < 0x10000 {
                        *dp.add(w) = c as u16;
                        w += 1;
                    } else {
                        let c = c - 0x10000;
                        *dp.add(w) = 0xD800 | (c >> 10) as u16;
                        *dp.add(w + 1) = 0xDC00 | (c & 0x3FF) as u16;
                        w += 2;
                    }
                }
            }
            r += usize::from(UTF8_CONSUMED[usize::from(id)]);
        }
    }
    (r, w)
}

/// See [`crate::simd::scalar::utf8_to_utf16`]: validation a chunk at a time, then 16-byte blocks
/// ([`utf8_blocks_to_utf16`]); the last bytes of a chunk and the characters near the
/// end of `dst` go through the scalar code.
///
/// # Safety
/// The CPU must have NEON.
#[target_feature(enable = "neon")]
pub(crate) unsafe fn utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    crate::simd::kernels::utf8_to_utf16::utf8_to_utf16_chunked(
        src,
        dst,
        16,
        // SAFETY: NEON is enabled here.
        |s| unsafe { <Neon as Kernels>::utf8_valid_up_to(s) },
        // SAFETY: NEON is enabled here; the driver passes valid UTF-8 `src[..end]`
        // that starts and ends at character boundaries.
        |s, end, d| unsafe { utf8_blocks_to_utf16(s, end, d) },
    )
}

/// Loads eight UTF-16 units, byte-swapped if `SWAP`.
///
/// # Safety
/// `p` is valid for reads of 16 bytes.
#[inline(always)]
unsafe fn load_units<const SWAP: bool>(p: *const u8) -> uint16x8_t {
    // SAFETY: forwarded contract.
    unsafe {
        let v = vld1q_u8(p);
        vreinterpretq_u16_u8(if SWAP { vrev16q_u8(v) } else { v })
    }
}

/// See [`crate::simd::scalar::units_to_utf8`]; `SWAP` on this little-endian target means big-endian
/// input. Eight units at a time (sixteen for Basic Latin): Basic Latin is narrowed;
/// units below U+0800 become `lead | trail << 8` lanes packed by a [`PACK2`] shuffle
/// keyed by the ASCII lanes; other vectors without surrogates are written with
/// `st3` when every unit takes three bytes, else as four-unit halves of
/// `b0 | b1 << 8 | b2 << 16` lanes packed by [`PACK3`]. A vector with a surrogate,
/// the last units and the units near the end of `dst` go through the scalar code.
///
/// # Safety
/// The CPU must have NEON.
#[target_feature(enable = "neon")]
pub(crate) unsafe fn units_to_utf8<const SWAP: bool>(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    crate::simd::kernels::utf16::units_to_utf8_chunked::<SWAP>(src, dst, 8, |src, dst| {
        let n = src.len() / 2;
        let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr());
        let (mut i, mut w) = (0, 0);
        // SAFETY: loads read bytes `src[2 * i..2 * (i + 8)]` (`i + 8 <= n`), or
        // `src[2 * i..2 * (i + 16)]` (`i + 16 <= n`), and whole table rows; stores
        // (and the reads of `store_first`) touch `dst[w..w + 32]`
        // (`w + 32 <= dst.len()`): the second half of a three-byte pack starts at most
        // 12 bytes in.
        unsafe {
            while i + 8 <= n && dst.len() - w >= 32 {
                if i + 16 <= n {
                    let a = load_units::<SWAP>(sp.add(2 * i));
                    let c = load_units::<SWAP>(sp.add(2 * i + 16));
                    if vmaxvq_u16(vorrq_u16(a, c)) < 0x80 {
                        let bytes = vuzp1q_u8(vreinterpretq_u8_u16(a), vreinterpretq_u8_u16(c));
                        vst1q_u8(dp.add(w), bytes);
                        i += 16;
                        w += 16;
                        continue;
                    }
                }
                let v = load_units::<SWAP>(sp.add(2 * i));
                let max = vmaxvq_u16(v);
                if max < 0x80 {
                    vst1_u8(dp.add(w), vmovn_u16(v));
                    i += 8;
                    w += 8;
                    continue;
                }
                let low6 = vdupq_n_u16(0x3F);
                let cont = vdupq_n_u16(0x80);
                let last = vorrq_u16(vandq_u16(v, low6), cont);
                if max < 0x800 {
                    let ascii = vcltq_u16(v, cont);
                    let lead = vorrq_u16(vshrq_n_u16::<6>(v), vdupq_n_u16(0xC0));
                    let lanes = vbslq_u16(ascii, v, vorrq_u16(lead, vshlq_n_u16::<8>(last)));
                    let key =
                        usize::from(vaddvq_u16(vandq_u16(ascii, vld1q_u16(UNIT_BITS.as_ptr()))));
                    let packed =
                        vqtbl1q_u8(vreinterpretq_u8_u16(lanes), vld1q_u8(PACK2[key].as_ptr()));
                    let len = 16 - key.count_ones() as usize;
                    store_first(dp.add(w), packed, len);
                    i += 8;
                    w += len;
                    continue;
                }
                let top = vandq_u16(v, vdupq_n_u16(0xF800));
                if vmaxvq_u16(vceqq_u16(top, vdupq_n_u16(0xD800))) != 0 {
                    break;
                }
                let mid = vorrq_u16(vandq_u16(vshrq_n_u16::<6>(v), low6), cont);
                let lead3 = vorrq_u16(vshrq_n_u16::<12>(v), vdupq_n_u16(0xE0));
                if vminvq_u16(v) >= 0x800 {
                    let bytes = uint8x8x3_t(vmovn_u16(lead3), vmovn_u16(mid), vmovn_u16(last));
                    vst3_u8(dp.add(w), bytes);
                    i += 8;
                    w += 24;
                    continue;
                }
                let ge80 = vcgeq_u16(v, cont);
                let ge800 = vcgeq_u16(v, vdupq_n_u16(0x800));
                let lead2 = vorrq_u16(vshrq_n_u16::<6>(v), vdupq_n_u16(0xC0));
                let b0 = vbslq_u16(ge800, lead3, vbslq_u16(ge80, lead2, v));
                let b1 = vbslq_u16(ge800, mid, last);
                let b01 = vorrq_u16(b0, vshlq_n_u16::<8>(b1));
                let lo = vreinterpretq_u8_u16(vzip1q_u16(b01, last));
                let hi = vreinterpretq_u8_u16(vzip2q_u16(b01, last));
                // UTF-8 length - 1 of each unit (the masks are -1 where set).
                let more = vsubq_u16(vdupq_n_u16(0), vaddq_u16(ge80, ge800));
                let keys = vmulq_u16(more, vld1q_u16(POW3.as_ptr()));
                let k_lo = usize::from(vaddv_u16(vget_low_u16(keys)));
                let k_hi = usize::from(vaddv_u16(vget_high_u16(keys)));
                // The second half is blended with what `dst` held before the first
                // half's (longer) store.
                let w2 = w + usize::from(PACK3_LEN[k_lo]);
                let old = vld1q_u8(dp.add(w2));
                vst1q_u8(dp.add(w), vqtbl1q_u8(lo, vld1q_u8(PACK3[k_lo].as_ptr())));
                let len = usize::from(PACK3_LEN[k_hi]);
                let take = vcltq_u8(vld1q_u8(IOTA.as_ptr()), vdupq_n_u8(len as u8));
                let packed = vqtbl1q_u8(hi, vld1q_u8(PACK3[k_hi].as_ptr()));
                vst1q_u8(dp.add(w2), vbslq_u8(take, packed, old));
                i += 8;
                w = w2 + len;
            }
        }
        (i, w)
    })
}
