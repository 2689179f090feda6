"""Step back: return a session to the state just before any firing it has made.

A rule engine cannot run backwards (CLIPS's agenda and refraction have no undo), so
a :class:`Timeline` keeps a journal of what was done to the session: every
``walk`` of the stage runner and every user action (assert, retract, modify,
strategy, seed) with the firing count at which it happened, and every line a rule
read. :meth:`Timeline.goto` opens the plan afresh (``reopen``, the same puzzle with
the same seed) and replays the journal up to the firing asked for, with the trace
off (at the engine's plain speed); the firings before that point are the same as
the first time, so the new session takes the trace, the origins and the output of
the old one up to there instead of recording them again.

Where the engine can save its state between firings (:meth:`Session.snapshot`), the
timeline runs long walks in chunks of :data:`SNAPSHOT_EVERY` firings (the same
firings as one walk) and keeps a snapshot after a chunk, once the time walked since
the last one is at least :data:`SNAPSHOT_COST_RATIO` times what that one cost, so
the overhead stays bounded (one cheaper than :data:`SNAPSHOT_FREE` is always worth
taking). A goto then starts from the last snapshot at or before the point asked
for, so stepping back after 10,000 firings replays a few hundred. experta copies
its state (:mod:`~pyengine.engine.experta_snapshot`); CLIPS keeps its fact list and
agenda listing and rebuilds them in the plan opened afresh
(:mod:`~pyengine.engine.clips_snapshot`), checking the result: a restore that does
not give the state snapped raises :class:`SnapshotMismatch`, and the goto starts
from the snapshot before it, or from the start. An engine may decline a snapshot
(None: not here), and one whose snapshots do not carry its random numbers (CLIPS:
``snapshot_keeps_random`` False) takes none while a random stage lies ahead, and
starts no goto from one taken before a ``strategy random`` the user typed.

The journal is filled without the caller's help: the timeline wraps the session's
verbs in :data:`JOURNALED` (facts asserted, retracted and modified, the seed, CLIPS
files loaded and constructs built at the prompt, with their text), ``set_input``, its
strategy and the runner's ``walk``, so a shell or a notebook that goes on using
``plan.session`` and the runner is journaled all the same. What the runner does
inside a walk (staging facts, stage strategies) is part of the walk. The program
replayed is the one that ran: a plan reopens the file texts it read first, and a
file loaded at the prompt is journaled with its text.

Replay is exact when the session is deterministic from its plan: the same rules, facts
and seed (CLIPS's random strategy is seeded per random stage from the plan's seed; a
``seed`` typed by the user is journaled), and the same input lines (the ones the rules
read are kept and fed back; going forward again after a goto, the rules get the lines
they read the first time before the reader is asked again). :meth:`Timeline.undo` goes
back one step at a time, a fact changed by hand being a step too (:mod:`~pyengine.engine.undo`).
"""
from __future__ import annotations

import copy
import time
from dataclasses import dataclass
from typing import Callable

from pyengine.engine.errors import (ActionErrors, EngineHalted, FiringOutOfTime, OutOfTime,
                                    UsageError)
from pyengine.engine.replay import apply_entry, replay_walk
from pyengine.engine.session import Listener, Reader
from pyengine.engine.stages import SessionPlan, StageRunner
from pyengine.engine.undo import MAKES_A_VERSION, graft, moves, versions_dropped
from pyengine.engine.wording import plural

SNAPSHOT_EVERY = 500       # firings between snapshots (engines that take them)
SNAPSHOT_COST_RATIO = 10   # run at least this many times a snapshot's cost between two
SNAPSHOT_FREE = 0.002      # seconds: a snapshot cheaper than this needs no such run
MAX_SNAPSHOTS = 64         # then every other one is dropped (the newest is kept)
# The session's verbs a timeline journals (with their arguments: a loaded file's text, a
# construct's), so that going back replays them in order.
JOURNALED = ("assert_fact", "retract", "modify", "seed", "load_source", "build", "undefrule",
             "command")
_RUNNER_STATE = ("index", "active", "fired_in_stage", "fired", "stage_fact_id",
                 "_saved_strategy", "seed")


class SnapshotMismatch(Exception):
    """A restored snapshot did not give the state it was taken from."""


