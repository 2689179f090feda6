"""The shortest letter line that still hides every word: shortest common supersequence.

The seed leaves "find a minimal sequence of letters that preserves the words" as TBA.

Exact: A* search over position tuples (how far each word has been written). A move
writes one letter and advances every word whose next letter it is (advancing all of
them is never worse). The remaining length is bounded below, admissibly and
consistently, by the larger of

* the letter bound: for each letter, the most copies any single word still needs,
  summed over letters (one written letter lowers each word's need by at most one);
* the pair bound: the largest exact shortest common supersequence of any two words'
  remaining parts (a table per pair, from the longest common subsequence).

When A* pops a goal, its length is optimal. A* runs for lists of up to
``EXACT_WORDS`` words and stops after ``max_states`` expanded states; beyond either,
a beam search (or, for long lists, the greedy "majority merge": write the letter the
most words are waiting for) gives a good line, and the lower bound reported is the
best proven one: the smallest f-value left in the A* frontier, the letter bound and
the pair bound at the start.
"""
from __future__ import annotations

import heapq
from array import array
from dataclasses import dataclass
from itertools import combinations

from pyengine.engine.errors import UsageError
from pyengine.engine.wording import plural
from pyengine.puzzles.scramble.limits import (BEAM_MAX_WORK, MAX_STATES_LIMIT,
                                              MINIMAL_MAX_LETTERS, MINIMAL_MAX_WORDS,
                                              PAIR_MAX_CELLS)
from pyengine.puzzles.scramble.make import is_subsequence
from pyengine.engine.numbers import whole
from pyengine.puzzles.scramble.make import check_words as check
from pyengine.puzzles.scramble.make import RIVERS
from pyengine.puzzles.scramble.make import read_word_file

MAX_STATES = 15_000       # A* expansions before falling back to the beam search
EXACT_WORDS = 12          # A* (and the pair bound in the search) up to this many words
BEAM_WIDTH = 32
BEAM_WORK = 200_000       # beam width x words x letters: wider beams for smaller lists
PAIR_WORDS = 150          # the pair bound at the start, up to this many words
BEAM_MAX_WIDTH = 10_000   # --beam


@dataclass
class Minimal:
    words: list[str]
    sequence: str          # lower case
    length: int
    optimal: bool
    lower_bound: int
    states: int            # A* states expanded
    method: str            # "A*" or "beam"

    @property
    def concatenation(self) -> int:
        return sum(len(w) for w in self.words)

    def text(self) -> str:
        return format_result(self) + "\n" + " ".join(self.words)

    def as_dict(self) -> dict:
        return {"sequence": self.sequence.upper(), "length": self.length,
                "optimal": self.optimal, "lower_bound": self.lower_bound,
                "concatenation": self.concatenation, "words": list(self.words),
                "states": self.states, "method": self.method}




class _Bounds:
    """Lower bounds on the letters still to write from a position tuple."""

    def __init__(self, words: list[str], pairs: bool = True):
        self.words = words
        letters = sorted(set("".join(words)))
        self.letters = letters
        # suffix[i][p][c]: copies of letter c in words[i][p:]
        self.suffix = []
        for w in words:
            rows = [[0] * len(letters) for _ in range(len(w) + 1)]
            for p in range(len(w) - 1, -1, -1):
                rows[p] = list(rows[p + 1])
                rows[p][letters.index(w[p])] += 1
            self.suffix.append(rows)
        # pair[(i, j)][p][q]: exact SCS length of words[i][p:] and words[j][q:]
        self.pairs = []
        if pairs and len(words) > 2 and pair_cells(words) <= PAIR_MAX_CELLS:
            for i, j in combinations(range(len(words)), 2):
                self.pairs.append((i, j, _scs_table(words[i], words[j])))

    def letter_bound(self, pos) -> int:
        rows = [self.suffix[i][p] for i, p in enumerate(pos)]
        return sum(map(max, zip(*rows)))

    def pair_bound(self, pos) -> int:
        best = 0
        for i, j, table in self.pairs:
            v = table[pos[i]][pos[j]]
            if v > best:
                best = v
        return best

    def __call__(self, pos) -> int:
        return max(self.letter_bound(pos), self.pair_bound(pos))


