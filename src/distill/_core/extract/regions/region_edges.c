/* Edge rules of article() (region_edges.h). Each rule reads a kept block's shape (blocks.h
 * dl_block_shape: its first bytes, where its first link starts, its last byte) and its place among the
 * kept blocks; none names a site, and the one word list (credit labels) is a handful of words in the
 * languages of the development corpora. */
#include <stdlib.h>
#include <string.h>

#include "common/ascii.h"
#include "extract/regions/region_edges.h"

/* A block this short or shorter can be a label, a credit or a heading the rules look at: longer text is
 * prose, whatever its first word. */
#define DL_EDGE_SHORT 80
/* A further-reading lead-in ("Read also:", "Czytaj też:", "À lire aussi »") is this many words at most. */
#define DL_EDGE_LEAD_WORDS 4

static int is_heading(const dl_node *n) {
    return n->type == DL_NODE_ELEMENT && n->ns == DL_NS_HTML && n->atom >= DL_TAG_h1 && n->atom <= DL_TAG_h6;
}

/* The words that label a picture's or a figure's source at the start of a credit line ("Foto: dpa",
 * "Crédits photos : X", "Photo credit: Y", "Source: Z"). Lower-case, as the head is. */
static const char *const credit_words[] = {
    "foto", "fotos", "photo", "photos", "bild", "bilder", "beitragsbild", "titelbild", "image", "images",
    "picture", "credit", "credits", "cr\xc3\xa9" "dit", "cr\xc3\xa9" "dits", "source", "quelle", "fuente", "fonte",
};

/* The length of the credit word at h[0..n), or 0. */
static size_t credit_word(const char *h, size_t n) {
    size_t w = 0;
    while (w < n && h[w] != ' ' && h[w] != ':') w++;
    for (size_t i = 0; i < sizeof(credit_words) / sizeof(credit_words[0]); i++)
        if (strlen(credit_words[i]) == w && memcmp(credit_words[i], h, w) == 0) return w;
    return 0;
}

/* A photo credit or a source line: a short block that opens with one or two credit words and a colon,
 * or with the copyright sign ("© AFP / X"). It names who made a picture, not what the article says;
 * trafilatura's and WCXB's references both leave such lines out. */
static int is_credit(const dl_blocks *b, uint32_t k) {
    const dl_block_shape *s = &b->shape[k];
    const char *h = s->head;
    size_t n = s->head_len;
    if (b->chars[k] > DL_EDGE_SHORT || !n) return 0;
    if (n >= 2 && (unsigned char)h[0] == 0xC2 && (unsigned char)h[1] == 0xA9) return 1;
    size_t i = 0;
    for (int words = 0; words < 2; words++) {
        size_t w = credit_word(h + i, n - i);
        if (!w) return 0;
        i += w;
        if (i < n && h[i] == ' ') i++;
        if (i < n && h[i] == ':') return 1;
    }
    return 0;
}

/* A caption that carries its picture's credit ("Marco Odermatt, ski star. (c) AFP / X", "The tour on TV.
 * (Foto: Getty)"): on an article page a short block holding a credit mark (blocks.c counts them) is a
 * picture's caption, not the running text. A paragraph's length of text is prose whatever it quotes. */
#define DL_EDGE_CAPTION 200
static int is_captioned_credit(const dl_blocks *b, uint32_t k) {
    return b->shape[k].credit && b->chars[k] <= DL_EDGE_CAPTION;
}

/* A further-reading lead-in inside an article: a few plain words ending in a colon, a guillemet, a bar
 * or an angle bracket, then link text and nothing else ("Czytaj też: <a>other story</a>", "MIRA: <a>..."):
 * the link is another article's title, put between two paragraphs of this one. Its words vary with the
 * language; its shape does not. Only on article pages: on a listing or a shop, "Price: <a>...</a>" and
 * "Authors: <a>...</a>" are the cards' own text. */
