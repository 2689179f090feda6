"""How CLIPS 6.4 reads a rule's conditional elements before it builds their network,
for :mod:`pyengine.engine.rete.from_clips`: ``?f <- (pattern)`` read as one element
wherever elements are listed (an ``or``'s branches, an ``and``), and every ``or``
moved up out of the ``and``s around it (CLIPS's reorder.c), so that ``(not (or a
b))`` is ``(not a) (not b)`` and ``(exists (or a b))`` is ``(not (and (not a) (not
b)))``."""
from __future__ import annotations

from dataclasses import dataclass

from pyengine.engine.clips_reader import Variable
from pyengine.engine.rete.lhs import And, Or


@dataclass(frozen=True)
class Addressed:
    """``?f <- (pattern)``, read as one conditional element."""
    var: Variable
    pattern: object


def units(items) -> list:
    """The conditional elements of a list, each ``?f <- (pattern)`` as one
    :class:`Addressed`."""
    items, out, i = list(items), [], 0
    while i < len(items):
        item = items[i]
        if isinstance(item, Variable) and i + 2 < len(items) and items[i + 1] == "<-":
            out.append(Addressed(item, items[i + 2]))
            i += 3
        else:
            out.append(item)
            i += 1
    return out


def alternatives(ces: list) -> list[list] | None:
    """The conjunctions an ``or`` inside ``ces`` spreads them into, as CLIPS moves every
    ``or`` up to the rule (``a (or b c)`` is ``(or (a b) (a c))``); None if there is no
    ``or`` inside."""
    out: list[list] = [[]]
    found = False
    for ce in ces:
        if isinstance(ce, And):
            sub = alternatives(ce.ces)
        elif isinstance(ce, Or):
            sub = [alt for branch in ce.branches for alt in alternatives(branch) or [branch]]
        else:
            sub = None
        if sub is None:
            out = [o + [ce] for o in out]
        else:
            found = True
            out = [o + s for o in out for s in sub]
    return out if found else None
