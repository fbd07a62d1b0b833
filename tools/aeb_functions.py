"""Page-bytes-to-text functions for ../shared/tools/score_aeb.py (``module:function``).

PYTHONPATH=src python ../shared/tools/score_aeb.py tools.aeb_functions:main_text --worst 10
"""

from __future__ import annotations

import distill


def main_text(page: bytes) -> str:
    """The design's main_text(), parse included."""
    return distill.parse(page).main_text()


def article_text(page: bytes) -> str:
    """article().text, parse included."""
    return distill.parse(page).article().text
