/* Step 1 of the pipeline (pipeline.h): whether a page must be read a second time to be read at all, and
 * the second reads.
 *
 * A page whose readable text is almost all inside <noscript> (the crawler view of a page that script
 * renders, as many forum engines serve it) hides that text from a scripting-on parse, which keeps a
 * <noscript>'s content as one raw text node. Read again with scripting off, the same source gives that
 * content as markup the extractor can read. The test: the markup holds "<noscript", the text inside every
 * <noscript> (tags left out) is at least a floor (small tracking <noscript>s stay out) and more than the
 * text a reader sees outside them.
 */
#include <stdlib.h>
#include <string.h>

#include "extract/pipeline/pipeline.h"
#include "tree/treebuilder.h"

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#define DL_REREAD_SSE2 1
#endif

/* Whether "<noscript" occurs in p[0..n): pages are large and full of '<', so the candidates are the
 * places where '<' is followed by 'n', found 16 at a time. The tag is matched as pages write it, in
 * lower case. */
static int has_noscript_tag(const char *p, size_t n) {
    static const char needle[] = "<noscript";
    const size_t k = sizeof(needle) - 1;
    if (n < k) return 0;
    size_t i = 0;
#ifdef DL_REREAD_SSE2
    const __m128i lt = _mm_set1_epi8('<'), en = _mm_set1_epi8('n');
    for (; i + 17 <= n; i += 16) {
        __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(p + i + 1));
        unsigned m = (unsigned)_mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(a, lt), _mm_cmpeq_epi8(b, en)));
        while (m) {
            size_t at = i + (size_t)__builtin_ctz(m);
            m &= m - 1;
            if (at + k <= n && memcmp(p + at, needle, k) == 0) return 1;
        }
    }
#endif
    for (; i + k <= n; i++)
        if (p[i] == '<' && memcmp(p + i, needle, k) == 0) return 1;
    return 0;
}

/* Code points of a text node (valid UTF-8: one per byte that continues none). */
static size_t code_points(const dl_node *t) {
    size_t count = 0, i = 0, n = t->u.text.len;
    const char *p = t->u.text.ptr;
#ifdef DL_REREAD_SSE2
    /* a continuation byte (0x80..0xBF) is, as a signed byte, below -64: the others are counted 16 at a time */
    const __m128i floor = _mm_set1_epi8(-65);
    for (; i + 16 <= n; i += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        count += (size_t)__builtin_popcount((unsigned)_mm_movemask_epi8(_mm_cmpgt_epi8(x, floor)));
    }
#endif
    for (; i < n; i++) count += ((unsigned char)p[i] & 0xC0) != 0x80;
    return count;
}

/* Code points of t outside markup: with scripting on, a <noscript> is one raw text node whose tags
 * (often only <img> tags, a lazy loader's fallback) are not text a reader would see. A '<' opens a tag
 * that the next '>' of the same node closes. */
static size_t code_points_outside_tags(const dl_node *t) {
    size_t count = 0;
    int tag = 0;
    const unsigned char *p = (const unsigned char *)t->u.text.ptr;
    for (size_t i = 0, n = t->u.text.len; i < n; i++) {
        if (p[i] == '<') tag = 1;
        else if (p[i] == '>' && tag) tag = 0;
        else if (!tag) count += (p[i] & 0xC0) != 0x80;
    }
    return count;
}

/* The <noscript> text under el (not el's own siblings), in code points, tags left out. */
static size_t noscript_code_points(const dl_node *el) {
    size_t count = 0;
    for (const dl_node *t = el->first_child; t; t = dl_next_node(el, t, 0))
        if (t->type == DL_NODE_TEXT) count += code_points_outside_tags(t);
    return count;
}

/* What a reader sees under the first <body> (in any namespace) outside <noscript>, in code points: the
 * text of <script>, <style> and <template> is left out (a page that ships its posts as a JSON <script>
 * beside the <noscript> copy is not read as visible text). */
static size_t body_code_points(const dl_node *root) {
    for (const dl_node *b = root->first_child; b; b = dl_next_node(root, b, 0)) {
        if (b->type != DL_NODE_ELEMENT || b->atom != DL_TAG_body) continue;
        size_t count = 0;
        for (const dl_node *t = b->first_child; t;) {
            int skip = t->type == DL_NODE_ELEMENT &&
                       (t->atom == DL_TAG_noscript || (t->ns == DL_NS_HTML && (t->atom == DL_TAG_script ||
                                                                                t->atom == DL_TAG_style ||
                                                                                t->atom == DL_TAG_template)));
            if (t->type == DL_NODE_TEXT) count += code_points(t);
            t = dl_next_node(b, t, skip);
        }
        return count;
    }
    return 0;
}

