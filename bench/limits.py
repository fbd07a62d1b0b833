"""Hostile shapes up to the reliability limits: parse time and peak memory against input size.

Each shape (deep nesting, a million attributes, a 100 MB comment, ...) is parsed at 1/8, 1/4, 1/2
and all of its full size, each size in a fresh child process so that the peak resident memory it
reports (``ru_maxrss``) belongs to that parse alone. Linear behaviour shows as a flat column of
time per MB and of memory per input byte; the last column is the time per MB at the full size over
that at 1/8: about 1 is linear, a quadratic step would show as 8.

    python -m bench.limits              # every shape at full size (a few minutes)
    python -m bench.limits --scale 0.1  # a quick look
    python -m bench.limits --memory-only  # memory per element on element-dense pages, against peers
    python -m bench.limits --worst-page   # `distill extract` on the costliest pages its default caps admit
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from collections.abc import Callable

from bench.common import REPO, Corpus, Section

M = 1_000_000

# name -> (full size, what the size counts, generator of markup for a size). Sizes are the issue's:
# a million elements or attributes, 100 MB for a single value.
SHAPES: dict[str, tuple[int, str, Callable[[int], str]]] = {
    "nested <div>": (M, "elements", lambda n: "<div>" * n + "x"),
    "attributes on one element": (M, "attributes", lambda n: "<div " + " ".join(f"a{i}=v" for i in range(n)) + ">"),
    "siblings": (M, "elements", lambda n: "<span>x</span>" * n),
    "attribute value": (100 * M, "bytes", lambda n: '<a href="' + "v" * n + '">x</a>'),
    # Distinct attributes defeat the Noah's Ark clause, so every one stays in the list of active
    # formatting elements; the paragraphs after them each make the parser reconstruct that list.
    "unclosed formatting elements": (
        M, "elements", lambda n: "".join(f"<b class=c{i}>" for i in range(n)) + "<p>x</p>" * 1000),
    # Each <a> start tag with an <a> open runs the adoption agency algorithm.
    "unclosed <a> (adoption agency)": (M, "elements", lambda n: "<a>x" * n),
    "comment": (100 * M, "bytes", lambda n: "<!--" + "c" * n + "-->"),
    "nested tables": (M // 3, "tables", lambda n: "<table><tr><td>" * n + "x"),
    "nested <template>": (M, "elements", lambda n: "<template>" * n + "x"),
    # Issue 18's reproducers, at (at least) the sizes that were quadratic or ran out of memory.
    "attribute merge on <html>": (100_000, "tags", lambda n: "".join(f"<html a{i}>" for i in range(n))),
    "adoption agency over 50 <div>": (40_000, "groups", lambda n: ("<a>" + "<div>" * 50 + "</a>") * n),
    "Noah's Ark, 4 tags of n attributes": (
        250_000, "attributes", lambda n: ("<b " + " ".join(f"a{i}=v" for i in range(n)) + ">") * 4 + "x"),
    "copies of <b> with n attributes": (
        100_000, "attributes", lambda n: "<p><b " + " ".join(f"a{i}=v" for i in range(n)) + ">x</p>" + "<p>x</p>" * n),
}

# Element-dense pages for the memory per element: (elements, markup for n).
DENSE: dict[str, Callable[[int], str]] = {
    "implicit <p>": lambda n: "<p>x" * n,
    "<span>x</span>": lambda n: "<span>x</span>" * n,
    "list items": lambda n: "<ul>" + "<li>x" * n + "</ul>",
    "table cells": lambda n: "<table><tr>" + "<td>x" * n + "</table>",
    "links with attributes": lambda n: '<a href="/p" class="c">x</a>' * n,
}
DENSE_N = 1_900_000  # the 1.9 million implicit <p> (7.6 MB)
CONTENDERS = ("distill parse", "distill article", "turbohtml parse", "selectolax (lexbor) parse")

_MEM_CHILD = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from bench.limits import DENSE
shape, n, who = sys.argv[2], int(sys.argv[3]), sys.argv[4]
if who.startswith("distill"):
    import distill
    fn = distill.parse if who == "distill parse" else (lambda d: distill.article(d).text)
elif who.startswith("turbohtml"):
    import turbohtml
    fn = turbohtml.parse
else:
    from selectolax.lexbor import LexborHTMLParser as fn
fn(b"<p>warm</p>")
data = DENSE[shape](n).encode()

def status(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0

with open("/proc/self/clear_refs", "w") as f:
    f.write("5")
before = status("VmRSS")
result = fn(data)
print(json.dumps({"bytes": len(data), "extra_kb": status("VmHWM") - before}))
"""


