"""What the Boggle solving rules talk about (seed 003): a board's dice, the paths
that grow over them, the words found and their scores.

The board, as the session opens::

    (die (cell 5) (face qu))            a die: its cell (row by row from 0) and the
                                        face on top; the Qu face is one die
    (next-to (cell 5) (other 6))        two dice side by side (8 around a die),
                                        one fact each way
    (dictionary (index <enable2k>))     the word list's prefix index, which the rules
                                        ask (a value, never the words as facts)
    (settings (size 4) (min-len 3))     the board's size, the shortest word counted
    (band (low 5) (high 5) (points 2) (per-letter 0))
                                        one row of the seed's scoring table: a word
                                        of ``low``..``high`` letters scores
                                        ``points`` + ``per-letter`` x its length

What the rules conclude::

    (path (cells 0 1 5) (letters "aequ"))   dice in order, each next to the one before,
                                        none twice, spelling letters that begin a word
    (found (word "aequ...") (cells 0 1 5 ...))  a path that spells a word (one per path)
    (score (word "...") (points 2))     what a found word scores (once per word)
    (total (words 3) (points 4) (paths 5) (path-points 7))  the board's sums

Slots are keyword slots with no experta ``Field`` checks (they cost time on the
path facts, thousands a board). Plus the shared staging fact ``Stage``.
"""
from pyengine.engine.compat import experta  # noqa: F401  (patches collections first)

from experta import Fact  # noqa: E402

from pyengine.engine.staging import Stage  # noqa: F401,E402  (re-exported: the staging fact)


class Die(Fact):
    """One die of the board: ``cell`` (row-major from 0) and its ``face``."""


class NextTo(Fact):
    """Die ``other`` stands next to die ``cell`` (one fact each way)."""


class Dictionary(Fact):
    """``index``: the word list's prefix index (``begins_word``, ``is_word``)."""


class Settings(Fact):
    """The board's ``size`` and ``min_len``, the shortest word counted."""


class Band(Fact):
    """A row of the scoring table: ``low``..``high`` letters score ``points`` plus
    ``per_letter`` for each letter."""


class Path(Fact):
    """Dice ``cells`` in order, spelling ``letters``, the beginning of some word."""


class Found(Fact):
    """A path whose letters spell a ``word``: one fact per path."""


class Score(Fact):
    """The ``points`` a found ``word`` scores, once per word."""


class Total(Fact):
    """The board's sums: distinct ``words`` and their ``points``, ``paths`` to a word
    and the points counting every path (``path_points``)."""


FACT_CLASSES = (Die, NextTo, Dictionary, Settings, Band, Path, Found, Score, Total)
