/*
 * The C API's test program: every function of textcodec.h, including NULL and
 * length edge cases, streaming with tiny buffers, and a round trip of all 40
 * encodings' names. Built and run by capi/tests/run_c_tests.sh against the static
 * and the shared library. Prints "N passed, N failed" and exits non-zero on a
 * failure.
 */

#include "textcodec.h"

#include <stdalign.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned passed, failed;

#define CHECK(cond)                                                       \
    do {                                                                  \
        if (cond) {                                                       \
            passed++;                                                     \
        } else {                                                          \
            failed++;                                                     \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, \
                    #cond);                                               \
        }                                                                 \
    } while (0)

#define LEN(s) (sizeof(s) - 1)
#define U8(s) ((const uint8_t *)(s))

/* A buffer that grows; for collecting streamed output. */
typedef struct {
    uint8_t *bytes;
    size_t len, cap;
} Bytes;

static void bytes_push(Bytes *b, const void *data, size_t n) {
    if (n == 0) return;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 64;
        while (cap < b->len + n) cap *= 2;
        b->bytes = realloc(b->bytes, cap);
        if (!b->bytes) abort();
        b->cap = cap;
    }
    memcpy(b->bytes + b->len, data, n);
    b->len += n;
}

static int bytes_eq(const Bytes *b, const void *data, size_t n) {
    return b->len == n && (n == 0 || memcmp(b->bytes, data, n) == 0);
}

/* All 40 encodings, by their statics. */
static const Encoding *all_encodings(size_t i) {
    const ConstEncoding *all[] = {
        &UTF_8_ENCODING,        &UTF_16BE_ENCODING,      &UTF_16LE_ENCODING,
        &IBM866_ENCODING,       &ISO_8859_2_ENCODING,    &ISO_8859_3_ENCODING,
        &ISO_8859_4_ENCODING,   &ISO_8859_5_ENCODING,    &ISO_8859_6_ENCODING,
        &ISO_8859_7_ENCODING,   &ISO_8859_8_ENCODING,    &ISO_8859_8_I_ENCODING,
        &ISO_8859_10_ENCODING,  &ISO_8859_13_ENCODING,   &ISO_8859_14_ENCODING,
        &ISO_8859_15_ENCODING,  &ISO_8859_16_ENCODING,   &KOI8_R_ENCODING,
        &KOI8_U_ENCODING,       &MACINTOSH_ENCODING,     &WINDOWS_874_ENCODING,
        &WINDOWS_1250_ENCODING, &WINDOWS_1251_ENCODING,  &WINDOWS_1252_ENCODING,
        &WINDOWS_1253_ENCODING, &WINDOWS_1254_ENCODING,  &WINDOWS_1255_ENCODING,
        &WINDOWS_1256_ENCODING, &WINDOWS_1257_ENCODING,  &WINDOWS_1258_ENCODING,
        &X_MAC_CYRILLIC_ENCODING, &GBK_ENCODING,         &GB18030_ENCODING,
        &BIG5_ENCODING,         &EUC_JP_ENCODING,        &ISO_2022_JP_ENCODING,
        &SHIFT_JIS_ENCODING,    &EUC_KR_ENCODING,        &X_USER_DEFINED_ENCODING,
        &REPLACEMENT_ENCODING,
    };
    return i < sizeof all / sizeof all[0] ? *all[i] : NULL;
}
#define ENCODING_COUNT 40

static const char *const NAMES[ENCODING_COUNT] = {
    "UTF-8",        "UTF-16BE",     "UTF-16LE",     "IBM866",       "ISO-8859-2",
    "ISO-8859-3",   "ISO-8859-4",   "ISO-8859-5",   "ISO-8859-6",   "ISO-8859-7",
    "ISO-8859-8",   "ISO-8859-8-I", "ISO-8859-10",  "ISO-8859-13",  "ISO-8859-14",
    "ISO-8859-15",  "ISO-8859-16",  "KOI8-R",       "KOI8-U",       "macintosh",
    "windows-874",  "windows-1250", "windows-1251", "windows-1252", "windows-1253",
    "windows-1254", "windows-1255", "windows-1256", "windows-1257", "windows-1258",
    "x-mac-cyrillic", "GBK",        "gb18030",      "Big5",         "EUC-JP",
    "ISO-2022-JP",  "Shift_JIS",    "EUC-KR",       "x-user-defined", "replacement",
};

/* Text in many scripts, with characters outside the BMP. */
static const char SAMPLE[] =
    "Hello, world! caf\xC3\xA9 \xE2\x82\xAC" "5 \xC2\xA3\xC2\xA5 "
    "\xD0\x9F\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82 "         /* Привет */
    "\xE3\x81\x93\xE3\x82\x93\xE3\x81\xAB\xE3\x81\xA1\xE3\x81\xAF " /* こんにちは */
    "\xEF\xBD\xB1\xEF\xBD\xB2 "                                 /* ｱｲ */
    "\xE4\xB8\x96\xE7\x95\x8C "                                 /* 世界 */
    "\xED\x95\x9C\xEA\xB5\xAD\xEC\x96\xB4 "                     /* 한국어 */
    "\xD7\xA2\xD7\x91\xD7\xA8\xD7\x99\xD7\xAA "                 /* עברית */
    "\xCE\xB1\xCE\xB2\xCE\xB3 "                                 /* αβγ */
    "\xF0\x9D\x84\x9E \xF0\x9F\x98\x80 "                        /* 𝄞 😀 */
    "\xE2\x98\x83 end";                                         /* ☃ */

/* ---------------------------------------------------------------- encodings */

static void test_names_round_trip(void) {
    for (size_t i = 0; i < ENCODING_COUNT; i++) {
        const Encoding *e = all_encodings(i);
        uint8_t name[ENCODING_NAME_MAX_LENGTH];
        size_t n = encoding_name(e, name);
        CHECK(n > 0 && n <= ENCODING_NAME_MAX_LENGTH);
        CHECK(n == strlen(NAMES[i]) && memcmp(name, NAMES[i], n) == 0);
        CHECK(encoding_for_name(name, n) == e);
        /* Every name is also a label ("replacement" too, in the current spec). */
        if (e == REPLACEMENT_ENCODING) {
            CHECK(encoding_for_label(name, n) == e);
            CHECK(encoding_for_label_no_replacement(name, n) == NULL);
        } else {
            CHECK(encoding_for_label(name, n) == e);
            CHECK(encoding_for_label_no_replacement(name, n) == e);
        }
        for (size_t j = 0; j < i; j++) CHECK(all_encodings(j) != e);
    }
    uint8_t name[ENCODING_NAME_MAX_LENGTH];
    CHECK(encoding_name(X_MAC_CYRILLIC_ENCODING, name) == ENCODING_NAME_MAX_LENGTH);
    /* Names are case-sensitive and untrimmed; labels are not. */
    CHECK(encoding_for_name(U8("utf-8"), 5) == NULL);
    CHECK(encoding_for_name(U8(" UTF-8"), 6) == NULL);
    CHECK(encoding_for_name(NULL, 0) == NULL);
    CHECK(encoding_for_name(NULL, 5) == NULL);
    /* Bad arguments. */
    int not_an_encoding = 0;
    CHECK(encoding_name(NULL, name) == 0);
    CHECK(encoding_name((const Encoding *)&not_an_encoding, name) == 0);
    CHECK(encoding_name(UTF_8_ENCODING, NULL) == 0);
}

