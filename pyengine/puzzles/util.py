"""Small helpers every puzzle shares: the letters' names, number ranges.

Rules (``rules/``) and facts (``facts/``) sit below the puzzles and never import
this: they take the letters from :mod:`pyengine.words.letters`.
"""
from __future__ import annotations

from pyengine.engine.errors import UsageError
from pyengine.engine.numbers import whole

# The puzzles' names for the letters (defined once, in pyengine.words.letters).
from pyengine.words.letters import A_TO_Z as ALPHABET  # noqa: F401
from pyengine.words.letters import ALPHABET as LETTERS  # noqa: F401
from pyengine.words.letters import VOWELS  # noqa: F401


def parse_range(text: str, what: str = "range", low: int = 0) -> tuple[int, int]:
    """``"20-70"`` or ``"7"`` as ``(low, high)``, with ``low <= high``."""
    lo_text, sep, hi_text = text.partition("-")
    lo = whole(lo_text, what)
    hi = whole(hi_text, what) if sep else lo
    if lo < low or hi < lo:
        raise UsageError(f"{what}: bad range {text!r} (LOW-HIGH with {low} <= LOW <= HIGH)")
    return lo, hi