def pair_cells(words: list[str]) -> int:
    """Cells of all the pairwise tables: the sum of len(a) x len(b) over pairs."""
    total = sum(map(len, words))
    return (total * total - sum(len(w) ** 2 for w in words)) // 2


def _scs_table(a: str, b: str) -> list[array]:
    """t[p][q] = length of the shortest common supersequence of a[p:] and b[q:]
    (rows of 4-byte integers: len(a) x len(b) cells cost 4 bytes each)."""
    n, m = len(a), len(b)
    below = array("i", range(m, -1, -1))          # row n: t[n][q] = m - q
    rows = [below] * (n + 1)
    for p in range(n - 1, -1, -1):
        ch = a[p]
        row = array("i", below)
        row[m] = n - p
        for q in range(m - 1, -1, -1):
            row[q] = 1 + (below[q + 1] if ch == b[q] else min(below[q], row[q + 1]))
        rows[p] = below = row
    return rows


def _moves(words, pos):
    """(letter, next position tuple) for each letter some word needs next."""
    nexts = {}
    for i, p in enumerate(pos):
        if p < len(words[i]):
            nexts.setdefault(words[i][p], []).append(i)
    for ch, who in nexts.items():
        new = list(pos)
        for i in who:
            new[i] += 1
        yield ch, tuple(new)


def _astar(words, bound: _Bounds, max_states: int):
    """(sequence or None, states expanded, proven lower bound)."""
    start = (0,) * len(words)
    goal = tuple(len(w) for w in words)
    h0 = bound(start)
    # heap entries: (f, -g, counter, state); ties go to the deeper state
    heap = [(h0, 0, 0, start)]
    best_g = {start: 0}
    parent: dict[tuple, tuple] = {start: (None, "")}
    counter = 0
    expanded = 0
    while heap:
        f, neg_g, _, state = heapq.heappop(heap)
        g = -neg_g
        if g > best_g.get(state, g):
            continue                      # a stale entry
        if state == goal:
            letters = []
            while state != start:
                state, ch = parent[state]
                letters.append(ch)
            return "".join(reversed(letters)), expanded, g
        if expanded >= max_states:
            return None, expanded, f      # f of the cheapest open state: a lower bound
        expanded += 1
        for ch, nxt in _moves(words, state):
            ng = g + 1
            if ng < best_g.get(nxt, 1 << 30):
                best_g[nxt] = ng
                parent[nxt] = (state, ch)
                counter += 1
                heapq.heappush(heap, (ng + bound(nxt), -ng, counter, nxt))
    raise AssertionError("A* ran out of states before reaching the goal")


def _beam(words, bound: _Bounds, width: int) -> str:
    """Breadth-wise search keeping the ``width`` states with the smallest bound, then
    the most letters written (a good line, not a proven one). Each state keeps its
    last letter and its parent's entry, not a copy of its line."""
    goal = tuple(len(w) for w in words)
    layer: dict[tuple, tuple | None] = {(0,) * len(words): None}
    while goal not in layer:
        nxt: dict[tuple, tuple] = {}
        for state, entry in layer.items():
            for ch, s in _moves(words, state):
                if s not in nxt:
                    nxt[s] = (ch, entry)
        if len(nxt) > width:
            ranked = sorted(nxt, key=lambda s: (bound(s), -sum(s)))[:width]
            layer = {s: nxt[s] for s in ranked}
        else:
            layer = nxt
    letters, entry = [], layer[goal]
    while entry is not None:
        ch, entry = entry
        letters.append(ch)
    return "".join(reversed(letters))


def _majority_merge(words) -> str:
    """Greedy: write the letter the most words wait for (ties: the most letters left
    behind those words, then the alphabet). Each step looks at the letters only (the
    counts are kept up to date), so the cost is the letters written times the alphabet."""
    pos = [0] * len(words)
    waiting: dict[str, set[int]] = {}
    behind: dict[str, int] = {}             # letter -> letters left in the words waiting
    for i, w in enumerate(words):
        waiting.setdefault(w[0], set()).add(i)
        behind[w[0]] = behind.get(w[0], 0) + len(w)
    line = []
    while any(waiting.values()):
        ch = max((c for c in waiting if waiting[c]),
                 key=lambda c: (len(waiting[c]), behind[c], -ord(c)))
        line.append(ch)
        movers, waiting[ch], behind[ch] = waiting[ch], set(), 0
        for i in movers:
            pos[i] += 1
            if pos[i] < len(words[i]):
                nxt = words[i][pos[i]]
                waiting.setdefault(nxt, set()).add(i)
                behind[nxt] = behind.get(nxt, 0) + len(words[i]) - pos[i]
    return "".join(line)


