"""Near answers (``--near``): when no word fits every clue, those that fit all but one,
and when none does, all but two (a printed riddle with two printer's errors).

Mixed into ``RiddleSolver`` (``rules/riddle.py``); ``self.words`` is its word list,
``self.hints.names`` the names. A ``NearMiss`` is a chain like the solve stage's
``Candidates``: the candidates before a broken clue, narrowed by the letter sets after
it, one position a firing, done at length + 1. The rules, top to bottom:

``break_clue``               (stage ``near``) no word fits: a chain per clue, broken
                             there, from the words before it;
``break_clue_of_names``      ... and from the names, when no name fits either;
``narrow_near_miss``         each chain narrowed by the next letter set.
``break_two_clues``          (stage ``near-two``) no word, no name fits, and no chain
                             of one broken clue kept any: a chain per two clues (the
                             second, ``also``, skipped on the way), for riddles of
                             ``NEAR_TWO_MIN_LENGTH`` to ``NEAR_TWO_MAX_LENGTH``
                             letters (fewer clues left would say little; more, a
                             bound on the work);
``break_two_clues_of_names`` ... and from the names;
``skip_second_broken_clue``  a chain passes its second broken clue unnarrowed;
``narrow_twice_broken``      and is narrowed by the others while it keeps words.
``rank_near_misses``         (stage ``rank``) each finished chain's words and names,
``rank_twice_broken``        ranked like solutions as ``NearSolution`` facts with the
                             letter at each broken clue: the hint score first, then
                             the likely printer's slips (a broken letter that is in a
                             word its clue says it is in: only a "not in" word is
                             wrong), then words before names, most familiar first.
"""
from __future__ import annotations

from pyengine.engine.compat import experta  # noqa: F401  (patches collections first)

from experta import AS, MATCH, NOT, TEST, KnowledgeEngine, P, Rule  # noqa: E402

from pyengine.engine.staging import Stage  # noqa: E402
from pyengine.facts.riddle import (  # noqa: E402
    NEAR_TWO_MAX_LENGTH, NEAR_TWO_MIN_LENGTH, Candidates, HintScores, LetterSet, NameCandidates, NearMiss,
    NearSolution, NearWanted, Riddle)


def _kept(words) -> bool:
    return words.count > 0


#: no word fits every clue, and no name either (or none was searched)
NOTHING_FITS = (NearWanted(), Riddle(length=MATCH.n),
                Candidates(upto=MATCH.n, words=P(lambda w: w.count == 0)),
                NOT(NameCandidates(upto=MATCH.n, words=P(_kept))))
#: ... and no chain of one broken clue kept a word or a name
NONE_NEAR = (*NOTHING_FITS, NOT(NearMiss(also=0, words=P(_kept))),
             TEST(lambda n: NEAR_TWO_MIN_LENGTH <= n <= NEAR_TWO_MAX_LENGTH))


