/* Metadata that agrees with the article (issue 5): title heading near the body, JSON-LD, the <title>
 * without the site name, dates in ISO 8601. See meta_plus.h. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/ascii.h"
#include "extract/meta_plus.h"

/* How far above the body a title heading is still "just before the content": the body's parent and
 * two more levels (an <article> holding a <header> with the <h1> and a body <div> is two levels). A
 * page banner's logo <h1> sits further up, next to the whole page, not the article. */
#define DL_META_H1_LEVELS 3
/* JSON-LD nesting followed at most; deeper structure is not article metadata. */
#define DL_META_JSON_DEPTH 64
/* Text kept for one field at most: a headline or a name, not a document. */
#define DL_META_FIELD_MAX 4096

typedef struct {
    char *ptr;
    size_t len, cap;
    int nomem, space;
} dl_mbuf;

static int is_space(unsigned char c) { return dl_ascii_is_space(c); }

static void mb_put(dl_mbuf *b, const char *s, size_t n) {
    if (b->nomem || b->len + n + 1 > DL_META_FIELD_MAX) return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 64;
        while (cap < b->len + n + 1) cap *= 2;
        char *p = realloc(b->ptr, cap);
        if (!p) {
            b->nomem = 1;
            return;
        }
        b->ptr = p;
        b->cap = cap;
    }
    memcpy(b->ptr + b->len, s, n);
    b->len += n;
    b->ptr[b->len] = 0;
}

/* Append with white space folded: runs become one space, none at the start. */
static void mb_fold(dl_mbuf *b, const char *s, size_t n) {
    for (size_t i = 0; i < n;) {
        if (is_space((unsigned char)s[i])) {
            b->space = b->len > 0;
            i++;
            continue;
        }
        size_t j = i;
        while (j < n && !is_space((unsigned char)s[j])) j++;
        if (b->space) mb_put(b, " ", 1);
        b->space = 0;
        mb_put(b, s + i, j - i);
        i = j;
    }
}

/* The folded buffer as a malloc'd string, NULL when empty; the buffer is given up either way. */
static char *mb_take(dl_mbuf *b, int *nomem) {
    if (b->nomem) {
        *nomem = 1;
        free(b->ptr);
        return NULL;
    }
    if (!b->len) {
        free(b->ptr);
        return NULL;
    }
    return b->ptr;
}

static int is_html(const dl_node *n, uint32_t atom) { return dl_is_element(n, atom); }

/* Folded text of an element, without script/style content. */
static char *folded_text(const dl_node *el, int *nomem) {
    dl_mbuf b = {0};
    const dl_node *x = el;
    while (x) {
        int skip = 0;
        if (x->type == DL_NODE_TEXT) mb_fold(&b, x->u.text.ptr, x->u.text.len);
        else if (x != el && (is_html(x, DL_TAG_script) || is_html(x, DL_TAG_style))) skip = 1;
        x = dl_next_node(el, x, skip);
    }
    return mb_take(&b, nomem);
}

/* ------------------------------------------------------------------ the title heading */

static char *title_heading(const dl_node *body, int *nomem) {
    /* inside the body: its first non-empty <h1> */
    for (const dl_node *x = body; x; x = dl_next_node(body, x, 0)) {
        if (!is_html(x, DL_TAG_h1)) continue;
        char *t = folded_text(x, nomem);
        if (t || *nomem) return t;
    }
    /* just before it: the last non-empty <h1> preceding the body under its nearest ancestors */
    const dl_node *a = body;
    for (int level = 0; level < DL_META_H1_LEVELS; level++) {
        a = a->parent;
        if (!a || a->type != DL_NODE_ELEMENT) break;
        char *best = NULL;
        for (const dl_node *x = a; x && x != body; x = dl_next_node(a, x, 0)) {
            if (!is_html(x, DL_TAG_h1)) continue;
            char *t = folded_text(x, nomem); /* an empty heading (a logo image) is passed over */
            if (*nomem) {
                free(best);
                return NULL;
            }
            if (t) {
                free(best);
                best = t;
            }
        }
        if (best) return best;
    }
    return NULL;
}