static void test_labels(void) {
    CHECK(encoding_for_label(U8(" Latin1 "), LEN(" Latin1 ")) == WINDOWS_1252_ENCODING);
    CHECK(encoding_for_label(U8("\t\n\f\r utf8 \r"), LEN("\t\n\f\r utf8 \r")) == UTF_8_ENCODING);
    CHECK(encoding_for_label(U8("SJIS"), 4) == SHIFT_JIS_ENCODING);
    CHECK(encoding_for_label(U8("us-ascii"), 8) == WINDOWS_1252_ENCODING);
    CHECK(encoding_for_label(U8("unicodefffe"), 11) == UTF_16BE_ENCODING);
    CHECK(encoding_for_label(U8("iso-2022-kr"), 11) == REPLACEMENT_ENCODING);
    CHECK(encoding_for_label_no_replacement(U8("iso-2022-kr"), 11) == NULL);
    CHECK(encoding_for_label_no_replacement(U8("latin2"), 6) == ISO_8859_2_ENCODING);
    CHECK(encoding_for_label(U8("utf-8\0"), 6) == NULL);
    CHECK(encoding_for_label(U8("utf-9"), 5) == NULL);
    CHECK(encoding_for_label(U8(""), 0) == NULL);
    CHECK(encoding_for_label(NULL, 0) == NULL);
    CHECK(encoding_for_label(NULL, 7) == NULL);
    CHECK(encoding_for_label_no_replacement(NULL, 7) == NULL);
}

static void test_bom(void) {
    size_t n = 5;
    CHECK(encoding_for_bom(U8("\xEF\xBB\xBF" "ab"), &n) == UTF_8_ENCODING && n == 3);
    n = 2;
    CHECK(encoding_for_bom(U8("\xFE\xFF"), &n) == UTF_16BE_ENCODING && n == 2);
    n = 4;
    CHECK(encoding_for_bom(U8("\xFF\xFE" "a\0"), &n) == UTF_16LE_ENCODING && n == 2);
    n = 2;
    CHECK(encoding_for_bom(U8("\xEF\xBB"), &n) == NULL && n == 0);
    n = 0;
    CHECK(encoding_for_bom(NULL, &n) == NULL && n == 0);
    n = 3;
    CHECK(encoding_for_bom(NULL, &n) == NULL);
    CHECK(encoding_for_bom(U8("\xEF\xBB\xBF"), NULL) == NULL);
}

static void test_properties(void) {
    int not_an_encoding = 0;
    const Encoding *bogus = (const Encoding *)&not_an_encoding;
    CHECK(encoding_can_encode_everything(UTF_8_ENCODING));
    CHECK(encoding_can_encode_everything(UTF_16LE_ENCODING));
    CHECK(encoding_can_encode_everything(REPLACEMENT_ENCODING));
    CHECK(!encoding_can_encode_everything(GB18030_ENCODING));
    CHECK(!encoding_can_encode_everything(WINDOWS_1252_ENCODING));
    CHECK(!encoding_can_encode_everything(NULL));
    CHECK(!encoding_can_encode_everything(bogus));

    CHECK(encoding_is_ascii_compatible(UTF_8_ENCODING));
    CHECK(encoding_is_ascii_compatible(SHIFT_JIS_ENCODING));
    CHECK(!encoding_is_ascii_compatible(ISO_2022_JP_ENCODING));
    CHECK(!encoding_is_ascii_compatible(UTF_16BE_ENCODING));
    CHECK(!encoding_is_ascii_compatible(REPLACEMENT_ENCODING));
    CHECK(!encoding_is_ascii_compatible(NULL));
    CHECK(!encoding_is_ascii_compatible(bogus));

    CHECK(encoding_is_single_byte(WINDOWS_1252_ENCODING));
    CHECK(encoding_is_single_byte(X_USER_DEFINED_ENCODING));
    CHECK(encoding_is_single_byte(KOI8_U_ENCODING));
    CHECK(!encoding_is_single_byte(UTF_8_ENCODING));
    CHECK(!encoding_is_single_byte(GBK_ENCODING));
    CHECK(!encoding_is_single_byte(NULL));
    CHECK(!encoding_is_single_byte(bogus));

    CHECK(encoding_output_encoding(UTF_16LE_ENCODING) == UTF_8_ENCODING);
    CHECK(encoding_output_encoding(UTF_16BE_ENCODING) == UTF_8_ENCODING);
    CHECK(encoding_output_encoding(REPLACEMENT_ENCODING) == UTF_8_ENCODING);
    CHECK(encoding_output_encoding(SHIFT_JIS_ENCODING) == SHIFT_JIS_ENCODING);
    CHECK(encoding_output_encoding(NULL) == NULL);
    CHECK(encoding_output_encoding(bogus) == NULL);
    CHECK(encoding_output_encoding((const Encoding *)(uintptr_t)1) == NULL);
}

static void test_valid_up_to(void) {
    CHECK(encoding_utf8_valid_up_to(U8("ab\xC3\xA9\xFF"), 5) == 4);
    CHECK(encoding_utf8_valid_up_to(U8("ab\xC3"), 3) == 2);
    CHECK(encoding_utf8_valid_up_to(U8("\xED\xA0\x80"), 3) == 0); /* surrogate */
    CHECK(encoding_utf8_valid_up_to(U8("\xC0\x80"), 2) == 0);     /* overlong */
    CHECK(encoding_utf8_valid_up_to(U8(SAMPLE), LEN(SAMPLE)) == LEN(SAMPLE));
    CHECK(encoding_ascii_valid_up_to(U8("abc\x80"), 4) == 3);
    CHECK(encoding_iso_2022_jp_ascii_valid_up_to(U8("ab\x1B(B"), 5) == 2);
    CHECK(encoding_iso_2022_jp_ascii_valid_up_to(U8("ab\x0E"), 3) == 2);
    CHECK(encoding_iso_2022_jp_ascii_valid_up_to(U8("abc"), 3) == 3);
    CHECK(encoding_utf8_valid_up_to(NULL, 0) == 0);
    CHECK(encoding_ascii_valid_up_to(NULL, 0) == 0);
    CHECK(encoding_utf8_valid_up_to(NULL, 1) == SIZE_MAX);
    CHECK(encoding_ascii_valid_up_to(NULL, 1) == SIZE_MAX);
    CHECK(encoding_iso_2022_jp_ascii_valid_up_to(NULL, 1) == SIZE_MAX);
    CHECK(encoding_utf8_valid_up_to(U8("a"), SIZE_MAX) == SIZE_MAX);
}

/* ----------------------------------------------------------------- decoders */

/* Decodes all of src with one call into a buffer of the maximum size. */
static Bytes decode_whole(const Encoding *e, const uint8_t *src, size_t len, bool *replaced) {
    Decoder *d = encoding_new_decoder(e);
    size_t cap = decoder_max_utf8_buffer_length(d, len);
    Bytes out = {malloc(cap ? cap : 1), 0, cap};
    size_t src_len = len, dst_len = cap;
    uint32_t r = decoder_decode_to_utf8(d, src, &src_len, out.bytes, &dst_len, true, replaced);
    CHECK(r == INPUT_EMPTY && src_len == len && dst_len <= cap);
    out.len = dst_len;
    decoder_free(d);
    return out;
}

/* Decodes src one byte at a time into a 4-byte buffer. */
static Bytes decode_trickle(const Encoding *e, const uint8_t *src, size_t len) {
    Decoder *d = encoding_new_decoder(e);
    Bytes out = {0};
    uint8_t buf[4];
    for (size_t i = 0; i <= len; i++) {
        const uint8_t *p = src + i;
        size_t left = i < len ? 1 : 0;
        bool last = i == len;
        for (;;) {
            size_t src_len = left, dst_len = sizeof buf;
            bool replaced = false;
            uint32_t r = decoder_decode_to_utf8(d, p, &src_len, buf, &dst_len, last, &replaced);
            CHECK(r == INPUT_EMPTY || r == OUTPUT_FULL);
            bytes_push(&out, buf, dst_len);
            p += src_len;
            left -= src_len;
            if (r == INPUT_EMPTY) break;
        }
    }
    decoder_free(d);
    return out;
}

