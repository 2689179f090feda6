"""Session over experta (a pure-Python RETE engine), with the CLIPS-like contract.

experta ships only a depth strategy and no firing trace, so this module runs the
agenda itself:

* :class:`AgendaStrategy` keeps activations in firing order for ``depth``
  (newest first), ``breadth`` (oldest first) and ``random``. Activation keys are
  derived from the rule name and the matched fact ids, so removals find their
  activation (experta compares activations by key) and the order never depends on
  Python's per-process hash seed. The random order comes from a hash of
  (seed, rule, fact ids): the same seed always gives the same run.
* :meth:`ExpertaSession.run` is experta's run loop plus bookkeeping: the firing
  number, the facts it matched, and the facts its action asserted and retracted.
"""
from __future__ import annotations

import hashlib
import inspect
import io
import re
import shlex
import sys
import textwrap
from typing import Iterable

from pyengine.engine.compat import experta
from pyengine.engine.errors import UsageError
from pyengine.engine.session import ActivationView, FactView, Firing, Session

from experta import Fact, KnowledgeEngine  # noqa: E402  (after the compat patch)
from experta.abstract import Strategy  # noqa: E402
from experta.fact import InitialFact  # noqa: E402
from experta.factlist import FactList  # noqa: E402


def _fact_ids(act) -> tuple[int, ...]:
    return tuple(sorted(f["__factid__"] for f in act.facts))


def _rule_name(act) -> str:
    return getattr(act.rule, "__name__", None) or getattr(act.rule._wrapped, "__name__", "rule")


class AgendaStrategy(Strategy):
    """Conflict resolution for experta: salience first, then depth/breadth/random."""

    def __init__(self, kind: str = "depth", seed: int = 0):
        super().__init__()
        self.kind = kind
        self.seed = seed
        self.counter = 0

    def _random_key(self, act) -> int:
        text = f"{self.seed}|{_rule_name(act)}|{_fact_ids(act)}".encode()
        return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")

    def order(self, act):
        """Sort key; the activation that fires next sorts last."""
        if self.kind == "depth":
            return (act.rule.salience, act.seq)
        if self.kind == "breadth":
            return (act.rule.salience, -act.seq)
        return (act.rule.salience, act.rand)

    def _update_agenda(self, agenda, added, removed):
        acts = agenda.activations
        if removed:
            gone = {(_rule_name(a), _fact_ids(a)) for a in removed}
            acts[:] = [a for a in acts if a.key not in gone]
        if added:
            for act in sorted(added, key=lambda a: (_rule_name(a), _fact_ids(a))):
                act.key = (_rule_name(act), _fact_ids(act))
                self.counter += 1
                act.seq = self.counter
                act.rand = self._random_key(act) if self.kind == "random" else 0
                acts.append(act)
        if added or removed:
            acts.sort(key=self.order)

    def resort(self, agenda, kind: str):
        self.kind = kind
        for act in agenda.activations:
            if kind == "random":
                act.rand = self._random_key(act)
        agenda.activations.sort(key=self.order)


def fact_text(fact) -> str:
    """A fact in CLIPS syntax: ``(stage solve)``, ``(letter (char a) (pos 1))``."""
    if isinstance(fact, InitialFact):
        return "(initial-fact)"
    name = type(fact).__name__
    name = "fact" if name == "Fact" else re.sub(r"(?<!^)(?=[A-Z])", "-", name).lower()
    parts = [name]
    for key, value in fact.items():
        if isinstance(key, str) and key.startswith("__"):
            continue
        shown = _value_text(value)
        if isinstance(key, int):
            parts.append(shown)
        else:
            parts.append(f"({key} {shown})")
    return "(" + " ".join(parts) + ")"


def _value_text(value) -> str:
    if isinstance(value, (frozenset, set)):
        return " ".join(sorted(str(v) for v in value)) or "<none>"
    if isinstance(value, (tuple, list)):
        return " ".join(str(v) for v in value)
    if isinstance(value, str) and (not value or any(c.isspace() or c in '()"' for c in value)):
        return '"' + value.replace('"', '\\"') + '"'
    return str(value)


def _parse_value(token: str):
    try:
        return int(token)
    except ValueError:
        try:
            return float(token)
        except ValueError:
            return token


