/* dl_bytes_eq (common/bytes.h) against memcmp: every length up to 40, every position a byte may differ
 * at, the strings placed flush against the end of their buffers (under -fsanitize=address a read past
 * either end stops the run). Prints the first disagreement and exits 1; exits 0 when all agree. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/bytes.h"

static int check(const char *a, const char *b, size_t n) {
    int want = memcmp(a, b, n) == 0, got = dl_bytes_eq(a, b, n);
    if (want != got) {
        printf("length %zu: memcmp says %d, dl_bytes_eq %d\n", n, want, got);
        return 1;
    }
    return 0;
}

int main(void) {
    for (size_t n = 0; n <= 40; n++) {
        /* each string alone in a buffer of exactly its length, so a read outside it is caught */
        char *a = malloc(n ? n : 1), *b = malloc(n ? n : 1);
        if (!a || !b) return 2;
        for (size_t i = 0; i < n; i++) a[i] = (char)('a' + i % 26);
        memcpy(b, a, n);
        if (check(a, b, n)) return 1;
        for (size_t p = 0; p < n; p++) {
            b[p] ^= 0x20;
            if (check(a, b, n)) return 1;
            b[p] = (char)0x80; /* a high byte: signedness must not matter */
            if (check(a, b, n)) return 1;
            b[p] = a[p];
        }
        free(a);
        free(b);
    }
    return 0;
}
