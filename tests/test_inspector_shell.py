"""The inspector shell as a teacher uses it (findings 1-5 of the inspector issue):
rules that print and read, rule output in place, CLIPS's REPL commands, experta's
initial fact kept out of sight."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from pyengine.ui.sessions import opener
from pyengine.ui.shell import Shell, take_input_option
from tests.test_shell import check_why_tree, independent_chain

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "docs" / "examples"
FAMILY = EXAMPLES / "family.clp"
ANIMALS = EXAMPLES / "animals.py"


def drive(factory, script: str, inputs=None, interactive=False):
    out = io.StringIO()
    shell = Shell(factory(), factory, stdin=io.StringIO(script), stdout=out, inputs=inputs,
                  interactive=interactive)
    if interactive:
        for line in script.splitlines():
            shell.onecmd(line)
    else:
        shell.cmdloop()
    return out.getvalue(), shell


def clp(tmp_path, text: str, *args: str):
    path = tmp_path / "rules.clp"
    path.write_text(text)
    return opener("clp", [str(path), *args])


def py_engine(tmp_path, text: str, *args: str):
    path = tmp_path / "rules_engine.py"
    path.write_text(text)
    return opener("experta", [str(path), *args])


def fired_note(out: str) -> tuple[int, int]:
    m = re.findall(r";; (\d+) rules? fired \((\d+) in all", out)
    assert m, out
    return int(m[-1][0]), int(m[-1][1])


def every_why_resolves(shell) -> None:
    """Every fact a rule made has its firing; the tree agrees with the trace."""
    session = shell.session
    for firing in session.trace:
        for fid in firing.asserted:
            assert session.origin[fid] is firing
    for f in session.facts():
        out = io.StringIO()
        shell.stdout = out
        shell.onecmd(f"why f-{f.id} all")
        text = out.getvalue()
        assert not text.startswith("error"), text
        assert "asserted outside the rules" not in text, text
        assert check_why_tree(shell, f.id, text) == len(independent_chain(session, f.id))


# -- finding 1: the trace never depends on what the rules print ---------------------------

PRINTING = {
    "no crlf": '(printout t "Question? ")',
    "crlf": '(printout t "Line" crlf)',
    "format": '(format t "%d items%n" 3)',
    "format no newline": '(format t "%s" "half")',
    "several": '(printout t "a ") (printout t "b" crlf "c") (printout t crlf "d")',
    "empty": '(printout t "")',
    "looks like a firing": '(printout t "FIRE    9 fake: f-1" crlf)',
}


@pytest.mark.parametrize("how", sorted(PRINTING))
def test_a_rule_that_prints_never_hides_a_firing(tmp_path, how):
    rules = (f"(defrule first (start) => {PRINTING[how]} (assert (one)))\n"
             f"(defrule second (one) => {PRINTING[how]} (assert (two)))\n"
             f"(defrule third (two) => (assert (three)))\n"
             "(deffacts s (start))\n")
    out, shell = drive(clp(tmp_path, rules), "run\n")
    assert fired_note(out) == (3, 3)
    assert [f.rule for f in shell.session.trace] == ["first", "second", "third"]
    every_why_resolves(shell)


def test_read_after_a_prompt_records_the_firing_and_reads_from_input(tmp_path):
    rules = ('(defrule ask (start) => (printout t "Question? ") (assert (answer (read))))\n'
             '(defrule again (answer ?a) => (printout t "Again? ") (assert (line (readline))))\n'
             "(defrule done (line ?l) => (assert (finished)))\n"
             "(deffacts s (start))\n")
    out, shell = drive(clp(tmp_path, rules), "run\nfacts\n", inputs=["yes", "all good"])
    assert fired_note(out) == (3, 3)
    texts = [f.text for f in shell.session.facts()]
    assert "(answer yes)" in texts and '(line "all good")' in texts
    assert "input ran out" not in out
    every_why_resolves(shell)


def test_experta_print_without_newline_and_input(tmp_path):
    code = ("from pyengine.experta import KnowledgeEngine, Rule, Fact, DefFacts, MATCH\n"
            "class Start(Fact): pass\nclass Answer(Fact): pass\n"
            "class Ask(KnowledgeEngine):\n"
            "    @DefFacts()\n    def s(self):\n        yield Start()\n"
            "    @Rule(Start())\n    def ask(self):\n"
            "        print('Question? ', end='')\n        self.declare(Answer(text=input()))\n"
            "    @Rule(Answer(text=MATCH.t))\n    def echo(self, t):\n        print('got', t)\n")
    out, shell = drive(py_engine(tmp_path, code), "watch rules\nrun\n", inputs=["yes"])
    assert fired_note(out) == (2, 2)
    lines = out.splitlines()
    assert lines[lines.index("FIRE    1 ask: f-1") + 1] == "    | Question? yes"
    assert lines[lines.index("FIRE    2 echo: f-2") + 1] == "    | got yes"
    every_why_resolves(shell)


# -- finding 2: rule output in its place ---------------------------------------------------

@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_rule_output_comes_right_after_its_fire_line(engine):
    if engine == "clips":
        factory, script = opener("clp", [str(FAMILY)]), "watch rules\nrun\n"
    else:
        factory, script = opener("experta", [str(ANIMALS)]), "watch rules\nrun\n"
    out, shell = drive(factory, script, inputs=["yes", "yes"])
    lines = out.splitlines()
    for firing in shell.session.trace:
        i = lines.index(str(firing))
        shown = []
        for line in lines[i + 1:]:
            if not line.startswith("    | "):
                break
            shown.append(line[6:])
        printed = list(firing.output)
        assert [s.rstrip() for s in shown] == [p.rstrip() for p in printed], firing
    assert any("    | " in line for line in lines)


def test_output_is_shown_when_stepping_and_marked_when_running_quietly():
    out, _ = drive(opener("clp", [str(FAMILY)]), "run\n")
    assert "    | Ann is a grandparent of Dee" in out.splitlines()


# -- finding 3: (read) in a script and on a terminal -------------------------------------------

def test_reads_do_not_eat_the_shells_commands(tmp_path):
    rules = ('(defrule ask (start) => (printout t "Name? ") (assert (name (read))))\n'
             "(deffacts s (start))\n")
    out, shell = drive(clp(tmp_path, rules), "run\nfacts name\nagenda\n")
    assert "(name EOF)" in out                       # no --input: end of file
    assert "f-2     (name EOF)" in out and ";; the agenda is empty" in out
    assert out.count("input ran out") == 1
    assert shell.errors == 0


def test_input_running_out_is_said_once(tmp_path):
    rules = ('(defrule ask (n ?i&:(< ?i 4)) => (assert (got ?i (read))) (assert (n (+ ?i 1))))\n'
             "(deffacts s (n 0))\n")
    out, shell = drive(clp(tmp_path, rules), "run\nfacts got\n", inputs=["a", "b"])
    assert out.count("input ran out") == 1
    got = [f.text for f in shell.session.facts() if f.name == "got"]
    assert got == ["(got 0 a)", "(got 1 b)", "(got 2 EOF)", "(got 3 EOF)"]


def test_on_a_terminal_a_read_prompts(tmp_path, monkeypatch):
    rules = ('(defrule ask (start) => (printout t "Name? ") (assert (name (read))))\n'
             "(deffacts s (start))\n")
    asked = []
    monkeypatch.setattr("builtins.input", lambda prompt="": asked.append(prompt) or "Ada")
    out, shell = drive(clp(tmp_path, rules), "run", interactive=True)
    assert asked == ["    | Name? "]
    assert "(name Ada)" in [f.text for f in shell.session.facts()]


def test_input_option_is_the_shells_wherever_it_is_written():
    assert take_input_option(["x.clp", "--input", "a.txt", "--stage", "GO"]) == \
        ("a.txt", ["x.clp", "--stage", "GO"])
    assert take_input_option(["--input=b.txt"]) == ("b.txt", [])
    assert take_input_option(["x.clp"]) == (None, ["x.clp"])


# -- finding 4: CLIPS's REPL commands -------------------------------------------------------------

def test_facts_by_id_and_by_range_as_clips_does():
    out, _ = drive(opener("clp", [str(FAMILY)]),
                   "facts f-3\nfacts 3\nfacts 2 4\nfacts 1 5 2\nfacts f-99\n")
    blocks = out.split("For a total of")
    assert blocks[0].strip().splitlines() == ["f-3     (person (name Cid) (sex male) (parent Ann))"]
    assert [ln[:4] for ln in blocks[1].strip().splitlines()[1:]] == ["f-3 ", "f-4 ", "f-5 "]
    assert [ln[:4] for ln in blocks[2].strip().splitlines()[1:]] == ["f-2 ", "f-3 ", "f-4 "]
    assert [ln[:4] for ln in blocks[3].strip().splitlines()[1:]] == ["f-1 ", "f-2 "]
    assert "error: no fact f-99" in out


def test_every_command_in_clips_parenthesised_form():
    plain, _ = drive(opener("clp", [str(FAMILY)]),
                     "facts\nrun 3\nagenda\nwhy f-6\nppdefrule find-siblings\nfacts 2 3\n")
    parens, shell = drive(opener("clp", [str(FAMILY)]),
                          "(facts)\n(run 3)\n(agenda)\n(why f-6)\n(ppdefrule find-siblings)\n"
                          "(facts 2 3)\n")
    assert "(defrule MAIN::find-siblings" in parens        # the rule as CLIPS holds it
    assert parens == plain and shell.errors == 0


def test_facts_by_relation_name_is_exact():
    out, _ = drive(opener("clp", [str(FAMILY)]), "run\nfacts relation\nfacts person\n")
    assert "For a total of 6 facts." in out and "For a total of 5 facts." in out


@pytest.mark.parametrize("engine", ["clips", "experta"])
def test_matches_templates_globals_show_and_modify(engine):
    if engine == "clips":
        factory = opener("clp", [str(FAMILY)])
        script = ("matches find-grandparents\ntemplates\nglobals\nshow f-2\n"
                  "modify f-3 (parent Bob)\nfacts person\n")
    else:
        factory = opener("experta", [str(ANIMALS)])
        script = "matches ask_fur\ntemplates\nglobals\nshow f-1\nmodify f-1 (value no)\nfacts\n"
    out, shell = drive(factory, script)
    assert shell.errors == 0, out
    assert "Matches for Pattern 1" in out and "Activations" in out
    assert re.search(r"For a total of \d+ templates?\.", out)
    assert re.search(r"For a total of \d+ globals?\.", out)
    assert re.search(r"^<== f-\d+", out, re.M) and re.search(r"^==> f-\d+", out, re.M)
    if engine == "clips":
        assert "(person (name Cid) (sex male) (parent Bob))" in out
    else:
        assert "(trait (name start) (value no))" in out


def test_help_lists_the_new_commands():
    out, _ = drive(opener("clp", [str(FAMILY)]), "help\n")
    for name in ("show", "matches", "modify", "templates", "globals", "back", "goto"):
        assert re.search(rf"^{name}\b", out, re.M), name


# -- finding 5: experta's initial fact ----------------------------------------------------------

def test_experta_initial_fact_is_hidden_everywhere():
    out, shell = drive(opener("experta", [str(ANIMALS)]),
                       "agenda\nfacts\nwhy 0\nwhy f-0\nstep\nhistory\n")
    assert "f-0" not in out.replace("error: no fact f-0", "")
    assert out.count("error: no fact f-0") == 2
    assert all(0 not in a.facts for a in shell.session.agenda())


# -- why over a long chain --------------------------------------------------------------------

def test_why_all_over_ten_thousand_firings_has_no_recursion_error(tmp_path):
    rules = ("(defrule next ?f <- (n ?i&:(< ?i 10000)) => (retract ?f) (assert (n (+ ?i 1))))\n"
             "(deffacts s (n 0))\n")
    out, shell = drive(clp(tmp_path, rules), "run\n")
    assert fired_note(out) == (10000, 10000)
    last = shell.session.facts()[-1].id
    buf = io.StringIO()
    shell.stdout = buf
    shell.onecmd(f"why f-{last} all")
    text = buf.getvalue()
    assert not text.startswith("error"), text[:200]
    assert len(re.findall(r"── FIRE ", text)) == 10000
    assert max(len(line) for line in text.splitlines()) < 2000


def test_show_prints_an_elided_value_in_full():
    teacup = REPO / "tests" / "data" / "riddles" / "teacup.txt"
    out, shell = drive(opener("riddle", [str(teacup)]), "run\nfacts candidates (upto 3)\n")
    line = [ln for ln in out.splitlines() if "(upto 3)" in ln][0]
    assert "-words>)" in line
    fid = int(line.split()[0][2:])
    buf = io.StringIO()
    shell.stdout = buf
    shell.onecmd(f"show f-{fid}")
    full = buf.getvalue().strip()
    assert "-words>" not in full and full.startswith(f"f-{fid}")
    count = int(line.split("<")[1].split("-")[0])
    words = full.split("(words ", 1)[1].rstrip(")").split()
    assert len(words) == count
