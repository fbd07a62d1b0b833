"""Main-content extraction: the article of a page, its paragraphs and its metadata.

The scoring itself is C (``Node.main_content()``, ``Node.main_text()``, ``Node.article()``;
see ``src/distill/_core/extract/``): paragraph-like elements (``<p>``, ``<td>``, ``<pre>``) of at
least 25 characters score their parent in full and their grandparent at half weight (one point,
plus one per comma, plus one per hundred characters up to three); each candidate is seeded by its
tag and by article/boilerplate hints in its class and id; never-content subtrees (scripts,
navigation, headers, footers, SVG, MathML, ...) and boilerplate-classed subtrees are skipped; each
score is discounted by the candidate's link density and the highest positive score wins.

This module adds the paragraph-level view (:func:`boilerplate`), the :class:`Article` record with
the page metadata (:func:`article`) and the :class:`Extraction` thresholds.

Text lengths are counted in characters (code points) after white space is folded: every run of ASCII
white space between two words counts as one character, leading and trailing white space as none.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from distill import _core

if TYPE_CHECKING:
    from distill._core import Element, Node
    from distill.sanitize import Sanitizer

__all__ = ["Article", "Extraction", "Paragraph", "article", "boilerplate"]


@dataclass(frozen=True, slots=True)
class Extraction:
    """Thresholds a paragraph inside the main content must clear to count as content.

    ``min_length``: the fewest characters (folded, see the module docs) a non-heading paragraph
    needs. ``max_link_density``: the largest fraction of a paragraph's characters that may sit
    inside links. ``keep_headings``: headings inside the main content are content whatever their
    length (they are short by nature) as long as they clear ``max_link_density``; with False every
    heading is boilerplate. ``favor`` shapes :func:`article`'s text (as trafilatura's option does):
    ``"precision"`` keeps less around the article (stricter on link-heavy blocks and on separate
    chunks), ``"recall"`` keeps more, ``"balanced"`` is the measured best of both.
    """

    min_length: int = 25
    max_link_density: float = 0.5
    keep_headings: bool = True
    favor: Literal["balanced", "precision", "recall"] = "balanced"

    def __post_init__(self) -> None:
        """Reject values of the wrong type (TypeError) or out of range (ValueError)."""
        if isinstance(self.min_length, bool) or not isinstance(self.min_length, int):
            raise TypeError(f"min_length must be an int, not {type(self.min_length).__name__}")
        if self.min_length < 0 or self.min_length > 0xFFFFFFFF:
            raise ValueError(f"min_length must be between 0 and 2**32 - 1, got {self.min_length}")
        if isinstance(self.max_link_density, bool) or not isinstance(self.max_link_density, int | float):
            raise TypeError(f"max_link_density must be a float, not {type(self.max_link_density).__name__}")
        if not 0.0 <= self.max_link_density <= 1.0:
            raise ValueError(f"max_link_density must be between 0 and 1, got {self.max_link_density}")
        if not isinstance(self.keep_headings, bool):
            raise TypeError(f"keep_headings must be a bool, not {type(self.keep_headings).__name__}")
        if self.favor not in ("balanced", "precision", "recall"):
            raise ValueError(f"favor must be 'balanced', 'precision' or 'recall', got {self.favor!r}")

    @classmethod
    def justext(cls) -> Extraction:
        """Return the stricter thresholds of justext's defaults: 70 characters, link density 0.2."""
        return cls(min_length=70, max_link_density=0.2)


@dataclass(frozen=True, slots=True)
class Paragraph:
    """One paragraph unit of a page, as :func:`boilerplate` classifies it."""

    text: str
    """The unit's text: white space folded, a ``<br>`` a line break, ``<pre>`` kept as written."""
    is_boilerplate: bool
    """True outside the main content, or inside it when the unit fails the thresholds."""
    is_heading: bool
    """True for ``<h1>`` to ``<h6>``."""


