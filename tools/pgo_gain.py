#!/usr/bin/env python3
"""What the profile-guided build buys: parse() and article() on the aeb pages, plain build against PGO build.

    python tools/pgo_gain.py [--rounds 11] [--corpus ../shared/corpus/aeb/html]

Builds the core twice from this tree (setup.py build_ext into a temporary folder: DISTILL_PGO=0, the
default one plain round, and DISTILL_PGO=1), then runs alternating rounds, each a fresh process per build
(the order flips every round): the process parses every page, then extracts every page's article, a few
passes each, and reports the median pass in wall time and in the thread's CPU time. The figure is the
median over rounds of plain time / PGO time (above 1: the PGO build is faster). The build times are
reported too. Needs GCC 10 or later (with another compiler both builds are the plain one).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def build(dest: Path, pgo: bool) -> float:
    """Build the package into dest (dest/distill), profile-guided or not; the build's wall time."""
    env = dict(os.environ, DISTILL_PGO="1" if pgo else "0")
    t = time.perf_counter()
    subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--force", "--build-lib", str(dest),
                    "--build-temp", str(dest.parent / f"tmp-{dest.name}")],
                   cwd=REPO, env=env, check=True, stdout=subprocess.DEVNULL)
    elapsed = time.perf_counter() - t
    pkg = REPO / "src" / "distill"
    shutil.copytree(pkg, dest / "distill", dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("_core", "*.so", "*.pyd", "__pycache__"))
    return elapsed


def measure(corpus: Path, passes: int) -> dict[str, float]:
    """In this process: the median pass over every page, parse and article(), wall and CPU ms."""
    import distill

    pages = [gzip.open(p).read() for p in sorted(corpus.glob("*.html.gz"))]
    out: dict[str, float] = {}
    for name, fn in (("parse", distill.parse), ("article", lambda p: distill.article(p).text)):
        for p in pages[:20]:
            fn(p)  # warm-up: the arena's spare blocks, the caches
        walls, cpus = [], []
        for _ in range(passes):
            w, c = time.perf_counter(), time.thread_time()
            for p in pages:
                fn(p)
            walls.append(time.perf_counter() - w)
            cpus.append(time.thread_time() - c)
        out[f"{name}_wall_ms"] = statistics.median(walls) * 1000 / len(pages)
        out[f"{name}_cpu_ms"] = statistics.median(cpus) * 1000 / len(pages)
    out["file"] = distill._core.__file__
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--passes", type=int, default=5)
    ap.add_argument("--corpus", type=Path, default=REPO.parent / "shared" / "corpus" / "aeb" / "html")
    ap.add_argument("--measure", type=Path, help=argparse.SUPPRESS)  # internal: one process, one build
    args = ap.parse_args()
    if args.measure:
        sys.path.insert(0, str(args.measure))
        print(json.dumps(measure(args.corpus, args.passes)))
        return 0
    if not args.corpus.is_dir():
        print(f"pgo_gain: {args.corpus} is absent (the aeb pages of ../shared)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        dirs = {"plain": Path(tmp) / "plain", "pgo": Path(tmp) / "pgo"}
        secs = {name: build(d, name == "pgo") for name, d in dirs.items()}
        ratios: dict[str, list[float]] = {}
        for r in range(args.rounds):
            order = ["plain", "pgo"] if r % 2 == 0 else ["pgo", "plain"]
            got = {}
            for name in order:
                res = subprocess.run([sys.executable, __file__, "--measure", str(dirs[name]), "--corpus",
                                      str(args.corpus), "--passes", str(args.passes)],
                                     capture_output=True, text=True, check=True)
                got[name] = json.loads(res.stdout)
                assert got[name]["file"].startswith(str(dirs[name])), got[name]["file"]
            for key in ("parse_wall_ms", "parse_cpu_ms", "article_wall_ms", "article_cpu_ms"):
                ratios.setdefault(key, []).append(got["plain"][key] / got["pgo"][key])
                ratios.setdefault("plain " + key, []).append(got["plain"][key])
                ratios.setdefault("pgo " + key, []).append(got["pgo"][key])
    pages = len(list(args.corpus.glob("*.html.gz")))
    print(f"{pages} pages of {args.corpus}, {args.rounds} alternating rounds, median of {args.passes} passes each")
    print(f"build time: plain {secs['plain']:.1f} s, profile-guided {secs['pgo']:.1f} s (wall)")
    print("| measure | plain build, ms per page | PGO build, ms per page | plain / PGO (median of rounds) | range |")
    print("|---|---|---|---|---|")
    for key, label in (("parse_wall_ms", "parse(), wall"), ("parse_cpu_ms", "parse(), CPU"),
                       ("article_wall_ms", "article(), wall"), ("article_cpu_ms", "article(), CPU")):
        rs = ratios[key]
        print(f"| {label} | {statistics.median(ratios['plain ' + key]):.3f} | "
              f"{statistics.median(ratios['pgo ' + key]):.3f} | {statistics.median(rs):.3f}x | "
              f"{min(rs):.3f}-{max(rs):.3f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
