/* Reader comments (see comments.h). */
#include "common/ascii.h"
#include "extract/regions/comments.h"

#include <stdlib.h>
#include <string.h>

#include "serialize/text.h"


static int lower(unsigned char c) { return c >= 'A' && c <= 'Z' ? c | 0x20 : c; }

static int starts_with(const char *s, size_t n, const char *w) {
    size_t k = strlen(w);
    if (n < k) return 0;
    for (size_t i = 0; i < k; i++)
        if (lower((unsigned char)s[i]) != (unsigned char)w[i]) return 0;
    return 1;
}

/* One class or id token names a comment section: it is, or starts with, "comment"/"comments" or
 * "disqus", or has "comment" as a later word ("post-comments", "article_comments"). The words after
 * "comment" that name its satellites are excluded: the reply form ("comment-form", "comment-respond",
 * "comment-reply-title"), the count and the link to the section ("comments-count", "comments-link"),
 * its icon or button. */
enum { TOKEN_OTHER = 0, TOKEN_SECTION, TOKEN_SATELLITE, TOKEN_REPLY_FORM /* a satellite: the reply form */ };

static int comment_token(const char *s, size_t n) {
    if (n == 7 && starts_with(s, n, "respond")) return TOKEN_REPLY_FORM; /* WordPress' reply form */
    size_t at = SIZE_MAX;
    for (size_t i = 0; i + 7 <= n; i++) {
        if ((i == 0 || s[i - 1] == '-' || s[i - 1] == '_') && starts_with(s + i, n - i, "comment")) {
            at = i;
            break;
        }
    }
    if (at == SIZE_MAX) return starts_with(s, n, "disqus") ? TOKEN_SECTION : TOKEN_OTHER;
    const char *r = s + at + 7;
    size_t rn = n - at - 7;
    /* another word that starts so: the commentary is an article's kind, commenting and the commentator
     * name what a block does or who wrote it ("commenting-on-qna" holds a page's own text) */
    static const char *const words[] = {"ary", "aries", "ing", "ator", "ed"};
    for (size_t k = 0; k < sizeof(words) / sizeof(words[0]); k++)
        if (starts_with(r, rn, words[k])) return TOKEN_OTHER;
    if (rn && lower((unsigned char)*r) == 's') r++, rn--;
    while (rn && (*r == '-' || *r == '_')) r++, rn--;
    if (starts_with(r, rn, "form") || starts_with(r, rn, "respond")) return TOKEN_REPLY_FORM;
    static const char *const satellites[] = {"reply", "count", "link", "number", "icon", "button",
                                             "meta", "author", "date", "time", "avatar"};
    for (size_t k = 0; k < sizeof(satellites) / sizeof(satellites[0]); k++)
        if (starts_with(r, rn, satellites[k])) return TOKEN_SATELLITE;
    return TOKEN_SECTION;
}

/* The strongest reading of the element's class and id tokens: a satellite anywhere wins. */
static int comment_kind(const dl_node *el) {
    int kind = TOKEN_OTHER;
    static const char *const attrs[] = {"id", "class"};
    for (int a = 0; a < 2; a++) {
        const dl_attr *v = dl_element_attr(el, attrs[a], strlen(attrs[a]));
        if (!v) continue;
        const char *p = v->value.ptr, *e = p + v->value.len;
        while (p < e) {
            while (p < e && dl_ascii_is_space((unsigned char)*p)) p++;
            const char *w = p;
            while (p < e && !dl_ascii_is_space((unsigned char)*p)) p++;
            int k = p > w ? comment_token(w, (size_t)(p - w)) : TOKEN_OTHER;
            if (k > kind) kind = k;
        }
    }
    return kind;
}

/* Inside a section: the reply form and whatever names itself a satellite are not comments. */
static int skip_satellite(const void *ctx, const dl_node *el) {
    (void)ctx;
    if (el->type != DL_NODE_ELEMENT) return 0; /* text is asked too: it goes with its element */
    return dl_is_element(el, DL_TAG_form) || (el->u.element.nattrs && comment_kind(el) >= TOKEN_SATELLITE);
}

