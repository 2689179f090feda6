"""Actions, deffunctions, globals, templates and input, run by pyengine on a
ScratchHost and by real CLIPS: the same output, the same value, the same facts."""
from __future__ import annotations

import pytest

from pyengine.engine.clips_reader import read
from pyengine.engine.clp.actions import (compile_actions, compile_deffunction,
                                         compile_defglobal, reset_globals)
from pyengine.engine.clp.actions_facts import compile_deffacts
from pyengine.engine.clp.actions_templates import compile_deftemplate
from pyengine.engine.clp.expressions import Frame, Scope, evaluate
from pyengine.engine.clp.host import ScratchHost
from pyengine.engine.clp.values import Text, is_fact, same
from tests.clp.oracle import Oracle

CONSTRUCTS = {"deffunction": compile_deffunction, "defglobal": compile_defglobal,
              "deftemplate": compile_deftemplate}


def load(text: str, scope: Scope) -> None:
    for form in read(text):
        CONSTRUCTS[str(form[0])](form, scope)


def both(defs: str, call: str, lines=()) -> tuple:
    """Run ``defs`` then ``call`` in CLIPS and in pyengine; assert they agree and
    return (value, printed text, facts)."""
    oracle = Oracle()
    for form in read(defs):
        said = oracle.build(defs[form.start:form.end])
        assert said.error is None, said.error
    oracle.feed(list(lines))
    said = oracle.run(call)
    assert said.error is None, said.error
    scope = Scope()
    load(defs, scope)
    host = ScratchHost(lines, templates=scope.templates)
    ours = evaluate(call, scope, host)
    assert host.printed() == said.printed
    if is_fact(ours):
        assert ours.text() == str(said.value)
    else:
        assert (ours is None and said.value is None) or same(ours, said.value), \
            (ours, said.value)
    clips_facts = [(f.index, str(f)) for f in oracle.env.facts()]
    assert [(f.index, f.text()) for f in host.facts] == clips_facts
    return ours, host.printed(), clips_facts


FACTORIAL = "(deffunction fact (?n) (if (<= ?n 1) then 1 else (* ?n (fact (- ?n 1)))))"


@pytest.mark.parametrize("n", [0, 1, 5, 20, 25])
def test_recursive_deffunction(n):
    assert both(FACTORIAL, f"(fact {n})")[0] == both(FACTORIAL, f"(fact {n})")[0]


