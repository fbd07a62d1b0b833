"""Check the C core's dependency graph: no include cycle, no cycle between C files, Python only in the binding.

Three checks over src/distill/_core:
  1. the include graph (`#include "..."` between the core's files) has no cycle;
  2. only the binding layer (binding/ and module.c) includes Python.h;
  3. with --objects DIR (object files of the pure C library, e.g. `make lib`'s build/purec): the graph
     "file A calls a function file B defines", read from the objects' symbol tables with nm, has no
     cycle, so each C file can be read, tested and fuzzed with only what is below it.

Run: python tools/check_deps.py [--objects build/purec]   (exit 1 and the cycles on stderr when not clean;
`make check-deps` builds the library first). tests/quality/test_check_deps.py runs it.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

CORE = Path(__file__).resolve().parent.parent / "src" / "distill" / "_core"
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
PYTHON_H = re.compile(r"^\s*#\s*include\s+<Python\.h>", re.M)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node, or with a self-loop (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, children = work[-1]
            advanced = False
            for w in children:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                    advanced = True
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1 or v in graph.get(v, ()):
                    found.append(sorted(comp))
    return found


def include_graph(core: Path) -> dict[str, set[str]]:
    """File -> the core's files it includes (paths relative to the core; includes are written that way)."""
    graph: dict[str, set[str]] = defaultdict(set)
    for path in sorted(core.rglob("*")):
        if path.suffix not in {".c", ".h", ".inc", ".def"}:
            continue
        name = path.relative_to(core).as_posix()
        graph[name]
        for inc in INCLUDE.findall(path.read_text(errors="replace")):
            target = inc if (core / inc).exists() else (path.parent.relative_to(core) / inc).as_posix()
            if (core / target).exists():
                graph[name].add(target)
    return graph


def python_outside_binding(core: Path) -> list[str]:
    """Files outside the binding layer that include Python.h."""
    bad = []
    for path in sorted(core.rglob("*")):
        if path.suffix not in {".c", ".h"}:
            continue
        name = path.relative_to(core).as_posix()
        if name.startswith("binding/") or name == "module.c":
            continue
        if PYTHON_H.search(path.read_text(errors="replace")):
            bad.append(name)
    return bad


def symbol_graph(objects: Path) -> dict[str, set[str]]:
    """Object -> the objects defining the functions and data it uses (nm's defined and undefined symbols)."""
    defined: dict[str, str] = {}
    used: dict[str, set[str]] = defaultdict(set)
    for obj in sorted(objects.rglob("*.o")):
        name = obj.relative_to(objects).with_suffix(".c").as_posix()
        if not (CORE / name).exists():
            continue  # a stale object of a file since removed or moved
        out = subprocess.run(["nm", str(obj)], capture_output=True, text=True, check=True).stdout
        used[name]
        for line in out.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[1] in "TDBRC":
                defined[parts[2]] = name
            elif len(parts) == 2 and parts[0] == "U":
                used[name].add(parts[1])
    return {f: {defined[s] for s in syms if s in defined and defined[s] != f} for f, syms in used.items()}


def main(argv: list[str] | None = None) -> int:
    """Run the checks; 0 when clean, 1 with the problems on stderr."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--objects", type=Path, help="object files of the pure C library (make lib: build/purec)")
    ap.add_argument("--core", type=Path, default=CORE)
    args = ap.parse_args(argv)
    problems = []
    for comp in cycles(include_graph(args.core)):
        problems.append("include cycle: " + " -> ".join(comp))
    for name in python_outside_binding(args.core):
        problems.append(f"Python.h outside the binding layer: {name}")
    if args.objects:
        for comp in cycles(symbol_graph(args.objects)):
            problems.append("call cycle between C files: " + " <-> ".join(comp))
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
