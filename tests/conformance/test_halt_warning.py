"""A firing that calls ``(halt)`` while its rule is watched: CLIPS 6.4 writes
``[PRCCODE4] WARNING: Execution halted during the actions of defrule 'NAME'.`` after
the firing's actions; the shell said nothing of it on either engine (a teacher's
finding, left from an earlier round). It is said with the firing's line: watched or
stepped, and in ``history``; an action error's own PRCCODE4 stays in its message."""
from __future__ import annotations

import clips
import pytest

from pyengine.ui.sessions import opener
from tests.test_inspector_back import answers

PROGRAM = """(defmodule MAIN (export ?ALL))
(defrule MAIN::stop => (printout t "A" crlf) (halt) (printout t "after" crlf) (focus B))
(defrule MAIN::later (declare (salience -1)) => (printout t "later" crlf))
(defmodule B (import MAIN ?ALL))
(defrule B::inner => (halt))
"""


def clips_warnings(path, watched: bool) -> list[str]:
    """What CLIPS 6.4 writes besides stdout while running the program to its end."""
    said: list[str] = []

    class Errors(clips.Router):
        def query(self, name):
            return name in ("stderr", "stdwrn")

        def write(self, name, message):
            said.append(message)

    env = clips.Environment()
    env.add_router(Errors("errors", 50))
    env.load(str(path))
    if watched:
        env.eval("(watch rules)")
    env.reset()
    while env.run():
        pass
    return "".join(said).splitlines()


@pytest.mark.parametrize("engine", ["clp", "experta"])
def test_a_watched_halt_is_said_as_clips_says_it(engine, program):
    expected = clips_warnings(program, watched=True)
    assert len(expected) == 2 and expected[1].endswith("defrule 'inner'.")
    said, shell = answers(opener(engine, [str(program)]),
                          "(watch rules)\nrun\nrun\nrun\nhistory")
    warned = [ln for text in said[1:4] for ln in text.splitlines() if "PRCCODE4" in ln]
    assert warned == expected
    first = said[1].splitlines()
    assert first[:4] == ["FIRE    1 stop: *", "    | A", "    | after", expected[0]]
    assert [ln for ln in said[4].splitlines() if "PRCCODE4" in ln] == expected
    assert shell.errors == 0


@pytest.mark.parametrize("engine", ["clp", "experta"])
def test_an_unwatched_halt_is_not_said(engine, program):
    assert clips_warnings(program, watched=False) == []
    said, _ = answers(opener(engine, [str(program)]), "run\nrun\n(watch rules)\n"
                      "(unwatch rules inner)\nreset\nrun\nrun")
    assert not any("PRCCODE4" in text for text in said[:2])
    assert [ln for text in said[5:] for ln in text.splitlines() if "PRCCODE4" in ln] == \
        [clips_warnings(program, watched=True)[0]]