/* Containers a comment section is built from; inline elements so named are counts and links. */
static int is_section_tag(const dl_node *el) {
    static const uint32_t tags[] = {DL_TAG_div, DL_TAG_section, DL_TAG_ol, DL_TAG_ul, DL_TAG_aside,
                                    DL_TAG_article, DL_TAG_footer, DL_TAG_dl};
    if (el->ns != DL_NS_HTML) return 0;
    for (size_t k = 0; k < sizeof(tags) / sizeof(tags[0]); k++)
        if (el->atom == tags[k]) return 1;
    return 0;
}

static int by_address(const void *a, const void *b) {
    uintptr_t x = (uintptr_t) * (const dl_node *const *)a, y = (uintptr_t) * (const dl_node *const *)b;
    return x < y ? -1 : x > y;
}

static int is_ancestor_of_article(const dl_node *el, const dl_node *const *chain, size_t n) {
    return n && bsearch(&el, chain, n, sizeof(*chain), by_address) != NULL;
}

/* A section whose text is shorter than this is a heading or a count left alone ("Comments (3)"). */
#define MIN_SECTION_CHARS 20

int dl_comments_text(const dl_document *doc, const dl_node *root, const dl_node *article, dl_htmlbuf *out) {
    /* The article's ancestors, sorted, so that "does this block hold the article" is a lookup. */
    size_t nchain = 0;
    for (const dl_node *p = article; p; p = p->parent) nchain++;
    const dl_node **chain = NULL;
    if (nchain) {
        chain = malloc(nchain * sizeof(*chain));
        if (!chain) return -1;
        nchain = 0;
        for (const dl_node *p = article; p; p = p->parent) chain[nchain++] = p;
        qsort(chain, nchain, sizeof(*chain), by_address);
    }
    const dl_node *found[DL_COMMENTS_MAX_SECTIONS];
    size_t nfound = 0;
    for (const dl_node *n = root; n && nfound < DL_COMMENTS_MAX_SECTIONS;) {
        int take = 0;
        if (n->type == DL_NODE_ELEMENT && n->u.element.nattrs && is_section_tag(n) && comment_kind(n) == TOKEN_SECTION &&
            !is_ancestor_of_article(n, chain, nchain))
            take = 1;
        if (take) found[nfound++] = n;
        n = dl_next_node(root, n, take);
    }
    free(chain);
    dl_text_options t;
    memset(&t, 0, sizeof(t));
    dl_htmlbuf one;
    dl_htmlbuf_init(&one);
    int rc = 0;
    for (size_t k = 0; k < nfound && rc == 0; k++) {
        one.len = 0;
        dl_node_filter filter = {skip_satellite, NULL, NULL, NULL};
        rc = dl_to_text_nodes(doc, &found[k], 1, &filter, &t, &one);
        if (rc == 0 && one.len >= MIN_SECTION_CHARS) {
            if (out->len) dl_htmlbuf_append(out, "\n\n", 2);
            dl_htmlbuf_append(out, one.data, one.len);
        }
    }
    dl_htmlbuf_free(&one);
    return rc < 0 || out->failed ? -1 : 0;
}

/* ---- the comment thread over the element table ---------------------------------------------------- */

/* Whether the element's class or id holds a word that starts with `word` (at the start of a token or
 * after '-' or '_'). */
static int names_word(const dl_node *el, const char *word) {
    static const char *const attrs[] = {"id", "class"};
    for (int a = 0; a < 2; a++) {
        const dl_attr *v = dl_element_attr(el, attrs[a], strlen(attrs[a]));
        if (!v) continue;
        const char *p = v->value.ptr;
        size_t n = v->value.len;
        for (size_t i = 0; i < n; i++) {
            if (i && p[i - 1] != '-' && p[i - 1] != '_' && !dl_ascii_is_space((unsigned char)p[i - 1])) continue;
            if (starts_with(p + i, n - i, word)) return 1;
        }
    }
    return 0;
}

/* The heading just before a reply form is its title ("Leave a Reply", "Post a comment"), though the
 * page often names only the form: the element before i among its siblings (found by climbing from
 * i - 1 to the level of i, at most MAX_CLIMB levels) gets i's mark when it is a heading. */
