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

from pyengine.engine.errors import UsageError
from pyengine.puzzles.boggle.board import MAX_SIZE, MIN_SIZE, Board
from pyengine.puzzles.boggle.finder import Finder, default_min_len
from pyengine.puzzles.util import ALPHABET

__all__ = ["BestResult", "best_board", "letter_weights", "run_best"]

FACES = ["qu" if c == "q" else c for c in ALPHABET]     # q stands for the Qu face


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

    def text(self) -> str:
        runs = f"{self.runs} run{'s' if self.runs != 1 else ''}"
        return (f"{self.board.render()}\n\n{self.score} points, {self.words} words  "
                f"[{self.board.text()}]\n"
                f"(list {self.wordlist}; {self.seconds:.1f} s, {self.iterations} moves in "
                f"{runs}, {self.backend} backend; seed {self.seed}: --seed {self.seed} "
                f"--iterations {self.iterations} replays it)")


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
        self._trie = finder._numba() if finder.backend == "numba" else None

    def __call__(self, cells: list[str]) -> int:
        self.evals += 1
        board = Board(self.size, tuple(cells))
        if self._trie is not None:
            return self._trie.stats(board, self.finder.two_letter)[2]
        return self.finder.stats(board)[2]


def best_board(wordlist="enable2k", size: int = 4, seconds: float = 120.0,
               seed: int | None = None, iterations: int | None = None,
               steps: int = 20_000, t_start: float = 10.0, t_end: float = 0.5,
               backend: str = "auto", progress=None) -> BestResult:
    """Anneal for ``seconds`` (or exactly ``iterations`` moves) and return the best board.

    ``progress(result)`` is called whenever the best score improves."""
    _check(size, seconds, iterations, steps)
    if seed is None:
        from pyengine.puzzles.util import new_seed
        seed = new_seed()
    finder = Finder(wordlist, min_len=default_min_len(size), backend=backend)
    search = _Search(finder, size, seed, seconds, iterations, progress)
    while not search.stop():
        cells = search.start_run()
        cur = search.anneal(cells, steps, t_start, t_end)
        search.polish(cells, cur)
    return search.result()


