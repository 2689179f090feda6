"""Where facts come from: the provenance tree of one fact (the firings behind it, back
to facts no rule made), read from the session's :class:`~pyengine.ui.fact_log.FactLog`.

The shell's ``why`` and the notebook's ``Inspector.why`` both draw this tree.
"""
from __future__ import annotations

import html
from dataclasses import dataclass, field

from pyengine.engine.session import Firing, Session
from pyengine.engine.textio import stdout_shows
from pyengine.engine.trace import fact_line, fire_line
from pyengine.engine.wording import plural
from pyengine.ui.fact_log import INITIAL, OUTSIDE, RULE, STAGE, USER, FactLog

__all__ = ["INITIAL", "OUTSIDE", "RULE", "STAGE", "USER", "FactLog", "Provenance",
           "provenance", "can_print_unicode"]

INDENT_LIMIT = 200       # tree levels drawn before the drawing starts again at the left

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
    replaced: bool = False          # an earlier version of a fact changed since
    changed_by: Firing | None = None    # ... by this firing (None: outside the rules)
    version: int = 0                # which version of the fact (0: as first made)
    gone: str = "retracted"         # who retracted it, when (FactLog.gone_note)

    def note(self) -> str:
        bits = []
        if self.kind != RULE:
            bits.append("changed by you" if self.kind == USER and self.version else self.kind)
        if self.replaced:
            by = f"FIRE {self.changed_by.number}" if self.changed_by is not None else "you"
            bits.append(f"version {self.version + 1}, changed by {by}")
        elif not self.live:
            bits.append(self.gone)
        if self.firing is not None and self.shown_above:
            bits.append(f"made by FIRE {self.firing.number}, shown above")
        if self.firing is not None and self.cut:
            bits.append(f"made by FIRE {self.firing.number}; why f-{self.id} to go on")
        return ", ".join(bits)

    def walk(self):
        """Every node, depth first, with its depth (no recursion)."""
        stack = [(self, 0)]
        while stack:
            node, level = stack.pop()
            yield node, level
            if node.firing is not None and not node.shown_above and not node.cut:
                stack.extend((p, level + 1) for p in reversed(node.parents))

    def firings(self) -> list[Firing]:
        """Every firing in the tree, each once, in firing order."""
        found = {node.firing.number: node.firing for node, _ in self.walk()
                 if node.firing is not None and not node.shown_above and not node.cut}
        return [found[n] for n in sorted(found)]

    def lines(self, ascii: bool = False) -> list[str]:
        """The tree drawn with branches; past INDENT_LIMIT levels the drawing starts
        again at the left margin (a note says so), so a long chain stays readable."""
        tee, last, bar, gap = ("|-- ", "`-- ", "|   ", "    ") if ascii else \
            ("├── ", "└── ", "│   ", "    ")
        out: list[str] = []
        stack: list[tuple[Provenance, str, str, str, int]] = [(self, "", "", "", 0)]
        while stack:
            node, prefix, connector, child_prefix, level = stack.pop()
            if level and level % INDENT_LIMIT == 0 and connector:
                out.append(f"{prefix}{connector}... {plural(level, 'firing')} deep, drawn from "
                           "the left:")
                prefix, connector, child_prefix = "", "", ""
            note = node.note()
            out.append(prefix + connector + fact_line(node.id, node.text)
                       + (f"   [{note}]" if note else ""))
            if node.firing is None or node.shown_above or node.cut:
                continue
            fprefix = prefix + child_prefix
            out.append(fprefix + last + fire_line(node.firing))
            kids = node.parents
            for i in reversed(range(len(kids))):
                is_last = i == len(kids) - 1
                stack.append((kids[i], fprefix + gap, last if is_last else tee,
                               gap if is_last else bar, level + 1))
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines(ascii=not can_print_unicode()))

    def __repr__(self) -> str:
        return f"<Provenance f-{self.id} {self.text} ({plural(len(self.firings()), 'firing')})>"

    def _repr_html_(self) -> str:
        parts: list[str] = []
        stack: list[object] = [self]
        while stack:
            item = stack.pop()
            if isinstance(item, str):
                parts.append(item)
                continue
            node = item
            note = node.note()
            parts.append(f"<li><code>f-{node.id}</code> <code>{html.escape(node.text)}</code>"
                         + (f" <i>{html.escape(note)}</i>" if note else ""))
            if node.firing is None or node.shown_above or node.cut:
                parts.append("</li>")
                continue
            fire = html.escape(fire_line(node.firing))
            parts.append(f"<ul style='list-style:none'><li><b><code>{fire}</code></b><ul>")
            stack.append("</ul></li></ul></li>")
            stack.extend(reversed(node.parents))
        return f"<ul style='font-family:monospace'>{''.join(parts)}</ul>"


def provenance(session: Session, fact_id: int, log: FactLog | None = None,
               depth: int | None = None) -> Provenance:
    """The provenance tree of one fact. ``depth`` limits how many firings deep it
    goes (None: all the way back). UsageError for an id the session never had."""
    session.why(fact_id)            # raises UsageError for an unknown id
    if log is not None and log.follows:
        log.refresh()
        live_ids = None             # the log saw every retraction: no need to list the facts
    else:
        log = log or FactLog(session, attach=False)
        live_ids = {f.id for f in session.facts()}

    def is_live(fid: int) -> bool:
        return fid not in log.retracted and (live_ids is None or fid in live_ids)
    expanded: set[int] = set()

    def make(fid: int, level: int, before: int | None = None) -> tuple[Provenance, bool]:
        """A node for the version of ``fid`` live just before firing ``before`` (None:
        its last), and whether its firing is to be expanded."""
        firing = session.why(fid, before) if fid in session.origin else None
        version = session.version_before(fid, before)
        versions = session.versions.get(fid, ())
        replaced = 0 <= version < len(versions) - 1
        node = Provenance(fid, log.text_at(fid, before), log.kind_at(fid, before),
                          live=is_live(fid) and not replaced, firing=firing, replaced=replaced,
                          changed_by=versions[version + 1][1] if replaced else None,
                          version=max(version, 0), gone=log.gone_note(fid))
        if firing is None:
            return node, False
        if firing.number in expanded:
            node.shown_above = True
        elif depth is not None and level >= depth:
            node.cut = True
        else:
            expanded.add(firing.number)
            return node, True
        return node, False

    # Depth first, first parent first, without recursion (a chain of 10,000 firings
    # is a tree 10,000 deep).
    root, grow = make(fact_id, 0)
    stack = [(root, 0, iter(root.firing.matched))] if grow else []
    while stack:
        node, level, rest = stack[-1]
        fid = next(rest, None)
        if fid is None:
            stack.pop()
            continue
        kid, grow = make(fid, level + 1, node.firing.number)
        node.parents.append(kid)
        if grow:
            stack.append((kid, level + 1, iter(kid.firing.matched)))
    return root


def can_print_unicode(stream=None) -> bool:
    """Can ``stream`` (default: stdout) show the tree's lines?"""
    return stdout_shows("├└│", stream)
