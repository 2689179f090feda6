"""Making riddles with exactly one solution: the rule stages of
``pyengine.rules.riddle.RiddleMaker`` (draw, collapse, solve, check; then redraw
rounds) with clue pairs from a :class:`~pyengine.puzzles.riddle.clues.ClueIndex`.

``run_make`` / ``open_make`` are the ``riddle make`` action's functions (see
:mod:`pyengine.puzzles.riddle.puzzle`).
"""
from __future__ import annotations

import random
import re
from typing import Iterator

from pyengine.engine.errors import UsageError
from pyengine.engine.session import SEED_HIGH, SEED_LOW
from pyengine.puzzles.riddle.clues import ClueIndex
from pyengine.puzzles.riddle.limits import MAX_COUNT
from pyengine.puzzles.riddle.made import MadeRiddle, MadeRiddles  # noqa: F401 (re-export)
from pyengine.puzzles.riddle.parse import ORDINAL_WORDS, HalfClue, ParsedClue
from pyengine.puzzles.riddle.write import ordinal_word, write_riddle
from pyengine.engine.numbers import whole
from pyengine.engine.stages import Stage
from pyengine.facts.riddle import Rivals
from pyengine.facts.riddle import Clue
from pyengine.words.lists import load
from pyengine.words.offensive import choosable
from pyengine.engine.experta import ExpertaSession
from pyengine.facts.riddle import Answer
from pyengine.facts.riddle import Letter
from pyengine.facts.riddle import Riddle
from pyengine.rules.riddle import RiddleMaker
from pyengine.engine.stages import StageRunner
from pyengine.engine.textio import ascii_letters
from pyengine.engine.stages import SessionPlan

DEFAULT_LENGTHS = (5, 8)


def familiar_words(words, min_zipf: float = 2.5, enough: int = 2000):
    """Clue words and random answers: the list's common tier; for a plain list
    (no tiers) its words with zipf >= ``min_zipf``, if there are ``enough``."""
    if words.has_tiers:
        return words.common()
    familiar = words.filter(min_zipf=min_zipf)
    return familiar if len(familiar) >= enough else words


# -- the rule stages ----------------------------------------------------------------------
def first_stages():
    """A clue for every letter, its letter set, the words they allow, the rivals."""
    return [Stage("draw"), Stage("collapse"), Stage("solve"), Stage("check")]


def round_stages():
    """One redraw round: drop the weakest clue, then draw, collapse, solve, check again."""
    return [Stage("redraw")] + first_stages()


def maker_stages(rounds: int):
    """The first stages, then ``rounds`` redraw rounds (the inspector's plan)."""
    plan = first_stages()
    for _ in range(rounds):
        plan += round_stages()
    return plan


def is_unique(session) -> bool:
    """Has the check stage found no rival word?"""
    rivals = session.records(Rivals)
    return bool(rivals) and rivals[0]["count"] == 0


def read_clues(session) -> list[ParsedClue]:
    """The maker's clues, read back from the fact base."""

    clues = []
    for f in sorted(session.records(Clue), key=lambda f: f["pos"]):
        halves = tuple(HalfClue(valence, word) for valence, word in f.halves())
        clues.append(ParsedClue(f["pos"], halves, ordinal_word(f["pos"])))
    return clues


class RiddleFactory:
    """Everything a run of the maker needs once: the solving list and the clue index.

    ``words``: solving list spec or WordList (default: the whole default list);
    clue words and random answers come from its ``common()`` tier (see
    :func:`familiar_words` for plain lists), without the offensive words unless
    ``allow_offensive`` (:mod:`pyengine.words.offensive`). The rules count rival
    solutions in the whole solving list, as ``riddle solve`` would."""

    def __init__(self, words=None, limits=None, weights=None, window: int = 2500,
                 allow_offensive: bool = False):

        self.words = words if words is not None and not isinstance(words, str) else load(words)
        self.common = choosable(familiar_words(self.words), allow_offensive)
        self.clues = ClueIndex(self.common.words, limits, weights, window)
        self._answers: dict[tuple[int, int], list[str]] = {}
        self._session = None

    def answer_pool(self, lengths=DEFAULT_LENGTHS) -> list[str]:
        """The random answers of ``lengths`` (MIN, MAX); UsageError if there are none."""
        lo, hi = lengths
        pool = self._answers.get((lo, hi))
        if pool is None:
            pool = self._answers[(lo, hi)] = [w for w in self.common.words if lo <= len(w) <= hi]
        if not pool:
            raise UsageError(f"no common words of length {lo}-{hi} in {self.words.label}")
        return pool

    def random_answer(self, rng: random.Random, lengths=DEFAULT_LENGTHS) -> str:
        return rng.choice(self.answer_pool(lengths))

    def session(self, answer: str, rng: random.Random, record: bool = False):
        """A reset maker session with the answer's facts declared."""

        session = None if record else self._session
        if session is None:
            # building the network costs more than a riddle: the quiet session is reused
            session = ExpertaSession(RiddleMaker(self.words, self.clues, rng), record=record)
            if not record:
                self._session = session
        session.provide(rng=rng, used=set())
        session.reset()
        session.assert_fact(Answer(word=answer))
        session.assert_fact(Riddle(length=len(answer)))
        for pos, char in enumerate(answer, start=1):
            session.assert_fact(Letter(pos=pos, char=char))
        return session

    def make(self, answer: str, seed: int, max_rounds: int = 40, attempts: int = 5,
             record: bool = False) -> MadeRiddle:
        """A riddle for ``answer`` with one solution in the solving list: up to
        ``attempts`` fresh sessions of up to ``max_rounds`` check rounds each."""

        answer = self.solvable(answer)
        rng = random.Random(seed)
        rounds = 0
        for _attempt in range(attempts):
            session = self.session(answer, rng, record)
            StageRunner(session, first_stages()).run_all()
            for _round in range(max_rounds):
                rounds += 1
                if is_unique(session):
                    clues = read_clues(session)
                    return MadeRiddle(answer, clues, write_riddle(clues, rng), rounds, seed)
                StageRunner(session, round_stages()).run_all()
        raise UsageError(f"could not make a riddle with one solution for {answer!r} "
                         f"(after {rounds} rounds)")

    def solvable(self, answer: str) -> str:
        """``answer`` checked, lower case, and in the solving list."""
        answer = check_answer(answer)
        if answer not in self.words:
            raise UsageError(f"{answer!r} is not in the word list {self.words.label}, so no "
                             "riddle for it could be solved (try --words)")
        return answer


