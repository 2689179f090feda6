"""Make experta importable on Python 3.10 and newer, in one place.

experta 1.9.4 (the last release) pins ``frozendict==1.2``, whose module does
``class frozendict(collections.Mapping)``. The ABC aliases in ``collections``
were removed in Python 3.10, so ``import experta`` fails with AttributeError.

We keep the real dependency (pip installs experta and its pinned frozendict as
usual) and, before experta is imported, give ``collections`` back the aliases
that old code expects. Every pyengine module imports experta through
:func:`import_experta`, never directly.
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
    """Import and return the experta module, patched for modern Python."""
    patch_collections()
    import experta

    return experta


experta = import_experta()
