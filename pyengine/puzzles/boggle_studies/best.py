"""Search for a top-scoring Boggle board: simulated annealing runs
(:mod:`~pyengine.puzzles.boggle_studies.anneal`: re-roll and swap moves, hill climbing at
the end), restarted until the time is up, on one or more workers.

The search goes in *rounds*: in round e each of the W workers makes run
``e * W + w``. Run r belongs to lane ``r % LANES``: it starts from the lane's best
board with a few cells re-rolled (a *kick*), or from a fresh random board when the
lane is new or its last ``STALL`` runs found nothing better; the round's results are
merged in worker order. Every run's start and seed come from
``(seed, run number)``, so the search is the same for a seed and a worker count
whatever the machine's speed: the clock only decides after which round it stops
(a round ends within one run of ``--steps`` moves, about a second by default).
The result reports the moves made; ``--seed S --iterations N --workers W``
replays exactly that search. The board's score is the distinct-word score
(standard scoring, minimum length 3 on 4x4, 4 on 5x5/6x6 unless ``min_len``).
"""
from __future__ import annotations

import bisect
import itertools
import math
import random
import shlex
import sys
import time
from dataclasses import dataclass, field

from pyengine.engine.errors import UsageError
from pyengine.engine.wording import plural
from pyengine.puzzles.boggle import limits as L
from pyengine.puzzles.boggle.board import MAX_SIZE, MIN_SIZE, Board
from pyengine.puzzles.boggle.compiled import ensure_compiled
from pyengine.puzzles.boggle.finder import Finder, default_min_len
from pyengine.puzzles.boggle.finder_numba import SEARCH
from pyengine.puzzles.boggle_studies.cluster import DaskPool
from pyengine.puzzles.boggle_studies.runs import (ANNEAL, FACES, ClusterRunner, LocalRunner,
                                                  RunSpec)
from pyengine.engine.session import new_seed
from pyengine.words.letters import A_TO_Z

__all__ = ["BestResult", "best_board", "letter_weights", "run_best"]

LANES = 1             # independent lines of search, taken in turn by the runs
STALL = 10            # a lane whose last STALL runs found nothing better starts afresh


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
    workers: int = 1
    min_len: int = 3
    steps: int = 5000
    words_given: str | None = None      # --words as given (None: the default list)

    def as_dict(self) -> dict:
        return {"board": self.board.text(), "size": self.board.size, "score": self.score,
                "words": self.words, "seconds": round(self.seconds, 3),
                "iterations": self.iterations, "runs": self.runs, "seed": self.seed,
                "wordlist": self.wordlist, "backend": self.backend,
                "workers": self.workers, "min_len": self.min_len,
                "seconds_to_best": round(self.history[-1][0], 3) if self.history else 0.0,
                "replay": self.replay(),
                "history": [{"seconds": round(s, 3), "iteration": i, "score": sc}
                            for s, i, sc in self.history]}

    def replay(self) -> str:
        """The options that replay this search exactly: the seed and the moves, and
        every other option that shapes it where it was not the default."""
        size = self.board.size
        shaped = [("--size", size, 4), ("--min-len", self.min_len, default_min_len(size)),
                  ("--steps", self.steps, 5000), ("--workers", self.workers, 1)]
        extra = [f" {flag} {value}" for flag, value, usual in shaped if value != usual]
        if self.words_given is not None:
            extra.insert(0, f" --words {shlex.quote(self.words_given)}")
        return f"--seed {self.seed} --iterations {self.iterations}" + "".join(extra)

    def text(self) -> str:
        at = self.history[-1][0] if self.history else 0.0
        on = f"{self.workers} workers, " if self.workers > 1 else ""
        return (f"{self.board.render()}\n\n{plural(self.score, 'point')}, "
                f"{plural(self.words, 'word')}  [{self.board.text()}]\n"
                f"(list {self.wordlist}; best after {at:.1f} s of {self.seconds:.1f} s, "
                f"{plural(self.iterations, 'move')} in {plural(self.runs, 'run')}, "
                f"{on}{self.backend} backend; seed "
                f"{self.seed}: {self.replay()} replays it)")


def letter_weights(words) -> list[float]:
    """Letter frequencies of the list (a..z), flattened by a square root so
    rare letters still get tried; q stands for the Qu face."""
    counts = dict.fromkeys(A_TO_Z, 0)
    for w in words:
        for ch in w:
            counts[ch] = counts.get(ch, 0) + 1
    return [math.sqrt(counts[c] + 1) for c in A_TO_Z]




def _temperatures(size: int, t_start, t_end) -> tuple[float, float]:
    """The annealing temperatures: by default 5 -> 0.2 on 4x4, in proportion to the
    cell count elsewhere (scores grow with the board)."""
    scale = size * size / 16
    return (5.0 * scale if t_start is None else t_start,
            0.2 * scale if t_end is None else t_end)


