/* The streaming article scorer: finds a page's article body in one pass over the tokenizer, no tree.
 *
 * Every element with both a start and an end tag in the input is a candidate, scored at its end tag:
 *
 *     score = text - 2 * link_text + DL_STREAM_PARAGRAPH_BONUS * paragraphs
 *
 * where text counts the characters of the element's text outside links, link_text those inside <a>,
 * and paragraphs the <p> elements inside it holding at least DL_STREAM_PARAGRAPH_MIN_CHARS characters
 * of text outside links. Characters are code points, with each run of ASCII whitespace counting as one
 * (as it renders). Text of script, style, template, title, textarea, iframe, noscript, noembed,
 * noframes and comments counts nowhere.
 *
 * Only the winner and the runner-up are kept, with their byte ranges (start tag's '<' .. just past the
 * end tag's '>') as absolute offsets into the input as fed: any chunking of the input gives the same
 * result. Memory is bounded: the open-element stack is capped at DL_STREAM_MAX_DEPTH entries and the
 * tag name and attributes kept per entry at DL_STREAM_MAX_ATTR_BYTES; nothing else grows with input.
 *
 * The input is bytes of any ASCII-compatible encoding; the tokenizer reads ASCII structurally. Text is
 * counted as UTF-8 unless a <meta> declares a single-byte encoding (windows-1252 and the like).
 */
#ifndef DL_STREAM_STREAM_H
#define DL_STREAM_STREAM_H

#include <stddef.h>
#include <stdint.h>

/* Bonus per paragraph: about a sentence of text, so a container of many real paragraphs beats one
 * long block of the same text, without a paragraph count outweighing the text itself. On the aeb
 * corpus the choice hardly matters (F1 0.873 at 0, 0.876 at 60, 0.874 at 120, score_aeb.py of ../shared
 * with --text rendering); 60 was the best of those. */
#define DL_STREAM_PARAGRAPH_BONUS 60
/* A <p> shorter than this (outside links) is a spacer, a label or a "read more", not a paragraph. */
#define DL_STREAM_PARAGRAPH_MIN_CHARS 25
/* Open elements tracked; deeper ones are counted (too_deep) and never candidates. Real pages rarely
 * nest past 100; the HTML parsers of browsers also bound nesting in this range. */
#define DL_STREAM_MAX_DEPTH 1024
/* Tag name and attributes kept per open element (for the report); attributes past this are dropped. */
#define DL_STREAM_MAX_ATTR_BYTES 1024

typedef struct {
    int present;
    uint64_t start, end;     /* byte range of the element, end tag included */
    int64_t text;            /* characters of text not inside links */
    int64_t link_text;       /* characters of text inside links */
    int64_t links;           /* <a> elements inside */
    int64_t paragraphs;      /* paragraphs inside (see above) */
    int64_t score;
    int attrs_truncated;     /* some attributes did not fit DL_STREAM_MAX_ATTR_BYTES */
    /* Tag name then attributes, each as a 16-bit little-endian length and the bytes: name, then
     * (attr name, attr value) pairs. Use dl_stream_blob_next() to walk it. */
    uint32_t blob_len;
    unsigned char blob[DL_STREAM_MAX_ATTR_BYTES];
    /* Internal: while scoring, blob may hold the start tag's source bytes instead (copying one range
     * per open element is cheaper than its decoded attributes); dl_stream_finish() re-tokenizes the
     * winner's and runner-up's into the form above. */
    int blob_raw;
} dl_stream_candidate;

typedef struct {
    uint64_t scored;   /* candidates recorded (elements closed by their own end tag) */
    uint64_t skipped;  /* elements whose end tag never came (closed implicitly or open at the end) */
    uint64_t too_deep; /* elements beyond DL_STREAM_MAX_DEPTH, never tracked */
    uint64_t bytes;    /* input bytes fed */
} dl_stream_stats;

typedef struct dl_stream_scorer dl_stream_scorer;

/* Fills the scorer's constant tables. The binding calls it once at import; dl_stream_new() calls it
 * too, which is enough for single-threaded C use (threads must call it once before the first new). */
void dl_stream_global_init(void);

/* NULL when out of memory. */
dl_stream_scorer *dl_stream_new(void);
void dl_stream_free(dl_stream_scorer *s);
/* 0, or -1 when out of memory (the scorer is then unusable). Safe without the GIL. */
int dl_stream_feed(dl_stream_scorer *s, const char *data, size_t len);
/* End of input: flushes the tokenizer; elements still open are skipped. 0 or -1. */
int dl_stream_finish(dl_stream_scorer *s);

const dl_stream_candidate *dl_stream_winner(const dl_stream_scorer *s);
const dl_stream_candidate *dl_stream_runner_up(const dl_stream_scorer *s);
dl_stream_stats dl_stream_get_stats(const dl_stream_scorer *s);

/* The encoding id (encoding/encoding.h) the first <meta> before <body> declared, or -1. Text bytes are
 * counted as that encoding's characters when it is single-byte, as UTF-8 otherwise. */
int dl_stream_declared_encoding(const dl_stream_scorer *s);

/* Fix the encoding text is counted in (an encoding id), before the first feed: the caller sniffed it
 * (BOM, transport charset, detection) or transcoded the input to UTF-8, so a <meta> must not change it.
 * dl_stream_declared_encoding() then returns it. An id out of range is ignored. */
void dl_stream_set_encoding(dl_stream_scorer *s, int id);

/* Walk a candidate's blob: *pos starts at 0; returns 1 and the next string, or 0 at the end. */
int dl_stream_blob_next(const dl_stream_candidate *c, uint32_t *pos, const char **str, size_t *len);

#endif
