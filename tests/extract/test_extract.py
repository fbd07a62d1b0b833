"""The design's scoring walk, rule by rule, on small pages made here (no corpus figures).

Points are steered with commas: a paragraph of 25 to 99 characters scores 1 + its commas, so pages
can put two candidates a known number of points apart and check which one wins.
"""

from __future__ import annotations

import pytest

import distill
from distill import Extraction, Paragraph

WORDS = "the quiet river runs past old stone walls at dusk"


def para(points: int, *, tag: str = "p", attrs: str = "") -> str:
    """A paragraph-like element scoring exactly `points` (1 base + commas), 25 to 99 characters."""
    assert 1 <= points <= 10
    text = "ab, " * (points - 1) + "a sentence long enough to count"
    assert 25 <= len(text) < 100 and text.count(",") == points - 1
    return f"<{tag}{attrs}>{text}</{tag}>"


def paras(points: int) -> str:
    """Paragraphs worth `points` in total (parent share)."""
    out = []
    while points > 0:
        p = min(points, 10)
        out.append(para(p))
        points -= p
    return "".join(out)


def winner_id(markup: str) -> str | None:
    el = distill.parse(markup).main_content()
    if el is None:
        return None
    # data-k names a candidate whose id attribute is itself under test
    return el.attrs.get("data-k") or el.attrs.get("id", el.tag)


def duel(x_open: str, x_close: str, x_points: int, y_points: int) -> str | None:
    """Candidate x (the element under test) against y (a weightless <section>), each in its own
    weightless wrapper so the grandparent shares cannot tie with them."""
    return winner_id(
        f"<section id=wx>{x_open}{paras(x_points)}{x_close}</section>"
        f"<section id=wy><section id=y>{paras(y_points)}</section></section>"
    )


# ---- tag weights -------------------------------------------------------------------------------

# (opening, closing, weight, points given to x). td and pre are paragraph-like themselves, so their
# parent and grandparent also score their text: one paragraph of 4 points keeps x ahead of those
# (x = 4 + 3 = 7, the parent 4 + 2 = 6). At -5, x needs more than 10 points to stay ahead of its
# wrapper.
TAG_WEIGHTS = [
    ("<div id=x>", "</div>", 5, 12),
    ("<blockquote id=x>", "</blockquote>", 3, 12),
    ("<table><tr><td id=x>", "</td></tr></table>", 3, 4),
    ("<pre id=x>", "</pre>", 3, 4),
    ("<ul id=x>", "</ul>", -3, 20),
    ("<ol id=x>", "</ol>", -3, 20),
    ("<dl id=x>", "</dl>", -3, 20),
    ("<ul><li id=x>", "</li></ul>", -3, 20),
    ("<dl><dd id=x>", "</dd></dl>", -3, 20),
    ("<dl><dt id=x>", "</dt></dl>", -3, 20),
    ("<form id=x>", "</form>", -3, 20),
    *[(f"<h{i} id=x>", f"</h{i}>", -5, 20) for i in range(1, 7)],
    ("<table><tr><th id=x>", "</th></tr></table>", -5, 20),
]


@pytest.mark.parametrize(("x_open", "x_close", "weight", "x_points"), TAG_WEIGHTS)
def test_tag_weight(x_open: str, x_close: str, weight: int, x_points: int) -> None:
    # x scores x_points + weight: one point less for y and x wins, one point more and y wins.
    assert duel(x_open, x_close, x_points, x_points + weight - 1) == "x"
    assert duel(x_open, x_close, x_points, x_points + weight + 1) == "y"


def test_untagged_container_has_no_weight() -> None:
    assert duel("<section id=x>", "</section>", 12, 11) == "x"
    assert duel("<section id=x>", "</section>", 12, 13) == "y"


# ---- class / id weights ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attrs", "weight"),
    [
        ('class="article"', 25),
        ('class="main-content"', 25),
        ('class="post"', 25),
        ('class="promo"', -25),  # a negative hint that is not also a boilerplate (drop) word
        ('class="widget"', -25),
        ('class="article widget"', 0),  # both hints in one attribute: +25 - 25
        ('id="story"', 25),
        ('id="promo-box"', -25),
        ('class="post" id="entry"', 50),  # class and id count separately
        ('class="POST"', 25),  # hints are case-insensitive
    ],
)
def test_class_id_weight(attrs: str, weight: int) -> None:
    x_points = 30 if weight >= 0 else 60
    x_open = f"<section data-k=x {attrs}>"
    assert duel(x_open, "</section>", x_points, x_points + weight - 1) == "x"
    assert duel(x_open, "</section>", x_points, x_points + weight + 1) == "y"


# ---- pruned subtrees ---------------------------------------------------------------------------

