/* The WHATWG HTML serializer (HTML Standard 13.3, "serializing HTML fragments"), with an optional
 * pretty-printing mode. Walks the tree with an explicit stack, so input depth never reaches the C stack. */
#include "serialize/serialize.h"

#include <stdlib.h>
#include <string.h>

#define PUT_LIT(b, lit) dl_htmlbuf_append((b), (lit), sizeof(lit) - 1)

static void put_str(dl_htmlbuf *b, dl_str s) { dl_htmlbuf_append(b, s.ptr, s.len); }

/* Escape a text or attribute value. Attribute mode escapes the quote that delimits it, and both modes
 * escape < and > (the spec escapes them in attribute values too since 2025, which keeps serialized
 * markup safe to embed in contexts that scan for '<'). U+00A0 is escaped so that it survives editors
 * and pipelines that normalise whitespace. */
static void put_escaped(dl_htmlbuf *b, const char *s, size_t len, int attr, unsigned flags) {
    size_t run = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        const char *rep = NULL;
        size_t rep_len = 0, skip = 1;
        switch (c) {
        case '&': rep = "&amp;"; rep_len = 5; break;
        case '<': rep = "&lt;"; rep_len = 4; break;
        case '>': rep = "&gt;"; rep_len = 4; break;
        case '"':
            if (attr) {
                rep = "&quot;";
                rep_len = 6;
            }
            break;
        case '\r':
            if (flags & DL_SERIALIZE_ESCAPE_CR) {
                rep = "&#13;";
                rep_len = 5;
            }
            break;
        case 0xC2:
            if (i + 1 < len && (unsigned char)s[i + 1] == 0xA0) {
                rep = "&nbsp;";
                rep_len = 6;
                skip = 2;
            }
            break;
        default: break;
        }
        if (!rep) continue;
        dl_htmlbuf_append(b, s + run, i - run);
        dl_htmlbuf_append(b, rep, rep_len);
        i += skip - 1;
        run = i + 1;
    }
    dl_htmlbuf_append(b, s + run, len - run);
}

static int is_void(const dl_node *el) {
    if (el->ns != DL_NS_HTML) return 0;
    switch (el->atom) {
    case DL_TAG_area: case DL_TAG_base: case DL_TAG_basefont: case DL_TAG_bgsound: case DL_TAG_br:
    case DL_TAG_col: case DL_TAG_embed: case DL_TAG_frame: case DL_TAG_hr: case DL_TAG_img:
    case DL_TAG_input: case DL_TAG_keygen: case DL_TAG_link: case DL_TAG_meta: case DL_TAG_param:
    case DL_TAG_source: case DL_TAG_track: case DL_TAG_wbr:
        return 1;
    default: return 0;
    }
}

/* Text children of these elements are written literally: the tokenizer reads their content as raw
 * text, so escaping would change it on the way back in. */
static int is_rawtext_parent(const dl_document *doc, const dl_node *p) {
    if (!p || p->type != DL_NODE_ELEMENT || p->ns != DL_NS_HTML) return 0;
    switch (p->atom) {
    case DL_TAG_style: case DL_TAG_script: case DL_TAG_xmp: case DL_TAG_iframe: case DL_TAG_noembed:
    case DL_TAG_noframes: case DL_TAG_plaintext:
        return 1;
    case DL_TAG_noscript: return doc->scripting != 0;
    default: return 0;
    }
}

/* Elements whose content pretty mode never touches: whitespace is significant or raw inside them. */
static int is_preserving(const dl_node *el) {
    if (el->ns != DL_NS_HTML) return 1; /* foreign content: whitespace can be significant (svg text) */
    switch (el->atom) {
    case DL_TAG_pre: case DL_TAG_textarea: case DL_TAG_listing: case DL_TAG_plaintext: case DL_TAG_xmp:
    case DL_TAG_script: case DL_TAG_style: case DL_TAG_title: case DL_TAG_noscript: case DL_TAG_iframe:
    case DL_TAG_noembed: case DL_TAG_noframes:
        return 1;
    default: return 0;
    }
}

/* Elements that start on their own line in pretty mode: block-level boxes and head metadata, where
 * a line break before or after cannot change rendering. */
