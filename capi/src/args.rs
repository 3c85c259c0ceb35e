//! Checks on what a C caller passes: buffers as pointer and length, in/out lengths,
//! objects. Everything here refuses what can be seen to be wrong (null, misaligned,
//! too long, overlapping); what cannot be seen (a dangling pointer) is the caller's
//! responsibility, stated in each function's `# Safety` section.

use crate::TEXTCODEC_INVALID_ARGUMENT;
use core::mem::size_of;

/// The byte range `[start, end)` a buffer of `len` `T`s at `ptr` would cover, if it
/// can be a Rust slice: non-null and aligned, at most `isize::MAX` bytes, not
/// wrapping around the address space. `None` otherwise. Zero lengths are handled by
/// the callers (any pointer is fine for them).
fn byte_range<T>(ptr: *const T, len: usize) -> Option<(usize, usize)> {
    let bytes = len.checked_mul(size_of::<T>())?;
    if ptr.is_null() || !ptr.is_aligned() || bytes > isize::MAX.unsigned_abs() {
        return None;
    }
    let start = ptr as usize;
    Some((start, start.checked_add(bytes)?))
}

/// A buffer the C caller passed: where it is, in bytes, for overlap checks.
#[derive(Clone, Copy)]
pub(crate) struct Span {
    start: usize,
    end: usize,
}

impl Span {
    /// The span of a buffer of `len` `T`s at `ptr`; `None` if it cannot be one.
    /// Empty buffers get an empty span, whatever the pointer.
    pub(crate) fn of<T>(ptr: *const T, len: usize) -> Option<Span> {
        if len == 0 {
            return Some(Span { start: 0, end: 0 });
        }
        let (start, end) = byte_range(ptr, len)?;
        Some(Span { start, end })
    }

    /// Whether the two spans share a byte (empty spans share none).
    pub(crate) fn overlaps(self, other: Span) -> bool {
        self.start < self.end
            && other.start < other.end
            && self.start < other.end
            && other.start < self.end
    }
}

/// Checks that no two of `spans` overlap.
pub(crate) fn disjoint(spans: &[Span]) -> bool {
    spans.iter().enumerate().all(|(i, a)| {
        spans
            .iter()
            .skip(i.saturating_add(1))
            .all(|b| !a.overlaps(*b))
    })
}

/// The slice a C buffer designates, or `None` if the pointer and length cannot
/// designate one (see [`Span::of`]). A zero length gives an empty slice without
/// looking at the pointer.
///
/// # Safety
///
/// If `len` is not zero, `ptr` must point to `len` initialised `T`s that stay valid
/// and unmodified (except through the returned slice) for `'a`.
pub(crate) unsafe fn slice<'a, T>(ptr: *const T, len: usize) -> Option<&'a [T]> {
    if len == 0 {
        return Some(&[]);
    }
    byte_range(ptr, len)?;
    // SAFETY: `ptr` is non-null and aligned and the range is at most isize::MAX
    // bytes without wrapping (checked above); that it points to `len` valid `T`s for
    // 'a is the caller's promise.
    Some(unsafe { core::slice::from_raw_parts(ptr, len) })
}

/// As [`slice`], for an output buffer.
///
/// # Safety
///
/// If `len` is not zero, `ptr` must point to `len` initialised `T`s, valid for
/// reads and writes and not accessed other than through the returned slice for `'a`.
pub(crate) unsafe fn slice_mut<'a, T>(ptr: *mut T, len: usize) -> Option<&'a mut [T]> {
    if len == 0 {
        return Some(&mut []);
    }
    byte_range(ptr, len)?;
    // SAFETY: as in `slice`, and the caller promises exclusive access for 'a.
    Some(unsafe { core::slice::from_raw_parts_mut(ptr, len) })
}

/// Reads an in/out parameter; `None` if the pointer is null or misaligned.
///
/// # Safety
///
/// A non-null, aligned `ptr` must be valid for reading a `T`.
pub(crate) unsafe fn read<T: Copy>(ptr: *const T) -> Option<T> {
    if ptr.is_null() || !ptr.is_aligned() {
        return None;
    }
    // SAFETY: non-null and aligned (checked); valid for reads by the caller's promise.
    Some(unsafe { ptr.read() })
}

/// Writes an out parameter if the pointer is non-null and aligned; does nothing
/// otherwise.
///
/// # Safety
///
/// A non-null, aligned `ptr` must be valid for writing a `T`, and no reference to the
/// memory may be live.
pub(crate) unsafe fn write<T>(ptr: *mut T, value: T) {
    if ptr.is_null() || !ptr.is_aligned() {
        return;
    }
    // SAFETY: non-null and aligned (checked); valid for writes by the caller's promise.
    unsafe { ptr.write(value) }
}

/// The span of the object at `ptr` (a decoder or encoder), or `None` if the pointer
/// is null or misaligned.
pub(crate) fn object_span<T>(ptr: *const T) -> Option<Span> {
    let (start, end) = byte_range(ptr, 1)?;
    Some(Span { start, end })
}

/// The span of a scalar out parameter, for overlap checks against an object. A null
/// pointer (which is never written) spans nothing.
pub(crate) fn out_param<T>(ptr: *const T) -> Span {
    Span::of(ptr, usize::from(!ptr.is_null())).unwrap_or(Span { start: 0, end: 0 })
}

