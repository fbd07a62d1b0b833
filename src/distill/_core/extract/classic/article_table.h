/* The element table of article(): the page index's one walk (index/index.h) writes the elements of a
 * subtree in document order into a flat array (the index of an element's parent, the end of its subtree,
 * its flags and its own text measures; table.c). Every later step (the classic selection of select.c,
 * the block features and regions) is a loop over that table: subtree measures are sums in reverse
 * document order, ancestry is an index range test, and no step recurses.
 */
#ifndef DL_EXTRACT_ARTICLE_TABLE_H
#define DL_EXTRACT_ARTICLE_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "common/word_memo.h"
#include "extract/classic/article_text.h"
#include "extract/index/known_attrs.h"
#include "tree/dom.h"

enum {
    F_HARD = 1u << 0,    /* never content: pruned tag or foreign namespace (children not indexed) */
    F_SOFT = 1u << 1,    /* boilerplate by class/id, or hidden (subject to the wrapper guard) */
    F_DROP = 1u << 2,    /* excluded, with everything inside */
    F_CLEAN = 1u << 3,   /* cleaned out of the kept containers */
    F_IN_PARA = 1u << 4, /* inside a <p>, <td> or <pre> */
    F_SEEDED = 1u << 5,  /* a scoring candidate */
    F_TAGSOFT = 1u << 6, /* a visible element the classic selection prunes by tag (nav, aside, header,
                          * footer, dialog): its subtree is indexed but dropped like F_HARD's */
    F_UNDER = 1u << 7,   /* inside an F_TAGSOFT element */
    F_HIDDEN = 1u << 8,  /* hidden itself (attribute or inline style) */
    F_MUTE = 1u << 9,    /* its own text belongs to a block that is not content (dl_tab_render skips it) */
    /* its tag, as the table walk read it (the later loops test these rather than each reread the node) */
    F_PARA = 1u << 10,     /* a paragraph tag: <p>, <td>, <pre> */
    F_RUN_HOST = 1u << 11, /* a container that inline runs are written into (DL_TAGS_RUN_HOST) */
    F_INLINE = 1u << 12,   /* phrasing content: its text continues the run of inline text around it */
    F_LINK = 1u << 13,     /* an <a>, but a named anchor that holds paragraphs (table.c) */
    F_DIALOG = 1u << 14,   /* a dialog: <dialog>, role dialog or alertdialog, aria-modal="true" */
    F_ANCHOR = 1u << 15,   /* a named anchor: <a name> without an href (table.c) */
};

enum {
    W_BOILER = 1u << 0,
    W_RESCUE = 1u << 1,
    W_POSITIVE = 1u << 2,
    W_NEGATIVE = 1u << 3,
    W_CLEAN = 1u << 4,
    W_MEDIA = 1u << 5, /* named for images, photos, galleries, media or captions (illustrations) */
};

/* 64 bytes, in this order (no padding): every step loops over the whole table, so its size is what
 * such a loop reads. */
typedef struct {
    const dl_node *node;
    double score;
    int32_t parent;      /* index, -1 at the top */
    uint32_t end;        /* one past the index of the last descendant */
    uint32_t depth;
    uint32_t own_chars, own_commas; /* text children only */
    uint32_t chars, links, commas;  /* the kept subtree */
    uint32_t prose;                 /* paragraph text owned, for the wrapper guard */
    uint32_t text0, ntext;          /* its subtree's measured text nodes: dl_actx.text[text0, text0 + ntext) */
    uint16_t flags;
    uint8_t words;
} dl_el;

typedef struct {
    uint32_t target; /* the container that receives the paragraph's score in full */
    uint32_t source; /* the paragraph itself (a <p>) or the element holding the inline run */
    uint32_t len, commas;
} dl_para;

typedef struct {
    char *ptr;
    size_t len, cap;
    int line_start, pending_space;
} dl_out;

/* The measures of one text node the table walk measured (dl_tab_measure_more's five counts), with the
 * node and the index of the element it was measured into (its innermost indexed ancestor): the block
 * features go through this list instead of walking the tree a second time. */