def memory_per_element(scale: float = 1.0) -> list[str]:
    """Peak memory per element and per input byte on element-dense pages, distill against peers."""
    n = max(1000, int(DENSE_N * scale))
    lines = [
        f"Memory on element-dense pages ({n:,} elements each), peak resident set over what the process "
        "held before the call (input excluded), each in a fresh process (Linux: VmHWM reset).",
        "",
        "| shape | " + " | ".join(CONTENDERS) + " |",
        "|---|" + "---|" * len(CONTENDERS),
    ]
    for shape in DENSE:
        cells = []
        for who in CONTENDERS:
            r = subprocess.run([sys.executable, "-c", _MEM_CHILD, str(REPO), shape, str(n), who],
                               capture_output=True, text=True, check=False, env=_child_env())
            if r.returncode != 0:
                cells.append("n/a")
                continue
            m = json.loads(r.stdout)
            kb = m["extra_kb"]
            cells.append(f"{kb / 1024:.0f} MB, {kb * 1024 / n:.0f} B/element, {kb * 1024 / m['bytes']:.1f} B/byte")
        lines.append(f"| {shape} | " + " | ".join(cells) + " |")
        print(lines[-1], flush=True)
    return lines

# The costliest pages `distill extract` accepts at its defaults (--max-page-bytes 32 MiB, --max-nodes two
# million: at most a million "<" and two million nodes): element-dense pages, where article() scores a
# block per element. name -> markup.
WORST_PAGES: dict[str, Callable[[], str]] = {
    "999,000 implicit <p>, one letter each (4 MB)": lambda: "<p>x" * 999_000,
    "333,000 nested definition lists (4.7 MB)": lambda: "<dl><dt>x<dd>y" * 333_000,
    "999,000 paragraphs of 30 letters (32 MiB)": lambda: ("<p>" + "w" * 29 + " ") * 999_000,
    "999,000 list items in one list (4 MB)": lambda: "<ul>" + "<li>x" * 998_999,
}


