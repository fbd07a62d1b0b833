/* The content of article() (issue 12): which blocks of the page are its text, grouped into regions.
 *
 * The classic selection of issue 5 (classic/select.c: one winner, its split chunks, cleaned) is only the
 * starting point: every text block of the page (blocks.c) is scored by the region classifier
 * (block_model.c, fitted by tools/fit_blocks.py), which weighs the classic choice against the block's
 * own shape, its class and id words, its tag context and its siblings. A page is thus read as several
 * regions (the posts of a thread, the cards of a listing, the sections of a service page, the chunks of a
 * split article and what lies between them), not one element.
 *
 * The one content model: the regions are the highest elements all of whose block text is content, in
 * document order; the skip set holds the never-content elements inside them. Article.text,
 * Article.markdown and Article.html all render exactly that.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/ascii.h"
#include "extract/classic/article_table.h"
#include "extract/classic/article_text.h"
#include "extract/blocks/blocks.h"
#include "extract/metadata/jsonld.h"
#include "extract/page_type/page_type.h"
#include "extract/pipeline/pipeline.h"
#include "extract/regions/comments.h"
#include "extract/regions/prose_links.h"
#include "extract/regions/region_edges.h"
#include "extract/regions/region_runs.h"
#include "serialize/layout.h"
#include "serialize/text.h"

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#endif

/* Favor shifts the classifier's threshold: precision keeps only blocks it is surer of, recall more. */
#define DL_REGION_FAVOR_SHIFT 1.0
/* Fallback: when no block clears the threshold and the classic selection is empty too, the blocks
 * within this much log-odds of the best one are kept, so that a page with visible text never gets an
 * empty article. */
#define DL_REGION_FALLBACK_MARGIN 1.0
/* A region is an element at least this share of whose block text is content (or a kept block): high
 * enough that a region is not the whole page around a small article, low enough that a chunk with a
 * dropped share button inside stays one region. */
#define DL_REGION_CONTENT_SHARE 0.5

/* A copy of text kept earlier: a page that ships the same article two or three times (one copy per
 * screen size, shown by style sheets; a post repeated in a hidden template) shows a reader one. An
 * element whose kept blocks say, word for word, what an earlier element's kept blocks said is a
 * copy, and its blocks are dropped, from this much text on: shorter repeats (a disclaimer on every
 * card, a step repeated in each recipe) are the page's own text, repeated on purpose. */
#define DL_REGION_COPY_MIN_CHARS 300
/* In a forum thread a reply that repeats an earlier post's words quotes it (or repeats a signature),
 * and the reader has read them already: there a copy counts from this much text on. */
#define DL_REGION_COPY_MIN_CHARS_FORUM 80
/* A shop's product page and a service page say their notices again per variant, per card, per plan
 * or per tab ("Color and model availability may vary", a promotion's terms, a support notice, a FAQ
 * shown twice): there a repeat counts from this much text on, one block or more. Measured on WCXB dev
 * against 300: .8978 -> .8982 (product .7328 -> .7353, service .8750 -> .8764; 24 pages better, 9 worse,
 * most of them a FAQ or a notice the page's truth keeps twice), aeb and traf-dev unchanged; 80 and 60
 * gained no more and cost more pages (13 and 17 worse). */
#define DL_REGION_COPY_MIN_CHARS_SHOP 100
/* A repeat of two blocks or more (a heading over its sentence, a list) is a copy from this much text on:
 * a carousel's slides cloned for its loop, a card or a hero repeated per screen size or per tab say a
 * group of lines once more, word for word, while the page's own short repeats (a step in each recipe of
 * a meal plan, a note under every card) are one paragraph each and keep DL_REGION_COPY_MIN_CHARS.
 * Measured against 300 for these: WCXB dev .8963 -> .8972 (service .8713 -> .8742, product .7278 ->
 * .7294; 48 pages better, 16 worse, most of those a feature list every plan of a pricing table repeats
 * or a callout repeated under each tab of a documentation page), aeb and traf-dev unchanged; one block
 * from 100 chars cost aeb .0002 (a meal plan's repeated dishes). */
#define DL_REGION_COPY_MIN_BLOCKS_SHORT 2
#define DL_REGION_COPY_MIN_CHARS_SHORT 100
/* A hidden element that repeats what an earlier element said is the other screen size's copy (a plan's
 * text for phones beside the one for desktops, each shown by a style sheet or a script): since hidden
 * content is shown (see show_hidden), such a copy counts from this much text on. Measured on WCXB dev:
 * 10 chars dropped a price one card repeats, 20 to 120 only copies. */
#define DL_REGION_COPY_MIN_CHARS_HIDDEN 20

typedef struct {
    dl_actx cx;
    dl_blocks b;
    uint32_t *root_idx, nroots;
    uint32_t *skip_idx, nskip;
    uint32_t *math_idx, nmath; /* the MathML formulas the regions keep */
    uint32_t *show_idx, nshow; /* hidden elements inside the regions that are or hold kept blocks */
    int64_t best;
    dl_page_type type;
    double confidence;
    int cascade; /* the dl_cascade_step that chose the content */
    dl_region_signals signals;
} dl_regions;

static void regions_free(dl_regions *r) {
    dl_tab_free(&r->cx);
    dl_blocks_free(&r->b);
    free(r->root_idx);
    free(r->skip_idx);
    free(r->math_idx);
    free(r->show_idx);
    memset(r, 0, sizeof(*r));
}

/* Whether block k's text is all link text. The fallback never keeps such
 * a block: a page whose only text is a menu or a link list has no article (the design returns None for
 * pure navigation too), and passing its links off as content would be garbage in a corpus. */
static int all_link_text(const dl_blocks *b, uint32_t k) { return b->x[(size_t)k * DL_BLOCK_NFEAT + DL_BF_link_density] >= 0.999f; }

/* Whether the fallback may keep block k: not all link text (above), and not page chrome, text inside the
 * page's <nav>, <header> or <footer>: a page whose only text is its menus, its
 * masthead and its footer (a shell whose content a script loads, a page that moved) has no article, and
 * "About us / Follow us / Contact" would be garbage passed off as content. */
static int fallback_may_keep(const dl_blocks *b, uint32_t k) {
    const float *x = b->x + (size_t)k * DL_BLOCK_NFEAT;
    return !all_link_text(b, k) && x[DL_BF_in_nav] < 0.5f && x[DL_BF_in_header] < 0.5f && x[DL_BF_in_footer] < 0.5f;
}

