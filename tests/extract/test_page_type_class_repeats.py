"""The page type's class words (features cls_*: log(1 + the elements whose class or id holds one)) are
remembered per walk for the values met (common/word_memo.h): a page that repeats its values, and whose
values share the memo's slots, must count as if each were read alone."""

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