@dataclass(frozen=True)
class Snapshot:
    """The session and runner after ``fired`` firings and ``journaled`` entries."""

    fired: int
    journaled: int
    runner: dict
    state: object


@dataclass(frozen=True)
class Entry:
    """One thing done to the session, after ``fired`` firings."""

    fired: int
    action: str          # walk, assert, retract, modify, strategy, seed
    args: tuple
    made: int | None = None      # the fact an assert_fact or modify made a version of
    halted: bool = False         # a walk whose last firing the engine halted


class Timeline:
    """A plan's session and runner, with a journal that lets it go back."""

    def __init__(self, reopen: Callable[[], SessionPlan], plan: SessionPlan | None = None):
        self.reopen = reopen
        self.journal: list[Entry] = []
        self.inputs: list[tuple[int, str | None]] = []   # (firing, line) the rules read
        self._reader: Reader | None = None
        self._again: list[str | None] = []   # lines read after the point gone back to
        self._replayed_from = 0
        self._subscribers: list[Listener] = []
        self._busy = 0                   # inside a walk or a replay: journal nothing
        self.snapshots: list[Snapshot] = []
        self._run_since = 0.0            # seconds walked since the last snapshot taken
        self._snapshot_cost = 0.0        # what the last one took (or its refusal)
        self.undone: dict[int, int] = {}  # the last goto's dropped hand-made versions
        plan = plan if plan is not None else reopen()
        self._reader = plan.session.reader
        self._attach(plan)

    # -- the live session ----------------------------------------------------------------
    @property
    def session(self):
        return self.plan.session

    @property
    def fired(self) -> int:
        return self.session.fired_total

    def subscribe(self, listener: Listener) -> None:
        """Follow the runner's events, on this runner and on every one after a goto."""
        self._subscribers.append(listener)
        self.runner.subscribe(listener)

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self._subscribers:
            self._subscribers.remove(listener)
        self.runner.unsubscribe(listener)

    def _attach(self, plan: SessionPlan, runner: StageRunner | None = None) -> None:
        self.plan = plan
        self.runner = runner or plan.runner()
        s = plan.session
        for name in JOURNALED:
            setattr(s, name, self._journaled(name, getattr(type(s), name).__get__(s)))
        s._strategy_hook = self._on_strategy
        s.set_input = self.set_input
        type(s).set_input(s, self._read)
        walk = self.runner.walk
        self.runner.walk = lambda n=None, until=None: self._walk(walk, n, until)
        for listener in self._subscribers:
            self.runner.subscribe(listener)

    def _journaled(self, name: str, method):
        def call(*args):
            if self._busy:
                return method(*args)
            fired, versions = self.fired, self.session.versions_made
            result = method(*args)           # journal only what succeeded
            new = name in MAKES_A_VERSION and self.session.versions_made > versions
            made = result if new else None      # the fact that has a new version (undo.py)
            self.journal.append(Entry(fired, name, args, made))
            return result
        call.__doc__ = method.__doc__
        return call

    def _on_strategy(self, name: str) -> None:
        if not self._busy:
            self.journal.append(Entry(self.fired, "strategy", (name,)))

    def _walk(self, walk, n, until) -> int:
        """Walk in chunks: the same firings as one walk. Errors a chunk's actions
        reported, after which the run went on (ActionErrors, a whole chunk fired), do not
        end the walk, as they do not end CLIPS's run: the first is raised at its end."""
        total, said, errors = 0, None, 0
        while n is None or total < n:
            want = SNAPSHOT_EVERY if n is None else min(SNAPSHOT_EVERY, n - total)
            began, before = time.perf_counter(), self.fired
            try:
                got = self._walk_once(walk, want, until)
            except ActionErrors as exc:
                got = self.fired - before
                said, errors = said or exc, errors + exc.count
            finally:
                self._run_since += time.perf_counter() - began
            total += got
            self._keep_snapshot()
            if got < want:
                break
        if said is not None:
            raise said.all_told(errors, total)
        return total

    def _walk_once(self, walk, n, until) -> int:
        entry = Entry(self.fired, "walk", (n, until, self.runner.seed))
        self._busy += 1
        try:
            fired = walk(n, until)
        except (KeyboardInterrupt, OutOfTime, EngineHalted) as exc:   # journal what it fired
            if self.fired > entry.fired:
                self.journal.append(Entry(entry.fired, "walk",
                                          (self.fired - entry.fired, until, entry.args[2]),
                                          halted=isinstance(exc, (EngineHalted,
                                                                  FiringOutOfTime))))
            raise
        finally:
            self._busy -= 1
        self.journal.append(entry)
        return fired

    def _keep_snapshot(self) -> None:
        last = self.snapshots[-1].fired if self.snapshots else 0
        if (self.fired - last < SNAPSHOT_EVERY
                or (self._snapshot_cost > SNAPSHOT_FREE
                    and self._run_since < SNAPSHOT_COST_RATIO * self._snapshot_cost)
                or (not self._keeps_random() and self._random_ahead())):
            return
        began = time.perf_counter()
        state = self.session.snapshot()
        self._snapshot_cost = time.perf_counter() - began
        self._run_since = 0.0
        if state is None:
            return
        runner = {name: copy.copy(getattr(self.runner, name)) for name in _RUNNER_STATE}
        self.snapshots.append(Snapshot(self.fired, len(self.journal), runner, state))
        if len(self.snapshots) > MAX_SNAPSHOTS:       # bounded memory: keep every other
            self.snapshots = self.snapshots[::2]          # 65 -> 33, the newest kept

    def _keeps_random(self) -> bool:
        return getattr(self.session, "snapshot_keeps_random", True)

    def _random_ahead(self) -> bool:
        """Is the random strategy in force, or a random stage still to come?"""
        runner = self.runner
        return self.session.strategy == "random" or any(
            stage.strategy == "random" for stage in runner.stages[runner.index:])

    # -- input ------------------------------------------------------------------------------
    def set_input(self, reader: Reader | None) -> None:
        """Where the rules read from (see :meth:`Session.set_input`); the lines they
        read are kept, so a replay reads the same."""
        self._reader = reader

    def _read(self, prompt: str) -> str | None:
        if self._again:                  # going forward again: the same answers
            line = self._again.pop(0)
        else:
            line = self._reader(prompt) if self._reader is not None else None
        firing = getattr(self.session, "_firing", None)
        self.inputs.append((firing.number if firing is not None else self.fired + 1, line))
        return line

    # -- going back ---------------------------------------------------------------------------
    def back(self, k: int = 1) -> SessionPlan:
        """Undo the last ``k`` firings: the state just before firing ``fired - k + 1``."""
        if k < 1:
            raise UsageError("back takes a number of firings of at least 1")
        if k > self.fired:
            raise UsageError(f"only {plural(self.fired, 'firing')} to go back over")
        return self.goto(self.fired - k + 1)

    def moves(self) -> list[tuple[int, int | None]]:
        """The steps :meth:`undo` goes back over (:func:`~pyengine.engine.undo.moves`)."""
        return moves(self.journal, self.fired)

    def undo(self, k: int = 1) -> SessionPlan:
        """Undo the last ``k`` steps, a step being a firing or a fact asserted,
        retracted or modified by hand (:meth:`moves`): the state just before the
        ``k``-th last of them, as :meth:`goto` gives it."""
        moves = self.moves()
        if not 1 <= k <= len(moves):
            raise UsageError(f"only {plural(len(moves), 'step')} to go back over (a step "
                             "is a firing or a fact changed by hand)")
        n, entry = moves[-k]
        return self.goto(n, entry)

    def goto(self, n: int, cut: int | None = None) -> SessionPlan:
        """The state just before firing ``n`` (1: before the first), as it was first
        seen there: a fresh plan (also in :attr:`plan`, its runner in :attr:`runner`)
        replayed to ``n - 1`` firings, with what was done at the prompt after firing
        ``n - 1`` (before firing ``n``); ``cut``: only what was done there before journal
        entry ``cut``. What came after is dropped from the journal. The session
        replaced is closed (:meth:`Session.close`)."""
        if not 1 <= n <= self.fired + 1:
            raise UsageError(f"goto a firing from 1 to {self.fired + 1}, not {n}")
        target, old, end = n - 1, self.session, len(self.journal) if cut is None else cut
        plan, runner, start = self._start_from(target, end)
        try:
            journal = self.journal[:start] + self._replay(plan, runner, target, start, end)
            if plan.session.fired_total != target:
                fired = plural(plan.session.fired_total, "rule")
                raise UsageError(f"the replay fired {fired}, not {target}: this session "
                                 "does not repeat itself (an unseeded random order?)")
        except BaseException:           # the session goes on as it was
            runner.close()
            plan.session.close()
            raise
        self.undone = versions_dropped(self.journal[end:], target)
        graft(plan.session, old, target, self.undone)
        self.runner.close()
        old.close()                     # replaced: its engine's memory back now
        self.journal = journal
        self.snapshots = [snap for snap in self.snapshots if snap.fired <= target]
        self._again = [line for num, line in self.inputs if num > target] + self._again
        self.inputs = [(num, line) for num, line in self.inputs if num <= target]
        self._attach(plan, runner)
        return plan

    def _start_from(self, target: int, end: int) -> tuple[SessionPlan, StageRunner, int]:
        """A fresh plan and runner with the last snapshot at or before ``target`` (and
        journal entry ``end``) restored; the number of journal entries it stands for
        (0: none, replay from the start). A snapshot whose restore fails is dropped and
        the one before it tried, each in a plan opened afresh."""
        for snap in reversed(self._usable(target, end)):
            plan = self.reopen()
            runner = plan.runner()
            s = plan.session
            try:
                s.restore(snap.state)
            except SnapshotMismatch:
                self.snapshots.remove(snap)
                s.close()
                continue
            for name, value in snap.runner.items():
                setattr(runner, name, copy.copy(value))
            self._replayed_from = snap.fired
            return plan, runner, snap.journaled
        plan = self.reopen()
        return plan, plan.runner(), 0

    def _usable(self, target: int, end: int) -> list[Snapshot]:
        """The snapshots a goto to ``target`` may start from: at or before it (and
        before journal entry ``end``), and for an engine whose snapshots do not carry
        its random numbers, none from before a ``strategy random`` journaled on the
        way."""
        usable = [snap for snap in self.snapshots
                  if snap.fired <= target and snap.journaled <= end]
        if not self._keeps_random():
            cut = max((i + 1 for i, entry in enumerate(self.journal)
                       if entry.action == "strategy" and entry.args == ("random",)
                       and entry.fired < target), default=0)
            usable = [snap for snap in usable if snap.journaled >= cut]
        return usable

    def _replay(self, plan: SessionPlan, runner: StageRunner, target: int,
                start: int, end: int) -> list[Entry]:
        s = plan.session
        watching = self.session.watching("rules")
        s.watch("rules", False)
        after = self._replayed_from if start else 0
        self._replayed_from = 0
        lines = [line for num, line in self.inputs if after < num <= target]
        s.set_input(lambda prompt: lines.pop(0) if lines else None)
        kept: list[Entry] = []
        self._busy += 1
        s.quiet(True)           # an error the first run reported is not printed again
        try:
            for i in range(start, end):
                entry = self.journal[i]
                if entry.fired > target or (entry.fired == target
                                            and self._made_a_firing(self.journal, i)):
                    break           # the state before firing target + 1 is all before it
                if entry.action == "walk":
                    n, until, runner.seed = entry.args
                    left = target - s.fired_total
                    walked = left if n is None else min(n, left)
                    replay_walk(runner, walked, until, entry.halted and walked == n)
                    kept.append(Entry(entry.fired, "walk",
                                      (s.fired_total - entry.fired, until, runner.seed),
                                      halted=entry.halted and walked == n))
                    continue
                apply_entry(s, runner, entry)
                kept.append(entry)
        finally:
            self._busy -= 1
            s.watch("rules", watching)
            s.quiet(False)      # as a session is made: its front makes it quiet again
        return kept


    def _made_a_firing(self, entries: list[Entry], i: int) -> bool:
        """Did journal entry ``i`` (a walk) fire a rule? (Actions at the same count,
        done after a walk that fired nothing, belong before the next firing.)"""
        if entries[i].action != "walk":
            return False
        after = entries[i + 1].fired if i + 1 < len(entries) else self.fired
        return after > entries[i].fired
