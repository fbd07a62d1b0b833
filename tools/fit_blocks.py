#!/usr/bin/env python3
"""Fit the region classifier of article() (issue 12) and write it as C (src/distill/_core/extract/blocks/block_model.c).

Every text block of a page (see extract/blocks/blocks.h) has a feature vector computed in C
(``distill._core._article_blocks``). Its label is the share of its word n-grams found in the page's
ground truth: WCXB dev's ``ground_truth.main_content`` and aeb's ``articleBody`` (traf-dev is kept
out, so that it stays an honest check on pages the model never saw). A gradient-boosted tree ensemble
(scikit-learn's HistGradientBoostingClassifier) is fitted with each block weighted by its share of its
page's words, so that every page weighs the same, as in the WCXB metric. Cross-validation holds out whole
domains (GroupKFold over the URL's host) and reports the per-page word F1 of the text the held-out
predictions select, per page type, against the classic selection's.

Usage:
  python tools/fit_blocks.py extract            # features and labels to /tmp/fit_blocks.npz
  python tools/fit_blocks.py cv                 # domain-held-out cross-validation figures
  python tools/fit_blocks.py emit [--check]     # fit on everything, write (or compare) block_model.c
  python tools/fit_blocks.py render [--check]   # rewrite (or compare) block_model.c from its own trees, no refit
Needs numpy and scikit-learn (development only; the extension has no run-time dependency).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import json
import os
import re
import sys
from array import array
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "corpus"
if not SHARED.exists():
    SHARED = Path("/work/shared/corpus")
OUT_C = ROOT / "src" / "distill" / "_core" / "extract" / "blocks" / "block_model.c"
# FIT_BLOCKS_CACHE: where extract writes (and cv/emit read) the features, so that two worktrees
# fitting at once do not share one file
CACHE = Path(os.environ.get("FIT_BLOCKS_CACHE", "/tmp/fit_blocks.npz"))
AEB_WEIGHT = 3.0
WORD = re.compile(r"\w+")

# Model shape: small enough to score every block of a page in a few microseconds.
PARAMS = dict(max_iter=80, learning_rate=0.12, max_leaf_nodes=24, min_samples_leaf=40,
              l2_regularization=1.0, random_state=0, early_stopping=False)


def words(s: str) -> list[str]:
    return WORD.findall(s.lower())


def label(block: list[str], grams: dict[int, set[tuple[str, ...]]]) -> float:
    """The share of the block's word n-grams (n = 3, or its length when shorter) in the ground truth."""
    if not block:
        return 0.0
    n = min(3, len(block))
    gs = [tuple(block[i:i + n]) for i in range(len(block) - n + 1)]
    return sum(g in grams[n] for g in gs) / len(gs)


def gram_sets(ref: list[str]) -> dict[int, set[tuple[str, ...]]]:
    return {n: {tuple(ref[i:i + n]) for i in range(len(ref) - n + 1)} for n in (1, 2, 3)}


def pages():
    """(corpus, page id, page type, domain, html bytes, reference text) of the training corpora."""
    wcxb = SHARED / "wcxb-dev"
    for gt_file in sorted((wcxb / "ground-truth").glob("*.json")):
        doc = json.loads(gt_file.read_text())
        gt = doc.get("ground_truth") or {}
        pt = ((doc.get("_internal") or {}).get("page_type") or {})
        pt = pt.get("primary", "article") if isinstance(pt, dict) else (pt or "article")
        pt = "collection" if pt == "category" else pt
        raw = gzip.open(wcxb / "html" / f"{gt_file.stem}.html.gz").read()
        yield "wcxb", gt_file.stem, pt, urlsplit(doc.get("url") or "").hostname or gt_file.stem, raw, \
            gt.get("main_content") or ""
    aeb = SHARED / "aeb"
    truth = json.loads((aeb / "ground-truth.json").read_text())
    for pid, rec in sorted(truth.items()):
        path = aeb / "html" / f"{pid}.html.gz"
        if not path.exists():
            continue
        yield "aeb", pid, "article", urlsplit(rec.get("url") or "").hostname or pid, \
            gzip.open(path).read(), rec.get("articleBody") or ""


