/* The design's metadata fields as the harvest fills them (dl_meta.design), and dl_metadata_init/free
 * for any record. A field keeps the value of its best-ranked source seen so far; a source replaces it only
 * when it ranks strictly better and gives a non-empty value after folding, so "the first source that
 * supplies a non-empty value" holds whatever order the sources come in. Apart from article()'s own
 * sources (declared.c): the design's order is its own, and article() falls back on it.
 */
#include "extract/metadata/internal.h"

void dl_metadata_init(dl_metadata *md) {
    memset(md, 0, sizeof(*md));
    for (int i = 0; i < DL_META__COUNT; i++) md->fields[i].rank = RANK_UNSET;
    md->tags_rank = RANK_UNSET;
}

void dl_metadata_free(dl_metadata *md) {
    for (int i = 0; i < DL_META__COUNT; i++) dl_buf_free(&md->fields[i].value);
    dl_buf_free(&md->tags);
}

/* Take a folded candidate value; returns whether it was non-empty (and so taken). */
static int take(dl_meta *m, dl_meta_field f, int rank, dl_buf *value) {
    if (value->failed) m->nomem = 1;
    if (value->len == 0 || value->failed) {
        dl_buf_free(value);
        return 0;
    }
    dl_buf_free(&m->design.fields[f].value);
    m->design.fields[f].value = *value;
    m->design.fields[f].rank = rank;
    memset(value, 0, sizeof(*value));
    return 1;
}

/* The design's field f from s[0..len), folded, when a source of that rank wins. */
void meta_set_string(dl_meta *m, dl_meta_field f, int rank, const char *s, size_t len) {
    if (!wants(&m->design, f, rank)) return;
    dl_buf b = {0};
    dl_fold_append(&b, s, len);
    take(m, f, rank, &b);
}

/* The folded text of el; returns whether it supplied a value. */
int meta_set_text(dl_meta *m, dl_meta_field f, int rank, const dl_node *el) {
    if (!wants(&m->design, f, rank)) return 1;
    dl_buf b = {0};
    dl_folded_text(el, &b);
    return take(m, f, rank, &b);
}

/* One tag from a source of that rank: a better source's tags replace a weaker one's. */
static void add_tag(dl_meta *m, int rank, const char *s, size_t len) {
    dl_metadata *md = &m->design;
    if (rank > md->tags_rank) return;
    if (rank < md->tags_rank) { /* a better source: forget the weaker one's tags */
        md->tags.len = 0;
        md->ntags = 0;
        md->tags_rank = rank;
    }
    if (md->ntags >= DL_RULE_META_TAGS_MAX) return;
    dl_buf b = {0};
    dl_fold_append(&b, s, len);
    if (b.failed) m->nomem = 1;
    if (b.len) {
        /* Duplicates ("news, News" aside) say nothing new. */
        int dup = 0;
        for (size_t off = 0; off < md->tags.len && !dup;) {
            size_t l = strlen(md->tags.data + off);
            dup = l == b.len && memcmp(md->tags.data + off, b.data, l) == 0;
            off += l + 1;
        }
        if (!dup) {
            dl_buf_append(&md->tags, b.data, b.len);
            dl_buf_append(&md->tags, "", 1);
            if (md->tags.failed) m->nomem = 1;
            else md->ntags++;
        }
    }
    dl_buf_free(&b);
}

/* The design's field a <meta> key names (rules.h's dl_rule_meta_key), from its content. */
void meta_design_key(dl_meta *m, dl_meta_key key, const char *s, size_t n) {
    switch (key) {
    case DL_META_KEY_TITLE: meta_set_string(m, DL_META_TITLE, RANK_TITLE_OG, s, n); break;
    case DL_META_KEY_AUTHOR: meta_set_string(m, DL_META_BYLINE, RANK_BYLINE_META, s, n); break;
    case DL_META_KEY_PUBLISHED: meta_set_string(m, DL_META_DATE, RANK_DATE_PUBLISHED, s, n); break;
    case DL_META_KEY_DATE: meta_set_string(m, DL_META_DATE, RANK_DATE_META, s, n); break;
    case DL_META_KEY_OG_DESCRIPTION: meta_set_string(m, DL_META_DESCRIPTION, RANK_DESCRIPTION_OG, s, n); break;
    case DL_META_KEY_DESCRIPTION: meta_set_string(m, DL_META_DESCRIPTION, RANK_DESCRIPTION_META, s, n); break;
    case DL_META_KEY_SITE_NAME: meta_set_string(m, DL_META_SITE_NAME, RANK_ONLY, s, n); break;
    case DL_META_KEY_IMAGE: meta_set_string(m, DL_META_IMAGE, RANK_ONLY, s, n); break;
    case DL_META_KEY_TAG: add_tag(m, RANK_TAGS_ARTICLE, s, n); break;
    case DL_META_KEY_KEYWORDS:
        for (size_t i = 0; i <= n;) {
            size_t j = i;
            while (j < n && s[j] != ',') j++;
            add_tag(m, RANK_TAGS_KEYWORDS, s + i, j - i);
            i = j + 1;
        }
        break;
    default: break;
    }
}
