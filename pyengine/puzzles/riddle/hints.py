"""The hint lines' service: what the riddle's ``read-hints`` and ``names`` rules ask
of the lexicon and of the list of names.

A :class:`HintReader` is handed to the rules (``session.provide(hints=...)``) the way
the word list is: the rules decide which hint terms count and what each kind of
evidence is worth (``rules/riddle.py``); the reader only answers questions about
words, through the embedded WordNet lexicon (:mod:`pyengine.words.lexicon`), loaded
on the first question, so a riddle without hint lines never loads it.

Each question takes a hint term's stem and the contenders, and returns the
(word, reason) pairs it holds for, the reason a sentence for ``--json``'s
``because``::

    in_category("insect", ["eating", "earwig"]) -> [("earwig", "insect is a hypernym of earwig")]
"""
from __future__ import annotations

from pyengine.puzzles.riddle.claims import HINT_FILLER, read_claims
from pyengine.puzzles.riddle.limits import MAX_TERMS_PER_LINE
from pyengine.engine.wording import with_article
from pyengine.words.lexicon import content_words, load_lexicon, stem
from pyengine.words.names import load_names
from pyengine.words.rhymes import load_rhymes

#: categories too general to tell words apart ('a thing', 'an object')
GENERIC = frozenset(stem(w) for w in """
entity object whole unit thing abstraction being physical matter part
""".split())


def _clip(gloss: str | None, width: int = 64) -> str:
    """A gloss cut to about ``width`` characters at a word boundary, for a reason."""
    gloss = gloss or ""
    if len(gloss) <= width:
        return gloss
    return gloss[:width].rsplit(" ", 1)[0] + " ..."


class HintReader:
    """Answers the hint rules' questions about words (a lazily loaded lexicon)."""

    def __init__(self, loader=load_lexicon, names_loader=None, rhymes_loader=None):
        self._loader = loader
        self._lexicon = None
        self._names_loader = names_loader
        self._names = None
        self._rhymes_loader = rhymes_loader
        self._rhymes = None
        self._indexed: dict[int, tuple] = {}      # id(contenders) -> (them, index)

    @property
    def names(self):
        """The embedded names (:class:`pyengine.words.names.Names`), loaded on first use."""
        if self._names is None:
            self._names = (self._names_loader or load_names)()
        return self._names

    @property
    def rhymes(self):
        """The rhyme table (:class:`pyengine.words.rhymes.Rhymes`), loaded on first use."""
        if self._rhymes is None:
            self._rhymes = (self._rhymes_loader or load_rhymes)()
        return self._rhymes

    @property
    def lexicon(self):
        if self._lexicon is None:
            self._lexicon = self._loader()
        return self._lexicon

    def terms(self, text: str) -> list[tuple[str, str]]:
        """(word, stem) of each content word of a hint line, once each, in order (at
        most ``MAX_TERMS_PER_LINE``)."""
        out: dict[str, str] = {}
        for word in content_words(text[:2000]):
            word = word.removesuffix("'s")
            if word not in HINT_FILLER and "'" not in word:
                out.setdefault(stem(word), word)
                if len(out) == MAX_TERMS_PER_LINE:
                    break
        return [(w, s) for s, w in out.items()]

    @staticmethod
    def claims(text: str):
        """What a hint line says outright (:func:`pyengine.puzzles.riddle.claims.read_claims`)."""
        return read_claims(text)

    def asks_for_name(self, text: str) -> str | None:
        """Why a hint line asks for a name ('a poet': poet is a category of names;
        a capitalised title such as 'A Famous Admiral'), or None."""
        words = [w for w in text.replace("\u2019", "'").split() if w[:1].isalpha()]
        small = {"a", "an", "the", "of", "and", "in", "on", "to", "for", "my"}
        if len(words) >= 2 and all(w[:1].isupper() or w.lower() in small for w in words) \
                and sum(w[:1].isupper() for w in words) >= 2:
            return f"'{text.strip()}' is a capitalised title"
        cats = self.lexicon.name_categories
        for word, key in self.terms(text):
            if key in cats:
                return f"names include {with_article(word)}"
        return None

    def _index(self, words) -> dict[str, dict[str, list[str]]]:
        """For the contenders ``words`` (a tuple, indexed once and kept, with the last
        few, while that same tuple is asked about): kind -> stem key -> its words."""
        got = self._indexed.get(id(words))
        if got is not None and got[0] is words:
            return got[1]
        lex = self.lexicon
        index: dict[str, dict[str, list[str]]] = {"category": {}, "synonym": {},
                                                   "gloss": {}, "stem": {}}
        for w in words:
            for kind, keys in (("category", lex.categories(w)), ("synonym", lex.synonyms(w)),
                               ("gloss", lex.gloss_stems(w)), ("stem", (stem(w.lower()),))):
                for k in keys:
                    index[kind].setdefault(k, []).append(w)
        if len(self._indexed) >= 4:
            self._indexed.clear()
        self._indexed[id(words)] = (words, index)
        return index

    def in_category(self, key: str, words) -> list[tuple[str, str]]:
        """Words with a lemma of stem ``key`` on their hypernym chains."""
        if key in GENERIC:
            return []
        lex = self.lexicon
        return [(w, f"{lex.categories(w)[key]} is a hypernym of {w}")
                for w in self._index(words)["category"].get(key, ())]

    def synonym_of(self, key: str, words) -> list[tuple[str, str]]:
        """Words that share a sense with a lemma of stem ``key``."""
        lex = self.lexicon
        return [(w, f"{lex.synonyms(w)[key]} is a synonym of {w}")
                for w in self._index(words)["synonym"].get(key, ())]

    def in_gloss(self, term: str, key: str, words) -> list[tuple[str, str]]:
        """Words whose glosses hold a word of stem ``key``."""
        lex = self.lexicon
        return [(w, f"'{term}' is in the gloss of {w}: '{_clip(lex.gloss_with(w, key))}'")
                for w in self._index(words)["gloss"].get(key, ()) if stem(w.lower()) != key]

    def named_by(self, term: str, key: str, words) -> list[tuple[str, str]]:
        """Words named in the glosses of the hint term itself ('croak': 'a harsh
        hoarse utterance (as of a frog)')."""
        lex = self.lexicon
        by_stem = self._index(words)["stem"]
        out = []
        for k in sorted(lex.gloss_stems(term) - {key}):
            for w in by_stem.get(k, ()):
                out.append((w, f"{w} is in the gloss of {term}: "
                               f"'{_clip(lex.gloss_with(term, k))}'"))
        return out

    def what_it_is(self, term: str, key: str, words) -> list[tuple[str, str]]:
        """Words that are what a claim says the answer is ('I am a bird'): ``key`` on
        their hypernym chains, or a synonym of one of their senses."""
        said = f"the hint says it is {with_article(term)}: "
        return [(w, said + why) for w, why in self.in_category(key, words)
                + self.synonym_of(key, words)]

    def rhymes_with(self, term: str, words) -> list[tuple[str, str]]:
        """Words that rhyme with ``term`` (not ``term`` itself): by sound, or by
        spelling when the rhyme table holds one of the two words."""
        out = []
        shared_with_term = self.rhymes.with_word(term)
        for w in words:
            got = shared_with_term(w)
            if got is not None:
                rhyme, spelled = got
                how = f"by spelling, {rhyme}" if spelled else f"sound {rhyme}"
                out.append((w, f"{w} rhymes with {term} ({how})"))
        return out
