// A small C++ program on the C API: transcodes standard input from one encoding to
// another (both given by label), streaming through fixed buffers, with std::unique_ptr
// owning the decoder and encoder.
//
//   transcode FROM TO < in > out       e.g.  transcode shift_jis utf-8 < a.txt
//   transcode --self-test              checks a few known conversions; exit 0 if right
//
// Malformed input becomes U+FFFD and unmappable characters become &#NNNN; (the
// replacing functions). Exit codes: 0 success, 1 self-test failure, 2 bad usage or an
// unknown label, 3 an I/O error.
//
// Built and run by capi/tests/run_c_tests.sh.

#include "textcodec.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

namespace {

struct DecoderFree {
    void operator()(Decoder *d) const { decoder_free(d); }
};
struct EncoderFree {
    void operator()(Encoder *e) const { encoder_free(e); }
};
using DecoderPtr = std::unique_ptr<Decoder, DecoderFree>;
using EncoderPtr = std::unique_ptr<Encoder, EncoderFree>;

const Encoding *by_label(const std::string &label) {
    return encoding_for_label(reinterpret_cast<const uint8_t *>(label.data()), label.size());
}

// Transcodes one chunk of input (`last` for the final one) and hands the output to
// `sink`. UTF-8 sits between the decoder and the encoder, so the decoder writes into
// `mid` and the encoder reads from it; the encoder's buffer is sized with
// encoder_max_buffer_length_from_utf8_if_no_unmappables() plus room for references.
template <typename Sink>
bool transcode_chunk(Decoder *decoder, Encoder *encoder, const uint8_t *src, size_t len,
                     bool last, Sink &&sink) {
    uint8_t mid[4096];
    uint8_t out[4096 * 4 + 64];
    for (;;) {
        size_t src_len = len;
        size_t mid_len = sizeof mid;
        bool replaced = false;
        uint32_t r = decoder_decode_to_utf8(decoder, src, &src_len, mid, &mid_len, last,
                                            &replaced);
        if (r != INPUT_EMPTY && r != OUTPUT_FULL) return false;  // bad arguments
        src += src_len;
        len -= src_len;
        const bool decoder_done = r == INPUT_EMPTY;
        // The decoder only splits its output at character boundaries, so each `mid`
        // is valid UTF-8 on its own.
        size_t at = 0;
        for (;;) {
            size_t part = mid_len - at;
            size_t out_len = sizeof out;
            uint32_t e = encoder_encode_from_utf8(encoder, mid + at, &part, out, &out_len,
                                                  last && decoder_done, &replaced);
            if (e != INPUT_EMPTY && e != OUTPUT_FULL) return false;
            at += part;
            if (!sink(out, out_len)) return false;
            if (e == INPUT_EMPTY) break;
        }
        if (decoder_done) return true;
    }
}

std::string run(const char *from, const char *to, const std::string &input) {
    DecoderPtr decoder(encoding_new_decoder(by_label(from)));
    EncoderPtr encoder(encoding_new_encoder(by_label(to)));
    std::string out;
    auto sink = [&out](const uint8_t *p, size_t n) {
        out.append(reinterpret_cast<const char *>(p), n);
        return true;
    };
    if (!decoder || !encoder ||
        !transcode_chunk(decoder.get(), encoder.get(),
                         reinterpret_cast<const uint8_t *>(input.data()), input.size(), true,
                         sink)) {
        return "<error>";
    }
    return out;
}

int self_test() {
    struct Case {
        const char *from, *to;
        std::string in, want;
    } cases[] = {
        // 日本 in Shift_JIS, to UTF-8.
        {"shift_jis", "utf-8", "\x93\xfa\x96\x7b", "\xe6\x97\xa5\xe6\x9c\xac"},
        // A UTF-8 BOM is removed; a lone 0xFF becomes U+FFFD.
        {"utf-8", "utf-8", "\xef\xbb\xbf" "a\xff", "a\xef\xbf\xbd"},
        // é to windows-1252; 日 is unmappable there: a numeric character reference.
        {"utf-8", "latin1", "\xc3\xa9\xe6\x97\xa5", "\xe9&#26085;"},
        // ISO-2022-JP output returns to ASCII at the end of the stream.
        {"utf-8", "iso-2022-jp", "\xe6\x97\xa5", "\x1b$BF|\x1b(B"},
        // koi8-r to gb18030 through UTF-8: Cyrillic а (U+0430).
        {"koi8-r", "gbk", "\xc1", "\xa7\xd1"},
    };
    int failures = 0;
    for (const Case &c : cases) {
        std::string got = run(c.from, c.to, c.in);
        if (got != c.want) {
            std::fprintf(stderr, "%s -> %s: unexpected output\n", c.from, c.to);
            failures++;
        }
    }
    // An unknown label is NULL, and NULL gives no decoder.
    if (by_label("no-such-encoding") != nullptr ||
        encoding_new_decoder(by_label("no-such-encoding")) != nullptr) {
        std::fprintf(stderr, "unknown label accepted\n");
        failures++;
    }
    // Names round-trip through encoding_name().
    uint8_t name[ENCODING_NAME_MAX_LENGTH];
    size_t n = encoding_name(by_label("sjis"), name);
    if (std::string(reinterpret_cast<char *>(name), n) != "Shift_JIS") {
        std::fprintf(stderr, "encoding_name(sjis) wrong\n");
        failures++;
    }
    std::printf("c++ example: %d failure(s)\n", failures);
    return failures ? 1 : 0;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc == 2 && std::strcmp(argv[1], "--self-test") == 0) return self_test();
    if (argc != 3) {
        std::fprintf(stderr, "usage: transcode FROM TO < in > out | transcode --self-test\n");
        return 2;
    }
    DecoderPtr decoder(encoding_new_decoder(by_label(argv[1])));
    EncoderPtr encoder(encoding_new_encoder(by_label(argv[2])));
    if (!decoder || !encoder) {
        std::fprintf(stderr, "transcode: unknown encoding label\n");
        return 2;
    }
    auto sink = [](const uint8_t *p, size_t n) { return std::fwrite(p, 1, n, stdout) == n; };
    uint8_t buf[8192];
    for (;;) {
        size_t n = std::fread(buf, 1, sizeof buf, stdin);
        if (std::ferror(stdin)) {
            std::fprintf(stderr, "transcode: read error\n");
            return 3;
        }
        bool last = n < sizeof buf && std::feof(stdin);
        if (!transcode_chunk(decoder.get(), encoder.get(), buf, n, last, sink)) {
            std::fprintf(stderr, "transcode: write error\n");
            return 3;
        }
        if (last) break;
    }
    return std::fflush(stdout) == 0 ? 0 : 3;
}
