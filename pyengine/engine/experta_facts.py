"""experta facts in CLIPS syntax, both ways: :func:`fact_text` shows a fact as CLIPS
would (``(letter (char a) (pos 1))``), :func:`parse_fact` reads one typed at the
shell (through our CLIPS reader)."""
from __future__ import annotations

import inspect
import re

from pyengine.engine.compat import experta  # noqa: F401  (patched before experta loads)
from pyengine.engine.clips_reader import Symbol
from pyengine.engine.clips_values import FactSpec, read_fact
from pyengine.engine.clp.values import plain_strings
from pyengine.engine.errors import UsageError

from experta import Fact, Field, KnowledgeEngine  # noqa: E402
from experta.fact import InitialFact  # noqa: E402
from experta.utils import unfreeze  # noqa: E402
from pyengine.engine.clp.values import write_text


def fact_text(fact, full: bool = False) -> str:
    """A fact in CLIPS syntax: ``(stage solve)``, ``(letter (char a) (pos 1))``;
    ``full``: every value in full (a value that shows itself shortened, such as a
    word set's ``<618-words>``, is listed item by item)."""
    if isinstance(fact, InitialFact):
        return "(initial-fact)"
    clips_name = getattr(type(fact), "_clips_name", None)
    if clips_name is not None:
        return _clips_fact_text(fact, clips_name)
    name = type(fact).__name__
    name = "fact" if name == "Fact" else re.sub(r"(?<!^)(?=[A-Z])", "-", name).lower()
    parts = [name]
    for key, value in list(fact.items()) + _defaults(fact):
        if isinstance(key, str) and key.startswith("__"):
            continue
        shown = _value_text(value, full)
        if isinstance(key, int):
            parts.append(shown)
        else:
            parts.append(f"({key} {shown})" if shown else f"({key})")   # empty multislot
    return "(" + " ".join(parts) + ")"


def _defaults(fact) -> list[tuple[object, object]]:
    """The declared fields (``age = Field(int, default=18)``) a fact was made without:
    the value its patterns see, the default."""
    out = []
    for key, declared in getattr(type(fact), "__fields__", {}).items():
        if key not in fact and declared.default is not Field.NODEFAULT:
            out.append((key, fact[key]))
    return out


_PLAIN = (str, int, float, bool, type(None), tuple, list, dict)


def fact_values(fact, plain: bool = False) -> dict | None:
    """An experta fact's values as Python holds them (experta's frozen dicts and lists
    thawed), its fields by name and its positional ones under ``values``, declared
    defaults included; None if a value is not plain data (a word set: its text says
    it in full). ``plain``: strings as ``str`` (a .clp program's are its ``Text``)."""
    out: dict = {}
    loose = []
    for key, value in list(fact.items()) + _defaults(fact):
        if isinstance(key, str) and key.startswith("__"):
            continue
        value = unfreeze(value)
        if not isinstance(value, _PLAIN):
            return None
        if isinstance(key, int):
            loose.append(value)
        else:
            out[key] = value
    if loose:
        out["values"] = tuple(loose)
    return plain_strings(out) if plain else out


def _clips_fact_text(fact, name: str) -> str:
    """A fact of a .clp program, as CLIPS prints it (strings quoted, floats as CLIPS)."""
    parts = [name]
    for key, value in dict.items(fact):
        if isinstance(key, str) and key.startswith("__"):
            continue
        if isinstance(key, int):
            parts += [write_text(v) for v in value] if type(value) is tuple \
                else [write_text(value)]
        elif type(value) is tuple:
            parts.append("(" + " ".join([key] + [write_text(v) for v in value]) + ")")
        else:
            parts.append(f"({key} {write_text(value)})")
    return "(" + " ".join(parts) + ")"


