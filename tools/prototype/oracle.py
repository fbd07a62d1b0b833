"""For each page: best single-container F1 (upper bound for 'pick one element, no cleaning')."""
import gzip, json, sys
sys.path.insert(0, "/work/shared/tools")
from score_aeb import shingles
import proto

truth = json.load(open("/work/shared/corpus/aeb/ground-truth.json"))

def f1(t, p):
    tp = sum((t & p).values()); fp = sum((p - t).values()); fn = sum((t - p).values())
    if tp == 0: return 0, 0, 0
    P = tp / (tp + fp); R = tp / (tp + fn)
    return 2 * P * R / (P + R), P, R

res = {}
for k, v in truth.items():
    raw = gzip.open(f"/work/shared/corpus/aeb/html/{k}.html.gz").read()
    doc = proto.parse(raw)
    proto.prune(doc)
    t = shingles(v["articleBody"]); tl = len(v["articleBody"])
    best = (0, 0, 0, None)
    for el in doc.iter():
        if not proto._tag(el): continue
        n = proto.text_len(el)
        if n < 0.3 * tl: continue
        r = f1(t, shingles(proto.render(el)))
        if r[0] > best[0]: best = (*r, el)
    b, sc = proto.score(doc)
    mine = f1(t, shingles(proto.render(b))) if b is not None else (0, 0, 0)
    el = best[3]
    desc = "" if el is None else f"{el.tag}.{el.get('class')}#{el.get('id')}"
    bd = "" if b is None else f"{b.tag}.{b.get('class')}#{b.get('id')}"
    res[k] = (best[:3], mine)
    print(f"{k[:10]} oracle {best[0]:.3f} P{best[1]:.2f} R{best[2]:.2f} {desc[:60]:60s} | mine {mine[0]:.3f} P{mine[1]:.2f} R{mine[2]:.2f} {bd[:50]}")
import statistics
print("mean oracle F1", statistics.mean(r[0][0] for r in res.values()), "mean mine", statistics.mean(r[1][0] for r in res.values()))
