"""``hidden_in``, the Python pre-filter of big candidate pools, agrees with the rules.

A pool too big for facts is narrowed in Python before the FILTER rules see it
(``prepare``); if the pre-filter and the rules ever disagreed, the answer would
depend on the pool's size. So both are checked against each other, and against a
plain subsequence test written independently here, on lines and words hypothesis
draws from a small alphabet (so that near misses are common).
"""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.puzzles.scramble.solve import hidden_in, solve

LETTERS = "aeinls"
lines = st.text(LETTERS, min_size=1, max_size=14)
words = st.lists(st.text(LETTERS, min_size=1, max_size=6), min_size=1, max_size=8,
                 unique=True)


def is_subsequence(word: str, line: str) -> bool:
    """Independent of ``hidden_in``: consume the line left to right."""
    rest = iter(line)
    return all(ch in rest for ch in word)


@given(lines, st.text(LETTERS, max_size=8))
def test_hidden_in_is_the_subsequence_test(line, word):
    assert hidden_in(line)(word) == is_subsequence(word, line)


@settings(max_examples=40, deadline=None)
@given(lines, words)
def test_the_filter_rules_keep_exactly_what_hidden_in_keeps(line, pool):
    """The rules' verdicts (the words they keep as fitting, and the words they
    reject with a reason) against the pre-filter's, word by word."""
    result = solve(" ".join(line), pool)
    test = hidden_in(line)
    assert sorted(result.fits) == sorted(w for w in pool if test(w))
    assert sorted(result.rejected) == sorted(w for w in pool if not test(w))


def test_a_big_pool_is_narrowed_to_the_same_answer():
    """Over the pre-filter's threshold the pool is cut in Python first: the
    solutions are the ones the rules find on the words that fit alone."""
    from pyengine.puzzles.scramble.solve import PREFILTER_ABOVE

    line = "nsieliene"
    fitting = ["nile", "seine", "lien", "nine"]
    misses = ["x" + "".join("abcdefghij"[int(d)] for d in f"{i:04d}")
              for i in range(PREFILTER_ABOVE + 10)]
    big = solve(line, fitting + misses)
    small = solve(line, fitting)
    assert big.prefiltered == len(misses) and small.prefiltered == 0
    assert big.solutions == small.solutions and big.solutions
