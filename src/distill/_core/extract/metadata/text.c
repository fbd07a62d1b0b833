/* The text the rules read from the tree, each reader bounded in bytes and in nodes: an element's own
 * text (meta_bounded_text; a byline's without its job title and its topic links), the text that follows
 * an element in document order (meta_text_from_nodes: the lines under a headline, or the whole page for
 * the last resorts), and the text just before one (meta_text_before: what sits over a headline). Script,
 * style, template and noscript text is never read.
 */
#include "extract/metadata/internal.h"

#include "extract/metadata/words.h"

/* Whether el is a job title's element inside a byline ("<span class=job_title>Former Deputy Editor",
 * itemprop=jobTitle): the role under the name, not a word of it. */
static int job_element(const dl_node *el) {
    const dl_attr *cls = attr(el, "class"), *prop = attr(el, "itemprop");
    return (cls && contains_ci(cls->value.ptr, cls->value.len, DL_MW_JOB_CLASS)) ||
           (prop && contains_ci(prop->value.ptr, prop->value.len, "jobtitle"));
}

/* Whether el is a link to a tag's or a category's page (rel=tag, a path with /tag/, /tags/,
 * /category/ or /categories/): a byline line also carries the post's topics ("<a href=/blog/tag/x>
 * Personal finance</a> January 27, 2025" in a "byline" block), which name no one. */
static int topic_link(const dl_node *el) {
    if (!dl_is_element(el, DL_TAG_a)) return 0;
    const dl_attr *rel = attr(el, "rel"), *href = attr(el, "href");
    if (rel && has_token(rel, "tag")) return 1;
    if (!href) return 0;
    static const char *const paths[] = {DL_MW_TOPIC_PATHS};
    for (size_t k = 0; k < sizeof paths / sizeof paths[0]; k++)
        if (contains_ci(href->value.ptr, href->value.len, paths[k])) return 1;
    return 0;
}

/* The folded text of el, at most max bytes, without script, style or template content, and with no_job
 * set without the job titles' elements (job_element) and the topics' links (topic_link). spaced: every
 * element boundary separates words (a byline's "Jane Doe<a>Twitter</a>" reads as two words on screen,
 * where styling sets them apart). */
void meta_bounded_text_but(const dl_node *el, size_t max, int spaced, int no_job, dl_buf *out) {
    dl_buf raw = {0};
    for (const dl_node *x = el; x && raw.len < max;) {
        int skip = 0;
        if (no_job && x != el && x->type == DL_NODE_ELEMENT && (job_element(x) || topic_link(x))) {
            skip = 1;
        } else if (x->type == DL_NODE_TEXT) {
            size_t n = x->u.text.len;
            if (n > max - raw.len) n = utf8_cut(x->u.text.ptr, max - raw.len);
            dl_buf_append(&raw, x->u.text.ptr, n);
        } else if (x != el && x->type == DL_NODE_ELEMENT &&
                   (x->ns != DL_NS_HTML || x->atom == DL_TAG_script || x->atom == DL_TAG_style ||
                    x->atom == DL_TAG_template || x->atom == DL_TAG_noscript)) {
            skip = 1;
        } else if (x != el && dl_is_element(x, DL_TAG_br)) {
            dl_buf_append(&raw, " ", 1);
        } else if (x != el && x->type == DL_NODE_ELEMENT && (spaced || dl_rule_text_block(x))) {
            dl_buf_append(&raw, "\n", 1); /* a block boundary separates words ("Jane Doe</div><div>May 5") */
        }
        x = dl_next_node(el, x, skip);
    }
    if (raw.failed) out->failed = 1;
    else if (raw.len) dl_fold_append(out, raw.data, raw.len);
    dl_buf_free(&raw);
}

/* meta_bounded_text_but with every element's text. */
void meta_bounded_text(const dl_node *el, size_t max, int spaced, dl_buf *out) {
    meta_bounded_text_but(el, max, spaced, 0, out);
}

/* Appends s to raw with its white-space runs folded to one space (*space: a run is pending), until raw
 * holds limit bytes. The limits of the text read near a headline count the words a reader sees: a page
 * indented with hundreds of spaces between its tags would otherwise spend them on white space and lose
 * the date line under the headline ("<h1>...</h1>" then 400 bytes of indentation, then "24 Apr 2000"). */
static void append_folded(dl_buf *raw, const char *s, size_t n, size_t limit, int *space) {
    for (size_t i = 0; i < n && raw->len < limit;) {
        if (dl_ascii_is_space((unsigned char)s[i])) {
            *space = 1;
            i += dl_ascii_space_prefix(s + i, n - i);
            continue;
        }
        size_t j = i + dl_ascii_word_prefix(s + i, n - i);
        if (*space && raw->len) dl_buf_append(raw, " ", 1);
        *space = 0;
        size_t w = j - i;
        if (raw->len < limit && w > limit - raw->len) w = utf8_cut(s + i, limit - raw->len);
        dl_buf_append(raw, s + i, w);
        if (raw->failed) return;
        i = j;
    }
}

