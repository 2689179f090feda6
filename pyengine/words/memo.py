"""Bounded memos: what a process keeps of the word lists it loaded and of what was
built from them (Boggle's statistics and array tries).

A memo keeps the ``size`` entries used last and forgets the oldest, so a long-lived
process (the shell, a notebook, ``pyengine serve``, a test run) that reads many lists
holds a few of them, not all it ever saw; an entry forgotten is loaded again from the
disk cache when asked for. :func:`forget_all` empties every memo at once
(``pyengine.words.clear_memory_cache``).
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any, Hashable

_EVERY: list["Memo"] = []


class Memo:
    """A dict that keeps the ``size`` entries used last."""

    def __init__(self, size: int):
        if size < 1:
            raise ValueError("a memo keeps at least one entry")
        self.size = size
        self._items: OrderedDict = OrderedDict()
        _EVERY.append(self)

    def get(self, key: Hashable, default: Any = None) -> Any:
        try:
            self._items.move_to_end(key)
        except KeyError:
            return default
        return self._items[key]

    def __setitem__(self, key: Hashable, value: Any) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        self._items.clear()


def forget_all() -> None:
    """Empty every memo of this process."""
    for memo in _EVERY:
        memo.clear()
