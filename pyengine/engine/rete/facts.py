"""The fact list (CLIPS's): ids, time tags, duplicates refused.

Every fact gets the next id (``f-N``) when it is asserted and a *time tag* from the
network's clock (the same clock that stamps activations, as in CLIPS); a modified
fact keeps its id and gets a new time tag. A fact equal to one in the list (same
template, same values; CLIPS compares types too, so ``1`` is not ``1.0``; an experta
class's facts compare as Python compares them) is not
asserted again: the assert gives back the fact already there (unless duplicates are
allowed, CLIPS's ``(set-fact-duplication TRUE)``).

Facts are experta ``Fact`` objects (a student's rules receive them), declared
here: their ``__factid__`` is set and they are not changed afterwards.
"""
from __future__ import annotations

from pyengine.engine.clp.values import key as typed_key


def identity(fact) -> tuple:
    """What makes two facts the same fact: class and values, typed for a CLIPS
    program's fact (CLIPS keeps ``1`` and ``1.0`` apart, and ``0.0`` and ``-0.0``), as Python compares them for
    an experta class's (``0``, ``0.0`` and ``False`` are one fact there, as on experta,
    and its patterns match them alike)."""
    values = ((k, v) for k, v in dict.items(fact) if not (isinstance(k, str) and k[:2] == "__"))
    try:
        if getattr(type(fact), "_clips_name", None) is not None:
            return (type(fact), frozenset((k, type(v), typed_key(v)) for k, v in values))
        return (type(fact), frozenset(values))
    except TypeError:               # an unhashable value: the fact is only itself
        return (type(fact), id(fact))


def new_fact(cls, values: dict, fields: tuple | None = None):
    """An undeclared fact of class ``cls`` holding ``values`` as they are (already
    frozen: experta's constructor would freeze them again); ``fields``: an ordered
    fact's fields, kept for the patterns that count them."""
    fact = cls.__new__(cls)
    dict.update(fact, values)
    fact._Fact__defaults = {}
    if fields is not None:
        fact.__dict__["_fields"] = fields
    return fact


class FactList:
    """Facts by id, in id order."""

    def __init__(self):
        self.by_id: dict[int, object] = {}
        self.by_identity: dict[tuple, dict] = {}    # identity -> {fact id: None}
        self.next_id = 1
        self.duplicates = False     # CLIPS's (set-fact-duplication TRUE): equal facts
        # are asserted each time (a reset keeps the setting)

    def __contains__(self, fid: int) -> bool:
        return fid in self.by_id

    def __len__(self) -> int:
        return len(self.by_id)

    def get(self, fid: int):
        return self.by_id.get(fid)

    def existing(self, fact):
        """The fact in the list equal to this one, or None. The fact's identity is
        worked out once here and kept on it for :meth:`add` and :meth:`remove`."""
        key = fact.__dict__["_identity"] = identity(fact)
        same = self.by_identity.get(key)
        if self.duplicates or not same:
            return None
        return self.by_id.get(next(reversed(same)))

    def add(self, fact, tag: int, fid: int | None = None):
        """Put a new fact in (under ``fid`` for a modify), stamped with ``tag``; its
        identity was worked out by :meth:`existing`."""
        if fid is None:
            fid = self.next_id
            self.next_id += 1
        dict.__setitem__(fact, "__factid__", fid)
        fact.__dict__["_tag"] = tag
        self.by_id[fid] = fact
        self.by_identity.setdefault(fact.__dict__["_identity"], {})[fid] = None
        return fact

    def remove(self, fact) -> None:
        fid = fact["__factid__"]
        del self.by_id[fid]
        key = fact.__dict__["_identity"]
        same = self.by_identity.get(key)
        if same is not None and same.pop(fid, 0) is None and not same:
            del self.by_identity[key]

    def items(self):
        return sorted(self.by_id.items())

    def clear(self) -> None:
        self.by_id.clear()
        self.by_identity.clear()
        self.next_id = 1
