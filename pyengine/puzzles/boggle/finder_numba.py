"""The compiled word finder (numba, where it is installed).

The word list becomes an *array trie* built with numpy straight from the
sorted words (no Python trie): nodes numbered level by level, so a node's
children are contiguous and in letter order.  Per node: ``kids`` (a 26-bit
mask of the letters that continue it), ``first`` (its first child's id) and
``word`` (the id of the word ending there, or -1).  The child for letter l
is ``first + popcount(kids & ((1 << l) - 1))``.

The search (:mod:`pyengine.puzzles.boggle.kernels`) is an iterative depth-first
walk that follows only the letters on the board, over many boards per compiled
call, compiled by numba with ``cache=True``: the first use compiles (once per
machine, said on stderr; later runs load numba's on-disk cache: see
:mod:`pyengine.puzzles.boggle.compiled`).  This module needs only numpy; numba is
imported with the kernels, when a Finder with the numba backend first searches, and
``pyengine.puzzles.boggle.finder`` falls back to the pure-Python search when numba is
absent.
"""
from __future__ import annotations

import numpy as np

from pyengine.puzzles.boggle.board import Board, neighbours_of
from pyengine.puzzles.boggle.compiled import READY, Kernel, ensure_compiled
from pyengine.puzzles.boggle.scoring import score_word
from pyengine.words.memo import Memo
from pyengine.puzzles.boggle.kernels import new_generation
from pyengine.puzzles.boggle.kernels import search_boards

__all__ = ["ArrayTrie", "SEARCH", "build_arrays", "encode", "neighbour_arrays", "tiny_trie"]


def build_arrays(words: tuple[str, ...], min_len: int, max_len: int = 72):
    """(kids int64[n], first int32[n], word int32[n], length int32[n_words]) for
    the sorted, unique a-z ``words``.  Node 0 is the root; words shorter than
    min_len are still paths but not ends; words over ``max_len`` letters (no board
    holds them) are left out, and their lengths read as ``max_len + 1``."""
    lengths = np.fromiter((len(w) for w in words), dtype=np.int64, count=len(words))
    long = lengths > max_len
    if long.any():
        keep = np.flatnonzero(~long)
        kids, first, word, _ = _build(tuple(words[i] for i in keep.tolist()), min_len, max_len)
        word = np.where(word >= 0, keep[np.maximum(word, 0)], -1).astype(np.int32)
        return kids, first, word, np.minimum(lengths, max_len + 1).astype(np.int32)
    return _build(words, min_len, max_len)


def _build(words, min_len: int, max_len: int):
    n_words = len(words)
    lengths = np.fromiter((len(w) for w in words), dtype=np.int32, count=n_words)
    if n_words == 0:
        z = np.zeros(1, np.int64)
        return z, np.zeros(1, np.int32), np.full(1, -1, np.int32), lengths
    width = int(lengths.max())
    blob = "".join(w.ljust(width, "`") for w in words).encode("ascii")
    chars = (np.frombuffer(blob, dtype=np.uint8).reshape(n_words, width).astype(np.int8) - 97)
    # chars: 0..25 letters, -1 padding
    lcp = _common_prefixes(chars, lengths, width)
    kids_parts, first_parts, word_parts = [np.zeros(1, np.int64)], [np.zeros(1, np.int32)], \
        [np.full(1, -1, np.int32)]
    parent_parts, key_parts = [np.zeros(1, np.int64)], [np.full(1, -1, np.int64)]
    node_of = np.zeros(n_words, dtype=np.int64)      # node at depth d-1 for each word (root)
    offset = 1                                        # id of the first node at this depth
    parent_kids = kids_parts[0]
    parent_first = first_parts[0]
    parent_offset = 0
    for d in range(1, width + 1):
        alive = lengths >= d
        idx = np.nonzero(alive)[0]
        if idx.size == 0:
            break
        new = lcp[idx] < d
        new[0] = True
        ranks = np.cumsum(new) - 1                   # node index within this depth
        n_level = int(ranks[-1]) + 1
        letters = chars[idx, d - 1].astype(np.int64)
        parents = node_of[idx]                       # global ids at depth d-1
        new_idx = np.nonzero(new)[0]
        # parents' child masks and first children (parents are at depth d-1)
        np.bitwise_or.at(parent_kids, parents[new_idx] - parent_offset,
                         np.left_shift(np.int64(1), letters[new_idx]))
        up, first_pos = np.unique(parents[new_idx], return_index=True)
        parent_first[up - parent_offset] = offset + ranks[new_idx[first_pos]]
        level_kids = np.zeros(n_level, np.int64)
        level_first = np.zeros(n_level, np.int32)
        level_word = np.full(n_level, -1, np.int32)
        ends = idx[lengths[idx] == d] if min_len <= d <= max_len else idx[:0]
        if ends.size:
            # rank of each ending word within this level
            pos = np.searchsorted(idx, ends)
            level_word[ranks[pos]] = ends.astype(np.int32)
        parent_parts.append(parents[new_idx])
        key_parts.append(idx[new_idx].astype(np.int64) * (width + 1) + d)
        kids_parts.append(level_kids)
        first_parts.append(level_first)
        word_parts.append(level_word)
        node_of[idx] = offset + ranks
        parent_kids, parent_first, parent_offset = level_kids, level_first, offset
        offset += n_level
    kids, first, word = (np.concatenate(kids_parts), np.concatenate(first_parts),
                         np.concatenate(word_parts))
    kids, first, word = _block_preorder(kids, first, word, np.concatenate(parent_parts),
                                        np.concatenate(key_parts))
    return kids, first, word, lengths


