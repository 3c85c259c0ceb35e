//! Encodings: the 40 statics, lookup by label, name and BOM, and their properties.

use crate::args;
use core::ptr::null;

/// An encoding of the Encoding Standard. Opaque: C code only ever holds a pointer to
/// one, which is one of the `*_ENCODING` statics (they live as long as the program)
/// and may be compared with `==`.
pub struct Encoding {
    _opaque: [u8; 0],
}

/// A pointer to an [`Encoding`], as the `*_ENCODING` statics hold it.
#[repr(transparent)]
pub struct ConstEncoding(pub *const Encoding);

// SAFETY: the pointer is the address of one of textcodec's immutable `Encoding`
// statics, which are shared between threads by design (`Encoding` is `Sync`); the
// pointer itself is never written.
unsafe impl Sync for ConstEncoding {}

/// The C view of one of textcodec's encodings.
pub(crate) const fn ptr(encoding: &'static textcodec::Encoding) -> *const Encoding {
    (encoding as *const textcodec::Encoding).cast()
}

/// The encoding `encoding` points to, if it points to one of the 40; `None`
/// otherwise. The pointer is only compared, never read, so any value is safe.
pub(crate) fn from_ptr(encoding: *const Encoding) -> Option<&'static textcodec::Encoding> {
    ALL.iter().copied().find(|e| ptr(e) == encoding)
}

/// The C view of an optional encoding: `NULL` for `None`.
fn to_ptr(encoding: Option<&'static textcodec::Encoding>) -> *const Encoding {
    encoding.map_or(null(), ptr)
}

/// All 40 encodings, in the order of the spec's table (UTF-8 first: the list is
/// searched linearly).
pub(crate) static ALL: [&textcodec::Encoding; 40] = [
    &textcodec::UTF_8_INIT,
    &textcodec::UTF_16BE_INIT,
    &textcodec::UTF_16LE_INIT,
    &textcodec::IBM866_INIT,
    &textcodec::ISO_8859_2_INIT,
    &textcodec::ISO_8859_3_INIT,
    &textcodec::ISO_8859_4_INIT,
    &textcodec::ISO_8859_5_INIT,
    &textcodec::ISO_8859_6_INIT,
    &textcodec::ISO_8859_7_INIT,
    &textcodec::ISO_8859_8_INIT,
    &textcodec::ISO_8859_8_I_INIT,
    &textcodec::ISO_8859_10_INIT,
    &textcodec::ISO_8859_13_INIT,
    &textcodec::ISO_8859_14_INIT,
    &textcodec::ISO_8859_15_INIT,
    &textcodec::ISO_8859_16_INIT,
    &textcodec::KOI8_R_INIT,
    &textcodec::KOI8_U_INIT,
    &textcodec::MACINTOSH_INIT,
    &textcodec::WINDOWS_874_INIT,
    &textcodec::WINDOWS_1250_INIT,
    &textcodec::WINDOWS_1251_INIT,
    &textcodec::WINDOWS_1252_INIT,
    &textcodec::WINDOWS_1253_INIT,
    &textcodec::WINDOWS_1254_INIT,
    &textcodec::WINDOWS_1255_INIT,
    &textcodec::WINDOWS_1256_INIT,
    &textcodec::WINDOWS_1257_INIT,
    &textcodec::WINDOWS_1258_INIT,
    &textcodec::X_MAC_CYRILLIC_INIT,
    &textcodec::GBK_INIT,
    &textcodec::GB18030_INIT,
    &textcodec::BIG5_INIT,
    &textcodec::EUC_JP_INIT,
    &textcodec::ISO_2022_JP_INIT,
    &textcodec::SHIFT_JIS_INIT,
    &textcodec::EUC_KR_INIT,
    &textcodec::X_USER_DEFINED_INIT,
    &textcodec::REPLACEMENT_INIT,
];

/// The UTF-8 encoding.
#[no_mangle]
pub static UTF_8_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::UTF_8_INIT));

/// The UTF-16BE encoding.
#[no_mangle]
pub static UTF_16BE_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::UTF_16BE_INIT));

/// The UTF-16LE encoding.
#[no_mangle]
pub static UTF_16LE_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::UTF_16LE_INIT));

/// The IBM866 encoding.
#[no_mangle]
pub static IBM866_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::IBM866_INIT));

