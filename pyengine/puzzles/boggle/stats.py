"""Dictionary statistics for the board generators (seed 003).

From a word list we read, once:

* ``letter_counts``: how often each letter a..z occurs in the words (FREQ's roulette wheel);
* ``vowel_fraction``: the share of vowels (a e i o u) among all letters (VCR, bFREQ);
* ``adjacency``: a symmetric 26x26 matrix, ``adjacency[m][n]`` = how many times
  letters m and n stand side by side in a word, in either order (the seed adds the
  matrix of "m followed by n" to its transpose, so a doubled letter counts twice);
* ``trigrams``: the same for letter triplets, ``trigrams[a][b][c]`` = how many times
  a-b-c or c-b-a occurs (the seed's proposed next step).

Words of one letter are left out (the seed removes them). Statistics are cached
on disk beside the word list's own cache, under the list's cache key,
so a second run on the same list costs one small file read (a data file: see
``pyengine.words.cache``). Everything is plain Python lists of numbers: the
generators' arithmetic is over rows of 26 floats.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pyengine.words.letters import A_TO_Z, VOWELS
from pyengine.words import lists as W
from pyengine.words.cache import cache_load, cache_save
from pyengine.words.memo import Memo

INDEX = {ch: i for i, ch in enumerate(A_TO_Z)}
_FORMAT = 1
_MEMO = Memo(4)        # the statistics of the lists used last


@dataclass
class DictStats:
    """Letter statistics of one word list (see the module doc)."""

    label: str
    words: int
    letter_counts: list[int]
    adjacency: list[list[int]]
    trigrams: list[list[list[int]]] | None = None
    # derived, filled by __post_init__
    freq: list[float] = field(init=False, repr=False)
    vowel_fraction: float = field(init=False)
    adj_rows: list[list[float]] = field(init=False, repr=False)

    def __post_init__(self):
        total = sum(self.letter_counts) or 1
        self.freq = [c / total for c in self.letter_counts]
        self.vowel_fraction = sum(self.letter_counts[INDEX[v]] for v in VOWELS) / total
        rows = []
        for i, row in enumerate(self.adjacency):
            s = sum(row)
            # a letter that never touches another (possible in tiny lists) falls back
            # to the general distribution, so every row is a proper distribution
            rows.append([v / s for v in row] if s else list(self.freq))
        self.adj_rows = rows

    @property
    def pairs(self) -> int:
        """Letter pairs counted (each pair once, as in the seed: letters minus words)."""
        return sum(sum(r) for r in self.adjacency) // 2

    def top_pairs(self, n: int = 10) -> list[tuple[str, int]]:
        out = []
        for i in range(26):
            for j in range(i, 26):
                out.append((A_TO_Z[i] + A_TO_Z[j], self.adjacency[i][j]))
        out.sort(key=lambda t: -t[1])
        return out[:n]

    def as_dict(self) -> dict:
        return {"label": self.label, "words": self.words,
                "vowel_fraction": round(self.vowel_fraction, 6),
                "letter_freq": {ch: round(f, 6) for ch, f in zip(A_TO_Z, self.freq)},
                "top_pairs": self.top_pairs()}


def count_stats(words, label: str = "words", trigrams: bool = True) -> DictStats:
    """Count letters, adjacent pairs and (optionally) triplets in ``words``."""
    letters = [0] * 26
    pair = [[0] * 26 for _ in range(26)]
    tri = [[[0] * 26 for _ in range(26)] for _ in range(26)] if trigrams else None
    n = 0
    idx = INDEX
    for w in words:
        if len(w) < 2:
            continue
        try:
            codes = [idx[ch] for ch in w]
        except KeyError:
            continue               # not a-z: not a Boggle word
        n += 1
        for c in codes:
            letters[c] += 1
        for a, b in zip(codes, codes[1:]):
            pair[a][b] += 1
        if tri is not None:
            for a, b, c in zip(codes, codes[1:], codes[2:]):
                tri[a][b][c] += 1
    sym = [[pair[i][j] + pair[j][i] for j in range(26)] for i in range(26)]
    if tri is not None:
        tri = [[[tri[a][b][c] + tri[c][b][a] for c in range(26)] for b in range(26)]
               for a in range(26)]
    return DictStats(label, n, letters, sym, tri)


def _counts_ok(grid, depth: int) -> bool:
    """Is ``grid`` 26 (x 26 ...: ``depth`` + 1 levels of lists) whole numbers >= 0?"""
    level = [grid]
    for _ in range(depth + 1):
        if not all(type(row) is list and len(row) == 26 for row in level):
            return False
        level = [x for row in level for x in row]
    return set(map(type, level)) == {int} and min(level) >= 0


def _stats_ok(data) -> bool:
    """Is cached data the statistics' shape: counts of 26 letters, 26 x 26 pairs and
    26 x 26 x 26 triplets?"""
    return (type(data) is dict and data.keys() == {"words", "letters", "adjacency", "trigrams"}
            and type(data["words"]) is int and _counts_ok(data["letters"], 0)
            and _counts_ok(data["adjacency"], 1) and _counts_ok(data["trigrams"], 2))


def for_wordlist(wl, trigrams: bool = True) -> DictStats:
    """Statistics of a :class:`pyengine.words.lists.WordList`, memoised and cached on disk."""
    key = wl.cache_key
    memo_key = (key or id(wl), wl.label)
    got = _MEMO.get(memo_key)
    if got is not None and (got.trigrams is not None or not trigrams):
        return got
    disk_key = None if key is None else tuple(key) + ("boggle-stats", _FORMAT)
    data = cache_load(disk_key, "boggle-stats", _stats_ok) if disk_key else None
    if data is not None:
        st = DictStats(wl.label, data["words"], data["letters"], data["adjacency"],
                       data["trigrams"])
    else:
        st = count_stats(wl.words, wl.label, trigrams=True)
        if disk_key:
            cache_save(disk_key, "boggle-stats",
                       {"words": st.words, "letters": st.letter_counts,
                        "adjacency": st.adjacency, "trigrams": st.trigrams})
    _MEMO[memo_key] = st
    return st


def load_stats(spec=None) -> DictStats:
    """Statistics of the word list named by ``spec`` (see :func:`pyengine.words.lists.load`)."""
    return for_wordlist(W.load(spec))
