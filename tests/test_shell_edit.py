"""Changing the program at the prompt, in the shell and the notebook: load, batch,
constructs typed there (over several lines too), undefrule, ppdefrule, reload and
clear; a file edited after it was loaded changes nothing until reload, going back
replays the program that ran, reset keeps it, and back stops at a reload."""
from __future__ import annotations

import io
from pathlib import Path

import pytest

from pyengine.engine.errors import UsageError
from pyengine.ui.notebook import Inspector
from pyengine.ui.sessions import opener
from pyengine.ui.shell import Shell

FEVER = """(deftemplate patient (slot name) (slot temp))
(deffacts start (patient (name ann) (temp 37.0)) (go))
;; a fever is over 38
(defrule fever (patient (name ?n) (temp ?t&:(> ?t 38.0))) => (assert (fever ?n)))
(defrule tick ?g <- (go) => (retract ?g) (assert (went)))
"""
EXTRA = "(defrule alarm (fever ?n) => (assert (alarm ?n)))\n"


def shell_for(path: Path) -> tuple[Shell, io.StringIO]:
    return shell_for_engine(path, "clp")


def shell_for_engine(path: Path, engine: str) -> tuple[Shell, io.StringIO]:
    """A shell on the program at ``path`` ("clp": CLIPS, "experta": our engine)."""
    out = io.StringIO()
    factory = opener(engine, [str(path)])
    return Shell(factory(), factory, stdin=io.StringIO(""), stdout=out), out


def said(shell: Shell, out: io.StringIO, script: str) -> str:
    out.seek(0)
    out.truncate()
    for command in shell_lines(script):
        shell.onecmd(command)
    return out.getvalue()


def shell_lines(script: str) -> list[str]:
    from pyengine.ui.shell_edit import join_constructs
    return join_constructs(script.splitlines())


@pytest.fixture
def files(tmp_path):
    (tmp_path / "fever.clp").write_text(FEVER)
    (tmp_path / "extra.clp").write_text(EXTRA)
    return tmp_path


def test_a_file_edited_after_loading_changes_nothing_until_reload(files):
    shell, out = shell_for(files / "fever.clp")
    (files / "fever.clp").write_text(FEVER.replace("38.0", "40.0"))
    assert "38.0" in said(shell, out, "rules fever")             # the rule that is loaded
    said(shell, out, "modify f-1 (temp 39.0)\nstep 2")
    assert "(fever ann)" in said(shell, out, "facts")
    text = said(shell, out, "reload\nrules fever")
    assert "reloaded" in text and "40.0" in text
    said(shell, out, "modify f-1 (temp 39.0)\nrun")
    assert "(fever ann)" not in said(shell, out, "facts")       # the new rule decides
    assert "the program was reloaded there" in said(shell, out, "back 9")


def test_loaded_and_typed_constructs_replay_on_back_and_stay_on_reset(files):
    shell, out = shell_for(files / "fever.clp")
    script = f"load {files / 'extra.clp'}\n(defrule note-went (went)\n   =>\n   (assert (noted)))"
    text = said(shell, out, script)
    assert "loaded" in text and "defined defrule note-went" in text
    said(shell, out, "modify f-1 (temp 39.0)\nrun")
    after = said(shell, out, "facts")
    assert "(alarm ann)" in after and "(noted)" in after
    said(shell, out, "back 1")
    said(shell, out, "run")
    assert said(shell, out, "facts") == after                 # replayed with both
    said(shell, out, "reset\nmodify f-1 (temp 39.0)\nrun")
    assert "(alarm ann)" in said(shell, out, "facts")           # reset keeps constructs
    text = said(shell, out, "reload\nrules")
    assert "alarm" in text and "note-went" not in text and "is gone" in text


