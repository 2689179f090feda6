"""A fact made despite an error in one of its values, as CLIPS makes it.

CLIPS evaluates a fact's values (an ``assert``, a ``modify`` or ``duplicate``, a
``deffacts``, a ``default-dynamic``) on through an error: the failing function gives
back a value of its own and CLIPS goes on, makes the fact (or the change), and only
then halts the rule's actions (or the reset). Measured on CLIPS 6.4: an ordered fact
with a failing field is made with no fields at all (``(assert (x 1 (/ 2 0) 3))`` is
``(x)``); a template's slot takes the value the slot's outermost function gives back
after the error (:data:`ERROR_VALUES`: ``(+ (s) 1)`` is 0, ``(div 1 0)`` 1, a string
function's ""), a multislot none. Our evaluator raises instead
(:class:`~pyengine.engine.clp.errors.ClpRuntimeError`, with the failing function's own
value where CLIPS gives one): the fact makers catch it, make the fact with these values,
and raise it again. An error of the fact's own making (a multifield given to a single
slot, a slot the template lacks) is no call's: no fact is made, as in CLIPS.
"""
from __future__ import annotations

from pyengine.engine.clp.errors import ClpRuntimeError
from pyengine.engine.clp.values import FALSE, Text

_ZERO = ("+", "-", "*", "div", "mod", "abs", "max", "min", "integer", "round",
         "str-length", "str-byte-length", "length$", "str-compare")
_ZERO_FLOAT = ("/", "sqrt", "float", "**", "exp", "log", "log10", "sin", "cos", "tan",
               "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "deg-rad",
               "rad-deg", "deg-grad", "grad-deg")
_EMPTY = ("str-cat", "sub-string", "upcase", "lowcase", "nth$", "format", "str-replace")

#: what a function gives back after an error, where the error itself says nothing (by
#: the function's name; others: FALSE)
ERROR_VALUES: dict[str, object] = {**dict.fromkeys(_ZERO, 0),
                                   **dict.fromkeys(_ZERO_FLOAT, 0.0),
                                   **dict.fromkeys(_EMPTY, Text(""))}


def value_despite(head: str | None, exc: ClpRuntimeError) -> object:
    """The value a slot holds after ``exc`` in its expression, whose outermost call is
    ``head``: the failing call's own value where it is that call, else the table's."""
    if exc.calls <= 1 and exc.value is not None:
        return exc.value
    return ERROR_VALUES.get(head, FALSE)


def values_despite(makers, frame) -> tuple[dict, ClpRuntimeError | None]:
    """Each slot's value (``makers``: (slot, multislot?, head, make(frame))) and the
    first error of a call in one (None: none failed); where a call failed, the value
    CLIPS keeps. An error of the maker's own (no call's: ``calls`` 0) goes on up."""
    values, error = {}, None
    for slot, multi, head, make in makers:
        try:
            values[slot] = make(frame)
        except ClpRuntimeError as exc:
            if exc.calls == 0:
                raise
            values[slot] = () if multi else value_despite(head, exc)
            error = error or exc
    return values, error


def head_of(item) -> str | None:
    """The function an expression calls first (None: a constant or a variable)."""
    return str(item[0]) if isinstance(item, tuple) and item else None