def start_bound(words: list[str]) -> int:
    """Proven lower bound for the whole list: letter bound and (up to PAIR_WORDS
    words) the longest pairwise shortest common supersequence."""
    best = _Bounds(words, pairs=False).letter_bound((0,) * len(words))
    if 1 < len(words) <= PAIR_WORDS and pair_cells(words) <= PAIR_MAX_CELLS:
        for a, b in combinations(words, 2):
            best = max(best, _scs_table(a, b)[0][0])
    return best


def check_words(words: list[str]) -> list[str]:
    """The words as read (NFKC, letters a-z), their case kept."""
    return check(words)


def minimal(words: list[str], max_states: int = MAX_STATES,
            beam_width: int = BEAM_WIDTH) -> Minimal:
    """The shortest line holding every word as a subsequence (exact within ``max_states``)."""
    whole(max_states, "--max-states", 0, MAX_STATES_LIMIT)
    whole(beam_width, "--beam", 1, BEAM_MAX_WIDTH)
    words = check_words(words)          # as read: the ligature ﬁ is "fi"
    lower = [w.lower() for w in words]
    letters = sum(map(len, lower))
    if len(lower) > MINIMAL_MAX_WORDS or letters > MINIMAL_MAX_LETTERS:
        raise UsageError(f"{plural(len(lower), 'word', grouped=True)} of "
                         f"{plural(letters, 'letter', grouped=True)}: the shortest line "
                         f"takes at most {MINIMAL_MAX_WORDS:,} words and "
                         f"{MINIMAL_MAX_LETTERS:,} letters")
    # A duplicate, or a word hidden inside a longer word, adds nothing: drop it
    # (the containment check is quadratic, so only for lists up to PAIR_WORDS).
    unique = list(dict.fromkeys(lower))
    if len(unique) <= PAIR_WORDS:
        kept = [w for w in unique
                if not any(len(o) > len(w) and is_subsequence(w, o) for o in unique)]
    else:
        kept = unique
    lb = start_bound(kept) if kept else 0
    states = 0
    if len(kept) <= EXACT_WORDS:
        bound = _Bounds(kept)
        line, states, frontier = _astar(kept, bound, max_states)
        if line is not None:
            return Minimal(list(words), line, len(line), True, len(line), states, "A*")
        lb = max(lb, frontier)
        line, method = _beam(kept, bound, _width(beam_width, kept, BEAM_MAX_WORK)), "beam"
    else:
        width = _width(beam_width, kept, BEAM_WORK)
        if width >= 2:
            line, method = _beam(kept, _Bounds(kept, pairs=False), width), "beam"
        else:
            line, method = _majority_merge(kept), "majority merge"
    return Minimal(list(words), line, len(line), len(line) == lb, lb, states, method)


def _width(beam_width: int, words: list[str], work: int) -> int:
    """The beam's width: as asked, but at most ``work`` / (words x letters), so the
    search stays bounded (each kept state of each layer looks at every word)."""
    return max(1, min(beam_width, work // (len(words) * sum(map(len, words)))))


def format_result(m: Minimal) -> str:
    saved = m.concatenation - m.length
    states = f", {plural(m.states, 'state')} expanded" if m.states else ""
    proof = ("optimal" if m.optimal else
             f"not proven optimal; every line needs at least {plural(m.lower_bound, 'letter')}")
    return (f"{' '.join(m.sequence.upper())}\n"
            f"{plural(m.length, 'letter')} against {m.concatenation} for the plain concatenation "
            f"({saved} saved; {proof}; {m.method}"
            f"{states})")


def run_minimal(hide=(), file=None, max_states=MAX_STATES, beam=BEAM_WIDTH) -> Minimal:
    """The ``minimal`` action: the given words, a file's, or the seed's rivers."""

    most = MINIMAL_MAX_WORDS
    given = list(hide or ()) + (read_word_file(
        file, most=most, why=f": the shortest line takes at most {most:,} words")
        if file is not None else [])
    if not given and file is None:
        given = list(RIVERS)
    return minimal(given, max_states=max_states, beam_width=beam)
