"""The embedded lexical resource: WordNet 3.0 glosses, synonyms and hypernym chains
for the words of the default list and for WordNet's names (instances).

Shipped as ``facts/words/lexicon.tsv.gz``, built by ``scripts/build_lexicon.py``
(see its docstring for the format; licence in ``facts/words/LICENSE-WordNet.txt``).
Loaded on first use (:func:`load_lexicon`), parsed once per process and kept in the
words' disk cache like the list indexes, so a riddle without hint lines never
touches it.

The :class:`Lexicon` answers the questions the riddle's hint rules ask of a word:
its categories (the lemmas on its hypernym chains: earwig -> insect -> arthropod ->
animal), its synonyms (the other lemmas of its senses) and the words of its glosses,
all compared by their Snowball stems with stop words left out.
"""
from __future__ import annotations

import re
from pathlib import Path

from pyengine.words.cache import FORMAT as _FORMAT
from pyengine.words.cache import cache_load, cache_save

_REPO = Path(__file__).resolve().parents[2]


def resource(name: str):
    """An embedded data file under facts/words (``pyengine.facts`` when installed)."""
    try:
        from importlib.resources import files
        return files("pyengine.facts") / "words" / name
    except ModuleNotFoundError:
        return _REPO / "facts" / "words" / name


def tsv_columns(res, width: int) -> list[list[str]]:
    """The ``width`` columns of a gzipped tab-separated file (a path or a
    :func:`resource`) of ``width`` fields a line, read in bulk: one split for the
    whole file."""
    import gzip

    flat = gzip.decompress(res.read_bytes()).decode("utf-8").replace("\n", "\t")
    cells = flat.split("\t")[:-1]
    return [cells[i::width] for i in range(width)]


_RESOURCE = resource("lexicon.tsv.gz")
LICENCE = ("WordNet 3.0 (c) 2006 Princeton University, WordNet licence, see "
           "facts/words/LICENSE-WordNet.txt")

#: common English function words: never compared (a hint's "the", a gloss's "of")
STOP_WORDS = frozenset("""
a about above after again against all also am an and any are as at be because been
before being below between both but by can could did do does doing down during each
either etc few for from further had has have having he her here hers herself him himself
his how i if in into is it its itself just me more most much my myself neither no nor
not now of off on once one only or other our ours ourselves out over own same she should
so some such than that the their theirs them themselves then there these they this those
through to too under until up upon us used usually very was we were what when where which
while who whom whose why will with within without would yet you your yours yourself
especially something someone somebody anything thing things certain various kind sort
often make made may might must shall
""".split())
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
_STEMS: dict[str, str] = {}
_STEMMER = None


def stem(word: str) -> str:
    """The Snowball (Porter 2) stem of a lower-case word, memoised."""
    global _STEMMER
    got = _STEMS.get(word)
    if got is None:
        if _STEMMER is None:
            import snowballstemmer
            _STEMMER = snowballstemmer.stemmer("english")
        got = _STEMS[word] = _STEMMER.stemWord(word)
    return got


def content_words(text: str) -> list[str]:
    """The lower-case words of ``text`` that are not stop words, in order."""
    return [w for w in _WORD.findall(text.lower().replace("\u2019", "'"))
            if w not in STOP_WORDS and len(w) > 1]


def lemma_stem(lemma: str) -> str:
    """A lemma's key: the stems of its words joined by spaces ('bird_of_prey' ->
    'bird of prey')."""
    return " ".join(stem(w) for w in lemma.lower().replace("_", " ").replace("-", " ").split())


