"""The element table reads an inline style as hiding its element when "display:none" or
"visibility:hidden" occurs in it, in any case and with white space anywhere in it; the scan looks for
the pattern's first letter in either case and skips every other byte at once."""

from __future__ import annotations

from array import array

import pytest
from conftest import feature_index

import distill
from distill import _core

HIDDEN = feature_index("in_hidden")  # the block is inside a hidden element


def hidden(style: str) -> bool:
    text = "A paragraph of text that sits inside the styled element."
    doc = distill.parse(f'<!doctype html><html><body><div style="{style}"><p>{text}</p></div></body></html>')
    texts, feats, nfeat = _core._article_blocks(doc)
    a = array("f")
    a.frombytes(feats)
    return a[texts.index(text) * nfeat + HIDDEN] == 1.0


@pytest.mark.parametrize("style", [
    "display:none", "DISPLAY:NONE", "Display : None", "color: red; display:\n none", "d display:none",
    "visibility:hidden", "VISIBILITY: Hidden", "margin:0;visibility : hidden ;", "v vvisibility:hidden",
    "dis play:no ne",
])
def test_a_hiding_style_hides(style: str) -> None:
    assert hidden(style)


@pytest.mark.parametrize("style", [
    "display:block", "display:nonx", "visibility:visible", "color:red", "", "dispay:none", "visibility:hiden",
])
def test_another_style_does_not(style: str) -> None:
    assert not hidden(style)
