"""The math functions typed at the prompt of a .clp program on our engine print what
CLIPS 6.4's own prompt prints, errors included: the value CLIPS's function gives back
after its error (``(/ 1 0)`` shows 1.0, ``(sqrt -1)`` 0.0, a control form FALSE) and
the error in CLIPS's words with its id (``[EMATHFUN1] Domain error for 'sqrt'
function.``).

The commands are not picked by hand: every one-argument function of our math and
trigonometry tables on awkward arguments, every two-argument one on pairs of them, and
a few forms around a failing call. Where CLIPS shows nothing of the call's value
(the error of a call nested in another function: CLIPS then shows the outer
function's own fallback) ours shows nothing either, and that case is checked to stay
the only difference."""
import pytest

from pyengine.engine.clp.functions_math import TABLE as MATH
from pyengine.engine.clp.functions_trig import TABLE as TRIG
from tests.conformance.repl_harness import (HERE, clips_transcript, ours_as_clips,
                                            shell_transcript)

PROGRAM = "joins"
AWKWARD = ["0", "-1", "1", "2", "-2.5", "0.0", "(pi)", "(/ (pi) 2)", "1e308"]
PAIRS = [("0", "0"), ("1", "0"), ("-8", "0.5"), ("0", "-1"), ("0.0", "-1"),
         ("-9223372036854775808", "-1"), ("7", "2"), ("7.0", "0")]
AROUND = ["(progn (sqrt -1) 5)", "(if TRUE then (log 0))", "(while TRUE do (/ 1 0))",
          "(loop-for-count 2 (acos 2))", "(progn$ (?v (create$ 1 2)) (mod ?v 0))",
          "(switch 1 (case 1 then (cot 0)))", "(foreach ?v (create$ 0) (atanh (+ ?v 1)))"]


def _arity(fn) -> tuple[int, int | None]:
    return fn.min_args, fn.max_args


def _commands() -> list[str]:
    out = []
    for name, fn in sorted({**MATH, **TRIG}.items()):
        low, high = _arity(fn)
        if low <= 1 and (high is None or high >= 1):
            out += [f"({name} {a})" for a in AWKWARD]
        if low <= 2 and (high is None or high >= 2):
            out += [f"({name} {a} {b})" for a, b in PAIRS]
    return out + AROUND


COMMANDS = _commands()
#: the default run checks every fifth command; the heavy run all of them
SAMPLE = {c for i, c in enumerate(COMMANDS) if i % 5 == 0} | set(AROUND)


@pytest.mark.parametrize("command", [
    c if c in SAMPLE else pytest.param(c, marks=pytest.mark.heavy) for c in COMMANDS])
def test_a_math_command_prints_what_clips_prints(command):
    shown, said = clips_transcript(HERE / f"{PROGRAM}.clp", [command], [])
    ours, _ = shell_transcript(PROGRAM, "ours", [command], [])
    ours = ours_as_clips(ours)
    values = [line for line in ours if not line.startswith("error: ")]
    errors = [line[len("error: "):] for line in ours if line.startswith("error: ")]
    assert values == shown, (command, ours, shown, said)
    assert errors == ([said.strip()] if said.strip() else []), (command, ours, said)


def test_a_call_failing_inside_another_shows_no_value_where_clips_shows_the_outers():
    shown, said = clips_transcript(HERE / f"{PROGRAM}.clp", ["(+ 1 (/ 1 0))"], [])
    ours = ours_as_clips(shell_transcript(PROGRAM, "ours", ["(+ 1 (/ 1 0))"], [])[0])
    assert shown == ["0"] and ours == ["error: " + said.strip()]


@pytest.mark.parametrize("program,commands", [
    ("joins", ["(bind ?x (/ 1 0))", "?x"]),
    ("joins", ["(bind ?x (div 7 0))", "(+ ?x 1)"]),
    ("globals", ["(bind ?*limit* (sqrt -1))", "?*limit*"]),
    ("globals", ["(bind ?*fired* (mod 5 0))", "?*fired*"]),
])
def test_bind_binds_what_the_failed_call_gives_back_as_clips_does(program, commands):
    shown, said = clips_transcript(HERE / f"{program}.clp", commands, [])
    ours = ours_as_clips(shell_transcript(program, "ours", commands, [])[0])
    assert [line for line in ours if not line.startswith("error: ")] == shown, (ours, shown)
    assert [line for line in ours if line.startswith("error: ")] == \
        ["error: " + said.strip()], (ours, said)
