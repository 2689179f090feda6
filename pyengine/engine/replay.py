"""A timeline's journal played again (:mod:`pyengine.engine.timeline`): a walk of
firings, and one action done to the session (a strategy, a seed, a fact changed)."""
from __future__ import annotations

from pyengine.engine.errors import EngineHalted, OutOfTime
from pyengine.engine.interrupt import no_budget, time_budget
from pyengine.engine.stages import StageRunner

#: what a firing halted the first time (an endless loop) is given again
HALTED_AGAIN_SECONDS = 1.0


def replay_walk(runner: StageRunner, n: int, until, halted: bool = False) -> None:
    """A journaled walk again, with no time budget; a firing the engine halted the
    first time is halted again and the replay goes on: ``halted``, the walk's last
    firing was halted by the clock (or Ctrl-C), and is given
    :data:`HALTED_AGAIN_SECONDS` (it ran for ever: a replay with no bound never came
    back; what it did before the halt may differ)."""
    with no_budget():
        try:
            runner.walk(n - 1 if halted else n, until)
        except EngineHalted:
            return
    if halted:
        with time_budget(HALTED_AGAIN_SECONDS, grace=0.0):
            try:
                runner.walk(1, until)
            except (EngineHalted, OutOfTime):
                pass


def apply_entry(s, runner: StageRunner, entry) -> None:
    """One journaled action again. A seed typed is also the plan's from then on (the
    runner's, which a random stage seeds from), as the ``seed`` command sets both."""
    if entry.action == "strategy":
        s.strategy = entry.args[0]
    elif entry.action == "seed":
        s.seed(*entry.args)
        runner.seed = entry.args[0]
    else:
        getattr(s, entry.action)(*entry.args)
