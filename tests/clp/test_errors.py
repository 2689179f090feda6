"""What pyengine refuses when it compiles CLIPS code (ClpError, one line with the line
number), and what stops a run (ClpRuntimeError, in CLIPS's words with the line)."""
from __future__ import annotations

import pytest

from pyengine.engine.clips_reader import read
from pyengine.engine.clp.actions import (compile_actions, compile_body, compile_deffunction)
from pyengine.engine.clp.actions_templates import compile_deftemplate
from pyengine.engine.clp.expressions import (ClpError, ClpRuntimeError, Frame, Scope,
                                             compile_expr, evaluate)
from pyengine.engine.clp.functions import ALLOWED_FUNCTIONS, BUILTINS
from pyengine.engine.clp.host import ScratchHost
from pyengine.engine.errors import UsageError


def rhs_error(text: str, bound=(), templates: str = "") -> str:
    scope = Scope(bound=bound)
    for form in read(templates):
        compile_deftemplate(form, scope)
    with pytest.raises(ClpError) as info:
        compile_actions(read(text), scope)
    assert "\n" not in str(info.value) and isinstance(info.value, UsageError)
    return str(info.value)


COMPILE_ERRORS = [
    ("(printout t crlf)\n\n(system \"rm\")", "line 3: unknown function 'system' (not in "
                                             "pyengine's CLIPS subset)"),
    ("(printout t ?y crlf)", "line 1: undefined variable ?y in (printout ...)"),
    ("(printout t (+ ?y 1))", "line 1: undefined variable ?y in (+ ...)"),
    ("(bind ?x (+ ?x 1))", "undefined variable ?x"),
    ("\n(+ 1)", "line 2: function '+' expects at least 2 arguments, got 1"),
    ("(not a b)", "function 'not' expects exactly 1 argument, got 2"),
    ("(str-compare a b c d)", "function 'str-compare' expects at most 3 arguments, got 4"),
    ("(bind ?*nope* 1)", "global variable ?*nope* is not defined"),
    ("(printout t ?*nope*)", "global variable ?*nope* in (printout ...) is not defined"),
    ("(break)", "break is only valid inside a loop"),
    ("(if TRUE (printout t x))", "if is written (if <condition> then"),
    ("(loop-for-count (?i 1 2.5) do)", "loop-for-count's bounds are integers"),
    ("(loop-for-count (?i 1 3) (bind ?i 10))", "cannot bind the loop variable ?i"),
    ("(progn$ (?v (create$ a)) (bind ?v-index 3))", "cannot bind the loop variable ?v-index"),
    ("(loop-for-count (?i 1 3)) (printout t ?i)", "undefined variable ?i"),
    ("(foreach ?v (create$ a) (printout t ?v)) (printout t ?v)", "undefined variable ?v"),
    ("(switch 1 (case 1 2))", "switch holds (case <value> then <actions>)"),
    ("(assert (?x a))", "assert takes facts such as (relation value...)"),
    ("(assert (p (zz 1)))", "template 'p' has no slot 'zz'"),
    ("(assert (p (x 1) (x 2)))", "slot 'x' of 'p' is given twice"),
    ("(assert (p (x 1 2)))", "the single field slot 'x' of 'p' takes exactly one value"),
    ("(assert (p (x)))", "the single field slot 'x' of 'p' takes exactly one value"),
    ("(assert (q))", "slot 'k' of 'q' needs a value (its default is ?NONE)"),
    ("(assert (a (name x)))", "unknown function 'name'"),
    ("(modify ?f x)", "modify takes (slot value...) groups"),
    ("(printout t [inst])", "[inst] in (printout ...) is not an expression"),
    ("(printout t ?)", "'?' in (printout ...) is a pattern wildcard"),
    ("()", "() where a function call was expected"),
    ("(+ 1 a)", "function '+' expects a number as argument #2, not the symbol a"),
    ('(< 0 0 "x")', "function '<' expects a number as argument #3, not the string \"x\""),
    ("(* 2 (< 0 1))", "function '*' expects a number as argument #2, not (< ...), a boolean"),
    ("(> (create$) 1)", "not (create$ ...), a multifield"),
    ("(sqrt (str-cat 4))", "not (str-cat ...), a symbol or string"),
    ("(explode$ 0)", "function 'explode$' expects a string as argument #1, not the integer 0"),
    ("(nth$ 1.0 (create$ a))", "expects an integer as argument #1, not the float 1.0"),
    ("(length$ (str-cat a))", "expects a multifield as argument #1, not (str-cat ...)"),
    ("(str-cat (create$ a))", "expects a single value as argument #1, not (create$ ...)"),
    ("(neq a a (explode$ 0))", "function 'explode$' expects a string"),
    ("(\"str\" 1)", "a call starts with a function name"),
    ("(retract 1.5)", "function 'retract' expects a fact, a fact index or * as argument #1, "
                      "not the float 1.5"),
    ('(retract 1 "*")', "expects a fact, a fact index or * as argument #2, not the string"),
    ("(retract (create$ 1))", "not (create$ ...), a multifield"),
]


