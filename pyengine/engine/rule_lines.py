"""What a rule prints, line by line, on both engines: our engine's ``sys.stdout`` while an
action runs (:mod:`pyengine.engine.experta_io`) and CLIPS's stdout router
(:mod:`pyengine.engine.clips_io`) hand the text to one :class:`Lines`, which gives each
complete line to the session (``Session._output``), the piece of an unfinished line to
whoever must show it before a fact change (:meth:`Lines.cut`), and a prompt to the
reader (:meth:`Lines.take`)."""
from __future__ import annotations

import io

#: characters an unfinished line keeps at most (a rule printing without a newline)
MAX_PARTIAL = 100_000


class Lines(io.TextIOBase):
    """A stdout that hands each complete line to ``emit(line, sent)`` (what a rule
    prints; ``sent``: how much of it :meth:`cut` gave out already)."""

    def __init__(self, emit):
        self.emit = emit
        self.partial = ""
        self.sent = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        *lines, partial = (self.partial + text).split("\n")
        self.partial = partial[:MAX_PARTIAL]
        for line in lines:
            self.emit(line, self.sent)
            self.sent = 0
        return len(text)

    def end(self) -> None:
        """The rule is done: a line it left unfinished counts as a line."""
        if self.partial:
            line, self.partial = self.partial, ""
            self.emit(line, self.sent)
        self.sent = 0

    def take(self) -> str:
        """The unfinished line (a prompt, when the rule reads next), taken away."""
        line, self.partial, self.sent = self.partial, "", 0
        return line

    def cut(self) -> str:
        """What the unfinished line holds that has not gone out (a fact changes: CLIPS
        shows the watch line after it), marked as gone out."""
        piece, self.sent = self.partial[self.sent:], len(self.partial)
        return piece
