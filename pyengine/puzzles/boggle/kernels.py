"""The compiled Boggle search (numba): many boards in one call.

The trie is ``finder_numba``'s array trie: per node a row ``(kids, first, word, -)``,
``kids`` the 26-bit mask of the letters that continue it, its children contiguous
from ``first`` in letter order (the child for letter l is ``first + popcount(kids &
((1 << l) - 1))``), ``word`` the id of the word ending there or -1.

Per board the search first notes, for each letter, the cells that hold it
(``at[l]``, a cell bitmask) and for each cell the letters of its neighbours
(``near[cell]``). A depth-first walk with an explicit stack then only follows
children that exist on the board: at a node on cell c it takes the letters
``kids & near[c]``, and for each the cells ``at[l] & nbr[c] & ~used``. A node
whose letters meet none of the cell's neighbours is never pushed. Faces of two
letters ('qu', 'th' ...) step a second time; a blank ('#') holds no letter.

A word's "found on this board" mark is a generation number (``mark[w] == gen``),
so nothing is cleared between boards. Results per board: ``out[b] = (distinct
words, paths, distinct-word score, path score)``; with ``record`` the distinct
word ids go to ``found`` and their path counts to ``counts``.

Compiled once per machine (``cache=True``), before any timed command starts its clock:
see :mod:`pyengine.puzzles.boggle.compiled` for where the cache lives.
"""
from __future__ import annotations

import numba
import numpy as np

from pyengine.puzzles.boggle.compiled import place_cache

__all__ = ["search_board", "search_boards", "new_generation"]

place_cache(__file__)   # before the first @njit: where numba keeps the compiled kernels


@numba.njit(cache=True, inline="always")
def popcount(x):  # bits set in a non-negative int64
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56


@numba.njit(cache=True, inline="always")
def child(nodes, node, letter):
    # the child of ``node`` for ``letter`` (the caller knows it exists)
    k = np.int64(nodes[node, 0])
    return nodes[node, 1] + popcount(k & ((np.int64(1) << letter) - 1))


@numba.njit(cache=True, inline="always")
def second(nodes, node, letter):
    # one more letter (a two-letter face); -1 when the trie has no such path
    if letter < 0:
        return node
    if not (np.int64(nodes[node, 0]) >> letter) & 1:
        return -1
    return child(nodes, node, letter)


@numba.njit(cache=True)
def _prepare(c0, nbr, nnbr, at, near):
    # at[l]: cells holding letter l; near[c]: letters of c's neighbours
    n = c0.shape[0]
    for i in range(n):
        if c0[i] >= 0:
            at[c0[i]] = 0
    for i in range(n):
        if c0[i] >= 0:
            at[c0[i]] |= np.int64(1) << i
    for i in range(n):
        m = np.int64(0)
        for k in range(nnbr[i]):
            x = c0[nbr[i, k]]
            if x >= 0:
                m |= np.int64(1) << x
        near[i] = m


@numba.njit(cache=True)
def _walk(nodes, ws, c0, c1, nbm, mark, gen, counts, found, res, record, at, near, start,
          node, s_cell, s_node, s_let, s_cells, s_kid):
    # every path from cell ``start`` (at trie ``node``); adds to res (see search_board)
    nw, paths, wsc, psc = res[0], res[1], res[2], res[3]
    depth = 0
    s_cell[0] = start
    s_node[0] = node
    s_let[0] = -1               # -1: the node itself is not yet noted
    used = np.int64(1) << start
    while depth >= 0:
        if s_let[depth] == -1:  # arrive: note the word, then list the letters
            nd = s_node[depth]
            w = nodes[nd, 2]
            if w >= 0:
                paths += 1
                psc += ws[w]
                if mark[w] != gen:
                    mark[w] = gen
                    wsc += ws[w]
                    if record:
                        found[nw] = w
                        counts[w] = 0
                    nw += 1
                if record:
                    counts[w] += 1
            s_let[depth] = np.int64(nodes[nd, 0]) & near[s_cell[depth]]
            s_cells[depth] = 0
        cells = s_cells[depth]
        if cells == 0:
            lets = s_let[depth]
            if lets == 0:       # leave
                used &= ~(np.int64(1) << s_cell[depth])
                depth -= 1
                continue
            low = lets & -lets
            s_let[depth] = lets ^ low
            letter = popcount(low - 1)
            cells = at[letter] & nbm[s_cell[depth]] & ~used
            s_kid[depth] = child(nodes, s_node[depth], letter)
            if cells == 0:
                continue
        low = cells & -cells
        s_cells[depth] = cells ^ low
        j = popcount(low - 1)
        kid = second(nodes, s_kid[depth], c1[j])
        if kid < 0:
            continue
        depth += 1
        s_cell[depth] = j
        s_node[depth] = kid
        s_let[depth] = -1
        used |= low
    res[0], res[1], res[2], res[3] = nw, paths, wsc, psc


@numba.njit(cache=True)
def search_board(nodes, ws, c0, c1, nbr, nbm, nnbr, mark, gen, counts, found, res, record,
                 at, near, s_cell, s_node, s_let, s_cells, s_kid):
    """One board: ``res`` = [words, paths, word score, path score] (the annealing
    kernel scores its boards through it too)."""
    _prepare(c0, nbr, nnbr, at, near)
    res[:] = 0
    for start in range(c0.shape[0]):
        if c0[start] < 0 or not (np.int64(nodes[0, 0]) >> c0[start]) & 1:
            continue
        node = second(nodes, child(nodes, 0, c0[start]), c1[start])
        if node >= 0:
            _walk(nodes, ws, c0, c1, nbm, mark, gen, counts, found, res, record, at, near,
                  start, node, s_cell, s_node, s_let, s_cells, s_kid)


@numba.njit(cache=True)
def search_boards(nodes, ws, c0s, c1s, nbr, nbm, nnbr, mark, gen, counts, found, out,
                  record):
    """Every board of the batch (rows of ``c0s`` / ``c1s``); generations ``gen``,
    ``gen + 1`` ...; returns the next free generation."""
    n = c0s.shape[1]
    at = np.zeros(26, np.int64)
    near = np.zeros(n, np.int64)
    depth = n + 1
    s_cell = np.empty(depth, np.int64)
    s_node = np.empty(depth, np.int64)
    s_let = np.empty(depth, np.int64)
    s_cells = np.empty(depth, np.int64)
    s_kid = np.empty(depth, np.int64)
    for b in range(c0s.shape[0]):
        search_board(nodes, ws, c0s[b], c1s[b], nbr, nbm, nnbr, mark, gen, counts, found,
                     out[b], record, at, near, s_cell, s_node, s_let, s_cells, s_kid)
        gen += 1
    return gen


def new_generation(mark: np.ndarray, gen: int, boards: int) -> int:
    """The generation to start a batch of ``boards`` at: ``gen``, or 1 after clearing
    the marks when the int32 counter would overflow."""
    if gen + boards >= 2**31 - 1:
        mark[:] = 0
        return 1
    return gen
