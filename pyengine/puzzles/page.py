"""What a puzzle declares for the web page (``pyengine serve``), so that the page itself
names no puzzle: the facts a user may submit into a session, and the picture of a
fact base, drawn from a few primitives the page knows.

* :class:`Submit`: a fact a user may put into an action's session from the page (the
  Spelling Bee's guess): its relation, the slots the user gives (each an
  :class:`~pyengine.puzzles.base.Option`, so each value is checked by the declaration)
  and, by import path, a function that gives the slots the user does not (a turn
  number). The fact then goes through the session like any fact a user asserts, and
  the rules answer it.
* a picture: an action's ``picture = "module:function"`` is called with a
  :class:`FactBase` and returns ``{"parts": [...]}`` (or None: nothing to draw yet)
  made of the primitives below: :func:`text`, :func:`tokens` (a line of coloured
  tokens), :func:`grid` (cells with a letter, a note and a corner mark),
  :func:`honeycomb` (a center and six letters around it), :func:`rows` (labelled rows
  of parts), :func:`groups` (facts by relation), :func:`table` (columns and rows of
  text, each row a fact), :func:`tree` (nodes, each at its depth, repeats marked).
  :func:`check_picture` checks a picture against them and bounds its size before it
  is sent.

A picture is plain data: the page writes every text it holds as text, never as HTML.
This module imports nothing heavy, so declarations can import it.
"""
from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

from pyengine.engine.clips_reader import String, Symbol, is_symbol
from pyengine.engine.clips_values import FactSpec, from_python
from pyengine.engine.errors import UsageError


def resolve(path: str) -> Callable:
    """The function a declaration names as ``"module:function"``."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


# -- facts a user submits --------------------------------------------------------------

@dataclass(frozen=True)
class Submit:
    """A fact a user may submit into an action's session: ``relation`` with the
    ``slots`` the user gives (Options: each value converted and checked by its own
    declaration), plus what ``fill`` (``"module:function"``, called with the session)
    returns for the slots the user does not give. ``answer`` names the relation the
    rules answer with: the page shows the facts of it that the submission made."""

    relation: str
    help: str
    slots: tuple = ()
    fill: str | None = None
    answer: str | None = None

    def describe(self) -> dict:
        """What the page needs to draw the form."""
        return {"relation": self.relation, "help": self.help, "answer": self.answer,
                "slots": [{"name": o.name, "kind": o.kind, "help": o.help,
                           "choices": list(o.choices) or None} for o in self.slots]}

    def fact(self, given: Any, session) -> FactSpec:
        """The fact ``given`` (slot name -> value) makes, every value checked; a
        UsageError of one line for anything else."""
        names = [o.name for o in self.slots]
        if not isinstance(given, dict):
            raise UsageError(f"{self.relation}: give its slots as an object "
                             f"({', '.join(names) or 'none'})")
        unknown = sorted(str(k)[:40] for k in given if k not in names)
        if unknown:
            raise UsageError(f"{self.relation}: no slot {unknown[0]!r} to give "
                             f"(slots: {', '.join(names) or 'none'})")
        values = {o.name: o.convert(given.get(o.name)) for o in self.slots}
        if self.fill is not None:
            values.update(resolve(self.fill)(session))
        return FactSpec(self.relation, slots=tuple(
            (name, _atoms(v)) for name, v in values.items() if v is not None))


def _atoms(value) -> tuple:
    """A checked slot value as the fact's values: text a symbol where it reads as one,
    else a string; numbers as numbers; a list item by item."""
    items = value if isinstance(value, (list, tuple)) else [value]
    out = []
    for v in items:
        if isinstance(v, str) and not isinstance(v, (Symbol, String)):
            v = Symbol(v) if is_symbol(v) else String(v)
        out.append(from_python(v))
    return tuple(out)


# -- what a picture function reads ------------------------------------------------------

class FactBase:
    """The session's facts as a picture function sees them: ``facts`` (live, each with
    ``id``, ``name`` and ``text``), ``seen`` (every fact the session has had, retracted
    ones too: id -> its last text), ``new`` (the ids the last action made or changed),
    and :meth:`fields` (a fact's slots, read by the engine's one CLIPS reader)."""

    def __init__(self, facts: Iterable, seen: Mapping[int, str],
                 read: Callable[[str], dict], new: Iterable[int] = ()):
        self.facts = list(facts)
        self.seen = seen
        self.new = frozenset(new)
        self._read = read
        self.by: dict[str, list] = {}
        for f in self.facts:
            self.by.setdefault(f.name, []).append(f)

    def named(self, relation: str) -> list:
        """The live facts of one relation, oldest first."""
        return self.by.get(relation, [])

    def fields(self, fact) -> dict:
        """``(person (name Ann))`` -> ``{"relation": "person", "name": "Ann"}``; an
        ordered fact's values under ``"values"``."""
        return self._read(fact.text)

    def records(self, relation: str) -> list[dict]:
        return [self.fields(f) for f in self.named(relation)]


