"""A session over the Spelling Bee rules: declare the letters, walk the stages,
read the conclusions back.

The rules (``pyengine.rules.bee``) do the reasoning.  The word list is handed to
them as a service and asked through its letter-set index
(``WordList.words_within``), never declared as facts.
"""
from __future__ import annotations

from pyengine.engine.errors import UsageError
from pyengine.puzzles.bee.results import Hints, Solution
from pyengine.words import bee as bee_words
from pyengine.words.offensive import choosable
from pyengine.engine.experta import ExpertaSession
from pyengine.rules import bee as rules
from pyengine.facts.bee import Letter
from pyengine.engine.stages import Stage
from pyengine.engine.stages import StageRunner
from pyengine.facts.bee import Problem
from pyengine.engine.stages import SessionPlan
from pyengine.facts.bee import Flaw
from pyengine.facts.bee import Hive
from pyengine.facts.bee import Points
from pyengine.facts.bee import Rank
from pyengine.facts.bee import MaxScore
from pyengine.facts.bee import Bingo
from pyengine.facts.bee import HintCell
from pyengine.facts.bee import TwoLetter

SOLVE_STAGES = ("build", "solve", "score", "rank")
RULE_SETS = ("solve", "make", "play")


def load_words(words=None):
    """A word list: ``None``/``"bee"`` (the Spelling Bee list), a list spec, or a
    loaded :class:`~pyengine.words.lists.WordList` (kept as it is)."""
    if words is not None and not isinstance(words, str):
        return words
    return bee_words.load(words)


def choice_words(words=None, allow_offensive: bool = False):
    """The list a made hive's answers come from: :func:`load_words`, without the
    offensive words unless ``allow_offensive`` (:mod:`pyengine.words.offensive`)."""
    return choosable(load_words(words), allow_offensive)


class BeeEngine:
    """A reusable session over the Spelling Bee rules.

    ``kind`` picks the rule set: ``solve`` (build, solve, score, rank, hints),
    ``make`` (+ vet, the editors' habits) or ``play`` (+ judge, the guesses).
    """

    def __init__(self, words=None, record: bool = False, kind: str = "solve"):

        if kind not in RULE_SETS:
            raise ValueError(f"kind is one of {', '.join(RULE_SETS)}, not {kind!r}")
        self.words = load_words(words)
        cls = {"solve": rules.BeeRules, "make": rules.BeeMakeRules,
               "play": rules.BeePlayRules}[kind]
        self.session = ExpertaSession(cls, record=record)
        self.session.provide(words=self.words)

    def load_hive(self, letters: str, center: str, habits=()) -> None:
        """Reset and declare the letter facts (and any habits)."""
        s = self.session
        s.reset()
        for ch in letters:
            s.assert_fact(Letter(char=ch, center=ch == center))
        for h in habits:
            s.assert_fact(h)

    def run(self, stages) -> dict[str, int]:
        """Walk the named stages; firings per stage."""
        return StageRunner(self.session, [Stage(n) for n in stages]).run_all()

    def problems(self) -> list[str]:
        return [f["text"] for f in self.session.records(Problem)]

    def read_solution(self, fired=None) -> Solution:
        return read_solution(self.session, self.words.label, fired)

    def plan(self, letters: str, center: str, habits=(), extra=()):
        """The hive's session, paused before ``build``: the letter facts declared,
        the stages build, solve, score, rank, then ``extra`` (the one session path of
        ``bee solve``, the shell, ``make`` and ``play``)."""

        self.load_hive(letters, center, habits)
        stages = [Stage(n) for n in SOLVE_STAGES + tuple(extra)]
        return SessionPlan(self.session, stages, None,
                           f"Spelling Bee {letters.upper()} center {center.upper()} "
                           f"({self.words.label} list)", notes={"engine": self})

    def solve(self, letters: str, center: str, habits=(), extra=()) -> Solution:
        """Build, solve, score and rank a hive (then the ``extra`` stages); a hive
        the build stage finds a problem with is refused before the solve stages."""
        runner = self.plan(letters, center, habits, extra).runner()
        fired = {"build": runner.run_stage()}
        if self.problems():
            raise UsageError("; ".join(self.problems()))
        fired.update(runner.run_all())
        return self.read_solution(fired)

    def hints(self) -> Hints:
        """The hints page of the hive solved in this session."""
        return read_hints(self.session)


def read_solution(session, words_label: str, fired=None) -> Solution:
    """The solved hive, read from the session's ``Hive``, ``Points`` and ``Rank`` facts."""
    hive = session.records(Hive)[0]
    groups = session.records(Points)
    points = {w: g["each"] for g in groups for w in g["words"]}
    ranks = sorted((r["order"], r["name"], r["points"]) for r in session.records(Rank))
    return Solution(
        letters=hive["letters"], center=hive["center"], answers=sorted(points),
        points=dict(sorted(points.items())),
        pangrams=sorted(w for g in groups if g["pangram"] for w in g["words"]),
        perfect=sorted(w for g in groups if g["perfect"] for w in g["words"]),
        max_score=_max_score(session), ranks=[(n, p) for _, n, p in ranks],
        words_label=words_label, fired=dict(fired or {}),
        flaws=[f["text"] for f in session.records(Flaw)], session=session)


def _max_score(session) -> int:
    totals = session.records(MaxScore)
    return totals[0]["points"] if totals else 0


def read_hints(session) -> Hints:
    """Run the hints stage on a solved session (once) and read the page back."""
    s = session
    if not s.records(HintCell):
        StageRunner(s, [Stage("hints")]).run_all()
    m = s.records(MaxScore)[0]
    grid: dict[str, dict[int, int]] = {}
    for f in s.records(HintCell):
        grid.setdefault(f["letter"], {})[f["length"]] = f["count"]
    return Hints(words=m["words"], points=m["points"], pangrams=m["pangrams"],
                 perfect=m["perfect"], bingo=bool(s.records(Bingo)),
                 grid={k: dict(sorted(v.items())) for k, v in sorted(grid.items())},
                 two_letters={f["start"]: f["count"] for f in
                              sorted(s.records(TwoLetter), key=lambda f: f["start"])})
