"""Print the output lines that are not in the truth (false positives) and missing truth lines."""
import glob
import gzip
import json
import os
import re
import sys

sys.path.insert(0, "/work/shared/tools")
import importlib

truth = json.load(open("/work/shared/corpus/aeb/ground-truth.json"))
mod, fn = os.environ.get("EXT", "p2:extract").split(":")
f_ = getattr(importlib.import_module(mod), fn)
W = re.compile(r"\w+")
for k in sys.argv[1:]:
    f = glob.glob(f"/work/shared/corpus/aeb/html/{k}*")[0]
    key = f.split("/")[-1].split(".")[0]
    tw = " ".join(W.findall(truth[key]["articleBody"]))
    out = f_(gzip.open(f).read())
    print("==", key[:12], truth[key]["url"])
    for line in out.split("\n"):
        w = " ".join(W.findall(line))
        if w and w not in tw:
            print("  +", line[:150])
    ow = " ".join(W.findall(out))
    for line in truth[key]["articleBody"].split("\n"):
        w = " ".join(W.findall(line))
        if w and w not in ow:
            print("  -", line[:150])
