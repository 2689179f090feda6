"""A rule's Rete network (:mod:`pyengine.engine.network`) read off our own engine's
nodes (:mod:`pyengine.engine.rete.joins`).

Each disjunct of a rule is a chain of joins from the root to its terminal, one per
condition but tests (a test rides on the join before it; one with no pattern before
it is a filter node, passed over here): a join's ``right`` is the pattern's stop node,
whose ``memory`` holds the alpha matches; its ``out`` holds the tokens it made; a
``not``/``exists`` over several CEs takes its right input from a sub-network whose
joins start from the same parent; the terminal's ``memory`` maps each token to its
activation (None once fired).
"""
from __future__ import annotations

from pyengine.engine.network import RuleNet, layout, sorted_rows, too_many_listed
from pyengine.engine.rete.joins import InitialTestJoin
from pyengine.engine.rete.lhs import disjuncts, flatten

_GROUPS = ("not-and", "exists-and")


def rule_network(rete, spec) -> RuleNet:
    """The network of one rule (a RuleSpec of ``rete``), every disjunct."""
    branches = disjuncts(spec.ces)
    terminals = sorted(rete.terminals[spec.name], key=lambda t: t.disjunct)
    too_many_listed(spec.name, held(rete, terminals))
    reader = NodeReader(rete, terminals)
    return layout(spec.name, [(flatten(branches[t.disjunct]), chain(t.parent, None))
                              for t in terminals], reader)


def chain(node, stop, tests: bool = False) -> list:
    """The joins from the one after ``stop`` (None: the root) to ``node``, in order;
    filters left out unless ``tests`` (but CLIPS's initial pattern's)."""
    out = []
    while node is not None and node is not stop and getattr(node, "kind", "root") != "root":
        if tests or node.kind != "test" or isinstance(node, InitialTestJoin):
            out.append(node)
        node = node.parent
    return out[::-1]


def token_row(tok) -> tuple:
    """A token as a fact id per pattern (None for a not/exists)."""
    return tuple(None if am is None else am.fact["__factid__"] for am in tok.ams)


class NodeReader:
    """The memories, read off the nodes themselves."""

    def __init__(self, rete, terminals: list):
        self.rete = rete
        self.terminals = terminals

    def facts(self, n: int, node) -> list[int]:
        return sorted({am.fact["__factid__"] for bucket in node.right.memory.values()
                       for am in bucket})

    def rows(self, k: int, node) -> tuple:
        return sorted_rows(token_row(t) for t in node.out)

    def opened(self, n: int, node) -> bool:
        """Did the rule's opening tests pass (CLIPS lists its initial pattern's ``*``)?"""
        return bool(node.out)

    def inner(self, node) -> list:
        """A group's sub-network (:func:`inner_chain`)."""
        return inner_chain(self.rete, node) if node.kind in _GROUPS else []

    def activations(self) -> tuple:
        """Each activation's row (a rule without conditions: one on CLIPS's initial
        pattern, ``*``)."""
        return sorted_rows(token_row(t) or (None,) for term in self.terminals
                           for t, act in term.memory.items() if act is not None)


def inner_chain(rete, node, tests: bool = False) -> list:
    """A group's sub-network: from the join after the group's own parent to the one
    that feeds its results (``node.right``); its filters too with ``tests``."""
    last = next(n for n in rete.builder.nodes if node.right in getattr(n, "children", ()))
    return chain(last, node.parent, tests)


def held(rete, terminals: list) -> tuple[int, int, int]:
    """What a rule's nodes hold, counted without listing it: alpha matches, partial
    matches, activations (near CLIPS's ``(matches RULE terse)``: enough to bound a
    listing's size)."""
    alpha = partial = 0
    todo = [node for t in terminals for node in chain(t.parent, None, tests=True)]
    while todo:
        node = todo.pop()
        partial += len(getattr(node, "out", ()))
        memory = getattr(getattr(node, "right", None), "memory", None)
        alpha += sum(map(len, memory.values())) if memory else 0
        if node.kind in _GROUPS:
            todo += inner_chain(rete, node, tests=True)
    return alpha, partial, sum(len(t.memory) for t in terminals)
