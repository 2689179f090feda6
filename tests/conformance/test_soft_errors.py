"""Errors after which CLIPS 6.4 goes on, in a rule's action, on CLIPS and on our
engine: a fact index no fact has, a fact retracted earlier in the action. CLIPS says
so (``[PRNTUTIL1] Unable to find fact f-99.``, ``[PRNTUTIL11] The fact f-1 has been
retracted.``), gives FALSE (or -1) and fires on; retracting a fact twice says nothing;
only the slot of a retracted fact stops the action; ``random`` with its bounds out of
order or one bound says so and gives an unbounded number. Both sessions then say the
errors after the run, naming the firing of the first. An error that stops an action is
said in CLIPS's words with its id on both (our engine gives the line where CLIPS adds
``[PRCCODE4] Execution halted...``)."""
from __future__ import annotations

import pytest

from pyengine.engine.clips import ClipsSession
from pyengine.engine.clp.errors import ClpError
from pyengine.engine.experta import ExpertaSession
from tests.conformance.harness import run_to_end

PROGRAMS = {
    "gone facts": """
(deftemplate box (slot n))
(deffacts d (box (n 0)) (p 1) (go))
(defrule a (go) ?b <- (box (n 0)) => (retract ?b) (printout t "m " (modify ?b (n 1)) crlf))
(defrule b (go) => (retract 99) (printout t "r " (modify 98 (n 1)) (duplicate 97) crlf))
(defrule c (go) ?p <- (p 1) => (retract ?p) (retract ?p)
   (printout t "d " (duplicate ?p) " " (fact-index ?p) " " (fact-existp ?p) crlf))
(defrule z (declare (salience -10)) (go) => (printout t "z " (fact-slot-value 96 n) crlf))
""",
    "the slot of a gone fact stops": """
(deftemplate box (slot n))
(deffacts d (box (n 0)) (go))
(defrule a (go) ?b <- (box (n 0)) => (retract ?b) (printout t "v " (fact-slot-value ?b n) crlf))
(defrule z (declare (salience -10)) (go) => (printout t "z" crlf))
""",
    "asking of facts and settings that are not there": """
(deffunction mf () (create$ 1 2))
(deffacts d (go) (p 1))
(defrule a (go) ?p <- (p 1) => (retract ?p) (dependencies 99) (dependents 98)
   (dependencies busy) (dependents ?p) (refresh-agenda NOWHERE) (dependencies (mf))
   (dependents (str-cat "a"))
   (printout t "was " (set-salience-evaluation nonsense) crlf)
   (printout t "is " (get-salience-evaluation) crlf))
""",
    "retract's arguments": """
(deffacts d (go) (a) (b) (c))
(defrule a (go) => (retract -1 2) (printout t "after " (length$ (get-fact-list)) crlf)
   (retract 0 *) (printout t "left " (length$ (get-fact-list)) crlf))
""",
    "fact functions of a symbol": """
(deffacts d (go) (val abc))
(defrule r (go) (val ?s) => (printout t "v=" (fact-existp ?s) (fact-relation ?s)
   (fact-slot-names ?s) (fact-slot-value ?s x) crlf) (printout t "after" crlf))
(defrule s (declare (salience -1)) (go) => (printout t "next" crlf))
""",
    "templates not there": """
(deffacts d (go))
(defrule r (go) => (printout t (deftemplate-slot-types nosuch x)
   (deftemplate-slot-allowed-values nosuch x) (deftemplate-slot-range nosuch x)
   (deftemplate-slot-cardinality nosuch x) (deftemplate-slot-default-value nosuch x)
   (deftemplate-slot-names nosuch) crlf))
""",
    "insert$ at index 0": """
(deffacts d (go))
(defrule e (go) => (printout t "start" crlf) (printout t (insert$ (create$ a b) 0 x) crlf)
   (printout t "end" crlf))
(defrule z (declare (salience -1)) (go) => (printout t "z runs" crlf))
""",
    "random out of order": """
(deffacts d (go))
(defrule a (go) => (bind ?r (random 5 1)) (printout t "r " (integerp ?r) crlf)
   (bind ?x 3) (printout t "one " (integerp (random ?x)) crlf))
""",
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_clips_s_soft_errors_let_the_run_go_on_on_both(tmp_path, name):
    path = tmp_path / "program.clp"
    path.write_text(PROGRAMS[name])
    clips = ClipsSession([path])
    clips.quiet(True)
    on_clips = run_to_end(clips)
    assert on_clips[3], "CLIPS said no error"
    ours = run_to_end(ExpertaSession.from_clp([path]))
    assert ours[:3] == on_clips[:3]
    if "PRCCODE4" in on_clips[3]:   # an error that stops the action: our words, its line
        assert ours[3].startswith("firing 1: line 4: The fact f-1 has been retracted")
    else:                           # errors CLIPS goes on after: its words, as it says them
        assert ours[3] == on_clips[3]


HALTING = {     # an action that stops with an error: CLIPS's words and id on both engines
    "unbound": "(bind ?x 1) (bind ?x) (printout t ?x crlf)",
    "index range": "(bind ?m (create$ a)) (delete$ ?m 2 3)",
    "index": "(printout t (replace$ (create$ a) 3 3 x) crlf)",
    "ordered modify": "(assert (a 1)) (modify 1 (x 2))",
    "multifield in a slot": "(bind ?m (mf)) (assert (p (x ?m)))",
    "multifield by modify": "(bind ?f (assert (p))) (modify ?f (x (mf)))",
    "no such slot": "(bind ?f (assert (p))) (modify ?f (y 1))",
    "no such slot read": "(bind ?f (assert (p))) (printout t (fact-slot-value ?f y) crlf)",
    "format arguments": '(printout t (format nil "%d %d" 1) crlf)',
    "argument type": "(printout t (+ (sy) 1) crlf)",
    "expand$ type": "(printout t (expand$ (sy)) crlf)",
    "expand$ count": "(bind ?m (create$ 1 2 3)) (printout t (sub-string (expand$ ?m) 4 5) crlf)",
    "divide": "(printout t (div 1 0) crlf)",
    "salience evaluation setting": '(set-salience-evaluation (str-cat "every-cycle"))',
    "refresh-agenda of a string": '(refresh-agenda (str-cat "MAIN"))',
    "domain": "(printout t (sqrt -1) crlf)",
    "retract of a symbol": "(assert (a) (b) (c)) (retract 1 foo) (printout t x crlf)",
    "retract of a computed string": "(assert (a)) (retract (str-cat 1)) (printout t x crlf)",
    "relation of a retracted fact": "(bind ?f (assert (a))) (retract ?f) "
                                    "(printout t (fact-relation ?f) crlf)",
    "slot names of a retracted fact": "(bind ?f (assert (a))) (retract ?f) "
                                      "(printout t (fact-slot-names ?f) crlf)",
    "assert-string of no fact": '(printout t (assert-string "bad") crlf)',
    "assert-string of a symbol": "(printout t (assert-string (sy)) crlf)",
    "get-fact-list of a number": "(printout t (get-fact-list (nth$ 1 (mf))) crlf)",
}


@pytest.mark.parametrize("name", sorted(HALTING))
def test_an_error_that_stops_the_action_is_said_in_clips_s_words_on_both(tmp_path, name):
    path = tmp_path / "program.clp"
    path.write_text("(deftemplate p (slot x) (multislot m))\n(deffunction mf () (create$ 1 2))\n"
                    f"(deffunction sy () abc)\n(defrule r => {HALTING[name]})\n")
    clips = ClipsSession([path])
    clips.quiet(True)
    said = run_to_end(clips)[3]
    assert said.endswith(" [PRCCODE4] Execution halted during the actions of defrule 'r'.")
    ours = run_to_end(ExpertaSession.from_clp([path]))[3]
    assert ours == said.replace("firing 1: ", "firing 1: line 4: ")     # PRCCODE4 too


@pytest.mark.parametrize("call", ["(retract 1.5)", '(retract 1 "*")', "(retract (create$ 1))"])
def test_a_retract_of_what_is_no_fact_is_refused_as_the_program_loads_on_both(tmp_path, call):
    path = tmp_path / "program.clp"
    path.write_text(f"(defrule r => {call})\n")
    with pytest.raises(Exception, match="ARGACCES2.*'retract'"):
        ClipsSession([path])
    with pytest.raises(ClpError, match="function 'retract' expects a fact, a fact index or"):
        ExpertaSession.from_clp([path])


def test_an_error_in_a_deffunction_says_each_deffunction_it_stopped(tmp_path):
    """CLIPS says which deffunction an error halted ([PRCCODE4] ... deffunction 'g'.)
    before the rule; our engine named the rule only (a teacher's finding)."""
    path = tmp_path / "program.clp"
    path.write_text("(deffunction g (?x) (/ ?x 0))\n(defrule s => (printout t (g 3) crlf))\n")
    clips = ClipsSession([path])
    clips.quiet(True)
    said = run_to_end(clips)[3]
    assert "deffunction 'g'. [PRCCODE4] Execution halted during the actions of defrule" in said
    ours = run_to_end(ExpertaSession.from_clp([path]))[3]
    assert ours == said.replace("firing 1: ", "firing 1: line 1: ")
