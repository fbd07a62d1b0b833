"""For elements matching a predicate inside the winner: how often their text is in the truth."""
import glob, gzip, json, sys, re
import lxml.html
import p2
from proto import decode
truth = json.load(open("/work/shared/corpus/aeb/ground-truth.json"))
W = re.compile(r"\w+")
pred = eval("lambda ex, i: " + sys.argv[1])
inn = out = 0; ex_in = []; ex_out = []
for key in truth:
    raw = gzip.open(f"/work/shared/corpus/aeb/html/{key}.html.gz").read()
    ex = p2.Extractor(p2.build(lxml.html.document_fromstring(decode(raw))))
    ex.compute_drop(); best = ex.score()
    if best is None: continue
    tw = " ".join(W.findall(truth[key]["articleBody"]))
    i = best
    for j in range(best, ex.d.end[best]):
        if ex.drop[j]: continue
        try:
            ok = pred(ex, j)
        except Exception:
            ok = False
        if not ok: continue
        w = " ".join(W.findall(ex.text(j)))
        if len(w) < 10: continue
        if w in tw: inn += len(w); ex_in.append(w[:80])
        else: out += len(w); ex_out.append(w[:80])
print("chars in truth", inn, "not in truth", out)
import random; random.seed(0)
print("IN:", *random.sample(ex_in, min(8, len(ex_in))), sep="\n  ")
print("OUT:", *random.sample(ex_out, min(8, len(ex_out))), sep="\n  ")