def _common_prefixes(chars, lengths, width: int) -> np.ndarray:
    """For each word, the length of the prefix it shares with the previous word."""
    n_words = lengths.shape[0]
    lcp = np.zeros(n_words, dtype=np.int32)
    if n_words > 1:
        diff = chars[1:] != chars[:-1]
        first_diff = np.where(diff.any(axis=1), diff.argmax(axis=1), width)
        lcp[1:] = np.minimum(first_diff, np.minimum(lengths[1:], lengths[:-1]))
    return lcp


def _popcounts(kids: np.ndarray) -> np.ndarray:
    x = kids.astype(np.int64)
    n = np.zeros(x.shape, np.int64)
    for _ in range(27):
        n += x & 1
        x = x >> 1
    return n


def _block_preorder(kids, first, word, parent, key):
    """Renumber the nodes for memory locality: sibling blocks stay contiguous
    (the child rank trick needs it) but the blocks follow the trie's preorder,
    so a chain of single children (the tail of most words) is consecutive."""
    n = kids.shape[0]
    pre = np.argsort(key, kind="stable")          # BFS ids in preorder (root first)
    nk = _popcounts(kids)
    sizes = nk[pre]
    start = np.empty(n, np.int64)
    start[pre] = 1 + np.cumsum(sizes) - sizes     # block start of each node's children
    new_id = np.empty(n, np.int64)
    new_id[0] = 0
    c = np.arange(1, n)
    par = parent[1:]
    new_id[1:] = start[par] + (c - first[par])
    kids2 = np.empty_like(kids)
    first2 = np.zeros_like(first)
    word2 = np.empty_like(word)
    kids2[new_id] = kids
    word2[new_id] = word
    has = nk > 0
    first2[new_id[has]] = start[has]
    return kids2, first2, word2


_NBR: dict = {}


def neighbour_arrays(size: int):
    """(neighbour cells (n, 8), their count (n,), their bitmask (n,)) of a board size,
    as the compiled kernels take a board's adjacency."""
    got = _NBR.get(size)
    if got is None:
        nb = neighbours_of(size)
        arr = np.full((size * size, 8), -1, np.int64)
        for i, row in enumerate(nb):
            arr[i, :len(row)] = row
        masks = np.array([sum(1 << j for j in row) for row in nb], np.int64)
        got = _NBR[size] = (arr, np.array([len(r) for r in nb], np.int64), masks)
    return got


_CODE = {chr(97 + i): (i, -1) for i in range(26)}
_CODE["#"] = (-1, -1)
for _f in ("qu", "in", "th", "er", "he", "an"):
    _CODE[_f] = (ord(_f[0]) - 97, ord(_f[1]) - 97)


def encode(boards, size: int) -> tuple[np.ndarray, np.ndarray]:
    """(first letters, second letters) of every cell of every board, (n, size*size)
    int64 arrays: a letter 0..25, -1 for none (a one-letter face's second letter,
    a blank). Boards of plain letters are read in one pass over their text."""
    n, cells = len(boards), size * size
    blob = "".join(["".join(b.cells) for b in boards])
    if len(blob) == n * cells and "#" not in blob:
        blob = blob.encode("ascii")
        c0 = np.frombuffer(blob, np.uint8).reshape(n, cells).astype(np.int64) - 97
        return c0, np.full((n, cells), -1, np.int64)
    code = _CODE
    c0 = np.array([[code[c][0] for c in b.cells] for b in boards], np.int64).reshape(n, cells)
    c1 = np.array([[code[c][1] for c in b.cells] for b in boards], np.int64).reshape(n, cells)
    return c0, c1


