/* Article.quality (quality.h): the signals and the fitted model. */
#include "extract/pipeline/quality.h"

#include <math.h>

#include "extract/page_type/page_type.h"
#include "extract/pipeline/pipeline.h"
#include "extract/pipeline/quality_model.h"

_Static_assert(DL_QUALITY_MODEL_NSIGNALS == DL_QUALITY_NSIGNALS, "quality_model.h is out of date: rerun "
                                                                 "tools/fit_quality.py emit");
_Static_assert(DL_QS_type_service - DL_QS_type_article == DL_PAGE_SERVICE - DL_PAGE_ARTICLE, "page types");

static const char *const signal_names[DL_QUALITY_NSIGNALS] = {
#define DL_QUALITY_SIGNAL_NAME(name) #name,
    DL_QUALITY_SIGNALS(DL_QUALITY_SIGNAL_NAME)
#undef DL_QUALITY_SIGNAL_NAME
};

const char *dl_quality_signal_name(int i) { return i >= 0 && i < DL_QUALITY_NSIGNALS ? signal_names[i] : NULL; }

static double share(double part, double whole) { return whole > 0 ? part / whole : 0.0; }

void dl_quality_signals(const dl_extraction *x, double *out) {
    const dl_region_signals *g = &x->content.signals;
    for (int i = 0; i < DL_QUALITY_NSIGNALS; i++) out[i] = 0.0;
    out[DL_QS_page_type_confidence] = x->page_type_confidence;
    if ((unsigned)x->page_type < DL_PAGE_NTYPES) out[DL_QS_type_article + x->page_type] = 1.0;
    out[DL_QS_cascade_classic] = x->cascade == DL_CASCADE_CLASSIC;
    out[DL_QS_cascade_best] = x->cascade == DL_CASCADE_BEST;
    out[DL_QS_cascade_none] = x->cascade == DL_CASCADE_NONE;
    out[DL_QS_reread] = x->reread != DL_REREAD_NONE;
    out[DL_QS_log_text_chars] = log1p((double)x->text.len);
    out[DL_QS_log_block_chars] = log1p(g->block_chars);
    out[DL_QS_kept_share] = share(g->kept_chars, g->block_chars);
    out[DL_QS_log_blocks] = log1p(g->blocks);
    out[DL_QS_log_kept_blocks] = log1p(g->kept_blocks);
    out[DL_QS_log_regions] = log1p((double)x->content.nroots);
    out[DL_QS_kept_margin] = g->kept_margin;
    out[DL_QS_top_margin] = g->top_margin;
    out[DL_QS_uncertain_share] = g->uncertain_share;
    out[DL_QS_kept_link_density] = share(g->kept_link_chars, g->kept_chars);
    out[DL_QS_selection_kept_share] = share(g->kept_selection_chars, g->selection_chars);
    out[DL_QS_kept_in_selection_share] = share(g->kept_selection_chars, g->kept_chars);
    out[DL_QS_has_winner] = g->has_winner;
}

double dl_quality_estimate(const double *signals) {
    double q = dl_quality_model(signals);
    return q < 0.0 ? 0.0 : q > 1.0 ? 1.0 : q;
}
