"""CLIPS 6.4's multifield set and member functions: ``union$ intersection$
difference$`` and ``delete-member$ replace-member$``.

As CLIPS does (checked against clipspy in tests/clp), items compare as ``eq`` does
(``1`` is not ``1.0``):

* ``union$`` gives each item of its multifields once, in the order first met;
  ``intersection$`` the items of the first that are in the second, once each;
  ``difference$`` those that are not;
* ``delete-member$`` drops every occurrence of each value given, a multifield value
  being a run of items (``(delete-member$ (create$ a b c b) (create$ b c))`` is
  ``(a b)``); ``replace-member$`` puts its first argument (spliced, when a
  multifield) in place of every occurrence of the others.
"""
from __future__ import annotations

from pyengine.engine.clp.expressions import Builtin
from pyengine.engine.clp.functions_multi import multifield_arg, range_error
from pyengine.engine.clp.values import same


def _has(values, item) -> bool:
    return any(same(v, item) for v in values)


def _once(items) -> tuple:
    out: list = []
    for v in items:
        if not _has(out, v):
            out.append(v)
    return tuple(out)


def union(*parts) -> tuple:
    return _once(v for i, p in enumerate(parts, 1) for v in multifield_arg("union$", i, p))


def intersection(*parts) -> tuple:
    """The values of the first multifield in every other one, once each (none: ())."""
    given = [multifield_arg("intersection$", i, p) for i, p in enumerate(parts, 1)]
    return _once(v for v in (given[0] if given else ()) if all(_has(b, v) for b in given[1:]))


def difference(*parts) -> tuple:
    """The values of the first multifield in none of the others, once each."""
    given = [multifield_arg("difference$", i, p) for i, p in enumerate(parts, 1)]
    return _once(v for v in (given[0] if given else ())
                 if not any(_has(b, v) for b in given[1:]))


def _runs(value) -> tuple:
    """A value to find, as a run of items (a multifield is its items)."""
    return value if type(value) is tuple else (value,)


def _at(values: tuple, i: int, run: tuple) -> bool:
    return len(run) <= len(values) - i and same(values[i:i + len(run)], run)


def delete_member(values, *find) -> tuple:
    """CLIPS's DeleteMemberFunction: each value in turn, its first occurrence dropped
    until there is none (searched again from the start: the run ``a b`` goes twice
    from ``a a b b``); an empty multifield finds nothing."""
    values = multifield_arg("delete-member$", 1, values)
    for item in find:
        run = _runs(item)
        while run:
            at = next((i for i in range(len(values)) if _at(values, i, run)), None)
            if at is None:
                break
            values = values[:at] + values[at + len(run):]
    return values


def _first_of(values: tuple, find: tuple, past: int):
    """CLIPS's FindDOsInSegment: (start, end), counted from 1, of the leftmost place any
    of ``find`` occurs (the first of them there), neither end inside 1..``past``."""
    for i in range(len(values)):
        for item in find:
            run = _runs(item)
            start, end = i + 1, i + len(run)
            if not (1 <= start <= past or 1 <= end <= past) and _at(values, i, run):
                return start, end
    return None


def replace_member(values, put, *find) -> tuple:
    """CLIPS's ReplaceMemberFunction: the leftmost occurrence of any of the values found
    is replaced, then the search starts again past what was put there. An empty
    multifield among them is found at once, as a range 1..0 CLIPS refuses."""
    values = multifield_arg("replace-member$", 1, values)
    put, past = _runs(put), 0
    while (hit := _first_of(values, find, past)) is not None:
        start, end = hit
        if end < start:
            raise range_error("replace-member$", start, end, len(values))
        values = values[:start - 1] + put + values[end:]
        past = start + len(put) - 1
    return values


TABLE: dict[str, Builtin] = {
    "union$": Builtin(0, None, union, args="multifield", returns="multifield"),
    "intersection$": Builtin(0, None, intersection, args="multifield", returns="multifield"),
    "difference$": Builtin(0, None, difference, args="multifield", returns="multifield"),
    "delete-member$": Builtin(2, None, delete_member, args=("multifield", ""),
                              returns="multifield"),
    "replace-member$": Builtin(3, None, replace_member, args=("multifield", ""),
                               returns="multifield"),
}
