"""What both sessions tell their listeners as a program runs (the shell's watch lines,
the web page's lists, a notebook's log): the same events in the same order, the order
CLIPS's own watch prints them. Within a firing that is the order things happen: a
fact's change, then the activations it takes and makes, the rule's printed lines
between its changes; a fact leaving takes its activations in CLIPS's order (a token
has a copy per join or rule after it, the oldest's first); a modify that its own
logical support refuses still tells its retraction, in place, with the whole fact."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.engine.errors import UsageError
from pyengine.engine.experta import ExpertaSession
from tests.conformance.random_clp import build, clips_session


def events(make, strategy: str = "depth", limit: int = 300, again: int = 0) -> list[tuple]:
    """The events after reset, as comparable tuples; with ``again``, those of a second
    reset (after the run) and of ``again`` firings after it too."""
    s = make()
    s.quiet()
    s.strategy = strategy
    s.watch("activations", True)
    s.reset()
    out: list[tuple] = []

    def on(ev, p):
        if ev in ("assert", "retract"):
            out.append((ev, p.id, p.text))
        elif ev in ("activate", "deactivate"):
            out.append((ev, p.rule, tuple(p.facts)))
        elif ev == "fire":
            out.append((ev, p.rule, tuple(p.matched)))
        else:
            out.append((ev, str(p)))
    s.listeners.append(on)
    s.run(limit)
    if again:
        out.append(("reset",))
        s.reset()
        s.run(again)
    s.close()
    return out


def both(tmp_path, text: str, strategy: str = "depth", **how) -> tuple[list, list]:
    path = tmp_path / "program.clp"
    path.write_text(text)
    return (events(lambda: clips_session(path), strategy, **how),
            events(lambda: ExpertaSession.from_clp([path]), strategy, **how))


PROGRAMS = {
    # r1's (not (and (s ...) ...)) begins with the join r6 made for (s ?w ?u): CLIPS puts
    # the not's own join second among the box's next joins, so r6 is activated first
    # (random seed 2271, shrunk; it differed at every reset)
    "a not (and ...) beginning with another rule's join": """
(deftemplate box (slot id) (slot n (default 0)) (multislot items))
(deffacts start0 (s 3 2) (box (id 2) (items 4)))
(defrule r6 ?f <- (box (n ?x&~1) (id ?y&~?x) (items $?z)) (s ?w ?u) => (assert (s 3 3)))
(defrule r1 (declare (salience 1))
   (logical ?f <- (box (n ?x&~1) (id ?y&~?x) (items $?z)))
   (not (and (s ?w ?) (q ?u&:(= ?u (+ ?y 1)) ?v)))
   =>
   (assert (s 3 ?y)))
""",
    "printed lines between the changes": """
(deffacts s (go))
(defrule r (go) => (assert (x 1)) (printout t "between" crlf) (assert (y 1)))
(defrule s (x ?n) => (printout t "x " ?n crlf))
""",
    # the retraction frees a not: its activation comes before the next assert
    "an activation a retraction makes, before the next change": """
(deffacts s (s 2 2) (s 3 2) (go))
(defrule r0 ?f <- (s 2 2) (go) => (retract ?f) (assert (t 2 2)))
(defrule r2 (s ?x ?y) (not (and (s ?x ?y) (s ?y ?z))) => (printout t "r2 " ?x crlf))
""",
    # a and b share their first join; a's copy of it is older than b's, so a's
    # activation goes first when the box leaves
    "a shared join's copies, the oldest first": """
(deftemplate box (slot id) (slot n))
(deffacts s (box (id 1) (n 1)) (go 1) (later))
(defrule a ?f <- (box (n ?x)) => (printout t "a" crlf))
(defrule b ?f <- (box (n ?x)) (go ?x) => (printout t "b" crlf))
(defrule c (declare (salience 5)) (later) ?f <- (box) => (retract ?f))
""",
    # (c ?x ?y) feeds the rules' first join and r2's second: r2's token is built on
    # the first join's token and on the same match; CLIPS links it to the match just
    # after the copy it was built through, so it goes just before that copy does
    "a token built twice on one match": """
(defrule r3 (c ?x ?y) (c 2 ?) =>)
(defrule r2 (c ?x ?y) (c ? ?) =>)
(defrule kill (declare (salience 10)) (go ?n) ?f <- (c ?n ?) => (retract ?f))
(deffacts s (c 1 a) (c 2 b) (c 3 c) (go 1) (go 2))
""",
    # a cell feeds r4's first join and, through the or's first branch, a later one: the
    # copies of partial matches made on one match are taken back newest first, one by
    # one, as CLIPS lists them per alpha match (random seed 2803, shrunk; seeds 1923,
    # 3517 and 3768 differed alike, in the order of a leaving fact's deactivations)
    "copies made on one match, taken back one by one": """
