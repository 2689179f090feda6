"""Look inside a rule session from Python or Jupyter.

Everything here is a plain Python object with a text form (``str``) and, for
Jupyter, an HTML table (``_repr_html_``)::

    from pyengine.ui.notebook import Inspector
    ins = Inspector(session)          # or Inspector(shell_setup) from a puzzle
    ins.facts("text")                 # FactTable: f-12    (text # 1 3 2)
    ins.agenda()                      # AgendaTable: salience, rule, facts
    ins.history(last=10)              # TraceTable: firings with what they changed
    ins.why(12)                       # Provenance: the firing tree back to the initial facts

The shell (:mod:`pyengine.ui.shell`) prints the same objects, so the shell, a
script and a notebook all show the same thing on both engines.

A :class:`FactLog` listens to the session so that facts keep their text after
they are retracted (the scramble retracts every old ``(text ...)`` line, and a
``why`` tree still has to show it). Attach it before running, or texts of facts
retracted earlier are unknown.

Importing this module also gives every :class:`~pyengine.engine.session.Session` a
``_repr_html_`` (its fact base as a table), so a session shows itself in Jupyter.
"""
from __future__ import annotations

import html
import sys
from dataclasses import dataclass, field
from typing import Iterable

from pyengine.engine.errors import UsageError
from pyengine.engine.session import ActivationView, FactView, Firing, Session, matching

# How a fact that no rule made came to be.
INITIAL, STAGE, USER, RULE, OUTSIDE = "initial fact", "stage fact", "asserted by you", "rule", "asserted outside the rules"


def ids_text(ids: Iterable[int]) -> str:
    """``f-4,f-1`` as CLIPS prints matched facts (``*`` for none)."""
    return ",".join(f"f-{i}" for i in ids) or "*"


def fire_line(firing: Firing) -> str:
    """A firing exactly as CLIPS's ``(watch rules)`` prints it: ``FIRE    3 rule: f-12,f-9``."""
    return f"FIRE {firing.number:>4} {firing.rule}: {ids_text(firing.matched)}"


def fact_line(fact_id: int, text: str) -> str:
    """A fact as CLIPS's ``(facts)`` prints it: ``f-12    (text ...)``."""
    return f"f-{fact_id:<5} {text}"


def activation_line(act: ActivationView) -> str:
    """An activation as CLIPS's ``(agenda)`` prints it: ``10     sum_pair: f-4,f-6``."""
    return f"{act.salience:<6} {act.rule}: {ids_text(act.facts)}"


class FactLog:
    """Remembers the text and the kind of every fact a session has had.

    It is a session listener: create it (it attaches itself) before the session
    runs. Facts present at creation are taken as initial facts.
    """

    def __init__(self, session: Session, attach: bool = True):
        self.session = session
        self.texts: dict[int, str] = {}
        self.kinds: dict[int, str] = {}
        self.retracted: set[int] = set()
        self.snapshot(INITIAL)
        if attach:
            session.listeners.append(self)

    def snapshot(self, kind: str = INITIAL) -> None:
        """Record the facts present now (as ``kind`` unless already known)."""
        for f in self.session.facts():
            self.texts[f.id] = f.text
            self.kinds.setdefault(f.id, kind)

    def mark(self, fact_id: int, kind: str) -> None:
        """Say how a fact asserted from outside the rules came to be (stage, user)."""
        self.kinds[fact_id] = kind
        if fact_id not in self.texts:
            try:
                self.texts[fact_id] = self.session.fact(fact_id).text
            except UsageError:
                pass

    def detach(self) -> None:
        if self in self.session.listeners:
            self.session.listeners.remove(self)

    def __call__(self, event: str, payload: object) -> None:
        if event == "assert":
            self.texts[payload.id] = payload.text
            self.retracted.discard(payload.id)
        elif event == "retract":
            if not payload.text.startswith("f-"):      # CLIPS may not know a gone fact's text
                self.texts[payload.id] = payload.text
            self.retracted.add(payload.id)

    def text(self, fact_id: int) -> str:
        if fact_id in self.texts:
            return self.texts[fact_id]
        if fact_id == 0:
            return "(initial-fact)"
        return "(text not recorded)"

    def kind(self, fact_id: int) -> str:
        """``rule`` if a firing asserted it, else initial / stage / you / outside."""
        if self.session.origin.get(fact_id) is not None:
            return RULE
        if fact_id == 0:
            return INITIAL
        return self.kinds.get(fact_id, OUTSIDE)

    def live(self, fact_id: int) -> bool:
        return fact_id not in self.retracted and fact_id in {f.id for f in self.session.facts()}


# -- provenance ------------------------------------------------------------------------

