/* The fields of an extraction's record, declared once, in their one order.
 *
 * `distill extract`'s JSON lines and Parquet rows, distill.batch's Record and RECORD_FIELDS, the adapters'
 * columns and the metadata fields of Article all follow this list: batch/batch.c writes a record by
 * looping over it, the binding names Article's metadata fields from it, and _core._record_fields()
 * hands it to Python, where tests/quality/test_record_fields.py checks every other list against it.
 *
 * X(name, kind, arg): kind says where the value comes from (dl_record_kind), arg which metadata field
 * (a dl_meta_field) for DL_RECORD_META. The optional fields follow when asked for, in their order.
 */
#ifndef DL_EXTRACT_PIPELINE_RECORD_H
#define DL_EXTRACT_PIPELINE_RECORD_H

#include "extract/extract.h"

typedef enum {
    DL_RECORD_URL,       /* where the page came from (the caller's) */
    DL_RECORD_ERROR,     /* why the page has no extraction, null when it has one */
    DL_RECORD_META,      /* a resolved metadata field (dl_metadata.fields[arg]) */
    DL_RECORD_TAGS,      /* the tags, a list */
    DL_RECORD_PAGE_TYPE, /* the page type's name */
    DL_RECORD_QUALITY,   /* the estimate of the extraction's quality, a number 0..1 (quality.h) */
    DL_RECORD_TEXT,      /* the article text */
} dl_record_kind;

#define DL_RECORD_FIELDS(X)                                                                            \
    X(url, DL_RECORD_URL, 0)                                                                           \
    X(error, DL_RECORD_ERROR, 0)                                                                       \
    X(title, DL_RECORD_META, DL_META_TITLE)                                                            \
    X(byline, DL_RECORD_META, DL_META_BYLINE)                                                          \
    X(date, DL_RECORD_META, DL_META_DATE)                                                              \
    X(date_modified, DL_RECORD_META, DL_META_DATE_MODIFIED)                                            \
    X(description, DL_RECORD_META, DL_META_DESCRIPTION)                                                \
    X(lang, DL_RECORD_META, DL_META_LANG)                                                              \
    X(site_name, DL_RECORD_META, DL_META_SITE_NAME)                                                    \
    X(canonical, DL_RECORD_META, DL_META_CANONICAL)                                                    \
    X(image, DL_RECORD_META, DL_META_IMAGE)                                                            \
    X(tags, DL_RECORD_TAGS, 0)                                                                         \
    X(page_type, DL_RECORD_PAGE_TYPE, 0)                                                               \
    X(quality, DL_RECORD_QUALITY, 0)                                                                   \
    X(text, DL_RECORD_TEXT, 0)

/* The optional fields, each written when its bit is asked for (batch/batch.h's DL_BATCH_*). */
#define DL_RECORD_OPTIONAL_FIELDS(X) X(markdown) X(html) X(comments)

typedef struct {
    const char *name;
    unsigned char name_len;
    unsigned char kind; /* a dl_record_kind */
    unsigned char arg;  /* the dl_meta_field of a DL_RECORD_META field */
} dl_record_field;

enum {
#define DL_RECORD_COUNT_ONE(name, kind, arg) +1
    DL_RECORD_NFIELDS = 0 DL_RECORD_FIELDS(DL_RECORD_COUNT_ONE),
#undef DL_RECORD_COUNT_ONE
#define DL_RECORD_COUNT_OPTIONAL(name) +1
    DL_RECORD_NOPTIONAL = 0 DL_RECORD_OPTIONAL_FIELDS(DL_RECORD_COUNT_OPTIONAL),
#undef DL_RECORD_COUNT_OPTIONAL
};

/* The fields, in order. */
extern const dl_record_field dl_record_fields[DL_RECORD_NFIELDS];
/* The optional fields' names, in order. */
extern const char *const dl_record_optional_fields[DL_RECORD_NOPTIONAL];

/* The type of a field's value in a table (Parquet, Spark): "string", "list" (of strings) or "double". */
const char *dl_record_type(const dl_record_field *f);

/* The name of metadata field f as a record and Article call it ("title", "site_name"). */
const char *dl_record_meta_name(dl_meta_field f);

#endif