/* A paragraph the running text says again is not a second copy of the page: a page that ships its
 * article twice (per screen size, in a hidden template) puts each copy in a container of its own,
 * while a <p> whose earlier twin is a sibling <p> of the same parent is the author's (a refrain, a
 * repeated notice, the placeholder text of a test page), and a reader reads it each time. Not on a
 * shop's pages: there a paragraph said again is a notice repeated per variant or per card (see
 * DL_REGION_COPY_MIN_CHARS_SHOP; on every type, WCXB dev lost a collection page 0.06 and a product
 * page 0.01). el: the element whose kept blocks repeat those of first; nblocks: how many kept blocks
 * that is. */
static int repeated_paragraph(const dl_regions *r, uint32_t el, uint32_t first, uint32_t nblocks) {
    const dl_el *a = &r->cx.el[el], *b = &r->cx.el[first];
    if (r->type == DL_PAGE_PRODUCT || r->type == DL_PAGE_COLLECTION || r->type == DL_PAGE_SERVICE) return 0;
    return nblocks == 1 && a->parent == b->parent && dl_is_element(a->node, DL_TAG_p) && dl_is_element(b->node, DL_TAG_p);
}

/* Drops (keep[k] = 0) the kept blocks of every element that is a copy of an earlier one (see
 * DL_REGION_COPY_MIN_CHARS). The kept blocks' word hashes are chained in document order into prefix
 * hashes, so the words of any element's kept blocks (a contiguous run of them) hash in O(1), whatever
 * the markup around them; one hash table of the runs met so far, in document order. O(n log n).
 * Returns -1 on out of memory. */
static int drop_copies(dl_regions *r, uint8_t *keep) {
    const dl_blocks *b = &r->b;
    uint32_t m = 0, n = r->cx.n;
    for (uint32_t k = 0; k < b->n; k++) m += keep[k] != 0;
    if (m < 2) return 0;
    /* the chaining base must be odd: an even one's powers vanish modulo 2^64 (0x100000001b3 * 31 + 7,
     * a multiple of 4, let a block 32 places before a run's end count for nothing in its hash, and
     * two runs that differed only there were taken for copies) */
    const uint64_t B = 0x9E3779B97F4A7C15ull;
    uint64_t *pre = malloc(((size_t)m + 1) * sizeof(*pre)), *pw = malloc(((size_t)m + 1) * sizeof(*pw));
    uint64_t *chars = malloc(((size_t)m + 1) * sizeof(*chars));
    uint32_t *kb = malloc((size_t)m * sizeof(*kb)), *kel = malloc((size_t)m * sizeof(*kel));
    typedef struct {
        uint64_t h;
        uint32_t hi, used, el; /* el: the element whose run it is, the first to say it */
    } slot;
    slot *t = NULL;
    int rc = -1;
    if (!pre || !pw || !chars || !kb || !kel) goto out;
    pre[0] = 0, pw[0] = 1, chars[0] = 0;
    for (uint32_t k = 0, j = 0; k < b->n; k++) {
        if (!keep[k]) continue;
        kb[j] = k;
        kel[j] = b->el[k];
        pre[j + 1] = pre[j] * B + (b->hash[k] | 1);
        pw[j + 1] = pw[j] * B;
        chars[j + 1] = chars[j] + b->chars[k];
        j++;
    }
    /* the table holds a run for some of the elements with a kept block inside, so it is sized for them
     * (a fraction of the page's elements, counted by the walk below without its search), not for all */
    size_t cand = 0, cap = 16;
    for (uint32_t i = 0, lo = 0; i < n; i++) {
        while (lo < m && kel[lo] < i) lo++;
        cand += lo < m && kel[lo] < r->cx.el[i].end;
    }
    while (cap < cand * 2) cap *= 2;
    if (!(t = calloc(cap, sizeof(*t)))) goto out;
    uint64_t min_chars = r->type == DL_PAGE_FORUM ? DL_REGION_COPY_MIN_CHARS_FORUM
                         : r->type == DL_PAGE_PRODUCT || r->type == DL_PAGE_SERVICE ? DL_REGION_COPY_MIN_CHARS_SHOP
                                                                                    : DL_REGION_COPY_MIN_CHARS;
    uint32_t lo = 0;
    for (uint32_t i = 0; i < n;) {
        while (lo < m && kel[lo] < i) lo++;
        uint32_t end = r->cx.el[i].end, a = lo, z = m; /* hi: the first kept block at or after end */
        if (lo == m || kel[lo] >= end) { /* no kept block inside: most elements of a page */
            i++;
            continue;
        }
        while (a < z) {
            uint32_t mid = a + (z - a) / 2;
            if (kel[mid] < end) a = mid + 1;
            else z = mid;
        }
        uint32_t hi = a;
        uint64_t need = r->cx.el[i].flags & F_HIDDEN ? DL_REGION_COPY_MIN_CHARS_HIDDEN
                        : hi - lo >= DL_REGION_COPY_MIN_BLOCKS_SHORT && DL_REGION_COPY_MIN_CHARS_SHORT < min_chars
                            ? DL_REGION_COPY_MIN_CHARS_SHORT
                            : min_chars;
        if (hi > lo && chars[hi] - chars[lo] >= need) {
            uint64_t h = (pre[hi] - pre[lo] * pw[hi - lo]) ^ ((uint64_t)(hi - lo) << 40);
            size_t s = (size_t)(h ^ h >> 29) & (cap - 1);
            while (t[s].used && t[s].h != h) s = (s + 1) & (cap - 1);
            if (t[s].used && t[s].hi <= lo && !repeated_paragraph(r, i, t[s].el, hi - lo)) {
                for (uint32_t j = lo; j < hi; j++) keep[kb[j]] = 0;
                i = end;
                continue;
            }
            if (!t[s].used) {
                t[s].used = 1;
                t[s].h = h;
                t[s].hi = hi;
                t[s].el = i;
            }
        }
        i++;
    }
    rc = 0;
out:
    free(pre);
    free(pw);
    free(chars);
    free(kb);
    free(kel);
    free(t);
    return rc;
}

