"""The content options both commands share: one flag per :class:`distill.Extraction` field.

Plus ``--base-url``. ``article`` and ``distill extract`` add them with :func:`add_content_options`
and read them back with :func:`extraction_from_args`, so the flags and the API never drift apart.
"""

from __future__ import annotations

import argparse

from distill.extract import Extraction

__all__ = ["add_content_options", "extraction_from_args"]


def add_content_options(parser: argparse.ArgumentParser) -> None:
    """Add the content flags (favor, what to include, the page's URL) to ``parser``."""
    g = parser.add_argument_group("content options (distill.Extraction)")
    g.add_argument("--favor", choices=("balanced", "precision", "recall"), default="balanced",
                   help="precision keeps less around the article, recall more (default: balanced)")
    g.add_argument("--no-images", dest="include_images", action="store_false",
                   help="leave images out of the Markdown and HTML")
    g.add_argument("--no-links", dest="include_links", action="store_false",
                   help="write link text without its target in the Markdown")
    g.add_argument("--no-tables", dest="include_tables", action="store_false",
                   help="leave tables out")
    g.add_argument("--no-formatting", dest="include_formatting", action="store_false",
                   help="write no emphasis, strong or strikethrough in the Markdown")
    g.add_argument("--comments", dest="include_comments", action="store_true",
                   help="also keep the reader comments: after the article in the text, and as their own field")
    g.add_argument("--base-url", metavar="URL", default=None,
                   help="the page's URL: relative links and images are written absolute against it")


def extraction_from_args(args: argparse.Namespace) -> Extraction:
    """The :class:`Extraction` the parsed flags ask for (``args.base_url`` is passed separately)."""
    return Extraction(
        favor=args.favor,
        include_images=args.include_images,
        include_links=args.include_links,
        include_tables=args.include_tables,
        include_comments=args.include_comments,
        include_formatting=args.include_formatting,
    )
