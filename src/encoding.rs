//! The [`Encoding`] type, its 40 statics, BOM sniffing and what each encoding is.
//!
//! The methods of [`Encoding`] that need more than this live with what they make,
//! so that the imports run one way (label -> `Encoding` -> `Decoder`/`Encoder` ->
//! variant -> codec): `for_label*` in `label.rs`, `new_decoder*` in `decoder.rs`,
//! `new_encoder` in `encoder.rs`, and the one-shot `decode*` and `encode` in
//! `oneshot.rs`.

use crate::codec::iso_2022_jp;
use crate::tables::single_byte::SingleByteTable;
use crate::variant::VariantEncoding;

/// An encoding of the Encoding Standard. Compare by reference (`==` compares
/// identity); obtain one from a static such as [`UTF_8`] or from [`Encoding::for_label`].
pub struct Encoding {
    name: &'static str,
    pub(crate) variant: VariantEncoding,
}

impl PartialEq for Encoding {
    fn eq(&self, other: &Encoding) -> bool {
        core::ptr::eq(self, other)
    }
}
impl Eq for Encoding {}
impl core::hash::Hash for Encoding {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (self as *const Encoding).hash(state);
    }
}
impl core::fmt::Debug for Encoding {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Encoding {{ {} }}", self.name)
    }
}

