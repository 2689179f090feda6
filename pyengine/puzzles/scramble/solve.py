"""Solve a scramble: which candidate words are hidden in a letter line, using every letter?

The rules in ``rules/scramble_solve.clp`` do the reasoning that reads well as rules:
FILTER walks every candidate along the line (is it a subsequence?), COVER notices a
letter that no fitting word can supply. The rest is an exhaustive search, done here
over the fitting words only:

1. letter multisets: choose sets of fitting words whose letters add up to the line's
   letters exactly (branch on the letter with the fewest suppliers; prune whenever a
   letter's need exceeds what the words still available could supply);
2. interleaving: can those words be threaded through the line at the same time, each
   letter used by exactly one word? A depth-first walk over position tuples (one
   position per word), remembering the tuples that failed.

Every answer is reported ("no solution" too); a pool word is used at most once per
answer. Pools of over 500 words are first cut down in Python to the words hidden in
the line.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from pyengine.engine.errors import UsageError
from pyengine.engine.wording import plural
from pyengine.engine.textio import ascii_letters, fold, is_path_like, shown, user_path
from pyengine.puzzles.scramble.limits import SOLVE_MAX_LETTERS
from pyengine.puzzles.scramble.make import read_word_file
from pyengine.engine.resources import fact_file
from pyengine.puzzles.scramble.limits import SOLVE_MAX_CANDIDATES, SOLVE_MAX_WALK
from pyengine.puzzles.scramble.make import check_words
from pyengine.engine.clips import ClipsSession
from pyengine.engine.resources import rule_file
from pyengine.engine.stages import Stage
from pyengine.engine.stages import SessionPlan

NODE_LIMIT = 2_000_000          # search work (nodes x words looked at) before giving up
PREFILTER_ABOVE = 500           # bigger pools: only words hidden in the line become facts
MAX_HIDDEN = 1000               # ... and at most this many of them
PREFILTER_LETTERS = 20_000      # ... and pools with more letters than this


@dataclass
class Solved:
    """The answer for one line and one candidate pool."""

    line: str                           # the line, lower case, no spaces
    candidates: list[str]               # the pool, duplicates (any case) removed
    fits: list[str] = field(default_factory=list)        # hidden in the line on their own
    rejected: dict[str, str] = field(default_factory=dict)   # word -> why not
    unsupplied: list[str] = field(default_factory=list)  # letters no fitting word has
    solutions: list[list[str]] = field(default_factory=list)
    witnesses: list[list[int]] = field(default_factory=list)  # word index (1-based) per letter
    nodes: int = 0                       # search nodes visited (multiset + interleaving)
    prefiltered: int = 0                 # big pools: dropped in Python by letter counts
    session: object = None
    show_why: bool = False               # text() also gives each rejected word's reason

    @property
    def exit_status(self) -> int:
        return 0 if self.solutions else 1

    def text(self) -> str:
        lines = [format_result(self)]
        if self.show_why:
            lines += [f"  {word}: {reason}" for word, reason in self.rejected.items()]
        return "\n".join(lines)

    def as_dict(self) -> dict:
        return {"solutions": [list(s) for s in self.solutions],
                "line": self.line.upper(),
                "candidates": len(self.candidates) + self.prefiltered,
                "fits": list(self.fits),
                "unsupplied": list(self.unsupplied),
                "witnesses": [list(w) for w in self.witnesses]} | (
                    {"rejected": dict(self.rejected)} if self.show_why else {})


# -- input --------------------------------------------------------------------------
def parse_line(text: str) -> str:
    """'A O E M U ...' or 'aoemu...' -> 'aoemu...'. Letters and spaces only, at most
    SOLVE_MAX_LETTERS letters."""

    if not isinstance(text, str):
        raise UsageError(f"the scramble line must be text, not {text!r}")
    compact = "".join(fold(text).split())
    if not compact:
        raise UsageError("the scramble line is empty")
    compact = ascii_letters(compact, "the scramble line")
    if len(compact) > SOLVE_MAX_LETTERS:
        raise UsageError(f"the scramble line has {len(compact):,} letters; "
                         f"the limit is {SOLVE_MAX_LETTERS:,}")
    return compact.lower()


def parse_candidates(spec: str) -> list[str]:
    """A file of words ('-': standard input), the name of the packaged pool
    'rivers50', or words separated by commas or spaces; duplicates (in any case) are
    dropped. Text that cannot be a file name (commas, spaces) is never tried as one, and
    a word that is also a file's name here is refused as ambiguous."""

    if not isinstance(spec, str):
        raise UsageError(f"--candidates must be text, not {spec!r}")
    if not spec.strip():
        raise UsageError("no candidates (give --candidates FILE or --candidates 'w1,w2,...')")
    what = "candidates file"
    if spec.strip() == "rivers50":
        words = read_word_file(fact_file("rivers50.txt"), what)
    elif spec == "-" or (is_path_like(spec) and _exists(user_path(spec, what))):
        if re.fullmatch(r"[A-Za-z]+", spec):    # a word, and a file of that name here
            raise UsageError(f"--candidates {spec}: a word, and a file of that name here: write "
                             f"./{spec} for the file, or {spec}, for the word")
        words = read_word_file(spec, what, most=SOLVE_MAX_CANDIDATES)
    elif is_path_like(spec) and ("/" in spec or "\\" in spec or spec.endswith(".txt")):
        raise UsageError(f"cannot read {what} {spec}: no such file")
    else:
        if re.search(r"\w\s*,\s*,+\s*\w", spec):    # cat,,dog: a word left out?
            raise UsageError(f"--candidates {shown(spec)}: an empty word between two commas")
        words = [w for w in re.split(r"[,\s]+", spec) if w]
    return _unique(words)