/// The ISO-8859-2 encoding.
#[no_mangle]
pub static ISO_8859_2_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::ISO_8859_2_INIT));

/// The ISO-8859-3 encoding.
#[no_mangle]
pub static ISO_8859_3_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::ISO_8859_3_INIT));

/// The ISO-8859-4 encoding.
#[no_mangle]
pub static ISO_8859_4_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::ISO_8859_4_INIT));

/// The ISO-8859-5 encoding.
#[no_mangle]
pub static ISO_8859_5_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::ISO_8859_5_INIT));

/// The ISO-8859-6 encoding.
#[no_mangle]
pub static ISO_8859_6_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::ISO_8859_6_INIT));

/// The ISO-8859-7 encoding.
#[no_mangle]
pub static ISO_8859_7_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::ISO_8859_7_INIT));

/// The ISO-8859-8 encoding.
#[no_mangle]
pub static ISO_8859_8_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::ISO_8859_8_INIT));

/// The ISO-8859-8-I encoding.
#[no_mangle]
pub static ISO_8859_8_I_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::ISO_8859_8_I_INIT));

/// The ISO-8859-10 encoding.
#[no_mangle]
pub static ISO_8859_10_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::ISO_8859_10_INIT));

/// The ISO-8859-13 encoding.
#[no_mangle]
pub static ISO_8859_13_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::ISO_8859_13_INIT));

/// The ISO-8859-14 encoding.
#[no_mangle]
pub static ISO_8859_14_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::ISO_8859_14_INIT));

/// The ISO-8859-15 encoding.
#[no_mangle]
pub static ISO_8859_15_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::ISO_8859_15_INIT));

/// The ISO-8859-16 encoding.
#[no_mangle]
pub static ISO_8859_16_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::ISO_8859_16_INIT));

/// The KOI8-R encoding.
#[no_mangle]
pub static KOI8_R_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::KOI8_R_INIT));

/// The KOI8-U encoding.
#[no_mangle]
pub static KOI8_U_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::KOI8_U_INIT));

/// The macintosh encoding.
#[no_mangle]
pub static MACINTOSH_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::MACINTOSH_INIT));

/// The windows-874 encoding.
#[no_mangle]
pub static WINDOWS_874_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::WINDOWS_874_INIT));

/// The windows-1250 encoding.
#[no_mangle]
pub static WINDOWS_1250_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::WINDOWS_1250_INIT));

/// The windows-1251 encoding.
#[no_mangle]
pub static WINDOWS_1251_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::WINDOWS_1251_INIT));

/// The windows-1252 encoding.
#[no_mangle]
pub static WINDOWS_1252_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::WINDOWS_1252_INIT));

/// The windows-1253 encoding.
#[no_mangle]
pub static WINDOWS_1253_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::WINDOWS_1253_INIT));

/// The windows-1254 encoding.
#[no_mangle]
pub static WINDOWS_1254_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::WINDOWS_1254_INIT));

/// The windows-1255 encoding.
#[no_mangle]
pub static WINDOWS_1255_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::WINDOWS_1255_INIT));

/// The windows-1256 encoding.
#[no_mangle]
pub static WINDOWS_1256_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::WINDOWS_1256_INIT));

/// The windows-1257 encoding.
#[no_mangle]
pub static WINDOWS_1257_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::WINDOWS_1257_INIT));

/// The windows-1258 encoding.
#[no_mangle]
pub static WINDOWS_1258_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::WINDOWS_1258_INIT));

/// The x-mac-cyrillic encoding.
#[no_mangle]
pub static X_MAC_CYRILLIC_ENCODING: ConstEncoding =
    ConstEncoding(ptr(&textcodec::X_MAC_CYRILLIC_INIT));

/// The GBK encoding.
#[no_mangle]
pub static GBK_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::GBK_INIT));

/// The gb18030 encoding.
#[no_mangle]
pub static GB18030_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::GB18030_INIT));

/// The Big5 encoding.
#[no_mangle]
pub static BIG5_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::BIG5_INIT));

/// The EUC-JP encoding.
#[no_mangle]
pub static EUC_JP_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::EUC_JP_INIT));

/// The ISO-2022-JP encoding.
#[no_mangle]
pub static ISO_2022_JP_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::ISO_2022_JP_INIT));

/// The Shift_JIS encoding.
#[no_mangle]
pub static SHIFT_JIS_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::SHIFT_JIS_INIT));