/* ------------------------------------------------------------------ JSON-LD */

enum { K_OTHER = 0, K_HEADLINE, K_AUTHOR, K_NAME, K_PUBLISHED };

static int key_is(const char *s, size_t n, const char *k) { return strlen(k) == n && memcmp(s, k, n) == 0; }

static int classify_key(const char *s, size_t n) {
    if (key_is(s, n, "headline")) return K_HEADLINE;
    if (key_is(s, n, "author")) return K_AUTHOR;
    if (key_is(s, n, "name")) return K_NAME;
    if (key_is(s, n, "datePublished")) return K_PUBLISHED;
    return K_OTHER;
}

static void put_utf8(dl_mbuf *b, uint32_t cp) {
    char u[4];
    size_t n;
    if (cp < 0x80) {
        u[0] = (char)cp;
        n = 1;
    } else if (cp < 0x800) {
        u[0] = (char)(0xC0 | (cp >> 6));
        u[1] = (char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        u[0] = (char)(0xE0 | (cp >> 12));
        u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        u[2] = (char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        u[0] = (char)(0xF0 | (cp >> 18));
        u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        u[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        u[3] = (char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    mb_fold(b, u, n);
}

static int hex4(const char *s, size_t n, size_t i, uint32_t *v) {
    if (i + 4 > n) return 0;
    uint32_t r = 0;
    for (size_t k = 0; k < 4; k++) {
        char c = s[i + k];
        r <<= 4;
        if (c >= '0' && c <= '9') r |= (uint32_t)(c - '0');
        else if (c >= 'a' && c <= 'f') r |= (uint32_t)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') r |= (uint32_t)(c - 'A' + 10);
        else return 0;
    }
    *v = r;
    return 1;
}

/* Decode the JSON string body s[0..n) (escapes resolved), folded, as a malloc'd string or NULL. */
static char *json_string(const char *s, size_t n, int *nomem) {
    dl_mbuf b = {0};
    for (size_t i = 0; i < n;) {
        if (s[i] != '\\') {
            size_t j = i;
            while (j < n && s[j] != '\\') j++;
            mb_fold(&b, s + i, j - i);
            i = j;
            continue;
        }
        if (i + 1 >= n) break;
        char e = s[i + 1];
        i += 2;
        switch (e) {
        case 'n': case 't': case 'r': case 'f': case 'b': mb_fold(&b, " ", 1); break;
        case 'u': {
            uint32_t cp;
            if (!hex4(s, n, i, &cp)) {
                put_utf8(&b, 0xFFFD);
                break;
            }
            i += 4;
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                uint32_t lo;
                if (i + 1 < n && s[i] == '\\' && s[i + 1] == 'u' && hex4(s, n, i + 2, &lo) && lo >= 0xDC00 &&
                    lo <= 0xDFFF) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    i += 6;
                } else {
                    cp = 0xFFFD;
                }
            } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                cp = 0xFFFD;
            }
            put_utf8(&b, cp);
            break;
        }
        default: mb_fold(&b, &e, 1); break; /* \" \\ \/ and anything else as itself */
        }
    }
    return mb_take(&b, nomem);
}

static void json_ld(const char *s, size_t n, dl_meta_plus *out) {
    char stack[DL_META_JSON_DEPTH];
    int key_at[DL_META_JSON_DEPTH + 1];
    int depth = 0, expect_key = 0, author_depth = -1;
    key_at[0] = K_OTHER;
    size_t i = 0;
    while (i < n) {
        char c = s[i];
        if (is_space((unsigned char)c)) {
            i++;
        } else if (c == '{' || c == '[') {
            if (depth >= DL_META_JSON_DEPTH) return;
            stack[depth++] = c;
            /* an array inherits its key: the strings and objects in it are that key's values */
            key_at[depth] = c == '[' ? key_at[depth - 1] : K_OTHER;
            expect_key = c == '{';
            i++;
        } else if (c == '}' || c == ']') {
            if (depth == 0) return;
            depth--;
            if (depth < author_depth) author_depth = -1;
            expect_key = 0;
            i++;
        } else if (c == ',') {
            expect_key = depth > 0 && stack[depth - 1] == '{';
            i++;
        } else if (c == ':') {
            expect_key = 0;
            i++;
        } else if (c == '"') {
            size_t a = ++i;
            while (i < n && s[i] != '"') i += s[i] == '\\' ? 2 : 1;
            if (i > n) i = n;
            size_t b = i;
            i++;
            if (depth == 0) continue;
            if (expect_key) {
                int k = classify_key(s + a, b - a);
                key_at[depth] = k;
                if (depth == author_depth && k != K_AUTHOR) author_depth = -1;
                if (k == K_AUTHOR && !out->author) author_depth = depth;
                expect_key = 0;
                continue;
            }
            int k = key_at[depth];
            char **slot = NULL;
            if (k == K_HEADLINE) slot = &out->headline;
            else if (k == K_PUBLISHED) slot = &out->published;
            else if (k == K_AUTHOR) slot = &out->author;
            else if (k == K_NAME && author_depth >= 0 && depth <= author_depth + 2) slot = &out->author;
            if (slot && !*slot) *slot = json_string(s + a, b - a, &out->nomem);
        } else {
            /* number, true, false, null: up to the next structural character */
            while (i < n && s[i] != ',' && s[i] != '}' && s[i] != ']' && !is_space((unsigned char)s[i])) i++;
        }
    }
}

static int attr_contains_ci(const dl_node *el, const char *name, const char *needle) {
    const dl_attr *a = dl_element_attr(el, name, strlen(name));
    if (!a) return 0;
    size_t nl = strlen(needle);
    for (size_t i = 0; i + nl <= a->value.len; i++) {
        size_t k = 0;
        while (k < nl) {
            char c = a->value.ptr[i + k];
            if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
            if (c != needle[k]) break;
            k++;
        }
        if (k == nl) return 1;
    }
    return 0;
}

/* ------------------------------------------------------------------ declared sources */

static int ascii_ieq(const char *a, size_t an, const char *b) {
    size_t bn = strlen(b);
    if (an != bn) return 0;
    for (size_t i = 0; i < an; i++) {
        char x = a[i];
        if (x >= 'A' && x <= 'Z') x = (char)(x - 'A' + 'a');
        if (x != b[i]) return 0;
    }
    return 1;
}

static char *folded_attr(const dl_attr *a, int *nomem) {
    dl_mbuf b = {0};
    mb_fold(&b, a->value.ptr, a->value.len);
    return mb_take(&b, nomem);
}

static void meta_tag(const dl_node *el, dl_meta_plus *out) {
    const dl_attr *content = dl_element_attr(el, "content", 7);
    if (!content) return;
    static const char *const keys[] = {"property", "name"};
    for (size_t k = 0; k < 2; k++) {
        const dl_attr *a = dl_element_attr(el, keys[k], strlen(keys[k]));
        if (!a) continue;
        char **slot = NULL;
        if (ascii_ieq(a->value.ptr, a->value.len, "og:title")) slot = &out->og_title;
        else if (ascii_ieq(a->value.ptr, a->value.len, "og:site_name")) slot = &out->site_name;
        else if (ascii_ieq(a->value.ptr, a->value.len, "application-name") && !out->site_name) slot = &out->site_name;
        else if (ascii_ieq(a->value.ptr, a->value.len, "article:published_time")) slot = &out->published_time;
        if (slot && !*slot) *slot = folded_attr(content, &out->nomem);
    }
}

/* ------------------------------------------------------------------ harvest */

int dl_meta_plus_harvest(const dl_node *root, const dl_node *body, dl_meta_plus *out) {
    memset(out, 0, sizeof(*out));
    if (body) out->h1 = title_heading(body, &out->nomem);
    for (const dl_node *x = root; x && !out->nomem;) {
        int skip = 0;
        if (x->type == DL_NODE_ELEMENT && x->ns != DL_NS_HTML) {
            skip = 1; /* an SVG <title> names a drawing, not the page */
        } else if (is_html(x, DL_TAG_meta)) {
            meta_tag(x, out);
        } else if (is_html(x, DL_TAG_title)) {
            if (!out->title_tag) out->title_tag = folded_text(x, &out->nomem);
            skip = 1;
        } else if (is_html(x, DL_TAG_script)) {
            skip = 1;
            if (attr_contains_ci(x, "type", "ld+json") && !(out->headline && out->author && out->published)) {
                /* the script's text is normally one text node; join them otherwise */
                const dl_node *t = x->first_child;
                if (t && !t->next && t->type == DL_NODE_TEXT) {
                    json_ld(t->u.text.ptr, t->u.text.len, out);
                } else if (t) {
                    dl_mbuf b = {0};
                    for (; t; t = t->next)
                        if (t->type == DL_NODE_TEXT) mb_put(&b, t->u.text.ptr, t->u.text.len); /* raw JSON */
                    if (b.nomem) out->nomem = 1;
                    else if (b.ptr) json_ld(b.ptr, b.len, out);
                    free(b.ptr);
                }
            }
        }
        x = dl_next_node(root, x, skip);
    }
    if (out->nomem) {
        dl_meta_plus_free(out);
        out->nomem = 1;
        return -1;
    }
    return 0;
}

void dl_meta_plus_free(dl_meta_plus *m) {
    free(m->h1);
    free(m->headline);
    free(m->author);
    free(m->published);
    free(m->og_title);
    free(m->title_tag);
    free(m->site_name);
    free(m->published_time);
    memset(m, 0, sizeof(*m));
}

/* ------------------------------------------------------------------ dates */

static int leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

static int valid_date(int y, int m, int d) {
    static const int mdays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1) return 0;
    return d <= mdays[m - 1] + (m == 2 && leap(y));
}

static int digits(const char *s, size_t n, size_t *i, int count, int *v) {
    int r = 0;
    for (int k = 0; k < count; k++) {
        if (*i >= n || s[*i] < '0' || s[*i] > '9') return 0;
        r = r * 10 + (s[(*i)++] - '0');
    }
    *v = r;
    return 1;
}

static size_t put_date(char *out, int y, int m, int d) {
    out[0] = (char)('0' + y / 1000);
    out[1] = (char)('0' + y / 100 % 10);
    out[2] = (char)('0' + y / 10 % 10);
    out[3] = (char)('0' + y % 10);
    out[4] = '-';
    out[5] = (char)('0' + m / 10);
    out[6] = (char)('0' + m % 10);
    out[7] = '-';
    out[8] = (char)('0' + d / 10);
    out[9] = (char)('0' + d % 10);
    out[10] = 0;
    return 10;
}

static void put2(char *o, int v) {
    o[0] = (char)('0' + v / 10);
    o[1] = (char)('0' + v % 10);
}

/* YYYY-MM-DD (also / or . between), optionally [T ]HH:MM[:SS[.fff]] and Z or +HH[:]MM. The whole
 * (trimmed) string must be read, or only the date part is kept when the rest is not a time. */
static size_t iso_form(const char *s, size_t n, char *out) {
    size_t i = 0;
    int y, m, d;
    if (!digits(s, n, &i, 4, &y) || i >= n) return 0;
    char sep = s[i];
    if (sep != '-' && sep != '/' && sep != '.') return 0;
    i++;
    size_t save = i;
    if (!digits(s, n, &i, 2, &m)) {
        i = save;
        if (!digits(s, n, &i, 1, &m)) return 0;
    }
    if (i >= n || s[i] != sep) return 0;
    i++;
    save = i;
    if (!digits(s, n, &i, 2, &d)) {
        i = save;
        if (!digits(s, n, &i, 1, &d)) return 0;
    }
    if (i < n && s[i] >= '0' && s[i] <= '9') return 0;
    if (!valid_date(y, m, d)) return 0;
    size_t len = put_date(out, y, m, d);
    int hh, mm, ss = 0;
    if (i < n && (s[i] == 'T' || s[i] == ' ')) {
        size_t t = i + 1;
        if (digits(s, n, &t, 2, &hh) && t < n && s[t] == ':' && (t++, digits(s, n, &t, 2, &mm)) && hh < 24 &&
            mm < 60) {
            if (t < n && s[t] == ':') {
                t++;
                if (!digits(s, n, &t, 2, &ss) || ss > 60) return len;
                if (t < n && (s[t] == '.' || s[t] == ',')) {
                    t++;
                    while (t < n && s[t] >= '0' && s[t] <= '9') t++;
                }
            }
            out[len++] = 'T';
            put2(out + len, hh);
            out[len + 2] = ':';
            put2(out + len + 3, mm);
            out[len + 5] = ':';
            put2(out + len + 6, ss);
            len += 8;
            if (t < n && s[t] == 'Z') {
                out[len++] = 'Z';
            } else if (t < n && (s[t] == '+' || s[t] == '-')) {
                char sign = s[t++];
                int zh, zm = 0;
                if (digits(s, n, &t, 2, &zh) && zh <= 14) {
                    if (t < n && s[t] == ':') t++;
                    if (!digits(s, n, &t, 2, &zm)) zm = 0;
                    if (zm < 60) {
                        out[len++] = sign;
                        put2(out + len, zh);
                        out[len + 2] = ':';
                        put2(out + len + 3, zm);
                        len += 5;
                    }
                }
            }
            out[len] = 0;
        }
    }
    return len;
}

/* D.M.YYYY, D/M/YYYY, M/D/YYYY, D-M-YYYY: read only when the order is certain (a dot means day first, as
 * everywhere dots are used; otherwise one of the two numbers must exceed 12). */
static size_t numeric_form(const char *s, size_t n, char *out) {
    size_t i = 0;
    int a, b, y;
    size_t save = i;
    if (!digits(s, n, &i, 2, &a)) {
        i = save;
        if (!digits(s, n, &i, 1, &a)) return 0;
    }
    if (i >= n) return 0;
    char sep = s[i];
    if (sep != '.' && sep != '/' && sep != '-') return 0;
    i++;
    save = i;
    if (!digits(s, n, &i, 2, &b)) {
        i = save;
        if (!digits(s, n, &i, 1, &b)) return 0;
    }
    if (i >= n || s[i] != sep) return 0;
    i++;
    if (!digits(s, n, &i, 4, &y)) return 0;
    if (i < n && s[i] >= '0' && s[i] <= '9') return 0;
    int d, m;
    if (sep == '.' || (a > 12 && b <= 12)) {
        d = a;
        m = b;
    } else if (b > 12 && a <= 12) {
        m = a;
        d = b;
    } else {
        return 0;
    }
    if (!valid_date(y, m, d)) return 0;
    return put_date(out, y, m, d);
}

static const char *const month_names[12] = {"january", "february", "march",     "april",   "may",      "june",
                                             "july",    "august",   "september", "october", "november", "december"};

/* A word that names a month: the full English name or its first three letters ("Sept" too). */
static int month_of(const char *w, size_t n) {
    if (n < 3) return 0;
    char low[12];
    if (n > sizeof(low)) return 0;
    for (size_t k = 0; k < n; k++) {
        char c = w[k];
        low[k] = (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
    for (int m = 0; m < 12; m++) {
        size_t ml = strlen(month_names[m]);
        if ((n == 3 || n == ml || (m == 8 && n == 4)) && n <= ml && memcmp(low, month_names[m], n) == 0) return m + 1;
    }
    return 0;
}

/* English month-name forms in any order: "November 18, 2019", "18 Nov 2019", "Mon, 18 Nov 2019
 * 07:45:00 GMT", "Monday November 18, 2019 7:45 am PST". The date part only. */
static size_t month_form(const char *s, size_t n, char *out) {
    int y = 0, m = 0, d = 0;
    for (size_t i = 0; i < n;) {
        char c = s[i];
        int alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        int num = c >= '0' && c <= '9';
        if (!alpha && !num) {
            i++;
            continue;
        }
        size_t j = i;
        if (alpha) {
            while (j < n && ((s[j] >= 'a' && s[j] <= 'z') || (s[j] >= 'A' && s[j] <= 'Z'))) j++;
            int mm = month_of(s + i, j - i);
            if (mm && !m) m = mm;
        } else {
            while (j < n && s[j] >= '0' && s[j] <= '9') j++;
            size_t len = j - i;
            int v = 0;
            for (size_t k = i; k < j && k < i + 5; k++) v = v * 10 + (s[k] - '0');
            int is_time = j < n && s[j] == ':';
            int after_time = i > 0 && s[i - 1] == ':';
            if (!is_time && !after_time) {
                if (len == 4 && !y) y = v;
                else if (len <= 2 && !d && v >= 1 && v <= 31) d = v;
            }
            /* ordinal suffixes: 18th, 1st, 2nd, 3rd */
            if (j + 2 <= n && (memcmp(s + j, "th", 2) == 0 || memcmp(s + j, "st", 2) == 0 || memcmp(s + j, "nd", 2) == 0 ||
                              memcmp(s + j, "rd", 2) == 0))
                j += 2;
        }
        i = j;
    }
    if (!m || !d || !y || !valid_date(y, m, d)) return 0;
    return put_date(out, y, m, d);
}

size_t dl_date_iso8601(const char *s, size_t len, char *out) {
    while (len && is_space((unsigned char)*s)) s++, len--;
    while (len && is_space((unsigned char)s[len - 1])) len--;
    if (!len || len > 200) return 0;
    size_t r = iso_form(s, len, out);
    if (!r) r = numeric_form(s, len, out);
    if (!r) r = month_form(s, len, out);
    return r;
}

/* ------------------------------------------------------------------ title without the site name */

static int same_ci(const char *a, size_t an, const char *b, size_t bn) {
    while (an && is_space((unsigned char)*a)) a++, an--;
    while (an && is_space((unsigned char)a[an - 1])) an--;
    while (bn && is_space((unsigned char)*b)) b++, bn--;
    while (bn && is_space((unsigned char)b[bn - 1])) bn--;
    if (an != bn) return 0;
    for (size_t i = 0; i < an; i++) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z') x = (char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = (char)(y - 'A' + 'a');
        if (x != y) return 0;
    }
    return 1;
}

/* Separators publishers put between the headline and the site name, in order of how surely they
 * separate (a hyphen with spaces may also be inside a headline). */
static const char *const title_seps[] = {" | ", " :: ", " \xe2\x80\x94 ", " \xe2\x80\x93 ", " \xc2\xb7 ",
                                         " \xc2\xbb ", " - "};

static const char *find_sep(const char *s, size_t n, const char *sep, int last) {
    size_t sl = strlen(sep);
    const char *found = NULL;
    for (size_t i = 0; i + sl <= n; i++)
        if (memcmp(s + i, sep, sl) == 0) {
            found = s + i;
            if (!last) return found;
        }
    return found;
}

int dl_title_without_site(const char *title, size_t len, const char *site, size_t site_len, size_t *start,
                          size_t *out_len) {
    *start = 0;
    *out_len = len;
    for (size_t k = 0; k < sizeof(title_seps) / sizeof(title_seps[0]); k++) {
        const char *sep = title_seps[k];
        size_t sl = strlen(sep);
        const char *first = find_sep(title, len, sep, 0);
        if (!first) continue;
        const char *last = find_sep(title, len, sep, 1);
        /* "Headline | Site": the part after the last separator; "Site | Headline": before the first */
        size_t tail_at = (size_t)(last - title) + sl, head_len = (size_t)(first - title);
        const char *tail = title + tail_at;
        size_t tail_len = len - tail_at;
        if (site && site_len) {
            if (same_ci(tail, tail_len, site, site_len)) {
                *out_len = (size_t)(last - title);
                return 1;
            }
            if (same_ci(title, head_len, site, site_len)) {
                *start = head_len + sl;
                *out_len = len - *start;
                return 1;
            }
            continue;
        }
        /* no site name known: the site is the shorter end (a headline is longer than a brand) */
        size_t rest_after_head = len - head_len - sl;
        if (tail_len < (size_t)(last - title) && tail_len <= head_len) {
            *out_len = (size_t)(last - title);
            return 1;
        }
        if (head_len < rest_after_head) {
            *start = head_len + sl;
            *out_len = rest_after_head;
            return 1;
        }
        return 0;
    }
    return 0;
}
