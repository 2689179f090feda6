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
from pyengine.engine.clp.functions_multi import multifield_arg
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


def _swap(values: tuple, find: tuple, put: tuple) -> tuple:
    """``values`` with every run ``find`` (left to right, not overlapping) as ``put``."""
    if not find:
        return values
    out: list = []
    i, n = 0, len(find)
    while i < len(values):
        if same(values[i:i + n], find):
            out.extend(put)
            i += n
        else:
            out.append(values[i])
            i += 1
    return tuple(out)


def delete_member(values, *find) -> tuple:
    values = multifield_arg("delete-member$", 1, values)
    for item in find:
        values = _swap(values, _runs(item), ())
    return values


def replace_member(values, put, *find) -> tuple:
    values = multifield_arg("replace-member$", 1, values)
    for item in find:
        values = _swap(values, _runs(item), _runs(put))
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
