"""CLIPS's logic, comparisons and type predicates: ``and or not``, ``eq neq``,
``= <> != < <= > >=``, ``numberp integerp``..., ``type``.

Evaluation order matters here, so these are special forms:

* ``and`` and ``or`` evaluate their arguments left to right and stop at the first
  that decides (``(and FALSE (/ 1 0))`` is FALSE, no error).
* The comparisons also stop at the first argument that decides, when they have more
  than two (``(< 0 0 (div 0 0))`` is FALSE in CLIPS, with no division): ``=`` and
  ``eq`` are TRUE when the first argument equals each of the others, ``<>`` and
  ``neq`` when it differs from every one of them, ``< <= > >=`` when each neighbouring
  pair is in order.

``eq`` compares values as they are (same type: ``(eq 1 1.0)`` is FALSE, ``(eq 0.0
-0.0)`` too); the numeric comparisons take numbers only and compare an integer with a
float as floats, as C does (``(= 1 1.0)`` is TRUE). All need at least two arguments.
``!=`` is CLIPS 6.4's other name for ``<>``. ``type`` names a value's type (``INTEGER``,
``FLOAT``, ``SYMBOL``, ``STRING``, ``MULTIFIELD``, ``FACT-ADDRESS``); ``pointerp`` and
``external-addressp`` are always FALSE, as our engine has no external addresses.
"""
from __future__ import annotations

import operator

from pyengine.engine.clp.arg_types import checked_as_evaluated
from pyengine.engine.clp.expressions import (SPECIAL, Builtin, ClpRuntimeError, arg_error,
                                             call_closure, compile_expr)
from pyengine.engine.clp.functions_math import number_arg
from pyengine.engine.clp.values import FALSE, TRUE, Text, is_fact, same


_NUMBERS = (int, float)


def compile_and(form, scope):
    args = [compile_expr(a, scope, form) for a in form[1:]]
    if len(args) == 2:
        a, b = args
        return lambda frame: TRUE if a(frame) != FALSE and b(frame) != FALSE else FALSE

    def run(frame):
        for arg in args:
            if arg(frame) == FALSE:
                return FALSE
        return TRUE
    return run


def compile_or(form, scope):
    args = [compile_expr(a, scope, form) for a in form[1:]]
    if len(args) == 2:
        a, b = args
        return lambda frame: TRUE if a(frame) != FALSE or b(frame) != FALSE else FALSE

    def run(frame):
        for arg in args:
            if arg(frame) != FALSE:
                return TRUE
        return FALSE
    return run


def negate(v) -> str:
    return TRUE if v == FALSE else FALSE


def _numeric(op):
    """``op`` between two numbers as C compares them: as floats when the types differ."""
    return lambda a, b: op(a, b) if type(a) is type(b) else op(float(a), float(b))


def _comparison(fname: str, holds, chained: bool, numeric: bool) -> Builtin:
    """A comparison as a special form: ``holds(a, b)`` is checked between the first
    argument and each other one (``chained``: between neighbours), evaluating the
    arguments one at a time and stopping at the first pair that fails."""
    def pair(a, b) -> str:
        if numeric and not (type(a) in _NUMBERS and type(b) in _NUMBERS):
            number_arg(fname, 1, a)
            number_arg(fname, 2, b)
        return TRUE if holds(a, b) else FALSE

    def compile_comparison(form, scope):
        args = [compile_expr(a, scope, form) for a in form[1:]]
        line = getattr(form, "line", None)
        if len(args) == 2:
            return call_closure(pair, checked_as_evaluated(form, "number" if numeric else "",
                                                           args, scope), line)

        def run(frame):
            try:
                first = args[0](frame)
                if numeric:
                    number_arg(fname, 1, first)
                for i, arg in enumerate(args[1:], 2):
                    value = arg(frame)
                    if numeric:
                        number_arg(fname, i, value)
                    if not holds(first, value):
                        return FALSE
                    if chained:
                        first = value
                return TRUE
            except ClpRuntimeError as exc:
                raise exc.at(line) from None
        return run
    return Builtin(2, None, compile_comparison, SPECIAL, args="number" if numeric else "",
                   returns="boolean")


def _type_test(*types):
    return lambda v: TRUE if type(v) in types else FALSE


def _parity(fname: str, remainder: int):
    def test(v):
        if type(v) is not int:
            raise arg_error(fname, 1, "integer")
        return TRUE if v % 2 == remainder else FALSE
    return test


def type_of(v) -> str:
    """CLIPS's ``type``: the value's type as a symbol."""
    t = type(v)
    return ("INTEGER" if t is int else "FLOAT" if t is float else "STRING" if t is Text
            else "SYMBOL" if t is str else "MULTIFIELD" if t is tuple else "FACT-ADDRESS")


def _predicate(test) -> Builtin:
    return Builtin(1, 1, test, returns="boolean")


TABLE: dict[str, Builtin] = {
    "and": Builtin(2, None, compile_and, SPECIAL, returns="boolean"),
    "or": Builtin(2, None, compile_or, SPECIAL, returns="boolean"),
    "not": Builtin(1, 1, negate, returns="boolean"),
    "eq": _comparison("eq", same, False, False),
    "neq": _comparison("neq", lambda a, b: not same(a, b), False, False),
    "=": _comparison("=", _numeric(operator.eq), False, True),
    "<>": _comparison("<>", _numeric(operator.ne), False, True),
    "!=": _comparison("!=", _numeric(operator.ne), False, True),
    "<": _comparison("<", _numeric(operator.lt), True, True),
    "<=": _comparison("<=", _numeric(operator.le), True, True),
    ">": _comparison(">", _numeric(operator.gt), True, True),
    ">=": _comparison(">=", _numeric(operator.ge), True, True),
    "numberp": _predicate(_type_test(int, float)),
    "integerp": _predicate(_type_test(int)),
    "floatp": _predicate(_type_test(float)),
    "symbolp": _predicate(_type_test(str)),
    "stringp": _predicate(_type_test(Text)),
    "lexemep": _predicate(_type_test(str, Text)),
    "multifieldp": _predicate(_type_test(tuple)),
    "type": Builtin(1, 1, type_of),     # CLIPS declares "*": anything
    "fact-addressp": _predicate(lambda v: TRUE if is_fact(v) else FALSE),
    "pointerp": _predicate(lambda v: FALSE),            # no external addresses here
    "external-addressp": _predicate(lambda v: FALSE),
    "evenp": Builtin(1, 1, _parity("evenp", 0), args="integer", returns="boolean"),
    "oddp": Builtin(1, 1, _parity("oddp", 1), args="integer", returns="boolean"),
}
