"""Reading a user's text input (a FILE, or ``-`` for standard input) the same way
everywhere: UTF-8 (a BOM is dropped), NFC-normalised, at most ``limit`` bytes, and
a one-line :class:`UsageError` naming the input for anything else.

- a FIFO, directory or device given as FILE is refused before it is opened for a
  blocking read (``stat.S_ISREG``); standard input may be a pipe.
- standard input is read as bytes (``sys.stdin.buffer``) and decoded here, so
  ``PYTHONIOENCODING`` or the locale never changes what is accepted; a text-only
  stream (a test's ``io.StringIO``) is read as it is.
- Latin-1 or binary bytes: ``NAME is not UTF-8 text (bad byte at offset N)`` /
  ``NAME looks like a binary file`` for a FILE and standard input alike.

Imports nothing heavy; any puzzle reading a file may use :func:`read_user_text`.
"""
from __future__ import annotations

import os
import stat
import sys
import unicodedata

from pyengine.engine.errors import UsageError

STDIN_NAME = "standard input"


def shown(name) -> str:
    """A file name as an error message shows it: as it is if printable, else quoted
    with escapes (a name with a newline must not break the one-line message)."""
    text = str(name)
    return text if text.isprintable() else repr(text)


def decode_text(data: bytes, name: str, limit: int) -> str:
    """``data`` (the bytes of the input called ``name``) as NFC text; UsageError if it
    is over ``limit`` bytes, binary (a NUL byte) or not UTF-8."""
    if len(data) > limit:
        raise UsageError(f"{name} is over the limit of {limit} bytes")
    if b"\0" in data:
        raise UsageError(f"{name} looks like a binary file, not text")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{name} is not UTF-8 text (bad byte at offset {exc.start})") from None
    return text if text.isascii() else unicodedata.normalize("NFC", text)


def _read_stdin(limit: int, hint: str) -> str:
    stdin = sys.stdin
    try:
        interactive = stdin is None or stdin.isatty()
    except (ValueError, OSError):
        interactive = False
    if interactive:
        raise UsageError(hint)
    buffer = getattr(stdin, "buffer", None)
    try:
        data = buffer.read(limit + 1) if buffer is not None else stdin.read(limit + 1)
    except (OSError, ValueError) as exc:
        raise UsageError(f"cannot read {STDIN_NAME}: {getattr(exc, 'strerror', None) or exc}"
                         ) from None
    except UnicodeDecodeError as exc:       # a text stream that decodes for itself
        raise UsageError(f"{STDIN_NAME} is not UTF-8 text (bad byte at offset "
                         f"{exc.start})") from None
    if isinstance(data, str):
        if "\0" in data:
            raise UsageError(f"{STDIN_NAME} looks like a binary file, not text")
        try:
            data = data.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:
            raise UsageError(f"{STDIN_NAME} is not UTF-8 text (a lone surrogate)") from None
    return decode_text(data, STDIN_NAME, limit)


def _read_file(source: str, limit: int) -> str:
    try:
        if not stat.S_ISREG(os.stat(source).st_mode):
            raise UsageError(f"{shown(source)} is not a regular file (a FIFO, folder or device)")
        fd = os.open(source, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise UsageError(f"cannot read {shown(source)}: no such file") from None
    except OSError as exc:
        raise UsageError(f"cannot read {shown(source)}: {exc.strerror or exc}") from None
    except ValueError:
        raise UsageError(f"bad file name {source!r}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise UsageError(f"{shown(source)} is not a regular file (a FIFO, folder or device)")
        if st.st_size > limit:
            raise UsageError(f"{shown(source)} is over the limit of {limit} bytes")
        os.set_blocking(fd, True)
        with os.fdopen(os.dup(fd), "rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise UsageError(f"cannot read {shown(source)}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    return decode_text(data, shown(source), limit)


def read_user_text(source: str | None, limit: int,
                   hint: str = "give a FILE, or pipe the text in (FILE or -)") -> str:
    """The text of ``source``: a file path, or ``-`` / None for standard input
    (``hint`` is the error when standard input is a terminal)."""
    if source in (None, "-"):
        return _read_stdin(limit, hint)
    if not isinstance(source, str) or not source:
        raise UsageError(f"bad file name {source!r}")
    return _read_file(source, limit)
