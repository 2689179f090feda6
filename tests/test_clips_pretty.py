"""pyengine.engine.clips_pretty against real CLIPS: for every construct of a program,
``pretty(form)`` must be, character for character, what CLIPS 6.4's pretty-print
commands show for it (``DefrulePPForm`` and its kin, through clipspy).

The programs: hand-written ones, one per layout (every action and conditional element
with a layout of its own, every slot attribute, deffacts and deffunctions of every
shape, modules, CLIPS's odd spacings); every .clp file of the repository (tests,
docs/examples, bench/manners); and random programs, 300 of
:mod:`tests.conformance.random_clp` in the default run, 3,000 more and 3,000 of
:mod:`tests.clp.random_typed_rules` (CLIPS refuses most of those) in the heavy run.
Each comparison checks that CLIPS took enough of the program to compare, so no case
passes by comparing nothing.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import pyengine  # noqa: F401 - first, as everywhere
from pyengine.engine.clips_pretty import CONSTRUCTS, pretty
from pyengine.engine.clips_reader import Form, read
from tests.clp.random_typed_rules import program as typed_program
from tests.conformance.random_clp import build as random_program

REPO = Path(__file__).resolve().parent.parent


def clips_pp_forms(text: str) -> list[tuple[str, Form, str, str]]:
    """Each construct of ``text`` CLIPS builds, one at a time (those it refuses left
    out; a name defined twice, its last definition): (qualified name, form, the module
    CLIPS read it in, CLIPS's pretty form without its last newline)."""
    clips = pytest.importorskip("clips")
    from clips._clips import ffi, lib
    lookup = {"defrule": (lib.FindDefrule, lib.DefrulePPForm),
              "deftemplate": (lib.FindDeftemplate, lib.DeftemplatePPForm),
              "deffacts": (lib.FindDeffacts, lib.DeffactsPPForm),
              "deffunction": (lib.FindDeffunction, lib.DeffunctionPPForm)}
    env = clips.Environment()
    built: dict[tuple[str, str], tuple[Form, str]] = {}
    for form in read(text):
        if not isinstance(form, Form) or not form:
            continue
        module = ffi.string(lib.DefmoduleName(lib.GetCurrentModule(env._env))).decode()
        try:
            env.build(text[form.start:form.end])
        except clips.CLIPSError:
            continue
        if str(form[0]) in CONSTRUCTS:
            name = str(form[1]) if "::" in str(form[1]) else f"{module}::{form[1]}"
            built[(str(form[0]), name)] = (form, module)
    out = []
    for (kind, name), (form, module) in built.items():
        find, pp_form = lookup[kind]
        text_pp = pp_form(find(env._env, name.encode()))
        if text_pp != ffi.NULL:
            out.append((name, form, module, ffi.string(text_pp).decode().removesuffix("\n")))
    return out


def differences(text: str) -> tuple[list[str], int]:
    """The constructs of ``text`` whose pretty form is not CLIPS's (each with both
    texts), and how many were compared."""
    templates = {str(f[1]).split("::")[-1] for f in read(text)
                 if isinstance(f, Form) and len(f) > 1 and f[0] == "deftemplate"}
    found, compared = [], clips_pp_forms(text)
    for name, form, module, want in compared:
        try:
            got = pretty(form, module, templates)
        except ValueError as exc:
            got = f"ValueError: {exc}"
        if got != want:
            found.append(f"{form[0]} {name}\n--- CLIPS\n{want}\n--- pretty\n{got}")
    return found, len(compared)


def constructs_in(text: str) -> int:
    return sum(isinstance(f, Form) and bool(f) and str(f[0]) in CONSTRUCTS for f in read(text))


# -- hand-written programs, one per layout ----------------------------------------------
TEMPLATES = """(deftemplate item (slot name) (slot n (type INTEGER) (default 0)) (multislot tags))
(deftemplate b (slot v))
"""

BRIEF = """
(deftemplate a (slot x (default 0)) (multislot m))
(defrule r1 "a comment"
   (declare (salience 10) (auto-focus TRUE))
   ?f <- (a (x ?v&:(> ?v 1)|7) (m $?rest))
   (not (b ?v)) (test (> ?v 2))
   =>
   (if (> ?v 3) then (printout t "big" crlf) (bind ?z 1) else (printout t "small" crlf))
   (while (> ?v 0) do (bind ?v (- ?v 1)))
   (loop-for-count (?i 1 3) do (printout t ?i))
   (progn$ (?e ?rest) (printout t ?e))
   (modify ?f (x 1)))
(defrule r2 (logical (a (x 1))) (or (a (x 2)) (and (a (x 3)) (b))) (exists (a (x 4)))
   (forall (a (x ?y)) (b ?y)) => (assert (c)))
(deffacts start (a (x 1) (m p q)) (a (x 2)) (b 3))
(deffunction twice (?n) (* 2 ?n))
"""
#: What CLIPS 6.4 prints for BRIEF's constructs (rules, then the template, the facts and
#: the function), kept as text.
BRIEF_PP = """(defrule MAIN::r1 "a comment"
   (declare (salience 10) (auto-focus TRUE))
   ?f <- (a (x ?v&:(> ?v 1)|7) (m $?rest))
   (not (b ?v))
   (test (> ?v 2))
   =>
   (if (> ?v 3)
      then
      (printout t "big" crlf)
      (bind ?z 1)
      else
      (printout t "small" crlf))
   (while (> ?v 0) do
      (bind ?v (- ?v 1)))
   (loop-for-count (?i 1 3)  do
      (printout t ?i))
   (progn$ (?e ?rest) \n      (printout t ?e))
   (modify ?f (x 1)))
(defrule MAIN::r2
   (logical
        (a (x 1)))
   (or  (a (x 2))
        (and (a (x 3))
             (b)))
   (exists
        (a (x 4)))
   (forall
        (a (x ?y))
        (b ?y))
   =>
   (assert (c)))
(deftemplate MAIN::a
   (slot x (default 0))
   (multislot m))
(deffacts MAIN::start
   (a (x 1) (m p q))
   (a (x 2))
   (b 3))
(deffunction MAIN::twice
   (?n)
   (* 2 ?n))"""

CASES = {
    "brief-example": BRIEF,
    "if-then-else": TEMPLATES + """
(defrule nested (item (name ?x) (n ?n)) => (if (> ?n 0) then (if (> ?n 5) then (printout t "big")
   else (if (> ?n 3) then (printout t "mid"))) (bind ?k 2) else (printout t "neg" crlf)))
(defrule no-else (item (n ?n)) => (if (> ?n 1) then (printout t ?n crlf)))
(defrule empty-then (item (n ?n)) => (if (> ?n 1) then else (printout t ?n crlf)))
(defrule atom-condition (item (n ?n)) => (if TRUE then 1 else 2))""",
    "while": TEMPLATES + """
(defrule no-do (item (n ?n)) => (bind ?i ?n) (while (> ?i 0) (bind ?i (- ?i 1)) (printout t ?i)))
(defrule with-do (item (n ?n)) => (bind ?i ?n) (while (> ?i 0) do (bind ?i (- ?i 1))))
(defrule empty-body (item (n ?n)) => (while FALSE do) (while FALSE))
(defrule with-break (item) => (while TRUE do (break)) (while TRUE (printout t x) (break)))""",
    "loop-for-count": TEMPLATES + """
(defrule simple (item (n ?n)) => (loop-for-count 3 (printout t x))
   (loop-for-count ?n do (printout t y)))
(defrule with-variable (item (n ?n)) => (loop-for-count (?i ?n) (printout t ?i))
   (loop-for-count (?i 2 ?n) do (printout t ?i) (printout t crlf)))
(defrule with-calls (item (n ?n)) => (loop-for-count (+ ?n 1) do (printout t z))
   (loop-for-count (?j (- ?n 1) (+ ?n 2)) (printout t ?j)))
(defrule with-break (item (n ?n)) => (loop-for-count (?i 1 10) do (if (> ?i ?n) then (break))))""",
    "progn-foreach": TEMPLATES + """
(defrule each (item (tags $?t)) => (progn$ ?t (printout t x))
   (progn$ (?e ?t) (printout t ?e crlf) (printout t ?e-index))
   (progn$ (?e (create$ a b)) (printout t ?e)) (progn$ (create$ 1 2) (printout t x)))
(defrule over (item (tags $?t)) => (foreach ?e ?t (printout t ?e))
   (foreach ?e (create$ 1 2 3) (printout t ?e) (printout t crlf)))
(defrule plain (item) => (progn (printout t 1) (printout t 2)) (progn))""",
    "switch": TEMPLATES + """
(defrule cases (item (name ?x)) => (switch ?x (case a then (printout t "A" crlf))
   (case b then (printout t "B") (printout t crlf)) (default (printout t "other" crlf))))
(defrule no-default (item (name ?x)) => (switch (sym-cat ?x) (case a then)
   (case "s" then (bind ?q 1))))
(defrule calls (item (n ?n)) => (switch (+ ?n 1) (case (+ 1 1) then (printout t 2)) (default)))
(defrule bare (item (n ?n)) => (switch ?n))""",
    "bind-return-break": TEMPLATES + """
(deffunction returns (?x) (return ?x))
(deffunction returns-nothing () (return))
(deffunction returns-in-if (?x) (if (> ?x 1) then (return (* ?x 2)) else (return)))
(defrule binds (item (n ?n)) => (bind ?a 1) (bind ?b (+ ?n 1) 2) (bind ?c) (bind ?d (create$ a b))
   (return))""",
    "fact-set-queries": TEMPLATES + """
(defrule queries (item (name ?x)) =>
   (do-for-all-facts ((?f item)) (> ?f:n 1) (printout t ?f:name crlf))
   (do-for-all-facts ((?f item) (?g b)) (eq ?f:name ?g:v) (printout t ?f:name crlf) (retract ?g))
   (bind ?l (find-all-facts ((?f item)) TRUE))
   (bind ?k (find-all-facts ((?f item b)) (> ?f:n 0)))
   (if (any-factp ((?f b)) (eq ?f:v 1)) then (printout t yes))
   (do-for-fact ((?f item)) (eq ?f:name ?x) (modify ?f (n 3)))
   (delayed-do-for-all-facts ((?f item)) TRUE (retract ?f))
   (bind ?one (find-fact ((?f item)) (eq ?f:n 0)))
   (do-for-all-facts ((?f item)) TRUE))
(deffunction nested () (do-for-all-facts ((?f b)) (any-factp ((?g b)) (eq ?g:v ?f:v))
   (do-for-all-facts ((?g b)) TRUE (printout t ?g:v))))""",
    "assert-several": TEMPLATES + """
(defrule several (item (name ?x) (n ?n)) =>
   (assert (b (v ?x)) (item (name z) (n (+ ?n 1)) (tags a b c))
   (foo ?x 1 2) (bar)) (assert (item (tags))) (assert (q =(+ 1 2) "s" 1.5 -3)))
(defrule deeper (b (v ?v)) => (if (> ?v 1) then (assert (p 1) (p 2))
   (while (> ?v 0) do (assert (q ?v) (r ?v)) (bind ?v (- ?v 1)))))""",
    "modify-duplicate-retract": TEMPLATES + """
(defrule changes ?f <- (item (name ?x)) ?g <- (b (v ?v)) => (modify ?f (n 4) (tags a b)
   (name (sym-cat ?x z))) (duplicate ?g (v 9)) (modify ?f (tags)) (modify ?f) (retract ?f ?g)
   (retract ?f) (modify 1 (v 2)))""",
    "printout-format-calls": TEMPLATES + """
(defrule prints (item (name ?x) (n ?n)) => (printout t "He said \\"hi\\" \\\\ ok" ?x " " ?n crlf)
   (format t "%d %s%n" ?n ?x) (printout t (str-cat "a" (sym-cat b (upcase (lowcase ?x)))) crlf)
   (printout t (+ 1 (* 2 (- 3 (/ 4 ?n))))) (printout t (create$) (gensym*) crlf))""",
    "numbers-strings": """
(defrule numbers (p 1.0e400 -1e400 1e-400 0.1 123456789012345678 1.23456789012345678 1e16 1.5e-5)
   (p 100000000000000000000.0 .5 -.5 +.5 5. 0.0 -0 +0 1E3 2e+2 3e-2 -3 2.5 -0.5 1.50 +4 007)
   (p 99999999999999999999 -99999999999999999999)
   => (printout t 1e15 1e14 -0.0 3. 12345678901234567 "e \u00e9 \\"q\\" \\\\s" crlf))
(defrule multiline "doc
on two lines" (p "a
b") => (printout t "x
y" crlf))""",
    "declare": TEMPLATES + """
(defrule salience-call (declare (salience (+ 1 2))) (item) =>)
(defrule auto-focus-only (declare (auto-focus TRUE)) => (printout t x))
(defrule both (declare (auto-focus FALSE) (salience -5)) (b (v ?v)) => (printout t ?v))""",
    "empty-rules": TEMPLATES + """
(defrule no-conditions => (printout t "x" crlf))
(defrule no-actions (item) =>)
(defrule nothing =>)
(defrule comment-only "just a comment" =>)""",
    "bound-patterns": TEMPLATES + """
(defrule in-or (or ?f <- (item (name a)) ?f <- (b (v a))) => (retract ?f))
(defrule in-and (and ?f <- (item (name a)) (b (v ?v))) => (retract ?f))
(defrule plain ?f <- (item) ?g <- (foo ?x) => (retract ?f ?g))""",
    "not-exists-forall-logical": TEMPLATES + """
(defrule not-and (item (name ?x)) (not (and (b (v ?x)) (item (name ?x) (n 1)))) =>)
(defrule exists-several (exists (item (name ?x)) (b (v ?x))) =>)
(defrule forall-three (forall (item (name ?x)) (b (v ?x)) (item (name ?x) (n 0))) =>)
(defrule logical-several (logical (item (name ?x)) (b (v ?x)) (not (b (v z)))) => (assert (ok ?x)))
(defrule deep (logical (exists (b (v 5)))) (or (and (item (name a)) (or (b (v 1)) (b (v 2))))
   (not (exists (item (name c))))) =>)
(defrule nots (not (not (not (item (name a))))) (not (and (item (name b)) (not (b (v 1))))) =>)""",
    "test-ce": TEMPLATES + """
(defrule tests (item (n ?n)) (test (> ?n 1)) (test (and (< ?n 5) (neq ?n 3))) =>)""",
    "multifield-constraints": TEMPLATES + """
(defrule mf (item (tags $?a x $?b)) (item (tags ?first $?)) (item (tags)) (item (tags $?))
   (foo $?all) (foo ? ? $?) (foo) =>)""",
    "connectives": TEMPLATES + """
(defrule conn (item (name ~a&~b) (n ?n&:(> ?n 0)&~5|7|=(+ 1 2))) (b (v ?v&:(numberp ?v)))
   (foo ~x ?y&~?n ~=(* 2 ?n)) (b (v =(+ 1 2))) (b (v :(> 1 0))) (foo =(+ 1 2) :(> 2 1)) =>)
(defrule strs (b (v "a \\"q\\" b")) (b (v "back\\\\slash")) (foo "x" sym -1 2.5) =>)""",
    "deftemplate-attributes": """
(deftemplate full "a comment here"
  (slot a (type INTEGER FLOAT) (range 0 10) (default 5))
  (slot b (type SYMBOL) (allowed-symbols x y z) (default x))
  (slot c (type STRING) (allowed-strings "p" "q\\"r"))
  (slot d (allowed-lexemes a "b") (default-dynamic (gensym)))
  (slot e (allowed-integers 1 2 3) (default ?NONE))
  (slot f (allowed-floats 1.5 2.0) (default ?DERIVE))
  (slot g (allowed-numbers 1 2.5))
  (slot g2 (range ?VARIABLE 3) (facet size big) (multifacet tags a b "c"))
  (slot h (allowed-values a 1 "s" 2.5))
  (slot i (type ?VARIABLE))
  (slot j (default (+ 1 2)))
  (slot k (range -1.5 ?VARIABLE))
  (multislot l (cardinality 1 3) (default a b c))
  (multislot m (cardinality ?VARIABLE 2) (type SYMBOL) (default))
  (multislot n (default-dynamic (create$ a (gensym))))
  (multislot o (allowed-instance-names [a] [b]))
  (slot p (type LEXEME NUMBER INSTANCE-NAME))
  (field q) (multifield r))
(deftemplate one (slot x))
(deftemplate comment-only "only a comment")
(deftemplate nothing)""",
    "deffacts": TEMPLATES + """
(deffacts start "the first facts" (b (v 1)) (item (n 1) (tags p q)) (plain a b "c" 1.5 -2))
(deffacts comment-only "nothing")
(deffacts bare)
(deffacts one (plain))
(deffacts calls (item (n (+ 1 2)) (tags (create$ a b) c)) (item (tags =(+ 1 1)))
   (p =(* 2 3) (+ 1 1)))""",
    "deffunctions": """
(deffunction rest (?a $?rest) (printout t ?a (length$ ?rest) crlf))
(deffunction only-rest ($?rest) ?rest)
(deffunction no-parameters () (printout t "none" crlf))
(deffunction commented "does things" (?x ?y) (bind ?z (+ ?x ?y)) (printout t ?z crlf) (* ?z 2))
(deffunction empty ())
(deffunction comment-and-nothing "c" ())
(deffunction a-constant (?x) 42)
(deffunction a-string "c" (?a) "s")""",
    "nested-four-levels": """
(deffunction deep (?n)
   (if (> ?n 0) then
      (while (> ?n 0) do
         (loop-for-count (?i 1 ?n) do
            (switch ?i
               (case 1 then (if (evenp ?n) then (printout t even)
                             else (progn$ (?e (create$ a b)) (printout t ?e))))
               (default (foreach ?k (create$ 1 2) (printout t ?k)))))
         (bind ?n (- ?n 1)))
    else (return 0)))""",
    "modules": """
(defmodule MAIN (export ?ALL))
(deftemplate t (slot x))
(defmodule B (import MAIN ?ALL) (export ?ALL))
(defrule r1 (t (x 1)) => (printout t "in B" crlf))
(deftemplate u (slot y))
(defrule MAIN::r2 (t (x 2)) =>)
(defrule r3 "back in MAIN" (t (x 3)) =>)
(defrule B::r4 (u (y 1)) =>)
(deffacts B::f (u (y 2)))
(deffunction MAIN::g (?x) ?x)""",
    "instance-names": """
(defrule names (foo b [a] c) (bar [x]) (baz ?x [y]) => (printout t [a] [b] crlf)
   (assert (q [a] [b])))
(deffacts facts (foo [a] [b]))
(deftemplate slots (slot x (default [a])) (slot y (allowed-instance-names [a] [b])))""",
    "slots-named-like-functions": """
(deftemplate t (slot if) (multislot while) (slot assert))
(defrule r (t (if ?x) (while $?w)) => (assert (t (if 1) (while a b) (assert 2)))
   (assert (p (if (> ?x 1) then 1 else 2))) (modify 1 (if 3) (while)))
(deffacts f (t (if 1) (while a)))""",
    "globals": """
(defglobal ?*count* = 0 ?*list* = (create$ a b))
(deftemplate b (slot v))
(defrule globals (b (v ?v&:(> ?v ?*count*))) => (bind ?*count* (+ ?*count* 1))
   (printout t ?*count* $?*list* crlf) (bind $?m (create$ 1 2)))""",
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_hand_written_programs(name):
    found, compared = differences(CASES[name])
    assert compared == constructs_in(CASES[name]), "CLIPS refused some of the program"
    assert found == [], "\n\n".join(found)


def _clp_files():
    for folder in ("tests", "docs/examples", "bench/manners"):
        yield from sorted((REPO / folder).rglob("*.clp"))


@pytest.mark.parametrize("path", list(_clp_files()), ids=lambda p: str(p.relative_to(REPO)))
def test_the_repositorys_clp_files(path):
    found, compared = differences(path.read_text())
    if compared == 0:
        pytest.skip("CLIPS builds none of its constructs alone (they need another file)")
    assert found == [], "\n\n".join(found)


def _random(make, seeds) -> tuple[list[str], int]:
    found, compared = [], 0
    for seed in seeds:
        differ, count = differences(make(seed))
        found += [f"seed {seed}: {d}" for d in differ]
        compared += count
    return found, compared


@pytest.mark.parametrize("start", range(0, 300, 100))
def test_random_programs(start):
    found, compared = _random(random_program, range(start, start + 100))
    assert compared >= 500 and found == [], "\n\n".join(found[:3])


@pytest.mark.heavy
@pytest.mark.parametrize("start", range(300, 3300, 500))
def test_random_programs_heavy(start):
    found, compared = _random(random_program, range(start, start + 500))
    assert compared >= 2500 and found == [], "\n\n".join(found[:3])


@pytest.mark.heavy
@pytest.mark.parametrize("start", range(0, 3000, 500))
def test_random_typed_programs_heavy(start):
    found, compared = _random(typed_program, range(start, start + 500))
    assert compared >= 1000 and found == [], "\n\n".join(found[:3])


# -- without CLIPS -------------------------------------------------------------------------
def test_the_briefs_example_as_clips_printed_it():
    """Checked even where clipspy is missing."""
    forms = read(BRIEF)
    assert "\n".join(pretty(f) for f in forms[1:3] + forms[:1] + forms[3:]) == BRIEF_PP
    assert pretty(read("(deffunction B::twice (?n) (* 2 ?n))")[0], "C") == \
        "(deffunction B::twice\n   (?n)\n   (* 2 ?n))"
    assert pretty(forms[0], "OTHER").startswith("(deftemplate OTHER::a\n")


def test_templates_tell_a_slot_from_a_call():
    """``(t (if 1))`` in an assert: a slot of template t on one line, or a call of if
    laid out as if is."""
    rule = read("(defrule r => (assert (t (if 1 then 2))))")[0]
    assert "(assert (t (if 1 then 2)))" in pretty(rule, templates={"t"})
    assert "(assert (t (if 1\n" in pretty(rule)


@pytest.mark.parametrize("text", ["(defmodule M)", "(defglobal ?*x* = 1)", "(defrule)",
                                  "(defrule (a) => )", "(defrule r (a)",
                                  "(defrule r (object (is-a C)) =>)",
                                  "(defrule r => (make-instance a of C))",
                                  "(deftemplate t (slot x (colour red)))"])
def test_pretty_refuses_what_it_cannot_lay_out(text):
    with pytest.raises(ValueError):
        pretty(read(text + (")" if text.count("(") > text.count(")") else ""))[0])


def test_pretty_refuses_atoms_and_forms_cut_short():
    with pytest.raises(ValueError):
        pretty(read("defrule")[0])
    with pytest.raises(ValueError):
        pretty(read("(defrule r (a) => (printout t x))")[0][:3])     # a tuple, not a form
    with pytest.raises(ValueError, match="ends too soon"):
        pretty(read("(defrule r => (if 1))")[0])
