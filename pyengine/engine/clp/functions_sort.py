"""CLIPS's ``sort``: ``(sort <comparison> <value>...)`` gives the values (multifields
spliced) in order, by a comparison named by its first argument (a function such as
``>`` or ``str-compare``, or one of the program's deffunctions): where ``(comparison a
b)`` is not FALSE, ``a`` goes after ``b``. As CLIPS 6.4 does (checked with clipspy),
the sort is a merge sort whose left half takes the middle item, taking the right
item first only when the comparison says so, so equal items keep their order.
"""
from __future__ import annotations

from pyengine.engine.clips_reader import Form, Symbol, Variable, make_form
from pyengine.engine.clp.expressions import (SPECIAL, Builtin, ClpError, Compiled, Frame,
                                             Scope, compile_expr)
from pyengine.engine.clp.values import FALSE

_A, _B = " sort-a", " sort-b"      # the comparison's arguments (no program can name them)


def compile_sort(form: Form, scope: Scope) -> Compiled:
    name = form[1]
    if not isinstance(name, Symbol) or name not in scope.functions or name == "sort":
        raise ClpError("sort's first argument must name a function, such as > or "
                       "str-compare, or a deffunction", getattr(form, "line", None))
    compare = compile_expr(make_form([name, Variable(_A, False), Variable(_B, False)], form),
                           scope.child(bound=scope.bound | {_A, _B}), form)
    items = [compile_expr(item, scope, form) for item in form[2:]]

    def after(frame: Frame, a, b) -> bool:
        frame.vars[_A], frame.vars[_B] = a, b
        return compare(frame) != FALSE

    def run(frame: Frame) -> tuple:
        values: list = []
        for item in items:
            v = item(frame)
            values.extend(v if type(v) is tuple else (v,))
        try:
            return tuple(_merge_sort(values, lambda a, b: after(frame, a, b)))
        finally:
            frame.vars.pop(_A, None)
            frame.vars.pop(_B, None)
    return run


def _merge_sort(values: list, after) -> list:
    if len(values) < 2:
        return values
    middle = (len(values) - 1) // 2 + 1
    left, right = _merge_sort(values[:middle], after), _merge_sort(values[middle:], after)
    out, i, j = [], 0, 0
    while i < len(left) and j < len(right):
        if after(left[i], right[j]):
            out.append(right[j])
            j += 1
        else:
            out.append(left[i])
            i += 1
    return out + left[i:] + right[j:]


TABLE: dict[str, Builtin] = {"sort": Builtin(1, None, compile_sort, SPECIAL,
                                             returns="boolean or multifield")}   # CLIPS: "bm"
