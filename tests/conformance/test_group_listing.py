"""The order in which ``matches`` lists a group's partial matches, and its sections, as
CLIPS 6.4 lists them (2026-11-29): found by comparing programs written to vary how a
``not``/``exists`` over several CEs names the variables bound before it.

* The tokens entering a group are listed from the memory of the group's first join
  (rulecom.c walks into the group's sub-network), not the group's own;
* a group's results are hashed on each mention of an earlier variable, in the order
  CLIPS reads them (generate.c ``AddNandUnification``): a field's calls before its
  variable, a call's arguments last first, the tests after a pattern as one call, a
  variable named in a field of the group the group's own from there on;
* an ``exists`` over several CEs stays two nots where its first pattern begins another
  group too (reorder.c ``MarkExistsNands``), and ``(not (and (not (and A B))))`` is an
  exists.

Each program's listing, rows in order, is CLIPS's on our engine (they were in another
order, or had a section too few or too many)."""
from __future__ import annotations

import random

import pytest

from pyengine.engine.clips import ClipsSession
from pyengine.engine.experta import ExpertaSession
from pyengine.engine.trace import matches_lines


def _facts(seed: int) -> str:
    r = random.Random(seed)
    facts = [f"(a {i} {r.randint(1, 9)})" for i in range(1, 25)]
    facts += [f"(b {r.randint(1, 24)})" for _ in range(8)]
    facts += [f"(c {r.randint(1, 9)})" for _ in range(8)]
    facts += [f"(d {r.randint(1, 9)})" for _ in range(4)]
    r.shuffle(facts)
    return "(deffacts f " + " ".join(facts) + ")\n"


RULES = [
    "(a ?x ?y) (not (and (b ?z) (c ?y&:(> ?y ?x))))",                  # call, then field
    "(a ?x ?y) (not (and (b ?z) (c ?w) (test (> ?w ?x ?y))))",          # last argument first
    "(a ?x ?y) (not (and (b ?z) (c ?w) (test (> ?w ?x)) (test (> ?z ?y))))",  # tests: one
    "(a ?x ?y) (not (and (b ?z&:(> ?z ?x)) (c ?w&:(> ?w ?x)) (d ?y)))",  # each mention
    "(a ?x ?y) (not (and (b ?z) (not (and (c ?w&:(> ?w ?x)) (d ?y))) (d ?v)))",
    "(a ?x ?y) (not (and (b ?x&:(> ?x 0)) (c ?w)))",                    # the field's own
    "(a ?x ?y) (not (and (not (and (b ?w&:(>= ?w ?y)) (c ?x)))))",      # an exists
]


def listings(path) -> list[list[str]]:
    """Rule g's ``matches`` listing after a reset, our ``;;`` labels left out: CLIPS's,
    then our engine's."""
    clips, ours = ClipsSession([path]), ExpertaSession.from_clp([path], record=False)
    try:
        clips.reset()
        ours.reset()
        return [[line for line in matches_lines(s.matches("g")) if not line.startswith(";;")]
                for s in (clips, ours)]
    finally:
        clips.close()
        ours.close()


@pytest.mark.parametrize("n", range(len(RULES)))
def test_a_group_s_partial_matches_are_listed_as_clips_lists_them(n, tmp_path):
    path = tmp_path / f"group{n}.clp"
    path.write_text(_facts(11 + n) + f"(defrule g {RULES[n]} =>)\n")
    said = listings(path)
    assert said[0] == said[1]


def test_an_exists_opening_with_a_group_is_two_nots_as_in_clips(tmp_path):
    """CLIPS lists two joins for the group (the inner not's, empty here, then the
    outer's); an exists join of ours listed one."""
    path = tmp_path / "twice.clp"
    path.write_text("(deffacts f (a 1) (a 2) (b 1) (c 1) (c 2))\n"
                    "(defrule g (a ?x) (exists (and (forall (b ?x) (c ?x)) (c ?x))) =>)\n")
    said = listings(path)
    assert said[0] == said[1]
    assert said[1].count("Partial matches for CEs 1 (P1) , 2 (P2 - P4)") == 2
