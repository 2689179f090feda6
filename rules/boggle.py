"""Boggle board generators as experta rule sets (seed 003).

Three stages, each a staging fact:

``Stage("seed")``  the seed cells get letters from the algorithm's seed rule, in a
                   random order drawn at reset (the cell ranked p is the p-th seed):
                   one cell for the adjacency algorithms, the whole board for rnd .. 7freq.
``Stage("grow")``  choose an empty cell by its marks, draw its letter from them; repeat
                   until the board is full.
``Stage("done")``  read the board out into one ``Grid`` fact.

*Marking* rules (no stage: they answer the newest letter, before anything else)
leave a mark on each empty neighbour of a placed letter: the cell's ``marks`` gain the
letter, ``n`` counts them.

*Choosing* the next cell:

- greedy (greedy-CAD, greedy-dCAD, trigram): the agenda chooses. Every marked cell
  has an activation of the draw rule, and its salience is worked out from the match
  (:func:`by_marks`: 100 per mark, then the earlier seed rank; CLIPS writes
  ``(declare (salience ...))``), so the most marked cell fires first, ties to the cell
  earlier in the board's random seed order (a shuffle: every tie a fair draw). A
  placed letter is *fresh* until it has marked its neighbours (``settle_letter``).
- by a random mark (ADJ, CAD): the ``Turn`` names the cell whose alarm rings first.
  Each mark sets an alarm on its cell (``due``), ringing a random time (exponential,
  mean 1) after its letter was placed; a cell is due at its earliest. A marked cell
  that rings earlier than the holder takes the turn as it is marked, a ``prefer_*``
  rule hands it to any other; the draw, lower in salience, fires when none does.
  Alarms are memoryless, so at every pick each mark on an empty cell is equally
  likely to ring first: a cell with three marks is three times as likely as a cell
  with one (the seed's queue of marks).

=================  ====================  =================================
engine             marks and chooses     draws the letter with
=================  ====================  =================================
FillBoard          (seed stage only)     the seed rule of the ``Plan``
AdjBoard           by a random mark      draw_from_one_mark
CadBoard           by a random mark      draw_from_all_marks
GreedyCadBoard     greedy (salience)     draw_from_all_marks
GreedyDCadBoard    greedy (salience)     draw_from_all_marks_damped
TrigramBoard       greedy, + path marks  draw_from_marks_and_triplets
=================  ====================  =================================

The letter odds come from the dictionary statistics through the engine's ``dice``
(:class:`pyengine.puzzles.boggle.draws.Dice`), asked with what the rule matched.
"""
from __future__ import annotations

from pyengine.engine.compat import experta  # noqa: F401  (patches collections first)

from experta import AS, MATCH, NOT, P, DefFacts, KnowledgeEngine, Rule, TEST  # noqa: E402

from pyengine.facts.boggle import (FACT_CLASSES, Board, Cell, Grid,  # noqa: E402,F401
                                   Letter, Plan, Stage, Turn)
from pyengine.words.letters import VOWELS  # noqa: E402
NEVER = float("inf")        # the alarm of a cell no mark has reached
# saliences: marks first (then, greedy, a fresh letter settles), then (ADJ, CAD) a better
# cell, then a draw (greedy: by_marks, below 900)
MARKING, SETTLING, PREFERRING = 1000, 950, 5
MARKED = P(lambda n: n > 0)     # a cell's mark count, when it has marks


def adjacent(r: int, c: int, r2: int, c2: int) -> bool:
    """Neighbours are at most one row and one column apart (8 around a cell)."""
    return abs(r - r2) <= 1 and abs(c - c2) <= 1


