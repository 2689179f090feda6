"""experta's watchers on our engine: ``watch('FACTS', 'ACTIVATIONS', 'RULES')`` in a
student's script logs what our engine does in experta's own words, as experta's
engine would log it (to the loggers of ``experta.watchers``, silent unless watched).

:class:`ExpertaWatch` is the engine's listener where no session listens (a session
shows its own watch lines: the shell's ``watch``); a firing is logged by the rule's
action (:func:`fired`), numbered from the start of the run, as experta numbers it.
"""
from __future__ import annotations

from pyengine.engine.compat import experta  # noqa: F401  (patched before experta loads)

from experta import watchers  # noqa: E402


def _facts(act) -> str:
    return ", ".join(str(f) for f in act.facts() if f is not None)


class ExpertaWatch:
    """Our engine's changes told to experta's FACTS and ACTIVATIONS watchers."""

    def on_fact(self, sign: str, fact) -> None:
        if watchers.worth("FACTS", "INFO"):
            watchers.FACTS.info(" ==> %s: %r" if sign == "+" else " <== %s: %r", fact, fact)

    def on_activation(self, sign: str, act) -> None:
        if not watchers.worth("ACTIVATIONS", "INFO"):
            return
        if sign == "+":
            watchers.ACTIVATIONS.info(" ==> %r: %s", act.name, _facts(act))
        else:
            watchers.ACTIVATIONS.info(" <== %r: %s %s", act.name, _facts(act), "")


def fired(ke, act) -> None:
    """A firing told to experta's RULES watcher (``FIRE 1 rule: <f-1>, <f-2>``)."""
    if watchers.worth("RULES", "INFO"):
        ke._watch_fired = getattr(ke, "_watch_fired", 0) + 1
        watchers.RULES.info("FIRE %s %s: %s", ke._watch_fired, act.name, _facts(act))
