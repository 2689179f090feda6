"""Spelling Bee as an experta rule set (seed 002).

Seven ``Letter`` facts, one with ``centre=True``, go in; the stages run:

``build``  ``hive_from_letters`` gathers the letters into one ``Hive``;
           ``no_centre_letter``, ``two_centre_letters`` and
           ``hive_needs_seven_letters`` explain what is wrong instead (``Problem``).
``solve``  ``list_answers`` asks the word list's letter-set index for the words
           spelled with the hive's letters that use the centre (4+ letters) and
           declares one ``Answers`` fact per word length (pangrams apart).
           The list itself never becomes facts.
``score``  ``score_four_letter_words`` (1 point), ``score_longer_words`` (1 per
           letter), ``score_pangrams`` (+7; ``perfect`` when it has 7 letters);
           then ``total_points`` adds them up into ``MaxScore``.
``rank``   ``rank_threshold``: each ``RankLevel`` of the NYT table (deffacts)
           becomes a ``Rank`` with its points for this puzzle.
``hints``  ``hint_grid`` (first letter x length), ``two_letter_list`` and
           ``bingo`` (every letter starts a word): the NYT hints page.
``vet``    one rule per NYT habit that a generated hive breaks (``Flaw``), and
           ``note_common_pangram``.
``judge``  a ``Guess`` fact gets exactly one ``Verdict``, one rule per message:
           "Too short", "Missing center letter", "Bad letters", "Not in word
           list", "Already found", "Good!", "Nice!", "Awesome!", "Pangram!"
           (``guess_is_an_answer`` first notes a ``Hit``).  A verdict consumes
           its guess (retracts it).

Every rule lists its stage fact last (experta matches faster that way).
"""
from __future__ import annotations

from collections import Counter

from pyengine.engine.compat import experta  # noqa: F401  (patches collections first)

from experta import AS, MATCH, NOT, TEST, DefFacts, KnowledgeEngine, Rule  # noqa: E402

from pyengine.facts.bee import (  # noqa: E402
    FACT_CLASSES, Answers, Bingo, CommonPangram, Flaw, Found, Guess, Habit, HintCell,
    Hit, Hive, Letter, MaxScore, Points, Problem, Rank, RankLevel, TwoLetter, Verdict)
from pyengine.facts.schema import Stage  # noqa: E402

#: NYT ranks: name, percent of the maximum score.
RANKS = (("Beginner", 0), ("Good Start", 2), ("Moving Up", 5), ("Good", 8),
         ("Solid", 15), ("Nice", 25), ("Great", 40), ("Amazing", 50),
         ("Genius", 70), ("Queen Bee", 100))
VOWELS = frozenset("aeiou")


def nearest_point(points: int, percent: int) -> int:
    """``percent`` of ``points``, rounded to the nearest point (halves up)."""
    return (points * percent * 2 + 100) // 200


