"""What a browser tab may open: the one target the command line named, or (with
none) a menu of the registry's puzzles with their safe options.

Nothing here reads a file the command line did not name: options that name files
(``--file``, ``--words LIST``, ``--batch``, ``--candidates``, ``--dice``) are not
offered to the browser, and every value is checked by the puzzle's own
declaration (:meth:`Option.convert`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from pyengine.engine.errors import UsageError
from pyengine.engine.stages import SessionPlan, Stage
from pyengine.puzzles import registry
from pyengine.ui import sessions

# Options a browser may set (the rest name files, or are batch work).
WEB_OPTIONS = ("words", "swaps", "randomizer", "line", "why", "text", "all", "near", "word",
               "length", "letters", "center", "hints", "algo", "size", "seed_size", "vowels",
               "no_qu", "seed")
MAX_TEXT = 4000          # characters of one option value (a riddle's text)
SAMPLE_RIDDLE = ("My first is in cake but not in lake,\nMy second's in bat and also in hat;\n"
                 "My last is in tea but never in pea.\nWhat am I?\n")
PLAY = "bee-play"


@dataclass
class Target:
    """One thing a tab can open: a name, a line of help, its options for the browser."""

    name: str
    help: str
    options: dict[str, object] = field(default_factory=dict)   # name -> Option
    fixed: Callable[[], SessionPlan] | None = None              # the command line's factory
    argv: list[str] | None = None       # the command line's words (a worker opens them)

    def describe(self) -> dict:
        return {"name": self.name, "help": self.help,
                "options": [{"name": o.name, "kind": o.kind, "help": o.help,
                             "default": _plain(o.default),
                             "choices": list(o.choices) if o.choices else None}
                            for o in self.options.values()]}

    def factory(self, given: dict | None = None) -> Callable[[], SessionPlan]:
        """A function that opens this target afresh (same puzzle, same seed) each call."""
        given = dict(given or {})
        if self.fixed is not None:
            if given:
                raise UsageError(f"{self.name} was opened on the command line: "
                                 "it takes no options from the page")
            return self.fixed
        kwargs = self.check(given)
        if self.name == PLAY:
            return _play_factory(**kwargs)
        if self.name == "riddle" and kwargs.get("text") is None:
            kwargs["text"] = SAMPLE_RIDDLE
        return sessions.plan_factory(self.name, **kwargs)

    def check(self, given: dict) -> dict:
        out = {}
        for name, value in given.items():
            if name not in self.options:
                allowed = ", ".join(self.options) or "none"
                raise UsageError(f"{self.name}: option {name!r} is not offered here "
                                 f"(options: {allowed})")
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
    """Every registry entry with the options a browser may set, plus ``bee-play``."""
    out: dict[str, Target] = {}
    for name, (_puzzle, action) in registry.shell_entries().items():
        opts = {o.name: o for o in action.options if _offered(o)}
        out[name] = Target(name, action.help, opts)
        if name == "bee":
            play = {k: v for k, v in opts.items() if k in ("letters", "center")}
            out[PLAY] = Target(PLAY, "play a hive: each guess is a Guess fact the judge "
                               "rules answer", play)
    return out


def _offered(opt) -> bool:
    return opt.name in WEB_OPTIONS and not (opt.name == "words" and opt.kind != "words")


def command_line(name: str, argv: list[str]) -> Target:
    """The target the command line named (checked now, as the shell checks it)."""
    return Target(name, " ".join([name, *argv]), {}, sessions.opener(name, argv), list(argv))


def _play_factory(letters=None, center=None) -> Callable[[], SessionPlan]:
    def factory() -> SessionPlan:
        plan = open_play(letters, center)
        plan.reopen = factory
        return plan
    return factory


def open_play(letters=None, center=None) -> SessionPlan:
    """A hive solved by the play rules, then a ``judge`` stage whose staging fact
    stays: each ``(guess (word W) (turn N))`` asserted afterwards gets its verdict
    from the rules on the next run. (The Spelling Bee's ``play`` action has no
    ``open`` function yet; this is its session, built from the puzzle's own parts.)"""
    from pyengine.puzzles.bee.engine import SOLVE_STAGES, BeeEngine
    from pyengine.puzzles.bee.hive import parse_hive
    from pyengine.puzzles.bee.solve import SHELL_HIVE

    if letters is None and center is None:
        letters, center = SHELL_HIVE
    hive, c = parse_hive(letters, center)
    eng = BeeEngine(None, record=True, kind="play")
    eng.load_hive(hive, c)
    stages = [Stage(n) for n in SOLVE_STAGES + ("hints",)] + [Stage("judge", retract=False)]
    return SessionPlan(eng.session, stages, None,
                       f"Spelling Bee {hive.upper()} centre {c.upper()}: play", None)
