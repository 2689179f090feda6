"""Make Boggle boards with the generator rules (seed 003).

The rules (``rules/boggle.py``) decide: which cell goes next, which marks bear on it,
and from what its letter is drawn; they ask a
:class:`~pyengine.puzzles.boggle.draws.Dice` for the letter odds of the dictionary
statistics. This module only builds the session, hands it the dice and the board's
seed settings, and runs the stages (see :mod:`pyengine.puzzles.boggle.algorithms`
for the algorithms, :mod:`pyengine.puzzles.boggle.twin` for the plain-Python twin).
"""
from __future__ import annotations

from pyengine.engine.errors import UsageError
from pyengine.engine.experta import ExpertaSession
from pyengine.engine.stages import SessionPlan, Stage, StageRunner
from pyengine.puzzles.boggle.algorithms import (ALGORITHMS, ALGOS,  # noqa: F401
                                                Algorithm, algorithm, board_spec,
                                                check_size, default_vowels)
from pyengine.puzzles.boggle.board import Board
from pyengine.puzzles.boggle.draws import Dice
from pyengine.puzzles.boggle.twin import plain_generate, rng_for, stats_for  # noqa: F401
from pyengine.rules import boggle as R

__all__ = ["ALGORITHMS", "Algorithm", "check_make", "generate", "generate_with_session",
           "plain_generate", "default_vowels", "make_session", "open_board", "stages_for"]

_SESSIONS: dict = {}


def stages_for(algo):
    """seed, grow (unless the seed fills the board), done."""
    a = algorithm(algo)
    return [Stage("seed")] + ([] if a.fills else [Stage("grow")]) + [Stage("done")]


def _session(engine_name: str, record: bool, reuse: bool):
    """An ExpertaSession with the rule set; ``reuse`` keeps one per rule set and process
    (building experta's network costs about a millisecond)."""
    key = (engine_name, record)
    session = _SESSIONS.get(key) if reuse else None
    if session is None:
        session = ExpertaSession(R.ENGINES[engine_name], record=record,
                                 fact_classes=R.FACT_CLASSES)
        if reuse:
            _SESSIONS[key] = session
    return session


def make_session(algo="greedy-cad", size: int = 4, rng=None, seed=None, stats=None,
                 seed_size: int = 1, vowels: int | None = None, record: bool = True,
                 words=None, reuse: bool = False):
    """The algorithm's rule session, reset (plan, board and cells declared).

    Returns ``(session, stages)``; run the stages with a StageRunner."""
    a = algorithm(algo)
    spec = board_spec(a, size, seed_size, vowels)
    dice = Dice(stats_for(stats, words), rng_for(rng, seed))
    session = _session(a.engine, record, reuse)
    session.provide(dice=dice, spec=spec)
    session.reset()
    return session, stages_for(a)


def board_of(rows: list[str], qu: bool) -> Board:
    """The Board of the Grid fact's rows (with ``qu``, a Q is the Qu face)."""
    cells = tuple("qu" if (qu and ch == "q") else ch for ch in "".join(rows))
    return Board(len(rows), cells)


def generate_with_session(algo="greedy-cad", size: int = 4, rng=None, seed=None, stats=None,
                          seed_size: int = 1, vowels: int | None = None, qu: bool = False,
                          record: bool = True, words=None, reuse: bool = False):
    """Run the rules; return ``(board, session)``; the board is read from the Grid fact."""
    session, stages = make_session(algo, size, rng, seed, stats, seed_size, vowels, record,
                                   words, reuse)
    StageRunner(session, stages).run_all()
    return board_of(R.read_grid(session), qu), session


def generate(algo="greedy-cad", size: int = 4, rng=None, seed=None, stats=None,
             seed_size: int = 1, vowels: int | None = None, qu: bool = False, words=None):
    """A board made by the rule engine (fast path: reused session, no trace)."""
    board, _ = generate_with_session(algo, size, rng, seed, stats, seed_size, vowels, qu,
                                     record=False, words=words, reuse=True)
    return board


def open_board(algo=None, size=None, seed=None, seed_size: int = 1, vowels=None,
               words=None, dice=None, no_qu: bool = False, **_ignored):
    """The board's rule session paused before its seed stage (the shell, the notebook).

    Takes the make action's options and refuses what ``make`` refuses (an empty
    --algo, dice: they run no rules); those that do not shape the rules' run
    (solving) are ignored. The board is drawn at the end as ``boggle make`` draws
    it (:meth:`Board.render`: a Q is the Qu face unless ``no_qu``)."""
    check_make(algo, dice)
    if dice is not None:
        raise UsageError("--dice rolls dice: there is no rule session to open")
    a = algorithm("greedy-cad" if algo is None else algo)
    size = 4 if size is None else size
    if seed is None:            # the declaration draws one; Python callers give one
        raise UsageError("a board is made from a seed: give seed=N")
    session, stages = make_session(a, size, seed=seed, seed_size=seed_size, vowels=vowels,
                                   record=True, words=words)

    def finish() -> str:
        return board_of(R.read_grid(session), not no_qu).render()

    return SessionPlan(session, stages, seed,
                       f"boggle board by {a.name} ({size}x{size}, seed {seed})", finish)


def check_make(algo=None, dice=None, record: bool = False) -> None:
    """What ``make`` and ``open_board`` both refuse: an empty --algo or --dice, both
    given, and --trace / --facts with dice (no rules run)."""
    if algo is not None and not algo.strip():
        raise UsageError("--algo: empty name (choose a generator, e.g. greedy-cad)")
    if dice is not None and not dice.strip():
        raise UsageError("--dice: empty name (choose a set, e.g. new or big)")
    if dice is not None and algo is not None:
        raise UsageError("choose a generator (--algo) or dice (--dice), not both")
    if dice is not None and record:
        raise UsageError("--trace and --facts show the generator rules; dice use none")