/* Whether a hidden element is there for machines, not readers: a hidden microdata item (`itemscope` or
 * `itemprop` on the hidden element itself) restates the page for search engines (headline, author,
 * dates, keywords, often the whole body once more), and a hidden <pre> is a verbatim payload (the
 * page's source as Markdown for a copy button or a language model, a template, a log), not a closed
 * panel (a panel holding code is the hidden element around the <pre>). Never shown, kept or not. */
static int hidden_for_machines(const dl_node *el) {
    return dl_is_element(el, DL_TAG_pre) || dl_element_attr(el, "itemscope", 9) || dl_element_attr(el, "itemprop", 8);
}

/* A hidden paragraph in running text: a <p> hidden itself right after a visible <p>. A page reveals a
 * panel (a tab, an accordion's answer under its question, a thread loaded collapsed), a container
 * after its heading or its button; a paragraph hidden between two shown ones is text the page keeps
 * from its readers (a draft, a variant, a trap for scrapers). Not on a shop's or a service's pages,
 * whose controls show a plan's or a variant's lines one paragraph at a time (on every type, WCXB dev
 * lost a pricing page's "Need more contacts?" line, shown when a plan is picked). */
static int hidden_prose_paragraph(const dl_regions *r, const dl_node *el) {
    if (r->type == DL_PAGE_PRODUCT || r->type == DL_PAGE_COLLECTION || r->type == DL_PAGE_SERVICE) return 0;
    if (!dl_is_element(el, DL_TAG_p)) return 0;
    const dl_node *prev = el->prev;
    while (prev && prev->type != DL_NODE_ELEMENT) prev = prev->prev;
    return prev && dl_is_element(prev, DL_TAG_p) && !dl_tab_is_hidden(prev);
}

/* Whether the hidden element i of a region is shown (see the region root in regions_build); the
 * blocks of the hidden elements never shown are not content (see mark_never_content). */
static int show_hidden(const dl_regions *r, uint32_t i, const uint32_t *kept, int mode) {
    const dl_node *el = r->cx.el[i].node;
    if (!kept[i]) return 0;
    /* a <noscript> parsed as markup (scripting off: distill.extract re-parses a page whose text is
     * mostly inside one) holds what a reader without scripts sees: inside a region it is shown like
     * any element, or a region around it (a kept line beside it) would lose all of it */
    if (dl_is_element(el, DL_TAG_noscript)) return 1;
    /* hidden content only when the model keeps it: the cascade's fallbacks are for a page's visible
     * text, and a page whose only text is hidden (a share box) has no article */
    return mode == DL_CASCADE_MODEL && (r->cx.el[i].flags & F_HIDDEN) && dl_export_hidden(el) &&
           !hidden_prose_paragraph(r, el);
}


/* The elements whose blocks are never content (*out: per element, NULL when there is none):
 *  - a dialog and what is inside it, shown or hidden. A dialog opens over the page on its own button
 *    or by itself (cookie consent, a newsletter or login popup, share, republish, a size guide): it is
 *    not the page's text, though its words look like prose, and a consent text often outscores a
 *    thread's short posts. Measured on WCXB dev: 0.8885 -> 0.8895 (40 pages better, 3 worse: a size
 *    chart in a dialog is a product's text), forum .7996 -> .8008; traf-dev and aeb unchanged;
 *  - a hidden element there for machines (hidden_for_machines) and what is inside it.
 * Marked before the copies and the regions are formed, so that such an element neither makes a
 * visible copy of its text look like a second copy nor widens a region, nor becomes one when the
 * region is narrowed to below it. One pass in document order (a parent before its children).
 * Returns -1 on out of memory. */
static int mark_never_content(const dl_regions *r, uint8_t **out) {
    uint32_t n = r->cx.n;
    uint8_t *never = NULL;
    for (uint32_t i = 0; i < n; i++) {
        const dl_el *e = &r->cx.el[i];
        int inside = never && e->parent >= 0 && never[e->parent];
        if (!inside && !(e->flags & F_DIALOG) &&
            !((e->flags & F_HIDDEN) && dl_export_hidden(e->node) && hidden_for_machines(e->node)))
            continue;
        if (!never && !(never = calloc(n, 1))) return -1;
        never[i] = 1;
    }
    *out = never;
    return 0;
}

/* Step 5 of the pipeline (pipeline.h), one step of the cascade: whether `step` keeps block k.
 *  - model: the block model scores it above the page type's threshold (favor moves the threshold);
 *  - classic: nothing cleared it, so the classic selection (classic/select.c) is the content,
 *    except what is never content;
 *  - best: the classic selection is empty too, so the blocks within DL_REGION_FALLBACK_MARGIN of the
 *    best one the fallback may keep (`top`): a page with visible text never gets an empty article,
 *    and a page that is only menus, a masthead and a footer gets none. */
static int cascade_keeps(const dl_blocks *b, int step, uint32_t k, const double *score, double threshold, double top) {
    switch (step) {
    case DL_CASCADE_MODEL: return score[k] > threshold;
    case DL_CASCADE_CLASSIC:
        return b->x[(size_t)k * DL_BLOCK_NFEAT + DL_BF_in_selection] > 0.5f && score[k] > DL_REGION_NEVER_SCORE;
    case DL_CASCADE_BEST: return score[k] >= top - DL_REGION_FALLBACK_MARGIN && fallback_may_keep(b, k);
    default: return 0;
    }
}

/* What the choice looked like (dl_region_signals), once the kept blocks are final. A score is clipped to
 * [-DL_SIGNAL_SCORE_CLIP, +DL_SIGNAL_SCORE_CLIP] around the threshold, so that a never-content block's
 * sentinel score does not swamp a mean. */
#define DL_SIGNAL_SCORE_CLIP 8.0
static void measure_signals(dl_regions *r, const double *score, double threshold, const uint8_t *keepb) {
    dl_region_signals *g = &r->signals;
    double top = -DL_SIGNAL_SCORE_CLIP, margin_sum = 0, uncertain = 0;
    for (uint32_t k = 0; k < r->b.n; k++) {
        const float *x = r->b.x + (size_t)k * DL_BLOCK_NFEAT;
        double chars = r->b.chars[k], m = score[k] - threshold;
        if (m > DL_SIGNAL_SCORE_CLIP) m = DL_SIGNAL_SCORE_CLIP;
        if (m < -DL_SIGNAL_SCORE_CLIP) m = -DL_SIGNAL_SCORE_CLIP;
        if (m > top) top = m;
        g->blocks++;
        g->block_chars += chars;
        if (m > -1.0 && m < 1.0) uncertain += chars;
        if (x[DL_BF_in_selection] > 0.5f) g->selection_chars += chars;
        if (!keepb[k]) continue;
        g->kept_blocks++;
        g->kept_chars += chars;
        g->kept_link_chars += chars * x[DL_BF_link_density];
        margin_sum += chars * m;
        if (x[DL_BF_in_selection] > 0.5f) g->kept_selection_chars += chars;
    }
    g->kept_margin = g->kept_chars > 0 ? margin_sum / g->kept_chars : -DL_SIGNAL_SCORE_CLIP;
    g->uncertain_share = g->block_chars > 0 ? uncertain / g->block_chars : 0;
    g->top_margin = top;
    g->has_winner = r->best >= 0;
}

