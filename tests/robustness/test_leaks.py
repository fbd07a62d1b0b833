"""Nothing leaks: parse, extract, export, sanitize and stream-score in a loop until memory settles.

Resident memory is read after each block of work (after a garbage collection and ``malloc_trim``, so
freed memory that the allocator kept does not count). After warm-up blocks, RSS must stop growing:
the last blocks may sit at most TOLERANCE above the first measured one, while each block pushes many
times that tolerance of input through the core. A tree, a node wrapper, a buffer or an exception that
leaked per call would grow RSS by block size times the leak ratio, far past the tolerance.
No timing is involved.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import os
import sys
from collections.abc import Callable

import pytest

import distill
from distill import _core

if not sys.platform.startswith("linux"):
    pytest.skip("reads resident memory from /proc/self/statm (Linux)", allow_module_level=True)
if os.environ.get("DISTILL_SANITIZER_RUN"):
    pytest.skip("under AddressSanitizer freed memory sits in a quarantine, so RSS says nothing about leaks "
                "(LeakSanitizer checks them under the fuzz harnesses)", allow_module_level=True)

BLOCKS_WARMUP = 2
BLOCKS_MEASURED = 5
TOLERANCE = 6 * 2**20  # bytes
PAGE = os.sysconf("SC_PAGE_SIZE")

_libc_name = ctypes.util.find_library("c")
_libc = ctypes.CDLL(_libc_name) if _libc_name else None


def rss() -> int:
    """Resident set size now, after returning freed memory to the system where glibc allows."""
    gc.collect()
    if _libc is not None and hasattr(_libc, "malloc_trim"):
        _libc.malloc_trim(0)
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE


def page(k: int) -> str:
    """A page of about 60 KB: article text, navigation, a table, a form, scripts, entities."""
    paras = "".join(
        f"<p class=c{i}>Paragraph {i} of page {k}, with <a href='/l{i}'>a link</a> &amp; <b>bold</b> "
        f"words, é and 😀 {'lorem ipsum ' * 8}</p>"
        for i in range(60)
    )
    nav = "<ul>" + "".join(f"<li><a href='/n{i}'>nav {i}</a>" for i in range(40)) + "</ul>"
    table = "<table>" + "".join(f"<tr><td>{i}<td>{i * k}" for i in range(50)) + "</table>"
    return (
        f"<!DOCTYPE html><html><head><title>Page {k}</title><meta charset=utf-8>"
        f"<script>var x = '<p>{k}</p>';</script><style>p{{color:red}}</style></head>"
        f"<body><nav>{nav}</nav><article><h1>Title {k}</h1>{paras}</article>{table}"
        f"<form><input name=q><select><option>a<option>b</select></form><b><i>misnested</b></i>"
        f"<svg><circle r=1/><foreignObject><p>in svg</p></foreignObject></svg><template><td>t</template>"
        f"<footer>footer {k}</footer></body></html>"
    )


PAGES = [page(k) for k in range(6)]
PAGES_BYTES = [p.encode() for p in PAGES]
BLOCK_INPUT = 40  # pages per block: ~2.5 MB of input, whose trees are many times the tolerance


def _work_parse(i: int) -> None:
    doc = distill.parse(PAGES_BYTES[i % len(PAGES)] if i % 2 else PAGES[i % len(PAGES)])
    # Touch what creates wrappers and strings: iteration, attributes, text, spans, serialization.
    for el in doc.iter():
        el.attrs.get("class")
        el.source_span  # noqa: B018 - the property read is the work
    doc.text  # noqa: B018
    doc.serialize()
    doc.serialize(pretty=True)
    frag = distill.parse_fragment(PAGES[i % len(PAGES)][:5000], "td")
    len(frag)


def _work_errors(i: int) -> None:
    # Error paths must release what they allocated before raising. Each is cheap, so each runs many
    # times per block: a leak of a few hundred bytes per call still adds up past the tolerance.
    for _ in range(25):
        for bad in (None, 42, ["<p>"]):
            with pytest.raises(TypeError):
                distill.parse(bad)  # type: ignore[arg-type]
        with pytest.raises(LookupError):
            distill.parse(b"<p>x" * 1000, encoding="no-such-encoding")
        with pytest.raises((TypeError, ValueError)):
            distill.parse_fragment("<p>x" * 1000, context=5)  # type: ignore[arg-type]
        distill.parse("<p>a\ud800b" * 50)
        distill.parse(b"<p>\xe2\x82\xff\xfe" * 50)


def _work_stream(i: int) -> None:
    from distill.stream import Scorer

    s = Scorer()
    data = PAGES_BYTES[i % len(PAGES)]
    for a in range(0, len(data), 4096):
        s.feed(data[a : a + 4096])
    s.close()


def _work_extract(i: int) -> None:
    doc = distill.parse(PAGES[i % len(PAGES)])
    for name in ("main_content", "main_text", "article", "to_text", "to_markdown"):
        fn = getattr(doc, name, None)
        if fn is not None:
            fn()
    try:
        from distill.sanitize import Sanitizer  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return
    Sanitizer().sanitize(PAGES[i % len(PAGES)])


WORK: dict[str, Callable[[int], None]] = {
    "parse": _work_parse,
    "errors": _work_errors,
    "stream": _work_stream,
    "extract_export_sanitize": _work_extract,
}


@pytest.mark.parametrize("name", list(WORK))
def test_memory_stops_growing(name: str) -> None:
    work = WORK[name]
    live_before = _core._live_documents()
    readings: list[int] = []
    for block in range(BLOCKS_WARMUP + BLOCKS_MEASURED):
        for i in range(BLOCK_INPUT):
            work(block * BLOCK_INPUT + i)
        if block >= BLOCKS_WARMUP:
            readings.append(rss())
    growth = max(readings) - readings[0]
    assert growth < TOLERANCE, f"RSS grew {growth / 2**20:.1f} MiB over {BLOCKS_MEASURED} blocks: {readings}"
    gc.collect()
    assert _core._live_documents() == live_before  # every document the loop made was freed


def test_the_check_sees_a_leak() -> None:
    """The measurement itself: holding every tree of the loop must trip the tolerance."""
    kept = []
    readings: list[int] = []
    for block in range(BLOCKS_WARMUP + BLOCKS_MEASURED):
        for i in range(BLOCK_INPUT):
            kept.append(distill.parse(PAGES[(block * BLOCK_INPUT + i) % len(PAGES)]))
        if block >= BLOCKS_WARMUP:
            readings.append(rss())
    assert max(readings) - readings[0] > TOLERANCE
