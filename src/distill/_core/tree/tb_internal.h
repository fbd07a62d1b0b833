/* Internal state of the tree builder, shared by its files (not a public interface).
 *
 *   treebuilder.c      dl_parse, the token sink, the tree construction dispatcher (the only caller of
 *                      the insertion modes), the fragment case
 *   modes/             one file per insertion mode or small family of modes (HTML Standard 13.2.6.4),
 *                      listed in modes/modes.h; a mode never calls another (TB_STEP_* below)
 *   tb_common.c        out of memory, growing arrays (the element categories are inline below)
 *   open_elements.c    the stack of open elements (13.2.4.2), its indexes and tombstones
 *   scope.c            "has an element in scope" and its family (13.2.4.2)
 *   active_formatting.c  the list of active formatting elements (13.2.4.3): Noah's Ark, reconstruct
 *   insertion.c        creating and inserting nodes (13.2.6.1): appropriate place, foster parenting
 *   implied_end_tags.c generate implied end tags (and thoroughly), close a p element (13.2.6.3)
 *   reset_mode.c       reset the insertion mode appropriately, template insertion modes (13.2.4.1)
 *   adoption.c         the adoption agency algorithm
 *   foreign.c          the rules for parsing tokens in foreign content (13.2.6.5)
 *   foreign_adjust.c   foreign content's name/attribute adjustments and integration points
 */
#ifndef DL_TREE_TB_INTERNAL_H
#define DL_TREE_TB_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "common/ascii.h"
#include "common/buf.h"
#include "tokenizer/tokenizer.h"
#include "tree/atoms.h"
#include "tree/dom.h"
#include "tree/treebuilder.h"

typedef enum {
    M_INITIAL = 0,
    M_BEFORE_HTML,
    M_BEFORE_HEAD,
    M_IN_HEAD,
    M_IN_HEAD_NOSCRIPT,
    M_AFTER_HEAD,
    M_IN_BODY,
    M_TEXT,
    M_IN_TABLE,
    M_IN_TABLE_TEXT,
    M_IN_CAPTION,
    M_IN_COLUMN_GROUP,
    M_IN_TABLE_BODY,
    M_IN_ROW,
    M_IN_CELL,
    M_IN_TEMPLATE,
    M_AFTER_BODY,
    M_IN_FRAMESET,
    M_AFTER_FRAMESET,
    M_AFTER_AFTER_BODY,
    M_AFTER_AFTER_FRAMESET
} tb_mode;

/* A token as the insertion modes see it: the tokenizer's token plus the tag's atom. The modes may
 * rewrite the atom (image -> img) or synthesize tag tokens (tok == NULL fields zeroed). */
typedef struct {
    dl_token_type type;
    uint32_t atom; /* tag tokens: atom of the lower-case name */
    dl_str name;
    int self_closing;
    const dl_token_attr *attrs;
    size_t nattrs;
    uint64_t start, end;
    dl_slice data; /* comments and doctypes */
    const dl_token *raw;
} tb_token;

typedef struct {
    uint32_t prev_same; /* next lower entry with the same atom and namespace class */
    uint32_t next_same; /* and the next higher one */
    uint32_t special;   /* topmost special element */
    uint32_t bdef, blist, bbutton; /* topmost boundary of the default / list item / button scope */
    uint32_t bli;       /* topmost special element other than address, div, p (the li/dd/dt walk) */
    uint32_t live;      /* topmost entry that is not a tombstone (see tb.ndead) */
    uint32_t hidx;      /* HTML elements: this entry's index in tb.hpos */
    uint32_t atom;      /* the element's atom, and its categories (K_* in open_elements.c); 0 and 0 for a tombstone */
    uint8_t kind;
} tb_slot;

/* Node flag set while an element is on the stack of open elements (dom.h leaves bit 15 to the tree
 * builder). "Is this element on the stack?" is asked of elements that are not (reconstructing the
 * active formatting elements, removing an adoption agency's replaced element), and answering it by
 * walking the stack's entries of the same atom cost O(open elements of that atom) per question:
 * ("<a>" + "<div>" * 50 + "</a>") * n leaves n <a> open, so the parse was quadratic. */
