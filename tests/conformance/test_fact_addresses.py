"""A fact address after ``modify``, on CLIPS 6.4 and on our engine: CLIPS 6.4 changes
the fact itself, so ``?f`` bound before ``(modify ?f ...)`` is the modified fact
afterwards (a second ``modify``, ``fact-slot-value``, ``fact-index``, ``retract``,
``duplicate``, a query's ``?f:slot``). Our engine said "The fact f-1 has been
retracted" and stopped the action. Each program runs under the six strategies; the
firings, facts and printed lines must be the same.
"""
import pytest

from pyengine.engine.experta import ExpertaSession
from tests.conformance.random_clp import (STRATEGIES, clips_session, first_difference,
                                          outcome)

HEAD = """(deftemplate t1 (slot a) (slot b (default 0)))
(deffacts d (t1 (a 0)) (t1 (a 7) (b 2)) (go))
"""
PROGRAMS = {
    "two modifies": "(defrule r ?g <- (go) ?f <- (t1 (a 0)) => (retract ?g) "
                    "(modify ?f (a 1)) (modify ?f (b 2)))",
    "read after modify": "(defrule r ?g <- (go) ?f <- (t1 (a 0)) => (retract ?g) "
                         "(modify ?f (a 1)) (printout t (fact-slot-value ?f a) \" \" "
                         "(fact-index ?f) \" \" (fact-existp ?f) crlf))",
    "retract after modify": "(defrule r ?g <- (go) ?f <- (t1 (a 0)) => (retract ?g) "
                            "(modify ?f (a 1)) (retract ?f))",
    "duplicate after modify": "(defrule r ?g <- (go) ?f <- (t1 (a 0)) => (retract ?g) "
                              "(modify ?f (a 1)) (duplicate ?f (a 5)))",
    "modify into another fact": "(defrule r ?g <- (go) ?f <- (t1 (a 0)) => (retract ?g) "
                                "(modify ?f (a 7) (b 2)) (printout t (fact-existp ?f) "
                                "crlf))",
    "a query's slot after modify": "(defrule r ?g <- (go) => (retract ?g) "
                                   "(do-for-all-facts ((?f t1)) TRUE (modify ?f (b 9)) "
                                   "(printout t ?f:a \" \" ?f:b crlf)))",
    "modify in a loop": "(defrule r ?g <- (go) ?f <- (t1 (a 0)) => (retract ?g) "
                        "(loop-for-count (?i 3) (modify ?f (b ?i))) "
                        "(printout t (fact-slot-value ?f b) crlf))",
    "a later rule sees each version": "(defrule r ?g <- (go) ?f <- (t1 (a 0)) => "
                                      "(retract ?g) (modify ?f (a 1)) (modify ?f (a 2)))\n"
                                      "(defrule seen (t1 (a ?a)) => (printout t ?a crlf))",
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_a_fact_address_is_the_modified_fact_afterwards(tmp_path, name):
    path = tmp_path / "program.clp"
    path.write_text(HEAD + PROGRAMS[name] + "\n")
    for strategy in STRATEGIES:
        on_clips = outcome(lambda: clips_session(path), strategy)
        assert on_clips.error is None and on_clips.firings, on_clips.error
        ours = outcome(lambda: ExpertaSession.from_clp([path]), strategy)
        assert first_difference(on_clips, ours) is None, (strategy,
                                                         first_difference(on_clips, ours))
