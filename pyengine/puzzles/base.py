"""The puzzle contract: what every puzzle declares once.

A :class:`Puzzle` is a name, a line of help, the engine its rules run on, and its
:class:`Action` s (``make``, ``solve``, ``play`` ...). Each action declares its
:class:`Option` s once, with types, defaults, ranges and help; the command line,
the shell and the Python API are all built from that one declaration, and all
three validate values through :meth:`Option.convert`, so they never disagree.

An action names two functions by import path (kept as strings so that building
``pyengine --help`` imports no engine):

- ``run``: ``run(**options) -> result``. The result has ``as_dict()`` (the
  ``--json`` form), ``text()`` (what the command prints), and may have
  ``exit_status`` (default 0) and ``session`` (for ``--trace`` and ``--facts``).
- ``open`` (optional): ``open(**options) -> SessionPlan``: the rule session with
  the puzzle's input facts declared and its stage plan, paused before the first
  stage. The shell, the notebook and :func:`pyengine.open` use it.
- ``read`` (with ``open``, instead of ``run``): ``read(plan) -> result``, the result
  read back from a plan whose stages have all run. :meth:`Action.call` then opens,
  runs and reads itself, so the command and the shell walk the same session path.

What the web page (``pyengine serve``) shows of an action is declared here too, so the
page names no puzzle: an :class:`Option` with ``web=True`` is offered on the page (off by
default: an option that names a file or reads standard input is never offered); an
action's ``example`` gives values the page fills in for options the user leaves empty;
its ``submit`` lists the facts a user may put into its session
(:class:`pyengine.puzzles.page.Submit`); its ``picture`` (``"module:function"``) turns
the fact base into a picture made of the page's primitives (:mod:`pyengine.puzzles.page`).

A ``seed`` option declared with ``fresh_seed`` (:data:`SEED`) gets a fresh seed in
:meth:`Action.arguments` when none is given: the one place a seed is drawn, so every
run reports the seed that repeats it.

This module imports nothing heavy; declaration modules import only this.
"""
from __future__ import annotations

import importlib
import inspect
import math
from dataclasses import dataclass, replace
from typing import Any, Callable

from pyengine.engine.errors import UsageError
from pyengine.engine.numbers import whole
from pyengine.engine.session import SEED_HIGH, SEED_LOW, new_seed

_KINDS = ("str", "int", "float", "bool", "words")
# Keyword arguments a UI hands an action besides its options: ``record`` (keep the
# firing trace, for --trace), ``as_json`` and ``show_facts`` (what the command will print,
# for actions whose work depends on it), for interactive actions ``lines`` and ``say``, and
# ``stdin`` (an ``open`` function may read standard input: set when a command runs whole).
# Each reaches the run function only if the function takes it.
_EXTRAS = ("record", "as_json", "show_facts", "lines", "say", "stdin")


@dataclass(frozen=True)
class Option:
    """One option of an action.

    ``kind`` is ``str``, ``int``, ``float``, ``bool`` (a flag) or ``words`` (a list of
    strings, from several command-line words); ``parse`` (a function of one string that
    raises :class:`UsageError`) further checks or converts a value. ``positional``
    options are command-line words rather than ``--flags``.
    """

    name: str
    kind: str = "str"
    default: Any = None
    help: str = ""
    flags: tuple[str, ...] = ()
    positional: bool = False
    required: bool = False
    choices: tuple[str, ...] = ()
    low: float | None = None
    high: float | None = None
    metavar: str | None = None
    parse: Callable[[str], Any] | None = None
    cli: bool = True            # False: an API-only option (e.g. an open file)
    fresh_seed: bool = False    # None is replaced by a fresh seed (drawn once per call)
    web: bool = False           # offered on the web page (never an option naming a file)
    listable: bool = False      # a "str" the Python API may give as a list of words too

    def __post_init__(self) -> None:
        if self.kind not in _KINDS:
            raise ValueError(f"option {self.name}: unknown kind {self.kind!r}")

    @property
    def option_flags(self) -> tuple[str, ...]:
        """The command line's flags for it: its own, or ``--name-with-dashes``."""
        return self.flags or ("--" + self.name.replace("_", "-"),)

    @property
    def label(self) -> str:
        """How a message names the option: ``--swaps`` or ``WORD``."""
        if self.positional:
            return self.metavar or self.name.upper()
        return self.option_flags[0]

    def convert(self, value: Any) -> Any:
        """The value checked against this declaration; :class:`UsageError` if bad."""
        if value is None:
            if self.required:
                raise UsageError(f"{self.label} is required")
            return self.default
        if self.kind == "words" or self.listable and isinstance(value, (list, tuple)):
            items = [value] if isinstance(value, str) else value
            if not isinstance(items, (list, tuple)) or not all(isinstance(v, str) for v in items):
                raise UsageError(f"{self.label}: expected words (strings), not {value!r}")
            return [self._one(v) for v in items]
        return self._one(value)

    def _one(self, value: Any) -> Any:
        value = _KIND_CONVERT[self.kind](self, value)
        if self.choices and value not in self.choices:
            raise UsageError(f"{self.label}: {value!r} is not one of {', '.join(self.choices)}")
        if self.low is not None and value < self.low:
            raise UsageError(f"{self.label} must be at least {_num(self.low)}, not {value}")
        if self.high is not None and value > self.high:
            raise UsageError(f"{self.label} must be at most {_num(self.high)}, not {value}")
        if self.parse is not None and isinstance(value, str):
            value = self.parse(value)
        return value


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def _to_int(opt: Option, value: Any) -> int:
    return whole(value, opt.label)      # the one reader of whole numbers; bounds in _one


