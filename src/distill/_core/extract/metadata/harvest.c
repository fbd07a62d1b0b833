/* The harvest: the walk's hooks (dl_meta_visit, dl_meta_visit_known, dl_meta_leave: article.c calls them
 * on every element in document order) and what each element is a source of: the design's fields, a
 * <meta>'s, a JSON-LD script's or a microdata item's declared sources, the <h1>s and <h2>s, and the
 * visible bylines and date lines, marked by their class, id and itemprop words, a "By" in their text or a
 * link to an author's page. Every element of the page comes here: the checks go cheapest first, and a
 * class or id value's words are read once per page (hints_of).
 */
#include "extract/metadata/internal.h"

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#endif

#include "extract/metadata/words.h"

void dl_meta_init(dl_meta *m) {
    memset(m, 0, sizeof(*m));
    dl_metadata_init(&m->design);
    m->page = &m->page_store;
}

void dl_meta_set_page_type(dl_meta *m, int type) { m->page_type = type + 1; }

void dl_meta_free(dl_meta *m) {
    dl_metadata_free(&m->design);
    for (int i = 0; i < DL_SRC__COUNT; i++) dl_buf_free(&m->src[i]);
    dl_buf_free(&m->page_store.text);
    dl_buf_free(&m->page_store.shown);
}

/* Keep el in a list of at most max elements (the <h1>s, the bylines ...), with its place in the walk. */
static void keep_node(dl_meta_node *list, size_t *count, size_t max, const dl_node *el, uint32_t order,
                      int by_word) {
    if (*count >= max) return;
    list[*count].node = el;
    list[*count].order = order;
    list[*count].by_word = (uint8_t)by_word;
    (*count)++;
}

/* Whether el's text starts with "By" (or a sibling language's word) as a word of its own: a byline
 * written as text ("<span>By</span> <a>Jane Doe</a>", "<p>By Jane Doe</p>"), with no class to say so.
 * Only the first text child is read, so the check costs nothing on other elements. */
static int by_word(const dl_node *el) {
    const dl_node *t = el->first_child;
    if (!t || t->type != DL_NODE_TEXT) return 0;
    const char *s = t->u.text.ptr;
    size_t n = t->u.text.len, lead = dl_ascii_space_prefix(s, n);
    s += lead, n -= lead;
    /* every word below starts with one of these letters: most texts are ruled out by their first */
    switch (lower((unsigned char)(n ? *s : 0))) {
    case 'b': case 'v': case 'p': case 'd': case 'w': break;
    default: return 0;
    }
    if (n < 2) return 0;
    unsigned char c0 = lower((unsigned char)s[0]), c1 = lower((unsigned char)s[1]);
    static const char *const words[] = {DL_MW_BY_WORDS};
    size_t k = 0, nwords = sizeof words / sizeof words[0];
    /* and by their second: "the", "product", "details" start no word, so no comparison is made */
    while (k < nwords && ((unsigned char)words[k][0] != c0 || (unsigned char)words[k][1] != c1)) k++;
    if (k == nwords) return 0;
    while (n && dl_ascii_is_space((unsigned char)s[n - 1])) n--;
    for (; k < nwords; k++) {
        size_t wl = strlen(words[k]);
        if (n < wl || !starts_ci(s, n, words[k])) continue;
        if (n == wl || s[wl] == ':') return 1;
        /* "By Jane": the word, a space, a capital letter (a sentence "by the way" is not a byline) */
        if (s[wl] == ' ' && wl + 1 < n && (((unsigned char)s[wl + 1] >= 'A' && (unsigned char)s[wl + 1] <= 'Z') ||
                                           (unsigned char)s[wl + 1] >= 0xC3) && n < 80 && s[0] >= 'A' && s[0] <= 'Z')
            return 1;
    }
    return 0;
}

/* Whether el sits in a menu (a navigation, a button, a form's choice or a disclosure's summary) or in
 * code (<pre>, <code>), at most 16 levels up. "By Price", "By Gender & Age", "BY COMPANY SIZE" in a
 * menu are its facet labels, and "BY DEFAULT AS IDENTITY" in a listing is SQL, which by_word would
 * read as "By" and a capitalised name. */
