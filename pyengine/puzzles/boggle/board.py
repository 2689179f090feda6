"""A Boggle board: a square grid of cells, each holding one letter or the
two-letter ``qu`` face, with 8-neighbour adjacency.

``parse_board`` reads the usual ways people write a board::

    perslatgsineters          16 letters, row by row
    pers/latg/sine/ters       rows separated by '/' (or spaces, commas, newlines)
    QESTANSIXWEOYRSN          with qu=True (the default) a Q is the Qu face
    quest/ansi/...            an explicit 'qu' is one cell when that makes a square
    [Th]ere/...               a bracketed two-letter face (the big sets' Qu In Th Er He An)
    #                         a blank face (Super Big Boggle): no word passes through it

Sizes 3x3 to 6x6.  Nothing heavy is imported here.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from pyengine.engine.errors import UsageError
from pyengine.engine.numbers import shown as cut
from pyengine.engine.textio import character, fold

__all__ = ["Board", "parse_board", "neighbours_of", "MIN_SIZE", "MAX_SIZE", "MAX_BOARD_TEXT"]

MIN_SIZE, MAX_SIZE = 3, 6
#: the longest board text read (characters): a 6x6 board of bracketed faces with
#: separators is under 200
MAX_BOARD_TEXT = 1000
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")
#: the dice's two-letter faces; a face spells its letters and scores as that many
MULTI_FACES = ("qu", "in", "th", "er", "he", "an")
BLANK = "#"
FACES = frozenset(_LETTERS) | frozenset(MULTI_FACES) | {BLANK}
_NEIGHBOURS: dict[int, tuple[tuple[int, ...], ...]] = {}
_ROW_BREAKS = re.compile(r"[\s/,;|]+")     # what may stand between a board's rows


def neighbours_of(size: int) -> tuple[tuple[int, ...], ...]:
    """For each cell index (row-major), the indexes of its up to 8 neighbours."""
    got = _NEIGHBOURS.get(size)
    if got is None:
        rows = []
        for r in range(size):
            for c in range(size):
                rows.append(tuple(rr * size + cc
                                  for rr in range(r - 1, r + 2)
                                  for cc in range(c - 1, c + 2)
                                  if (rr, cc) != (r, c) and 0 <= rr < size and 0 <= cc < size))
        got = _NEIGHBOURS[size] = tuple(rows)
    return got


@dataclass(frozen=True)
class Board:
    """``size`` x ``size`` cells, row-major; each cell is 'a'..'z' or 'qu' (or,
    from the big dice sets, another two-letter face 'in' 'th' 'er' 'he' 'an',
    or '#' for a blank face)."""

    size: int
    cells: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        cells = tuple(self.cells)
        object.__setattr__(self, "cells", cells)
        if not isinstance(self.size, int) or not MIN_SIZE <= self.size <= MAX_SIZE:
            raise UsageError(f"board size must be {MIN_SIZE}..{MAX_SIZE}, got {self.size!r}")
        if len(cells) != self.size * self.size:
            raise UsageError(f"a {self.size}x{self.size} board needs {self.size ** 2} cells, "
                             f"got {len(cells)}")
        for c in cells:
            if c not in FACES:
                raise UsageError(f"bad board cell {c!r}: each cell is one letter a-z or 'qu'")
        object.__setattr__(self, "neighbours", neighbours_of(self.size))

    # -- views ---------------------------------------------------------------
    def __str__(self) -> str:
        return self.text()

    def __len__(self) -> int:
        return len(self.cells)

    def text(self, sep: str = "") -> str:
        """Cells as one string, row by row (``sep`` between rows); a Qu cell is 'qu'."""
        n = self.size
        return sep.join("".join(self.cells[r * n:(r + 1) * n]) for r in range(n))

    def compact(self) -> str:
        """Upper case, Qu written 'Q', other two-letter faces in brackets
        ('[Th]'), blanks '#'; parse_board reads it back."""
        return "".join(self.compact_rows())

    def compact_rows(self) -> list[str]:
        """:meth:`compact`, a row a string (every face kept: 'RQUCI' was a 4x4 row)."""
        return ["".join("Q" if c == "qu" else f"[{c.title()}]" if len(c) == 2 else c.upper()
                        for c in row) for row in self.rows()]

    def spec(self, sep: str = "") -> str:
        """The board as text that :func:`parse_board` reads back as this board (with
        ``qu=True``, or ``qu=False`` when the board has a plain 'q' cell): lower case,
        the Qu face 'qu', the other two-letter faces bracketed ('[th]'), blanks '#'.
        Where 'qu' would be read otherwise (a letter count that makes another square)
        every two-letter face is bracketed."""
        n = self.size
        rows = ["".join(c if len(c) == 1 or c == "qu" else f"[{c}]"
                        for c in self.cells[r * n:(r + 1) * n]) for r in range(n)]
        text = sep.join(rows)
        if "qu" in self.cells and parse_board(text, qu="q" not in self.cells) != self:
            text = sep.join("".join(c if len(c) == 1 else f"[{c}]"
                                    for c in self.cells[r * n:(r + 1) * n]) for r in range(n))
        return text

    def rows(self) -> list[tuple[str, ...]]:
        n = self.size
        return [self.cells[r * n:(r + 1) * n] for r in range(n)]

    def render(self) -> str:
        """The grid as text, one row a line, cells in upper case ('Qu' for the Qu face)."""
        return "\n".join(" ".join(f"{(c.title() if len(c) == 2 else c.upper()):<2}"
                                  for c in row).rstrip()
                         for row in self.rows())

    def letters(self) -> str:
        """All the board's letters in cell order ('qu' gives two)."""
        return "".join(self.cells)

    def has_qu(self) -> bool:
        return "qu" in self.cells

    def as_dict(self) -> dict:
        return {"size": self.size, "cells": list(self.cells), "text": self.text("/")}


