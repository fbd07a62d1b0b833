/* Counts of the writes of a page's shared pieces (see repeats.h). */
#include "serialize/repeats.h"

#include <stdlib.h>
#include <string.h>

void dl_repeats_init(dl_repeats *r) { memset(r, 0, sizeof(*r)); }

void dl_repeats_free(dl_repeats *r) {
    free(r->keys);
    free(r->counts);
    free(r->values);
    dl_repeats_init(r);
}

static size_t slot_of(const void *key, size_t cap) {
    /* Fibonacci hashing of the address; its low bits are alignment, so the high bits of the product
     * pick the slot. */
    uint64_t h = (uint64_t)(uintptr_t)key * 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 32) & (cap - 1);
}

static size_t find(const dl_repeats *r, const void *key) {
    size_t i = slot_of(key, r->cap);
    while (r->keys[i] && r->keys[i] != key) i = (i + 1) & (r->cap - 1);
    return i;
}

uint32_t dl_repeats_get(const dl_repeats *r, const void *key) {
    if (!r->cap || !key) return 0;
    size_t i = find(r, key);
    return r->keys[i] ? r->counts[i] : 0;
}

static int grow(dl_repeats *r) {
    size_t cap = r->cap ? r->cap * 2 : 64;
    if (cap > SIZE_MAX / sizeof(void *)) return -1;
    const void **keys = calloc(cap, sizeof(*keys));
    uint32_t *counts = calloc(cap, sizeof(*counts));
    size_t *values = calloc(cap, sizeof(*values));
    if (!keys || !counts || !values) {
        free(keys);
        free(counts);
        free(values);
        return -1;
    }
    for (size_t i = 0; i < r->cap; i++) {
        if (!r->keys[i]) continue;
        size_t j = slot_of(r->keys[i], cap);
        while (keys[j]) j = (j + 1) & (cap - 1);
        keys[j] = r->keys[i];
        counts[j] = r->counts[i];
        values[j] = r->values[i];
    }
    free(r->keys);
    free(r->counts);
    free(r->values);
    r->keys = keys;
    r->counts = counts;
    r->values = values;
    r->cap = cap;
    return 0;
}

/* The slot of key, added (with no writes and no value) when new; SIZE_MAX when out of memory. */
static size_t slot_for(dl_repeats *r, const void *key) {
    if (r->failed) return SIZE_MAX;
    /* at most half full, so probes stay short */
    if ((r->len + 1) * 2 > r->cap && grow(r) < 0) {
        r->failed = 1;
        return SIZE_MAX;
    }
    size_t i = find(r, key);
    if (!r->keys[i]) {
        r->keys[i] = key;
        r->counts[i] = 0;
        r->values[i] = 0;
        r->len++;
    }
    return i;
}

void dl_repeats_add(dl_repeats *r, const void *key, uint32_t n) {
    if (!key || !n) return;
    size_t i = slot_for(r, key);
    if (i == SIZE_MAX) return;
    r->counts[i] = r->counts[i] > UINT32_MAX - n ? UINT32_MAX : r->counts[i] + n;
}

size_t dl_repeats_value(const dl_repeats *r, const void *key) {
    if (!r->cap || !key) return 0;
    size_t i = find(r, key);
    return r->keys[i] ? r->values[i] : 0;
}

void dl_repeats_put_value(dl_repeats *r, const void *key, size_t value) {
    if (!key) return;
    size_t i = slot_for(r, key);
    if (i != SIZE_MAX) r->values[i] = value;
}
