"""The lines ``bee solve --batch FILE`` reads: one hive a line, checked one line at a time.

    for n, item in batch_lines("archive.jsonl"): ...   # item: (letters, center) or UsageError
    parse_line('{"letters": "aeginrt", "center": "r"}') -> ("aeginrt", "r")
    parse_line("AEGINRT R")                             -> ("aeginrt", "r")

A line is either a JSON object (``letters``, or ``outer`` for the six outer letters as in
NYT archives, and ``center``, or ``centre`` as British archives spell it; other keys such
as ``date`` or ``answers`` are ignored) or text, ``LETTERS CENTER`` or ``LETTERS`` with one upper-case letter marking the
center. Blank lines and lines starting with ``#`` are skipped. The letters are checked
by the same :func:`~pyengine.puzzles.bee.hive.parse_hive` as ``bee solve LETTERS``.

A bad line (not UTF-8, over :data:`BATCH_LINE_BYTES`, bad JSON, bad letters) is not the end
of the batch: it comes out as a :class:`UsageError` for that line and reading goes on.
What spoils the whole input is one :class:`UsageError` raised: a FILE that cannot be read
(missing, a directory or FIFO, over 64 MiB) or over :data:`BATCH_LINES` lines; a FILE is
checked before any line is given out, standard input (``-``) when the line is reached.
"""
from __future__ import annotations

import json
from typing import Iterator

from pyengine.engine.errors import UsageError
from pyengine.engine.textio import MAX_TEXT_BYTES, decode, not_utf8, read_bytes
from pyengine.engine.textio import shown as shown_name
from pyengine.puzzles.bee.hive import parse_hive, shown
from pyengine.puzzles.bee.limits import BATCH_LINE_BYTES, BATCH_LINES

_CHUNK = 64 * 1024              # how much of an over-long line is skipped at a time


def _too_many(name: str) -> UsageError:
    return UsageError(f"{name} has over {BATCH_LINES:,} lines: a batch takes at most "
                      f"{BATCH_LINES:,} (split the archive)")


def _file_lines(spec: str) -> Iterator[bytes]:
    """A regular file's lines as bytes (line ends dropped); the file is read and its
    lines counted now, before any is given out (cut from the bytes one at a time, so a
    64 MiB file is held once, not twice)."""
    data = read_bytes(spec, "batch file", MAX_TEXT_BYTES)
    lines = data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)
    if lines > BATCH_LINES:
        raise _too_many(f"batch file {shown_name(spec)}")
    return _cut(data)


def _cut(data: bytes) -> Iterator[bytes]:
    start = 0
    while start < len(data):
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end
        yield data[start:end]
        start = end + 1


def _stream_lines(stream) -> Iterator[bytes | UsageError]:
    """Lines of a stream as bytes: its binary ``.buffer`` if it has one (so a Latin-1
    byte never reaches Python's decoder), else what ``readline`` gives (bytes or str).
    An over-long line is skipped to its end and given as an error."""
    source = getattr(stream, "buffer", None) or stream
    n = 0
    while True:
        raw = _read(source, BATCH_LINE_BYTES + 2, n + 1)
        if not raw:
            return
        n += 1
        if n > BATCH_LINES:
            raise _too_many("standard input")
        text = isinstance(raw, str)
        end, ends = ("\n", "\r\n") if text else (b"\n", b"\r\n")
        size = len(raw.rstrip(ends).encode("utf-8", "surrogatepass") if text
                   else raw.rstrip(ends))
        if size > BATCH_LINE_BYTES:
            part = raw
            while part and not part.endswith(end):
                part = _read(source, _CHUNK, n)
            yield _too_long()
            continue
        yield _as_bytes(raw)


def _read(source, limit: int, n: int):
    try:
        return source.readline(limit)
    except UnicodeDecodeError as exc:      # a text stream that cannot decode
        raise not_utf8(f"standard input line {n}", exc.object, exc.start) from None


def _as_bytes(raw) -> bytes | UsageError:
    if isinstance(raw, str):
        try:
            raw = raw.encode("utf-8")
        except UnicodeEncodeError:
            return UsageError("the line is not UTF-8 text (it holds a lone surrogate)")
    return raw.rstrip(b"\n")


def _too_long() -> UsageError:
    return UsageError(f"the line is over {BATCH_LINE_BYTES:,} bytes (a puzzle is one short line)")


def batch_lines(spec: str, stdin=None) -> Iterator[tuple[int, tuple[str, str] | UsageError]]:
    """(line number, (letters, center) or the line's UsageError) for each puzzle line of
    FILE, or of standard input for ``-``; blank and ``#`` lines are skipped. A FILE is read
    and checked here, before the first line is given out."""
    if spec == "-":
        import sys
        return _numbered(_stream_lines(stdin if stdin is not None else sys.stdin))
    return _numbered(_file_lines(spec))


def _numbered(raws) -> Iterator[tuple[int, tuple[str, str] | UsageError]]:
    for n, raw in enumerate(raws, 1):
        if isinstance(raw, UsageError):
            yield n, raw
            continue
        if len(raw.rstrip(b"\r")) > BATCH_LINE_BYTES:
            yield n, _too_long()
            continue
        try:
            hive = parse_line(decode(raw, "the line"))
        except UsageError as exc:
            yield n, exc
            continue
        if hive is not None:
            yield n, hive


def parse_line(text: str) -> tuple[str, str] | None:
    """(seven sorted letters, center) from one line, None for a blank or ``#`` line;
    UsageError (one line) for anything else."""
    body = text.lstrip("\ufeff").strip()
    if not body or body.startswith("#"):
        return None
    if body.startswith(("{", "[")):
        return _parse_json(body)
    words = body.split()
    if len(words) > 2:
        raise UsageError(f"expected LETTERS CENTER (or a JSON object), not {shown(body)}")
    return parse_hive(words[0], words[1] if len(words) == 2 else None)


def _parse_json(body: str) -> tuple[str, str]:
    try:
        obj = json.loads(body)
    except (ValueError, RecursionError) as exc:
        raise UsageError(f"not a JSON object: {_json_reason(exc)}") from None
    if not isinstance(obj, dict):
        raise UsageError(f"not a JSON object but a {type(obj).__name__}")
    letters = _text_field(obj, ("letters", "outer"))
    center = _text_field(obj, ("center", "centre"))
    if letters is None:
        raise UsageError('no "letters" (or "outer") in the JSON object')
    return parse_hive(letters, center)


def _json_reason(exc: Exception) -> str:
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


def _text_field(obj: dict, names: tuple[str, str]) -> str | None:
    """The one string value among keys ``names`` (None if neither is there)."""
    given = [k for k in names if k in obj]
    if len(given) > 1:
        raise UsageError(f'give "{names[0]}" or "{names[1]}", not both')
    if not given:
        return None
    value = obj[given[0]]
    if not isinstance(value, str):
        text = json.dumps(value)
        raise UsageError(f'"{given[0]}" is a string of letters, not '
                         + (text if len(text) <= 40 else text[:40] + "..."))
    return value
