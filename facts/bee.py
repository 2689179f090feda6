"""What the Spelling Bee rules talk about (experta facts).

Input:   ``Letter(char, center)``: the seven hive letters, one with center=True.
         ``RankLevel(name, percent, order)``: the NYT rank table (deffacts).
         ``Guess(word, turn)``: a player's guess, one per turn.
         ``Habit(name, low, high)``: an editors' habit a generated hive must follow.
Derived: ``Hive``, ``Problem``, ``Answers``, ``Points``, ``MaxScore``, ``Rank``,
         ``HintCell``, ``TwoLetter``, ``Unused``, ``Bingo``, ``Flaw``,
         ``CommonPangram``, ``Hit``, ``Verdict``, ``Found``.
"""
from pyengine.engine.compat import experta  # noqa: F401  (patches collections first)

from experta import Fact, Field  # noqa: E402


class Letter(Fact):
    """One hive letter; ``center`` marks the letter every answer must use."""
    char = Field(str, mandatory=True)
    center = Field(bool, default=False)


class Problem(Fact):
    """Why the letters do not make a hive (the driver reports it as an error)."""
    text = Field(str, mandatory=True)


class Hive(Fact):
    """The puzzle: ``letters`` (all seven, sorted), ``center``, ``outer`` (six, sorted)."""
    letters = Field(str, mandatory=True)
    center = Field(str, mandatory=True)
    outer = Field(str, mandatory=True)


class Answers(Fact):
    """The answers of one length, pangrams apart (found through the letter-set
    index).  One fact per (length, pangram) group, not per word: experta pays
    for every fact, and every word of a group scores the same."""
    length = Field(int, mandatory=True)
    pangram = Field(bool, mandatory=True)
    words = Field(tuple, mandatory=True)


class Points(Fact):
    """What each answer of a group scores (NYT: 4 letters 1; longer 1 per
    letter; pangram +7) and the group's total."""
    length = Field(int, mandatory=True)
    pangram = Field(bool, mandatory=True)
    each = Field(int, mandatory=True)
    total = Field(int, mandatory=True)
    words = Field(tuple, mandatory=True)
    perfect = Field(bool, default=False)    # 7-letter pangrams: each letter once


class MaxScore(Fact):
    """Totals over the answer groups counted so far (all of them once the score
    stage ends): points, words, pangrams, perfect pangrams; ``groups`` lists the
    (length, pangram) groups counted."""
    points = Field(int, mandatory=True)
    words = Field(int, mandatory=True)
    pangrams = Field(int, mandatory=True)
    perfect = Field(int, mandatory=True)
    groups = Field(tuple, default=())


class RankLevel(Fact):
    """One line of the rank table: ``name`` from ``percent`` of the maximum."""
    name = Field(str, mandatory=True)
    percent = Field(int, mandatory=True)
    order = Field(int, mandatory=True)


class Rank(Fact):
    """A rank of this puzzle and the points it takes (rounded to the nearest point)."""
    name = Field(str, mandatory=True)
    points = Field(int, mandatory=True)
    order = Field(int, mandatory=True)


class HintCell(Fact):
    """Hints grid: ``count`` answers start with ``letter`` and have ``length`` letters."""
    letter = Field(str, mandatory=True)
    length = Field(int, mandatory=True)
    count = Field(int, mandatory=True)


class TwoLetter(Fact):
    """Two-letter list: ``count`` answers start with ``start``."""
    start = Field(str, mandatory=True)
    count = Field(int, mandatory=True)


class Unused(Fact):
    """A hive letter that starts no answer."""
    letter = Field(str, mandatory=True)


class Bingo(Fact):
    """Every hive letter starts at least one answer."""


class Habit(Fact):
    """An NYT editors' habit a generated puzzle must follow (``make``):
    ``no-s``, ``not-e-and-r``, ``vowels`` (low..high), ``answers`` (low..high),
    ``common-pangram`` (some pangram with 100 x zipf >= low)."""
    name = Field(str, mandatory=True)
    low = Field(int, default=0)
    high = Field(int, default=0)


class Flaw(Fact):
    """A habit the hive breaks."""
    habit = Field(str, mandatory=True)
    text = Field(str, mandatory=True)


class CommonPangram(Fact):
    """A pangram familiar enough to be the puzzle's seed word."""
    word = Field(str, mandatory=True)


class Guess(Fact):
    """What the player typed on turn ``turn`` (lower case)."""
    word = Field(str, mandatory=True)
    turn = Field(int, mandatory=True)


class Hit(Fact):
    """A guess that is an answer, with what it is worth."""
    turn = Field(int, mandatory=True)
    word = Field(str, mandatory=True)
    points = Field(int, mandatory=True)
    pangram = Field(bool, default=False)


class Verdict(Fact):
    """The rules' answer to a guess: the message and the points it earned."""
    turn = Field(int, mandatory=True)
    word = Field(str, mandatory=True)
    message = Field(str, mandatory=True)
    points = Field(int, default=0)


class Found(Fact):
    """An answer the player has found."""
    word = Field(str, mandatory=True)
    points = Field(int, mandatory=True)


FACT_CLASSES = (Letter, Problem, Hive, Answers, Points, MaxScore, RankLevel, Rank,
                HintCell, TwoLetter, Unused, Bingo, Habit, Flaw, CommonPangram, Guess, Hit,
                Verdict, Found)
