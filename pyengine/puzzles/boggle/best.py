"""Search for a top-scoring Boggle board: simulated annealing with re-roll and
swap moves, each run finished by hill climbing, restarted until the time is up.

A *move* either re-rolls one cell (a new letter drawn from the word list's
letter frequencies) or swaps two cells.  A worse board is accepted with
probability exp(delta / T), the temperature falling geometrically from
``t_start`` to ``t_end`` over a run of ``steps`` moves.  At the end of a run,
hill climbing tries every single-cell change and every swap until none
improves.  The next run starts from the best board so far with a few cells
re-rolled (``kick``), or from a fresh random board every fourth run.

Reproducible: every draw comes from ``random.Random(seed)``, and the moves do
not depend on the clock; the time limit only decides when to stop.  The
result reports the moves made, and ``iterations=N`` with the same seed
replays exactly that search.  The board's score is the distinct-word score
(standard scoring, minimum length 3 on 4x4, 4 on 5x5/6x6).
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from pyengine.puzzles.boggle.board import Board
from pyengine.puzzles.boggle.finder import Finder, default_min_len
from pyengine.engine.errors import UsageError

__all__ = ["BestResult", "best_board", "letter_weights"]

ALPHABET = "abcdefghijklmnopqrstuvwxyz"


@dataclass
class BestResult:
    board: Board
    score: int
    words: int
    seconds: float
    iterations: int
    runs: int
    seed: int
    wordlist: str
    backend: str
    history: list[tuple[float, int, int]] = field(default_factory=list)  # (s, iteration, score)

    def as_dict(self) -> dict:
        return {"board": self.board.text(), "size": self.board.size, "score": self.score,
                "words": self.words, "seconds": round(self.seconds, 3),
                "iterations": self.iterations, "runs": self.runs, "seed": self.seed,
                "wordlist": self.wordlist, "backend": self.backend,
                "history": [{"seconds": round(s, 3), "iteration": i, "score": sc}
                            for s, i, sc in self.history]}


def letter_weights(words) -> list[float]:
    """Letter frequencies of the list (a..z), flattened by a square root so
    rare letters still get tried; q stands for the Qu face."""
    counts = dict.fromkeys(ALPHABET, 0)
    for w in words:
        for ch in w:
            counts[ch] = counts.get(ch, 0) + 1
    return [math.sqrt(counts[c] + 1) for c in ALPHABET]


class _Scorer:
    """Score a list of cell letters quickly (numba kernel when available)."""

    def __init__(self, finder: Finder, size: int):
        self.finder = finder
        self.size = size
        self.evals = 0
        if finder.backend == "numba":
            import numpy as np

            from pyengine.puzzles.boggle import finder_numba as fnb
            self._np = np
            self._fnb = fnb
            self._trie = finder._numba()
            self._nbr = fnb._nbr_arrays(size)
            self._ws = self._trie.word_scores(size, finder.two_letter)
            self._c1 = np.full(size * size, -1, np.int64)
            self._kernel = fnb._KERNELS[1]
        else:
            self._trie = None

    def __call__(self, cells: list[str]) -> int:
        self.evals += 1
        if self._trie is not None:
            t = self._trie
            code = self._fnb._CODE
            c0 = self._np.array([code[c][0] for c in cells], self._np.int64)
            c1 = self._np.array([code[c][1] for c in cells], self._np.int64)
            self._kernel(t.nodes, self._ws, c0, c1, self._nbr[0], self._nbr[1],
                         t.counts, t.found, t.out)
            return int(t.out[2])
        return self.finder.stats(Board(self.size, tuple(cells)))[2]


def best_board(wordlist="enable2k", size: int = 4, seconds: float = 120.0,
               seed: int | None = None, iterations: int | None = None,
               steps: int = 20_000, t_start: float = 10.0, t_end: float = 0.5,
               backend: str = "auto", progress=None) -> BestResult:
    """Anneal for ``seconds`` (or exactly ``iterations`` moves) and return the best board.

    ``progress(result)`` is called whenever the best score improves."""
    if not isinstance(size, int) or not 3 <= size <= 6:
        raise UsageError(f"board size must be 3..6, got {size!r}")
    if seconds is not None and seconds <= 0:
        raise UsageError("--seconds must be positive")
    if iterations is not None and iterations < 1:
        raise UsageError("--iterations must be at least 1")
    if steps < 100:
        raise UsageError("--steps must be at least 100")
    if seed is None:
        from pyengine.puzzles.util import new_seed
        seed = new_seed()
    rng = random.Random(seed)
    finder = Finder(wordlist, min_len=default_min_len(size), backend=backend)
    score = _Scorer(finder, size)
    weights = letter_weights(finder.words)
    faces = ["qu" if c == "q" else c for c in ALPHABET]
    n = size * size
    t0 = time.perf_counter()
    deadline = None if iterations is not None else t0 + seconds
    limit = iterations if iterations is not None else 1 << 62

    def draw() -> str:
        return rng.choices(faces, weights)[0]

    best_cells = [draw() for _ in range(n)]
    best = score(best_cells)
    it = 0
    runs = 0
    history = [(0.0, 0, best)]
    out_of_time = False

    def note(cells, sc):
        nonlocal best, best_cells
        if sc > best:
            best, best_cells = sc, list(cells)
            history.append((time.perf_counter() - t0, it, sc))
            if progress is not None:
                progress(BestResult(Board(size, tuple(best_cells)), best, 0,
                                    time.perf_counter() - t0, it, runs, seed,
                                    finder.label, finder.backend, list(history)))

    def stop() -> bool:
        nonlocal out_of_time
        if it >= limit:
            return True
        if deadline is not None and (it & 63) == 0 and time.perf_counter() > deadline:
            out_of_time = True
        return out_of_time

    while not stop():
        # start: a kick from the best board, or every fourth run a fresh board
        if runs % 4 == 0:
            cells = [draw() for _ in range(n)]
        else:
            cells = list(best_cells)
            for _ in range(max(2, n // 5)):
                cells[rng.randrange(n)] = draw()
        runs += 1
        cur = score(cells)
        note(cells, cur)
        ratio = (t_end / t_start) ** (1.0 / steps)
        temp = t_start
        for _ in range(steps):
            if stop():
                break
            it += 1
            temp *= ratio
            if rng.random() < 0.5:
                i = rng.randrange(n)
                old = cells[i]
                new = draw()
                if new == old:
                    continue
                cells[i] = new
                sc = score(cells)
                if sc >= cur or rng.random() < math.exp((sc - cur) / temp):
                    cur = sc
                    note(cells, cur)
                else:
                    cells[i] = old
            else:
                i, j = rng.randrange(n), rng.randrange(n)
                if cells[i] == cells[j]:
                    continue
                cells[i], cells[j] = cells[j], cells[i]
                sc = score(cells)
                if sc >= cur or rng.random() < math.exp((sc - cur) / temp):
                    cur = sc
                    note(cells, cur)
                else:
                    cells[i], cells[j] = cells[j], cells[i]
        # polish: hill climbing over every re-roll and swap
        improved = True
        while improved and not stop():
            improved = False
            for i in range(n):
                for f in faces:
                    if f == cells[i] or stop():
                        continue
                    old = cells[i]
                    cells[i] = f
                    it += 1
                    sc = score(cells)
                    if sc > cur:
                        cur, improved = sc, True
                        note(cells, cur)
                    else:
                        cells[i] = old
            for i in range(n):
                for j in range(i + 1, n):
                    if cells[i] == cells[j] or stop():
                        continue
                    cells[i], cells[j] = cells[j], cells[i]
                    it += 1
                    sc = score(cells)
                    if sc > cur:
                        cur, improved = sc, True
                        note(cells, cur)
                    else:
                        cells[i], cells[j] = cells[j], cells[i]
    board = Board(size, tuple(best_cells))
    n_words = finder.stats(board)[0]
    return BestResult(board, best, n_words, time.perf_counter() - t0, it, runs, seed,
                      finder.label, finder.backend, history)
