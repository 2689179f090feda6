"""CLIPS 6.4's random numbers: the C library's ``rand()``, one generator per session.

CLIPS draws every random number it uses from ``genrand()`` (``core/sysdep.c``), which
is ``rand()``; ``(seed n)`` is ``genseed``, ``srand((unsigned int) n)``. It draws one
for ``(random)`` (before reading its arguments) and one for *every* activation it
makes, whatever the strategy (``core/agenda.c``, ``AddActivation``: the activation's
``randomID``, which only the random strategy reads). :class:`CRand` is glibc's
``rand()`` (its ``TYPE_3`` additive feedback generator), so a session on our engine
draws CLIPS's numbers for the same seed and the same calls; unlike the C library's,
each session has its own.

glibc's generator: ``srand(seed)`` (a seed of 0 is 1) fills 31 words with the Park-Miller
recurrence ``w = 16807 * w mod 2147483647`` (signed 32-bit, by Schrage's method), then
``r[i] = r[i-3] + r[i-31] mod 2**32`` (the first three sums reach back to the seed
words), its first 310 outputs thrown away; ``rand()`` is ``r[i] >> 1``, 0..2**31-1.
"""
from __future__ import annotations

import functools

_DEG, _SEP, _MASK = 31, 3, 0xFFFFFFFF
#: ``rand()``'s largest value (glibc's RAND_MAX)
RAND_MAX = 2**31 - 1


@functools.lru_cache(maxsize=64)
def _seeded(n: int) -> tuple[int, ...]:
    """The 31 words of glibc's state just after ``srand(n)`` and its 310 discarded
    outputs (which bring the place back to word 0)."""
    word = (n or 1) - (1 << 32 if n >= 1 << 31 else 0)     # int32_t
    words = [word & _MASK]
    for _ in range(1, _DEG):
        hi = abs(word) // 127773 * (1 if word >= 0 else -1)     # C's / and %
        lo = word - hi * 127773
        word = 16807 * lo - 2836 * hi
        if word < 0:
            word += 2147483647
        words.append(word & _MASK)
    fresh = CRand.__new__(CRand)
    fresh._words, fresh._at = words, 0
    for _ in range(_DEG * 10):
        fresh.rand()
    return tuple(fresh._words)


class CRand:
    """glibc's ``srand``/``rand``, as an object (``getstate``/``setstate`` as
    :class:`random.Random`'s, for snapshots and replays)."""

    __slots__ = ("_words", "_at")

    def __init__(self, seed: int = 1) -> None:
        self.seed(seed)

    def seed(self, n: int) -> None:
        """``srand((unsigned int) n)``: CLIPS's ``(seed n)`` (a negative or large ``n``
        is cut to 32 bits as C's cast does). The state a seed gives is worked out once
        per seed (every reset seeds again: 56 µs each)."""
        self._words, self._at = list(_seeded(n & _MASK)), 0

    def rand(self) -> int:
        """The next ``rand()``: 0..2**31-1."""
        words, at = self._words, self._at
        front = (at + _SEP) % _DEG
        value = (words[front] + words[at]) & _MASK
        words[front] = value
        self._at = (at + 1) % _DEG
        return value >> 1

    def getstate(self) -> tuple:
        return tuple(self._words), self._at

    def setstate(self, state: tuple) -> None:
        words, self._at = state
        self._words = list(words)

    def __deepcopy__(self, memo) -> "CRand":
        copy = CRand.__new__(CRand)
        copy.setstate(self.getstate())
        return copy

    __copy__ = lambda self: self.__deepcopy__({})     # noqa: E731
