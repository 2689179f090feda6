"""What the Boggle generator rules talk about (seed 003).

A board under construction is a few kinds of facts::

    (cell (row 1) (col 2))              a square of the grid (declared once, never changes)
    (next (row 1) (col 2))              the cell chosen to get a letter now
    (letter (row 1) (col 2) (char e))   a placed letter (never changes)
    (mark (char e) (by 1-2) (cells 0-1 0-2 2-3))
                                        the 'e' placed on row 1 col 2 marks those empty
                                        cells, its neighbours (one Mark per placement)
    (mark2 (pair te) (by 1-2) (cells 0-1 2-3))
                                        those empty cells end the placed path t-e (e on
                                        1-2); trigram generator only: "letter triplets"
    (grid (text "abcd/efgh/..."))       the finished board, read out in the done stage

Slots are keyword slots (no experta Field validation: it costs time on the hot path).
Plus the shared staging fact ``Stage("seed" | "grow" | "done")``. Placing a letter
marks each empty neighbour with it; those marks are what the grow rules draw from,
exactly the lower-case letters in the seed's drawings.
"""
from pyengine.engine.compat import experta  # noqa: F401  (patches collections first)

from experta import Fact

from pyengine.facts.schema import Stage  # noqa: F401  (re-exported: the staging fact)


class Cell(Fact):
    """A square of the grid, row and column from 0."""


class Next(Fact):
    """The cell the rules chose to fill now."""


class Letter(Fact):
    """A letter placed on the board."""


class Mark(Fact):
    """The ``char`` placed on cell ``by`` marks the empty ``cells`` around it: each may
    draw from that letter's neighbour distribution. Cells are named 'row-col'."""


class Mark2(Fact):
    """The empty ``cells`` end the placed two-letter path ``pair``, whose second letter
    is on ``by`` (for letter-triplet sampling)."""


class Grid(Fact):
    """The finished board, rows separated by '/'."""


FACT_CLASSES = (Cell, Next, Letter, Mark, Mark2, Grid)
