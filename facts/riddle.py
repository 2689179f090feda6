"""Fact vocabulary of the letter riddles ("My first is in deans but not in slats").

Shown CLIPS-style by the session, e.g.::

    (riddle (length 5))
    (clue (pos 1) (first include) (a deans) (second exclude) (b slats))
    (letter-set (pos 1) (letters d e n) (how "in deans, not in slats"))
    (candidates (upto 1) (next 2) (words <618-words>))
    (solution (rank 1) (word earls) (tier 35) (zipf 2.1))

Word lists never become facts: a :class:`WordSet` fact value is a bitset over one
length's words in the list's position index, shown by its size.
"""
from __future__ import annotations

from pyengine.engine.compat import experta  # noqa: F401  (patches collections first)

from experta import Fact, Field

INCLUDE = "include"
EXCLUDE = "exclude"


class Riddle(Fact):
    """The riddle as a whole: ``length`` letters, one per clue."""


class Clue(Fact):
    """One clue line: the letter at ``pos`` is in word ``a`` (``first`` is
    ``"include"``) or is not (``"exclude"``), and likewise ``second`` for word ``b``.
    A one-word clue has no ``second`` and no ``b`` (both read as None). ``pos`` is a
    number, or ``"last"`` until ``place_last_clue`` gives it the riddle's length."""

    second = Field(str, default=None)
    b = Field(str, default=None)

    def halves(self) -> list[tuple[str, str]]:
        """(valence, word) of each clue word, in the order written."""
        pairs = [(self["first"], self["a"])]
        if self["second"] is not None:
            pairs.append((self["second"], self["b"]))
        return pairs


class ExtraClueWord(Fact):
    """A third or later word of one clue line ("My first is in yes, yet and yore":
    ``yore``, ``include``, ``nth`` 3), for the letter at ``pos`` (a number, or
    ``"last"``); ``follows`` is the ``nth`` of the word before it, so the rules take
    the words in the order written."""


def clue_fact(pos, halves) -> Clue:
    """The Clue fact of one line from its first one or two (valence, word) halves."""
    (first, a), *rest = halves
    if not rest:
        return Clue(pos=pos, first=first, a=a)
    (second, b), *_ = rest
    return Clue(pos=pos, first=first, a=a, second=second, b=b)


def line_facts(pos, halves) -> list[Fact]:
    """Every fact of one clue line: its Clue, and an ExtraClueWord per word after the
    second, in the order written."""
    return [clue_fact(pos, halves)] + [
        ExtraClueWord(pos=pos, nth=nth, follows=nth - 1, valence=valence, word=word)
        for nth, (valence, word) in enumerate(halves[2:], start=3)]


class LetterSet(Fact):
    """The letters the word may have at ``pos`` once the clue's halves collapse;
    ``said_in``: the letters of the words the clue says it is in (a letter there that
    the clue still rules out is a printer's likeliest slip: a word it is "not in" holds
    it too)."""


class Candidates(Fact):
    """Words that satisfy the letter sets of positions 1..``upto`` (a WordSet);
    ``next`` = upto + 1 is the position to narrow by next."""


class Solution(Fact):
    """A word that fits every clue, ``rank`` 1 = the highest hint score, then the most
    familiar (tier, then zipf), ``of`` how many fit (words and names; only the first
    ones get a fact); ``score`` and ``because``: its hint evidence."""


class NearWanted(Fact):
    """Asked for (--near): when no word fits every clue, find those that fit all but one."""


class NearMiss(Fact):
    """Words that fit every clue but the one at ``pos`` (and the one at ``also``, when
    not 0): the candidates before ``pos`` narrowed by the letter sets after it, up to
    ``next`` (done at length + 1). ``kind``: ``"words"`` (the list's) or ``"names"``
    (the names' keys). Each is one letter away from a string that fits, when the letter
    set at ``pos`` is not empty."""

    kind = Field(str, default="words")
    also = Field(int, default=0)


#: the riddles that get answers breaking two clues: at least 7 letters (what is left of
#: a shorter one would say little), at most 20 (a bound on the work: a chain per two
#: clues, 190 at 20 letters; the longest printed riddles we have seen spell 16)
NEAR_TWO_MIN_LENGTH = 7
NEAR_TWO_MAX_LENGTH = 20


class NearSolution(Fact):
    """A word (or a name, ``name`` true, as written) that fits every clue but the one at
    ``pos``, ranked like a Solution: ``letter`` is its letter there, ``allowed`` the
    letters the clue allows (empty: none); ``also``, ``also_letter`` and
    ``also_allowed`` the same of a second clue it breaks (``also`` 0: none)."""


