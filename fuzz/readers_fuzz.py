"""Fuzz harness of the batch readers (Python, atheris): WARC, JSONL, and the bounded inflaters.

    pip install atheris
    python fuzz/readers_fuzz.py -max_total_time=600 fuzz/corpus/readers_fuzz   # libFuzzer's flags
    python fuzz/readers_fuzz.py FILE                                            # replay one input

The C harnesses beside it drive the core without Python; the readers are Python over zlib, so their
harness is Python too. :func:`check` holds the invariants; ``tests/robustness/test_readers_fuzz.py``
drives the same function from hypothesis in the suite. The first byte of an input picks what it feeds:

- 0: a WARC stream, uncompressed; 1: the same cut into records, each compressed as its own gzip member,
  then damaged where the last four bytes say; 2: the raw bytes read as a gzip WARC;
- 3: JSONL lines; 4: the gzip and deflate inflaters; 5: a stored HTTP payload's decoding.

Invariants: nothing raises but the documented errors; every record has a page or an error, never both;
no page is larger than the cap; and a gzip WARC read in byte ranges cut where the range splitter cuts
gives exactly the records of reading it whole (the records do not depend on ``--jobs``).
"""

from __future__ import annotations

import gzip
import io
import os
import sys
import tempfile

try:  # the installed distill; else the source tree's (built in place), for a run from a checkout
    import distill  # noqa: F401
except ImportError:
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

from distill import batch  # noqa: E402
from distill._inflate import CorruptData, Inflater, TooLarge  # noqa: E402
from distill._warc import WarcPage, decode_payload, member_start, read_warc  # noqa: E402

CAP = 4096


def _records(data: bytes, compressed: bool, base: int = 0) -> list[WarcPage]:
    pages = list(read_warc(io.BufferedReader(io.BytesIO(data)), CAP, compressed, base))  # type: ignore[arg-type]
    for p in pages:
        assert (p.payload is None) != (p.error is None), p
        assert p.payload is None or len(p.payload) <= CAP, len(p.payload or b"")
        assert p.error is None or p.error.strip(), p
    return pages


def _ranges_agree(data: bytes) -> None:
    """Assert that a gzip WARC extracted in ranges gives the JSON lines of extracting it in order.

    The ranges are cut where ``batch._warc_ranges`` cuts (in small steps), read as worker processes
    read them, and checked and re-read as the batch pipeline does.
    """
    f = io.BytesIO(data)
    starts = [0]
    cut = 64
    while cut < len(data):
        nxt = member_start(f, max(cut, starts[-1] + 1), len(data))
        if nxt is None:
            break
        starts.append(nxt)
        cut = nxt + 64
    opts = batch.BatchOptions(max_page_bytes=CAP)
    kwargs, names = opts.core_kwargs(), opts.field_names
    with tempfile.NamedTemporaryFile(suffix=".warc.gz") as tmp:
        tmp.write(data)
        tmp.flush()
        units = [batch._Range(tmp.name, a, b, 0, 1) for a, b in zip(starts, [*starts[1:], len(data)], strict=True)]
        split = [(s, out) for s, out, _ in batch._ordered_units(iter(units), 1, kwargs, names, CAP)]
        with open(tmp.name, "rb") as whole:
            pages = batch._chunks(batch._warc_pages(io.BufferedReader(whole), tmp.name, CAP, True))
            in_order = [(s, out) for s, out, _ in batch._ordered_units(pages, 1, kwargs, names, CAP)]
    flat = [(src, line) for s, out in split for src, line in zip(s, out.splitlines(), strict=True)]
    want = [(src, line) for s, out in in_order for src, line in zip(s, out.splitlines(), strict=True)]
    assert flat == want, (flat, want)


def _members(stream: bytes) -> bytes:
    """``stream`` cut before each "WARC/" at a line start, each piece its own gzip member."""
    cuts = [0] + [i + 1 for i in range(len(stream) - 5) if stream[i] == 10 and stream.startswith(b"WARC/", i + 1)]
    return b"".join(gzip.compress(stream[a:b], 1) for a, b in zip(cuts, [*cuts[1:], len(stream)], strict=True))


def check(data: bytes) -> None:
    """Run the readers on one input and assert the invariants (see the module's docstring)."""
    if not data:
        return
    mode, body = data[0] % 6, data[1:]
    if mode == 0:
        _records(body, False)
    elif mode in (1, 2):
        packed = _members(body[:-4]) if mode == 1 else body
        if mode == 1 and len(body) >= 4 and packed:
            at = int.from_bytes(body[-4:-1], "little") % len(packed)
            packed = packed[:at] + bytes([packed[at] ^ (body[-1] or 1)]) + packed[at + 1:]
        _records(packed, True)
        _ranges_agree(packed)
    elif mode == 3:
        f = io.BufferedReader(io.BytesIO(body))  # type: ignore[arg-type]
        pages = list(batch._jsonl_pages(f, "fuzz", CAP))
        lines = [line for line in body.split(b"\n") if line.strip()]
        assert len(pages) <= len(lines) + 1
        for p in pages:
            assert (p.error is None) or not p.html
            assert p.error is not None or len(p.html) <= CAP + batch._JSONL_SLACK
    elif mode == 4:
        for coding in ("gzip", "deflate"):
            inf = Inflater(coding, CAP)
            out = b""
            try:
                for i in range(0, len(body), 7):
                    out += inf.feed(body[i:i + 7])
                inf.finish()
            except (CorruptData, TooLarge):
                pass
            assert len(out) <= CAP
    else:
        head, _, payload = body.partition(b"\n")
        headers = {"transfer-encoding": "chunked" if head[:1] == b"c" else "",
                   "content-encoding": head[1:].decode("latin-1")}
        try:
            out = decode_payload(payload, headers, CAP)
        except ValueError:  # TooLarge is one
            return
        assert len(out) <= CAP


def main() -> None:
    """Run under atheris (libFuzzer's command line)."""
    import atheris

    atheris.instrument_all()
    atheris.Setup(sys.argv, check)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
