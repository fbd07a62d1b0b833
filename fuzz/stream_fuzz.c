/* libFuzzer harness: the streaming scorer (stream/stream.h) fed in a random chunking must report the
 * same winner, runner-up, statistics and declared encoding as when fed in one call, and its byte
 * ranges must lie inside the input. The first input byte seeds the chunk sizes; the rest is the page
 * (any bytes: the scorer takes any ASCII-compatible encoding). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "stream/stream.h"

static dl_stream_scorer *run(const uint8_t *data, size_t size, uint32_t seed, int chunked) {
    dl_stream_scorer *s = dl_stream_new();
    if (!s) abort();
    size_t pos = 0;
    while (pos < size) {
        size_t n = size - pos;
        if (chunked) {
            seed = seed * 1103515245u + 12345u;
            /* Mostly tiny pieces (every state boundary), sometimes large ones. */
            size_t want = (seed >> 28) == 0 ? 1 + (seed >> 8) % 4096 : 1 + (seed >> 16) % 13;
            if (want < n) n = want;
        }
        if (dl_stream_feed(s, (const char *)data + pos, n) < 0) abort();
        pos += n;
    }
    if (dl_stream_finish(s) < 0) abort();
    return s;
}

/* The header leaves it open whether "no candidate" is NULL or a candidate with present == 0: accept both. */
static int present(const dl_stream_candidate *c) { return c && c->present; }

static void check_candidate(const dl_stream_candidate *c, size_t size) {
    if (!present(c)) return;
    if (c->start >= c->end || c->end > size) abort();
    if (c->text < 0 || c->link_text < 0 || c->links < 0 || c->paragraphs < 0) abort();
    if (c->blob_len > DL_STREAM_MAX_ATTR_BYTES) abort();
    uint32_t pos = 0;
    const char *str;
    size_t len, strings = 0;
    while (dl_stream_blob_next(c, &pos, &str, &len)) {
        if (str < (const char *)c->blob || str + len > (const char *)c->blob + c->blob_len) abort();
        strings++;
    }
    if (strings == 0 || strings % 2 != 1) abort(); /* a name, then (name, value) pairs */
}

static void same_candidate(const dl_stream_candidate *a, const dl_stream_candidate *b) {
    if (present(a) != present(b)) abort();
    if (!present(a)) return;
    if (a->start != b->start || a->end != b->end || a->text != b->text || a->link_text != b->link_text ||
        a->links != b->links || a->paragraphs != b->paragraphs || a->score != b->score ||
        a->attrs_truncated != b->attrs_truncated || a->blob_len != b->blob_len ||
        memcmp(a->blob, b->blob, a->blob_len) != 0)
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    uint32_t seed = data[0];
    data++, size--;
    dl_stream_scorer *whole = run(data, size, seed, 0);
    dl_stream_scorer *pieces = run(data, size, seed, 1);
    check_candidate(dl_stream_winner(whole), size);
    check_candidate(dl_stream_runner_up(whole), size);
    same_candidate(dl_stream_winner(whole), dl_stream_winner(pieces));
    same_candidate(dl_stream_runner_up(whole), dl_stream_runner_up(pieces));
    dl_stream_stats a = dl_stream_get_stats(whole), b = dl_stream_get_stats(pieces);
    if (a.scored != b.scored || a.skipped != b.skipped || a.too_deep != b.too_deep || a.bytes != b.bytes ||
        a.bytes != size)
        abort();
    if (dl_stream_declared_encoding(whole) != dl_stream_declared_encoding(pieces)) abort();
    dl_stream_free(whole);
    dl_stream_free(pieces);
    return 0;
}
