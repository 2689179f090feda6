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

The shell (:mod:`pyengine.ui.shell`) prints the same objects, so the shell, a
script and a notebook all show the same thing on both engines. Bad values raise
UsageError.

A :class:`FactLog` listens to the session so that facts keep their text after
they are retracted (a rule that replaces a fact retracts the old one, and a ``why``
tree still has to show it).

Importing this module also gives every :class:`~pyengine.engine.session.Session` a
``_repr_html_`` (its fact base as a table), so a session shows itself in Jupyter.
"""
from __future__ import annotations

import html
from typing import Iterable

from pyengine.engine.errors import UsageError
from pyengine.engine.session import Closed, FactView, Session, check_seed
from pyengine.engine.stages import SessionPlan
from pyengine.engine.timeline import Timeline
from pyengine.engine.trace import activation_line, fact_line, fire_line, ids_text
from pyengine.engine.wording import plural
from pyengine.ui.graph import firing_graph, graph_args
from pyengine.ui.notebook_args import firing_count, input_lines, parse_id
from pyengine.ui.program_edit import ProgramVerbs, back_refused, program_edits, with_edits
from pyengine.ui.provenance import (INITIAL, OUTSIDE, RULE, STAGE, USER, FactLog, Provenance,
                                    provenance)
from pyengine.ui.queries import (WATCHABLE, MatchesView, Text, full_text, globals_text,
                                 parse_slots, select_facts, templates_text, travel_note,
                                 keep_choices, user_fact, walk_capped, watch_items)
from pyengine.ui.tables import AgendaTable, FactTable, TraceTable, format_trace

__all__ = ["Inspector", "FactLog", "Provenance", "provenance", "FactTable", "AgendaTable",
           "TraceTable", "format_trace", "parse_id", "fact_line", "fire_line",
           "activation_line", "ids_text", "INITIAL", "STAGE", "USER", "RULE", "OUTSIDE"]


class Inspector(ProgramVerbs):
    """Facts, agenda, history and provenance of one session, as Python objects.

    Pass a :class:`~pyengine.engine.session.Session` or a puzzle's
    :class:`~pyengine.engine.stages.SessionPlan` (then :meth:`stage` and :meth:`run_all`
    walk its stage plan), or open one with :meth:`open`, :meth:`from_clp` or
    :meth:`from_engine`. ``input``: the lines the rules' ``(read)`` / ``input()`` get,
    one per read (none: end of input). Bad values raise UsageError."""

    def __init__(self, target, input: Iterable[str] | None = None):
        self._lines = input_lines(input)
        self._seed: int | None = None
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
            follow(self._on_event)
        elif isinstance(target, Session):
            self.setup = None
            self.session = target
            self.runner = None
            self.timeline = None
            self.log = FactLog(self.session)
            self.session.listeners.append(self._on_event)
        else:
            raise UsageError(f"Inspector takes a Session or a SessionPlan, not {type(target).__name__}")
        self.session.watch("rules", True)       # history and why need every firing
        self.session.watch("activations", "activations" in self.watching)
        self._acts: dict[int, list[str]] = {}
        self._fire_no = 0
        self.set_input(self._lines)

    # -- opening ----------------------------------------------------------------------
    @classmethod
    def open(cls, name: str, action: str | None = None, **options) -> "Inspector":
        """A puzzle's session paused before its first stage: ``name`` is a puzzle
        (with ``action`` for another of its actions) or a shell entry
        (``"PUZZLE-ACTION"``), or ``"clp"`` / ``"experta"`` for any rule file or
        engine. The keyword arguments are the puzzle command's options, checked by
        its declaration: a bad one raises UsageError."""
        from pyengine.ui.sessions import plan_factory
        return cls(plan_factory(name, action, **options)())

    @classmethod
    def from_clp(cls, path, stages=(), strategy: str | None = None, seed: int | None = None,
                 input: Iterable[str] | None = None, engine: str = "clips") -> "Inspector":
        """Any CLIPS file (or list of files, loaded in order) with a stage plan:
        ``stages=["GO", "MIX:10:random"]`` (or Stage objects); ``engine="experta"``
        runs it on our own engine instead of CLIPS."""
        from pyengine.ui.sessions import plan_factory
        opened_as = {"clips": "clp", "experta": "experta"}.get(engine)
        if opened_as is None:
            raise UsageError(f"engine: 'clips' or 'experta', not {engine!r}")
        input = input_lines(input)
        return cls(plan_factory(opened_as, target=path, stage=stages, strategy=strategy,
                                seed=seed)(), input=input)

    @classmethod
    def from_engine(cls, engine, stages=(), strategy: str | None = None, seed: int | None = None,
                    input: Iterable[str] | None = None) -> "Inspector":
        """Any experta KnowledgeEngine: the class, or ``"FILE.py[:CLASS]"`` /
        ``"MODULE[:CLASS]"``, with a stage plan as for :meth:`from_clp`."""
        from pyengine.ui.sessions import plan_factory
        input = input_lines(input)
        return cls(plan_factory("experta", target=engine, stage=stages,
                                strategy=strategy, seed=seed)(), input=input)

    def set_input(self, lines: Iterable[str] | str | None) -> None:
        """The lines the rules read from now on, one per read (None: end of input;
        a text is its lines)."""
        self._lines = input_lines(lines)
        it = iter(self._lines or ())
        self.session.set_input(lambda prompt: next(it, None))

    # -- looking ------------------------------------------------------------------------
    def facts(self, pattern: str | None = None, contains: str | None = None) -> FactTable:
        """Facts: all, one relation exactly (``"rank"`` is not ``"rank-level"``), text or
        a glob, ``"f-17"``, or ``"10 20 5"`` as CLIPS's ``(facts 10 20 5)``;
        ``contains``: facts whose text holds this piece of text."""
        return FactTable(select_facts(self.session, pattern, contains=contains), self.log)

    def agenda(self) -> AgendaTable:
        return AgendaTable(self.session.agenda())

    def history(self, last: int | None = None) -> TraceTable:
        trace = self.session.trace if last is None else self.session.trace[-last:] if last else []
        return self._table(trace)

    def why(self, fact_id: int | str, depth: int | None = None) -> Provenance:
        return provenance(self.session, parse_id(fact_id), self.log, depth)

    def graph(self, of: int | str | None = None, to: str | None = None):
        """The firing graph (of the run, a fact's why, or a rule's firings): shows as SVG
        in Jupyter, prints as DOT; ``to="run.svg"`` (or ``.dot``) writes it."""
        drawing = firing_graph(self.session, self.log, graph_args(str(of or ""))[0])
        return Text(drawing.write(to)) if to is not None else drawing

    def show(self, fact_id: int | str) -> Text:
        """One fact with every value in full."""
        return full_text(self.session, parse_id(fact_id))

    def matches(self, rule: str) -> MatchesView:
        """Each pattern of ``rule`` with the facts matching it, the partial matches, the
        activations (CLIPS's ``(matches RULE)``)."""
        return MatchesView(self.session.matches(rule))

    def templates(self) -> Text:
        return templates_text(self.session)

    def globals(self) -> Text:
        return globals_text(self.session)

    # -- running --------------------------------------------------------------------------
    def step(self, n: int = 1) -> TraceTable:
        """Fire ``n`` rules, entering and leaving stages as the plan says."""
        return self._fire(firing_count(n, "step", 1))

    def run(self, n: int | None = None) -> TraceTable:
        """Fire rules to the end of the plan (or ``n`` of them)."""
        return self._fire(None if n is None else firing_count(n, "run", 0))

    def _fire(self, n: int | None, until: int | None = None) -> TraceTable:
        """Fire through the runner; without ``n`` at most RUN_CAP firings."""
        before = len(self.session.trace)
        _, capped = walk_capped(self.runner, self.session, n, until)
        return self._table(self.session.trace[before:], capped)

    def stage(self) -> TraceTable:
        """Run the current (or next) stage to its end."""
        if self.runner is None or self.runner.done:
            raise UsageError("no stage left to run")
        return self._fire(None, until=self.runner.index)

    def run_all(self) -> Text:
        """Run every remaining stage; what the rules printed (``    | text``), then the
        puzzle's result, or how many rules fired."""
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

    # -- changing ----------------------------------------------------------------------------
    def assert_fact(self, fact) -> FactView:
        """Add a fact (``"(number 4)"`` or an engine fact); the fact as asserted."""
        if isinstance(fact, str) and not fact.strip():
            raise UsageError("assert what? e.g. assert_fact('(number 4)')")
        spec = user_fact(fact, self.setup, self.session)
        before = {f.id for f in self.session.facts()}
        fid = self.session.assert_fact(spec)
        if fid not in before:
            self.log.mark(fid, USER)
        return self.session.fact(fid)

    def retract(self, *fact_ids) -> FactTable:
        """Remove facts by id; the facts removed."""
        if not fact_ids:
            raise UsageError("retract which fact? e.g. retract('f-3')")
        gone = [self.session.fact(parse_id(f)) for f in fact_ids]
        for f in {f.id: f for f in gone}.values():
            self.session.retract(f.id)
        return FactTable(gone, self.log)

    def modify(self, fact_id, slots: str | dict | None = None, **more) -> FactView:
        """Change slots: ``modify("f-3", "(parent Bob)")``, ``modify(3, {"parent": "Bob"})``
        or ``modify(3, parent="Bob")``; the changed fact (a new id on experta)."""
        values = parse_slots(slots) if isinstance(slots, str) else dict(slots or {})
        values.update(more)
        if not values:
            raise UsageError("modify which slots? e.g. modify('f-3', parent='Bob')")
        new = self.session.modify(parse_id(fact_id), values)
        self.log.mark(new, USER)
        return self.session.fact(new)

    def strategy(self, name: str | None = None) -> Text:
        """Show or set conflict resolution: any of the session contract's STRATEGIES
        (depth, breadth, random, lex, mea, simplicity, complexity)."""
        if name is not None:
            self.session.strategy = name
        return Text(f"strategy {self.session.strategy}")

    def seed(self, n: int | None = None) -> Text:
        """Show or set the random strategy's seed."""
        if n is not None:
            n = check_seed(n)
            self.session.seed(n)
            self._seed = n
            if self.runner is not None:
                self.runner.seed = n
        shown = self.runner.seed if self.runner is not None else self._seed
        return Text(f"seed {shown if shown is not None else 'none'}")

    def watch(self, *items: str) -> Text:
        """What step/run/history show besides the firings: ``facts`` (each firing's
        changes, on by default), ``activations``, or ``all``; none: what is watched."""
        self.watching |= watch_items(" ".join(items))
        self.session.watch("activations", "activations" in self.watching)
        return Text("watching " + ", ".join(sorted(self.watching)))

    def unwatch(self, *items: str) -> Text:
        """Stop showing them (all if none named; the firings themselves stay)."""
        self.watching -= (watch_items(" ".join(items)) or set(WATCHABLE)) - {"rules"}
        self.session.watch("activations", "activations" in self.watching)
        return Text("watching " + ", ".join(sorted(self.watching)))

    def reset(self) -> Text:
        """Start again from the initial facts (a puzzle: the same puzzle, same seed); the
        strategy and seed you chose stay, as CLIPS keeps its strategy across (reset)."""
        reopen = getattr(self.setup, "reopen", None) if self.setup is not None else None
        if reopen is not None:
            old, reopen = self.runner, with_edits(reopen, program_edits(self.timeline, reopen))
            self._detach()
            self._attach(reopen())
            keep_choices(old, self.runner)
            old.session.close()         # the one replaced: its engine's memory back now
        else:
            self.session.reset()
            self.log.snapshot()
        nxt = self.runner.current if self.runner is not None else None
        return Text(f"reset: {plural(len(self.session.facts()), 'fact')}"
                    + (f"; next stage {nxt.name}" if nxt else ""))

    # -- going back ---------------------------------------------------------------------------
    def back(self, n: int = 1) -> Text:
        """Return to just before the last firing (or the ``n``-th last): the fact base,
        agenda and history as they were first seen there."""
        n = firing_count(n, "back", 1)
        fired = len(self.session.trace)
        if n > fired:
            raise back_refused(UsageError(f"only {plural(fired, 'firing')} to go back over"),
                               self.reloaded)
        return self.goto(fired - n + 1)

    def goto(self, firing: int) -> Text:
        """Return to just before firing number ``firing`` (1: before the first)."""
        firing = firing_count(firing, "goto", 1)
        if self.timeline is None:
            raise UsageError("this session cannot be reopened, so it cannot go back "
                             "(open it with Inspector.open, from_clp or from_engine)")
        if firing > len(self.session.trace) + 1:
            raise UsageError(f"firing {firing} has not happened yet "
                             f"({len(self.session.trace)} so far)")
        plan = self.timeline.goto(firing)
        self.setup, self.session, self.runner = plan, plan.session, self.timeline.runner
        self.session.watch("rules", True)
        self.session.watch("activations", "activations" in self.watching)
        self.log.moved_to(self.session)
        return Text(travel_note(firing, self.session, self.runner))

    def _detach(self) -> None:
        if self.timeline is not None:
            self.timeline.unsubscribe(self.log)
            self.timeline.unsubscribe(self._on_event)
        if self.runner is not None:
            self.runner.close()
        elif self._on_event in self.session.listeners:
            self.session.listeners.remove(self._on_event)
            self.log.detach()

    def close(self) -> None:
        """Give the session's memory back now (CLIPS destroys its environment); later
        calls raise UsageError. ``with Inspector.open(...) as ins:`` closes at the end."""
        if not isinstance(self.session, Closed):
            self._detach()
            self.session.close()
            self.session = self.setup = self.runner = self.timeline = Closed()

    def __enter__(self) -> "Inspector":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _table(self, firings, note: str = "") -> TraceTable:
        acts = self._acts if "activations" in self.watching else None
        return TraceTable(firings, self.log, acts, changes="facts" in self.watching, note=note)

    def _on_event(self, event: str, payload) -> None:
        if event == "fire":
            self._fire_no = payload.number
        elif event in ("activate", "deactivate") and self._fire_no:
            arrow = "==>" if event == "activate" else "<=="
            self._acts.setdefault(self._fire_no, []).append(
                f"{arrow} Activation {activation_line(payload)}")

    def __repr__(self) -> str:
        s = self.session
        if isinstance(s, Closed):
            return "<Inspector: closed>"
        return (f"<Inspector {s.engine}: {plural(len(s.facts()), 'fact')}, "
                f"{plural(s.agenda_size(), 'activation')}, {plural(len(s.trace), 'firing')}>")

    def _repr_html_(self) -> str:
        shown = "" if isinstance(self.session, Closed) else self.facts()._repr_html_()
        return f"<p>{html.escape(repr(self))}</p>" + shown


def _session_repr_html(self: Session) -> str:
    return FactTable(self.facts())._repr_html_()


# A session shows its fact base as a table in Jupyter (an added method; the
# Session contract is unchanged).
if not hasattr(Session, "_repr_html_"):
    Session._repr_html_ = _session_repr_html
