"""The fact and agenda views of a program with modules, on both engines, checked
against CLIPS's own output: ``(facts MODULE ...)`` is CLIPS's (it was read as a
relation's name and said "no facts"), the shell's ``facts`` and ``agenda`` say what the
current module does not see, and ``status`` counts every module's activations (it said
0 while another module's rule was next to fire; a teacher's findings)."""
from __future__ import annotations

import contextlib
import io

import clips
import pytest

from pyengine.ui.sessions import opener
from tests.test_inspector_back import answers

PROGRAM = """(defmodule MAIN (export ?ALL))
(deftemplate MAIN::p (slot n))
(deffacts MAIN::d (p (n 1)) (p (n 2)) (q 3))
(defmodule B (import MAIN deftemplate p))
(deftemplate B::r (slot k))
(deffacts B::e (r (k 1)))
(defrule B::see (r (k ?k)) (p (n ?k)) => )
"""

TYPED = ["(facts)", "(facts B)", "(facts MAIN 2)", "(facts B 1 10 1)", "(facts *)",
         "(facts * 3 4)", "(facts (+ 1 1))", "(facts 9)", "(facts B (- 5 1))"]


def clips_says(path, command: str) -> str:
    """What CLIPS 6.4 prints for ``command`` after a reset."""
    env = clips.Environment()
    env.load(str(path))
    env.reset()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        env.eval(command)
    return out.getvalue()


@pytest.fixture
def program(tmp_path):
    path = tmp_path / "modules.clp"
    path.write_text(PROGRAM)
    return path


@pytest.mark.parametrize("engine", ["clp", "experta"])
def test_facts_typed_in_clips_form_lists_what_clips_lists(engine, program, capfd):
    said, _ = answers(opener(engine, [str(program)]), "\n".join(TYPED))
    for command, shown in zip(TYPED, said):
        capfd.readouterr()
        expected = clips_says(program, command) + capfd.readouterr().out
        ours = "".join(ln for ln in shown.splitlines(True) if not ln.startswith(";;"))
        assert ours == expected, command        # the shell's own notes are ;; lines


@pytest.mark.parametrize("engine", ["clp", "experta"])
def test_facts_typed_wrong_in_clips_form_is_clips_error(engine, program):
    said, _ = answers(opener(engine, [str(program)]), "(facts NOSUCH)\n(facts p)\n(facts 1.5)")
    assert said[0] == "error: [PRNTUTIL1] Unable to find defmodule 'NOSUCH'.\n"
    assert said[1] == "error: [PRNTUTIL1] Unable to find defmodule 'p'.\n"
    assert said[2].startswith("error: [ARGACCES2] Function 'facts' expected argument #1")


@pytest.mark.parametrize("engine", ["clp", "experta"])
def test_the_shell_says_what_the_current_module_does_not_see(engine, program):
    said, _ = answers(opener(engine, [str(program)]),
                      "facts\nfacts r\nfacts * r\n(focus B)\nagenda\n(focus MAIN)\nagenda\nstatus")
    assert said[0].endswith("For a total of 3 facts.\n;; and 1 fact the current module does "
                            "not see (facts * lists every module's)\n")
    assert said[1].startswith(";; no facts\n;; and 1 fact")
    assert said[2] == "f-4     (r (k 1))\nFor a total of 1 fact.\n"
    assert said[4] == "0      see: f-4,f-1\nFor a total of 1 activation.\n"
    assert said[6] == (";; the agenda of the current module is empty\n;; and 1 activation in "
                       "other modules, which fire as the focus reaches them ((agenda *) "
                       "lists them)\n")
    assert ", 0 activations (1 in other modules), 0 firings;" in said[7]
