/* dl_parse: runs the tokenizer with the tree builder as its sink; the tree-construction dispatcher;
 * the fragment case (HTML Standard 13.2.6 and 13.4). */
#include <stdlib.h>
#include <string.h>

#include "common/compiler.h"
#include "tree/tb_internal.h"

static int use_html_rules_slow(tb *b, const tb_token *t);

/* Almost every token meets an HTML current node outside the fragment case: that test is inlined at
 * each call, the rest of the rule stays out of line. */
static inline int use_html_rules(tb *b, const tb_token *t) {
    if (!b->depth || (!b->context && b->stack[b->depth - 1]->ns == DL_NS_HTML)) return 1;
    return use_html_rules_slow(b, t);
}

static int use_html_rules_slow(tb *b, const tb_token *t) {
    if (!b->depth || t->type == DL_TOK_EOF) return 1;
    /* Almost every token meets an HTML current node outside the fragment case: answer that first. */
    dl_node *acn = (b->context && b->depth == 1) ? b->context : b->stack[b->depth - 1];
    if (acn->ns == DL_NS_HTML) return 1;
    int start = t->type == DL_TOK_START_TAG, chars = t->type == DL_TOK_CHARACTER;
    if (tb_is_mathml_text_ip(acn)) {
        if (start && t->atom != DL_TAG_mglyph && t->atom != DL_TAG_malignmark) return 1;
        if (chars) return 1;
    }
    if (acn->ns == DL_NS_MATHML && acn->atom == DL_TAG_annotation_xml && start && t->atom == DL_TAG_svg) return 1;
    if (tb_is_html_ip(acn) && (start || chars)) return 1;
    return 0;
}

/* The insertion modes, each in its own file under modes/: this table and follow_rules() below are their
 * only callers. */
typedef int (*tb_mode_fn)(tb *b, tb_token *t);
static const tb_mode_fn mode_rules[] = {
    [M_INITIAL] = tb_mode_initial,
    [M_BEFORE_HTML] = tb_mode_before_html,
    [M_BEFORE_HEAD] = tb_mode_before_head,
    [M_IN_HEAD] = tb_mode_in_head,
    [M_IN_HEAD_NOSCRIPT] = tb_mode_in_head_noscript,
    [M_AFTER_HEAD] = tb_mode_after_head,
    [M_IN_BODY] = tb_mode_in_body,
    [M_TEXT] = tb_mode_text,
    [M_IN_TABLE] = tb_mode_in_table,
    [M_IN_TABLE_TEXT] = tb_mode_in_table_text,
    [M_IN_CAPTION] = tb_mode_in_caption,
    [M_IN_COLUMN_GROUP] = tb_mode_in_column_group,
    [M_IN_TABLE_BODY] = tb_mode_in_table_body,
    [M_IN_ROW] = tb_mode_in_row,
    [M_IN_CELL] = tb_mode_in_cell,
    [M_IN_TEMPLATE] = tb_mode_in_template,
    [M_AFTER_BODY] = tb_mode_after_body,
    [M_IN_FRAMESET] = tb_mode_in_frameset,
    [M_AFTER_FRAMESET] = tb_mode_after_frameset,
    [M_AFTER_AFTER_BODY] = tb_mode_after_after_body,
    [M_AFTER_AFTER_FRAMESET] = tb_mode_after_after_frameset,
};

/* Reprocessing is a loop, never recursion; a mode that neither consumes nor changes state would spin,
 * so the loop is bounded (the longest legitimate chain of reprocessing steps is far shorter). The same
 * bound caps a chain of "using the rules for" steps, which no mode makes longer than three. */
#define MAX_REPROCESS 64

/* A mode asked for another mode's rules (TB_USING, TB_STEP_*): run them on the same token, and theirs
 * in turn, until the token is consumed or must be reprocessed. Foster parenting and the head element
 * pushed by "after head" stay in force for the whole chain, as they did for the rules the Standard nests
 * inside them, and are undone when it ends. Returns TB_STEP_DONE, TB_STEP_REPROCESS or TB_STEP_OOM. */