static int in_menu_or_code(const dl_node *el) {
    const dl_node *a = el;
    for (int up = 0; a && a->type == DL_NODE_ELEMENT && up < 16; up++, a = a->parent) {
        if (a->ns != DL_NS_HTML) continue;
        switch (a->atom) {
#define DL_CASE(t) case DL_TAG_##t:
        DL_MW_MENU_OR_CODE_TAGS(DL_CASE)
#undef DL_CASE
            return 1;
        default:
            break;
        }
    }
    return 0;
}

/* Where a name is a credit for something other than the page's text: a picture's caption (<figure>,
 * <figcaption>: "Photograph by Tyrone Turner"), a quotation's attribution (<blockquote>: a
 * testimonial's "Michelle Lin, Chief Financial Officer", a review's "<cite>Ash C.</cite>"), or, for a
 * "by" line (page_footer set), the page's own <footer>, one inside no <article> or <main> ("Made with
 * love by Dots United", a web agency's credit; an article's footer may hold its byline, and an author
 * box after the post is often a <footer> of its own, its name marked by its class). Looks at most 16
 * levels up. */
static int credit_place(const dl_node *el, int page_footer) {
    const dl_node *a = el;
    int footer = 0;
    for (int up = 0; a && a->type == DL_NODE_ELEMENT && up < 16; up++, a = a->parent) {
        if (a->ns != DL_NS_HTML) continue;
        if (a->atom == DL_TAG_figure || a->atom == DL_TAG_figcaption || a->atom == DL_TAG_blockquote) return 1;
        if (a->atom == DL_TAG_footer) footer = 1;
        if (a->atom == DL_TAG_article || a->atom == DL_TAG_main) return 0;
    }
    return page_footer && footer;
}

/* Whether el sits in a menu its classes name ("menu-item" list items of a theme's header, not a <nav>),
 * at most six levels up. */
static int in_menu_class(const dl_node *el) {
    const dl_node *a = el;
    for (int up = 0; a && a->type == DL_NODE_ELEMENT && up < 6; up++, a = a->parent) {
        const dl_attr *cls = attr(a, "class");
        if (cls && contains_ci(cls->value.ptr, cls->value.len, DL_MW_MENU_CLASS)) return 1;
    }
    return 0;
}

/* Whether el is inside a comment or the comments' list (a class or id with "comment", at most 8 levels
 * up): "Kommentar von <cite>Mareike</cite>" names a commenter, not the author. */
static int in_comments(const dl_node *el) {
    const dl_node *a = el->parent;
    for (int up = 0; a && a->type == DL_NODE_ELEMENT && up < 8; up++, a = a->parent) {
        const dl_attr *cls = attr(a, "class"), *id = attr(a, "id");
        if ((cls && contains_ci(cls->value.ptr, cls->value.len, DL_MW_COMMENT_CLASS)) ||
            (id && contains_ci(id->value.ptr, id->value.len, DL_MW_COMMENT_CLASS)))
            return 1;
    }
    return 0;
}

/* Whether the link el points to an author's page: a path segment that lists a site's authors
 * ("/author/jane-doe/", "/about/editors/jon-fingas/"; not "/profile/", which social sites' links
 * carry too). */
static int author_page_link(const dl_node *el) {
    if (!dl_is_element(el, DL_TAG_a)) return 0;
    const dl_attr *href = attr(el, "href");
    if (!href) return 0;
    static const char *const segments[] = {DL_MW_AUTHOR_PAGE_SEGMENTS};
    /* one pass over the href: a segment is compared only after a slash, and only when its first letter
     * starts one of the words (every link of the page comes here) */
    const char *p = href->value.ptr, *end = p + href->value.len;
    while ((p = memchr(p, '/', (size_t)(end - p))) != NULL) {
        p++;
        if (p == end) break;
        unsigned char c = lower((unsigned char)*p);
        if (c != 'a' && c != 'e' && c != 'w' && c != 'c' && c != 'r' && c != 'j') continue;
        for (size_t k = 0; k < sizeof segments / sizeof segments[0]; k++)
            if ((unsigned char)segments[k][0] == c && starts_ci(p, (size_t)(end - p), segments[k])) return 1;
    }
    return 0;
}

/* Class, id or itemprop words that mark a byline or a date line, and those that veto each (words.h's
 * DL_MW_HINTS_*): a value holds a hint when it holds a word of the first kind and none of the second.
 * The words are grouped by their first letter, each with the lists that hold it, so that one pass over
 * a value finds all of them rather than a search per word. */
enum { HINT_BYLINE = 1, HINT_NOT_BYLINE = 2, HINT_DATE = 4, HINT_NOT_DATE = 8 };

