"""Snapshots of a session on our engine, for stepping back without replaying from
the start.

Our engine keeps all of its state in Python objects: the fact list, the pattern
nodes' and joins' memories, the tokens, the agenda and the clock. A snapshot is a
deep copy of the engine that shares what never changes (the facts, which are
immutable once asserted, the rules and their functions), plus the engine's own
attributes that rules may change (copied one level; the services handed over by
``provide`` are shared, not copied) and the random generators' states. It is
restored into a fresh session of the same engine class (the plan opened again) by
copying it once more, so one snapshot can be restored any number of times.

CLIPS offers no way to copy an environment's agenda; its sessions rebuild one
instead (:mod:`pyengine.engine.clips_snapshot`).
"""
from __future__ import annotations

import copy
import random
import sys

from pyengine.engine.compat import experta  # noqa: F401
from pyengine.engine.experta_inspect import ENGINE_ATTRS
from pyengine.engine.timeline import SnapshotMismatch


_ENGINE_ATTRS = ENGINE_ATTRS | {"read_line", "matcher"}
# The engine's own attributes copied one level (a list of seated guests, a random
# generator's state); anything else is shared (a word index is never copied).
_COPIED = (list, dict, set, bytearray, random.Random)


#: how deep a snapshot's copy of the network may go (Python frames)
COPY_DEPTH = 200_000

def _frozen(rete, extra: dict) -> dict:
    """deepcopy's memo: what the copy shares with the original."""
    memo = {id(f): f for f in rete.facts.by_id.values()}
    for fact in rete.facts.by_id.values():      # values key the memories: never copied
        for value in dict.values(fact):
            memo[id(value)] = value
    memo.update({id(spec): spec for spec in rete.rules.values()})
    memo.update(extra)
    return memo


def _copy_engine(rete, owner, listener):
    extra = {id(rete.initial): rete.initial}
    for old, new in ((rete.owner, owner), (rete.listener, listener)):
        if old is not None:
            extra[id(old)] = new
    # deepcopy walks the network depth first: token to token through memories and
    # children, as deep as the network is big (Python frames, not C stack, in 3.11+)
    depth = sys.getrecursionlimit()
    sys.setrecursionlimit(max(depth, COPY_DEPTH))
    try:
        return copy.deepcopy(rete, _frozen(rete, extra))
    finally:
        sys.setrecursionlimit(depth)


def snapshot(session) -> dict | None:
    """The state of an ExpertaSession between firings."""
    ke = session.ke
    if hasattr(ke, "kept"):         # a .clp program: see ProgramEngine.kept
        own = ke.kept()
    else:
        own = {k: _copy(v) for k, v in vars(ke).items()
               if k not in _ENGINE_ATTRS and k not in session.services}
    return {
        "engine": _copy_engine(session.rete, None, None),
        "rules": list(session.rete.rules),
        "session": (session.fired_total, session._strategy, session._seed),
        "own": own,
        "generators": [(name, attr, _state(gen)) for name, attr, gen
                       in _generators(_shared(ke, session.services))],
        "random": random.getstate(),    # Python's own, which rules in Python may use
    }


def restore(session, snap: dict) -> None:
    """Put a snapshot into a fresh session of the same engine class (SnapshotMismatch
    if its rules are not the snapshot's: the timeline then starts further back)."""
    ke = session.ke
    if list(session.rete.rules) != snap["rules"]:
        raise SnapshotMismatch("different rules: cannot restore this snapshot")
    rete = _copy_engine(snap["engine"], ke, session)
    rete.owner, rete.listener, rete.initial = ke, session, session.rete.initial
    ke.matcher.rete = session.rete = rete
    session.fired_total, session._strategy, session._seed = snap["session"]
    if hasattr(ke, "adopt"):
        ke.adopt(snap["own"], rete, session)
    else:
        for name, value in snap["own"].items():
            setattr(ke, name, _copy(value))
    gens = {(name, attr): gen for name, attr, gen in _generators(_shared(ke, session.services))}
    for name, attr, state in snap["generators"]:
        if (name, attr) in gens:
            _set_state(gens[(name, attr)], state)
    random.setstate(snap["random"])


def _generators(values: dict) -> list:
    """(name, attribute or None, generator) for the random generators among these
    values and their attributes (a service such as Boggle's dice keeps its own)."""
    found = []
    for name, value in values.items():
        if _is_generator(value):
            found.append((name, None, value))
        elif hasattr(value, "__dict__") and not isinstance(value, type):
            found += [(name, attr, v) for attr, v in vars(value).items() if _is_generator(v)]
    return found


def _is_generator(value) -> bool:
    return isinstance(value, random.Random) or type(value).__module__.startswith("numpy.random")


def _state(gen):
    return gen.getstate() if isinstance(gen, random.Random) else copy.deepcopy(
        gen.bit_generator.state)


def _set_state(gen, state) -> None:
    if isinstance(gen, random.Random):
        gen.setstate(state)
    else:
        gen.bit_generator.state = copy.deepcopy(state)


def _shared(ke, services: dict) -> dict:
    """What a snapshot looks into for random generators: the services, and the
    engine's own attributes (a .clp program's generator is in its run state)."""
    own = {} if hasattr(ke, "kept") else {k: v for k, v in vars(ke).items()
                                          if k not in _ENGINE_ATTRS}
    return {**own, **services}


def _copy(value):
    return copy.copy(value) if isinstance(value, _COPIED) else value
