/* The sanitizer (see sanitize.h): allowlist filtering into a new tree that re-parses to itself. */
#include "sanitize/sanitize.h"

#include "common/ascii.h"
#include "serialize/repeats.h"
#include "serialize/url.h"

#include <stdlib.h>
#include <string.h>

/* What the sanitizer does with an element regardless of policy. */
enum { SAN_POLICY = 0, SAN_DROP, SAN_UNWRAP };

/* Dropped with everything inside: code, raw text whose serialization is not escaped, plug-ins, form
 * controls, document metadata, and media whose children are fallback for old browsers. */
static const uint8_t k_forced[DL_TAG__COUNT] = {
    [DL_TAG_script] = SAN_DROP, [DL_TAG_style] = SAN_DROP, [DL_TAG_template] = SAN_DROP,
    [DL_TAG_noscript] = SAN_DROP, [DL_TAG_iframe] = SAN_DROP, [DL_TAG_frame] = SAN_DROP,
    [DL_TAG_frameset] = SAN_DROP, [DL_TAG_object] = SAN_DROP, [DL_TAG_embed] = SAN_DROP,
    [DL_TAG_applet] = SAN_DROP, [DL_TAG_noembed] = SAN_DROP, [DL_TAG_noframes] = SAN_DROP,
    [DL_TAG_xmp] = SAN_DROP, [DL_TAG_plaintext] = SAN_DROP, [DL_TAG_textarea] = SAN_DROP,
    [DL_TAG_title] = SAN_DROP, [DL_TAG_select] = SAN_DROP, [DL_TAG_option] = SAN_DROP,
    [DL_TAG_optgroup] = SAN_DROP, [DL_TAG_datalist] = SAN_DROP, [DL_TAG_button] = SAN_DROP,
    [DL_TAG_head] = SAN_DROP, [DL_TAG_svg] = SAN_DROP, [DL_TAG_math] = SAN_DROP,
    [DL_TAG_param] = SAN_DROP, [DL_TAG_source] = SAN_DROP, [DL_TAG_track] = SAN_DROP,
    [DL_TAG_link] = SAN_DROP, [DL_TAG_meta] = SAN_DROP, [DL_TAG_base] = SAN_DROP,
    [DL_TAG_input] = SAN_DROP, [DL_TAG_keygen] = SAN_DROP, [DL_TAG_canvas] = SAN_DROP,
    [DL_TAG_audio] = SAN_DROP, [DL_TAG_video] = SAN_DROP, [DL_TAG_bgsound] = SAN_DROP,
    [DL_TAG_isindex] = SAN_DROP, [DL_TAG_area] = SAN_DROP, [DL_TAG_map] = SAN_DROP,
    [DL_TAG_output] = SAN_DROP, [DL_TAG_image] = SAN_DROP, [DL_TAG_slot] = SAN_DROP,
    [DL_TAG_menuitem] = SAN_DROP, [DL_TAG_command] = SAN_DROP, [DL_TAG_nextid] = SAN_DROP,
    /* Containers that are never written but whose content is. */
    [DL_TAG_html] = SAN_UNWRAP, [DL_TAG_body] = SAN_UNWRAP, [DL_TAG_form] = SAN_UNWRAP,
    [DL_TAG_marquee] = SAN_UNWRAP, [DL_TAG_blink] = SAN_UNWRAP, [DL_TAG_dialog] = SAN_UNWRAP,
};

