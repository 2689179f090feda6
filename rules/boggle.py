"""Boggle board generators as experta rule sets (seed 003).

Three stages, each a staging fact:

``Stage("seed")``  the seed cells get letters, in a random order drawn at reset (the
                   cell ranked p is the p-th seed): one cell for the grown boards, the
                   whole board for rnd .. 7freq;
``Stage("grow")``  pick an empty cell, draw its letter from the marks its placed
                   neighbours left on it; repeat until the board is full;
``Stage("done")``  read the board out into one ``Grid`` fact.

A placed letter *marks* each empty neighbour (``mark_neighbour``, no stage: marks are
left before anything else happens). Then one rule picks the next cell:

- greedy (greedy-CAD, greedy-dCAD, trigram): ``pick_the_most_marked_cell``, the
  cell with the most marks, ties to the cell earlier in the seed order (a shuffle, so
  a fair draw among ties);
- by a random mark (ADJ, CAD): ``pick_a_random_mark``, any mark on an empty cell, all
  equally likely (the seed's queue of marks: a cell with three marks is three times as
  likely as a cell with one);

and one rule draws the picked cell's letter. Each generator below is a class that
lists its rules in the order they act: rules that several generators share are
written once, here at the top, and named in each class that uses them.

=================  ===========================  ==================================
generator          picks                        draws the letter with
=================  ===========================  ==================================
FillBoard          (the seed stage fills it)    the seed rule of the ``Plan``
AdjBoard           pick_a_random_mark           draw_next_to_the_picked_mark
CadBoard           pick_a_random_mark           draw_from_all_marks
GreedyCadBoard     pick_the_most_marked_cell    draw_from_all_marks
GreedyDCadBoard    pick_the_most_marked_cell    draw_from_all_marks_damped
TrigramBoard       pick_the_most_marked_cell    draw_from_marks_and_triplets
=================  ===========================  ==================================

The letter odds come from the dictionary statistics through the engine's ``dice``
(:class:`pyengine.puzzles.boggle.draws.Dice`), asked with what the rule matched.
"""
from __future__ import annotations

from pyengine.engine.compat import experta  # noqa: F401  (patches collections first)

from experta import AS, EXISTS, MATCH, NOT, P, TEST, DefFacts, KnowledgeEngine, Rule  # noqa: E402

from pyengine.facts.boggle import (FACT_CLASSES, Board, Cell, Grid,  # noqa: E402,F401
                                   Letter, Pick, Plan, Stage)
from pyengine.words.letters import VOWELS  # noqa: E402

MARKING = 10                    # marks are left before any pick or draw
MARKED = P(lambda marks: marks != "")     # a cell's marks, when it has some


def adjacent(r: int, c: int, r2: int, c2: int) -> bool:
    """Two different squares at most one row and one column apart (8 around a cell)."""
    return abs(r - r2) <= 1 and abs(c - c2) <= 1 and (r, c) != (r2, c2)


def marked_cells(engine) -> list:
    """The empty cells that have marks, gathered from the fact list as CLIPS's fact-set
    query ``(find-all-facts ((?c cell)) (neq ?c:marks ""))`` gathers them: what a pick
    rule chooses among."""
    return [f for f in engine.facts.values() if isinstance(f, Cell) and f["marks"]]


def place(engine, board, cell, char: str) -> None:
    """The letter goes on the cell: a Letter (with the marks it was drawn from and its
    place in the order of placing) replaces the Cell, and the Board notes it."""
    turn = board["placed"] + 1
    row, col = cell["row"], cell["col"]
    engine.retract(cell)
    engine.declare(Letter(row=row, col=col, char=char, marks=cell["marks"], turn=turn))
    i = row * engine.spec.size + col
    cells = board["cells"]
    engine.modify(board, cells=cells[:i] + char + cells[i + 1:], placed=turn,
                  vowels=board["vowels"] + (char in VOWELS))


