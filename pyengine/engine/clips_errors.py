"""CLIPS's load errors said on one line, with the line of the file they are at.

CLIPS prints a construct it cannot load as its message (``[PRNTUTIL2] Syntax Error:
Check appropriate syntax for defrule.``), a blank line, ``ERROR:`` and the construct as
far as it read it, pretty-printed. :func:`placed` keeps the message, names the line of
the program where CLIPS stopped (found by reading as many tokens into the construct it
names, in the program's own text) and the text it had read, all on one line.
"""
from __future__ import annotations

from pyengine.engine.clips_reader import ReadError, tokens

MOST_ECHOED = 60        # characters of CLIPS's echo of the construct kept in the line


def placed(text: str, message: str) -> str:
    """``line N: [CODE] message (CLIPS stopped at: (defrule MAIN::r (a ( ...)`` for
    CLIPS's ``message`` about the program ``text``; without a line where it cannot be
    found, without the echo where CLIPS gave none."""
    head, _, echo = message.partition("ERROR:")
    said = " ".join(head.split()) or "CLIPS could not load it"
    line = error_line(text, echo)
    shown = " ".join(echo.split())
    if len(shown) > MOST_ECHOED:
        shown = "..." + shown[-MOST_ECHOED:]
    return (f"line {line}: " if line is not None else "") + said + \
        (f" (CLIPS stopped at: {shown})" if shown else "")


def error_line(text: str, echo: str) -> int | None:
    """The line CLIPS stopped at, from its ``echo`` of the construct: as many tokens
    into the construct it names (``(defrule MAIN::r``: the first such opening in the
    program's own text, read token by token, so an unclosed construct is found too)."""
    try:
        seen = list(tokens(echo))
        own = list(tokens(text))
    except ReadError:
        return None
    if len(seen) < 3 or seen[0].kind != "open":
        return None
    kind, name = str(seen[1].value), str(seen[2].value).rsplit("::", 1)[-1]
    for i in range(len(own) - 2):
        if own[i].kind == "open" and str(own[i + 1].value) == kind \
                and str(own[i + 2].value).rsplit("::", 1)[-1] == name:
            return own[min(i + len(seen), len(own)) - 1].line
    return None
