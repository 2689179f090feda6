"""Boggle scoring: points per word by length and board size, and the minimum length.

3-4 letters 1, 5: 2, 6: 3, 7: 5, 8+: 11; on 6x6 (Super Big Boggle) 9+ letters score 2
per letter; with ``two_letter=True`` (the seed's convention) 2-letter words score 1.
Both word finders (:mod:`~pyengine.puzzles.boggle.finder` and its compiled twin
:mod:`~pyengine.puzzles.boggle.finder_numba`) score through this module, and the solving
rules (``rules/boggle_solve.py``) get its table as facts (:func:`bands`).
"""
from __future__ import annotations

from dataclasses import dataclass

from pyengine.puzzles.boggle.limits import MAX_WORD_LEN


@dataclass(frozen=True)
class Band:
    """One row of the scoring table: a word of ``low``..``high`` letters scores
    ``points`` plus ``per_letter`` for each of its letters."""

    low: int
    high: int
    points: int
    per_letter: int = 0


COMMON_BANDS = (Band(3, 4, 1), Band(5, 5, 2), Band(6, 6, 3), Band(7, 7, 5))


def bands(size: int = 4, two_letter: bool = False, min_len: int = 3) -> tuple[Band, ...]:
    """The seed's table for a ``size`` x ``size`` board (see the module doc), as the
    solving rules get it (one ``Band`` fact a row); :func:`score_word` reads the same
    rows. The last band ends at the longest word a board can hold; words counted below
    the first band (``min_len`` under 3, or 1 with two-letter words) score 0 in a band
    of their own."""
    short = (Band(2, 2, 1),) if two_letter else ()
    first = 2 if two_letter else 3
    nothing = (Band(min_len, first - 1, 0),) if min_len < first else ()
    long = ((Band(8, 8, 11), Band(9, MAX_WORD_LEN, 0, 2)) if size >= 6 else
            (Band(8, MAX_WORD_LEN, 11),))
    return nothing + short + COMMON_BANDS + long


def score_word(word: str, size: int = 4, two_letter: bool = False) -> int:
    """Points for one word on a ``size`` x ``size`` board (see the module doc)."""
    n = len(word)
    for band in bands(size, two_letter):
        if band.low <= n <= band.high:
            return band.points + band.per_letter * n
    return 0


LETTER_BIT = {chr(97 + i): 1 << i for i in range(26)}
_TABLES: dict = {}


def _score_table(size: int, two_letter: bool) -> list[int]:
    """score_word by length, lengths 0..71."""
    key = (size, two_letter)
    got = _TABLES.get(key)
    if got is None:
        got = _TABLES[key] = [score_word("x" * n, size, two_letter) for n in range(72)]
    return got


def tally(found: dict[str, int], size: int, two_letter: bool) -> tuple[int, int, int]:
    """(paths, word score, path score) of words found with their path counts."""
    table = _score_table(size, two_letter)
    word_score = path_score = paths = 0
    for w, n in found.items():
        s = table[len(w)] if len(w) < 72 else score_word(w, size, two_letter)
        word_score += s
        path_score += s * n
        paths += n
    return paths, word_score, path_score


def default_min_len(size: int, two_letter: bool = False) -> int:
    """The shortest word counted: 2 with two-letter words, else 3 up to 4x4, 4 above."""
    if two_letter:
        return 2
    return 3 if size <= 4 else 4
