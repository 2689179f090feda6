"""Undo, one step at a time, for a :class:`~pyengine.engine.timeline.Timeline`: a step
is a firing or a fact asserted, retracted or modified by hand (the web page's back).

:func:`moves` lists the steps from the timeline's journal; going back over one is a
goto to just before it (before the firing, or before the journal entry of the change,
keeping what was done before it after the same firing). A change undone made a
version of a fact after that firing: :func:`versions_dropped` counts them per fact
and :func:`drop_last` takes them off a fact's versions (the session's, and the fact
log's texts), so ``why`` and the graph never show a version that no longer happened;
:func:`graft` gives a session replayed to a firing the old one's trace and versions.
"""
from __future__ import annotations

from pyengine.engine.trace import AFTER

#: The session's verbs that change a fact by hand: each is a step, as a firing is.
BY_HAND = ("assert_fact", "retract", "modify")
#: Those that make a version of a fact: their journal entry keeps its id (``made``).
MAKES_A_VERSION = ("assert_fact", "modify")


def moves(journal: list, fired: int) -> list[tuple[int, int | None]]:
    """The steps of a journal, oldest first: each firing as ``(n, None)`` (the state
    just before firing ``n``), each fact changed by hand as ``(n, i)`` (just before
    journal entry ``i``, done after firing ``n - 1``). ``fired``: the firings so far."""
    out: list[tuple[int, int | None]] = []
    for i, entry in enumerate(journal):
        if entry.action == "walk":
            end = journal[i + 1].fired if i + 1 < len(journal) else fired
            out += [(n, None) for n in range(entry.fired + 1, end + 1)]
        elif entry.action in BY_HAND:
            out.append((entry.fired + 1, i))
    return out


def versions_dropped(entries: list, target: int) -> dict[int, int]:
    """Fact id -> how many versions made by hand after firing ``target`` the journal
    ``entries`` a goto dropped stand for."""
    dropped: dict[int, int] = {}
    for entry in entries:
        if entry.fired == target and entry.made is not None:
            dropped[entry.made] = dropped.get(entry.made, 0) + 1
    return dropped


def drop_last(versions: list, dropped: int, target: int) -> list:
    """``versions`` (``(made at, ...)`` tuples, oldest first) up to ``target + AFTER``,
    less the last ``dropped`` of those made by hand after firing ``target``."""
    if not dropped and versions and versions[-1][0] <= target + AFTER:
        return versions[:]          # most facts: every version before the target
    kept = [v for v in versions if v[0] <= target + AFTER]
    while dropped and kept and kept[-1][0] > target:
        kept.pop()
        dropped -= 1
    return kept


def graft(new, old, target: int, dropped: dict[int, int]) -> None:
    """The firings up to ``target`` and what was done after them are the old ones
    (less the versions ``dropped`` stands for): take their trace, the facts' versions
    and output rather than record them again."""
    new.trace = [firing for firing in old.trace if firing.number <= target]
    new.versions = {}
    for fid, versions in old.versions.items():
        kept = drop_last(versions, dropped.get(fid, 0), target)
        if kept:
            new.versions[fid] = kept
    new.origin = {fid: versions[-1][1] for fid, versions in new.versions.items()}
    new.printed = [line for firing in new.trace for line in firing.output][-10_000:]