/* A named anchor left open around paragraphs: an <a> the table does not count as a link (table.c). */
static int is_named_anchor(const dl_el *e) { return dl_is_element(e->node, DL_TAG_a) && !(e->flags & F_LINK); }

/* Per element, whether some text inside it is a kept block's (keep: per block), children before parents;
 * NULL on out of memory. Linear. */
static uint8_t *mark_holds_kept(const dl_regions *r, const uint8_t *keep) {
    uint32_t n = r->cx.n;
    uint8_t *holds = calloc(n ? n : 1, 1);
    if (!holds) return NULL;
    for (uint32_t i = 0; i < n; i++) {
        int32_t k = r->b.block_of[i];
        if (k >= 0 && keep[k]) holds[i] = 1;
    }
    for (uint32_t i = n; i-- > 1;)
        if (holds[i] && r->cx.el[i].parent >= 0) holds[r->cx.el[i].parent] = 1;
    return holds;
}

/* The reader comments after the article (comments.h): a thread of comments is the readers' answer to
 * the article, not its text, however much prose it holds, so its blocks are left out, unless the caller
 * asked for them (Extraction.include_comments): then they follow the article. never: per element, what
 * is never content (mark_never_content). Returns -1 on out of memory. */
static int comment_thread(const dl_regions *r, int include_comments, const uint8_t *never, uint8_t *keep) {
    uint8_t *marks;
    if (dl_comment_thread_marks(&r->cx, r->best, &marks) < 0) return -1;
    if (marks && include_comments) dl_comment_thread_keep(&r->b, marks, never, keep);
    else if (marks) dl_comment_thread_drop(&r->cx, &r->b, marks, r->type, keep);
    free(marks);
    return 0;
}

/* A post of a few sentences (a line or two around an embedded video, a photo, a link) is the article of
 * its page, however little prose it has: a reader finds it under its headline, in the container the
 * classic scoring chose, and reads the sidebar's "About me", a blogroll, a subscribe box or the reply
 * form's notes as the page's furniture. The block model weighs a block's prose against the page's, and a
 * sidebar's paragraph can outweigh a post of 17 words, or the headline alone clear the threshold while
 * the post under it does not. So when the classic winner holds sentences of its own (blocks ending a
 * sentence, DL_REGION_POST_WORDS words or more together) and the model keeps none of them, its choice
 * is not taken as it is:
 *  - every block it keeps lies outside the winner in an element the page names as furniture or hides
 *    (in_soft: "sidebar", "widget", "comment", "share", ... or hidden): the cascade goes on to the
 *    classic selection, which prunes what is so named before it scores (POST_FURNITURE);
 *  - every block it keeps is a heading: the headline over a post it left out, whose blocks the classic
 *    selection adds (POST_HEADLINE).
 * Neither happens on the development corpora (the model keeps only furniture on a few pages whose winner
 * holds no sentence: a link aggregator's thread, a shop's banner; it keeps headings alone on none). */
#define DL_REGION_POST_WORDS 12
enum { POST_KEPT = 0, POST_FURNITURE, POST_HEADLINE };
static int model_misses_post(const dl_blocks *b, const uint8_t *keep) {
    uint32_t post_words = 0;
    int furniture = 1, headings = 1;
    for (uint32_t k = 0; k < b->n; k++) {
        const float *x = b->x + (size_t)k * DL_BLOCK_NFEAT;
        int in_winner = x[DL_BF_in_winner] > 0.5f;
        if (in_winner && x[DL_BF_ends_with_stop] > 0.5f) {
            if (keep[k]) return POST_KEPT;
            post_words += (uint32_t)(expf(x[DL_BF_log_words]) - 0.5f); /* log_words is log(1 + words) */
        }
        if (!keep[k]) continue;
        if (in_winner || x[DL_BF_in_soft] < 0.5f) furniture = 0;
        if (x[DL_BF_tag_h1] + x[DL_BF_tag_h2] + x[DL_BF_tag_h3_6] < 0.5f) headings = 0;
    }
    if (post_words < DL_REGION_POST_WORDS) return POST_KEPT;
    return furniture ? POST_FURNITURE : headings ? POST_HEADLINE : POST_KEPT;
}