class Lexicon:
    """Synsets (part of speech, lemmas, hypernym ids, gloss) and the senses of each
    entry (a default-list word, or a name as written)."""

    def __init__(self, pos, lemmas, hypers, glosses, entries, named=()):
        self.pos, self.lemmas, self.hypers, self.glosses = pos, lemmas, hypers, glosses
        self.entries = entries
        self.named = named          # synsets names are instances of (poet, city ...)
        self._memo: dict[tuple[str, str], object] = {}
        self._name_categories: frozenset[str] | None = None

    @property
    def name_categories(self) -> frozenset[str]:
        """Stem keys of the categories names are instances of ('poet', 'citi', 'river')."""
        if self._name_categories is None:
            self._name_categories = frozenset(
                lemma_stem(lemma) for s in self.named for lemma in self.lemmas[s].split())
        return self._name_categories

    def __contains__(self, word: str) -> bool:
        return word in self.entries

    def senses(self, word: str) -> tuple[int, ...]:
        return self.entries.get(word, ())

    def _cached(self, kind: str, word: str, build):
        key = (kind, word)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = build(word)
        return got

    def ancestors(self, word: str) -> tuple[int, ...]:
        """Every synset on the hypernym chains of ``word``'s senses (not the senses)."""
        def build(w):
            seen: dict[int, None] = {}
            todo = [h for s in self.senses(w) for h in self.hypers[s]]
            while todo:
                s = todo.pop(0)
                if s not in seen:
                    seen[s] = None
                    todo.extend(self.hypers[s])
            return tuple(seen)
        return self._cached("ancestors", word, build)

    def categories(self, word: str) -> dict[str, str]:
        """Stem key -> lemma for every lemma on ``word``'s hypernym chains
        (earwig: insect, arthropod, invertebrate, animal, organism ...)."""
        def build(w):
            out: dict[str, str] = {}
            for s in self.ancestors(w):
                for lemma in self.lemmas[s].split():
                    out.setdefault(lemma_stem(lemma), lemma.replace("_", " "))
            return out
        return self._cached("categories", word, build)

    def synonyms(self, word: str) -> dict[str, str]:
        """Stem key -> lemma for the other lemmas of ``word``'s senses."""
        def build(w):
            own = lemma_stem(w)
            out: dict[str, str] = {}
            for s in self.senses(w):
                for lemma in self.lemmas[s].split():
                    key = lemma_stem(lemma)
                    if key != own:
                        out.setdefault(key, lemma.replace("_", " "))
            return out
        return self._cached("synonyms", word, build)

    def gloss_stems(self, word: str) -> frozenset[str]:
        """The stems of the content words of ``word``'s glosses."""
        def build(w):
            return frozenset(stem(x) for s in self.senses(w)
                             for x in content_words(self.glosses[s]))
        return self._cached("gloss", word, build)

    def gloss_with(self, word: str, key: str) -> str | None:
        """The first part of a gloss of ``word`` (its definition, or one example)
        holding a word of stem ``key`` (for evidence)."""
        for s in self.senses(word):
            for part in self.glosses[s].split(";"):
                if any(stem(x) == key for x in content_words(part)):
                    return part.strip().strip('"')
        return None

    def is_instance(self, word: str) -> bool:
        """Is ``word`` a name (a WordNet instance: a person, place, work ...)?"""
        return bool(word) and word[:1].isupper() and word in self.entries


def _parse(raw: bytes) -> tuple:
    import gzip
    pos, lemmas, hypers, glosses, named = [], [], [], [], []
    entries: dict[str, tuple[int, ...]] = {}
    for line in gzip.decompress(raw).decode("utf-8").splitlines():
        f = line.split("\t")
        if f[0] == "S":
            pos.append(f[2])
            lemmas.append(f[3])
            hypers.append(tuple(int(h) for h in f[4].split(",")) if f[4] else ())
            glosses.append(f[5])
        elif f[0] == "C":
            named.append(int(f[1]))
        else:
            entries[f[1]] = tuple(int(s) for s in f[2].split())
    return tuple(pos), tuple(lemmas), tuple(hypers), tuple(glosses), entries, tuple(named)


def _ok(data) -> bool:
    pos, lemmas, hypers, glosses, entries, _named = data
    return len(pos) == len(lemmas) == len(hypers) == len(glosses) and isinstance(entries, dict)


_LOADED: dict[str, Lexicon] = {}


def load_lexicon(path: str | Path | None = None) -> Lexicon:
    """The embedded lexicon (or the one at ``path``), parsed once per process and
    kept in the disk cache keyed on the file's checksum."""
    import hashlib

    res = Path(path) if path is not None else _RESOURCE
    got = _LOADED.get(str(res))
    if got is not None:
        return got
    raw = res.read_bytes()
    key = (_FORMAT, "lexicon", hashlib.sha1(raw).hexdigest())
    data = cache_load(key, "lexicon", _ok)
    if data is None:
        data = _parse(raw)
        cache_save(key, "lexicon", data)
    lex = _LOADED[str(res)] = Lexicon(*data)
    return lex
