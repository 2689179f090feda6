"""Truth maintenance when a rule's action takes its own logical support away, as
CLIPS 6.4 does it (lgcldpnd.c, AddLogicalDependencies; found by random programs with
``logical``, their seeds in random_clp): a support unlinked because the fact of the
last logical pattern was retracted lets nothing more be asserted; one only dropped
with an earlier pattern's fact lets the assert through, and what it asserts stays.
Each program runs on CLIPS and on our engine under every deterministic strategy."""
from __future__ import annotations

import pytest

from tests.conformance.random_clp import STRATEGIES, against_clips

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
    # the support is linked before the fact matches (CLIPS): asserting (c 1) blocks
    # the rule's own not, so (c 1) loses its support at once and goes, the not holds
    # again, and the rule fires again: a loop, up to the firing limit, on both
    "a fact that blocks its own support's not": """
(deffacts start0 (a 1))
(defrule r (logical (a ?x) (not (c ?x))) => (assert (c ?x)) (assert (d ?x)))
""",
    # what assert, modify and duplicate return when nothing could be made: FALSE
    "what the calls return then": """
(deftemplate cup (slot n))
(deffacts start0 (cup (n 0)))
(defrule r (logical ?f <- (cup (n 0)))
   => (bind ?r (modify ?f (n 1))) (printout t "modify " ?r crlf)
      (printout t "assert " (assert (q 1)) crlf))
""",
    # a fact already there, asserted again under a support dropped earlier in the
    # action: the tie to the dead match holds it only till the firing ends; when its
    # other support goes later, it goes (seed 3043 of random_clp)
    "3043: a tie to a dropped match lasts one firing": """
(deffacts start0 (a 1) (g 1) (h 1))
(defrule hold (logical (a ?x)) => (assert (q ?x)))
(defrule tie (declare (salience -1)) (logical ?g <- (g ?x) (h ?x)) => (retract ?g) (assert (q ?x)))
(defrule drop (declare (salience -5)) ?a <- (a 1) => (retract ?a))
(defrule seen (declare (salience -9)) (q ?x) => (printout t "q " ?x crlf))
""",
    # ... and while the firing lasts it holds the fact: its other support going in the
    # same action takes nothing, and once the tie is cut the fact has no support to lose
    "a tie to a dropped match holds the firing through": """
(deffacts start0 (a 1) (g 1) (h 1))
(defrule hold (logical (a ?x)) => (assert (q ?x)))
(defrule tie (declare (salience -1)) (logical ?g <- (g ?x) (h ?x)) ?a <- (a ?x)
   => (retract ?g) (assert (q ?x)) (retract ?a))
(defrule seen (declare (salience -9)) (q ?x) => (printout t "q " ?x crlf))
""",
    "not, exists and or inside logical": """
(deffacts start0 (a 1) (a 2) (b 1) (e 2))
(defrule r (logical (a ?x) (not (b ?x))) => (assert (c ?x)))
(defrule s (c ?x) => (assert (b ?x)))
(defrule u (logical (a ?x) (exists (e ?y&:(>= ?y ?x)))) => (assert (f ?x)))
(defrule v (logical (or (a ?x) (e ?x))) => (assert (g ?x)))
(defrule t (declare (salience -1)) ?f <- (b 1) => (retract ?f))
(defrule w (declare (salience -2)) ?f <- (e 2) => (retract ?f))
""",
}


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_a_support_taken_by_its_own_action_as_on_clips(tmp_path, name, strategy):
    assert against_clips(tmp_path / "program.clp", BOX + PROGRAMS[name], strategy) is None