/* known: the page's type when the caller has classified it already (NULL: classified here). */
static int regions_build(const dl_node *root, dl_favor favor, unsigned include, const dl_article_page_class *known,
                         dl_actx *table, dl_regions *r) {
    int rc = -1; /* until every step has its memory */
    memset(r, 0, sizeof(*r));
    if (table) { /* the page index's table, taken over */
        r->cx = *table;
        memset(table, 0, sizeof(*table));
    }
    r->best = -1;
    r->cascade = DL_CASCADE_NONE;
    dl_article_text_init(); /* no-op after the module's own call */
    if (!root) return 0;
    uint32_t chosen[DL_TAB_MAX_CHOSEN], nchosen = 0;
    if (known) r->type = known->type, r->confidence = known->confidence;
    else if (dl_page_classify(root, &r->type, &r->confidence) < 0) return -1;
    if (dl_tab_select(&r->cx, root, favor, chosen, &nchosen, &r->best) < 0) return -1;
    if (r->cx.broken) return 0;
    if (dl_blocks_compute(&r->cx, root, chosen, nchosen, r->best, r->type, r->confidence, 0, &r->b) < 0) return -1;
    uint32_t nb = r->b.n, n = r->cx.n;
    if (!nb) return 0;
    double threshold = dl_block_threshold + (r->type < DL_PAGE_NTYPES ? dl_block_type_threshold[r->type] : 0.0);
    if (favor == DL_FAVOR_PRECISION) threshold += DL_REGION_FAVOR_SHIFT;
    else if (favor == DL_FAVOR_RECALL) threshold -= DL_REGION_FAVOR_SHIFT;

    double *score = malloc((size_t)nb * sizeof(*score));
    uint32_t *kept = calloc(n, sizeof(*kept)), *all = calloc(n, sizeof(*all));
    uint8_t *own = calloc(n, 1); /* a kept block's own element */
    uint8_t *holds = NULL;       /* see mark_holds_kept */
    uint8_t *keepb = malloc((size_t)nb); /* per block: content */
    if (!score || !kept || !all || !own || !keepb) goto nomem;
    uint8_t *never = NULL;
    if (mark_never_content(r, &never) < 0) goto nomem;
    /* the best score of a block the last step may keep: page chrome is not a candidate */
    double top = -1e300;
    for (uint32_t k = 0; k < nb; k++) {
        score[k] = never && never[r->b.el[k]] ? DL_REGION_NEVER_SCORE : dl_block_model(r->b.x + (size_t)k * DL_BLOCK_NFEAT);
        if (score[k] > top && fallback_may_keep(&r->b, k)) top = score[k];
    }
    /* Step 5 of the pipeline, the cascade: the first step that keeps a block chooses the content. */
    int mode = DL_CASCADE_NONE;
    for (int step = DL_CASCADE_MODEL; step < DL_CASCADE_NONE && mode == DL_CASCADE_NONE; step++) {
        uint32_t any = 0;
        for (uint32_t k = 0; k < nb; k++) any += keepb[k] = cascade_keeps(&r->b, step, k, score, threshold, top);
        if (any && step == DL_CASCADE_MODEL) {
            int miss = model_misses_post(&r->b, keepb);
            if (miss == POST_FURNITURE) continue;
            if (miss == POST_HEADLINE)
                for (uint32_t k = 0; k < nb; k++) keepb[k] |= cascade_keeps(&r->b, DL_CASCADE_CLASSIC, k, score, threshold, top);
        }
        if (any) mode = step;
    }
    r->cascade = mode;
    if (mode == DL_CASCADE_MODEL) dl_keep_annotated_prose(&r->cx, &r->b, never, keepb);
    if (mode != DL_CASCADE_NONE && comment_thread(r, (include & DL_INCLUDE_COMMENTS) != 0, never, keepb) < 0) {
        free(never);
        goto nomem;
    }
    free(never);
    never = NULL;
    /* the blocks the page's structure decides (region_runs.h) */
    if (mode != DL_CASCADE_NONE && dl_region_runs(&r->cx, &r->b, mode == DL_CASCADE_MODEL, score, keepb) < 0) goto nomem;
    if (drop_copies(r, keepb) < 0) goto nomem;
    dl_region_edges(&r->cx, &r->b, r->type, score, threshold, keepb);
    if (dl_region_tables(&r->cx, &r->b, score, keepb) < 0) goto nomem;
    measure_signals(r, score, threshold, keepb);
    for (uint32_t k = 0; k < nb; k++) {
        uint32_t i = r->b.el[k];
        all[i] = r->b.chars[k];
        if (keepb[k]) {
            kept[i] = r->b.chars[k];
            own[i] = 1;
        }
    }
    /* an element whose own text is a dropped block's: muted when its region renders */
    for (uint32_t i = 0; i < n; i++) {
        int32_t k = r->b.block_of[i];
        if (k >= 0 && !own[r->b.el[k]]) r->cx.el[i].flags |= F_MUTE;
    }
    /* holds[i]: some text inside element i is a kept block's. A block's text is counted at its own
     * element (kept[]), but it may sit inside an inline element that also holds a dropped block: a
     * named anchor (<a name>, no link: table.c) left open around a heading and the paragraphs of a
     * <div> holds the heading's block and the <div>'s text. Such an anchor is a place mark, not a
     * widget: it is not skipped for the dropped block it holds. (Any inline element: WCXB dev 10 pages
     * changed, 5 worse by up to 0.10, where a <span> holding a dropped widget took a kept blurb the
     * truth leaves out with it.) */
    holds = mark_holds_kept(r, keepb);
    if (!holds) goto nomem;
    /* subtree sums, children before parents */
    for (uint32_t i = n; i-- > 1;) {
        int32_t p = r->cx.el[i].parent;
        if (p < 0) continue;
        kept[p] = kept[p] > UINT32_MAX - kept[i] ? UINT32_MAX : kept[p] + kept[i];
        all[p] = all[p] > UINT32_MAX - all[i] ? UINT32_MAX : all[p] + all[i];
    }
    uint32_t nroots = 0, nskip = 0, nmath = 0, nshow = 0;
    for (uint32_t pass = 0; pass < 2; pass++) {
        for (uint32_t i = 0; i < n;) {
            /* A region: the highest element that is mostly content, or a kept block itself. Inside it,
             * what holds only dropped text (and what is never content) is skipped. */
            /* never a <noscript> itself: the exporters leave it out, so its children are the regions */
            if (kept[i] && !dl_is_element(r->cx.el[i].node, DL_TAG_noscript) &&
                (own[i] || (double)kept[i] >= DL_REGION_CONTENT_SHARE * (double)all[i])) {
                /* narrowed to the content's own container: while the element holds no content text
                 * itself and one child holds all of it, that child is the region (<article>, not
                 * <html>). Each step goes one level down, so this is linear over the region. */
                for (;;) {
                    if (own[i]) break;
                    uint32_t only = UINT32_MAX, count = 0;
                    for (uint32_t c = i + 1; c < r->cx.el[i].end && count < 2; c = r->cx.el[c].end)
                        if (kept[c]) only = c, count++;
                    if (count != 1 || kept[only] != kept[i]) break;
                    i = only;
                }
                if (dl_is_element(r->cx.el[i].node, DL_TAG_noscript)) { /* its children are looked at next */
                    i++;
                    continue;
                }
                if (pass) r->root_idx[nroots] = i;
                nroots++;
                /* Hidden content: a page that hides its text until a script or a click reveals it (a
                 * tab, an accordion, a "read more", a thread loaded collapsed) still ships it as its
                 * content, and the model keeps those blocks for what they are. A hidden element is
                 * shown when it is a kept block's own element or holds kept blocks (kept[] counts only
                 * those), never because it sits inside one: hidden inline text inside a kept paragraph
                 * (a screen-reader label, a collapsed duplicate, a tracking string) stays out. */
                if (show_hidden(r, i, kept, mode)) {
                    if (pass) r->show_idx[nshow] = i;
                    nshow++;
                }
                for (uint32_t j = i + 1; j < r->cx.el[i].end;) {
                    const dl_el *e = &r->cx.el[j];
                    /* a MathML formula inside kept text is part of that text ("the area is r²π"),
                     * though the table indexes nothing inside it (foreign content) */
                    if ((e->flags & F_HARD) && e->node->ns == DL_NS_MATHML && e->node->atom == DL_TAG_math &&
                        r->b.block_of[j] >= 0 && own[r->b.el[r->b.block_of[j]]]) {
                        if (pass) r->math_idx[nmath] = j;
                        nmath++;
                        j = r->cx.el[j].end;
                        continue;
                    }
                    /* <rt>/<rp>: ruby pronunciation annotations, not the words of the text ("漢字" read
                     * with its <rt> would become "漢かん字じ") */
                    if ((e->flags & F_HARD) || dl_is_element(e->node, DL_TAG_rt) || dl_is_element(e->node, DL_TAG_rp) ||
                        (!kept[j] && !(holds[j] && is_named_anchor(e)) && (all[j] || ((e->flags & F_MUTE) && r->b.block_of[j] >= 0 &&
                                                                        r->b.el[r->b.block_of[j]] != j)))) {
                        if (pass) r->skip_idx[nskip] = j;
                        nskip++;
                        j = r->cx.el[j].end;
                    } else {
                        if (show_hidden(r, j, kept, mode)) { /* see the region root above */
                            if (pass) r->show_idx[nshow] = j;
                            nshow++;
                        }
                        j++;
                    }
                }
                i = r->cx.el[i].end;
            } else {
                i++;
            }
        }
        if (!pass) {
            r->root_idx = malloc((size_t)nroots * sizeof(*r->root_idx) + 1);
            r->skip_idx = malloc((size_t)nskip * sizeof(*r->skip_idx) + 1);
            r->math_idx = malloc((size_t)nmath * sizeof(*r->math_idx) + 1);
            r->show_idx = malloc((size_t)nshow * sizeof(*r->show_idx) + 1);
            if (!r->root_idx || !r->skip_idx || !r->math_idx || !r->show_idx) goto nomem;
            r->nroots = nroots;
            r->nskip = nskip;
            r->nmath = nmath;
            r->nshow = nshow;
            nroots = nskip = nmath = nshow = 0;
        }
    }
    rc = 0;
nomem: /* rc is still -1 when a step ran out of memory */
    free(own);
    free(holds);
    free(keepb);
    free(score);
    free(kept);
    free(all);
    return rc;
}

