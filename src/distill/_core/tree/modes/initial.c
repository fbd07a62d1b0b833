/* The first insertion modes: "initial" (with the DOCTYPE token's quirks mode), "before html" and
 * "before head" (HTML Standard 13.2.6.4.1-3). */
#include <string.h>

#include "tree/modes/modes.h"

/* ---- quirks ---- */

static int istarts(dl_slice s, const char *lit) {
    size_t n = strlen(lit);
    if (s.len < n) return 0;
    dl_slice h = {s.ptr, n, 0};
    return ieq(h, lit);
}

static const char *const quirky_prefixes[] = {
    "+//silmaril//dtd html pro v0r11 19970101//", "-//as//dtd html 3.0 aswedit + extensions//",
    "-//advasoft ltd//dtd html 3.0 aswedit + extensions//", "-//ietf//dtd html 2.0 level 1//",
    "-//ietf//dtd html 2.0 level 2//", "-//ietf//dtd html 2.0 strict level 1//",
    "-//ietf//dtd html 2.0 strict level 2//", "-//ietf//dtd html 2.0 strict//", "-//ietf//dtd html 2.0//",
    "-//ietf//dtd html 2.1e//", "-//ietf//dtd html 3.0//", "-//ietf//dtd html 3.2 final//",
    "-//ietf//dtd html 3.2//", "-//ietf//dtd html 3//", "-//ietf//dtd html level 0//",
    "-//ietf//dtd html level 1//", "-//ietf//dtd html level 2//", "-//ietf//dtd html level 3//",
    "-//ietf//dtd html strict level 0//", "-//ietf//dtd html strict level 1//",
    "-//ietf//dtd html strict level 2//", "-//ietf//dtd html strict level 3//", "-//ietf//dtd html strict//",
    "-//ietf//dtd html//", "-//metrius//dtd metrius presentational//",
    "-//microsoft//dtd internet explorer 2.0 html strict//", "-//microsoft//dtd internet explorer 2.0 html//",
    "-//microsoft//dtd internet explorer 2.0 tables//", "-//microsoft//dtd internet explorer 3.0 html strict//",
    "-//microsoft//dtd internet explorer 3.0 html//", "-//microsoft//dtd internet explorer 3.0 tables//",
    "-//netscape comm. corp.//dtd html//", "-//netscape comm. corp.//dtd strict html//",
    "-//o'reilly and associates//dtd html 2.0//", "-//o'reilly and associates//dtd html extended 1.0//",
    "-//o'reilly and associates//dtd html extended relaxed 1.0//",
    "-//sq//dtd html 2.0 hotmetal + extensions//",
    "-//softquad software//dtd hotmetal pro 6.0::19990601::extensions to html 4.0//",
    "-//softquad//dtd hotmetal pro 4.0::19971010::extensions to html 4.0//",
    "-//spyglass//dtd html 2.0 extended//", "-//sun microsystems corp.//dtd hotjava html//",
    "-//sun microsystems corp.//dtd hotjava strict html//", "-//w3c//dtd html 3 1995-03-24//",
    "-//w3c//dtd html 3.2 draft//", "-//w3c//dtd html 3.2 final//", "-//w3c//dtd html 3.2//",
    "-//w3c//dtd html 3.2s draft//", "-//w3c//dtd html 4.0 frameset//", "-//w3c//dtd html 4.0 transitional//",
    "-//w3c//dtd html experimental 19960712//", "-//w3c//dtd html experimental 970421//",
    "-//w3c//dtd w3 html//", "-//w3o//dtd w3 html 3.0//", "-//webtechs//dtd mozilla html 2.0//",
    "-//webtechs//dtd mozilla html//",
};

static uint8_t doctype_quirks(const dl_token *d) {
    dl_slice pub = d->has_public_id ? d->public_id : (dl_slice){"", 0, 0};
    dl_slice sys = d->has_system_id ? d->system_id : (dl_slice){"", 0, 0};
    if (d->force_quirks || !d->has_name || !(d->name.len == 4 && memcmp(d->name.ptr, "html", 4) == 0))
        return DL_QUIRKS_FULL;
    if (d->has_public_id && (ieq(pub, "-//w3o//dtd w3 html strict 3.0//en//") ||
                             ieq(pub, "-/w3c/dtd html 4.0 transitional/en") || ieq(pub, "html")))
        return DL_QUIRKS_FULL;
    if (d->has_system_id && ieq(sys, "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd"))
        return DL_QUIRKS_FULL;
    if (d->has_public_id) {
        for (size_t i = 0; i < sizeof quirky_prefixes / sizeof quirky_prefixes[0]; i++)
            if (istarts(pub, quirky_prefixes[i])) return DL_QUIRKS_FULL;
        int html401 = istarts(pub, "-//w3c//dtd html 4.01 frameset//") ||
                      istarts(pub, "-//w3c//dtd html 4.01 transitional//");
        if (!d->has_system_id && html401) return DL_QUIRKS_FULL;
        if (istarts(pub, "-//w3c//dtd xhtml 1.0 frameset//") || istarts(pub, "-//w3c//dtd xhtml 1.0 transitional//"))
            return DL_QUIRKS_LIMITED;
        if (d->has_system_id && html401) return DL_QUIRKS_LIMITED;
    }
    return DL_QUIRKS_NO;
}