@dataclass
class Provenance:
    """Why a fact exists: the firing that asserted it, and recursively why its
    matched facts exist, back to facts no rule made (initial, stage, yours)."""

    id: int
    text: str
    kind: str                       # RULE, INITIAL, STAGE, USER or OUTSIDE
    live: bool = True
    firing: Firing | None = None
    parents: list["Provenance"] = field(default_factory=list)
    shown_above: bool = False       # its firing was already expanded higher in the tree
    cut: bool = False               # depth limit: its firing is not expanded

    def note(self) -> str:
        bits = []
        if self.kind != RULE:
            bits.append(self.kind)
        if not self.live:
            bits.append("retracted")
        if self.firing is not None and self.shown_above:
            bits.append(f"made by FIRE {self.firing.number}, shown above")
        if self.firing is not None and self.cut:
            bits.append(f"made by FIRE {self.firing.number}; why f-{self.id} to go on")
        return ", ".join(bits)

    def firings(self) -> list[Firing]:
        """Every firing in the tree, each once, in firing order."""
        found: dict[int, Firing] = {}

        def walk(node: Provenance) -> None:
            if node.firing is not None and not node.shown_above and not node.cut:
                found[node.firing.number] = node.firing
            for p in node.parents:
                walk(p)
        walk(self)
        return [found[n] for n in sorted(found)]

    def lines(self, ascii: bool = False) -> list[str]:
        tee, last, bar, gap = ("|-- ", "`-- ", "|   ", "    ") if ascii else \
            ("├── ", "└── ", "│   ", "    ")
        out: list[str] = []

        def emit(node: Provenance, prefix: str, connector: str, child_prefix: str) -> None:
            note = node.note()
            line = prefix + connector + fact_line(node.id, node.text)
            out.append(line + (f"   [{note}]" if note else ""))
            if node.firing is None or node.shown_above or node.cut:
                return
            fprefix = prefix + child_prefix
            out.append(fprefix + last + fire_line(node.firing))
            kids = node.parents
            for i, kid in enumerate(kids):
                is_last = i == len(kids) - 1
                emit(kid, fprefix + gap, last if is_last else tee, gap if is_last else bar)

        emit(self, "", "", "")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines(ascii=not _can_print_unicode()))

    def __repr__(self) -> str:
        return f"<Provenance f-{self.id} {self.text} ({len(self.firings())} firings)>"

    def _repr_html_(self) -> str:
        def node_html(node: Provenance) -> str:
            note = node.note()
            label = (f"<code>f-{node.id}</code> <code>{html.escape(node.text)}</code>"
                     + (f" <i>{html.escape(note)}</i>" if note else ""))
            if node.firing is None or node.shown_above or node.cut:
                return f"<li>{label}</li>"
            kids = "".join(node_html(k) for k in node.parents)
            fire = html.escape(fire_line(node.firing))
            return (f"<li>{label}<ul style='list-style:none'><li><b><code>{fire}</code></b>"
                    f"<ul>{kids}</ul></li></ul></li>")
        return f"<ul style='font-family:monospace'>{node_html(self)}</ul>"


def provenance(session: Session, fact_id: int, log: FactLog | None = None,
               depth: int | None = None) -> Provenance:
    """The provenance tree of one fact. ``depth`` limits how many firings deep it
    goes (None: all the way back). UsageError for an id the session never had."""
    session.why(fact_id)            # raises UsageError for an unknown id
    log = log or FactLog(session, attach=False)
    live_ids = {f.id for f in session.facts()}
    expanded: set[int] = set()

    def build(fid: int, level: int) -> Provenance:
        firing = session.origin.get(fid)
        node = Provenance(fid, log.text(fid), log.kind(fid),
                          live=fid in live_ids and fid not in log.retracted, firing=firing)
        if firing is None:
            return node
        if firing.number in expanded:
            node.shown_above = True
            return node
        if depth is not None and level >= depth:
            node.cut = True
            return node
        expanded.add(firing.number)
        node.parents = [build(p, level + 1) for p in firing.matched]
        return node

    return build(fact_id, 0)


def _can_print_unicode() -> bool:
    enc = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "├└│".encode(enc)
        return True
    except (UnicodeEncodeError, LookupError):
        return False


# -- tables ---------------------------------------------------------------------------

def _html_table(headers: list[str], rows: list[list[str]], caption: str = "") -> str:
    head = "".join(f"<th style='text-align:left'>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td style='text-align:left'><code>{html.escape(str(c))}</code></td>"
                                    for c in row) + "</tr>" for row in rows)
    cap = f"<caption style='text-align:left'>{html.escape(caption)}</caption>" if caption else ""
    return f"<table>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


