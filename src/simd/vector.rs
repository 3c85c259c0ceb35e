//! The small vector interface the kernels in [`super::kernels`] are written over.
//!
//! Lanes are bytes unless a method says `16` or `32` (then they are native-endian
//! `u16`s or `u32`s).
//!
//! # Safety
//!
//! Every method is `#[inline(always)] unsafe`, with one contract besides the one its
//! own docs state (pointers valid for what it reads or writes): it may only run
//! inlined into a function compiled with the target features of its ISA (the
//! `#[target_feature]` entry points that [`super::dispatch`] generates), on a CPU
//! that has them. Each `# Safety` section below says "the ISA contract" for this.

/// A SIMD register of `BYTES` bytes.
pub(crate) trait Vector: Copy {
    /// Bytes per vector.
    const BYTES: usize;
    /// log2 of the bits [`Vector::high_mask`] spends per byte (0 on x86, 2 on NEON).
    const MASK_SHIFT: u32;

    /// All zero.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn zero() -> Self;
    /// Every byte `b`.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn splat8(b: u8) -> Self;
    /// Every `u16` lane `u`.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn splat16(u: u16) -> Self;
    /// Loads `BYTES` bytes from `p` (any alignment).
    ///
    /// # Safety
    /// The ISA contract; `p` is valid for reads of `BYTES` bytes.
    unsafe fn load(p: *const u8) -> Self;
    /// Stores `BYTES` bytes to `p` (any alignment).
    ///
    /// # Safety
    /// The ISA contract; `p` is valid for writes of `BYTES` bytes.
    unsafe fn store(self, p: *mut u8);
    /// Bitwise or.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn or(self, b: Self) -> Self;
    /// Bitwise and.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn and(self, b: Self) -> Self;
    /// Bitwise xor.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn xor(self, b: Self) -> Self;
    /// Byte lanes equal: 0xFF, else 0.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn eq8(self, b: Self) -> Self;
    /// `u16` lanes equal: 0xFFFF, else 0.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn eq16(self, b: Self) -> Self;
    /// Wrapping `u16` add.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn add16(self, b: Self) -> Self;
    /// Wrapping `u16` subtract.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn sub16(self, b: Self) -> Self;
    /// Saturating unsigned byte subtract.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn subs8(self, b: Self) -> Self;
    /// Saturating unsigned `u16` subtract.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn subs16(self, b: Self) -> Self;
    /// `u16` lanes shifted right by `K`.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn shr16<const K: i32>(self) -> Self;
    /// The high bit of every byte: byte `i` gives bit(s) from `i << MASK_SHIFT`.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn high_mask(self) -> u64;
    /// Whether any byte has its high bit set.
    ///
    /// # Safety
    /// The ISA contract.
    #[inline(always)]
    unsafe fn any_high(self) -> bool {
        // SAFETY: forwarded contract.
        unsafe { self.high_mask() != 0 }
    }
    /// Whether every bit is zero.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn is_zero(self) -> bool;
    /// The first half of the bytes, zero-extended to `u16` lanes.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn widen_lo(self) -> Self;
    /// The second half of the bytes, zero-extended to `u16` lanes.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn widen_hi(self) -> Self;
    /// The first and the second half of the bytes, sign-extended to `u16` lanes.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn widen_signed(self) -> (Self, Self);
    /// The `u16` lanes of `a` then `b` (each at most 0xFF) as bytes, in order.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn narrow(a: Self, b: Self) -> Self;
    /// Bytes interleaved `lo[0], hi[0], lo[1], hi[1], ...`: the first half and the
    /// second half of the result.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn interleave(lo: Self, hi: Self) -> (Self, Self);
    /// Bytes swapped within each `u16` lane.
    ///
    /// # Safety
    /// The ISA contract.
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
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn table16(table: &[u8; 16]) -> Self;
    /// Each byte `i` (below 16) of `idx` replaced by `self[i]` of its 16-byte lane.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn lookup16(self, idx: Self) -> Self;
    /// The vector shifted up by one byte across lanes, `prev`'s last byte coming in.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn prev1(self, prev: Self) -> Self;
    /// Shifted up by two bytes.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn prev2(self, prev: Self) -> Self;
    /// Shifted up by three bytes.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn prev3(self, prev: Self) -> Self;
    /// Bytes shifted right by 4 (the high nibble).
    ///
    /// # Safety
    /// The ISA contract.
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
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn prepare(table: &[u16; 128]) -> Self::Table;
    /// The low and high bytes of each byte's code point: ASCII bytes map to
    /// themselves; bytes 0x80..=0xFF by the table.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn lookup(table: &Self::Table, v: Self) -> (Self, Self);
}

