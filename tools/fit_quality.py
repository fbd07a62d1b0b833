#!/usr/bin/env python3
"""Fit the model of Article.quality and write it as C (src/distill/_core/extract/pipeline/quality_model.h).

Article.quality estimates how good one page's extraction is: the page's word F1 against its ground truth
(the WCXB metric: lower-cased \\w+ words, multiset overlap), predicted from the signals the pipeline saw
while it chose (extract/pipeline/quality.h names them; ``distill._core._quality_signals`` reads them).
The pages are WCXB dev's and aeb's (traf-dev is kept out: its truth is snippets, not a text). A small
gradient-boosted regression tree ensemble is fitted; cross-validation holds out whole domains (GroupKFold
over the URL's host) and reports, on held-out predictions, the Spearman rank correlation with the true
per-page F1, the calibration (mean predicted and true F1 per band of the estimate) and the F1 of the pages
a crawl keeping those above 0.8 would keep.

Usage:
  python tools/fit_quality.py extract           # signals and per-page F1 to /tmp/fit_quality.npz
  python tools/fit_quality.py cv                # domain-held-out figures
  python tools/fit_quality.py fit               # fit on every page, write tools/quality_params.json and the header
  python tools/fit_quality.py emit [--check]    # write (or compare) the header from the committed params JSON
  python tools/fit_quality.py placeholder       # a constant model, so that the core builds before the first fit
Fitting needs numpy and scikit-learn (development only); emit needs neither.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEADER = ROOT / "src" / "distill" / "_core" / "extract" / "pipeline" / "quality_model.h"
QUALITY_H = ROOT / "src" / "distill" / "_core" / "extract" / "pipeline" / "quality.h"
PARAMS = Path(__file__).with_name("quality_params.json")
CACHE = Path(os.environ.get("FIT_QUALITY_CACHE", "/tmp/fit_quality.npz"))
WORD = re.compile(r"\w+")
# Small: an estimate per page must cost nothing next to the extraction, and a few hundred training pages
# per fold do not support more.
MODEL = dict(max_iter=60, learning_rate=0.1, max_leaf_nodes=8, min_samples_leaf=30, l2_regularization=1.0,
             random_state=0)


def signal_names() -> list[str]:
    """The signals in the model's order, as quality.h declares them (DL_QUALITY_SIGNALS)."""
    src = QUALITY_H.read_text()
    start = src.index("#define DL_QUALITY_SIGNALS(X)")
    return re.findall(r"X\((\w+)\)", src[start:src.index("enum {", start)])


def word_f1(pred: str, ref: str) -> float:
    """The WCXB metric's per-page F1 (../shared/tools/score_wcxb.py prf)."""
    p, r = Counter(WORD.findall((pred or "").lower())), Counter(WORD.findall((ref or "").lower()))
    if not r:
        return 1.0 if not p else 0.0
    if not p:
        return 0.0
    hit = sum((p & r).values())
    prec, rec = hit / sum(p.values()), hit / sum(r.values())
    return 2 * prec * rec / (prec + rec) if prec + rec else 0.0


def extract() -> None:
    import numpy as np

    sys.path.insert(0, str(ROOT / "tools"))
    if any((ROOT / "src" / "distill").glob("_core*.so")):
        sys.path.insert(0, str(ROOT / "src"))
    import fit_blocks

    import distill
    from distill import _core

    names = list(_core._quality_signal_names())
    if names != signal_names():
        raise SystemExit("the built core's signals are not quality.h's: rebuild it")
    X, y, domains, kinds = [], [], [], []
    for corpus, _pid, pt, domain, raw, ref in fit_blocks.pages():
        a = distill.article(raw)
        X.append(_core._quality_signals(a._result))
        y.append(word_f1(a.text, ref))
        domains.append(domain)
        kinds.append(f"{corpus}/{pt}")
    np.savez_compressed(CACHE, X=np.array(X), y=np.array(y), domains=np.array(domains), kinds=np.array(kinds),
                        names=np.array(names))
    print(f"{len(y)} pages -> {CACHE}")


def load():
    import numpy as np

    d = np.load(CACHE)
    if list(d["names"]) != signal_names():
        raise SystemExit(f"{CACHE} holds other signals than quality.h declares: run the extract step again")
    return d["X"], d["y"], d["domains"], d["kinds"]


def fit_model(X, y):
    from sklearn.ensemble import HistGradientBoostingRegressor

    return HistGradientBoostingRegressor(**MODEL).fit(X, y)


def spearman(a, b) -> float:
    import numpy as np

    ra, rb = np.argsort(np.argsort(a)), np.argsort(np.argsort(b))
    return float(np.corrcoef(ra, rb)[0, 1])


