"""Find every word on a Boggle board, and score it.

Rules: a word is a path of 8-neighbour adjacent cells, each cell used at
most once; a Qu cell spells the two letters "qu" (and scores as two).
Minimum length 3 on 4x4 and smaller boards, 4 on 5x5 and 6x6 (configurable).
Scoring: 3-4 letters 1, 5: 2, 6: 3, 7: 5, 8+: 11; on 6x6 (Super Big Boggle)
9+ letters score 2 per letter.  With ``two_letter=True`` (the seed's
convention) 2-letter words are allowed and score 1.

The word list goes through a prefix index built once per list, never
through facts: a trie of dicts (:mod:`~pyengine.puzzles.boggle.trie`) for the
pure-Python search and for the solving rules, which ask it as a
:class:`~pyengine.puzzles.boggle.trie.PrefixIndex` (:meth:`Finder.index`), or, with
the numba backend (where numba is installed), an array trie built with numpy and
searched by compiled code (``finder_numba``, ``kernels``; on enable2k 4x4 boards
batched through :meth:`Finder.stats`, about 14x the plain recursive search:
``bench/bench_boggle_finder.py``). A Finder's first solve filters the list to the
board's letters instead (:meth:`Finder.board_trie`), so a one-board command never
builds the whole index. ``Finder(wordlist).solve(board)`` enumerates every path, so the
result has both the distinct words a player sees and the number of paths
(a word reachable two ways counts twice, as in the seed's figures):
``count="words"`` makes ``score`` the distinct-word score, ``count="paths"``
makes it the sum over paths.
"""
from __future__ import annotations

import importlib.util
import os
from array import array
from dataclasses import dataclass, field

import numpy as np

from pyengine.engine.errors import UsageError
from pyengine.engine.textio import ascii_letters
from pyengine.engine.wording import plural
from pyengine.puzzles.boggle.board import Board, parse_board
from pyengine.puzzles.boggle.finder_numba import ArrayTrie
from pyengine.puzzles.boggle.scoring import (LETTER_BIT, default_min_len, score_word,  # noqa: F401
                                             tally)
from pyengine.puzzles.boggle.trie import PrefixIndex, build_trie, solve_counts, trie_for
from pyengine.words import lists as wmod
from pyengine.words.letters import letter_mask
from pyengine.words.memo import Memo

__all__ = ["Finder", "Result", "find_words", "score_word", "default_min_len",
           "get_finder", "numba_available", "pick_backend", "BACKENDS"]

#: backend names: "python" (always), "numba" (optional extra "fast"), "auto"
BACKENDS = ("auto", "python", "numba")
_COUNTS = ("words", "paths")


@dataclass
class Result:
    """What a board holds for one word list."""

    board: Board
    words: list[str]                      # distinct words, sorted
    score: int                            # per ``count``: distinct words or every path
    paths: int                            # number of paths spelling a word
    counts: dict[str, int] | None = None  # word -> number of paths (count="paths")
    count: str = "words"
    word_score: int = 0                   # distinct-word score (what a player gets)
    path_score: int = 0                   # every path scored
    min_len: int = 3
    wordlist: str = ""
    extra: dict = field(default_factory=dict)

    @property
    def n_words(self) -> int:
        """Words as counted by ``count``: distinct words, or paths."""
        return len(self.words) if self.count == "words" else self.paths

    def as_dict(self) -> dict:
        d = {"board": self.board.spec(), "size": self.board.size,
             "cells": list(self.board.cells), "words": self.words,
             "score": self.score, "n_words": len(self.words), "paths": self.paths,
             "count": self.count, "word_score": self.word_score,
             "path_score": self.path_score, "min_len": self.min_len,
             "wordlist": self.wordlist}
        if self.counts is not None:
            d["counts"] = self.counts
        d.update(self.extra)
        return d