#define MAX_CLIMB 64
static void reply_title(const dl_actx *cx, uint32_t i, uint8_t *marks) {
    if (!i) return;
    int32_t parent = cx->el[i].parent, j = (int32_t)i - 1;
    for (int up = 0; j >= 0 && cx->el[j].parent != parent && up < MAX_CLIMB; up++) j = cx->el[j].parent;
    if (j < 0 || cx->el[j].parent != parent || cx->el[j].end != i) return;
    const dl_node *h = cx->el[j].node;
    if (h->ns != DL_NS_HTML || h->atom < DL_TAG_h1 || h->atom > DL_TAG_h6) return;
    for (uint32_t k = (uint32_t)j; k < i; k++) marks[k] |= DL_THREAD_REPLY_FORM;
}

int dl_comment_thread_marks(const dl_actx *cx, int64_t article, uint8_t **out) {
    *out = NULL;
    uint8_t *marks = calloc(cx->n, 1);
    if (!marks) return -1;
    int any = 0;
    for (uint32_t i = 0; i < cx->n; i++) {
        const dl_el *e = &cx->el[i];
        const dl_node *el = e->node;
        uint8_t m = e->parent >= 0 ? marks[e->parent] : 0;
        if (dl_is_element(el, DL_TAG_form)) m |= DL_THREAD_FORM;
        /* page chrome and sidebars, for the sections that begin inside them; a section of "recent"
         * comments is a sidebar's list of the latest comments on any post, whatever holds it */
        if (!(m & DL_THREAD_ASIDE) && el->ns == DL_NS_HTML &&
            (el->atom == DL_TAG_aside || el->atom == DL_TAG_nav || el->atom == DL_TAG_header ||
             el->atom == DL_TAG_footer ||
             (el->u.element.nattrs && (names_word(el, "sidebar") || names_word(el, "recent")))))
            m |= DL_THREAD_ASIDE;
        int kind = el->type == DL_NODE_ELEMENT && el->u.element.nattrs ? comment_kind(el) : TOKEN_OTHER;
        if (kind == TOKEN_REPLY_FORM && !(m & DL_THREAD_REPLY_FORM)) {
            m |= DL_THREAD_REPLY_FORM, any = 1;
            reply_title(cx, i, marks);
        }
        if (m & DL_THREAD_SECTION) {
            /* inside a section: its satellites (see skip_satellite) */
            if (kind >= TOKEN_SATELLITE || dl_is_element(el, DL_TAG_form))
                m = (uint8_t)((m & ~DL_THREAD_SECTION) | DL_THREAD_SATELLITE);
        } else if (!(m & DL_THREAD_SATELLITE) && kind == TOKEN_SECTION && is_section_tag(el)) {
            /* a section begins: named so, and not a wrapper around the article */
            int holds = article >= 0 && (uint64_t)article >= i && (uint64_t)article < e->end;
            if (!holds) m |= DL_THREAD_SECTION, any = 1;
        }
        marks[i] = m;
    }
    if (!any) {
        free(marks);
        marks = NULL;
    }
    *out = marks;
    return 0;
}

/* A reply form open to any reader: a <textarea> inside a <form> that can be written in (a forum shows
 * its thread to a reader who is not signed in without one, or with a read-only box that asks them to
 * sign in; a blog invites every reader to leave a reply under its post). */
static int open_reply_box(const dl_node *el) {
    return dl_is_element(el, DL_TAG_textarea) && !dl_element_attr(el, "readonly", 8) && !dl_element_attr(el, "disabled", 8);
}

/* Whether the page invites a reply after the block at table index from: an open reply box there. */
static int invites_reply(const dl_actx *cx, const uint8_t *marks, uint32_t from) {
    for (uint32_t i = from; i < cx->n; i++)
        if ((marks[i] & DL_THREAD_FORM) && open_reply_box(cx->el[i].node)) return 1;
    return 0;
}

