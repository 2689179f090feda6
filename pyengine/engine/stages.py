"""The stage plan: the seed's ``makePuzzle`` generalised to any puzzle and engine.

A stage is a staging fact (``(BUILD)`` in CLIPS, ``Stage("build")`` in experta)
that switches a group of rules on. For each stage the runner asserts its fact,
sets the stage's strategy (and re-seeds for random stages), runs to quiescence or
for the stage's firing limit, retracts the fact and restores the strategy.

The runner can also be walked one firing at a time, which is what the inspector's
``step`` and ``stage`` commands do.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from pyengine.engine.errors import UsageError
from pyengine.engine.session import Session


@dataclass(frozen=True)
class Stage:
    """One phase of a puzzle."""

    name: str
    limit: int | None = None        # exact number of firings (None: to quiescence)
    strategy: str | None = None     # strategy for this stage only
    fact: object | None = None      # staging fact; default: the session's stage_fact(name)
    retract: bool = True            # retract the staging fact when the stage ends


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
        self._stage_fact_id: int | None = None
        self._saved_strategy: str | None = None

    @property
    def current(self) -> Stage | None:
        return self.stages[self.index] if self.index < len(self.stages) else None

    @property
    def done(self) -> bool:
        return self.index >= len(self.stages)

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
        self._stage_fact_id = s.assert_fact(fact)
        self.active = True
        self.fired_in_stage = 0
        return stage

    def remaining(self) -> int | None:
        """Firings left in the current stage's limit (None: no limit)."""
        stage = self.current
        if stage is None or stage.limit is None:
            return None
        return max(stage.limit - self.fired_in_stage, 0)

    def advance(self, n: int | None = None) -> int:
        """Fire up to ``n`` rules inside the current stage (entering it if needed)."""
        if not self.active:
            self.enter()
        left = self.remaining()
        limit = n if left is None else (left if n is None else min(n, left))
        if limit == 0:
            return 0
        fired = self.session.run(limit)
        self.fired_in_stage += fired
        return fired

    def stage_finished(self) -> bool:
        """True when the current stage can fire nothing more."""
        left = self.remaining()
        return left == 0 or not self.session.agenda()

    def leave(self) -> Stage:
        """Retract the staging fact, restore the strategy and move to the next stage."""
        stage = self.current
        s = self.session
        if self.active:
            if stage.retract and self._stage_fact_id is not None:
                try:
                    s.retract(self._stage_fact_id)
                except UsageError:
                    pass        # a rule retracted the staging fact already
            if self._saved_strategy is not None:
                s.strategy = self._saved_strategy
                self._saved_strategy = None
        self.fired[stage.name] = self.fired_in_stage
        if self.on_stage_end is not None:
            self.on_stage_end(stage, self.fired_in_stage)
        self.active = False
        self._stage_fact_id = None
        self.index += 1
        return stage

    def run_stage(self) -> int:
        """Run the current stage to its end and leave it; return its firings."""
        self.advance(None)
        fired = self.fired_in_stage
        self.leave()
        return fired

    def run_all(self) -> dict[str, int]:
        """Run every remaining stage; return firings per stage."""
        while not self.done:
            self.run_stage()
        return dict(self.fired)


def run_stages(session: Session, stages: Sequence[Stage], seed: int | None = None,
               on_stage_end: Callable[[Stage, int], None] | None = None) -> dict[str, int]:
    """Reset nothing; run ``stages`` in order on ``session``; firings per stage."""
    return StageRunner(session, stages, seed, on_stage_end).run_all()


@dataclass
class SessionPlan:
    """A puzzle session paused before its first stage, for the inspector.

    Every puzzle module offers ``shell_setup(argv) -> SessionPlan``: it reads the
    same arguments as the puzzle's own command, builds and resets the session,
    declares the puzzle's input facts, and returns the stage plan without running it.
    """

    session: Session
    stages: list[Stage]
    seed: int | None = None
    title: str = ""
    # Called when all stages are done: the puzzle's result as text (what the puzzle
    # command would print), read back from the fact base.
    finish: Callable[[], str] | None = None
