"""The command table (pyengine/ui/command_table.py) is the one place a command lives:
a new entry shows up in the shell (do_NAME, help, completion, the --help list), the
notebook's Inspector and the web's verbs; every command of the three front ends comes
from it; an argument is checked once, so the three say the same about a bad one."""
from __future__ import annotations

import inspect
import io
import re
from pathlib import Path

import pytest

from pyengine.engine.errors import UsageError
from pyengine.ui import command_table
from pyengine.ui.command_table import (described, install_notebook, install_shell, web_answer,
                                       web_verbs)
from pyengine.ui.commands import (AT_LEAST_ONE, EVERYWHERE, NOTEBOOK, SHELL, TABLE, WEB, WORD,
                                  Arg, Command, offered)
from pyengine.ui.notebook import Inspector
from pyengine.ui.queries import Note, Text
from pyengine.ui.sessions import opener
from pyengine.ui.shell import Shell
from pyengine.ui.web.limits import Limits
from pyengine.ui.web.websession import WebSession

ROOT = Path(__file__).resolve().parent.parent
CONTRACT = ROOT / "tests" / "engines" / "contract_rules.clp"


def contract():
    return opener("clp", [str(CONTRACT), "--stage", "GO"])


def hello(front, name: str, times: int) -> Text:
    """greet NAME, TIMES times, and say how many facts the session holds."""
    return Text([f"hello {name}"] * times + [f"{len(front.session.facts())} facts"])


def names(front, text: str) -> list[str]:
    return [n for n in ("Ann", "Bob") if n.startswith(text)]


HELLO = Command("hello", "greet someone", hello,
                (Arg("name", WORD, "NAME", missing="hello whom? e.g. hello Ann"),
                 Arg("times", AT_LEAST_ONE, "N", default=1)), EVERYWHERE, complete=names)


@pytest.fixture
def with_hello(monkeypatch):
    monkeypatch.setitem(TABLE, "hello", HELLO)


def shell_says(shell_class, *lines: str) -> list[str]:
    factory = contract()
    out = io.StringIO()
    shell = shell_class(factory(), factory, stdin=io.StringIO(""), stdout=out)
    for line in lines:
        shell.onecmd(line)
    return out.getvalue().splitlines(), shell


def test_a_new_entry_is_a_shell_command_with_help_and_completion(with_hello):
    class Probe(Shell):
        pass
    install_shell(Probe)
    said, shell = shell_says(Probe, "hello Ann 2", "hello", "hello Ann x", "help hello", "help")
    assert said[:3] == ["hello Ann", "hello Ann", "3 facts"]
    assert said[3] == "error: hello whom? e.g. hello Ann"
    assert said[4] == "error: hello times: expected a whole number, not 'x'"
    assert said[5] == "hello NAME [N] greet NAME, TIMES times, and say how many facts the " \
                      "session holds."
    assert "hello NAME [N]                        greet someone" in said
    assert shell.completenames("hel") == ["help ", "hello "]
    assert shell.complete_hello("A", "hello A", 6, 7) == ["Ann"]
    assert "hello" in described()
    assert not hasattr(Shell, "do_hello")          # the class made before it is untouched


def test_a_new_entry_is_a_notebook_method_with_its_arguments_checked(with_hello):
    class Probe(Inspector):
        pass
    install_notebook(Probe)
    ins = Probe.from_clp(CONTRACT, stages=["GO"])
    assert str(ins.hello("Bob", times=2)) == "hello Bob\nhello Bob\n3 facts"
    assert str(inspect.signature(Probe.hello)) == "(self, name, times=1)"
    assert Probe.hello.__doc__.startswith("Greet NAME, TIMES times") and "hello NAME [N]" in Probe.hello.__doc__
    with pytest.raises(UsageError, match="hello whom"):
        ins.hello()
    with pytest.raises(UsageError, match="hello times must be at least 1, not 0"):
        ins.hello("Bob", 0)


def test_a_new_entry_is_a_web_verb(with_hello):
    assert "hello" in web_verbs()
    ws = WebSession("t", "clp", contract(), Limits())
    assert ws.act("hello", "Ann") == "hello Ann\n3 facts"
    with pytest.raises(UsageError, match="hello whom"):
        ws.act("hello", None)
    assert ws.message == "hello Ann\n3 facts"        # a refused verb leaves the last message


def test_every_shell_command_and_verb_comes_from_the_table():
    shell_methods = {n for n in dir(Shell) if n.startswith("do_")}
    from_table = {"do_" + n.replace("-", "_") for c in offered(SHELL)
                  for n in (c.name, *c.aliases)}
    assert shell_methods == from_table | {"do_EOF"}          # EOF: cmd's end of input
    for command in offered(NOTEBOOK):
        method = getattr(Inspector, command.python_name)
        assert method.__signature__ == command.signature(), command.name
    assert set(web_verbs()) == {c.name for c in TABLE.values() if WEB in c.fronts}


def test_the_page_asks_only_for_verbs_the_table_offers():
    static = ROOT / "pyengine" / "ui" / "web" / "static"
    asked = set(re.findall(r"""UI\.act\("([a-z-]+)\"""", (static / "app.js").read_text()))
    asked |= set(re.findall(r'data-verb="([a-z]+)"', (static / "index.html").read_text()))
    asked = {"run" if v == "run-n" else v for v in asked}
    assert asked and asked <= set(web_verbs())


@pytest.mark.parametrize("verb,value,says", [
    ("step", 0, "step must be at least 1, not 0"),
    ("step", "x", "step: expected a whole number, not 'x'"),
    ("run", -1, "run must be at least 0, not -1"),
    ("back", "2.0", "back: expected a whole number, not '2.0'"),
    ("agenda", "²", "agenda: expected a whole number or all, not '²'"),
    ("goto", None, "goto which firing? e.g. goto 3 (history lists them)"),
    ("seed", 0, "seed must be at least 1, not 0"),
    ("retract", "f-x", "not a fact id: 'f-x' (write f-12 or 12)"),
])
def test_the_three_front_ends_say_the_same_about_a_bad_argument(verb, value, says):
    shown = "" if value is None else str(value)
    said, _ = shell_says(Shell, f"{verb} {shown}".strip())
    assert said == [f"error: {says}"]
    ins = Inspector.from_clp(CONTRACT, stages=["GO"])
    python_name = TABLE[verb].python_name
    with pytest.raises(UsageError) as err:
        getattr(ins, python_name)(*(() if value is None else (value,)))
    assert str(err.value) == says
    if verb not in web_verbs():
        return
    with pytest.raises(UsageError) as err:
        web_answer(WebSession("t", "clp", contract(), Limits()), verb, value)
    assert str(err.value) == says


def test_answers_are_shown_by_each_front_its_own_way():
    said, shell = shell_says(Shell, "strategy breadth", "assert (number 9)", "step")
    assert said[:2] == [";; strategy breadth", "==> f-4     (number 9)"]
    ins = Inspector.from_clp(CONTRACT, stages=["GO"])
    assert isinstance(ins.strategy("breadth"), Note)
    fact = ins.assert_fact("(number 9)")
    assert (fact.id, fact.text, str(fact)) == (4, "(number 9)", "==> f-4     (number 9)")
    ws = WebSession("t", "clp", contract(), Limits())
    assert ws.act("assert", "(number 9)") == "asserted f-4 (number 9)"
    assert ws.act("step") == "1 firing"


def test_a_table_entry_is_named_once():
    with pytest.raises(ValueError, match="twice"):
        command_table.table(Command("exit", "an alias of quit", hello))
