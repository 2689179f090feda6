"""Boggle board generators as experta rule sets (seed 003).

Three stages, each a staging fact:

``Stage("seed")``  the seed cells get letters from the algorithm's seed rule, in a
                   random order drawn at reset (the cell ranked p is the p-th seed):
                   one cell for the adjacency algorithms, the whole board for rnd .. 7freq.
``Stage("grow")``  choose an empty cell by its marks, draw its letter from them; repeat
                   until the board is full.
``Stage("done")``  read the board out into one ``Grid`` fact.

*Marking* rules (no stage: they answer the latest letter, before anything else)
leave a mark on each empty neighbour of a placed letter: the cell's ``marks`` gain the
letter, ``n`` counts them. Each mark also sets an *alarm* on its cell (``due``).

*Choosing*: the ``Turn`` names the best marked cell found so far. A marked cell that
beats the holder takes it over as it is marked; a ``prefer_*`` rule hands it to any
other cell that beats the holder; the draw, lower in salience, fires only when no
cell does, so the cell that gets a letter is the best by the rule set's order:

- by a random mark (ADJ, CAD): the earliest alarm. A mark's alarm rings a random
  time (exponential, mean 1) after its letter was placed, and a cell is due at its
  earliest. Alarms are memoryless, so at every pick each mark on an empty cell is
  equally likely to ring first: a cell with three marks is three times as likely as
  a cell with one (the seed's queue of marks);
- greedy: the most marks, ties to the earliest alarm. A cell's alarm is set when it
  reaches its mark count, a random time after that count's clock (when a cell with
  that many marks was last picked, kept on the ``Board``), which keeps every tie a
  fair draw.

=================  ====================  =================================
engine             marks and chooses     draws the letter with
=================  ====================  =================================
FillBoard          (seed stage only)     the seed rule of the ``Plan``
AdjBoard           by a random mark      draw_from_one_mark
CadBoard           by a random mark      draw_from_all_marks
GreedyCadBoard     greedy                draw_from_all_marks
GreedyDCadBoard    greedy                draw_from_all_marks_damped
TrigramBoard       greedy, + path marks  draw_from_marks_and_triplets
=================  ====================  =================================

The letter odds come from the dictionary statistics through the engine's ``dice``
(:class:`pyengine.puzzles.boggle.draws.Dice`), asked with what the rule matched.
"""
from __future__ import annotations

from pyengine.engine.compat import experta  # noqa: F401  (patches collections first)

from experta import AS, MATCH, NOT, DefFacts, KnowledgeEngine, Rule, TEST  # noqa: E402

from pyengine.facts.boggle import (FACT_CLASSES, Board, Cell, Grid,  # noqa: E402,F401
                                   Letter, Plan, Stage, Turn)
from pyengine.puzzles.util import VOWELS  # noqa: E402
NEVER = float("inf")        # the alarm of a cell no mark has reached
MARKING, PREFERRING = 10, 5   # saliences: marks first, then a better cell, then a draw


def adjacent(r: int, c: int, r2: int, c2: int) -> bool:
    """Neighbours are at most one row and one column apart (8 around a cell)."""
    return abs(r - r2) <= 1 and abs(c - c2) <= 1


