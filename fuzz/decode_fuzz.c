/* libFuzzer harness: the byte decoder (encoding/). The first input byte picks the encoding (sniffed,
 * or one of the Encoding Standard's by id), the rest is the page's bytes. Checks: the decoded text is
 * valid UTF-8; the offset map sends every code point start to an input offset inside the input, in
 * non-decreasing order, the end to the input length; sniffing alone agrees with decoding's choice.
 * The multi-byte legacy encodings use a stand-in codec (Python's codecs are not here): it writes one
 * U+FFFD per input byte and reports that many code points, so runs and their splitting are exercised. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/buf.h"
#include "encoding/encoding.h"
#include "fuzz_common.h"

static long stand_in_decode(int enc, const uint8_t *b, size_t n, dl_buf *out) {
    (void)enc;
    (void)b;
    for (size_t i = 0; i < n; i++)
        if (dl_buf_append(out, "\xEF\xBF\xBD", 3) < 0) return -1;
    return (long)n;
}

static int stand_in_decoder;
static void *stand_in_open(int enc) {
    (void)enc;
    return &stand_in_decoder;
}
static long stand_in_feed(void *d, const uint8_t *b, size_t n, int final, dl_buf *out) {
    (void)d;
    (void)final;
    /* An escape byte (0x1B) produces nothing, as ISO-2022-JP's escapes do. */
    if (n && b[0] == 0x1B) return 0;
    return stand_in_decode(DL_ENC_ISO_2022_JP, b, n, out);
}
static int stand_in_pending(void *d) {
    (void)d;
    return 0;
}
static void stand_in_close(void *d) { (void)d; }

static const dl_legacy_codec stand_in = {stand_in_decode, stand_in_open, stand_in_feed, stand_in_pending,
                                         stand_in_close};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static int ready;
    if (!ready) {
        dl_encoding_init();
        ready = 1;
    }
    if (size == 0) return 0;
    int pick = data[0] % (DL_ENC__COUNT + 1) - 1; /* -1: sniff */
    const uint8_t *buf = data + 1;
    size_t len = size - 1;
    dl_decoded d;
    int r = dl_decode_bytes(buf, len, pick, &stand_in, &d);
    if (r < 0) {
        if (r != DL_DECODE_NOMEM) abort(); /* nothing else can fail for inputs this small */
        return 0;
    }
    int bom = 0;
    if (dl_encoding_sniff(buf, len, pick, &bom) != d.encoding) abort();
    const uint8_t *u = (const uint8_t *)d.utf8;
    uint64_t last = 0;
    for (size_t i = 0; i < d.len;) {
        size_t k = dl_fuzz_utf8_seq(u + i, d.len - i);
        if (!k) abort();
        uint64_t off = dl_offset_map_lookup(d.map, i);
        if (off > len || off < last) abort();
        last = off;
        i += k;
    }
    if (dl_offset_map_lookup(d.map, d.len) != len) abort();
    dl_decoded_release(&d);
    return 0;
}