static int follow_rules(tb *b, tb_token *t, int r) {
    int fostered = 0;
    dl_node *pushed_head = NULL;
    for (int i = 0; r > TB_STEP_REPROCESS && i < MAX_REPROCESS; i++) {
        tb_mode m = b->mode;
        if (r == TB_STEP_IN_BODY_FOSTERED) {
            fostered = b->foster = 1;
            m = M_IN_BODY;
        } else if (r == TB_STEP_IN_HEAD_ON_HEAD_ELEMENT) {
            if (!pushed_head) {
                if (tb_push(b, b->head_el)) {
                    r = TB_STEP_OOM;
                    break;
                }
                pushed_head = b->head_el;
            }
            m = M_IN_HEAD;
        } else if (r >= TB_STEP_USING_BASE) {
            m = (tb_mode)(r - TB_STEP_USING_BASE);
        } /* else TB_STEP_USING_CURRENT: the current mode */
        r = mode_rules[m](b, t);
    }
    if (r > TB_STEP_REPROCESS) r = TB_STEP_DONE; /* a chain past the bound: drop the token */
    if (fostered) b->foster = 0;
    if (pushed_head) tb_remove_from_stack(b, pushed_head);
    return r;
}

/* The tree construction dispatcher (HTML Standard 13.2.6,
 * https://html.spec.whatwg.org/multipage/parsing.html#tree-construction-dispatcher): the rules of the
 * current insertion mode, or of foreign content when the adjusted current node is foreign and not an
 * integration point the token may pass (use_html_rules), and any rules those defer to. Returns
 * TB_STEP_DONE, TB_STEP_REPROCESS (the caller dispatches the token again) or TB_STEP_OOM. */
DL_ALWAYS_INLINE int process_once(tb *b, tb_token *t) {
    int r = use_html_rules(b, t) ? mode_rules[b->mode](b, t) : tb_foreign_token(b, t);
    /* One plain "using the rules for" step is common (every token inside a table cell, a caption or a
     * template goes to "in body"): it is taken here, and only longer or bracketed chains out of line. */
    if (DL_UNLIKELY(r > TB_STEP_REPROCESS)) {
        if (r >= TB_STEP_USING_BASE) r = mode_rules[r - TB_STEP_USING_BASE](b, t);
        if (r > TB_STEP_REPROCESS) r = follow_rules(b, t, r);
    }
    return r;
}

static int dispatch(tb *b, tb_token *t) {
    if (t->type == DL_TOK_CHARACTER) {
        int spins = 0;
        while (t->data.len && !b->status && !b->done) {
            size_t before = t->data.len;
            /* A mode consumes the prefix of the run its rules cover; the rest is dispatched again
             * (asking anew whether foreign content's rules apply), which is also "reprocess". */
            if (process_once(b, t) < 0) return -1;
            if (t->data.len == before) {
                if (++spins > MAX_REPROCESS) {
                    t->data.ptr++;
                    t->data.len--;
                    spins = 0;
                }
            } else {
                spins = 0;
            }
        }
        return b->status ? -1 : 0;
    }
    int r = process_once(b, t);
    for (int i = 0; r == TB_STEP_REPROCESS && i < MAX_REPROCESS && !b->done; i++) r = process_once(b, t);
    return (r < 0 || b->status) ? -1 : 0;
}

static void update_cdata(tb *b) {
    if (!b->tz) return;
    dl_node *acn = b->depth ? ((b->context && b->depth == 1) ? b->context : b->stack[b->depth - 1]) : NULL;
    int allowed = acn && acn->ns != DL_NS_HTML;
    /* Tell the tokenizer only when the answer changes: it rarely does, and the call is per token. */
    if (allowed != b->cdata_told) {
        dl_tokenizer_set_cdata_allowed(b->tz, allowed);
        b->cdata_told = allowed;
    }
}

