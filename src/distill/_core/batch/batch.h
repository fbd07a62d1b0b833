/* Batch extraction: pages in, JSON lines out, in pure C (what `distill extract` runs per chunk).
 *
 * What this folder offers:
 *  - dl_batch_page: the whole per-page pipeline on UTF-8 that is already decoded: the "is this HTML at
 *    all" check, the parse, the tree-size cap, the article (extract/extract.h), the optional Markdown and
 *    sanitized HTML exports, and one JSON line of the record schema appended to an output buffer. No
 *    Python objects, no recursion, no global state written: safe without the GIL, one page per thread.
 *  - dl_batch_error: the JSON line of a page that failed before it could be parsed (too large, not
 *    decodable), with the same fields, so every page of the input has exactly one line.
 *  - dl_json_string: a JSON string literal of UTF-8 (invalid sequences become U+FFFD, so the output
 *    is always valid UTF-8 and valid JSON).
 *  - binding/py_batch.c: the binding, distill._core._extract_batch(pages, ...), which decodes every page of a
 *    chunk and runs dl_batch_page on all of them in one call with the GIL released.
 *
 * The record schema (NOTES.md, fixed; the README documents it), one JSON object per line, fields in
 * this order: url, error, title, byline, date, date_modified, description, lang, site_name, canonical,
 * image, tags, page_type, text, then markdown, html, comments when asked. A field the page does not
 * supply is null (tags: []); date_modified, page_type and comments stay null until the extraction
 * computes them. A failed page has url and error set and every other field null.
 *
 * Costs and limits: one page costs time linear in its size (the parser and the extraction are linear);
 * memory is the tree (bounded by max_nodes and by the caller's byte cap) plus the output line. The
 * caller caps the page size; max_nodes caps the tree, so the worst case a page can cost is that of a
 * page of the byte cap whose tree stops just under max_nodes (see distill/batch.py for the defaults).
 */
#ifndef DL_BATCH_BATCH_H
#define DL_BATCH_BATCH_H

#include <stddef.h>

#include "extract/extract.h"
#include "sanitize/sanitize.h"
#include "serialize/serialize.h"

enum {
    DL_BATCH_MARKDOWN = 1u << 0, /* add "markdown" */
    DL_BATCH_HTML = 1u << 1,     /* add "html" (needs a policy) */
    DL_BATCH_COMMENTS = 1u << 2, /* add "comments" (null until the extraction computes them) */
};

typedef struct {
    dl_extract_options extract;
    unsigned fields;           /* DL_BATCH_* */
    const dl_policy *policy;   /* for DL_BATCH_HTML; read-only, shared by all threads */
    size_t max_nodes;          /* a tree of more nodes, or a page of more than max_nodes / 2 tags (refused
                                * before parsing), becomes an error record; 0: no cap */
    int scripting;             /* the parser's scripting flag */
} dl_batch_options;

/* Extract one page (UTF-8 `html`, which must stay alive during the call) and append its JSON line
 * (ending in "\n") to out. url may be NULL (written as null); it is also the base URL of the Markdown
 * links. Returns 1 when the record is an error record, 0 when it is an article, -1 when out of memory
 * (out->failed is then set). */
int dl_batch_page(const char *html, size_t len, const char *url, size_t url_len, const dl_batch_options *opts,
                  dl_htmlbuf *out);

/* Append the error record of a page: url (may be NULL) and the reason (UTF-8). */
void dl_batch_error(const char *url, size_t url_len, const char *reason, size_t reason_len,
                    const dl_batch_options *opts, dl_htmlbuf *out);

/* Append s as a JSON string literal (quotes included; ensure_ascii off, control characters escaped). */
void dl_json_string(dl_htmlbuf *out, const char *s, size_t len);

#endif
