"""The puzzle contract: a toy puzzle registered in one line works through the CLI,
the shell and the Python API; option declarations check values the same way
everywhere; every registered puzzle's command line is built from its declaration."""
from __future__ import annotations

import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyengine
from pyengine.engine.errors import UsageError
from pyengine.puzzles import registry
from pyengine.puzzles.base import Action, Option, Puzzle
from pyengine.ui.cli import main


@pytest.fixture
def toy():
    from tests.toy.puzzle import PUZZLE
    registry.register(PUZZLE)          # the one line a new puzzle needs
    yield PUZZLE
    registry.unregister(PUZZLE.name)


def test_toy_through_the_cli(toy, capsys):
    assert main(["mirror", "stressed"]) == 0
    assert capsys.readouterr().out == "stressed -> desserts\n"
    assert main(["mirror", "Drawer", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"word": "Drawer", "mirrored": "reward"}
    assert main(["mirror", "live", "--trace"]) == 0
    out = capsys.readouterr().out
    assert "FIRE    1 place_mirrored_letter:" in out and "append_next_letter" in out
    assert main(["mirror", "l1ve"]) == 2
    assert capsys.readouterr().err == "pyengine: error: 'l1ve': letters a-z only\n"
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0 and "mirror" in capsys.readouterr().out


def test_toy_through_the_python_api(toy):
    assert "mirror" in pyengine.list_puzzles()
    assert pyengine.make("mirror", word="stressed").mirrored == "desserts"
    assert pyengine.run("mirror", word="live").as_dict() == {"word": "live", "mirrored": "evil"}
    ins = pyengine.open("mirror", word="abc")
    ins.run_all()
    assert [f.text for f in ins.session.facts() if f.name == "spelled"] == ["(spelled (text cba))"]
    with pytest.raises(UsageError, match="word is required|WORD is required"):
        pyengine.make("mirror")
    with pytest.raises(UsageError, match="unknown option 'wrd'"):
        pyengine.make("mirror", wrd="x")


def test_toy_through_the_shell(toy, monkeypatch, capsys):
    from pyengine.puzzles.registry import shell_entries
    assert "mirror" in shell_entries()
    monkeypatch.setattr("sys.stdin", io.StringIO("run\nfacts spelled\n"))
    assert main(["shell", "mirror", "stressed"]) == 0
    out = capsys.readouterr().out
    assert "(spelled (text desserts))" in out


# -- option declarations ---------------------------------------------------------------
SWAPS = Option("swaps", "int", 100, "how many", low=0, high=1000)


@settings(deadline=None)
@given(st.text(max_size=12))
def test_int_options_take_ascii_digits_only(text):
    try:
        value = SWAPS.convert(text)
    except UsageError as exc:
        assert str(exc).startswith("--swaps")
        assert "\n" not in str(exc)
        return
    stripped = text.strip().lstrip("+")
    assert stripped.lstrip("-").isascii() and 0 <= value <= 1000
    assert value == int(stripped)


@pytest.mark.parametrize("bad", ["²", "1e3", "", "nan", "99999999999999999999", "-1", True, 2.5])
def test_int_option_refusals(bad):
    with pytest.raises(UsageError):
        SWAPS.convert(bad)


@pytest.mark.parametrize("bad", ["nan", "inf", "-inf", "x", True])
def test_float_option_refuses_non_finite(bad):
    with pytest.raises(UsageError):
        Option("seconds", "float", 1.0).convert(bad)


def test_option_choices_defaults_and_required():
    algo = Option("algo", "str", "cad", choices=("cad", "rnd"))
    assert algo.convert(None) == "cad"
    with pytest.raises(UsageError, match="is not one of cad, rnd"):
        algo.convert("")
    with pytest.raises(UsageError, match="LINE is required"):
        Option("line", "words", None, positional=True, required=True, metavar="LINE").convert(None)


def test_a_puzzle_without_a_default_asks_for_an_action():
    p = Puzzle("p", "help", "experta", (Action("a", "x"), Action("b", "y")))
    with pytest.raises(UsageError, match="choose an action"):
        p.action()
    with pytest.raises(UsageError, match="unknown action 'c'"):
        p.action("c")


# -- every registered puzzle -------------------------------------------------------------
def _actions():
    return [(p, a) for p in registry.puzzles().values() for a in p.actions]


@pytest.mark.parametrize("puzzle,action", _actions(), ids=lambda x: getattr(x, "name", x))
def test_every_action_has_help_and_checked_defaults(puzzle, action, capsys):
    assert action.help and puzzle.help
    for opt in action.options:
        assert opt.help, f"{puzzle.name} {action.name}: option {opt.name} has no help"
        if not opt.required and opt.default is not None:
            assert opt.convert(opt.default) == opt.default
    argv = [puzzle.name] if action.name == puzzle.default else [puzzle.name, action.name]
    with pytest.raises(SystemExit) as done:
        main(argv + ["--help"])
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith("usage: pyengine " + puzzle.name)


def test_shell_entries_name_openable_actions():
    entries = registry.shell_entries()
    assert entries["scramble"][1].name == "make"
    assert entries["scramble-solve"][1].name == "solve"
    for name, (puzzle, action) in entries.items():
        assert action.open and name.startswith(puzzle.name)


def test_registering_a_builtin_name_is_refused():
    with pytest.raises(UsageError, match="exists already"):
        registry.register(Puzzle("scramble", "again", "clips", ()))
