"""Reading text a user hands us (a file, standard input), the same way everywhere.

Every reader here refuses, with one line naming the input, what would otherwise
hang or be read wrong: a FIFO, a directory or a device where a file belongs (checked
before opening it), a file over the size limit, bytes that are not UTF-8 (Latin-1, a
binary file). A UTF-8 byte-order mark is accepted and dropped, and text is
NFC-normalised, so ``cafe`` followed by a combining accent reads as ``café`` (and is
then refused where only a-z is allowed) rather than silently as ``cafe``.

Words and letters a user types or lists (a scramble word, a hive's letters, a board,
a riddle's clue words, a word list's lines) follow one rule, :func:`ascii_letters`:
the text is put in NFKC form (:func:`fold`: the Kelvin sign is K, a full-width ａ is a,
the ligature ﬁ is fi), then only ASCII letters are allowed; anything else is refused
in one line naming the character.
"""
from __future__ import annotations

import os
import re
import stat
import sys
import unicodedata
from pathlib import Path

from pyengine.engine.errors import MOST_SAID, UsageError, said_in_one_line

#: The largest text input any command reads (files and standard input).
MAX_TEXT_BYTES = 64 * 1024 * 1024


def shown(name: object) -> str:
    """A name as a one-line message may show it (newlines and odd characters escaped)."""
    text = os.fspath(name) if isinstance(name, (str, os.PathLike)) else str(name)
    return text if text.isprintable() else repr(text)[1:-1]


#: Characters typed text may not hold anywhere: controls (but tab and line ends),
#: line separators, lone surrogates, the marks that turn the direction of the text
#: around it (a student's line in the teacher's view read backwards), and the ones a
#: screen does not show at all (zero-width spaces and joiners, the soft hyphen, the
#: byte-order mark, tags, the Hangul fillers: ``correct`` and ``correct`` with a
#: zero-width space look alike and are not the same symbol).
UNSHOWN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\xad\u2028\u2029\ud800-\udfff"
                     "\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064"
                     "\u2066-\u2069\u3164\ufeff\uffa0\U000e0000-\U000e007f]")


def unshown(text: str) -> tuple[int, int, str] | None:
    """The first character of :data:`UNSHOWN` in ``text``: (line, column, ``U+XXXX``),
    both from 1; None if there is none."""
    found = UNSHOWN.search(text)
    if found is None:
        return None
    before = text[:found.start()]
    line, col = before.count("\n") + 1, found.start() - (before.rfind("\n") + 1) + 1
    return line, col, f"U+{ord(found.group()):04X}"


def unshown_at(text: str) -> str | None:
    """Where ``text`` holds a character of :data:`UNSHOWN`: ``"column C: U+XXXX"``
    (line and column when it has lines), or None."""
    found = unshown(text)
    if found is None:
        return None
    line, col, char = found
    where = f"line {line}, column {col}" if "\n" in text else f"column {col}"
    return f"{where}: {char}"


def stdout_shows(text: str, stream=None) -> bool:
    """Can ``stream`` (default: standard output) write ``text`` in its encoding (an
    ASCII locale cannot write Σ or é)? A stream without an encoding (a StringIO) holds
    text, so yes."""
    stream = sys.stdout if stream is None else stream
    try:
        text.encode(getattr(stream, "encoding", None) or "utf-8")
        return True
    except (UnicodeEncodeError, LookupError):
        return False


def visible(text: str) -> str:
    """``text`` with each character of :data:`UNSHOWN` written as ``\\uXXXX``."""
    return UNSHOWN.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def written_out(text: str) -> str:
    """``text`` as one row or line of a page or a transcript that no text can forge: a
    backslash doubled, a line break and a carriage return as ``\\n`` and ``\\r``, what a
    screen does not show as ``\\uXXXX`` (:func:`visible`)."""
    return visible(text.replace("\\", "\\\\").replace("\r", "\\r").replace("\n", "\\n"))


#: characters of a message's one line at most (a message quoting a whole input is cut)
MESSAGE_CHARS = 1000


def one_line(message: object, most: int = MESSAGE_CHARS) -> str:
    """A message as one line: its first line (odd characters escaped), cut at ``most``
    characters with how long it was."""
    text = str(message).strip()
    return _cut(text.splitlines()[0] if text else "", most)


def message_lines(message: object, most: int = MESSAGE_CHARS, lines: int = 40) -> str:
    """A message of several lines (CLIPS's error and the construct it stopped at) as the
    command line prints it: each line cut at ``most`` characters, at most ``lines``."""
    text = str(message).rstrip().splitlines() or [""]
    kept = [_cut(line.rstrip(), most) for line in text[:lines]]
    if len(text) > lines:
        kept.append(f"... ({len(text) - lines:,} more lines)")
    return "\n".join(kept)