/* Sets of tags used by the re-parse checks. */
enum {
    S_CLOSES_P = 1,   /* a start tag that closes an open <p> in button scope */
    S_SPECIAL = 2,    /* the parser's "special" category */
    S_SCOPE = 4,      /* a scope boundary that can appear in a clean tree */
    S_MARKER = 8,     /* inserts a marker in the list of active formatting elements */
    S_TABLEISH = 16,  /* text and non-table elements inside would be foster-parented */
    S_IMPLIED = 32,   /* popped by "generate implied end tags" */
    S_HEADING = 64,
};
static const uint8_t k_sets[DL_TAG__COUNT] = {
    [DL_TAG_address] = S_CLOSES_P | S_SPECIAL, [DL_TAG_article] = S_CLOSES_P | S_SPECIAL,
    [DL_TAG_aside] = S_CLOSES_P | S_SPECIAL, [DL_TAG_blockquote] = S_CLOSES_P | S_SPECIAL,
    [DL_TAG_center] = S_CLOSES_P | S_SPECIAL, [DL_TAG_details] = S_CLOSES_P | S_SPECIAL,
    [DL_TAG_dialog] = S_CLOSES_P, [DL_TAG_dir] = S_CLOSES_P | S_SPECIAL,
    [DL_TAG_div] = S_CLOSES_P | S_SPECIAL, [DL_TAG_dl] = S_CLOSES_P | S_SPECIAL,
    [DL_TAG_fieldset] = S_CLOSES_P | S_SPECIAL, [DL_TAG_figcaption] = S_CLOSES_P | S_SPECIAL,
    [DL_TAG_figure] = S_CLOSES_P | S_SPECIAL, [DL_TAG_footer] = S_CLOSES_P | S_SPECIAL,
    [DL_TAG_header] = S_CLOSES_P | S_SPECIAL, [DL_TAG_hgroup] = S_CLOSES_P | S_SPECIAL,
    [DL_TAG_main] = S_CLOSES_P | S_SPECIAL, [DL_TAG_menu] = S_CLOSES_P | S_SPECIAL,
    [DL_TAG_nav] = S_CLOSES_P | S_SPECIAL, [DL_TAG_ol] = S_CLOSES_P | S_SPECIAL,
    [DL_TAG_p] = S_CLOSES_P | S_SPECIAL | S_IMPLIED, [DL_TAG_search] = S_CLOSES_P | S_SPECIAL,
    [DL_TAG_section] = S_CLOSES_P | S_SPECIAL, [DL_TAG_summary] = S_CLOSES_P | S_SPECIAL,
    [DL_TAG_ul] = S_CLOSES_P | S_SPECIAL, [DL_TAG_pre] = S_CLOSES_P | S_SPECIAL,
    [DL_TAG_listing] = S_CLOSES_P | S_SPECIAL, [DL_TAG_form] = S_CLOSES_P | S_SPECIAL,
    [DL_TAG_li] = S_CLOSES_P | S_SPECIAL | S_IMPLIED, [DL_TAG_dd] = S_CLOSES_P | S_SPECIAL | S_IMPLIED,
    [DL_TAG_dt] = S_CLOSES_P | S_SPECIAL | S_IMPLIED, [DL_TAG_hr] = S_CLOSES_P | S_SPECIAL,
    [DL_TAG_h1] = S_CLOSES_P | S_SPECIAL | S_HEADING, [DL_TAG_h2] = S_CLOSES_P | S_SPECIAL | S_HEADING,
    [DL_TAG_h3] = S_CLOSES_P | S_SPECIAL | S_HEADING, [DL_TAG_h4] = S_CLOSES_P | S_SPECIAL | S_HEADING,
    [DL_TAG_h5] = S_CLOSES_P | S_SPECIAL | S_HEADING, [DL_TAG_h6] = S_CLOSES_P | S_SPECIAL | S_HEADING,
    [DL_TAG_table] = S_CLOSES_P | S_SPECIAL | S_SCOPE | S_TABLEISH,
    [DL_TAG_td] = S_SPECIAL | S_SCOPE | S_MARKER, [DL_TAG_th] = S_SPECIAL | S_SCOPE | S_MARKER,
    [DL_TAG_caption] = S_SPECIAL | S_SCOPE | S_MARKER, [DL_TAG_tbody] = S_SPECIAL | S_TABLEISH,
    [DL_TAG_thead] = S_SPECIAL | S_TABLEISH, [DL_TAG_tfoot] = S_SPECIAL | S_TABLEISH,
    [DL_TAG_tr] = S_SPECIAL | S_TABLEISH, [DL_TAG_colgroup] = S_SPECIAL | S_TABLEISH,
    [DL_TAG_col] = S_SPECIAL, [DL_TAG_br] = S_SPECIAL, [DL_TAG_img] = S_SPECIAL, [DL_TAG_wbr] = S_SPECIAL,
    [DL_TAG_rb] = S_IMPLIED, [DL_TAG_rp] = S_IMPLIED, [DL_TAG_rt] = S_IMPLIED, [DL_TAG_rtc] = S_IMPLIED,
};

static uint8_t tag_sets(const dl_node *n) {
    return n->type == DL_NODE_ELEMENT && n->ns == DL_NS_HTML && n->atom < DL_TAG__COUNT ? k_sets[n->atom] : 0;
}

/* Attributes a policy can never allow: script entry points and things that load or restyle. */
static int attr_forbidden(const char *name, size_t len) {
    static const char *const never[] = {"style", "srcdoc", "formaction", "action", "srcset", "is",
                                        "nonce", "http-equiv", "ping", "form", "xmlns", NULL};
    if (len >= 2 && (name[0] | 0x20) == 'o' && (name[1] | 0x20) == 'n') return 1;
    for (size_t i = 0; i < len; i++)
        if (name[i] == ':') return 1; /* namespaced (xlink:href, xml:lang): foreign content only */
    for (int i = 0; never[i]; i++)
        if (strlen(never[i]) == len && memcmp(never[i], name, len) == 0) return 1;
    return 0;
}

static int attr_is_url(const char *name, size_t len) {
    static const char *const urls[] = {"href", "src", "cite", "longdesc", "poster", "background", "usemap",
                                       "lowsrc", "dynsrc", "codebase", "data", "manifest", "profile",
                                       "classid", "archive", "itemtype", "itemid", NULL};
    for (int i = 0; urls[i]; i++)
        if (strlen(urls[i]) == len && memcmp(urls[i], name, len) == 0) return 1;
    return 0;
}