# -- every generator: the empty board, a seed letter, the read-out --------------------
@DefFacts()
def lay_out_empty_board(self):
    """The plan, an empty board, and one Cell per square with its place in the seed
    order (``rank``), no marks yet (``marks``) and no letter that marked it (``by``)."""
    spec = getattr(self, "spec", None)
    if spec is None:
        return
    n = spec.size * spec.size
    yield Plan(seed=spec.seed, seeds=spec.seeds, vowels=spec.vowels,
               share=self.dice.t.vowel_share)
    yield Board(cells="." * n, placed=0, vowels=0)
    ranks = self.dice.ranks(n)
    more = getattr(self, "cell_slots", {})
    for i in range(n):
        yield Cell(row=i // spec.size, col=i % spec.size, rank=ranks[i], marks="", by=(),
                   **more)


@Rule(Stage("seed"), Plan(seed="freq", seeds=MATCH.k), AS.board << Board(placed=MATCH.p),
      TEST(lambda p, k: p < k), AS.cell << Cell(rank=MATCH.p))
def draw_letter_by_frequency(self, board, cell):
    """FREQ (and every grown board's seed): the next seed cell gets a letter drawn by
    the dictionary's letter frequencies."""
    place(self, board, cell, self.dice.by_frequency())


@Rule(Stage("done"), Board(cells=MATCH.cells), NOT(Grid()))
def read_out_grid(self, cells):
    """The finished board, row by row."""
    n = self.spec.size
    self.declare(Grid(text="/".join(cells[i:i + n] for i in range(0, len(cells), n))))


# -- the grown generators: marks, a pick, a draw ---------------------------------------
@Rule(Letter(row=MATCH.r, col=MATCH.c, char=MATCH.x),
      AS.cell << Cell(row=MATCH.r2, col=MATCH.c2, by=MATCH.by),
      TEST(lambda r, c, r2, c2, by: adjacent(r, c, r2, c2) and (r, c) not in by),
      salience=MARKING)
def mark_neighbour(self, cell, r, c, x):
    """A letter marks each empty neighbour it has not marked yet: the cell's ``marks``
    gain the letter (kept in alphabetical order), its ``by`` the letter's square."""
    self.modify(cell, marks="".join(sorted(cell["marks"] + x)), by=cell["by"] + ((r, c),))


@Rule(Stage("grow"), NOT(Pick()), EXISTS(Cell(marks=MARKED)))
def pick_the_most_marked_cell(self):
    """Greedy: of the marked cells, the one with the most marks is picked to draw next;
    of cells with as many, the one earlier in the seed order (a shuffle: a fair draw
    among ties)."""
    cell = max(marked_cells(self), key=lambda f: (len(f["marks"]), -f["rank"]))
    self.declare(Pick(row=cell["row"], col=cell["col"], mark=""))


@Rule(Stage("grow"), NOT(Pick()), EXISTS(Cell(marks=MARKED)))
def pick_a_random_mark(self):
    """By a random mark: any mark on an empty cell, all equally likely (the seed's
    queue of marks); its cell is picked, with that mark. The marks are listed in
    order of square and letter, so the pick does not depend on the order the marks
    were left in."""
    marks = sorted((f["row"], f["col"], m) for f in marked_cells(self) for m in f["marks"])
    row, col, mark = self.dice.pick(marks)
    self.declare(Pick(row=row, col=col, mark=mark))


@Rule(Stage("grow"), AS.pick << Pick(row=MATCH.r, col=MATCH.c),
      AS.cell << Cell(row=MATCH.r, col=MATCH.c, marks=MATCH.marks), AS.board << Board())
def draw_from_all_marks(self, pick, cell, board, marks):
    """CAD: the picked cell's letter is one that stands next to all of its marks in the
    dictionary (the product of their neighbour odds)."""
    self.retract(pick)
    place(self, board, cell, self.dice.from_all_marks(marks))


