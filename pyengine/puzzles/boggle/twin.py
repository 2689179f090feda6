"""The plain-Python twin of the generator rules: the same algorithm as a loop.

It asks the same :class:`~pyengine.puzzles.boggle.draws.Dice` the same questions in
the same order as the rules in ``rules/boggle.py`` (the seed cells in rank order;
then each pick, the cell the same rule picks; marks as letters in alphabetical order),
so for every seed and algorithm it makes the same board (the tests check it). It is
the test oracle and the fast path for big benchmarks (about 20x faster than the
engine).
"""
from __future__ import annotations

import random

from pyengine.puzzles.boggle.algorithms import algorithm, board_spec
from pyengine.puzzles.boggle.board import Board, neighbours_of
from pyengine.puzzles.boggle.draws import Dice
from pyengine.puzzles.boggle.stats import load_stats
from pyengine.words.letters import VOWELS


def rng_for(rng=None, seed=None) -> random.Random:
    """``rng`` itself if it is a random.Random, else a new one seeded with ``rng`` or ``seed``."""
    if isinstance(rng, random.Random):
        return rng
    return random.Random(rng if rng is not None else seed)


def stats_for(stats=None, words=None):
    """``stats`` if given, else the statistics of the word list ``words`` names."""
    return stats if stats is not None else load_stats(words)


class PlainBoard:
    """One board being made: its letters, and each empty cell's marks (and, for the
    trigram generator, the pairs of the placed paths ending next to it)."""

    def __init__(self, algo, spec, dice: Dice):
        self.algo, self.spec, self.dice = algo, spec, dice
        self.size = spec.size
        n = self.size * self.size
        self.nbrs = neighbours_of(self.size)
        self.letters: list[str | None] = [None] * n
        self.marks = [""] * n
        self.pairs: list[list[str]] = [[] for _ in range(n)]
        self.rank = list(range(n))
        self.placed = 0
        self.vowels = 0

    def place(self, i: int, ch: str) -> None:
        """The letter goes on cell i and marks each empty neighbour (mark_neighbour;
        the trigram generator's paths too: mark_path_end)."""
        self.letters[i] = ch
        self.placed += 1
        self.vowels += ch in VOWELS
        for j in self.nbrs[i]:
            if self.letters[j] is None:
                self.marks[j] = "".join(sorted(self.marks[j] + ch))
        if self.algo.grow == "trigram":
            self._mark_paths(i, ch)

    def _mark_paths(self, i: int, ch: str) -> None:
        """Every placed path a-b through the new letter marks the empty cells next to b."""
        letters = self.letters
        for j in self.nbrs[i]:
            b = letters[j]
            if b is None:
                continue
            for k in self.nbrs[j]:          # path i -> j -> k
                if letters[k] is None:
                    self.pairs[k].append(ch + b)
            for k in self.nbrs[i]:          # path j -> i -> k
                if letters[k] is None:
                    self.pairs[k].append(b + ch)

    # -- the stages ----------------------------------------------------------------------
    def seed_stage(self) -> None:
        self.rank = ranks = self.dice.ranks(len(self.letters))
        by_rank = sorted(range(len(ranks)), key=ranks.__getitem__)
        for p in range(self.spec.seeds):
            self.place(by_rank[p], self._seed_letter(p))

    def _seed_letter(self, p: int) -> str:
        d, kind = self.dice, self.spec.seed
        if kind == "uniform":
            return d.any_letter()
        if kind == "vcr":
            return d.vowel_or_consonant()
        if kind == "balanced":
            few = p == 0 or self.vowels / p <= d.t.vowel_share
            return d.vowel_by_frequency() if few else d.consonant_by_frequency()
        if kind == "quota":
            return d.vowel_by_frequency() if p < self.spec.vowels else d.consonant_by_frequency()
        return d.by_frequency()

    def grow_stage(self) -> None:
        while (picked := self.pick()) is not None:
            i, mark = picked
            self.place(i, self._grown_letter(i, mark))

    def pick(self) -> tuple[int, str] | None:
        """The next cell and mark, as pick_the_most_marked_cell (greedy) or
        pick_a_random_mark picks them; None when no empty cell has a mark."""
        empty = [i for i, ch in enumerate(self.letters) if ch is None and self.marks[i]]
        if not empty:
            return None
        if self.algo.greedy:
            return min(empty, key=lambda i: (-len(self.marks[i]), self.rank[i])), ""
        size = self.size
        row, col, mark = self.dice.pick(sorted((i // size, i % size, m) for i in empty
                                               for m in self.marks[i]))
        return row * size + col, mark

    def _grown_letter(self, i: int, mark: str) -> str:
        d, grow, marks = self.dice, self.algo.grow, self.marks[i]
        if grow == "one":
            return d.next_to(mark)
        if grow == "damped":
            return d.from_all_marks(marks, self.board_text())
        if grow == "trigram":
            return d.from_marks_and_triplets(marks, tuple(sorted(self.pairs[i])))
        return d.from_all_marks(marks)

    def board_text(self) -> str:
        return "".join(ch or "." for ch in self.letters)


def plain_generate(algo="greedy-cad", size: int = 4, rng=None, seed=None, stats=None,
                   seed_size: int = 1, vowels: int | None = None, qu: bool = False,
                   words=None):
    """The board the rules would make, made by a plain loop (baseline and cross-check)."""
    a = algorithm(algo)
    spec = board_spec(a, size, seed_size, vowels)
    board = PlainBoard(a, spec, Dice(stats_for(stats, words), rng_for(rng, seed)))
    board.seed_stage()
    if not a.fills:
        board.grow_stage()
    return Board(spec.size, tuple("qu" if (qu and ch == "q") else ch for ch in board.letters))
