"""A CLIPS snapshot never evaluates a fact's text (a hostile student's finding,
2026-11-29): ``save-facts`` writes a symbol as it is, a rule can make any symbol
(``sym-cat``, ``explode$``, in a deffacts too), and a goto past 500 firings rebuilt a
modified deffacts fact by handing ``(modify 1 (s x (system "...")))`` to CLIPS: the
call ran in the server's worker. The rebuild now reads each such command back with
our reader and takes only constants; anything else replays from the start."""
from __future__ import annotations

import pytest

from pyengine.engine.clips_snapshot import _modify_command
from pyengine.engine.timeline import SnapshotMismatch
from pyengine.ui.notebook import Inspector

PLANTED = {
    "sym-cat in a deffacts": """(deftemplate t (multislot s) (slot n (default 0)))
(deftemplate c (slot i))
(deffacts d (t (s (sym-cat "x (system \\"touch MARKER\\")"))) (c (i 0)))
(defrule touch (declare (salience 10)) ?f <- (t (n 0)) => (modify ?f (n 1)))
(defrule count ?c <- (c (i ?i&:(< ?i 600))) => (modify ?c (i (+ ?i 1))))
""",
    "explode$ in a rule": """(deftemplate t (multislot s) (slot n (default 0)))
(deftemplate c (slot i))
(deffacts d (t) (c (i 0)))
(defrule plant (declare (salience 10)) ?f <- (t (n 0)) =>
  (modify ?f (s (explode$ "x (system \\"touch MARKER\\")")) (n 1)))
(defrule count ?c <- (c (i ?i&:(< ?i 600))) => (modify ?c (i (+ ?i 1))))
""",
}


@pytest.mark.parametrize("how", list(PLANTED))
def test_going_back_past_a_snapshot_runs_no_text_of_a_fact(how, tmp_path):
    marker = tmp_path / "ran"
    path = tmp_path / "plant.clp"
    path.write_text(PLANTED[how].replace("MARKER", str(marker)))
    ins = Inspector.from_clp(path)
    ins.run(600)
    facts = str(ins.facts())
    ins.goto(560)
    ins.step(41)
    assert not marker.exists()
    assert str(ins.facts()) == facts            # the replay gave the same state


@pytest.mark.parametrize("line", ['(t (s x (system "id")) (n 1))', "(t (s ?x))",
                                  "(t (s [i]))", "(t (s x) (n (+ 1 2)))", "(t (s x)"])
def test_a_modify_of_a_rebuild_takes_constants_only(line):
    with pytest.raises(SnapshotMismatch, match="does not read back as itself"):
        _modify_command(1, line)
    assert _modify_command(3, '(t (s a b) (n -1) (f 1.5) (q "x (y)"))') == \
        '(modify 3 (s a b) (n -1) (f 1.5) (q "x (y)"))'