typedef struct {
    const char *word;
    uint8_t len, lists;
} hint_word;

#define HW(w, lists) {w, sizeof(w) - 1, lists},
static const hint_word hint_a[] = {DL_MW_HINTS_A(HW)};
static const hint_word hint_b[] = {DL_MW_HINTS_B(HW)};
static const hint_word hint_c[] = {DL_MW_HINTS_C(HW)};
static const hint_word hint_d[] = {DL_MW_HINTS_D(HW)};
static const hint_word hint_e[] = {DL_MW_HINTS_E(HW)};
static const hint_word hint_f[] = {DL_MW_HINTS_F(HW)};
static const hint_word hint_i[] = {DL_MW_HINTS_I(HW)};
static const hint_word hint_m[] = {DL_MW_HINTS_M(HW)};
static const hint_word hint_n[] = {DL_MW_HINTS_N(HW)};
static const hint_word hint_p[] = {DL_MW_HINTS_P(HW)};
static const hint_word hint_r[] = {DL_MW_HINTS_R(HW)};
static const hint_word hint_s[] = {DL_MW_HINTS_S(HW)};
static const hint_word hint_t[] = {DL_MW_HINTS_T(HW)};
static const hint_word hint_u[] = {DL_MW_HINTS_U(HW)};
static const hint_word hint_w[] = {DL_MW_HINTS_W(HW)};
#undef HW

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* The hint words starting with the lower-case byte c: *n of them. */
static const hint_word *hint_words_at(unsigned char c, size_t *n) {
#define HINTS(x) return *n = COUNT(x), x
    switch (c) {
    case 'a': HINTS(hint_a);
    case 'b': HINTS(hint_b);
    case 'c': HINTS(hint_c);
    case 'd': HINTS(hint_d);
    case 'e': HINTS(hint_e);
    case 'f': HINTS(hint_f);
    case 'i': HINTS(hint_i);
    case 'm': HINTS(hint_m);
    case 'n': HINTS(hint_n);
    case 'p': HINTS(hint_p);
    case 'r': HINTS(hint_r);
    case 's': HINTS(hint_s);
    case 't': HINTS(hint_t);
    case 'u': HINTS(hint_u);
    case 'w': HINTS(hint_w);
    default: return *n = 0, NULL;
    }
#undef HINTS
}

/* Whether a hint piece starts at p (r bytes left, r >= 2; see has_piece). */
static int piece_at(const char *p, size_t r) {
    unsigned char c2 = lower((unsigned char)p[1]);
    switch (lower((unsigned char)*p)) {
    case 'a': return c2 == 'u' && starts_ci(p, r, "aut");
    case 'b': return c2 == 'y'; /* "by" is its first two letters */
    case 'w': return c2 == 'r' && starts_ci(p, r, "writer");
    case 'r': return c2 == 'e' && starts_ci(p, r, "reporter");
    case 'd': return c2 == 'a' && starts_ci(p, r, "dat");
    case 't': return c2 == 'i' && starts_ci(p, r, "tim");
    case 'p': return (c2 == 'u' && starts_ci(p, r, "pub")) || (c2 == 'o' && starts_ci(p, r, "post"));
    case 'f': return c2 == 'e' && starts_ci(p, r, "fecha");
    case 'm': return c2 == 'e' && starts_ci(p, r, "meta");
    case 'u': return c2 == 's' && (starts_ci(p, r, "username") || starts_ci(p, r, "user-name"));
    default: return 0;
    }
}

/* Whether s holds a piece every byline or date-line word holds ("aut", "by", "writer", "reporter", "dat",
 * "tim", "pub", "post", "fecha", "meta", "username"), ASCII case-insensitively: one pass over the value,
 * so the many class names and ids that hold none cost little. */
