"""The log of every fact a session has had, version by version, and how each came to
be (a rule, the program's initial facts, a stage, you): what :mod:`.provenance`'s
tree and the shell's ``history`` read.
"""
from __future__ import annotations

from bisect import bisect_left
from contextlib import contextmanager
from operator import itemgetter

from pyengine.engine.errors import UsageError
from pyengine.engine.session import Firing, Session
from pyengine.engine.stages import STAGE_BEGIN
from pyengine.engine.trace import AFTER, change_line
from pyengine.engine.undo import drop_last
from pyengine.ui.event_lines import KEPT

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
        self.changes = 0            # facts asserted and retracted heard (a table's stamp)
        # firing number -> its events in the order they happened, (event, payload):
        # what it printed, changed and (when watched) activated (pyengine.ui.event_lines)
        self.fired: dict[int, list[tuple[str, object]]] = {}
        self._first_key: tuple = ()
        self._stale = False
        self._first: float = float("inf")
        self._by_you = False        # the changes heard now are the user's (by_you)
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
        self.fired = {n: group for n, group in self.fired.items() if n <= target}
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

    def replay_differences(self) -> list[tuple[int, str | None, str]]:
        """After a move: the live facts whose text is not the one first seen at this
        point, ``(id, text first seen or None, text now)``: the replay did not repeat
        what happened (a rule in Python that reads a module's variables, say)."""
        kept = {fid: versions[-1][1] for fid, versions in self.history.items()}
        return [(f.id, kept.get(f.id), f.text) for f in self.session.facts()
                if kept.get(f.id) != f.text]

    def detach(self) -> None:
        if self in self.session.listeners:
            self.session.listeners.remove(self)

    def __call__(self, event: str, payload: object) -> None:
        """A session or stage-runner event (a staging fact is marked as one)."""
        if event in ("assert", "retract"):
            self.changes += 1
        if event == "fire":
            self.fired[payload.number] = []
        elif event in KEPT and self.session.current_firing is not None:
            self.fired.setdefault(self.session.current_firing.number, []).append(
                (event, payload))
        if event == STAGE_BEGIN and payload.fact_id is not None:
            self.mark(payload.fact_id, STAGE)
        elif event == "assert":
            self._version(payload.id, self.session.made_at(), payload.text)
            self.retracted.discard(payload.id)
            self.gone.pop(payload.id, None)
            if self._by_you:
                self.mark(payload.id, USER)
        elif event == "retract":
            if payload.id not in self.texts and not payload.text.startswith("f-"):
                self._version(payload.id, self.session.made_at(), payload.text)
            self.retracted.add(payload.id)
            self.gone[payload.id] = (self.session.made_at(), self.session.current_firing)
            if self._by_you:
                self.retracted_by_you(payload.id)

    @contextmanager
    def by_you(self):
        """What is asserted and retracted meanwhile is the user's: a CLIPS command
        typed at the prompt (``(bind ?f (assert (x)))``, ``(retract ?f)``), which no
        rule fires in."""
        self._by_you = True
        try:
            yield
        finally:
            self._by_you = False

    def retracted_by_you(self, fact_id: int) -> None:
        """The fact's retraction just made was the user's (the retract command)."""
        if fact_id in self.gone:
            at = self.gone[fact_id][0]
            self.gone[fact_id] = (at, USER)
            self.by_hand.append((at, "<==", fact_id, self.texts.get(fact_id, "")))

    def hand_changes(self) -> dict[int, list[str]]:
        """The changes made by hand that still stand (not gone back over nor undone) as
        ``;; by you: ==> f-9 (x 1)`` lines, by the firing they came after (0: none); a
        modify as its two halves (as a rule's modify is listed)."""
        if self.follows:
            self.refresh()
        out: dict[int, list[str]] = {}
        halves = self._modify_halves()
        for i, (at, arrow, fid, text) in enumerate(self.by_hand):
            versions = self.history.get(fid, ())
            stands = (at, text, USER) in versions if arrow == "==>" \
                else self.gone.get(fid) == (at, USER) or i in halves
            if not stands:
                continue
            changes = [(arrow, text)]
            place = versions.index((at, text, USER)) if arrow == "==>" else 0
            if place > 0 and i not in halves:   # a modify: the version it replaced first
                changes = [("<==", versions[place - 1][1]), ("==>", text)]
            out.setdefault(int(at), []).extend(f";; by you: {change_line(a, fid, t)}"
                                               for a, t in changes)
        return out

    def _modify_halves(self) -> set[int]:
        """The places in ``by_hand`` of both halves of each modify made by hand whose
        retraction the log heard as such (its next change of the fact, at the same
        point, the new version, standing): each half is listed where it happened
        (what lost its logical support comes between, as CLIPS's watch prints it)."""
        halves, open_ = set(), {}
        for i, (at, arrow, fid, text) in enumerate(self.by_hand):
            if arrow == "<==":
                open_[fid] = (i, at)
            elif open_.get(fid, (0, None))[1] == at and \
                    (at, text, USER) in self.history.get(fid, ()):
                halves.update((open_.pop(fid)[0], i))
        return halves

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
        live = bisect_left(versions, before, key=itemgetter(0))   # they come in time order:
        return versions[max(live - 1, 0)][1]    # a fact modified n times cost n a lookup

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
