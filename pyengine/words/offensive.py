"""Words fit for a classroom: the offensive-word list and its test.

``facts/words/offensive.txt`` (built by ``scripts/build_offensive.py`` from the npm
packages naughty-words and profane-words; see ``facts/words/NOTICE.md``) lists
sexual words, slurs, profanity and scatology, one lower-case word a line.

:func:`is_offensive` is true for a listed word and for its inflections: the word
with a plural or verb ending taken off (-s, -es, -ies, -ed, -ied, -ing, -er, -ers;
a doubled consonant undoubled, a dropped e put back) is a listed word that is also
an English word (in the default list: the sources also list fragments such as
"teste" and "tortur", whose "inflections" would be tested and tortured), and the
Snowball stemmer agrees that the two are one word (its stem is the listed word or
the listed word's stem). So "Penises", "whores", "raped" and "shitting" are caught,
and nothing is matched inside a word: not "scunthorpe", "cocktail", "analysis",
"grape", "therapist", nor "assess" (the stemmer keeps it whole, though it is
"ass" + "es").

:func:`clean` is a word list without those words: what ``riddle make``, ``bee make``,
``bee play`` (a random hive) and ``boggle make --solve`` choose from unless
``allow_offensive`` (``--allow-offensive``) is given. Words a user types are never
filtered. The list is read once, on first use.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pyengine.engine.resources import fact_file
from pyengine.words.lists import load

FILE = "words/offensive.txt"
# (ending taken off, what is put back), by the ending's last letter
_ENDINGS = (("ies", "y"), ("ied", "y"), ("ers", ""), ("es", ""), ("ed", ""), ("ed", "e"),
            ("ing", ""), ("ing", "e"), ("er", ""), ("er", "e"), ("s", ""), ("d", ""))
_BY_LAST: dict[str, list[tuple[str, str]]] = {}
for _end, _back in _ENDINGS:
    _BY_LAST.setdefault(_end[-1], []).append((_end, _back))


@lru_cache(maxsize=1)
def _loaded() -> tuple[frozenset[str], str]:
    """(the listed words, a digest of the file), read once."""

    data = fact_file(FILE).read_bytes()
    return frozenset(data.decode("ascii").split()), hashlib.sha256(data).hexdigest()[:16]


def words() -> frozenset[str]:
    """Every listed word."""
    return _loaded()[0]


@lru_cache(maxsize=1)
def _bases_listed() -> frozenset[str]:
    """The listed words whose inflections count too: those of the default list."""

    english = load(None)

    def known(w: str) -> bool:            # the first word starting with w is w
        lo, hi = english.prefix_range(w)
        return lo < hi and english.words[lo] == w
    return frozenset(filter(known, words()))


@lru_cache(maxsize=1)
def _stemmer():
    import snowballstemmer
    return snowballstemmer.stemmer("english")


@lru_cache(maxsize=4096)
def _stem(word: str) -> str:
    """The Snowball (English) stem: slow in pure Python, so remembered."""
    return _stemmer().stemWord(word)


def _bases(word: str) -> list[str]:
    """The words ``word`` may inflect: each ending taken off (a doubled final
    consonant also undoubled: shitting -> shit)."""
    out = []
    for end, back in _BY_LAST.get(word[-1:], ()):
        stem = word[:-len(end)]
        if word.endswith(end) and len(stem) >= 2:
            out.append(stem + back)
            if not back and len(stem) >= 3 and stem[-1] == stem[-2] and stem[-1] not in "aeiou":
                out.append(stem[:-1])
    return out


def is_offensive(word: str) -> bool:
    """Is ``word`` (any case) a listed word or an inflection of one?"""
    w = word.lower()
    if w in words():
        return True
    bases = [b for b in _bases(w) if b in words()]
    return bool(bases) and any(b in _bases_listed() and _stem(w) in (b, _stem(b))
                               for b in bases)


def found_in(wordlist) -> frozenset[str]:
    """The offensive words of a sorted word list, looked for only where a listed
    word (less its last letter) starts: a few thousand binary searches, not a
    test of every word."""
    heads = {w[:-1] for w in words()}
    out = set()
    for head in heads:
        lo, hi = wordlist.prefix_range(head)
        longest = len(head) + 6         # the base is 1 letter longer, an ending 1 to 5
        out.update(w for w in wordlist.words[lo:hi] if len(w) <= longest and is_offensive(w))
    return frozenset(out)


def clean(wordlist):
    """``wordlist`` (a sorted :class:`~pyengine.words.wordlist.WordList`) without its
    offensive words: a list of its own with the same label, cached on ``wordlist``."""
    return wordlist.without("clean-" + _loaded()[1], found_in)


def choosable(wordlist, allow_offensive: bool = False):
    """The words a puzzle may choose from: ``wordlist``, cleaned unless
    ``allow_offensive``."""
    return wordlist if allow_offensive else clean(wordlist)
