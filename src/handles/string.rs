//! `str`, `String` and `Vec<u8>` as destinations, and `str` views of input prefixes
//! checked to be valid: the places where the crate vouches for UTF-8 validity
//! itself instead of checking it again.

use crate::simd;

/// The longest prefix of `bytes` that is valid UTF-8, as a `str`.
#[inline]
pub(crate) fn utf8_prefix(bytes: &[u8]) -> &str {
    let prefix = &bytes[..simd::utf8_valid_up_to(bytes)];
    debug_assert!(core::str::from_utf8(prefix).is_ok());
    // SAFETY: `utf8_valid_up_to` returns the length of the longest valid UTF-8 prefix
    // (every ISA's kernel is tested against the scalar one), so `prefix` is UTF-8;
    // checking it again would cost a second pass.
    unsafe { core::str::from_utf8_unchecked(prefix) }
}

/// The longest ASCII prefix of `bytes`, as a `str`.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn ascii_prefix(bytes: &[u8]) -> &str {
    let prefix = &bytes[..simd::ascii_valid_up_to(bytes)];
    debug_assert!(prefix.is_ascii());
    // SAFETY: `ascii_valid_up_to` returns the length of the longest prefix of bytes
    // below 0x80, and ASCII is UTF-8.
    unsafe { core::str::from_utf8_unchecked(prefix) }
}

/// The longest prefix of `bytes` made of ASCII bytes that `keep` accepts, as a
/// `str` (a plain scalar scan, for short runs and exclusions such as ISO-2022-JP's
/// ESC, SO and SI).
#[inline]
pub(crate) fn ascii_prefix_where(bytes: &[u8], keep: impl Fn(u8) -> bool) -> &str {
    let n = bytes
        .iter()
        .position(|&b| b >= 0x80 || !keep(b))
        .unwrap_or(bytes.len());
    let prefix = &bytes[..n];
    // SAFETY: every byte of `prefix` was just checked to be below 0x80, and ASCII is
    // UTF-8.
    unsafe { core::str::from_utf8_unchecked(prefix) }
}

/// Runs a UTF-8 decode `f` on the bytes of `dst` and keeps `dst` valid UTF-8: `f`
/// returns how many bytes it wrote (`n`) and a result to pass on; the bytes of an
/// old character cut at `n` are zeroed.
///
/// Contract: `f` writes only whole UTF-8 characters into `bytes[..n]`. Every caller
/// passes a decoder writing through [`crate::handles::SliceDest`] (which writes
/// complete characters, or copies validated UTF-8) or a UTF-8 converter of
/// [`crate::simd`]; debug builds check the written bytes.
pub(crate) fn decode_into_str<R>(dst: &mut str, f: impl FnOnce(&mut [u8]) -> (usize, R)) -> R {
    // SAFETY: by the contract above `f` writes only whole UTF-8 characters into
    // `bytes[..n]`; the bytes after `n` are the old contents, and the continuation
    // bytes of an old character cut at `n` are zeroed below, so the str is valid
    // UTF-8 again before the borrow ends.
    let bytes = unsafe { dst.as_bytes_mut() };
    let (n, r) = f(bytes);
    debug_assert!(core::str::from_utf8(&bytes[..n]).is_ok());
    for b in bytes[n..].iter_mut().take_while(|b| (**b & 0xC0) == 0x80) {
        *b = 0;
    }
    r
}

/// Runs `f` on the spare capacity of `vec` (zero-filled) and keeps the first `n`
/// bytes it reports as written.
#[cfg(feature = "alloc")]
pub(crate) fn with_spare_capacity<R>(
    vec: &mut alloc::vec::Vec<u8>,
    f: impl FnOnce(&mut [u8]) -> (usize, R),
) -> R {
    with_spare_capacity_up_to(vec, usize::MAX, f)
}

/// Runs `f` on at most `limit` bytes of the spare capacity of `vec` (zero-filled, so
/// only what the caller can use is cleared) and keeps the first `n` bytes it reports
/// as written.
#[cfg(feature = "alloc")]
pub(crate) fn with_spare_capacity_up_to<R>(
    vec: &mut alloc::vec::Vec<u8>,
    limit: usize,
    f: impl FnOnce(&mut [u8]) -> (usize, R),
) -> R {
    let old = vec.len();
    let spare = (vec.capacity() - old).min(limit);
    vec.resize(old + spare, 0);
    let (n, r) = f(&mut vec[old..]);
    vec.truncate(old + n);
    r
}

/// Runs a UTF-8 decode `f` on the spare capacity of `dst` (zero-filled) and keeps the
/// `n` bytes it reports as written; `f` is under the contract of [`decode_into_str`].
#[cfg(feature = "alloc")]
pub(crate) fn decode_into_string<R>(
    dst: &mut alloc::string::String,
    f: impl FnOnce(&mut [u8]) -> (usize, R),
) -> R {
    decode_into_string_up_to(dst, usize::MAX, f)
}

/// As [`decode_into_string`], clearing and offering at most `limit` bytes.
#[cfg(feature = "alloc")]
pub(crate) fn decode_into_string_up_to<R>(
    dst: &mut alloc::string::String,
    limit: usize,
    f: impl FnOnce(&mut [u8]) -> (usize, R),
) -> R {
    // SAFETY: the vector is extended with zero bytes (valid UTF-8), `f` writes only
    // whole UTF-8 characters into the first `n` bytes of the spare part (the contract
    // of `decode_into_str`), and the vector is truncated to the old length plus `n`,
    // which ends on a character boundary.
    let vec = unsafe { dst.as_mut_vec() };
    with_spare_capacity_up_to(vec, limit, |spare| {
        let (n, r) = f(spare);
        debug_assert!(core::str::from_utf8(&spare[..n]).is_ok());
        (n, r)
    })
}
