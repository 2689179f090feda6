"""The shell on every puzzle: the same commands work on the experta puzzles as on
the CLIPS scramble, and what the shell shows agrees with the recorded firings."""
from __future__ import annotations

import io

import pytest

from pyengine.puzzles.registry import shell_entries
from pyengine.ui.sessions import opener
from pyengine.ui.shell import Shell
from tests.test_shell import check_why_tree, fires, independent_chain
from tests.puzzle_args import SHELL_ARGS


# The words after ``pyengine shell NAME`` for each session the registry offers
# (an entry not named here opens with its defaults).
ARGS = SHELL_ARGS
PUZZLE_NAMES = list(shell_entries())


def open_entry(name: str):
    return opener(name, ARGS.get(name, []))


def drive(factory, script: str):
    out = io.StringIO()
    shell = Shell(factory(), factory, stdin=io.StringIO(script), stdout=out)
    shell.cmdloop()
    return out.getvalue(), shell


def test_the_shell_offers_every_registered_session():
    assert {"scramble", "scramble-solve"} <= set(PUZZLE_NAMES)


@pytest.mark.parametrize("name", PUZZLE_NAMES)
def test_every_puzzle_runs_its_stages_in_the_shell(name):
    factory = open_entry(name)
    out, shell = drive(factory, "facts\nagenda\nrun\n")
    assert shell.errors == 0, out
    assert shell.session.trace, "no rule fired"
    stages = [st.name for st in shell.setup.stages]
    for st in stages:
        assert f";; stage {st} begins:" in out
    assert ";; all stages done" in out
    after = out.split(";; all stages done\n", 1)[1]
    result = shell.setup.finish() if shell.setup.finish else ""
    if result:
        assert after.startswith(result)


@pytest.mark.parametrize("name", PUZZLE_NAMES)
def test_stepping_one_by_one_gives_the_same_firings_as_running(name):
    factory = open_entry(name)
    ran, shell_run = drive(factory, "run\n")
    total = len(shell_run.session.trace)
    stepped, shell_step = drive(factory, "step\n" * total + "step\n")
    assert [(f.rule, f.matched) for f in shell_step.session.trace] == \
        [(f.rule, f.matched) for f in shell_run.session.trace]
    # step shows every firing, exactly as recorded
    assert fires(stepped) == [(f.number, f.rule, tuple(f.matched))
                              for f in shell_step.session.trace]
    assert stepped.rstrip().endswith(";; nothing to fire: the agenda is empty")
    assert sorted(f.text for f in shell_step.session.facts()) == \
        sorted(f.text for f in shell_run.session.facts())


@pytest.mark.parametrize("name", PUZZLE_NAMES)
def test_why_agrees_with_the_trace_on_every_fact(name):
    factory = open_entry(name)
    _, shell = drive(factory, "run\n")
    session = shell.session
    facts = session.facts()
    sample = facts[::max(1, len(facts) // 40)] + facts[-1:]     # big puzzles: a spread
    for f in sample:
        out = io.StringIO()
        shell.stdout = out
        shell.onecmd(f"why f-{f.id} all")
        text = out.getvalue()
        assert not text.startswith("error"), text
        shown = check_why_tree(shell, f.id, text)
        assert shown == len(independent_chain(session, f.id))


@pytest.mark.parametrize("name", PUZZLE_NAMES)
def test_watch_and_errors_behave_the_same_on_every_puzzle(name):
    factory = open_entry(name)
    out, shell = drive(factory, "watch facts\nstep 3\nretract f-99999\nwhy 99999\nnope\nrules\n")
    lines = out.splitlines()
    assert lines.count("error: no fact f-99999") == 1
    assert "error: no fact f-99999 was recorded in this session" in lines
    assert "error: unknown command 'nope' (type help for the list)" in lines
    assert shell.errors == 3
    # each firing's fact changes are printed right after it, as the trace records them
    for firing in shell.session.trace:
        i = lines.index(str(firing).replace(f"FIRE {firing.number:>4}", f"FIRE {firing.number:>4}"))
        block = []
        for ln in lines[i + 1:]:
            if not ln.startswith(("<== f", "==> f")):
                break
            block.append(int(ln.split()[1][2:]))
        assert set(block) >= set(firing.retracted) | set(firing.asserted)
    assert any(ln.startswith("For a total of ") and ln.endswith("rules.") for ln in lines)


@pytest.mark.parametrize("name", PUZZLE_NAMES)
def test_reset_reopens_the_same_puzzle(name):
    factory = open_entry(name)
    out, shell = drive(factory, "facts\nstep 2\nreset\nfacts\n")
    first = out.split(";; stage", 1)[0]
    second = out.split(";; reset:", 1)[1].split("\n", 1)[1]
    assert first == second


@pytest.mark.parametrize("flags", [[], ["--no-qu"]])
def test_the_shell_draws_a_boggle_board_as_boggle_make_does(flags, capsys):
    """One drawing (Board.render) for both: the Qu face is 'Qu' in the shell too."""
    from pyengine.ui.cli import main
    argv = ["--seed", "1", *flags]
    out, shell = drive(opener("boggle", argv), "run\n")
    assert shell.errors == 0, out
    main(["boggle", "make", *argv])
    board = capsys.readouterr().out.split("\n(", 1)[0]
    assert board in out and ("Qu" in board) == (not flags)
