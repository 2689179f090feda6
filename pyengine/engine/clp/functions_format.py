"""CLIPS's ``format``: C-style conversions, printed to a router or only returned.

``(format <router> <control> <values>...)`` returns the formatted string, and prints it
too unless the router is ``nil``. CLIPS 6.4 accepts in the control string
``%d %u %x %o`` (a number, a float cut to an integer), ``%f %e %g`` (a number),
``%s`` (a symbol or a string, *not* a number), ``%c`` (a character), each with C's
flags, width and precision (``%-10s``, ``%5.2f``), and ``%n`` (new line), ``%t``
(tab), ``%r`` (carriage return), ``%%``. Anything else (``%i``, ``%G``, ``%ld``, a
width on ``%n``) is an invalid flag, and the number of values must match the number
of conversions, as in CLIPS. A width or precision over :data:`MAX_FIELD` is an error
(CLIPS 6.4 overruns its buffer past about 200; here memory would be the limit).
"""
from __future__ import annotations

import re

from pyengine.engine.clp.expressions import ClpRuntimeError, arg_error
from pyengine.engine.clp.host import ROUTERS, unknown_router
from pyengine.engine.clp.values import Text, c_integer, print_text

_SPEC = re.compile(r"%([-+ #0-9.]*)(.?)", re.DOTALL)
_PLAIN = {"n": "\n", "t": "\t", "r": "\r", "%": "%"}
_MASK = 2 ** 64 - 1
_NUMBER = re.compile(r"\d+")
#: The widest field, and the longest precision, a conversion may ask for.
MAX_FIELD = 10_000


def conversions(control: str) -> list[tuple[str, str]]:
    """The control string's conversions as (flags, width and precision; letter), the
    plain ones (``%n``, ``%%``) left out."""
    return [(m.group(1), m.group(2)) for m in _SPEC.finditer(control)
            if not (m.group(2) in _PLAIN and not m.group(1))]


def widest(spec: str) -> int:
    """The larger of a conversion's width and precision (``-08.3`` -> 8)."""
    return max((int(n) for n in _NUMBER.findall(spec)), default=0)


def router_name(value: object) -> str:
    """A router given as a value (symbol, string or number) as the host's name:
    ``t``, ``T`` and ``stdout`` are all standard output, ``t``."""
    name = str(value) if isinstance(value, str) else print_text(value)
    return "t" if name in ("T", "stdout") else name


def format_text(host, router, control, *values) -> Text:
    """The ``format`` function (a HOST function: the host prints the result). A
    logical name no router knows is said, and gives "" before anything is checked."""
    name = router_name(router)
    if name != "nil" and name not in ROUTERS:
        host.warn(unknown_router(name))
        return Text("")
    if type(control) is not Text:
        raise arg_error("format", 2, "string")
    text = Text(_render(str(control), values))
    if name != "nil":
        host.printout(name, text)
    return text


def _render(control: str, values: tuple) -> str:
    out: list[str] = []
    used = 0
    pos = 0
    for m in _SPEC.finditer(control):
        out.append(control[pos:m.start()])
        pos = m.end()
        spec, conv = m.group(1), m.group(2)
        if conv in _PLAIN and not spec:
            out.append(_PLAIN[conv])
            continue
        if conv not in "dfegscxou" or not conv:
            raise ClpRuntimeError(f'Invalid format flag "%{spec}{conv}" specified in '
                                  "format function.", code="IOFUN3", value=Text(""))
        if used >= len(values):
            used += 1
            continue                    # counted, so the message below names the total
        if widest(spec) > MAX_FIELD:
            raise ClpRuntimeError(f'Format flag "%{spec}{conv}" asks for more than '
                                  f"{MAX_FIELD:,} characters.")
        out.append(_convert(spec, conv, values[used], used + 3))
        used += 1
    if used != len(values):
        raise ClpRuntimeError(f"Function 'format' expected exactly {used + 2} arguments.",
                              code="ARGACCES1")
    out.append(control[pos:])
    return "".join(out)


def _convert(spec: str, conv: str, value: object, position: int) -> str:
    t = type(value)
    if conv == "s":
        if t is not str and t is not Text:
            raise arg_error("format", position, "symbol or string")
        return ("%" + spec + "s") % value
    if conv == "c":                     # C's %c takes no precision
        return ("%" + spec.split(".")[0] + "s") % _character(value, position)
    if t is not int and t is not float:
        raise arg_error("format", position, "integer or float")
    if conv in "fegs":
        return ("%" + spec + conv) % float(value)       # type: ignore[arg-type]
    number: int = value if t is int else c_integer(value)   # type: ignore
    return c_integer_text(spec, conv, number if conv == "d" else number & _MASK)


def c_integer_text(spec: str, conv: str, number: int) -> str:
    """``number`` as C's printf writes ``%SPEC`` + ``conv`` (d, u, o, x): a precision
    is the fewest digits (none for 0 at precision 0) and turns the 0 flag off; + and
    space sign only %d; # gives %o a leading 0 and %x (not 0) a 0x."""
    m = re.fullmatch(r"([-+ #0]*)(\d*)(?:\.(\d*))?", spec)
    flags, width = m.group(1), int(m.group(2) or 0)
    precision = int(m.group(3) or 0) if m.group(3) is not None else None
    digits = format(abs(number), {"d": "d", "u": "d", "o": "o", "x": "x"}[conv])
    if precision is not None:
        digits = "" if precision == 0 and number == 0 else digits.zfill(precision)
    sign = "-" if number < 0 else ("+" if "+" in flags else " " if " " in flags else "") \
        if conv == "d" else ""
    prefix = "0x" if conv == "x" and "#" in flags and number else ""
    if conv == "o" and "#" in flags and not digits.startswith("0"):
        digits = "0" + digits
    if "-" in flags:
        return (sign + prefix + digits).ljust(width)
    if "0" in flags and precision is None:
        return sign + prefix + digits.zfill(width - len(sign) - len(prefix))
    return (sign + prefix + digits).rjust(width)


def _character(value: object, position: int) -> str:
    t = type(value)
    if t is str or t is Text:               # its first byte: a letter past ASCII's
        first = value[:1]                   # first byte is no character alone
        return first if first < "\x80" else "\ufffd"      # type: ignore[operator]
    if t is int:            # C's (char): one byte, the number modulo 256; a NUL ends
        byte = value % 256  # the piece; a byte past ASCII, alone no UTF-8 character,
        return "" if byte == 0 else chr(byte) if byte < 128 else "\ufffd"   # reads as U+FFFD
    if t is float:
        return ""
    raise arg_error("format", position, "symbol, string, or integer")
