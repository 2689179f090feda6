"""The embedded list of names: people, places, works and monuments, one or more words.

Shipped as ``facts/words/names.tsv.gz`` (``key<TAB>name<TAB>zipf100``), built by
``scripts/build_names.py`` from SCOWL's proper-name lists and WordNet's instance
nouns. A name's *key* is its letters without spaces, hyphens or apostrophes
(``Hadrian's Wall`` -> ``hadrianswall``): the riddles count and place letters on
the key and print the name as written.

:func:`load_names` gives a :class:`Names`: the keys as a
:class:`~pyengine.words.wordlist.WordList` (so a riddle narrows them through the
same position index as words, ranked by frequency) and each key's written form.
Loaded on first use only.
"""
from __future__ import annotations

from array import array
from pathlib import Path

from pyengine.words.lexicon import resource
from pyengine.words.wordlist import WordList

_RESOURCE = resource("names.tsv.gz")
LICENCE = ("SCOWL proper names (c) Kevin Atkinson and WordNet 3.0 (c) 2006 Princeton "
           "University; see facts/words/NOTICE.md")


class Names:
    """Name keys (a WordList) and the written form of each key (the most frequent
    when several names share a key)."""

    def __init__(self, keys: WordList, written: dict[str, str]):
        self.keys = keys
        self.written = written

    def name(self, key: str) -> str:
        return self.written.get(key, key)


_LOADED: dict[str, Names] = {}


def load_names(path: str | Path | None = None) -> Names:
    """The embedded names (or those at ``path``), parsed once per process."""
    import gzip

    res = Path(path) if path is not None else _RESOURCE
    got = _LOADED.get(str(res))
    if got is not None:
        return got
    best: dict[str, tuple[int, str]] = {}
    for line in gzip.decompress(res.read_bytes()).decode("utf-8").splitlines():
        key, name, zipf = line.split("\t")
        z = int(zipf)
        if key not in best or z > best[key][0]:
            best[key] = (z, name)
    keys = sorted(best)
    wl = WordList(keys, None, array("h", (best[k][0] for k in keys)), label="names",
                  source="SCOWL proper names and WordNet instances "
                         "(embedded facts/words/names.tsv.gz)",
                  licence=LICENCE, kind="named", path=str(res))
    names = _LOADED[str(res)] = Names(wl, {k: best[k][1] for k in keys})
    return names
