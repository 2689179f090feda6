"""What the command table is made of: a :class:`Command` (its name, its help line, its
answer, its arguments, the front ends that offer it) and an :class:`Arg` (a name, a
:class:`Kind` that reads and checks it, a default). The table itself is
:mod:`pyengine.ui.command_table`; :data:`TABLE` holds its entries by name.

An argument is checked once, here, whichever front end it came from: the shell's
words (:meth:`Command.from_text`), a notebook call's values
(:meth:`Command.from_python`) or a web request's one JSON value
(:meth:`Command.from_web`). Then the answer runs: ``answer(front, **checked)``,
where ``front`` is the :class:`~pyengine.ui.shell.Shell`, the notebook's
:class:`~pyengine.ui.notebook.Inspector` or a web session. Each front end shows the
answer its own way (the shell prints it, the notebook returns it, the web sends it as
the page's message), so an answer is written once for all three.

A front end offers the answers what they ask of it: ``session``, ``runner`` (None for
a bare session), ``log``, ``setup``, ``timeline``, ``reopen`` (a factory of the plan
again, or None), ``reloaded``, ``watching``, ``seed_given``; ``fire(n, until, each)``
(fire through the stage runner and give what this front shows of it), ``moved(plan)``
(after ``back``/``goto``), ``reopened(plan, factory)`` (after ``reset``/``reload``),
``user_fact(fact)`` (a fact its user typed, read and checked), ``firing_table(firings,
lead, note, between, whole)`` and ``set_watching(words, on)``; a front whose ``undoes_changes`` is true
(the web page's) goes back over a fact changed by hand as over a firing.
"""
from __future__ import annotations

import inspect
import os
import re
from dataclasses import dataclass
from typing import Any, Callable

from pyengine.engine.clips_reader import Form, ReadError, read
from pyengine.engine.errors import UsageError
from pyengine.engine.numbers import is_digits, shown, whole
from pyengine.engine.numbers import parse_id

SHELL, NOTEBOOK, WEB = "shell", "notebook", "web"
EVERYWHERE = frozenset({SHELL, NOTEBOOK, WEB})
SHELL_AND_NOTEBOOK = frozenset({SHELL, NOTEBOOK})
SHELL_ONLY, NOTEBOOK_ONLY, WEB_ONLY = frozenset({SHELL}), frozenset({NOTEBOOK}), frozenset({WEB})
MOST_FIRINGS = 10**9         # the largest count of firings any command takes
REQUIRED = object()          # an Arg's default when the command cannot go without it
SAME = object()              # an Arg's python_default when it is its default

#: every command of the table by name, in the order help lists them
TABLE: dict[str, "Command"] = {}


# -- kinds: how an argument is read and checked -----------------------------------------------

class Kind:
    """How one argument is read from the shell's words (:meth:`text`) and checked when
    it is given as a value (:meth:`value`, a notebook's or a web request's)."""

    rest = False             # takes the rest of the shell's line, spaces kept

    def text(self, text: str, what: str) -> Any:
        return self.value(text, what)

    def value(self, value: Any, what: str) -> Any:
        return value


class Count(Kind):
    """A whole number from ``low`` to ``high`` (read by the one reader,
    :func:`~pyengine.engine.numbers.whole`); with ``all``, ``all`` or None is None."""

    def __init__(self, low: int = 0, high: int = MOST_FIRINGS, all: bool = False):
        self.low, self.high, self.all = low, high, all

    def value(self, value: Any, what: str) -> int | None:
        if self.all and (value is None or value == "all"):
            return None
        expected = "a whole number or all" if self.all else "a whole number"
        return whole(value, what, self.low, self.high, expected)


class FactId(Kind):
    """A fact id: ``f-12``, ``12`` or 12."""

    def value(self, value: Any, what: str) -> int:
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise UsageError(f"not a fact id: {shown(value)} (write f-12 or 12)")
        return parse_id(value)