static int sink(void *ctx, const dl_token *tok) {
    tb *b = ctx;
    if (b->status) return -1;
    if (b->done) return 0;
    /* Field by field, not "= {...}": a 96-byte struct zeroed per token became a `rep stos`, whose
     * start-up cost made it 39% of this function's time (perf, aeb pages). */
    tb_token t;
    t.type = tok->type;
    t.atom = 0;
    t.name.ptr = NULL;
    t.name.len = 0;
    t.self_closing = 0;
    t.attrs = NULL;
    t.nattrs = 0;
    t.start = tok->start;
    t.end = tok->end;
    t.data.ptr = NULL;
    t.data.len = 0;
    t.data.borrowed = 0;
    t.raw = tok;
    int skip = b->skip_lf;
    b->skip_lf = 0;
    switch (tok->type) {
    case DL_TOK_CHARACTER:
        t.data = tok->data;
        if (skip && t.data.len && t.data.ptr[0] == '\n') {
            t.data.ptr++;
            t.data.len--;
        }
        if (!t.data.len) return 0;
        break;
    case DL_TOK_COMMENT:
        t.data = tok->data;
        break;
    case DL_TOK_START_TAG: case DL_TOK_END_TAG:
        t.name.ptr = tok->name.ptr;
        t.name.len = tok->name.len;
        t.self_closing = tok->self_closing;
        t.attrs = tok->attrs;
        t.nattrs = tok->nattrs;
        t.atom = dl_document_intern(b->doc, tok->name.ptr, tok->name.len);
        /* the length first: it is almost never 15, so the test is predicted, where the token's type
         * alternates between start and end tags from one token to the next */
        if (tok->name.len == 15 && tok->type == DL_TOK_START_TAG && memcmp(tok->name.ptr, "selectedcontent", 15) == 0)
            b->has_selectedcontent = 1;
        if (t.atom == DL_TAG__NONE) return tb_oom(b);
        break;
    default:
        break;
    }
    b->cur = &t;
    int r = dispatch(b, &t);
    b->cur = NULL;
    if (r < 0 || b->status) {
        if (!b->status) b->status = DL_PARSE_NOMEM;
        return -1;
    }
    /* Only a change of the current node's namespace can change the answer; an HTML one with no
     * fragment context (the common case) and a tokenizer already told "no" needs no call. */
    if (b->cdata_told || b->context || !b->depth || b->stack[b->depth - 1]->ns != DL_NS_HTML) update_cdata(b);
#ifdef DL_TB_CHECK
    tb_stack_check(b);
#endif
    return 0;
}

static void set_end(dl_node *el, uint64_t end) {
    if (!el || !end || el->span_start == DL_NO_SPAN || end >= UINT32_MAX) return;
    el->flags &= (uint16_t)~DL_NODE_F_IMPLIED_END;
    el->span_end = (uint32_t)end;
}

/* </body> and </html> do not pop their elements (later content may still go into them), so their
 * explicit ends are applied once parsing stopped. */
static void fix_root_spans(tb *b) {
    for (dl_node *h = b->doc->root->first_child; h; h = h->next) {
        if (!tb_is_html(h, DL_TAG_html)) continue;
        set_end(h, b->html_end);
        for (dl_node *c = h->first_child; c; c = c->next)
            if (tb_is_html(c, DL_TAG_body)) set_end(c, b->body_end);
    }
}

/* <selectedcontent> mirrors its select's selected option (the last option with a selected attribute,
 * else the first option): the DOM does it as options are inserted; after parsing, one pass gives the
 * same tree. Runs only when the page has a selectedcontent element. */
static int clone_children(tb *b, const dl_node *src, dl_node *dst) {
    dl_node **parents = NULL;
    size_t np = 0, cap = 0;
    int rc = 0;
    const dl_node *n = src->first_child;
    dl_node *into = dst;
    while (n) {
        dl_node *c;
        if (n->type == DL_NODE_ELEMENT) c = tb_clone_element(b, n);
        else if (n->type == DL_NODE_TEXT) c = dl_node_new_text(b->doc, n->u.text.ptr, n->u.text.len, 0);
        else if (n->type == DL_NODE_COMMENT) c = dl_node_new_comment(b->doc, n->u.text.ptr, n->u.text.len, 0);
        else c = NULL;
        if (!c && (n->type == DL_NODE_ELEMENT || n->type == DL_NODE_TEXT || n->type == DL_NODE_COMMENT)) {
            rc = tb_oom(b);
            break;
        }
        if (c) dl_node_append(into, c);
        if (c && n->first_child) {
            if (np == cap) {
                size_t nc = cap ? cap * 2 : 16;
                dl_node **pp = realloc(parents, nc * sizeof *pp);
                if (!pp) {
                    rc = tb_oom(b);
                    break;
                }
                parents = pp;
                cap = nc;
            }
            parents[np++] = into;
            into = c;
            n = n->first_child;
            continue;
        }
        while (n != src && !n->next) {
            n = n->parent;
            if (n != src) into = np ? parents[--np] : dst;
        }
        n = n == src ? NULL : n->next;
    }
    free(parents);
    return rc;
}

