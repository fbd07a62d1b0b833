"""Every way into the extraction gives the same answer: distill.article(), Node.article(), distill.batch,
the `distill extract` command and the adapters all run the one C pipeline (extract/pipeline.h).

tools/entry_points.py compares them on the development pages; here on a sample of them, and on pages of
the test's own making that once took different paths (a page whose text sits in <noscript> was read
again with scripting off by distill.article() alone)."""

from __future__ import annotations

import sys

import pytest
from conftest import AEB, PROSE, REPO, require

import distill

sys.path.insert(0, str(REPO / "tools"))
import entry_points  # noqa: E402


def noscript_thread() -> bytes:
    posts = "".join(f"<div class=post><p>Post number {k}: {PROSE[k % 4]}</p></div>" for k in range(30))
    return (f"<html><head><title>A thread</title></head><body><div id=app></div>"
            f"<noscript>{posts}</noscript></body></html>").encode()


def plain_article() -> bytes:
    paras = "".join(f"<p>{p}</p>" for p in PROSE)
    return (f"<html><head><title>Budget | Town</title><meta name=author content='Ann Author'></head><body>"
            f"<nav><a href='/'>Home</a></nav><article><h1>Budget</h1>{paras}"
            f"<p>Read <a href='next.html'>the next part</a>.</p></article></body></html>").encode()


@pytest.mark.parametrize("make", [noscript_thread, plain_article])
def test_entry_points_agree_on_pages_of_their_own(make) -> None:  # type: ignore[no-untyped-def]
    raw = make()
    batch = [("own/page", raw)]
    assert list(entry_points.differences(batch)) == []


def test_noscript_page_is_read_again_by_every_entry_point() -> None:
    raw = noscript_thread()
    a = distill.article(raw)
    assert "Post number 7:" in a.text and "<div" not in a.text
    assert a._result is not None and a._result.reread
    fields = entry_points.many([("own/page", raw)])
    for name, got in fields.items():
        assert "Post number 7:" in (got["own/page"]["text"] or ""), name


def test_entry_points_agree_on_a_sample_of_the_development_pages() -> None:
    require(AEB)
    batch = entry_points.pages(every=40)
    assert len(batch) > 40
    assert list(entry_points.differences(batch)) == []


def test_renderings_show_what_the_text_shows() -> None:
    # text, markdown and html are three renderings of the one selection the pipeline kept
    a = distill.article(plain_article())
    assert a._result is not None and a._result.cascade == "model"
    for p in PROSE:
        assert p in a.text and p in a.markdown and p in a.html
    assert "Home" not in a.text + a.markdown + a.html
