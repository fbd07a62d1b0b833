/* Plain text out of any node: what a reader sees, laid out in lines.
 *
 * Blocks start new lines and paragraphs are separated by a blank line; list items get bullets or
 * numbers (an <ol> honours start, reversed and li value); a data table's rows are lines with cells
 * separated by tabs, a layout table (see dl_table_shape) is written as its blocks; <br> breaks the line; <pre> is kept verbatim; white space elsewhere is folded. Script, style,
 * template, head, noscript, embedded objects, form widgets, SVG and elements with `hidden` are left out.
 * Optional: link targets inline or as numbered footnotes, image alt text, wrapping to a line width.
 */
#ifndef DL_SERIALIZE_TEXT_H
#define DL_SERIALIZE_TEXT_H

#include "serialize/serialize.h"

enum { DL_TEXT_LINKS_NONE = 0, DL_TEXT_LINKS_INLINE, DL_TEXT_LINKS_FOOTNOTE };

typedef struct {
    int links;            /* DL_TEXT_LINKS_* */
    int images;           /* write image alt text as [alt] */
    size_t width;         /* wrap at this many code points; 0: no wrapping */
    const char *base_url; /* resolve link targets against this (UTF-8), or NULL */
    size_t base_len;
    int no_tables;        /* leave tables out */
    int inline_gaps;      /* a space between sibling inline elements whose texts touch (see text.c) */
} dl_text_options;

/* Append the text of `node` to out. Returns 0, or -1 when out of memory. No recursion; no GIL needed. */
int dl_to_text(const dl_document *doc, const dl_node *node, const dl_text_options *opts, dl_htmlbuf *out);
/* The text of several nodes (in the order given, separated as paragraphs) with the elements `filter`
 * rejects left out (filter may be NULL). Same return values. */
int dl_to_text_nodes(const dl_document *doc, const dl_node *const *roots, size_t nroots,
                     const dl_node_filter *filter, const dl_text_options *opts, dl_htmlbuf *out);

#endif
