"""A deftemplate's slot attributes and the constants a program gives a slot, checked
as CLIPS 6.4 checks them when it loads a program (found by loading hand-written
programs on both engines: our engine took ``(tpye INTEGER)``, ``(type FLOAT NUMBER)``,
``(range 5 2)``, a deffacts giving an INTEGER slot ``abc``... which CLIPS refuses).
Every program here is loaded and run on CLIPS and on our engine: both refuse it or both
run it alike, and our refusal is one line naming its line
(:mod:`pyengine.engine.clp.slot_constraints`).
What CLIPS works out about a rule's variables and calls is in
``tests/clp/test_rule_constraints.py``."""
from __future__ import annotations

import pytest

from pyengine.engine.clp.errors import ClpError
from pyengine.engine.experta import ExpertaSession
from tests.conformance.random_clp import clips_session

TEMPLATE = ("(deftemplate a (slot x (type INTEGER)) (multislot m (type SYMBOL) "
            "(cardinality 1 2)) (slot s (allowed-symbols p q)) (slot r (range 1 5)))\n")

PROGRAMS = {
    "allowed_classes": "(deftemplate a (slot x (allowed-classes FOO)))\n",
    "allowed_empty": "(deftemplate a (slot x (allowed-symbols)))\n",
    "allowed_float_in_sym": TEMPLATE + "(defrule r (a (s 1.5)) =>)\n",
    "allowed_type_bad": "(deftemplate a (slot x (allowed-symbols 1 2)))\n",
    "allowed_values_mixed": "(deftemplate a (slot x (allowed-values 1 a \"s\") (default a)))\n",
    "allowed_var": "(deftemplate a (slot x (allowed-values ?VARIABLE)))\n",
    "attr_twice": "(deftemplate a (slot x (type INTEGER) (type SYMBOL)))\n",
    "attr_unknown": "(deftemplate a (slot x (tpye INTEGER)))\n",
    "card_card_float": "(deftemplate a (multislot x (cardinality 1.5 2)))\n",
    "card_deffacts_bad": (
        "(deftemplate a (multislot x (cardinality 2 3)))\n"
        "(deffacts f (a (x 1)))\n"
    ),
    "card_neg": "(deftemplate a (multislot x (cardinality -1 2)))\n",
    "card_single": "(deftemplate a (slot x (cardinality 1 2)))\n",
    "card_var": (
        "(deftemplate a (multislot x (cardinality 0 ?VARIABLE)))\n"
        "(deffacts f (a (x 1 2 3 4)))\n"
    ),
    "default_allowed_bad": "(deftemplate a (slot x (allowed-symbols p q) (default r)))\n",
    "default_and_dynamic": "(deftemplate a (slot x (default 1) (default-dynamic 2)))\n",
    "default_missing_card": TEMPLATE + "(deffacts f (a (x 1)))\n",
    "default_range_bad": "(deftemplate a (slot x (range 1 5) (default 9)))\n",
    "default_twice": "(deftemplate a (slot x (default 1) (default 2)))\n",
    "default_type_bad": "(deftemplate a (slot x (type INTEGER) (default abc)))\n",
    "deffacts_allowed_bad": (
        "(deftemplate a (slot x (allowed-symbols p q)))\n"
        "(deffacts f (a (x r)))\n"
    ),
    "deffacts_expr": TEMPLATE + "(deffacts f (a (x (+ 1 2)) (m z)))\n",
    "deffacts_multi_card": TEMPLATE + "(deffacts f (a (m)))\n",
    "deffacts_multi_card3": TEMPLATE + "(deffacts f (a (m a b c)))\n",
    "deffacts_type_bad": (
        "(deftemplate a (slot x (type INTEGER)))\n"
        "(deffacts f (a (x abc)))\n"
    ),
    "derive_allowed": (
        "(deftemplate a (slot x (allowed-symbols p q)))\n"
        "(deffacts f (a))\n"
        "(defrule r (a (x ?v)) => (printout t ?v crlf))\n"
    ),
    "derive_more": (
        "(deftemplate a (slot x (type ?VARIABLE) (allowed-integers 4 5)) (slot y (type"
        " NUMBER) (range 2.5 9)) (slot z (type FLOAT) (range 2.5 9.0)) (slot w"
        " (allowed-strings \"q\")) (multislot m (cardinality 2 3) (type INTEGER)))\n"
        "(deffacts f (a))\n"
        "(defrule r (a (x ?x) (y ?y) (z ?z) (w ?w) (m $?m)) => (printout t ?x \" \" ?y \" \""
        " ?z \" \" ?w \" \" ?m crlf))\n"
    ),
    "derive_range": (
        "(deftemplate a (slot x (range 3 9)))\n"
        "(deffacts f (a))\n"
        "(defrule r (a (x ?v)) => (printout t ?v crlf))\n"
    ),
    "dyn_default_bad": "(deftemplate a (slot x (default-dynamic abc) (type INTEGER)))\n",
    "float_allowed_int": (
        "(deftemplate a (slot x (allowed-values 1 2)))\n"
        "(deffacts f (a (x 1.0)))\n"
    ),
    "float_int_range": "(deftemplate a (slot x (type FLOAT) (range 1 5)))\n",
    "int_float_range": "(deftemplate a (slot x (type INTEGER) (range 1.5 3)))\n",
    "lhs_allowed_bad": (
        "(deftemplate a (slot x (allowed-symbols p q)))\n"
        "(defrule r (a (x r)) =>)\n"
    ),
    "lhs_multi_or": (
        "(deftemplate a (multislot m (type INTEGER)))\n"
        "(defrule r (a (m 1 ?x&~abc $?)) =>)\n"
    ),
    "lhs_pred_const": (
        "(deftemplate a (slot x (type INTEGER)))\n"
        "(defrule r (a (x ?v&:(eq ?v abc))) =>)\n"
    ),
    "lhs_range_bad": "(deftemplate a (slot x (range 1 5)))\n" + "(defrule r (a (x 9)) =>)\n",
    "lhs_type_bad": "(deftemplate a (slot x (type INTEGER)))\n" + "(defrule r (a (x abc)) =>)\n",
    "multi_card_bad": TEMPLATE + "(defrule r (a (m a b c)) =>)\n",
    "multi_card_ok_wild": TEMPLATE + "(defrule r (a (m a $?)) =>)\n",
    "multi_default_empty_card": "(deftemplate a (multislot m (default) (cardinality 1 2)))\n",
    "multi_default_over": "(deftemplate a (multislot m (default a b c) (cardinality 1 2)))\n",
    "multi_lit_bad": TEMPLATE + "(defrule r (a (m a 1)) =>)\n",
    "multi_to_single": "(deftemplate a (slot x))\n" + "(deffacts f (a (x 1 2)))\n",
    "neg_bad": TEMPLATE + "(defrule r (a (x ~abc)) =>)\n",
    "none_typed": (
        "(deftemplate a (slot x (type INTEGER) (default ?NONE)))\n"
        "(deffacts f (a (x 3)))\n"
    ),
    "not_ce_bad": TEMPLATE + "(defrule r (not (a (x abc))) =>)\n",
    "num_ints": "(deftemplate a (slot x (type NUMBER) (allowed-integers 1 2)))\n",
    "or_all_bad": TEMPLATE + "(defrule r (a (x abc|def)) =>)\n",
    "or_one_bad": TEMPLATE + "(defrule r (a (x abc|1)) =>)\n",
    "ordered_unaffected": "(deffacts f (x abc))\n",
    "range_allowed": "(deftemplate a (slot x (range 1 5) (allowed-integers 2 3)))\n",
    "range_float": TEMPLATE + "(defrule r (a (r 5.5)) =>)\n",
    "range_rev": "(deftemplate a (slot x (range 5 2)))\n",
    "range_sym": TEMPLATE + "(defrule r (a (r abc)) =>)\n",
    "range_three": "(deftemplate a (slot x (range 1 2 3)))\n",
    "range_var": "(deftemplate a (slot x (range ?VARIABLE 5)))\n" + "(deffacts f (a (x 9)))\n",
    "range_var_ok": "(deftemplate a (slot x (range ?VARIABLE 5)))\n" + "(deffacts f (a (x -9)))\n",
    "rhs_float_int": TEMPLATE + "(defrule r => (assert (a (x 1.5) (m z))))\n",
    "rhs_type_bad": (
        "(deftemplate a (slot x (type INTEGER)))\n"
        "(defrule r => (assert (a (x abc))))\n"
    ),
    "rhs_var": TEMPLATE + "(defrule r (b ?v) => (assert (a (x ?v) (m z))))\n",
    "str_in_sym_allowed": (
        "(deftemplate a (slot x (allowed-symbols a b)))\n"
        "(deffacts f (a (x \"z\")))\n"
    ),
    "string_in_sym_allowed": TEMPLATE + "(defrule r (a (s \"p\")) =>)\n",
    "sym_lexemes": "(deftemplate a (slot x (type SYMBOL) (allowed-lexemes a b)))\n",
    "sym_values_mixed": "(deftemplate a (slot x (type SYMBOL) (allowed-values a 1)))\n",
    "test_ce_const": (
        "(deftemplate a (slot x (type INTEGER)))\n"
        "(defrule r (a (x ?v)) (test (eq ?v abc)) =>)\n"
    ),
    "type_dup": "(deftemplate a (slot x (type INTEGER INTEGER)))\n",
    "type_empty": "(deftemplate a (slot x (type)))\n",
    "type_ok": "(deftemplate a (slot x (type INTEGER SYMBOL)))\n",
    "type_overlap": "(deftemplate a (slot x (type FLOAT NUMBER)))\n",
    "type_string_default": (
        "(deftemplate a (slot x (type STRING)))\n"
        "(deffacts f (a))\n"
        "(defrule r (a (x ?v)) => (printout t \"[\" ?v \"]\" crlf))\n"
    ),
    "type_unknown": "(deftemplate a (slot x (type FOO)))\n",
    "type_var": "(deftemplate a (slot x (type ?VARIABLE)))\n",
    "type_var_mix": "(deftemplate a (slot x (type ?VARIABLE INTEGER)))\n",
    "var_and_bad": TEMPLATE + "(defrule r (a (x ?v&abc)) =>)\n",
}