static int is_lead_in(const dl_blocks *b, uint32_t k) {
    const dl_block_shape *s = &b->shape[k];
    if (s->lead == DL_BLOCK_LEAD_NONE || s->lead < 2 || s->after > 3) return 0;
    if (b->x[(size_t)k * DL_BLOCK_NFEAT + DL_BF_link_density] < 0.5f) return 0; /* mostly link text */
    unsigned char mark = (unsigned char)s->head[s->lead - 1];
    /* ':' '|' '>' or the closing guillemet U+00BB (C2 BB) */
    if (!(mark == ':' || mark == '|' || mark == '>' || (mark == 0xBB && (unsigned char)s->head[s->lead - 2] == 0xC2)))
        return 0;
    int spaces = 0;
    for (uint8_t i = 0; i < s->lead; i++) spaces += s->head[i] == ' ';
    return spaces < DL_EDGE_LEAD_WORDS;
}

/* A heading or a label ("Kontakt:", "Mehr Themen:", "Das könnte Sie auch interessieren") is a lead-in
 * to what follows it: the article's last kept block being one means what it introduced was dropped (a
 * link list, a contact box, related stories), and a heading over nothing is not the article's text. */
static int is_trailing_label(const dl_actx *cx, const dl_blocks *b, uint32_t k) {
    if (b->chars[k] > DL_EDGE_SHORT) return 0;
    return is_heading(cx->el[b->el[k]].node) || b->shape[k].last == ':';
}

/* What a trailing label can head and still head nothing of the article: at most this many short
 * lines that end no sentence ("Kontakt" over a name and a department, "Teilnehmende Blogs:" over one
 * linked name, "Verwendete Produkte" over "Für Details auf Produkt klicken"). Four, not two: a contact
 * box's lines are a name, a phone number, an e-mail address and often a department or a second name,
 * each its own line. Measured 2 -> 4: traf-dev .9399 -> .9412 (4 boilerplate snippets fewer, none
 * lost), aeb .9833 -> .9834, WCXB dev .8963 unchanged (article: 3 pages better, 2 worse by up to
 * 0.008, "Additional resources" over four links). 5 lost a listing page 0.009, 6 a traf-dev snippet. */
#define DL_EDGE_STUBS 4
static int is_stub(const dl_blocks *b, uint32_t k) {
    unsigned char l = b->shape[k].last;
    return b->chars[k] <= DL_EDGE_SHORT && l != '.' && l != '!';
}

/* An article's lead (its standfirst) is often set apart from the body, beside the headline and the
 * byline in the article's header, where the classifier weighs it a little under the threshold: on an
 * article page the nearest prose paragraph at most DL_EDGE_LEAD_BACK blocks before the first kept one,
 * scored within DL_EDGE_LEAD_MARGIN of the threshold, is kept with it. Prose: a paragraph's length,
 * ending a sentence, mostly plain text, without consent or subscription words (legal_cues) and not an
 * affiliate disclosure ("We may earn a commission when you buy through our links"), which opens many
 * review pages just there. The margin: 1.0 kept the leads the model of 8fd36d4 scored just under the
 * threshold; its refit (16035c1) scores them lower. 1.5 measured: traf-dev .9382 -> .9393 (recall .9582 ->
 * .9602), WCXB dev .8954 and aeb .9833 unchanged; 2.0 reached traf-dev .9400 but cost aeb .0009. */
#define DL_EDGE_LEAD_BACK 4
#define DL_EDGE_LEAD_MARGIN 1.5
#define DL_EDGE_LEAD_CHARS 150
static void keep_lead(const dl_blocks *b, const double *score, double threshold, uint8_t *keep) {
    uint32_t first = 0;
    while (first < b->n && !keep[first]) first++;
    if (first == b->n) return;
    for (uint32_t k = first, back = 0; k-- > 0 && back < DL_EDGE_LEAD_BACK; back++) {
        const float *x = b->x + (size_t)k * DL_BLOCK_NFEAT;
        if (b->chars[k] >= DL_EDGE_LEAD_CHARS && x[DL_BF_ends_with_stop] > 0.5f && x[DL_BF_link_density] < 0.3f &&
            x[DL_BF_legal_cues] == 0.0f && !b->shape[k].disclose &&
            score[k] > threshold - DL_EDGE_LEAD_MARGIN) {
            keep[k] = 1;
            return;
        }
    }
}

