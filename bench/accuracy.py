"""Accuracy on every development corpus in one go (issues 12 and 13): `python -m bench --only accuracy`.

Prints, for distill's `main_text()` and `article().text` side by side and for the peers that are
installed (trafilatura's `extract()` with its defaults, readability-lxml, resiliparse's
`extract_plain_text(main_content=True)`, turbohtml's `main_text()`, rs-trafilatura when importable):
- aeb: precision, recall, F1 (score_aeb.py's metric);
- traf-dev: precision, recall, F1 (score_traf.py's snippet metric);
- WCXB dev: F1 overall and per page type (score_wcxb.py), and ms per page on a sample of WCXB dev
  pages timed alternately in this process beside trafilatura;
- metadata: title, byline and date hit rates on meta-dev and on WCXB dev (score_meta.py) for
  distill's `article()` and trafilatura's `extract_metadata()`;
- the page type's agreement with WCXB's labels.

The metrics are the shared scorers' own: every figure comes from running ../shared/tools/score_*.py
--json on a hook (`bench.accuracy:cached_text` / `cached_meta`) that answers from the outputs computed
here, keyed by the page bytes' hash. Peers are slow (trafilatura about 70 ms a page), so their outputs
are cached under bench/out/cache/, keyed by peer, peer version and corpus; reruns only score. distill
is always recomputed. Options (through `python -m bench.accuracy`): --no-peers, --sample N (pages timed).
The tables go to bench/out/accuracy.md as well.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from bench.common import OUT, REPO, Corpus, Section, optional, time_alternating, version

SHARED = REPO.parent / "shared"
TOOLS = SHARED / "tools"
CORPORA = SHARED / "corpus"
CACHE = OUT / "cache"
TYPES = ["article", "documentation", "service", "forum", "collection", "listing", "product"]
# Figures other extractors publish for WCXB dev (the WCXB README, quoted in issue 12), shown beside
# the measured rows for reference; all, then TYPES order. Not measured here.
PUBLISHED = {
    "rs-trafilatura (published, not measured here)": (0.859, 0.932, 0.932, 0.844, 0.808, 0.716, 0.707, 0.641),
    "MinerU-HTML 0.6B (published, not measured here)": (0.827, 0.928, 0.838, 0.824, 0.794, 0.506, 0.710, 0.619),
}
Text = Callable[[bytes], str]
Meta = Callable[[bytes], dict[str, Any]]


def key(raw: bytes) -> str:
    """The cache key of a page: its bytes' hash (the scorers hand the hook the same bytes)."""
    return hashlib.sha1(raw).hexdigest()


def _answers() -> dict[str, Any]:
    path = os.environ["DISTILL_ACCURACY_ANSWERS"]
    cached = _LOADED.get(path)
    if cached is None:
        cached = json.loads(gzip.open(path).read())
        _LOADED[path] = cached
    return cached


_LOADED: dict[str, dict[str, Any]] = {}


def cached_text(raw: bytes) -> str:
    """Scorer hook: the text computed for this page (DISTILL_ACCURACY_ANSWERS names the file)."""
    return str(_answers().get(key(raw)) or "")


def cached_meta(raw: bytes) -> dict[str, Any]:
    """Scorer hook: the metadata computed for this page."""
    return dict(_answers().get(key(raw)) or {})


# ---- corpora: every page's bytes, as the scorers read them ----
def pages(corpus: str) -> list[bytes]:
    folder = CORPORA / corpus / "html"
    return [gzip.open(p).read() for p in sorted(folder.glob("*.html.gz"))]


def score(scorer: str, hook: str, answers: dict[str, Any], corpus: str) -> dict[str, Any]:
    """Run ../shared/tools/<scorer> --json on a hook answering from `answers`; its summary dict."""
    with tempfile.NamedTemporaryFile(suffix=".json.gz", delete=False) as f:
        f.write(gzip.compress(json.dumps(answers).encode(), compresslevel=1))
        path = f.name
    try:
        env = dict(os.environ, DISTILL_ACCURACY_ANSWERS=path,
                   PYTHONPATH=os.pathsep.join([str(REPO), str(REPO / "src"), os.environ.get("PYTHONPATH", "")]))
        cmd = [sys.executable, str(TOOLS / scorer), f"bench.accuracy:{hook}", "--json",
               "--corpus", str(CORPORA / corpus)]
        out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True, cwd=REPO).stdout
        return dict(json.loads(out.strip().splitlines()[-1]))
    finally:
        os.unlink(path)


