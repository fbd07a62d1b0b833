"""A cc-pyspark HTML parser module: ``HTMLParser`` with ``get_html_tree`` and ``html_to_text``.

cc-pyspark's jobs take a parser class with these two methods (its own modules wrap BeautifulSoup and
Resiliparse); this one gives them distill's article text instead of all the page's text::

    from distill.integrations.ccpyspark import HTMLParser

    parser = HTMLParser()
    tree = parser.get_html_tree(page_bytes, encoding="utf-8")   # encoding: the HTTP charset, or None
    text = parser.html_to_text(tree)                            # the article, "" when there is none

Keyword arguments of ``html_to_text`` are :class:`distill.Extraction` options (``favor="recall"``).
"""

from __future__ import annotations

from typing import Any

import distill

__all__ = ["HTMLParser"]


class HTMLParser:
    """HTML parser using distill: the tree is distill's Document, the text is its article."""

    def get_html_tree(self, page: bytes | str, encoding: str | None = None, **kwargs: Any) -> distill.Node:
        """Parse a page (bytes with an optional transport charset, or str) into a distill Document.

        An unknown ``encoding`` label is ignored (the page's own declaration and detection decide), as
        a browser ignores a bogus HTTP charset; other keyword arguments go to :func:`distill.parse`.
        """
        if isinstance(page, str):
            return distill.parse(page, **kwargs)
        try:
            return distill.parse(page, encoding=encoding, **kwargs)
        except LookupError:
            return distill.parse(page, **kwargs)

    def html_to_text(self, tree: distill.Node, **kwargs: Any) -> str:
        """The article text of the tree ("" when the page has none); kwargs are Extraction options."""
        options = distill.Extraction(**kwargs) if kwargs else None
        return tree.article(options).text
