"""When CLIPS 6.4 shares a join between two rules, and when a reset primes a rule
(found from the last four random programs whose watch lines came in another order).

* A rule with ``logical`` CEs does not share one join with an earlier rule when that
  join holds partial matches and is not marked logical by another rule. CLIPS checks
  the join one past the logical CEs (its count starts at one), and, as it loads a
  program, only joins after opening ``not`` s (and tests) hold anything (the empty
  partial match they pass). A rule that does not share a join keeps all of its own
  activations together when a fact leaves; one that shares interleaves them with the
  other rule's. Two rules with the same logical CEs share what they made.
* At a reset CLIPS primes the joins newest made first: a ``(not (and ...))`` opening a
  rule, made after its group, is primed before it, so ``(exists (or a b))`` (read as
  ``(not (and (not a) (not b)))``) is activated and dropped again as the reset
  primes it, and CLIPS's watch says so.

Each program runs on CLIPS and on our engine with activations watched: the same
events in the same order."""
from __future__ import annotations

import pytest

from tests.conformance.test_event_order import both

LEAVES = "(defrule k (declare (salience 10)) ?f <- (a) => (retract ?f))\n"
BLOCKS = "(defrule k (declare (salience 10)) (z) => (assert (b)))\n"
PROGRAMS = {
    "logical positive, shared": "(deffacts d (a) (c 1) (c 2))\n(defrule r3 (a) (c ?x) =>)\n"
                                "(defrule r5 (logical (a)) (c ?x) =>)\n" + LEAVES,
    "logical after a not, not shared": "(deffacts d (c 1) (c 2) (z))\n"
                                       "(defrule r3 (not (b)) (c ?x) =>)\n"
                                       "(defrule r5 (logical (not (b))) (c ?x) =>)\n" + BLOCKS,
    "logical over all, shared": "(deffacts d (c 1) (c 2) (z))\n"
                                "(defrule r3 (not (b)) (c ?x) =>)\n"
                                "(defrule r5 (logical (not (b)) (c ?x)) =>)\n" + BLOCKS,
    "logical after two nots": "(deffacts d (c 1) (c 2) (z))\n"
                              "(defrule r3 (not (b)) (not (e)) (c ?x) =>)\n"
                              "(defrule r5 (logical (not (b)) (not (e))) (c ?x) =>)\n" + BLOCKS,
    "logical after a not (and ...)": "(deffacts d (c 1) (c 2) (z))\n"
                                     "(defrule r3 (not (and (b) (e))) (c ?x) =>)\n"
                                     "(defrule r5 (logical (not (and (b) (e)))) (c ?x) =>)\n"
                                     "(defrule k (declare (salience 10)) (z) => (assert (b))"
                                     " (assert (e)))\n",
    "logical after exists, shared": "(deffacts d (c 1) (c 2) (b))\n"
                                    "(defrule r3 (exists (b)) (c ?x) =>)\n"
                                    "(defrule r5 (logical (exists (b))) (c ?x) =>)\n"
                                    "(defrule k (declare (salience 10)) ?f <- (b) => "
                                    "(retract ?f))\n",
    "logical after a test and a not": "(deffacts d (c 1) (c 2) (z))\n"
                                      "(defrule r3 (test (> 1 0)) (not (b)) (c ?x) =>)\n"
                                      "(defrule r5 (logical (test (> 1 0)) (not (b))) (c ?x) =>)\n"
                                      + BLOCKS,
    "two logical rules share theirs": "(deffacts d (c 1) (c 2) (z))\n"
                                      "(defrule r3 (not (b)) (not (e)) (c ?x) =>)\n"
                                      "(defrule r5 (logical (not (b))) (not (e)) (c ?x) =>)\n"
                                      "(defrule r6 (logical (not (b))) (not (e)) (c ?x) =>)\n"
                                      + BLOCKS,
    "logical before a forall": "(deffacts d (c 1) (c 2) (z) (q 1))\n"
                               "(defrule r3 (not (b)) (forall (q ?x) (c ?x)) (c ?y) =>)\n"
                               "(defrule r5 (logical (not (b))) (forall (q ?x) (c ?x)) (c ?y)"
                               " =>)\n" + BLOCKS,
    "exists of an or, primed at reset": "(deffacts d (a 1) (b 2))\n"
                                        "(defrule r (exists (or (a ?) (b ?))) => (printout t "
                                        "\"some\" crlf))\n"
                                        "(defrule s (c 1) (not (or (a ?) (b 3))) =>)\n"
                                        "(defrule k (declare (salience 10)) ?f <- (a 1) => "
                                        "(retract ?f) (assert (c 1)))\n",
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_both_engines_tell_the_same_events(tmp_path, name):
    on_clips, ours = both(tmp_path, PROGRAMS[name], limit=20, again=5)
    assert ours == on_clips
    assert any(e[0] == "deactivate" for e in on_clips)
