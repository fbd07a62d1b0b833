import gzip, json, sys, collections
sys.path.insert(0, "/work/shared/tools")
from score_aeb import shingles
import lxml.html
import p2
from proto import decode
truth = json.load(open("/work/shared/corpus/aeb/ground-truth.json"))
good = collections.Counter(); bad = collections.Counter(); pages = collections.defaultdict(collections.Counter)
for key in truth:
    raw = gzip.open(f"/work/shared/corpus/aeb/html/{key}.html.gz").read()
    ex = p2.Extractor(p2.build(lxml.html.document_fromstring(decode(raw))))
    ex.compute_drop(); best = ex.score()
    if best is None: continue
    chosen = ex.split(best)
    ex.clean = [False] * ex.n
    for c in chosen: ex.do_clean(c)
    t = shingles(truth[key]["articleBody"])
    for j in range(ex.n):
        if ex.clean[j] == "cwords" and not ex.clean[ex.d.parent[j]]:
            words = [w for w in p2.CLEAN_WORDS if any(tk.startswith(w) for tk in ex.toks[j])] + [w for w in p2.CLEAN_EXACT if w in ex.toks[j]]
            sh = shingles(ex.text(j)); tp = sum((sh & t).values())
            for w in words:
                good[w] += sum(sh.values()) - tp; bad[w] += tp
                if tp: pages[w][key[:10] + ":" + ex.d.attrs[j].get("class", "")[:30]] += tp
for r in sorted(good, key=lambda r: -good[r]):
    print(f"{r:12s} removed non-truth {good[r]:6d}  truth {bad[r]:6d}  {pages[r].most_common(3)}")