/* The word lists of the naming rules (see dl_region_edges for each one's reason). An element's markup is
 * read once for all of them: what it names is a bit per list (names_of), inherited by its descendants
 * (names_inherited), so that the rules, each a pass over the kept blocks, read no markup at all. */
enum { NL_REVIEW, NL_SIGNATURE, NL_SHOP, NL_CATEGORY, NL_FACET, NL_ABOUT, NL_CTA, NL_NAV_ROLE, NL__COUNT };

static const char *const review_words[] = {"review"}, *const signature_words[] = {"signature"},
                         *const facet_words[] = {"facet"};
/* what a page says about itself or points to, then the controls and overlays laid over its text */
static const char *const about_words[] = {"disclaimer", "disclosure", "related",      "popover", "tooltip",
                                          "toolbar",    "breadcrumb", "announcement", "upsell",  "wishlist",
                                          "feedback",   "survey",     "paywall",      "loading", "spinner",
                                          "skeleton",   "disabled",   "recommend",    "trending", "viewed",
                                          "similar",    "signup",     "optin",        "donate",  "countdown",
                                          "coupon"};
/* a shop's controls and marks */
static const char *const shop_words[] = {"compare", "badge", "usp", "trust"};
static const char *const category_words[] = {"shipping", "offer", "modal"};
static const char *const cta_words[] = {"cta"};
/* ARIA roles of what is not text (read from the role attribute, not from the class) */
static const char *const nav_roles[] = {"navigation", "search", "toolbar", "tooltip"};

typedef struct {
    const char *const *words;
    uint8_t n;
} word_list;

/* the class-word lists' words, all of them in one word_set */
#define DL_EDGE_MAX_WORDS 48
_Static_assert(sizeof(review_words) + sizeof(signature_words) + sizeof(shop_words) + sizeof(category_words) +
                       sizeof(facet_words) + sizeof(about_words) + sizeof(cta_words) <=
                   DL_EDGE_MAX_WORDS * sizeof(const char *),
               "a word_set holds DL_EDGE_MAX_WORDS words");

#define DL_LIST(w) {w, (uint8_t)(sizeof(w) / sizeof(w[0]))}
static const word_list name_lists[NL__COUNT] = {
    [NL_REVIEW] = DL_LIST(review_words),     [NL_SIGNATURE] = DL_LIST(signature_words),
    [NL_SHOP] = DL_LIST(shop_words),         [NL_CATEGORY] = DL_LIST(category_words),
    [NL_FACET] = DL_LIST(facet_words),       [NL_ABOUT] = DL_LIST(about_words),
    [NL_CTA] = DL_LIST(cta_words),           [NL_NAV_ROLE] = DL_LIST(nav_roles),
};
#undef DL_LIST

/* The class-word lists' words (all but the roles) with what names_of asks first: the letters they start
 * with (every word is lower-case ASCII), their lengths and their lists. */
typedef struct {
    const char *word[DL_EDGE_MAX_WORDS];
    uint8_t len[DL_EDGE_MAX_WORDS], list[DL_EDGE_MAX_WORDS];
    uint8_t lo[27]; /* the words starting with letter c are word[lo[c - 'a'] .. lo[c - 'a' + 1]) */
} word_set;

static void word_set_init(word_set *s) {
    uint8_t count[26] = {0};
    for (int l = 0; l < NL_NAV_ROLE; l++)
        for (uint8_t w = 0; w < name_lists[l].n; w++) count[name_lists[l].words[w][0] - 'a']++;
    uint8_t at[26];
    s->lo[0] = 0;
    for (int c = 0; c < 26; c++) at[c] = s->lo[c], s->lo[c + 1] = (uint8_t)(s->lo[c] + count[c]);
    for (int l = 0; l < NL_NAV_ROLE; l++)
        for (uint8_t w = 0; w < name_lists[l].n; w++) {
            const char *word = name_lists[l].words[w];
            uint8_t k = at[word[0] - 'a']++;
            s->word[k] = word;
            s->len[k] = (uint8_t)strlen(word);
            s->list[k] = (uint8_t)l;
        }
}

