"""article() text: sibling inline elements whose texts touch are read as two words (serialize/text.c
inline_gaps, which regions.c asks for).

A shop's tag chips, a label and its value, a card's fields are often written as touching <a> or <span>
elements that the page's style sets apart; their bytes hold "ActionAdventure" where a reader sees two
words. Text that continues an element, words spelt one letter per element, touching emphasis, <pre>
and the plain to_text() of the tree stay as written.
"""

from __future__ import annotations

from conftest import PROSE, page

import distill


def article_text(inner: str) -> str:
    """The article text of a page of prose whose second paragraph ends with inner."""
    body = "<main>" + "".join(
        f"<p>{p}{(' ' + inner) if i == 1 else ''}</p>" for i, p in enumerate(PROSE)) + "</main>"
    return distill.article(page(body)).text


def test_touching_links_and_spans_are_two_words() -> None:
    text = article_text('Tags: <a href="/t/roads">Roads</a><a href="/t/schools">Schools</a> and '
                        '<span class="k">Publisher</span><span class="v">Town Hall</span>.')
    assert "Roads Schools" in text
    assert "Publisher Town Hall" in text
    assert "RoadsSchools" not in text and "PublisherTown" not in text


def test_markdown_holds_the_same_words() -> None:
    body = "<main>" + "".join(f"<p>{p}</p>" for p in PROSE) + (
        '<p>Details: <span class="k">Publisher</span><span class="v">Town Hall</span>, '
        '<span>super</span><wbr><span>market</span>.</p></main>')
    a = distill.article(page(body))
    assert "Publisher Town Hall" in a.text and "Publisher Town Hall" in a.markdown
    assert "supermarket" in a.text and "supermarket" in a.markdown


def test_text_that_continues_an_element_stays_one_word() -> None:
    text = article_text("The <b>W</b>ard office and the <a href=/lib>librar</a>ies agreed.")
    assert "Ward office" in text and "libraries agreed" in text


def test_a_word_spelt_one_letter_per_element_stays_whole() -> None:
    text = article_text("It said <span>i</span><span>f</span> and <span>n</span><span>ow</span> too.")
    assert "said if and now too" in text


def test_letters_of_other_scripts_are_not_cut() -> None:
    text = article_text("<span>\u6f22\u5b57</span><span>\u4eee\u540d</span> end.")
    assert "\u6f22\u5b57\u4eee\u540d" in text


def test_the_plain_text_of_the_tree_is_unchanged() -> None:
    doc = distill.parse(page("<p><a href=/a>Roads</a><a href=/b>Schools</a></p>"))
    assert "RoadsSchools" in doc.to_text()


def test_a_word_break_opportunity_is_not_a_space() -> None:
    text = article_text("A <span>super</span><wbr><span>market</span> opened.")
    assert "A supermarket opened." in text


def test_touching_emphasis_is_one_run_of_text() -> None:
    text = article_text("It was a <b>well</b><i>known</i> fact.")
    assert "a wellknown fact" in text
