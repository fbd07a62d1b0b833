#include "common/arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/compiler.h"

struct dl_arena_block {
    dl_arena_block *prev;
    size_t size;
    /* data follows, 8-byte aligned because the header is two words */
};

/* Blocks start small so a tiny fragment costs little, and double so a large page needs few mallocs. */
#define DL_ARENA_FIRST_BLOCK (16u * 1024u)
#define DL_ARENA_MAX_BLOCK (4u * 1024u * 1024u)

/* The spare blocks: a few of the large blocks of freed arenas, kept for the next arenas. A page's tree
 * takes a few hundred kilobytes to megabytes, freed when its document goes; given back to the C
 * library, that memory goes back to the system (the heap's top is trimmed, a large block unmapped) and
 * the next page's tree faults every page of it in again, zero-filled by the kernel: measured on the
 * aeb pages, 9 page faults a page for the tree alone, several per cent of article()'s time. A spare
 * block is taken whole by the next arena that needs a block no larger. Lock-free (each slot is
 * swapped atomically); without C11 atomics there are no spares. At most DL_ARENA_SPARES blocks of at
 * most DL_ARENA_MAX_BLOCK bytes are kept: a bounded cache, not a leak. */
#define DL_ARENA_SPARES 4
#define DL_ARENA_SPARE_MIN (64u * 1024u) /* smaller blocks are cheap to get again */
/* Under AddressSanitizer a freed block is freed at once, so that a read of a freed document's memory is
 * caught, not served from a spare. */
#if !defined(__STDC_NO_ATOMICS__) && !defined(DL_UNDER_ASAN)
#include <stdatomic.h>
static _Atomic(dl_arena_block *) spares[DL_ARENA_SPARES];

/* A spare block of at least size bytes, or NULL. */
static dl_arena_block *take_spare(size_t size) {
    for (int i = 0; i < DL_ARENA_SPARES; i++) {
        if (!atomic_load_explicit(&spares[i], memory_order_relaxed)) continue;
        dl_arena_block *b = atomic_exchange(&spares[i], NULL);
        if (!b) continue;
        if (b->size >= size) return b;
        dl_arena_block *none = NULL; /* too small for this one: left for another */
        if (!atomic_compare_exchange_strong(&spares[i], &none, b)) free(b);
    }
    return NULL;
}

/* Keeps b as a spare if a slot is free, else frees it. */
static void give_back(dl_arena_block *b) {
    if (b->size >= DL_ARENA_SPARE_MIN)
        for (int i = 0; i < DL_ARENA_SPARES; i++) {
            dl_arena_block *none = NULL;
            if (atomic_compare_exchange_strong(&spares[i], &none, b)) return;
        }
    free(b);
}
#else
static dl_arena_block *take_spare(size_t size) {
    (void)size;
    return NULL;
}
static void give_back(dl_arena_block *b) { free(b); }
#endif

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
        give_back(b);
        b = prev;
    }
    dl_arena_init(a);
}

static int arena_new_block(dl_arena *a, size_t need) {
    size_t size = a->next_size;
    if (need > size) size = need;
    if (size > SIZE_MAX - sizeof(dl_arena_block)) return -1;
    dl_arena_block *b = take_spare(size);
    if (b) {
        size = b->size;
    } else {
        if (!(b = malloc(sizeof(dl_arena_block) + size))) return -1;
        b->size = size;
    }
    b->prev = a->head;
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
