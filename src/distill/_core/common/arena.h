/* A bump allocator: one region per document, freed in one step.
 *
 * Allocation never moves earlier blocks, so pointers into the arena stay valid for its lifetime. Every
 * allocation can fail (NULL) and callers must check; sizes are checked for overflow.
 */
#ifndef DL_COMMON_ARENA_H
#define DL_COMMON_ARENA_H

#include <stddef.h>

typedef struct dl_arena_block dl_arena_block;

typedef struct {
    dl_arena_block *head; /* current block; older blocks are chained behind it */
    char *cur, *end;      /* free space in the current block */
    size_t next_size;     /* size of the next block; doubles up to a ceiling */
    size_t total;         /* bytes obtained from malloc, for memory accounting */
} dl_arena;

void dl_arena_init(dl_arena *a);
void dl_arena_free(dl_arena *a);

/* 8-byte aligned, uninitialised. NULL on out of memory or overflow. */
void *dl_arena_alloc(dl_arena *a, size_t size);
/* Zero-filled. */
void *dl_arena_calloc(dl_arena *a, size_t count, size_t size);
/* Copies len bytes and appends a NUL (not counted in len). */
char *dl_arena_strndup(dl_arena *a, const char *s, size_t len);
/* Grows the most recent allocation in place when it is the last one in the current block, else
 * allocates anew and copies. Used for text nodes that receive several character tokens. */
void *dl_arena_grow(dl_arena *a, void *ptr, size_t old_size, size_t new_size);

#endif
