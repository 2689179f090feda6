"""Small helpers every puzzle shares: number ranges.

The letters (``A_TO_Z``, ``ALPHABET``, ``VOWELS``) are :mod:`pyengine.words.letters`'s,
for the puzzles as for the rules and facts below them.
"""
from __future__ import annotations

from pyengine.engine.errors import UsageError
from pyengine.engine.numbers import whole


def parse_range(text: str, what: str = "range", low: int = 0) -> tuple[int, int]:
    """``"20-70"`` or ``"7"`` as ``(low, high)``, with ``low <= high``."""
    lo_text, sep, hi_text = text.partition("-")
    lo = whole(lo_text, what)
    hi = whole(hi_text, what) if sep else lo
    if lo < low or hi < lo:
        raise UsageError(f"{what}: bad range {text!r} (LOW-HIGH with {low} <= LOW <= HIGH)")
    return lo, hi