def worst_pages() -> list[str]:
    """CPU time and peak memory of `distill extract --jobs 1` on each of WORST_PAGES, in a fresh process."""
    import os
    import tempfile

    lines = [
        "`distill extract --jobs 1 PAGE -o OUT` on the costliest pages the default caps admit, each in a fresh "
        "process: CPU time (user + sys) and peak resident memory of the whole command, interpreter start-up "
        "included.",
        "",
        "| page | extracted | CPU seconds | peak MB |",
        "|---|---|---|---|",
    ]
    with tempfile.TemporaryDirectory() as d:
        for name, build in WORST_PAGES.items():
            page, out = os.path.join(d, "page.html"), os.path.join(d, "out.jsonl")
            with open(page, "w") as f:
                f.write(build())
            code = "import sys; from distill.cli import distill_command; sys.exit(distill_command())"
            child = subprocess.Popen([sys.executable, "-c", code, "extract", "--jobs", "1", page, "-o", out],
                                     env=_child_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            _, status, usage = os.wait4(child.pid, 0)
            child.returncode = os.waitstatus_to_exitcode(status)
            err = child.stderr.read().decode(errors="replace").strip() if child.stderr else ""
            if child.stderr:
                child.stderr.close()
            if child.returncode != 0:
                lines.append(f"| {name} | exit {child.returncode}: {err[-200:]} | | |")
            else:
                with open(out) as f:
                    record = json.loads(f.readline())
                done = "yes" if record["error"] is None else f"no: {record['error']}"
                cpu, peak_mb = usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024
                lines.append(f"| {name} | {done} | {cpu:.2f} | {peak_mb:.0f} |")
            print(lines[-1], flush=True)
    return lines


FRACTIONS = (8, 4, 2, 1)

_CHILD = r"""
import json, resource, statistics, sys, time
sys.path.insert(0, sys.argv[1])
import distill
from bench.limits import SHAPES
shape, n, rounds = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
data = SHAPES[shape][2](n).encode()

def status(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0

# Building the input may itself have peaked (a str and its bytes at once): reset the high-water mark
# (Linux: "5" > clear_refs) so the peak read afterwards belongs to the parse. Without it, fall back on
# ru_maxrss, which may then hide a parse smaller than the input's construction.
try:
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")
    before, peak_of = status("VmRSS"), lambda: status("VmHWM")
except OSError:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    peak_of = lambda: resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
times = []
for _ in range(rounds):
    t0 = time.perf_counter()
    doc = distill.parse(data)
    times.append(time.perf_counter() - t0)
    del doc
print(json.dumps({"bytes": len(data), "seconds": statistics.median(times), "extra_kb": peak_of() - before}))
"""


def measure(shape: str, n: int, rounds: int) -> dict[str, float]:
    """Parse one shape at size n in a child process: median seconds, input bytes, peak KiB over the input."""
    r = subprocess.run([sys.executable, "-c", _CHILD, str(REPO), shape, str(n), str(rounds)],
                       capture_output=True, text=True, check=False, env=_child_env())
    if r.returncode != 0:
        raise RuntimeError(f"{shape} at {n}: exit status {r.returncode}: {r.stderr.strip()[-500:]}")
    out: dict[str, float] = json.loads(r.stdout)
    return out


def _child_env() -> dict[str, str]:
    import os

    env = dict(os.environ)
    src = str(REPO / "src")
    env["PYTHONPATH"] = src + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def run(corpus: Corpus | None, rounds: int, scale: float = 1.0) -> Section:
    """Time and peak memory of every shape at four sizes up to `scale` times its full size."""
    rounds = max(1, min(rounds, 3))  # the largest inputs take seconds each: three rounds suffice
    lines = [
        f"Each size parsed in a fresh process, median of {rounds} parse(s); memory is the peak resident "
        "set over what the process held before parsing (the input itself excluded).",
        "",
        "| shape | size | input MB | seconds | ms per MB | peak MB over input | bytes per input byte |",
        "|---|---|---|---|---|---|---|",
    ]
    points: list[dict[str, object]] = []
    verdicts: list[str] = []
    for shape, (full, unit, _) in SHAPES.items():
        per_mb: list[float] = []
        for frac in FRACTIONS:
            n = max(1, int(full * scale) // frac)
            m = measure(shape, n, rounds)
            mb = m["bytes"] / 1e6
            ms_per_mb = 1000 * m["seconds"] / mb
            per_mb.append(ms_per_mb)
            extra_mb = m["extra_kb"] / 1024
            lines.append(f"| {shape} | {n:,} {unit} | {mb:.1f} | {m['seconds']:.3f} | {ms_per_mb:.1f} | "
                         f"{extra_mb:.0f} | {m['extra_kb'] * 1024 / m['bytes']:.1f} |")
            points.append({"shape": shape, "n": n, "bytes": m["bytes"], "seconds": m["seconds"],
                           "peak_extra_bytes": m["extra_kb"] * 1024})
            print(lines[-1], flush=True)
        growth = per_mb[-1] / per_mb[0]
        verdicts.append(f"- {shape}: time per MB at full size / at 1/8 = {growth:.2f}"
                        f"{'' if growth < 2 else '  (NOT LINEAR)'}")
    lines += ["", "Time per MB, full size over 1/8 size (1 is linear, 8 would be quadratic):", *verdicts]
    spread = statistics.median(float(v.split("= ")[1].split()[0]) for v in verdicts)
    lines.append(f"Median over shapes: {spread:.2f}.")
    return Section("Limits (hostile shapes)", lines, points)


def main() -> int:
    """Print the limits table (Markdown) for `--scale` times the full sizes."""
    ap = argparse.ArgumentParser(prog="python -m bench.limits", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scale", type=float, default=1.0, help="fraction of the full sizes (default 1)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--memory-only", action="store_true", help="only the memory per element table")
    ap.add_argument("--worst-page", action="store_true",
                    help="only `distill extract` on the costliest pages its default caps admit")
    args = ap.parse_args()
    if args.worst_page:
        print("\n".join(worst_pages()))
        return 0
    mem = memory_per_element(args.scale)
    if not args.memory_only:
        sec = run(None, args.rounds, args.scale)
        print(f"\n## {sec.title}\n")
        print("\n".join(sec.lines))
    print("\n## Memory per element\n")
    print("\n".join(mem))
    return 0


if __name__ == "__main__":
    sys.exit(main())
