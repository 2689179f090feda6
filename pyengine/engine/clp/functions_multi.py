"""CLIPS 6.4's multifield functions. A multifield is a Python tuple; positions count
from 1, as in CLIPS.

As CLIPS does (checked against clipspy in tests/clp):

* ``create$`` splices multifields into one flat multifield (they never nest);
* ``nth$`` out of range gives the symbol ``nil``, not an error;
* ``subseq$`` clamps its range and gives ``()`` for an empty one;
* ``insert$`` at a position past the end appends; before 1 is an error;
* ``delete$`` and ``replace$`` need a range inside the multifield;
* ``member$`` gives the position (or FALSE); given a multifield it finds it as a
  run and gives its first and last positions, ``(2 3)`` (one position for a run of
  one, ``(1 0)`` for the empty multifield);
* membership compares as ``eq`` does: ``1`` is not ``1.0``, ``a`` is not ``"a"``.
"""
from __future__ import annotations

from pyengine.engine.clp.expressions import (HOST, SPECIAL, Builtin, ClpError, ClpRuntimeError,
                                             arg_error)
from pyengine.engine.clp.values import FALSE, NIL, TRUE, same


def multifield_arg(fname: str, i: int, v: object) -> tuple:
    if type(v) is tuple:
        return v                            # type: ignore[return-value]
    raise arg_error(fname, i, "multifield")


def _integer(fname: str, i: int, v: object) -> int:
    if type(v) is int:
        return v                            # type: ignore[return-value]
    raise arg_error(fname, i, "integer")


def create(*args) -> tuple:
    out: list = []
    for v in args:
        if type(v) is tuple:
            out.extend(v)
        else:
            out.append(v)
    return tuple(out)


def nth(index, values):
    index = _integer("nth$", 1, index)
    values = multifield_arg("nth$", 2, values)
    return values[index - 1] if 1 <= index <= len(values) else NIL


def length(values) -> int:
    return len(multifield_arg("length$", 1, values))


def _position(item, values: tuple) -> int:
    for i, v in enumerate(values):
        if same(v, item):
            return i + 1
    return 0


def member(item, values):
    values = multifield_arg("member$", 2, values)
    if type(item) is not tuple:
        at = _position(item, values)
        return at if at else FALSE
    n = len(item)
    for start in range(len(values) - n + 1):
        if same(values[start:start + n], item):
            return start + 1 if n == 1 else (start + 1, start + n)
    return FALSE


def subseq(values, start, end) -> tuple:
    values = multifield_arg("subseq$", 1, values)
    start, end = _integer("subseq$", 2, start), _integer("subseq$", 3, end)
    start, end = max(start, 1), min(end, len(values))
    return values[start - 1:end] if start <= end else ()


def first(values) -> tuple:
    return multifield_arg("first$", 1, values)[:1]


def rest(values) -> tuple:
    return multifield_arg("rest$", 1, values)[1:]


def range_error(fname: str, start: int, end: int, size: int) -> ClpRuntimeError:
    where = f"index {start}" if start == end else f"index range {start}..{end}"
    return ClpRuntimeError(f"Multifield {where} out of range 1..{size} in function "
                           f"'{fname}'.", code="MULTIFUN1")


def insert(host, values, index, *items) -> tuple | None:
    """CLIPS's ``insert$``; an index below 1 is said, and the action goes on with no
    value (CLIPS 6.4 reports it and carries on)."""
    values = multifield_arg("insert$", 1, values)
    index = _integer("insert$", 2, index)
    if index < 1:
        error = range_error("insert$", index, index, len(values))
        if getattr(host, "warn", None) is None:     # evaluated alone, with no program
            raise error
        host.warn(error.message)
        return None
    return values[:index - 1] + create(*items) + values[index - 1:]


def _checked_range(fname: str, values, start, end) -> tuple[tuple, int, int]:
    values = multifield_arg(fname, 1, values)
    start, end = _integer(fname, 2, start), _integer(fname, 3, end)
    if not 1 <= start <= end <= len(values):
        raise range_error(fname, start, end, len(values))
    return values, start, end


def delete(values, start, end) -> tuple:
    values, start, end = _checked_range("delete$", values, start, end)
    return values[:start - 1] + values[end:]


def replace(values, start, end, *items) -> tuple:
    values, start, end = _checked_range("replace$", values, start, end)
    return values[:start - 1] + create(*items) + values[end:]


def subsetp(part, whole) -> str:
    part = multifield_arg("subsetp", 1, part)
    whole = multifield_arg("subsetp", 2, whole)
    return TRUE if all(_position(v, whole) for v in part) else FALSE


def expand_alone(form, scope) -> None:
    """``(expand$ X)`` anywhere but among a call's (or printout's) arguments."""
    raise ClpError("The function 'expand$' must be used in the argument list of a function "
                   "call", getattr(form, "line", None))


TABLE: dict[str, Builtin] = {
    "create$": Builtin(0, None, create, returns="multifield"),
    "expand$": Builtin(1, 1, expand_alone, SPECIAL),
    "nth$": Builtin(2, 2, nth, args=("integer", "multifield")),
    "length$": Builtin(1, 1, length, args="multifield", returns="number"),
    "member$": Builtin(2, 2, member, args=("", "multifield")),
    "subseq$": Builtin(3, 3, subseq,
                       args=("multifield", "integer", "integer"), returns="multifield"),
    "first$": Builtin(1, 1, first, args="multifield", returns="multifield"),
    "rest$": Builtin(1, 1, rest, args="multifield", returns="multifield"),
    "insert$": Builtin(3, None, insert, HOST,
                       args=("multifield", "integer", ""), returns="multifield"),
    "delete$": Builtin(3, 3, delete,
                       args=("multifield", "integer", "integer"), returns="multifield"),
    "replace$": Builtin(4, None, replace,
                        args=("multifield", "integer", "integer", ""), returns="multifield"),
    "subsetp": Builtin(2, 2, subsetp, args="multifield", returns="boolean"),
}
