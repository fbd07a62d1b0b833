/* The line writer shared by the plain-text and Markdown exporters.
 *
 * Both exporters turn a tree walk into lines: block boundaries request line breaks, text arrives as
 * words with folded white space, containers (list items, block quotes, headings) put a prefix at the
 * start of every line, and inline markers (Markdown emphasis and links, plain-text link references)
 * wrap runs of content. Everything is lazy, so an element that produces no content leaves no trace:
 * a break is written only when content follows it, a container's first-line marker only when its
 * first line gets content, a marker only when content appears inside it.
 *
 * Plain C on an immutable tree, safe without the GIL. Failures (out of memory) are sticky: check
 * dl_lw_failed() once at the end.
 */
#ifndef DL_SERIALIZE_LAYOUT_H
#define DL_SERIALIZE_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "common/ascii.h"
#include "serialize/repeats.h"
#include "serialize/serialize.h"

/* Containers deeper than this write no prefix: a page nesting a million block quotes must not make
 * every line a megabyte long. */
#define DL_LW_MAX_CONTAINERS 48
/* Nor does a container whose prefix would take the line's prefix past this many bytes. Every line
 * carries the prefix, and a line can cost the page two bytes ("x\n" inside <pre>): 48 containers of
 * 24-byte prefixes let one input byte write hundreds ("<ol start=999999999><li>" nested, then
 * "x<br>": 99 bytes a byte; a block quote inside, then newlines in a <pre>: 518). 32 bytes is 16
 * levels of block quotes or bullets, 8 of long-numbered items; the development corpora's deepest
 * prefixes need more than 16 bytes on 3 pages and none more than 32. A line then writes at most 32
 * bytes of prefix, 16 for each of the two bytes the shortest line costs. */
#define DL_LW_MAX_PREFIX 32

typedef struct {
    char first[24], rest[24]; /* prefix of the container's first line, and of every later line */
    uint8_t first_len, rest_len;
    uint8_t used;             /* the first line has been started */
} dl_lw_container;

typedef struct {
    size_t open_off, open_len, close_off, close_len; /* byte ranges in the writer's scratch buffer */
    size_t content_off;       /* where content inside starts in out, once open */
    uint32_t opens;           /* how many times it was opened */
    size_t *allowance;        /* NULL: no limit; else repeats.h's rule on each open (dl_lw_limit_marker) */
    uint8_t open;             /* the opening text has been written */
    uint8_t close_on_break;   /* close before a line break and reopen after it (Markdown inlines) */
} dl_lw_marker;

typedef struct {
    dl_htmlbuf *out;
    size_t width;             /* wrap lines longer than this many code points; 0: no wrapping */
    int pending_space;        /* a folded space waits for the next content on this line */
    int pending_break;        /* 1: content must start a new line; 2: after a blank line */
    int nl_since_content;     /* newlines written since the last content */
    int need_prefix;          /* the current line has no prefix yet */
    int line_has_content;     /* content (not only a prefix) is on the current line */
    int any_content;          /* something was written at all: breaks before it are dropped */
    int line_verbatim;        /* verbatim text is on this line: its trailing spaces are content */
    size_t line_start;        /* offset of the current line in out */
    size_t col;               /* code points on the current line (counted only when width > 0: wrapping reads it) */
    size_t last_space;        /* offset of the last breakable space on this line, or SIZE_MAX */
    size_t prefix_end;        /* offset where the prefix of the current line ends */
    dl_lw_container *cont;
    size_t ncont, capcont, cont_overflow;
    size_t prefix_width;      /* the longest prefix the containers with a prefix can write */
    dl_lw_marker *mark;
    size_t nmark, capmark;
    dl_htmlbuf scratch;       /* marker strings */
    int failed;
} dl_lw;

void dl_lw_init(dl_lw *lw, dl_htmlbuf *out, size_t width);
void dl_lw_free(dl_lw *lw);
static inline int dl_lw_failed(const dl_lw *lw) { return lw->failed || lw->out->failed || lw->scratch.failed; }

/* Ask for a line break (1) or a blank line (2) before the next content. */
static inline void dl_lw_break(dl_lw *lw, int n) {
    if (n > lw->pending_break) lw->pending_break = n;
}
static inline void dl_lw_space(dl_lw *lw) { lw->pending_space = 1; }
/* Before text s: a pending space when s starts with two ASCII letters or digits and the line so far
 * ends in two, with nothing pending between (see text.c inline_gap, which both renderers use). */
void dl_lw_touch_gap(dl_lw *lw, const char *s, size_t n);

/* Start content: write pending breaks, the line prefix, a pending space and pending markers. */
void dl_lw_begin(dl_lw *lw);
/* Content bytes (UTF-8) after dl_lw_begin. Wraps at the last space when the line is too long. */
void dl_lw_put(dl_lw *lw, const char *s, size_t n);
/* A word: begin + put. */
static inline void dl_lw_word(dl_lw *lw, const char *s, size_t n) {
    dl_lw_begin(lw);
    dl_lw_put(lw, s, n);
}
/* A forced line end (plain-text <br>, newlines inside <pre>): pending breaks first, then one newline.
 * Does nothing before any content. */
