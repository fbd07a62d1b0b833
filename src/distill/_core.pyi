"""Stubs of distill._core, the C extension (parser, tree, serializer)."""

from collections.abc import Iterator, Mapping
from typing import Any, final

from typing_extensions import disjoint_base

from distill.export import Markdown, PlainText
from distill.extract import Article, Extraction

@disjoint_base
class Node:
    """A node of a parsed tree: iterating gives its children; len() and [i] index them.

    Two wrappers of the same node are equal and hash equal. A node keeps its whole document alive.
    """

    @property
    def parent(self) -> Node | None:
        """The parent node, or None for a root (and for template contents)."""
    @property
    def text(self) -> str:
        """The concatenated text of all descendant text nodes, in document order."""
    @property
    def source_span(self) -> tuple[int, int] | None:
        """(start, end) offsets in the input (code points for str, bytes for bytes), None if parser-made."""
    def __iter__(self) -> Iterator[Node]: ...
    def __len__(self) -> int: ...
    def __getitem__(self, index: int, /) -> Node: ...
    def __bool__(self) -> bool: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def serialize(self, *, pretty: bool = False) -> str:
        """Return the node as HTML: an element with its subtree, a document or fragment as its children."""
    def find(self, tag: str, /) -> Element | None:
        """Return the first descendant element named `tag` in document order, or None."""
    def find_all(self, tag: str, /) -> list[Element]:
        """Return every descendant element named `tag`, in document order."""
    def iter(self, tag: str | None = None) -> Iterator[Element]:
        """Iterate over descendant elements in document order (only those named `tag` when given)."""
    def to_text(self, options: PlainText | None = None) -> str:
        """Return the text of this node laid out in lines (see distill.export.PlainText)."""
    def to_markdown(self, options: Markdown | None = None) -> str:
        """Return this node as GitHub-flavoured Markdown (see distill.export.Markdown)."""
    # extract (src/distill/_core/extract/py_extract.c)
    def main_content(self) -> Element | None:
        """The element holding the main content (the design's scoring walk), None when none scores."""
    def main_text(self) -> str:
        """main_content()'s text, blocks on their own lines, white space folded; "" when none."""
    def article(self, options: Extraction | None = None, *, base_url: str | None = None) -> Article:
        """The main content, its text and the page metadata (see distill.extract.Article: element on read)."""

@final
class Document(Node):
    """A parsed HTML document."""

    @property
    def encoding(self) -> str:
        """The encoding the input was decoded from ("utf-8" for str input)."""

@final
class DocumentFragment(Node):
    """A fragment: the result of parse_fragment(), or a template's contents."""

@final
class Element(Node):
    """An element."""

    @property
    def tag(self) -> str:
        """The local name: lower case for HTML, the spec's case for SVG ("foreignObject")."""
    @property
    def namespace(self) -> str:
        """The namespace: "html", "svg" or "math"."""
    @property
    def attrs(self) -> Mapping[str, str]:
        """The attributes as a read-only mapping; foreign attributes under qualified names."""
    @property
    def content(self) -> DocumentFragment | None:
        """A template's contents, None for any other element."""

@final
class Text(Node):
    """A text node."""

    @property
    def data(self) -> str:
        """The text."""

@final
class Comment(Node):
    """A comment."""

    @property
    def data(self) -> str:
        """The comment's text."""

@final
class Doctype(Node):
    """A document type declaration."""

    @property
    def name(self) -> str:
        """The doctype's name."""
    @property
    def public_id(self) -> str:
        """The public identifier, "" when absent."""
    @property
    def system_id(self) -> str:
        """The system identifier, "" when absent."""

def parse(markup: str | bytes, /, *, encoding: str | None = None, scripting: bool = True) -> Document:
    """Parse a whole HTML document; bytes are decoded after sniffing their encoding."""

def parse_fragment(markup: str | bytes, /, context: str = "body", *, scripting: bool = True) -> DocumentFragment:
    """Parse an HTML fragment in the context of `context` (a tag name, or "svg NAME" / "math NAME")."""

def _live_documents() -> int:
    """Return the number of parsed documents whose memory is not yet freed."""

