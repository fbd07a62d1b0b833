/* The record's fields (record.h), as a table. */
#include "extract/pipeline/record.h"

const dl_record_field dl_record_fields[DL_RECORD_NFIELDS] = {
#define DL_RECORD_ROW(name, kind, arg) {#name, (unsigned char)(sizeof(#name) - 1), kind, arg},
    DL_RECORD_FIELDS(DL_RECORD_ROW)
#undef DL_RECORD_ROW
};

const char *const dl_record_optional_fields[DL_RECORD_NOPTIONAL] = {
#define DL_RECORD_OPTIONAL_ROW(name) #name,
    DL_RECORD_OPTIONAL_FIELDS(DL_RECORD_OPTIONAL_ROW)
#undef DL_RECORD_OPTIONAL_ROW
};

const char *dl_record_meta_name(dl_meta_field f) {
    for (int k = 0; k < DL_RECORD_NFIELDS; k++)
        if (dl_record_fields[k].kind == DL_RECORD_META && dl_record_fields[k].arg == (unsigned char)f)
            return dl_record_fields[k].name;
    return NULL;
}

const char *dl_record_type(const dl_record_field *f) {
    switch ((dl_record_kind)f->kind) {
    case DL_RECORD_TAGS: return "list";
    case DL_RECORD_QUALITY: return "double";
    default: return "string";
    }
}
