"""Session over our own engine (:mod:`pyengine.engine.rete`), for rules written in
experta's rule language, with the CLIPS-like contract.

A student's ``KnowledgeEngine`` class runs on our engine through experta's own seam
(:mod:`pyengine.engine.rete.knowledge`): its rules are read into our rule language,
matched in CLIPS 6.4's order, fired from our agenda under any of the seven strategies
(random: CLIPS's numbers, a generator per session). :meth:`ExpertaSession.run` is the
run loop with the bookkeeping the inspector needs (firings, what each changed).
"""
from __future__ import annotations

import random
from typing import Iterable

from pyengine.engine.clips_values import FactSpec, from_python
from pyengine.engine.errors import (MOST_SAID, ActionErrors, EngineHalted, OutOfTime,
                                    UsageError, said_in_one_line)
from pyengine.engine.interrupt import stop_between_firings
from pyengine.engine.network import RuleNet
from pyengine.engine.experta_io import (RuleInput as _Input, firing_failed, outside_streams,
                                        rule_streams)
from pyengine.engine.rule_lines import Lines as _Lines
from pyengine.engine.experta_facts import fact_text, fact_values, reset_stopped
from pyengine.engine.experta_front import ClassFront
from pyengine.engine.session import ActivationView, FactView, Firing, Matches, Session, check_seed
from pyengine.engine import experta_inspect, experta_network, experta_repl, experta_snapshot
from pyengine.engine.rete.knowledge import OurMatcher, on_our_engine
from pyengine.engine.deep_calls import deep_calls
from pyengine.engine.rete import program_repl, engine as _rete_engine
from pyengine.engine.rete.program import load_program
from pyengine.engine.rete.program_engine import ProgramEngine
from pyengine.engine.rete.program_pretty import pretty_construct


