"""Actions that talk to the outside through the host: ``printout`` (and ``print``,
``println``), ``read``, ``readline``, ``halt``, ``get-strategy``, ``seed`` (of
``random``'s generator) and ``time`` (seconds since 1970, a float). The focus stack's
are in :mod:`.actions_focus`.

``(printout <router> <item>...)`` writes its items one after the other, with no
space between them: strings without their quotes, numbers and symbols as CLIPS
writes them, a multifield in parentheses with its strings quoted (``(a "b" 1.0)``,
as CLIPS 6.4 prints it), and the words ``crlf``, ``tab``, ``vtab``, ``ff`` as a new
line, a tab, a vertical tab, a form feed. The router ``t`` (or ``T``, ``stdout``) is
standard output; ``nil`` prints nothing; any other router name is passed to the host.
``(print <item>...)`` is ``(printout t <item>...)``, and ``println`` ends the line.

``(read)`` reads one token from the host's input as CLIPS reads from standard input:
it skips blank lines, takes the first token of the next line (a word is a symbol, a
number a number, a quoted string a string, a parenthesis a symbol ``(``), and drops
the rest of that line; a string still open at the end of the line ends there, with
the line's newline in it. At the end of input it returns the symbol ``EOF``.
``(readline)`` returns the whole next line as a string, or ``EOF``; ``(read-number)``
reads as ``read`` does and gives FALSE for a token that is not a number.

``(halt)`` asks the host to stop after this firing; the rest of the actions still
run, as in CLIPS.
"""
from __future__ import annotations

import time

from pyengine.engine.clips_reader import Form, Symbol, make_form
from pyengine.engine.clp.expressions import (HOST, SPECIAL, Builtin, ClpRuntimeError,
                                             Compiled, Frame, Scope, arg_error,
                                             compile_expr, expand_arg, is_expand, with_line)
from pyengine.engine.clp.functions_format import router_name
from pyengine.engine.clp.functions_text import scan
from pyengine.engine.clp.values import EOF, FALSE, TRUE, Text, print_text, to_value
from pyengine.engine.rete.strategies import KINDS

_WORDS = {"crlf": "\n", "tab": "\t", "vtab": "\v", "ff": "\f"}
_INPUT = ("t", "T", "stdin")


def compile_printout(form, scope: Scope) -> Compiled:
    router = compile_expr(form[1], scope, form)
    parts: list = []                    # text known now, or a closure to write
    calls = False
    for item in form[2:]:
        if isinstance(item, Symbol) and item in _WORDS:
            piece: object = _WORDS[item]
        elif isinstance(item, (str, int, float)):          # a constant: written now
            piece = str(print_text(to_value(item)))
        elif is_expand(item):                               # each value, one after another
            piece, calls = _each_printed(expand_arg(item, scope)), True
        else:
            piece = compile_expr(item, scope, form)
            calls = calls or isinstance(item, Form)
        if type(piece) is str and parts and type(parts[-1]) is str:
            parts[-1] += piece
        else:
            parts.append(piece)
    return with_line((_streaming if calls else _joined)(router, parts),
                     getattr(form, "line", None))


def _each_printed(values: Compiled) -> Compiled:
    return lambda frame: "".join(print_text(v) for v in values(frame))


def compile_print(form, scope: Scope) -> Compiled:
    """``(print <item>...)`` is ``(printout t <item>...)``; ``println`` ends the line."""
    end = [Symbol("crlf")] if form[0] == "println" else []
    return compile_printout(make_form([form[0], Symbol("t"), *form[1:], *end], form), scope)


def _joined(router: Compiled, parts: list) -> Compiled:
    """printout whose items cannot print themselves: one write."""
    def printout(frame: Frame) -> None:
        name = router_name(router(frame))
        if name != "nil":
            text = "".join([p if type(p) is str else print_text(p(frame)) for p in parts])
            frame.host.printout(name, text)
    return printout


def _streaming(router: Compiled, parts: list) -> Compiled:
    """printout with calls among its items: what comes before a call is written before
    the call runs (as CLIPS writes item by item), in case the call prints too."""
    def printout(frame: Frame) -> None:
        name = router_name(router(frame))
        if name == "nil":
            return
        host, done = frame.host, []
        for part in parts:
            if type(part) is str:
                done.append(part)
                continue
            if done:
                host.printout(name, "".join(done))
                done = []
            done.append(print_text(part(frame)))
        if done:
            host.printout(name, "".join(done))
    return printout


def _check_input(fname: str, router: tuple) -> None:
    if router and router_name(router[0]) not in _INPUT:
        raise ClpRuntimeError(f"pyengine's {fname} reads only standard input (t), "
                              f"not {router_name(router[0])}.")


def read(host, *router):
    """The ``read`` function (see the module's docstring)."""
    _check_input("read", router)
    while True:
        line = host.read_line()
        if line is None:
            return EOF
        found = scan(line + "\n", 1)   # a string left open ends with the line, as in CLIPS
        if found:
            return found[0]


def read_number(host, *router):
    """``read-number``: as ``read``, but a token that is not a number gives FALSE (as
    CLIPS 6.4 does, without an error)."""
    _check_input("read-number", router)
    found = read(host, *router)
    if type(found) in (int, float) or found == EOF:
        return found
    return _strtod(found) if type(found) is str else FALSE


def _strtod(word: str) -> object:
    """A symbol read as C's ``strtod`` reads it whole, as CLIPS's read-number does
    (``0x10`` is 16.0, ``nan`` and ``inf`` are floats); FALSE if it is no number."""
    if "_" in word or not word.isascii():
        return FALSE                        # Python's float() takes 1_0 and "١٢"; strtod not
    try:
        return float(word)
    except ValueError:
        pass
    if not word.lower().lstrip("+-").startswith("0x"):
        return FALSE                        # fromhex takes "12abc"; strtod wants 0x
    try:
        return float.fromhex(word)
    except ValueError:
        return FALSE


def readline(host, *router):
    """The ``readline`` function: the next line as a string, or EOF."""
    _check_input("readline", router)
    line = host.read_line()
    return EOF if line is None else Text(line)


def halt(host) -> None:
    host.halt()


def seed(host, n) -> None:
    if type(n) is not int:
        raise arg_error("seed", 1, "integer")
    host.seed(n)


def set_strategy(host, name) -> str:
    """``(set-strategy NAME)``: the strategy before; an unknown name is said (CLIPS's
    ARGACCES2) and changes nothing, and the action goes on."""
    old = host.strategy()
    if name not in KINDS:
        host.warn(arg_error("set-strategy", 1, "symbol with value depth, breadth, lex, "
                            "mea, complexity, simplicity, or random").message)
    else:
        host.set_strategy(name)
    return old


TABLE: dict[str, Builtin] = {
    "printout": Builtin(1, None, compile_printout, SPECIAL),
    "print": Builtin(0, None, compile_print, SPECIAL),
    "println": Builtin(0, None, compile_print, SPECIAL),
    "read": Builtin(0, 1, read, HOST),
    "readline": Builtin(0, 1, readline, HOST),
    "read-number": Builtin(0, 1, read_number, HOST),
    "halt": Builtin(0, 0, halt, HOST),
    "get-strategy": Builtin(0, 0, lambda host: host.strategy(), HOST, returns="symbol"),
    "set-strategy": Builtin(1, 1, set_strategy, HOST, args="symbol", returns="symbol"),
    "seed": Builtin(1, 1, seed, HOST, args="integer"),
    "time": Builtin(0, 0, lambda: time.time(), returns="number"),
}
