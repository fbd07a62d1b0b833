"""Debug one page: what the prune drops that holds truth text, and the top candidates."""
import glob, gzip, json, sys
sys.path.insert(0, "/work/shared/tools")
from score_aeb import shingles
import proto

truth = json.load(open("/work/shared/corpus/aeb/ground-truth.json"))

def path(el):
    out = []
    while el is not None and proto._tag(el):
        out.append(f"{el.tag}.{(el.get('class') or '')[:40]}#{(el.get('id') or '')[:20]}")
        el = el.getparent()
    return " < ".join(out[:6])

for k in sys.argv[1:]:
    f = glob.glob(f"/work/shared/corpus/aeb/html/{k}*")[0]
    key = f.split("/")[-1].split(".")[0]
    t = shingles(truth[key]["articleBody"])
    print("==", key[:12], truth[key]["url"], "truth shingles", sum(t.values()))
    doc = proto.parse(gzip.open(f).read())
    # drops holding truth
    for el in doc.iter():
        tg = proto._tag(el)
        if not tg: continue
        a = proto._attrs(el)
        why = None
        if tg in proto.SKIP_TAGS: why = "skip"
        elif tg not in ("html", "body") and proto.has_word(a, proto.BOILER_WORDS) and not proto.has_word(a, proto.RESCUE_WORDS): why = "boiler"
        elif proto.is_hidden(el): why = "hidden"
        if why:
            tp = sum((t & shingles(proto.text_of(el))).values())
            if tp > 0.2 * sum(t.values()):
                print("  DROP", why, tp, path(el))
    proto.prune(doc)
    best, scores = proto.score(doc)
    for el, s in sorted(scores.items(), key=lambda x: -x[1])[:5]:
        tp = sum((t & shingles(proto.render(el))).values()); n = sum(shingles(proto.render(el)).values())
        print(f"  cand {s:.1f} tp {tp} of {n}  {path(el)}")