void dl_policy_init(dl_policy *p) { memset(p, 0, sizeof(*p)); }

void dl_policy_free(dl_policy *p) {
    for (size_t i = 0; i < p->nattrs; i++) free(p->attrs[i].name);
    free(p->attrs);
    for (size_t i = 0; i < p->nschemes; i++) free(p->schemes[i]);
    free(p->schemes);
    free(p->scheme_lens);
    for (size_t i = 0; i < p->nhosts; i++) free(p->hosts[i]);
    free(p->hosts);
    free(p->host_lens);
    free(p->link_rel);
    dl_policy_init(p);
}

static char *lower_dup(const char *s, size_t len) {
    char *d = malloc(len + 1);
    if (!d) return NULL;
    dl_ascii_lower_copy(d, s, len);
    d[len] = 0;
    return d;
}

/* Append a lower-case copy of s to a policy's list of names and their lengths. 1, or -1 on OOM. */
static int push_lower(char ***names, size_t **lens, size_t *n, const char *s, size_t len) {
    char **v = realloc(*names, (*n + 1) * sizeof(*v));
    if (!v) return -1;
    *names = v;
    size_t *l = realloc(*lens, (*n + 1) * sizeof(*l));
    if (!l) return -1;
    *lens = l;
    char *d = lower_dup(s, len);
    if (!d) return -1;
    v[*n] = d;
    l[(*n)++] = len;
    return 1;
}

static uint32_t lookup_lower(const char *name, size_t len) {
    char buf[32];
    if (len >= sizeof(buf)) return DL_TAG__NONE;
    dl_ascii_lower_copy(buf, name, len);
    return dl_atom_lookup(buf, len);
}

int dl_policy_allow_element(dl_policy *p, const char *name, size_t len) {
    uint32_t a = lookup_lower(name, len);
    /* Only HTML element names below the foreign ones (h6 .. xmp range is the HTML table). */
    if (a == DL_TAG__NONE || a > DL_TAG_xmp || k_forced[a]) return 0;
    p->keep[a] = 1;
    if (a == DL_TAG_table) {
        /* A table is its parts: allowing one without the others would leave cells the parser drops. */
        static const uint32_t parts[] = {DL_TAG_caption, DL_TAG_colgroup, DL_TAG_col,  DL_TAG_thead,
                                         DL_TAG_tbody,   DL_TAG_tfoot,    DL_TAG_tr,   DL_TAG_td,
                                         DL_TAG_th};
        for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) p->keep[parts[i]] = 1;
    }
    return 1;
}

int dl_policy_allow_attribute(dl_policy *p, const char *element, size_t elen, const char *name, size_t len) {
    uint32_t a = DL_TAG__NONE;
    if (element) {
        a = lookup_lower(element, elen);
        if (a == DL_TAG__NONE) return 0;
    }
    if (!len || attr_forbidden(name, len)) return 0;
    dl_policy_attr *na = realloc(p->attrs, (p->nattrs + 1) * sizeof(*na));
    if (!na) return -1;
    p->attrs = na;
    char *d = lower_dup(name, len);
    if (!d) return -1;
    na[p->nattrs++] = (dl_policy_attr){a, d, len, (uint8_t)attr_is_url(d, len)};
    return 1;
}

/* Schemes whose URLs run script when followed. No policy may allow them, for the same reason no
 * policy may allow on* attributes: one permissive setting would make the output unsafe. data: has
 * its own switch (allow_data_images), limited to raster images. */
static int scheme_runs_script(const char *scheme, size_t len) {
    static const char *const never[] = {"javascript", "vbscript", "livescript", "data"};
    for (size_t i = 0; i < sizeof never / sizeof never[0]; i++) {
        size_t n = strlen(never[i]);
        if (n != len) continue;
        size_t j = 0;
        while (j < n && (scheme[j] | 0x20) == never[i][j]) j++;
        if (j == n) return 1;
    }
    return 0;
}

int dl_policy_allow_scheme(dl_policy *p, const char *scheme, size_t len) {
    if (scheme_runs_script(scheme, len)) return 0;
    return push_lower(&p->schemes, &p->scheme_lens, &p->nschemes, scheme, len);
}

void dl_policy_restrict_hosts(dl_policy *p) { p->restrict_hosts = 1; }

int dl_policy_allow_host(dl_policy *p, const char *host, size_t len) {
    p->restrict_hosts = 1;
    if (len == 0 || (len == 1 && host[0] == '.')) return 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)host[i];
        if (c <= 0x20 || c >= 0x7F || strchr("/\\?#@%", c)) return 0;
    }
    return push_lower(&p->hosts, &p->host_lens, &p->nhosts, host, len);
}

int dl_policy_set_link_rel(dl_policy *p, const char *rel, size_t len) {
    free(p->link_rel);
    p->link_rel = NULL;
    p->link_rel_len = 0;
    if (!rel) return 0;
    p->link_rel = lower_dup(rel, len);
    if (!p->link_rel) return -1;
    p->link_rel_len = len;
    return 0;
}

