"""`python -m bench`: every benchmark in one run, a Markdown table and a chart.

    python -m bench                      # all of them
    python -m bench --only parse,extract # some
    python -m bench --rounds 7 --corpus PATH
    python -m bench --only extract --clock cpu   # thread CPU time: stable ratios on a loaded machine
"""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path

from bench.common import CLOCKS, OUT, REPO, Section, load_corpus, machine, set_clock, version

# name -> module; each module has run(corpus, rounds) -> Section. Modules that another part of the
# project has not written yet are reported as missing, never fatal.
SUITES = {
    "parse": "bench.parse",
    "extract": "bench.extract",
    "pipeline": "bench.pipeline",
    "boilerplate": "bench.boilerplate",
    "exporters": "bench.exporters",
    "article_cmd": "bench.article_cmd",
    "batch": "bench.batch",
    "instructions": "bench.instructions",
    "limits": "bench.limits",
    "accuracy": "bench.accuracy",
}


def main() -> int:
    ap = argparse.ArgumentParser(prog="python -m bench", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", help=f"comma-separated subset of: {', '.join(SUITES)}")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--corpus", type=Path, default=None)
    ap.add_argument("--out", type=Path, default=OUT / "results.md")
    ap.add_argument("--no-peers", action="store_true", help="accuracy: distill only, no peer runs")
    ap.add_argument("--chart", type=Path, default=REPO / "docs" / "bench.png")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                    help="what the alternating timings read: wall time (default) or the thread's CPU time")
    args = ap.parse_args()
    set_clock(args.clock)
    chosen = args.only.split(",") if args.only else list(SUITES)
    unknown = [c for c in chosen if c not in SUITES]
    if unknown:
        ap.error(f"unknown suite {', '.join(unknown)}; choose from {', '.join(SUITES)}")
    corpus = load_corpus(args.corpus)
    header = ["# distill benchmarks", "", f"Machine: {machine()}", f"distill {version('distill')}",
              f"Clock: {'wall time' if args.clock == 'wall' else 'thread CPU time (--clock cpu)'}", ""]
    print("\n".join(header), flush=True)
    sections: list[Section] = []
    for name in chosen:
        try:
            mod = importlib.import_module(SUITES[name])
        except ModuleNotFoundError as e:
            sec = Section(name, [f"not run: {e}"])
        else:
            sec = mod.run(corpus, args.rounds, peers=False) if args.no_peers and name == "accuracy" else \
                mod.run(corpus, args.rounds)
        sections.append(sec)
        print(f"## {sec.title}\n\n" + "\n".join(sec.lines) + "\n", flush=True)
    text = "\n".join(header) + "\n" + "\n".join(f"## {s.title}\n\n" + "\n".join(s.lines) + "\n" for s in sections)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text)
    # Only the extraction suite's points (name, F1, ms per page) belong on the accuracy/time chart.
    points = [p for s in sections for p in s.points if {"name", "f1", "ms"} <= p.keys()]
    if points:
        from bench.extract import chart

        if chart(points, args.chart):
            print(f"chart: {args.chart}")
    print(f"table: {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