/// The common body of the streaming functions (`decoder_decode_*`,
/// `encoder_encode_*`): reads the in/out lengths, checks the object, the buffers and
/// the out parameters, runs `run` on them and writes back the lengths and
/// `*had_replacements` (if that is not `NULL`).
///
/// `run` returns (result, input units read, output units written, replaced).
///
/// Bad arguments give [`TEXTCODEC_INVALID_ARGUMENT`] without calling `run`; the
/// length pointers and `had_replacements` that are usable are then set to 0 /
/// `false`, unless one of them overlaps the object (then nothing is read or written).
///
/// # Safety
///
/// Each non-null, aligned pointer among `src_len`, `dst_len` and `had_replacements`
/// must be valid for reads and writes of its type; `object`, if non-null and
/// aligned, must point to a live `O` that nothing else uses during the call; `src`
/// with `*src_len` and `dst` with `*dst_len` must designate readable (and for `dst`,
/// writable) memory unless the length is 0.
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn stream<O, S, D>(
    object: *mut O,
    src: *const S,
    src_len: *mut usize,
    dst: *mut D,
    dst_len: *mut usize,
    had_replacements: *mut bool,
    run: impl FnOnce(&mut O, &[S], &mut [D]) -> (u32, usize, usize, bool),
) -> u32 {
    let obj = object_span(object.cast_const());
    let outs = [
        out_param(src_len.cast_const()),
        out_param(dst_len.cast_const()),
        out_param(had_replacements.cast_const()),
    ];
    // Out parameters inside the object would be read from (and written over) its
    // bytes: refuse them before reading anything.
    let outs_clear = obj.is_none_or(|o| outs.iter().all(|p| !p.overlaps(o)));
    if !outs_clear {
        return TEXTCODEC_INVALID_ARGUMENT;
    }
    // SAFETY: the caller's promise about the length pointers.
    let (Some(n_src), Some(n_dst)) = (unsafe { read(src_len.cast_const()) }, unsafe {
        read(dst_len.cast_const())
    }) else {
        // SAFETY: the out parameters do not overlap the object (checked above).
        return unsafe { invalid(src_len, dst_len, had_replacements) };
    };
    let spans = (obj, Span::of(src, n_src), Span::of(dst.cast_const(), n_dst));
    let (Some(o), Some(s), Some(d)) = spans else {
        // SAFETY: as above.
        return unsafe { invalid(src_len, dst_len, had_replacements) };
    };
    if !disjoint(&[o, s, d]) {
        // SAFETY: as above.
        return unsafe { invalid(src_len, dst_len, had_replacements) };
    }
    // SAFETY: `object` is non-null and aligned (it has a span) and the caller promises
    // it points to a live `O` used by nothing else; it overlaps neither buffer.
    let object = unsafe { &mut *object };
    // SAFETY: the spans were checked (non-null, aligned, in range, disjoint from each
    // other and from the object); the memory's validity is the caller's promise.
    let (Some(src), Some(dst)) = (unsafe { slice(src, n_src) }, unsafe {
        slice_mut(dst, n_dst)
    }) else {
        // SAFETY: as above.
        return unsafe { invalid(src_len, dst_len, had_replacements) };
    };
    let (result, read, written, replaced) = run(object, src, dst);
    // SAFETY: the slices and the object reference are no longer used; the out
    // parameters do not overlap the object and are valid by the caller's promise.
    unsafe {
        write(src_len, read);
        write(dst_len, written);
        write(had_replacements, replaced);
    }
    result
}

/// The answer to bad arguments of a streaming function: zero lengths and no
/// replacements, where the pointers can be written.
///
/// # Safety
///
/// Each non-null, aligned pointer must be valid for writes of its type and must not
/// overlap the object.
unsafe fn invalid(src_len: *mut usize, dst_len: *mut usize, had_replacements: *mut bool) -> u32 {
    // SAFETY: the caller's promise.
    unsafe {
        write(src_len, 0);
        write(dst_len, 0);
        write(had_replacements, false);
    }
    TEXTCODEC_INVALID_ARGUMENT
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_and_overlaps() {
        let buf = [0u16; 8];
        let p = buf.as_ptr();
        assert!(Span::of(p, 8).is_some());
        assert!(Span::of(core::ptr::null::<u16>(), 0).is_some());
        assert!(Span::of(core::ptr::null::<u16>(), 1).is_none());
        assert!(Span::of(p.cast::<u8>().wrapping_add(1).cast::<u16>(), 1).is_none());
        assert!(Span::of(p, usize::MAX / 2).is_none());
        assert!(Span::of(p, isize::MAX.unsigned_abs() / 2 + 1).is_none());
        let a = Span::of(p, 4).unwrap();
        let b = Span::of(p.wrapping_add(4), 4).unwrap();
        let c = Span::of(p.wrapping_add(3), 2).unwrap();
        let empty = Span::of(p.wrapping_add(2), 0).unwrap();
        assert!(!a.overlaps(b) && !b.overlaps(a));
        assert!(a.overlaps(c) && c.overlaps(b) && c.overlaps(a));
        assert!(!empty.overlaps(a) && !a.overlaps(empty));
        assert!(disjoint(&[a, b, empty]));
        assert!(!disjoint(&[a, b, c]));
        let end = usize::MAX - 1;
        assert!(byte_range(end as *const u8, 2).is_none());
    }
}
