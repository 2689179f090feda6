"""Our one reader of CLIPS text: tokens, forms, and facts read into values.

CLIPS text reaches pyengine from files the user named, from the shell's prompt and
from a browser. This module reads it the way CLIPS 6.4's scanner does (symbols,
strings with backslash escapes, integers, floats, variables, instance names, the
connectives ``& | ~``, ``;`` comments to the end of the line) into Python values,
without evaluating anything:

* :func:`tokens` cuts text into :class:`Token` s, with line and column;
* :func:`read` builds the nested :class:`Form` s (one per parenthesised list), with a
  bound on depth and size, iteratively (a deep nest cannot exhaust a stack);
* :func:`nesting_depth` and :func:`form_end` measure parentheses with the same
  scanner, without building forms; :class:`ParenCount` counts those a text leaves
  open, a line at a time.

Facts read into constant values, and values written back, are
:mod:`pyengine.engine.clips_values`'s.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Iterator

from pyengine.engine.errors import UsageError

#: Forms nested deeper than this are refused (CLIPS's own parser recurses on them).
MAX_DEPTH = 1000
#: Tokens one call of :func:`read` takes at most.
MAX_TOKENS = 2_000_000

_SYMBOL_CHARS = r'[^\s"()&|<~;\x00-\x1f\x7f]'
_TOKEN = re.compile(
    r'(?P<ws>[ \t\r\n\f\v]+)'
    r'|(?P<comment>;[^\n]*)'
    r'|(?P<string>"(?:[^"\\]|\\.)*")'
    r'|(?P<open>\()|(?P<close>\))'
    r'|(?P<connective>[&|~])'
    r'|(?P<mfvariable>\$\?' + _SYMBOL_CHARS + r'*)'
    r'|(?P<variable>\?' + _SYMBOL_CHARS + r'*)'
    r'|(?P<instance>\[[^\]\s"()&|~;]*\])'
    r'|(?P<symbol>(?:<|' + _SYMBOL_CHARS + r')' + _SYMBOL_CHARS + r'*)',
    re.S)
# ASCII digits only: CLIPS reads "١٢" (Arabic-Indic digits) as a symbol, not 12
_INTEGER = re.compile(r"[+-]?\d+\Z", re.ASCII)
_FLOAT = re.compile(r"[+-]?(?:\d+\.\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?"
                    r"|\d+[eE][+-]?\d+)\Z", re.ASCII)


class Symbol(str):
    """A CLIPS symbol (``red``, ``f-1``, ``<-``)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Symbol({str.__repr__(self)})"


class String(str):
    """A CLIPS string, as read from ``"..."`` (its value, without the quotes). A plain
    ``str`` given in Python is read by :func:`from_python`."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"String({str.__repr__(self)})"


@dataclass(frozen=True)
class Variable:
    """``?x`` (``multi``: ``$?x``); ``?*x*`` is a global; an empty name is a wildcard."""

    name: str
    multi: bool = False

    @property
    def is_global(self) -> bool:
        return len(self.name) > 2 and self.name[0] == self.name[-1] == "*"

    def __str__(self) -> str:
        return ("$?" if self.multi else "?") + self.name


@dataclass(frozen=True)
class InstanceName:
    """``[name]``."""

    name: str

    def __str__(self) -> str:
        return f"[{self.name}]"


@dataclass(frozen=True)
class Connective:
    """``&``, ``|`` or ``~`` between constraints of a pattern."""

    char: str

    def __str__(self) -> str:
        return self.char


@dataclass(frozen=True)
class Token:
    """One token: its kind (``open``, ``close``, ``symbol``, ``string``, ``integer``,
    ``float``, ``variable``, ``instance``, ``connective``, ``comment``), its text as
    written, its value, and where it starts (offset, line and column from 1)."""

    kind: str
    text: str
    value: object
    offset: int
    line: int
    col: int


class ReadError(UsageError):
    """Text that is not what was asked for, with where it went wrong."""


class Form(tuple):
    """A parenthesised list read from text: its items, and where it starts and ends."""

    line: int
    col: int
    start: int
    end: int


def make_form(items, like: Form | None = None) -> Form:
    """A form of these items, placed where ``like`` is (for a form rewritten from one
    that was read: errors still name its line), else nowhere."""
    form = Form(items)
    form.line, form.col = (like.line, like.col) if like is not None else (None, None)
    form.start, form.end = (like.start, like.end) if like is not None else (0, 0)
    return form


def tokens(text: str, comments: bool = False) -> Iterator[Token]:
    """The tokens of ``text`` (comments too, with ``comments``). ReadError at the first
    thing CLIPS's scanner would not read (an unterminated string, a control character)."""
    pos, line, line_start, n = 0, 1, 0, len(text)
    match = _TOKEN.match
    while pos < n:
        m = match(text, pos)
        if m is None:
            what = "an unterminated string" if text[pos] == '"' else \
                f"the character {text[pos]!r}"
            raise ReadError(f"line {line}, column {pos - line_start + 1}: {what}")
        kind, piece = m.lastgroup, m.group()
        if kind != "ws" and (kind != "comment" or comments):
            yield Token(_kind(kind, piece), piece, _value(kind, piece), pos, line,
                        pos - line_start + 1)
        newlines = piece.count("\n")
        if newlines:
            line += newlines
            line_start = pos + piece.rindex("\n") + 1
        pos = m.end()


