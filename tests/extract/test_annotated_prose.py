"""article() on prose full of annotation links (issue 37, classic/select.c annotated_prose).

Link density is not navigation: a navigation link is a title or a name, alone in its line or among its
like with separators between them; an annotation link (a glossary's, a wiki's) is a word or two inside a
sentence. A story whose paragraphs link every other word is still prose and must not stop where the
annotations begin. Every page is of the test's own making.
"""

from __future__ import annotations

import distill

SENTENCES = [
    "The river runs past the old mill where the miller once ground wheat for the whole village",
    "Farmers brought their grain on carts pulled by oxen along the muddy road from the hills",
    "In a dry summer the wheel stood still and the village baked its bread from last year's flour",
    "The mill burned down in the winter of the great frost and was built again in stone",
    "Its new wheel was made of iron and turned twice as fast as the old wooden one",
    "Children came to watch the stones turn and to catch the fish that gathered below the weir",
    "When the railway reached the valley the carts stopped coming and the mill fell silent",
    "Today the building is a museum and the wheel turns again on the first Sunday of every month",
]


def paragraph(i: int, annotated: bool) -> str:
    """Paragraph i: two sentences, with two words of every three glossary links when annotated."""
    words = f"{SENTENCES[i % 8]}, and {SENTENCES[(i + 3) % 8].lower()}".split()
    if annotated:
        words = [f'<a href="/glossary/{w.strip(",")}">{w}</a>' if k % 3 else w for k, w in enumerate(words)]
    return f"<p>{' '.join(words)}, as note {i} records.</p>"


def story(plain: int, annotated: int) -> str:
    body = "".join(paragraph(i, i >= plain) for i in range(plain + annotated))
    return ('<!doctype html><html><head><title>The old mill</title></head><body><div id="nav"><ul>'
            '<li><a href="/">Home</a></li><li><a href="/stories">Stories</a></li><li><a href="/about">About</a>'
            f'</li></ul></div><div id="main"><h1>The old mill</h1><div class="story">{body}</div></div>'
            '<div id="footer"><p><a href="/privacy">Privacy</a> | <a href="/contact">Contact</a></p></div>'
            '</body></html>')


def notes(text: str, n: int) -> list[int]:
    return [i for i in range(n) if f"as note {i} records." in text]


def test_a_story_does_not_stop_where_its_annotations_begin() -> None:
    text = distill.article(story(10, 30)).text
    assert notes(text, 40) == list(range(40))


def test_a_line_of_links_with_a_label_is_still_navigation() -> None:
    # five short links after a one-word label, separators between them: the shape of a related-stories
    # line, though its links are as short as annotations
    related = "Related: " + " &middot; ".join(f'<a href="/s/{k}">The {w} story</a>'
                                             for k, w in enumerate("mill river wheat village frost".split()))
    page = story(6, 0).replace("</div></div><div id=\"footer\">", f"<p>{related}</p></div></div><div id=\"footer\">")
    text = distill.article(page).text
    assert notes(text, 6) == list(range(6))
    assert "Related:" not in text and "The frost story" not in text


def test_a_byline_with_its_tags_is_not_annotated_prose() -> None:
    # the article's footer: a line of words and short links, but the post's filing, not its prose
    byline = ('<footer><p>Posted by <a href="/author/anna">Anna Berg</a> on <time>2024-05-02</time> in '
              '<a href="/c/history">history</a>. Tags: <a href="/t/mill">mill</a>, <a href="/t/river">river</a>, '
              '<a href="/t/wheat">wheat</a>, <a href="/t/frost">frost</a>.</p></footer>')
    page = story(4, 6).replace("</div></div><div id=\"footer\">", f"{byline}</div></div><div id=\"footer\">")
    text = distill.article(page).text
    assert notes(text, 10) == list(range(10))
    assert "Posted by" not in text and "Tags:" not in text