macro_rules! encodings {
    ($( $(#[$doc:meta])* $name:literal, $init:ident, $stat:ident, $variant:expr; )*) => {$(
        $(#[$doc])*
        #[doc = concat!("\n\nThe `", $name, "` encoding; the value behind [`", stringify!($stat), "`].")]
        pub static $init: Encoding = Encoding { name: $name, variant: $variant };
        $(#[$doc])*
        #[doc = concat!("\n\nThe `", $name, "` encoding.")]
        pub static $stat: &Encoding = &$init;
    )*};
}

const fn sb(table: &'static SingleByteTable) -> VariantEncoding {
    VariantEncoding::SingleByte(table)
}

use crate::generated::single_byte as t;

encodings! {
    /// UTF-8.
    "UTF-8", UTF_8_INIT, UTF_8, VariantEncoding::Utf8;
    /// UTF-16BE (decode only: its output encoding is UTF-8).
    "UTF-16BE", UTF_16BE_INIT, UTF_16BE, VariantEncoding::Utf16Be;
    /// UTF-16LE (decode only: its output encoding is UTF-8).
    "UTF-16LE", UTF_16LE_INIT, UTF_16LE, VariantEncoding::Utf16Le;
    /// IBM866, a legacy single-byte encoding.
    "IBM866", IBM866_INIT, IBM866, sb(&t::IBM866);
    /// ISO-8859-2, a legacy single-byte encoding.
    "ISO-8859-2", ISO_8859_2_INIT, ISO_8859_2, sb(&t::ISO_8859_2);
    /// ISO-8859-3, a legacy single-byte encoding.
    "ISO-8859-3", ISO_8859_3_INIT, ISO_8859_3, sb(&t::ISO_8859_3);
    /// ISO-8859-4, a legacy single-byte encoding.
    "ISO-8859-4", ISO_8859_4_INIT, ISO_8859_4, sb(&t::ISO_8859_4);
    /// ISO-8859-5, a legacy single-byte encoding.
    "ISO-8859-5", ISO_8859_5_INIT, ISO_8859_5, sb(&t::ISO_8859_5);
    /// ISO-8859-6, a legacy single-byte encoding.
    "ISO-8859-6", ISO_8859_6_INIT, ISO_8859_6, sb(&t::ISO_8859_6);
    /// ISO-8859-7, a legacy single-byte encoding.
    "ISO-8859-7", ISO_8859_7_INIT, ISO_8859_7, sb(&t::ISO_8859_7);
    /// ISO-8859-8, a legacy single-byte encoding (visual order).
    "ISO-8859-8", ISO_8859_8_INIT, ISO_8859_8, sb(&t::ISO_8859_8);
    /// ISO-8859-8-I: ISO-8859-8's index, logical order.
    "ISO-8859-8-I", ISO_8859_8_I_INIT, ISO_8859_8_I, sb(&t::ISO_8859_8);
    /// ISO-8859-10, a legacy single-byte encoding.
    "ISO-8859-10", ISO_8859_10_INIT, ISO_8859_10, sb(&t::ISO_8859_10);
    /// ISO-8859-13, a legacy single-byte encoding.
    "ISO-8859-13", ISO_8859_13_INIT, ISO_8859_13, sb(&t::ISO_8859_13);
    /// ISO-8859-14, a legacy single-byte encoding.
    "ISO-8859-14", ISO_8859_14_INIT, ISO_8859_14, sb(&t::ISO_8859_14);
    /// ISO-8859-15, a legacy single-byte encoding.
    "ISO-8859-15", ISO_8859_15_INIT, ISO_8859_15, sb(&t::ISO_8859_15);
    /// ISO-8859-16, a legacy single-byte encoding.
    "ISO-8859-16", ISO_8859_16_INIT, ISO_8859_16, sb(&t::ISO_8859_16);
    /// KOI8-R, a legacy single-byte encoding.
    "KOI8-R", KOI8_R_INIT, KOI8_R, sb(&t::KOI8_R);
    /// KOI8-U, a legacy single-byte encoding.
    "KOI8-U", KOI8_U_INIT, KOI8_U, sb(&t::KOI8_U);
    /// macintosh, a legacy single-byte encoding.
    "macintosh", MACINTOSH_INIT, MACINTOSH, sb(&t::MACINTOSH);
    /// windows-874, a legacy single-byte encoding.
    "windows-874", WINDOWS_874_INIT, WINDOWS_874, sb(&t::WINDOWS_874);
    /// windows-1250, a legacy single-byte encoding.
    "windows-1250", WINDOWS_1250_INIT, WINDOWS_1250, sb(&t::WINDOWS_1250);
    /// windows-1251, a legacy single-byte encoding.
    "windows-1251", WINDOWS_1251_INIT, WINDOWS_1251, sb(&t::WINDOWS_1251);
    /// windows-1252, a legacy single-byte encoding (also what the labels
    /// `iso-8859-1`, `latin1` and `us-ascii` mean).
    "windows-1252", WINDOWS_1252_INIT, WINDOWS_1252, sb(&t::WINDOWS_1252);
    /// windows-1253, a legacy single-byte encoding.
    "windows-1253", WINDOWS_1253_INIT, WINDOWS_1253, sb(&t::WINDOWS_1253);
    /// windows-1254, a legacy single-byte encoding.
    "windows-1254", WINDOWS_1254_INIT, WINDOWS_1254, sb(&t::WINDOWS_1254);
    /// windows-1255, a legacy single-byte encoding.
    "windows-1255", WINDOWS_1255_INIT, WINDOWS_1255, sb(&t::WINDOWS_1255);
    /// windows-1256, a legacy single-byte encoding.
    "windows-1256", WINDOWS_1256_INIT, WINDOWS_1256, sb(&t::WINDOWS_1256);
    /// windows-1257, a legacy single-byte encoding.
    "windows-1257", WINDOWS_1257_INIT, WINDOWS_1257, sb(&t::WINDOWS_1257);
    /// windows-1258, a legacy single-byte encoding.
    "windows-1258", WINDOWS_1258_INIT, WINDOWS_1258, sb(&t::WINDOWS_1258);
    /// x-mac-cyrillic, a legacy single-byte encoding.
    "x-mac-cyrillic", X_MAC_CYRILLIC_INIT, X_MAC_CYRILLIC, sb(&t::X_MAC_CYRILLIC);
    /// GBK: gb18030's decoder; its encoder writes € (U+20AC) as 0x80 and never
    /// writes four-byte sequences.
    "GBK", GBK_INIT, GBK, VariantEncoding::Gbk;
    /// gb18030 (GB18030-2022 as the Encoding Standard maps it): one, two and
    /// four-byte sequences covering all of Unicode.
    "gb18030", GB18030_INIT, GB18030, VariantEncoding::Gb18030;
    /// Big5, with the Hong Kong Supplementary Character Set (decode) as the spec's
    /// index Big5 has it.
    "Big5", BIG5_INIT, BIG5, VariantEncoding::Big5;
    /// EUC-JP: JIS X 0208, halfwidth katakana, and JIS X 0212 (decode only).
    "EUC-JP", EUC_JP_INIT, EUC_JP, VariantEncoding::EucJp;
    /// ISO-2022-JP: a stateful encoding with escape sequences (not ASCII-compatible).
    "ISO-2022-JP", ISO_2022_JP_INIT, ISO_2022_JP, VariantEncoding::Iso2022Jp;
    /// Shift_JIS (as Windows code page 932 has it).
    "Shift_JIS", SHIFT_JIS_INIT, SHIFT_JIS, VariantEncoding::ShiftJis;
    /// EUC-KR (as Windows code page 949, the Unified Hangul Code, has it).
    "EUC-KR", EUC_KR_INIT, EUC_KR, VariantEncoding::EucKr;
    /// x-user-defined: ASCII plus bytes 0x80–0xFF as U+F780–U+F7FF.
    "x-user-defined", X_USER_DEFINED_INIT, X_USER_DEFINED, VariantEncoding::XUserDefined;
    /// replacement: guards against labels whose encodings are unsafe to decode; any
    /// non-empty input decodes to one U+FFFD. Its output encoding is UTF-8.
    "replacement", REPLACEMENT_INIT, REPLACEMENT, VariantEncoding::Replacement;
}

impl Encoding {
    /// The encoding a byte order mark at the start of `buffer` selects, with the
    /// BOM's length: UTF-8 (`EF BB BF`), UTF-16BE (`FE FF`) or UTF-16LE (`FF FE`).
    pub fn for_bom(buffer: &[u8]) -> Option<(&'static Encoding, usize)> {
        if buffer.starts_with(b"\xEF\xBB\xBF") {
            Some((UTF_8, 3))
        } else if buffer.starts_with(b"\xFE\xFF") {
            Some((UTF_16BE, 2))
        } else if buffer.starts_with(b"\xFF\xFE") {
            Some((UTF_16LE, 2))
        } else {
            None
        }
    }

    /// The encoding's name as the spec writes it (`"UTF-8"`, `"Shift_JIS"`, ...).
    pub fn name(&'static self) -> &'static str {
        self.name
    }

    /// The encoding used for output: UTF-8 for UTF-16BE, UTF-16LE and replacement,
    /// otherwise the encoding itself.
    pub fn output_encoding(&'static self) -> &'static Encoding {
        match self.variant {
            VariantEncoding::Utf16Be | VariantEncoding::Utf16Le | VariantEncoding::Replacement => {
                UTF_8
            }
            _ => self,
        }
    }

    /// Whether bytes 0x00–0x7F always mean ASCII in this encoding (false for
    /// UTF-16BE, UTF-16LE, ISO-2022-JP and replacement).
    pub fn is_ascii_compatible(&'static self) -> bool {
        !matches!(
            self.variant,
            VariantEncoding::Utf16Be
                | VariantEncoding::Utf16Le
                | VariantEncoding::Replacement
                | VariantEncoding::Iso2022Jp
        )
    }

    /// Whether each byte decodes to one BMP code point and back (the legacy
    /// single-byte encodings and x-user-defined).
    pub fn is_single_byte(&'static self) -> bool {
        matches!(
            self.variant,
            VariantEncoding::SingleByte(_) | VariantEncoding::XUserDefined
        )
    }

    /// Whether the output encoding can encode every Unicode scalar value (only when
    /// it is UTF-8).
    pub fn can_encode_everything(&'static self) -> bool {
        self.output_encoding() == UTF_8
    }

    /// Length of the longest prefix of `bytes` that is valid UTF-8.
    pub fn utf8_valid_up_to(bytes: &[u8]) -> usize {
        crate::simd::utf8_valid_up_to(bytes)
    }

    /// Length of the longest ASCII prefix of `bytes`.
    pub fn ascii_valid_up_to(bytes: &[u8]) -> usize {
        crate::simd::ascii_valid_up_to(bytes)
    }

    /// Length of the longest prefix of `bytes` that is ASCII other than the bytes
    /// ISO-2022-JP gives meaning to (ESC 0x1B, SO 0x0E, SI 0x0F).
    pub fn iso_2022_jp_ascii_valid_up_to(bytes: &[u8]) -> usize {
        iso_2022_jp::ascii_prefix(bytes).len()
    }

    /// The longest prefix of `bytes` that decodes to itself (as UTF-8) in this
    /// encoding and that it encodes to itself: valid UTF-8 for UTF-8, ASCII for the
    /// other ASCII-compatible encodings, ASCII without ESC, SO and SI for ISO-2022-JP.
    #[cfg(feature = "alloc")]
    pub(crate) fn borrowable_prefix<'a>(&'static self, bytes: &'a [u8]) -> &'a str {
        match self.variant {
            VariantEncoding::Utf8 => crate::handles::string::utf8_prefix(bytes),
            VariantEncoding::Iso2022Jp => iso_2022_jp::ascii_prefix(bytes),
            _ if self.is_ascii_compatible() => crate::handles::string::ascii_prefix(bytes),
            _ => "",
        }
    }
}
