"""A hive from what the user typed, and the honeycomb that shows it.

    parse_hive("aegint", "r")      -> ("aeginrt", "r")
    parse_center("R")              -> "r"
    layout("aeginrt", "r")         -> the six outer letters in the hive's own order
    layout("aeginrt", "r", rng)    -> ... shuffled (play's !shuffle)
    honeycomb("r", "aegint")       -> seven hexagons, the center in the middle
"""
from __future__ import annotations

import random
import re

from pyengine.engine.errors import UsageError
from pyengine.engine.textio import ascii_letters, fold

LETTERS_RE = re.compile(r"[a-z]+")
_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def ascii_lower(text: str) -> str:
    """``text`` folded as every word a user gives (NFKC, :func:`~pyengine.engine.textio.fold`:
    the Kelvin sign is K), then A-Z lower-cased and nothing else changed (``str.lower``
    would turn İ into two characters)."""
    return fold(text).translate(_LOWER)


def shown(text: str, limit: int = 40) -> str:
    """``repr`` of what the user typed, cut to ``limit`` characters for a message."""
    return repr(text) if len(text) <= limit else repr(text[:limit]) + f"... ({len(text):,} chars)"


def parse_center(center: str) -> str:
    """The center letter, lower case; :class:`UsageError` unless one letter a-z."""
    c = ascii_lower(center.strip())
    if len(c) != 1 or not ("a" <= c <= "z"):
        raise UsageError(f"the center is one letter a-z, not {shown(center)}")
    return c


def _marked_center(raw: str) -> str | None:
    """A single upper-case letter among lower-case ones marks the center."""
    upper = [c for c in raw if "A" <= c <= "Z"]
    if len(upper) == 1 and sum("a" <= c <= "z" for c in raw) == len(raw) - 1:
        return upper[0]
    return None


def _check_letters(raw: str, text: str) -> None:
    if not text:
        raise UsageError("no hive letters given (seven letters, e.g. AEGINRT --center R)")
    ascii_letters(text, f"the hive {shown(raw)}")
    dup = sorted({c for c in text if text.count(c) > 1})
    if dup:
        raise UsageError(f"hive letters must differ: {''.join(dup).upper()} repeated in "
                         f"{raw.upper()}")


def parse_hive(letters: str | None, center: str | None) -> tuple[str, str]:
    """(seven sorted letters, center) from LETTERS (7 letters with the center,
    or the 6 outer letters) and --center.  A single upper-case letter among
    lower-case ones may mark the center instead of --center."""
    raw = (letters or "").strip()
    if len(raw) > 26:
        raise UsageError(f"a hive has 7 letters, not {len(raw):,} characters")
    raw = fold(raw)
    marked = _marked_center(raw)
    if center is None:
        center = marked
    elif marked is not None and marked.lower() != parse_center(center):
        raise UsageError(f"two centers: {raw} marks {marked}, --center says "
                         f"{parse_center(center).upper()}: give one")
    text = ascii_lower(raw)
    _check_letters(raw, text)
    if center is None:
        capitals = sorted({ch for ch in raw if ch.isupper()})
        if 1 < len(capitals) < len(set(raw)):   # one capital marks the center; some mark none
            raise UsageError(f"{len(capitals)} letters are capitals ({', '.join(capitals)}):"
                             " one capital marks the center, or add --center C")
        raise UsageError("which letter is the center? add --center C")
    c = parse_center(center)
    if len(text) == 7:
        if c not in text:
            raise UsageError(f"center {c.upper()} is not one of the hive letters {text.upper()}")
    elif len(text) == 6:
        if c in text:
            raise UsageError(f"six outer letters given; the center {c.upper()} must be "
                             "another letter")
        text += c
    else:
        raise UsageError(f"a hive has 7 letters (or give the 6 outer ones), not "
                         f"{len(text)}: {raw.upper()}")
    return "".join(sorted(text)), c


def layout(letters: str, center: str, rng: random.Random | None = None) -> str:
    """The six outer letters in display order: without ``rng`` the hive's own order,
    mixed by a shuffle seeded with the hive itself, so the same hive is always drawn
    the same way (on every run and platform); with ``rng``, shuffled by it."""
    outer = sorted(c for c in letters if c != center)
    (rng or random.Random(f"{''.join(outer)} {center}")).shuffle(outer)
    return "".join(outer)


def honeycomb(center: str, outer: str) -> str:
    """Seven hexagons, the center letter in the middle::

                ___
            ___/ A \\___
           / E \\___/ I \\
           \\___/ R \\___/
           / G \\___/ N \\
           \\___/ T \\___/
               \\___/
    """
    a, b, c, d, e, f = outer.upper()
    m = center.upper()
    return "\n".join([
        "        ___",
        f"    ___/ {a} \\___",
        f"   / {b} \\___/ {c} \\",
        f"   \\___/ {m} \\___/",
        f"   / {d} \\___/ {e} \\",
        f"   \\___/ {f} \\___/",
        "       \\___/",
    ])
