/* Shared between the files of the encoding folder (and the binding's test hooks). Internal.
 * Call graph, top to bottom (no cycle): decode.c -> sniff.c -> detect.c -> legacy.c; decode.c -> legacy.c. */
#ifndef DL_ENCODING_INTERNAL_H
#define DL_ENCODING_INTERNAL_H

#include "encoding/encoding.h"

/* legacy.c: the single-byte tables (built by dl_sb_tables_init, from dl_encoding_init) and the
 * multi-byte character structure. */
void dl_sb_tables_init(void);
/* 1 when enc is decoded through a single-byte table. */
int dl_encoding_is_single_byte(int enc);
/* Per byte: the UTF-8 length, then up to 3 bytes of UTF-8. */
const uint8_t (*dl_sb_utf8_table(int enc))[4];
/* The code point a byte decodes to in a single-byte encoding. */
uint32_t dl_sb_code_point(int enc, uint8_t byte);
/* 1 when the byte decodes to a letter in the single-byte encoding. */
int dl_sb_is_letter(int enc, uint8_t byte);

/* dl_encoding_sniff_ex that also says whether it validated the whole input as UTF-8 (its last-resort
 * step), so the decoder need not validate a second time. */
int dl_encoding_sniff_checked(const uint8_t *buf, size_t len, int override_id, unsigned flags, int *bom_len,
                              int *validated);

/* dl_decode_as for input already known to be valid UTF-8 after `skip` bytes: no copy, no check. */
int dl_decode_valid_utf8(const uint8_t *buf, size_t len, size_t skip, dl_decoded *out);

/* The multi-byte character structure walker: the byte length of the character at b and its
 * kind; see there. */
enum { DL_UNIT_ASCII, DL_UNIT_MB, DL_UNIT_ERROR, DL_UNIT_CP };
size_t dl_mb_unit(int enc, const uint8_t *b, size_t n, int *kind, uint32_t *cp);

/* detect.c: the statistical guess for undeclared non-UTF-8 input. dl_detect_init builds its tables,
 * after the single-byte tables (from dl_encoding_init). */
void dl_detect_init(void);
int dl_encoding_detect(const uint8_t *buf, size_t len);

#endif