/* Decodes src in 3-byte pieces into a 2-unit UTF-16 buffer; returns UTF-8. */
static Bytes decode_utf16_trickle(const Encoding *e, const uint8_t *src, size_t len) {
    Decoder *d = encoding_new_decoder(e);
    size_t cap = len * 2 + 8;
    char16_t *units = malloc(cap * sizeof(char16_t));
    size_t n = 0;
    char16_t buf[2];
    size_t i = 0;
    for (;;) {
        size_t left = len - i < 3 ? len - i : 3;
        bool last = i + left == len;
        for (;;) {
            size_t src_len = left, dst_len = 2;
            uint32_t r = decoder_decode_to_utf16(d, src + i, &src_len, buf, &dst_len, last, NULL);
            CHECK(r == INPUT_EMPTY || r == OUTPUT_FULL);
            CHECK(n + dst_len <= cap);
            memcpy(units + n, buf, dst_len * sizeof(char16_t));
            n += dst_len;
            i += src_len;
            left -= src_len;
            if (r == INPUT_EMPTY) break;
        }
        if (last) break;
    }
    decoder_free(d);
    Bytes out = {malloc(n * 3 + 1), 0, n * 3 + 1};
    out.len = encoding_mem_convert_utf16_to_utf8(units, n, out.bytes, out.cap);
    CHECK(out.len != SIZE_MAX);
    free(units);
    return out;
}

static void test_decode_known(void) {
    bool replaced = true;
    Bytes b = decode_whole(WINDOWS_1252_ENCODING, U8("caf\xE9 \x80"), 6, &replaced);
    CHECK(bytes_eq(&b, "caf\xC3\xA9 \xE2\x82\xAC", 9) && !replaced);
    free(b.bytes);
    b = decode_whole(SHIFT_JIS_ENCODING, U8("\x82\xA0\x82\xA2"), 4, &replaced);
    CHECK(bytes_eq(&b, "\xE3\x81\x82\xE3\x81\x84", 6) && !replaced);
    free(b.bytes);
    b = decode_whole(GB18030_ENCODING, U8("\x81\x30\x81\x30"), 4, &replaced);
    CHECK(bytes_eq(&b, "\xC2\x80", 2) && !replaced);
    free(b.bytes);
    b = decode_whole(UTF_8_ENCODING, U8("a\xFF" "b"), 3, &replaced);
    CHECK(bytes_eq(&b, "a\xEF\xBF\xBD" "b", 5) && replaced);
    free(b.bytes);
    b = decode_whole(REPLACEMENT_ENCODING, U8("abc"), 3, &replaced);
    CHECK(bytes_eq(&b, "\xEF\xBF\xBD", 3) && replaced);
    free(b.bytes);
    b = decode_whole(REPLACEMENT_ENCODING, U8(""), 0, &replaced);
    CHECK(b.len == 0 && !replaced);
    free(b.bytes);
    b = decode_whole(X_USER_DEFINED_ENCODING, U8("a\x80"), 2, &replaced);
    CHECK(bytes_eq(&b, "a\xEF\x9E\x80", 4));
    free(b.bytes);
    /* BOM sniffing switches the decoder. */
    b = decode_whole(WINDOWS_1252_ENCODING, U8("\xFF\xFE" "a\0"), 4, &replaced);
    CHECK(bytes_eq(&b, "a", 1));
    free(b.bytes);
}

static void test_bom_handling(void) {
    const uint8_t src[] = "\xEF\xBB\xBF" "a";
    uint8_t out[16];
    size_t src_len, dst_len;
    Decoder *d = encoding_new_decoder(WINDOWS_1252_ENCODING);
    CHECK(decoder_encoding(d) == WINDOWS_1252_ENCODING);
    src_len = 2, dst_len = sizeof out; /* half a BOM: no output yet */
    CHECK(decoder_decode_to_utf8(d, src, &src_len, out, &dst_len, false, NULL) == INPUT_EMPTY);
    CHECK(src_len == 2 && dst_len == 0);
    src_len = 2, dst_len = sizeof out;
    CHECK(decoder_decode_to_utf8(d, src + 2, &src_len, out, &dst_len, true, NULL) == INPUT_EMPTY);
    CHECK(dst_len == 1 && out[0] == 'a');
    CHECK(decoder_encoding(d) == UTF_8_ENCODING);
    decoder_free(d);

    d = encoding_new_decoder_with_bom_removal(UTF_8_ENCODING);
    src_len = 4, dst_len = sizeof out;
    CHECK(decoder_decode_to_utf8(d, src, &src_len, out, &dst_len, true, NULL) == INPUT_EMPTY);
    CHECK(dst_len == 1 && out[0] == 'a');
    decoder_free(d);

    /* With BOM removal, another encoding's BOM is input. */
    d = encoding_new_decoder_with_bom_removal(WINDOWS_1252_ENCODING);
    src_len = 4, dst_len = sizeof out;
    CHECK(decoder_decode_to_utf8(d, src, &src_len, out, &dst_len, true, NULL) == INPUT_EMPTY);
    CHECK(dst_len == 7 && decoder_encoding(d) == WINDOWS_1252_ENCODING);
    decoder_free(d);

    d = encoding_new_decoder_without_bom_handling(UTF_8_ENCODING);
    src_len = 4, dst_len = sizeof out;
    CHECK(decoder_decode_to_utf8(d, src, &src_len, out, &dst_len, true, NULL) == INPUT_EMPTY);
    CHECK(dst_len == 4 && memcmp(out, src, 4) == 0);
    decoder_free(d);

    CHECK(encoding_new_decoder(NULL) == NULL);
    CHECK(encoding_new_decoder_with_bom_removal(NULL) == NULL);
    CHECK(encoding_new_decoder_without_bom_handling(NULL) == NULL);
    CHECK(decoder_encoding(NULL) == NULL);
}

static void test_decode_without_replacement(void) {
    Decoder *d = encoding_new_decoder(UTF_8_ENCODING);
    const uint8_t src[] = "a\xFF" "b\xE2\x82" "c";
    uint8_t out[16];
    size_t src_len = LEN(src), dst_len = sizeof out;
    /* 0xFF: one bad byte, nothing read after it. */
    CHECK(decoder_decode_to_utf8_without_replacement(d, src, &src_len, out, &dst_len, true) == 1);
    CHECK(src_len == 2 && dst_len == 1 && out[0] == 'a');
    size_t read = src_len;
    src_len = LEN(src) - read, dst_len = sizeof out;
    uint32_t r = decoder_decode_to_utf8_without_replacement(d, src + read, &src_len, out, &dst_len, true);
    /* E2 82 then 'c': a malformed sequence of two bytes. */
    CHECK((r & 0xFF) == 2 && (r >> 8) <= 1);
    CHECK(dst_len == 1 && out[0] == 'b');
    read += src_len;
    src_len = LEN(src) - read, dst_len = sizeof out;
    CHECK(decoder_decode_to_utf8_without_replacement(d, src + read, &src_len, out, &dst_len, true) == INPUT_EMPTY);
    CHECK(read + src_len == LEN(src));
    decoder_free(d);

    d = encoding_new_decoder(UTF_8_ENCODING);
    char16_t units[8];
    src_len = LEN(src), dst_len = 8;
    CHECK(decoder_decode_to_utf16_without_replacement(d, src, &src_len, units, &dst_len, true) == 1);
    CHECK(src_len == 2 && dst_len == 1 && units[0] == 'a');
    decoder_free(d);

    /* With replacement to UTF-16. */
    d = encoding_new_decoder(UTF_8_ENCODING);
    bool replaced = false;
    src_len = 3, dst_len = 8;
    CHECK(decoder_decode_to_utf16(d, src, &src_len, units, &dst_len, true, &replaced) == INPUT_EMPTY);
    CHECK(dst_len == 3 && units[1] == 0xFFFD && units[2] == 'b' && replaced);
    decoder_free(d);
}

