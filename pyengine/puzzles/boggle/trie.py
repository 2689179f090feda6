"""The word list as a letter trie of dicts: built once per list, searched over a board
by plain Python, and asked by the solving rules.

A node is a dict from a letter to the next node; the key :data:`END` holds the word
that ends there. :func:`solve_counts` walks every path of a board through it (the
pure-Python backend of :class:`~pyengine.puzzles.boggle.finder.Finder`);
:class:`PrefixIndex` answers the two questions the rules in ``rules/boggle_solve.py``
ask of a path's letters: do they begin a word, are they a word.
"""
from __future__ import annotations

from pyengine.puzzles.boggle.board import Board
from pyengine.puzzles.boggle.limits import MAX_WORD_LEN
from pyengine.words.memo import Memo

__all__ = ["END", "PrefixIndex", "build_trie", "solve_counts", "step", "trie_for"]

END = ""  # trie key marking the end of a word (never a cell)


def build_trie(words, min_len: int = 2, max_len: int = MAX_WORD_LEN) -> dict:
    """Dict-of-dicts letter trie; key END holds the word.  Words of
    ``min_len``..``max_len`` letters are paths ending in their word; longer words
    (no board holds them) and shorter ones are left out (a shorter word's
    letters are a path wherever a longer word needs them)."""
    root: dict = {}
    for w in words:
        if not min_len <= len(w) <= max_len:
            continue
        node = root
        for ch in w:
            nxt = node.get(ch)
            if nxt is None:
                nxt = node[ch] = {}
            node = nxt
        node[END] = w
    return root


_TRIES = Memo(4)        # the tries used last (a bounded memo: lists are not kept alive)


def trie_for(words: tuple, min_len: int) -> dict:
    """The trie of ``words`` (a list's words tuple), built once per tuple and length."""
    key = (id(words), len(words), min_len)
    got = _TRIES.get(key)
    if got is None or got[0] is not words:
        got = _TRIES[key] = (words, build_trie(words, min_len))
    return got[1]


class PrefixIndex:
    """A trie asked about a string of letters: does it begin a word of the list, is
    it one? What the solving rules ask as a path grows (see the module doc). Shown
    in a fact as one word, ``<prefix-index:LIST:N-words>``."""

    def __init__(self, trie: dict, label: str, words: int):
        self.trie, self.label, self.size = trie, label, words

    def begins_word(self, letters: str) -> bool:
        """Does some word of the list begin with ``letters`` (or is it one)?"""
        return step(self.trie, letters) is not None

    def is_word(self, letters: str) -> bool:
        """Is ``letters`` a word of the list (of the index's lengths)?"""
        node = step(self.trie, letters)
        return node is not None and END in node

    def __str__(self) -> str:
        label = "_".join(str(self.label).split())
        return f"<prefix-index:{label}:{self.size}-words>"

    __repr__ = __str__


def solve_counts(root: dict, board: Board) -> dict[str, int]:
    """Every path on the board that spells a word in the trie: word -> paths."""
    cells = board.cells
    if any(len(c) != 1 for c in cells):
        return _solve_counts_faces(root, board)
    nbrs = board.neighbours
    counts: dict[str, int] = {}
    visited = [False] * len(cells)
    # The plain recursive walk is what CPython runs fastest: bitsets, per-cell
    # letter tables and iterating a node's children all measured slower.
    # "" is END, written as a literal (a constant is cheaper than a global).

    def walk(i: int, node: dict) -> None:
        visited[i] = True
        for j in nbrs[i]:
            if not visited[j]:
                child = node.get(cells[j])
                if child is not None:
                    w = child.get("")
                    if w is not None:
                        counts[w] = counts.get(w, 0) + 1
                        if len(child) == 1:      # a leaf: nothing below it
                            continue
                    walk(j, child)
        visited[i] = False

    for i, ch in enumerate(cells):
        child = root.get(ch)
        if child is not None:
            w = child.get("")
            if w is not None:
                counts[w] = counts.get(w, 0) + 1
            walk(i, child)
    return counts


def step(node: dict, letters: str):
    """The trie node after spelling ``letters`` from ``node`` (a face such as 'a',
    'qu' or 'th', or a path's letters from the root); None if no word goes on so."""
    for ch in letters:
        node = node.get(ch)
        if node is None:
            return None
    return node


def _solve_counts_faces(root: dict, board: Board) -> dict[str, int]:
    """As solve_counts, for boards with multi-letter faces or blanks."""
    cells = board.cells
    nbrs = board.neighbours
    counts: dict[str, int] = {}

    def walk(i: int, node: dict, used: int) -> None:
        w = node.get(END)
        if w is not None:
            counts[w] = counts.get(w, 0) + 1
        for j in nbrs[i]:
            b = 1 << j
            if used & b:
                continue
            child = step(node, cells[j])
            if child is not None:
                walk(j, child, used | b)

    for i, face in enumerate(cells):
        child = step(root, face)
        if child is not None:
            walk(i, child, 1 << i)
    return counts
