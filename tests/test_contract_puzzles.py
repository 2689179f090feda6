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


# -- what the web page is offered ---------------------------------------------------------
FILE_OPTIONS = ("file", "batch", "candidates", "dice")


@pytest.mark.parametrize("puzzle,action", _actions(), ids=lambda x: getattr(x, "name", x))
def test_what_the_page_is_offered_is_declared_and_checked(puzzle, action):
    """No option that names a file is offered; examples are values of offered options
    that their declarations accept; a picture draws nothing from no facts; a fact to
    submit belongs to an action with a session, its slots with help."""
    from pyengine.puzzles.page import FactBase, resolve
    from pyengine.ui.queries import fact_fields

    for opt in action.options:
        if opt.web:
            assert opt.name not in FILE_OPTIONS and opt.metavar not in ("FILE", "LIST"), \
                f"{puzzle.name} {action.name}: {opt.label} names a file"
    offered = {o.name: o for o in action.options if o.web}
    for name, value in (action.example or {}).items():
        assert name in offered, f"{puzzle.name} {action.name}: example of {name}, not offered"
        assert offered[name].convert(value) is not None
    if action.picture is not None:
        assert action.open is not None
        assert resolve(action.picture)(FactBase([], {}, fact_fields)) is None
    for submit in action.submit:
        assert action.open is not None and submit.help and submit.slots
        assert all(o.help for o in submit.slots)


def test_a_picture_is_checked_against_the_primitives():
    from pyengine.puzzles.page import (MAX_CHARS, cell, check_picture, drawing, grid, row,
                                       rows, text, token, tokens)
    good = drawing(text("x" * (MAX_CHARS + 50), "big", id="a-1"),
                   tokens([token("a", 3, "faint", "t")]), grid([[cell("q", "ab", 2, True)]]),
                   rows([row("#1", text("y"), tokens([]))]), None)
    checked = check_picture(good)
    assert [p["kind"] for p in checked["parts"]] == ["text", "tokens", "grid", "rows"]
    assert checked["parts"][0]["text"].endswith(" ...") and checked["parts"][0]["id"] == "a-1"
    assert checked["parts"][2]["rows"][0][0] == {"text": "q", "note": "ab", "corner": "2",
                                                 "lit": True, "title": ""}
    for bad, says in [
            ({"parts": [{"kind": "html", "text": "<b>"}]}, "not a picture primitive"),
            (drawing(rows([row("#1", rows([]))])), "not a picture primitive here"),
            (drawing(text("x", id="Pic One")), "a part's id"),
            (drawing(text("x", "blink")), "is not one of"),
            (drawing(tokens([token("a", -1)])), "colour"),
            (drawing({"kind": "text"}), "lacks a field"),
            (drawing(tokens([{"text": 3}])), "wrong type"), ([], "a picture is")]:
        with pytest.raises(ValueError, match=says):
            check_picture(bad)


# -- the toy on the web page: a plug-in, with its example, picture and a fact to submit ----
def _part(st: dict, pid: str) -> dict:
    return next(p for p in st["picture"]["parts"] if p.get("id") == pid)


def _texts(part: dict) -> list[str]:
    return [t["text"] for t in part["tokens"]]


def test_toy_on_the_web_page(monkeypatch):
    pytest.importorskip("starlette", reason="the web inspector needs the web extra")
    pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")
    from tests.webclient import opened, post, web_client

    monkeypatch.setenv("PYENGINE_PUZZLES", "tests.toy.puzzle")       # its registration
    with web_client() as c:
        target = next(t for t in c.get("/api/targets").json()["targets"]
                      if t["name"] == "mirror")
        assert target["options"] == [{"name": "word", "kind": "str", "help": "the word",
                                      "default": None, "example": "stressed",
                                      "choices": None}]
        st = opened(c, "mirror")                         # no word: the declared example
        sid = st["id"]
        assert st["title"] == "mirror stressed" and st["picture"]["kind"] == "declared"
        assert "".join(_texts(_part(st, "word"))) == "stressed"
        assert _texts(_part(st, "mirrored")) == ["?"] * 8
        st = post(c, sid, "step", 3)
        placed = [t for t in _part(st, "mirrored")["tokens"] if t["tone"] == "solid"]
        assert len(placed) == 3 and st["fired"] == 3
        st = post(c, sid, "run")
        assert _part(st, "spelled")["text"] == "spelled: desserts" and st["finish"] == "desserts"
        assert "".join(_texts(_part(st, "mirrored"))) == "desserts"
        assert st["submit"][0]["relation"] == "guess"
        st = post(c, sid, "submit", {"relation": "guess", "slots": {"text": "Desserts"}})
        assert st["message"] == "(verdict (text desserts) (right True))"
        assert _part(st, "verdict")["text"] == "desserts: right"
        st = post(c, sid, "submit", {"relation": "guess", "slots": {"text": "stressed"}})
        assert _part(st, "verdict")["text"] == "stressed: wrong"
        bad = post(c, sid, "submit", {"relation": "guess", "slots": {"text": "l1ve"}}, 400)
        assert bad["error"] == "'l1ve': letters a-z only"
        st = post(c, sid, "back", 1)                     # the last judgement undone
        assert "(guess (text stressed))" in [f["text"] for f in st["facts"]]
        assert opened(c, "mirror", word="live")["title"] == "mirror live"