def extract() -> None:
    import numpy as np

    # the source tree's distill when it has been built in place (make build), else the installed one: a
    # fresh clone's CI installs the package and has no extension module under src/
    if any((ROOT / "src" / "distill").glob("_core*.so")):
        sys.path.insert(0, str(ROOT / "src"))
    from distill import _core

    X, y, w, page, texts_all = [], [], [], [], []
    meta = []
    for k, (corpus, pid, pt, domain, raw, ref) in enumerate(pages()):
        # _article_blocks reads the tree the pipeline reads (its step 1 may read the page again)
        texts, feats, nfeat = _core._article_blocks(_core.parse(raw))
        a = array("f")
        a.frombytes(feats)
        ref_words = words(ref)
        grams = gram_sets(ref_words)
        bw = [words(t) for t in texts]
        total = sum(len(b) for b in bw) or 1
        for i, b in enumerate(bw):
            X.append(a[i * nfeat:(i + 1) * nfeat])
            y.append(label(b, grams))
            # aeb is the one corpus of news pages with full-text truth: weighed up so that the news
            # article keeps its precision among WCXB's many page kinds
            w.append(len(b) / total * (AEB_WEIGHT if corpus == "aeb" else 1.0))
            page.append(k)
            texts_all.append(texts[i])
        meta.append((corpus, pid, pt, domain, ref))
    np.savez_compressed(CACHE, X=np.array(X, dtype=np.float32), y=np.array(y), w=np.array(w),
                        page=np.array(page), texts=np.array(texts_all, dtype=object),
                        meta=np.array(meta, dtype=object), names=np.array(_core._block_feature_names()))
    print(f"{len(meta)} pages, {len(y)} blocks -> {CACHE}")


def load():
    import numpy as np

    d = np.load(CACHE, allow_pickle=True)
    # the columns are the features as the extraction named them; blocks.h must still name them so
    if "names" not in d or list(d["names"]) != feature_names():
        raise SystemExit(f"{CACHE} holds other features than blocks.h declares: run the extract step again")
    return d["X"], d["y"], d["w"], d["page"], d["texts"], d["meta"]


def prf(pred: str, ref: str) -> float:
    p, r = Counter(words(pred)), Counter(words(ref))
    if not r:
        return 1.0 if not p else 0.0
    if not p:
        return 0.0
    hit = sum((p & r).values())
    prec, rec = hit / sum(p.values()), hit / sum(r.values())
    return 2 * prec * rec / (prec + rec) if prec + rec else 0.0


def page_scores(score, X, page, texts, meta, threshold):
    """Per-page F1 of the blocks whose score clears the threshold (the classic selection when none does)."""
    import numpy as np

    out = []
    starts = np.searchsorted(page, np.arange(len(meta) + 1))
    for k, (corpus, _pid, pt, _domain, ref) in enumerate(meta):
        lo, hi = starts[k], starts[k + 1]
        keep = score[lo:hi] > threshold
        if not keep.any():
            keep = X[lo:hi, 22] > 0.5
        text = "\n".join(t for t, kp in zip(texts[lo:hi], keep, strict=True) if kp)
        out.append((corpus, pt, prf(text, ref)))
    return out


def summary(rows) -> str:
    by = {}
    for corpus, pt, f in rows:
        by.setdefault((corpus, pt), []).append(f)
    wc = [f for (c, _), fs in by.items() if c == "wcxb" for f in fs]
    ae = [f for (c, _), fs in by.items() if c == "aeb" for f in fs]
    parts = [f"wcxb {sum(wc) / len(wc):.4f}", f"aeb(word F1) {sum(ae) / len(ae):.4f}"]
    for (c, pt), fs in sorted(by.items()):
        if c == "wcxb":
            parts.append(f"{pt} {sum(fs) / len(fs):.3f}")
    return "  ".join(parts)


