"""An error as a change by hand is matched (a test dividing by zero), or as the reset
asserts the deffacts: CLIPS says it and the change stays (a reset stops there). The
CLIPS engine said nothing of it at the prompt, and printed CLIPS's raw lines on stderr
at a reset (a teacher's finding); both engines now say it in one line."""
from __future__ import annotations

import pytest

from pyengine.ui.sessions import opener
from tests.conformance.repl_harness import clips_transcript
from tests.test_inspector_back import answers

PROGRAM = """(deftemplate pr (slot a) (slot b))
(deffunction ratio (?a ?b) (/ ?a ?b))
(deffacts d (pr (a 4) (b 2)))
(defrule big (pr (a ?a) (b ?b)) (test (> (ratio ?a ?b) 1)) => (printout t "big " ?a crlf))
"""


@pytest.mark.parametrize("engine", ["clp", "experta"])
def test_a_change_by_hand_says_the_error_its_matching_met(engine, program):
    said, shell = answers(opener(engine, [str(program)]),
                          "assert (pr (a 9) (b 0))\nmodify f-1 (b 0)\n(assert (pr (a 1) (b 0)))\n"
                          "retract 2\nfacts")
    for text in said[:3]:
        assert "error while matching: " in text and "Attempt to divide by zero" in text
    assert said[2].endswith("<Fact-3>\n") and "error" not in said[3]
    assert [ln.split()[0] for ln in said[4].splitlines()[:-1]] == ["f-1", "f-3"]
    assert shell.errors == 0                            # the changes stay


def test_the_clips_engine_says_clips_s_own_words(program):
    _, err = clips_transcript(program, ["(assert (pr (a 9) (b 0)))"], [])
    said, _ = answers(opener("clp", [str(program)]), "assert (pr (a 9) (b 0))")
    note = said[0].splitlines()[-1]
    assert note == ";; error while matching: " + " ".join(err.split())


@pytest.mark.parametrize("engine", ["clp", "experta"])
def test_a_reset_that_meets_an_error_says_it_in_one_line(engine, tmp_path, capfd):
    path = tmp_path / "stops.clp"
    path.write_text(PROGRAM.replace("(pr (a 4) (b 2)))", "(pr (a 4) (b 0)) (pr (a 9) (b 3)))"))
    said, shell = answers(opener(engine, [str(path)]), "facts\nreset")
    assert [ln.split()[0] for ln in said[0].splitlines()[:-1]] == ["f-1"]    # it stopped
    assert said[1].startswith("error: reset: ") and "divide by zero" in said[1]
    assert shell.errors == 1
    assert "PRNTUTIL7" not in capfd.readouterr().err   # not CLIPS's raw lines besides