/// The lane operations of the UTF-8 <-> UTF-16 transcoder
/// ([`super::kernels::transcode`]) at the full width of a vector with byte
/// shuffles. Its 16-byte lanes are [`Transcode::Half`]s, the width of the shuffle
/// patterns of [`super::transcode16`].
pub(crate) trait Transcode: Shuffle {
    /// A 16-byte register of the same ISA (the vector itself if it is 16 bytes).
    type Half: Bytes16;
    /// Whether the UTF-16 -> UTF-8 kernel keys the packing of a quarter (four units)
    /// of a vector mixing one-, two- and three-byte units by one byte of
    /// [`len_codes`](Self::len_codes), a row of
    /// [`PACK123`](super::transcode16::PACK123), rather than by a key made from the
    /// nibbles of [`lane_masks`](Self::lane_masks) looked up in
    /// [`KEY3`](super::transcode16::KEY3) before the row of
    /// [`PACK3`](super::transcode16::PACK3) (two dependent look-ups). AVX2 and
    /// SSE4.1: on AVX2 it measured 14% fewer instructions per call and 18% less time
    /// on Japanese HTML, up to 20% less on CJK and Cyrillic text (Zen 5). On SSE4.1
    /// it first left CJK about as it was and made ASCII-heavy input 8-15% slower
    /// with no more instructions (Zen 5, probably by moving code around); with the
    /// three-byte loop that goes vector by vector (Zen 3, interleaved runs against
    /// simdutf's westmere kernel, without it -> with it): ko.txt 0.65 -> 0.76,
    /// vi.txt 0.58 -> 0.68, ja.html 0.85 -> 0.93, fr.txt 0.88 -> 0.95, en.html and
    /// jquery unchanged. NEON, not measured with it, keeps the old path.
    const LEN_CODES: bool = false;

    /// 16-byte lane `h` (below `BYTES / 16`).
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn half(self, h: usize) -> Self::Half;
    /// 16-byte lane `h` loaded from `p + h * stride`.
    ///
    /// # Safety
    /// The ISA contract; `p + h * stride` is valid for reads of 16 bytes for every
    /// lane `h`.
    // Only the shuffle version of the three-byte lane operations uses it, which NEON
    // runs in tests only.
    #[cfg_attr(all(target_arch = "aarch64", not(test)), allow(dead_code))]
    unsafe fn load_lanes(p: *const u8, stride: usize) -> Self;
    /// The masks of the 64 bytes at `p`: bit `i` of the first, byte `i` has its high
    /// bit set; of the second, byte `i` is not a UTF-8 continuation byte
    /// (0x80..=0xBF).
    ///
    /// # Safety
    /// The ISA contract; `p` is valid for reads of 64 bytes.
    unsafe fn utf8_masks64(p: *const u8) -> (u64, u64);
    /// Whether every byte is 0xFF (of a mask whose lanes are all-ones or zero).
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn all_set(self) -> bool;
    /// Every `u32` lane `u`.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn splat32(u: u32) -> Self;
    /// `u32` lanes equal: all ones, else 0.
    ///
    /// # Safety
    /// The ISA contract.
    // Only the shuffle version of the three-byte lane operations uses it, which NEON
    // runs in tests only.
    #[cfg_attr(all(target_arch = "aarch64", not(test)), allow(dead_code))]
    unsafe fn eq32(self, b: Self) -> Self;
    /// `u32` lanes shifted right by `K`.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn shr32<const K: i32>(self) -> Self;
    /// `u16` lanes shifted left by `K`.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn shl16<const K: i32>(self) -> Self;
    /// The bytes of `a` where `mask` (all-ones or zero per byte) is set, else of `b`.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn select(mask: Self, a: Self, b: Self) -> Self;
    /// The `u32` lanes of `a` then `b` (each at most 0xFFFF) as `u16` lanes, in order.
    ///
    /// # Safety
    /// The ISA contract.
    // Only the shuffle version of the three-byte lane operations uses it, which NEON
    // runs in tests only.
    #[cfg_attr(all(target_arch = "aarch64", not(test)), allow(dead_code))]
    unsafe fn narrow32(a: Self, b: Self) -> Self;
    /// Stores the `u16` lanes (each at most 0xFF) as `BYTES / 2` bytes at `p`.
    ///
    /// # Safety
    /// The ISA contract; `p` is valid for writes of `BYTES / 2` bytes.
    unsafe fn store_narrow(self, p: *mut u8);
    /// The masks of the `u16` lanes of `a` and `b` (each all-ones or zero) by groups
    /// of eight: bits `16 g..16 g + 8` are lanes `8 g..8 g + 8` of `a`, bits
    /// `16 g + 8..16 g + 16` those of `b`.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn lane_masks(a: Self, b: Self) -> u64;
    /// The UTF-8 length codes of the `u16` lanes, two bits a lane (bits `2 k` and
    /// `2 k + 1` for lane `k`): `0b11` where `ascii` is set, else `0b10` where
    /// `below800` is set, else `0b00`; the keys of
    /// [`PACK123`](super::transcode16::PACK123), a byte per four lanes. `ascii` and
    /// `below800` are masks of whole lanes, `ascii` within `below800`. Called only
    /// where [`LEN_CODES`](Self::LEN_CODES) is set (elsewhere it panics).
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn len_codes(ascii: Self, below800: Self) -> u64 {
        let _ = (ascii, below800);
        unreachable!("len_codes without LEN_CODES")
    }
    /// Quarter `q` (below `BYTES / 8`) of `a` and `b` as `u32` lanes: lane `k` holds
    /// `a[4 q + k] | b[4 q + k] << 16` of their `u16` lanes.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn quarter(a: Self, b: Self, q: usize) -> Self::Half;
    /// If the 48 bytes at `p` are sixteen three-byte UTF-8 characters (their lead
    /// bytes are three-byte leads), writes their 16 code units at `q` and returns
    /// true; otherwise writes nothing.
    ///
    /// # Safety
    /// The ISA contract; `p` is valid for reads of 48 bytes, and is valid UTF-8 from
    /// a character boundary; `q` is valid for writes of 16 units.
    unsafe fn three_byte_run16(p: *const u8, q: *mut u16) -> bool;
    /// Writes the UTF-8 of `BYTES / 2` characters of three bytes each, given their
    /// lead, middle and last bytes in `u16` lanes, at `p`; returns the bytes written
    /// (`3 * BYTES / 2`).
    ///
    /// # Safety
    /// The ISA contract; `p` is valid for reads and writes of `3 * BYTES / 2 + 16`
    /// bytes, of which only those returned change.
    unsafe fn store_utf8_3(lead: Self, mid: Self, last: Self, p: *mut u8) -> usize;
}

