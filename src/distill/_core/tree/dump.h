/* Debug dump of a tree in the html5lib-tests "#document" format (tests and debugging only). */
#ifndef DL_TREE_DUMP_H
#define DL_TREE_DUMP_H

#include <stddef.h>

#include "tree/dom.h"

/* A malloc'd, NUL-terminated dump of doc's root children (the caller frees it), or NULL when out of
 * memory. */
char *dl_tree_dump(const dl_document *doc, size_t *out_len);

#endif
