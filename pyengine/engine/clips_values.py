"""Facts read from CLIPS text into constant values, and values written back.

* :func:`read_fact` reads one fact into a :class:`FactSpec` of constant values
  (symbols, strings, integers, floats): an ordered fact ``(point 1 2)`` or a template
  fact ``(person (name "Ann") (kids a b))``. Anything else (a call, a variable, a
  comment, a connective, a nest) is refused with one line saying where;
* :func:`atom_text` and :meth:`FactSpec.text` write values back as CLIPS text that
  reads as the same values, and nothing else (strings escaped, symbols checked);
* :func:`from_python` reads a value given in Python (``"Bob"`` a symbol, ``4`` a number).

What an engine sees of a fact typed by a user is built from a FactSpec, never the
text as typed: a comment, a string or a parenthesis cannot smuggle a call past it.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass


from pyengine.engine.textio import unshown_at
from pyengine.engine.clips_reader import (Form, ReadError, String, Symbol, is_symbol, read,
                                          tokens)

#: CLIPS integers are C ``long long``.
INT_RANGE = (-2**63, 2**63 - 1)
#: Relations a fact may not have: CLIPS reserves them for conditional elements.
RESERVED_RELATIONS = frozenset({"test", "and", "or", "not", "exists", "forall", "logical",
                                "object", "declare"})
# Characters no value may hold: C0 and C1 controls, line and paragraph separators, lone
# surrogates (a value is one line of text).
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")
@dataclass(frozen=True)
class FactSpec:
    """A fact as constant values: ``relation`` and either the ordered ``values`` or the
    template ``slots`` ((name, values) pairs in the order written; ``None``: an ordered
    fact). Values are :class:`Symbol`, :class:`String` (or a plain ``str``: a CLIPS
    string too), ``int`` or ``float``."""

    relation: str
    values: tuple = ()
    slots: tuple[tuple[str, tuple], ...] | None = None

    def text(self) -> str:
        """The fact as CLIPS text that reads back as exactly these values."""
        parts = [symbol_text(self.relation)]
        if self.slots is None:
            parts += [atom_text(v) for v in self.values]
        else:
            for name, values in self.slots:
                parts.append("(" + " ".join([symbol_text(name)] +
                                            [atom_text(v) for v in values]) + ")")
        return "(" + " ".join(parts) + ")"

    def slot_dict(self) -> dict[str, tuple]:
        return dict(self.slots or ())


def read_fact(text: str, max_chars: int | None = None) -> FactSpec:
    """One fact of constant values, e.g. ``(number 4)`` or ``(person (name Ann))``.
    ReadError (one line) for anything else: several facts, a call inside a value, a
    variable, a comment, a connective, control characters, a reserved relation."""
    if not isinstance(text, str):
        raise ReadError(f"a fact is text such as (number 4), not {type(text).__name__}")
    if max_chars is not None and len(text) > max_chars:
        raise ReadError(f"a fact is at most {max_chars:,} characters")
    bad = unshown_at(text)
    if bad is not None:
        raise ReadError(f"{bad}: a fact holds no control, invisible or text-direction "
                        "characters")
    _refuse_extras(text)
    try:
        forms = read(text, max_depth=3)
    except ReadError as exc:
        if "nested deeper" in str(exc):
            raise ReadError("a fact holds values or (slot value) groups, not calls: "
                            "(...) inside a value would be a function call") from None
        raise
    if len(forms) != 1 or not isinstance(forms[0], Form):
        raise ReadError("write one fact in parentheses, e.g. (number 4)")
    form = forms[0]
    if not form or not isinstance(form[0], Symbol):
        raise ReadError("a fact starts with its relation, a symbol: (number 4)")
    relation = str(form[0])
    if relation in RESERVED_RELATIONS:
        raise ReadError(f"{relation} is reserved by CLIPS; a fact cannot be ({relation} ...)")
    body = form[1:]
    groups = [item for item in body if isinstance(item, Form)]
    if not groups:
        return FactSpec(relation, tuple(_constant(v) for v in body))
    if len(groups) != len(body):
        raise ReadError(f"({relation} ...) mixes values and (slot value) groups: "
                        "a template fact has only groups, an ordered fact only values")
    slots = tuple(_slot(g) for g in groups)
    names = [name for name, _ in slots]
    twice = next((name for name in names if names.count(name) > 1), None)
    if twice is not None:
        raise ReadError(f"slot {twice} is given twice")
    return FactSpec(relation, (), slots)


def read_slots(text: str) -> dict[str, object]:
    """``(slot value) (other v w)`` -> {"slot": value, "other": (v, w)}, for modify:
    one value alone, several (or none) as a tuple."""
    spec = read_fact(f"(modify {text})") if text.strip() else None
    if spec is None or spec.slots is None:
        raise ReadError("write slots as (name value) ..., e.g. (age 4)")
    return {name: values[0] if len(values) == 1 else values for name, values in spec.slots}


def from_python(value) -> object:
    """A value written in Python as the reader would give it: numbers, Symbols and
    Strings as they are, a bool as the symbol TRUE or FALSE, a tuple or list item by
    item, and a plain ``str`` read as one CLIPS atom (``Bob`` a symbol, ``4`` a number,
    ``"Bob Smith"`` with its quotes a string); a ``str`` that is not one atom is a
    string."""
    if isinstance(value, bool):
        return Symbol("TRUE" if value else "FALSE")
    if isinstance(value, (Symbol, String, int, float)):
        return _constant(value)
    if isinstance(value, (tuple, list)):
        return tuple(from_python(v) for v in value)
    if isinstance(value, str):
        try:
            found = list(tokens(value))
        except ReadError:
            found = []
        if len(found) == 1 and found[0].kind in ("symbol", "string", "integer", "float"):
            return _constant(found[0].value)
        return _constant(String(value))
    raise ReadError(f"{type(value).__name__} is not a CLIPS value")


def _refuse_extras(text: str) -> None:
    for tok in tokens(text, comments=True):
        if tok.kind == "comment":
            raise ReadError(f"column {tok.col}: a fact holds no comments (';' starts one)")
        if tok.kind in ("variable", "instance", "connective"):
            raise ReadError(f"column {tok.col}: {tok.text!r}: a fact holds constant "
                            "values (symbols, strings, numbers), not "
                            + {"variable": "variables", "instance": "instance names",
                               "connective": "connectives"}[tok.kind])


def _constant(value) -> object:
    if isinstance(value, Form):
        raise ReadError(f"column {value.col}: a value cannot be a list: "
                        "(...) inside a fact would be a function call")
    if isinstance(value, str) and _CONTROL.search(value):
        raise ReadError(f"{atom_text(value)[:40]!r}: a value holds no control characters")
    if isinstance(value, Symbol) and value == "=":
        raise ReadError("'=' in a fact starts a call in CLIPS (=(...)): write \"=\" for the text")
    if isinstance(value, int) and not INT_RANGE[0] <= value <= INT_RANGE[1]:
        raise ReadError(f"{value}: out of CLIPS's integer range")
    if isinstance(value, float) and not math.isfinite(value):
        raise ReadError(f"{value}: not a finite number")
    return value


def _slot(group: Form) -> tuple[str, tuple]:
    if not group or not isinstance(group[0], Symbol):
        raise ReadError(f"column {group.col}: a (slot value) group starts with the "
                        "slot's name")
    return str(group[0]), tuple(_constant(v) for v in group[1:])


# -- writing values back ---------------------------------------------------------------------

def symbol_text(name: str) -> str:
    """A symbol as CLIPS text; ReadError if it would not read back as that symbol."""
    if not _is_symbol(name):
        raise ReadError(f"{name!r} is not a CLIPS symbol")
    return name


def _is_symbol(name: str) -> bool:
    return bool(name) and name != "=" and not _CONTROL.search(name) and is_symbol(name)


def atom_text(value) -> str:
    """One constant value as CLIPS text: a :class:`Symbol` as itself (checked), a
    ``str`` quoted with ``\\`` and ``"`` escaped, a bool as TRUE/FALSE, numbers as
    CLIPS reads them."""
    if isinstance(value, Symbol):
        return symbol_text(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(_constant(value))
    if isinstance(value, float):
        text = repr(_constant(value))
        return text if ("." in text or "e" in text) else text + ".0"
    raise ReadError(f"{type(value).__name__} is not a CLIPS value")