def _cut(line: str, most: int) -> str:
    if not line.isprintable():
        line = "".join(c if c.isprintable() else repr(c)[1:-1] for c in line)
    return f"{line[:most]}... ({len(line):,} characters)" if len(line) > most else line


class LastLines:
    """Lines said over a session's life, of which the last ``keep`` are held (memory
    stays flat however long it runs). Its length counts every line ever added; a
    caller marks where it starts listening (:meth:`mark`) and later asks what was said
    since (:meth:`since`): the first lines of it are kept for the latest mark even
    when later lines push them out of the tail."""

    def __init__(self, keep: int = 2000, first: int = MOST_SAID):
        self.keep, self.first = keep, first
        self.held: list[str] = []
        self.total = 0
        self.marked: tuple[int, list[str] | None] = (0, None)

    def append(self, line: str) -> None:
        self.extend((line,))

    def extend(self, lines) -> None:
        lines = list(lines)
        kept = self.marked[1]
        if kept is not None and len(kept) < self.first:     # still the first since it
            kept.extend(lines[:self.first - len(kept)])
        self.held.extend(lines)
        self.total += len(lines)
        if len(self.held) > self.keep:
            cut = len(self.held) - self.keep // 2
            at, kept = self.marked
            start = self.total - len(self.held)
            if kept is None and start <= at < start + cut:
                self.marked = (at, self.held[at - start:at - start + self.first])
            del self.held[:cut]

    def mark(self) -> int:
        """Listen from here: the mark to hand to :meth:`since`."""
        self.marked = (self.total, None)
        return self.total

    def since(self, mark: int) -> tuple[list[str], int]:
        """The first lines said since ``mark`` (as many as are known) and how many
        were said in all."""
        start = self.total - len(self.held)
        at, kept = self.marked
        if mark >= start:
            first = self.held[mark - start:mark - start + self.first]
        else:
            first = kept if at == mark and kept is not None else []
        return first, self.total - mark

    def said_since(self, mark: int) -> str:
        """What was said since ``mark``, in one line (the first lines, then how many
        more); empty if nothing."""
        lines, count = self.since(mark)
        return said_in_one_line(lines, count - len(lines))

    def __len__(self) -> int:
        return self.total

    def __iter__(self):
        return iter(self.held)

    def __getitem__(self, where: slice) -> list[str]:
        """The lines held, as a list's slice."""
        return self.held[where]


def user_path(spec: str | os.PathLike, what: str = "file") -> Path:
    """``spec`` as a path, ``~`` expanded; a one-line error for an unknown user."""
    text = os.fspath(spec)
    if text == "":
        raise UsageError(f"empty {what} name")
    if "\0" in text:
        raise UsageError(f"{what} name {shown(text)} holds a NUL character")
    try:
        return Path(text).expanduser()
    except RuntimeError:
        raise UsageError(f"cannot expand {shown(text)}: no such user") from None


def _not_regular(info: os.stat_result) -> str | None:
    """What a path that is no regular file is (None: it is one)."""
    if stat.S_ISREG(info.st_mode):
        return None
    return "a directory" if stat.S_ISDIR(info.st_mode) else "not a regular file"


def _check_regular(info: os.stat_result, path: Path, what: str, limit: int) -> None:
    kind = _not_regular(info)
    if kind is not None:
        raise UsageError(f"cannot read {what} {shown(path)}: {kind}")
    if info.st_size > limit:
        raise UsageError(f"{what} {shown(path)} has {info.st_size:,} bytes; "
                         f"the limit is {limit:,}")


def regular_file(spec: str | os.PathLike, what: str = "file",
                 limit: int = MAX_TEXT_BYTES) -> Path:
    """The path of an existing regular file of at most ``limit`` bytes, or UsageError."""
    path = user_path(spec, what)
    try:
        info = path.stat()
    except OSError as exc:
        raise UsageError(f"cannot read {what} {shown(path)}: {exc.strerror or exc}") from None
    _check_regular(info, path, what, limit)
    return path


def writable_file(spec: str | os.PathLike, what: str = "file") -> Path:
    """The path of a file to write: not an existing FIFO, device or directory (opening
    a FIFO to write waits for ever for a reader), or UsageError in one line."""
    path = user_path(spec, what)
    try:
        info = path.stat()
    except OSError:
        return path                 # not there yet (or not reachable: open will say)
    kind = _not_regular(info)
    if kind is not None:
        raise UsageError(f"cannot write {what} {shown(path)}: {kind}")
    return path


