"""The indexed join memories of pyengine.engine.compat_matcher give experta's own
matches: the same activations, reaching the agenda in the same order, on small rule
sets with joins, negations, tests, exists and forall, under random fact changes."""
import random

import pytest

from pyengine.engine import compat_matcher
from pyengine.engine.compat import experta  # noqa: F401

from experta import (AS, EXISTS, FORALL, MATCH, NOT, OR, TEST, W, Fact,  # noqa: E402
                     KnowledgeEngine, P, Rule)
from experta.matchers.rete.nodes import NotNode, OrdinaryMatchNode  # noqa: E402


class A(Fact):
    pass


class B(Fact):
    pass


class C(Fact):
    pass


class Joins(KnowledgeEngine):
    @Rule(A(x=MATCH.x), B(x=MATCH.x, y=MATCH.y))
    def equal_x(self, x, y):
        pass

    @Rule(AS.a << A(x=MATCH.x, y=MATCH.y), B(x=MATCH.y, y=MATCH.x), C())
    def crossed_then_any_c(self, a, x, y):
        pass

    @Rule(A(x=MATCH.x), B(y=MATCH.y), TEST(lambda x, y: x < y), NOT(C(x=MATCH.x)))
    def smaller_and_no_c(self, x, y):
        pass

    @Rule(A(x=MATCH.x), B(x=~MATCH.x, y=MATCH.y), salience=3)
    def b_with_other_x(self, x, y):
        pass

    @Rule(C(x=MATCH.x), NOT(A(x=MATCH.x, y=2)), NOT(B(y=MATCH.x)))
    def c_alone(self, x):
        pass

    @Rule(EXISTS(A(y=MATCH.y)), B(y=MATCH.y), salience=-1)
    def some_a_for_b(self, y):
        pass

    @Rule(FORALL(A(x=MATCH.x), B(x=MATCH.x)), salience=2)
    def every_a_has_b(self):
        pass

    @Rule(AS.c << C(), AS.c2 << C(), TEST(lambda c, c2: c["x"] <= c2["x"]))
    def ordered_pair(self, c, c2):
        pass


class Varying(KnowledgeEngine):
    """Tokens whose names vary (a field's OR binds x or z): the joins go plain."""

    @Rule(A(y=(P(lambda v: v > 0) & MATCH.x) | MATCH.z), C(x=MATCH.x))
    def x_or_z(self):
        pass

    @Rule(OR(A(x=MATCH.x), B(y=MATCH.x)), NOT(C(y=MATCH.x)), B(x=MATCH.x))
    def either_then_b(self, x):
        pass


def _agenda(engine) -> list:
    return [(act.rule._wrapped.__name__, tuple(sorted(f["__factid__"] for f in act.facts)),
             tuple(sorted((k, repr(v)) for k, v in act.context.items()
                          if not k.startswith("__pattern_"))))
            for act in engine.agenda.activations]


def _script(engine, seed: int, steps: int = 60) -> list:
    """Random declares, retracts and modifies; the agenda after each, some firings."""
    rng = random.Random(seed)
    engine.reset()
    live, trace = [], []
    for step in range(steps):
        move = rng.random()
        if live and move < 0.3:
            engine.retract(live.pop(rng.randrange(len(live))))
        elif live and move < 0.5:
            i = rng.randrange(len(live))
            live[i] = engine.modify(live[i], x=rng.randrange(3))
            if live[i] is None:                     # it became a duplicate
                live.pop(i)
        else:
            cls = rng.choice((A, B, C))
            fact = engine.declare(cls(x=rng.randrange(3), y=rng.randrange(3)))
            if fact is not None and fact not in live:
                live.append(fact)
        trace.append(_agenda(engine))
        if step % 15 == 14:
            engine.run(3)
            trace.append(_agenda(engine))
            live = [f for f in live if f.get("__factid__") in engine.facts]
    return trace


def _plain_and_indexed(engine_cls, run):
    """``run(engine)`` on one network (the same pattern names, so the same hashes and
    the same ties on the agenda) with the indexed joins, then with experta's."""
    engine = engine_cls()
    indexed = run(engine)
    compat_matcher.uninstall()
    try:
        _rebind(engine)
        plain = run(engine)
    finally:
        compat_matcher.install()
        _rebind(engine)
        engine.reset()
    return plain, indexed


