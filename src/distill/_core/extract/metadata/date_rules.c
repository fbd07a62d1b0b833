/* article()'s date (meta_resolve_date): the declared publication date, weighed against the date the page
 * shows with its headline (a re-save's stamp gives way to it), else the URL's date, a labelled date, a
 * date line or a <time> near the headline, and the last resorts, in the order they are tried; a time
 * declared in UTC is written in the page's own zone when the page shows it. date_modified apart.
 */
#include "extract/metadata/internal.h"

/* A date written in the element's first words. */
static int dateline(const dl_node *el, int day_first, dl_date *d) {
    dl_buf t = {0};
    meta_bounded_text(el, DL_META_DATELINE_MAX, 1, &t);
    int ok = !t.failed && t.len && dl_date_scan(t.data, t.len, day_first, d);
    dl_buf_free(&t);
    return ok;
}

/* Text read below the headline for a date, at most: its date line is within the first lines. */
#define DL_META_AFTER_HEADLINE_TEXT 3000

/* Bytes before a date within which a publication word labels it in the line under the headline
 * ("Published Apr 26, 2023", "Posted on: ..."), not a category's "Posted in News ... (January 24)". */
#define DL_META_LABEL_NEAR 16

/* Text read below the headline for such a label: the headline and the line under it, not the first
 * paragraph's "Podcast. Veröffentlicht am ..." of something else. */
#define DL_META_LABEL_TEXT 200

/* Bytes after the first word of a date within which a second date is written beside it. */
#define DL_META_SIDE_BY_SIDE 30

/* Text read below the headline for the date a reader sees with it: the headline and the line or two
 * under it (a date further down is a footer's or a comment's) */
#define DL_META_SHOWN_TEXT 400

/* Nodes crossed below the headline at most, so a page of empty elements costs no more. */
#define DL_META_AFTER_HEADLINE_NODES 1500

/* At most limit bytes of the words a reader sees from el on. */
static void text_from(const dl_node *el, size_t limit, dl_buf *out) {
    meta_text_from_nodes(el, limit, DL_META_AFTER_HEADLINE_NODES, 1, out);
}

/* The lines a reader sees under the headline (DL_META_SHOWN_TEXT bytes of the text from it): built once
 * per headline and kept in the harvest (m->page), as three of the date rules read them. */
static const dl_buf *shown_text(const dl_meta *m, const dl_node *headline) {
    struct dl_meta_page *p = m->page;
    if (p->shown_of != headline) {
        dl_buf_free(&p->shown);
        text_from(headline, DL_META_SHOWN_TEXT, &p->shown);
        p->shown_of = headline;
    }
    return &p->shown;
}

/* The first date written in the text from el on. */
static int scan_text_from(const dl_node *el, size_t limit, int day_first, dl_date *d) {
    dl_buf t = {0};
    text_from(el, limit, &t);
    int ok = !t.failed && t.len && dl_date_scan(t.data, t.len, day_first, d);
    dl_buf_free(&t);
    return ok;
}

/* The date nearest the headline in the text just before it, not one labelled an update
 * ("December 22, 2022 Updated: January 2, 2026" over the <h1>). */
static int date_before(const dl_node *headline, int day_first, dl_date *d) {
    dl_buf t = {0};
    meta_text_before(headline, DL_META_BEFORE_HEADLINE_TEXT, DL_META_BEFORE_HEADLINE_NODES, &t);
    int ok = 0;
    size_t off = 0, at = 0;
    dl_date x;
    while (!t.failed && off < t.len && dl_date_find(t.data + off, t.len - off, day_first, &x, &at)) {
        if (!meta_update_label(t.data, off, off + at)) {
            *d = x;
            ok = 1;
        }
        off += at + 1;
        while (off < t.len && t.data[off] != ' ') off++;
    }
    dl_buf_free(&t);
    return ok;
}

/* Whether the text just around the headline (the lines above it, the first lines below it) writes a
 * date on the day of d. */
