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

The comparisons ``= <> < <= > >=`` are in :mod:`.functions_logic`.
"""
from __future__ import annotations

import math
import operator

from pyengine.engine.clp.expressions import Builtin, ClpRuntimeError, arg_error
from pyengine.engine.clp.values import INT_MAX, INT_MIN, c_integer, c_round, wrap

_NUMBER = "integer or float"


def number_arg(fname: str, i: int, v: object) -> int | float:
    t = type(v)
    if t is int or t is float:
        return v                            # type: ignore[return-value]
    raise arg_error(fname, i, _NUMBER)


def _check(fname: str, args: tuple) -> None:
    for i, v in enumerate(args, 1):
        t = type(v)
        if t is not int and t is not float:
            raise arg_error(fname, i, _NUMBER)


#: what CLIPS's / div and mod return after dividing by zero, or overflowing
_AFTER_ERROR = {"/": 1.0, "div": 1, "mod": 0}
#: CLIPS's ids of the math errors, by how their message begins
_MATH_IDS = {"Domain error": "EMATHFUN1", "Argument overflow": "EMATHFUN2",
             "Singularity at asymptote": "EMATHFUN3"}


def _divide_by_zero(fname: str) -> ClpRuntimeError:
    return ClpRuntimeError(f"Attempt to divide by zero in '{fname}' function.",
                           code="PRNTUTIL7", value=_AFTER_ERROR[fname])


def _overflow(fname: str) -> ClpRuntimeError:
    return ClpRuntimeError(f"Over or underflow of long long integer in '{fname}' function.",
                           code="PRNTUTIL17", value=_AFTER_ERROR[fname])


def math_error(problem: str) -> ClpRuntimeError:
    """A float function's error, with CLIPS's id; CLIPS's function then returns 0.0."""
    code = next((c for start, c in _MATH_IDS.items() if problem.startswith(start)), None)
    return ClpRuntimeError(problem, code=code, value=0.0)


def _fold(fname: str, args: tuple, op, total, first_position: int = 1):
    """CLIPS's loop for + - *: integers (wrapping) until the first float, floats after."""
    for i, v in enumerate(args, first_position):
        t = type(v)
        if type(total) is float:
            total = op(total, float(number_arg(fname, i, v)))
        elif t is int:
            total = wrap(op(total, v))
        elif t is float:
            total = op(float(total), v)
        else:
            raise arg_error(fname, i, _NUMBER)
    return total


def _arithmetic(fname: str, op, start: int | None):
    """+ (start 0), * (start 1) and - (start None: the first argument): two integers or
    two floats straight away (the common case), anything else through :func:`_fold`."""
    def run(*args):
        if len(args) == 2:
            a, b = args
            ta, tb = type(a), type(b)
            if ta is int and tb is int:
                r = op(a, b)
                return r if INT_MIN <= r <= INT_MAX else wrap(r)
            if ta is float and tb is float:
                return op(0.0 + a if start == 0 else a, b)     # CLIPS adds to 0: -0.0 -> 0.0
        if start is None:
            return _fold(fname, args[1:], op, number_arg(fname, 1, args[0]), 2)
        return _fold(fname, args, op, start)
    return run


plus = _arithmetic("+", operator.add, 0)
times = _arithmetic("*", operator.mul, 1)
minus = _arithmetic("-", operator.sub, None)


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
            raise _overflow("div")
        total = _trunc_div(total, v)
    return total


def mod(a, b):
    _check("mod", (a, b))
    if b == 0:
        raise _divide_by_zero("mod")
    if type(a) is int and type(b) is int:
        if a == INT_MIN and b == -1:
            raise _overflow("mod")
        return a - _trunc_div(a, b) * b
    a, b = float(a), float(b)
    return a - math.modf(a / b)[1] * b      # modf keeps the sign: (mod -0.0 1) is 0.0


def absolute(v):
    v = number_arg("abs", 1, v)
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
    return float(number_arg("float", 1, v))


def to_integer(v):
    v = number_arg("integer", 1, v)
    return v if type(v) is int else c_integer(v)


def rounded(v):
    v = number_arg("round", 1, v)
    return v if type(v) is int else c_round(v)


def domain_error(fname: str) -> ClpRuntimeError:
    return math_error(f"Domain error for '{fname}' function.")


def float_function(fname: str, fn, check=None):
    """A one-argument float function; ``check(x)`` returns an error or None."""
    def run(v):
        x = float(number_arg(fname, 1, v))
        if check is not None:
            problem = check(x)
            if problem is not None:
                raise math_error(problem)
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
        raise math_error("Singularity at asymptote in 'tan' function.")
    return math.sin(x) / cos


def power(a, b):
    x, y = float(number_arg("**", 1, a)), float(number_arg("**", 2, b))
    if (x == 0.0 and y <= 0.0) or (x < 0.0 and math.trunc(y) != y):
        raise domain_error("**")
    try:
        return math.pow(x, y)
    except OverflowError:
        odd = math.isfinite(y) and y % 2 == 1
        return -math.inf if x < 0 and odd else math.inf


def _numeric(low: int, high: int | None, impl) -> Builtin:
    return Builtin(low, high, impl, args="number", returns="number")


TABLE: dict[str, Builtin] = {
    "+": _numeric(2, None, plus), "-": _numeric(2, None, minus),
    "*": _numeric(2, None, times), "/": _numeric(2, None, divide),
    "div": _numeric(2, None, div), "mod": _numeric(2, 2, mod),
    "abs": _numeric(1, 1, absolute), "min": _numeric(1, None, minimum),
    "max": _numeric(1, None, maximum), "float": _numeric(1, 1, to_float),
    "integer": _numeric(1, 1, to_integer), "round": _numeric(1, 1, rounded),
    "sqrt": _numeric(1, 1, float_function("sqrt", math.sqrt, lambda x: "Domain error for "
                                    "'sqrt' function." if x < 0.0 else None)),
    "**": _numeric(2, 2, power),
    "exp": _numeric(1, 1, float_function("exp", math.exp)),
    "log": _numeric(1, 1, float_function("log", math.log, _log_check("log"))),
    "log10": _numeric(1, 1, float_function("log10", math.log10, _log_check("log10"))),
    "pi": _numeric(0, 0, lambda: math.acos(-1.0)),
    "sin": _numeric(1, 1, float_function("sin", math.sin)),
    "cos": _numeric(1, 1, float_function("cos", math.cos)),
    "tan": _numeric(1, 1, float_function("tan", _tan)),
}
