/* One page to one JSON line (batch.h): the pure-C half of `distill extract`. */
#include <stdio.h>
#include <string.h>

#include "batch/batch.h"
#include "extract/page_type/page_type.h"
#include "extract/pipeline/pipeline.h"
#include "extract/pipeline/record.h"
#include "tree/treebuilder.h"

#define LIT(out, s) dl_htmlbuf_append((out), (s), sizeof(s) - 1)

/* ---- JSON ---------------------------------------------------------------------------------------------- */

/* Length of the well-formed UTF-8 sequence at s (1..4), or 0 when it is not one (the Unicode Standard's
 * table 3-7: no overlongs, no surrogates, nothing above U+10FFFF). */
static size_t utf8_seq(const unsigned char *s, size_t n) {
    unsigned char c = s[0];
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) return n >= 2 && (s[1] & 0xC0) == 0x80 ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        if (n < 3 || (s[2] & 0xC0) != 0x80) return 0;
        unsigned char lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
        return s[1] >= lo && s[1] <= hi ? 3 : 0;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (n < 4 || (s[2] & 0xC0) != 0x80 || (s[3] & 0xC0) != 0x80) return 0;
        unsigned char lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
        return s[1] >= lo && s[1] <= hi ? 4 : 0;
    }
    return 0;
}

void dl_json_string(dl_htmlbuf *out, const char *str, size_t len) {
    static const char hex[] = "0123456789abcdef";
    const unsigned char *s = (const unsigned char *)str;
    LIT(out, "\"");
    size_t run = 0; /* start of the pending run of bytes that need no escaping */
    size_t i = 0;
    while (i < len) {
        unsigned char c = s[i];
        const char *esc = NULL;
        char u[6];
        size_t esc_len = 2, step = 1;
        if (c == '"') esc = "\\\"";
        else if (c == '\\') esc = "\\\\";
        else if (c == '\n') esc = "\\n";
        else if (c == '\r') esc = "\\r";
        else if (c == '\t') esc = "\\t";
        else if (c < 0x20 || c == 0x7F) {
            u[0] = '\\', u[1] = 'u', u[2] = '0', u[3] = '0', u[4] = hex[c >> 4], u[5] = hex[c & 15];
            esc = u, esc_len = 6;
        } else if (c >= 0x80) {
            step = utf8_seq(s + i, len - i);
            if (!step) esc = "\xEF\xBF\xBD", esc_len = 3, step = 1; /* U+FFFD for a stray byte */
            /* U+2028 and U+2029 are valid in JSON but end a line for str.splitlines() and JavaScript:
             * escaped, a record is always exactly one line whatever reads it. */
            else if (c == 0xE2 && step == 3 && s[i + 1] == 0x80 && (s[i + 2] == 0xA8 || s[i + 2] == 0xA9))
                esc = s[i + 2] == 0xA8 ? "\\u2028" : "\\u2029", esc_len = 6;
        }
        if (esc) {
            dl_htmlbuf_append(out, str + run, i - run);
            dl_htmlbuf_append(out, esc, esc_len);
            run = i + step;
        }
        i += step;
    }
    dl_htmlbuf_append(out, str + run, len - run);
    LIT(out, "\"");
}

static void json_field(dl_htmlbuf *out, const char *name, size_t name_len, const char *s, size_t len) {
    dl_htmlbuf_append(out, ",\"", 2);
    dl_htmlbuf_append(out, name, name_len);
    dl_htmlbuf_append(out, "\":", 2);
    if (s) dl_json_string(out, s, len);
    else LIT(out, "null");
}

#define FIELD(out, name, s, len) json_field((out), name, sizeof(name) - 1, (s), (len))

static void record_start(dl_htmlbuf *out, const char *url, size_t url_len) {
    LIT(out, "{\"url\":");
    if (url) dl_json_string(out, url, url_len);
    else LIT(out, "null");
}

/* The optional fields' bits are their places in record.h's list. */
_Static_assert(DL_BATCH_MARKDOWN == 1u << 0 && DL_BATCH_HTML == 1u << 1 && DL_BATCH_COMMENTS == 1u << 2 &&
                   DL_RECORD_NOPTIONAL == 3,
               "DL_BATCH_* follow DL_RECORD_OPTIONAL_FIELDS");

/* The optional fields asked for, each null. */
static void optional_nulls(dl_htmlbuf *out, unsigned fields) {
    for (int k = 0; k < DL_RECORD_NOPTIONAL; k++)
        if (fields & (1u << k)) json_field(out, dl_record_optional_fields[k], strlen(dl_record_optional_fields[k]), NULL, 0);
}

