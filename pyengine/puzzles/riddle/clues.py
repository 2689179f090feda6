"""Clue words close in spelling, for the maker's ``draw`` rules.

A :class:`ClueIndex` is the Python service the maker's rules ask for a clue pair
(the way an expert system asks a database); which letters a clue allows is
concluded by the collapse rules in ``rules/riddle.py``. The draw filters
hundreds of candidate pairs per clue, so it uses :func:`collapse_letters`, a
documented fast twin of those rules, checked against them by
``tests/test_riddle_rules.py``.
"""
from __future__ import annotations

import random

from pyengine.engine.errors import UsageError
from pyengine.puzzles.riddle.parse import EXCLUDE, INCLUDE, STOP_WORDS
from pyengine.words.letters import ALPHABET

DEFAULT_LIMITS = {"include-exclude": 3, "include-include": 2, "exclude-exclude": 2}
KIND_WEIGHTS = {"include-exclude": 7, "include-include": 2, "exclude-exclude": 1}
# does each word of a kind's pair have the letter? (first word, second word)
_HAS = {"include-exclude": (True, False), "include-include": (True, True),
        "exclude-exclude": (False, False)}


def collapse_letters(kind: str, sa: frozenset, sb: frozenset) -> frozenset:
    """Fast twin of the collapse rules for two-word clues: the letters a clue of
    ``kind`` allows, from its words' letter sets (first word ``sa``, second ``sb``)."""
    if kind == "include-exclude":
        return sa - sb
    if kind == "include-include":
        return sa & sb
    return ALPHABET - sa - sb


class ClueIndex:
    """Draws clue-word pairs for a letter: close in spelling (Levenshtein distance
    within the kind's limit), neither word's letter set a subset of the other's.

    Words are bucketed by length; the second word is searched with rapidfuzz in a
    random window of the words of similar length (``window`` words), so a draw
    costs about a millisecond instead of the seed's ~2000 rejected random pairs."""

    def __init__(self, words, limits=None, weights=None, window: int = 2500,
                 min_length: int = 3):
        from rapidfuzz.distance import Levenshtein

        self._distance = Levenshtein.distance
        self.limits = dict(DEFAULT_LIMITS if limits is None else limits)
        self.weights = dict(KIND_WEIGHTS if weights is None else weights)
        for kind in self.limits:
            if kind not in DEFAULT_LIMITS:
                raise UsageError(f"unknown clue kind {kind!r}")
        pool = [w for w in words if len(w) >= min_length and w not in STOP_WORDS]
        if len(pool) < 2:
            raise UsageError("too few clue words (need words of 3+ letters)")
        self.words = pool
        self.window = window
        self.near = self._near_lengths(pool)
        self._with: dict[str, list[str]] = {}
        self._without: dict[str, list[str]] = {}

    @staticmethod
    def _near_lengths(pool: list[str]) -> dict[int, list[str]]:
        """length n -> the words of length n-1..n+1, in a fixed shuffled order."""
        by_len: dict[int, list[str]] = {}
        for w in pool:
            by_len.setdefault(len(w), []).append(w)
        shuffler = random.Random(0)
        near: dict[int, list[str]] = {}
        for n in by_len:
            words = [w for m in (n - 1, n, n + 1) for w in by_len.get(m, ())]
            shuffler.shuffle(words)
            near[n] = words
        return near

    def having(self, letter: str, present: bool) -> list[str]:
        cache = self._with if present else self._without
        got = cache.get(letter)
        if got is None:
            got = cache[letter] = [w for w in self.words if (letter in w) == present]
        return got

    def kind(self, rng: random.Random) -> str:
        kinds = list(self.weights)
        return rng.choices(kinds, weights=[self.weights[k] for k in kinds], k=1)[0]

    def draw(self, letter: str, rng: random.Random, avoid=(), exclude_words=(),
             tries: int = 60) -> tuple[str, str, str, str]:
        """(valence_a, word_a, valence_b, word_b) whose collapsed letter set holds
        ``letter`` and none of ``avoid`` (dropped if no pair is found)."""
        avoid = frozenset(avoid) - {letter}
        for attempt in range(tries * 2):
            if attempt == tries:
                avoid = frozenset()     # give up on the rival letters, keep the rules
            kind = self.kind(rng)
            a_has, b_has = _HAS[kind]
            first = self.having(letter, a_has)
            if not first:
                continue
            a = rng.choice(first)
            if a in exclude_words:
                continue
            good = self._partners(kind, a, letter, rng, avoid, exclude_words)
            if good:
                b = rng.choice(sorted(good))
                return (INCLUDE if a_has else EXCLUDE, a, INCLUDE if b_has else EXCLUDE, b)
        raise UsageError(f"cannot find clue words for the letter {letter!r} "
                         "in this word list")

    def _partners(self, kind: str, a: str, letter: str, rng: random.Random, avoid,
                  exclude_words) -> list[str]:
        """Second words for ``a``: close in spelling (in a random window), the letter
        where the kind wants it, no subset either way, no ``avoid`` letter allowed."""
        from rapidfuzz import process

        near = self.near[len(a)]
        start = rng.randrange(len(near))
        window = near[start:start + self.window]
        if len(window) < self.window:
            window += near[:self.window - len(window)]
        found = process.extract(a, window, scorer=self._distance,
                                score_cutoff=self.limits[kind], limit=None)
        sa, b_has = frozenset(a), _HAS[kind][1]
        good = []
        for b, _dist, _i in found:
            sb = frozenset(b)
            if (letter in sb) != b_has or b == a or b in exclude_words:
                continue
            if sa <= sb or sb <= sa or avoid & collapse_letters(kind, sa, sb):
                continue
            good.append(b)
        return good