/// The EUC-KR encoding.
#[no_mangle]
pub static EUC_KR_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::EUC_KR_INIT));

/// The x-user-defined encoding.
#[no_mangle]
pub static X_USER_DEFINED_ENCODING: ConstEncoding =
    ConstEncoding(ptr(&textcodec::X_USER_DEFINED_INIT));

/// The replacement encoding.
#[no_mangle]
pub static REPLACEMENT_ENCODING: ConstEncoding = ConstEncoding(ptr(&textcodec::REPLACEMENT_INIT));

/// Implements the spec's
/// [get an encoding](https://encoding.spec.whatwg.org/#concept-encoding-get): after
/// removing leading and trailing ASCII whitespace and ASCII-lowercasing, a label of
/// the Encoding Standard gives its encoding; anything else gives `NULL`.
///
/// Use this where an unknown label means falling back to a default encoding. The label
/// may be in any ASCII-compatible encoding.
///
/// `label` may be `NULL` if `label_len` is zero. `NULL` is also returned if `label` is
/// `NULL` with a non-zero length.
///
/// # Safety
///
/// `label` and `label_len` must designate readable memory (unless `label_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_for_label(label: *const u8, label_len: usize) -> *const Encoding {
    // SAFETY: the caller's promise about `label`.
    let label = unsafe { args::slice(label, label_len) };
    to_ptr(label.and_then(textcodec::Encoding::for_label))
}

/// As `encoding_for_label()`, except that labels of the replacement encoding give
/// `NULL` too.
///
/// Use this where an unknown label is an error: labels such as `iso-2022-kr` name
/// encodings that must not be decoded, so they are errors as well.
///
/// # Safety
///
/// `label` and `label_len` must designate readable memory (unless `label_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_for_label_no_replacement(
    label: *const u8,
    label_len: usize,
) -> *const Encoding {
    // SAFETY: the caller's promise about `label`.
    let label = unsafe { args::slice(label, label_len) };
    to_ptr(label.and_then(textcodec::Encoding::for_label_no_replacement))
}

/// The encoding whose name (as `encoding_name()` writes it) is exactly `name`
/// (case-sensitive, no whitespace removal), or `NULL` if there is none. (encoding_c
/// panics for an unknown name; this returns `NULL`.)
///
/// For code that stores encodings as their names; everything else should use the
/// pointers.
///
/// # Safety
///
/// `name` and `name_len` must designate readable memory (unless `name_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_for_name(name: *const u8, name_len: usize) -> *const Encoding {
    // SAFETY: the caller's promise about `name`.
    let Some(name) = (unsafe { args::slice(name, name_len) }) else {
        return null();
    };
    to_ptr(ALL.iter().copied().find(|e| e.name().as_bytes() == name))
}

/// BOM sniffing, not streaming: `buffer` holds the whole input or at least its first
/// three bytes.
///
/// Returns `UTF_8_ENCODING`, `UTF_16BE_ENCODING` or `UTF_16LE_ENCODING` if `buffer`
/// starts with that encoding's byte order mark and sets `*buffer_len` to the BOM's
/// length; otherwise returns `NULL` and sets `*buffer_len` to 0. A `NULL`
/// `buffer_len`, or a `NULL` `buffer` with a non-zero length, gives `NULL` too.
///
/// # Safety
///
/// `buffer_len` must be `NULL` or point to a readable and writable `size_t`; `buffer`
/// and `*buffer_len` must designate readable memory (unless `*buffer_len` is 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_for_bom(
    buffer: *const u8,
    buffer_len: *mut usize,
) -> *const Encoding {
    // SAFETY: the caller's promise about `buffer_len`.
    let Some(len) = (unsafe { args::read(buffer_len) }) else {
        return null();
    };
    // SAFETY: the caller's promise about `buffer`; the slice is not used after the
    // write below, which may alias it.
    let found = unsafe { args::slice(buffer, len) }.and_then(textcodec::Encoding::for_bom);
    // SAFETY: `buffer_len` was read above, so it is valid for writes by the caller's
    // promise.
    unsafe { args::write(buffer_len, found.map_or(0, |(_, bom)| bom)) };
    to_ptr(found.map(|(encoding, _)| encoding))
}