/* The text that follows el in document order (el's own text first), white space folded. An element
 * boundary separates words. by_words: at most limit bytes of the folded text (the window a reader
 * sees under a headline); else at most limit bytes crossed, white space included (the whole page's
 * text, where the limit bounds the cost: folding first reads more of an indented page for the same
 * dates, and the page-wide rules find the same ones either way). */
void meta_text_from_nodes(const dl_node *el, size_t limit, size_t max_nodes, int by_words, dl_buf *out) {
    const dl_node *root = el;
    while (root->parent) root = root->parent;
    dl_buf raw = {0};
    size_t nodes = 0, crossed = 0;
    int space = 0;
    for (const dl_node *x = el; x && (by_words ? raw.len : crossed) < limit && nodes < max_nodes && !raw.failed;
         nodes++) {
        int skip = 0;
        if (x->type == DL_NODE_TEXT) {
            size_t n = x->u.text.len;
            if (!by_words && n > limit - crossed) n = utf8_cut(x->u.text.ptr, limit - crossed);
            crossed += n;
            append_folded(&raw, x->u.text.ptr, n, limit, &space);
        } else if (x->type == DL_NODE_ELEMENT) {
            if (x->ns != DL_NS_HTML || x->atom == DL_TAG_script || x->atom == DL_TAG_style ||
                x->atom == DL_TAG_template || x->atom == DL_TAG_noscript)
                skip = 1;
            else
                space = 1, crossed++;
        }
        x = dl_next_node(root, x, skip);
    }
    /* raw is folded already (append_folded): it becomes out, or is appended to it */
    if (raw.failed) {
        out->failed = 1;
    } else if (raw.len && !out->len && !out->failed) {
        dl_buf_free(out);
        *out = raw;
        return;
    } else if (raw.len) {
        dl_buf_append(out, raw.data, raw.len);
    }
    dl_buf_free(&raw);
}

/* The bytes s takes with its white-space runs folded to one space, counted up to cap: the text before a
 * headline is bounded by the words it holds, not by its indentation (append_folded). */
static size_t folded_len(const char *s, size_t n, size_t cap) {
    size_t len = 0;
    int space = 0;
    for (size_t i = 0; i < n && len < cap; i++) {
        if (dl_ascii_is_space((unsigned char)s[i])) {
            space = 1;
            continue;
        }
        len += 1 + space;
        space = 0;
    }
    return len;
}

/* The last limit bytes of text (white space folded) before el in document order (at most max_nodes nodes
 * back, script and style skipped): what a page writes just above its headline ("December 17, 2025" over
 * the <h1>). */
void meta_text_before(const dl_node *el, size_t limit, size_t max_nodes, dl_buf *out) {
    const dl_node *texts[DL_META_BEFORE_HEADLINE_NODES];
    size_t nt = 0, bytes = 0, nodes = 0;
    if (max_nodes > DL_META_BEFORE_HEADLINE_NODES) max_nodes = DL_META_BEFORE_HEADLINE_NODES;
    const dl_node *x = el;
    while (x && nodes < max_nodes && bytes < limit && nt < max_nodes) {
        if (x->prev) {
            x = x->prev;
            /* into the previous sibling's last descendant, unless it is a script or a style */
            while (x->type == DL_NODE_ELEMENT && x->last_child && x->ns == DL_NS_HTML && x->atom != DL_TAG_script &&
                   x->atom != DL_TAG_style && x->atom != DL_TAG_template && x->atom != DL_TAG_noscript && nodes < max_nodes)
                x = x->last_child, nodes++;
        } else {
            x = x->parent;
            if (!x || x->type != DL_NODE_ELEMENT) break;
        }
        nodes++;
        if (x->type == DL_NODE_TEXT && x->parent && x->parent->type == DL_NODE_ELEMENT &&
            x->parent->atom != DL_TAG_script && x->parent->atom != DL_TAG_style) {
            texts[nt++] = x;
            bytes += folded_len(x->u.text.ptr, x->u.text.len, limit);
        }
    }
    dl_buf raw = {0}, folded = {0};
    for (size_t i = nt; i-- > 0;) {
        dl_buf_append(&raw, "\n", 1);
        dl_buf_append(&raw, texts[i]->u.text.ptr, texts[i]->u.text.len);
    }
    if (raw.len) dl_fold_append(&folded, raw.data, raw.len);
    if (raw.failed || folded.failed) out->failed = 1;
    else if (folded.len) {
        /* only the last limit bytes of the folded text: the words nearest the headline */
        size_t from = folded.len > limit ? folded.len - limit : 0;
        while (from < folded.len && ((unsigned char)folded.data[from] & 0xC0) == 0x80) from++;
        dl_buf_append(out, folded.data + from, folded.len - from);
    }
    dl_buf_free(&raw);
    dl_buf_free(&folded);
}
