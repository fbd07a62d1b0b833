/* The one growable byte buffer of the C library (malloc'd, capacity doubling, so appends are amortised
 * O(1) and memory stays within twice what was appended).
 *
 * Failure is sticky: when an allocation fails `failed` is set and every later append does nothing and
 * returns -1, so a writer may check after each call or once at the end. A zeroed struct is an empty
 * buffer (dl_buf b = {0};). After an append, data[len] is a NUL byte (not counted in len), so the
 * text can be read as a C string; a writer that fills data + len itself after dl_buf_reserve must set
 * it when it needs it.
 */
#ifndef DL_COMMON_BUF_H
#define DL_COMMON_BUF_H

#include <stddef.h>
#include <string.h>

typedef struct dl_buf {
    char *data;
    size_t len, cap;
    int failed;
} dl_buf;

/* Make room for `extra` more bytes and the NUL after them: 0, or -1 (and `failed` set) when out of memory or already failed.
 * The slow path of the appends below; call it directly to write into data + len yourself. */
int dl_buf_grow(dl_buf *b, size_t extra);

static inline int dl_buf_reserve(dl_buf *b, size_t extra) {
    return b->cap - b->len > extra && !b->failed ? 0 : dl_buf_grow(b, extra);
}

static inline int dl_buf_append(dl_buf *b, const void *s, size_t n) {
    if (b->cap - b->len <= n && dl_buf_grow(b, n) < 0) return -1;
    if (n) memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
    return 0;
}

static inline int dl_buf_putc(dl_buf *b, int c) {
    if (b->cap - b->len <= 1 && dl_buf_grow(b, 1) < 0) return -1;
    b->data[b->len++] = (char)c;
    b->data[b->len] = '\0';
    return 0;
}

static inline int dl_buf_puts(dl_buf *b, const char *s) { return dl_buf_append(b, s, strlen(s)); }

/* Free the storage and leave an empty buffer (failed cleared); safe on a zeroed buffer and twice. */
void dl_buf_free(dl_buf *b);

/* Hand the bytes to the caller (malloc'd, shrunk to len + 1, NUL-terminated, also when empty) and leave
 * the buffer empty; NULL when the buffer failed or out of memory (the buffer is then freed). */
char *dl_buf_take(dl_buf *b);

#endif