class _Seeded(KnowledgeEngine):
    """The empty grid, the seed stage of the grown boards, and the done stage."""

    dice = None        # a Dice, provided by the driver before reset
    spec = None        # the board's BoardSpec (size, seed rule, seed cells, vowel quota)
    cell_slots: dict = {}
    board_slots: dict = {}

    @DefFacts()
    def empty_grid(self):
        """The plan, an empty board, and one Cell per square with its seed rank."""
        spec = self.spec
        if spec is None:
            return
        n = spec.size * spec.size
        yield Plan(seed=spec.seed, seeds=spec.seeds, vowels=spec.vowels,
                   share=self.dice.t.vowel_share)
        yield Board(cells="." * n, placed=0, vowels=0, **self.board_slots)
        ranks = self.dice.ranks(n)
        for i in range(n):
            yield Cell(row=i // spec.size, col=i % spec.size, rank=ranks[i], marks="", n=0,
                       due=NEVER, last=0, **self.cell_slots)

    def place(self, board, cell, char: str, at: float = 0.0, **more) -> None:
        """The letter goes on the cell: a Letter replaces the Cell; the Board notes it."""
        r, c = cell["row"], cell["col"]
        turn = board["placed"] + 1
        self.retract(cell)
        self.declare(Letter(row=r, col=c, char=char, marks=cell["marks"], at=at, turn=turn))
        i = r * self.spec.size + c
        cells = board["cells"]
        self.modify(board, cells=cells[:i] + char + cells[i + 1:], placed=turn,
                    vowels=board["vowels"] + (char in VOWELS), **more)

    # -- seed: the cell ranked p is the p-th seed cell -------------------------------------
    @Rule(Stage("seed"), Plan(seed="freq", seeds=MATCH.k), AS.board << Board(placed=MATCH.p),
          TEST(lambda p, k: p < k), AS.cell << Cell(rank=MATCH.p))
    def draw_letter_by_frequency(self, board, cell):
        """FREQ (and every grown board's seed): the dictionary's letter frequencies."""
        self.place(board, cell, self.dice.by_frequency())

    # -- done ------------------------------------------------------------------------------
    @Rule(Stage("done"), Board(cells=MATCH.cells), NOT(Grid()))
    def read_out_grid(self, cells):
        """The finished board, row by row."""
        n = self.spec.size
        self.declare(Grid(text="/".join(cells[i:i + n] for i in range(0, len(cells), n))))


class FillBoard(_Seeded):
    """RND, VCR, FREQ, bFREQ, 7FREQ: the seed fills the whole board."""

    @Rule(Stage("seed"), Plan(seed="uniform", seeds=MATCH.k), AS.board << Board(placed=MATCH.p),
          TEST(lambda p, k: p < k), AS.cell << Cell(rank=MATCH.p))
    def draw_any_letter(self, board, cell):
        """RND: the next seed cell gets any letter, all equally likely."""
        self.place(board, cell, self.dice.any_letter())

    @Rule(Stage("seed"), Plan(seed="vcr", seeds=MATCH.k), AS.board << Board(placed=MATCH.p),
          TEST(lambda p, k: p < k), AS.cell << Cell(rank=MATCH.p))
    def draw_vowel_or_consonant(self, board, cell):
        """VCR: a vowel with the dictionary's vowel share, else a consonant."""
        self.place(board, cell, self.dice.vowel_or_consonant())

    @Rule(Stage("seed"), Plan(seed="balanced", seeds=MATCH.k, share=MATCH.s),
          AS.board << Board(placed=MATCH.p, vowels=MATCH.v),
          TEST(lambda p, k, v, s: p < k and (p == 0 or v / p <= s)), AS.cell << Cell(rank=MATCH.p))
    def draw_vowel_while_few(self, board, cell):
        """bFREQ: a vowel (by frequency) while the vowel share so far is at most the
        dictionary's."""
        self.place(board, cell, self.dice.vowel_by_frequency())

    @Rule(Stage("seed"), Plan(seed="balanced", seeds=MATCH.k, share=MATCH.s),
          AS.board << Board(placed=MATCH.p, vowels=MATCH.v),
          TEST(lambda p, k, v, s: 0 < p < k and v / p > s), AS.cell << Cell(rank=MATCH.p))
    def draw_consonant_while_vowels_abound(self, board, cell):
        """bFREQ: a consonant (by frequency) while the vowel share is above the dictionary's."""
        self.place(board, cell, self.dice.consonant_by_frequency())

    @Rule(Stage("seed"), Plan(seed="quota", seeds=MATCH.k, vowels=MATCH.q),
          AS.board << Board(placed=MATCH.p), TEST(lambda p, k, q: p < k and p < q),
          AS.cell << Cell(rank=MATCH.p))
    def draw_quota_vowel(self, board, cell):
        """7FREQ: the first seed cells, as many as the quota, get vowels (by frequency)."""
        self.place(board, cell, self.dice.vowel_by_frequency())

    @Rule(Stage("seed"), Plan(seed="quota", seeds=MATCH.k, vowels=MATCH.q),
          AS.board << Board(placed=MATCH.p), TEST(lambda p, k, q: q <= p < k),
          AS.cell << Cell(rank=MATCH.p))
    def draw_consonant_after_quota(self, board, cell):
        """7FREQ: once the vowel quota is met, consonants (by frequency)."""
        self.place(board, cell, self.dice.consonant_by_frequency())


