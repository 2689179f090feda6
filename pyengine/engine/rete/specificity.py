"""A rule's specificity, counted as CLIPS 6.4 counts it (measured on CLIPS): one per
pattern (a ``not``'s too), per constant (each of ``1|2``), per comparison with a
variable already bound, per predicate or ``=()`` and per ``test``; a variable's
first appearance counts nothing; a ``not`` keeps its variables inside it. The
simplicity and complexity strategies sort by it; lex and mea break ties with it."""
from __future__ import annotations

from pyengine.engine.rete.lhs import (And, AndC, Const, Exists, Forall, Not, NotC, OrC,
                                      Pattern, Pred, Ret, Skipped, Test, Var, flatten,
                                      one_join)


def specificity(ces: list, bound: set | None = None) -> int:
    bound = set() if bound is None else bound
    n = 0
    before = None                   # what the next test CE follows (None: the start)
    for ce in ces:
        if isinstance(ce, And):
            n += specificity(ce.ces, bound)
            before = "pattern"
        elif isinstance(ce, (Not, Exists)):
            inner = flatten(ce.ces)
            n += specificity(inner, set(bound))
            before = _one_join(inner)
        elif isinstance(ce, Forall):
            inner = flatten(ce.first) + flatten(ce.rest)
            n += specificity(inner, set(bound))
            before = _one_join(inner)
        elif isinstance(ce, Test):
            n += _test_weight(ce, before)
            before = "not" if before == "not" else "pattern"
        elif isinstance(ce, Pattern):
            n += 1 + sum(_count(e.constraint, bound) for s in ce.slots for e in s.elems)
            before = "pattern"
    return n


def _one_join(inner: list) -> str:
    """What a ``not``/``exists``/``forall`` is to the tests after it: one join
    (``"not"``: :func:`~pyengine.engine.rete.lhs.one_join`) or a sub-network."""
    return "not" if one_join(inner) else "group"


def _test_weight(test: Test, before) -> int:
    """What a test CE adds (measured on CLIPS): its calls after a pattern; nothing after
    a one-pattern ``not``/``exists`` (CLIPS checks it on that join's left side, where
    it is not counted); one more than its calls at the start or after a group
    (``not (and ...)``, ``forall``), where CLIPS gives the tests a join of their own."""
    if before == "not":
        return 0
    return test.weight + (1 if before in (None, "group") else 0)


def _count(c, bound: set) -> int:
    if c is None:
        return 0
    if isinstance(c, Var):
        if c.name in bound:
            return 1
        bound.add(c.name)
        return 0
    if isinstance(c, (AndC, OrC)):
        return sum(_count(p, bound) for p in c.parts)
    if isinstance(c, (NotC, Skipped)):
        return _count(c.inner, bound)
    if isinstance(c, Pred):
        return c.weight
    if isinstance(c, (Const, Ret)):
        return 1
    return 1
