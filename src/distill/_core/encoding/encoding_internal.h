/* Shared between the files of the encoding folder and its Python entry points. Internal. */
#ifndef DL_ENCODING_INTERNAL_H
#define DL_ENCODING_INTERNAL_H

#include "encoding/encoding.h"

/* Fill the single-byte decoding tables from Python's codecs (with the Encoding Standard's fixes).
 * Called once at module import, with the GIL; -1 with an exception set on failure. */
int dl_encoding_tables_init(void);

/* 1 when enc is decoded through a single-byte table. */
int dl_encoding_is_single_byte(int enc);

/* dl_encoding_sniff_ex that also says whether it validated the whole input as UTF-8 (its last-resort
 * step), so the decoder need not validate a second time. */
int dl_encoding_sniff_checked(const uint8_t *buf, size_t len, int override_id, unsigned flags, int *bom_len,
                              int *validated);

/* dl_decode_as for input already known to be valid UTF-8 after `skip` bytes: no copy, no check. */
int dl_decode_valid_utf8(const uint8_t *buf, size_t len, size_t skip, dl_decoded *out);

/* The multi-byte character structure walker (decode.c): the byte length of the character at b and its
 * kind; see there. */
enum { DL_UNIT_ASCII, DL_UNIT_MB, DL_UNIT_ERROR, DL_UNIT_CP };
size_t dl_mb_unit(int enc, const uint8_t *b, size_t n, int *kind, uint32_t *cp);

/* The code point a byte decodes to in a single-byte encoding (tables ready). */
uint32_t dl_sb_code_point(int enc, uint8_t byte);

/* detect.c: the statistical guess for undeclared non-UTF-8 input. dl_detect_init runs once after the
 * single-byte tables are filled (GIL held, -1 with an exception on failure). */
int dl_detect_init(void);
int dl_encoding_detect(const uint8_t *buf, size_t len);

#endif
