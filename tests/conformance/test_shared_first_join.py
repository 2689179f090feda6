"""A rule that begins as an earlier rule's opening ``not (and ...)`` shares that
sub-network's first join, as CLIPS does: a fact reaching both rules activates them
in CLIPS's order (random program 776, shrunk), whichever order the rules come in."""
from __future__ import annotations

import itertools

import pytest

from pyengine.engine.experta import ExpertaSession
from tests.conformance.random_clp import clips_session, first_difference, outcome

RULES = [
    "(defrule opens-with-not (not (and (box (n ?x)) (s ?x&:(>= ?x 2) $?y))) =>)",
    "(defrule box-after-r (or (box (items) (n ?) (id ?x)) (r ~2 ~a)) ?f <- (box (id ?y)) =>)",
    "(defrule a-box ?f <- (box (n ?x)) =>)",
    "(defrule box-and-s (box (n ?x)) (s ?x $?) =>)",
]
HEAD = "(deftemplate box (slot id) (slot n (default 0)) (multislot items))\n"
FACTS = "(deffacts start (r 1 c) (box (items 1 3 3 1) (id 3)) (s 0 1) (box (id 4) (n 2)))\n"


@pytest.mark.parametrize("order", list(itertools.permutations(range(4), 3))[::3])
@pytest.mark.parametrize("strategy", ["depth", "breadth"])
def test_rules_sharing_a_sub_network_s_first_join_fire_as_on_clips(tmp_path, order, strategy):
    path = tmp_path / "shared.clp"
    path.write_text(HEAD + "\n".join(RULES[i] for i in order) + "\n" + FACTS)
    on_clips = outcome(lambda: clips_session(path), strategy)
    ours = outcome(lambda: ExpertaSession.from_clp([path]), strategy)
    assert on_clips.firings
    assert first_difference(on_clips, ours) is None