(deftemplate cell (slot k) (slot v (default a)))
(defrule r4 (declare (salience -2))
   ?f <- (cell)
   (forall (q ? ?x) (r ~?x ?y&:(= ?y ?x)))
   (or (cell (k ?z) (v ?w)) (q ?z ~1))
   =>
   (retract ?f)
   (printout t "r4" crlf))
(deffacts start0 (q 2 1) (cell (k 3) (v b)) (cell (k 3)))
""",
    # one cell blocks the token of each exists; when it leaves, the first exists lets
    # its token go, which takes the second's token (blocked by the same cell) with it:
    # that one has left the cell's block list (a KeyError on our engine at the second
    # reset until then; random seed 7347, shrunk)
    "a blocked token dropped while its blocker leaves": """
(deftemplate cell (slot k) (slot v (default a)))
(deftemplate box (slot id) (slot n (default 0)) (multislot items))
(defrule r3 (declare (salience -1))
   (exists (cell))
   (exists (cell (v ?x)))
   (not (q ?y ~1))
   (not (and (box (items $?z&:(> (length$ $?z) 2)) (id 1|3) (n 2)) (q 2 ?w)))
   =>
   (assert (t 2 1)))
(deffacts start0 (cell (k 3) (v c)) (cell (k 2) (v c)))
""",
    # r1 and r3 share the forall's sub-network but not its join (r3's logical keeps it
    # apart): CLIPS keeps a copy of each result per join, each with its own block list,
    # so when (t 2 3) leaves at the second reset r1's tokens go free before r3's
    # (random seed 11138, shrunk; 19861 differed alike)
    "one sub-network's results, a block list per join": """
(deftemplate cell (slot k) (slot v (default a)))
(deffacts start0 (t 2 3) (r 1 1) (t 3 2))
(defrule r1 (declare (salience -1))
   (r ?x ?y)
   (forall (t ? ?z) (t ?w ?z&:(< ?z ?w)))
   (exists (cell (v ?) (k ?u)))
   =>
   (assert (q b ?y)))
(defrule r3
   (logical (r ?x ?y))
   (forall (t ? ?z) (t ?w ?z&:(< ?z ?w)))
   (test (= ?x ?y))
   (or (and (t ?y ?x&:(evenp ?x)) (cell)) (and (s ?u ?u) (cell (k ~1)) (not (s ?v ?u))))
   =>
   (assert (p (- 4 ?x) (- 4 ?y))))
(deffacts start1 (r 2 2) (t 2 2) (cell (k 3)))
""",
    # the modify's new fact is refused (its own logical support went), so only the
    # retraction happens: it is told at once, whole, before the next firing
    "a modify its own logical support refuses": """