static int near_headline_day(const dl_meta *m, const dl_node *headline, const dl_date *d) {
    if (!headline) return 0;
    int shows = 0;
    dl_buf t = {0};
    meta_text_before(headline, DL_META_BEFORE_HEADLINE_TEXT, DL_META_BEFORE_HEADLINE_NODES, &t);
    shows = meta_text_shows_day(&t, m->day_first, d, NULL);
    dl_buf_free(&t);
    if (!shows) shows = meta_text_shows_day(shown_text(m, headline), m->day_first, d, NULL);
    return shows;
}

/* The first date in text and whether it is labelled an update. */
static int find_shown(const dl_buf *t, int day_first, dl_date *d, int *updated) {
    size_t at = 0;
    if (t->failed || !t->len || !dl_date_find(t->data, t->len, day_first, d, &at)) return 0;
    *updated = meta_update_label(t->data, 0, at);
    return 1;
}

/* Whether a date line or <time> n comes after the headline, within DL_META_NEAR_HEADLINE elements. */
static int near_headline(const dl_meta_node *n, uint32_t headline_order) {
    return n->order >= headline_order && n->order <= headline_order + DL_META_NEAR_HEADLINE;
}

/* The first date written in the lines below the headline, and whether it is labelled an update. */
static int date_under_headline(const dl_meta *m, const dl_node *headline, dl_date *d, int *updated) {
    return find_shown(shown_text(m, headline), m->day_first, d, updated);
}

/* The date a reader sees with the headline: a date line after it, else a date just above it, else the
 * first date written in the lines below it; *updated says whether its label calls it an update. */
static int shown_date(const dl_meta *m, const dl_node *headline, uint32_t headline_order, dl_date *d, int *updated) {
    int ok = 0;
    for (size_t i = 0; i < m->ndatelines && !ok; i++) {
        const dl_meta_node *n = &m->datelines[i];
        if (!near_headline(n, headline_order)) continue;
        dl_buf t = {0};
        meta_bounded_text(n->node, DL_META_DATELINE_MAX, 1, &t);
        ok = find_shown(&t, m->day_first, d, updated);
        dl_buf_free(&t);
    }
    /* a date just above the headline (a post header's date, then the <h1>) */
    if (!ok && headline && date_before(headline, m->day_first, d)) ok = 1, *updated = 0;
    if (!ok && headline) ok = date_under_headline(m, headline, d, updated);
    return ok;
}

/* Whether the first date line near the headline (after it, within DL_META_NEAR_HEADLINE elements) that
 * writes a date writes one on the day of d, among all the dates it writes. */
static int dateline_shows_day(const dl_meta *m, uint32_t headline_order, const dl_date *d) {
    int shows = 0, dated = 0;
    for (size_t i = 0; i < m->ndatelines && !dated; i++) {
        const dl_meta_node *n = &m->datelines[i];
        if (!near_headline(n, headline_order)) continue;
        dl_buf t = {0};
        meta_bounded_text(n->node, DL_META_DATELINE_MAX, 1, &t);
        shows = meta_text_shows_day(&t, m->day_first, d, &dated);
        dl_buf_free(&t);
    }
    return shows;
}

/* A UTC publication time whose day is the neighbour of the day the page's URL path carries, within
 * the hours a zone offset can move it (at most 14): the URL was written with the publisher's own
 * calendar day, the UTC time is the same moment seen from Greenwich. The date becomes the URL's day,
 * without a time, since the zone is not known. */