class _Seeded(KnowledgeEngine):
    """The empty grid, the seed stage of the grown boards, and the done stage."""

    dice = None        # a Dice, provided by the driver before reset
    spec = None        # the board's BoardSpec (size, seed rule, seed cells, vowel quota)
    cell_slots: dict = {}
    board_slots: dict = {}
    letter_slots: dict = {}

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

    def lay(self, cell, char: str, **slots) -> None:
        """The letter goes on the cell: a Letter replaces the Cell."""
        self.retract(cell)
        self.declare(Letter(row=cell["row"], col=cell["col"], char=char, marks=cell["marks"],
                            **slots, **self.letter_slots))

    def place(self, board, cell, char: str, at: float = 0.0, **more) -> None:
        """The letter goes on the cell and the Board notes it."""
        r, c = cell["row"], cell["col"]
        turn = board["placed"] + 1
        self.lay(cell, char, at=at, turn=turn)
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
    @Rule(Stage("done"), NOT(Grid()))
    def read_out_grid(self):
        """The finished board, row by row, from the Letter facts. A read-out, not a
        decision, so it reads the fact list rather than have every letter written
        onto the Board as it is drawn (a fact change per letter, on the hot path)."""
        n = self.spec.size
        cells = ["."] * (n * n)
        for fact in self.facts.values():
            if isinstance(fact, Letter):
                cells[fact["row"] * n + fact["col"]] = fact["char"]
        text = "".join(cells)
        self.declare(Grid(text="/".join(text[i:i + n] for i in range(0, len(text), n))))


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
    return (adjacent(letter["row"], letter["col"], cell["row"], cell["col"])
            and cell["last"] != letter["turn"])


def earlier(d: float, d2: float) -> bool:
    """By a random mark: a cell due at d2 beats one due at d if its alarm rings first."""
    return d2 < d


class _Grown:
    """ADJ, CAD: the grow stage's choice. The ``Turn`` goes to a better cell while there
    is one (a marking rule hands it on, a ``prefer_*`` rule finds any other); the draw,
    lower in salience, fires when no cell is better."""

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
          AS.cell << Cell(), TEST(touches),
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


def place_id(letter) -> int:
    """A letter's square as one number (1 + row * 8 + col), what a cell's ``last`` holds."""
    return 1 + letter["row"] * 8 + letter["col"]


def touches_fresh(letter, cell) -> bool:
    """The fresh letter stands next to the empty cell and has not marked it yet."""
    return (adjacent(letter["row"], letter["col"], cell["row"], cell["col"])
            and cell["last"] != place_id(letter))


class _Greedy:
    """Greedy: the cell with the most marks draws next. A placed letter is *fresh*
    until it has marked its empty neighbours; then it settles. Every marked cell has
    an activation of the draw rule, whose salience is worked out from the cell's
    match (CLIPS: ``(declare (salience ...))``): its marks, then its seed rank, so
    the agenda itself puts the most marked cell first, ties to the cell earlier in
    the board's random seed order (a fair draw: the ranks are a random shuffle)."""

    letter_slots = {"fresh": True}

    @Rule(AS.letter << Letter(fresh=True), AS.cell << Cell(),
          TEST(touches_fresh), salience=MARKING)
    def mark_neighbour(self, letter, cell):
        """The fresh letter marks each empty neighbour: the cell's ``marks`` gain the
        letter, ``n`` counts them, ``last`` names the letter that marked it."""
        self.modify(cell, marks="".join(sorted(cell["marks"] + letter["char"])),
                    n=cell["n"] + 1, last=place_id(letter))

    @Rule(AS.letter << Letter(fresh=True), salience=SETTLING)
    def settle_letter(self, letter):
        """Once its neighbours are marked, the letter is no longer fresh."""
        self.modify(letter, fresh=False)

    def draw(self, cell, char: str, board=None) -> None:
        """The drawn letter replaces the cell, fresh (the board's text kept too where a
        rule reads it)."""
        if board is not None:
            self.place(board, cell, char)
        else:
            self.lay(cell, char)


def by_marks(n: int, k: int) -> int:
    """A marked cell's draw salience: 100 per mark (8 at most: 899, below SETTLING),
    then the earlier seed rank k first (ranks are below 100: at most 10x10 cells)."""
    return n * 100 + (99 - k)


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

    @Rule(Stage("grow"), AS.cell << Cell(n=MARKED & MATCH.n, rank=MATCH.k), salience=by_marks)
    def draw_from_all_marks(self, cell):
        """The most marked cell's letter: one that stands next to all of its marks."""
        self.draw(cell, self.dice.from_all_marks(cell["marks"]))


