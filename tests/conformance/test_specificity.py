"""A rule's specificity as CLIPS 6.4 counts it, read back from CLIPS itself: under the
simplicity strategy the rule and a reference rule of known specificity (a pattern of
k fields: k) activated together fire lower first, so the smallest k at which the rule
comes first is its specificity (a tie goes to the older activation, the rule's).
Test CEs count by where they stand: after a pattern their calls, after a one-pattern
``not``/``exists`` nothing, at the start or after a group one more than their calls."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyengine.engine.experta import ExpertaSession

clips = pytest.importorskip("clips")

TEMPLATES = ("(deftemplate box (slot id) (slot n (default 0)) (multislot items))",
             "(deftemplate cell (slot k) (slot v (default a)))")
BOX = "?f <- (box (items $?y ?z $?w) (n ?x&:(< ?x 2)))"
LHS = {
    "a test after a pattern": BOX + " (test (member$ ?z $?y))",
    "a test after exists": BOX + " (exists (cell (v ?) (k ?z))) (test (member$ ?z $?y))",
    "tests after not": BOX + " (not (r ?z ?x)) (test (> ?x 0)) (test (< ?x 5))",
    "a test after forall": BOX + " (forall (p ?u ?x) (cell (k ?x))) (test (> ?x 0))",
    "two tests after not (and ...)":
        BOX + " (not (and (r ?z ?x) (cell (k ?z)))) (test (> ?x 0)) (test (and (> ?x 0) (< ?x 5)))",
    "tests first": "(test (> 2 1)) (test (< 1 2)) " + BOX,
    "a test inside a group": BOX + " (not (and (test (> ?x 1)) (r ?q ?x)))",
    "exists, test, not": BOX + " (exists (cell (v ?) (k ?z))) (test (member$ ?z $?y))"
                         " (not (r ?z&:(> ?z ?x) ?x))",
}


def _clips_specificity(lhs: str) -> int:
    for k in range(1, 25):
        env = clips.Environment()
        for text in TEMPLATES:
            env.build(text)
        env.build(f"(defrule X {lhs} =>)")
        env.build("(defrule REF (trigger" + " a" * (k - 1) + ") =>)")
        env.eval("(set-strategy simplicity)")
        env.reset()
        for fact in ("(cell (k 2))", "(box (items 2 4 2) (n 1))", "(trigger" + " a" * (k - 1) + ")"):
            env.eval(f"(assert {fact})")
        names = [a.name for a in env.activations()]
        assert "X" in names, "the rule under test must be activated"
        if names[0] == "X":
            return k
    raise AssertionError("no reference rule came after it")


@pytest.mark.parametrize("name", sorted(LHS))
def test_specificity_is_what_clips_counts(tmp_path: Path, name):
    path = tmp_path / "rule.clp"
    path.write_text("\n".join(TEMPLATES) + f"\n(defrule X {LHS[name]} =>)\n")
    session = ExpertaSession.from_clp([path])
    assert session.rete.rules["X"].specificity == [_clips_specificity(LHS[name])]
