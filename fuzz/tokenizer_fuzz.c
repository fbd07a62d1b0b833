/* libFuzzer harness: the tokenizer fed in a random chunking must emit exactly the tokens, offsets and
 * errors it emits when fed in one call. The first input byte seeds the chunk sizes; the rest is HTML. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tokenizer/tokenizer.h"

typedef struct {
    uint64_t hash;
    uint64_t count;
} digest;

static void mix(digest *d, const void *p, size_t n) {
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) d->hash = (d->hash ^ b[i]) * 1099511628211ull;
}

static void mix_u64(digest *d, uint64_t v) { mix(d, &v, sizeof v); }

static void mix_slice(digest *d, dl_slice s) {
    mix_u64(d, s.len);
    if (s.len) mix(d, s.ptr, s.len);
}

static int sink(void *ctx, const dl_token *t) {
    digest *d = ctx;
    d->count++;
    mix_u64(d, (uint64_t)t->type);
    /* Character runs may be split differently at chunk boundaries; their content and total extent
     * must not be, so character data is hashed byte by byte without its run boundaries. */
    if (t->type == DL_TOK_CHARACTER) {
        if (t->data.len) mix(d, t->data.ptr, t->data.len);
        d->count--;
        return 0;
    }
    mix_u64(d, t->start);
    mix_u64(d, t->end);
    mix_slice(d, t->name);
    mix_slice(d, t->data);
    mix_u64(d, (uint64_t)t->self_closing);
    mix_u64(d, t->nattrs);
    for (size_t i = 0; i < t->nattrs; i++) {
        mix_slice(d, t->attrs[i].name);
        mix_slice(d, t->attrs[i].value);
        mix_u64(d, t->attrs[i].start);
        mix_u64(d, t->attrs[i].end);
    }
    if (t->type == DL_TOK_DOCTYPE) {
        mix_u64(d, (uint64_t)(t->has_name | t->has_public_id << 1 | t->has_system_id << 2 | t->force_quirks << 3));
        mix_slice(d, t->public_id);
        mix_slice(d, t->system_id);
    }
    return 0;
}

static void on_error(void *ctx, dl_parse_error err, uint64_t offset) {
    digest *d = ctx;
    mix_u64(d, (uint64_t)err);
    mix_u64(d, offset);
}

static digest run(const uint8_t *data, size_t size, uint32_t seed, int chunked) {
    digest d = {1469598103934665603ull, 0};
    dl_tokenizer *t = dl_tokenizer_new(sink, &d);
    if (!t) abort();
    dl_tokenizer_set_error_sink(t, on_error, &d);
    size_t pos = 0;
    while (pos < size) {
        size_t n = size - pos;
        if (chunked) {
            seed = seed * 1103515245u + 12345u;
            size_t want = 1 + (seed >> 16) % 17;
            if (want < n) n = want;
        }
        if (dl_tokenizer_feed(t, (const char *)data + pos, n) < 0) abort();
        pos += n;
    }
    if (dl_tokenizer_finish(t) < 0) abort();
    dl_tokenizer_free(t);
    return d;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    uint32_t seed = data[0];
    data++, size--;
    digest whole = run(data, size, seed, 0);
    digest pieces = run(data, size, seed, 1);
    if (whole.hash != pieces.hash || whole.count != pieces.count) abort();
    return 0;
}
