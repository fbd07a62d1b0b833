"""article() on pages that are not news articles (issue 12, session 3): rules and features each
checked on a small page of the test's own making."""

from __future__ import annotations

import distill

PROSE = [
    "The council approved the new budget on Tuesday, after a long debate about schools, roads, and the "
    "future of the old library building downtown.",
    "Residents who spoke at the meeting were divided, with some praising the plan, others asking for "
    "more time, and a few demanding a public vote.",
    "The mayor said the city would publish the full figures next week, and that work on the first "
    "projects could start in the spring, weather permitting.",
]


def page(body: str) -> str:
    return f"<!doctype html><html><head><title>t</title></head><body>{body}</body></html>"


def test_streamed_segment_is_visible_but_other_hidden_divs_are_not() -> None:
    # A streaming server renderer sends the content after a placeholder in <div hidden id="S:0">,
    # and its inline script moves it into place: a reader sees it. An ordinary hidden div stays out.
    paras = "".join(f"<p>{p}</p>" for p in PROSE)
    body = (
        '<header><a href="/">Home</a></header><main><template id="B:0"></template><p>Loading...</p></main>'
        f'<div hidden id="S:0"><article><h1>Budget passes</h1>{paras}</article></div>'
        '<div hidden id="menu"><p>A hidden drawer that says something long enough to be a paragraph of '
        "its own, with commas, words, and a full stop.</p></div>"
    )
    text = distill.article(page(body)).text
    assert PROSE[0] in text and PROSE[2] in text
    assert "hidden drawer" not in text
    # the exporters agree (Article.text is rendered by them)
    doc = distill.parse(page(body))
    assert PROSE[1] in doc.to_text()
    assert "hidden drawer" not in doc.to_text()


def test_streamed_segment_id_must_be_the_renderers_shape() -> None:
    # "S:" and a base-36 number only: a hidden div with another id keeps hiding its text
    for ident in ("S:", "S:Menu", "s:0", "S:0 x", "Sx0"):
        body = f'<div hidden id="{ident}"><p>{PROSE[0]}</p></div><article><p>{PROSE[1]}</p><p>{PROSE[2]}</p></article>'
        assert PROSE[0] not in distill.article(page(body)).text, ident
