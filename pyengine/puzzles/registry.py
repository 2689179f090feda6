"""The one list of puzzles. The command line, the shell, the notebook and the Python
API all enumerate it; nothing else lists puzzles.

To add a puzzle, write its declaration module (a module-level ``PUZZLE``, see
:mod:`pyengine.puzzles.base` and docs/adding-a-puzzle.md) and add one line below.
Puzzles kept outside the package are plug-ins: name their declaration modules in
``PYENGINE_PUZZLES`` (comma-separated), or :func:`register` them at run time.

A plug-in that cannot be loaded (a name that is not a module name, an import that
raises anything but KeyboardInterrupt, ``SystemExit`` included, no ``PUZZLE``, a
puzzle name taken by a built-in puzzle or a tool) is skipped with one line on
stderr, ``pyengine: plug-in X skipped: ...``, once per process; the built-in puzzles
work as ever.
"""
from __future__ import annotations

import importlib
import os
import re
import sys

from pyengine.engine.errors import UsageError
from pyengine.engine.textio import shown
from pyengine.puzzles.base import Action, Puzzle, check_name

DECLARATIONS = (
    "pyengine.puzzles.scramble.puzzle",
    "pyengine.puzzles.riddle.puzzle",
    "pyengine.puzzles.bee.puzzle",
    "pyengine.puzzles.boggle.puzzle",
    "pyengine.puzzles.wordlist",
)

#: the environment variable naming plug-in declaration modules (comma-separated)
PLUGINS = "PYENGINE_PUZZLES"
#: the command names of the UI's tools (``pyengine.ui.cli.TOOLS``): no puzzle takes them
RESERVED = ("shell", "serve")
_NAME = re.compile(r"[a-z][a-z0-9_-]{0,39}")

_extra: dict[str, Puzzle] = {}
_loaded: dict[str, dict[str, Puzzle]] = {}      # PYENGINE_PUZZLES -> its plug-ins


def _check_new(puzzle) -> Puzzle:
    """``puzzle`` if it is a :class:`Puzzle` whose name is free; else UsageError."""
    if not isinstance(puzzle, Puzzle):
        raise UsageError(f"PUZZLE is not a pyengine.puzzles.base.Puzzle but "
                         f"{type(puzzle).__name__}")
    if not isinstance(puzzle.name, str) or not _NAME.fullmatch(puzzle.name):
        raise UsageError(f"the puzzle name {puzzle.name!r} is not a command name "
                         "(a-z, digits, '-' and '_', at most 40)")
    if puzzle.name in RESERVED:
        raise UsageError(f"the name {puzzle.name!r} is the '{puzzle.name}' command's")
    if puzzle.name in _builtin():
        raise UsageError(f"a puzzle named {puzzle.name!r} exists already")
    return puzzle


def register(puzzle: Puzzle) -> Puzzle:
    """Add a puzzle at run time (a plug-in, or a test's toy puzzle)."""
    _extra[_check_new(puzzle).name] = puzzle
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


def _plugin(module: str) -> Puzzle:
    """The puzzle a plug-in module declares; any exception if it cannot be had."""
    if not all(part.isidentifier() for part in module.split(".")):
        raise UsageError("not a module name (dotted Python names, e.g. mypkg.puzzle)")
    return _check_new(getattr(importlib.import_module(module), "PUZZLE", None))


def _skipped(module: str, exc: BaseException) -> None:
    why = str(exc) if isinstance(exc, UsageError) else f"{type(exc).__name__}: {exc}"
    why = why if len(why) <= 200 else why[:200] + "..."
    print(f"pyengine: plug-in {shown(module)} skipped: {shown(why)}", file=sys.stderr)


def _plugins() -> dict[str, Puzzle]:
    """The puzzles of ``PYENGINE_PUZZLES``, loaded once; a bad one is skipped."""
    spec = os.environ.get(PLUGINS, "")
    if spec not in _loaded:
        found: dict[str, Puzzle] = {}
        for module in dict.fromkeys(m.strip() for m in spec.split(",") if m.strip()):
            try:
                puzzle = _plugin(module)
                if puzzle.name in found:
                    raise UsageError(f"a puzzle named {puzzle.name!r} exists already")
            except KeyboardInterrupt:
                raise
            except BaseException as exc:        # SystemExit too: a plug-in never ends us
                _skipped(module, exc)
                continue
            found[puzzle.name] = puzzle
        _loaded[spec] = found
    return _loaded[spec]


def puzzles() -> dict[str, Puzzle]:
    """Every puzzle by name: built-in ones, then plug-ins."""
    return {**_builtin(), **_plugins(), **_extra}


def get(name: str) -> Puzzle:
    found = puzzles().get(check_name(name, "the puzzle"))
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