def cv(folds: int = 5) -> None:
    import numpy as np
    from sklearn.model_selection import GroupKFold

    X, y, domains, kinds = load()
    oof = np.zeros(len(y))
    for tr, te in GroupKFold(n_splits=folds).split(X, y, domains):
        oof[te] = fit_model(X[tr], y[tr]).predict(X[te])
    q = np.clip(oof, 0, 1)
    print(f"pages {len(y)}, mean F1 {y.mean():.4f}")
    print(f"held-out domains: Spearman(quality, F1) {spearman(q, y):.3f}")
    for lo, hi in ((0, .2), (.2, .4), (.4, .6), (.6, .8), (.8, .9), (.9, 1.01)):
        m = (q >= lo) & (q < hi)
        if m.any():
            print(f"  quality [{lo:.1f}, {min(hi, 1):.1f}): {m.sum():5d} pages, mean quality {q[m].mean():.3f}, "
                  f"mean F1 {y[m].mean():.3f}")
    keep = q > 0.8
    print(f"  above 0.8: {keep.mean():.1%} of the pages, their mean F1 {y[keep].mean():.4f}; "
          f"below: mean F1 {y[~keep].mean():.4f}")
    low = y < 0.2
    print(f"  pages with F1 < 0.2: {low.sum()}, of them with quality > 0.8: {(low & keep).sum()}")
    corpora = np.array([k.split("/", 1)[0] for k in kinds])
    for corpus in sorted(set(corpora)):  # the issue asks for wcxb-dev's own figure; each corpus alike
        m = corpora == corpus
        above = m & keep
        print(f"  {corpus}: {m.sum()} pages, Spearman {spearman(q[m], y[m]):.3f}, above 0.8: "
              f"{above.sum() / m.sum():.1%} with mean F1 {y[above].mean() if above.any() else float('nan'):.4f}")


def tree_rows(model) -> list[list[list[float]]]:
    """Each tree of the fitted ensemble as rows [feature, threshold, left, right, value] (feature -1: leaf)."""
    trees = []
    for pred in model._predictors:
        rows = []
        for nd in pred[0].nodes:
            if nd["is_leaf"]:
                rows.append([-1, 0.0, 0, 0, float(nd["value"])])
            else:
                rows.append([int(nd["feature_idx"]), float(nd["num_threshold"]), int(nd["left"]), int(nd["right"]),
                             0.0])
        trees.append(rows)
    return trees


def fit() -> None:
    import numpy as np

    X, y, domains, kinds = load()
    model = fit_model(X, y)
    params = {"signals": signal_names(), "baseline": float(np.asarray(model._baseline_prediction).ravel()[0]),
              "trees": tree_rows(model), "fitted_on": f"{len(y)} pages of WCXB dev and aeb"}
    PARAMS.write_text(json.dumps(params, indent=1) + "\n")
    print(f"wrote {PARAMS}")
    emit(check=False)


def render(params: dict) -> str:
    """The model as C: each tree a nest of comparisons of a named signal with its fitted threshold."""
    names = params["signals"]
    lines = [
        "/* Generated by tools/fit_quality.py from tools/quality_params.json: do not edit. The model of",
        " * Article.quality (quality.h): a gradient-boosted regression tree ensemble over the named signals,",
        f" * fitted on {params['fitted_on']} to predict the page's word F1. */",
        "#ifndef DL_EXTRACT_PIPELINE_QUALITY_MODEL_H",
        "#define DL_EXTRACT_PIPELINE_QUALITY_MODEL_H",
        "",
        '#include "extract/pipeline/quality.h"',
        "",
        f"#define DL_QUALITY_MODEL_NSIGNALS {len(names)}",
        "",
        "static inline double dl_quality_model(const double *x) {",
        f"    double s = {params['baseline']!r};",
    ]

    def node(rows, i: int, depth: int) -> None:
        f, t, left, right, v = rows[i]
        pad = "    " * depth
        if f < 0:
            lines.append(f"{pad}s += {v!r};")
            return
        lines.append(f"{pad}if (x[DL_QS_{names[int(f)]}] <= {t!r}) {{")
        node(rows, int(left), depth + 1)
        lines.append(f"{pad}}} else {{")
        node(rows, int(right), depth + 1)
        lines.append(f"{pad}}}")

    for rows in params["trees"]:
        node(rows, 0, 1)
    lines += ["    return s;", "}", "", "#endif", ""]
    return "\n".join(lines)


def emit(check: bool) -> int:
    params = json.loads(PARAMS.read_text())
    if params["signals"] != signal_names():
        raise SystemExit("tools/quality_params.json was fitted on other signals than quality.h declares: refit")
    src = render(params)
    if check:
        same = HEADER.exists() and HEADER.read_text() == src
        print("quality_model.h is reproduced" if same else "quality_model.h differs from the generator's output")
        return 0 if same else 1
    HEADER.write_text(src)
    print(f"wrote {HEADER}")
    return 0


def placeholder() -> int:
    """A constant model (the mean F1 a page of the development corpora gets), so that the core builds with a
    new signal before the first fit; never committed as the model."""
    params = {"signals": signal_names(), "baseline": 0.9, "trees": [], "fitted_on": "nothing (placeholder)"}
    HEADER.write_text(render(params))
    print(f"wrote a placeholder {HEADER}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("step", choices=["extract", "cv", "fit", "emit", "placeholder"])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    if args.step == "extract":
        extract()
    elif args.step == "cv":
        cv()
    elif args.step == "fit":
        fit()
    elif args.step == "emit":
        return emit(args.check)
    else:
        return placeholder()
    return 0


if __name__ == "__main__":
    sys.exit(main())
