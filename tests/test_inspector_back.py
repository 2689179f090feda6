"""Stepping back in the shell and the notebook: after ``back`` or ``goto`` the fact
base, agenda and history are the ones first seen there, on every puzzle the shell
offers and on our own rule files, on both engines."""
from __future__ import annotations

import io
from pathlib import Path

import pytest

from pyengine.engine.errors import UsageError
from pyengine.puzzles.registry import shell_entries
from pyengine.ui.notebook import Inspector
from pyengine.ui.sessions import opener
from pyengine.ui.shell import Shell
from tests.puzzle_args import SHELL_ARGS

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "docs" / "examples"
ARGS = {
    **SHELL_ARGS,
    "clp": [str(EXAMPLES / "family.clp")],
    "experta": [f"{REPO / 'tests' / 'engines' / 'contract_rules.py'}:Contract", "--stage", "GO"],
}


def answers(factory, script: str, inputs=None) -> list[str]:
    """What each command printed."""
    out = io.StringIO()
    shell = Shell(factory(), factory, stdin=io.StringIO(""), stdout=out, inputs=inputs)
    said = []
    for line in script.splitlines():
        out.seek(0)
        out.truncate()
        shell.onecmd(line)
        said.append(out.getvalue())
    return said, shell


@pytest.mark.parametrize("name", list(shell_entries()) + ["clp", "experta"])
def test_back_and_goto_return_to_what_was_first_seen(name):
    factory = opener(name, ARGS.get(name, []))
    look = "facts\nagenda all\nhistory all"
    script = "\n".join([look, "step 2", look, "step 3", look, "back 3", look,
                        "step 3", look, "goto 1", look])
    said, shell = answers(factory, script, inputs=["yes", "yes"])
    assert shell.errors == 0, "".join(said)
    start, after2, after5 = said[0:3], said[4:7], said[8:11]
    back, again, first = said[12:15], said[16:19], said[20:23]
    assert said[11].startswith(";; before firing 3:")
    assert back == after2
    assert again == after5
    assert first[:2] == start[:2]
    assert said[19].startswith(";; before firing 1:")


def test_back_says_what_it_cannot_do(tmp_path):
    factory = opener("clp", [str(EXAMPLES / "family.clp")])
    said, shell = answers(factory, "back\ngoto 0\nback x\nstep\nback 2\n")
    assert said[0] == "error: only 0 firings to go back over\n"
    assert said[1] == "error: goto must be at least 1, not 0\n"
    assert said[2] == "error: back: expected a whole number, not 'x'\n"
    assert said[4] == "error: only 1 firing to go back over\n"


def test_goto_a_firing_ahead_fires_on_to_it_as_step_would():
    """After ``back 3``, ``goto 5`` said "firing 5 has not happened yet": there was no
    way forward again but counting the steps. It fires on to just before firing 5, each
    firing shown as step shows it, and ends where the session was before the back."""
    factory = opener("clp", [str(EXAMPLES / "family.clp")])
    said, _ = answers(factory, "step 4\nfacts\nback 3\ngoto 5\nfacts\ngoto 50\nstatus\n")
    assert said[3] == said[0][said[0].index("FIRE    2"):]       # firings 2-4 again
    assert said[4] == said[1]
    assert said[5].count("FIRE") == 4 and "FIRE    8" in said[5]   # to the end: 8 in all
    assert said[5].endswith(";; there is no firing 50: the agenda emptied after 8 firings\n")
    assert ", 8 firings;" in said[6]
    ins = Inspector.from_clp(EXAMPLES / "family.clp")
    ins.step(3)
    ins.back(2)
    assert [f.rule for f in ins.goto(4)] == [f.rule for f in ins.history()][1:]


def test_reads_after_back_get_the_same_answers_again():
    factory = opener("experta", [str(EXAMPLES / "animals.py")])
    said, shell = answers(factory, "run\nback 3\nrun\nfacts animal\n", inputs=["no", "yes"])
    assert said[3] == "f-4     (animal (name eagle))\nFor a total of 1 fact.\n"
    assert "input ran out" not in "".join(said)


def test_notebook_back_and_goto_match_the_shell():
    ins = Inspector.from_clp(EXAMPLES / "family.clp")
    ins.run()
    note = ins.back(3)
    said, _ = answers(opener("clp", [str(EXAMPLES / "family.clp")]), "run\nback 3\nhistory all\n")
    assert said[1] == f";; {note}\n"
    assert said[2] == str(ins.history()) + "\n"
    assert str(ins.goto(1)) == "before firing 1: 0 firings so far, 7 activations on the agenda"
    with pytest.raises(UsageError):
        ins.back(0)
    from pyengine.engine.clips import ClipsSession
    bare = Inspector(ClipsSession([EXAMPLES / "family.clp"]))
    bare.session.reset()
    bare.step()
    with pytest.raises(UsageError, match="cannot go back"):
        bare.back()
