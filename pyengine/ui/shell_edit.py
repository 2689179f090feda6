"""Constructs typed at the shell's prompt (a mixin of :class:`~pyengine.ui.shell.Shell`),
as CLIPS's prompt takes them: ``(defrule ...)``, ``(deffacts ...)``, ``(deftemplate ...)``
and the other ``def`` constructs, on one line or several; and the lines of a batch file
read as commands. The commands that change the program (load, batch, undefrule,
ppdefrule, reload, clear) are entries of :mod:`pyengine.ui.command_table`; a typed
construct is given to the same answer as the notebook's ``build``.
"""
from __future__ import annotations

from pyengine.ui.commands_change import build
from pyengine.engine.clips_reader import ParenCount

CONSTRUCTS = ("defrule", "deffacts", "deftemplate", "deffunction", "defglobal", "defmodule",
              "defgeneric", "defmethod")


class EditCommands:
    """A construct typed at the prompt."""

    def _construct(self, line: str) -> bool:
        """A construct typed at the prompt (the shell's ``default`` asks first)."""
        word = line.split()[0] if line.split() else ""
        if word not in CONSTRUCTS:
            return False
        self.show(build(self, f"({line})"))
        return True


def join_constructs(lines: list[str]) -> list[str]:
    """Lines as commands: a parenthesised command that goes on over several lines is
    one command (as CLIPS's prompt reads it)."""
    out: list[str] = []
    pending: list[str] = []
    count = ParenCount()
    for line in lines:
        if pending:
            count.feed(line)
        else:
            count = parens_of(line)
        pending.append(line)
        if count.open <= 0:
            out.append("\n".join(pending).strip())
            pending = []
    if pending:
        out.append("\n".join(pending).strip())
    return [c for c in out if c]


def parens_of(first: str) -> ParenCount:
    """The parentheses a command's first line leaves open, to be fed the lines that
    follow (strings and comments skipped); none for a line that does not start with one
    (a command of the shell's own)."""
    count = ParenCount()
    if first.lstrip().startswith("("):
        count.feed(first)
    return count