def _build(spec: list[Any], /) -> DocumentFragment:
    """Build a DocumentFragment from a nested spec, bypassing the parser (tests)."""

# --- tokenizer (tokenizer/py_tokenizer.c): private test and benchmark hooks --------------------------
def _tokenize(
    data: str | bytes,
    initial_state: str = "Data state",
    last_start_tag: str | None = None,
    chunk_size: int = 0,
    cdata_allowed: bool = False,
    switch_states: dict[str, str] | None = None,
) -> list[list[Any]]:
    """Tokenize (str as UTF-8 with surrogatepass); tokens in the html5lib-tests JSON shape."""

def _tokenize_ex(
    data: str | bytes,
    initial_state: str = "Data state",
    last_start_tag: str | None = None,
    chunk_size: int = 0,
    cdata_allowed: bool = False,
    switch_states: dict[str, str] | None = None,
) -> tuple[list[list[Any]], list[tuple[str, int]], list[tuple[int, int, int, list[tuple[int, int, int]]]]]:
    """Like _tokenize, returning (tokens, errors as (code, byte offset), per-token spans)."""

def _tokenize_count(data: bytes, chunk_size: int = 0, /) -> int:
    """Tokenize with the GIL released and return the token count (EOF included): benchmark hook."""

# Encoding subsystem (encoding/py_encoding.c): private helpers for the tests.
def _lookup_encoding(label: str, /) -> str:
    """Return the canonical WHATWG name of an encoding label; LookupError when unknown."""

def _parse_dump(data: str, context: str | None = None, scripting: bool = True) -> str:
    """Test hook: parse (in `context`, e.g. "td", "svg path") and dump the tree as html5lib-tests do."""

def _parse_nodes(
    data: str | bytes, context: str | None = None, scripting: bool = True
) -> list[tuple[str, int, int | None, int | None, bool, bool]]:
    """Test hook: (kind, depth, span start, span end, implied end, zero-copy text) per node, in order."""

def _parse_stats(data: str | bytes, context: str | None = None, scripting: bool = True) -> dict[str, int]:
    """Test hook: element, text and comment counts, zero-copy text nodes and the tree depth."""

def _sniff(data: bytes, encoding: str | None = None, utf8_detect: bool = True) -> str:
    """Return the encoding parse() would decode data with (canonical WHATWG name)."""

def _utf8_non_ascii(data: bytes | bytearray | memoryview, /) -> bool:
    """Return whether data is valid UTF-8 holding some non-ASCII byte (a legacy declaration then yields)."""

def _decode(data: bytes, encoding: str | None = None) -> tuple[str, str]:
    """Decode data as parse() would: (text, canonical encoding name)."""

def _decode_offsets(data: bytes, encoding: str | None = None) -> list[int]:
    """Return the input byte offset of each code point of the decoded text, then len(data)."""

def _decode_info(data: bytes, encoding: str | None = None) -> tuple[bool, int]:
    """Return whether data is parsed in place (no copy), and the bytes its offset map holds."""

# --- stream: the streaming article scorer (stream/py_stream.c) -------------------------------------

STREAM_PARAGRAPH_BONUS: int
STREAM_PARAGRAPH_MIN_CHARS: int
STREAM_MAX_DEPTH: int
STREAM_MAX_ATTR_BYTES: int

@final
class StreamScorer:
    """The streaming article scorer (no tree): feed() bytes, then close(); distill.stream wraps it."""

    def __new__(cls, *, encoding: str | None = None) -> StreamScorer: ...
    @property
    def offset(self) -> int:
        """Bytes fed so far."""
    def feed(self, chunk: bytes | bytearray | memoryview, /) -> None:
        """Score the next chunk of input bytes (the GIL is released meanwhile)."""
    def close(self) -> dict[str, Any]:
        """End of input: winner, runner_up (dicts with bytes tag and attrs, or None), counts, encoding."""

# --- sanitize (sanitize/py_sanitize.c) ---

def compile_policy(
    elements: list[str],
    attributes: list[tuple[str | None, str]],
    url_schemes: list[str],
    allow_relative_urls: bool,
    allow_data_images: bool,
    allow_comments: bool,
    link_rel: str | None,
    url_hosts: list[str] | None = None,
) -> object:
    """Compile a sanitizer policy (see distill.sanitize.Policy)."""

