"""The compiled finder's batched search agrees with the plain search, board by board."""
from __future__ import annotations

import random

import pytest

from pyengine.puzzles.boggle.board import Board
from pyengine.puzzles.boggle.dice import DICE_SETS, roll_dice
from pyengine.puzzles.boggle.finder import Finder, numba_available

pytestmark = [pytest.mark.skipif(not numba_available(), reason="needs numba (extra 'fast')"),
              pytest.mark.heavy]        # they compile the kernels (tests/conftest.py)
ALPHA = "abcdefghijklmnopqrstuvwxyz"


def boards(n, size, seed):
    rng = random.Random(seed)
    vowels = "aeiouaeioueeest"
    return [Board(size, tuple(rng.choice(ALPHA if rng.random() < .5 else vowels)
                              for _ in range(size * size))) for _ in range(n)]


@pytest.mark.parametrize("size", [3, 4, 5, 6])
def test_batched_stats_match_the_plain_search(size):
    words = "enable2k"
    fast = Finder(words, min_len=3, backend="numba", one_shot=False)
    plain = Finder(words, min_len=3, backend="python", one_shot=False)
    bs = boards(60, size, size)
    got = fast.stats(bs)
    assert got == [plain.stats(b) for b in bs] == [fast.stats(b) for b in bs]
    for b in bs[:20]:
        assert fast.solve(b).words == plain.solve(b).words


def test_batched_stats_with_faces_and_blanks():
    words = "enable2k"
    fast = Finder(words, min_len=3, backend="numba", one_shot=False, count="paths")
    plain = Finder(words, min_len=3, backend="python", one_shot=False, count="paths")
    for name in sorted(DICE_SETS):
        bs = [roll_dice(name, s) for s in range(1, 25)]
        assert fast.stats(bs) == [plain.stats(b) for b in bs], name
        for b in bs[:5]:
            a, c = fast.solve(b), plain.solve(b)
            assert (a.words, a.counts, a.score) == (c.words, c.counts, c.score)


def test_generation_counter_wraps_without_losing_words():
    f = Finder("enable2k", min_len=3, backend="numba", one_shot=False)
    bs = boards(5, 4, 9)
    want = f.stats(bs)
    trie = f.array_trie()
    trie.gen = 2**31 - 3                   # the next batch would overflow int32
    assert f.stats(bs) == want
    assert trie.gen < 100
