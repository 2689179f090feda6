"""What an experta rule prints and reads: ``sys.stdout`` and ``sys.stdin`` while its
action runs (see :meth:`ExpertaSession._fire`)."""
from __future__ import annotations

import io

from pyengine.engine.errors import UsageError


class Lines(io.TextIOBase):
    """A stdout that hands each complete line to ``emit`` (what a rule prints)."""

    def __init__(self, emit):
        self.emit = emit
        self.partial = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        *lines, self.partial = (self.partial + text).split("\n")
        for line in lines:
            self.emit(line)
        return len(text)

    def end(self) -> None:
        """The rule is done: a line it left unfinished counts as a line."""
        if self.partial:
            line, self.partial = self.partial, ""
            self.emit(line)

    def take(self) -> str:
        """The unfinished line (a prompt, when the rule reads next), taken away."""
        line, self.partial = self.partial, ""
        return line


class RuleInput(io.TextIOBase):
    """A stdin for rules: each line comes from the session's reader; at the end of
    input ``readline`` gives "" (so ``input()`` raises EOFError)."""

    def __init__(self, session):
        self.session = session

    def readable(self) -> bool:
        return True

    def readline(self, size: int = -1) -> str:
        text = self.session._ask(self.session._printed_lines.take())
        return "" if text is None else text + "\n"

    def read(self, size: int = -1) -> str:
        return self.readline()


def action_error(exc: BaseException) -> str:
    """A failed action's error in one line (Python's with its type: ``ZeroDivisionError: ...``)."""
    if isinstance(exc, UsageError):
        return str(exc)
    if isinstance(exc, SystemExit):
        return f"the rule called sys.exit({exc.code!r}): a rule cannot end the session"
    return f"{type(exc).__name__}: {exc}"
