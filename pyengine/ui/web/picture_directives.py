"""The ``@picture`` comments of a program of the user's own: which picture it wants.

A comment line (``;`` in a CLIPS file, ``#`` in an experta module) that starts with
``@picture`` names one view of one relation::

    ; @picture grid RELATION [row=SLOT] [col=SLOT] [value=SLOT]
    ; @picture grid RELATION place=SLOT [value=SLOT]
    ; @picture tree RELATION [parent=SLOT] [child=SLOT]
    ; @picture table RELATION
    ; @picture none

A SLOT is a slot's name, or the place of a value in an ordered fact (``1`` for the
first: ``; @picture tree father parent=1 child=2``). A key left out is found as the
inferred pictures find it (:mod:`.program_picture`). ``none``: no picture but the facts
by relation. A program with any ``@picture`` comment it can read gets those pictures
only, in its order; one it cannot read is a one-line note in the picture, naming the
file and line. The comment is read as words by the engine's one CLIPS reader (Python's
``tokenize`` finds an experta module's comments), never run.
"""
from __future__ import annotations

import inspect
import io
import re
import sys
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import PurePath

from pyengine.engine.clips_reader import ReadError, is_symbol, tokens

MARK = "@picture"
KEYS = {"grid": ("row", "col", "value", "place"), "tree": ("parent", "child"),
        "table": (), "none": ()}
MAX_DIRECTIVES = 16       # @picture comments read from one program
MAX_NOTE = 200            # characters of a note about one
_PLACE = re.compile(r"[1-9][0-9]{0,2}")     # a value's place in an ordered fact


@dataclass(frozen=True)
class Directive:
    """One view a program asks for: ``view`` (grid, tree, table, none), its relation,
    the slots it names (key, slot pairs) and where it was written (for a note)."""

    view: str
    relation: str = ""
    slots: tuple[tuple[str, str], ...] = ()
    where: str = ""

    def get(self, key: str) -> str | None:
        return dict(self.slots).get(key)

    def having(self, **slots: str | None) -> Directive:
        """This directive with the keys it leaves out given (the inferred ones)."""
        given = dict(self.slots)
        extra = tuple((k, v) for k, v in slots.items() if v is not None and k not in given)
        return Directive(self.view, self.relation, self.slots + extra, self.where)


@dataclass(frozen=True)
class Directives:
    """A program's directives, in order, and a line for each one it could not read."""

    given: tuple[Directive, ...] = ()
    notes: tuple[str, ...] = ()


class BadDirective(ValueError):
    """An ``@picture`` comment that does not follow the grammar (its one-line why)."""


def session_texts(session) -> tuple[tuple[str, str, str], ...]:
    """``(name, language, text)`` of each program the session loaded: a CLIPS
    session's sources (files and constructs typed at the prompt), a CLIPS program on
    our engine, or the module of an experta engine's class (``python``)."""
    sources = getattr(session, "sources", None)
    if sources is not None:
        return tuple((s.name, "clp", s.text) for s in sources)
    engine = getattr(session, "ke", None)
    program = getattr(engine, "program", None)
    if program is not None:
        return tuple((name, "clp", text) for name, text in getattr(program, "texts", ()))
    return _module_source(type(engine)) if engine is not None else ()


@lru_cache(maxsize=32)
def _module_source(cls: type) -> tuple[tuple[str, str, str], ...]:
    """The module of the first class in ``cls``'s lineage that is neither pyengine's
    nor experta's: the student's engine, as loaded."""
    for c in cls.__mro__:
        module = sys.modules.get(c.__module__)
        if module is None or c.__module__.split(".")[0] in ("pyengine", "experta", "builtins"):
            continue
        try:
            return ((getattr(module, "__file__", None) or c.__module__, "python",
                     inspect.getsource(module)),)
        except (OSError, TypeError):
            continue
    return ()


def directives_of(session) -> Directives:
    """The ``@picture`` directives of the programs a session loaded."""
    return read_directives(session_texts(session))