static void test_max_lengths(void) {
    for (size_t i = 0; i < ENCODING_COUNT; i++) {
        Decoder *d = encoding_new_decoder(all_encodings(i));
        CHECK(decoder_max_utf8_buffer_length(d, 100) >= 100);
        CHECK(decoder_max_utf8_buffer_length_without_replacement(d, 100) >= 100);
        CHECK(decoder_max_utf8_buffer_length(d, 100) >=
              decoder_max_utf8_buffer_length_without_replacement(d, 100));
        CHECK(decoder_max_utf16_buffer_length(d, 100) >= 50);
        if (all_encodings(i) == UTF_8_ENCODING) { /* overflow gives SIZE_MAX */
            CHECK(decoder_max_utf8_buffer_length(d, SIZE_MAX) == SIZE_MAX);
            CHECK(decoder_max_utf16_buffer_length(d, SIZE_MAX) == SIZE_MAX);
        }
        decoder_free(d);
        Encoder *e = encoding_new_encoder(all_encodings(i));
        CHECK(encoder_max_buffer_length_from_utf8_if_no_unmappables(e, 100) >= 100);
        CHECK(encoder_max_buffer_length_from_utf8_without_replacement(e, 100) >= 100);
        CHECK(encoder_max_buffer_length_from_utf16_if_no_unmappables(e, 100) >= 100);
        CHECK(encoder_max_buffer_length_from_utf16_without_replacement(e, 100) >= 100);
        CHECK(encoder_max_buffer_length_from_utf8_if_no_unmappables(e, SIZE_MAX) == SIZE_MAX);
        CHECK(encoder_max_buffer_length_from_utf16_without_replacement(e, SIZE_MAX) == SIZE_MAX);
        encoder_free(e);
    }
    CHECK(decoder_max_utf8_buffer_length(NULL, 1) == SIZE_MAX);
    CHECK(decoder_max_utf8_buffer_length_without_replacement(NULL, 1) == SIZE_MAX);
    CHECK(decoder_max_utf16_buffer_length(NULL, 1) == SIZE_MAX);
    CHECK(encoder_max_buffer_length_from_utf8_if_no_unmappables(NULL, 1) == SIZE_MAX);
    CHECK(encoder_max_buffer_length_from_utf8_without_replacement(NULL, 1) == SIZE_MAX);
    CHECK(encoder_max_buffer_length_from_utf16_if_no_unmappables(NULL, 1) == SIZE_MAX);
    CHECK(encoder_max_buffer_length_from_utf16_without_replacement(NULL, 1) == SIZE_MAX);
}

static void test_latin1_byte_compatible(void) {
    Decoder *d = encoding_new_decoder_without_bom_handling(WINDOWS_1252_ENCODING);
    CHECK(decoder_latin1_byte_compatible_up_to(d, U8("abc\xE9\x80x"), 6) == 4);
    CHECK(decoder_latin1_byte_compatible_up_to(d, NULL, 0) == 0);
    CHECK(decoder_latin1_byte_compatible_up_to(d, NULL, 1) == SIZE_MAX);
    decoder_free(d);
    d = encoding_new_decoder(WINDOWS_1252_ENCODING); /* still looking for a BOM */
    CHECK(decoder_latin1_byte_compatible_up_to(d, U8("abc"), 3) == SIZE_MAX);
    decoder_free(d);
    d = encoding_new_decoder_without_bom_handling(UTF_16LE_ENCODING);
    CHECK(decoder_latin1_byte_compatible_up_to(d, U8("ab"), 2) == SIZE_MAX);
    decoder_free(d);
    CHECK(decoder_latin1_byte_compatible_up_to(NULL, U8("ab"), 2) == SIZE_MAX);
}

/* ----------------------------------------------------------------- encoders */

/* Encodes all of text with one call into a buffer of the maximum size. */
static Bytes encode_whole(const Encoding *enc, const char *text, size_t len, bool *replaced) {
    Encoder *e = encoding_new_encoder(enc);
    size_t cap = encoder_max_buffer_length_from_utf8_if_no_unmappables(e, len) + 10 * len;
    Bytes out = {malloc(cap), 0, cap};
    size_t src_len = len, dst_len = cap;
    uint32_t r = encoder_encode_from_utf8(e, U8(text), &src_len, out.bytes, &dst_len, true, replaced);
    CHECK(r == INPUT_EMPTY && src_len == len);
    CHECK(!encoder_has_pending_state(e));
    out.len = dst_len;
    encoder_free(e);
    return out;
}

/* Encodes text into a 14-byte buffer (the minimum with replacement). */
static Bytes encode_utf8_trickle(const Encoding *enc, const char *text, size_t len) {
    Encoder *e = encoding_new_encoder(enc);
    Bytes out = {0};
    uint8_t buf[14];
    size_t i = 0;
    for (;;) {
        size_t src_len = len - i, dst_len = sizeof buf;
        uint32_t r = encoder_encode_from_utf8(e, U8(text) + i, &src_len, buf, &dst_len, true, NULL);
        CHECK(r == INPUT_EMPTY || r == OUTPUT_FULL);
        bytes_push(&out, buf, dst_len);
        i += src_len;
        if (r != OUTPUT_FULL) break;
    }
    encoder_free(e);
    return out;
}

/* Encodes UTF-16 one code unit at a time (splitting surrogate pairs). */
static Bytes encode_utf16_trickle(const Encoding *enc, const char16_t *units, size_t n) {
    Encoder *e = encoding_new_encoder(enc);
    Bytes out = {0};
    uint8_t buf[14];
    for (size_t i = 0; i <= n; i++) {
        size_t left = i < n ? 1 : 0;
        bool last = i == n;
        const char16_t *p = units + i;
        for (;;) {
            size_t src_len = left, dst_len = sizeof buf;
            uint32_t r = encoder_encode_from_utf16(e, p, &src_len, buf, &dst_len, last, NULL);
            CHECK(r == INPUT_EMPTY || r == OUTPUT_FULL);
            bytes_push(&out, buf, dst_len);
            p += src_len;
            left -= src_len;
            if (r == INPUT_EMPTY) break;
        }
    }
    CHECK(!encoder_has_pending_state(e));
    encoder_free(e);
    return out;
}

/* Every encoding: encode the sample whole, in tiny pieces from UTF-8 and from
   UTF-16; decode the result whole, byte by byte to UTF-8 and in pieces to UTF-16. */
static void test_streaming_all_encodings(void) {
    char16_t units[sizeof SAMPLE];
    size_t n_units = encoding_mem_convert_utf8_to_utf16(U8(SAMPLE), LEN(SAMPLE), units, sizeof SAMPLE);
    CHECK(n_units != SIZE_MAX && n_units < LEN(SAMPLE));
    for (size_t i = 0; i < ENCODING_COUNT; i++) {
        const Encoding *enc = all_encodings(i);
        unsigned failed_before = failed;
        bool replaced = false;
        Bytes whole = encode_whole(enc, SAMPLE, LEN(SAMPLE), &replaced);
        /* Only UTF-8 and gb18030 map every character of the sample. */
        CHECK(replaced == !(encoding_can_encode_everything(enc) || enc == GB18030_ENCODING));
        Bytes trickle = encode_utf8_trickle(enc, SAMPLE, LEN(SAMPLE));
        CHECK(bytes_eq(&trickle, whole.bytes, whole.len));
        Bytes from16 = encode_utf16_trickle(enc, units, n_units);
        CHECK(bytes_eq(&from16, whole.bytes, whole.len));

        /* Decoding needs bytes in the encoding itself; for UTF-16 make them. */
        Bytes input = {0};
        if (enc == UTF_16LE_ENCODING || enc == UTF_16BE_ENCODING) {
            for (size_t k = 0; k < n_units; k++) {
                uint8_t pair[2] = {(uint8_t)(units[k] & 0xFF), (uint8_t)(units[k] >> 8)};
                if (enc == UTF_16BE_ENCODING) {
                    uint8_t t = pair[0];
                    pair[0] = pair[1];
                    pair[1] = t;
                }
                bytes_push(&input, pair, 2);
            }
        } else {
            bytes_push(&input, whole.bytes, whole.len);
        }
        bool dec_replaced = true;
        Bytes decoded = decode_whole(enc, input.bytes, input.len, &dec_replaced);
        if ((encoding_can_encode_everything(enc) && enc != REPLACEMENT_ENCODING) ||
            enc == GB18030_ENCODING) {
            /* UTF-8, UTF-16LE, UTF-16BE, gb18030: a lossless round trip. */
            CHECK(bytes_eq(&decoded, SAMPLE, LEN(SAMPLE)) && !dec_replaced);
        } else if (enc == REPLACEMENT_ENCODING) {
            CHECK(bytes_eq(&decoded, "\xEF\xBF\xBD", 3) && dec_replaced);
        } else {
            /* The encoder's output decodes without errors, and the ASCII survives. */
            CHECK(!dec_replaced);
            CHECK(decoded.len >= 5 && memcmp(decoded.bytes, "Hello", 5) == 0);
        }
        Bytes d1 = decode_trickle(enc, input.bytes, input.len);
        CHECK(bytes_eq(&d1, decoded.bytes, decoded.len));
        Bytes d16 = decode_utf16_trickle(enc, input.bytes, input.len);
        CHECK(bytes_eq(&d16, decoded.bytes, decoded.len));
        if (failed != failed_before) fprintf(stderr, "  (failures above: encoding %s)\n", NAMES[i]);
        free(whole.bytes), free(trickle.bytes), free(from16.bytes), free(input.bytes);
        free(decoded.bytes), free(d1.bytes), free(d16.bytes);
    }
}

