"""What the Boggle generator rules ask for: letter odds and random draws (seed 003).

The rules decide which cell goes next and which marks bear on it; when they need a
letter they ask a :class:`Dice` (handed to them with ``session.provide(dice=...)``),
the way the riddle rules ask a word index. A Dice knows the dictionary statistics
(as roulette tables, :class:`Tables`) and one board's random number generator, and
nothing about the board: every question carries what the rule matched (the cell's
marks, the letters placed so far).

Two streams of random numbers, both from the board's ``rng`` (a ``random.Random``):

* letters and the seed cells' order are drawn from ``rng`` itself, in the order the
  rules fire: one shuffle at reset, one draw per placed letter;
* ADJ's and CAD's picks (a random mark, :meth:`Dice.pick`) come from a generator of
  their own, seeded from ``rng`` when the Dice is made, so the letters a board draws
  are one stream whichever cells were picked, and a board that picks nothing (the fill
  and greedy generators) draws its letters as before picks existed.

The plain-Python twin (:mod:`pyengine.puzzles.boggle.twin`) asks the same Dice the same
questions in the same order, so both make the same board.
"""
from __future__ import annotations

import bisect
import random

from pyengine.words.letters import A_TO_Z, VOWELS

DAMP = 0.8              # greedy-dcad: weight factor per copy of a letter already placed
TRIGRAM_SMOOTH = 1.0    # trigram: pseudo-weight of the pair row mixed into a triplet row


def cumulative(weights) -> list[float]:
    out, acc = [], 0.0
    for w in weights:
        acc += w
        out.append(acc)
    return out


class Tables:
    """One word list's statistics as roulette tables, built once and shared."""

    _cache: dict = {}

    def __init__(self, stats):
        self.letters = list(A_TO_Z)
        self.vowels = [c for c in A_TO_Z if c in VOWELS]
        self.consonants = [c for c in A_TO_Z if c not in VOWELS]
        self.vowel_share = round(stats.vowel_fraction, 6)   # as the Plan fact shows it
        f = stats.freq
        self.freq_cum = cumulative(f)
        self.vowel_cum = cumulative(f[i] for i, c in enumerate(A_TO_Z) if c in VOWELS)
        self.cons_cum = cumulative(f[i] for i, c in enumerate(A_TO_Z) if c not in VOWELS)
        self.rows = stats.adj_rows
        self.rows_cum = [cumulative(r) for r in stats.adj_rows]
        self.tri = None if stats.trigrams is None else _triplet_rows(stats)

    @classmethod
    def for_stats(cls, stats) -> "Tables":
        got = cls._cache.get(id(stats))
        if got is None or got[0] is not stats:
            got = cls._cache[id(stats)] = (stats, cls(stats))
        return got[1]


def _triplet_rows(stats) -> list[list[list[float]]]:
    """T[a][b]: the triplet row a-b-x smoothed with the pair row of b, normalised."""
    k = TRIGRAM_SMOOTH
    tri = []
    for a in range(26):
        rows_a = []
        for b in range(26):
            t = stats.trigrams[a][b]
            s = sum(t)
            pb = stats.adj_rows[b]
            rows_a.append([v / s * (1 - k / (s + k)) + pb[c] * k / (s + k)
                           for c, v in enumerate(t)] if s else list(pb))
        tri.append(rows_a)
    return tri


def _code(ch: str) -> int:
    return ord(ch) - 97


class Dice:
    """The letter odds and random draws of one board (see the module doc)."""

    def __init__(self, stats, rng: random.Random):
        self.t = Tables.for_stats(stats)
        self.rng = rng
        self.picks = random.Random(rng.getrandbits(64))

    # -- the order of the seed cells, and the picks --------------------------------------
    def ranks(self, n: int) -> list[int]:
        """A random order of n cells: cell i is the ``ranks[i]``-th seed cell."""
        order = list(range(n))
        self.rng.shuffle(order)
        return order

    def pick(self, marks: list):
        """ADJ, CAD: one of ``marks`` (each a cell and a mark), all equally likely."""
        return marks[self.picks.randrange(len(marks))]

    # -- seed letters ---------------------------------------------------------------------
    def _roulette(self, letters, cum) -> str:
        """A letter by its cumulative weights (``random.choices`` draws the same way)."""
        return letters[bisect.bisect_right(cum, self.rng.random() * cum[-1], 0, len(cum) - 1)]

    def any_letter(self) -> str:
        """RND: every letter equally likely."""
        return self.rng.choice(self.t.letters)

    def vowel_or_consonant(self) -> str:
        """VCR: a vowel with the dictionary's vowel share, else a consonant (uniform)."""
        t = self.t
        return self.rng.choice(t.vowels if self.rng.random() < t.vowel_share else t.consonants)

    def by_frequency(self) -> str:
        return self._roulette(self.t.letters, self.t.freq_cum)

    def vowel_by_frequency(self) -> str:
        return self._roulette(self.t.vowels, self.t.vowel_cum)

    def consonant_by_frequency(self) -> str:
        return self._roulette(self.t.consonants, self.t.cons_cum)

    # -- grown letters: from a cell's marks (sorted letters) ----------------------------
    def next_to(self, mark: str) -> str:
        """ADJ: a letter by how often it stands next to ``mark`` in the dictionary."""
        return self._roulette(self.t.letters, self.t.rows_cum[_code(mark)])

    def from_all_marks(self, marks: str, placed: str | None = None) -> str:
        """CAD (dCAD with ``placed``): a letter by :meth:`all_marks_weights`."""
        return self.from_weights(self.all_marks_weights(marks, placed), marks)

    def all_marks_weights(self, marks: str, placed: str | None = None) -> list[float]:
        """The product of the marks' neighbour rows; with ``placed`` (the letters on the
        board, dCAD) each copy of a letter already placed damps it by DAMP."""
        w = self.product(marks)
        if placed is not None:
            w = [a * DAMP ** placed.count(A_TO_Z[k]) for k, a in enumerate(w)]
        return w

    def from_marks_and_triplets(self, marks: str, pairs) -> str:
        """Trigram: the CAD product times the triplet row of each placed path a-b
        ending next to the cell (``pairs``: 'ab' strings, sorted)."""
        pair_w = self.product(marks)
        w = pair_w
        tri = self.t.tri
        for ab in pairs:
            row = tri[_code(ab[0])][_code(ab[1])]
            w = [x * y for x, y in zip(w, row)]
            s = sum(w)
            if s <= 0:          # no letter fits every triplet: keep the pairs' product
                w = pair_w
                break
            w = [x / s for x in w]
        return self.from_weights(w, marks)

    def product(self, marks: str) -> list[float]:
        """The product of the neighbour rows of the marks (rescaled against underflow)."""
        rows = self.t.rows
        w = list(rows[_code(marks[0])])
        for ch in marks[1:]:
            w = [a * b for a, b in zip(w, rows[_code(ch)])]
            s = sum(w)
            if s <= 0:
                break
            if s < 1e-200:
                w = [a / s for a in w]
        return w

    def from_weights(self, w: list[float], marks: str) -> str:
        """Roulette over ``w``; when no letter has weight (none meets every mark) the
        mixture of the marks' rows, then the letter frequencies."""
        if sum(w) <= 0:
            w = [0.0] * 26
            for ch in marks:
                w = [a + b for a, b in zip(w, self.t.rows[_code(ch)])]
        if sum(w) <= 0:
            return self.by_frequency()
        return self._roulette(self.t.letters, cumulative(w))
