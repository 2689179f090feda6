"""Coined compounds: when no listed word or name fits a riddle, two halves joined.

Old riddles sometimes answer with a compound no list holds: two words ("death" +
"rune"), a title before a name ("General" + "Wolfe"), a given name before a surname
("Toby" + "Tyler"), a name's possessive before a word ("Cleopatra's" + "Needle"). The
``coin`` stage (after ``near``) proposes such answers from the letter sets alone, one
shape (``COIN_SHAPES``) at a time:

``split_at_cuts``          no word and no name fits: for each cut point (each half at
                           least ``COIN_MIN_HALF`` letters) a left ``CoinHalf`` over
                           positions 1..cut and a right one over cut+1..length, each
                           starting with every familiar word (zipf >= ``COIN_MIN_ZIPF``)
                           of its length.
``split_after_titles``     likewise, a cut after each length of title (``COIN_TITLES``:
                           King, General, Mount ...): the titles on the left, the
                           familiar names of one word (zipf >= ``COIN_MIN_NAME_ZIPF``)
                           on the right.
``split_after_given_names`` likewise, the census's given names on the left, its
                           surnames on the right, as familiar as the words of two-word
                           compounds (zipf >= ``COIN_MIN_ZIPF``: a given name and a
                           surname pair up thousands a side, as words do).
``split_after_possessives`` likewise, a cut after each length of a name of one word with
                           its s: those possessives on the left, familiar words on the
                           right.
``split_with_a_broken_clue`` ``--near``, and no listed word or name fits all clues but
                           one: every shape once more for each clue (``breaks``), for
                           riddles of ``NEAR_TWO_MIN_LENGTH`` to ``NEAR_COIN_MAX_LENGTH``
                           letters.
``narrow_coin_half``       each left half is narrowed by the letter sets of its
                           positions, one position a firing, through its length's
                           position index (the same ``WordSet`` narrowing as the solve
                           stage's candidates);
``narrow_right_half``      a right half likewise, once its left half kept words;
``pass_broken_clue``       a half passes the clue its compound may break.
``join_halves``            a cut whose two halves both kept words: the ``COIN_HALVES``
                           most familiar of each side are paired, and the
                           ``COIN_PER_CUT`` pairs whose less familiar half is the most
                           familiar become ``Coined``;
``join_near_halves``       the same of a cut that breaks a clue: ``NEAR_COIN_PER_CUT``
                           pairs become ``NearCoined``, a printer's likely slip first.

The work is bounded: at most length - 5 cuts of each shape, each narrowed once per
position, and at most ``COIN_HALVES`` x ``COIN_HALVES`` pairs weighed per cut (with a
broken clue, that times the length, up to 16 letters). The reader ranks coined answers
after every listed one, the shapes in ``COIN_SHAPES``'s order, and near coined ones
after every listed near answer (``pyengine.puzzles.riddle.solve``).
"""
from __future__ import annotations

from array import array
from functools import cached_property

from pyengine.engine.compat import experta  # noqa: F401  (patches collections first)

from experta import AS, MATCH, NOT, TEST, KnowledgeEngine, P, Rule

from pyengine.engine.staging import Stage
from pyengine.facts.riddle import (
    COIN_HALVES, COIN_MIN_HALF, COIN_MIN_NAME_ZIPF, COIN_MIN_ZIPF, COIN_PER_CUT,
    COIN_SHAPES, COIN_TITLES, NEAR_COIN_MAX_LENGTH, NEAR_COIN_PER_CUT, NEAR_TWO_MIN_LENGTH,
    Candidates, CoinHalf, Coined, LetterSet, NameCandidates, NearCoined, NearMiss,
    NearWanted, Riddle, WordSet)
from pyengine.words.offensive import choosable
from pyengine.words.wordlist import WordList


def _kept(words) -> bool:
    return words.count > 0


def _done(end, nxt, words) -> bool:
    """A half narrowed by every position it covers, with words left."""
    return nxt == end + 1 and words.count > 0


#: the coin stage starts when neither a word nor a name fits
NOTHING_FITS = (Stage("coin"), Riddle(length=MATCH.n),
                Candidates(upto=MATCH.n, words=MATCH.w), TEST(lambda w: w.count == 0),
                NameCandidates(upto=MATCH.n, words=MATCH.nw), TEST(lambda nw: nw.count == 0))