def parse_fact(text: str, classes: dict[str, type]) -> Fact:
    """Turn ``(stage solve)`` or ``(letter (char a) (pos 1))`` into an experta fact."""
    text = text.strip()
    if not (text.startswith("(") and text.endswith(")")):
        raise UsageError(f"a fact looks like (name value ...), not {text!r}")
    body = text[1:-1]
    slots = {}
    for m in re.finditer(r"\((\S+)\s+([^()]*)\)", body):
        values = [_parse_value(t) for t in shlex.split(m.group(2))]
        slots[m.group(1)] = values[0] if len(values) == 1 else tuple(values)
    head = re.sub(r"\([^()]*\)", " ", body)
    try:
        tokens = shlex.split(head)
    except ValueError as exc:
        raise UsageError(f"cannot read fact {text!r}: {exc}") from None
    if not tokens:
        raise UsageError(f"a fact needs a name: {text!r}")
    name, *positional = tokens
    cls = classes.get(name.lower())
    if cls is None:
        known = ", ".join(sorted(classes)) or "none"
        raise UsageError(f"unknown fact kind {name!r} (known: {known})")
    return cls(*[_parse_value(t) for t in positional], **slots)


def _all_fact_classes(engine: KnowledgeEngine) -> dict[str, type]:
    """Fact classes the engine's module defines or imports, by CLIPS-style name."""
    found: dict[str, type] = {}
    module = inspect.getmodule(type(engine))
    pool = list(vars(module).values()) if module else []
    pool += list(getattr(engine, "fact_classes", ()))
    for obj in pool:
        if isinstance(obj, type) and issubclass(obj, Fact) and obj is not InitialFact:
            found[fact_text(obj()).strip("()").split()[0]] = obj
    return found


