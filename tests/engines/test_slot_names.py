"""A slot may be named like a function (``log``, ``abs``, ``return``, ``bind``): in
``assert``, ``modify`` and ``duplicate`` a slot's name is no call. Our engine refused
such programs as CLIPS does not (found by a tester, 2026-11-29: "?l is a multifield ...
argument #1 of (log ...) takes FLOAT or INTEGER", "[PRCDRPSR2] The return function is
not valid in this context"); each program runs on both engines to the same facts."""
from __future__ import annotations

import pytest

from pyengine.engine.clips import ClipsSession
from pyengine.engine.experta import ExpertaSession

PROGRAMS = {
    "a multislot named log": """(deftemplate acct (slot bal) (multislot log))
(deffacts d (acct (bal 10)))
(defrule apply ?a <- (acct (bal ?b&:(< ?b 12)) (log $?l)) =>
   (modify ?a (bal (+ ?b 1)) (log ?l x)))""",
    "a slot named abs given a symbol": """(deftemplate item (slot name (type SYMBOL)) (slot abs))
(defrule make (item (name ?n) (abs nil)) => (assert (item (name copy) (abs ?n))))
(deffacts d (item (name foo) (abs nil)))""",
    "a slot named return": """(deftemplate item (slot k) (slot return))
(deffunction make (?k) (assert (item (k ?k) (return 1))) (return ?k))
(defrule go (item (k 1)) => (make 2))
(deffacts d (item (k 1) (return 0)))""",
    "a slot named bind in a duplicate": """(deftemplate pair (slot bind) (slot n))
(deffacts d (pair (bind a) (n 1)))
(defrule copy ?p <- (pair (bind a) (n ?n)) => (duplicate ?p (bind b) (n (+ ?n 1))))""",
    "an ordered fact named log with a call": """(deffacts d (go))
(defrule make (go) => (assert (log (+ 1 2) (abs -4))))""",
}


@pytest.mark.parametrize("name", PROGRAMS)
def test_a_slot_named_like_a_function_runs_on_both_engines(name, tmp_path):
    path = tmp_path / "p.clp"
    path.write_text(PROGRAMS[name] + "\n")
    seen = []
    for session in (ClipsSession([path]), ExpertaSession.from_clp([path])):
        session.quiet()
        session.reset()
        session.run(20)
        seen.append(([f.text for f in session.facts()],
                     [(f.rule, f.matched) for f in session.trace]))
        session.close()
    assert seen[0] == seen[1]
    assert seen[0][1], "the program fires"


def test_an_ordered_fact_still_checks_its_calls(tmp_path):
    """Its fields are values: a call among them is checked as any call is."""
    from pyengine.engine.errors import UsageError
    path = tmp_path / "p.clp"
    path.write_text("(deffacts d (go))\n"
                    "(defrule bad (go) => (assert (log (+ 1 (return 2)))))\n")
    with pytest.raises(UsageError, match="PRCDRPSR2"):
        ExpertaSession.from_clp([path])
