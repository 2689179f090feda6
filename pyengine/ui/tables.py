"""Facts, the agenda and the firings as tables: plain lists that print like CLIPS
(``str``) and render as HTML in Jupyter (``_repr_html_``)."""
from __future__ import annotations

import html
from typing import Iterable

from pyengine.engine.session import FactView, Firing, Session
from pyengine.engine.trace import (activation_line, after, basis_text, fact_line, fire_line,
                                   watch_lines)
from pyengine.engine.wording import plural
from pyengine.ui.event_lines import ACTIVATIONS, CHANGES, group_lines
from pyengine.ui.provenance import FactLog
from pyengine.ui.queries import fact_fields
from pyengine.ui.queries import fact_records
from pyengine.engine.errors import UsageError


def _html_table(headers: list[str], rows: list[list[str]], caption: str = "") -> str:
    head = "".join(f"<th style='text-align:left'>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td style='text-align:left'><code>{html.escape(str(c))}</code></td>"
                                    for c in row) + "</tr>" for row in rows)
    cap = f"<caption style='text-align:left'>{html.escape(caption)}</caption>" if caption else ""
    return f"<table>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


class FactTable(list):
    """A list of :class:`FactView`; prints like CLIPS's ``(facts)``."""

    def __init__(self, facts: Iterable[FactView], log: FactLog | None = None,
                 hidden: int = 0):
        super().__init__(facts)
        self.log = log
        self.hidden = hidden            # facts of other modules the selection leaves out
        self.stamp = (id(log.session), log.changes) if log is not None else None

    def lines(self) -> list[str]:
        """As CLIPS's ``(facts)``: the facts, then their count; for none CLIPS prints
        nothing, and we say so on a ``;;`` line (ours)."""
        hidden = [f";; and {plural(self.hidden, 'fact')} the current module does not see "
                  "(facts * lists every module's)"] if self.hidden else []
        if not self:
            return [";; no facts"] + hidden
        total = f"For a total of {plural(len(self), 'fact')}."
        return [fact_line(f.id, f.text) for f in self] + [total] + hidden

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def _repr_html_(self) -> str:
        rows = []
        for f in self:
            kind = self.log.kind(f.id) if self.log else ""
            rows.append([f"f-{f.id}", f.text] + ([kind] if self.log else []))
        headers = ["id", "fact"] + (["from"] if self.log else [])
        return _html_table(headers, rows, plural(len(self), "fact"))

    def to_records(self) -> list[dict]:
        """One dict per fact: ``id``, ``relation``, then one key per slot (an ordered
        fact's values under ``values``), every value in full: the session's while it is
        as the table shows it, else read from the table's own texts (a table kept past
        a step gave the facts' later values)."""

        if self.log is None or (id(self.log.session), self.log.changes) != self.stamp:
            return [{"id": f.id, **fact_fields(f.text)} for f in self]
        return fact_records(self.log.session, list(self))

    def to_pandas(self):
        """The facts as a pandas DataFrame (one column per slot); needs pandas."""
        try:
            import pandas
        except ImportError:
            raise UsageError("to_pandas needs pandas, which pyengine does not install; "
                             "to_records() gives the same rows as dicts") from None
        return pandas.DataFrame.from_records(self.to_records())


class AgendaTable(list):
    """A list of :class:`ActivationView`, next to fire first; prints like ``(agenda)``.
    ``total``: how many the agenda holds, when the list is only its first ones."""

    def __init__(self, activations=(), total: int | None = None, elsewhere: int = 0):
        super().__init__(activations)
        self.total = len(self) if total is None else total
        self.elsewhere = elsewhere      # activations of the modules not current

    def lines(self, limit: int | None = None) -> list[str]:
        shown = self if limit is None else self[:limit]
        others = [f";; and {plural(self.elsewhere, 'activation')} in other modules: each "
                  "fires when its module has the focus ((agenda *) lists them)"] \
            if self.elsewhere else []
        if not self.total:
            return [";; the agenda of the current module is empty" if others else
                    ";; the agenda is empty"] + others      # CLIPS prints nothing
        out = [activation_line(a) for a in shown]
        if len(shown) < self.total:
            out.append(f";; ... {self.total - len(shown)} more (agenda all)")
        out.append(f"For a total of {plural(self.total, 'activation')}.")
        return out + others

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def _repr_html_(self) -> str:
        rows = [[str(i), str(a.salience), a.rule, basis_text(a, a.facts)]
                for i, a in enumerate(self, 1)]
        return _html_table(["#", "salience", "rule", "facts"], rows,
                           plural(len(self), "activation"))