#define TB_F_ON_STACK (1u << 15)

/* Capacity and name index of an element's attribute array while repeated <html>/<body> start tags
 * merge attributes into it (merge_attrs in modes/in_body.c). */
typedef struct {
    dl_node *el;
    uint32_t cap;       /* capacity of el's attribute array (allocated in the arena) */
    uint32_t *index;    /* open addressing over attribute names: attribute index + 1, 0 = empty */
    uint32_t nindex;    /* power of two */
} tb_merge;

typedef struct tb tb;
struct tb {
    dl_document *doc;
    dl_tokenizer *tz;
    int status; /* 0, or a dl_parse_status on failure */

    /* Stack of open elements (index 0 is the html element). */
    dl_node **stack;
    size_t depth, cap;
    /* The subset of the stack that is "relevant" for resetting the insertion mode and for table
     * scope (html, head, body, frameset, table parts, template): those elements are only ever
     * popped from the top, so this mirror stack lets those walks skip arbitrary runs of other elements. */
    dl_node **rel;
    size_t nrel, relcap;
    /* Per stack entry, indexes (1-based, 0 = none) of the topmost entry at or below it of each kind
     * the walks of the algorithm stop at, and a chain through the entries of the same atom. With these
     * a scope check, "any other end tag" and the li/dd/dt walk answer in O(1) however deep the stack
     * (1M nested elements), instead of walking it per token. Kept exact under the rare mid-stack edits
     * by recomputing the entries above the edit, the same order of work as the edit's memmove. */
    tb_slot *slots;
    /* Topmost entry (1-based) of each atom, separately for HTML and foreign elements. */
    uint32_t *top_html, *top_foreign;
    size_t topcap;
    /* Tombstones: the adoption agency and tb_remove_from_stack take elements out of the middle of
     * the stack by clearing their entry (stack[i] = NULL) instead of shifting every entry above, so
     * the positions, and the indexes above that hold them, stay put (open_elements.c, "Tombstones"). The
     * top entry and entry 0 are never tombstones; every index above points at a live entry. */
    size_t ndead;       /* tombstones on the stack */
    size_t dead_walked; /* tombstones stepped over by walks since the last compaction */
    /* Positions (1-based, ascending) of the HTML elements on the stack, 0 for one taken out; the
     * last entry is live, so it is the topmost HTML element (foreign content's end tags). */
    uint32_t *hpos;
    size_t nhpos, hposcap, nhdead;

    /* List of active formatting elements; NULL entries are markers. */
    dl_node **afe;
    uint32_t *afeh; /* hash of each entry (afe_hash in active_formatting.c) */
    size_t afehcap;
    size_t nafe, afecap;

    uint8_t *tmodes; /* stack of template insertion modes */
    size_t ntmodes, tmodecap;

    tb_mode mode, original_mode;
    dl_node *head_el, *form_el;
    dl_node *frag_html; /* fragment case: the html element whose children are the result */
    dl_node *context; /* fragment case: the context element (not in the tree), else NULL */
    int frameset_ok;
    int foster;       /* foster parenting on */
    int scripting;
    int skip_lf;      /* drop a leading U+000A in the next token (after pre, listing, textarea) */
    int done;         /* stopped parsing */
    int has_selectedcontent;
    int cdata_told;   /* the last cdata-allowed flag given to the tokenizer (it starts at 0) */

    /* Pending table character tokens ("in table text"). */
    dl_buf ptext; /* the pending table character tokens ("in table text") */
    int ptext_nonws;
    uint64_t ptext_start, ptext_end;
    const char *ptext_src; /* while the pending text is one slice of the source: its start (zero copy) */
    int ptext_contig;
    int span_override;     /* tb_insert_chars: use span_start/span_end for copied text */
    uint64_t span_start, span_end;

    tb_merge merge[2];   /* the html element, the body element */
    dl_attr **sortbuf;   /* scratch for comparing attribute sets (Noah's Ark) */
    size_t sortcap;

    const tb_token *cur; /* the token being processed (for text spans) */
    uint64_t body_end, html_end; /* end offsets of </body> and </html> when they were seen */
};

