"""distill: the article body, its text, Markdown and metadata out of any web page, with a C core."""

from distill import _core
from distill.extract import Article, Extraction, Paragraph, article, boilerplate

__all__ = ["Article", "Extraction", "Paragraph", "_core", "article", "boilerplate"]
__version__ = "0.1.0"