def _value_text(value, full: bool = False) -> str:
    if full and not isinstance(value, (str, bytes, tuple, list, frozenset, set)):
        items = _items(value)
        if items is not None:
            return " ".join(str(v) for v in items) or "<none>"
    if isinstance(value, (frozenset, set)):
        return " ".join(sorted(str(v) for v in value)) or "<none>"
    if isinstance(value, (tuple, list)):
        return " ".join(str(v) for v in value)
    if isinstance(value, str) and (not value or any(c.isspace() or c in '()"' for c in value)
                                   or _reads_as_other(value)):
        return '"' + value.replace('"', '\\"') + '"'
    return str(value)


def _reads_as_other(text: str) -> bool:
    """Would this string, shown bare, look like a value of another type (``1``,
    ``2.5``, ``True``, ``None``)? Then it is shown quoted: ``(v "1")`` is not ``(v 1)``."""
    if text in _CONSTANTS:
        return True
    try:
        float(text)
    except ValueError:
        return False
    return True


def _items(value):
    """The items of a collection-like value (``words()`` first), else None."""
    words = getattr(value, "words", None)
    if callable(words):
        try:
            return list(words())
        except TypeError:
            return None
    if hasattr(value, "__iter__") and not isinstance(value, dict):
        try:
            return list(value)
        except TypeError:
            return None
    return None


#: symbols that stand for Python's constants in an experta fact (shown as Python
#: shows them; the strings of those letters are shown quoted)
_CONSTANTS = {"True": True, "TRUE": True, "False": False, "FALSE": False, "None": None}


def plain(value):
    """A reader value as experta facts hold it: symbols and strings both as ``str``
    (the symbols ``True``/``TRUE``, ``False``/``FALSE`` and ``None`` as Python's
    constants), a multifield as a tuple."""
    if isinstance(value, (tuple, list)):
        return tuple(plain(v) for v in value)
    if isinstance(value, Symbol) and str(value) in _CONSTANTS:
        return _CONSTANTS[str(value)]
    return str(value) if isinstance(value, str) else value


def parse_fact(fact, classes: dict[str, type]) -> Fact:
    """Turn ``(stage solve)`` or ``(letter (char a) (pos 1))`` (text, read by our CLIPS
    reader: constant values only, or a FactSpec) into an experta fact of one of
    ``classes``."""
    spec = fact if isinstance(fact, FactSpec) else read_fact(fact)
    cls = classes.get(spec.relation.lower())
    if cls is None:
        known = ", ".join(sorted(classes)) or "none"
        raise UsageError(f"unknown fact kind {spec.relation!r} (known: {known})")
    slots = {name: plain(values[0]) if len(values) == 1 else plain(values)
             for name, values in (spec.slots or ())}
    return cls(*[plain(v) for v in spec.values], **slots)


def all_fact_classes(engine: KnowledgeEngine) -> dict[str, type]:
    """Fact classes the engine's module defines or imports, by CLIPS-style name."""
    found: dict[str, type] = {}
    module = inspect.getmodule(type(engine))
    pool = list(vars(module).values()) if module else []
    pool += list(getattr(engine, "fact_classes", ()))
    for obj in pool:
        if isinstance(obj, type) and issubclass(obj, Fact) and obj is not InitialFact:
            found[fact_text(obj()).strip("()").split()[0]] = obj
    return found


def reset_stopped(error: Exception, facts) -> str:
    """What a reset stopped by a pattern's or a join's failing test says (CLIPS's
    [FACTMCH1], [DRIVE1]): the error, and the fact it was matching, the last one
    asserted; the facts before it stay, the deffacts after it are not asserted. (A
    deffacts' own value failing stops it too: the deffacts is named.)"""
    deffacts = getattr(error, "deffacts", None)
    if deffacts is not None:            # a value of its own failed: the fact is made
        return f"reset: {error} (in deffacts {deffacts}: the reset stopped there)"
    items = list(facts.items())
    fact = f" f-{items[-1][0]} {fact_text(items[-1][1])}" if items else " a fact"
    return f"reset: {error} (matching{fact}: the reset stopped there)"
