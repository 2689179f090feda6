"""Everything done in one web session, as the shell would have shown it, for the
page's "download transcript" (``GET /api/sessions/ID/transcript``).

Each action the page asked for is written after the shell's prompt (``pyengine> step
3``), then the firings it made as the shell shows them watching rules and facts (each
``FIRE`` line, what the rules printed, the facts retracted and asserted: the
:class:`~pyengine.ui.tables.TraceTable` the shell's ``history`` prints), then its
answer as the shell prints it (:func:`~pyengine.ui.shell_commands.answer_lines`:
``;;`` lines, ``==>`` / ``<==`` for a fact changed by hand) or ``error:`` and the
refusal. It is written as each action ends, so going back later changes nothing
already written: the transcript is what was done, in order, back and goto included.
It holds at most :data:`MAX_BYTES`; past that it ends with a note saying so.
"""
from __future__ import annotations

import re

from pyengine.engine.errors import UsageError
from pyengine.engine.textio import written_out
from pyengine.ui.shell import PROMPT
from pyengine.ui.shell_commands import answer_lines
from pyengine.ui.tables import TraceTable

MAX_BYTES = 2 * 1024 * 1024     # a transcript holds at most this much text
MAX_ECHO = 1000                 # characters of an action's value written after the prompt
_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9_.-]+")


class Transcript:
    """The text of one session's actions, bounded (see the module)."""

    def __init__(self, title: str, max_bytes: int = MAX_BYTES):
        self.max_bytes = max_bytes
        self.lines: list[str] = []
        self.size = 0
        self.full = False
        self.add([f";; pyengine serve: {title}"])

    def add(self, lines: list[str]) -> None:
        """Append lines while there is room; the first that has none ends the
        transcript with a note."""
        for line in map(written_out, lines):    # as sent: what a screen does not show,
            if self.full:                       # a line break in a fact, written out
                return
            size = len(line.encode("utf-8", "replace")) + 1
            if self.size + size > self.max_bytes:
                self.full = True
                self.lines.append(f";; the transcript stops here: it holds at most "
                                  f"{self.max_bytes // (1024 * 1024)} MB (the session "
                                  "went on)")
                return
            self.lines.append(line)
            self.size += size

    def action(self, verb: str, arg, firings, log, result=None,
               error: BaseException | None = None, told=()) -> None:
        """One action of the page: the prompt line, its firings (or ``told``: what an
        action refused part way changed), its answer."""
        if self.full:
            return
        self.add([(PROMPT + " ".join([verb, echo(arg)])).rstrip()])
        if firings:
            self.add(TraceTable(firings, log).lines())
        self.add(list(told))
        if error is not None:
            text = (str(error.args[0]) if error.args else type(error).__name__).splitlines()
            said = (text or [type(error).__name__])[0]
            self.add([("error: " if isinstance(error, UsageError) else ";; ") + said])
        elif isinstance(result, str):
            self.add([";; " + line for line in result.splitlines()])
        elif result is not None:
            self.add(answer_lines(result))

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def echo(arg) -> str:
    """An action's value as the shell's words after the command: ``modify``'s object as
    ``12 (name Bob)``, a list item by item, cut at :data:`MAX_ECHO` characters."""
    if arg is None:
        return ""
    if isinstance(arg, dict):
        words = " ".join(echo(v) for v in arg.values())
    elif isinstance(arg, (list, tuple)):
        words = " ".join(echo(v) for v in arg)
    else:
        words = str(arg)
    words = " ".join(words.split())
    return words if len(words) <= MAX_ECHO else words[:MAX_ECHO] + " ..."


def file_name(target: str) -> str:
    """The file a transcript downloads as: ``pyengine-TARGET-transcript.txt`` (the
    target's name made safe for a file name and a header)."""
    safe = _UNSAFE_NAME.sub("-", target).strip("-.")[:60] or "session"
    return f"pyengine-{safe}-transcript.txt"


def transcript_json(ws) -> dict:
    """The session's transcript and the file name it downloads as."""
    return {"text": ws.transcript.text(), "filename": file_name(ws.target)}