# -- the generators, each its rules in the order they act -----------------------------
class FillBoard(KnowledgeEngine):
    """RND, VCR, FREQ, bFREQ, 7FREQ: the seed stage fills the whole board, each cell's
    letter drawn by the rule the ``Plan``'s ``seed`` names."""

    lay_out_empty_board = lay_out_empty_board

    @Rule(Stage("seed"), Plan(seed="uniform", seeds=MATCH.k),
          AS.board << Board(placed=MATCH.p), TEST(lambda p, k: p < k),
          AS.cell << Cell(rank=MATCH.p))
    def draw_any_letter(self, board, cell):
        """RND: the next seed cell gets any letter, all equally likely."""
        place(self, board, cell, self.dice.any_letter())

    @Rule(Stage("seed"), Plan(seed="vcr", seeds=MATCH.k), AS.board << Board(placed=MATCH.p),
          TEST(lambda p, k: p < k), AS.cell << Cell(rank=MATCH.p))
    def draw_vowel_or_consonant(self, board, cell):
        """VCR: a vowel with the dictionary's vowel share, else a consonant."""
        place(self, board, cell, self.dice.vowel_or_consonant())

    draw_letter_by_frequency = draw_letter_by_frequency

    @Rule(Stage("seed"), Plan(seed="balanced", seeds=MATCH.k, share=MATCH.s),
          AS.board << Board(placed=MATCH.p, vowels=MATCH.v),
          TEST(lambda p, k, v, s: p < k and (p == 0 or v / p <= s)),
          AS.cell << Cell(rank=MATCH.p))
    def draw_vowel_while_few(self, board, cell):
        """bFREQ: a vowel (by frequency) while the vowel share so far is at most the
        dictionary's."""
        place(self, board, cell, self.dice.vowel_by_frequency())

    @Rule(Stage("seed"), Plan(seed="balanced", seeds=MATCH.k, share=MATCH.s),
          AS.board << Board(placed=MATCH.p, vowels=MATCH.v),
          TEST(lambda p, k, v, s: 0 < p < k and v / p > s), AS.cell << Cell(rank=MATCH.p))
    def draw_consonant_while_vowels_abound(self, board, cell):
        """bFREQ: a consonant (by frequency) while the vowel share is above the
        dictionary's."""
        place(self, board, cell, self.dice.consonant_by_frequency())

    @Rule(Stage("seed"), Plan(seed="quota", seeds=MATCH.k, vowels=MATCH.q),
          AS.board << Board(placed=MATCH.p), TEST(lambda p, k, q: p < k and p < q),
          AS.cell << Cell(rank=MATCH.p))
    def draw_quota_vowel(self, board, cell):
        """7FREQ: the first seed cells, as many as the quota, get vowels (by frequency)."""
        place(self, board, cell, self.dice.vowel_by_frequency())

    @Rule(Stage("seed"), Plan(seed="quota", seeds=MATCH.k, vowels=MATCH.q),
          AS.board << Board(placed=MATCH.p), TEST(lambda p, k, q: q <= p < k),
          AS.cell << Cell(rank=MATCH.p))
    def draw_consonant_after_quota(self, board, cell):
        """7FREQ: once the vowel quota is met, consonants (by frequency)."""
        place(self, board, cell, self.dice.consonant_by_frequency())

    read_out_grid = read_out_grid


class AdjBoard(KnowledgeEngine):
    """ADJ: a random mark's cell goes next, its letter drawn from that mark's
    neighbour odds."""

    lay_out_empty_board = lay_out_empty_board
    draw_letter_by_frequency = draw_letter_by_frequency
    mark_neighbour = mark_neighbour
    pick_a_random_mark = pick_a_random_mark

    @Rule(Stage("grow"), AS.pick << Pick(row=MATCH.r, col=MATCH.c, mark=MATCH.mark),
          AS.cell << Cell(row=MATCH.r, col=MATCH.c), AS.board << Board())
    def draw_next_to_the_picked_mark(self, pick, cell, board, mark):
        """The picked cell's letter is one that stands next to the picked mark in the
        dictionary."""
        self.retract(pick)
        place(self, board, cell, self.dice.next_to(mark))

    read_out_grid = read_out_grid


class CadBoard(KnowledgeEngine):
    """CAD: a random mark's cell goes next, its letter drawn from the product of all
    of its marks' neighbour odds."""

    lay_out_empty_board = lay_out_empty_board
    draw_letter_by_frequency = draw_letter_by_frequency
    mark_neighbour = mark_neighbour
    pick_a_random_mark = pick_a_random_mark
    draw_from_all_marks = draw_from_all_marks
    read_out_grid = read_out_grid


