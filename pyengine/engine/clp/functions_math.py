"""CLIPS 6.4's numeric functions, with its types and its C arithmetic.

What CLIPS does, and so what these do (each checked against clipspy in tests/clp):

* ``+ - *`` keep integers while every argument so far is an integer and turn to float
  at the first float; integers wrap in 64 bits (``(* 4611686018427387904 2)`` is
  -9223372036854775808). They need at least two arguments: ``(- 5)`` is an error.
* ``/`` always gives a float (``(/ 4 2)`` is 2.0); ``div`` always an integer, its
  arguments cut to integers first (``(div 7 0.5)`` divides by zero).
* ``mod`` of integers has the sign of the dividend, like C's ``%``; with a float it is
  ``a - trunc(a / b) * b``.
* ``min``/``max`` return the winning argument unchanged (its type kept); on a tie
  the first one wins (``(max 2 2.0)`` is 2).
* ``integer`` cuts toward zero, ``round`` rounds halves away from zero; a float out
  of the integer range becomes -9223372036854775808, as C's cast does.
* ``**``, ``sqrt``, ``exp``, ``log``... always give floats; overflow gives ``inf``,
  a domain error (``(sqrt -1)``, ``(log 0)``) is an error.
* ``=``, ``<>`` compare the first argument with each of the others, ``< <= > >=``
  each neighbouring pair; an integer and a float are compared as floats.
"""
from __future__ import annotations

import itertools
import math
import operator

from pyengine.engine.clp.expressions import Builtin, ClpRuntimeError, arg_error
from pyengine.engine.clp.values import FALSE, INT_MIN, TRUE, c_integer, c_round, wrap

_NUMBER = "integer or float"


def _number(fname: str, i: int, v: object) -> int | float:
    t = type(v)
    if t is int or t is float:
        return v                            # type: ignore[return-value]
    raise arg_error(fname, i, _NUMBER)


def _check(fname: str, args: tuple) -> None:
    for i, v in enumerate(args, 1):
        t = type(v)
        if t is not int and t is not float:
            raise arg_error(fname, i, _NUMBER)


def _divide_by_zero(fname: str) -> ClpRuntimeError:
    return ClpRuntimeError(f"Attempt to divide by zero in '{fname}' function.")


def _fold(fname: str, args: tuple, op, total, first_position: int = 1):
    """CLIPS's loop for + - *: integers (wrapping) until the first float, floats after."""
    for i, v in enumerate(args, first_position):
        t = type(v)
        if type(total) is float:
            total = op(total, float(_number(fname, i, v)))
        elif t is int:
            total = wrap(op(total, v))
        elif t is float:
            total = op(float(total), v)
        else:
            raise arg_error(fname, i, _NUMBER)
    return total


def plus(*args):
    return _fold("+", args, operator.add, 0)


def times(*args):
    return _fold("*", args, operator.mul, 1)


def minus(first, *rest):
    return _fold("-", rest, operator.sub, _number("-", 1, first), 2)


def divide(*args):
    _check("/", args)
    total = float(args[0])
    for v in args[1:]:
        v = float(v)
        if v == 0.0:
            raise _divide_by_zero("/")
        total /= v
    return total


def _as_int(v) -> int:
    return v if type(v) is int else c_integer(v)


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def div(*args):
    _check("div", args)
    total = _as_int(args[0])
    for v in args[1:]:
        v = _as_int(v)
        if v == 0:
            raise _divide_by_zero("div")
        if total == INT_MIN and v == -1:
            raise ClpRuntimeError("Over or underflow of long long integer in 'div' function.")
        total = _trunc_div(total, v)
    return total


def mod(a, b):
    _check("mod", (a, b))
    if b == 0:
        raise _divide_by_zero("mod")
    if type(a) is int and type(b) is int:
        if a == INT_MIN and b == -1:
            raise ClpRuntimeError("Over or underflow of long long integer in 'mod' function.")
        return a - _trunc_div(a, b) * b
    a, b = float(a), float(b)
    return a - math.modf(a / b)[1] * b      # modf keeps the sign: (mod -0.0 1) is 0.0


def absolute(v):
    v = _number("abs", 1, v)
    if type(v) is int:
        return wrap(-v) if v < 0 else v
    return -v if v < 0.0 else v


def _extreme(fname: str, args: tuple, better):
    _check(fname, args)
    best = args[0]
    for v in args[1:]:
        if type(best) is int and type(v) is int:
            if better(v, best):
                best = v
        elif better(float(v), float(best)):
            best = v
    return best


