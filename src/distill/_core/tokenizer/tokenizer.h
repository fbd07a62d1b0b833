/* The WHATWG HTML tokenizer (HTML Standard 13.2.5), incremental, over UTF-8 bytes.
 *
 * Feed it any chunking of the input; it emits the same tokens with the same absolute byte offsets as
 * when fed in one call. It is usable on its own (the streaming scorer runs on it without a tree) and
 * is driven by the tree builder, which switches its state (RCDATA, RAWTEXT, script data, PLAINTEXT)
 * and tells it whether CDATA sections are allowed (adjusted current node not in the HTML namespace).
 *
 * Input is UTF-8 bytes. For tree building the binding guarantees valid UTF-8 (it decodes or validates
 * first); the tokenizer itself only reads ASCII structurally and passes other bytes through, so the
 * streaming scorer can run it over any ASCII-compatible input. The preprocessing of the input stream
 * (CR LF and lone CR to LF) happens here.
 */
#ifndef DL_TOKENIZER_TOKENIZER_H
#define DL_TOKENIZER_TOKENIZER_H

#include "tokenizer/token.h"

typedef enum {
    DL_TSTATE_DATA = 0,
    DL_TSTATE_RCDATA,
    DL_TSTATE_RAWTEXT,
    DL_TSTATE_SCRIPT_DATA,
    DL_TSTATE_PLAINTEXT,
    DL_TSTATE_CDATA_SECTION /* only for tests that name it as an initial state */
} dl_tokenizer_initial_state;

typedef struct dl_tokenizer dl_tokenizer;

/* Returns NULL when out of memory. */
dl_tokenizer *dl_tokenizer_new(dl_token_sink sink, void *sink_ctx);
void dl_tokenizer_free(dl_tokenizer *t);

void dl_tokenizer_set_error_sink(dl_tokenizer *t, dl_error_sink sink, void *ctx);

/* Switch the content model; called by the tree builder from inside the sink callback for a start tag
 * (or before the first feed, for tests). */
void dl_tokenizer_set_state(dl_tokenizer *t, dl_tokenizer_initial_state state);

/* The "last start tag name" used for appropriate end tags (tests and fragment parsing set it). */
int dl_tokenizer_set_last_start_tag(dl_tokenizer *t, const char *name, size_t len);

/* Whether "<![CDATA[" opens a CDATA section: true when the adjusted current node is a foreign element.
 * The tree builder keeps this current. */
void dl_tokenizer_set_cdata_allowed(dl_tokenizer *t, int allowed);

/* Feed the next chunk. Returns 0, or -1 when out of memory or the sink aborted. Slices marked
 * `borrowed` point into `data`. */
int dl_tokenizer_feed(dl_tokenizer *t, const char *data, size_t len);

/* End of input: flushes pending state and emits DL_TOK_EOF. Returns 0 or -1. */
int dl_tokenizer_finish(dl_tokenizer *t);


#endif