def _to_float(opt: Option, value: Any) -> float:
    if isinstance(value, bool):
        raise UsageError(f"{opt.label}: expected a number, not {value!r}")
    try:
        x = float(value.strip() if isinstance(value, str) and value.isascii() else value)
    except (TypeError, ValueError):
        raise UsageError(f"{opt.label}: expected a number, not {value!r}") from None
    if not math.isfinite(x):
        raise UsageError(f"{opt.label}: expected a finite number, not {value!r}")
    return x


def _to_bool(opt: Option, value: Any) -> bool:
    if not isinstance(value, bool):
        raise UsageError(f"{opt.label}: expected True or False, not {value!r}")
    return value


def _to_str(opt: Option, value: Any) -> str:
    if not isinstance(value, str):
        raise UsageError(f"{opt.label}: expected text, not {value!r}")
    return value


_KIND_CONVERT = {"int": _to_int, "float": _to_float, "bool": _to_bool, "str": _to_str,
                 "words": _to_str}


#: the seeds drawn in this process, the last one last: an interrupted command says the
#: seed that repeats it (it says it at its end otherwise)
DRAWN: list[int] = []


def kind_of(value: Any) -> str:
    """What a message calls a value of the wrong type: ``int``, ``NoneType`` ..."""
    return type(value).__name__


def check_name(value: Any, what: str, optional: bool = False) -> Any:
    """A name given through the Python API (a puzzle, an action): text, or None if
    ``optional``; UsageError otherwise."""
    if not isinstance(value, str) and not (optional and value is None):
        raise UsageError(f"{what}: expected a name (text), not {kind_of(value)}")
    return value


def _check_extras(extra: dict[str, Any]) -> None:
    """The UI's keyword arguments (``_EXTRAS``) checked for type: flags are True or
    False, ``lines`` text or an iterable of lines, ``say`` a function."""
    for key in ("record", "as_json", "show_facts", "stdin"):
        if key in extra and not isinstance(extra[key], bool):
            raise UsageError(f"{key}: expected True or False, not {kind_of(extra[key])}")
    lines = extra.get("lines", ())
    if not isinstance(lines, (str, bytes)) and not hasattr(lines, "__iter__"):
        raise UsageError(f"lines: expected text or an iterable of lines, not {kind_of(lines)}")
    if not callable(extra.get("say", print)):
        raise UsageError(f"say: expected a function, not {kind_of(extra['say'])}")


def _accepted(func: Callable, extra: dict[str, Any]) -> dict[str, Any]:
    """The extras ``func`` takes (all of them if it takes ``**kwargs``)."""
    params = inspect.signature(func).parameters
    if any(p.kind is p.VAR_KEYWORD for p in params.values()):
        return extra
    return {k: v for k, v in extra.items() if k in params}