class GreedyCadBoard(KnowledgeEngine):
    """greedy-CAD: CAD, but the cell with the most marks goes next."""

    lay_out_empty_board = lay_out_empty_board
    draw_letter_by_frequency = draw_letter_by_frequency
    mark_neighbour = mark_neighbour
    pick_the_most_marked_cell = pick_the_most_marked_cell
    draw_from_all_marks = draw_from_all_marks
    read_out_grid = read_out_grid


class GreedyDCadBoard(KnowledgeEngine):
    """greedy-dCAD: greedy-CAD with the letters already on the board damped."""

    lay_out_empty_board = lay_out_empty_board
    draw_letter_by_frequency = draw_letter_by_frequency
    mark_neighbour = mark_neighbour
    pick_the_most_marked_cell = pick_the_most_marked_cell

    @Rule(Stage("grow"), AS.pick << Pick(row=MATCH.r, col=MATCH.c),
          AS.cell << Cell(row=MATCH.r, col=MATCH.c, marks=MATCH.marks),
          AS.board << Board(cells=MATCH.placed))
    def draw_from_all_marks_damped(self, pick, cell, board, marks, placed):
        """The picked cell's letter: next to all of its marks, each copy of a letter
        already on the board making that letter less likely."""
        self.retract(pick)
        place(self, board, cell, self.dice.from_all_marks(marks, placed))

    read_out_grid = read_out_grid


class TrigramBoard(KnowledgeEngine):
    """Letter triplets: greedy-CAD, and every placed path x-y (two letters side by side)
    marks each empty cell next to y with the pair 'xy'; the cell draws from its marks'
    product times the triplet odds of its pairs."""

    cell_slots = {"pairs": (), "paths": ()}
    lay_out_empty_board = lay_out_empty_board
    draw_letter_by_frequency = draw_letter_by_frequency
    mark_neighbour = mark_neighbour

    @Rule(Letter(row=MATCH.r, col=MATCH.c, char=MATCH.x),
          Letter(row=MATCH.r1, col=MATCH.c1, char=MATCH.y),
          TEST(lambda r, c, r1, c1: adjacent(r, c, r1, c1)),
          AS.cell << Cell(row=MATCH.r2, col=MATCH.c2, paths=MATCH.paths),
          TEST(lambda r, c, r1, c1, r2, c2, paths: adjacent(r1, c1, r2, c2)
               and (r, c, r1, c1) not in paths),
          salience=MARKING)
    def mark_path_end(self, cell, r, c, x, r1, c1, y):
        """A placed path x-y marks each empty cell next to its end y that it has not
        marked yet with the pair 'xy' (``pairs`` kept in order, ``paths`` the
        squares that spelled them)."""
        self.modify(cell, pairs=tuple(sorted(cell["pairs"] + (x + y,))),
                    paths=cell["paths"] + ((r, c, r1, c1),))

    pick_the_most_marked_cell = pick_the_most_marked_cell

    @Rule(Stage("grow"), AS.pick << Pick(row=MATCH.r, col=MATCH.c),
          AS.cell << Cell(row=MATCH.r, col=MATCH.c, marks=MATCH.marks, pairs=MATCH.pairs),
          AS.board << Board())
    def draw_from_marks_and_triplets(self, pick, cell, board, marks, pairs):
        """The picked cell's letter: next to all of its marks, and continuing the
        placed paths that end next to it."""
        self.retract(pick)
        place(self, board, cell, self.dice.from_marks_and_triplets(marks, pairs))

    read_out_grid = read_out_grid


ENGINES = {cls.__name__: cls for cls in
           (FillBoard, AdjBoard, CadBoard, GreedyCadBoard, GreedyDCadBoard, TrigramBoard)}


def read_grid(session) -> list[str]:
    """The rows of the Grid fact the done stage declared."""
    for fact in session.records(Grid):
        return fact["text"].split("/")
    raise RuntimeError("the boggle rules left no grid fact (was the done stage run?)")
