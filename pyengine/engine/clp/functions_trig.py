"""CLIPS 6.4's trigonometric, hyperbolic and angle functions (beyond ``sin cos tan``,
which are in :mod:`.functions_math`).

Each takes one number and gives a float (``atan2`` two); as CLIPS does (checked
against clipspy in tests/clp):

* outside a function's domain (``(asin 2)``, ``(acosh 0.5)``, ``(atanh 1)``,
  ``(atan2 0 0)``) the error is "Domain error for 'asin' function.";
* at a pole (``(cot 0)``, ``(sec (/ (pi) 2))``, ``(coth 0)``) it is "Singularity at
  asymptote in 'cot' function." (a sine or cosine within 1e-15 of 0 is a pole, and
  ``csch``/``coth`` of a number within 1e-25 of 0 an argument overflow);
* the inverse hyperbolic functions use CLIPS's logarithm formulas, so they agree with
  it to the last digit; NaN and infinities come out as C gives them.
* ``deg-grad deg-rad grad-deg rad-deg`` convert between degrees, grads and radians.
"""
from __future__ import annotations

import math

from pyengine.engine.clp.expressions import Builtin
from pyengine.engine.clp.functions_math import domain_error, float_function, number_arg

_PI = math.acos(-1.0)
_POLE = 1e-15       # a sine or cosine closer to 0 than this is a pole (CLIPS's bound)
_TINY = 1e-25       # an argument closer to 0 than this overflows csch and coth


def _outside(fname: str, inside):
    """A domain check: the error unless ``inside(x)``."""
    return lambda x: None if inside(x) else f"Domain error for '{fname}' function."


def _pole(fname: str, near):
    """A singularity check: the error when ``near(x)`` is within :data:`_POLE` of 0."""
    def check(x: float):
        if -_POLE < near(x) < _POLE:
            return f"Singularity at asymptote in '{fname}' function."
        return None
    return check


def _hyperbolic_pole(fname: str):
    def check(x: float):
        if x == 0.0:
            return f"Singularity at asymptote in '{fname}' function."
        if -_TINY < x < _TINY:
            return f"Argument overflow for '{fname}' function."
        return None
    return check


def _log(v: float) -> float:
    """C's log: -inf at 0, NaN below."""
    return math.log(v) if v > 0.0 else -math.inf if v == 0.0 else math.nan


def _inv(v: float) -> float:
    """C's 1.0 / v: an infinity (of v's sign) at 0."""
    return 1.0 / v if v else math.copysign(math.inf, v)


def _sinh(x: float) -> float:
    try:
        return math.sinh(x)
    except OverflowError:
        return math.copysign(math.inf, x)


def _cosh(x: float) -> float:
    try:
        return math.cosh(x)
    except OverflowError:
        return math.inf


# The inverse hyperbolic functions by CLIPS's own formulas (logarithms), so that the
# last digit agrees with it.
def _acosh(x: float) -> float:
    return _log(x + math.sqrt(x * x - 1.0))


def _asinh(x: float) -> float:
    return _log(x + math.sqrt(x * x + 1.0))


def _atanh(x: float) -> float:
    return 0.5 * _log((1.0 + x) / (1.0 - x))


def _asech(x: float) -> float:
    return _log(_inv(x) + math.sqrt(_inv(x * x) - 1.0))


def _acsch(x: float) -> float:
    return _log(_inv(x) + math.sqrt(_inv(x * x) + 1.0))


def _acoth(x: float) -> float:
    return 0.5 * _log((x + 1.0) / (x - 1.0))


def atan2(y, x) -> float:
    fy, fx = float(number_arg("atan2", 1, y)), float(number_arg("atan2", 2, x))
    if fy == 0.0 and fx == 0.0:
        raise domain_error("atan2")
    return math.atan2(fy, fx)


def _one(fname: str, fn, check=None) -> Builtin:
    return Builtin(1, 1, float_function(fname, fn, check), args="number", returns="number")


_FUNCTIONS = {
    "asin": (math.asin, _outside("asin", lambda x: -1.0 <= x <= 1.0)),
    "acos": (math.acos, _outside("acos", lambda x: -1.0 <= x <= 1.0)),
    "atan": (math.atan, None),
    "sec": (lambda x: 1.0 / math.cos(x), _pole("sec", math.cos)),
    "csc": (lambda x: 1.0 / math.sin(x), _pole("csc", math.sin)),
    "cot": (lambda x: math.cos(x) / math.sin(x), _pole("cot", math.sin)),
    "asec": (lambda x: math.acos(1.0 / x), _outside("asec", lambda x: not -1.0 < x < 1.0)),
    "acsc": (lambda x: math.asin(1.0 / x), _outside("acsc", lambda x: not -1.0 < x < 1.0)),
    "acot": (lambda x: _PI / 2 if -_TINY < x < _TINY else math.atan(1.0 / x), None),
    "sinh": (_sinh, None),
    "cosh": (_cosh, None),
    "tanh": (math.tanh, None),
    "sech": (lambda x: _inv(_cosh(x)), None),
    "csch": (lambda x: _inv(_sinh(x)), _hyperbolic_pole("csch")),
    "coth": (lambda x: 1.0 / math.tanh(x), _hyperbolic_pole("coth")),
    "asinh": (_asinh, None),
    "acosh": (_acosh, _outside("acosh", lambda x: x >= 1.0)),
    "atanh": (_atanh, _outside("atanh", lambda x: -1.0 < x < 1.0)),
    "asech": (_asech, _outside("asech", lambda x: 0.0 < x <= 1.0)),
    "acsch": (_acsch, _outside("acsch", lambda x: x != 0.0)),
    "acoth": (_acoth, _outside("acoth", lambda x: not -1.0 <= x <= 1.0)),
    "deg-grad": (lambda x: x / 0.9, None),
    "deg-rad": (lambda x: x * _PI / 180.0, None),
    "grad-deg": (lambda x: x * 0.9, None),
    "rad-deg": (lambda x: x * 180.0 / _PI, None),
}

TABLE: dict[str, Builtin] = {name: _one(name, fn, check)
                             for name, (fn, check) in _FUNCTIONS.items()}
TABLE["atan2"] = Builtin(2, 2, atan2, args="number", returns="number")