/* ---- URLs ---- */

static int ieq(const char *s, const char *lower, size_t n) { return dl_ascii_eq_ci(s, n, lower, n); }

/* A raster image in a data: URL (never SVG, which can carry script). `s` starts after "data:". */
static int data_image_ok(const char *s, size_t n) {
    static const char *const types[] = {"image/png", "image/gif", "image/jpeg", "image/jpg",
                                        "image/webp", "image/avif", "image/bmp", NULL};
    for (int i = 0; types[i]; i++) {
        size_t l = strlen(types[i]);
        if (n > l && ieq(s, types[i], l) && (s[l] == ';' || s[l] == ',')) return 1;
    }
    return 0;
}

static int allows_scheme(const dl_policy *p, const char *lower, size_t len) {
    for (size_t i = 0; i < p->nschemes; i++)
        if (p->scheme_lens[i] == len && memcmp(p->schemes[i], lower, len) == 0) return 1;
    return 0;
}

/* The schemes whose URLs the URL Standard parses as "special": a backslash is a slash in them, and
 * any run of slashes and backslashes after the colon (even none) leads to the host. */
static int special_scheme(const char *u, size_t n) {
    static const char *const names[] = {"http", "https", "ftp", "ws", "wss", "file"};
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (strlen(names[i]) == n && ieq(u, names[i], n)) return 1;
    return 0;
}

/* The host of a cleaned URL as a browser's URL parser reads it, from `at` (just after the scheme's
 * colon, or 0 for a URL that starts with two slashes): the authority runs to the first "/", "?" or "#"
 * (and backslash in special URLs); its userinfo ends at the LAST "@" ("http://good.org@evil.org" goes
 * to evil.org); the port follows a colon outside an IPv6 literal; a final dot is the same host.
 * Returns 0 when the URL has no authority (mailto:, a non-special URL without "//"). */
static int url_host(const char *u, size_t n, size_t at, int special, const char **host, size_t *host_len) {
    size_t i = at;
    if (special) {
        while (i < n && (u[i] == '/' || u[i] == '\\')) i++;
    } else {
        if (n - i < 2 || u[i] != '/' || u[i + 1] != '/') return 0;
        i += 2;
    }
    size_t end = i;
    while (end < n && u[end] != '/' && u[end] != '?' && u[end] != '#' && !(special && u[end] == '\\')) end++;
    size_t h = i;
    for (size_t k = i; k < end; k++)
        if (u[k] == '@') h = k + 1;
    size_t e = h;
    if (e < end && u[e] == '[') {
        while (e < end && u[e] != ']') e++;
        if (e < end) e++;
    } else {
        while (e < end && u[e] != ':') e++;
    }
    if (e > h && u[e - 1] == '.') e--;
    *host = u + h;
    *host_len = e - h;
    return 1;
}

/* Whether a restricting policy lets a URL name this host. A host the parser would percent-decode or
 * IDNA-encode first is refused: which host it finally names is not certain from its bytes. */
static int host_allowed(const dl_policy *p, const char *h, size_t n) {
    if (n == 0) return 0;
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)h[i] >= 0x80 || h[i] == '%') return 0;
    for (size_t i = 0; i < p->nhosts; i++) {
        const char *a = p->hosts[i];
        size_t m = p->host_lens[i];
        if (a[0] == '.') {
            /* ".example.org": example.org itself, or any host ending in ".example.org" */
            if (n == m - 1 && ieq(h, a + 1, n)) return 1;
            if (n > m && ieq(h + n - m, a, m)) return 1;
        } else if (n == m && ieq(h, a, n)) {
            return 1;
        }
    }
    return 0;
}

