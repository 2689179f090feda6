"""CLIPS's listing commands on a .clp program, on CLIPS and on our engine alike.

``(list-deftemplates)`` lists a relation's implied template too, where CLIPS makes it:
where the relation is first used (a pattern, a ``not``, an ``assert`` in a rule or a
deffunction, a deffacts, a fact typed at the prompt), among the deftemplates in that
order; our engine listed the deftemplates only."""
from __future__ import annotations

import pytest

from tests.test_shell_edit import said, shell_for_engine

PROGRAM = """(deftemplate a (slot x))
(defrule r (b 1) (not (g 1)) => (assert (c 2)))
(deffunction f () (assert (d 1)))
(deffacts s (e 1) (a (x 1)))
(deftemplate z (slot y))
(defrule r2 (exists (b 2)) (test (> 1 0)) => (assert (c 3) (i 1)))
"""
SCRIPT = "(list-deftemplates)\n(assert (q 1))\n(list-deftemplates)\n(list-deftemplates *)"


@pytest.mark.parametrize("engine", ["clp", "experta"])
def test_implied_templates_are_listed_where_clips_makes_them(tmp_path, engine):
    path = tmp_path / "implied.clp"
    path.write_text(PROGRAM)
    text = said(*shell_for_engine(path, engine), SCRIPT)
    first = "a\nb\ng\nc\nd\ne\nz\ni\nFor a total of 8 deftemplates.\n"
    assert text.startswith(first), text
    assert "a\nb\ng\nc\nd\ne\nz\ni\nq\nFor a total of 9 deftemplates.\n" in text
    assert "MAIN:\n   a\n   b\n" in text


@pytest.mark.parametrize("typed, what", [("(defrule x =>)", "a construct typed at the prompt"),
                                         ("(undefrule r)", "undefrule")])
def test_changing_a_program_at_our_engine_s_prompt_says_how_to(tmp_path, typed, what):
    """Our engine does not change a program at its prompt: the shell says to edit the
    .clp file and reload, or to open it on CLIPS (not to change a Python file)."""
    path = tmp_path / "p.clp"
    path.write_text(PROGRAM)
    text = said(*shell_for_engine(path, "experta"), typed)
    assert text.strip() == (f"error: {what} changes the program, which pyengine's engine does "
                            "not do at its prompt: edit the .clp file, then reload (on CLIPS, "
                            "'pyengine shell clp FILE', it may)")


MODULES = """(defmodule MAIN (export ?ALL))
(deftemplate stage (slot name))
(deffacts init (stage (name collect)) (item 3))
(defglobal ?*g* = 1)
(deffunction twice (?n) (* 2 ?n))
(defrule MAIN::start (stage (name collect)) => (focus CHECK))
(defmodule CHECK (import MAIN ?ALL))
(defrule CHECK::big (item ?v&:(> ?v 1)) => (printout t "big" crlf))
(defrule CHECK::done (declare (salience -5)) => (return))
"""
GETS = """(get-defrule-list)
(get-defrule-list *)
(get-defrule-list CHECK)
(get-defrule-list NOSUCH)
(get-deftemplate-list)
(get-deftemplate-list *)
(get-deffacts-list)
(get-deffunction-list)
(get-defglobal-list *)
(get-defmodule-list)
(set-current-module CHECK)
(get-defrule-list)
(get-deftemplate-list)"""


def test_the_get_list_functions_give_what_clips_gives(tmp_path):
    """get-defrule-list and the other get-...-list functions: the current module's
    names, a named module's, every module's qualified with *, a module that is not
    there (), the modules."""
    path = tmp_path / "modules.clp"
    path.write_text(MODULES)
    on_clips, ours = (said(*shell_for_engine(path, engine), GETS) for engine in ("clp", "experta"))
    assert ours == on_clips
    assert "(start)\n(MAIN::start CHECK::big CHECK::done)\n(big done)\n()\n" in ours
    assert "(MAIN CHECK)\n" in ours and "(twice)\n" in ours and "(MAIN::g)\n" in ours
