"""Field constraints as checks: ``?x&~red|blue&:(> ?x 2)`` into ``(value, lookup) ->
bool``, variables read through ``lookup`` (from the fact itself in the pattern
network, from the token in a join). Values compare as CLIPS compares them when the
engine is strict (a .clp program: ``1`` is not ``1.0``), as Python does for experta."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from pyengine.engine.clp.values import same
from pyengine.engine.rete.lhs import AndC, Const, NotC, OrC, Pred, Ret, Var


def same_value(a, b, strict: bool) -> bool:
    """Python's equality, or, for a CLIPS program, ``eq``'s (types count, ``-0.0`` is
    not ``0.0``)."""
    return same(a, b) if strict else a == b


def constraint_fn(c, strict: bool):
    """(value, lookup) -> bool for a constraint (variables read through lookup)."""
    if isinstance(c, Var):
        return lambda v, look: same_value(v, look(c.name), strict)
    if isinstance(c, Const):
        return lambda v, look: same_value(v, c.value, strict)
    if isinstance(c, Pred):
        if c.on_value:
            return lambda v, look: bool(c.fn(v))
        return lambda v, look: bool(c.fn({u: look(u) for u in c.uses}))
    if isinstance(c, Ret):
        return lambda v, look: same_value(v, c.fn({u: look(u) for u in c.uses}), strict)
    if isinstance(c, NotC):
        inner = constraint_fn(c.inner, strict)
        return lambda v, look: not inner(v, look)
    if isinstance(c, AndC):
        parts = [constraint_fn(p, strict) for p in c.parts]
        return lambda v, look: all(p(v, look) for p in parts)
    if isinstance(c, OrC):
        parts = [constraint_fn(p, strict) for p in c.parts]
        return lambda v, look: any(p(v, look) for p in parts)
    raise TypeError(f"not a constraint: {c!r}")


@dataclass(frozen=True)
class Loc:
    """Where a variable's value is: the alpha match at ``pos``, read by ``read(fact,
    spans)``; ``desc`` names the place in the fact (for sharing pattern-network nodes,
    which patterns at any position share)."""
    pos: int
    read: Callable
    desc: tuple

    @property
    def where(self) -> tuple:
        """The place in the token: ``desc`` at position ``pos``. What joins compare is
        named so, as CLIPS names a variable by pattern and field: ``?x`` of the first
        pattern and ``?z`` of the second, both read from field 0, are not the same."""
        return (self.pos, self.desc)


def conjuncts(c) -> list:
    """The parts of a constraint joined by ``&``, flattened."""
    if c is None:
        return []
    if isinstance(c, AndC):
        return [x for part in c.parts for x in conjuncts(part)]
    return [c]


def as_check(check, norm):
    """A pattern-network check as ``(value, fact, spans) -> bool``: the constant
    marker ``("const", normalized value)`` made a comparison; functions as they are."""
    if isinstance(check, tuple):
        value = check[1]
        return lambda v, fact, spans: norm(v) == value
    return check