/* The selectedcontent element's post-connection steps set it disabled when one of its ancestors is an
 * option or a selectedcontent, or when it has more than one select ancestor; a disabled one is never
 * filled ("get a select's enabled selectedcontent" returns null for it). So only a select that is inside
 * no other select, option or selectedcontent can fill one, and each node is copied at most once.
 * Without those rules, a select nested in an option (through <math><ms>) copies its own filled copy
 * again at every level: a 4 KB page grew to 900,000 elements and 170 MB. */
static int is_select_blocker(const dl_node *n, uint32_t sc) {
    return tb_is_html(n, DL_TAG_option) || tb_is_html(n, sc);
}

/* "Update a select's selectedcontent" for a select inside no select, option or selectedcontent. */
static int update_selectedcontent(tb *b, const dl_node *select, uint32_t sc) {
    /* Step 1 of "get a select's enabled selectedcontent": a select with multiple has none. */
    if (dl_element_attr(select, "multiple", 8)) return 0;
    dl_node *target = NULL;
    int target_disabled = 0;
    const dl_node *first = NULL, *selected = NULL;
    /* One walk of the select's subtree counting, on the path from the select, the nested selects
     * (their options are theirs, and a selectedcontent under one has two select ancestors) and the
     * options and selectedcontents (a selectedcontent under one is disabled). */
    size_t nested = 0, blockers = 0;
    const dl_node *d = select->first_child;
    while (d) {
        if (!target && tb_is_html(d, sc)) {
            target = (dl_node *)d;
            target_disabled = nested > 0 || blockers > 0;
        }
        if (!nested && tb_is_html(d, DL_TAG_option)) {
            if (!first) first = d;
            if (dl_element_attr(d, "selected", 8)) selected = d;
        }
        if (d->first_child) {
            nested += tb_is_html(d, DL_TAG_select);
            blockers += is_select_blocker(d, sc);
            d = d->first_child;
            continue;
        }
        while (d != select && !d->next) {
            d = d->parent;
            if (d != select) {
                nested -= tb_is_html(d, DL_TAG_select);
                blockers -= is_select_blocker(d, sc);
            }
        }
        d = d == select ? NULL : d->next;
    }
    if (!selected) selected = first;
    if (!target || target_disabled || !selected) return 0;
    while (target->first_child) dl_node_remove(target->first_child);
    return clone_children(b, selected, target);
}

static int fill_selectedcontent(tb *b) {
    uint32_t sc = dl_document_intern(b->doc, "selectedcontent", 15);
    if (sc == DL_TAG__NONE) return tb_oom(b);
    const dl_node *root = b->doc->root;
    /* Document order, counting the options and selectedcontents above the current node; a select's
     * subtree is handed to update_selectedcontent and not walked again (no select in it can fill). */
    size_t blockers = 0;
    const dl_node *n = root->first_child;
    while (n) {
        int is_select = tb_is_html(n, DL_TAG_select);
        if (is_select && !blockers && update_selectedcontent(b, n, sc)) return -1;
        if (!is_select && n->first_child) {
            blockers += is_select_blocker(n, sc);
            n = n->first_child;
            continue;
        }
        while (n != root && !n->next) {
            n = n->parent;
            if (n != root) blockers -= is_select_blocker(n, sc);
        }
        n = n == root ? NULL : n->next;
    }
    return 0;
}

static void tb_free(tb *b) {
    free(b->stack);
    free(b->rel);
    free(b->slots);
    free(b->hpos);
    free(b->top_html);
    free(b->top_foreign);
    free(b->afe);
    free(b->afeh);
    free(b->tmodes);
    dl_buf_free(&b->ptext);
    free(b->merge[0].index);
    free(b->merge[1].index);
    free(b->sortbuf);
    if (b->tz) dl_tokenizer_free(b->tz);
}