def _exists(path) -> bool:
    """Is there anything at ``path`` (a FIFO or a directory too: read_word_file then
    refuses it with its reason, without opening it)?"""
    try:
        path.lstat()
    except (OSError, ValueError):
        return False
    return True


def _unique(words: list[str]) -> list[str]:
    """Check the words (letters only) and drop repeats in any case, keeping the first."""

    if isinstance(words, str) or not isinstance(words, (list, tuple)):
        raise UsageError(f"expected a list of candidate words, not {words!r}")
    if not words:
        raise UsageError("no candidates to look for")
    if len(words) > SOLVE_MAX_CANDIDATES:
        raise UsageError(f"{len(words):,} candidates; the limit is {SOLVE_MAX_CANDIDATES:,}")
    words = check_words(list(words))
    first: dict[str, str] = {}
    for w in words:
        first.setdefault(w.lower(), w)
    return list(first.values())


# -- the rules ----------------------------------------------------------------------
def make_session(line: str, candidates: list[str], record: bool = False):
    """A CLIPS session with the solve rules and the line and candidates asserted."""

    session = ClipsSession([rule_file("scramble_solve.clp")], record=record)
    session.reset()
    last: dict[str, int] = {}
    for pos, ch in enumerate(line, start=1):
        session.assert_fact(f"(line-letter {pos} {ch} {last.get(ch, 0)})")
        last[ch] = pos
    for ch, n in sorted(Counter(line).items()):
        session.assert_fact(f"(line-count {ch} {n})")
    for w in candidates:
        session.assert_fact("(candidate {} {})".format(w.lower(), " ".join(w.lower())))
    return session


def stage_plan():
    return [Stage("FILTER"), Stage("COVER")]


def read_verdicts(session, line: str,
                  candidates: list[str]) -> tuple[list[str], dict, list[str]]:
    """(fits, rejected, unsupplied) read back from the fact base."""
    by_lower = {w.lower(): w for w in candidates}
    fits, rejected, unsupplied = set(), {}, []
    for f in session.facts():
        parts = f.text[1:-1].split()
        if parts[0] == "fits":
            fits.add(parts[1])
        elif parts[0] == "rejected":
            word, letter, after = parts[1], parts[2], int(parts[3])
            if after and letter in line:
                rejected[by_lower[word]] = f"no {letter!r} after position {after}"
            else:
                rejected[by_lower[word]] = f"no {letter!r} in the line"
        elif parts[0] == "unsupplied":
            unsupplied.append(parts[1])
    return [w for w in candidates if w.lower() in fits], rejected, sorted(unsupplied)