# ---- what is compared ----
def text_extractors(peers: bool) -> tuple[dict[str, tuple[Text, bool]], list[str]]:
    """name -> (function, is a peer whose outputs are cached); and notes on peers not run."""
    import distill

    found: dict[str, tuple[Text, bool]] = {
        "distill main_text()": (lambda b: distill.parse(b).main_text(), False),
        "distill article().text": (lambda b: distill.article(b).text, False),
    }
    notes: list[str] = []
    if not peers:
        return found, ["peers not run (--no-peers)"]
    tr = optional("trafilatura")
    if tr:
        found[f"trafilatura {version('trafilatura')} extract()"] = (lambda b: tr.extract(b) or "", True)
    else:
        notes.append("trafilatura not installed")
    rs = optional("rs_trafilatura")
    if rs and hasattr(rs, "extract"):
        found[f"rs-trafilatura {version('rs-trafilatura')} extract()"] = (lambda b: rs.extract(b) or "", True)
    else:
        notes.append("rs-trafilatura not installed (`pip install rs-trafilatura` builds it from Rust sources; "
                     "here crates.io is unreachable)")
    rd, lh = optional("readability"), optional("lxml.html")
    if rd and lh:
        def readability(b: bytes) -> str:
            summary = rd.Document(b).summary()
            return str(lh.fromstring(summary).text_content()) if summary else ""
        found[f"readability-lxml {version('readability-lxml')}"] = (readability, True)
    else:
        notes.append("readability-lxml not installed")
    rp, rh = optional("resiliparse.extract.html2text"), optional("resiliparse.parse.html")
    if rp and rh:
        found[f"resiliparse {version('resiliparse')} main_content"] = (
            lambda b: rp.extract_plain_text(rh.HTMLTree.parse_from_bytes(b), main_content=True), True)
    else:
        notes.append("resiliparse not installed")
    th = optional("turbohtml")
    if th and hasattr(th.parse(b"<p>x</p>"), "main_text"):
        found[f"turbohtml {version('turbohtml')} main_text()"] = (lambda b: th.parse(b).main_text() or "", True)
    else:
        notes.append("turbohtml not installed or without main_text()")
    return found, notes


def meta_extractors(peers: bool) -> dict[str, tuple[Meta, bool]]:
    import distill

    def distill_meta(b: bytes) -> dict[str, Any]:
        a = distill.article(b)
        return {"title": a.title, "byline": a.byline, "date": a.date}

    found: dict[str, tuple[Meta, bool]] = {"distill article()": (distill_meta, False)}
    tr = optional("trafilatura")
    if peers and tr:
        def traf_meta(b: bytes) -> dict[str, Any]:
            m = tr.extract_metadata(b)
            return {"title": m.title, "byline": m.author, "date": m.date} if m is not None else {}
        found[f"trafilatura {version('trafilatura')} extract_metadata()"] = (traf_meta, True)
    return found


def safe(fn: Callable[[bytes], Any], raw: bytes) -> Any:
    try:
        return fn(raw)
    except Exception:  # a peer that fails on a page scores that page as empty, as the scorers would
        return None


def answers(name: str, fn: Callable[[bytes], Any], cached: bool, corpus: str, raws: list[bytes],
            kind: str) -> dict[str, Any]:
    """Every page's output, from the cache for a peer (computed and stored when absent)."""
    slug = "".join(c if c.isalnum() or c in ".-" else "_" for c in name)
    path = CACHE / f"{kind}-{slug}-{corpus}.json.gz"
    if cached and path.exists():
        return dict(json.loads(gzip.open(path).read()))
    t0 = time.perf_counter()
    out = {key(raw): safe(fn, raw) for raw in raws}
    if cached:
        CACHE.mkdir(parents=True, exist_ok=True)
        path.write_bytes(gzip.compress(json.dumps(out).encode()))
        print(f"  cached {name} on {corpus}: {len(raws)} pages in {time.perf_counter() - t0:.0f} s",
              file=sys.stderr, flush=True)
    return out


def page_type_agreement() -> tuple[float, int, dict[str, tuple[float, float]]]:
    """The page type's agreement with WCXB's labels, and per-type precision/recall."""
    import distill
    from distill import _core

    truth, got = [], []
    gt_dir = CORPORA / "wcxb-dev" / "ground-truth"
    for gt_file in sorted(gt_dir.glob("*.json")):
        doc = json.loads(gt_file.read_text())
        pt = ((doc.get("_internal") or {}).get("page_type") or {}).get("primary", "article")
        truth.append("collection" if pt == "category" else pt)
        raw = gzip.open(CORPORA / "wcxb-dev" / "html" / f"{gt_file.stem}.html.gz").read()
        got.append(_core._page_type(distill.parse(raw))[0])
    per = {}
    for t in TYPES:
        tp = sum(a == b == t for a, b in zip(truth, got, strict=True))
        npred, ntrue = got.count(t), truth.count(t)
        per[t] = (tp / npred if npred else 0.0, tp / ntrue if ntrue else 0.0)
    agree = sum(a == b for a, b in zip(truth, got, strict=True)) / len(truth)
    return agree, len(truth), per


