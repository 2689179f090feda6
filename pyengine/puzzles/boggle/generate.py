"""Generate Boggle boards with the seed's nine algorithms (seed 003), plus letter triplets.

The rules (``pyengine.rules.boggle``) decide *what happens*: a seed stage places
letters on chosen cells, a grow stage repeatedly chooses a marked cell and gives it a
letter drawn from its marks, a done stage reads the board out. The arithmetic (which
cell, which letter) lives here, in :class:`Grower`, over plain lists of 26 floats
from :class:`pyengine.puzzles.boggle.stats.DictStats`. The rules call the same Grower methods
in the same order as :func:`plain_generate`, the plain-Python twin, so for one seed
both give the same board (the tests check it); the twin is also the benchmark's
baseline.

=============  =========================================================================
rnd            every cell a uniformly random letter
vcr            a vowel with the dictionary's vowel fraction P, else a consonant (uniform)
freq           every cell from the dictionary's letter frequencies (roulette wheel)
bfreq          freq, but a vowel while the vowel share so far is at most P, else a consonant
7freq          exactly k vowels (7 on 4x4) and the rest consonants, by frequency, shuffled
adj            one seed letter; a random mark picks the cell and its letter's neighbours
cad            the same cell choice; the letter from the product of all the cell's marks
greedy-cad     the cell with the most marks; product of its marks
greedy-dcad    greedy-cad, each copy of a letter already placed damps it by 0.8
trigram        greedy-cad times the letter-triplet distributions of the placed paths
=============  =========================================================================

Seed cells are chosen at random, so the fill algorithms (rnd .. 7freq) are "a seed of
the whole board": 7freq's first k seed letters are its vowels, which is the seed's
"pick k vowels and n-k consonants, then shuffle" in one pass.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from pyengine.engine.errors import UsageError

__all__ = ["ALGORITHMS", "Algorithm", "Grower", "generate", "generate_with_session",
           "plain_generate", "default_vowels", "make_session", "shell_setup", "DAMP"]

DAMP = 0.8              # greedy-dcad: weight factor per copy of a letter already placed
TRIGRAM_SMOOTH = 1.0    # trigram: pseudo-weight of the pair row mixed into a triplet row
MIN_SIZE, MAX_SIZE = 3, 6


@dataclass(frozen=True)
class Algorithm:
    name: str
    title: str
    seed: str                 # letter rule for seed cells: uniform vcr freq balanced quota
    grow: str | None = None   # None (the seed fills the board), one, product, trigram
    pick: str = "mark"        # how the grow stage chooses a cell: mark (random mark), greedy
    damp: float | None = None
    engine: str = "FillBoard"

    @property
    def fills(self) -> bool:
        return self.grow is None


ALGORITHMS: dict[str, Algorithm] = {a.name: a for a in (
    Algorithm("rnd", "uniform random letters", "uniform"),
    Algorithm("vcr", "vowel-to-consonant ratio", "vcr"),
    Algorithm("freq", "letter frequencies", "freq"),
    Algorithm("bfreq", "balanced letter frequencies", "balanced"),
    Algorithm("7freq", "frequencies with a fixed vowel count", "quota"),
    Algorithm("adj", "adjacency sampling", "freq", "one", "mark", engine="AdjBoard"),
    Algorithm("cad", "combined adjacency", "freq", "product", "mark", engine="CadBoard"),
    Algorithm("greedy-cad", "greedy combined adjacency", "freq", "product", "greedy",
              engine="GreedyCadBoard"),
    Algorithm("greedy-dcad", "greedy combined adjacency, damped", "freq", "product", "greedy",
              damp=DAMP, engine="GreedyDCadBoard"),
    Algorithm("trigram", "greedy combined adjacency and letter triplets", "freq", "trigram",
              "greedy", engine="TrigramBoard"),
)}
SEED_NINE = ("rnd", "vcr", "freq", "bfreq", "7freq", "adj", "cad", "greedy-cad", "greedy-dcad")


def algorithm(name: str) -> Algorithm:
    got = ALGORITHMS.get(str(name).lower())
    if got is None:
        raise UsageError(f"unknown algorithm {name!r} (choose {', '.join(ALGORITHMS)})")
    return got


def check_size(size) -> int:
    if not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise UsageError(f"board size must be {MIN_SIZE}..{MAX_SIZE}, got {size!r}")
    return size


def default_vowels(size: int) -> int:
    """7freq's vowel count: 7 of 16 on 4x4 (the seed's sweep), the same share elsewhere."""
    return max(1, round(size * size * 7 / 16))


def _cumulative(weights) -> list[float]:
    out, acc = [], 0.0
    for w in weights:
        acc += w
        out.append(acc)
    return out


class _Tables:
    """Per-stats lookup tables, built once and shared by every Grower."""

    _cache: dict = {}

    def __init__(self, stats):
        from pyengine.puzzles.boggle.stats import ALPHABET, VOWELS
        self.letters = list(ALPHABET)
        self.vowels = [c for c in ALPHABET if c in VOWELS]
        self.consonants = [c for c in ALPHABET if c not in VOWELS]
        self.is_vowel = [c in VOWELS for c in ALPHABET]
        f = stats.freq
        self.freq_cum = _cumulative(f)
        self.vowel_cum = _cumulative(f[i] for i, c in enumerate(ALPHABET) if c in VOWELS)
        self.cons_cum = _cumulative(f[i] for i, c in enumerate(ALPHABET) if c not in VOWELS)
        self.rows = stats.adj_rows
        self.rows_cum = [_cumulative(r) for r in stats.adj_rows]
        self.tri = None
        if stats.trigrams is not None:
            # triplet rows T[a][b] smoothed with the pair row of b, normalised
            tri = []
            for a in range(26):
                rows_a = []
                for b in range(26):
                    t = stats.trigrams[a][b]
                    s = sum(t)
                    pb = stats.adj_rows[b]
                    k = TRIGRAM_SMOOTH
                    rows_a.append([(v / s if s else 0.0) * (1 - k / (s + k)) + pb[c] * k / (s + k)
                                   for c, v in enumerate(t)] if s else list(pb))
                tri.append(rows_a)
            self.tri = tri

    @classmethod
    def for_stats(cls, stats) -> "_Tables":
        got = cls._cache.get(id(stats))
        if got is None or got[0] is not stats:
            got = cls._cache[id(stats)] = (stats, cls(stats))
        return got[1]


class Grower:
    """The state of one board being generated, and every random choice about it.

    ``letters[i]`` is the letter of cell i (row-major) or None; ``marks[i]`` lists
    the letter codes (0..25) of cell i's placed neighbours, one per neighbour, in
    placement order: the Mark facts, as a Python index the rules can ask.
    """

    def __init__(self, algo: Algorithm | str, size: int, stats, rng: random.Random,
                 seed_size: int = 1, vowels: int | None = None):
        from pyengine.puzzles.boggle.board import neighbours_of
        self.algo = algorithm(algo) if isinstance(algo, str) else algo
        self.size = check_size(size)
        self.n = size * size
        if self.algo.fills:
            seed_size = self.n
        if not isinstance(seed_size, int) or not 1 <= seed_size <= self.n:
            raise UsageError(f"seed size must be 1..{self.n} on a {size}x{size} board, "
                             f"got {seed_size!r}")
        self.seed_size = seed_size
        self.vowels = default_vowels(size) if vowels is None else vowels
        if not 0 <= self.vowels <= self.n:
            raise UsageError(f"vowel count must be 0..{self.n}, got {vowels!r}")
        self.stats = stats
        self.t = _Tables.for_stats(stats)
        self.rng = rng
        self.nbrs = neighbours_of(size)
        self.letters: list[str | None] = [None] * self.n
        self.codes: list[int] = [-1] * self.n
        self.marks: list[list[int]] = [[] for _ in range(self.n)]
        self.counts = [0] * 26
        self.placed = 0
        self.vowels_placed = 0

    # -- the board ---------------------------------------------------------------------
    def cell(self, row: int, col: int) -> int:
        return row * self.size + col

    def rc(self, i: int) -> tuple[int, int]:
        return divmod(i, self.size)

    def empty_cells(self) -> list[int]:
        return [i for i, ch in enumerate(self.letters) if ch is None]

    def place(self, i: int, ch: str) -> list[int]:
        """Put ``ch`` on cell i; mark its empty neighbours; return them."""
        code = ord(ch) - 97
        self.letters[i] = ch
        self.codes[i] = code
        self.counts[code] += 1
        self.placed += 1
        if self.t.is_vowel[code]:
            self.vowels_placed += 1
        marked = []
        for j in self.nbrs[i]:
            if self.letters[j] is None:
                self.marks[j].append(code)
                marked.append(j)
        return marked

    def pairs_into(self, i: int) -> list[str]:
        """Two-letter paths ending next to empty cell i: 'ab' for placed a - b - (i)."""
        out = []
        for j in self.nbrs[i]:
            b = self.codes[j]
            if b < 0:
                continue
            for k in self.nbrs[j]:
                a = self.codes[k]
                if a >= 0 and k != i:
                    out.append(self.letters[k] + self.letters[j])
        return out

    def full(self) -> bool:
        return self.placed == self.n

    # -- choosing a cell ---------------------------------------------------------------
    def pick_seed_cell(self) -> int | None:
        """A random empty cell while the seed lasts, else None."""
        if self.placed >= self.seed_size:
            return None
        return self.rng.choice(self.empty_cells())

    def pick_by_random_mark(self) -> int | None:
        """A mark chosen uniformly among all marks on empty cells; its cell.

        A cell with three marks is three times as likely as one with one: the seed's
        queue of (cell, parent letter) entries."""
        total = 0
        for i, ch in enumerate(self.letters):
            if ch is None:
                total += len(self.marks[i])
        if total == 0:
            return None
        r = self.rng.randrange(total)
        for i, ch in enumerate(self.letters):
            if ch is None:
                r -= len(self.marks[i])
                if r < 0:
                    return i
        raise AssertionError("unreachable")

    def pick_most_marked(self) -> int | None:
        """An empty cell with the most marks (ties broken at random)."""
        best, most = [], 0
        for i, ch in enumerate(self.letters):
            if ch is None:
                m = len(self.marks[i])
                if m > most:
                    best, most = [i], m
                elif m == most and m:
                    best.append(i)
        if not best:
            return None
        return best[0] if len(best) == 1 else self.rng.choice(best)

    # -- drawing a letter --------------------------------------------------------------
    def _roulette(self, letters, cum) -> str:
        r = self.rng.random() * cum[-1]
        lo, hi = 0, len(cum) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if cum[mid] > r:
                hi = mid
            else:
                lo = mid + 1
        return letters[lo]

    def seed_letter(self) -> str:
        """The algorithm's letter for a seed cell (before it is placed)."""
        t, kind, rng = self.t, self.algo.seed, self.rng
        if kind == "freq":
            return self._roulette(t.letters, t.freq_cum)
        if kind == "uniform":
            return rng.choice(t.letters)
        if kind == "vcr":
            return rng.choice(t.vowels if rng.random() < self.stats.vowel_fraction
                              else t.consonants)
        if kind == "balanced":
            vowel = self.placed == 0 or self.vowels_placed / self.placed <= self.stats.vowel_fraction
            return (self._roulette(t.vowels, t.vowel_cum) if vowel
                    else self._roulette(t.consonants, t.cons_cum))
        if kind == "quota":
            if self.placed < self.vowels:
                return self._roulette(t.vowels, t.vowel_cum)
            return self._roulette(t.consonants, t.cons_cum)
        raise AssertionError(kind)

    def letter_from_one_mark(self, i: int) -> str:
        """ADJ: one of the cell's marks at random, then that letter's neighbour row."""
        code = self.rng.choice(self.marks[i])
        return self._roulette(self.t.letters, self.t.rows_cum[code])

    def combined_weights(self, i: int, damp: float | None = None) -> list[float]:
        """CAD: the product of the neighbour rows of all the cell's marks."""
        rows = self.t.rows
        marks = self.marks[i]
        w = list(rows[marks[0]])
        for code in marks[1:]:
            row = rows[code]
            w = [a * b for a, b in zip(w, row)]
            s = sum(w)
            if s <= 0:
                break
            if s < 1e-200:
                w = [a / s for a in w]
        if damp is not None:
            counts = self.counts
            w = [a * damp ** counts[k] if counts[k] else a for k, a in enumerate(w)]
        return w

    def any_mark_weights(self, i: int) -> list[float]:
        """The mixture of the marks' rows: a letter that meets at least one mark."""
        rows = self.t.rows
        w = [0.0] * 26
        for code in self.marks[i]:
            w = [a + b for a, b in zip(w, rows[code])]
        return w

    def letter_from_weights(self, w: list[float], i: int | None = None) -> str:
        """Roulette over ``w``; when no letter has weight (no letter meets every mark)
        fall back to the mixture of cell i's marks, then to the letter frequencies."""
        if sum(w) <= 0 and i is not None:
            w = self.any_mark_weights(i)
        if sum(w) <= 0:
            return self._roulette(self.t.letters, self.t.freq_cum)
        return self._roulette(self.t.letters, _cumulative(w))

    def letter_from_all_marks(self, i: int, damp: float | None = None) -> str:
        return self.letter_from_weights(self.combined_weights(i, damp), i)

    def letter_from_pairs_and_triplets(self, i: int, pairs: list[str]) -> str:
        """Trigram: the CAD product times each placed path a-b-(i)'s triplet row."""
        pair_w = self.combined_weights(i)
        w = pair_w
        tri = self.t.tri
        for ab in pairs:
            row = tri[ord(ab[0]) - 97][ord(ab[1]) - 97]
            w = [x * y for x, y in zip(w, row)]
            s = sum(w)
            if s <= 0:          # no letter fits every triplet: keep the pairs' product
                w = pair_w
                break
            w = [x / s for x in w]
        return self.letter_from_weights(w, i)

    def grow_letter(self, i: int) -> str:
        """The algorithm's letter for marked cell i."""
        a = self.algo
        if a.grow == "one":
            return self.letter_from_one_mark(i)
        if a.grow == "product":
            return self.letter_from_all_marks(i, a.damp)
        return self.letter_from_pairs_and_triplets(i, self.pairs_into(i))

    def pick_marked_cell(self) -> int | None:
        return self.pick_most_marked() if self.algo.pick == "greedy" else self.pick_by_random_mark()

    # -- the result --------------------------------------------------------------------
    def board(self, qu: bool = False):
        from pyengine.puzzles.boggle.board import Board
        if not self.full():
            raise RuntimeError("the board is not full")
        cells = tuple("qu" if (qu and ch == "q") else ch for ch in self.letters)
        return Board(self.size, cells)