# -- the search ---------------------------------------------------------------------
class _Budget:
    """Counts search nodes and the work they cost; gives up past ``limit`` work."""

    def __init__(self, limit: int):
        self.limit = limit
        self.nodes = 0
        self.work = 0

    def tick(self, work: int = 1) -> None:
        self.nodes += 1
        self.work += work
        if self.work > self.limit:
            raise UsageError(f"search gave up after {self.limit:,} steps ({self.nodes:,} "
                             "partial answers tried); give fewer or longer candidate words")


def letter_covers(need: Counter, words: list[str], budget: _Budget):
    """Every set of ``words`` (indices, ascending) whose letters add up to ``need``."""
    counts = [Counter(w) for w in words]
    results: list[tuple[int, ...]] = []

    def walk(need: Counter, available: list[int], chosen: list[int]) -> None:
        budget.tick(1 + len(available))
        if not +need:
            results.append(tuple(sorted(chosen)))
            return
        supply = Counter()
        for i in available:
            supply.update(counts[i])
        if any(supply[ch] < n for ch, n in need.items() if n > 0):
            return
        # Branch on the needed letter with the fewest words able to supply it.
        letter = min((ch for ch, n in need.items() if n > 0),
                     key=lambda ch: sum(1 for i in available if counts[i][ch]))
        options = [i for i in available if counts[i][letter]]
        for k, i in enumerate(options):
            if all(need[ch] >= n for ch, n in counts[i].items()):
                barred = set(options[:k + 1])
                walk(need - counts[i], [j for j in available if j not in barred],
                     chosen + [i])

    walk(+need, list(range(len(words))), [])
    return results


def interleave(line: str, words: list[str], budget: _Budget) -> list[int] | None:
    """Word index (0-based) for each letter of ``line`` so that every word is spelled
    in order by its letters, or None when the words cannot share the line that way."""
    if sum(map(len, words)) != len(line):
        return None
    k = len(words)
    failed: set[tuple[int, ...]] = set()
    choice: list[int] = []

    def walk(pos: tuple[int, ...], at: int) -> bool:
        if at == len(line):
            return True
        if pos in failed:
            return False
        budget.tick()
        ch = line[at]
        for i in range(k):
            p = pos[i]
            if p < len(words[i]) and words[i][p] == ch:
                choice.append(i)
                if walk(pos[:i] + (p + 1,) + pos[i + 1:], at + 1):
                    return True
                choice.pop()
        failed.add(pos)
        return False

    import sys
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, len(line) + 1000))
    try:
        return list(choice) if walk((0,) * k, 0) else None
    finally:
        sys.setrecursionlimit(old)


def search(line: str, fits: list[str], node_limit: int = NODE_LIMIT):
    """(solutions, witnesses, nodes): every set of ``fits`` that uses the line exactly."""
    budget = _Budget(node_limit)
    lower = [w.lower() for w in fits]
    solutions, witnesses = [], []
    for combo in letter_covers(Counter(line), lower, budget):
        ids = interleave(line, [lower[i] for i in combo], budget)
        if ids is not None:
            solutions.append([fits[i] for i in combo])
            witnesses.append([i + 1 for i in ids])
    return solutions, witnesses, budget.nodes


def hidden_in(line: str):
    """A test ``word -> bool``: is the (lower-case) word a subsequence of ``line``?
    A table of each letter's next position makes each test cost the word's length,
    not the line's (a pool of half a million words against a long line)."""
    nxt: list[dict[str, int]] = [{}] * (len(line) + 1)
    for i in range(len(line) - 1, -1, -1):
        nxt[i] = nxt[i + 1] | {line[i]: i + 1}

    def test(word: str) -> bool:
        at = 0
        for ch in word:
            at = nxt[at].get(ch, -1)
            if at < 0:
                return False
        return True
    return test