/* ---- tb_common.c, and the element categories the algorithms test ---- */
int tb_oom(tb *b); /* records DL_PARSE_NOMEM, returns -1 */
int tb_grow_to(void **arr, size_t *cap, size_t need, size_t elsize);
/* Make room for need elements of elsize in *arr (capacity *cap, doubling); -1 when out of memory. */
static inline int tb_grow(void **arr, size_t *cap, size_t need, size_t elsize) {
    return need <= *cap ? 0 : tb_grow_to(arr, cap, need, elsize);
}
static inline int tb_is_html(const dl_node *n, uint32_t atom) { return n && n->ns == DL_NS_HTML && n->atom == atom; }
/* "Relevant" elements: those resetting the insertion mode and table scope stop at (the rel mirror). */
static inline int tb_is_rel(const dl_node *n) {
    return n->ns == DL_NS_HTML && (dl_tag_category(n->atom) & DL_CAT_RESET_MODE);
}
/* The "special" category (13.2.4.2). select is not in it: since the customizable-select parser
 * change a select holds ordinary content, and a formatting end tag closes across it (html5lib-tests
 * webkit02 #49). */
static inline int tb_is_special(const dl_node *n) {
    if (n->ns == DL_NS_MATHML)
        return n->atom == DL_TAG_mi || n->atom == DL_TAG_mo || n->atom == DL_TAG_mn || n->atom == DL_TAG_ms ||
               n->atom == DL_TAG_mtext || n->atom == DL_TAG_annotation_xml;
    if (n->ns == DL_NS_SVG) return n->atom == DL_TAG_foreignObject || n->atom == DL_TAG_desc || n->atom == DL_TAG_title;
    return (dl_tag_category(n->atom) & DL_CAT_SPECIAL) != 0; /* HTML: the generated table (atoms.h) */
}
enum { SCOPE_DEFAULT, SCOPE_LIST, SCOPE_BUTTON, SCOPE_TABLE };
/* The element types that end a walk for "has an element in the specific scope": the default scope's
 * applet, caption, html, table, td, th, marquee, object, template, MathML mi, mo, mn, ms, mtext,
 * annotation-xml, SVG foreignObject, desc, title; list item scope adds ol, ul; button scope adds
 * button; table scope is html, table, template only. */
static inline int tb_scope_boundary(const dl_node *n, int scope) {
    if (scope == SCOPE_TABLE) return n->ns == DL_NS_HTML && (dl_tag_category(n->atom) & DL_CAT_TABLE_SCOPE);
    if (n->ns == DL_NS_HTML) {
        if (dl_tag_category(n->atom) & DL_CAT_SCOPE) return 1;
        if (n->atom == DL_TAG_ol || n->atom == DL_TAG_ul) return scope == SCOPE_LIST;
        return n->atom == DL_TAG_button && scope == SCOPE_BUTTON;
    }
    if (n->ns == DL_NS_MATHML) return tb_is_special(n);
    return n->atom == DL_TAG_foreignObject || n->atom == DL_TAG_desc || n->atom == DL_TAG_title;
}

/* ---- open_elements.c: the stack of open elements ---- */
int tb_push(tb *b, dl_node *el);
void tb_pop(tb *b);                          /* pops the current node, marking an implied end */
void tb_pop_until(tb *b, dl_node *el);       /* pops up to and including el */
void tb_pop_until_atom(tb *b, uint32_t atom); /* pops up to and including an HTML element of atom */
void tb_mark_implied(dl_node *el);
void tb_pop_self_closed(tb *b);          /* pops a void or self-closed element: no implied end */
void tb_close_explicit(dl_node *el, const tb_token *t); /* el was closed by the end tag t */
int tb_remove_from_stack(tb *b, dl_node *el); /* anywhere in the stack; 1 if it was there */
long tb_stack_index(tb *b, dl_node *el);      /* physical index (tombstones count), -1 if absent */
/* The adoption agency's edits (adoption.c), by physical index (tombstones included). */
size_t tb_stack_below(tb *b, size_t i);             /* the live entry nearest below i (i > 0) */
void tb_stack_replace(tb *b, size_t i, dl_node *el); /* el takes entry i (same atom and namespace) */
void tb_stack_kill(tb *b, size_t i);   /* tombstone entry lo < i < hi; tb_stack_adopt fixes the indexes */
/* Remove the formatting element at lo and insert ne immediately above the furthest block at hi:
 * the live entries of lo+1..hi move down over the tombstones, ne takes hi, and only the indexes
 * that change are rewritten (never the whole stack above). Returns 0 or -1 on out of memory. */
