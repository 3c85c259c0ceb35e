//! Which implementation each ISA runs for each kernel (one table, `kernel_table!`),
//! and the safe functions the rest of the crate calls.
//!
//! Each row of the table is one bulk kernel: its signature and docs; the test that
//! sends a short input straight to the scalar code, and that scalar code (the
//! portable tier and the oracle of the tests); then, one line each, the ISAs that
//! override the kernel; last (`_`) what every other vector ISA runs. The expressions
//! are written over `V`, the ISA's vector type; `V::kernel(..)` calls another entry
//! point of the same ISA. From the table come:
//!
//! - [`Kernels`], the entry points of one ISA: one `unsafe fn` per row;
//! - one `impl Kernels` per vector type of `isa_list!` (`impl_kernels!`): every
//!   method a `#[target_feature]` function, the ISA's kernel inlined into it;
//! - the safe functions ([`ascii_valid_up_to`] and the others), which skip short
//!   inputs and otherwise call the entry point of the ISA chosen once per process
//!   ([`isa`]): one dispatch per bulk call. A kernel made of others (single-byte
//!   encode from UTF-8, staged through UTF-16; UTF-16 -> UTF-8 around surrogate pairs)
//!   runs its loop inside its own entry point and calls the others of the same ISA
//!   directly;
//! - for tests, `on_isa`: the same functions on a given ISA.
//!
//! A new ISA tier is its vector type (implementing the traits of
//! [`super::vector`] its kernels need), its [`Isa`] variant and detection, one line
//! in `isa_list!` and a rule in `pick!`, and one line in the table for each
//! kernel it overrides.

use super::isa::{isa, Isa};
use super::kernels;
use super::scalar;
use crate::tables::cjk::PairTable;
use crate::tables::single_byte::{Extra, Run};

#[cfg(all(target_arch = "aarch64", target_endian = "little"))]
use super::aarch64::neon::{self, neon_fn};
#[cfg(target_arch = "x86_64")]
use super::x86_64::{
    avx2::{self, avx2_fn},
    avx512::{self, avx512_fn},
    pairs, single_byte_utf8,
    sse2::{self, sse2_fn},
    sse41::{self, sse41_fn},
};

/// Inputs shorter than this (in units of the input) go straight to the scalar code.
pub(crate) const SHORT: usize = 16;

/// The shortest input the CJK pair decoders take anything from: a window of 64
/// bytes and the trail after it.
const CJK_WINDOW: usize = 65;

/// The vector ISAs: each one's [`Isa`] variant, the `cfg` it is built under, its
/// vector type and the macro that puts its `#[target_feature]` attribute on a function
/// (beside the vector type, the one place its feature string is written). Hands the
/// list to `$callback!`, after `$args`.
macro_rules! isa_list {
    ($callback:ident ! ($($args:tt)*)) => {
        $callback! { ($($args)*)
            #[cfg(target_arch = "x86_64")]
            Sse2 = sse2::Sse2, sse2_fn;
            #[cfg(target_arch = "x86_64")]
            Sse41 = sse41::Sse41, sse41_fn;
            #[cfg(target_arch = "x86_64")]
            Avx2 = avx2::Avx2, avx2_fn;
            #[cfg(target_arch = "x86_64")]
            Avx512 = avx512::Avx512, avx512_fn;
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
            Neon = neon::Neon, neon_fn;
        }
    };
}

/// The expression of the ISA `$isa` in a row of `kernel_table!`: its own line, or
/// else the `_` line (which comes last). One rule per ISA.
macro_rules! pick {
    ($isa:ident; _ => $e:expr $(,)?) => { $e };
    (Sse2; Sse2 => $e:expr, $($rest:tt)*) => { $e };
    (Sse41; Sse41 => $e:expr, $($rest:tt)*) => { $e };
    (Avx2; Avx2 => $e:expr, $($rest:tt)*) => { $e };
    (Avx512; Avx512 => $e:expr, $($rest:tt)*) => { $e };
    (Neon; Neon => $e:expr, $($rest:tt)*) => { $e };
    ($isa:ident; $other:ident => $e:expr, $($rest:tt)*) => { pick!($isa; $($rest)*) };
}