/// Writes the name of `encoding` (as the spec writes it: `UTF-8`, `Shift_JIS`, ...)
/// to `name_out` in ASCII, without a terminating zero, and returns its length.
///
/// Returns 0 (and writes nothing) if `encoding` is not an encoding or `name_out` is
/// `NULL`.
///
/// # Safety
///
/// `name_out` must be `NULL` or point to at least `ENCODING_NAME_MAX_LENGTH` writable
/// bytes.
#[no_mangle]
pub unsafe extern "C" fn encoding_name(encoding: *const Encoding, name_out: *mut u8) -> usize {
    let Some(encoding) = from_ptr(encoding) else {
        return 0;
    };
    if name_out.is_null() {
        return 0;
    }
    let name = encoding.name().as_bytes();
    // SAFETY: `name_out` is non-null and the caller promises room for
    // ENCODING_NAME_MAX_LENGTH bytes, which no name exceeds (tested); the source is
    // a read-only static, so the two do not overlap.
    unsafe { core::ptr::copy_nonoverlapping(name.as_ptr(), name_out, name.len()) };
    name.len()
}

/// Whether the encoding's output encoding can encode every Unicode scalar value
/// (true only when that is UTF-8). `false` if `encoding` is not an encoding.
#[no_mangle]
pub extern "C" fn encoding_can_encode_everything(encoding: *const Encoding) -> bool {
    from_ptr(encoding).is_some_and(textcodec::Encoding::can_encode_everything)
}

/// Whether bytes 0x00–0x7F and only they map to U+0000–U+007F, both ways. `false` if
/// `encoding` is not an encoding.
#[no_mangle]
pub extern "C" fn encoding_is_ascii_compatible(encoding: *const Encoding) -> bool {
    from_ptr(encoding).is_some_and(textcodec::Encoding::is_ascii_compatible)
}

/// Whether the encoding maps each byte to one BMP code point and back: the legacy
/// single-byte encodings and x-user-defined. `false` if `encoding` is not an
/// encoding.
#[no_mangle]
pub extern "C" fn encoding_is_single_byte(encoding: *const Encoding) -> bool {
    from_ptr(encoding).is_some_and(textcodec::Encoding::is_single_byte)
}

/// The encoding's output encoding: UTF-8 for UTF-16BE, UTF-16LE and replacement, the
/// encoding itself otherwise. `NULL` if `encoding` is not an encoding.
#[no_mangle]
pub extern "C" fn encoding_output_encoding(encoding: *const Encoding) -> *const Encoding {
    to_ptr(from_ptr(encoding).map(textcodec::Encoding::output_encoding))
}

/// The length of the longest prefix of the buffer that is valid UTF-8 (the whole
/// length if it all is). `SIZE_MAX` if `buffer` is `NULL` with a non-zero length.
///
/// # Safety
///
/// `buffer` and `buffer_len` must designate readable memory (unless `buffer_len` is
/// 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_utf8_valid_up_to(buffer: *const u8, buffer_len: usize) -> usize {
    // SAFETY: the caller's promise about `buffer`.
    unsafe { args::slice(buffer, buffer_len) }
        .map_or(usize::MAX, textcodec::Encoding::utf8_valid_up_to)
}

/// The length of the longest prefix of the buffer that is ASCII. `SIZE_MAX` if
/// `buffer` is `NULL` with a non-zero length.
///
/// # Safety
///
/// `buffer` and `buffer_len` must designate readable memory (unless `buffer_len` is
/// 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_ascii_valid_up_to(buffer: *const u8, buffer_len: usize) -> usize {
    // SAFETY: the caller's promise about `buffer`.
    unsafe { args::slice(buffer, buffer_len) }
        .map_or(usize::MAX, textcodec::Encoding::ascii_valid_up_to)
}

/// The length of the longest prefix of the buffer that ISO-2022-JP represents as
/// itself in its ASCII state (ASCII without ESC, SO and SI). `SIZE_MAX` if `buffer`
/// is `NULL` with a non-zero length.
///
/// # Safety
///
/// `buffer` and `buffer_len` must designate readable memory (unless `buffer_len` is
/// 0).
#[no_mangle]
pub unsafe extern "C" fn encoding_iso_2022_jp_ascii_valid_up_to(
    buffer: *const u8,
    buffer_len: usize,
) -> usize {
    // SAFETY: the caller's promise about `buffer`.
    unsafe { args::slice(buffer, buffer_len) }.map_or(
        usize::MAX,
        textcodec::Encoding::iso_2022_jp_ascii_valid_up_to,
    )
}