def _whole(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check(size, seconds, iterations, steps) -> None:
    """The Python API's checks, the same bounds as the declaration's (see ``limits``)."""
    from pyengine.puzzles.boggle import limits as L
    if not _whole(size) or not MIN_SIZE <= size <= MAX_SIZE:
        raise UsageError(f"board size must be {MIN_SIZE}..{MAX_SIZE}, got {size!r}")
    if seconds is not None:
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or \
                not math.isfinite(seconds) or seconds <= 0:
            raise UsageError(f"--seconds must be a positive number, not {seconds!r}")
        if seconds > L.MAX_SECONDS:
            raise UsageError(f"--seconds must be at most {L.MAX_SECONDS:g}, not {seconds:g}")
    if iterations is not None and (not _whole(iterations) or
                                   not 1 <= iterations <= L.MAX_ITERATIONS):
        raise UsageError(f"--iterations must be 1..{L.MAX_ITERATIONS:,}, not {iterations!r}")
    if not _whole(steps) or not L.MIN_STEPS <= steps <= L.MAX_STEPS:
        raise UsageError(f"--steps must be {L.MIN_STEPS}..{L.MAX_STEPS:,}, not {steps!r}")


class _Search:
    """The state of one search: the best board so far, the move count, the clock."""

    def __init__(self, finder: Finder, size: int, seed: int, seconds, iterations, progress):
        self.finder, self.size, self.seed, self.progress = finder, size, seed, progress
        self.rng = random.Random(seed)
        self.score = _Scorer(finder, size)
        self.weights = letter_weights(finder.words)
        self.n = size * size
        self.t0 = time.perf_counter()
        self.deadline = None if iterations is not None else self.t0 + seconds
        self.limit = iterations if iterations is not None else 1 << 62
        self.best_cells = [self.draw() for _ in range(self.n)]
        self.best = self.score(self.best_cells)
        self.it = 0
        self.runs = 0
        self.history = [(0.0, 0, self.best)]
        self.out_of_time = False

    def draw(self) -> str:
        return self.rng.choices(FACES, self.weights)[0]

    def stop(self) -> bool:
        if self.it >= self.limit:
            return True
        if (self.deadline is not None and (self.it & 63) == 0
                and time.perf_counter() > self.deadline):
            self.out_of_time = True
        return self.out_of_time

    def note(self, cells, sc: int) -> None:
        """Keep ``cells`` if they beat the best board so far."""
        if sc <= self.best:
            return
        self.best, self.best_cells = sc, list(cells)
        self.history.append((time.perf_counter() - self.t0, self.it, sc))
        if self.progress is not None:
            self.progress(self._result(0))

    def start_run(self) -> list[str]:
        """A kick from the best board, or every fourth run a fresh board."""
        if self.runs % 4 == 0:
            cells = [self.draw() for _ in range(self.n)]
        else:
            cells = list(self.best_cells)
            for _ in range(max(2, self.n // 5)):
                cells[self.rng.randrange(self.n)] = self.draw()
        self.runs += 1
        return cells

    def anneal(self, cells: list[str], steps: int, t_start: float, t_end: float) -> int:
        """One annealing run of ``steps`` moves on ``cells``; the final score."""
        cur = self.score(cells)
        self.note(cells, cur)
        ratio = (t_end / t_start) ** (1.0 / steps)
        temp = t_start
        for _ in range(steps):
            if self.stop():
                break
            self.it += 1
            temp *= ratio
            if self.rng.random() < 0.5:
                cur = self._reroll(cells, cur, temp)
            else:
                cur = self._swap(cells, cur, temp)
        return cur

    def _accept(self, sc: int, cur: int, temp: float) -> bool:
        return sc >= cur or self.rng.random() < math.exp((sc - cur) / temp)

    def _reroll(self, cells, cur: int, temp: float) -> int:
        i = self.rng.randrange(self.n)
        old, new = cells[i], self.draw()
        if new == old:
            return cur
        cells[i] = new
        sc = self.score(cells)
        if self._accept(sc, cur, temp):
            self.note(cells, sc)
            return sc
        cells[i] = old
        return cur

    def _swap(self, cells, cur: int, temp: float) -> int:
        i, j = self.rng.randrange(self.n), self.rng.randrange(self.n)
        if cells[i] == cells[j]:
            return cur
        cells[i], cells[j] = cells[j], cells[i]
        sc = self.score(cells)
        if self._accept(sc, cur, temp):
            self.note(cells, sc)
            return sc
        cells[i], cells[j] = cells[j], cells[i]
        return cur

    def polish(self, cells: list[str], cur: int) -> None:
        """Hill climbing over every re-roll and swap until none improves."""
        improved = True
        while improved and not self.stop():
            cur, better_face = self._climb_faces(cells, cur)
            cur, better_swap = self._climb_swaps(cells, cur)
            improved = better_face or better_swap

    def _try(self, cells, cur: int) -> tuple[int, bool]:
        self.it += 1
        sc = self.score(cells)
        if sc > cur:
            self.note(cells, sc)
            return sc, True
        return cur, False

    def _climb_faces(self, cells, cur: int) -> tuple[int, bool]:
        improved = False
        for i in range(self.n):
            for f in FACES:
                if f == cells[i] or self.stop():
                    continue
                old = cells[i]
                cells[i] = f
                cur, better = self._try(cells, cur)
                if better:
                    improved = True
                else:
                    cells[i] = old
        return cur, improved

    def _climb_swaps(self, cells, cur: int) -> tuple[int, bool]:
        improved = False
        for i in range(self.n):
            for j in range(i + 1, self.n):
                if cells[i] == cells[j] or self.stop():
                    continue
                cells[i], cells[j] = cells[j], cells[i]
                cur, better = self._try(cells, cur)
                if better:
                    improved = True
                else:
                    cells[i], cells[j] = cells[j], cells[i]
        return cur, improved

    def _result(self, words: int) -> BestResult:
        return BestResult(Board(self.size, tuple(self.best_cells)), self.best, words,
                          time.perf_counter() - self.t0, self.it, self.runs, self.seed,
                          self.finder.label, self.finder.backend, list(self.history))

    def result(self) -> BestResult:
        board = Board(self.size, tuple(self.best_cells))
        return self._result(self.finder.stats(board)[0])


def run_best(words=None, size: int = 4, seconds: float = 120.0, iterations=None,
             steps: int = 20_000, backend: str = "auto", quiet: bool = False,
             seed=None, as_json: bool = False) -> BestResult:
    """The ``best`` action: progress lines on stderr unless ``quiet`` or ``--json``."""
    import sys

    def progress(r):
        print(f"  {r.seconds:7.1f} s  move {r.iterations:>8}  {r.score:5d} points  "
              f"{r.board.text()}", file=sys.stderr, flush=True)

    return best_board(words, size=size, seconds=seconds,
                      seed=seed, iterations=iterations, steps=steps, backend=backend,
                      progress=None if quiet or as_json else progress)
