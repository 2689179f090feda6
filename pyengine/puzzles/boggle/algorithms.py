"""The Boggle generators (seed 003): the nine algorithms and letter triplets.

=============  =========================================================================
rnd            every cell a uniformly random letter
vcr            a vowel with the dictionary's vowel fraction P, else a consonant (uniform)
freq           every cell from the dictionary's letter frequencies (roulette wheel)
bfreq          freq, but a vowel while the vowel share so far is at most P, else a consonant
7freq          exactly k vowels (7 on 4x4) and the rest consonants, by frequency
adj            one seed letter; a random mark picks the cell and its letter's neighbours
cad            the same cell choice; the letter from the product of all the cell's marks
greedy-cad     the cell with the most marks; product of its marks
greedy-dcad    greedy-cad, each copy of a letter already placed damps it by 0.8
trigram        greedy-cad times the letter-triplet distributions of the placed paths
=============  =========================================================================

Seed cells go in a random order, so the fill algorithms (rnd .. 7freq) are "a seed of
the whole board": 7freq's first k seed letters are its vowels, which is the seed's
"pick k vowels and n-k consonants, then shuffle" in one pass.
"""
from __future__ import annotations

from dataclasses import dataclass

from pyengine.engine.errors import UsageError
from pyengine.puzzles.boggle.board import MAX_SIZE, MIN_SIZE


@dataclass(frozen=True)
class Algorithm:
    name: str
    title: str
    seed: str                 # letter rule for seed cells: uniform vcr freq balanced quota
    grow: str | None = None   # None (the seed fills the board), one, product, damped, trigram
    greedy: bool = False      # the grow stage picks the most marked cell (else a random mark)
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
    Algorithm("adj", "adjacency sampling", "freq", "one", engine="AdjBoard"),
    Algorithm("cad", "combined adjacency", "freq", "product", engine="CadBoard"),
    Algorithm("greedy-cad", "greedy combined adjacency", "freq", "product", True,
              engine="GreedyCadBoard"),
    Algorithm("greedy-dcad", "greedy combined adjacency, damped", "freq", "damped", True,
              engine="GreedyDCadBoard"),
    Algorithm("trigram", "greedy combined adjacency and letter triplets", "freq", "trigram",
              True, engine="TrigramBoard"),
)}
ALGOS = tuple(ALGORITHMS)


@dataclass(frozen=True)
class BoardSpec:
    """What the seed stage needs: the board size, the seed letter rule, how many seed
    cells, and 7freq's vowel quota."""

    size: int
    seed: str
    seeds: int
    vowels: int


def algorithm(name) -> Algorithm:
    if isinstance(name, Algorithm):
        return name
    got = ALGORITHMS.get(str(name).lower())
    if got is None:
        raise UsageError(f"unknown algorithm {name!r} (choose {', '.join(ALGORITHMS)})")
    return got


def check_size(size) -> int:
    if isinstance(size, bool) or not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise UsageError(f"board size must be {MIN_SIZE}..{MAX_SIZE}, got {size!r}")
    return size


def default_vowels(size: int) -> int:
    """7freq's vowel count: 7 of 16 on 4x4 (the seed's sweep), the same share elsewhere."""
    return max(1, round(size * size * 7 / 16))


def board_spec(algo, size: int, seed_size: int = 1, vowels: int | None = None) -> BoardSpec:
    """The checked seed settings of one board."""
    a = algorithm(algo)
    n = check_size(size) ** 2
    if a.fills:
        seed_size = n
    if isinstance(seed_size, bool) or not isinstance(seed_size, int) or not 1 <= seed_size <= n:
        raise UsageError(f"seed size must be 1..{n} on a {size}x{size} board, "
                         f"got {seed_size!r}")
    quota = default_vowels(size) if vowels is None else vowels
    if isinstance(quota, bool) or not isinstance(quota, int) or not 0 <= quota <= n:
        raise UsageError(f"vowel count must be 0..{n}, got {vowels!r}")
    return BoardSpec(size, a.seed, seed_size, quota)
