"""What a browser tab may open: the one target the command line named, or (with
none) a menu of the registry's sessions (:func:`pyengine.puzzles.registry.shell_entries`)
with the options their declarations offer the page.

The page is a client of the registry, as the command line is: which options it
offers (``Option.web``), the values it fills in when the user gives none
(``Action.example``), the facts a user may submit and the picture are all the
declaration's, so nothing here names a puzzle. Nothing here reads a file the command
line did not name: an option that names a file is never declared ``web``, and every
value is checked by the declaration itself (:meth:`Option.convert`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from pyengine.engine.errors import UsageError
from pyengine.engine.stages import SessionPlan
from pyengine.puzzles import registry
from pyengine.puzzles.base import Action
from pyengine.ui import sessions

MAX_TEXT = 4000          # characters of one option value (a text typed in the page)


@dataclass
class Target:
    """One thing a tab can open: a name, a line of help, its options for the browser,
    and the action it opens (None for a rule file the command line named)."""

    name: str
    help: str
    options: dict[str, object] = field(default_factory=dict)   # name -> Option
    fixed: Callable[[], SessionPlan] | None = None              # the command line's factory
    argv: list[str] | None = None       # the command line's words (a worker opens them)
    action: Action | None = None

    def describe(self) -> dict:
        example = self.example()
        return {"name": self.name, "help": self.help,
                "options": [{"name": o.name, "kind": o.kind, "help": o.help,
                             "default": _plain(o.default),
                             "example": _plain(example.get(o.name)),
                             "choices": list(o.choices) if o.choices else None}
                            for o in self.options.values()]}

    def example(self) -> dict:
        """The declaration's example values for the options the page offers."""
        given = (self.action.example or {}) if self.action is not None else {}
        return {k: v for k, v in given.items() if k in self.options}

    def factory(self, given: dict | None = None) -> Callable[[], SessionPlan]:
        """A function that opens this target afresh (same puzzle, same seed) each call;
        an option the page leaves empty takes the declaration's example, if it has one."""
        given = dict(given or {})
        if self.fixed is not None:
            if given:
                raise UsageError(f"{self.name} was opened on the command line: "
                                 "it takes no options from the page")
            return self.fixed
        kwargs = self.check({**self.example(), **{k: v for k, v in given.items()
                                                   if v is not None and v != ""}})
        return sessions.plan_factory(self.name, **kwargs)

    def check(self, given: dict) -> dict:
        out = {}
        for name, value in given.items():
            if name not in self.options:
                allowed = ", ".join(self.options) or "none"
                raise UsageError(f"{self.name}: option {str(name)[:40]!r} is not offered "
                                 f"here (options: {allowed})")
            if value is None or value == "":
                continue
            if isinstance(value, str) and len(value) > MAX_TEXT:
                raise UsageError(f"{name}: at most {MAX_TEXT} characters")
            opt = self.options[name]
            if opt.kind == "words" and isinstance(value, str):
                value = value.split()
            out[name] = opt.convert(value)
        return out


def _plain(value):
    return value if isinstance(value, (str, int, float, bool, type(None))) else list(value)


def menu() -> dict[str, Target]:
    """Every session of the registry, with the options its declaration offers the page."""
    return {name: Target(name, action.help, {o.name: o for o in action.options if o.web},
                         action=action)
            for name, (_puzzle, action) in registry.shell_entries().items()}


def command_line(name: str, argv: list[str]) -> Target:
    """The target the command line named (checked now, as the shell checks it)."""
    entry = registry.shell_entries().get(name)
    return Target(name, " ".join([name, *argv]), {}, sessions.opener(name, argv), list(argv),
                  entry[1] if entry is not None else None)