static int has_piece(const char *s, size_t n) {
    size_t i = 0;
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
    /* 16 places at a time: a place is looked at only when its two bytes are a piece's first two
     * letters, in either case (a letter's byte with bit 0x20 set is its lower case, and no other byte
     * becomes a lower-case letter so), which most values never are */
    const __m128i case_bit = _mm_set1_epi8(0x20);
#define DL_PAIR(a, b) _mm_and_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8(a)), _mm_cmpeq_epi8(y, _mm_set1_epi8(b)))
    for (; i + 17 <= n; i += 16) {
        __m128i x = _mm_or_si128(_mm_loadu_si128((const __m128i *)(const void *)(s + i)), case_bit);
        __m128i y = _mm_or_si128(_mm_loadu_si128((const __m128i *)(const void *)(s + i + 1)), case_bit);
        __m128i m = _mm_or_si128(_mm_or_si128(_mm_or_si128(DL_PAIR('a', 'u'), DL_PAIR('b', 'y')),
                                              _mm_or_si128(DL_PAIR('w', 'r'), DL_PAIR('r', 'e'))),
                                 _mm_or_si128(_mm_or_si128(DL_PAIR('d', 'a'), DL_PAIR('t', 'i')),
                                              _mm_or_si128(_mm_or_si128(DL_PAIR('p', 'u'), DL_PAIR('p', 'o')),
                                                           _mm_or_si128(_mm_or_si128(DL_PAIR('f', 'e'), DL_PAIR('m', 'e')),
                                                                        DL_PAIR('u', 's')))));
        for (unsigned bits = (unsigned)_mm_movemask_epi8(m); bits; bits &= bits - 1)
            if (piece_at(s + i + (unsigned)__builtin_ctz(bits), n - i - (unsigned)__builtin_ctz(bits))) return 1;
    }
#undef DL_PAIR
#endif
    /* per first letter of a piece (both cases), its second letters as bits (a letter's byte & 31, either
     * case): a place is ruled out by two loads and a shift, without a branch on its first letter, which
     * is one of the pieces' in most words (another byte whose & 31 is a second letter's only makes
     * piece_at look) */
#define L(c) (1u << ((c) & 31))
    static const uint32_t second[256] = {['a'] = L('u'), ['b'] = L('y'), ['w'] = L('r'), ['r'] = L('e'),
                                         ['d'] = L('a'), ['t'] = L('i'), ['p'] = L('u') | L('o'), ['f'] = L('e'),
                                         ['m'] = L('e'), ['A'] = L('u'), ['B'] = L('y'), ['W'] = L('r'),
                                         ['R'] = L('e'), ['D'] = L('a'), ['T'] = L('i'), ['P'] = L('u') | L('o'),
                                         ['F'] = L('e'), ['M'] = L('e'), ['u'] = L('s'), ['U'] = L('s')};
#undef L
    for (; i + 2 <= n; i++)
        if ((second[(unsigned char)s[i]] >> ((unsigned char)s[i + 1] & 31) & 1) && piece_at(s + i, n - i)) return 1;
    return 0;
}

/* Which of the two hints one class, id or itemprop value carries (bit 1 byline, bit 2 date line): the
 * lists holding a word the value holds, ASCII case-insensitively, found in one pass over its lower-case
 * copy (n < 200: long_value_hints passes no longer value). A place is compared with a word only when
 * its first two letters are the word's. */
static unsigned value_hints(const char *v, size_t n) {
    if (!has_piece(v, n)) return 0;
    unsigned char low[200];
    for (size_t i = 0; i < n; i++) low[i] = lower((unsigned char)v[i]);
    unsigned lists = 0;
    for (size_t i = 0; i + 3 <= n; i++) { /* the shortest word has three letters */
        size_t nw;
        const hint_word *w = hint_words_at(low[i], &nw);
        for (size_t k = 0; k < nw; k++)
            if ((unsigned char)w[k].word[1] == low[i + 1] && w[k].len <= n - i &&
                memcmp(low + i + 2, w[k].word + 2, w[k].len - 2u) == 0)
                lists |= w[k].lists;
    }
    unsigned out = 0;
    if ((lists & (HINT_BYLINE | HINT_NOT_BYLINE)) == HINT_BYLINE) out |= 1;
    if ((lists & (HINT_DATE | HINT_NOT_DATE)) == HINT_DATE) out |= 2;
    return out;
}

/* value_hints of a value of any length: a long one (a utility-first stylesheet's forty classes after
 * "author-name") by its words in the first 199 bytes, where a template puts its own names before the
 * styling ones (the cost stays 199 bytes per value) */
static unsigned long_value_hints(const char *v, size_t n) {
    if (n < 200) return value_hints(v, n);
    size_t k = 199;
    while (k && !dl_ascii_is_space((unsigned char)v[k])) k--;
    return k ? value_hints(v, k) : 0;
}

/* The hints of one class, id or itemprop value (value_hints), remembered: in cell when the walk keeps
 * one for the value (its bit 2 set once known, extract.h), else in the harvest's memo. */
