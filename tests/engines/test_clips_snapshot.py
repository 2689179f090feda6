"""CLIPS snapshots (engine/clips_snapshot.py): a goto that starts from a snapshot
rebuilt in the plan opened afresh gives exactly what a replay from the start gives:
the same facts (ids and text), the same agenda in the same order, and the same
firings when run on to the end. Where a rebuild could not be exact no snapshot is
taken, and a restore that does not match falls back to an earlier start."""
import sys
from pathlib import Path

import pytest

from pyengine.engine import clips_snapshot, timeline
from pyengine.engine.clips import ClipsSession
from pyengine.engine.stages import SessionPlan, Stage
from pyengine.engine.timeline import SnapshotMismatch, Timeline
from pyengine.ui.sessions import opener
from tests.conformance.harness import PROGRAMS, STRATEGIES, session
from tests.puzzle_args import SHELL_ARGS

ROOT = Path(__file__).resolve().parent.parent.parent
MANNERS = ROOT / "bench" / "manners"


def state(tl: Timeline) -> tuple:
    s = tl.session
    return ([(f.id, f.text) for f in s.facts()], [str(a) for a in s.agenda()], tl.fired)


def firings(tl: Timeline) -> list:
    return [(f.number, f.rule, f.matched, tuple(f.asserted), tuple(f.retracted))
            for f in tl.session.trace]


@pytest.fixture
def restores(monkeypatch):
    """Count the restores that worked, and make snapshots cheap to take in tests."""
    done = []
    real = ClipsSession.restore

    def counted(self, snap):
        result = real(self, snap)
        done.append(snap["fired"])
        return result
    monkeypatch.setattr(ClipsSession, "restore", counted)
    monkeypatch.setattr(timeline, "SNAPSHOT_COST_RATIO", 0)
    return done


