"""``(set-reset-globals FALSE)``: CLIPS's ``(reset)`` keeps the defglobals' values; the
shell's reset opened the program afresh and put them back to their start (a teacher's
finding). On the CLIPS engine (ours has no such setting and refuses it)."""
from __future__ import annotations

from tests.conformance.repl_harness import clips_transcript, ours_as_clips
from tests.test_inspector_back import answers

from pyengine.ui.sessions import opener

PROGRAM = """(defglobal ?*g* = 1 ?*m* = (create$ a "b c"))
(deffacts d (a 1) (a 2))
(defrule r (a ?x) => (bind ?*g* (+ ?*g* ?x)) (bind ?*m* (create$ ?*m* ?x))
   (printout t "r " ?x " g=" ?*g* crlf))
"""
SCRIPT = ["(run)", "(set-reset-globals FALSE)", "(reset)", "?*g*", "?*m*", "(run 1)",
          "(get-reset-globals)", "?*g*"]


def test_a_reset_keeps_the_globals_when_clips_is_told_so(tmp_path):
    path = tmp_path / "globals.clp"
    path.write_text(PROGRAM)
    expected, errors = clips_transcript(path, SCRIPT, [])
    assert not errors and "(a \"b c\" 2 1)" in expected
    said, shell = answers(opener("clp", [str(path)]), "\n".join(SCRIPT + ["back 1", "?*g*"]))
    ours = ours_as_clips([ln for text in said[:len(SCRIPT)] for ln in text.splitlines()])
    assert ours == expected
    assert said[-1] == "4\n" and shell.errors == 0      # back replays from the reset
