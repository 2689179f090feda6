"""Solving a riddle: the parsed clues become ``Clue`` facts, the rule stages of
``pyengine.rules.riddle.RiddleSolver`` run (place, collapse, solve, names, near,
near-two, coin, read-hints, rank), and the solutions are read back from the fact base,
most familiar first; coined compounds (two listed words joined) after every listed
answer; near answers (``--near``) as :mod:`pyengine.puzzles.riddle.near` shows them.

``open_solve`` / ``read_solve`` are the ``riddle solve`` action's functions (see
:mod:`pyengine.puzzles.riddle.puzzle`).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pyengine.engine.errors import UsageError
from pyengine.engine.wording import plural
from pyengine.puzzles.riddle.limits import MAX_HINT_LINES, MAX_RIDDLE_BYTES, MAX_SOLUTIONS
from pyengine.puzzles.riddle.near import NearWord, SecondBreak, near_lines
from pyengine.puzzles.riddle.parse import LAST, ParsedClue, ParsedRiddle, parse_riddle
from pyengine.engine.stages import Stage
from pyengine.facts.riddle import line_facts
from pyengine.puzzles.riddle.hints import HintReader
from pyengine.engine.experta import ExpertaSession
from pyengine.facts.riddle import HintLine
from pyengine.facts.riddle import NearWanted
from pyengine.facts.riddle import Riddle
from pyengine.rules.riddle import RiddleSolver
from pyengine.words.lists import load
from pyengine.facts.riddle import Coined
from pyengine.facts.riddle import LetterSet
from pyengine.facts.riddle import NearCoined, NearSolution
from pyengine.facts.riddle import Solution
from pyengine.engine.stages import SessionPlan
from pyengine.engine import textio
from pyengine.puzzles.riddle.explain import explanation
from pyengine.words.memo import Memo

SHOWN = 10                      # solutions the command lists without --all


@dataclass(frozen=True)
class RankedWord:
    word: str
    tier: int | None
    zipf: float
    score: int = 0                      # hint points
    because: tuple[str, ...] = ()       # the hint evidence, one sentence each
    name: bool = False                  # a name (as written), not a word of the list
    coined: tuple[str, str] | None = None  # two listed words joined (left, right)
    evidence: tuple[tuple[str, int, str], ...] = ()   # (kind, points, reason), as added

    def as_dict(self) -> dict:
        kind = "coined" if self.coined else "name" if self.name else "word"
        return {"word": self.word, "kind": kind,
                "tier": self.tier, "zipf": self.zipf, "score": self.score,
                "because": list(self.because),
                "evidence": [{"kind": k, "points": p, "reason": r} for k, p, r in self.evidence],
                **({"coined": list(self.coined)} if self.coined else {})}

    @property
    def shown(self) -> str:
        return self.word if self.name else self.word.capitalize()

    @property
    def note(self) -> str:
        """The parenthesis after the word in the text output."""
        if self.coined:
            return f"(coined: {self.coined[0]} + {self.coined[1]})"
        tier = "" if self.tier in (None, 0) else f"tier {self.tier}, "
        score = f"hint {self.score}, " if self.score else ""
        kind = "name, " if self.name else ""
        return f"({score}{kind}{tier}zipf {self.zipf:.2f})"


@dataclass
class SolveResult:
    solutions: list[RankedWord]     # most familiar first (all, or the first MAX_SOLUTIONS)
    count: int                      # how many words and names fit (coined ones aside)
    hints: list[str]
    clues: list[ParsedClue]
    letters: dict[int, str]         # position -> allowed letters (sorted)
    words_label: str
    fired: dict[str, int] = field(default_factory=dict)
    session: object = None
    limit: int | None = SHOWN       # solutions text() and as_dict() give (None: all)
    near: list[NearWord] | None = None  # --near: words that fit all clues but one
    explain: bool = False           # text() adds how the rules decided (--explain)

    @property
    def best(self) -> str | None:
        return self.solutions[0].word if self.solutions else None

    @property
    def exit_status(self) -> int:
        return 0 if self.solutions else 1

    def as_dict(self) -> dict:
        sols = self.solutions if self.limit is None else self.solutions[:self.limit]
        return {"solutions": [s.as_dict() for s in sols], "count": self.count,
                "hints": list(self.hints),
                "hints_read": min(len(self.hints), MAX_HINT_LINES),
                "clues": [{"pos": c.pos, "ordinal": c.ordinal,
                           "halves": [{"valence": h.valence, "word": h.word}
                                      for h in c.halves]} for c in self.clues],
                "letters": {str(p): s for p, s in self.letters.items()},
                "words": self.words_label, "fired": dict(self.fired),
                **({} if self.near is None else
                   {"near": [n.as_dict() for n in self.near[:self.limit]]})}

    def text(self) -> str:
        text = format_solution(self, self.limit)
        return text + "\n" + explanation(self) if self.explain else text


def format_solution(result: SolveResult, limit: int | None = SHOWN) -> str:
    lines = []
    listed = [s for s in result.solutions if not s.coined]
    if not listed:
        lines.append(f"no word in {result.words_label} fits")
    if result.solutions:
        shown = result.solutions if limit is None else result.solutions[:limit]
        for i, s in enumerate(shown, start=1):
            lines.append(f"{i:>3}. {s.shown:<16} {s.note}")
            lines.extend(f"       because {reason}" for reason in s.because)
        more = result.count + sum(s.coined is not None for s in result.solutions) - len(shown)
        if more > 0:
            lines.append(f"     ... {more} more (--all to list them)")
    if not listed:
        lines.extend(near_lines(result.near, limit))
    for h in result.hints:
        lines.append(f"hint: {h}")
    if len(result.hints) > MAX_HINT_LINES:
        lines.append(f"note: the rules read the first {MAX_HINT_LINES} hint lines of "
                     f"{len(result.hints)} (the rest are shown only)")
    return "\n".join(lines)


# -- the rule session -------------------------------------------------------------------
def solver_stages(near: bool = True) -> list[Stage]:
    """The solver's stages; ``near`` and ``near-two`` only when ``--near`` asks for them
    (without ``NearWanted`` none of their rules can fire, and an empty stage still costs
    a tenth of a typical solve)."""
    wanted = ("near", "near-two") if near else ()
    return [Stage(name) for name in ("place", "collapse", "solve", "names", *wanted, "coin",
                                     "read-hints", "rank")]


def clue_facts(parsed: ParsedRiddle) -> list:
    """The Clue facts of a parsed riddle, one per line, with an ExtraClueWord per
    word after a line's second ('My last' stays 'last' for the rules)."""

    return [fact for clue in parsed.clues
            for fact in line_facts(LAST if clue.ordinal == LAST else clue.pos,
                                   [(h.valence, h.word) for h in clue.halves])]


