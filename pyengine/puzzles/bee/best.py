"""``bee best``: the highest-scoring hive of a word list.

The search scores every (pangram letter set, center) at once with the fast twin
of the scoring rules (:func:`pyengine.puzzles.bee.fast.hive_scores`); the hive it
finds is then solved through the rules, and that is what is reported.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from pyengine.engine.errors import UsageError
from pyengine.engine.wording import plural
from pyengine.puzzles.bee import fast
from pyengine.puzzles.bee.engine import load_words
from pyengine.puzzles.bee.results import Solution
from pyengine.puzzles.bee.solve import solve


@dataclass
class Best:
    letters: str
    center: str
    score: int
    words: int
    pangrams: int
    seconds: float
    considered: int


def best_hive(wl, allow_s: bool = False) -> Best:
    """The highest-scoring (hive, center) over a list (ties: the first in
    alphabetical order of letters, then center)."""
    import numpy as np
    t0 = time.perf_counter()
    sc = fast.hive_scores(wl, allow_s)
    if len(sc.pangrams) == 0:
        with_s = not allow_s and fast.mask_stats(wl).pangrams
        raise UsageError(f"no pangram in the word list ({wl.label})"
                         + (" without S (try --allow-s)" if with_s else ""))
    top = sc.points.max()
    rows, cols = np.nonzero(sc.points == top)
    # ties: the first letters in alphabetical order (for seven-letter sets, the largest
    # bit-reversed mask), then the first center (columns are lowest letter first)
    first = np.lexsort((cols, -_reversed(sc.pangrams[rows])))[0]
    r, c = int(rows[first]), int(cols[first])
    letters, center = sc.hive(r, c)
    return Best(letters, center, int(top), int(sc.words[r, c]), int(sc.pangram_words[r]),
                time.perf_counter() - t0, len(sc.pangrams))


def _reversed(masks):
    """Each 26-bit mask with its bits in reverse order (A the highest)."""
    import numpy as np
    out = np.zeros_like(masks)
    for i in range(26):
        out |= ((masks >> i) & 1) << (25 - i)
    return out


@dataclass
class BestHive:
    """``bee best``'s result: the search's hive, as the rules solve it."""

    best: Best
    puzzle: Solution
    list_label: str

    @property
    def session(self):
        return self.puzzle.session

    def as_dict(self) -> dict:
        return self.puzzle.as_dict() | {"score": self.best.score,
                                        "seconds": round(self.best.seconds, 3),
                                        "considered": self.best.considered}

    def text(self) -> str:
        b, pz = self.best, self.puzzle
        return (f"best hive on {self.list_label}: {b.letters.upper()} center "
                f"{b.center.upper()}: {plural(pz.max_score, 'point')}, "
                f"{plural(len(pz.answers), 'word')}, {plural(len(pz.pangrams), 'pangram')} "
                f"({b.seconds:.2f} s)")


def run_best(allow_s=False, words=None, seed=None) -> BestHive:
    """The ``best`` action (``seed`` is accepted, as by every bee action, and unused)."""
    wl = load_words(words)
    b = best_hive(wl, allow_s=allow_s)
    return BestHive(b, solve(b.letters, b.center, words=wl), wl.label)
