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
                       "other modules: each fires when its module has the focus ((agenda *) "
                       "lists them)\n")
    assert ", 0 activations (1 in other modules), 0 firings;" in said[7]


@pytest.mark.parametrize("engine", ["clp", "experta"])
def test_clear_focus_stack_pops_each_module_as_clips_does(engine, tmp_path):
    """CLIPS's clear-focus-stack pops the modules one by one, each pop making the new
    top current and the last leaving it: after a stack CHECK WORK MAIN, MAIN is
    current. Ours emptied the stack at once and kept CHECK, at the prompt and in a rule
    (a teacher's finding)."""
    path = tmp_path / "clear.clp"
    path.write_text("(defmodule MAIN (export ?ALL))\n(defmodule B (import MAIN ?ALL))\n"
                    "(defrule MAIN::go => (focus B))\n(deffacts d (x))\n"
                    "(defrule B::seen (x) => (clear-focus-stack) "
                    "(printout t \"now \" (get-current-module) crlf))\n")
    said, _ = answers(opener(engine, [str(path)]),
                      "run\n(focus B MAIN)\n(get-current-module)\n(clear-focus-stack)\n"
                      "(get-current-module)\n(focus B)\n(clear-focus-stack)\n"
                      "(get-current-module)")
    assert "    | now MAIN\n" in said[0]
    assert said[2:] == ["B\n", "", "MAIN\n", "TRUE\n", "", "B\n"]


def test_run_minus_one_in_clips_form_runs_to_the_end():
    """CLIPS's ``(run -1)`` runs until the agenda is empty; the shell refused it
    ("run must be at least 0"; a teacher's finding). ``run -1`` stays refused."""
    from tests.test_inspector_back import EXAMPLES
    said, _ = answers(opener("clp", [str(EXAMPLES / "family.clp")]), "run -1\n(run -1)")
    assert said[0] == "error: run must be at least 0, not -1\n"
    assert said[1].endswith(";; 8 rules fired (8 in all)\n")


@pytest.mark.parametrize("engine", ["clp", "experta"])
def test_retract_typed_in_clips_form_retracts_what_is_there(engine, program):
    """CLIPS's ``(retract 2 99 3)`` retracts f-2 and f-3 and says f-99 is not there;
    the shell's ``retract`` verb takes all or none, and the CLIPS form went to it (a
    teacher's finding: nothing was retracted)."""
    said, shell = answers(opener(engine, [str(program)]),
                          "(retract 2 99 3)\nfacts *\nretract 1 99\nfacts *")
    assert said[0] == "error: [PRNTUTIL1] Unable to find fact f-99.\n"
    assert [ln.split()[0] for ln in said[1].splitlines() if ln[:2] == "f-"] == ["f-1", "f-4"]
    assert said[2] == "error: no fact f-99\n" and said[3] == said[1]


def test_retract_typed_in_clips_form_on_a_python_engine():
    """On an experta engine written in Python, CLIPS's ``(retract ...)`` of fact ids
    does the same: each fact there goes, each one not there is said."""
    said, shell = answers(opener("bee", []), "(retract 1 99 x 3)\nfacts")
    assert said[0] == ("error: [PRNTUTIL1] Unable to find fact f-99. [ARGACCES2] Function "
                       "'retract' expected argument #3 to be of type fact-address, "
                       "fact-index, or the symbol *.\n")
    shown = [ln.split()[0] for ln in said[1].splitlines()[:3]]
    assert shown == ["f-2", "f-4", "f-5"]