def test_undefrule_ppdefrule_clear_and_batch(files):
    shell, out = shell_for(files / "fever.clp")
    assert said(shell, out, "ppdefrule fever").startswith("(defrule MAIN::fever")
    said(shell, out, "undefrule fever\nmodify f-1 (temp 39.0)\nrun")
    assert "(fever ann)" not in said(shell, out, "facts")
    said(shell, out, "back 1")
    assert "fever " not in said(shell, out, "rules")            # removed again on replay
    text = said(shell, out, "(clear)\nfacts\nrules")
    assert "cleared" in text and "For a total of 0 rules." in text
    batch = files / "commands.txt"
    batch.write_text(f"load {files / 'fever.clp'}\nreset\nfacts\n")
    text = said(shell, out, f"batch {batch}")
    assert "pyengine> reset" in text and "(go)" in text
    assert "error" in said(shell, out, "undefrule nope")


def test_the_notebook_has_the_same_verbs(files):
    ins = Inspector.from_clp(files / "fever.clp")
    assert "1 construct" in str(ins.load(files / "extra.clp"))
    ins.build("(defrule note-went (went) => (assert (noted)))")
    ins.modify(1, temp=39.0)
    ins.run()
    names = {f.name for f in ins.session.facts()}
    assert {"alarm", "noted"} <= names
    ins.back(2)
    assert str(ins.ppdefrule("alarm")).startswith("(defrule MAIN::alarm")
    assert "is gone" in str(ins.reload())
    with pytest.raises(UsageError, match="reloaded there"):
        ins.back()
    assert "cleared" in str(ins.clear()) and ins.session.rules() == []


def test_an_experta_file_is_imported_again_on_reload(tmp_path):
    path = tmp_path / "counter.py"
    source = ("from pyengine.experta import AS, MATCH, TEST, DefFacts, Fact, KnowledgeEngine, Rule\n"
              "class Counter(Fact):\n    pass\n"
              "class Down(KnowledgeEngine):\n"
              "    @DefFacts()\n    def start(self):\n        yield Counter(n=4)\n"
              "    @Rule(AS.c << Counter(n=MATCH.n), TEST(lambda n: n > 0))\n"
              "    def step_down(self, c, n):\n        self.modify(c, n=n - STEP)\n")
    path.write_text(source.replace("STEP", "1"))
    ins = Inspector.from_engine(str(path))
    ins.run()
    assert len(ins.session.trace) == 4
    path.write_text(source.replace("STEP", "2"))
    ins.reload()
    ins.run()
    assert len(ins.session.trace) == 2 and "n - 2" in ins.session.rule_source("step_down")
    with pytest.raises(UsageError, match="CLIPS program"):
        ins.build("(defrule r (a) => (assert (b)))")


def test_a_transcript_keeps_what_the_shell_showed(files):
    kept = files / "lesson.txt"
    script = f"transcript {kept}\nmodify f-1 (temp 39.0)\nrun\nfacts\ntranscript off\nagenda\n"
    out = io.StringIO()
    factory = opener("clp", [str(files / "fever.clp")])
    Shell(factory(), factory, stdin=io.StringIO(script), stdout=out).cmdloop()
    text = kept.read_text()
    assert "pyengine> run" in text and "(fever ann)" in text and "agenda" not in text
    shown = out.getvalue()
    assert all(line in shown for line in text.splitlines() if not line.startswith("pyengine> "))


def test_rules_shows_a_rule_as_written_on_both_engines(files):
    """The rule's text as the file has it, its comment above it, on CLIPS and on our
    engine alike (ours showed its own one-line form, ``0 & : (...)``)."""
    (files / "spaced.clp").write_text(FEVER + ";; odd spacing kept\n(defrule odd\n"
                                      "   (patient (temp 0&:(> 1 0)))  =>)\n")
    shown = []
    for engine in ("clp", "experta"):
        shell, out = shell_for_engine(files / "spaced.clp", engine)
        shown.append(said(shell, out, "rules fever\nrules odd"))
    assert shown[0] == shown[1]
    assert ";; a fever is over 38\n(defrule fever" in shown[0]
    assert ";; odd spacing kept\n(defrule odd\n   (patient (temp 0&:(> 1 0)))  =>)" in shown[0]