static void test_encode_known(void) {
    bool replaced = false;
    const char text[] = "\xE2\x82\xAC \xE2\x98\x83"; /* € ☃ */
    Bytes b = encode_whole(WINDOWS_1252_ENCODING, text, LEN(text), &replaced);
    CHECK(bytes_eq(&b, "\x80 &#9731;", 9) && replaced);
    free(b.bytes);

    Encoder *e = encoding_new_encoder(WINDOWS_1252_ENCODING);
    CHECK(encoder_encoding(e) == WINDOWS_1252_ENCODING);
    uint8_t out[32];
    size_t src_len = LEN(text) + 2, dst_len = sizeof out;
    const char text2[] = "\xE2\x82\xAC \xE2\x98\x83" "ab";
    CHECK(encoder_encode_from_utf8_without_replacement(e, U8(text2), &src_len, out, &dst_len, true) == 0x2603);
    CHECK(src_len == LEN(text) && dst_len == 2 && out[0] == 0x80);
    encoder_free(e);

    e = encoding_new_encoder(WINDOWS_1252_ENCODING);
    const char16_t u16[] = {0x20AC, 0xD83D, 0xDE00, 'a'};
    src_len = 4, dst_len = sizeof out;
    CHECK(encoder_encode_from_utf16_without_replacement(e, u16, &src_len, out, &dst_len, true) == 0x1F600);
    CHECK(src_len == 3 && dst_len == 1);
    encoder_free(e);

    /* UTF-16BE's encoder is a UTF-8 encoder. */
    e = encoding_new_encoder(UTF_16BE_ENCODING);
    CHECK(encoder_encoding(e) == UTF_8_ENCODING);
    encoder_free(e);

    /* ISO-2022-JP: state that only the last call writes out. */
    e = encoding_new_encoder(ISO_2022_JP_ENCODING);
    src_len = 3, dst_len = sizeof out;
    CHECK(encoder_encode_from_utf8(e, U8("\xE3\x81\x82"), &src_len, out, &dst_len, false, NULL) == INPUT_EMPTY);
    CHECK(src_len == 3 && dst_len == 5 && memcmp(out, "\x1B$B$\"", 5) == 0);
    CHECK(encoder_has_pending_state(e));
    src_len = 0, dst_len = sizeof out;
    CHECK(encoder_encode_from_utf8(e, NULL, &src_len, out, &dst_len, true, NULL) == INPUT_EMPTY);
    CHECK(dst_len == 3 && memcmp(out, "\x1B(B", 3) == 0);
    CHECK(!encoder_has_pending_state(e));
    encoder_free(e);

    /* A surrogate pair split across calls. */
    e = encoding_new_encoder(UTF_8_ENCODING);
    src_len = 1, dst_len = sizeof out;
    CHECK(encoder_encode_from_utf16(e, u16 + 1, &src_len, out, &dst_len, false, NULL) == INPUT_EMPTY);
    CHECK(src_len == 1 && dst_len == 0 && encoder_has_pending_state(e));
    src_len = 1, dst_len = sizeof out;
    CHECK(encoder_encode_from_utf16(e, u16 + 2, &src_len, out, &dst_len, true, NULL) == INPUT_EMPTY);
    CHECK(dst_len == 4 && memcmp(out, "\xF0\x9F\x98\x80", 4) == 0);
    encoder_free(e);

    CHECK(encoding_new_encoder(NULL) == NULL);
    CHECK(encoder_encoding(NULL) == NULL);
    CHECK(!encoder_has_pending_state(NULL));
}

static void test_encode_invalid_utf8(void) {
    Encoder *e = encoding_new_encoder(WINDOWS_1252_ENCODING);
    uint8_t out[32];
    size_t src_len = 5, dst_len = sizeof out;
    bool replaced = true;
    CHECK(encoder_encode_from_utf8(e, U8("ab\xFF" "cd"), &src_len, out, &dst_len, true, &replaced) ==
          TEXTCODEC_INVALID_UTF8);
    CHECK(src_len == 2 && dst_len == 2 && memcmp(out, "ab", 2) == 0 && !replaced);
    /* A lone surrogate in UTF-8 form, and a truncated character at the end. */
    src_len = 3, dst_len = sizeof out;
    CHECK(encoder_encode_from_utf8_without_replacement(e, U8("\xED\xA0\x80"), &src_len, out, &dst_len, true) ==
          TEXTCODEC_INVALID_UTF8);
    CHECK(src_len == 0 && dst_len == 0);
    src_len = 3, dst_len = sizeof out;
    CHECK(encoder_encode_from_utf8(e, U8("a\xE2\x82"), &src_len, out, &dst_len, true, NULL) ==
          TEXTCODEC_INVALID_UTF8);
    CHECK(src_len == 1 && dst_len == 1);
    encoder_free(e);

    /* A long valid run before the bad byte, through a small output buffer. */
    e = encoding_new_encoder(UTF_8_ENCODING);
    char big[1000];
    memset(big, 'x', sizeof big);
    big[900] = (char)0xC0;
    size_t done = 0;
    uint8_t small[16];
    uint32_t r;
    do {
        src_len = sizeof big - done, dst_len = sizeof small;
        r = encoder_encode_from_utf8(e, U8(big) + done, &src_len, small, &dst_len, true, NULL);
        done += src_len;
    } while (r == OUTPUT_FULL);
    CHECK(r == TEXTCODEC_INVALID_UTF8 && done == 900);
    encoder_free(e);
}

/* ----------------------------------------------- bad arguments when streaming */