typedef struct {
    const dl_node *node;
    uint32_t el;
    uint32_t chars, commas, words, stops, digits;
} dl_text_measure;

typedef struct dl_actx {
    dl_el *el;
    uint32_t n, cap;
    /* per element: its class attribute (the first), or NULL; beside el, which it would widen past a
     * cache line, for the sibling repetition of the block features (blocks.c signature) */
    const dl_attr **cls;
    dl_para *para;
    uint32_t npara, cap_para;
    /* every text node the walk measured, in walk order: the block features read them back rather than
     * measure the same text a second time (ntext is 0 when the array could not grow: they measure) */
    dl_text_measure *text;
    uint32_t ntext, cap_text;
    int text_failed;
    int nomem, broken;
    int indexed; /* the walk filled it (dl_tab_end): the selection reads it as it is */
    /* the walk's state (dl_tab_begin .. dl_tab_end): the subtree's root, the innermost indexed element
     * open, how many elements are open inside a never-content one, and the memo of class/id words */
    const dl_node *walk_root;
    int32_t walk_cur;
    uint32_t walk_hard;
    int walk_failed;
    dl_word_memo *memo;
} dl_actx;

/* The table's steps of the page index's walk (index/index.c), in document order: begin, then enter and
 * leave for every element (ka: its attributes; NULL for a foreign element) and text for every text node
 * below root, then end (the subtree sums; the table is then `indexed`). begin and end return -1 on out
 * of memory; dl_tab_free(cx) in every case. */
int dl_tab_begin(dl_actx *cx, const dl_node *root);
void dl_tab_enter(dl_actx *cx, const dl_node *el, const dl_known_attrs *ka);
void dl_tab_leave(dl_actx *cx, const dl_node *el);
void dl_tab_text(dl_actx *cx, const dl_node *text);
int dl_tab_end(dl_actx *cx);
/* The subtree measures over what is not dropped (select.c's steps reread them after each pruning). */
void dl_tab_aggregate(dl_actx *cx);

/* An element's subtree sums before dl_tab_aggregate adds its kept children's to them. */
static inline void dl_tab_reset_sums(dl_el *e) {
    e->chars = e->own_chars;
    e->commas = e->own_commas;
    e->links = 0;
}

/* Folded length in code points (internal white-space runs count one, the ends nothing) and commas. */
void dl_tab_measure_text(const char *s, size_t len, uint32_t *chars, uint32_t *commas);
/* The same with words, sentence ends and digits too. */
void dl_tab_measure_more(const char *s, size_t len, uint32_t *chars, uint32_t *commas, uint32_t *words,
                         uint32_t *stops, uint32_t *digits);
/* Hidden from every reader: the hidden attribute, aria-hidden="true", or an inline style that hides it. */
int dl_tab_is_hidden(const dl_node *el);
/* The class/id word bits (W_*) of an element. */
unsigned dl_tab_element_words(const dl_node *el);
/* A <noscript> whose content was parsed as elements (scripting off). */
int dl_tab_is_parsed_noscript(const dl_node *n);

/* The classic selection over the table (indexed first when it is not: cx zeroed, or filled by the page
 * index's walk from the same root): prune, score, choose the winner and its split chunks
 * (chosen[0..*nchosen) in document order, at most DL_ART_SPLIT_MAX) and clean them. *best is the
 * winner's index, -1 when nothing scored. Returns -1 on out of memory. */
#define DL_TAB_MAX_CHOSEN 16u /* = DL_ART_SPLIT_MAX: the size of dl_tab_select's chosen array */
int dl_tab_select(dl_actx *cx, const dl_node *root, dl_favor favor, uint32_t *chosen, uint32_t *nchosen,
                  int64_t *best);
/* Render the subtree at index top without what is F_DROP or F_CLEAN, appending to o. */
void dl_tab_render(dl_actx *cx, uint32_t top, dl_out *o);
void dl_tab_newline(dl_actx *cx, dl_out *o);
void dl_tab_free(dl_actx *cx);

#endif
