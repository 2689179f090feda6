"""Coined compounds: when no listed word or name fits a riddle, two listed words joined.

Old riddles sometimes answer with a compound no list holds ("death" + "rune"). The
``coin`` stage (after ``near``) proposes such answers from the letter sets alone:

``split_at_cuts``     no word and no name fits: for each cut point (each half at least
                      ``COIN_MIN_HALF`` letters) a left ``CoinHalf`` over positions
                      1..cut and a right one over cut+1..length, each starting with
                      every familiar word (zipf >= ``COIN_MIN_ZIPF``) of its length.
``narrow_coin_half``  each left half is narrowed by the letter sets of its positions,
                      one position a firing, through its length's position index (the
                      same ``WordSet`` narrowing as the solve stage's candidates);
``narrow_right_half`` a right half likewise, once its left half kept words.
``join_halves``       a cut whose two halves both kept words: the ``COIN_HALVES`` most
                      familiar of each side are paired, and the ``COIN_PER_CUT`` pairs
                      whose less familiar half is the most familiar become ``Coined``.

The work is bounded: at most length - 5 cuts, each narrowed once per position, and at
most ``COIN_HALVES`` x ``COIN_HALVES`` pairs weighed per cut. The reader ranks coined
answers after every listed one (``pyengine.puzzles.riddle.solve``).
"""
from __future__ import annotations

from pyengine.engine.compat import experta  # noqa: F401  (patches collections first)

from experta import AS, MATCH, NOT, TEST, KnowledgeEngine, Rule

from pyengine.engine.staging import Stage
from pyengine.facts.riddle import (
    COIN_HALVES, COIN_MIN_HALF, COIN_MIN_ZIPF, COIN_PER_CUT, Candidates, CoinHalf, Coined,
    LetterSet, NameCandidates, Riddle, WordSet)


def _done(end, nxt, words) -> bool:
    """A half narrowed by every position it covers, with words left."""
    return nxt == end + 1 and words.count > 0


class CoinRules(KnowledgeEngine):
    """The ``coin`` stage of the solver (mixed into ``RiddleSolver``; ``self.words``
    is its word list)."""

    coin_fact_classes = (CoinHalf, Coined)

    def familiar_words(self):
        """The part of the list the halves come from (a cached filtered view)."""
        return self.words.filter(min_zipf=COIN_MIN_ZIPF)

    @Rule(Stage("coin"), Riddle(length=MATCH.n),
          Candidates(upto=MATCH.n, words=MATCH.w), TEST(lambda w: w.count == 0),
          NameCandidates(upto=MATCH.n, words=MATCH.nw), TEST(lambda nw: nw.count == 0),
          NOT(CoinHalf()))
    def split_at_cuts(self, n):
        """No listed word or name fits: split the positions at each cut point into a
        left and a right half, each starting with the familiar words of its length."""
        familiar = self.familiar_words()
        for cut in range(COIN_MIN_HALF, n - COIN_MIN_HALF + 1):
            for side, start, end in (("left", 1, cut), ("right", cut + 1, n)):
                index = familiar.position_index(end - start + 1)
                self.declare(CoinHalf(cut=cut, side=side, start=start, end=end, next=start,
                                      words=WordSet(index, index.all)))

    @Rule(Stage("coin"),
          AS.half << CoinHalf(side="left", start=MATCH.s, end=MATCH.e, next=MATCH.k,
                              words=MATCH.w),
          TEST(lambda k, e, w: k <= e and w.count > 0),
          LetterSet(pos=MATCH.k, letters=MATCH.letters))
    def narrow_coin_half(self, half, s, k, w, letters):
        """Keep the half's words whose letter at the position is allowed there."""
        self._narrow(half, s, k, w, letters)

    @Rule(Stage("coin"),
          CoinHalf(cut=MATCH.c, side="left", end=MATCH.e1, next=MATCH.k1, words=MATCH.left),
          TEST(lambda e1, k1, left: _done(e1, k1, left)),
          AS.half << CoinHalf(cut=MATCH.c, side="right", start=MATCH.s, end=MATCH.e,
                              next=MATCH.k, words=MATCH.w),
          TEST(lambda k, e, w: k <= e and w.count > 0),
          LetterSet(pos=MATCH.k, letters=MATCH.letters))
    def narrow_right_half(self, half, s, k, w, letters):
        """A right half is narrowed the same way once its left half kept words (a cut
        whose left half is empty coins nothing)."""
        self._narrow(half, s, k, w, letters)

    def _narrow(self, half, s, k, w, letters) -> None:
        self.modify(half, next=k + 1, words=w.narrow(k - s + 1, letters))

    @Rule(Stage("coin"),
          CoinHalf(cut=MATCH.c, side="left", end=MATCH.e1, next=MATCH.k1, words=MATCH.left),
          TEST(lambda e1, k1, left: _done(e1, k1, left)),
          CoinHalf(cut=MATCH.c, side="right", end=MATCH.e2, next=MATCH.k2, words=MATCH.right),
          TEST(lambda e2, k2, right: _done(e2, k2, right)))
    def join_halves(self, left, right):
        """Both halves of a cut kept words: their most familiar pairs are coined."""
        familiar = self.familiar_words()
        lefts = familiar.ranked(left.words())[:COIN_HALVES]
        rights = familiar.ranked(right.words())[:COIN_HALVES]
        zipf = {w: familiar.zipf100(w) for w in lefts + rights}
        pairs = sorted(((-min(zipf[a], zipf[b]), -zipf[a] - zipf[b], a + b), a, b)
                       for a in lefts for b in rights)
        for key, a, b in pairs[:COIN_PER_CUT]:
            self.declare(Coined(word=a + b, left=a, right=b, key=key))
