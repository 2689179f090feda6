"""``Timeline.undo``: going back one step at a time, a step being a firing or a fact
asserted, retracted or modified by hand, gives exactly the state seen before that
step (a property test on both engines, on the programs of test_back_property), and
the fact log forgets the versions an undone change made."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pyengine.engine.errors import UsageError
from pyengine.ui.notebook import Inspector
from tests.engines.test_back_property import (ACTIONS, CLIPS_PROGRAM, EXPERTA_PROGRAM, act,
                                              state)

HAND = ("assert", "retract", "modify")
FAMILY = Path(__file__).resolve().parents[2] / "docs" / "examples" / "family.clp"


def inspector(engine: str, folder) -> Inspector:
    if engine == "clips":
        path = folder / "adder.clp"
        path.write_text(CLIPS_PROGRAM)
        return Inspector.from_clp(path)
    path = folder / "adder.py"
    path.write_text(EXPERTA_PROGRAM)
    return Inspector.from_engine(f"{path}:Adder")


def steps_taken(ins: Inspector, actions: list) -> list[tuple]:
    """Do the actions one step at a time; the state before each step that counted (a
    firing, or a fact changed by hand that the engine took)."""
    before: list[tuple] = []
    for action in actions:
        for one in ([("step", 1)] * action[1] if action[0] == "step" else [action]):
            seen, fired, journal = state(ins), ins.session.fired_total, len(ins.timeline.journal)
            act(ins, one)
            if ins.session.fired_total > fired or (
                    one[0] in HAND and len(ins.timeline.journal) > journal):
                before.append(seen)
    return before


def check_undo(ins: Inspector, actions: list, undos: list) -> None:
    before = steps_taken(ins, actions)
    assert len(ins.timeline.moves()) == len(before)
    for k in undos:
        if not before:
            with pytest.raises(UsageError, match="only 0 steps"):
                ins.timeline.undo(1)
            return
        k = 1 + k % len(before)
        ins.moved(ins.timeline.undo(k))
        assert state(ins) == before[-k], f"undo {k} of {len(before)}"
        del before[-k:]
        assert len(ins.timeline.moves()) == len(before)


@settings(max_examples=30)
@given(st.lists(ACTIONS, min_size=1, max_size=12), st.lists(st.integers(0, 20), max_size=3))
# a modify by hand that makes the fact equal to another (CLIPS keeps that one): the
# CLIPS session reported an error although the fact was gone, so undo replayed wrong
@example(actions=[("assert", "(item (name c) (n 2))"), ("step", 2),
                  ("assert", "(item (name c) (n 2))"), ("step", 1), ("modify", 3, 1),
                  ("step", 1)], undos=[0])
@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_undo_returns_to_what_was_seen_before_each_step(tmp_path_factory, engine, actions,
                                                        undos):
    check_undo(inspector(engine, tmp_path_factory.mktemp(engine)), actions, undos)


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_an_undone_change_leaves_no_version_behind(tmp_path, engine):
    """modify, modify, undo: the fact's text and why are the first modify's; an undone
    assert leaves no trace of the fact in the log."""
    ins = inspector(engine, tmp_path)
    ins.step(1)
    total = next(f.id for f in ins.session.facts() if f.name == "total")
    ins.modify(total, sum=7)
    ins.modify(total, sum=8)
    new = ins.assert_fact("(flag z)").id
    ins.moved(ins.timeline.undo(2))
    assert "(sum 7)" in ins.session.fact(total).text
    assert [text for _, text, _ in ins.log.history[total]][-1] == ins.session.fact(total).text
    assert ins.log.kind(total) == "asserted by you"
    assert [v[0] for v in ins.session.versions[total]].count(1.5) == 1
    assert new not in ins.log.history and new not in ins.session.versions
    ins.step(1)                             # and on from there, as first seen
    assert ins.session.fired_total == 2


def test_a_seed_typed_stays_the_plans_after_going_back(tmp_path):
    """seed 7 then back over the first firing: the plan's seed is still 7 (a random
    stage seeds from it), as the seed command left it."""
    ins = inspector("clips", tmp_path)
    ins.seed(7)
    ins.step(2)
    ins.back(2)
    assert ins.runner.seed == 7


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_a_random_strategy_typed_replays_as_it_ran(tmp_path, engine):
    """strategy random (then a seed), a few steps, back over them and on again: the same
    firings, and goto gives the fact base first seen there. (CLIPS draws an activation's
    place from the C library's numbers when it makes it, at the plan's reset too: the
    reset seeds them, so every replay draws the same.)"""
    ins = Inspector.from_clp(FAMILY, engine=engine)
    ins.strategy("random")
    ins.seed(7)
    seen = {}
    for _ in range(5):
        seen[ins.session.fired_total] = state(ins)
        ins.step(1)
    first = [(f.rule, f.matched) for f in ins.session.trace]
    ins.goto(3)
    assert state(ins) == seen[2]
    ins.back(2)
    ins.step(5)
    assert [(f.rule, f.matched) for f in ins.session.trace] == first


@given(st.lists(st.integers(0, 12), max_size=8), st.integers(0, 3), st.integers(0, 12))
def test_drop_last_keeps_the_versions_up_to_the_target_less_those_undone(ats, dropped, target):
    """The versions kept by a goto, against the plain definition: those made up to just
    after firing ``target``, less the last ``dropped`` made after it (the fast path for
    a fact none of whose versions lie past the target included); always a new list."""
    from pyengine.engine.trace import AFTER
    from pyengine.engine.undo import drop_last
    versions = sorted((at + AFTER * (i % 2), i) for i, at in enumerate(ats))
    kept, left = [v for v in versions if v[0] <= target + AFTER], dropped
    while left and kept and kept[-1][0] > target:
        kept.pop()
        left -= 1
    got = drop_last(versions, dropped, target)
    assert got == kept and got is not versions
