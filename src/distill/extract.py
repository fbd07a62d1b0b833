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
from typing import TYPE_CHECKING, ClassVar, Literal

from distill import _core
from distill._input import Markup, read_source

if TYPE_CHECKING:
    from distill._core import Element, Node
    from distill.sanitize import Sanitizer

__all__ = ["Article", "Extraction", "PageType", "Paragraph", "article", "boilerplate"]

PageType = Literal["article", "forum", "product", "collection", "listing", "documentation", "service"]
"""The kinds of page :attr:`Article.page_type` tells apart."""


# Not slots=True: the compiled options live in the instance's __dict__, outside the dataclass fields, so
# dataclasses.asdict() and copy.deepcopy() (which pipelines such as datatrove apply to their steps'
# settings) never meet the C capsule.
@dataclass(frozen=True)
class Extraction:
    """What :func:`article` keeps, and the thresholds :func:`boilerplate` applies.

    The same options are the ``article`` command's and ``distill extract``'s flags. Every field is
    checked when the object is made (TypeError for a wrong type, ValueError for a value out of range)
    and compiled once into the C core's options, so an Extraction can be reused for any number of
    pages at no cost.

    Attributes:
        min_length: :func:`boilerplate`: the fewest characters (folded, see the module docs) a
            non-heading paragraph needs to be content.
        max_link_density: :func:`boilerplate`: the largest fraction of a paragraph's characters that
            may sit inside links.
        keep_headings: :func:`boilerplate`: headings inside the main content are content whatever
            their length (they are short by nature) as long as they clear ``max_link_density``; with
            False every heading is boilerplate.
        favor: shapes :func:`article`'s content (as trafilatura's option does): ``"precision"``
            keeps less around the article (stricter on link-heavy blocks and on separate chunks),
            ``"recall"`` keeps more, ``"balanced"`` is the measured best of both.
        include_images: images in ``Article.markdown`` (``![alt](src)``, the ``src`` resolved from
            lazy-loading attributes and ``srcset``) and ``Article.html``; text never shows images.
        include_links: link targets in ``Article.markdown`` (``[text](href)``); off writes the link
            text alone. Text never shows targets; ``Article.html`` keeps its links either way.
        include_tables: tables in ``Article.markdown`` (GFM tables) and ``Article.html``; off leaves
            them out of both.
        include_comments: keep the reader comments after the article, in the page's order, in
            ``text``, ``markdown`` and ``html`` (as trafilatura's ``include_comments`` does), and fill
            ``Article.comments`` with the comments alone. Off (the default) leaves the thread out of the
            article and ``Article.comments`` None.
        include_formatting: emphasis, strong and strikethrough in ``Article.markdown``; off writes
            plain words (headings, lists, quotes, code and tables stay: they are structure).

    """

    min_length: int = 25
    max_link_density: float = 0.5
    keep_headings: bool = True
    favor: Literal["balanced", "precision", "recall"] = "balanced"
    include_images: bool = True
    include_links: bool = True
    include_tables: bool = True
    include_comments: bool = False
    include_formatting: bool = True
    _compiled: ClassVar[object]
    """The options as the C core reads them (a capsule), set on each instance in ``__post_init__``."""

    def __post_init__(self) -> None:
        """Reject values of the wrong type (TypeError) or out of range (ValueError), then compile."""
        if isinstance(self.min_length, bool) or not isinstance(self.min_length, int):
            raise TypeError(f"min_length must be an int, not {type(self.min_length).__name__}")
        if self.min_length < 0 or self.min_length > 0xFFFFFFFF:
            raise ValueError(f"min_length must be between 0 and 2**32 - 1, got {self.min_length}")
        if isinstance(self.max_link_density, bool) or not isinstance(self.max_link_density, int | float):
            raise TypeError(f"max_link_density must be a float, not {type(self.max_link_density).__name__}")
        if not 0.0 <= self.max_link_density <= 1.0:
            raise ValueError(f"max_link_density must be between 0 and 1, got {self.max_link_density}")
        for name in _BOOL_FIELDS:
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise TypeError(f"{name} must be a bool, not {type(value).__name__}")
        if self.favor not in ("balanced", "precision", "recall"):
            raise ValueError(f"favor must be 'balanced', 'precision' or 'recall', got {self.favor!r}")
        object.__setattr__(self, "_compiled", _core._compile_extraction(self))

    def __reduce__(self) -> tuple[type[Extraction], tuple[object, ...]]:
        """Pickle by the public fields (the compiled capsule is rebuilt), so options reach worker processes."""
        return (Extraction, (self.min_length, self.max_link_density, self.keep_headings, self.favor,
                             *(getattr(self, n) for n in _BOOL_FIELDS[1:])))

    @classmethod
    def justext(cls) -> Extraction:
        """Return the stricter thresholds of justext's defaults: 70 characters, link density 0.2."""
        return cls(min_length=70, max_link_density=0.2)


