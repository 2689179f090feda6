"""Letter riddles as experta rule sets (seeds 000 and 001).

    My first is in deans but not in slats        -> first letter in {d, e, n}
    My third is neither in veiled nor in seized  -> third letter not in {v,e,i,l,d,s,z}

The parser (``pyengine.puzzles.riddle.core``) turns each line into one ``Clue`` fact: its
position and its words, each with its kind (``first``/``a``, ``second``/``b``;
include or exclude).  Then the stages run:

``place``     ``place_last_clue``: "My last" is the riddle's final letter.
``collapse``  each clue becomes one ``LetterSet``, by the kinds of its words:
              both include -> intersection, both exclude -> complement of the
              union, mixed -> include minus exclude (and a lone word alone).
``solve``     ``start_with_words_of_length`` then ``narrow_by_letter_set`` once
              per position: each ``Candidates`` fact is the previous one cut down
              through the word list's position index.  Words never become facts.
``rank``      ``rank_solutions``: the few surviving words, most familiar first.

The maker (``RiddleMaker``) reuses the collapse rules and adds its own stages:
``draw`` (a clue pair for each letter), ``check`` (count the rival words the
clues still allow) and ``redraw`` (drop the one clue that fails to rule out the
most rivals, noting which letter its replacement must exclude).
"""
from __future__ import annotations

from pyengine.engine.compat import experta  # noqa: F401  (patches collections first)

from experta import AS, MATCH, NOT, OR, KnowledgeEngine, P, Rule  # noqa: E402

from pyengine.facts.riddle import (  # noqa: E402
    EXCLUDE, INCLUDE, Answer, Candidates, Clue, Letter, LetterSet, MustExclude, Riddle,
    Rivals, Solution, WordSet, clue_fact)
from pyengine.facts.schema import Stage  # noqa: E402

ALPHABET = frozenset("abcdefghijklmnopqrstuvwxyz")


class ClueRules(KnowledgeEngine):
    """Reading the clues: shared by the solver and the maker."""

    fact_classes = (Riddle, Clue, LetterSet, Stage)

    # -- place ---------------------------------------------------------------
    @Rule(AS.clue << Clue(pos="last"), Riddle(length=MATCH.n), Stage("place"))
    def place_last_clue(self, clue, n):
        """'My last' is the letter at the riddle's length."""
        self.modify(clue, pos=n)

    # -- collapse ------------------------------------------------------------
    @Rule(Clue(pos=MATCH.p, first=INCLUDE, a=MATCH.a, second=INCLUDE, b=MATCH.b),
          Stage("collapse"))
    def in_both_words(self, p, a, b):
        """In both words: the letters they share."""
        self.declare(LetterSet(pos=p, letters=frozenset(a) & frozenset(b),
                               how=f"in {a} and in {b}"))

    @Rule(Clue(pos=MATCH.p, first=EXCLUDE, a=MATCH.a, second=EXCLUDE, b=MATCH.b),
          Stage("collapse"))
    def in_neither_word(self, p, a, b):
        """In neither word: every letter outside both."""
        self.declare(LetterSet(pos=p, letters=ALPHABET - frozenset(a) - frozenset(b),
                               how=f"neither in {a} nor in {b}"))

    @Rule(OR(Clue(pos=MATCH.p, first=INCLUDE, a=MATCH.a, second=EXCLUDE, b=MATCH.b),
             Clue(pos=MATCH.p, first=EXCLUDE, a=MATCH.b, second=INCLUDE, b=MATCH.a)),
          Stage("collapse"))
    def in_one_but_not_the_other(self, p, a, b):
        """In one word (a) but not the other (b): a's letters less b's."""
        self.declare(LetterSet(pos=p, letters=frozenset(a) - frozenset(b),
                               how=f"in {a} but not in {b}"))

    @Rule(Clue(pos=MATCH.p, first=INCLUDE, a=MATCH.a, second=None), Stage("collapse"))
    def in_the_only_word(self, p, a):
        """A clue with one word: its letters."""
        self.declare(LetterSet(pos=p, letters=frozenset(a), how=f"in {a}"))

    @Rule(Clue(pos=MATCH.p, first=EXCLUDE, a=MATCH.a, second=None), Stage("collapse"))
    def not_in_the_only_word(self, p, a):
        """A clue with one word, negated: every letter outside it."""
        self.declare(LetterSet(pos=p, letters=ALPHABET - frozenset(a), how=f"not in {a}"))


