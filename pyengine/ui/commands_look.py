"""The answers of the commands that only look at a session: facts, show, agenda,
matches, rules, why, graph, history, templates, globals, status. Each is
``answer(front, **checked arguments)`` (see :mod:`pyengine.ui.commands`); its docstring
is the command's help in detail. What they say comes from :mod:`pyengine.ui.queries`,
:mod:`pyengine.ui.tables` and :mod:`pyengine.ui.provenance`, on both engines alike.
"""
from __future__ import annotations

from pyengine.engine.errors import UsageError
from pyengine.engine.trace import VERBOSITY
from pyengine.engine.wording import plural
from pyengine.ui.graph import firing_graph
from pyengine.ui.provenance import Provenance, provenance
from pyengine.ui.queries import (MatchesView, Note, Text, activations_said, full_text,
                                 globals_text, select_facts, templates_text)
from pyengine.ui.shell_events import stage_label
from pyengine.ui.tables import AgendaTable, FactTable, TraceTable

LIST_LIMIT = 30          # agenda and history show this many unless told "all"
WHY_DEPTH = 8            # why expands this many firings deep unless told "all"


def facts(front, pattern: str | None, contains: str | None) -> FactTable:
    """list facts: all; one relation, exactly (facts person); those holding a piece of
    text or matching a glob (*word 3*); one fact (facts f-17); or as CLIPS's (facts START
    END MAX): facts 10 20 5 lists ids 10 to 20, at most 5. With modules, the facts the
    current module sees, as CLIPS's (facts), and how many others match; * first (facts *,
    facts * person): every module's."""
    shown = select_facts(front.session, pattern, contains=contains)
    every = select_facts(front.session, pattern, contains=contains, every_module=True)
    return FactTable(shown, front.log, hidden=len(every) - len(shown))


def show(front, fact_id: int) -> Text:
    """one fact with every value in full (facts shortens long ones, e.g. <618-words>)."""
    return full_text(front.session, fact_id)


def agenda(front, n: int | None) -> AgendaTable:
    """the activations, next to fire first: salience, rule, facts."""
    session = front.session
    return AgendaTable(session.agenda(n), session.agenda_size(), session.activations_elsewhere())


def matches(front, rule: str, output: str | None) -> MatchesView:
    """for each pattern of RULE (as written) the facts matching it, the partial matches
    of the patterns so far, and the rule's activations; as CLIPS, ``succinct`` gives
    their counts, ``terse`` only the three totals."""
    if output is not None and output not in VERBOSITY:
        raise UsageError(f"matches {rule} {output}: say how much with "
                         f"{', '.join(VERBOSITY)}")
    return MatchesView(front.session.matches(rule), output or "verbose")


def rules(front, name: str | None, python: bool) -> Text:
    """list the rules (with how often each fired), or show one rule's source; rules
    --python NAME a CLIPS rule on our engine in experta's language."""
    session = front.session
    if python:
        if name is None:
            raise UsageError("rules --python NAME: one rule")
        return Text(session.rule_python(name))
    if name is not None:
        return Text(session.rule_source(name))
    counts: dict[str, int] = {}
    for firing in session.trace:
        counts[firing.rule] = counts.get(firing.rule, 0) + 1
    names = session.rules()
    width = max((len(n) for n in names), default=0)
    return Text([f"{n:<{width}}  fired {counts.get(n.split('::')[-1], 0)}" for n in names]
                + [f"For a total of {plural(len(names), 'rule')}."])


def why(front, fact_id: int, depth: int | None) -> Provenance:
    """which firing made this fact, from which facts, back to the initial facts (DEPTH
    firings deep; default 8)."""
    return provenance(front.session, fact_id, front.log, depth)


def graph(front, of: int | str | None, to: str | None, last: int | None):
    """the firing graph (facts -> firing -> facts, a modified fact's versions chained):
    of the run's last firings, of those behind a fact, or of a rule's (--last N: only
    the last N of them, up to 200); drawn into FILE, else its DOT text here."""
    drawing = firing_graph(front.session, front.log, of, last)
    return Note(drawing.write(to)) if to is not None else drawing


def history(front, last: int | None) -> TraceTable:
    """the last firings (default 30) with the facts each retracted and asserted, and
    the facts you asserted, modified or retracted between them."""
    trace = front.session.trace
    shown = trace if last is None else trace[-last:] if last else []
    lead = ([f"{len(trace) - len(shown)} earlier firings not shown (history all)"]
            if len(shown) < len(trace) else [])
    return front.firing_table(shown, lead, "" if trace else "no rule has fired yet",
                              between=front.log.hand_changes(), whole=True)


def templates(front) -> Text:
    """the fact definitions: CLIPS deftemplates, experta Fact classes."""
    return templates_text(front.session)


def globals_(front) -> Text:
    """the global variables and their values (CLIPS defglobals; on experta what the
    engine was handed)."""
    return globals_text(front.session)


def status(front) -> Note:
    """where the session is: stage, firings, strategy, what is watched."""
    r, s = front.runner, front.session
    stages = []
    for i, st in enumerate(r.stages if r is not None else ()):
        mark = ("done" if i < r.index else "running" if (i == r.index and r.active)
                else "next" if i == r.index else "")
        stages.append(stage_label(st) + (f" [{mark}]" if mark else ""))
    title = front.setup.title if front.setup is not None else ""
    return Note([title or "session",
                 f"engine {s.engine}; stages: {', '.join(stages) or 'none'}",
                 f"{plural(len(s.facts()), 'fact')}, {activations_said(front.session)}, "
                 f"{plural(len(s.trace), 'firing')}; strategy {s.strategy}; "
                 f"watching {', '.join(sorted(front.watching)) or 'nothing'}"])