int tb_stack_adopt(tb *b, size_t lo, size_t hi, dl_node *ne);
void tb_stack_repair(tb *b, size_t lo); /* after an aborted edit: recompute every index from lo up */
int tb_stack_settle(tb *b);             /* compact the tombstones when they are too many (safe points) */
uint32_t tb_top_html_element(tb *b);    /* 1-based index of the topmost HTML element, 0 if none */
#ifdef DL_TB_CHECK
void tb_stack_check(tb *b);
#endif
dl_node *tb_adjusted_current(tb *b);
/* The current node: the top entry (never a tombstone). */
static inline dl_node *tb_current(tb *b) { return b->depth ? b->stack[b->depth - 1] : NULL; }
/* 1-based index of the topmost HTML element of atom, 0 if none; the same for foreign elements. */
static inline uint32_t tb_top_html(tb *b, uint32_t atom) { return atom < b->topcap ? b->top_html[atom] : 0; }
static inline uint32_t tb_top_foreign(tb *b, uint32_t atom) { return atom < b->topcap ? b->top_foreign[atom] : 0; }
static inline uint32_t tb_count(tb *b, uint32_t atom) { return tb_top_html(b, atom); } /* nonzero: one is open */
/* TB_F_ON_STACK is set exactly while an element is on the stack; the index walk confirms it. */
static inline int tb_stack_contains(tb *b, dl_node *el) {
    return (el->flags & TB_F_ON_STACK) && tb_stack_index(b, el) >= 0;
}

/* ---- scope.c: has an element in scope, list item / button / table scope ---- */
int tb_in_scope(tb *b, uint32_t atom, int scope);
int tb_node_in_scope(tb *b, dl_node *el, int scope);
int tb_heading_in_scope(tb *b);

/* ---- implied_end_tags.c ---- */
void tb_generate_implied(tb *b, uint32_t except);
void tb_generate_implied_thoroughly(tb *b);
void tb_close_p(tb *b);

/* ---- active_formatting.c: the list of active formatting elements ---- */
int tb_afe_push(tb *b, dl_node *el);
int tb_afe_push_marker(tb *b);
void tb_afe_clear_to_marker(tb *b);
long tb_afe_index(tb *b, dl_node *el);
void tb_afe_remove(tb *b, dl_node *el);
int tb_afe_insert_at(tb *b, size_t at, dl_node *el);
void tb_afe_remove_at(tb *b, size_t at);
int tb_reconstruct(tb *b);

/* ---- insertion.c: creating and inserting nodes ---- */
dl_node *tb_create_element(tb *b, const tb_token *t, uint32_t atom, uint8_t ns);
dl_node *tb_clone_element(tb *b, const dl_node *el);
void tb_appropriate_place(tb *b, dl_node *target, dl_node **parent, dl_node **before);
void tb_insert_at(dl_node *parent, dl_node *before, dl_node *n);
dl_node *tb_insert_html(tb *b, const tb_token *t); /* create for t (HTML ns), insert, push */
dl_node *tb_insert_html_atom(tb *b, uint32_t atom); /* parser-created element, no span */
dl_node *tb_insert_foreign(tb *b, const tb_token *t, uint8_t ns, int only_add_to_stack);
int tb_insert_chars(tb *b, const char *p, size_t n);
int tb_in_source(tb *b, const char *p);
int tb_insert_comment(tb *b, const tb_token *t, dl_node *parent);

/* ---- reset_mode.c ---- */
void tb_reset_mode(tb *b);
int tb_tmode_push(tb *b, tb_mode m);
void tb_tmode_pop(tb *b);

