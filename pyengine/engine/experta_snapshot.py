"""Snapshots of an experta session, for stepping back without replaying from the start.

experta keeps all of its state in Python: the fact list, the agenda, and the
memories of its RETE network's joins and conflict-set nodes. A snapshot copies
those (facts and tokens are immutable, so the copies are shallow) plus the
engine's own attributes that rules may change (deep-copied; the services handed
over by ``provide`` are shared, not copied). It is restored into a fresh session
of the same engine class (the plan opened again), whose network has the same shape:
nodes are matched by their place in a walk of the network.

CLIPS offers no way to copy an environment's agenda; its sessions rebuild one
instead (:mod:`pyengine.engine.clips_snapshot`).
"""
from __future__ import annotations

import copy
import random

from pyengine.engine.compat import experta  # noqa: F401
from pyengine.engine.experta_inspect import _chain, _edges
from pyengine.engine.timeline import SnapshotMismatch

from experta import KnowledgeEngine  # noqa: E402
from experta.agenda import Agenda  # noqa: E402
from experta.matchers.rete.check import FactCapture  # noqa: E402
from experta.matchers.rete.nodes import (  # noqa: E402
    BusNode, ConflictSetNode, FeatureTesterNode, NotNode, OrdinaryMatchNode, WhereNode)

_ENGINE_ATTRS = set(vars(KnowledgeEngine())) | {"read_line"}
_MEMORY = (OrdinaryMatchNode, NotNode, ConflictSetNode)
# The engine's own attributes copied one level (a list of seated guests, a random
# generator's state); anything else is shared (a word index is never copied).
_COPIED = (list, dict, set, bytearray, random.Random)


def _alpha_binds(node, parents) -> list[str] | None:
    """The pattern names (``__pattern_ID__``) an alpha path captures its fact as."""
    binds = []
    while isinstance(node, FeatureTesterNode):
        if isinstance(node.matcher, FactCapture) and str(node.matcher.bind).startswith("__pattern_"):
            binds.append(node.matcher.bind)
        ups = parents.get(id(node), [])
        node = ups[0][0] if len(ups) == 1 else None
    return binds if isinstance(node, BusNode) else None


def _layout(ke) -> dict | None:
    """For each rule (its function, and which branch of an OR): its memory nodes, conflict set first then its
    joins from the last to the first, and the pattern names its tokens use; None if
    the network has memory nodes off that spine (forall, nested and/or)."""
    parents = _edges(ke.matcher.root_node)
    layout, covered = {}, set()
    for csn in ke.matcher._get_conflict_set_nodes():
        func = getattr(csn.rule, "_wrapped", None)
        if func is None:
            return None
        key = (func, sum(1 for f, _ in layout if f is func))   # an OR: one per branch
        chain = _chain(csn, parents)
        inputs = [p for node in chain
                  for side, p in sorted((side, p) for p, side in parents.get(id(node), [])
                                        if side in ("activate_left", "activate_right"))
                  if not isinstance(p, (OrdinaryMatchNode, NotNode, WhereNode))]
        if not chain:
            inputs = [p for p, _ in parents.get(id(csn), [])]
        names = []
        for alpha in inputs:
            binds = _alpha_binds(alpha, parents)
            if binds is None:
                return None
            names += binds
        nodes = [csn] + [n for n in chain[::-1] if isinstance(n, _MEMORY)]
        covered.update(id(n) for n in nodes)
        layout[key] = (nodes, names)
    seen, todo = set(), [ke.matcher.root_node]
    while todo:
        node = todo.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, _MEMORY) and id(node) not in covered:
            return None
        todo.extend(child.node for child in node.children)
    return layout


def _memory(node):
    if isinstance(node, OrdinaryMatchNode):
        return (list(node.left_memory), list(node.right_memory))
    if isinstance(node, NotNode):
        return (dict(node.left_memory), list(node.right_memory))
    if isinstance(node, ConflictSetNode):
        return (set(node.memory), set(node.added), set(node.removed))
    return None


