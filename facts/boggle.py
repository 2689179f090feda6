"""What the Boggle generator rules talk about (seed 003).

A board under construction is a few kinds of facts::

    (plan (seed freq) (seeds 1) (vowels 7) (share 0.38))
                                        how the algorithm seeds the board: the letter
                                        rule, how many seed cells, 7freq's vowel quota,
                                        the dictionary's vowel share (never changes)
    (cell (row 1) (col 2) (rank 5) (marks et) (n 2) (due 0.73) (last 4))
                                        an empty square: its place in the seed order,
                                        the marks its placed neighbours left on it (their
                                        letters, sorted), how many, when it is due (its
                                        alarm; ADJ, CAD), and which letter marked it
                                        last (ADJ, CAD: its turn; greedy: its square,
                                        1 + row * 8 + col)
    (turn (row 1) (col 2) (n 2) (due 0.73))
                                        ADJ, CAD: the cell that has the turn to get a
                                        letter (row -1: nobody yet)
    (letter (row 1) (col 2) (char e) (marks rt) (at 0.73) (turn 4))
                                        a placed letter, the marks it was drawn from,
                                        when (the alarm that called it) and as which
                                        placement; greedy: (fresh TRUE) until it has
                                        marked its neighbours
    (board (cells "..e.....") (placed 1) (vowels 1))
                                        the seed letters placed so far, row by row
                                        (greedy-dCAD: every letter, for its damping)
    (grid (text "abcd/efgh/..."))       the finished board, read out in the done stage

The trigram generator's cells also hold ``pairs`` (the placed two-letter paths a-b
ending next to them, sorted) and ``paths`` (which cells spelled them).

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


class Turn(Fact):
    """ADJ, CAD: the cell that has the turn, the earliest alarm found so far (row -1:
    none)."""


class Letter(Fact):
    """A letter placed on the board."""


class Board(Fact):
    """The letters placed so far ('.' for an empty square), row by row."""


class Grid(Fact):
    """The finished board, rows separated by '/'."""


FACT_CLASSES = (Plan, Cell, Turn, Letter, Board, Grid)