PROGRAMS = [
    # printout: items back to back, words, strings bare, multifields in parentheses
    ('(deffunction f ($?r) (printout t 1 2 a "b" 2.0 (create$) tab "|" crlf) '
     '(printout t $?r crlf ?r crlf vtab ff) (printout nil "not shown") '
     '(printout T "T is t" crlf) (length$ ?r))', '(f a "b\\"c" 1.0)'),
    (FACTORIAL + '(deffunction f () (printout t "fact: " (fact 5) crlf))', "(f)"),
    ('(deffunction g () (printout t "inner ") 7)'
     '(deffunction f () (printout t "a" (g) "b" crlf))', "(f)"),
    # loops
    ('(deffunction f () (loop-for-count (?i 1 3) do (printout t ?i " ")) '
     '(loop-for-count (?i 3 1) do (printout t ?i)) (loop-for-count 2 (printout t x)) '
     '(loop-for-count (?i 2) do (printout t ?i)) (printout t crlf))', "(f)"),
    ('(deffunction f () (loop-for-count (?i 1 2) do (loop-for-count (?i 5 6) do '
     '(printout t ?i))) (printout t crlf))', "(f)"),
    ('(deffunction f (?n) (loop-for-count (?i 1 ?n) do (if (= ?i 3) then (break)) '
     '(printout t ?i)) (printout t crlf))', "(f 9)"),
    ('(deffunction f () (bind ?n 2) (loop-for-count (?i ?n) (bind ?n 5) (printout t ?i)) ?n)',
     "(f)"),
    ('(deffunction f (?n) (while (> ?n 0) (printout t ?n) (bind ?n (- ?n 1))) ?n)', "(f 3)"),
    ('(deffunction f () (bind ?x 1) (while TRUE do (bind ?x (+ ?x 1)) '
     '(if (> ?x 5) then (return ?x))) 99)', "(f)"),
    ('(deffunction f () (while TRUE do (break)) (printout t "after" crlf) (return))', "(f)"),
    ('(deffunction f () (progn$ (?v (create$ a b c)) (printout t ?v ?v-index " ")) '
     '(foreach ?w (create$ x y) (printout t ?w-index ?w)) (printout t crlf))', "(f)"),
    ('(deffunction f () (progn$ (?v (create$ 1 2)) (+ ?v 10)))', "(f)"),
    ('(deffunction f () (foreach ?v (create$) 1))', "(f)"),
    ('(deffunction f () (progn$ (?v (create$ 1 2 3)) (if (= ?v 2) then (return ?v-index))))',
     "(f)"),
    ('(deffunction f (?x) (bind ?y 1) (progn$ (?y ?x) (printout t ?y)) (printout t ?y crlf))',
     "(f (create$ a b))"),
    ('(deffunction f () (progn$ (?v (create$ 1 2)) (progn$ (?v (create$ a b)) '
     '(printout t ?v ?v-index)) (printout t ?v ?v-index)) (printout t crlf))', "(f)"),
    ('(deffunction f () (progn$ (create$ a b) (printout t x)) (printout t crlf))', "(f)"),
    ('(deffunction f () (foreach ?v (create$ 1 2 3) (if (= ?v 2) then (break)) '
     '(printout t ?v)) (printout t crlf))', "(f)"),
    # bind, if, switch, progn
    ('(deffunction f () (bind ?x 1 2 (create$ 3)) ?x)', "(f)"),
    ('(deffunction f (?x) (bind ?x 5) ?x)', "(f 1)"),
    ('(deffunction f () (progn (bind ?x 1)) (if TRUE then (bind ?y 2)) (+ ?x ?y))', "(f)"),
    ('(deffunction f (?x) (if ?x then yes else no))', "(f nil)"),
    ('(deffunction f (?x) (if ?x then yes else no))', "(f FALSE)"),
    ('(deffunction f () (if TRUE then) )', "(f)"),
    ('(deffunction f () (switch (+ 1 1) (case 1 then (printout t one)) (case 2 then '
     '(printout t two) (printout t "!")) (default (printout t other))) (printout t crlf))',
     "(f)"),
    ('(deffunction f (?x) (switch ?x (case a then 1) (default 3)))', "(f b)"),
    ('(deffunction f (?x) (switch ?x (case a then 1)))', "(f b)"),
    ('(deffunction f () (progn))', "(f)"),
    # parameters
    ('(deffunction f (?a $?b) ?b)', "(f 1)"),
    ('(deffunction f (?a $?b) (create$ ?a (length$ $?b) ?b))', "(f 1 2 (create$ 3 4))"),
    ('(deffunction f ($?r) (+ (nth$ 1 ?r) (nth$ 2 $?r)))', "(f 3 4)"),
    # globals
    ('(defglobal ?*count* = 0 ?*two* = (+ 1 1))'
     '(deffunction f () (bind ?*count* (+ ?*count* ?*two*)) (bind ?*count* (* ?*count* 5)))',
     "(f)"),
    ('(defglobal ?*x* = (create$ a b))(deffunction f () (bind ?*x* c) (bind ?*x*) ?*x*)', "(f)"),
    # format prints unless its router is nil
    ('(deffunction f () (format t "%d-%s%n" 3 abc))', "(f)"),
    # gensym counts from 1
    ('(deffunction f () (create$ (gensym) (gensym)))', "(f)"),
]


@pytest.mark.parametrize("defs, call", PROGRAMS)
def test_programs_agree_with_clips(defs, call):
    both(defs, call)


READS = [
    (["hello world", "next"], "(create$ (read) (read))"),
    (["42 x", "3.5", '"a b" c', "(a b)", ")", "?x", "a;comment", "-"],
     "(create$ (read) (read) (read) (read) (read) (read) (read) (read) (read))"),
    (["", "  ", "foo"], "(read)"),
    ([], "(read)"),
    (["hello world", "", "abc"], "(create$ (readline) (readline) (readline) (readline))"),
    (["a b", "c"], "(create$ (read) (readline))"),
    (["  x y  ", "z"], "(readline)"),
    (['"two', 'lines" rest', "after"], "(create$ (read) (read))"),
]


@pytest.mark.parametrize("lines, call", READS)
def test_read_and_readline_as_clips(lines, call):
    both("", call, lines)


TEMPLATES = """
(deftemplate p (slot x) (multislot y) (slot z (default ?DERIVE)) (slot w (default 7))
   (slot v (type INTEGER)) (slot s (type STRING)) (slot f (type FLOAT))
   (slot a (allowed-symbols q r)) (slot n (type NUMBER)) (multislot m (default 1 2))
   (slot l (type LEXEME)) (slot i (allowed-values 3 b)) (slot rr (range 5 10))
   (slot rf (type FLOAT INTEGER) (range 2.5 10)) (slot ff (type FLOAT) (range 2.5 10.0))
   (multislot mm (cardinality 2 3)) (multislot mn (type INTEGER) (cardinality 2 3))
   (slot fi (type FLOAT INTEGER)) (slot ti (type SYMBOL STRING)) (slot vv (type ?VARIABLE))
   (slot as (allowed-strings "k")) (slot an (allowed-numbers 4.5)) (slot ai (allowed-integers 9))
   (slot iv (allowed-values 3)) (multislot md (default)) (slot hh (default (+ 1 2))))
(deftemplate q (slot k (default ?NONE)) (slot j) (multislot m))
"""