def best_board(wordlist="enable2k", size: int = 4, seconds: float = 120.0,
               seed: int | None = None, iterations: int | None = None, steps: int = 5000,
               t_start: float | None = None, t_end: float | None = None,
               backend: str = "auto", progress=None, min_len: int | None = None,
               workers: int = 1, runner=None) -> BestResult:
    """Anneal for ``seconds`` (or exactly ``iterations`` moves) on ``workers`` and
    return the best board. ``progress(result)`` is called whenever the best improves;
    ``runner(spec, finder, workers)`` makes the runs elsewhere (a Dask cluster)."""
    _check(size, seconds, iterations, steps)
    seed = _seed(seed)
    min_len = default_min_len(size) if min_len is None else min_len
    finder = Finder(wordlist, min_len=min_len, backend=backend, one_shot=False)
    t_start, t_end = _temperatures(size, t_start, t_end)
    cum = tuple(itertools.accumulate(letter_weights(finder.words)))
    words = wordlist if isinstance(wordlist, str) else finder.words
    spec = RunSpec(words, min_len, size, finder.backend, cum)
    if finder.backend == "numba":       # compiled (or loaded) before the clock starts
        ensure_compiled((SEARCH, ANNEAL))
    search = _Search(finder, size, seed, workers, steps, (t_start, t_end), progress,
                     wordlist if isinstance(wordlist, str) else None)
    pool = (runner or LocalRunner)(spec, finder, workers)
    try:
        while not search.done(seconds if iterations is None else None, iterations):
            tasks = search.plan(iterations)
            search.merge(tasks, pool.map(tasks))
    finally:
        pool.close()
    return search.result()


def _whole(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check(size, seconds, iterations, steps) -> None:
    """The Python API's checks, the same bounds as the declaration's (see ``limits``)."""
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


def _seed(seed):
    if seed is None:
        return new_seed()
    return seed


class _Search:
    """The best board so far, the moves and runs made, the rounds' plans."""

    def __init__(self, finder, size, seed, workers, steps, temps, progress, words_given):
        self.finder, self.size, self.seed, self.workers = finder, size, seed, workers
        self.steps, self.temps, self.progress = steps, temps, progress
        self.words_given: str | None = words_given     # for the replay line
        self.n = size * size
        self.cum = list(itertools.accumulate(letter_weights(finder.words)))
        self.best_cells = self._fresh(random.Random(f"{seed}:start"))
        self.best = self._score(self.best_cells)
        self.moves = self.runs = 0
        self.lanes: list = [None] * LANES       # (best cells, score, runs without better)
        self.pending: list = []
        self.t0 = time.perf_counter()
        self.history = [(0.0, 0, self.best)]

    def _draw(self, rng) -> int:
        return min(bisect.bisect_right(self.cum, rng.random() * self.cum[-1]), 25)

    def _fresh(self, rng) -> list[int]:
        return [self._draw(rng) for _ in range(self.n)]

    def _board(self, cells) -> Board:
        return Board(self.size, tuple(FACES[c] for c in cells))

    def _score(self, cells) -> int:
        return self.finder.stats(self._board(cells))[2]

    def done(self, seconds, iterations) -> bool:
        if iterations is not None:
            return self.moves >= iterations
        return time.perf_counter() - self.t0 >= seconds

    def plan(self, iterations) -> list[tuple]:
        """This round's tasks: run r = runs + w, a kick of its lane's best or fresh."""
        tasks, left = [], None if iterations is None else iterations - self.moves
        self.pending = []
        for w in range(self.workers):
            r = self.runs + w
            moves = self.steps if left is None else min(self.steps, left)
            if moves <= 0:
                break
            if left is not None:
                left -= moves
            rng = random.Random(f"{self.seed}:{r}")
            lane = self.lanes[r % LANES]
            fresh = lane is None or lane[2] >= STALL
            if fresh:
                cells = self._fresh(rng)
            else:
                cells = list(lane[0])
                for _ in range(max(2, self.n // 5)):
                    cells[rng.randrange(self.n)] = self._draw(rng)
            self.pending.append((r % LANES, fresh))
            tasks.append((cells, rng.getrandbits(63), moves) + self.temps)
        return tasks

    def merge(self, tasks, results) -> None:
        """The round's runs, in worker order."""
        for task, (score, cells), (k, fresh) in zip(tasks, results, self.pending):
            self.moves += task[2]
            self.runs += 1
            lane = self.lanes[k]
            if fresh or score > lane[1]:
                self.lanes[k] = (list(cells), score, 0)
            else:
                self.lanes[k] = (lane[0], lane[1], lane[2] + 1)
            if score > self.best:
                self.best, self.best_cells = score, list(cells)
                self.history.append((time.perf_counter() - self.t0, self.moves, score))
                if self.progress is not None:
                    self.progress(self._result(0))

    def _result(self, words: int) -> BestResult:
        return BestResult(self._board(self.best_cells), self.best, words,
                          time.perf_counter() - self.t0, self.moves, self.runs, self.seed,
                          self.finder.label, self.finder.backend, list(self.history),
                          self.workers, self.finder.min_len, self.steps, self.words_given)

    def result(self) -> BestResult:
        return self._result(self.finder.stats(self._board(self.best_cells))[0])


def run_best(words=None, size: int = 4, seconds: float = 120.0, iterations=None,
             steps: int = 5000, backend: str = "auto", quiet: bool = False, seed=None,
             min_len=None, workers=None, cluster=None, as_json: bool = False) -> BestResult:
    """The ``best`` action: progress lines on stderr unless ``quiet`` or ``--json``.
    With ``cluster`` the runs go to Dask; ``workers`` (runs per round) then defaults
    to the cluster's worker count, else to 1."""
    def progress(r):
        print(f"  {r.seconds:7.1f} s  move {r.iterations:>9}  {r.score:6d} points  "
              f"{r.board.text()}", file=sys.stderr, flush=True)

    kwargs = dict(size=size, seconds=seconds, seed=seed, iterations=iterations, steps=steps,
                  backend=backend, progress=None if quiet or as_json else progress,
                  min_len=min_len)
    if cluster is None:
        return best_board(words, workers=workers or 1, **kwargs)
    _check(size, seconds, iterations, steps)
    pool = DaskPool(cluster)
    try:
        return best_board(words, workers=workers or pool.workers,
                          runner=lambda spec, _f, _w: ClusterRunner(pool, spec), **kwargs)
    finally:
        pool.close()
