"""Spelling Bee drivers (seed 002): make, solve, score, rank, hint, play, best.

The rules (``pyengine.rules.bee``) do the reasoning; this module prepares the
letter facts, walks the stages and reads the results back.  The word list is
asked through its letter-set index (``WordList.words_within``), never declared
as facts.

    solve("aeginrt", "r")            -> Puzzle (answers, points, pangrams, ranks)
    hints(puzzle)                    -> the NYT hints page (grid, two-letter list)
    make(seed=1)                     -> a random hive following the NYT habits
    best_hive(load("enable1"))       -> the highest-scoring hive of a list
    Game(puzzle).guess("grating")    -> Verdict text, score and rank
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from pyengine.engine.errors import UsageError

VOWELS = frozenset("aeiou")
MIN_LENGTH = 4
DEFAULT_ANSWERS = (20, 70)      # allowed number of answers for a random hive
PREFERRED_ANSWERS = (30, 50)    # tried first
DEFAULT_VOWELS = (1, 3)
COMMON_ZIPF = 3.0               # a "common" pangram: wordfreq zipf >= 3.0
SOLVE_STAGES = ("build", "solve", "score", "rank")
_LETTERS = re.compile(r"[a-z]+")


# --------------------------------------------------------------------------
# results

@dataclass
class Puzzle:
    """A solved hive."""

    letters: str                    # the seven letters, sorted, lower case
    center: str
    answers: list[str]              # sorted
    points: dict[str, int]          # word -> points
    pangrams: list[str]
    perfect: list[str]              # pangrams with exactly seven letters
    max_score: int
    ranks: list[tuple[str, int]]    # (name, points needed), Beginner first
    words_label: str = "bee"
    seed_word: str | None = None
    seed: int | None = None
    layout: str = ""                # the six outer letters in display order
    fired: dict[str, int] = field(default_factory=dict)
    flaws: list[str] = field(default_factory=list)
    session: object = None

    @property
    def outer(self) -> str:
        return "".join(c for c in self.letters if c != self.center)

    def rank_for(self, score: int) -> str:
        """The rank a score reaches."""
        name = self.ranks[0][0]
        for n, pts in self.ranks:
            if score >= pts:
                name = n
        return name

    def as_dict(self) -> dict:
        d = {"letters": self.letters, "center": self.center, "outer": self.outer,
             "answers": list(self.answers), "pangrams": list(self.pangrams),
             "perfect_pangrams": list(self.perfect), "points": dict(self.points),
             "max_score": self.max_score, "words": len(self.answers),
             "ranks": {n: p for n, p in self.ranks}, "word_list": self.words_label}
        if self.seed_word is not None:
            d["seed_word"] = self.seed_word
        if self.seed is not None:
            d["seed"] = self.seed
        return d


@dataclass
class Hints:
    """The NYT hints page."""

    words: int
    points: int
    pangrams: int
    perfect: int
    bingo: bool
    grid: dict[str, dict[int, int]]     # first letter -> {length: count}
    two_letters: dict[str, int]          # "ab" -> count

    def as_dict(self) -> dict:
        return {"words": self.words, "points": self.points, "pangrams": self.pangrams,
                "perfect_pangrams": self.perfect, "bingo": self.bingo,
                "grid": {k: {str(n): c for n, c in v.items()} for k, v in self.grid.items()},
                "two_letters": dict(self.two_letters)}

    def text(self, letters: str = "") -> str:
        head = (f"WORDS: {self.words}, POINTS: {self.points}, PANGRAMS: {self.pangrams}"
                + (f" ({self.perfect} Perfect)" if self.perfect else "")
                + (", BINGO" if self.bingo else ""))
        lengths = sorted({n for row in self.grid.values() for n in row})
        rows = sorted(self.grid) if not letters else [c for c in sorted(letters)]
        w = 4
        out = [head, "", "    " + "".join(f"{n:>{w}}" for n in lengths) + f"{'Σ':>{w}}"]
        col = {n: 0 for n in lengths}
        for c in rows:
            row = self.grid.get(c, {})
            cells = "".join(f"{row[n] if n in row else '-':>{w}}" for n in lengths)
            out.append(f"{c.upper()}:  {cells}{sum(row.values()):>{w}}")
            for n, k in row.items():
                col[n] += k
        out.append("Σ:  " + "".join(f"{col[n]:>{w}}" for n in lengths)
                   + f"{sum(col.values()):>{w}}")
        out.append("")
        out.append("Two letter list:")
        by_first: dict[str, list[str]] = {}
        for s, k in sorted(self.two_letters.items()):
            by_first.setdefault(s[0], []).append(f"{s.upper()}-{k}")
        out.extend("  " + " ".join(v) for _, v in sorted(by_first.items()))
        return "\n".join(out)


# --------------------------------------------------------------------------
# input checking

def parse_hive(letters: str, center: str | None) -> tuple[str, str]:
    """(seven sorted letters, centre) from LETTERS (7 letters with the centre,
    or the 6 outer letters) and --center.  A single upper-case letter among
    lower-case ones may mark the centre instead of --center."""
    raw = (letters or "").strip()
    if center is None and raw and sum(c.isupper() for c in raw) == 1 and \
            sum(c.islower() for c in raw) == len(raw) - 1:
        center = next(c for c in raw if c.isupper())
    text = raw.lower()
    if not _LETTERS.fullmatch(text or "-"):
        bad = next((c for c in text if not ("a" <= c <= "z")), None)
        if not text:
            raise UsageError("no hive letters given (seven letters, e.g. AEGINRT --center R)")
        raise UsageError(f"hive letters are a-z only, not {bad!r} in {raw!r}")
    dup = sorted({c for c in text if text.count(c) > 1})
    if dup:
        raise UsageError(f"hive letters must differ: {''.join(dup).upper()} repeated in "
                         f"{raw.upper()}")
    if center is None:
        raise UsageError("which letter is the centre? add --center C")
    c = center.strip().lower()
    if len(c) != 1 or not ("a" <= c <= "z"):
        raise UsageError(f"the centre is one letter a-z, not {center!r}")
    if len(text) == 7:
        if c not in text:
            raise UsageError(f"centre {c.upper()} is not one of the hive letters {text.upper()}")
    elif len(text) == 6:
        if c in text:
            raise UsageError(f"six outer letters given; the centre {c.upper()} must be "
                             "another letter")
        text += c
    else:
        raise UsageError(f"a hive has 7 letters (or give the 6 outer ones), not "
                         f"{len(text)}: {raw.upper()}")
    return "".join(sorted(text)), c


# --------------------------------------------------------------------------
# the engine

class BeeEngine:
    """A reusable session over the Spelling Bee rules."""

    def __init__(self, words=None, record: bool = False, kind: str = "solve"):
        from pyengine.words import bee as bee_words
        from pyengine.engine.experta import ExpertaSession
        from pyengine.rules import bee as rules

        self.words = words if words is not None and not isinstance(words, str) \
            else bee_words.load(words)
        cls = {"solve": rules.BeeRules, "make": rules.BeeMakeRules,
               "play": rules.BeePlayRules}[kind]
        self.session = ExpertaSession(cls, record=record)
        self.session.provide(words=self.words)

    def load_hive(self, letters: str, center: str, habits=()) -> None:
        """Reset and declare the letter facts (and any habits)."""
        from pyengine.facts.bee import Letter
        s = self.session
        s.reset()
        for ch in letters:
            s.assert_fact(Letter(char=ch, centre=ch == center))
        for h in habits:
            s.assert_fact(h)

    def run(self, stages) -> dict[str, int]:
        from pyengine.engine.stages import Stage, StageRunner
        return StageRunner(self.session, [Stage(n) for n in stages]).run_all()

    def problems(self) -> list[str]:
        from pyengine.facts.bee import Problem
        return [f["text"] for f in self.session.records(Problem)]

    def read_puzzle(self, fired=None) -> Puzzle:
        from pyengine.facts.bee import Flaw, Hive, Points, Rank
        s = self.session
        hive = s.records(Hive)[0]
        pts = s.records(Points)
        points = {w: p["each"] for p in pts for w in p["words"]}
        ranks = sorted(((r["order"], r["name"], r["points"]) for r in s.records(Rank)))
        return Puzzle(
            letters=hive["letters"], center=hive["centre"], answers=sorted(points),
            points=dict(sorted(points.items())),
            pangrams=sorted(w for p in pts if p["pangram"] for w in p["words"]),
            perfect=sorted(w for p in pts if p["perfect"] for w in p["words"]),
            max_score=sum(points.values()), ranks=[(n, p) for _, n, p in ranks],
            words_label=self.words.label, fired=dict(fired or {}),
            flaws=[f["text"] for f in s.records(Flaw)], session=s)

    def solve(self, letters: str, center: str, habits=(), extra=()) -> Puzzle:
        self.load_hive(letters, center, habits)
        fired = self.run(("build",))
        if self.problems():
            raise UsageError("; ".join(self.problems()))
        fired.update(self.run(SOLVE_STAGES[1:] + tuple(extra)))
        return self.read_puzzle(fired)

    def hints(self) -> Hints:
        """Run the hints stage on the solved puzzle in the session."""
        from pyengine.facts.bee import Bingo, HintCell, MaxScore, TwoLetter
        s = self.session
        if not s.records(HintCell):
            self.run(("hints",))
        m = s.records(MaxScore)[0]
        grid: dict[str, dict[int, int]] = {}
        for f in s.records(HintCell):
            grid.setdefault(f["letter"], {})[f["length"]] = f["count"]
        return Hints(words=m["words"], points=m["points"], pangrams=m["pangrams"],
                     perfect=m["perfect"], bingo=bool(s.records(Bingo)),
                     grid={k: dict(sorted(v.items())) for k, v in sorted(grid.items())},
                     two_letters={f["start"]: f["count"] for f in
                                  sorted(s.records(TwoLetter), key=lambda f: f["start"])})


def solve(letters: str, center: str | None = None, words=None, record: bool = False,
          engine: BeeEngine | None = None) -> Puzzle:
    """Solve, score and rank a hive through the rules."""
    hive, c = parse_hive(letters, center)
    eng = engine or BeeEngine(words, record=record)
    return eng.solve(hive, c)


def hints(puzzle: Puzzle) -> Hints:
    """The hints page of a puzzle solved by :func:`solve` (same session)."""
    eng = BeeEngine.__new__(BeeEngine)
    eng.session = puzzle.session
    eng.words = puzzle.session.services["words"]
    return eng.hints()


# --------------------------------------------------------------------------
# the honeycomb

def layout(puzzle_or_letters, center: str | None = None, rng: random.Random | None = None) -> str:
    """The six outer letters in a (shuffled) display order."""
    if isinstance(puzzle_or_letters, Puzzle):
        letters, center = puzzle_or_letters.letters, puzzle_or_letters.center
    else:
        letters = puzzle_or_letters
    outer = [c for c in letters if c != center]
    (rng or random.Random()).shuffle(outer)
    return "".join(outer)


def honeycomb(center: str, outer: str) -> str:
    """Seven hexagons, the centre letter in the middle::

                ___
            ___/ A \\___
           / E \\___/ I \\
           \\___/ R \\___/
           / G \\___/ N \\
           \\___/ T \\___/
               \\___/
    """
    a, b, c, d, e, f = outer.upper()
    m = center.upper()
    return "\n".join([
        "        ___",
        f"    ___/ {a} \\___",
        f"   / {b} \\___/ {c} \\",
        f"   \\___/ {m} \\___/",
        f"   / {d} \\___/ {e} \\",
        f"   \\___/ {f} \\___/",
        "       \\___/",
    ])


# --------------------------------------------------------------------------
# making puzzles

def _bits(mask: int) -> int:
    return bin(mask).count("1")


def _mask(word: str) -> int:
    m = 0
    for ch in set(word):
        m |= 1 << (ord(ch) - 97)
    return m


def _letters_of(mask: int) -> str:
    return "".join(chr(97 + i) for i in range(26) if mask >> i & 1)


def _submasks_with(mask: int, need: int) -> list[int]:
    out, sub = [], mask
    while sub:
        if sub & need:
            out.append(sub)
        sub = (sub - 1) & mask
    return out


class _MaskStats:
    """Per word list: words, points and pangrams per letter-set mask (4+ letters)."""

    def __init__(self, wl):
        self.count: dict[int, int] = {}
        self.points: dict[int, int] = {}
        self.pangrams: dict[int, list[str]] = {}
        for m, ws in wl.by_mask().items():
            k = _bits(m)
            if k > 7:
                continue
            ws = [w for w in ws if len(w) >= MIN_LENGTH]
            if not ws:
                continue
            self.count[m] = len(ws)
            self.points[m] = sum(1 if len(w) == 4 else len(w) + (7 if k == 7 else 0) for w in ws)
            if k == 7:
                self.pangrams[m] = sorted(ws)


_STATS: dict[int, _MaskStats] = {}


def mask_stats(wl) -> _MaskStats:
    st = _STATS.get(id(wl))
    if st is None or st.wl is not wl:
        st = _MaskStats(wl)
        st.wl = wl
        _STATS[id(wl)] = st
    return st


@dataclass
class Habits:
    """The NYT editors' habits for random hives (each can be switched off)."""

    no_s: bool = True
    not_e_and_r: bool = True
    vowels: tuple[int, int] | None = DEFAULT_VOWELS
    answers: tuple[int, int] | None = DEFAULT_ANSWERS
    preferred: tuple[int, int] | None = PREFERRED_ANSWERS
    common_pangram: float | None = COMMON_ZIPF

    def letters_ok(self, mask: int) -> bool:
        if self.no_s and mask & (1 << 18):
            return False
        if self.not_e_and_r and mask & (1 << 4) and mask & (1 << 17):
            return False
        if self.vowels is not None:
            v = _bits(mask & 0b100000100000100010001)  # a e i o u
            if not self.vowels[0] <= v <= self.vowels[1]:
                return False
        return True

    def facts(self) -> list:
        from pyengine.facts.bee import Habit
        out = []
        if self.no_s:
            out.append(Habit(name="no-s"))
        if self.not_e_and_r:
            out.append(Habit(name="not-e-and-r"))
        if self.vowels is not None:
            out.append(Habit(name="vowels", low=self.vowels[0], high=self.vowels[1]))
        if self.answers is not None:
            out.append(Habit(name="answers", low=self.answers[0], high=self.answers[1]))
        if self.common_pangram is not None:
            out.append(Habit(name="common-pangram", low=round(self.common_pangram * 100)))
        return out