def _run(make):
    try:
        s = make()
        s.quiet()
        s.reset()
        s.run(20)
        return "ran", tuple(s.printed)
    except Exception as exc:        # noqa: BLE001 - a refusal, compared below
        return "refused", str(exc)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_both_engines_refuse_or_run_the_program_alike(tmp_path, name):
    refused_or_ran_alike(tmp_path, name, PROGRAMS[name])


def refused_or_ran_alike(tmp_path, name: str, text: str) -> None:
    """The program refused by both engines (ours in one line naming its line) or run
    by both alike."""
    path = tmp_path / f"{name}.clp"
    path.write_text(text)
    on_clips = _run(lambda: clips_session(path))
    ours = _run(lambda: ExpertaSession.from_clp([path]))
    assert on_clips[0] == ours[0], (on_clips, ours)
    if ours[0] == "ran":
        assert ours == on_clips
    else:
        assert "\n" not in ours[1] and f"{name}.clp: line " in ours[1]


@pytest.mark.parametrize("text, said", [
    ("(deftemplate a (slot x (tpye INTEGER)))",
     "deftemplate 'a': slot 'x': unknown attribute (tpye ...)"),
    ("(deftemplate a (slot x (type FLOAT NUMBER)))",
     "(type ...) names NUMBER with a type it already names"),
    ("(deftemplate a (slot x (type INTEGER)))\n(deffacts f (a (x abc)))",
     "a fact: slot 'x' of 'a' cannot hold abc: not of its type (INTEGER)"),
    ("(deftemplate a (slot x (range 1 5)))\n(defrule r (a (x 9)) =>)",
     "defrule r: a pattern: slot 'x' of 'a' cannot hold 9: outside its range 1 to 5"),
    ("(deftemplate a (multislot m (cardinality 1 2)))\n(deffacts f (a (m 1 2 3)))",
     "slot 'm' of 'a' holds 3 values, outside its cardinality 1 to 2"),
])
def test_a_refusal_says_what_and_where(tmp_path, text, said):
    path = tmp_path / "p.clp"
    path.write_text("\n" + text + "\n")
    with pytest.raises(ClpError) as caught:
        ExpertaSession.from_clp([path])
    last = text.count("\n") + 2            # the line of the construct refused
    assert said in str(caught.value) and f"line {last}:" in str(caught.value)


