#include "common/arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct dl_arena_block {
    dl_arena_block *prev;
    size_t size;
    /* data follows, 8-byte aligned because the header is two words */
};

/* Blocks start small so a tiny fragment costs little, and double so a large page needs few mallocs. */
#define DL_ARENA_FIRST_BLOCK (16u * 1024u)
#define DL_ARENA_MAX_BLOCK (4u * 1024u * 1024u)

void dl_arena_init(dl_arena *a) {
    a->head = NULL;
    a->cur = a->end = NULL;
    a->next_size = DL_ARENA_FIRST_BLOCK;
    a->total = 0;
}

void dl_arena_free(dl_arena *a) {
    dl_arena_block *b = a->head;
    while (b) {
        dl_arena_block *prev = b->prev;
        free(b);
        b = prev;
    }
    dl_arena_init(a);
}

static int arena_new_block(dl_arena *a, size_t need) {
    size_t size = a->next_size;
    if (need > size) size = need;
    if (size > SIZE_MAX - sizeof(dl_arena_block)) return -1;
    dl_arena_block *b = malloc(sizeof(dl_arena_block) + size);
    if (!b) return -1;
    b->prev = a->head;
    b->size = size;
    a->head = b;
    a->cur = (char *)(b + 1);
    a->end = a->cur + size;
    a->total += sizeof(dl_arena_block) + size;
    if (a->next_size < DL_ARENA_MAX_BLOCK) a->next_size *= 2;
    return 0;
}

void *dl_arena_alloc_block(dl_arena *a, size_t size) {
    /* size is already rounded by dl_arena_alloc */
    if (arena_new_block(a, size) < 0) return NULL;
    void *p = a->cur;
    a->cur += size;
    return p;
}

char *dl_arena_strndup(dl_arena *a, const char *s, size_t len) {
    if (len == SIZE_MAX) return NULL;
    char *p = dl_arena_alloc(a, len + 1);
    if (!p) return NULL;
    if (len) memcpy(p, s, len);
    p[len] = '\0';
    return p;
}
