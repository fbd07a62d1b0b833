"""distill: the article body, its text, Markdown and metadata out of any web page, with a C core."""

from distill import _core

__all__ = ["_core"]
__version__ = "0.1.0"