def run(corpus: Corpus | None = None, rounds: int = 3, peers: bool = True, sample: int = 100) -> Section:
    if not (TOOLS / "score_wcxb.py").exists():
        return Section("Accuracy on the development corpora", [f"not run: {TOOLS} is absent"])
    texts, notes = text_extractors(peers)
    lines: list[str] = []
    raws = {c: pages(c) for c in ("aeb", "traf-dev", "wcxb-dev")}
    results: dict[str, dict[str, dict[str, Any]]] = {}
    for name, (fn, cached) in texts.items():
        results[name] = {}
        for c, scorer in (("aeb", "score_aeb.py"), ("traf-dev", "score_traf.py"), ("wcxb-dev", "score_wcxb.py")):
            results[name][c] = score(scorer, "cached_text", answers(name, fn, cached, c, raws[c], "text"), c)
    # time per page: every extractor over the same sample of WCXB dev pages, rounds alternating
    step = max(1, len(raws["wcxb-dev"]) // sample)
    timed = raws["wcxb-dev"][::step][:sample]
    timings = time_alternating({n: f for n, (f, _) in texts.items()}, timed, rounds=rounds, warmup=0)
    traf = next((n for n in texts if n.startswith("trafilatura")), None)

    def f3(x: Any) -> str:
        return f"{x:.3f}" if isinstance(x, int | float) else "-"

    lines += ["### Main content", "",
              "| extractor | aeb P | aeb R | aeb F1 | traf-dev P | traf-dev R | traf-dev F1 | WCXB dev F1 |"
              " ms per page (WCXB dev) |" + (f" time relative to {traf} |" if traf else ""),
              "|---|---|---|---|---|---|---|---|---|" + ("---|" if traf else "")]
    for name, res in results.items():
        a, t, w = res["aeb"], res["traf-dev"], res["wcxb-dev"]
        ms = 1000 * timings[name].median / len(timed)
        row = (f"| {name} | {f3(a['precision'])} | {f3(a['recall'])} | {f3(a['f1'])} | {f3(t['precision'])} | "
               f"{f3(t['recall'])} | {f3(t['f1'])} | {f3(w['f1'])} | {ms:.2f} |")
        if traf:
            row += f" {timings[name].median / timings[traf].median:.3f}x |"
        lines.append(row)
    lines += ["", "### WCXB dev F1 by page type", "",
              "| extractor | all | " + " | ".join(TYPES) + " |", "|---|---|" + "---|" * len(TYPES)]
    for name, res in results.items():
        w = res["wcxb-dev"]
        lines.append(f"| {name} | {f3(w['f1'])} | " + " | ".join(f3(w["by_type"].get(t)) for t in TYPES) + " |")
    for name, row in PUBLISHED.items():
        lines.append(f"| {name} | " + " | ".join(f"{v:.3f}" for v in row) + " |")
    # metadata
    lines += ["", "### Metadata hit rates", "",
              "| extractor | meta-dev title | byline | date | wcxb-dev title | byline | date |",
              "|---|---|---|---|---|---|---|"]
    meta_raws = {"meta-dev": pages("meta-dev"), "wcxb-dev": raws["wcxb-dev"]}
    for name, (fn, cached) in meta_extractors(peers).items():
        cells = []
        for c in ("meta-dev", "wcxb-dev"):
            s = score("score_meta.py", "cached_meta", answers(name, fn, cached, c, meta_raws[c], "meta"), c)
            cells += [f3(s.get("title")), f3(s.get("byline")), f3(s.get("date"))]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    agree, n, per = page_type_agreement()
    params = json.loads((REPO / "tools" / "page_type_params.json").read_text())
    lines += ["", "### Page type", "",
              f"`Article.page_type` agrees with WCXB's labels on {agree:.3f} of {n} WCXB dev pages in sample (the "
              f"model was fitted on them) and on {params['cv_agreement']:.3f} with whole domains held out "
              "(cross-validated by tools/fit_page_type.py).", "",
              "| type | precision | recall |", "|---|---|---|"]
    lines += [f"| {t} | {p:.3f} | {r:.3f} |" for t, (p, r) in per.items()]
    lines += ["", f"Times: {len(timed)} WCXB dev pages, {rounds} rounds alternating in one process, parse "
              "included; peers' accuracy from outputs cached in bench/out/cache/ (delete it to recompute)."]
    lines += [f"- {x}" for x in notes]
    (OUT / "accuracy.md").parent.mkdir(parents=True, exist_ok=True)
    (OUT / "accuracy.md").write_text("## Accuracy on the development corpora\n\n" + "\n".join(lines) + "\n")
    return Section("Accuracy on the development corpora", lines)


def main() -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.accuracy", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--no-peers", action="store_true", help="distill only")
    ap.add_argument("--sample", type=int, default=100, help="WCXB dev pages timed (default 100)")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    sec = run(None, args.rounds, peers=not args.no_peers, sample=args.sample)
    print(f"## {sec.title}\n\n" + "\n".join(sec.lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