int dl_sanitize_url(const dl_policy *p, uint32_t atom, const char *attr, size_t attr_len, const char *url,
                    size_t len, dl_htmlbuf *out) {
    /* The browser's cleaning first: what it ignores must not hide a scheme from us. */
    while (len && (unsigned char)url[0] <= 0x20) url++, len--;
    while (len && (unsigned char)url[len - 1] <= 0x20) len--;
    size_t start = out->len;
    size_t run = 0;
    for (size_t i = 0; i < len; i++) {
        if (url[i] == '\t' || url[i] == '\n' || url[i] == '\r') {
            dl_htmlbuf_append(out, url + run, i - run);
            run = i + 1;
        }
    }
    dl_htmlbuf_append(out, url + run, len - run);
    if (out->failed) return -1;
    const char *u = out->data ? out->data + start : "";
    size_t n = out->len - start;
    size_t colon = n;
    for (size_t i = 0; i < n; i++) {
        char c = u[i];
        if (c == ':') {
            colon = i;
            break;
        }
        if (c == '/' || c == '?' || c == '#') break;
    }
    int ok = 0;
    if (n >= 2 && (u[0] == '/' || u[0] == '\\') && (u[1] == '/' || u[1] == '\\')) {
        /* "//host/x" (and "\\host", "/\\host": URL parsers read a backslash as a slash in http(s)
         * URLs, and the tabs and newlines removed above may have split the pair) names another host
         * with the page's scheme: an absolute URL in disguise, not a relative one. It passes only
         * where the policy allows absolute URLs of both schemes a web page can have. */
        ok = allows_scheme(p, "http", 4) && allows_scheme(p, "https", 5);
        const char *h;
        size_t hl;
        if (ok && p->restrict_hosts && url_host(u, n, 0, 1, &h, &hl)) ok = host_allowed(p, h, hl);
    } else if (colon == n) {
        ok = p->allow_relative;
    } else {
        int valid = colon > 0 && ((u[0] | 0x20) >= 'a' && (u[0] | 0x20) <= 'z');
        for (size_t i = 1; i < colon && valid; i++) {
            unsigned char c = (unsigned char)u[i];
            valid = ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '-' ||
                    c == '.';
        }
        if (valid && colon == 4 && ieq(u, "data", 4)) {
            ok = p->allow_data_images && atom == DL_TAG_img && attr_len == 3 && memcmp(attr, "src", 3) == 0 &&
                 data_image_ok(u + 5, n - 5);
        } else if (valid) {
            for (size_t i = 0; i < p->nschemes && !ok; i++)
                ok = p->scheme_lens[i] == colon && ieq(u, p->schemes[i], colon);
            const char *h;
            size_t hl;
            if (ok && p->restrict_hosts && url_host(u, n, colon + 1, special_scheme(u, colon), &h, &hl))
                ok = host_allowed(p, h, hl);
        }
    }
    if (!ok) out->len = start;
    return ok;
}

/* ---- The clean tree ---- */

/* What the re-parse checks need to know about the clean tree's open elements (the current node and
 * its ancestors), kept per entered element on the walk's stack. Walking the ancestors for each element
 * instead cost the depth per element: "<ul><li>" * 80000 took 21 s, 4x that about 15x the time. */
enum {
    F_P = 1,     /* a <p> is open, with no scope boundary above it */
    F_LI = 2,    /* an <li> is open, with no special element but address, div and p above it */
    F_DDDT = 4,  /* the same for <dd> or <dt> */
    F_A = 8,     /* an <a> is open, with no marker or scope boundary above it */
    F_NOBR = 16, /* the same for <nobr> */
    F_RUBY = 32, /* a <ruby> is open, with no scope boundary above it */
};

/* The facts for a new current node `el` whose parent had `facts`: each is what the spec's walk up
 * the stack would meet first, el itself or what its parent knew, unless el stops that walk. */
static uint8_t facts_enter(uint8_t facts, const dl_node *el) {
    uint8_t sets = tag_sets(el);
    int stops_li = (sets & S_SPECIAL) && !dl_is_element(el, DL_TAG_address) && !dl_is_element(el, DL_TAG_div) &&
                   !dl_is_element(el, DL_TAG_p);
    if (sets & S_SCOPE) facts &= (uint8_t)~(F_P | F_RUBY);
    if (stops_li) facts &= (uint8_t)~(F_LI | F_DDDT);
    if (sets & (S_MARKER | S_SCOPE)) facts &= (uint8_t)~(F_A | F_NOBR);
    if (dl_is_element(el, DL_TAG_p)) facts |= F_P;
    if (dl_is_element(el, DL_TAG_li)) facts |= F_LI;
    if (dl_is_element(el, DL_TAG_dd) || dl_is_element(el, DL_TAG_dt)) facts |= F_DDDT;
    if (dl_is_element(el, DL_TAG_a)) facts |= F_A;
    if (dl_is_element(el, DL_TAG_nobr)) facts |= F_NOBR;
    if (dl_is_element(el, DL_TAG_ruby)) facts |= F_RUBY;
    return facts;
}

/* Would the HTML parser, meeting a start tag `atom` with `parent` as the current node (and the clean
 * tree's ancestors, summarized by `facts`, as its stack of open elements), put it anywhere else, or
 * close something? */
static int misplaced(const dl_node *parent, uint8_t facts, uint32_t atom) {
    uint8_t sets = atom < DL_TAG__COUNT ? k_sets[atom] : 0;
    uint8_t psets = tag_sets(parent);
    int in_table_context = (psets & S_TABLEISH) != 0;
    switch (atom) {
    case DL_TAG_caption: case DL_TAG_colgroup: case DL_TAG_thead: case DL_TAG_tbody: case DL_TAG_tfoot:
        return !dl_is_element(parent, DL_TAG_table);
    case DL_TAG_col:
        return !dl_is_element(parent, DL_TAG_colgroup);
    case DL_TAG_tr:
        return !(dl_is_element(parent, DL_TAG_thead) || dl_is_element(parent, DL_TAG_tbody) ||
                 dl_is_element(parent, DL_TAG_tfoot));
    case DL_TAG_td: case DL_TAG_th:
        return !dl_is_element(parent, DL_TAG_tr);
    default:
        break;
    }
    if (in_table_context) return 1; /* anything else in a table is foster-parented */
    if ((sets & S_CLOSES_P) && (facts & F_P)) return 1;
    if ((sets & S_HEADING) && (psets & S_HEADING)) return 1;
    if (atom == DL_TAG_li && (facts & F_LI)) return 1;
    if ((atom == DL_TAG_dd || atom == DL_TAG_dt) && (facts & F_DDDT)) return 1;
    if (atom == DL_TAG_a && (facts & F_A)) return 1;
    if (atom == DL_TAG_nobr && (facts & F_NOBR)) return 1;
    if (atom == DL_TAG_rb || atom == DL_TAG_rtc || atom == DL_TAG_rt || atom == DL_TAG_rp) {
        int exempt_rtc = (atom == DL_TAG_rt || atom == DL_TAG_rp) && dl_is_element(parent, DL_TAG_rtc);
        if ((facts & F_RUBY) && (psets & S_IMPLIED) && !exempt_rtc) return 1;
    }
    return 0;
}