# -- the primitives -----------------------------------------------------------------------
STYLES = ("plain", "big", "small", "mono", "quiet")     # how a text is set
TONES = ("solid", "faint", "dark", "good", "plain")     # how a token is set
MAX_CHARS = 2000           # characters of one text (longer ones are cut)
MAX_ITEMS = 5000           # tokens of a line, facts of a group, rows, parts
MAX_SIDE = 64              # a grid's rows and columns, a table's columns
MAX_TREE_NODES = 1000      # nodes of a tree
MAX_TREE_DEPTH = 32        # how deep a tree's nodes go (the roots at 0)
MARKS = ("", "again", "cycle", "more")   # a tree node: shown above already, its own
                                         # ancestor, or its children left out
_ID = re.compile(r"[a-z][a-z0-9-]{0,30}")


def text(value: Any, style: str = "plain", id: str | None = None) -> dict:
    """A line of text; ``style``: plain, big, small, mono or quiet."""
    return {"kind": "text", "text": str(value), "style": style, "id": id}


def token(value: Any, colour: int | None = None, tone: str = "solid", title: str = "") -> dict:
    """One token of a line: ``colour`` picks one of the page's colours (None: grey);
    ``tone`` is solid, faint (not there yet), dark, good (a conclusion) or plain."""
    return {"text": str(value), "colour": colour, "tone": tone, "title": str(title)}


def tokens(items: Iterable[dict], style: str = "big", id: str | None = None) -> dict:
    """A line of tokens (``style`` big: a letter line; small: a legend, a set)."""
    return {"kind": "tokens", "tokens": list(items), "style": style, "id": id}


def cell(value: Any = "", note: str = "", corner: Any = "", lit: bool = False,
         title: str = "") -> dict:
    """One grid cell: its letter, a small ``note`` under it, a ``corner`` mark, ``lit``
    (filled in)."""
    return {"text": str(value), "note": str(note), "corner": "" if corner is None else
            str(corner), "lit": bool(lit), "title": str(title)}


def grid(rows: Iterable[Iterable[dict]], id: str | None = None, style: str = "big") -> dict:
    """Rows of cells; ``style`` big (a letter a cell) or small (a few words a cell)."""
    return {"kind": "grid", "rows": [list(r) for r in rows], "id": id, "style": style}


def honeycomb(center: str, outer: Iterable[str], id: str | None = None) -> dict:
    """A center letter and (at most) six around it."""
    return {"kind": "honeycomb", "center": str(center), "outer": [str(c) for c in outer],
            "id": id}


def row(label: str, *parts: dict) -> dict:
    return {"label": str(label), "parts": [p for p in parts if p is not None]}


def rows(items: Iterable[dict], id: str | None = None) -> dict:
    """Labelled rows, each holding parts (texts, tokens)."""
    return {"kind": "rows", "rows": list(items), "id": id}


def table(columns: Iterable[str], items: Iterable[dict], id: str | None = None) -> dict:
    """A table: its column names and rows (:func:`table_row`), as many cells a row as
    there are columns."""
    return {"kind": "table", "columns": [str(c) for c in columns], "rows": list(items),
            "id": id}


def table_row(cells: Iterable[Any], fact: int | None = None, new: bool = False) -> dict:
    """One row of a table: its cells' texts, and the fact it shows (the page opens its
    why when the row is clicked), ``new`` if the last action made it."""
    return {"cells": [str(c) for c in cells], "fact": fact, "new": bool(new)}


def tree(nodes: Iterable[dict], id: str | None = None) -> dict:
    """A tree as its nodes in order (:func:`tree_node`), each indented by its depth: a
    node's children follow it one level deeper."""
    return {"kind": "tree", "nodes": list(nodes), "id": id}


def tree_node(value: Any, depth: int, mark: str = "", lit: bool = False,
              title: str = "") -> dict:
    """One node: its text, its ``depth`` (0 for a root), a ``mark`` (again: shown above,
    its children there; cycle: its own ancestor; more: children left out) and ``lit``
    (the last action made it)."""
    return {"text": str(value), "depth": depth, "mark": mark, "lit": bool(lit),
            "title": str(title)}


def groups(items: Iterable[dict]) -> dict:
    """Facts grouped by relation: ``{"relation", "count", "facts": [{"id", "text",
    "new"}]}`` each; the page opens a fact's why when it is clicked."""
    return {"kind": "groups", "groups": list(items)}


def drawing(*parts: dict | None) -> dict:
    """A picture: its parts, top to bottom (None parts left out)."""
    return {"parts": [p for p in parts if p is not None]}


# -- the check before a picture is sent ------------------------------------------------------

def check_picture(picture: Any) -> dict:
    """``picture`` as the page gets it: the primitives only, each field of its type,
    texts and lists cut to the bounds above; ValueError (one line) for anything else."""
    try:
        if not isinstance(picture, dict) or not isinstance(picture.get("parts"), list):
            raise ValueError("a picture is {'parts': [...]}")
        return {"parts": [_part(p, top=True) for p in picture["parts"][:MAX_ITEMS]]}
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"a picture part lacks a field or has one of the wrong type "
                         f"({type(exc).__name__}: {exc})") from None