LONG_WITH_COMMAS = "and, then, more, words, so, that, this, text, would, pass, the, floor"


@pytest.mark.parametrize("tag", ["nav", "aside", "header", "footer", "dialog"])
def test_pruned_block_subtree(tag: str) -> None:
    page = f"<div id=a><{tag}>{para(5)}</{tag}></div>"
    assert winner_id(page) is None
    assert winner_id(page.replace(f"<{tag}>", "<section>").replace(f"</{tag}>", "</section>"))


@pytest.mark.parametrize(
    "tag",
    [
        "script",
        "style",
        "noscript",
        "template",
        "title",
        "noembed",
        "noframes",
        "iframe",
        "object",
        "applet",
        "canvas",
        "video",
        "audio",
        "select",
        "button",
        "textarea",
        "datalist",
    ],
)
def test_pruned_inline_subtree_counts_nowhere(tag: str) -> None:
    # "Tiny text" alone is under the 25-character floor; the pruned element's text must not lift it.
    page = f"<div id=a><p>Tiny text <{tag}>{LONG_WITH_COMMAS}</{tag}></p></div>"
    assert winner_id(page) is None
    control = f"<div id=a><p>Tiny text <span>{LONG_WITH_COMMAS}</span></p></div>"
    assert winner_id(control) == "a"


LINKED_TEXT = "a sentence, long enough, to count, "  # 34 characters folded, 3 commas
# 34 + 1 + 34 = 69 characters folded, 34 of them inside the link, 6 commas: 7 points.
LINKED_PARA = f"<p>{LINKED_TEXT}<a href=/x>{LINKED_TEXT}</a></p>"


def test_pruned_text_excluded_from_enclosing_container() -> None:
    # a = (5 + 7) * (1 - 34/69) = 6.09 < b = 5 + 2. Were the script's text counted in a's totals,
    # its link density would fall near 0 and a (near 12) would win.
    page = f"<div id=a>{LINKED_PARA}<script>{LONG_WITH_COMMAS * 10}</script></div><div id=b>{para(2)}</div>"
    assert winner_id(page) == "b"
    control = page.replace("<script>", "<span>").replace("</script>", "</span>")
    assert winner_id(control) == "a"


@pytest.mark.parametrize(
    "foreign",
    [
        f"<svg><text>{LONG_WITH_COMMAS}</text></svg>",
        f"<svg><foreignObject><p>{LONG_WITH_COMMAS}</p></foreignObject></svg>",
        f"<math><mtext>{LONG_WITH_COMMAS}</mtext></math>",
    ],
)
def test_svg_and_mathml_are_skipped(foreign: str) -> None:
    assert winner_id(f"<div id=a><p>Tiny text {foreign}</p></div>") is None


def test_foreign_paragraphs_do_not_score() -> None:
    page = f"<div id=a><svg><foreignObject>{para(8)}</foreignObject></svg></div>"
    assert winner_id(page) is None


# ---- boilerplate class / id subtrees -----------------------------------------------------------


@pytest.mark.parametrize(
    "attrs",
    [
        'class="comment"',
        'class="modal"',
        'class="share-tools"',
        'id="sidebar"',
        'class="pagination"',
    ],
)
def test_boilerplate_subtree_dropped(attrs: str) -> None:
    assert winner_id(f"<section {attrs}><div id=a>{para(6)}</div></section>") is None


@pytest.mark.parametrize("attrs", ['class="comment article"', 'class="sidebar-content"', 'id="main-share"'])
def test_boilerplate_subtree_rescued_by_same_attribute(attrs: str) -> None:
    assert winner_id(f"<section {attrs}><div id=a>{para(6)}</div></section>") == "a"


def test_rescue_in_other_attribute_does_not_rescue() -> None:
    assert winner_id(f'<section class="comment" id="main"><div id=a>{para(6)}</div></section>') is None


def test_body_class_never_drops_the_page() -> None:
    assert winner_id(f'<body class="has-sidebar"><div id=a>{para(6)}</div></body>') == "a"


# ---- parent / grandparent split ----------------------------------------------------------------


def test_grandparent_gets_half() -> None:
    # g holds a direct paragraph worth t and, via p, half of a paragraph worth 8; p gets the 8 in
    # full.
    # Both are divs (+5): g = t + 4 + 5, p = 8 + 5, so g wins exactly when t > 4.
    def page(t: int) -> str:
        return f"<div id=g>{para(t)}<div id=p>{para(8)}</div></div>"

    assert winner_id(page(5)) == "g"
    assert winner_id(page(3)) == "p"