class ArrayTrie:
    """The array trie of one word list (and minimum length), with the
    buffers its search reuses; ``solve_counts`` / ``stats`` per board."""

    _MEMO = Memo(4)     # the tries of the lists used last (each holds its words alive)

    def __init__(self, words: tuple[str, ...], min_len: int):
        self.words = words
        self.min_len = min_len
        kids, first, word, self.lengths = build_arrays(words, min_len)
        self.nodes = np.zeros((kids.shape[0], 4), np.int32)
        self.nodes[:, 0] = kids
        self.nodes[:, 1] = first
        self.nodes[:, 2] = word
        self.counts = np.zeros(max(len(words), 1), np.int32)
        self.found = np.zeros(max(len(words), 1), np.int64)
        self.mark = np.zeros(max(len(words), 1), np.int32)   # generation of the last find
        self.gen = 1
        self._scores: dict = {}

    @classmethod
    def for_words(cls, words: tuple[str, ...], min_len: int) -> "ArrayTrie":
        """The trie of ``words`` (a list's words tuple), kept for the lists used last."""
        key = (id(words), len(words), min_len)
        got = cls._MEMO.get(key)
        if got is None or got.words is not words:
            got = cls._MEMO[key] = cls(words, min_len)
        return got

    @property
    def n_nodes(self) -> int:
        return int(self.nodes.shape[0])

    def word_scores(self, size: int, two_letter: bool) -> np.ndarray:
        key = (size, two_letter)
        got = self._scores.get(key)
        if got is None:
            top = int(self.lengths.max()) if self.lengths.size else 0
            table = np.array([score_word("x" * n, size, two_letter) for n in range(top + 1)],
                             np.int64)
            got = self._scores[key] = table[self.lengths] if self.lengths.size else \
                np.zeros(1, np.int64)
        return got

    def run(self, c0s, c1s, size: int, two_letter: bool, record: bool = False) -> np.ndarray:
        """The compiled search over encoded boards (see :func:`encode`): an (n, 4)
        array of (words, paths, word score, path score)."""
        if SEARCH.name not in READY:    # first use: the notice if numba's cache lacks it
            ensure_compiled((SEARCH,))
        nbr, nnbr, nbm = neighbour_arrays(size)
        out = np.zeros((c0s.shape[0], 4), np.int64)
        gen = new_generation(self.mark, self.gen, c0s.shape[0])
        self.gen = search_boards(self.nodes, self.word_scores(size, two_letter), c0s, c1s,
                                 nbr, nbm, nnbr, self.mark, gen, self.counts, self.found,
                                 out, record)
        return out

    def solve(self, board, two_letter: bool = False, with_counts: bool = False):
        """(sorted words, {word: paths} or None, (words, paths, score, path score))."""
        c0, c1 = encode([board], board.size)
        o = self.run(c0, c1, board.size, two_letter, record=True)[0]
        stats = (int(o[0]), int(o[1]), int(o[2]), int(o[3]))
        ids = self.found[:stats[0]].copy()
        ids.sort()
        words = self.words
        found = [words[i] for i in ids.tolist()]
        counts = dict(zip(found, self.counts[ids].tolist())) if with_counts else None
        return found, counts, stats

    def stats(self, board, two_letter: bool = False) -> tuple[int, int, int, int]:
        """(distinct words, paths, distinct-word score, path score)."""
        c0, c1 = encode([board], board.size)
        o = self.run(c0, c1, board.size, two_letter)[0]
        return int(o[0]), int(o[1]), int(o[2]), int(o[3])

    def stats_many(self, boards, size: int, two_letter: bool = False) -> np.ndarray:
        """:meth:`stats` of many boards of one size in one compiled call: (n, 4)."""
        c0, c1 = encode(boards, size)
        return self.run(c0, c1, size, two_letter)


# -- the search kernel, as compiled.ensure_compiled handles it ------------------------------
def tiny_trie() -> ArrayTrie:
    """The array trie of three words: what the kernels' warm-ups search."""
    return ArrayTrie(("ape", "pea", "tape"), 3)


def _search_dispatcher():
    return search_boards


def _warm_search() -> None:
    """The word search compiled (or loaded) on a 3x3 board, through ``stats_many``."""
    tiny_trie().stats_many([Board(3, tuple("apetapeta"))], 3)


#: the compiled word search (:mod:`pyengine.puzzles.boggle.kernels`)
SEARCH = Kernel("search", _search_dispatcher, _warm_search, seconds=5.0)
