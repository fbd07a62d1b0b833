/* The arena tree: documents, elements, text, comments and doctypes, all in one arena per document.
 *
 * Every subsystem that reads a parsed page (extraction, exporters, sanitizer, the Python binding) reads
 * these structs directly. The tree builder is the only writer during parsing; the sanitizer builds new
 * trees with the same functions.
 *
 * Strings are UTF-8 slices (not NUL-terminated). A slice may point into the document's source buffer
 * (zero copy) or into the arena; either lives exactly as long as the document.
 */
#ifndef DL_TREE_DOM_H
#define DL_TREE_DOM_H

#include <stddef.h>
#include <stdint.h>

#include "common/arena.h"
#include "tree/atoms.h"

typedef struct {
    const char *ptr;
    size_t len;
} dl_str;

typedef enum {
    DL_NODE_DOCUMENT = 1,
    DL_NODE_FRAGMENT, /* a DocumentFragment: fragment-parse result, or template contents */
    DL_NODE_ELEMENT,
    DL_NODE_TEXT,
    DL_NODE_COMMENT,
    DL_NODE_DOCTYPE
} dl_node_type;

typedef enum { DL_NS_HTML = 0, DL_NS_SVG, DL_NS_MATHML } dl_namespace;

/* Attribute namespaces, after the spec's "adjust foreign attributes" (xlink:href and the like). */
typedef enum { DL_ATTR_NS_NONE = 0, DL_ATTR_NS_XLINK, DL_ATTR_NS_XML, DL_ATTR_NS_XMLNS } dl_attr_namespace;

typedef struct {
    dl_str name;  /* qualified name as the serializer writes it: "class", "xlink:href", "viewBox" */
    dl_str value;
    uint8_t ns;   /* dl_attr_namespace */
} dl_attr;

typedef struct {
    dl_str name, public_id, system_id;
    uint8_t has_public_id, has_system_id;
} dl_doctype;

/* Source spans are byte offsets into the document's UTF-8 source buffer; DL_NO_SPAN marks nodes the
 * parser created (implied html/head/body/tbody) or a span end not known. */
#define DL_NO_SPAN UINT32_MAX

/* Node flags. */
enum {
    DL_NODE_F_SELF_CLOSING = 1u << 0, /* start tag had a trailing solidus (foreign content) */
    DL_NODE_F_IMPLIED_END = 1u << 1,  /* the end tag was implied, not seen in the source */
    DL_NODE_F_HTML_INTEGRATION = 1u << 2, /* annotation-xml that is an HTML integration point */
    /* Bit 15 is the tree builder's while it parses (on the stack of open elements); always clear
     * in a finished tree. */
};

typedef struct dl_node dl_node;
struct dl_node {
    uint8_t type;    /* dl_node_type */
    uint8_t ns;      /* dl_namespace (elements) */
    uint16_t flags;  /* DL_NODE_F_* */
    uint32_t atom;   /* tag atom (elements): a DL_TAG_* or a per-document atom >= DL_TAG__COUNT */
    dl_node *parent, *first_child, *last_child, *prev, *next;
    uint32_t span_start, span_end; /* see DL_NO_SPAN */
    union {
        struct {
            /* May be shared with the element's copies (the tree builder's clones of formatting
             * elements): never written once the element is built; replace the array instead. */
            dl_attr *attrs;
            uint32_t nattrs;
            dl_node *content; /* <template> contents (a DL_NODE_FRAGMENT), else NULL */
        } element;
        dl_str text;           /* DL_NODE_TEXT and DL_NODE_COMMENT data */
        dl_doctype *doctype;   /* DL_NODE_DOCTYPE */
    } u;
};

typedef enum { DL_QUIRKS_NO = 0, DL_QUIRKS_LIMITED, DL_QUIRKS_FULL } dl_quirks_mode;

typedef struct {
    dl_str *names; /* per-document atoms for tag names not in the static table */
    uint32_t count, cap;
} dl_atom_table;

#define DL_DOC_NOSCRIPTS 16

typedef struct dl_document {
    dl_arena arena;
    dl_node *root;          /* the Document node, or the DocumentFragment for a fragment parse */
    const char *source;     /* UTF-8 source buffer the tree was parsed from (owned by the caller) */
    size_t source_len;
    dl_atom_table atoms;
    uint8_t quirks;         /* dl_quirks_mode */
    uint8_t scripting;      /* scripting flag used when parsing */
    size_t node_count;
    /* The first DL_DOC_NOSCRIPTS <noscript> elements created (any namespace) and how many were
     * created in all: distill.extract's <noscript> test reads their text instead of walking the whole
     * tree (a walk chases every node's pointers, a cost of its own on a large page). */
    const dl_node *noscripts[DL_DOC_NOSCRIPTS];
    uint32_t nnoscripts;
    /* A buffer the document owns (malloc'd, freed with it): text nodes of a tree parsed from a buffer its
     * builder amended point into it, while source names the caller's input. NULL for a plain parse. */
    char *owned_buffer;
} dl_document;

/* Lifecycle. dl_document_new returns NULL when out of memory. The source buffer is not copied: the
 * caller keeps it alive as long as the document (the binding holds a reference to the Python object). */
dl_document *dl_document_new(const char *source, size_t source_len);
void dl_document_free(dl_document *doc);

/* Node construction (arena-allocated, NULL on out of memory). */
dl_node *dl_node_new_element(dl_document *doc, uint32_t atom, uint8_t ns);
dl_node *dl_node_new_text(dl_document *doc, const char *data, size_t len, int copy);
dl_node *dl_node_new_comment(dl_document *doc, const char *data, size_t len, int copy);
dl_node *dl_node_new_doctype(dl_document *doc);
dl_node *dl_node_new_fragment(dl_document *doc);

/* Tree surgery; no allocation. */
void dl_node_append(dl_node *parent, dl_node *child);
void dl_node_insert_before(dl_node *parent, dl_node *child, dl_node *ref); /* ref NULL: append */
void dl_node_remove(dl_node *child);

/* Atoms: intern any tag name (static table first, then the document's own). Returns DL_TAG__NONE on
 * out of memory. */
uint32_t dl_document_intern(dl_document *doc, const char *name, size_t len);
/* The name of an atom in this document. */
dl_str dl_document_atom_name(const dl_document *doc, uint32_t atom);

/* Attributes. */
const dl_attr *dl_element_attr(const dl_node *el, const char *name, size_t len); /* NULL if absent */

/* Convenience predicates used by every walker. */
static inline int dl_is_element(const dl_node *n, uint32_t atom) {
    return n && n->type == DL_NODE_ELEMENT && n->ns == DL_NS_HTML && n->atom == atom;
}

/* Pre-order traversal without recursion: the next node after n within the subtree rooted at root,
 * descending into children unless skip_children. NULL at the end. */
/* An enter/leave walk of the subtree at root, without recursion, for the exporters and the sanitizer.
 * enter() returns 1 to descend into the node's children, 0 to skip them (leave() still follows), -1
 * to skip them with no leave(), -2 to stop. dl_walk returns -2 when enter() stopped it, else 0. */
typedef int (*dl_walk_enter)(void *ctx, const dl_node *n);
typedef void (*dl_walk_leave)(void *ctx);
int dl_walk(const dl_node *root, dl_walk_enter enter, dl_walk_leave leave, void *ctx);

static inline const dl_node *dl_next_node(const dl_node *root, const dl_node *n, int skip_children) {
    if (!skip_children && n->first_child) return n->first_child;
    while (n && n != root) {
        if (n->next) return n->next;
        n = n->parent;
    }
    return NULL;
}

#endif