/* The text inside <noscript> elements below root, each element's text counted (so a text node once per
 * <noscript> around it), from the document's list of the <noscript>s it created: those still below root
 * are counted (an element the tree builder took out of the tree, or one in a template's contents, is
 * not). Each check climbs the ancestors, at most DL_DOC_NOSCRIPTS times, so linear in the page. -1 when
 * the document created more <noscript>s than the list holds. */
static int64_t listed_noscript_code_points(const dl_document *doc, const dl_node *root) {
    if (doc->nnoscripts > DL_DOC_NOSCRIPTS) return -1;
    size_t count = 0;
    for (uint32_t k = 0; k < doc->nnoscripts; k++) {
        const dl_node *el = doc->noscripts[k], *p = el->parent;
        while (p && p != root) p = p->parent;
        if (p == root) count += noscript_code_points(el);
    }
    return (int64_t)count;
}

/* The same by a walk over the tree, when the document's list overflowed. */
static size_t walked_noscript_code_points(const dl_node *root) {
    size_t inside = 0, depth = 0;
    const dl_node *n = root->first_child;
    while (n) {
        if (n->type == DL_NODE_TEXT && depth) inside += code_points_outside_tags(n) * depth;
        else if (n->type == DL_NODE_ELEMENT && n->atom == DL_TAG_noscript) depth++; /* any namespace */
        if (n->type == DL_NODE_ELEMENT && n->first_child) {
            n = n->first_child;
            continue;
        }
        for (;;) { /* leaving n, and each ancestor whose last child it ends */
            if (n->type == DL_NODE_ELEMENT && n->atom == DL_TAG_noscript) depth--;
            if (n->next) {
                n = n->next;
                break;
            }
            n = n->parent;
            if (!n || n == root) return inside;
        }
    }
    return inside;
}

/* The text inside <noscript> comes first: read from the document's short list of its <noscript>s, it
 * rules out almost every page at no cost, so the body's text is counted and the markup searched only for
 * the rest. */
int dl_reread_noscript_heavy(const dl_document *doc, const dl_node *root, size_t min_chars) {
    if (!doc || !root || !doc->scripting) return 0;
    int64_t listed = listed_noscript_code_points(doc, root);
    size_t inside = listed >= 0 ? (size_t)listed : walked_noscript_code_points(root);
    if (inside < min_chars) return 0;
    if (inside <= body_code_points(root)) return 0;
    return has_noscript_tag(doc->source, doc->source_len);
}

/* ---- a page swallowed by its <title> ---- */

/* A <title> is RCDATA: its text runs to its end tag. A page that never closes it ("<title>News</head>
 * <body>...", a slip old hand-made pages and broken templates make) has all of its markup read as the
 * title's text, and an empty body: every reader of the tree, a browser included, sees no page. The page
 * is read a second time with the end tag the author meant put where the title's text meets its first tag.
 *
 * The test: the document's first <title> in its <head> holds at least DL_REREAD_TITLE_MIN_BYTES of text,
 * at least DL_REREAD_TITLE_MIN_TAGS of it look like tags ('<' then a letter, or "</" then a letter), and
 * the body's visible text is less than a quarter of it. */
#define DL_REREAD_TITLE_MIN_BYTES 256
#define DL_REREAD_TITLE_MIN_TAGS 3

/* Whether s[i] starts something that reads as a tag: '<' then a letter, or "</" then a letter. */
static int tag_at(const char *s, size_t n, size_t i) {
    if (s[i] != '<' || i + 1 >= n) return 0;
    unsigned char c = (unsigned char)s[i + 1];
    if (c == '/' && i + 2 < n) c = (unsigned char)s[i + 2];
    return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
}

/* The first <title> element of the document's <head> (the head's children only: a title in the body
 * is not the page's title, and the parser puts the head's title there). */
