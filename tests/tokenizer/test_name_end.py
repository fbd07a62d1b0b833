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
NOT_STOPS = [b"\x01", b"\x0b", b"\x1f", b"\x7f", b"-", b"\xc3\xa9"]


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
