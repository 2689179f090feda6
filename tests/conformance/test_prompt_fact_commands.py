"""Fact commands typed at the prompt in CLIPS's form with a variable (``(retract ?f)``
after ``(bind ?f (assert (x)))``, ``(assert (x ?y))``, ``(modify ?o (total ?t))``):
the shell hands them to the engine, which evaluates them as CLIPS's prompt does, on
CLIPS and on our engine alike (the shell's own ``assert``/``retract``/``modify`` take
constants and fact ids only, and refused these). What they print, errors included
(``(modify ?g (a 1))`` of an ordered fact shows FALSE, then CLIPS's error), is what
CLIPS 6.4's prompt prints; and the facts they change are the user's: ``why`` and
``history`` say "by you", as for the shell's own commands.
"""
import pytest

from tests.conformance.repl_harness import (HERE, clips_transcript, ours_as_clips,
                                            shell_transcript)

PROGRAM = "multislot"
SCRIPTS = {
    "bind and retract": ["(reset)", "(bind ?f (assert (note tea)))", "(retract ?f)",
                         "(facts)", "(retract ?f)", "(facts)"],
    "a variable in an assert": ["(reset)", "(bind ?y 5)", "(assert (count ?y))",
                                "(assert (count (+ ?y 1)) (count ?y))", "(facts)"],
    "modify and duplicate by variable": [
        "(reset)", "(bind ?o (assert (order (id 9) (items jam))))",
        "(modify ?o (total (+ 1 2)))", "(duplicate ?o (id 10))", "(facts)",
        "(bind ?g (assert (plain 1)))", "(modify ?g (a 1))", "(duplicate ?g)",
        "(modify ?o (nosuch 1))", "(modify ?o (id (create$ 1 2)))", "(facts)"],
    "a fact index in a variable": ["(reset)", "(bind ?i 3)", "(retract ?i)", "(facts)",
                                   "(modify ?i (total 1))"],
}


@pytest.mark.parametrize("engine", ["clips", "ours"])
@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_a_fact_command_with_a_variable_runs_as_on_clips(name, engine):
    script = SCRIPTS[name]
    shown, said = clips_transcript(HERE / f"{PROGRAM}.clp", script, [])
    lines, _ = shell_transcript(PROGRAM, engine, script, [])
    lines = ours_as_clips(lines)
    values = [line for line in lines if not line.startswith("error: ")]
    errors = [line[len("error: "):] for line in lines if line.startswith("error: ")]
    assert values == shown, (values, shown)
    assert " ".join(errors) == " ".join(said.split()), (errors, said)


@pytest.mark.parametrize("engine", ["clips", "ours"])
def test_the_facts_a_typed_command_changes_are_the_user_s(engine):
    script = ["(reset)", "(bind ?f (assert (note tea)))", "(bind ?y 2)",
              "(assert (count ?y))", "(retract ?f)", "why f-5", "why f-6", "history"]
    lines, errors = shell_transcript(PROGRAM, engine, script, [])
    assert errors == 0, lines
    assert "f-5     (note tea)   [asserted by you, retracted by you before the first " \
        "firing]" in lines
    assert "f-6     (count 2)   [asserted by you]" in lines
    assert [line for line in lines if line.startswith(";; by you")] == [
        ";; by you: ==> f-5     (note tea)", ";; by you: ==> f-6     (count 2)",
        ";; by you: <== f-5     (note tea)"]