def minimum(*args):
    return _extreme("min", args, lambda a, b: a < b)


def maximum(*args):
    return _extreme("max", args, lambda a, b: a > b)


def to_float(v):
    return float(_number("float", 1, v))


def to_integer(v):
    v = _number("integer", 1, v)
    return v if type(v) is int else c_integer(v)


def rounded(v):
    v = _number("round", 1, v)
    return v if type(v) is int else c_round(v)


def _domain(fname: str) -> ClpRuntimeError:
    return ClpRuntimeError(f"Domain error for '{fname}' function.")


def _float_fn(fname: str, fn, check=None):
    """A one-argument float function; ``check(x)`` returns an error or None."""
    def run(v):
        x = float(_number(fname, 1, v))
        if check is not None:
            problem = check(x)
            if problem is not None:
                raise ClpRuntimeError(problem)
        try:
            return fn(x)
        except OverflowError:
            return math.inf
        except ValueError:                  # sin(inf): C returns a NaN
            return -math.nan
    return run


def _log_check(fname: str):
    def check(x: float):
        if x < 0.0:
            return f"Domain error for '{fname}' function."
        if x == 0.0:
            return f"Argument overflow for '{fname}' function."
        return None
    return check


def _tan(x: float) -> float:
    cos = math.cos(x)
    if -1e-15 < cos < 1e-15:
        raise ClpRuntimeError("Singularity at asymptote in 'tan' function.")
    return math.sin(x) / cos


def power(a, b):
    x, y = float(_number("**", 1, a)), float(_number("**", 2, b))
    if (x == 0.0 and y <= 0.0) or (x < 0.0 and math.trunc(y) != y):
        raise _domain("**")
    try:
        return math.pow(x, y)
    except OverflowError:
        odd = math.isfinite(y) and y % 2 == 1
        return -math.inf if x < 0 and odd else math.inf


def numeric_equal(*args):
    _check("=", args)
    first = args[0]
    return TRUE if all(_compare(first, v) == 0 for v in args[1:]) else FALSE


def numeric_unequal(*args):
    _check("<>", args)
    first = args[0]
    return TRUE if all(_compare(first, v) != 0 for v in args[1:]) else FALSE


def _compare(a, b) -> int:
    if type(a) is not int or type(b) is not int:
        a, b = float(a), float(b)
    return (a > b) - (a < b)


def _chain(fname: str, ok):
    def run(*args):
        _check(fname, args)
        for a, b in itertools.pairwise(args):
            if not ok(_compare(a, b)):
                return FALSE
        return TRUE
    return run


TABLE: dict[str, Builtin] = {
    "+": Builtin(2, None, plus), "-": Builtin(2, None, minus),
    "*": Builtin(2, None, times), "/": Builtin(2, None, divide),
    "div": Builtin(2, None, div), "mod": Builtin(2, 2, mod),
    "abs": Builtin(1, 1, absolute), "min": Builtin(1, None, minimum),
    "max": Builtin(1, None, maximum), "float": Builtin(1, 1, to_float),
    "integer": Builtin(1, 1, to_integer), "round": Builtin(1, 1, rounded),
    "sqrt": Builtin(1, 1, _float_fn("sqrt", math.sqrt, lambda x: "Domain error for "
                                    "'sqrt' function." if x < 0.0 else None)),
    "**": Builtin(2, 2, power),
    "exp": Builtin(1, 1, _float_fn("exp", math.exp)),
    "log": Builtin(1, 1, _float_fn("log", math.log, _log_check("log"))),
    "log10": Builtin(1, 1, _float_fn("log10", math.log10, _log_check("log10"))),
    "pi": Builtin(0, 0, lambda: math.acos(-1.0)),
    "sin": Builtin(1, 1, _float_fn("sin", math.sin)),
    "cos": Builtin(1, 1, _float_fn("cos", math.cos)),
    "tan": Builtin(1, 1, _float_fn("tan", _tan)),
    "=": Builtin(2, None, numeric_equal), "<>": Builtin(2, None, numeric_unequal),
    "<": Builtin(2, None, _chain("<", lambda c: c < 0)),
    "<=": Builtin(2, None, _chain("<=", lambda c: c <= 0)),
    ">": Builtin(2, None, _chain(">", lambda c: c > 0)),
    ">=": Builtin(2, None, _chain(">=", lambda c: c >= 0)),
}
