"""Where our network's shape decided an order CLIPS decides otherwise: each program a
shrunk random program (its seed in random_clp) that fired in another order, run on
CLIPS and on our engine under every deterministic strategy."""
from __future__ import annotations

import pytest

from tests.conformance.random_clp import STRATEGIES, against_clips

BOX = "(deftemplate box (slot id) (slot n (default 0)) (multislot items))\n"
PROGRAMS = {
    # a reset activates the rules with nothing to match before those opening with not
    "1101: primed in two rounds": """
(defrule r0 =>)
(defrule r4 (not (and (r ? $?x) (box (n ~1) (items $?y ?z $?w)))) =>)
(defrule r5 =>)
""",
    # (< ?z 3) and (< ?y 3) on one slot are one pattern-network test
    "1330: one test whatever the variable is called": """
(deffacts start0 (box (n 1) (items 2 3) (id 3)))
(defrule r3 ?f <- (box (n ?z&:(< ?z 3))) =>)
(defrule r2 ?g <- (box (n ?y&:(< ?y 3)) (id ?x) (items $? 2 $?)) =>)
""",
    # (items $?w) alone tests nothing: no pattern node
    "1626: a multislot's one multifield has no node": """
(deffacts start1 (box (n 1) (items) (id 1)) (box (id 1) (items)))
(defrule r2 (forall (box (id ?)) (box (items $?z) (n ?)))
   (or (box (items $?w)) (q ?u 2) (q ?v&~3 ?i)) (box (n ?)) =>)
""",
    # two rules with the same not (and ...) share its sub-network and its join
    "1111: a shared not (and ...)": """
(defrule r1 ?f <- (q ?x ?) (not (and (t ?y ?x) (q ?y 3))) =>)
(defrule r0 ?f <- (q ?x ?) (not (and (t ?y ?x) (q ?y 3))) => (assert (q (min 3 (+ ?x 1)) ?x)))
(deffacts start0 (t 3 3) (q 2 2))
(defrule r4 ?f <- (t ? ?x) => (retract ?f))
""",
    # (t ?z 3) after (t ?z 1) is hashed on ?z: its selector node on the constant's
    # field is its own, not (t ?x 1)'s, and new nodes go first, so f-2 reaches r2
    # before r6
    "2587: a selector carries its pattern's hash": """
(defrule r0 (t ?x 1) =>)
(defrule r6 (t ? ?x&:(<> ?x 1)) =>)
(deffacts start0 (t b 1) (t b 3))
(defrule r2 (t ?z 1) (t ?z 3) =>)
""",
    # the same inside an exists: (t b ?z) keeps apart from (t b ?u)
    "2650: a hashed selector inside exists": """
(defrule r4 => (assert (t b 3)))
(deffacts start0 (t c 3) (r 3 2) (r 2 1))
(defrule r2 ?f <- (r ?x ?y) (exists (t c ?z) (t b ?z)) (t b ?u) =>)
""",
    # or-disjuncts whose constants sit on hashed fields
    "2464: a hashed selector in an or": """
(defrule r6 (or (p ?x&:(neq ?x a) ?y) (p ?x ?y)) ?g <- (p a ?y) =>)
(deffacts start0 (p c 3))
(defrule r3 ?f <- (p ?x ?) =>)
(defrule r1 (p c ?) =>)
""",
    "2453: hashed selectors in two ors": """
(defrule r2 (q a ?x) =>)
(deffacts start0 (q c 2) (q c 1))
(defrule r5 (or (and (q ?u&:(neq ?u b) ?v) (q ?u ?i&~?v)) (q ?u ?v))
   (or (and (q c ?v) (q ?x1 ?)) (q ?x1 ?v) (q ?x1 2)) =>)
""",
    # a slot with one multifield has single-field nodes: (items ?x $?) and
    # (items $? ?y) share the node that checks the slot holds one field
    "3812: one multifield, single-field nodes": """
(deffacts start0 (box (items 1) (id 3) (n 1)))
(defrule r1 ?f <- (box (n ?) (items ?x $?)) =>)
(defrule r0 ?f <- (box (items $? ?y) (id ?) (n ?x&:(< ?x 3))) =>)
""",
    "3375: one multifield on an ordered fact and a slot": """
(defrule r0 ?f <- (box (items ?z $?)) =>)
(deffacts start0 (box (id 3) (items 1 4 1 3) (n 2)) (t 1 2 3))
(defrule r4 (box (items $? ?y) (id ?z&:(oddp ?z))) =>)
(defrule r5 (t ?a $?) =>)
(defrule r6 (t $? ?b&:(> ?b 2)) =>)
(defrule r7 (t $? ?b) (t ?b $?) =>)
""",
    "3739: a test after the multifield reads from the end": """
(defrule r0 (not (box (items ?i $?) (n 3) (id ?y))) =>)
(defrule r3 ?f <- (box (items $? ?y) (n ?x&:(< ?x 3))) =>)
(deffacts start0 (box (items 4 4) (n 2) (id 3)) (box (items 4 5 6) (n 1)))
(defrule r5 ?g <- (box (items ?y $?) (n ?x&:(< ?x 3))) =>)
(defrule r8 (box (items ?a&:(> ?a 4) $?)) =>)
(defrule r9 (box (items $? ?a&:(> ?a 4))) =>)
(defrule r10 (box (items $?m&:(> (length$ ?m) 1) ?)) =>)
""",
}


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_the_network_s_shape_gives_clips_s_order(tmp_path, name, strategy):
    assert against_clips(tmp_path / "program.clp", BOX + PROGRAMS[name], strategy) is None