static void url_day(const dl_meta *m, const dl_metadata *out, dl_date *d) {
    if (!d->has_time || !d->has_zone || (!d->zulu && d->zone_minutes != 0)) return;
    const dl_buf *canon = &out->fields[DL_META_CANONICAL].value, *og = &m->src[DL_SRC_OG_URL];
    dl_date u;
    if (!((canon->len && dl_date_from_url(canon->data, canon->len, &u)) ||
          (og->len && dl_date_from_url(og->data, og->len, &u))))
        return;
    long day = meta_days_from_civil(d->year, d->month, d->day), uday = meta_days_from_civil(u.year, u.month, u.day);
    int minutes = d->hour * 60 + d->minute;
    if ((uday == day - 1 && minutes < 14 * 60) || (uday == day + 1 && minutes >= 10 * 60)) *d = u;
}

/* A publication time declared in UTC ("...Z", "+00:00") is a machine's conversion: the publisher
 * wrote, and the reader sees, the day in the page's own zone (an evening story in California is dated
 * the next day in UTC). When another date on the page shows the same moment with a zone offset, or
 * without a zone but the same minutes and seconds a whole number of quarter hours (at most 14 hours)
 * away, the date is written in that zone. Returns whether *d was rewritten. */
static int local_form(const dl_meta *m, dl_date *d) {
    if (!d->has_time || !d->has_zone || (!d->zulu && d->zone_minutes != 0)) return 0;
    long utc = meta_wall_minutes(d);
    for (size_t i = 0; i < m->ntimed; i++) {
        const dl_date *q = &m->timed[i];
        if (q->second != d->second) continue;
        long offset;
        if (q->has_zone) {
            if (q->zulu || q->zone_minutes == 0) continue;
            if (meta_wall_minutes(q) - q->zone_minutes != utc) continue;
            offset = q->zone_minutes;
        } else {
            offset = meta_wall_minutes(q) - utc;
            if (offset == 0 || offset % 15 != 0 || offset > 14 * 60 || offset < -14 * 60) continue;
        }
        *d = meta_in_zone(d, (int)offset);
        return 1;
    }
    return 0;
}

/* Declared publication dates, most specific first: JSON-LD of an article, the OpenGraph article meta,
 * microdata, the common date metas, a <time> marked as the publication. */
static const dl_meta_date_source published[] = {DL_DATE_LD_PUBLISHED, DL_DATE_ARTICLE_PUBLISHED,
                                                DL_DATE_ITEMPROP_PUBLISHED, DL_DATE_META,
                                                DL_DATE_TIME_PUBDATE, DL_DATE_LD_CREATED, DL_DATE_META_OTHER};
/* Declared modification dates, in the same order. */
static const dl_meta_date_source modified[] = {DL_DATE_LD_MODIFIED, DL_DATE_ARTICLE_MODIFIED,
                                               DL_DATE_ITEMPROP_MODIFIED};

/* What the date rules read and decide: the harvest and the headline, the date picked so far (a declared
 * date of the harvest, or `found`, a date a rule read: never copy the struct, pick may point into it),
 * and the date shown with the headline. */
typedef struct {
    const dl_meta *m;
    const dl_node *headline, *body;
    uint32_t headline_order;
    const dl_date *pick; /* NULL until a rule picks a date */
    dl_date found;
    size_t source;       /* the published[] index of the declared date picked first */
    dl_date shown;       /* the date shown with the headline, when have_shown ... */
    int have_shown;
    int updated;         /* ... and whether its label calls it an update */
} date_state;

/* The declared publication date. A declared publication time equal, to the second, to the declared
 * modification of the same source is one stamp written twice (a re-save), and a <time pubdate> (or one
 * whose class says published) on an earlier day is the publication the page shows ("Published <time
 * pubdate datetime=2025-08-13>" under JSON-LD datePublished = dateModified = 2025-11-29T12:28:31; an
 * explicitly labelled date instead does no better). */
