"""Encoding sniffing, label lookup, decoding to UTF-8 and the offset map (distill._core private API)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from distill import _core

sniff = _core._sniff
decode = _core._decode
offsets = _core._decode_offsets


# ---- labels ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("label", "name"),
    [
        ("latin1", "windows-1252"),
        ("ISO-8859-1", "windows-1252"),
        ("ascii", "windows-1252"),
        ("US-ASCII", "windows-1252"),
        ("  utf8\t\n", "utf-8"),
        ("UTF-8", "utf-8"),
        ("unicode-1-1-utf-8", "utf-8"),
        ("iso8859-2", "iso-8859-2"),
        ("latin2", "iso-8859-2"),
        ("iso-8859-9", "windows-1254"),
        ("tis-620", "windows-874"),
        ("gb2312", "gbk"),
        ("x-sjis", "shift_jis"),
        ("Shift_JIS", "shift_jis"),
        ("ks_c_5601-1987", "euc-kr"),
        ("big5-hkscs", "big5"),
        ("utf-16", "utf-16le"),
        ("UTF-16BE", "utf-16be"),
        ("iso-2022-kr", "replacement"),
        ("koi8-ru", "koi8-u"),
        ("logical", "iso-8859-8-i"),
        ("x-user-defined", "x-user-defined"),
    ],
)
def test_label_maps_to_canonical_name(label: str, name: str) -> None:
    assert _core._lookup_encoding(label) == name


@pytest.mark.parametrize(
    "label", ["", "   ", "utf-7", "replacement", "latin-1", "utf8\x00", "u tf8", "x" * 200, "utf\u00e9"]
)
def test_unknown_label_raises_lookup_error(label: str) -> None:
    with pytest.raises(LookupError):
        _core._lookup_encoding(label)
    with pytest.raises(LookupError):
        sniff(b"abc", label)


# ---- sniffing precedence --------------------------------------------------------------------


def test_boms() -> None:
    assert sniff(b"\xef\xbb\xbfabc") == "utf-8"
    assert sniff(b"\xff\xfea\x00") == "utf-16le"
    assert sniff(b"\xfe\xff\x00a") == "utf-16be"


def test_bom_beats_label_and_meta() -> None:
    page = b'\xef\xbb\xbf<meta charset="koi8-r">caf\xc3\xa9'
    assert sniff(page, "windows-1251") == "utf-8"
    assert decode(page, "windows-1251") == ('<meta charset="koi8-r">café', "utf-8")
    assert sniff(b"\xff\xfe<\x00", "utf-8") == "utf-16le"


def test_label_beats_meta_and_utf8_detection() -> None:
    page = '<meta charset="koi8-r">café'.encode()
    # Valid UTF-8 with non-ASCII text under a legacy <meta> reads as UTF-8 (issue 14); the strict
    # order (utf8_detect=False, the html5lib tests' mode) and an explicit label still obey.
    assert sniff(page) == "utf-8"
    assert sniff(page, utf8_detect=False) == "koi8-r"
    assert sniff(page, "iso-8859-2") == "iso-8859-2"
    assert sniff("café".encode(), "latin1") == "windows-1252"


def test_fallbacks_utf8_then_windows_1252() -> None:
    assert sniff("naïve café".encode()) == "utf-8"
    assert sniff("naïve café".encode("cp1252")) == "windows-1252"
    assert sniff(b"plain ascii") == "utf-8"
    assert sniff(b"plain ascii", utf8_detect=False) == "windows-1252"


# Pieces that put a sequence, valid or not, on either side of the validator's 64-, 16- and 8-byte steps
# and of its 8-byte look-ahead after a sequence (an ASCII space between words of non-Latin text).
_UTF8_PIECES = [
    b" ", b"a" * 7, b"a" * 8, b"a" * 15, b"a" * 16, b"a" * 17, b"a" * 63, b"a" * 64, "é".encode(), "д".encode(),
    "中".encode(), "😀".encode(), b"\xff", b"\xc3", b"\xe4\xb8", b"\xe0\x9f\x80", b"\xed\xa0\x80",
    b"\xf4\x90\x80\x80", b"\xc0\xaf", b"\xc2\x20",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_UTF8_PIECES), min_size=1, max_size=12))
def test_utf8_detection_agrees_with_python_on_validity(pieces: list[bytes]) -> None:
    data = b"".join(pieces)
    try:
        data.decode("utf-8")
        valid = True
    except UnicodeDecodeError:
        valid = False
    # with no label and no <meta>, UTF-8 is chosen exactly when the bytes are valid UTF-8
    assert (sniff(data) == "utf-8") == valid


# ---- the prescan ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("page", "expected"),
    [
        (b"<meta charset=koi8-r>", "koi8-r"),
        (b"<META CHARSET='KOI8-R'>", "koi8-r"),
        (b'<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">', "koi8-r"),
        (b'<meta content="text/html; charset=koi8-r" http-equiv="content-type">', "koi8-r"),
        (b"<meta content='text/html; charset=\"koi8-r\"' http-equiv=content-type>", "koi8-r"),
        (b"<meta http-equiv=content-type content='charset =  koi8-r;x'>", "koi8-r"),
        # content without http-equiv=content-type says nothing
        (b'<meta content="text/html; charset=koi8-r">', None),
        (b'<meta http-equiv="refresh" content="text/html; charset=koi8-r">', None),
        # comments and other tags' attribute values are skipped
        (b"<!-- <meta charset=koi8-r> --><p>", None),
        (b"<!--><meta charset=koi8-r>", "koi8-r"),
        (b'<div title="<meta charset=koi8-r>"></div>', None),
        (b"<!doctype html><meta charset=koi8-r>", "koi8-r"),
        (b"</p foo='<meta charset=koi8-r>'>", None),
        # the first charset attribute wins; a duplicate is ignored
        (b"<meta charset=koi8-r charset=iso-8859-2>", "koi8-r"),
        # an unknown label goes on to the next meta
        (b"<meta charset=nonsense><meta charset=iso-8859-2>", "iso-8859-2"),
        # UTF-16 from a meta means UTF-8; x-user-defined means windows-1252
        (b"<meta charset=utf-16le>", "utf-8"),
        (b"<meta charset=x-user-defined>", "windows-1252"),
        # a meta cut off by the end of the input counts for nothing
        (b"<meta charset=koi8-r", None),
        (b"<meta charset='koi8-r", None),
        # an XML declaration, when no meta decides
        (b'<?xml version="1.0" encoding="iso-8859-2"?><p>', "iso-8859-2"),
        (b'<?xml version="1.0" encoding="utf-16"?><p>', "utf-8"),
        (b'<?xml version="1.0" encoding="iso-8859-2"?><meta charset=koi8-r>', "koi8-r"),
    ],
)
def test_prescan(page: bytes, expected: str | None) -> None:
    assert sniff(page, utf8_detect=False) == (expected or "windows-1252")


def test_prescan_looks_at_1024_bytes_only() -> None:
    pad = b"<p>" + b"x" * 1000 + b"</p>"
    assert sniff(b"<meta charset=koi8-r>" + pad, utf8_detect=False) == "koi8-r"
    assert sniff(pad + b"<meta charset=koi8-r>", utf8_detect=False) == "windows-1252"


def test_meta_charset_decides_the_decoding() -> None:
    text, enc = decode(b"<meta charset=windows-1251>\xcf\xf0\xe8\xe2\xe5\xf2")
    assert enc == "windows-1251"
    assert text.endswith("Привет")


# ---- decoding -----------------------------------------------------------------------------------


def test_valid_utf8_is_not_copied() -> None:
    copy_free, _map_bytes = _core._decode_info("<p>héllo</p>".encode())
    assert copy_free
    copy_free, _ = _core._decode_info("\ufeff<p>héllo</p>".encode())
    assert copy_free
    copy_free, _ = _core._decode_info(b"<p>h\xffllo</p>", "utf-8")
    assert not copy_free


@pytest.mark.parametrize(
    "data",
    [
        b"\xf0\x80\x80a",  # overlong lead: each byte replaced
        b"\xed\xa0\x80",  # a surrogate: three replacements
        b"\xf4\x90\x80\x80",  # above U+10FFFF
        b"\xe2\x82",  # truncated at the end: one replacement
        b"a\xe2\x82b\xf0\x9f\x98",  # truncated in the middle and at the end
        b"\xc0\xaf\xc1\xbf\xfe\xff\x80",
        b"\xe6\x97\xa5\xe6\x97",
    ],
)
def test_invalid_utf8_maximal_subparts(data: bytes) -> None:
    # Python's UTF-8 decoder replaces maximal subparts too (Unicode's recommended practice, which the
    # Encoding Standard's decoder follows), so it is an independent oracle.
    assert decode(data, "utf-8") == (data.decode("utf-8", "replace"), "utf-8")


@given(st.binary(max_size=64))
@settings(max_examples=300, deadline=None)
def test_utf8_replacement_matches_python(data: bytes) -> None:
    # decode() is the Encoding Standard's decode: a byte order mark at the start overrides the label
    # (FE FF is UTF-16BE whatever the page says), which Python's UTF-8 decoder knows nothing of
    assume(not data.startswith((b"\xef\xbb\xbf", b"\xfe\xff", b"\xff\xfe")))
    assert decode(data, "utf-8")[0] == data.decode("utf-8", "replace")


def test_windows_1252_specials() -> None:
    text, enc = decode(bytes([0x80, 0x81, 0x8D, 0x8F, 0x90, 0x9D, 0x9F, 0xFF]), "windows-1252")
    assert enc == "windows-1252"
    assert text == "\u20ac\x81\x8d\x8f\x90\x9d\u0178\u00ff"


def test_whatwg_differences_from_python_codecs() -> None:
    assert decode(b"\xca", "windows-1255")[0] == "\u05ba"
    assert decode(b"\xae\xbe", "koi8-u")[0] == "\u045e\u040e"
    assert decode(b"\x80\xf0", "x-user-defined")[0] == "\uf780\uf7f0"
    assert decode(b"a\x80", "gbk")[0] == "a\u20ac"
    assert decode(b"\xaa", "windows-1253")[0] == "\ufffd"


def test_replacement_encoding() -> None:
    assert decode(b"anything at all", "iso-2022-kr") == ("\ufffd", "replacement")
    assert decode(b"", "iso-2022-kr") == ("", "replacement")


@pytest.mark.parametrize(
    ("label", "codec"),
    [
        ("shift_jis", "cp932"),
        ("euc-kr", "cp949"),
        ("gbk", "gb18030"),
        ("big5", "big5"),
        ("euc-jp", "euc_jp"),
        ("gb18030", "gb18030"),
    ],
)
def test_multibyte_decoding(label: str, codec: str) -> None:
    text = {
        "cp932": "日本語のテキスト ｱｲｳ abc",
        "cp949": "한국어 텍스트 abc",
        "gb18030": "中文文本 abc €",
        "big5": "中文 abc",
        "euc_jp": "日本語 ｱ abc",
    }[codec]
    assert decode(text.encode(codec), label) == (text, _core._lookup_encoding(label))


def test_truncated_multibyte_at_end() -> None:
    assert decode(b"a\x82", "shift_jis")[0] == "a\ufffd"
    assert decode(b"a\xb0", "euc-kr")[0] == "a\ufffd"
    assert decode(b"a\x81\x30\x81", "gb18030")[0].startswith("a\ufffd")
    assert decode(b"a\x00b", "utf-16le")[0] == "a\ufffd"
    assert decode(b"\x00a\xd8\x3d", "utf-16be")[0] == "a\ufffd"
    assert offsets(b"abc\xe6\x97", "utf-8") == [0, 1, 2, 3, 5]


def test_utf16_surrogates() -> None:
    data = "a\U0001f600b".encode("utf-16le")
    assert decode(data, "utf-16le")[0] == "a\U0001f600b"
    assert offsets(data, "utf-16le") == [0, 2, 6, 8]
    lone = b"\x00\xd8a\x00"  # a lead surrogate followed by 'a'
    assert decode(lone, "utf-16le")[0] == "\ufffda"
    assert offsets(lone, "utf-16le") == [0, 2, 4]


def test_iso_2022_jp() -> None:
    data = "漢字 and かな".encode("iso2022_jp")
    text, enc = decode(data, "iso-2022-jp")
    assert (text, enc) == ("漢字 and かな", "iso-2022-jp")
    offs = offsets(data, "iso-2022-jp")
    assert offs[0] == 3  # after the ESC $ B that switches to JIS X 0208
    assert offs[-1] == len(data)
    assert offs == sorted(offs)


# ---- offset map ---------------------------------------------------------------------------------


def _expected_offsets(chars: list[str], codec: str, start: int = 0) -> tuple[bytes, list[int]]:
    """Encode chars one at a time: the input, and where each char starts in it (then its length)."""
    out, offs, pos = [], [], start
    for c in chars:
        b = c.encode(codec)
        out.append(b)
        offs.append(pos)
        pos += len(b)
    offs.append(pos)
    return b"".join(out), offs


@pytest.mark.parametrize(
    ("label", "codec", "alphabet"),
    [
        ("utf-8", "utf-8", "aé€😀日"),
        ("windows-1252", "cp1252", "aé€ÿ<"),
        ("windows-1251", "cp1251", "aПриветъ"),
        ("utf-16le", "utf-16-le", "aé😀日"),
        ("utf-16be", "utf-16-be", "aé😀日"),
        ("shift_jis", "cp932", "a日本ｱｲ<"),
        ("euc-jp", "euc_jp", "a日本ｱ"),
        ("euc-kr", "cp949", "a한국"),
        ("gbk", "gb18030", "a中文€"),
        ("gb18030", "gb18030", "a中\u00e9\U0001f600"),
        ("big5", "big5hkscs", "a中文"),
    ],
)
def test_offsets_match_per_character_encoding(label: str, codec: str, alphabet: str) -> None:
    # 1500 characters: long enough that lookups go through several anchors.
    chars = [alphabet[(i * 7 + i // 5) % len(alphabet)] for i in range(1500)]
    data, expected = _expected_offsets(chars, codec)
    text, _ = decode(data, label)
    assert text == "".join(chars)
    assert offsets(data, label) == expected


def test_offsets_with_bom_count_the_bom() -> None:
    data, expected = _expected_offsets(list("héllo"), "utf-8", start=3)
    assert offsets(b"\xef\xbb\xbf" + data) == expected
    data16, expected16 = _expected_offsets(list("h😀"), "utf-16-le", start=2)
    assert offsets(b"\xff\xfe" + data16) == expected16


def test_offsets_across_invalid_utf8() -> None:
    data = b"ab\xffc\xe2\x82d\xf0\x9f\x98\x80e"
    # a b FFFD c FFFD d 😀 e
    assert offsets(data, "utf-8") == [0, 1, 2, 3, 4, 6, 7, 11, 12]


@given(st.lists(st.sampled_from(["a", "é", "€", "😀", "\xff", "<"]), max_size=600))
@settings(max_examples=60, deadline=None)
def test_offsets_property_windows_1252_and_utf8(chars: list[str]) -> None:
    for label, codec in (("utf-8", "utf-8"), ("utf-16le", "utf-16-le")):
        data, expected = _expected_offsets(chars, codec)
        assert offsets(data, label) == expected
    latin = [c for c in chars if c != "😀"]
    data, expected = _expected_offsets(latin, "cp1252")
    assert offsets(data, "windows-1252") == expected


def test_offset_map_memory_is_small_for_single_byte_input() -> None:
    data = "é".encode("cp1252") * 100_000
    copy_free, map_bytes = _core._decode_info(data, "windows-1252")
    assert not copy_free
    # One 8-byte anchor per 256 input bytes (plus the struct): about 1/32 of the input.
    assert map_bytes < len(data) // 16
    _, utf8_map_bytes = _core._decode_info(b"x" * 100_000)
    assert utf8_map_bytes < 256


ALL_ENCODINGS = [
    "utf-8",
    "ibm866",
    "iso-8859-2",
    "iso-8859-6",
    "iso-8859-8-i",
    "koi8-u",
    "macintosh",
    "windows-874",
    "windows-1252",
    "windows-1255",
    "x-mac-cyrillic",
    "gbk",
    "gb18030",
    "big5",
    "euc-jp",
    "iso-2022-jp",
    "shift_jis",
    "euc-kr",
    "iso-2022-kr",
    "utf-16be",
    "utf-16le",
    "x-user-defined",
]


@pytest.mark.parametrize("label", ALL_ENCODINGS)
@given(data=st.binary(max_size=300))
@settings(max_examples=40, deadline=None)
def test_any_bytes_decode_to_text_with_consistent_offsets(label: str, data: bytes) -> None:
    text, _ = decode(data, label)
    offs = offsets(data, label)
    assert len(offs) == len(text) + 1
    assert offs == sorted(offs)
    assert offs[-1] == len(data)
    assert all(0 <= o <= len(data) for o in offs)


def test_big5_pair_giving_two_code_points_inside_a_long_run() -> None:
    # 0x88 0x62 decodes to two code points (U+00CA U+0304): the run holding it is split until the
    # code points pair with their characters again, and the characters after it keep exact offsets.
    head, tail = "中" * 700, "文a" * 700
    data = head.encode("big5hkscs") + b"\x88\x62" + tail.encode("big5hkscs")
    text, _ = decode(data, "big5")
    assert text == head + "\u00ca\u0304" + tail
    offs = offsets(data, "big5")
    assert offs[:700] == list(range(0, 1400, 2))
    assert offs[700] == 1400
    _, expected_tail = _expected_offsets(list(tail), "big5hkscs", start=1402)
    assert offs[702:] == expected_tail


# ---- the guess for undeclared, non-UTF-8 input ----------------------------------------------------

GUESSED = [
    ("日本語のテキストです。今日はとても良い天気ですね。私たちは公園に行きました。", "cp932", "shift_jis"),
    ("日本語のテキストです。今日はとても良い天気ですね。私たちは公園に行きました。", "euc_jp", "euc-jp"),
    ("한국어 텍스트입니다. 오늘은 날씨가 아주 좋습니다. 우리는 공원에 갔습니다.", "cp949", "euc-kr"),
    ("这是中文文本。今天天气很好，我们去了公园，看到了很多人在那里散步和聊天。", "gb18030", "gbk"),
    ("這是中文文本。今天天氣很好，我們去了公園，看到了很多人在那裡散步和聊天。", "big5", "big5"),
    ("Это русский текст. Сегодня очень хорошая погода, и мы пошли в парк гулять.", "cp1251", "windows-1251"),
    ("Это русский текст. Сегодня очень хорошая погода, и мы пошли в парк гулять.", "koi8_r", "koi8-r"),
    ("Αυτό είναι ελληνικό κείμενο. Σήμερα ο καιρός είναι πολύ καλός και πήγαμε στο πάρκο.", "cp1253", "windows-1253"),
    ("זהו טקסט בעברית. היום מזג האוויר טוב מאוד והלכנו לפארק לטייל עם החברים שלנו.", "cp1255", "windows-1255"),
    ("هذا نص باللغة العربية. الطقس اليوم جميل جدا وذهبنا إلى الحديقة مع الأصدقاء.", "cp1256", "windows-1256"),
    (
        "Litwo! Ojczyzno moja! ty jesteś jak zdrowie. Ile cię trzeba cenić, ten tylko się dowie, kto cię "
        "stracił. Dziś piękność twą w całej ozdobie widzę i opisuję, bo tęsknię po tobie.",
        "cp1250",
        "windows-1250",
    ),
]

STAYS_WINDOWS_1252 = [
    "C'est un texte français. Aujourd'hui il fait très beau, nous sommes allés au café près de l'église.",
    "Das ist ein deutscher Text. Heute ist das Wetter schön, wir gehen für eine Stunde über die Brücke.",
    "Groß, größer, am größten: Fuß, Maß, Spaß, weiß, heiß, muß, daß, Straße, außen, süß.",
    "Este es un texto en español. Hoy hace muy buen tiempo, así que fuimos al parque con los niños.",
    "Este é um texto em português. Hoje o tempo está ótimo, então fomos ao parque com as crianças.",
    "Nel mezzo del cammin di nostra vita mi ritrovai per una selva oscura, ché la diritta via era "
    "smarrita. Così è più facile, perché là c'è già.",
    "Hvis du kører på cykel i København, så skal du være forsigtig. Æblet faldt ned på gården.",
    "Detta är en svensk text. Idag är vädret mycket fint, så vi gick till parken och åt glass.",
]


def _page(text: str) -> str:
    return f"<html><head><title>t</title></head><body><p>{text}</p></body></html>"


@pytest.mark.parametrize(("text", "codec", "expected"), GUESSED, ids=[g[2] + ":" + g[1] for g in GUESSED])
def test_guess_for_undeclared_legacy_pages(text: str, codec: str, expected: str) -> None:
    data = _page(text).encode(codec)
    assert sniff(data) == expected
    assert decode(data)[0] == _page(text)
    # The guess is not part of the HTML Standard's algorithm without autodetection.
    assert sniff(data, utf8_detect=False) == "windows-1252"


@pytest.mark.parametrize("text", STAYS_WINDOWS_1252)
def test_western_pages_are_not_mistaken_for_other_encodings(text: str) -> None:
    assert sniff(_page(text).encode("cp1252")) == "windows-1252"


def test_declaration_beats_the_guess() -> None:
    russian = "Это русский текст. Сегодня очень хорошая погода, и мы пошли в парк гулять."
    data = ("<meta charset=windows-1252>" + _page(russian)).encode("cp1251")
    assert sniff(data) == "windows-1252"
    assert sniff(_page(russian).encode("cp1251"), "koi8-r") == "koi8-r"


def test_few_non_ascii_bytes_stay_windows_1252() -> None:
    # Three Cyrillic letters are not evidence enough to leave the default.
    assert sniff(_page("The word \u0434\u0430\u043c means something.").encode("cp1251")) == "windows-1252"


# ---- through distill.parse ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "label", "expected"),
    [
        ("<meta charset=windows-1251><p>Привет</p><b>мир</b>".encode("cp1251"), None, "windows-1251"),
        ("\ufeff<p>日本</p><b>x</b>".encode(), None, "utf-8"),
        ("<p>日本語</p><b>ｱx</b>".encode("cp932"), "shift_jis", "shift_jis"),
        (b"<p>a\xffb</p><b>c</b>", "utf-8", "utf-8"),
        ("<p>\U0001f600</p><b>x</b>".encode("utf-16"), None, "utf-16le"),
    ],
)
def test_parse_bytes_spans_are_input_byte_offsets(data: bytes, label: str | None, expected: str) -> None:
    import distill

    if not hasattr(distill, "parse"):
        pytest.skip("distill.parse is not available yet")
    doc = distill.parse(data, encoding=label)
    assert doc.encoding == expected
    for tag in ("p", "b"):
        el = doc.find(tag)
        assert el is not None and el.source_span is not None
        start, end = el.source_span
        # The span's bytes, decoded on their own, are the element's markup.
        markup = data[start:end].decode(_PY_CODEC[expected], "replace")
        assert markup.startswith(f"<{tag}>") and markup.endswith(f"</{tag}>")
        assert el.text in markup


_PY_CODEC = {"windows-1251": "cp1251", "utf-8": "utf-8", "shift_jis": "cp932", "utf-16le": "utf-16-le"}


def test_iso_2022_jp_unterminated_escape_is_replaced_not_raised() -> None:
    # Python's incremental decoder raises "pending buffer overflow" when an escape sequence never
    # ends; the Encoding Standard's decoder reports an error and goes on, and so must we.
    data = b"\x1b$" + b"\x00" * 7 + b"abc"
    text, name = decode(data, "iso-2022-jp")
    assert name == "iso-2022-jp"
    assert "\ufffd" in text and text.endswith("abc")
    offs = offsets(data, "iso-2022-jp")
    assert len(offs) == len(text) + 1 and offs == sorted(offs) and offs[-1] == len(data)