@dataclass(frozen=True, slots=True)
class Article:
    """The main content of a page and the metadata the page declares.

    Every string is white-space folded; a field the page does not supply is None (``tags``: empty).
    """

    element: Element | None
    """The element the design's scoring chose (``main_content()``), unchanged; None when nothing
    scored positively."""
    text: str
    """The cleaned article text ("" when the page has no article). Unlike ``main_text()``, which is
    the winner's whole text, it counts text written straight into containers as paragraphs, keeps an
    article split over nearby containers whole, and leaves out the title, figures and captions,
    share/related/newsletter/advertisement/byline blocks, link-dense blocks and hidden elements; so
    it may come from other elements than ``element``. ``Extraction.favor`` shapes it."""
    title: str | None = None
    """The headline as a reader sees it: the first ``<h1>`` that agrees with a declared title
    (``og:title``, ``<title>``, the JSON-LD ``headline``, ``dc:title``, ``parsely-title``,
    ``twitter:title``, an ``itemprop="headline"``), equal to it or to it without the site name;
    else the ``<h1>`` inside or just before the article text; else the declared title most other
    declared titles agree with, without the site name; else the first ``<h1>``. Entities a page
    escaped twice (``&amp;#8211;``) are decoded."""
    byline: str | None = None
    """Who wrote it: the JSON-LD ``author`` names (every author of the article, joined with
    ``", "``), else an author ``<meta>`` (``author``, ``parsely-author``, ``article:author`` when it
    is a name, ``dc.creator``, ...), else the visible byline nearest below the headline (a
    ``rel="author"`` link, a byline/author class, ``itemprop="author"``); cleaned of "By",
    dates and what follows the names. A declared author equal to the site name is passed over."""
    date: str | None = None
    """When it was published, in ISO 8601 (``2019-11-18`` or ``2019-11-18T07:45:00+01:00``): the
    JSON-LD ``datePublished`` (of an article type first), ``article:published_time``, microdata
    ``datePublished``, a common date ``<meta>``, a ``<time pubdate>``, the date in the canonical or
    ``og:url`` path, a date line near the headline (English, German, French, Spanish, Italian,
    Dutch and Portuguese month names and numeric forms), else the first ``<time>``. Only dates from
    1993 to next year count; a value that is not a readable date is None."""
    date_modified: str | None = None
    """When it was last changed, in ISO 8601: the JSON-LD ``dateModified``,
    ``article:modified_time`` / ``og:updated_time``, or microdata ``dateModified``."""
    description: str | None = None
    """``og:description``, else the description ``<meta>``."""
    lang: str | None = None
    """The ``<html lang>`` attribute as declared (never detected from the text)."""
    canonical: str | None = None
    """The ``<link rel="canonical">`` URL, as written."""
    site_name: str | None = None
    """``og:site_name``, else the ``application-name`` ``<meta>``, else the JSON-LD publisher's
    name."""
    image: str | None = None
    """``og:image`` (or ``twitter:image``), as written."""
    tags: tuple[str, ...] = ()
    """``article:tag`` values, else the comma-separated keywords ``<meta>``; duplicates removed."""
    _source: Node | None = field(default=None, repr=False, compare=False)
    """The node ``article()`` was called on: ``markdown`` and ``html`` select the content from it."""
    _favor: int = field(default=0, repr=False, compare=False)
    """``Extraction.favor`` as the C core numbers it (0 balanced, 1 precision, 2 recall)."""
    _cache: dict[int, str] = field(default_factory=dict, repr=False, compare=False)

    def _export(self, kind: int) -> str:
        cached = self._cache.get(kind)
        if cached is not None:
            return cached
        if self._source is None:
            return ""
        policy = None
        if kind == _HTML:
            global _article_sanitizer
            if _article_sanitizer is None:
                from distill.sanitize import Policy, Sanitizer

                _article_sanitizer = Sanitizer(Policy.relaxed())
            policy = _article_sanitizer._compiled
        out: str = _core._article_export(self._source, self._favor, kind, policy)
        self._cache[kind] = out
        return out

    @property
    def markdown(self) -> str:
        """The cleaned article as GitHub-flavoured Markdown ("" without one), computed on first access.

        It renders exactly the content ``text`` is read from (the same containers, without what the
        text leaves out), keeping headings, lists, tables, links and images. Relative links and images
        resolve against the document's ``<base href>``.
        """
        return self._export(_MARKDOWN)

    @property
    def html(self) -> str:
        """The cleaned article as one sanitized HTML fragment (:meth:`Policy.relaxed`), on first access.

        It holds the same content as ``text`` and ``markdown``.
        """
        return self._export(_HTML)


_TEXT, _MARKDOWN, _HTML = 0, 1, 2


_article_sanitizer: Sanitizer | None = None


def _classify(units: list[tuple[str, int, int, bool, bool]], options: Extraction) -> list[Paragraph]:
    out = []
    for text, chars, link_chars, is_heading, in_winner in units:
        density = link_chars / chars if chars else 0.0
        if not in_winner:
            boiler = True
        elif is_heading:
            boiler = not options.keep_headings or density > options.max_link_density
        else:
            boiler = chars < options.min_length or density > options.max_link_density
        out.append(Paragraph(text, boiler, is_heading))
    return out


def _options(options: Extraction | None) -> Extraction:
    if options is None:
        return Extraction()
    if not isinstance(options, Extraction):
        raise TypeError(f"options must be an Extraction or None, not {type(options).__name__}")
    return options


def boilerplate(markup: str | bytes, /, options: Extraction | None = None) -> list[Paragraph]:
    """Every paragraph unit of the page in document order, each marked content or boilerplate.

    Units are ``h1``-``h6``, ``p``, ``li``, ``pre``, ``blockquote``, ``td``, ``dd``, ``dt`` and
    ``figcaption`` elements that hold no other unit and some text. A unit outside ``main_content()``
    is boilerplate; inside it, it is content when it clears ``options`` (see :class:`Extraction`).
    The same scoring walk picks the main content, so the two views always agree on where it is.
    """
    opts = _options(options)
    doc = _core.parse(markup)
    return _classify(_core._paragraph_units(doc), opts)


def article(markup: str | bytes, /, options: Extraction | None = None) -> Article:
    """Parse ``markup`` and return its :class:`Article` (``distill.parse(markup).article()``).

    ``options.favor`` shapes the text (see :class:`Extraction`); the paragraph thresholds are those
    of :func:`boilerplate` and do not change it.
    """
    opts = _options(options)
    return _core.parse(markup).article(opts)