static void declared_date(date_state *st) {
    const dl_meta *m = st->m;
    for (size_t k = 0; k < sizeof published / sizeof published[0] && !st->pick; k++)
        if (m->date_set[published[k]]) st->pick = &m->dates[published[k]], st->source = k;
    const dl_date *pick = st->pick;
    if (pick != &m->dates[DL_DATE_LD_PUBLISHED] && pick != &m->dates[DL_DATE_ARTICLE_PUBLISHED]) return;
    dl_meta_date_source mod = pick == &m->dates[DL_DATE_LD_PUBLISHED] ? DL_DATE_LD_MODIFIED : DL_DATE_ARTICLE_MODIFIED;
    const dl_date *mo = &m->dates[mod], *shown_pub = &m->dates[DL_DATE_TIME_PUBDATE];
    int one_stamp = m->date_set[mod] && pick->has_time && mo->has_time && pick->year == mo->year &&
                    pick->month == mo->month && pick->day == mo->day && pick->hour == mo->hour &&
                    pick->minute == mo->minute && pick->second == mo->second;
    if (one_stamp && m->date_set[DL_DATE_TIME_PUBDATE] && !meta_same_day(pick, shown_pub) &&
        meta_days_from_civil(shown_pub->year, shown_pub->month, shown_pub->day) <
            meta_days_from_civil(pick->year, pick->month, pick->day))
        st->pick = shown_pub;
}

/* The date shown with the headline, read once for the rules that weigh a declared date by it; then: the
 * page shows another declared date under its headline than the publication, with no label that calls it
 * an update: the page dates itself by its revision, and that is the date a reader (and an index) goes
 * by. A line that says "Updated ..." leaves the publication date as it is, and so does a date line that
 * writes the publication's day too, after the revision ("Tom 2024-04-18T13:00:39 March 22nd, 2024", the
 * first a template's machine stamp): the page shows when it was published. */
static void shown_revision(date_state *st) {
    const dl_meta *m = st->m;
    st->have_shown = st->pick && shown_date(m, st->headline, st->headline_order, &st->shown, &st->updated);
    if (st->have_shown && !st->updated && !meta_same_day(st->pick, &st->shown) &&
        !dateline_shows_day(m, st->headline_order, st->pick)) {
        for (size_t k = 0; k < sizeof modified / sizeof modified[0]; k++)
            if (m->date_set[modified[k]] && meta_same_day(&m->dates[modified[k]], &st->shown)) {
                st->pick = &m->dates[modified[k]];
                break;
            }
    }
}

/* A generic date meta (name=date, dc.date, pubdate ...) is often when the page was generated or last
 * touched; the date the page shows with its headline (not labelled an update), else one its text labels
 * as the publication, is its publication (for the other declared sources the same rule loses more than
 * it wins; a <time> elsewhere on the page does not overrule the meta). */
static void generic_meta(date_state *st) {
    const dl_meta *m = st->m;
    if (!st->pick || published[st->source] != DL_DATE_META) return;
    dl_date said;
    if (st->have_shown && !st->updated && !meta_same_day(st->pick, &st->shown)) {
        /* ... unless the page's text labels the meta's own day as the publication ("Published on
         * 25.Jun.2019" in the header; the date shown nearer the headline is a preprint's "first
         * published 04.Apr.2019"): the page says in words that the meta is right */
        if (!(meta_explicit_date(m, &said) && meta_same_day(st->pick, &said))) {
            st->found = st->shown;
            st->pick = &st->found;
        }
    } else {
        /* else a date the text labels explicitly as the publication ("Erschienen am: 13.10.2021") */
        if (meta_explicit_date(m, &st->found) && !meta_same_day(st->pick, &st->found)) st->pick = &st->found;
    }
}

/* A date the line under the headline labels as the publication ("Published Apr 26, 2023", the label
 * right before it) overrules any declared one: the page says in words which date it was published on,
 * where a declared date may be a re-save's (a label further off, 40 bytes, takes "Posted in News Release
 * (January 24)"). */
