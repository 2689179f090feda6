"""The engine-neutral session contract.

A :class:`Session` wraps one rule engine (CLIPS through clipspy, or experta) and
offers the same verbs on both: reset, assert and retract facts, run to quiescence
or for N firings, step, list facts and the agenda, choose a conflict-resolution
strategy, seed the engine's random numbers, and keep a trace of every firing so
that "why does this fact exist?" can be answered afterwards.

Facts are shown in CLIPS syntax on both engines, with CLIPS-style ids (``f-12``).
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Callable, Iterable

from pyengine.engine.errors import UsageError
from pyengine.engine.trace import activation_line, fact_line, fire_line

STRATEGIES = ("depth", "breadth", "random")
# What watch() turns on: "rules" records every firing (the trace, the origin of each
# fact, "fire" events); "activations" sends "activate"/"deactivate" events.
WATCH_ITEMS = ("rules", "activations")


@dataclass(frozen=True)
class FactView:
    """One fact of the fact base: its id and its CLIPS-style text."""

    id: int
    text: str

    @property
    def name(self) -> str:
        """The relation (first symbol) of the fact, e.g. ``text`` or ``letter``."""
        return self.text[1:].split(None, 1)[0].rstrip(")") if len(self.text) > 2 else ""

    def __str__(self) -> str:
        return fact_line(self.id, self.text)


@dataclass(frozen=True)
class ActivationView:
    """One activation on the agenda: a rule, its salience and the facts it matched."""

    rule: str
    salience: int
    facts: tuple[int, ...]

    def __str__(self) -> str:
        return activation_line(self)


@dataclass
class Firing:
    """One rule firing: which rule, on which facts, and what it changed."""

    number: int
    rule: str
    matched: tuple[int, ...]
    asserted: list[int] = field(default_factory=list)
    retracted: list[int] = field(default_factory=list)

    def __str__(self) -> str:
        return fire_line(self)


# A listener receives (event, payload); events are
#   "fire"    -> Firing (before its action runs on experta, as CLIPS prints it)
#   "assert"  -> FactView
#   "retract" -> FactView
#   "activate" / "deactivate" -> ActivationView (while activations are watched)
#   "output"  -> str, one line a rule printed (CLIPS printout t, print() in experta)
Listener = Callable[[str, object], None]


class Session(ABC):
    """Common contract of a rule session. See :mod:`pyengine.engine.clips` and
    :mod:`pyengine.engine.experta` for the two engines."""

    engine: str = "?"

    def __init__(self) -> None:
        self.trace: list[Firing] = []
        self.origin: dict[int, Firing | None] = {}   # fact id -> firing that asserted it
        self.fired_total = 0
        self.listeners: list[Listener] = []
        self._strategy = "depth"
        self._seed: int | None = None
        self.services: dict[str, object] = {}   # what provide() handed to the rules
        self.record = True                      # watching rules: keep the trace
        self.watching_activations = False
        self.printed: list[str] = []            # lines the rules printed
        self.diagnostics: list[str] = []        # the engine's own error text, when quiet

    # -- facts ---------------------------------------------------------------
    @abstractmethod
    def reset(self) -> None:
        """Clear the fact base and agenda, then assert the initial facts (deffacts)."""

    @abstractmethod
    def assert_fact(self, fact) -> int:
        """Assert a fact (CLIPS text such as ``"(river 1 N i l e)"``, or an engine
        fact object) and return its id."""

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
    def agenda(self) -> list[ActivationView]:
        """Activations in the order they would fire (next first)."""

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
        return self.record if item == "rules" else (
            self.watching_activations if item == "activations" else False)

    def _set_watch(self, item: str, on: bool) -> None:
        """Tell the engine about a watch (the base class keeps only the flags)."""

    def quiet(self, on: bool = True) -> None:
        """Keep the engine's own error text (CLIPS prints it on stderr) in
        :attr:`diagnostics` instead of printing it: for a UI that reports each
        error itself, in one line. Rule output is not affected: it always goes to
        :attr:`printed` and to the listeners as "output" events."""

    def _output(self, line: str) -> None:
        """One line a rule printed."""
        self.printed.append(line)
        self._emit("output", line)

    # -- introspection ---------------------------------------------------------
    @abstractmethod
    def rules(self) -> list[str]:
        """Names of the rules loaded."""

    @abstractmethod
    def rule_source(self, name: str) -> str:
        """One rule's source as written, with the comment just above it (from the
        .clp file or the Python module it was loaded from), else the engine's own
        rendering of it. UsageError for an unknown rule."""

    def why(self, fact_id: int) -> Firing | None:
        """The firing that asserted this fact, or None for an initial or user fact.
        UsageError if the id was never seen."""
        if fact_id not in self.origin:
            raise UsageError(f"no fact f-{fact_id} was recorded in this session")
        return self.origin[fact_id]

    def why_chain(self, fact_id: int) -> list[Firing]:
        """Firings that led to this fact, most recent first, back to initial facts."""
        chain: list[Firing] = []
        seen: set[int] = set()
        todo = [fact_id]
        while todo:
            fid = todo.pop(0)
            firing = self.origin.get(fid)
            if firing is None or firing.number in seen:
                continue
            seen.add(firing.number)
            chain.append(firing)
            todo.extend(firing.matched)
        return chain

    # -- bookkeeping used by the engines ------------------------------------------
    def _emit(self, event: str, payload: object) -> None:
        for listener in self.listeners:
            listener(event, payload)

    def _record(self, firing: Firing) -> None:
        self.trace.append(firing)
        for fid in firing.asserted:
            self.origin[fid] = firing

    def _note_outside(self, fact_id: int) -> None:
        """A fact asserted by reset or by the user, not by a rule."""
        self.origin[fact_id] = None

    def _clear_history(self) -> None:
        self.trace = []
        self.origin = {}
        self.fired_total = 0

    def stage_fact(self, name: str):
        """The staging fact that opens stage ``name`` on this engine."""
        return f"({name})"


def matching(facts: Iterable[FactView], pattern: str | None) -> list[FactView]:
    """Facts whose text contains ``pattern`` (all facts if pattern is empty)."""
    if not pattern:
        return list(facts)
    return [f for f in facts if pattern in f.text or f.name == pattern]
