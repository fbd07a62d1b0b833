"""Per cleaning sub-rule: truth shingles removed (lost recall) vs non-truth removed (gained precision)."""
import collections
import gzip
import json
import sys

sys.path.insert(0, "/work/shared/tools")
import lxml.html
import p2
from p2 import decode
from score_aeb import shingles

truth = json.load(open("/work/shared/corpus/aeb/ground-truth.json"))
good = collections.Counter()
bad = collections.Counter()
pages = collections.defaultdict(collections.Counter)
for key in truth:
    raw = gzip.open(f"/work/shared/corpus/aeb/html/{key}.html.gz").read()
    ex = p2.Extractor(p2.build(lxml.html.document_fromstring(decode(raw))))
    ex.compute_drop()
    best = ex.score()
    if best is None:
        continue
    chosen = ex.split(best) if "split" in p2.RULES else [best]
    ex.clean = [False] * ex.n
    for c in chosen:
        ex.do_clean(c)
    t = shingles(truth[key]["articleBody"])
    full = shingles("\n".join(ex.text(c) for c in chosen))
    for j in range(ex.n):
        r = ex.clean[j]
        if r and r != "inherit" and not (ex.clean[ex.d.parent[j]]):
            sh = shingles(ex.text(j))
            tp = sum((sh & t).values())
            good[r] += sum(sh.values()) - tp
            bad[r] += tp
            if tp:
                pages[r][key[:10]] += tp
for r in sorted(good, key=lambda r: -good[r]):
    print(f"{r:12s} removed non-truth {good[r]:6d}  truth {bad[r]:6d}  worst pages {pages[r].most_common(4)}")
