"""A user's CLIPS program cannot crash, end or hang the process it runs in: the shell,
a notebook, the engine itself. (The same programs under ``serve``:
test_web_attacks.py.)"""
from __future__ import annotations

import socket
import subprocess
import sys
import time

import pytest

from pyengine.engine.clips import ClipsSession
from pyengine.engine.errors import EngineHalted, OutOfTime, UsageError
from pyengine.engine.interrupt import time_budget
from pyengine.ui import queries
from pyengine.ui.notebook import Inspector

RECURSION = "(deffunction f (?n) (f (+ ?n 1)))\n(defrule go (go) => (f 0))\n(deffacts s (go))\n"
MUTUAL = ("(deffunction b (?n))\n(deffunction a (?n) (b (+ ?n 1)))\n"
          "(deffunction b (?n) (a (+ ?n 1)))\n"
          "(defrule go (go) => (a 0))\n(deffacts s (go))\n")
GENERIC = ("(defgeneric g)\n(defmethod g ((?n INTEGER)) (g (+ ?n 1)))\n"
           "(defrule go (go) => (g 0))\n(deffacts s (go))\n")
IN_TEST = ("(deffunction f (?n) (f (+ ?n 1)))\n(defrule go (go) (test (f 0)) => )\n"
           "(deffacts s (go))\n")
EXIT = "(defrule go (go) => (printout t \"bye\" crlf) (exit 3))\n(deffacts s (go))\n"
LOOP = "(defrule tick ?f <- (n ?x) => (retract ?f) (assert (n (+ ?x 1))))\n(deffacts s (n 0))\n"


def clp(tmp_path, text: str, name: str = "prog"):
    path = tmp_path / f"{name}.clp"
    path.write_text(text)
    return path


def shell(path, commands: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pyengine", "shell", "clp", str(path)],
                          input=commands, capture_output=True, text=True, timeout=timeout)


def test_runaway_recursion_while_opening_is_one_line(tmp_path):
    """A pattern's test recursing: the reset that opens the session is halted."""
    r = shell(clp(tmp_path, IN_TEST), "run\n")
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    assert "reset: recursion deeper than" in r.stderr


@pytest.mark.parametrize("program", [RECURSION, MUTUAL, GENERIC])
def test_runaway_recursion_is_one_line_in_the_shell_not_a_crash(tmp_path, program):
    r = shell(clp(tmp_path, program), "run\nfacts\n")
    assert r.returncode in (0, 1), r.returncode          # not -11 (SIGSEGV)
    errors = [line for line in r.stdout.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "recursion deeper than" in errors[0]
    assert "For a total of" in r.stdout                  # the shell went on
    assert r.stderr.count("\n") <= 1


def test_runaway_recursion_in_a_notebook_raises_one_line(tmp_path):
    ins = Inspector.from_clp(clp(tmp_path, RECURSION))
    with pytest.raises(EngineHalted, match="recursion deeper than 10,000"):
        ins.run()
    assert ins.session.fired_total == 1
    ins.back()                                             # replay halts it again, the same way
    assert ins.session.fired_total == 0 and ins.agenda()


def test_exit_in_a_rule_does_not_end_the_shell(tmp_path):
    r = shell(clp(tmp_path, EXIT), "run\nfacts\n")
    assert "(exit 3)" in r.stdout and "For a total of" in r.stdout
    assert r.returncode == 1                 # an error was reported; not exit status 3


def test_an_action_that_never_ends_is_halted_at_its_time(tmp_path):
    s = ClipsSession(constructs=["(defrule spin (go) => (while TRUE do (bind ?x 1)))"])
    s.reset()
    s.assert_fact("(go)")
    began = time.monotonic()
    with time_budget(0.3, grace=0.3), pytest.raises(EngineHalted, match="more than 0.6 s"):
        s.run()
    assert time.monotonic() - began < 5
    s.assert_fact("(after)")                 # the environment works on
    assert "(after)" in [f.text for f in s.facts()]


def test_a_chain_that_never_ends_stops_between_firings_at_its_time():
    s = ClipsSession(constructs=[LOOP.split("\n")[0]])
    s.reset()
    s.assert_fact("(n 0)")
    with time_budget(0.2), pytest.raises(OutOfTime):
        s.run()
    fired = s.fired_total
    assert fired > 0 and len(s.facts()) == 1 and len(s.trace) == fired


def test_run_without_a_number_stops_at_its_cap(tmp_path, monkeypatch):
    monkeypatch.setattr(queries, "RUN_CAP", 500)
    ins = Inspector.from_clp(clp(tmp_path, LOOP))
    table = ins.run()
    assert len(table) == 500 and "stopped at 500 firings" in str(table)
    assert len(ins.run(3)) == 3                          # a number: exactly that


def test_a_deep_nest_in_a_clp_file_is_refused_before_clips_parses_it(tmp_path):
    deep = "(deffunction g () " + "(+ 1 " * 100_000 + "1" + ")" * 100_000 + ")"
    r = shell(clp(tmp_path, deep), "facts\n")
    assert r.returncode == 2 and "nested more than 1,000 deep" in r.stderr
    with pytest.raises(UsageError, match="nested"):
        Inspector.from_clp(clp(tmp_path, deep))


def test_serve_on_a_busy_port_is_one_line_before_it_says_its_url():
    pytest.importorskip("uvicorn", reason="serve needs the web extra")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        r = subprocess.run([sys.executable, "-m", "pyengine", "serve", "--port", str(port)],
                           capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "port is in use" in r.stderr and "http://" not in r.stderr
    assert r.stderr.count("\n") == 1


def test_a_rule_comment_reading_like_the_arrow_hides_no_condition():
    """A comment string ``"=>"`` compared equal to the arrow: the bound on a rule's or
    alternatives read an empty left-hand side (CLIPS would have spent hours on it)."""
    from pyengine.engine.rete.clips_rewrites import rule_past_limit
    ors = " ".join(f"(or (a{i}) (b{i}))" for i in range(12))
    assert "more than 1,000 alternatives" in rule_past_limit(f'(defrule r "=>" {ors} => )')
