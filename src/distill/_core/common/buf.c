#include "common/buf.h"

#include <stdint.h>
#include <stdlib.h>

int dl_buf_grow(dl_buf *b, size_t extra) {
    if (b->failed) return -1;
    if (b->cap - b->len > extra) return 0;
    if (extra > SIZE_MAX / 4 - b->len) goto fail;
    size_t need = b->len + extra + 1; /* the NUL after the text */
    size_t cap = b->cap ? b->cap : (need > 64 ? need : 64); /* a first large reservation is exact */
    while (cap < need) cap *= 2;
    char *p = realloc(b->data, cap);
    if (!p) goto fail;
    b->data = p;
    b->cap = cap;
    return 0;
fail:
    /* No room left means every later append takes the slow path and sees the failure. */
    b->failed = 1;
    b->cap = b->len;
    return -1;
}

void dl_buf_free(dl_buf *b) {
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
    b->failed = 0;
}

char *dl_buf_take(dl_buf *b) {
    char *p = b->data;
    if (b->failed) {
        dl_buf_free(b);
        return NULL;
    }
    if (!p) p = malloc(1);
    else if (b->len + 1 < b->cap) {
        char *q = realloc(p, b->len + 1);
        if (q) p = q;
    }
    if (!p) return NULL;
    p[b->len] = '\0';
    b->data = NULL;
    b->len = b->cap = 0;
    return p;
}