static void test_streaming_bad_arguments(void) {
    Decoder *d = encoding_new_decoder(UTF_8_ENCODING);
    Encoder *e = encoding_new_encoder(UTF_8_ENCODING);
    uint8_t buf[16] = "abcdefgh";
    alignas(char16_t) uint8_t units_bytes[34];
    char16_t *units = (char16_t *)units_bytes;
    /* A misaligned char16_t pointer, as a careless caller might make one. */
    char16_t *misaligned = (char16_t *)(units_bytes + 1);
    size_t src_len, dst_len;
    bool replaced;

    /* NULL decoder: lengths zeroed. */
    src_len = 3, dst_len = 8, replaced = true;
    CHECK(decoder_decode_to_utf8(NULL, U8("abc"), &src_len, buf, &dst_len, true, &replaced) ==
          TEXTCODEC_INVALID_ARGUMENT);
    CHECK(src_len == 0 && dst_len == 0 && !replaced);
    /* NULL input with a length; NULL input without one is fine. */
    src_len = 3, dst_len = 8;
    CHECK(decoder_decode_to_utf8(d, NULL, &src_len, buf, &dst_len, false, NULL) == TEXTCODEC_INVALID_ARGUMENT);
    src_len = 0, dst_len = 8;
    CHECK(decoder_decode_to_utf8(d, NULL, &src_len, buf, &dst_len, false, NULL) == INPUT_EMPTY);
    CHECK(src_len == 0 && dst_len == 0);
    /* NULL output without room: output full. */
    src_len = 3, dst_len = 0;
    CHECK(decoder_decode_to_utf8(d, U8("abc"), &src_len, NULL, &dst_len, false, NULL) == OUTPUT_FULL);
    CHECK(src_len == 0 && dst_len == 0);
    /* NULL length pointers. */
    dst_len = 8;
    CHECK(decoder_decode_to_utf8(d, U8("abc"), NULL, buf, &dst_len, false, NULL) == TEXTCODEC_INVALID_ARGUMENT);
    CHECK(dst_len == 0);
    src_len = 3;
    CHECK(decoder_decode_to_utf8_without_replacement(d, U8("abc"), &src_len, buf, NULL, false) ==
          TEXTCODEC_INVALID_ARGUMENT);
    CHECK(src_len == 0);
    /* Lengths beyond PTRDIFF_MAX. */
    src_len = SIZE_MAX, dst_len = 8;
    CHECK(decoder_decode_to_utf8(d, U8("abc"), &src_len, buf, &dst_len, false, NULL) == TEXTCODEC_INVALID_ARGUMENT);
    src_len = 3, dst_len = (size_t)PTRDIFF_MAX / 2 + 1;
    CHECK(decoder_decode_to_utf16(d, U8("abc"), &src_len, units, &dst_len, false, NULL) ==
          TEXTCODEC_INVALID_ARGUMENT);
    /* Misaligned char16_t buffers. */
    src_len = 3, dst_len = 8;
    CHECK(decoder_decode_to_utf16(d, U8("abc"), &src_len, misaligned, &dst_len, false, NULL) ==
          TEXTCODEC_INVALID_ARGUMENT);
    src_len = 3, dst_len = 8;
    CHECK(decoder_decode_to_utf16_without_replacement(d, U8("abc"), &src_len, misaligned, &dst_len, false) ==
          TEXTCODEC_INVALID_ARGUMENT);
    src_len = 2, dst_len = 8;
    CHECK(encoder_encode_from_utf16(e, misaligned, &src_len, buf, &dst_len, false, NULL) ==
          TEXTCODEC_INVALID_ARGUMENT);
    src_len = 2, dst_len = 8;
    CHECK(encoder_encode_from_utf16_without_replacement(e, misaligned, &src_len, buf, &dst_len, false) ==
          TEXTCODEC_INVALID_ARGUMENT);
    /* Overlapping input and output. */
    src_len = 8, dst_len = 8;
    CHECK(decoder_decode_to_utf8(d, buf, &src_len, buf + 4, &dst_len, false, NULL) == TEXTCODEC_INVALID_ARGUMENT);
    src_len = 8, dst_len = 8;
    CHECK(encoder_encode_from_utf8(e, buf + 4, &src_len, buf, &dst_len, false, NULL) ==
          TEXTCODEC_INVALID_ARGUMENT);
    src_len = 4, dst_len = 8;
    CHECK(decoder_decode_to_utf8(d, buf, &src_len, buf + 4, &dst_len, false, NULL) == INPUT_EMPTY);
    /* NULL encoder. */
    src_len = 3, dst_len = 8;
    CHECK(encoder_encode_from_utf8(NULL, U8("abc"), &src_len, buf, &dst_len, false, NULL) ==
          TEXTCODEC_INVALID_ARGUMENT);
    CHECK(src_len == 0 && dst_len == 0);
    src_len = 3, dst_len = 8;
    CHECK(encoder_encode_from_utf8_without_replacement(NULL, U8("abc"), &src_len, buf, &dst_len, false) ==
          TEXTCODEC_INVALID_ARGUMENT);
    decoder_free(d);
    encoder_free(e);

    /* A length pointer inside the decoder's own memory is refused untouched. */
    size_t size = decoder_size();
    size_t align = decoder_alignment();
    CHECK(size > 0 && align > 0 && (align & (align - 1)) == 0 && align <= alignof(max_align_t));
    unsigned char *mem = malloc(size + sizeof(size_t));
    CHECK(encoding_new_decoder_into(UTF_8_ENCODING, (Decoder *)mem));
    size_t *inside = (size_t *)mem; /* malloc'd memory is aligned for size_t */
    dst_len = 8;
    CHECK(decoder_decode_to_utf8((Decoder *)mem, U8("abc"), inside, buf, &dst_len, false, NULL) ==
          TEXTCODEC_INVALID_ARGUMENT);
    CHECK(dst_len == 8);
    /* Nor may a buffer overlap it. */
    src_len = size, dst_len = 8;
    CHECK(decoder_decode_to_utf8((Decoder *)mem, mem, &src_len, buf, &dst_len, false, NULL) ==
          TEXTCODEC_INVALID_ARGUMENT);
    /* The decoder still works. */
    src_len = 3, dst_len = 8;
    CHECK(decoder_decode_to_utf8((Decoder *)mem, U8("abc"), &src_len, buf, &dst_len, true, NULL) == INPUT_EMPTY);
    CHECK(dst_len == 3 && memcmp(buf, "abc", 3) == 0);
    free(mem); /* memory from _into needs no decoder_free */
}

static void test_into(void) {
    /* Into caller memory, aligned and sized as the library says. */
    void *dmem = aligned_alloc(decoder_alignment() < sizeof(void *) ? sizeof(void *) : decoder_alignment(),
                               (decoder_size() + 63) / 64 * 64);
    Decoder *d = dmem;
    CHECK(encoding_new_decoder_into(SHIFT_JIS_ENCODING, d));
    CHECK(decoder_encoding(d) == SHIFT_JIS_ENCODING);
    uint8_t out[16];
    size_t src_len = 2, dst_len = sizeof out;
    CHECK(decoder_decode_to_utf8(d, U8("\x82\xA0"), &src_len, out, &dst_len, true, NULL) == INPUT_EMPTY);
    CHECK(dst_len == 3 && memcmp(out, "\xE3\x81\x82", 3) == 0);
    CHECK(encoding_new_decoder_with_bom_removal_into(UTF_8_ENCODING, d));
    src_len = 4, dst_len = sizeof out;
    CHECK(decoder_decode_to_utf8(d, U8("\xEF\xBB\xBFz"), &src_len, out, &dst_len, true, NULL) == INPUT_EMPTY);
    CHECK(dst_len == 1 && out[0] == 'z');
    CHECK(encoding_new_decoder_without_bom_handling_into(UTF_8_ENCODING, d));
    src_len = 4, dst_len = sizeof out;
    CHECK(decoder_decode_to_utf8(d, U8("\xEF\xBB\xBFz"), &src_len, out, &dst_len, true, NULL) == INPUT_EMPTY);
    CHECK(dst_len == 4);
    /* Bad arguments: nothing written. */
    CHECK(!encoding_new_decoder_into(NULL, d));
    CHECK(!encoding_new_decoder_into(UTF_8_ENCODING, NULL));
    CHECK(!encoding_new_decoder_with_bom_removal_into(UTF_8_ENCODING, NULL));
    CHECK(!encoding_new_decoder_without_bom_handling_into(NULL, d));
    CHECK(!encoding_new_decoder_into(UTF_8_ENCODING, (Decoder *)((char *)dmem + 1)));
    CHECK(decoder_encoding(d) == UTF_8_ENCODING);
    free(dmem);

    /* Re-initialising a heap decoder, then freeing it as usual. */
    d = encoding_new_decoder(UTF_8_ENCODING);
    CHECK(encoding_new_decoder_into(GBK_ENCODING, d));
    CHECK(decoder_encoding(d) == GBK_ENCODING);
    decoder_free(d);

    void *emem = aligned_alloc(encoder_alignment() < sizeof(void *) ? sizeof(void *) : encoder_alignment(),
                               (encoder_size() + 63) / 64 * 64);
    Encoder *e = emem;
    CHECK(encoder_size() > 0 && encoder_alignment() > 0);
    CHECK(encoding_new_encoder_into(EUC_KR_ENCODING, e));
    CHECK(encoder_encoding(e) == EUC_KR_ENCODING);
    src_len = 3, dst_len = sizeof out;
    CHECK(encoder_encode_from_utf8(e, U8("\xEA\xB0\x80"), &src_len, out, &dst_len, true, NULL) == INPUT_EMPTY);
    CHECK(dst_len == 2 && out[0] == 0xB0 && out[1] == 0xA1);
    CHECK(!encoding_new_encoder_into(NULL, e));
    CHECK(!encoding_new_encoder_into(UTF_8_ENCODING, NULL));
    CHECK(!encoding_new_encoder_into(UTF_8_ENCODING, (Encoder *)((char *)emem + 1)));
    free(emem);
    e = encoding_new_encoder(UTF_8_ENCODING);
    CHECK(encoding_new_encoder_into(BIG5_ENCODING, e));
    CHECK(encoder_encoding(e) == BIG5_ENCODING);
    encoder_free(e);

    decoder_free(NULL);
    encoder_free(NULL);
}