static int is_block(const dl_node *n) {
    if (n->type == DL_NODE_COMMENT || n->type == DL_NODE_DOCTYPE) return 1;
    if (n->type != DL_NODE_ELEMENT || n->ns != DL_NS_HTML) return 0;
    switch (n->atom) {
    case DL_TAG_html: case DL_TAG_head: case DL_TAG_body: case DL_TAG_title: case DL_TAG_meta:
    case DL_TAG_link: case DL_TAG_base: case DL_TAG_style: case DL_TAG_script: case DL_TAG_noscript:
    case DL_TAG_template: case DL_TAG_address: case DL_TAG_article: case DL_TAG_aside:
    case DL_TAG_blockquote: case DL_TAG_center: case DL_TAG_details: case DL_TAG_dialog: case DL_TAG_dd:
    case DL_TAG_dir: case DL_TAG_div: case DL_TAG_dl: case DL_TAG_dt: case DL_TAG_fieldset:
    case DL_TAG_figcaption: case DL_TAG_figure: case DL_TAG_footer: case DL_TAG_form: case DL_TAG_frameset:
    case DL_TAG_frame: case DL_TAG_noframes: case DL_TAG_h1: case DL_TAG_h2: case DL_TAG_h3:
    case DL_TAG_h4: case DL_TAG_h5: case DL_TAG_h6: case DL_TAG_header: case DL_TAG_hgroup: case DL_TAG_hr:
    case DL_TAG_legend: case DL_TAG_li: case DL_TAG_listing: case DL_TAG_main: case DL_TAG_menu:
    case DL_TAG_nav: case DL_TAG_ol: case DL_TAG_p: case DL_TAG_pre: case DL_TAG_search:
    case DL_TAG_section: case DL_TAG_summary: case DL_TAG_table: case DL_TAG_caption:
    case DL_TAG_colgroup: case DL_TAG_col: case DL_TAG_thead: case DL_TAG_tbody: case DL_TAG_tfoot:
    case DL_TAG_tr: case DL_TAG_td: case DL_TAG_th: case DL_TAG_ul: case DL_TAG_optgroup:
    case DL_TAG_option: case DL_TAG_select: case DL_TAG_plaintext: case DL_TAG_xmp:
        return 1;
    default: return 0;
    }
}

static int is_ws_text(const dl_node *n) {
    if (n->type != DL_NODE_TEXT) return 0;
    for (size_t i = 0; i < n->u.text.len; i++) {
        char c = n->u.text.ptr[i];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f') return 0;
    }
    return 1;
}

/* The children an element serializes: a template writes its contents fragment instead. */
static const dl_node *first_child_of(const dl_node *n) {
    if (n->type == DL_NODE_ELEMENT && n->ns == DL_NS_HTML && n->atom == DL_TAG_template)
        return n->u.element.content ? n->u.element.content->first_child : NULL;
    return n->first_child;
}

/* Pretty mode lays a container's children out one per line only when all of them are block-level
 * (whitespace-only text aside): breaking lines between inline siblings would add visible spaces. */
static int lays_out_blocks(const dl_node *n) {
    if (n->type == DL_NODE_ELEMENT && is_preserving(n)) return 0;
    int any = 0;
    for (const dl_node *c = first_child_of(n); c; c = c->next) {
        if (is_ws_text(c)) continue;
        if (!is_block(c)) return 0;
        any = 1;
    }
    return any;
}

static void put_start_tag(dl_htmlbuf *b, const dl_document *doc, const dl_node *el, unsigned flags) {
    PUT_LIT(b, "<");
    put_str(b, dl_document_atom_name(doc, el->atom));
    for (uint32_t i = 0; i < el->u.element.nattrs; i++) {
        const dl_attr *a = &el->u.element.attrs[i];
        PUT_LIT(b, " ");
        put_str(b, a->name);
        PUT_LIT(b, "=\"");
        put_escaped(b, a->value.ptr, a->value.len, 1, flags);
        PUT_LIT(b, "\"");
    }
    PUT_LIT(b, ">");
    /* The parser drops a newline right after <pre>, <textarea> and <listing>; writing one back keeps a
     * leading newline of the content through a round trip (the spec's former step for these tags). */
    if (el->ns == DL_NS_HTML &&
        (el->atom == DL_TAG_pre || el->atom == DL_TAG_textarea || el->atom == DL_TAG_listing)) {
        const dl_node *c = el->first_child;
        if (c && c->type == DL_NODE_TEXT && c->u.text.len && c->u.text.ptr[0] == '\n') PUT_LIT(b, "\n");
    }
}

static void put_end_tag(dl_htmlbuf *b, const dl_document *doc, const dl_node *el) {
    PUT_LIT(b, "</");
    put_str(b, dl_document_atom_name(doc, el->atom));
    PUT_LIT(b, ">");
}

