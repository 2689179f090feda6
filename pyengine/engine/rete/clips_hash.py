"""The order in which CLIPS 6.4 lists a join's partial matches (``(matches RULE)``):
its hashed beta memories, reproduced for the inspector's view.

CLIPS keeps the partial matches that enter a join from the left in a hash table
(reteutil.c): a join that compares no variable with an earlier one has a table of one
bucket; any other starts with 17 (``INITIAL_BETA_HASH_SIZE``). A partial match goes to
bucket ``hash % size`` and to the *head* of that bucket's list, so a bucket lists its
newest first. Its hash is CLIPS's ``BetaMemoryHashValue`` of the values the join
compares (drive.c): the sum of each value's symbol-table bucket times ``509 ** i``. When
a table holds more than eleven times its size it grows elevenfold and its matches are
put in the new buckets in the order the old table listed them, each at its bucket's
end (``ResizeBetaMemory``); a reset gives it back its first size. ``(matches)`` lists
the buckets in order, each from its head.

A join here keeps only what that takes (:class:`Table`): its table's size, and the
order it listed at the last growth; the listing itself is worked out when asked. A value with no reproducible bucket
(a fact address: CLIPS hashes its pointer) counts as 0.
"""
from __future__ import annotations

import struct
from functools import lru_cache

FIRST_SIZE = 17             # INITIAL_BETA_HASH_SIZE
GROWTH = 11                 # a table grows past GROWTH * size, to GROWTH * size
SYMBOL_BUCKETS = 63559      # SYMBOL_HASH_SIZE
NUMBER_BUCKETS = 8191       # INTEGER_HASH_SIZE, FLOAT_HASH_SIZE
_WORD = 2 ** 64             # CLIPS's size_t and unsigned long
NEVER = 2 ** 62             # the limit of a table of one bucket, which never grows


def _tally(data: bytes) -> int:
    """CLIPS's HashSymbol / HashFloat loop over C chars (signed on this platform)."""
    tally = 0
    for b in data:
        tally = (tally * 127 + (b - 256 if b > 127 else b)) % _WORD
    return tally


@lru_cache(maxsize=1 << 16, typed=True)    # typed: 1 and 1.0 hash apart in CLIPS
def value_bucket(value) -> int:
    """The bucket CLIPS's symbol tables give a value (``lexemeValue->bucket`` and
    kin); 0 for what it does not hash so (multifields, fact addresses)."""
    if isinstance(value, bool) or value is None:
        return 0
    if isinstance(value, int):
        return abs(value) % _WORD % NUMBER_BUCKETS
    if isinstance(value, float):
        return _tally(struct.pack("<d", value)) % NUMBER_BUCKETS
    if isinstance(value, str):
        return _tally(value.encode("utf-8")) % SYMBOL_BUCKETS
    return 0


def hash_value(values) -> int:
    """CLIPS's ``BetaMemoryHashValue`` of a partial match's compared values."""
    total, multiplier = 0, 1
    for value in values:
        total = (total + value_bucket(value) * multiplier) % _WORD
        multiplier = multiplier * 509 % _WORD
    return total


class Table:
    """What a join keeps of one of its CLIPS tables: the values it hashes a token on
    (``values_of``: token -> values, None for a table of one bucket), its size, how many
    it holds before it grows, and the order it listed when it last grew. A left memory
    takes a new partial match at its bucket's head; a right one (``at_end``: the
    results of a ``not``/``exists`` group's joins) at its end, so a bucket lists its
    oldest first and growing keeps that order."""

    __slots__ = ("values_of", "size", "limit", "frozen", "at_end", "count")

    def __init__(self, values_of=None, at_end: bool = False):
        self.values_of, self.at_end = values_of, at_end
        self.size = FIRST_SIZE if values_of is not None else 1
        self.limit = self.size * GROWTH if self.size > 1 else NEVER
        self.frozen = None
        self.count = 0          # a right memory's matches (a left one's are its join's)

    def grow(self, tokens=()) -> None:
        """The memory (``tokens``, oldest first) passed the limit."""
        if not self.at_end:
            self.frozen = self.listed(tokens)
        self.size *= GROWTH
        self.limit = self.size * GROWTH

    def listed(self, tokens) -> list:
        """The memory's tokens (oldest first) as CLIPS lists them."""
        if self.at_end:
            tokens = list(tokens)
            if self.values_of is None:
                return tokens
            return sorted(tokens, key=lambda t: hash_value(self.values_of(t)) % self.size)
        if self.values_of is None:
            return list(reversed(list(tokens)))
        return listed(tokens, self.values_of, self.size, self.frozen)


def listed(tokens_oldest_first, values_of, size: int, frozen) -> list:
    """The tokens of one memory in CLIPS's listing: bucket by bucket, each bucket's
    tokens that came since the table last grew newest first, then the ones it held
    then in the order it listed them (``frozen``: that order, or None)."""
    kept = dict.fromkeys(frozen or ())
    buckets: dict[int, list] = {}
    for tok in reversed(list(tokens_oldest_first)):
        if tok not in kept:
            buckets.setdefault(hash_value(values_of(tok)) % size, []).append(tok)
    alive = set(tokens_oldest_first)
    for tok in kept:
        if tok in alive:
            buckets.setdefault(hash_value(values_of(tok)) % size, []).append(tok)
    return [tok for b in sorted(buckets) for tok in buckets[b]]