def _import(path: str) -> Callable:
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class Action:
    """One thing a puzzle does: its options, and the functions that do it."""

    name: str
    help: str
    options: tuple[Option, ...] = ()
    run: str = ""                    # "module:function" -> result
    open: str | None = None          # "module:function" -> SessionPlan
    read: str | None = None          # "module:function": (plan run whole) -> result
    description: str = ""
    trace: bool = False              # offers --trace (the firings of its session)
    facts: bool = False              # offers --facts (the final fact base)
    interactive: bool = False        # run() also takes lines=ITERABLE, say=CALLABLE
    # The web page's: option values filled in when the user gives none (checked as any
    # value), the facts a user may submit (pyengine.puzzles.page.Submit), and the
    # "module:function" that draws the fact base (pyengine.puzzles.page).
    example: dict[str, Any] | None = None
    submit: tuple = ()
    picture: str | None = None

    def arguments(self, given: dict[str, Any]) -> dict[str, Any]:
        """``given`` checked against the options, defaults filled in."""
        names = {o.name for o in self.options}
        unknown = sorted(set(given) - names)
        if unknown:
            raise UsageError(f"{self.name}: unknown option {unknown[0]!r} "
                             f"(options: {', '.join(sorted(names)) or 'none'})")
        out = {o.name: o.convert(given.get(o.name)) for o in self.options}
        for o in self.options:
            if o.fresh_seed and out[o.name] is None:
                out[o.name] = new_seed()
                DRAWN.append(out[o.name])
        return out

    def call(self, **given: Any) -> Any:
        """Run the action with checked options; return its result. An action with a
        ``read`` function is its rule session: opened, its stages run whole, read."""
        extra = {k: given.pop(k) for k in _EXTRAS if k in given}
        _check_extras(extra)
        if self.read is None:
            run = _import(self.run)
            return run(**self.arguments(given), **_accepted(run, extra))
        if self.open is None:
            raise UsageError(f"{self.name} declares read without open")
        extra.setdefault("record", False)       # firings are kept when asked (--trace)
        extra.setdefault("stdin", True)         # a command run whole may read its input
        opener = _import(self.open)
        plan = opener(**self.arguments(given), **_accepted(opener, extra))
        plan.run_all()
        return _import(self.read)(plan)

    def opener(self, **given: Any) -> Callable[[], Any]:
        """A function that opens the action's rule session, paused before its first
        stage, each call afresh with the same checked options and seed (so reset,
        back and goto repeat the same puzzle); each plan's ``reopen`` is that function."""
        if self.open is None:
            raise UsageError(f"{self.name} has no rule session to open")
        arguments = self.arguments(given)
        open_ = _import(self.open)

        def factory():
            plan = open_(**arguments)
            plan.reopen = factory
            return plan
        return factory

    def open_plan(self, **given: Any):
        """The action's rule session, paused before its first stage."""
        return self.opener(**given)()


@dataclass(frozen=True)
class Puzzle:
    """A puzzle family: a name, its engine and its actions.

    ``default`` is the action run when the command line names none
    (``pyengine scramble`` makes a scramble); puzzles without one require an action.
    """

    name: str
    help: str
    engine: str
    actions: tuple[Action, ...]
    description: str = ""
    default: str | None = None

    def action(self, name: str | None = None) -> Action:
        name = check_name(name, f"{self.name}: the action", optional=True) or self.default
        for act in self.actions:
            if act.name == name:
                return act
        choices = ", ".join(a.name for a in self.actions)
        if name is None:
            raise UsageError(f"{self.name}: choose an action ({choices})")
        raise UsageError(f"{self.name}: unknown action {name!r} (choose from {choices})")

    def openable(self, name: str | None = None) -> Action:
        """The action whose rule session :func:`pyengine.open` and the shell open:
        ``name``, else the default action if it has a session, else the first that has."""
        if check_name(name, f"{self.name}: the action", optional=True) is not None:
            return self.action(name)
        first = [a for a in self.actions if a.name == self.default and a.open] + [
            a for a in self.actions if a.open]
        if not first:
            raise UsageError(f"{self.name} has no rule session to open")
        return first[0]


# -- options that many actions share ---------------------------------------------------
# Seeds: the engines' one range (pyengine.engine.session.SEED_LOW .. SEED_HIGH).
SEED = Option("seed", "int", None, f"random seed {SEED_LOW}..{SEED_HIGH}; the same seed "
              "repeats the same result", low=SEED_LOW, high=SEED_HIGH, metavar="N",
              fresh_seed=True, web=True)
#: the seed of an action that makes no random choice (accepted, so every action of a
#: puzzle takes the same command line)
UNUSED_SEED = replace(SEED, fresh_seed=False,
                      help=f"accepted ({SEED_LOW}..{SEED_HIGH}) and unused: this "
                      "action makes no random choice")
# Words fit for a classroom: what a make action chooses leaves out the offensive words
# (pyengine.words.offensive) unless this is given; words the user types are never filtered.
ALLOW_OFFENSIVE = Option("allow_offensive", "bool", False, "also choose words of the "
                         "offensive-word list (facts/words/offensive.txt: sexual words, "
                         "slurs, profanity), left out by default")


def words_option(help_: str = "word list: 'default' (embedded), default:N (tiers <= N), "
                              "a file path, 'system', or enable1 / enable2k / words_alpha "
                              "(shipped)", default: str | None = None) -> Option:
    """The ``--words LIST`` option (each puzzle may say what its default is)."""
    return Option("words", "str", default, help_, metavar="LIST")
