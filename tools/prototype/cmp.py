import gzip, json, sys
sys.path.insert(0, "/work/shared/tools")
from score_aeb import page_counts, precision, recall
import trafilatura, p2
truth = json.load(open("/work/shared/corpus/aeb/ground-truth.json"))
def f(c):
    p, r = precision(*c), recall(*c); return 2*p*r/(p+r) if p+r else 0
rows = []
for k in truth:
    raw = gzip.open(f"/work/shared/corpus/aeb/html/{k}.html.gz").read()
    a = f(page_counts(truth[k]["articleBody"], trafilatura.extract(raw) or ""))
    b = f(page_counts(truth[k]["articleBody"], p2.extract(raw)))
    rows.append((b - a, a, b, k[:10], truth[k]["url"][:80]))
rows.sort()
for r in rows[:15]: print("%.3f traf %.3f mine %.3f %s %s" % r)
print("...")
for r in rows[-5:]: print("%.3f traf %.3f mine %.3f %s %s" % r)
