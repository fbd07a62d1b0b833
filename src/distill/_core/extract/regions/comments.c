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
enum { TOKEN_OTHER = 0, TOKEN_SECTION, TOKEN_SATELLITE };

static int comment_token(const char *s, size_t n) {
    if (n == 7 && starts_with(s, n, "respond")) return TOKEN_SATELLITE; /* WordPress' reply form */
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
    if (rn && lower((unsigned char)*r) == 's') r++, rn--;
    while (rn && (*r == '-' || *r == '_')) r++, rn--;
    static const char *const satellites[] = {"form", "respond", "reply", "count", "link", "number", "icon",
                                             "button", "meta", "author", "date", "time", "avatar"};
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
    return dl_is_element(el, DL_TAG_form) || (el->u.element.nattrs && comment_kind(el) == TOKEN_SATELLITE);
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