(deftemplate box (slot id) (slot n (default 0)) (multislot items))
(deffacts s (box (id 2) (items 1 2)) (box (id 1) (items 3)))
(defrule r (logical ?f <- (box (n ?x&:(< ?x 3)) (id ?))) => (modify ?f (n (+ ?x 1)) (id 3)))
""",
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_events_come_in_clips_order(tmp_path, name):
    on_clips, ours = both(tmp_path, PROGRAMS[name], again=5)    # a second reset's too
    assert on_clips == ours
    assert not any("..." in str(e) for e in on_clips)


@pytest.mark.parametrize("seed", [1923, 2803, 3517, 3768, 11138, 19861])
def test_the_last_random_programs_that_differed_tell_the_same_events(tmp_path, seed):
    """Seeds past the ones the heavy run compares, whose leaving facts took their
    activations in another order until copies were taken back one by one."""
    on_clips, ours = both(tmp_path, build(seed), again=40)
    assert on_clips == ours


def test_a_shared_joins_oldest_copy_goes_first(tmp_path):
    on_clips, _ = both(tmp_path, PROGRAMS["a shared join's copies, the oldest first"])
    gone = [e[1] for e in on_clips if e[0] == "deactivate"]
    assert gone == ["a", "b"]


RESET = """
(deftemplate a (slot x))
(deffacts d (a (x 1)) (a (x 2)) (go))
(defrule a0 (not (z)) =>)
(defrule e1 =>)
(defrule t1 (test (> 2 1)) =>)
(defrule e2 =>)
(defrule n1 (not (x)) =>)
(defrule t2 (test (> 2 1)) =>)
(defrule x1 (exists (a)) =>)
(defrule t3 (test (> 3 1)) =>)
(defrule e3 =>)
(defrule n2 (not (x)) (a (x ?v)) (not (a (x 3))) =>)
(defrule go (declare (salience 10)) (go) => (assert (a (x 3)) (x)))
"""


@pytest.mark.parametrize("fired", [0, 1])
def test_a_reset_tells_what_goes_and_comes_in_clips_order(tmp_path, fired):
    """What CLIPS's reset prints: the activations of rules with nothing to match
    (every rule with an empty LHS shares one join), those that passed an opening
    ``not`` (each newest join first), then every fact, oldest first, with what it
    held; then the same rules primed again, newest join first, and the deffacts."""
    on_clips, ours = both(tmp_path, RESET, limit=fired, again=1)
    assert on_clips == ours
    told = on_clips[on_clips.index(("reset",)):]
    assert [e[1] for e in told[1:7]] == ["t3", "t1", "t2", "e1", "e2", "e3"]
    assert ("retract", 1, "(a (x 1))") in told and ("assert", 1, "(a (x 1))") in told


BY_HAND = """
(deftemplate item (slot name) (slot n))
(deffacts s (item (name a) (n 1)) (a 1))
(defrule r (logical (a ?x)) => (assert (b ?x)))
(defrule q (b ?x) =>)
(defrule small (item (n ?n&:(< ?n 3))) =>)
"""

CHANGES = st.lists(st.one_of(
    st.tuples(st.just("assert"), st.sampled_from(["(a 2)", "(a 1)", "(b 5)",
                                                  "(item (name b) (n 2))"])),
    st.tuples(st.just("retract"), st.integers(1, 8)),
    st.tuples(st.just("modify"), st.integers(1, 8), st.integers(0, 4)),
    st.tuples(st.just("run"), st.integers(1, 2))), max_size=8)


def by_hand(make, changes) -> list[tuple]:
    """The events of changes made by hand (and short runs between them)."""
    s = make()
    s.quiet()
    s.watch("activations", True)
    s.reset()
    out: list[tuple] = []
    s.listeners.append(lambda ev, p: out.append(
        (ev, p.id, p.text) if ev in ("assert", "retract") else (ev, getattr(p, "rule", ""))))
    for change in changes:
        out.append(change)
        try:
            if change[0] == "assert":
                s.assert_fact(change[1])
            elif change[0] == "retract":
                s.retract(change[1])
            elif change[0] == "modify":
                s.modify(change[1], {"n": change[2]})
            else:
                s.run(change[1])
        except UsageError as e:     # no such fact, or not an item: said the same way
            out.append(("error", str(e)))
    s.close()
    return out


@settings(max_examples=40)
@given(changes=CHANGES)
def test_changes_by_hand_tell_clips_s_order_on_both(tmp_path_factory, changes):
    """CLIPS's session tells what CLIPS's own watch records say; ours must agree:
    a modify's retraction, the activations it takes, its assertion, those it makes;
    the facts a retraction takes away through truth maintenance; nothing for a
    duplicate or for a modify that changes nothing."""
    path = tmp_path_factory.mktemp("hand") / "program.clp"
    path.write_text(BY_HAND)
    assert by_hand(lambda: clips_session(path), changes) == \
        by_hand(lambda: ExpertaSession.from_clp([path]), changes)


@pytest.mark.parametrize("block", [0] + [pytest.param(b, marks=pytest.mark.heavy)
                                         for b in range(1, 7)])
def test_random_programs_tell_the_same_events(tmp_path, block):
    """Seeds 0-1399: the first 20 in the default run, the rest in the heavy one (seeds
    up to 9999 were compared once: all alike; see the README)."""
    starts = (0, 20, 210, 400, 650, 900, 1150, 1400)
    start, size = starts[block], starts[block + 1] - starts[block]
    differ = {}
    for seed in range(start, start + size):
        on_clips, ours = both(tmp_path, build(seed), again=40)
        if on_clips != ours:
            i = next((k for k, (a, b) in enumerate(zip(on_clips, ours)) if a != b),
                     min(len(on_clips), len(ours)))
            differ[seed] = f"event {i}: CLIPS {on_clips[i:i + 2]} ours {ours[i:i + 2]}"
    assert not differ, "\n".join(f"seed {s}: {d}" for s, d in differ.items())