def _kind(kind: str, piece: str) -> str:
    if kind == "symbol":
        if _INTEGER.match(piece):
            return "integer"
        if _FLOAT.match(piece):
            return "float"
    if kind == "mfvariable":
        return "variable"
    return kind


def _value(kind: str, piece: str) -> object:
    if kind == "symbol":
        if _INTEGER.match(piece):
            return int(piece)
        if _FLOAT.match(piece):
            return float(piece)
        return Symbol(piece)
    if kind == "string":
        return String(re.sub(r"\\(.)", r"\1", piece[1:-1], flags=re.S))
    if kind == "mfvariable":
        return Variable(piece[2:], True)
    if kind == "variable":
        return Variable(piece[1:])
    if kind == "instance":
        return InstanceName(piece[1:-1])
    if kind == "connective":
        return Connective(piece)
    return piece


def read(text: str, max_depth: int = MAX_DEPTH, max_tokens: int = MAX_TOKENS) -> list:
    """Every top-level item of ``text``: atoms as values, lists as :class:`Form` s.
    ReadError for unbalanced parentheses, a nest deeper than ``max_depth`` or more
    than ``max_tokens`` tokens."""
    out: list = []
    stack: list[tuple[list, Token]] = []
    count = 0
    for tok in tokens(text):
        count += 1
        if count > max_tokens:
            raise ReadError(f"more than {max_tokens:,} tokens")
        if tok.kind == "open":
            if len(stack) >= max_depth:
                raise ReadError(f"line {tok.line}, column {tok.col}: parentheses nested "
                                f"deeper than {max_depth}")
            stack.append(([], tok))
        elif tok.kind == "close":
            if not stack:
                raise ReadError(f"line {tok.line}, column {tok.col}: a ')' with no '('")
            items, opener = stack.pop()
            form = Form(items)
            form.line, form.col, form.start, form.end = (opener.line, opener.col,
                                                         opener.offset, tok.offset + 1)
            (stack[-1][0] if stack else out).append(form)
        else:
            (stack[-1][0] if stack else out).append(tok.value)
    if stack:
        opener = stack[-1][1]
        raise ReadError(f"line {opener.line}, column {opener.col}: this '(' is never closed")
    return out


def _parens(text: str):
    """(offset, +1 or -1) for each parenthesis the scanner meets (strings and comments
    skipped), then (None, 0) if the text ends inside a string or at a character
    CLIPS would not read."""
    try:
        for tok in tokens(text):
            if tok.kind == "open":
                yield tok.offset, 1
            elif tok.kind == "close":
                yield tok.offset, -1
    except ReadError:
        yield None, 0


_EVENTS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|"|;.*|[()]')
_STRING_REST = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*"')