/* The lists whose words the class, id or microdata value v[0..n) names, a bit per list. A word is named
 * when it starts a word of the value (after its start, a space, '-', '_', ':' or '/', or as a capital
 * after a lower-case letter), so that "preview" does not name "review"; customer reviews name themselves
 * "reviews", "product-reviews", "yotpo-review", itemprop="review", itemtype schema.org/Review, whoever
 * made them. One pass over v for all the lists: a byte is looked at further only when a word begins
 * with its letter. */
static unsigned names_in(const char *v, size_t n, const word_set *s) {
    unsigned lists = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)v[i], lc = dl_ascii_lower(c);
        if (lc < 'a' || lc > 'z' || s->lo[lc - 'a'] == s->lo[lc - 'a' + 1]) continue;
        unsigned char p = i ? (unsigned char)v[i - 1] : ' ';
        int start = p == ' ' || p == '-' || p == '_' || p == ':' || p == '/' || (c >= 'A' && c <= 'Z' && p >= 'a' && p <= 'z');
        if (!start) continue;
        for (unsigned k = s->lo[lc - 'a']; k < s->lo[lc - 'a' + 1]; k++)
            if (s->len[k] <= n - i && dl_ascii_eq_ci(v + i, s->len[k], s->word[k], s->len[k])) lists |= 1u << s->list[k];
    }
    return lists;
}

/* Whether the role attribute value v[0..n) lists one of the navigation roles as a token (ARIA allows a
 * list of roles, the first one the browser knows applies; any of them says what the element is for). */
static int lists_nav_role(const char *v, size_t n) {
    const word_list *roles = &name_lists[NL_NAV_ROLE];
    const char *tok;
    size_t at = 0, len;
    while (dl_ascii_next_token(v, n, &at, &tok, &len))
        for (uint8_t w = 0; w < roles->n; w++)
            if (dl_ascii_eq_ci_lit(tok, len, roles->words[w])) return 1;
    return 0;
}

/* What el's markup names, a bit per list: its class, id and microdata (itemprop, itemtype) by names_in,
 * its role attribute for NL_NAV_ROLE. */
static unsigned names_of(const dl_node *el, const word_set *s) {
    unsigned lists = 0;
    for (uint32_t i = 0; i < el->u.element.nattrs; i++) {
        const dl_attr *a = &el->u.element.attrs[i];
        size_t k = a->name.len;
        const char *nm = a->name.ptr;
        if ((k == 5 && memcmp(nm, "class", 5) == 0) || (k == 2 && memcmp(nm, "id", 2) == 0) ||
            (k == 8 && memcmp(nm, "itemprop", 8) == 0) || (k == 8 && memcmp(nm, "itemtype", 8) == 0))
            lists |= names_in(a->value.ptr, a->value.len, s);
        else if (k == 4 && memcmp(nm, "role", 4) == 0 && lists_nav_role(a->value.ptr, a->value.len))
            lists |= 1u << NL_NAV_ROLE;
    }
    return lists;
}

/* The naming rules' state for one page: the word set, and per element what it or an ancestor names
 * (names_inherited). */
typedef struct {
    word_set set;
    uint16_t *inh;   /* per marked element: its lists' bits and every ancestor's */
    uint8_t *marked; /* per element: it or a descendant held a kept block when the rules began */
} naming;

/* The lists each kept block's element sits inside, for every rule at once: the chain above each kept
 * block is marked (the walk up stops at a mark), then one pass over the table, parents before
 * children, gives each marked element its own lists and its parent's; only the marked elements'
 * markup is read. The rules only ever drop blocks, so each block a later rule asks about is still
 * under a mark, and no rule needs a pass over the table of its own. */