/* ----------------------------------------------------------------------- mem */

static void test_mem_predicates(void) {
    const char16_t latin[] = {'a', 0xE9, 0xFF};
    const char16_t hebrew[] = {'a', 0x05D0};
    const char16_t greek[] = {0x03B1};
    const char16_t lone_high[] = {'a', 0xD83A};

    CHECK(encoding_mem_is_ascii(U8("abc"), 3));
    CHECK(!encoding_mem_is_ascii(U8("ab\x80"), 3));
    CHECK(encoding_mem_is_ascii(NULL, 0));
    CHECK(!encoding_mem_is_ascii(NULL, 1));
    CHECK(encoding_mem_is_basic_latin(latin, 1));
    CHECK(!encoding_mem_is_basic_latin(latin, 2));
    CHECK(!encoding_mem_is_basic_latin(NULL, 1));

    CHECK(encoding_mem_is_utf8_latin1(U8("a\xC3\xA9"), 3));
    CHECK(!encoding_mem_is_utf8_latin1(U8("\xC4\x80"), 2));
    CHECK(!encoding_mem_is_utf8_latin1(U8("\xC3"), 1));
    CHECK(!encoding_mem_is_utf8_latin1(NULL, 1));
    CHECK(encoding_mem_is_str_latin1(U8("a\xC3\xBF"), 3));
    CHECK(!encoding_mem_is_str_latin1(U8("\xE2\x82\xAC"), 3));
    CHECK(!encoding_mem_is_str_latin1(U8("\xFF"), 1)); /* invalid: false, not UB */
    CHECK(!encoding_mem_is_str_latin1(NULL, 1));
    CHECK(encoding_mem_is_utf16_latin1(latin, 3));
    CHECK(!encoding_mem_is_utf16_latin1(hebrew, 2));
    CHECK(!encoding_mem_is_utf16_latin1(NULL, 1));

    CHECK(encoding_mem_is_utf8_bidi(U8("a\xD7\x90"), 3));
    CHECK(!encoding_mem_is_utf8_bidi(U8("a\xCE\xB1"), 3));
    CHECK(encoding_mem_is_utf8_bidi(U8("\xFF"), 1));
    CHECK(encoding_mem_is_utf8_bidi(NULL, 1));
    CHECK(encoding_mem_is_str_bidi(U8("\xD8\xA7"), 2));
    CHECK(!encoding_mem_is_str_bidi(U8("abc"), 3));
    CHECK(encoding_mem_is_str_bidi(U8("\xFF"), 1));
    CHECK(encoding_mem_is_utf16_bidi(hebrew, 2));
    CHECK(!encoding_mem_is_utf16_bidi(greek, 1));
    CHECK(encoding_mem_is_utf16_bidi(lone_high, 2));
    CHECK(encoding_mem_is_utf16_bidi(NULL, 1));
    CHECK(!encoding_mem_is_utf16_bidi(NULL, 0));
    alignas(char16_t) uint8_t raw[4] = {0};
    /* A misaligned char16_t pointer (made only to be refused). */
    CHECK(encoding_mem_is_utf16_bidi((const char16_t *)(raw + 1), 1));
    CHECK(!encoding_mem_is_utf16_latin1((const char16_t *)(raw + 1), 1));

    CHECK(encoding_mem_is_char_bidi(0x05D0));
    CHECK(encoding_mem_is_char_bidi(0x200F));
    CHECK(encoding_mem_is_char_bidi(0x1E900));
    CHECK(!encoding_mem_is_char_bidi(0xFEFF));
    CHECK(!encoding_mem_is_char_bidi('a'));
    CHECK(!encoding_mem_is_char_bidi(0xD800));   /* not a scalar value */
    CHECK(!encoding_mem_is_char_bidi(0x110000)); /* not a scalar value */
    CHECK(encoding_mem_is_utf16_code_unit_bidi(0xD83A));
    CHECK(encoding_mem_is_utf16_code_unit_bidi(0x0627));
    CHECK(!encoding_mem_is_utf16_code_unit_bidi(0xD83D));

    CHECK(encoding_mem_check_utf8_for_latin1_and_bidi(U8("a\xC3\xA9"), 3) == Latin1);
    CHECK(encoding_mem_check_utf8_for_latin1_and_bidi(U8("\xCE\xB1"), 2) == LeftToRight);
    CHECK(encoding_mem_check_utf8_for_latin1_and_bidi(U8("\xD7\x90"), 2) == Bidi);
    CHECK(encoding_mem_check_utf8_for_latin1_and_bidi(NULL, 1) == Bidi);
    CHECK(encoding_mem_check_str_for_latin1_and_bidi(U8("abc"), 3) == Latin1);
    CHECK(encoding_mem_check_str_for_latin1_and_bidi(U8("\xE4\xB8\x96"), 3) == LeftToRight);
    CHECK(encoding_mem_check_str_for_latin1_and_bidi(U8("\xFF"), 1) == Bidi);
    CHECK(encoding_mem_check_utf16_for_latin1_and_bidi(latin, 3) == Latin1);
    CHECK(encoding_mem_check_utf16_for_latin1_and_bidi(greek, 1) == LeftToRight);
    CHECK(encoding_mem_check_utf16_for_latin1_and_bidi(hebrew, 2) == Bidi);
    CHECK(encoding_mem_check_utf16_for_latin1_and_bidi(NULL, 1) == Bidi);

    CHECK(encoding_mem_utf16_valid_up_to(lone_high, 2) == 1);
    CHECK(encoding_mem_utf16_valid_up_to(latin, 3) == 3);
    CHECK(encoding_mem_utf16_valid_up_to(NULL, 0) == 0);
    CHECK(encoding_mem_utf16_valid_up_to(NULL, 1) == SIZE_MAX);
    CHECK(encoding_mem_utf8_latin1_up_to(U8("a\xC3\xA9\xC4\x80"), 5) == 3);
    CHECK(encoding_mem_utf8_latin1_up_to(NULL, 1) == SIZE_MAX);
    CHECK(encoding_mem_str_latin1_up_to(U8("a\xC3\xA9\xE2\x82\xAC"), 6) == 3);
    CHECK(encoding_mem_str_latin1_up_to(U8("a\xFF"), 2) == 1);
    CHECK(encoding_mem_str_latin1_up_to(NULL, 1) == SIZE_MAX);
}