FACT_CALLS = [
    "(assert (p))",
    '(assert (q (k "x\\"y") (m a (create$ b c) 1.5)) (a 1 (create$ 2 3) "s") (q (k 2)))',
    "(fact-index (assert (a 1) (a 1)))",
    "(progn (assert (q (k 1))) (modify 1 (j 5) (m x y)) (fact-slot-value 1 m))",
    "(progn (assert (q (k 1))) (assert (b)) (modify 1 (j 2)) (fact-index (duplicate 1 (k 9))))",
    "(progn (assert (q (k 1))) (assert (q (k 2))) (fact-index (modify 2 (k 1))))",
    "(progn (assert (q (k 1))) (duplicate 1) (fact-existp 2))",
    "(progn (bind ?f (assert (q (k 1)))) (retract ?f) (create$ (fact-existp ?f) "
    "(fact-index ?f) (fact-existp 1)))",
    "(progn (assert (a 1) (b 2) (c 3)) (retract 1 3) (fact-slot-value 2 implied))",
    "(progn (bind ?f (assert (q (k 1)))) (printout t ?f crlf) (fact-slot-value ?f j))",
]


@pytest.mark.parametrize("call", FACT_CALLS)
def test_facts_agree_with_clips(call):
    both(TEMPLATES, call)


def test_rule_actions_see_pattern_variables_and_stop_at_return():
    scope = Scope()
    load("(deftemplate q (slot k (default ?NONE)) (slot j))", scope)
    rhs = compile_actions(read(
        '(printout t ?f " " (fact-index ?f) " " ?x crlf) (modify ?f (j ?x)) '
        '(bind ?f 3) (printout t ?f crlf) (halt) (return) (printout t "never")'),
        scope.child(bound={"f", "x"}))
    host = ScratchHost(templates=scope.templates)
    fact = host.assert_fact("q", {"k": 1, "j": "nil"}, None)
    rhs(Frame({"f": fact, "x": Text("s")}, host))
    assert host.printed() == '<Fact-1> 1 s\n3\n'
    assert host.halted and host.facts[0].text() == '(q (k 1) (j "s"))'
    assert scope.bound == set()                 # the caller's scope is left as it was


def test_defglobals_reset_and_deffacts():
    scope = Scope()
    load("(defglobal ?*n* = 1 ?*m* = (+ ?*n* 1))", scope)
    evaluate("(bind ?*n* 10)", scope)
    assert scope.globals == {"*n*": 10, "*m*": 2}
    reset_globals(scope)
    assert scope.globals == {"*n*": 1, "*m*": 2}
    host = ScratchHost()
    compile_deffacts(read('(deffacts start "c" (a 1) (b (+ 1 1)))')[0], scope)(Frame({}, host))
    assert [f.text() for f in host.facts] == ["(a 1)", "(b 2)"]


def test_random_comes_from_the_host_seed():
    values = [evaluate("(create$ (random) (random 1 6))", host=ScratchHost(seed=4))
              for _ in range(2)]
    assert values[0] == values[1] and 1 <= values[0][1] <= 6


def test_the_deftemplate_docstring_example():
    scope = Scope()
    load('(deftemplate person "comment" (slot name (type STRING) (default ?NONE)) '
         '(slot age (type INTEGER) (range 0 ?VARIABLE)) (multislot kids) '
         '(slot id (default-dynamic (gensym))))', scope)
    host = ScratchHost(templates=scope.templates)
    evaluate('(progn (assert (person (name "Ann"))) (assert (person (name "Bob"))))',
             scope, host)
    assert [f.text() for f in host.facts] == ['(person (name "Ann") (age 0) (kids) (id gen1))',
                                              '(person (name "Bob") (age 0) (kids) (id gen2))']


@pytest.mark.parametrize("text, message", [
    ("(deftemplate t (slot a) (slot a))", "slot 'a' is declared twice"),
    ("(deftemplate t (slot a (default 1 2)))", "default of the single slot 'a' must be one"),
    ("(deftemplate t (other a))", "expected (slot name ...) or (multislot name ...)"),
    ("(deftemplate)", "deftemplate needs a name"),
])
def test_deftemplate_errors(text, message):
    from pyengine.engine.clp.expressions import ClpError
    with pytest.raises(ClpError, match=message.replace("(", r"\(").replace(")", r"\)")
                       .replace(".", r"\.")):
        load(text, Scope())