class TraceTable(list):
    """A list of :class:`Firing`; prints like CLIPS watching rules and facts: each
    firing's line, then what it printed and changed (``changes``: the facts retracted
    and asserted; ``activations``: the activations it made and took away, as far as
    they were watched when it fired) in the order it happened, as the fact log kept
    it (a firing it did not hear: what it printed, then its changes). A modify shows
    the slots it changed, as CLIPS's ``watch facts`` does; ``whole``: both texts whole
    (``history``: each version of the fact)."""

    def __init__(self, firings: Iterable[Firing], log: FactLog | None = None,
                 activations=False, changes: bool = True, note: str = "",
                 lead: Iterable[str] = (), between: dict[int, list[str]] | None = None,
                 whole: bool = False, outside: dict[int, list] | None = None):
        super().__init__(firings)
        self.whole = whole
        self.outside = outside or {}            # events after firing n, not in a firing
        self.between = between or {}            # lines after firing n (0: before any)
        self.note = note                         # e.g. why the run stopped where it did
        self.lead = list(lead)                   # said first: e.g. what is left out
        self.log = log
        self.activations = activations  # show the activations (bool, or rule -> bool)
        self.changes = changes                   # show each firing's retracts/asserts

    def _text(self, fid: int, before: int | None = None) -> str:
        """The fact's text as it was just before firing ``before`` (None: now)."""
        return self.log.text_at(fid, before) if self.log else ""

    def _shown(self, ev: str, payload) -> bool:
        if ev in CHANGES:
            return self.changes
        if ev in ACTIVATIONS:           # all of them, or those of the rules watched
            shown = self.activations
            return shown(payload.rule) if callable(shown) else shown
        return True

    def firing_lines(self, firing) -> list[str]:
        """One firing's line and what it did, in order."""
        group = self.log.fired.get(firing.number) if self.log is not None else None
        if group is not None:
            return [fire_line(firing)] + group_lines(group, self._shown, self.whole)
        lines = watch_lines(firing, self._text)
        return lines if self.changes else lines[:1 + len(getattr(firing, "output", ()))]

    def lines(self) -> list[str]:
        out = [f";; {line}" for line in self.lead]
        first = self[0].number - 1 if self else (min(self.outside) if self.outside else 0)
        out += self._after(first)
        for firing in self:
            out += self.firing_lines(firing)
            out += self._after(firing.number)
        return out + ([f";; {self.note}"] if self.note else [])

    def _after(self, n: int) -> list[str]:
        """What came after firing ``n`` (0: before any) outside the firings."""
        return self.between.get(n, []) + group_lines(self.outside.get(n, []), self._shown,
                                                     self.whole)

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def _repr_html_(self) -> str:
        def facts(ids, before):
            return "; ".join(fact_line(i, self._text(i, before)).strip() for i in ids)
        rows = [[str(f.number), f.rule, basis_text(f, f.matched), facts(f.retracted, f.number),
                 facts(f.asserted, after(f.number)),
                 "\n".join(getattr(f, "output", ()))] for f in self]
        return _html_table(["#", "rule", "matched", "retracted", "asserted", "printed"], rows,
                           plural(len(self), "firing"))


def format_trace(session: Session, log: FactLog | None = None) -> str:
    """A session's whole trace in CLIPS watch style (``FIRE    3 rule: f-12,f-9``
    then ``<== f-12 ...`` / ``==> f-14 ...``). With a :class:`FactLog` attached
    before the run, retracted and asserted facts show their text."""
    return str(TraceTable(session.trace, log))
