"""What the Spelling Bee rules conclude, as Python values: a solved hive and its
hints page, with their text and ``--json`` forms."""
from __future__ import annotations

from dataclasses import dataclass, field

from pyengine.engine.textio import stdout_shows
from pyengine.engine.wording import fill, plural
from pyengine.puzzles.bee.hive import honeycomb, layout


def counts_text(words: int, points: int, pangrams: int, perfect: int) -> str:
    """``298 words, 2146 points, 27 pangrams (4 perfect)``."""
    return (f"{plural(words, 'word')}, {plural(points, 'point')}, {plural(pangrams, 'pangram')}"
            + (f" ({perfect} perfect)" if perfect else ""))


@dataclass
class Solution:
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
    seed: int | None = None         # set only when a random choice made the hive
    layout: str = ""                # the six outer letters in display order
    fired: dict[str, int] = field(default_factory=dict)
    flaws: list[str] = field(default_factory=list)
    session: object = None

    def __post_init__(self):
        if not self.layout:         # the hive's own order: the same hive, the same drawing
            self.layout = layout(self.letters, self.center)

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

    def next_rank(self, score: int) -> tuple[str, int] | None:
        """The next rank above ``score`` and the points still needed for it."""
        for n, p in self.ranks:
            if p > score:
                return n, p - score
        return None

    def answer_lines(self, words=None, head: str = "") -> list[str]:
        """The answers (or ``words``), pangrams in capitals, filled to the terminal's
        width after ``head``."""
        return fill([w.upper() if w in self.pangrams else w
                     for w in (self.answers if words is None else words)], head=head)

    def rank_lines(self) -> list[str]:
        return fill([f"{name} {p}" for name, p in self.ranks], head="ranks: ", sep=", ")

    def counts(self) -> str:
        return counts_text(len(self.answers), self.max_score, len(self.pangrams),
                           len(self.perfect))

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

    def text(self, show_answers: bool = True) -> str:
        """The honeycomb, the counts, the ranks (and the answers); the seed only when
        a random choice made the hive."""
        out = [honeycomb(self.center, self.layout), ""]
        if self.seed_word:
            out.append(f"seed word: {self.seed_word.upper()}   center: {self.center.upper()}")
        out.append(f"{self.counts()}   [list: {self.words_label}]")
        out += self.rank_lines()
        if show_answers:
            out += self.answer_lines()
        if self.seed is not None:
            out.append(f"(seed {self.seed})")
        return "\n".join(out)

    def summary(self) -> str:
        """What the shell prints when every stage is done."""
        return "\n".join([self.counts(), *self.answer_lines(), *self.rank_lines()])


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

    def head(self) -> str:
        return (f"WORDS: {self.words}, POINTS: {self.points}, PANGRAMS: {self.pangrams}"
                + (f" ({self.perfect} Perfect)" if self.perfect else "")
                + (", BINGO" if self.bingo else ""))

    def grid_lines(self, letters: str = "") -> list[str]:
        """The first letter x length table, with row and column sums."""
        lengths = sorted({n for row in self.grid.values() for n in row})
        rows = sorted(self.grid) if not letters else sorted(letters)
        w, total = 4, _total_mark()
        out = ["    " + "".join(f"{n:>{w}}" for n in lengths) + f"{total:>{w}}"]
        col = {n: 0 for n in lengths}
        for c in rows:
            row = self.grid.get(c, {})
            cells = "".join(f"{row[n] if n in row else '-':>{w}}" for n in lengths)
            out.append(f"{c.upper()}:  {cells}{sum(row.values()):>{w}}")
            for n, k in row.items():
                col[n] += k
        out.append(f"{total}:  " + "".join(f"{col[n]:>{w}}" for n in lengths)
                   + f"{sum(col.values()):>{w}}")
        return out

    def two_letter_lines(self) -> list[str]:
        by_first: dict[str, list[str]] = {}
        for s, k in sorted(self.two_letters.items()):
            by_first.setdefault(s[0], []).append(f"{s.upper()}-{k}")
        return ["Two letter list:"] + ["  " + " ".join(v) for _, v in sorted(by_first.items())]

    def text(self, letters: str = "") -> str:
        return "\n".join([self.head(), ""] + self.grid_lines(letters) + [""]
                         + self.two_letter_lines())


@dataclass
class Solved:
    """``bee solve``'s result: the solution, with the hints page if asked for."""

    puzzle: Solution
    hints: Hints | None = None

    @property
    def session(self):
        return self.puzzle.session

    def as_dict(self) -> dict:
        d = self.puzzle.as_dict() | {"layout": self.puzzle.layout}
        if self.hints is not None:
            d["hints"] = self.hints.as_dict()
        return d

    def text(self) -> str:
        out = self.puzzle.text(show_answers=True)
        if self.hints is not None:
            out += "\n\n" + self.hints.text(self.puzzle.letters)
        return out


def _total_mark() -> str:
    """The totals' mark: NYT's Σ, or ``+`` where standard output cannot show it (it was
    written out as ``\u03a3``, and the columns shifted)."""
    return "Σ" if stdout_shows("Σ") else "+"