class FactTable(list):
    """A list of :class:`FactView`; prints like CLIPS's ``(facts)``."""

    def __init__(self, facts: Iterable[FactView], log: FactLog | None = None):
        super().__init__(facts)
        self.log = log

    def lines(self) -> list[str]:
        n = len(self)
        return [fact_line(f.id, f.text) for f in self] + \
            [f"For a total of {n} fact{'s' if n != 1 else ''}."]

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def _repr_html_(self) -> str:
        rows = []
        for f in self:
            kind = self.log.kind(f.id) if self.log else ""
            rows.append([f"f-{f.id}", f.text] + ([kind] if self.log else []))
        headers = ["id", "fact"] + (["from"] if self.log else [])
        return _html_table(headers, rows, f"{len(self)} facts")


class AgendaTable(list):
    """A list of :class:`ActivationView`, next to fire first; prints like ``(agenda)``."""

    def lines(self, limit: int | None = None) -> list[str]:
        shown = self if limit is None else self[:limit]
        out = [activation_line(a) for a in shown]
        if len(shown) < len(self):
            out.append(f"... {len(self) - len(shown)} more (agenda all)")
        n = len(self)
        out.append(f"For a total of {n} activation{'s' if n != 1 else ''}.")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def _repr_html_(self) -> str:
        rows = [[str(i), str(a.salience), a.rule, ids_text(a.facts)] for i, a in enumerate(self, 1)]
        return _html_table(["#", "salience", "rule", "facts"], rows, f"{len(self)} activations")


class TraceTable(list):
    """A list of :class:`Firing`; prints like CLIPS watching rules and facts."""

    def __init__(self, firings: Iterable[Firing], log: FactLog | None = None):
        super().__init__(firings)
        self.log = log

    def _text(self, fid: int) -> str:
        return self.log.text(fid) if self.log else ""

    def lines(self) -> list[str]:
        out = []
        for firing in self:
            out.append(fire_line(firing))
            for fid in firing.retracted:
                out.append(("<== " + fact_line(fid, self._text(fid))).rstrip())
            for fid in firing.asserted:
                out.append(("==> " + fact_line(fid, self._text(fid))).rstrip())
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def _repr_html_(self) -> str:
        def facts(ids):
            return "; ".join(fact_line(i, self._text(i)).strip() for i in ids)
        rows = [[str(f.number), f.rule, ids_text(f.matched), facts(f.retracted), facts(f.asserted)]
                for f in self]
        return _html_table(["#", "rule", "matched", "retracted", "asserted"], rows,
                           f"{len(self)} firings")


def format_trace(session: Session, log: FactLog | None = None) -> str:
    """A session's whole trace in CLIPS watch style (``FIRE    3 rule: f-12,f-9``
    then ``<== f-12 ...`` / ``==> f-14 ...``). With a :class:`FactLog` attached
    before the run, retracted and asserted facts show their text."""
    return str(TraceTable(session.trace, log))


# -- the inspector --------------------------------------------------------------------

class Inspector:
    """Facts, agenda, history and provenance of one session, as Python objects.

    Pass a :class:`~pyengine.engine.session.Session` or a puzzle's
    :class:`~pyengine.engine.stages.SessionPlan` (then :meth:`stage` and :meth:`run_all`
    walk its stage plan)."""

    def __init__(self, target):
        from pyengine.engine.stages import SessionPlan, StageRunner

        if isinstance(target, SessionPlan):
            self.setup = target
            self.session = target.session
            self.runner = StageRunner(self.session, target.stages, target.seed)
        else:
            self.setup = None
            self.session = target
            self.runner = None
        self.log = FactLog(self.session)

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
        before = len(self.session.trace)
        if self.runner is not None and not self.runner.done:
            self._advance(n)
        else:
            self.session.run(n)
        return TraceTable(self.session.trace[before:], self.log)

    def _advance(self, n: int | None) -> None:
        runner = self.runner
        fired = 0
        while not runner.done and (n is None or fired < n):
            if not runner.active:
                stage = runner.enter()
                if runner._stage_fact_id is not None:
                    self.log.mark(runner._stage_fact_id, STAGE)
                del stage
            fired += runner.advance(None if n is None else n - fired)
            if runner.stage_finished():
                runner.leave()

    def stage(self) -> TraceTable:
        """Run the current (or next) stage to its end."""
        if self.runner is None or self.runner.done:
            raise UsageError("no stage left to run")
        before = len(self.session.trace)
        runner = self.runner
        if not runner.active:
            runner.enter()
            if runner._stage_fact_id is not None:
                self.log.mark(runner._stage_fact_id, STAGE)
        runner.advance(None)
        runner.leave()
        return TraceTable(self.session.trace[before:], self.log)

    def run_all(self) -> str | None:
        """Run every remaining stage; the puzzle's result text if it has one."""
        if self.runner is None:
            self.session.run()
            return None
        self._advance(None)
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
