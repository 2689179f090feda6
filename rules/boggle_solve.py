"""Boggle's words found and scored by rules (seed 003): paths grow die by die while
the dictionary says their letters begin a word.

Four stages, each a staging fact:

``Stage("grow")``   a path starts on every die whose face begins a word, and a path
                    grows onto each die next to its last one that it has not used,
                    when the letters so far still begin a word;
``Stage("find")``   a path whose letters are a word of at least the shortest length
                    is a found word (one fact per path: a word reachable two ways is
                    found twice, as the seed counts);
``Stage("score")``  each found word scores its length band's points, once per word;
``Stage("total")``  the scores are added up.

The dictionary is never a fact base: the rules ask its prefix index
(:class:`pyengine.puzzles.boggle.finder.PrefixIndex`), held as the ``index`` of the
one ``Dictionary`` fact so that a TEST can name it as a variable, the way a CLIPS
rule calls a function with its variables. Asserting every prefix of a word list as
facts (about 400,000 for 170,000 words) would dwarf the few thousand paths a board
grows, and the question "does any word begin with these letters?" is what an index
answers at once.
"""
from __future__ import annotations

from pyengine.engine.compat import experta  # noqa: F401  (patches collections first)

from experta import MATCH, NOT, TEST, DefFacts, KnowledgeEngine, Rule  # noqa: E402

from pyengine.facts.boggle_solve import (FACT_CLASSES, Band, Die, Dictionary,  # noqa: E402,F401
                                         Found, NextTo, Path, Score, Settings, Stage, Total)


class BoggleSolver(KnowledgeEngine):
    """Every word on a board, and its score. Provide ``board`` (a Board), ``index`` (a
    PrefixIndex), ``min_len`` and ``bands`` (the scoring table) before reset."""

    board = index = bands = None
    min_len = 3

    @DefFacts()
    def lay_out_board(self):
        """The dice, which dice stand next to which, the dictionary, the settings and
        the scoring table."""
        board = self.board
        if board is None:
            return
        for cell, face in enumerate(board.cells):
            yield Die(cell=cell, face=face)
        for cell, others in enumerate(board.neighbours):
            for other in others:
                yield NextTo(cell=cell, other=other)
        yield Dictionary(index=self.index)
        yield Settings(size=board.size, min_len=self.min_len)
        for band in self.bands:
            yield Band(low=band.low, high=band.high, points=band.points,
                       per_letter=band.per_letter)

    # -- grow ------------------------------------------------------------------------
    @Rule(Stage("grow"), Dictionary(index=MATCH.index), Die(cell=MATCH.cell, face=MATCH.face),
          TEST(lambda index, face: index.begins_word(face)))
    def start_path_on_die(self, cell, face):
        """A die whose face begins a word starts a path."""
        self.declare(Path(cells=(cell,), last=cell, letters=face))

    @Rule(Stage("grow"), Dictionary(index=MATCH.index),
          Path(cells=MATCH.cells, last=MATCH.last, letters=MATCH.letters),
          NextTo(cell=MATCH.last, other=MATCH.other),
          TEST(lambda cells, other: other not in cells),
          Die(cell=MATCH.other, face=MATCH.face),
          TEST(lambda index, letters, face: index.begins_word(letters + face)))
    def extend_path_to_unused_neighbour(self, cells, letters, other, face):
        """A path grows onto a die next to its last one that it has not used, if its
        letters and that die's face still begin a word."""
        self.declare(Path(cells=cells + (other,), last=other, letters=letters + face))

    # -- find ------------------------------------------------------------------------
    @Rule(Stage("find"), Dictionary(index=MATCH.index), Settings(min_len=MATCH.shortest),
          Path(cells=MATCH.cells, letters=MATCH.letters),
          TEST(lambda letters, shortest: len(letters) >= shortest),
          TEST(lambda index, letters: index.is_word(letters)))
    def find_word_on_path(self, cells, letters):
        """A path whose letters are a word, long enough, has found that word."""
        self.declare(Found(word=letters, cells=cells))

    # -- score -----------------------------------------------------------------------
    @Rule(Stage("score"), Found(word=MATCH.word), NOT(Score(word=MATCH.word)),
          Band(low=MATCH.low, high=MATCH.high, points=MATCH.points, per_letter=MATCH.each),
          TEST(lambda word, low, high: low <= len(word) <= high))
    def score_word_by_length(self, word, points, each):
        """A found word scores its length band's points (plus so many per letter in
        the 6x6 game's long-word band)."""
        self.declare(Score(word=word, points=points + each * len(word)))

    # -- total -----------------------------------------------------------------------
    @Rule(Stage("total"), NOT(Total()))
    def add_up_scores(self):
        """The board's sums: the distinct words and their points, and every path to a
        word with the points counting each path. A read-out of the Score and Found
        facts (an addition, not a decision), in one firing."""
        points = {f["word"]: f["points"] for f in self.facts.values() if isinstance(f, Score)}
        paths = [f["word"] for f in self.facts.values() if isinstance(f, Found)]
        self.declare(Total(words=len(points), points=sum(points.values()), paths=len(paths),
                           path_points=sum(points[w] for w in paths)))
