"""experta fact classes shared by every puzzle.

A puzzle's own facts live beside its rules; what is here is the common
vocabulary: the staging fact that marks which phase of a puzzle is running.
"""
from pyengine.engine.compat import experta  # noqa: F401  (patches collections first)

from experta import Fact


class Stage(Fact):
    """Staging fact: ``Stage("solve")`` opens the solve phase, like ``(SOLVE)`` in CLIPS.

    Rules that belong to a phase list ``Stage("solve")`` as their first pattern;
    the stage runner asserts it, runs, and retracts it.
    """