static void test_mem_conversions(void) {
    char16_t u[16];
    uint8_t b[48];
    size_t src_len, dst_len;

    /* UTF-8 -> UTF-16 */
    CHECK(encoding_mem_convert_utf8_to_utf16(U8("a\xFF\xF0\x9F\x98\x80"), 6, u, 7) == 4);
    CHECK(u[0] == 'a' && u[1] == 0xFFFD && u[2] == 0xD83D && u[3] == 0xDE00);
    CHECK(encoding_mem_convert_utf8_to_utf16(U8("abc"), 3, u, 3) == SIZE_MAX); /* needs len + 1 */
    CHECK(encoding_mem_convert_utf8_to_utf16(NULL, 0, NULL, 0) == SIZE_MAX);     /* 0 < 0 + 1 */
    CHECK(encoding_mem_convert_utf8_to_utf16(NULL, 0, u, 1) == 0);
    CHECK(encoding_mem_convert_utf8_to_utf16_without_replacement(U8("a\xC3\xA9"), 3, u, 3) == 2);
    CHECK(u[1] == 0xE9);
    CHECK(encoding_mem_convert_utf8_to_utf16_without_replacement(U8("a\xFF"), 2, u, 2) == SIZE_MAX);
    CHECK(encoding_mem_convert_utf8_to_utf16_without_replacement(U8("abc"), 3, u, 2) == SIZE_MAX);
    CHECK(encoding_mem_convert_str_to_utf16(U8("\xE2\x82\xAC"), 3, u, 3) == 1 && u[0] == 0x20AC);
    CHECK(encoding_mem_convert_str_to_utf16(U8("\xED\xA0\x80"), 3, u, 3) == SIZE_MAX);
    CHECK(encoding_mem_convert_str_to_utf16(U8("abc"), 3, u + 1, 2) == SIZE_MAX);
    CHECK(encoding_mem_convert_str_to_utf16(U8("ab"), 2, (char16_t *)((char *)u + 1), 4) == SIZE_MAX);

    /* UTF-16 -> UTF-8 */
    const char16_t s16[] = {'a', 0xD800, 0x20AC, 0xD83D, 0xDE00};
    CHECK(encoding_mem_convert_utf16_to_utf8(s16, 5, b, 15) == 11);
    CHECK(memcmp(b, "a\xEF\xBF\xBD\xE2\x82\xAC\xF0\x9F\x98\x80", 11) == 0);
    CHECK(encoding_mem_convert_utf16_to_utf8(s16, 5, b, 14) == SIZE_MAX);
    CHECK(encoding_mem_convert_utf16_to_utf8(NULL, 1, b, 14) == SIZE_MAX);
    memset(b, '#', sizeof b);
    src_len = 5, dst_len = 6;
    CHECK(encoding_mem_convert_utf16_to_utf8_partial(s16, &src_len, b, &dst_len));
    CHECK(src_len == 2 && dst_len == 4 && b[4] == '#'); /* the euro does not fit */
    CHECK(!encoding_mem_convert_utf16_to_utf8_partial(s16, NULL, b, &dst_len));
    src_len = 5, dst_len = 6;
    CHECK(!encoding_mem_convert_utf16_to_utf8_partial((const char16_t *)((const char *)s16 + 1), &src_len, b, &dst_len));
    CHECK(src_len == 5 && dst_len == 6);

    /* Latin1 */
    CHECK(encoding_mem_convert_latin1_to_utf16(U8("a\xE9\xFF"), 3, u, 3));
    CHECK(u[0] == 'a' && u[1] == 0xE9 && u[2] == 0xFF);
    CHECK(!encoding_mem_convert_latin1_to_utf16(U8("abc"), 3, u, 2));
    CHECK(encoding_mem_convert_latin1_to_utf8(U8("a\xE9"), 2, b, 4) == 3);
    CHECK(memcmp(b, "a\xC3\xA9", 3) == 0);
    CHECK(encoding_mem_convert_latin1_to_utf8(U8("a\xE9"), 2, b, 3) == SIZE_MAX);
    CHECK(encoding_mem_convert_latin1_to_utf8(U8("a\xE9"), SIZE_MAX, b, 3) == SIZE_MAX);
    src_len = 3, dst_len = 3;
    CHECK(encoding_mem_convert_latin1_to_utf8_partial(U8("a\xE9\xFF"), &src_len, b, &dst_len));
    CHECK(src_len == 2 && dst_len == 3);
    CHECK(!encoding_mem_convert_latin1_to_utf8_partial(U8("a"), &src_len, b, NULL));
    CHECK(encoding_mem_convert_utf8_to_latin1_lossy(U8("a\xC3\xA9\xC3\xBF"), 5, b, 5) == 3);
    CHECK(memcmp(b, "a\xE9\xFF", 3) == 0);
    /* Outside Latin1: stops before it (no promise but no panic, in any build). */
    size_t n = encoding_mem_convert_utf8_to_latin1_lossy(U8("a\xE2\x82\xAC" "b"), 5, b, 5);
    CHECK(n <= 5);
    CHECK(encoding_mem_convert_utf8_to_latin1_lossy(U8("abc"), 3, b, 2) == SIZE_MAX);
    const char16_t l16[] = {'a', 0xE9, 0x20AC};
    CHECK(encoding_mem_convert_utf16_to_latin1_lossy(l16, 2, b, 2));
    CHECK(b[0] == 'a' && b[1] == 0xE9);
    CHECK(encoding_mem_convert_utf16_to_latin1_lossy(l16, 3, b, 3)); /* unspecified output */
    CHECK(!encoding_mem_convert_utf16_to_latin1_lossy(l16, 3, b, 2));

    /* ASCII copies */
    CHECK(encoding_mem_copy_ascii_to_ascii(U8("ab\x80" "c"), 4, b, 4) == 2);
    CHECK(encoding_mem_copy_ascii_to_ascii(U8("abc"), 3, b, 2) == SIZE_MAX);
    CHECK(encoding_mem_copy_ascii_to_basic_latin(U8("ab\x80"), 3, u, 3) == 2 && u[1] == 'b');
    CHECK(encoding_mem_copy_ascii_to_basic_latin(U8("ab"), 2, NULL, 2) == SIZE_MAX);
    CHECK(encoding_mem_copy_basic_latin_to_ascii(l16, 3, b, 3) == 1);
    CHECK(encoding_mem_copy_basic_latin_to_ascii(l16, 3, b, 0) == SIZE_MAX);
    /* Overlap between source and destination is refused. */
    memcpy(b, "abcdef", 6);
    CHECK(encoding_mem_copy_ascii_to_ascii(b, 4, b + 2, 4) == SIZE_MAX);
    CHECK(encoding_mem_copy_ascii_to_ascii(b, 3, b + 3, 3) == 3);

    /* ensure_utf16_validity */
    char16_t fix[] = {0xDC00, 'a', 0xD800};
    CHECK(encoding_mem_ensure_utf16_validity(fix, 3));
    CHECK(fix[0] == 0xFFFD && fix[1] == 'a' && fix[2] == 0xFFFD);
    CHECK(encoding_mem_ensure_utf16_validity(NULL, 0));
    CHECK(!encoding_mem_ensure_utf16_validity(NULL, 3));
}

/* The library linked is the one the header was generated for. */
static void test_version(void) {
    uint32_t v = textcodec_version();
    CHECK(v >> 16 == TEXTCODEC_VERSION_MAJOR);
    CHECK(((v >> 8) & 0xFF) == TEXTCODEC_VERSION_MINOR);
    CHECK((v & 0xFF) == TEXTCODEC_VERSION_PATCH);
}

int main(void) {
    test_version();
    test_names_round_trip();
    test_labels();
    test_bom();
    test_properties();
    test_valid_up_to();
    test_decode_known();
    test_bom_handling();
    test_decode_without_replacement();
    test_max_lengths();
    test_latin1_byte_compatible();
    test_encode_known();
    test_encode_invalid_utf8();
    test_streaming_all_encodings();
    test_streaming_bad_arguments();
    test_into();
    test_mem_predicates();
    test_mem_conversions();
    printf("capi: %u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
