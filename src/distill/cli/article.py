"""The ``article`` command: stream a page, score its elements, emit the best one.

Pass one feeds the input through :class:`distill.stream.Scorer` in large chunks, keeping nothing but
the scores. Pass two reads the winner's byte range back: a file (or a seekable standard input) is
read again from the winner's offset; a pipe is spooled to an anonymous temporary file during pass
one, which disappears when the command ends, however it ends. ``--format html`` copies the range as
it stands; ``text`` and ``markdown`` parse only the range and clean it as :func:`distill.article`
does, so memory follows the winner's size, not the page's.

The encoding is decided once, from the first MiB, by the parser's own sniffing (see
:func:`read_as`); inputs the tokenizer cannot read as ASCII (UTF-16, ISO-2022-JP) are transcoded to
UTF-8 on the way in, and the offsets are then those of the UTF-8 form.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import json
import os
import signal
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from types import FrameType
from typing import IO, TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from typing_extensions import Buffer

from distill.cli.options import add_content_options, extraction_from_args
from distill.export import Markdown, PlainText
from distill.extract import Extraction
from distill.stream import (
    MAX_DEPTH,
    PARAGRAPH_BONUS,
    PARAGRAPH_MIN_CHARS,
    Scorer,
    StreamResult,
)

CHUNK = 1 << 20
"""Read size of both passes (1 MiB), and how much of the input the encoding is decided from."""

MAX_PARSE_BYTES = (1 << 30) - 2
"""The largest winner --text and --format markdown parse: the parser's spans are 32-bit, with four
bytes of room per input byte, so it refuses 1 GiB (an OverflowError) and more."""
MAX_NODES = 2_000_000
"""Default --max-nodes, as ``distill extract``'s: --text and --format markdown refuse a winner of more
than half as many tags before parsing it."""
NOT_HTML_WINDOW = 65536
"""How much of the input's start tells binary input from a page (the batch command's check)."""

EXIT_OK, EXIT_NOTHING, EXIT_USAGE = 0, 1, 2
EXIT_INTERRUPTED, EXIT_TERMINATED, EXIT_HANGUP = 128 + signal.SIGINT, 128 + signal.SIGTERM, 128 + signal.SIGHUP

# Encodings whose bytes the tokenizer cannot read as ASCII ('<' may be half of a character), by their
# Python codec: the input is transcoded to UTF-8 before it is scored.
TRANSCODED = {"utf-16le": "utf-16-le", "utf-16be": "utf-16-be", "iso-2022-jp": "iso2022_jp"}

DESCRIPTION = f"""\
Find a page's article body by scoring elements as they stream past, then write that element to
standard output: its markup byte for byte as it stands in the input (--format html, the default), or
its text or Markdown cleaned as distill.article() cleans (--text, --format markdown). A report goes
to standard error; --json writes it to standard output instead, as one JSON object.

Every element closed by its own end tag is scored:
    score = text - 2 x link text + {PARAGRAPH_BONUS} x paragraphs
text: characters outside links; link text: characters inside <a>; paragraphs: <p> elements inside it
with at least {PARAGRAPH_MIN_CHARS} characters outside links. Characters are code points, a run of
whitespace counting as one. The paragraph bonus is {PARAGRAPH_BONUS}. Text of script, style,
template, title, textarea, iframe, noscript, noembed, noframes and comments counts nowhere.
<html>, <head> and <body> are never candidates. Elements whose end tag never comes are skipped (the
report counts them); elements nested deeper than {MAX_DEPTH} are not tracked.

--text and --format markdown parse the winner's markup alone and keep what distill.article() would
keep of it: share bars, related links, captions and link lists inside the winner are left out.
Memory follows the winner, not the page: about 2.3 times its bytes for a winner of prose, plus about
800 bytes per element, so a winner of more than --max-nodes / 2 tags is refused before it is parsed
(as distill extract refuses such a page), and one of 1 GiB or more cannot be parsed at all; --format
html has neither limit. When that cleaning keeps nothing, the winner's whole
text is written and the report says so. distill.article() scores the whole parsed page instead, so
the two agree wherever they pick the same element.