def new_seed() -> int:
    from pyengine.puzzles.util import new_seed as ns
    return ns()


def check_seed_word(word: str, wl) -> str:
    w = word.strip().lower()
    if not _LETTERS.fullmatch(w or "-"):
        raise UsageError(f"seed word {word!r}: letters a-z only")
    if w not in wl:
        raise UsageError(f"seed word {w.upper()} is not in the word list ({wl.label})")
    if len(set(w)) != 7:
        raise UsageError(f"seed word {w.upper()} has {len(set(w))} different letters; "
                         "a seed word has exactly 7")
    return w


def make(word: str | None = None, center: str | None = None, contains: str | None = None,
         seed: int | None = None, words=None, habits: Habits | None = None,
         engine: BeeEngine | None = None, tries: int = 4000) -> Puzzle:
    """A puzzle from a seed word, from seven letters (the shortest pangram
    becomes the seed word), or at random following ``habits``."""
    seed = new_seed() if seed is None else int(seed)
    rng = random.Random(seed)
    eng = engine or BeeEngine(words, kind="make")
    wl = eng.words
    habits = habits or Habits()
    if center is not None:
        c = center.strip().lower()
        if len(c) != 1 or not ("a" <= c <= "z"):
            raise UsageError(f"the centre is one letter a-z, not {center!r}")
        center = c
    if word:
        w = word.strip().lower()
        if w in wl and len(set(w)) == 7:
            seed_word = w
        elif _LETTERS.fullmatch(w) and len(set(w)) == 7 and w not in wl:
            st = mask_stats(wl)
            pans = st.pangrams.get(_mask(w))
            if not pans:
                raise UsageError(f"no word in the list ({wl.label}) uses exactly the letters "
                                 f"{''.join(sorted(set(w))).upper()}")
            seed_word = min(pans, key=lambda p: (len(p), -wl.zipf100(p), p))
        else:
            seed_word = check_seed_word(w, wl)
        letters = "".join(sorted(set(seed_word)))
        if center is not None and center not in letters:
            raise UsageError(f"centre {center.upper()} is not a letter of {seed_word.upper()}")
        c = center or rng.choice(letters)
        pz = eng.solve(letters, c)
    else:
        pz = _random_puzzle(eng, rng, center, contains, habits, tries)
        seed_word = pz.seed_word
    pz.seed_word = seed_word
    pz.seed = seed
    pz.layout = layout(pz, rng=rng)
    return pz