def touches(letter, cell) -> bool:
    """The letter stands next to the empty cell and has not marked it yet."""
    return (abs(letter["row"] - cell["row"]) <= 1 and abs(letter["col"] - cell["col"]) <= 1
            and cell["last"] != letter["turn"])


def earlier(d: float, d2: float) -> bool:
    """By a random mark: a cell due at d2 beats one due at d if its alarm rings first."""
    return d2 < d


def more_marked(n: int, d: float, n2: int, d2: float) -> bool:
    """Greedy: a cell with n2 marks due at d2 beats one with n marks due at d if it has
    more marks, or as many and an earlier alarm."""
    return n2 > n or (n2 == n and d2 < d)


class _Grown:
    """The grow stage's choice: the ``Turn`` goes to a better cell while there is one
    (a marking rule hands it on, a ``prefer_*`` rule finds any other); the draw, lower
    in salience, fires when no cell is better."""

    @DefFacts()
    def nobody_has_the_turn(self):
        if self.spec is not None:
            yield Turn(row=-1, col=-1, n=0, due=NEVER)

    def pass_turn(self, turn) -> None:
        """After a draw the turn goes back to nobody."""
        self.modify(turn, row=-1, col=-1, n=0, due=NEVER)

    def add_mark(self, cell, letter, due: float) -> int:
        """The letter's mark on the cell, which is now due at ``due``; its mark count."""
        n = cell["n"] + 1
        self.modify(cell, marks="".join(sorted(cell["marks"] + letter["char"])), n=n, due=due,
                    last=letter["turn"])
        return n

    def give_turn(self, turn, cell, n: int, due: float) -> None:
        self.modify(turn, row=cell["row"], col=cell["col"], n=n, due=due)

    @Rule(Stage("grow"), AS.turn << Turn(row=MATCH.r, col=MATCH.c), TEST(lambda r: r >= 0),
          NOT(Cell(row=MATCH.r, col=MATCH.c)), salience=MARKING)
    def pass_a_vacant_turn(self, turn):
        """A turn held by a cell that got a seed letter meanwhile goes back to nobody."""
        self.pass_turn(turn)


class _ByRandomMark(_Grown):
    """Marks set alarms on one common clock; the earliest alarm is next."""

    @Rule(Board(placed=MATCH.t), AS.letter << Letter(turn=MATCH.t),
          AS.cell << Cell(), TEST(lambda letter, cell: touches(letter, cell)),
          AS.turn << Turn(), salience=MARKING)
    def mark_neighbour(self, letter, cell, turn):
        """The latest letter marks each empty neighbour. The mark's alarm rings a random
        time after the letter was placed; the cell is due at its earliest alarm, and
        takes the turn if that is earlier than the holder's."""
        due = min(cell["due"], letter["at"] + self.dice.alarm(letter["row"], letter["col"],
                                                              cell["row"], cell["col"]))
        n = self.add_mark(cell, letter, due)
        if earlier(turn["due"], due):
            self.give_turn(turn, cell, n, due)

    @Rule(Stage("grow"), AS.turn << Turn(), AS.cell << Cell(),
          TEST(lambda turn, cell: earlier(turn["due"], cell["due"])), salience=PREFERRING)
    def prefer_an_earlier_alarm(self, turn, cell):
        """A cell whose alarm rings earlier than the turn holder's takes the turn."""
        self.give_turn(turn, cell, cell["n"], cell["due"])

    def draw(self, turn, cell, board, char: str) -> None:
        """Place the drawn letter, at the time its cell was due."""
        self.pass_turn(turn)
        self.place(board, cell, char, cell["due"])