Encoding: as distill.parse() decides it, from the first MiB: a byte order mark, else --encoding,
else a <meta> charset in the first 1024 bytes, else UTF-8 when the bytes are valid UTF-8, else a
guess from the bytes (windows-1251, Shift_JIS, ...), else windows-1252. A page that declares a
legacy encoding but whose bytes are valid UTF-8 with non-ASCII text is read as UTF-8 (the HTML
Standard would trust the declaration: --encoding gives that). UTF-16 and ISO-2022-JP input is
transcoded to UTF-8; --format html then writes the winner in UTF-8 and the offsets are the UTF-8
form's. Text and Markdown are always written in UTF-8.

Standard input that cannot seek (a pipe) is copied to an anonymous temporary file in $TMPDIR while
it is scored, so that the winner can be read back; the file goes away when the command ends.

Exit status:
  0    a winner was found and written
  1    nothing scored above zero, or the input is not HTML (binary data; nothing written)
  2    usage error, unknown --encoding, unreadable input, unwritable output, or a winner too large
       for --text and --format markdown (see above)
  129  stopped by SIGHUP
  130  interrupted (Ctrl-C)
  143  terminated (SIGTERM)
Interrupted or terminated, the command leaves no temporary file behind."""


class _Terminated(BaseException):
    """SIGTERM or SIGHUP arrived: unwind so that every cleanup runs, then exit 128 + the signal."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class _InputError(Exception):
    """The input cannot be read (or spooled); the message names it."""


def _fail(message: str) -> NoReturn:
    raise _InputError(message)


def _version() -> str:
    import distill

    return f"article (distill) {distill.__version__}"


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="article",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", nargs="?", default="-", help="the page (standard input when absent or -)")
    p.add_argument("-q", "--quiet", action="store_true", help="write no report (errors are still reported)")
    p.add_argument(
        "--json",
        action="store_true",
        help="write the report to standard output as one JSON object, with the content under "
        '"content" when --text or --format is given',
    )
    p.add_argument(
        "--format",
        choices=("html", "text", "markdown"),
        default=None,
        help="html: the winner's markup as it stands in the input (default); text: its text as "
        "distill.article().text gives it; markdown: as distill.article().markdown gives it",
    )
    p.add_argument("--text", action="store_true", help="the same as --format text")
    p.add_argument(
        "--encoding",
        metavar="LABEL",
        help="read the page in this encoding (a WHATWG label such as windows-1251), as an HTTP "
        "charset would say; only a byte order mark overrides it",
    )
    p.add_argument(
        "--max-nodes",
        type=int,
        default=MAX_NODES,
        metavar="N",
        help=f"--text and --format markdown refuse a winner of more than N / 2 tags before parsing it "
        f"(default {MAX_NODES}, as distill extract's; 0: no cap)",
    )
    p.add_argument("--version", action="version", version=_version())
    add_content_options(p)  # for --format text/markdown; the scorer itself follows the design
    return p


# ---------------------------------------------------------------------------------------------- report


def _show_tag(tag: str, attrs: Mapping[str, str]) -> str:
    parts = [tag]
    for name, value in attrs.items():
        if len(value) > 60:
            value = value[:57] + "..."
        value = value.replace("&", "&amp;").replace('"', "&quot;")
        parts.append(f'{name}="{value}"')
    return "<" + " ".join(parts) + ">"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def format_report(r: StreamResult, outcome: Outcome | None = None) -> str:
    """The human report, in the documented shape (the figures are the ones the score used)."""
    lines: list[str] = []
    if r.tag is None:
        lines.append(f"scored {_plural(r.scored, 'element')}; none scored above 0, nothing written")
    else:
        lines.append(
            f"scored {_plural(r.scored, 'element')}; the winner is {_show_tag(r.tag, r.attributes)}"
            f" at bytes {r.start}-{r.end}"
        )
        lines.append(f"  {'text':<12}{r.text:>8} characters")
        lines.append(f"  {'link text':<12}{r.link_text:>8} characters in {_plural(r.links, 'link')}")
        lines.append(f"  {'paragraphs':<12}{r.paragraphs:>8}")
        lines.append(f"  {'score':<12}{r.score:>8}")
        if r.runner_up is not None:
            ru = r.runner_up
            lines.append(f"  {'runner-up':<16}{_show_tag(ru.tag, ru.attributes)} with {ru.score}")
        else:
            lines.append(f"  {'runner-up':<16}none")
    lines.append(f"  {'skipped':<12}{r.skipped:>8} {'element' if r.skipped == 1 else 'elements'} with no end tag")
    if r.too_deep:
        lines.append(
            f"  {'too deep':<12}{r.too_deep:>8} "
            f"{'element' if r.too_deep == 1 else 'elements'} nested deeper than {MAX_DEPTH}"
        )
    if outcome is not None:
        how = " (transcoded to UTF-8)" if outcome.transcoded else ""
        lines.append(f"  {'encoding':<16}{outcome.encoding}{how}")
        if outcome.parsed is not None:
            what = "cleaned as article() cleans" if outcome.cleaned else "cleaning kept nothing: its whole text"
            lines.append(f"  {'parsed':<12}{outcome.parsed:>8} bytes of the winner's markup, {what}")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------------------ encodings


