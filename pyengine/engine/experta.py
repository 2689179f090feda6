"""Session over experta (a pure-Python RETE engine), with the CLIPS-like contract.

experta ships only a depth strategy and no firing trace, so this module runs the agenda
itself:

* :class:`AgendaStrategy` keeps activations in CLIPS 6.4's firing order for all seven
  strategies, from time tags of facts and activations (:mod:`pyengine.engine.experta_agenda`).
  An activation is known by its rule's name, its facts and its bindings (:func:`act_key`),
  so a removal finds its activation; the order uses the matched fact ids in pattern order,
  never Python's per-process hash seed. The random order comes from a hash of (seed, rule,
  fact ids): the same seed always gives the same run (not CLIPS's: the C library's).
* ``modify`` keeps the fact's id (as CLIPS 6.4 does; ``duplicate`` makes a new fact), and
  experta's ``(initial-fact)`` is never shown.
* :meth:`ExpertaSession.run` is experta's run loop plus bookkeeping: the firing number,
  the facts it matched, and the facts its action asserted and retracted.
"""
from __future__ import annotations

import inspect
import operator
import sys
from typing import Iterable

from pyengine.engine.compat import experta
from pyengine.engine.clips_values import FactSpec, from_python
from pyengine.engine.errors import UsageError
from pyengine.engine.interrupt import stop_between_firings
from pyengine.engine.experta_io import Lines as _Lines, RuleInput as _Input
from pyengine.engine.experta_facts import all_fact_classes, fact_text, parse_fact, plain
from pyengine.engine.session import (ActivationView, FactView, Firing, Matches, Session,
                                     check_seed)

from pyengine.engine import experta_inspect, experta_repl, experta_snapshot
from pyengine.engine.experta_patterns import (act_key, act_specificity, basis, pattern_facts,
                                              rule_name, shown_ids)
from pyengine.engine.experta_agenda import (
    Batch, TaggedFactList, creation_key, random_key, rule_table, salience, tag)

from experta import KnowledgeEngine  # noqa: E402  (after the compat patch)
from experta.abstract import Strategy  # noqa: E402
from experta.fact import InitialFact  # noqa: E402
from experta.factlist import FactList  # noqa: E402


_shown_ids = shown_ids
_rule_name = rule_name
_ORDER = operator.attrgetter("_pe_order")     # each activation's order key, kept on it


