"""The page type's class words (features cls_*: log(1 + the elements whose class or id holds one)), a class
value's part of an element's shape (repeat_*) and whether it names a button (button_links) are remembered
per walk for the values met (page_type.c's value memo): a page that repeats its values, and whose values
share the memo's slots, must count as if each were read alone."""

from __future__ import annotations

import math

from distill import _core


def test_repeated_and_colliding_values_count_as_alone() -> None:
    # 1,200 same-length values, half of them post words and half not ("xost" is no word), each twice:
    # more values than the memo's 256 slots, so values with and without the word share slots
    values = [f"{k:04d}-{w}" for k in range(600) for w in ("post", "xost")]
    body = "".join(f'<div class="{v}">item {k}</div>' for k, v in enumerate(values + values[::-1]))
    f = _core._page_type_features(_core.parse(f"<html><body>{body}</body></html>"))
    assert f["cls_post"] == math.log(1 + 1200), f["cls_post"]
    # ids too, and an id's words count once per element with its class's
    body = "".join(f'<p id="{v}" class="{v}">item {k}</p>' for k, v in enumerate(values))
    f = _core._page_type_features(_core.parse(f"<html><body>{body}</body></html>"))
    assert f["cls_post"] == math.log(1 + 600), f["cls_post"]


def _features(body: str) -> dict[str, float]:
    return _core._page_type_features(_core.parse(f"<html><body>{body}</body></html>"))


def test_shapes_from_remembered_values_ignore_digits_and_collisions() -> None:
    # 300 cards whose class values differ only in their digits are one shape, though each card's
    # inner element has a value of its own (600 values in all: more than the memo's slots)
    inner = [f'<span class="inner-{k}-{chr(97 + k % 26)}">x</span>' for k in range(300)]
    cards = "".join(f'<div class="card-{k}">{span}</div>' for k, span in enumerate(inner))
    f = _features(f"<section>{cards}</section>")
    assert f["repeat_max"] == math.log(1 + 300), f["repeat_max"]
    # no class, an empty one and one of digits only are the same shape; another word is another shape
    same = '<div>a</div><div class="">b</div><div class="123">c</div><div class="4">d</div>'
    other = '<div class="note">e</div>' * 3
    f = _features(f"<section>{same}{other}</section>")
    assert f["repeat_max"] == math.log(1 + 4), f["repeat_max"]
    # only a value's first 64 bytes make its shape
    head = "a" * 64
    divs = "".join(f'<div class="{head}{k}-{w}">x</div>' for k, w in enumerate("pqrs"))
    f = _features(f"<section>{divs}</section>")
    assert f["repeat_max"] == math.log(1 + 4), f["repeat_max"]


def test_button_links_from_remembered_values() -> None:
    # the same value on elements that are not links first, then on links: only the links count
    body = '<div class="nav-btn">a</div>' * 5 + '<a href="/x" class="nav-btn">b</a>' * 3
    body += '<a href="/y" class="Primary-BUTTON">c</a><a href="/z" class="plain">d</a>'
    f = _features(body)
    assert f["button_links"] == math.log(1 + 4), f["button_links"]