def fit(X, y, w):
    from sklearn.ensemble import HistGradientBoostingClassifier

    clf = HistGradientBoostingClassifier(**PARAMS)
    clf.fit(X, (y >= 0.5).astype(int), sample_weight=w * 1000.0)
    return clf


def cv(folds: int = 3) -> None:
    import numpy as np
    from sklearn.model_selection import GroupKFold

    X, y, w, page, texts, meta = load()
    domains = np.array([meta[p][3] for p in page])
    oof = np.zeros(len(y))
    for k, (tr, te) in enumerate(GroupKFold(n_splits=folds).split(X, y, domains)):
        clf = fit(X[tr], y[tr], w[tr])
        oof[te] = clf.decision_function(X[te])
        print(f"fold {k + 1}/{folds} done", file=sys.stderr)
    np.save(CACHE.with_suffix(".oof.npy"), oof)
    tune(oof)
    in_selection = feature_names().index("in_selection")
    print("classic selection:      ", summary(page_scores(X[:, in_selection] - 0.5, X, page, texts, meta, 0.0)))
    print("oracle (label >= 0.5):  ", summary(page_scores(y - 0.5, X, page, texts, meta, 0.0)))
    for t in (-1.0, -0.5, 0.0, 0.5):
        print(f"held-out domains, t={t:+.1f}:", summary(page_scores(oof, X, page, texts, meta, t)))


TYPES = ["article", "forum", "product", "collection", "listing", "documentation", "service"]
# The threshold per page type (the page type classifier's choice, the type_* features), as the `cv` step's
# "per-type thresholds" line chose them on held-out domains' predictions; copied here so that `emit`
# reproduces block_model.c without refitting the folds.
THRESHOLDS = {"article": 0.0, "forum": 0.25, "product": -0.25, "collection": -0.75, "listing": -0.25,
              "documentation": 0.0, "service": -0.25}


def tune(oof) -> None:
    """The threshold per predicted page type that maximises the held-out per-page F1."""
    X, y, w, page, texts, meta = load()
    import numpy as np

    starts = np.searchsorted(page, np.arange(len(meta) + 1))
    first = feature_names().index("type_article")  # the type_* features, in TYPES' order (blocks.h)
    ptype = [int(np.argmax(X[starts[k], first:first + len(TYPES)])) if starts[k] < starts[k + 1] else 0
             for k in range(len(meta))]
    grid = [-1.5, -1.0, -0.75, -0.5, -0.25, 0.0, 0.25, 0.5, 0.75, 1.0]
    per = {}
    for t in grid:
        rows = page_scores(oof, X, page, texts, meta, t)
        for k, (_c, _pt, f) in enumerate(rows):
            per.setdefault((ptype[k], t), []).append(f)
    chosen = {}
    for ti, name in enumerate(TYPES):
        best = max(grid, key=lambda t: (sum(per.get((ti, t), [0])), -abs(t)))
        chosen[name] = best
    print("per-type thresholds:", chosen)
    th = np.array([chosen[TYPES[p]] for p in ptype])
    shifted = oof - th[page]
    print("held-out domains, per-type thresholds:", summary(page_scores(shifted, X, page, texts, meta, 0.0)))


def emit_c(clf, threshold: float) -> str:
    """The fitted ensemble as C (see render_c)."""
    rows, roots = [], []
    for pred in clf._predictors:
        nodes = pred[0].nodes
        roots.append(len(rows))
        base = len(rows)
        for nd in nodes:
            if nd["is_leaf"]:
                rows.append((-1, 0.0, 0, 0, float(nd["value"])))
            else:
                rows.append((int(nd["feature_idx"]), float(nd["num_threshold"]), base + int(nd["left"]),
                             base + int(nd["right"]), 0.0))
    baseline = float(np.asarray(clf._baseline_prediction).ravel()[0])
    return render_c(rows, roots, baseline, threshold)


