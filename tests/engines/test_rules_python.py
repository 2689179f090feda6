"""``rules --python NAME``: the experta form shown for a CLIPS rule is valid Python that
experta runs, and it fires as the CLIPS rule does. (Found by two testers, 2026-11-29:
a predicate on two variables became a two-argument ``P``, ``=()`` named an undefined
variable, a template ``p`` hid experta's ``P``, a call without a Python form became
``clips('...')``, a multislot's comment swallowed the closing parentheses, and div, mod
and eq had Python's meanings.)"""
import textwrap

from pyengine.engine.experta import ExpertaSession
from pyengine.ui.sessions import opener

PROGRAM = """(deftemplate v (slot k) (slot n) (slot i))
(deftemplate r (slot lo))
(deftemplate p (slot name) (slot age) (multislot tags))
(deffacts init (v (k a) (n 1) (i 0)) (v (k b) (n 5) (i 1)) (v (k a) (n 7) (i 2))
  (v (k c) (n -7) (i 3)) (r (lo 2)) (pair 1 2) (pair 4 7) (pair 7.0 1)
  (p (name ann) (age 30) (tags x y)) (p (name bob) (age 5) (tags)))
(defrule above (r (lo ?lo)) (v (n ?n&:(> ?n ?lo)) (i ?i)) => )
(defrule next-one (pair ?a ?b) (v (n =(+ ?a 1))) => )
(defrule first-of-k (v (k ?k) (i ?i)) (not (v (k ?k) (i ?j&:(< ?j ?i)))) => )
(defrule same (v (k a) (n ?n)) (pair ?x&:(eq ?x ?n) ?) => )
(defrule older (p (name ?n) (age ?a&:(> ?a 3))) => )
(defrule halves (v (n ?x&:(= (div ?x 2) -3))) => )
(defrule odd (v (n ?x&:(= (mod ?x 2) -1))) => )
(defrule tagged (p (name ?n) (tags $?all)) => )
(defrule floats (pair ?x&:(floatp ?x) ?) => )
"""
FACTS = """
        yield V(k="a", n=1, i=0)
        yield V(k="b", n=5, i=1)
        yield V(k="a", n=7, i=2)
        yield V(k="c", n=-7, i=3)
        yield R(lo=2)
        yield Pair(1, 2)
        yield Pair(4, 7)
        yield Pair(7.0, 1)
        yield PFact(name="ann", age=30, tags=("x", "y"))
        yield PFact(name="bob", age=5, tags=())
"""


def test_the_experta_form_runs_and_fires_as_the_clips_rule(tmp_path):
    clp = tmp_path / "rules.clp"
    clp.write_text(PROGRAM)
    ours = ExpertaSession.from_clp([clp])
    forms = {name: ours.rule_python(name) for name in ours.rules()}
    assert forms["floats"].startswith("# (floatp ?x): no plain Python form; left out")
    assert "class P" not in forms["older"] and "PFact(" in forms["older"]
    methods = []
    for name, form in forms.items():
        compile(form + "\n", name, "exec")          # valid Python on its own
        if name == "floats":
            continue                                 # its test is left out: fires more
        head = form[:form.index("\ndef ")]
        methods.append(textwrap.indent(head, "    ")
                       + f"\n    def {name.replace('-', '_')}(self):\n        pass\n")
    module = ("from pyengine.experta import *\n"
              + "".join(f"class {c}(Fact): pass\n" for c in ("V", "R", "Pair", "PFact"))
              + "class E(KnowledgeEngine):\n    @DefFacts()\n    def init(self):"
              + FACTS + "\n" + "\n".join(methods))
    py = tmp_path / "shown.py"
    py.write_text(module)
    clips = opener("clp", [str(clp)])().session
    shown = opener("experta", [str(py)])().session
    for s in (clips, shown):
        s.reset()
        s.run()
    def fired(s):
        return sorted(f.rule.replace("-", "_") for f in s.trace if f.rule != "floats")
    assert fired(shown) == fired(clips)
    assert {"above", "next_one", "first_of_k", "same", "older", "halves", "odd",
            "tagged"} <= set(fired(clips))