#ifdef DL_ARTICLE_OWN_RENDERER
/* Article.text: the regions rendered block-aware, without the skip set and the muted text. */
static int render_text(dl_regions *r, dl_article_text_result *out) {
    memset(out, 0, sizeof(*out));
    dl_out o = {NULL, 0, 0, 1, 0};
    if (r->nroots) {
        /* render marks: only the skip set (and what was never indexed) is left out */
        for (uint32_t i = 0; i < r->cx.n; i++) {
            dl_el *e = &r->cx.el[i];
            e->flags &= (uint16_t) ~(F_DROP | F_CLEAN);
            if (e->flags & F_HARD) e->flags |= F_CLEAN;
        }
        for (uint32_t k = 0; k < r->nskip; k++) r->cx.el[r->skip_idx[k]].flags |= F_CLEAN;
        for (uint32_t k = 0; k < r->nroots && !r->cx.broken; k++) {
            dl_tab_render(&r->cx, r->root_idx[k], &o);
            dl_tab_newline(&r->cx, &o);
        }
        out->nparts = r->nroots;
    }
    if (r->best >= 0) out->body = r->cx.el[r->best].node;
    if (r->cx.nomem) goto nomem;
    if (r->cx.broken) { /* never expected: report no article rather than a wrong one */
        o.len = 0;
        out->body = NULL;
        out->nparts = 0;
    }
    while (o.len && o.ptr[o.len - 1] == '\n') o.len--;
    if (!o.ptr && !(o.ptr = malloc(1))) goto nomem;
    o.ptr[o.len] = 0;
    out->text = o.ptr;
    out->len = o.len;
    return 0;
nomem:
    free(o.ptr);
    memset(out, 0, sizeof(*out));
    return -1;
}

#endif

static int by_address(const void *a, const void *b) {
    uintptr_t x = (uintptr_t) * (const dl_node *const *)a, y = (uintptr_t) * (const dl_node *const *)b;
    return x < y ? -1 : x > y;
}

/* The content model: the regions, the skip set and the muted elements, as nodes. */
static int fill_content(const dl_regions *r, dl_article_content_result *out) {
    memset(out, 0, sizeof(*out));
    out->type = r->type;
    out->type_confidence = r->confidence;
    out->cascade = r->cascade;
    out->signals = r->signals;
    if (r->cx.broken) return 0;
    if (r->best >= 0) out->body = r->cx.el[r->best].node;
    if (r->nroots) {
        out->roots = malloc((size_t)r->nroots * sizeof(*out->roots));
        if (!out->roots) goto nomem;
        for (uint32_t k = 0; k < r->nroots; k++) out->roots[k] = r->cx.el[r->root_idx[k]].node;
        out->nroots = r->nroots;
    }
    /* a kept formula's <annotation>s (its TeX or other source) are another spelling of the same
     * formula: left out, so that it is not written twice */
    size_t nannot = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t k = 0; k < r->nmath; k++) {
            const dl_node *m = r->cx.el[r->math_idx[k]].node;
            for (const dl_node *x = m; x;) {
                int annot = x->type == DL_NODE_ELEMENT && x->ns == DL_NS_MATHML &&
                            (x->atom == DL_TAG_annotation || x->atom == DL_TAG_annotation_xml);
                if (annot) {
                    if (pass) out->skip[out->nskip++] = x;
                    else nannot++;
                }
                x = dl_next_node(m, x, annot);
            }
        }
        if (!pass && r->nskip + nannot) {
            out->skip = malloc((r->nskip + nannot) * sizeof(*out->skip));
            if (!out->skip) goto nomem;
        }
        if (!out->skip) break;
    }
    if (r->nskip + nannot) {
        for (uint32_t k = 0; k < r->nskip; k++) out->skip[out->nskip++] = r->cx.el[r->skip_idx[k]].node;
        /* sorted by address so the exporters' per-node question is a binary search */
        if (out->nskip > 1) qsort(out->skip, out->nskip, sizeof(*out->skip), by_address);
    }
    /* the muted elements inside the roots (outside them nothing renders) */
    size_t nmute = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t k = 0; k < r->nroots; k++)
            for (uint32_t j = r->root_idx[k]; j < r->cx.el[r->root_idx[k]].end; j++)
                if (r->cx.el[j].flags & F_MUTE) {
                    if (pass) out->mute[out->nmute++] = r->cx.el[j].node;
                    else nmute++;
                }
        if (!pass) {
            if (!nmute) break;
            out->mute = malloc(nmute * sizeof(*out->mute));
            if (!out->mute) goto nomem;
        }
    }
    if (out->nmute > 1) qsort(out->mute, out->nmute, sizeof(*out->mute), by_address);
    if (r->nshow) {
        out->show = malloc((size_t)r->nshow * sizeof(*out->show));
        if (!out->show) goto nomem;
        for (uint32_t k = 0; k < r->nshow; k++) out->show[k] = r->cx.el[r->show_idx[k]].node;
        out->nshow = r->nshow;
        if (out->nshow > 1) qsort(out->show, out->nshow, sizeof(*out->show), by_address);
    }
    return 0;
