"""How counts and lists of words are written for people, in one place for every layer.

    plural(1, "word")                     -> "1 word"
    plural(2, "word")                     -> "2 words"
    with_article("island")                -> "an island"
    fill(["aerate", "aerie", ...])        -> lines no wider than the terminal (80 piped)
    fill(ranks, head="ranks: ", sep=", ") -> items kept whole, a comma ending each line
"""
from __future__ import annotations

import shutil
from typing import Iterable

#: the width used when standard output is no terminal (piped, a test, the web)
PIPED_WIDTH = 80


def with_article(word: str) -> str:
    """``word`` after "a", or "an" before a vowel letter ("an island", "a poet"; by the
    letter, not the sound: "an hour" and "a unicorn" come out wrong)."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def plural(n: int, word: str, many: str | None = None, grouped: bool = False) -> str:
    """``n`` and ``word``, with an ``s`` unless ``n`` is 1 (``many`` for an irregular
    plural): ``1 word``, ``2 words``, ``0 words`` (digits only, as CLIPS writes counts;
    ``grouped``: in thousands, ``15,000,000 words``)."""
    count = f"{n:,}" if grouped else str(n)
    return f"{count} {word if n == 1 else many or word + 's'}"


def terminal_width() -> int:
    """The terminal's width in columns (``COLUMNS`` first), :data:`PIPED_WIDTH` when
    standard output is no terminal."""
    return shutil.get_terminal_size((PIPED_WIDTH, 24)).columns


def fill(items: Iterable[str], width: int | None = None, head: str = "",
         indent: str = "", sep: str = " ") -> list[str]:
    """``items`` in lines of at most ``width`` characters (default: the terminal's
    width), the first line starting with ``head``, the others with ``indent``. An item
    is never split (one longer than the line has a line of its own); ``sep`` joins
    the items, its visible part (``,`` of ``", "``) also ending a full line."""
    width = terminal_width() if width is None else width
    lines: list[str] = []
    line, empty = head, True
    for item in items:
        if not empty and len(line) + len(sep) + len(item) > width:
            lines.append(line + sep.rstrip())
            line, empty = indent, True
        line += item if empty else sep + item
        empty = False
    if not empty or line.strip():
        lines.append(line)
    return lines


def tally(count: int, singular: str, many: str) -> list[str]:
    """CLIPS's ``PrintTally`` line under a listing ("For a total of 3 defrules."):
    nothing for none."""
    return [f"For a total of {plural(count, singular, many)}."] if count else []