def _resolve_wordlist(wordlist):
    """(label, words tuple, WordList or None) from a spec, WordList or iterable."""
    if wordlist is None or isinstance(wordlist, (str, os.PathLike)):
        wl = wmod.load(wordlist)
        return wl.label, wl.words, wl
    if isinstance(wordlist, wmod.WordList):
        return wordlist.label, wordlist.words, wordlist
    ws = tuple(sorted({ascii_letters(str(w).strip(), f"word list entry {w!r}").lower()
                       for w in wordlist}))
    return plural(len(ws), "word"), ws, None


class Finder:
    """Solves boards against one word list; the prefix index is built once.

    ``min_len``: shortest word counted (``two_letter=True`` lowers it to 2 and
    gives 2-letter words 1 point).  ``count``: "words" (``score`` is the
    distinct-word score) or "paths" (``score`` sums every path, ``counts``
    holds the paths per word).  ``backend``: "python", "numba" or "auto"
    (numba when it is installed).
    """

    def __init__(self, wordlist=None, min_len: int = 3, count: str = "words",
                 two_letter: bool = False, backend: str = "auto", one_shot: bool = True):
        if count not in _COUNTS:
            raise UsageError(f"count must be 'words' or 'paths', got {count!r}")
        if backend not in BACKENDS:
            raise UsageError(f"backend must be one of {', '.join(BACKENDS)}, got {backend!r}")
        if two_letter:
            min_len = min(min_len, 2)
        if not isinstance(min_len, int) or min_len < 1:
            raise UsageError(f"min_len must be a positive integer, got {min_len!r}")
        self.label, self.words, self.wordlist = _resolve_wordlist(wordlist)
        self.min_len = min_len
        self.count = count
        self.two_letter = two_letter
        self._trie: dict | None = None
        self._fast = None
        self._solves = 0
        #: the first solve filters the list to the board's letters instead of
        #: building the whole index (a one-board command pays for one board)
        self.one_shot = one_shot
        self.backend = pick_backend(backend)

    # -- index -----------------------------------------------------------------
    @property
    def trie(self) -> dict:
        """The whole list's trie (:mod:`~pyengine.puzzles.boggle.trie`), built once."""
        if self._trie is None:
            self._trie = trie_for(self.words, self.min_len)
        return self._trie

    def board_trie(self, board: Board) -> dict:
        """The trie of only the words whose letters are all on ``board``: what one
        board needs, built in a fraction of the whole list's time."""
        on_board = 0
        for face in board.cells:
            for ch in face:
                if ch in LETTER_BIT:
                    on_board |= LETTER_BIT[ch]
        off = ~on_board & 0x3FFFFFF
        if self.wordlist is not None:
            masks = self.wordlist.masks()
        else:
            masks = [letter_mask(w) for w in self.words]
        arr = np.frombuffer(masks, np.uint32) if isinstance(masks, array) else \
            np.array(masks, np.uint32)
        words = self.words
        return build_trie([words[i] for i in np.flatnonzero((arr & off) == 0).tolist()],
                          self.min_len)

    def index(self, board: Board) -> PrefixIndex:
        """The prefix index the solving rules ask about ``board``: the whole list's
        trie once this Finder has built it, else the board's own (:meth:`board_trie`)."""
        trie = self._trie if self._trie is not None else self.board_trie(board)
        return PrefixIndex(trie, self.label, len(self.words))

    # -- solving -----------------------------------------------------------------
    def solve(self, board) -> Result:
        board = parse_board(board) if not isinstance(board, Board) else board
        paths_mode = self.count == "paths"
        first = self._solves == 0 and self._trie is None and self._fast is None
        self._solves += 1
        if self.backend == "numba" and not (first and self.one_shot):
            words, counts, (_n, paths, word_score, path_score) = self.array_trie().solve(
                board, self.two_letter, paths_mode)
        else:
            found = solve_counts(self.board_trie(board) if first and self.one_shot
                                 else self.trie, board)
            words = sorted(found)
            paths, word_score, path_score = tally(found, board.size, self.two_letter)
            counts = {w: found[w] for w in words} if paths_mode else None
        return Result(board=board, words=words,
                      score=path_score if paths_mode else word_score,
                      paths=paths, counts=counts, count=self.count,
                      word_score=word_score, path_score=path_score,
                      min_len=self.min_len, wordlist=self.label)

    def array_trie(self):
        """The list's array trie for the compiled search
        (:class:`~pyengine.puzzles.boggle.finder_numba.ArrayTrie`), built once."""
        if self._fast is None:
            self._fast = ArrayTrie.for_words(self.words, self.min_len)
        return self._fast

    def stats(self, board):
        """(distinct words, paths, distinct-word score, path score) without
        building the word list: the cheap call for scoring many boards. Given a
        list (or tuple) of boards, the list of their stats (one compiled call with
        the numba backend: see :meth:`stats_many`)."""
        if isinstance(board, (list, tuple)):
            return self.stats_many(board)
        board = parse_board(board) if not isinstance(board, Board) else board
        if self.backend == "numba":
            return self.array_trie().stats(board, self.two_letter)
        counts = solve_counts(self.trie, board)
        paths, ws, ps = tally(counts, board.size, self.two_letter)
        return len(counts), paths, ws, ps

    def stats_many(self, boards) -> list[tuple[int, int, int, int]]:
        """:meth:`stats` of each board, in order; boards of one size go through the
        compiled search in one call."""
        boards = [b if isinstance(b, Board) else parse_board(b) for b in boards]
        if self.backend != "numba" or not boards:
            return [self.stats(b) for b in boards]
        size = boards[0].size
        if any(b.size != size for b in boards):
            return [self.stats(b) for b in boards]
        rows = self.array_trie().stats_many(boards, size, self.two_letter).tolist()
        return [tuple(r) for r in rows]