def prepare(line: str, candidates: list[str]) -> tuple[str, list[str], int]:
    """The one check of a solve's input, for solve and open_solve: (the line, the
    candidates that become facts, how many were dropped in Python first)."""
    line = parse_line(line)
    candidates = _unique(candidates)
    if len(candidates) <= PREFILTER_ABOVE and sum(map(len, candidates)) <= PREFILTER_LETTERS:
        return line, _walkable(line, candidates), 0
    # A big pool stays in Python: only words hidden in the line become facts (the
    # rules would reject the rest, one firing per letter).
    hidden = hidden_in(line)
    kept = [w for w in candidates if len(w) <= len(line) and hidden(w.lower())]
    if len(kept) > MAX_HIDDEN:
        raise UsageError(f"{len(kept):,} candidates are hidden in the line; the "
                         f"exhaustive search takes up to {MAX_HIDDEN:,}: give a smaller pool")
    return line, _walkable(line, kept), len(candidates) - len(kept)


def _walkable(line: str, candidates: list[str]) -> list[str]:
    """The candidates, if the rules walk them along the line in SOLVE_MAX_WALK looks."""
    places = Counter(line)
    walk = sum(places[ch] for w in candidates for ch in w.lower())
    if walk > SOLVE_MAX_WALK:
        raise UsageError(f"walking these candidates along the line takes {walk:,} looks "
                         f"at its letters (each letter at every place of it); the limit is "
                         f"{SOLVE_MAX_WALK:,}: give fewer or shorter candidates or repeats")
    return candidates


def solve(line: str, candidates: list[str], record: bool = False,
          node_limit: int = NODE_LIMIT) -> Solved:
    """The solve session run whole from Python, on a list of candidates (the same
    open and read as the ``solve`` action; ``node_limit`` bounds the search)."""
    plan = open_solve(line, candidates, record=record)
    plan.run_all()
    return read_solve(plan, node_limit)


def finish(session, line: str, candidates: list[str], node_limit: int = NODE_LIMIT) -> Solved:
    fits, rejected, unsupplied = read_verdicts(session, line, candidates)
    result = Solved(line=line, candidates=list(candidates), fits=fits, rejected=rejected,
                    unsupplied=unsupplied, session=session)
    if not unsupplied:
        result.solutions, result.witnesses, result.nodes = search(line, fits, node_limit)
    for words in result.solutions:
        session.assert_fact("(solution {})".format(" ".join(w.lower() for w in words)))
    return result


def _line_text(line) -> str:
    """The LINE option (words) as one string."""
    if isinstance(line, str):
        return line
    if not isinstance(line, (list, tuple)) or not all(isinstance(w, str) for w in line):
        raise UsageError(f"the scramble line must be text, not {line!r}")
    return " ".join(line)


def open_solve(line, candidates, why=False, record: bool = True):
    """The solve session, paused before FILTER: ``line`` as words or text,
    ``candidates`` as a file, a pool name, words separated by commas or a list."""

    pool = candidates if isinstance(candidates, list) else parse_candidates(candidates)
    line, pool, dropped = prepare(_line_text(line), pool)
    session = make_session(line, pool, record=record)
    plan = SessionPlan(session, stage_plan(), None,
                       f"solve {line.upper()} against {plural(len(pool), 'candidate')}",
                       notes={"line": line, "pool": pool, "dropped": dropped, "why": why})
    plan.finish = lambda: format_result(read_solve(plan))
    return plan


def read_solve(plan, node_limit: int = NODE_LIMIT) -> Solved:
    """The verdicts the rules left, then the search over the words that fit."""
    n = plan.notes
    result = finish(plan.session, n["line"], n["pool"], node_limit)
    result.prefiltered = n["dropped"]
    result.show_why = n["why"]
    return result


def format_result(r: Solved) -> str:
    out = []
    if r.solutions:
        for words in r.solutions:
            out.append(" ".join(words))
    elif not r.fits:
        out.append("no solution: none of the candidates is hidden in the line")
    elif r.unsupplied:
        out.append("no solution: no candidate hidden in the line has "
                   + ", ".join(repr(c) for c in r.unsupplied))
    else:
        out.append("no solution: no set of candidates uses every letter of the line")
    n = len(r.solutions)
    pool = len(r.candidates) + r.prefiltered
    out.append(f"({plural(n, 'solution')}; {plural(len(r.line), 'letter')}; "
               f"{len(r.fits)} of {plural(pool, 'candidate')} hidden in the line; "
               f"{plural(r.nodes, 'search node')})")
    return "\n".join(out)
