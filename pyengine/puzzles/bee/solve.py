"""``bee solve``: every answer of a hive, its points, pangrams and ranks (and the
hints page), through the rules.

    solve("aeginrt", "r")            -> Solution (answers, points, pangrams, ranks)
    hints(solution)                  -> the NYT hints page (grid, two-letter list)
    open_solve("aeginrt", "r")       -> the session paused before ``build``
"""
from __future__ import annotations

from pyengine.puzzles.bee.engine import BeeEngine, read_hints, read_solution
from pyengine.puzzles.bee.hive import parse_hive
from pyengine.puzzles.bee.results import Hints, Solution, Solved
from pyengine.engine.errors import UsageError
from pyengine.puzzles.bee.batch import solve_batch

SHELL_HIVE = ("aeginrt", "r")       # what the shell opens when given no letters


def solve(letters: str, center: str | None = None, words=None, record: bool = False,
          engine: BeeEngine | None = None) -> Solution:
    """Solve, score and rank a hive through the rules."""
    hive, c = parse_hive(letters, center)
    eng = engine or BeeEngine(words, record=record)
    return eng.solve(hive, c)


def hints(puzzle: Solution) -> Hints:
    """The hints page of a hive solved by :func:`solve` (its session)."""
    return read_hints(puzzle.session)


def run_solve(letters=None, center=None, hints=False, words=None, seed=None,
              record=False, batch=None):
    """The ``solve`` action: with ``batch`` (a FILE, ``-`` for standard input) every
    hive of it, a :class:`~pyengine.puzzles.bee.batch.BatchSolved` that streams one
    record a puzzle; else the one hive's session (:func:`open_solve`) run whole and
    read. Nothing in it is random: ``seed`` is accepted, as by every bee action, and
    unused."""
    if batch is not None:
        return _run_batch(batch, letters, center, hints, words, seed, record)
    plan = open_solve(letters, center, words, seed, hints, record=record)
    plan.run_all()
    return read_solve(plan)


def _run_batch(batch, letters, center, hints, words, seed, record):
    if letters is not None or center is not None:
        raise UsageError("--batch FILE gives the hives: no LETTERS or --center with it")
    if record:
        raise UsageError("--trace follows one hive: not with --batch")
    return solve_batch(batch, hints=hints, words=words, seed=seed)


def open_solve(letters=None, center=None, words=None, seed=None, hints=False, batch=None,
               record=True):
    """The solve session, paused before ``build`` (:meth:`BeeEngine.plan`, with the
    hints stage); with neither letters nor center it opens AEGINRT center R."""
    if batch is not None:
        raise UsageError("--batch solves many hives at once: a session opens one hive")
    if letters is None and center is None:
        letters, center = SHELL_HIVE
    hive, c = parse_hive(letters, center)
    eng = BeeEngine(words, record=record)
    plan = eng.plan(hive, c, extra=("hints",))
    plan.notes["hints"], plan.seed = hints, seed

    def finish() -> str:
        if eng.problems():
            return "problems: " + "; ".join(eng.problems())
        return read_solution(eng.session, eng.words.label).summary()

    plan.finish = finish
    return plan


def read_solve(plan) -> Solved:
    """The solved hive (and its hints page if asked for); a hive the build stage
    found a problem with is a UsageError."""

    eng = plan.notes["engine"]
    if eng.problems():
        raise UsageError("; ".join(eng.problems()))
    pz = eng.read_solution(plan.fired)
    return Solved(pz, read_hints(pz.session) if plan.notes["hints"] else None)
