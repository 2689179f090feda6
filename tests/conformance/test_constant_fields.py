"""A field that tests a constant, as CLIPS 6.4 runs it: its pattern network looks the
constant up in a hash table and makes none of the field's other tests on the fact's
own values, so ``(n 0&:(> ?k 1))`` matches every ``n`` of 0 (found by comparing a
hand-written program on both engines; read in CLIPS's ``FieldConversion`` and
``ConstructFactPatternNetwork``). Tests that need an earlier pattern's variables are
made in the join, as written. Our engine reads such a field as CLIPS runs it, says so
when the program loads (on both engines), and counts the untested parts in the
rule's specificity as CLIPS does; what CLIPS would run in a way no reader could guess
is refused with its line."""
from __future__ import annotations

import pytest

from pyengine.engine.clp.errors import ClpError
from pyengine.engine.experta import ExpertaSession
from tests.conformance.random_clp import STRATEGIES, against_clips, outcome

PROGRAM = """
(deftemplate bag (slot k) (multislot items) (slot n (default 0)))
(deffacts s (a 1 0) (a 0 0) (a 2 5) (a 2 0) (a 3 0) (b 0) (b 7) (c 0 1) (c 0 5) (j 2)
  (bag (k 1) (items 0 x)) (bag (k 2) (items 0 y) (n 1)) (bag (k 3) (items 5)))
(defrule not-beside-a-constant (a ?x 0&~?x) => (printout t "B " ?x crlf))
(defrule equal-beside-a-constant (a ?x 0&=(+ ?x 10)) => (printout t "C " ?x crlf))
(defrule predicate-in-a-multislot (bag (k ?k) (items 0&:(> ?k 1) $?)) => (printout t "D " ?k crlf))
(defrule predicate-of-nothing (b 0&:(> 1 2)) => (printout t "E" crlf))
(defrule negated-constant-is-no-lookup (b ~0&:(> 1 2)) => (printout t "F" crlf))
(defrule two-tests-beside-a-constant (a ?x 0&~1&:(> ?x 5)) => (printout t "G " ?x crlf))
(defrule an-earlier-pattern-s-variable (j ?j) (bag (k ?k) (n 0&:(> ?k ?j))) => (printout t "I " ?k crlf))
(defrule between-multifields (bag (k ?k) (items $? 0&:(> ?k 1) $?)) => (printout t "J " ?k crlf))
(defrule after-a-binding (bag (k ?k) (items ?f&0&:(> ?k 1) $?)) => (printout t "K " ?k crlf))
(defrule or-is-no-lookup (a ?x 0|5&:(> ?x 1)) => (printout t "L " ?x crlf))
(defrule join-test-kept (j ?j) (c 0&:(> ?j 3) ?z) => (printout t "M " ?z crlf))
(defrule negated-join-test-kept (j ?j) (c 0&~?j ?z) => (printout t "N " ?z crlf))
(defrule mixed-test-kept (j ?j) (c ?w&0&:(> ?j ?w 3) ?z) => (printout t "O " ?z crlf))
(defrule earlier-variable-met-here (j ?j) (a ?j 0&:(> ?j 5)) => (printout t "P " ?j crlf))
(defrule not-held-under-a-tilde (j ?j) (a ?v&~?j 0&:(< ?v ?j)) => (printout t "Q " ?v crlf))
"""


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_fields_with_a_constant_match_as_on_clips(tmp_path, strategy):
    path = tmp_path / "constants.clp"
    assert against_clips(path, PROGRAM, strategy) is None
    ours = outcome(lambda: ExpertaSession.from_clp([path]), strategy)
    printed = set(ours.printed)
    # what CLIPS does not test: every (a ? 0), (b 0) and (items 0 ...) matches
    assert {"B 0", "B 1", "C 0", "C 1", "D 1", "D 2", "E", "G 0", "G 1",
            "J 1", "J 2", "K 1", "K 2", "P 2"} <= printed
    # what it tests: a negated constant, an or, and what needs an earlier pattern
    assert not any(line.startswith(("F", "M", "O")) for line in printed)
    assert {"I 3", "L 0", "L 1", "L 2", "N 1", "N 5", "Q 0", "Q 1"} <= printed
    assert "Q 3" not in printed     # ?j is not this fact's under ~: (< ?v ?j) is joined


def test_the_program_says_which_fields_on_both_engines(tmp_path):
    from pyengine.ui.sessions import open_clp
    path = tmp_path / "constants.clp"
    path.write_text(PROGRAM)
    ours = ExpertaSession.from_clp([path]).notes
    on_clips = open_clp([str(path)], []).session.notes
    assert ours == on_clips
    assert len(ours) == 8          # B C D E G J K P: not F, I, L, M, N, O
    assert ours[0] == ("constants.clp: line 5: defrule not-beside-a-constant: CLIPS 6.4 "
                       "tests only the constant in 0&~?x; the field's other tests, on the "
                       "fact's own values, are not made (on either engine)")


def test_the_python_form_shows_only_what_is_tested(tmp_path):
    path = tmp_path / "constants.clp"
    path.write_text(PROGRAM)
    s = ExpertaSession.from_clp([path])
    shown = s.rule_python("predicate-of-nothing")
    assert "L(0)" in shown and "P(" not in shown
    assert "P(" in s.rule_python("negated-constant-is-no-lookup")


@pytest.mark.parametrize("field, said", [
    ("(a ?x ?x&0)", "?x beside a constant in ?x&0"),
    ("(a ?x 0&?x)", "?x beside a constant in 0&?x"),
    ("(a ?x 0&0)", "two constants in 0&0"),
])
def test_what_clips_would_run_unguessably_is_refused_with_its_line(tmp_path, field, said):
    path = tmp_path / "refused.clp"
    path.write_text(f"(deffacts s (a 1 0))\n\n(defrule r {field} => (printout t ?x crlf))\n")
    with pytest.raises(ClpError) as caught:
        ExpertaSession.from_clp([path])
    assert "line 3" in str(caught.value) and said in str(caught.value)


@pytest.mark.parametrize("engine", ["clp", "experta"])
def test_the_shell_says_it_on_opening_and_on_reload(tmp_path, engine):
    from tests.test_shell_edit import said, shell_for_engine
    path = tmp_path / "zero.clp"
    path.write_text("(deffacts s (box 1 0))\n(defrule r (box ?k 1&:(> ?k 1)) =>)\n")
    shell, out = shell_for_engine(path, engine)
    shell.cmdloop()
    assert "CLIPS 6.4 tests only the constant in 1&:(> ?k 1)" in out.getvalue()
    path.write_text("(deffacts s (box 1 0))\n(defrule r (box ?k 0&:(> ?k 1)) =>)\n")
    text = said(shell, out, "reload")
    assert "reloaded" in text and "CLIPS 6.4 tests only the constant in 0&:(> ?k 1)" in text


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_the_notebook_warns_of_it(tmp_path, engine):
    from pyengine.ui.notebook import Inspector
    path = tmp_path / "zero.clp"
    path.write_text("(deffacts s (box 1 0))\n(defrule r (box ?k 0&:(> ?k 1)) =>)\n")
    with pytest.warns(UserWarning, match=r"zero.clp: line 2: .*only the constant in 0&:"):
        Inspector.from_clp(str(path), engine=engine)