# ---------------------------------------------------------------------------------
# drivers

def _rng(rng=None, seed=None) -> random.Random:
    if isinstance(rng, random.Random):
        return rng
    if rng is not None:
        return random.Random(rng)
    return random.Random(seed)


def _stats(stats=None, words=None):
    if stats is not None:
        return stats
    from pyengine.puzzles.boggle.stats import load_stats
    return load_stats(words)


def plain_generate(algo="greedy-cad", size: int = 4, rng=None, seed=None, stats=None,
                   seed_size: int = 1, vowels: int | None = None, qu: bool = False,
                   words=None):
    """The same algorithm as the rules, as a plain loop (baseline and cross-check)."""
    g = Grower(algo, size, _stats(stats, words), _rng(rng, seed), seed_size, vowels)
    while True:                                  # seed stage
        i = g.pick_seed_cell()
        if i is None:
            break
        g.place(i, g.seed_letter())
    if not g.algo.fills:                         # grow stage
        while True:
            i = g.pick_marked_cell()
            if i is None:
                break
            g.place(i, g.grow_letter(i))
    return g.board(qu)


_SESSIONS: dict = {}


def make_session(algo="greedy-cad", size: int = 4, rng=None, seed=None, stats=None,
                 seed_size: int = 1, vowels: int | None = None, record: bool = True,
                 words=None, reuse: bool = False):
    """An ExpertaSession with the algorithm's rule set, reset, cells declared.

    Returns ``(session, stages)``; run the stages with a StageRunner. ``reuse``
    keeps one session per rule set and process (building experta's network costs
    about a millisecond), which is what the fast paths use."""
    from pyengine.engine.experta import ExpertaSession
    from pyengine.rules import boggle as R
    from pyengine.engine.stages import Stage

    a = algorithm(algo) if isinstance(algo, str) else algo
    grower = Grower(a, size, _stats(stats, words), _rng(rng, seed), seed_size, vowels)
    cls = getattr(R, a.engine)
    key = (cls, record)
    session = _SESSIONS.get(key) if reuse else None
    if session is None:
        session = ExpertaSession(cls, record=record, fact_classes=R.FACT_CLASSES)
        if reuse:
            _SESSIONS[key] = session
    session.provide(grower=grower)
    session.reset()                # declares the Cell facts (deffacts empty_grid)
    stages = [Stage("seed")]
    if not a.fills:
        stages.append(Stage("grow"))
    stages.append(Stage("done"))
    return session, stages


