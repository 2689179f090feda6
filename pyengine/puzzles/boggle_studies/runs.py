"""Where the best-board search's annealing runs are made: in this process, on a local
process pool, or (:mod:`pyengine.puzzles.boggle_studies.cluster`) on a Dask cluster.

A run is ``run_task(spec, task)``: ``spec`` names the word list and settings (a
worker builds its finder once per spec and keeps it), ``task`` is (start cells,
seed, moves, t_start, t_end); the answer is (best score, best cells). The same
task gives the same answer wherever it runs.
"""
from __future__ import annotations

from typing import NamedTuple

import numpy as np

from pyengine.puzzles.boggle.board import Board
from pyengine.puzzles.boggle.compiled import Kernel, ensure_compiled
from pyengine.puzzles.boggle.finder import Finder
from pyengine.puzzles.boggle.finder_numba import neighbour_arrays, tiny_trie
from pyengine.puzzles.boggle_studies.anneal import python_run
from pyengine.words.letters import A_TO_Z
from pyengine.puzzles.workers import Pool
from pyengine.puzzles.boggle_studies.anneal_numba import anneal_run

FACES = tuple("qu" if c == "q" else c for c in A_TO_Z)     # q stands for the Qu face
_STATE: dict = {}


class RunSpec(NamedTuple):
    """What a worker needs to score boards: the word list (a spec such as 'enable2k'
    or a path, or the words themselves), the shortest word, the size, the backend."""

    words: object
    min_len: int
    size: int
    backend: str
    cum: tuple          # cumulative letter weights, a..z


def prepare(spec: RunSpec, finder=None) -> dict:
    """The worker's state for ``spec`` (built once per process)."""
    got = _STATE.get(spec)
    if got is not None:
        return got
    if finder is None:
        words = spec.words if isinstance(spec.words, str) else list(spec.words)
        finder = Finder(words, min_len=spec.min_len, backend=spec.backend, one_shot=False)
    state = {"finder": finder, "trie": None}
    if finder.backend == "numba":
        trie = finder.array_trie()
        state.update(trie=trie, ws=trie.word_scores(spec.size, finder.two_letter),
                     nbr=neighbour_arrays(spec.size), cum=np.array(spec.cum, np.float64))
    _STATE.clear()                  # one spec at a time: a worker keeps one list
    _STATE[spec] = state
    return state


def run_task(spec: RunSpec, task) -> tuple[int, list[int]]:
    """One annealing run (see :mod:`pyengine.puzzles.boggle_studies.anneal`)."""
    cells, seed, steps, t_start, t_end = task
    state = prepare(spec)
    trie = state["trie"]
    if trie is None:
        finder, size = state["finder"], spec.size

        def score(cs):
            return finder.stats(Board(size, tuple(FACES[c] for c in cs)))[2]
        return python_run(score, list(cells), list(spec.cum), steps, t_start, t_end, seed)
    ensure_compiled((ANNEAL,))        # a no-op once this process (or its parent) has
    return compiled_run(trie, state["ws"], state["nbr"], state["cum"], task)


def compiled_run(trie, ws, neighbours, cum, task) -> tuple[int, list[int]]:
    """One run of the compiled annealing (``anneal_numba``) on ``trie``, with its word
    scores ``ws``, the board's neighbour arrays (``finder_numba.neighbour_arrays``) and
    the cumulative letter weights ``cum``."""
    cells, seed, steps, t_start, t_end = task
    if trie.gen > 2**30:
        trie.mark[:] = 0
        trie.gen = 1
    arr = np.array(cells, np.int64)
    out = np.empty_like(arr)
    nbr, nnbr, nbm = neighbours
    score, trie.gen = anneal_run(trie.nodes, ws, nbr, nbm, nnbr, trie.mark, trie.gen,
                                 trie.counts, trie.found, arr, cum, int(steps),
                                 float(t_start), float(t_end), int(seed), out)
    return int(score), out.tolist()


def _run_local(args):
    return run_task(*args)


class LocalRunner:
    """Runs in this process (one worker) or on a forked process pool
    (:class:`pyengine.puzzles.workers.Pool`: SIGTERM stops it cleanly)."""

    def __init__(self, spec: RunSpec, finder, workers: int):
        self.spec, self.workers = spec, workers
        prepare(spec, finder)                  # built here, inherited by forked workers
        self.pool = None
        if workers > 1:
            self.pool = Pool(workers)

    def map(self, tasks) -> list:
        args = [(self.spec, t) for t in tasks]
        if self.pool is None:
            return [run_task(*a) for a in args]
        return self.pool.map(_run_local, args)

    def close(self) -> None:
        if self.pool is not None:
            pool, self.pool = self.pool, None
            pool.close()


class ClusterRunner:
    """Runs on a Dask cluster: a :class:`~pyengine.puzzles.boggle_studies.cluster.DaskPool`
    (the same tasks, so the same answers, as :class:`LocalRunner`)."""

    def __init__(self, pool, spec: RunSpec):
        self.pool, self.spec = pool, spec

    def map(self, tasks) -> list:
        return self.pool.map(run_task, [(self.spec, t) for t in tasks])

    def close(self) -> None:
        """Nothing to close: the pool belongs to the caller."""


# -- the annealing kernel, as compiled.ensure_compiled handles it -----------------------------
def _anneal_dispatcher():
    return anneal_run


def _warm_anneal() -> None:
    """One annealing run compiled (or loaded) on a 3x3 board of a tiny trie."""
    trie = tiny_trie()
    compiled_run(trie, trie.word_scores(3, False), neighbour_arrays(3),
                 np.ones(26, np.float64).cumsum(), ([0] * 9, 1, 100, 5.0, 0.2))


#: one compiled annealing run (:mod:`pyengine.puzzles.boggle_studies.anneal_numba`)
ANNEAL = Kernel("anneal", _anneal_dispatcher, _warm_anneal, seconds=12.0)