enum { HINTS_KNOWN = 4 };
static unsigned hints_of(dl_meta *m, const dl_attr *a, uint32_t *cell) {
    if (!a || !a->value.len) return 0;
    if (cell) {
        if (!(*cell & HINTS_KNOWN)) *cell = HINTS_KNOWN | long_value_hints(a->value.ptr, a->value.len);
        return *cell & 3u;
    }
    size_t slot = 0;
    unsigned h;
    if (!dl_word_memo_get(&m->hint_memo, a->value.ptr, a->value.len, &slot, &h)) {
        h = long_value_hints(a->value.ptr, a->value.len);
        dl_word_memo_put(&m->hint_memo, slot, a->value.ptr, a->value.len, h);
    }
    return h;
}

/* Which of the two hints el's class, id and itemprop carry: the values' hints together. A page repeats
 * its values (every card of a grid has the same class), so each value's hints are remembered for the
 * walk, and a repeat costs a lookup rather than a scan (none at all for a class or id value the
 * page-type walk looked up, cells[0] and cells[1]). rel=author is read as a token. */
static unsigned hints(dl_meta *m, const dl_known_attrs *ma, uint32_t *const cells[2]) {
    return hints_of(m, ma->class_, cells[0]) | hints_of(m, ma->id, cells[1]) | hints_of(m, ma->itemprop, NULL);
}

/* A <time> (or a custom element with a datetime): its date, declared by its datetime or written as its
 * text, as the publication, a modification or a plain <time> by its class and itemprop; and, on a page
 * whose language leaves the numeric date order open, the order its text shows. */
static void visit_time(dl_meta *m, const dl_node *el) {
    const dl_attr *dt = attr(el, "datetime");
    const dl_attr *cls = attr(el, "class"), *prop = attr(el, "itemprop");
    static const char *const modified_words[] = {DL_MW_MODIFIED_WORDS};
    static const char *const published_words[] = {DL_MW_PUBLISHED_CLASSES};
    int modified = (cls && contains_any(cls->value.ptr, cls->value.len, modified_words,
                                        sizeof modified_words / sizeof modified_words[0])) ||
                   (prop && contains_ci(prop->value.ptr, prop->value.len, "datemodified"));
    dl_buf b = {0};
    if (dt && dt->value.len) dl_buf_append(&b, dt->value.ptr, dt->value.len);
    else meta_bounded_text(el, DL_META_DATELINE_MAX, 1, &b);
    if (b.failed) m->nomem = 1;
    /* A page whose language does not say how it orders a numeric date (English at large, whose month
     * first is a guess, or no lang) shows it in its <time>s: "12/17/2025", or "03/01/2017" for
     * datetime="2017-03-01", is month first, and the page's other numeric dates ("10/12/2023" above
     * the headline, with no markup) are read that way (the first <time> that tells settles it) */
    if (!m->day_first || m->order_guessed) {
        dl_buf text = {0};
        dl_date known;
        int have = dt && dt->value.len && dl_date_parse(dt->value.ptr, dt->value.len, &known);
        meta_bounded_text(el, DL_META_DATELINE_MAX, 1, &text);
        if (text.failed) m->nomem = 1;
        else if (text.len) {
            int order = dl_date_order(text.data, text.len, have ? &known : NULL);
            if (order) m->day_first = order, m->order_guessed = 0;
        }
        dl_buf_free(&text);
    }
    if (b.len) {
        int published = attr(el, "pubdate") ||
                        (cls && contains_any(cls->value.ptr, cls->value.len, published_words,
                                             sizeof published_words / sizeof published_words[0]));
        /* microdata's dateCreated is when the work was made public as much as datePublished: a
         * question's "asked" <time> on a Q&A page (its answers' and comments' datePublished follow) */
        if (prop && (contains_ci(prop->value.ptr, prop->value.len, "datepublished") ||
                     contains_ci(prop->value.ptr, prop->value.len, "datecreated")))
            meta_set_date(m, DL_DATE_ITEMPROP_PUBLISHED, b.data, b.len);
        else if (modified) meta_set_date(m, DL_DATE_ITEMPROP_MODIFIED, b.data, b.len);
        else if (published) meta_set_date(m, DL_DATE_TIME_PUBDATE, b.data, b.len);
        else meta_set_date(m, DL_DATE_TIME, b.data, b.len);
    }
    dl_buf_free(&b);
}