class GreedyDCadBoard(_Greedy, _Seeded):
    """greedy-dCAD: greedy-CAD with letters already on the board damped."""

    @Rule(Stage("grow"), AS.cell << Cell(n=MARKED & MATCH.n, rank=MATCH.k),
          AS.board << Board(cells=MATCH.placed), salience=by_marks)
    def draw_from_all_marks_damped(self, cell, board, placed):
        """The most marked cell's letter: next to all of its marks, the letters already
        on the board damped."""
        self.draw(cell, self.dice.from_all_marks(cell["marks"], placed), board)


class TrigramBoard(_Greedy, _Seeded):
    """Letter triplets: greedy-CAD, and every placed path a-b ending next to an empty
    cell marks it with the pair 'ab'; the cell draws from its marks' product times the
    triplet rows of its pairs."""

    cell_slots = {"pairs": (), "paths": frozenset()}

    @Rule(Letter(fresh=True, row=MATCH.r, col=MATCH.c, char=MATCH.x),
          Letter(row=MATCH.r1, col=MATCH.c1, char=MATCH.y),
          TEST(lambda r, c, r1, c1: adjacent(r, c, r1, c1) and (r, c) != (r1, c1)),
          AS.cell << Cell(row=MATCH.r2, col=MATCH.c2, pairs=MATCH.pairs, paths=MATCH.paths),
          TEST(lambda r, c, r1, c1, r2, c2, paths: adjacent(r1, c1, r2, c2)
               and f"{r}-{c}>{r1}-{c1}" not in paths),
          salience=MARKING)
    def mark_path_from_fresh_letter(self, cell, r, c, x, r1, c1, y):
        """The fresh letter x and a placed neighbour y make the path x-y: it marks the
        empty cells next to y with the pair 'xy'."""
        self.add_path(cell, x + y, f"{r}-{c}>{r1}-{c1}")

    @Rule(Letter(fresh=True, row=MATCH.r, col=MATCH.c, char=MATCH.x),
          Letter(row=MATCH.r1, col=MATCH.c1, char=MATCH.y),
          TEST(lambda r, c, r1, c1: adjacent(r, c, r1, c1) and (r, c) != (r1, c1)),
          AS.cell << Cell(row=MATCH.r2, col=MATCH.c2, pairs=MATCH.pairs, paths=MATCH.paths),
          TEST(lambda r, c, r1, c1, r2, c2, paths: adjacent(r, c, r2, c2)
               and f"{r1}-{c1}>{r}-{c}" not in paths),
          salience=MARKING)
    def mark_path_into_fresh_letter(self, cell, r, c, x, r1, c1, y):
        """A placed neighbour y and the fresh letter x make the path y-x: it marks the
        empty cells next to x with the pair 'yx'."""
        self.add_path(cell, y + x, f"{r1}-{c1}>{r}-{c}")

    def add_path(self, cell, pair: str, path: str) -> None:
        """The cell gains the pair of a placed path, and remembers the path."""
        self.modify(cell, pairs=tuple(sorted(cell["pairs"] + (pair,))),
                    paths=cell["paths"] | {path})

    @Rule(Stage("grow"), AS.cell << Cell(n=MARKED & MATCH.n, rank=MATCH.k), salience=by_marks)
    def draw_from_marks_and_triplets(self, cell):
        """The most marked cell's letter: next to all of its marks, and continuing the
        placed paths that end next to it."""
        self.draw(cell, self.dice.from_marks_and_triplets(cell["marks"], cell["pairs"]))


ENGINES = {cls.__name__: cls for cls in
           (FillBoard, AdjBoard, CadBoard, GreedyCadBoard, GreedyDCadBoard, TrigramBoard)}


def read_grid(session) -> list[str]:
    """The rows of the Grid fact the done stage declared."""
    for fact in session.records(Grid):
        return fact["text"].split("/")
    raise RuntimeError("the boggle rules left no grid fact (was the done stage run?)")
