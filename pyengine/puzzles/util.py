"""Small helpers every puzzle shares: the alphabet, fresh seeds, number ranges.

Rules modules (``rules/``) may import this too: it sits below the puzzles and
imports nothing but the engine's error type.
"""
from __future__ import annotations

import random

from pyengine.engine.errors import UsageError

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
LETTERS = frozenset(ALPHABET)
VOWELS = frozenset("aeiou")


def new_seed() -> int:
    """A fresh seed for runs where the user gave none (reported, so they repeat)."""
    return random.SystemRandom().randrange(1, 2**31 - 1)


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