@dataclass(frozen=True)
class Reading:
    """How the input is read: its encoding (WHATWG name), BOM length, and whether it is transcoded."""

    encoding: str
    bom: int
    transcoded: bool


def _complete_utf8(prefix: bytes) -> bytes:
    """``prefix`` without a UTF-8 sequence cut short at its end (so the cut is not taken for invalid)."""
    n = len(prefix)
    i = n - 1
    while i >= 0 and n - i <= 3 and 0x80 <= prefix[i] < 0xC0:
        i -= 1
    if i >= 0 and prefix[i] >= 0xC0:
        need = 2 if prefix[i] < 0xE0 else 3 if prefix[i] < 0xF0 else 4
        if n - i < need:
            return prefix[:i]
    return prefix


def read_as(prefix: bytes, label: str | None, *, complete: bool) -> Reading:
    """The encoding the page is read in, decided from its first bytes as ``distill.parse()`` decides.

    ``label`` is the caller's encoding (``--encoding``; only a BOM overrides it); ``complete`` says
    that ``prefix`` is the whole input. LookupError for an unknown label.
    """
    from distill import _core

    if not complete:
        prefix = _complete_utf8(prefix)
    enc = _core._sniff(prefix, label)
    bom = 0
    if enc == "utf-8" and prefix.startswith(codecs.BOM_UTF8):
        bom = 3
    elif (enc == "utf-16le" and prefix.startswith(codecs.BOM_UTF16_LE)) or (
        enc == "utf-16be" and prefix.startswith(codecs.BOM_UTF16_BE)
    ):
        bom = 2
    return Reading(enc, bom, enc in TRANSCODED or enc == "replacement")


class _Replacement(codecs.IncrementalDecoder):
    """The Encoding Standard's replacement decoder: any input is one U+FFFD, empty input nothing."""

    def __init__(self, errors: str = "strict") -> None:
        super().__init__(errors)
        self._done = False

    def decode(self, input: Buffer, final: bool = False) -> str:  # noqa: A002 - the codecs signature
        if len(memoryview(input)) and not self._done:
            self._done = True
            return "\ufffd"
        return ""


def _transcoder(reading: Reading) -> codecs.IncrementalDecoder | None:
    if not reading.transcoded:
        return None
    if reading.encoding == "replacement":
        return _Replacement()
    return codecs.getincrementaldecoder(TRANSCODED[reading.encoding])(errors="replace")


# ---------------------------------------------------------------------------------------------- passes


@dataclass
class Outcome:
    """What the command produced: the scores, how the input was read, and the content (pass two)."""

    result: StreamResult
    encoding: str
    transcoded: bool
    content: bytes = b""
    """The winner in the requested format (html: its markup in the page's encoding, else UTF-8)."""
    parsed: int | None = None
    """Bytes of markup parsed for --text/--format markdown (the winner's size); None for html."""
    cleaned: bool = True
    """False when article()'s cleaning kept nothing and the winner's whole text was written instead."""
    not_html: str | None = None
    """Why the input is not HTML (binary data), when nothing scored and the batch check says so."""

    def as_dict(self, fmt: str | None) -> dict[str, Any]:
        """The --json object: the scorer's report, the reading, and the content when ``fmt`` is set."""
        d = self.result.as_dict()
        d["encoding"] = self.encoding
        d["transcoded"] = self.transcoded
        d["parsed_bytes"] = self.parsed
        d["cleaned"] = self.cleaned if self.parsed is not None else None
        if fmt is not None:
            d["format"] = fmt
            if self.result.tag is None:
                d["content"] = None
            elif fmt == "html":
                enc = "utf-8" if self.transcoded else self.encoding
                d["content"] = _decode_with(self.content, enc)
            else:
                d["content"] = self.content.decode("utf-8")
        return d


def _decode_with(data: bytes, encoding: str) -> str:
    from distill import _core

    text, _ = _core._decode(data, encoding)
    return text


