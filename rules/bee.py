"""Spelling Bee as an experta rule set (seed 002).

Seven ``Letter`` facts, one with ``center=True``, go in; the stages run:

``build``  ``gather_hive`` gathers the letters around the center into one ``Hive``;
           ``report_no_center``, ``report_two_centers`` and ``report_hive_size``
           explain what is wrong instead (``Problem``).
``solve``  ``list_answers`` asks the word list's letter-set index for the words
           spelled with the hive's letters that use the center (4+ letters) and
           declares one ``Answers`` fact per word length (pangrams apart).
           The list itself never becomes facts.
``score``  ``score_four_letter_words`` (1 point), ``score_longer_words`` (1 per
           letter), ``score_pangrams`` (+7; ``perfect`` when it has 7 letters);
           ``start_total`` opens the ``MaxScore`` at zero and ``add_to_total``
           adds each scored group to it.
``rank``   ``set_rank_threshold``: each ``RankLevel`` of the NYT table (deffacts)
           becomes a ``Rank`` with its points for this puzzle.
``hints``  ``count_hint_grid`` (first letter x length), ``count_two_letter_starts``,
           ``note_letter_unused`` (a hive letter no answer starts with) and
           ``declare_bingo`` (none is unused): the NYT hints page.
``vet``    one rule per NYT habit that a generated hive breaks (``Flaw``), and
           ``note_common_pangram``.
``judge``  a ``Guess`` fact gets exactly one ``Verdict``, one rule per message:
           "Too short", "Missing center letter", "Bad letters", "Not in word
           list", "Already found", "Good!", "Nice!", "Awesome!", "Pangram!"
           (``note_hit`` first notes a ``Hit``).  A verdict consumes its guess
           and its hit; ``retire_verdict`` retracts the previous verdict when the
           next guess comes, so every guess costs the same.

These rules are the only statement of the Spelling Bee's logic: which words
answer, how they score, which habits a hive breaks, what a guess earns.  The
bulk searches (``pyengine.puzzles.bee.fast``) keep plain-Python twins of the
scoring and the letter habits, checked against these rules by
``tests/test_bee_fast.py``.

Every staged rule lists its ``Stage`` fact first.
"""
from __future__ import annotations

from collections import Counter

from pyengine.engine.compat import experta  # noqa: F401  (patches collections first)
from pyengine.engine.wording import plural

from experta import AS, MATCH, NOT, TEST, DefFacts, KnowledgeEngine, Rule  # noqa: E402

from pyengine.facts.bee import (  # noqa: E402
    FACT_CLASSES, Answers, Bingo, CommonPangram, Flaw, Found, Guess, Habit, HintCell,
    Hit, Hive, Letter, MaxScore, Points, Problem, Rank, RankLevel, TwoLetter, Unused,
    Verdict)
from pyengine.engine.staging import Stage  # noqa: E402

#: NYT ranks: name, percent of the maximum score.
RANKS = (("Beginner", 0), ("Good Start", 2), ("Moving Up", 5), ("Good", 8),
         ("Solid", 15), ("Nice", 25), ("Great", 40), ("Amazing", 50),
         ("Genius", 70), ("Queen Bee", 100))
VOWELS = frozenset("aeiou")
MIN_LENGTH = 4          # answers have four letters or more


def nearest_point(points: int, percent: int) -> int:
    """``percent`` of ``points``, rounded to the nearest point (halves up)."""
    return (points * percent * 2 + 100) // 200


