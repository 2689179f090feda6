"""Rules CLIPS 6.4 refuses because a pattern could never match or a function is given
a variable that cannot be of a type it takes (its [RULECSTR1], [RULECSTR2],
[RULECSTR3] and the [CSTRNCHK1] of ``modify``, ``duplicate`` and calls in an
``assert``), found by loading hand-written programs on both engines: our engine ran
them, and the rule silently never fired. Every program here is loaded and run on CLIPS
and on ours: both refuse it or both run it alike
(:mod:`pyengine.engine.rete.rule_constraints`,
:mod:`pyengine.engine.clp.constraint_records`)."""
from __future__ import annotations

import pytest

from pyengine.engine.clp.errors import ClpError
from pyengine.engine.experta import ExpertaSession
from tests.clp.test_slot_constraints import refused_or_ran_alike

AB = "(deftemplate a (slot x (type INTEGER)))\n(deftemplate b (slot y (type SYMBOL)))\n"
SYM = "(deftemplate a (slot x (type SYMBOL)))\n"
FACTS = "(deffacts f (a (x 1)) (b (y k)))\n"

PROGRAMS = {
    # a variable carried from the slot it is bound in to another slot
    "across_patterns": AB + "(defrule r (a (x ?v)) (b (y ?v)) =>)\n",
    "across_not": AB + "(defrule r (a (x ?v)) (not (b (y ?v))) =>)\n",
    "across_exists": AB + "(defrule r (a (x ?v)) (exists (b (y ?v))) =>)\n",
    "across_not_and": AB + "(defrule r (not (and (a (x ?v)) (b (y ?v)))) =>)\n",
    "bound_in_not_only": AB + FACTS + "(defrule r (not (a (x ?v))) (b (y ?v)) =>)\n",
    "backwards": AB + "(defrule r (b (y ?v)) (a (x ?v)) =>)\n",
    "same_pattern": ("(deftemplate a (slot x (type INTEGER)) (slot z (type SYMBOL)))\n"
                     "(defrule r (a (x ?v) (z ?v)) =>)\n"),
    "in_multislot": ("(deftemplate a (slot x (type INTEGER)))\n"
                     "(deftemplate b (multislot y (type SYMBOL)))\n"
                     "(defrule r (a (x ?v)) (b (y $? ?v $?)) =>)\n"),
    "through_and": AB + "(defrule r (a (x ?v)) (b (y ?w&?v)) =>)\n",
    "or_branch": AB + "(defrule r (or (a (x ?v)) (c ?v)) (b (y ?v)) =>)\n",
    "number_types_meet": ("(deftemplate a (slot x (type INTEGER)))\n"
                          "(deftemplate b (slot y (type NUMBER)))\n" + FACTS.replace("k", "1") +
                          "(defrule r (a (x ?v)) (b (y ?v)) => (printout t ?v crlf))\n"),
    "ranges_apart": ("(deftemplate a (slot x (type INTEGER) (range 1 5)))\n"
                     "(deftemplate b (slot y (type INTEGER) (range 7 9)))\n"
                     "(defrule r (a (x ?v)) (b (y ?v)) =>)\n"),
    "ranges_apart_untyped": ("(deftemplate a (slot x (range 1 5)))\n"
                             "(deftemplate b (slot y (range 7 9)))\n"
                             "(defrule r (a (x ?v)) (b (y ?v)) =>)\n"),
    "symbols_apart": ("(deftemplate a (slot x (type SYMBOL) (allowed-symbols p q)))\n"
                      "(deftemplate b (slot y (type SYMBOL) (allowed-symbols z)))\n"
                      "(defrule r (a (x ?v)) (b (y ?v)) =>)\n"),
    "symbols_apart_untyped": ("(deftemplate a (slot x (allowed-symbols red green)))\n"
                              "(deftemplate b (slot y (allowed-symbols blue)))\n"
                              "(defrule r (a (x ?v)) (b (y ?v)) =>)\n"),
    "all_excluded": ("(deftemplate a (slot x (type SYMBOL) (allowed-symbols p q)))\n"
                     "(defrule r (a (x ?v&~p&~q)) =>)\n"),
    "all_excluded_untyped": ("(deftemplate a (slot x (allowed-symbols p q)))\n"
                             "(defrule r (a (x ?v&~p&~q)) =>)\n"),
    "or_constant_saves": AB + "(defrule r (a (x ?v)) (b (y ?v|foo)) =>)\n",
    "negation_is_fine": AB + FACTS + "(defrule r (a (x ?v)) (b (y ~?v)) => (printout t ?v crlf))\n",
    "test_is_fine": AB + FACTS + "(defrule r (a (x ?v)) (b (y ?w)) (test (neq ?v ?w)) => (printout t ?w crlf))\n",
    "ordered_untyped": AB + "(deffacts g (a (x 1)) (data 1))\n"
                            "(defrule r (a (x ?v)) (data ?v) => (printout t ?v crlf))\n",
    "return_value": SYM + "(defrule r (a (x =(+ 1 2))) =>)\n",
    # what a function takes
    "test_takes_numbers": SYM + "(defrule r (a (x ?v)) (test (> ?v 1)) =>)\n",
    "predicate_takes_numbers": SYM + "(defrule r (a (x ?v&:(> ?v 1))) =>)\n",
    "predicate_in_not": SYM + "(defrule r (a (x ?v)) (not (b ?w&:(> ?v ?w))) =>)\n",
    "test_narrows": ("(deftemplate a (slot x))\n(deftemplate b (slot y (type SYMBOL)))\n"
                     "(defrule r (a (x ?v)) (test (> ?v 1)) (b (y ?v)) =>)\n"),
    "test_length": SYM + "(deffacts f (a (x abc)))\n"
                         "(defrule r (a (x ?v)) (test (> (str-length ?v) 1)) => (printout t ?v crlf))\n",
    "action_takes_numbers": SYM + "(defrule r (a (x ?v)) => (printout t (+ ?v 1) crlf))\n",
    "action_in_if": SYM + "(defrule r (a (x ?v)) => (if (> ?v 2) then (printout t ok crlf)))\n",
    "action_in_bind": SYM + "(defrule r (a (x ?v)) => (bind ?w (+ ?v 1)))\n",
    "action_rebound": SYM + "(deffacts f (a (x k)))\n"
                            "(defrule r (a (x ?v)) => (bind ?v 1) (printout t (+ ?v 1) crlf))\n",
    "action_fact_address": SYM + "(defrule r ?f <- (a (x ?v)) => (printout t (+ ?f 1) crlf))\n",
    "action_single_to_multifield": SYM + "(defrule r (a (x ?v)) => (printout t (length$ ?v) crlf))\n",
    "action_multifield": ("(deftemplate a (multislot x (type SYMBOL)))\n(deffacts f (a (x p q)))\n"
                          "(defrule r (a (x $?v)) => (printout t (+ (length$ $?v) 1) crlf))\n"),
    "action_index": ("(deftemplate a (slot x (type STRING)))\n"
                     "(defrule r (a (x ?v)) => (printout t (nth$ ?v (create$ a b)) crlf))\n"),
    "action_integer_only": ("(deftemplate a (slot x (type FLOAT)))\n"
                            "(defrule r (a (x ?v)) => (printout t (evenp ?v) crlf))\n"),
    "action_deffunction": SYM + "(deffunction f (?n) (+ ?n 1))\n(deffacts g (a (x k)))\n"
                                "(defrule r (a (x ?v)) => (printout t (type ?v) crlf))\n",
    "action_query_own_variable": (SYM + "(deftemplate p (slot n) (slot a))\n"
                                  "(deffacts f (a (x k)) (p (n y) (a 1)))\n"
                                  "(defrule r ?f <- (a (x ?v)) => (bind ?f outer)\n"
                                  "  (do-for-all-facts ((?f p)) (eq ?f:n y) (modify ?f (a 20)))\n"
                                  "  (printout t ?f crlf))\n"),
    "action_loop_own_variable": (SYM + "(deffacts f (a (x k)))\n"
                                 "(defrule r (a (x ?v)) => (progn$ (?v (create$ 1 2)) "
                                 "(printout t (+ ?v 1) crlf)))\n"),
    # modify, duplicate and calls in an assert
    "modify_type": ("(deftemplate a (slot x (type INTEGER)))\n"
                    "(defrule r ?f <- (a (x 1)) => (modify ?f (x abc)))\n"),
    "modify_float": ("(deftemplate a (slot x (type INTEGER)))\n"
                     "(defrule r ?f <- (a (x 1)) => (modify ?f (x 2.5)))\n"),
    "modify_range": ("(deftemplate a (slot x (type INTEGER) (range 1 5)))\n"
                     "(defrule r ?f <- (a) => (modify ?f (x 9)))\n"),
    "modify_allowed": ("(deftemplate a (slot x (allowed-values p q)))\n"
                       "(defrule r ?f <- (a) => (modify ?f (x z)))\n"),
    "modify_call": ("(deftemplate a (slot x (type INTEGER)))\n"
                    "(defrule r ?f <- (a (x 1)) => (modify ?f (x (str-cat a))))\n"),
    "modify_call_fine": ("(deftemplate a (slot x (type INTEGER)))\n(deffacts f (a (x 1)))\n"
                         "(defrule r ?f <- (a (x 1)) => (modify ?f (x (+ 1 2.0))))\n"),
    "modify_float_call": ("(deftemplate a (slot x (type FLOAT)))\n(deffacts f (a (x 1.0)))\n"
                          "(defrule r ?f <- (a (x 1.0)) => (modify ?f (x (+ 1 2))))\n"),
    "duplicate_type": ("(deftemplate a (slot x (type INTEGER)))\n"
                       "(defrule r ?f <- (a (x 1)) => (duplicate ?f (x \"s\")))\n"),
    "assert_call": ("(deftemplate a (slot x (type INTEGER)))\n"
                    "(defrule r => (assert (a (x (sym-cat a)))))\n"),
    "assert_boolean": SYM + "(defrule r => (assert (a (x (> 1 2)))))\n",
    "assert_multifield": ("(deftemplate a (multislot x (type INTEGER)))\n"
                          "(defrule r => (assert (a (x (create$ a b)))))\n"),
    "assert_deffunction": ("(deftemplate a (slot x (type INTEGER)))\n(deffunction f () 1)\n"
                           "(defrule r => (assert (a (x (f)))))\n"),
    "assert_multifield_variable": "(deftemplate a (slot x))\n(defrule r (b $?v) => (assert (a (x $?v))))\n",
    "assert_multifield_call": "(deftemplate a (slot x))\n(defrule r => (assert (a (x (create$ a)))))\n",
    "assert_nth": "(deftemplate a (slot x))\n(defrule r => (assert (a (x (nth$ 1 (create$ a))))))\n",
    "modify_two_values": "(deftemplate a (slot x))\n(defrule r ?f <- (a) => (modify ?f (x a b)))\n",
    "modify_rest": "(deftemplate a (slot x))\n(defrule r ?f <- (a) => (modify ?f (x (rest$ (create$ a b)))))\n",
    "deffacts_multifield_call": "(deftemplate a (slot x))\n(deffacts f (a (x (create$ a))))\n",
    # where a variable is bound: only where a field starts with it
    "and_variable_unbound": "(defrule r (a ?x&?y) =>)\n",
    "or_variable_unbound": ("(deftemplate t (slot s0) (multislot s1))\n"
                            "(defrule r (t (s0 ?a|7) (s1 $? ?a $?)) =>)\n"),
    "predicate_binds_first": "(deffacts f (a 2))\n(defrule r (a ?x&:(> ?x 1)|7) => (printout t ok crlf))\n",
    # a constant beside a variable bound before: checked against what the variable holds
    "constant_beside_float": ("(deftemplate t0 (slot s0 (type FLOAT)))\n"
                              "(deftemplate t1 (slot s0 (allowed-symbols q s r)))\n"
                              "(defrule r (t0 (s0 ?a)) (t1 (s0 ?a&~\"s\")) =>)\n"),
    "constant_beside_or": AB + "(defrule r (a (x ?v)) (b (y ?v|foo)) =>)\n",
    "constant_alone_untyped": ("(deftemplate a (slot x (allowed-symbols p q)))\n"
                               "(defrule r (a (x ~\"s\")) =>)\n"),
    # a fact-set query names a template there is no deftemplate or fact of yet
    "query_unknown": "(defrule r => (do-for-all-facts ((?f nosuch)) TRUE (printout t x)))\n",
    "query_before_its_facts": ("(deffunction f () (any-factp ((?x k)) TRUE))\n"
                               "(deffacts d (k 1))\n"),
    "query_after_a_pattern": ("(deffacts d (h 1))\n(defrule r (h 1) => "
                              "(printout t (any-factp ((?x h)) TRUE) crlf))\n"),
    # ors past what both engines take (CLIPS would spend minutes on forty of them)
    "ors_at_the_limit": "(defrule r " + " ".join(f"(or (a{i}) (b{i}))" for i in range(9)) + " =>)\n",
    "ors_past_the_limit": "(defrule r " + " ".join(f"(or (a{i}) (b{i}))" for i in range(10)) + " =>)\n",
    "assert_variable": ("(deftemplate a (slot x (type SYMBOL)))\n(deftemplate b (slot y (type INTEGER)))\n"
                        "(defrule r (a (x ?v)) => (assert (b (y ?v))))\n"),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_both_engines_refuse_or_run_the_program_alike(tmp_path, name):
    refused_or_ran_alike(tmp_path, name, PROGRAMS[name])


@pytest.mark.parametrize("text, line, said", [
    (AB + "(defrule r\n  (a (x ?v))\n  (b (y ?v))\n  =>)", 3,
     "defrule r: ?v in slot 'y' of 'b' can never match in (b (y ?v)): ?v is INTEGER where "
     "it is bound; the slot holds SYMBOL"),
    (SYM + "(defrule r\n  (a (x ?v))\n  =>\n  (printout t (+ ?v 1)))", 5,
     "?v is SYMBOL where it is bound, but argument #1 of (+ ...) in its actions takes FLOAT "
     "or INTEGER"),
    ("(deftemplate a (slot x (type INTEGER)))\n(defrule r ?f <- (a)\n  =>\n  (modify ?f (x abc)))",
     4, "modify: slot 'x' of 'a' cannot hold abc: not of its type (INTEGER)"),
    ("(deftemplate a (slot x (type INTEGER)))\n(defrule r\n  =>\n  (assert (a (x (str-cat a)))))",
     4, "slot 'x' of 'a' cannot hold the value of (str-cat ...), which is STRING or SYMBOL; "
     "the slot holds INTEGER"),
])
def test_a_refusal_says_what_and_where(tmp_path, text, line, said):
    path = tmp_path / "p.clp"
    path.write_text(text + "\n")
    with pytest.raises(ClpError) as caught:
        ExpertaSession.from_clp([path])
    told = str(caught.value)
    assert said in told and "\n" not in told and told.startswith(f"p.clp: line {line}: "), told


def test_calls_nested_past_what_our_compiler_takes_are_refused_in_one_line(tmp_path):
    """CLIPS takes calls nested 1,000 deep; our compiler recurses on them and stops
    near 300: a one-line refusal naming the construct, never a RecursionError."""
    deep = "(str-cat " * 600 + "?v" + ")" * 600
    path = tmp_path / "deep.clp"
    path.write_text(SYM + f"(defrule r (a (x ?v)) => (printout t {deep} crlf))\n")
    with pytest.raises(ClpError, match=r"deep.clp: line 2: \(defrule \.\.\.\) nests its calls "
                                       r"too deeply for pyengine's engine"):
        ExpertaSession.from_clp([path])


@pytest.mark.parametrize("ors, inside, refused", [
    (9, False, None), (10, False, "its or CEs make more than 1,000 alternatives"),
    (40, False, "its or CEs make more than 1,000 alternatives"),
    (10, True, "its or CEs make more than 1,000 alternatives"),
    (9, True, "more than 200 conditional elements in one alternative")])
def test_ors_past_what_our_engine_takes_are_refused_before_they_are_made(tmp_path, ors,
                                                                         inside, refused):
    """Each alternative an ``or`` makes is a rule of its own in the network (and inside
    a ``not``, a ``not`` of its own): forty ``or`` s of two would be a trillion, so past
    1,000 the rule is refused, counted before any is made, in one line."""
    groups = " ".join(f"(or (a{i} ?x{i}) (b{i} ?x{i}))" for i in range(ors))
    lhs = f"(not (and {groups}))" if inside else groups
    path = tmp_path / "ors.clp"
    path.write_text(f"(deffacts d (go))\n(defrule r (go) {lhs} => (printout t ok crlf))\n")
    if refused is None:
        session = ExpertaSession.from_clp([path])
        session.reset()
        assert session.run() == 0
        return
    with pytest.raises(ClpError) as caught:
        ExpertaSession.from_clp([path])
    assert str(caught.value).startswith("ors.clp: line 2: defrule r: " + refused)


@pytest.mark.parametrize("nots, fires", [(199, True), (200, False)])
def test_a_rule_past_200_conditions_is_refused_in_one_line(tmp_path, nots, fires):
    """A partial match goes down a rule's joins one call deeper each; past 200
    conditions (Python's stack ends near 330) the rule is refused, not a
    RecursionError."""
    path = tmp_path / "long.clp"
    path.write_text("(deffacts d (go))\n(defrule r (go) "
                    + " ".join(f"(not (b{i}))" for i in range(nots)) + " => (assert (y)))\n")
    if fires:
        session = ExpertaSession.from_clp([path])
        session.reset()
        assert session.run() == 1
        return
    with pytest.raises(ClpError, match=r"^long.clp: line 2: defrule r: more than 200 "
                                       r"conditional elements in one alternative"):
        ExpertaSession.from_clp([path])