def read_capped(stream, limit: int):
    """At most ``limit + 1`` bytes (or characters) of ``stream``, read in pieces: a
    single ``read(limit + 1)`` would first allocate the whole ``limit``, which a process
    with a memory limit (a web session's worker) may not have."""
    pieces, size = [], 0
    while size <= limit:
        piece = stream.read(min(1 << 20, limit + 1 - size))
        if not piece:
            break
        pieces.append(piece)
        size += len(piece)
    empty = "" if pieces and isinstance(pieces[0], str) else b""
    return empty.join(pieces)


def read_bytes(spec: str | os.PathLike, what: str = "file", limit: int = MAX_TEXT_BYTES) -> bytes:
    """A regular file's bytes. It is opened without blocking and checked on the open
    descriptor, so a file swapped for a FIFO after a check cannot hang the read."""
    path = user_path(spec, what)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise UsageError(f"cannot read {what} {shown(path)}: {exc.strerror or exc}") from None
    try:
        _check_regular(os.fstat(fd), path, what, limit)
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as f:
            return read_capped(f, limit)
    except OSError as exc:
        raise UsageError(f"cannot read {what} {shown(path)}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def not_utf8(name: str, data: bytes, at: int) -> UsageError:
    """The error for ``data`` (read as ``name``), whose byte ``at`` is not UTF-8."""
    return UsageError(f"{name} is not UTF-8 text (byte 0x{data[at]:02x} at offset {at})")


def decode(data: bytes, name: str) -> str:
    """UTF-8 (a byte-order mark dropped), NFC-normalised; UsageError otherwise, naming
    the first bad byte and its offset (from 0, counting a byte-order mark)."""
    bom = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    nul = data.find(b"\0")
    try:
        text = data[bom:nul if nul >= 0 else len(data)].decode("utf-8")
    except UnicodeDecodeError as exc:
        raise not_utf8(name, data, bom + exc.start) from None
    if nul >= 0:
        raise UsageError(f"{name} is not text (a NUL byte at offset {nul})")
    return unicodedata.normalize("NFC", text)


#: Unicode categories a message names by code point: marks and format characters
INVISIBLE = ("Mn", "Mc", "Me", "Cf")


def fold(text: str) -> str:
    """``text`` in NFKC form: compatibility characters become the plain letters they
    stand for, combining accents are composed onto their letters."""
    return text if text.isascii() else unicodedata.normalize("NFKC", text)


def character(ch: str) -> str:
    """One character as a message shows it: ``'1'``, ``'é'``, ``'\\n'``, for a mark or
    an invisible format character ``U+0301 (COMBINING ACUTE ACCENT)``, for a byte of a
    command line that was not UTF-8 ``byte 0xff (not UTF-8)``."""
    if "\udc80" <= ch <= "\udcff":     # a byte that was not UTF-8 (surrogateescape)
        return f"byte 0x{ord(ch) - 0xDC00:02x} (not UTF-8)"
    if unicodedata.category(ch) in INVISIBLE:
        return f"U+{ord(ch):04X} ({unicodedata.name(ch, 'unnamed')})"
    return repr(ch)


def ascii_letters(text: str, what: str, allowed: str = "") -> str:
    """``text`` folded (:func:`fold`) if it is then ASCII letters (and characters of
    ``allowed``) only, at least one; else UsageError ``"{what} has '1': letters a-z
    only"``."""
    text = fold(text)
    if text.isascii() and text.isalpha():
        return text
    if not text:
        raise UsageError(f"{what} is empty: letters a-z expected")
    for ch in text:
        if not (ch.isascii() and (ch.isalpha() or ch in allowed)):
            raise UsageError(f"{what} has {character(ch)}: letters a-z only")
    return text


def read_text(spec: str | os.PathLike, what: str = "file", limit: int = MAX_TEXT_BYTES,
              stdin=None) -> str:
    """The text of a file, or of standard input when ``spec`` is ``"-"``."""
    if os.fspath(spec) == "-":
        stream = stdin if stdin is not None else sys.stdin
        raw = getattr(stream, "buffer", None)
        data = read_capped(raw if raw is not None else stream, limit)
        if isinstance(data, str):          # a text stream handed in (tests, notebooks)
            data = data.encode("utf-8", "surrogatepass")
        if len(data) > limit:
            raise UsageError(f"standard input is over the limit of {limit:,} bytes")
        return decode(data, "standard input")
    return read_file_text(spec, what, limit)


def read_file_text(spec: str | os.PathLike, what: str = "file",
                   limit: int = MAX_TEXT_BYTES) -> str:
    """The text of a file (``"-"`` is a file name here, not standard input)."""
    return decode(read_bytes(spec, what, limit), f"{what} {shown(user_path(spec, what))}")


def is_path_like(spec: str) -> bool:
    """Could ``spec`` name a file (rather than inline text such as a word list)?
    Inline text with separators or longer than a file name can be is never tried."""
    return 0 < len(spec) <= 255 and "," not in spec and not any(c.isspace() for c in spec)
