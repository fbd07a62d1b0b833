"""Bad arguments and bad bytes end in a result or a clear exception, never a crash."""

import pytest

import distill


@pytest.mark.parametrize("bad", [None, 42, 3.5, ["<p>"], object()])
def test_wrong_markup_type_names_the_argument(bad):
    with pytest.raises(TypeError, match="markup"):
        distill.parse(bad)


def test_unknown_encoding_label():
    with pytest.raises(LookupError):
        distill.parse(b"<p>x", encoding="no-such-encoding")


@pytest.mark.parametrize("data", [
    b"<p>\xe2\x82",            # truncated multi-byte sequence at the end
    b"<p>\xff\xfe\xfd</p>",     # bytes that are never UTF-8
    b"<p a='\xc3'>\xc3</p>",
    b"\x00<p>\x00</p>\x00",
])
def test_bad_bytes_give_a_tree(data):
    doc = distill.parse(data)
    assert doc.find("p") is not None


def test_lone_surrogates_in_str_are_replaced():
    doc = distill.parse("<p>a\ud800b</p>")
    assert doc.find("p").text == "a\ufffdb"


def test_fragment_with_bad_context():
    with pytest.raises((ValueError, TypeError)):
        distill.parse_fragment("<p>x", context=5)  # type: ignore[arg-type]
