"""Make experta importable on Python 3.10 and newer, in one place.

experta 1.9.4 (the last release) pins ``frozendict==1.2``, whose module does
``class frozendict(collections.Mapping)``. The ABC aliases in ``collections`` were
removed in Python 3.10, so ``import experta`` fails with AttributeError.

We keep the real dependency (pip installs experta and its pinned frozendict as
usual) and, before experta is imported, give ``collections`` back the aliases that
old code expects (the same objects ``collections.abc`` has). That is all: nothing of
experta is changed. Rules written in experta's language run on our own engine
(:mod:`pyengine.engine.rete`) through experta's ``__matcher__`` seam, and a plain
``KnowledgeEngine`` in the same process runs on experta's own matcher, exactly as it
would without pyengine (tests/engines/test_plain_experta.py).
"""
from __future__ import annotations

import collections
import collections.abc

_ALIASES = ("Mapping", "MutableMapping", "Sequence", "MutableSequence", "Set",
            "MutableSet", "Iterable", "Iterator", "Hashable", "Callable")


def patch_collections() -> None:
    """Restore ``collections.Mapping`` and friends if this Python lacks them."""
    for name in _ALIASES:
        if not hasattr(collections, name):
            setattr(collections, name, getattr(collections.abc, name))


def import_experta():
    """Import and return the experta module (importable on this Python)."""
    patch_collections()
    import experta

    return experta


experta = import_experta()