@pytest.mark.parametrize("engine", ["clp", "experta"])
def test_a_fact_typed_at_the_prompt_is_refused_alike(tmp_path, engine):
    from tests.test_shell_edit import said, shell_for_engine
    path = tmp_path / "typed.clp"
    path.write_text("(deftemplate a (slot x (type INTEGER)))\n")
    shell, out = shell_for_engine(path, engine)
    text = said(shell, out, "(assert (a (x abc)))\nassert (a (x abc))\nfacts")
    assert text.count("error: cannot assert (a (x abc)): ") == 2
    assert "no facts" in text


@pytest.mark.parametrize("rule", ["(defrule t (test TRUE) (v ?n) =>)",
                                  "(defrule t (v ?n) (test 0) =>)",
                                  "(defrule t (v ?n) (test ?n) =>)",
                                  "(defrule t (v ?n) (not (and (v ?m) (test ?m))) =>)"])
def test_a_test_of_no_call_is_refused_as_clips_refuses_it(tmp_path, rule):
    """Found by a tester (2026-11-29): ours ran (test TRUE), (test 0), (test ?n), which
    CLIPS refuses to load ([PRNTUTIL2]: a test holds a function call)."""
    refused_or_ran_alike(tmp_path, "testconst", f"(deffacts d (v 1))\n{rule}\n")