def _random_puzzle(eng: BeeEngine, rng: random.Random, center, contains, habits: Habits,
                   tries: int) -> Puzzle:
    wl = eng.words
    st = mask_stats(wl)
    sub = (contains or "").strip().lower()
    if sub and not _LETTERS.fullmatch(sub):
        raise UsageError(f"--contains takes letters a-z, not {contains!r}")
    cands = []
    for m in sorted(st.pangrams):
        if not habits.letters_ok(m):
            continue
        if center is not None and not m >> (ord(center) - 97) & 1:
            continue
        if sub and not any(sub in w for w in st.pangrams[m]):
            continue
        cands.append(m)
    if not cands:
        raise UsageError("no seed word meets the letter habits"
                         + (f" and contains {sub.upper()}" if sub else "")
                         + (f" with centre {center.upper()}" if center else "")
                         + " (try --allow-s, --allow-er or --vowels)")
    count = st.count
    zlim = None if habits.common_pangram is None else round(habits.common_pangram * 100)
    bands = [b for b in (habits.preferred, habits.answers) if b is not None] or [None]
    for band in bands:
        for _ in range(tries):
            m = rng.choice(cands)
            letters = _letters_of(m)
            c = center or rng.choice(letters)
            need = 1 << (ord(c) - 97)
            n = sum(count.get(s, 0) for s in _submasks_with(m, need))
            if band is not None and not band[0] <= n <= band[1]:
                continue
            if habits.answers is not None and not habits.answers[0] <= n <= habits.answers[1]:
                continue
            pans = st.pangrams[m]
            seeds = [p for p in pans if not sub or sub in p]
            common = [p for p in seeds if zlim is None or wl.zipf100(p) >= zlim]
            if not common:
                continue
            pz = eng.solve(letters, c, habits=habits.facts(), extra=("vet",))
            if pz.flaws:   # the rules disagree with the quick filter: keep looking
                continue
            pz.seed_word = rng.choice(common)
            return pz
    raise UsageError("no hive meets the habits after many tries "
                     "(relax --answers, --vowels, --allow-s or --allow-er)")


