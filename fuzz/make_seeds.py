"""Write the fuzz seed corpus: html5lib-tests inputs and the benchmark pages (cut to 64 KiB).

Usage: ``python fuzz/make_seeds.py OUTDIR [N]``: all of them (about 8,800), or an even sample of N
(the CI smoke run takes 200).
"""

import gzip
import hashlib
import json
import sys
from pathlib import Path

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus"


def seeds():
    """Every seed input, in a fixed order."""
    for f in sorted((SHARED / "html5lib-tests" / "tree-construction").rglob("*.dat")):
        for block in f.read_bytes().split(b"\n#data\n"):
            data = block.removeprefix(b"#data\n").split(b"\n#errors", 1)[0]
            yield data
    for f in sorted((SHARED / "html5lib-tests" / "tokenizer").glob("*.test")):
        for t in json.loads(f.read_text()).get("tests", []):
            yield t["input"].encode("utf-8", "surrogatepass")
    for f in sorted((SHARED / "aeb" / "html").glob("*.html.gz")):
        yield gzip.open(f).read()[:65536]


def main() -> int:
    """Write the seeds (or a sample) into OUTDIR, each behind one mode byte."""
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "fuzz/out/seeds")
    out.mkdir(parents=True, exist_ok=True)
    chosen = list(seeds())
    if len(sys.argv) > 2 and int(sys.argv[2]) < len(chosen):
        step = len(chosen) / int(sys.argv[2])
        chosen = [chosen[int(i * step)] for i in range(int(sys.argv[2]))]
    n = 0
    for data in chosen:
        # One leading byte: the harnesses read it as their mode/chunking seed.
        blob = bytes([n % 256]) + data
        (out / hashlib.sha1(blob).hexdigest()).write_bytes(blob)
        n += 1
    print(f"{n} seeds in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
