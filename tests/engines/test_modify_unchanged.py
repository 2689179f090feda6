"""A modify that changes no value does nothing, as in CLIPS 6.4: no retraction, no new
time tag, no new activation. A rule that sets a slot to the value it already has fires
once on CLIPS; on our engine it used to fire again and again."""
from __future__ import annotations

import io

import pytest

from pyengine.engine.experta import ExpertaSession
from pyengine.ui.sessions import opener
from pyengine.ui.shell import Shell
from tests.conformance.random_clp import clips_session, first_difference, outcome

PROGRAM = """\
(deftemplate box (slot id) (slot n (default 0)) (multislot items))
(deffacts boxes
   (box (id 1) (n 7) (items a b))
   (box (id 2) (n 7))
   (box (id 3) (n 7)))
;; the same value again: nothing happens, the rule does not fire again
(defrule keep-n ?f <- (box (id 1) (n ?n)) => (modify ?f (n ?n) (items a b)))
;; no slot named at all
(defrule touch ?f <- (box (id 2)) => (modify ?f))
;; 7.0 is not 7 in CLIPS: a real change, once
(defrule to-float ?f <- (box (id 3) (n ?n&:(integerp ?n))) => (modify ?f (n (float ?n))))
(defrule count-float (box (id 3) (n ?n&:(floatp ?n))) => (printout t "float " ?n crlf))
"""


@pytest.mark.parametrize("strategy", ["depth", "breadth", "lex"])
def test_an_unchanged_modify_fires_nothing_more_on_either_engine(program, strategy):
    on_clips = outcome(lambda: clips_session(program), strategy)
    ours = outcome(lambda: ExpertaSession.from_clp([program]), strategy)
    assert first_difference(on_clips, ours) is None
    assert sorted(rule for rule, _ in ours.firings) == ["count-float", "keep-n", "to-float",
                                                        "touch"]
    assert "f-3 (box (id 3) (n 7.0) (items))" in ours.facts


def _shell(engine: str, path, script: str) -> str:
    factory = opener(engine, [str(path)])
    out = io.StringIO()
    Shell(factory(), factory, stdin=io.StringIO(script), stdout=out).cmdloop()
    return out.getvalue()


@pytest.mark.parametrize("engine", ["clp", "experta"])
def test_modify_at_the_prompt_with_the_same_values_changes_nothing(program, engine):
    out = _shell(engine, program, "reset\nmodify f-2 (n 7)\nwhy f-2\nmodify f-2 (n 8)\nfacts\n")
    assert "f-2 already holds those values: nothing changed" in out
    unchanged, changed = out.split("modify", 1)[-1], out
    assert "initial fact" in unchanged.split("(n 8)")[0]    # why: still the deffacts'
    assert "==> f-2     (box (id 2) (n 8) (items))" in changed
    assert _shell(engine, program, "reset\nmodify f-2 (n 7)\n").count("<==") == 0


MULTI = """(deftemplate item (slot id) (multislot tags))
(deffacts s (item (id 1) (tags blue big)))
(defrule has-red (item (id ?i) (tags $? red $?)) => (printout t "red " ?i crlf))
(defrule one-tag (item (id ?i) (tags ?only)) => (printout t "one " ?i " " ?only crlf))
(defrule first-r (item (id ?i) (tags r $?rest)) => (printout t "r-first " ?rest crlf))
"""


@pytest.mark.parametrize("value", ["red", "42", "1.5"])
def test_a_multislot_modified_at_the_prompt_to_one_value_holds_that_value(tmp_path, value):
    """Found by a tester (2026-11-29): on our engine ``modify f-1 (tags red)`` stored
    the bare string, which ``(tags r $?rest)`` matched as the letters r e d; ``(tags
    42)`` failed with a Python error after changing the fact."""
    path = tmp_path / "multi.clp"
    path.write_text(MULTI)
    script = f"reset\nmodify f-1 (tags {value})\nagenda\nmatches one-tag\nrun\nfacts\n"
    clp, ours = (_shell(engine, path, script) for engine in ("clp", "experta"))
    assert ours == clp
    assert f"f-1     (item (id 1) (tags {value}))" in ours and "error" not in ours
    assert ("red 1" in ours) == (value == "red") and "r-first" not in ours


@pytest.mark.parametrize("engine", ["clp", "experta"])
def test_a_modify_that_takes_logical_support_is_still_shown_short(engine, tmp_path):
    """A tester's finding: with the facts that lost their logical support between its
    two halves, a modify was shown whole; CLIPS shows the changed slots only."""
    import io

    from pyengine.ui.sessions import opener
    from pyengine.ui.shell import Shell
    path = tmp_path / "logical.clp"
    path.write_text("(deftemplate item (slot name) (slot n (default 0)))\n"
                    "(deffacts init (item (name a) (n 1)) (item (name b) (n 2)) (trigger))\n"
                    "(defrule support (logical (item (name ?x) (n ?n&:(> ?n 0)))) (trigger)"
                    " => (assert (supported ?x ?n)))\n"
                    "(defrule dec (declare (salience -5)) ?f <- (item (name ?x) "
                    "(n ?n&:(> ?n 0))) => (modify ?f (n (- ?n 1))))\n")
    factory = opener(engine, [str(path)])
    out = io.StringIO()
    Shell(factory(), factory, stdin=io.StringIO("watch facts\nstep 3\n"), stdout=out).cmdloop()
    assert out.getvalue().splitlines()[-3:] == ["<== f-2     (item ... (n 2))",
                                                "<== f-5     (supported b 2)",
                                                "==> f-2     (item ... (n 1))"]
