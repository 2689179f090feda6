"""Session over CLIPS 6.4 through clipspy.

Firings and fact changes are recorded from CLIPS's own ``(watch rules)`` and
``(watch facts)`` records, read piece by piece on the session's router
(:mod:`pyengine.engine.clips_io`), so the trace is what a CLIPS user would see at
the prompt, whatever the rules print, and costs no walk over the fact base.

About ``seed``: ``(seed N)`` seeds the C library's ``rand()``, which CLIPS's
random strategy and ``(random)`` use (CLIPS draws a number for every activation it
makes, the random strategy's place for it, and one per ``(random)``). It is one
generator for the whole process (every Environment shares it) and its sequence
differs between C libraries, so the same seed gives the same puzzle on the same
platform and Python build, not across operating systems. pyengine re-seeds right
before each random stage, so other environments in the same process do not disturb
a seeded run. Our engine draws the same numbers from its own copy of glibc's
generator (:mod:`pyengine.engine.rete.crand`): seeded alike before the activations
are made, the two engines agree. A seed given after a reset orders only the
activations made after it, on both.
"""
from __future__ import annotations

import re
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterable

import clips

from pyengine.engine import (clips_env, clips_facts, clips_inspect, clips_network,
                             clips_program, clips_repl, clips_snapshot)
from pyengine.engine.clips_c import clear_errors, halt_execution, strategy_of
from pyengine.engine.clips_guard import guarded
from pyengine.engine.clips_io import basis_of, ids_of
from pyengine.engine.clips_program import PROMPT, ProgramMixin, Source, read_source
from pyengine.engine.errors import ActionErrors, EngineHalted, UsageError
from pyengine.engine.interrupt import CHUNK, next_chunk, stop_between_firings
from pyengine.engine.network import RuleNet
from pyengine.engine.session import (ActivationView, CommandResult, FactView, Firing, Matches,
                                     Session, check_seed)

_ACT = re.compile(r"^\s*(-?\d+)\s+(\S+):\s*(.*)$", re.S)