# --------------------------------------------------------------------------
# best hive

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
    """The highest-scoring (hive, centre) over a list.

    Group the words by letter mask (points per mask), take every 7-letter
    pangram mask, and for each sum the points of its 128 submasks per centre
    letter: a (pangrams x 128) matrix of submasks looked up in the sorted mask
    array, then multiplied by the (128 x 7) "submask holds letter j" matrix."""
    import time

    import numpy as np
    t0 = time.perf_counter()
    words = wl.words
    masks = np.frombuffer(wl.masks(), dtype=np.uint32).astype(np.int64)
    lengths = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
    pop = np.zeros_like(masks)
    for i in range(26):
        pop += (masks >> i) & 1
    keep = (lengths >= MIN_LENGTH) & (pop <= 7)
    if not allow_s:
        keep &= (masks & (1 << 18)) == 0
    masks, lengths, pop = masks[keep], lengths[keep], pop[keep]
    pts = np.where(lengths == 4, 1, lengths) + np.where(pop == 7, 7, 0)
    uniq, inv = np.unique(masks, return_inverse=True)
    mask_points = np.bincount(inv, weights=pts).astype(np.int64)
    mask_words = np.bincount(inv).astype(np.int64)
    upop = np.zeros_like(uniq)
    for i in range(26):
        upop += (uniq >> i) & 1
    pans = uniq[upop == 7]
    if len(pans) == 0:
        raise UsageError(f"no pangram in the word list ({wl.label})"
                         + ("" if allow_s else " without S (try --allow-s)"))
    # the 7 letter bits of each pangram mask, lowest first
    bits = np.zeros((len(pans), 7), dtype=np.int64)
    rest = pans.copy()
    for j in range(7):
        low = rest & -rest
        bits[:, j] = low
        rest = rest ^ low
    combo = np.array([[(i >> j) & 1 for j in range(7)] for i in range(128)], dtype=np.int64)
    subs = bits @ combo.T                                  # (P, 128) submasks
    pos = np.searchsorted(uniq, subs)
    pos[pos >= len(uniq)] = 0
    hit = uniq[pos] == subs
    vals = np.where(hit, mask_points[pos], 0)
    nwords = np.where(hit, mask_words[pos], 0)
    per_centre = vals @ combo                              # (P, 7)
    words_per_centre = nwords @ combo
    best = per_centre.max()
    rows, cols = np.nonzero(per_centre == best)
    cands = sorted((_letters_of(int(pans[r])), _letters_of(int(bits[r, c])), int(r), int(c))
                   for r, c in zip(rows, cols))
    letters, centre, r, c = cands[0]
    npan = int(mask_words[np.searchsorted(uniq, pans[r])])
    return Best(letters, centre, int(best), int(words_per_centre[r, c]), npan,
                time.perf_counter() - t0, len(pans))