class BeeRules(KnowledgeEngine):
    """The Spelling Bee rules: build, solve, score, rank, hints.  Set ``words``
    (a :class:`pyengine.words.lists.WordList`) before the solve stage.
    :class:`BeeMakeRules` adds ``vet``, :class:`BeePlayRules` adds ``judge``
    (separate classes keep the matching network small for plain solving)."""

    fact_classes = FACT_CLASSES + (Stage,)
    words = None

    @DefFacts()
    def rank_table(self):
        """The NYT rank table."""
        for order, (name, percent) in enumerate(RANKS):
            yield RankLevel(name=name, percent=percent, order=order)

    # -- build ---------------------------------------------------------------------
    @Rule(NOT(Letter(centre=True)), Stage("build"), salience=10)
    def no_centre_letter(self):
        """A hive needs a centre letter."""
        self.declare(Problem(text="no centre letter"))

    @Rule(Letter(char=MATCH.a, centre=True), Letter(char=MATCH.b, centre=True),
          TEST(lambda a, b: a < b), Stage("build"), salience=10)
    def two_centre_letters(self, a, b):
        """A hive has one centre letter."""
        self.declare(Problem(text=f"two centre letters: {a} and {b}"))

    @Rule(Letter(char=MATCH.c, centre=True), NOT(Problem()), Stage("build"))
    def hive_from_letters(self, c):
        """The letters around the centre make the hive."""
        chars = sorted(f["char"] for f in self.facts.values() if isinstance(f, Letter))
        outer = "".join(ch for ch in chars if ch != c)
        self.declare(Hive(letters="".join(chars), centre=c, outer=outer))

    @Rule(Hive(letters=MATCH.letters), TEST(lambda letters: len(letters) != 7),
          Stage("build"))
    def hive_needs_seven_letters(self, letters):
        """A hive has seven different letters."""
        self.declare(Problem(text=f"a hive needs 7 different letters, not {len(letters)} "
                                  f"({letters.upper()})"))

    # -- solve ---------------------------------------------------------------------
    @Rule(Hive(letters=MATCH.letters, centre=MATCH.c), NOT(Problem()), Stage("solve"))
    def list_answers(self, letters, c):
        """Answers: words of 4+ letters spelled from the hive that use the centre,
        one ``Answers`` fact per length (pangrams apart)."""
        groups: dict[tuple[int, bool], list[str]] = {}
        for w in self.words.words_within(letters, required=c, min_length=4):
            groups.setdefault((len(w), len(set(w)) == 7), []).append(w)
        for (n, pangram), ws in sorted(groups.items()):
            self.declare(Answers(length=n, pangram=pangram, words=tuple(ws)))

    # -- score ---------------------------------------------------------------------
    @Rule(Answers(length=4, words=MATCH.ws), Stage("score"))
    def score_four_letter_words(self, ws):
        """A four-letter word scores 1 point."""
        self.declare(Points(length=4, pangram=False, each=1, total=len(ws), words=ws))

    @Rule(Answers(length=MATCH.n, pangram=False, words=MATCH.ws),
          TEST(lambda n: n > 4), Stage("score"))
    def score_longer_words(self, n, ws):
        """A longer word scores 1 point per letter."""
        self.declare(Points(length=n, pangram=False, each=n, total=n * len(ws), words=ws))

    @Rule(Answers(length=MATCH.n, pangram=True, words=MATCH.ws), Stage("score"))
    def score_pangrams(self, n, ws):
        """A pangram (all seven letters) scores 7 more; with 7 letters it is perfect."""
        self.declare(Points(length=n, pangram=True, each=n + 7, total=(n + 7) * len(ws),
                            words=ws, perfect=n == 7))

    @Rule(NOT(MaxScore()), Stage("score"), salience=-10)
    def total_points(self):
        """When every group is scored: the puzzle's maximum score."""
        pts = [f for f in self.facts.values() if isinstance(f, Points)]
        self.declare(MaxScore(points=sum(p["total"] for p in pts),
                              words=sum(len(p["words"]) for p in pts),
                              pangrams=sum(len(p["words"]) for p in pts if p["pangram"]),
                              perfect=sum(len(p["words"]) for p in pts if p["perfect"])))

    # -- rank ----------------------------------------------------------------------
    @Rule(MaxScore(points=MATCH.m), RankLevel(name=MATCH.name, percent=MATCH.p,
                                              order=MATCH.o), Stage("rank"))
    def rank_threshold(self, m, name, p, o):
        """A rank starts at its percentage of the maximum, to the nearest point."""
        self.declare(Rank(name=name, points=nearest_point(m, p), order=o))

    # -- hints ---------------------------------------------------------------------
    def _answers(self):
        return [w for f in self.facts.values() if isinstance(f, Answers) for w in f["words"]]

    @Rule(Hive(), Stage("hints"))
    def hint_grid(self):
        """How many answers start with each letter, by length."""
        for (letter, n), count in sorted(Counter((w[0], len(w)) for w in self._answers()).items()):
            self.declare(HintCell(letter=letter, length=n, count=count))

    @Rule(Hive(), Stage("hints"))
    def two_letter_list(self):
        """How many answers start with each two-letter beginning."""
        for start, count in sorted(Counter(w[:2] for w in self._answers()).items()):
            self.declare(TwoLetter(start=start, count=count))

    @Rule(Hive(letters=MATCH.letters), Stage("hints"), salience=-10)
    def bingo(self, letters):
        """Bingo: every hive letter starts at least one answer."""
        starts = {f["letter"] for f in self.facts.values() if isinstance(f, HintCell)}
        if starts >= set(letters):
            self.declare(Bingo())



class BeeMakeRules(BeeRules):
    """The solve rules plus ``vet``: the NYT habits a generated hive must follow."""

    # -- vet (make) ----------------------------------------------------------------
    @Rule(Habit(name="no-s"), Hive(letters=MATCH.letters),
          TEST(lambda letters: "s" in letters), Stage("vet"))
    def flaw_has_s(self):
        """The editors leave S out (it would just pluralise)."""
        self.declare(Flaw(habit="no-s", text="has an S"))

    @Rule(Habit(name="not-e-and-r"), Hive(letters=MATCH.letters),
          TEST(lambda letters: "e" in letters and "r" in letters), Stage("vet"))
    def flaw_e_and_r(self):
        """Never both E and R (-ER words would flood the answers)."""
        self.declare(Flaw(habit="not-e-and-r", text="has both E and R"))

    @Rule(Habit(name="vowels", low=MATCH.lo, high=MATCH.hi), Hive(letters=MATCH.letters),
          TEST(lambda letters, lo, hi: not lo <= len(VOWELS & set(letters)) <= hi),
          Stage("vet"))
    def flaw_vowel_count(self, letters, lo, hi):
        """One to three vowels."""
        n = len(VOWELS & set(letters))
        self.declare(Flaw(habit="vowels", text=f"{n} vowels, not {lo}..{hi}"))

    @Rule(Habit(name="answers", low=MATCH.lo, high=MATCH.hi), MaxScore(words=MATCH.n),
          TEST(lambda n, lo, hi: not lo <= n <= hi), Stage("vet"))
    def flaw_answer_count(self, n, lo, hi):
        """A fair number of answers."""
        self.declare(Flaw(habit="answers", text=f"{n} answers, not {lo}..{hi}"))

    @Rule(Habit(name="common-pangram", low=MATCH.lo),
          Answers(pangram=True, words=MATCH.ws), Stage("vet"), salience=10)
    def note_common_pangram(self, lo, ws):
        """A pangram familiar enough to be the seed word (zipf from the word list)."""
        for w in ws:
            if self.words.zipf100(w) >= lo:
                self.declare(CommonPangram(word=w))

    @Rule(Habit(name="common-pangram"), NOT(CommonPangram()), Stage("vet"))
    def flaw_no_common_pangram(self):
        """At least one pangram is a common word."""
        self.declare(Flaw(habit="common-pangram", text="no common pangram"))



