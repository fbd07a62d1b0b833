import re, os
import p2
END = re.compile(r"[.!?…:;\"'”’)\]]\s*$")
def precise(page):
    out = p2.extract(page)
    n = int(os.environ.get("SHORT", "40"))
    return "\n".join(l for l in out.split("\n") if len(l) >= n or END.search(l))
