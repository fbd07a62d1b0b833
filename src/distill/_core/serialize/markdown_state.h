/* What the Markdown exporter's files share (markdown.c walks the tree, markdown_notes.c writes the
 * footnotes, markdown_state.c holds the steps both take): the walk's state and frames, and those steps.
 * Private to serialize/. */
#ifndef DL_SERIALIZE_MARKDOWN_STATE_H
#define DL_SERIALIZE_MARKDOWN_STATE_H

#include <stdint.h>

#include "common/ascii.h"
#include "serialize/layout.h"
#include "serialize/markdown.h"
#include "serialize/repeats.h"
#include "serialize/url.h"

#define PUT(b, lit) dl_htmlbuf_append((b), (lit), sizeof(lit) - 1)
#define NO_FRAME SIZE_MAX

typedef struct {
    uint8_t kind;
    uint16_t flags;
    long counter; /* lists: next number; tables: columns; rows: cells written */
    size_t aux;   /* tables: rows written */
    size_t saved; /* enclosing list / table / row frame */
    const void *shared; /* links: the attribute array the link shares with its copies, or NULL */
} md_frame;

enum { MF_ORDERED = 1, MF_REVERSED = 2, MF_PUSHED = 4, MF_NESTED = 8, MF_GRID = 16, MF_ALT = 32, MF_LAYOUT = 64, MF_MEDIA = 128, MF_NOTE = 256 };

typedef struct {
    const char *id; /* the referenced element's id (points into the tree) */
    size_t id_len;
    char label[24]; /* the [^label] written */
    uint8_t label_len, defined;
} md_note;

/* A page has few footnotes; past this many, references are written as the plain text they show. */
#define MD_MAX_NOTES 1024

typedef struct {
    const dl_document *doc;
    const dl_md_options *opts;
    dl_lw lw;
    md_frame *frames;
    size_t nframes, capframes;
    size_t cur_list, cur_table, cur_row;
    int inline_only;  /* headings and table cells: one line, blocks become spaces */
    int in_cell;      /* '|' must be escaped */
    int em, strong, del, in_link;
    int br_pending;
    int media_only;   /* inside an illustration the text leaves out: only images are written */
    int left_inline, inline_gap; /* opts->inline_gaps, as in text.c */
    /* Figures' captions (repeats.h, keyed by the figure): value 0 not looked for yet, 1 none, else 2 +
     * where `captions_text` holds its folded text (the length, then the bytes). Each figure's caption
     * is looked for and gathered once, however many images it has. */
    dl_htmlbuf captions_text;
    /* Footnotes: the targets of the note references seen so far (sorted by id, for the definitions
     * that follow them), and how deep inside a definition the walk is. */
    md_note *notes;
    size_t nnotes, capnotes;
    int in_note;
    const dl_node_filter *filter; /* NULL: every element */
    size_t list_end;     /* output length when the last list ended, or SIZE_MAX */
    uint8_t list_end_flags;
    dl_htmlbuf base, tmp, gather;
    dl_url_base ubase; /* base split, with the page's allowance for resolution (url.h) */
    /* Writes of shared pieces (repeats.h): the targets of links copied by the tree builder (keyed by
     * their attribute array), and figure captions as image titles (keyed by the figure). */
    dl_repeats links, captions;
    dl_repeats hidden; /* whether copies are hidden, per shared attribute array (dl_export_kind_memo) */
    size_t allowance; /* what repeated pieces may still write (repeats.h) */
    /* The pipe table being written (only one at a time: a table inside a cell is written inline):
     * per column, how many more rows a rowspan from above still covers. */
    uint16_t carry[DL_MAX_COLSPAN];
    long ncarry;
    int failed;
} md_state;

/* A word character for Markdown's purposes: ASCII letters and digits, and any non-ASCII byte. */
static inline int md_is_alnum(unsigned char c) { return dl_ascii_is_alnum(c) || c >= 0x80; }

/* A new frame of `kind` on the walk's stack, or NULL out of memory. */
md_frame *md_push_frame(md_state *st, uint8_t kind);
/* A block boundary: a blank line (a space inside a one-line context). */
void md_block_break(md_state *st);
/* Write the hard break a <br> left pending, when content follows it in the same block. */
void md_before_content(md_state *st);
/* root's text into st->gather: as it stands, or (folded) with white space runs as one space. */
void md_gather(md_state *st, const dl_node *root, int folded);

/* ---- footnotes (markdown_notes.c): <sup><a href="#fn1">1</a></sup> ... <li id="fn1">...</li> become
 * [^1] ... [^1]: ... */
/* Write [^label] for a note reference; 0 when it is not one (or too many notes), -1 out of memory. */
int md_note_reference(md_state *st, const dl_node *a, const dl_attr *href);
/* Open a footnote definition when el is the target of a reference seen before; 1 when it did. */
int md_note_definition(md_state *st, const dl_node *el, md_frame *f);
/* A link back from a definition to its reference, which a footnote's own syntax replaces. */
int md_is_note_backref(const dl_node *a, const dl_attr *href);

#endif
