/* Serializers over the arena tree.
 *
 * This header offers the WHATWG HTML serializer ("serializing HTML fragments", HTML Standard 13.3) and
 * the growable output buffer it writes into. Everything here is plain C on an immutable tree, safe to
 * run with the GIL released. The exporters (plain text, Markdown) live beside it in this folder.
 */
#ifndef DL_SERIALIZE_SERIALIZE_H
#define DL_SERIALIZE_SERIALIZE_H

#include <stddef.h>
#include <string.h>

#include "common/buf.h"
#include "tree/dom.h"

/* The output buffer is the library's one buffer type (common/buf.h); these names are kept so that the
 * exporters read as before. Once an allocation fails, `failed` is set and later appends do nothing, so
 * callers check once at the end instead of after every write. */
typedef dl_buf dl_htmlbuf;

static inline void dl_htmlbuf_init(dl_htmlbuf *b) { memset(b, 0, sizeof *b); }
static inline void dl_htmlbuf_free(dl_htmlbuf *b) { dl_buf_free(b); }
static inline void dl_htmlbuf_append(dl_htmlbuf *b, const char *s, size_t len) { dl_buf_append(b, s, len); }

enum {
    /* Indent block structure, one element per line; text inside pre/textarea/script/style and inline
     * content is left exactly as it is. The result parses to a tree with the same elements and the
     * same non-whitespace text, not byte-identical text nodes. */
    DL_SERIALIZE_PRETTY = 1u << 0,
    /* Write a carriage return in text and attribute values as "&#13;". The HTML Standard writes it as
     * it is, and a parser reads a raw CR (or CR LF) back as LF ("normalize newlines"), so a text that
     * holds one (from "&#13;" in the page) would not parse back to itself; the sanitizer, whose output
     * must, sets this. */
    DL_SERIALIZE_ESCAPE_CR = 1u << 1,
};

/* Serialize `node` into `out` (appending):
 *  - a Document or DocumentFragment: its children (the spec's "HTML fragment serialization");
 *  - an element: the element itself and its subtree ("outer HTML"); a <template> writes its contents;
 *  - a text, comment or doctype node: that node alone, text escaped as its parent requires.
 * `doc` supplies tag names of per-document atoms and the scripting flag (for <noscript>).
 * Returns 0, or -1 when out of memory (out->failed is then set). No recursion: an explicit stack. */
int dl_serialize_html(const dl_document *doc, const dl_node *node, unsigned flags, dl_htmlbuf *out);

/* A node filter for the exporters' node-list entry points: skip(ctx, node) nonzero leaves an element and
 * its subtree, or a text node, out. It lets a caller export a cleaned view of a tree (Article.markdown, Article.html)
 * without copying it; it must be pure C, safe without the GIL. */
typedef struct {
    int (*skip)(const void *ctx, const dl_node *el);
    const void *ctx;
    /* Optional (NULL: none), asked first: media(ctx, el) nonzero makes el an illustration the text
     * leaves out: the Markdown exporter writes only its images (a figure's caption as their title). */
    int (*media)(const void *ctx, const dl_node *el);
    /* Optional (NULL: none), asked only about an element the exporters would leave out as hidden (its
     * `hidden` attribute or an inline style that hides it, see dl_export_kind in layout.h): show(ctx, el)
     * nonzero renders it as its tag makes it. A caller that knows an element is content although the
     * page hides it until a script or a click reveals it (extract/regions.c) shows it this way. Also
     * asked about a <noscript> (left out by its tag): shown, its content renders as a block. */
    int (*show)(const void *ctx, const dl_node *el);
} dl_node_filter;

#endif