# --------------------------------------------------------------------------
# play

class Game:
    """A game over a solved puzzle: each guess is a ``Guess`` fact judged by the rules."""

    def __init__(self, puzzle: Puzzle, engine: BeeEngine):
        self.puzzle = puzzle
        self.engine = engine
        self.turn = 0
        self.score = 0
        self.found: list[str] = []

    def guess(self, text: str) -> tuple[str, int]:
        """Judge one guess: (message, points earned)."""
        from pyengine.facts.bee import Found, Guess, Verdict
        self.turn += 1
        word = text.strip().lower()
        s = self.engine.session
        s.assert_fact(Guess(word=word, turn=self.turn))
        self.engine.run(("judge",))
        v = [f for f in s.records(Verdict) if f["turn"] == self.turn]
        if len(v) != 1:
            raise RuntimeError(f"the rules gave {len(v)} verdicts for {word!r}")
        found = s.records(Found)
        self.score = sum(f["points"] for f in found)
        self.found = [f["word"] for f in found]
        return v[0]["message"], v[0]["points"]

    @property
    def rank(self) -> str:
        return self.puzzle.rank_for(self.score)

    def next_rank(self) -> tuple[str, int] | None:
        for n, p in self.puzzle.ranks:
            if p > self.score:
                return n, p - self.score
        return None

    def remaining(self) -> list[str]:
        got = set(self.found)
        return [w for w in self.puzzle.answers if w not in got]