/// A 16-byte register with byte shuffles: the width of the transcoder's shuffle
/// patterns. Lanes as in [`Vector`].
pub(crate) trait Bytes16: Copy {
    /// Loads 16 bytes from `p` (any alignment).
    ///
    /// # Safety
    /// The ISA contract; `p` is valid for reads of 16 bytes.
    unsafe fn load(p: *const u8) -> Self;
    /// Stores the 16 bytes at `p` (any alignment).
    ///
    /// # Safety
    /// The ISA contract; `p` is valid for writes of 16 bytes.
    unsafe fn store(self, p: *mut u8);
    /// Byte `i` replaced by `self[row[i]]`, or 0 where `row[i]` has its high bit set.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn shuffle(self, row: &[u8; 16]) -> Self;
    /// Bitwise and.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn and(self, b: Self) -> Self;
    /// Bitwise or.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn or(self, b: Self) -> Self;
    /// Bitwise xor.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn xor(self, b: Self) -> Self;
    /// Every `u16` lane `u`.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn splat16(u: u16) -> Self;
    /// Every `u32` lane `u`.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn splat32(u: u32) -> Self;
    /// `u16` lanes shifted right by `K`.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn shr16<const K: i32>(self) -> Self;
    /// `u32` lanes shifted right by `K`.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn shr32<const K: i32>(self) -> Self;
    /// Whether no byte has its high bit set.
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn is_ascii(self) -> bool;
    /// Bit `i`: byte `i` is not a UTF-8 continuation byte (0x80..=0xBF).
    ///
    /// # Safety
    /// The ISA contract.
    unsafe fn lead_mask(self) -> u32;
    /// Stores the 16 bytes zero-extended to 16 units at `q`.
    ///
    /// # Safety
    /// The ISA contract; `q` is valid for writes of 16 units.
    unsafe fn widen_store(self, q: *mut u16);
    /// Stores the first six `u16` lanes at `q`.
    ///
    /// # Safety
    /// The ISA contract; `q` is valid for writes of 6 units.
    unsafe fn store6(self, q: *mut u16);
    /// Stores the four `u32` lanes (each at most 0xFFFF) as four units at `q`.
    ///
    /// # Safety
    /// The ISA contract; `q` is valid for writes of 4 units.
    unsafe fn store_narrow32(self, q: *mut u16);
    /// The last eight bytes moved to the front (the last eight of the result are
    /// unspecified).
    ///
    /// # Safety
    /// The ISA contract.
    // Only the x-user-defined encode kernel uses it, which NEON does not run.
    #[cfg_attr(all(target_arch = "aarch64", not(test)), allow(dead_code))]
    unsafe fn high8(self) -> Self;
    /// Stores the first eight bytes at `p`.
    ///
    /// # Safety
    /// The ISA contract; `p` is valid for writes of 8 bytes.
    // Only the x-user-defined encode kernel uses it, which NEON does not run.
    #[cfg_attr(all(target_arch = "aarch64", not(test)), allow(dead_code))]
    unsafe fn store8(self, p: *mut u8);
}