static void labelled_under_headline(date_state *st) {
    dl_buf t = {0};
    text_from(st->headline, DL_META_LABEL_TEXT, &t);
    size_t at = 0;
    dl_date x;
    if (!t.failed && t.len && dl_date_find(t.data, t.len, st->m->day_first, &x, &at) &&
        meta_publication_label(t.data, at > DL_META_LABEL_NEAR ? at - DL_META_LABEL_NEAR : 0, at) &&
        !meta_same_day(st->pick, &x)) {
        st->found = x;
        st->pick = &st->found;
    }
    dl_buf_free(&t);
}

/* A declared publication date the page's text never writes, while the page shows another date, not
 * labelled an update, with its headline (in the lines just above or below it): the declared date is a
 * machine's stamp (a re-save, a migration) and the shown date is the one a reader and an index go by.
 * Not a day apart (the same moment in another zone: the declared time says which day it is), and not
 * the declared day with day and month swapped (a numeric date read the other way round). Only a date
 * declared in the head or in JSON-LD: microdata and <time> mark an element the page shows, in its own
 * words ("14 years ago"). */
static void unwritten_stamp(date_state *st) {
    const dl_meta *m = st->m;
    const dl_date *pick = st->pick, *shown = &st->shown;
    int stamped = pick == &m->dates[DL_DATE_LD_PUBLISHED] || pick == &m->dates[DL_DATE_ARTICLE_PUBLISHED] ||
                  pick == &m->dates[DL_DATE_META] || pick == &m->dates[DL_DATE_LD_CREATED] ||
                  pick == &m->dates[DL_DATE_META_OTHER];
    if (!stamped || !st->have_shown || st->updated || meta_same_day(pick, shown)) return;
    long apart = meta_days_from_civil(pick->year, pick->month, pick->day) -
                 meta_days_from_civil(shown->year, shown->month, shown->day);
    int swapped = pick->year == shown->year && pick->month == shown->day && pick->day == shown->month;
    /* a day apart is another moment too when the declared time, with its zone, lands on the shown day in
     * no zone at all ("2025-12-19T22:02:58Z" declared, "Dec 18, 2025" under the headline: the 19th from
     * 10:02 to the 20th at 12:02 around the world; any day apart loses more than it wins) */
    int other_moment = (apart == 1 || apart == -1) && !meta_zone_reaches(pick, shown);
    if ((apart > 1 || apart < -1 || other_moment) && !swapped && near_headline_day(m, st->headline, shown) &&
        !meta_page_shows_day(m, pick)) {
        st->found = *shown;
        st->pick = &st->found;
    }
}

/* The line under the headline writes two dates side by side, the declared one first and an older one
 * right after it ("December 10, 2021 April 9, 2019 by ...", "2018-08-29 14:15:57 2018-06-22"): the page
 * shows its revision, then its first publication, which is the date (a second date further on is
 * another line's). */
static void side_by_side(date_state *st) {
    const dl_meta *m = st->m;
    const dl_buf *t = shown_text(m, st->headline);
    size_t a1 = 0, a2 = 0;
    dl_date x1, x2;
    if (t->failed || !t->len || !dl_date_find(t->data, t->len, m->day_first, &x1, &a1) ||
        !meta_same_day(st->pick, &x1))
        return;
    size_t off = a1 + 1;
    while (off < t->len && t->data[off] != ' ') off++;
    size_t span = t->len - off < DL_META_SIDE_BY_SIDE ? t->len - off : DL_META_SIDE_BY_SIDE;
    if (off < t->len && dl_date_find(t->data + off, span, m->day_first, &x2, &a2) &&
        meta_days_from_civil(x2.year, x2.month, x2.day) < meta_days_from_civil(x1.year, x1.month, x1.day) - 1 &&
        !meta_update_label(t->data, off, off + a2)) {
        st->found = x2;
        st->pick = &st->found;
    }
}

/* A date line near the headline (after it, within DL_META_NEAR_HEADLINE elements), else the first <time>,
 * else any date line. A date line whose words call its date an update ("Updated Jun 16, 2025") says when
 * the page was revised, not published: the rules after this one look further (a <time>, the page's "Last
 * updated" status as the last word). */
