"""Which words rhyme: the embedded rhyme table, and spelling where it is silent.

Shipped as ``facts/words/rhymes.tsv.gz`` (``word<TAB>rhyme[|rhyme...]``), built by
``scripts/build_rhymes.py`` from the Carnegie Mellon Pronouncing Dictionary for the
words of the default list and the one-word names. A word's *rhyme* is its sounds
from the vowel of its last stressed syllable to the end, stress marks dropped::

    rhyme_of("R EH1 N") -> "EH N"        wren, hen, ten, again
    rhyme_of("K AE1 N D AH0 L") -> "AE N D AH L"

Two words rhyme when they share a rhyme (one of a word's pronunciations is enough)
and are not the same word. A word the table does not hold (a coined compound, a rare
name) is compared with the other by *spelling* instead: the letters from its last
vowel group to the end, a silent final ``e`` kept with them (``-ouse``: mouse,
house); such a rhyme says so (:meth:`Rhymes.shared` gives ``spelled: True``).
Loaded on first use only: a riddle without a rhyme hint never reads the table.
"""
from __future__ import annotations

from pathlib import Path

from pyengine.words.lexicon import resource, tsv_columns

_RESOURCE = resource("rhymes.tsv.gz")
LICENCE = ("Carnegie Mellon Pronouncing Dictionary (c) 1993-2015 Carnegie Mellon "
           "University; see facts/words/LICENSE-CMUdict.txt")
_VOWELS = frozenset("aeiouy")


def rhyme_of(phones: str) -> str | None:
    """The rhyme of one pronunciation (ARPAbet phones with stress digits): from the
    vowel of the last stressed syllable (the last vowel if none is stressed) to the
    end, stress marks dropped; None for a pronunciation without a vowel."""
    parts = phones.split()
    vowels = [i for i, p in enumerate(parts) if p[-1:].isdigit()]
    if not vowels:
        return None
    stressed = [i for i in vowels if parts[i][-1] in "12"]
    start = (stressed or vowels)[-1]
    return " ".join(p.rstrip("012") for p in parts[start:])


def spelled_rhyme(word: str) -> str | None:
    """The rhyme by spelling: the last vowel group and what follows it, a silent final
    e passed over (``mouse`` -> ``-ouse``, ``night`` -> ``-ight``); None without a
    vowel. The leading ``-`` keeps it apart from rhymes by sound."""
    w = _key(word)
    core = w[:-1] if len(w) > 2 and w.endswith("e") and w[-2] not in _VOWELS else w
    i = len(core) - 1
    while i >= 0 and core[i] not in _VOWELS:
        i -= 1
    if i < 0:
        return None
    while i > 0 and core[i - 1] in _VOWELS:
        i -= 1
    return "-" + w[i:]


class Rhymes:
    """The rhyme table: word -> its rhymes by sound (``|`` between several)."""

    def __init__(self, table: dict[str, str]):
        self.table = table

    def shared(self, a: str, b: str) -> tuple[str, bool] | None:
        """The rhyme ``a`` and ``b`` share and whether it is by spelling (a word the
        table does not hold), or None (no rhyme, or the same word)."""
        return self.with_word(b)(a)

    def with_word(self, b: str):
        """``shared(a, b)`` as a function of ``a``, ``b`` looked up once (for many
        words against one)."""
        b = _key(b)
        rb = self.table.get(b)
        theirs = rb.split("|") if rb is not None else None
        sb = spelled_rhyme(b) if b else None

        def shared_with_b(a: str) -> tuple[str, bool] | None:
            a = _key(a)
            if not a or not b or a == b:
                return None
            ra = self.table.get(a)
            if ra is not None and theirs is not None:
                common = [r for r in ra.split("|") if r in theirs]
                return (common[0], False) if common else None
            sa = spelled_rhyme(a)
            return (sa, True) if sa is not None and sa == sb else None
        return shared_with_b


def _key(word: str) -> str:
    """A word or name as the table keys it: lower-case letters only."""
    return "".join(c for c in word.lower() if "a" <= c <= "z")


_LOADED: dict[str, Rhymes] = {}


def load_rhymes(path: str | Path | None = None) -> Rhymes:
    """The embedded rhyme table (or the one at ``path``), parsed once per process."""
    res = Path(path) if path is not None else _RESOURCE
    got = _LOADED.get(str(res))
    if got is None:
        words, rhymes = tsv_columns(res, 2)
        got = _LOADED[str(res)] = Rhymes(dict(zip(words, rhymes)))
    return got
