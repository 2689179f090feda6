"""CLIPS's logic and type predicates: ``and or not eq neq`` and ``numberp``...

``and`` and ``or`` are special forms: they evaluate their arguments left to right
and stop at the first that decides (``(and FALSE (/ 1 0))`` is FALSE, no error).
They need at least two arguments in CLIPS 6.4, as do ``eq`` and ``neq``. ``eq`` is
TRUE when the first argument is the same value as each of the others (same type:
``(eq 1 1.0)`` is FALSE), ``neq`` when it differs from every one of them.
"""
from __future__ import annotations

from pyengine.engine.clp.expressions import SPECIAL, Builtin, arg_error, compile_expr
from pyengine.engine.clp.values import FALSE, TRUE, Text, same


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


def eq(first, *others) -> str:
    return TRUE if all(same(first, v) for v in others) else FALSE


def neq(first, *others) -> str:
    return TRUE if not any(same(first, v) for v in others) else FALSE


def _type_test(*types):
    return lambda v: TRUE if type(v) in types else FALSE


def _parity(fname: str, remainder: int):
    def test(v):
        if type(v) is not int:
            raise arg_error(fname, 1, "integer")
        return TRUE if v % 2 == remainder else FALSE
    return test


TABLE: dict[str, Builtin] = {
    "and": Builtin(2, None, compile_and, SPECIAL),
    "or": Builtin(2, None, compile_or, SPECIAL),
    "not": Builtin(1, 1, negate),
    "eq": Builtin(2, None, eq), "neq": Builtin(2, None, neq),
    "numberp": Builtin(1, 1, _type_test(int, float)),
    "integerp": Builtin(1, 1, _type_test(int)),
    "floatp": Builtin(1, 1, _type_test(float)),
    "symbolp": Builtin(1, 1, _type_test(str)),
    "stringp": Builtin(1, 1, _type_test(Text)),
    "lexemep": Builtin(1, 1, _type_test(str, Text)),
    "multifieldp": Builtin(1, 1, _type_test(tuple)),
    "evenp": Builtin(1, 1, _parity("evenp", 0)),
    "oddp": Builtin(1, 1, _parity("oddp", 1)),
}
