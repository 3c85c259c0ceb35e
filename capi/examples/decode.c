/* Decode a windows-1252 buffer to UTF-8 in one call (the README's C example). */
#include "textcodec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    const char *label = "latin1"; /* any label of the Encoding Standard */
    const uint8_t src[] = {'c', 'a', 'f', 0xE9, ' ', 0x80, '5'}; /* "café €5" */

    const Encoding *enc = encoding_for_label((const uint8_t *)label, strlen(label));
    Decoder *dec = encoding_new_decoder(enc); /* NULL if enc is NULL */
    if (dec == NULL) return 1;

    /* Worst-case output length for this much input: one call always suffices. */
    size_t cap = decoder_max_utf8_buffer_length(dec, sizeof src);
    uint8_t *dst = malloc(cap);
    size_t src_len = sizeof src, dst_len = cap;
    bool replaced = false;
    uint32_t r = dst == NULL ? OUTPUT_FULL
                             : decoder_decode_to_utf8(dec, src, &src_len, dst, &dst_len,
                                                      /* last */ true, &replaced);
    decoder_free(dec);
    if (r != INPUT_EMPTY) return 1; /* not reached with a long enough buffer */

    printf("%.*s\n", (int)dst_len, (const char *)dst); /* café €5 */
    free(dst);
    return 0;
}
