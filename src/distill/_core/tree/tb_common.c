/* What every tree-builder file shares: the out-of-memory status and growing an array by doubling.
 * The element categories the algorithms test (special, scope boundaries, "relevant") are inline in
 * tb_internal.h. */
#include <stdlib.h>

#include "tree/tb_internal.h"

int tb_oom(tb *b) {
    if (!b->status) b->status = DL_PARSE_NOMEM;
    return -1;
}

int tb_grow_to(void **arr, size_t *cap, size_t need, size_t elsize) {
    size_t nc = *cap ? *cap : 16;
    while (nc < need) {
        if (nc > ((size_t)-1) / 2 / elsize) return -1;
        nc *= 2;
    }
    void *p = realloc(*arr, nc * elsize);
    if (!p) return -1;
    *arr = p;
    *cap = nc;
    return 0;
}
