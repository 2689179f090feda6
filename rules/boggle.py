"""Boggle board generators as experta rule sets (seed 003).

Three stages, each a staging fact:

``Stage("seed")``  choose a random empty cell, give it a letter from the algorithm's
                   seed distribution; repeat while the seed lasts (one cell for the
                   adjacency algorithms, the whole board for rnd .. 7freq).
``Stage("grow")``  choose a marked cell (a random mark, or the most marks for greedy),
                   give it a letter drawn from its marks; repeat until the board is full.
``Stage("done")``  read the letters out into one ``Grid`` fact.

A *choose* rule declares ``Next(row, col)`` when a stage has none; a *place* rule
consumes it, declares the ``Letter`` and one ``Mark`` naming the empty neighbours it
marks ("placing a letter marks its neighbours"), and passes the turn by declaring the
following ``Next`` itself, so each placement is one firing. The rule sets differ
only in their grow rules, named for what they conclude:

=================  =========================  ==========================================
engine             chooses with               draws the letter with
=================  =========================  ==========================================
FillBoard          (seed stage only)          the seed distribution
AdjBoard           choose_cell_by_random_mark grow_from_one_mark
CadBoard           choose_cell_by_random_mark grow_from_all_marks
GreedyCadBoard     choose_most_marked_cell    grow_from_all_marks
GreedyDCadBoard    choose_most_marked_cell    grow_from_all_marks_damped
TrigramBoard       choose_most_marked_cell    grow_from_pairs_and_triplets (+ Mark2 facts)
=================  =========================  ==========================================

The probabilities are computed by the engine's ``grower``
(:class:`pyengine.puzzles.boggle.generate.Grower`): the rules ask it, as a rule would ask a
word index, and it keeps the marks as a Python index beside the Mark facts.
"""
from __future__ import annotations

from pyengine.engine.compat import experta  # noqa: F401  (patches collections first)

from experta import AS, MATCH, NOT, DefFacts, KnowledgeEngine, Rule  # noqa: E402

from pyengine.facts.boggle import (FACT_CLASSES, Cell, Grid, Letter, Mark,  # noqa: E402,F401
                                   Mark2, Next, Stage)


class FillBoard(KnowledgeEngine):
    """Seed and done stages: enough for the algorithms that ignore adjacency."""

    grower = None          # set by the driver before reset (pyengine.puzzles.boggle.generate)

    # -- helpers the rules share ---------------------------------------------------------
    def choose(self, cell):
        if cell is not None:
            row, col = self.grower.rc(cell)
            self.declare(Next(row=row, col=col))

    def put(self, row: int, col: int, char: str):
        """Declare the Letter and one Mark naming every empty neighbour it marks."""
        g = self.grower
        self.declare(Letter(row=row, col=col, char=char))
        marked = g.place(g.cell(row, col), char)
        if marked:
            self.declare(Mark(char=char, by=cell_name(row, col),
                              cells=frozenset(cell_name(*g.rc(j)) for j in marked)))

    # -- the empty grid --------------------------------------------------------------------
    @DefFacts()
    def empty_grid(self):
        """One Cell fact per square, declared by reset() (CLIPS deffacts)."""
        size = self.grower.size if self.grower is not None else 0
        for r in range(size):
            for c in range(size):
                yield Cell(row=r, col=c)

    # -- seed ------------------------------------------------------------------------------
    @Rule(Stage("seed"), NOT(Next()))
    def choose_seed_cell(self):
        """While the seed lasts, a random empty cell is next."""
        self.choose(self.grower.pick_seed_cell())

    @Rule(Stage("seed"), AS.next << Next(row=MATCH.row, col=MATCH.col))
    def place_seed_letter(self, next, row, col):
        """The next seed cell gets a letter from the seed distribution."""
        self.retract(next)
        self.put(row, col, self.grower.seed_letter())
        self.choose(self.grower.pick_seed_cell())

    # -- done ------------------------------------------------------------------------------
    @Rule(Stage("done"), NOT(Grid()))
    def read_out_grid(self):
        """The finished board, read from the Letter facts, row by row."""
        size = self.grower.size
        cells = [[""] * size for _ in range(size)]
        for fact in self.facts.values():
            if isinstance(fact, Letter):
                cells[fact["row"]][fact["col"]] = fact["char"]
        self.declare(Grid(text="/".join("".join(r) for r in cells)))


