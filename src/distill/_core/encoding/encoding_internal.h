/* Shared between the files of the encoding folder and its Python entry points. Internal. */
#ifndef DL_ENCODING_INTERNAL_H
#define DL_ENCODING_INTERNAL_H

/* Fill the single-byte decoding tables from Python's codecs (with the Encoding Standard's fixes).
 * Called once at module import, with the GIL; -1 with an exception set on failure. */
int dl_encoding_tables_init(void);

/* 1 when enc is decoded through a single-byte table. */
int dl_encoding_is_single_byte(int enc);

#endif