def _set_memory(node, memory) -> None:
    if isinstance(node, (OrdinaryMatchNode, NotNode)):
        left, right = memory
        node.left_memory = type(left)(left)
        node.right_memory = list(right)
    elif isinstance(node, ConflictSetNode):
        node.memory, node.added, node.removed = (set(m) for m in memory)


def snapshot(session) -> dict | None:
    """The state of an ExpertaSession between firings, or None if the engine's own
    attributes cannot be copied."""
    ke = session.ke
    layout = _layout(ke)
    if layout is None:
        return None
    own = {k: _copy(v) for k, v in vars(ke).items()
           if k not in _ENGINE_ATTRS and k not in session.services}
    facts = ke.facts
    strategy = session._agenda_strategy
    return {
        "nodes": {key: ([_memory(n) for n in nodes], names)
                  for key, (nodes, names) in layout.items()},
        "facts": (list(facts.items()), facts.last_index, copy.copy(facts.reference_counter)),
        "agenda": [copy.copy(act) for act in ke.agenda.activations],
        "strategy": (strategy.kind, strategy.seed, strategy.counter),
        "session": (session.fired_total, session._strategy, session._seed),
        "own": own,
        "generators": [(name, attr, _state(gen)) for name, attr, gen
                       in _generators(_shared(ke, session.services))],
    }


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
    return {**{k: v for k, v in vars(ke).items() if k not in _ENGINE_ATTRS}, **services}


def _copy(value):
    return copy.copy(value) if isinstance(value, _COPIED) else value


def _renamed(info, names: dict):
    """A token (TokenInfo) with its pattern names those of the other network."""
    if not names:
        return info
    return type(info)(info.data, {names.get(k, k): v for k, v in info.context})


def _rename_memory(memory, names: dict):
    if not names or memory is None:
        return memory
    out = []
    for part in memory:
        if isinstance(part, dict):
            out.append({_renamed(k, names): v for k, v in part.items()})
        else:
            out.append(type(part)(_renamed(t, names) for t in part))
    return tuple(out)


def restore(session, snap: dict) -> None:
    """Put a snapshot into a fresh session of the same engine class (SnapshotMismatch
    if its network is not the snapshot's: the timeline then starts further back)."""
    ke = session.ke
    layout = _layout(ke)
    if layout is None or set(layout) != set(snap["nodes"]):
        raise SnapshotMismatch("a different network: cannot restore this snapshot")
    rename = {}
    for key, (nodes, names) in layout.items():
        memories, old_names = snap["nodes"][key]
        if len(memories) != len(nodes) or len(old_names) != len(names):
            raise SnapshotMismatch("a different network: cannot restore this snapshot")
        rename.update((a, b) for a, b in zip(old_names, names) if a != b)
    for key, (nodes, _) in layout.items():
        for node, memory in zip(nodes, snap["nodes"][key][0]):
            _set_memory(node, _rename_memory(memory, rename))
    items, last, refs = snap["facts"]
    facts = ke.facts
    facts.clear()
    facts.update(items)
    facts.last_index, facts.reference_counter = last, copy.copy(refs)
    facts.added, facts.removed = [], []
    rules = {key[0]: nodes[0].rule for key, (nodes, _) in layout.items()}
    ke.agenda = Agenda()
    for act in snap["agenda"]:
        twin = copy.copy(act)
        twin.__dict__.pop("_pe_key", None)      # its bindings may be renamed below
        twin.rule = rules.get(getattr(act.rule, "_wrapped", None), act.rule)
        if rename:
            twin.context = {rename.get(k, k): v for k, v in act.context.items()}
        ke.agenda.activations.append(twin)
    strategy = session._agenda_strategy
    strategy.kind, strategy.seed, strategy.counter = snap["strategy"]
    session.fired_total, session._strategy, session._seed = snap["session"]
    for name, value in snap["own"].items():
        setattr(ke, name, _copy(value))
    gens = {(name, attr): gen for name, attr, gen in _generators(_shared(ke, session.services))}
    for name, attr, state in snap["generators"]:
        if (name, attr) in gens:
            _set_state(gens[(name, attr)], state)
