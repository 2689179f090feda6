"""CLIPS values at run time, and how CLIPS writes them.

A CLIPS program handles six kinds of value. Here each is an ordinary Python object,
chosen so that evaluation needs no wrapping and no unwrapping:

========================  =====================================================
CLIPS                     Python
========================  =====================================================
symbol ``red``            a plain ``str``: ``"red"``
string ``"red"``          :class:`Text`, a ``str`` subclass: ``Text("red")``
integer ``7``             ``int``, kept in C's 64-bit range (:func:`wrap`)
float ``7.0``             ``float``
multifield ``(a 1)``      ``tuple``: ``("a", 1)``
fact address              whatever object the engine gives (opaque here)
========================  =====================================================

The booleans are the symbols ``"TRUE"`` and ``"FALSE"``; anything but the symbol
FALSE counts as true. A function that returns nothing (``printout``) gives ``None``.

A symbol and a string with the same letters are different CLIPS values, so
``Text("a") != "a"``, while ``Text("a") == Text("a")`` and both hash like values.
``int`` and ``float`` differ too (``(eq 1 1.0)`` is FALSE, ``(= 1 1.0)`` TRUE), and
Python's ``1 == 1.0`` does not see that: :func:`same` compares as ``eq`` does.

Writing: :func:`print_text` is what ``printout`` shows (a string without its quotes),
:func:`write_text` what the prompt and ``(facts)`` show (a string in quotes). Inside a
multifield both quote strings: ``(printout t (create$ a "b"))`` shows ``(a "b")``.
CLIPS does not escape what it shows: the string ``a"b`` in a multifield shows as
``"a"b"``; only :func:`implode` (``implode$``) escapes, so that its text reads back.
Floats follow C's ``%.15g`` with ``.0`` added to a bare integer:
``3.0``, ``0.1``, ``1e+20``, ``0.666666666666667``, ``1.5e-07``, ``inf.0``.
"""
from __future__ import annotations

import math
from collections.abc import Callable

from pyengine.engine.clips_reader import String, Symbol

TRUE = "TRUE"
FALSE = "FALSE"
NIL = "nil"
EOF = "EOF"
INT_MIN = -(2 ** 63)
INT_MAX = 2 ** 63 - 1
_MASK = 2 ** 64 - 1


class Text(str):
    """A CLIPS string. Equal only to another Text with the same characters."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is Text and str.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not (type(other) is Text and str.__eq__(self, other))

    def __hash__(self) -> int:
        return ~str.__hash__(self)          # differs from the symbol's hash

    def __repr__(self) -> str:
        return f"Text({str.__repr__(self)})"


def wrap(n: int) -> int:
    """An integer reduced into C's ``long long`` range, as CLIPS's arithmetic wraps
    (``(+ 9223372036854775807 1)`` is -9223372036854775808)."""
    if INT_MIN <= n <= INT_MAX:
        return n
    n &= _MASK
    return n - 2 ** 64 if n > INT_MAX else n


def c_integer(x: float) -> int:
    """A float cut to an integer as C's ``(long long)`` cast does on x86-64: toward
    zero, and INT_MIN for NaN, infinities and values out of range."""
    if math.isnan(x) or not -9.223372036854775808e18 <= x < 9.223372036854775808e18:
        return INT_MIN
    return int(x)


def c_round(x: float) -> int:
    """``(round x)``: halves away from zero (2.5 -> 3, -2.5 -> -3), as C's round()."""
    if not math.isfinite(x):
        return INT_MIN
    whole = math.trunc(x)
    if abs(x - whole) >= 0.5:
        whole += 1 if x > 0 else -1
    return c_integer(float(whole)) if abs(whole) > INT_MAX else whole


def to_value(atom: object) -> object:
    """A constant read by :mod:`pyengine.engine.clips_reader` as a runtime value:
    Symbol -> str, String -> Text, numbers as they are (an integer literal out of
    range saturates, as CLIPS's reader does)."""
    if isinstance(atom, Symbol):
        return str(atom)
    if isinstance(atom, String):
        return Text(atom)
    if type(atom) is int:
        return max(INT_MIN, min(INT_MAX, atom))
    if type(atom) is float:
        return atom
    raise TypeError(f"{atom!r} is not a CLIPS constant")