# -- coined compounds -------------------------------------------------------------------

COIN_MIN_ZIPF = 3.0     # the halves come from the familiar part of the list (zipf >= 3)
COIN_MIN_NAME_ZIPF = 2.5  # ... and the names of titled and possessive ones (Custer 2.99)
COIN_MIN_HALF = 3       # each half has at least 3 letters
COIN_HALVES = 10        # at most 10 halves (the most familiar) per side of each cut
COIN_PER_CUT = 10       # at most 10 compounds (the most familiar pairs) per cut
NEAR_COIN_PER_CUT = 3   # ... and 3 per cut and broken clue (--near)
#: the longest riddle whose compounds are tried with a broken clue (--near): the work
#: grows with the cuts times the clues (about 3,000 halves at 16 letters)
NEAR_COIN_MAX_LENGTH = 16
#: the words put before a name in the titled compounds (``General Wolfe``, ``Cape Cod``)
COIN_TITLES = ("admiral", "baron", "cape", "captain", "colonel", "count", "duke", "earl",
               "emperor", "fort", "general", "governor", "king", "lady", "lake", "lord",
               "major", "mount", "pope", "port", "president", "prince", "princess",
               "queen", "saint", "sir")
#: the shapes of a coined compound: its name -> (the left half's source, the right's),
#: in the order they rank (two words before a title and a name, before a given name and
#: a surname, before a possessive)
COIN_SHAPES = {"words": ("words", "words"), "titled": ("titles", "names"),
               "full name": ("given names", "surnames"),
               "possessive": ("possessives", "words")}


class CoinHalf(Fact):
    """One side (``"left"``/``"right"``) of a cut after position ``cut`` of a compound
    of ``shape`` (a key of ``COIN_SHAPES``): the words of its side's source (familiar
    words, titles, names, names' possessives) for positions ``start``..``end`` narrowed
    by the letter sets up to ``next`` (done at end + 1), a WordSet over their own
    length's index; ``breaks``: the position of the clue the compound may break
    (``--near``; 0: none), passed by without narrowing."""


class Coined(Fact):
    """A compound whose letters fit every clue: ``left`` + ``right`` (letters only)
    joined in ``word``, ``written`` as printed (``moonwolf``, ``General Wolfe``,
    ``Cleopatra's Needle``), ``shape`` its kind, ``zipf`` its less familiar half's
    frequency and ``key`` its rank (the shape's order, then the less familiar half's
    zipf, then both halves' together)."""


class NearCoined(Fact):
    """A compound whose letters fit every clue but the one at ``pos`` (``--near``, when
    no listed word or name fits all but one): as ``Coined``, with ``letter`` its letter
    there, ``allowed`` the letters the clue allows and ``slip`` whether the letter is in
    a word the clue says it is in."""


class SearchNames(Fact):
    """Names are searched too (``why``: the hint asks for one, or no word fits)."""


class NameCandidates(Fact):
    """Like Candidates, over the keys of the list of names (letters only)."""


# -- hints ----------------------------------------------------------------------------

class HintLine(Fact):
    """A line of the riddle that is not a clue ('My whole is a sign of peace')."""


class HintTerm(Fact):
    """A content word of a hint line: ``word`` as written (lower case), ``stem`` its
    Snowball stem."""


class HintClaim(Fact):
    """What a hint line says outright (``pyengine.puzzles.riddle.claims``): ``kind``
    is-a ('I am a bird': ``word`` bird) or rhyme ('rhymes with hen': ``word`` hen);
    ``stem`` the word's Snowball stem."""


class Contenders(Fact):
    """The candidates the hint rules weigh, of one ``kind`` (words, names, near misses):
    ``words``, the most familiar, at most the solver's ``hint_candidates`` (1000)."""


class Evidence(Fact):
    """What one hint term or claim says for some contenders: ``kind`` (is-a, rhyme,
    category, synonym, gloss, named-by), ``points`` each, ``words``: a tuple of (word, reason) pairs."""


class HintScores(Fact):
    """The hint points and reasons gathered so far for each word (a :class:`Scores`)."""


