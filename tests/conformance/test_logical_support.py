"""Truth maintenance when a rule's action takes its own logical support away, as
CLIPS 6.4 does it (lgcldpnd.c, AddLogicalDependencies; found by random programs with
``logical``, their seeds in random_clp): a support unlinked because the fact of the
last logical pattern was retracted lets nothing more be asserted; one only dropped
with an earlier pattern's fact lets the assert through, and what it asserts stays.
Each program runs on CLIPS and on our engine under every deterministic strategy."""
from __future__ import annotations

import pytest

from pyengine.engine.experta import ExpertaSession
from tests.conformance.random_clp import STRATEGIES, clips_session, first_difference, outcome

BOX = "(deftemplate box (slot id) (slot n (default 0)) (multislot items))\n"
PROGRAMS = {
    # the support's own fact goes first: nothing is asserted (no id is used)
    "4: retract then assert": """
(deffacts start0 (r 1 3) (r 2 3))
(defrule r2 (logical ?f <- (r ?x 3)) => (retract ?f) (assert (t ?x b)) (assert (u ?x)))
(defrule after (t ?x b) => (assert (seen ?x)))
""",
    # a modify retracts the fact of the rule's own logical: the new version is not
    # asserted, so the box is gone
    "9: modify inside its own logical": """
(deffacts start0 (box (id 1) (items) (n 0)) (q 1))
(defrule r1 (logical ?f <- (box (id ?) (n ?x&:(< ?x 3)))) => (modify ?f (n (+ ?x 1)) (id ?x)))
(defrule r2 (q ?x) => (assert (box (id 7) (n ?x))))
""",
    # the retracted fact is also an earlier logical pattern's, reached first: the
    # support is dropped, not unlinked, and what is asserted stays
    "820: an earlier pattern's fact": """
(deffacts start0 (box (n 1)) (box (n 3)))
(defrule r0 (logical ?f <- (box (n ?x)) ?g <- (box (n 1))) => (retract ?g) (assert (r b ?x)))
(defrule r5 (r b ?x) => (assert (got ?x)))
""",
    # a duplicate asserted after the support went adds no support to the one there
    "duplicate after the support went": """
(deffacts start0 (p 1) (p 2) (k 1))
(defrule hold (logical (k ?x)) => (assert (q ?x)))
(defrule r (logical ?f <- (p ?x)) => (retract ?f) (assert (q 1)))
(defrule drop (declare (salience -5)) ?k <- (k 1) => (retract ?k))
""",
}


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_a_support_taken_by_its_own_action_as_on_clips(tmp_path, name, strategy):
    path = tmp_path / "program.clp"
    path.write_text(BOX + PROGRAMS[name])
    on_clips = outcome(lambda: clips_session(path), strategy)
    ours = outcome(lambda: ExpertaSession.from_clp([path]), strategy)
    assert on_clips.firings and on_clips.error is None
    assert first_difference(on_clips, ours) is None