class _Greedy(_Grown):
    """Marks count; the cell with the most marks is next, ties to the earliest alarm.
    The board keeps a clock per mark count 0..8: when a cell with that many marks was
    last picked."""

    board_slots = {"clocks": (0.0,) * 9}

    @Rule(AS.board << Board(placed=MATCH.t), AS.letter << Letter(turn=MATCH.t),
          AS.cell << Cell(), TEST(lambda letter, cell: touches(letter, cell)),
          AS.turn << Turn(), salience=MARKING)
    def mark_neighbour(self, board, letter, cell, turn):
        """The latest letter marks each empty neighbour. The cell, now among those with
        n + 1 marks, sets its alarm a random time after that count's clock, and takes
        the turn if it beats the holder."""
        due = board["clocks"][cell["n"] + 1] + self.dice.alarm(letter["row"], letter["col"],
                                                               cell["row"], cell["col"])
        n = self.add_mark(cell, letter, due)
        if more_marked(turn["n"], turn["due"], n, due):
            self.give_turn(turn, cell, n, due)

    @Rule(Stage("grow"), AS.turn << Turn(), AS.cell << Cell(),
          TEST(lambda turn, cell: more_marked(turn["n"], turn["due"], cell["n"], cell["due"])),
          salience=PREFERRING)
    def prefer_a_more_marked_cell(self, turn, cell):
        """A cell with more marks than the turn holder, or as many and an earlier alarm,
        takes the turn."""
        self.give_turn(turn, cell, cell["n"], cell["due"])

    def draw(self, turn, cell, board, char: str) -> None:
        """Place the drawn letter; the clock of its mark count moves to its alarm."""
        n, due = cell["n"], cell["due"]
        self.pass_turn(turn)
        clocks = board["clocks"]
        self.place(board, cell, char, due, clocks=clocks[:n] + (due,) + clocks[n + 1:])


class AdjBoard(_ByRandomMark, _Seeded):
    """ADJ: the next cell draws from the neighbour distribution of one of its marks."""

    @Rule(Stage("grow"), AS.turn << Turn(row=MATCH.r, col=MATCH.c),
          AS.cell << Cell(row=MATCH.r, col=MATCH.c, marks=MATCH.m), AS.board << Board())
    def draw_from_one_mark(self, turn, cell, board, m):
        """The turn holder's letter: one of its marks at random, then a letter that
        stands next to that one in the dictionary."""
        self.draw(turn, cell, board, self.dice.from_one_mark(m))


class CadBoard(_ByRandomMark, _Seeded):
    """CAD: the next cell draws from the product of all its marks' distributions."""

    @Rule(Stage("grow"), AS.turn << Turn(row=MATCH.r, col=MATCH.c),
          AS.cell << Cell(row=MATCH.r, col=MATCH.c, marks=MATCH.m), AS.board << Board())
    def draw_from_all_marks(self, turn, cell, board, m):
        """The turn holder's letter: one that stands next to all of its marks."""
        self.draw(turn, cell, board, self.dice.from_all_marks(m))


class GreedyCadBoard(_Greedy, _Seeded):
    """greedy-CAD: CAD, but the cell with the most marks goes next."""

    @Rule(Stage("grow"), AS.turn << Turn(row=MATCH.r, col=MATCH.c, n=MATCH.n),
          AS.cell << Cell(row=MATCH.r, col=MATCH.c, marks=MATCH.m), AS.board << Board())
    def draw_from_all_marks(self, turn, cell, board, m):
        """The turn holder's letter: one that stands next to all of its marks."""
        self.draw(turn, cell, board, self.dice.from_all_marks(m))


