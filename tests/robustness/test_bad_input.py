"""Bad arguments and bad bytes end in a result or a clear exception, never a crash; the command-line
tools end with one line on stderr and an exit status, never a traceback."""

import ctypes
import os
import random
import subprocess
import sys
from pathlib import Path

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


# ---------------------------------------------------------------------------------------------------
# Bad arguments to the Python API: a clear exception naming what was wrong, never a crash.


def test_files_are_read_by_parse_but_not_by_parse_fragment():
    # parse() reads a binary file to its end (issue 14); a closed one is a clear ValueError, and
    # parse_fragment() still takes only markup, naming the argument.
    with open(__file__, "rb") as f:
        assert "test_files_are_read_by_parse" in distill.parse(f).text
    with pytest.raises(ValueError, match="closed file"):
        distill.parse(f)  # closed now
    with open(__file__, "rb") as f, pytest.raises(TypeError, match="markup"):
        distill.parse_fragment(f)  # type: ignore[arg-type]


@pytest.mark.parametrize("call,exc", [
    (lambda: distill.parse(b"x", encoding=5), TypeError),  # type: ignore[arg-type]
    (lambda: distill.parse("x", scripting="yes"), TypeError),  # type: ignore[arg-type]
    (lambda: distill.parse_fragment("x", ""), ValueError),
    (lambda: distill.parse("<p>").find(5), TypeError),  # type: ignore[arg-type]
    (lambda: list(distill.parse("<p>").iter(5)), TypeError),  # type: ignore[arg-type]
    (lambda: distill.parse("<p>")[10**20], IndexError),
    (lambda: distill.parse("<p>").find("p").attrs["missing"], KeyError),  # type: ignore[union-attr]
    (lambda: distill.Element(), TypeError),  # type: ignore[call-arg]
    (lambda: distill.parse(b"x", encoding="\ud800"), (LookupError, ValueError)),  # lone surrogate label
])
def test_wrong_arguments_raise_clearly(call, exc):
    with pytest.raises(exc):
        call()


def test_scorer_rejects_bad_chunks_and_use_after_close():
    from distill.stream import Scorer

    s = Scorer()
    for bad in ("<p>text", 5, None):
        with pytest.raises(TypeError):
            s.feed(bad)  # type: ignore[arg-type]
    with open(__file__, "rb") as f:
        pass
    with pytest.raises(TypeError):
        s.feed(f)  # type: ignore[arg-type]  # a closed file is not bytes
    s.feed(b"<div><p>" + b"word " * 50 + b"</p></div>")
    assert s.close().found
    with pytest.raises(ValueError):
        s.close()
    with pytest.raises(ValueError):
        s.feed(b"more")


# ---------------------------------------------------------------------------------------------------
# The command line on bad input: one line naming the problem, exit status 2, never a traceback.

PAGE = b"<html><body><div id=a><p>" + b"Words of the article body, " * 20 + b"</p></div></body></html>"


def _cli(*args: str, **kw: object) -> subprocess.CompletedProcess[bytes]:
    kw.setdefault("stdout", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", *args], stderr=subprocess.PIPE, timeout=120,  # type: ignore[call-overload]
                          check=False, **kw)


def _one_line_error(res: subprocess.CompletedProcess[bytes], *names: str) -> None:
    err = res.stderr.decode(errors="replace")
    assert res.returncode == 2, err
    lines = err.splitlines()
    # one line says what went wrong; distill extract ends every run with its summary line after it
    if len(lines) == 2 and " record" in lines[1] and "error" in lines[1]:
        lines = lines[:1]
    assert "Traceback" not in err and len(lines) == 1, err
    for name in names:
        assert name in lines[0], err


def _drop_file_permission_bypass() -> None:
    """In the child: give up CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH (root then obeys file modes)."""
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (1, 2):  # PR_CAPBSET_DROP: dropped from the bounding set, gone after exec
        if libc.prctl(24, cap, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


@pytest.fixture()
def unreadable(tmp_path: Path) -> tuple[Path, dict[str, object]]:
    """A chmod 000 file, and the subprocess arguments under which it cannot be read even by root."""
    p = tmp_path / "secret.html"
    p.write_bytes(PAGE)
    p.chmod(0)
    kw: dict[str, object] = {}
    if os.geteuid() == 0:
        probe = subprocess.run([sys.executable, "-c", f"open({str(p)!r}).read()"], capture_output=True,
                               preexec_fn=_drop_file_permission_bypass, check=False)
        if probe.returncode == 0 or b"PermissionError" not in probe.stderr:
            pytest.skip("running as root without a way to drop CAP_DAC_OVERRIDE: every file is readable")
        kw["preexec_fn"] = _drop_file_permission_bypass
    yield p, kw
    p.chmod(0o644)


@pytest.mark.parametrize("command", [["distill.cli.article"], ["distill.cli.main", "extract"]])
def test_cli_unreadable_file(command, unreadable):
    path, kw = unreadable
    _one_line_error(_cli(*command, str(path), **kw), str(path), "Permission denied")


@pytest.mark.parametrize("command", [["distill.cli.article"], ["distill.cli.main", "extract"]])
def test_cli_path_through_a_file(command, tmp_path):
    page = tmp_path / "page.html"
    page.write_bytes(PAGE)
    bad = page / "inner.html"  # a path whose directory is a file: ENOTDIR, not "missing"
    res = _cli(*command, str(bad))
    _one_line_error(res, str(bad))


@pytest.mark.parametrize("command", [["distill.cli.article"], ["distill.cli.main", "extract"]])
def test_cli_closed_standard_output(command, tmp_path):
    page = tmp_path / "page.html"
    page.write_bytes(PAGE)
    res = _cli(*command, str(page), stdout=subprocess.DEVNULL, preexec_fn=lambda: os.close(1))
    assert res.returncode == 2
    err = res.stderr.decode()
    assert "Traceback" not in err and "standard output" in err, err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("command", [["distill.cli.article"], ["distill.cli.main", "extract"]])
def test_cli_full_disk_on_output(command, tmp_path):
    page = tmp_path / "page.html"
    page.write_bytes(PAGE)
    with open("/dev/full", "wb") as full:
        res = _cli(*command, str(page), stdout=full)
    _one_line_error(res, "No space left")


@pytest.mark.parametrize("command", [["distill.cli.article"], ["distill.cli.main", "extract"]])
def test_cli_binary_garbage_is_a_page_like_any_other(command, tmp_path):
    junk = tmp_path / "junk.html"
    junk.write_bytes(bytes(random.Random(7).randrange(256) for _ in range(200_000)))
    res = _cli(*command, str(junk))
    assert res.returncode in (0, 1)  # 1: the article command found nothing worth writing
    assert b"Traceback" not in res.stderr


def test_unknown_encoding_message_is_bounded():
    with pytest.raises(LookupError) as info:
        distill.parse(b"<p>x", encoding="x" * 1_000_000)
    assert len(str(info.value)) < 200