/* How a reader tells a post from its comments: the post comes first, under its headline, in the
 * container the classic scoring chose; the comments follow it in a section the page names as such
 * ("comments", "commentlist", "disqus_thread"), each a unit of author, date, avatar and words, under a
 * count ("25 Responses to ...") and above a form that asks for the next one ("Leave a Reply"). The
 * block model weighs a comment's prose like any paragraph's, and after a post of a line or two a thread
 * of 25 comments outweighs it: the page comes back as its comments. So the kept blocks inside a comment
 * section that begins after the first kept block outside every section are dropped:
 *  - on an article page;
 *  - on a page typed as a forum thread only when it invites any reader to reply (invites_reply): a blog
 *    post with a long thread reads as a thread of posts to the page type, but a forum shows its thread
 *    to a reader who is not signed in without a reply box (or with a read-only one that asks them to
 *    sign in), and there the replies are the page's content, as they are on a discussion site whose
 *    story is a link and a line.
 * WCXB dev .9001 -> .9002 (article .9659 -> .9662: 3 pages better by up to 0.2, a blog's thread its truth
 * leaves out; forum: 1 page worse by 0.004, a thread with a hidden quick-reply box), traf-dev .9431 ->
 * .9434, aeb unchanged. On every page type (listing, product, documentation) it cost up to 0.4 a page
 * (a shop's reviews and a thread named "comments" are their truth); on forum pages without the reply box
 * it cost 7 threads up to 0.85. */
void dl_comment_thread_drop(const dl_actx *cx, const dl_blocks *b, const uint8_t *marks, dl_page_type type,
                            uint8_t *keep) {
    uint32_t left = 0;
    for (uint32_t k = 0; k < b->n; k++) left += keep[k] != 0;
    /* the reply form: its title ("Leave a Reply"), its notes and its labels invite the reader to write,
     * they are not what the page says (on every page type; no development page changes) */
    for (uint32_t k = 0; k < b->n && left > 1; k++)
        if (keep[k] && (marks[b->el[k]] & DL_THREAD_REPLY_FORM)) keep[k] = 0, left--;
    if (type != DL_PAGE_ARTICLE && type != DL_PAGE_FORUM) return;
    uint32_t first = b->n;
    for (uint32_t k = 0; k < b->n && first == b->n; k++)
        if (keep[k] && !(marks[b->el[k]] & (DL_THREAD_SECTION | DL_THREAD_SATELLITE))) first = k;
    if (first == b->n) return; /* the page's kept text is all in the thread: it is the content */
    if (type == DL_PAGE_FORUM && !invites_reply(cx, marks, b->el[first])) return;
    for (uint32_t k = first + 1; k < b->n; k++)
        if (keep[k] && (marks[b->el[k]] & (DL_THREAD_SECTION | DL_THREAD_SATELLITE))) keep[k] = 0;
}

/* Extraction(include_comments=True): the reader's choice to read the thread too. The comments' own words
 * (the blocks of the comment sections that begin after the first kept block outside them) are kept
 * after the article, in the page's order; their satellites are not (each comment's author, date and
 * avatar line, its reply link, the count, the reply form, a block that is all link text: "Reply",
 * "Report", a permalink), nor a section in the page's chrome or a
 * sidebar (a list of recent comments), nor what is never content (`never`, per table element: a
 * dialog's, a hidden copy's block). As trafilatura's include_comments does: the article, then its comments. */
void dl_comment_thread_keep(const dl_blocks *b, const uint8_t *marks, const uint8_t *never, uint8_t *keep) {
    uint32_t first = b->n;
    for (uint32_t k = 0; k < b->n && first == b->n; k++)
        if (keep[k] && !(marks[b->el[k]] & (DL_THREAD_SECTION | DL_THREAD_SATELLITE))) first = k;
    for (uint32_t k = first + 1; k < b->n; k++) {
        uint8_t m = marks[b->el[k]];
        if (!(m & (DL_THREAD_SECTION | DL_THREAD_SATELLITE))) continue;
        keep[k] = !(m & (DL_THREAD_SATELLITE | DL_THREAD_REPLY_FORM | DL_THREAD_ASIDE)) && !(never && never[b->el[k]]) &&
                  b->x[(size_t)k * DL_BLOCK_NFEAT + DL_BF_link_density] < 0.999f;
    }
}