#: quiet solver sessions of the lists used last (a bounded memo: a session holds its
#: list, so an unbounded one would keep every list a long-lived process saw alive)
_SOLVERS = Memo(4)
_HINTS: list = []


def hint_reader():
    """The process's one HintReader (its lexicon loads on the first hint question)."""
    if not _HINTS:
        _HINTS.append(HintReader())
    return _HINTS[0]


def solver_session(parsed: ParsedRiddle, words=None, record: bool = True,
                   max_solutions: int = MAX_SOLUTIONS, near: bool = False):
    """A reset experta session with the riddle's facts declared, before any stage."""

    wl = words if words is not None and not isinstance(words, str) else load(words)
    key = (id(wl), max_solutions)
    session = None if record else _SOLVERS.get(key)
    if session is None or session.services.get("words") is not wl:
        # building the network costs more than a solve: quiet sessions are kept per list
        hints = hint_reader()
        session = ExpertaSession(RiddleSolver(wl, max_solutions, hints), record=record)
        session.provide(words=wl, hints=hints)
        if not record:
            _SOLVERS[key] = session
    session.reset()
    session.assert_fact(Riddle(length=parsed.length))
    for fact in clue_facts(parsed):
        session.assert_fact(fact)
    for line in parsed.hints[:MAX_HINT_LINES]:
        session.assert_fact(HintLine(text=line))
    if near:
        session.assert_fact(NearWanted())
    return session


def read_solution(session, parsed: ParsedRiddle) -> SolveResult:
    """Read the solutions, letter sets and count back from the fact base."""

    wl = session.services["words"]
    sols = sorted(session.records(Solution), key=lambda f: f["rank"])
    solutions = [RankedWord(f["word"], f["tier"], f["zipf"], f["score"], tuple(sorted(f["because"])),
                            f["name"], evidence=f["evidence"]) for f in sols]
    listed = bool(solutions)
    seen = {s.word for s in solutions}
    for f in sorted(session.records(Coined), key=lambda f: f["key"]):
        if f["word"] not in seen:       # one compound, cut in two places: its best cut
            seen.add(f["word"])
            solutions.append(_coined_word(f))
    count = sols[0]["of"] if sols else 0
    letters = {f["pos"]: "".join(sorted(f["letters"])) for f in session.records(LetterSet)}
    near = _near_words(session, parsed) if session.records(NearWanted) and not listed \
        else None
    return SolveResult(solutions, count, list(parsed.hints), parsed.clues,
                       dict(sorted(letters.items())), wl.label, session=session, near=near)


