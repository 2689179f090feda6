"""Letters as bits: the alphabet, letter-set masks, one-hot translation tables.

Bit i stands for the letter ``chr(97 + i)``; a word's mask has the bits of the
letters it uses. Nothing here imports anything heavy.
"""
from __future__ import annotations

from array import array

A_TO_Z = "abcdefghijklmnopqrstuvwxyz"       # the letters in order
VOWELS = frozenset("aeiou")
BIT = {chr(97 + i): 1 << i for i in range(26)}
BITGET = BIT.__getitem__
ALPHABET = frozenset(BIT)                   # the letters as a set
# letter -> str.translate table mapping that letter to "1" and every other to "0"
ONEHOT = {c: str.maketrans({d: ("1" if d == c else "0") for d in BIT}) for c in BIT}


def letter_mask(word: str) -> int:
    """Bit i set for each letter chr(97+i) in ``word`` (case-insensitive)."""
    try:
        return sum(map(BITGET, set(word.lower())))
    except KeyError as exc:
        raise ValueError(f"letter_mask: not a-z: {word!r}") from exc


def mask_of(letters) -> int:
    """``letters`` as a mask: a mask already, or a string of letters."""
    return letters if isinstance(letters, int) else letter_mask(letters)


def masks_of(words) -> array:
    """array('I') of the letter masks of lower-case a-z ``words``, in order."""
    return array("I", [sum(map(BITGET, set(w))) for w in words])