static void names_inherited(naming *nm, const dl_actx *cx, const dl_blocks *b, const uint8_t *keep) {
    memset(nm->marked, 0, cx->n);
    for (uint32_t k = 0; k < b->n; k++)
        if (keep[k])
            for (int32_t a = (int32_t)b->el[k]; a >= 0 && !nm->marked[a]; a = cx->el[a].parent) nm->marked[a] = 1;
    for (uint32_t i = 0; i < cx->n; i++) {
        if (!nm->marked[i]) continue;
        const dl_node *x = cx->el[i].node;
        int32_t p = cx->el[i].parent;
        nm->inh[i] = (uint16_t)((x->u.element.nattrs ? names_of(x, &nm->set) : 0) | (p >= 0 ? nm->inh[p] : 0));
    }
}

/* The named blocks are dropped only while they are less than this share of the kept text: a page
 * that is mostly reviews is a review page (or the classifier kept nothing else), and its text stays. */
#define DL_EDGE_NAMED_SHARE 0.5

/* A code block is never what a name around it says of the page: a syntax highlighter wraps its <pre> in
 * an element named for the toolbar it adds ("code-toolbar": the copy button and the code), and the code
 * is the text of a technical page. */
static int named_applies(const naming *nm, const dl_blocks *b, int list, uint32_t k) {
    return (nm->inh[b->el[k]] >> list & 1) && !(list == NL_ABOUT && b->x[(size_t)k * DL_BLOCK_NFEAT + DL_BF_tag_pre] > 0.5f);
}

/* Drops the kept blocks inside an element that names list (names_inherited) while they are less than
 * DL_EDGE_NAMED_SHARE of the kept text; with trailing, only those after the last kept block of more
 * than DL_EDGE_SHORT chars outside such elements. Two passes over the blocks. */
static void drop_named(const naming *nm, const dl_blocks *b, int list, int trailing, uint8_t *keep, uint32_t *left) {
    uint64_t kept = 0, named = 0;
    uint32_t from = 0;
    for (uint32_t k = 0; k < b->n; k++) {
        if (!keep[k]) continue;
        kept += b->chars[k];
        if (trailing && !named_applies(nm, b, list, k) && b->chars[k] > DL_EDGE_SHORT) from = k + 1;
    }
    for (uint32_t k = from; k < b->n; k++)
        if (keep[k] && named_applies(nm, b, list, k)) named += b->chars[k];
    if (named && (double)named < DL_EDGE_NAMED_SHARE * (double)kept)
        for (uint32_t k = from; k < b->n; k++)
            if (keep[k] && named_applies(nm, b, list, k)) keep[k] = 0, (*left)--;
}

