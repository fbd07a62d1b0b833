/* RFC 3986 reference resolution for the exporters (see url.h). */
#include "serialize/url.h"

#include "common/ascii.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *p;
    size_t n;
    int has;
} url_part;

typedef struct {
    url_part scheme, auth, path, query, frag;
} url_parts;

static int is_alpha(unsigned char c) { return dl_ascii_is_alpha(c); }

size_t dl_url_scheme_len(const char *s, size_t n) {
    if (!n || !is_alpha((unsigned char)s[0])) return 0;
    for (size_t i = 1; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == ':') return i;
        if (!(is_alpha(c) || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.')) return 0;
    }
    return 0;
}

void dl_url_clean(const char *s, size_t n, dl_htmlbuf *out) {
    while (n && (unsigned char)s[0] <= 0x20) s++, n--;
    while (n && (unsigned char)s[n - 1] <= 0x20) n--;
    size_t run = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
            dl_htmlbuf_append(out, s + run, i - run);
            run = i + 1;
        }
    }
    dl_htmlbuf_append(out, s + run, n - run);
}

static void split(const char *s, size_t n, url_parts *u) {
    memset(u, 0, sizeof(*u));
    size_t i = 0, start;
    size_t sl = dl_url_scheme_len(s, n);
    if (sl) {
        u->scheme = (url_part){s, sl, 1};
        i = sl + 1;
    }
    if (n - i >= 2 && s[i] == '/' && s[i + 1] == '/') {
        i += 2;
        start = i;
        while (i < n && s[i] != '/' && s[i] != '?' && s[i] != '#') i++;
        u->auth = (url_part){s + start, i - start, 1};
    }
    start = i;
    while (i < n && s[i] != '?' && s[i] != '#') i++;
    u->path = (url_part){s + start, i - start, 1};
    if (i < n && s[i] == '?') {
        start = ++i;
        while (i < n && s[i] != '#') i++;
        u->query = (url_part){s + start, i - start, 1};
    }
    if (i < n && s[i] == '#') {
        i++;
        u->frag = (url_part){s + i, n - i, 1};
    }
}

static int starts(const char *p, size_t n, const char *lit) {
    size_t l = strlen(lit);
    return n >= l && memcmp(p, lit, l) == 0;
}
static int equals(const char *p, size_t n, const char *lit) { return n == strlen(lit) && memcmp(p, lit, n) == 0; }

/* RFC 3986 5.2.4 over a private copy, since "replace the prefix with /" rewrites the input. */
static void remove_dot_segments(const char *path, size_t len, dl_htmlbuf *out) {
    char *buf = malloc(len + 1);
    if (!buf) {
        out->failed = 1;
        return;
    }
    memcpy(buf, path, len);
    char *in = buf;
    size_t n = len, base = out->len;
    while (n) {
        if (starts(in, n, "../")) {
            in += 3, n -= 3;
        } else if (starts(in, n, "./")) {
            in += 2, n -= 2;
        } else if (starts(in, n, "/./")) {
            in += 2, n -= 2;
        } else if (equals(in, n, "/.")) {
            in += 1, n -= 1;
            in[0] = '/';
        } else if (starts(in, n, "/../") || equals(in, n, "/..")) {
            if (n == 3) {
                in += 2, n -= 2;
                in[0] = '/';
            } else {
                in += 3, n -= 3;
            }
            while (out->len > base && out->data[out->len - 1] != '/') out->len--;
            if (out->len > base) out->len--;
        } else if (equals(in, n, ".") || equals(in, n, "..")) {
            n = 0;
        } else {
            size_t seg = 1; /* the initial '/' travels with its segment */
            while (seg < n && in[seg] != '/') seg++;
            dl_htmlbuf_append(out, in, seg);
            in += seg, n -= seg;
        }
    }
    free(buf);
}

#define PUT(o, lit) dl_htmlbuf_append((o), (lit), sizeof(lit) - 1)

void dl_url_resolve(const char *base, size_t blen, const char *ref, size_t rlen, dl_htmlbuf *out) {
    dl_htmlbuf cb, cr, merged;
    dl_htmlbuf_init(&cb);
    dl_htmlbuf_init(&cr);
    dl_htmlbuf_init(&merged);
    if (base) dl_url_clean(base, blen, &cb);
    dl_url_clean(ref, rlen, &cr);
    if (cb.failed || cr.failed) {
        out->failed = 1;
        goto done;
    }
    url_parts b, r;
    split(cb.data ? cb.data : "", cb.len, &b);
    split(cr.data ? cr.data : "", cr.len, &r);
    if (!b.scheme.has || r.scheme.has) {
        /* Nothing to resolve against, or already absolute: only dot segments of an absolute URL go. */
        if (!r.scheme.has) {
            dl_htmlbuf_append(out, cr.data, cr.len);
            goto done;
        }
        dl_htmlbuf_append(out, r.scheme.p, r.scheme.n);
        PUT(out, ":");
        if (r.auth.has) {
            PUT(out, "//");
            dl_htmlbuf_append(out, r.auth.p, r.auth.n);
        }
        remove_dot_segments(r.path.p, r.path.n, out);
    } else {
        dl_htmlbuf_append(out, b.scheme.p, b.scheme.n);
        PUT(out, ":");
        url_part auth = r.auth.has ? r.auth : b.auth;
        if (auth.has) {
            PUT(out, "//");
            dl_htmlbuf_append(out, auth.p, auth.n);
        }
        if (r.auth.has) {
            remove_dot_segments(r.path.p, r.path.n, out);
        } else if (r.path.n == 0) {
            dl_htmlbuf_append(out, b.path.p, b.path.n);
            if (!r.query.has && b.query.has) r.query = b.query;
        } else if (r.path.p[0] == '/') {
            remove_dot_segments(r.path.p, r.path.n, out);
        } else {
            if (b.auth.has && b.path.n == 0) {
                PUT(&merged, "/");
            } else {
                size_t cut = b.path.n;
                while (cut && b.path.p[cut - 1] != '/') cut--;
                dl_htmlbuf_append(&merged, b.path.p, cut);
            }
            dl_htmlbuf_append(&merged, r.path.p, r.path.n);
            if (merged.failed) {
                out->failed = 1;
                goto done;
            }
            remove_dot_segments(merged.data, merged.len, out);
        }
    }
    if (r.query.has) {
        PUT(out, "?");
        dl_htmlbuf_append(out, r.query.p, r.query.n);
    }
    if (r.frag.has) {
        PUT(out, "#");
        dl_htmlbuf_append(out, r.frag.p, r.frag.n);
    }
done:
    dl_htmlbuf_free(&cb);
    dl_htmlbuf_free(&cr);
    dl_htmlbuf_free(&merged);
}

