"""Boggle scoring: points per word by length and board size, and the minimum length.

3-4 letters 1, 5: 2, 6: 3, 7: 5, 8+: 11; on 6x6 (Super Big Boggle) 9+ letters score 2
per letter; with ``two_letter=True`` (the seed's convention) 2-letter words score 1.
Both word finders (:mod:`~pyengine.puzzles.boggle.finder` and its compiled twin
:mod:`~pyengine.puzzles.boggle.finder_numba`) score through this module.
"""
from __future__ import annotations


def score_word(word: str, size: int = 4, two_letter: bool = False) -> int:
    """Points for one word on a ``size`` x ``size`` board (see the module doc)."""
    n = len(word)
    if n >= 9 and size >= 6:
        return 2 * n
    if n >= 8:
        return 11
    if n >= 3:
        return (0, 0, 0, 1, 1, 2, 3, 5)[n]
    if n == 2 and two_letter:
        return 1
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
