"""Benchmark the article command on a generated page of 200 MB or more.

The page is real article markup (the <body> contents of pages of the aeb corpus in ../shared)
repeated inside boilerplate (navigation, link lists, footers), written to a temporary directory.
Measured, alternating runs, medians of --runs:
  - pass one in-process: distill.stream.Scorer fed the file in 1 MiB chunks (MB/s);
  - the command from a file:   article FILE > /dev/null           (wall MB/s, peak RSS of the child);
  - the command from a pipe:   cat FILE | article > /dev/null     (same; the pipe path spools);
  - article --text FILE and article --format markdown FILE (pass two parses the winner alone).
Peak RSS comes from os.wait4 on the article process itself.

    PYTHONPATH=src python bench/article_cmd.py [--size-mb 256] [--runs 3]
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
AEB = REPO.parent / "shared" / "corpus" / "aeb" / "html"
BODY = re.compile(rb"<body[^>]*>(.*)</body>", re.S | re.I)

NAV = (
    b'<div class="nav"><ul>'
    + b"".join(b'<li><a href="/section/%d">Section %d</a></li>' % (i, i) for i in range(20))
    + b"</ul></div>\n"
)
FOOTER = (
    b'<footer class="site-footer"><p>Copyright and terms.</p><ul>'
    + b"".join(b'<li><a href="/about/%d">About page %d</a></li>' % (i, i) for i in range(10))
    + b"</ul></footer>\n"
)


def article_bodies(limit: int = 12) -> list[bytes]:
    if not AEB.is_dir():
        sys.exit(f"{AEB} is absent: this benchmark needs the shared aeb corpus beside the repository")
    bodies = []
    for p in sorted(AEB.glob("*.html.gz"))[:limit]:
        m = BODY.search(gzip.decompress(p.read_bytes()))
        if m:
            bodies.append(m.group(1))
    return bodies


def generate(path: Path, size: int) -> int:
    bodies = article_bodies()
    written = 0
    with path.open("wb") as f:
        f.write(b"<!DOCTYPE html><html><head><meta charset=utf-8><title>bench</title></head><body>\n")
        i = 0
        while written < size:
            block = b'<div class="page">' + NAV + b'<div class="article">' + bodies[i % len(bodies)]
            block += b"</div>" + FOOTER + b"</div>\n"
            f.write(block)
            written += len(block)
            i += 1
        f.write(b"</body></html>\n")
    return path.stat().st_size


def pass_one(path: Path) -> float:
    from distill.stream import Scorer

    s = Scorer()
    buf = bytearray(1 << 20)
    view = memoryview(buf)
    t = time.perf_counter()
    with path.open("rb", buffering=0) as f:
        while n := f.readinto(view):
            s.feed(view[:n])
    s.close()
    return time.perf_counter() - t


def run_command(path: Path, pipe: bool, tmp: Path, fmt: str = "html") -> tuple[float, int, int]:
    """(seconds, peak RSS in KiB, exit status) of one run of the command with --format fmt."""
    env = dict(os.environ, TMPDIR=str(tmp))
    cmd = [sys.executable, "-m", "distill.cli.article", "--quiet", "--format", fmt]
    # A child forked from this (large) benchmark process inherits its high-water RSS through exec, so
    # wait4's figure would be ours. GNU time is small: the command forked from it reports its own peak.
    gnu_time = os.access("/usr/bin/time", os.X_OK)
    peak_file = tmp / "peak-rss"
    if gnu_time:
        cmd = ["/usr/bin/time", "-f", "%M", "-o", str(peak_file), *cmd]
    with open(os.devnull, "wb") as devnull:
        t = time.perf_counter()
        if pipe:
            cat = subprocess.Popen(["cat", str(path)], stdout=subprocess.PIPE)
            proc = subprocess.Popen(cmd, stdin=cat.stdout, stdout=devnull, env=env)
            assert cat.stdout is not None
            cat.stdout.close()
        else:
            cat = None
            proc = subprocess.Popen([*cmd, str(path)], stdout=devnull, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        if cat is not None:
            cat.wait()
        secs = time.perf_counter() - t
        peak = usage.ru_maxrss
        if gnu_time:
            peak = int(peak_file.read_text().split()[-1])
            peak_file.unlink()
        return secs, peak, proc.returncode


def measure(size_mb: int, runs: int) -> list[str]:
    """Generate the page, time pass one and the command both ways; one line per figure."""
    with tempfile.TemporaryDirectory(prefix="article-bench-") as d:
        tmp = Path(d)
        page = tmp / "page.html"
        size = generate(page, size_mb * 1_000_000)
        mb = size / 1e6
        spool = tmp / "spool"
        spool.mkdir()
        # Warm the page cache so the first measured run is not a disk read.
        subprocess.run(["cat", str(page)], stdout=subprocess.DEVNULL, check=True)
        from distill.stream import score_bytes  # noqa: F401  (import cost outside the timings)

        p1: list[float] = []
        # (pipe, format): the pipe spools; text and markdown parse the winner's markup alone.
        kinds = {
            "article FILE": (False, "html"),
            "cat FILE | article": (True, "html"),
            "article --text FILE": (False, "text"),
            "article --format markdown FILE": (False, "markdown"),
        }
        rows: dict[str, list[tuple[float, int]]] = {k: [] for k in kinds}
        for _ in range(runs):
            p1.append(pass_one(page))
            for label, (pipe, fmt) in kinds.items():
                secs, rss, rc = run_command(page, pipe, spool, fmt)
                if rc not in (0, 1):
                    sys.exit(f"article exited {rc} on the {label} run")
                rows[label].append((secs, rss))
                assert not any(spool.iterdir()), "the spool file outlived the command"
        from distill.stream import score_bytes as _score

        won = _score(page.read_bytes())
        lines = [f"page: {mb:.1f} MB generated from aeb article bodies inside boilerplate; {runs} runs",
                 f"winner: <{won.tag}> of {won.end - won.start} bytes (what --text/markdown parse)",
                 f"pass one (in-process Scorer, 1 MiB reads): {mb / statistics.median(p1):8.1f} MB/s"]
        for label in kinds:
            secs = statistics.median(s for s, _ in rows[label])
            rss = max(r for _, r in rows[label])
            lines.append(f"{label:<31} {mb / secs:8.1f} MB/s wall (both passes, startup), "
                         f"peak RSS {rss / 1024:.1f} MiB")
        return lines


def run(corpus: object, rounds: int) -> object:
    """The `python -m bench` entry: a 256 MB page, three runs (rounds does not apply here)."""
    from bench.common import Section

    return Section("The article command", ["    " + line for line in measure(256, 3)])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size-mb", type=int, default=256)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    print("\n".join(measure(args.size_mb, args.runs)))


if __name__ == "__main__":
    main()
