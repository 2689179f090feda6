"""pyengine: classic word puzzles as forward-chaining rule systems.

Rule sets run on CLIPS (through clipspy) or experta; this package loads them,
declares facts, walks the stages and reads the results back.

The Python API is built from the same puzzle declarations as the ``pyengine``
command, so its keyword arguments are the command's options (``--max-states``
is ``max_states``), checked the same way::

    import pyengine
    pyengine.list_puzzles()                      # {'scramble': Puzzle(...), 'riddle': ...}
    r = pyengine.make("scramble", hide=["Nile", "Seine"], seed=2, swaps=3)
    r.line, r.as_dict(), print(r.text())
    p = pyengine.solve("bee", letters="aeginrt", center="r")
    ins = pyengine.open("scramble", seed=4)   # paused before its first stage
    ins.step(); ins.facts(); ins.why(5); ins.run_all()

A bad value raises :class:`pyengine.UsageError` with a one-line message.
"""
from __future__ import annotations

from typing import Any

from pyengine.engine.errors import UsageError

from pyengine.version import __version__  # noqa: E402
__all__ = ["UsageError", "list_puzzles", "run", "make", "solve", "open", "__version__"]


def list_puzzles() -> dict:
    """Every registered puzzle by name (:class:`pyengine.puzzles.base.Puzzle`)."""
    from pyengine.puzzles import registry
    return registry.puzzles()


def run(puzzle: str, action: str | None = None, **options: Any):
    """Run one action of a puzzle (its default action if ``action`` is None) and
    return its typed result (``.as_dict()``, ``.text()``)."""
    from pyengine.puzzles import registry
    return registry.get(puzzle).action(action).call(**options)


def make(puzzle: str, **options: Any):
    """``run(puzzle, "make", ...)``: make a scramble, a riddle, a hive, a board."""
    return run(puzzle, "make", **options)


def solve(puzzle: str, **options: Any):
    """``run(puzzle, "solve", ...)``: solve a scramble line, a riddle, a hive, a board."""
    return run(puzzle, "solve", **options)


def open(puzzle: str, action: str | None = None, **options: Any):  # noqa: A001
    """The puzzle's rule session paused before its first stage, in an
    :class:`~pyengine.ui.notebook.Inspector` (step, run, stage, facts, agenda, why)."""
    from pyengine.ui.notebook import Inspector
    return Inspector.open(puzzle, action, **options)
