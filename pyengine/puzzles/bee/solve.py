"""``bee solve``: every answer of a hive, its points, pangrams and ranks (and the
hints page), through the rules.

    solve("aeginrt", "r")            -> Solution (answers, points, pangrams, ranks)
    hints(solution)                  -> the NYT hints page (grid, two-letter list)
    open_solve("aeginrt", "r")       -> the session paused before ``build``
"""
from __future__ import annotations

from dataclasses import dataclass

from pyengine.puzzles.bee.engine import SOLVE_STAGES, BeeEngine, read_hints, read_solution
from pyengine.puzzles.bee.hive import parse_hive
from pyengine.puzzles.bee.results import Hints, Solution

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


@dataclass
class Solved:
    """``bee solve``'s result: the solution, with the hints page if asked for."""

    puzzle: Solution
    hints: Hints | None = None

    @property
    def session(self):
        return self.puzzle.session

    def as_dict(self) -> dict:
        d = self.puzzle.as_dict() | {"layout": self.puzzle.layout}
        if self.hints is not None:
            d["hints"] = self.hints.as_dict()
        return d

    def text(self) -> str:
        out = self.puzzle.text(show_answers=True)
        if self.hints is not None:
            out += "\n\n" + self.hints.text(self.puzzle.letters)
        return out


def run_solve(letters=None, center=None, hints=False, words=None, seed=None,
              record=False, batch=None):
    """The ``solve`` action. Nothing in it is random: the honeycomb is the hive's own
    (:func:`~pyengine.puzzles.bee.hive.layout`), and ``seed`` is accepted, as by every
    bee action, and unused. With ``batch`` (a FILE, ``-`` for standard input) every hive
    of it: a :class:`~pyengine.puzzles.bee.batch.BatchSolved` that streams one record a
    puzzle."""
    if batch is not None:
        return _run_batch(batch, letters, center, hints, words, seed, record)
    pz = solve(letters, center, words=words, record=record)
    return Solved(pz, read_hints(pz.session) if hints else None)


def _run_batch(batch, letters, center, hints, words, seed, record):
    from pyengine.engine.errors import UsageError
    from pyengine.puzzles.bee.batch import solve_batch
    if letters is not None or center is not None:
        raise UsageError("--batch FILE gives the hives: no LETTERS or --center with it")
    if record:
        raise UsageError("--trace follows one hive: not with --batch")
    return solve_batch(batch, hints=hints, words=words, seed=seed)


def open_solve(letters=None, center=None, words=None, seed=None, hints=False, batch=None):
    """The solve session for the shell and the notebook: the hive's letter facts
    declared, paused before ``build``; stages build, solve, score, rank, hints.
    The options are checked exactly as :func:`run_solve` checks them; only with
    neither letters nor centre does it open AEGINRT centre R."""
    from pyengine.engine.stages import SessionPlan, Stage

    if batch is not None:
        from pyengine.engine.errors import UsageError
        raise UsageError("--batch solves many hives at once: a session opens one hive")
    if letters is None and center is None:
        letters, center = SHELL_HIVE
    hive, c = parse_hive(letters, center)      # the same check as run_solve's
    eng = BeeEngine(words, record=True)
    eng.load_hive(hive, c)

    def finish() -> str:
        if eng.problems():
            return "problems: " + "; ".join(eng.problems())
        return read_solution(eng.session, eng.words.label).summary()

    stages = [Stage(n) for n in SOLVE_STAGES + ("hints",)]
    return SessionPlan(eng.session, stages, seed,
                       f"Spelling Bee {hive.upper()} centre {c.upper()} "
                       f"({eng.words.label} list)", finish)
