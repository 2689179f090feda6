"""The engine runs Python's cyclic collector less often while it matches
(``engine.fewer_collections``) and puts the threshold back afterwards, even when a rule
fails; what it drops is freed by reference counting alone, so running less often
lets no garbage pile up."""
import gc

import pytest

from pyengine.engine.experta import ExpertaSession   # first: makes experta importable
from experta import AS, MATCH, NOT, Fact, KnowledgeEngine, Rule  # noqa: E402
from pyengine.engine.rete.engine import MATCHING_GC_THRESHOLD
from pyengine.engine.rete.joins import Token

SEEN: list = []


class Count(Fact):
    pass


class Counter(KnowledgeEngine):
    @Rule(AS.c << Count(MATCH.n), NOT(Count(-1)))
    def step(self, c, n):
        SEEN.append(gc.get_threshold()[0])
        if n == "boom":
            raise RuntimeError("a rule that fails")
        if n < 30:
            self.modify(c, _0=n + 1)


def _session(start):
    s = ExpertaSession(Counter)
    s.quiet()
    s.reset()
    s.assert_fact(Count(start))
    return s


@pytest.fixture(autouse=True)
def _plain_threshold():
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    SEEN.clear()
    yield
    gc.set_threshold(*before)


def test_the_threshold_is_raised_while_rules_fire_and_put_back_after():
    s = _session(0)
    assert s.run() == 31
    assert SEEN == [MATCHING_GC_THRESHOLD] * 31
    assert gc.get_threshold() == (700, 10, 10)


def test_the_threshold_is_put_back_when_a_rule_fails():
    s = _session("boom")
    with pytest.raises(Exception):
        s.run()
    assert SEEN == [MATCHING_GC_THRESHOLD]
    assert gc.get_threshold() == (700, 10, 10)


def test_a_higher_threshold_set_by_the_user_is_left_alone():
    gc.set_threshold(200_000, 10, 10)
    _session(25).run()
    assert SEEN == [200_000] * 6
    assert gc.get_threshold() == (200_000, 10, 10)


def test_dropped_tokens_are_freed_without_the_collector():
    """With the collector off, a run leaves no dropped token alive: reference counting
    freed each (a cycle would have kept them until a collection)."""
    gc.collect()
    s = _session(0)
    gc.disable()
    try:
        s.run()
        tokens = [o for o in gc.get_objects() if type(o) is Token]
    finally:
        gc.enable()
    dead = [t for t in tokens if t.dead]
    assert SEEN == [MATCHING_GC_THRESHOLD] * 31     # 31 modifies dropped tokens
    assert tokens and not dead, f"{len(dead)} dropped tokens outlived their run"
