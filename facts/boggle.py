"""What the Boggle generator rules talk about (seed 003).

A board under construction is a few kinds of facts::

    (plan (seed freq) (seeds 1) (vowels 7) (share 0.38))
                                        how the algorithm seeds the board: the letter
                                        rule, how many seed cells, 7freq's vowel quota,
                                        the dictionary's vowel share (never changes)
    (cell (row 1) (col 2) (rank 5) (marks et) (by (0, 1) (2, 2)))
                                        an empty square: its place in the seed order,
                                        the marks its placed neighbours left on it
                                        (their letters, in alphabetical order) and the
                                        squares of the letters that left them
    (pick (row 1) (col 2) (mark e))     the cell picked to draw next (by a random mark:
                                        with that mark)
    (letter (row 1) (col 2) (char e) (marks rt) (turn 4))
                                        a placed letter, the marks it was drawn from,
                                        and as which placement (1 for the first)
    (board (cells "..e.....") (placed 1) (vowels 1))
                                        the letters placed so far, row by row ('.' for
                                        an empty square), how many, how many vowels
    (grid (text "abcd/efgh/..."))       the finished board, read out in the done stage

The trigram generator's cells also hold ``pairs`` (the placed two-letter paths x-y
ending next to them, in alphabetical order) and ``paths`` (the squares that spelled
them).

Slots are keyword slots (no experta Field validation: it costs time on the hot path).
Plus the shared staging fact ``Stage("seed" | "grow" | "done")``.
"""
from pyengine.engine.compat import experta  # noqa: F401  (patches collections first)

from experta import Fact

from pyengine.engine.staging import Stage  # noqa: F401  (re-exported: the staging fact)


class Plan(Fact):
    """How the board is seeded: ``seed`` (the letter rule: uniform, vcr, freq,
    balanced, quota), ``seeds`` (seed cells), ``vowels`` (7freq's quota), ``share``
    (the dictionary's vowel share)."""


class Cell(Fact):
    """An empty square, row and column from 0, and the marks on it (see the module doc)."""


class Pick(Fact):
    """The cell picked to draw its letter next, and (by a random mark) the mark picked."""


class Letter(Fact):
    """A letter placed on the board."""


class Board(Fact):
    """The letters placed so far ('.' for an empty square), row by row, their count
    and how many are vowels."""


class Grid(Fact):
    """The finished board, rows separated by '/'."""


FACT_CLASSES = (Plan, Cell, Pick, Letter, Board, Grid)