def test_length_points_are_capped_at_three() -> None:
    long_text = "word " * 200  # 999 characters folded, no commas: 1 + 3 points, not 1 + 9
    page = f"<section id=a><p>{long_text}</p></section><section id=b>{para(5)}</section>"
    assert winner_id(page) == "b"
    page = f"<section id=a><p>{long_text}</p></section><section id=b>{para(3)}</section>"
    assert winner_id(page) == "a"


def test_one_length_point_per_hundred_characters() -> None:
    text = "x" * 199  # one length point (floored)
    page = f"<section id=a><p>{text}</p></section><section id=b>{para(3)}</section>"
    assert winner_id(page) == "b"  # a = 2 < b = 3
    text = "x" * 200  # two length points
    page = f"<section id=a><p>{text}</p></section><section id=b>{para(2)}</section>"
    assert winner_id(page) == "a"  # a = 3 > b = 2


# ---- link density ------------------------------------------------------------------------------


def test_link_density_discounts_the_score() -> None:
    # a = (5 + 7) * (1 - 34/69) = 6.09 against b = 5 + b's points.
    assert winner_id(f"<div id=a>{LINKED_PARA}</div><div id=b>{para(1)}</div>") == "a"
    assert winner_id(f"<div id=a>{LINKED_PARA}</div><div id=b>{para(2)}</div>") == "b"


def test_all_link_text_scores_zero() -> None:
    page = "<div id=a><p><a href=/1>" + LONG_WITH_COMMAS + "</a></p></div>"
    assert winner_id(page) is None


# ---- the 25-character floor --------------------------------------------------------------------


def test_floor_at_25_characters() -> None:
    assert winner_id("<div id=a><p>" + "x" * 25 + "</p></div>") == "a"
    assert winner_id("<div id=a><p>" + "x" * 24 + "</p></div>") is None


def test_floor_counts_folded_white_space_and_code_points() -> None:
    # 12 + 1 + 11 = 24 characters once the white space run is folded: under the floor.
    assert winner_id("<div id=a><p>  " + "x" * 12 + " \n\t  " + "y" * 11 + "   </p></div>") is None
    assert winner_id("<div id=a><p>" + "x" * 12 + "  " + "y" * 12 + "</p></div>") == "a"
    # 25 code points of 2-byte UTF-8 pass; 24 do not (bytes would be 48).
    assert winner_id("<div id=a><p>" + "é" * 25 + "</p></div>") == "a"
    assert winner_id("<div id=a><p>" + "é" * 24 + "</p></div>") is None


def test_paragraph_like_elements() -> None:
    for tag in ("p", "pre"):
        assert winner_id(f"<section id=a>{para(3, tag=tag)}</section>") == "a"
    # td is paragraph-like: its row gets its points.
    assert winner_id(f"<table><tr id=r>{para(3, tag='td')}</tr></table>") == "r"
    # a div is not paragraph-like: its text alone scores nothing.
    assert winner_id(f"<section id=a>{para(3, tag='div')}</section>") is None


# ---- no winner ---------------------------------------------------------------------------------


def test_stub_page_has_no_winner() -> None:
    doc = distill.parse("<title>Stub</title><p>Coming soon.</p>")
    assert doc.main_content() is None
    assert doc.main_text() == ""


def test_navigation_only_page_has_no_winner() -> None:
    links = "".join(f"<li><a href=/{i}>Section number {i} of the site, all</a></li>" for i in range(9))
    doc = distill.parse(f"<div><ul>{links}</ul><p><a href=/a>{LONG_WITH_COMMAS}</a></p></div>")
    assert doc.main_content() is None
    assert doc.main_text() == ""


def test_negative_scores_do_not_win() -> None:
    # li = 3 - 3 - 25, ul = 1.5 - 3 - 25: both negative, so nothing wins.
    assert winner_id(f'<ul class="promo"><li class="promo">{para(3)}</li></ul>') is None


def test_winner_is_existing_element_unchanged() -> None:
    doc = distill.parse(f"<div id=a><p>{LONG_WITH_COMMAS}</p><nav>menu</nav></div>")
    el = doc.main_content()
    assert el is not None and el.tag == "div" and el == doc.find("div")
    assert "menu" in el.text  # not cleaned


def test_main_content_on_a_subtree() -> None:
    doc = distill.parse(f"<div id=a>{para(9)}</div><div id=b>{para(2)}</div>")
    b = [d for d in doc.find_all("div") if d.attrs.get("id") == "b"][0]
    assert doc.main_content() != b
    assert b.main_content() == b


# ---- main_text rendering -----------------------------------------------------------------------