def _square_size(n: int) -> int | None:
    r = math.isqrt(n)
    return r if r * r == n and MIN_SIZE <= r <= MAX_SIZE else None


def parse_board(text: str | Board, qu: bool = True) -> Board:
    """Read a board from text (see the module doc).

    With ``qu=True`` (the game's dice) every Q is the Qu face, a cell 'qu';
    with ``qu=False`` a Q is a plain 'q' cell (the seed's random boards).
    An explicit "qu" is one cell when the letter count only makes a square
    board that way.  Raises UsageError for anything that is not a square
    3x3..6x6 board of letters.
    """
    if isinstance(text, Board):
        return text
    if not isinstance(text, str):
        raise UsageError(f"a board is text, got {type(text).__name__}")
    if len(text) > MAX_BOARD_TEXT:
        raise UsageError(f"bad board: {len(text):,} characters is over the limit of "
                         f"{MAX_BOARD_TEXT:,} (a board has at most {MAX_SIZE * MAX_SIZE} cells)")
    if not isinstance(qu, bool):
        raise UsageError(f"qu is True or False, not {qu!r}")
    raw = fold(text).strip()     # NFKC, as every word a user gives (textio.ascii_letters)
    if not raw:
        raise UsageError("empty board: give 9, 16, 25 or 36 letters (rows may be separated by '/')")
    body = _ROW_BREAKS.sub("", raw).lower()
    faces = re.findall(r"\[([a-z]{2})\]|\(([a-z]{2})\)|([a-z#])|(.)", body)
    bad = sorted({other for _a, _b, _c, other in faces if other})
    if bad:
        shown = " ".join(character(ch) for ch in bad[:5])
        raise UsageError(f"bad board {raw!r}: only letters a-z allowed (found {shown})")
    tokens = [a or b or c for a, b, c, _ in faces]
    for t in tokens:
        if len(t) == 2 and t not in MULTI_FACES:
            raise UsageError(f"bad board {raw!r}: [{t}] is not a die face "
                             f"(two-letter faces: {' '.join(f.title() for f in MULTI_FACES)})")
    size = _square_size(len(tokens))
    if size is not None:
        cells = tuple("qu" if (t == "q" and qu) else t for t in tokens)
        return _rows_checked(Board(size, cells), raw, merge_qu=False)
    if "qu" in body:
        merged, i = [], 0
        while i < len(tokens):
            if tokens[i] == "q" and i + 1 < len(tokens) and tokens[i + 1] == "u":
                merged.append("qu")
                i += 2
            else:
                merged.append(tokens[i])
                i += 1
        size = _square_size(len(merged))
        if size is not None:
            return _rows_checked(Board(size, tuple(merged)), raw, merge_qu=True)
    n = len(tokens)
    square = round(n ** 0.5) ** 2 == n
    what = (f"{n} cells make a {round(n ** 0.5)}x{round(n ** 0.5)} board" if square
            else f"{n} cells is not a square board")
    raise UsageError(f"bad board {cut(raw)}: {what} (give 9, 16, 25 or 36 letters, "
                     f"{MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE})")


def _rows_checked(board: Board, raw: str, merge_qu: bool) -> Board:
    """Rows given apart ('pers/latg/sine/ters') must be the board's: a row one cell
    short and the next one long is a slip, not another board (letters given one by one,
    each apart, are no rows)."""
    rows = [r for r in _ROW_BREAKS.split(raw.lower()) if r]
    counts = [_cells_in(r, merge_qu) for r in rows]
    if len(rows) > 1 and any(n != 1 for n in counts) and (
            len(rows) != board.size or any(n != board.size for n in counts)):
        raise UsageError(f"bad board {cut(raw)}: rows of {', '.join(map(str, counts))} "
                         f"cells; a {board.size}x{board.size} board has {board.size} rows "
                         f"of {board.size}")
    return board


def _cells_in(row: str, merge_qu: bool) -> int:
    faces = re.findall(r"\[[a-z]{2}\]|\([a-z]{2}\)|qu|." if merge_qu else
                       r"\[[a-z]{2}\]|\([a-z]{2}\)|.", row)
    return len(faces)