/* The name of the page's first author item: one its markup states, in a <meta> or <link> (<span
 * itemprop=author itemscope><link itemprop=name content="Jane Doe">), schema.org's author, declared as
 * an author meta's is; or one it shows as the text of its itemprop=name element, when the item is the
 * author of a posting or an article item (a forum thread's DiscussionForumPosting names its starter
 * first, in a hidden author item, before the replies' own; kept apart
 * and weighed after the declared authors, since a related story's card is an article item too). The
 * name belongs to the nearest item around it (itemscope, at most 8 levels up), which must be the
 * author, not the page's video or product, and a person (an Organization item is the publisher signing
 * for its staff, where the visible byline names who wrote it). Whether the name names someone is
 * meta_resolve_byline's question (byline.c's names_someone), as for every declared author. */
static void item_author_name(dl_meta *m, const dl_node *el, const dl_known_attrs *ma) {
    if (!has_token(ma->itemprop, "name") || m->src[DL_SRC_ITEMPROP_AUTHOR].len ||
        m->src[DL_SRC_ITEMPROP_AUTHOR_TEXT].len)
        return;
    const dl_attr *content = attr(el, "content");
    if (content && content->value.len && meta_looks_like_url(content->value.ptr, content->value.len)) return;
    const dl_node *item = el->parent;
    for (int up = 0; item && item->type == DL_NODE_ELEMENT && up < 8; up++, item = item->parent) {
        if (!attr(item, "itemscope")) continue;
        const dl_attr *type = attr(item, "itemtype");
        if (has_token(attr(item, "itemprop"), "author") &&
            !(type && contains_ci(type->value.ptr, type->value.len, "organization"))) {
            if (content && content->value.len) {
                meta_set_src(m, DL_SRC_ITEMPROP_AUTHOR, content->value.ptr, content->value.len);
                return;
            }
            /* a name the item shows as text, when the item is the author of a posting or an article
             * item (the item above it, at most 8 levels up) and the first such: kept apart, after the
             * declared authors (a related story's card carries one too) */
            const dl_node *post = item->parent;
            for (int k = 0; post && post->type == DL_NODE_ELEMENT && k < 8 && !attr(post, "itemscope"); k++)
                post = post->parent;
            const dl_attr *pt = post && post->type == DL_NODE_ELEMENT ? attr(post, "itemtype") : NULL;
            static const char *const post_types[] = {DL_MW_POST_ITEM_TYPES};
            if (!pt ||
                !contains_any(pt->value.ptr, pt->value.len, post_types, sizeof post_types / sizeof post_types[0]))
                return;
            meta_bounded_text(el, DL_META_TEXT_MAX, 0, &m->src[DL_SRC_ITEMPROP_AUTHOR_TEXT]);
            if (m->src[DL_SRC_ITEMPROP_AUTHOR_TEXT].failed) m->nomem = 1;
        }
        return;
    }
}

/* The sources a tag holds (visit_tag's second switch); 0 where the harvest is done with the element (its
 * attributes are not read as those of a visible source). */
static int visit_source_tag(dl_meta *m, const dl_node *el, const dl_known_attrs *ma) {
    uint32_t order = m->order;
    switch (el->atom) {
    case DL_TAG_h1: keep_node(m->h1, &m->nh1, DL_META_H1_MAX, el, order, 0); break;
    case DL_TAG_h2: keep_node(m->h2, &m->nh2, DL_META_H2_MAX, el, order, 0); break;
    case DL_TAG_title:
        if (!m->src[DL_SRC_TITLE_TAG].len) meta_bounded_text(el, DL_META_TEXT_MAX, 0, &m->src[DL_SRC_TITLE_TAG]);
        break;
    case DL_TAG_meta:
        if (ma->itemprop) item_author_name(m, el, ma);
        meta_visit_meta(m, el);
        return 0;
    case DL_TAG_script: {
        const dl_attr *type = attr(el, "type");
        if (type && contains_ci(type->value.ptr, type->value.len, "ld+json")) meta_visit_json_ld(m, el);
        return 0;
    }
    case DL_TAG_time: visit_time(m, el); break;
    case DL_TAG_link:
        if (ma->itemprop) item_author_name(m, el, ma);
        return 0;
    case DL_TAG_abbr: {
        /* microformats (hAtom): <abbr class="published" title="2019-11-18T07:45:00Z">Nov 18</abbr> */
        const dl_attr *cls = attr(el, "class"), *title = attr(el, "title");
        if (cls && title && (has_token(cls, "published") || has_token(cls, "dtstart")))
            meta_set_date(m, DL_DATE_TIME_PUBDATE, title->value.ptr, title->value.len);
        break;
    }
    default:
        /* custom elements that carry a datetime (<relative-time>, <local-time>) are <time>s */
        if (el->atom >= DL_TAG__COUNT && ma->datetime) visit_time(m, el);
        break;
    }
    return 1;
}