def test_main_text_block_layout() -> None:
    doc = distill.parse(
        "<div><h2>Title  here</h2><p>First   paragraph,\n with\twhite space, folded.</p>"
        "<ul><li>one</li><li>two <b>bold</b></li></ul>"
        "<table><tr><td>a1</td><td>b1</td></tr><tr><td>a2</td><td>b2</td></tr></table>"
        "<p>Line<br>break</p><script>var x = 1;</script></div>"
    )
    assert doc.main_text() == (
        "Title here\nFirst paragraph, with white space, folded.\none\ntwo bold\na1 b1\na2 b2\nLine\nbreak"
    )


def test_main_text_keeps_pre_white_space() -> None:
    doc = distill.parse(f"<div>{para(4)}<pre>a  b\n  c</pre></div>")
    assert doc.main_text().endswith("\na  b\n  c")


def test_million_nested_elements() -> None:
    # No recursion anywhere in the walks: a million open elements only grow heap stacks.
    depth = 1_000_000
    markup = "<div>" * depth + para(4) + "</div>" * depth
    doc = distill.parse(markup)
    el = doc.main_content()
    assert el is not None and el.tag == "div" and el.find("p") is not None
    assert doc.main_text().startswith("ab, ab, ab")
    assert [p.is_boilerplate for p in distill.boilerplate(markup)] == [False]
    assert doc.article().element == el


# ---- boilerplate() -----------------------------------------------------------------------------


def test_boilerplate_units_and_classification() -> None:
    page = (
        "<nav><ul><li>Home</li><li>About</li></ul></nav>"
        f"<div><h2>Heading</h2>{para(6)}<p>Too short.</p>"
        f"<blockquote><p>{LONG_WITH_COMMAS}</p></blockquote></div>"
        "<footer><p>Copyright notice for the whole web site here.</p></footer>"
    )
    got = distill.boilerplate(page)
    assert all(isinstance(p, Paragraph) for p in got)
    assert [(p.text[:10], p.is_boilerplate, p.is_heading) for p in got] == [
        ("Home", True, False),
        ("About", True, False),
        ("Heading", False, True),
        ("ab, ab, ab", False, False),
        ("Too short.", True, False),
        (LONG_WITH_COMMAS[:10], False, False),  # the blockquote holds a unit: only the <p> is one
        ("Copyright ", True, False),
    ]


def test_boilerplate_length_threshold() -> None:
    def classify(n: int, opts: Extraction | None = None) -> bool:
        page = f"<div>{para(8)}<p>{'y' * n}</p></div>"
        return distill.boilerplate(page, opts)[-1].is_boilerplate

    assert classify(25) is False and classify(24) is True
    assert classify(70, Extraction.justext()) is False
    assert classify(69, Extraction.justext()) is True


def test_boilerplate_link_density_threshold() -> None:
    def classify(linked: int, total: int, opts: Extraction | None = None) -> bool:
        page = f"<div>{para(8)}<p>{'y' * (total - linked)}<a href=/>{'z' * linked}</a></p></div>"
        return distill.boilerplate(page, opts)[-1].is_boilerplate

    assert classify(50, 100) is False  # exactly 0.5 clears
    assert classify(51, 100) is True
    assert classify(20, 100, Extraction.justext()) is False
    assert classify(21, 100, Extraction.justext()) is True


def test_boilerplate_keep_headings() -> None:
    page = f"<div><h3>Short</h3>{para(8)}</div>"
    assert distill.boilerplate(page)[0] == Paragraph("Short", False, True)
    assert distill.boilerplate(page, Extraction(keep_headings=False))[0].is_boilerplate


def test_boilerplate_agrees_with_main_content() -> None:
    page = f"<section><p>{LONG_WITH_COMMAS}</p></section><div>{para(9)}{para(9)}</div>"
    got = distill.boilerplate(page)
    content = [p.text for p in got if not p.is_boilerplate]
    winner = distill.parse(page).main_content()
    assert winner is not None and all(t in winner.text for t in content)
    assert got[0].is_boilerplate  # outside the winner even though long and link-free


def test_boilerplate_without_winner_is_all_boilerplate() -> None:
    got = distill.boilerplate("<p>Coming soon.</p><p>Stay tuned.</p>")
    assert [p.text for p in got] == ["Coming soon.", "Stay tuned."]
    assert all(p.is_boilerplate for p in got)


def test_extraction_validation() -> None:
    assert Extraction() == Extraction(25, 0.5, True)
    assert Extraction.justext() == Extraction(70, 0.2, True)
    with pytest.raises(ValueError):
        Extraction(min_length=-1)
    with pytest.raises(ValueError):
        Extraction(max_link_density=1.5)
    with pytest.raises(ValueError):
        Extraction(max_link_density=-0.1)
    with pytest.raises(TypeError):
        Extraction(min_length="5")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        distill.boilerplate("<p>x</p>", options=object())  # type: ignore[arg-type]
    with pytest.raises(AttributeError):
        Extraction().min_length = 3  # type: ignore[misc]