class BeeRules(KnowledgeEngine):
    """The Spelling Bee rules: build, solve, score, rank, hints.  Provide ``words``
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
    @Rule(Stage("build"), NOT(Letter(center=True)), salience=10)
    def report_no_center(self):
        """A hive needs a center letter."""
        self.declare(Problem(text="no center letter"))

    @Rule(Stage("build"), Letter(char=MATCH.a, center=True),
          Letter(char=MATCH.b, center=True), TEST(lambda a, b: a < b), salience=10)
    def report_two_centers(self, a, b):
        """A hive has one center letter."""
        self.declare(Problem(text=f"two center letters: {a} and {b}"))

    @Rule(Stage("build"), Letter(char=MATCH.c, center=True), NOT(Problem()))
    def gather_hive(self, c):
        """The letters around the center make the hive.

        The rule matches the center and reads the other letters in its action:
        experta has no pattern for "all the facts of a kind", and gathering them
        one firing at a time (a ``modify`` of the hive per letter) costs more than
        the rest of the solve together, for a set that is fixed before the stage
        begins (the ``Letter`` facts given)."""
        chars = sorted(f["char"] for f in self.facts.values() if isinstance(f, Letter))
        self.declare(Hive(letters="".join(chars), center=c,
                          outer="".join(ch for ch in chars if ch != c)))

    @Rule(Stage("build"), Hive(letters=MATCH.letters),
          TEST(lambda letters: len(letters) != 7))
    def report_hive_size(self, letters):
        """A hive has seven different letters."""
        self.declare(Problem(text=f"a hive needs 7 different letters, not {len(letters)} "
                                  f"({letters.upper()})"))

    # -- solve ---------------------------------------------------------------------
    @Rule(Stage("solve"), Hive(letters=MATCH.letters, center=MATCH.c), NOT(Problem()))
    def list_answers(self, letters, c):
        """Answers: words of 4+ letters spelled from the hive that use the center,
        one ``Answers`` fact per length (pangrams apart)."""
        groups: dict[tuple[int, bool], list[str]] = {}
        for w in self.words.words_within(letters, required=c, min_length=MIN_LENGTH):
            groups.setdefault((len(w), len(set(w)) == 7), []).append(w)
        for (n, pangram), ws in sorted(groups.items()):
            self.declare(Answers(length=n, pangram=pangram, words=tuple(ws)))

    # -- score ---------------------------------------------------------------------
    @Rule(Stage("score"), Answers(length=4, words=MATCH.ws))
    def score_four_letter_words(self, ws):
        """A four-letter word scores 1 point."""
        self.declare(Points(length=4, pangram=False, each=1, total=len(ws), words=ws))

    @Rule(Stage("score"), Answers(length=MATCH.n, pangram=False, words=MATCH.ws),
          TEST(lambda n: n > 4))
    def score_longer_words(self, n, ws):
        """A longer word scores 1 point per letter."""
        self.declare(Points(length=n, pangram=False, each=n, total=n * len(ws), words=ws))

    @Rule(Stage("score"), Answers(length=MATCH.n, pangram=True, words=MATCH.ws))
    def score_pangrams(self, n, ws):
        """A pangram (all seven letters) scores 7 more; with 7 letters it is perfect."""
        self.declare(Points(length=n, pangram=True, each=n + 7, total=(n + 7) * len(ws),
                            words=ws, perfect=n == 7))

    @Rule(Stage("score"), NOT(MaxScore()), salience=10)
    def start_total(self):
        """The maximum score starts at zero."""
        self.declare(MaxScore(points=0, words=0, pangrams=0, perfect=0, groups=()))

    @Rule(Stage("score"), AS.total << MaxScore(groups=MATCH.counted),
          AS.group << Points(length=MATCH.n, pangram=MATCH.pan),
          TEST(lambda n, pan, counted: (n, pan) not in counted))
    def add_to_total(self, total, group, counted, n, pan):
        """Each scored group (one length, pangrams apart) adds its points and words
        to the maximum score, once."""
        k = len(group["words"])
        self.modify(total, points=total["points"] + group["total"], words=total["words"] + k,
                    pangrams=total["pangrams"] + (k if pan else 0),
                    perfect=total["perfect"] + (k if group["perfect"] else 0),
                    groups=counted + ((n, pan),))

    # -- rank ----------------------------------------------------------------------
    @Rule(Stage("rank"), MaxScore(points=MATCH.m),
          RankLevel(name=MATCH.name, percent=MATCH.p, order=MATCH.o))
    def set_rank_threshold(self, m, name, p, o):
        """A rank starts at its percentage of the maximum, to the nearest point."""
        self.declare(Rank(name=name, points=nearest_point(m, p), order=o))

    # -- hints ---------------------------------------------------------------------
    def _answers(self):
        return [w for f in self.facts.values() if isinstance(f, Answers) for w in f["words"]]

    @Rule(Stage("hints"), Hive())
    def count_hint_grid(self):
        """How many answers start with each letter, by length.

        This rule reads every ``Answers`` fact at once: a cell counts the words of
        one length, which sit in up to two facts (pangrams apart), and experta has
        no aggregate pattern; partial-count facts would merge when equal (experta
        keeps one copy of identical facts), so one count over the answers it is."""
        for (letter, n), count in sorted(Counter((w[0], len(w)) for w in self._answers()).items()):
            self.declare(HintCell(letter=letter, length=n, count=count))

    @Rule(Stage("hints"), Hive())
    def count_two_letter_starts(self):
        """How many answers start with each two-letter beginning.

        A beginning's words are spread over every ``Answers`` fact (one per
        length), so, as for the grid, one count over all the answers."""
        for start, count in sorted(Counter(w[:2] for w in self._answers()).items()):
            self.declare(TwoLetter(start=start, count=count))

    @Rule(Stage("hints"), Letter(char=MATCH.x), NOT(HintCell(letter=MATCH.x)), salience=-5)
    def note_letter_unused(self, x):
        """When the grid is done: a hive letter that starts no answer."""
        self.declare(Unused(letter=x))

    @Rule(Stage("hints"), Hive(), NOT(Unused()), salience=-10)
    def declare_bingo(self):
        """Bingo: every hive letter starts at least one answer."""
        self.declare(Bingo())



class BeeMakeRules(BeeRules):
    """The solve rules plus ``vet``: the NYT habits a generated hive must follow."""

    @Rule(Stage("vet"), Habit(name="no-s"), Hive(letters=MATCH.letters),
          TEST(lambda letters: "s" in letters))
    def flag_s(self):
        """The editors leave S out (it would just pluralise)."""
        self.declare(Flaw(habit="no-s", text="has an S"))

    @Rule(Stage("vet"), Habit(name="not-e-and-r"), Hive(letters=MATCH.letters),
          TEST(lambda letters: "e" in letters and "r" in letters))
    def flag_e_and_r(self):
        """Never both E and R (-ER words would flood the answers)."""
        self.declare(Flaw(habit="not-e-and-r", text="has both E and R"))

    @Rule(Stage("vet"), Habit(name="vowels", low=MATCH.lo, high=MATCH.hi),
          Hive(letters=MATCH.letters),
          TEST(lambda letters, lo, hi: not lo <= len(VOWELS & set(letters)) <= hi))
    def flag_vowel_count(self, letters, lo, hi):
        """One to three vowels (or the range asked for)."""
        n = len(VOWELS & set(letters))
        self.declare(Flaw(habit="vowels", text=f"{plural(n, 'vowel')}, not {lo}..{hi}"))

    @Rule(Stage("vet"), Habit(name="answers", low=MATCH.lo, high=MATCH.hi),
          MaxScore(words=MATCH.n), TEST(lambda n, lo, hi: not lo <= n <= hi))
    def flag_answer_count(self, n, lo, hi):
        """A fair number of answers."""
        self.declare(Flaw(habit="answers", text=f"{plural(n, 'answer')}, not {lo}..{hi}"))

    @Rule(Stage("vet"), Habit(name="common-pangram", low=MATCH.lo),
          Answers(pangram=True, words=MATCH.ws), salience=10)
    def note_common_pangram(self, lo, ws):
        """A pangram familiar enough to be the seed word (zipf from the word list)."""
        for w in ws:
            if self.words.zipf100(w) >= lo:
                self.declare(CommonPangram(word=w))

    @Rule(Stage("vet"), Habit(name="common-pangram"), NOT(CommonPangram()))
    def flag_no_common_pangram(self):
        """At least one pangram is a common word."""
        self.declare(Flaw(habit="common-pangram", text="no common pangram"))


class BeePlayRules(BeeRules):
    """The solve rules plus ``judge``: one verdict per guess.

    Every guess costs the same however long the game: a verdict consumes its guess
    and its ``Hit``, and the next guess retires the previous ``Verdict``
    (``retire_verdict``), so the facts the judge rules join over stay a handful
    (the hive, its groups, the words found)."""

    @Rule(Stage("judge"), AS.v << Verdict(turn=MATCH.old), Guess(turn=MATCH.t),
          TEST(lambda old, t: old < t), salience=30)
    def retire_verdict(self, v):
        """A verdict has been read once the next guess comes."""
        self.retract(v)

    def _reject(self, g, w, t, message):
        self.retract(g)
        self.declare(Verdict(turn=t, word=w, message=message))

    @Rule(Stage("judge"), AS.g << Guess(word=MATCH.w, turn=MATCH.t),
          TEST(lambda w: len(w) < MIN_LENGTH))
    def reject_too_short(self, g, w, t):
        """Answers have four letters or more."""
        self._reject(g, w, t, "Too short")

    @Rule(Stage("judge"), AS.g << Guess(word=MATCH.w, turn=MATCH.t), Hive(center=MATCH.c),
          TEST(lambda w, c: len(w) >= MIN_LENGTH and c not in w))
    def reject_missing_center(self, g, w, t):
        """Every answer uses the center letter."""
        self._reject(g, w, t, "Missing center letter")

    @Rule(Stage("judge"), AS.g << Guess(word=MATCH.w, turn=MATCH.t),
          Hive(center=MATCH.c, letters=MATCH.ls),
          TEST(lambda w, c, ls: len(w) >= MIN_LENGTH and c in w and not set(w) <= set(ls)))
    def reject_bad_letters(self, g, w, t):
        """Answers use only the hive's letters."""
        self._reject(g, w, t, "Bad letters")

    @Rule(Stage("judge"), Guess(word=MATCH.w, turn=MATCH.t),
          Points(words=MATCH.ws, each=MATCH.p, pangram=MATCH.pan),
          TEST(lambda w, ws: w in ws), salience=20)
    def note_hit(self, w, t, p, pan):
        """A guess found among the answers is a hit worth its group's points."""
        self.declare(Hit(turn=t, word=w, points=p, pangram=pan))

    @Rule(Stage("judge"), AS.g << Guess(word=MATCH.w, turn=MATCH.t),
          Hive(center=MATCH.c, letters=MATCH.ls),
          TEST(lambda w, c, ls: len(w) >= MIN_LENGTH and c in w and set(w) <= set(ls)),
          NOT(Hit(turn=MATCH.t)))
    def reject_unknown_word(self, g, w, t):
        """A well-formed guess the word list does not have."""
        self._reject(g, w, t, "Not in word list")

    @Rule(Stage("judge"), AS.g << Guess(word=MATCH.w, turn=MATCH.t),
          AS.h << Hit(turn=MATCH.t), Found(word=MATCH.w), salience=10)
    def reject_found_again(self, g, h, w, t):
        """An answer counts once."""
        self.retract(h)
        self._reject(g, w, t, "Already found")

    def _accept(self, g, h, w, t, p, message):
        self.retract(g)
        self.retract(h)
        self.declare(Found(word=w, points=p))
        self.declare(Verdict(turn=t, word=w, message=message, points=p))

    @Rule(Stage("judge"), AS.g << Guess(word=MATCH.w, turn=MATCH.t),
          AS.h << Hit(turn=MATCH.t, points=1), NOT(Found(word=MATCH.w)))
    def rate_good(self, g, h, w, t):
        """A new four-letter answer: Good!"""
        self._accept(g, h, w, t, 1, "Good!")

    @Rule(Stage("judge"), AS.g << Guess(word=MATCH.w, turn=MATCH.t),
          AS.h << Hit(turn=MATCH.t, points=MATCH.p, pangram=False),
          TEST(lambda p: 5 <= p <= 6), NOT(Found(word=MATCH.w)))
    def rate_nice(self, g, h, w, t, p):
        """A new five- or six-letter answer: Nice!"""
        self._accept(g, h, w, t, p, "Nice!")

    @Rule(Stage("judge"), AS.g << Guess(word=MATCH.w, turn=MATCH.t),
          AS.h << Hit(turn=MATCH.t, points=MATCH.p, pangram=False),
          TEST(lambda p: p >= 7), NOT(Found(word=MATCH.w)))
    def rate_awesome(self, g, h, w, t, p):
        """A new answer of seven letters or more: Awesome!"""
        self._accept(g, h, w, t, p, "Awesome!")

    @Rule(Stage("judge"), AS.g << Guess(word=MATCH.w, turn=MATCH.t),
          AS.h << Hit(turn=MATCH.t, points=MATCH.p, pangram=True), NOT(Found(word=MATCH.w)))
    def mark_pangram(self, g, h, w, t, p):
        """A new pangram: Pangram!"""
        self._accept(g, h, w, t, p, "Pangram!")