def _label(path: str) -> str:
    return "<stdin>" if path == "-" else path


@contextlib.contextmanager
def _open_input(path: str) -> Iterator[IO[bytes]]:
    if path == "-":
        stdin = sys.stdin
        if stdin is None:
            _fail("<stdin>: standard input is closed")
        yield stdin.buffer
        return
    try:
        if os.path.isdir(path):
            _fail(f"{path}: is a directory")
        f = open(path, "rb")  # noqa: SIM115 - closed below, after both passes
    except OSError as e:
        _fail(f"{path}: {e.strerror or e}")
    try:
        yield f
    finally:
        f.close()


def _seekable_base(f: IO[bytes]) -> int | None:
    """The current position when the input can be read again from an offset, else None."""
    try:
        if not f.seekable():
            return None
        return f.tell()
    except (OSError, ValueError):
        return None


def _read(f: IO[bytes], label: str) -> bytes:
    try:
        return f.read(CHUNK)
    except OSError as e:
        _fail(f"{label}: {e.strerror or e}")


def _new_spool(stack: contextlib.ExitStack, label: str) -> IO[bytes]:
    try:
        # Anonymous where the OS allows (O_TMPFILE), else unlinked at once: it cannot outlive the
        # process, whatever ends it.
        return stack.enter_context(tempfile.TemporaryFile(prefix="article-"))
    except OSError as e:
        _fail(f"{label}: cannot create a temporary file to spool to: {e.strerror or e}")


def _pass_one(
    f: IO[bytes], first: bytes, label: str, reading: Reading, spool: IO[bytes] | None
) -> StreamResult:
    """Score ``first`` and the rest of ``f`` (transcoded when the reading says so), spooling when asked."""
    scorer = Scorer(encoding="utf-8" if reading.transcoded else reading.encoding)
    decoder = _transcoder(reading)
    # When spooling, the chunk is scored on a worker thread while this one writes it out: both
    # release the GIL, so the copy costs little on a machine with a second core.
    pool = ThreadPoolExecutor(max_workers=1) if spool is not None else None

    def take(chunk: bytes) -> None:
        if spool is None or pool is None:
            scorer.feed(chunk)
            return
        scoring = pool.submit(scorer.feed, chunk)
        try:
            spool.write(chunk)
        except OSError as e:
            _fail(f"{label}: cannot spool to a temporary file: {e.strerror or e}")
        finally:
            scoring.result()  # one feed at a time

    try:
        chunk = first[reading.bom :] if decoder is not None else first
        while chunk:
            take(decoder.decode(chunk).encode("utf-8") if decoder is not None else chunk)
            chunk = _read(f, label)
        if decoder is not None:
            take(decoder.decode(b"", final=True).encode("utf-8"))
    finally:
        if pool is not None:
            pool.shutdown(wait=True)
    return scorer.close()


def _copy_range(src: IO[bytes], base: int, start: int, end: int, label: str, out: IO[bytes]) -> None:
    try:
        src.seek(base + start)
    except OSError as e:
        _fail(f"{label}: cannot seek back for pass two: {e.strerror or e}")
    remaining = end - start
    while remaining > 0:
        try:
            data = src.read(min(CHUNK, remaining))
        except OSError as e:
            _fail(f"{label}: {e.strerror or e}")
        if not data:
            _fail(f"{label}: the input shrank between the two passes")
        out.write(data)
        remaining -= len(data)


def _read_range(src: IO[bytes], base: int, start: int, end: int, label: str) -> bytes:
    """The winner's bytes, read in one piece (one allocation, not a buffer and then its copy)."""
    try:
        src.seek(base + start)
        data = src.read(end - start)
    except OSError as e:
        _fail(f"{label}: cannot read the winner back: {e.strerror or e}")
    if len(data) != end - start:
        _fail(f"{label}: the input shrank between the two passes")
    return data


def _count_tags(src: IO[bytes], base: int, start: int, end: int, label: str) -> int:
    """The '<' bytes of the winner (the batch pipeline's count of tags).

    Read a MiB at a time: a winner refused for them is never held whole.
    """
    try:
        src.seek(base + start)
        n, left = 0, end - start
        while left > 0:
            block = src.read(min(CHUNK, left))
            if not block:
                break
            n += block.count(b"<")
            left -= len(block)
        return n
    except OSError as e:
        _fail(f"{label}: cannot read the winner back: {e.strerror or e}")


