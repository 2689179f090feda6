"""The engine-neutral session contract.

A :class:`Session` wraps one rule engine (CLIPS through clipspy, or ours under experta)
with the same verbs on both: reset, assert and retract facts, run or step, list facts
and the agenda, choose a strategy, seed the engine's random numbers, and keep a trace
of every firing so that "why does this fact exist?" can be answered afterwards.

Facts are shown in CLIPS syntax on both engines, with CLIPS-style ids (``f-12``)."""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Callable, Iterable

from pyengine.engine.errors import UsageError
from pyengine.engine.numbers import whole
from pyengine.engine.interrupt import Interrupt
from pyengine.engine.history import FactHistory
from pyengine.engine.textio import LastLines
from pyengine.engine.network import Network, RuleNet, every_network
from pyengine.engine.records import (ActivationView, CommandResult, FactView, Firing,  # noqa: F401
                                     InputLine, JoinMatch, Matches, PatternMatch)

# Seeds every engine takes apart: CLIPS seeds rand() with 32 bits; srand(0) is srand(1).
SEED_LOW, SEED_HIGH = 1, 2**32 - 1


def check_seed(n, what: str = "seed") -> int:
    """A seed every engine takes as its own stream: a whole number 1..4294967295 (an
    int, or its digits as text)."""
    return whole(n, what, SEED_LOW, SEED_HIGH)


def new_seed() -> int:
    """A fresh seed for a run whose user gave none (reported, so the run repeats)."""
    import random
    return random.SystemRandom().randrange(SEED_LOW, 2**31 - 1)


# CLIPS's seven conflict-resolution strategies, on both engines (see
# pyengine/engine/rete/strategies.py for how our engine follows CLIPS 6.4's order).
STRATEGIES = ("depth", "breadth", "random", "lex", "mea", "simplicity", "complexity")
# What watch() turns on: "rules" records every firing (the trace, the origin of each
# fact, "fire" events); "activations" sends "activate"/"deactivate" events.
WATCH_ITEMS = ("rules", "activations")
# Bounds on what rules print: lines kept per firing, characters per line, lines kept
# in Session.printed (the oldest are dropped first).
MAX_FIRING_LINES = 1000
MAX_LINE_CHARS = 10_000
MAX_PRINTED_LINES = 10_000

# reader(prompt) -> the next input line for a rule's (read) / input(), None for EOF.
Reader = Callable[[str], "str | None"]


# A listener receives (event, payload); events are
#   "fire"    -> Firing (before its action runs on experta, as CLIPS prints it)
#   "assert"  -> FactView
#   "retract" -> FactView
#   "activate" / "deactivate" -> ActivationView (while activations are watched)
#   "output"  -> str, one line a rule printed (CLIPS printout t, print() in experta),
#                after its "fire" event; a line left unfinished when the rule ends
#                counts as a line
#   "input"   -> InputLine, a line a rule read (its prompt is not sent as "output")
Listener = Callable[[str, object], None]


