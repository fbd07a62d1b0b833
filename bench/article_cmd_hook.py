"""Corpus-scorer hooks that run the article command's own code path (distill.cli.article.extract).

    cd bench && PYTHONPATH=../src:. python ../../shared/tools/score_aeb.py article_cmd_hook:text
    cd bench && PYTHONPATH=../src:. python ../../shared/tools/score_wcxb.py article_cmd_hook:text --type article

``text`` is what ``article --text`` writes, ``markdown`` what ``article --format markdown`` writes.
"""

from __future__ import annotations

import io

from distill.cli.article import extract


def text(raw: bytes) -> str:
    """``article --text`` on the page's bytes."""
    return extract(io.BytesIO(raw), "text").content.decode("utf-8")


def markdown(raw: bytes) -> str:
    """``article --format markdown`` on the page's bytes."""
    return extract(io.BytesIO(raw), "markdown").content.decode("utf-8")