# --------------------------------------------------------------------------
# the inspector

def shell_setup(argv: list[str]):
    """``pyengine shell bee LETTERS --center C [--words LIST]``: the hive's
    letter facts declared, paused before ``build``; stages build, solve,
    score, rank, hints."""
    from pyengine.ui.cli import Parser
    from pyengine.engine.stages import SessionPlan, Stage

    p = Parser(prog="pyengine shell bee")
    p.add_argument("letters", nargs="?", default="aeginrt")
    p.add_argument("--center", "--centre", dest="center", default=None)
    p.add_argument("--words", default=None)
    p.add_argument("--seed", type=int, default=None)
    args = p.parse_args(argv)
    center = args.center
    if args.letters == "aeginrt" and center is None:
        center = "r"
    letters, c = parse_hive(args.letters, center)
    eng = BeeEngine(args.words, record=True)
    eng.load_hive(letters, c)

    def finish() -> str:
        if eng.problems():
            return "problems: " + "; ".join(eng.problems())
        pz = eng.read_puzzle()
        return format_solution(pz)

    stages = [Stage(n) for n in SOLVE_STAGES + ("hints",)]
    return SessionPlan(eng.session, stages, args.seed,
                      f"Spelling Bee {letters.upper()} centre {c.upper()} "
                      f"({eng.words.label} list)", finish)


def format_solution(pz: Puzzle) -> str:
    ranks = ", ".join(f"{n} {p}" for n, p in pz.ranks)
    shown = " ".join(w.upper() if w in pz.pangrams else w for w in pz.answers)
    return (f"{len(pz.answers)} words, {pz.max_score} points, {len(pz.pangrams)} pangrams"
            + (f" ({len(pz.perfect)} perfect)" if pz.perfect else "") + "\n"
            + shown + "\nranks: " + ranks)