def _rebind(engine) -> None:
    """The network's callbacks bound again to the nodes' current methods."""
    for node in _nodes(engine):
        node.children[:] = [type(c)(c.node, getattr(c.node, c.callback.__name__))
                            for c in node.children]


@pytest.mark.parametrize("seed", range(8))
def test_same_agenda_as_plain_experta(seed):
    plain, indexed = _plain_and_indexed(Joins, lambda engine: _script(engine, seed))
    assert indexed == plain
    assert any(len(a) > 3 for a in plain)          # the rules did match


@pytest.mark.parametrize("seed", range(4))
def test_same_agenda_with_varying_names(seed):
    plain, indexed = _plain_and_indexed(Varying, lambda engine: _script(engine, seed))
    assert indexed == plain and any(plain)


def test_joins_are_indexed_and_memories_read_as_experta_lists():
    engine = Joins()
    engine.reset()
    for x in range(3):
        engine.declare(A(x=x, y=0), B(x=x, y=1), C(x=x, y=x))
    joins = [n for n in _nodes(engine) if isinstance(n, (OrdinaryMatchNode, NotNode))]
    assert joins and all(n._pj_mode is not False for n in joins)   # none went plain
    node = next(n for n in joins if isinstance(n, OrdinaryMatchNode)
                and n._pj_get({"x": 1, "y": 1, "c": 1}) == 1)           # equal_x, by x
    assert len(node._pj_l) == 3 and len(node.left_memory) == 3      # by x; experta's list
    left, right = list(node.left_memory), list(node.right_memory)
    node.left_memory, node.right_memory = [], []
    assert not node._pj_l and list(node.left_memory) == []
    node.left_memory, node.right_memory = left, right                 # a snapshot put back
    assert list(node.left_memory) == left and list(node.right_memory) == right


def _nodes(engine):
    seen, todo = {}, [engine.matcher.root_node]
    while todo:
        node = todo.pop()
        if id(node) not in seen:
            seen[id(node)] = node
            todo.extend(child.node for child in node.children)
    return list(seen.values())


class NegatedFirst(KnowledgeEngine):
    @Rule(A(x=~MATCH.v), B(x=MATCH.v))
    def negated_before_capture(self, v):
        pass


def test_negated_binding_before_capture_raises_as_in_experta():
    def run(engine):
        engine.reset()
        engine.declare(B(x=1))
        with pytest.raises(RuntimeError):
            engine.declare(A(x=2))
        return [n._pj_mode for n in _nodes(engine) if isinstance(n, OrdinaryMatchNode)] \
            if compat_matcher._ORIGINAL else None

    _, modes = _plain_and_indexed(NegatedFirst, run)
    assert modes == [False]                         # went back to experta's lists


class Wild(KnowledgeEngine):
    @Rule(A(x=W()), B(y=MATCH.y), C(y=MATCH.y))
    def wild(self, y):
        pass


def test_watching_match_at_debug_goes_plain_and_logs(caplog):
    from experta import watchers
    engine = Wild()
    engine.reset()
    engine.declare(A(x=1), B(y=1))
    watchers.watch("MATCH")
    try:
        with caplog.at_level("DEBUG"):
            engine.declare(C(y=2), C(y=1))
    finally:
        watchers.unwatch("MATCH")
    assert "= False" in caplog.text and "= True" in caplog.text
    assert [a.context["y"] for a in engine.agenda.activations] == [1]


def test_callbacks_keep_experta_names_for_the_inspector():
    engine = Joins()
    names = {child.callback.__name__ for node in _nodes(engine) for child in node.children}
    assert names == {"activate", "activate_left", "activate_right"}


def test_an_entry_without_the_join_variable_sends_the_join_back_to_experta():
    from experta.matchers.rete.token import TokenInfo
    engine = Joins()
    engine.reset()
    engine.declare(A(x=1, y=0), B(x=1, y=2))
    node = next(n for n in _nodes(engine) if isinstance(n, OrdinaryMatchNode)
                and n._pj_mode is True and n._pj_get({"x": 1, "y": 1, "c": 1}) == 1)
    odd = TokenInfo({A(x=5, y=5)}, {"y": 5})                # no x
    entries = list(node.left_memory) + [odd]
    node.left_memory = entries
    assert node._pj_mode is False and node.left_memory == entries   # experta's own list
    before = len(engine.agenda.activations)
    engine.declare(B(x=1, y=3))                                        # experta's join code
    assert len(engine.agenda.activations) > before
