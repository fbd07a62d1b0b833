/* Tokens, as the WHATWG tokenizer emits them to its sink (the tree builder, the streaming scorer, tests).
 *
 * Every slice a token carries is valid only for the duration of the sink callback, unless its
 * `borrowed` flag says it points into a buffer the caller fed and still owns. All text is UTF-8.
 * Offsets are absolute byte offsets into the input stream as fed (before CR/LF normalisation), so that
 * feeding one byte at a time gives the same numbers as one call.
 */
#ifndef DL_TOKENIZER_TOKEN_H
#define DL_TOKENIZER_TOKEN_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    const char *ptr;
    size_t len;
    /* Nonzero when ptr points into the caller's fed buffer (no copy was needed: no character
     * reference, no NUL replacement, no CR normalisation inside it). A sink that keeps the fed buffer
     * alive may keep the pointer; otherwise it must copy. */
    int borrowed;
} dl_slice;

typedef enum {
    DL_TOK_DOCTYPE = 1,
    DL_TOK_START_TAG,
    DL_TOK_END_TAG,
    DL_TOK_COMMENT,
    DL_TOK_CHARACTER, /* a run of characters; the tokenizer coalesces adjacent character data */
    DL_TOK_EOF
} dl_token_type;

typedef struct {
    dl_slice name;  /* lower-cased ASCII, as the spec's tokenizer produces it */
    dl_slice value; /* character references decoded */
    uint64_t start; /* byte offset of the attribute name's first byte */
    uint64_t end;   /* byte offset just past the attribute (past the closing quote if any) */
} dl_token_attr;

typedef struct {
    dl_token_type type;
    uint64_t start; /* byte offset of the token's first byte ('<' for tags and comments) */
    uint64_t end;   /* byte offset just past the token's last byte ('>' for tags) */

    /* DL_TOK_START_TAG / DL_TOK_END_TAG: tag name (lower-cased), attributes in source order with
     * duplicates already dropped (the first one wins, as the spec says). */
    dl_slice name;
    int self_closing;
    const dl_token_attr *attrs;
    size_t nattrs;

    /* DL_TOK_COMMENT and DL_TOK_CHARACTER: the data. A character run may contain U+0000 where the
     * spec emits it (data state); the tree builder decides what to do with it. */
    dl_slice data;

    /* DL_TOK_DOCTYPE: name (in `name`), public and system identifiers, each with a presence flag. */
    int has_name, has_public_id, has_system_id, force_quirks;
    dl_slice public_id, system_id;
} dl_token;

/* Parse errors are reported, never fatal: the tokenizer always recovers as the spec says. */
typedef enum {
#define DL_PARSE_ERROR(id, name) DL_ERR_##id,
#include "parse_errors.def"
#undef DL_PARSE_ERROR
    DL_ERR__COUNT
} dl_parse_error;

/* The sink receives each token. Returning nonzero aborts tokenization (out of memory in the sink). */
typedef int (*dl_token_sink)(void *ctx, const dl_token *tok);
/* Optional error callback: the error and the byte offset where it was detected. */
typedef void (*dl_error_sink)(void *ctx, dl_parse_error err, uint64_t offset);

#endif