class AgendaStrategy(Strategy):
    """Conflict resolution for experta as CLIPS 6.4 does it (see
    :mod:`pyengine.engine.experta_agenda`): salience first, then the strategy."""

    def __init__(self, kind: str = "depth", seed: int = 0):
        super().__init__()
        self.kind = kind
        self.seed = seed
        self.counter = 0            # time tags: facts' and activations' (one clock)
        self.log: list = []         # the fact changes of the batch being updated
        self.table: dict = {}       # rule name -> (definition index, entry joins)

    def order(self, act):
        """Sort key; the activation that fires next sorts last."""
        kind, sal = self.kind, salience(act)
        if kind == "depth":
            return (sal, act.seq)
        if kind == "breadth":
            return (sal, -act.seq)
        if kind == "random":
            return (sal, act.rand)
        spec = act_specificity(act)
        if kind == "lex":
            return (sal, act.basis, spec, -act.seq)
        if kind == "mea":
            return (sal, act.first, act.basis, spec, -act.seq)
        if kind == "simplicity":
            return (sal, -spec, -act.seq)
        return (sal, spec, -act.seq)

    def _update_agenda(self, agenda, added, removed):
        acts = agenda.activations
        log, self.log = self.log, []
        if removed:
            gone = {act_key(a) for a in removed}
            acts[:] = [a for a in acts if act_key(a) not in gone]
        if added:
            batch = Batch(self, log)
            table = self.table
            for act in (added if len(added) == 1 else
                        sorted(added, key=lambda a: creation_key(a, batch, table))):
                act.key = act_key(act)
                tags = [tag(f) for f in pattern_facts(act)]
                act.basis = tuple(sorted((t for t in tags if t), reverse=True))
                act.first = tags[0] if tags else 0
                self.counter += 1
                act.seq = self.counter
                act.rand = random_key(self.seed, act) if self.kind == "random" else 0
                act._pe_order = self.order(act)
                acts.append(act)
        elif log:
            Batch(self, log)
        if added:
            acts.sort(key=_ORDER)

    def resort(self, agenda, kind: str):
        self.kind = kind
        for act in agenda.activations:
            if kind == "random":
                act.rand = random_key(self.seed, act)
            act._pe_order = self.order(act)
        agenda.activations.sort(key=_ORDER)


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
        self._agenda_strategy.table = rule_table(type(self.ke))
        self.ke.strategy = self._agenda_strategy
        self._printed_lines = _Lines(self._output)
        self._input = _Input(self)
        self.ke.read_line = self._read_line
        self.classes = all_fact_classes(self.ke)
        self.breakpoints: set[str] = set()      # rules a run stops before (set-break)
        for cls in fact_classes:
            self.classes[fact_text(cls()).strip("()").split()[0]] = cls

    # -- facts -----------------------------------------------------------------------
    def _flush(self):
        """Let experta's matcher see pending changes; update our agenda."""
        facts = self.ke.facts
        log = facts.take_log() if isinstance(facts, TaggedFactList) else []
        added, removed = self.ke.get_activations()
        if not (added or removed):
            if log:
                Batch(self._agenda_strategy, log)
            return
        self._agenda_strategy.log = log
        tell = self.watching_activations and self.listeners
        # experta also reports activations that already fired; CLIPS (and the
        # deactivate event) only speaks of those still on the agenda.
        waiting = {act_key(a) for a in self.ke.agenda.activations} if tell and removed else set()
        self._agenda_strategy.update_agenda(self.ke.agenda, added, removed)
        if tell:
            for act in removed:
                if act_key(act) in waiting:
                    self._emit("deactivate", self._view(act))
            for act in sorted(added, key=lambda a: getattr(a, "seq", 0)):   # as made
                self._emit("activate", self._view(act))

    def reset(self) -> None:
        self._clear_history()
        self._agenda_strategy.counter = 0
        self.ke.running = True           # keep experta from touching the agenda itself
        try:
            self.ke.reset()
        finally:
            self.ke.running = False
        facts = self.ke.facts
        facts.__class__ = TaggedFactList     # time tags, and modify keeping the id
        facts.log = [("+", f) for _, f in sorted(facts.items())]
        for fid, fact in self.ke.facts.items():
            if isinstance(fact, InitialFact):
                continue
            self._note_outside(fid)
            if self.listeners:
                self._emit("assert", FactView(fid, fact_text(fact)))
        self._flush()

    def assert_fact(self, fact) -> int:
        if isinstance(fact, (str, FactSpec)):
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

    def _live(self, fact_id: int):
        fact = self.ke.facts.get(fact_id)
        if fact is None or isinstance(fact, InitialFact):
            raise UsageError(f"no fact f-{fact_id}")
        return fact

    def modify(self, fact_id: int, slots: dict[str, object]) -> int:
        fact = self._live(fact_id)
        changes = {(int(k) if isinstance(k, str) and k.isdigit() else k):
                   plain(from_python(v)) for k, v in slots.items()}
        old = fact_text(fact)
        self.ke.running = True
        try:
            new = self.ke.modify(fact, **{str(k): v for k, v in changes.items()
                                          if isinstance(k, str)},
                                 **{f"_{k}": v for k, v in changes.items() if isinstance(k, int)})
        except (TypeError, ValueError, KeyError) as exc:
            raise UsageError(f"cannot modify f-{fact_id}: {exc}") from None
        finally:
            self.ke.running = False
        fid = new["__factid__"]
        self._note_outside(fid)
        if self.listeners:
            self._emit("retract", FactView(fact_id, old))
            self._emit("assert", FactView(fid, fact_text(new)))
        self._flush()
        return fid

    def fact_full(self, fact_id: int) -> str:
        return fact_text(self._live(fact_id), full=True)

    def snapshot(self) -> object | None:
        return experta_snapshot.snapshot(self)

    def restore(self, snap: object) -> None:
        experta_snapshot.restore(self, snap)

    def templates(self) -> list[str]:
        return experta_inspect.templates(self.classes)

    def globals(self) -> dict[str, str]:
        return experta_inspect.engine_values(self.ke, self.services)

    def matches(self, rule: str) -> Matches:
        found = self._rule_objects().get(rule)
        if found is None:
            raise UsageError(f"no rule named {rule!r}")
        self._flush()
        return experta_inspect.matches(self.ke, rule, found)

    # -- running ---------------------------------------------------------------------
    def run(self, limit: int | None = None) -> int:
        ke = self.ke
        steps = float("inf") if limit is None else int(limit)
        fired = 0
        ke.running = True
        with stop_between_firings() as note:     # Ctrl-C: stop between two firings
            self._interrupt = note
            try:
                while fired < steps and ke.running and not note.stop:
                    self._flush()
                    if fired and experta_repl.break_before(self):
                        break
                    act = ke.agenda.get_next()
                    if act is None:
                        break
                    fired += 1
                    self._fire(act)
                self._flush()
                if fired and fired >= steps and ke.running:   # CLIPS looks after the last
                    experta_repl.break_before(self)
            finally:
                self.halted = not ke.running and bool(ke.agenda.activations)
                ke.running, self._interrupt = False, None
        note.check()
        return fired

    command = experta_repl.command       # the CLIPS commands that mean something here

    def _fire(self, act) -> None:
        """Run one activation's action; record what it matched, printed and changed."""
        self.fired_total += 1
        firing = None
        if self.record or self.listeners:
            firing = Firing(self.fired_total, _rule_name(act), _shown_ids(act), basis=basis(act))
            self._firing = firing
            if self.listeners:
                self._emit("fire", firing)
        args = {k: v for k, v in act.context.items() if not k.startswith("__")}
        self._saved_io = saved = sys.stdout, sys.stdin
        sys.stdout, sys.stdin = self._printed_lines, self._input   # what the rule prints, reads
        try:
            act.rule(self.ke, **args)
        finally:
            sys.stdout, sys.stdin = saved
            self._printed_lines.end()
            self._firing = None
        if firing is None:
            return
        added, removed = self.ke.facts.added, self.ke.facts.removed
        firing.asserted = [f["__factid__"] for f in added]
        firing.retracted = [f["__factid__"] for f in removed]
        self._record(firing)
        if self.listeners:                  # in the order the action made them, as CLIPS
            changes = self.ke.facts.__dict__.get("log") or \
                [("-", f) for f in removed] + [("+", f) for f in added]
            self._firing = firing           # the changes are this firing's (made_at)
            for sign, f in changes:
                self._emit("assert" if sign == "+" else "retract",
                           FactView(f["__factid__"], fact_text(f)))
            self._firing = None

    def _read_line(self, prompt: str = "") -> str | None:
        """``self.read_line(prompt)`` in a rule: the next input line, None at the end."""
        if prompt:
            self._printed_lines.write(str(prompt))
        return self._ask(self._printed_lines.take())

    def _ask(self, prompt: str) -> str | None:
        """The reader, with the process's own stdin and stdout (it may use input())."""
        inside = sys.stdout, sys.stdin
        sys.stdout, sys.stdin = getattr(self, "_saved_io", inside)
        try:
            return self._read_input(prompt)
        finally:
            sys.stdout, sys.stdin = inside

    def agenda(self, limit: int | None = None) -> list[ActivationView]:
        acts = self.ke.agenda.activations
        count = len(acts) if limit is None else max(0, min(limit, len(acts)))
        return [self._view(acts[-1 - i]) for i in range(count)]

    def agenda_size(self) -> int:
        return len(self.ke.agenda.activations)

    @staticmethod
    def _view(act) -> ActivationView:
        return ActivationView(_rule_name(act), salience(act), _shown_ids(act), basis(act))

    # -- strategy, seed, rules --------------------------------------------------------------
    def _set_strategy(self, name: str) -> None:
        self._agenda_strategy.resort(self.ke.agenda, name)

    def seed(self, n: int) -> None:
        self._seed = check_seed(n)
        self._agenda_strategy.seed = self._seed
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
        return experta_inspect.rule_source(name, rule)
