r"""Options of the exporters: ``Node.to_text(PlainText(...))`` and ``Node.to_markdown(Markdown(...))``.

Both exporters run in C over the parsed tree (no re-parse, no Python object per node) with the GIL
released::

    import distill
    doc = distill.parse("<h1>Hi</h1><p>See <a href='/x'>this</a>.</p>")
    doc.to_text()                                    # 'Hi\\n\\nSee this.'
    doc.to_text(distill.PlainText(links="inline"))   # 'Hi\\n\\nSee this (/x).'
    doc.to_markdown(distill.Markdown(base_url="https://example.com/a/"))
    # '# Hi\\n\\nSee [this](https://example.com/x).'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["Markdown", "PlainText"]

LinkStyle = Literal["none", "inline", "footnote"]


@dataclass(frozen=True)
class PlainText:
    """How ``Node.to_text()`` writes text.

    Attributes:
        links: ``"none"`` writes link text only; ``"inline"`` follows it with the target in
            parentheses (unless the text is the target); ``"footnote"`` numbers it ``text[1]`` and
            lists the targets at the end.
        images: write the alt text of images, in brackets.
        width: wrap lines at this many characters (at spaces; ``<pre>`` is never wrapped); 0 does
            not wrap.
        base_url: the page's URL, to write link targets absolute (the document's ``<base href>``
            applies on top of it).
        tables: write tables (one line per row, cells separated by tabs); off leaves them out.

    """

    links: LinkStyle = "none"
    images: bool = False
    width: int = 0
    base_url: str | None = None
    tables: bool = True

    def __post_init__(self) -> None:
        """Reject option values the exporter cannot honour."""
        if self.links not in ("none", "inline", "footnote"):
            raise ValueError(f"links must be 'none', 'inline' or 'footnote', not {self.links!r}")
        if not isinstance(self.width, int) or self.width < 0:
            raise ValueError(f"width must be 0 (no wrapping) or a positive int, not {self.width!r}")


@dataclass(frozen=True)
class Markdown:
    """How ``Node.to_markdown()`` writes GitHub-flavoured Markdown.

    Attributes:
        base_url: the page's URL; relative link and image targets are resolved against it (and
            against the document's ``<base href>``). Without either they are written as found.
        images: write images as ``![alt](src)``; off leaves them out. ``src`` is the real image of
            a lazy-loading page (``data-src``, ``data-lazy-src``, ``data-original``, then ``src``,
            then the largest ``srcset`` candidate).
        links: write links as ``[text](href)``; off writes the text alone.
        tables: write tables as GFM pipe tables; off leaves them out. Layout tables (a page grid
            made of one-cell rows or cells holding blocks) are written as their content.
        formatting: write emphasis, strong and strikethrough; off writes plain words.

    """

    base_url: str | None = None
    images: bool = True
    links: bool = True
    tables: bool = True
    formatting: bool = True
