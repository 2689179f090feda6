"""CLIPS's pretty-print commands on a .clp program run on our engine:
``(ppdefrule NAME)``, ``(ppdeftemplate NAME)``, ``(ppdeffacts NAME)`` and
``(ppdeffunction NAME)`` print the construct as CLIPS 6.4 prints it (its layout:
:mod:`pyengine.engine.clips_pretty`), from the text the program was loaded from; a
name the program does not define is CLIPS's ``[PRNTUTIL1]`` error."""
from __future__ import annotations

import functools

from pyengine.engine.clips_pretty import pretty
from pyengine.engine.clips_reader import Form, read
from pyengine.engine.errors import UsageError


@functools.lru_cache(maxsize=16)
def _forms(text: str) -> tuple:
    return tuple(f for f in read(text) if isinstance(f, Form) and len(f) > 1)


def pretty_construct(program, kind: str, name: str) -> str:
    """The construct ``kind`` named ``name`` (``MODULE::name`` or a local name) as
    CLIPS's pretty-print command shows it."""
    local = name.partition("::")[2] if "::" in name else name
    module = next((m for k, m, n in program.defined if k == kind and n == local), None)
    if module is not None:
        for _, text in reversed(program.texts):     # the last text that defines it
            for form in reversed(_forms(text)):
                named = str(form[1])
                if form[0] == kind and (named.partition("::")[2] or named) == local:
                    return pretty(form, module, tuple(program.templates))
    raise UsageError(f"[PRNTUTIL1] Unable to find {kind} '{name}'.")


def _command(kind: str):
    def show(program, session, args: list[str]) -> list[str]:
        if len(args) != 1:
            raise UsageError(f"(pp{kind} NAME) takes one {kind}'s name")
        return pretty_construct(program, kind, args[0]).split("\n")
    return show


#: the pretty-print commands a .clp program on our engine answers itself
COMMANDS = {f"pp{kind}": _command(kind)
            for kind in ("defrule", "deftemplate", "deffacts", "deffunction")}
