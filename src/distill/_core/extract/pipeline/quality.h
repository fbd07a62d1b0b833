/* Article.quality: a calibrated estimate (0 to 1) of how good one page's extraction is, so that a crawl
 * can filter on it (keep what is likely right, route the rest to a slower reader or a person).
 *
 * It is estimated from what the pipeline saw while it chose (dl_quality_signals: the page type and the
 * model's confidence in it, the cascade step that chose, a second read, how much of the page's text was
 * kept and how surely, how the choice agrees with the classic selection, the kept text's link density)
 * by a small model (quality_model.h) that tools/fit_quality.py fits on the development corpora, with
 * domains held out, to predict the page's word F1 against its ground truth. The estimate is the
 * model's prediction clipped to [0, 1]. An empty text is estimated as the model learnt it (a page with no
 * main content is extracted right when nothing is kept, so it is not 0). Pure C, read-only on the
 * extraction.
 */
#ifndef DL_EXTRACT_PIPELINE_QUALITY_H
#define DL_EXTRACT_PIPELINE_QUALITY_H

/* The signals, by name, in the model's order. Shares are 0..1; counts log(1 + n); flags 0 or 1. */
#define DL_QUALITY_SIGNALS(X)                                                                          \
    X(page_type_confidence) X(type_article) X(type_forum) X(type_product) X(type_collection)            \
    X(type_listing) X(type_documentation) X(type_service)                                              \
    X(cascade_classic) X(cascade_best) X(cascade_none) X(reread)                                        \
    X(log_text_chars) X(log_block_chars) X(kept_share) X(log_blocks) X(log_kept_blocks) X(log_regions)  \
    X(kept_margin) X(top_margin) X(uncertain_share) X(kept_link_density)                                \
    X(selection_kept_share) X(kept_in_selection_share) X(has_winner)

enum {
#define DL_QUALITY_SIGNAL_ENUM(name) DL_QS_##name,
    DL_QUALITY_SIGNALS(DL_QUALITY_SIGNAL_ENUM)
#undef DL_QUALITY_SIGNAL_ENUM
    DL_QUALITY_NSIGNALS
};

struct dl_extraction;

/* The signals of an extraction into out[DL_QUALITY_NSIGNALS]. */
void dl_quality_signals(const struct dl_extraction *x, double *out);
/* The estimate from the signals: the fitted model's prediction, clipped to [0, 1]. */
double dl_quality_estimate(const double *signals);
/* The name of signal i, NULL out of range. */
const char *dl_quality_signal_name(int i);

#endif