def _near_words(session, parsed: ParsedRiddle) -> list[NearWord]:
    """The near answers the rules ranked: listed words and names (one broken clue, or
    two), then coined compounds that break one clue, each compound at its best cut."""
    clue_text = {c.pos: c.text for c in parsed.clues}
    near = [NearWord(f["word"], f["pos"], clue_text[f["pos"]], f["score"],
                     tuple(sorted(f["because"])), f["letter"], f["allowed"], f["name"],
                     SecondBreak(f["also"], clue_text[f["also"]], f["also_letter"],
                                 f["also_allowed"], f["also_slip"]) if f["also"] else None,
                     f["slip"])
            for f in sorted(session.records(NearSolution), key=lambda f: f["key"])]
    seen = {n.word for n in near}
    for f in sorted(session.records(NearCoined), key=lambda f: f["key"]):
        coined = _coined_word(f)
        if coined.word not in seen:
            seen.add(coined.word)
            near.append(NearWord(coined.word, f["pos"], clue_text[f["pos"]], letter=f["letter"],
                                 allowed=f["allowed"], name=coined.name, slip=f["slip"],
                                 coined=coined.coined))
    return near


def _coined_word(f) -> RankedWord:
    """A Coined fact as a ranked answer: two words joined print as one word, a titled
    or possessive name as written, with the halves it was made of."""
    if f["shape"] == "words":
        return RankedWord(f["word"], None, f["zipf"], coined=(f["left"], f["right"]))
    head, tail = f["written"].split(" ", 1)
    return RankedWord(f["written"], None, f["zipf"], name=True, coined=(head, tail))


def solve(riddle: str | ParsedRiddle, words=None, all_solutions: bool = False,
          record: bool = False, near: bool = False, explain: bool = False) -> SolveResult:
    """Solve riddle text (or a parsed riddle) with the rule engine; ``near``: when
    no word fits, also find the words that fit every clue but one. The same plan and
    read as the ``solve`` action."""
    parsed = riddle if isinstance(riddle, ParsedRiddle) else parse_riddle(riddle)
    plan = solve_plan(parsed, words, all_solutions, near, record, explain)
    plan.run_all()
    return read_solve(plan)


def solve_plan(parsed: ParsedRiddle, words=None, all_solutions: bool = False,
               near: bool = False, record: bool = True, explain: bool = False):
    """The solver session of a parsed riddle, paused before its first stage."""

    session = solver_session(parsed, words, record or explain,
                             max_solutions=10**9 if all_solutions else MAX_SOLUTIONS,
                             near=near)
    plan = SessionPlan(session, solver_stages(near), None,
                       f"riddle of {plural(parsed.length, 'letter')}",
                       notes={"parsed": parsed, "all": all_solutions, "explain": explain})
    plan.finish = lambda: read_solve(plan).text()
    return plan


def read_solve(plan) -> SolveResult:
    """The solutions the rules ranked, read back from the fact base."""
    result = read_solution(plan.session, plan.notes["parsed"])
    result.fired = dict(plan.fired)
    result.limit = None if plan.notes["all"] else SHOWN
    result.explain = plan.notes.get("explain", False)
    return result


# -- the action -------------------------------------------------------------------------
def read_text(source: str | None) -> str:
    """Riddle text from a file path, or '-' / None for standard input, through the one
    reader of user text (:mod:`pyengine.engine.textio`: a regular file, UTF-8 with a
    BOM dropped, NFC), at most ``MAX_RIDDLE_BYTES``."""
    import sys


    if source in (None, "-"):
        try:
            interactive = sys.stdin is None or sys.stdin.isatty()
        except (ValueError, OSError):
            interactive = False
        if interactive:
            raise UsageError("give a riddle file, or pipe a riddle in (FILE or -)")
        source = "-"
    try:
        return textio.read_text(source, "riddle", MAX_RIDDLE_BYTES)
    except (OSError, ValueError) as exc:        # a closed or odd standard input
        raise UsageError(f"cannot read the riddle: {exc}") from None


def open_solve(file="-", words=None, all=False, text=None, near=False, record=True,
               stdin=False, explain=False):
    """The ``solve`` action's session, paused before its first stage: the riddle in
    ``text``, else read from ``file`` ('-': standard input, which only a command run
    whole may read: the shell reads its own commands there)."""
    if text is None and file in (None, "-") and not stdin:
        raise UsageError("the shell reads its commands from stdin: give the riddle as a FILE")
    parsed = parse_riddle(text if text is not None else read_text(file))
    return solve_plan(parsed, words, all, near, record, explain)