static int all_space(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\f' && s[i] != '\r') return 0;
    return 1;
}

/* A comment survives only when nothing in it could end it early or be read as markup, and it parses
 * back to itself (a carriage return, which a comment cannot escape, would come back as LF). */
static int comment_safe(const char *s, size_t n) {
    if (n && (s[0] == '-' || s[0] == '>' || s[n - 1] == '-')) return 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '<' || s[i] == '>' || s[i] == '\r') return 0;
        if (s[i] == '-' && i + 1 < n && s[i + 1] == '-') return 0;
    }
    return 1;
}

/* The clean tree's state saved on entering an element, restored on leaving it. */
typedef struct {
    dl_node *cur;    /* the clean parent */
    uint32_t copies; /* copies of formatting elements open in the clean tree (SAN_FREE_COPIES_OPEN) */
    uint8_t facts;   /* its facts (F_*) */
} san_saved;

/* The tree builder reopens every formatting element a block closed, up to 256 of them (its list's
 * cap), in each later paragraph, as copies without a tag of their own in the source: one page
 * "<p>" + 256 distinct "<b class=N>" + "</p>" and short paragraphs made 80 bytes of sanitized HTML a
 * byte. Kept, a copy restores a misnested <b> or <a> in the paragraphs it spans. The outermost copy
 * of a paragraph's run is kept freely; one inside another open copy costs its tags, paid from the
 * allowance for repeats (repeats.h), and is unwrapped (its content kept) when the allowance cannot
 * pay. Real misnesting reopens one to three elements in a few paragraphs and never spends it. */
#define SAN_FREE_COPIES_OPEN 1

typedef struct {
    const dl_policy *p;
    dl_document *out;
    dl_node *cur;
    san_saved *stack; /* one entry per entered element */
    size_t n, cap;
    uint8_t facts;   /* the facts of cur */
    uint32_t copies; /* copies open around cur */
    dl_htmlbuf url, resolved;
    dl_url_base base; /* the base relative URLs are resolved against (none: p == NULL) */
    dl_repeats shared; /* attribute arrays the copies share, and how often they were written */
    size_t allowance;  /* what repeated pieces may still write (repeats.h) */
    const dl_node_filter *filter; /* NULL: every element */
} san_state;

/* The parser's formatting elements, the ones it reopens as copies. */
static int is_formatting(uint32_t atom) {
    switch (atom) {
    case DL_TAG_a: case DL_TAG_b: case DL_TAG_big: case DL_TAG_code: case DL_TAG_em: case DL_TAG_font:
    case DL_TAG_i: case DL_TAG_nobr: case DL_TAG_s: case DL_TAG_small: case DL_TAG_strike: case DL_TAG_strong:
    case DL_TAG_tt: case DL_TAG_u:
        return 1;
    default:
        return 0;
    }
}

/* A URL attribute's value resolved against the base, when there is one and the value is relative:
 * what the sanitizer then checks and keeps. Absolute URLs are kept as they are (no dot segment
 * removed from a data: image), and a reference starting with two slashes or backslashes in a mixture
 * other than "//" is left for dl_sanitize_url's rule on such URLs (RFC 3986 would read it as a path,
 * a browser as another host). Returns the value to check, or NULL when out of memory. */
static const dl_htmlbuf *resolved_url(san_state *st, const char *v, size_t n) {
    dl_htmlbuf *r = &st->resolved;
    r->len = 0;
    dl_url_clean(v, n, r);
    if (r->failed) return NULL;
    const char *c = r->data ? r->data : "";
    size_t cn = r->len;
    int odd_slashes = cn >= 2 && (c[0] == '/' || c[0] == '\\') && (c[1] == '/' || c[1] == '\\') &&
                      !(c[0] == '/' && c[1] == '/');
    if (!st->base.p || dl_url_scheme_len(c, cn) || odd_slashes) return r;
    r->len = 0;
    dl_url_resolve_bounded(&st->base, v, n, r);
    return r->failed ? NULL : r;
}

