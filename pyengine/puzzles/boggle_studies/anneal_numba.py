"""One annealing run, compiled (numba): see :mod:`pyengine.puzzles.boggle_studies.anneal`
for what a run does; this is the same run, move for move, with the same generator.
Boards are scored by the finder's compiled search
(:func:`pyengine.puzzles.boggle.kernels.search_board`)."""
from __future__ import annotations

import math

import numba
import numpy as np

from pyengine.puzzles.boggle.compiled import place_cache
from pyengine.puzzles.boggle.kernels import search_board

place_cache(__file__)   # before the first @njit: where numba keeps the compiled kernels

QU = 16     # the index of 'q': the Qu face


@numba.njit(cache=True, inline="always")
def _next(st):
    # splitmix64: the next 64 random bits of the state st[0]
    st[0] += np.uint64(0x9E3779B97F4A7C15)
    z = st[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@numba.njit(cache=True, inline="always")
def _random(st):
    return np.float64(_next(st) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@numba.njit(cache=True, inline="always")
def _randint(st, n):
    return np.int64(_next(st) >> np.uint64(11)) % n


@numba.njit(cache=True)
def _score(nodes, ws, cells, c0, c1, nbr, nbm, nnbr, mark, gen, counts, found, res, at,
           near, s0, s1, s2, s3, s4):
    for i in range(cells.shape[0]):
        c0[i] = cells[i]
        c1[i] = 20 if cells[i] == QU else -1
    search_board(nodes, ws, c0, c1, nbr, nbm, nnbr, mark, gen, counts, found, res, False,
                 at, near, s0, s1, s2, s3, s4)
    return res[2]


@numba.njit(cache=True)
def _draw(st, cum):
    """An index by its cumulative weights (as draws.Dice._roulette)."""
    return min(np.searchsorted(cum, _random(st) * cum[-1], side="right"), cum.shape[0] - 1)


@numba.njit(cache=True)
def anneal_run(nodes, ws, nbr, nbm, nnbr, mark, gen, counts, found, cells, cum, steps,
               t_start, t_end, seed, best):
    """Anneal ``cells`` in place for ``steps`` moves, then polish; the best board in
    ``best``. Returns (best score, next generation)."""
    st = np.full(1, seed, np.uint64)
    n = cells.shape[0]
    c0 = np.empty(n, np.int64)
    c1 = np.empty(n, np.int64)
    res = np.zeros(4, np.int64)
    at = np.zeros(26, np.int64)
    near = np.zeros(n, np.int64)
    s0, s1, s2, s3, s4 = (np.empty(n + 1, np.int64), np.empty(n + 1, np.int64),
                          np.empty(n + 1, np.int64), np.empty(n + 1, np.int64),
                          np.empty(n + 1, np.int64))
    cur = _score(nodes, ws, cells, c0, c1, nbr, nbm, nnbr, mark, gen, counts, found, res,
                 at, near, s0, s1, s2, s3, s4)
    gen += 1
    top = cur
    best[:] = cells
    ratio = (t_end / t_start) ** (1.0 / steps)
    temp = t_start
    for _ in range(steps):
        temp *= ratio
        i = _randint(st, n)
        if _random(st) < 0.5:
            j = -1
            old = cells[i]
            cells[i] = _draw(st, cum)
            if cells[i] == old:
                continue
        else:
            j = _randint(st, n)
            if cells[i] == cells[j]:
                continue
            cells[i], cells[j] = cells[j], cells[i]
            old = 0
        sc = _score(nodes, ws, cells, c0, c1, nbr, nbm, nnbr, mark, gen, counts, found, res,
                    at, near, s0, s1, s2, s3, s4)
        gen += 1
        if sc >= cur or _random(st) < math.exp((sc - cur) / temp):
            cur = sc
            if sc > top:
                top = sc
                best[:] = cells
        elif j < 0:
            cells[i] = old
        else:
            cells[i], cells[j] = cells[j], cells[i]
    cells[:] = best
    top, gen = _polish(nodes, ws, nbr, nbm, nnbr, mark, gen, counts, found, cells, top,
                       c0, c1, res, at, near, s0, s1, s2, s3, s4)
    best[:] = cells
    return top, gen


@numba.njit(cache=True)
def _polish(nodes, ws, nbr, nbm, nnbr, mark, gen, counts, found, cells, cur, c0, c1, res,
            at, near, s0, s1, s2, s3, s4):
    # hill climbing: every face on every cell, every swap, until none improves
    n = cells.shape[0]
    improved = True
    while improved:
        improved = False
        for i in range(n):
            for f in range(26):
                old = cells[i]
                if f == old:
                    continue
                cells[i] = f
                sc = _score(nodes, ws, cells, c0, c1, nbr, nbm, nnbr, mark, gen, counts,
                            found, res, at, near, s0, s1, s2, s3, s4)
                gen += 1
                if sc > cur:
                    cur = sc
                    improved = True
                else:
                    cells[i] = old
        for i in range(n):
            for j in range(i + 1, n):
                if cells[i] == cells[j]:
                    continue
                cells[i], cells[j] = cells[j], cells[i]
                sc = _score(nodes, ws, cells, c0, c1, nbr, nbm, nnbr, mark, gen, counts,
                            found, res, at, near, s0, s1, s2, s3, s4)
                gen += 1
                if sc > cur:
                    cur = sc
                    improved = True
                else:
                    cells[i], cells[j] = cells[j], cells[i]
    return cur, gen


