"""What may be typed at a session's prompt as a CLIPS command, on either engine.

The text is read with our reader first (one constant, variable or call); calls that
would take the session from under pyengine (``(run)``, ``(reset)``, ``(watch ...)``
and the like, anywhere inside it) are refused with the shell command to use instead.
CLIPS then evaluates the command with its own ``RouteCommand``
(:mod:`pyengine.engine.clips_repl`); our engine with the program's compiler
(:mod:`pyengine.engine.rete.program_repl`).
"""
from __future__ import annotations

from pyengine.engine.clips_reader import Form, ReadError, Symbol, read
from pyengine.engine.errors import UsageError
from pyengine.engine.textio import writable_file

# CLIPS's list-... commands: command -> (singular, plural) of what it lists, as CLIPS's
# tally names them (the singular is the construct)
LISTS = {"list-defrules": ("defrule", "defrules"),
         "list-deftemplates": ("deftemplate", "deftemplates"),
         "list-deffacts": ("deffacts", "deffacts"),
         "list-deffunctions": ("deffunction", "deffunctions"),
         "list-defglobals": ("defglobal", "defglobals"),
         "list-defmodules": ("defmodule", "defmodules")}

# Calls a command typed at the prompt may not make inside an expression, and what to
# type instead (the shell runs these itself, so the session stays what it shows).
REFUSED = {
    "run": "type run at the prompt", "reset": "type reset", "clear": "type clear",
    "exit": "type quit", "load": "type load FILE", "load*": "type load FILE",
    "bload": "pyengine loads source files only", "batch": "type batch FILE",
    "batch*": "type batch FILE", "watch": "type watch ITEM", "unwatch": "type unwatch ITEM",
    "dribble-on": "type dribble-on FILE", "dribble-off": "type dribble-off",
    "set-strategy": "type strategy NAME", "eval": "type the command itself",
    "build": "type the construct itself", "funcall": "call the function itself",
}


#: Calls that open their first argument, a file, to write: a FIFO there would keep them
#: waiting for ever for a reader, so a file named there must be a regular one (or none).
WRITES = frozenset({"save-facts", "save", "bsave", "bsave-facts", "save-instances",
                    "bsave-instances", "open"})


def check_command(text: str) -> object:
    """Read ``text`` with our reader: one constant, variable or call; UsageError if it
    cannot be read or calls one of :data:`REFUSED` inside it. Returns what was read."""
    try:
        forms = read(text)
    except ReadError as exc:
        raise UsageError(f"cannot read {text.strip()!r}: {exc}") from None
    if len(forms) != 1:
        raise UsageError("type one command at a time, e.g. (bind ?*x* 3)")
    todo = [forms[0]]
    while todo:
        form = todo.pop()
        if not isinstance(form, Form):
            continue
        head = form[0] if form else None
        if isinstance(head, Symbol) and str(head) in REFUSED:
            raise UsageError(f"({head}) cannot be called from a command here: "
                             f"{REFUSED[str(head)]}")
        if head in WRITES and len(form) > 1 and isinstance(form[1], str):
            writable_file(str(form[1]))
        todo.extend(form)
    return forms[0]
