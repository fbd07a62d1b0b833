r"""Sanitizer: the safe part of untrusted HTML, by allowlist, as HTML that re-parses to itself.

The work is done in C: the input is parsed (or an already parsed node is read), a new tree holding
only what the policy allows is built, and that tree is written by the WHATWG serializer. The builder
refuses shapes the HTML parser would rebuild differently, so the output parses back to exactly the
tree that was serialized (no mutation XSS)::

    from distill import Sanitizer, Policy
    Sanitizer().sanitize('<p onclick="x()">Hi <script>bad()</script><a href="javascript:x">y</a>')
    # '<p>Hi <a>y</a></p>'
    Sanitizer(Policy.relaxed()).sanitize(doc.main_content())

Whatever the policy, the sanitizer never keeps script-capable or raw-text elements (script, style,
template, noscript, iframe, object, embed ...), form controls, document metadata (base, meta, link),
SVG or MathML, comments that could end early, event handler or style attributes, srcdoc or
formaction; URLs are checked after the cleaning browsers do, with case-insensitive schemes, and a
scheme-relative URL (``//host/x``, ``\\host``) counts as absolute, not relative.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from distill import _core

__all__ = ["Policy", "Sanitizer"]

_INLINE = frozenset({"b", "strong", "i", "em", "u", "s", "sub", "sup", "small", "mark", "code", "br", "p"})
_BASIC = _INLINE | frozenset(
    {
        "a",
        "abbr",
        "blockquote",
        "cite",
        "q",
        "dfn",
        "kbd",
        "samp",
        "var",
        "del",
        "ins",
        "ul",
        "ol",
        "li",
        "dl",
        "dt",
        "dd",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "pre",
        "hr",
        "span",
        "div",
        "time",
        "bdi",
        "bdo",
        "wbr",
    }
)
_RELAXED = _BASIC | frozenset(
    {
        "img",
        "table",
        "caption",
        "thead",
        "tbody",
        "tfoot",
        "tr",
        "th",
        "td",
        "colgroup",
        "col",
        "figure",
        "figcaption",
        "section",
        "article",
        "header",
        "footer",
        "aside",
        "main",
        "nav",
        "details",
        "summary",
        "address",
        "ruby",
        "rt",
        "rp",
        "picture",
        "center",
        "big",
        "tt",
    }
)
_BASIC_ATTRS: dict[str, frozenset[str]] = {
    "*": frozenset({"title", "lang", "dir"}),
    "a": frozenset({"href"}),
    "blockquote": frozenset({"cite"}),
    "q": frozenset({"cite"}),
    "del": frozenset({"cite", "datetime"}),
    "ins": frozenset({"cite", "datetime"}),
    "ol": frozenset({"start", "reversed", "type"}),
    "li": frozenset({"value"}),
    "time": frozenset({"datetime"}),
    "bdo": frozenset({"dir"}),
}
_RELAXED_ATTRS: dict[str, frozenset[str]] = {
    **_BASIC_ATTRS,
    "img": frozenset({"src", "alt", "width", "height"}),
    "td": frozenset({"colspan", "rowspan", "headers"}),
    "th": frozenset({"colspan", "rowspan", "headers", "scope", "abbr"}),
    "col": frozenset({"span"}),
    "colgroup": frozenset({"span"}),
    "code": frozenset({"class"}),
    "pre": frozenset({"class"}),
    "details": frozenset({"open"}),
}


def _freeze(attrs: Mapping[str, Iterable[str]]) -> Mapping[str, frozenset[str]]:
    return MappingProxyType({k.lower(): frozenset(a.lower() for a in v) for k, v in attrs.items()})


def _host_name(host: str) -> str:
    """A host name as policies compare it: lower case, no final dot, IDNA-encoded when not ASCII."""
    if not isinstance(host, str):
        raise TypeError(f"a URL host must be a str, not {type(host).__name__}")
    dot = "." if host.startswith(".") else ""
    name = host[len(dot) :].rstrip(".").lower()
    if not name.isascii():
        try:
            name = name.encode("idna").decode("ascii")
        except UnicodeError as exc:
            raise ValueError(f"URL host {host!r} is not a valid host name") from exc
    return dot + name


@dataclass(frozen=True)
class Policy:
    r"""What a :class:`Sanitizer` keeps.

    Attributes:
        elements: tag names kept (anything else is removed, its text kept unless it is one of the
            elements whose content is never shown, such as script or style). Allowing ``table``
            allows its parts.
        attributes: per tag name, the attributes kept; the key ``"*"`` applies to every element.
        url_schemes: schemes allowed in URL attributes (href, src, cite ...).
        url_hosts: None (the default) lets an allowed scheme's URL name any host. A set of host
            names restricts every URL that names a host (``https://x.org/``, ``//x.org/``,
            ``\\x.org``, ``http:x.org``) to those hosts: ``"example.org"`` is that host only,
            ``".example.org"`` it and every host below it. The host is read as a browser reads it
            (after the last ``@`` of the user info, before the port, backslashes as slashes in
            http(s) URLs, tabs and newlines removed); a host written percent-encoded or with
            non-ASCII letters is refused, since which host it finally names is not certain from its
            text. Names are case-insensitive; write internationalized names in their ``xn--`` form
            or as text (they are IDNA-encoded here). URLs without a host (relative paths,
            ``mailto:``) are not affected.
        allow_relative_urls: keep URLs without a scheme that stay on the page's host. A URL that
            starts with two slashes or backslashes in any mixture (``//host/x``, ``\\host``,
            ``/\host``, and the same split by tabs or newlines, which browsers remove) names another
            host with the page's scheme: it is treated as absolute, and kept only when
            ``url_schemes`` holds both ``http`` and ``https``, whatever this flag says.
        allow_data_images: keep ``data:`` URLs of raster images in ``<img src>``.
        allow_comments: keep comments (only those that cannot end early or read as markup).
        link_rel: the ``rel`` written on every kept link with an href (None keeps an allowed
            ``rel`` attribute as it is).

    Constructing a policy that allows something no policy may allow raises ValueError.

    """

    elements: frozenset[str] = _BASIC
    attributes: Mapping[str, frozenset[str]] = field(default_factory=lambda: _freeze(_BASIC_ATTRS), hash=False)
    url_schemes: frozenset[str] = frozenset({"http", "https", "mailto"})
    url_hosts: frozenset[str] | None = None
    allow_relative_urls: bool = True
    allow_data_images: bool = False
    allow_comments: bool = False
    link_rel: str | None = "noopener noreferrer nofollow"
    _compiled: object = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        """Normalise the collections (case, immutability) and compile, which validates the names."""
        object.__setattr__(self, "elements", frozenset(e.lower() for e in self.elements))
        object.__setattr__(self, "attributes", _freeze(self.attributes))
        object.__setattr__(self, "url_schemes", frozenset(s.lower() for s in self.url_schemes))
        if self.url_hosts is not None:
            object.__setattr__(self, "url_hosts", frozenset(_host_name(h) for h in self.url_hosts))
        object.__setattr__(self, "_compiled", self._compile())

    @classmethod
    def strict(cls) -> Policy:
        """Inline formatting and paragraphs only: no links, images, lists or attributes."""
        return cls(elements=_INLINE, attributes={}, url_schemes=frozenset())

    @classmethod
    def basic(cls) -> Policy:
        """Text structure: paragraphs, headings, lists, quotes, code, http(s)/mailto links."""
        return cls()

    @classmethod
    def relaxed(cls) -> Policy:
        """Basic plus images, tables, figures, sectioning, details and ruby (for article bodies)."""
        return cls(elements=_RELAXED, attributes=_RELAXED_ATTRS)

    def _compile(self) -> object:
        pairs = [
            (None if el == "*" else el, name) for el, names in sorted(self.attributes.items()) for name in sorted(names)
        ]
        return _core.compile_policy(
            sorted(self.elements),
            pairs,
            sorted(self.url_schemes),
            self.allow_relative_urls,
            self.allow_data_images,
            self.allow_comments,
            self.link_rel,
            None if self.url_hosts is None else sorted(self.url_hosts),
        )


class Sanitizer:
    """Sanitize untrusted HTML by allowlist; the default policy (:meth:`Policy.basic`) is safe."""

    def __init__(self, policy: Policy | None = None) -> None:
        """Compile ``policy`` once; a Sanitizer is reusable and thread-safe."""
        self.policy = policy if policy is not None else Policy.basic()
        self._compiled = self.policy._compiled

    def sanitize(self, markup_or_node: str | _core.Node, *, base_url: str | None = None) -> str:
        """Return the allowed part of ``markup_or_node`` as HTML.

        A str is parsed as the content of a ``<body>``; a node is read as it is (a document: the
        content of its body; an element: itself and what it contains). With ``base_url`` (the page's
        URL), relative URLs are made absolute against it and the document's ``<base href>`` before
        the policy checks them, as ``Article.html`` and ``Article.markdown`` do; absolute URLs are
        kept as they are. A reference is left relative when the part of the base it would take is
        much longer than the reference itself and the page's allowance for that is spent (see
        ``docs/limits.md``, "Output bounds"): resolution cannot multiply the output.
        """
        if base_url is None:
            return _core.sanitize(markup_or_node, self._compiled)
        return _core.sanitize(markup_or_node, self._compiled, base_url)