nomem:
    dl_article_content_free(out);
    return -1;
}

/* Text hygiene: characters that never separate or form words are taken out, so that a word the page
 * writes with a soft hyphen ("exam\u00ADple") is one word: U+00AD SOFT HYPHEN, U+200B ZERO WIDTH SPACE,
 * U+2060 WORD JOINER, U+FEFF ZERO WIDTH NO-BREAK SPACE. (The invisible operators U+2061..U+2064 stay:
 * pages use U+2063 as an invisible separator inside ordinary text, and it is part of what they wrote.) (U+200C/U+200D stay: they shape Persian and
 * emoji.) In place; returns the new length. */
/* The first byte at or after i that may start one of those characters (0xC2, 0xE2 or 0xEF): every
 * other byte is kept as it is, so the text between two candidates is moved in one piece. */
static size_t next_candidate(const char *s, size_t i, size_t n) {
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
    const __m128i c2 = _mm_set1_epi8((char)0xC2), e2 = _mm_set1_epi8((char)0xE2), ef = _mm_set1_epi8((char)0xEF);
    for (; i + 16 <= n; i += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
        unsigned m = (unsigned)_mm_movemask_epi8(
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, c2), _mm_cmpeq_epi8(x, e2)), _mm_cmpeq_epi8(x, ef)));
        if (m) return i + (size_t)__builtin_ctz(m);
    }
#endif
    for (; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == 0xC2 || c == 0xE2 || c == 0xEF) return i;
    }
    return n;
}

static size_t drop_invisible(char *s, size_t n) {
    size_t w = 0;
    for (size_t i = 0; i < n;) {
        size_t j = next_candidate(s, i, n);
        if (w != i && j > i) memmove(s + w, s + i, j - i);
        w += j - i;
        i = j;
        if (i >= n) break;
        unsigned char c = (unsigned char)s[i];
        if (c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] == 0xAD) {
            i += 2;
            continue;
        }
        if (i + 2 < n && ((c == 0xE2 && (unsigned char)s[i + 1] == 0x80 && (unsigned char)s[i + 2] == 0x8B) ||
                          (c == 0xE2 && (unsigned char)s[i + 1] == 0x81 && (unsigned char)s[i + 2] == 0xA0) ||
                          (c == 0xEF && (unsigned char)s[i + 1] == 0xBB && (unsigned char)s[i + 2] == 0xBF))) {
            i += 3;
            continue;
        }
        s[w++] = s[i++];
    }
    return w;
}

/* The structured-data fallback of a product page: shops often carry the description in JSON-LD
 * (`"@type": "Product", "description": ...`) and show it in the DOM only behind a tab or a script, so
 * the blocks never see it. When the page is a product page and less than this share of the
 * description's words are in the text, the description is added as the text's last paragraph. */
#define DL_LD_MISSING_SHARE 0.5
/* A description shorter than this many words is a tagline, not the product's description. */
#define DL_LD_MIN_WORDS 10
/* The longest description taken (a page can carry a whole manual there). */
#define DL_LD_MAX_BYTES 20000

/* The first JSON-LD Product description of the page, appended to out. 1 found, 0 not, -1 OOM. */
static int product_description(const dl_node *root, dl_buf *out) {
    for (const dl_node *x = root; x; x = dl_next_node(root, x, 0)) {
        if (!dl_is_element(x, DL_TAG_script)) continue;
        const dl_attr *a = dl_element_attr(x, "type", 4);
        if (!a || a->value.len < 7 || a->value.len > 40) continue;
        int ld = 0;
        for (size_t i = 0; i + 7 <= a->value.len && !ld; i++) ld = dl_ascii_eq_ci(a->value.ptr + i, 7, "ld+json", 7);
        if (!ld) continue;
        dl_buf json = {0};
        for (const dl_node *t = x->first_child; t; t = t->next)
            if (t->type == DL_NODE_TEXT) dl_buf_append(&json, t->u.text.ptr, t->u.text.len);
        int rc = json.failed ? -1 : json.len ? dl_jsonld_find(json.data, json.len, "Product", "description", out) : 0;
        dl_buf_free(&json);
        if (rc) return rc;
    }
    return 0;
}

/* The words of s as hashes (ASCII case folded; a word is a run of letters, digits or non-ASCII bytes). */
static uint32_t next_word(const char *s, size_t n, size_t *pos) {
    size_t i = *pos;
    while (i < n && !(dl_ascii_is_alnum((unsigned char)s[i]) || (unsigned char)s[i] >= 0x80)) i++;
    if (i >= n) {
        *pos = n;
        return 0;
    }
    uint32_t h = 2166136261u;
    while (i < n && (dl_ascii_is_alnum((unsigned char)s[i]) || (unsigned char)s[i] >= 0x80))
        h = (h ^ dl_ascii_lower((unsigned char)s[i++])) * 16777619u;
    *pos = i;
    return h | 1; /* never 0: 0 marks an empty slot */
}