def generate_with_session(algo="greedy-cad", size: int = 4, rng=None, seed=None, stats=None,
                          seed_size: int = 1, vowels: int | None = None, qu: bool = False,
                          record: bool = True, words=None, reuse: bool = False):
    """Run the rules; return ``(board, session)``; the board is read from the Grid fact."""
    from pyengine.puzzles.boggle.board import Board
    from pyengine.rules.boggle import read_grid
    from pyengine.engine.stages import run_stages

    session, stages = make_session(algo, size, rng, seed, stats, seed_size, vowels, record,
                                   words, reuse)
    run_stages(session, stages)
    rows = read_grid(session)
    cells = tuple("qu" if (qu and ch == "q") else ch for ch in "".join(rows))
    return Board(len(rows), cells), session


def generate(algo="greedy-cad", size: int = 4, rng=None, seed=None, stats=None,
             seed_size: int = 1, vowels: int | None = None, qu: bool = False, words=None):
    """A board made by the rule engine (fast path: reused session, no trace)."""
    board, _ = generate_with_session(algo, size, rng, seed, stats, seed_size, vowels, qu,
                                     record=False, words=words, reuse=True)
    return board


def shell_setup(argv: list[str]):
    """``pyengine shell boggle [--algo A] [--size N] [--seed S] [--seed-size K] [--words L]``."""
    from pyengine.ui.cli import Parser
    from pyengine.puzzles.util import new_seed
    from pyengine.rules.boggle import read_grid
    from pyengine.engine.stages import SessionPlan

    p = Parser(prog="pyengine shell boggle")
    p.add_argument("--algo", default="greedy-cad")
    p.add_argument("--size", type=int, default=4)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--seed-size", type=int, default=1)
    p.add_argument("--vowels", type=int, default=None)
    p.add_argument("--words", default=None)
    args = p.parse_args(argv)
    seed = new_seed() if args.seed is None else args.seed
    session, stages = make_session(args.algo, check_size(args.size), seed=seed,
                                   seed_size=args.seed_size, vowels=args.vowels,
                                   record=True, words=args.words)

    def finish() -> str:
        return "\n".join(" ".join(r.upper()) for r in read_grid(session))

    return SessionPlan(session, stages, seed,
                      f"boggle board by {algorithm(args.algo).name} "
                      f"({args.size}x{args.size}, seed {seed})", finish)