def float_at_most(t: float) -> float:
    """The largest float32 value at most t (t itself when it is one).

    A feature is a float32 and the fitted threshold a double: ``(double)x <= t`` holds exactly when
    ``x <= float_at_most(t)``, so the generated code compares floats and decides every split as the
    fitted model does."""
    import struct

    f = struct.unpack("<f", struct.pack("<f", t))[0]  # round to nearest float32
    if f > t:  # rounded up: step one float32 down (t is finite and > 0 here or < 0, both work)
        bits = struct.unpack("<I", struct.pack("<f", f))[0]
        bits = bits - 1 if f > 0 else (bits + 1 if f < 0 else 0x80000001)
        f = struct.unpack("<f", struct.pack("<I", bits))[0]
    return f


def float_bits(f: float) -> int:
    """The bit pattern of the float32 f."""
    import struct

    return struct.unpack("<I", struct.pack("<f", f))[0]


BLOCKS_H = ROOT / "src" / "distill" / "_core" / "extract" / "blocks" / "blocks.h"


@functools.cache
def feature_names() -> list[str]:
    """The block features in the model's order, by name, as blocks.h declares them (DL_BLOCK_FEATURES)."""
    src = BLOCKS_H.read_text()
    start = src.index("#define DL_BLOCK_FEATURES(X)")
    return re.findall(r"X\((\w+)\)", src[start:src.index("enum {", start)])


def feature_ref(feature: int) -> str:
    """The C expression of a feature's bit pattern: k[DL_BF_<name>] (blocks.h), so the model reads each
    feature by its name and a feature added or moved in blocks.h never changes what a split reads."""
    return f"k[DL_BF_{feature_names()[feature]}]"


def split_test(feature: int, t: float) -> str:
    """The C test of ``x[feature] <= t`` on the feature's bit pattern k[feature] (see render_c)."""
    c = float_at_most(t) + 0.0  # -0.0 splits as +0.0 does (x <= -0.0 exactly when x <= +0.0)
    bits = float_bits(c)
    if c >= 0:
        return f"{feature_ref(feature)} <= 0x{bits:08x} /* x <= {c.hex()}f */"
    return f"(uint32_t){feature_ref(feature)} >= 0x{bits:08x}u /* x <= {c.hex()}f */"


def right_test(feature: int, t: float) -> str:
    """The C test of ``x[feature] > t`` on the feature's bit pattern: split_test's negation, 1 or 0."""
    c = float_at_most(t) + 0.0
    bits = float_bits(c)
    if c >= 0:
        return f"{feature_ref(feature)} > 0x{bits:08x}"
    return f"(uint32_t){feature_ref(feature)} < 0x{bits:08x}u"


