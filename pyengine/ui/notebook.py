"""Look inside a rule session from Python or Jupyter.

Everything here is a plain Python object with a text form (``str``, what the shell
prints) and, for Jupyter, an HTML form (``_repr_html_``)::

    from pyengine.ui.notebook import Inspector
    ins = Inspector.open(name, **options)  # a puzzle by name (pyengine.list_puzzles())
    ins = Inspector.from_clp("family.clp", stages=["GO"])      # any CLIPS file
    ins = Inspector.from_engine(Zookeeper, input=["yes"])      # any experta engine
    ins.facts("person")               # FactTable: one relation (facts(contains=...))
    ins.facts().to_records()          # one dict per fact, one key per slot (to_pandas())
    ins.agenda(); ins.matches("find-siblings")
    ins.step(3); ins.run(); ins.stage(); ins.run_all()
    ins.back(2); ins.goto(1)          # the state just before a firing
    ins.why(12); ins.show(12); ins.history(last=10)
    ins.assert_fact("(number 4)"); ins.retract(4); ins.modify(3, parent="Bob")
    ins.watch("activations"); ins.strategy("breadth"); ins.seed(3); ins.reset(); ins.close()

The methods that mirror the shell's commands are made from the command table
(:mod:`pyengine.ui.command_table`): the same arguments, checked the same way, and the
same answer, which the shell prints, so the shell, a script and a notebook all show the
same thing on both engines. Bad values raise UsageError.

A :class:`FactLog` listens to the session so that facts keep their text after
they are retracted (a rule that replaces a fact retracts the old one, and a ``why``
tree still has to show it).

Importing this module also gives every :class:`~pyengine.engine.session.Session` a
``_repr_html_`` (its fact base as a table), so a session shows itself in Jupyter.
"""
from __future__ import annotations

import html
import threading
import warnings
from typing import Iterable

from pyengine.engine.errors import EngineHalted, UsageError
from pyengine.engine.session import Closed, Session
from pyengine.engine.stages import PLAN_DONE, STAGE_BEGIN, STAGE_END, SessionPlan
from pyengine.engine.timeline import Timeline
from pyengine.engine.trace import activation_line, fact_line, fire_line, ids_text
from pyengine.engine.wording import plural
from pyengine.ui.command_table import install_notebook
from pyengine.engine.numbers import parse_id
from pyengine.ui.event_lines import (ACTIVATIONS, CHANGES, KEPT, change_place, group_lines,
                                     stage_note)
from pyengine.ui.notebook_args import input_lines
from pyengine.ui.provenance import (INITIAL, OUTSIDE, RULE, STAGE, USER, FactLog, Provenance,
                                    provenance)
from pyengine.ui.queries import WATCHABLE, Changes, Text, user_fact, walk_capped, watch_items
from pyengine.ui.tables import AgendaTable, FactTable, TraceTable, format_trace
from pyengine.ui.sessions import plan_factory

__all__ = ["Inspector", "FactLog", "Provenance", "provenance", "FactTable", "AgendaTable",
           "TraceTable", "format_trace", "parse_id", "fact_line", "fire_line",
           "activation_line", "ids_text", "INITIAL", "STAGE", "USER", "RULE", "OUTSIDE"]