_BOOL_FIELDS = (
    "keep_headings", "include_images", "include_links", "include_tables", "include_comments", "include_formatting",
)


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
    """The element the design's scoring chose (``main_content()`` of the node ``article()`` was called
    on), unchanged; None when nothing scored positively. ``article()`` leaves it to the first access
    (that scoring walk is none of the other fields' work), which finds and keeps it."""
    text: str
    """The article text: the text blocks of ``regions`` in document order ("" only when the page has
    no visible text). Unlike ``main_text()``, which is the winner's whole text, every text block of the
    page (a paragraph, list item, cell, heading, or text written straight into a container) is
    weighed by a region classifier (features computed in C, a tree ensemble fitted on development
    corpora by ``tools/fit_blocks.py``): its shape, link density, tag context, class and id words,
    sibling repetition, nearby headings, the page type, and where it sits against the design's
    winner. So the text of a forum thread is all its posts, of a listing all its cards, of a service
    page all its sections, of a split article every chunk and what lies between them.
    ``Extraction.favor`` moves the classifier's threshold."""
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
    site_name: str | None = None
    """``og:site_name``, else the ``application-name`` ``<meta>``, else the JSON-LD publisher's
    name, else the name of the JSON-LD ``WebSite``."""
    canonical: str | None = None
    """The ``<link rel="canonical">`` URL, as written."""
    image: str | None = None
    """``og:image`` (or ``twitter:image``), as written."""
    tags: tuple[str, ...] = ()
    """``article:tag`` values, else the comma-separated keywords ``<meta>``; duplicates removed."""
    regions: tuple[Element, ...] = ()
    """The regions ``text``, ``markdown`` and ``html`` are rendered from, in document order: the
    highest elements at least half of whose block text is content (or a content block itself).
    Inside a region, what holds only boilerplate text is left out of every rendering."""
    page_type: PageType = "article"
    """What kind of page this is, decided from its structure: one of ``"article"``, ``"forum"``,
    ``"product"``, ``"collection"``, ``"listing"``, ``"documentation"``, ``"service"``. Declared types
    (JSON-LD ``@type``, ``og:type``), words of the page's own canonical URL path, repeated same-shaped
    blocks, forms, prices, code, headings, link density and prose share are weighed by a model fitted
    on labelled development pages (``tools/fit_page_type.py``)."""
    page_type_confidence: float = 0.0
    """The model's probability for ``page_type``, 0..1 (low when the page mixes kinds)."""
    quality: float = 0.0
    """How good this extraction is likely to be: a calibrated estimate, 0..1, of the word F1 of ``text``
    against what a person would mark as the page's main content. It is estimated from what the
    extraction saw while it chose (the page type and its confidence, how surely the region classifier
    kept or left each block, how much of the page it kept, which step of the fallback cascade chose,
    whether the page had to be read twice) by a model fitted on the development corpora with domains
    held out (``tools/fit_quality.py``). A crawl filters on it: keep the pages above a threshold and
    route the rest to a slower extractor or a person."""
    comments: str | None = None
    """The reader comments below the article (blocks the page names as comments, their text laid
    out like ``to_text()``), when :attr:`Extraction.include_comments` asked for them ("" when the page
    has none); None otherwise. Asked for, they also follow the article in ``text``; otherwise the
    thread is never part of it."""
    _result: _core._ExtractionResult | None = field(default=None, repr=False, compare=False)
    """What the extraction pipeline chose: ``markdown`` and ``html`` render from it without selecting
    again, and ``element`` is ``main_content()`` of the tree it read."""
    _options: Extraction | None = field(default=None, repr=False, compare=False)
    """The options the article was extracted with (None: the defaults)."""
    _base_url: str | None = field(default=None, repr=False, compare=False)
    """The page's URL given to ``article()``; links and images resolve against it."""
    _cache: dict[int, str] = field(default_factory=dict, repr=False, compare=False)

    if not TYPE_CHECKING:  # to the type checker every field is always there (and nothing else is)

        def __getattr__(self, name: str) -> object:
            """Find ``element`` on its first read, from ``_result``, and keep it.

            Only an empty slot gets here: ``Node.article()`` sets every field but ``element``, whose
            scoring walk it leaves to the first read (``repr``, ``==``, ``to_dict()`` and pickling read it
            too).
            """
            if name != "element":
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}", name=name, obj=self)
            element = self._result.winner() if self._result is not None else None
            object.__setattr__(self, "element", element)
            return element

    def _export(self, kind: int) -> str:
        cached = self._cache.get(kind)
        if cached is not None:
            return cached
        if self._result is None:
            return ""
        policy = None
        if kind == _HTML:
            global _article_sanitizer
            if _article_sanitizer is None:
                from distill.sanitize import Policy, Sanitizer

                _article_sanitizer = Sanitizer(Policy.relaxed())
            policy = _article_sanitizer._compiled
        out: str = _core._render(self._result, kind, policy, self._base_url)
        self._cache[kind] = out
        return out

    @property
    def markdown(self) -> str:
        """The cleaned article as GitHub-flavoured Markdown ("" without one), computed on first access.

        It renders the content ``text`` is read from (the same containers, without what the text
        leaves out) and the figures inside it, keeping headings, lists, tables, code, math, links and
        images (as :class:`Extraction` asks). Relative links and images resolve against the
        ``base_url`` given to :func:`article` and the document's ``<base href>``.
        """
        return self._export(_MARKDOWN)

    @property
    def html(self) -> str:
        """The cleaned article as one sanitized HTML fragment (:meth:`Policy.relaxed`), on first access.

        It holds the same content as ``text`` and ``markdown``.
        """
        return self._export(_HTML)

    def to_dict(self, *, markdown: bool = False, html: bool = False) -> dict[str, object]:
        """Every field as plain JSON-serialisable values (``json.dumps(article.to_dict())`` works).

        ``element`` becomes its source span, ``[start, end]`` offsets into the input (code points
        for str input, bytes for bytes), or None; ``tags`` a list; ``comments`` is present (None
        unless :attr:`Extraction.include_comments`). ``markdown=True`` and ``html=True`` add those
        renderings. Keys are in field order.
        """
        out: dict[str, object] = {}
        for name in _DICT_FIELDS:
            value = getattr(self, name)
            if name in _SEQ_FIELDS:
                value = [_span(v) for v in value] if name in _SPAN_FIELDS else list(value)
            elif name in _SPAN_FIELDS:
                value = _span(value)
            out[name] = value
        if markdown:
            out["markdown"] = self.markdown
        if html:
            out["html"] = self.html
        return out


