"""Where article()'s time goes against turbohtml, in thread CPU time: `python -m bench.stage_times`.

Times parsing alone and parsing followed by the extraction, for distill and turbohtml, on every aeb page
(medians of alternating rounds, per page), so that the extraction's own cost is the difference of two
rows measured in the same process. Instruction counts of the same stages are in `--only instructions`.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from bench.common import load_corpus


def _per_page(f: Callable[[bytes], object], pages: list[bytes]) -> float:
    start = time.thread_time()
    for b in pages:
        f(b)
    return (time.thread_time() - start) / len(pages) * 1000


def main() -> None:
    """Print the per-page times of each stage, and the extraction's share of the whole."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    rounds = ap.parse_args().rounds
    import turbohtml

    import distill

    pages = load_corpus().pages
    stages: dict[str, Callable[[bytes], object]] = {
        "distill parse()": distill.parse,
        "distill parse().article().text": lambda b: distill.parse(b).article().text,
        "turbohtml parse()": turbohtml.parse,
        "turbohtml parse().main_text()": lambda b: turbohtml.parse(b).main_text(),
    }
    seen: dict[str, list[float]] = {k: [] for k in stages}
    for _ in range(rounds):  # alternating: every stage once per round
        for name, f in stages.items():
            seen[name].append(_per_page(f, pages))
    ms = {k: statistics.median(v) for k, v in seen.items()}
    print(f"{len(pages)} aeb pages, {rounds} alternating rounds, thread CPU ms per page (median)")
    for name, v in ms.items():
        print(f"  {name:34s} {v:.3f}")
    d = ms["distill parse().article().text"] - ms["distill parse()"]
    t = ms["turbohtml parse().main_text()"] - ms["turbohtml parse()"]
    print(f"  extraction after parsing: distill {d:.3f}, turbohtml {t:.3f} ({d / t:.2f}x)")


if __name__ == "__main__":
    main()
