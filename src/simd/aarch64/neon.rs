//! NEON: 16-byte vectors, `tbl` lookups (up to 64-byte tables).

use crate::simd::vector::{Lookup128, Shuffle, Vector};
use core::arch::aarch64::*;

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

crate::simd::entry_points!(Neon, "neon", shuffle);