/* Whether fewer than DL_LD_MISSING_SHARE of desc's words (at least DL_LD_MIN_WORDS) occur in text: one
 * hash set of the text's words, so linear in both. -1 on out of memory. */
static int description_missing(const char *text, size_t tlen, const char *desc, size_t dlen) {
    size_t nw = 0, pos = 0;
    while (next_word(text, tlen, &pos)) nw++;
    size_t cap = 16;
    while (cap < nw * 2) cap *= 2;
    uint32_t *set = calloc(cap, sizeof(*set));
    if (!set) return -1;
    for (pos = 0;;) {
        uint32_t h = next_word(text, tlen, &pos);
        if (!h) break;
        size_t k = h & (cap - 1);
        while (set[k] && set[k] != h) k = (k + 1) & (cap - 1);
        set[k] = h;
    }
    size_t words = 0, found = 0;
    for (pos = 0;;) {
        uint32_t h = next_word(desc, dlen, &pos);
        if (!h) break;
        words++;
        size_t k = h & (cap - 1);
        while (set[k] && set[k] != h) k = (k + 1) & (cap - 1);
        found += set[k] == h;
    }
    free(set);
    return words >= DL_LD_MIN_WORDS && (double)found < DL_LD_MISSING_SHARE * (double)words;
}

/* Article.text through the exporters' text renderer over the content model, so that text, markdown and
 * html show the same content (the same hidden elements and widgets left out). */
static int export_text(const dl_regions *r, const dl_node *root, const dl_article_content_result *c, int no_tables,
                       dl_article_text_result *out) {
    memset(out, 0, sizeof(*out));
    dl_htmlbuf b;
    dl_htmlbuf_init(&b);
    int rc = 0;
    if (c->nroots) {
        dl_node_filter filter = {dl_article_content_skip, c, NULL, dl_article_content_show};
        dl_text_options t = {0};
        t.no_tables = no_tables; /* Extraction(include_tables=False) */
        /* touching inline siblings read as two words (serialize/text.c): a card's fields, a tag list */
        t.inline_gaps = 1;
        rc = dl_to_text_nodes(NULL, c->roots, c->nroots, &filter, &t, &b);
    }
    if (rc < 0 || b.failed) {
        dl_htmlbuf_free(&b);
        return -1;
    }
    size_t len = drop_invisible(b.data, b.len);
    while (len && (b.data[len - 1] == '\n' || b.data[len - 1] == ' ')) len--;
    if (r->type == DL_PAGE_PRODUCT && root) {
        dl_buf desc = {0};
        int found = product_description(root, &desc);
        int missing = found == 1 && desc.len <= DL_LD_MAX_BYTES ? description_missing(b.data, len, desc.data, desc.len) : 0;
        if (found < 0 || missing < 0) {
            dl_buf_free(&desc);
            dl_htmlbuf_free(&b);
            return -1;
        }
        if (missing) {
            b.len = len;
            if (len) dl_buf_append(&b, "\n\n", 2);
            dl_buf_append(&b, desc.data, desc.len);
            len = b.len = drop_invisible(b.data, b.len);
        }
        dl_buf_free(&desc);
        if (b.failed) {
            dl_htmlbuf_free(&b);
            return -1;
        }
    }
    out->text = malloc(len + 1);
    if (!out->text) {
        dl_htmlbuf_free(&b);
        return -1;
    }
    if (len) memcpy(out->text, b.data, len);
    out->text[len] = 0;
    out->len = len;
    out->nparts = r->nroots;
    out->body = c->body;
    dl_htmlbuf_free(&b);
    return 0;
}

int dl_article_regions_typed(const dl_node *root, const dl_article_page_class *known, dl_actx *table, dl_favor favor,
                             unsigned include, dl_article_content_result *content, dl_article_text_result *text) {
    dl_regions r;
    dl_article_content_result local;
    dl_article_content_result *c = content ? content : &local;
    memset(&local, 0, sizeof(local));
    int rc = regions_build(root, favor, include, known, table, &r);
    if (rc == 0 && (content || text)) rc = fill_content(&r, c);
#ifdef DL_ARTICLE_OWN_RENDERER
    if (rc == 0 && text && render_text(&r, text) < 0) rc = -1;
#else
    if (rc == 0 && text && export_text(&r, root, c, !(include & DL_INCLUDE_TABLES), text) < 0) rc = -1;
#endif
    if (rc < 0 || !content) dl_article_content_free(c);
    regions_free(&r);
    if (rc < 0) {
        if (content) memset(content, 0, sizeof(*content));
        if (text) memset(text, 0, sizeof(*text));
    }
    return rc;
}

int dl_article_regions(const dl_node *root, dl_favor favor, int no_tables, dl_article_content_result *content,
                       dl_article_text_result *text) {
    return dl_article_regions_typed(root, NULL, NULL, favor, no_tables ? DL_INCLUDE_DEFAULT & ~DL_INCLUDE_TABLES : DL_INCLUDE_DEFAULT,
                                    content, text);
}

int dl_article_text(const dl_node *root, dl_favor favor, dl_article_text_result *out) {
    return dl_article_regions(root, favor, 0, NULL, out);
}

int dl_article_content(const dl_node *root, dl_favor favor, dl_article_content_result *out) {
    return dl_article_regions(root, favor, 0, out, NULL);
}

static int in_sorted(const dl_node *const *set, size_t n, const dl_node *el) {
    size_t lo = 0, hi = n;
    uintptr_t key = (uintptr_t)el;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        uintptr_t v = (uintptr_t)set[mid];
        if (v == key) return 1;
        if (v < key) lo = mid + 1;
        else hi = mid;
    }
    return 0;
}

int dl_article_content_skip(const void *ctx, const dl_node *n) {
    const dl_article_content_result *c = ctx;
    if (n->type == DL_NODE_TEXT) return n->parent && in_sorted(c->mute, c->nmute, n->parent);
    return in_sorted(c->skip, c->nskip, n);
}

int dl_article_content_show(const void *ctx, const dl_node *el) {
    const dl_article_content_result *c = ctx;
    return in_sorted(c->show, c->nshow, el);
}

void dl_article_content_free(dl_article_content_result *r) {
    free(r->show);
    free(r->roots);
    free(r->skip);
    free(r->mute);
    memset(r, 0, sizeof(*r));
}

void dl_article_text_free(dl_article_text_result *r) {
    free(r->text);
    memset(r, 0, sizeof(*r));
}