static void near_dateline(date_state *st) {
    const dl_meta *m = st->m;
    /* the first <time> near the headline with a readable datetime: a date line after it is further from
     * the headline (a related post's card, "2025/12/20", after the post's own <time datetime="2025-04-29
     * 21:00:25">), and the <time> is the post's */
    uint32_t time_order = UINT32_MAX;
    dl_date time_date;
    for (size_t i = 0; st->headline && i < m->ntimes && time_order == UINT32_MAX; i++) {
        const dl_meta_node *n = &m->times[i];
        if (!near_headline(n, st->headline_order)) continue;
        const dl_attr *dt = attr(n->node, "datetime");
        if (dt && dl_date_parse(dt->value.ptr, dt->value.len, &time_date)) time_order = n->order;
    }
    for (size_t i = 0; i < m->ndatelines && !st->pick; i++) {
        const dl_meta_node *n = &m->datelines[i];
        if (!near_headline(n, st->headline_order)) continue;
        if (n->order > time_order) {
            st->found = time_date;
            st->pick = &st->found;
            break;
        }
        dl_buf t = {0};
        int updated = 0;
        meta_bounded_text(n->node, DL_META_DATELINE_MAX, 1, &t);
        if (find_shown(&t, m->day_first, &st->found, &updated) && !updated) st->pick = &st->found;
        dl_buf_free(&t);
    }
}

/* A page that declares no publication date: its other dates, surest first, each tried only while no
 * date is picked. */
static void undeclared_date(date_state *st, const dl_metadata *out) {
    const dl_meta *m = st->m;
    const dl_node *headline = st->headline;
    dl_date *found = &st->found;
    /* the URL's date: a CMS writes the publication day into the path */
    const dl_buf *canon = &out->fields[DL_META_CANONICAL].value, *og = &m->src[DL_SRC_OG_URL];
    if ((canon->len && dl_date_from_url(canon->data, canon->len, found)) ||
        (og->len && dl_date_from_url(og->data, og->len, found)))
        st->pick = found;
    /* a date the page's text labels explicitly as its publication ("Veröffentlicht am 16.08.2019",
     * "Published on August 19, 2019"), before the guesses from date lines and <time>s; "Date:" also
     * labels an event's dates and is left to the last resort */
    if (!st->pick && meta_explicit_date(m, found)) st->pick = found;
    /* the date written just above the headline, in the same header: the page's own date, where a date
     * line after the headline is as often a related post's (as the shown date of the revision and
     * generic-meta rules it loses more) */
    if (!st->pick && headline && date_before(headline, m->day_first, found)) st->pick = found;
    if (!st->pick) near_dateline(st);
    /* a page that declares no date and shows none with its headline: the date it says it stands at
     * ("Stand: 09.10.2017", "Aktualisiert: 30.12.2016", "updated: 2016/11/18") is its own, where a first
     * <time> or a date in the text is as often a teaser's or a caption's (after the date lines near the
     * headline, which date the post more surely) */
    if (!st->pick && meta_status_date(m, found)) st->pick = found;
    /* a <time> near the headline (after it, as near as a date line): the post's own, where the page's
     * first <time> is as often a sidebar's news item above it; its datetime says the day, where its text
     * may be a numeric date in an order the page does not tell ("03/01/2017"). After the page's status
     * date: on a short page a teaser's <time> is within reach */
    for (size_t i = 0; headline && i < m->ntimes && !st->pick; i++) {
        const dl_meta_node *n = &m->times[i];
        if (!near_headline(n, st->headline_order)) continue;
        const dl_attr *dt = attr(n->node, "datetime");
        if (dt && dl_date_parse(dt->value.ptr, dt->value.len, found)) st->pick = found;
    }
    /* the date written in the lines just under the headline, not labelled an update, before the page's
     * first <time> anywhere: that <time> is as often the header's clock or a sidebar's item as the post's
     * ("Started by Jane, June 04, 2024" under a forum thread's title, a <time> with the visitor's current
     * time in the page header above it; a date further down, or an "updated" one, is as often another
     * item's) */
    if (!st->pick && headline) {
        int updated = 0;
        if (date_under_headline(m, headline, found, &updated) && !updated) st->pick = found;
    }
    if (!st->pick && m->date_set[DL_DATE_TIME]) st->pick = &m->dates[DL_DATE_TIME];
    /* a date written in the lines below the headline, with no markup to say so ("<dd>12.01.2017</dd>") */
    if (!st->pick && headline && scan_text_from(headline, DL_META_AFTER_HEADLINE_TEXT, m->day_first, found))
        st->pick = found;
    for (size_t i = 0; i < m->ndatelines && !st->pick; i++)
        if (dateline(m->datelines[i].node, m->day_first, found)) st->pick = found;
    /* the <title> ("08.11.2021 | Fachtag ..."), then the start of the article text */
    if (!st->pick && m->src[DL_SRC_TITLE_TAG].len &&
        dl_date_scan(m->src[DL_SRC_TITLE_TAG].data, m->src[DL_SRC_TITLE_TAG].len, m->day_first, found))
        st->pick = found;
    if (!st->pick && st->body && scan_text_from(st->body, DL_META_AFTER_HEADLINE_TEXT, m->day_first, found))
        st->pick = found;
    if (!st->pick && meta_page_date(m, found)) st->pick = found;
    /* a page that declares only when it was modified: that is the one date it carries */
    for (size_t k = 0; k < sizeof modified / sizeof modified[0] && !st->pick; k++)
        if (m->date_set[modified[k]]) st->pick = &m->dates[modified[k]];
}