/* What any element's attributes (and, for a byline, its first words) make it a source of. */
static void visit_source_attrs(dl_meta *m, const dl_node *el, const dl_known_attrs *ma, uint32_t *const cells[2]) {
    uint32_t order = m->order;
    /* microdata on any element: <span itemprop="author">, <h1 itemprop="headline">, a datePublished */
    const dl_attr *prop = ma->itemprop;
    if (prop && el->atom != DL_TAG_time) {
        if (has_token(prop, "headline") && !m->src[DL_SRC_ITEMPROP_HEADLINE].len) {
            meta_bounded_text(el, DL_META_TEXT_MAX, 0, &m->src[DL_SRC_ITEMPROP_HEADLINE]);
        } else if (has_token(prop, "name")) {
            item_author_name(m, el, ma);
        } else if (has_token(prop, "datepublished") || has_token(prop, "datecreated") ||
                   has_token(prop, "datemodified")) {
            int pub = !has_token(prop, "datemodified");
            const dl_attr *v = attr(el, "datetime");
            if (!v) v = attr(el, "content");
            dl_buf b = {0};
            if (v) dl_buf_append(&b, v->value.ptr, v->value.len);
            else meta_bounded_text(el, DL_META_DATELINE_MAX, 1, &b);
            if (b.failed) m->nomem = 1;
            meta_set_date(m, pub ? DL_DATE_ITEMPROP_PUBLISHED : DL_DATE_ITEMPROP_MODIFIED, b.data ? b.data : "", b.len);
            dl_buf_free(&b);
        }
    }
    if (m->nbylines >= DL_META_NODES_MAX && m->ndatelines >= DL_META_NODES_MAX && m->ntimes >= DL_META_NODES_MAX)
        return;
    unsigned h = hints(m, ma, cells);
    if (m->nbylines < DL_META_NODES_MAX) {
        int word = 0;
        /* a byline class on the post's whole container is the template's note of who wrote it
         * (WordPress's "hentry author-jane-doe" on <article> or <body>), not a line the reader sees: the
         * container's first words are the headline */
        int container = el->atom == DL_TAG_article || el->atom == DL_TAG_main || el->atom == DL_TAG_body;
        if (((ma->rel && has_token(ma->rel, "author")) || (prop && has_token(prop, "author")) ||
             ((h & 1) && !container) || ((word = by_word(el)) && !in_menu_or_code(el) && !in_comments(el))) &&
            !credit_place(el, word))
            keep_node(m->bylines, &m->nbylines, DL_META_NODES_MAX, el, order, word);
        else if (author_page_link(el) && !in_menu_or_code(el) && !credit_place(el, 1) && !in_menu_class(el))
            /* a link to the author's page with no byline class or "By": the name a reader sees under
             * the headline ("<a href=/about/editors/jon-fingas/>Jon Fingas</a>"), read only there
             * (kind 2: byline.c's visible_byline, first pass); inside a byline block it splits the block's
             * links into names */
            keep_node(m->bylines, &m->nbylines, DL_META_NODES_MAX, el, order, 2);
    }
    if (m->ndatelines < DL_META_NODES_MAX && el->atom != DL_TAG_time && (h & 2))
        keep_node(m->datelines, &m->ndatelines, DL_META_NODES_MAX, el, order, 0);
    if (m->ntimes < DL_META_NODES_MAX && el->atom == DL_TAG_time)
        keep_node(m->times, &m->ntimes, DL_META_NODES_MAX, el, order, 0);
}

/* Languages whose numeric dates put the month first: only American English does. */
static int lang_day_first(const char *s, size_t n) {
    if (n >= 5 && ascii_ieq(s, 5, "en-us")) return 2;
    if (n == 2 && ascii_ieq(s, 2, "en")) return 0; /* English at large: either order (month first is guessed) */
    return n ? 1 : 0;
}

