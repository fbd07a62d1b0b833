"""Many threads at once: each parses, exports, extracts and stream-scores its own documents while all
of them read one shared tree; every result must equal the one computed alone, single-threaded.

Parsing, serializing, extraction and scoring release the GIL, so threads truly overlap in the C core.
tools/tsan_run.sh runs this file under ThreadSanitizer.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

import distill

THREADS = int(os.environ.get("DISTILL_STRESS_THREADS", "12"))
ROUNDS = int(os.environ.get("DISTILL_STRESS_ROUNDS", "8"))


def page(k: int) -> str:
    """A different document per k: sizes, nesting and misnesting vary with k."""
    paras = "".join(
        f"<p id=p{i}>text {k}.{i} <a href=#{i}>link</a> {'words ' * (k % 7 + i % 5)}" for i in range(30 + k)
    )
    deep = "<div>" * (50 + 10 * k) + f"deep {k}" + "</div>" * (50 + 10 * k)
    return (
        f"<!DOCTYPE html><title>doc {k}</title><article>{paras}</article>{deep}"
        f"<table><tr><td>{k}<b>b<p>foster</table><b><i>{k}</b>x</i><template><tr><td>{k}</template>"
    )


def _extras(node: Any) -> list[object]:
    """Output of every extraction and export entry point this build has."""
    out: list[object] = []
    for name in ("main_text", "to_text", "to_markdown"):
        fn = getattr(node, name, None)
        if fn is not None:
            out.append(fn())
    return out


def own_work(markup: str) -> tuple[object, ...]:
    """Everything one thread computes from its own document."""
    from distill.stream import Scorer

    doc = distill.parse(markup.encode() if len(markup) % 2 else markup)
    s = Scorer()
    raw = markup.encode()
    for a in range(0, len(raw), 997):
        s.feed(raw[a : a + 997])
    frag = distill.parse_fragment(markup, "td")
    return (
        doc.serialize(),
        doc.serialize(pretty=True),
        doc.text,
        [(el.tag, el.source_span, dict(el.attrs)) for el in doc.iter()],
        frag.serialize(),
        s.close().as_dict(),
        *_extras(doc),
    )


def shared_reads(doc: distill.Document) -> tuple[object, ...]:
    """Reads of the shared tree: wrappers, index access (a cached position), find_all, text, output."""
    body = doc.find("body")
    assert body is not None
    article = doc.find("article")
    assert article is not None
    return (
        [article[i].text for i in range(len(article))],
        [p.attrs.get("id") for p in doc.find_all("p")],
        body.text,
        doc.serialize(),
        [el.tag for el in doc.iter()],
        *_extras(doc),
    )


def run_threads(target: Callable[[int], None], n: int) -> list[BaseException]:
    errors: list[BaseException] = []
    start = threading.Barrier(n)

    def wrapped(t: int) -> None:
        try:
            start.wait()
            target(t)
        except BaseException as e:  # noqa: BLE001 - reported by the main thread
            errors.append(e)

    threads = [threading.Thread(target=wrapped, args=(t,)) for t in range(n)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return errors


def test_many_threads_own_documents_and_one_shared() -> None:
    pages = [page(k) for k in range(THREADS)]
    expected_own = [own_work(p) for p in pages]
    shared = distill.parse(page(99))
    expected_shared = shared_reads(shared)
    mismatches: list[str] = []

    def work(t: int) -> None:
        for r in range(ROUNDS):
            k = (t + r) % THREADS  # every page is parsed by several threads at different moments
            if own_work(pages[k]) != expected_own[k]:
                mismatches.append(f"thread {t} round {r}: own document {k} differs")
            if shared_reads(shared) != expected_shared:
                mismatches.append(f"thread {t} round {r}: shared document differs")

    errors = run_threads(work, THREADS)
    assert errors == []
    assert mismatches == []


def test_threads_dropping_wrappers_of_a_shared_tree() -> None:
    """Wrappers of one tree made and dropped from many threads while its document is released."""
    doc = distill.parse(page(5))
    want = [el.tag for el in doc.iter()]
    seen: list[list[str]] = []

    def work(t: int) -> None:
        for _ in range(ROUNDS):
            seen.append([el.tag for el in doc.iter()])
            for el in doc.find_all("p"):
                el.parent  # noqa: B018 - creating and dropping the parent's wrapper is the work

    errors = run_threads(work, THREADS)
    assert errors == []
    assert seen == [want] * (THREADS * ROUNDS)