void dl_lw_hard_newline(dl_lw *lw);
/* Verbatim text: newlines start new (prefixed) lines, nothing is folded or wrapped. */
void dl_lw_verbatim(dl_lw *lw, const char *s, size_t n);

/* Containers: a prefix for the lines of a block. Pushing requests a line break. */
void dl_lw_push_container(dl_lw *lw, const char *first, size_t first_len, const char *rest, size_t rest_len);
void dl_lw_pop_container(dl_lw *lw);

/* Inline markers: `open` is written before the first content inside, `close` after the last. */
void dl_lw_push_marker(dl_lw *lw, const char *open, size_t open_len, const char *close, size_t close_len,
                       int close_on_break);
/* Returns 1 when the marker had content; then its close is written if write_close, and *content_off
 * (when not NULL) is where that content starts in out. */
int dl_lw_pop_marker(dl_lw *lw, int write_close, size_t *content_off);
/* The innermost marker opens by the rule of repeats.h: its first open free, each reopen (a marker
 * that closes at line breaks reopens on each line) paid from *allowance. Content the rule refuses it
 * is written without it. */
void dl_lw_limit_marker(dl_lw *lw, size_t *allowance);
/* How many times the innermost marker has opened so far. */
uint32_t dl_lw_marker_opens(const dl_lw *lw);

/* What an element is to the exporters, from its tag (HTML elements) and namespace; `hidden` elements
 * and foreign SVG are DL_K_SKIP. */
enum {
    DL_K_INLINE = 0, DL_K_SKIP, DL_K_BLOCK, DL_K_PARA, DL_K_LIST, DL_K_LI, DL_K_BR, DL_K_HR, DL_K_PRE,
    DL_K_TABLE, DL_K_TR, DL_K_CELL, DL_K_HEADING, DL_K_QUOTE, DL_K_A, DL_K_IMG, DL_K_EM, DL_K_STRONG,
    DL_K_CODE, DL_K_DEL, DL_K_DT, DL_K_DD, DL_K_CAPTION
};
int dl_export_kind(const dl_node *el);
/* The same, except that a hidden element the filter's `show` accepts is what its tag makes it, and a
 * <noscript> it accepts a block (f may be NULL). The exporters' walks ask this one. */
int dl_export_kind_shown(const dl_node *el, const dl_node_filter *f);
/* The same, reading whether a copy of a misnested element is hidden once per attribute array it
 * shares (memo: the renderer's table, see repeats.h; NULL reads every element's own). */
int dl_export_kind_memo(const dl_node *el, const dl_node_filter *f, dl_repeats *memo);
/* Whether the exporters leave el out as hidden: its `hidden` attribute (a streamed segment aside) or
 * an inline style that hides it. */
int dl_export_hidden(const dl_node *el);

/* Whether el is a streamed server-rendering segment: a `<div hidden id="S:...">` that a streaming
 * renderer (React's Suspense streaming, `S:` + a base-36 number) sends after its placeholder, and
 * that the page's inline script moves into place on load. Every reader with scripts sees it, so its
 * `hidden` attribute does not hide it from the text. */
int dl_is_streamed_segment(const dl_node *el);

/* Close the open markers that close at line breaks now (they reopen before the next content). */
void dl_lw_close_markers(dl_lw *lw);

/* ASCII case-insensitive comparison of n bytes; `lower` must be lower case. */
static inline int dl_ascii_ieq(const char *s, const char *lower, size_t n) { return dl_ascii_eq_ci(s, n, lower, n); }

/* What dl_table_shape finds in a table. */
typedef struct {
    long columns; /* its width in cells (colspan counted, rowspan carried over to the rows below, each
                   * capped as the HTML Standard caps them) */
    size_t rows;  /* its rows (<tr> children of it and of its row groups) */
    size_t cells; /* their cells (<td> and <th>) */
} dl_table_dims;

/* What a <table> is to the exporters, and its dimensions. It is a layout table (returns 1), a page grid
 * to write as its content rather than as a table, when it says so (role presentation or none), when it
 * has a single column and no header cell (a stack of blocks), or when a cell holds a table, a heading
 * or three or more blocks (data cells hold a value or a short paragraph, not sections of a page).
 * Looks at the rows, the cells and the cells' children only, so every table costs its own size at
 * most. */
int dl_table_shape(const dl_node *table, dl_table_dims *dims);
#define DL_MAX_COLSPAN 1000
#define DL_MAX_ROWSPAN 65534
/* A cell's colspan and rowspan, 1 when absent or invalid, capped at the maxima above. */
long dl_cell_colspan(const dl_node *cell);
long dl_cell_rowspan(const dl_node *cell);

/* A word made only of no-break spaces (U+00A0, "&nbsp;"). Pages use one as a spacer (an empty
 * paragraph or cell that must not collapse in a browser); written out it is a line or a cell that
 * looks blank but is not, so the exporters fold it like white space. A no-break space inside a word
 * ("10\u00A0km") is content and stays. */
static inline int dl_nbsp_only(const char *s, size_t n) {
    if (n == 0 || n % 2) return 0;
    for (size_t i = 0; i < n; i += 2)
        if ((unsigned char)s[i] != 0xC2 || (unsigned char)s[i + 1] != 0xA0) return 0;
    return 1;
}

/* Trim trailing white space of the whole output. */
void dl_lw_finish(dl_lw *lw);

#endif