class GreedyDCadBoard(_Greedy, _Seeded):
    """greedy-dCAD: greedy-CAD with letters already on the board damped."""

    @Rule(Stage("grow"), AS.turn << Turn(row=MATCH.r, col=MATCH.c, n=MATCH.n),
          AS.cell << Cell(row=MATCH.r, col=MATCH.c, marks=MATCH.m),
          AS.board << Board(cells=MATCH.placed))
    def draw_from_all_marks_damped(self, turn, cell, board, m, placed):
        """The turn holder's letter: next to all of its marks, the letters already on
        the board damped."""
        self.draw(turn, cell, board, self.dice.from_all_marks(m, placed))


class TrigramBoard(_Greedy, _Seeded):
    """Letter triplets: greedy-CAD, and every placed path a-b ending next to an empty
    cell marks it with the pair 'ab'; the cell draws from its marks' product times the
    triplet rows of its pairs."""

    cell_slots = {"pairs": (), "paths": frozenset()}

    @Rule(Board(placed=MATCH.t), Letter(turn=MATCH.t, row=MATCH.r, col=MATCH.c, char=MATCH.x),
          Letter(row=MATCH.r1, col=MATCH.c1, char=MATCH.y),
          TEST(lambda r, c, r1, c1: adjacent(r, c, r1, c1) and (r, c) != (r1, c1)),
          AS.cell << Cell(row=MATCH.r2, col=MATCH.c2, pairs=MATCH.pairs, paths=MATCH.paths),
          TEST(lambda r, c, r1, c1, r2, c2, paths: adjacent(r1, c1, r2, c2)
               and f"{r}-{c}>{r1}-{c1}" not in paths),
          salience=MARKING)
    def mark_path_from_latest_letter(self, cell, r, c, x, r1, c1, y, pairs, paths):
        """The latest letter x and a placed neighbour y make the path x-y: it marks the
        empty cells next to y with the pair 'xy'."""
        self.modify(cell, pairs=tuple(sorted(pairs + (x + y,))),
                    paths=paths | {f"{r}-{c}>{r1}-{c1}"})

    @Rule(Board(placed=MATCH.t), Letter(turn=MATCH.t, row=MATCH.r, col=MATCH.c, char=MATCH.x),
          Letter(row=MATCH.r1, col=MATCH.c1, char=MATCH.y),
          TEST(lambda r, c, r1, c1: adjacent(r, c, r1, c1) and (r, c) != (r1, c1)),
          AS.cell << Cell(row=MATCH.r2, col=MATCH.c2, pairs=MATCH.pairs, paths=MATCH.paths),
          TEST(lambda r, c, r1, c1, r2, c2, paths: adjacent(r, c, r2, c2)
               and f"{r1}-{c1}>{r}-{c}" not in paths),
          salience=MARKING)
    def mark_path_into_latest_letter(self, cell, r, c, x, r1, c1, y, pairs, paths):
        """A placed neighbour y and the latest letter x make the path y-x: it marks the
        empty cells next to x with the pair 'yx'."""
        self.modify(cell, pairs=tuple(sorted(pairs + (y + x,))),
                    paths=paths | {f"{r1}-{c1}>{r}-{c}"})

    @Rule(Stage("grow"), AS.turn << Turn(row=MATCH.r, col=MATCH.c, n=MATCH.n),
          AS.cell << Cell(row=MATCH.r, col=MATCH.c, marks=MATCH.m, pairs=MATCH.pairs),
          AS.board << Board())
    def draw_from_marks_and_triplets(self, turn, cell, board, m, pairs):
        """The turn holder's letter: next to all of its marks, and continuing the
        placed paths that end next to it."""
        self.draw(turn, cell, board, self.dice.from_marks_and_triplets(m, pairs))


ENGINES = {cls.__name__: cls for cls in
           (FillBoard, AdjBoard, CadBoard, GreedyCadBoard, GreedyDCadBoard, TrigramBoard)}


def read_grid(session) -> list[str]:
    """The rows of the Grid fact the done stage declared."""
    for fact in session.records(Grid):
        return fact["text"].split("/")
    raise RuntimeError("the boggle rules left no grid fact (was the done stage run?)")
