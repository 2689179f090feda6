"""One annealing run of the best-board search (the plain-Python version; the compiled
one is :mod:`pyengine.puzzles.boggle.anneal_numba`).

A run starts from given cells, makes exactly ``steps`` moves (re-roll a cell to a
face drawn from the letter weights, or swap two cells; a worse board is accepted
with probability exp(delta / T), T falling geometrically from ``t_start`` to
``t_end``), then polishes the best board it saw by hill climbing (every face on
every cell, every swap, until none improves). Every draw comes from the run's own
seed, so a run is a pure function of (start cells, seed, steps, temperatures).

Cells are face indexes 0..25 (``a``..``z``, ``q`` standing for the Qu face). Both
versions draw from the same generator (splitmix64: :class:`Rng` here), so a run
gives the same board whichever backend makes it.
"""
from __future__ import annotations

import bisect
import math

_M64 = (1 << 64) - 1


class Rng:
    """The compiled run's generator in Python: the same numbers from the same seed."""

    def __init__(self, seed: int):
        self.state = seed & _M64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _M64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        return z ^ (z >> 31)

    def random(self) -> float:
        return (self.next() >> 11) * (1.0 / 9007199254740992.0)

    def randint(self, n: int) -> int:
        return (self.next() >> 11) % n

    def draw(self, cum: list[float]) -> int:
        return min(bisect.bisect_right(cum, self.random() * cum[-1]), len(cum) - 1)


# -- the plain-Python run (backend "python"): the same moves, slower --------------------
def python_run(score, cells: list[int], cum: list[float], steps: int, t_start: float,
               t_end: float, seed: int) -> tuple[int, list[int]]:
    """As :func:`anneal_run` with ``score(cells) -> int``: (best score, best cells)."""
    rng = Rng(seed)
    n = len(cells)
    cur = top = score(cells)
    best = list(cells)
    ratio = (t_end / t_start) ** (1.0 / steps)
    temp = t_start
    for _ in range(steps):
        temp *= ratio
        i = rng.randint(n)
        j = -1 if rng.random() < 0.5 else -2
        old = cells[i]
        if j == -1:
            cells[i] = rng.draw(cum)
            if cells[i] == old:
                continue
        else:
            j = rng.randint(n)
            if cells[i] == cells[j]:
                continue
            cells[i], cells[j] = cells[j], cells[i]
        sc = score(cells)
        if sc >= cur or rng.random() < math.exp((sc - cur) / temp):
            cur = sc
            if sc > top:
                top, best = sc, list(cells)
        elif j < 0:
            cells[i] = old
        else:
            cells[i], cells[j] = cells[j], cells[i]
    return _python_polish(score, best, top), best


def _python_polish(score, cells: list[int], cur: int) -> int:
    n = len(cells)
    improved = True
    while improved:
        improved = False
        moves = [(i, f) for i in range(n) for f in range(26)] + \
                [(i, -1 - j) for i in range(n) for j in range(i + 1, n)]
        for i, f in moves:
            old = list(cells)
            if f >= 0:
                if cells[i] == f:
                    continue
                cells[i] = f
            else:
                j = -1 - f
                if cells[i] == cells[j]:
                    continue
                cells[i], cells[j] = cells[j], cells[i]
            sc = score(cells)
            if sc > cur:
                cur, improved = sc, True
            else:
                cells[:] = old
    return cur