static const dl_policy_attr *find_attr(const dl_policy *p, uint32_t atom, const dl_str name) {
    for (size_t i = 0; i < p->nattrs; i++) {
        const dl_policy_attr *a = &p->attrs[i];
        if ((a->atom == DL_TAG__NONE || a->atom == atom) && a->len == name.len && memcmp(a->name, name.ptr, name.len) == 0)
            return a;
    }
    return NULL;
}

/* Copy the allowed attributes of `src` onto `el`. 0, or -1 on out of memory. */
static int copy_attrs(san_state *st, const dl_node *src, dl_node *el) {
    const dl_policy *p = st->p;
    uint32_t n = src->u.element.nattrs, kept = 0;
    int link = src->atom == DL_TAG_a && p->link_rel;
    if (!n && !link) return 0;
    /* A copy's attributes are its original's: a long title or href on one misnested element would be
     * written again in every later paragraph. They are written by the rule of repeats.h (their size
     * in the page paid for each write beyond the free ones), the copy bare where it refuses. */
    const void *shared = dl_shared_attrs(src);
    if (shared) {
        /* the array's size, computed once (kept as the key's value + 1): k copies of a k-attribute
         * array cost k reads of it, not k * k */
        size_t cost = dl_repeats_value(&st->shared, shared);
        if (!cost) {
            for (uint32_t i = 0; i < n; i++) {
                const dl_attr *a = &src->u.element.attrs[i];
                cost += a->name.len + a->value.len + 4;
            }
            dl_repeats_put_value(&st->shared, shared, ++cost);
        }
        if (!dl_repeat_allowed(dl_repeats_copy_writes(&st->shared, shared), cost - 1, &st->allowance)) return 0;
        dl_repeats_add(&st->shared, shared, 1);
        if (st->shared.failed) return -1;
    }
    dl_attr *attrs = dl_arena_alloc(&st->out->arena, (size_t)(n + 1) * sizeof(dl_attr));
    if (!attrs) return -1;
    int has_href = 0;
    for (uint32_t i = 0; i < n; i++) {
        const dl_attr *a = &src->u.element.attrs[i];
        if (a->ns != DL_ATTR_NS_NONE) continue;
        if (link && a->name.len == 3 && memcmp(a->name.ptr, "rel", 3) == 0) continue;
        const dl_policy_attr *pa = find_attr(p, src->atom, a->name);
        if (!pa) continue;
        dl_str value = a->value;
        if (pa->is_url) {
            const dl_htmlbuf *u = resolved_url(st, a->value.ptr, a->value.len);
            if (!u) return -1;
            st->url.len = 0;
            int ok = dl_sanitize_url(p, src->atom, a->name.ptr, a->name.len, u->data ? u->data : "", u->len, &st->url);
            if (ok < 0) return -1;
            if (!ok) continue;
            char *v = dl_arena_strndup(&st->out->arena, st->url.data ? st->url.data : "", st->url.len);
            if (!v) return -1;
            value.ptr = v;
            value.len = st->url.len;
            if (a->name.len == 4 && memcmp(a->name.ptr, "href", 4) == 0) has_href = 1;
        }
        attrs[kept].name = a->name;
        attrs[kept].value = value;
        attrs[kept].ns = DL_ATTR_NS_NONE;
        kept++;
    }
    if (link && has_href) {
        attrs[kept].name = (dl_str){"rel", 3};
        attrs[kept].value = (dl_str){p->link_rel, p->link_rel_len};
        attrs[kept].ns = DL_ATTR_NS_NONE;
        kept++;
    }
    el->u.element.attrs = kept ? attrs : NULL;
    el->u.element.nattrs = kept;
    return 0;
}

/* Save the current clean node, its facts and its open copies for leave(). -1 on out of memory. */
static int push(san_state *st) {
    if (st->n == st->cap) {
        size_t cap = st->cap ? st->cap * 2 : 64;
        if (cap > SIZE_MAX / sizeof(san_saved)) return -1;
        san_saved *s = realloc(st->stack, cap * sizeof(*s));
        if (!s) return -1;
        st->stack = s;
        st->cap = cap;
    }
    st->stack[st->n++] = (san_saved){st->cur, st->copies, st->facts};
    return 0;
}

/* Pay for a copy inside another open copy (see SAN_FREE_COPIES_OPEN): its start and end tags. */
static int pay_copy(san_state *st, uint32_t atom) {
    size_t cost = 2 * dl_document_atom_name(st->out, atom).len + 5;
    if (st->allowance < cost) return 0;
    st->allowance -= cost;
    return 1;
}