def render_c(rows, roots, baseline: float, threshold: float) -> str:
    """The model as C code: each tree a nest of if/else over the features, its leaves adding their value.

    rows are (feature, threshold, left, right, value) with feature -1 at a leaf, roots each tree's first
    row. Straight-line code walks no table: a split is one integer comparison of the feature's float32
    bit pattern against a constant (a compare with an immediate operand, where a float comparison needs
    its constant loaded first): for a float c >= +0, x <= c exactly when the bits of x as a signed
    integer are at most c's (a negative x, -0.0 included, is below every such c either way); for c < 0,
    exactly when they are at least c's as an unsigned integer (the negative floats order backwards).
    The features are never NaN. A split whose two children are leaves is no branch at all: its leaves
    are a pair of leaf_pair, indexed by the split's test (0: x <= c, 1: x > c), since the last split of
    a path is the one a branch predictor guesses worst (measured: the model's share of article()'s time
    fell by a sixth). The leaf values are added in tree order, as the fitted model sums them, so the
    score is the same double to the last bit."""
    lines = [
        "/* Generated by tools/fit_blocks.py from the WCXB dev and aeb ground truth: do not edit. The region",
        " * classifier of article(): a gradient-boosted tree ensemble over the block features of blocks.h,",
        " * written as code (each tree a nest of comparisons of a feature's float32 bit pattern with the",
        " * pattern of the largest float at most the fitted threshold, so every split is decided as in the",
        " * fitted model; tools/fit_blocks.py render_c says why an integer comparison decides it).",
        " * dl_block_model returns the content log-odds of a block; above dl_block_threshold it is content. */",
        "#include <stdint.h>",
        "#include <string.h>",
        "",
        '#include "extract/blocks/blocks.h"',
        "",
        f"const double dl_block_threshold = {threshold!r};",
        "const double dl_block_type_threshold[DL_PAGE_NTYPES] = {"
        + ", ".join(repr(float(THRESHOLDS[t])) for t in TYPES) + "};",
        "",
        "/* k reads the features' bit patterns in place where the compiler lets a type alias any object, else",
        " * from a copy */",
        "#if defined(__GNUC__) || defined(__clang__)",
        "typedef int32_t __attribute__((may_alias)) feature_bits;",
        "#define FEATURE_BITS(k, x) const feature_bits *k = (const feature_bits *)(const void *)(x)",
        "#else",
        "#define FEATURE_BITS(k, x) \\",
        "    int32_t k[DL_BLOCK_NFEAT]; \\",
        "    memcpy(k, x, sizeof(k))",
        "#endif",
        "",
    ]
    body = ["double dl_block_model(const float *x) {", "    FEATURE_BITS(k, x);", f"    double s = {baseline!r};"]
    pairs: list[tuple[float, float]] = []

    def node(i: int, depth: int) -> None:
        # iterative over the right spine would save nothing: a tree has at most max_leaf_nodes leaves
        f, t, left, right, v = rows[i]
        pad = "    " * depth
        if f < 0:
            body.append(f"{pad}s += {v!r};")
            return
        if rows[left][0] < 0 and rows[right][0] < 0:
            c = float_at_most(t) + 0.0
            body.append(f"{pad}s += leaf_pair[{len(pairs)}][{right_test(f, t)}]; /* [1] when x > {c.hex()}f */")
            pairs.append((rows[left][4], rows[right][4]))
            return
        body.append(f"{pad}if ({split_test(f, t)}) {{")
        node(left, depth + 1)
        body.append(f"{pad}}} else {{")
        node(right, depth + 1)
        body.append(f"{pad}}}")

    for k, r in enumerate(roots):
        body.append(f"    /* tree {k} */")
        node(r, 1)
    body += ["    return s;", "}", ""]
    lines.append("/* the leaves of the splits whose children are both leaves: [x <= c, x > c] */")
    lines.append(f"static const double leaf_pair[{max(len(pairs), 1)}][2] = {{")
    lines += [f"    {{{a!r}, {b!r}}}," for a, b in pairs] or ["    {0.0, 0.0},"]
    lines += ["};", ""]
    return "\n".join(lines + body)


# a feature as render_c ever wrote it: by position (k[22]) or by name (k[DL_BF_in_selection])
FEATURE = r"(\d+|DL_BF_\w+)"
SPLIT = re.compile(r"if \((?:x\[" + FEATURE + r"\] <= (\S+)f|.*\[" + FEATURE + r"\] .* /\* x <= (\S+)f \*/)\) \{$")
PAIR = re.compile(r"s \+= leaf_pair\[(\d+)\]\[.*k\[" + FEATURE + r"\] .*\]; /\* \[1\] when x > (\S+)f \*/$")


def feature_index(ref: str) -> int:
    """The position of a feature written as render_c writes it (a number, or DL_BF_<name>)."""
    return int(ref) if ref.isdigit() else feature_names().index(ref.removeprefix("DL_BF_"))