def run_both(reopen, monkeypatch, every: int, targets=None) -> tuple[Timeline, list[int]]:
    """A timeline with snapshots every ``every`` firings and one without, both run to
    the end; for each target, goto on both must give the same state and the same
    firings on to the end. Returns the first timeline and the targets checked."""
    monkeypatch.setattr(timeline, "SNAPSHOT_EVERY", 10 ** 9)
    plain = Timeline(reopen)
    plain.runner.walk(None)
    monkeypatch.setattr(timeline, "SNAPSHOT_EVERY", every)
    tl = Timeline(reopen)
    tl.runner.walk(None)
    end = tl.fired
    assert end == plain.fired and firings(tl) == firings(plain)
    if targets is None:
        targets = sorted({end - 1, end - every - 2, end // 2, every + 1, 1} & set(range(end)))
    for k in reversed(targets):
        seen = []
        for t in (tl, plain):       # one at a time: CLIPS's rand() is the process's
            t.goto(k + 1)
            at = state(t)
            t.runner.walk(None)
            seen.append((at, firings(t), state(t)))
        assert seen[0] == seen[1], f"after goto {k + 1}"
    return tl, targets


@pytest.mark.parametrize("name", ["scramble", "scramble-solve"])
def test_scramble_puzzles(name, monkeypatch, restores):
    tl, _ = run_both(opener(name, SHELL_ARGS.get(name, [])), monkeypatch, 7)
    assert tl.snapshots and restores, f"{name}: no goto started from a snapshot"


def test_scramble_takes_no_snapshot_before_its_random_stage_is_over(monkeypatch, restores):
    """The RANDOMIZE stage orders its activations by CLIPS's random numbers, which a
    rebuilt session does not have: snapshots only once it is over."""
    tl, _ = run_both(opener("scramble", SHELL_ARGS["scramble"]), monkeypatch, 3)
    last_random = max(f.number for f in tl.session.trace if f.rule.startswith("randomize"))
    assert tl.snapshots and all(snap.fired >= last_random for snap in tl.snapshots)


def manners(n: int):
    sys.path.insert(0, str(MANNERS))
    import guests
    return guests.clp_facts(n)


@pytest.mark.parametrize("guests", [16, pytest.param(64, marks=pytest.mark.heavy)])
def test_manners(guests, monkeypatch, restores, tmp_path):
    facts = tmp_path / f"guests{guests}.clp"
    facts.write_text(manners(guests))

    def reopen():
        s = ClipsSession([MANNERS / "manners.clp", facts])
        s.reset()
        return SessionPlan(s, [])
    every = 7 if guests == 16 else 100
    targets = None if guests == 16 else [1135, 2270]   # 2,271 firings: two keep it quick
    _, targets = run_both(reopen, monkeypatch, every, targets)
    assert len(restores) == len([k for k in targets if k >= every])   # all restored


@pytest.mark.parametrize("program", sorted(PROGRAMS))
@pytest.mark.parametrize("strategy", [st if st in ("depth", "breadth", "lex")
                                      else pytest.param(st, marks=pytest.mark.heavy)
                                      for st in STRATEGIES])
def test_conformance_programs(program, strategy, monkeypatch, restores):
    def reopen():
        return SessionPlan(session(program, "clips", strategy), [])
    tl, targets = run_both(reopen, monkeypatch, 2)
    if strategy not in ("depth", "breadth"):
        assert not tl.snapshots        # lex, mea, ...: the facts' own time tags
    elif any(k >= 2 for k in targets) and program != "countdown":
        assert restores, f"{program}: no goto started from a snapshot"
    # countdown: an ordered (tick) asserted after its counter was modified cannot come
    # back after it at its own index; such snapshots fall back (the same firings)


def test_random_strategy_declines_and_still_goes_back(monkeypatch, restores):
    def reopen():
        s = session("join4", "clips", "depth")
        return SessionPlan(s, [Stage("GO", strategy="random")], seed=5)
    tl, _ = run_both(reopen, monkeypatch, 1)
    assert all(snap.fired == tl.fired for snap in tl.snapshots)    # once it is over
    s = session("join4", "clips", "random")
    assert s.snapshot() is None
    s.strategy = "depth"
    assert s.snapshot() is not None


LINKS = """
(deftemplate link (slot to))
(deffacts start (item 1) (item 2) (item 3))
(defrule link ?f <- (item ?n) => (assert (link (to ?f))) (assert (linked ?n)))
(defrule count (linked ?n) => (assert (counted ?n)))
"""


def test_a_fact_address_in_a_slot_declines(monkeypatch, restores):
    def reopen():
        s = ClipsSession(constructs=[c for c in LINKS.strip().split("\n")])
        s.reset()
        return SessionPlan(s, [])
    tl, _ = run_both(reopen, monkeypatch, 1)
    assert not restores
    assert [snap.fired for snap in tl.snapshots] == []      # from the first link on: none
    s = ClipsSession(constructs=LINKS.strip().split("\n"))
    s.reset()
    assert s.snapshot() is not None
    s.run(1)
    assert s.snapshot() is None


def test_a_restore_that_does_not_match_falls_back(monkeypatch, restores, tmp_path):
    facts = tmp_path / "guests16.clp"
    facts.write_text(manners(16))

    def reopen():
        s = ClipsSession([MANNERS / "manners.clp", facts])
        s.reset()
        return SessionPlan(s, [])
    monkeypatch.setattr(timeline, "SNAPSHOT_EVERY", 10)
    tl = Timeline(reopen)
    tl.runner.walk(None)
    end, trace = tl.fired, firings(tl)
    assert len(tl.snapshots) >= 3
    last = tl.snapshots[-1]
    last.state["lines"][-1] = last.state["lines"][-1].replace(")", " x)", 1)
    with pytest.raises(SnapshotMismatch):
        reopen().session.restore(last.state)
    tl.goto(end)
    assert last not in tl.snapshots and restores and restores[-1] < last.fired
    tl.runner.walk(None)
    assert firings(tl) == trace


def test_snapshot_is_cheap_and_leaves_no_file(tmp_path, monkeypatch):
    monkeypatch.setattr(clips_snapshot.tempfile, "tempdir", str(tmp_path))
    s = session("grandparent", "clips", "depth")
    s.run(2)
    snap = s.snapshot()
    assert snap["fired"] == 2 and snap["ids"] == [f.id for f in s.facts()]
    assert list(tmp_path.iterdir()) == []


TICKS = ("(deffacts init (counter 0))\n"
         "(defrule tick ?c <- (counter ?n&:(< ?n 60)) => (retract ?c) "
         "(assert (counter (+ ?n 1))))\n")
# Found by a tester (2026-11-29): a goto from a snapshot fired otherwise than the run.
TIME_ORDER = TICKS + """(deftemplate cell (slot id) (slot v (default 0)))
(defrule make-cells (declare (salience 10)) (counter 0) =>
   (assert (cell (id a)) (cell (id b)) (cell (id c))))
(defrule touch-a (declare (salience 5)) (counter 10) ?f <- (cell (id a) (v 0)) =>
   (modify ?f (v 1)))
(defrule see (go) (cell (id ?i)) => (printout t "see " ?i crlf))
(defrule go-at-60 (counter 60) => (assert (go)))
"""
FLOATS = TICKS + """(defrule make-val (declare (salience 10)) (counter 0) =>
   (assert (val (+ 0.1 0.2))))
(defrule check (counter 60) (val ?x&:(> ?x 0.3)) => (printout t "above" crlf))
"""
GLOBAL_IN_TEST = """(defglobal ?*limit* = 10)
(deffunction ok (?x) (> ?x ?*limit*))
(deffacts init (counter 0))
(defrule tick ?c <- (counter ?n&:(< ?n 60)) => (retract ?c)
   (if (= ?n 10) then (bind ?*limit* 0))
   (if (= ?n 20) then (assert (a 5)))
   (if (= ?n 30) then (bind ?*limit* 10))
   (assert (counter (+ ?n 1))))
(defrule go-at-60 (counter 60) => (assert (go)))
(defrule r (a ?x) (test (ok ?x)) (go) => (printout t "r fired for " ?x crlf))
"""


# Found by a tester (2026-11-29): a symbol, the fact duplication setting, the strategy
# and a rule a rule built came back otherwise (or not at all) from a snapshot.
SYMBOLS = TICKS + """(defrule make (declare (salience 10)) (counter 0) =>
   (assert (mark (sym-cat 7)) (place (sym-cat "new york"))))
(defrule check (counter 60) (mark ?m&:(symbolp ?m)) (place ?p) =>
   (printout t "a symbol, and one place" crlf))
"""
# A second round (2026-11-29): a sym-cat in a deffacts (or a global, a default) was not
# looked for: the symbol 7 came back the integer 7 after a goto
SYMBOLS_GIVEN = TICKS + """(deffacts marks (mark (sym-cat 7)))
(defrule check (counter 60) (mark ?m&:(symbolp ?m)) =>
   (printout t "a symbol" crlf))
"""
DUPLICATION = TICKS + """(defrule allow (declare (salience 10)) (counter 5) =>
   (set-fact-duplication TRUE))
(defrule twice (counter 60) => (assert (x)) (assert (x))
   (printout t (length$ (find-all-facts ((?f x)) TRUE)) " x facts" crlf))
"""
STRATEGY = TICKS + """(defrule switch (declare (salience 10)) (counter 5) =>
   (set-strategy breadth))
(defrule fan (counter 60) => (assert (y 1) (y 2) (y 3)))
(defrule show (y ?n) => (printout t "y " ?n crlf))
"""
BUILT = TICKS + """(defrule make-rule (declare (salience 10)) (counter 5) =>
   (build "(defrule late (counter 60) => (printout t \\"late\\" crlf))"))
"""


@pytest.mark.parametrize("text, restored", [(TIME_ORDER, True), (FLOATS, False),
                                            (GLOBAL_IN_TEST, False), (SYMBOLS, False),
                                            (SYMBOLS_GIVEN, False),
                                            (DUPLICATION, False), (STRATEGY, False),
                                            (BUILT, False)])
def test_a_goto_from_a_snapshot_fires_as_the_run_did(text, restored, monkeypatch,
                                                     restores, tmp_path):
    """A fact modified after later ones were asserted came back in index order, so the
    rules met the facts (and fired) in another order: the rebuild now modifies again
    the facts past the order it has, in the order of their time tags. A float that
    save-facts writes in 15 digits (0.1 + 0.2) and a test calling a function that
    reads a defglobal take no snapshot (they came back otherwise)."""
    path = tmp_path / "p.clp"
    path.write_text(text)

    def reopen():
        s = ClipsSession([path])
        s.reset()
        return SessionPlan(s, [])
    tl, targets = run_both(reopen, monkeypatch, 7, [20, 40, 60])
    assert bool(restores) is restored and bool(tl.snapshots) is restored
    assert tl.session.trace[-1].output or text is TIME_ORDER


def test_a_strategy_a_rule_sets_is_the_one_the_views_show(tmp_path):
    path = tmp_path / "p.clp"
    path.write_text(STRATEGY)
    s = ClipsSession([path])
    s.reset()
    assert s.strategy == "depth"
    s.run(10)
    assert s.strategy == "breadth"          # as CLIPS's (get-strategy) says


# Found by a tester (2026-11-29): cells modified after later facts came, so a rebuild
# modifies them to a placeholder and back, and a rule's test on the placeholder failed.
NOISY = """(deftemplate cell (slot id) (slot n))
(deftemplate note (slot i) (slot n))
(deffacts d (cell (id 1) (n 0)) (cell (id 2) (n 0)) (cell (id 3) (n 0)))
(defrule step-cell ?c <- (cell (id ?i) (n ?n&:(< ?n 400)))
  => (modify ?c (n (+ ?n ?i)))
     (if (= (mod ?n 50) 0) then (assert (note (i ?i) (n ?n)))))
(defrule drop (declare (salience 5)) ?x <- (note (i ?i) (n ?n&:(= (mod ?n 100) 0)))
  => (retract ?x))
(defrule pairs (declare (salience -5)) (note (i ?i) (n ?n)) (note (i ?j&:(> ?j ?i)) (n ?n))
  => (printout t "pair " ?i " " ?j " " ?n crlf))
"""


def test_a_rebuild_prints_nothing_of_its_own(monkeypatch, restores, tmp_path, capfd,
                                             caplog):
    """The rebuild modifies facts to a placeholder and back; a rule's test failing on
    the placeholder printed CLIPS's errors to the terminal during a goto."""
    path = tmp_path / "p.clp"
    path.write_text(NOISY)

    def reopen():
        s = ClipsSession([path])
        s.reset()
        return SessionPlan(s, [])
    capfd.readouterr()
    run_both(reopen, monkeypatch, 100, [600])
    assert restores
    out, err = capfd.readouterr()
    said = out + err + caplog.text          # clipspy logs CLIPS's errors
    assert "ARGACCES" not in said and "DRIVE1" not in said