static int setup_fragment(tb *b, const dl_parse_options *o) {
    dl_document *doc = b->doc;
    uint8_t ns = o->context_ns;
    uint32_t atom = dl_document_intern(doc, o->context_name, o->context_len);
    if (atom == DL_TAG__NONE) return tb_oom(b);
    b->context = dl_node_new_element(doc, atom, ns);
    if (!b->context) return tb_oom(b);
    if (ns == DL_NS_HTML) {
        dl_tokenizer_initial_state st = DL_TSTATE_DATA;
        switch (atom) {
        case DL_TAG_title: case DL_TAG_textarea: st = DL_TSTATE_RCDATA; break;
        case DL_TAG_style: case DL_TAG_xmp: case DL_TAG_iframe: case DL_TAG_noembed: case DL_TAG_noframes:
            st = DL_TSTATE_RAWTEXT;
            break;
        case DL_TAG_script: st = DL_TSTATE_SCRIPT_DATA; break;
        case DL_TAG_noscript: st = b->scripting ? DL_TSTATE_RAWTEXT : DL_TSTATE_DATA; break;
        case DL_TAG_plaintext: st = DL_TSTATE_PLAINTEXT; break;
        default: break;
        }
        /* No "last start tag" is set: in the fragment case no end tag is appropriate, so
         * "</script>" inside a script context stays text, as the spec says. */
        dl_tokenizer_set_state(b->tz, st);
    }
    dl_node *html = dl_node_new_element(doc, DL_TAG_html, DL_NS_HTML);
    if (!html) return tb_oom(b);
    if (tb_push(b, html)) return -1;
    b->frag_html = html;
    if (ns == DL_NS_HTML && atom == DL_TAG_template && tb_tmode_push(b, M_IN_TEMPLATE)) return -1;
    tb_reset_mode(b);
    update_cdata(b);
    return 0;
}

dl_document *dl_parse(const char *utf8, size_t len, const dl_parse_options *opts, dl_parse_status *status) {
    dl_parse_status st_dummy;
    if (!status) status = &st_dummy;
    *status = DL_PARSE_OK;
    /* Spans are 32-bit offsets. */
    if (len >= UINT32_MAX) {
        *status = DL_PARSE_TOO_LARGE;
        return NULL;
    }
    dl_document *doc = dl_document_new(utf8, len);
    if (!doc) {
        *status = DL_PARSE_NOMEM;
        return NULL;
    }
    tb b;
    memset(&b, 0, sizeof b);
    b.doc = doc;
    b.scripting = opts ? (opts->scripting != 0) : 1;
    b.frameset_ok = 1;
    b.mode = M_INITIAL;
    doc->scripting = (uint8_t)b.scripting;
    int fragment = opts && opts->context_name && opts->context_len;
    doc->root = dl_node_new_fragment(doc);
    if (!doc->root) goto fail;
    if (!fragment) doc->root->type = DL_NODE_DOCUMENT;
    b.tz = dl_tokenizer_new(sink, &b);
    if (!b.tz) goto fail;
    if (fragment && setup_fragment(&b, opts)) goto fail;
    if (dl_tokenizer_feed(b.tz, utf8, len) || dl_tokenizer_finish(b.tz) || b.status) goto fail;
    if (!b.done) {
        /* The tokenizer always ends with EOF, which stops parsing; this covers an early abort. */
        while (b.depth) tb_pop(&b);
    }
    if (fragment) {
        /* The fragment is the children of the html element the algorithm made up. */
        while (b.frag_html->first_child) dl_node_append(doc->root, b.frag_html->first_child);
    } else {
        fix_root_spans(&b);
    }
    if (b.has_selectedcontent && fill_selectedcontent(&b)) goto fail;
    tb_free(&b);
    return doc;
fail:
    *status = b.status ? (dl_parse_status)b.status : DL_PARSE_NOMEM;
    tb_free(&b);
    dl_document_free(doc);
    return NULL;
}
