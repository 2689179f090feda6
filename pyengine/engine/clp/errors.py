"""The errors of CLIPS code on our engine: one that cannot be compiled (with its line)
and one while it runs (in CLIPS's words, with CLIPS's id where it gives one, and what
CLIPS's function returns after it where it goes on)."""
from __future__ import annotations

from pyengine.engine.errors import UsageError


class ClpError(UsageError):
    """A CLIPS construct that cannot be compiled: one line, with its line number."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.message, self.line = message, line
        super().__init__(f"line {line}: {message}" if line else message)


class ClpRuntimeError(UsageError):
    """An error while running CLIPS code, in CLIPS's words (with CLIPS's ``[ID]`` where
    given, and the line of the call that failed, once known). ``value``: what CLIPS's
    function returns after this error, where it goes on (``(/ 1 0)`` is 1.0);
    ``calls``: how many calls it has come out of so far; ``rules_halted``: CLIPS
    halts the rules after it, rather than the evaluation (its PRCCODE4 is a warning)."""

    rules_halted = False
    halts = 0                   # the actions it stopped, deffunctions' (halted_in)

    def __init__(self, message: str, line: int | None = None, *, code: str | None = None,
                 value: object = None) -> None:
        self.message = f"[{code}] {message}" if code else message
        self.line: int | None = None
        self.value, self.calls = value, 0
        super().__init__(self.message)
        self._place(line)

    def at(self, line: int | None) -> ClpRuntimeError:
        """This error coming out of a call at ``line``: placed there unless a deeper
        call placed it already."""
        self.calls += 1
        self._place(line)
        return self

    def halted_in(self, what: str) -> ClpRuntimeError:
        """This error stopping the actions of ``what`` (``deffunction 'f'``), as CLIPS
        says after it: its ``[PRCCODE4]`` line added (the first 20 of a deep recursion's,
        then "..." once)."""
        self.halts += 1
        if self.halts <= 20:
            self.message += f" [PRCCODE4] Execution halted during the actions of {what}."
        elif self.halts == 21:
            self.message += " ..."
        self.args = ((f"line {self.line}: " if self.line is not None else "") + self.message,)
        return self

    def _place(self, line: int | None) -> None:
        if self.line is None and line is not None:
            self.line = line
            self.args = (f"line {line}: {self.message}",)


def arg_error(function: str, position: int, expected: str) -> ClpRuntimeError:
    """CLIPS's message for an argument of the wrong type."""
    return ClpRuntimeError(f"Function '{function}' expected argument #{position} "
                           f"to be of type {expected}.", code="ARGACCES2")
