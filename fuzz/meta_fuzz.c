/* libFuzzer harness: the metadata readers' pure-C entry points (extract/metadata/date.h, jsonld.h) on any
 * bytes. Checks: every date returned is a real calendar day inside the plausibility window and formats
 * to ISO 8601 of the expected shape; dl_date_iso8601 agrees with dl_date_parse; a date read from the
 * start (dl_date_at) is also found by the scan; dl_date_order says 0, 1 or 2, the same with a known date
 * when it says one without; the JSON-LD walk hands out slices inside the input, and
 * dl_jsonld_find / dl_jsonld_unescape produce valid UTF-8. Each call must return (the tokenizer once
 * stalled on a truncated UTF-8 lead byte: fuzz/regressions/meta_fuzz/ keeps that input).
 * Input: byte 0 selects the numeric order for dl_date_scan (0..2) and the JSON-LD key asked for; the
 * rest is the text (made valid UTF-8 first, as the parser's output always is). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "extract/metadata/date.h"
#include "extract/metadata/jsonld.h"
#include "fuzz_common.h"

static void check_date(const dl_date *d) {
    if (!dl_date_plausible(d->year, d->month, d->day)) abort();
    if (d->has_time && (d->hour < 0 || d->hour > 23 || d->minute < 0 || d->minute > 59 || d->second < 0 ||
                        d->second > 60))
        abort();
    char iso[DL_DATE_ISO_MAX];
    size_t n = dl_date_format(d, iso);
    if (n < 10 || n >= DL_DATE_ISO_MAX || iso[n] != 0 || iso[4] != '-' || iso[7] != '-') abort();
    for (size_t i = 0; i < n; i++)
        if (!strchr("0123456789-:+TZ", iso[i])) abort();
}

typedef struct {
    const char *base;
    size_t len;
    size_t values;
} walk_check;

static int inside(const walk_check *w, const char *p, size_t n) {
    return n == 0 || (p >= w->base && p + n <= w->base + w->len);
}

static int on_value(void *user, const dl_jsonld_value *v) {
    walk_check *w = user;
    if (!inside(w, v->value, v->value_len) || !inside(w, v->key, v->key_len)) abort();
    if (v->parent_key_len && !inside(w, v->parent_key, v->parent_key_len)) abort();
    if (v->type && !inside(w, v->type, v->type_len)) abort();
    if (v->depth < 0 || v->depth > DL_JSONLD_DEPTH) abort();
    w->values++;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    uint8_t sel = data[0];
    size_t n;
    char *s = dl_fuzz_clean_utf8(data + 1, size - 1, &n); /* page text reaches the readers as UTF-8 */
    if (!s) return 0;

    dl_date d, e;
    if (dl_date_parse(s, n, &d)) {
        check_date(&d);
        char a[DL_DATE_ISO_MAX], b[DL_DATE_ISO_MAX];
        size_t an = dl_date_iso8601(s, n, a), bn = dl_date_format(&d, b);
        if (an != bn || memcmp(a, b, an) != 0) abort();
    } else if (dl_date_iso8601(s, n, (char[DL_DATE_ISO_MAX]){0})) {
        abort();
    }
    if (dl_date_scan(s, n, sel % 3, &d)) {
        check_date(&d);
        /* dl_date_find finds the same date, at an offset inside the input where a date can start */
        size_t at = n;
        if (!dl_date_find(s, n, sel % 3, &e, &at) || at >= n || e.year != d.year || e.month != d.month ||
            e.day != d.day)
            abort();
    } else if (dl_date_find(s, n, sel % 3, &e, &(size_t){0})) {
        abort();
    }
    if (dl_date_at(s, n, &d)) {
        check_date(&d);
        if (!dl_date_scan(s, n, 0, &e)) abort();
    }
    if (dl_date_from_url(s, n, &d)) check_date(&d);
    /* the numeric order is 0, 1 or 2, and a known date only settles an order the numbers leave open */
    int bare = dl_date_order(s, n, NULL);
    d = (dl_date){.year = 2000 + sel % 30, .month = 1 + sel % 12, .day = 1 + sel % 28};
    int told = dl_date_order(s, n, &d);
    if (bare < 0 || bare > 2 || told < 0 || told > 2 || (bare && told != bare)) abort();

    walk_check w = {s, n, 0};
    dl_jsonld_walk(s, n, on_value, &w);
    static const char *const keys[] = {"description", "headline", "name", "datePublished"};
    dl_buf out = {0};
    if (dl_jsonld_find(s, n, "Product", keys[sel % 4], &out) > 0 && !dl_fuzz_valid_utf8(out.data, out.len)) abort();
    dl_buf_free(&out);
    free(s);
    return 0;
}