def _part(p: dict, top: bool = False) -> dict:
    kind = p.get("kind")
    if kind not in _CHECKS or (not top and kind in ("rows", "groups")):
        raise ValueError(f"{str(kind)[:40]!r} is not a picture primitive here "
                         f"({', '.join(_CHECKS)}; rows and groups at the top only)")
    out = {"kind": kind, **_CHECKS[kind](p)}
    if p.get("id") is not None:
        if not isinstance(p["id"], str) or not _ID.fullmatch(p["id"]):
            raise ValueError(f"a part's id is a-z, 0-9 and '-', not {str(p['id'])[:40]!r}")
        out["id"] = p["id"]
    return out


def _str(v: Any) -> str:
    if not isinstance(v, str):
        raise TypeError(f"expected text, not {type(v).__name__}")
    return v if len(v) <= MAX_CHARS else v[:MAX_CHARS] + " ..."


def _int(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(f"expected a whole number, not {type(v).__name__}")
    return v


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise TypeError(f"expected True or False, not {type(v).__name__}")
    return v


def _list(v: Any, most: int = MAX_ITEMS) -> list:
    if not isinstance(v, list):
        raise TypeError(f"expected a list, not {type(v).__name__}")
    return v[:most]


def _choice(v: Any, allowed: tuple) -> str:
    if v not in allowed:
        raise ValueError(f"{str(v)[:40]!r} is not one of {', '.join(allowed)}")
    return v


def _token(t: dict) -> dict:
    colour = t.get("colour")
    if colour is not None and _int(colour) < 0:
        raise ValueError("a token's colour is a number from 0")
    return {"text": _str(t["text"]), "colour": colour,
            "tone": _choice(t.get("tone", "solid"), TONES), "title": _str(t.get("title", ""))}


def _cell(c: dict) -> dict:
    return {"text": _str(c["text"]), "note": _str(c.get("note", "")),
            "corner": _str(c.get("corner", "")), "lit": _bool(c.get("lit", False)),
            "title": _str(c.get("title", ""))}


def _table(p: dict) -> dict:
    columns = [_str(c) for c in _list(p["columns"], MAX_SIDE)]
    out = []
    for r in _list(p["rows"]):
        cells = [_str(c) for c in _list(r["cells"], MAX_SIDE)]
        if len(cells) != len(columns):
            raise ValueError(f"a table row has {len(cells)} cells for {len(columns)} columns")
        fact = r.get("fact")
        out.append({"cells": cells, "fact": None if fact is None else _int(fact),
                    "new": _bool(r.get("new", False))})
    return {"columns": columns, "rows": out}


def _tree(p: dict) -> dict:
    out, last = [], -1
    for n in _list(p["nodes"], MAX_TREE_NODES):
        depth = _int(n["depth"])
        if not 0 <= depth <= min(last + 1, MAX_TREE_DEPTH):
            raise ValueError(f"a tree node at depth {depth} cannot follow one at depth "
                             f"{last} (a tree starts at 0, a child is one deeper than its "
                             f"parent, at most {MAX_TREE_DEPTH})")
        out.append({"text": _str(n["text"]), "depth": depth,
                    "mark": _choice(n.get("mark", ""), MARKS), "lit": _bool(n.get("lit", False)),
                    "title": _str(n.get("title", ""))})
        last = depth
    return {"nodes": out}


def _fact(f: dict) -> dict:
    return {"id": _int(f["id"]), "text": _str(f["text"]), "new": _bool(f.get("new", False))}


_CHECKS: dict[str, Callable[[dict], dict]] = {
    "text": lambda p: {"text": _str(p["text"]), "style": _choice(p.get("style", "plain"),
                                                                  STYLES)},
    "tokens": lambda p: {"style": _choice(p.get("style", "big"), ("big", "small")),
                         "tokens": [_token(t) for t in _list(p["tokens"])]},
    "grid": lambda p: {"rows": [[_cell(c) for c in _list(r, MAX_SIDE)]
                                for r in _list(p["rows"], MAX_SIDE)],
                       "style": _choice(p.get("style", "big"), ("big", "small"))},
    "honeycomb": lambda p: {"center": _str(p["center"]),
                            "outer": [_str(c) for c in _list(p["outer"], 6)]},
    "rows": lambda p: {"rows": [{"label": _str(r["label"]),
                                 "parts": [_part(x) for x in _list(r["parts"])]}
                                for r in _list(p["rows"])]},
    "groups": lambda p: {"groups": [{"relation": _str(g["relation"]), "count": _int(g["count"]),
                                     "facts": [_fact(f) for f in _list(g["facts"])]}
                                    for g in _list(p["groups"])]},
    "table": _table,
    "tree": _tree,
}
