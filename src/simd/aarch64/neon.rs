//! NEON: 16-byte vectors, `tbl` lookups (up to 64-byte tables), and the
//! de-interleaving loads and stores (`ld3`, `st3`) the transcoder's runs of
//! three-byte characters use.

use crate::simd::vector::{Bytes16, Lookup128, Shuffle, Transcode, Vector};
use core::arch::aarch64::*;
use core::ptr;

/// Puts NEON's `#[target_feature]` attribute on the function it wraps: the one place
/// its feature string is written (the NEON entry points of [`crate::simd::dispatch`]
/// use it too).
macro_rules! neon_fn {
    ($($function:tt)*) => {
        #[target_feature(enable = "neon")]
        $($function)*
    };
}
pub(crate) use neon_fn;

/// A NEON register.
#[derive(Copy, Clone)]
pub(crate) struct Neon(uint8x16_t);

impl Vector for Neon {
    const BYTES: usize = 16;
    const MASK_SHIFT: u32 = 2;
    #[inline(always)]
    unsafe fn zero() -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Neon(vdupq_n_u8(0)) }
    }
    #[inline(always)]
    unsafe fn splat8(b: u8) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Neon(vdupq_n_u8(b)) }
    }
    #[inline(always)]
    unsafe fn splat16(u: u16) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Neon(vreinterpretq_u8_u16(vdupq_n_u16(u))) }
    }
    #[inline(always)]
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { Neon(vld1q_u8(p)) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u8) {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { vst1q_u8(p, self.0) }
    }
    #[inline(always)]
    unsafe fn or(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Neon(vorrq_u8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn and(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Neon(vandq_u8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn xor(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Neon(veorq_u8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn eq8(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Neon(vceqq_u8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn eq16(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            Neon(vreinterpretq_u8_u16(vceqq_u16(
                vreinterpretq_u16_u8(self.0),
                vreinterpretq_u16_u8(b.0),
            )))
        }
    }
    #[inline(always)]
    unsafe fn add16(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            Neon(vreinterpretq_u8_u16(vaddq_u16(
                vreinterpretq_u16_u8(self.0),
                vreinterpretq_u16_u8(b.0),
            )))
        }
    }
    #[inline(always)]
    unsafe fn sub16(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            Neon(vreinterpretq_u8_u16(vsubq_u16(
                vreinterpretq_u16_u8(self.0),
                vreinterpretq_u16_u8(b.0),
            )))
        }
    }
    #[inline(always)]
    unsafe fn subs8(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Neon(vqsubq_u8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn subs16(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            Neon(vreinterpretq_u8_u16(vqsubq_u16(
                vreinterpretq_u16_u8(self.0),
                vreinterpretq_u16_u8(b.0),
            )))
        }
    }
    #[inline(always)]
    unsafe fn shr16<const K: i32>(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            Neon(vreinterpretq_u8_u16(vshrq_n_u16::<K>(
                vreinterpretq_u16_u8(self.0),
            )))
        }
    }
    #[inline(always)]
    unsafe fn high_mask(self) -> u64 {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            let m = vreinterpretq_u16_u8(vcltzq_s8(vreinterpretq_s8_u8(self.0)));
            vget_lane_u64::<0>(vreinterpret_u64_u8(vshrn_n_u16::<4>(m)))
        }
    }
    #[inline(always)]
    unsafe fn any_high(self) -> bool {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { vmaxvq_u8(self.0) >= 0x80 }
    }
    #[inline(always)]
    unsafe fn is_zero(self) -> bool {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { vmaxvq_u32(vreinterpretq_u32_u8(self.0)) == 0 }
    }
    #[inline(always)]
    unsafe fn widen_lo(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Neon(vreinterpretq_u8_u16(vmovl_u8(vget_low_u8(self.0)))) }
    }
    #[inline(always)]
    unsafe fn widen_hi(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Neon(vreinterpretq_u8_u16(vmovl_high_u8(self.0))) }
    }
    #[inline(always)]
    unsafe fn widen_signed(self) -> (Self, Self) {
        // SAFETY: the ISA contract (features enabled); registers only.
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
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Neon(vuzp1q_u8(a.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn interleave(lo: Self, hi: Self) -> (Self, Self) {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { (Neon(vzip1q_u8(lo.0, hi.0)), Neon(vzip2q_u8(lo.0, hi.0))) }
    }
    #[inline(always)]
    unsafe fn swap16(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Neon(vrev16q_u8(self.0)) }
    }
}

impl Shuffle for Neon {
    #[inline(always)]
    unsafe fn table16(table: &[u8; 16]) -> Self {
        // SAFETY: `table` is 16 readable bytes.
        unsafe { Neon(vld1q_u8(table.as_ptr())) }
    }
    #[inline(always)]
    unsafe fn lookup16(self, idx: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Neon(vqtbl1q_u8(self.0, idx.0)) }
    }
    #[inline(always)]
    unsafe fn prev1(self, prev: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Neon(vextq_u8::<15>(prev.0, self.0)) }
    }
    #[inline(always)]
    unsafe fn prev2(self, prev: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Neon(vextq_u8::<14>(prev.0, self.0)) }
    }
    #[inline(always)]
    unsafe fn prev3(self, prev: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Neon(vextq_u8::<13>(prev.0, self.0)) }
    }
}