/// `$e` with the `const bool` `$swap` set for UTF-16 input in byte order `$be`
/// (big-endian if true): whether its units need a byte swap on this target.
macro_rules! by_order {
    ($be:expr, $swap:ident => $e:expr) => {
        if $be == cfg!(target_endian = "little") {
            const $swap: bool = true;
            $e
        } else {
            const $swap: bool = false;
            $e
        }
    };
}

/// The kernel table (see the module docs), handed to `$callback!` after `$args`.
macro_rules! kernel_table {
    ($callback:ident ! ($($args:tt)*)) => { $callback! { ($($args)*)

/// Length of the longest ASCII prefix of `src`.
fn ascii_valid_up_to(src: &[u8]) -> usize {
    if src.len() < SHORT => scalar::ascii_valid_up_to(src);
    _ => kernels::ascii::ascii_valid_up_to::<V>(src),
}

/// Length of the longest prefix of `src` below U+0080.
fn basic_latin_valid_up_to(src: &[u16]) -> usize {
    if src.len() < SHORT => scalar::basic_latin_valid_up_to(src);
    _ => kernels::ascii::basic_latin_valid_up_to::<V>(src),
}

/// Length of the longest prefix of `src` below U+0100.
fn latin1_valid_up_to(src: &[u16]) -> usize {
    if src.len() < SHORT => scalar::latin1_valid_up_to(src);
    _ => kernels::ascii::latin1_valid_up_to::<V>(src),
}

/// Length of the longest prefix of `src` without unpaired surrogates.
fn utf16_valid_up_to(src: &[u16]) -> usize {
    if src.len() < SHORT => scalar::utf16_valid_up_to(src);
    _ => kernels::utf16::utf16_valid_up_to::<V>(src),
}

/// Copies the longest ASCII prefix of `src` that fits in `dst`; returns its length.
fn copy_ascii_to_ascii(src: &[u8], dst: &mut [u8]) -> usize {
    if src.len() < SHORT => scalar::copy_ascii_to_ascii(src, dst);
    _ => kernels::ascii::copy_ascii_to_ascii::<V>(src, dst),
}

/// Widens the longest ASCII prefix of `src` that fits in `dst`; returns its length.
fn copy_ascii_to_basic_latin(src: &[u8], dst: &mut [u16]) -> usize {
    if src.len() < SHORT => scalar::copy_ascii_to_basic_latin(src, dst);
    _ => kernels::ascii::copy_ascii_to_basic_latin::<V>(src, dst),
}

/// Narrows the longest Basic Latin prefix of `src` that fits in `dst`; returns its
/// length.
fn copy_basic_latin_to_ascii(src: &[u16], dst: &mut [u8]) -> usize {
    if src.len() < SHORT => scalar::copy_basic_latin_to_ascii(src, dst);
    _ => kernels::ascii::copy_basic_latin_to_ascii::<V>(src, dst),
}

/// Widens bytes (as U+0000..U+00FF) while they fit; returns the count.
fn latin1_to_utf16(src: &[u8], dst: &mut [u16]) -> usize {
    if src.len() < SHORT => scalar::latin1_to_utf16(src, dst);
    _ => kernels::ascii::latin1_to_utf16::<V>(src, dst),
}

/// Narrows units to their low bytes while they fit; returns the count.
fn utf16_to_latin1_lossy(src: &[u16], dst: &mut [u8]) -> usize {
    if src.len() < SHORT => scalar::utf16_to_latin1_lossy(src, dst);
    _ => kernels::ascii::utf16_to_latin1_lossy::<V>(src, dst),
}

/// Converts bytes (as U+0000..U+00FF) to UTF-8 while each fits; (read, written).
fn latin1_to_utf8(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    if src.len() < SHORT => scalar::latin1_to_utf8(src, dst);
    _ => kernels::ascii::latin1_to_utf8::<V>(src, dst),
}

/// Length of the longest prefix of `src` that is valid UTF-8 and does not end inside
/// a sequence.
fn utf8_valid_up_to(src: &[u8]) -> usize {
    if src.len() < SHORT => scalar::utf8_valid_up_to(src);
    Sse2 => kernels::utf8_validate_sse2::utf8_valid_up_to::<V>(src),
    Sse41 => kernels::utf8_validate_sse2::utf8_valid_up_to::<V>(src),
    Avx512 => avx512::utf8_valid_up_to(src),
    _ => kernels::utf8_validate::utf8_valid_up_to::<V>(src),
}

/// Length of a prefix of `src` that is well-formed WTF-8 on its own and ends at a
/// character boundary: at least the [`utf8_valid_up_to`] prefix, and past it only
/// through surrogate sequences that no trail surrogate sequence directly follows a
/// lead one in. Where it is shorter than `src`, `src` there starts with a surrogate
/// sequence or with an ill-formed or incomplete one (the scalar code stops at every
/// surrogate; the vector kernels let the surrogates of whole blocks through).
fn wtf8_valid_prefix(src: &[u8]) -> usize {
    if src.len() < SHORT => scalar::utf8_valid_up_to(src);
    Sse2 => kernels::utf8_validate_sse2::wtf8_valid_prefix::<V>(src),
    Sse41 => kernels::utf8_validate_sse2::wtf8_valid_prefix::<V>(src),
    Avx512 => avx512::wtf8_valid_prefix(src),
    _ => kernels::utf8_validate::wtf8_valid_prefix::<V>(src),
}

/// Copies the longest prefix of `src` that fits in `dst`, is valid UTF-8 and does not
/// end inside a sequence; returns its length.
fn utf8_copy(src: &[u8], dst: &mut [u8]) -> usize {
    if src.len() < SHORT => scalar::utf8_copy(src, dst);
    Sse2 => utf8_copy_after_ascii::<V>(src, dst),
    Sse41 => utf8_copy_after_ascii::<V>(src, dst),
    Avx512 => avx512::utf8_copy(src, dst),
    _ => kernels::utf8_validate::utf8_copy::<V>(src, dst),
}

/// Converts the valid UTF-8 prefix of `src` to UTF-16 while it fits in `dst`. Stops
/// before the first invalid or incomplete sequence, or before a character that does
/// not fit. Returns (bytes read, units written).
fn utf8_to_utf16(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    if src.len() < SHORT => scalar::utf8_to_utf16(src, dst);
    Sse2 => kernels::utf8_to_utf16::utf8_to_utf16::<V>(src, dst),
    Avx512 => avx512::utf8_to_utf16(src, dst),
    _ => kernels::transcode::utf8_to_utf16::<V>(src, dst, |s| V::utf8_valid_up_to(s)),
}

/// UTF-16 bytes (`be`: big-endian) to native units while they fit, stopping before
/// the first surrogate. Returns units converted.
fn units_to_utf16(src: &[u8], dst: &mut [u16], be: bool) -> usize {
    if src.len() < 2 * SHORT => scalar::units_to_utf16(src, dst, be);
    _ => by_order!(be, S => kernels::utf16::units_to_utf16::<V, S>(src, dst)),
}

/// UTF-16 bytes (`be`: big-endian) to UTF-8 while each character fits, stopping
/// before the first surrogate. Returns (units read, bytes written).
fn units_to_utf8(src: &[u8], dst: &mut [u8], be: bool) -> (usize, usize) {
    if src.len() < 2 * SHORT => scalar::units_to_utf8(src, dst, be);
    Sse2 => by_order!(be, S => kernels::utf16::units_to_utf8::<V, S>(src, dst)),
    Avx512 => by_order!(be, S => avx512::units_to_utf8::<S, false>(src, dst)),
    _ => by_order!(be, S => kernels::transcode::units_to_utf8::<V, S, false>(src, dst)),
}

/// Converts the valid UTF-16 prefix of `src` to UTF-8 while it fits in `dst`. Stops
/// before an unpaired surrogate (a high surrogate at the end of `src` counts as
/// unpaired), or before a character that does not fit. Returns (units read, bytes
/// written).
fn utf16_to_utf8(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    if src.len() < SHORT => scalar::utf16_to_utf8(src, dst);
    Sse2 => kernels::utf16::utf16_to_utf8::<V>(src, dst),
    _ => kernels::utf16::utf16_to_utf8_with(src, dst, |s, d| {
        let be = cfg!(target_endian = "big");
        if s.len() < 2 * SHORT {
            scalar::units_to_utf8(s, d, be)
        } else {
            V::units_to_utf8(s, d, be)
        }
    }),
}

/// As [`utf16_to_utf8`], to WTF-8, where the ISA's kernel writes unpaired surrogates
/// (the units before `src` must not end with a lead surrogate); otherwise it stops
/// before them as [`utf16_to_utf8`] does. Returns (units read, bytes written).
fn utf16_to_wtf8(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    if src.len() < SHORT => scalar::utf16_to_utf8(src, dst);
    Sse2 => V::utf16_to_utf8(src, dst),
    Avx512 => kernels::utf16::utf16_to_utf8_with(src, dst, |s, d| {
        let be = cfg!(target_endian = "big");
        if s.len() < 2 * SHORT {
            return scalar::units_to_utf8(s, d, be);
        }
        // Up to the first surrogate by the UTF-8 kernel's own entry point (all of
        // well-formed text without pairs: the WTF-8 mode's copy of the same loop ran
        // the ASCII blocks of `en.txt` 25% slower, by where its code was placed),
        // then on in the WTF-8 mode (the unit before is then not a surrogate).
        let (i, w) = V::units_to_utf8(s, d, be);
        if 2 * i + 1 >= s.len() {
            return (i, w);
        }
        let (j, x) = by_order!(be, S => avx512::units_to_wtf8::<S>(&s[2 * i..], &mut d[w..]));
        (i + j, w + x)
    }),
    _ => kernels::utf16::utf16_to_utf8_with(src, dst, |s, d| {
        let be = cfg!(target_endian = "big");
        if s.len() < 2 * SHORT {
            scalar::units_to_utf8(s, d, be)
        } else {
            by_order!(be, S => kernels::transcode::units_to_utf8::<V, S, true>(s, d))
        }
    }),
}

/// Single-byte decode (upper half by `table`, 0 = unmapped) to UTF-16 while it fits,
/// stopping before an unmapped byte. Returns bytes decoded.
fn single_byte_to_utf16(table: &[u16; 128], src: &[u8], dst: &mut [u16]) -> usize {
    if src.len() < SHORT => scalar::single_byte_to_utf16(table, src, dst);
    Sse2 => kernels::single_byte::ascii_then_single_byte_to_utf16::<V>(table, src, dst),
    _ => kernels::single_byte::single_byte_to_utf16::<V>(table, src, dst),
}

/// Single-byte decode to UTF-8 while each character fits, stopping before an unmapped
/// byte. Returns (bytes read, bytes written).
fn single_byte_to_utf8(table: &[u16; 128], src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    if src.len() < SHORT => scalar::single_byte_to_utf8(table, src, dst);
    Sse2 => kernels::single_byte::single_byte_to_utf8::<V>(table, src, dst),
    Avx512 => avx512::single_byte_to_utf8(table, src, dst),
    _ => staged_decode_utf8::<V>(
        src,
        dst,
        |s, d| kernels::single_byte::single_byte_to_utf8_direct::<V>(table, s, d),
        |s, d| V::single_byte_to_utf16(table, s, d),
    ),
}

/// x-user-defined to UTF-16 while it fits; bytes decoded.
fn x_user_defined_to_utf16(src: &[u8], dst: &mut [u16]) -> usize {
    if src.len() < SHORT => scalar::x_user_defined_to_utf16(src, dst);
    Avx512 => avx512::x_user_defined_to_utf16(src, dst),
    _ => kernels::single_byte::x_user_defined_to_utf16::<V>(src, dst),
}

/// x-user-defined to UTF-8 while each character fits; (read, written). On SSE4.1
/// and AVX2 packed four characters a shuffle straight from the bytes (binary.jpg,
/// Zen 5, against encoding_rs, before through UTF-16 units in registers: AVX2
/// 2.4 -> 5.1, SSE4.1 1.7 -> 4.2).
fn x_user_defined_to_utf8(src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    if src.len() < SHORT => scalar::x_user_defined_to_utf8(src, dst);
    Sse2 => scalar::x_user_defined_to_utf8(src, dst),
    Sse41 => staged_decode_utf8::<V>(
        src,
        dst,
        |s, d| kernels::single_byte::x_user_defined_to_utf8_by_quarters::<V>(s, d),
        |s, d| V::x_user_defined_to_utf16(s, d),
    ),
    Avx2 => staged_decode_utf8::<V>(
        src,
        dst,
        |s, d| kernels::single_byte::x_user_defined_to_utf8_by_quarters::<V>(s, d),
        |s, d| V::x_user_defined_to_utf16(s, d),
    ),
    Avx512 => avx512::x_user_defined_to_utf8(src, dst),
    _ => staged_decode_utf8::<V>(
        src,
        dst,
        |s, d| kernels::single_byte::x_user_defined_to_utf8_direct::<V>(s, d),
        |s, d| V::x_user_defined_to_utf16(s, d),
    ),
}

/// Single-byte encode from UTF-16 of ASCII, `run` and `extra` while it fits; units
/// read.
fn single_byte_encode_utf16(run: Run, extra: &Extra, src: &[u16], dst: &mut [u8]) -> usize {
    if src.len() < SHORT => scalar::single_byte_encode_utf16(run, extra, src, dst);
    Sse2 => kernels::single_byte::single_byte_encode_utf16::<V>(run, extra, src, dst),
    _ => kernels::single_byte::single_byte_encode_utf16_block::<V>(run, extra, src, dst),
}

/// Single-byte encode from UTF-8 of ASCII, `run` and `extra` while it fits; (read,
/// written). See [`scalar::single_byte_encode_utf8`]. Staged through UTF-16 by
/// [`staged_encode_utf8`]; on AVX-512, AVX2 and SSE4.1 a long run of two-byte
/// characters is mapped straight from UTF-8 instead ([`single_byte_utf8`] on the
/// last two). x-user-defined (U+F780..=U+F7FF, `EF 9E|9F xx`)
/// has loops of its own: 32-byte steps on SSE4.1 and AVX2, 64-byte compresses on
/// AVX-512 (scratch timing, binary.jpg, Zen 5, against encoding_rs: staged AVX2
/// 1.52 -> 4.5, AVX-512 2.40 -> 8.2; portable loop on SSE4.1 1.36 -> 3.6).
fn single_byte_encode_utf8(run: Run, extra: &Extra, src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    if src.len() < SHORT => scalar::single_byte_encode_utf8(run, extra, src, dst);
    Avx512 => if run.is_x_user_defined() {
        avx512::x_user_defined_encode_utf8(run, extra, src, dst)
    } else if avx512::encodes_run(run) {
        avx512::single_byte_encode_utf8(run, extra, src, dst)
    } else {
        staged_encode_utf8::<V>(run, extra, src, dst)
    },
    // x-user-defined: without byte shuffles, the portable code's own loop (eight
    // characters a step) ran faster than the staging (scratch timing, binary.jpg,
    // Zen 5: 0.26 -> 1.36 of encoding_rs).
    Sse2 => if run.is_x_user_defined() {
        scalar::single_byte_encode_utf8(run, extra, src, dst)
    } else {
        staged_encode_utf8::<V>(run, extra, src, dst)
    },
    Sse41 => if run.is_x_user_defined() {
        kernels::single_byte::x_user_defined_encode_utf8::<V>(run, extra, src, dst, |s, d| {
            V::copy_ascii_to_ascii(s, d)
        })
    } else if single_byte_utf8::encodes_run(run) {
        direct_then_staged_utf8::<V>(run, extra, src, dst, |s, d| {
            single_byte_utf8::single_byte_encode_utf8_sse41(run, extra, s, d)
        })
    } else {
        staged_encode_utf8::<V>(run, extra, src, dst)
    },
    Avx2 => if run.is_x_user_defined() {
        kernels::single_byte::x_user_defined_encode_utf8::<V>(run, extra, src, dst, |s, d| {
            V::copy_ascii_to_ascii(s, d)
        })
    } else if single_byte_utf8::encodes_run(run) {
        direct_then_staged_utf8::<V>(run, extra, src, dst, |s, d| {
            single_byte_utf8::single_byte_encode_utf8(run, extra, s, d)
        })
    } else {
        staged_encode_utf8::<V>(run, extra, src, dst)
    },
    _ => staged_encode_utf8::<V>(run, extra, src, dst),
}

/// Converts the well-formed WTF-8 prefix of `src` to UTF-16 while it fits in `dst`
/// (as [`utf8_to_utf16`], with surrogate sequences becoming their units where the
/// ISA's kernel validates WTF-8; otherwise it stops before them). Returns (bytes
/// read, units written).
fn wtf8_to_utf16(src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    if src.len() < SHORT => scalar::utf8_to_utf16(src, dst);
    Sse2 => kernels::utf8_to_utf16::utf8_to_utf16::<V>(src, dst),
    Avx512 => avx512::wtf8_to_utf16(src, dst),
    _ => kernels::transcode::utf8_to_utf16::<V>(src, dst, |s| V::wtf8_valid_prefix(s)),
}

/// ASCII and two-byte CJK characters by the main table `t` to UTF-16, while they
/// are ASCII or mapped pairs (the codec's loop does the rest); (read, written). The
/// vector decoder works on windows of 64 bytes and the byte after them: shorter
/// inputs go to the codec's loop at once.
fn cjk_pairs_to_utf16(t: &PairTable, src: &[u8], dst: &mut [u16]) -> (usize, usize) {
    if src.len() < CJK_WINDOW => scalar::cjk_pairs(t, src, dst);
    Avx2 => pairs::pairs_to_utf16(t, src, dst),
    Avx512 => pairs::pairs_to_utf16(t, src, dst),
    _ => scalar::cjk_pairs(t, src, dst),
}

/// As [`cjk_pairs_to_utf16`], to UTF-8, for pairs' code points from U+0800 (three
/// bytes).
fn cjk_pairs_to_utf8(t: &PairTable, src: &[u8], dst: &mut [u8]) -> (usize, usize) {
    if src.len() < CJK_WINDOW => scalar::cjk_pairs(t, src, dst);
    Avx2 => pairs::pairs_to_utf8(t, src, dst),
    Avx512 => pairs::pairs_to_utf8(t, src, dst),
    _ => scalar::cjk_pairs(t, src, dst),
}

    } };
}