@pytest.mark.parametrize("text, message", COMPILE_ERRORS)
def test_compile_errors_name_the_line_and_the_function(text, message):
    templates = "(deftemplate p (slot x) (multislot y)) (deftemplate q (slot k (default ?NONE)))"
    assert message in rhs_error(text, bound={"f"}, templates=templates)


def test_return_is_refused_in_a_bare_expression():
    with pytest.raises(ClpError, match=r"\[PRCDRPSR2\] The return function is not valid"):
        compile_expr(read("(return 1)")[0], Scope())


DEFFUNCTION_ERRORS = [
    ("(deffunction + (?a) ?a)", "would replace a system function"),
    ("(deffunction system (?a) ?a)", "would replace a system function"),   # CLIPS's, not ours
    ("(deffunction f (?a ?a) ?a)", "parameter ?a is given twice"),
    ("(deffunction f ($?a ?b) ?b)", "only the last parameter can be a $?multifield"),
    ("(deffunction f (a) 1)", "parameters are ?variables"),
    ("(deffunction f)", "needs a name and a parameter list"),
    ("(deffunction f () ?undefined)", "undefined variable ?undefined"),
    ("(deffunction f (?a) (g ?a))", "unknown function 'g'"),
    ("(deffunction f (?a) (+ ?a))", "function '+' expects at least 2 arguments"),
]


@pytest.mark.parametrize("text, message", DEFFUNCTION_ERRORS)
def test_deffunction_errors(text, message):
    with pytest.raises(ClpError, match=message.replace("$", r"\$").replace("?", r"\?")
                       .replace("+", r"\+")):
        compile_deffunction(read(text)[0], Scope())


def test_calls_to_a_deffunction_are_checked_for_arity():
    scope = Scope()
    compile_deffunction(read("(deffunction f (?a ?b) (+ ?a ?b))")[0], scope)
    compile_deffunction(read("(deffunction g (?a $?b) ?b)")[0], scope)
    with pytest.raises(ClpError, match="function 'f' expects exactly 2 arguments, got 1"):
        evaluate("(f 1)", scope)
    with pytest.raises(ClpError, match="function 'g' expects at least 1 argument, got 0"):
        evaluate("(g)", scope)
    assert evaluate("(g 1 2 3)", scope) == (2, 3)


RUNTIME_ERRORS = [
    ("(bind ?x 0)\n(printout t (/ 1 ?x))", "line 2: [PRNTUTIL7] Attempt to divide by zero in '/' function."),
    ("(bind ?x a)\n\n(+ 1 ?x)",
     "line 3: [ARGACCES2] Function '+' expected argument #2 to be of type integer or float."),
    ("(bind ?x 1)\n(bind ?x)\n(printout t ?x)", "line 3: [PRCCODE5] Variable ?x unbound."),
    ("(bind ?m (create$ a))\n(bind ?i a)\n(nth$ ?i ?m)",
     "line 3: [ARGACCES2] Function 'nth$' expected argument #1 to be of type integer."),
    ("(bind ?m (create$ a))\n(delete$ ?m 2 3)", "line 2: [MULTIFUN1] Multifield index range "
                                               "2..3 out of range 1..1 in function 'delete$'."),
    ("(assert (a 1))\n(modify 1 (x 2))", "line 2: [TMPLTFUN2] Ordered facts cannot be "
                                         "used with the 'modify' function."),
    ("(bind ?n 2.5)\n(loop-for-count ?n do)",
     "line 2: [ARGACCES2] Function 'loop-for-count' expected argument #2 to be of type integer."),
    ("(progn$ (?v abc) 1)", "Function 'progn$' expected argument #1 to be of type multifield."),
    # (a call giving only a multifield, (x (create$ 1)), is refused on loading, as CLIPS does)
    ("(bind ?m (create$ 1)) (assert (p (x ?m)))", "[TMPLTFUN1] Attempted to assert a multifield "
                                                  "value into the single field slot 'x' of "
                                                  "deftemplate 'p'."),
    ("(read nosuchrouter)", "pyengine's read reads only standard input"),
    ("(format nil \"%d\")", "Function 'format' expected exactly 3 arguments."),
]