# -- input --------------------------------------------------------------------------------
def check_answer(word: str) -> str:

    if not isinstance(word, str) or not word.strip():
        raise UsageError(f"riddle answer {word!r} must be letters a-z")
    w = ascii_letters(word.strip(), f"riddle answer {word!r}").lower()
    if len(w) < 2:
        raise UsageError(f"riddle answer {word!r} is too short (2 letters or more)")
    if len(w) > len(ORDINAL_WORDS):
        raise UsageError(f"riddle answer {word!r} is too long "
                         f"(at most {len(ORDINAL_WORDS)} letters)")
    return w


def parse_lengths(text) -> tuple[int, int]:
    """'5-8' -> (5, 8); '6' -> (6, 6); a (min, max) pair is checked as it is."""
    if isinstance(text, tuple):
        text = "-".join(map(str, text))
    m = re.fullmatch(r"\s*([0-9]{1,6})\s*(?:-\s*([0-9]{1,6})\s*)?", str(text))
    if not m:
        raise UsageError(f"--length wants N or MIN-MAX, not {text!r}")
    lo = int(m.group(1))
    hi = int(m.group(2) or lo)
    if lo < 2 or hi < lo or hi > len(ORDINAL_WORDS):
        raise UsageError(f"--length {' '.join(str(text).split())}: need 2 <= MIN <= MAX <= "
                         f"{len(ORDINAL_WORDS)}")
    return lo, hi


def check_seed(seed) -> int:
    """The seed as given: an int 1 .. 2**32-1 (the action's declaration draws one
    when none is given)."""
    return whole(seed, "--seed", SEED_LOW, SEED_HIGH)


# -- the action ---------------------------------------------------------------------------
def _plan(word, count, lengths, seed, words, factory=None, allow_offensive=False):
    """Every check ``run`` and ``open`` make, before any riddle is made:
    (factory, word or None, count, lengths, seed)."""
    count = whole(count, "--count", 1, MAX_COUNT)
    lengths = parse_lengths(lengths)
    seed = check_seed(seed)
    factory = factory or RiddleFactory(words, allow_offensive=allow_offensive)
    if word is not None:
        if lengths != DEFAULT_LENGTHS:      # it was ignored: the word has its own length
            raise UsageError("--length chooses random answers' lengths; a riddle for "
                             f"{word!r} has its length")
        word = factory.solvable(word)
    else:
        factory.answer_pool(lengths)
    return factory, word, count, lengths, seed


def _riddles(factory, word, count, lengths, seed) -> Iterator[MadeRiddle]:
    rng = random.Random(seed)
    for _ in range(count):
        answer = word if word is not None else factory.random_answer(rng, lengths)
        yield factory.make(answer, rng.randrange(2**31))


def make_riddles(word: str | None = None, count: int = 1, lengths=DEFAULT_LENGTHS,
                 seed: int | None = None, words=None, factory: RiddleFactory | None = None,
                 allow_offensive: bool = False) -> tuple[list[MadeRiddle], int]:
    """``count`` riddles (for ``word``, or random common answers); returns them and the seed."""
    plan = _plan(word, count, lengths, seed, words, factory, allow_offensive)
    return list(_riddles(*plan)), plan[-1]


def run_make(word=None, count=1, length="5-8", seed=None, words=None,
             allow_offensive=False) -> MadeRiddles:
    """The ``make`` action: ``count`` riddles for ``word`` or random common answers
    of ``length`` ('N' or 'MIN-MAX') letters, made as they are printed (every
    input is checked first)."""
    plan = _plan(word, count, length, seed, words, allow_offensive=allow_offensive)
    return MadeRiddles(_riddles(*plan), plan[-1])


def open_make(word=None, count=1, length="5-8", seed=None, words=None, allow_offensive=False):
    """The maker's session for one riddle, paused before its first stage, with 30
    redraw rounds planned (the rounds after the riddle is unique fire nothing).
    Its input is checked exactly as ``run_make`` checks it."""

    factory, word, _count, lengths, seed = _plan(word, count, length, seed, words,
                                                 allow_offensive=allow_offensive)
    rng = random.Random(seed)
    answer = word if word is not None else factory.random_answer(rng, lengths)
    session = factory.session(answer, rng, record=True)

    def finish() -> str:
        if not is_unique(session):
            return "(no unique riddle yet: run more rounds)"
        return "\n".join(write_riddle(read_clues(session), random.Random(seed)))

    return SessionPlan(session, maker_stages(30), seed,
                       f"riddle maker for {answer!r} (seed {seed})", finish)