/* ---- foreign.c ---- */
int tb_is_mathml_text_ip(const dl_node *n);
int tb_is_html_ip(const dl_node *n);
void tb_adjust_attrs(tb *b, dl_node *el); /* SVG/MathML case and foreign attribute namespaces */
uint32_t tb_svg_tag_atom(tb *b, const tb_token *t);
uint32_t tb_svg_tag_atom_if_known(tb *b, const tb_token *t);
int tb_foreign_token(tb *b, tb_token *t);

/* ---- adoption.c ---- */
/* Returns 1 when the caller must act as for "any other end tag". */
int tb_adoption(tb *b, const tb_token *t);

/* ---- the insertion modes (modes/, one file per mode or small family) and their dispatcher ---- */
/* What processing a token in an insertion mode asks of the dispatcher (dispatch in treebuilder.c, the
 * only caller of the mode functions). A mode never calls another mode: where the HTML Standard says
 * "process the token using the rules for the X insertion mode" it returns TB_USING(X), and the
 * dispatcher runs X's rules on the same token. So each mode's file calls only the layers below it
 * (stack, scopes, active formatting, insertion, adoption, foreign adjustments) and the files form no
 * call cycle. */
enum {
    TB_STEP_OOM = -1,
    TB_STEP_DONE = 0,      /* consumed; of a character run, the prefix the mode advanced over (the rest comes back) */
    /* "Reprocess the token": the mode changed the state (usually the insertion mode) and the token is
     * dispatched again, the tree construction dispatcher choosing anew between the current mode's
     * rules and foreign content's. */
    TB_STEP_REPROCESS = 1,
    /* Foreign content's "process the token according to the rules given in the section corresponding
     * to the current insertion mode in HTML content". */
    TB_STEP_USING_CURRENT = 2,
    /* "In table", anything else: "process the token using the rules for the "in body" insertion mode,
     * except that ... foster parenting" is enabled while those rules (and any rules they defer to) run. */
    TB_STEP_IN_BODY_FOSTERED = 3,
    /* "After head", a head-only start tag: "push the node pointed to by the head element pointer onto the
     * stack of open elements; process the token using the rules for the "in head" insertion mode; remove
     * the node pointed to by the head element pointer from the stack of open elements". */
    TB_STEP_IN_HEAD_ON_HEAD_ELEMENT = 4,
    TB_STEP_USING_BASE = 8 /* TB_STEP_USING_BASE + mode: TB_USING(mode) */
};
/* "Process the token using the rules for the `mode` insertion mode" (the current mode is unchanged). */
#define TB_USING(mode) (TB_STEP_USING_BASE + (int)(mode))

/* One function per insertion mode (HTML Standard 13.2.6.4), each in modes/<mode or family>.c and named
 * after the mode ("in table text": tb_mode_in_table_text). Each returns a TB_STEP_* result. */
int tb_mode_initial(tb *b, tb_token *t);
int tb_mode_before_html(tb *b, tb_token *t);
int tb_mode_before_head(tb *b, tb_token *t);
int tb_mode_in_head(tb *b, tb_token *t);
int tb_mode_in_head_noscript(tb *b, tb_token *t);
int tb_mode_after_head(tb *b, tb_token *t);
int tb_mode_in_body(tb *b, tb_token *t);
int tb_mode_text(tb *b, tb_token *t);
int tb_mode_in_table(tb *b, tb_token *t);
int tb_mode_in_table_text(tb *b, tb_token *t);
int tb_mode_in_caption(tb *b, tb_token *t);
int tb_mode_in_column_group(tb *b, tb_token *t);
int tb_mode_in_table_body(tb *b, tb_token *t);
int tb_mode_in_row(tb *b, tb_token *t);
int tb_mode_in_cell(tb *b, tb_token *t);
int tb_mode_in_template(tb *b, tb_token *t);
int tb_mode_after_body(tb *b, tb_token *t);
int tb_mode_in_frameset(tb *b, tb_token *t);
int tb_mode_after_frameset(tb *b, tb_token *t);
int tb_mode_after_after_body(tb *b, tb_token *t);
int tb_mode_after_after_frameset(tb *b, tb_token *t);

/* Character classes. */
static inline int tb_ws(unsigned char c) { return dl_ascii_is_space(c); }

#endif