class ExpertaSession(Session):
    """A KnowledgeEngine on our engine, with the pyengine session contract."""

    engine = "experta"

    def __init__(self, engine, seed: int = 0, record: bool = True,
                 fact_classes: Iterable[type] = ()):
        super().__init__()
        self.ke = _on_ours(engine)
        self.front = self.ke if hasattr(self.ke, "program") else ClassFront(self.ke)
        self.python_rules = isinstance(self.front, ClassFront)
        self.rete = self.ke.rete
        self.rete.listener = self
        self.record = record
        self._seed = seed                       # the generators' at each reset
        self._printed_lines = _Lines(self._output)
        self._input = _Input(self)
        self.warnings: list[tuple[int, str]] = []   # (firing, CLIPS's text) of errors gone on
        self.warned_more = 0                            # ... and how many more
        self.front.attach(self)
        self.classes = self.front.classes()
        self.breakpoints: set[str] = set()      # rules a run stops before (set-break)
        self._changes: list | None = None       # a firing's fact changes, in order
        for cls in fact_classes:
            self.classes[fact_text(cls()).strip("()").split()[0]] = cls

    @classmethod
    def from_clp(cls, paths=(), seed: int = 0, record: bool = True, sources=(),
                 without_rules=()) -> "ExpertaSession":
        """A CLIPS program, read from its .clp files (or sources read before: objects
        with ``name`` and ``text``), on our engine (ClpError, a UsageError, at the first
        construct outside the subset, with its file and line), without those rules."""
        program = load_program(paths, texts=[(s.name, s.text) for s in sources],
                               seed=seed or 1, without=without_rules)
        session = cls(ProgramEngine(program), seed=seed, record=record)
        session.notes = list(program.notes)
        return session

    # -- what the engine tells (rete.engine.Listener) ---------------------------------------
    def on_fact(self, sign: str, fact) -> None:
        """A fact change, told at once (a firing's interleaved with its activations and
        output, as CLIPS's watch prints them) and kept for the firing's record; a
        command's at the prompt, told after it (:meth:`outside_changes`)."""
        if self._changes is not None:
            self._changes.append((sign, fact))
            if self._firing is None:
                return
        if self.listeners:
            self._cut_line()
            self._emit("assert" if sign == "+" else "retract",
                       FactView(fact["__factid__"], fact_text(fact)))

    def on_activation(self, sign: str, act) -> None:
        if self.watching_activations and self.listeners:
            if self._changes is not None and self._firing is None:     # a command's: told
                return self._changes.append((sign + "act", self._view(act)))  # in order
            self._cut_line()
            self._emit("activate" if sign == "+" else "deactivate", self._view(act))

    def _cut_line(self) -> None:
        """A rule's unfinished line goes out before the change it printed ahead of."""
        piece = self._printed_lines.cut() if self._firing is not None else ""
        if piece:
            self._emit("output", piece)

    # -- facts -----------------------------------------------------------------------
    def reset(self) -> None:
        """CLIPS's ``(reset)``, the generators seeded first (the session's seed, else 1, as
        the CLIPS session's ``rand()``); listeners hear what goes, then what comes."""
        if self.listeners:
            self.rete.empty()
        self._clear_history()
        if self.python_rules:                   # rules in Python may draw from random
            random.seed(self._seed)
        self.rete.agenda.rng.seed(self._seed or 1)
        self.ke.reset()
        for fid, _ in self.rete.facts.items():
            self._note_outside(fid)
        if self.rete.reset_error is not None:
            raise ActionErrors(reset_stopped(self.rete.reset_error, self.rete.facts))

    def assert_fact(self, fact) -> int:
        before = self.rete.facts.next_id
        try:
            if isinstance(fact, (str, FactSpec)):
                new = self.front.fact_from_text(fact, self.classes)
            elif not hasattr(fact, "items"):        # neither text nor a Fact: as CLIPS's says
                raise UsageError("assert takes a fact as text, e.g. (number 4), or a Fact, "
                                 f"not {type(fact).__name__}")
            else:
                new = self.ke.declare(fact)
        except (TypeError, ValueError, KeyError) as exc:    # the class's own check
            shown = fact if isinstance(fact, str) else fact.text() \
                if isinstance(fact, FactSpec) else fact_text(fact)
            said = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            raise UsageError(f"could not assert {shown}: {said}") from None
        fid = new["__factid__"]
        if fid >= before:
            self._note_outside(fid)
        return fid

    def retract(self, fact_id: int) -> None:
        self._live(fact_id)
        self.ke.retract(fact_id)

    def facts(self) -> list[FactView]:
        return [FactView(fid, fact_text(f)) for fid, f in self.rete.facts.items()]

    def records(self, kind) -> list:
        """The experta facts of class ``kind`` (or named ``kind``), in id order."""
        cls = self.classes.get(kind) if isinstance(kind, str) else kind
        found = [] if cls is None else [f for _, f in self.rete.facts.items()
                                        if isinstance(f, cls)]
        return self.front.records(kind, cls, found)

    def provide(self, **services) -> None:
        self.services.update(services)
        for name, value in services.items():
            setattr(self.ke, name, value)

    def _live(self, fact_id: int):
        fact = self.rete.facts.get(fact_id)
        if fact is None:
            raise UsageError(f"no fact f-{fact_id}")
        return fact

    def modify(self, fact_id: int, slots: dict[str, object]) -> int:
        fact = self._live(fact_id)
        changes = {(int(k) if isinstance(k, str) and k.isdigit() else k):
                   self.front.value(from_python(v)) for k, v in slots.items()}
        try:
            new = self.ke.modify(fact, **{str(k): v for k, v in changes.items()
                                          if isinstance(k, str)},
                                 **{f"_{k}": v for k, v in changes.items() if isinstance(k, int)})
        except (TypeError, ValueError, KeyError) as exc:
            raise UsageError(f"cannot modify f-{fact_id}: {exc}") from None
        fid = new["__factid__"]
        if fid == fact_id and new is not fact:  # a new version (not: the fact kept
            self._note_outside(fid)             # unchanged, or another kept)
        return fid

    def fact_full(self, fact_id: int) -> str:
        return fact_text(self._live(fact_id), full=True)

    def fact_values(self, fact_id: int) -> dict | None:
        """The fact's values as Python holds them; a .clp program's strings as ``str``."""
        return fact_values(self._live(fact_id), plain=not self.python_rules)

    def snapshot(self) -> object | None:
        return experta_snapshot.snapshot(self)

    def restore(self, snap: object) -> None:
        experta_snapshot.restore(self, snap)

    def close(self) -> None:
        self.front.close()      # a .clp program lent by a snapshot goes back

    def templates(self) -> list[str]:
        return experta_inspect.templates(self)

    def globals(self) -> dict[str, str]:
        return self.front.globals(self.services)

    def matches(self, rule: str) -> Matches:
        return experta_inspect.matches(self.rete, self._rule(rule))

    def rule_network(self, rule: str) -> RuleNet:
        return experta_network.rule_network(self.rete, self._rule(rule))

    # -- running ---------------------------------------------------------------------
    def run(self, limit: int | None = None) -> int:
        ke, rete = self.ke, self.rete
        steps = float("inf") if limit is None else int(limit)
        fired = 0
        ke.running, rete.halted = True, False
        self.take_warnings()
        with stop_between_firings() as note, _rete_engine.fewer_collections(), deep_calls():
            self._interrupt = note
            try:
                act = rete.next_activation()
                while act is not None and fired < steps and not rete.halted and not note.stop:
                    fired += 1
                    self._fire(act)
                    act = rete.next_activation()    # CLIPS asks after each firing, and
                    if act is not None and experta_repl.break_before(self, act):
                        break                       # looks for a breakpoint, halted or not
            finally:
                rete.end_run()
                self.halted = bool(len(rete.agenda)) and (      # as the CLIPS session's
                    not ke.running or rete.halted and fired < steps)
                ke.running, self._interrupt = False, None
        note.check()
        self._say_warnings()
        return fired

    def visible_facts(self) -> list[FactView]:
        """As CLIPS's ``(facts)``: those of the templates the current module sees."""
        return program_repl.visible_facts(self)

    def outside_changes(self, changes: list) -> None:
        """Facts a command typed at the prompt changed: the user's, as a typed assert's."""
        for sign, f in changes:
            if sign in ("+act", "-act"):        # an activation, told where it came
                self._emit("activate" if sign == "+act" else "deactivate", f)
                continue
            fid = f["__factid__"]
            if sign == "+":
                self._note_outside(fid)
            if self.listeners:
                self._emit("assert" if sign == "+" else "retract", FactView(fid, fact_text(f)))

    def warn(self, text: str) -> None:
        """An error after which the action went on (a .clp program's Host.warn), with
        its firing; past MOST_SAID of them, only counted."""
        if len(self.warnings) < MOST_SAID:
            self.warnings.append((self.fired_total, text))
        else:
            self.warned_more += 1

    def take_warnings(self) -> str | None:
        """The errors said since the last time, in one line (None: none)."""
        said, more = self.warnings, self.warned_more
        self.warnings, self.warned_more = [], 0
        return said_in_one_line([t for _, t in said], more) if said else None

    def _say_warnings(self) -> None:
        """As the CLIPS session says them after a run: EngineHalted naming the firing
        of the first (the run went on, as CLIPS's does)."""
        first = self.warnings[0][0] if self.warnings else 0
        count = len(self.warnings) + self.warned_more
        said = self.take_warnings()
        if said:
            raise ActionErrors(f"firing {first}: {said}", count)

    command = experta_repl.command       # the CLIPS commands that mean something here

    def _fire(self, act) -> None:
        """Run one activation's action; record what it matched, printed and changed."""
        self.fired_total += 1
        self.rete.take(act)
        firing = None
        if self.record or self.listeners:
            firing = Firing(self.fired_total, act.name, act.ids, basis=act.basis)
            self._firing = firing
            if self.listeners:
                self._emit("fire", firing)
        self._changes, failed, stopped = [], None, None
        try:                        # what the rule prints and reads
            with rule_streams(self._printed_lines, self._input):
                self.rete.fire(act, taken=True)
        except (EngineHalted, OutOfTime, MemoryError, KeyboardInterrupt) as exc:
            stopped = exc           # pyengine, Ctrl-C, no memory: raised as is; either way
        except (Exception, SystemExit) as exc:  # the firing is made, its action cut (a
            failed = exc                        # rule's sys.exit() ends no session)
        finally:
            self._printed_lines.end()
            if failed is None and stopped is None and self.rete.halted and self.listeners:
                self._emit("halted", act.name)      # a (halt): CLIPS's PRCCODE4 warning
            changes, self._changes = self._changes, None
            self._firing = None
        if firing is not None:
            self._finish(firing, changes)
        if stopped is not None:
            raise stopped
        if failed is not None:
            firing_failed(self, failed, act.name)

    def _finish(self, firing: Firing, changes: list) -> None:
        """Record a firing with what its action changed (told as it happened)."""
        firing.asserted = [f["__factid__"] for s, f in changes if s == "+"]
        firing.retracted = [f["__factid__"] for s, f in changes if s == "-"]
        self._record(firing)

    def _read_line(self, prompt: str = "") -> str | None:
        """``self.read_line(prompt)`` in a rule: the next input line, None at the end."""
        if prompt:
            self._printed_lines.write(str(prompt))
        return self._ask(self._printed_lines.take())

    def _ask(self, prompt: str) -> str | None:
        """The reader, with the process's own stdin and stdout (it may use input())."""
        with rule_streams(*outside_streams()):
            return self._read_input(prompt)

    def agenda(self, limit: int | None = None) -> list[ActivationView]:
        """The current module's activations, as CLIPS's ``(agenda)`` lists them."""
        acts = self._agenda()
        count = len(acts) if limit is None else max(0, min(limit, len(acts)))
        return [self._view(a) for a in acts[:count]]

    def agenda_size(self) -> int:
        return len(self._agenda())

    def activations_elsewhere(self) -> int:     # the agenda lists the current module's
        return len(self.rete.agenda.activations()) - self.agenda_size()

    def _agenda(self) -> list:
        agenda = self.rete.agenda
        return agenda.activations(agenda.focus.current)

    @staticmethod
    def _view(act) -> ActivationView:
        return ActivationView(act.name, act.salience, act.ids, act.basis)

    # -- strategy, seed, rules --------------------------------------------------------------
    def _set_strategy(self, name: str) -> None:
        self.rete.agenda.resort(strategy=name)

    strategy = property(lambda self: self.rete.agenda.strategy,   # the agenda's: a rule's
                        Session.strategy.fset)                      # set-strategy too

    def seed(self, n: int) -> None:
        self._seed = check_seed(n)
        self.rete.agenda.rng.seed(self._seed)   # as CLIPS's (seed): later draws only
        if self.python_rules:                   # (a reset seeds both again)
            random.seed(self._seed)

    def stage_fact(self, name: str):
        return self.front.stage_fact(name)

    def rules(self) -> list[str]:
        if hasattr(self.ke, "program"):
            return program_repl.rule_names(self)
        return sorted(self.rete.rules)

    def _rule(self, name: str):
        """The rule's spec (by ``MODULE::name`` too); UsageError if there is none."""
        spec = self.rete.find_rule(name)
        if spec is None:
            raise UsageError(f"no rule named {name!r}")
        return spec

    def _clips_only(self, what: str) -> str:
        if not hasattr(self.ke, "program"):
            return super()._clips_only(what)
        return (f"{what} changes the program, which pyengine's engine does not do at its "
                "prompt: edit the .clp file, then reload (on CLIPS, 'pyengine shell clp "
                "FILE', it may)")

    def rule_python(self, name: str) -> str:
        spec = self._rule(name)
        return self.front.rule_python(spec, self)

    def rule_source(self, name: str) -> str:
        spec = self._rule(name)
        return experta_inspect.rule_source(name, spec.origin)

    def pretty_rule(self, name: str) -> str:
        """A .clp program's rule as CLIPS's ``(ppdefrule)`` prints it; an experta
        rule's source."""
        if not hasattr(self.ke, "program"):
            return super().pretty_rule(name)
        return pretty_construct(self.ke.program, "defrule", self._rule(name).name)


def _on_ours(engine):
    """The engine (a class, or an instance made by the student) on our engine."""
    if hasattr(engine, "program"):          # a .clp program (ProgramEngine)
        return engine
    if isinstance(engine, type):
        return on_our_engine(engine)()
    ours = on_our_engine(type(engine))
    if type(engine) is not ours:
        engine.__class__ = ours             # this one object only; its class is untouched
        engine.matcher = OurMatcher(engine)
    return engine