/* A number in [0, 1] with three decimals ("0.875"): the same text on every platform, and the precision
 * an estimate has. */
static void json_number(dl_htmlbuf *out, double v) {
    char num[16];
    if (!(v >= 0.0)) v = 0.0; /* NaN too */
    if (v > 1.0) v = 1.0;
    int n = snprintf(num, sizeof num, "%.3f", v);
    dl_htmlbuf_append(out, num, (size_t)n);
}

/* The fields after url and error of a record (record.h) in order: each from the extraction x, or null
 * for all of them when x is NULL (an error record). */
static void record_fields(dl_htmlbuf *out, const dl_extraction *x) {
    for (int k = 0; k < DL_RECORD_NFIELDS; k++) {
        const dl_record_field *f = &dl_record_fields[k];
        if (f->kind == DL_RECORD_URL || f->kind == DL_RECORD_ERROR) continue; /* the record's start */
        dl_htmlbuf_append(out, ",\"", 2);
        dl_htmlbuf_append(out, f->name, f->name_len);
        dl_htmlbuf_append(out, "\":", 2);
        if (!x) {
            LIT(out, "null");
            continue;
        }
        const dl_buf *v = NULL;
        const char *type;
        switch ((dl_record_kind)f->kind) {
        case DL_RECORD_META:
            v = &x->meta.fields[f->arg].value;
            if (v->len) dl_json_string(out, v->data, v->len);
            else LIT(out, "null");
            break;
        case DL_RECORD_TAGS:
            LIT(out, "[");
            for (size_t i = 0, off = 0; i < x->meta.ntags; i++) {
                size_t len = strlen(x->meta.tags.data + off);
                if (i) LIT(out, ",");
                dl_json_string(out, x->meta.tags.data + off, len);
                off += len + 1;
            }
            LIT(out, "]");
            break;
        case DL_RECORD_PAGE_TYPE:
            type = dl_page_type_name(x->page_type);
            dl_json_string(out, type, strlen(type));
            break;
        case DL_RECORD_QUALITY: json_number(out, x->quality); break;
        case DL_RECORD_TEXT: dl_json_string(out, x->text.data ? x->text.data : "", x->text.len); break;
        default: LIT(out, "null"); break;
        }
    }
}

void dl_batch_error(const char *url, size_t url_len, const char *reason, size_t reason_len,
                    const dl_batch_options *opts, dl_htmlbuf *out) {
    record_start(out, url, url_len);
    FIELD(out, "error", reason, reason_len);
    record_fields(out, NULL);
    optional_nulls(out, opts->fields);
    LIT(out, "}\n");
}

/* ---- not HTML ------------------------------------------------------------------------------------------ */

/* How much of the start of a page the binary check reads: enough to see any real page's markup, bounded
 * so the check costs nothing next to the parse. */
#define SNIFF_WINDOW 65536

/* Why the page is not HTML (written into reason), or 0 when it may be. A decoded page with more than 2%
 * (and at least 8) control characters or U+FFFD in its first 64 KiB is binary or was undecodable: real
 * pages have essentially none, while random bytes decoded as windows-1252 give about one in eight and
 * bytes that fail as UTF-8 give U+FFFD everywhere. A page without a single '<' in that window has no
 * markup to extract an article from. */
static int not_html(const char *html, size_t len, char *reason, size_t cap) {
    const unsigned char *s = (const unsigned char *)html;
    size_t n = len < SNIFF_WINDOW ? len : SNIFF_WINDOW;
    size_t chars = 0, bad = 0, text = 0;
    int lt = 0;
    for (size_t i = 0; i < n; chars++) {
        unsigned char c = s[i];
        if (c < 0x80) {
            if (c == '<') lt = 1;
            if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f') || c == 0x7F) bad++;
            else if (c > 0x20) text++;
            i++;
            continue;
        }
        text++;
        if (c == 0xC2 && i + 1 < n && s[i + 1] >= 0x80 && s[i + 1] <= 0x9F) bad++;               /* C1 */
        else if (c == 0xEF && i + 2 < n && s[i + 1] == 0xBF && s[i + 2] == 0xBD) bad++;          /* U+FFFD */
        size_t step = utf8_seq(s + i, n - i);
        i += step ? step : 1;
    }
    if (bad >= 8 && bad * 50 > chars) {
        snprintf(reason, cap, "not HTML: %zu of the first %zu characters are control characters or undecodable "
                 "bytes (binary data, or text in an encoding that was not declared)", bad, chars);
        return 1;
    }
    if (!lt && text) {
        snprintf(reason, cap, "not HTML: no markup ('<') in the first %zu bytes", n);
        return 1;
    }
    return 0;
}