class _ByRandomMark:
    @Rule(Stage("grow"), NOT(Next()))
    def choose_cell_by_random_mark(self):
        """A mark on an empty cell, chosen at random, makes its cell next
        (so a cell with more marks is more likely)."""
        self.choose(self.next_grow_cell())

    def next_grow_cell(self):
        return self.grower.pick_by_random_mark()


class _ByMostMarks:
    @Rule(Stage("grow"), NOT(Next()))
    def choose_most_marked_cell(self):
        """The empty cell with the most marks is next (greedy; ties at random)."""
        self.choose(self.next_grow_cell())

    def next_grow_cell(self):
        return self.grower.pick_most_marked()


class AdjBoard(_ByRandomMark, FillBoard):
    """ADJ: the next cell draws from the neighbour distribution of one of its marks."""

    @Rule(Stage("grow"), AS.next << Next(row=MATCH.row, col=MATCH.col))
    def grow_from_one_mark(self, next, row, col):
        g = self.grower
        self.retract(next)
        self.put(row, col, g.letter_from_one_mark(g.cell(row, col)))
        self.choose(self.next_grow_cell())


class CadBoard(_ByRandomMark, FillBoard):
    """CAD: the next cell draws from the product of all its marks' distributions."""

    @Rule(Stage("grow"), AS.next << Next(row=MATCH.row, col=MATCH.col))
    def grow_from_all_marks(self, next, row, col):
        g = self.grower
        self.retract(next)
        self.put(row, col, g.letter_from_all_marks(g.cell(row, col)))
        self.choose(self.next_grow_cell())


class GreedyCadBoard(_ByMostMarks, CadBoard):
    """greedy-CAD: CAD, but the cell with the most marks goes next."""

    choose_cell_by_random_mark = None


class GreedyDCadBoard(_ByMostMarks, FillBoard):
    """greedy-dCAD: greedy-CAD with letters already on the board damped."""

    @Rule(Stage("grow"), AS.next << Next(row=MATCH.row, col=MATCH.col))
    def grow_from_all_marks_damped(self, next, row, col):
        g = self.grower
        self.retract(next)
        self.put(row, col, g.letter_from_all_marks(g.cell(row, col), g.algo.damp))
        self.choose(self.next_grow_cell())


class TrigramBoard(_ByMostMarks, FillBoard):
    """Letter triplets: a placed path a-b next to an empty cell leaves a Mark2 'ab';
    the cell draws from its pair marks' product times its triplet rows."""

    def put(self, row, col, char):
        super().put(row, col, char)
        g = self.grower
        i = g.cell(row, col)
        for j in g.nbrs[i]:          # empty cells around a placed neighbour j now end
            if g.letters[j] is None:  # a path char-letters[j]-(k)
                continue
            ends = [k for k in g.nbrs[j] if g.letters[k] is None and k != i]
            if ends:
                self.declare(Mark2(pair=char + g.letters[j], by=cell_name(*g.rc(j)),
                                   cells=frozenset(cell_name(*g.rc(k)) for k in ends)))

    @Rule(Stage("grow"), AS.next << Next(row=MATCH.row, col=MATCH.col))
    def grow_from_pairs_and_triplets(self, next, row, col):
        g = self.grower
        self.retract(next)
        i = g.cell(row, col)
        self.put(row, col, g.letter_from_pairs_and_triplets(i, g.pairs_into(i)))
        self.choose(self.next_grow_cell())


def cell_name(row: int, col: int) -> str:
    """How facts name a cell: '1-2' is row 1, column 2."""
    return f"{row}-{col}"


ENGINES = {cls.__name__: cls for cls in
           (FillBoard, AdjBoard, CadBoard, GreedyCadBoard, GreedyDCadBoard, TrigramBoard)}


def read_grid(session) -> list[str]:
    """The rows of the Grid fact the done stage declared."""
    for fact in session.records(Grid):
        return fact["text"].split("/")
    raise RuntimeError("the boggle rules left no grid fact (was the done stage run?)")