/// The low and high bytes of the 128 code points as two 64-byte `tbl` tables each.
#[derive(Copy, Clone)]
pub(crate) struct NeonTable {
    lo: [uint8x16x4_t; 2],
    hi: [uint8x16x4_t; 2],
}

impl Lookup128 for Neon {
    type Table = NeonTable;
    #[inline(always)]
    unsafe fn prepare(table: &[u16; 128]) -> NeonTable {
        // SAFETY: the ISA contract (features enabled); reads stay inside the table.
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
        // SAFETY: the ISA contract (features enabled); registers only.
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

/// Byte `i` holds bit `i % 8`: masking a comparison with it and adding up gives a
/// bit mask.
static BYTE_BITS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];
/// Lane `k` holds bit `k`: an 8-bit mask of `u16` lanes.
static UNIT_BITS: [u16; 8] = [1, 2, 4, 8, 16, 32, 64, 128];

/// The masks of the bytes of two sets of four comparison results (each byte
/// all-ones or zero): pairwise adds of the bits of [`BYTE_BITS`], the first 64 bits
/// from `a`, the others from `b`.
///
/// # Safety
/// NEON (baseline on aarch64).
#[inline(always)]
unsafe fn masks128(a: [uint8x16_t; 4], b: [uint8x16_t; 4]) -> uint8x16_t {
    // SAFETY: NEON is baseline; `BYTE_BITS` is 16 bytes.
    unsafe {
        let bits = vld1q_u8(BYTE_BITS.as_ptr());
        let [a0, a1, a2, a3] = a.map(|m| vandq_u8(m, bits));
        let [b0, b1, b2, b3] = b.map(|m| vandq_u8(m, bits));
        let a = vpaddq_u8(vpaddq_u8(a0, a1), vpaddq_u8(a2, a3));
        let b = vpaddq_u8(vpaddq_u8(b0, b1), vpaddq_u8(b2, b3));
        vpaddq_u8(a, b)
    }
}

/// The 16-bit mask of the bytes of a comparison result.
///
/// # Safety
/// NEON (baseline on aarch64).
#[inline(always)]
unsafe fn mask16(m: uint8x16_t) -> u32 {
    // SAFETY: NEON is baseline; `BYTE_BITS` is 16 bytes.
    unsafe {
        let x = vandq_u8(m, vld1q_u8(BYTE_BITS.as_ptr()));
        u32::from(vaddv_u8(vget_low_u8(x))) | u32::from(vaddv_u8(vget_high_u8(x))) << 8
    }
}

impl Transcode for Neon {
    type Half = Neon;
    #[inline(always)]
    unsafe fn half(self, _h: usize) -> Neon {
        self
    }
    #[inline(always)]
    unsafe fn load_lanes(p: *const u8, _stride: usize) -> Self {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { Neon(vld1q_u8(p)) }
    }
    #[inline(always)]
    unsafe fn utf8_masks64(p: *const u8) -> (u64, u64) {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe {
            let v = [0, 16, 32, 48].map(|k| vld1q_s8(p.add(k).cast()));
            // Continuation bytes are below -64 as `i8`.
            let m = masks128(
                v.map(|v| vcltzq_s8(v)),
                v.map(|v| vcgeq_s8(v, vdupq_n_s8(-64))),
            );
            (
                vgetq_lane_u64::<0>(vreinterpretq_u64_u8(m)),
                vgetq_lane_u64::<1>(vreinterpretq_u64_u8(m)),
            )
        }
    }
    #[inline(always)]
    unsafe fn all_set(self) -> bool {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { vminvq_u8(self.0) == 0xFF }
    }
    #[inline(always)]
    unsafe fn splat32(u: u32) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Neon(vreinterpretq_u8_u32(vdupq_n_u32(u))) }
    }
    #[inline(always)]
    unsafe fn eq32(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            Neon(vreinterpretq_u8_u32(vceqq_u32(
                vreinterpretq_u32_u8(self.0),
                vreinterpretq_u32_u8(b.0),
            )))
        }
    }
    #[inline(always)]
    unsafe fn shr32<const K: i32>(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            Neon(vreinterpretq_u8_u32(vshrq_n_u32::<K>(
                vreinterpretq_u32_u8(self.0),
            )))
        }
    }
    #[inline(always)]
    unsafe fn shl16<const K: i32>(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            Neon(vreinterpretq_u8_u16(vshlq_n_u16::<K>(
                vreinterpretq_u16_u8(self.0),
            )))
        }
    }
    #[inline(always)]
    unsafe fn select(mask: Self, a: Self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Neon(vbslq_u8(mask.0, a.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn narrow32(a: Self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            Neon(vreinterpretq_u8_u16(vuzp1q_u16(
                vreinterpretq_u16_u8(a.0),
                vreinterpretq_u16_u8(b.0),
            )))
        }
    }
    #[inline(always)]
    unsafe fn store_narrow(self, p: *mut u8) {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { vst1_u8(p, vmovn_u16(vreinterpretq_u16_u8(self.0))) }
    }
    #[inline(always)]
    unsafe fn lane_masks(a: Self, b: Self) -> u64 {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            let bits = vld1q_u16(UNIT_BITS.as_ptr());
            let a = vandq_u16(vreinterpretq_u16_u8(a.0), bits);
            let b = vandq_u16(vreinterpretq_u16_u8(b.0), vshlq_n_u16::<8>(bits));
            u64::from(vaddvq_u16(vorrq_u16(a, b)))
        }
    }
    #[inline(always)]
    unsafe fn quarter(a: Self, b: Self, q: usize) -> Neon {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe {
            let (a, b) = (vreinterpretq_u16_u8(a.0), vreinterpretq_u16_u8(b.0));
            Neon(vreinterpretq_u8_u16(if q == 0 {
                vzip1q_u16(a, b)
            } else {
                vzip2q_u16(a, b)
            }))
        }
    }
    /// `ld3` puts the lead, middle and last bytes in their own vectors.
    #[inline(always)]
    unsafe fn three_byte_run16(p: *const u8, q: *mut u16) -> bool {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe {
            let x = vld3q_u8(p);
            if vminvq_u8(vceqq_u8(vandq_u8(x.0, vdupq_n_u8(0xF0)), vdupq_n_u8(0xE0))) == 0 {
                return false;
            }
            // Unit bytes: low (mid << 6) | (last & 0x3F), high (lead << 4) | (mid >> 2)
            // & 0x0F.
            let lo = vsliq_n_u8::<6>(x.2, x.1);
            let hi = vsliq_n_u8::<4>(vshrq_n_u8::<2>(x.1), x.0);
            vst1q_u16(q, vreinterpretq_u16_u8(vzip1q_u8(lo, hi)));
            vst1q_u16(q.add(8), vreinterpretq_u16_u8(vzip2q_u8(lo, hi)));
            true
        }
    }
    /// `st3` interleaves the three bytes of each unit.
    #[inline(always)]
    unsafe fn store_utf8_3(lead: Self, mid: Self, last: Self, p: *mut u8) -> usize {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe {
            let n = |v: Self| vmovn_u16(vreinterpretq_u16_u8(v.0));
            vst3_u8(p, uint8x8x3_t(n(lead), n(mid), n(last)));
            24
        }
    }
}

