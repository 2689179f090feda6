"""What a rule's reader computes of a CLIPS expression (a form read by
:mod:`pyengine.engine.clips_reader`): the rule's variables it reads, its text, its text
with the variables numbered (what tells two tests apart for sharing), its complexity."""
from __future__ import annotations

from pyengine.engine.clips_reader import Form, String, Variable
from pyengine.engine.clips_values import atom_text
from pyengine.engine.clp.actions_query import QUERIES


def complexity(expr) -> int:
    """CLIPS's count of an expression: one per call, ``and``/``or``/``not`` counting
    the calls among their arguments instead."""
    if not isinstance(expr, Form) or not expr:
        return 0
    if expr[0] in ("and", "or", "not"):
        return sum(complexity(x) for x in expr[1:])
    return 1


def variables_of(expr) -> tuple[str, ...]:
    """The rule's variables an expression reads: not a fact-set query's own (``?s``,
    ``?s:slot`` in ``(any-factp ((?s s)) ...)``), which the query binds."""
    out: list[str] = []

    def walk(x, local: frozenset):
        if isinstance(x, Variable):
            if x.name and not x.is_global and x.name.split(":", 1)[0] not in local:
                out.append(x.name)
        elif isinstance(x, Form) and x and x[0] in QUERIES and len(x) > 1 \
                and isinstance(x[1], Form):
            mine = {b[0].name for b in x[1] if isinstance(b, Form) and b
                    and isinstance(b[0], Variable)}
            for y in x[2:]:
                walk(y, local | mine)
        elif isinstance(x, Form):
            for y in x:
                walk(y, local)
    walk(expr, frozenset())
    return tuple(dict.fromkeys(out))


def shape_text(expr, uses: tuple) -> str:
    """An expression's text with its variables numbered in ``uses`` order (``(< ?#0 3)``):
    what CLIPS compiles it to, whatever the variables are called."""
    return form_text(expr, {u: i for i, u in enumerate(uses)})


def form_text(item, numbered: dict | None = None) -> str:
    """A read item written back as CLIPS text (strings quoted as CLIPS writes them);
    the variables in ``numbered`` written as their number (``?#0``)."""
    if isinstance(item, Form):
        return "(" + " ".join(form_text(x, numbered) for x in item) + ")"
    if numbered and isinstance(item, Variable) and item.name in numbered \
            and not item.is_global:
        return f"{'$?' if item.multi else '?'}#{numbered[item.name]}"
    if isinstance(item, String):
        return atom_text(str(item))
    if isinstance(item, float):
        return repr(item)
    return str(item)
