"""Where each fact of a session came from, version by version (a mixin of
:class:`~pyengine.engine.session.Session`).

A fact changed by ``modify`` keeps its id and gets a new version. ``versions`` keeps,
for every fact id, each version it had: when it was made (the number of the firing
that made it, or for a fact made outside the rules the number of firings so far) and
by which firing (None: reset, the user, a stage); a version made outside the rules
after firing n is placed at n + 0.5, between what firing n made and firing n + 1. ``why`` and ``why_chain`` read it,
so "why does this fact exist?" walks version to version back to facts no rule made.
"""
from __future__ import annotations

from pyengine.engine.errors import UsageError
from pyengine.engine.records import Firing
from pyengine.engine.trace import AFTER


class FactHistory:
    """The versions of every fact, kept by the engines through ``_record`` (a
    firing), ``_note_outside`` (a fact made outside the rules) and ``_made``; the
    session sets ``origin``, ``versions``, ``trace``, ``fired_total`` and ``_firing``."""

    @property
    def current_firing(self) -> Firing | None:
        """The firing whose action is running now (None between firings)."""
        return self._firing

    def made_at(self) -> float:
        """Where a fact changed now stands in the session's history: the number of the
        firing running, else the number of firings so far."""
        return self._firing.number if self._firing is not None else self.fired_total + AFTER

    def version_before(self, fact_id: int, firing: float | None = None) -> int:
        """Which version of the fact was live just before firing number ``firing`` (the
        one a firing matched); None: the last. -1 if it had none then."""
        versions = self.versions.get(fact_id, ())
        if firing is None:
            return len(versions) - 1
        found = -1
        for k, (at, _) in enumerate(versions):
            if at < firing:
                found = k
        return found

    def why(self, fact_id: int, before: float | None = None) -> Firing | None:
        """The firing that made the fact (the version live just before firing number
        ``before``; None: its last version), or None for an initial or user fact.
        UsageError if the id was never seen."""
        if fact_id not in self.origin:
            raise UsageError(f"no fact f-{fact_id} was recorded in this session")
        if before is None:
            return self.origin[fact_id]
        k = self.version_before(fact_id, before)
        return self.versions[fact_id][k][1] if k >= 0 else None

    def why_chain(self, fact_id: int) -> list[Firing]:
        """Firings that led to this fact, most recent first, back to initial facts; a
        modified fact leads to the firing that made its version before."""
        chain: list[Firing] = []
        seen: set[int] = set()
        todo: list[tuple[int, int | None]] = [(fact_id, None)]
        while todo:
            fid, before = todo.pop(0)
            firing = self.why(fid, before) if fid in self.origin else None
            if firing is None or firing.number in seen:
                continue
            seen.add(firing.number)
            chain.append(firing)
            todo.extend((m, firing.number) for m in firing.matched)
        return chain

    def _record(self, firing: Firing) -> None:
        self.trace.append(firing)
        for fid in firing.asserted:
            self._made(fid, firing)

    def _note_outside(self, fact_id: int) -> None:
        """A fact asserted (or modified) by reset or by the user, not by a rule."""
        self._made(fact_id, None)

    def _made(self, fact_id: int, firing: Firing | None) -> None:
        """A new version of the fact, made by ``firing`` (None: outside the rules)."""
        self.origin[fact_id] = firing
        self.versions_made += 1
        at = firing.number if firing is not None else self.fired_total + AFTER
        self.versions.setdefault(fact_id, []).append((at, firing))