impl Bytes16 for Neon {
    #[inline(always)]
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { Neon(vld1q_u8(p)) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut u8) {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { vst1q_u8(p, self.0) }
    }
    #[inline(always)]
    unsafe fn shuffle(self, row: &[u8; 16]) -> Self {
        // SAFETY: the ISA contract (features enabled); reads stay inside the table.
        unsafe { Neon(vqtbl1q_u8(self.0, vld1q_u8(row.as_ptr()))) }
    }
    #[inline(always)]
    unsafe fn and(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Neon(vandq_u8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn or(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Neon(vorrq_u8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn xor(self, b: Self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Neon(veorq_u8(self.0, b.0)) }
    }
    #[inline(always)]
    unsafe fn splat16(u: u16) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { <Neon as Vector>::splat16(u) }
    }
    #[inline(always)]
    unsafe fn splat32(u: u32) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { <Neon as Transcode>::splat32(u) }
    }
    #[inline(always)]
    unsafe fn shr16<const K: i32>(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { <Neon as Vector>::shr16::<K>(self) }
    }
    #[inline(always)]
    unsafe fn shr32<const K: i32>(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { <Neon as Transcode>::shr32::<K>(self) }
    }
    #[inline(always)]
    unsafe fn is_ascii(self) -> bool {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { vmaxvq_u8(self.0) < 0x80 }
    }
    #[inline(always)]
    unsafe fn lead_mask(self) -> u32 {
        // Continuation bytes are below -64 as `i8`.
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { mask16(vcgeq_s8(vreinterpretq_s8_u8(self.0), vdupq_n_s8(-64))) }
    }
    #[inline(always)]
    unsafe fn widen_store(self, q: *mut u16) {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe {
            vst1q_u16(q, vmovl_u8(vget_low_u8(self.0)));
            vst1q_u16(q.add(8), vmovl_high_u8(self.0));
        }
    }
    #[inline(always)]
    unsafe fn store6(self, q: *mut u16) {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe {
            let u = vreinterpretq_u16_u8(self.0);
            vst1_u16(q, vget_low_u16(u));
            ptr::write_unaligned(
                q.add(4).cast::<u32>(),
                vgetq_lane_u32::<2>(vreinterpretq_u32_u16(u)),
            );
        }
    }
    #[inline(always)]
    unsafe fn store_narrow32(self, q: *mut u16) {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { vst1_u16(q, vmovn_u32(vreinterpretq_u32_u8(self.0))) }
    }
    #[inline(always)]
    unsafe fn high8(self) -> Self {
        // SAFETY: the ISA contract (features enabled); registers only.
        unsafe { Neon(vextq_u8::<8>(self.0, self.0)) }
    }
    #[inline(always)]
    unsafe fn store8(self, p: *mut u8) {
        // SAFETY: the ISA contract (features enabled); pointers valid as the method requires.
        unsafe { vst1_u8(p, vget_low_u8(self.0)) }
    }
}
