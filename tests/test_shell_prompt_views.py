"""What the shell's prompt shows alike on both engines, as CLIPS would: ``(list-watch-items)``
lists what the shell watches, as CLIPS lists its own watches (it listed the session's
internal watches: facts and rules on whatever was typed, statistics off), and
``matches`` names each pattern the same way (found by a tester, 2026-11-29)."""
from __future__ import annotations

import io

import clips
import pytest

from pyengine.ui.sessions import opener
from pyengine.ui.shell import Shell

PROGRAM = """(deftemplate cell (slot id) (slot v))
(deffacts d (cell (id 1) (v 0)))
(defrule inc ?c <- (cell (v ?v&:(< ?v 2))) => (modify ?c (v (+ ?v 1))))
(defrule stop (cell (v 2)) => (printout t "done" crlf))
"""


class _Said(clips.Router):
    def __init__(self):
        super().__init__("pyengine-test-said", 30)
        self.text = []

    def query(self, name):
        return name == "stdout"

    def write(self, name, message):
        self.text.append(message)


def clips_lists(path, commands: list[str]) -> list[str]:
    env = clips.Environment()
    env.load(str(path))
    said = _Said()
    env.add_router(said)
    for command in commands:
        env.eval(command)
    return "".join(said.text).splitlines()


def shell_lists(engine: str, path, commands: list[str]) -> list[str]:
    factory = opener("clp" if engine == "clips" else "experta", [str(path)])
    out = io.StringIO()
    script = "".join(f"{c}\n" for c in commands)
    Shell(factory(), factory, stdin=io.StringIO(script), stdout=out).cmdloop()
    return out.getvalue().splitlines()


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_list_watch_items_says_what_the_shell_watches(engine, tmp_path):
    path = tmp_path / "cells.clp"
    path.write_text(PROGRAM)
    typed = ["(watch facts)", "(watch statistics)", "(list-watch-items)"]
    assert shell_lists(engine, path, typed) == clips_lists(path, typed)
    typed = ["(watch rules)", "(unwatch rules inc)", "(list-watch-items rules)"]
    # CLIPS 6.4 lists every rule off here, though it prints stop's firings and not
    # inc's: the shell lists what it prints
    assert clips_lists(path, typed)[:2] == ["rules = on", "MAIN:"]
    assert shell_lists(engine, path, typed) == [
        "rules = on", "MAIN:", "   inc = off", "   stop = on"]


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_list_watch_items_refuses_what_is_no_watch_item(engine, tmp_path):
    path = tmp_path / "cells.clp"
    path.write_text(PROGRAM)
    said = shell_lists(engine, path, ["(list-watch-items bogus)", "facts"])
    assert said[0].startswith("error: list-watch-items takes one watch item")
    assert said[1].startswith("f-1")


MATCHED = """(deffacts d (a 1) (a 2) (b 2) (b 3))
(defrule some (a ?x) (exists (b ?y&:(> ?y ?x))) (not (b ?x)) => )
(defrule many (a ?x) (exists (b ?x) (b ?y&:(> ?y ?x))) => )
"""


def test_matches_names_each_pattern_alike_on_both_engines(tmp_path):
    """Each pattern's ``;;`` line under ``matches``: an exists of one pattern read
    ``(b ...)`` on CLIPS and ``(exists (b ...))`` on ours (a tester's finding)."""
    path = tmp_path / "m.clp"
    path.write_text(MATCHED)
    said = {engine: [ln for ln in shell_lists(engine, path, ["reset", "matches some",
                                                             "matches many"])
                     if ln.startswith(";; (")]
            for engine in ("clips", "experta")}
    assert said["clips"] == said["experta"]
    assert ";; (exists (b ?y&:(> ?y ?x)))" in said["clips"]
    assert ";; (not (b ?x))" in said["clips"]