class BeePlayRules(BeeRules):
    """The solve rules plus ``judge``: one verdict per guess."""

    # -- judge a guess ---------------------------------------------------------------
    @Rule(AS.g << Guess(word=MATCH.w, turn=MATCH.t), TEST(lambda w: len(w) < 4),
          Stage("judge"))
    def too_short(self, g, w, t):
        """Answers have four letters or more."""
        self.retract(g)
        self.declare(Verdict(turn=t, word=w, message="Too short"))

    @Rule(AS.g << Guess(word=MATCH.w, turn=MATCH.t), Hive(centre=MATCH.c),
          TEST(lambda w, c: len(w) >= 4 and c not in w), Stage("judge"))
    def missing_center_letter(self, g, w, t):
        """Every answer uses the centre letter."""
        self.retract(g)
        self.declare(Verdict(turn=t, word=w, message="Missing center letter"))

    @Rule(AS.g << Guess(word=MATCH.w, turn=MATCH.t), Hive(centre=MATCH.c, letters=MATCH.ls),
          TEST(lambda w, c, ls: len(w) >= 4 and c in w and not set(w) <= set(ls)),
          Stage("judge"))
    def bad_letters(self, g, w, t):
        """Answers use only the hive's letters."""
        self.retract(g)
        self.declare(Verdict(turn=t, word=w, message="Bad letters"))

    @Rule(Guess(word=MATCH.w, turn=MATCH.t), Points(words=MATCH.ws, each=MATCH.p,
                                                    pangram=MATCH.pan),
          TEST(lambda w, ws: w in ws), Stage("judge"), salience=20)
    def guess_is_an_answer(self, w, t, p, pan):
        """A guess found among the answers is a hit worth its group's points."""
        self.declare(Hit(turn=t, word=w, points=p, pangram=pan))

    @Rule(AS.g << Guess(word=MATCH.w, turn=MATCH.t), Hive(centre=MATCH.c, letters=MATCH.ls),
          TEST(lambda w, c, ls: len(w) >= 4 and c in w and set(w) <= set(ls)),
          NOT(Hit(turn=MATCH.t)), Stage("judge"))
    def not_in_word_list(self, g, w, t):
        """A well-formed guess the word list does not have."""
        self.retract(g)
        self.declare(Verdict(turn=t, word=w, message="Not in word list"))

    @Rule(AS.g << Guess(word=MATCH.w, turn=MATCH.t), Found(word=MATCH.w), Stage("judge"),
          salience=10)
    def already_found(self, g, w, t):
        """An answer counts once."""
        self.retract(g)
        self.declare(Verdict(turn=t, word=w, message="Already found"))

    def _accept(self, g, w, t, p, message):
        self.retract(g)
        self.declare(Found(word=w, points=p))
        self.declare(Verdict(turn=t, word=w, message=message, points=p))

    @Rule(AS.g << Guess(word=MATCH.w, turn=MATCH.t), Hit(turn=MATCH.t, points=1),
          NOT(Found(word=MATCH.w)), Stage("judge"))
    def good(self, g, w, t):
        """A new four-letter answer: Good!"""
        self._accept(g, w, t, 1, "Good!")

    @Rule(AS.g << Guess(word=MATCH.w, turn=MATCH.t),
          Hit(turn=MATCH.t, points=MATCH.p, pangram=False),
          TEST(lambda p: 5 <= p <= 6), NOT(Found(word=MATCH.w)), Stage("judge"))
    def nice(self, g, w, t, p):
        """A new five- or six-letter answer: Nice!"""
        self._accept(g, w, t, p, "Nice!")

    @Rule(AS.g << Guess(word=MATCH.w, turn=MATCH.t),
          Hit(turn=MATCH.t, points=MATCH.p, pangram=False),
          TEST(lambda p: p >= 7), NOT(Found(word=MATCH.w)), Stage("judge"))
    def awesome(self, g, w, t, p):
        """A new answer of seven letters or more: Awesome!"""
        self._accept(g, w, t, p, "Awesome!")

    @Rule(AS.g << Guess(word=MATCH.w, turn=MATCH.t),
          Hit(turn=MATCH.t, points=MATCH.p, pangram=True),
          NOT(Found(word=MATCH.w)), Stage("judge"))
    def pangram(self, g, w, t, p):
        """A new pangram: Pangram!"""
        self._accept(g, w, t, p, "Pangram!")
