"""What ``modify`` changes, read once for every front end: a live template fact as
constant values (:func:`fact_spec`, also the page's form for it) and the fact a
modify would make of it (:func:`modified_fact`), which is checked as a fact asserted
by hand is before the engine changes anything. An ordered fact, or a slot the fact
does not have, is refused here with one line, on both engines alike.
"""
from __future__ import annotations

from pyengine.engine.clips_reader import ReadError
from pyengine.engine.clips_values import FactSpec, from_python, read_fact
from pyengine.engine.errors import UsageError
from pyengine.engine.session import Session
from pyengine.ui.queries import fact_fields


def fact_spec(session: Session, fact_id: int) -> FactSpec:
    """A live template fact as constant values, its slots in order, for modify (and the
    page's form for it): read from its text by our reader, each slot's values checked
    against the engine's own record of the fact (an engine prints a string holding a
    quote as it is, so its text may not read back as it was made: the record's value
    then stands); UsageError for an ordered fact, or one whose values are not
    constants."""
    try:
        text = session.fact_full(fact_id)
    except NotImplementedError:
        text = session.fact(fact_id).text
    record = _record(session, fact_id, fact_fields(text)["relation"])
    try:
        spec = read_fact(text)
    except ReadError as exc:
        if record is None or "values" in record:
            raise UsageError(f"f-{fact_id} holds values that are not constants ({exc}): "
                             "retract it and assert the new one") from None
        spec = FactSpec(fact_fields(text)["relation"], (), tuple(
            (str(name), ()) for name in record if not str(name).startswith("__")))
    if spec.slots is None:
        raise UsageError(f"f-{fact_id} is an ordered fact: only template facts can be "
                         "modified (retract it and assert the new one)")
    if record is None:
        return spec
    slots = tuple((name, values if _plain_values(values) == _plain_values(record[name])
                   else _recorded(record[name]))
                  if name in record else (name, values) for name, values in spec.slots)
    return FactSpec(spec.relation, (), slots)


def _recorded(value) -> tuple:
    """A slot's value as the engine holds it: as CLIPS values, or (a Python value no
    CLIPS value stands for, such as an experta fact's dict) the value itself, passed
    through untouched: a modify of the fact's other slots keeps it."""
    try:
        return _as_tuple(from_python(value))
    except ReadError:
        return (value,)


def _record(session: Session, fact_id: int, relation: str):
    """The engine's record of a live fact (slot -> value), or None where it has none."""
    try:
        ids = [f.id for f in session.facts() if f.name == relation]
        return dict(zip(ids, session.records(relation))).get(fact_id)
    except (UsageError, NotImplementedError, TypeError):
        return None


def _as_tuple(value) -> tuple:
    return value if isinstance(value, tuple) else (value,)


def _plain_values(value) -> tuple:
    """Values as plain numbers and texts, to compare a record's with those read."""
    items = tuple(value) if isinstance(value, (tuple, list)) else (value,)
    return tuple(v if isinstance(v, (int, float)) else str(v) for v in items)


def modified_fact(session: Session, fact_id: int, values: dict[str, object]) -> FactSpec:
    """The fact ``modify`` would make: the live fact with ``values`` (slot -> a value,
    or several as a tuple) in place of its slots'; UsageError for an ordered fact or a
    slot it does not have."""
    spec = fact_spec(session, fact_id)
    have = [name for name, _ in spec.slots]
    for name in values:
        if name not in have:
            raise UsageError(f"{spec.relation} has no slot {str(name)[:40]!r} (slots: "
                             f"{', '.join(sorted(have))})")
    slots = []
    for name, old in spec.slots:
        new = from_python(values[name]) if name in values else old
        slots.append((name, new if isinstance(new, tuple) else (new,)))
    return FactSpec(spec.relation, (), tuple(slots))
