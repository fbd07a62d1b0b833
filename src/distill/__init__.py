"""distill: the article body, its text, Markdown and metadata out of any web page, with a C core.

Parsing follows the WHATWG HTML Standard::

    import distill
    doc = distill.parse(b"<p>Hello <b>world</b>")
    doc.find("b").text            # 'world'
    doc.serialize()               # '<html><head></head><body><p>Hello <b>world</b></p></body></html>'
"""

from distill._core import (
    Comment,
    Doctype,
    Document,
    DocumentFragment,
    Element,
    Node,
    Text,
    parse,
    parse_fragment,
)
from distill.export import Markdown, PlainText
from distill.extract import Article, Extraction, Paragraph, article, boilerplate
from distill.sanitize import Policy, Sanitizer

__all__ = [
    "Article",
    "Comment",
    "Doctype",
    "Document",
    "DocumentFragment",
    "Element",
    "Extraction",
    "Markdown",
    "Node",
    "Paragraph",
    "PlainText",
    "Policy",
    "Sanitizer",
    "Text",
    "article",
    "boilerplate",
    "parse",
    "parse_fragment",
]
__version__ = "0.1.0"
