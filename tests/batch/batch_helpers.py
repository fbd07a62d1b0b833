"""Helpers of the batch tests: the installed command, pages and WARCs of the tests' own making."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

ARTICLE = """<html lang="en"><head><title>{title} | Site</title><meta name="author" content="Ann Author">
</head><body><nav><a href="/">Home</a> <a href="/a">About</a></nav>
<div class="post"><h1>{title}</h1>
<p>{body} The first paragraph is long enough to be content, with commas, clauses, and more words.</p>
<p>A second paragraph continues the story, again with enough text to count as prose for the scorer.</p>
<p>See <a href="/next">the next part</a> of the story, which goes on for a while longer still.</p>
</div><footer>Copyright</footer></body></html>"""


def page(title: str, body: str = "") -> bytes:
    return ARTICLE.format(title=title, body=body).encode()


def command() -> list[str]:
    """The installed `distill` command (beside this interpreter or on PATH), else the module it runs."""
    beside = Path(sys.executable).parent / "distill"
    if beside.exists():
        return [str(beside)]
    found = shutil.which("distill")
    return [found] if found else [sys.executable, "-m", "distill.cli.main"]


def env() -> dict[str, str]:
    """The environment for a subprocess: it imports the very distill this test process imported.

    That is the source tree with an in-place build while developing, the installed package in CI (where
    src/ holds no compiled core, so putting src/ first would hide the installed one)."""
    import distill

    e = dict(os.environ)
    e["PYTHONPATH"] = str(Path(distill.__file__).resolve().parents[1]) + os.pathsep + e.get("PYTHONPATH", "")
    return e


def run(*args: str, stdin: bytes | None = None, timeout: float = 120) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*command(), *args], input=stdin, capture_output=True, timeout=timeout, env=env())


def write_warc(path: Path, pages: list[tuple[str, str, bytes]]) -> None:
    """A gzip WARC (one member per record, as crawlers write them): (uri, content type, payload)."""
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    with path.open("wb") as out:
        w = WARCWriter(out, gzip=path.name.endswith(".gz"))
        for i, (uri, ctype, payload) in enumerate(pages):
            headers = StatusAndHeaders("200 OK", [("Content-Type", ctype)], protocol="HTTP/1.1")
            # a record id and a date of their own, not random ones: the same pages give the same bytes,
            # so a test on where members start or how they compress sees the same file every run
            fixed = {"WARC-Record-ID": f"<urn:uuid:{uuid.uuid5(uuid.NAMESPACE_URL, f'{i} {uri}')}>",
                     "WARC-Date": "2026-01-02T03:04:05Z"}
            w.write_record(w.create_warc_record(uri, "response", payload=io.BytesIO(payload), http_headers=headers,
                                                warc_headers_dict=fixed))
