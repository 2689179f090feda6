"""``boggle solve``: every word on a board, with its score, by the word finder (fast) or
by the solving rules (``--rules``: ``rules/boggle_solve.py``, a session the shell and
the notebook open and step).

    run_solve("perslatgsineters")               -> Solved (the finder's search)
    run_solve("perslatgsineters", rules=True)   -> Solved (the rules' facts, read back)
    open_solve("perslatgsineters")              -> the rule session, paused before ``grow``
"""
from __future__ import annotations

from dataclasses import dataclass

from pyengine.engine.errors import UsageError
from pyengine.engine.experta import ExpertaSession
from pyengine.engine.stages import SessionPlan, Stage
from pyengine.engine.wording import fill, plural
from pyengine.puzzles.boggle.board import Board, parse_board
from pyengine.puzzles.boggle.finder import Finder, Result, default_min_len, get_finder
from pyengine.puzzles.boggle.scoring import bands, score_word
from pyengine.rules import boggle_solve as R

STAGES = ("grow", "find", "score", "total")     # the solving rules' stages, in order


@dataclass
class Solved:
    """A solved board: the finder's result (or the rules' read back into one), the
    counting, the backend used ("rules" for the rule session) and that session."""

    result: Result
    count: str
    two_letter: bool
    backend: str
    session: object = None             # the rule session (--rules), for --trace and --facts

    def as_dict(self) -> dict:
        board = self.result.board
        d = self.result.as_dict()
        d["board"] = board.spec()      # boggle solve reads it back as this board
        d["grid"] = board.render().splitlines()
        d["backend"] = self.backend
        return d

    def text(self) -> str:
        r = self.result
        size = r.board.size
        lines = [r.board.render(), ""]
        for n, ws in _by_length(r.words):
            pts = score_word("x" * n, size, self.two_letter)
            head = f"{plural(n, 'letter')} ({len(ws)} x {plural(pts, 'pt')}): "
            lines.extend(fill(ws, head=head, indent=" " * 4))
        counted = (f"{plural(len(r.words), 'word')}, {plural(r.score, 'point')}"
                   if self.count == "words" else
                   f"{plural(r.paths, 'path')} ({len(r.words)} distinct words), "
                   f"{plural(r.score, 'point')} counting every path ({r.word_score} distinct)")
        lines.append(f"\n{counted}  [list {r.wordlist}, min {plural(r.min_len, 'letter')}]")
        return "\n".join(lines)


def _by_length(words: list[str]) -> list[tuple[int, list[str]]]:
    groups: dict[int, list[str]] = {}
    for w in words:
        groups.setdefault(len(w), []).append(w)
    return sorted(groups.items(), reverse=True)


def _settings(board, min_len, two_letter: bool, plain_q: bool) -> tuple[Board, int]:
    """The board read from its text (or its words, joined; or a Board, as it is) and
    the shortest word."""
    text = " ".join(board) if isinstance(board, (list, tuple)) else board
    parsed = parse_board(text, qu=not plain_q)
    if min_len is None:
        min_len = default_min_len(parsed.size, two_letter)
    if min_len < 1:
        raise UsageError("--min-len must be at least 1")
    if two_letter and min_len > 2:
        raise UsageError(f"--two-letter counts 2-letter words, --min-len {min_len} leaves "
                         "them out: give one of them")
    return parsed, min_len


def run_solve(board, words=None, min_len=None, count: str = "words", two_letter: bool = False,
              plain_q: bool = False, backend: str = "auto", rules: bool = False,
              record: bool = False, show_facts: bool = False) -> Solved:
    """The ``solve`` action: ``board`` is the board text (or its words, joined); with
    ``rules`` the solving rules find and score the words (:func:`open_solve`, run
    whole), else the finder's search on ``backend``."""
    if rules:
        if backend != "auto":
            raise UsageError("--backend chooses the finder's search: not with --rules")
        plan = open_solve(board, words, min_len, count, two_letter, plain_q, record=record)
        plan.run_all()
        return read_solve(plan)
    if record or show_facts:
        raise UsageError("--trace and --facts show the solving rules: add --rules")
    parsed, min_len = _settings(board, min_len, two_letter, plain_q)
    finder = get_finder(words, min_len, count, two_letter, backend)
    return Solved(finder.solve(parsed), count, two_letter, finder.backend)


def open_solve(board, words=None, min_len=None, count: str = "words",
               two_letter: bool = False, plain_q: bool = False, record: bool = True,
               finder: Finder | None = None, **_ignored) -> SessionPlan:
    """The solving rules' session for ``board``, paused before its ``grow`` stage (the
    shell, the notebook, ``--rules``). Takes the solve action's options; ``backend``
    and ``rules`` do not shape the rules' run and are ignored. ``finder`` (the same
    list and settings) lends its prefix index when it has built the whole list's."""
    parsed, min_len = _settings(board, min_len, two_letter, plain_q)
    if finder is None:
        finder = get_finder(words, min_len, count, two_letter, "python")
    session = ExpertaSession(R.BoggleSolver, record=record, fact_classes=R.FACT_CLASSES)
    session.provide(board=parsed, index=finder.index(parsed), min_len=finder.min_len,
                    bands=bands(parsed.size, two_letter, min_len))
    session.reset()
    plan = SessionPlan(session, [Stage(name) for name in STAGES],
                       title=f"boggle words of {parsed.compact()} by the solving rules "
                             f"({parsed.size}x{parsed.size}, list {finder.label})")
    plan.notes.update(board=parsed, count=count, two_letter=two_letter, finder=finder)
    plan.finish = lambda: read_solve(plan).text()
    return plan


def read_solve(plan: SessionPlan) -> Solved:
    """The words and scores the rules concluded (``Score``, ``Found`` and ``Total``
    facts), as a finder Result: what ``boggle solve`` prints either way."""
    session, notes = plan.session, plan.notes
    totals = session.records(R.Total)
    if not totals:
        raise UsageError("the solving rules left no total (were all four stages run?)")
    total = totals[0]
    counts: dict[str, int] = {}
    for found in session.records(R.Found):
        counts[found["word"]] = counts.get(found["word"], 0) + 1
    paths_mode = notes["count"] == "paths"
    words = sorted(f["word"] for f in session.records(R.Score))
    finder = notes["finder"]
    result = Result(board=notes["board"], words=words,
                    score=total["path_points"] if paths_mode else total["points"],
                    paths=total["paths"], counts=({w: counts[w] for w in words}
                                                  if paths_mode else None),
                    count=notes["count"], word_score=total["points"],
                    path_score=total["path_points"], min_len=finder.min_len,
                    wordlist=finder.label)
    return Solved(result, notes["count"], notes["two_letter"], "rules", session)
