"""Debug one page for p2: top candidates with truth overlap
dropped elements holding truth."""
import glob
import gzip
import json
import sys

sys.path.insert(0, "/work/shared/tools")
import lxml.html
import p2
from p2 import decode
from score_aeb import shingles

truth = json.load(open("/work/shared/corpus/aeb/ground-truth.json"))

def desc(ex, i):
    out = []
    while i >= 0 and len(out) < 5:
        a = ex.d.attrs[i]
        out.append(f"{ex.d.tag[i]}[{i}].{(a.get('class') or '')[:30]}#{(a.get('id') or '')[:20]}")
        i = ex.d.parent[i]
    return " < ".join(out)

for k in sys.argv[1:]:
    f = glob.glob(f"/work/shared/corpus/aeb/html/{k}*")[0]
    key = f.split("/")[-1].split(".")[0]
    t = shingles(truth[key]["articleBody"])
    T = sum(t.values())
    print("==", key[:12], truth[key]["url"], "truth shingles", T)
    ex = p2.Extractor(p2.build(lxml.html.document_fromstring(decode(gzip.open(f).read()))))
    ex.compute_drop()
    best = ex.score()
    for i, s in sorted(ex.scores.items(), key=lambda x: -x[1])[:6]:
        sh = shingles(ex.text(i))
        tp = sum((t & sh).values())
        print(f"  cand {s:6.1f} tp {tp:4d} fp {sum(sh.values())-tp:4d}  {desc(ex, i)}")
    # which dropped subtrees hold truth
    seen = set()
    for i in range(ex.n):
        if ex.drop[i] and not ex.drop[ex.d.parent[i]] if i else False:
            save = ex.drop
            ex.drop = [False]*ex.n
            sh = shingles(ex.text(i))
            ex.drop = save
            tp = sum((t & sh).values())
            if tp > 0.1 * T:
                print(f"  DROPPED tp {tp} {desc(ex, i)}")
    if best is not None:
        out = ex.text(best)
        if "-v" in sys.argv[0:1] or len(sys.argv) == 2:
            sh = shingles(out)
            missing = t - sh
            print("  MISSING sample:", [" ".join(x) for x in list(missing)[:8]])