def pick_backend(backend: str) -> str:
    """The backend a Finder asked for ``backend`` uses: "python" or "numba"."""
    if backend == "python":
        return "python"
    if backend == "auto" and os.environ.get("PYENGINE_NO_NUMBA"):
        return "python"
    if not numba_available():
        if backend == "numba":
            raise UsageError("the numba backend needs numba: "
                             "pip install numba")
        return "python"
    return "numba"


def numba_available() -> bool:
    """numba and numpy importable (checked without importing them)."""
    try:
        return all(importlib.util.find_spec(m) is not None for m in ("numba", "numpy"))
    except (ImportError, ValueError):
        return False


_FINDERS = Memo(8)      # the finders used last (a bounded memo: lists are not kept alive)


def get_finder(wordlist=None, min_len: int = 3, count: str = "words",
               two_letter: bool = False, backend: str = "auto") -> Finder:
    """A memoised Finder (one per word list and settings)."""
    if isinstance(wordlist, os.PathLike):
        wordlist = os.fspath(wordlist)
    if wordlist is None or isinstance(wordlist, str):
        key_list = wordlist
    elif isinstance(wordlist, (list, tuple, set, frozenset)):
        key_list = ("words", tuple(sorted(wordlist)))
    else:  # a WordList (or another object): keyed by identity, checked below
        key_list = ("obj", id(wordlist))
    by_identity = isinstance(key_list, tuple) and key_list[0] == "obj"
    key = (key_list, min_len, count, two_letter, backend)
    got = _FINDERS.get(key)
    if got is not None and (not by_identity or got[0] is wordlist):
        return got[1]
    f = Finder(wordlist, min_len=min_len, count=count, two_letter=two_letter, backend=backend)
    _FINDERS[key] = (wordlist if by_identity else None, f)
    return f


def find_words(board, wordlist=None, min_len: int | None = None, count: str = "words",
               two_letter: bool = False, backend: str = "auto") -> Result:
    """All words on ``board`` (a Board or board text, Q read as Qu)."""
    board = parse_board(board)
    if min_len is None:
        min_len = default_min_len(board.size, two_letter)
    return get_finder(wordlist, min_len, count, two_letter, backend).solve(board)