@pytest.mark.parametrize("text, message", RUNTIME_ERRORS)
def test_runtime_errors_in_clips_words_with_the_line(text, message):
    scope = Scope()
    compile_deftemplate(read("(deftemplate p (slot x))")[0], scope)
    run = compile_actions(read(text), scope)
    with pytest.raises(ClpRuntimeError) as info:
        run(Frame({}, ScratchHost(templates=scope.templates)))
    assert message in str(info.value) and (not message.startswith("line") or
                                           str(info.value) == message)


SAID_AND_ON = [   # CLIPS says these and the action goes on (checked with clipspy)
    ("(retract 7) (bind ?r ok)", "[PRNTUTIL1] Unable to find fact f-7.", "ok"),
    ("(bind ?r (modify 7 (x 2)))", "[PRNTUTIL1] Unable to find fact f-7.", "FALSE"),
    ("(bind ?r (duplicate 7))", "[PRNTUTIL1] Unable to find fact f-7.", "FALSE"),
    ("(bind ?r (fact-slot-value 7 x))", "[PRNTUTIL1] Unable to find fact f-7.", "FALSE"),
    ("(bind ?f (assert (p (x 1)))) (retract ?f) (bind ?r (modify ?f (x 2)))",
     "[PRNTUTIL11] The fact f-1 has been retracted.", "FALSE"),
    ("(bind ?f (assert (p (x 1)))) (retract ?f) (bind ?r (fact-index ?f))",
     "[PRNTUTIL11] The fact f-1 has been retracted.", -1),
    ("(bind ?f (assert (p (x 1)))) (retract ?f) (retract ?f) (bind ?r done)", None, "done"),
]


@pytest.mark.parametrize("text, said, value", SAID_AND_ON)
def test_a_fact_not_there_is_said_and_the_action_goes_on(text, said, value):
    scope = Scope()
    compile_deftemplate(read("(deftemplate p (slot x))")[0], scope)
    host = ScratchHost(templates=scope.templates)
    frame = Frame({}, host)
    compile_actions(read(text), scope)(frame)
    assert host.warnings == ([said] if said else [])
    assert frame.vars["r"] == value


def test_the_slot_of_a_retracted_fact_stops_the_action():
    scope = Scope()
    compile_deftemplate(read("(deftemplate p (slot x))")[0], scope)
    run = compile_actions(read("(bind ?f (assert (p (x 1)))) (retract ?f)\n"
                               "(fact-slot-value ?f x)"), scope)
    with pytest.raises(ClpRuntimeError, match="The fact f-1 has been retracted"):
        run(Frame({}, ScratchHost(templates=scope.templates)))


def test_endless_recursion_is_a_runtime_error():
    scope = Scope()
    compile_deffunction(read("(deffunction loop (?n) (+ 1 (loop ?n)))")[0], scope)
    with pytest.raises(ClpRuntimeError, match="Deffunction 'loop' nested too deeply"):
        evaluate("(loop 1)", scope)


def test_the_table_is_the_allow_list():
    assert ALLOWED_FUNCTIONS == frozenset(BUILTINS)
    for name in ("+", "printout", "assert", "loop-for-count", "progn$", "format", "halt"):
        assert name in ALLOWED_FUNCTIONS
    assert "system" not in ALLOWED_FUNCTIONS and "eval" not in ALLOWED_FUNCTIONS
    plus = BUILTINS["+"]
    assert (plus.min_args, plus.max_args, plus.kind) == (2, None, "pure")
    assert plus.impl(1, 2) == 3 and plus[:3] == (2, None, plus.impl)


def test_compile_body_returns_the_last_value_or_returns_value():
    body = compile_body(read("(bind ?x 2) (if (> ?x 1) then (return (* ?x 10))) 0"), Scope())
    assert body(Frame({}, ScratchHost())) == 20