/* ---- the page ------------------------------------------------------------------------------------------ */

static int write_article(const dl_extraction *x, const char *url, size_t url_len, const dl_batch_options *opts,
                         dl_htmlbuf *out) {
    record_start(out, url, url_len);
    LIT(out, ",\"error\":null");
    record_fields(out, x);
    /* the optional fields, in record.h's order: markdown and html drawn from the extraction's selection
     * (as Article.markdown/.html are), the comments it found when the options asked for them */
    int rc = 0;
    for (int k = 0; rc == 0 && k < DL_RECORD_NOPTIONAL; k++) {
        if (!(opts->fields & (1u << k))) continue;
        const char *name = dl_record_optional_fields[k];
        if ((1u << k) == DL_BATCH_COMMENTS) {
            if (x->have_comments && x->comments.len) json_field(out, name, strlen(name), x->comments.data, x->comments.len);
            else json_field(out, name, strlen(name), NULL, 0);
            continue;
        }
        dl_htmlbuf part;
        dl_htmlbuf_init(&part);
        rc = dl_extraction_render(x, (1u << k) == DL_BATCH_MARKDOWN ? DL_RENDER_MARKDOWN : DL_RENDER_HTML, opts->policy,
                                  url, url_len, &part);
        if (rc == 0 && !part.failed) json_field(out, name, strlen(name), part.data ? part.data : "", part.len);
        else rc = -1;
        dl_htmlbuf_free(&part);
    }
    LIT(out, "}\n");
    return rc;
}

/* The tags a page has, counted as the '<' bytes (at memchr speed). A tag adds at most one element, one
 * text node after it and a bounded number of implied elements, so a page with more '<' than half the
 * node cap is refused before its tree is built: the cap then bounds the tree's memory, not only its
 * acceptance (a 32 MiB page of "<p>x" would otherwise build 16 million nodes, about 1.3 GB, first). */
static size_t count_lt(const char *s, size_t len) {
    size_t n = 0;
    for (const char *p = s, *end = s + len; (p = memchr(p, '<', (size_t)(end - p))) != NULL; p++) n++;
    return n;
}

int dl_batch_page(const char *html, size_t len, const char *url, size_t url_len, const dl_batch_options *opts,
                  dl_htmlbuf *out) {
    char reason[256];
    if (not_html(html, len, reason, sizeof reason)) {
        dl_batch_error(url, url_len, reason, strlen(reason), opts, out);
        return out->failed ? -1 : 1;
    }
    size_t tags = opts->max_nodes ? count_lt(html, len) : 0;
    if (tags > opts->max_nodes / 2) {
        int n = snprintf(reason, sizeof reason, "tree too large: %zu tags, more than half the cap of %zu nodes "
                         "(--max-nodes)", tags, opts->max_nodes);
        dl_batch_error(url, url_len, reason, (size_t)n, opts, out);
        return out->failed ? -1 : 1;
    }
    dl_parse_options po;
    memset(&po, 0, sizeof po);
    po.scripting = opts->scripting;
    dl_parse_status status = DL_PARSE_OK;
    dl_document *doc = dl_parse(html, len, &po, &status);
    if (!doc) {
        if (status != DL_PARSE_TOO_LARGE) return -1;
        const char *r = "page too large to parse (4 GiB or more)";
        dl_batch_error(url, url_len, r, strlen(r), opts, out);
        return out->failed ? -1 : 1;
    }
    int rc;
    if (opts->max_nodes && doc->node_count > opts->max_nodes) {
        int n = snprintf(reason, sizeof reason, "tree too large: %zu nodes, more than the cap of %zu (--max-nodes)",
                         doc->node_count, opts->max_nodes);
        dl_batch_error(url, url_len, reason, (size_t)n, opts, out);
        rc = 1;
    } else {
        dl_extraction x;
        size_t mark = out->len;
        dl_extract_options eo = opts->extract;
        if (opts->fields & DL_BATCH_COMMENTS) eo.include |= DL_INCLUDE_COMMENTS;
        rc = dl_extract_run(doc, doc->root, &eo, &x);
        if (rc == 0) rc = write_article(&x, url, url_len, opts, out);
        dl_extraction_free(&x);
        if (rc < 0 && !out->failed) {
            /* An allocation failed inside the extraction: the page gets an error record, the batch goes on. */
            out->len = mark;
            const char *r = "out of memory while extracting this page";
            dl_batch_error(url, url_len, r, strlen(r), opts, out);
            rc = 1;
        }
    }
    dl_document_free(doc);
    return out->failed ? -1 : rc;
}
