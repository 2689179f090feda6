"""Word lists: the embedded default, named lists, files; their indexes and cache.

Modules: ``lists`` (loading: :func:`load`), ``wordlist`` (:class:`WordList`),
``position`` (the riddles' :class:`PositionIndex`), ``letters`` (letter masks),
``cache`` (the disk cache), ``named`` (the shipped enable1, enable2k and
words_alpha), ``bee`` (the Spelling Bee's own list).
"""
from pyengine.words.lists import (  # noqa: F401  (the package's public names)
    DEFAULT_TIERS, NAMED_LISTS, PositionIndex, WordList, cache_dir, clear_memory_cache,
    letter_mask, load, parse_plain,
)
