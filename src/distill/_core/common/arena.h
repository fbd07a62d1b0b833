/* A bump allocator: one region per document, freed in one step.
 *
 * Allocation never moves earlier blocks, so pointers into the arena stay valid for its lifetime. Every
 * allocation can fail (NULL) and callers must check; sizes are checked for overflow.
 */
#ifndef DL_COMMON_ARENA_H
#define DL_COMMON_ARENA_H

#include <stddef.h>
#include <string.h>

typedef struct dl_arena_block dl_arena_block;

typedef struct {
    dl_arena_block *head; /* current block; older blocks are chained behind it */
    char *cur, *end;      /* free space in the current block */
    size_t next_size;     /* size of the next block; doubles up to a ceiling */
    size_t total;         /* bytes obtained from malloc, for memory accounting */
} dl_arena;

void dl_arena_init(dl_arena *a);
void dl_arena_free(dl_arena *a);

/* The slow path of dl_arena_alloc: a new block, then the allocation from it. */
void *dl_arena_alloc_block(dl_arena *a, size_t size);
/* 8-byte aligned, uninitialised. NULL on out of memory or overflow. Inline because the tree builder
 * allocates a few times per token and the call would cost more than the bump itself. */
static inline void *dl_arena_alloc(dl_arena *a, size_t size) {
    if (size > (size_t)-1 - 7) return NULL;
    size = size ? (size + 7) & ~(size_t)7 : 8;
    if (a->cur && (size_t)(a->end - a->cur) >= size) {
        void *p = a->cur;
        a->cur += size;
        return p;
    }
    return dl_arena_alloc_block(a, size);
}
/* Zero-filled. Inline so that a constant size (a node) becomes a few stores, not a memset call. */
static inline void *dl_arena_calloc(dl_arena *a, size_t count, size_t size) {
    if (size && count > (size_t)-1 / size) return NULL;
    void *p = dl_arena_alloc(a, count * size);
    if (p) memset(p, 0, count * size);
    return p;
}
/* Copies len bytes and appends a NUL (not counted in len). */
char *dl_arena_strndup(dl_arena *a, const char *s, size_t len);

#endif