class CoinRules(KnowledgeEngine):
    """The ``coin`` stage of the solver (mixed into ``RiddleSolver``; ``self.words``
    is its word list, ``self.hints.names`` the names)."""

    coin_fact_classes = (CoinHalf, Coined, NearCoined)

    @cached_property
    def coin_titles(self) -> WordList:
        """``COIN_TITLES`` as a word list, each as frequent as in the engine's list."""
        return WordList(COIN_TITLES, None, array("h", map(self.words.zipf100, COIN_TITLES)),
                        label="titles", source="COIN_TITLES", licence="", kind="view")

    def coin_source(self, source: str) -> WordList:
        """The words a half of a compound comes from (cached lists)."""
        if source == "words":           # chosen by the solver: no offensive word
            return choosable(self.words.filter(min_zipf=COIN_MIN_ZIPF))
        if source == "titles":
            return self.coin_titles
        names = self.hints.names
        if source in ("given names", "surnames"):   # thousands a side, as many as words
            got = names.given_names() if source == "given names" else names.surnames()
            return got.filter(min_zipf=COIN_MIN_ZIPF)
        got = names.single() if source == "names" else names.possessives()
        return got.filter(min_zipf=COIN_MIN_NAME_ZIPF)

    def _split(self, shape: str, n: int, breaks=(0,)) -> None:
        """Declare a left and a right half of ``shape`` at each of its cuts (each half at
        least ``COIN_MIN_HALF`` letters), once for each clue in ``breaks`` it may break
        (0: none)."""
        left, right = (self.coin_source(s) for s in COIN_SHAPES[shape])
        for broken in breaks:
            for cut in coin_cuts(shape, n):
                for side, source, start, end in (("left", left, 1, cut),
                                                 ("right", right, cut + 1, n)):
                    index = source.position_index(end - start + 1)
                    self.declare(CoinHalf(cut=cut, shape=shape, side=side, start=start,
                                          end=end, next=start, breaks=broken,
                                          words=WordSet(index, index.all)))

    @Rule(*NOTHING_FITS, NOT(CoinHalf(shape="words", breaks=0)))
    def split_at_cuts(self, n):
        """No listed word or name fits: split the positions at each cut point into a
        left and a right half, each starting with the familiar words of its length."""
        self._split("words", n)

    @Rule(*NOTHING_FITS, NOT(CoinHalf(shape="titled", breaks=0)))
    def split_after_titles(self, n):
        """No listed word or name fits: a title of each length (General, King, Mount)
        before a name of one word."""
        self._split("titled", n)

    @Rule(*NOTHING_FITS, NOT(CoinHalf(shape="full name", breaks=0)))
    def split_after_given_names(self, n):
        """No listed word or name fits: a census given name (Toby) before a census
        surname (Tyler)."""
        self._split("full name", n)

    @Rule(*NOTHING_FITS, NOT(CoinHalf(shape="possessive", breaks=0)))
    def split_after_possessives(self, n):
        """No listed word or name fits: a name's possessive (Cleopatra's) before a
        familiar word."""
        self._split("possessive", n)

    @Rule(*NOTHING_FITS, NearWanted(), NOT(NearMiss(also=0, words=P(_kept))),
          TEST(lambda n: NEAR_TWO_MIN_LENGTH <= n <= NEAR_COIN_MAX_LENGTH),
          NOT(CoinHalf(breaks=P(lambda b: b > 0))))
    def split_with_a_broken_clue(self, n):
        """--near, and no listed word or name fits all clues but one: every shape's
        halves once more for each clue, that clue passed by (a printer's error in a
        compound: Toby Tyler)."""
        for shape in COIN_SHAPES:
            self._split(shape, n, range(1, n + 1))

    @Rule(Stage("coin"),
          AS.half << CoinHalf(side="left", start=MATCH.s, end=MATCH.e, next=MATCH.k,
                              breaks=MATCH.b, words=MATCH.w),
          TEST(lambda k, e, w, b: k <= e and w.count > 0 and k != b),
          LetterSet(pos=MATCH.k, letters=MATCH.letters))
    def narrow_coin_half(self, half, s, k, w, letters):
        """Keep the half's words whose letter at the position is allowed there."""
        self._narrow(half, s, k, w, letters)

    @Rule(Stage("coin"),
          CoinHalf(cut=MATCH.c, shape=MATCH.shape, side="left", end=MATCH.e1,
                   next=MATCH.k1, breaks=MATCH.b, words=MATCH.left),
          TEST(lambda e1, k1, left: _done(e1, k1, left)),
          AS.half << CoinHalf(cut=MATCH.c, shape=MATCH.shape, side="right", start=MATCH.s,
                              end=MATCH.e, next=MATCH.k, breaks=MATCH.b, words=MATCH.w),
          TEST(lambda k, e, w, b: k <= e and w.count > 0 and k != b),
          LetterSet(pos=MATCH.k, letters=MATCH.letters))
    def narrow_right_half(self, half, s, k, w, letters):
        """A right half is narrowed the same way once its left half kept words (a cut
        whose left half is empty coins nothing)."""
        self._narrow(half, s, k, w, letters)

    @Rule(Stage("coin"),
          AS.half << CoinHalf(next=MATCH.k, breaks=MATCH.k, end=MATCH.e, words=P(_kept)),
          TEST(lambda k, e: k <= e))
    def pass_broken_clue(self, half, k):
        """A half passes the clue its compound may break without narrowing."""
        self.modify(half, next=k + 1)

    def _narrow(self, half, s, k, w, letters) -> None:
        self.modify(half, next=k + 1, words=w.narrow(k - s + 1, letters))

    @Rule(Stage("coin"),
          CoinHalf(cut=MATCH.c, shape=MATCH.shape, side="left", end=MATCH.e1,
                   next=MATCH.k1, breaks=0, words=MATCH.left),
          TEST(lambda e1, k1, left: _done(e1, k1, left)),
          CoinHalf(cut=MATCH.c, shape=MATCH.shape, side="right", end=MATCH.e2,
                   next=MATCH.k2, breaks=0, words=MATCH.right),
          TEST(lambda e2, k2, right: _done(e2, k2, right)))
    def join_halves(self, shape, left, right):
        """Both halves of a cut kept words: their most familiar pairs are coined."""
        for key, a, b in self._pairs(shape, left, right, COIN_PER_CUT):
            self.declare(Coined(word=a + b, left=a, right=b, shape=shape,
                                written=self._written(shape, a, b), zipf=-key[1] / 100,
                                key=key))

    @Rule(Stage("coin"),
          CoinHalf(cut=MATCH.c, shape=MATCH.shape, side="left", end=MATCH.e1,
                   next=MATCH.k1, breaks=MATCH.p, words=MATCH.left),
          TEST(lambda e1, k1, left, p: p > 0 and _done(e1, k1, left)),
          CoinHalf(cut=MATCH.c, shape=MATCH.shape, side="right", end=MATCH.e2,
                   next=MATCH.k2, breaks=MATCH.p, words=MATCH.right),
          TEST(lambda e2, k2, right: _done(e2, k2, right)),
          LetterSet(pos=MATCH.p, letters=MATCH.allowed, said_in=MATCH.said))
    def join_near_halves(self, shape, p, left, right, allowed, said):
        """... and so are those of a cut whose compound breaks one clue, a printer's
        likely slip first."""
        for key, a, b in self._pairs(shape, left, right, NEAR_COIN_PER_CUT):
            letter = (a + b)[p - 1]
            self.declare(NearCoined(
                word=a + b, left=a, right=b, shape=shape, written=self._written(shape, a, b),
                zipf=-key[1] / 100, key=(letter not in said,) + key, pos=p, letter=letter,
                allowed="".join(sorted(allowed)), slip=letter in said))

    def _pairs(self, shape: str, left, right, most: int) -> list[tuple]:
        """The ``most`` most familiar pairs of a cut's halves, as (rank key, left, right):
        the ``COIN_HALVES`` most familiar words of each side paired, the pairs whose less
        familiar half is the most familiar first."""
        sources = [self.coin_source(s) for s in COIN_SHAPES[shape]]
        lefts = sources[0].ranked(left.words())[:COIN_HALVES]
        rights = sources[1].ranked(right.words())[:COIN_HALVES]
        zipf = {("l", w): sources[0].zipf100(w) for w in lefts}
        zipf.update({("r", w): sources[1].zipf100(w) for w in rights})
        order = list(COIN_SHAPES).index(shape)
        return sorted(((order, -min(zipf["l", a], zipf["r", b]),
                        -zipf["l", a] - zipf["r", b], a + b), a, b)
                      for a in lefts for b in rights)[:most]

    def _written(self, shape: str, a: str, b: str) -> str:
        """A compound as printed: ``moonwolf``, ``General Wolfe``, ``Cleopatra's Needle``."""
        names = self.hints.names
        if shape == "titled":
            return f"{a.capitalize()} {names.name(b)}"
        if shape == "possessive":
            return f"{names.possessor(a)} {b.capitalize()}"
        if shape == "full name":
            return f"{names.name(a)} {names.name(b)}"
        return a + b


def coin_cuts(shape: str, n: int) -> range | list[int]:
    """The cut points of ``shape`` in a riddle of ``n`` letters, each half at least
    ``COIN_MIN_HALF`` letters: after each length of title, after each length of a
    possessive (its s too), or at every point."""
    low, high = COIN_MIN_HALF, n - COIN_MIN_HALF
    if shape == "titled":
        return [c for c in sorted({len(t) for t in COIN_TITLES}) if low <= c <= high]
    return range(low + (shape == "possessive"), high + 1)
