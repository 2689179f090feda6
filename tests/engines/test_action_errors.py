"""A rule whose action fails: the firing is made (and recorded, with what it printed),
its action cut, the run stops after it, and the user is told in one line, on CLIPS as on
our engine; ``back`` and ``history`` count that firing like any other, and going back
does not print the error again."""
from __future__ import annotations

import io
from pathlib import Path

import pytest

from pyengine.engine.clips import ClipsSession
from pyengine.engine.errors import EngineHalted
from pyengine.engine.experta import ExpertaSession
from pyengine.ui.sessions import opener
from pyengine.ui.shell import Shell

PROGRAM = """
(defrule fails (declare (salience 10))
   =>
   (printout t "before" crlf)
   (printout t (sqrt -1) crlf)
   (printout t "never" crlf))
(defrule later => (printout t "later ran" crlf))
"""

PYTHON = """
from experta import KnowledgeEngine, Rule, Fact, DefFacts
class Go(Fact): pass
class Fails(KnowledgeEngine):
    @DefFacts()
    def start(self):
        yield Go()
    @Rule(Go(), salience=10)
    def fails(self):
        print("before")
        1 / 0
    @Rule(Go())
    def later(self):
        print("later ran")
"""

SCRIPT = "run\nhistory\nback 1\nagenda\nrun\nhistory\n"


def _shell(engine: str, target: str, capfd) -> tuple[str, str]:
    factory = opener(engine, [target])
    out = io.StringIO()
    Shell(factory(), factory, stdin=io.StringIO(SCRIPT), stdout=out).cmdloop()
    return out.getvalue(), capfd.readouterr().err


@pytest.mark.parametrize("engine", ["clp", "experta"])
def test_the_shell_says_the_error_and_counts_the_firing(tmp_path, capfd, engine):
    path = tmp_path / "fails.clp"
    path.write_text(PROGRAM)
    shown, err = _shell(engine, str(path), capfd)
    lines = shown.splitlines()
    errors = [line for line in lines if line.startswith("error:")]
    assert len(errors) == 2, shown           # the run, and the run again after back
    assert all(e.startswith("error: firing 1: ") and "Domain error for 'sqrt'" in e
               for e in errors)
    assert "FIRE    1 fails: *" in lines and "    | before" in lines
    assert "never" not in shown and "later ran" not in shown.split("history")[0]
    assert ";; before firing 1: 0 firings so far, 2 activations on the agenda" in lines
    assert "[EMATHFUN1]" not in err and "Traceback" not in err and "Traceback" not in shown


def test_a_python_rule_that_raises_is_a_firing_made_and_cut(tmp_path, capfd):
    path = tmp_path / "fails.py"
    path.write_text(PYTHON)
    shown, _ = _shell("experta", f"{path}:Fails", capfd)
    assert shown.count("error: firing 1: ZeroDivisionError: division by zero") == 2
    assert "FIRE    1 fails: f-1" in shown.splitlines()


@pytest.mark.parametrize("make", [ClipsSession, ExpertaSession.from_clp])
def test_the_session_raises_engine_halted_and_keeps_the_firing(tmp_path, make):
    path = tmp_path / "fails.clp"
    path.write_text(PROGRAM)
    s = make([path])
    s.quiet()
    s.reset()
    with pytest.raises(EngineHalted, match=r"^firing 1: .*Domain error for 'sqrt'"):
        s.run()
    assert [f.rule for f in s.trace] == ["fails"] and s.fired_total == 1
    assert s.trace[0].output == ["before"]
    assert [a.rule for a in s.agenda()] == ["later"]
    assert s.run() == 1 and [f.rule for f in s.trace] == ["fails", "later"]
    s.close()