def not_html(head: bytes, encoding: str) -> str | None:
    """Why ``head`` (the input's start) is binary data rather than a page, or None.

    The batch pipeline's own check (``distill extract`` writes such a page as a "not HTML" error
    record), run on the first 64 KiB.
    """
    from distill import _core

    out, errors = _core._extract_batch([(head[:NOT_HTML_WINDOW], None, encoding)], max_nodes=MAX_NODES)
    if not errors:
        return None
    reason = str(json.loads(out)["error"])
    return reason if reason.startswith("not HTML") else None


def _clean(
    markup: bytes, encoding: str, fmt: str, options: Extraction | None, base_url: str | None
) -> tuple[str, bool]:
    """:func:`clean` without the final newline (adding it copies the whole text)."""
    import distill

    o = options or Extraction()
    doc = distill.parse(markup, encoding=encoding)
    art = doc.article(o, base_url=base_url)
    out = art.markdown if fmt == "markdown" else art.text
    cleaned = bool(out) and not out.isspace()  # not out.strip(), which would copy it
    if not cleaned:
        body: Any = doc.find("body") or doc
        if fmt == "markdown":
            out = str(body.to_markdown(Markdown(base_url=base_url, images=o.include_images, links=o.include_links,
                                                tables=o.include_tables, formatting=o.include_formatting)))
        else:
            out = str(body.to_text(PlainText(base_url=base_url, tables=o.include_tables)))
    return out, cleaned


def clean(
    markup: bytes, encoding: str, fmt: str, options: Extraction | None = None, base_url: str | None = None
) -> tuple[str, bool]:
    """The winner's text or Markdown as ``distill.article()`` cleans it, and whether cleaning kept any.

    ``markup`` is the winner's bytes alone, in ``encoding`` (the page's; the winner no longer carries
    its declaration). When the cleaning keeps nothing (the winner is all link lists or captions, say),
    the winner's whole text or Markdown is returned with False, rather than nothing for a page whose
    winner scored above zero. The text ends with a newline unless it is empty.
    """
    out, cleaned = _clean(markup, encoding, fmt, options, base_url)
    return (out if out.endswith("\n") or not out else out + "\n"), cleaned


def extract(f: IO[bytes], fmt: str, *, encoding: str | None = None, label: str = "<input>",
            out: IO[bytes] | None = None, options: Extraction | None = None,
            base_url: str | None = None, max_nodes: int = MAX_NODES) -> Outcome:
    """Both passes over ``f``: what the command does, without the report and the exit status.

    With ``out`` and ``fmt == "html"``, the winner is copied there chunk by chunk; otherwise it is
    returned in ``Outcome.content``. Raises LookupError for an unknown ``encoding`` and _InputError
    when the input cannot be read, or when a winner is too large to parse for text or Markdown
    (:data:`MAX_PARSE_BYTES`, ``max_nodes``). ``bench`` and the corpus scorers' hooks call this.
    """
    base = _seekable_base(f)
    with contextlib.ExitStack() as stack:
        spool = _new_spool(stack, label) if base is None else None
        first = _read(f, label)
        reading = read_as(first, encoding, complete=len(first) < CHUNK)
        if spool is None and reading.transcoded:
            spool = _new_spool(stack, label)
        head = first[:NOT_HTML_WINDOW]
        result = _pass_one(f, first, label, reading, spool)
        del first
        outcome = Outcome(result, reading.encoding, reading.transcoded)
        if result.tag is None:
            outcome.not_html = not_html(head, "utf-8" if reading.transcoded else reading.encoding)
            return outcome
        source: IO[bytes] = spool if spool is not None else f
        src_base = 0 if spool is not None else (base or 0)
        if fmt == "html" and out is not None:
            _copy_range(source, src_base, result.start, result.end, label, out)
            return outcome
        size = result.end - result.start
        if fmt != "html" and size > MAX_PARSE_BYTES:
            _fail(f"{label}: the winner is {size} bytes; --text and --format markdown parse at most "
                  f"{MAX_PARSE_BYTES} (1 GiB less 2 bytes): use --format html")
        tags = _count_tags(source, src_base, result.start, result.end, label) if fmt != "html" and max_nodes else 0
        if tags > max_nodes // 2:
            _fail(f"{label}: the winner holds {tags} tags, more than --max-nodes / 2 = {max_nodes // 2}: "
                  "parsing it for --text or --format markdown would take about 800 bytes of memory per "
                  "element; use --format html, or raise --max-nodes (0: no cap)")
        markup = _read_range(source, src_base, result.start, result.end, label)
        if fmt == "html":
            outcome.content = markup
            return outcome
        outcome.parsed = len(markup)
        # Memory: the winner's bytes, its tree and the text while parsing and cleaning; then, the tree
        # gone, the text and its UTF-8 (each copy made once, the winner's bytes freed first).
        text, outcome.cleaned = _clean(markup, "utf-8" if reading.transcoded else reading.encoding, fmt,
                                       options, base_url)
        del markup
        data = text.encode("utf-8")
        newline = bool(text) and not text.endswith("\n")
        del text
        outcome.content = data + b"\n" if newline else data
        return outcome


