"""The ``riddle make`` results: one :class:`MadeRiddle`, and :class:`MadeRiddles`, the
action's result, which makes its riddles lazily and can stream them.

``MadeRiddles.stream(as_json)`` yields text chunks as each riddle is made; joined,
they are exactly what the command prints without streaming (``text()`` plus a
newline, or ``--json``'s ``json.dumps(as_dict(), indent=2)`` plus a newline): the
JSON form is one document, ``{"riddles": [...], "seed": N}``, whose array is
written one riddle at a time. ``text()``, ``as_dict()`` and ``riddles`` make every
riddle first. Riddles made once are kept, so streaming then printing repeats none.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Iterator

from pyengine.puzzles.riddle.parse import ParsedClue


@dataclass
class MadeRiddle:
    answer: str
    clues: list[ParsedClue]
    lines: list[str]
    rounds: int                 # check rounds the maker needed
    seed: int

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def as_dict(self) -> dict:
        return {"answer": self.answer, "text": self.text, "rounds": self.rounds,
                "clues": [{"pos": c.pos, "halves": [{"valence": h.valence, "word": h.word}
                                                    for h in c.halves]} for c in self.clues]}

    def block(self) -> str:
        """The riddle as the command prints it, with its solution."""
        return f"{self.text}\nSolution: {self.answer.capitalize()}"


@dataclass
class MadeRiddles:
    """The ``make`` action's result: the riddles (made on demand from ``source``,
    an iterator of :class:`MadeRiddle`) and the seed that repeats them."""

    source: Iterator[MadeRiddle] | list[MadeRiddle]
    seed: int
    _made: list[MadeRiddle] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        self.source = iter(self.source)

    def __iter__(self) -> Iterator[MadeRiddle]:
        """Every riddle, made as it is reached (the ones made before come first)."""
        i = 0
        while True:
            if i < len(self._made):
                yield self._made[i]
                i += 1
                continue
            riddle = next(self.source, None)
            if riddle is None:
                return
            self._made.append(riddle)

    @property
    def riddles(self) -> list[MadeRiddle]:
        return list(self)

    def as_dict(self) -> dict:
        return {"riddles": [r.as_dict() for r in self], "seed": self.seed}

    def text(self) -> str:
        return "\n\n".join(r.block() for r in self) + f"\n\n(seed {self.seed})"

    def stream(self, as_json: bool = False) -> Iterator[str]:
        """Chunks of the printed result, one riddle at a time (see the module's doc)."""
        if as_json:
            yield from self._stream_json()
            return
        for i, riddle in enumerate(self):
            yield ("\n\n" if i else "") + riddle.block()
        yield f"\n\n(seed {self.seed})\n"

    def _stream_json(self) -> Iterator[str]:
        yield '{\n  "riddles": ['
        for i, riddle in enumerate(self):
            body = json.dumps(riddle.as_dict(), indent=2).replace("\n", "\n    ")
            yield ("," if i else "") + "\n    " + body
        yield f'\n  ],\n  "seed": {json.dumps(self.seed)}\n}}\n'
