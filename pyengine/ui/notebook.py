"""Look inside a rule session from Python or Jupyter.

Everything here is a plain Python object with a text form (``str``) and, for
Jupyter, an HTML table (``_repr_html_``)::

    from pyengine.ui.notebook import Inspector
    ins = Inspector.open("scramble", words=["Nile"], seed=4)   # or Inspector(session)
    ins.facts("text")                 # FactTable: f-12    (text # 1 3 2)
    ins.agenda()                      # AgendaTable: salience, rule, facts
    ins.step(3); ins.stage()          # TraceTable: the firings, with what they changed
    ins.history(last=10)
    ins.why(12)                       # Provenance: the firing tree back to the initial facts

The shell (:mod:`pyengine.ui.shell`) prints the same objects, so the shell, a
script and a notebook all show the same thing on both engines.

A :class:`FactLog` listens to the session so that facts keep their text after
they are retracted (the scramble retracts every old ``(text ...)`` line, and a
``why`` tree still has to show it).

Importing this module also gives every :class:`~pyengine.engine.session.Session` a
``_repr_html_`` (its fact base as a table), so a session shows itself in Jupyter.
"""
from __future__ import annotations

import html

from pyengine.engine.errors import UsageError
from pyengine.engine.session import Session, matching
from pyengine.engine.stages import SessionPlan
from pyengine.engine.trace import activation_line, fact_line, fire_line, ids_text
from pyengine.ui.provenance import (INITIAL, OUTSIDE, RULE, STAGE, USER, FactLog, Provenance,
                                    provenance)
from pyengine.ui.tables import AgendaTable, FactTable, TraceTable, format_trace

__all__ = ["Inspector", "FactLog", "Provenance", "provenance", "FactTable", "AgendaTable",
           "TraceTable", "format_trace", "parse_id", "fact_line", "fire_line",
           "activation_line", "ids_text", "INITIAL", "STAGE", "USER", "RULE", "OUTSIDE"]


class Inspector:
    """Facts, agenda, history and provenance of one session, as Python objects.

    Pass a :class:`~pyengine.engine.session.Session` or a puzzle's
    :class:`~pyengine.engine.stages.SessionPlan` (then :meth:`stage` and :meth:`run_all`
    walk its stage plan), or open a puzzle by name with :meth:`open`."""

    def __init__(self, target):
        if isinstance(target, SessionPlan):
            self.setup = target
            self.session = target.session
            self.runner = target.runner()
            self.log = FactLog(self.session, attach=False)
            self.runner.subscribe(self.log)
        else:
            self.setup = None
            self.session = target
            self.runner = None
            self.log = FactLog(self.session)
        self.session.watch("rules", True)       # history and why need every firing

    @classmethod
    def open(cls, name: str, action: str | None = None, **options) -> "Inspector":
        """A puzzle's session paused before its first stage: ``name`` is a puzzle
        (``"scramble"``, with ``action`` for another of its actions) or a shell entry
        (``"scramble-solve"``), or ``"clp"`` / ``"experta"`` for any rule file or
        engine. The keyword arguments are the puzzle command's options, checked by
        its declaration: a bad one raises UsageError."""
        from pyengine.ui.sessions import open_plan
        return cls(open_plan(name, action, **options))

    # plain objects
    def facts(self, pattern: str | None = None) -> FactTable:
        return FactTable(matching(self.session.facts(), pattern), self.log)

    def agenda(self) -> AgendaTable:
        return AgendaTable(self.session.agenda())

    def history(self, last: int | None = None) -> TraceTable:
        trace = self.session.trace if last is None else self.session.trace[-last:]
        return TraceTable(trace, self.log)

    def why(self, fact_id: int | str, depth: int | None = None) -> Provenance:
        return provenance(self.session, parse_id(fact_id), self.log, depth)

    # running
    def step(self, n: int = 1) -> TraceTable:
        """Fire ``n`` rules, entering and leaving stages as the plan says."""
        before = len(self.session.trace)
        if self.runner is not None:
            self.runner.walk(n)
        else:
            self.session.run(n)
        return TraceTable(self.session.trace[before:], self.log)

    def stage(self) -> TraceTable:
        """Run the current (or next) stage to its end."""
        if self.runner is None or self.runner.done:
            raise UsageError("no stage left to run")
        before = len(self.session.trace)
        self.runner.walk(None, until=self.runner.index)
        return TraceTable(self.session.trace[before:], self.log)

    def run_all(self) -> str | None:
        """Run every remaining stage; the puzzle's result text if it has one."""
        if self.runner is None:
            self.session.run()
            return None
        self.runner.run_all()
        return self.setup.finish() if self.setup.finish else None

    def __repr__(self) -> str:
        s = self.session
        return (f"<Inspector {s.engine}: {len(s.facts())} facts, {len(s.agenda())} activations, "
                f"{len(s.trace)} firings>")

    def _repr_html_(self) -> str:
        return f"<p>{html.escape(repr(self))}</p>" + self.facts()._repr_html_()


def parse_id(text: int | str) -> int:
    """``f-12``, ``12`` or 12 -> 12; UsageError otherwise."""
    if isinstance(text, int):
        return text
    t = str(text).strip()
    digits = t[2:] if t.lower().startswith("f-") else t
    if not digits.isdigit():
        raise UsageError(f"not a fact id: {t!r} (write f-12 or 12)")
    return int(digits)


def _session_repr_html(self: Session) -> str:
    return FactTable(self.facts())._repr_html_()


# A session shows its fact base as a table in Jupyter (an added method; the
# Session contract is unchanged).
if not hasattr(Session, "_repr_html_"):
    Session._repr_html_ = _session_repr_html