class ParenCount:
    """The parentheses a text leaves open, given a line at a time, each line read once
    (strings and comments skipped; an unfinished string counts as open; negative for
    more closed than opened): a shell reading a construct over many lines asks after
    each whether it goes on (linear, not quadratic, in the construct's length)."""

    def __init__(self) -> None:
        self.depth = 0
        self.in_string = False

    @property
    def open(self) -> int:
        return max(self.depth, 1) if self.in_string else self.depth

    def feed(self, line: str) -> int:
        """Count one more line (without its line end); the parentheses now open."""
        pos = 0
        if self.in_string:
            closed = _STRING_REST.match(line)
            if closed is None:
                return self.open
            self.in_string, pos = False, closed.end()
        for event in _EVENTS.finditer(line, pos):
            text = event.group()
            if text == "(":
                self.depth += 1
            elif text == ")":
                self.depth -= 1
            elif text == '"':
                self.in_string = True
                break
        return self.open


def nesting_depth(text: str, stop_above: int | None = None) -> int:
    """How deep the parentheses of ``text`` nest (strings and comments skipped): a
    cheap check before CLIPS's own parser, which recurses on each level. With
    ``stop_above``, reading stops at the first parenthesis deeper than it (that depth is
    returned), so a refusal costs no more than the text up to there."""
    depth = deepest = 0
    for _, step in _parens(text):
        depth += step
        deepest = max(deepest, depth)
        if stop_above is not None and deepest > stop_above:
            break
    return deepest


def form_end(text: str, start: int = 0) -> int | None:
    """Offset of the parenthesis closing the first one at or after ``start``; None if
    it is never closed."""
    depth = 0
    for at, step in _parens(text[start:]):
        if at is None:
            return None
        depth += step
        if depth == 0 and step == -1:
            return start + at
    return None


#: Conditional elements that hold other conditions.
GROUP_CES = frozenset({"and", "or", "not", "exists", "forall", "logical"})


def arrow_index(items) -> int | None:
    """Where a rule's ``=>`` stands among ``items`` (the symbol: a comment string
    ``"=>"`` compares equal to it and is no arrow), or None."""
    return next((i for i, x in enumerate(items) if type(x) is Symbol and x == "=>"), None)


def uses_variable(items: list) -> bool:
    """Do the items read name a variable (``?f``, ``?*g*``) anywhere, however deep?"""
    todo = list(items)
    while todo:
        item = todo.pop()
        if isinstance(item, Variable):
            return True
        if isinstance(item, Form):
            todo.extend(item)
    return False


def is_symbol(text: str) -> bool:
    """Does ``text`` read as exactly one CLIPS symbol (not a number, not two tokens)?"""
    if not text:
        return False
    m = _TOKEN.fullmatch(text)
    return bool(m) and m.lastgroup == "symbol" and _kind("symbol", text) == "symbol"


def defrule_in(text: str, name: str) -> str | None:
    """The ``(defrule NAME ...)`` construct in a program's ``text`` as written
    (``MODULE::NAME`` matches too), with the comment lines just above it; None if it
    has no such rule."""
    place = _defrules(text).get(name.split("::")[-1])
    return None if place is None else construct_text(text, *place)


def construct_text(text: str, begin: int, end: int) -> str:
    """The construct at ``text[begin:end]`` as written, with the comment lines just
    above it (read back from its line, not from the start of the text)."""
    start = top = text.rfind("\n", 0, begin) + 1
    while top > 0:
        above = text.rfind("\n", 0, top - 1) + 1
        if not text[above:top - 1].lstrip().startswith(";"):
            break
        top = above
    return text[top:start].replace("\r\n", "\n") + text[begin:end]


@functools.lru_cache(maxsize=16)
def _defrules(text: str) -> dict[str, tuple[int, int]]:
    """Each defrule's name (without its module) -> where its construct starts and ends
    in ``text``: read once per program text (the page asks for every rule's source at
    once)."""
    try:
        forms = read(text)
    except ReadError:
        return {}
    places: dict[str, tuple[int, int]] = {}
    for form in forms:
        if isinstance(form, Form) and len(form) > 1 and form[0] == Symbol("defrule"):
            places.setdefault(str(form[1]).split("::")[-1], (form.start, form.end))
    return places