def run(args: argparse.Namespace, out: IO[bytes], err: IO[str]) -> int:
    """Both passes and the report; raises _InputError for unreadable input."""
    fmt = "text" if args.text else (args.format or "html")
    label = _label(args.file)
    if args.encoding is not None:
        from distill import _core

        try:
            _core._lookup_encoding(args.encoding)
        except LookupError:
            _fail(f"--encoding {args.encoding}: not an encoding label the HTML Standard knows")
    with _open_input(args.file) as f:
        direct = fmt == "html" and not args.json
        outcome = extract(f, fmt, encoding=args.encoding, label=label, out=out if direct else None,
                          options=extraction_from_args(args), base_url=args.base_url,
                          max_nodes=args.max_nodes)
    if args.json:
        asked = fmt if (args.text or args.format) else None
        out.write((json.dumps(outcome.as_dict(asked), ensure_ascii=False) + "\n").encode("utf-8"))
    elif not direct:
        out.write(outcome.content)
    out.flush()
    if outcome.not_html is not None:  # said even with --quiet and --json: it is why nothing came out
        err.write(f"article: {label}: {outcome.not_html}; nothing written\n")
        err.flush()
    elif not args.json and not args.quiet:
        err.write(format_report(outcome.result, outcome))
        err.flush()
    return EXIT_OK if outcome.result.tag is not None else EXIT_NOTHING


def _drop_stdout() -> None:
    """Point stdout at /dev/null so that the exit-time flush of unwritable output is silent."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _on_signal(signum: int, frame: FrameType | None) -> None:
    raise _Terminated(signum)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``article`` console script; returns the exit status."""
    args = _parser().parse_args(argv)
    if sys.stdout is None:  # started with stdout closed (>&-): nowhere to write the article
        sys.stderr.write("article: standard output is closed\n")
        return EXIT_USAGE
    if args.max_nodes < 0:
        sys.stderr.write("article: --max-nodes must be >= 0\n")
        return EXIT_USAGE
    previous: dict[int, Any] = {}
    for stop in (signal.SIGTERM, signal.SIGHUP):
        with contextlib.suppress(ValueError, OSError):  # not the main thread: leave signals alone
            previous[stop] = signal.signal(stop, _on_signal)
    try:
        return run(args, sys.stdout.buffer, sys.stderr)
    except _InputError as e:
        sys.stderr.write(f"article: {e}\n")
        return EXIT_USAGE
    except BrokenPipeError:
        # The reader went away (article page.html | head): not an error of ours.
        _drop_stdout()
        return EXIT_OK
    except OSError as e:
        # Input errors are _InputError by now; what is left is writing the output (a full disk).
        _drop_stdout()
        sys.stderr.write(f"article: cannot write the output: {e.strerror or e}\n")
        return EXIT_USAGE
    except MemoryError:
        sys.stderr.write("article: out of memory\n")
        return EXIT_USAGE
    except KeyboardInterrupt:
        sys.stderr.write("article: interrupted\n")
        return EXIT_INTERRUPTED
    except _Terminated as e:
        if e.signum == signal.SIGTERM:
            sys.stderr.write("article: terminated\n")
            return EXIT_TERMINATED
        sys.stderr.write("article: hung up\n")
        return EXIT_HANGUP
    except OverflowError as e:  # the parser's own limit, should the check above miss it
        sys.stderr.write(f"article: {_label(args.file)}: cannot parse the winner: {e}\n")
        return EXIT_USAGE
    finally:
        for signum, handler in previous.items():
            with contextlib.suppress(ValueError):
                signal.signal(signum, handler)


if __name__ == "__main__":
    sys.exit(main())
