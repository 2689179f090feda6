"""The embedded list of names: people, places, works and monuments, one or more words.

Shipped as ``facts/words/names.tsv.gz`` (``key<TAB>name<TAB>zipf100<TAB>census``,
sorted by key, a key's most frequent name first; ``census``: ``g`` a census given name,
``s`` a census surname, ``gs`` both, ``-`` neither), built by
``scripts/build_names.py`` from SCOWL's proper-name lists, WordNet's instance nouns,
capitalised lemmas and titled names (``King Edward``, ``Mount Etna``), the 1990 US
Census's most frequent given names and surnames and GeoNames' places with their
alternative and historical names (``Peking``). A name's *key* is its letters without spaces, hyphens or apostrophes
(``Hadrian's Wall`` -> ``hadrianswall``): the riddles count and place letters on
the key and print the name as written.

:func:`load_names` gives a :class:`Names`: the keys as a
:class:`~pyengine.words.wordlist.WordList` (so a riddle narrows them through the
same position index as words, ranked by frequency) and each key's written form.
Loaded on first use only.
"""
from __future__ import annotations

import unicodedata
from array import array
from pathlib import Path

from pyengine.words.lexicon import resource, tsv_columns
from pyengine.words.wordlist import WordList

_RESOURCE = resource("names.tsv.gz")
LICENCE = ("SCOWL proper names (c) Kevin Atkinson, WordNet 3.0 (c) 2006 Princeton "
           "University, 1990 US Census names (public domain), GeoNames (CC BY 4.0, "
           "geonames.org); see facts/words/NOTICE.md")


def ascii_folded(text: str) -> str:
    """``text`` as the names list keys it, before spaces and marks go: its compatibility
    decomposition, accents and every other non-ASCII character dropped, lower case
    (``Äänekoski``: ``aanekoski``; a Turkish dotless ``ı`` has no ASCII letter and goes)."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


class Names:
    """Name keys (a WordList) and the written form of each key (the most frequent
    when several names share a key)."""

    def __init__(self, keys: WordList, written: dict[str, str], census: dict[str, str]):
        self.keys = keys
        self.written = written
        self.census = census        # key -> "g", "s", "gs" (census given name, surname)
        self._possessives: WordList | None = None

    def name(self, key: str) -> str:
        return self.written.get(key, key)

    def single(self) -> WordList:
        """The keys of the names of one word (``Wolfe``, ``Cleopatra``; not ``Tom
        Wolfe`` or ``O'Neill``), for the compounds a riddle coins (cached on the keys)."""
        return self.keys.without("names of several words", lambda keys: {
            k for k in keys.words if not self.written[k].isalpha()})

    def given_names(self) -> WordList:
        """The keys of the census's given names of one word (``Toby``), cached."""
        return self._census_view("g")

    def surnames(self) -> WordList:
        """The keys of the census's surnames of one word (``Tyler``), cached."""
        return self._census_view("s")

    def _census_view(self, flag: str) -> WordList:
        single = self.single()
        return single.without(f"names not census {flag}", lambda keys: {
            k for k in keys.words if flag not in self.census.get(k, "")})

    def possessives(self) -> WordList:
        """Each name of one word with an s after it (``cleopatras``: Cleopatra's),
        as frequent as the name (cached); :meth:`possessor` reads one back."""
        if self._possessives is None:
            single = self.single()
            keys = sorted(single.words, key=lambda k: k + "s")
            self._possessives = WordList(
                [k + "s" for k in keys], None, array("h", map(single.zipf100, keys)),
                label="names of one word + 's", source=single.source,
                licence=single.licence, kind="view")
        return self._possessives

    def possessor(self, key: str) -> str:
        """The written possessive of a key of :meth:`possessives` (``Cleopatra's``)."""
        return self.name(key[:-1]) + "'s"


_LOADED: dict[str, Names] = {}


def load_names(path: str | Path | None = None) -> Names:
    """The embedded names (or those at ``path``), parsed once per process."""
    res = Path(path) if path is not None else _RESOURCE
    got = _LOADED.get(str(res))
    if got is not None:
        return got
    # rows ``key name zipf100 census``, sorted by key, a key's most frequent name
    # first: the first row of each key wins (~110,000 rows)
    rows_key, rows_name, rows_zipf, rows_census = tsv_columns(res, 4)
    first = dict(zip(reversed(rows_key), range(len(rows_key) - 1, -1, -1)))
    keys = list(dict.fromkeys(rows_key))
    rows = list(map(first.__getitem__, keys))
    zipf = array("h", map(int, map(rows_zipf.__getitem__, rows)))
    wl = WordList(keys, None, zipf, label="names",
                  source="SCOWL proper names, WordNet, US Census names and GeoNames "
                         "(embedded facts/words/names.tsv.gz)",
                  licence=LICENCE, kind="named", path=str(res))
    written = dict(zip(keys, map(rows_name.__getitem__, rows)))
    census = {k: c for k, c in zip(keys, map(rows_census.__getitem__, rows)) if c != "-"}
    names = _LOADED[str(res)] = Names(wl, written, census)
    return names
