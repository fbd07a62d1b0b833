"""Source spans of a legacy single-byte page whose first non-ASCII byte comes late.

The decoder copies the ASCII head before the first high byte in one piece; the offset map must
still hold an anchor every few hundred bytes inside it, or every span lookup there walks from the
start of the page (quadratic over a page's nodes; found by decode_fuzz's large mode).
"""

from __future__ import annotations

import time

import distill


def page(n: int) -> bytes:
    return b"".join(b'<p id="p%d">x</p>' % k for k in range(n)) + "<p>caf\u00e9</p>".encode("windows-1252")


def test_spans_in_the_ascii_head_are_the_byte_offsets() -> None:
    raw = page(3000)
    doc = distill.parse(raw, encoding="windows-1252")
    for node in doc.find_all("p")[:-1]:
        start = raw.index(b'<p id="%s">' % node.attrs["id"].encode())
        assert node.source_span == (start, start + len(b'<p id="%s">x</p>' % node.attrs["id"].encode()))
    last = doc.find_all("p")[-1]
    assert last.text == "caf\u00e9"
    span = last.source_span
    assert span is not None and raw[span[0] : span[1]] == "<p>caf\u00e9</p>".encode("windows-1252")


def _lookup_time(n: int) -> float:
    doc = distill.parse(page(n), encoding="windows-1252")
    nodes = doc.find_all("p")
    best = float("inf")
    for _ in range(3):
        t = time.process_time()
        for node in nodes:
            node.source_span  # noqa: B018 (the lookup is what is measured)
        best = min(best, time.process_time() - t)
    return best


def test_looking_up_every_span_is_linear() -> None:
    # 4x the nodes (and 4x the ASCII head each lookup could walk): about 4x the time when lookups
    # cost a bounded walk, 16x when each walks from the start. Sizes big enough that the quadratic
    # version took 2.6 s at 4n (20,000 nodes): a ratio under 8 cannot be it.
    small, big = _lookup_time(5000), _lookup_time(20000)
    assert big < max(small, 0.002) * 8, (small, big)