/// Whether the ISA in use has a vector pair decoder: elsewhere [`cjk_pairs_to_utf16`]
/// and [`cjk_pairs_to_utf8`] decode nothing, and the codecs' loops skip the density
/// checks that would choose it.
#[inline]
pub(crate) fn has_cjk_pairs() -> bool {
    #[cfg(target_arch = "x86_64")]
    return matches!(isa(), Isa::Avx2 | Isa::Avx512);
    #[cfg(not(target_arch = "x86_64"))]
    return false;
}

/// Declares [`Kernels`], the safe functions and `on_isa` from the table.
macro_rules! declare_kernels {
    (() $(
        $(#[$doc:meta])*
        fn $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty {
            if $short:expr => $scalar:expr;
            $($arms:tt)*
        }
    )*) => {
        /// The entry points of one ISA: one per row of `kernel_table!`, each a
        /// `#[target_feature]` function with that ISA's kernel inlined.
        pub(crate) trait Kernels {
            $(
                $(#[$doc])*
                ///
                /// # Safety
                /// The CPU must have the features of the implementing ISA.
                unsafe fn $name($($arg: $ty),*) -> $ret;
            )*
        }

        $(
            $(#[$doc])*
            #[inline]
            pub(crate) fn $name($($arg: $ty),*) -> $ret {
                if $short {
                    return $scalar;
                }
                with_isa!(isa(), |K| K::$name($($arg),*), $scalar)
            }
        )*

        /// The kernels of a given ISA, for tests: each function of the table, taking
        /// the ISA first (the scalar code if the CPU lacks it), on inputs of any
        /// length.
        #[cfg(test)]
        pub(crate) mod on_isa {
            use super::*;
            $(
                #[doc = concat!("[`", stringify!($name), "`](super::", stringify!($name), ") on `isa`.")]
                pub(crate) fn $name(isa: Isa, $($arg: $ty),*) -> $ret {
                    let isa = if isa.is_available() { isa } else { Isa::Scalar };
                    with_isa!(isa, |K| K::$name($($arg),*), $scalar)
                }
            )*
        }
    };
}

/// `impl Kernels` for the vector type `$v` of ISA `$isa`, its features put on by `$feat!`.
macro_rules! impl_kernels {
    (($isa:ident, $v:ty, $feat:ident) $(
        $(#[$doc:meta])*
        fn $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty {
            if $short:expr => $scalar:expr;
            $($arms:tt)*
        }
    )*) => {
        impl Kernels for $v {
            $(
                $feat! {
                    unsafe fn $name($($arg: $ty),*) -> $ret {
                        #[allow(dead_code)]
                        type V = $v;
                        // SAFETY: the caller checked that the CPU has the features,
                        // which are enabled here; the kernel's other conditions are
                        // those of its safe function (valid slices). (Some ISAs run
                        // safe code for some rows.)
                        #[allow(unused_unsafe)]
                        unsafe { pick!($isa; $($arms)*) }
                    }
                }
            )*
        }
    };
}

/// Implements [`Kernels`] for every ISA of `isa_list!`.
macro_rules! impl_all_kernels {
    (() $(#[$cfg:meta] $isa:ident = $v:ty, $feat:ident;)*) => {
        $(
            #[$cfg]
            kernel_table!(impl_kernels!($isa, $v, $feat));
        )*
    };
}

/// `$call` with `$k` the vector type of ISA `$isa` (which the CPU must have), else
/// `$scalar`.
macro_rules! with_isa {
    ($isa:expr, |$k:ident| $call:expr, $scalar:expr) => {
        isa_list!(with_isa_match!($isa, |$k| $call, $scalar))
    };
}

/// The `match` of `with_isa!` over the ISAs of `isa_list!`.
macro_rules! with_isa_match {
    (($isa:expr, |$k:ident| $call:expr, $scalar:expr) $(#[$cfg:meta] $name:ident = $v:ty, $feat:ident;)*) => {
        match $isa {
            $(
                #[$cfg]
                Isa::$name => {
                    type $k = $v;
                    // SAFETY: an ISA is only chosen, or passed on by `on_isa`, if the
                    // CPU has it.
                    unsafe { $call }
                }
            )*
            _ => $scalar,
        }
    };
}

kernel_table!(declare_kernels!());
isa_list!(impl_all_kernels!());

/// [`single_byte_encode_utf8`] on the kernels of `K`, through UTF-16: see
/// [`kernels::single_byte::staged_encode_utf8`].
///
/// # Safety
/// The CPU must have the features of `K`, and this is inlined into an entry point of
/// `K` (the sparse loop is `K`'s vectors, inlined).
#[inline(always)]
unsafe fn staged_encode_utf8<K: Kernels + crate::simd::vector::Vector>(
    run: Run,
    extra: &Extra,
    src: &[u8],
    dst: &mut [u8],
) -> (usize, usize) {
    // SAFETY: forwarded contract (this is inlined into an entry point of `K`).
    unsafe {
        kernels::single_byte::staged_encode_utf8::<K>(
            run,
            extra,
            src,
            dst,
            |s, d| K::utf8_to_utf16(s, d),
            |s, d| K::single_byte_encode_utf16(run, extra, s, d),
        )
    }
}

/// [`single_byte_encode_utf8`] by `direct`, a kernel straight from UTF-8 of `K`'s
/// ISA, and where it stopped for the many characters outside the run in the text
/// (its flag), through UTF-16 ([`staged_encode_utf8`]) from there.
///
/// # Safety
/// As [`staged_encode_utf8`]; `direct` is safe to call on `K`'s CPU.
#[inline(always)]
unsafe fn direct_then_staged_utf8<K: Kernels + crate::simd::vector::Vector>(
    run: Run,
    extra: &Extra,
    src: &[u8],
    dst: &mut [u8],
    direct: impl FnOnce(&[u8], &mut [u8]) -> (usize, usize, bool),
) -> (usize, usize) {
    let (r, w, dense) = direct(src, dst);
    if !dense {
        return (r, w);
    }
    // SAFETY: forwarded contract.
    let (rr, ww) = unsafe { staged_encode_utf8::<K>(run, extra, &src[r..], &mut dst[w..]) };
    (r + rr, w + ww)
}

/// Single-byte decode to UTF-8 on the kernels of `K`: what `direct` converts
/// straight, the rest through UTF-16 (`to16`, a kernel of `K`): see
/// [`kernels::single_byte::staged_decode_utf8`].
///
/// # Safety
/// The CPU must have the features of `K`.
#[inline(always)]
unsafe fn staged_decode_utf8<K: Kernels>(
    src: &[u8],
    dst: &mut [u8],
    direct: impl Fn(&[u8], &mut [u8]) -> (usize, usize),
    to16: impl Fn(&[u8], &mut [u16]) -> usize,
) -> (usize, usize) {
    kernels::single_byte::staged_decode_utf8(
        src,
        dst,
        direct,
        to16,
        // SAFETY: forwarded contract.
        |s, d| unsafe { K::utf16_to_utf8(s, d) },
    )
}

/// The compare-based validator's copy ([`kernels::utf8_validate_sse2::utf8_copy`]),
/// unless all of `src` that fits is ASCII, which the ASCII kernel copies first, 128
/// bytes a step (the validator copies a checked group at a time: pure ASCII, such as
/// scripts, ran at 0.6 of the speed). Where the copy stops early, the validator
/// starts over from the first byte: going on from there, with the ASCII loop inlined
/// or not, made the validator's code take 20-50 % more instructions on all text
/// (measured, not understood), while starting over costs the ASCII prefix twice.
///
/// # Safety
/// The ISA contract of `K`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn utf8_copy_after_ascii<K: Kernels + kernels::utf8_validate_sse2::Compare>(
    src: &[u8],
    dst: &mut [u8],
) -> usize {
    // SAFETY: forwarded contract.
    unsafe {
        let a = K::copy_ascii_to_ascii(src, dst);
        if a == src.len().min(dst.len()) {
            return a;
        }
        kernels::utf8_validate_sse2::utf8_copy::<K>(src, dst)
    }
}

/// Index of the first unit of `hay` equal to `value` (the CJK encoders' window
/// search): vectors of the baseline ISA, no dispatch.
#[inline]
pub(crate) fn find_u16(hay: &[u16], value: u16) -> Option<usize> {
    cfg_if::cfg_if! {
        if #[cfg(target_arch = "x86_64")] {
            sse2::find_u16(hay, value)
        } else {
            scalar::find_u16(hay, value)
        }
    }
}

/// Work whose code gains from the CPU's population count instruction: the CJK
/// encoders, whose rank bitmaps count the set bits of a word for every ideograph
/// or syllable (baseline x86_64 has no such instruction; its software count is a
/// dozen instructions). See [`with_popcnt`].
pub(crate) trait PopcntWork {
    /// What the work returns.
    type Out;
    /// Does the work. Must be `#[inline(always)]`, with everything hot in it, for
    /// [`with_popcnt`] to compile it with the instruction.
    fn run(self) -> Self::Out;
}

/// Runs `work` compiled with the POPCNT instruction where the chosen ISA has it
/// (x86-64-v2 and up: [`Isa::Sse41`], AVX2, AVX-512), else as compiled for the
/// target.
#[inline(always)]
pub(crate) fn with_popcnt<W: PopcntWork>(work: W) -> W::Out {
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    if isa() >= Isa::Sse41 {
        // SAFETY: every ISA from SSE4.1 up has POPCNT (checked by detection).
        return unsafe { super::x86_64::with_popcnt(work) };
    }
    work.run()
}