_TEXT, _MARKDOWN, _HTML = 0, 1, 2

# to_dict(): the public fields (dataclass order, private ones left out), and how each is converted.
_DICT_FIELDS = tuple(f for f in Article.__dataclass_fields__ if not f.startswith("_"))
_SPAN_FIELDS = frozenset({"element", "regions"})
_SEQ_FIELDS = frozenset({"tags", "regions"})


def _span(node: Node | None) -> list[int] | None:
    span = node.source_span if node is not None else None
    return list(span) if span is not None else None


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


# Extraction is frozen: one default serves every call (validating and compiling a fresh one cost
# about a hundredth of article() on a typical page).
_DEFAULT_OPTIONS = Extraction()


def _options(options: Extraction | None) -> Extraction:
    if options is None:
        return _DEFAULT_OPTIONS
    if not isinstance(options, Extraction):
        raise TypeError(f"options must be an Extraction or None, not {type(options).__name__}")
    return options


def boilerplate(markup: Markup, /, options: Extraction | None = None) -> list[Paragraph]:
    """Every paragraph unit of the page in document order, each marked content or boilerplate.

    Units are ``h1``-``h6``, ``p``, ``li``, ``pre``, ``blockquote``, ``td``, ``dd``, ``dt`` and
    ``figcaption`` elements that hold no other unit and some text. A unit outside ``main_content()``
    is boilerplate; inside it, it is content when it clears ``options`` (see :class:`Extraction`).
    The same scoring walk picks the main content, so the two views always agree on where it is.
    """
    opts = _options(options)
    src = read_source(markup, "boilerplate")
    doc = _core.parse(src.markup, encoding=src.encoding)
    return _classify(_core._paragraph_units(doc), opts)


def article(markup: Markup, /, options: Extraction | None = None, *, base_url: str | None = None) -> Article:
    """Parse ``markup`` and return its :class:`Article` (``distill.parse(markup).article(...)``).

    ``markup`` is bytes, a ``str`` of markup, a path (``os.PathLike``), a binary file object or a
    :class:`distill.Response` (from :func:`distill.fetch`, read in its HTTP charset). A ``str`` that
    is a URL or a file path raises ValueError naming what to call instead.
    ``options`` says what to keep (see :class:`Extraction`: ``favor`` shapes the content, the
    ``include_*`` fields what the renderings keep; the paragraph thresholds are those of
    :func:`boilerplate` and do not change it). ``base_url`` is the page's URL: relative links and
    images in ``Article.markdown`` and ``Article.html`` are written absolute against it (and against
    the document's ``<base href>``, which applies on top); it defaults to a Response's URL.
    """
    opts = _options(options)
    src = read_source(markup, "article")
    if base_url is None:
        base_url = src.url
    return _core.parse(src.markup, encoding=src.encoding).article(opts, base_url=base_url)