void dl_document_base_url(const dl_document *doc, const char *url, size_t url_len, dl_htmlbuf *out) {
    const dl_attr *href = NULL;
    /* The document's <base> lives in html > head; a bounded look there, not a walk of the page. */
    const dl_node *root = doc ? doc->root : NULL;
    if (root && root->type == DL_NODE_DOCUMENT) {
        for (const dl_node *h = root->first_child; h && !href; h = h->next) {
            if (!dl_is_element(h, DL_TAG_html)) continue;
            for (const dl_node *hd = h->first_child; hd && !href; hd = hd->next) {
                if (!dl_is_element(hd, DL_TAG_head)) continue;
                for (const dl_node *b = hd->first_child; b && !href; b = b->next)
                    if (dl_is_element(b, DL_TAG_base)) href = dl_element_attr(b, "href", 4);
            }
        }
    }
    if (href) dl_url_resolve(url, url_len, href->value.ptr, href->value.len, out);
    else if (url) dl_url_clean(url, url_len, out);
}

void dl_url_base_init(dl_url_base *b, const char *s, size_t n, size_t budget) {
    memset(b, 0, sizeof(*b));
    b->budget = budget;
    if (!s || !n) return;
    url_parts u;
    split(s, n, &u);
    if (!u.scheme.has) return; /* nothing to resolve against: references stay as they are */
    b->p = s;
    b->len = n;
    b->scheme_end = u.scheme.n + 1;
    b->auth_end = u.auth.has ? (size_t)(u.auth.p + u.auth.n - s) : b->scheme_end;
    b->path_end = (size_t)(u.path.p + u.path.n - s);
    b->dir_end = b->path_end;
    while (b->dir_end > b->auth_end && s[b->dir_end - 1] != '/') b->dir_end--;
    b->query_end = u.frag.has ? (size_t)(u.frag.p - 1 - s) : n;
}

size_t dl_url_budget(const dl_document *doc) {
    if (!doc) return 0;
    return doc->source_len > SIZE_MAX / 2 ? SIZE_MAX : 2 * doc->source_len;
}

int dl_url_resolve_bounded(dl_url_base *b, const char *ref, size_t rlen, dl_htmlbuf *out) {
    dl_htmlbuf cr;
    dl_htmlbuf_init(&cr);
    dl_url_clean(ref, rlen, &cr);
    if (cr.failed) {
        out->failed = 1;
        return 0;
    }
    const char *r = cr.data ? cr.data : "";
    size_t n = cr.len, take;
    /* The part of the base RFC 3986 5.2.2 reads for this reference: passing only that part gives the
     * same result as the whole base, at the cost of that part. */
    if (!b->p || dl_url_scheme_len(r, n)) take = 0;
    else if (n >= 2 && r[0] == '/' && r[1] == '/') take = b->scheme_end;
    else if (n && r[0] == '/') take = b->auth_end;
    else if (n && r[0] == '?') take = b->path_end;
    else if (!n || r[0] == '#') take = b->query_end;
    else take = b->dir_end;
    size_t free_part = n + DL_URL_FREE_BASE;
    int resolved = 0;
    if (take <= free_part) {
        resolved = take > 0;
    } else if (take - free_part <= b->budget) {
        b->budget -= take - free_part;
        resolved = 1;
    }
    /* An absolute reference (take 0) still goes through dl_url_resolve, which removes its dot
     * segments, as it always did; a refused one is written cleaned, exactly as it stands. */
    if (resolved || take == 0) dl_url_resolve(resolved ? b->p : NULL, resolved ? take : 0, r, n, out);
    else dl_htmlbuf_append(out, r, n);
    dl_htmlbuf_free(&cr);
    return resolved;
}

int dl_url_is_followable(const char *s, size_t n) {
    char head[16];
    size_t k = 0;
    while (n && (unsigned char)s[0] <= 0x20) s++, n--;
    for (size_t i = 0; i < n && k < sizeof(head); i++)
        if (s[i] != '\t' && s[i] != '\n' && s[i] != '\r') head[k++] = s[i];
    if (!k || head[0] == '#') return 0;
    size_t sl = dl_url_scheme_len(head, k);
    for (size_t i = 0; i < sl; i++) head[i] = (char)(head[i] | 0x20);
    if ((sl == 10 && memcmp(head, "javascript", 10) == 0) || (sl == 8 && memcmp(head, "vbscript", 8) == 0) ||
        (sl == 4 && memcmp(head, "data", 4) == 0))
        return 0;
    return 1;
}