void dl_meta_visit(dl_meta *m, const dl_node *el) {
    if (el->type != DL_NODE_ELEMENT || el->ns != DL_NS_HTML) return;
    dl_known_attrs ka;
    dl_known_attrs_gather(el, &ka);
    dl_meta_visit_known(m, el, &ka, NULL, NULL);
}

/* The sources of the tags source_tags lists: the design's, then the article's. */
static int visit_tag(dl_meta *m, const dl_node *el, const dl_known_attrs *ma) {
    switch (el->atom) {
    case DL_TAG_html:
        if (!m->seen_html) {
            m->seen_html = 1;
            m->html = el;
            const dl_attr *lang = attr(el, "lang");
            if (lang) {
                meta_set_string(m, DL_META_LANG, RANK_ONLY, lang->value.ptr, lang->value.len);
                m->day_first = lang_day_first(lang->value.ptr, lang->value.len);
                /* English at large reads a numeric date month first, as American English (the
                 * larger share of English pages) writes it ("3/4/2025" under the headline is March 4);
                 * the page's own <time>s may say otherwise (visit_time) */
                if (!m->day_first && lang->value.len == 2 && ascii_ieq(lang->value.ptr, 2, "en"))
                    m->day_first = 2, m->order_guessed = 1;
            }
        }
        break;
    case DL_TAG_h1:
        if (!m->empty_h1 && wants(&m->design, DL_META_TITLE, RANK_TITLE_H1) &&
            !meta_set_text(m, DL_META_TITLE, RANK_TITLE_H1, el))
            m->empty_h1 = el;
        break;
    case DL_TAG_title:
        meta_set_text(m, DL_META_TITLE, RANK_TITLE_TITLE, el);
        break;
    case DL_TAG_a:
        if (!m->empty_author && wants(&m->design, DL_META_BYLINE, RANK_BYLINE_LINK) &&
            ma->rel && has_token(ma->rel, "author") && !meta_set_text(m, DL_META_BYLINE, RANK_BYLINE_LINK, el))
            m->empty_author = el;
        break;
    case DL_TAG_time:
        if (!m->empty_time && wants(&m->design, DL_META_DATE, RANK_DATE_TIME)) {
            const dl_attr *dt = ma->datetime;
            if (dt) meta_set_string(m, DL_META_DATE, RANK_DATE_TIME, dt->value.ptr, dt->value.len);
            /* An empty datetime attribute supplies nothing: fall back to the element's text. */
            if (wants(&m->design, DL_META_DATE, RANK_DATE_TIME) && !meta_set_text(m, DL_META_DATE, RANK_DATE_TIME, el))
                m->empty_time = el;
        }
        break;
    case DL_TAG_link:
        if (has_token(ma->rel, "canonical")) {
            const dl_attr *href = ma->href;
            if (href) meta_set_string(m, DL_META_CANONICAL, RANK_ONLY, href->value.ptr, href->value.len);
        }
        break;
    default:
        break;
    }
    return visit_source_tag(m, el, ma);
}

/* The tags visit_tag reads a source from: most elements are none of them, and skip its two switches (two
 * chains of comparisons) on one look at this table. Custom elements are read there when they carry a
 * datetime. */
static const uint8_t source_tags[DL_TAG__COUNT] = {
    [DL_TAG_html] = 1, [DL_TAG_h1] = 1,   [DL_TAG_h2] = 1,   [DL_TAG_title] = 1,  [DL_TAG_a] = 1,
    [DL_TAG_time] = 1, [DL_TAG_link] = 1, [DL_TAG_meta] = 1, [DL_TAG_script] = 1, [DL_TAG_abbr] = 1,
};

void dl_meta_visit_known(dl_meta *m, const dl_node *el, const dl_known_attrs *ma, uint32_t *class_cell,
                         uint32_t *id_cell) {
    uint32_t *const cells[2] = {class_cell, id_cell};
    m->order++;
    if (el->atom < DL_TAG__COUNT ? source_tags[el->atom] : ma->datetime != NULL) {
        if (!visit_tag(m, el, ma)) return;
    }
    visit_source_attrs(m, el, ma, cells);
}

void dl_meta_leave(dl_meta *m, const dl_node *el) {
    if (el == m->empty_h1) m->empty_h1 = NULL;
    if (el == m->empty_time) m->empty_time = NULL;
    if (el == m->empty_author) m->empty_author = NULL;
}
