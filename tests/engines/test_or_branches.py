"""The branches of an ``or`` that compare different variables get joins of their own.

A join is shared by rules (and by the disjuncts of one rule) whose chain up to it is
the same, as in CLIPS 6.4; what a join compares is named by pattern and field, so
``(c ?x)`` after ``(a ?x) (b ?z)`` and ``(c ?z)`` there (field 0 of pattern 1 and of
pattern 2) are different joins. Likewise a ``test`` CE and a predicate on variables
bound at different places. Each program fires as on CLIPS under every strategy."""
from __future__ import annotations

import pytest

from pyengine.engine.experta import ExpertaSession
from pyengine.engine.rete import lhs
from pyengine.engine.rete.alpha import PatternNetwork
from pyengine.engine.rete.builder import Builder
from pyengine.engine.rete.joins import Network
from pyengine.engine.rete.lhs import And, AndC, Or, Pattern, Var
from tests.conformance import random_clp

# the join's hash: ?x of pattern 1 against ?z of pattern 2, both field 0
HASH = """
(defrule r
   (a ?x)
   (b ?z)
   (or (c ?x) (c ?z))
   =>
   (printout t "r " ?x " " ?z crlf))
(deffacts start (a 1) (b 2) (c 2) (c 1))
"""
# a test CE on ?x and ?z, bound at swapped places in the two branches
TEST = """
(defrule r
   (or (and (a ?x) (a ?z)) (and (a ?z) (a ?x)))
   (test (> ?x ?z))
   =>
   (printout t "r " ?x " " ?z crlf))
(deffacts start (a 1) (a 2))
"""
# a predicate on ?x in the join (pattern 1 or pattern 2)
PREDICATE = """
(defrule r
   (or (and (a ?x) (a ?z)) (and (a ?z) (a ?x)))
   (b ?v&:(> ?v ?x))
   =>
   (printout t "r " ?x " " ?z " " ?v crlf))
(deffacts start (a 1) (a 5) (b 3))
"""
# CLIPS's firings under depth (rule, matched fact ids), the lines printed
ON_CLIPS = {
    "hash": (HASH, [("r", (1, 2, 4)), ("r", (1, 2, 3))], ["r 1 2", "r 1 2"]),
    "test": (TEST, [("r", (2, 1)), ("r", (1, 2))], ["r 2 1", "r 2 1"]),
    "predicate": (PREDICATE, [("r", (1, 1, 3)), ("r", (1, 2, 3)), ("r", (1, 1, 3)),
                              ("r", (2, 1, 3))],
                  ["r 1 1 3", "r 1 5 3", "r 1 1 3", "r 1 5 3"]),
}


@pytest.mark.parametrize("name", sorted(ON_CLIPS))
def test_or_branches_fire_as_on_clips(name, tmp_path):
    text, firings, printed = ON_CLIPS[name]
    path = tmp_path / f"or_{name}.clp"
    path.write_text(text)
    for strategy in random_clp.STRATEGIES:
        on_clips = random_clp.outcome(lambda: random_clp.clips_session(path), strategy)
        ours = random_clp.outcome(lambda: ExpertaSession.from_clp([path]), strategy)
        assert random_clp.first_difference(on_clips, ours) is None, (strategy, ours)
        if strategy == "depth":
            assert [(r, tuple(m)) for r, m in on_clips.firings] == firings
            assert list(on_clips.printed) == printed


# -- the builder --------------------------------------------------------------------------
def _p(template: str, *fields) -> Pattern:
    """An ordered pattern: a variable's name or a constraint per field."""
    elems = tuple(lhs.Elem(Var(f)) if isinstance(f, str) else lhs.Elem(f) for f in fields)
    return Pattern(template=template, slots=(lhs.Slot(None, elems, True),), ordered=True)


def _builder() -> Builder:
    return Builder(Network(), PatternNetwork(), strict=True)


def _rule(ces: list, name: str = "r") -> lhs.RuleSpec:
    return lhs.RuleSpec(name, ces, action=lambda ctx: None)


def _last_joins(builder: Builder, rule: lhs.RuleSpec) -> list:
    return [t.parent for t in builder.add(rule)]


def test_or_branches_comparing_different_variables_do_not_share_a_join():
    b = _builder()
    first, second = _last_joins(b, _rule([_p("a", "x"), _p("b", "z"),
                                          Or([[_p("c", "x")], [_p("c", "z")]])]))
    assert first is not second
    assert first.parent is second.parent            # (a ?x) (b ?z): one chain
    assert first.right is second.right              # (c ?): one pattern-network node
    assert first.share_key != second.share_key


def test_branches_comparing_the_same_place_still_share_a_join():
    """Names do not matter, places do: ``?y`` where ``?x`` was is the same join."""
    b = _builder()
    one, = _last_joins(b, _rule([_p("a", "x"), _p("b", "z"), _p("c", "x")], "one"))
    two, = _last_joins(b, _rule([_p("a", "y"), _p("b", "w"), _p("c", "y")], "two"))
    other, = _last_joins(b, _rule([_p("a", "y"), _p("b", "w"), _p("c", "w")], "other"))
    assert one is two
    assert other is not one and other.parent is one.parent


def _swapped(then: list) -> list:
    return [Or([[And([_p("a", "x"), _p("a", "z")])], [And([_p("a", "z"), _p("a", "x")])]]),
            *then]


def test_a_test_ce_on_variables_at_swapped_places_is_not_shared():
    b = _builder()
    test = lhs.Test(lambda v: v["x"] > v["z"], ("x", "z"), "(> ?x ?z)")
    first, second = _last_joins(b, _rule(_swapped([test])))
    assert first is not second
    assert first.parent is second.parent and first.right is second.right


def test_a_join_predicate_on_a_variable_at_swapped_places_is_not_shared():
    b = _builder()
    bigger = lhs.Pred(lambda v: v["v"] > v["x"], ("v", "x"), "(> ?v ?x)")
    first, second = _last_joins(b, _rule(_swapped([_p("b", AndC((Var("v"), bigger)))])))
    assert first is not second
    assert first.right is second.right