static void put_leaf(dl_htmlbuf *b, const dl_document *doc, const dl_node *n, unsigned flags) {
    switch (n->type) {
    case DL_NODE_TEXT:
        if (is_rawtext_parent(doc, n->parent)) put_str(b, n->u.text);
        else put_escaped(b, n->u.text.ptr, n->u.text.len, 0, flags);
        break;
    case DL_NODE_COMMENT:
        PUT_LIT(b, "<!--");
        put_str(b, n->u.text);
        PUT_LIT(b, "-->");
        break;
    case DL_NODE_DOCTYPE:
        PUT_LIT(b, "<!DOCTYPE ");
        put_str(b, n->u.doctype->name);
        PUT_LIT(b, ">");
        break;
    default: break;
    }
}

typedef struct {
    const dl_node *el;    /* element (or the document/fragment root) whose children are being written */
    const dl_node *next;  /* next child to write */
    unsigned depth;       /* indentation level of the children, pretty mode */
    unsigned char blocks; /* children go one per line */
    unsigned char wrote;  /* a child has been written (pretty: the end tag goes on its own line) */
    unsigned char tags;   /* write the end tag when done (not for the document/fragment root) */
} dl_ser_frame;

typedef struct {
    dl_ser_frame *items;
    size_t len, cap;
} dl_ser_stack;

static dl_ser_frame *push_frame(dl_ser_stack *s) {
    if (s->len == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 32;
        if (cap > SIZE_MAX / sizeof(dl_ser_frame)) return NULL;
        dl_ser_frame *p = realloc(s->items, cap * sizeof(dl_ser_frame));
        if (!p) return NULL;
        s->items = p;
        s->cap = cap;
    }
    dl_ser_frame *f = &s->items[s->len++];
    memset(f, 0, sizeof(*f));
    return f;
}

/* Indentation stops growing past this depth: output size stays linear in the tree however deep it is
 * (a 30,000-deep page would otherwise need a gigabyte of spaces). */
#define DL_PRETTY_MAX_INDENT 40

static void put_newline(dl_htmlbuf *b, unsigned depth, size_t start) {
    static const char spaces[] = "                                                                                ";
    _Static_assert(sizeof(spaces) - 1 == 2 * DL_PRETTY_MAX_INDENT, "one indentation step is two spaces");
    if (b->len > start) PUT_LIT(b, "\n");
    if (depth > DL_PRETTY_MAX_INDENT) depth = DL_PRETTY_MAX_INDENT;
    dl_htmlbuf_append(b, spaces, 2 * (size_t)depth);
}

int dl_serialize_html(const dl_document *doc, const dl_node *node, unsigned flags, dl_htmlbuf *out) {
    const int pretty = (flags & DL_SERIALIZE_PRETTY) != 0;
    const size_t start = out->len;
    dl_ser_stack st = {NULL, 0, 0};

    if (node->type == DL_NODE_TEXT || node->type == DL_NODE_COMMENT || node->type == DL_NODE_DOCTYPE) {
        put_leaf(out, doc, node, flags);
        return out->failed ? -1 : 0;
    }
    if (node->type == DL_NODE_ELEMENT) {
        put_start_tag(out, doc, node, flags);
        if (is_void(node)) return out->failed ? -1 : 0;
    }
    dl_ser_frame *f = push_frame(&st);
    if (!f) {
        out->failed = 1;
        return -1;
    }
    f->el = node;
    f->next = first_child_of(node);
    f->tags = node->type == DL_NODE_ELEMENT;
    f->blocks = pretty && lays_out_blocks(node);
    f->depth = f->tags ? 1 : 0;

    while (st.len && !out->failed) {
        f = &st.items[st.len - 1];
        const dl_node *c = f->next;
        if (!c) {
            if (f->tags) {
                if (f->blocks && f->wrote) put_newline(out, f->depth - 1, start);
                put_end_tag(out, doc, f->el);
            }
            st.len--;
            continue;
        }
        f->next = c->next;
        if (f->blocks) {
            if (is_ws_text(c)) continue;
            put_newline(out, f->depth, start);
            f->wrote = 1;
        }
        if (c->type != DL_NODE_ELEMENT) {
            put_leaf(out, doc, c, flags);
            continue;
        }
        put_start_tag(out, doc, c, flags);
        if (is_void(c)) continue;
        const dl_node *first = first_child_of(c);
        if (!first) {
            put_end_tag(out, doc, c);
            continue;
        }
        /* Inline content stays inline all the way down: a block inside it keeps its neighbours' text. */
        unsigned char blocks = f->blocks && lays_out_blocks(c);
        unsigned depth = f->depth + 1;
        dl_ser_frame *nf = push_frame(&st);
        if (!nf) {
            out->failed = 1;
            break;
        }
        nf->el = c;
        nf->next = first;
        nf->tags = 1;
        nf->blocks = blocks;
        nf->depth = depth;
    }
    free(st.items);
    return out->failed ? -1 : 0;
}