class ExpertaSession(Session):
    """An experta KnowledgeEngine with the pyengine session contract."""

    engine = "experta"

    def __init__(self, engine: KnowledgeEngine | type, seed: int = 0, record: bool = True,
                 fact_classes: Iterable[type] = ()):
        super().__init__()
        self.ke = engine() if isinstance(engine, type) else engine
        self.record = record
        self._seed = seed
        self._agenda_strategy = AgendaStrategy("depth", seed)
        self.ke.strategy = self._agenda_strategy
        self._printed_lines = _Lines(self._output)
        self.classes = _all_fact_classes(self.ke)
        for cls in fact_classes:
            self.classes[fact_text(cls()).strip("()").split()[0]] = cls

    # -- facts -----------------------------------------------------------------------
    def _flush(self):
        """Let experta's matcher see pending changes; update our agenda."""
        added, removed = self.ke.get_activations()
        if not (added or removed):
            return
        tell = self.watching_activations and self.listeners
        # experta also reports activations that already fired; CLIPS (and the
        # deactivate event) only speaks of those still on the agenda.
        waiting = {a.key for a in self.ke.agenda.activations} if tell and removed else set()
        self._agenda_strategy.update_agenda(self.ke.agenda, added, removed)
        if tell:
            for act in removed:
                if (_rule_name(act), _fact_ids(act)) in waiting:
                    self._emit("deactivate", self._view(act))
            for act in added:
                self._emit("activate", self._view(act))

    def reset(self) -> None:
        self._clear_history()
        self._agenda_strategy.counter = 0
        self.ke.running = True           # keep experta from touching the agenda itself
        try:
            self.ke.reset()
        finally:
            self.ke.running = False
        for fid, fact in self.ke.facts.items():
            self._note_outside(fid)
            if self.listeners and not isinstance(fact, InitialFact):
                self._emit("assert", FactView(fid, fact_text(fact)))
        self._flush()

    def assert_fact(self, fact) -> int:
        if isinstance(fact, str):
            fact = parse_fact(fact, self.classes)
        before = self.ke.facts.last_index
        self.ke.running = True
        try:
            new = self.ke.declare(fact)
        finally:
            self.ke.running = False
        if new is None:   # experta refuses duplicates; CLIPS returns the old fact
            same = FactList._get_fact_id
            key = same(fact)
            for fid, existing in self.ke.facts.items():
                if same(existing) == key:
                    return fid
            raise UsageError(f"could not assert {fact_text(fact)}")
        fid = new["__factid__"]
        if fid >= before:
            self._note_outside(fid)
            if self.listeners:
                self._emit("assert", FactView(fid, fact_text(new)))
        self._flush()
        return fid

    def retract(self, fact_id: int) -> None:
        if fact_id not in self.ke.facts:
            raise UsageError(f"no fact f-{fact_id}")
        text = fact_text(self.ke.facts[fact_id])
        self.ke.running = True
        try:
            self.ke.retract(fact_id)
        finally:
            self.ke.running = False
        if self.listeners:
            self._emit("retract", FactView(fact_id, text))
        self._flush()

    def facts(self) -> list[FactView]:
        """All facts but experta's (initial-fact), which CLIPS 6.4 no longer has."""
        return [FactView(fid, fact_text(f)) for fid, f in sorted(self.ke.facts.items())
                if not isinstance(f, InitialFact)]

    def records(self, kind) -> list:
        """The experta facts of class ``kind`` (or named ``kind``), in id order."""
        cls = self.classes.get(kind) if isinstance(kind, str) else kind
        if cls is None:
            raise UsageError(f"no fact class {kind!r} in this engine")
        return [f for _, f in sorted(self.ke.facts.items()) if isinstance(f, cls)]

    def provide(self, **services) -> None:
        self.services.update(services)
        for name, value in services.items():
            setattr(self.ke, name, value)

    # -- running ---------------------------------------------------------------------
    def run(self, limit: int | None = None) -> int:
        ke = self.ke
        steps = float("inf") if limit is None else int(limit)
        fired = 0
        ke.running = True
        try:
            while fired < steps and ke.running:
                self._flush()
                act = ke.agenda.get_next()
                if act is None:
                    break
                fired += 1
                self._fire(act)
            self._flush()
        finally:
            ke.running = False
        return fired

    def _fire(self, act) -> None:
        """Run one activation's action; record what it matched and changed."""
        self.fired_total += 1
        firing = None
        if self.record or self.listeners:
            firing = Firing(self.fired_total, _rule_name(act), _fact_ids(act))
            if self.listeners:
                self._emit("fire", firing)
        args = {k: v for k, v in act.context.items() if not k.startswith("__")}
        saved, sys.stdout = sys.stdout, self._printed_lines    # what the rule prints
        try:
            act.rule(self.ke, **args)
        finally:
            sys.stdout = saved
            self._printed_lines.end()
        if firing is None:
            return
        added, removed = self.ke.facts.added, self.ke.facts.removed
        firing.asserted = [f["__factid__"] for f in added]
        firing.retracted = [f["__factid__"] for f in removed]
        self._record(firing)
        if self.listeners:
            for f in removed:
                self._emit("retract", FactView(f["__factid__"], fact_text(f)))
            for f in added:
                self._emit("assert", FactView(f["__factid__"], fact_text(f)))

    def agenda(self) -> list[ActivationView]:
        return [self._view(a) for a in reversed(self.ke.agenda.activations)]

    @staticmethod
    def _view(act) -> ActivationView:
        return ActivationView(_rule_name(act), act.rule.salience, _fact_ids(act))

    # -- strategy, seed, rules --------------------------------------------------------------
    def _set_strategy(self, name: str) -> None:
        self._agenda_strategy.resort(self.ke.agenda, name)

    def seed(self, n: int) -> None:
        self._seed = int(n)
        self._agenda_strategy.seed = int(n)
        if self._agenda_strategy.kind == "random":
            self._agenda_strategy.resort(self.ke.agenda, "random")

    def stage_fact(self, name: str):
        from pyengine.facts.schema import Stage
        return Stage(name)

    def _rule_objects(self):
        out = {}
        for name, member in inspect.getmembers(type(self.ke)):
            if isinstance(member, experta.Rule):
                out[name] = member
        return out

    def rules(self) -> list[str]:
        return sorted(self._rule_objects())

    def rule_source(self, name: str) -> str:
        rule = self._rule_objects().get(name)
        if rule is None:
            raise UsageError(f"no rule named {name!r}")
        func = rule._wrapped
        try:
            text = textwrap.dedent(inspect.getsource(func)).rstrip()
        except (OSError, TypeError):
            return f"{name}: {rule!r}"
        comments = inspect.getcomments(func)
        return textwrap.dedent(comments).rstrip() + "\n" + text if comments else text


class _Lines(io.TextIOBase):
    """A stdout that hands each complete line to ``emit`` (what a rule prints)."""

    def __init__(self, emit):
        self.emit = emit
        self.partial = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        *lines, self.partial = (self.partial + text).split("\n")
        for line in lines:
            self.emit(line)
        return len(text)

    def end(self) -> None:
        """The rule is done: a line it left unfinished counts as a line."""
        if self.partial:
            line, self.partial = self.partial, ""
            self.emit(line)