class Word(Kind):
    """A name: one word (a rule, a stage, a strategy, a file to write)."""

    def value(self, value: Any, what: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise UsageError(f"{what}: expected a name, not {shown(value)}")
        return value.strip()


class Rest(Kind):
    """Free text: the rest of the shell's line (a fact filter, a CLIPS command's words)."""

    rest = True

    def value(self, value: Any, what: str) -> str:
        if not isinstance(value, str):
            raise UsageError(f"{what}: expected text, not {shown(value)}")
        return value


class Anything(Rest):
    """The rest of the shell's line, or any value from Python (a fact given as text or
    as an engine's fact object; slots as text or a dict): the answer reads it."""

    def value(self, value: Any, what: str) -> Any:
        return value


class File(Kind):
    """One file: a word, or a "string" as CLIPS writes it (spaces inside); from Python a
    text or a path."""

    rest = True

    def text(self, text: str, what: str) -> str:
        return one_path(text, what)

    def value(self, value: Any, what: str) -> str:
        if isinstance(value, os.PathLike):
            return os.fspath(value)
        if not isinstance(value, str) or not value.strip():
            raise UsageError(f"{what} takes one file, e.g. {what} facts.fct")
        return value


class Flag(Kind):
    """A switch: the shell's ``--flag`` word, True or False from Python."""

    def value(self, value: Any, what: str) -> bool:
        if not isinstance(value, bool):
            raise UsageError(f"{what}: expected True or False, not {shown(value)}")
        return value


class FactOrRule(Kind):
    """What a graph is of: a fact id (``f-12``, ``12``, 12) or a rule's name."""

    def value(self, value: Any, what: str) -> int | str:
        if isinstance(value, int) and not isinstance(value, bool):
            return parse_id(value)
        word = Word().value(value, what)
        digits = word[2:] if word.lower().startswith("f-") else word
        return parse_id(word) if is_digits(digits) else word


def one_path(text: str, command: str) -> str:
    """The one file a command takes: a word, or a "string" as CLIPS writes it."""
    text = text.strip()
    try:
        forms = read(text) if text else []
    except ReadError:
        forms = []
    if len(forms) != 1 or isinstance(forms[0], Form):
        raise UsageError(f"{command} takes one file, e.g. {command} facts.fct")
    return str(forms[0])


COUNT, COUNT_OR_ALL, AT_LEAST_ONE = Count(), Count(all=True), Count(1)
FACT_ID, WORD, REST, ANYTHING, FILE, FLAG = FactId(), Word(), Rest(), Anything(), File(), Flag()
FACT_OR_RULE = FactOrRule()


# -- arguments and commands ------------------------------------------------------------------

@dataclass(frozen=True)
class Arg:
    """One argument of a command: ``name`` is the answer's parameter and the notebook's
    keyword, ``metavar`` its word in the usage (``ID``, ``N|all``)."""

    name: str
    kind: Kind
    metavar: str = ""
    default: Any = REQUIRED          # when not given; REQUIRED: the command needs it
    python_default: Any = SAME       # the notebook's and the web's, when it differs
    missing: str = ""                # what to say when a required one is not given
    many: bool = False               # any number of words: ``*name`` in Python
    flag: str = ""                   # in the shell, given as ``--flag [VALUE]``
    python_only: bool = False        # a keyword of the notebook only
    keywords: bool = False           # ``**name`` in Python (modify's slots by keyword)

    def usage(self) -> str:
        word = f"{self.flag} {self.metavar}".strip() if self.flag else self.metavar
        word += " ..." if self.many else ""
        return word if self.default is REQUIRED else f"[{word}]"

    def fallback(self, python: bool) -> Any:
        """The value when none is given (REQUIRED: none)."""
        return self.default if not python or self.python_default is SAME else self.python_default


@dataclass(frozen=True)
class Command:
    """One command of the table (see the module). ``answer(front, **args)`` gives what
    the command answers; its docstring is the command's help in detail."""

    name: str
    summary: str                     # its line in ``help``
    answer: Callable
    args: tuple[Arg, ...] = ()
    fronts: frozenset = SHELL_AND_NOTEBOOK
    complete: Callable | None = None  # (front, text) -> the words its arguments may be
    usage: str = ""                  # when the one made from the arguments will not do
    detail: str = ""                 # when the answer's docstring will not do
    python: str = ""                 # the notebook's method, when not the command's name
    aliases: tuple[str, ...] = ()    # other names in the shell (quit: exit)
    clips: bool = False              # one of CLIPS's own prompt commands

    @property
    def python_name(self) -> str:
        return self.python or self.name.replace("-", "_")

    def shell_args(self) -> list[Arg]:
        return [a for a in self.args if not a.python_only and not a.keywords]

    def shown_usage(self) -> str:
        if self.usage:
            return self.usage
        return " ".join([self.name] + [a.usage() for a in self.shell_args()])

    def help_text(self) -> str:
        """``help NAME``: the usage, then what it does, on one line."""
        detail = self.detail or inspect.getdoc(self.answer) or ""
        return " ".join(f"{self.shown_usage()}  {detail}".split())

    def what(self, arg: Arg) -> str:
        """How messages name an argument: the command for its first, ``why depth``."""
        if arg.flag:
            return arg.flag
        first = self.shell_args()[:1] or self.args[:1]
        return self.name if first and first[0] is arg else f"{self.name} {arg.name}"

    def from_text(self, text: str) -> dict[str, Any]:
        """The shell's words after the command, checked."""
        words = [(m.start(), m.group()) for m in re.finditer(r"\S+", text)]
        values = self._flags(words)
        at = 0
        for arg in self.shell_args():
            if arg.flag:
                continue
            if arg.kind.rest:
                raw = text[words[at][0]:].strip() if at < len(words) else ""
                at = len(words)
                if raw:
                    values[arg.name] = arg.kind.text(raw, self.what(arg))
            elif arg.many:
                if at < len(words):
                    values[arg.name] = [arg.kind.text(w, self.what(arg)) for _, w in words[at:]]
                at = len(words)
            elif at < len(words):
                values[arg.name] = arg.kind.text(words[at][1], self.what(arg))
                at += 1
        if at < len(words):
            raise UsageError(f"{self.name} takes no arguments" if not self.shell_args()
                             else f"{self.name}: too many arguments ({self.shown_usage()})")
        return self._filled(values, python=False)

    def _flags(self, words: list[tuple[int, str]]) -> dict[str, Any]:
        """The ``--flag [VALUE]`` words, taken out of ``words``."""
        values: dict[str, Any] = {}
        for arg in self.args:
            at = next((i for i, (_, w) in enumerate(words) if arg.flag and w == arg.flag), None)
            if at is None:
                continue
            if isinstance(arg.kind, Flag):
                values[arg.name] = True
                del words[at]
                continue
            if at + 1 >= len(words):
                raise UsageError(arg.missing or f"{arg.flag} needs {arg.metavar}")
            values[arg.name] = arg.kind.text(words[at + 1][1], arg.flag)
            del words[at:at + 2]
        return values

    def from_python(self, args: tuple, kwargs: dict) -> dict[str, Any]:
        """A notebook call's arguments, checked."""
        try:
            bound = self.signature().bind_partial(None, *args, **kwargs).arguments
        except TypeError as exc:
            raise UsageError(f"{self.python_name}(): {exc}") from None
        values = {}
        for arg in self.args:
            if arg.name not in bound:
                continue
            given, what = bound[arg.name], self.what(arg)
            if arg.keywords:
                values[arg.name] = dict(given)
            elif arg.many:
                if given:
                    values[arg.name] = [arg.kind.value(v, what) for v in given]
            elif given is None and arg.fallback(python=True) is None:
                values[arg.name] = None           # None given where None is the default
            elif not (arg.kind.rest and isinstance(given, str) and not given.strip()):
                values[arg.name] = arg.kind.value(given, what)
        return self._filled(values, python=True)

    def from_web(self, value: Any) -> dict[str, Any]:
        """A web request's one value (JSON) for the command's first argument, checked;
        for a command of several arguments also an object of their names (``modify``:
        ``{"fact_id": 12, "slots": "(name Bob)"}``), where a fact or slots are text,
        for our reader to read."""
        names = [a.name for a in self.shell_args() if not a.flag]
        if len(names) > 1 and isinstance(value, dict):
            if not set(value) <= set(names):
                raise UsageError(f"{self.name}: an object of {', '.join(names)}, e.g. "
                                 f"{self.shown_usage()}")
            for arg in self.shell_args():
                given = value.get(arg.name)
                if isinstance(arg.kind, Anything) and given is not None \
                        and not isinstance(given, str):
                    raise UsageError(f"{self.what(arg)}: text such as {arg.metavar}, not "
                                     f"{shown(given)}")
            return self.from_python((), value)
        if value is not None and not names:     # reset, next...: nothing to give them
            raise UsageError(f"{self.name} takes no value, not {shown(value)}")
        if value is None:
            return self._filled({}, python=True)
        return self.from_python((value,), {})

    def _filled(self, values: dict[str, Any], python: bool) -> dict[str, Any]:
        for arg in self.args:
            if arg.name in values:
                continue
            fallback = {} if arg.keywords else arg.fallback(python)
            if fallback is REQUIRED:
                raise UsageError(arg.missing or f"{self.name} needs {arg.metavar or arg.name}")
            values[arg.name] = fallback
        return values

    def signature(self) -> inspect.Signature:
        """The notebook method's signature (``self`` first)."""
        P = inspect.Parameter
        params = [P("self", P.POSITIONAL_OR_KEYWORD)]
        for arg in self.args:
            if arg.keywords:
                params.append(P(arg.name, P.VAR_KEYWORD))
            elif arg.many:
                params.append(P(arg.name, P.VAR_POSITIONAL))
            else:
                fallback = arg.fallback(python=True)
                kind = P.KEYWORD_ONLY if arg.python_only else P.POSITIONAL_OR_KEYWORD
                params.append(P(arg.name, kind, default=P.empty if fallback is REQUIRED
                                else fallback))
        return inspect.Signature(_ordered(params))


def _ordered(params: list[inspect.Parameter]) -> list[inspect.Parameter]:
    """Python's order: positional ones, ``*args``, keyword-only ones, ``**kwargs``."""
    return sorted(params, key=lambda p: p.kind)


def table(*commands: Command) -> None:
    """Put commands into :data:`TABLE`, in order (a name, or an alias, only once)."""
    for command in commands:
        for name in (command.name, *command.aliases):
            if name in TABLE or any(name in c.aliases for c in TABLE.values()):
                raise ValueError(f"command {name!r} is in the table twice")
        TABLE[command.name] = command


def offered(front: str) -> list[Command]:
    """The commands ``front`` (SHELL, NOTEBOOK, WEB) offers, in the table's order."""
    return [c for c in TABLE.values() if front in c.fronts]


def shell_command(name: str) -> Command | None:
    """The shell's command called ``name`` (or one of its aliases), or None."""
    for command in offered(SHELL):
        if name == command.name or name in command.aliases:
            return command
    return None
