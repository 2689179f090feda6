"""The riddles' positional index: which words of one length have which letter where."""
from __future__ import annotations

from pyengine.words.letters import ALPHABET, BIT, ONEHOT


class PositionIndex:
    """For the words of one length L: for each position p and letter c, a
    Python int whose bit i is set when ``words[i][p] == c``.  Built lazily
    per (position, letter) from one column string with ``str.translate``.
    """

    def __init__(self, words: tuple[str, ...], length: int):
        self.length = length
        self.words = words
        self.all = (1 << len(words)) - 1
        self._joined = "".join(words)
        self._cols: dict[int, str] = {}
        self._bits: dict[tuple[int, str], int] = {}

    def bits(self, pos: int, letter: str) -> int:
        """Bitset of words with ``letter`` at ``pos``."""
        key = (pos, letter)
        b = self._bits.get(key)
        if b is None:
            col = self._cols.get(pos)
            if col is None:
                col = self._cols[pos] = self._joined[pos::self.length]
            if letter in col:
                table = ONEHOT[letter]
                b = int(col.translate(table)[::-1], 2)
            else:
                b = 0
            self._bits[key] = b
        return b

    def query(self, allowed) -> int:
        """Bitset of words whose letter at each position p is in allowed[p]
        (None = any letter).  ``allowed`` has one entry per position."""
        if len(allowed) != self.length:
            raise ValueError(f"need {self.length} position constraints, got {len(allowed)}")
        acc = self.all
        for p, letters in enumerate(allowed):
            if letters is None:
                continue
            letters = set(letters)
            if len(letters) > 13:  # cheaper via the complement
                ban = 0
                for c in ALPHABET - letters:
                    ban |= self.bits(p, c)
                acc &= ~ban
            else:
                any_ = 0
                for c in letters:
                    if c in BIT:
                        any_ |= self.bits(p, c)
                acc &= any_
            if not acc:
                return 0
        return acc

    def decode(self, bitset: int) -> list[str]:
        """Words for the set bits, in list order."""
        if not bitset:
            return []
        s = bin(bitset)[:1:-1]
        words = self.words
        out = []
        i = s.find("1")
        while i >= 0:
            out.append(words[i])
            i = s.find("1", i + 1)
        return out

    def candidates(self, allowed) -> list[str]:
        """Words matching the per-position letter sets (see ``query``)."""
        return self.decode(self.query(allowed))

    def match(self, pattern: str, exclude: str = "") -> list[str]:
        """``pattern`` like ``"c?t"`` (``?`` or ``.`` = any letter not in
        ``exclude``)."""
        wild = None if not exclude else ALPHABET - set(exclude)
        allowed = [wild if ch in "?._" else {ch} for ch in pattern.lower()]
        return self.candidates(allowed)