/* The picked date into out's date (in the page's own zone, local_form and url_day), else the design's
 * date when it reads as a date: a field that says "last Tuesday" is no date an index can use; and the
 * first declared modification into date_modified. Returns 0, or -1 on out of memory. */
static int write_dates(const date_state *st, dl_metadata *out) {
    const dl_meta *m = st->m;
    if (st->pick) {
        dl_date local = *st->pick;
        if (!local_form(m, &local)) url_day(m, out, &local);
        if (meta_put_date(out, DL_META_DATE, &local) < 0) return -1;
    } else if (out->fields[DL_META_DATE].value.len) {
        dl_buf *d = &out->fields[DL_META_DATE].value;
        dl_date x;
        if (dl_date_parse(d->data, d->len, &x)) {
            if (meta_put_date(out, DL_META_DATE, &x) < 0) return -1;
        } else {
            dl_buf_free(d);
            out->fields[DL_META_DATE].rank = RANK_UNSET;
        }
    }
    for (size_t k = 0; k < sizeof modified / sizeof modified[0]; k++)
        if (m->date_set[modified[k]]) return meta_put_date(out, DL_META_DATE_MODIFIED, &m->dates[modified[k]]);
    return 0;
}

/* article()'s date and date_modified into out, near the headline (may be NULL; headline_order its place
 * in the walk) and the article text's container body (may be NULL). Returns 0, or -1 on out of memory. */
int meta_resolve_date(const dl_meta *m, const dl_node *headline, const dl_node *body, uint32_t headline_order,
                      dl_metadata *out) {
    date_state st;
    memset(&st, 0, sizeof st);
    st.m = m, st.headline = headline, st.body = body, st.headline_order = headline_order;
    /* the declared publication date, weighed against what the page shows and says with its headline */
    declared_date(&st);
    shown_revision(&st);
    generic_meta(&st);
    if (st.pick && headline) labelled_under_headline(&st);
    unwritten_stamp(&st);
    if (st.pick && headline) side_by_side(&st);
    /* else the page's other dates */
    if (!st.pick) undeclared_date(&st, out);
    return write_dates(&st, out);
}
