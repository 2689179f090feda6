"""The ``templates`` view of a .clp program is CLIPS's deftemplates on both engines
(each as CLIPS's pretty-print shows it, on one line, in the order defined): on our
engine it showed the Python classes the program's templates compile to (a teacher's
finding), and ``list-watch-items facts`` listed none of them."""
from __future__ import annotations

from pyengine.engine.clips import ClipsSession
from pyengine.engine.experta import ExpertaSession
from pyengine.ui.sessions import opener
from tests.conformance.repl_harness import clips_transcript
from tests.test_inspector_back import answers

PROGRAM = """(defmodule MAIN (export ?ALL))
(deftemplate cell "a board's cell" (slot x (type INTEGER) (range 0 9)) (slot y (default 1))
   (multislot marks (default a b)) (slot v (allowed-values on off) (default off)))
(deftemplate note (slot text (type STRING) (default ?NONE)))
(defmodule B (import MAIN ?ALL))
(deftemplate B::tally (slot n (default-dynamic (+ 1 1))))
(deffacts MAIN::d (cell (x 1)) (other 3))
"""


def test_both_engines_list_the_same_deftemplates(tmp_path):
    path = tmp_path / "templates.clp"
    path.write_text(PROGRAM)
    on_clips = ClipsSession([path]).templates()
    assert len(on_clips) == 3 and on_clips[0].startswith("(deftemplate MAIN::cell ")
    assert ExpertaSession.from_clp([path]).templates() == on_clips


def test_watch_items_of_facts_list_every_template_as_clips_does(tmp_path):
    """Every module's, the implied ones of ordered facts too (the CLIPS engine listed
    the current module's explicit ones, ours none)."""
    path = tmp_path / "templates.clp"
    path.write_text(PROGRAM)
    script = ["(watch facts note)", "(list-watch-items facts)"]
    expected, _ = clips_transcript(path, script, [])
    assert "   other = off" in expected and "B:" in expected
    for kind in ("clp", "experta"):
        said, _ = answers(opener(kind, [str(path)]), "\n".join(script))
        assert said[1].splitlines() == expected, kind
