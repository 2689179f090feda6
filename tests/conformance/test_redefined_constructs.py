"""Constructs defined again, on our engine as on CLIPS 6.4 (a conformance tester's
findings, 2026-11-29): a deffunction declared first and defined later (CLIPS's way to
write functions that call each other) or redefined is called with its last body
everywhere, rules, deffacts and functions compiled before included (ours kept the
first body there: FALSE); a deffacts defined again replaces the first and moves last
(ours asserted both); a variable bound to two patterns' facts is refused, as CLIPS
refuses it."""
from __future__ import annotations

import re

import pytest

from tests.conformance.random_clp import against_clips

PROGRAMS = {
    "forward declaration": """(deffunction g ())
(deffunction f () (g))
(deffunction g () 42)
(deffacts d (go))
(defrule r (go) => (printout t "f=" (f) " g=" (g) crlf))
""",
    "mutual recursion": """(deffunction odd (?n))
(deffunction even (?n) (if (= ?n 0) then TRUE else (odd (- ?n 1))))
(deffunction odd (?n) (if (= ?n 0) then FALSE else (even (- ?n 1))))
(deffacts d (go))
(defrule r (go) => (printout t (even 10) " " (odd 7) " " (even 3) crlf))
""",
    "redefined after a rule's test": """(deffunction ok (?x) (> ?x 5))
(defrule r (v ?x&:(ok ?x)) => (printout t "v " ?x crlf))
(deffunction ok (?x) (< ?x 5))
(deffacts d (v 1) (v 9))
""",
    "redefined after a deffacts": """(deffunction five () 5)
(deffacts d (v (five)) (w 1))
(deffunction five () 10)
(defrule r (v ?x) (w ?y) => (printout t ?x " " ?y crlf))
""",
    "deffacts defined again": """(deffacts a (x 1))
(deffacts b (y 1))
(deffacts a (x 2))
(defrule r (x ?a) (y ?b) => (printout t "x=" ?a crlf))
(defrule s (y ?b) => (printout t "y=" ?b crlf))
""",
}


@pytest.mark.parametrize("strategy", ["depth", "breadth"])
@pytest.mark.parametrize("name", list(PROGRAMS))
def test_a_construct_defined_again_is_the_last_definition(name, strategy, tmp_path):
    assert against_clips(tmp_path / "again.clp", PROGRAMS[name], strategy) is None


def test_a_deffunction_defined_again_with_other_parameters_is_refused_on_clips(tmp_path):
    """CLIPS 6.4 loads ``(deffunction g (?a))``, a function calling ``(g 1)``, then
    ``(deffunction g (?a ?b) (+ ?a ?b))``, and the call reads ?b past the arguments'
    end: the shell died of a segmentation fault. Such a file is refused in one line;
    our engine says the call's error in CLIPS's words."""
    from pyengine.engine.clips import ClipsSession
    from pyengine.engine.errors import UsageError
    from pyengine.engine.experta import ExpertaSession
    path = tmp_path / "arity.clp"
    path.write_text("(deffunction g (?a) ?a)\n(deffunction f () (g 1))\n"
                    "(deffunction g (?a ?b) (+ ?a ?b))\n(deffacts d (go))\n"
                    "(defrule r (go) => (printout t (f) crlf))\n")
    with pytest.raises(UsageError, match=r"line 3: deffunction g is defined again with "
                                         r"other parameters than at line 1"):
        ClipsSession([path])
    ours = ExpertaSession.from_clp([path])
    ours.reset()
    with pytest.raises(Exception, match=r"Function 'g' expected exactly 2 arguments"):
        ours.run()


@pytest.mark.parametrize("rule, says", [
    ("(defrule r (link ?f) ?f <- (p ?x) => )", "[ANALYSIS2] Pattern-address ?f"),
    ("(defrule r ?f <- (p ?x) ?f <- (q ?x) => )", "[ANALYSIS1] Duplicate pattern-address ?f"),
])
def test_a_pattern_address_bound_twice_is_refused_on_both(rule, says, tmp_path):
    """Ours fired ``?f <- (p ?x) ?f <- (q ?x)`` ("same addr": one fact as two) where
    CLIPS refuses the rule (a conformance tester's finding); an address in each branch
    of an or stays allowed."""
    from pyengine.engine.clips import ClipsSession
    from pyengine.engine.errors import UsageError
    from pyengine.engine.experta import ExpertaSession
    path = tmp_path / "address.clp"
    path.write_text(rule + "\n")
    for engine in (ClipsSession, ExpertaSession.from_clp):
        with pytest.raises(UsageError, match=re.escape(says)):
            engine([path])
    path.write_text("(defrule r (or ?f <- (p 1) ?f <- (q 1)) => (retract ?f))\n")
    ExpertaSession.from_clp([path])


@pytest.mark.parametrize("text, says", [
    ("(deffacts d (not x))", "[PATTERN1] The symbol 'not' has special meaning and may not "
                             "be used as a relation name."),
    ("(defrule r => (assert (exists 1)))", "The symbol 'exists' has special meaning"),
    ("(defrule r (a) (object ?x) => )", "The symbol 'object' has special meaning"),
    ("(deftemplate test (slot x))", "may not be used as a deftemplate name"),
    ("(defrule r (and) => )", "[PRNTUTIL2] Syntax Error: Check appropriate syntax for the "
                              "and conditional element."),
    ("(defrule r (a) (exists) => )", "syntax for the exists conditional element"),
    ("(defrule r (declare) => )", "Check appropriate syntax for declare statement."),
    ("(defmodule A)\n(defmodule A)", "[CSTRCPSR4] Cannot redefine defmodule 'A' while it "
                                      "is in use."),
])
def test_what_clips_refuses_as_it_loads_ours_refuses_too(text, says, tmp_path):
    """Ours ran a fact named not or object and a rule holding (and) or (exists), which
    CLIPS refuses as it loads (a conformance tester's finding): in CLIPS's words."""
    from pyengine.engine.clips import ClipsSession
    from pyengine.engine.errors import UsageError
    from pyengine.engine.experta import ExpertaSession
    path = tmp_path / "refused.clp"
    path.write_text(text + "\n")
    with pytest.raises(UsageError):
        ClipsSession([path])
    with pytest.raises(UsageError, match=re.escape(says)):
        ExpertaSession.from_clp([path])
