"""The one list of puzzles. The command line, the shell, the notebook and the Python
API all enumerate it; nothing else lists puzzles.

To add a puzzle, write its declaration module (a module-level ``PUZZLE``, see
:mod:`pyengine.puzzles.base` and docs/adding-a-puzzle.md) and add one line below.
Puzzles kept outside the package are plug-ins: name their declaration modules in
``PYENGINE_PUZZLES`` (comma-separated), or :func:`register` them at run time.
"""
from __future__ import annotations

import importlib
import os

from pyengine.engine.errors import UsageError
from pyengine.puzzles.base import Action, Puzzle

DECLARATIONS = (
    "pyengine.puzzles.scramble.puzzle",
    "pyengine.puzzles.riddle.puzzle",
    "pyengine.puzzles.bee.puzzle",
    "pyengine.puzzles.boggle.puzzle",
    "pyengine.puzzles.wordlist",
)

_extra: dict[str, Puzzle] = {}


def register(puzzle: Puzzle) -> Puzzle:
    """Add a puzzle at run time (a plug-in, or a test's toy puzzle)."""
    if puzzle.name in _builtin():
        raise UsageError(f"a puzzle named {puzzle.name!r} exists already")
    _extra[puzzle.name] = puzzle
    return puzzle


def unregister(name: str) -> None:
    _extra.pop(name, None)


def _declared(modules) -> dict[str, Puzzle]:
    out = {}
    for module in modules:
        puzzle = importlib.import_module(module).PUZZLE
        out[puzzle.name] = puzzle
    return out


def _builtin() -> dict[str, Puzzle]:
    return _declared(DECLARATIONS)


def _plugins() -> dict[str, Puzzle]:
    names = [m.strip() for m in os.environ.get("PYENGINE_PUZZLES", "").split(",") if m.strip()]
    try:
        return _declared(names)
    except (ImportError, AttributeError) as exc:
        raise UsageError(f"PYENGINE_PUZZLES: cannot load a puzzle declaration: {exc}") from None


def puzzles() -> dict[str, Puzzle]:
    """Every puzzle by name: built-in ones, then plug-ins."""
    return {**_builtin(), **_plugins(), **_extra}


def get(name: str) -> Puzzle:
    found = puzzles().get(name)
    if found is None:
        raise UsageError(f"unknown puzzle {name!r} (choose from {', '.join(puzzles())})")
    return found


def shell_entries() -> dict[str, tuple[Puzzle, Action]]:
    """The sessions the shell can open: ``scramble``, ``scramble-solve``, ``bee`` ...

    A puzzle's main openable action (:meth:`Puzzle.openable`) is listed under the
    puzzle's name; its other openable actions as ``puzzle-action``.
    """
    out: dict[str, tuple[Puzzle, Action]] = {}
    for puzzle in puzzles().values():
        if not any(act.open for act in puzzle.actions):
            continue
        main = puzzle.openable()
        for act in puzzle.actions:
            if act.open is not None:
                name = puzzle.name if act is main else f"{puzzle.name}-{act.name}"
                out[name] = (puzzle, act)
    return out