class ClipsSession(ProgramMixin, Session):
    """A CLIPS environment with the pyengine session contract.

    ``files`` are .clp files, read once and loaded in order (rules, deffacts), or
    ``sources`` their texts as read before (:class:`~pyengine.engine.clips_program.Source`:
    a plan reopened to step back loads the same text); ``constructs`` are extra
    construct strings built after them.
    """

    engine = "clips"
    # A rebuilt session's activations have other random numbers than the first run's
    # (see clips_snapshot): no snapshot while a random stage lies ahead.
    snapshot_keeps_random = False

    def __init__(self, files: Iterable[str | Path] = (), constructs: Iterable[str] = (),
                 record: bool = True, without_rules: Iterable[str] = (),
                 sources: Iterable[Source] | None = None):
        super().__init__()
        self.env = clips.Environment()
        self.sources = list(sources) if sources is not None else \
            [read_source(f) for f in files]
        for source in self.sources:
            self._load_guarded(source)
        for construct in constructs:
            self.env.build(construct)
            self.sources.append(Source(PROMPT, construct))
        for name in without_rules:      # rules of a loaded file this plan does not need
            self.env.find_rule(name).undefine()
        self._router = clips_env.install(self)   # the environment is freed with self
        self._running = False           # inside env.run: records are the trace
        self._telling = False           # a change outside a run, listened to: told
        self._fired_before = 0          # firings before this run
        self._watched: dict[str, bool] = {}
        self._top = 0                   # the highest fact index given out outside a run
        self._exit_code: int | None = None   # a rule called (exit N): aborted, halted
        self.warned: str | None = None  # CLIPS's errors as a change by hand was matched
        self.watch("rules", record)
        self._watch_facts(record)

    def _engine_watch(self, item: str, on: bool) -> None:
        if self._watched.get(item) != on:
            self._watched[item] = on
            self.env.eval(f"({'watch' if on else 'unwatch'} {item})")

    _set_watch = _engine_watch      # the session's watch hook: CLIPS's own watch

    def _watch_facts(self, on: bool) -> None:
        self._engine_watch("facts", on)

    def quiet(self, on: bool = True) -> None:
        self._router.set_quiet(bool(on))

    def close(self) -> None:
        clips_env.close(self)

    # -- watch records -> trace and events (called by the router) ---------------------------
    def _on_fire(self, number: int, rule: str, ids: tuple[int, ...], basis=None) -> None:
        if not self._running:
            return
        firing = Firing(self._fired_before + number, rule, ids, basis=basis)
        self._firing = firing
        if self.record:
            self.trace.append(firing)
        self._emit("fire", firing)

    def _on_fact(self, arrow: str, fid: int, text: str, elided: bool) -> None:
        firing = self._firing
        if not self._running:
            if not self._telling:       # a change outside a run: only told
                return
        elif arrow == "==>":
            if firing is not None:
                firing.asserted.append(fid)
                if self.record:
                    self._made(fid, firing)
            else:
                self._note_outside(fid)
        elif firing is not None:
            firing.retracted.append(fid)
        if self.listeners:      # a modify's record shows only the slots it changed: the
            # fact whole, still in CLIPS's list as its record is written
            self._emit("assert" if arrow == "==>" else "retract",
                       FactView(fid, clips_facts.full_text(self.env, fid, text)
                                if elided else text))

    def _on_activation(self, arrow: str, text: str) -> None:
        m = _ACT.match(text)
        if not m or not self.watching_activations:
            return
        view = ActivationView(m.group(2), int(m.group(1)), ids_of(m.group(3)),
                              basis_of(m.group(3)))
        self._emit("activate" if arrow == "==>" else "deactivate", view)

    @contextmanager
    def _told(self):
        """A change made outside a run (a reset, a change by hand): CLIPS's own watch
        records tell the listeners each fact and activation change in the order CLIPS
        makes them (a modify's retraction, the activations it takes, its assertion,
        those it makes; the facts truth maintenance takes with a retraction)."""
        self._telling = bool(self.listeners)
        if self._telling:
            self._watch_facts(True)
            self._router.keep_text = True
        mark = self._router.errors.mark()
        with stop_between_firings(in_c=True) as note:   # Ctrl-C raised in a callback of
            try:                                        # clipspy's would be lost: noted,
                yield                                   # raised once CLIPS is done
            finally:
                self._telling = False
        clear_errors(self.env._env)
        self._router.raise_pending()    # Ctrl-C or no memory in one of our callbacks
        note.check()
        self.warned = self._router.errors.said_after(mark)     # a test failed, matching

    def take_warnings(self) -> str | None:
        """CLIPS's errors as the last change outside a run was matched (a test that
        failed: the change stays), in one line, once; None if none (as our engine's)."""
        said, self.warned = self.warned, None
        return said

    # -- contract ------------------------------------------------------------------------
    def reset(self) -> None:
        """CLIPS's ``(reset)``, with the C library's random numbers seeded first (the
        session's seed, else 1: what a new process starts from), so the random order
        CLIPS gives the activations it makes is the same each time the plan is opened:
        going back replays a ``strategy random`` typed later as it first ran."""
        self._clear_history()
        self._top = 0
        self.env.eval(f"(seed {self._seed or 1})")
        watching = self._watched.get("facts", False)
        self._watch_facts(False)        # unheard, the records would be read and dropped
        try:
            with self._told(), guarded(self.env._env, self._router.errors.drop) as watch:
                self.env.reset()
        finally:
            self._watch_facts(watching)
        self._check_halted(watch, "reset")
        for f in self.env.facts():
            self._note_outside(f.index)
        if self.warned:             # CLIPS stopped the reset there, as our engine says
            raise ActionErrors(f"reset: {self.take_warnings()}")

    def assert_fact(self, fact) -> int:
        """Assert a fact given as text (read by our reader: constant values only) or as
        a :class:`~pyengine.engine.clips_values.FactSpec`; CLIPS never parses the text
        as typed (see :mod:`pyengine.engine.clips_facts`)."""
        spec, last = clips_facts.spec_of(fact), clips_facts.highest_index(self)
        with self._told():
            new = clips_facts.assert_spec(self.env, spec)
        if new.index > last:        # not a duplicate given back: a fact, its first version
            self._note_outside(new.index)
        return new.index

    def _note_outside(self, fact_id: int) -> None:
        super()._note_outside(fact_id)
        self._top = max(self._top, fact_id)

    def _find(self, fact_id: int):
        for f in self.env.facts():
            if f.index == fact_id:
                return f
        raise UsageError(f"no fact f-{fact_id}")

    def fact(self, fact_id: int) -> FactView:
        with self._router.aside():
            return FactView(fact_id, clips_facts.text_of(self._find(fact_id)))

    def retract(self, fact_id: int) -> None:
        fact = self._find(fact_id)
        with self._told():
            fact.retract()

    def modify(self, fact_id: int, slots: dict[str, object]) -> int:
        """The fact's id, or the one it became equal to (CLIPS then retracts it)."""
        fact = self._find(fact_id)
        old = clips_facts.text_of(fact)
        with self._told():
            now = clips_facts.modify(fact, slots)
        if now.index == fact_id and clips_facts.text_of(now) != old:   # a new version
            self._note_outside(now.index)
        return now.index

    def facts(self) -> list[FactView]:
        with self._router.aside():
            return [FactView(f.index, clips_facts.text_of(f)) for f in self.env.facts()]

    def fact_full(self, fact_id: int) -> str:
        with self._router.aside():
            return clips_facts.text_of(self._find(fact_id))

    def templates(self) -> list[str]:
        return clips_inspect.templates(self.env)

    def globals(self) -> dict[str, str]:
        return clips_inspect.global_values(self.env)

    def facts_values(self, ids) -> dict[int, dict]:
        return clips_inspect.facts_values(self.env, ids)

    def snapshot(self) -> dict | None:
        """The state between firings, rebuilt by :meth:`restore` in a fresh session of
        the same plan; None where the rebuild could not be exact (see
        :mod:`pyengine.engine.clips_snapshot`)."""
        return clips_snapshot.snapshot(self)

    def restore(self, snap: dict) -> range:
        return clips_snapshot.restore(self, snap)

    def clearable(self) -> None:
        """``(clear)``: an empty CLIPS session takes what is loaded or typed after."""

    def matches(self, rule: str) -> Matches:
        return clips_inspect.parse_matches(rule, clips_repl.matches_text(self, rule), self.rule_source(rule))

    def rule_network(self, rule: str) -> RuleNet:
        return clips_network.rule_network(rule, clips_repl.matches_text(self, rule), self.rule_source(rule))

    def records(self, kind) -> list:
        """Facts of template ``kind``: implied (ordered) facts give their values under
        the key ``"values"``, template facts their slots."""
        return [{"values": clips_facts.values_of(f)} if f.template.implied
                else clips_facts.values_of(f) for f in self.env.facts()
                if f.template.name == kind]

    def provide(self, **services) -> None:
        self.services.update(services)
        for name, value in services.items():
            if not callable(value):
                raise UsageError(f"CLIPS rules can only be given functions, not {name}")
            self.env.define_function(clips_env.service(self, name), name=name)

    def run(self, limit: int | None = None) -> int:
        watching = self.record or bool(self.listeners)
        self._watch_facts(watching)
        if watching and not self._watched.get("rules"):
            self._engine_watch("rules", True)       # listeners want "fire" events
        router = self._router
        router.keep_text, router.next_fire = bool(self.listeners), 1
        router.rule_names = self._rule_names()
        self._running, self.halted, self._broke = True, False, False
        start, fired = self.fired_total, 0
        mark = router.errors.mark()
        with stop_between_firings(in_c=True) as note, \
                guarded(self.env._env, self._router.errors.drop) as watch:
            self._interrupt = note
            chunk = CHUNK if note.budget is None else 10
            try:
                while limit is None or fired < limit:     # chunks: Ctrl-C is seen between
                    want = chunk if limit is None else min(chunk, limit - fired)
                    router.next_fire, self._fired_before = 1, start + fired
                    began = time.monotonic()
                    got = self.env.run(want)
                    router.ran(got, want)
                    fired += got
                    if got < want or note.stop or watch.reason or self._broke:
                        break
                    if note.budget is not None:
                        chunk = next_chunk(chunk, time.monotonic() - began)
            finally:
                router.end_line()
                if note.forced:
                    halt_execution(self.env._env, False)
                self._running, self._firing, self._interrupt = False, None, None
                if not self.record and self._watched.get("rules"):
                    self._engine_watch("rules", False)
                self.fired_total = start + fired           # the engine's own count
        self._check_halted(watch, f"firing {start + fired}")
        router.errors.check_since(mark, range(start + 1, start + fired + 1))
        note.check()
        left = limit is None or fired < limit          # stopped early: activations left?
        self.halted = self._broke or (left and clips_repl.focused(self.env))
        return fired

    def _on_break(self, rule: str) -> None:
        """CLIPS stopped the run before a rule with a breakpoint."""
        self._broke = True
        self._emit("break", rule)

    def command(self, text: str) -> CommandResult:
        return clips_repl.command(self, text)

    def visible_facts(self) -> list[FactView]:
        return clips_repl.visible_facts(self)

    def _load_guarded(self, source: Source) -> None:
        """Load a source inside the guard: a defglobal or a dynamic default that loops or
        recurses while loading is halted within the time budget, with one line."""
        with guarded(self.env._env) as watch:
            try:
                clips_program.load(self.env, source)
            except UsageError:
                if watch.reason is None:
                    raise
        if watch.reason is not None:
            raise EngineHalted(f"loading {source.name}: {watch.reason}")

    def _check_halted(self, watch, where: str) -> None:
        """Raise EngineHalted if the guard halted CLIPS or a rule called (exit);
        MemoryError or KeyboardInterrupt if a callback met them (CLIPS was halted)."""
        self._router.raise_pending()
        code, self._exit_code = self._exit_code, None
        if code is not None:
            halt_execution(self.env._env, False)
            raise EngineHalted(f"{where}: the rules called (exit {code}); pyengine does "
                               "not let a program end the process, so the run stops here")
        if watch.interrupted:
            raise KeyboardInterrupt
        if watch.reason:
            raise EngineHalted(f"{where}: {watch.reason}")

    def agenda(self, limit: int | None = None) -> list[ActivationView]:
        out: list[ActivationView] = []
        if limit is not None and limit <= 0:
            return out
        with self._router.aside():            # each activation's text asks every router
            for act in self.env.activations():
                # "10 sum_pair: f-4,f-6,f-5". Read the salience from this text: clipspy's
                # act.salience walks the whole agenda first (agenda() was quadratic).
                head, _, ids = str(act).partition(":")
                out.append(ActivationView(act.name, int(head.split()[0]), ids_of(ids),
                                          basis_of(ids)))
                if limit is not None and len(out) >= limit:
                    break
        return out

    def agenda_size(self) -> int:
        return clips_inspect.activation_count(self.env._env)

    def activations_elsewhere(self) -> int:
        return clips_inspect.activations_elsewhere(self.env._env)

    def _set_strategy(self, name: str) -> None:
        self.env.eval(f"(set-strategy {name})")

    strategy = property(lambda self: strategy_of(self.env),  # CLIPS's own: a rule's
                        Session.strategy.fset)              # (set-strategy) shows

    def seed(self, n: int) -> None:
        self._seed = check_seed(n)
        self.env.eval(f"(seed {self._seed})")

    def rules(self) -> list[str]:
        return clips_repl.rule_names(self.env)

    def _rule_names(self) -> frozenset[str]:
        """Every rule's name in every module, without its module."""
        return frozenset(str(n).split("::")[-1] for n in self.env.eval("(get-defrule-list *)"))


