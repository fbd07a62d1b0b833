"""The class, id and itemprop words that mark a visible byline (harvest.c's hint words, words.h): a value marks
one when it holds a byline word (in any case, anywhere in it) and no word of a picture, a biography or
a comment; one pass over the value finds them all, so each word and each veto is tried here."""

from __future__ import annotations

import pytest
from test_meta_byline_cleaning import PROSE, byline_of  # the same article page, the line under its headline

import distill


def byline_under_headline(attrs: str) -> str | None:
    return byline_of(f"<div {attrs}>Jane Doe</div>")


@pytest.mark.parametrize(
    "attrs",
    [
        "class=byline",
        "class=post-author",
        "class=entry-writer",
        "class=autor",
        "class=nom-auteur",
        "class=by-line",
        "class=reporter",
        "class=Article-AUTHOR-Name",  # any case
        "id=author",
        'itemprop="author"',
        "class='x byline-wrap'",
        # short values (read a byte at a time) with the word in capitals, after other letters, at the end
        "class=AUTHOR",
        "id=ByLine",
        "class=xauthor",
        "class=a1-Writer",
        # a forum post's user name
        "class=username",
        "class='message-userName'",
        "class=bigusername",
    ],
)
def test_a_byline_word_marks_the_byline(attrs: str) -> None:
    assert byline_under_headline(attrs) == "Jane Doe"


@pytest.mark.parametrize(
    "attrs",
    [
        "class=author-avatar",
        "class=author-image",
        "class=author-photo",
        "class=author-img",
        "class=author-bio",
        "class=author-pic",
        "class=author-thumb",
        "class=comment-author",
        "class=authority",
        "class=author-social",
        "class=follow-author",
        "class=authorization-link",
        "class=nothing-here",
    ],
)
def test_a_picture_bio_or_comment_word_vetoes_it(attrs: str) -> None:
    assert byline_under_headline(attrs) is None


# Values of 17 bytes or more are read 16 places at a time and the places past the last whole 16 a byte at
# a time: the word (or the veto) at the end of values of every length from 17 to 48 bytes falls once in
# each position of the last block and of the rest.
@pytest.mark.parametrize("pad", range(10, 42))
def test_a_byline_word_ends_a_long_value(pad: int) -> None:
    assert byline_under_headline(f"class={'x' * pad}-Author") == "Jane Doe"


@pytest.mark.parametrize("pad", range(8, 40))
def test_a_user_name_word_ends_a_long_value(pad: int) -> None:
    # "us" is a piece of its own in the 16-place scan and in the byte-at-a-time rest
    assert byline_under_headline(f"class={'x' * pad}-UserName") == "Jane Doe"


@pytest.mark.parametrize("pad", range(3, 35))
def test_a_veto_ends_a_long_value(pad: int) -> None:
    assert byline_under_headline(f"class=author-{'x' * pad}-avatar") is None


def test_a_repeated_value_keeps_its_hint() -> None:
    # the walk remembers each class and id value's hints the first time it meets the value: the byline's
    # class met again under the headline (and its id on a second element) is read from that memory
    page = (
        "<html lang=en><head></head><body><header><span class=post-author id=auth-box></span></header>"
        "<article><h1>Council passes the budget</h1><div class=post-author>Jane Doe</div>"
        f"<div class=text>{PROSE}</div></article><footer><i id=auth-box></i></footer></body></html>"
    )
    assert distill.article(page).byline == "Jane Doe"