class NearRules(KnowledgeEngine):
    """The ``near`` and ``near-two`` stages of the solver, and the ranking of what they
    find."""

    near_fact_classes = (NearWanted, NearMiss, NearSolution)

    @Rule(Stage("near"), NearWanted(), Riddle(length=MATCH.n),
          Candidates(upto=MATCH.n, words=MATCH.w), TEST(lambda w: w.count == 0),
          LetterSet(pos=MATCH.p), Candidates(upto=MATCH.q, words=MATCH.before),
          TEST(lambda p, q: q == p - 1))
    def break_clue(self, p, before):
        """No word fits: try each clue broken, from the candidates before it."""
        self.declare(NearMiss(kind="words", pos=p, also=0, next=p + 1, words=before))

    @Rule(Stage("near"), NearWanted(), Riddle(length=MATCH.n), NameCandidates(upto=MATCH.n,
          words=MATCH.w), TEST(lambda w: w.count == 0), LetterSet(pos=MATCH.p),
          NameCandidates(upto=MATCH.q, words=MATCH.before), TEST(lambda p, q: q == p - 1))
    def break_clue_of_names(self, p, before):
        """No name fits either: each clue broken, from the names before it."""
        self.declare(NearMiss(kind="names", pos=p, also=0, next=p + 1, words=before))

    @Rule(Stage("near"), AS.miss << NearMiss(next=MATCH.k, words=MATCH.w),
          LetterSet(pos=MATCH.k, letters=MATCH.letters))
    def narrow_near_miss(self, miss, k, w, letters):
        """... narrowed by every letter set after the broken clue."""
        self.modify(miss, next=k + 1, words=w.narrow(k, letters))

    # -- two broken clues ----------------------------------------------------------
    @Rule(Stage("near-two"), *NONE_NEAR, LetterSet(pos=MATCH.p), LetterSet(pos=MATCH.q),
          TEST(lambda p, q: p < q), Candidates(upto=MATCH.u, words=MATCH.before),
          TEST(lambda p, u: u == p - 1))
    def break_two_clues(self, p, q, before):
        """Nothing fits every clue but one: try each two clues broken, from the
        candidates before the first."""
        self.declare(NearMiss(kind="words", pos=p, also=q, next=p + 1, words=before))

    @Rule(Stage("near-two"), *NONE_NEAR, NameCandidates(upto=MATCH.n),
          LetterSet(pos=MATCH.p), LetterSet(pos=MATCH.q), TEST(lambda p, q: p < q),
          NameCandidates(upto=MATCH.u, words=MATCH.before), TEST(lambda p, u: u == p - 1))
    def break_two_clues_of_names(self, p, q, before):
        """... and, when names were searched, from the names before the first."""
        self.declare(NearMiss(kind="names", pos=p, also=q, next=p + 1, words=before))

    @Rule(Stage("near-two"), AS.miss << NearMiss(next=MATCH.k, also=MATCH.k,
                                                 words=P(_kept)))
    def skip_second_broken_clue(self, miss, k):
        """A chain passes its second broken clue without narrowing."""
        self.modify(miss, next=k + 1)

    @Rule(Stage("near-two"), AS.miss << NearMiss(next=MATCH.k, also=MATCH.q, words=MATCH.w),
          TEST(lambda k, q, w: q not in (0, k) and w.count > 0),
          LetterSet(pos=MATCH.k, letters=MATCH.letters))
    def narrow_twice_broken(self, miss, k, w, letters):
        """... and is narrowed by every other letter set while it keeps words."""
        self.modify(miss, next=k + 1, words=w.narrow(k, letters))

    # -- rank ------------------------------------------------------------------------
    @Rule(Stage("rank"), Riddle(length=MATCH.length),
          NearMiss(kind=MATCH.kind, pos=MATCH.broken, also=0, next=MATCH.after,
                   words=MATCH.left),
          TEST(lambda length, after: after == length + 1), HintScores(scores=MATCH.hint_scores),
          LetterSet(pos=MATCH.broken, letters=MATCH.allowed, said_in=MATCH.said))
    def rank_near_misses(self, kind, broken, left, hint_scores, allowed, said):
        """Words, then names, that fit all clues but one, ranked like solutions: the
        hint score first, then a printer's likely slip (the letter is in a word the
        clue says it is in), then words before names, each most familiar first."""
        self._rank_near(kind, left, hint_scores, (broken, allowed, said), (0, "", ()))

    @Rule(Stage("rank"), Riddle(length=MATCH.length),
          NearMiss(kind=MATCH.kind, pos=MATCH.broken, also=MATCH.also, next=MATCH.after,
                   words=MATCH.left),
          TEST(lambda length, after, also: after == length + 1 and also > 0),
          HintScores(scores=MATCH.hint_scores),
          LetterSet(pos=MATCH.broken, letters=MATCH.allowed, said_in=MATCH.said),
          LetterSet(pos=MATCH.also, letters=MATCH.also_allowed, said_in=MATCH.also_said))
    def rank_twice_broken(self, kind, broken, also, left, hint_scores, allowed, said,
                          also_allowed, also_said):
        """... and those that fit all but two, after them, the same way (two likely
        slips before one)."""
        self._rank_near(kind, left, hint_scores, (broken, allowed, said),
                        (also, also_allowed, also_said))

    def _rank_near(self, kind, left, hint_scores, broken, also) -> None:
        names, scores = kind == "names", hint_scores.as_map()
        source = self.hints.names.keys if names else self.words
        (pos, allowed, said), (pos2, allowed2, said2) = broken, also

        def slips(key):
            return (key[pos - 1] in said) + (pos2 > 0 and key[pos2 - 1] in said2)

        def written(key):
            return self.hints.names.name(key) if names else key
        ranked = sorted(source.ranked(left.words()),       # stable: most familiar first
                        key=lambda k: (-scores.get(written(k), (0,))[0], -slips(k)))
        if names:       # a name spelled as a listed word: the word's chain ranks it
            ranked = [k for k in ranked if k not in self.words]
        for key in ranked[:self.max_solutions]:
            word = written(key)
            points, because = scores.get(word, (0, ()))
            self.declare(NearSolution(
                pos=pos, word=word, name=names, score=points, because=because,
                key=(pos2 > 0, -points, -slips(key), names) + source.rank_key(key),
                letter=key[pos - 1], allowed="".join(sorted(allowed)),
                slip=key[pos - 1] in said, also=pos2,
                also_letter=key[pos2 - 1] if pos2 else "",
                also_allowed="".join(sorted(allowed2)),
                also_slip=pos2 > 0 and key[pos2 - 1] in said2))