static const dl_node *head_title(const dl_node *root) {
    for (const dl_node *html = root->first_child; html; html = html->next) {
        if (!dl_is_element(html, DL_TAG_html)) continue;
        for (const dl_node *head = html->first_child; head; head = head->next) {
            if (!dl_is_element(head, DL_TAG_head)) continue;
            for (const dl_node *t = head->first_child; t; t = t->next)
                if (dl_is_element(t, DL_TAG_title)) return t;
        }
    }
    return NULL;
}

int dl_reread_title_cut(const dl_document *doc, const dl_node *root, size_t *cut) {
    if (!doc || !root || root != doc->root || !doc->source) return 0;
    const dl_node *title = head_title(root);
    if (!title || title->span_start == DL_NO_SPAN || title->span_start >= doc->source_len) return 0;
    size_t bytes = 0, tags = 0;
    for (const dl_node *t = title->first_child; t; t = t->next) {
        if (t->type != DL_NODE_TEXT) continue;
        bytes += t->u.text.len;
        for (size_t i = 0; i < t->u.text.len && tags < DL_REREAD_TITLE_MIN_TAGS; i++)
            tags += tag_at(t->u.text.ptr, t->u.text.len, i);
    }
    if (bytes < DL_REREAD_TITLE_MIN_BYTES || tags < DL_REREAD_TITLE_MIN_TAGS) return 0;
    if (body_code_points(root) * 4 >= bytes) return 0;
    /* the end of the title's start tag, then its text's first tag: where the end tag goes */
    const char *s = doc->source;
    size_t n = doc->source_len, i = title->span_start;
    while (i < n && s[i] != '>') i++;
    for (i++; i < n; i++)
        if (tag_at(s, n, i)) {
            *cut = i;
            return 1;
        }
    return 0;
}

/* Nodes the amended parse placed after the inserted end tag are where they are in the caller's input
 * once the tag's bytes are taken off; a span inside the tag (an element it ended) ends where it stood. */
static uint32_t unshift(uint32_t off, size_t cut, size_t shift) {
    if (off == DL_NO_SPAN || off <= cut) return off;
    return off >= cut + shift ? (uint32_t)(off - shift) : (uint32_t)cut;
}

/* Every node of the tree, template contents too (kept on a list as they are met: no recursion). */
static int unshift_spans(dl_node *root, size_t cut, size_t shift) {
    dl_node **pending = NULL;
    size_t npending = 0, cap = 0;
    for (dl_node *top = root; top;) {
        for (dl_node *n = top; n; n = (dl_node *)dl_next_node(top, n, 0)) {
            n->span_start = unshift(n->span_start, cut, shift);
            n->span_end = unshift(n->span_end, cut, shift);
            if (n->type == DL_NODE_ELEMENT && n->u.element.content) {
                if (npending == cap) {
                    size_t grown = cap ? cap * 2 : 8;
                    dl_node **p = realloc(pending, grown * sizeof(*p));
                    if (!p) {
                        free(pending);
                        return -1;
                    }
                    pending = p, cap = grown;
                }
                pending[npending++] = n->u.element.content;
            }
        }
        top = npending ? pending[--npending] : NULL;
    }
    free(pending);
    return 0;
}

dl_document *dl_reread_with_title_end(const dl_document *doc, size_t cut, int *nomem) {
    static const char end_tag[] = "</title>";
    const size_t shift = sizeof(end_tag) - 1;
    *nomem = 0;
    if (cut > doc->source_len || doc->source_len > (size_t)UINT32_MAX - shift) return NULL;
    char *buf = malloc(doc->source_len + shift + 1);
    if (!buf) {
        *nomem = 1;
        return NULL;
    }
    memcpy(buf, doc->source, cut);
    memcpy(buf + cut, end_tag, shift);
    memcpy(buf + cut + shift, doc->source + cut, doc->source_len - cut);
    buf[doc->source_len + shift] = '\0';
    dl_parse_options po;
    memset(&po, 0, sizeof po);
    po.scripting = doc->scripting;
    dl_parse_status status = DL_PARSE_OK;
    dl_document *again = dl_parse(buf, doc->source_len + shift, &po, &status);
    if (!again) {
        free(buf);
        *nomem = status == DL_PARSE_NOMEM;
        return NULL;
    }
    again->owned_buffer = buf; /* its text nodes point into it */
    /* the spans and the source are the caller's input again */
    if (unshift_spans(again->root, cut, shift) < 0) {
        dl_document_free(again);
        *nomem = 1;
        return NULL;
    }
    again->source = doc->source;
    again->source_len = doc->source_len;
    return again;
}
