"""Small helpers every puzzle shares: the letters' names, number ranges.

Rules (``rules/``) and facts (``facts/``) sit below the puzzles and never import
this: they take the letters from :mod:`pyengine.words.letters`.
"""
from __future__ import annotations

from pyengine.engine.errors import UsageError

# The puzzles' names for the letters (defined once, in pyengine.words.letters).
from pyengine.words.letters import A_TO_Z as ALPHABET  # noqa: E402,F401
from pyengine.words.letters import ALPHABET as LETTERS  # noqa: E402,F401
from pyengine.words.letters import VOWELS  # noqa: E402,F401
from pyengine.engine.session import new_seed  # noqa: E402,F401  (drawn once: base.Action)


def parse_int(text: str, what: str) -> int:
    """A whole number written in ASCII digits (``str.isdigit`` also accepts ``²``)."""
    t = text.strip()
    digits = t[1:] if t[:1] in "+-" else t
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 30:
        raise UsageError(f"{what}: expected a whole number, not {text!r}")
    return int(t)


def parse_range(text: str, what: str = "range", low: int = 0) -> tuple[int, int]:
    """``"20-70"`` or ``"7"`` as ``(low, high)``, with ``low <= high``."""
    lo_text, sep, hi_text = text.partition("-")
    lo = parse_int(lo_text, what)
    hi = parse_int(hi_text, what) if sep else lo
    if lo < low or hi < lo:
        raise UsageError(f"{what}: bad range {text!r} (LOW-HIGH with {low} <= LOW <= HIGH)")
    return lo, hi


def check_whole(value, what: str, low: int, high: int) -> int:
    """A whole-number option given through the Python API, ``low <= value <= high``
    (the CLI and the shell have checked it already against the declaration)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise UsageError(f"{what}: expected a whole number, not {value!r}")
    if not low <= value <= high:
        raise UsageError(f"{what} must be between {low:,} and {high:,}, not {value:,}")
    return value
