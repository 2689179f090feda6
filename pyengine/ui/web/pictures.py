"""The puzzle's picture, for the page: what the action's declaration draws
(``Action.picture``, a function of the fact base built from the page's primitives,
:mod:`pyengine.puzzles.page`), checked against those primitives before it is sent;
else (a rule file, or a fact base the declared picture has nothing to draw for yet)
the pictures the program's ``@picture`` comments ask for or its facts suggest (grids,
trees, tables: :mod:`.program_picture`) over the facts grouped by relation. The page
draws primitives only, so it knows no puzzle.
"""
from __future__ import annotations

from pyengine.puzzles.page import (
    FactBase,
    check_picture,
    drawing,
    groups,
    resolve,
    text,
)
from pyengine.ui.queries import fact_fields
from pyengine.ui.web.picture_directives import directives_of
from pyengine.ui.web.program_picture import program_parts

MAX_GROUP = 60            # facts shown per relation in the generic view


def picture(action, facts, log, new: set[int]) -> dict:
    """``{"kind": "declared" | "inferred" | "generic", "parts": [...]}`` for the page;
    the session the fact log follows (``log.session``, the one a back or goto moved to)
    gives the program's ``@picture`` comments."""
    base = FactBase(facts, log.texts, fact_fields, new)
    note = None
    if action is not None and action.picture:
        try:
            drawn = resolve(action.picture)(base)
            if drawn is not None:
                return {"kind": "declared", **check_picture(drawn)}
        except (KeyError, ValueError, TypeError, IndexError, AttributeError) as exc:
            # a fact base of another shape than the picture expects (facts a user
            # asserted or retracted): the facts themselves, and why
            note = text(f"(the puzzle's picture cannot be drawn from these facts: "
                        f"{type(exc).__name__}: {str(exc)[:200]})", "quiet")
    parts = program_parts(base, directives_of(getattr(log, "session", None)))
    kind = "inferred" if any(p["kind"] != "text" for p in parts) else "generic"
    return {"kind": kind, **check_picture(drawing(note, *parts, generic(base)))}


def generic(base: FactBase) -> dict:
    """Every relation's facts (the first :data:`MAX_GROUP` of each), newest marked."""
    return groups({"relation": name, "count": len(facts),
                   "facts": [{"id": f.id, "text": f.text, "new": f.id in base.new}
                             for f in facts[:MAX_GROUP]]}
                  for name, facts in sorted(base.by.items()))