/* -1: skip the subtree; 1: entered (leave will be called); -2: out of memory. */
static int enter(san_state *st, const dl_node *n) {
    switch (n->type) {
    case DL_NODE_DOCUMENT:
    case DL_NODE_FRAGMENT:
        break;
    case DL_NODE_TEXT: {
        if (!n->u.text.len) return -1;
        if (st->filter && st->filter->skip(st->filter->ctx, n)) return -1;
        if ((tag_sets(st->cur) & S_TABLEISH) && !all_space(n->u.text.ptr, n->u.text.len)) return -1;
        /* Zero copy: the input tree outlives the clean one, which is serialized and freed at once. */
        dl_node *t = dl_node_new_text(st->out, n->u.text.ptr, n->u.text.len, 0);
        if (!t) return -2;
        dl_node_append(st->cur, t);
        return -1;
    }
    case DL_NODE_COMMENT: {
        if (!st->p->allow_comments || (tag_sets(st->cur) & S_TABLEISH) ||
            !comment_safe(n->u.text.ptr, n->u.text.len))
            return -1;
        dl_node *c = dl_node_new_comment(st->out, n->u.text.ptr, n->u.text.len, 0);
        if (!c) return -2;
        dl_node_append(st->cur, c);
        return -1;
    }
    case DL_NODE_ELEMENT: {
        /* Foreign content is dropped whole: its parsing rules are where namespace confusion lives. */
        if (n->ns != DL_NS_HTML) return -1;
        if (st->filter && st->filter->skip(st->filter->ctx, n)) return -1;
        int forced = n->atom < DL_TAG__COUNT ? k_forced[n->atom] : SAN_UNWRAP;
        if (forced == SAN_DROP) return -1;
        int copy = n->span_start == DL_NO_SPAN && is_formatting(n->atom);
        if (forced == SAN_POLICY && st->p->keep[n->atom] && !misplaced(st->cur, st->facts, n->atom) &&
            !(copy && st->copies >= SAN_FREE_COPIES_OPEN && !pay_copy(st, n->atom))) {
            dl_node *el = dl_node_new_element(st->out, n->atom, DL_NS_HTML);
            if (!el || copy_attrs(st, n, el) < 0) return -2;
            dl_node_append(st->cur, el);
            if (push(st)) return -2;
            st->cur = el;
            st->facts = facts_enter(st->facts, el);
            st->copies += (uint32_t)copy;
            return 1;
        }
        break;
    }
    default:
        return -1;
    }
    /* Unwrapped: the children go where the element would have been. */
    if (push(st)) return -2;
    return 1;
}

static void leave(san_state *st) {
    const san_saved *s = &st->stack[--st->n];
    st->cur = s->cur;
    st->facts = s->facts;
    st->copies = s->copies;
}

/* dl_walk's callbacks take the state untyped. */
static int walk_enter(void *st, const dl_node *n) { return enter(st, n); }
static void walk_leave(void *st) { leave(st); }

int dl_sanitize(const dl_policy *p, const dl_document *doc, const dl_node *root, dl_htmlbuf *out) {
    return dl_sanitize_nodes(p, doc, &root, 1, NULL, out);
}

int dl_sanitize_nodes(const dl_policy *p, const dl_document *doc, const dl_node *const *roots, size_t nroots,
                      const dl_node_filter *filter, dl_htmlbuf *out) {
    return dl_sanitize_nodes_base(p, doc, roots, nroots, filter, NULL, 0, 0, out);
}

int dl_sanitize_nodes_base(const dl_policy *p, const dl_document *doc, const dl_node *const *roots, size_t nroots,
                           const dl_node_filter *filter, const char *base_url, size_t base_len, int resolve,
                           dl_htmlbuf *out) {
    san_state st;
    memset(&st, 0, sizeof(st));
    st.p = p;
    st.filter = filter && filter->skip ? filter : NULL;
    dl_htmlbuf_init(&st.url);
    dl_htmlbuf_init(&st.resolved);
    dl_repeats_init(&st.shared);
    st.allowance = dl_repeats_allowance(doc);
    dl_htmlbuf base;
    dl_htmlbuf_init(&base);
    if (resolve) {
        dl_document_base_url(doc, base_url, base_len, &base);
        if (base.failed) {
            dl_htmlbuf_free(&base);
            return -1;
        }
        dl_url_base_init(&st.base, base.data, base.len, dl_url_budget(doc));
    }
    st.out = dl_document_new("", 0);
    if (!st.out) {
        dl_htmlbuf_free(&base);
        return -1;
    }
    dl_node *clean = dl_node_new_fragment(st.out);
    int s = clean ? 1 : -2;
    /* Every root is copied into the one clean fragment, so the result is a single tree whatever the
     * roots were; the builder's placement checks see the content of the earlier roots. */
    for (size_t r = 0; r < nroots && s != -2; r++) {
        st.cur = clean;
        st.facts = 0;
        st.n = 0;
        s = dl_walk(roots[r], walk_enter, walk_leave, &st);
    }
    int rc = -1;
    if (s != -2 && !st.url.failed && !st.resolved.failed && !st.shared.failed)
        rc = dl_serialize_html(st.out, clean, DL_SERIALIZE_ESCAPE_CR, out);
    free(st.stack);
    dl_htmlbuf_free(&st.url);
    dl_htmlbuf_free(&st.resolved);
    dl_htmlbuf_free(&base);
    dl_repeats_free(&st.shared);
    dl_document_free(st.out);
    return rc;
}