void dl_region_edges(const dl_actx *cx, const dl_blocks *b, dl_page_type type, const double *score, double threshold,
                     uint8_t *keep) {
    /* never the last kept block: a page with kept text keeps some (the fallbacks of regions.c chose it) */
    uint32_t left = 0;
    for (uint32_t k = 0; k < b->n; k++) left += keep[k] != 0;
    for (uint32_t k = 0; k < b->n && left > 1; k++) {
        if (!keep[k]) continue;
        if (is_credit(b, k) || (type == DL_PAGE_ARTICLE && (is_lead_in(b, k) || is_captioned_credit(b, k)))) keep[k] = 0, left--;
    }
    /* the naming rules' state; out of memory, they are left out (the text is still right) */
    naming nm = {.inh = NULL, .marked = NULL};
    int nm_ok = 0;
    if (left > 1 && cx->n) {
        word_set_init(&nm.set);
        nm.inh = malloc((size_t)cx->n * sizeof(*nm.inh));
        nm.marked = malloc(cx->n);
        nm_ok = nm.inh && nm.marked;
        if (nm_ok) names_inherited(&nm, cx, b, keep);
    }
    /* the reviews after a shop's own text (see names_word); measured on WCXB dev: product .6989 -> .7071
     * (20 pages better, 1 worse by 0.002), collection .7385 -> .7392; dropping them wherever they sit
     * cost 11 product pages up to 0.06 (critics' quotes inside the description). traf-dev and aeb
     * unchanged */
    if ((type == DL_PAGE_PRODUCT || type == DL_PAGE_COLLECTION) && left > 1 && nm_ok) drop_named(&nm, b, NL_REVIEW, 1, keep, &left);
    /* a forum signature (class or id "signature", "post-signature", "message-signature") is what its
     * author says under every post (what they play, their setup, a motto, a link), not the reply.
     * Only on forum pages: on a documentation page a "signature" is a function's. WCXB dev: forum
     * .8188 -> .8206 (7 pages better, none worse); on every type, documentation -0.0001 */
    if (type == DL_PAGE_FORUM && left > 1 && nm_ok) drop_named(&nm, b, NL_SIGNATURE, 0, keep, &left);
    /* a shop's controls and sales marks around its cards and its product (class or id "compare" for the
     * compare box, "badge" for "Sale", "New", "Best seller", "usp" for the bar of its selling points,
     * "trust" for its guarantees and ratings widgets) are the shop's, the same on every page, not what
     * the page sells or lists. On product and collection pages; WCXB dev .89946 -> .89961 (24 pages
     * better, 6 worse: a collection whose truth keeps its cards' badges), product .7413 -> .7424,
     * collection .7575 -> .7583, aeb and traf-dev unchanged. */
    if ((type == DL_PAGE_PRODUCT || type == DL_PAGE_COLLECTION) && left > 1 && nm_ok)
        drop_named(&nm, b, NL_SHOP, 0, keep, &left);
    /* on a category page, moreover, the shop's shipping notices, promotional offers and modals (a
     * quick view of a card, a size guide, an offer's terms, in markup that names itself "shipping-bar",
     * "offer-banner", "quickview-modal") say what the shop says on every category, not what the category
     * holds. WCXB dev .89961 -> .89984 (collection .7583 -> .7612; 18 pages better, 2 worse), aeb and
     * traf-dev unchanged; on product pages the same words cost more than they gained (a product's own
     * shipping and offer details are its text). */
    if (type == DL_PAGE_COLLECTION && left > 1 && nm_ok) drop_named(&nm, b, NL_CATEGORY, 0, keep, &left);
    /* a faceted search's filters (class or id "facet", "facets-list", "searchFacets": the brands, sizes,
     * prices and counts a shop's or a catalogue's results can be narrowed by) are controls, not the
     * page's text. On the pages that have them (a product, a collection, a listing); WCXB dev:
     * collection .7392 -> .7434, product .7071 -> .7072 (6 pages better, none worse); on every page
     * type a service page lost 0.02. ("filter" as the word: 18 better, 6 worse, up to -0.04.) */
    if ((type == DL_PAGE_PRODUCT || type == DL_PAGE_COLLECTION || type == DL_PAGE_LISTING) && left > 1 && nm_ok)
        drop_named(&nm, b, NL_FACET, 0, keep, &left);
    /* what a page says about itself or points to, not its text: a disclaimer ("The views expressed are
     * the author's", "This is not medical advice", "Prices and availability may vary"), a disclosure (of
     * affiliate links, of sponsorship) and the related items (posts, products, articles) under or beside
     * it, each named so in its class or id ("entry-disclaimer", "affiliate-disclosure", "related-posts",
     * "relatedProducts"). The model weighs their prose like any paragraph's; their markup says what they
     * are, whoever made them. On every page type. WCXB dev .8972 -> .8978 (36 pages better, 9 worse),
     * traf-dev .9412 -> .9424 (four boilerplate snippets fewer, none lost), aeb .9834 unchanged (P .9784
     * -> .9785, R .9884 -> .9883: one opinion disclaimer aeb's truth keeps, one deals box it does not).
     * The same for what is laid over the text or beside it to work the page, named so: a popover or a
     * tooltip (the text a hover or a click opens: a shipping estimate, a badge's explanation), a toolbar
     * (sort, view, share), a breadcrumb trail, a site announcement bar, an upsell offer, a wishlist
     * button: WCXB dev .8982 -> .8988 (52 pages better, 8 worse: two pages of one site whose feature
     * tooltips its truth keeps on one and not the other, a shop's badge filters), aeb and traf-dev
     * unchanged. Left out as mixed: "shipping" (12 better, 6 worse), "sticky" (26, 18), "compare" (15, 8,
     * listing -0.002), "quick" (16, 11).
     * And what asks the reader or stands in for the text until a script runs: a feedback or survey box
     * ("Was this page helpful?", "How was this issue?"), a paywall prompt, a loading placeholder, a
     * spinner or a skeleton, and a disabled control (a size or an option that cannot be chosen):
     * WCXB dev .8988 -> .8990 (23 pages better, 3 worse), traf-dev .9424 -> .9428 (one boilerplate
     * snippet fewer), aeb unchanged.
     * Then the other names of related items and of what asks the reader: recommendations, trending
     * and (recently) viewed items, similar items, a sign-up or opt-in form, a donation appeal, a sale's
     * countdown, a coupon: WCXB dev .8990 -> .8994 (31 pages better, 1 worse by less than 0.001;
     * service .8772 -> .8789, listing .7992 -> .8008), aeb .9834 -> .9835 (P .9785 -> .9787), traf-dev
     * unchanged. */
    if (left > 1 && nm_ok) drop_named(&nm, b, NL_ABOUT, 0, keep, &left);
    /* an element whose ARIA role says it is a navigation landmark, a search form, a toolbar or a
     * tooltip is one, whatever its tag: role="navigation" is the <nav> the design prunes, written as a
     * <div> or a <ul> (a table of contents, a pager, a category tree inside the content's container),
     * and the model, which reads tags and class words, does not see it. WCXB dev .8994 -> .8995 (24
     * pages better, 3 worse: a listing whose role="navigation" list of links its truth keeps),
     * documentation .9471 -> .9481, aeb and traf-dev unchanged. "complementary", "menu" and "menubar"
     * as well: no further gain. */
    if (left > 1 && nm_ok) drop_named(&nm, b, NL_NAV_ROLE, 0, keep, &left);
    /* a call to action inside an article (class or id "cta", "post-cta", "ctaBox": "Get a free quote",
     * "Book a demo", "Join the course") is the site's pitch between or after the article's paragraphs,
     * not what the article says. Only on article pages: on a service page the calls to action are the
     * page's own offer (on every type: service -0.002). WCXB dev .89984 -> .90007 (24 pages better, 5
     * worse), traf-dev .9428 -> .9431 (one boilerplate snippet fewer), aeb .9835 -> .9836 (P .9787 ->
     * .9790). */
    if (type == DL_PAGE_ARTICLE && left > 1 && nm_ok) drop_named(&nm, b, NL_CTA, 0, keep, &left);
    free(nm.inh);
    free(nm.marked);
    /* from the end: each trailing label dropped makes the kept block before it the last one. Only on
     * article pages: a listing's or a shop's last kept blocks are often card titles (headings) whose
     * cards hold little else, and they are its content (WCXB dev: listing -0.003 when applied there). */
    if (type != DL_PAGE_ARTICLE) return;
    keep_lead(b, score, threshold, keep);
    uint32_t end = b->n; /* the blocks from end on are decided */
    while (left > 1) {
        /* the last kept blocks, latest first: a label, or a label over at most DL_EDGE_STUBS stubs */
        uint32_t run[DL_EDGE_STUBS + 1], m = 0;
        for (uint32_t k = end; k-- > 0 && m <= DL_EDGE_STUBS;)
            if (keep[k]) run[m++] = k;
        uint32_t j = 0;
        while (j < m && !is_trailing_label(cx, b, run[j]) && is_stub(b, run[j])) j++;
        if (j == m || !is_trailing_label(cx, b, run[j]) || j + 1 >= left) break;
        for (uint32_t i = 0; i <= j; i++) keep[run[i]] = 0;
        left -= j + 1;
        end = run[j];
    }
}
