//! The small vector interface the kernels in [`super::kernels`] are written over.
//!
//! Lanes are bytes unless a method says `16` (then they are native-endian `u16`s).
//! Every method is `#[inline(always)] unsafe`: an implementation may only be used
//! inside a function compiled with its target features (the thin
//! `#[target_feature]` entry points in the ISA modules), on a CPU that has them.

/// A SIMD register of `BYTES` bytes.
pub(crate) trait Vector: Copy {
    /// Bytes per vector.
    const BYTES: usize;
    /// log2 of the bits [`Vector::high_mask`] spends per byte (0 on x86, 2 on NEON).
    const MASK_SHIFT: u32;

    /// All zero.
    unsafe fn zero() -> Self;
    /// Every byte `b`.
    unsafe fn splat8(b: u8) -> Self;
    /// Every `u16` lane `u`.
    unsafe fn splat16(u: u16) -> Self;
    /// Loads `BYTES` bytes from `p` (any alignment).
    unsafe fn load(p: *const u8) -> Self;
    /// Stores `BYTES` bytes to `p` (any alignment).
    unsafe fn store(self, p: *mut u8);
    /// Bitwise or.
    unsafe fn or(self, b: Self) -> Self;
    /// Bitwise and.
    unsafe fn and(self, b: Self) -> Self;
    /// Bitwise xor.
    unsafe fn xor(self, b: Self) -> Self;
    /// Byte lanes equal: 0xFF, else 0.
    unsafe fn eq8(self, b: Self) -> Self;
    /// `u16` lanes equal: 0xFFFF, else 0.
    unsafe fn eq16(self, b: Self) -> Self;
    /// Wrapping `u16` add.
    unsafe fn add16(self, b: Self) -> Self;
    /// Wrapping `u16` subtract.
    unsafe fn sub16(self, b: Self) -> Self;
    /// Saturating unsigned byte subtract.
    unsafe fn subs8(self, b: Self) -> Self;
    /// Saturating unsigned `u16` subtract.
    unsafe fn subs16(self, b: Self) -> Self;
    /// `u16` lanes shifted right by `K`.
    unsafe fn shr16<const K: i32>(self) -> Self;
    /// The high bit of every byte: byte `i` gives bit(s) from `i << MASK_SHIFT`.
    unsafe fn high_mask(self) -> u64;
    /// Whether any byte has its high bit set.
    #[inline(always)]
    unsafe fn any_high(self) -> bool {
        // SAFETY: forwarded contract.
        unsafe { self.high_mask() != 0 }
    }
    /// Whether every bit is zero.
    unsafe fn is_zero(self) -> bool;
    /// The first half of the bytes, zero-extended to `u16` lanes.
    unsafe fn widen_lo(self) -> Self;
    /// The second half of the bytes, zero-extended to `u16` lanes.
    unsafe fn widen_hi(self) -> Self;
    /// The first and the second half of the bytes, sign-extended to `u16` lanes.
    unsafe fn widen_signed(self) -> (Self, Self);
    /// The `u16` lanes of `a` then `b` (each at most 0xFF) as bytes, in order.
    unsafe fn narrow(a: Self, b: Self) -> Self;
    /// Bytes interleaved `lo[0], hi[0], lo[1], hi[1], ...`: the first half and the
    /// second half of the result.
    unsafe fn interleave(lo: Self, hi: Self) -> (Self, Self);
    /// Bytes swapped within each `u16` lane.
    unsafe fn swap16(self) -> Self;

    /// Index of the first byte whose high bit is set in a mask from [`Vector::high_mask`].
    #[inline(always)]
    fn first_in(mask: u64) -> usize {
        (mask.trailing_zeros() >> Self::MASK_SHIFT) as usize
    }
}

/// Byte shuffles within 16-byte lanes, for the lookup-table kernels (SSSE3 and up, NEON).
pub(crate) trait Shuffle: Vector {
    /// `table` (16 bytes) repeated in every 16-byte lane.
    unsafe fn table16(table: &[u8; 16]) -> Self;
    /// Each byte `i` (below 16) of `idx` replaced by `self[i]` of its 16-byte lane.
    unsafe fn lookup16(self, idx: Self) -> Self;
    /// The vector shifted up by one byte across lanes, `prev`'s last byte coming in.
    unsafe fn prev1(self, prev: Self) -> Self;
    /// Shifted up by two bytes.
    unsafe fn prev2(self, prev: Self) -> Self;
    /// Shifted up by three bytes.
    unsafe fn prev3(self, prev: Self) -> Self;
    /// Bytes shifted right by 4 (the high nibble).
    #[inline(always)]
    unsafe fn high_nibbles(self) -> Self {
        // SAFETY: forwarded contract.
        unsafe { self.shr16::<4>().and(Self::splat8(0x0F)) }
    }
}

/// A 128-entry table lookup of the upper half of single-byte encodings.
pub(crate) trait Lookup128: Vector {
    /// The table prepared for [`Lookup128::lookup`].
    type Table: Copy;
    /// Prepares the code points of bytes 0x80..=0xFF (0 = unmapped).
    unsafe fn prepare(table: &[u16; 128]) -> Self::Table;
    /// The low and high bytes of each byte's code point: ASCII bytes map to
    /// themselves; bytes 0x80..=0xFF by the table.
    unsafe fn lookup(table: &Self::Table, v: Self) -> (Self, Self);
}
