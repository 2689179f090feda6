"""The stage plan: the seed's ``makePuzzle`` generalised to any puzzle and engine.

A stage is a staging fact (``(BUILD)`` in CLIPS, ``Stage("build")`` in experta)
that switches a group of rules on. For each stage the runner asserts its fact,
sets the stage's strategy (and re-seeds for random stages), runs to quiescence or
for the stage's firing limit, retracts the fact and restores the strategy.

:class:`StageRunner` is the only stage loop: the puzzles run it whole
(:meth:`~StageRunner.run_all`), the shell and the notebook walk it a few firings at
a time (:meth:`~StageRunner.walk`). Whoever wants to follow a run subscribes to
its events (:meth:`~StageRunner.subscribe`): the session's own ("fire",
"assert", "retract", "activate", "deactivate", "output") and the runner's
("stage-begin", "stage-end" with a :class:`StageEvent`, then "plan-done").
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from pyengine.engine.clips_values import FactSpec
from pyengine.engine.errors import UsageError
from pyengine.engine.session import Listener, Session

STAGE_BEGIN, STAGE_END, PLAN_DONE = "stage-begin", "stage-end", "plan-done"


@dataclass(frozen=True)
class Stage:
    """One phase of a puzzle."""

    name: str
    limit: int | None = None        # exact number of firings (None: to quiescence)
    strategy: str | None = None     # strategy for this stage only
    fact: object | None = None      # staging fact; default: the session's stage_fact(name)
    retract: bool = True            # retract the staging fact when the stage ends


@dataclass(frozen=True)
class StageEvent:
    """A stage began (its staging fact is asserted) or ended (retracted, unless a
    rule took it already)."""

    stage: Stage
    index: int                      # its place in the plan
    fact_id: int | None             # the staging fact
    fired: int = 0                  # firings in the stage (at its end)
    seed: int | None = None         # the runner's seed (a random stage is seeded with it)


class StageRunner:
    """Walks a session through its stages; can run them whole or step by step."""

    def __init__(self, session: Session, stages: Sequence[Stage], seed: int | None = None,
                 on_stage_end: Callable[[Stage, int], None] | None = None):
        self.session = session
        self.stages = list(stages)
        self.seed = seed
        self.on_stage_end = on_stage_end
        self.index = 0                  # next stage to enter (or the current one)
        self.active = False             # is stage `index` entered?
        self.fired_in_stage = 0
        self.fired: dict[str, int] = {}
        self.stage_fact_id: int | None = None     # the current stage's staging fact
        self._saved_strategy: str | None = None
        self._subscribers: list[Listener] = []

    # -- events ------------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> None:
        """Call ``listener(event, payload)`` for the session's events and the runner's
        (see the module docstring), in the order they happen."""
        if not self._subscribers:
            self.session.listeners.append(self._forward)
        self._subscribers.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self._subscribers:
            self._subscribers.remove(listener)
        if not self._subscribers and self._forward in self.session.listeners:
            self.session.listeners.remove(self._forward)

    def close(self) -> None:
        """Drop every subscriber and stop listening to the session."""
        for listener in list(self._subscribers):
            self.unsubscribe(listener)

    def _forward(self, event: str, payload: object) -> None:
        for listener in list(self._subscribers):
            listener(event, payload)

    def _event(self, stage: Stage, fired: int = 0) -> StageEvent:
        return StageEvent(stage, self.index, self.stage_fact_id, fired, self.seed)

    # -- where the plan is ----------------------------------------------------------------
    @property
    def current(self) -> Stage | None:
        return self.stages[self.index] if self.index < len(self.stages) else None

    @property
    def done(self) -> bool:
        return self.index >= len(self.stages)

    @property
    def user_strategy(self) -> str:
        """The strategy the user chose: the session's, or inside a stage with a strategy
        of its own, the one that stage will put back."""
        return self._saved_strategy if self._saved_strategy is not None else \
            self.session.strategy

    def remaining(self) -> int | None:
        """Firings left in the current stage's limit (None: no limit)."""
        stage = self.current
        if stage is None or stage.limit is None:
            return None
        return max(stage.limit - self.fired_in_stage, 0)

    def stage_finished(self) -> bool:
        """True when the current stage can fire nothing more."""
        left = self.remaining()
        return left == 0 or not self.session.agenda(1)

    # -- the steps ----------------------------------------------------------------------
    def enter(self) -> Stage:
        """Assert the next stage's staging fact and set its strategy."""
        stage = self.current
        if stage is None:
            raise RuntimeError("all stages are done")
        if self.active:
            return stage
        s = self.session
        if stage.strategy is not None:
            self._saved_strategy = s.strategy
            if stage.strategy == "random" and self.seed is not None:
                s.seed(self.seed)
            s.strategy = stage.strategy
        fact = stage.fact if stage.fact is not None else s.stage_fact(stage.name)
        self.stage_fact_id = s.assert_fact(fact)
        self.active = True
        self.fired_in_stage = 0
        if self._subscribers:
            self._forward(STAGE_BEGIN, self._event(stage))
        return stage

    def advance(self, n: int | None = None) -> int:
        """Fire up to ``n`` rules inside the current stage (entering it if needed)."""
        if not self.active:
            self.enter()
        left = self.remaining()
        limit = n if left is None else (left if n is None else min(n, left))
        if limit == 0:
            return 0
        before = self.session.fired_total
        try:
            self.session.run(limit)
        finally:                    # a run stopped by Ctrl-C still counts its firings
            fired = self.session.fired_total - before
            self.fired_in_stage += fired
        return fired

    def leave(self) -> Stage:
        """Retract the staging fact, restore the strategy and move to the next stage."""
        stage = self.current
        if self.active:
            self._clean_up(stage)
        self.fired[stage.name] = self.fired_in_stage
        if self.on_stage_end is not None:
            self.on_stage_end(stage, self.fired_in_stage)
        if self._subscribers:
            self._forward(STAGE_END, self._event(stage, self.fired_in_stage))
        self.active = False
        self.stage_fact_id = None
        self.index += 1
        if self.done and self._subscribers:
            self._forward(PLAN_DONE, None)
        return stage

    def _clean_up(self, stage: Stage) -> None:
        s = self.session
        if stage.retract and self.stage_fact_id is not None:
            try:
                s.retract(self.stage_fact_id)
            except UsageError:
                pass        # a rule retracted the staging fact already
        if self._saved_strategy is not None:
            s.strategy = self._saved_strategy
            self._saved_strategy = None

    # -- the loop -------------------------------------------------------------------------
    def walk(self, n: int | None = None, until: int | None = None) -> int:
        """The stage loop: fire up to ``n`` rules (None: no limit), entering each stage
        when its turn comes and leaving it when it can fire no more. With ``until`` (a
        stage index) stop once that stage has ended; without it, once the plan is
        done, go on firing whatever the agenda holds. Returns the firings."""
        fired = 0
        while n is None or fired < n:
            if until is not None and self.index > until:
                break
            if self.done:
                if until is None:
                    fired += self.session.run(None if n is None else n - fired)
                break
            fired += self.advance(None if n is None else n - fired)
            if self.session.halted:         # a (halt) or a breakpoint: stop here, in it
                break
            if n is None or self.stage_finished():
                self.leave()
        return fired

    def run_stage(self) -> int:
        """Run the current stage to its end and leave it; return its firings."""
        index = self.index
        if self.done:
            raise RuntimeError("all stages are done")
        self.walk(None, until=index)
        return self.fired[self.stages[index].name]

    def run_all(self) -> dict[str, int]:
        """Run every remaining stage; return firings per stage."""
        self.walk(None, until=len(self.stages) - 1)
        return dict(self.fired)