PAIR_ROW = re.compile(r"\{(\S+), (\S+)\},$")


def parse_c(src: str):
    """The model block_model.c holds, as render_c's arguments: the trees read back from the code (any form
    render_c ever wrote: float or bit-pattern comparisons), each threshold the float the split compares
    with, which float_at_most leaves as it is. For the `render` step, which rewrites the committed model
    in the current form without refitting it."""
    rows, roots, baseline, threshold = [], [], None, None
    stack = []  # the open splits: (row, whether its else branch has started)
    pairs = []  # leaf_pair's rows, which the table lists before the code that reads them

    def child(i: int) -> None:  # row i hangs under the innermost open split
        if stack:
            r, in_else = stack[-1]
            f, t, left, right, v = rows[r]
            rows[r] = (f, t, left, i, v) if in_else else (f, t, i, right, v)

    for line in src.splitlines():
        s = line.strip()
        if s.startswith("const double dl_block_threshold = "):
            threshold = float(s.split("= ")[1].rstrip(";"))
        elif s.startswith("double s = "):
            baseline = float(s.split("= ")[1].rstrip(";"))
        elif s.startswith("/* tree "):
            roots.append(len(rows))
        elif s.startswith("if ("):
            m = SPLIT.match(s)
            if not m:
                raise ValueError(f"unreadable split: {s}")
            f, c = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
            child(len(rows))
            rows.append((feature_index(f), float.fromhex(c), -1, -1, 0.0))
            stack.append((len(rows) - 1, False))
        elif PAIR_ROW.match(s) and not stack and baseline is None:
            m = PAIR_ROW.match(s)
            pairs.append((float(m.group(1)), float(m.group(2))))
        elif s.startswith("s += leaf_pair["):
            m = PAIR.match(s)
            if not m:
                raise ValueError(f"unreadable leaf pair: {s}")
            left, right = pairs[int(m.group(1))]
            child(len(rows))
            rows.append((feature_index(m.group(2)), float.fromhex(m.group(3)), len(rows) + 1, len(rows) + 2, 0.0))
            rows.append((-1, 0.0, 0, 0, left))
            rows.append((-1, 0.0, 0, 0, right))
        elif s.startswith("s += "):
            child(len(rows))
            rows.append((-1, 0.0, 0, 0, float(s[5:].rstrip(";"))))
        elif s == "} else {":
            stack[-1] = (stack[-1][0], True)
        elif s == "}" and stack:
            stack.pop()
    if baseline is None or threshold is None or stack:
        raise ValueError("block_model.c is not a model render_c wrote")
    return rows, roots, baseline, threshold


def render(check: bool) -> int:
    """block_model.c rewritten by render_c from the trees it holds (parse_c): no refit."""
    return write_or_check(render_c(*parse_c(OUT_C.read_text())), check)


def write_or_check(src: str, check: bool) -> int:
    """Writes src to block_model.c, or with check tells whether the file already holds it (exit 1 if not)."""
    if check:
        same = OUT_C.read_text() == src
        print("block_model.c is reproduced" if same else "block_model.c differs from the generator's output")
        return 0 if same else 1
    OUT_C.write_text(src)
    print(f"wrote {OUT_C} ({len(src)} bytes)")
    return 0


np = None


def emit(check: bool, threshold: float) -> int:
    global np
    import numpy

    np = numpy
    X, y, w, page, texts, meta = load()
    clf = fit(X, y, w)
    return write_or_check(emit_c(clf, threshold), check)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("step", choices=["extract", "cv", "emit", "render"])
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--threshold", type=float, default=0.0)
    args = ap.parse_args()
    if args.step == "extract":
        extract()
    elif args.step == "cv":
        cv()
    elif args.step == "render":
        return render(args.check)
    else:
        return emit(args.check, args.threshold)
    return 0


if __name__ == "__main__":
    sys.exit(main())