class Inspector:
    """Facts, agenda, history and provenance of one session, as Python objects.

    Pass a :class:`~pyengine.engine.session.Session` or a puzzle's
    :class:`~pyengine.engine.stages.SessionPlan` (then :meth:`stage` and :meth:`run_all`
    walk its stage plan), or open one with :meth:`open`, :meth:`from_clp` or
    :meth:`from_engine`. ``input``: the lines the rules' ``(read)`` / ``input()`` get,
    one per read (none: end of input). Bad values raise UsageError. One call at a
    time: a method called from another thread while a run goes on waits for it."""

    def __init__(self, target, input: Iterable[str] | None = None):
        self.lock = threading.RLock()           # held by each method: one call at a time
        self._lines = input_lines(input)
        self.seed_given: int | None = None      # seed() on a bare session (no runner)
        self.reloaded = False                   # reload or clear: back stops there
        self.watching: set[str] = {"rules", "facts"}
        self._attach(target)

    def _attach(self, target) -> None:
        if isinstance(target, SessionPlan):
            self.setup = target
            self.session = target.session
            reopen = getattr(target, "reopen", None)
            self.timeline = Timeline(reopen, target) if reopen is not None else None
            self.runner = self.timeline.runner if self.timeline else target.runner()
            self.log = FactLog(self.session, attach=False, follows=True)
            follow = self.timeline.subscribe if self.timeline else self.runner.subscribe
            follow(self.log)
            follow(self._between_firings)
        elif isinstance(target, Session):
            self.setup = None
            self.session = target
            self.runner = None
            self.timeline = None
            self.log = FactLog(self.session)
            self.session.listeners.append(self._between_firings)
        else:
            raise UsageError(f"Inspector takes a Session or a SessionPlan, not {type(target).__name__}")
        self.session.watch("rules", True)       # history and why need every firing
        self.session.watch("activations", "activations" in self.watching)
        self.session.quiet(True)                # an action's error: one EngineHalted line
        self._outside: dict[int, list] = {}     # a call's events between firings (by the
                                                # firing before): stages and what they did
        if getattr(self, "_reader", None) is None:
            self.set_input(self._lines)
        else:                   # reset, reload: reading goes on where it stopped, as the
            self.session.set_input(self._reader)    # shell's --input and CLIPS's stdin

    # -- opening ----------------------------------------------------------------------
    @classmethod
    def open(cls, name: str, action: str | None = None, **options) -> "Inspector":
        """A puzzle's session paused before its first stage: ``name`` is a puzzle
        (with ``action`` for another of its actions) or a shell entry
        (``"PUZZLE-ACTION"``), or ``"clp"`` / ``"experta"`` for any rule file or
        engine. The keyword arguments are the puzzle command's options, checked by
        its declaration: a bad one raises UsageError."""
        return cls(plan_factory(name, action, **options)())

    @classmethod
    def from_clp(cls, path, stages=(), strategy: str | None = None, seed: int | None = None,
                 input: Iterable[str] | None = None, engine: str = "clips") -> "Inspector":
        """Any CLIPS file (or list of files, loaded in order) with a stage plan:
        ``stages=["GO", "MIX:10:random"]`` (or Stage objects); ``engine="experta"``
        runs it on our own engine instead of CLIPS. What the shell notes on opening
        (a field CLIPS tests only in part) comes as a ``UserWarning`` each."""
        opened_as = {"clips": "clp", "experta": "experta"}.get(engine)
        if opened_as is None:
            raise UsageError(f"engine: 'clips' or 'experta', not {engine!r}")
        input = input_lines(input)
        ins = cls(plan_factory(opened_as, target=path, stage=stages, strategy=strategy,
                               seed=seed)(), input=input)
        for text in ins.session.notes:
            warnings.warn(text, stacklevel=2)
        return ins

    @classmethod
    def from_engine(cls, engine, stages=(), strategy: str | None = None, seed: int | None = None,
                    input: Iterable[str] | None = None) -> "Inspector":
        """Any experta KnowledgeEngine: the class, or ``"FILE.py[:CLASS]"`` /
        ``"MODULE[:CLASS]"``, with a stage plan as for :meth:`from_clp`."""
        input = input_lines(input)
        return cls(plan_factory("experta", target=engine, stage=stages,
                                strategy=strategy, seed=seed)(), input=input)

    def set_input(self, lines: Iterable[str] | str | None) -> None:
        """The lines the rules read from now on, one per read (None: end of input;
        a text is its lines)."""
        self._lines = input_lines(lines)
        it = iter(self._lines or ())
        self._reader = lambda prompt: next(it, None)
        self.session.set_input(self._reader)

    # -- the command table's front end (pyengine.ui.commands) ---------------------------
    @property
    def reopen(self):
        """The factory that opens this session's plan again (None: it cannot)."""
        return getattr(self.setup, "reopen", None) if self.setup is not None else None

    def fire(self, n: int | None, until: int | None = None, each: bool = False) -> TraceTable:
        """Fire ``n`` rules (None: to the end of the plan, or of stage ``until``; at most
        RUN_CAP) through the runner; the firings, as a table."""
        before = len(self.session.trace)
        self._outside = {}
        try:
            _, capped = walk_capped(self.runner, self.session, n, until)
        except (EngineHalted, KeyboardInterrupt) as exc:
            done = self.session.trace[before:]      # what ran before it: in the traceback
            if done:                                # too (Python's note under the error)
                exc.add_note("\n".join(["the firings of this call:"]
                                       + self.firing_table(done).lines()))
            raise
        return self.firing_table(self.session.trace[before:], note=capped,
                                 outside=self._outside)

    def answered(self, result):
        """A call's answer; a change made by hand answers as the shell prints it as it
        happens: a modify with the slots it changed, the facts losing their logical
        support, and the activations it made and took away while they are watched."""
        told = [event for n in sorted(self._outside) for event in self._outside[n]]
        if isinstance(result, Changes) and any(ev in CHANGES for ev, _ in told):
            result.told(group_lines(told, lambda ev, view: ev not in ACTIVATIONS or
                                    "activations" in self.watching))
        return result

    def _between_firings(self, event: str, payload) -> None:
        """What happens outside the firings during a call, kept in order by the firing
        before it: a stage beginning or ending in a run (the shell's note, the staging
        fact, the activations it makes and takes away, the facts losing its logical
        support; the note before the staging fact's own change), a change by hand."""
        if self.session.current_firing is not None or event == "fire":
            return                          # a firing's own events: the fact log's
        group = self._outside.setdefault(self.session.fired_total, [])
        if event in (STAGE_BEGIN, STAGE_END):
            kind = "assert" if event == STAGE_BEGIN else "retract"
            group.insert(change_place(group, kind, payload.fact_id),
                         ("note", stage_note(event, payload, self.log)))
        elif event == PLAN_DONE:
            group.append(("note", stage_note(event, payload, self.log)))
        elif event in KEPT:
            group.append((event, payload))

    def moved(self, plan) -> None:
        """After back or goto: the timeline's new plan, session and runner."""
        self.setup, self.session, self.runner = plan, plan.session, self.timeline.runner
        self.session.watch("rules", True)
        self.session.watch("activations", "activations" in self.watching)
        self.session.quiet(True)
        self.log.moved_to(self.session, self.timeline.undone)

    def reopened(self, plan, factory) -> None:
        """A new plan in the old one's place (reset, reload, clear)."""
        self._detach()
        self._attach(plan)

    def user_fact(self, fact):
        """A fact to assert: text read by our reader, or an engine's fact as it is."""
        return user_fact(fact, self.setup, self.session)

    def firing_table(self, firings, lead=(), note: str = "", between=None,
                     whole: bool = False, outside=None) -> TraceTable:
        """Firings as this notebook shows them: changes and activations as watched."""
        return TraceTable(firings, self.log, "activations" in self.watching,
                          changes="facts" in self.watching, note=note, lead=lead,
                          between=between, whole=whole, outside=outside)

    def set_watching(self, words: list[str], on: bool) -> Text:
        """What step, run and history show besides the firings: ``facts`` (each firing's
        changes, on by default), ``activations``, or ``all``; none: what is watched
        (unwatch: all but the firings themselves)."""
        items = watch_items(" ".join(words))
        if on:
            self.watching |= items
        else:
            self.watching -= (items or set(WATCHABLE)) - {"rules"}
        self.session.watch("activations", "activations" in self.watching)
        return Text("watching " + ", ".join(sorted(self.watching)))

    def run_all(self) -> Text:
        """Run every remaining stage; what the rules printed (``    | text``), then the
        puzzle's result, or how many rules fired."""
        with self.lock:
            return self._run_all()

    def _run_all(self) -> Text:
        before = len(self.session.trace)
        _, capped = walk_capped(self.runner, self.session)   # the plan, then the agenda
        fired = self.session.trace[before:]
        printed = [f"    | {line}".rstrip() for f in fired for line in f.output]
        if capped:
            return Text(printed + [f";; {capped}"])
        if self.setup is not None and self.setup.finish is not None:
            return Text(printed + str(self.setup.finish() or "").splitlines())
        return Text(printed + [f"{plural(len(fired), 'rule')} fired "
                               f"({len(self.session.trace)} in all)"])

    def _detach(self) -> None:
        if self.timeline is not None:
            self.timeline.unsubscribe(self.log)
            self.timeline.unsubscribe(self._between_firings)
        if self.runner is not None:
            self.runner.close()
        else:
            self.log.detach()
            if self._between_firings in self.session.listeners:
                self.session.listeners.remove(self._between_firings)

    def close(self) -> None:
        """Give the session's memory back now (CLIPS destroys its environment); later
        calls raise UsageError. ``with Inspector.open(...) as ins:`` closes at the end."""
        with self.lock:
            self._close()

    def _close(self) -> None:
        if not isinstance(self.session, Closed):
            self._detach()
            self.session.close()
            self.session = self.setup = self.runner = self.timeline = Closed()

    def __reduce_ex__(self, protocol):
        raise UsageError("an Inspector cannot be pickled or copied: it holds a live rule "
                         "session (open another with Inspector.open, from_clp or "
                         "from_engine; facts().to_records() gives the facts as data)")

    def __enter__(self) -> "Inspector":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def before_reset(self) -> None:
        """What each firing did goes with the firings a reset forgets."""
        self.log.fired.clear()

    def __repr__(self) -> str:
        s = self.session
        if isinstance(s, Closed):
            return "<Inspector: closed>"
        return (f"<Inspector {s.engine}: {plural(len(s.facts()), 'fact')}, "
                f"{plural(s.agenda_size(), 'activation')}, {plural(len(s.trace), 'firing')}>")

    def _repr_html_(self) -> str:
        shown = "" if isinstance(self.session, Closed) else self.facts()._repr_html_()
        return f"<p>{html.escape(repr(self))}</p>" + shown


install_notebook(Inspector)     # facts, step, why, back ...: one method per command of the table


def _session_repr_html(self: Session) -> str:
    return FactTable(self.facts())._repr_html_()


# A session shows its fact base as a table in Jupyter (an added method; the
# Session contract is unchanged).
if not hasattr(Session, "_repr_html_"):
    Session._repr_html_ = _session_repr_html