class Session(FactHistory, ABC):
    """Common contract of a rule session (the engines: :mod:`.clips`, :mod:`.experta`)."""

    engine: str = "?"
    python_rules: bool = False     # rules in Python: a replay may not repeat them

    def __init__(self) -> None:
        self.trace: list[Firing] = []
        self.origin: dict[int, Firing | None] = {}   # fact id -> what made its last version
        # fact id -> every version it had: (made at, made by). A modify makes a new version
        # of the same fact; "made at" is the firing that made it, or for a fact made
        # outside the rules the number of firings so far (see version_before).
        self.versions: dict[int, list[tuple[int, Firing | None]]] = {}
        self.versions_made = 0      # a count: a change by hand that made none is told apart
        self.fired_total = 0
        self.listeners: list[Listener] = []
        self._strategy = "depth"
        self._seed: int | None = None
        self.services: dict[str, object] = {}   # what provide() handed to the rules
        self.record = True                      # watching rules: keep the trace
        self.watching_activations = False
        self.printed: list[str] = []            # lines the rules printed (the last ones)
        self.diagnostics = LastLines()          # the engine's own error text, when quiet
        self.notes: list[str] = []              # how the program runs that its text hides
        self.reader: Reader | None = None       # where a rule's (read) gets its lines
        self._firing: Firing | None = None      # the firing whose action is running
        self._strategy_hook: Callable[[str], None] | None = None   # a Timeline's journal
        self._interrupt: Interrupt | None = None   # Ctrl-C's note while a run goes on
        self.halted = False                     # the last run stopped with rules to fire
        self._said: list[str] | None = None     # a prompt command's output, while it runs

    def close(self) -> None:
        """Give the engine's memory back now, not when the session is collected (a
        dropped session is freed all the same). CLIPS destroys its environment, and
        any later call that needs the engine raises UsageError; on experta there is
        nothing to close (a no-op). Closing twice is allowed."""

    # -- facts ---------------------------------------------------------------
    @abstractmethod
    def reset(self) -> None:
        """Clear the fact base and agenda, then assert the initial facts (deffacts)."""

    @abstractmethod
    def assert_fact(self, fact) -> int:
        """Assert a fact (CLIPS text ``"(river 1 N i l e)"``, or an engine's); its id."""

    @abstractmethod
    def retract(self, fact_id: int) -> None:
        """Retract the fact with this id; UsageError if there is none."""

    @abstractmethod
    def facts(self) -> list[FactView]:
        """All facts, in id order."""

    def fact(self, fact_id: int) -> FactView:
        for f in self.facts():
            if f.id == fact_id:
                return f
        raise UsageError(f"no fact f-{fact_id}")

    def find(self, name: str) -> list[FactView]:
        """Facts whose relation is ``name``."""
        return [f for f in self.facts() if f.name == name]

    @abstractmethod
    def records(self, kind) -> list:
        """The facts of one kind (a CLIPS template name, or an experta fact class) as
        read-only records, in id order: ``record["slot"]`` gives a slot's value."""

    @abstractmethod
    def provide(self, **services) -> None:
        """Hand Python services to the rules, the way an expert system is given a
        database to ask: on experta they become attributes of the engine
        (``self.words`` in a rule); on CLIPS, callables become functions the rules
        can call."""

    # -- running ------------------------------------------------------------
    @abstractmethod
    def run(self, limit: int | None = None) -> int:
        """Fire rules until the agenda is empty or ``limit`` firings; return the count."""

    def step(self) -> int:
        """Fire at most one rule; return 1 if one fired, else 0."""
        return self.run(1)

    @abstractmethod
    def agenda(self, limit: int | None = None) -> list[ActivationView]:
        """Activations in the order they would fire (next first); the first ``limit``
        of them (a random-strategy agenda can hold thousands)."""

    def agenda_size(self) -> int:
        """How many activations the agenda holds (without listing them)."""
        return len(self.agenda())

    # -- strategy and randomness --------------------------------------------
    @property
    def strategy(self) -> str:
        return self._strategy

    @strategy.setter
    def strategy(self, name: str) -> None:
        if name not in STRATEGIES:
            raise UsageError(f"unknown strategy {name!r} (choose from {', '.join(STRATEGIES)})")
        self._set_strategy(name)
        self._strategy = name
        if self._strategy_hook is not None:
            self._strategy_hook(name)

    @abstractmethod
    def _set_strategy(self, name: str) -> None: ...

    @abstractmethod
    def seed(self, n: int) -> None:
        """Seed the engine's random numbers (the random strategy, and CLIPS ``random``)."""

    # -- watching and output ----------------------------------------------------------
    def watch(self, item: str, on: bool = True) -> None:
        """Turn a watch on or off: ``rules`` (record each firing: the trace, the origin
        of each fact, "fire" events) or ``activations`` ("activate" and "deactivate"
        events for the listeners). Facts need no watch: listeners always get
        "assert" and "retract"."""
        if item not in WATCH_ITEMS:
            raise UsageError(f"cannot watch {item!r} (choose from {', '.join(WATCH_ITEMS)})")
        if item == "rules":
            self.record = bool(on)
        else:
            self.watching_activations = bool(on)
        self._set_watch(item, bool(on))

    def watching(self, item: str) -> bool:
        """Is ``item`` (see :meth:`watch`) watched?"""
        return self.record if item == "rules" else item == "activations" and self.watching_activations

    def _set_watch(self, item: str, on: bool) -> None:
        """Tell the engine about a watch (the base class keeps only the flags)."""

    def quiet(self, on: bool = True) -> None:
        """Keep the engine's own error text (CLIPS prints it on stderr) in
        :attr:`diagnostics` instead of printing it (a UI reports each error in one line).
        Rule output always goes to :attr:`printed` and the listeners ("output")."""

    def set_input(self, reader: Reader | None) -> None:
        """Where rules read from: ``reader(prompt)`` returns the next line (without its
        newline) for CLIPS ``(read)``/``(readline)`` and experta ``input()`` /
        ``self.read_line()``, or None at the end of input (CLIPS rules then get the
        symbol ``EOF``, experta rules ``EOFError`` from ``input()`` and ``None`` from
        ``read_line()``). ``None`` (the default): always the end of input."""
        self.reader = reader

    def _read_input(self, prompt: str) -> str | None:
        """Ask the reader for one line for a rule; record it with the firing. Ctrl-C
        at the prompt (or before it, in this run) ends the input: the rule reads EOF."""
        text = None
        note = self._interrupt
        if self.reader is not None and not (note is not None and note.hit):
            if note is not None:
                note.reading = True
            try:
                text = self.reader(prompt)
            except KeyboardInterrupt:
                if note is None:
                    raise
                note.hit = True
            finally:
                if note is not None:
                    note.reading = False
        if text is not None:
            text = str(text).split("\n", 1)[0][:MAX_LINE_CHARS]
        event = InputLine(prompt, text)
        self._keep(str(event))
        self._emit("input", event)
        return text

    def _output(self, line: str, sent: int = 0) -> None:
        """One line a rule printed, or a command typed at the prompt ("said"); its first
        ``sent`` characters went out already (a fact changed meanwhile)."""
        said = self._said is not None and self._firing is None     # typed at the prompt
        if said:
            self._said.append(line := line[:MAX_LINE_CHARS])
        else:
            self._keep(line)
        if line[sent:] or not sent:
            self._emit("said" if said else "output", line[sent:])

    def _keep(self, line: str) -> None:
        if len(line) > MAX_LINE_CHARS:
            line = line[:MAX_LINE_CHARS] + " ..."
        self.printed.append(line)
        if len(self.printed) > MAX_PRINTED_LINES:
            del self.printed[:len(self.printed) - MAX_PRINTED_LINES // 2]
        firing = self._firing
        if firing is not None:
            if len(firing.output) < MAX_FIRING_LINES:
                firing.output.append(line)
            elif len(firing.output) == MAX_FIRING_LINES:
                firing.output.append("... (more output not kept)")

    # -- introspection ---------------------------------------------------------
    @abstractmethod
    def rules(self) -> list[str]:
        """Names of the rules loaded."""

    @abstractmethod
    def rule_source(self, name: str) -> str:
        """One rule's source as written, with the comment just above it (from the
        .clp file or the Python module it was loaded from), else the engine's own
        rendering of it. UsageError for an unknown rule."""

    def rule_python(self, name: str) -> str:
        """The rule in experta's rule language (a CLIPS program on our engine)."""
        raise UsageError("rules --python shows a CLIPS rule run on pyengine's own engine: "
                         "open the program with 'experta FILE.clp'")

    def pretty_rule(self, name: str) -> str:
        """The rule as the engine holds it (CLIPS's ``(ppdefrule)``); by default its source."""
        return self.rule_source(name)

    # CLIPS constructs changed at the prompt (ClipsSession has them; a Timeline journals
    # them with their text, so going back replays the program that ran).
    def load_source(self, source) -> int:
        """Load a file's constructs into the running session; how many."""
        raise UsageError(self._clips_only("load"))

    def build(self, text: str) -> str:
        """Add one construct typed at the prompt; what it defined."""
        raise UsageError(self._clips_only("a construct typed at the prompt"))

    def undefrule(self, name: str) -> None:
        """Remove a rule."""
        raise UsageError(self._clips_only("undefrule"))

    def clearable(self) -> None:
        """May ``(clear)`` give an empty session to load into? UsageError if not."""
        raise UsageError(self._clips_only("clear"))

    def _clips_only(self, what: str) -> str:
        return (f"{what} changes a CLIPS program; this is an {self.engine} session "
                "(change its Python file, then reload)")

    # -- CLIPS's REPL --------------------------------------------------------------
    def command(self, text: str) -> CommandResult:
        """A CLIPS command typed at the prompt (``(bind ?*x* 3)``, ``(focus WINES)``,
        ``(set-break r)``, ``(list-defrules *)``), evaluated as CLIPS's REPL does inside
        the guard: what it printed, its value last. UsageError if it cannot be
        evaluated here (then nothing happened). A Timeline journals it."""
        raise UsageError(f"{text.strip()}: a CLIPS command; this is an {self.engine} session")

    def visible_facts(self) -> list[FactView]:
        """The facts CLIPS's ``(facts)`` lists: those the current module sees."""
        return self.facts()

    @abstractmethod
    def matches(self, rule: str) -> Matches:
        """Like CLIPS's ``(matches RULE)``: each pattern of the rule (its source text)
        with the facts that match it, the partial matches of the joins so far, the
        activations. UsageError for an unknown rule."""

    def network(self, rule: str | None = None) -> Network:
        """The Rete network of ``rule`` (every rule's without one: one holding too much
        to list is named in ``too_many``), in the shape of CLIPS's ``(matches RULE)``
        (:mod:`pyengine.engine.network`). UsageError for an unknown rule."""
        if rule is not None:
            return Network((self.rule_network(rule),))
        return every_network(self.rule_network, self.rules())

    @abstractmethod
    def rule_network(self, rule: str) -> RuleNet:
        """One rule's network (:meth:`network`)."""

    @abstractmethod
    def modify(self, fact_id: int, slots: dict[str, object]) -> int:
        """Change slots of a fact; return its id, which stays the same on both engines
        (as in CLIPS 6.4; the fact gets a new time tag). UsageError for a bad id or slot."""

    def fact_values(self, fact_id: int) -> dict | None:
        """The fact's values as Python holds them (an experta class's), else None."""

    @abstractmethod
    def fact_full(self, fact_id: int) -> str:
        """The fact's text with every value in full (no ``<618-words>``)."""

    @abstractmethod
    def templates(self) -> list[str]:
        """The fact definitions as text: CLIPS deftemplates, experta Fact classes."""

    @abstractmethod
    def globals(self) -> dict[str, str]:
        """Global variables and their values as text (CLIPS defglobals; on experta the
        engine's attributes handed over by :meth:`provide`)."""

    def snapshot(self) -> object | None:
        """The engine's state between firings, to step back without replaying from
        the start (see :mod:`pyengine.engine.timeline`); None where the engine
        cannot capture its state here (an engine without snapshots; a CLIPS session
        whose state a rebuild could not reproduce exactly)."""
        return None

    def restore(self, snap: object) -> None:
        """Put a :meth:`snapshot` of a session of the same plan into this fresh one."""
        raise UsageError(f"{self.engine} sessions have no snapshots")

    # -- bookkeeping used by the engines ------------------------------------------
    def _emit(self, event: str, payload: object) -> None:
        for listener in self.listeners:
            listener(event, payload)

    def _clear_history(self) -> None:
        self.trace = []
        self.origin = {}
        self.versions = {}
        self.versions_made = 0
        self.fired_total = 0

    def stage_fact(self, name: str):
        """The staging fact that opens stage ``name`` on this engine."""
        return f"({name})"


class Closed:
    """What stands in for a closed session (and, in a closed Inspector, its plan and
    runner): any use raises UsageError, "this session is closed"."""

    def __getattr__(self, name: str):
        raise UsageError("this session is closed")

    def __setattr__(self, name: str, value) -> None:
        raise UsageError("this session is closed")


def matching(facts: Iterable[FactView], pattern: str | None) -> list[FactView]:
    """Facts whose text contains ``pattern`` (all facts if pattern is empty)."""
    if not pattern:
        return list(facts)
    return [f for f in facts if pattern in f.text or f.name == pattern]