@lru_cache(maxsize=32)
def read_directives(texts: tuple[tuple[str, str, str], ...]) -> Directives:
    """Every ``@picture`` comment of these programs, read (at most
    :data:`MAX_DIRECTIVES`); a note for each one that is not in the grammar."""
    given, notes = [], []
    for name, language, text in texts:
        if MARK not in text:
            continue
        try:
            for line, comment in _comments(language, text):
                body = comment.strip()
                rest = body[len(MARK):]
                if not body.startswith(MARK) or (rest and not rest[0].isspace()):
                    continue
                where = f"{PurePath(name).name} line {line}"
                if len(given) + len(notes) >= MAX_DIRECTIVES:
                    notes.append(f"({where}: more than {MAX_DIRECTIVES} @picture comments; "
                                 "the rest are not read)")
                    return Directives(tuple(given), tuple(notes))
                try:
                    given.append(parse_directive(rest, where))
                except BadDirective as exc:
                    notes.append(_note(f"({where}: {MARK}{rest.rstrip()[:60]}: {exc})"))
        except ReadError as exc:
            notes.append(_note(f"({PurePath(name).name}: its comments cannot be read: {exc})"))
    return Directives(tuple(given), tuple(notes))


def _note(line: str) -> str:
    return line if len(line) <= MAX_NOTE else line[:MAX_NOTE - 4] + " ..."


def _comments(language: str, text: str) -> Iterator[tuple[int, str]]:
    """(line, text after the comment's marks) of each comment of a program."""
    if language == "python":
        try:
            for tok in tokenize.generate_tokens(io.StringIO(text).readline):
                if tok.type == tokenize.COMMENT:
                    yield tok.start[0], tok.string.lstrip("#")
        except (tokenize.TokenError, SyntaxError):
            return
        return
    for tok in tokens(text, comments=True):
        if tok.kind == "comment":
            yield tok.line, tok.text.lstrip(";")


def parse_directive(text: str, where: str = "") -> Directive:
    """The words after ``@picture`` as a :class:`Directive`; BadDirective (one line)
    for anything outside the grammar above."""
    try:
        words = list(tokens(text))
    except ReadError as exc:
        raise BadDirective(str(exc)) from None
    for w in words:
        if w.kind not in ("symbol", "integer"):
            raise BadDirective(f"{w.text[:40]!r} is not a word of the grammar "
                               "(VIEW RELATION KEY=SLOT ...)")
    if not words:
        raise BadDirective(f"say which picture: {', '.join(KEYS)}")
    view = words[0].text
    if view not in KEYS:
        raise BadDirective(f"{view[:40]!r} is not a picture (say {', '.join(KEYS)})")
    if view == "none":
        if len(words) > 1:
            raise BadDirective("none takes nothing after it")
        return Directive("none", where=where)
    if len(words) < 2 or "=" in words[1].text or not is_symbol(words[1].text):
        raise BadDirective(f"name the relation first: {MARK} {view} RELATION ...")
    slots = tuple(_pair(view, w.text) for w in words[2:])
    keys = [k for k, _ in slots]
    if len(set(keys)) != len(keys):
        raise BadDirective("a key is given twice")
    if "place" in keys and ("row" in keys or "col" in keys):
        raise BadDirective("give row and col, or place (a grid of one row per slot)")
    return Directive(view, words[1].text, slots, where)


def _pair(view: str, word: str) -> tuple[str, str]:
    key, eq, slot = word.partition("=")
    if not eq or not key or not slot:
        raise BadDirective(f"expected KEY=SLOT, not {word[:40]!r}")
    if key not in KEYS[view]:
        allowed = ", ".join(KEYS[view]) or "no keys"
        raise BadDirective(f"{view} takes {allowed}, not {key[:40]!r}")
    if not (is_symbol(slot) or _PLACE.fullmatch(slot)):
        raise BadDirective(f"{slot[:40]!r} is not a slot's name or a place (1, 2, ...)")
    return key, slot