def run_stages(session: Session, stages: Sequence[Stage], seed: int | None = None,
               on_stage_end: Callable[[Stage, int], None] | None = None) -> dict[str, int]:
    """Reset nothing; run ``stages`` in order on ``session``; firings per stage."""
    return StageRunner(session, stages, seed, on_stage_end).run_all()


@dataclass
class SessionPlan:
    """A puzzle session paused before its first stage, for the shell and the notebook.

    A puzzle action's ``open`` function (see :mod:`pyengine.puzzles.base`) builds the
    session, declares the puzzle's input facts, and returns the stage plan without
    running it.
    """

    session: Session
    stages: list[Stage]
    seed: int | None = None
    title: str = ""
    # Called when all stages are done: the puzzle's result as text (what the puzzle
    # command would print), read back from the fact base.
    finish: Callable[[], str] | None = None
    # Makes the same plan again (same puzzle, same seed), paused before its first
    # stage: what a Timeline replays to step back.
    reopen: Callable[[], "SessionPlan"] | None = None
    # Checks a fact a user asserts by hand against the puzzle's own limits (raises
    # UsageError): a fact the rules could not finish with in bounded time is refused.
    check_fact: Callable[[FactSpec, Session], None] | None = None
    # What the action's ``read`` function needs besides the fact base: the checked
    # inputs, and what ``on_stage_end`` notes as stages end (a scramble's id lines).
    notes: dict = field(default_factory=dict)
    on_stage_end: Callable[[Stage, int], None] | None = None
    fired: dict = field(default_factory=dict)   # firings per stage, once run whole
    # A CLIPS program whose deffacts make its facts (not a puzzle's facts asserted from
    # Python): the engine's own reset rebuilds it (see ui/program_edit.with_settings).
    program: bool = False

    def run_all(self) -> dict[str, int]:
        """Run every stage whole, as a command does: the engine's own error text kept in
        the session's diagnostics, never printed; firings per stage, kept in ``fired``."""
        self.session.quiet()
        self.fired = self.runner().run_all()
        return self.fired

    def runner(self) -> StageRunner:
        """A :class:`StageRunner` over this plan."""
        return StageRunner(self.session, self.stages, self.seed, self.on_stage_end)
