"""``bee solve --batch FILE``: many hives, one a line, each solved through the rules.

    batch = solve_batch("archive.jsonl")           # FILE read and checked now
    for chunk in batch.stream(as_json=True): ...   # one JSON line a puzzle, as it is solved

One :class:`~pyengine.puzzles.bee.engine.BeeEngine` (one experta network, one word
list) serves every hive of the batch: building the network costs more than solving a
hive through the rules (bench/bench_bee.py). Each puzzle's record is exactly what ``bee solve LETTERS
--center C [--hints] --json`` prints for it, with ``"line": N`` first (the
input line it came from); a bad line's record is ``{"line": N, "error": "..."}`` and the
batch goes on, its exit status then 1. The lines themselves are read and checked in
:mod:`pyengine.puzzles.bee.batch_lines` (formats and limits there).
"""
from __future__ import annotations

import json
from typing import Iterator

from pyengine.engine.errors import UsageError
from pyengine.puzzles.bee.batch_lines import batch_lines
from pyengine.puzzles.bee.engine import BeeEngine, read_hints
from pyengine.puzzles.bee.results import Solved
from pyengine.puzzles.bee.results import counts_text
from pyengine.puzzles.bee.results import Hints


class BatchSolved:
    """``bee solve --batch``'s result: the records, made lazily one puzzle at a time.

    :meth:`stream` writes each record as it is made and keeps none (a batch of
    100,000 hives runs in constant memory); iterating, :meth:`as_dict` and :meth:`text`
    keep the records they make, so they may be called again. ``exit_status`` is 1 once a
    bad line has been met, else 0; ``solved`` and ``errors`` count the records so far.
    """

    session = None                      # no one session to trace: each hive resets it

    def __init__(self, lines: Iterator, engine: BeeEngine, hints: bool = False):
        self.hints = hints
        self.engine = engine
        self.solved = 0
        self.errors = 0
        self._lines = lines
        self._kept: list[dict] = []
        self._done = False

    @property
    def exit_status(self) -> int:
        return 1 if self.errors else 0

    def _make(self) -> Iterator[dict]:
        for n, item in self._lines:
            if isinstance(item, UsageError):
                self.errors += 1
                yield {"line": n, "error": str(item)}
                continue
            try:
                record = self.solve_one(*item)
            except UsageError as exc:       # the rules found a problem with the hive
                self.errors += 1
                yield {"line": n, "error": str(exc)}
                continue
            self.solved += 1
            yield {"line": n} | record
        self._done = True

    def solve_one(self, letters: str, center: str) -> dict:
        """One hive through the rules: ``bee solve``'s ``--json`` record for it."""
        pz = self.engine.solve(letters, center)
        return Solved(pz, read_hints(pz.session) if self.hints else None).as_dict()

    def __iter__(self) -> Iterator[dict]:
        """Every record (those made before first), keeping the new ones."""
        yield from list(self._kept)
        if self._done:
            return
        for record in self._make():
            self._kept.append(record)
            yield record

    def records(self) -> list[dict]:
        return list(self)

    def as_dict(self) -> dict:
        records = self.records()
        return {"puzzles": records, "solved": self.solved, "errors": self.errors}

    def text(self) -> str:
        return "\n".join(record_line(r) for r in self)

    def stream(self, as_json: bool = False) -> Iterator[str]:
        """One line a puzzle, each yielded as soon as it is solved: a JSON object with
        ``--json`` (JSON lines), else :func:`record_line`."""
        source = self if self._kept or self._done else self._make()
        for record in source:
            yield (json.dumps(record) if as_json else record_line(record)) + "\n"


def record_line(record: dict) -> str:
    """A record as one text line: ``AEGINRT R: 37 words, 150 points, 1 pangram``, or
    ``line N: error: ...``; with hints, the hints page follows, indented."""
    if "error" in record:
        return f"line {record['line']}: error: {record['error']}"
    line = (f"{record['letters'].upper()} {record['center'].upper()}: "
            + counts_text(record["words"], record["max_score"], len(record["pangrams"]),
                          len(record["perfect_pangrams"])))
    if "hints" in record:
        line += "\n" + "\n".join(("    " + h).rstrip() for h in _hints_lines(record))
    return line


def _hints_lines(record: dict) -> list[str]:
    h = record["hints"]
    page = Hints(words=h["words"], points=h["points"], pangrams=h["pangrams"],
                 perfect=h["perfect_pangrams"], bingo=h["bingo"],
                 grid={k: {int(n): c for n, c in v.items()} for k, v in h["grid"].items()},
                 two_letters=h["two_letters"])
    return page.text(record["letters"]).splitlines()


def solve_batch(batch: str, hints: bool = False, words=None, seed: int | None = None,
                stdin=None, engine: BeeEngine | None = None) -> BatchSolved:
    """The batch of FILE (``-``: standard input, or ``stdin`` when given): the word list
    is loaded and FILE read and checked now, the hives solved as the result is read.
    ``seed`` is accepted, as by every bee action, and unused: nothing is random (each
    honeycomb is its hive's own)."""
    lines = batch_lines(batch, stdin)
    return BatchSolved(lines, engine or BeeEngine(words), hints)