def sanitize(markup_or_node: str | Node, policy: object, base_url: str | None = None, /) -> str:
    """Return the part of the markup or node the compiled policy allows, as re-parseable HTML."""

# extract
def _paragraph_units(node: Node, /) -> list[tuple[str, int, int, bool, bool]]:
    """(text, chars, link_chars, is_heading, in_winner) of each paragraph unit under node."""

# --- article: the article text and metadata of issue 5 (extract/py_article.c) ----------------------

def _article_export(
    node: Node, options: Extraction | None, kind: int, policy: object = None, base_url: str | None = None
) -> str:
    """The pipeline on node, rendered as text (kind 0), Markdown (1) or sanitized HTML (2, policy)."""

# --- the pipeline (extract/pipeline.h, binding/py_pipeline.c) ------------------------------------

@final
class _ExtractionResult:
    """What the extraction pipeline chose on one page: Article keeps it to render from."""

    @property
    def cascade(self) -> str:
        """The step of the fallback cascade that chose the content: model, classic, best or none."""
    @property
    def reread(self) -> bool:
        """Whether the page was read a second time (scripting off: its text was inside <noscript>)."""
    def winner(self) -> Element | None:
        """main_content() of the tree the pipeline read."""

def _block_feature_names() -> tuple[str, ...]:
    """The block features of the region classifier, by name, in the model's order (extract/blocks.h)."""

def _render(result: _ExtractionResult, kind: int, policy: object = None, base_url: str | None = None) -> str:
    """The selection rendered as text (kind 0), Markdown (1) or sanitized HTML (2, policy)."""
def _quality_signals(result: _ExtractionResult, /) -> tuple[float, ...]:
    """The signals Article.quality was estimated from, in the model's order (extract/pipeline/quality.h)."""
def _quality_signal_names() -> tuple[str, ...]:
    """The names of Article.quality's signals, in the model's order."""
def _record_types() -> dict[str, str]:
    """Each record field's value type in a table: "string", "list" (of strings) or "double"."""
def _record_fields() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The record's field names in order, and its optional fields' (extract/pipeline/record.h)."""
def _noscript_heavy(doc: Node, min_chars: int, /) -> bool:
    """Whether the pipeline reads doc again with scripting off (its text is inside <noscript>)."""

def _extract_batch(
    pages: list[tuple[bytes | str, str | None, str | None]],
    *,
    options: Extraction | None = None,
    fields: int = 0,
    policy: object = None,
    max_nodes: int = 0,
    max_bytes: int = 0,
    scripting: bool = True,
) -> tuple[bytes, int]:
    """One JSON line per page (html, url, encoding), in order, and how many are error records."""

def _article_text(node: Node, options: Extraction | None = None, classic: bool = False) -> str:
    """The article text of the subtree, as ``options.favor`` shapes it (classic: issue 5's selection alone)."""

def _compile_extraction(extraction: Extraction, /) -> object:
    """The options as the C core reads them (a capsule that Extraction keeps)."""

def _article_blocks(node: Node, /) -> tuple[list[str], bytes, int]:
    """Every text block's own text and its float32 features (nfeat per block), for tools/fit_blocks.py."""

def _article_meta(node: Node, /) -> dict[str, Any]:
    """The declared metadata sources the harvest kept apart, its dates and the ``<h1>`` texts it saw."""

def _date_iso(s: str, /) -> str | None:
    """A written date in ISO 8601, or None when it cannot be read unambiguously."""

def _date_scan(s: str, /) -> str | None:
    """The first date written in free text, in ISO 8601, or None."""

def _date_from_url(s: str, /) -> str | None:
    """The date in a URL path, in ISO 8601, or None."""

def _title_without_site(title: str, site: str | None = None, /) -> str:
    """The title with the site name cut off."""

def _page_type(node: Node, /) -> tuple[str, float]:
    """The page type of the subtree and its confidence (0..1)."""

def _page_type_features(node: Node, /) -> dict[str, float]:
    """The page-type model's features, in its order."""
