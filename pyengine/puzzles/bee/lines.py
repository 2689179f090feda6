"""The lines ``bee play`` reads (guesses and ``!commands``), checked one at a time.

    for text in play_lines(sys.stdin): ...      # str, UTF-8 decoded, NFC, no BOM
    for text in read_lines(sys.stdin): ...      # the same, read and checked up front

A game reads a stream as it is typed, so the text is checked line by line, the same
way :mod:`pyengine.engine.textio` checks a whole file: UTF-8 (a byte-order mark
dropped), NFC-normalised, no NUL; anything else is one :class:`UsageError` naming
the input and the line.  A real stream is read as bytes (``.buffer``) so a Latin-1
byte never reaches Python's own decoder; an iterable of ``str`` (a test, a notebook)
is checked the same way, and a ``UnicodeDecodeError`` raised while iterating it
becomes the same one-line error; a whole ``str`` or ``bytes`` is split into lines.

Limits: a line holds at most :data:`PLAY_LINE_BYTES` bytes and a game at most
:data:`PLAY_LINES` lines, so a game is bounded in time and memory whatever is piped in.
:func:`read_lines` reads piped input (and any iterable) whole, within those limits,
before the game starts, so a limit or a bad byte is refused before any work or output;
only lines typed at a terminal are checked as they come.
"""
from __future__ import annotations

from typing import Callable, Iterable, Iterator

from pyengine.engine.errors import UsageError
from pyengine.engine.textio import decode, not_utf8
from pyengine.puzzles.bee.limits import PLAY_LINE_BYTES, PLAY_LINES

NAME = "standard input"


def _too_long(n: int) -> UsageError:
    return UsageError(f"{NAME} line {n} is over {PLAY_LINE_BYTES:,} bytes "
                      "(a guess or a command is one short line)")


def _too_many() -> UsageError:
    return UsageError(f"{NAME} has over {PLAY_LINES:,} lines: a game takes at most "
                      f"{PLAY_LINES:,} guesses and commands")


def _raw_lines(lines) -> Iterator[bytes]:
    """Bytes lines from a stream's binary buffer, else from an iterable of str/bytes."""
    if isinstance(lines, (str, bytes, bytearray)):     # the whole input at once
        lines = bytes(lines).splitlines(True) if not isinstance(lines, str) else \
            lines.split("\n")
    buffer = getattr(lines, "buffer", None)
    if buffer is not None and hasattr(buffer, "readline"):
        while True:
            raw = buffer.readline(PLAY_LINE_BYTES + 2)
            if not raw:
                return
            yield raw
    it = iter(lines)
    n = 0
    while True:
        try:
            item = next(it)
        except StopIteration:
            return
        except UnicodeDecodeError as exc:
            raise not_utf8(f"{NAME} line {n + 1}", exc.object, exc.start) from None
        n += 1
        yield _as_bytes(item, n)


def _as_bytes(item, n: int) -> bytes:
    if isinstance(item, (bytes, bytearray)):
        return bytes(item)
    if not isinstance(item, str):
        raise UsageError(f"{NAME} line {n}: expected text, not {type(item).__name__}")
    try:
        return item.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        raise UsageError(f"{NAME} line {n} is not UTF-8 text (it holds a lone "
                         "surrogate)") from None


def play_lines(lines: Iterable) -> Iterator[str]:
    """Each line of ``lines`` as checked text (line end kept); UsageError past a limit
    or for bytes that are not UTF-8 text."""
    for n, raw in enumerate(_raw_lines(lines), 1):
        if n > PLAY_LINES:
            raise _too_many()
        if len(raw.rstrip(b"\r\n")) > PLAY_LINE_BYTES:
            raise _too_long(n)
        yield decode(raw, f"{NAME} line {n}")


def _is_terminal(lines) -> bool:
    try:
        return bool(lines.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def read_lines(lines: Iterable, last: Callable[[str], bool] | None = None) -> Iterable[str]:
    """:func:`play_lines` read and checked before the game starts (at most ``PLAY_LINES``
    lines of ``PLAY_LINE_BYTES``), up to the end of the input or the first line for
    which ``last`` is true (``!quit``: what follows is never read); from a terminal,
    each line as it is typed."""
    if _is_terminal(lines):
        return play_lines(lines)
    got = []
    for text in play_lines(lines):
        got.append(text)
        if last is not None and last(text):
            break
    return got
