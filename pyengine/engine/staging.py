"""The staging fact of experta rule sets: which phase of a puzzle is running.

It belongs to the engine (the stage runner asserts and retracts it); a puzzle's
own facts live in ``facts/`` beside its rules, which import this one.
"""
from pyengine.engine.compat import experta  # noqa: F401  (patches collections first)

from experta import Fact


class Stage(Fact):
    """Staging fact: ``Stage("solve")`` opens the solve phase, like ``(SOLVE)`` in CLIPS.

    Rules that belong to a phase list ``Stage("solve")`` as their first pattern;
    the stage runner asserts it, runs, and retracts it.
    """
