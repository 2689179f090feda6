"""Writing clues with the seed's phrasings ("is in X but not in Y", "is neither in
X nor in Y", "is in both X and Y"), the last one as "My last" 30% of the time."""
from __future__ import annotations

import random

from pyengine.puzzles.riddle.parse import (
    EXCLUDE, INCLUDE, LAST, ORDINAL_WORDS, HalfClue, ParsedClue)


def ordinal_word(pos: int) -> str:
    return ORDINAL_WORDS[pos - 1] if 1 <= pos <= len(ORDINAL_WORDS) else f"{pos}th"


def write_line(halves: tuple[HalfClue, ...], rng: random.Random) -> str:
    (va, a), (vb, b) = [(h.valence, h.word) for h in halves]
    if va == INCLUDE and vb == INCLUDE:
        if rng.randrange(2) == 0:
            return f"is in {a} and also in {b}"
        return f"is in both {a} and {b}"
    if va == EXCLUDE and vb == EXCLUDE:
        return f"is neither in {a} nor in {b}"
    if va == EXCLUDE:
        a, b = b, a
    return f"is in {a} but not in {b}"


def write_riddle(clues: list[ParsedClue], rng: random.Random) -> list[str]:
    """One line per clue; the final one is 'My last' 30% of the time."""
    out = []
    n = len(clues)
    for clue in sorted(clues, key=lambda c: c.pos):
        pos = ordinal_word(clue.pos)
        if clue.pos == n and rng.random() <= 0.3:
            pos = LAST
        out.append(f"My {pos} {write_line(clue.halves, rng)}")
    return out