class RiddleSolver(ClueRules):
    """Solve a riddle against a word list (Python indexes, queried by the rules).

    ``words`` is a :class:`pyengine.words.lists.WordList`; ``max_solutions`` caps the
    ``Solution`` facts declared (the full set stays in the last ``Candidates``)."""

    fact_classes = ClueRules.fact_classes + (Candidates, Solution)

    def __init__(self, words, max_solutions: int = 100):
        super().__init__()
        self.words = words
        self.max_solutions = max_solutions

    # -- solve -------------------------------------------------------------------
    @Rule(Riddle(length=MATCH.n), NOT(Candidates()), Stage("solve"))
    def start_with_words_of_length(self, n):
        """Before any clue: every word of the riddle's length."""
        index = self.words.position_index(n)
        self.declare(Candidates(upto=0, next=1, words=WordSet(index, index.all)))

    @Rule(Candidates(next=MATCH.p, words=MATCH.w),
          LetterSet(pos=MATCH.p, letters=MATCH.letters), Stage("solve"))
    def narrow_by_letter_set(self, p, w, letters):
        """Keep the candidates whose letter at the next position is allowed."""
        self.declare(Candidates(upto=p, next=p + 1, words=w.narrow(p, letters)))

    # -- rank ----------------------------------------------------------------------
    @Rule(Riddle(length=MATCH.n), Candidates(upto=MATCH.n, words=MATCH.w), Stage("rank"))
    def rank_solutions(self, w):
        """Words left after the last position are solutions, most familiar first."""
        words = self.words
        for rank, word in enumerate(words.ranked(w.words())[:self.max_solutions], start=1):
            self.declare(Solution(rank=rank, word=word, tier=words.tier(word),
                                  zipf=words.zipf(word)))


class RiddleMaker(ClueRules):
    """Make a riddle with exactly one solution for the ``Answer`` word.

    ``words``: the solving list (uniqueness is checked against it);
    ``clues``: an object with ``draw(letter, rng, avoid, exclude_words)`` returning
    ``(valence_a, word_a, valence_b, word_b)`` (see ``pyengine.puzzles.riddle.core.ClueIndex``);
    ``rng``: a ``random.Random``."""

    fact_classes = ClueRules.fact_classes + (Answer, Letter, Rivals, MustExclude)

    def __init__(self, words, clues, rng):
        super().__init__()
        self.words = words
        self.clues = clues
        self.rng = rng
        self.used: set[str] = set()

    def _declare_pair(self, p, pair):
        va, a, vb, b = pair
        self.used.update((a, b))
        self.declare(clue_fact(p, [(va, a), (vb, b)]))

    # -- draw ----------------------------------------------------------------------
    @Rule(Answer(word=MATCH.answer), Letter(pos=MATCH.p, char=MATCH.c),
          NOT(Clue(pos=MATCH.p)), NOT(MustExclude(pos=MATCH.p)), Stage("draw"))
    def draw_clue_for_letter(self, answer, p, c):
        """A letter with no clue gets a random pair of close clue words."""
        self._declare_pair(p, self.clues.draw(c, self.rng, (), self.used | {answer}))

    @Rule(Answer(word=MATCH.answer), Letter(pos=MATCH.p, char=MATCH.c),
          NOT(Clue(pos=MATCH.p)), MustExclude(pos=MATCH.p, letters=MATCH.banned),
          Stage("draw"))
    def draw_clue_ruling_out_rivals(self, answer, p, c, banned):
        """A redrawn clue must also rule out the rivals' letters noted for it."""
        self._declare_pair(p, self.clues.draw(c, self.rng, banned, self.used | {answer}))

    # -- check ---------------------------------------------------------------------
    @Rule(Answer(word=MATCH.answer), Riddle(length=MATCH.n), NOT(Rivals()), Stage("check"))
    def count_rivals(self, answer, n):
        """Other words that every letter set allows are rivals."""
        allowed = [None] * n
        for fact in self.facts.values():
            if isinstance(fact, LetterSet):
                allowed[fact["pos"] - 1] = fact["letters"]
        index = self.words.position_index(n)
        bits = index.query(allowed) & ~index.query([{c} for c in answer])
        self.declare(Rivals(count=bin(bits).count("1"), words=WordSet(index, bits)))

    # -- redraw --------------------------------------------------------------------
    @Rule(AS.rivals << Rivals(count=P(lambda n: n > 0), words=MATCH.ws),
          Answer(word=MATCH.answer), Stage("redraw"))
    def redraw_clue_admitting_rivals(self, rivals, ws, answer):
        """Drop the clue whose position would rule out most rivals, and note the
        rival letter its replacement must exclude."""
        p, letter = self._weakest_position(answer, ws.words())
        banned = {letter}
        for fact in list(self.facts.values()):
            if isinstance(fact, (Clue, LetterSet)) and fact["pos"] == p:
                self.retract(fact)
            elif isinstance(fact, MustExclude) and fact["pos"] == p:
                banned |= fact["letters"]
                self.retract(fact)
        self.retract(rivals)
        self.declare(MustExclude(pos=p, letters=frozenset(banned)))

    def _weakest_position(self, answer: str, rivals: list[str]) -> tuple[int, str]:
        """(position, letter) shared by the most rivals where they differ from the answer."""
        if len(rivals) > 200:
            rivals = self.rng.sample(rivals, 200)
        counts: dict[tuple[int, str], int] = {}
        for r in rivals:
            for i, (x, y) in enumerate(zip(r, answer), start=1):
                if x != y:
                    counts[(i, x)] = counts.get((i, x), 0) + 1
        best = max(counts.values())
        choices = sorted(k for k, v in counts.items() if v == best)
        return self.rng.choice(choices)