@pytest.mark.parametrize("make", [ClipsSession, ExpertaSession.from_clp])
def test_a_clips_error_that_lets_the_run_go_on_names_its_own_firing(tmp_path, make):
    """(fact-relation 99) makes CLIPS write an error and give FALSE, and the run goes
    on: the error is said after the run, with the firing it came from (on both)."""
    path = tmp_path / "goes_on.clp"
    path.write_text("(defrule first (declare (salience 5)) => (printout t (fact-relation 99)"
                    " crlf))\n(defrule second => (printout t done crlf))\n")
    s = make([path])
    s.quiet()
    s.reset()
    with pytest.raises(EngineHalted, match=r"^firing 1: \[PRNTUTIL1\] Unable to find fact f-99"):
        s.run()
    assert [f.rule for f in s.trace] == ["first", "second"]
    assert [f.output for f in s.trace] == [["FALSE"], ["done"]]
    s.close()


@pytest.mark.parametrize("make", [ClipsSession, ExpertaSession.from_clp])
def test_errors_made_in_a_loop_are_said_a_few_and_counted(tmp_path, make):
    """A loop that makes an error a thousand times: the first twenty are said, the rest
    counted, so the message (and what the session keeps) stays small."""
    path = tmp_path / "loop.clp"
    path.write_text("(defrule r => (loop-for-count (?i 1 1000) (focus NOSUCH)))\n")
    s = make([path])
    s.quiet()
    s.reset()
    with pytest.raises(EngineHalted) as said:
        s.run()
    message = str(said.value)
    assert message.startswith("firing 1: [PRNTUTIL1] Unable to find defmodule 'NOSUCH'.")
    assert message.count("[PRNTUTIL1]") == 20 and message.endswith("(and 980 more)")
    s.close()


def counting(tmp_path, make, facts: str, upto: int):
    """A quiet, unrecorded, reset session of a rule counting (n ?x) up to ``upto``, each
    firing also retracting a fact that is not there (an error CLIPS goes on after)."""
    path = tmp_path / "count.clp"
    path.write_text(f"{facts}(defrule step ?f <- (n ?x&:(< ?x {upto}))\n"
                    "   => (retract ?f) (assert (n (+ ?x 1))) (retract 99999))\n")
    s = make([path])
    s.quiet()
    s.record = False
    s.reset()
    return s


@pytest.mark.parametrize("make", [ClipsSession, ExpertaSession.from_clp])
def test_a_rule_failing_every_firing_keeps_memory_flat_and_counts_all(tmp_path, make):
    """Five thousand firings each reporting an error: the session holds only the last
    lines CLIPS said (not one per firing for its whole life), the run's message still
    counts every error, and the next error is still said as the next."""
    s = counting(tmp_path, make, "(deffacts start (n 0))\n", 5000)
    with pytest.raises(EngineHalted) as said:
        s.run()
    assert s.fired_total == 5000
    assert str(said.value).startswith("firing 1: [PRNTUTIL1] Unable to find fact f-99999.")
    assert str(said.value).endswith("(and 4,980 more)")
    assert len(s.diagnostics.held) <= s.diagnostics.keep
    s.assert_fact("(n 4999)")
    with pytest.raises(EngineHalted, match=r"^firing 5001: \[PRNTUTIL1\] Unable to find fact f-99999\.$"):
        s.run()
    s.close()


def test_a_clips_session_not_watching_rules_names_the_firings_an_error_was_in(tmp_path):
    """Not recording, CLIPS's rules are not watched and CLIPS does not say which firing
    erred: the message names the run's firings (it named one of them wrongly)."""
    s = counting(tmp_path, ClipsSession, "", 3)
    s.run()                                 # nothing to fire: the rules now unwatched
    s.assert_fact("(n 0)")
    with pytest.raises(EngineHalted, match=r"^firings 1-3: \[PRNTUTIL1\]"):
        s.run()
    s.assert_fact("(n 2)")
    with pytest.raises(EngineHalted, match=r"^firing 4: \[PRNTUTIL1\]"):
        s.run()
    s.close()
