"""Which parts of ``assert``, ``modify`` and ``duplicate`` are expressions. A fact's
relation and its slots' names are no calls, whatever they are named: CLIPS loads
``(modify ?a (log ?l x))`` for a template with a slot ``log`` and ``(assert (acct
(return 1)))`` for one with a slot ``return``; the slots' values are expressions (a call
among them is one). An ordered fact's fields are values too: ``(assert (point (+ 1
2)))``. What reads a rule's actions before they are compiled (the checks of what a
variable can hold, of where ``return`` stands) walks them through :func:`value_parts`.
"""
from __future__ import annotations

from pyengine.engine.clips_reader import Form, Symbol

FACT_ACTIONS = ("assert", "modify", "duplicate")


def value_parts(head: str, args, templates) -> list:
    """The items of a call's arguments ``args`` that are expressions: all of them,
    except for ``assert`` (each fact's values: a template fact's slot values, an
    ordered fact's fields) and ``modify``/``duplicate`` (the fact, then each slot's
    values). ``templates``: the names of the deftemplates."""
    if head == "assert":
        out: list = []
        for fact in args:
            if isinstance(fact, Form) and fact and isinstance(fact[0], Symbol):
                out += _slot_values(fact[1:]) if str(fact[0]) in templates else list(fact[1:])
            else:
                out.append(fact)
        return out
    if head in ("modify", "duplicate"):
        return list(args[:1]) + _slot_values(args[1:])
    return list(args)


def _slot_values(specs) -> list:
    """``(slot v1 v2)`` -> v1, v2 for each slot given."""
    out: list = []
    for spec in specs:
        out += list(spec[1:]) if isinstance(spec, Form) and spec else [spec]
    return out
