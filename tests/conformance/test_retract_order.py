"""What a retraction frees comes back in CLIPS's order: a fact's matches newest
first, for each the tokens built on it newest first (each one's own before it), a
token that holds the fact neither blocking nor passing meanwhile; and a
``not (and ...)``'s results block every left token that agrees with them on the
earlier variables the group uses. Each program is a shrunk random program that once
fired in another order on our engine (its seed in random_clp)."""
from __future__ import annotations

import pytest

from pyengine.engine.experta import ExpertaSession
from tests.conformance.random_clp import STRATEGIES, clips_session, first_difference, outcome

PROGRAMS = {
    "440: freed through a forall": """
(defrule r1 ?f <- (r ?y ?z) => (retract ?f))
(deffacts start0 (r 1 1) (p 3 1) (p 1 1))
(defrule r2 ?g <- (p ?x&~2 ?y) (forall (r ?z&:(< ?z 3) ?) (r 2 ?x)) =>)
""",
    "918: two tokens freed by one not (and ...) result each": """
(defrule r1 ?f <- (p ? ?x) (not (and (r ?y ?y) (r ~?y ?z))) =>)
(deffacts start0 (p 2 a) (r 3 2) (r 1 1) (p 3 b))
(defrule r3 ?f <- (r ?x ~?x) => (retract ?f))
""",
    "621: a result blocks tokens it did not start from": """
(deffacts start0 (p 2 1))
(deffacts start1 (r a 2) (p 1 1) (p 3 3))
(defrule r1 (or (r ?x&~b $?y) (q ?x ?z) (q ?w ?u))
   (not (and (p ?j ?i) (r ?v ?i) (test (or (> ?j 2) (< ?i 2))))) =>)
(defrule r0 ?f <- (p ?x ?y) => (retract ?f) (assert (r a ?x)))
""",
    "a group that uses an earlier variable blocks only the tokens that agree": """
(deffacts start (k 1) (k 2) (m 1 5) (m 2 5) (n 5) (go))
(defrule pair (k ?a) (not (and (m ?a ?b) (n ?b))) => (printout t pair " " ?a crlf))
(defrule drop-n ?g <- (go) ?f <- (n ?) => (retract ?g ?f))
(defrule drop-m ?f <- (m ?a ?) (not (go)) => (retract ?f))
""",
}


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_a_retraction_frees_tokens_in_clips_s_order(tmp_path, name, strategy):
    path = tmp_path / "program.clp"
    path.write_text(PROGRAMS[name])
    on_clips = outcome(lambda: clips_session(path), strategy)
    ours = outcome(lambda: ExpertaSession.from_clp([path]), strategy)
    assert on_clips.firings and on_clips.error is None
    assert first_difference(on_clips, ours) is None