def float_text(x: float) -> str:
    """A float as CLIPS prints it (C's ``%.15g``, then ``.0`` if it has no point or
    exponent)."""
    if math.isnan(x):
        return "-nan.0" if math.copysign(1.0, x) < 0 else "nan.0"
    text = "%.15g" % x                      # noqa: UP031 (C's own format, on purpose)
    if "." in text or "e" in text:
        return text
    return text + ".0"


def escape(text: str) -> str:
    """A string's characters with ``\\`` and ``"`` escaped, inside quotes."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def print_text(value: object) -> str:
    """``value`` as ``printout`` shows it: strings bare, everything else as
    :func:`write_text`. ``None`` (no value) shows as nothing."""
    t = type(value)
    if t is str:
        return value                        # type: ignore[return-value]
    if t is Text:
        return str.__str__(value)           # type: ignore[arg-type]    # a plain str
    if value is None:
        return ""
    return write_text(value)


def write_text(value: object) -> str:
    """``value`` as the CLIPS prompt shows it: strings in quotes (not escaped),
    multifields in parentheses. Any other object (a fact) is the object's ``str``."""
    t = type(value)
    if t is str:
        return value                        # type: ignore[return-value]
    if t is Text:
        return '"' + value + '"'            # type: ignore[operator]
    if t is int:
        return str(value)
    if t is float:
        return float_text(value)            # type: ignore[arg-type]
    if t is tuple:
        return "(" + " ".join(map(write_text, value)) + ")"   # type: ignore[call-overload]
    return str(value)


def implode(values: tuple) -> str:
    """A multifield's items as one line that reads back as them, as ``implode$``
    writes it (strings quoted and escaped)."""
    return " ".join([escape(v) if type(v) is Text else write_text(v) for v in values])


def is_fact(value: object) -> bool:
    """Is ``value`` a fact address (anything that is not another kind of value)?"""
    return value is not None and not isinstance(value, (str, int, float, tuple))


def same(a: object, b: object) -> bool:
    """Are ``a`` and ``b`` the same CLIPS value (``eq``): same type and same value,
    ``0.0`` and ``-0.0`` apart, multifields item by item."""
    ta = type(a)
    if ta is not type(b):
        return False
    if ta is tuple:
        return len(a) == len(b) and all(map(same, a, b))      # type: ignore
    if ta is float:
        return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)  # type: ignore
    if isinstance(a, dict) and "__factid__" in a:   # a fact: its id (after a modify,
        return a.get("__factid__") == b.get("__factid__")   # one fact in two versions)
    return a == b


def key(value: object) -> object:
    """A hashable stand-in for ``value``, equal for two values exactly when :func:`same`
    says they are the same CLIPS value (so ``1`` and ``1.0`` are different keys):
    for finding duplicate facts with a dict."""
    t = type(value)
    if t is float:
        return (float, math.copysign(1.0, value), value)   # type: ignore[arg-type]
    if t is tuple:
        return tuple(map(key, value))                         # type: ignore[call-overload]
    return value


# -- template slots ---------------------------------------------------------------------------

class Required:
    """The default of a slot declared ``(default ?NONE)``: every assert must give it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED = Required()


class DynamicDefault:
    """A ``(default-dynamic ...)`` slot default: ``thunk(frame)`` is evaluated anew at
    each assert."""

    __slots__ = ("thunk",)

    def __init__(self, thunk: Callable) -> None:
        self.thunk = thunk


def plain_strings(values):
    """``values`` with every string a plain ``str`` (a .clp program's strings are its
    ``Text``, symbols ``str``), tuples and dicts through."""
    if isinstance(values, dict):
        return {k: plain_strings(v) for k, v in values.items()}
    if isinstance(values, tuple):
        return tuple(map(plain_strings, values))
    return str(values) if isinstance(values, str) else values
