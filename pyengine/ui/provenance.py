"""Where facts come from: a log of every fact a session has had, and the
provenance tree of one fact (the firings behind it, back to facts no rule made).

The shell's ``why`` and the notebook's ``Inspector.why`` both draw this tree.
"""
from __future__ import annotations

import html
import sys
from dataclasses import dataclass, field

from pyengine.engine.errors import UsageError
from pyengine.engine.session import Firing, Session
from pyengine.engine.stages import STAGE_BEGIN
from pyengine.engine.trace import AFTER, change_line, fact_line, fire_line
from pyengine.engine.undo import drop_last
from pyengine.engine.wording import plural

INDENT_LIMIT = 200       # tree levels drawn before the drawing starts again at the left

# How a fact that no rule made came to be.
INITIAL, STAGE, USER, RULE, OUTSIDE = ("initial fact", "stage fact", "asserted by you", "rule",
                                       "asserted outside the rules")


class FactLog:
    """Remembers the text and the kind of every fact a session has had, version by
    version: a fact changed by ``modify`` keeps its id and gets a new version, and each
    version keeps its own text (``text_at``), so a firing of long ago shows the fact as
    it was then.

    It is a session listener: create it (it attaches itself) before the session
    runs, or subscribe it to a :class:`~pyengine.engine.stages.StageRunner`
    (``attach=False``), which also tells it which facts are staging facts. Facts
    present at creation are taken as initial facts.
    """

    def __init__(self, session: Session, attach: bool = True, follows: bool | None = None):
        self.session = session
        # Does it get every assert and retract (attached, or subscribed to a runner)?
        # Then it knows which facts are live without asking the engine for them all.
        self.follows = attach if follows is None else follows
        self.texts: dict[int, str] = {}         # fact id -> its last version's text
        # fact id -> every version: (made at, text, kind or None), "made at" as
        # Session.made_at() says when the version was made
        self.history: dict[int, list[tuple[int, str, str | None]]] = {}
        self.kinds: dict[int, str] = {}
        self.retracted: set[int] = set()
        # fact id -> when its last retraction was made, and by whom: the firing, USER
        # (the retract command), or None (outside the rules: a stage, the program)
        self.gone: dict[int, tuple[float, object]] = {}
        # the changes the user made by hand between firings: (made at, arrow, id, text)
        self.by_hand: list[tuple[float, str, int, str]] = []
        self._first_key: tuple = ()
        self._stale = False
        self._first: float = float("inf")
        self.snapshot(INITIAL)
        if attach:
            session.listeners.append(self)

    def snapshot(self, kind: str = INITIAL) -> None:
        """Record the facts present now (as ``kind`` unless already known)."""
        at = self.session.made_at()
        for f in self.session.facts():
            if self.texts.get(f.id) != f.text:
                self._version(f.id, at, f.text)
            self.kinds.setdefault(f.id, kind)

    def _version(self, fact_id: int, at: int, text: str) -> None:
        self.texts[fact_id] = text
        self.history.setdefault(fact_id, []).append((at, text, None))

    def mark(self, fact_id: int, kind: str) -> None:
        """Say how a fact asserted (or changed) from outside the rules came to be
        (stage, user): its first version's kind, or the kind of its last version."""
        if fact_id not in self.texts:
            try:
                self._version(fact_id, self.session.made_at(), self.session.fact(fact_id).text)
            except UsageError:
                pass
        versions = self.history.get(fact_id)
        if fact_id not in self.kinds or not versions or len(versions) == 1:
            self.kinds[fact_id] = kind
        if versions:
            at, text, _ = versions[-1]
            versions[-1] = (at, text, kind)
            if kind == USER:
                self.by_hand.append((at, "==>", fact_id, text))

    def moved_to(self, session: Session, undone: dict[int, int] | None = None) -> None:
        """Follow the session that replaced this one (back, goto): versions made after
        the point gone back to are forgotten (going forward makes them again), so are
        the last ones made by hand there that ``undone`` counts (an undo: Timeline.undo);
        which facts are retracted is worked out when next needed (listing costs time)."""
        self.session = session
        target = session.fired_total
        undone = undone or {}
        self.gone = {fid: when for fid, when in self.gone.items() if when[0] <= target + AFTER}
        for fid in list(self.history):
            kept = drop_last(self.history[fid], undone.get(fid, 0), target)
            if kept:
                self.history[fid] = kept
                self.texts[fid] = kept[-1][1]
            else:
                del self.history[fid]
                self.texts.pop(fid, None)
                self.kinds.pop(fid, None)
        self._stale = True
        self._first_key = ()

    def refresh(self) -> None:
        """After a move: retracted is every known fact that is not live now."""
        if not self._stale:
            return
        self._stale = False
        facts = self.session.facts()
        for f in facts:
            self.texts[f.id] = f.text
        live = {f.id for f in facts}
        self.retracted = {fid for fid in self.texts if fid not in live}
        self.gone = {fid: when for fid, when in self.gone.items() if fid not in live}

    def detach(self) -> None:
        if self in self.session.listeners:
            self.session.listeners.remove(self)

    def __call__(self, event: str, payload: object) -> None:
        """A session or stage-runner event (a staging fact is marked as one)."""
        if event == STAGE_BEGIN and payload.fact_id is not None:
            self.mark(payload.fact_id, STAGE)
        elif event == "assert":
            self._version(payload.id, self.session.made_at(), payload.text)
            self.retracted.discard(payload.id)
            self.gone.pop(payload.id, None)
        elif event == "retract":
            if payload.id not in self.texts and not payload.text.startswith("f-"):
                self._version(payload.id, self.session.made_at(), payload.text)
            self.retracted.add(payload.id)
            self.gone[payload.id] = (self.session.made_at(), self.session.current_firing)

    def retracted_by_you(self, fact_id: int) -> None:
        """The fact's retraction just made was the user's (the retract command)."""
        if fact_id in self.gone:
            at = self.gone[fact_id][0]
            self.gone[fact_id] = (at, USER)
            self.by_hand.append((at, "<==", fact_id, self.texts.get(fact_id, "")))

    def hand_changes(self) -> dict[int, list[str]]:
        """The changes made by hand that still stand (not gone back over nor undone) as
        ``;; by you: ==> f-9 (x 1)`` lines, by the firing they came after (0: none)."""
        if self.follows:
            self.refresh()
        out: dict[int, list[str]] = {}
        for at, arrow, fid, text in self.by_hand:
            stands = (at, text, USER) in self.history.get(fid, ()) if arrow == "==>" \
                else self.gone.get(fid) == (at, USER)
            if stands:
                out.setdefault(int(at), []).append(f";; by you: {change_line(arrow, fid, text)}")
        return out

    def gone_note(self, fact_id: int) -> str:
        """Who retracted the fact, and when: ``retracted by FIRE 4``, ``retracted by you
        after FIRE 2``; outside the rules (a stage ending) ``retracted after FIRE 6``."""
        when = self.gone.get(fact_id)
        if when is None:
            return "retracted"
        at, who = when
        if isinstance(who, Firing):
            return f"retracted by FIRE {who.number}"
        n = int(at)
        after = f"after FIRE {n}" if n else "before the first firing"
        return f"retracted by you {after}" if who == USER else f"retracted {after}"

    def text_at(self, fact_id: int, before: int | None = None) -> str:
        """The text of the version live just before firing number ``before`` (None: the
        last version)."""
        versions = self.history.get(fact_id)
        if before is None or not versions:
            return self.text(fact_id)
        found = versions[0][1]
        for at, text, _ in versions:
            if at < before:
                found = text
        return found

    def kind_at(self, fact_id: int, before: int | None = None) -> str:
        """How the version live just before firing ``before`` came to be: ``rule``, or
        for a version made outside the rules, initial / stage / you / outside."""
        if fact_id in self.session.origin and self.session.why(fact_id, before) is not None:
            return RULE
        versions = self.history.get(fact_id, ())
        marked = [kind for at, _, kind in versions
                  if kind is not None and (before is None or at < before)]
        if marked:
            return marked[-1]
        if fact_id in self.kinds:
            return self.kinds[fact_id]
        return INITIAL if fact_id < self._first_rule_fact() else OUTSIDE

    def text(self, fact_id: int) -> str:
        if self.follows:
            self.refresh()          # after back/goto: a modified fact's id has its text then
        if fact_id in self.texts:
            return self.texts[fact_id]
        try:                         # asserted without an event (CLIPS's reset)
            text = self.session.fact(fact_id).text
        except UsageError:
            return "(text not recorded)"
        self.texts[fact_id] = text
        return text

    def kind(self, fact_id: int) -> str:
        """``rule`` if a firing made its last version, else initial / stage / you /
        outside. A fact no rule made, not marked, and older than every fact a rule made
        is an initial fact (so a log made before the session's reset still knows them)."""
        return self.kind_at(fact_id, None)

    def _first_rule_fact(self) -> float:
        trace = self.session.trace
        key = (len(trace), id(trace[0]) if trace else 0)
        if self._first_key != key:
            self._first_key = key
            self._first = next((min(f.asserted) for f in trace if f.asserted), float("inf"))
        return self._first

    def live(self, fact_id: int) -> bool:
        if self.follows:
            self.refresh()
            return fact_id in self.texts and fact_id not in self.retracted
        return fact_id not in self.retracted and fact_id in {f.id for f in self.session.facts()}


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
    """Can ``stream`` (default: stdout) show the tree's lines? A stream without an
    encoding (a StringIO, stdout redirected into one) holds text, so yes."""
    stream = sys.stdout if stream is None else stream
    enc = getattr(stream, "encoding", None) or "utf-8"
    try:
        "├└│".encode(enc)
        return True
    except (UnicodeEncodeError, LookupError):
        return False