class Listed:
    """An immutable, hashable sequence as a fact value, shown as ``<N words>`` when it
    holds more than four items (``words()`` lists them, for a full view)."""

    __slots__ = ("items",)

    def __init__(self, items=()):
        self.items = tuple(items)

    def __iter__(self):
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def words(self) -> list[str]:
        return [x if isinstance(x, str) else ": ".join(x) for x in self.items]

    def __eq__(self, other) -> bool:
        return isinstance(other, Listed) and other.items == self.items

    def __hash__(self) -> int:
        return hash(self.items)

    def __str__(self) -> str:
        if len(self.items) > 4:
            return f"<{len(self.items)}-words>"
        return "<" + ",".join(x if isinstance(x, str) else x[0] for x in self.items) + ">"

    __repr__ = __str__


class Weighed(Listed):
    """A word's evidence as a fact value: (kind, points, reason) each, in the order
    added; shown ``<category+3,gloss+1,is-a+5>`` (``words()`` gives the reasons)."""

    __slots__ = ()

    def words(self) -> list[str]:
        return [f"{kind} +{points}: {reason}" for kind, points, reason in self.items]

    def __str__(self) -> str:
        return "<" + ",".join(f"{kind}+{points}" for kind, points, _ in self.items) + ">"

    __repr__ = __str__


class Scores:
    """word -> (points, evidence), immutable and hashable so it can be a fact value; a
    word's evidence is a tuple of (kind, points, reason), in the order added."""

    __slots__ = ("items",)

    def __init__(self, items=()):
        self.items = tuple(items)

    def add(self, points: int, pairs, kind: str = "") -> "Scores":
        """These scores plus ``points`` for each (word, reason) of ``pairs``, as
        evidence of ``kind``."""
        got = {w: (p, e) for w, p, e in self.items}
        for word, reason in pairs:
            p, e = got.get(word, (0, ()))
            got[word] = (p + points, e + ((kind, points, reason),))
        return Scores((w, p, e) for w, (p, e) in sorted(got.items()))

    def points(self, word: str) -> int:
        for w, p, _e in self.items:
            if w == word:
                return p
        return 0

    def as_map(self) -> dict[str, tuple[int, tuple[str, ...]]]:
        """word -> (points, its reasons)."""
        return {w: (p, tuple(r for _k, _p, r in e)) for w, p, e in self.items}

    def evidence(self, word: str) -> Weighed:
        """A word's (kind, points, reason) triples."""
        for w, _p, e in self.items:
            if w == word:
                return Weighed(e)
        return Weighed()

    def __eq__(self, other) -> bool:
        return isinstance(other, Scores) and other.items == self.items

    def __hash__(self) -> int:
        return hash(self.items)

    def __str__(self) -> str:
        return "<" + ",".join(f"{w}:{p}" for w, p, _r in self.items[:4]) + \
            (",..." if len(self.items) > 4 else "") + ">"

    __repr__ = __str__


# -- generation ---------------------------------------------------------------------

class Answer(Fact):
    """The word a riddle is being made for."""


class Letter(Fact):
    """The answer's letter ``char`` at ``pos`` (1-based)."""


class Rivals(Fact):
    """Other words the current clues allow (``count``, a WordSet in ``words``).
    ``count`` 0 means the riddle is unique."""


class Redraw(Fact):
    """The clue at ``pos`` is to be redrawn: it lets through the most rivals, many of
    them with ``letter`` there. Retracted once the new clue is drawn."""


class MustExclude(Fact):
    """Every clue drawn again for ``pos`` must rule out ``letters`` (rivals' letters)."""


class WordSet:
    """A set of same-length words as a bitset over a PositionIndex.

    Hashable and immutable, so it can be a fact value; shown as ``<N words>``
    (or the words themselves when there are only a few)."""

    __slots__ = ("index", "bits", "count")

    def __init__(self, index, bits: int):
        self.index = index
        self.bits = bits
        self.count = bin(bits).count("1")

    def narrow(self, pos: int, letters) -> "WordSet":
        """Keep the words whose letter at 1-based ``pos`` is in ``letters``."""
        allowed = [None] * self.index.length
        allowed[pos - 1] = letters
        return WordSet(self.index, self.bits & self.index.query(allowed))

    def without(self, word: str) -> "WordSet":
        """The same words less ``word``."""
        return WordSet(self.index, self.bits & ~self.index.query([{c} for c in word]))

    def words(self) -> list[str]:
        return self.index.decode(self.bits)

    def __len__(self) -> int:
        return self.count

    def __eq__(self, other) -> bool:
        return isinstance(other, WordSet) and other.index is self.index and other.bits == self.bits

    def __hash__(self) -> int:
        return hash((id(self.index), self.bits))

    def __str__(self) -> str:
        if self.count <= 4:
            return "<" + ",".join(self.words()) + ">" if self.count else "<none>"
        return f"<{self.count}-words>"

    __repr__ = __str__
