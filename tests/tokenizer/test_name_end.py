"""Where a tag or attribute name ends: the tokenizer screens 16 bytes at a time for the bytes that may
end a name (dl_name_end in tokenizer.c), so every stop byte and every byte that only looks like one
(a control byte below U+0020 that is no stop) is tried at each place around a 16-byte boundary, and
the name must be what the Standard's one-byte-at-a-time states make of it."""

from __future__ import annotations

import pytest

import distill

# bytes that end a tag name (13.2.5.8), and the extra ones that end an attribute name (13.2.5.33)
TAG_STOPS = [b"\t", b"\n", b"\x0c", b" ", b"/", b">"]
ATTR_STOPS = TAG_STOPS + [b"="]
# bytes below U+0020 (and others) that are part of a name
NOT_STOPS = [b"\x01", b"\x08", b"\x0b", b"\x0e", b"\x1f", b"\x7f", b"-", b"\xc3\xa9"]


def _name(length: int, inner: bytes, at: int) -> bytes:
    base = b"n" * length
    return base[:at] + inner + base[at:]


@pytest.mark.parametrize("length", [1, 7, 15, 16, 17, 31, 33])
@pytest.mark.parametrize("inner", NOT_STOPS)
def test_attribute_name_keeps_bytes_that_are_no_stop(length: int, inner: bytes) -> None:
    for at in range(length + 1):
        name = _name(length, inner, at)
        el = distill.parse(b"<p x " + name + b'="v">t</p>').find("p")
        assert el is not None
        expected = name.decode("utf-8", "replace")
        assert el.attrs.get(expected) == "v", (name, el.attrs)


@pytest.mark.parametrize("length", [1, 15, 16, 17, 40])
@pytest.mark.parametrize("stop", ATTR_STOPS)
def test_attribute_name_ends_at_each_stop(length: int, stop: bytes) -> None:
    for at in range(1, length + 1):
        head = b"a" * at
        page = b"<p " + head + stop + b"b" * (length - at) + b" z=1>t</p>"
        el = distill.parse(page).find("p")
        assert el is not None
        assert head.decode() in el.attrs, (page, el.attrs)
        if stop not in (b">", b"="):  # after those, the rest is text or the value
            assert "z" in el.attrs


@pytest.mark.parametrize("length", [1, 15, 16, 17, 40])
@pytest.mark.parametrize("stop", TAG_STOPS)
def test_tag_name_ends_at_each_stop(length: int, stop: bytes) -> None:
    name = b"x" * length
    page = b"<body><" + name + stop + b"><i>t</i></body>"
    body = distill.parse(page).find("body")
    assert body is not None
    first = next(iter(body.iter()))
    assert first.tag == name.decode()


@pytest.mark.parametrize("inner", NOT_STOPS)
def test_tag_name_keeps_bytes_that_are_no_stop(inner: bytes) -> None:
    for length in (3, 15, 16, 17, 20):
        for at in range(1, length + 1):  # a tag name starts with a letter
            name = b"Q" * at + inner + b"q" * (length - at)
            body = distill.parse(b"<body><" + name + b" a=1>t</body>").find("body")
            assert body is not None
            first = next(iter(body.iter()))
            # upper case ASCII is lowered, nothing else is changed
            assert first.tag == name.decode("utf-8", "replace").replace("Q", "q"), (name, first.tag)


@pytest.mark.parametrize("tag", ["title", "textarea", "style", "script", "xmp", "noframes"])
@pytest.mark.parametrize("tail", [b">", b" >", b"/>", b""])
def test_upper_case_end_tag_of_text_elements_is_lowered(tag: str, tail: bytes) -> None:
    # names shorter than eight bytes are lowered eight input bytes at a time, so the page also ends
    # right after the name (tail b"") to check that the input's end is respected
    page = b"<body><" + tag.encode() + b">a</" + tag.upper().encode() + tail
    if not tail:
        # cut off inside the end tag's name: "</" and the name as written are text (13.2.5.11)
        el = distill.parse(page).find(tag)
        assert el is not None
        assert el.text == "a</" + tag.upper()
        return
    el = distill.parse(page + b"<b>z</b>").find(tag)
    assert el is not None
    assert el.text == "a"
    after = distill.parse(page + b"<b>z</b>").find("b")
    assert after is not None and after.text == "z"


@pytest.mark.parametrize("length", range(1, 12))
def test_names_at_the_end_of_the_input(length: int) -> None:
    # a start tag cut off by the end of the input is dropped (13.2.5.8 "EOF in tag"): the text before
    # it stays, whatever the name's length
    for prefix in (b"<body>t<", b"<body>t<p "):
        doc = distill.parse(prefix + b"A" * length)
        body = doc.find("body")
        assert body is not None and body.text == "t"


def test_duplicate_attribute_first_one_wins_whatever_the_lengths() -> None:
    # duplicates are looked for only among names of a length seen before in the tag (bit n % 64), so
    # names of the same length, and lengths 64 apart, must still be told apart or found equal
    long_a, long_b = "a" * 65, "b" * 65
    page = f"<p ab=1 cd=2 ab=3 x=4 {long_a}=5 y=6 {long_a}=7 {long_b}=8 x=9 cd=10>t</p>".encode()
    el = distill.parse(page).find("p")
    assert el is not None
    assert dict(el.attrs) == {"ab": "1", "cd": "2", "x": "4", long_a: "5", "y": "6", long_b: "8"}
    assert list(el.attrs) == ["ab", "cd", "x", long_a, "y", long_b]


def test_duplicate_attribute_in_a_tag_with_many_attributes() -> None:
    # from eight attributes on, duplicates are found through a hash table instead
    names = [f"n{i}" for i in range(20)]
    page = ("<p " + " ".join(f"{n}={i}" for i, n in enumerate(names)) + " n3=x n19=y>t</p>").encode()
    el = distill.parse(page).find("p")
    assert el is not None
    assert el.attrs["n3"] == "3" and el.attrs["n19"] == "19" and len(el.attrs) == 20