static int insert_doctype(tb *b, const tb_token *t) {
    const dl_token *d = t->raw;
    dl_node *n = dl_node_new_doctype(b->doc);
    if (!n) return tb_oom(b);
    dl_doctype *dt = n->u.doctype;
    struct {
        dl_str *dst;
        dl_slice src;
        int has;
    } parts[] = {{&dt->name, d->name, d->has_name}, {&dt->public_id, d->public_id, d->has_public_id},
                 {&dt->system_id, d->system_id, d->has_system_id}};
    for (int i = 0; i < 3; i++) {
        if (!parts[i].has || !parts[i].src.len) continue;
        char *p = dl_arena_strndup(&b->doc->arena, parts[i].src.ptr, parts[i].src.len);
        if (!p) return tb_oom(b);
        parts[i].dst->ptr = p;
        parts[i].dst->len = parts[i].src.len;
    }
    dt->has_public_id = (uint8_t)(d->has_public_id != 0);
    dt->has_system_id = (uint8_t)(d->has_system_id != 0);
    n->span_start = t->start >= UINT32_MAX ? DL_NO_SPAN : (uint32_t)t->start;
    n->span_end = t->end >= UINT32_MAX ? DL_NO_SPAN : (uint32_t)t->end;
    dl_node_append(b->doc->root, n);
    return 0;
}

/* ---- modes ---- */

/* The "initial" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#the-initial-insertion-mode */
int tb_mode_initial(tb *b, tb_token *t) {
    if (CHARS(t)) {
        size_t n = ws_prefix(t);
        if (n) {
            consume(t, n);
            return 0;
        }
    } else if (t->type == DL_TOK_COMMENT) {
        return tb_insert_comment(b, t, b->doc->root);
    } else if (t->type == DL_TOK_DOCTYPE) {
        if (insert_doctype(b, t)) return -1;
        b->doc->quirks = doctype_quirks(t->raw);
        b->mode = M_BEFORE_HTML;
        return 0;
    }
    b->doc->quirks = DL_QUIRKS_FULL;
    b->mode = M_BEFORE_HTML;
    return TB_STEP_REPROCESS;
}

/* The "before html" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#the-before-html-insertion-mode */
int tb_mode_before_html(tb *b, tb_token *t) {
    if (t->type == DL_TOK_DOCTYPE) return 0;
    if (t->type == DL_TOK_COMMENT) return tb_insert_comment(b, t, b->doc->root);
    if (CHARS(t)) {
        size_t n = ws_prefix(t);
        if (n) {
            consume(t, n);
            return 0;
        }
    }
    if (START(t) && t->atom == DL_TAG_html) {
        dl_node *el = tb_create_element(b, t, DL_TAG_html, DL_NS_HTML);
        if (!el) return tb_oom(b);
        dl_node_append(b->doc->root, el);
        if (tb_push(b, el)) return -1;
        b->mode = M_BEFORE_HEAD;
        return 0;
    }
    if (END(t) && !IN(t->atom, DL_TAG_head, DL_TAG_body, DL_TAG_html, DL_TAG_br)) return 0;
    dl_node *el = dl_node_new_element(b->doc, DL_TAG_html, DL_NS_HTML);
    if (!el) return tb_oom(b);
    dl_node_append(b->doc->root, el);
    if (tb_push(b, el)) return -1;
    b->mode = M_BEFORE_HEAD;
    return TB_STEP_REPROCESS;
}

/* The "before head" insertion mode (HTML Standard 13.2.6.4), https://html.spec.whatwg.org/multipage/parsing.html#the-before-head-insertion-mode */
int tb_mode_before_head(tb *b, tb_token *t) {
    if (CHARS(t)) {
        size_t n = ws_prefix(t);
        if (n) {
            consume(t, n);
            return 0;
        }
    } else if (t->type == DL_TOK_COMMENT) {
        return tb_insert_comment(b, t, NULL);
    } else if (t->type == DL_TOK_DOCTYPE) {
        return 0;
    } else if (START(t) && t->atom == DL_TAG_html) {
        return TB_USING(M_IN_BODY);
    } else if (START(t) && t->atom == DL_TAG_head) {
        b->head_el = tb_insert_html(b, t);
        if (!b->head_el) return -1;
        b->mode = M_IN_HEAD;
        return 0;
    } else if (END(t) && !IN(t->atom, DL_TAG_head, DL_TAG_body, DL_TAG_html, DL_TAG_br)) {
        return 0;
    }
    b->head_el = tb_insert_html_atom(b, DL_TAG_head);
    if (!b->head_el) return -1;
    b->mode = M_IN_HEAD;
    return TB_STEP_REPROCESS;
}
