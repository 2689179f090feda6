"""An ``or`` inside a ``not``, an ``exists``, a ``forall`` or an ``and`` within them, as
CLIPS 6.4 reads it: every ``or`` moved up (``(a (or b c))`` is ``(or (a b) (a c))``,
``(not (or a b))`` is ``(not a) (not b)``; reorder.c). Our engine refused these with a
Python TypeError until hand-written programs showed it; and a fact-set query over an
ordered relation (``(do-for-all-facts ((?f word)) ...)``), which CLIPS runs, said
"Unable to find deftemplate word". Each program runs on CLIPS and on ours under the
six deterministic strategies, with the same firings, facts and output. A fact address
in an ``or``'s branch (``(or ?f <- (a ?x) ?f <- (b ?x))``) was refused too."""
from __future__ import annotations

import pytest

from tests.conformance.random_clp import STRATEGIES, against_clips

PROGRAMS = {
    "or inside not, exists and forall": """
(deffacts s (a 1) (b 1) (c 2) (d 1) (a 2) (b 2) (c 3))
(defrule not-or (not (or (a 5) (c 9))) => (printout t "neither" crlf))
(defrule bound-not-or (a ?x) (not (or (b ?x) (c ?x))) => (printout t "bound " ?x crlf))
(defrule not-and-or (a ?x) (not (and (b ?x) (or (c ?x) (d ?x)))) => (printout t "n-a-o " ?x crlf))
(defrule nested (a ?x) (not (or (b ?x) (and (c ?y) (or (d ?y) (d ?x))))) => (printout t "ne " ?x crlf))
(defrule exists-or (exists (or (a ?x) (z ?x))) => (printout t "exists-or" crlf))
(defrule exists-and-or (exists (a ?x) (or (b ?x) (c ?x))) => (printout t "e-a-o" crlf))
(defrule forall-or (forall (a ?x) (or (b ?y&:(> ?y ?x)) (c ?x))) => (printout t "f-o" crlf))
(defrule forall-or-first (forall (or (a ?x) (d ?x)) (b ?x)) => (printout t "f-o-f" crlf))
(defrule logical-not-or (logical (not (or (q 1) (q 2)))) => (assert (no-q)))
(defrule add-q (declare (salience -5)) (no-q) (a 2) => (assert (q 2)))
""",
    "a fact address in an or's branches and in an and": """
(deffacts s (a 1) (b 2) (c 2) (c 0))
(defrule take (or ?f <- (a ?x) ?f <- (b ?x)) => (printout t "take " ?x crlf) (retract ?f))
(defrule and-addr (and ?g <- (c ?y) (test (> ?y 1))) => (printout t "and " ?y crlf) (retract ?g))
""",
    "a query over ordered relations": """
(deffacts s (word "a \\"quoted\\" \\\\ text") (big 12345678901234) (tiny 1.0e-7) (n 1) (n 2))
(defrule show
   =>
   (do-for-all-facts ((?f word big tiny)) TRUE (printout t ?f " " (fact-slot-value ?f implied) crlf))
   (printout t (length$ (find-all-facts ((?f n)) (> (nth$ 1 ?f:implied) 1))) crlf))
""",
}


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_runs_as_on_clips(tmp_path, name, strategy):
    assert against_clips(tmp_path / "program.clp", PROGRAMS[name], strategy) is None


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_each_rule_s_network_is_the_same_on_both_engines(name):
    """``network RULE`` on the CLIPS session reads the conditions with the same
    rewrites (it raised AttributeError on a ``(not (or ...))``), so both engines draw
    one network, node for node, with the same memories."""
    from pyengine.engine.clips import ClipsSession
    from pyengine.engine.clips_program import Source
    from pyengine.engine.experta import ExpertaSession
    from tests.test_network import shape
    source = Source("program.clp", PROGRAMS[name])
    clips, ours = ClipsSession(sources=[source]), ExpertaSession.from_clp(sources=[source])
    clips.quiet(True)
    for s in (clips, ours):
        s.reset()
        s.run(3)
    for rule in clips.rules():
        a, b = clips.network(rule).rule(rule), ours.network(rule).rule(rule)
        assert not a.listed and shape(a) == shape(b), rule
