"""The shell's CLIPS REPL against real CLIPS 6.4: each program under ``repl/`` is
loaded in CLIPS, in ``pyengine shell clp``, on our engine from the same file
(``pyengine shell experta FILE.clp``: "ours"), and where the constructs exist in
experta in its twin (``twins_repl.py``); the same commands are typed in each, and
what they print must be the same, line for line, once our own additions are taken
out (``;;`` lines, the ``    | `` before what a rule prints; see repl_harness.py).
"""
import pytest

from tests.conformance.repl_harness import (clips_transcript, differences, ours_as_clips,
                                            program, shell_transcript)

# program -> does it have an experta twin?
PROGRAMS = {"joins": True, "negation": True, "salience": True, "multislot": True,
            "modify_chain": True, "read": True, "modules": False, "globals": False,
            "settings": False, "views": False,
            "retract_all": False, "nested_nots": False, "test_first": False,
            "inner_tests": False, "test_groups": False, "hashorder": False,
            "big_memory": False, "activation_order": False, "group_test_first": False,
            "reset_settings": False, "break_after_halt": False, "limit_note": False,
            "random_seed": False, "opening_tests": False}


@pytest.mark.parametrize("engine", ["clips", "experta", "ours"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_the_shell_prints_what_clips_prints(name, engine):
    if engine == "experta" and not PROGRAMS[name]:
        pytest.skip("CLIPS only: experta has no such construct")
    path, script, inputs = program(name)
    expected, errors = clips_transcript(path, script, inputs, engine)
    assert not errors, f"CLIPS said: {errors}"
    ours, failed = shell_transcript(name, engine, script, inputs)
    assert failed == 0, "\n".join(ours)
    ours = ours_as_clips(ours)
    diff = differences(expected, ours)
    assert not diff, "\n".join(diff[:20])
